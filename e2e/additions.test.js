// The table page against the protocol's newer messages (turn clocks, notices, rematches), with a
// scripted server on the page's websocket: the page must draw them whenever a server sends them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, waitFor, serverAndBrowser } from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const TABLE = '0123456789abcdef';
// A game with no layout of its own, so the generic table draws the scripted views.
const GAME = 'scripted-game';
const NEXT = 'fedcba9876543210';

function summary(status) {
  return {
    id: TABLE, game: GAME, players: 3, options: {}, status, step: 5,
    seats: [
      { seat: 0, kind: 'human', name: 'Ann', joined: true },
      { seat: 1, kind: 'human', name: 'Bo', joined: true },
      { seat: 2, kind: 'bot', name: 'greedy', joined: true },
    ],
    clock: { bank_secs: 300, increment_secs: 10 },
    rematch: null,
  };
}

function state(status, extra = {}) {
  return {
    type: 'state', step: 5, status, view: { viewer: 0, hand: ['flame-6'] }, events: [],
    to_act: status === 'playing' ? [0] : [], legal: status === 'playing' ? ['play flame-6'] : [],
    clock: { remaining_ms: [65000, 20000, 300000], running: status === 'playing' ? [0] : [] },
    ...extra,
  };
}

test('clocks count down, notices join the log, and a rematch carries the seat over', async () => {
  const page = await newPage(browser);
  const sent = [];
  let socket;
  await page.routeWebSocket('**/ws*', (ws) => {
    socket = ws;
    ws.onMessage((text) => {
      const msg = JSON.parse(text);
      sent.push(msg);
      if (msg.type === 'join') {
        ws.send(JSON.stringify({ type: 'welcome', format: 'parlour-table/1', table: summary('playing'), seat: 0, log: ['hand 1 begins'] }));
        ws.send(JSON.stringify(state('playing')));
      }
      if (msg.type === 'rematch') ws.send(JSON.stringify({ type: 'rematch', table: NEXT }));
    });
  });
  await page.goto(`${server.base}/play/${TABLE}?token=secret-token`);
  const clock = page.getByRole('timer', { name: "Ann's clock" });
  await clock.waitFor();
  const first = await clock.textContent();
  assert.match(first, /^1:0[0-5]$/);
  await waitFor(async () => (await clock.textContent()) !== first, 3000);
  // Only running clocks move; a low one is marked.
  assert.equal(await page.getByRole('timer', { name: "Bo's clock" }).textContent(), '0:20');
  assert.match(await page.getByRole('timer', { name: "Bo's clock" }).getAttribute('class'), /low/);
  assert.equal(sent[0].token, 'secret-token');
  assert.ok(!page.url().includes('secret-token'));

  socket.send(JSON.stringify({ type: 'notice', text: "Bo's time ran out: a bot played for them" }));
  await page.getByRole('list').filter({ hasText: 'hand 1 begins' }).getByText("Bo's time ran out").waitFor();

  socket.send(JSON.stringify(state('finished', { outcome: { scores: [3, 9, 0], winners: [1] } })));
  await page.getByRole('region', { name: 'Game over' }).waitFor();
  await page.getByRole('button', { name: 'Rematch' }).click();
  await page.waitForURL(`**/play/${NEXT}`);
  assert.deepEqual(sent.find((m) => m.type === 'rematch'), { type: 'rematch' });
  // The same token, kept out of the address, joins the new table.
  await waitFor(() => sent.some((m) => m.type === 'join' && m.table === NEXT));
  assert.equal(sent.find((m) => m.table === NEXT).token, 'secret-token');
  assert.ok(!page.url().includes('token'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
