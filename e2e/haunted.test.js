// Haunted's table layout (web/games/haunted.js) end to end: a person plays a whole game against
// random bots on a phone-sized page, only through the layout's own controls.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage, createInLobby, latest, waitFor, unnamedControls, layoutProblems, screenshots, PHONE, DESKTOP, serverAndBrowser,
} from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A small seeded generator, so a failing run can be repeated. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every action text the page's controls can play now: the buttons that carry one, each hand
 * card's targets (selected, read, unselected), and each card set the selection widget confirms. */
function reachable(page, sets) {
  return page.evaluate((sets) => {
    const reach = new Set();
    const all = (sel) => [...document.querySelectorAll(sel)];
    const read = () => {
      for (const el of all('#game [data-action], #actions [data-action]')) {
        if (!el.disabled && el.dataset.action) reach.add(el.dataset.action);
      }
    };
    read();
    const playable = all('#actions .haunted-hand [data-select]').map((b) => b.dataset.card);
    for (const id of playable) {
      document.querySelector(`#actions .haunted-hand [data-select][data-card="${id}"]`).click();
      read();
      document.querySelector(`#actions .haunted-hand [data-select][data-card="${id}"]`).click();
    }
    const pick = (id) => document.querySelector(`#actions .haunted-selection [data-card="${id}"]`)?.click();
    for (const cards of sets) {
      for (const id of cards) pick(id);
      read();
      for (const id of cards) pick(id);
    }
    return [...reach];
  }, sets);
}

/** Plays `text` through the layout's controls, found by their accessible names. */
async function playThroughControls(page, text) {
  const byName = async (selector) => {
    const label = await page.locator(selector).first().getAttribute('aria-label');
    assert.ok(label, `a control for ${selector} has a name`);
    const button = page.getByRole('button', { name: label, exact: true });
    assert.equal(await button.count(), 1, `one control is named "${label}"`);
    await button.click();
  };
  const words = text.split(' ');
  if (words[0] === 'play') {
    const card = page.getByRole('group', { name: 'Cards in your hand' }).locator(`[data-select][data-card="${words[1]}"]`);
    const name = await card.getAttribute('aria-label');
    await page.getByRole('group', { name: 'Cards in your hand' }).getByRole('button', { name, exact: true }).click();
    await byName(`#actions [data-action="${text}"]`);
  } else if (words[0] === 'cards') {
    const row = page.locator('#actions .haunted-selection');
    for (const id of words.slice(1).filter((w) => w !== '-')) {
      const name = await row.locator(`[data-card="${id}"]`).getAttribute('aria-label');
      await row.getByRole('button', { name, exact: true }).click();
    }
    await byName(`#actions [data-action="${text}"]`);
  } else {
    await byName(`[data-action="${text}"]`);
  }
}

/** Every card the seat's view shows (the rest are hidden from it). */
function visibleCards(v) {
  return new Set([...v.hand, ...v.discard, ...v.revealed, ...v.resolving, ...v.looking_at,
    ...v.lines.flat().flatMap((l) => l.cards)]);
}

test('a person plays a whole game of Haunted against random bots through the table\'s own controls', { timeout: 120000 }, async () => {
  const started = Date.now();
  const page = await newPage(browser, PHONE);
  const { id, link } = await createInLobby(page, server.base, 'Haunted', ['human:Ann', 'random', 'random'], { round_limit: Number(process.env.HAUNTED_ROUNDS ?? 5) });
  await page.goto(link);
  await waitFor(() => latest(page)?.status === 'playing' || latest(page)?.status === 'finished');
  const ids = await page.evaluate(async () => (await import('/games/haunted.js')).CARD_IDS);
  assert.equal(ids.length, 81);

  const random = rng(Number(process.env.HAUNTED_SEED ?? 14));
  const seen = new Set();
  let decisions = 0;
  let usedKeyboard = false;
  for (;;) {
    const st = latest(page);
    if (st.status === 'finished') break;
    if (!st.legal.length) {
      const before = page.states.length;
      await waitFor(() => page.states.length > before || latest(page).legal.length || latest(page).status === 'finished', 15000).catch(() => {});
      continue;
    }
    await page.locator(`#game .haunted[data-step="${st.step}"]`).waitFor();
    const v = st.view;

    // Every legal text maps to a control, and no control plays anything else.
    const sets = st.legal.filter((t) => t.startsWith('cards ')).map((t) => t.split(' ').slice(1).filter((w) => w !== '-'));
    const reach = await reachable(page, sets);
    assert.deepEqual([...reach].sort(), [...st.legal].sort(), `controls at step ${st.step} (${v.phase}, ${v.prompt ?? 'no prompt'})`);
    for (const t of st.legal) seen.add(v.prompt ?? t.split(' ')[0]);

    // Nothing hidden from this seat appears on the page.
    const visible = visibleCards(v);
    const shown = await page.$$eval('#game [data-card], #actions [data-card]', (els) => els.map((e) => e.dataset.card));
    for (const c of shown) assert.ok(visible.has(c), `${c} is shown but hidden from the seat`);
    const text = (await page.locator('#game').innerText()) + (await page.locator('#actions').innerText());
    for (const c of ids) if (!visible.has(c)) assert.ok(!text.includes(c), `the hidden card id ${c} is on the page`);

    // The phase and window are named as the rules name them.
    const now = await page.locator('.haunted-now').innerText();
    assert.match(now, /Turn start|Phase 1: attack|Phase 2: defence round|Phase 3: own-line round|Phase 4: discard/);
    if (v.prompt) assert.ok((await page.locator('.haunted-prompt-title').innerText()).length > 3);

    if (decisions % 6 === 0) {
      assert.deepEqual(await layoutProblems(page), [], `layout at step ${st.step}`);
      assert.deepEqual(await unnamedControls(page), []);
      if (decisions === 6) await screenshots(page, 'haunted');
    }

    let choice = st.legal[Math.floor(random() * st.legal.length)];
    const before = page.states.length;
    if (!usedKeyboard && choice.startsWith('play ')) {
      // By keyboard: Enter on the card moves the focus to its first target, Enter plays there.
      usedKeyboard = true;
      await page.locator(`#actions .haunted-hand [data-select][data-card="${choice.split(' ')[1]}"]`).focus();
      await page.keyboard.press('Enter');
      choice = await page.evaluate(() => document.activeElement?.dataset.action);
      assert.ok(st.legal.includes(choice), `the focused target plays a legal text: ${choice}`);
      await page.keyboard.press('Enter');
    } else {
      await playThroughControls(page, choice);
    }
    await waitFor(() => page.states.length > before || latest(page).status === 'finished', 15000);
    decisions += 1;
  }

  // The end: the layout says how it ended and the shell's summary matches the server.
  const summary = page.getByRole('region', { name: 'Game over' });
  await summary.waitFor();
  const table = await (await fetch(`${server.base}/api/tables/${id}`)).json();
  assert.equal(table.status, 'finished');
  for (const [seat, score] of table.outcome.scores.entries()) {
    assert.equal(await summary.locator(`td[data-seat="${seat}"]`).textContent(), String(score));
  }
  const end = latest(page).view;
  assert.deepEqual(end.scores, table.outcome.scores);
  await page.locator('.haunted-now', { hasText: end.loser === null ? 'round limit' : 'lost' }).waitFor();
  assert.ok(decisions > 10, `${decisions} decisions`);
  assert.ok(seen.has('play') && seen.has('pass'), [...seen].join(', '));
  assert.ok(usedKeyboard, 'a card was played by keyboard');
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);

  // A replay draws with the same layout and offers nothing to play.
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByRole('slider', { name: 'Replay step' }).waitFor();
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('#game .haunted').waitFor();
  assert.equal(await page.locator('#game [data-action], #actions [data-action]').count(), 0);

  // The desktop size too.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Last' }).click();
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();

  // A spectator sees every seat's lines and no hand, and cannot act.
  const watcher = await newPage(browser, PHONE);
  await watcher.goto(`${server.base}/watch/${id}`);
  await watcher.locator('#game .haunted').waitFor();
  assert.equal(await watcher.locator('#game .haunted-seat').count(), 3);
  assert.equal(await watcher.locator('#actions .haunted-hand').count(), 0);
  assert.equal(await watcher.locator('[data-action]').count(), 0);
  assert.deepEqual(await layoutProblems(watcher), []);
  assert.deepEqual(watcher.errors, []);
  await watcher.context().close();
  console.log(`haunted: ${decisions} decisions (${[...seen].join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
