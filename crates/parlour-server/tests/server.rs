//! The server end to end: handlers over channels, and real websocket clients on loopback.

use std::collections::{BTreeMap, BTreeSet};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::str::FromStr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ws::Message as AxMessage;
use axum::http::{Request, StatusCode};
use futures_util::{SinkExt, StreamExt};
use parlour_core::Seat;
use parlour_protocol::{
    ClientMsg, ClockSettings, ClockState, CreatedTable, FORMAT, RejectCode, RematchAnswer,
    RematchOffer, Rematched, SEAT_RECORD_FORMAT, SeatKind, SeatRecord, ServerMsg, Status,
    TableSummary,
};
use parlour_record::Record;
use parlour_server::{
    AppState, Config, SeatRow, Store, StoredTable, hash_token, new_seed, new_table_id, new_token,
    router, run_socket,
};
use proptest::prelude::*;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

mod support;
use support::{
    WAIT, Ws, call, call_as, connect, create, listen, next_text, old_schema, round_trip, seats_for,
};

struct Server {
    addr: SocketAddr,
    app: AppState,
    store: Store,
    _dir: tempfile::TempDir,
}

async fn server() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let store = support::sqlite(&dir).await;
    let (addr, app) = serve_store(store.clone()).await;
    Server {
        addr,
        app,
        store,
        _dir: dir,
    }
}

/// A server on `store`, listening on a free loopback port.
async fn serve_store(store: Store) -> (SocketAddr, AppState) {
    listen(store, Config::default()).await
}

async fn summary(app: &AppState, id: &str) -> TableSummary {
    let (status, text) = call(app, "GET", &format!("/api/tables/{id}"), "").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    serde_json::from_str(&text).unwrap()
}

async fn send(ws: &mut Ws, msg: &ClientMsg) {
    ws.send(Message::text(msg.encode())).await.unwrap();
}

/// The next server message and its text.
async fn recv_raw(ws: &mut Ws) -> (String, ServerMsg) {
    loop {
        let t = next_text(ws).await.expect("the connection is open");
        let msg = ServerMsg::decode(&t).unwrap();
        // Presence frames have tests of their own (tests/presence.rs).
        if !matches!(msg, ServerMsg::Presence { .. }) {
            return (t, msg);
        }
    }
}

async fn recv(ws: &mut Ws) -> ServerMsg {
    recv_raw(ws).await.1
}

/// Nothing arrives for a moment.
async fn quiet(ws: &mut Ws) {
    let until = tokio::time::Instant::now() + Duration::from_millis(300);
    while let Ok(Some(Ok(Message::Text(t)))) = tokio::time::timeout_at(until, ws.next()).await {
        if !t.contains(r#""type":"presence""#) {
            panic!("expected silence, got {t}");
        }
    }
}

fn offer_of(msg: &ServerMsg) -> Option<RematchOffer> {
    match msg {
        ServerMsg::RematchOffer(o) => Some(o.clone()),
        _ => None,
    }
}

fn rejected(msg: &ServerMsg) -> Option<RejectCode> {
    match msg {
        ServerMsg::Rejected { code, .. } => Some(*code),
        _ => None,
    }
}

/// One message a client was sent, with the step the table was at.
struct Seen {
    viewer: Option<u8>,
    step: u64,
    text: String,
}

fn step_of(msg: &ServerMsg) -> Option<u64> {
    match msg {
        ServerMsg::Welcome { table, .. } => Some(table.step),
        ServerMsg::State { step, .. } => Some(*step),
        ServerMsg::Rejected { .. }
        | ServerMsg::Notice { .. }
        | ServerMsg::Rematch { .. }
        | ServerMsg::RematchOffer(_)
        | ServerMsg::Hint { .. }
        | ServerMsg::Presence { .. } => None,
    }
}

/// Plays a full game: a spectator watches, the person in seat 0 plays the first legal action
/// each time, bots play the rest. Returns the table and every message both were sent.
async fn play_full_game(s: &Server, game: &str) -> (CreatedTable, Vec<Seen>) {
    let t = create(&s.app, game, seats_for(game)).await;
    let mut spectator = connect(s.addr).await;
    send(
        &mut spectator,
        &ClientMsg::Spectate {
            table: t.table.clone(),
        },
    )
    .await;
    let watcher = tokio::spawn(async move {
        let mut seen = Vec::new();
        loop {
            let (text, msg) = recv_raw(&mut spectator).await;
            if let Some(step) = step_of(&msg) {
                seen.push(Seen {
                    viewer: None,
                    step,
                    text,
                });
            }
            if let ServerMsg::State {
                status: Status::Finished,
                ..
            } = msg
            {
                return seen;
            }
        }
    });
    let mut ws = connect(s.addr).await;
    send(
        &mut ws,
        &ClientMsg::Join {
            table: t.table.clone(),
            token: t.seats[0].token.clone(),
        },
    )
    .await;
    let mut seen = Vec::new();
    let mut moves = 0;
    loop {
        let (text, msg) = recv_raw(&mut ws).await;
        if let Some(step) = step_of(&msg) {
            seen.push(Seen {
                viewer: Some(0),
                step,
                text,
            });
        }
        match msg {
            ServerMsg::Welcome { format, seat, .. } => {
                assert_eq!(format, FORMAT);
                assert_eq!(seat, Some(0));
            }
            ServerMsg::Notice { text } => panic!("a table without clocks notices: {text}"),
            ServerMsg::Rematch { table } => panic!("nobody asked for a rematch: {table}"),
            ServerMsg::RematchOffer(o) => panic!("nobody offered a rematch: {o:?}"),
            ServerMsg::Hint { action, .. } => panic!("nobody asked for a hint: {action}"),
            ServerMsg::Presence { .. } => {}
            ServerMsg::State {
                status: Status::Finished,
                outcome,
                ..
            } => {
                assert!(outcome.is_some());
                break;
            }
            ServerMsg::State { step, legal, .. } => {
                if let Some(action) = legal.get(moves % legal.len().max(1)) {
                    moves += 1;
                    send(
                        &mut ws,
                        &ClientMsg::Act {
                            action: action.clone(),
                            step,
                        },
                    )
                    .await;
                }
            }
            // A second state may come before the table reads an action sent on the first.
            // Too fast for the server's limit: wait, then look again.
            ServerMsg::Rejected {
                code: RejectCode::Throttled,
                ..
            } => {
                tokio::time::sleep(Duration::from_millis(200)).await;
                send(&mut ws, &ClientMsg::View).await;
            }
            ServerMsg::Rejected { code, reason, .. } => assert!(
                matches!(code, RejectCode::Stale | RejectCode::NotYourTurn),
                "{code:?}: {reason}"
            ),
        }
    }
    seen.extend(watcher.await.unwrap());
    (t, seen)
}

/// Every string in a JSON value, and every word of it (as the conformance suite splits them).
fn json_strings(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
            for tok in s.split(|c: char| c.is_whitespace() || ",;:()[]{}\"'".contains(c)) {
                if !tok.is_empty() {
                    out.insert(tok.to_owned());
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| json_strings(x, out)),
        Value::Object(o) => o.iter().for_each(|(k, x)| {
            out.insert(k.clone());
            json_strings(x, out);
        }),
        _ => {}
    }
}

fn assert_hides(game: &str, k: u64, x: &Seen, part: &Value, secrets: &BTreeSet<String>) {
    let mut strings = BTreeSet::new();
    json_strings(part, &mut strings);
    if let Some(secret) = strings.intersection(secrets).next() {
        panic!(
            "{game} step {k}: a message to {:?} shows `{secret}`: {}",
            x.viewer, x.text
        );
    }
}

/// Replays the finished table's record step by step and checks that no message shows its
/// viewer a secret of the state at the step it was sent. A view must hide everything secret
/// after the step. The step's events may also name what was visible before or after it (a
/// card played, then shuffled into the stock) and what the step announced to everyone (the
/// spectators' events: Haunted's first-player draw shows cards that go back to the stock); a
/// welcome's log may name anything visible at some step so far or announced to everyone.
async fn assert_no_leaks(s: &Server, game: &str, t: &CreatedTable, seen: &[Seen]) {
    let (status, text) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let record = Record::from_json(&text).unwrap();
    let info = parlour_games::find(game).unwrap();
    let options = record.resolve_options(info.options).unwrap();
    let mut m = parlour_games::new_match(game, record.players, options, record.seed).unwrap();
    let n = record.actions.len() as u64;
    assert!(seen.iter().all(|x| x.step <= n));
    let viewers: Vec<Option<u8>> = std::iter::once(None)
        .chain((0..record.players).map(Some))
        .collect();
    let secrets = |m: &dyn parlour_games::DynMatch, v: Option<u8>| -> BTreeSet<String> {
        m.secrets(v.map(Seat)).into_iter().collect()
    };
    let mut before: Vec<BTreeSet<String>> = viewers.iter().map(|v| secrets(&*m, *v)).collect();
    let mut always = before.clone();
    let mut checked = 0;
    for k in 0..=n {
        let mut announced = BTreeSet::new();
        if k > 0 {
            let texts = m.last_events(parlour_core::Viewer::Spectator);
            json_strings(&json!(texts), &mut announced);
        }
        let now: Vec<BTreeSet<String>> = viewers.iter().map(|v| secrets(&*m, *v)).collect();
        for (i, a) in always.iter_mut().enumerate() {
            *a = a
                .intersection(&now[i])
                .filter(|x| !announced.contains(*x))
                .cloned()
                .collect();
        }
        for x in seen.iter().filter(|x| x.step == k) {
            let i = viewers.iter().position(|v| *v == x.viewer).unwrap();
            let mut msg: Value = serde_json::from_str(&x.text).unwrap();
            let obj = msg.as_object_mut().unwrap();
            let events = obj.remove("events").unwrap_or(Value::Null);
            let log = obj.remove("log").unwrap_or(Value::Null);
            assert_hides(game, k, x, &msg, &now[i]);
            let hidden_throughout = now[i]
                .intersection(&before[i])
                .filter(|x| !announced.contains(*x))
                .cloned()
                .collect();
            assert_hides(game, k, x, &events, &hidden_throughout);
            assert_hides(game, k, x, &log, &always[i]);
            checked += 1;
        }
        before = now;
        if k < n {
            m.apply_entry(&record.actions[usize::try_from(k).unwrap()])
                .unwrap();
        }
    }
    assert_eq!(checked, seen.len());
}

/// A full game with one person and bots, over real websockets; no message leaks.
async fn full_game(game: &str) {
    let s = server().await;
    let (t, seen) = play_full_game(&s, game).await;
    let sum = summary(&s.app, &t.table).await;
    assert_eq!(sum.status, Status::Finished);
    assert!(seen.iter().any(|x| x.viewer.is_none()));
    assert_no_leaks(&s, game, &t, &seen).await;
    // The person's own record states only what it saw.
    let (status, text) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{}/record?token={}", t.table, t.seats[0].token),
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let r: SeatRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(r.format, SEAT_RECORD_FORMAT);
    let req = Request::builder()
        .uri(format!("/api/tables/{}/record", t.table))
        .header("authorization", format!("Bearer {}", t.seats[0].token))
        .body(Body::empty())
        .unwrap();
    let res = router(s.app.clone()).oneshot(req).await.unwrap();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 24)
        .await
        .unwrap();
    assert_eq!(serde_json::from_slice::<SeatRecord>(&bytes).unwrap(), r);
    assert!(!r.actions.is_empty());
    // The welcome's log and then every state's events make up the whole log.
    let mut log = Vec::new();
    for x in seen.iter().filter(|x| x.viewer == Some(0)) {
        match ServerMsg::decode(&x.text).unwrap() {
            ServerMsg::Welcome { log: l, .. } => log.extend(l),
            ServerMsg::State { events, .. } => log.extend(events),
            ServerMsg::Rejected { .. }
            | ServerMsg::Notice { .. }
            | ServerMsg::Rematch { .. }
            | ServerMsg::RematchOffer(_)
            | ServerMsg::Hint { .. }
            | ServerMsg::Presence { .. } => {}
        }
    }
    // The seat's record keeps the trace's words; the table tells the same events by name.
    let (_, full) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    )
    .await;
    let m = parlour_games::replay(&Record::from_json(&full).unwrap()).unwrap();
    let names: Vec<String> = sum.seats.iter().map(|s| s.label.clone()).collect();
    let seat = parlour_core::Viewer::Seat(Seat(0));
    assert_eq!(r.log, m.log(seat));
    assert_eq!(log, m.log_in(seat, 0, parlour_core::Voice::table(&names)));
    assert!(!text.contains("\"seed\""));
    assert!(!text.contains("chance:"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_of_every_registered_game() {
    for info in parlour_games::games() {
        full_game(info.id).await;
    }
}

/// Joins seat 0 of `t` and reads up to the first state where it must act.
async fn join_until_my_turn(addr: SocketAddr, t: &CreatedTable) -> (Ws, u64, Vec<String>) {
    let mut ws = connect(addr).await;
    send(
        &mut ws,
        &ClientMsg::Join {
            table: t.table.clone(),
            token: t.seats[0].token.clone(),
        },
    )
    .await;
    loop {
        if let ServerMsg::State { step, legal, .. } = recv(&mut ws).await
            && !legal.is_empty()
        {
            return (ws, step, legal);
        }
    }
}

/// Plays seat 0's first legal action at each of its turns, at most `moves` times; returns
/// whether the table finished.
async fn play_out(ws: &mut Ws, mut step: u64, mut legal: Vec<String>, moves: usize) -> bool {
    let mut played = 0;
    loop {
        if played == moves {
            return false;
        }
        send(
            ws,
            &ClientMsg::Act {
                action: legal[0].clone(),
                step,
            },
        )
        .await;
        played += 1;
        loop {
            match recv(ws).await {
                ServerMsg::State {
                    status: Status::Finished,
                    ..
                } => return true,
                ServerMsg::State {
                    step: s2,
                    legal: l2,
                    ..
                } if !l2.is_empty() && s2 > step => {
                    (step, legal) = (s2, l2);
                    break;
                }
                ServerMsg::Rejected { code, reason, .. } => panic!("{code:?}: {reason}"),
                _ => {}
            }
        }
    }
}

/// A spectator who arrives after steps nobody watched as a spectator is still sent the whole
/// public log: its welcome's log and then every state's events.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_spectator_is_sent_the_whole_public_log() {
    let s = server().await;
    let t = create(&s.app, "troll-tricker", seats_for("troll-tricker")).await;
    let (mut ws, step, legal) = join_until_my_turn(s.addr, &t).await;
    assert!(!play_out(&mut ws, step, legal, 3).await);
    let mut spectator = connect(s.addr).await;
    send(
        &mut spectator,
        &ClientMsg::Spectate {
            table: t.table.clone(),
        },
    )
    .await;
    let mut log = match recv(&mut spectator).await {
        ServerMsg::Welcome { log, .. } => log,
        other => panic!("{other:?}"),
    };
    assert!(!log.is_empty());
    let watcher = tokio::spawn(async move {
        loop {
            if let ServerMsg::State { events, status, .. } = recv(&mut spectator).await {
                log.extend(events);
                if status == Status::Finished {
                    return log;
                }
            }
        }
    });
    send(&mut ws, &ClientMsg::View).await;
    let (step, legal) = loop {
        if let ServerMsg::State { step, legal, .. } = recv(&mut ws).await
            && !legal.is_empty()
        {
            break (step, legal);
        }
    };
    assert!(play_out(&mut ws, step, legal, usize::MAX).await);
    let log = tokio::time::timeout(WAIT, watcher).await.unwrap().unwrap();
    let (status, text) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let record = Record::from_json(&text).unwrap();
    let m = parlour_games::replay(&record).unwrap();
    let (_, summary) = call(&s.app, "GET", &format!("/api/tables/{}", t.table), "").await;
    let summary: parlour_protocol::TableSummary = serde_json::from_str(&summary).unwrap();
    let names: Vec<String> = summary.seats.into_iter().map(|s| s.label).collect();
    let voice = parlour_core::Voice::table(&names);
    assert_eq!(log, m.log_in(parlour_core::Viewer::Spectator, 0, voice));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_and_stale_actions_are_refused_to_that_socket_only() {
    let s = server().await;
    let t = create(
        &s.app,
        "troll-tricker",
        json!([{"human": {"name": "Ann"}}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]),
    )
    .await;
    let (mut ws, step, legal) = join_until_my_turn(s.addr, &t).await;
    // A second tab on the same seat, and a spectator.
    let mut tab = connect(s.addr).await;
    send(
        &mut tab,
        &ClientMsg::Join {
            table: t.table.clone(),
            token: t.seats[0].token.clone(),
        },
    )
    .await;
    assert!(matches!(recv(&mut tab).await, ServerMsg::Welcome { .. }));
    assert!(matches!(recv(&mut tab).await, ServerMsg::State { step: s2, .. } if s2 == step));
    let mut spectator = connect(s.addr).await;
    send(
        &mut spectator,
        &ClientMsg::Spectate {
            table: t.table.clone(),
        },
    )
    .await;
    assert!(matches!(
        recv(&mut spectator).await,
        ServerMsg::Welcome { seat: None, .. }
    ));
    assert!(matches!(
        recv(&mut spectator).await,
        ServerMsg::State { .. }
    ));

    for bad in ["play nothing-99", "", "fly away"] {
        send(
            &mut ws,
            &ClientMsg::Act {
                action: bad.into(),
                step,
            },
        )
        .await;
        assert_eq!(
            rejected(&recv(&mut ws).await),
            Some(RejectCode::Illegal),
            "{bad}"
        );
    }
    send(
        &mut ws,
        &ClientMsg::Act {
            action: legal[0].clone(),
            step: 0,
        },
    )
    .await;
    assert_eq!(rejected(&recv(&mut ws).await), Some(RejectCode::Stale));
    send(
        &mut ws,
        &ClientMsg::Act {
            action: legal[0].clone(),
            step: step + 5,
        },
    )
    .await;
    assert_eq!(rejected(&recv(&mut ws).await), Some(RejectCode::Stale));
    quiet(&mut tab).await;
    quiet(&mut spectator).await;
    assert_eq!(summary(&s.app, &t.table).await.step, step);

    // The legal action at the right step goes through, and both tabs hear of it.
    send(
        &mut ws,
        &ClientMsg::Act {
            action: legal[0].clone(),
            step,
        },
    )
    .await;
    for sock in [&mut ws, &mut tab] {
        match recv(sock).await {
            ServerMsg::State {
                step: s2, events, ..
            } => {
                assert!(s2 > step);
                assert!(!events.is_empty());
            }
            other => panic!("{other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_with_the_same_token_restores_view_log_and_turn() {
    let s = server().await;
    let t = create(&s.app, "troll-tricker", seats_for("troll-tricker")).await;
    let (mut ws, mut step, mut legal) = join_until_my_turn(s.addr, &t).await;
    // Play a few turns.
    for _ in 0..3 {
        send(
            &mut ws,
            &ClientMsg::Act {
                action: legal[0].clone(),
                step,
            },
        )
        .await;
        loop {
            if let ServerMsg::State {
                step: s2,
                legal: l2,
                ..
            } = recv(&mut ws).await
                && !l2.is_empty()
            {
                step = s2;
                legal = l2;
                break;
            }
        }
    }
    send(&mut ws, &ClientMsg::View).await;
    let before = recv(&mut ws).await;
    ws.close(None).await.unwrap();
    drop(ws);

    let mut again = connect(s.addr).await;
    send(
        &mut again,
        &ClientMsg::Join {
            table: t.table.clone(),
            token: t.seats[0].token.clone(),
        },
    )
    .await;
    let ServerMsg::Welcome { seat, log, .. } = recv(&mut again).await else {
        panic!("welcome first")
    };
    assert_eq!(seat, Some(0));
    assert!(!log.is_empty());
    let after = recv(&mut again).await;
    assert_eq!(after, before);
    let ServerMsg::State {
        legal: l2,
        step: s2,
        ..
    } = after
    else {
        panic!("a state")
    };
    assert_eq!((s2, &l2), (step, &legal));
    // And it can play on.
    send(
        &mut again,
        &ClientMsg::Act {
            action: legal[0].clone(),
            step,
        },
    )
    .await;
    assert!(matches!(recv(&mut again).await, ServerMsg::State { step: s3, .. } if s3 > step));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_tokens_and_spectators_cannot_act() {
    let s = server().await;
    let t = create(&s.app, "troll-tricker", seats_for("troll-tricker")).await;
    let other = create(&s.app, "troll-tricker", seats_for("troll-tricker")).await;
    let (mut ws, step, legal) = join_until_my_turn(s.addr, &t).await;

    for token in ["0".repeat(32), other.seats[0].token.clone(), String::new()] {
        let mut c = connect(s.addr).await;
        send(
            &mut c,
            &ClientMsg::Join {
                table: t.table.clone(),
                token,
            },
        )
        .await;
        assert_eq!(rejected(&recv(&mut c).await), Some(RejectCode::BadToken));
        send(
            &mut c,
            &ClientMsg::Act {
                action: legal[0].clone(),
                step,
            },
        )
        .await;
        assert_eq!(rejected(&recv(&mut c).await), Some(RejectCode::NotJoined));
    }
    let mut c = connect(s.addr).await;
    send(
        &mut c,
        &ClientMsg::Join {
            table: "ffffffffffffffff".into(),
            token: t.seats[0].token.clone(),
        },
    )
    .await;
    assert_eq!(
        rejected(&recv(&mut c).await),
        Some(RejectCode::UnknownTable)
    );

    let mut spectator = connect(s.addr).await;
    send(
        &mut spectator,
        &ClientMsg::Spectate {
            table: t.table.clone(),
        },
    )
    .await;
    recv(&mut spectator).await;
    recv(&mut spectator).await;
    send(
        &mut spectator,
        &ClientMsg::Act {
            action: legal[0].clone(),
            step,
        },
    )
    .await;
    assert_eq!(
        rejected(&recv(&mut spectator).await),
        Some(RejectCode::Spectator)
    );
    send(&mut spectator, &ClientMsg::Resign).await;
    assert_eq!(
        rejected(&recv(&mut spectator).await),
        Some(RejectCode::Spectator)
    );

    quiet(&mut ws).await;
    let sum = summary(&s.app, &t.table).await;
    assert_eq!((sum.step, sum.status), (step, Status::Playing));
    // The full record stays private while the game runs; a wrong token gets no seat record.
    let (st, _) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    )
    .await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, _) = call(
        &s.app,
        "GET",
        &format!(
            "/api/tables/{}/record?token={}",
            t.table, other.seats[0].token
        ),
        "",
    )
    .await;
    assert_eq!(st, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_finishes_the_table_for_everyone() {
    let s = server().await;
    let t = create(&s.app, "haunted", seats_for("haunted")).await;
    let (mut ws, _, _) = join_until_my_turn(s.addr, &t).await;
    send(&mut ws, &ClientMsg::Resign).await;
    loop {
        if let ServerMsg::State {
            status: Status::Finished,
            outcome,
            ..
        } = recv(&mut ws).await
        {
            assert_eq!(outcome.unwrap().resigned, Some(0));
            break;
        }
    }
    let (st, _) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    )
    .await;
    assert_eq!(st, StatusCode::OK);
}

#[tokio::test]
async fn create_table_checks_its_request() {
    let s = server().await;
    let cases = [
        ("not json", "bad table request"),
        (r#"{"game":"chess","seats":[]}"#, "unknown game"),
        (
            r#"{"game":"haunted","seats":[{"human":{"name":"Ann"}}]}"#,
            "players",
        ),
        (
            r#"{"game":"haunted","seats":[{"human":{"name":""}},{"bot":"random"},{"bot":"random"}]}"#,
            "name",
        ),
        (
            r#"{"game":"haunted","seats":[{"human":{"name":"a\u0007"}},{"bot":"random"},{"bot":"random"}]}"#,
            "control",
        ),
        (
            r#"{"game":"haunted","seats":[{"bot":"genius"},{"bot":"random"},{"bot":"random"}]}"#,
            "genius",
        ),
        (
            r#"{"game":"haunted","options":"nope=1","seats":[{"bot":"random"},{"bot":"random"},{"bot":"random"}]}"#,
            "options",
        ),
        (
            r#"{"game":"haunted","players":4,"seats":[{"bot":"random"},{"bot":"random"},{"bot":"random"}]}"#,
            "players",
        ),
    ];
    for (body, why) in cases {
        let (st, text) = call(&s.app, "POST", "/api/tables", body).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{body}: {text}");
        assert!(text.contains(why), "{body}: {text}");
    }
    let (st, _) = call(&s.app, "GET", "/api/tables/ffffffffffffffff", "").await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let (st, _) = call(&s.app, "GET", "/api/tables/..", "").await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let (st, text) = call(&s.app, "GET", "/healthz", "").await;
    assert_eq!((st, text.as_str()), (StatusCode::OK, "ok"));
    let (st, text) = call(&s.app, "GET", "/api/stats", "").await;
    assert_eq!(st, StatusCode::OK, "{text}");
    let stats: parlour_protocol::Stats = serde_json::from_str(&text).unwrap();
    assert_eq!(stats.tables_open, 0);
    if cfg!(target_os = "linux") {
        assert!(stats.resident_bytes.is_some_and(|b| b > 0), "{text}");
    }
}

#[tokio::test]
async fn foreign_origins_cannot_open_websockets() {
    let s = server().await;
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
        format!("ws://{}/ws", s.addr),
    )
    .unwrap();
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    assert!(connect_async(req).await.is_err());
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
        format!("ws://{}/ws", s.addr),
    )
    .unwrap();
    req.headers_mut()
        .insert("origin", format!("http://{}", s.addr).parse().unwrap());
    assert!(connect_async(req).await.is_ok());
}

// Handlers over in-process channels.

struct Chan {
    to_server: futures_channel::mpsc::Sender<Result<AxMessage, Infallible>>,
    from_server: futures_channel::mpsc::Receiver<AxMessage>,
}

fn channel_socket(app: &AppState) -> Chan {
    let (to_server, server_in) = futures_channel::mpsc::channel(1024);
    let (server_out, from_server) = futures_channel::mpsc::channel(1024);
    tokio::spawn(run_socket(app.clone(), server_out, server_in));
    Chan {
        to_server,
        from_server,
    }
}

impl Chan {
    async fn say(&mut self, text: &str) {
        self.to_server
            .send(Ok(AxMessage::Text(text.into())))
            .await
            .unwrap();
    }

    /// The next message, or `None` once the server closed the connection.
    async fn hear(&mut self) -> Option<ServerMsg> {
        loop {
            match tokio::time::timeout(WAIT, self.from_server.next())
                .await
                .unwrap()
            {
                Some(AxMessage::Text(t)) => return Some(ServerMsg::decode(&t).unwrap()),
                Some(AxMessage::Close(_)) | None => return None,
                Some(_) => {}
            }
        }
    }
}

#[tokio::test]
async fn bad_messages_are_refused_and_the_connection_stays() {
    let s = server().await;
    let mut c = channel_socket(&s.app);
    let cases = [
        ("{", RejectCode::BadMessage),
        (r#"{"type":"shout"}"#, RejectCode::BadMessage),
        (
            r#"{"type":"act","action":"x","step":0}"#,
            RejectCode::NotJoined,
        ),
        (r#"{"type":"view"}"#, RejectCode::NotJoined),
        (
            r#"{"type":"spectate","table":"nope"}"#,
            RejectCode::UnknownTable,
        ),
    ];
    for (text, code) in cases {
        c.say(text).await;
        assert_eq!(rejected(&c.hear().await.unwrap()), Some(code), "{text}");
    }
    let huge = format!(r#"{{"type":"view","pad":"{}"}}"#, "x".repeat(70_000));
    c.say(&huge).await;
    assert_eq!(
        rejected(&c.hear().await.unwrap()),
        Some(RejectCode::TooLarge)
    );
    c.to_server
        .send(Ok(AxMessage::Binary(vec![1, 2, 3].into())))
        .await
        .unwrap();
    assert_eq!(
        rejected(&c.hear().await.unwrap()),
        Some(RejectCode::BadMessage)
    );
    // Still served.
    let t = create(&s.app, "troll-tricker", seats_for("troll-tricker")).await;
    c.say(
        &ClientMsg::Spectate {
            table: t.table.clone(),
        }
        .encode(),
    )
    .await;
    assert!(matches!(
        c.hear().await,
        Some(ServerMsg::Welcome { seat: None, .. })
    ));
    c.say(&ClientMsg::Spectate { table: t.table }.encode())
        .await;
    let mut codes = Vec::new();
    while let Some(m) = c.hear().await {
        if let Some(code) = rejected(&m) {
            codes.push(code);
            break;
        }
    }
    assert_eq!(codes, [RejectCode::NotJoined]);
}

#[tokio::test]
async fn a_flooding_connection_is_throttled_then_closed() {
    let s = server().await;
    let mut c = channel_socket(&s.app);
    for _ in 0..2000 {
        if c.to_server
            .send(Ok(AxMessage::Text(r#"{"type":"view"}"#.into())))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut throttled = 0;
    while let Some(m) = c.hear().await {
        if rejected(&m) == Some(RejectCode::Throttled) {
            throttled += 1;
        }
    }
    assert!(throttled > 0);
    assert!(throttled < 2000);
}

#[tokio::test]
async fn a_table_with_only_bots_plays_to_the_end_and_stats_count_it() {
    let s = server().await;
    let t = create(
        &s.app,
        "troll-tricker",
        json!([{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]),
    )
    .await;
    assert!(t.seats.is_empty());
    let mut c = channel_socket(&s.app);
    c.say(
        &ClientMsg::Spectate {
            table: t.table.clone(),
        }
        .encode(),
    )
    .await;
    loop {
        match c.hear().await {
            Some(ServerMsg::State {
                status: Status::Finished,
                ..
            }) => break,
            Some(ServerMsg::Welcome { table, .. }) if table.status == Status::Finished => break,
            Some(_) => {}
            None => panic!("closed"),
        }
    }
    let stats = s.app.stats();
    assert!(stats.actions_applied > 0);
    assert_eq!(stats.connections, 1);
    assert_eq!(stats.tables_open, 0);
}

#[tokio::test]
async fn idle_finished_tables_are_unloaded_and_loaded_again() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let config = Config {
        unload_after: Duration::from_millis(50),
        ..Config::default()
    };
    let app = AppState::new(Store::connect(&url).await.unwrap(), config)
        .await
        .unwrap();
    let t = create(
        &app,
        "troll-tricker",
        json!([{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]),
    )
    .await;
    let mut finished = false;
    for _ in 0..600 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if summary(&app, &t.table).await.status == Status::Finished {
            finished = true;
            break;
        }
    }
    assert!(finished);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let sum = summary(&app, &t.table).await;
    assert_eq!(sum.status, Status::Finished);
    assert!(sum.outcome.is_some());
    let (st, _) = call(&app, "GET", &format!("/api/tables/{}/record", t.table), "").await;
    assert_eq!(st, StatusCode::OK);
}

/// Spectators join a finished table over and over while it unloads the moment the last one
/// leaves: every join, racing an unload or not, reaches the table (loaded once more if need
/// be) and finds it as it ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joins_racing_unloads_always_find_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let config = Config {
        // Idle at once: a queued join and the unload are due together.
        unload_after: Duration::ZERO,
        ..Config::default()
    };
    let (addr, app) = listen(Store::connect(&url).await.unwrap(), config).await;
    let t = create(
        &app,
        "haunted",
        json!([{"bot": "random"}, {"bot": "random"}]),
    )
    .await;
    let mut end = None;
    for _ in 0..600 {
        let sum = summary(&app, &t.table).await;
        if sum.status == Status::Finished {
            end = Some(sum.step);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let end = end.expect("the bots finish");

    let mut clients = Vec::new();
    for _ in 0..3 {
        let table = t.table.clone();
        clients.push(tokio::spawn(async move {
            for _ in 0..40 {
                let mut ws = connect(addr).await;
                send(
                    &mut ws,
                    &ClientMsg::Spectate {
                        table: table.clone(),
                    },
                )
                .await;
                match recv(&mut ws).await {
                    ServerMsg::Welcome { table: sum, .. } => {
                        assert_eq!((sum.status, sum.step), (Status::Finished, end));
                        assert!(sum.outcome.is_some());
                    }
                    other => panic!("a join was lost: {other:?}"),
                }
                assert_eq!(step_of(&recv(&mut ws).await), Some(end));
                ws.close(None).await.unwrap();
            }
        }));
    }
    for c in clients {
        c.await.unwrap();
    }
    let sum = summary(&app, &t.table).await;
    assert_eq!((sum.status, sum.step), (Status::Finished, end));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn create_table_never_fails_inside_on_random_input(
        body in prop_oneof![
            ".{0,200}",
            (
                "(troll-tricker|haunted|kings-feast|[a-z-]{0,12})",
                proptest::collection::vec(
                    prop_oneof![
                        ".{0,50}".prop_map(|n| json!({"human": {"name": n}})),
                        "[a-z:]{0,8}".prop_map(|b| json!({"bot": b})),
                        Just(json!({"robot": 1})),
                    ],
                    0..9,
                ),
                ".{0,30}",
            )
                .prop_map(|(g, seats, o)| json!({"game": g, "seats": seats, "options": o}).to_string()),
        ]
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let s = server().await;
            let (st, text) = call(&s.app, "POST", "/api/tables", &body).await;
            assert!(
                st == StatusCode::CREATED || st == StatusCode::BAD_REQUEST,
                "{st}: {text} for {body}"
            );
        });
    }
}

#[tokio::test]
async fn shutting_down_closes_connections() {
    let s = server().await;
    let mut c = channel_socket(&s.app);
    c.say(r#"{"type":"view"}"#).await;
    assert_eq!(
        rejected(&c.hear().await.unwrap()),
        Some(RejectCode::NotJoined)
    );
    s.app.shut_down().await;
    assert!(c.hear().await.is_none());
}

/// A crash between storing an action and the chance it made due: on restart the replay draws
/// the same chance from the seed, stores it, and the bots play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_stores_the_chance_a_crash_left_undrawn() {
    let dir = tempfile::tempdir().unwrap();
    let url = |name: &str| format!("sqlite://{}", dir.path().join(name).display());
    let store = Store::connect(&url("a.db")).await.unwrap();
    let app = AppState::new(store.clone(), Config::default())
        .await
        .unwrap();
    let t = create(
        &app,
        "troll-tricker",
        json!([{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]),
    )
    .await;
    let mut done = None;
    for _ in 0..600 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let stored = store.load(&t.table).await.unwrap().unwrap();
        if stored.status == Status::Finished {
            done = Some(stored);
            break;
        }
    }
    let full = done.expect("the bots finish");
    let cut = full
        .entries
        .windows(2)
        .position(|w| !w[0].starts_with("chance:") && w[1].starts_with("chance:"))
        .expect("an action followed by chance");
    let mut crashed = full.clone();
    crashed.id = "00000000000000aa".to_owned();
    crashed.status = Status::Playing;
    crashed.entries = Vec::new();
    let other = Store::connect(&url("b.db")).await.unwrap();
    other.create_table(&crashed).await.unwrap();
    other
        .append(&crashed.id, 0, &full.entries[..=cut], Status::Playing, None)
        .await
        .unwrap();

    let _restored = AppState::new(other.clone(), Config::default())
        .await
        .unwrap();
    let mut resumed = None;
    for _ in 0..600 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let stored = other.load(&crashed.id).await.unwrap().unwrap();
        if stored.status == Status::Finished {
            resumed = Some(stored);
            break;
        }
    }
    let resumed = resumed.expect("the restored table plays to the end");
    assert_eq!(resumed.entries[..=cut + 1], full.entries[..=cut + 1]);
}

/// Junk from a seated connection is refused one message at a time and never stops the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_from_a_seat_is_refused_and_play_goes_on() {
    let s = server().await;
    let t = create(&s.app, "holy-matrimony", seats_for("holy-matrimony")).await;
    let mut c = channel_socket(&s.app);
    c.say(
        &ClientMsg::Join {
            table: t.table.clone(),
            token: t.seats[0].token.clone(),
        }
        .encode(),
    )
    .await;
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let junk = [
        "",
        "play",
        "play play",
        "🂡",
        "\u{0}",
        "0: play x",
        "chance: deal",
    ];
    let mut last_step = 0;
    let mut legal: Vec<String> = Vec::new();
    for i in 0..100 {
        let text = match next() % 5 {
            0 => String::from_utf8_lossy(&next().to_le_bytes()).into_owned(),
            1 => r#"{"type":"act","action":7,"step":"x"}"#.to_owned(),
            2 => ClientMsg::Act {
                action: junk[(next() % junk.len() as u64) as usize].to_owned(),
                step: last_step,
            }
            .encode(),
            3 => ClientMsg::Act {
                action: legal.first().cloned().unwrap_or_default(),
                step: next() % 1000 + 1000,
            }
            .encode(),
            _ => ClientMsg::View.encode(),
        };
        c.say(&text).await;
        // Every tenth message, a legal move keeps the game going.
        if i % 10 == 9
            && let Some(a) = legal.first()
        {
            c.say(
                &ClientMsg::Act {
                    action: a.clone(),
                    step: last_step,
                }
                .encode(),
            )
            .await;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
        while let Ok(Some(m)) =
            tokio::time::timeout(Duration::from_millis(5), c.from_server.next()).await
        {
            let AxMessage::Text(t) = m else { continue };
            match ServerMsg::decode(&t).unwrap() {
                ServerMsg::State { step, legal: l, .. } => {
                    last_step = step;
                    legal = l;
                }
                ServerMsg::Rejected { code, reason, .. } => {
                    assert_ne!(code, RejectCode::Internal, "{reason}");
                    assert_ne!(code, RejectCode::Throttled, "{reason}");
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
    c.say(&ClientMsg::View.encode()).await;
    loop {
        match c.hear().await.expect("still connected") {
            ServerMsg::State { step, .. } => {
                assert!(step >= last_step);
                break;
            }
            ServerMsg::Rejected { code, .. } => assert_ne!(code, RejectCode::Internal),
            ServerMsg::Welcome { .. }
            | ServerMsg::Notice { .. }
            | ServerMsg::Rematch { .. }
            | ServerMsg::RematchOffer(_)
            | ServerMsg::Hint { .. }
            | ServerMsg::Presence { .. } => {}
        }
    }
    let sum = summary(&s.app, &t.table).await;
    assert_ne!(sum.status, Status::Waiting);
    assert!(sum.step > 0);
}

/// Reads messages until `f` picks one out.
async fn until<T>(ws: &mut Ws, mut f: impl FnMut(&ServerMsg) -> Option<T>) -> T {
    loop {
        let msg = recv(ws).await;
        if let Some(t) = f(&msg) {
            return t;
        }
    }
}

/// Joins `table` with `token` over a new connection.
async fn join_with(addr: SocketAddr, table: &str, token: &str) -> Ws {
    let mut ws = connect(addr).await;
    send(
        &mut ws,
        &ClientMsg::Join {
            table: table.to_owned(),
            token: token.to_owned(),
        },
    )
    .await;
    ws
}

/// A state's step, clock, seats to act and legal actions.
fn clocked_state(msg: &ServerMsg) -> Option<(u64, ClockState, Vec<u8>, Vec<String>)> {
    match msg {
        ServerMsg::State {
            step,
            clock,
            to_act,
            legal,
            ..
        } => Some((
            *step,
            clock.clone().expect("a table with clocks sends them"),
            to_act.clone(),
            legal.clone(),
        )),
        _ => None,
    }
}

/// Stores a troll-tricker table with Ann in seat 0, random bots elsewhere, and clocks whose
/// banks are `bank_secs` (below what a request may ask, so that a bank runs out quickly);
/// returns its id and Ann's token.
async fn clocked_table(store: &Store, bank_secs: u32, increment_secs: u32) -> (String, String) {
    let id = new_table_id().unwrap();
    let token = new_token().unwrap();
    let mut seats = vec![SeatRow {
        seat: 0,
        kind: SeatKind::Human,
        name: "Ann".to_owned(),
        token_hash: Some(hash_token(&token)),
        joined: false,
    }];
    for seat in 1..4 {
        seats.push(SeatRow {
            seat,
            kind: SeatKind::Bot,
            name: "random".to_owned(),
            token_hash: None,
            joined: true,
        });
    }
    let stored = StoredTable {
        id: id.clone(),
        game: "troll-tricker".to_owned(),
        players: 4,
        options: BTreeMap::new(),
        seed: new_seed().unwrap(),
        status: Status::Waiting,
        resigned: None,
        seats,
        entries: Vec::new(),
        clock: Some(ClockSettings {
            bank_secs,
            increment_secs,
        }),
        banks: Vec::new(),
        rematch: None,
    };
    store.create_table(&stored).await.unwrap();
    (id, token)
}

/// A person who does nothing runs out of time: a bot plays that seat's move through the usual
/// path, everyone (spectators too) is told, and the game goes on to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_out_of_time_gets_a_bot_move_and_everyone_a_notice() {
    let s = server().await;
    let (id, token) = clocked_table(&s.store, 1, 0).await;
    let mut spectator = connect(s.addr).await;
    send(&mut spectator, &ClientMsg::Spectate { table: id.clone() }).await;
    let mut ws = join_with(s.addr, &id, &token).await;
    let ServerMsg::Welcome { table, .. } = recv(&mut ws).await else {
        panic!("a welcome first");
    };
    assert_eq!(
        table.clock,
        Some(ClockSettings {
            bank_secs: 1,
            increment_secs: 0
        })
    );
    // Ann's turn comes; her clock runs, the bots' do not.
    let (my_step, clock) = until(&mut ws, |m| match clocked_state(m) {
        Some((step, clock, _, legal)) if !legal.is_empty() => Some((step, clock)),
        Some((_, clock, _, _)) => {
            assert!(clock.running.is_empty(), "{clock:?}");
            None
        }
        _ => None,
    })
    .await;
    assert_eq!(clock.running, [0]);
    assert!(clock.remaining_ms[0] <= 1000);
    assert_eq!(clock.remaining_ms[1..], [1000, 1000, 1000]);
    // She does nothing.
    let mut after = None;
    let text = until(&mut ws, |m| match m {
        ServerMsg::State { step, clock, .. } if *step > my_step => {
            after.get_or_insert(clock.clone().unwrap());
            None
        }
        ServerMsg::Notice { text } => Some(text.clone()),
        ServerMsg::Rejected { code, reason, .. } => panic!("{code:?}: {reason}"),
        _ => None,
    })
    .await;
    assert_eq!(text, "Ann's time ran out: a bot played for them");
    let after = after.expect("the bot's move came before the notice");
    assert_eq!(after.remaining_ms[0], 0);
    let heard = until(&mut spectator, |m| match m {
        ServerMsg::Notice { text } => Some(text.clone()),
        _ => None,
    })
    .await;
    assert_eq!(heard, text);
    // The move is in the record as seat 0's, at the step it was due.
    let (st, body) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{id}/record?token={token}"),
        "",
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let r: SeatRecord = serde_json::from_str(&body).unwrap();
    assert_eq!(r.actions.first().map(|a| a.step), Some(my_step));
    // With an empty bank every later move of hers is the bot's too, and the game ends.
    let mut notices = 1;
    let outcome = until(&mut ws, |m| match m {
        ServerMsg::Notice { .. } => {
            notices += 1;
            None
        }
        ServerMsg::State {
            status: Status::Finished,
            outcome,
            clock,
            ..
        } => {
            let clock = clock.clone().unwrap();
            assert!(clock.running.is_empty());
            assert_eq!(clock.remaining_ms, [0, 1000, 1000, 1000]);
            outcome.clone()
        }
        _ => None,
    })
    .await;
    assert_eq!(outcome.resigned, None);
    let (_, body) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{id}/record?token={token}"),
        "",
    )
    .await;
    let r: SeatRecord = serde_json::from_str(&body).unwrap();
    assert!(r.actions.len() > 1);
    // The last notice may still be on its way after the final state.
    assert!(notices >= r.actions.len() - 1, "{notices} notices");
}

/// Fischer increment: an action adds the increment to the bank of the seat that acted. Only
/// people to act run, and bots' banks never move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_adds_the_increment_and_only_people_to_act_run() {
    let s = server().await;
    let clock = json!({"bank_secs": 10, "increment_secs": 60});
    let body =
        json!({"game": "troll-tricker", "seats": seats_for("troll-tricker"), "clock": clock})
            .to_string();
    let (st, text) = call(&s.app, "POST", "/api/tables", &body).await;
    assert_eq!(st, StatusCode::CREATED, "{text}");
    let t: CreatedTable = serde_json::from_str(&text).unwrap();
    let sum = summary(&s.app, &t.table).await;
    assert_eq!(
        sum.clock,
        Some(ClockSettings {
            bank_secs: 10,
            increment_secs: 60
        })
    );
    let mut ws = join_with(s.addr, &t.table, &t.seats[0].token).await;
    let mut bank = 10_000;
    // Every state: only Ann's clock may run, and only while she is to act.
    let checked = |m: &ServerMsg, bank: u64| {
        let (step, clock, to_act, legal) = clocked_state(m)?;
        let people_to_act: Vec<u8> = to_act.into_iter().filter(|&s| s == 0).collect();
        assert_eq!(clock.running, people_to_act);
        assert_eq!(clock.remaining_ms[1..], [10_000, 10_000, 10_000]);
        assert!(clock.remaining_ms[0] <= bank, "{clock:?} over {bank}");
        Some((step, clock.remaining_ms[0], legal))
    };
    let mut mine = None;
    for _ in 0..3 {
        let (step, before, legal) = match mine.take() {
            Some(turn) => turn,
            None => {
                until(&mut ws, |m| {
                    checked(m, bank).filter(|(_, _, legal)| !legal.is_empty())
                })
                .await
            }
        };
        send(
            &mut ws,
            &ClientMsg::Act {
                action: legal[0].clone(),
                step,
            },
        )
        .await;
        // The state that carries the action (Ann may be to act again at once).
        let (s2, after, legal) = until(&mut ws, |m| {
            checked(m, bank + 60_000).filter(|(s2, _, _)| *s2 > step)
        })
        .await;
        // Whatever the thinking took (under 60 s), the increment more than makes up for it.
        assert!(
            after > before,
            "{before} ms before acting, {after} ms after"
        );
        assert!(after <= before + 60_000);
        bank = after;
        if !legal.is_empty() {
            mine = Some((s2, after, legal));
        }
    }
    // A table without clocks says so.
    let plain = create(&s.app, "haunted", seats_for("haunted")).await;
    assert_eq!(summary(&s.app, &plain.table).await.clock, None);
    let mut ws = join_with(s.addr, &plain.table, &plain.seats[0].token).await;
    until(&mut ws, |m| match m {
        ServerMsg::State { clock, .. } => {
            assert_eq!(*clock, None);
            Some(())
        }
        _ => None,
    })
    .await;
    // Clocks out of range are refused.
    for clock in [
        json!({"bank_secs": 9, "increment_secs": 0}),
        json!({"bank_secs": 7201, "increment_secs": 0}),
        json!({"bank_secs": 60, "increment_secs": 601}),
        json!({"bank_secs": 60}),
        json!({"bank_secs": 60, "increment_secs": 0, "extra": 1}),
    ] {
        let body =
            json!({"game": "haunted", "seats": seats_for("haunted"), "clock": clock}).to_string();
        let (st, text) = call(&s.app, "POST", "/api/tables", &body).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{clock}: {text}");
    }
}

/// Banks are stored with each step and survive a restart on the same database; the time the
/// server was down is not charged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clock_banks_survive_a_restart_without_charging_the_downtime() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let store = Store::connect(&url).await.unwrap();
    let (addr, app) = serve_store(store.clone()).await;
    let clock = json!({"bank_secs": 10, "increment_secs": 0});
    let body =
        json!({"game": "troll-tricker", "seats": seats_for("troll-tricker"), "clock": clock})
            .to_string();
    let (st, text) = call(&app, "POST", "/api/tables", &body).await;
    assert_eq!(st, StatusCode::CREATED, "{text}");
    let t: CreatedTable = serde_json::from_str(&text).unwrap();
    let mut ws = join_with(addr, &t.table, &t.seats[0].token).await;
    let my_turn = |m: &ServerMsg| match clocked_state(m) {
        Some((step, _, _, legal)) if !legal.is_empty() => Some((step, legal)),
        _ => None,
    };
    let (step, legal) = until(&mut ws, my_turn).await;
    // Ann thinks for a while, then plays; her turn comes again.
    tokio::time::sleep(Duration::from_millis(600)).await;
    send(
        &mut ws,
        &ClientMsg::Act {
            action: legal[0].clone(),
            step,
        },
    )
    .await;
    until(&mut ws, |m| my_turn(m).filter(|(s2, _)| *s2 > step)).await;
    let stored = store.load(&t.table).await.unwrap().unwrap().banks;
    assert_eq!(stored[1..], [10_000, 10_000, 10_000]);
    assert!(
        (1..=9_400).contains(&stored[0]),
        "the 600 ms Ann took are charged: {stored:?}"
    );
    drop(ws);
    app.shut_down().await;
    // Down for a second.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let loaded = std::time::Instant::now();
    let (addr, _app) = serve_store(Store::connect(&url).await.unwrap()).await;
    let mut ws = join_with(addr, &t.table, &t.seats[0].token).await;
    let clock = until(&mut ws, |m| match clocked_state(m) {
        Some((_, clock, _, legal)) if !legal.is_empty() => Some(clock),
        _ => None,
    })
    .await;
    let since_load = u64::try_from(loaded.elapsed().as_millis()).unwrap();
    assert_eq!(clock.running, [0]);
    let now = clock.remaining_ms[0];
    assert!(now <= stored[0], "{now} ms now, {} ms stored", stored[0]);
    // Charged at most the time since the restarted server loaded the table.
    assert!(
        now + since_load + 50 >= stored[0],
        "{now} ms now, {} ms stored, {since_load} ms since the restart",
        stored[0]
    );
    assert_eq!(clock.remaining_ms[1..], [10_000, 10_000, 10_000]);
}

/// A rematch by consent: one person offers, bots accept, and the new table (the same game,
/// options, clock and seats, whose seats take the old tokens) is made only once every person
/// has accepted; a decline ends the offer; asked again, the same table; refused before the
/// end, to spectators and to strangers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_seats_the_same_people_at_a_new_table_once() {
    use RematchAnswer::{Accepted, Declined, Waiting};
    let s = server().await;
    let clock = ClockSettings {
        bank_secs: 300,
        increment_secs: 10,
    };
    let seats = json!([
        {"human": {"name": "Ann"}},
        {"bot": "greedy"},
        {"human": {"name": "Bo"}},
        {"bot": "random"},
    ]);
    let body = json!({
        "game": "troll-tricker",
        "options": {"traditional_mat": true},
        "seats": seats,
        "clock": clock,
    })
    .to_string();
    let (st, text) = call(&s.app, "POST", "/api/tables", &body).await;
    assert_eq!(st, StatusCode::CREATED, "{text}");
    let t: CreatedTable = serde_json::from_str(&text).unwrap();
    let stranger = create(&s.app, "haunted", seats_for("haunted")).await;
    let stranger_token = stranger.seats[0].token.clone();
    let old = summary(&s.app, &t.table).await;
    let (ann, bo) = (t.seats[0].token.clone(), t.seats[1].token.clone());
    let mut ws = join_with(s.addr, &t.table, &ann).await;
    let mut bo_ws = join_with(s.addr, &t.table, &bo).await;
    let mut spectator = connect(s.addr).await;
    send(
        &mut spectator,
        &ClientMsg::Spectate {
            table: t.table.clone(),
        },
    )
    .await;
    let first_state = |m: &ServerMsg| matches!(m, ServerMsg::State { .. }).then_some(());
    until(&mut ws, first_state).await;
    until(&mut spectator, first_state).await;

    // Not before the end.
    send(&mut ws, &ClientMsg::Rematch).await;
    let code = until(&mut ws, rejected).await;
    assert_eq!(code, RejectCode::NotPlaying);
    let rematch_url = format!("/api/tables/{}/rematch", t.table);
    let (st, text) = call_as(&s.app, "POST", &rematch_url, "", Some(&ann)).await;
    assert_eq!(st, StatusCode::CONFLICT, "{text}");
    // Never for spectators.
    send(&mut spectator, &ClientMsg::Rematch).await;
    let code = until(&mut spectator, rejected).await;
    assert_eq!(code, RejectCode::Spectator);

    send(&mut ws, &ClientMsg::Resign).await;
    until(&mut ws, |m| match m {
        ServerMsg::State {
            status: Status::Finished,
            ..
        } => Some(()),
        _ => None,
    })
    .await;
    // Not for strangers, nor without a token.
    let (st, _) = call_as(&s.app, "POST", &rematch_url, "", Some(&stranger_token)).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, _) = call_as(&s.app, "POST", &rematch_url, "", None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    assert_eq!(summary(&s.app, &t.table).await.rematch, None);

    // Ann offers: bots accept at once, Bo is asked, and nobody is sent a new table.
    send(&mut ws, &ClientMsg::Rematch).await;
    let offered = RematchOffer {
        by: 0,
        answers: vec![Accepted, Accepted, Waiting, Accepted],
    };
    for other in [&mut ws, &mut bo_ws, &mut spectator] {
        let notice = until(other, |m| match m {
            ServerMsg::Notice { text } => Some(text.clone()),
            ServerMsg::Rematch { table } => panic!("made before Bo accepted: {table}"),
            _ => None,
        })
        .await;
        assert_eq!(notice, "Ann offers a rematch");
        assert_eq!(until(other, offer_of).await, offered);
    }
    // Asking again over HTTP answers the offer as it stands.
    let (st, text) = call_as(&s.app, "POST", &rematch_url, "", Some(&ann)).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{text}");
    assert_eq!(
        serde_json::from_str::<RematchOffer>(&text).unwrap(),
        offered
    );
    // A page joining now is told of the offer.
    let mut late = join_with(s.addr, &t.table, &bo).await;
    assert_eq!(until(&mut late, offer_of).await, offered);
    drop(late);
    assert_eq!(summary(&s.app, &t.table).await.rematch, None);

    // Bo declines: the offer is over, everyone is told who declined, and nothing was made.
    send(&mut bo_ws, &ClientMsg::RematchDecline).await;
    for other in [&mut ws, &mut bo_ws, &mut spectator] {
        let over = until(other, offer_of);
        assert_eq!(over.await.answers, [Accepted, Accepted, Declined, Accepted]);
        let notice = until(other, |m| match m {
            ServerMsg::Notice { text } => Some(text.clone()),
            ServerMsg::Rematch { table } => panic!("made though Bo declined: {table}"),
            _ => None,
        })
        .await;
        assert_eq!(notice, "Bo declined the rematch");
    }
    // Nothing is left to decline; spectators never may.
    send(&mut bo_ws, &ClientMsg::RematchDecline).await;
    assert_eq!(until(&mut bo_ws, rejected).await, RejectCode::NotPlaying);
    send(&mut spectator, &ClientMsg::RematchDecline).await;
    assert_eq!(until(&mut spectator, rejected).await, RejectCode::Spectator);
    assert_eq!(summary(&s.app, &t.table).await.rematch, None);

    // Bo offers again over HTTP; Ann accepts, and only then is the table made.
    let (st, text) = call_as(&s.app, "POST", &rematch_url, "", Some(&bo)).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{text}");
    let second: RematchOffer = serde_json::from_str(&text).unwrap();
    assert_eq!(second.by, 2);
    assert_eq!(second.answers, [Waiting, Accepted, Accepted, Accepted]);
    assert_eq!(until(&mut ws, offer_of).await, second);
    send(&mut ws, &ClientMsg::Rematch).await;
    let new = until(&mut ws, |m| match m {
        ServerMsg::Rematch { table } => Some(table.clone()),
        ServerMsg::Rejected { code, reason, .. } => panic!("{code:?}: {reason}"),
        _ => None,
    })
    .await;
    assert_ne!(new, t.table);
    for other in [&mut bo_ws, &mut spectator] {
        let agreed = until(other, |m| match m {
            ServerMsg::RematchOffer(o) if o.agreed() => Some(o.clone()),
            ServerMsg::Rematch { table } => panic!("{table} before everyone agreed"),
            _ => None,
        })
        .await;
        assert_eq!(agreed.by, 2);
        let heard = until(other, |m| match m {
            ServerMsg::Rematch { table } => Some(table.clone()),
            _ => None,
        })
        .await;
        assert_eq!(heard, new);
        let notice = until(other, |m| match m {
            ServerMsg::Notice { text } => Some(text.clone()),
            _ => None,
        })
        .await;
        assert!(notice.contains("Bo"), "{notice}");
    }
    assert_eq!(
        summary(&s.app, &t.table).await.rematch.as_deref(),
        Some(new.as_str())
    );
    // Asked again, by either person, either way: the same table; there is no offer to decline.
    send(&mut bo_ws, &ClientMsg::Rematch).await;
    let again = until(&mut bo_ws, |m| match m {
        ServerMsg::Rematch { table } => Some(table.clone()),
        ServerMsg::Rejected { code, reason, .. } => panic!("{code:?}: {reason}"),
        _ => None,
    })
    .await;
    assert_eq!(again, new);
    let (st, text) = call_as(&s.app, "POST", &rematch_url, "", Some(&ann)).await;
    assert_eq!(st, StatusCode::CREATED, "{text}");
    let r: Rematched = serde_json::from_str(&text).unwrap();
    assert_eq!(r.table, new);
    send(&mut bo_ws, &ClientMsg::RematchDecline).await;
    assert_eq!(until(&mut bo_ws, rejected).await, RejectCode::NotPlaying);

    // The same game, options, clock and seats; nobody has joined yet.
    let made = summary(&s.app, &new).await;
    assert_eq!(made.game, old.game);
    assert_eq!(made.players, old.players);
    assert_eq!(made.options, old.options);
    assert_eq!(made.options["traditional_mat"], json!(true));
    assert_eq!(made.clock, Some(clock));
    assert_eq!(made.status, Status::Waiting);
    assert_eq!(made.step, 0);
    assert_eq!(made.rematch, None);
    for (a, b) in made.seats.iter().zip(&old.seats) {
        assert_eq!((a.seat, a.kind, &a.name), (b.seat, b.kind, &b.name));
    }
    assert_eq!(
        made.seats.iter().map(|s| s.joined).collect::<Vec<_>>(),
        [false, true, false, true]
    );
    // The old tokens take the same seats; a stranger's does not.
    let mut ws = join_with(s.addr, &new, &bo).await;
    let ServerMsg::Welcome { seat, .. } = recv(&mut ws).await else {
        panic!("a welcome");
    };
    assert_eq!(seat, Some(2));
    let mut ws = join_with(s.addr, &new, &ann).await;
    let ServerMsg::Welcome { seat, .. } = recv(&mut ws).await else {
        panic!("a welcome");
    };
    assert_eq!(seat, Some(0));
    let mut intruder = join_with(s.addr, &new, &stranger_token).await;
    assert_eq!(
        rejected(&recv(&mut intruder).await),
        Some(RejectCode::BadToken)
    );
    // Everyone joined: play starts, with full banks.
    let clock = until(&mut ws, |m| match m {
        ServerMsg::State {
            status: Status::Playing,
            clock,
            ..
        } => clock.clone(),
        _ => None,
    })
    .await;
    assert!(
        clock
            .remaining_ms
            .iter()
            .all(|&b| b <= 300_000 && b > 290_000)
    );
    // A new seed: the two records deal differently.
    send(&mut ws, &ClientMsg::Resign).await;
    until(&mut ws, |m| match m {
        ServerMsg::State {
            status: Status::Finished,
            ..
        } => Some(()),
        _ => None,
    })
    .await;
    let seed = |text: String| Record::from_json(&text).unwrap().seed;
    let (_, a) = call(
        &s.app,
        "GET",
        &format!("/api/tables/{}/record", t.table),
        "",
    )
    .await;
    let (_, b) = call(&s.app, "GET", &format!("/api/tables/{new}/record"), "").await;
    assert_ne!(seed(a), seed(b));
}

/// A seat of The King's Feast may ask for the solver's move: one of its legal actions, sent to
/// it alone, and nothing at the table changes. Games without a solver and spectators are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_solver_hints_a_legal_move_to_the_asking_seat_only() {
    let s = server().await;
    let t = create(&s.app, "kings-feast", seats_for("kings-feast")).await;
    let (mut ws, step, legal) = join_until_my_turn(s.addr, &t).await;
    let mut watcher = connect(s.addr).await;
    send(
        &mut watcher,
        &ClientMsg::Spectate {
            table: t.table.clone(),
        },
    )
    .await;
    until(&mut watcher, |m| {
        matches!(m, ServerMsg::State { .. }).then_some(())
    })
    .await;
    send(&mut ws, &ClientMsg::Hint).await;
    let (hint_step, action) = until(&mut ws, |m| match m {
        ServerMsg::Hint { step, action } => Some((*step, action.clone())),
        _ => None,
    })
    .await;
    assert_eq!(hint_step, step);
    assert!(legal.contains(&action), "{action} is not among {legal:?}");
    send(&mut ws, &ClientMsg::View).await;
    let now = until(&mut ws, |m| match m {
        ServerMsg::State { step, .. } => Some(*step),
        _ => None,
    })
    .await;
    assert_eq!(now, step, "a hint moved the table");
    // The spectator heard nothing of it, and may not ask.
    quiet(&mut watcher).await;
    send(&mut watcher, &ClientMsg::Hint).await;
    match recv(&mut watcher).await {
        ServerMsg::Rejected { code, .. } => assert_eq!(code, RejectCode::Spectator),
        other => panic!("expected a refusal, got {other:?}"),
    }

    let t = create(&s.app, "troll-tricker", seats_for("troll-tricker")).await;
    let (mut ws, ..) = join_until_my_turn(s.addr, &t).await;
    send(&mut ws, &ClientMsg::Hint).await;
    let (code, reason) = until(&mut ws, |m| match m {
        ServerMsg::Rejected { code, reason, .. } => Some((*code, reason.clone())),
        _ => None,
    })
    .await;
    assert_eq!(code, RejectCode::BadMessage);
    assert!(reason.contains("no solver"), "{reason}");
}

/// The SQLite store keeps every write (the PostgreSQL tests run the same check).
#[tokio::test]
async fn the_sqlite_store_round_trips_tables_and_entries() {
    let dir = tempfile::tempdir().unwrap();
    round_trip(&format!("sqlite://{}", dir.path().join("s.db").display())).await;
}

/// A database made by the old hand-made migration list (all of it, or only its first
/// migration) opens with the migrations compiled in, and its tables and rows are found.
#[tokio::test]
async fn a_database_made_by_the_old_migrations_opens() {
    for n in [1, 2] {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("old.db").display());
        let opts = sqlx::sqlite::SqliteConnectOptions::from_str(&url)
            .unwrap()
            .create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(opts).await.unwrap();
        let texts = [old_schema::SQLITE_1, old_schema::SQLITE_2];
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
