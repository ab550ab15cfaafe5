//! Several `parlour serve --take-over` processes on one PostgreSQL database behind HAProxy,
//! configured by `docs/deploy/haproxy.cfg`: a game through the proxy, a process killed and one
//! drained mid-game, PostgreSQL restarted mid-game, and `parlour loadtest` through the proxy.
//! One more kills a process of a cluster run without `--take-over`, where its table moves only
//! once its lease has expired.
//! In each, the person's client plays on through the proxy alone, and every state it was sent
//! is checked against the finished table's stored record: nothing acknowledged is lost.
//!
//! Everything listens on 127.0.0.1. Needs `PARLOUR_TEST_POSTGRES`, Debian's `haproxy`, and
//! PostgreSQL's `initdb` and `pg_ctl` for the restart (`scripts/test` provides all three).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use parlour_protocol::{ClientMsg, CreatedTable, RejectCode, Replay, ServerMsg, Stats, Status};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

#[path = "support/serve.rs"]
#[allow(dead_code)]
mod serve;
use serve::{Ws, http};

#[path = "support/postgres.rs"]
#[allow(dead_code)]
mod postgres;
use postgres::{PrivatePg, create_db, free_port, fresh_db};

/// One person and three bots: a short game.
const TABLE: &str = r#"{"game":"troll-tricker","seats":[{"human":{"name":"Ann"}},{"bot":"random"},{"bot":"random"},{"bot":"greedy"}]}"#;

/// How long any one scenario may take.
const BOUND: Duration = Duration::from_secs(90);

/// A `parlour serve` process (with `--take-over` unless told otherwise), killed when dropped.
struct Backend {
    child: Child,
    addr: SocketAddr,
}

impl Backend {
    fn start(db: &str, logs: &Path, n: usize, take_over: bool) -> Backend {
        let log = std::fs::File::create(logs.join(format!("backend-{n}.log"))).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
            .args(["--tables-per-minute", "0"])
            .args(take_over.then_some("--take-over"))
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line `{line}`"))
            .parse()
            .unwrap();
        Backend { child, addr }
    }

    fn tables_open(&self) -> u64 {
        let (st, body) = http(self.addr, "GET", "/api/stats", "");
        assert_eq!(st, 200, "{body}");
        serde_json::from_str::<Stats>(&body).unwrap().tables_open
    }

    /// SIGTERM: the process hands its tables over and exits.
    fn drain(&mut self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// HAProxy running `docs/deploy/haproxy.cfg` in front of `backends`, killed when dropped.
struct Proxy {
    child: Child,
    addr: SocketAddr,
}

impl Proxy {
    fn start(backends: &[&Backend], dir: &Path) -> Proxy {
        let documented = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/deploy/haproxy.cfg"
        ))
        .unwrap();
        let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
        let mut cfg = String::new();
        let mut servers = 0;
        for line in documented.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["bind", _] => cfg.push_str(&format!("    bind {addr}\n")),
                ["server", ..] => {
                    // The documented servers, replaced by this test's processes.
                    if servers == 0 {
                        for (i, b) in backends.iter().enumerate() {
                            cfg.push_str(&format!("    server p{} {}\n", i + 1, b.addr));
                        }
                    }
                    servers += 1;
                }
                _ => {
                    cfg.push_str(line);
                    cfg.push('\n');
                }
            }
        }
        assert!(servers > 0, "docs/deploy/haproxy.cfg lists no server");
        let file = dir.join("haproxy.cfg");
        std::fs::write(&file, cfg).unwrap();
        let log = std::fs::File::create(dir.join("haproxy.log")).unwrap();
        let mut child = Command::new(haproxy())
            .arg("-db")
            .arg("-f")
            .arg(&file)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("starting haproxy failed ({e}): install Debian's haproxy"));
        let start = Instant::now();
        while std::net::TcpStream::connect(addr).is_err() {
            if let Some(status) = child.try_wait().unwrap() {
                let log = std::fs::read_to_string(dir.join("haproxy.log")).unwrap_or_default();
                panic!("haproxy stopped ({status}): {log}");
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "haproxy did not start"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Proxy { child, addr }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn haproxy() -> &'static str {
    for p in ["/usr/sbin/haproxy", "/usr/bin/haproxy"] {
        if Path::new(p).exists() {
            return p;
        }
    }
    panic!(
        "these tests need HAProxy: install Debian's haproxy package (scripts/test does so as root)"
    );
}

/// Processes, a proxy and a folder for their logs and configuration.
struct Cluster {
    backends: Vec<Backend>,
    proxy: Proxy,
    _dir: tempfile::TempDir,
}

impl Cluster {
    fn start(db: &str, n: usize) -> Cluster {
        Cluster::start_with(db, n, true)
    }

    fn start_with(db: &str, n: usize, take_over: bool) -> Cluster {
        let dir = tempfile::tempdir().unwrap();
        let backends: Vec<Backend> = (0..n)
            .map(|i| Backend::start(db, dir.path(), i, take_over))
            .collect();
        let proxy = Proxy::start(&backends.iter().collect::<Vec<_>>(), dir.path());
        Cluster {
            backends,
            proxy,
            _dir: dir,
        }
    }

    fn create(&self) -> CreatedTable {
        let (st, body) = http(self.proxy.addr, "POST", "/api/tables", TABLE);
        assert_eq!(st, 201, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    /// A table whose requests by id the proxy sends to the process that made it. Without
    /// `--take-over` a table the hash puts elsewhere is turned away there while its maker
    /// lives, so tables are made (round the processes) until one lands where its hash points.
    fn create_where_routed(&self) -> CreatedTable {
        for _ in 0..30 {
            let t = self.create();
            let (st, body) = http(
                self.proxy.addr,
                "GET",
                &format!("/api/tables/{}", t.table),
                "",
            );
            match st {
                200 => return t,
                409 => {}
                _ => panic!("{st}: {body}"),
            }
        }
        panic!("no table made was routed to its maker");
    }

    /// The process serving the cluster's one table in play. The process that made it may hold
    /// it a little longer, until its next lease renewal finds it taken over.
    fn owner(&self) -> usize {
        let start = Instant::now();
        loop {
            let open: Vec<usize> = (0..self.backends.len())
                .filter(|&i| self.backends[i].tables_open() > 0)
                .collect();
            if open.len() == 1 {
                return open[0];
            }
            assert!(
                start.elapsed() < parlour_server::RENEW_EVERY * 2,
                "one process serves the table, not {open:?}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The process serving table `id`, asked of each process directly: the others turn it away
    /// while its holder lives. (Tables made and left by `create_where_routed` stay open at their
    /// makers, so counting open tables would not tell.)
    fn owner_of(&self, id: &str) -> usize {
        let start = Instant::now();
        loop {
            let serving: Vec<usize> = (0..self.backends.len())
                .filter(|&i| {
                    let (st, _) = http(
                        self.backends[i].addr,
                        "GET",
                        &format!("/api/tables/{id}"),
                        "",
                    );
                    st == 200
                })
                .collect();
            if serving.len() == 1 {
                return serving[0];
            }
            assert!(
                start.elapsed() < parlour_server::RENEW_EVERY * 2,
                "one process serves table {id}, not {serving:?}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until no process holds a table in play.
    fn all_closed(&self) {
        let start = Instant::now();
        while self.backends.iter().any(|b| b.tables_open() > 0) {
            assert!(
                start.elapsed() < parlour_server::RENEW_EVERY * 2,
                "a table is left open"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// What a person's client saw: every state by step, and how its connections ended.
#[derive(Default)]
struct Seen {
    views: BTreeMap<u64, Value>,
    /// When each `state` arrived.
    arrivals: Vec<Instant>,
    closes: Vec<String>,
    connections: u32,
    refusals: Vec<RejectCode>,
}

/// The person in seat 0, playing the first legal action whenever asked, through the proxy
/// only, reconnecting as the page does.
struct Person {
    proxy: SocketAddr,
    table: CreatedTable,
    ws: Option<Ws>,
    seen: Seen,
    played: usize,
}

impl Person {
    fn new(proxy: SocketAddr, table: CreatedTable) -> Person {
        Person {
            proxy,
            table,
            ws: None,
            seen: Seen::default(),
            played: 0,
        }
    }

    async fn connect(&mut self) -> Ws {
        let url = format!("ws://{}/ws?table={}", self.proxy, self.table.table);
        loop {
            if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await {
                let join = ClientMsg::Join {
                    table: self.table.table.clone(),
                    token: self.table.seats[0].token.clone(),
                };
                if ws.send(Message::text(join.encode())).await.is_ok() {
                    self.seen.connections += 1;
                    return ws;
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Plays until it has made `turns` moves in all and is to act again, or to the end.
    async fn play(&mut self, turns: usize) -> Status {
        let started = Instant::now();
        // Picks up where the last call stopped: on the state it is to act on.
        if let Some(ws) = self.ws.as_mut() {
            let _ = ws.send(Message::text(ClientMsg::View.encode())).await;
        }
        loop {
            assert!(started.elapsed() < BOUND, "the game did not go on in time");
            let mut ws = match self.ws.take() {
                Some(ws) => ws,
                None => self.connect().await,
            };
            let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
                .await
                .expect("a message or a close within 30 s");
            let text = match msg {
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(Message::Close(frame))) => {
                    let reason = frame.map(|f| format!("{} {}", u16::from(f.code), f.reason));
                    self.seen.closes.push(reason.unwrap_or_default());
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
                Some(Ok(_)) => {
                    self.ws = Some(ws);
                    continue;
                }
                Some(Err(e)) => {
                    self.seen.closes.push(format!("dropped: {e}"));
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
                None => {
                    self.seen.closes.push("dropped".to_owned());
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            match ServerMsg::decode(&text).unwrap() {
                ServerMsg::State {
                    step,
                    status,
                    view,
                    legal,
                    ..
                } => {
                    self.seen.arrivals.push(Instant::now());
                    if let Some(before) = self.seen.views.insert(step, view.clone()) {
                        assert_eq!(before, view, "step {step} was sent twice, differently");
                    }
                    if status == Status::Finished || (self.played >= turns && !legal.is_empty()) {
                        self.ws = Some(ws);
                        return status;
                    }
                    if let Some(a) = legal.first() {
                        self.played += 1;
                        let act = ClientMsg::Act {
                            action: a.clone(),
                            step,
                        };
                        // A failed send shows as a close at the next read.
                        let _ = ws.send(Message::text(act.encode())).await;
                    }
                }
                ServerMsg::Rejected { code, reason, .. } => {
                    self.seen.refusals.push(code);
                    match code {
                        // Not stored (the database is away), or decided on an old state: look
                        // again and decide again.
                        RejectCode::Internal | RejectCode::Stale | RejectCode::NotYourTurn => {
                            tokio::time::sleep(Duration::from_millis(100)).await;
                            let _ = ws.send(Message::text(ClientMsg::View.encode())).await;
                        }
                        RejectCode::TableElsewhere => {
                            // The page closes and reconnects.
                            let _ = ws.close(None).await;
                            tokio::time::sleep(Duration::from_millis(200)).await;
                            continue;
                        }
                        _ => panic!("{code:?}: {reason}"),
                    }
                }
                _ => {}
            }
            self.ws = Some(ws);
        }
    }

    /// Checks every state this client was sent against the stored record of the finished
    /// table: nothing acknowledged was lost or changed.
    fn check_against_record(&self, proxy: SocketAddr) -> Replay {
        let (st, body) = http(
            proxy,
            "GET",
            &format!("/api/tables/{}/replay?seat=0", self.table.table),
            "",
        );
        assert_eq!(st, 200, "{body}");
        let replay: Replay = serde_json::from_str(&body).unwrap();
        assert_eq!(replay.status, Status::Finished);
        let last = *self.seen.views.keys().last().unwrap();
        assert_eq!(
            replay.steps.len() as u64,
            last + 1,
            "the finished table's steps"
        );
        for (step, view) in &self.seen.views {
            let stored = &replay.steps[usize::try_from(*step).unwrap()];
            assert_eq!(
                &stored.view, view,
                "step {step} as sent differs from the record"
            );
        }
        replay
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_through_the_proxy_stays_on_one_process() {
    let db = fresh_db().await;
    let c = Cluster::start(&db, 3);
    let mut p = Person::new(c.proxy.addr, c.create());
    assert_eq!(p.play(usize::MAX).await, Status::Finished);
    p.check_against_record(c.proxy.addr);
    // Once it reached the process the proxy picks, the table stayed there.
    assert_eq!(p.seen.connections, 1, "closes: {:?}", p.seen.closes);
    assert!(p.seen.closes.is_empty(), "{:?}", p.seen.closes);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_process_s_table_goes_on_at_another() {
    let db = fresh_db().await;
    let mut c = Cluster::start(&db, 3);
    let mut p = Person::new(c.proxy.addr, c.create());
    assert_eq!(p.play(6).await, Status::Playing);
    let owner = c.owner();
    c.backends[owner].child.kill().unwrap();
    c.backends[owner].child.wait().unwrap();
    assert_eq!(p.play(usize::MAX).await, Status::Finished);
    p.check_against_record(c.proxy.addr);
    assert!(p.seen.connections >= 2, "the client reconnected");
    let survivors: u64 = (0..3)
        .filter(|&i| i != owner)
        .map(|i| c.backends[i].tables_open())
        .sum();
    assert_eq!(survivors, 0, "the table finished at another process");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_take_over_a_killed_process_s_table_moves_once_its_lease_expires() {
    let db = fresh_db().await;
    let mut c = Cluster::start_with(&db, 2, false);
    let table = c.create_where_routed();
    let id = table.table.clone();
    let mut p = Person::new(c.proxy.addr, table);
    assert_eq!(p.play(6).await, Status::Playing);
    let owner = c.owner_of(&id);
    let survivor = 1 - owner;
    let left_before = c.backends[survivor].tables_open();
    c.backends[owner].child.kill().unwrap();
    c.backends[owner].child.wait().unwrap();
    let killed = Instant::now();
    let refused_before = p.seen.refusals.len();
    assert_eq!(p.play(usize::MAX).await, Status::Finished);
    p.check_against_record(c.proxy.addr);
    // The survivor turned the client away while the dead process's lease ran, and served the
    // table once it had expired: renewed every `RENEW_EVERY`, it had about `LEASE -
    // RENEW_EVERY` left at least (less a renewal running late on a busy machine).
    assert!(
        p.seen.refusals[refused_before..].contains(&RejectCode::TableElsewhere),
        "{:?}",
        p.seen.refusals
    );
    let resumed = p
        .seen
        .arrivals
        .iter()
        .find(|&&t| t > killed)
        .expect("a state after the kill")
        .duration_since(killed);
    let expiry = parlour_server::LEASE - parlour_server::RENEW_EVERY;
    assert!(
        resumed >= expiry - Duration::from_secs(2),
        "taken over after {resumed:?}, before the lease could expire"
    );
    assert!(
        resumed < parlour_server::LEASE + Duration::from_secs(3),
        "taken over only after {resumed:?}"
    );
    assert!(p.seen.connections >= 2, "the client reconnected");
    assert!(
        c.backends[survivor].tables_open() <= left_before,
        "the table taken over is closed once finished"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drained_process_hands_its_table_over() {
    let db = fresh_db().await;
    let mut c = Cluster::start(&db, 3);
    let mut p = Person::new(c.proxy.addr, c.create());
    assert_eq!(p.play(6).await, Status::Playing);
    let owner = c.owner();
    let drained = Instant::now();
    c.backends[owner].drain();
    assert_eq!(p.play(usize::MAX).await, Status::Finished);
    p.check_against_record(c.proxy.addr);
    // The client was told why, and rejoined through the proxy.
    assert!(
        p.seen
            .closes
            .iter()
            .any(|r| r.starts_with("1012 ") && r.contains("stopping")),
        "{:?}",
        p.seen.closes
    );
    assert!(p.seen.connections >= 2, "closes: {:?}", p.seen.closes);
    let status = c.backends[owner].child.wait().unwrap();
    assert!(
        status.success(),
        "the drained process exits cleanly: {status}"
    );
    assert!(drained.elapsed() < Duration::from_secs(15));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_database_loses_no_acknowledged_action() {
    let pg = PrivatePg::start();
    let db = create_db(&pg.url()).await;
    let c = Cluster::start(&db, 2);
    let mut p = Person::new(c.proxy.addr, c.create());
    assert_eq!(p.play(6).await, Status::Playing);
    // Away longer than a lease: the processes stop their tables, and take them again once it
    // is back.
    pg.down();
    let game = tokio::spawn(async move {
        let status = p.play(usize::MAX).await;
        (p, status)
    });
    tokio::time::sleep(parlour_server::LEASE + Duration::from_secs(1)).await;
    pg.up();
    let (p, status) = game.await.unwrap();
    assert_eq!(status, Status::Finished);
    p.check_against_record(c.proxy.addr);
    // The person's move was refused while the database was away, and the connection closed
    // when its process gave the table up; it rejoined once the database was back.
    assert!(
        p.seen.refusals.contains(&RejectCode::Internal),
        "{:?} {:?} {}",
        p.seen.refusals,
        p.seen.closes,
        p.seen.connections
    );
    assert!(p.seen.connections >= 2, "closes: {:?}", p.seen.closes);
}

#[test]
fn loadtest_through_the_proxy() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let db = rt.block_on(fresh_db());
    let c = Cluster::start(&db, 3);
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("load.json");
    let out = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["loadtest", "--tables", "20", "--duration", "5", "--addr"])
        .arg(c.proxy.addr.to_string())
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(r["errors"], 0, "{r}");
    assert!(r["actions_acked"].as_u64().unwrap() > 0, "{r}");
    assert_eq!(r["tables_held"], 20, "{r}");
    // Every table was closed, on whichever process served it.
    c.all_closed();
}
