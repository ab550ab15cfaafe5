//! The conformance suite every parlour game passes, random playouts, perft and its golden files.
//!
//! ```ignore
//! #[test]
//! fn conforms() {
//!     parlour_testkit::check_game::<my_game::State>(4, "", 0..20);
//! }
//! ```

#[cfg(feature = "criterion")]
mod bench;
mod card_watch;
mod conformance;
mod encoding;
mod metric;
mod perft_file;
mod playout;
mod scenario;
mod seeded;
pub mod toy;

#[cfg(feature = "criterion")]
pub use bench::{PLAYOUT_BATCH, bench_playouts};
pub use card_watch::watch_cards;
pub use conformance::{MAX_STEPS, check_game};
pub use encoding::check_encoding;
pub use metric::{assert_metric_shape, metric_value};
pub use perft_file::{
    BLESS_VAR, PerftSetup, blessing, check_perft_file, dealt, parse_perft_file, read_perft_file,
};
pub use playout::{checked_playout, divide, perft, random_action, random_playout, settle_chance};
pub use scenario::Scenario;
pub use seeded::{Decision, play_seeded};
