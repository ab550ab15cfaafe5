//! `parlour loadtest`: many tables of bot clients against a table server on loopback.
//!
//! Each of `--tables` slots creates a table over HTTP (one person's seat, bots elsewhere), joins
//! it over a websocket and plays a random legal action whenever it is to act, timing each
//! action from `act` to the `state` that carries it. A finished table is replaced by a new one
//! until the time is up; then every slot resigns its table, so nothing is left open. By default
//! the server is a `parlour serve` child process on a temporary database, so its memory is its
//! own and not the load client's.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use indicatif::{ProgressBar, ProgressStyle};
use parlour_protocol::{ClientMsg, CreatedTable, RejectCode, ServerMsg, Stats, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The most tables one run may hold.
pub const MAX_TABLES: u32 = 5_000;
/// The longest run, in seconds.
pub const MAX_SECONDS: u64 = 600;
/// Tables being created at once: a larger burst only queues in the database.
const CREATING_AT_ONCE: usize = 16;
/// How long any one message may take before the slot counts an error.
const QUIET_LIMIT: Duration = Duration::from_secs(30);
/// How long the closing resignations may take.
const CLOSE_LIMIT: Duration = Duration::from_secs(10);
/// Back-off after a `throttled` refusal (the server refills 50 messages a second).
const THROTTLE_PAUSE: Duration = Duration::from_millis(200);
/// Error texts kept for the report.
const ERRORS_KEPT: usize = 10;

/// Settings of `parlour loadtest`.
pub struct LoadArgs {
    pub tables: u32,
    pub seconds: u64,
    pub addr: Option<SocketAddr>,
    pub game: String,
    pub bots: Vec<String>,
    pub seed: u64,
    /// Mean pause before each action, like a person deciding (0: act at once). Each pause is
    /// drawn uniformly from half to one and a half times this.
    pub think: Duration,
    pub json: Option<PathBuf>,
}

/// What a run measured.
#[derive(Debug, Serialize)]
pub struct LoadReport {
    pub game: String,
    pub tables_asked: u32,
    /// Mean pause before each action, in milliseconds.
    pub think_ms: u64,
    pub duration_s: f64,
    /// Seconds until every slot had its first table open (the whole run if that never
    /// happened: see `ramp_done`).
    pub ramp_s: f64,
    pub ramp_done: bool,
    /// Most tables this client had open at once.
    pub tables_held: u64,
    /// Fewest tables this client had open at once after the ramp (a finished table is
    /// replaced at once, so this dips by the tables between two games).
    pub tables_held_min: u64,
    pub tables_created: u64,
    pub tables_finished: u64,
    /// Tables resigned when time was up (one per slot, unless its last table finished on its
    /// own right at the end).
    pub tables_resigned: u64,
    pub actions_acked: u64,
    pub actions_per_s: f64,
    pub rtt_ms: Rtt,
    /// The round trips once every slot had its first table open (`None` if none was measured
    /// then): what a table sees while the server is not also making thousands of tables.
    pub rtt_after_ramp_ms: Option<Rtt>,
    /// Actions refused as `stale` (decided again, not errors).
    pub stale: u64,
    /// Messages refused as `throttled` (sent again after a pause).
    pub throttled: u64,
    pub errors: u64,
    pub error_samples: Vec<String>,
    /// The server's unfinished tables after the run (0 when everything closed).
    pub server_tables_open_after: Option<u64>,
    pub server_rss_before_bytes: Option<u64>,
    /// Resident memory at the end of the run, before the tables were closed.
    pub server_rss_held_bytes: Option<u64>,
    /// (resident memory held − before) / tables held.
    pub server_bytes_per_table: Option<u64>,
}

/// Round trips from `act` to the `state` that carries it, in milliseconds (all 0 if none).
#[derive(Debug, Default, Serialize)]
pub struct Rtt {
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
}

impl Rtt {
    /// The percentiles of `hist` (microseconds); `None` if it holds nothing.
    fn of(hist: &Histogram<u64>) -> Option<Rtt> {
        let ms = |us: u64| us as f64 / 1000.0;
        (!hist.is_empty()).then(|| Rtt {
            p50: ms(hist.value_at_quantile(0.50)),
            p90: ms(hist.value_at_quantile(0.90)),
            p99: ms(hist.value_at_quantile(0.99)),
            max: ms(hist.max()),
        })
    }
}

impl fmt::Display for Rtt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.p50, self.p90, self.p99, self.max
        )
    }
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
        writeln!(
            f,
            "{} tables of {} for {:.1} s (ramp {:.1} s), {}",
            self.tables_asked,
            self.game,
            self.duration_s,
            self.ramp_s,
            if self.think_ms == 0 {
                "acting at once".to_owned()
            } else {
                format!("thinking {} ms on average", self.think_ms)
            }
        )?;
        if self.ramp_done {
            writeln!(
                f,
                "tables held       {} (at least {} after the ramp)",
                self.tables_held, self.tables_held_min
            )?;
        } else {
            writeln!(
                f,
                "tables held       {} (not all {} were open before the end)",
                self.tables_held, self.tables_asked
            )?;
        }
        writeln!(
            f,
            "tables            {} created, {} finished, {} resigned when time was up",
            self.tables_created, self.tables_finished, self.tables_resigned
        )?;
        writeln!(
            f,
            "actions           {} acknowledged, {:.1} per second",
            self.actions_acked, self.actions_per_s
        )?;
        writeln!(f, "round trip        {}", self.rtt_ms)?;
        if let Some(after) = &self.rtt_after_ramp_ms {
            writeln!(f, "  after the ramp  {after}")?;
        }
        writeln!(
            f,
            "refusals          {} stale, {} throttled",
            self.stale, self.throttled
        )?;
        writeln!(f, "errors            {}", self.errors)?;
        for e in &self.error_samples {
            writeln!(f, "  {e}")?;
        }
        match (
            self.server_rss_before_bytes,
            self.server_rss_held_bytes,
            self.server_bytes_per_table,
        ) {
            (Some(before), Some(held), Some(per)) => writeln!(
                f,
                "server memory     {:.1} MiB before, {:.1} MiB held, {:.1} KiB per table",
                mib(before),
                mib(held),
                per as f64 / 1024.0
            )?,
            _ => writeln!(f, "server memory     not reported by the server")?,
        }
        if let Some(open) = self.server_tables_open_after {
            write!(f, "server tables open after the run: {open}")?;
        }
        Ok(())
    }
}

/// Refuses any address that is not loopback: a load test must not reach another machine.
pub fn check_loopback(addr: SocketAddr) -> Result<()> {
    let ip = match addr.ip() {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    };
    if !ip.is_loopback() {
        bail!(
            "--addr {addr} is not a loopback address: parlour loadtest only sends traffic to \
             127.0.0.0/8 or ::1"
        );
    }
    Ok(())
}

/// Runs the load test and prints its report.
pub fn run(args: &LoadArgs, out: &mut dyn Write) -> Result<()> {
    if args.tables == 0 || args.tables > MAX_TABLES {
        bail!("--tables must be 1 to {MAX_TABLES}");
    }
    if args.seconds == 0 || args.seconds > MAX_SECONDS {
        bail!("--duration must be 1 to {MAX_SECONDS} seconds");
    }
    if let Some(addr) = args.addr {
        check_loopback(addr)?;
    }
    let seats = seats_for(&args.game, &args.bots)?;
    // Without a server to talk to, start one on a temporary database; it goes with `_server`.
    let mut _server = None;
    let addr = match args.addr {
        Some(a) => a,
        None => {
            let s = ChildServer::start()?;
            let a = s.addr;
            _server = Some(s);
            a
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let report = runtime.block_on(drive(args, addr, seats))?;
    writeln!(out, "{report}")?;
    if let Some(path) = &args.json {
        std::fs::write(path, serde_json::to_string_pretty(&report)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// One person (the load client) in seat 0 and `bots` in the others, at the game's usual size.
fn seats_for(game: &str, bots: &[String]) -> Result<Value> {
    let info = parlour_games::find(game)?;
    if bots.is_empty() {
        bail!("--bots needs at least one bot spec");
    }
    let mut seats = vec![json!({"human": {"name": "load"}})];
    for i in 1..usize::from(info.default_players()) {
        seats.push(json!({ "bot": bots[(i - 1) % bots.len()] }));
    }
    Ok(Value::Array(seats))
}

/// `parlour serve` on a temporary database, killed when dropped.
struct ChildServer {
    child: Child,
    addr: SocketAddr,
    _dir: tempfile::TempDir,
}

impl ChildServer {
    fn start() -> Result<ChildServer> {
        let dir = tempfile::tempdir().context("making a temporary directory")?;
        let exe = std::env::current_exe().context("finding this program")?;
        let mut child = Command::new(exe)
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(format!("sqlite://{}", dir.path().join("load.db").display()))
            // Every table comes from this one address, faster than any person makes them.
            .args(["--tables-per-minute", "0", "--max-tables", "0"])
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("starting parlour serve")?;
        let mut line = String::new();
        if let Some(stdout) = child.stdout.take() {
            BufReader::new(stdout)
                .read_line(&mut line)
                .context("reading the server's first line")?;
        }
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|a| a.parse().ok());
        let Some(addr) = addr else {
            let _ = child.kill();
            let _ = child.wait();
            bail!("parlour serve did not start (it said `{}`)", line.trim());
        };
        Ok(ChildServer {
            child,
            addr,
            _dir: dir,
        })
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        // Its database is temporary: nothing to shut down gracefully for.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request on a fresh connection; returns the status and body.
async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> Result<(u16, String)> {
    let mut s = TcpStream::connect(addr)
        .await
        .with_context(|| format!("connecting to {addr}"))?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await?;
    s.write_all(body.as_bytes()).await?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await?;
    let text = String::from_utf8(raw).context("a response that is not UTF-8")?;
    let status = text
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .with_context(|| format!("a malformed response to {method} {path}"))?;
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    Ok((status, body))
}

async fn stats(addr: SocketAddr) -> Result<Stats> {
    let (status, body) = http(addr, "GET", "/api/stats", "").await?;
    if status != 200 {
        bail!("GET /api/stats answered {status}: {body}");
    }
    serde_json::from_str(&body).context("reading /api/stats")
}

/// Counters every slot updates, read by the progress line.
#[derive(Default)]
struct Counters {
    open: AtomicU64,
    created: AtomicU64,
    finished: AtomicU64,
    resigned: AtomicU64,
    acked: AtomicU64,
    stale: AtomicU64,
    throttled: AtomicU64,
    errors: AtomicU64,
    /// Slots whose first table is open.
    ramped: AtomicU64,
    samples: std::sync::Mutex<Vec<String>>,
}

impl Counters {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut s) = self.samples.lock()
            && s.len() < ERRORS_KEPT
        {
            s.push(what);
        }
    }
}

/// Everything one slot needs.
struct Slot {
    addr: SocketAddr,
    request: String,
    deadline: Instant,
    counters: Arc<Counters>,
    creating: Arc<Semaphore>,
    rng: ChaCha8Rng,
    hist: Histogram<u64>,
    /// The round trips measured once every slot had its first table open.
    after_ramp: Histogram<u64>,
    /// Slots in all: the ramp is over once this many have ramped.
    slots: u64,
    think: Duration,
}

fn new_histogram() -> Histogram<u64> {
    // Microseconds from 1 µs to 10 minutes, three significant figures.
    Histogram::new_with_bounds(1, 600_000_000, 3).expect("the bounds are valid")
}

async fn drive(args: &LoadArgs, addr: SocketAddr, seats: Value) -> Result<LoadReport> {
    let before = stats(addr)
        .await
        .with_context(|| format!("no table server at {addr}"))?;
    let request = json!({ "game": args.game, "seats": seats }).to_string();
    let counters = Arc::new(Counters::default());
    let creating = Arc::new(Semaphore::new(CREATING_AT_ONCE));
    let start = Instant::now();
    let deadline = start + Duration::from_secs(args.seconds);
    let mut slots = Vec::new();
    for i in 0..args.tables {
        let slot = Slot {
            addr,
            request: request.clone(),
            deadline,
            counters: counters.clone(),
            creating: creating.clone(),
            rng: ChaCha8Rng::seed_from_u64(args.seed ^ u64::from(i).wrapping_mul(0x9e37_79b9)),
            hist: new_histogram(),
            after_ramp: new_histogram(),
            slots: u64::from(args.tables),
            think: args.think,
        };
        slots.push(tokio::spawn(slot.run()));
    }

    let bar = ProgressBar::new(args.seconds);
    bar.set_style(
        ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {msg}")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    let mut ramp = None;
    let (mut held_max, mut held_min) = (0, u64::MAX);
    let mut held_stats: Option<Stats> = None;
    let mut last_acked = 0;
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    while Instant::now() < deadline {
        tick.tick().await;
        if Instant::now() >= deadline {
            // The slots are resigning their tables now: not a count of tables held.
            break;
        }
        let c = &counters;
        let open = c.open.load(Ordering::Relaxed);
        held_max = held_max.max(open);
        if ramp.is_none() && c.ramped.load(Ordering::Relaxed) == u64::from(args.tables) {
            ramp = Some(start.elapsed());
        } else if ramp.is_some() {
            held_min = held_min.min(open);
        }
        let acked = c.acked.load(Ordering::Relaxed);
        bar.set_position(start.elapsed().as_secs());
        bar.set_message(format!(
            "{open} open, {} finished, {acked} actions ({}/s), {} errors",
            c.finished.load(Ordering::Relaxed),
            (acked - last_acked) * 2,
            c.errors.load(Ordering::Relaxed)
        ));
        last_acked = acked;
        // The server's memory while the tables are held: the last sample before closing.
        if deadline.saturating_duration_since(Instant::now()) < Duration::from_secs(2)
            && held_stats.is_none()
        {
            held_stats = stats(addr).await.ok();
        }
    }
    let elapsed = start.elapsed();
    if held_stats.is_none() {
        held_stats = stats(addr).await.ok();
    }
    bar.set_message("closing tables");
    let (mut hist, mut after_ramp) = (new_histogram(), new_histogram());
    for s in slots {
        match s.await {
            Ok((h, a)) => {
                hist.add(h).context("merging histograms")?;
                after_ramp.add(a).context("merging histograms")?;
            }
            Err(e) => counters.error(format!("a slot failed: {e}")),
        }
    }
    bar.finish_and_clear();
    let after = stats(addr).await.ok();

    let c = &counters;
    let acked = c.acked.load(Ordering::Relaxed);
    let rss_before = before.resident_bytes;
    let rss_held = held_stats.as_ref().and_then(|s| s.resident_bytes);
    let per_table = match (rss_before, rss_held) {
        (Some(b), Some(h)) if held_max > 0 => Some(h.saturating_sub(b) / held_max),
        _ => None,
    };
    Ok(LoadReport {
        game: args.game.clone(),
        tables_asked: args.tables,
        think_ms: u64::try_from(args.think.as_millis()).unwrap_or(u64::MAX),
        duration_s: elapsed.as_secs_f64(),
        ramp_s: ramp.unwrap_or(elapsed).as_secs_f64(),
        ramp_done: ramp.is_some(),
        tables_held: held_max,
        tables_held_min: if held_min == u64::MAX { 0 } else { held_min },
        tables_created: c.created.load(Ordering::Relaxed),
        tables_finished: c.finished.load(Ordering::Relaxed),
        tables_resigned: c.resigned.load(Ordering::Relaxed),
        actions_acked: acked,
        actions_per_s: acked as f64 / elapsed.as_secs_f64(),
        rtt_ms: Rtt::of(&hist).unwrap_or_default(),
        rtt_after_ramp_ms: Rtt::of(&after_ramp),
        stale: c.stale.load(Ordering::Relaxed),
        throttled: c.throttled.load(Ordering::Relaxed),
        errors: c.errors.load(Ordering::Relaxed),
        error_samples: c.samples.lock().map(|s| s.clone()).unwrap_or_default(),
        server_tables_open_after: after.map(|s| s.tables_open),
        server_rss_before_bytes: rss_before,
        server_rss_held_bytes: rss_held,
        server_bytes_per_table: per_table,
    })
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// How one game at a table ended for its slot.
enum Ended {
    /// The table finished.
    Finished,
    /// Time is up: the table was resigned.
    TimeUp,
}

impl Slot {
    /// A pause before acting: uniform in half to one and a half times `think`.
    fn think_time(&mut self) -> Duration {
        if self.think.is_zero() {
            return Duration::ZERO;
        }
        self.think.mul_f64(self.rng.random_range(0.5..1.5))
    }

    /// Plays table after table until the deadline; returns the round trips it measured, all
    /// and those after the ramp.
    async fn run(mut self) -> (Histogram<u64>, Histogram<u64>) {
        let mut first = true;
        while Instant::now() < self.deadline {
            let created = match self.create().await {
                Ok(t) => t,
                Err(e) => {
                    self.counters.error(format!("creating a table: {e:#}"));
                    break;
                }
            };
            // A small read buffer: the 128 KiB default is zeroed on every read.
            let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
            // The table id in the URL, for a proxy that routes by table (docs/serving.md).
            let url = format!("ws://{}/ws?table={}", self.addr, created.table);
            let ws = match tokio_tungstenite::connect_async_with_config(url, Some(config), false)
                .await
            {
                Ok((ws, _)) => ws,
                Err(e) => {
                    self.counters.error(format!("connecting: {e}"));
                    break;
                }
            };
            self.counters.open.fetch_add(1, Ordering::Relaxed);
            if first {
                self.counters.ramped.fetch_add(1, Ordering::Relaxed);
                first = false;
            }
            let ended = self.play(ws, &created).await;
            self.counters.open.fetch_sub(1, Ordering::Relaxed);
            match ended {
                Ok(Ended::Finished) => {
                    self.counters.finished.fetch_add(1, Ordering::Relaxed);
                }
                Ok(Ended::TimeUp) => {
                    self.counters.resigned.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                Err(e) => {
                    self.counters
                        .error(format!("table {}: {e:#}", created.table));
                    break;
                }
            }
        }
        (self.hist, self.after_ramp)
    }

    async fn create(&self) -> Result<CreatedTable> {
        let _permit = self.creating.acquire().await?;
        let (status, body) = http(self.addr, "POST", "/api/tables", &self.request).await?;
        match status {
            201 => {}
            429 => bail!(
                "the server refused a new table by its per-address limit (429: {body}); \
                 start it with `--tables-per-minute 0` for a load test"
            ),
            503 => bail!(
                "the server refused a new table: it is full (503: {body}); start it with \
                 `--max-tables 0`, or load it with fewer tables"
            ),
            _ => bail!("POST /api/tables answered {status}: {body}"),
        }
        self.counters.created.fetch_add(1, Ordering::Relaxed);
        serde_json::from_str(&body).context("reading the created table")
    }

    /// Joins `t` and plays until it finishes or time is up (then resigns it).
    async fn play(&mut self, mut ws: Ws, t: &CreatedTable) -> Result<Ended> {
        let seat = t.seats.first().context("the table has no person's seat")?;
        let join = ClientMsg::Join {
            table: t.table.clone(),
            token: seat.token.clone(),
        };
        ws.send(Message::text(join.encode())).await?;
        // The step an action was sent at, and when.
        let mut pending: Option<(u64, Instant)> = None;
        // Deciding: until when, on which step, among which actions (the newest state's).
        let mut deciding: Option<(Instant, u64, Vec<String>)> = None;
        loop {
            let decided = async {
                match &deciding {
                    Some((until, ..)) => tokio::time::sleep_until(*until).await,
                    None => std::future::pending::<()>().await,
                }
            };
            let next = tokio::select! {
                m = tokio::time::timeout(QUIET_LIMIT, ws.next()) => m,
                () = tokio::time::sleep_until(self.deadline) => {
                    self.resign(ws).await?;
                    return Ok(Ended::TimeUp);
                }
                () = decided => {
                    let (_, step, legal) = deciding.take().expect("deciding");
                    let i = self.rng.random_range(0..legal.len());
                    let act = ClientMsg::Act {
                        action: legal[i].clone(),
                        step,
                    };
                    pending = Some((step, Instant::now()));
                    ws.send(Message::text(act.encode())).await?;
                    continue;
                }
            };
            let text = match next {
                Err(_) => bail!("no message for {} s", QUIET_LIMIT.as_secs()),
                Ok(None) => bail!("the server closed the connection"),
                Ok(Some(m)) => match m? {
                    Message::Text(t) => t,
                    Message::Close(_) => bail!("the server closed the connection"),
                    _ => continue,
                },
            };
            match ServerMsg::decode(&text)? {
                ServerMsg::Welcome { .. }
                | ServerMsg::Notice { .. }
                | ServerMsg::Rematch { .. }
                | ServerMsg::RematchOffer(_)
                | ServerMsg::Hint { .. }
                | ServerMsg::Presence { .. } => {}
                ServerMsg::State {
                    step,
                    status,
                    to_act,
                    legal,
                    ..
                } => {
                    if let Some((sent, at)) = pending
                        && step > sent
                    {
                        let us = u64::try_from(at.elapsed().as_micros()).unwrap_or(u64::MAX);
                        self.hist.saturating_record(us.max(1));
                        if self.counters.ramped.load(Ordering::Relaxed) == self.slots {
                            self.after_ramp.saturating_record(us.max(1));
                        }
                        self.counters.acked.fetch_add(1, Ordering::Relaxed);
                        pending = None;
                    }
                    if status == Status::Finished {
                        let _ = ws.close(None).await;
                        return Ok(Ended::Finished);
                    }
                    if pending.is_none() && to_act.contains(&seat.seat) && !legal.is_empty() {
                        // A newer state while deciding: decide on it, by the same time.
                        let until = match &deciding {
                            Some((until, ..)) => *until,
                            None => Instant::now() + self.think_time(),
                        };
                        deciding = Some((until, step, legal));
                    } else {
                        deciding = None;
                    }
                }
                ServerMsg::Rejected { code, reason, .. } => {
                    pending = None;
                    deciding = None;
                    match code {
                        RejectCode::Throttled => {
                            self.counters.throttled.fetch_add(1, Ordering::Relaxed);
                            tokio::time::sleep(THROTTLE_PAUSE).await;
                        }
                        RejectCode::Stale => {
                            self.counters.stale.fetch_add(1, Ordering::Relaxed);
                        }
                        other => self
                            .counters
                            .error(format!("refused ({other:?}): {reason}")),
                    }
                    // Decide again on the newest state.
                    ws.send(Message::text(ClientMsg::View.encode())).await?;
                }
            }
        }
    }

    /// Gives the table up so it does not stay open, and waits for it to finish.
    async fn resign(&self, mut ws: Ws) -> Result<()> {
        ws.send(Message::text(ClientMsg::Resign.encode())).await?;
        let wait = async {
            while let Some(m) = ws.next().await {
                let Message::Text(t) = m? else { continue };
                match ServerMsg::decode(&t)? {
                    ServerMsg::State {
                        status: Status::Finished,
                        ..
                    }
                    // It finished on its own just before.
                    | ServerMsg::Rejected {
                        code: RejectCode::NotPlaying,
                        ..
                    } => return Ok::<_, anyhow::Error>(()),
                    _ => {}
                }
            }
            bail!("the server closed the connection before the table finished")
        };
        tokio::time::timeout(CLOSE_LIMIT, wait)
            .await
            .context("resigning took too long")??;
        let _ = ws.close(None).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_addresses_are_accepted() {
        for ok in [
            "127.0.0.1:80",
            "127.1.2.3:9",
            "[::1]:8080",
            "[::ffff:127.0.0.1]:1",
        ] {
            assert!(check_loopback(ok.parse().unwrap()).is_ok(), "{ok}");
        }
        for bad in [
            "10.0.0.1:80",
            "0.0.0.0:80",
            "[::]:80",
            "192.168.1.2:8080",
            "8.8.8.8:53",
        ] {
            let e = check_loopback(bad.parse().unwrap()).unwrap_err();
            assert!(e.to_string().contains("not a loopback address"), "{e}");
        }
    }

    #[test]
    fn seats_are_one_person_and_the_bots_repeated() {
        let seats = seats_for("troll-tricker", &["random".into(), "greedy".into()]).unwrap();
        let seats = seats.as_array().unwrap();
        let players = parlour_games::find("troll-tricker")
            .unwrap()
            .default_players();
        assert_eq!(seats.len(), usize::from(players));
        assert!(seats[0].get("human").is_some());
        assert_eq!(seats[1]["bot"], "random");
        if seats.len() > 2 {
            assert_eq!(seats[2]["bot"], "greedy");
        }
        assert!(seats_for("no-such-game", &["random".into()]).is_err());
    }
}
