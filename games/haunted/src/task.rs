//! The pending-work stack: decisions owed by one player (prompts, §9.3), chance events due,
//! and automatic steps of a resolution that continue once those are settled.

use parlour_cards::CardSet;
use parlour_core::{Seat, SeatSet};

use crate::action::LineRef;
use crate::cards::Card;

/// The card being resolved and where it was aimed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Ctx {
    pub card: Card,
    /// Who played it.
    pub player: Seat,
    /// The line it was played on; its owner is the card's "you" (D4).
    pub line: LineRef,
    pub curse: bool,
}

impl Ctx {
    pub fn owner(self) -> Seat {
        self.line.owner
    }
}

/// Why a player chooses among tied lines (§2, pinned 2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TiePurpose {
    /// Transformation: the smallest line is counted complete.
    CompleteSmallest,
    /// Garrotted: the largest line is counted complete.
    CompleteLargest,
    /// Hidden Compartment, essential: the smallest line is discarded whole.
    DiscardSmallest,
    /// Hidden Compartment, support: the giver's line moves to `receiver`.
    Give { receiver: Seat },
}

/// A sub-decision owed by one player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Prompt {
    /// Discard one Acquaintance of one's choice.
    LoseAcquaintance,
    /// Urchin Thief: discard one Action or Acquaintance; the thief lodges.
    UrchinLoot(Card),
    /// Forfeit taker: give a replacement from hand or from the discard pile.
    ForfeitGive { victim: Seat, taken: Card },
    /// Forfeit taker after a discard-pile replacement: discard one card.
    ForfeitTrim,
    /// Advantage: keep one of the drawn cards, or none.
    AdvantageKeep,
    /// Advantage: discard a card for the kept one.
    AdvantageDiscard { kept: Card },
    /// Refreshments: which of the looked-at cards to keep.
    RefreshKeep,
    /// Refreshments: discard one card per kept card (`left` still owed).
    RefreshDiscard { left: u8 },
    /// Take one Acquaintance from the discard pile.
    TakeAcquaintance,
    /// Hidden Compartment: remove the brick (test draw)?
    HcDraw(Ctx),
    /// Choose one of one's tied lines (`slots` bitmask).
    TiedLine { purpose: TiePurpose, slots: u8 },
    /// Choose the unstarted slot that receives line `from`.
    ReceiveSlot { from: LineRef },
    /// Choose one's line whose top Focus is removed (Chance Find, `removal_any_own_line`).
    FocusLine { fresh_only: bool, only: Option<u8> },
    /// Activate Focus: which terror from the discard pile goes on `line`.
    ActivateTerror(LineRef),
    /// Attacked! donor: which Setting to place.
    AttackedSetting { owner: Seat },
    /// Attacked! donor: on which of the owner's unstarted lines.
    AttackedLine { owner: Seat, setting: Card },
    /// Attacked! donor: which card to take from the discard pile.
    AttackedReplace,
    /// Blood Letting: the owner's cards to give.
    BloodGive { k: u8 },
    /// Blood Letting: the neighbour's cards to give back, from their previous hand.
    BloodReturn { k: u8, received: CardSet, to: Seat },
    /// Well-wishing Stranger: name a player not yet asked.
    WwAsk { asked: SeatSet },
    /// Well-wishing Stranger: the asked player gives an Action.
    WwGive { owner: Seat },
    /// Well-wishing Stranger: the owner gives a card back.
    WwReturn { to: Seat },
    /// Lap of the Gods row 2: choose an opponent.
    LapOpponent,
    /// Lap of the Gods rows 3 and 4: keep the taken card (discarding one) or discard it.
    LapKeep { taken: Card },
    /// `test_draw_to_hand`: discard one card after the test card joined the hand.
    TestTrim,
}

/// A chance event that must be settled before play continues.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Need {
    /// The stockpile is empty: the discard pile is shuffled into a new stockpile.
    Reshuffle,
    /// A card taken uniformly at random from `from`'s hand (Acquaintances only if `acq_only`).
    Take { from: Seat, acq_only: bool },
    /// Hidden Compartment's revealed tie-draw cards go back and the stockpile is shuffled.
    ShuffleStock,
}

/// What a private two-card draw is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum LookFor {
    Advantage,
    Refreshments,
}

/// One entry of the pending-work stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Task {
    /// A decision owed by this seat.
    Ask(Seat, Prompt),
    /// A chance event.
    Chance(Need),
    /// The resolved support card goes to the discard pile (unless it went elsewhere).
    Finish(Card),
    /// Make the test draw of a card's effect.
    TestDraw(Ctx),
    /// Apply a card's test-draw outcome for the drawn card.
    TestOutcome(Ctx, Card),
    /// `victim` performs a forfeit.
    Forfeit(Seat),
    /// The random card of a forfeit has been chosen.
    ForfeitTaken(Seat),
    /// `seat` privately draws up to `left` more cards into the look area.
    Look {
        seat: Seat,
        left: u8,
        purpose: LookFor,
    },
    /// `seat` draws on the Lap of the Gods.
    Lap(Seat),
    /// A random card was taken for Lap row `row` drawn by `x`.
    LapTaken { x: Seat, row: u8 },
    /// `seat` draws `n` cards from the stockpile.
    Draw { seat: Seat, n: u8 },
    /// `seat` discards the whole hand and draws as many.
    Rehand(Seat),
    /// Coach and Horses with `coach_victim_random_acquaintance`: discard the taken card.
    DiscardTaken(Seat),
    /// Hidden Compartment tie draw among `tied` for `owner`.
    HcTie { owner: Seat, tied: SeatSet },
    /// Hidden Compartment: `giver` gives a line to `owner`.
    HcGive { owner: Seat, giver: Seat },
    /// Phase 5: the active player refills.
    Refill,
    /// Phase 6: play passes left.
    EndTurn,
    /// After a Redraw: the own-line round begins.
    StartOwnLineRound,
}
