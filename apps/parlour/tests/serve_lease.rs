//! Two `parlour serve` processes on one PostgreSQL database: the owner of a table is killed, and
//! the other process takes the table over once the lease has expired, losing no acknowledged
//! action.
//!
//! Needs `PARLOUR_TEST_POSTGRES` (`scripts/test` starts a private server and sets it).

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use parlour_protocol::{CreatedTable, RejectCode, SeatRecord, ServerMsg, Status};
use parlour_record::Record;

#[path = "support/serve.rs"]
mod serve;
use serve::{http, join, play, recv, start};

#[path = "support/postgres.rs"]
#[allow(dead_code)]
mod postgres;
use postgres::fresh_db;

fn seat_record(addr: SocketAddr, t: &CreatedTable) -> (u16, String) {
    http(
        addr,
        "GET",
        &format!("/api/tables/{}/record?token={}", t.table, t.seats[0].token),
        "",
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_other_process_takes_a_killed_owners_table_after_its_lease_expires() {
    let db = fresh_db().await;
    let mut owner = start(&db);
    let other = start(&db);
    let body = r#"{"game":"troll-tricker","seats":[{"human":{"name":"Ann"}},{"bot":"random"},{"bot":"random"},{"bot":"greedy"}]}"#;
    let (st, text) = http(owner.addr, "POST", "/api/tables", body);
    assert_eq!(st, 201, "{text}");
    let t: CreatedTable = serde_json::from_str(&text).unwrap();

    let mut ws = join(owner.addr, &t).await;
    let (acked, status) = play(&mut ws, 6).await;
    assert_eq!(status, Status::Playing);
    let (st, text) = seat_record(owner.addr, &t);
    assert_eq!(st, 200, "{text}");
    let before: SeatRecord = serde_json::from_str(&text).unwrap();
    assert!(before.step >= acked);
    assert_eq!(before.actions.len(), 6);

    // While the owner lives, the other process turns the table away.
    let (st, text) = seat_record(other.addr, &t);
    assert_eq!(st, 409, "{text}");
    let mut elsewhere = join(other.addr, &t).await;
    match recv(&mut elsewhere).await {
        ServerMsg::Rejected { code, .. } => assert_eq!(code, RejectCode::TableElsewhere),
        msg => panic!("expected table-elsewhere, got {msg:?}"),
    }

    owner.child.kill().unwrap();
    owner.child.wait().unwrap();
    let killed = Instant::now();
    drop(ws);

    // The other process serves the table once the dead owner's lease has expired.
    let after: SeatRecord = loop {
        let (st, text) = seat_record(other.addr, &t);
        match st {
            200 => break serde_json::from_str(&text).unwrap(),
            409 => {
                assert!(
                    killed.elapsed() < parlour_server::LEASE + Duration::from_secs(10),
                    "the lease of a killed owner never expired"
                );
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            _ => panic!("{st}: {text}"),
        }
    };
    assert!(after.step >= before.step);
    assert_eq!(after.actions[..before.actions.len()], before.actions[..]);
    assert_eq!(after.log[..before.log.len()], before.log[..]);

    let mut ws = join(other.addr, &t).await;
    let (_, status) = play(&mut ws, usize::MAX).await;
    assert_eq!(status, Status::Finished);
    let (st, text) = http(
        other.addr,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    );
    assert_eq!(st, 200, "{text}");
    let record = Record::from_json(&text).unwrap();
    let replayed = parlour_games::replay(&record).unwrap();
    assert!(replayed.outcome().is_some());
}
