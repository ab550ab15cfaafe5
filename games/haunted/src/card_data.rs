//! The printed cards as a document for a table's page (`GET /api/games/haunted/cards`): every
//! card's name, type and what it takes, derived from the validated card table so a page never
//! keeps its own copy, with the support cards' words from `data/texts.txt`. It is the rulebook's
//! card list and holds nothing hidden.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::cards::{Card, CardType, DataError, Deck, Effect, Provenance};
use crate::scoring::{CARD_IN_LINE, COMPLETE_LINE};

/// The support cards' words shipped with the crate.
pub const CARD_TEXTS: &str = include_str!("../data/texts.txt");

/// Every card of the deck as printed, and the values a page quotes.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardData {
    /// The terror kinds, in table order.
    pub kinds: Vec<KindEntry>,
    /// Every card, in table order.
    pub cards: Vec<CardEntry>,
    /// Points for a complete line ([`COMPLETE_LINE`]).
    pub complete_line: i32,
    /// Points per card in an incomplete line ([`CARD_IN_LINE`]).
    pub card_in_line: i32,
}

/// One terror kind.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct KindEntry {
    /// Kebab-case id.
    pub id: String,
    /// Display name.
    pub name: String,
}

/// One card. Kinds are given by the default reading (Fatal Possession read as Fateful
/// Possession, D2); lists of cards are in table order unless said otherwise.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardEntry {
    /// The id used in views and actions (`roadside-inn`).
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Type.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// How sure the wording is.
    pub provenance: Provenance,
    /// Setting: the Focuses it accepts, as the table lists them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub accepts: Vec<String>,
    /// Focus: the Settings that accept it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub accepted_by: Vec<String>,
    /// Focus: the terror kinds it summons, as the table lists them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub summons: Vec<String>,
    /// Hidden Terror: its kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Hidden Terror: the Focuses that summon it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub summoned_by: Vec<String>,
    /// Setting or Focus: the cards that remove it (those naming it first, then those removing
    /// any); Hidden Terror: the cards that cancel it while it is pending.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed_by: Vec<String>,
    /// Support card: the words printed on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short: Option<String>,
    /// Support card: its requirement and effect in full.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub full: Option<String>,
}

impl CardData {
    /// The card data of a validated deck and its support cards' words (`texts`, in the format of
    /// `data/texts.txt`).
    ///
    /// # Errors
    /// A mistake in `texts`, with its line number: a malformed line, an unknown `{name}`, an id
    /// that is not a support card of `deck`, or a support card without words.
    pub fn of(deck: &Deck, texts: &str) -> Result<Self, DataError> {
        let mut words = parse_texts(deck, texts)?;
        let ids = |cards: &mut dyn Iterator<Item = u8>| -> Vec<String> {
            cards
                .map(|c| deck.cards[usize::from(c)].id.clone())
                .collect()
        };
        let root = |k: u8| {
            deck.kinds[usize::from(deck.kinds[usize::from(k)].same_as)]
                .id
                .clone()
        };
        let all = || (0..deck.len()).map(|c| c as u8);
        // The support cards whose effect `pick` selects, those naming the card first.
        let removers = |pick: &dyn Fn(Effect) -> Option<bool>| -> Vec<String> {
            let named = all().filter(|&c| pick_effect(deck, c, pick) == Some(true));
            let any = all().filter(|&c| pick_effect(deck, c, pick) == Some(false));
            ids(&mut named.chain(any))
        };
        let mut cards = Vec::with_capacity(deck.len());
        for c in all() {
            let info = &deck.cards[usize::from(c)];
            let mut entry = CardEntry {
                id: info.id.clone(),
                name: info.name.clone(),
                card_type: info.card_type,
                provenance: info.provenance,
                accepts: Vec::new(),
                accepted_by: Vec::new(),
                summons: Vec::new(),
                kind: None,
                summoned_by: Vec::new(),
                removed_by: Vec::new(),
                short: None,
                full: None,
            };
            match info.card_type {
                CardType::Setting => {
                    entry.accepts = ids(&mut info.listed.iter().copied());
                    entry.removed_by = removers(&|e| match e {
                        Effect::RemoveSetting { any, settings } => {
                            (any || settings.contains(c)).then_some(!any)
                        }
                        _ => None,
                    });
                }
                CardType::Focus => {
                    entry.accepted_by =
                        ids(&mut all().filter(|&s| deck.cards[usize::from(s)].accepts.contains(c)));
                    for &k in &info.listed {
                        let kind = root(k);
                        if !entry.summons.contains(&kind) {
                            entry.summons.push(kind);
                        }
                    }
                    entry.removed_by = removers(&|e| match e {
                        Effect::RemoveFocus { any, focuses, .. } => {
                            (any || focuses.contains(c)).then_some(!any)
                        }
                        _ => None,
                    });
                }
                CardType::Terror => {
                    entry.kind = Some(root(info.kind));
                    entry.summoned_by =
                        ids(&mut all().filter(|&f| deck.summoned_by(Card(f), false).contains(c)));
                    entry.removed_by = removers(&|e| match e {
                        Effect::CancelTerror(k) => deck.cancels(k, Card(c)).then_some(true),
                        _ => None,
                    });
                }
                CardType::Event | CardType::Action | CardType::Acquaintance => {
                    let (short, full) = words.remove(&c).ok_or_else(|| DataError {
                        line: 0,
                        message: format!("card texts: no words for `{}`", info.id),
                    })?;
                    entry.short = Some(short);
                    entry.full = Some(full);
                }
            }
            cards.push(entry);
        }
        Ok(CardData {
            kinds: deck
                .kinds
                .iter()
                .map(|k| KindEntry {
                    id: k.id.clone(),
                    name: k.name.clone(),
                })
                .collect(),
            cards,
            complete_line: COMPLETE_LINE,
            card_in_line: CARD_IN_LINE,
        })
    }

    /// The card data of the shipped deck and words.
    ///
    /// # Errors
    /// The shipped words are invalid (a test guards against this).
    pub fn standard() -> Result<Self, DataError> {
        Self::of(crate::deck(), CARD_TEXTS)
    }
}

/// `pick` of card `c`'s effect, if it has one.
fn pick_effect(deck: &Deck, c: u8, pick: &dyn Fn(Effect) -> Option<bool>) -> Option<bool> {
    deck.cards[usize::from(c)].effect.and_then(pick)
}

/// Each support card's `(short, full)` words, by card index.
fn parse_texts(deck: &Deck, text: &str) -> Result<BTreeMap<u8, (String, String)>, DataError> {
    let mut defines: BTreeMap<&str, &str> = BTreeMap::new();
    let mut words = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |message: String| DataError {
            line,
            message: format!("card texts: {message}"),
        };
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let (head, body) = raw
            .split_once(" : ")
            .ok_or_else(|| err("expected `<id> : <short> | <full>`".into()))?;
        if let Some(name) = head.strip_prefix("define ") {
            if defines.insert(name.trim(), body.trim()).is_some() {
                return Err(err(format!("`{name}` is defined twice")));
            }
            continue;
        }
        let card = deck
            .find(head)
            .ok_or_else(|| err(format!("unknown card `{head}`")))?;
        if deck.essentials().contains(card.0) {
            return Err(err(format!("`{head}` is not a support card")));
        }
        let (short, full) = body
            .split_once(" | ")
            .ok_or_else(|| err("expected `<short> | <full>`".into()))?;
        let expand = |t: &str| -> Result<String, DataError> {
            let mut out = String::new();
            let mut rest = t.trim();
            while let Some(open) = rest.find('{') {
                let close = rest[open..]
                    .find('}')
                    .ok_or_else(|| err("`{` without `}`".into()))?;
                let name = &rest[open + 1..open + close];
                let passage = defines
                    .get(name)
                    .ok_or_else(|| err(format!("unknown passage `{{{name}}}`")))?;
                out.push_str(&rest[..open]);
                out.push_str(passage);
                rest = &rest[open + close + 1..];
            }
            out.push_str(rest);
            Ok(out)
        };
        let (short, full) = (expand(short)?, expand(full)?);
        if short.is_empty() || full.is_empty() {
            return Err(err(format!("`{head}` needs both short and full words")));
        }
        if words.insert(card.0, (short, full)).is_some() {
            return Err(err(format!("`{head}` has words twice")));
        }
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry<'a>(data: &'a CardData, id: &str) -> &'a CardEntry {
        data.cards
            .iter()
            .find(|c| c.id == id)
            .expect("a card of the deck")
    }

    #[test]
    fn every_card_has_an_entry_and_every_support_card_its_words() {
        let deck = crate::deck();
        let data = CardData::standard().expect("shipped words are valid");
        assert_eq!(data.cards.len(), deck.len());
        for (i, e) in data.cards.iter().enumerate() {
            assert_eq!(e.id, deck.id(Card(i as u8)));
            let support = !deck.essentials().contains(i as u8);
            assert_eq!(e.short.is_some() && e.full.is_some(), support, "{}", e.id);
            assert!(
                e.full.as_deref().is_none_or(|f| !f.contains('{')),
                "{}",
                e.id
            );
        }
        assert_eq!((data.complete_line, data.card_in_line), (13, 3));
    }

    #[test]
    fn removers_and_cancellers_come_from_the_effects() {
        let data = CardData::standard().expect("shipped words are valid");
        let inn = entry(&data, "roadside-inn");
        assert_eq!(inn.removed_by, ["terrible-accident", "pleasant-company"]);
        assert_eq!(inn.accepts[..2], ["mysterious-door", "curious-painting"]);
        let boxed = entry(&data, "locked-box");
        assert_eq!(boxed.summons, ["fateful-possession", "hunting-spirit"]);
        assert_eq!(
            boxed.removed_by,
            [
                "avid-collector",
                "fire",
                "tarot-card",
                "examine-focus",
                "drawing-the-wrong-conclusion"
            ]
        );
        let fatal = entry(&data, "fatal-possession");
        assert_eq!(fatal.kind.as_deref(), Some("fateful-possession"));
        assert_eq!(fatal.removed_by, ["arrested", "sudden-inspiration"]);
        assert!(fatal.summoned_by.contains(&"locked-box".to_owned()));
    }

    #[test]
    fn card_texts_are_checked_against_the_deck() {
        let deck = crate::deck();
        let bad = |text: &str| CardData::of(deck, text).expect_err(text).to_string();
        let all = CARD_TEXTS;
        assert!(bad("fire : a | b").contains("no words for"));
        assert!(bad(&format!("{all}\nroadside-inn : a | b")).contains("not a support card"));
        assert!(bad(&format!("{all}\nno-such-card : a | b")).contains("unknown card"));
        assert!(bad(&format!("{all}\nfire : a | b")).contains("twice"));
        assert!(bad("fire : a {nowhere} | b").contains("unknown passage"));
        assert!(bad("fire : only short").contains("<short> | <full>"));
    }
}
