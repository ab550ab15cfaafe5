//! The conformance suite every parlour game passes, random playouts, perft and its golden files.
//!
//! ```ignore
//! #[test]
//! fn conforms() {
//!     parlour_testkit::check_game::<my_game::State>(4, "", 0..20);
//! }
//! ```

mod conformance;
mod perft_file;
mod playout;
pub mod toy;

pub use conformance::{MAX_STEPS, check_game};
pub use perft_file::{PerftSetup, check_perft_file, parse_perft_file};
pub use playout::{checked_playout, divide, perft, random_action, random_playout, settle_chance};
