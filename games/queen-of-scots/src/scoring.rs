//! Round scoring (spec §8), the end of the game (spec §9, §14.1) and dealer rotation.

use parlour_cards::CardSet;
use parlour_core::{BySeat, EventSink, Seat, SeatSet};
use serde::Serialize;

use crate::event::Event;
use crate::state::Phase;
use crate::{Deck, State};

/// Why a round ended (spec §7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundEnd {
    /// This seat emptied its hand.
    WentOut(Seat),
    /// The stock was empty and the player to pick up did not take the pile.
    StockExhausted,
}

/// The scoring of one round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RoundResult {
    /// Which round.
    pub round: u32,
    /// Why it ended.
    pub reason: RoundEnd,
    /// Value of each seat's sets.
    pub table: BySeat<i32>,
    /// Value of each seat's hand.
    pub hand: BySeat<i32>,
    /// Each seat's round score: table − hand (+ `going_out_bonus` for the one who went out).
    pub score: BySeat<i32>,
}

/// One player's round score (spec §8): the value of the cards in their sets minus the value of
/// the cards in their hand, plus `bonus` if they went out. It may be negative.
#[must_use]
pub fn round_score(deck: &Deck, table: CardSet, hand: CardSet, bonus: i32) -> i32 {
    deck.value_of(table) - deck.value_of(hand) + bonus
}

/// Whether the game ends after a round with these cumulative `totals` (spec §9, §14.1): some
/// total reached `target`, unless `tiebreak_extra_round` is on and the top total is shared;
/// or the round cap is reached. The winners are then the seats with the highest total.
#[must_use]
pub fn game_ends(
    totals: &[i32],
    target: i32,
    tiebreak_extra_round: bool,
    at_round_cap: bool,
) -> bool {
    if at_round_cap {
        return true;
    }
    let best = totals.iter().copied().max().unwrap_or(0);
    if best < target {
        return false;
    }
    let leaders = totals.iter().filter(|t| **t == best).count();
    !(tiebreak_extra_round && leaders > 1)
}

/// The seats sharing the highest total.
#[must_use]
pub fn leaders(totals: &[i32]) -> SeatSet {
    parlour_core::Outcome::highest_wins(totals.to_vec()).winners
}

impl State {
    /// Ends the round at once (spec §7): scores it, opens the hands, and either ends the game or
    /// passes the deal to the left.
    pub(crate) fn finish_round(&mut self, reason: RoundEnd, events: &mut impl EventSink<Event>) {
        let mut result = RoundResult {
            round: self.round,
            reason,
            table: BySeat::splat(0),
            hand: BySeat::splat(0),
            score: BySeat::splat(0),
        };
        for s in Seat::all(self.players) {
            let table = self.tables[s]
                .iter()
                .fold(CardSet::EMPTY, |acc, t| acc.or(t.cards));
            let bonus = if reason == RoundEnd::WentOut(s) {
                self.settings.going_out_bonus
            } else {
                0
            };
            result.table[s] = self.deck.value_of(table);
            result.hand[s] = self.deck.value_of(self.hands[s]);
            result.score[s] = round_score(self.deck, table, self.hands[s], bonus);
            self.totals[s] += result.score[s];
            self.known[s] = self.hands[s];
        }
        self.last_round = Some(result);
        events.push(Event::RoundEnded {
            round: self.round,
            reason,
        });
        events.push(Event::RoundScored {
            result,
            totals: self.totals,
        });
        let totals = &self.totals.seats(self.players);
        if game_ends(
            totals,
            self.settings.target_score,
            self.settings.tiebreak_extra_round,
            self.round >= self.settings.max_rounds,
        ) {
            self.phase = Phase::GameOver;
            events.push(Event::GameEnded {
                winners: leaders(totals),
                totals: self.totals,
            });
        } else {
            self.dealer = self.dealer.next(self.players);
            self.phase = Phase::Deal;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distinct cards of the given kinds, none of them in `used` (which they join).
    fn cards(deck: &Deck, kinds: &[&str], used: &mut CardSet) -> CardSet {
        let mut set = CardSet::EMPTY;
        for k in kinds {
            let kind = deck.parse_kind(k).unwrap();
            let c = deck.mask(kind).minus(*used).first().unwrap();
            set.insert(c);
            used.insert(c);
        }
        set
    }

    /// Spec §13 Q8, literally (the position itself cannot arise from an 11-card deal, so the
    /// scoring rule is checked on the cards).
    #[test]
    fn round_score_is_table_minus_hand() {
        let deck = Deck::standard().unwrap();
        let mut used = CardSet::EMPTY;
        let used = &mut used;
        let table = cards(
            deck,
            &[
                "earl_of_bothwell",
                "earl_of_bothwell",
                "earl_of_bothwell",
                "mary_queen_of_scots",
                "elizabeth_i",
                "crown_jewels",
            ],
            used,
        );
        let hand = cards(deck, &["john_knox", "crown_jewels"], used);
        assert_eq!(deck.value_of(table), 185);
        assert_eq!(round_score(deck, table, hand, 0), 155);
        let other = cards(
            deck,
            &["mary_queen_of_scots", "earl_of_bothwell", "william_cecil"],
            used,
        );
        assert_eq!(round_score(deck, CardSet::EMPTY, other, 0), -85);
        assert_eq!(round_score(deck, CardSet::EMPTY, CardSet::EMPTY, 50), 50);
    }

    /// Spec §13 Q12, literally.
    #[test]
    fn highest_total_wins_once_someone_reaches_the_target() {
        let t = [1010, 1040, 700, 980];
        assert!(game_ends(&t, 1000, false, false));
        assert_eq!(leaders(&t), SeatSet::single(Seat(1)));
        let tie = [1040, 1040, 700, 980];
        assert!(game_ends(&tie, 1000, false, false));
        assert_eq!(leaders(&tie).len(), 2);
        assert!(
            !game_ends(&tie, 1000, true, false),
            "tiebreak_extra_round plays on"
        );
        assert!(
            game_ends(&tie, 1000, true, true),
            "the round cap ends even a tie"
        );
        assert!(!game_ends(&[990, 995], 1000, false, false));
        assert!(
            game_ends(&[990, 1000], 1000, false, false),
            "reaching the target counts"
        );
        assert!(game_ends(&[-5, -10], 1000, false, true));
    }
}
