//! What The King's Feast registers beyond the `Game` trait: its full-information solver (for
//! `parlour solve`) and its file-valued option (an arrangement's layout file).

use std::time::Duration;

use parlour_core::{Registration, SolvedPlan};

use crate::solver::{SolveLimits, solve};
use crate::state::State;

/// The registry's entry for The King's Feast.
pub const REGISTRATION: Registration<State> = Registration {
    solver: Some(solve_within),
    file_options: &["arrangement"],
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
