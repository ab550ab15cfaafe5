//! The shared procedures (spec §2, §4.3, §4.7, §5): drawing with lazy reshuffles, test draws,
//! forfeits, advantages and private looks, and the Lap of the Gods.

use parlour_core::{EventSink, Seat, SeatSet};

use crate::cards::{Card, Deck};
use crate::event::Event;
use crate::state::State;
use crate::task::{Ctx, LookFor, Need, Prompt, Task};

/// Outcome of needing one card from the stockpile.
enum Need1 {
    Card(Card),
    /// A reshuffle has been scheduled; retry afterwards.
    Wait,
    /// Both piles are empty (D33).
    Empty,
}

impl State {
    /// Pops the top of the stockpile, or schedules a reshuffle (with `retry` re-pushed below
    /// it) when only the discard pile has cards (pinned 8: reshuffles are lazy).
    fn need_card(&mut self, retry: Task) -> Need1 {
        if let Some(c) = self.stock.pop() {
            return Need1::Card(c);
        }
        if self.discard.is_empty() {
            return Need1::Empty;
        }
        self.push(retry);
        self.push(Task::Chance(Need::Reshuffle));
        Need1::Wait
    }

    /// `seat` draws `n` cards (§4.3 phase 5; draws stop short with both piles empty).
    pub(crate) fn draw(&mut self, seat: Seat, n: u8, ev: &mut impl EventSink<Event>) {
        for left in (1..=n).rev() {
            match self.need_card(Task::Draw { seat, n: left }) {
                Need1::Card(c) => {
                    self.put_in_hand(c, seat, SeatSet::EMPTY);
                    ev.push(Event::Drew(seat, c));
                }
                Need1::Wait | Need1::Empty => return,
            }
        }
    }

    /// Whole-hand discard, then draw as many (pinned 9).
    pub(crate) fn rehand(&mut self, seat: Seat, ev: &mut impl EventSink<Event>) {
        let hand = self.hands[seat];
        for c in hand {
            self.discard_from_hand(seat, Card(c), ev);
        }
        self.push(Task::Draw {
            seat,
            n: hand.len() as u8,
        });
    }

    /// The test draw (§4.7): reveal the top card to all, discard it, then apply the outcome.
    pub(crate) fn test_draw(&mut self, ctx: Ctx, ev: &mut impl EventSink<Event>) {
        let owner = ctx.owner();
        match self.need_card(Task::TestDraw(ctx)) {
            Need1::Card(c) => {
                ev.push(Event::TestCard(owner, c));
                self.push(Task::TestOutcome(ctx, c));
                if self.rules.test_draw_to_hand {
                    self.put_in_hand(c, owner, SeatSet::all(self.n));
                    self.push(Task::Ask(owner, Prompt::TestTrim));
                } else {
                    self.put_on_discard(c);
                }
            }
            Need1::Wait | Need1::Empty => {}
        }
    }

    /// A forfeit by `victim` (§2): the taker (victim's left) takes a random card.
    pub(crate) fn forfeit(&mut self, victim: Seat) {
        if self.hands[victim].is_empty() {
            return;
        }
        self.push(Task::ForfeitTaken(victim));
        self.push(Task::Chance(Need::Take {
            from: victim,
            acq_only: false,
        }));
    }

    pub(crate) fn forfeit_taken(&mut self, victim: Seat, ev: &mut impl EventSink<Event>) {
        let Some(card) = self.taken.take() else {
            return;
        };
        let taker = self.left(victim);
        self.take_random(victim, taker, card, ev);
        if self.rules.forfeit_taken_card_discarded {
            self.discard_from_hand(taker, card, ev);
        }
        self.push(Task::Ask(
            taker,
            Prompt::ForfeitGive {
                victim,
                taken: card,
            },
        ));
    }

    /// Moves a randomly chosen card between hands; only the two players see which.
    pub(crate) fn take_random(
        &mut self,
        from: Seat,
        to: Seat,
        card: Card,
        ev: &mut impl EventSink<Event>,
    ) {
        self.remove_from_hand(card, from);
        let mut seen = SeatSet::single(from);
        seen.insert(to);
        self.put_in_hand(card, to, seen);
        ev.push(Event::RandomTake { from, to, card });
    }

    /// Private draw of up to two cards into the look area (Advantage, Refreshments).
    pub(crate) fn look_step(
        &mut self,
        seat: Seat,
        left: u8,
        purpose: LookFor,
        ev: &mut impl EventSink<Event>,
    ) {
        for l in (1..=left).rev() {
            match self.need_card(Task::Look {
                seat,
                left: l,
                purpose,
            }) {
                Need1::Card(c) => {
                    self.look.insert(c.0);
                    self.look_owner = seat;
                    ev.push(Event::Looked(seat, c));
                }
                Need1::Wait => return,
                Need1::Empty => break,
            }
        }
        if self.look.is_empty() {
            return;
        }
        let p = match purpose {
            LookFor::Advantage => Prompt::AdvantageKeep,
            LookFor::Refreshments => Prompt::RefreshKeep,
        };
        self.push(Task::Ask(seat, p));
    }

    /// Reveals Lap of the Gods cards one at a time, then applies the first matching row (§5).
    pub(crate) fn lap_step(&mut self, x: Seat, ev: &mut impl EventSink<Event>) {
        while self.revealed.len() < 3 {
            match self.need_card(Task::Lap(x)) {
                Need1::Card(c) => {
                    ev.push(Event::LapCard(x, c));
                    self.revealed.push(c);
                }
                Need1::Wait => return,
                Need1::Empty => break,
            }
        }
        let row = match self.revealed[..] {
            [a, b, c] => lap_row(self.deck(), &[a, b, c]),
            _ => 0,
        };
        let shown = std::mem::take(&mut self.revealed);
        for &c in &shown {
            self.put_on_discard(c);
        }
        self.revealed = shown;
        self.revealed.clear();
        ev.push(Event::LapRow(x, row));
        let nb = self.left(x);
        match row {
            1 => self.rift(ev),
            2 => self.push(Task::Ask(x, Prompt::LapOpponent)),
            3 if !self.hands[nb].is_empty() => {
                self.push(Task::LapTaken { x, row: 3 });
                self.push(Task::Chance(Need::Take {
                    from: nb,
                    acq_only: false,
                }));
            }
            4 if !self.hands[x].is_empty() => {
                self.push(Task::LapTaken { x, row: 4 });
                self.push(Task::Chance(Need::Take {
                    from: x,
                    acq_only: false,
                }));
            }
            5 => self.push(Task::Rehand(x)),
            _ => {}
        }
    }

    /// Rows 3 and 4 after the random take (pinned 7: row 3 decide then draw; row 4 draw then
    /// decide).
    pub(crate) fn lap_taken(&mut self, x: Seat, row: u8, ev: &mut impl EventSink<Event>) {
        let Some(card) = self.taken.take() else {
            return;
        };
        let nb = self.left(x);
        if row == 3 {
            self.take_random(nb, x, card, ev);
            self.push(Task::Draw { seat: nb, n: 1 });
            self.push(Task::Ask(x, Prompt::LapKeep { taken: card }));
        } else {
            self.take_random(x, nb, card, ev);
            self.push(Task::Ask(nb, Prompt::LapKeep { taken: card }));
            self.push(Task::Draw { seat: x, n: 1 });
        }
    }

    /// Rift: every hand passes to the left neighbour at once; the giver knows what it gave.
    fn rift(&mut self, ev: &mut impl EventSink<Event>) {
        let old = self.hands;
        for s in self.seated.iter() {
            let to = self.left(s);
            self.hands[to] = old[s];
            // What a seat knew about other hands is stale now; it keeps what it gave.
            self.known[s] = old[s];
        }
        ev.push(Event::Rift);
    }
}

/// The Lap of the Gods row for three revealed cards (§5, D27: the Rift has priority).
#[must_use]
pub fn lap_row(deck: &Deck, cards: &[Card; 3]) -> u8 {
    let t = cards.map(|c| deck.card_type(c));
    let essentials = t.iter().filter(|x| x.is_essential()).count();
    if t[0] == t[1] && t[1] == t[2] && t[0].is_essential() {
        return 1;
    }
    match essentials {
        3 => 2,
        2 => 3,
        1 => 4,
        _ => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deck;

    fn ids(a: [&str; 3]) -> [Card; 3] {
        a.map(|id| deck().find(id).expect("card id"))
    }

    #[test]
    fn lap_of_the_gods_rows_follow_the_table() {
        // Ex 15.
        assert_eq!(
            lap_row(
                deck(),
                &ids(["roadside_inn", "foreign_village", "ruined_church"])
            ),
            1
        );
        assert_eq!(
            lap_row(
                deck(),
                &ids(["roadside_inn", "locked_box", "dread_old_god"])
            ),
            2
        );
        assert_eq!(
            lap_row(deck(), &ids(["dread_old_god", "tin_whistle", "fever"])),
            3
        );
        assert_eq!(lap_row(deck(), &ids(["locked_box", "fire", "pray"])), 4);
        assert_eq!(lap_row(deck(), &ids(["pray", "fever", "psychic"])), 5);
        assert_eq!(
            lap_row(
                deck(),
                &ids(["hunting_spirit", "tortured_soul", "fatal_possession"])
            ),
            1
        );
    }
}
