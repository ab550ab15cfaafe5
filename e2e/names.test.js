// The table speaks in names: over whole games of every game, no text a person reads on the table
// page counts seats from 0 or names a card by its engine id, bots have distinct names, and names
// holding HTML are shown as text and never run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  newPage, createInLobby, latest, waitFor, actionButton, serverAndBrowser, createTable,
} from './support.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Haunted's and The King's Feast's card ids with a hyphen (`roadside-inn`, `lovers-ii`); Deck of
 * Fey, Queen of Scots and Reading the Play ids end in a number and are caught by `NUMBERED_ID`. */
const NAMED_IDS = [
  ...readFileSync(join(root, 'games/haunted/data/cards.txt'), 'utf8')
    .split('\n').map((l) => /^[a-z]+ ([a-z]+(?:-[a-z]+)+) "/.exec(l)?.[1]).filter(Boolean),
  'lovers-i', 'lovers-ii',
];
const NUMBERED_ID = /\b[a-z]+(?:-[a-z]+)*-\d+\b/;
const ENGINE_TEXT = [
  [/\bseat \d/i, 'a seat number'],
  [NUMBERED_ID, 'a card id'],
  [/\bp\d\.l\d\b/, 'a line id'],
  [/\bat \d,\d\b/, 'a grid position'],
  // One point, not a score of -1 or 21 (plural is right there).
  [/(?<![-−\d.])\b1 (?:pts|points)\b/, '"1 points"'],
];

/** What a person reads on the page: its title and visible text. (Some hand buttons are still
 * named by their action's notation for screen readers; that is not checked here.) */
async function readable(page) {
  return page.evaluate(() => `${document.title}\n${document.body.innerText}`);
}

function engineTextIn(text) {
  const found = [];
  for (const line of text.split('\n')) {
    for (const [re, what] of ENGINE_TEXT) if (re.test(line)) found.push(`${what}: ${line.trim()}`);
    for (const id of NAMED_IDS) if (new RegExp(`\\b${id}\\b`).test(line)) found.push(`card id ${id}: ${line.trim()}`);
  }
  return found;
}

/** Plays `table`'s seat `token` in a page of its own, over its own socket: some legal action at
 * every turn, until the table finishes. The person's page only watches it happen. */
async function autoplay(token, table) {
  const driver = await newPage(browser);
  await driver.goto(`${server.base}/healthz`);
  const done = driver.evaluate(({ table, token }) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
    let n = 0;
    let acted = -1;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'join', table, token }));
    ws.onerror = () => reject(new Error('the driver socket failed'));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'state' && m.status === 'finished') {
        ws.close();
        resolve(n);
      } else if (m.type === 'state' && m.legal.length && m.step !== acted) {
        acted = m.step;
        n += 1;
        // A spread of choices, not always the first, so games take different turns.
        const action = m.legal[(n * 7919) % m.legal.length];
        setTimeout(() => ws.send(JSON.stringify({ type: 'act', action, step: m.step })), 20);
      } else if (m.type === 'rejected') {
        // Stale, or too fast for the server's limit: look again a little later.
        acted = -1;
        setTimeout(() => ws.send(JSON.stringify({ type: 'view' })), 200);
      }
    };
  }), { table, token });
  return { done, close: () => driver.context().close() };
}

const GAMES = [
  ['troll-tricker', ['random', 'greedy'], {}],
  ['haunted', ['random', 'random'], { round_limit: 5 }],
  ['holy-matrimony', ['greedy', 'random'], {}],
  ['rebel-runs', ['random', 'greedy'], {}],
  ['queen-of-scots', ['greedy', 'greedy'], { max_rounds: 1, target_score: 100 }],
  ['reading-the-play', ['random', 'greedy', 'random'], { turn_limit: 24 }],
  ['kings-feast', [], {}],
];

for (const [game, bots, options] of GAMES) {
  test(`${game}: a whole game's table speaks in names, never seat numbers or card ids`, { timeout: 240000 }, async () => {
    const seats = [{ human: { name: 'Ann' } }, ...bots.map((b) => ({ bot: b }))];
    const created = await createTable(server.base, game, seats, options);
    const page = await newPage(browser);
    await page.goto(`${server.base}${created.seats[0].link}`);
    await waitFor(() => latest(page));
    const driver = await autoplay(created.seats[0].token, created.table);

    // Read the page as the game goes, then once more at the end with the whole log.
    const found = new Set();
    let seen = 0;
    let done = false;
    let failed = null;
    driver.done.then(() => { done = true; }, (e) => { failed = e; done = true; });
    while (!done) {
      if (page.states.length !== seen) {
        seen = page.states.length;
        for (const f of engineTextIn(await readable(page))) found.add(f);
      }
      await page.waitForTimeout(50);
    }
    if (failed) throw failed;
    await waitFor(() => latest(page)?.status === 'finished', 20000);
    await page.getByRole('region', { name: 'Game over' }).waitFor();
    for (const f of engineTextIn(await readable(page))) found.add(f);
    assert.deepEqual([...found], []);

    // Bots of one kind are numbered, the rest named by kind; the log uses the same names.
    const summary = await (await fetch(`${server.base}/api/tables/${created.table}`)).json();
    const labels = summary.seats.map((s) => s.label);
    assert.equal(labels[0], 'Ann');
    assert.equal(new Set(labels).size, labels.length, `distinct names: ${labels}`);
    if (game === 'queen-of-scots') assert.deepEqual(labels, ['Ann', 'Greedy bot 1', 'Greedy bot 2']);
    const log = await page.locator('#log').innerText();
    if (game !== 'kings-feast') assert.match(log, /\bAnn\b/);
    assert.deepEqual(page.errors, []);
    await driver.close();
    await page.context().close();
  });
}

test('names holding HTML and script are shown as text everywhere and never run', { timeout: 120000 }, async () => {
  const img = '<img src=x onerror=window.__x=1>';
  const script = '<script>window.__y=1</script>';
  const lobby = await newPage(browser);
  const { links } = await createInLobby(lobby, server.base, 'Troll Tricker', [`human:${img}`, `human:${script}`, 'random']);
  // The lobby lists both people's links under their names.
  await lobby.getByText(`Seat 1: ${img}`, { exact: true }).waitFor();
  await lobby.getByText(`Seat 2: ${script}`, { exact: true }).waitFor();
  assert.equal(await lobby.evaluate(() => [window.__x, window.__y]).then((v) => v.every((x) => x === undefined)), true);

  const a = await newPage(browser);
  const b = await newPage(browser);
  await a.goto(links[0]);
  // Waiting for the other person names them.
  await a.getByText(`Waiting for ${script} to join`, { exact: false }).waitFor();
  await b.goto(links[1]);
  await waitFor(() => latest(a)?.status === 'playing' && latest(b)?.status === 'playing');
  // Each plays a few turns, so the log names both.
  let played = 0;
  while (played < 6) {
    for (const p of [a, b]) {
      const st = latest(p);
      if (st.legal.length) {
        const before = p.states.length;
        const button = actionButton(p, st.legal[0]);
        if (await button.isEnabled().catch(() => false)) {
          await button.click();
          await waitFor(() => p.states.length > before);
          played += 1;
        }
      }
    }
    await a.waitForTimeout(25);
  }
  for (const p of [a, b]) {
    // The seat chips and the log show the names as literal text.
    const seatsText = await p.locator('.seat-name').allInnerTexts();
    assert.ok(seatsText.some((t) => t.startsWith(img)), `seat chips: ${seatsText}`);
    assert.ok(seatsText.some((t) => t.startsWith(script)), `seat chips: ${seatsText}`);
    const log = await p.locator('#log').innerText();
    assert.ok(log.includes(img) && log.includes(script), log);
    // Nothing was parsed as markup: no image or script element carries the names.
    assert.equal(await p.locator('#log img, #log script, .seat-name img, .seat-name script').count(), 0);
    assert.deepEqual(await p.evaluate(() => [window.__x, window.__y]), [undefined, undefined]);
  }
  // A resignation's notice and the game-over text name the person as text too.
  await b.getByRole('button', { name: 'Resign…' }).click();
  await b.getByRole('button', { name: 'Yes, resign' }).click();
  await a.getByRole('region', { name: 'Game over' }).waitFor();
  await a.getByText(`${script} resigned`, { exact: false }).first().waitFor();
  for (const p of [lobby, a, b]) {
    assert.deepEqual(await p.evaluate(() => [window.__x, window.__y]), [undefined, undefined]);
    assert.deepEqual(p.errors, []);
  }
  await Promise.all([lobby, a, b].map((p) => p.context().close()));
});
