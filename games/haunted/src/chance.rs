//! Chance events (spec §3, pinned 8): the first-player draw, the shuffle for the deal,
//! reshuffles of the discard pile, random takes from a hand, and the stockpile shuffle after
//! Hidden Compartment's tie draw. Outcomes are values stated by card id.

use parlour_cards::{CardSet, check_permutation, parse_card_list};
use parlour_core::{EventSink, GameRng, IllegalAction, ParseError, Seat, SeatSet};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::cards::{Card, CardType};
use crate::event::Event;
use crate::state::{Phase, State};
use crate::task::{Need, Task};

/// The outcome of a chance event.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Chance {
    /// First-player draw: one card per seat, seat order (`attacked pray arrested fever`); in a
    /// tie-break, one card per playing seat, in seat order.
    FirstDraw(Vec<Card>),
    /// A shuffle: the cards in their new order, top first (the deal, a reshuffle, the
    /// stockpile shuffle).
    Order(Vec<Card>),
    /// The card taken at random from a hand.
    Take(Card),
}

/// What chance event is due.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Due {
    FirstDraw,
    Deal,
    Reshuffle,
    ShuffleStock,
    Take { from: Seat, acq_only: bool },
}

fn bad(rule: &'static str, reason: String) -> IllegalAction {
    IllegalAction::new(rule, reason)
}

impl State {
    pub(crate) fn due(&self) -> Option<Due> {
        if self.phase == Phase::Over {
            return None;
        }
        match self.stack.last() {
            Some(Task::Chance(Need::Reshuffle)) => Some(Due::Reshuffle),
            Some(Task::Chance(Need::ShuffleStock)) => Some(Due::ShuffleStock),
            Some(Task::Chance(Need::Take { from, acq_only })) => Some(Due::Take {
                from: *from,
                acq_only: *acq_only,
            }),
            Some(_) => None,
            None => match self.phase {
                Phase::FirstDraw => Some(Due::FirstDraw),
                Phase::Deal => Some(Due::Deal),
                _ => None,
            },
        }
    }

    fn take_pool(&self, from: Seat, acq_only: bool) -> CardSet {
        let h = self.hands[from];
        if acq_only {
            self.of_type_in(h, CardType::Acquaintance)
        } else {
            h
        }
    }

    fn shuffle_set(&self, due: Due) -> CardSet {
        match due {
            Due::Deal => self.in_play,
            Due::Reshuffle => self.discard.iter().map(|c| c.0).collect(),
            Due::ShuffleStock => self
                .stock
                .iter()
                .chain(self.revealed.iter())
                .map(|c| c.0)
                .collect(),
            _ => CardSet::EMPTY,
        }
    }

    pub(crate) fn sample(&self, rng: &mut GameRng) -> Chance {
        match self.due() {
            Some(Due::FirstDraw) => {
                let mut cards: Vec<Card> = self.in_play.iter().map(Card).collect();
                cards.shuffle(rng);
                cards.truncate(self.seated.len());
                Chance::FirstDraw(cards)
            }
            Some(d @ (Due::Deal | Due::Reshuffle | Due::ShuffleStock)) => {
                let mut cards: Vec<Card> = self.shuffle_set(d).iter().map(Card).collect();
                cards.shuffle(rng);
                Chance::Order(cards)
            }
            Some(Due::Take { from, acq_only }) => {
                let pool = self.take_pool(from, acq_only);
                let k = rng.random_range(0..pool.len().max(1));
                Chance::Take(Card(pool.nth(k).unwrap_or(0)))
            }
            None => Chance::Order(Vec::new()),
        }
    }

    pub(crate) fn hint(&self) -> String {
        match self.due() {
            Some(Due::FirstDraw) if self.tiebreak.is_some() => format!(
                "first-player draw for the tie-break: {} distinct card ids, one per playing seat ({}) in seat order",
                self.seated.len(),
                self.seated
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Some(Due::FirstDraw) => format!(
                "first-player draw: {} distinct card ids, one per seat in seat order",
                self.n
            ),
            Some(Due::Deal) => format!(
                "deal: the {} card ids of the shuffled deck, top first",
                self.in_play.len()
            ),
            Some(Due::Reshuffle) => format!(
                "reshuffle: the {} card ids of the discard pile in their new stockpile order, top first",
                self.discard.len()
            ),
            Some(Due::ShuffleStock) => format!(
                "stockpile shuffle: the {} card ids of the stockpile (tie-draw cards returned), top first",
                self.stock.len() + self.revealed.len()
            ),
            Some(Due::Take { from, acq_only }) => format!(
                "random take: the id of the {} taken from seat {from}'s hand",
                if acq_only { "Acquaintance" } else { "card" }
            ),
            None => "no chance event is due".into(),
        }
    }

    pub(crate) fn parse_chance_text(&self, text: &str) -> Result<Chance, ParseError> {
        let cards = parse_card_list(text, |t| self.deck().find(t).map(|c| c.0))?;
        let cards: Vec<Card> = cards.into_iter().map(Card).collect();
        match self.due() {
            Some(Due::FirstDraw) => Ok(Chance::FirstDraw(cards)),
            Some(Due::Take { .. }) => match cards.as_slice() {
                [c] => Ok(Chance::Take(*c)),
                _ => Err(ParseError::new(text, "expected exactly one card id")),
            },
            Some(_) => Ok(Chance::Order(cards)),
            None => Err(ParseError::new(text, "no chance event is due")),
        }
    }

    /// Validates and applies a chance outcome.
    pub(crate) fn settle(
        &mut self,
        chance: Chance,
        ev: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        let due = self
            .due()
            .ok_or_else(|| IllegalAction::wrong_node("a player decision"))?;
        let name = |c: u8| self.deck().id(Card(c)).to_owned();
        match (due, chance) {
            (Due::FirstDraw, Chance::FirstDraw(cards)) => {
                // In a tie-break only the seats taking part draw (§6: a fresh setup among them).
                if cards.len() != self.seated.len() {
                    return Err(bad(
                        "first-player-draw",
                        format!("expected {} cards, one per playing seat", self.seated.len()),
                    ));
                }
                let mut seen = CardSet::EMPTY;
                for c in &cards {
                    if !self.in_play.contains(c.0) || seen.contains(c.0) {
                        return Err(bad(
                            "first-player-draw",
                            format!("{} is not a distinct card of the deck", self.deck().id(*c)),
                        ));
                    }
                    seen.insert(c.0);
                }
                if self.awaiting_gather() {
                    self.gather_for_tiebreak();
                }
                let d = self.deck();
                let first = self
                    .seated
                    .iter()
                    .zip(&cards)
                    .min_by_key(|&(_, &c)| d.alpha_rank(c))
                    .map_or(Seat(0), |(s, _)| s);
                self.active = first;
                self.phase = Phase::Deal;
                ev.push(Event::FirstPlayer { cards, first });
            }
            (Due::Deal, Chance::Order(order)) => {
                let ids: Vec<u8> = order.iter().map(|c| c.0).collect();
                check_permutation(&ids, self.in_play, name).map_err(|e| bad("deal-order", e))?;
                for c in &order {
                    self.forget_all(*c);
                }
                self.stock = order.into_iter().rev().collect();
                let h = self.hand_size() as usize;
                let mut seat = self.active;
                for _ in 0..h * self.seated.len() {
                    if let Some(c) = self.stock.pop() {
                        self.put_in_hand(c, seat, SeatSet::EMPTY);
                    }
                    seat = self.left(seat);
                }
                self.phase = Phase::TurnStart;
                ev.push(Event::Dealt);
            }
            (Due::Reshuffle, Chance::Order(order)) => {
                let ids: Vec<u8> = order.iter().map(|c| c.0).collect();
                let set = self.shuffle_set(due);
                check_permutation(&ids, set, name).map_err(|e| bad("reshuffle-order", e))?;
                self.stack.pop();
                self.discard.clear();
                self.stock = order.into_iter().rev().collect();
                ev.push(Event::Reshuffled(self.stock.len()));
            }
            (Due::ShuffleStock, Chance::Order(order)) => {
                let ids: Vec<u8> = order.iter().map(|c| c.0).collect();
                let set = self.shuffle_set(due);
                check_permutation(&ids, set, name).map_err(|e| bad("stockpile-order", e))?;
                self.stack.pop();
                self.revealed.clear();
                self.tie_cards = parlour_core::BySeat::splat(None);
                self.stock = order.into_iter().rev().collect();
                ev.push(Event::StockShuffled);
            }
            (Due::Take { from, acq_only }, Chance::Take(c)) => {
                if !self.take_pool(from, acq_only).contains(c.0) {
                    // Names the card only as the outcome given; it reveals nothing the
                    // stater did not already write.
                    return Err(bad(
                        "random-take",
                        format!(
                            "{} cannot be taken from seat {from}'s hand",
                            self.deck().id(c)
                        ),
                    ));
                }
                self.stack.pop();
                self.taken = Some(c);
            }
            (_, other) => {
                return Err(bad(
                    "chance-kind",
                    format!(
                        "{other:?} is not an outcome of the due event ({})",
                        self.hint()
                    ),
                ));
            }
        }
        Ok(())
    }
}
