//! How the table is told to people: cards by their printed names ("Bone 6", as the rulebook
//! prints them) and the setup as a sentence. The ids (`bone-6`, `mat bone: …`) stay the
//! notation of records and traces.

use parlour_core::{Names, and_list};

use crate::{Card, Mat, TableSetup};

impl Card {
    /// The card as the rulebook prints it: sign, then value (`Bone 6`).
    #[must_use]
    pub fn printed(self) -> String {
        format!("{} {}", self.sign().name(), self.value())
    }
}

/// Every card's printed name, in id order: the catalogue of the lab's card questions
/// (`parlour_core::Game::card_names`), indexed by [`Card::id`].
#[must_use]
pub fn printed_names() -> Vec<String> {
    Card::all().map(Card::printed).collect()
}

/// Cards by their printed names, as a list (`Bone 6, Flame 2 and Tree 11`).
#[must_use]
pub fn cards_printed(cards: impl IntoIterator<Item = u8>) -> String {
    and_list(
        cards
            .into_iter()
            .filter_map(Card::from_id)
            .map(Card::printed),
    )
}

impl Mat {
    /// The mat for people: `Bone is fey; the live signs around it are Flame, Star, …`.
    #[must_use]
    pub fn narrate(&self) -> String {
        format!(
            "{} is fey; the signs around the mat are {}",
            self.fey().name(),
            and_list(self.layout().iter().map(|s| s.name()))
        )
    }
}

impl TableSetup {
    /// The setup for people: who goes first, each player's sign, and the mat.
    #[must_use]
    pub fn narrate(&self, names: Names) -> String {
        let signs = and_list(
            self.signs
                .iter()
                .zip(0u8..)
                .map(|(s, i)| format!("{} is {}", names.of(parlour_core::Seat(i)), s.name())),
        );
        let first = self
            .first
            .map(|f| format!("{} goes first; ", names.of(f)))
            .unwrap_or_default();
        format!("{first}{signs}; {}", self.mat.narrate())
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::{Seat, Voice};

    use crate::{Card, Mat, Sign, TableSetup, cards_printed};

    #[test]
    fn cards_are_named_as_printed() {
        assert_eq!(Card::new(Sign::Bone, 6).printed(), "Bone 6");
        let ids = [
            Card::new(Sign::Flame, 11).id(),
            Card::new(Sign::Tone, 1).id(),
        ];
        assert_eq!(cards_printed(ids), "Flame 11 and Tone 1");
    }

    #[test]
    fn the_opening_is_a_sentence() {
        let names = ["Ann".to_owned(), "Bo".to_owned()];
        let setup = TableSetup {
            mat: Mat::traditional(Sign::Bone),
            signs: vec![Sign::Star, Sign::Wave],
            first: Some(Seat(1)),
        };
        let text = setup.narrate(Voice::table(&names).names().unwrap());
        assert!(
            text.starts_with("Bo goes first; Ann is Star and Bo is Wave; Bone is fey;"),
            "{text}"
        );
        assert!(
            !text.contains("first 1") && !text.contains("bone"),
            "{text}"
        );
    }
}
