//! What one viewer may know (spec §10), as plain data for clients and as text for a terminal.

use std::collections::BTreeMap;
use std::fmt;

use parlour_core::Seat;
use serde::Serialize;

use crate::State;
use crate::scoring::RoundEnd;
use crate::state::Phase;

mod preview;

pub use preview::PlayPreview;

/// One set on a table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SetView {
    /// `royal`, or the character's kind id.
    pub kind: String,
    /// Card ids.
    pub cards: Vec<String>,
    /// Total value.
    pub value: i32,
}

/// One seat as the viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Hand size (public).
    pub hand_count: u32,
    /// The whole hand, for the viewer's own seat only.
    pub hand: Option<Vec<String>>,
    /// The value of that hand (what it costs if the round ends now), for the viewer's own seat
    /// only.
    pub hand_value: Option<i32>,
    /// Cards publicly known to be in this hand: taken from the pile, Crown Jewels shown for a
    /// take, or the whole hand once the round is scored.
    pub known: Vec<String>,
    /// The seat's sets, by set number.
    pub sets: Vec<SetView>,
    /// Value of the sets.
    pub table_value: i32,
    /// Cumulative total.
    pub total: i32,
}

/// The latest round's scoring.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RoundView {
    /// Which round.
    pub round: u32,
    /// `went-out` or `stock-exhausted`.
    pub reason: RoundEnd,
    /// Set value per seat.
    pub table: Vec<i32>,
    /// Hand value per seat.
    pub hand: Vec<i32>,
    /// Round score per seat.
    pub score: Vec<i32>,
}

/// A redacted view of the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Whose view (`None` = a spectator).
    pub viewer: Option<Seat>,
    /// Number of seats.
    pub players: u8,
    /// Rounds begun.
    pub round: u32,
    /// Target score.
    pub target_score: i32,
    /// The current dealer (once chosen).
    pub dealer: Option<Seat>,
    /// The phase name.
    pub phase: &'static str,
    /// The seat to act, if a seat is.
    pub to_act: Option<Seat>,
    /// Cards in the stock.
    pub stock_count: usize,
    /// The pile, bottom first (only the top card with `pile_top_only_visible`).
    pub pile: Vec<String>,
    /// Cards in the pile.
    pub pile_count: usize,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// The latest scored round.
    pub last_round: Option<RoundView>,
    /// Winners, once the game is over.
    pub winners: Vec<Seat>,
    /// When the viewer is to act: what each of its legal takes, new sets, additions and
    /// discards does to its points, by the action's notation.
    pub previews: Option<BTreeMap<String, PlayPreview>>,
}

impl View {
    /// The view of `viewer`.
    #[must_use]
    pub fn new(state: &State, viewer: Option<Seat>) -> View {
        let deck = state.deck;
        let pile: Vec<String> = if state.settings.pile_top_only_visible {
            state
                .pile
                .last()
                .map(|&c| deck.card_id(c).to_owned())
                .into_iter()
                .collect()
        } else {
            state
                .pile
                .iter()
                .map(|&c| deck.card_id(c).to_owned())
                .collect()
        };
        let seats = Seat::all(state.players)
            .map(|s| {
                let hand = state.hands[s];
                let sets: Vec<SetView> = state.tables[s]
                    .iter()
                    .map(|t| SetView {
                        kind: t.kind.name(deck),
                        cards: deck.card_ids(t.cards),
                        value: deck.value_of(t.cards),
                    })
                    .collect();
                SeatView {
                    seat: s,
                    hand_count: hand.len(),
                    hand: (viewer == Some(s)).then(|| deck.card_ids(hand)),
                    hand_value: (viewer == Some(s)).then(|| deck.value_of(hand)),
                    known: deck.card_ids(state.public_hand(s)),
                    table_value: state.table_value(s),
                    sets,
                    total: state.totals[s],
                }
            })
            .collect();
        let acting = matches!(state.phase, Phase::PickUp | Phase::Play);
        View {
            viewer,
            players: state.players,
            round: state.round,
            target_score: state.settings.target_score,
            dealer: (state.phase != Phase::FirstDealer).then_some(state.dealer),
            phase: state.phase.name(),
            to_act: acting.then_some(state.current),
            stock_count: state.stock.len(),
            pile,
            pile_count: state.pile.len(),
            seats,
            last_round: state.last_round.map(|r| RoundView {
                round: r.round,
                reason: r.reason,
                table: r.table.seats(state.players).to_vec(),
                hand: r.hand.seats(state.players).to_vec(),
                score: r.score.seats(state.players).to_vec(),
            }),
            winners: if state.phase == Phase::GameOver {
                crate::scoring::leaders(state.totals()).iter().collect()
            } else {
                Vec::new()
            },
            previews: viewer
                .filter(|&s| acting && s == state.current)
                .map(|s| preview::previews(state, s)),
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Queen of Scots, round {}", self.round)?;
        if let Some(d) = self.dealer {
            write!(f, ", dealer seat {d}")?;
        }
        writeln!(f, ", target {}", self.target_score)?;
        match self.to_act {
            Some(s) => writeln!(f, "seat {s} to act ({})", self.phase)?,
            None => writeln!(f, "{}", self.phase)?,
        }
        writeln!(f, "stock: {} cards", self.stock_count)?;
        if self.pile.len() < self.pile_count {
            writeln!(
                f,
                "pile ({} cards), top: {}",
                self.pile_count,
                self.pile.join(" ")
            )?;
        } else {
            writeln!(
                f,
                "pile ({} cards, bottom first): {}",
                self.pile_count,
                self.pile.join(" ")
            )?;
        }
        for s in &self.seats {
            writeln!(
                f,
                "seat {}: total {}, table {}, {} cards in hand",
                s.seat, s.total, s.table_value, s.hand_count
            )?;
            if let Some(hand) = &s.hand {
                writeln!(f, "  hand: {}", hand.join(" "))?;
            } else if !s.known.is_empty() {
                writeln!(f, "  known in hand: {}", s.known.join(" "))?;
            }
            for (i, set) in s.sets.iter().enumerate() {
                writeln!(
                    f,
                    "  set {i} ({}, {}): {}",
                    set.kind,
                    set.value,
                    set.cards.join(" ")
                )?;
            }
        }
        if let Some(r) = &self.last_round {
            let scores: Vec<String> = r.score.iter().map(|x| format!("{x:+}")).collect();
            writeln!(f, "round {} scores: {}", r.round, scores.join(" "))?;
        }
        if !self.winners.is_empty() {
            let w: Vec<String> = self.winners.iter().map(ToString::to_string).collect();
            writeln!(f, "winner(s): seat {}", w.join(", seat "))?;
        }
        Ok(())
    }
}
