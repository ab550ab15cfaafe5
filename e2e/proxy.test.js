// The page through HAProxy: two `parlour serve --take-over` processes on one PostgreSQL database
// behind `docs/deploy/haproxy.cfg` (only its `bind` and `server` lines replaced, as
// apps/parlour/tests/serve_proxy.rs does). A game is played in the browser through the proxy, the
// process serving it is killed (SIGKILL) mid-game, and the page reconnects through the proxy to
// the other process, which takes the table over; every move acknowledged before is kept and the
// game is played to its end.
//
// Needs PARLOUR_TEST_POSTGRES (a URL whose role may create databases), PostgreSQL's `createdb`
// and Debian's `haproxy`; scripts/test provides all three.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, launch, newPage, latest, playOne, waitFor, PHONE, screenshots, createTable } from './support.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOW = 'run the browser tests through scripts/test, which provides them, or install them yourself';

/** The first of `paths` that exists, else an error naming what is missing. */
function program(paths, what) {
  const found = paths.find((p) => existsSync(p));
  if (!found) throw new Error(`${what} is missing (looked for ${paths.join(', ')}): ${HOW}`);
  return found;
}

/** A fresh database on the server of PARLOUR_TEST_POSTGRES; its URL. */
function freshDatabase() {
  const base = process.env.PARLOUR_TEST_POSTGRES;
  if (!base) {
    throw new Error('PARLOUR_TEST_POSTGRES is not set: the proxy test needs a PostgreSQL server '
      + '(postgres://USER@HOST:PORT/DB, a role that may create databases); scripts/test starts one');
  }
  const url = new URL(base);
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => b - a) : [];
  const createdb = program(
    [...(process.env.PATH ?? '').split(':').map((d) => join(d, 'createdb')), ...versions.map((v) => `/usr/lib/postgresql/${v}/bin/createdb`)],
    "PostgreSQL's createdb (Debian's postgresql-client package)",
  );
  const name = `${url.pathname.slice(1) || 'parlour'}_e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'), name];
  execFileSync(createdb, args, { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) }, stdio: 'pipe' });
  url.pathname = `/${name}`;
  return url.toString();
}

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** `parlour serve --take-over` on `db`, as docs/serving.md runs processes behind a proxy. */
function startBackend(db) {
  return new Promise((resolve, reject) => {
    const proc = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--db', db, '--take-over', '--tables-per-minute', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stderr.on('data', (d) => { err += d; });
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/(\S+)/.exec(out);
      if (m) resolve({ proc, addr: m[1] });
    });
    proc.on('exit', (code) => reject(new Error(`parlour serve exited (${code}): ${err}`)));
  });
}

/** HAProxy running docs/deploy/haproxy.cfg in front of `backends`, on a free port. */
async function startProxy(backends, dir) {
  const haproxy = program(['/usr/sbin/haproxy', '/usr/bin/haproxy'], "Debian's haproxy package");
  const documented = readFileSync(join(root, 'docs', 'deploy', 'haproxy.cfg'), 'utf8');
  const addr = `127.0.0.1:${await freePort()}`;
  let servers = 0;
  const cfg = [];
  for (const line of documented.split('\n')) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'bind' && words.length === 2) {
      cfg.push(`    bind ${addr}`);
    } else if (words[0] === 'server') {
      // The documented servers, replaced by this test's processes.
      if (servers === 0) backends.forEach((b, i) => cfg.push(`    server p${i + 1} ${b.addr}`));
      servers += 1;
    } else {
      cfg.push(line);
    }
  }
  assert.ok(servers > 0, 'docs/deploy/haproxy.cfg lists no server');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, `${cfg.join('\n')}\n`);
  const proc = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d) => { err += d; });
  const base = `http://${addr}`;
  await waitFor(async () => {
    if (proc.exitCode !== null) throw new Error(`haproxy stopped (${proc.exitCode}): ${err}`);
    return fetch(`${base}/healthz`).then((r) => r.ok, () => false);
  }, 10000);
  return { proc, base };
}

/** Kills a process at once (no goodbye) and waits for it to go. */
function kill(proc) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.removeAllListeners('exit');
    proc.on('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

async function tablesOpen(backend) {
  const res = await fetch(`http://${backend.addr}/api/stats`);
  assert.equal(res.status, 200);
  return (await res.json()).tables_open;
}

let dir;
let backends = [];
let proxy;
let browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parlour-e2e-proxy-'));
  const db = freshDatabase();
  backends = [await startBackend(db), await startBackend(db)];
  proxy = await startProxy(backends, dir);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (proxy) await kill(proxy.proc);
  for (const b of backends) await kill(b.proc);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a page through the proxy reconnects to the other process when its own is killed', { timeout: 90000 }, async () => {
  const made = await createTable(proxy.base, 'troll-tricker', [{ human: { name: 'Ann' } }, { bot: 'random' }, { bot: 'random' }]);
  const id = made.table;
  const page = await newPage(browser, PHONE);
  await page.goto(`${proxy.base}${made.seats[0].link}`);
  await page.locator('#connection', { hasText: /^connected$/ }).waitFor();
  let sockets = 0;
  page.on('websocket', () => { sockets += 1; });
  // What the connection line says, each time it changes (a reconnection through the proxy can
  // be quicker than a look at the page).
  await page.evaluate(() => {
    const el = document.querySelector('#connection');
    window.connectionSaid = [];
    new MutationObserver(() => window.connectionSaid.push(el.textContent))
      .observe(el, { childList: true, characterData: true, subtree: true });
  });

  const mine = [];
  for (let i = 0; i < 4; i++) {
    assert.ok(await playOne(page, (legal) => {
      mine.push(legal[0]);
      return legal[0];
    }));
  }
  // Everything acknowledged so far: each state is sent only once its step is stored.
  await page.waitForTimeout(200);
  const acked = latest(page).step;
  const seen = page.states.flatMap((st) => st.events);
  assert.ok(seen.length > 0);

  // The process the proxy sent the page to serves the table, and only it.
  let owner;
  await waitFor(async () => {
    const open = await Promise.all(backends.map(tablesOpen));
    owner = open.findIndex((n) => n > 0);
    return open.filter((n) => n > 0).length === 1;
  }, 10000);
  await kill(backends[owner].proc);
  await waitFor(() => sockets > 0, 10000);
  await page.locator('#connection', { hasText: /^connected$/ }).waitFor({ timeout: 30000 });
  const said = await page.evaluate(() => window.connectionSaid);
  assert.ok(said.some((t) => /reconnecting/.test(t)), `the page showed it was reconnecting: ${said}`);
  assert.equal(new URL(page.url()).pathname, `/play/${id}`);
  await waitFor(() => latest(page).step >= acked);
  // The other process took the table over.
  await waitFor(async () => (await tablesOpen(backends[1 - owner])) === 1, 10000);
  // The log after reconnecting still holds every line seen before the kill, in order.
  const log = await page.locator('.log').innerText();
  let at = 0;
  for (const line of seen) {
    const next = log.indexOf(line, at);
    assert.ok(next >= 0, `"${line}" is still in the log`);
    at = next + line.length;
  }

  let moves = 0;
  while (await playOne(page)) moves += 1;
  await page.getByRole('region', { name: 'Game over' }).waitFor();
  await screenshots(page, 'proxy-finished', PHONE);
  const table = await (await fetch(`${proxy.base}/api/tables/${id}`)).json();
  assert.equal(table.status, 'finished');
  assert.deepEqual(table.outcome.scores, latest(page).outcome.scores);
  // The full record starts with the moves played before the kill.
  const full = await (await fetch(`${proxy.base}/api/tables/${id}/record`)).json();
  const ours = full.actions.filter((e) => e.startsWith('0: ')).map((e) => e.slice(3));
  assert.deepEqual(ours.slice(0, mine.length), mine);
  assert.equal(ours.length, mine.length + moves);
  assert.deepEqual(page.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|502|503/.test(e)), []);
  await page.context().close();
});
