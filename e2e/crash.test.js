// The server killed mid-game (SIGKILL: no goodbye, no flush) and started again on the same
// database and port: the open page reconnects by itself to the same table, every move it saw
// acknowledged is still there, and the game is played to the end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, latest, playOne, waitFor, PHONE, screenshots, serverAndBrowser, createTable } from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Kills the server at once, as a crash would. */
function kill(srv) {
  return new Promise((resolve) => {
    srv.proc.removeAllListeners('exit');
    srv.proc.on('exit', () => resolve());
    srv.proc.kill('SIGKILL');
  });
}

test('a page reconnects to its table after the server is killed and restarted', { timeout: 90000 }, async () => {
  const made = await createTable(server.base, 'troll-tricker', [{ human: { name: 'Ann' } }, { bot: 'random' }, { bot: 'random' }]);
  const id = made.table;
  const page = await newPage(browser, PHONE);
  await page.goto(`${server.base}${made.seats[0].link}`);
  await page.locator('#connection', { hasText: /^connected$/ }).waitFor();

  const mine = [];
  for (let i = 0; i < 4; i++) {
    assert.ok(await playOne(page, (legal) => {
      mine.push(legal[0]);
      return legal[0];
    }));
  }
  // Everything acknowledged so far: each state is sent only once its step is stored.
  await page.waitForTimeout(200);
  const acked = latest(page).step;
  const seen = page.states.flatMap((st) => st.events);
  assert.ok(seen.length > 0);

  await kill(server);
  await page.locator('#connection', { hasText: 'reconnecting' }).waitFor({ timeout: 10000 });
  await server.start();
  await page.locator('#connection', { hasText: /^connected$/ }).waitFor({ timeout: 20000 });
  assert.equal(new URL(page.url()).pathname, `/play/${id}`);
  await waitFor(() => latest(page).step >= acked);
  // The log after reconnecting still holds every line seen before the crash, in order.
  const log = await page.locator('.log').innerText();
  let at = 0;
  for (const line of seen) {
    const next = log.indexOf(line, at);
    assert.ok(next >= 0, `"${line}" is still in the log`);
    at = next + line.length;
  }

  let moves = 0;
  while (await playOne(page)) moves += 1;
  await page.getByRole('region', { name: 'Game over' }).waitFor();
  const table = await (await fetch(`${server.base}/api/tables/${id}`)).json();
  assert.equal(table.status, 'finished');
  assert.deepEqual(table.outcome.scores, latest(page).outcome.scores);
  // The full record starts with the moves played before the crash.
  const full = await (await fetch(`${server.base}/api/tables/${id}/record`)).json();
  const ours = full.actions.filter((e) => e.startsWith('0: ')).map((e) => e.slice(3));
  assert.deepEqual(ours.slice(0, mine.length), mine);
  assert.equal(ours.length, mine.length + moves);
  assert.deepEqual(page.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e)), []);
  await page.context().close();
});

test('a page whose server is drained (SIGTERM) shows reconnecting and rejoins its table', { timeout: 90000 }, async () => {
  const made = await createTable(server.base, 'troll-tricker', [{ human: { name: 'Ann' } }, { bot: 'random' }, { bot: 'random' }]);
  const page = await newPage(browser, PHONE);
  await page.goto(`${server.base}${made.seats[0].link}`);
  await page.locator('#connection', { hasText: /^connected$/ }).waitFor();
  for (let i = 0; i < 2; i++) assert.ok(await playOne(page));
  await page.waitForTimeout(200);
  const acked = latest(page).step;

  // The server hands its tables over, closes the page's socket saying why, and exits.
  await server.stop();
  await page.locator('#connection', { hasText: 'reconnecting' }).waitFor({ timeout: 10000 });
  await screenshots(page, 'drained-reconnecting', PHONE);
  await server.start();
  await page.locator('#connection', { hasText: /^connected$/ }).waitFor({ timeout: 20000 });
  await waitFor(() => latest(page).step >= acked);
  while (await playOne(page));
  await page.getByRole('region', { name: 'Game over' }).waitFor();
  assert.deepEqual(page.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e)), []);
  await page.context().close();
});
