//! A seat's replay of a table: its view, log lines and running scores after every step, rebuilt
//! by replaying the stored record from the start. Each step shows only what that seat could see
//! at that moment (the view and events are the game's redacted forms for the seat, taken from the
//! game as it was then), so a seat's replay of an unfinished table gives away nothing its live
//! connection was not sent.

use parlour_core::{Seat, ToAct, Viewer, Voice};
use parlour_protocol::{OutcomeMsg, REPLAY_FORMAT, Replay, ReplayStep, Status};
use parlour_record::Record;

use crate::resume::resume;

/// What a replay is built from: the table's record so far, and its state now.
pub(crate) struct ReplaySource {
    pub(crate) table: String,
    pub(crate) record: Record,
    pub(crate) seat: Seat,
    /// The seats' names, which the log lines use.
    pub(crate) names: Vec<String>,
    pub(crate) status: Status,
    pub(crate) outcome: Option<OutcomeMsg>,
}

/// Errors of [`build`]: the stored record no longer replays (a server bug or a changed game).
#[derive(Debug, thiserror::Error)]
#[error("the record does not replay: {0}")]
pub(crate) struct ReplayFailed(String);

/// One step per record entry (and step 0, before the first), each as `src.seat` saw it then.
pub(crate) fn build(src: ReplaySource) -> Result<Replay, ReplayFailed> {
    let r = &src.record;
    let fail = |e: &dyn std::fmt::Display| ReplayFailed(e.to_string());
    // Step 0 is the game before its first entry: the record's start, entries applied below.
    let start = Record {
        format: r.format.clone(),
        game: r.game.clone(),
        players: r.players,
        options: r.options.clone(),
        seed: r.seed,
        actions: Vec::new(),
    };
    let mut m = resume(&start).map_err(|e| fail(&e))?;
    let seat = src.seat;
    let step_of = |m: &dyn parlour_games::DynMatch, step: u64, events: Vec<String>| ReplayStep {
        step,
        view: m.view_json(Some(seat)),
        events,
        to_act: match m.to_act() {
            ToAct::Seats(s) => s.iter().map(|s| s.0).collect(),
            _ => Vec::new(),
        },
        scores: m.scores(),
    };
    let mut steps = vec![step_of(&*m, 0, Vec::new())];
    for (i, entry) in r.actions.iter().enumerate() {
        let before = m.event_count();
        m.apply_entry(entry).map_err(|e| fail(&e))?;
        let events = m.log_in(Viewer::Seat(seat), before, Voice::table(&src.names));
        steps.push(step_of(&*m, i as u64 + 1, events));
    }
    Ok(Replay {
        format: REPLAY_FORMAT.to_owned(),
        table: src.table,
        game: r.game.clone(),
        players: r.players,
        seat: seat.0,
        status: src.status,
        steps,
        outcome: src.outcome,
    })
}
