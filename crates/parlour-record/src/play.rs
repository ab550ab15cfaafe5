//! The one loop that plays a game to its end between deciders (bots), with one step bound; the
//! simulator, the arena and the balance lab all call it.

use parlour_core::{Game, IllegalAction, Seat, ToAct};

use crate::{Keep, Match};

/// Most steps (chance outcomes and actions) a game played by [`play_to_end`] may take before it
/// is declared endless. Every game ends far sooner: this only turns a rules bug into an error.
pub const MAX_STEPS: u64 = 10_000_000;

/// Why a game could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError<A> {
    /// The game rejected a chance outcome it sampled itself.
    #[error("sampled chance outcome rejected: {0}")]
    Chance(IllegalAction),
    /// A decider chose an illegal action.
    #[error("seat {seat} chose an illegal action: {error}")]
    Illegal {
        /// Who chose it.
        seat: Seat,
        /// What it chose.
        action: A,
        /// Why the game refused it.
        error: IllegalAction,
    },
    /// No end within [`MAX_STEPS`].
    #[error("no end within {MAX_STEPS} steps")]
    Endless,
}

/// Plays the game of `m` to its end: chance from the seed, and at a player node the first seat
/// to act takes the action `choose` picks for it (a bot reading its observation). What the match
/// keeps is its own affair: a kept history for a record, or nothing (the fast path), draw the
/// same game. Returns the number of actions taken.
///
/// # Errors
/// A rejected chance outcome, an illegal choice (the state is left as it was before it), or no
/// end within [`MAX_STEPS`].
pub fn play_to_end<G: Game, H: Keep<G>>(
    m: &mut Match<G, H>,
    mut choose: impl FnMut(&G, Seat) -> G::Action,
) -> Result<u64, PlayError<G::Action>> {
    let mut actions = 0u64;
    for _ in 0..MAX_STEPS {
        match m.state().to_act() {
            ToAct::Terminal => return Ok(actions),
            ToAct::Chance => m.draw().map_err(PlayError::Chance)?,
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a player node names a seat");
                let action = choose(m.state(), seat);
                m.apply_action(seat, action)
                    .map_err(|error| PlayError::Illegal {
                        seat,
                        action,
                        error,
                    })?;
                actions += 1;
            }
        }
    }
    Err(PlayError::Endless)
}
