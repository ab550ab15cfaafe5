//! What a refusal names, and when an action is refused as `stale`, over real websockets.

use std::net::SocketAddr;

use futures_util::SinkExt;
use parlour_protocol::{MsgKind, RejectCode, ServerMsg, Status};
use parlour_server::{AppState, Config};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod support;
use support::{Ws, connect, create, listen, next_text};

async fn server(dir: &tempfile::TempDir) -> (SocketAddr, AppState) {
    listen(support::sqlite(dir).await, Config::default()).await
}

async fn say(ws: &mut Ws, msg: &Value) {
    ws.send(Message::text(msg.to_string())).await.unwrap();
}

/// The next message that is not `presence`.
async fn hear(ws: &mut Ws) -> ServerMsg {
    loop {
        let t = next_text(ws).await.expect("the connection is open");
        let msg = ServerMsg::decode(&t).unwrap();
        if !matches!(msg, ServerMsg::Presence { .. }) {
            return msg;
        }
    }
}

async fn join(addr: SocketAddr, table: &str, token: &str) -> Ws {
    let mut ws = connect(addr).await;
    say(
        &mut ws,
        &json!({"type": "join", "table": table, "token": token}),
    )
    .await;
    assert!(matches!(hear(&mut ws).await, ServerMsg::Welcome { .. }));
    ws
}

/// A state's step, seats to act, legal actions and status.
struct Seen {
    step: u64,
    to_act: Vec<u8>,
    legal: Vec<String>,
    status: Status,
}

/// States until the table waits for people (someone to act) or is over, from `step` on.
async fn settle(ws: &mut Ws, from: u64) -> Seen {
    loop {
        match hear(ws).await {
            ServerMsg::State {
                step,
                to_act,
                legal,
                status,
                ..
            } if step >= from && (!to_act.is_empty() || status == Status::Finished) => {
                return Seen {
                    step,
                    to_act,
                    legal,
                    status,
                };
            }
            ServerMsg::Rejected {
                code,
                reason,
                answers,
                ..
            } => panic!("{code:?} answering {answers:?}: {reason}"),
            _ => {}
        }
    }
}

/// In a 7-person Holy Matrimony table every person commits from the same step, in whatever
/// order the table reads them: no commitment is refused, because another seat's commitment
/// changes nothing a seat chooses from.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_commitments_from_one_step_are_never_stale() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, app) = server(&dir).await;
    let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"];
    let seats: Vec<Value> = names
        .iter()
        .map(|n| json!({"human": {"name": n}}))
        .collect();
    let t = create(&app, "holy-matrimony", Value::Array(seats)).await;
    let mut socks = Vec::new();
    for s in &t.seats {
        socks.push(join(addr, &t.table, &s.token).await);
    }
    let mut seen = Vec::new();
    for ws in &mut socks {
        seen.push(settle(ws, 0).await);
    }
    let mut rounds = 0;
    let mut all_seven = 0;
    while seen[0].status == Status::Playing && rounds < 12 {
        let step = seen[0].step;
        let to_act = seen[0].to_act.clone();
        assert!(seen.iter().all(|s| s.step == step && s.to_act == to_act));
        if to_act.len() == 7 {
            all_seven += 1;
        }
        // Every seat to act sends its choice, all decided at `step`, before the table reads any.
        for &seat in &to_act {
            let i = usize::from(seat);
            let action = seen[i].legal[0].clone();
            say(
                &mut socks[i],
                &json!({"type": "act", "action": action, "step": step}),
            )
            .await;
        }
        // All at once, so a refusal to any seat is heard at once.
        let after = step + to_act.len() as u64;
        seen = futures_util::future::join_all(socks.iter_mut().map(|ws| settle(ws, after))).await;
        rounds += 1;
    }
    assert!(
        all_seven >= 2,
        "seven seats committed at once {all_seven} times"
    );
}

/// A refusal names the message it answers and echoes its `id`, both from the socket (a
/// spectator acting) and from the table (a stale action, an illegal one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_names_the_message_and_echoes_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, app) = server(&dir).await;
    let t = create(
        &app,
        "troll-tricker",
        json!([{"human": {"name": "Ann"}}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]),
    )
    .await;
    let mut ws = join(addr, &t.table, &t.seats[0].token).await;
    let now = loop {
        let s = settle(&mut ws, 0).await;
        if !s.legal.is_empty() {
            break s;
        }
    };
    let refusal = |m: ServerMsg| match m {
        ServerMsg::Rejected {
            code, answers, id, ..
        } => (code, answers, id),
        other => panic!("not a refusal: {other:?}"),
    };
    // An action decided at a later step than the table's, and a view, both in flight: only
    // the action is refused, and the refusal says so.
    say(
        &mut ws,
        &json!({"type": "act", "action": now.legal[0], "step": now.step + 1, "id": "a1"}),
    )
    .await;
    say(&mut ws, &json!({"type": "view", "id": "v1"})).await;
    assert_eq!(
        refusal(hear(&mut ws).await),
        (RejectCode::Stale, Some(MsgKind::Act), Some(json!("a1")))
    );
    assert!(matches!(hear(&mut ws).await, ServerMsg::State { step, .. } if step == now.step));
    say(
        &mut ws,
        &json!({"type": "act", "action": "fly away", "step": now.step, "id": 7}),
    )
    .await;
    assert_eq!(
        refusal(hear(&mut ws).await),
        (RejectCode::Illegal, Some(MsgKind::Act), Some(json!(7)))
    );
    // Without an id, the type alone; an unknown type names nothing but still echoes the id.
    say(
        &mut ws,
        &json!({"type": "join", "table": t.table, "token": "x"}),
    )
    .await;
    assert_eq!(
        refusal(hear(&mut ws).await),
        (RejectCode::NotJoined, Some(MsgKind::Join), None)
    );
    say(&mut ws, &json!({"type": "shout", "id": "s"})).await;
    assert_eq!(
        refusal(hear(&mut ws).await),
        (RejectCode::BadMessage, None, Some(json!("s")))
    );

    let mut watcher = connect(addr).await;
    say(&mut watcher, &json!({"type": "spectate", "table": t.table})).await;
    assert!(matches!(
        hear(&mut watcher).await,
        ServerMsg::Welcome { .. }
    ));
    say(&mut watcher, &json!({"type": "resign", "id": "r"})).await;
    loop {
        if let ServerMsg::Rejected {
            code, answers, id, ..
        } = hear(&mut watcher).await
        {
            assert_eq!(
                (code, answers, id),
                (
                    RejectCode::Spectator,
                    Some(MsgKind::Resign),
                    Some(json!("r"))
                )
            );
            break;
        }
    }
}
