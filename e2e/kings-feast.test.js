// The King's Feast in the browser: one person alone at the table plays the puzzle through the
// layout's own controls (the seats are the buttons), on the grid and on the ring.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startServer, launch, newPage, createInLobby, latest, waitFor, unnamedControls, layoutProblems, PHONE, DESKTOP,
} from './support.js';

const shots = join(dirname(fileURLToPath(import.meta.url)), '..', 'target', 'e2e');

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch();
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// The action-area button for texts that name no seat.
function buttonName(text) {
  const w = text.split(' ');
  if (text === 'end') return /^End the feast now/;
  if (text === 'no-swap') return "Don't swap";
  if (text === 'call miss') return 'Call a value not in play';
  if (w[0] === 'call') return new RegExp(`^Call ${w[1]} \\(`);
  if (text === 'stay') return 'The Queen stays';
  if (text === 'decline') return /^Decline/;
  return null;
}

const seat = (page, pos) => page.locator(`#game button[data-seat="${pos}"]`);
const pairConfirm = (page) => page.locator('.kf-pairbar button.primary');

async function unpick(page) {
  for (;;) {
    const on = page.locator('#game button[aria-pressed="true"]');
    if (!(await on.count())) return;
    await on.first().click();
  }
}

/** Every legal text has a control: a seat button, the Queen's destination, a selectable pair
 * whose confirm button then lights up, or a named button. */
async function checkReachable(page, st) {
  let pairsTried = 0;
  for (const text of st.legal) {
    const w = text.split(' ');
    if (w[0] === 'activate' || w[0] === 'target') {
      assert.ok(await seat(page, w[1]).isEnabled(), text);
    } else if (w[0] === 'slide') {
      assert.equal(await page.locator(`#game button[aria-label$="(${w[1]} ${w[2]})"]`).count(), 1, text);
    } else if ((w[0] === 'pair' || w[0] === 'swap') && pairsTried++ >= 3) {
      assert.ok(await seat(page, w[1]).isEnabled() && await seat(page, w[2]).isEnabled(), text);
    } else if (w[0] === 'pair' || w[0] === 'swap') {
      await unpick(page);
      await seat(page, w[1]).click();
      await seat(page, w[2]).click();
      assert.ok(await pairConfirm(page).isEnabled(), text);
      await unpick(page);
    } else {
      const name = buttonName(text);
      assert.ok(name, `no control for ${text}`);
      assert.ok(await page.getByRole('button', { name, exact: typeof name === 'string' }).isEnabled(), text);
    }
  }
}

/** No face-down guest the player has not seen is named on the page. */
async function checkNothingHidden(page, st) {
  const v = st.view;
  for (let i = 0; i < v.cells.length; i++) {
    const c = v.cells[i];
    if (c.kind === 'hole') continue;
    const pos = `${Math.floor(i / v.cols)},${i % v.cols}`;
    const el = page.locator(`#game [data-seat="${pos}"]`);
    const shown = (await el.locator('.kf-value').allTextContents()).join(' ');
    assert.equal(shown, c.kind === 'face_down' ? '' : String(c.value), `seat ${pos}`);
  }
}

/** Plays one decision by clicking: activations cycle through the face-up guests, other choices
 * take the first seat offered; after `turns` turns the feast is ended. */
async function decide(page, st, turns) {
  const legal = st.legal;
  const first = (p) => legal.find((t) => t.startsWith(p));
  let text;
  if (first('activate')) {
    const acts = legal.filter((t) => t.startsWith('activate'));
    // The King is kept for last: on the Beginner's Banquet he sits next to the Assassin.
    const king = st.view.cells.findIndex((c) => c.kind === 'face_up' && c.value === 18);
    const kingAt = `${Math.floor(king / st.view.cols)},${king % st.view.cols}`;
    const quiet = acts.filter((t) => t !== `activate ${kingAt}`);
    const pool = quiet.length ? quiet : acts;
    text = st.view.turns_completed >= turns && legal.includes('end') ? 'end' : pool[st.view.turns_completed % pool.length];
  } else {
    text = first('target') ?? first('slide') ?? first('pair') ?? first('call')
      ?? (st.view.turns_completed % 2 ? first('swap') : null) ?? legal[legal.length - 1];
  }
  const w = text.split(' ');
  if (st.view.fatal.some((f) => f.action === text)) {
    await seat(page, w[1]).click();
    await page.getByRole('button', { name: 'Do it and end the feast' }).click();
    return text;
  }
  if (w[0] === 'activate' || w[0] === 'target') await seat(page, w[1]).click();
  else if (w[0] === 'slide') await page.locator(`#game button[aria-label$="(${w[1]} ${w[2]})"]`).click();
  else if (w[0] === 'pair' || w[0] === 'swap') {
    await unpick(page);
    await seat(page, w[1]).click();
    await seat(page, w[2]).click();
    await pairConfirm(page).click();
  } else {
    const name = buttonName(text);
    await page.getByRole('button', { name, exact: typeof name === 'string' }).click();
  }
  return text;
}

async function play(page, { turns, shot }) {
  let n = 0;
  let shotTaken = !shot;
  for (;;) {
    const st = latest(page);
    if (st.status === 'finished') return n;
    if (!st.legal.length) { await page.waitForTimeout(20); continue; }
    await page.locator(`.kf[data-step="${st.step}"][data-live="yes"]`).waitFor();
    n += 1;
    await checkReachable(page, st);
    await checkNothingHidden(page, st);
    if (n % 3 === 1) {
      assert.deepEqual(await layoutProblems(page), [], `layout at decision ${n}`);
      assert.deepEqual(await unnamedControls(page), []);
    }
    if (!shotTaken && n >= 2) {
      shotTaken = true;
      await page.screenshot({ path: join(shots, `kings-feast-${shot}-phone.png`), fullPage: true });
      await page.setViewportSize(DESKTOP);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(shots, `kings-feast-${shot}-desktop.png`), fullPage: true });
      assert.deepEqual(await layoutProblems(page), [], 'layout at desktop size');
      await page.setViewportSize(PHONE);
    }
    if (n === 1) {
      // The solver's hint: asked by a button, answered for this step, its move highlighted.
      await page.getByRole('button', { name: 'Hint: ask the solver' }).click();
      await page.getByText(/the solver’s move is highlighted: [a-z]/).waitFor();
      assert.ok(await page.locator('.kf-hinted').count() >= 1, 'the hinted move is highlighted');
      if (shot) await page.screenshot({ path: join(shots, `kings-feast-${shot}-hint-phone.png`), fullPage: true });
      assert.equal(latest(page).step, st.step, 'a hint does not move the table');
    }
    const before = page.states.length;
    await decide(page, st, turns);
    await waitFor(() => page.states.length > before, 10000);
  }
}

async function checkEnd(page, id) {
  const summary = page.getByRole('region', { name: 'Game over' });
  await summary.waitFor();
  const table = await (await fetch(`${server.base}/api/tables/${id}`)).json();
  assert.equal(table.status, 'finished');
  assert.deepEqual(latest(page).outcome.scores, table.outcome.scores);
  assert.equal(await summary.locator('td[data-seat="0"]').textContent(), String(table.outcome.scores[0]));
  const ended = latest(page).view.ended;
  assert.ok(ended, 'the view says how the feast ended');
  await page.getByRole('region', { name: 'Score' }).getByText(`Score ${ended.score}: ${ended.title}`).waitFor();
  // A solo feast ends with its score and title, never a winner.
  assert.equal(await page.locator('#turn').textContent(), `Finished: ${ended.title} (score ${ended.score})`);
  assert.equal(await summary.locator('td').nth(1).textContent(), `${ended.title} (score ${ended.score})`);
  assert.equal(await page.locator('.badge.win').count(), 0);
  assert.equal(await page.getByText(/\bwins?\b/).count(), 0);
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);
}

test("The King's Feast: the Beginner's Banquet played by clicking the seats, then replayed", { timeout: 90000 }, async () => {
  const page = await newPage(browser, PHONE);
  const { id, link } = await createInLobby(page, server.base, "The King's Feast", ['human:Ann']);
  const summary = await (await fetch(`${server.base}/api/tables/${id}`)).json();
  assert.equal(summary.seats.length, 1, 'a solo table: one seat');
  await page.goto(link);
  await waitFor(() => latest(page)?.status === 'playing' || latest(page)?.status === 'finished');
  const n = await play(page, { turns: 4, shot: 'grid' });
  assert.ok(n >= 2);
  await checkEnd(page, id);
  await page.screenshot({ path: join(shots, 'kings-feast-grid-end-phone.png'), fullPage: true });

  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByRole('slider', { name: 'Replay step' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  assert.equal(await page.locator('#game button').count(), 0, 'nothing to click in a replay');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("The King's Feast: the Round Table Roast's ring", { timeout: 60000 }, async () => {
  const page = await newPage(browser, PHONE);
  const { id, link } = await createInLobby(page, server.base, "The King's Feast", ['human:Ann'], { arrangement: 'round_table_roast' });
  await page.goto(link);
  await waitFor(() => latest(page)?.status === 'playing' || latest(page)?.status === 'finished');
  await page.locator('.kf-ring').waitFor();
  await play(page, { turns: 2, shot: 'ring' });
  await checkEnd(page, id);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("The King's Feast: peeking at the Assassin you know of asks first", { timeout: 60000 }, async () => {
  // A study: the Priest face up, the Assassin face down on its diagram seat (so known), a Noble.
  const arrangement = 'name: s\ntitle: Study\nprovenance: DESIGNED\nsetup:\n3U 1D 11D\ngoal:\n3 1 11\n';
  const res = await fetch(`${server.base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'kings-feast', options: { arrangement }, seats: [{ human: { name: 'Ann' } }] }),
  });
  assert.equal(res.status, 201);
  const made = await res.json();
  const page = await newPage(browser, PHONE);
  await page.goto(`${server.base}${made.seats[0].link}`);
  await waitFor(() => latest(page)?.legal?.includes('activate 0,0'));
  // No turn is complete yet, so the feast cannot be ended; its score is previewed all the same.
  await page.getByRole('region', { name: 'Score' }).getByText('Ending now would score 0 (A Kingly Feast).').waitFor();
  await seat(page, '0,0').click();
  await waitFor(() => latest(page)?.legal?.includes('target 0,1'));
  const step = latest(page).step;
  await seat(page, '0,1').click();
  const ask = page.getByRole('alertdialog', { name: 'Confirm this move' });
  await ask.getByText(/That card is the Assassin/).waitFor();
  await page.screenshot({ path: join(shots, 'kings-feast-confirm-phone.png'), fullPage: true });
  await page.waitForTimeout(200);
  assert.equal(latest(page).step, step, 'nothing is played before the person confirms');
  await ask.getByRole('button', { name: 'Choose again' }).click();
  assert.equal(await ask.count(), 0);
  // Asked again, and confirmed this time.
  await seat(page, '0,1').click();
  await ask.getByRole('button', { name: 'Do it and end the feast' }).click();
  await waitFor(() => latest(page)?.status === 'finished');
  assert.equal(latest(page).view.ended.reason, 'AssassinPeeked');
  await page.locator('#turn').getByText('Finished: A Brilliant Banquet (score 2)').waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
