/// Which cards each seat was dealt, held and played in one finished game, for the balance
/// lab's "which cards swing games?" ([`crate::Game::card_facts`]).
///
/// Cards are indices into the setup's catalogue of names ([`crate::Game::card_names`]); a
/// card named twice in a seat's list counts once (the lab asks "was it dealt", not "how often").
/// Each list is one list per seat, or empty when the game does not ask that question.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct CardFacts {
    /// Per seat, the cards it was dealt (every hand it was dealt over the game); empty when
    /// the game deals no hands worth asking about (a draft, or draws one at a time).
    pub dealt: Vec<Vec<u16>>,
    /// Per seat, every card that was in its hand at some point of the game: dealt, drawn or
    /// taken. Empty when hands change only by plays after the deal (then held is dealt, and the
    /// question is asked once, as dealt). A game usually leaves it to [`crate::Game::hands_now`],
    /// which the driver of a study reads after every step.
    pub held: Vec<Vec<u16>>,
    /// Per seat, the cards it played; empty when the game declares no plays.
    pub played: Vec<Vec<u16>>,
}

/// The cards in each seat's hand right after a step ([`crate::Game::hands_now`]).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct HandsNow {
    /// Per seat, the cards in its hand, as indices into [`crate::Game::card_names`].
    pub hands: Vec<Vec<u16>>,
    /// Whether the step dealt these hands (so they are the seats' dealt cards too), for games
    /// whose deal events do not name the hands.
    pub dealt: bool,
}
