use std::collections::BTreeMap;
use std::io::{Read, Write};

use anyhow::{Context, Result, anyhow};
use parlour_core::{ToAct, Viewer};
use parlour_games::DynMatch;
use parlour_record::{Entry, Record};
use serde_json::{Value, json};

use crate::clip::{clip, clip_quotes};
use crate::common::report_error;

/// Where a replay stopped.
pub enum ReplayFailure {
    /// The record could not be read or set up (message names the field).
    Malformed(String),
    /// Entry `index` was rejected.
    Step {
        index: usize,
        action: String,
        reason: String,
    },
    /// Writing a step's output failed (its reader went away, say).
    Output(std::io::Error),
}

/// Reads a record from a path, or standard input for `-`.
pub fn read_record(path: &str) -> Result<String> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("reading the record from standard input")?;
        bytes
    } else {
        std::fs::read(path).with_context(|| format!("reading record {}", clip(path)))?
    };
    String::from_utf8(bytes)
        .map_err(|e| anyhow!("the record is not UTF-8 text: {}", e.utf8_error()))
}

/// Sets up the record's game, then applies its entries one by one, calling `before_step` before
/// each (after drawing any unstated chance due before a seat's action); an error from
/// `before_step` stops the replay.
pub fn replay_stepwise(
    text: &str,
    mut before_step: impl FnMut(usize, &dyn DynMatch) -> std::io::Result<()>,
) -> Result<Box<dyn DynMatch>, ReplayFailure> {
    let malformed = |msg: String| ReplayFailure::Malformed(clip_quotes(&msg));
    let record = Record::from_json(text).map_err(|e| malformed(e.to_string()))?;
    let info = parlour_games::find(&record.game)
        .map_err(|e| malformed(format!("record field `game`: {e}")))?;
    let options = record
        .resolve_options(info.options)
        .map_err(|e| malformed(e.to_string()))?;
    let mut m = parlour_games::new_match(&record.game, record.players, options, record.seed)
        .map_err(|e| malformed(format!("record field `players` or `options`: {e}")))?;
    for (index, entry) in record.actions.iter().enumerate() {
        if matches!(Entry::parse(entry), Ok(Entry::Action(..))) {
            m.draw_due_chance();
        }
        before_step(index, m.as_ref()).map_err(ReplayFailure::Output)?;
        m.apply_entry(entry).map_err(|e| ReplayFailure::Step {
            index,
            action: clip(entry).into_owned(),
            reason: clip_quotes(&e.to_string()),
        })?;
    }
    m.draw_due_chance();
    Ok(m)
}

/// The seats to act as JSON.
pub fn to_act_json(m: &dyn DynMatch) -> Value {
    json!(m.to_act().seats().iter().map(|s| s.0).collect::<Vec<_>>())
}

/// Legal actions of every seat to act, keyed by seat.
pub fn legal_json(m: &dyn DynMatch) -> Value {
    let map: BTreeMap<String, Vec<String>> = m
        .to_act()
        .seats()
        .iter()
        .map(|s| (s.to_string(), m.legal(s)))
        .collect();
    json!(map)
}

/// The state summary object of `replay --json` (docs/records.md).
pub fn summary_json(m: &dyn DynMatch) -> Value {
    let outcome = m.outcome();
    json!({
        "game": m.game_id(),
        "status": if m.to_act() == ToAct::Terminal { "finished" } else { "in_progress" },
        "to_act": to_act_json(m),
        "legal": legal_json(m),
        "scores": outcome.as_ref().map_or_else(|| m.scores(), |o| o.scores.clone()),
        "winners": outcome.map_or_else(Vec::new, |o| o.winners.iter().map(|s| s.0).collect::<Vec<_>>()),
        "log": m.log(Viewer::Omniscient),
    })
}

/// What `parlour replay` prints.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ReplayMode {
    /// The final position for a person.
    Human,
    /// One JSON object for the final state.
    Json,
    /// A JSON line before each entry, then the final object.
    Trace,
    /// A JSON line per state with every viewer's secrets (see [`secrets_json`]).
    Secrets,
}

/// The `replay --secrets` line of the state after `step` entries: the ids each seat, and a
/// spectator, must not see then ([`DynMatch::secrets`]).
pub fn secrets_json(step: usize, m: &dyn DynMatch) -> Value {
    let seats: Vec<Vec<String>> = (0..m.players())
        .map(|s| m.secrets(Some(parlour_core::Seat(s))))
        .collect();
    json!({ "step": step, "seats": seats, "spectator": m.secrets(None) })
}

/// `parlour replay`. Returns the process exit code.
///
/// # Errors
/// Writing to `out` failed (a failure of the replay itself is reported and gives the code).
pub fn run(path: &str, mode: ReplayMode, out: &mut dyn Write) -> Result<i32> {
    let trace = mode == ReplayMode::Trace;
    let json_errors = mode != ReplayMode::Human;
    let text = match read_record(path) {
        Ok(text) => text,
        Err(e) => return malformed(&format!("{e:#}"), json_errors, out),
    };
    let mut steps = 0;
    let result = replay_stepwise(&text, |index, m| {
        steps = index + 1;
        if mode == ReplayMode::Secrets {
            writeln!(out, "{}", secrets_json(index, m))?;
        }
        if trace {
            let mut line =
                json!({ "step": index, "to_act": to_act_json(m), "legal": legal_json(m) });
            if let Some(hint) = m.chance_hint() {
                line["chance"] = json!(hint);
            }
            writeln!(out, "{line}")?;
        }
        Ok(())
    });
    match result {
        Ok(m) => {
            if mode == ReplayMode::Secrets {
                writeln!(out, "{}", secrets_json(steps, m.as_ref()))?;
            } else if json_errors {
                writeln!(out, "{}", summary_json(m.as_ref()))?;
            } else {
                print_human(m.as_ref(), out)?;
            }
            Ok(0)
        }
        Err(ReplayFailure::Malformed(msg)) => malformed(&msg, json_errors, out),
        Err(ReplayFailure::Step {
            index,
            action,
            reason,
        }) => {
            if json_errors {
                writeln!(
                    out,
                    "{}",
                    json!({ "error": { "index": index, "action": action, "reason": reason } })
                )?;
            } else {
                report_error(format_args!("entry {index} `{action}`: {reason}"));
            }
            Ok(1)
        }
        Err(ReplayFailure::Output(e)) => Err(e.into()),
    }
}

/// A record that cannot be read or set up: exit code 2, with the JSON error object when asked.
fn malformed(msg: &str, json_out: bool, out: &mut dyn Write) -> Result<i32> {
    let msg = clip_quotes(msg);
    if json_out {
        writeln!(out, "{}", json!({ "error": { "reason": msg } }))?;
    }
    report_error(&msg);
    Ok(2)
}

fn print_human(m: &dyn DynMatch, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "{}", m.view_text(None))?;
    writeln!(out)?;
    match m.to_act() {
        ToAct::Terminal => {
            let o = m.outcome().expect("finished games have an outcome");
            let winners: Vec<String> = o.winners.iter().map(|s| format!("seat {s}")).collect();
            writeln!(
                out,
                "finished · scores {:?} · won by {}",
                o.scores,
                winners.join(", ")
            )?;
        }
        ToAct::Chance => writeln!(out, "chance due: {}", m.chance_hint().unwrap_or_default())?,
        ToAct::Seats(seats) => {
            writeln!(out, "in progress · scores {:?}", m.scores())?;
            for s in seats.iter() {
                writeln!(out, "seat {s} to act: {}", m.legal(s).join(" | "))?;
            }
        }
    }
    Ok(())
}
