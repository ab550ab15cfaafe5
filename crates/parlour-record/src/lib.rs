//! Game records and the seeded match driver.
//!
//! A record is JSON: `{"format", "game", "players", "options", "seed", "actions"}` where each
//! action is `"<seat>: <action text>"` or `"chance: <outcome text>"` (`docs/records.md`). A
//! [`Match`] plays a game from a seed, keeps its history ([`Kept`], or less: [`Keep`]), writes
//! it as a [`Record`] and replays one. Chance events a record does not state are drawn from its
//! seed.

mod card_watch;
mod keep;
mod play;
mod record;
mod session;

pub use card_watch::CardWatch;
pub use keep::{Keep, Kept};
pub use play::{MAX_STEPS, PlayError, play_to_end};
pub use record::{Entry, FORMAT, Record, RecordError, options_json};
pub use session::{Match, ReplayError, StepError, replay};
