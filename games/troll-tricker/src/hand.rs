//! The life of a hand (spec §2.2, §8.3, §8.6): the table chance events between hands, the deal
//! with its lazy reshuffle, and the end of the hand with its zero-trick bonus.

use parlour_cards::CardSet;
use parlour_core::{BySeat, EventSink, IllegalAction, Seat};

use crate::Event;
use crate::chance::{Chance, Due};
use crate::state::{HAND_SIZE, HANDS, Phase, State};
use crate::trick::card_bit;

impl State {
    pub(crate) fn due(&self) -> Option<Due> {
        match self.phase {
            Phase::Setup => Some(Due::Opening),
            Phase::Table => Some(if self.rules.fey.reshuffle_player_signs {
                Due::NewSigns
            } else {
                Due::Layout
            }),
            Phase::Deal => {
                let need = (usize::from(HAND_SIZE) * usize::from(self.n))
                    .saturating_sub(usize::from(self.dealt));
                Some(if self.draw.is_empty() {
                    Due::Reshuffle(need.min(self.discard.len() as usize))
                } else {
                    Due::Deal(need.min(self.draw.len() as usize))
                })
            }
            Phase::Play | Phase::Over => None,
        }
    }

    pub(crate) fn start_hand(&mut self, events: &mut impl EventSink<Event>) {
        self.leader = if self.hand == 0 {
            self.first
        } else if self.rules.last_trick_winner_leads_next_hand {
            self.last_winner
        } else {
            self.first.offset(u32::from(self.hand), self.n)
        };
        if self.hand > 0
            && (self.rules.fey.reshuffle_player_signs || !self.rules.fey.traditional_mat)
        {
            self.phase = Phase::Table;
        } else {
            self.begin_deal(events);
        }
    }

    pub(crate) fn begin_deal(&mut self, events: &mut impl EventSink<Event>) {
        if self.rules.full_reshuffle_each_hand {
            self.draw = self.draw.or(self.discard);
            self.discard = CardSet::EMPTY;
        }
        self.dealt = 0;
        self.trick_no = 0;
        self.tricks_hand = BySeat::splat(0);
        self.voids = BySeat::splat(0);
        self.pre_reshuffle = CardSet::EMPTY;
        self.last_trick = None;
        self.phase = Phase::Deal;
        events.push(Event::HandStart {
            hand: self.hand,
            leader: self.leader,
        });
    }

    /// Where the cards of a deal go (card `i` to seat `leader + dealt + i`), and all of them.
    pub(crate) fn split_deal(&self, cards: &[u8]) -> ([u128; 7], u128) {
        let mut got = [0u128; 7];
        let mut seat = self.leader.offset(u32::from(self.dealt), self.n).index();
        let n = self.n as usize;
        for &c in cards {
            got[seat] |= card_bit(c);
            seat += 1;
            if seat == n {
                seat = 0;
            }
        }
        let all = got.iter().fold(0, |a, g| a | g);
        (got, all)
    }

    /// Deals `count` cards already split by [`State::split_deal`] from the draw pile.
    pub(crate) fn deal_cards(
        &mut self,
        got: &[u128; 7],
        all: u128,
        count: usize,
        events: &mut impl EventSink<Event>,
    ) {
        self.draw = CardSet(self.draw.0 & !all);
        for (s, g) in got
            .iter()
            .map(|g| CardSet(*g))
            .enumerate()
            .take(self.n as usize)
        {
            if !g.is_empty() {
                self.hands[s] = self.hands[s].or(g);
                events.push(Event::Dealt {
                    seat: Seat(s as u8),
                    cards: g,
                });
            }
        }
        self.dealt += count as u8;
        if self.dealt == HAND_SIZE * self.n {
            self.phase = Phase::Play;
            self.turn = self.leader;
            self.trick_len = 0;
            self.led_mask = u128::MAX;
            self.trick_set = CardSet::EMPTY;
            self.refresh_legal();
        }
    }

    pub(crate) fn end_hand(&mut self, events: &mut impl EventSink<Event>) {
        let bonus = crate::scoring::zero_trick_bonus(self.n);
        for s in 0..self.n as usize {
            if self.tricks_hand[s] == 0 {
                self.scores[s] += bonus;
                events.push(Event::ZeroTrickBonus {
                    seat: Seat(s as u8),
                    points: bonus,
                });
            }
        }
        self.hand += 1;
        if self.hand == HANDS {
            self.phase = Phase::Over;
            events.push(Event::GameOver);
        } else {
            self.start_hand(events);
        }
    }

    pub(crate) fn check_chance(&self, due: Due, chance: &Chance) -> Result<(), IllegalAction> {
        let bad = |r: String| IllegalAction::new("chance-outcome", r);
        match (due, chance) {
            (Due::Opening, Chance::Table(t)) => {
                self.table.check_opening(&self.rules.fey, t).map_err(bad)
            }
            (Due::NewSigns, Chance::Table(t)) => {
                self.table.check_next(&self.rules.fey, true, t).map_err(bad)
            }
            (Due::Layout, Chance::Layout(m)) => self.table.check_layout(m).map_err(bad),
            (Due::Deal(k), Chance::Deal(d)) => d.check(self.draw, k).map_err(bad),
            (Due::Reshuffle(k), Chance::Reshuffle(d)) => d.check(self.discard, k).map_err(bad),
            (due, _) => Err(IllegalAction::new(
                "chance-kind",
                format!("{} is due, not this outcome", due_name(due)),
            )),
        }
    }
}

fn due_name(due: Due) -> &'static str {
    match due {
        Due::Opening => "the opening table setup",
        Due::NewSigns => "new player signs",
        Due::Layout => "a new mat layout",
        Due::Deal(_) => "a deal from the draw pile",
        Due::Reshuffle(_) => "a reshuffle of the discard pile",
    }
}
