//! Chance outcomes: table setup, the opening deal, church cards, refills and reshuffles.

use parlour_fey::{Card, Draw, Mat, TableSetup};

/// The outcome of a Holy Matrimony chance event. Text forms (see
/// `docs/games/holy-matrimony.md`):
///
/// | event | text |
/// |---|---|
/// | opening setup | `mat bone: flame star stone wave wind tree tone; signs star wave tone wind; first 0` |
/// | opening deal | `deal flame-6 star-3 ...` (7 per seat, in deal order) |
/// | church card | `church flame-6` |
/// | refill after a round | `refill wave-2 ...` (the cards drawn, in draw order) |
/// | the draw pile is empty when a card must be drawn | `reshuffle wave-2 ...` (the cards then drawn from the reshuffled discard pile) |
/// | new layout (variant) | `mat bone: ...` |
/// | new signs (variants) | `mat ...; signs ...` |
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Chance {
    /// The mat, each seat's sign and (at the start) the first player.
    Table(TableSetup),
    /// A new layout of the live tokens (variant `reshuffle_mat_each_round`).
    Layout(Mat),
    /// The opening deal: card `i` goes to seat `(first + i) mod n`.
    Deal(Draw),
    /// The church card, drawn from the draw pile.
    Church(Card),
    /// Cards drawn to refill hands after a round, in draw order (§8.5).
    Refill(Draw),
    /// The discard pile is shuffled into a new draw pile; these are the cards then drawn from it
    /// (to continue a refill, or the church card).
    Reshuffle(Draw),
}

/// Which chance event is due.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Due {
    Opening,
    NewSigns,
    Layout,
    Deal(usize),
    Church,
    Refill(usize),
    Reshuffle(usize),
}
