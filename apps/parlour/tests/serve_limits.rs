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
