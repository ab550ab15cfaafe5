//! The full (omniscient) Troll Tricker state: its fields and accessors. Trick play is in
//! `trick.rs`, the life of a hand in `hand.rs`, the [`Game`] impl in `game.rs` and the
//! invariants in `invariants.rs`.

use parlour_cards::CardSet;
use parlour_core::{BySeat, Seat};
use parlour_fey::{FeyTable, Mat, Sign};

use crate::rules::Rules;
#[cfg(doc)]
use parlour_core::Game;

/// Cards dealt to each player per hand, and tricks per hand (spec §2.2).
pub const HAND_SIZE: u8 = 11;
/// Hands per game (spec §2.2).
pub const HANDS: u8 = 3;

/// Where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// Before the opening table setup (chance).
    Setup,
    /// Between hands: a new layout or new signs is due (chance).
    Table,
    /// Dealing the hand (chance: deals and reshuffles).
    Deal,
    /// Playing tricks.
    Play,
    /// The game is over.
    Over,
}

/// The last completed trick, kept for views.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LastTrick {
    pub leader: Seat,
    pub cards: [u8; 7],
    pub len: u8,
    pub winner: Seat,
    pub points: i32,
}

/// A full (omniscient) Troll Tricker state. See the crate docs for the rules.
#[derive(Clone, PartialEq, Debug)]
pub struct State {
    pub(crate) n: u8,
    pub(crate) rules: Rules,
    pub(crate) phase: Phase,
    /// The mat of the current hand and the signs (placeholders before setup).
    pub(crate) table: FeyTable,
    pub(crate) first: Seat,
    /// Current hand, 0-based; `HANDS` once over.
    pub(crate) hand: u8,
    pub(crate) hands: BySeat<CardSet>,
    pub(crate) draw: CardSet,
    pub(crate) discard: CardSet,
    /// Cards dealt so far this hand.
    pub(crate) dealt: u8,
    /// Leader of the current trick (during the deal: the hand's first leader).
    pub(crate) leader: Seat,
    /// The seat to play next in the current trick (kept to avoid a division per move).
    pub(crate) turn: Seat,
    pub(crate) last_winner: Seat,
    pub(crate) trick_no: u8,
    /// Cards of the current trick in play order, from the leader.
    pub(crate) trick: [u8; 7],
    pub(crate) trick_len: u8,
    pub(crate) trick_set: CardSet,
    /// Sign index of the led card.
    pub(crate) led: u8,
    /// Cards of the led sign, or every card while the trick is empty (cached for the legal mask).
    pub(crate) led_mask: u128,
    /// Cards of the fey sign of the current mat (cached for the legal mask).
    pub(crate) fey_mask: u128,
    /// The legal cards of the seat to play, cached after every change (0 outside trick play):
    /// listing and checking a move then cost one load instead of the rule twice.
    pub(crate) legal: u128,
    pub(crate) scores: BySeat<i32>,
    pub(crate) tricks_hand: BySeat<u8>,
    pub(crate) tricks_total: BySeat<u16>,
    /// Signs each seat has shown to be void in this hand (bit per sign index), public knowledge.
    pub(crate) voids: BySeat<u8>,
    /// Cards dealt this hand from the draw pile before it ran out and the discard pile was
    /// reshuffled (empty when no reshuffle happened this hand). Public as a set (the draw pile at
    /// the start of the hand is every card not in the discard pile), and they can only be in
    /// hands, never in the new draw pile: a determinization must honour that.
    pub(crate) pre_reshuffle: CardSet,
    pub(crate) last_trick: Option<LastTrick>,
    /// Cards played this hand in play order, trick by trick (`trick_no * n + position`): public,
    /// read back when weighing a determinization by how the others played.
    pub(crate) plays: [u8; PLAYS],
    /// The leader of each trick of this hand.
    pub(crate) trick_leaders: [Seat; HAND_SIZE as usize],
}

/// Room for every card played in one hand at the largest table.
pub(crate) const PLAYS: usize = HAND_SIZE as usize * 7;

impl State {
    /// The seat whose turn it is during trick play.
    #[inline]
    pub(crate) fn current(&self) -> Seat {
        self.turn
    }

    /// `seat + k` around the table, for `k < n`, without a division.
    #[inline]
    pub(crate) fn seat_after(&self, seat: Seat, k: u8) -> Seat {
        let s = seat.0 + k;
        Seat(if s >= self.n { s - self.n } else { s })
    }

    /// The mat and each seat's sign.
    #[must_use]
    pub fn table(&self) -> &FeyTable {
        &self.table
    }

    /// The fey sign (valid after setup).
    #[must_use]
    pub fn fey(&self) -> Sign {
        self.table.fey()
    }

    /// The mat of the current hand, once set up.
    #[must_use]
    pub fn mat(&self) -> Option<Mat> {
        self.table.view_mat()
    }

    /// Each seat's sign, once set up.
    #[must_use]
    pub fn signs(&self) -> Vec<Sign> {
        self.table.view_signs()
    }

    /// A seat's hand (omniscient).
    #[must_use]
    pub fn hand_of(&self, seat: Seat) -> CardSet {
        self.hands[seat.index() % 7]
    }

    /// The draw pile (omniscient; its order is not fixed until a deal).
    #[must_use]
    pub fn draw_pile(&self) -> CardSet {
        self.draw
    }

    /// The discard pile (public).
    #[must_use]
    pub fn discard_pile(&self) -> CardSet {
        self.discard
    }

    /// Hands begun so far is [`Game::round`]; this is the current hand, 0-based.
    #[must_use]
    pub fn hand_number(&self) -> u8 {
        self.hand
    }

    /// Tricks won per seat this hand.
    #[must_use]
    pub fn tricks_this_hand(&self) -> Vec<u8> {
        self.tricks_hand.seats(self.n).to_vec()
    }

    /// Tricks won per seat over the game.
    #[must_use]
    pub fn tricks_total(&self) -> Vec<u16> {
        self.tricks_total.seats(self.n).to_vec()
    }

    /// The first player (after setup).
    #[must_use]
    pub fn first_player(&self) -> Seat {
        self.first
    }
}
