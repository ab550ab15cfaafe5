//! Rebel Runs, the rummy game of the Deck of Fey (2–7 players), after the rules specification
//! `deck-of-fey.md` §3 (rules close to pagat.com's [rummy](https://www.pagat.com/rummy/rummy.html)).
//!
//! # Rules summary
//!
//! The 88 cards have eight signs and values 1..=11. One sign is *fey* (wild) for the game; each
//! player has a sign of their own, and the seven live signs lie on a circular mat whose distances
//! give the relation of a card's sign to a player's (Same, Harmonious, Neutral, Opposing).
//! Each hand, everyone gets 7 cards and one up-card starts the discard pile. On a turn a player
//! draws (stock or top discard), discards, and may then meld sets (3+ cards of one number) and
//! runs (4+ consecutive numbers, signs mixed, no wrap-around) from hand onto their own table, or
//! lay cards off onto their own melds. A fey card stands for any number, or keeps its number and
//! stands for any sign. The hand ends when someone has no cards left; every player then scores
//! their melds: 4/3/2/1 per card by relation, 2 per fey card, and 5 per card of a run all of the
//! player's own sign. There are as many hands as players; the highest total wins (ties share).
//!
//! # Example
//!
//! ```
//! use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
//! use parlour_rebel_runs::{Action, State};
//!
//! let options = Options::parse_list(State::OPTIONS, "first_player=0").unwrap();
//! let mut state = State::new(2, &options).unwrap();
//! let mut rng = rng_from_seed(7);
//! // Table setup, then the deal: both chance nodes.
//! while state.to_act() == ToAct::Chance {
//!     let outcome = state.sample_chance(&mut rng);
//!     state.apply_chance(outcome, &mut ()).unwrap();
//! }
//! let mut actions = Vec::new();
//! state.legal_actions(Seat(0), &mut actions);
//! assert_eq!(actions, [Action::DrawStock, Action::DrawDiscard]);
//! let mut events = Vec::new();
//! state.apply(Seat(0), Action::DrawStock, &mut events).unwrap();
//! assert_eq!(state.hand(Seat(0)).len(), 8);
//! // Play the rest at random to the end.
//! play_to_the_end(&mut state, &mut rng);
//! let outcome = state.outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 2);
//!
//! fn play_to_the_end(state: &mut State, rng: &mut parlour_core::GameRng) {
//!     use rand::Rng;
//!     let mut buf = Vec::new();
//!     loop {
//!         match state.to_act() {
//!             ToAct::Terminal => return,
//!             ToAct::Chance => {
//!                 let c = state.sample_chance(rng);
//!                 state.apply_chance(c, &mut ()).unwrap();
//!             }
//!             ToAct::Seats(seats) => {
//!                 let seat = seats.first().unwrap();
//!                 state.legal_actions(seat, &mut buf);
//!                 let a = buf[rng.random_range(0..buf.len())];
//!                 state.apply(seat, a, &mut ()).unwrap();
//!             }
//!         }
//!     }
//! }
//! ```
//!
//! # Notes on this implementation
//!
//! Decisions of the spec (§6) and where the spec is silent (details in `docs/games/rebel-runs.md`):
//!
//! * Draw from the stock or the top discard (D-RR-1); a card taken from the discards may not be
//!   discarded the same turn (D-RR-2), except, under `meld_before_discard`, when it is the last
//!   card in hand.
//! * Turn order draw → discard → meld (D-RR-3); going out = emptying the hand in the meld step,
//!   which ends the hand at once.
//! * Lay-offs go onto one's own melds only (D-RR-4); melds are numbered in the order they were
//!   made in the hand, over all tables, and lay-offs name them by that number.
//! * Values 1..=11, no wrap (D-RR-5); runs may mix signs (D-RR-7); sets need no distinct signs
//!   and may be all fey, listed once per declared value 1..=11 (D-RR-12, §8.2).
//! * A same-sign run (every card at its printed number, non-fey cards of the owner's sign)
//!   scores 5 per card instead of the normal rate (D-RR-6, D-RR-8); cards in hand score 0
//!   (D-RR-9).
//! * One reshuffle of the discards below the top card when the stock is empty at a turn start;
//!   the next time the hand is blocked (D-RR-10). A hand also ends after `hand_turn_limit` turns
//!   per player (default 100, §8.1).
//! * Between hands the 7 live tokens get a new layout, all cards are gathered and reshuffled,
//!   and the first player moves one seat left (D-RR-11, D-GEN-1).
//! * The stock keeps the order of the deal: a stock draw is not a chance node. Chance nodes are
//!   the table setup of each hand, the deal of each hand (the whole deck order), and the stock
//!   reshuffle.
//! * [`parlour_core::Encoding`] for learning: a seat-relative observation of 3137 + 172 n
//!   entries and 374 action ids; a meld is spelt as its declaration, its cards and `meld done`
//!   (`docs/games/rebel-runs.md`).
//! * Under `lay_off_on_any_meld` every card scores for the seat that put it on the table; a run
//!   that earns the bonus for that seat pays it on that seat's cards.

mod action;
mod chance;
mod encoding;
mod event;
mod hand;
mod meld;
mod metrics;
mod notation;
mod phase;
mod registration;
mod resample;
mod rules;
mod scoring;
mod state;
mod turn;
mod view;

pub use action::Action;
pub use chance::Chance;
pub use event::Event;
pub use meld::{
    End, MAX_RUN, MAX_VALUE, MIN_RUN, MIN_SET, Meld, MeldKind, Shape, check_meld, lay_off,
    sign_cards, sign_of, value_of,
};
pub use notation::{action_text, parse_action};
pub use phase::{HandEnd, Phase};
pub use registration::REGISTRATION;
pub use rules::{DEFAULT_HAND_TURN_LIMIT, OPTIONS, Rules};
pub use scoring::{
    FEY_POINTS, RUN_BONUS, ScoreRules, bonus_sign, card_points, meld_points, meld_score,
};
pub use state::{HAND_SIZE, HandSummary, MAX_MELDS, MAX_PLAYERS, State};
pub use view::{LastHand, MeldPreview, MeldView, SignPoints, View};
