//! The balance lab: answers a game designer's questions about a game by playing it many
//! times between bots over a grid of player counts, variant options and bot line-ups.
//!
//! A study is a [`LabSpec`]. [`Grid::new`] checks it against a game and lays out its cells;
//! [`run`] plays the games (or one shard of them) on worker threads; [`build_report`] turns the
//! rows into a [`Report`] (win rates per seat with intervals, a seat-advantage test, scores and
//! margins, game length, the game's own metrics, the skill check, comparisons between option
//! values and line-ups, and a plain-words summary); [`write_report`] writes it as one
//! self-contained HTML file with inline SVG charts, CSV files and JSON.
//!
//! Game `g` of a cell depends only on the cell and `g` (its seed is derived from them), so a
//! study gives the same report for any number of threads, and shards ([`Shard`],
//! [`shard_to_json`], [`merge`]) give exactly the report of one run.
//!
//! ```
//! use parlour_lab::{Grid, LabSpec, RunControl, Shard, build_report, run};
//! use parlour_testkit::toy::HighCard;
//!
//! let spec = LabSpec {
//!     game: "high-card".into(),
//!     players: vec![2, 3],
//!     options: vec![],
//!     sweeps: vec![],
//!     lineups: vec![vec!["random".into()]],
//!     games: 200,
//!     skill: None,
//!     ladder: None,
//!     seed: 7,
//!     pace: 5.0,
//! };
//! let grid = Grid::new::<HighCard>(&spec)?;
//! let results = run::<HighCard>(&spec, &grid, Shard::WHOLE, &RunControl::default())?;
//! let report = build_report(&grid, &results);
//! assert_eq!(report.games_played, 400);
//! let two = &report.cells[0];
//! assert_eq!(two.seats.len(), 2);
//! // High Card always has exactly one winner.
//! assert_eq!(two.sole_winner, 200);
//! println!("{}", report.summary[0].text);
//! # Ok::<(), parlour_lab::LabError>(())
//! ```

mod answers_html;
mod cards;
mod cards_html;
mod chart;
mod compare;
mod error;
mod format;
mod grid;
mod html;
mod ladder;
mod ladder_html;
mod report;
mod results;
mod runner;
mod shard;
mod spec;
pub mod stats;
mod summary;
mod tables;
mod verdict;
mod words;
mod write;

pub use cards::{CardEffect, CardFinding, CardQuestion, CardsReport};
pub use error::LabError;
pub use format::{Fmt, thousands};
pub use grid::{Cell, CellKind, Grid, Skipped, playable_counts, players_label};
pub use html::render_html;
pub use ladder::{LadderReport, RungReport};
pub use report::{
    ALPHA, CellReport, Comparison, MetricReport, PositionReport, REPORT_FORMAT, Rate, Report,
    SeatReport, SkillReport, SkippedReport, Test, build_report, build_report_with,
};
pub use results::{GameRow, LabResults, MetricName};
pub use runner::{RunControl, play_game, run};
pub use shard::{SHARD_FORMAT, merge, shard_file_name, shard_from_json, shard_to_json};
pub use spec::{DataFile, LabSpec, LadderSpec, Shard, SkillSpec, Sweep};
pub use summary::{Finding, FindingKind, Part};
pub use tables::write_csv;
pub use verdict::{Meaningful, Verdict};
pub use write::{REPORT_FILES, write_report};
