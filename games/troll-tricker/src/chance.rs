//! Chance outcomes: the table setup, new layouts between hands, deals and reshuffles.

use parlour_fey::{Draw, Mat, TableSetup};

/// The outcome of a Troll Tricker chance event. Text forms (see `docs/games/troll-tricker.md`):
///
/// | event | text |
/// |---|---|
/// | opening setup | `mat bone: flame star stone wave wind tree tone; signs star wave tone wind; first 0` |
/// | new layout between hands | `mat bone: tree flame star tone wind stone wave` |
/// | new signs between hands (variants) | `mat ...; signs ...` (no `first`) |
/// | a deal from the draw pile | `deal flame-6 star-3 ...` (the cards in deal order, top first) |
/// | a reshuffle of the discard pile | `reshuffle wave-2 ...` (the cards then dealt from it) |
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Chance {
    /// The mat, each seat's sign and (at the start) the first player.
    Table(TableSetup),
    /// A new layout of the seven live tokens, same fey (between hands).
    Layout(Mat),
    /// The cards dealt from the draw pile, in deal order: card `i` goes to seat
    /// `(leader + dealt + i) mod n`.
    Deal(Draw),
    /// The draw pile was empty: the discard pile is shuffled into a new draw pile, and these are
    /// the cards then dealt from it, in deal order.
    Reshuffle(Draw),
}

/// Which chance event is due, and how many cards it draws.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Due {
    /// Opening setup (with the first player).
    Opening,
    /// New signs (and maybe a new fey) between hands.
    NewSigns,
    /// New layout between hands.
    Layout,
    /// Deal `k` cards from the draw pile.
    Deal(usize),
    /// Reshuffle the discard pile and deal `k` cards from it.
    Reshuffle(usize),
}
