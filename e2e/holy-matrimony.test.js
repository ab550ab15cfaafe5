// Holy Matrimony's table layout (web/games/holy-matrimony.js) end to end: a person plays a whole
// game (to a low target score) against bots on a phone-sized page, choosing each commitment by
// selecting cards, and the previewed round score matches the one revealed, under the default
// options and under all three scoring variants.

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

function visibleIds(view) {
  const ids = new Set();
  const walk = (x) => {
    if (typeof x === 'string' && /^[a-z]+-\d+$/.test(x)) ids.add(x);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(view);
  return ids;
}

const value = (id) => Number(id.split('-')[1]);

/** A commitment a person might choose: the highest cards while the total stays at most 21. */
function choose(hand, church) {
  let total = value(church);
  const pick = [];
  for (const c of [...hand].sort((a, b) => value(b) - value(a))) {
    if (total + value(c) <= 21) {
      pick.push(c);
      total += value(c);
    }
  }
  return pick;
}

/** Plays a whole game as seat 0 under `options`, checking each previewed round score against
 * the one the engine reveals. */
async function playGame(options, shots) {
  const page = await newPage(browser, PHONE);
  const { id, link } = await createInLobby(page, server.base, 'Holy Matrimony', ['human:Ann', 'greedy', 'random'], options);
  await page.goto(link);
  await page.getByRole('img', { name: /^The mat: / }).waitFor();

  let rounds = 0;
  let previewed = null;
  for (;;) {
    const st = latest(page);
    if (st?.status === 'finished') break;
    if (!st || !st.legal.length) {
      await page.waitForTimeout(20);
      continue;
    }
    const v = st.view;
    const hand = page.getByRole('group', { name: 'Your hand' });
    await waitFor(async () => (await hand.locator('button.card').count()) === v.own_hand.length, 5000);
    // The previous round's revealed score is the one previewed before confirming.
    if (previewed !== null) {
      assert.equal(v.last_round.points[0], previewed, `round ${rounds}: preview ${previewed}, revealed ${v.last_round.points[0]}`);
      assert.match(await page.getByRole('region', { name: 'Last round, revealed together' }).textContent(), /total/);
    }
    // Every legal commitment is reachable: its cards are buttons of the hand, and the empty
    // selection confirms `commit none`.
    const buttons = new Set(await hand.locator('button.card').evaluateAll((bs) => bs.map((b) => b.dataset.card)));
    for (const text of st.legal) {
      const words = text.split(' ').slice(1);
      if (words[0] === 'none') continue;
      for (const c of words) assert.ok(buttons.has(c), `${text}: ${c} is not a button`);
    }
    assert.ok(st.legal.includes('commit none'));
    const confirm = page.locator('.selection-bar button.primary');
    assert.equal(await confirm.textContent(), 'Commit no cards');
    // Others' commitments are face down with no size; nothing hidden is drawn.
    const allowed = visibleIds(v);
    for (const c of await page.locator('#game [data-card], #actions [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card))) {
      assert.ok(allowed.has(c), `${c} is drawn but not in the seat's view`);
    }
    // (bots commit while the person chooses: compare with the newest state)
    const backs = page.getByRole('img', { name: /has committed, face down$/ });
    const committedOthers = () => latest(page).view.committed.filter((x, i) => x && i !== 0).length;
    await waitFor(async () => (await backs.count()) === committedOthers(), 5000)
      .catch(async () => assert.equal(await backs.count(), committedOthers()));
    if (rounds % 2 === 0) {
      assert.deepEqual(await layoutProblems(page), [], `layout at round ${rounds}`);
      assert.deepEqual(await unnamedControls(page), []);
    }
    if (rounds === 0 && shots) await screenshots(page, 'holy-matrimony');

    // Select the cards (one by keyboard), read the preview, confirm.
    const pick = choose(v.own_hand, v.church);
    for (const [k, c] of pick.entries()) {
      const b = hand.getByRole('button', { name: c.replace('-', ' '), exact: true });
      if (k === 0) {
        await b.focus();
        await page.keyboard.press('Enter');
      } else {
        await b.click();
      }
      assert.equal(await b.getAttribute('aria-pressed'), 'true');
    }
    const preview = await page.locator('.selection-preview').textContent();
    const m = /round score ([+−])(\d+)/.exec(preview);
    assert.ok(m, `a score in the preview: ${preview}`);
    previewed = (m[1] === '−' ? -1 : 1) * Number(m[2]);
    assert.match(preview, /under 21|over 21|exactly 21/);
    assert.equal(await confirm.textContent(), pick.length ? `Commit ${pick.length} face down` : 'Commit no cards');
    const before = page.states.length;
    await confirm.click();
    await waitFor(() => page.states.length > before, 10000);
    rounds += 1;
  }
  assert.ok(rounds >= 1);

  const final = latest(page);
  assert.equal(final.view.last_round.points[0], previewed, 'the last preview matches the last reveal');
  const summary = page.getByRole('region', { name: 'Game over' });
  await summary.waitFor();
  const table = await (await fetch(`${server.base}/api/tables/${id}`)).json();
  assert.deepEqual(table.outcome.scores, final.outcome.scores);
  for (const [seat, score] of final.outcome.scores.entries()) {
    assert.equal(await summary.locator(`td[data-seat="${seat}"]`).textContent(), String(score));
    assert.match(await page.locator(`.fey-seat[data-seat="${seat}"] .fey-plate`).textContent(), new RegExp(`${score} pts`));
  }
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
}

test('a person plays Holy Matrimony to the end, committing by selecting cards', { timeout: 120000 }, async () => {
  await playGame({ target_score: 20 }, true);
});

test('the previewed round score follows the scoring options', { timeout: 120000 }, async () => {
  await playGame({
    target_score: 20, church_counts_for_total_only: true, fey_wild_value: true, no_negative_round_scores: true,
  }, false);
});
