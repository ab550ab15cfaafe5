//! What one viewer may know (spec §7): the own hand, every hand size, every line, the discard
//! pile, the stockpile size, skip counters, whose window or prompt it is, the viewer's own
//! private look and the options of the viewer's own prompt.

use std::fmt;

use parlour_core::{Game, Seat, ToAct};
use serde::Serialize;

use crate::cards::Card;
use crate::notation::{action_text, prompt_name};
use crate::state::{Phase, State};
use crate::task::Task;

/// One line as everyone sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LineView {
    /// Card ids, bottom first.
    pub cards: Vec<String>,
    /// Complete (locked).
    pub complete: bool,
    /// Holds a pending terror.
    pub pending: bool,
    /// Fresh marker per card.
    pub fresh: Vec<bool>,
    /// Received a card in phase 1 this turn.
    pub used: bool,
}

/// The tie-break short games under way (`tiebreak_short_game`, §6), as everyone sees them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TieBreakView {
    /// Tie-break games begun so far (this one included).
    pub game: u8,
    /// The seats playing it; every other seat sits out.
    pub seats: Vec<Seat>,
    /// The main game's final scores (the record).
    pub main_scores: Vec<i32>,
    /// The main game's loser (None: the round limit ended it).
    pub main_loser: Option<Seat>,
}

/// A redacted view of the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// The viewer (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Number of seats.
    pub players: u8,
    /// The active player.
    pub active: Seat,
    /// Turn phase in words.
    pub phase: String,
    /// Who must act now (empty at chance and terminal nodes).
    pub to_act: Vec<Seat>,
    /// The outstanding prompt's name, if any (its owner is in `to_act`).
    pub prompt: Option<String>,
    /// The viewer's hand (card ids).
    pub hand: Vec<String>,
    /// Whether the viewer's hand holds the lodged Urchin Thief.
    pub holds_lodged: bool,
    /// Cards the viewer is privately looking at (Advantage, Refreshments).
    pub looking_at: Vec<String>,
    /// Every hand's size.
    pub hand_sizes: Vec<u8>,
    /// Lines per seat.
    pub lines: Vec<Vec<LineView>>,
    /// The discard pile, bottom first.
    pub discard: Vec<String>,
    /// Cards revealed and held aside (Lap of the Gods, tie draw).
    pub revealed: Vec<String>,
    /// Support cards being resolved.
    pub resolving: Vec<String>,
    /// Stockpile size.
    pub stock: usize,
    /// Skip counters.
    pub skips: Vec<u8>,
    /// Running scores of the game on the table (in a tie-break: its short game's).
    pub scores: Vec<i32>,
    /// The tie-break, once the main game has ended in a tie that is played off.
    pub tiebreak: Option<TieBreakView>,
    /// Whether the viewer sits out the game on the table (a tie-break it is not part of): it
    /// never acts and holds no cards.
    pub sits_out: bool,
    /// The viewer's legal actions as text (empty when not to act).
    pub options: Vec<String>,
    /// The loser of the game on the table (in a tie-break: of its short game), once it ended;
    /// the main game's loser is in [`TieBreakView::main_loser`] then.
    pub loser: Option<Seat>,
    /// Whether the game is over.
    pub over: bool,
}

fn phase_text(p: Phase) -> String {
    match p {
        Phase::FirstDraw => "first-player draw".into(),
        Phase::Deal => "deal".into(),
        Phase::TurnStart => "turn start".into(),
        Phase::Attack => "phase 1 (attack)".into(),
        Phase::Defence(s) => format!("phase 2 (defence window of seat {s})"),
        Phase::OwnLine(s) => format!("phase 3 (own-line window of seat {s})"),
        Phase::Discard => "phase 4 (discard)".into(),
        Phase::Refill => "phase 5 (refill)".into(),
        Phase::Over => "game over".into(),
    }
}

impl View {
    /// The view of `viewer`.
    #[must_use]
    pub fn of(s: &State, viewer: Option<Seat>) -> View {
        let d = s.deck();
        let ids = |cards: &mut dyn Iterator<Item = Card>| -> Vec<String> {
            cards.map(|c| d.id(c).to_owned()).collect()
        };
        let mine = |seat: Seat| Some(seat) == viewer;
        let prompt = match s.stack.last() {
            Some(Task::Ask(_, p)) => Some(prompt_name(*p).to_owned()),
            _ => None,
        };
        let to_act: Vec<Seat> = match s.to_act() {
            ToAct::Seats(set) => set.iter().collect(),
            _ => Vec::new(),
        };
        let mut options = Vec::new();
        if let Some(v) = viewer {
            let mut buf = Vec::new();
            s.legal_actions(v, &mut buf);
            options = buf.into_iter().map(|a| action_text(d, a)).collect();
        }
        View {
            viewer,
            players: s.n,
            active: s.active,
            phase: phase_text(s.phase),
            to_act,
            prompt,
            hand: viewer.map_or_else(Vec::new, |v| ids(&mut s.hands[v].iter().map(Card))),
            holds_lodged: viewer
                .is_some_and(|v| s.lodged.is_some_and(|c| s.hands[v].contains(c.0))),
            looking_at: if viewer.is_some_and(mine) && viewer == Some(s.look_owner) {
                ids(&mut s.look.iter().map(Card))
            } else {
                Vec::new()
            },
            hand_sizes: s.hands.seats(s.n).iter().map(|h| h.len() as u8).collect(),
            lines: Seat::all(s.n)
                .map(|i| {
                    s.lines[i][..s.slots() as usize]
                        .iter()
                        .map(|l| LineView {
                            cards: ids(&mut l.cards()),
                            complete: l.complete,
                            pending: l.pending,
                            fresh: (0..l.len).map(|j| l.fresh >> j & 1 == 1).collect(),
                            used: l.used,
                        })
                        .collect()
                })
                .collect(),
            discard: ids(&mut s.discard.iter().copied()),
            revealed: ids(&mut s.revealed.iter().copied()),
            resolving: ids(&mut s.resolving.iter().map(Card)),
            stock: s.stock.len(),
            skips: s.skips.seats(s.n).to_vec(),
            scores: crate::scoring::scores(s),
            tiebreak: s.tiebreak.map(|t| TieBreakView {
                game: t.games,
                seats: s.seated.iter().collect(),
                main_scores: t.main_scores.seats(s.n).to_vec(),
                main_loser: t.main_loser,
            }),
            sits_out: viewer.is_some_and(|v| !s.seated.contains(v)),
            options,
            loser: s.loser,
            over: s.phase == Phase::Over,
        }
    }
}

fn ids(cards: &[String]) -> String {
    if cards.is_empty() {
        return "-".into();
    }
    cards.join(" ")
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Haunted, {} players, active seat {}: {}",
            self.players, self.active, self.phase
        )?;
        if let Some(t) = &self.tiebreak {
            let seats: Vec<String> = t.seats.iter().map(ToString::to_string).collect();
            let main: Vec<String> = t.main_scores.iter().map(ToString::to_string).collect();
            write!(
                f,
                "tie-break short game {} among seats {} (main game scores {}",
                t.game,
                seats.join(" "),
                main.join(" ")
            )?;
            match t.main_loser {
                Some(l) => writeln!(f, ", seat {l} lost)")?,
                None => writeln!(f, ", round limit)")?,
            }
        }
        if let Some(p) = &self.prompt {
            writeln!(f, "prompt: {p}")?;
        }
        for (i, lines) in self.lines.iter().enumerate() {
            if let Some(t) = &self.tiebreak
                && !t.seats.iter().any(|s| s.index() == i)
            {
                writeln!(f, "seat {i}: sits out the tie-break")?;
                continue;
            }
            write!(
                f,
                "seat {i}: {} cards in hand, skips {}, score {}:",
                self.hand_sizes[i], self.skips[i], self.scores[i]
            )?;
            for (j, l) in lines.iter().enumerate() {
                let mark = if l.complete {
                    " (complete)"
                } else if l.pending {
                    " (pending)"
                } else {
                    ""
                };
                write!(f, "  l{j}[{}]{mark}", ids(&l.cards))?;
            }
            writeln!(f)?;
        }
        writeln!(f, "discard: {}", ids(&self.discard))?;
        writeln!(f, "stockpile: {} cards", self.stock)?;
        if !self.revealed.is_empty() {
            writeln!(f, "revealed: {}", ids(&self.revealed))?;
        }
        if let Some(v) = self.viewer {
            if self.sits_out {
                writeln!(f, "you (seat {v}) sit out the tie-break")?;
            }
            writeln!(f, "your hand (seat {v}): {}", ids(&self.hand))?;
            if !self.looking_at.is_empty() {
                writeln!(f, "you are looking at: {}", ids(&self.looking_at))?;
            }
        }
        if !self.options.is_empty() {
            writeln!(f, "options: {}", self.options.join(", "))?;
        }
        if self.over {
            match self.loser {
                Some(l) => writeln!(f, "game over: seat {l} loses")?,
                None => writeln!(f, "game over")?,
            }
        }
        Ok(())
    }
}
