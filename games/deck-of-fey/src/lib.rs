//! The Deck of Fey pieces that Troll Tricker, Rebel Runs and Holy Matrimony share
//! (spec `deck-of-fey.md` §1): the 88 cards, the eight signs, the mat with its sign
//! relationships, the common setup of tokens and first player, and the table ([`FeyTable`]:
//! the mat and each seat's sign) with its chance events.
//!
//! ```
//! use parlour_fey::{Card, Mat, Relation, Sign};
//!
//! // Reference mat MAT-A of the spec: fey Bone, the rest in traditional order.
//! let mat = Mat::traditional(Sign::Bone);
//! assert_eq!(mat.relation(Sign::Star, Sign::Flame), Relation::Harmonious);
//! assert_eq!(mat.relation(Sign::Star, Sign::Bone), Relation::Fey);
//! assert_eq!(Card::parse("flame-6"), Some(Card::new(Sign::Flame, 6)));
//! ```

mod card;
mod card_data;
mod draw;
mod encoding;
mod mat;
mod narration;
mod rules;
mod setup;
mod sign;
mod sign_points;
mod table;

/// "How to play" of the Deck of Fey and its mat, for players, in Markdown: the part every game
/// played with it shares ([`parlour_core::Registration::how_to_play`]).
pub const HOW_TO_PLAY: &str = include_str!("../data/how-to-play.md");

pub use card::Card;
pub use card_data::{CardData, SignData, TypeData};
pub use draw::Draw;
pub use encoding::{
    CARD_PLANE, Planes, TABLE_SEAT_LEN, relation_index, relative, set_cards, table_len,
};
pub use mat::{Mat, Relation};
pub use narration::{cards_printed, printed_names};
pub use rules::FeyRules;
pub use setup::{
    FirstPlayer, TableSetup, card_name, cards_text, full_deck, layout_text, options, parse_cards,
    parse_layout, sample_layout,
};
pub use sign::Sign;
pub use sign_points::SignPoints;
pub use table::FeyTable;
