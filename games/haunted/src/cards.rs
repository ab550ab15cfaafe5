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
use serde::Serialize;

/// The card table shipped with the crate.
pub const CARD_DATA: &str = include_str!("../data/cards.txt");

/// Most cards a deck may hold (the width of [`CardSet`]).
pub const MAX_CARDS: usize = 128;

/// One card of the deck, by its index in the card table.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(pub u8);

impl Card {
    /// The card's table entry.
    #[must_use]
    pub fn info(self) -> &'static CardInfo {
        &deck().cards[self.0 as usize]
    }

    /// The kebab-case id (`roadside-inn`).
    #[must_use]
    pub fn id(self) -> &'static str {
        &self.info().id
    }

    /// The card's type.
    #[must_use]
    pub fn card_type(self) -> CardType {
        self.info().card_type
    }

    /// Finds a card by id (kebab-case or snake_case).
    #[must_use]
    pub fn from_id(id: &str) -> Option<Card> {
        deck().find(id)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// The six card types (§1.1). Settings, Focuses and Hidden Terrors are essential; the rest
/// are support cards.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    /// Starts a line.
    Setting,
    /// Follows a Setting that accepts it.
    Focus,
    /// Ends a line; summoned by a Focus.
    Terror,
    /// Support card.
    Event,
    /// Support card.
    Action,
    /// Support card.
    Acquaintance,
}

impl CardType {
    /// Every type, in table order.
    pub const ALL: [CardType; 6] = [
        CardType::Setting,
        CardType::Focus,
        CardType::Terror,
        CardType::Event,
        CardType::Action,
        CardType::Acquaintance,
    ];
    /// Number of types.
    pub const COUNT: usize = 6;

    /// Setting, Focus or Hidden Terror.
    #[must_use]
    pub const fn is_essential(self) -> bool {
        matches!(self, CardType::Setting | CardType::Focus | CardType::Terror)
    }

    fn parse(word: &str) -> Option<CardType> {
        Some(match word {
            "setting" => CardType::Setting,
            "focus" => CardType::Focus,
            "terror" => CardType::Terror,
            "event" => CardType::Event,
            "action" => CardType::Action,
            "acquaintance" => CardType::Acquaintance,
            _ => return None,
        })
    }
}

/// How sure the card's wording is (the spec's tags).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Provenance {
    /// Clearly readable in the rulebook.
    Printed,
    /// Damaged in the scan; our most plausible reading.
    Reconstructed,
    /// Missing from the scan; a designed stand-in.
    Designed,
}

/// What a support card does when it resolves (§1.6–§1.8). Each variant is carried out by one
/// small function in `effects.rs`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// Discard a pending terror of this kind (and its alias) from the top of the line.
    CancelTerror(u8),
    /// Discard the Focus on top of the line if it matches.
    RemoveFocus {
        /// Any Focus at all.
        any: bool,
        /// These Focuses by name.
        focuses: CardSet,
        /// Any Focus standing on one of these Settings.
        at: CardSet,
    },
    /// Discard the Setting standing alone on the line if it matches.
    RemoveSetting {
        /// Any Setting at all.
        any: bool,
        /// These Settings by name.
        settings: CardSet,
    },
    /// The owner draws on the Lap of the Gods.
    Lap,
    /// The owner performs a forfeit.
    Forfeit,
    /// Coach and Horses.
    CoachAndHorses,
    /// The owner takes an Acquaintance from the discard pile (Inheritance, Send Telegram).
    TakeAcquaintance,
    /// Urchin Thief.
    UrchinThief,
    /// Hallucination (test draw).
    Hallucination,
    /// Chance Find (test draw).
    ChanceFind,
    /// Trap Door (test draw).
    TrapDoor,
    /// Secret Room.
    SecretRoom,
    /// Transformation.
    Transformation,
    /// Attacked!.
    Attacked,
    /// Hidden Compartment (optional test draw).
    HiddenCompartment,
    /// Garrotted (test draw).
    Garrotted,
    /// Refreshments.
    Refreshments,
    /// Blood Letting.
    BloodLetting,
    /// The owner misses their next turn (Losing Sleep).
    MissTurn,
    /// The owner and their left neighbour miss their next turn (Fisticuffs).
    MissTurnWithNeighbour,
    /// Over Indulgence (test draw).
    OverIndulgence,
    /// Violent Temper.
    ViolentTemper,
    /// Activate Focus.
    ActivateFocus,
    /// Well-wishing Stranger.
    WellWishingStranger,
}

impl Effect {
    /// Whether the card may be played in a phase-2 defence window (§1.9, D40).
    #[must_use]
    pub const fn is_defensive(self) -> bool {
        matches!(
            self,
            Effect::CancelTerror(_)
                | Effect::RemoveFocus { .. }
                | Effect::RemoveSetting { .. }
                | Effect::ChanceFind
                | Effect::HiddenCompartment
        )
    }

    /// Whether the effect starts with a test draw (§4.7).
    #[must_use]
    pub const fn test_draws(self) -> bool {
        matches!(
            self,
            Effect::Hallucination
                | Effect::ChanceFind
                | Effect::TrapDoor
                | Effect::Garrotted
                | Effect::OverIndulgence
        )
    }

    fn parse_simple(word: &str) -> Option<Effect> {
        Some(match word {
            "lap" => Effect::Lap,
            "forfeit" => Effect::Forfeit,
            "coach-and-horses" => Effect::CoachAndHorses,
            "take-acquaintance" => Effect::TakeAcquaintance,
            "urchin-thief" => Effect::UrchinThief,
            "hallucination" => Effect::Hallucination,
            "chance-find" => Effect::ChanceFind,
            "trap-door" => Effect::TrapDoor,
            "secret-room" => Effect::SecretRoom,
            "transformation" => Effect::Transformation,
            "attacked" => Effect::Attacked,
            "hidden-compartment" => Effect::HiddenCompartment,
            "garrotted" => Effect::Garrotted,
            "refreshments" => Effect::Refreshments,
            "blood-letting" => Effect::BloodLetting,
            "miss-turn" => Effect::MissTurn,
            "miss-turn-with-neighbour" => Effect::MissTurnWithNeighbour,
            "over-indulgence" => Effect::OverIndulgence,
            "violent-temper" => Effect::ViolentTemper,
            "activate-focus" => Effect::ActivateFocus,
            "well-wishing-stranger" => Effect::WellWishingStranger,
            _ => return None,
        })
    }
}

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
#[derive(Clone, Debug)]
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
}

static DECK: LazyLock<Deck> = LazyLock::new(|| match Deck::parse(CARD_DATA) {
    Ok(d) => d,
    Err(e) => panic!("the card table shipped with the crate is invalid: {e}"),
});

/// The deck shipped with the crate.
///
/// # Panics
/// Only if `data/cards.txt` is invalid, which the crate's tests rule out.
#[must_use]
pub fn deck() -> &'static Deck {
    &DECK
}

fn letters_key(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

struct RawLine<'a> {
    line: usize,
    head: Vec<&'a str>,
    name: &'a str,
    data: Vec<&'a str>,
}

fn split_line(line: usize, text: &str) -> Result<RawLine<'_>, DataError> {
    let err = |m: &str| DataError {
        line,
        message: m.to_owned(),
    };
    let open = text.find('"').ok_or_else(|| err("missing quoted name"))?;
    let close = text[open + 1..]
        .find('"')
        .map(|i| open + 1 + i)
        .ok_or_else(|| err("unterminated quoted name"))?;
    let head: Vec<&str> = text[..open].split_whitespace().collect();
    let name = &text[open + 1..close];
    let rest = text[close + 1..].trim();
    let (tags, data) = match rest.split_once(':') {
        Some((t, d)) => (t, d),
        None => (rest, ""),
    };
    let mut head = head;
    head.extend(tags.split_whitespace());
    Ok(RawLine {
        line,
        head,
        name,
        data: data.split_whitespace().collect(),
    })
}

impl Deck {
    /// Reads and validates a card table.
    ///
    /// # Errors
    /// The first mistake found, with its line: an unknown type, tag or effect, a duplicate id, a
    /// reference to a card or kind that does not exist or has the wrong type, a card without the
    /// data its type needs, or a table with more than [`MAX_CARDS`] cards.
    pub fn parse(text: &str) -> Result<Deck, DataError> {
        let mut kinds: Vec<Kind> = Vec::new();
        let mut kind_alias: Vec<(usize, Option<String>)> = Vec::new();
        let mut raws = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let r = split_line(line, t)?;
            let err = |m: String| DataError { line, message: m };
            if r.head.first() == Some(&"kind") {
                let id = r
                    .head
                    .get(1)
                    .ok_or_else(|| err("kind without an id".into()))?;
                if r.head.len() > 2 {
                    return Err(err(format!("unexpected `{}`", r.head[2])));
                }
                if kinds.iter().any(|k| k.id == *id) {
                    return Err(err(format!("duplicate kind `{id}`")));
                }
                let alias = match r.data.as_slice() {
                    [] => None,
                    ["same-as", other] => Some((*other).to_owned()),
                    _ => return Err(err("kind data must be `same-as <kind>`".into())),
                };
                kind_alias.push((line, alias));
                kinds.push(Kind {
                    id: (*id).to_owned(),
                    name: r.name.to_owned(),
                    same_as: kinds.len() as u8,
                });
                continue;
            }
            raws.push(r);
        }
        if kinds.len() > 8 {
            return Err(DataError {
                line: 0,
                message: "at most 8 terror kinds".into(),
            });
        }
        for (k, (line, alias)) in kind_alias.iter().enumerate() {
            if let Some(a) = alias {
                let target = kinds
                    .iter()
                    .position(|x| x.id == *a)
                    .ok_or_else(|| DataError {
                        line: *line,
                        message: format!("unknown kind `{a}`"),
                    })?;
                if kind_alias[target].1.is_some() {
                    return Err(DataError {
                        line: *line,
                        message: format!("`{a}` is itself an alias"),
                    });
                }
                kinds[k].same_as = target as u8;
            }
        }
        if raws.len() > MAX_CARDS {
            return Err(DataError {
                line: 0,
                message: format!("{} cards; at most {MAX_CARDS}", raws.len()),
            });
        }
        // First pass: ids and types.
        let mut ids = BTreeMap::new();
        let mut keys = BTreeMap::new();
        let mut cards = Vec::new();
        for (idx, r) in raws.iter().enumerate() {
            let err = |m: String| DataError {
                line: r.line,
                message: m,
            };
            let [ty, id, tags @ ..] = r.head.as_slice() else {
                return Err(err("expected `<type> <id> \"<Name>\"`".into()));
            };
            let card_type =
                CardType::parse(ty).ok_or_else(|| err(format!("unknown type `{ty}`")))?;
            if !id.chars().all(|c| c.is_ascii_lowercase() || c == '-') || id.is_empty() {
                return Err(err(format!("id `{id}` is not kebab-case")));
            }
            if ids.insert((*id).to_owned(), idx as u8).is_some() {
                return Err(err(format!("duplicate id `{id}`")));
            }
            let key = letters_key(r.name);
            if key.is_empty() {
                return Err(err("name has no letters".into()));
            }
            if let Some(other) = keys.insert(key.clone(), *id) {
                return Err(err(format!("name sorts equal to `{other}`")));
            }
            let mut info = CardInfo {
                id: (*id).to_owned(),
                name: r.name.to_owned(),
                card_type,
                provenance: Provenance::Printed,
                key,
                accepts: CardSet::EMPTY,
                summons: 0,
                kind: 0,
                effect: None,
                curse: false,
                blocks_coach: false,
                reach: false,
                needs_setting: false,
                needs_focus: false,
                attack_only: false,
            };
            for tag in tags {
                match *tag {
                    "reconstructed" => info.provenance = Provenance::Reconstructed,
                    "designed" => info.provenance = Provenance::Designed,
                    "curse" => info.curse = true,
                    "blocks-coach" => info.blocks_coach = true,
                    "reach" => info.reach = true,
                    "needs-setting" => info.needs_setting = true,
                    "needs-focus" => info.needs_focus = true,
                    "attack-only" => info.attack_only = true,
                    other => return Err(err(format!("unknown tag `{other}`"))),
                }
            }
            cards.push(info);
        }
        // Second pass: data that refers to other cards and kinds.
        let kind_of = |line: usize, w: &str| -> Result<u8, DataError> {
            kinds
                .iter()
                .position(|k| k.id == w)
                .map(|i| i as u8)
                .ok_or_else(|| DataError {
                    line,
                    message: format!("unknown terror kind `{w}`"),
                })
        };
        let types: Vec<CardType> = cards.iter().map(|c: &CardInfo| c.card_type).collect();
        let card_of = |line: usize, w: &str, want: CardType| -> Result<u8, DataError> {
            let i = *ids.get(w).ok_or_else(|| DataError {
                line,
                message: format!("unknown card `{w}`"),
            })?;
            if types[i as usize] == want {
                Ok(i)
            } else {
                Err(DataError {
                    line,
                    message: format!("`{w}` is not a {want:?}"),
                })
            }
        };
        for (idx, r) in raws.iter().enumerate() {
            let line = r.line;
            let err = |m: String| DataError { line, message: m };
            let ty = cards[idx].card_type;
            let words = r.data.as_slice();
            match ty {
                CardType::Setting => {
                    if words.is_empty() {
                        return Err(err("a Setting needs the Focuses it accepts".into()));
                    }
                    let mut s = CardSet::EMPTY;
                    for w in words {
                        s.insert(card_of(line, w, CardType::Focus)?);
                    }
                    cards[idx].accepts = s;
                }
                CardType::Focus => {
                    if words.is_empty() {
                        return Err(err("a Focus needs the terror kinds it summons".into()));
                    }
                    let mut m = 0u8;
                    for w in words {
                        m |= 1 << kind_of(line, w)?;
                    }
                    cards[idx].summons = m;
                }
                CardType::Terror => {
                    let [w] = words else {
                        return Err(err("a Hidden Terror needs exactly one kind".into()));
                    };
                    cards[idx].kind = kind_of(line, w)?;
                }
                _ => {
                    let effect = Self::parse_effect(line, words, &kind_of, &card_of)?;
                    cards[idx].effect = Some(effect);
                }
            }
            let info = &cards[idx];
            if ty.is_essential()
                && (info.curse
                    || info.blocks_coach
                    || info.reach
                    || info.needs_focus
                    || info.needs_setting
                    || info.attack_only)
            {
                return Err(err("play tags belong on support cards".into()));
            }
            if info.reach && !matches!(info.effect, Some(Effect::RemoveFocus { .. })) {
                return Err(err("`reach` belongs on a remove-focus card".into()));
            }
        }
        let mut by_type = [CardSet::EMPTY; CardType::COUNT];
        let mut designed = CardSet::EMPTY;
        for (i, c) in cards.iter().enumerate() {
            by_type[c.card_type as usize].insert(i as u8);
            if c.provenance == Provenance::Designed {
                designed.insert(i as u8);
            }
        }
        for ty in [CardType::Setting, CardType::Focus, CardType::Terror] {
            if by_type[ty as usize].is_empty() {
                return Err(DataError {
                    line: 0,
                    message: format!("no {ty:?} cards"),
                });
            }
        }
        let terrors = by_type[CardType::Terror as usize];
        let summoned = [false, true].map(|distinct| {
            cards
                .iter()
                .map(|f| {
                    if f.card_type != CardType::Focus {
                        return CardSet::EMPTY;
                    }
                    terrors
                        .iter()
                        .filter(|&t| {
                            let k = cards[t as usize].kind;
                            if distinct {
                                f.summons >> k & 1 == 1
                            } else {
                                let root = kinds[k as usize].same_as;
                                (0..kinds.len())
                                    .any(|j| f.summons >> j & 1 == 1 && kinds[j].same_as == root)
                            }
                        })
                        .collect()
                })
                .collect()
        });
        let mut order: Vec<usize> = (0..cards.len()).collect();
        order.sort_by(|&a, &b| cards[a].key.cmp(&cards[b].key));
        let mut alpha = vec![0u8; cards.len()];
        for (rank, &c) in order.iter().enumerate() {
            alpha[c] = rank as u8;
        }
        Ok(Deck {
            cards,
            kinds,
            by_type,
            designed,
            summoned,
            alpha,
            ids,
        })
    }

    fn parse_effect(
        line: usize,
        words: &[&str],
        kind_of: &dyn Fn(usize, &str) -> Result<u8, DataError>,
        card_of: &dyn Fn(usize, &str, CardType) -> Result<u8, DataError>,
    ) -> Result<Effect, DataError> {
        let err = |m: String| DataError { line, message: m };
        let Some((&head, args)) = words.split_first() else {
            return Err(err("a support card needs an effect".into()));
        };
        match head {
            "cancel" => {
                let [k] = args else {
                    return Err(err("`cancel` takes one terror kind".into()));
                };
                Ok(Effect::CancelTerror(kind_of(line, k)?))
            }
            "remove-focus" => {
                let mut any = false;
                let mut focuses = CardSet::EMPTY;
                let mut at = CardSet::EMPTY;
                let mut in_at = false;
                for w in args {
                    match *w {
                        "any" => any = true,
                        "at" => in_at = true,
                        w if in_at => at.insert(card_of(line, w, CardType::Setting)?),
                        w => focuses.insert(card_of(line, w, CardType::Focus)?),
                    }
                }
                if !any && focuses.is_empty() && at.is_empty() {
                    return Err(err(
                        "`remove-focus` needs `any`, Focuses or `at` Settings".into()
                    ));
                }
                Ok(Effect::RemoveFocus { any, focuses, at })
            }
            "remove-setting" => {
                let mut any = false;
                let mut settings = CardSet::EMPTY;
                for w in args {
                    if *w == "any" {
                        any = true;
                    } else {
                        settings.insert(card_of(line, w, CardType::Setting)?);
                    }
                }
                if !any && settings.is_empty() {
                    return Err(err("`remove-setting` needs `any` or Settings".into()));
                }
                Ok(Effect::RemoveSetting { any, settings })
            }
            w => {
                let e =
                    Effect::parse_simple(w).ok_or_else(|| err(format!("unknown effect `{w}`")))?;
                if !args.is_empty() {
                    return Err(err(format!("effect `{w}` takes no arguments")));
                }
                Ok(e)
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_table_loads_with_81_cards() {
        let d = deck();
        assert_eq!(d.len(), 81);
        let counts: Vec<u32> = CardType::ALL.iter().map(|&t| d.of_type(t).len()).collect();
        assert_eq!(counts, [10, 15, 6, 20, 20, 10]);
        assert_eq!(d.designed().len(), 1);
        assert_eq!(
            Card::from_id("fatal_possession"),
            Card::from_id("fatal-possession")
        );
    }

    #[test]
    fn every_focus_is_accepted_by_exactly_four_settings() {
        let d = deck();
        for f in d.of_type(CardType::Focus) {
            let n = d
                .of_type(CardType::Setting)
                .iter()
                .filter(|&s| d.cards[s as usize].accepts.contains(f))
                .count();
            assert_eq!(n, 4, "{}", d.cards[f as usize].id);
        }
    }

    #[test]
    fn every_possession_reading_is_summoned_by_six_focuses() {
        let d = deck();
        for t in d.of_type(CardType::Terror) {
            let n = d
                .of_type(CardType::Focus)
                .iter()
                .filter(|&f| d.summoned_by(Card(f), false).contains(t))
                .count();
            assert_eq!(n, 6, "{}", d.cards[t as usize].id);
        }
        let fatal = Card::from_id("fatal-possession").unwrap();
        let n = d
            .of_type(CardType::Focus)
            .iter()
            .filter(|&f| d.summoned_by(Card(f), true).contains(fatal.0))
            .count();
        assert_eq!(n, 2);
    }

    #[test]
    fn acquaintances_name_every_focus_and_setting_once() {
        let d = deck();
        let mut focuses = CardSet::EMPTY;
        let mut settings = CardSet::EMPTY;
        let mut lone_settings = CardSet::EMPTY;
        for c in &d.cards {
            match c.effect {
                Some(Effect::RemoveFocus {
                    any: false,
                    focuses: f,
                    at,
                }) => {
                    assert!(focuses.and(f).is_empty());
                    assert!(settings.and(at).is_empty());
                    focuses = focuses.or(f);
                    settings = settings.or(at);
                }
                Some(Effect::RemoveSetting {
                    any: false,
                    settings: s,
                }) => {
                    assert!(lone_settings.and(s).is_empty());
                    lone_settings = lone_settings.or(s);
                }
                _ => {}
            }
        }
        assert_eq!(focuses, d.of_type(CardType::Focus));
        assert_eq!(settings, d.of_type(CardType::Setting));
        assert_eq!(lone_settings, d.of_type(CardType::Setting));
    }

    #[test]
    fn every_kind_has_one_event_and_one_action_that_cancel_it() {
        let d = deck();
        for k in 0..d.kinds.len() as u8 {
            if d.kinds[k as usize].same_as != k {
                continue;
            }
            for ty in [CardType::Event, CardType::Action] {
                let n = d
                    .of_type(ty)
                    .iter()
                    .filter(|&c| d.cards[c as usize].effect == Some(Effect::CancelTerror(k)))
                    .count();
                assert_eq!(n, 1);
            }
        }
    }

    #[test]
    fn bad_tables_are_rejected_with_the_line() {
        let e = Deck::parse("kind a \"A\"\nsetting x \"X\" : nope\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("unknown card `nope`"), "{e}");
        let e = Deck::parse("wizard x \"X\" : y\n").unwrap_err();
        assert!(e.message.contains("unknown type"), "{e}");
        let e = Deck::parse(
            "kind a \"A\"\nsetting s \"S\" : f\nfocus f \"F\" : a\nterror t \"T\" : a\nevent e \"E\" : fly\n",
        )
        .unwrap_err();
        assert!(e.message.contains("unknown effect `fly`"), "{e}");
        let e =
            Deck::parse("kind a \"A\"\nsetting s \"S\" : f\nsetting s \"T\" : f\n").unwrap_err();
        assert!(e.message.contains("duplicate id"), "{e}");
        let ok = Deck::parse(
            "kind a \"A\"\nsetting s \"S\" : f\nfocus f \"F\" : a\nterror t \"T\" : a\nevent e \"E\" : lap\n",
        )
        .unwrap();
        assert_eq!(ok.len(), 4);
    }

    #[test]
    fn alphabetical_keys_use_letters_only() {
        let d = deck();
        let key = |id: &str| d.cards[Card::from_id(id).unwrap().0 as usize].key.clone();
        assert_eq!(key("attacked"), "ATTACKED");
        assert_eq!(key("wealthy-relatives-mansion"), "WEALTHYRELATIVESMANSION");
        let r = |id: &str| d.alpha_rank(Card::from_id(id).unwrap());
        assert!(r("arrested") < r("attacked"));
        assert!(r("attacked") < r("auction-of-curiosities"));
    }
}
