//! Presence frames over real websockets, and the seat's QR code.

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::StatusCode;
use futures_util::{SinkExt, StreamExt};
use parlour_protocol::{
    Attention, ClientMsg, CreatedTable, PresenceState, RejectCode, SeatPresence, ServerMsg,
};
use parlour_server::{AppState, Config};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

mod support;
use support::{Ws, call_as, connect, create, listen, next_text};

async fn server() -> (SocketAddr, AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let (addr, app) = listen(support::sqlite(&dir).await, Config::default()).await;
    (addr, app, dir)
}

async fn open(addr: SocketAddr, hello: &ClientMsg) -> Ws {
    let mut ws = connect(addr).await;
    say(&mut ws, &hello.encode()).await;
    ws
}

async fn join(addr: SocketAddr, t: &CreatedTable, seat: usize) -> Ws {
    let hello = ClientMsg::Join {
        table: t.table.clone(),
        token: t.seats[seat].token.clone(),
    };
    open(addr, &hello).await
}

async fn say(ws: &mut Ws, text: &str) {
    ws.send(Message::text(text)).await.unwrap();
}

async fn recv(ws: &mut Ws) -> ServerMsg {
    let t = next_text(ws).await.expect("the connection is open");
    ServerMsg::decode(&t).unwrap()
}

/// The next presence frame, as `(state, devices)` per seat; other messages are passed over.
async fn presence(ws: &mut Ws) -> Vec<(PresenceState, u32)> {
    loop {
        if let ServerMsg::Presence { seats } = recv(ws).await {
            for (i, SeatPresence { seat, .. }) in seats.iter().enumerate() {
                assert_eq!(usize::from(*seat), i, "seats in order");
            }
            return seats.into_iter().map(|s| (s.state, s.devices)).collect();
        }
    }
}

/// The next refusal; other messages are passed over.
async fn refusal(ws: &mut Ws) -> RejectCode {
    loop {
        if let ServerMsg::Rejected { code, .. } = recv(ws).await {
            return code;
        }
    }
}

/// No presence frame (nor refusal) arrives for a moment.
async fn no_presence(ws: &mut Ws) {
    let until = tokio::time::Instant::now() + Duration::from_millis(400);
    while let Ok(Some(Ok(m))) = tokio::time::timeout_at(until, ws.next()).await {
        if let Message::Text(t) = m {
            let msg = ServerMsg::decode(&t).unwrap();
            assert!(
                !matches!(msg, ServerMsg::Presence { .. } | ServerMsg::Rejected { .. }),
                "expected no presence change, got {t}"
            );
        }
    }
}

use PresenceState::{Away, Offline, Online};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presence_follows_connections_devices_and_hidden_pages() {
    let (addr, app, _dir) = server().await;
    let seats = json!([{"human": {"name": "Ann"}}, {"human": {"name": "Bo"}}, {"bot": "random"}]);
    let t = create(&app, "troll-tricker", seats).await;

    let mut ann = join(addr, &t, 0).await;
    assert_eq!(
        presence(&mut ann).await,
        [(Online, 1), (Offline, 0), (Online, 0)],
        "a joining connection is told at once; bots are online"
    );
    let mut bo = join(addr, &t, 1).await;
    let both = [(Online, 1), (Online, 1), (Online, 0)];
    assert_eq!(presence(&mut bo).await, both);
    assert_eq!(presence(&mut ann).await, both);

    // Ann opens her seat on a second device: everyone hears of two devices.
    let mut phone = join(addr, &t, 0).await;
    let two = [(Online, 2), (Online, 1), (Online, 0)];
    assert_eq!(presence(&mut phone).await, two);
    assert_eq!(presence(&mut ann).await, two);
    assert_eq!(presence(&mut bo).await, two);

    // One hidden page of two: Ann is still online, and nothing changed to tell.
    say(&mut phone, r#"{"type":"presence","state":"away"}"#).await;
    no_presence(&mut bo).await;
    // Both hidden: away.
    say(
        &mut ann,
        &ClientMsg::Presence {
            state: Attention::Away,
        }
        .encode(),
    )
    .await;
    assert_eq!(
        presence(&mut bo).await,
        [(Away, 2), (Online, 1), (Online, 0)]
    );
    say(&mut ann, r#"{"type":"presence","state":"here"}"#).await;
    assert_eq!(presence(&mut bo).await, two);

    // A closed device leaves the other; the last one closed makes the seat offline.
    phone.close(None).await.unwrap();
    assert_eq!(
        presence(&mut bo).await,
        [(Online, 1), (Online, 1), (Online, 0)]
    );
    ann.close(None).await.unwrap();
    assert_eq!(
        presence(&mut bo).await,
        [(Offline, 0), (Online, 1), (Online, 0)]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_presence_reports_are_refused_to_their_sender_only() {
    let (addr, app, _dir) = server().await;
    let seats = json!([{"human": {"name": "Ann"}}, {"human": {"name": "Bo"}}, {"bot": "random"}]);
    let t = create(&app, "troll-tricker", seats).await;
    let mut ann = join(addr, &t, 0).await;
    presence(&mut ann).await;
    let mut bo = join(addr, &t, 1).await;
    presence(&mut bo).await;
    presence(&mut ann).await;

    for bad in [
        r#"{"type":"presence","state":"asleep"}"#,
        r#"{"type":"presence"}"#,
        r#"{"type":"presence","state":["away"]}"#,
    ] {
        say(&mut bo, bad).await;
        assert_eq!(refusal(&mut bo).await, RejectCode::BadMessage, "{bad}");
    }
    no_presence(&mut ann).await;

    let mut watcher = open(
        addr,
        &ClientMsg::Spectate {
            table: t.table.clone(),
        },
    )
    .await;
    say(&mut watcher, r#"{"type":"presence","state":"away"}"#).await;
    assert_eq!(refusal(&mut watcher).await, RejectCode::Spectator);
    let mut stranger = connect(addr).await;
    say(&mut stranger, r#"{"type":"presence","state":"away"}"#).await;
    assert_eq!(refusal(&mut stranger).await, RejectCode::NotJoined);
    no_presence(&mut ann).await;
    no_presence(&mut bo).await;
}

#[tokio::test]
async fn the_seat_qr_code_is_drawn_for_its_own_token_only() {
    let (_addr, app, _dir) = server().await;
    let seats = json!([{"human": {"name": "Ann"}}, {"human": {"name": "Bo"}}, {"bot": "random"}]);
    let t = create(&app, "troll-tricker", seats).await;
    let other = create(
        &app,
        "troll-tricker",
        json!([{"human": {"name": "Cy"}}, {"bot": "random"}, {"bot": "random"}]),
    )
    .await;
    let uri = format!("/api/tables/{}/qr?origin=http://127.0.0.1:8080", t.table);
    let ann = call_as(&app, "GET", &uri, "", Some(&t.seats[0].token)).await;
    let bo = call_as(&app, "GET", &uri, "", Some(&t.seats[1].token)).await;
    assert_eq!(ann.0, StatusCode::OK, "{}", ann.1);
    assert!(
        ann.1.contains("<svg") && ann.1.ends_with("</svg>"),
        "{}",
        ann.1
    );
    assert!(
        !ann.1.contains(&t.seats[0].token),
        "the token is only in the code's modules"
    );
    assert_ne!(ann.1, bo.1, "each seat's own link");

    let (status, _) = call_as(&app, "GET", &uri, "", None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call_as(&app, "GET", &uri, "", Some(&other.seats[0].token)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let bad = format!("/api/tables/{}/qr?origin=javascript:alert(1)", t.table);
    let (status, _) = call_as(&app, "GET", &bad, "", Some(&t.seats[0].token)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call_as(
        &app,
        "GET",
        "/api/tables/0123456789abcdef/qr?origin=http://x",
        "",
        Some(&t.seats[0].token),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
