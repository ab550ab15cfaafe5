// Queen of Scots in the browser: one person and two bots play a one-round game through the table
// layout's own controls (cards selected in the hand, the stock, the sets' buttons); the set points
// previewed are the ones the engine then scores, under default and non-default options.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startServer, launch, newPage, createInLobby, latest, waitFor, unnamedControls, layoutProblems, PHONE, DESKTOP,
} from './support.js';

const shots = join(dirname(fileURLToPath(import.meta.url)), '..', 'target', 'e2e');

// The card names the layout gives each kind (its accessible name is "<name>, <value> points"):
// the engine's, from its card data.
let NAMES = {};
const kindOf = (id) => id.replace(/-\d+$/, '');

let server;
let browser;

before(async () => {
  server = await startServer();
  const data = await (await fetch(`${server.base}/api/games/queen-of-scots/cards`)).json();
  NAMES = Object.fromEntries(data.kinds.map((k) => [k.id, k.name]));
  browser = await launch();
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const hand = (page) => page.getByRole('group', { name: 'Your hand', exact: true });

/** Clears the hand's selection (a card shown pressed is clicked again). */
async function clearSelection(page) {
  for (;;) {
    const pressed = hand(page).locator('button[aria-pressed="true"]');
    if (!(await pressed.count())) return;
    await pressed.first().click();
  }
}

/** Selects one card of each kind listed (repeats select further copies). */
async function select(page, kinds) {
  const used = {};
  for (const k of kinds) {
    const n = used[k] ?? 0;
    used[k] = n + 1;
    await hand(page).getByRole('button', { name: `${NAMES[k]}, `, exact: false }).nth(n).click();
  }
}

const confirm = (page) => page.locator('.qos-hand .selection-bar button.primary');

/** The cards a legal text needs selected in the hand (null: it has a button of its own). */
function selectionOf(text) {
  const w = text.split(' ');
  if (w[0] === 'take' && w[1] === 'pile') return w.slice(2);
  if (w[0] === 'take' && w[1] === 'jewels' && w[2] === 'new') return w.slice(3);
  if (w[0] === 'meld') return w.slice(1);
  if (w[0] === 'discard') return w.slice(1);
  if (w[0] === 'add') return [w[2]];
  return null;
}

/** Every legal text of the shown state is reachable: a button of its own, or a selection of
 * cards whose confirm button (or a set's button) then plays exactly it. With `deep`, each
 * selection is made and its control looked at. */
async function checkReachable(page, st, deep) {
  for (const text of st.legal) {
    const sel = selectionOf(text);
    if (text === 'draw stock') {
      assert.ok(await page.getByRole('button', { name: /^Draw from the stock/ }).isEnabled(), text);
    } else if (text === 'pass') {
      assert.ok(await page.getByRole('button', { name: 'Pass (the round ends)' }).isEnabled(), text);
    } else if (text.startsWith('take jewels add ')) {
      const n = Number(text.split(' ')[3]) + 1;
      assert.ok(await page.getByRole('button', { name: `Take the pile: Crown Jewels onto set ${n}` }).isEnabled(), text);
    } else {
      assert.ok(sel, `no control for ${text}`);
      const inHand = st.view.seats[st.view.viewer].hand.map(kindOf);
      for (const k of new Set(sel)) {
        assert.ok(inHand.filter((x) => x === k).length >= sel.filter((x) => x === k).length, `${text}: cards in hand`);
      }
      if (!deep) continue;
      await clearSelection(page);
      await select(page, sel);
      if (text.startsWith('add ')) {
        const n = Number(text.split(' ')[1]) + 1;
        assert.ok(await page.getByRole('button', { name: `Add ${NAMES[sel[0]]} to set ${n} (+` }).isEnabled(), text);
      } else {
        assert.ok(await confirm(page).isEnabled(), `${text}: confirm enabled`);
        const label = await confirm(page).textContent();
        if (text.startsWith('discard')) assert.equal(label, `Discard ${NAMES[sel[0]]}`);
        else if (text.startsWith('meld')) assert.match(label, /^Lay down a new set \(\d+ points\)$/);
        else assert.equal(label, 'Take the pile');
      }
      await clearSelection(page);
    }
  }
}

/** What this seat may see: every card drawn on the page is one the server sent this seat. */
async function checkNothingHidden(page, st) {
  const v = st.view;
  const sent = new Set([...v.pile, ...v.seats.flatMap((s) => [...(s.hand ?? []), ...s.known, ...s.sets.flatMap((x) => x.cards)])]);
  const shown = await page.locator('#game [data-card], #actions [data-card]').evaluateAll((els) => els.map((e) => e.dataset.card));
  for (const id of shown) assert.ok(sent.has(id), `the page shows ${id}, which this seat was not sent`);
  for (const s of v.seats) if (s.seat !== v.viewer) assert.equal(s.hand, null, 'another seat\'s hand was sent');
}

/** One decision of this seat, made through the layout's controls: take the pile when possible,
 * else draw; lay down a set or add to one when possible, else discard the costliest card.
 * Returns the text played and the set points the layout previewed for it (null: none shown). */
async function decide(page, st) {
  const legal = st.legal;
  const pick = (p) => legal.find((t) => t.startsWith(p));
  const text = pick('take pile') ?? pick('take jewels new') ?? pick('take jewels add') ?? pick('draw stock')
    ?? pick('pass') ?? pick('meld') ?? pick('add') ?? [...legal].filter((t) => t.startsWith('discard'))
    .sort((a, b) => b.length - a.length)[0];
  const sel = selectionOf(text);
  let previewed = null;
  const points = (re, t) => { const m = re.exec(t); assert.ok(m, `${text}: points in "${t}"`); return Number(m[1]); };
  await clearSelection(page);
  if (text === 'draw stock') await page.getByRole('button', { name: /^Draw from the stock/ }).click();
  else if (text === 'pass') await page.getByRole('button', { name: 'Pass (the round ends)' }).click();
  else if (text.startsWith('take jewels add ')) {
    await page.getByRole('button', { name: `Take the pile: Crown Jewels onto set ${Number(text.split(' ')[3]) + 1}` }).click();
  } else if (text.startsWith('add ')) {
    await select(page, sel);
    const button = page.getByRole('button', { name: `Add ${NAMES[sel[0]]} to set ${Number(text.split(' ')[1]) + 1} (+` });
    previewed = points(/\(\+(\d+)\)$/, await button.textContent());
    await button.click();
  } else {
    await select(page, sel);
    const preview = await page.locator('.qos-hand .selection-preview').textContent();
    if (text.startsWith('meld')) previewed = points(/^New set worth (\d+) points/, preview);
    else if (text.startsWith('take')) previewed = points(/= (\d+) points;/, preview);
    await confirm(page).click();
  }
  return { text, previewed };
}

/** The previewed set points are what the engine then adds to the seat's sets (unless the round
 * ended with the action). */
function checkPreview(before, after, { text, previewed }) {
  if (previewed === null || after.view.round !== before.view.round || after.view.last_round?.round !== before.view.last_round?.round) return 0;
  const me = before.view.viewer;
  assert.equal(after.view.seats[me].table_value - before.view.seats[me].table_value, previewed, `${text}: previewed ${previewed}`);
  return 1;
}

test('Queen of Scots: a round against two bots, played with the cards themselves', { timeout: 120000 }, async () => {
  const page = await newPage(browser, PHONE);
  const { id, link } = await createInLobby(page, server.base, 'Queen of Scots', ['human:Ann', 'greedy', 'greedy'], { max_rounds: 1, target_score: 100 });
  await page.goto(link);
  await waitFor(() => latest(page)?.status === 'playing' || latest(page)?.status === 'finished');
  // A spectator sees every seat's sets and hand sizes, and no hand.
  const watcher = await newPage(browser, PHONE);
  await watcher.goto(`${server.base}/watch/${id}`);
  await watcher.locator('.qos').waitFor();

  const played = [];
  let decisions = 0;
  let shotTaken = false;
  for (;;) {
    const st = latest(page);
    if (st.status === 'finished') break;
    if (!st.legal.length) { await page.waitForTimeout(20); continue; }
    await page.locator(`.qos[data-step="${st.step}"][data-live="yes"]`).waitFor();
    decisions += 1;
    await checkReachable(page, st, decisions % 4 === 1);
    await checkNothingHidden(page, st);
    if (decisions % 6 === 1) {
      assert.deepEqual(await layoutProblems(page), [], `layout at decision ${decisions}`);
      assert.deepEqual(await unnamedControls(page), []);
    }
    const meld = st.legal.find((t) => t.startsWith('meld'));
    if (!shotTaken && (meld || decisions >= 12)) {
      shotTaken = true;
      // A set being chosen: its cards selected, its points previewed.
      if (meld) await select(page, selectionOf(meld));
      await page.screenshot({ path: join(shots, 'queen-of-scots-phone.png'), fullPage: true });
      await page.setViewportSize(DESKTOP);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(shots, 'queen-of-scots-desktop.png'), fullPage: true });
      assert.deepEqual(await layoutProblems(page), [], 'layout at desktop size');
      await page.setViewportSize(PHONE);
      await clearSelection(page);
    }
    const before = page.states.length;
    const done = await decide(page, st);
    played.push(done.text);
    await waitFor(() => page.states.length > before, 10000);
    checkPreview(st, page.states[before], done);
  }
  assert.ok(played.some((t) => t.startsWith('discard')), 'a card was discarded');

  const summary = page.getByRole('region', { name: 'Game over' });
  await summary.waitFor();
  const table = await (await fetch(`${server.base}/api/tables/${id}`)).json();
  assert.equal(table.status, 'finished');
  assert.deepEqual(latest(page).outcome.scores, table.outcome.scores);
  for (const [seat, score] of table.outcome.scores.entries()) {
    assert.equal(await summary.locator(`td[data-seat="${seat}"]`).textContent(), String(score));
  }
  // The round's tally on the table agrees with the outcome.
  const tally = page.getByRole('region', { name: "The round's tally" });
  await tally.getByText(/Round 1 scored/).waitFor();
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);

  // A replay draws the same layout with nothing to play.
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByRole('slider', { name: 'Replay step' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  assert.equal(await page.locator('#actions .qos-hand button.card:not([disabled])').count(), 0);
  assert.equal(await page.locator('.qos-target, #game .qos-stock-button').count(), 0);
  assert.deepEqual(page.errors, []);

  await waitFor(() => latest(watcher)?.status === 'finished');
  assert.ok(watcher.states.every((s) => s.view.viewer === null && s.view.seats.every((x) => x.hand === null)));
  assert.equal(await watcher.locator('.qos-hand').count(), 0);
  assert.equal(await watcher.locator('.qos-seat').count(), latest(watcher).view.players);
  await checkNothingHidden(watcher, latest(watcher));
  assert.deepEqual(await layoutProblems(watcher), []);
  assert.deepEqual(watcher.errors, []);
  await watcher.context().close();
  console.log(`queen-of-scots: ${decisions} decisions by the person, ${played.filter((t) => t.startsWith('meld')).length} sets laid down, ${played.filter((t) => t.startsWith('take')).length} pile takes`);
  await page.context().close();
});

test('Queen of Scots: the previewed set points under non-default options', { timeout: 120000 }, async () => {
  const page = await newPage(browser, PHONE);
  const { link } = await createInLobby(page, server.base, 'Queen of Scots', ['human:Ann', 'greedy', 'greedy'], {
    max_rounds: 1, target_score: 100, crown_jewel_top_takes_single: true, going_out_bonus: 50, pile_top_only_visible: true,
  });
  await page.goto(link);
  let checked = 0;
  for (;;) {
    const st = latest(page);
    if (st?.status === 'finished') break;
    if (!st || !st.legal.length) { await page.waitForTimeout(20); continue; }
    await page.locator(`.qos[data-step="${st.step}"][data-live="yes"]`).waitFor();
    const before = page.states.length;
    const done = await decide(page, st);
    await waitFor(() => page.states.length > before, 10000);
    checked += checkPreview(st, page.states[before], done);
  }
  assert.ok(checked > 0, 'a previewed set was checked against the engine');
  assert.deepEqual(page.errors, []);
  console.log(`queen-of-scots (options): ${checked} previewed set points checked`);
  await page.context().close();
});
