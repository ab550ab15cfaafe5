// Hidden information end to end: three people, each in their own browser context, play a whole
// game of Holy Matrimony (simultaneous face-down commitments) and of Rebel Runs through the
// pages' own controls. Every websocket frame each page receives and the page's text and drawn
// cards at each of its states are kept; once the table is finished, its full record (public then)
// is replayed with `parlour replay --secrets`, and nothing a seat was shown at step k may name a
// card that seat must not see at step k.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { latest, waitFor, BIN, PHONE, serverAndBrowser, createTable } from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A page in its own browser context that keeps every frame it receives (`page.frames`, each
 * with the step it belongs to), every state (`page.states`), and the step its document draws
 * (`window.parlourStep`, set before the shell draws a state). */
async function seatPage(label) {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          try {
            const msg = JSON.parse(e.data);
            if (msg.type === 'state') window.parlourStep = msg.step;
          } catch { /* not JSON */ }
        });
      }
    };
  });
  const page = await context.newPage();
  page.label = label;
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.frames = [];
  page.states = [];
  page.snapshots = [];
  let step = 0;
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    let msg = null;
    try { msg = JSON.parse(f.payload); } catch { /* not JSON */ }
    if (msg?.type === 'state') step = msg.step;
    if (msg?.type === 'welcome') step = msg.table.step;
    page.frames.push({ step, payload: String(f.payload) });
    if (msg?.type === 'state') page.states.push(msg);
  }));
  return page;
}

/** The page's visible text (without the log: it keeps earlier hands' public plays, whose cards
 * are dealt again later) and its drawn cards, with the step the document draws. */
async function snapshot(page) {
  const snap = await page.evaluate(() => {
    const body = document.body.cloneNode(true);
    for (const el of body.querySelectorAll('.log')) el.remove();
    document.body.append(body);
    body.style.cssText = 'position:absolute;left:-99999px;top:0';
    const text = body.innerText;
    body.remove();
    return {
      step: window.parlourStep ?? null,
      text,
      cards: [...document.querySelectorAll('[data-card]')].filter((e) => !e.closest('.log')).map((e) => e.dataset.card),
    };
  });
  if (snap.step !== null && snap.step !== page.snapshots.at(-1)?.step) page.snapshots.push(snap);
  return snap;
}

/** Takes snapshots until `done()`. */
async function watch(page, done) {
  while (!done()) {
    await snapshot(page).catch(() => {});
    await page.waitForTimeout(40);
  }
  await snapshot(page);
}

const token = (id) => new RegExp(`(?<![a-z0-9-])${id}(?![a-z0-9-])`);
/** A card id as the page writes it for people: `wave-3` or `wave 3`. */
const spoken = (id) => {
  const m = /^([a-z]+)-(\d+)$/.exec(id);
  return m ? new RegExp(`\\b${m[1]}[- ]${m[2]}(?![0-9])`) : token(id);
};

/** The record replayed: `secrets[k].seats[s]` are the ids seat s must not see at step k. */
function secretsOf(record, name) {
  const path = join(server.dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(record));
  const lines = execFileSync(BIN, ['replay', path, '--secrets'], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, record.actions.length + 1);
  return lines;
}

/** Everything a seat was shown at step k that names one of its secrets at step k. */
function leaksOf(page, seat, secrets) {
  const found = [];
  for (const f of page.frames) {
    for (const id of secrets[f.step]?.seats[seat] ?? []) {
      if (token(id).test(f.payload)) found.push(`frame at step ${f.step} names ${id}: ${f.payload.slice(0, 160)}`);
    }
  }
  for (const s of page.snapshots) {
    const hidden = secrets[s.step]?.seats[seat] ?? [];
    for (const id of hidden) {
      if (s.cards.includes(id)) found.push(`the page draws ${id} at step ${s.step}`);
      if (spoken(id).test(s.text)) found.push(`the page's text names ${id} at step ${s.step}`);
    }
  }
  return found;
}

/** Plays three seats to the end (`move(page)` does one of a page's moves when it has legal
 * actions), keeping snapshots; then checks the finished record against what each page saw. */
async function playHidden(game, options, move, ownHand) {
  const made = await createTable(server.base, game, ['Ann', 'Bo', 'Cy'].map((name) => ({ human: { name } })), options);
  const pages = await Promise.all(made.seats.map((s) => seatPage(s.name)));
  await Promise.all(pages.map((p, i) => p.goto(`${server.base}${made.seats[i].link}`)));
  const finished = (p) => latest(p)?.status === 'finished';
  let handsSeen = 0;
  const play = async (p, seat) => {
    let checkedHand = false;
    while (!finished(p)) {
      const st = latest(p);
      if (!st?.legal.length) {
        await p.waitForTimeout(20);
        continue;
      }
      await snapshot(p);
      if (!checkedHand) {
        // The page shows its own hand.
        const hand = ownHand(st.view);
        await waitFor(async () => {
          const shown = await snapshot(p);
          return hand.every((c) => shown.cards.includes(c));
        }, 5000)
          .catch(() => assert.fail(`${p.label}: hand ${hand} not all drawn at step ${st.step}`));
        checkedHand = true;
        handsSeen += 1;
      }
      const before = p.states.length;
      await move(p, st);
      // (a commitment refused as stale, after another seat's, is made again from the newer state)
      await waitFor(() => p.states.length > before || finished(p), 3000).catch(() => {});
    }
  };
  await Promise.all([
    ...pages.map((p, i) => play(p, i)),
    ...pages.map((p) => watch(p, () => finished(p))),
  ]);
  assert.equal(handsSeen, 3);

  const res = await fetch(`${server.base}/api/tables/${made.table}/record`);
  assert.equal(res.status, 200);
  const record = await res.json();
  const secrets = secretsOf(record, made.table);
  let frames = 0;
  let snaps = 0;
  for (const [seat, p] of pages.entries()) {
    assert.deepEqual(leaksOf(p, seat, secrets), [], `${p.label} (seat ${seat})`);
    assert.ok(p.snapshots.length > 3, `${p.label}: snapshots at several states`);
    // The secret lists are not empty while play goes on: the check above checks something.
    assert.ok(p.snapshots.some((s) => secrets[s.step].seats[seat].length > 0));
    assert.deepEqual(p.errors, []);
    frames += p.frames.length;
    snaps += p.snapshots.length;
  }
  console.log(`${game}: ${record.actions.length} steps, ${frames} frames, ${snaps} snapshots checked`);
  await Promise.all(pages.map((p) => p.context().close()));
}

const value = (id) => Number(id.split('-')[1]);

test('three people play Holy Matrimony: no page is shown another seat\'s commitment or hand', { timeout: 90000 }, async () => {
  await playHidden('holy-matrimony', { target_score: 20 }, async (page, st) => {
    // The highest cards while the total stays at most 21, selected and committed face down.
    let total = value(st.view.church);
    const hand = page.getByRole('group', { name: 'Your hand' });
    // The hand is drawn for this state, or a newer state came first (then decide on that one).
    await waitFor(async () => latest(page).step !== st.step
      || (await hand.locator('button.card').count()) === st.view.own_hand.length, 5000);
    if (latest(page).step !== st.step) return;
    for (const c of [...st.view.own_hand].sort((a, b) => value(b) - value(a))) {
      if (total + value(c) <= 21) {
        total += value(c);
        const b = hand.locator(`button.card[data-card="${c}"]`);
        if ((await b.getAttribute('aria-pressed', { timeout: 2000 }).catch(() => null)) !== 'true') await b.click({ timeout: 2000 }).catch(() => {});
      }
    }
    await page.locator('.selection-bar button.primary').click({ timeout: 2000 }).catch(() => {});
  }, (view) => view.own_hand);
});

test('three people play Rebel Runs: no page is shown another seat\'s hand or the stock', { timeout: 90000 }, async () => {
  await playHidden('rebel-runs', { hand_turn_limit: 2, first_player: 0 }, async (page, st) => {
    const game = page.locator('#game');
    await page.locator('#game .rebel-runs').waitFor();
    if (st.view.phase === 'draw') {
      await game.getByRole('button', { name: /^Draw from the stock/ }).click();
    } else if (st.view.phase === 'discard') {
      const text = st.legal.find((t) => t.startsWith('discard '));
      const card = text.split(' ')[1].replace('-', ' ');
      await page.getByRole('group', { name: 'Your hand: choose a card to discard' }).getByRole('button', { name: card, exact: true }).click();
      await page.getByRole('button', { name: `Discard ${card}`, exact: true }).click();
    } else {
      await page.locator('#actions').getByRole('button', { name: 'End turn' }).click();
    }
  }, (view) => view.your_hand ?? []);
});
