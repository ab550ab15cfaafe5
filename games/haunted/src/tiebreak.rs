//! The tie-break short game (spec §6, variant `tiebreak_short_game`, Ex 18): when the game ends
//! with several players tied for the lowest score, only they play a short game with a fresh
//! setup; the first to complete one line loses, the others are ranked by score, and a tie left
//! for the lowest score is played off again. It continues inside the same [`State`]: the seats
//! that sit out never act, and the main game's scores stay the record.

use parlour_cards::CardSet;
use parlour_core::{BySeat, EventSink, Seat, SeatSet};

use crate::cards::Card;
use crate::event::Event;
use crate::state::{Line, Phase, State};

/// The main game's result, kept while tie-break short games decide the winner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct TieBreak {
    /// The main game's final score per seat.
    pub main_scores: BySeat<i32>,
    /// The main game's loser (None: the round limit ended it).
    pub main_loser: Option<Seat>,
    /// Tie-break games begun so far (1 in the first).
    pub games: u8,
    /// The current tie-break's setup has gathered the ended game's cards.
    pub gathered: bool,
}

impl State {
    /// The seats taking part in the game being played: every seat in the main game, the tied
    /// seats in a tie-break short game.
    #[must_use]
    pub fn seated(&self) -> SeatSet {
        self.seated
    }

    /// How many tie-break short games have begun (0 while the main game is played or when it
    /// ended without a tie-break).
    #[must_use]
    pub fn tiebreak_games(&self) -> u8 {
        self.tiebreak.map_or(0, |t| t.games)
    }

    /// The loser of the tie-break short game being played or just finished, if any.
    #[must_use]
    pub fn tiebreak_loser(&self) -> Option<Seat> {
        self.tiebreak.and(self.loser)
    }

    /// Every seat's score on the table now: the main game's lines, or in a tie-break the
    /// short game's lines (seats that sit out score 0). [`parlour_core::Game::scores`] gives
    /// the main game's scores instead.
    #[must_use]
    pub fn table_scores(&self) -> Vec<i32> {
        crate::scoring::scores(self)
    }

    pub(crate) fn seated_count(&self) -> u32 {
        self.seated.len().max(1) as u32
    }

    /// The tie the game that just ended leaves for the lowest score, when
    /// `tiebreak_short_game` plays it off. A tie-break stopped by the round limit is not played
    /// off again: its players share the win.
    pub(crate) fn tie_to_break(&self) -> Option<SeatSet> {
        if !self.rules.tiebreak_short_game || (self.tiebreak.is_some() && self.loser.is_none()) {
            return None;
        }
        let tied = crate::scoring::lowest(self);
        (tied.len() >= 2).then_some(tied)
    }

    /// The game that just ended leaves `tied` to play a short game (§6). The ended game's
    /// table stays as it is, in view, until the tie-break's first-player draw (the next chance
    /// event) gathers every card for the fresh setup ([`State::gather_for_tiebreak`]).
    pub(crate) fn begin_tiebreak(&mut self, tied: SeatSet, ev: &mut impl EventSink<Event>) {
        if self.tiebreak.is_none() {
            let mut main_scores = BySeat::splat(0);
            for seat in Seat::all(self.n) {
                main_scores[seat] = crate::scoring::score(self, seat);
            }
            self.tiebreak = Some(TieBreak {
                main_scores,
                main_loser: self.loser,
                games: 0,
                gathered: false,
            });
        }
        let ended_loser = self.loser;
        let game = self.tiebreak.as_mut().map_or(1, |t| {
            t.games = t.games.saturating_add(1);
            t.gathered = false;
            t.games
        });
        self.rounds_before += self.slots_done / self.seated_count();
        self.seated = tied;
        self.active = tied.first().unwrap_or(Seat(0));
        self.phase = Phase::FirstDraw;
        self.slots_done = 0;
        self.stack.clear();
        self.loser = None;
        ev.push(Event::TieBreak {
            loser: ended_loser,
            seats: tied,
            game,
        });
    }

    /// Whether the ended game's cards still lie on the table, to be gathered by the
    /// tie-break's first-player draw.
    pub(crate) fn awaiting_gather(&self) -> bool {
        self.tiebreak.is_some_and(|t| !t.gathered)
    }

    /// A fresh setup (§3): every card goes back into the face-down stockpile, and every hand,
    /// line, counter and private knowledge of the ended game is cleared.
    pub(crate) fn gather_for_tiebreak(&mut self) {
        if let Some(t) = &mut self.tiebreak {
            t.gathered = true;
        }
        self.hands = BySeat::splat(CardSet::EMPTY);
        self.lines = BySeat::splat([Line::default(); 3]);
        self.stock = self.in_play.iter().map(Card).collect();
        self.discard.clear();
        self.resolving = CardSet::EMPTY;
        self.revealed.clear();
        self.tie_cards = BySeat::splat(None);
        self.look = CardSet::EMPTY;
        self.look_owner = Seat(0);
        self.taken = None;
        self.known = BySeat::splat(CardSet::EMPTY);
        self.skips = BySeat::splat(0);
        self.lodged = None;
        self.redraw_turn = false;
        self.used_count = 0;
    }
}
