//! Sets on a player's table area (spec §5).

use parlour_cards::CardSet;

use crate::{Deck, Kind};

/// The type of a set, fixed when it is created (spec §5).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum SetType {
    /// Its naturals are all of one non-royal kind.
    Character(Kind),
    /// Its naturals are all royal (any mix, duplicates allowed).
    Royal,
}

impl SetType {
    /// The type a set takes from one of its naturals.
    #[must_use]
    pub fn of(deck: &Deck, natural: Kind) -> SetType {
        if deck.is_royal(natural) {
            SetType::Royal
        } else {
            SetType::Character(natural)
        }
    }

    /// Whether a card of `kind` may be added (spec §5 add legality): a natural of the set's type
    /// or any wild card.
    #[must_use]
    pub fn accepts(self, deck: &Deck, kind: Kind) -> bool {
        self.fitting_kinds(deck) >> kind.0 & 1 == 1
    }

    /// The kinds a set of this type accepts, as a bit mask over kind indices.
    #[must_use]
    pub fn fitting_kinds(self, deck: &Deck) -> u64 {
        match self {
            SetType::Character(k) => 1 << k.0 | deck.wild_kinds(),
            SetType::Royal => deck.royal_kinds() | deck.wild_kinds(),
        }
    }

    /// The type's name in views: `royal`, or the character kind's id.
    #[must_use]
    pub fn name(self, deck: &Deck) -> String {
        match self {
            SetType::Character(k) => deck.slug(k).to_owned(),
            SetType::Royal => "royal".to_owned(),
        }
    }
}

/// One set on a table: its type and its cards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TableSet {
    /// The type, fixed at creation.
    pub kind: SetType,
    /// The cards in it.
    pub cards: CardSet,
}

impl TableSet {
    /// Checks the set against its type: at least 3 cards, at least 2 naturals, every card fits.
    ///
    /// # Errors
    /// What is wrong.
    pub fn check(&self, deck: &Deck) -> Result<(), String> {
        if self.cards.len() < 3 {
            return Err(format!("a set of {} cards", self.cards.len()));
        }
        if self.cards.minus(deck.wild_cards()).len() < 2 {
            return Err("a set with fewer than 2 naturals".to_owned());
        }
        if let Some(c) = self
            .cards
            .iter()
            .find(|&c| !self.kind.accepts(deck, deck.kind_of(c)))
        {
            return Err(format!(
                "{} in a {} set",
                deck.card_id(c),
                self.kind.name(deck)
            ));
        }
        Ok(())
    }
}
