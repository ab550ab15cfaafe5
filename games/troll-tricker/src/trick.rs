//! Trick play (spec §2.3, §2.4): the cached legal mask, why a card may not be played, playing a
//! card and resolving the trick.

use parlour_cards::CardSet;
use parlour_core::{EventSink, IllegalAction, Seat};
use parlour_fey::{Card, Sign};

use crate::scoring::SIGN_MASK;
use crate::state::{HAND_SIZE, LastTrick, Phase, State};
use crate::{Action, Event};

/// `Action::Play` of each card id, for building legal lists without a check per card (ids from 88
/// on never occur in a hand; their entries are placeholders).
pub(crate) const PLAY: [Action; 128] = {
    let mut t = [Action::Play(Card::new(Sign::Flame, 1)); 128];
    let mut id = 0;
    while id < 128 {
        if let Some(c) = Card::from_id(id as u8) {
            t[id] = Action::Play(c);
        }
        id += 1;
    }
    t
};

/// The bit of card `id` in a `u128` mask, by a 64-bit shift (a `u128` shift by a variable
/// amount costs several instructions).
#[inline]
pub(crate) const fn card_bit(id: u8) -> u128 {
    let low = 1u64 << (id & 63);
    if id < 64 {
        low as u128
    } else {
        (low as u128) << 64
    }
}

impl State {
    /// The legal cards of `seat` as a bit mask over card ids (spec §2.3); 0 if not to act.
    #[inline]
    #[must_use]
    pub fn legal_mask(&self, seat: Seat) -> u128 {
        if seat == self.turn { self.legal } else { 0 }
    }

    /// Recomputes the cached legal mask of the seat to play (spec §2.3).
    #[inline]
    pub(crate) fn refresh_legal(&mut self) {
        self.legal = if self.phase == Phase::Play {
            self.rule_mask(self.hands[self.turn.index()].0)
        } else {
            0
        };
    }

    /// The cards of `hand` the seat to play may play now.
    #[inline]
    pub(crate) fn rule_mask(&self, hand: u128) -> u128 {
        // Holding the led sign: follow it or play fey (always allowed); after a fey lead both
        // masks are the fey sign (D-TT-5). Void: anything. Leading: `led_mask` is every card.
        if hand & self.led_mask != 0 {
            hand & (self.led_mask | self.fey_mask)
        } else {
            hand
        }
    }

    /// Why `seat` may not play `card` now (called only when the legal mask excludes it).
    #[cold]
    #[inline(never)]
    pub(crate) fn apply_error(&self, seat: Seat, card: Card) -> IllegalAction {
        match self.phase {
            Phase::Play => self.play_error(seat, card),
            Phase::Over => IllegalAction::new("game-over", "the game is over"),
            _ => IllegalAction::wrong_node("a chance event"),
        }
    }

    /// Why `seat` may not play `card` during trick play.
    fn play_error(&self, seat: Seat, card: Card) -> IllegalAction {
        if seat != self.current() {
            return IllegalAction::not_your_turn(seat);
        }
        if !self.hands[seat].contains(card.id()) {
            return IllegalAction::new(
                "card-in-hand",
                format!("{card} is not in seat {seat}'s hand"),
            );
        }
        let led = Sign::from_index(self.led);
        if led == self.table.fey() {
            IllegalAction::new(
                "must-follow-fey-lead",
                format!(
                    "a fey ({}) card was led and seat {seat} holds one",
                    led.id()
                ),
            )
        } else {
            IllegalAction::new(
                "must-follow-led-sign",
                format!(
                    "seat {seat} holds {} and must follow it (or play fey)",
                    led.id()
                ),
            )
        }
    }

    /// Plays `card` (whose bit is `bit`) for `seat`, already checked legal.
    #[inline]
    pub(crate) fn play(
        &mut self,
        seat: Seat,
        card: Card,
        bit: u128,
        events: &mut impl EventSink<Event>,
    ) {
        let s = seat.index();
        let id = card.id();
        self.hands[s].0 &= !bit;
        self.trick[self.trick_len as usize] = id;
        self.plays
            [usize::from(self.trick_no) * usize::from(self.n) + usize::from(self.trick_len)] = id;
        self.trick_set.0 |= bit;
        if self.trick_len == 0 {
            self.trick_leaders[usize::from(self.trick_no)] = seat;
            let sign = id / 11;
            self.led = sign;
            self.led_mask = SIGN_MASK[sign as usize];
        } else if (self.led_mask | self.fey_mask) & bit == 0 {
            // Neither followed nor played fey: void in the led sign (public inference).
            self.voids[s] |= 1 << self.led;
        }
        self.trick_len += 1;
        self.turn = self.seat_after(seat, 1);
        events.push(Event::Played { seat, card });
        if self.trick_len == self.n {
            self.resolve_trick(events);
        }
        self.refresh_legal();
    }

    // Out of line: once per trick, and keeping it out keeps the per-card path small.
    #[inline(never)]
    fn resolve_trick(&mut self, events: &mut impl EventSink<Event>) {
        let led = Sign::from_index(self.led);
        let fey = self.table.fey();
        let win = crate::scoring::trick_winner(self.trick_set, led, fey);
        let pos = self.trick[..self.n as usize]
            .iter()
            .position(|&c| c == win.id())
            .expect("the winning card is in the trick");
        let w = self.seat_after(self.leader, pos as u8);
        let (points, reason) = crate::scoring::trick_points(
            self.table.mat(),
            self.n,
            self.table.sign(w),
            led,
            win.sign(),
            self.rules.fey_trump_points_by_player_count,
        );
        self.scores[w] += points;
        self.tricks_hand[w] += 1;
        self.tricks_total[w] += 1;
        self.discard = self.discard.or(self.trick_set);
        self.last_trick = Some(LastTrick {
            leader: self.leader,
            cards: self.trick,
            len: self.n,
            winner: w,
            points,
        });
        self.trick_set = CardSet::EMPTY;
        self.trick_len = 0;
        self.led_mask = u128::MAX;
        self.trick_no += 1;
        self.leader = w;
        self.turn = w;
        self.last_winner = w;
        events.push(Event::TrickWon {
            seat: w,
            card: win,
            points,
            reason,
        });
        if self.trick_no == HAND_SIZE {
            self.end_hand(events);
        }
    }
}

#[cfg(test)]
#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::OPTIONS;
    use parlour_core::{Game, Options};

    /// A 4-player state in trick play on MAT-A (fey Bone), P1 to act after P0 led `led`.
    fn after_lead(led: &str, p1: &[&str]) -> State {
        let o = Options::parse_list(OPTIONS, "traditional_mat").unwrap();
        let mut s = State::new(4, &o).unwrap();
        s.phase = Phase::Play;
        let led = Card::parse(led).unwrap();
        s.leader = Seat(0);
        s.turn = Seat(1);
        s.trick[0] = led.id();
        s.trick_len = 1;
        s.trick_set = CardSet::single(led.id());
        s.led = led.sign().index();
        s.led_mask = SIGN_MASK[s.led as usize];
        s.hands[1] = p1.iter().map(|t| Card::parse(t).unwrap().id()).collect();
        s.refresh_legal();
        s
    }

    fn legal(s: &State) -> Vec<String> {
        let mut out = Vec::new();
        s.legal_actions(Seat(1), &mut out);
        out.iter().map(|a| a.card().text()).collect()
    }

    #[test]
    fn must_follow_led_sign_when_able_or_play_fey() {
        let s = after_lead("wave-6", &["wave-3", "wave-10", "bone-5", "tree-1"]);
        assert_eq!(legal(&s), vec!["wave-3", "wave-10", "bone-5"]);
        assert!(!s.is_legal(Seat(1), Action::Play(Card::parse("tree-1").unwrap())));
        let mut t = s.clone();
        let e = t
            .apply(
                Seat(1),
                Action::Play(Card::parse("tree-1").unwrap()),
                &mut (),
            )
            .unwrap_err();
        assert_eq!(e.rule, "must-follow-led-sign");
    }

    #[test]
    fn void_player_may_play_anything() {
        let s = after_lead("flame-2", &["wave-3", "bone-5", "tree-1"]);
        assert_eq!(legal(&s).len(), 3);
    }

    #[test]
    fn fey_lead_must_be_followed_with_fey_when_able() {
        let s = after_lead("bone-8", &["wave-3", "bone-5", "tree-1"]);
        assert_eq!(legal(&s), vec!["bone-5"]);
        let s = after_lead("bone-8", &["tree-1", "stone-9"]);
        assert_eq!(legal(&s), vec!["stone-9", "tree-1"]);
    }

    #[test]
    fn failing_to_follow_marks_a_public_void() {
        let mut s = after_lead("flame-2", &["wave-3", "bone-5", "tree-1"]);
        s.apply(
            Seat(1),
            Action::Play(Card::parse("tree-1").unwrap()),
            &mut (),
        )
        .unwrap();
        assert_eq!(s.voids[1], 1 << Sign::Flame.index());
        let mut s = after_lead("flame-2", &["wave-3", "bone-5", "flame-1"]);
        s.apply(
            Seat(1),
            Action::Play(Card::parse("bone-5").unwrap()),
            &mut (),
        )
        .unwrap();
        assert_eq!(s.voids[1], 0, "playing fey reveals nothing");
    }

    #[test]
    fn play_table_holds_every_card() {
        for id in 0..Card::COUNT {
            assert_eq!(PLAY[id as usize].card().id(), id);
        }
    }
}
