use std::fmt;

use parlour_cards::CardSet;
use parlour_core::{Game, Seat};
use parlour_fey::{Card, Mat, Relation, Sign, SignPoints};
use serde::Serialize;

use crate::State;
use crate::state::Phase;

/// A card played to a trick, and by whom.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct PlayedCard {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
}

/// A finished trick.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TrickView {
    /// The cards from the leader on.
    pub cards: Vec<PlayedCard>,
    /// The winner.
    pub winner: Seat,
    /// Points the winner scored.
    pub points: i32,
}

/// What one viewer may know of a Troll Tricker game (spec §2.7): the mat, signs, all played
/// cards, scores, sizes, and only the viewer's own hand.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Whose view (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Number of seats.
    pub players: u8,
    /// `setup`, `between-hands`, `deal`, `play` or `over`.
    pub phase: &'static str,
    /// Current hand, 1-based (0 before the first deal).
    pub hand: u8,
    /// Tricks completed in this hand.
    pub tricks_played: u8,
    /// The mat, once set up.
    pub mat: Option<Mat>,
    /// Each seat's sign.
    pub signs: Vec<Sign>,
    /// For a seated viewer once the mat is laid out: how each sign stands to the viewer's sign
    /// and what winning a trick led in it scores for the viewer (a fey lead or a fey win scores
    /// otherwise, spec §2.5).
    pub sign_points: Option<Vec<SignPoints>>,
    /// The first player.
    pub first_player: Option<Seat>,
    /// Who leads the current trick.
    pub leader: Option<Seat>,
    /// Whose turn it is.
    pub to_act: Option<Seat>,
    /// The viewer's hand, sorted.
    pub own_hand: Option<Vec<Card>>,
    /// The viewer's legal plays, when it is the viewer's turn.
    pub legal: Vec<Card>,
    /// Cards in each hand.
    pub hand_sizes: Vec<u8>,
    /// The trick in progress.
    pub current_trick: Vec<PlayedCard>,
    /// The previous trick of this hand.
    pub last_trick: Option<TrickView>,
    /// The face-up discard pile (every card played since the last reshuffle).
    pub discard_pile: Vec<Card>,
    /// Cards in the face-down draw pile.
    pub draw_pile: u8,
    /// Running scores.
    pub scores: Vec<i32>,
    /// Tricks won this hand.
    pub tricks_this_hand: Vec<u8>,
    /// Tricks won over the game.
    pub tricks_total: Vec<u16>,
    /// The winners, once the game is over.
    pub winners: Vec<Seat>,
}

fn cards(set: CardSet) -> Vec<Card> {
    set.iter().filter_map(Card::from_id).collect()
}

impl View {
    pub(crate) fn of(s: &State, viewer: Option<Seat>) -> View {
        let set_up = s.phase != Phase::Setup;
        let played = |leader: Seat, ids: &[u8]| -> Vec<PlayedCard> {
            ids.iter()
                .enumerate()
                .filter_map(|(i, &c)| {
                    Some(PlayedCard {
                        seat: leader.offset(i as u32, s.n),
                        card: Card::from_id(c)?,
                    })
                })
                .collect()
        };
        let to_act = (s.phase == Phase::Play).then(|| s.current());
        View {
            viewer,
            players: s.n,
            phase: match s.phase {
                Phase::Setup => "setup",
                Phase::Table => "between-hands",
                Phase::Deal => "deal",
                Phase::Play => "play",
                Phase::Over => "over",
            },
            hand: s.round() as u8,
            tricks_played: s.trick_no,
            mat: s.mat(),
            signs: s.signs(),
            sign_points: viewer
                .filter(|v| v.0 < s.n)
                .zip(s.mat())
                .map(|(v, mat)| SignPoints::all(&mat, s.table.sign(v), Relation::base_points)),
            first_player: set_up.then_some(s.first),
            leader: matches!(s.phase, Phase::Deal | Phase::Play).then_some(s.leader),
            to_act,
            own_hand: viewer.filter(|v| v.0 < s.n).map(|v| cards(s.hands[v])),
            legal: viewer.map_or_else(Vec::new, |v| cards(CardSet(s.legal_mask(v)))),
            hand_sizes: s.hands.seats(s.n).iter().map(|h| h.len() as u8).collect(),
            current_trick: played(s.leader, &s.trick[..s.trick_len as usize]),
            last_trick: s.last_trick.map(|t| TrickView {
                cards: played(t.leader, &t.cards[..t.len as usize]),
                winner: t.winner,
                points: t.points,
            }),
            discard_pile: cards(s.discard),
            draw_pile: s.draw.len() as u8,
            scores: s.scores(),
            tricks_this_hand: s.tricks_this_hand(),
            tricks_total: s.tricks_total(),
            winners: s
                .outcome()
                .map_or_else(Vec::new, |o| o.winners.iter().collect()),
        }
    }
}

fn list(cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|c| c.text()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Troll Tricker, {} players, hand {}/3, trick {} ({})",
            self.players,
            self.hand,
            self.tricks_played + 1,
            self.phase
        )?;
        if let Some(m) = &self.mat {
            writeln!(f, "mat {m}")?;
        }
        for (i, sign) in self.signs.iter().enumerate() {
            let seat = Seat(i as u8);
            let mark = if self.to_act == Some(seat) { '>' } else { ' ' };
            writeln!(
                f,
                "{mark} seat {i} {sign:<6} score {:>4}  tricks {:>2} (game {:>2})  cards {:>2}",
                self.scores[i], self.tricks_this_hand[i], self.tricks_total[i], self.hand_sizes[i]
            )?;
        }
        if let Some(t) = &self.last_trick {
            let c: Vec<Card> = t.cards.iter().map(|p| p.card).collect();
            writeln!(
                f,
                "last trick: {} -> seat {} +{}",
                list(&c),
                t.winner,
                t.points
            )?;
        }
        let c: Vec<Card> = self.current_trick.iter().map(|p| p.card).collect();
        writeln!(f, "trick: {}", list(&c))?;
        writeln!(
            f,
            "draw pile {} cards, discard pile {} cards",
            self.draw_pile,
            self.discard_pile.len()
        )?;
        if let Some(h) = &self.own_hand {
            writeln!(f, "your hand: {}", list(h))?;
        }
        if !self.legal.is_empty() {
            writeln!(f, "legal: {}", list(&self.legal))?;
        }
        if !self.winners.is_empty() {
            let w: Vec<String> = self.winners.iter().map(ToString::to_string).collect();
            writeln!(f, "winners: seat {}", w.join(", seat "))?;
        }
        Ok(())
    }
}
