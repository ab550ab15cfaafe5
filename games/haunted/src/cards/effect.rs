//! What a support card does when it resolves.

use parlour_cards::CardSet;

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

    pub(super) fn parse_simple(word: &str) -> Option<Effect> {
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
