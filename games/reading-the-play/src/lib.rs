//! # Reading the Play
//!
//! *Reading the Play, a card game about the King in Yellow*, by Rob Justice, for 3 to 6
//! players (spec `reading-the-play.md`; there is no pagat page for it).
//!
//! ## Rules summary
//!
//! 36 cards: 28 Line cards numbered 289 to 316 and cut into stanzas, 6 Yellow Signs, 2 Elder
//! Signs. Everyone is dealt two cards; everyone points at someone else at once, and the most
//! pointed-at player goes first. On a turn the Player
//!
//! 1. draws a card, or trades: names Traders, everyone involved puts one card face down at
//!    once (the Player never a Yellow Sign), the Player looks at the pool, keeps one card (a
//!    Yellow Sign if there is one) and hands one back to each Trader;
//! 2. may play an Elder Sign to cancel a Yellow Sign;
//! 3. loses the game for everybody when holding three Yellow Signs;
//! 4. may start a Sequence with two consecutive Lines, must with three, and must play any held
//!    Line that continues it at either end;
//! 5. may reveal Line 316, ending the game, unless another player answers with Line 315; with
//!    315 and 316 in hand and no Sequence yet, may play both as a Sequence and end the game.
//!
//! The longest stretch of one stanza inside a player's Sequence is their score; the highest
//! score wins.
//!
//! ## Notes on this implementation
//!
//! * The card list is DESIGNED data (`data/lines.txt`, [`LineTable`]), validated on load; the
//!   rules look up Lines 315 and 316 as the two largest numbers.
//! * Every spec DECISION is the default: 3 to 6 players; the pointing vote is a simultaneous
//!   secret choice, taken again on a tie, decided by lot after three tied votes; trades with 1
//!   to all eligible others; leftover Yellow Signs are handed out like any card; an Elder Sign
//!   removes itself and one Yellow Sign; three *or more* Yellow Signs lose, checked only in the
//!   Player's phase 3; a Sequence starts with a whole maximal run; one Sequence per player;
//!   Line 316 never plays in phase 4; after a 315 interrupt, 315 joins the interrupter's
//!   Sequence if it fits (else is removed) and 316 goes back to the revealer; ties share the
//!   win and a top score of 0 means nobody wins; after the last card is drawn a final round is
//!   played; a turn limit of 400 completed turns (spec §12.1) ends and scores the game.
//! * Variants ([`OPTIONS`]): `two_player`, `first_player_random`, `elder_sign_reshuffles`,
//!   `interrupted_316_reshuffles`, `tiebreak_total_length`, `deck_out_immediate_end`,
//!   `turn_limit`.
//! * Identical signs have one id (`yellow-sign`, `elder-sign`) everywhere, so a trade pool never
//!   shows who gave which card; the Player sees the pool sorted.
//! * The Player's private steps (Elder Sign, sequencing, Line 316) are asked only when they
//!   apply, as the spec's action model says; other seats' views call all of them `player-turn`.
//! * The learning encoding ([`Encoding`](parlour_core::Encoding), `src/encoding.rs`) sees
//!   seats relative to the observer and spells every action by one id.
//! * An all-lose end and a top score of 0 give an [`Outcome`](parlour_core::Outcome) with no
//!   winners.
//!
//! ## Example
//!
//! ```
//! use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
//! use parlour_reading_the_play::{Action, State};
//!
//! let options = Options::parse_list(State::OPTIONS, "first_player_random").unwrap();
//! let mut state = State::new(4, &options).unwrap();
//! let mut rng = rng_from_seed(7);
//! // Shuffle and deal, then draw the first Player by lot.
//! while state.to_act() == ToAct::Chance {
//!     let c = state.sample_chance(&mut rng);
//!     state.apply_chance(c, &mut ()).unwrap();
//! }
//! let player = state.to_act().first_seat().unwrap();
//! let mut legal = Vec::new();
//! state.legal_actions(player, &mut legal);
//! assert_eq!(legal[0], Action::Draw);
//! assert_eq!(state.action_text(legal[0]), "draw");
//! state.apply(player, Action::Draw, &mut ()).unwrap();
//! // Play on at random to the end.
//! let steps = parlour_testkit_free_playout(&mut state, &mut rng);
//! assert!(steps > 0);
//! let outcome = state.outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 4);
//! # fn parlour_testkit_free_playout(state: &mut State, rng: &mut parlour_core::GameRng) -> u32 {
//! #     use rand::Rng;
//! #     let mut buf = Vec::new();
//! #     let mut steps = 0;
//! #     loop {
//! #         match state.to_act() {
//! #             ToAct::Terminal => return steps,
//! #             ToAct::Chance => { let c = state.sample_chance(rng); state.apply_chance(c, &mut ()).unwrap(); }
//! #             ToAct::Seats(s) => {
//! #                 let seat = s.first().unwrap();
//! #                 state.legal_actions(seat, &mut buf);
//! #                 let a = buf[rng.random_range(0..buf.len())];
//! #                 state.apply(seat, a, &mut ()).unwrap();
//! #                 steps += 1;
//! #             }
//! #         }
//! #     }
//! # }
//! ```

mod action;
mod card;
mod card_data;
mod chance;
mod encoding;
mod event;
mod knowledge;
mod lines;
mod metrics;
mod notation;
mod phase;
mod registration;
mod resample;
mod rules;
mod scoring;
mod state;
mod view;

pub use action::{Action, Traders};
pub use card::{CardRef, DECK_SIZE, ELDER_COUNT, HAND_SIZE, Kind, LINE_COUNT, YELLOW_COUNT};
pub use card_data::{CardData, LineEntry, StanzaEntry};
pub use chance::{Chance, chance_text};
pub use event::Event;
pub use lines::{
    DataError, LineCard, LineTable, MAX_TABLES, STANDARD_LINES, STANDARD_NAME, Stanza,
};
pub use notation::{action_text, parse_action};
pub use phase::{AfterShuffle, End, Phase};
pub use registration::REGISTRATION;
pub use rules::{DEFAULT_TURN_LIMIT, OPTIONS, Rules};
pub use scoring::sequence_score;
pub use state::{MAX_SEATS, State};
pub use view::{SeatView, TradeView, View};
