//! What an operator runs `parlour serve` with: a public address in every link, backups of a live
//! database, `/metrics`, and logs that hold no secret.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};

use futures_util::SinkExt;
use parlour_protocol::{ClientMsg, CreatedTable, ServerMsg, Status, TableSummary};
use parlour_record::Record;
use tokio_tungstenite::tungstenite::Message;

#[path = "support/serve.rs"]
#[allow(dead_code)]
mod serve;
use serve::{http, join, play, recv, start, start_with};

const TABLE: &str = r#"{"game": "troll-tricker", "seats": [{"human": {"name": "Ann"}}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]}"#;

fn db(dir: &tempfile::TempDir, name: &str) -> String {
    format!("sqlite://{}", dir.path().join(name).display())
}

fn create(addr: SocketAddr) -> CreatedTable {
    let (st, body) = http(addr, "POST", "/api/tables", TABLE);
    assert_eq!(st, 201, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// A GET with a bearer token; the status and body.
fn get_as(addr: SocketAddr, path: &str, token: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Authorization: Bearer {token}\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    (status, text.split_once("\r\n\r\n").unwrap().1.to_owned())
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn every_link_uses_the_public_address() {
    let dir = tempfile::tempdir().unwrap();
    let s = start_with(
        &db(&dir, "t.db"),
        &["--public-url", "https://Cards.Example.org/"],
    );
    let t = create(s.addr);
    let seat = &t.seats[0];
    assert_eq!(seat.link, format!("/play/{}?token={}", t.table, seat.token));
    assert_eq!(
        seat.url.as_deref(),
        Some(format!("https://cards.example.org{}", seat.link).as_str())
    );
    assert_eq!(
        t.spectate_url,
        Some(format!("https://cards.example.org/watch/{}", t.table))
    );
    runtime().block_on(async {
        let mut ws = join(s.addr, &t).await;
        match recv(&mut ws).await {
            ServerMsg::Welcome { public_url, .. } => {
                assert_eq!(public_url.as_deref(), Some("https://cards.example.org"));
            }
            other => panic!("{other:?}"),
        }
    });
    // The code holds the public address whatever origin the page names.
    let qr = |q: &str| {
        get_as(
            s.addr,
            &format!("/api/tables/{}/qr{q}", t.table),
            &seat.token,
        )
    };
    let (st, public) = qr("");
    assert_eq!(st, 200, "{public}");
    assert_eq!(
        qr("?origin=http://elsewhere.example"),
        (200, public.clone())
    );

    // By default links start with the listening address.
    let plain = start(&db(&dir, "u.db"));
    let t = create(plain.addr);
    assert_eq!(
        t.seats[0].url,
        Some(format!("http://{}{}", plain.addr, t.seats[0].link))
    );
    let (st, other) = get_as(
        plain.addr,
        &format!("/api/tables/{}/qr", t.table),
        &t.seats[0].token,
    );
    assert_eq!(st, 200);
    assert_ne!(other, public);
}

#[test]
fn a_bad_public_address_stops_the_server_before_it_starts() {
    for (bad, why) in [
        ("ftp://cards.example.org", "http:// or https://"),
        ("https://cards.example.org/?a=1", "query"),
        ("cards.example.org", "absolute URL"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(["serve", "--addr", "127.0.0.1:0", "--public-url", bad])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{bad}: {err}");
    }
}

fn backup(db: &str, out: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["backup", "--db", db])
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn a_backup_of_a_live_server_restores_its_table_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    let live = db(&dir, "live.db");
    let s = start(&live);
    let t = create(s.addr);
    let rt = runtime();
    let (step, status) = rt.block_on(async {
        let mut ws = join(s.addr, &t).await;
        play(&mut ws, 3).await
    });
    assert_eq!(status, Status::Playing);

    let copy = dir.path().join("copy.db");
    let out = backup(&live, &copy);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("backed up 1 tables ("), "{said}");
    // Never over a file, and a clear word for a missing database.
    let again = backup(&live, &copy);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
    let none = backup(&db(&dir, "none.db"), &dir.path().join("n.db"));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no database at"));
    drop(s);

    // A server on the copy serves the table where it was, and it plays on.
    let restored = start(&format!("sqlite://{}", copy.display()));
    let (st, body) = http(
        restored.addr,
        "GET",
        &format!("/api/tables/{}", t.table),
        "",
    );
    assert_eq!(st, 200, "{body}");
    let summary: TableSummary = serde_json::from_str(&body).unwrap();
    assert_eq!((summary.step, summary.status), (step, Status::Playing));
    let (later, _) = rt.block_on(async {
        let mut ws = join(restored.addr, &t).await;
        play(&mut ws, 2).await
    });
    assert!(later > step);
}

/// A `parlour serve` whose standard output and error are kept.
struct Logged {
    child: Child,
    addr: SocketAddr,
    metrics: Option<SocketAddr>,
}

impl Drop for Logged {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_logged(db: &str, flags: &[&str], log: &std::path::Path) -> Logged {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .args(flags)
        .env("RUST_LOG", "trace")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap()
        .parse()
        .unwrap();
    let metrics = flags.contains(&"--metrics-addr").then(|| {
        line.clear();
        stdout.read_line(&mut line).unwrap();
        line.trim()
            .strip_prefix("metrics on http://")
            .and_then(|l| l.strip_suffix("/metrics"))
            .unwrap()
            .parse()
            .unwrap()
    });
    Logged {
        child,
        addr,
        metrics,
    }
}

/// One sample's value from Prometheus text, by its name and labels as written.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

#[test]
fn metrics_count_tables_actions_latency_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let s = start_logged(
        &db(&dir, "t.db"),
        &["--metrics-addr", "127.0.0.1:0"],
        &dir.path().join("log"),
    );
    let m = s.metrics.unwrap();
    let t = create(s.addr);
    runtime().block_on(async {
        let mut ws = join(s.addr, &t).await;
        let (step, _) = play(&mut ws, 2).await;
        let stale = ClientMsg::Act {
            action: "pass".into(),
            step: step + 9,
        };
        ws.send(Message::text(stale.encode())).await.unwrap();
        while !matches!(recv(&mut ws).await, ServerMsg::Rejected { .. }) {}
    });
    assert_eq!(http(s.addr, "GET", "/no-such-page", "").0, 404);
    // Only on the metrics address.
    assert_eq!(http(s.addr, "GET", "/metrics", "").0, 404);
    let (st, text) = http(m, "GET", "/metrics", "");
    assert_eq!(st, 200, "{text}");
    assert_eq!(sample(&text, "parlour_tables_open"), Some(1.0), "{text}");
    assert!(sample(&text, "parlour_connections").is_some(), "{text}");
    // Ann's two actions and the bots' in between.
    assert!(
        sample(&text, "parlour_actions_total").unwrap() >= 2.0,
        "{text}"
    );
    let steps = sample(&text, "parlour_step_seconds_count").unwrap();
    assert!(steps >= 2.0, "{text}");
    assert!(
        sample(&text, "parlour_store_seconds_count").unwrap() >= steps,
        "{text}"
    );
    assert!(
        text.contains("parlour_step_seconds_bucket{le=\"0.0001\"}"),
        "{text}"
    );
    assert_eq!(
        sample(&text, "parlour_refusals_total{code=\"stale\"}"),
        Some(1.0),
        "{text}"
    );
    assert!(
        sample(&text, "parlour_http_errors_total{status=\"404\"}").unwrap() >= 2.0,
        "{text}"
    );
    assert_eq!(sample(&text, "parlour_lease_takeovers_total"), Some(0.0));
    assert!(text.ends_with("# EOF\n"));
}

/// The words of a record's entries that name cards (`wave-8`, `flame-11`).
fn card_ids(record: &Record) -> BTreeSet<String> {
    record
        .actions
        .iter()
        .flat_map(|e| e.split(|c: char| c.is_whitespace() || matches!(c, ',' | ':')))
        .filter(|w| w.contains('-') && w.chars().any(|c| c.is_ascii_digit()))
        .map(str::to_owned)
        .collect()
}

#[test]
fn json_logs_at_trace_level_hold_no_token_seed_or_card() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    let s = start_logged(&db(&dir, "t.db"), &["--log-format", "json"], &log);
    let t = create(s.addr);
    let (_, status) = runtime().block_on(async {
        let mut ws = join(s.addr, &t).await;
        play(&mut ws, usize::MAX).await
    });
    assert_eq!(status, Status::Finished);
    let (st, body) = http(
        s.addr,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    );
    assert_eq!(st, 200, "{body}");
    let record = Record::from_json(&body).unwrap();
    drop(s);

    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let said = |what: &str| {
        lines
            .iter()
            .any(|l| l["fields"]["message"].as_str() == Some(what))
    };
    assert!(said("table created") && said("table finished"), "{text}");
    let cards = card_ids(&record);
    assert!(cards.len() > 20, "{cards:?}");
    let seed = record.seed.to_string();
    let secrets = cards
        .iter()
        .map(String::as_str)
        .chain([t.seats[0].token.as_str(), seed.as_str()]);
    for secret in secrets {
        assert!(
            !text.contains(secret),
            "`{secret}` is in the logs: {}",
            text.lines().find(|l| l.contains(secret)).unwrap()
        );
    }
}
