// Rebel Runs' table layout end to end: a person plays a whole (shortened) game against random bots
// on a phone, only through the layout's own controls: the piles to draw, the cards to discard,
// card selection for melds and lay-offs, and "End turn"; under the default options and under the
// scoring variants, the previewed points are the ones the engine then scores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage, createInLobby, latest, waitFor, unnamedControls, layoutProblems, screenshots, PHONE, serverAndBrowser,
} from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const SIGNS = ['flame', 'star', 'stone', 'wave', 'wind', 'bone', 'tree', 'tone'];
const ALL = SIGNS.flatMap((s) => Array.from({ length: 11 }, (_, i) => `${s}-${i + 1}`));
const name = (id) => id.replace('-', ' ');

/** Card ids the view shows this seat; every other card is hidden from it. */
function visibleCards(view) {
  return new Set([
    ...(view.your_hand ?? []),
    ...view.discard_pile,
    ...view.melds.flatMap((m) => m.cards),
    ...view.known_cards.flat(),
  ]);
}

/** Every legal text has a control: a button carrying it, or (melds, lay-offs) a selection of
 * hand cards that the layout maps to it. */
async function unreachable(page, legal) {
  return page.evaluate(async (legal) => {
    const mod = await import('/games/rebel-runs.js');
    const direct = new Set([...document.querySelectorAll('#game button[data-action]:not(:disabled), #actions button[data-action]:not(:disabled)')]
      .map((b) => b.dataset.action));
    const hand = new Set([...document.querySelectorAll('#actions .selectable button.card:not(:disabled)')].map((b) => b.dataset.card));
    return legal.filter((t) => {
      if (direct.has(t)) return false;
      const a = mod.readAction(t);
      if (!['meld', 'layoff', 'discard'].includes(a.verb)) return true;
      return !(a.cards.every((c) => hand.has(c)) && mod.choicesFor(legal, a.cards).includes(t));
    });
  }, legal);
}

/** Names of cards hidden from this seat that the table shows (text, labels, titles, data), judged
 * against the state drawn. The log is left out: it keeps earlier hands' public plays, whose cards
 * have been gathered and dealt again since. */
async function leaks(page) {
  const { step, seen } = await page.evaluate(() => {
    const areas = [document.getElementById('game'), document.getElementById('actions')];
    const parts = areas.map((a) => a.innerText);
    for (const el of areas.flatMap((a) => [...a.querySelectorAll('[aria-label], [title], [data-card], [data-action], [data-choice]')])) {
      parts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? '', el.dataset.card ?? '', el.dataset.action ?? '', el.dataset.choice ?? '');
    }
    return { step: Number(document.querySelector('#game .rebel-runs')?.dataset.step), seen: parts.join('\n') };
  });
  const shown = page.states.find((st) => st.step === step);
  if (!shown) return [`the page draws step ${step}, which it was not sent`];
  const visible = visibleCards(shown.view);
  const hidden = ALL.filter((c) => !visible.has(c));
  return hidden.flatMap((id) => {
    const [s, v] = id.split('-');
    const m = new RegExp(`\\b${s}[- ]${v}(?![0-9])`).exec(seen);
    return m ? [`${id}: …${seen.slice(Math.max(0, m.index - 40), m.index + 20)}…`] : [];
  });
}

/** Waits until the layout shows the newest state's controls (or the end). */
async function settled(page) {
  await waitFor(async () => {
    const st = latest(page);
    if (!st) return false;
    if (st.status === 'finished') return true;
    if (!(await page.locator(`#game .rebel-runs[data-step="${st.step}"]`).count())) return false;
    if (!st.legal.length) return true;
    return (await unreachable(page, st.legal)).length === 0;
  }, 10000);
}

async function act(page, doIt) {
  const before = page.states.length;
  await doIt();
  await waitFor(() => page.states.length > before, 10000);
}

/** Plays a whole (shortened) game as seat 0 with `options` added to the lobby's. Every meld's
 * and lay-off's previewed points are checked against the engine's table points after it. */
async function playGame(options, shots) {
  const page = await newPage(browser, PHONE);
  // A short game: three hands of at most four turns each per player.
  await page.route('**/api/tables', async (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.continue();
    const body = JSON.parse(req.postData());
    body.options = { ...body.options, hand_turn_limit: 4, first_player: 0, ...options };
    return route.continue({ postData: JSON.stringify(body) });
  });
  const { id, links } = await createInLobby(page, server.base, 'Rebel Runs', ['human:Ann', 'random', 'random']);
  await page.unroute('**/api/tables');
  await page.goto(links[0]);
  await waitFor(() => latest(page));

  let melds = 0;
  let layoffs = 0;
  let gains = 0;
  let meldable = 0;
  let usedKeyboard = false;
  let checkedLayout = 0;
  for (;;) {
    await settled(page);
    const st = latest(page);
    if (st.status === 'finished') break;
    const view = st.view;
    assert.equal(view.viewer, 0);
    assert.deepEqual(await leaks(page), [], `hidden cards shown at step ${st.step}`);
    // The layout draws the engine's points for each meld; with every card scoring for the
    // meld's owner they add up to the table points.
    assert.deepEqual(await page.locator('#game .rebel-runs-meld .rebel-runs-pts').allTextContents(),
      await page.evaluate((view) => [...document.querySelectorAll('#game .rebel-runs-meld')]
        .map((el) => `${view.melds.find((m) => String(m.id) === el.dataset.meld).points} pt`), view), `meld points at step ${st.step}`);
    if (!options.lay_off_on_any_meld) {
      assert.deepEqual(view.signs.map((_, seat) => view.melds.filter((m) => m.owner === seat).reduce((sum, m) => sum + m.points, 0)),
        view.table_points, `meld points at step ${st.step}`);
    }
    if (!st.legal.length) {
      await page.waitForTimeout(25);
      continue;
    }
    assert.deepEqual(await unreachable(page, st.legal), [], `every legal text has a control at step ${st.step}`);
    if (view.melds.length > checkedLayout) {
      checkedLayout = view.melds.length;
      assert.deepEqual(await layoutProblems(page), [], `layout at step ${st.step}`);
      assert.deepEqual(await unnamedControls(page), []);
      if (checkedLayout === 1 && shots) await screenshots(page, 'rebel-runs');
    }
    const game = page.locator('#game');
    const hand = page.getByRole('group', { name: 'Your hand: select cards to meld or lay off' });
    if (view.phase === 'draw') {
      const stock = game.getByRole('button', { name: /^Draw from the stock/ });
      const top = game.getByRole('button', { name: /^Take .* from the discard pile$/ });
      const target = st.legal.includes('draw discard') && (st.step % 3 === 0 || !st.legal.includes('draw stock')) ? top : stock;
      if (!usedKeyboard && target === stock) {
        // Keyboard: the focused pile draws on Enter.
        usedKeyboard = true;
        await stock.focus();
        await act(page, () => page.keyboard.press('Enter'));
      } else {
        await act(page, () => target.click());
      }
    } else if (view.phase === 'discard') {
      const options = st.legal.filter((t) => t.startsWith('discard '));
      const text = options[st.step % options.length];
      // Two clicks: the card, then the button that names it.
      const row = page.getByRole('group', { name: 'Your hand: choose a card to discard' });
      await row.getByRole('button', { name: name(text.split(' ')[1]), exact: true }).click();
      const card = page.getByRole('button', { name: `Discard ${name(text.split(' ')[1])}`, exact: true });
      assert.equal(await card.getAttribute('data-action'), text);
      await act(page, () => card.click());
      assert.equal(await page.getByRole('status').filter({ hasText: /^Your last discard: / }).textContent(), `Your last discard: ${name(text.split(' ')[1])}.`);
    } else {
      const meldTexts = st.legal.filter((t) => t.startsWith('meld '));
      const layoffTexts = st.legal.filter((t) => t.startsWith('layoff '));
      const pick = meldTexts[0] ?? layoffTexts[0];
      if (meldTexts.length) meldable += 1;
      if (pick) {
        const words = pick.split(' ');
        const cards = pick.startsWith('meld ') ? words.slice(1, -2) : [words[1]];
        const confirm = page.locator('#actions [data-confirm]');
        assert.equal(await confirm.isDisabled(), true);
        for (const c of cards) await hand.getByRole('button', { name: name(c), exact: true }).click();
        // Several readings of the same cards (a run's low end, a lay-off's meld): choose ours.
        const choice = page.locator(`#actions [data-choice="${pick}"]`);
        if (await choice.count()) await choice.click();
        await waitFor(async () => (await confirm.isEnabled()) && /^(Meld|Lay off) .*\([+-]?\d+ pt\)$/.test(await confirm.textContent()), 5000);
        const preview = await page.locator('#actions .selection-preview').textContent();
        const shown = /([+-]?\d+) points?\b/.exec(preview);
        assert.ok(shown, 'the points are previewed before confirming');
        await act(page, () => confirm.click());
        // The engine's table points grew by what was previewed (unless the hand ended).
        const after = latest(page).view;
        if (after.hand === view.hand && after.last_hand?.hand === view.last_hand?.hand) {
          assert.equal(after.table_points[0] - view.table_points[0], Number(shown[1]), `${pick}: ${preview}`);
          gains += 1;
        }
        if (pick.startsWith('meld ')) melds += 1; else layoffs += 1;
      } else {
        // No meld: a selection that is not a meld says why, then the turn ends.
        const mine = view.your_hand;
        if (mine.length >= 2) {
          await hand.getByRole('button', { name: name(mine[0]), exact: true }).click();
          await hand.getByRole('button', { name: name(mine[1]), exact: true }).click();
          assert.match(await page.locator('#actions .selection-preview').textContent(), /no meld|not a|fits none|cannot/i);
          assert.equal(await page.locator('#actions [data-confirm]').isDisabled(), true);
        }
        await act(page, () => page.locator('#actions').getByRole('button', { name: 'End turn' }).click());
      }
    }
  }
  if (meldable) assert.ok(melds > 0, 'a meld was made by selecting cards');
  if (melds + layoffs > 1) assert.ok(gains > 0, "a previewed meld or lay-off was checked against the engine");

  const summary = page.getByRole('region', { name: 'Game over' });
  await summary.waitFor();
  const table = await (await fetch(`${server.base}/api/tables/${id}`)).json();
  assert.equal(table.status, 'finished');
  const final = latest(page);
  assert.deepEqual(final.outcome.scores, table.outcome.scores);
  for (const [seat, score] of table.outcome.scores.entries()) {
    assert.equal(await summary.locator(`td[data-seat="${seat}"]`).textContent(), String(score));
  }
  // Three hands were played; the last one's result is on the table.
  assert.equal(final.view.phase, 'game_over');
  await page.locator('#game .rebel-runs-last').getByText(/^Hand 3 ended/).waitFor();
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);

  // The replay draws the same layout, with nothing to play.
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByRole('slider', { name: 'Replay step' }).waitFor();
  for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('#game .rebel-runs-mat-svg').waitFor();
  assert.equal(await page.locator('#game button.card, #game [data-action]').count(), 0);
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);
  assert.deepEqual(page.errors, []);
  console.log(`${JSON.stringify(options)}: melds ${melds}, lay-offs ${layoffs} (${gains} previews checked), turns with a meld possible ${meldable}`);
  await page.context().close();
}

test('a person plays a whole game of Rebel Runs through the table layout, melding by selecting cards', { timeout: 120000 }, async () => {
  await playGame({}, true);
});

test('the previewed meld points follow the scoring options', { timeout: 120000 }, async () => {
  await playGame({ monosign_run_bonus_any_sign: true, same_sign_run_bonus_additive: true, lay_off_on_any_meld: true }, false);
});
