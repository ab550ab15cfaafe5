//! The 18 guests: values, ids and names (spec §1).

/// A card, named by its value `1..=18`.
pub type CardId = u8;

/// The Assassin (1): revealing or peeking it ends the game.
pub const ASSASSIN: CardId = 1;
/// The Hermit (2): turns itself face down again when revealed.
pub const HERMIT: CardId = 2;
/// The Priest (3): peek at a face-down card.
pub const PRIEST: CardId = 3;
/// The Jester (4): shuffle itself with its neighbours, then flip one.
pub const JESTER: CardId = 4;
/// The Gambler (5): call a value, peek, flip on a match.
pub const GAMBLER: CardId = 5;
/// The Lovers I (6).
pub const LOVERS_I: CardId = 6;
/// The Coachman (7): swap the cards left and right of it.
pub const COACHMAN: CardId = 7;
/// The Merchant (8): swap a surrounding face-up card with the next higher face-up card.
pub const MERCHANT: CardId = 8;
/// The Guard (9): send the card on its right to the start of its row.
pub const GUARD: CardId = 9;
/// The Knight (10): swap itself a knight's move away.
pub const KNIGHT: CardId = 10;
/// The Noble (11): peek; flip if below 11.
pub const NOBLE: CardId = 11;
/// The Diplomat (12): while face up, swaps places with a revealed orthogonal neighbour.
pub const DIPLOMAT: CardId = 12;
/// The Scholar (13): flips an adjacent card when revealed.
pub const SCHOLAR: CardId = 13;
/// The Lovers II (14).
pub const LOVERS_II: CardId = 14;
/// The Vizier (15): swap any two cards.
pub const VIZIER: CardId = 15;
/// The Princess (16): flips every adjacent card when revealed.
pub const PRINCESS: CardId = 16;
/// The Queen (17): slide in a line, flipping the cards passed.
pub const QUEEN: CardId = 17;
/// The King (18): flips every surrounding card.
pub const KING: CardId = 18;

/// Number of distinct cards.
pub const CARD_COUNT: usize = 18;

const IDS: [&str; CARD_COUNT] = [
    "assassin",
    "hermit",
    "priest",
    "jester",
    "gambler",
    "lovers-i",
    "coachman",
    "merchant",
    "guard",
    "knight",
    "noble",
    "diplomat",
    "scholar",
    "lovers-ii",
    "vizier",
    "princess",
    "queen",
    "king",
];

const NAMES: [&str; CARD_COUNT] = [
    "Assassin",
    "Hermit",
    "Priest",
    "Jester",
    "Gambler",
    "Lovers I",
    "Coachman",
    "Merchant",
    "Guard",
    "Knight",
    "Noble",
    "Diplomat",
    "Scholar",
    "Lovers II",
    "Vizier",
    "Princess",
    "Queen",
    "King",
];

/// The kebab-case id of card `v` (`lovers-ii`), used in chance texts and views.
///
/// # Panics
/// If `v` is not in `1..=18`.
#[must_use]
pub fn card_id(v: CardId) -> &'static str {
    IDS[usize::from(v) - 1]
}

/// The display name of card `v` (`Lovers II`).
///
/// # Panics
/// If `v` is not in `1..=18`.
#[must_use]
pub fn card_name(v: CardId) -> &'static str {
    NAMES[usize::from(v) - 1]
}

/// Reads a card from its id (`scholar`) or its value (`13`).
#[must_use]
pub fn parse_card(text: &str) -> Option<CardId> {
    let t = text.trim();
    if let Ok(v) = t.parse::<u8>() {
        return (1..=18).contains(&v).then_some(v);
    }
    IDS.iter()
        .position(|id| id.eq_ignore_ascii_case(t))
        .map(|i| i as u8 + 1)
}

/// Whether card `v` has a King's Order (an effect when activated).
#[must_use]
pub fn has_order(v: CardId) -> bool {
    matches!(
        v,
        PRIEST
            | JESTER
            | GAMBLER
            | COACHMAN
            | MERCHANT
            | GUARD
            | KNIGHT
            | NOBLE
            | VIZIER
            | QUEEN
            | KING
    )
}

/// The bit of card `v` in a card mask (`u32`, bit `v`).
#[must_use]
pub const fn bit(v: CardId) -> u32 {
    1 << v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for v in 1..=18 {
            assert_eq!(parse_card(card_id(v)), Some(v));
            assert_eq!(parse_card(&v.to_string()), Some(v));
        }
        assert_eq!(parse_card("lovers-ii"), Some(LOVERS_II));
        assert_eq!(parse_card("19"), None);
        assert_eq!(parse_card("joker"), None);
    }
}
