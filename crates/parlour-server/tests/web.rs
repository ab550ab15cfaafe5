//! The browser client's side of the server: its pages and files, `/api/games`, seat replays
//! (which must never show a seat what it could not see at that step), and its HTTP errors.

use std::collections::BTreeSet;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use parlour_core::{Seat, Viewer, Voice};
use parlour_protocol::{
    CreatedTable, GameEntry, GameRules, REPLAY_FORMAT, Replay, Status, TableSummary,
};
use parlour_record::Record;
use parlour_server::{AppState, Config, Store, router};
use serde_json::{Value, json};
use tower::ServiceExt;

struct Server {
    app: AppState,
    _dir: tempfile::TempDir,
}

async fn server() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let store = Store::connect(&url).await.unwrap();
    let app = AppState::new(store, Config::default()).await.unwrap();
    Server { app, _dir: dir }
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

async fn request(app: &AppState, req: Request<Body>) -> Answer {
    let res = router(app.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 26)
        .await
        .unwrap();
    Answer {
        status,
        headers,
        body: String::from_utf8(bytes.to_vec()).unwrap(),
    }
}

async fn get(app: &AppState, uri: &str) -> Answer {
    request(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

async fn create(app: &AppState, body: Value) -> CreatedTable {
    let req = Request::post("/api/tables")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let a = request(app, req).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    serde_json::from_str(&a.body).unwrap()
}

async fn wait_finished(app: &AppState, id: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    loop {
        let a = get(app, &format!("/api/tables/{id}")).await;
        let s: TableSummary = serde_json::from_str(&a.body).unwrap();
        if s.status == Status::Finished {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{id} did not finish"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn pages_and_files_are_served_with_their_types_and_unknown_paths_are_not() {
    let s = server().await;
    for (uri, ty) in [
        ("/", "text/html; charset=utf-8"),
        ("/play/0123456789abcdef", "text/html; charset=utf-8"),
        ("/watch/0123456789abcdef", "text/html; charset=utf-8"),
        ("/table.js", "text/javascript; charset=utf-8"),
        ("/cards.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
    ] {
        let a = get(&s.app, uri).await;
        assert_eq!(a.status, StatusCode::OK, "{uri}");
        assert_eq!(a.headers[header::CONTENT_TYPE], ty, "{uri}");
        assert_eq!(a.headers[header::CACHE_CONTROL], "no-cache", "{uri}");
        // Revalidation costs nothing when the file did not change.
        let etag = a.headers[header::ETAG].clone();
        let again = request(
            &s.app,
            Request::get(uri)
                .header(header::IF_NONE_MATCH, etag)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{uri}");
    }
    assert!(get(&s.app, "/").await.body.contains("/lobby.js"));
    assert!(
        get(&s.app, "/play/0123456789abcdef")
            .await
            .body
            .contains("/table.js")
    );
    for uri in [
        "/nope",
        "/README.md",
        "/index.html",
        "/play/not-a-table",
        "/games/no-such-game.js",
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/api/nothing",
    ] {
        assert_eq!(
            get(&s.app, uri).await.status,
            StatusCode::NOT_FOUND,
            "{uri}"
        );
    }
}

#[tokio::test]
async fn every_registered_game_serves_its_rules_with_help_for_its_choices() {
    let s = server().await;
    for g in parlour_games::games() {
        let a = get(&s.app, &format!("/api/games/{}/rules", g.id)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", g.id);
        let rules: GameRules = serde_json::from_str(&a.body).unwrap();
        assert!(rules.html.contains("<h2>"), "{}", g.id);
        assert!(
            rules.html.contains(g.name),
            "{}: the game is not named",
            g.id
        );
        assert!(!rules.choices.is_empty(), "{}", g.id);
        for c in &rules.choices {
            assert!(
                !c.verbs.is_empty() && !c.title.is_empty() && c.html.contains("<p>"),
                "{c:?}"
            );
        }
    }
    let a = get(&s.app, "/api/games/no-such-game/rules").await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_served_card_data_covers_every_card_the_engine_deals() {
    let s = server().await;
    let a = get(&s.app, "/api/games/reading-the-play/cards").await;
    assert_eq!(a.status, StatusCode::OK);
    let data: Value = serde_json::from_str(&a.body).unwrap();
    let lines: BTreeSet<&str> = data["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    let info = parlour_games::find("reading-the-play").unwrap();
    for seed in 0..5 {
        let options = info.parse_options("").unwrap();
        let mut m = parlour_games::new_match(info.id, 4, options, seed).unwrap();
        let deal = m.draw_chance().expect("a new game starts with the deal");
        let cards: Vec<&str> = deal.split_whitespace().skip(1).collect();
        let count = |id: &str| cards.iter().filter(|c| **c == id).count();
        assert_eq!(
            Some(count("yellow-sign") as u64),
            data["yellow_signs"].as_u64()
        );
        assert_eq!(
            Some(count("elder-sign") as u64),
            data["elder_signs"].as_u64()
        );
        let dealt: BTreeSet<&str> = cards
            .iter()
            .copied()
            .filter(|c| c.starts_with("line-"))
            .collect();
        assert_eq!(dealt, lines, "{deal}");
    }
    for l in data["lines"].as_array().unwrap() {
        assert!(!l["title"].as_str().unwrap().is_empty(), "{l}");
        assert!(
            data["stanzas"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["first"] == l["first"] && s["last"] == l["last"])
        );
    }
    let none = get(&s.app, "/api/games/no-such-game/cards").await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn deck_of_fey_card_data_names_the_sign_and_type_of_every_card_dealt() {
    let s = server().await;
    for id in ["troll-tricker", "rebel-runs", "holy-matrimony"] {
        let a = get(&s.app, &format!("/api/games/{id}/cards")).await;
        assert_eq!(a.status, StatusCode::OK, "{id}");
        let data: Value = serde_json::from_str(&a.body).unwrap();
        // The deal's cards (`flame-6`); some games write the word `deal` before them.
        let cards: Vec<(String, u64)> = dealt_words(id, 3, 1)
            .iter()
            .filter_map(|w| {
                let (sign, value) = w.rsplit_once('-')?;
                Some((sign.to_owned(), value.parse().ok()?))
            })
            .collect();
        assert!(cards.len() >= 20, "{id}: {cards:?}");
        for (sign, value) in &cards {
            let card = format!("{sign}-{value}");
            assert!(
                data["signs"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|s| s["id"] == sign.as_str() && !s["name"].as_str().unwrap().is_empty()),
                "{id} {card}"
            );
            let ty = data["types"]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["value"] == *value);
            assert!(
                ty.is_some_and(|t| !t["name"].as_str().unwrap().is_empty()),
                "{id} {card}"
            );
        }
    }
}

#[tokio::test]
async fn kings_feast_card_data_describes_every_guest_and_title() {
    let s = server().await;
    let a = get(&s.app, "/api/games/kings-feast/cards").await;
    assert_eq!(a.status, StatusCode::OK);
    let data: Value = serde_json::from_str(&a.body).unwrap();
    let guests = data["guests"].as_array().unwrap();
    // The full arrangement seats all 18 guests; each has a name, a kind and its words.
    assert_eq!(guests.len(), 18);
    for (g, value) in guests.iter().zip(1u64..) {
        assert_eq!(g["value"], value);
        for key in ["id", "name", "kind_name", "text"] {
            assert!(!g[key].as_str().unwrap().is_empty(), "{g}");
        }
    }
    let titles = data["titles"].as_array().unwrap();
    assert_eq!(titles[0]["from"], 0);
    assert!(titles.last().unwrap()["to"].is_null());
}

/// Every word of the chance events before the first decision of a seeded game of `id`.
fn dealt_words(id: &str, players: u8, seed: u64) -> Vec<String> {
    let info = parlour_games::find(id).unwrap();
    let options = info.parse_options("").unwrap();
    let mut m = parlour_games::new_match(id, players, options, seed).unwrap();
    let mut words = Vec::new();
    while let Some(text) = m.draw_chance() {
        words.extend(text.split_whitespace().map(str::to_owned));
    }
    words
}

#[tokio::test]
async fn haunted_card_data_has_every_card_of_the_deck_with_its_words() {
    let s = server().await;
    let a = get(&s.app, "/api/games/haunted/cards").await;
    assert_eq!(a.status, StatusCode::OK);
    let data: Value = serde_json::from_str(&a.body).unwrap();
    let cards = data["cards"].as_array().unwrap();
    let served: BTreeSet<&str> = cards.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(served.len(), cards.len(), "ids are unique");
    for seed in 0..3 {
        // The first-player draw and then the shuffle of the whole deck.
        let dealt: BTreeSet<String> = dealt_words("haunted", 3, seed).into_iter().collect();
        let dealt: BTreeSet<&str> = dealt.iter().map(String::as_str).collect();
        assert_eq!(dealt, served);
    }
    for c in cards {
        assert!(!c["name"].as_str().unwrap().is_empty(), "{c}");
        let support = ["event", "action", "acquaintance"].contains(&c["type"].as_str().unwrap());
        assert_eq!(c["full"].is_string(), support, "{c}");
        // Every card a card names is a card of the deck.
        for list in ["accepts", "accepted_by", "summoned_by", "removed_by"] {
            for id in c[list].as_array().into_iter().flatten() {
                assert!(served.contains(id.as_str().unwrap()), "{c}");
            }
        }
    }
    assert_eq!(data["complete_line"], 13);
    assert_eq!(data["card_in_line"], 3);
}

#[tokio::test]
async fn queen_of_scots_card_data_has_the_kind_of_every_card_dealt() {
    let s = server().await;
    let a = get(&s.app, "/api/games/queen-of-scots/cards").await;
    assert_eq!(a.status, StatusCode::OK);
    let data: Value = serde_json::from_str(&a.body).unwrap();
    let kinds = data["kinds"].as_array().unwrap();
    let copies: u64 = kinds.iter().map(|k| k["copies"].as_u64().unwrap()).sum();
    for seed in 0..3 {
        let words = dealt_words("queen-of-scots", 4, seed);
        let deal = words.iter().position(|w| w == "deal").expect("a deal");
        let dealt = &words[deal + 1..];
        assert_eq!(dealt.len() as u64, copies);
        for card in dealt {
            let (kind, copy) = card.rsplit_once('-').unwrap();
            assert!(copy.parse::<u8>().is_ok(), "{card}");
            let k = kinds.iter().find(|k| k["id"] == kind).expect(card);
            assert!(k["value"].as_i64().unwrap() > 0, "{k}");
            assert!(!k["name"].as_str().unwrap().is_empty(), "{k}");
        }
    }
}

#[tokio::test]
async fn the_games_list_has_every_game_with_options_bots_and_summary() {
    let s = server().await;
    let a = get(&s.app, "/api/games").await;
    assert_eq!(a.status, StatusCode::OK);
    let games: Vec<GameEntry> = serde_json::from_str(&a.body).unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
    let registered: Vec<&str> = parlour_games::games().iter().map(|g| g.id).collect();
    assert_eq!(ids, registered);
    for g in &games {
        assert!(g.summary.len() > 80, "{}", g.id);
        assert!(g.min_players <= g.default_players && g.default_players <= g.max_players);
        assert!(g.bots.iter().any(|b| b == "greedy"), "{}", g.id);
        assert!(g.bots.iter().any(|b| b == "ismcts:hard"), "{}", g.id);
        assert_eq!(g.bots.iter().any(|b| b == "solver"), g.id == "kings-feast");
        for o in &g.options {
            assert!(!o.help.is_empty(), "{} {}", g.id, o.id);
            assert!(
                ["flag", "int", "choice", "seat", "text"].contains(&o.kind.as_str()),
                "{}",
                o.kind
            );
        }
    }
    let tricker = &games[0];
    let first = tricker
        .options
        .iter()
        .find(|o| o.id == "first_player")
        .unwrap();
    assert_eq!(
        (first.kind.as_str(), &first.default),
        ("seat", &json!("random"))
    );
}

#[tokio::test]
async fn a_replay_is_public_only_once_finished_and_a_token_reads_its_own_at_any_time() {
    let s = server().await;
    let t = create(
        &s.app,
        json!({"game": "troll-tricker", "seats": [{"human": {"name": "Ann"}}, {"bot": "random"}, {"bot": "random"}]}),
    )
    .await;
    let base = format!("/api/tables/{}/replay", t.table);
    assert_eq!(get(&s.app, &base).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        get(&s.app, &format!("{base}?seat=1")).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        get(&s.app, &format!("{base}?token={}", "0".repeat(32)))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let by_header = request(
        &s.app,
        Request::get(&base)
            .header(
                header::AUTHORIZATION,
                format!("Bearer {}", t.seats[0].token),
            )
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(by_header.status, StatusCode::OK, "{}", by_header.body);
    let r: Replay = serde_json::from_str(&by_header.body).unwrap();
    assert_eq!(
        (r.format.as_str(), r.seat, r.status),
        (REPLAY_FORMAT, 0, Status::Waiting)
    );
    // Nothing is dealt before every person joined.
    assert_eq!(r.steps.len(), 1);
    assert_eq!(
        get(&s.app, "/api/tables/0123456789abcdef/replay?seat=0")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

fn strings(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
            for tok in s.split(|c: char| c.is_whitespace() || ",;:()[]{}\"'".contains(c)) {
                if !tok.is_empty() {
                    out.insert(tok.to_owned());
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.iter().for_each(|(k, x)| {
            out.insert(k.clone());
            strings(x, out);
        }),
        _ => {}
    }
}

/// Every seat's replay of a finished bots-only table, checked against the record: at each step
/// the view shows none of the seat's secrets at that step, and the step's events none of those
/// hidden from it both before and after the step (unless announced to everyone then: a card
/// revealed and shuffled back), as the websocket leak test checks live messages.
async fn replays_hide_each_seats_secrets(game: &str) {
    let s = server().await;
    let info = parlour_games::find(game).unwrap();
    let players = info.default_players();
    let seats: Vec<Value> = (0..players).map(|_| json!({"bot": "random"})).collect();
    let t = create(&s.app, json!({"game": game, "seats": seats})).await;
    wait_finished(&s.app, &t.table).await;
    let a = get(&s.app, &format!("/api/tables/{}/record", t.table)).await;
    let record = Record::from_json(&a.body).unwrap();
    let a = get(&s.app, &format!("/api/tables/{}", t.table)).await;
    let summary: TableSummary = serde_json::from_str(&a.body).unwrap();
    let names: Vec<String> = summary.seats.iter().map(|s| s.label.clone()).collect();
    for seat in 0..players {
        let a = get(
            &s.app,
            &format!("/api/tables/{}/replay?seat={seat}", t.table),
        )
        .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        assert!(!a.body.contains("\"seed\"") && !a.body.contains("chance:"));
        let r: Replay = serde_json::from_str(&a.body).unwrap();
        assert_eq!(r.steps.len(), record.actions.len() + 1);
        assert_eq!(r.status, Status::Finished);
        let options = record.resolve_options(info.options).unwrap();
        let mut m = parlour_games::new_match(game, record.players, options, record.seed).unwrap();
        let secrets = |m: &dyn parlour_games::DynMatch| -> BTreeSet<String> {
            m.secrets(Some(Seat(seat))).into_iter().collect()
        };
        let mut before = secrets(&*m);
        for (k, step) in r.steps.iter().enumerate() {
            let at = m.event_count();
            if k > 0 {
                m.apply_entry(&record.actions[k - 1]).unwrap();
            }
            let table = m.log_in(Viewer::Seat(Seat(seat)), at, Voice::table(&names));
            assert_eq!(step.events, table, "{game} step {k}: the table's words");
            let now = secrets(&*m);
            let mut announced = BTreeSet::new();
            if k > 0 {
                strings(&json!(m.last_events(Viewer::Spectator)), &mut announced);
            }
            let mut shown = BTreeSet::new();
            strings(&step.view, &mut shown);
            if let Some(x) = shown.intersection(&now).next() {
                panic!("{game}: seat {seat}'s replay shows `{x}` in its view at step {k}");
            }
            assert_eq!(step.view, m.view_json(Some(Seat(seat))), "{game} step {k}");
            // The table's words name cards by printed name: the leak check reads the same
            // events in the trace's words, which name them by id.
            let mut told = BTreeSet::new();
            let traced = m.log_in(Viewer::Seat(Seat(seat)), at, Voice::TRACE);
            strings(&json!(traced), &mut told);
            let hidden: BTreeSet<String> = now
                .intersection(&before)
                .filter(|x| !announced.contains(*x))
                .cloned()
                .collect();
            if let Some(x) = told.intersection(&hidden).next() {
                panic!("{game}: seat {seat}'s replay names `{x}` in its events at step {k}");
            }
            before = now;
        }
        // Step by step, the events make up the whole log as the seat saw it.
        let log: Vec<String> = r.steps.iter().flat_map(|s| s.events.clone()).collect();
        let whole = m.log_in(Viewer::Seat(Seat(seat)), 0, Voice::table(&names));
        assert_eq!(log, whole, "{game} seat {seat}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_of_every_game_hide_each_seats_secrets() {
    for info in parlour_games::games() {
        replays_hide_each_seats_secrets(info.id).await;
    }
}

/// Every HTTP error is `{"error": ...}` JSON with its documented status, axum's own rejections
/// included.
#[tokio::test]
async fn every_http_error_is_json_with_its_documented_status() {
    let s = server().await;
    let t = create(
        &s.app,
        json!({"game": "troll-tricker",
               "seats": [{"human": {"name": "Ann"}}, {"bot": "greedy"}, {"bot": "greedy"}]}),
    )
    .await;
    let id = &t.table;
    let big = Request::post("/api/tables")
        .header("content-type", "application/json")
        .body(Body::from(vec![b' '; 70_000]))
        .unwrap();
    let delete = Request::delete(format!("/api/tables/{id}"))
        .body(Body::empty())
        .unwrap();
    let cases = [
        (
            request(&s.app, big).await,
            StatusCode::PAYLOAD_TOO_LARGE,
            "64 KiB",
        ),
        (
            get(&s.app, &format!("/api/tables/{id}/replay?seat=-1")).await,
            StatusCode::BAD_REQUEST,
            "seat",
        ),
        (
            get(&s.app, &format!("/api/tables/{id}/replay?seat=9")).await,
            StatusCode::BAD_REQUEST,
            "not 9",
        ),
        (
            get(&s.app, &format!("/api/tables/{id}/replay")).await,
            StatusCode::BAD_REQUEST,
            "name the seat",
        ),
        (
            get(&s.app, &format!("/api/tables/{id}/replay?seat=1")).await,
            StatusCode::FORBIDDEN,
            "once the table is finished",
        ),
        (
            get(&s.app, "/no-such-file.js").await,
            StatusCode::NOT_FOUND,
            "not found",
        ),
        (
            get(&s.app, "/api/nothing").await,
            StatusCode::NOT_FOUND,
            "not found",
        ),
        (
            request(&s.app, delete).await,
            StatusCode::METHOD_NOT_ALLOWED,
            "method not allowed",
        ),
    ];
    for (i, (a, status, words)) in cases.into_iter().enumerate() {
        assert_eq!(a.status, status, "case {i}: {}", a.body);
        assert_eq!(
            a.headers[header::CONTENT_TYPE],
            "application/json",
            "case {i}"
        );
        let body: Value = serde_json::from_str(&a.body).unwrap();
        let error = body["error"].as_str().unwrap();
        assert!(error.contains(words), "case {i}: {error}");
    }
}
