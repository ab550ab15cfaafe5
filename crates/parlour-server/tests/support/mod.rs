//! HTTP calls into a server's router, shared by the server's test files.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use parlour_protocol::CreatedTable;
use parlour_server::{AppState, router};
use serde_json::{Value, json};
use tower::ServiceExt;

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
