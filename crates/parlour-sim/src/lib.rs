//! Seeded, parallel simulation of any parlour game between bots.
//!
//! Game `i` of a run is seeded with `derive_seed(seed, i)` and results are aggregated in index
//! order, so the same seed gives the same report (timing aside) whatever the thread count.

mod simulate;
mod stats;

pub use simulate::{
    GameResult, LengthStats, SeatStats, SimConfig, SimError, SimReport, Throughput, play_one,
    simulate,
};
pub use stats::Summary;
