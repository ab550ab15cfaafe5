//! The HTTP API: create tables, read summaries, records and counters, and upgrade to the
//! table protocol's websocket.

use std::collections::BTreeMap;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::ConnectInfo;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::StreamExt;
use parlour_core::Seat;
use parlour_protocol::{
    CreateTable, CreatedSeat, CreatedTable, GameEntry, GameRules, MAX_MESSAGE_BYTES, OptionEntry,
    OptionsInput, RejectCode, Rematched, Replay, SeatKind, SeatRecord, SeatSpec, Stats, Status,
    TableSummary,
};
use parlour_record::{Record, options_json};
use serde::Deserialize;
use std::net::SocketAddr;
use tokio::sync::oneshot;
use tracing::info;

use crate::bots::make_seat_bot;
use crate::limits::TableSlot;
use crate::store::{SeatRow, StoredTable};
use crate::table::{Asker, Cmd, RematchDone, ReplayWho};
use crate::token::{hash_token, new_seed, new_table_id, new_token};
use crate::{AppError, AppState, run_socket, web};

/// The longest name a person may take.
pub const MAX_NAME_CHARS: usize = 40;
/// The most seats a table may have, checked before anything else.
const MAX_SEATS: usize = 16;

/// The server's routes over `app`.
pub fn router(app: AppState) -> Router {
    let r = if app.config.metrics_apart {
        Router::new()
    } else {
        Router::new().route("/metrics", get(crate::metrics::metrics))
    };
    r.route("/healthz", get(|| async { "ok" }))
        .route("/api/stats", get(stats))
        .route("/api/tables", post(create_table))
        .route("/api/tables/{id}", get(summary))
        .route("/api/tables/{id}/record", get(record))
        .route("/api/tables/{id}/rematch", post(rematch))
        .route("/api/games", get(games))
        .route("/api/games/{id}/cards", get(cards))
        .route("/api/games/{id}/rules", get(rules))
        .route("/api/tables/{id}/replay", get(replay))
        .route("/api/tables/{id}/qr", get(crate::qr::seat_qr))
        .route("/ws", get(websocket))
        .route("/", get(web::lobby))
        .route("/play/{id}", get(web::table_page))
        .route("/watch/{id}", get(web::table_page))
        .fallback(web::asset)
        .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
        .layer(axum::middleware::map_response(
            crate::json_errors::json_errors,
        ))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            crate::metrics::count_errors,
        ))
        .with_state(app)
}

/// `/metrics` alone, for a listener of its own ([`crate::Config::metrics_apart`]).
pub fn metrics_router(app: AppState) -> Router {
    Router::new()
        .route("/metrics", get(crate::metrics::metrics))
        .with_state(app)
}

async fn stats(State(app): State<AppState>) -> Json<Stats> {
    Json(app.stats())
}

fn check_name(name: &str) -> Result<(), AppError> {
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME_CHARS {
        return Err(AppError::BadRequest(format!(
            "a name has 1 to {MAX_NAME_CHARS} characters, not {n}"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(AppError::BadRequest(
            "a name may not hold control characters".to_owned(),
        ));
    }
    Ok(())
}

/// A checked request: everything needed to store the table.
fn plan(req: &CreateTable) -> Result<(u8, BTreeMap<String, serde_json::Value>), AppError> {
    let bad = AppError::BadRequest;
    if req.seats.len() > MAX_SEATS {
        return Err(bad(format!("at most {MAX_SEATS} seats")));
    }
    if let Some(clock) = &req.clock {
        clock.check().map_err(bad)?;
    }
    let info = parlour_games::find(&req.game).map_err(|e| bad(e.to_string()))?;
    let players = u8::try_from(req.seats.len()).expect("seats were counted");
    if req.players.is_some_and(|p| p != players) {
        return Err(bad(format!(
            "players is {} but {players} seats are given",
            req.players.unwrap_or_default()
        )));
    }
    if !info.players.contains(&players) {
        return Err(bad(format!(
            "{} takes {} to {} players, not {players}",
            info.id,
            info.players.start(),
            info.players.end()
        )));
    }
    let options = match &req.options {
        OptionsInput::List(list) => info
            .parse_options(list)
            .map_err(|e| bad(format!("options: {e}")))?,
        OptionsInput::Map(map) => Record {
            format: parlour_record::FORMAT.to_owned(),
            game: info.id.to_owned(),
            players,
            options: map.clone(),
            seed: 0,
            actions: Vec::new(),
        }
        .resolve_options(info.options)
        .map_err(|e| bad(format!("options: {e}")))?,
    };
    for (i, s) in req.seats.iter().enumerate() {
        let seat = Seat(u8::try_from(i).expect("seats were counted"));
        match s {
            SeatSpec::Human { name } => check_name(name)?,
            SeatSpec::Bot(spec) => {
                make_seat_bot(info.id, spec, 0, seat)
                    .map_err(|e| bad(format!("seat {seat}: {e}")))?;
            }
        }
    }
    // Checks the setup (option combinations, player count) the way the table will start it.
    parlour_games::new_match(info.id, players, options.clone(), 0)
        .map_err(|e| bad(e.to_string()))?;
    Ok((players, options_json(&options)))
}

async fn create_table(
    State(app): State<AppState>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    body: Bytes,
) -> Result<(StatusCode, Json<CreatedTable>), AppError> {
    let req: CreateTable = serde_json::from_slice(&body)
        .map_err(|e| AppError::BadRequest(format!("bad table request: {e}")))?;
    let (players, options) = plan(&req)?;
    let max = app.config.max_open_tables;
    // Held until the table runs: any failure on the way gives the place back.
    let Some(slot) = TableSlot::take(&app.shared, max) else {
        return Err(AppError::Full(format!(
            "the server holds {max} unfinished tables, its most: try again later"
        )));
    };
    // Only valid requests count against the address's share.
    if let (Some(limit), Some(Extension(ConnectInfo(peer)))) = (&app.per_address, peer) {
        limit.check(peer.ip())?;
    }
    let id = new_table_id()?;
    let mut seats = Vec::new();
    let mut created = Vec::new();
    for (i, s) in req.seats.iter().enumerate() {
        let seat = u8::try_from(i).expect("seats were counted");
        seats.push(match s {
            SeatSpec::Human { name } => {
                let token = new_token()?;
                let row = SeatRow {
                    seat,
                    kind: SeatKind::Human,
                    name: name.clone(),
                    token_hash: Some(hash_token(&token)),
                    joined: false,
                };
                let link = format!("/play/{id}?token={token}");
                created.push(CreatedSeat {
                    seat,
                    name: name.clone(),
                    url: app.config.public_url.as_ref().map(|u| format!("{u}{link}")),
                    link,
                    token,
                });
                row
            }
            SeatSpec::Bot(spec) => SeatRow {
                seat,
                kind: SeatKind::Bot,
                name: spec.trim().to_owned(),
                token_hash: None,
                joined: true,
            },
        });
    }
    let status = if created.is_empty() {
        Status::Playing
    } else {
        Status::Waiting
    };
    let stored = StoredTable {
        id: id.clone(),
        game: req.game.clone(),
        players,
        options,
        seed: new_seed()?,
        status,
        resigned: None,
        seats,
        entries: Vec::new(),
        clock: req.clock,
        banks: Vec::new(),
        rematch: None,
    };
    app.store.create_table(&stored).await?;
    app.start_table(stored, slot).await?;
    info!(table = %id, game = %req.game, players, "table created");
    let spectate = format!("/watch/{id}");
    Ok((
        StatusCode::CREATED,
        Json(CreatedTable {
            spectate_url: app
                .config
                .public_url
                .as_ref()
                .map(|u| format!("{u}{spectate}")),
            spectate,
            table: id,
            seats: created,
        }),
    ))
}

pub(crate) async fn ask<T>(
    app: &AppState,
    id: &str,
    cmd: impl FnOnce(oneshot::Sender<T>) -> Cmd,
) -> Result<T, AppError> {
    let (tx, rx) = oneshot::channel();
    app.send(id, cmd(tx))
        .await?
        .ok_or_else(|| AppError::NotFound("no such table".to_owned()))?;
    rx.await
        .map_err(|_| AppError::Internal("a table stopped".to_owned()))
}

async fn summary(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<TableSummary>, AppError> {
    Ok(Json(ask(&app, &id, |reply| Cmd::Summary { reply }).await?))
}

#[derive(Deserialize)]
struct RecordQuery {
    token: Option<String>,
}

/// The token of an `Authorization: Bearer <token>` header, which keeps it out of URLs (and so
/// out of proxies' access logs).
pub(crate) fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned)
}

async fn record(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<RecordQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    if let Some(token) = q.token.or_else(|| bearer(&headers)) {
        let r: Option<SeatRecord> =
            ask(&app, &id, |reply| Cmd::SeatRecord { token, reply }).await?;
        let r = r.ok_or_else(|| {
            AppError::Forbidden("that token is not a seat of this table".to_owned())
        })?;
        return Ok(Json(r).into_response());
    }
    let r: Option<Record> = ask(&app, &id, |reply| Cmd::Record { reply }).await?;
    let r = r.ok_or_else(|| {
        AppError::Forbidden(
            "the full record is public once the table is finished; a seat may read its own \
             with ?token="
                .to_owned(),
        )
    })?;
    Ok(([(header::CONTENT_TYPE, "application/json")], r.to_json()).into_response())
}

/// `POST /api/tables/{id}/rematch` with a seat's token: offers the finished table's rematch or
/// accepts the one on offer. `201 {"table"}` once every person has accepted (now or before);
/// `202` with the offer while some person has not.
async fn rematch(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let token = bearer(&headers).ok_or_else(|| {
        AppError::Forbidden("a seat's token is needed: Authorization: Bearer <token>".to_owned())
    })?;
    let answer = ask(&app, &id, |reply| Cmd::Rematch {
        conn: None,
        by: Asker::Token(token),
        reply,
    })
    .await?;
    let done = answer.map_err(|r| match r.code() {
        RejectCode::BadToken => AppError::Forbidden(r.to_string()),
        RejectCode::NotPlaying => AppError::Conflict(r.to_string()),
        _ => AppError::Internal(r.to_string()),
    })?;
    match done {
        RematchDone::Made { table, made } => {
            if made {
                app.start_new(&table).await;
            }
            Ok((StatusCode::CREATED, Json(Rematched { table })).into_response())
        }
        RematchDone::Offered(offer) => Ok((StatusCode::ACCEPTED, Json(offer)).into_response()),
    }
}

/// Bot specs every game offers; a game's own policies (`solver`) are offered where its bot factory
/// takes them.
const BOT_SPECS: [&str; 6] = [
    "random",
    "greedy",
    "ismcts:easy",
    "ismcts:medium",
    "ismcts:hard",
    "solver",
];

/// The wire form of an option: its one JSON form ([`parlour_core::OptionSpec`]'s `Serialize`).
fn option_entry(spec: &parlour_core::OptionSpec) -> OptionEntry {
    serde_json::to_value(spec)
        .and_then(serde_json::from_value)
        .expect("an option's JSON is an OptionEntry")
}

/// `GET /api/games`: every registered game, with what a lobby needs to offer it.
pub fn game_entries() -> Vec<GameEntry> {
    parlour_games::games()
        .iter()
        .map(|g| GameEntry {
            id: g.id.to_owned(),
            name: g.name.to_owned(),
            min_players: *g.players.start(),
            max_players: *g.players.end(),
            default_players: g.default_players(),
            summary: g.summary.to_owned(),
            first_player: g.first_player.id().to_owned(),
            simultaneous: g.simultaneous,
            max_steps: g.max_steps(),
            options: g.options.iter().map(option_entry).collect(),
            bots: BOT_SPECS
                .iter()
                .filter(|b| make_seat_bot(g.id, b, 0, Seat(0)).is_ok())
                .map(|b| (*b).to_owned())
                .collect(),
        })
        .collect()
}

async fn games() -> Json<Vec<GameEntry>> {
    Json(game_entries())
}

/// `GET /api/games/{id}/cards`: the game's printed card data (public, the rulebook's card list).
async fn cards(Path(id): Path<String>) -> Result<Json<serde_json::Value>, AppError> {
    parlour_games::find(&id)
        .ok()
        .and_then(|g| g.cards)
        .map(|cards| Json(cards()))
        .ok_or_else(|| AppError::NotFound(format!("no card data for game `{id}`")))
}

/// `GET /api/games/{id}/rules`: the game's "How to play" as HTML, with help for each choice.
async fn rules(Path(id): Path<String>) -> Result<Json<GameRules>, AppError> {
    parlour_games::find(&id)
        .ok()
        .filter(|g| !g.how_to_play.is_empty())
        .map(|g| Json(crate::rules::render(g.how_to_play)))
        .ok_or_else(|| AppError::NotFound(format!("no rules for game `{id}`")))
}

#[derive(Deserialize)]
struct ReplayQuery {
    token: Option<String>,
    seat: Option<u8>,
}

/// `GET /api/tables/{id}/replay`: a seat's view and log after every step, by its token (header or
/// query) at any time, or by `?seat=N` once the table is finished.
async fn replay(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<ReplayQuery>,
    headers: HeaderMap,
) -> Result<Json<Replay>, AppError> {
    let who = match (q.token.or_else(|| bearer(&headers)), q.seat) {
        (Some(token), _) => ReplayWho::Token(token),
        (None, Some(seat)) => ReplayWho::Seat(seat),
        (None, None) => {
            return Err(AppError::BadRequest(
                "name the seat: ?token=, a Bearer token, or ?seat= once finished".to_owned(),
            ));
        }
    };
    let src = ask(&app, &id, |reply| Cmd::Replay { who, reply }).await??;
    // Replaying a long record is work for a core, not for the async threads.
    let built = tokio::task::spawn_blocking(move || crate::replay::build(src))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(Json(built))
}

/// Whether a websocket from `headers`' `Origin` may connect.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        // Not a browser: origins guard people's browsers from foreign pages, not programs.
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if !allowed.is_empty() {
        return allowed.iter().any(|a| a.trim_end_matches('/') == origin);
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// A websocket's read buffer: a few client messages.
const READ_BUFFER_BYTES: usize = 4096;

async fn websocket(
    State(app): State<AppState>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, AppError> {
    if !origin_allowed(&headers, &app.config.allowed_origins) {
        return Err(AppError::Forbidden(
            "websockets from this origin are not allowed".to_owned(),
        ));
    }
    // Twice the protocol's limit: a little over gets a `too-large` refusal, far over is cut.
    Ok(ws
        .max_message_size(2 * MAX_MESSAGE_BYTES)
        .max_frame_size(2 * MAX_MESSAGE_BYTES)
        // Clients send short messages; the 128 KiB default is zeroed on every read, which cost
        // more than everything else a connection does.
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| async move {
            let (sink, stream) = socket.split();
            run_socket(app, sink, stream).await;
        }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn same_host_origins_are_allowed_by_default() {
        assert!(origin_allowed(&headers(None, "a:1"), &[]));
        assert!(origin_allowed(&headers(Some("http://a:1"), "a:1"), &[]));
        assert!(!origin_allowed(&headers(Some("http://evil:1"), "a:1"), &[]));
        assert!(!origin_allowed(&headers(Some("null"), "a:1"), &[]));
    }

    #[test]
    fn configured_origins_replace_the_default() {
        let allowed = vec!["https://cards.example".to_owned()];
        assert!(origin_allowed(
            &headers(Some("https://cards.example"), "a:1"),
            &allowed
        ));
        assert!(!origin_allowed(
            &headers(Some("http://a:1"), "a:1"),
            &allowed
        ));
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("Ann").is_ok());
        assert!(check_name("").is_err());
        assert!(check_name(&"x".repeat(41)).is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert!(check_name(&"é".repeat(40)).is_ok());
    }
}
