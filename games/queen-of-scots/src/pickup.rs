//! The pick-up step (spec §6.1): draw from the stock, take the whole pile with two matching
//! naturals, take Crown Jewels from the top with two Crown Jewels, or pass on an empty stock.

use parlour_cards::CardSet;
use parlour_core::{EventSink, IllegalAction, Seat};

use crate::event::Event;
use crate::scoring::RoundEnd;
use crate::state::Phase;
use crate::{Action, JewelPlacement, Kind, SetType, State, TableSet};

/// Calls `f` for every unordered pair of matching naturals in `hand` (two of one common kind, or
/// any two royals), in lexicographic order of the sorted pair.
pub(crate) fn for_each_matching_pair(state: &State, hand: CardSet, mut f: impl FnMut([Kind; 2])) {
    let deck = state.deck;
    let present = deck.kinds_in(hand);
    let mut bits = present & !deck.wild_kinds();
    while bits != 0 {
        let a = Kind(bits.trailing_zeros() as u8);
        bits &= bits - 1;
        if deck.is_royal(a) {
            if deck.count(hand, a) >= 2 {
                f([a, a]);
            }
            let mut later = bits & deck.royal_kinds();
            while later != 0 {
                let b = Kind(later.trailing_zeros() as u8);
                later &= later - 1;
                f([a, b]);
            }
        } else if deck.count(hand, a) >= 2 {
            f([a, a]);
        }
    }
}

impl State {
    /// Whether two kinds are matching naturals (spec §5): one common kind twice, or two royals.
    pub(crate) fn is_matching_pair(&self, pair: [Kind; 2]) -> bool {
        let d = self.deck;
        if d.is_wild(pair[0]) || d.is_wild(pair[1]) {
            return false;
        }
        (d.is_royal(pair[0]) && d.is_royal(pair[1])) || pair[0] == pair[1]
    }

    pub(crate) fn pick_up_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let deck = self.deck;
        let hand = self.hands[seat];
        if !self.stock.is_empty() {
            out.push(Action::DrawStock);
        }
        if let Some(&top) = self.pile.last() {
            let t = deck.kind_of(top);
            if deck.is_wild(t) {
                if hand.and(deck.wild_cards()).len() >= 2 {
                    for i in 0..self.tables[seat].len() {
                        out.push(Action::TakePileWithJewels {
                            place: JewelPlacement::ExistingSet(i as u8),
                        });
                    }
                    for_each_matching_pair(self, hand, |pair| {
                        out.push(Action::TakePileWithJewels {
                            place: JewelPlacement::NewSet { pair },
                        });
                    });
                }
            } else if deck.is_royal(t) {
                let royal_hand = hand.and(deck.royal_cards());
                for_each_matching_pair(self, royal_hand, |pair| {
                    out.push(Action::TakePile { pair });
                });
            } else if deck.count(hand, t) >= 2 {
                out.push(Action::TakePile { pair: [t, t] });
            }
        }
        if self.stock.is_empty() {
            out.push(Action::PassStockEmpty);
        }
    }

    pub(crate) fn check_pick_up(&self, action: Action) -> Result<(), IllegalAction> {
        let deck = self.deck;
        let s = self.current;
        let hand = self.hands[s];
        let top = self.pile.last().map(|&c| deck.kind_of(c));
        let check_pair = |pair: [Kind; 2]| -> Result<(), IllegalAction> {
            if pair[0] > pair[1] {
                return Err(IllegalAction::new(
                    "pair-sorted",
                    "the pair must be written in deck order",
                ));
            }
            if !self.is_matching_pair(pair) {
                return Err(IllegalAction::new(
                    "take-needs-matching-naturals",
                    "the two cards must be matching naturals: two of one character, or two royals \
                     (Crown Jewels do not count)",
                ));
            }
            if !self.holds(hand, &pair) {
                return Err(IllegalAction::new(
                    "take-uses-cards-in-hand",
                    "the two matching cards must be in your hand (cards on the table never count)",
                ));
            }
            Ok(())
        };
        match action {
            Action::DrawStock => {
                if self.stock.is_empty() {
                    return Err(IllegalAction::new(
                        "draw-needs-stock",
                        "the stock is empty: take the pile or pass",
                    ));
                }
            }
            Action::PassStockEmpty => {
                if !self.stock.is_empty() {
                    return Err(IllegalAction::new(
                        "pass-only-on-empty-stock",
                        "you may pass only when the stock is empty",
                    ));
                }
            }
            Action::TakePile { pair } => {
                let Some(t) = top else {
                    return Err(IllegalAction::new("pile-empty", "the pile is empty"));
                };
                if deck.is_wild(t) {
                    return Err(IllegalAction::new(
                        "crown-jewels-take",
                        "the top card is wild: take it with two Crown Jewels (`take jewels ...`)",
                    ));
                }
                check_pair(pair)?;
                let fits = if deck.is_royal(t) {
                    deck.is_royal(pair[0])
                } else {
                    pair == [t, t]
                };
                if !fits {
                    return Err(IllegalAction::new(
                        "take-needs-matching-naturals",
                        format!("the pair must match the top card {}", deck.slug(t)),
                    ));
                }
            }
            Action::TakePileWithJewels { place } => {
                let Some(t) = top else {
                    return Err(IllegalAction::new("pile-empty", "the pile is empty"));
                };
                if !deck.is_wild(t) {
                    return Err(IllegalAction::new(
                        "crown-jewels-take",
                        "the top card is not wild: take the pile with a matching pair",
                    ));
                }
                if hand.and(deck.wild_cards()).len() < 2 {
                    return Err(IllegalAction::new(
                        "crown-jewels-take",
                        "taking Crown Jewels from the pile needs two Crown Jewels in hand",
                    ));
                }
                match place {
                    JewelPlacement::ExistingSet(i) => {
                        if usize::from(i) >= self.tables[s].len() {
                            return Err(IllegalAction::new(
                                "place-taken-jewels",
                                format!("you have no set {i} to add the Crown Jewels to"),
                            ));
                        }
                    }
                    JewelPlacement::NewSet { pair } => check_pair(pair)?,
                }
            }
            _ => unreachable!("only pick-up actions are checked here"),
        }
        Ok(())
    }

    /// Applies a checked pick-up action.
    pub(crate) fn apply_pick_up(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) {
        let s = seat;
        match action {
            Action::DrawStock => {
                let card = self.stock.pop().expect("checked: the stock is not empty");
                self.hands[s].insert(card);
                self.phase = Phase::Play;
                events.push(Event::Drew { seat, card });
            }
            Action::PassStockEmpty => {
                events.push(Event::PassedStockEmpty { seat });
                if self.settings.stock_out_reshuffle && !self.reshuffled && self.pile.len() >= 2 {
                    self.phase = Phase::Reshuffle;
                } else {
                    self.finish_round(RoundEnd::StockExhausted, events);
                }
            }
            Action::TakePile { pair } => {
                let top = self.pile.pop().expect("checked: the pile is not empty");
                let a = self.remove_kind(seat, pair[0]);
                let b = self.remove_kind(seat, pair[1]);
                let mut cards = CardSet::single(top);
                cards.insert(a);
                cards.insert(b);
                self.tables[s].push(TableSet {
                    kind: SetType::of(self.deck, self.deck.kind_of(top)),
                    cards,
                });
                let rest = self.take_rest_of_pile(seat);
                events.push(Event::TookPile {
                    seat,
                    top,
                    pair: [a, b],
                    rest,
                });
                if self.hands[s].is_empty() {
                    // Spec §6.1 step 3 (REVISED): the last cards went down with the set.
                    events.push(Event::WentOut { seat });
                    self.finish_round(RoundEnd::WentOut(seat), events);
                } else {
                    self.phase = Phase::Play;
                }
            }
            Action::TakePileWithJewels { place } => {
                let top = self.pile.pop().expect("checked: the pile is not empty");
                // Show two Crown Jewels: ones already shown first, then known ones, then the lowest.
                let wild = self.hands[s].and(self.deck.wild_cards());
                let mut shown = CardSet::EMPTY;
                for pool in [wild.and(self.shown[s]), wild.and(self.known[s]), wild] {
                    for c in pool.minus(shown) {
                        if shown.len() < 2 {
                            shown.insert(c);
                        }
                    }
                }
                self.shown[s] = self.shown[s].or(shown);
                self.known[s] = self.known[s].or(shown);
                let (set, pair) = match place {
                    JewelPlacement::ExistingSet(i) => {
                        self.tables[s][usize::from(i)].cards.insert(top);
                        (i, None)
                    }
                    JewelPlacement::NewSet { pair } => {
                        let a = self.remove_kind(seat, pair[0]);
                        let b = self.remove_kind(seat, pair[1]);
                        let mut cards = CardSet::single(top);
                        cards.insert(a);
                        cards.insert(b);
                        self.tables[s].push(TableSet {
                            kind: SetType::of(self.deck, pair[0]),
                            cards,
                        });
                        ((self.tables[s].len() - 1) as u8, Some([a, b]))
                    }
                };
                let rest = if self.settings.crown_jewel_top_takes_single {
                    CardSet::EMPTY
                } else {
                    self.take_rest_of_pile(seat)
                };
                let mut shown_pair = shown.iter();
                events.push(Event::TookPileWithJewels {
                    seat,
                    top,
                    shown: [
                        shown_pair.next().expect("two shown"),
                        shown_pair.next().expect("two shown"),
                    ],
                    set,
                    pair,
                    rest,
                });
                // Two Crown Jewels stay in the hand, so it is never empty here.
                self.phase = Phase::Play;
            }
            _ => unreachable!("only pick-up actions are applied here"),
        }
    }

    /// Moves the whole pile into `seat`'s hand; every card of it was seen face up, so each is
    /// publicly known to be there (spec §10).
    fn take_rest_of_pile(&mut self, seat: Seat) -> CardSet {
        let rest: CardSet = self.pile.iter().copied().collect();
        self.pile.clear();
        let s = seat;
        self.hands[s] = self.hands[s].or(rest);
        self.known[s] = self.known[s].or(rest);
        rest
    }
}
