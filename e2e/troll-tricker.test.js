// Troll Tricker's table layout (web/games/troll-tricker.js) end to end: a person plays a whole
// game against bots on a phone-sized page, only through the layout's own card buttons.

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

/** Every card id anywhere in a view (what the server let this seat see). */
function visibleIds(view) {
  const ids = new Set();
  const walk = (x) => {
    if (typeof x === 'string' && /^[a-z]+-\d+$/.test(x)) ids.add(x);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(view);
  return ids;
}

/** The page's hand buttons and every card id drawn anywhere in the game area and hand. */
async function drawn(page) {
  return page.evaluate(() => ({
    buttons: [...document.querySelectorAll('#actions [role=group][aria-label="Your hand"] button.card')]
      .filter((b) => !b.disabled).map((b) => ({ card: b.dataset.card, name: b.getAttribute('aria-label') })),
    ids: [...document.querySelectorAll('#game [data-card], #actions [data-card]')].map((e) => e.dataset.card),
  }));
}

test('a person plays Troll Tricker to the end through the table layout', { timeout: 120000 }, async () => {
  const page = await newPage(browser, PHONE);
  const { id, links } = await createInLobby(page, server.base, 'Troll Tricker', ['human:Ann', 'random', 'random']);
  await page.goto(links[0]);
  await page.getByRole('img', { name: /^The mat: / }).waitFor();
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);

  let turns = 0;
  for (;;) {
    const st = latest(page);
    if (st?.status === 'finished') break;
    if (!st || !st.legal.length) {
      await page.waitForTimeout(20);
      continue;
    }
    // The page shows this state: the hand's buttons are exactly the legal cards.
    const want = st.legal.map((t) => t.replace(/^play /, '')).sort();
    let seen;
    await waitFor(async () => {
      seen = await drawn(page);
      return seen.buttons.map((b) => b.card).sort().join() === want.join();
    }, 5000).catch(() => assert.deepEqual(seen.buttons.map((b) => b.card).sort(), want, 'every legal play is a card button, and only those'));
    // Named as people read the card ("Play Flame 6"), not by its id.
    for (const b of seen.buttons) {
      const [sign, value] = b.card.split('-');
      assert.equal(b.name, `Play ${sign[0].toUpperCase()}${sign.slice(1)} ${value}`);
    }
    // Nothing hidden from this seat is drawn.
    const allowed = visibleIds(st.view);
    for (const c of seen.ids) assert.ok(allowed.has(c), `${c} is drawn but not in the seat's view`);
    if (turns % 8 === 0) {
      assert.deepEqual(await layoutProblems(page), [], `layout at turn ${turns}`);
      assert.deepEqual(await unnamedControls(page), []);
      if (turns === 8) await screenshots(page, 'troll-tricker');
      // The seat to act is marked at the table, and its trick slot says so.
      assert.equal(await page.locator('.fey-seat.fey-acting .fey-plate-name').first().textContent(), 'Ann');
    }
    // Play the highest legal card by clicking it (the last one, by keyboard every few turns).
    const pick = seen.buttons.at(-1);
    const button = page.getByRole('button', { name: pick.name, exact: true });
    const before = page.states.length;
    if (turns % 5 === 4) {
      await button.focus();
      await page.keyboard.press('Enter');
    } else {
      await button.click();
    }
    await waitFor(() => page.states.length > before, 10000);
    turns += 1;
  }
  assert.equal(turns, 33, 'three hands of eleven tricks');

  const final = latest(page);
  const summary = page.getByRole('region', { name: 'Game over' });
  await summary.waitFor();
  const res = await fetch(`${server.base}/api/tables/${id}`);
  const table = await res.json();
  assert.deepEqual(table.outcome.scores, final.outcome.scores);
  assert.deepEqual(final.view.scores, final.outcome.scores);
  for (const [seat, score] of final.outcome.scores.entries()) {
    assert.equal(await summary.locator(`td[data-seat="${seat}"]`).textContent(), String(score));
    // The table's own plates show the same totals.
    assert.match(await page.locator(`.fey-seat[data-seat="${seat}"] .fey-plate`).textContent(), new RegExp(`${score} pts`));
  }
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);

  // A replay step draws the table with no card buttons.
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByRole('slider', { name: 'Replay step' }).waitFor();
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('img', { name: /^The mat: / }).waitFor();
  assert.equal(await page.locator('#actions button.card').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
