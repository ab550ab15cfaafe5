//! Queen of Scots (Nadine Chestnut, Tin Robot Games): a set-collection rummy game in the Canasta
//! family, whose discard pile can be taken whole. Spec: `queen-of-scots.md`.
//!
//! # Rules summary
//!
//! * 2–4 players, 108 cards (DESIGNED deck, `data/deck.txt`): eleven common characters, five
//!   royal kinds (any two royals match each other) and the wild Crown Jewels. Each card has a
//!   value.
//! * A round: 11 cards each, one card turned up to start the pile, the rest is the stock. On a
//!   turn a player picks up (draws the top stock card, or takes the whole pile by laying its top
//!   card down at once with two matching naturals from the hand), then lays down new sets (three
//!   or more matching cards, all of one character or all royal, with any number of Crown Jewels
//!   but at least two naturals) and adds to their own sets, then discards one card.
//! * The round ends at once when a player empties their hand, or when the stock is empty and
//!   the player to pick up does not take the pile. Each player scores the value of their sets
//!   minus the value of their hand. The first dealer is random; the deal passes left.
//! * The game ends after a round in which a total reached 1000; the highest total wins.
//!
//! # Notes on this implementation
//!
//! Every DECISION of the spec is the default and every named variant an option:
//!
//! * The deck is DESIGNED data (spec §2), read from `data/deck.txt` and validated on load
//!   ([`Deck::parse`]); correct that file to match a printed deck. Copies of a kind are
//!   interchangeable, so actions name kinds; cards have ids `john-knox-3` in views, events and
//!   chance outcomes.
//! * A new set is laid down as exactly three cards and grown with `add` in the same turn (spec
//!   §11): this reaches every legal set while keeping each decision's legal list small (at most
//!   a few dozen melds), instead of the exponentially many subsets of a large hand.
//! * Melding, adding and discarding are one decision point; the discard ends the turn (§14.4).
//! * Taking the pile needs two matching naturals already in hand (wilds and table sets do not
//!   count); a royal top card is matched by any two royals; the Crown Jewels on top need two
//!   Crown Jewels in hand and an immediate place (an own set, or a new set with a pair from the
//!   hand). Taking the other cards of the pile into sets is optional. Taking the pile can go out.
//! * Stock empty at a pick-up: take the pile if legal, or pass and the round ends unscored by a
//!   going-out (`stock_out_reshuffle`: once per round the pile under its top card becomes a new
//!   stock instead).
//! * No going-out bonus (`going_out_bonus`); ties for the top total share the win
//!   (`tiebreak_extra_round`); `target_score` (default 1000) may be lowered for a quick game;
//!   the whole pile is public (`pile_top_only_visible` shows only its top);
//!   `crown_jewel_top_takes_single` takes only the Crown Jewels from the top.
//! * Every game ends: `max_rounds` (default 200) ends the game whatever the totals. A round is
//!   always finite without a turn limit: every pile take lays at least one card on the table for
//!   good, every draw shrinks the stock, and the stock is refilled at most once per round.
//! * The learning encoding ([`Encoding`](parlour_core::Encoding), `src/encoding.rs`) sees
//!   seats relative to the observer and names a set by its type and place among its owner's
//!   sets of that type, so every action is one id.
//! * Cards taken from the pile and Crown Jewels shown for a take are publicly known to be in the
//!   taker's hand until they leave it; when a player plays a kind they hold both known and
//!   unknown copies of, a known copy leaves first. After a round is scored every hand is open.
//!
//! # Example
//!
//! ```
//! use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
//! use parlour_queen_of_scots::{Action, State};
//!
//! let options = Options::parse_list(State::OPTIONS, "target_score=100").unwrap();
//! let mut state = State::new(4, &options).unwrap();
//! let mut rng = rng_from_seed(7);
//! // Chance nodes: the first dealer, then the deal.
//! while state.to_act() == ToAct::Chance {
//!     let c = state.sample_chance(&mut rng);
//!     state.apply_chance(c, &mut ()).unwrap();
//! }
//! let seat = state.to_act().first_seat().unwrap();
//! let mut legal = Vec::new();
//! state.legal_actions(seat, &mut legal);
//! assert!(legal.contains(&Action::DrawStock));
//! let mut events = Vec::new();
//! state.apply(seat, Action::DrawStock, &mut events).unwrap();
//! assert_eq!(state.hand(seat).len(), 12);
//! // Play on with the first legal action until the game ends.
//! loop {
//!     match state.to_act() {
//!         ToAct::Terminal => break,
//!         ToAct::Chance => {
//!             let c = state.sample_chance(&mut rng);
//!             state.apply_chance(c, &mut ()).unwrap();
//!         }
//!         ToAct::Seats(seats) => {
//!             let seat = seats.first().unwrap();
//!             state.legal_actions(seat, &mut legal);
//!             state.apply(seat, legal[0], &mut ()).unwrap();
//!         }
//!     }
//! }
//! let outcome = state.outcome().unwrap();
//! assert!(!outcome.winners.is_empty());
//! ```

mod action;
mod card_data;
mod chance;
mod deck;
mod encoding;
mod event;
mod metrics;
mod notation;
mod pickup;
mod play;
mod registration;
mod resample;
mod rules;
mod scoring;
mod state;
mod table;
mod view;

pub use action::{Action, JewelPlacement, SetId};
pub use card_data::{CardData, KindEntry};
pub use chance::{Chance, Dealt, check_order, deal};
pub use deck::{Deck, DeckError, Kind, KindInfo, MAX_CARDS, MAX_KINDS, MIN_CARDS, STANDARD_DECK};
pub use event::Event;
pub use notation::{action_text, parse_action};
pub use registration::REGISTRATION;
pub use rules::{OPTIONS, Settings, options};
pub use scoring::{RoundEnd, RoundResult, game_ends, leaders, round_score};
pub use state::{HAND_SIZE, MAX_PLAYERS, Phase, State};
pub use table::{SetType, TableSet};
pub use view::{PlayPreview, RoundView, SeatView, SetView, View};
