//! Troll Tricker, the trick-taking game of the Deck of Fey (spec `deck-of-fey.md` §2; 3–7
//! players).
//!
//! # Rules summary
//!
//! The 88 cards are 8 signs × values 1..11. One sign is the fey (trump) sign; the other seven
//! lie on a circular mat, and every player has a personal sign. A game is 3 hands of 11 tricks.
//! Each hand, 11 cards are dealt to everyone from a persistent draw pile (the discard pile is
//! shuffled into a new one whenever a card must be dealt and the pile is empty). The leader
//! plays any card; the others must follow the led sign if they can, but may always play fey
//! instead; void players play anything. A fey lead must be followed with fey if possible. The
//! highest fey wins, else the highest card of the led sign. The winner scores by the lines of
//! §2.5: 1 for a fey-led trick, 3 for a fey win on a non-fey lead, else 4/3/2/1 by the relation
//! (same, harmonious, neutral, opposing) of the winner's sign to the led sign on the mat. Taking
//! no trick in a hand earns 5/4/3 points for 3/4/5+ players. Highest total after three hands
//! wins; ties share. (Compare pagat.com's trick-taking family.)
//!
//! # Notes on this implementation
//!
//! * Decisions of the spec: D-TT-1 (3–7 players), D-TT-2/3 (fey wins score 3 or 1),
//!   D-TT-4 (any winner of a fey-led trick scores 1), D-TT-5 (follow a fey lead with fey),
//!   D-TT-6, D-TT-7 (zero-trick bonus per hand), D-TT-8 (persistent draw pile, lazy mid-deal
//!   reshuffle, §8.6), D-TT-9 (the lead rotates from the first player), D-TT-10; §8.3 (each hand
//!   is dealt one card at a time clockwise from that hand's leader).
//! * Between hands the seven live tokens are laid out anew (a chance event) unless
//!   `traditional_mat`; fey sign and player signs stay (D-GEN-1).
//! * Options: `first_player`, `traditional_mat`, `reshuffle_player_signs_each_hand`,
//!   `new_fey_each_hand`, `full_reshuffle_each_hand`, `fey_trump_points_by_player_count`,
//!   `last_trick_winner_leads_next_hand`, `tiebreak_most_tricks`.
//! * Chance outcomes are values with text: the table setup, a layout, `deal <cards>` (the cards
//!   dealt from the draw pile in deal order) and `reshuffle <cards>` (the cards dealt from the
//!   reshuffled discard pile). The draw pile is kept as an unordered set: its order is only
//!   fixed when cards are dealt from it.
//! * [`parlour_core::Encoding`] for learning: a seat-relative observation of 308 + 151 n
//!   entries and one action id per card (`docs/games/troll-tricker.md`).
//! * Hands are `u128` bitsets; the legal set is a mask computation, so legal-move generation and
//!   play never allocate.
//!
//! # Example
//!
//! ```
//! use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
//! use parlour_troll_tricker::{Action, State};
//!
//! let opts = Options::parse_list(State::OPTIONS, "first_player=0").unwrap();
//! let mut state = State::new(4, &opts).unwrap();
//! let mut rng = rng_from_seed(7);
//! // Setup and deal are chance events.
//! while state.to_act() == ToAct::Chance {
//!     let c = state.sample_chance(&mut rng);
//!     state.apply_chance(c, &mut ()).unwrap();
//! }
//! assert_eq!(state.to_act().first_seat(), Some(Seat(0)));
//! let mut legal = Vec::new();
//! state.legal_actions(Seat(0), &mut legal);
//! assert_eq!(legal.len(), 11); // the leader may lead any card
//! let Action::Play(card) = legal[0];
//! assert_eq!(state.action_text(legal[0]), format!("play {card}"));
//! let mut events = Vec::new();
//! state.apply(Seat(0), legal[0], &mut events).unwrap();
//! // Play the game out with the first legal card each time.
//! while let ToAct::Seats(seats) = state.to_act() {
//!     let seat = seats.first().unwrap();
//!     state.legal_actions(seat, &mut legal);
//!     state.apply(seat, legal[0], &mut ()).unwrap();
//!     while state.to_act() == ToAct::Chance {
//!         let c = state.sample_chance(&mut rng);
//!         state.apply_chance(c, &mut ()).unwrap();
//!     }
//! }
//! let outcome = state.outcome().unwrap();
//! assert_eq!(outcome.scores, state.scores());
//! assert!(!outcome.winners.is_empty());
//! ```

mod action;
mod chance;
mod encoding;
mod event;
mod game;
mod hand;
mod invariants;
mod metrics;
mod notation;
mod reading;
mod registration;
mod resample;
mod rules;
mod scoring;
mod state;
mod trick;
mod view;

pub use action::Action;
pub use chance::Chance;
pub use event::Event;
pub use notation::{chance_text, parse_action};
pub use registration::REGISTRATION;
pub use rules::{
    FEY_TRUMP_POINTS_BY_PLAYER_COUNT, FULL_RESHUFFLE_EACH_HAND, LAST_TRICK_WINNER_LEADS_NEXT_HAND,
    OPTIONS, Rules, TIEBREAK_MOST_TRICKS,
};
pub use scoring::{
    SIGN_MASK, TrickReason, final_outcome, trick_points, trick_winner, zero_trick_bonus,
    zero_trick_seats,
};
pub use state::{HAND_SIZE, HANDS, State};
pub use view::{PlayedCard, TrickView, View};
