// The table's websocket: joins (or spectates) on every connect and reconnects by itself with
// backoff after a drop or a server restart. The token is sent only in the `join` message.

const FATAL = new Set(['bad-token', 'unknown-table']);
// A join refused for now: another server process still serves the table, or its database is out
// of reach. The socket is closed, so the page shows "reconnecting" and tries again.
const RETRY = new Set(['table-elsewhere', 'internal']);

export class Connection {
  /**
   * @param {object} o - {table, token (null to spectate), onMessage(msg), onStatus(status, detail)}
   * status: 'connecting' | 'open' | 'reconnecting' | 'closed'
   */
  constructor(o) {
    this.o = o;
    this.attempt = 0;
    this.ws = null;
    this.stopped = false;
    this.timer = null;
    this.connect();
  }

  connect() {
    clearTimeout(this.timer);
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    // The table id in the URL lets a proxy route by table (docs/serving.md); the server ignores it.
    const ws = new WebSocket(`${scheme}://${location.host}/ws?table=${encodeURIComponent(this.o.table)}`);
    this.ws = ws;
    this.o.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let welcomed = false;
    ws.onopen = () => {
      const hello = this.o.token
        ? { type: 'join', table: this.o.table, token: this.o.token }
        : { type: 'spectate', table: this.o.table };
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === 'welcome') {
        welcomed = true;
        this.attempt = 0;
        this.o.onStatus('open');
      }
      if (msg.type === 'rejected' && FATAL.has(msg.code)) {
        this.stop();
        this.o.onStatus('closed', msg.reason);
      }
      if (msg.type === 'rejected' && !welcomed && RETRY.has(msg.code)) {
        ws.close();
        return;
      }
      this.o.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.stopped) return;
      this.attempt += 1;
      // 0.5 s, 1 s, 2 s, 4 s, then every 8 s, with a little jitter so a restarted server is not
      // hit by every page at once.
      const delay = Math.min(8000, 500 * 2 ** Math.min(this.attempt - 1, 4)) * (0.8 + Math.random() * 0.4);
      this.o.onStatus('reconnecting');
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Sends a client message; false if the socket is not open (the page shows it reconnecting). */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }
}
