//! Bot tournaments for any parlour game.
//!
//! [`run_arena`] plays many seeded games between named bots (see [`parlour_bots::make_bot`]),
//! seating them in every order in turn ([`seating`]), in parallel with rayon, and reports per
//! bot: seats played, wins (a win shared by `k` tied winners counts `1/k`), win rate with a 95%
//! Wilson interval ([`parlour_lab::stats::wilson95`]), a rating (Weng-Lin or Elo from the
//! `skillratings` crate, updated in game order) and the mean decision time.
//!
//! The report is the same for a seed whatever the number of threads (decision times aside):
//! game `i` is seeded with `derive_seed(seed, i)` and results are aggregated in game order.
//!
//! ```ignore
//! use parlour_arena::{ArenaConfig, run_arena};
//! let mut config = ArenaConfig::new(["ismcts:hard", "greedy", "random"], 1_000);
//! config.seed = 42;
//! let report = run_arena::<parlour_troll_tricker::State>(&config)?;
//! print!("{report}"); // a table
//! let json = serde_json::to_string(&report)?; // {"game": .., "players": .., "games": .., "bots": [..]}
//! ```

mod arena;
mod config;
mod rating;
mod report;
mod seating;

pub use arena::{ArenaError, arena_players, run_arena};
pub use config::{ArenaConfig, Progress, RatingSystem};
pub use rating::seat_places;
pub use report::{ArenaReport, BotReport};
pub use seating::{seating, seating_period};
