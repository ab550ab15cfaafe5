//! High Card broken on purpose, one flaw per variant, to show each conformance check fails.

use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU32, Ordering};

use parlour_core::{
    Audit, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome, ParseError,
    Search, Seat, SetupError, ToAct, Viewer,
};

use super::{Card, Deal, Event, HighCard, View, card_id};
use crate::check_game;

/// No flaw: the wrapper must pass like the game it wraps.
const NONE: u8 = 0;
/// Every seat's view shows every hand.
const LEAKY_VIEW: u8 = 1;
/// Legal actions highest first.
const UNSORTED_ACTIONS: u8 = 2;
/// The lowest legal action listed twice.
const DUPLICATE_ACTIONS: u8 = 3;
/// A rejected action still counts as an attempt in the state.
const DIRTY_REJECT: u8 = 4;
/// `secrets` is always empty.
const NO_SECRETS: u8 = 5;
/// `sample_consistent` returns the true state.
const TRUE_DETERMINIZATION: u8 = 6;
/// A new game remembers how many games were made before it, so a replay differs.
const DIVERGENT_REPLAY: u8 = 7;
/// A deal with a card missing is accepted as it stands.
const LAX_DEAL: u8 = 8;
/// `sample_consistent` keeps the highest hidden card where it truly is.
const BIASED_DETERMINIZATION: u8 = 9;
/// Claims the seat has deduced where the highest hidden card is, but draws it anywhere.
const WRONG_DEDUCTION: u8 = 10;
/// Claims the seat has deduced where the highest hidden card is, and keeps it there.
const KEPT_DEDUCTION: u8 = 11;
/// Claims the seat has deduced where every hidden card is, and returns the true state.
const ALL_DEDUCED: u8 = 12;
/// Once a seat has played, its view's stock count says whether the next seat holds `c9`: a
/// fact, not an id, and shown only to a seat no longer to act.
const TELLING_VIEW: u8 = 13;

static GAMES_MADE: AtomicU32 = AtomicU32::new(0);

#[derive(Clone, PartialEq, Debug)]
struct Flawed<const F: u8> {
    game: HighCard,
    /// Rejected actions seen (`DIRTY_REJECT`).
    attempts: u32,
    /// Games made before this one (`DIVERGENT_REPLAY`).
    made_before: u32,
    /// The deal accepted as it stood, cards missing included (`LAX_DEAL`).
    lax_deal: Option<Vec<Card>>,
}

impl<const F: u8> Game for Flawed<F> {
    type Action = Card;
    type Chance = Deal;
    type View = View;
    type Event = Event;

    const ID: &'static str = "flawed-high-card";
    const NAME: &'static str = "Flawed High Card";
    const PLAYERS: RangeInclusive<u8> = HighCard::PLAYERS;
    const OPTIONS: &'static [OptionSpec] = HighCard::OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        let made = GAMES_MADE.fetch_add(1, Ordering::Relaxed);
        Ok(Flawed {
            game: HighCard::new(players, options)?,
            attempts: 0,
            made_before: if F == DIVERGENT_REPLAY { made } else { 0 },
            lax_deal: None,
        })
    }

    fn players(&self) -> u8 {
        self.game.players()
    }

    fn max_steps(&self) -> Option<u64> {
        self.game.max_steps()
    }

    fn to_act(&self) -> ToAct {
        self.game.to_act()
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Card>) {
        self.game.legal_actions(seat, out);
        if F == UNSORTED_ACTIONS {
            out.reverse();
        }
        if F == DUPLICATE_ACTIONS && !out.is_empty() {
            out.insert(0, out[0]);
        }
    }

    fn is_legal(&self, seat: Seat, action: Card) -> bool {
        self.game.is_legal(seat, action)
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Card,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        let result = self.game.apply(seat, action, events);
        if F == DIRTY_REJECT && result.is_err() {
            self.attempts += 1;
        }
        result
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Deal {
        self.game.sample_chance(rng)
    }

    fn apply_chance(
        &mut self,
        deal: Deal,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        if F == LAX_DEAL && self.lax_deal.is_none() && deal.0.len() < 9 {
            // Deals what there is: the missing card simply vanishes.
            let mut full = deal.0.clone();
            full.extend((1..=9).filter(|c| !deal.0.contains(c)));
            self.game.apply_chance(Deal(full), events)?;
            self.lax_deal = Some(deal.0);
            return Ok(());
        }
        self.game.apply_chance(deal, events)
    }

    fn chance_hint(&self) -> String {
        self.game.chance_hint()
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        let mut view = self.game.view(viewer);
        if let Some(v) = viewer.filter(|&v| F == TELLING_VIEW && view.played[v.index()].is_some()) {
            let holds_c9 = self.game.hand(v.offset(1, self.players())).contains(&9);
            view.stock = u8::from(holds_c9);
        }
        if F == LEAKY_VIEW && viewer.is_some() {
            view.hand = Seat::all(self.players())
                .flat_map(|s| self.game.hand(s))
                .map(card_id)
                .collect();
        }
        view
    }

    fn describe_event(
        &self,
        event: &Event,
        viewer: Viewer,
        voice: parlour_core::Voice,
    ) -> Option<String> {
        self.game.describe_event(event, viewer, voice)
    }

    fn scores(&self) -> Vec<i32> {
        self.game.scores()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn round(&self) -> u32 {
        self.game.round()
    }

    fn action_text(&self, action: Card) -> String {
        self.game.action_text(action)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Card, ParseError> {
        self.game.parse_action(seat, text)
    }

    fn chance_text(&self, deal: &Deal) -> String {
        self.game.chance_text(deal)
    }

    fn parse_chance(&self, text: &str) -> Result<Deal, ParseError> {
        self.game.parse_chance(text)
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let mut sample = self.clone();
        match F {
            TRUE_DETERMINIZATION | ALL_DEDUCED => {}
            BIASED_DETERMINIZATION | KEPT_DEDUCTION => {
                // Redraw until the highest hidden card is back where it truly is.
                let truth = self.game.secrets(Some(observer));
                let top = truth.last().cloned();
                let holder = |g: &HighCard| {
                    Seat::all(g.players())
                        .find(|&s| g.hand(s).iter().any(|&c| Some(card_id(c)) == top))
                };
                loop {
                    sample.game = self.game.sample_consistent(observer, rng);
                    if holder(&sample.game) == holder(&self.game) {
                        break;
                    }
                }
            }
            _ => sample.game = self.game.sample_consistent(observer, rng),
        }
        sample
    }
}

impl<const F: u8> Search for Flawed<F> {
    fn evaluate(&self, seat: Seat) -> f64 {
        self.game.evaluate(seat)
    }
}

impl<const F: u8> Audit for Flawed<F> {
    fn hidden_placement_is_free(&self, observer: Seat) -> bool {
        // A deduction is a constraint: the placement is no longer free.
        !matches!(F, WRONG_DEDUCTION | KEPT_DEDUCTION | ALL_DEDUCED)
            && self.game.hidden_placement_is_free(observer)
    }

    fn deduced_cards(&self, observer: Seat) -> Vec<String> {
        let hidden = self.game.secrets(Some(observer));
        match F {
            WRONG_DEDUCTION | KEPT_DEDUCTION => hidden.last().cloned().into_iter().collect(),
            ALL_DEDUCED => hidden,
            _ => Vec::new(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        if let Some(deal) = &self.lax_deal
            && deal.len() != 9
        {
            return Err(format!("{} cards dealt, not 9", deal.len()));
        }
        self.game.check_invariants()
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        if F == NO_SECRETS {
            return Vec::new();
        }
        self.game.secrets(viewer)
    }
}

#[test]
fn the_toy_game_conforms() {
    check_game::<HighCard>(2, "", 0..40);
    check_game::<HighCard>(3, "", 0..40);
}

#[test]
fn the_unbroken_wrapper_conforms() {
    check_game::<Flawed<NONE>>(2, "", 0..20);
    check_game::<Flawed<NONE>>(3, "", 0..20);
}

#[test]
#[should_panic(expected = "shows secret")]
fn a_leaky_view_fails() {
    check_game::<Flawed<LEAKY_VIEW>>(2, "", 0..5);
}

#[test]
#[should_panic(expected = "not sorted and unique")]
fn unsorted_legal_actions_fail() {
    check_game::<Flawed<UNSORTED_ACTIONS>>(2, "", 0..5);
}

#[test]
#[should_panic(expected = "not sorted and unique")]
fn duplicate_legal_actions_fail() {
    check_game::<Flawed<DUPLICATE_ACTIONS>>(2, "", 0..5);
}

#[test]
#[should_panic(expected = "changed the state")]
fn an_apply_that_changes_the_state_on_error_fails() {
    check_game::<Flawed<DIRTY_REJECT>>(2, "", 0..5);
}

#[test]
#[should_panic(expected = "secrets(Some(")]
fn empty_secrets_fail() {
    check_game::<Flawed<NO_SECRETS>>(2, "", 0..5);
}

#[test]
#[should_panic(expected = "which the game names no reveal")]
fn a_view_that_tells_where_a_hidden_card_is_fails() {
    check_game::<Flawed<TELLING_VIEW>>(3, "", 0..10);
}

#[test]
#[should_panic(expected = "returns the true hidden cards")]
fn a_determinization_returning_the_truth_fails() {
    check_game::<Flawed<TRUE_DETERMINIZATION>>(2, "", 0..5);
}

#[test]
#[should_panic(expected = "the game declares the placement free")]
fn a_biased_determinization_fails() {
    check_game::<Flawed<BIASED_DETERMINIZATION>>(3, "", 0..5);
}

#[test]
#[should_panic(expected = "but the seat has deduced it is in")]
fn a_determinization_that_moves_a_deduced_card_fails() {
    check_game::<Flawed<WRONG_DEDUCTION>>(3, "", 0..5);
}

#[test]
fn deduced_cards_kept_in_place_conform() {
    // The other hidden cards still move; the deduced one stays.
    check_game::<Flawed<KEPT_DEDUCTION>>(3, "", 0..20);
}

#[test]
fn a_seat_that_has_deduced_every_card_may_see_the_true_state() {
    check_game::<Flawed<ALL_DEDUCED>>(3, "", 0..5);
}

#[test]
#[should_panic(expected = "replay differs")]
fn a_replay_that_diverges_fails() {
    check_game::<Flawed<DIVERGENT_REPLAY>>(2, "", 0..5);
}

#[test]
#[should_panic(expected = "was accepted and broke an invariant")]
fn an_accepted_impossible_deal_fails() {
    check_game::<Flawed<LAX_DEAL>>(2, "", 0..5);
}
