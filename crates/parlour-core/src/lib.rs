//! Vocabulary and traits shared by every parlour game.
//!
//! A game implements [`Game`]: a deterministic state machine whose random events are explicit
//! chance nodes, whose players see redacted [`Game::View`]s, and whose illegal actions are
//! [`IllegalAction`] values that leave the state unchanged.
//!
//! ```
//! use parlour_core::{Options, OptionSpec, Seat, SeatSet, Outcome};
//!
//! const SPECS: &[OptionSpec] = &[OptionSpec::flag("short_game", "play one round only")];
//! let opts = Options::parse_list(SPECS, "short_game=true").unwrap();
//! assert!(opts.flag("short_game"));
//!
//! let outcome = Outcome::highest_wins(vec![12, 30, 30]);
//! assert_eq!(outcome.winners, [Seat(1), Seat(2)].into_iter().collect::<SeatSet>());
//! ```

mod audit;
mod by_seat;
mod card_facts;
mod encoding;
mod error;
mod game;
mod kept_data;
mod layout;
mod metric;
mod options;
mod outcome;
mod registration;
mod rng;
mod search;
mod seat;
mod turn;
mod voice;
mod words;

pub use audit::{Audit, shows_hidden_card};
pub use by_seat::{BySeat, MAX_SEATS};
pub use card_facts::{CardFacts, HandsNow};
pub use encoding::Encoding;
pub use error::{IllegalAction, OptionError, ParseError, SetupError};
pub use game::{EventSink, Game};
pub use game::{SolvedPlan, Solver};
pub use kept_data::KeptData;
pub use layout::{Layout, LayoutPart};
pub use metric::Metric;
pub use options::{OptionKind, OptionSpec, OptionValue, Options};
pub use outcome::Outcome;
pub use registration::{FirstPlayer, LabCost, Registration, SkillBot, Start};
pub use rng::{GameRng, derive_seed, rng_from_seed};
pub use search::{Policy, Search, evaluate_after};
pub use seat::{Seat, SeatSet};
pub use turn::{ToAct, Viewer};
pub use voice::{Names, Voice, and_list, count};
pub use words::words;

/// Checks a player count against a game's range.
///
/// # Errors
/// [`SetupError::PlayerCount`] when out of range.
pub fn check_players<G: Game>(players: u8) -> Result<(), SetupError> {
    if G::PLAYERS.contains(&players) {
        Ok(())
    } else {
        Err(SetupError::PlayerCount {
            game: G::ID,
            min: *G::PLAYERS.start(),
            max: *G::PLAYERS.end(),
            got: players,
        })
    }
}
