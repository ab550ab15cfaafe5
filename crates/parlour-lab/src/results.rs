//! The raw results of a run: one row per finished game, in (cell, game) order. Everything in
//! the report is computed from these rows alone, so rows gathered by shards give the same
//! report as rows gathered by one run.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{LabSpec, Shard};

/// What one finished game left: enough for every statistic of the report.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(
    from = "(u32, u64, Vec<i32>, u16, u32, u32, Vec<f64>, Option<u8>, Option<String>, Vec<Vec<u16>>, Vec<Vec<u16>>, Vec<Vec<u16>>)",
    into = "(u32, u64, Vec<i32>, u16, u32, u32, Vec<f64>, Option<u8>, Option<String>, Vec<Vec<u16>>, Vec<Vec<u16>>, Vec<Vec<u16>>)"
)]
pub struct GameRow {
    /// The cell's index in the grid.
    pub cell: u32,
    /// The game's index in its cell.
    pub game: u64,
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// The winners as a bitset (bit `s` for seat `s`); several share the win, none means no
    /// winner.
    pub winners: u16,
    /// Player actions taken.
    pub actions: u32,
    /// Rounds begun.
    pub rounds: u32,
    /// The game's metrics ([`parlour_core::Game::metrics`]), in the cell's metric order.
    pub metrics: Vec<f64>,
    /// The seat that started the game, from 0 ([`parlour_core::Game::starting_seat`]).
    pub start: Option<u8>,
    /// The safety cap that stopped the game, if one did
    /// ([`parlour_core::Game::ended_by_cap`]).
    pub cap: Option<String>,
    /// Per seat, the cards it was dealt, as sorted indices into the cell's card names
    /// ([`parlour_core::Game::card_facts`]); empty when the game declares none.
    pub dealt: Vec<Vec<u16>>,
    /// Per seat, every card it held at some point, likewise; empty when held is dealt.
    pub held: Vec<Vec<u16>>,
    /// Per seat, the cards it played, likewise.
    pub played: Vec<Vec<u16>>,
}

type RowTuple = (
    u32,
    u64,
    Vec<i32>,
    u16,
    u32,
    u32,
    Vec<f64>,
    Option<u8>,
    Option<String>,
    Vec<Vec<u16>>,
    Vec<Vec<u16>>,
    Vec<Vec<u16>>,
);

impl From<RowTuple> for GameRow {
    fn from(t: RowTuple) -> Self {
        GameRow {
            cell: t.0,
            game: t.1,
            scores: t.2,
            winners: t.3,
            actions: t.4,
            rounds: t.5,
            metrics: t.6,
            start: t.7,
            cap: t.8,
            dealt: t.9,
            held: t.10,
            played: t.11,
        }
    }
}

impl From<GameRow> for RowTuple {
    fn from(r: GameRow) -> Self {
        (
            r.cell, r.game, r.scores, r.winners, r.actions, r.rounds, r.metrics, r.start, r.cap,
            r.dealt, r.held, r.played,
        )
    }
}

impl GameRow {
    /// Whether seat `s` (from 0) is among the winners.
    #[must_use]
    pub fn won(&self, seat: u8) -> bool {
        self.winners & (1 << seat) != 0
    }

    /// Seat `s`'s position counted from the starting seat (0: it started), or `None` when the
    /// game names no starting seat.
    #[must_use]
    pub fn position(&self, seat: u8) -> Option<u8> {
        let n = self.scores.len() as u8;
        self.start.map(|f| (seat + n - f) % n)
    }

    /// How many seats share the win (0: no winner).
    #[must_use]
    pub fn winner_count(&self) -> u32 {
        self.winners.count_ones()
    }
}

/// The id and label of a metric, as the game names it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MetricName {
    /// snake_case id.
    pub id: String,
    /// Plain words.
    pub label: String,
}

/// The rows a run (or a merge of shards) gathered.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct LabResults {
    /// The study.
    pub spec: LabSpec,
    /// Which slice of it.
    pub shard: Shard,
    /// Games the slice was to play.
    pub planned: u64,
    /// Whether the run was stopped before it played them all.
    pub interrupted: bool,
    /// Metric names per cell index (for cells with at least one finished game).
    pub metric_names: BTreeMap<u32, Vec<MetricName>>,
    /// The card names each cell's rows index ([`parlour_core::Game::card_names`]), for cells
    /// of games that declare card facts.
    pub card_names: BTreeMap<u32, Vec<String>>,
    /// Finished games, sorted by (cell, game).
    pub rows: Vec<GameRow>,
}
