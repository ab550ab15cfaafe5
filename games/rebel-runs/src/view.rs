//! What one seat (or a spectator) may know (spec §3.5).

use std::fmt;

use parlour_core::Seat;
use parlour_fey::{Card, Mat, Relation, Sign};
use serde::Serialize;

use crate::meld::MeldKind;
use crate::phase::{HandEnd, Phase};
use crate::scoring::{card_points, meld_score};
use crate::state::State;

mod preview;

pub use preview::MeldPreview;

/// A redacted view of the game: own hand, hand sizes, the whole discard pile, every meld, the
/// mat, signs and scores; never the stock order or another hand's unknown cards.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Whose view this is (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Number of seats.
    pub players: u8,
    /// The hand being played or set up next, from 0 (equals `players` at the end).
    pub hand: u8,
    /// Where the hand is.
    pub phase: Phase,
    /// The seat to act, at a player node.
    pub to_act: Option<Seat>,
    /// The mat, once laid out.
    pub mat: Option<Mat>,
    /// Each seat's sign, once dealt.
    pub signs: Vec<Sign>,
    /// The game's first player, once chosen.
    pub first_player: Option<Seat>,
    /// The viewer's own hand, by card id (`None` for a spectator).
    pub your_hand: Option<Vec<Card>>,
    /// Cards in each hand.
    pub hand_sizes: Vec<u8>,
    /// Cards each seat is known to hold because it took them from the discard pile.
    pub known_cards: Vec<Vec<Card>>,
    /// The discard pile, bottom first (it is spread: every card shows).
    pub discard_pile: Vec<Card>,
    /// Cards in the stock.
    pub stock_size: u8,
    /// The card the player to act took from the discard pile this turn, if any (it may not be
    /// discarded again this turn).
    pub taken_from_discard: Option<Card>,
    /// Every meld on the table, by number.
    pub melds: Vec<MeldView>,
    /// Turns finished in this hand.
    pub turns_taken: u32,
    /// Turns after which the hand ends (`hand_turn_limit × players`).
    pub turn_limit: u32,
    /// Whether the stock was rebuilt from the discards this hand.
    pub reshuffled: bool,
    /// Each seat's points for its cards on the table this hand.
    pub table_points: Vec<i32>,
    /// Totals of the finished hands.
    pub totals: Vec<i32>,
    /// The last finished hand.
    pub last_hand: Option<LastHand>,
    /// For a seated viewer once the mat is laid out: how each sign stands to the viewer's sign
    /// and what a card of it scores for the viewer outside a bonus run.
    pub sign_points: Option<Vec<SignPoints>>,
    /// While the viewer is in its meld step: the points of its legal melds and lay-offs, and
    /// why a selection of its hand is no meld.
    pub meld_preview: Option<MeldPreview>,
}

/// How cards of one sign stand to the viewer's sign (spec §1.4, §3.4).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SignPoints {
    /// The cards' sign.
    pub sign: Sign,
    /// Its relation to the viewer's sign.
    pub relation: Relation,
    /// A card's points for the viewer outside a bonus run.
    pub points: i32,
}

/// One meld on the table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MeldView {
    /// Its number (lay-offs name it).
    pub id: u8,
    /// The seat whose table area holds it.
    pub owner: Seat,
    /// Its declaration.
    pub kind: MeldKind,
    /// Lowest number represented.
    pub low: u8,
    /// Highest number represented.
    pub high: u8,
    /// Its cards, by id.
    pub cards: Vec<Card>,
    /// Cards laid off by other seats (`lay_off_on_any_meld`), with who laid them.
    pub laid_off_by_others: Vec<(Card, Seat)>,
    /// Its points for its owner, every card counted, under the table's options.
    pub points: i32,
}

/// The result of the last finished hand.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LastHand {
    /// Hand number, from 0.
    pub hand: u8,
    /// Why it ended.
    pub reason: HandEnd,
    /// Each seat's points for it.
    pub scores: Vec<i32>,
}

fn cards_of(set: parlour_cards::CardSet) -> Vec<Card> {
    set.iter()
        .map(|id| Card::from_id(id).expect("a deck card"))
        .collect()
}

impl View {
    /// The view of `viewer`.
    #[must_use]
    pub fn of(state: &State, viewer: Option<Seat>) -> View {
        let in_play = state.in_hand_play();
        let melds = state
            .melds()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let (low, high) = m.span();
                let others = m.cards.minus(state.contributed[m.owner]);
                MeldView {
                    id: i as u8,
                    owner: m.owner,
                    kind: m.kind,
                    low,
                    high,
                    cards: cards_of(m.cards),
                    laid_off_by_others: others
                        .iter()
                        .map(|id| {
                            let by = Seat::all(state.players)
                                .find(|&s| state.contributed[s].contains(id))
                                .unwrap_or(m.owner);
                            (Card::from_id(id).expect("a deck card"), by)
                        })
                        .collect(),
                    points: meld_score(
                        m.cards,
                        m.kind,
                        state.table.sign(m.owner),
                        state.table.mat(),
                        state.rules.scoring,
                    ),
                }
            })
            .collect();
        let table = state.table_points();
        let sign_points = viewer
            .filter(|&s| s.0 < state.players && state.table.is_set())
            .map(|s| {
                let (mat, mine) = (state.table.mat(), state.table.sign(s));
                Sign::ALL
                    .iter()
                    .map(|&sign| SignPoints {
                        sign,
                        relation: mat.relation(mine, sign),
                        points: card_points(mat, mine, Card::new(sign, 1).id()),
                    })
                    .collect()
            });
        let meld_preview = viewer
            .filter(|&s| state.phase == Phase::Meld && s == state.current)
            .map(|s| {
                let mut legal = Vec::new();
                state.generate(&mut legal);
                MeldPreview::of(state, s, &legal)
            });
        View {
            viewer,
            players: state.players,
            hand: state.hand_no,
            phase: state.phase,
            to_act: matches!(state.phase, Phase::Draw | Phase::Discard | Phase::Meld)
                .then_some(state.current),
            mat: state.table.view_mat(),
            signs: state.table.view_signs(),
            first_player: state.table.is_set().then_some(state.first_player),
            your_hand: viewer.map(|s| cards_of(state.hands[s])),
            hand_sizes: Seat::all(state.players)
                .map(|s| state.hands[s].len() as u8)
                .collect(),
            known_cards: Seat::all(state.players)
                .map(|s| cards_of(state.known[s]))
                .collect(),
            discard_pile: state
                .discard_pile()
                .iter()
                .map(|&id| Card::from_id(id).expect("a deck card"))
                .collect(),
            stock_size: state.stock().len() as u8,
            taken_from_discard: if in_play {
                state.taken.and_then(Card::from_id)
            } else {
                None
            },
            melds,
            turns_taken: state.turns,
            turn_limit: state.rules.hand_turn_limit * u32::from(state.players),
            reshuffled: state.reshuffled,
            table_points: table.seats(state.players).to_vec(),
            totals: state.totals().to_vec(),
            last_hand: state.last_hand.as_ref().map(|h| LastHand {
                hand: h.hand,
                reason: h.reason,
                scores: h.scores.seats(state.players).to_vec(),
            }),
            sign_points,
            meld_preview,
        }
    }
}

fn list(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "-".into();
    }
    cards.iter().map(|c| c.text()).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Rebel Runs, hand {} of {} ({})",
            (self.hand + 1).min(self.players),
            self.players,
            self.phase.word()
        )?;
        if let Some(mat) = &self.mat {
            writeln!(f, "mat {mat}")?;
        }
        for seat in 0..self.players as usize {
            let sign = self.signs.get(seat).map_or("?", |s| s.name());
            let mark = if self.to_act == Some(Seat(seat as u8)) {
                ">"
            } else {
                " "
            };
            write!(
                f,
                "{mark} seat {seat} ({sign}): {} cards, total {}, this hand {}",
                self.hand_sizes[seat], self.totals[seat], self.table_points[seat]
            )?;
            if !self.known_cards[seat].is_empty() {
                write!(f, ", holds {}", list(&self.known_cards[seat]))?;
            }
            writeln!(f)?;
        }
        for m in &self.melds {
            writeln!(
                f,
                "  meld {} (seat {}, {}): {}",
                m.id,
                m.owner,
                match m.kind {
                    MeldKind::Set { value } => format!("set of {value}"),
                    MeldKind::Run { .. } => format!("run {}-{}", m.low, m.high),
                },
                list(&m.cards)
            )?;
        }
        writeln!(
            f,
            "stock {} cards; discards (top last): {}",
            self.stock_size,
            list(&self.discard_pile)
        )?;
        writeln!(f, "turn {} of {}", self.turns_taken, self.turn_limit)?;
        if let Some(hand) = &self.your_hand {
            writeln!(f, "your hand: {}", list(hand))?;
        }
        if let Some(c) = self.taken_from_discard {
            writeln!(f, "taken from the discards this turn: {c}")?;
        }
        if let Some(last) = &self.last_hand {
            writeln!(
                f,
                "hand {} ended: {}; points {:?}",
                last.hand, last.reason, last.scores
            )?;
        }
        Ok(())
    }
}
