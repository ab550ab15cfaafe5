//! `parlour serve` limits how many tables one address makes and how many are open at once.

#[path = "support/serve.rs"]
#[allow(dead_code)]
mod serve;
use serve::{http, start_with};

const TABLE: &str =
    r#"{"game": "holy-matrimony", "seats": [{"human": {"name": "Ann"}}, {"bot": "random"}]}"#;

fn db(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("t.db").display())
}

#[test]
fn an_address_making_too_many_tables_is_told_to_wait() {
    let dir = tempfile::tempdir().unwrap();
    let s = start_with(&db(&dir), &["--tables-per-minute", "2"]);
    for _ in 0..2 {
        let (st, body) = http(s.addr, "POST", "/api/tables", TABLE);
        assert_eq!(st, 201, "{body}");
    }
    // A bad request is answered as such and does not use up the share.
    let (st, _) = http(
        s.addr,
        "POST",
        "/api/tables",
        r#"{"game": "nope", "seats": []}"#,
    );
    assert_eq!(st, 400);
    let (st, body) = http(s.addr, "POST", "/api/tables", TABLE);
    assert_eq!(st, 429, "{body}");
    assert!(body.contains("too many tables"), "{body}");
    // Everything else still works for that address.
    let (st, _) = http(s.addr, "GET", "/healthz", "");
    assert_eq!(st, 200);
}

#[test]
fn a_full_server_refuses_new_tables_until_one_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let s = start_with(
        &db(&dir),
        &["--tables-per-minute", "0", "--max-tables", "1"],
    );
    let (st, body) = http(s.addr, "POST", "/api/tables", TABLE);
    assert_eq!(st, 201, "{body}");
    let (st, body) = http(s.addr, "POST", "/api/tables", TABLE);
    assert_eq!(st, 503, "{body}");
    assert!(body.contains("unfinished tables"), "{body}");
}

#[test]
fn tables_asked_for_at_once_stay_within_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let s = start_with(
        &db(&dir),
        &["--tables-per-minute", "0", "--max-tables", "3"],
    );
    let addr = s.addr;
    let start = std::sync::Arc::new(std::sync::Barrier::new(12));
    let asks: Vec<_> = (0..12)
        .map(|_| {
            let start = start.clone();
            std::thread::spawn(move || {
                start.wait();
                http(addr, "POST", "/api/tables", TABLE).0
            })
        })
        .collect();
    let mut answers: Vec<u16> = asks.into_iter().map(|t| t.join().unwrap()).collect();
    answers.sort_unstable();
    assert_eq!(answers, [[201; 3].as_slice(), &[503; 9]].concat());
    let (st, body) = http(addr, "GET", "/api/stats", "");
    assert_eq!(st, 200);
    let stats: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(stats["tables_open"], 3, "{body}");
}
