//! Where every game the server holds comes from: a record, started or replayed.

use parlour_games::{DynMatch, RegistryError};
use parlour_record::{Record, ReplayError};

/// The game `record` leads to: with no entries, a new match with nothing dealt yet; otherwise
/// the replay of its entries, with any chance due at its end drawn from the seed (a crash may
/// have come between storing an action and storing the chance it made due).
///
/// Loading a stored table, rolling a table back after a failed store, and a seat's replay all
/// start here, so they cannot disagree on what a record means.
///
/// # Errors
/// An unknown game, options or a setup it refuses, or an entry that does not apply.
pub(crate) fn resume(record: &Record) -> Result<Box<dyn DynMatch>, RegistryError> {
    if !record.actions.is_empty() {
        return parlour_games::replay(record);
    }
    // A replay draws due chance at its end; a table not yet started must not deal.
    let info = parlour_games::find(&record.game)?;
    let options = record
        .resolve_options(info.options)
        .map_err(ReplayError::from)?;
    parlour_games::new_match(&record.game, record.players, options, record.seed)
}
