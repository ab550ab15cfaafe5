//! Bots at a table: each decides from its own seat's observation, exactly as `parlour play`
//! drives them (a quick bot on the table's task, a searching one on a blocking thread), and its
//! choice comes back as action text. The bot is the one
//! type-erased bot every front end uses ([`parlour_games::DynBot`]).

use parlour_bots::UnknownBot;
use parlour_core::Seat;
pub(crate) use parlour_games::{BotJob, DynBot as SeatBot};

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
    parlour_games::make_bot(game, spec, seed, u64::from(seat.0) + 1)
}
