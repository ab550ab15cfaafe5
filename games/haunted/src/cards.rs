//! The deck as data: card types, terror kinds and support-card effects, read from
//! `data/cards.txt` and validated on load (spec §1).
//!
//! The table is the single source of truth for what a card is and does: a person holding the
//! printed deck can correct a RECONSTRUCTED or DESIGNED card by editing the text file, and
//! [`Deck::parse`] reports any mistake with its line number.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::LazyLock;

use parlour_cards::CardSet;
use parlour_core::KeptData;

/// The card table shipped with the crate.
pub const CARD_DATA: &str = include_str!("../data/cards.txt");

/// Most cards a deck may hold (the width of [`CardSet`]).
pub const MAX_CARDS: usize = 128;

/// The `cards` option's default: the table shipped in `data/cards.txt`.
pub const STANDARD_NAME: &str = "standard";

/// Most distinct card tables one process keeps (see [`Deck::resolve`]).
pub const MAX_DECKS: usize = 256;

/// Fewest Settings, Focuses and Hidden Terrors a deck may hold: one player's three lines.
pub const MIN_ESSENTIALS: u32 = 3;

mod card;
mod effect;
mod parse;

pub use card::{Card, CardType, Provenance};
pub use effect::Effect;

/// A terror kind (§1.5).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Kind {
    /// Kebab-case id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The kind it is read as by default (itself when it has no `same-as`).
    pub same_as: u8,
}

/// One row of the card table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardInfo {
    /// Kebab-case id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Type.
    pub card_type: CardType,
    /// How sure the wording is.
    pub provenance: Provenance,
    /// Alphabetical key: the letters of the name, upper-cased (§3, D29).
    pub key: String,
    /// Setting: the Focuses it accepts.
    pub accepts: CardSet,
    /// Focus: the terror kinds it summons (bit per kind index, as printed).
    pub summons: u8,
    /// Setting: its Focuses' indices; Focus: its kinds' indices; each as the table lists them
    /// (the order a page prints them in).
    pub listed: Vec<u8>,
    /// Terror: its kind index (as printed).
    pub kind: u8,
    /// Support card: its effect.
    pub effect: Option<Effect>,
    /// Has the `curse` mode (Psychic, Pleasant Company).
    pub curse: bool,
    /// Protects against Coach and Horses while held.
    pub blocks_coach: bool,
    /// May reach a Focus on any own line with `removal_any_own_line`.
    pub reach: bool,
    /// Only playable on a line with a Setting.
    pub needs_setting: bool,
    /// Only playable on a line whose top card is a Focus.
    pub needs_focus: bool,
    /// Only playable in phase 1 (on an opponent's line).
    pub attack_only: bool,
}

/// A mistake in the card table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DataError {
    /// 1-based line of the table (0 for whole-table problems).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "card table: {}", self.message)
        } else {
            write!(f, "card table line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for DataError {}

/// The validated deck with lookup tables derived from it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deck {
    /// Every card, by index.
    pub cards: Vec<CardInfo>,
    /// Every terror kind, by index.
    pub kinds: Vec<Kind>,
    by_type: [CardSet; CardType::COUNT],
    designed: CardSet,
    /// Per Focus, the terror cards it summons: `[default reading, fatal_possession_distinct]`.
    summoned: [Vec<CardSet>; 2],
    /// Cards by alphabetical rank (`alpha[c]` = rank of card `c`).
    alpha: Vec<u8>,
    ids: BTreeMap<String, u8>,
    /// Each printed name once, in table order (copies of a card share a name).
    names: Vec<String>,
    /// Each card's index into `names`.
    name_of: Vec<u16>,
}

static DECK: LazyLock<Deck> = LazyLock::new(|| match Deck::parse(CARD_DATA) {
    Ok(d) => d,
    Err(e) => panic!("the card table shipped with the crate is invalid: {e}"),
});

/// The deck shipped with the crate (the `cards` option at its default).
///
/// # Panics
/// Only if `data/cards.txt` is invalid, which the crate's tests rule out.
#[must_use]
pub fn deck() -> &'static Deck {
    &DECK
}

impl Deck {
    /// Each printed name once, in table order: the lab's card catalogue.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Each card's index into [`Deck::names`].
    #[must_use]
    pub fn name_index(&self) -> &[u16] {
        &self.name_of
    }

    /// The card table the `cards` option names: `standard`, or a whole table in the
    /// `data/cards.txt` format.
    ///
    /// A state holds its deck by reference, as it holds the standard one, so that copying a
    /// state in search costs no more than before and a card's id lives as long as the process;
    /// each distinct table is therefore validated once and kept for the life of the process, at
    /// most [`MAX_DECKS`] of them.
    ///
    /// # Errors
    /// A table that does not validate ([`Deck::parse`]), a one-line value that is not
    /// `standard`, or more distinct tables than [`MAX_DECKS`].
    pub fn resolve(value: &str) -> Result<&'static Deck, DataError> {
        if value.trim() == STANDARD_NAME {
            return Ok(deck());
        }
        if !value.trim().contains('\n') {
            return Err(DataError {
                line: 0,
                message: format!(
                    "unknown card table `{}` (built in: {STANDARD_NAME}; or give a whole table)",
                    value.trim()
                ),
            });
        }
        static KEPT: KeptData<Deck> = KeptData::new(MAX_DECKS);
        KEPT.get_or_parse(value, Deck::parse)?
            .ok_or_else(|| DataError {
                line: 0,
                message: format!("more than {MAX_DECKS} different card tables in one process"),
            })
    }

    /// Whether this is the deck shipped with the crate.
    #[must_use]
    pub fn is_standard(&self) -> bool {
        std::ptr::eq(self, deck())
    }

    /// A card's table entry.
    ///
    /// # Panics
    /// If `c` is not a card of this deck (cards come from its own sets and lookups).
    #[must_use]
    pub fn info(&self, c: Card) -> &CardInfo {
        &self.cards[c.0 as usize]
    }

    /// A card's kebab-case id (`roadside-inn`).
    #[must_use]
    pub fn id(&self, c: Card) -> &str {
        &self.info(c).id
    }

    /// A card's type.
    #[must_use]
    pub fn card_type(&self, c: Card) -> CardType {
        self.info(c).card_type
    }

    /// Number of cards in the table.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the table is empty (never, once validated).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Finds a card by id; snake_case ids are accepted too.
    #[must_use]
    pub fn find(&self, id: &str) -> Option<Card> {
        if id.contains('_') {
            self.ids.get(&id.replace('_', "-")).map(|&i| Card(i))
        } else {
            self.ids.get(id).map(|&i| Card(i))
        }
    }

    /// The cards of one type.
    #[must_use]
    pub fn of_type(&self, ty: CardType) -> CardSet {
        self.by_type[ty as usize]
    }

    /// Every card of the table.
    #[must_use]
    pub fn all(&self) -> CardSet {
        CardSet::first_n(self.cards.len() as u32)
    }

    /// The DESIGNED cards (left out with `five_terrors`).
    #[must_use]
    pub fn designed(&self) -> CardSet {
        self.designed
    }

    /// Essential cards.
    #[must_use]
    pub fn essentials(&self) -> CardSet {
        self.of_type(CardType::Setting)
            .or(self.of_type(CardType::Focus))
            .or(self.of_type(CardType::Terror))
    }

    /// The terror cards Focus `focus` summons under the default reading or, with `distinct`,
    /// under `fatal_possession_distinct`.
    #[must_use]
    pub fn summoned_by(&self, focus: Card, distinct: bool) -> CardSet {
        self.summoned[usize::from(distinct)][focus.0 as usize]
    }

    /// Whether a cancel card of kind `kind` cancels terror card `terror` (always by the merged
    /// reading: both possession cards fall to Arrested and Sudden Inspiration).
    #[must_use]
    pub fn cancels(&self, kind: u8, terror: Card) -> bool {
        let tk = self.cards[terror.0 as usize].kind;
        self.kinds[tk as usize].same_as == self.kinds[kind as usize].same_as
    }

    /// Alphabetical rank of a card's name (§3): lower comes first.
    #[must_use]
    pub fn alpha_rank(&self, c: Card) -> u8 {
        self.alpha[c.0 as usize]
    }
}

/// The deck a game is played with, as a state holds it: copied for free, equal only to the
/// same table (each distinct table is kept once, [`Deck::resolve`]).
#[derive(Clone, Copy)]
pub(crate) struct DeckRef(pub(crate) &'static Deck);

impl PartialEq for DeckRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for DeckRef {}

impl fmt::Debug for DeckRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_standard() {
            f.write_str(STANDARD_NAME)
        } else {
            write!(f, "a table of {} cards", self.0.len())
        }
    }
}
