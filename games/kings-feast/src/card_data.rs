//! The printed cards for the table page (`GET /api/games/kings-feast/cards`): each guest's name,
//! kind and what it does, and the result titles (spec §1, §8).

use serde::Serialize;

use crate::card::{CARD_COUNT, CardId, card_id, card_name};
use crate::scoring::TITLES;

/// What kind of text a guest carries.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GuestKind {
    /// A King's Order, used when the guest is activated.
    Order,
    /// A reaction when the guest is flipped face up.
    WhenRevealed,
    /// A reaction that holds while the guest lies on the table (the Assassin, the Diplomat).
    Reaction,
}

impl GuestKind {
    /// The words the card prints for its kind.
    #[must_use]
    pub fn printed(self) -> &'static str {
        match self {
            GuestKind::Order => "King's Order",
            GuestKind::WhenRevealed => "When revealed",
            GuestKind::Reaction => "Reaction",
        }
    }
}

/// Each guest's kind and words, by value `1..=18` (spec §1's summaries, for players).
const TEXTS: [(GuestKind, &str); CARD_COUNT] = {
    use GuestKind::{Order, Reaction, WhenRevealed};
    [
        (
            Reaction,
            "if it is flipped face up or peeked at, the feast ends at once (+2 to the score).",
        ),
        (WhenRevealed, "turns itself face down again."),
        (Order, "secretly look at one face-down card of your choice."),
        (
            Order,
            "shuffle it with its left and right neighbours, all face down; then flip one of them.",
        ),
        (
            Order,
            "call a value, then peek at a face-down card; if it is the value called, flip it.",
        ),
        (
            WhenRevealed,
            "if Lovers II is face up, flip one card next to Lovers II.",
        ),
        (Order, "swap the cards directly left and right of it."),
        (
            Order,
            "pick a face-up card around it; swap it with the face-up card of the next higher value.",
        ),
        (
            Order,
            "move the card on its right to the start of its row, shifting the others right.",
        ),
        (Order, "swap it with a card a chess knight's move away."),
        (
            Order,
            "peek at a face-down card; if its value is below 11, flip it.",
        ),
        (
            Reaction,
            "while face up, when a card next to it is revealed, it swaps places with that card.",
        ),
        (WhenRevealed, "flip one card next to it."),
        (
            WhenRevealed,
            "if Lovers I is face up, flip one card next to Lovers I.",
        ),
        (Order, "exchange the places of any two cards."),
        (WhenRevealed, "flip every card next to it."),
        (
            Order,
            "slide her in a straight line, pushing the cards passed back one step each; then flip those cards.",
        ),
        (Order, "turn over every card around it (diagonals too)."),
    ]
};

/// One guest as printed.
#[derive(Clone, Debug, Serialize)]
pub struct Guest {
    /// Its value, `1..=18`.
    pub value: CardId,
    /// Its id (`lovers-ii`).
    pub id: &'static str,
    /// Its name (`Lovers II`).
    pub name: &'static str,
    /// The kind of its text.
    pub kind: GuestKind,
    /// The kind's printed words (`King's Order`).
    pub kind_name: &'static str,
    /// What it does.
    pub text: &'static str,
}

/// A result title and the scores it covers.
#[derive(Clone, Debug, Serialize)]
pub struct TitleBand {
    /// The lowest score with this title.
    pub from: i32,
    /// The highest (`None`: and every score above).
    pub to: Option<i32>,
    /// The title (`A Superb Shindig`).
    pub title: &'static str,
}

/// The card data: every guest in value order, and the titles best first.
#[derive(Clone, Debug, Serialize)]
pub struct CardData {
    /// The 18 guests.
    pub guests: Vec<Guest>,
    /// The result titles.
    pub titles: Vec<TitleBand>,
}

impl CardData {
    /// The printed cards and titles.
    #[must_use]
    pub fn standard() -> CardData {
        let guests = (1..=CARD_COUNT as CardId)
            .zip(TEXTS)
            .map(|(value, (kind, text))| Guest {
                value,
                id: card_id(value),
                name: card_name(value),
                kind,
                kind_name: kind.printed(),
                text,
            })
            .collect();
        let titles = TITLES
            .iter()
            .map(|&(from, to, title)| TitleBand { from, to, title })
            .collect();
        CardData { guests, titles }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{ASSASSIN, DIPLOMAT, PRIEST, SCHOLAR};

    #[test]
    fn every_guest_is_described() {
        let data = CardData::standard();
        assert_eq!(data.guests.len(), CARD_COUNT);
        let by = |v: CardId| &data.guests[usize::from(v) - 1];
        assert_eq!(by(PRIEST).name, "Priest");
        assert_eq!(by(PRIEST).kind, GuestKind::Order);
        assert_eq!(by(SCHOLAR).kind, GuestKind::WhenRevealed);
        assert_eq!(by(DIPLOMAT).kind, GuestKind::Reaction);
        assert!(by(ASSASSIN).text.contains("ends at once"));
        assert!(data.guests.iter().all(|g| !g.text.is_empty()));
    }

    #[test]
    fn titles_cover_every_score_once() {
        let data = CardData::standard();
        for score in 0..40 {
            let bands: Vec<_> = data
                .titles
                .iter()
                .filter(|t| score >= t.from && t.to.is_none_or(|to| score <= to))
                .collect();
            assert_eq!(bands.len(), 1, "score {score}");
            assert_eq!(bands[0].title, crate::title(score));
        }
    }
}
