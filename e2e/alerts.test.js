// Turn alerts in a hidden tab, presence, and "Open this seat on another device", end to end.
// A page's hidden state is emulated (document.hidden, visibilityState, visibilitychange), and
// Notification, navigator.vibrate and AudioContext are stubs that record their calls.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  latest, actionButton, waitFor, screenshots, unnamedControls, layoutProblems, DESKTOP, serverAndBrowser, newPage, createTable,
} from './support.js';

let server;
let browser;
serverAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const EVIL = '<img src=x onerror=window.__x=1>';

/** Runs in the page before its scripts: a switchable hidden state and recording stubs. `start`
 * says whether the page starts hidden and with notifications already allowed. */
function stubs(start) {
  let hidden = start.hidden;
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  window.__setHidden = (v) => {
    hidden = v;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const calls = { notify: [], vibrate: [], beeps: 0, asked: 0 };
  window.__calls = calls;
  class FakeNotification {
    constructor(title, opts = {}) { calls.notify.push({ title, body: opts.body }); }
    close() {}
    static permission = start.granted ? 'granted' : 'default';
    static async requestPermission() {
      calls.asked += 1;
      FakeNotification.permission = 'granted';
      return 'granted';
    }
  }
  window.Notification = FakeNotification;
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (p) => { calls.vibrate.push(p); return true; } });
  class FakeAudio {
    constructor() { this.currentTime = 0; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createOscillator() {
      return { type: '', frequency: { value: 0 }, connect() {}, start() { calls.beeps += 1; }, stop() {} };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
    }
  }
  window.AudioContext = FakeAudio;
}

/** A page in its own browser context (its own storage: another device), with the stubs, and
 * the presence messages it is sent. */
async function device(viewport = DESKTOP, start = { hidden: false, granted: false }) {
  const page = await newPage(browser, viewport);
  await page.context().addInitScript(stubs, start);
  page.presence = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    try {
      const msg = JSON.parse(f.payload);
      if (msg.type === 'presence') page.presence.push(msg.seats);
    } catch { /* not JSON */ }
  }));
  return page;
}

const create = (seats, clock = null) => createTable(server.base, 'troll-tricker', seats, {}, { clock });

const calls = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.__calls)));
const icon = (page) => page.evaluate(() => document.querySelector('link[rel="icon"]').getAttribute('href'));

/** Turns the beep on and allows notifications, through the table's menu. */
async function enableAlerts(page) {
  await page.getByText('Menu', { exact: true }).click();
  await page.getByLabel('Sound at my turn').check();
  await page.getByRole('button', { name: 'Notify me at my turn' }).click();
  await page.getByText('Notifications are on').waitFor();
  await page.getByText('Menu', { exact: true }).click();
}

/** The seat a page acts for now, among `seats`, or null. */
function acting(page, seats) {
  const st = latest(page);
  if (!st || st.status !== 'playing') return null;
  return seats.find((s) => st.to_act.includes(s)) ?? null;
}

test('a hidden tab is alerted at its turn only, with names as plain text', { timeout: 120000 }, async () => {
  const t = await create([{ human: { name: EVIL } }, { human: { name: 'Bo' } }, { bot: 'random' }]);
  // The first person turns the alerts on from the menu while the table waits for the second,
  // then hides the tab.
  const pages = [await device(), await device(DESKTOP, { hidden: true, granted: true })];
  await pages[0].goto(`${server.base}${t.seats[0].link}`);
  await pages[0].getByText('(you)').waitFor();
  await enableAlerts(pages[0]);
  const c0 = await calls(pages[0]);
  assert.equal(c0.asked, 1, 'asked from the button');
  assert.deepEqual([c0.notify.length, c0.vibrate.length, c0.beeps], [0, 0, 0]);
  await pages[0].evaluate(() => window.__setHidden(true));
  // The second opens the table in a hidden tab (allowed before, and the beep on): play starts.
  await pages[1].addInitScript(() => {
    try { localStorage.setItem('parlour.alerts.sound', 'on'); } catch { /* about:blank */ }
  });
  await pages[1].goto(`${server.base}${t.seats[1].link}`);
  await pages[1].getByText('(you)').waitFor();
  assert.equal((await calls(pages[1])).asked, 0, 'never asked on load');
  // Bo's page sees Ann away (her tab is hidden), once the table tells it.
  await waitFor(() => pages[1].presence.at(-1)?.[0]?.state === 'away');
  await pages[1].locator('.seat').first().locator('[data-presence="away"]').waitFor();

  // Whoever of the two is first to act is alerted; the other is not.
  await waitFor(() => pages.every((p) => latest(p)?.status === 'playing') && acting(pages[0], [0, 1]) !== null, 30000);
  const first = acting(pages[0], [0, 1]);
  const [me, other] = [pages[first], pages[1 - first]];
  await waitFor(async () => (await calls(me)).notify.length === 1);
  const c = await calls(me);
  const name = first === 0 ? EVIL : 'Bo';
  // The game's name is the registry's once /api/games answered, its id before.
  const game = '(Troll Tricker|troll-tricker)';
  const title = await me.title();
  assert.ok(title.startsWith(`● Your turn, ${name} · `), title);
  assert.match(await icon(me), /^data:image\/svg\+xml,/);
  assert.equal(c.notify[0].title, title);
  assert.ok(c.notify[0].body.startsWith(`${name}, it is your turn at `), c.notify[0].body);
  assert.match(c.notify[0].body, new RegExp(` at ${game}\\.$`));
  assert.equal(c.vibrate.length, 1);
  assert.equal(c.beeps, 1);
  const o = await calls(other);
  assert.deepEqual([o.notify.length, o.vibrate.length, o.beeps], [0, 0, 0]);
  assert.match(await other.title(), / · parlour$/);
  assert.equal(await icon(other), 'data:,');

  // Back in view: the title and icon are restored.
  await me.evaluate(() => window.__setHidden(false));
  assert.match(await me.title(), / · parlour$/);
  assert.equal(await icon(me), 'data:,');
  await me.evaluate(() => window.__setHidden(true));

  // Play on until the other seat's turn starts: it is alerted then, and only then.
  const otherSeat = 1 - first;
  const seen = { [first]: 1, [otherSeat]: 0 };
  for (let i = 0; i < 40 && seen[otherSeat] === 0; i++) {
    await waitFor(() => acting(pages[0], [0, 1]) !== null || latest(pages[0]).status === 'finished', 30000);
    const s = acting(pages[0], [0, 1]);
    if (s === null) break;
    const p = pages[s];
    if (s === otherSeat) {
      await waitFor(async () => (await calls(p)).notify.length === 1);
      seen[s] = 1;
      break;
    }
    // The same seat again: its turn had ended, so its new turn alerts again.
    const before = latest(p).step;
    const st = latest(p);
    await actionButton(p, st.legal[0]).click();
    await waitFor(() => latest(p).step > before, 10000);
  }
  assert.equal(seen[otherSeat], 1, 'the other seat got a turn');
  const later = await calls(other);
  assert.ok(later.notify[0].body.startsWith(`${first === 0 ? 'Bo' : EVIL}, it is your turn at `));
  assert.ok((await other.title()).startsWith(`● Your turn, ${first === 0 ? 'Bo' : EVIL} · `));
  assert.equal(later.beeps, 1);
  // The first seat's turn ended: its title is back.
  assert.match(await me.title(), / · parlour$/);

  for (const p of pages) {
    assert.equal(await p.evaluate(() => window.__x), undefined, 'nothing in a name ran');
    assert.equal(await p.locator('.seat-name img').count(), 0);
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('a running clock under 20 seconds alerts once more', { timeout: 60000 }, async () => {
  const t = await create([{ human: { name: 'Ann' } }, { bot: 'random' }, { bot: 'random' }], { bank_secs: 15, increment_secs: 0 });
  // Hidden from the start, notifications allowed, the beep left off (as it starts).
  const page = await device(DESKTOP, { hidden: true, granted: true });
  await page.goto(`${server.base}${t.seats[0].link}`);
  await page.getByText('(you)').waitFor();
  await waitFor(async () => (await calls(page)).notify.some((n) => /seconds left/.test(n.body)), 30000);
  const c = await calls(page);
  const low = c.notify.filter((n) => /seconds left/.test(n.body));
  assert.equal(low.length, 1);
  assert.match(low[0].body, /^Ann, your clock at (Troll Tricker|troll-tricker) has \d+ seconds left\.$/);
  assert.ok(c.notify.some((n) => /it is your turn/.test(n.body)), 'the turn alerted first');
  assert.equal(c.beeps, 0, 'the beep is off until turned on');
  assert.ok(c.vibrate.length >= 2);
  assert.match(await page.title(), /^● \d+ s left, Ann · /);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('presence: a second device on a seat is shown to both, and a closed one goes offline', { timeout: 60000 }, async () => {
  const t = await create([{ human: { name: 'Ann' } }, { human: { name: 'Bo' } }, { bot: 'random' }]);
  const ann = await device();
  const bo = await device();
  await ann.goto(`${server.base}${t.seats[0].link}`);
  await bo.goto(`${server.base}${t.seats[1].link}`);
  await bo.getByText('(you)').waitFor();
  const chip = (p, seat) => p.locator('.seat').nth(seat).locator('[data-presence]');
  await waitFor(async () => (await chip(bo, 0).getAttribute('data-presence').catch(() => null)) === 'online');
  assert.equal(await chip(bo, 2).getAttribute('data-presence'), 'online', 'bots are online');
  assert.equal(await bo.locator('#presence-notice').isVisible(), false);

  // Ann opens her seat on her phone.
  const phone = await device({ width: 390, height: 844 });
  await phone.goto(`${server.base}${t.seats[0].link}`);
  for (const p of [ann, phone]) {
    await p.getByText('This seat is also open on another device').waitFor();
  }
  assert.equal(await bo.locator('#presence-notice').isVisible(), false, 'only that seat is told');
  await bo.locator('.seat').nth(0).getByText('online · 2 devices').waitFor();
  await screenshots(ann, 'alerts-presence', DESKTOP);
  assert.deepEqual(await layoutProblems(ann), []);

  // The phone goes away: the notice leaves Ann's page.
  await phone.context().close();
  await ann.locator('#presence-notice').waitFor({ state: 'hidden' });
  // Ann closes her tab: Bo sees her offline.
  await ann.context().close();
  await waitFor(async () => (await chip(bo, 0).getAttribute('data-presence')) === 'offline');
  await bo.locator('.seat').nth(0).getByText('offline').waitFor();
  assert.deepEqual(bo.errors, []);
  await bo.context().close();
});

test('the menu opens this seat on another device: its link and a QR code, for that seat only', { timeout: 60000 }, async () => {
  const t = await create([{ human: { name: 'Ann' } }, { bot: 'random' }, { bot: 'random' }]);
  const page = await device();
  await page.goto(`${server.base}${t.seats[0].link}`);
  await page.getByText('(you)').waitFor();
  await page.getByText('Menu', { exact: true }).click();
  await screenshots(page, 'alerts-menu', DESKTOP);
  assert.deepEqual(await unnamedControls(page), []);
  await page.getByRole('button', { name: 'Open this seat on another device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open this seat on another device' });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel('This seat\'s link').inputValue(), `${server.base}${t.seats[0].link}`);
  const img = dialog.getByRole('img', { name: 'QR code of this seat\'s link' });
  await img.waitFor();
  await waitFor(() => img.evaluate((el) => el.complete && el.naturalWidth > 0));
  assert.match(await img.getAttribute('src'), /^blob:/);
  await screenshots(page, 'alerts-qr', DESKTOP);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.deepEqual(page.errors, []);
  await page.context().close();

  // A spectator's menu has no seat to open.
  const watcher = await device();
  await watcher.goto(`${server.base}${t.spectate}`);
  await watcher.getByText('Menu', { exact: true }).click();
  await watcher.getByLabel('Sound at my turn').waitFor();
  assert.equal(await watcher.getByRole('button', { name: 'Open this seat on another device' }).count(), 0);
  await watcher.context().close();
});
