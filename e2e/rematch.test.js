// A rematch by consent, with three people on three devices: one offers, another accepts, the
// third declines and the offer ends; offered again, each page stays where it is (a replay being
// read included) until every person has accepted, and then each page moves to the new table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, waitFor, screenshots, serverAndBrowser } from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const names = ['Ann', 'Bo', 'Cy'];
/** The table's controls (the log repeats the offer's notice). */
const ctl = (page) => page.locator('#controls');

test('a rematch is made only once every person accepted, and nobody is moved before', async () => {
  const r = await fetch(`${server.base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'troll-tricker', seats: names.map((name) => ({ human: { name } })) }),
  });
  assert.equal(r.status, 201);
  const table = await r.json();
  const pages = [];
  for (const seat of table.seats) {
    const page = await newPage(browser);
    await page.goto(`${server.base}${seat.link}`);
    pages.push(page);
  }
  const [ann, bo, cy] = pages;
  const here = `/play/${table.table}`;
  for (const p of pages) await waitFor(() => p.states.at(-1)?.status === 'playing');

  await ann.getByRole('button', { name: 'Resign…' }).click();
  await ann.getByRole('button', { name: 'Yes, resign' }).click();
  for (const p of pages) await p.getByRole('region', { name: 'Game over' }).waitFor();

  // Ann offers; Bo accepts, Cy declines: the offer is over and nobody moved.
  await ann.getByRole('button', { name: 'Rematch' }).click();
  await ctl(ann).getByText('Ann offers a rematch: waiting for Bo, Cy').waitFor();
  for (const p of [bo, cy]) await ctl(p).getByText('Ann offers a rematch', { exact: true }).waitFor();
  await screenshots(bo, 'rematch-offer');
  await bo.getByRole('button', { name: 'Accept' }).click();
  await ctl(ann).getByText('Ann offers a rematch: waiting for Cy').waitFor();
  await cy.getByRole('button', { name: 'Decline' }).click();
  for (const p of pages) {
    await p.locator('#log').getByText('Cy declined the rematch').waitFor();
    await p.getByRole('button', { name: 'Rematch' }).waitFor();
    assert.equal(new URL(p.url()).pathname, here);
  }

  // Bo offers again; Ann accepts; Cy is reading the replay. Until Cy says yes, nobody moves.
  await cy.getByRole('button', { name: 'Replay' }).click();
  await cy.getByRole('button', { name: 'Back to the table' }).waitFor();
  await bo.getByRole('button', { name: 'Rematch' }).click();
  await ctl(ann).getByText('Bo offers a rematch', { exact: true }).waitFor();
  await ann.getByRole('button', { name: 'Accept' }).click();
  await ctl(bo).getByText('Bo offers a rematch: waiting for Cy').waitFor();
  const answers = await bo.getByRole('list', { name: 'Rematch answers' }).innerText();
  assert.match(answers, /Ann: accepted/);
  assert.match(answers, /Cy: waiting/);
  await bo.waitForTimeout(300);
  for (const p of pages) assert.equal(new URL(p.url()).pathname, here);
  const summary = await (await fetch(`${server.base}/api/tables/${table.table}`)).json();
  assert.equal(summary.rematch, null);

  await cy.getByRole('button', { name: 'Back to the table' }).click();
  await cy.getByRole('button', { name: 'Accept' }).click();
  const moved = await Promise.all(pages.map(async (p) => {
    await p.waitForURL((u) => u.pathname.startsWith('/play/') && u.pathname !== here);
    return new URL(p.url()).pathname;
  }));
  assert.equal(new Set(moved).size, 1);
  // Each page joins the new table in its own seat with the token it held.
  for (const [i, p] of pages.entries()) {
    await p.getByText(`${names[i]} (you)`).waitFor();
    assert.deepEqual(p.errors, []);
  }
  for (const p of pages) await p.context().close();
});
