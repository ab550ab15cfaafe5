//! What the player (or a spectator) may see: face-up cards, and for the player the face-down
//! cards they have seen and tracked; never another face-down card.

use std::fmt;

use parlour_core::{Game, Seat};
use serde::Serialize;

use crate::card::{CardId, bit, card_id, card_name};
use crate::phase::Phase;
use crate::preview::{self, EndNow, Fatal};
use crate::scoring::{self, EndReason};
use crate::state::State;

/// One cell of the table as a viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Cell {
    /// No seat here.
    Hole,
    /// A face-up card.
    FaceUp {
        /// Its id.
        card: String,
        /// Its value.
        value: CardId,
    },
    /// A face-down card the viewer knows (peeked, or seen face up and tracked since).
    Known {
        /// Its id.
        card: String,
        /// Its value.
        value: CardId,
    },
    /// A face-down card the viewer does not know.
    FaceDown,
}

/// How the game ended.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Ending {
    /// Why.
    pub reason: EndReason,
    /// Seats whose card is not the goal card.
    pub misplaced: u32,
    /// Final score (misplaced + 2 for an Assassin ending).
    pub score: i32,
    /// The result title.
    pub title: String,
}

/// A viewer's picture of the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Arrangement id.
    pub arrangement: String,
    /// Arrangement title.
    pub title: String,
    /// Rows of the grid.
    pub rows: u8,
    /// Columns of the grid.
    pub cols: u8,
    /// Cells, row-major.
    pub cells: Vec<Cell>,
    /// The goal value per cell, row-major (`None` = hole).
    pub goal: Vec<Option<CardId>>,
    /// Turns completed.
    pub turns_completed: u32,
    /// What the game waits for.
    pub decision: String,
    /// The legal actions in notation.
    pub legal: Vec<String>,
    /// The ending, once over (then every card is shown face up for counting).
    pub ended: Option<Ending>,
    /// The score of ending the feast now, as far as the viewer knows (while the game runs).
    pub end_now: Option<EndNow>,
    /// The player's legal moves that would end the feast with the Assassin they know of.
    pub fatal: Vec<Fatal>,
}

impl View {
    /// The view of `viewer` (`None` = spectator: face-up cards only).
    #[must_use]
    pub fn of(st: &State, viewer: Option<Seat>) -> Self {
        let arr = st.arrangement();
        let over = st.phase() == Phase::Over;
        let knows = if viewer.is_some() { st.knows() } else { 0 };
        let geo = st.geometry();
        let cells = geo
            .cell_seat
            .iter()
            .map(|cs| match cs {
                None => Cell::Hole,
                Some(s) => {
                    let v = st.board[usize::from(*s)];
                    if v == 0 {
                        Cell::FaceDown
                    } else if over || st.up & bit(v) != 0 {
                        Cell::FaceUp {
                            card: card_id(v).to_owned(),
                            value: v,
                        }
                    } else if knows & bit(v) != 0 {
                        Cell::Known {
                            card: card_id(v).to_owned(),
                            value: v,
                        }
                    } else {
                        Cell::FaceDown
                    }
                }
            })
            .collect();
        let mut legal = Vec::new();
        st.legal_actions(Seat(0), &mut legal);
        let seen = (knows | st.up) & st.in_play;
        let running = !over && st.phase() != Phase::Deal;
        View {
            arrangement: arr.name.clone(),
            title: arr.title.clone(),
            rows: arr.rows,
            cols: arr.cols,
            cells,
            goal: arr.goal.clone(),
            turns_completed: st.turns_completed(),
            decision: st.decision().describe().to_owned(),
            legal: legal.iter().map(|&a| st.action_text(a)).collect(),
            ended: st.end_reason().map(|reason| {
                let score = st.final_score();
                Ending {
                    reason,
                    misplaced: st.misplaced(),
                    score,
                    title: scoring::title(score).to_owned(),
                }
            }),
            end_now: running.then(|| preview::end_now(st, seen)),
            fatal: if viewer.is_some() {
                preview::fatal(st, seen, &legal)
            } else {
                Vec::new()
            },
        }
    }
}

const WIDTH: usize = 14;

fn cell_text(c: &Cell) -> String {
    match c {
        Cell::Hole => String::new(),
        Cell::FaceUp { value, .. } => format!("{value} {}", card_name(*value)),
        Cell::Known { value, .. } => format!("[{value} {}]", card_name(*value)),
        Cell::FaceDown => "[ ? ]".into(),
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "The King's Feast: {} (turns completed: {})",
            self.title, self.turns_completed
        )?;
        let cols = usize::from(self.cols);
        let mut line = String::from("    ");
        for c in 0..cols {
            line.push_str(&format!("{c:<WIDTH$}"));
        }
        writeln!(f, "{}", line.trim_end())?;
        for (r, row) in self.cells.chunks(cols.max(1)).enumerate() {
            let mut line = format!("{r:>2}  ");
            for cell in row {
                line.push_str(&format!("{:<WIDTH$}", cell_text(cell)));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        writeln!(
            f,
            "    (name = face up, [name] = face down and known to you, [ ? ] = face down)"
        )?;
        writeln!(f, "Goal:")?;
        for (r, row) in self.goal.chunks(cols.max(1)).enumerate() {
            let mut line = format!("{r:>2}  ");
            for g in row {
                let t = g.map_or_else(String::new, |v| format!("{v} {}", card_name(v)));
                line.push_str(&format!("{t:<WIDTH$}"));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        match &self.ended {
            Some(e) => writeln!(
                f,
                "The feast is over: {:?}; {} misplaced, score {}: {}",
                e.reason, e.misplaced, e.score, e.title
            ),
            None => {
                writeln!(f, "Now: {}", self.decision)?;
                if !self.legal.is_empty() {
                    writeln!(f, "Legal: {}", self.legal.join(" | "))?;
                }
                Ok(())
            }
        }
    }
}
