//! A server on loopback, websocket clients, HTTP calls into a server's router and a store's
//! round trip, shared by the server's test files (SQLite and PostgreSQL).
#![allow(dead_code)]

pub mod old_schema;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use futures_util::StreamExt;
use parlour_protocol::{CreatedTable, SeatKind, Status};
use parlour_server::{AppState, Config, SeatRow, Store, StoredTable, router};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};
use tower::ServiceExt;

/// How long a test waits for a message before it fails.
pub const WAIT: Duration = Duration::from_secs(60);

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A new SQLite store in `dir`.
pub async fn sqlite(dir: &tempfile::TempDir) -> Store {
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    Store::connect(&url).await.unwrap()
}

/// A server with `config` on `store`, listening on a free loopback port.
pub async fn listen(store: Store, config: Config) -> (SocketAddr, AppState) {
    let app = AppState::new(store, config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let r = router(app.clone());
    tokio::spawn(async move { axum::serve(listener, r).await });
    (addr, app)
}

/// A websocket to the server at `addr`.
pub async fn connect(addr: SocketAddr) -> Ws {
    connect_async(format!("ws://{addr}/ws")).await.unwrap().0
}

/// The next text frame, or `None` once the server closed the connection; fails after [`WAIT`].
pub async fn next_text(ws: &mut Ws) -> Option<String> {
    loop {
        match tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("a message in time")
        {
            Some(Ok(Message::Text(t))) => return Some(t.to_string()),
            Some(Ok(Message::Close(_)) | Err(_)) | None => return None,
            Some(Ok(_)) => {}
        }
    }
}

pub async fn call(app: &AppState, method: &str, uri: &str, body: &str) -> (StatusCode, String) {
    call_as(app, method, uri, body, None).await
}

/// A request with `Authorization: Bearer <token>` if a token is given.
pub async fn call_as(
    app: &AppState,
    method: &str,
    uri: &str,
    body: &str,
    token: Option<&str>,
) -> (StatusCode, String) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let req = req.body(Body::from(body.to_owned())).unwrap();
    let res = router(app.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 24)
        .await
        .unwrap();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

pub async fn create(app: &AppState, game: &str, seats: Value) -> CreatedTable {
    let body = json!({ "game": game, "seats": seats }).to_string();
    let (status, text) = call(app, "POST", "/api/tables", &body).await;
    assert_eq!(status, StatusCode::CREATED, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// Human in seat 0, random bots elsewhere, at the game's usual size.
pub fn seats_for(game: &str) -> Value {
    let info = parlour_games::find(game).unwrap();
    let mut seats = vec![json!({"human": {"name": "Ann"}})];
    for _ in 1..info.default_players() {
        seats.push(json!({"bot": "random"}));
    }
    Value::Array(seats)
}

/// A two-seat table as stored, with no entries.
pub fn stored_table(id: &str) -> StoredTable {
    StoredTable {
        id: id.to_owned(),
        game: "haunted".to_owned(),
        players: 2,
        options: BTreeMap::from([("a".to_owned(), Value::Bool(true))]),
        seed: u64::MAX - 1,
        status: Status::Playing,
        resigned: None,
        seats: vec![
            SeatRow {
                seat: 0,
                kind: SeatKind::Human,
                name: "Ann".to_owned(),
                token_hash: Some(vec![7; 32]),
                joined: false,
            },
            SeatRow {
                seat: 1,
                kind: SeatKind::Bot,
                name: "greedy".to_owned(),
                token_hash: None,
                joined: true,
            },
        ],
        entries: Vec::new(),
        clock: None,
        banks: Vec::new(),
        rematch: None,
    }
}

/// Every write of a store, read back, on the database at `url`.
pub async fn round_trip(url: &str) {
    let store = Store::connect(url).await.unwrap();
    store.create_table(&stored_table("t1")).await.unwrap();
    store
        .append(
            "t1",
            0,
            &["chance: x".into(), "0: y".into()],
            Status::Playing,
            None,
        )
        .await
        .unwrap();
    store
        .append("t1", 2, &["1: z".into()], Status::Playing, None)
        .await
        .unwrap();
    store.set_joined("t1", 0).await.unwrap();
    // An entry index already stored is refused, and the whole append with it.
    assert!(
        store
            .append("t1", 2, &["1: again".into()], Status::Finished, None)
            .await
            .is_err()
    );
    let t = store.load("t1").await.unwrap().unwrap();
    assert_eq!(t.entries, ["chance: x", "0: y", "1: z"]);
    assert_eq!(t.seed, u64::MAX - 1);
    assert_eq!(t.status, Status::Playing);
    assert!(t.seats[0].joined);
    assert_eq!(t.seats[0].token_hash.as_deref(), Some(&[7; 32][..]));
    assert_eq!(t.seats[1].kind, SeatKind::Bot);
    assert_eq!(t.options, stored_table("t1").options);
    assert_eq!(store.unfinished().await.unwrap(), ["t1"]);
    store
        .set_status("t1", Status::Finished, Some(0))
        .await
        .unwrap();
    assert!(store.unfinished().await.unwrap().is_empty());
    assert_eq!(store.load("t1").await.unwrap().unwrap().resigned, Some(0));
    assert!(store.load("nope").await.unwrap().is_none());
    store.close().await;
    // Migrations run again harmlessly on an existing database.
    let again = Store::connect(url).await.unwrap();
    assert_eq!(again.load("t1").await.unwrap().unwrap().entries.len(), 3);
}
