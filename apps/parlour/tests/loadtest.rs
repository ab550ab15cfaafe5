//! `parlour loadtest` end to end through the real binary: a small bounded run on loopback.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};

use serde_json::Value;

fn parlour(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .output()
        .expect("parlour runs")
}

/// Starts `parlour serve` on loopback with `extra` flags: the process, its address and the
/// folder of its database (removed when dropped).
fn serve(extra: &[&str]) -> (Child, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(extra)
        .arg("--db")
        .arg(format!("sqlite://{}", dir.path().join("t.db").display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line.trim().strip_prefix("listening on http://").unwrap();
    (server, addr.to_owned(), dir)
}

/// Runs a load test with `extra` arguments and returns its JSON report.
fn loadtest(tables: u32, seconds: u32, extra: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("load.json");
    let tables = tables.to_string();
    let seconds = seconds.to_string();
    let mut args = vec!["loadtest", "--tables", &tables, "--duration", &seconds];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--json", json.to_str().unwrap()]);
    let o = parlour(&args);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(text.contains("round trip"), "{text}");
    serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap()
}

fn num(r: &Value, key: &str) -> f64 {
    r[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} missing: {r}"))
}

/// What every clean run must show, whatever the machine's speed.
fn assert_consistent(r: &Value, tables: u64) {
    assert_eq!(r["errors"], 0, "{r}");
    assert!(r["error_samples"].as_array().unwrap().is_empty(), "{r}");
    let acked = num(r, "actions_acked");
    assert!(acked > 0.0, "{r}");
    let per_s = acked / num(r, "duration_s");
    assert!((num(r, "actions_per_s") - per_s).abs() < 1e-6, "{r}");
    let held = r["tables_held"].as_u64().unwrap();
    assert!((1..=tables).contains(&held), "{r}");
    assert!(r["tables_held_min"].as_u64().unwrap() <= held, "{r}");
    assert!(num(r, "ramp_s") <= num(r, "duration_s"), "{r}");
    assert!(r["ramp_done"].is_boolean(), "{r}");
    // Each slot's tables all finished except the one resigned when time was up; a slot whose
    // last table finished on its own right at the end resigned none.
    let created = r["tables_created"].as_u64().unwrap();
    let resigned = r["tables_resigned"].as_u64().unwrap();
    assert_eq!(
        created,
        r["tables_finished"].as_u64().unwrap() + resigned,
        "{r}"
    );
    assert!((1..=tables).contains(&resigned), "{r}");
    assert_eq!(r["server_tables_open_after"], 0, "{r}");
    let rtt = &r["rtt_ms"];
    let (p50, p99, max) = (num(rtt, "p50"), num(rtt, "p99"), num(rtt, "max"));
    assert!(0.0 < p50 && p50 <= p99 && p99 <= max, "{r}");
    // The round trips after the ramp are some of all of them: none beyond the largest.
    let after = &r["rtt_after_ramp_ms"];
    if !after.is_null() {
        let (p50, p99, most) = (num(after, "p50"), num(after, "p99"), num(after, "max"));
        assert!(0.0 < p50 && p50 <= p99 && p99 <= most && most <= max, "{r}");
    }
    if cfg!(target_os = "linux") {
        assert!(num(r, "server_rss_before_bytes") > 0.0, "{r}");
        assert!(r["server_bytes_per_table"].is_u64(), "{r}");
    }
}

#[test]
fn a_small_load_test_plays_and_closes_every_table() {
    let r = loadtest(20, 3, &[]);
    assert_eq!(r["game"], "troll-tricker");
    assert_eq!(r["tables_asked"], 20);
    assert_consistent(&r, 20);
    // 20 tables open in far less than 3 s, and act on after that.
    assert!(r["rtt_after_ramp_ms"].is_object(), "{r}");
}

#[test]
fn a_running_server_on_loopback_can_be_tested() {
    let (mut server, addr, _dir) = serve(&[]);
    let addr = addr.as_str();
    let r = loadtest(5, 2, &["--addr", addr, "--game", "haunted"]);
    server.kill().unwrap();
    server.wait().unwrap();
    assert_eq!(r["game"], "haunted");
    assert_consistent(&r, 5);
}

#[test]
fn a_server_refusing_tables_by_its_address_limit_is_named() {
    let (mut server, addr, _dir) = serve(&["--tables-per-minute", "2"]);
    let addr = addr.as_str();
    let o = parlour(&[
        "loadtest",
        "--tables",
        "5",
        "--duration",
        "2",
        "--addr",
        addr,
    ]);
    server.kill().unwrap();
    server.wait().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(said.contains("per-address limit"), "{said}");
    assert!(said.contains("--tables-per-minute 0"), "{said}");
}

#[test]
fn addresses_off_this_machine_are_refused() {
    for addr in ["10.1.2.3:8080", "[2001:db8::1]:80", "0.0.0.0:8080"] {
        let o = parlour(&[
            "loadtest",
            "--tables",
            "1",
            "--duration",
            "1",
            "--addr",
            addr,
        ]);
        assert!(!o.status.success(), "{addr}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("not a loopback address"), "{addr}: {err}");
    }
}

#[test]
fn counts_and_durations_are_bounded() {
    for args in [
        ["--tables", "0", "--duration", "1"],
        ["--tables", "100000", "--duration", "1"],
        ["--tables", "1", "--duration", "0"],
        ["--tables", "1", "--duration", "100000"],
    ] {
        let mut all = vec!["loadtest"];
        all.extend_from_slice(&args);
        let o = parlour(&all);
        assert!(!o.status.success(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("must be 1 to"),
            "{args:?}"
        );
    }
}
