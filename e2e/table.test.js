// The browser client end to end: the real `parlour serve` binary and Debian's chromium.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage, createInLobby, playOne, actionButton, latest, waitFor, unnamedControls, layoutProblems, PHONE, serverAndBrowser,
} from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test('a person plays a whole game against bots by clicking, through a reload and a server restart', { timeout: 180000 }, async () => {
  const page = await newPage(browser);
  const { id, links } = await createInLobby(page, server.base, 'Troll Tricker', ['human:Ann', 'random', 'random', 'random']);
  assert.deepEqual(await unnamedControls(page), []);
  await page.goto(links[0]);
  // The token leaves the address bar at once.
  await waitFor(() => latest(page));
  assert.equal(new URL(page.url()).pathname, `/play/${id}`);
  assert.ok(!page.url().includes('token'));
  await page.getByText('Ann (you)').waitFor();

  for (let i = 0; i < 4; i++) assert.ok(await playOne(page));
  const stepBefore = latest(page).step;
  await page.reload();
  page.states.length = 0;
  await waitFor(() => latest(page));
  assert.equal(new URL(page.url()).pathname, `/play/${id}`);
  assert.ok(latest(page).step >= stepBefore, 'the same table, not a new one');

  // Actions work from the keyboard: a focused legal action's button plays on Enter.
  await waitFor(() => latest(page).legal.length);
  const st = latest(page);
  const button = actionButton(page, st.legal[0]);
  await button.focus();
  await page.keyboard.press('Enter');
  await waitFor(() => latest(page).step > st.step);

  for (let i = 0; i < 4; i++) assert.ok(await playOne(page));
  await server.stop();
  await page.locator('#connection', { hasText: 'reconnecting' }).waitFor();
  await server.start();
  await page.locator('#connection', { hasText: 'connected' }).waitFor({ timeout: 20000 });

  while (await playOne(page)) { /* every legal click until the end */ }
  const summary = page.getByRole('region', { name: 'Game over' });
  await summary.waitFor();
  const res = await fetch(`${server.base}/api/tables/${id}`);
  const table = await res.json();
  assert.equal(table.status, 'finished');
  for (const [seat, score] of table.outcome.scores.entries()) {
    assert.equal(await summary.locator(`td[data-seat="${seat}"]`).textContent(), String(score));
  }
  assert.deepEqual(await unnamedControls(page), []);

  // The finished table replays step by step with the same renderer.
  await page.getByRole('button', { name: 'Replay' }).click();
  const slider = page.getByRole('slider', { name: 'Replay step' });
  await slider.waitFor();
  assert.equal(await slider.inputValue(), '0');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  assert.equal(await slider.inputValue(), '2');
  await page.getByRole('button', { name: 'Last' }).click();
  await summary.waitFor();
  assert.deepEqual(await unnamedControls(page), []);
  await page.getByRole('button', { name: 'Back to the table' }).click();
  await page.getByRole('button', { name: 'Rematch' }).waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('two people at one table, each in their own browser, one on a phone; resigning ends it for both', { timeout: 120000 }, async () => {
  const lobby = await newPage(browser, PHONE);
  const { links } = await createInLobby(lobby, server.base, 'Troll Tricker', ['human:Ann', 'human:Bo', 'random']);
  assert.deepEqual(await layoutProblems(lobby), []);
  assert.deepEqual(await unnamedControls(lobby), []);
  await lobby.context().close();

  const ann = await newPage(browser);
  const bo = await newPage(browser, PHONE);
  await ann.goto(links[0]);
  await ann.getByText('Waiting for Bo to join').waitFor();
  await bo.goto(links[1]);
  await bo.getByText('Bo (you)').waitFor();
  await waitFor(() => latest(ann)?.status === 'playing' && latest(bo)?.status === 'playing');

  let played = 0;
  while (played < 8) {
    for (const p of [ann, bo]) {
      const st = latest(p);
      if (st.legal.length && (await actionButton(p, st.legal[0]).isEnabled())) {
        await playOne(p);
        played += 1;
      }
    }
    await ann.waitForTimeout(25);
  }
  // Each page is sent only its own seat's view.
  assert.ok(ann.states.every((s) => s.view.viewer === 0));
  assert.ok(bo.states.every((s) => s.view.viewer === 1));
  assert.deepEqual(await layoutProblems(bo), []);
  assert.deepEqual(await unnamedControls(bo), []);

  await bo.getByRole('button', { name: 'Resign…' }).click();
  await bo.getByRole('button', { name: 'Yes, resign' }).click();
  for (const p of [ann, bo]) {
    await p.getByRole('region', { name: 'Game over' }).waitFor();
    await p.getByText('Bo resigned', { exact: false }).first().waitFor();
  }
  assert.deepEqual(await layoutProblems(bo), []);
  assert.deepEqual([...ann.errors, ...bo.errors], []);
  await ann.context().close();
  await bo.context().close();
});

test('a spectator sees the public table and cannot act', { timeout: 60000 }, async () => {
  const lobby = await newPage(browser);
  const { watch } = await createInLobby(lobby, server.base, 'Holy Matrimony', ['greedy', 'random']);
  await lobby.goto(`${server.base}${watch}`);
  await waitFor(() => latest(lobby));
  await lobby.getByText('You are watching.').or(lobby.getByRole('region', { name: 'Game over' })).first().waitFor();
  assert.ok(lobby.states.every((s) => s.legal.length === 0 && s.view.viewer === null));
  assert.equal(await lobby.getByRole('button', { name: 'Resign…' }).count(), 0);
  assert.deepEqual(lobby.errors, []);
  await lobby.context().close();
});
