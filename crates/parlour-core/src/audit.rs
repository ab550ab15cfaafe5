use std::collections::BTreeMap;

use crate::{Game, Seat};

/// What a game tells the conformance suite and the leak checks beside its rules: its own
/// invariants, the secrets each viewer must not see, the steps that reveal something, and what
/// its determinizations must keep (`parlour_testkit::check_game` reads a game through it; so do
/// the leak checks of records, the CLI's `replay --secrets` and the server's tests). The rules,
/// bots and front ends never need it.
///
/// Every hook is a claim the suite tests; none may make a check pass by saying less. The
/// defaults declare nothing special (no free placement, no places named, no card deduced, no
/// reveal), which only makes the suite stricter or leaves a check out. Two hooks have no
/// default because the only one possible would make their checks pass vacuously:
/// [`Audit::check_invariants`] (`Ok` would vouch for any state) and [`Audit::secrets`]
/// ("nothing is secret" would let every view leak every hidden card).
pub trait Audit: Game {
    /// Checks the state's invariants (every card in exactly one place, counts in range).
    ///
    /// # Errors
    /// A description of the first broken invariant.
    fn check_invariants(&self) -> Result<(), String>;

    /// Ids of the cards (or other secrets) `viewer` must not see now; a view test asserts none of
    /// them appear in that viewer's view.
    fn secrets(&self, viewer: Option<Seat>) -> Vec<String>;

    /// Whether `seat` taking `action` here may, by the rules, show `observer` something that
    /// depends on cards hidden from `observer` before it (a card drawn into its own hand, a
    /// window that opens only if another seat holds a card). The same action taken in two states
    /// `observer` cannot tell apart must leave them indistinguishable to it, except where this
    /// names a reveal; the conformance suite checks it. The default names none.
    fn reveals_to(&self, seat: Seat, action: Self::Action, observer: Seat) -> bool {
        let _ = (seat, action, observer);
        false
    }

    /// Whether nothing but how many hidden cards each place holds (a hand, the stock)
    /// constrains where the cards `observer` cannot see are: no void shown, no card passed or
    /// glimpsed, so every arrangement with those counts is equally likely given what `observer`
    /// knows. At such positions the conformance suite checks that [`Game::sample_consistent`]
    /// spreads the hidden cards uniformly over the places. The default, `false`, declares no
    /// such position; a wrong `true` makes the suite fail, never pass.
    fn hidden_placement_is_free(&self, observer: Seat) -> bool {
        let _ = observer;
        false
    }

    /// Where each card hidden from `observer` lies now, as `(card id, place)` pairs with the
    /// places named as the game likes (`"hand 2"`, `"stock"`, `"seat b3"`); the conformance
    /// suite compares them between the true state and its determinizations. `None` (the
    /// default) lets the suite name a place by the other seats whose views show the card (a
    /// hand, or nobody for the stock), which is enough where hidden cards differ by holder, but
    /// cannot see where a card lies within one place (the seats of a one-player board, say).
    fn hidden_places(&self, observer: Seat) -> Option<Vec<(String, String)>> {
        let _ = observer;
        None
    }

    /// Ids of the cards hidden from `observer` (a subset of [`Audit::secrets`]) whose place
    /// `observer` has deduced from what it saw: every state consistent with its knowledge has
    /// each of them where it truly is (a card it traded away that can only be in one hand, say).
    /// [`Game::sample_consistent`] must then keep them there. The conformance suite checks that
    /// every determinization does, and asks only the other hidden cards to move. Deductions
    /// must come from `observer`'s view and the public history alone, never from the true
    /// hidden cards; a game that declares any should prove that by its own tests. The default
    /// declares none. A card listed here that is not truly fixed makes the suite fail where a
    /// sampler moves it; listing cards the sampler moves is never a way to pass.
    fn deduced_cards(&self, observer: Seat) -> Vec<String> {
        let _ = observer;
        Vec::new()
    }
}

/// Whether `seat` taking `action` shows `observer` a card it could not see before, other than
/// one the action's own text names: fewer cards of some id are among `observer`'s
/// [`Audit::secrets`] after the action (a card drawn into its hand, a card turned face up, a
/// pool shown, the copy of a card that a discard names only by its name). A card the action
/// names is shown alike in every world, so it is no reveal. A building block for [`Audit::reveals_to`]. An illegal action reveals
/// nothing.
pub fn shows_hidden_card<G: Audit>(
    state: &G,
    seat: Seat,
    action: G::Action,
    observer: Seat,
) -> bool {
    let mut next = state.clone();
    if next.apply(seat, action, &mut ()).is_err() {
        return false;
    }
    // Ids may repeat (three cards called `yellow-sign`): compare how many of each stay hidden.
    let mut hidden: BTreeMap<String, i32> = BTreeMap::new();
    for id in state.secrets(Some(observer)) {
        *hidden.entry(id).or_default() += 1;
    }
    for id in next.secrets(Some(observer)) {
        *hidden.entry(id).or_default() -= 1;
    }
    let text = state.action_text(action);
    let named: Vec<&str> = crate::words(&text).collect();
    hidden
        .iter()
        .any(|(id, &fewer)| fewer > 0 && !named.contains(&id.as_str()))
}
