//! Where the game stands and what the player decides next.

/// Where the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Phase {
    /// Before the deal (a chance node).
    Deal,
    /// Start of a turn: activate a card or end the game.
    TurnStart,
    /// Resolving the activated card's order and its reactions (the stack's top decides).
    Resolve,
    /// Step 3: the optional swap.
    Swap,
    /// The game is over.
    Over,
}

/// The decision the game waits for (spec §10), or what else is due.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Decision {
    /// The deal or a Jester's shuffle is due (a chance node).
    Chance,
    /// Activate a face-up card, or end the game.
    TurnStart,
    /// Priest, Gambler or Noble: the seat to peek at.
    PeekTarget,
    /// Gambler: the value to call.
    GamblerCall,
    /// Jester: the shuffled seat to flip.
    JesterFlip,
    /// Merchant: the surrounding card to trade.
    MerchantChoice,
    /// Knight: the destination.
    KnightTarget,
    /// Vizier: the two seats to swap.
    VizierPair,
    /// Queen: direction and distance.
    QueenSlide,
    /// King, Queen or Princess: the next of the cards to flip.
    FlipNext,
    /// Lovers or Scholar: the adjacent seat to flip.
    AdjacentFlip,
    /// Step 3: swap two adjacent cards of the same facing, or not.
    OptionalSwap,
    /// The game is over.
    Over,
}

impl Decision {
    /// A short phrase for a view.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Decision::Chance => "a random event is due",
            Decision::TurnStart => "activate a face-up card, or end the feast",
            Decision::PeekTarget => "choose a face-down seat to peek at",
            Decision::GamblerCall => "call a value",
            Decision::JesterFlip => "choose a shuffled seat to flip",
            Decision::MerchantChoice => "choose a surrounding card for the Merchant",
            Decision::KnightTarget => "choose the Knight's destination",
            Decision::VizierPair => "choose two seats for the Vizier to swap",
            Decision::QueenSlide => "choose the Queen's slide",
            Decision::FlipNext => "choose the next card to flip",
            Decision::AdjacentFlip => "choose an adjacent card to flip",
            Decision::OptionalSwap => "swap two adjacent cards of the same facing, or not",
            Decision::Over => "the feast is over",
        }
    }
}
