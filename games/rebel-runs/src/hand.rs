//! The life of a hand (spec §3.1, §3.3): table setup, deal, turn start with the stock
//! reshuffle (D-RR-10), the turn limit (§8.1), and the end of the hand with its scoring.

use parlour_cards::CardSet;
use parlour_core::{BySeat, EventSink, Seat};
use parlour_fey::{Card, TableSetup};

use crate::event::Event;
use crate::phase::{HandEnd, Phase};
use crate::state::{HAND_SIZE, HandSummary, State};

fn card(id: u8) -> Card {
    Card::from_id(id).expect("a deck card")
}

impl State {
    /// Applies a validated table setup.
    pub(crate) fn set_table(&mut self, setup: TableSetup, events: &mut impl EventSink<Event>) {
        self.table.apply(&setup);
        if let Some(first) = setup.first {
            self.first_player = first;
        }
        self.phase = Phase::Deal;
        events.push(Event::TableSet {
            hand: self.hand_no,
            setup,
        });
    }

    /// Deals a validated deck order (top first): 7 cards each, one at a time clockwise from the
    /// hand's first player, then the up-card; the rest is the stock.
    pub(crate) fn deal(&mut self, order: &[u8], events: &mut impl EventSink<Event>) {
        let n = self.players;
        let first = self.first_player.offset(u32::from(self.hand_no), n);
        let dealt = (HAND_SIZE * u32::from(n)) as usize;
        self.hands = BySeat::splat(CardSet::EMPTY);
        for (k, &c) in order[..dealt].iter().enumerate() {
            self.hands[first.offset(k as u32, n)].insert(c);
        }
        self.discard[0] = order[dealt];
        self.discard_len = 1;
        let stock = &order[dealt + 1..];
        self.stock[..stock.len()].copy_from_slice(stock);
        self.stock_top = 0;
        self.stock_end = stock.len() as u8;
        self.known = BySeat::splat(CardSet::EMPTY);
        self.contributed = BySeat::splat(CardSet::EMPTY);
        self.meld_count = 0;
        self.taken = None;
        self.reshuffled = false;
        self.reshuffle_pool = CardSet::EMPTY;
        self.draws_since_reshuffle = BySeat::splat(0);
        self.turns = 0;
        self.current = first;
        events.push(Event::Dealt {
            hand: self.hand_no,
            first,
            upcard: card(order[dealt]),
        });
        self.turn_start(events);
    }

    /// A validated new stock order (top first) from the discards below the top one.
    pub(crate) fn reshuffle(&mut self, order: &[u8], events: &mut impl EventSink<Event>) {
        let top = self.discard[self.discard_len as usize - 1];
        self.discard[0] = top;
        self.discard_len = 1;
        self.stock[..order.len()].copy_from_slice(order);
        self.stock_top = 0;
        self.stock_end = order.len() as u8;
        self.reshuffled = true;
        self.reshuffle_pool = order.iter().copied().collect();
        self.draws_since_reshuffle = BySeat::splat(0);
        self.phase = Phase::Draw;
        events.push(Event::Reshuffled {
            cards: order.len() as u8,
        });
    }

    /// TurnStart of §3.3: with an empty stock, one reshuffle per hand if the discard pile has at
    /// least two cards, else the hand is blocked.
    pub(crate) fn turn_start(&mut self, events: &mut impl EventSink<Event>) {
        if self.stock_top < self.stock_end {
            self.phase = Phase::Draw;
        } else if !self.reshuffled && self.discard_len >= 2 {
            self.phase = Phase::Reshuffle;
        } else {
            self.end_hand(HandEnd::Blocked, events);
        }
    }

    /// Ends the current player's turn: the hand ends at its turn limit, else the next seat's
    /// turn starts.
    pub(crate) fn end_turn(&mut self, events: &mut impl EventSink<Event>) {
        self.taken = None;
        self.turns += 1;
        if self.turns >= self.rules.hand_turn_limit * u32::from(self.players) {
            self.end_hand(HandEnd::TurnLimit, events);
            return;
        }
        self.current = self.current.next(self.players);
        self.turn_start(events);
    }

    /// Scores the hand (melds per §3.4; cards in hand 0, or -1 each under
    /// `penalty_cards_in_hand`), gathers every card, and moves on to the next hand or the end.
    pub(crate) fn end_hand(&mut self, reason: HandEnd, events: &mut impl EventSink<Event>) {
        let mut scores = self.table_points();
        let n = self.players as usize;
        if self.rules.penalty_cards_in_hand {
            for seat in Seat::all(self.players) {
                scores[seat] -= self.hands[seat].len() as i32;
            }
        }
        for (total, score) in self.totals.iter_mut().zip(&scores).take(n) {
            *total += score;
        }
        events.push(Event::HandEnded {
            hand: self.hand_no,
            reason,
            scores: scores.seats(self.players).to_vec(),
        });
        self.last_hand = Some(HandSummary {
            hand: self.hand_no,
            reason,
            scores,
        });
        // D-RR-11: everything is gathered for the next deal.
        self.hands = BySeat::splat(CardSet::EMPTY);
        self.known = BySeat::splat(CardSet::EMPTY);
        self.contributed = BySeat::splat(CardSet::EMPTY);
        self.meld_count = 0;
        self.stock_top = 0;
        self.stock_end = 0;
        self.discard_len = 0;
        self.taken = None;
        self.reshuffled = false;
        self.reshuffle_pool = CardSet::EMPTY;
        self.turns = 0;
        self.hand_no += 1;
        if self.hand_no < self.players {
            self.phase = Phase::TableSetup;
        } else {
            self.phase = Phase::GameOver;
            events.push(Event::GameOver {
                scores: self.totals.seats(self.players).to_vec(),
            });
        }
    }

    /// The seat that plays first in hand `hand`.
    #[must_use]
    pub fn hand_first_player(&self, hand: u8) -> Seat {
        self.first_player.offset(u32::from(hand), self.players)
    }
}
