// Pass and play: Ann and Bo share one page of a Holy Matrimony table with a bot. Every round is a
// simultaneous commitment: each local seat commits in turn behind the privacy screen. At every
// hand-over the screen names the right person, and neither while it shows nor after the tap does
// the page hold a card that only another local seat may see (checked against each seat's own
// view from the server).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import {
  newPage, createInLobby, waitFor, screenshots, PHONE, serverAndBrowser,
} from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Seat `token`'s own view, from its redacted record. */
async function viewOf(table, token) {
  const r = await fetch(`${server.base}/api/tables/${table}/record`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200);
  return (await r.json()).view;
}

/** The page's whole DOM (attributes included: card ids, accessible names). */
const dom = (page) => page.evaluate(() => document.documentElement.outerHTML);

/** The card (`flame-6`, or its name `flame 6`) in `html`. */
const holds = (html, id) => new RegExp(`\\b${id.replace('-', '[- ]')}\\b`).test(html);

test('one device seats two people; the privacy screen hides each hand from the other', async () => {
  const page = await newPage(browser, PHONE);
  const { id } = await createInLobby(page, server.base, 'Holy Matrimony', ['human:Ann', 'human:Bo', 'greedy'], { max_rounds: 3 });
  await page.getByRole('button', { name: 'Pass and play: Ann, Bo on this device' }).click();
  await page.waitForURL(`**/play/${id}`);
  const local = JSON.parse(await page.evaluate((t) => localStorage.getItem(`parlour.local.${t}`), id));
  assert.deepEqual(local.map((s) => [s.seat, s.name]), [[0, 'Ann'], [1, 'Bo']]);
  const screen = page.getByRole('dialog');
  const hand = page.getByRole('group', { name: 'Your hand' });

  const over = page.getByRole('region', { name: 'Game over' });
  const confirm = page.locator('.selection-bar button.primary');
  const stepOf = async (token) => {
    const r = await fetch(`${server.base}/api/tables/${id}/record`, { headers: { Authorization: `Bearer ${token}` } });
    return (await r.json()).step;
  };

  const handOvers = [];
  const commits = [0, 0];
  let current = null;
  for (let turn = 0; ; turn += 1) {
    // Next comes the privacy screen, the end, or the same person's turn again (a new round that
    // starts with the one holding the device).
    let next;
    await waitFor(async () => {
      if (await screen.isVisible()) next = 'screen';
      else if (await over.isVisible()) next = 'over';
      else if (current && (await confirm.isVisible()) && (await confirm.isEnabled())) next = 'again';
      return next;
    }, 15000);
    if (next === 'over') break;
    if (next === 'screen') {
      const title = await screen.getByRole('heading').textContent();
      current = local.find((s) => `Pass to ${s.name}` === title);
      assert.ok(current, title);
      // The screen names a person whose seat is still to commit this round (the first screen
      // may come before the deal).
      let views;
      await waitFor(async () => {
        views = await Promise.all(local.map((s) => viewOf(id, s.token)));
        return views[current.seat].own_hand?.length && views[current.seat].waiting.includes(current.seat);
      }, 10000);
      handOvers.push(current.seat);
      // While it shows, no local seat's hand is on the page.
      const html = await dom(page);
      for (const v of views) for (const c of v.own_hand) assert.ok(!holds(html, c), `${c} on the page behind "${title}"`);
      if (turn === 0) {
        await screenshots(page, 'pass-and-play-screen', PHONE);
        const axe = await new AxeBuilder({ page }).analyze();
        assert.deepEqual(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id), []);
      }
      await screen.getByRole('button', { name: 'Tap when ready' }).click();
      await screen.waitFor({ state: 'hidden' });
    }
    let views;
    await waitFor(async () => {
      views = await Promise.all(local.map((s) => viewOf(id, s.token)));
      const own = views[current.seat];
      return own.waiting.includes(current.seat) && (await hand.locator('button.card').count()) === own.own_hand.length;
    }, 10000);
    // The page shows this person's hand and no other local seat's.
    const html = await dom(page);
    for (const c of views[current.seat].own_hand) assert.ok(holds(html, c), `${current.name}'s own ${c} is shown`);
    for (const other of local.filter((s) => s !== current)) {
      for (const c of views[other.seat].own_hand) assert.ok(!holds(html, c), `${other.name}'s ${c} is on ${current.name}'s page`);
    }
    assert.match(await page.locator('#turn').textContent(), new RegExp(`Your turn, ${current.name}`));
    if (turn === 1) await screenshots(page, 'pass-and-play', PHONE);
    // Commit no cards (quick; the rules allow it), and wait for the table to take it.
    const before = await stepOf(current.token);
    await confirm.click();
    await waitFor(async () => (await stepOf(current.token)) > before, 10000);
    commits[current.seat] += 1;
  }
  // Both people committed in every round, one at a time, each after a hand-over.
  assert.equal(commits[0], commits[1]);
  assert.ok(commits[0] >= 2, `${commits[0]} rounds`);
  assert.ok(handOvers.length > commits[0], `${handOvers.length} hand-overs in ${commits[0]} rounds`);
  await page.getByRole('region', { name: 'Game over' }).waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
