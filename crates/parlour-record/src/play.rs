//! The one loop that plays a game to its end between deciders (bots), with one step bound; the
//! simulator, the arena and the balance lab all call it.

use parlour_core::{EventSink, Game, GameRng, IllegalAction, Seat, ToAct, rng_from_seed};

use crate::Match;

/// Most steps (chance outcomes and actions) a game played by [`play_to_end`] may take before it
/// is declared endless. Every game ends far sooner: this only turns a rules bug into an error.
pub const MAX_STEPS: u64 = 10_000_000;

/// What [`play_to_end`] drives: a [`Match`] keeps the history for a record, a [`Playout`] only
/// the state (the fast path). Both draw chance outcomes from the same seeded stream, so the same
/// seed and choices give the same game either way.
pub trait Driver<G: Game> {
    /// The current state (omniscient).
    fn state(&self) -> &G;

    /// Draws the due chance outcome from the seed and applies it.
    ///
    /// # Errors
    /// The game rejected an outcome it sampled itself (a rules bug).
    fn chance(&mut self) -> Result<(), IllegalAction>;

    /// Applies `seat`'s `action`.
    ///
    /// # Errors
    /// An illegal action; the state is unchanged.
    fn act(&mut self, seat: Seat, action: G::Action) -> Result<(), IllegalAction>;
}

impl<G: Game> Driver<G> for Match<G> {
    fn state(&self) -> &G {
        Match::state(self)
    }

    fn chance(&mut self) -> Result<(), IllegalAction> {
        self.try_draw_chance().map(drop)
    }

    fn act(&mut self, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        self.apply_action(seat, action)
    }
}

/// A game with its seeded chance stream and no history: events go to `events` (`()` drops
/// them, a `Vec` keeps them for metrics).
#[derive(Clone, Debug)]
pub struct Playout<G: Game, E> {
    /// The current state.
    pub state: G,
    /// Every event so far, where `E` keeps them.
    pub events: E,
    rng: GameRng,
}

impl<G: Game, E: EventSink<G::Event>> Playout<G, E> {
    /// `state` with chance drawn from `seed` (as [`Match::new`] draws it).
    pub fn new(state: G, seed: u64, events: E) -> Self {
        Playout {
            state,
            events,
            rng: rng_from_seed(seed),
        }
    }
}

impl<G: Game, E: EventSink<G::Event>> Driver<G> for Playout<G, E> {
    fn state(&self) -> &G {
        &self.state
    }

    fn chance(&mut self) -> Result<(), IllegalAction> {
        let c = self.state.sample_chance(&mut self.rng);
        self.state.apply_chance(c, &mut self.events)
    }

    fn act(&mut self, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        self.state.apply(seat, action, &mut self.events)
    }
}

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

/// Plays the game `driver` holds to its end: chance from the seed, and at a player node the
/// first seat to act takes the action `choose` picks for it (a bot reading its observation).
/// Returns the number of actions taken.
///
/// # Errors
/// A rejected chance outcome, an illegal choice (the state is left as it was before it), or no
/// end within [`MAX_STEPS`].
pub fn play_to_end<G: Game, D: Driver<G>>(
    driver: &mut D,
    mut choose: impl FnMut(&G, Seat) -> G::Action,
) -> Result<u64, PlayError<G::Action>> {
    let mut actions = 0u64;
    for _ in 0..MAX_STEPS {
        match driver.state().to_act() {
            ToAct::Terminal => return Ok(actions),
            ToAct::Chance => driver.chance().map_err(PlayError::Chance)?,
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a player node names a seat");
                let action = choose(driver.state(), seat);
                driver
                    .act(seat, action)
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
