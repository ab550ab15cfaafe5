//! The server on PostgreSQL: the store, full games over websockets, restarts, and leases between
//! two servers (each its own lease owner, as two processes are) on one database.
//!
//! Needs `PARLOUR_TEST_POSTGRES` (`scripts/test` starts a private server and sets it); each test
//! makes its own database there, so they run in parallel.

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::StatusCode;
use futures_util::SinkExt;
use parlour_protocol::{
    ClientMsg, ClockSettings, CreatedTable, RejectCode, Rematched, ServerMsg, Status,
};
use parlour_record::Record;
use parlour_server::{AppState, Config, Store, StoreError};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

mod support;
use support::{
    WAIT, Ws, call, call_as, connect, create, listen, next_text, old_schema, round_trip, seats_for,
    stored_table as table,
};

const HOW: &str = "the PostgreSQL tests need a PostgreSQL server: run them through scripts/test, \
    which starts one, or set PARLOUR_TEST_POSTGRES=postgres://USER@HOST:PORT/DB (a role that may \
    create databases)";

/// A fresh database on the test server; its URL.
async fn fresh_db() -> String {
    let base = std::env::var("PARLOUR_TEST_POSTGRES")
        .unwrap_or_else(|_| panic!("PARLOUR_TEST_POSTGRES is not set: {HOW}"));
    let admin = sqlx::postgres::PgPoolOptions::new()
        .acquire_timeout(Duration::from_secs(5))
        .connect(&base)
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL at {base} is unreachable ({e}): {HOW}"));
    let name = format!("parlour_t_{}", parlour_server::new_table_id().unwrap());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&admin)
        .await
        .unwrap_or_else(|e| panic!("creating a database on {base} failed ({e}): {HOW}"));
    admin.close().await;
    let (server, _) = base.split_once('?').unwrap_or((&base, ""));
    let (server, _) = server.rsplit_once('/').expect("a URL ending in /DATABASE");
    format!("{server}/{name}")
}

struct Server {
    addr: SocketAddr,
    app: AppState,
    store: Store,
}

async fn server(url: &str, config: Config) -> Server {
    let store = Store::connect(url).await.unwrap();
    let (addr, app) = listen(store.clone(), config).await;
    Server { addr, app, store }
}

async fn join(addr: SocketAddr, t: &CreatedTable) -> Ws {
    let mut ws = connect(addr).await;
    let join = ClientMsg::Join {
        table: t.table.clone(),
        token: t.seats[0].token.clone(),
    };
    ws.send(Message::text(join.encode())).await.unwrap();
    ws
}

/// The next message, or `None` once the server closed the connection.
async fn recv(ws: &mut Ws) -> Option<ServerMsg> {
    next_text(ws).await.map(|t| ServerMsg::decode(&t).unwrap())
}

/// Plays the first legal action whenever asked, `turns` times (or to the end); returns the
/// latest state's step and status.
async fn play(ws: &mut Ws, turns: usize) -> (u64, Status) {
    let mut played = 0;
    loop {
        match recv(ws).await.expect("the connection stays open") {
            ServerMsg::State {
                step,
                status,
                legal,
                ..
            } => {
                if status == Status::Finished || (played == turns && !legal.is_empty()) {
                    return (step, status);
                }
                if let Some(a) = legal.first() {
                    played += 1;
                    let act = ClientMsg::Act {
                        action: a.clone(),
                        step,
                    };
                    ws.send(Message::text(act.encode())).await.unwrap();
                }
            }
            // Too fast for the server's limit: wait, then look again.
            ServerMsg::Rejected {
                code: RejectCode::Throttled,
                ..
            } => {
                tokio::time::sleep(Duration::from_millis(200)).await;
                ws.send(Message::text(ClientMsg::View.encode()))
                    .await
                    .unwrap();
            }
            ServerMsg::Rejected { code, reason, .. } => {
                assert!(
                    matches!(code, RejectCode::Stale | RejectCode::NotYourTurn),
                    "{code:?}: {reason}"
                );
            }
            ServerMsg::Welcome { .. }
            | ServerMsg::Notice { .. }
            | ServerMsg::Rematch { .. }
            | ServerMsg::RematchOffer(_)
            | ServerMsg::Hint { .. }
            | ServerMsg::Presence { .. } => {}
        }
    }
}

async fn finished_record(app: &AppState, id: &str) -> Record {
    let (st, text) = call(app, "GET", &format!("/api/tables/{id}/record"), "").await;
    assert_eq!(st, StatusCode::OK, "{text}");
    let record = Record::from_json(&text).unwrap();
    assert!(parlour_games::replay(&record).unwrap().outcome().is_some());
    record
}

/// Makes `id`'s lease look as if its owner died long ago.
async fn expire(url: &str, id: &str) {
    let pool = sqlx::PgPool::connect(url).await.unwrap();
    sqlx::query("UPDATE leases SET expires = now() - interval '1 second' WHERE table_id = $1")
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// Whether, within 30 s, some session of this database waits for a lock (polled every 50 ms).
async fn someone_waits_on_a_lock(pool: &sqlx::PgPool) -> bool {
    for _ in 0..600 {
        let n: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if n > 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

#[tokio::test]
async fn tables_and_entries_round_trip() {
    round_trip(&fresh_db().await).await;
}

#[tokio::test]
async fn a_lease_is_one_process_at_a_time_and_guards_every_write() {
    let url = fresh_db().await;
    let a = Store::connect(&url).await.unwrap();
    let b = Store::connect(&url).await.unwrap();
    assert_ne!(a.owner(), b.owner());
    a.create_table(&table("t1")).await.unwrap();
    // The creator holds it; the other process may neither take it nor write.
    assert!(a.take_lease("t1").await.unwrap());
    assert!(!b.take_lease("t1").await.unwrap());
    assert!(!b.take_lease("no-such-table").await.unwrap());
    assert!(matches!(
        b.append("t1", 0, &["0: x".into()], Status::Playing, None)
            .await,
        Err(StoreError::LeaseLost(_))
    ));
    assert!(matches!(
        b.set_status("t1", Status::Finished, None).await,
        Err(StoreError::LeaseLost(_))
    ));
    assert!(matches!(
        b.set_joined("t1", 0).await,
        Err(StoreError::LeaseLost(_))
    ));
    a.append("t1", 0, &["0: x".into()], Status::Playing, None)
        .await
        .unwrap();
    // Released: taken at once.
    a.release_lease("t1").await.unwrap();
    assert!(b.take_lease("t1").await.unwrap());
    assert!(!a.renew_lease("t1").await.unwrap());
    assert!(matches!(
        a.append("t1", 1, &["1: y".into()], Status::Playing, None)
            .await,
        Err(StoreError::LeaseLost(_))
    ));
    // Expired: taken by the next to ask, and the old owner can no longer write or renew.
    expire(&url, "t1").await;
    assert!(matches!(
        b.append("t1", 1, &["1: y".into()], Status::Playing, None)
            .await,
        Err(StoreError::LeaseLost(_))
    ));
    assert!(a.take_lease("t1").await.unwrap());
    assert!(!b.renew_lease("t1").await.unwrap());
    assert!(a.renew_lease("t1").await.unwrap());
    a.append("t1", 1, &["1: y".into()], Status::Playing, None)
        .await
        .unwrap();
    assert_eq!(
        a.load("t1").await.unwrap().unwrap().entries,
        ["0: x", "1: y"]
    );
    a.release_all().await.unwrap();
    assert!(b.take_lease("t1").await.unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_over_waits_for_the_holders_write_and_then_every_write_of_it_fails() {
    let url = fresh_db().await;
    let a = Store::connect(&url).await.unwrap();
    let b = Store::connect(&url).await.unwrap();
    a.create_table(&table("t1")).await.unwrap();
    assert!(!b.take_lease("t1").await.unwrap());
    assert!(!b.take_over_lease("no-such-table").await.unwrap());
    // A write of the holder under way: its transaction holds the lease row.
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    let mut holding = pool.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM leases WHERE table_id = 't1' FOR UPDATE")
        .execute(&mut *holding)
        .await
        .unwrap();
    let taking = tokio::spawn(async move { b.take_over_lease("t1").await.map(|t| (t, b)) });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!taking.is_finished(), "the take-over waits for the write");
    holding.commit().await.unwrap();
    let (taken, b) = taking.await.unwrap().unwrap();
    assert!(taken);
    // The old holder can store nothing more, in any kind of write.
    assert!(!a.renew_lease("t1").await.unwrap());
    assert!(matches!(
        a.append("t1", 0, &["0: x".into()], Status::Playing, None)
            .await,
        Err(StoreError::LeaseLost(_))
    ));
    assert!(matches!(
        a.set_status("t1", Status::Finished, None).await,
        Err(StoreError::LeaseLost(_))
    ));
    assert!(matches!(
        a.set_joined("t1", 0).await,
        Err(StoreError::LeaseLost(_))
    ));
    b.append("t1", 0, &["0: x".into()], Status::Playing, None)
        .await
        .unwrap();
    b.set_joined("t1", 0).await.unwrap();
    assert_eq!(b.load("t1").await.unwrap().unwrap().entries, ["0: x"]);
    pool.close().await;
}

macro_rules! full_game_tests {
    ($($name:ident: $game:literal,)*) => {$(
        /// A full game with one person and bots over real websockets, stored in PostgreSQL.
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            let url = fresh_db().await;
            let s = server(&url, Config::default()).await;
            let t = create(&s.app, $game, seats_for($game)).await;
            let mut ws = join(s.addr, &t).await;
            let (_, status) = play(&mut ws, usize::MAX).await;
            assert_eq!(status, Status::Finished);
            let record = finished_record(&s.app, &t.table).await;
            assert_eq!(s.store.load(&t.table).await.unwrap().unwrap().entries, record.actions);
        }
    )*};
}

full_game_tests! {
    full_game_troll_tricker: "troll-tricker",
    full_game_holy_matrimony: "holy-matrimony",
    full_game_haunted: "haunted",
}

/// A restarted server (a new lease owner) restores the unfinished table and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_restores_unfinished_tables() {
    let url = fresh_db().await;
    let first = server(&url, Config::default()).await;
    let t = create(&first.app, "troll-tricker", seats_for("troll-tricker")).await;
    let mut ws = join(first.addr, &t).await;
    let (_, status) = play(&mut ws, 3).await;
    assert_eq!(status, Status::Playing);
    drop(ws);
    let before = first.store.load(&t.table).await.unwrap().unwrap().entries;
    first.app.shut_down().await;

    let second = server(&url, Config::default()).await;
    let mut ws = join(second.addr, &t).await;
    let (_, status) = play(&mut ws, usize::MAX).await;
    assert_eq!(status, Status::Finished);
    let record = finished_record(&second.app, &t.table).await;
    assert_eq!(record.actions[..before.len()], before[..]);
}

/// Two servers on one database: the one without the lease turns joins away; once the lease is
/// free (released, or expired as when its owner dies) it takes the table over, and the old
/// owner can no longer store anything.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_takes_a_table_only_once_its_lease_is_free() {
    let url = fresh_db().await;
    let a = server(&url, Config::default()).await;
    let b = server(&url, Config::default()).await;
    let t = create(&a.app, "troll-tricker", seats_for("troll-tricker")).await;
    let mut on_a = join(a.addr, &t).await;
    let (step, status) = play(&mut on_a, 2).await;
    assert_eq!(status, Status::Playing);

    let mut on_b = join(b.addr, &t).await;
    match recv(&mut on_b).await {
        Some(ServerMsg::Rejected { code, .. }) => assert_eq!(code, RejectCode::TableElsewhere),
        other => panic!("expected table-elsewhere, got {other:?}"),
    }
    let (st, text) = call(&b.app, "GET", &format!("/api/tables/{}", t.table), "").await;
    assert_eq!(st, StatusCode::CONFLICT, "{text}");
    // A restart of b leaves a's table alone.
    let b = server(&url, Config::default()).await;
    let (st, _) = call(&b.app, "GET", &format!("/api/tables/{}", t.table), "").await;
    assert_eq!(st, StatusCode::CONFLICT);

    // As if a died: b takes the table at the first request after expiry.
    expire(&url, &t.table).await;
    let stored = a.store.load(&t.table).await.unwrap().unwrap().entries;
    assert!(stored.len() as u64 >= step);
    let mut on_b = join(b.addr, &t).await;
    let (b_step, status) = play(&mut on_b, 0).await;
    assert_eq!(status, Status::Playing);
    assert!(b_step >= stored.len() as u64);
    // a is still running but stores nothing more: its table stops (at its next renewal or
    // write) and closes its sockets.
    on_a.send(Message::text(ClientMsg::View.encode()))
        .await
        .unwrap();
    while let Some(msg) = recv(&mut on_a).await {
        if let ServerMsg::State { step, legal, .. } = msg {
            assert!(
                step <= stored.len() as u64,
                "a stored step {step} without its lease"
            );
            if let Some(first) = legal.first() {
                let act = ClientMsg::Act {
                    action: first.clone(),
                    step,
                };
                let _ = on_a.send(Message::text(act.encode())).await;
            }
        }
    }
    // a now turns joins away.
    let mut again = join(a.addr, &t).await;
    match recv(&mut again).await {
        Some(ServerMsg::Rejected { code, .. }) => assert_eq!(code, RejectCode::TableElsewhere),
        other => panic!("expected table-elsewhere, got {other:?}"),
    }

    // The state it stopped at again, and on to the end.
    on_b.send(Message::text(ClientMsg::View.encode()))
        .await
        .unwrap();
    let (_, status) = play(&mut on_b, usize::MAX).await;
    assert_eq!(status, Status::Finished);
    let record = finished_record(&b.app, &t.table).await;
    assert_eq!(record.actions[..stored.len()], stored[..]);

    // A graceful shutdown releases at once.
    let t2 = create(&b.app, "haunted", seats_for("haunted")).await;
    b.app.shut_down().await;
    let mut on_a = join(a.addr, &t2).await;
    let (_, status) = play(&mut on_a, usize::MAX).await;
    assert_eq!(status, Status::Finished);
}

/// Clock banks are stored with each step; a rematch is made once, with the old table's lease,
/// and the new table's lease is its maker's.
#[tokio::test]
async fn clock_banks_and_rematches_are_stored_under_the_lease() {
    let url = fresh_db().await;
    let a = Store::connect(&url).await.unwrap();
    let b = Store::connect(&url).await.unwrap();
    let clock = ClockSettings {
        bank_secs: 60,
        increment_secs: 5,
    };
    let mut t = table("t1");
    t.clock = Some(clock);
    a.create_table(&t).await.unwrap();
    let fresh = a.load("t1").await.unwrap().unwrap();
    assert_eq!((fresh.clock, fresh.banks.len()), (Some(clock), 0));
    a.append(
        "t1",
        0,
        &["0: y".into()],
        Status::Playing,
        Some(&[41_500, 60_000]),
    )
    .await
    .unwrap();
    a.append("t1", 1, &["1: z".into()], Status::Finished, None)
        .await
        .unwrap();
    assert_eq!(a.load("t1").await.unwrap().unwrap().banks, [41_500, 60_000]);

    let mut new = table("t2");
    new.clock = Some(clock);
    new.status = Status::Waiting;
    // Only the process serving the old table may make its rematch.
    assert!(matches!(
        b.create_rematch("t1", &new).await,
        Err(StoreError::LeaseLost(_))
    ));
    assert!(b.load("t2").await.unwrap().is_none());
    assert_eq!(a.create_rematch("t1", &new).await.unwrap(), "t2");
    assert_eq!(a.create_rematch("t1", &table("t3")).await.unwrap(), "t2");
    assert!(a.load("t3").await.unwrap().is_none());
    assert_eq!(
        a.load("t1").await.unwrap().unwrap().rematch.as_deref(),
        Some("t2")
    );
    let made = b.load("t2").await.unwrap().unwrap();
    assert_eq!(made.clock, Some(clock));
    assert_eq!(made.seats[0].token_hash.as_deref(), Some(&[7; 32][..]));
    // The maker serves the new table.
    assert!(!b.take_lease("t2").await.unwrap());
    assert!(a.take_lease("t2").await.unwrap());
}

/// A rematch over HTTP on PostgreSQL: the process that made it serves the new table, another
/// process is turned away from it; the clock comes along, and banks survive a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_served_by_its_maker_and_clocks_survive_a_restart() {
    let url = fresh_db().await;
    let a = server(&url, Config::default()).await;
    // b never takes over tables by itself here: a's restart must find its table free.
    let still = Config {
        adopt_every: Duration::from_secs(3600),
        ..Config::default()
    };
    let b = server(&url, still).await;
    let clock = ClockSettings {
        bank_secs: 120,
        increment_secs: 0,
    };
    let body =
        json!({"game": "troll-tricker", "seats": seats_for("troll-tricker"), "clock": clock})
            .to_string();
    let (st, text) = call(&a.app, "POST", "/api/tables", &body).await;
    assert_eq!(st, StatusCode::CREATED, "{text}");
    let t: CreatedTable = serde_json::from_str(&text).unwrap();
    let token = t.seats[0].token.clone();
    let mut ws = join(a.addr, &t).await;
    let (_, status) = play(&mut ws, 2).await;
    assert_eq!(status, Status::Playing);
    let stored = a.store.load(&t.table).await.unwrap().unwrap().banks;
    assert_eq!(stored.len(), 4);
    assert!(stored[0] < 120_000, "{stored:?}");
    assert_eq!(stored[1..], [120_000, 120_000, 120_000]);

    // A restarted server picks the banks up where they were stored.
    drop(ws);
    a.app.shut_down().await;
    let a = server(&url, Config::default()).await;
    let mut ws = join(a.addr, &t).await;
    let clock_now = loop {
        if let Some(ServerMsg::State {
            clock: Some(c),
            legal,
            ..
        }) = recv(&mut ws).await
            && !legal.is_empty()
        {
            break c;
        }
    };
    assert!(clock_now.remaining_ms[0] <= stored[0]);
    assert!(clock_now.remaining_ms[0] > stored[0].saturating_sub(30_000));
    assert_eq!(clock_now.remaining_ms[1..], stored[1..]);

    let rematch = format!("/api/tables/{}/rematch", t.table);
    let (st, _) = call_as(&a.app, "POST", &rematch, "", Some(&token)).await;
    assert_eq!(st, StatusCode::CONFLICT);
    ws.send(Message::text(ClientMsg::Resign.encode()))
        .await
        .unwrap();
    let (_, status) = play(&mut ws, 0).await;
    assert_eq!(status, Status::Finished);
    // b does not serve the old table, so it cannot make its rematch.
    let (st, _) = call_as(&b.app, "POST", &rematch, "", Some(&token)).await;
    assert_eq!(st, StatusCode::CONFLICT);
    let (st, text) = call_as(&a.app, "POST", &rematch, "", Some(&token)).await;
    assert_eq!(st, StatusCode::CREATED, "{text}");
    let new: Rematched = serde_json::from_str(&text).unwrap();
    let (st, text) = call_as(&a.app, "POST", &rematch, "", Some(&token)).await;
    assert_eq!(st, StatusCode::CREATED, "{text}");
    assert_eq!(serde_json::from_str::<Rematched>(&text).unwrap(), new);
    let (st, _) = call(&b.app, "GET", &format!("/api/tables/{}", new.table), "").await;
    assert_eq!(st, StatusCode::CONFLICT);
    let (st, text) = call(&a.app, "GET", &format!("/api/tables/{}", new.table), "").await;
    assert_eq!(st, StatusCode::OK, "{text}");
    let sum: parlour_protocol::TableSummary = serde_json::from_str(&text).unwrap();
    assert_eq!(sum.clock, Some(clock));
    assert_eq!(sum.status, Status::Waiting);
    // The old token plays the new table.
    let again = CreatedTable {
        table: new.table.clone(),
        ..t.clone()
    };
    let mut ws = join(a.addr, &again).await;
    let (_, status) = play(&mut ws, 1).await;
    assert_eq!(status, Status::Playing);
}

/// A table in play whose process lets go (or dies) is taken over by another process on its own,
/// without anyone asking for it; while its owner lives, nobody else takes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_process_takes_over_tables_in_play_that_nobody_holds() {
    let url = fresh_db().await;
    let quick = Config {
        adopt_every: Duration::from_millis(100),
        ..Config::default()
    };
    let a = server(&url, quick.clone()).await;
    let b = server(&url, quick).await;
    let t = create(&a.app, "troll-tricker", seats_for("troll-tricker")).await;
    let mut ws = join(a.addr, &t).await;
    let (_, status) = play(&mut ws, 2).await;
    assert_eq!(status, Status::Playing);
    drop(ws);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(b.app.stats().tables_open, 0, "b took a table a holds");

    a.app.shut_down().await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while b.app.stats().tables_open == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "b never took the table over"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!a.store.take_lease(&t.table).await.unwrap());
    let mut on_b = join(b.addr, &t).await;
    let (_, status) = play(&mut on_b, usize::MAX).await;
    assert_eq!(status, Status::Finished);
}

/// One table's load waiting on the database holds up no other table: while table `a`'s lease
/// is stuck behind a row another connection is writing, table `b` loads and answers, and `a`
/// loads once the row is let go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_stuck_loading_does_not_hold_up_another() {
    let url = fresh_db().await;
    let s = server(&url, Config::default()).await;
    // Stored by another process, which has let go of them: `s` loads each when asked.
    let other = Store::connect(&url).await.unwrap();
    let a = parlour_server::new_table_id().unwrap();
    let b = parlour_server::new_table_id().unwrap();
    for id in [&a, &b] {
        let mut t = table(id);
        // The game's own options, so the table replays.
        t.options.clear();
        other.create_table(&t).await.unwrap();
        other.release_lease(id).await.unwrap();
    }

    // An uncommitted lease row for `a`: taking `a`'s lease waits until it is rolled back.
    let blocker = sqlx::PgPool::connect(&url).await.unwrap();
    let mut tx = blocker.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO leases (table_id, owner, expires) \
         VALUES ($1, 'blocker', now() - interval '1 second')",
    )
    .bind(&a)
    .execute(&mut *tx)
    .await
    .unwrap();
    let app = s.app.clone();
    let path_a = format!("/api/tables/{a}");
    let stuck = tokio::spawn(async move { call(&app, "GET", &path_a, "").await });
    assert!(
        someone_waits_on_a_lock(&blocker).await,
        "loading table a never reached the database"
    );

    let (st, text) =
        tokio::time::timeout(WAIT, call(&s.app, "GET", &format!("/api/tables/{b}"), ""))
            .await
            .expect("table b loads while table a waits");
    assert_eq!(st, StatusCode::OK, "{text}");
    assert!(!stuck.is_finished());

    tx.rollback().await.unwrap();
    let (st, text) = tokio::time::timeout(WAIT, stuck)
        .await
        .expect("table a loads once the row is let go")
        .unwrap();
    assert_eq!(st, StatusCode::OK, "{text}");
    blocker.close().await;
}

/// A database made by the old hand-made migration list (all of it, or only its first
/// migration) opens with the migrations compiled in, and its tables and rows are found.
#[tokio::test]
async fn a_database_made_by_the_old_migrations_opens() {
    for n in [1, 2] {
        let url = fresh_db().await;
        let pool = sqlx::PgPool::connect(&url).await.unwrap();
        let texts = [old_schema::POSTGRES_1, old_schema::POSTGRES_2];
        old_schema::migrator(texts, n)
            .await
            .run(&pool)
            .await
            .unwrap();
        crate::fill_old_database!(&pool, "t1", n);
        pool.close().await;
        old_schema::old_database_opens(&url, "t1", n).await;
    }
}

/// `n` tables `t0`, `t1`, ... made by `store`, each with step 0 (`0: a`) stored; their ids.
async fn tables_with_a_step(store: &Store, n: usize) -> Vec<String> {
    let ids: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
    for id in &ids {
        store.create_table(&table(id)).await.unwrap();
        store
            .append(id, 0, &["0: a".into()], Status::Playing, None)
            .await
            .unwrap();
    }
    ids
}

/// Many tables' steps stored at once share transactions (a group commit), and each table's
/// lease is still checked alone: a table taken over by another process while the group waits
/// for its lease row fails alone, as does one whose lease expired before and one whose step is
/// stored already, while every other table's steps, status and banks are stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_commit_fails_only_the_tables_it_may_not_write() {
    const TAKEN: usize = 7;
    const EXPIRED: usize = 3;
    const AGAIN: usize = 11;
    let url = fresh_db().await;
    let a = Store::connect(&url).await.unwrap();
    let b = Store::connect(&url).await.unwrap();
    let ids = tables_with_a_step(&a, 40).await;
    expire(&url, &ids[EXPIRED]).await;

    // Process b takes table TAKEN over in a transaction still open, holding its lease row:
    // a's group waits for that row, then finds the lease b's.
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    let mut taking = pool.begin().await.unwrap();
    sqlx::query(
        "UPDATE leases SET owner = $2, expires = now() + interval '10 seconds' \
         WHERE table_id = $1",
    )
    .bind(&ids[TAKEN])
    .bind(b.owner().unwrap())
    .execute(&mut *taking)
    .await
    .unwrap();
    let mut writes = tokio::task::JoinSet::new();
    for (i, id) in ids.iter().enumerate() {
        let (a, id) = (a.clone(), id.clone());
        writes.spawn(async move {
            let first = if i == AGAIN { 0 } else { 1 };
            let status = if i % 2 == 0 {
                Status::Finished
            } else {
                Status::Playing
            };
            let entries = ["1: b".to_owned(), "chance: c".to_owned()];
            let r = a
                .append(&id, first, &entries, status, Some(&[i as u64, 5]))
                .await;
            (i, r)
        });
    }
    assert!(
        someone_waits_on_a_lock(&pool).await,
        "the group never waited for the lease row"
    );
    taking.commit().await.unwrap();

    while let Some(done) = writes.join_next().await {
        let (i, r) = done.unwrap();
        match i {
            TAKEN | EXPIRED => assert!(matches!(r, Err(StoreError::LeaseLost(_))), "{i}: {r:?}"),
            AGAIN => assert!(matches!(r, Err(StoreError::Db(_))), "{i}: {r:?}"),
            _ => assert!(r.is_ok(), "table {i}: {r:?}"),
        }
    }
    for (i, id) in ids.iter().enumerate() {
        let t = a.load(id).await.unwrap().unwrap();
        if [TAKEN, EXPIRED, AGAIN].contains(&i) {
            assert_eq!(t.entries, ["0: a"], "table {i}");
            assert_eq!(t.status, Status::Playing, "table {i}");
            assert!(t.banks.is_empty(), "table {i}");
            continue;
        }
        assert_eq!(t.entries, ["0: a", "1: b", "chance: c"], "table {i}");
        let status = if i % 2 == 0 {
            Status::Finished
        } else {
            Status::Playing
        };
        assert_eq!(t.status, status, "table {i}");
        assert_eq!(t.banks, [i as u64, 5], "table {i}");
    }
    // The process that took the table over stores its step.
    b.append(&ids[TAKEN], 1, &["1: d".into()], Status::Playing, None)
        .await
        .unwrap();
    assert_eq!(
        b.load(&ids[TAKEN]).await.unwrap().unwrap().entries,
        ["0: a", "1: d"]
    );
    pool.close().await;
}

/// A session that holds a table's lease row and hangs holds up that table's write alone: the
/// group gives up on the row after a while, and every other table of it is stored while the row
/// is still held.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_row_held_by_a_hung_session_fails_only_its_own_table() {
    const HELD: usize = 2;
    let url = fresh_db().await;
    let a = Store::connect(&url).await.unwrap();
    let ids = tables_with_a_step(&a, 6).await;
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    let mut hung = pool.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM leases WHERE table_id = $1 FOR UPDATE")
        .bind(&ids[HELD])
        .execute(&mut *hung)
        .await
        .unwrap();
    let mut writes = tokio::task::JoinSet::new();
    for (i, id) in ids.iter().enumerate() {
        let (a, id) = (a.clone(), id.clone());
        writes.spawn(async move {
            let r = a
                .append(&id, 1, &["1: b".to_owned()], Status::Playing, None)
                .await;
            (i, r)
        });
    }
    let all = async {
        let mut out = Vec::new();
        while let Some(done) = writes.join_next().await {
            out.push(done.unwrap());
        }
        out
    };
    let done = tokio::time::timeout(Duration::from_secs(30), all)
        .await
        .expect("the writes end while the row is still held");
    for (i, r) in done {
        if i == HELD {
            assert!(matches!(r, Err(StoreError::Db(_))), "{i}: {r:?}");
        } else {
            assert!(r.is_ok(), "table {i}: {r:?}");
        }
    }
    hung.rollback().await.unwrap();
    for (i, id) in ids.iter().enumerate() {
        let entries = a.load(id).await.unwrap().unwrap().entries;
        let want: &[&str] = if i == HELD {
            &["0: a"]
        } else {
            &["0: a", "1: b"]
        };
        assert_eq!(entries, want, "table {i}");
    }
    // Once the row is free the table stores again.
    a.append(&ids[HELD], 1, &["1: c".into()], Status::Playing, None)
        .await
        .unwrap();
    pool.close().await;
}
