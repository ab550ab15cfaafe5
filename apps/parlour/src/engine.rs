use std::collections::BTreeMap;
use std::io::{BufRead, Write};

use parlour_core::{Options, Seat, ToAct, Viewer};
use parlour_games::DynMatch;
use parlour_record::Record;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::clip::clip_quotes;
use crate::replay::{legal_json, to_act_json};

/// One request of the line protocol (docs/engine-protocol.md).
#[derive(Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    Games,
    New {
        game: String,
        players: Option<u8>,
        #[serde(default)]
        options: BTreeMap<String, Value>,
        #[serde(default)]
        seed: u64,
    },
    Load {
        record: Value,
    },
    State,
    Act {
        seat: u8,
        action: String,
    },
    Chance {
        outcome: String,
    },
    Draw {
        #[serde(default)]
        until_decision: bool,
    },
    View {
        seat: Option<u8>,
    },
    Record,
    Quit,
}

/// Serves the protocol until `quit` or end of input. Bad input (not JSON, not UTF-8, a
/// request the game rejects) gets an error object and the engine keeps serving.
///
/// # Errors
/// Reading the input or writing an answer failed.
pub fn serve(input: &mut dyn BufRead, out: &mut dyn Write) -> std::io::Result<()> {
    let mut game: Option<Box<dyn DynMatch>> = None;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // Lines are read as bytes: a line that is not UTF-8 is bad input, not the end.
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let (reply, quit) = match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => answer(line, &mut game),
            Err(e) => (
                json!({ "ok": false, "error": format!("bad request: the line is not UTF-8 ({e})") }),
                false,
            ),
        };
        writeln!(out, "{reply}")?;
        out.flush()?;
        if quit {
            return Ok(());
        }
    }
}

/// The answer to one request line, and whether it ends the session.
fn answer(line: &str, game: &mut Option<Box<dyn DynMatch>>) -> (Value, bool) {
    match serde_json::from_str::<Request>(line) {
        Ok(Request::Quit) => (json!({ "ok": true }), true),
        Ok(req) => (
            handle(req, game).unwrap_or_else(|e| json!({ "ok": false, "error": clip_quotes(&e) })),
            false,
        ),
        Err(e) => (
            json!({ "ok": false, "error": clip_quotes(&format!("bad request: {e}")) }),
            false,
        ),
    }
}

fn state_json(m: &dyn DynMatch) -> Value {
    let outcome = m.outcome();
    json!({
        "game": m.game_id(),
        "players": m.players(),
        "status": match m.to_act() { ToAct::Terminal => "finished", ToAct::Chance => "chance", ToAct::Seats(_) => "in_progress" },
        "to_act": to_act_json(m),
        "chance": m.chance_hint(),
        "legal": legal_json(m),
        "scores": m.scores(),
        "winners": outcome.map_or_else(Vec::new, |o| o.winners.iter().map(|s| s.0).collect::<Vec<_>>()),
    })
}

fn handle(req: Request, game: &mut Option<Box<dyn DynMatch>>) -> Result<Value, String> {
    let need = |g: &mut Option<Box<dyn DynMatch>>| -> Result<(), String> {
        if g.is_none() {
            Err("no game: send {\"cmd\":\"new\",...} or {\"cmd\":\"load\",...} first".into())
        } else {
            Ok(())
        }
    };
    match req {
        Request::Games => Ok(json!({
            "ok": true,
            "games": parlour_games::games().iter().map(|g| json!({
                "id": g.id, "name": g.name, "players": [g.players.start(), g.players.end()],
                "options": g.options.iter().map(|o| json!({"id": o.id, "help": o.help, "values": o.values_hint(), "default": o.default_text()})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })),
        Request::New {
            game: id,
            players,
            options,
            seed,
        } => {
            let info = parlour_games::find(&id).map_err(|e| e.to_string())?;
            let record = Record {
                format: parlour_record::FORMAT.into(),
                game: id.clone(),
                players: players.unwrap_or_else(|| info.default_players()),
                options,
                seed,
                actions: Vec::new(),
            };
            let opts: Options = record
                .resolve_options(info.options)
                .map_err(|e| e.to_string())?;
            let m = parlour_games::new_match(&id, record.players, opts, seed)
                .map_err(|e| e.to_string())?;
            let state = state_json(m.as_ref());
            *game = Some(m);
            Ok(json!({ "ok": true, "state": state }))
        }
        Request::Load { record } => {
            let record: Record =
                serde_json::from_value(record).map_err(|e| format!("malformed record: {e}"))?;
            let m = parlour_games::replay(&record).map_err(|e| e.to_string())?;
            let state = state_json(m.as_ref());
            *game = Some(m);
            Ok(json!({ "ok": true, "state": state }))
        }
        Request::State => {
            need(game)?;
            Ok(json!({ "ok": true, "state": state_json(game.as_deref().expect("checked")) }))
        }
        Request::Act { seat, action } => {
            need(game)?;
            let m = game.as_mut().expect("checked");
            m.apply_action_text(Seat(seat), &action)
                .map_err(|e| e.to_string())?;
            Ok(
                json!({ "ok": true, "events": m.last_events(Viewer::Omniscient), "state": state_json(m.as_ref()) }),
            )
        }
        Request::Chance { outcome } => {
            need(game)?;
            let m = game.as_mut().expect("checked");
            m.apply_chance_text(&outcome).map_err(|e| e.to_string())?;
            Ok(
                json!({ "ok": true, "events": m.last_events(Viewer::Omniscient), "state": state_json(m.as_ref()) }),
            )
        }
        Request::Draw { until_decision } => {
            need(game)?;
            let m = game.as_mut().expect("checked");
            let mut outcomes = Vec::new();
            match m.draw_chance() {
                Some(o) => outcomes.push(o),
                None => return Err("no chance event is due".into()),
            }
            while until_decision && let Some(o) = m.draw_chance() {
                outcomes.push(o);
            }
            Ok(json!({ "ok": true, "outcomes": outcomes, "state": state_json(m.as_ref()) }))
        }
        Request::View { seat } => {
            need(game)?;
            let m = game.as_ref().expect("checked");
            if let Some(s) = seat
                && s >= m.players()
            {
                return Err(format!(
                    "seat {s} does not exist in a {}-player game",
                    m.players()
                ));
            }
            Ok(
                json!({ "ok": true, "view": m.view_json(seat.map(Seat)), "text": m.view_text(seat.map(Seat)) }),
            )
        }
        Request::Record => {
            need(game)?;
            Ok(json!({ "ok": true, "record": game.as_ref().expect("checked").record() }))
        }
        Request::Quit => Ok(json!({ "ok": true })),
    }
}
