// Shared by the browser tests: a real `parlour serve` on a temporary database, Debian's chromium
// driven by playwright-core, and checks that apply to every page.

import { before, after } from 'node:test';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = process.env.PARLOUR_BIN ?? join(root, 'target', 'debug', 'parlour');
export const CHROMIUM = process.env.PARLOUR_CHROMIUM ?? '/usr/bin/chromium';
/** Where the tests write screenshots of what they drew. */
export const SHOTS = join(root, 'target', 'e2e');

const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Starts `parlour serve` on a fresh SQLite database; `restart()` keeps the database and port. */
export async function startServer() {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run 'cargo build -p parlour' first`);
  const dir = mkdtempSync(join(tmpdir(), 'parlour-e2e-'));
  const db = `sqlite://${join(dir, 'tables.db')}`;
  const server = { dir, proc: null, base: null };
  const run = (addr) => new Promise((resolve, reject) => {
    const proc = spawn(BIN, ['serve', '--addr', addr, '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stderr.on('data', (d) => { err += d; });
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ proc, base: m[1] });
    });
    proc.on('exit', (code) => reject(new Error(`parlour serve exited (${code}): ${err}`)));
  });
  Object.assign(server, await run('127.0.0.1:0'));
  server.stop = () => new Promise((resolve) => {
    if (server.proc.exitCode !== null) return resolve();
    server.proc.removeAllListeners('exit');
    server.proc.on('exit', () => resolve());
    server.proc.kill('SIGTERM');
  });
  /** Starts it again (after `stop()`) on the same port and database. */
  server.start = async () => {
    Object.assign(server, await run(new URL(server.base).host));
  };
  server.close = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return server;
}

/** Starts a server and a browser before a test file's tests and closes both after them; `use`
 * is given the two once started. */
export function serverAndBrowser(use) {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launch();
    use(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
}

export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** A new page whose console errors and page errors fail the test (a missing game module's 404
 * is expected: the shell falls back to the generic table). */
export async function newPage(browser, viewport = DESKTOP, contextOptions = {}) {
  const context = await browser.newContext({ viewport, ...contextOptions });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/404 \(Not Found\)/.test(m.text())) page.errors.push(m.text());
  });
  // Every state this page is sent, newest last.
  page.states = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    try {
      const msg = JSON.parse(f.payload);
      if (msg.type === 'state') page.states.push(msg);
    } catch { /* not JSON */ }
  }));
  return page;
}

/** Fills the lobby's form: `seats` like ['human:Ann', 'random', 'greedy'], `options` by option id
 * (`{target_score: 20}`). Returns the created table's id, the people's seat links (`link` is the
 * first) and the spectators' link. */
export async function createInLobby(page, base, game, seats, options = {}) {
  await page.goto(`${base}/`);
  await page.getByLabel('Game').selectOption({ label: game });
  await page.getByLabel('Players', { exact: true }).selectOption(String(seats.length));
  for (const [i, s] of seats.entries()) {
    const [kind, name] = s.split(':');
    await page.getByLabel(`Seat ${i + 1}`, { exact: true }).selectOption(kind);
    if (kind === 'human') await page.getByLabel(`Seat ${i + 1} name`).fill(name);
  }
  for (const [id, value] of Object.entries(options)) {
    const field = page.locator(`#opt-${id}`);
    const kind = await field.evaluate((el) => (el.tagName === 'SELECT' ? 'select' : el.type));
    if (kind === 'select') await field.selectOption(String(value));
    else if (kind === 'checkbox') await field.setChecked(Boolean(value));
    else await field.fill(String(value));
  }
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.getByRole('heading', { name: 'Table created' }).waitFor();
  const links = [];
  for (const [i, s] of seats.entries()) {
    if (!s.startsWith('human')) continue;
    links.push(await page.getByLabel(`Seat ${i + 1} join link`).inputValue());
  }
  const watch = await page.getByRole('link', { name: /\/watch\// }).first().getAttribute('href');
  const id = watch.split('/')[2];
  return { id, links, link: links[0], watch };
}

/** Screenshots of `page` at phone and desktop size in `target/e2e/<name>-{phone,desktop}.png`,
 * left at `viewport` afterwards. */
export async function screenshots(page, name, viewport = PHONE) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(viewport);
}

/** The newest state this page was sent. */
export function latest(page) {
  return page.states.at(-1);
}

/**
 * Plays one legal action by clicking the button named exactly as a legal text of the newest
 * state shown. Returns false when the table is finished.
 */
export async function playOne(page, choose = (legal) => legal[0]) {
  for (;;) {
    const st = latest(page);
    if (st?.status === 'finished') return false;
    if (st && st.legal.length) {
      const text = choose(st.legal);
      const button = actionButton(page, text);
      if (await button.isEnabled().catch(() => false)) {
        const before = page.states.length;
        await button.click();
        await waitFor(() => page.states.length > before || latest(page).status === 'finished', 10000);
        return true;
      }
    }
    await page.waitForTimeout(25);
  }
}

/** The button that plays legal text `text`: a card marked with it (`data-action`), or the button
 * named by it (the generic page's and the shell's action buttons). */
export function actionButton(page, text) {
  return page.locator(`button[data-action="${text.replaceAll('"', '\\"')}"]`)
    .or(page.getByRole('button', { name: text, exact: true })).first();
}

export async function waitFor(cond, ms = 10000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every button, link and form control has an accessible name. Returns the ones that do not. */
export async function unnamedControls(page) {
  return page.evaluate(() => {
    const name = (el) => {
      if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
      const by = el.getAttribute('aria-labelledby');
      if (by) return by.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      if (el.labels?.length) return [...el.labels].map((l) => l.textContent).join(' ');
      return el.textContent || el.getAttribute('title') || '';
    };
    return [...document.querySelectorAll('button, a[href], input, select, textarea, [role=button]')]
      .filter((el) => el.offsetParent !== null && !name(el).trim())
      .map((el) => el.outerHTML.slice(0, 120));
  });
}

/** Elements sticking out of the viewport to the right, and interactive elements overlapping. */
export async function layoutProblems(page) {
  return page.evaluate(() => {
    // The resting layout is what is checked: the last move's brief lift (lastmove.js) would
    // otherwise read as an overlap with the row above while it runs.
    for (const a of document.getAnimations()) a.finish();
    const problems = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const visible = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (!visible(el) || el.closest('.log, .visually-hidden, option')) continue;
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 || r.left < -1) problems.push(`outside the screen: ${el.outerHTML.slice(0, 100)}`);
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) {
        problems.push(`content overflows: ${el.outerHTML.slice(0, 100)}`);
      }
    }
    // An open menu is a popover: it lies over the table by design. So do the phone's docked
    // bars (the turn banner at the top, the hand and its buttons at the bottom) while the table
    // scrolls under them: only controls within the same bar may not overlap.
    const controls = [...document.querySelectorAll('button, a[href], input, select')].filter((el) => visible(el) && !el.closest('.menu-panel'));
    const bar = (el) => {
      for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).position === 'sticky') return e;
      return null;
    };
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        if (bar(controls[i]) !== bar(controls[j])) continue;
        const a = controls[i].getBoundingClientRect();
        const b = controls[j].getBoundingClientRect();
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1 && !controls[i].contains(controls[j]) && !controls[j].contains(controls[i])) {
          problems.push(`overlap: ${controls[i].outerHTML.slice(0, 80)} / ${controls[j].outerHTML.slice(0, 80)}`);
        }
      }
    }
    return problems;
  });
}

/** Each game at its shortest: the fewest seats (a person and bots) and the options that shorten
 * it, for tests that play every game to its end. */
export const SHORT_GAMES = [
  ['troll-tricker', ['random', 'random'], {}],
  ['haunted', ['random'], { short_game: true, round_limit: 5 }],
  ['holy-matrimony', ['random'], { max_rounds: 3 }],
  ['rebel-runs', ['random'], { hand_turn_limit: 12 }],
  ['queen-of-scots', ['greedy'], { max_rounds: 1, target_score: 100 }],
  ['reading-the-play', ['random'], { two_player: true, turn_limit: 16 }],
  ['kings-feast', [], { max_turns: 12 }],
];

/** Creates a table over the API: `seats` like [{human: {name: 'Ann'}}, {bot: 'random'}]; `extra`
 * holds more of the request (`{clock}`). */
export async function createTable(base, game, seats, options = {}, extra = {}) {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, options, seats, ...extra }),
  });
  if (res.status !== 201) throw new Error(`creating ${game}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Plays this page's seat to the end of the game through the page's own connection: at each of
 * its turns, once the page has drawn the state, `onTurn(state, turn)` runs (the checks of a
 * test), then a legal action is sent as the page would send it (a spread of choices, not always
 * the first). Call before the page opens its table. Resolves with the number of turns played.
 */
export async function playSeatToEnd(page, { onTurn = async () => {}, timeout = 20000 } = {}) {
  let turns = 0;
  let acted = -1;
  for (;;) {
    await waitFor(() => {
      const st = latest(page);
      return st && (st.status === 'finished' || (st.legal.length && st.step !== acted));
    }, timeout);
    if (latest(page).status === 'finished') return turns;
    // The page has drawn the newest state (more may have come meanwhile: look again).
    await waitFor(async () => Number(await page.locator('#game').getAttribute('data-step')) === latest(page).step, timeout);
    const st = latest(page);
    if (st.status === 'finished' || !st.legal.length || st.step === acted) continue;
    await onTurn(st, turns);
    const action = st.legal[((turns + 1) * 7919) % st.legal.length];
    acted = st.step;
    turns += 1;
    const before = page.states.length;
    await page.evaluate(({ action, step }) => window.parlourSocket.send(JSON.stringify({ type: 'act', action, step })), { action, step: st.step });
    // Too fast for the server's limit, or stale: the state is asked for again and acted on anew.
    await waitFor(() => page.states.length > before, 3000).catch(async () => {
      acted = -1;
      await page.evaluate(() => window.parlourSocket.send(JSON.stringify({ type: 'view' })));
    });
  }
}

/** Keeps the page's websocket as `window.parlourSocket` (for `playSeatToEnd`). */
export async function keepSocket(page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        window.parlourSocket = this;
      }
    };
  });
}
