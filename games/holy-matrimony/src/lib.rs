//! Holy Matrimony, the blackjack-style game of the Deck of Fey (spec `deck-of-fey.md` §4; 2–7
//! players).
//!
//! # Rules summary
//!
//! Everyone holds 7 cards; one card lies face up in the centre as the church card. Each round all
//! players simultaneously and secretly commit any subset of their hand (the empty set too); then
//! all are revealed. A player's total is the church card's value plus the committed values; the
//! goal is exactly 21. The church card is part of every player's scored cards. Score per round:
//! per card 4/3/2/1 for the relation (same / harmonious / neutral / opposing) of its sign to the
//! player's sign on the mat, fey cards 0 but +5 once if any scored card is fey, minus 1 per point
//! under 21 and 3 per point over. Played cards and the church go to the discard pile; players
//! refill to 7; a new church card is dealt. The game ends after a round in which someone reaches
//! 55 (`target_score`); the highest total wins, ties share.
//!
//! # Notes on this implementation
//!
//! * Spec decisions: D-HM-1 (the church earns card points and can give the fey bonus),
//!   D-HM-2 (fey at face value), D-HM-3 (empty commit legal), D-HM-4 (negative scores allowed),
//!   D-HM-5 (end check after each round, `max_rounds` cap 200), D-HM-6 (mat fixed), D-HM-7,
//!   D-HM-8 (commitments hidden, not even their size), and pinned §8.4–§8.7.
//! * The commit step is simultaneous: `to_act` lists every seat that has not committed; a
//!   commitment shows in no other seat's view (only "has committed") until all are in.
//! * Options: `first_player`, `traditional_mat`, `reshuffle_player_signs_each_hand`,
//!   `new_fey_each_hand`, `church_counts_for_total_only`, `fey_wild_value`,
//!   `reshuffle_mat_each_round`, `target_score`, `max_rounds`, `no_negative_round_scores`.
//! * [`parlour_core::Encoding`] for learning: a seat-relative observation of 1036 + 142 n
//!   entries; a commitment is one of 128 ids, the bitmask of the sorted hand's slots it takes
//!   (`docs/games/holy-matrimony.md`).
//! * Chance outcomes are values with text: the table setup, `deal <cards>`, `church <card>`,
//!   `refill <cards>`, `reshuffle <cards>` (see `docs/games/holy-matrimony.md`).
//!
//! # Example
//!
//! ```
//! use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
//! use parlour_holy_matrimony::{Action, State};
//!
//! let opts = Options::parse_list(State::OPTIONS, "target_score=30").unwrap();
//! let mut state = State::new(3, &opts).unwrap();
//! let mut rng = rng_from_seed(3);
//! while state.to_act() == ToAct::Chance {
//!     let c = state.sample_chance(&mut rng);
//!     state.apply_chance(c, &mut ()).unwrap();
//! }
//! // Everyone commits at once.
//! assert_eq!(state.to_act().seats().len(), 3);
//! let mut legal = Vec::new();
//! state.legal_actions(Seat(1), &mut legal);
//! assert_eq!(legal.len(), 128); // every subset of 7 cards
//! assert_eq!(state.action_text(legal[0]), "commit none");
//! state.apply(Seat(1), legal[5], &mut ()).unwrap();
//! assert_eq!(state.to_act().seats().len(), 2);
//! // Play on: each seat commits its best subset for this church card.
//! while let ToAct::Seats(seats) = state.to_act() {
//!     let seat = seats.first().unwrap();
//!     let (best, _) = state.best_round_score(seat).unwrap();
//!     state.apply(seat, Action::Commit(best), &mut ()).unwrap();
//!     while state.to_act() == ToAct::Chance {
//!         let c = state.sample_chance(&mut rng);
//!         state.apply_chance(c, &mut ()).unwrap();
//!     }
//! }
//! let outcome = state.outcome().unwrap();
//! assert!(outcome.scores.iter().any(|&s| s >= 30) || state.rounds_played() == 200);
//! ```

mod action;
mod chance;
mod encoding;
mod event;
mod metrics;
mod notation;
mod prior;
mod registration;
mod resample;
mod rules;
mod scoring;
mod state;
mod view;

pub use action::Action;
pub use chance::Chance;
pub use event::Event;
pub use notation::{chance_text, parse_action};
pub use registration::REGISTRATION;
pub use rules::{
    CHURCH_COUNTS_FOR_TOTAL_ONLY, FEY_WILD_VALUE, MAX_ROUNDS, NO_NEGATIVE_ROUND_SCORES, OPTIONS,
    RESHUFFLE_MAT_EACH_ROUND, Rules, ScoreRules, TARGET_SCORE,
};
pub use scoring::{
    FEY_BONUS, RoundParts, RoundScore, TARGET_TOTAL, card_points, final_outcome, game_ends,
    round_score,
};
pub use state::{HAND_SIZE, State};
pub use view::{CommitPreviews, RoundView, View};
