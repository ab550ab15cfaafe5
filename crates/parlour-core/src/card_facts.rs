/// Which cards each seat was dealt and played in one finished game, for the balance lab's
/// "which cards swing games?" ([`crate::Game::card_facts`]).
///
/// Cards are indices into the setup's catalogue of names ([`crate::Game::card_names`]); a
/// card named twice in a seat's list counts once (the lab asks "was it dealt", not "how often").
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct CardFacts {
    /// Per seat, the cards it was dealt (every hand it was dealt over the game); empty when
    /// the game deals no hands worth asking about (a draft, or draws one at a time).
    pub dealt: Vec<Vec<u16>>,
    /// Per seat, the cards it played; empty when the game declares no plays.
    pub played: Vec<Vec<u16>>,
}
