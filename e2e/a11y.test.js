// An accessibility scan (axe-core) of the lobby and of a table page of every game, at phone size,
// mid-game at the person's turn, and again with the rules dialog open: no serious or critical
// violations.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { newPage, latest, waitFor, PHONE, serverAndBrowser } from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Serious and critical violations, one line per rule with the first few elements. */
async function violations(page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ') + (process.env.AXE_DETAIL ? ` ${n.any[0]?.message} ${n.html}` : '')).join(', ')}`);
}

test('the lobby has no serious accessibility violations', { timeout: 30000 }, async () => {
  const page = await newPage(browser, PHONE);
  await page.goto(`${server.base}/`);
  await page.getByRole('button', { name: 'Create table' }).waitFor();
  assert.deepEqual(await violations(page), []);
  await page.context().close();
});

test('a table page of every game, at the person\'s turn and with the rules open, has no serious accessibility violations', { timeout: 180000 }, async () => {
  // Every registered game, as the server lists it, with the facts each declares.
  const games = await (await fetch(`${server.base}/api/games`)).json();
  assert.ok(games.length > 0);
  for (const g of games) {
    assert.ok(['chance', 'play', 'fixed'].includes(g.first_player), g.id);
    assert.equal(typeof g.simultaneous, 'boolean', g.id);
  }
  const found = {};
  for (const g of games) {
    const seats = [{ human: { name: 'Ann' } }, ...Array.from({ length: g.default_players - 1 }, () => ({ bot: 'random' }))];
    const res = await fetch(`${server.base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: g.id, seats }),
    });
    assert.equal(res.status, 201, g.id);
    const made = await res.json();
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.base}${made.seats[0].link}`);
    // Mid-game: the bots have played until it is Ann's turn, and the prompt's help is shown.
    await waitFor(() => latest(page)?.status === 'playing' && latest(page).legal.length > 0, 30000);
    await page.locator('#game > *').first().waitFor();
    await page.locator('#turn').getByRole('button', { name: 'Help' }).waitFor();
    await page.waitForTimeout(100);
    const v = await violations(page);
    await page.locator('summary', { hasText: 'Menu' }).click();
    await page.getByRole('button', { name: 'How to play' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'This table\'s options' }).waitFor();
    await page.getByRole('dialog').locator('.rules-text h2').first().waitFor();
    v.push(...(await violations(page)).map((x) => `with the rules open: ${x}`));
    if (v.length) found[g.id] = v;
    await page.context().close();
  }
  assert.deepEqual(found, {});
});
