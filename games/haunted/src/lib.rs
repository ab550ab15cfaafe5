//! # Haunted
//!
//! *Haunted* (Pete Lynn, Arcadia, 2002) for 2–6 players: every player tends three doomed
//! characters ("lines"). A line is built bottom up from a **Setting**, a **Focus** the Setting
//! accepts and a **Hidden Terror** the Focus summons; once a terror survives its owner's defence
//! window the line is **complete**. Players attack each other's lines and defend their own with
//! 81 cards (10 Settings, 15 Focuses, 6 Hidden Terrors, 20 Events, 20 Actions, 10
//! Acquaintances). The game ends the moment a player has three complete lines: that player
//! loses, and the others score 13 per complete line and 3 per card in an incomplete line;
//! the lowest score wins.
//!
//! A turn (spec §4): turn start (normal turn or Redraw), phase 1 (the active player plays on
//! other players' lines, one card per line), phase 2 (each other player, clockwise, may play
//! defensive cards against fresh cards on their own lines), phase 3 (everyone, the active player
//! first, plays on their own lines), phase 4 (discard one), phase 5 (refill to 7), phase 6 (play
//! passes left).
//!
//! The normative rules are `rules/haunted.md` of the project (a clean reading of a badly
//! scanned rulebook); every card is data in `data/cards.txt` ([`Deck`]), validated on load.
//!
//! ## Notes on this implementation
//!
//! * Every DECISION of the spec (D1–D40) and its pinned clarifications are the defaults; every
//!   named variant is an option ([`OPTIONS`]). `round_limit` is 30 rounds of turn slots by
//!   default (0 turns it off), as the spec's pinned clarification 11 says.
//! * Card ids are kebab-case (`roadside-inn`); snake_case ids of the spec are read too.
//! * Every random event is a chance node stated by card ids: the first-player draw (one card
//!   per seat), the shuffle for the deal, lazy reshuffles of the discard pile, the card taken
//!   by a random take, and the stockpile shuffle after Hidden Compartment's tie draw.
//! * The three Lap of the Gods cards are discarded as soon as the row is known, before the row
//!   is applied.
//! * With `forfeit_taken_card_discarded` the taken card goes to the discard pile and the taker
//!   still gives a replacement, without discarding afterwards.
//! * With `refill_replace_used_only` the active player draws as many cards as they played and
//!   discarded during their own turn.
//! * `tiebreak_short_game` plays a tie for the lowest score off inside the same state (§6): the
//!   ended game's table stays in view until the tie-break's first-player draw (a chance node,
//!   one card per tied seat) gathers every card; the tied seats then play a short game (deal
//!   9, refill 9, the first complete line loses) while the others sit out and never act. A
//!   tie left for its lowest score is played off again; the round limit applies to each
//!   tie-break too, and a tie-break it stops is shared by its players. `scores()` and the
//!   outcome's scores stay the main game's; the outcome's winners are the tie-break's.
//! * `State` implements [`parlour_core::Encoding`] for learners: an observation of 211·n + 637
//!   floats with seats relative to the observer, and 253·n + 249 action ids; a set of cards is
//!   spelt card by card and closed by `done` (at most three ids).
//!
//! ```
//! use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
//! use parlour_haunted::{Action, State};
//!
//! let mut state = State::new(4, &Options::defaults(State::OPTIONS)).unwrap();
//! let mut rng = rng_from_seed(7);
//! // First-player draw and deal are chance nodes.
//! while state.to_act() == ToAct::Chance {
//!     let c = state.sample_chance(&mut rng);
//!     state.apply_chance(c, &mut ()).unwrap();
//! }
//! let seat = state.to_act().first_seat().unwrap();
//! let mut legal = Vec::new();
//! state.legal_actions(seat, &mut legal);
//! assert_eq!(legal, [Action::BeginTurn, Action::Redraw]);
//! state.apply(seat, Action::BeginTurn, &mut ()).unwrap();
//! // Play on to the end with the first legal action each time.
//! while state.to_act() != ToAct::Terminal {
//!     match state.to_act() {
//!         ToAct::Chance => {
//!             let c = state.sample_chance(&mut rng);
//!             state.apply_chance(c, &mut ()).unwrap();
//!         }
//!         to_act => {
//!             let s = to_act.first_seat().unwrap();
//!             state.legal_actions(s, &mut legal);
//!             let a = *legal.last().unwrap();
//!             state.apply(s, a, &mut ()).unwrap();
//!         }
//!     }
//! }
//! let outcome = state.outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 4);
//! assert!(!outcome.winners.is_empty());
//! ```

mod action;
mod card_data;
mod cards;
mod chance;
mod effects;
mod encoding;
mod event;
mod flow;
mod metrics;
mod notation;
mod play;
mod procedures;
mod prompt;
mod registration;
mod resample;
mod rules;
mod scoring;
mod state;
mod task;
mod tiebreak;
mod view;

pub use action::{Action, LineRef};
pub use card_data::{CARD_TEXTS, CardData, CardEntry, KindEntry};
pub use cards::{
    CARD_DATA, Card, CardInfo, CardType, DataError, Deck, Effect, Kind, MAX_CARDS, MAX_DECKS,
    MIN_ESSENTIALS, Provenance, STANDARD_NAME, deck,
};
pub use chance::Chance;
pub use event::Event;
pub use notation::{action_text, chance_text, line_text, parse_action, parse_line};
pub use play::Reject;
pub use procedures::lap_row;
pub use registration::REGISTRATION;
pub use rules::{OPTIONS, Rules};
pub use scoring::{
    CARD_IN_LINE, COMPLETE_LINE, evaluate, outcome, ranking, record_scores, score, scores, winners,
};
pub use state::{Line, MAX_PLAYERS, Phase, State};
pub use view::{LineView, TieBreakView, View};
#[cfg(test)]
mod tests;
