//! Bots at a table: each decides on a blocking thread from its own seat's observation, exactly
//! as `parlour play` drives them, and its choice comes back as action text.

use parlour_bots::{Bot, Observation, UnknownBot, make_bot};
use parlour_core::{Game, Seat};
use parlour_games::DynMatch;
use parlour_record::Match;

/// A decision to run off the table's task: returns the bot (for its next turn) and its action.
pub(crate) type BotJob = Box<dyn FnOnce() -> (Box<dyn SeatBot>, String) + Send>;

/// A bot of some game, with the game type erased.
pub(crate) trait SeatBot: Send {
    /// Prepares a decision for `seat` in `m`'s position. The job owns a copy of the state but
    /// hands the bot only an [`Observation`] of it, so the bot cannot read hidden cards.
    ///
    /// # Panics
    /// If `m` is not a match of the bot's game.
    fn think(self: Box<Self>, m: &dyn DynMatch, seat: Seat) -> BotJob;
}

struct GameBot<G: Game>(Box<dyn Bot<G>>);

impl<G: Game> SeatBot for GameBot<G> {
    fn think(self: Box<Self>, m: &dyn DynMatch, seat: Seat) -> BotJob {
        let state = m
            .as_any()
            .downcast_ref::<Match<G>>()
            .expect("a table's bots play its game")
            .state()
            .clone();
        Box::new(move || {
            let mut bot = self;
            let action = bot.0.choose(&Observation::new(&state, seat));
            (bot as Box<dyn SeatBot>, state.action_text(action))
        })
    }
}

/// A bot for `seat` of a table of game `game`, its random stream derived from the table's seed
/// as `parlour play` derives it.
///
/// # Errors
/// An unknown bot spec.
///
/// # Panics
/// If `game` is not a registered id (checked when the table is created).
pub(crate) fn make_seat_bot(
    game: &str,
    spec: &str,
    seed: u64,
    seat: Seat,
) -> Result<Box<dyn SeatBot>, UnknownBot> {
    parlour_games::with_game!(game, G => {
        let bot = make_bot::<G>(spec, seed, u64::from(seat.0) + 1)?;
        Ok(Box::new(GameBot::<G>(bot)) as Box<dyn SeatBot>)
    })
}
