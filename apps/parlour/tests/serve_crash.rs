//! `parlour serve` survives being killed: every acknowledged action is stored, and the game
//! resumes on restart, bots and all.

use std::net::SocketAddr;

use futures_util::{SinkExt, StreamExt};
use parlour_protocol::{ClientMsg, CreatedTable, SeatRecord, ServerMsg, Status};
use parlour_record::Record;
use tokio_tungstenite::tungstenite::Message;

#[path = "support/serve.rs"]
mod serve;
use serve::{Ws, http, join, play, start, start_with};

#[path = "support/postgres.rs"]
#[allow(dead_code)]
mod postgres;

fn seat_record(addr: SocketAddr, t: &CreatedTable) -> SeatRecord {
    let (st, body) = http(
        addr,
        "GET",
        &format!("/api/tables/{}/record?token={}", t.table, t.seats[0].token),
        "",
    );
    assert_eq!(st, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_no_acknowledged_action_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let mut first = start(&db);
    let body = r#"{"game":"troll-tricker","seats":[{"human":{"name":"Ann"}},{"bot":"random"},{"bot":"random"},{"bot":"greedy"}]}"#;
    let (st, text) = http(first.addr, "POST", "/api/tables", body);
    assert_eq!(st, 201, "{text}");
    let t: CreatedTable = serde_json::from_str(&text).unwrap();

    let mut ws = join(first.addr, &t).await;
    // Every state the table sent was stored before it was sent.
    let (acked, status) = play(&mut ws, 6).await;
    assert_eq!(status, Status::Playing);
    let before = seat_record(first.addr, &t);
    assert!(before.step >= acked);
    assert_eq!(before.actions.len(), 6);
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    drop(ws);

    let second = start(&db);
    let after = seat_record(second.addr, &t);
    assert!(after.step >= before.step);
    assert_eq!(after.actions[..before.actions.len()], before.actions[..]);
    assert_eq!(after.log[..before.log.len()], before.log[..]);

    let mut ws = join(second.addr, &t).await;
    let (_, status) = play(&mut ws, usize::MAX).await;
    assert_eq!(status, Status::Finished);
    let (st, text) = http(
        second.addr,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    );
    assert_eq!(st, 200, "{text}");
    let record = Record::from_json(&text).unwrap();
    let replayed = parlour_games::replay(&record).unwrap();
    assert!(replayed.outcome().is_some());
    let mut second = second;
    second.child.kill().unwrap();
    second.child.wait().unwrap();
}

/// Plays the first legal action whenever asked until the connection ends; returns the latest
/// step a `state` carried.
async fn play_until_cut(mut ws: Ws) -> u64 {
    let mut seen = 0;
    while let Some(Ok(m)) = ws.next().await {
        let Message::Text(t) = m else { continue };
        let Ok(ServerMsg::State { step, legal, .. }) = ServerMsg::decode(&t) else {
            continue;
        };
        seen = seen.max(step);
        if let Some(a) = legal.first() {
            let act = ClientMsg::Act {
                action: a.clone(),
                step,
            };
            if ws.send(Message::text(act.encode())).await.is_err() {
                break;
            }
        }
    }
    seen
}

/// Many tables playing at once share each transaction (a group commit): a server killed while
/// they play has stored every step any of them was sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_mid_group_commit_loses_no_acknowledged_step() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    killed_mid_group_commit(&db, &[]).await;
}

/// As [`a_killed_server_mid_group_commit_loses_no_acknowledged_step`], on PostgreSQL, where each
/// group also checks every table's lease. The new server takes the tables over at once rather
/// than wait for the dead one's leases to expire.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_on_postgres_mid_group_commit_loses_no_acknowledged_step() {
    killed_mid_group_commit(&postgres::fresh_db().await, &["--take-over"]).await;
}

/// Plays 24 tables at once on a server with database `db`, kills it, and checks on a new server
/// (started with `flags`) that every step any table was sent is stored.
async fn killed_mid_group_commit(db: &str, flags: &[&str]) {
    let mut first = start_with(db, &["--tables-per-minute", "0"]);
    let body = r#"{"game":"troll-tricker","seats":[{"human":{"name":"Ann"}},{"bot":"random"},{"bot":"random"},{"bot":"random"}]}"#;
    let mut tables = Vec::new();
    let mut players = Vec::new();
    for _ in 0..24 {
        let (st, text) = http(first.addr, "POST", "/api/tables", body);
        assert_eq!(st, 201, "{text}");
        let t: CreatedTable = serde_json::from_str(&text).unwrap();
        let ws = join(first.addr, &t).await;
        players.push(tokio::spawn(play_until_cut(ws)));
        tables.push(t);
    }
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    let mut seen = Vec::new();
    for p in players {
        seen.push(p.await.unwrap());
    }
    // The tables were under way: steps were being stored when the server died.
    assert!(seen.iter().sum::<u64>() > 24 * 4, "{seen:?}");

    let second = start_with(db, flags);
    for (t, seen) in tables.iter().zip(seen) {
        let stored = seat_record(second.addr, t);
        assert!(
            stored.step >= seen,
            "table {}: sent step {seen}, stored {}",
            t.table,
            stored.step
        );
    }
}
