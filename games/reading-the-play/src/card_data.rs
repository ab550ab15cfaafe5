//! The printed cards as a document for a table's page: every card's public data, read from the
//! engine's card list (`data/lines.txt`) so a page never keeps its own copy. It is the rulebook's
//! card list and holds nothing hidden.

use serde::Serialize;

use crate::card::{ELDER_COUNT, YELLOW_COUNT};
use crate::lines::{DataError, LineTable};

/// Every card of the deck as printed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardData {
    /// The Line cards, by number.
    pub lines: Vec<LineEntry>,
    /// The stanzas, by first line.
    pub stanzas: Vec<StanzaEntry>,
    /// How many Yellow Signs the deck holds (`yellow-sign`).
    pub yellow_signs: u8,
    /// How many Elder Signs the deck holds (`elder-sign`).
    pub elder_signs: u8,
}

/// One Line card.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LineEntry {
    /// The card id used in views and actions (`line-305`).
    pub id: String,
    /// The Line Number.
    pub number: u16,
    /// Its stanza's first line (printed on the left).
    pub first: u16,
    /// Its stanza's last line (printed on the right).
    pub last: u16,
    /// Flavour text.
    pub title: String,
}

/// One stanza.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct StanzaEntry {
    /// First Line Number.
    pub first: u16,
    /// Last Line Number.
    pub last: u16,
    /// Flavour name.
    pub name: String,
}

impl CardData {
    /// The card data of a validated card list.
    #[must_use]
    pub fn of(table: &LineTable) -> Self {
        CardData {
            lines: table
                .lines()
                .iter()
                .map(|l| {
                    let s = &table.stanzas()[usize::from(l.stanza)];
                    LineEntry {
                        id: format!("line-{}", l.number),
                        number: l.number,
                        first: s.first,
                        last: s.last,
                        title: l.title.clone(),
                    }
                })
                .collect(),
            stanzas: table
                .stanzas()
                .iter()
                .map(|s| StanzaEntry {
                    first: s.first,
                    last: s.last,
                    name: s.name.clone(),
                })
                .collect(),
            yellow_signs: YELLOW_COUNT,
            elder_signs: ELDER_COUNT,
        }
    }

    /// The card data of the shipped list.
    ///
    /// # Errors
    /// The shipped data is invalid (a test guards against this).
    pub fn standard() -> Result<Self, &'static DataError> {
        LineTable::standard().map(Self::of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{CardRef, LINE_COUNT};

    #[test]
    fn every_line_card_has_an_entry_inside_its_stanza() {
        let data = CardData::standard().expect("shipped data is valid");
        assert_eq!(data.lines.len(), usize::from(LINE_COUNT));
        let table = LineTable::standard().expect("shipped data is valid");
        for (entry, line) in data.lines.iter().zip(table.lines()) {
            assert_eq!(entry.id, CardRef::Line(line.number).to_string());
            assert_eq!(entry.title, line.title);
            assert!(
                data.stanzas
                    .iter()
                    .any(|s| s.first == entry.first && s.last == entry.last)
            );
        }
    }
}
