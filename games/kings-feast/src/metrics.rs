//! What the balance lab reports about a finished game ([`Game::metrics`]): the result title
//! reached (spec §8) and the turns taken. `docs/games/kings-feast.md` lists the definitions.

#[cfg(doc)]
use parlour_core::Game;
use parlour_core::Metric;

use crate::phase::Phase;
use crate::scoring::title;
use crate::state::State;

/// The result table of spec §8, best first: `(id, label, title)`.
const TITLES: [(&str, &str, &str); 5] = [
    (
        "title_kingly_feast",
        "A Kingly Feast (score 0)",
        "A Kingly Feast",
    ),
    (
        "title_brilliant_banquet",
        "A Brilliant Banquet (score 1–2)",
        "A Brilliant Banquet",
    ),
    (
        "title_superb_shindig",
        "A Superb Shindig (score 3–4)",
        "A Superb Shindig",
    ),
    (
        "title_acceptable_affair",
        "An Acceptable Affair (score 5–8)",
        "An Acceptable Affair",
    ),
    (
        "title_tumultuous_teatime",
        "A Tumultuous Teatime (score 9 or more)",
        "A Tumultuous Teatime",
    ),
];

/// The metrics of a game, always the same ids in the same order: one 0/1 flag per title of the
/// result table, exactly one of them 1 once the game is over (all 0 before), by the final score
/// ([`State::final_score`], misplaced seats plus 2 for an Assassin ending; [`title`]); then
/// `turns`, the turns completed ([`State::turns_completed`]; a turn the Assassin cut short
/// counts, pinned clarification 3).
pub(crate) fn metrics(state: &State) -> Vec<Metric> {
    let reached = (state.phase() == Phase::Over).then(|| title(state.final_score()));
    TITLES
        .iter()
        .map(|&(id, label, t)| Metric::flag(id, label, reached == Some(t)))
        .chain([Metric::new(
            "turns",
            "turns taken",
            f64::from(state.turns_completed()),
        )])
        .collect()
}
