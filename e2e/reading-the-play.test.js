// Reading the Play's table layout: a person plays a whole game against random bots through the
// module's own controls (seat buttons, cards, the Trader and Sequence selections), on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  newPage, createInLobby, latest, waitFor, unnamedControls, layoutProblems, PHONE, DESKTOP, serverAndBrowser,
} from './support.js';

const shots = join(dirname(fileURLToPath(import.meta.url)), '..', 'target', 'e2e');

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A small seeded generator, so a failing run can be repeated. */
function rng(seed) {
  let x = seed >>> 0;
  return (k) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % k;
  };
}

const label = (id) => (id === 'yellow-sign' ? 'Yellow Sign' : id === 'elder-sign' ? 'Elder Sign' : `Line ${id.slice(5)}`);

/** The accessible name of the control that plays `text` (for the single-control actions). */
function controlName(text, names, view) {
  const w = text.split(' ');
  switch (w[0]) {
    case 'point': return `Point at ${names[Number(w[1])]}`;
    case 'draw': return 'Draw a card';
    case 'commit': return `Put ${label(w[1])} in the pool`;
    case 'keep': return `Keep ${label(w[1])}`;
    case 'give': return `Give ${label(w[2])} to ${names[Number(w[1])]}`;
    default: break;
  }
  return {
    'play elder-sign': 'Play an Elder Sign (cancel a Yellow Sign)',
    'decline elder-sign': 'Keep the Elder Sign',
    'decline sequence': 'Do not start a Sequence',
    reveal: 'Reveal Line 316',
    'reveal pair': 'Reveal Lines 315 and 316 together',
    hold: 'Hold Line 316',
    interrupt: 'Play Line 315 (interrupt)',
    pass: 'Pass',
  }[text] ?? `(no name for ${text} in ${view.phase})`;
}

/** The card ids this seat's view shows face up: nothing else may be drawn as a face. */
function visibleIds(view) {
  const ids = new Set([...view.removed]);
  if (view.face_up) ids.add(view.face_up);
  for (const s of view.seats) {
    for (const c of [...(s.hand ?? []), ...s.known, ...s.sequence]) ids.add(c);
  }
  if (view.trade?.pool) for (const c of view.trade.pool) ids.add(c);
  if (view.trade?.my_card) ids.add(view.trade.my_card);
  return ids;
}

/** Every legal text has an enabled control on the page; returns the ones that do not. */
async function unreachable(page, legal) {
  return page.evaluate((texts) => {
    const enabled = (el) => el && !el.disabled && el.offsetParent !== null;
    const missing = [];
    for (const text of texts) {
      const w = text.split(' ');
      let ok;
      if (w[0] === 'trade') {
        ok = w.slice(1).every((s) => enabled(document.querySelector(`#game [data-trader="${s}"]`)));
      } else if (w[0] === 'start') {
        const lo = Number(w[1].slice(5));
        const hi = Number(w[2].slice(5));
        ok = true;
        for (let k = lo; k <= hi; k++) ok &&= enabled(document.querySelector(`#actions .reading-the-play-hand button[data-card="line-${k}"]`));
      } else {
        ok = [...document.querySelectorAll('#game [data-action], #actions [data-action]')].some((el) => el.dataset.action === text && enabled(el));
      }
      if (!ok) missing.push(text);
    }
    return missing;
  }, legal);
}

/** Card faces drawn on the table (not backs): ids and the Line Numbers of their names. */
async function drawnFaces(page) {
  return page.evaluate(() => [...document.querySelectorAll('#game .card:not(.card-back), #actions .card:not(.card-back)')]
    .map((el) => ({ id: el.dataset.card, name: el.getAttribute('aria-label') ?? '' })));
}

async function play(page, text, names, view) {
  const w = text.split(' ');
  if (w[0] === 'trade') {
    // Choose the Traders on their seats, then confirm the trade the preview describes.
    for (const b of await page.locator('#game [data-trader][aria-pressed="true"]').all()) await b.click();
    const chosen = w.slice(1).map(Number);
    for (const s of chosen) await page.getByRole('button', { name: `Trade with ${names[s]}`, exact: true }).click();
    const who = chosen.map((s) => names[s]);
    const list = who.length > 1 ? `${who.slice(0, -1).join(', ')} and ${who.at(-1)}` : who[0];
    await page.getByRole('button', { name: `Confirm the trade with ${list}`, exact: true }).click();
  } else if (w[0] === 'start') {
    // Select the run's cards in hand; the preview shows the Sequence and its score.
    const lo = Number(w[1].slice(5));
    const hi = Number(w[2].slice(5));
    for (let k = lo; k <= hi; k++) await page.getByRole('button', { name: `Line ${k}`, exact: true }).click();
    const preview = await page.locator('.reading-the-play-hand .selection-preview').textContent();
    assert.match(preview, new RegExp(`${lo}–${hi}: scores \\d`));
    await page.getByRole('button', { name: `Start the Sequence ${lo}–${hi}` }).click();
  } else {
    await page.getByRole('button', { name: controlName(text, names, view), exact: true }).first().click();
  }
}

test('a person plays Reading the Play to the end against random bots, by clicking the table', { timeout: 120000 }, async () => {
  const started = Date.now();
  mkdirSync(shots, { recursive: true });
  const page = await newPage(browser, PHONE);
  const { id, link } = await createInLobby(page, server.base, 'Reading the Play', ['human:Ann', 'random', 'random', 'random'], { turn_limit: 24 });
  await page.goto(link);
  await waitFor(() => latest(page));
  await page.getByText('Ann (you)').first().waitFor();

  const pick = rng(20240611);
  const seen = new Set();
  let names = null;
  let acted = 0;
  let shotTaken = false;
  let keyboardUsed = false;
  // The newest state once the table shows it (other seats' simultaneous choices keep arriving).
  const shownState = async () => {
    for (;;) {
      const st = latest(page);
      if (st.status === 'finished' || !st.legal.length) return st;
      const step = await page.locator('#game .reading-the-play').getAttribute('data-step', { timeout: 5000 }).catch(() => null);
      if (step === String(st.step) && latest(page) === st) return st;
      await page.waitForTimeout(20);
    }
  };
  for (;;) {
    const st = await shownState();
    if (st.status === 'finished') break;
    if (!st.legal.length) {
      await page.waitForTimeout(20);
      continue;
    }
    names ??= await page.evaluate(() => JSON.parse(document.querySelector('.reading-the-play').dataset.names));
    seen.add(st.view.phase);

    const missing = await unreachable(page, st.legal);
    const faces = await drawnFaces(page);
    if (latest(page) !== st) continue; // a newer state came while checking: check that one
    assert.deepEqual(missing, [], `every legal text has a control (${st.view.phase})`);
    const ids = visibleIds(st.view);
    for (const face of faces) {
      assert.ok(ids.has(face.id), `${face.id} is drawn but this seat cannot see it`);
      const m = /Line (\d+)/.exec(face.name);
      if (m) assert.ok(ids.has(`line-${m[1]}`), `${face.name} is named but this seat cannot see it`);
    }
    if (acted % 3 === 0) {
      assert.deepEqual(await layoutProblems(page), [], `layout at phone size (${st.view.phase})`);
      assert.deepEqual(await unnamedControls(page), []);
    }
    if (!shotTaken && st.view.phase === 'draw-or-trade' && st.view.seats.some((s) => s.sequence.length)) {
      await page.screenshot({ path: join(shots, 'reading-the-play-phone.png'), fullPage: true });
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: join(shots, 'reading-the-play-desktop.png'), fullPage: true });
      await page.setViewportSize(PHONE);
      shotTaken = true;
    }

    // Prefer drawing a little, so the game reaches its end by several routes.
    const legal = st.legal;
    const text = legal.includes('draw') && pick(3) > 0 ? 'draw' : legal[pick(legal.length)];
    const before = page.states.length;
    if (!keyboardUsed && text.startsWith('point ')) {
      // The vote by keyboard: focus the seat's button and press Enter.
      await page.getByRole('button', { name: controlName(text, names, st.view), exact: true }).focus();
      await page.keyboard.press('Enter');
      keyboardUsed = true;
    } else {
      await play(page, text, names, st.view);
    }
    await waitFor(() => page.states.length > before || latest(page).status === 'finished', 20000);
    acted += 1;
  }

  // The end: the shell's summary shows the server's scores; the table says who won, or that nobody did.
  const summary = page.getByRole('region', { name: 'Game over' });
  await summary.waitFor();
  const table = await (await fetch(`${server.base}/api/tables/${id}`)).json();
  assert.equal(table.status, 'finished');
  for (const [seat, score] of table.outcome.scores.entries()) {
    assert.equal(await summary.locator(`td[data-seat="${seat}"]`).textContent(), String(score));
  }
  const end = await page.getByRole('region', { name: 'The end of the play' }).textContent();
  if (table.outcome.winners.length === 0) {
    assert.match(end, /Nobody wins/);
  } else {
    for (const w of table.outcome.winners) {
      assert.ok(end.toLowerCase().includes(w === 0 ? 'you' : names[w].toLowerCase()), `${end} names the winner ${names[w]}`);
    }
  }
  assert.deepEqual(await layoutProblems(page), []);
  assert.deepEqual(await unnamedControls(page), []);
  await page.screenshot({ path: join(shots, 'reading-the-play-end-phone.png'), fullPage: true });

  // The replay draws the same table with no actions.
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByRole('slider', { name: 'Replay step' }).waitFor();
  const next = page.getByRole('button', { name: 'Next' });
  for (let i = 0; i < 12 && (await next.isEnabled()); i++) await next.click();
  assert.equal(await page.locator('#game [data-action], #game [data-trader]').count(), 0);
  await page.locator('#game .reading-the-play').waitFor();

  assert.deepEqual(page.errors, []);
  assert.ok(acted >= 1, `the person played ${acted} actions`);
  assert.ok(seen.has('vote'), `phases seen: ${[...seen]}`);
  console.log(`reading-the-play: ${acted} actions by the person, phases ${[...seen].join(', ')}, ${table.outcome.winners.length ? `winners ${table.outcome.winners}` : 'no winner'}, ${Date.now() - started} ms`);
  await page.context().close();
});
