//! What The King's Feast declares to the registry: its summary and lab cost, its
//! full-information solver (for `parlour solve`) and its file-valued option (an arrangement's
//! layout file).

use std::time::Duration;

use parlour_core::{FirstPlayer, LabCost, Registration, SkillBot, SolvedPlan};

use crate::CardData;
use crate::solver::{SolveLimits, solve};
use crate::state::State;

/// The registry's entry for The King's Feast.
pub const REGISTRATION: Registration<State> = Registration {
    how_to_play: &[include_str!("../data/how-to-play.md")],
    solver: Some(solve_within),
    file_options: &["arrangement"],
    cards: Some(card_data),
    // The solver-backed policy plays far better than `ismcts:100` (docs/bots.md); a game with
    // it costs about 40 greedy games (measured like LAB_COST, at the default arrangement).
    skill_bot: Some(SkillBot {
        name: "solver",
        seconds: 0.0017,
    }),
    ..Registration::new(SUMMARY, FirstPlayer::Fixed, LAB_COST)
};

const SUMMARY: &str = "A solo puzzle for 18 numbered cards: bring the guests back to their seats at the \
    King's table by activating cards, each with a King's Order or a When Revealed \
    reaction. Never let the Assassin be flipped or peeked at.";

const LAB_COST: LabCost = LabCost {
    greedy: 4e-05,
    ismcts: 0.0006,
};

/// [`solve`] with the default limits but the time budget.
fn solve_within(state: &State, time_limit: Duration) -> SolvedPlan {
    let plan = solve(
        state,
        &SolveLimits {
            time_limit,
            ..SolveLimits::default()
        },
    );
    SolvedPlan {
        score: plan.score,
        turns: plan.turns,
        actions: plan.actions,
        score_proven: plan.score_proven,
        turns_proven: plan.turns_proven,
        nodes: plan.nodes as u64,
        elapsed: plan.elapsed,
        method: plan.method,
    }
}

/// The guests as printed and the result titles ([`CardData`]).
fn card_data() -> serde_json::Value {
    serde_json::to_value(CardData::standard()).unwrap_or_default()
}
