// The phone layout (issue 35): at 390×844 a person plays a whole game of every game against
// bots, and at each of their turns, without scrolling, the turn banner is on screen, every enabled
// control of the dock (the hand, the prompt, the buttons) lies inside the screen, and nothing
// sticks out sideways.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newPage, latest, waitFor, layoutProblems, createTable, keepSocket, playSeatToEnd, SHORT_GAMES, PHONE, SHOTS, serverAndBrowser,
} from './support.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

mkdirSync(SHOTS, { recursive: true });

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** What is off the screen at this turn: the banner, the dock's enabled controls, the scroll. */
function offScreen(page, legal) {
  return page.evaluate((legal) => {
    const out = [];
    const w = document.documentElement.clientWidth;
    const h = window.innerHeight;
    const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= h && r.right <= w;
    if (window.scrollY !== 0) out.push(`the page is scrolled to ${window.scrollY}`);
    const banner = document.getElementById('turn');
    if (!inside(banner.getBoundingClientRect())) out.push('the turn banner');
    if (!banner.classList.contains('your-turn')) out.push(`the banner says "${banner.textContent}"`);
    for (const el of document.querySelectorAll('#actions button:not(:disabled), #actions input, #actions select')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // inside a closed <details>
      // A long list of choices (the whole discard pile) scrolls in a box of its own: that box is
      // what must be on screen.
      const list = el.parentElement.closest('.scroll-list');
      if (list && list.closest('#actions') && inside(list.getBoundingClientRect())) continue;
      if (!inside(r)) out.push(`${el.getAttribute('aria-label') ?? el.textContent.trim()} at ${Math.round(r.left)},${Math.round(r.top)}`);
    }
    // A legal action drawn as a control anywhere (the table too) has one of them on screen.
    const drawn = [...document.querySelectorAll('#game [data-action], #actions [data-action]')].filter((el) => !el.disabled);
    for (const text of legal) {
      const els = drawn.filter((el) => el.dataset.action === text);
      const reachable = (el) => inside(el.getBoundingClientRect()) || (el.closest('#actions .scroll-list') && inside(el.closest('.scroll-list').getBoundingClientRect()));
      if (els.length && !els.some(reachable)) out.push(`no control for "${text}" on screen`);
    }
    return out;
  }, legal);
}

for (const [game, bots, options] of SHORT_GAMES) {
  test(`${game}: on a phone, every turn's hand, buttons and banner are on screen`, { timeout: 60000 }, async () => {
    const made = await createTable(server.base, game, [{ human: { name: 'Ann' } }, ...bots.map((bot) => ({ bot }))], options);
    const page = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
    await keepSocket(page);
    await page.goto(`${server.base}${made.seats[0].link}`);
    const turns = await playSeatToEnd(page, {
      onTurn: async (st, turn) => {
        const off = await offScreen(page, st.legal);
        if (off.length) await page.screenshot({ path: join(SHOTS, `phone-${game}-failed.png`) });
        assert.deepEqual(off, [], `${game}, turn ${turn}: ${st.legal.slice(0, 3).join(' | ')}`);
        // Every seat's chip shows its points (Queen of Scots' view keeps them per seat).
        if (game === 'queen-of-scots') {
          assert.deepEqual(await page.locator('#seats .seat-score').allTextContents(), st.view.seats.map((x) => `${x.total} pt${Math.abs(x.total) === 1 ? '' : 's'}`));
        }
        // The full check (overlaps too) is slower: every few turns.
        if (turn % 4 === 0) assert.deepEqual(await layoutProblems(page), [], `${game}, turn ${turn}`);
        else assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, `${game}, turn ${turn}`);
      },
    });
    assert.ok(turns > 0);
    await waitFor(() => latest(page)?.status === 'finished');
    await page.getByRole('region', { name: 'Game over' }).waitFor();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the last move is marked on the table, and animates only without reduced motion', { timeout: 60000 }, async () => {
  const made = await createTable(server.base, 'troll-tricker', [{ human: { name: 'Ann' } }, { bot: 'random' }, { bot: 'random' }]);
  const page = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
  await keepSocket(page);
  await page.goto(`${server.base}${made.seats[0].link}`);
  let checked = 0;
  await playSeatToEnd(page, {
    onTurn: async (st, turn) => {
      const v = st.view;
      // The card played last: the newest of the trick, or the one that completed the last trick.
      const last = v.current_trick.at(-1)?.card ?? v.last_trick?.cards.at(-1)?.card;
      if (!last || turn === 0) return;
      const reduce = turn % 2 === 1;
      await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
      const marked = await page.locator('#game .last-move').evaluateAll((els) => els.map((e) => ({
        card: e.dataset.card,
        animation: getComputedStyle(e).animationName,
        transition: getComputedStyle(e).transitionDuration,
        fresh: e.classList.contains('last-move-new'),
      })));
      assert.ok(marked.some((m) => m.card === last), `${last} is marked: ${JSON.stringify(marked)}`);
      for (const m of marked.filter((x) => x.fresh)) {
        assert.equal(m.animation, reduce ? 'none' : 'last-move-in', JSON.stringify(m));
        if (reduce) assert.equal(m.transition, '0s');
      }
      // The completed trick stays readable on the table, its winner's card ringed.
      if (v.last_trick) assert.equal(await page.locator('#game .tt-last-trick .tt-trick-winner').count(), 1);
      checked += 1;
    },
  });
  assert.ok(checked > 5, `checked ${checked} turns`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
