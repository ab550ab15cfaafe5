//! The King's Feast: a solo puzzle for 18 numbered cards (spec `kings-feast.md`).
//!
//! # Rules summary
//!
//! The guests (cards 1..=18, each with a King's Order or a When Revealed reaction) sit on the
//! seats of an arrangement, some face up, some face down; the King (18) starts face up and the
//! Assassin (1) face down on their diagram seats. Each turn the player **activates** a face-up
//! card and resolves its King's Order (reactions of revealed cards interrupt it, as a stack,
//! movement before flipping), **turns the activated card face down**, and may **swap** two
//! adjacent cards that are both face up or both face down. The game ends when the Assassin is
//! flipped face up or peeked at (+2 to the score), when a turn begins with every card face down,
//! or when the player ends it after a completed turn. The score is the number of seats whose
//! card is not the goal card (lower is better): 0 "A Kingly Feast", 1–2 "A Brilliant Banquet",
//! 3–4 "A Superb Shindig", 5–8 "An Acceptable Affair", 9+ "A Tumultuous Teatime".
//!
//! # Notes on this implementation
//!
//! * The four arrangements are DESIGNED data (the rulebook's diagrams are lost), stored as
//!   layout files under `data/` and validated on load; the `arrangement` option takes a
//!   built-in name or a whole layout text ([`parse_arrangement`]).
//! * Every DECISION of spec §13 is the default and every variant there is an option
//!   ([`OPTIONS`]); pinned clarifications of §15 are followed.
//! * A `max_turns` option (default 100) ends an endless game, scored as if declared.
//! * The deal and the Jester's shuffle are chance nodes ([`Chance`]); the player sees face-up
//!   cards and what they have seen and tracked since ([`View`]).
//! * [`solve`] is the exact full-information search, [`solver_policy`] the hidden-information
//!   policy.
//! * `State` implements [`parlour_core::Encoding`] for learners: 1,320 floats per observation
//!   and 433 action ids, one per action, the same for every arrangement (indexed by seat slot).
//!
//! # Example
//!
//! ```
//! use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
//! use parlour_kings_feast::{Action, State};
//!
//! let opts = Options::parse_list(State::OPTIONS, "arrangement=beginners_banquet").unwrap();
//! let mut st = State::new(1, &opts).unwrap();
//! assert_eq!(st.to_act(), ToAct::Chance);
//! let deal = st.sample_chance(&mut rng_from_seed(7));
//! st.apply_chance(deal, &mut ()).unwrap();
//!
//! let mut legal = Vec::new();
//! st.legal_actions(Seat(0), &mut legal);
//! // The King sits face up in the centre: it can always be activated.
//! let king = st.parse_action(Seat(0), "activate 1,1").unwrap();
//! assert!(legal.contains(&king));
//!
//! // Activate a face-up card that is not the King, skip the swap, and end the feast.
//! let other = legal.iter().copied().find(|&a| a != king).unwrap();
//! st.apply(Seat(0), other, &mut ()).unwrap();
//! while st.to_act() != ToAct::Terminal {
//!     st.legal_actions(Seat(0), &mut legal);
//!     let a = if legal.contains(&Action::EndGame) { Action::EndGame } else { legal[0] };
//!     st.apply(Seat(0), a, &mut ()).unwrap();
//! }
//! let outcome = st.outcome().unwrap();
//! assert!(outcome.scores[0] >= 0);
//! println!("{}", st.view(Some(Seat(0))));
//! ```

mod action;
mod arrangement;
mod card;
mod card_data;
mod chance;
mod encoding;
mod event;
mod geometry;
mod legal;
mod metrics;
mod notation;
mod phase;
mod play;
mod preview;
mod registration;
mod resample;
mod resolve;
mod rules;
mod scoring;
mod solver;
mod state;
mod view;

pub use action::{Action, Dir, Pos};
pub use arrangement::{
    Arrangement, ArrangementError, BUILTIN_NAMES, MAX_SIDE, Provenance, SetupToken,
    builtin_arrangement, builtin_text, parse_arrangement, resolve_arrangement,
};
pub use card::{
    ASSASSIN, CARD_COUNT, COACHMAN, CardId, DIPLOMAT, GAMBLER, GUARD, HERMIT, JESTER, KING, KNIGHT,
    LOVERS_I, LOVERS_II, MERCHANT, NOBLE, PRIEST, PRINCESS, QUEEN, SCHOLAR, VIZIER, card_id,
    card_name, has_order, parse_card,
};
pub use card_data::{CardData, Guest, GuestKind, TitleBand};
pub use chance::{Chance, chance_text, parse_chance};
pub use event::Event;
pub use geometry::{Geometry, SeatIdx};
pub use notation::{action_text, parse_action, parse_pos, pos_text};
pub use phase::{Decision, Phase};
pub use preview::{EndNow, Fatal};
pub use registration::REGISTRATION;
pub use rules::{DEFAULT_MAX_TURNS, OPTIONS, Rules};
pub use scoring::{EndReason, score, title};
pub use solver::{
    FastHasher, POLICY_SAMPLES, Plan, SolveLimits, ended_by_assassin, for_each_turn, replay_plan,
    solve, solve_beam, solve_exact, solver_policy,
};
pub use state::State;
pub use view::{Cell, Ending, View};
