//! The deck: card kinds, copies, values, the royal family and the wild cards, read from the
//! DESIGNED data table `data/deck.txt` (spec §2) and validated on load.

use std::fmt;
use std::sync::OnceLock;

use parlour_cards::CardSet;
use thiserror::Error;

/// The shipped deck table (spec §2, DESIGNED). Correct it to match a printed deck.
pub const STANDARD_DECK: &str = include_str!("../data/deck.txt");

/// Most cards a deck may hold (card sets are 128-bit).
pub const MAX_CARDS: usize = 128;
/// Most card kinds a deck may hold.
pub const MAX_KINDS: usize = 64;
/// Fewest cards a deck must hold: four hands of [`crate::HAND_SIZE`] plus the turned-up card.
pub const MIN_CARDS: usize = 4 * crate::HAND_SIZE + 1;

/// A card kind, by its index in the deck table (the table's order is the order of actions).
/// Copies of one kind are interchangeable, so actions name kinds.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Kind(pub u8);

impl Kind {
    /// The kind as an index into per-kind tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One line of the deck table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KindInfo {
    /// snake_case id from the table (`john_knox`).
    pub id: String,
    /// kebab-case id used in notation (`john-knox`).
    pub slug: String,
    /// Printed name.
    pub name: String,
    /// The word a narrow card face shows (`Knox`).
    pub short: String,
    /// Member of the royal family.
    pub royal: bool,
    /// Wild (the Crown Jewels).
    pub wild: bool,
    /// Number of copies.
    pub copies: u8,
    /// Coin value of one copy.
    pub value: i32,
}

/// A deck table that cannot be used, with the line it was found on (0 for the table as a whole).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("deck data line {line}: {message}")]
pub struct DeckError {
    /// 1-based line of the table, or 0 for a fault of the whole table.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> DeckError {
    DeckError {
        line,
        message: message.into(),
    }
}

/// A validated deck. Cards are numbered `0..len`, the copies of each kind consecutive, kinds in
/// table order; a card's id is its kind's slug and its copy number, `john-knox-3`.
#[derive(Clone, PartialEq, Eq)]
pub struct Deck {
    kinds: Vec<KindInfo>,
    card_kind: Vec<Kind>,
    card_ids: Vec<String>,
    kind_masks: Vec<CardSet>,
    all: CardSet,
    royal: CardSet,
    wild: CardSet,
    royal_kinds: u64,
    wild_kinds: u64,
    common_kinds: u64,
    /// The balance lab's `(id, label)` per set type (`metrics.rs`).
    set_type_names: Vec<(String, String)>,
}

impl fmt::Debug for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Deck({} kinds, {} cards)",
            self.kinds.len(),
            self.card_kind.len()
        )
    }
}

fn yes_no(line: usize, field: &str, text: &str) -> Result<bool, DeckError> {
    match text {
        "yes" | "true" => Ok(true),
        "no" | "false" => Ok(false),
        _ => Err(err(
            line,
            format!("column `{field}` must be yes or no, not `{text}`"),
        )),
    }
}

fn valid_id(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !id.ends_with('_')
        && !id.contains("__")
}

impl Deck {
    /// Reads and validates a deck table (the format of `data/deck.txt`).
    ///
    /// # Errors
    /// The first fault found, with its line: a malformed line, a bad or repeated id, a value or
    /// copy count out of range, or a table that breaks the spec's invariants (no royal or wild
    /// kind, a common kind with fewer than 2 copies, fewer than 2 royal cards, a kind both royal
    /// and wild, too few or too many cards).
    pub fn parse(text: &str) -> Result<Deck, DeckError> {
        let mut kinds: Vec<KindInfo> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.trim();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            let mut fields = content.split_whitespace();
            let mut next = |what: &str| {
                fields
                    .next()
                    .ok_or_else(|| err(line, format!("missing column `{what}`")))
            };
            let id = next("kind")?;
            let royal = next("royal")?;
            let wild = next("wild")?;
            let copies = next("copies")?;
            let value = next("value")?;
            let name: Vec<&str> = fields.collect();
            if !valid_id(id) {
                return Err(err(
                    line,
                    format!(
                        "kind `{id}` is not a snake_case id (a-z, 0-9, `_`, starting with a letter)"
                    ),
                ));
            }
            if kinds.iter().any(|k| k.id == id) {
                return Err(err(line, format!("kind `{id}` appears twice")));
            }
            let royal = yes_no(line, "royal", royal)?;
            let wild = yes_no(line, "wild", wild)?;
            if royal && wild {
                return Err(err(
                    line,
                    format!("kind `{id}` cannot be both royal and wild"),
                ));
            }
            let copies: u8 = copies.parse().ok().filter(|c| *c >= 1).ok_or_else(|| {
                err(
                    line,
                    format!("copies of `{id}` must be a whole number from 1, not `{copies}`"),
                )
            })?;
            let value: i32 = value
                .parse()
                .ok()
                .filter(|v| (1..=10_000).contains(v))
                .ok_or_else(|| {
                    err(
                        line,
                        format!(
                            "value of `{id}` must be a whole number from 1 to 10000, not `{value}`"
                        ),
                    )
                })?;
            if !royal && !wild && copies < 2 {
                return Err(err(
                    line,
                    format!(
                        "common kind `{id}` needs at least 2 copies (a set needs two matching naturals)"
                    ),
                ));
            }
            let name = name.join(" ");
            let (name, short) = match name.split_once(" | ") {
                Some((name, short)) => (name.trim(), short.trim()),
                None => (name.as_str(), name.rsplit(' ').next().unwrap_or_default()),
            };
            if name.is_empty() || short.is_empty() {
                return Err(err(line, format!("kind `{id}` has no name")));
            }
            kinds.push(KindInfo {
                id: id.to_owned(),
                slug: id.replace('_', "-"),
                name: name.to_owned(),
                short: short.to_owned(),
                royal,
                wild,
                copies,
                value,
            });
        }
        Self::from_kinds(kinds)
    }

    fn from_kinds(kinds: Vec<KindInfo>) -> Result<Deck, DeckError> {
        if kinds.len() > MAX_KINDS {
            return Err(err(
                0,
                format!("{} kinds, at most {MAX_KINDS} allowed", kinds.len()),
            ));
        }
        if !kinds.iter().any(|k| k.royal) {
            return Err(err(0, "no royal kind (mark at least one kind royal)"));
        }
        if !kinds.iter().any(|k| k.wild) {
            return Err(err(0, "no wild kind (the Crown Jewels)"));
        }
        let royal_cards: usize = kinds
            .iter()
            .filter(|k| k.royal)
            .map(|k| usize::from(k.copies))
            .sum();
        if royal_cards < 2 {
            return Err(err(
                0,
                format!("{royal_cards} royal card in all, at least 2 needed"),
            ));
        }
        let total: usize = kinds.iter().map(|k| usize::from(k.copies)).sum();
        if !(MIN_CARDS..=MAX_CARDS).contains(&total) {
            return Err(err(
                0,
                format!("{total} cards in all, must be {MIN_CARDS} to {MAX_CARDS}"),
            ));
        }
        let mut deck = Deck {
            card_kind: Vec::with_capacity(total),
            card_ids: Vec::with_capacity(total),
            kind_masks: Vec::with_capacity(kinds.len()),
            all: CardSet::first_n(total as u32),
            royal: CardSet::EMPTY,
            wild: CardSet::EMPTY,
            royal_kinds: 0,
            wild_kinds: 0,
            common_kinds: 0,
            set_type_names: crate::metrics::set_type_names(&kinds),
            kinds,
        };
        for (k, info) in deck.kinds.iter().enumerate() {
            let mut mask = CardSet::EMPTY;
            for copy in 1..=info.copies {
                let card = deck.card_kind.len() as u8;
                mask.insert(card);
                deck.card_kind.push(Kind(k as u8));
                deck.card_ids.push(format!("{}-{copy}", info.slug));
            }
            deck.kind_masks.push(mask);
            if info.royal {
                deck.royal = deck.royal.or(mask);
                deck.royal_kinds |= 1 << k;
            } else if info.wild {
                deck.wild = deck.wild.or(mask);
                deck.wild_kinds |= 1 << k;
            } else {
                deck.common_kinds |= 1 << k;
            }
        }
        Ok(deck)
    }

    /// The shipped deck of `data/deck.txt`, read once.
    ///
    /// # Errors
    /// The table's first fault, if someone edited it into an unusable state.
    pub fn standard() -> Result<&'static Deck, &'static DeckError> {
        static DECK: OnceLock<Result<Deck, DeckError>> = OnceLock::new();
        DECK.get_or_init(|| Deck::parse(STANDARD_DECK)).as_ref()
    }

    /// The kinds in table order.
    #[must_use]
    pub fn kinds(&self) -> &[KindInfo] {
        &self.kinds
    }

    /// Number of kinds.
    #[must_use]
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// Number of cards.
    #[must_use]
    pub fn len(&self) -> usize {
        self.card_kind.len()
    }

    /// Whether the deck has no card (never true of a validated deck).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.card_kind.is_empty()
    }

    /// Every card.
    #[must_use]
    pub fn all(&self) -> CardSet {
        self.all
    }

    /// One kind's data.
    #[must_use]
    pub fn info(&self, kind: Kind) -> &KindInfo {
        &self.kinds[kind.index()]
    }

    /// The kind of a card.
    #[must_use]
    pub fn kind_of(&self, card: u8) -> Kind {
        self.card_kind[usize::from(card)]
    }

    /// The copies of a kind.
    #[must_use]
    pub fn mask(&self, kind: Kind) -> CardSet {
        self.kind_masks[kind.index()]
    }

    /// Every royal card.
    #[must_use]
    pub fn royal_cards(&self) -> CardSet {
        self.royal
    }

    /// Every wild card.
    #[must_use]
    pub fn wild_cards(&self) -> CardSet {
        self.wild
    }

    /// The royal kinds as a bit mask over kind indices.
    #[must_use]
    pub fn royal_kinds(&self) -> u64 {
        self.royal_kinds
    }

    /// The wild kinds as a bit mask over kind indices.
    #[must_use]
    pub fn wild_kinds(&self) -> u64 {
        self.wild_kinds
    }

    /// The common kinds (neither royal nor wild) as a bit mask over kind indices.
    #[must_use]
    pub fn common_kinds(&self) -> u64 {
        self.common_kinds
    }

    /// Whether a kind is royal.
    #[must_use]
    pub fn is_royal(&self, kind: Kind) -> bool {
        self.royal_kinds >> kind.0 & 1 == 1
    }

    /// Whether a kind is wild.
    #[must_use]
    pub fn is_wild(&self, kind: Kind) -> bool {
        self.wild_kinds >> kind.0 & 1 == 1
    }

    /// The value of one card.
    #[must_use]
    pub fn value(&self, card: u8) -> i32 {
        self.kinds[self.kind_of(card).index()].value
    }

    /// The total value of a set of cards.
    #[must_use]
    pub fn value_of(&self, cards: CardSet) -> i32 {
        self.kind_masks
            .iter()
            .zip(&self.kinds)
            .map(|(m, k)| cards.and(*m).len() as i32 * k.value)
            .sum()
    }

    /// How many copies of `kind` are in `cards`.
    #[must_use]
    pub fn count(&self, cards: CardSet, kind: Kind) -> u32 {
        cards.and(self.mask(kind)).len()
    }

    /// The kinds present in `cards`, as a bit mask over kind indices.
    #[must_use]
    pub fn kinds_in(&self, cards: CardSet) -> u64 {
        let mut bits = 0;
        for (k, m) in self.kind_masks.iter().enumerate() {
            if !cards.and(*m).is_empty() {
                bits |= 1 << k;
            }
        }
        bits
    }

    /// A card's id, `john-knox-3`.
    #[must_use]
    pub fn card_id(&self, card: u8) -> &str {
        &self.card_ids[usize::from(card)]
    }

    /// The `(id, label)` of each set type in the balance lab's metrics: every common kind in
    /// table order, then the royal family.
    pub(crate) fn set_type_names(&self) -> &[(String, String)] {
        &self.set_type_names
    }

    /// A kind's notation id, `john-knox`.
    #[must_use]
    pub fn slug(&self, kind: Kind) -> &str {
        &self.kinds[kind.index()].slug
    }

    /// Reads a kind by its kebab-case or snake_case id.
    #[must_use]
    pub fn parse_kind(&self, text: &str) -> Option<Kind> {
        let slug = text.trim().to_ascii_lowercase().replace('_', "-");
        self.kinds
            .iter()
            .position(|k| k.slug == slug)
            .map(|i| Kind(i as u8))
    }

    /// Reads a card by its id (`john-knox-3`).
    #[must_use]
    pub fn parse_card(&self, text: &str) -> Option<u8> {
        let (kind, copy) = text.trim().rsplit_once('-')?;
        let kind = self.parse_kind(kind)?;
        let copy: u32 = copy.parse().ok()?;
        if copy == 0 {
            return None;
        }
        self.mask(kind).nth(copy - 1)
    }

    /// The ids of `cards`, space-separated, in card order.
    #[must_use]
    pub fn cards_text(&self, cards: CardSet) -> String {
        let ids: Vec<&str> = cards.iter().map(|c| self.card_id(c)).collect();
        ids.join(" ")
    }

    /// The card ids of `cards`, in card order.
    #[must_use]
    pub fn card_ids(&self, cards: CardSet) -> Vec<String> {
        cards.iter().map(|c| self.card_id(c).to_owned()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(kind: &str, royal: &str, wild: &str, copies: &str, value: &str) -> String {
        format!("{kind} {royal} {wild} {copies} {value} Name of {kind}\n")
    }

    /// A valid table to break one way at a time.
    fn good() -> String {
        let mut t = String::new();
        for k in ["a", "b", "c", "d", "e"] {
            t += &line(k, "no", "no", "8", "5");
        }
        t += &line("queen", "yes", "no", "2", "50");
        t += &line("jewel", "no", "yes", "4", "25");
        t
    }

    #[test]
    fn standard_deck_matches_the_spec_totals() {
        let deck = Deck::standard().expect("the shipped deck is valid");
        assert_eq!(deck.len(), 108);
        assert_eq!(deck.kind_count(), 17);
        assert_eq!(deck.value_of(deck.all()), 1500);
        assert_eq!(deck.royal_cards().len(), 12);
        assert_eq!(deck.wild_cards().len(), 8);
        let king = deck.parse_kind("king_james").unwrap();
        assert!(deck.is_royal(king));
        assert_eq!(deck.count(deck.all(), king), 4);
        assert_eq!(deck.info(king).value, 25);
        assert_eq!(deck.card_id(0), "mary-seton-1");
        assert_eq!(deck.parse_card("crown-jewels-8"), Some(107));
        assert_eq!(deck.parse_card("crown-jewels-9"), None);
        assert_eq!(deck.parse_card("crown-jewels-0"), None);
    }

    #[test]
    fn a_good_table_loads() {
        let deck = Deck::parse(&good()).unwrap();
        assert_eq!(deck.len(), 46);
        assert_eq!(deck.info(Kind(5)).slug, "queen");
    }

    fn fails(text: &str, line: usize, needle: &str) {
        let e = Deck::parse(text).expect_err("the table is bad");
        assert_eq!(e.line, line, "{e}");
        assert!(e.to_string().contains(needle), "`{e}` lacks `{needle}`");
    }

    #[test]
    fn validator_rejects_malformed_lines() {
        fails(&(good() + "f no no 8\n"), 8, "missing column `value`");
        fails(&(good() + "f no no 8 5\n"), 8, "has no name");
        fails(&(good() + "F no no 8 5 X\n"), 8, "snake_case");
        fails(&(good() + "a no no 8 5 X\n"), 8, "appears twice");
        fails(&(good() + "f maybe no 8 5 X\n"), 8, "yes or no");
        fails(&(good() + "f no no 0 5 X\n"), 8, "copies of `f`");
        fails(&(good() + "f no no 8 -5 X\n"), 8, "value of `f`");
        fails(&(good() + "f no no 8 0 X\n"), 8, "value of `f`");
        fails(&(good() + "f yes yes 2 5 X\n"), 8, "both royal and wild");
    }

    #[test]
    fn validator_rejects_a_common_kind_with_one_copy_but_not_a_royal() {
        fails(&(good() + "f no no 1 5 X\n"), 8, "at least 2 copies");
        assert!(Deck::parse(&(good() + "king yes no 1 5 X\n")).is_ok());
    }

    #[test]
    fn validator_checks_the_whole_table() {
        let no_royal = good().replace("queen yes", "queen no");
        fails(&no_royal, 0, "no royal kind");
        let no_wild = good().replace("jewel no yes", "jewel no no");
        fails(&no_wild, 0, "no wild kind");
        let one_royal = good().replace("queen yes no 2", "queen yes no 1");
        fails(&one_royal, 0, "1 royal card in all");
        let small = good().replace("e no no 8", "e no no 2");
        fails(&small, 0, "40 cards in all");
        let big = good() + &line("f", "no", "no", "90", "5");
        fails(&big, 0, "136 cards in all");
    }
}
