//! Checks of `sample_consistent`: what it must keep, and that it really draws the hidden cards.

use std::collections::{BTreeMap, BTreeSet};

use parlour_core::{Audit, GameRng, Seat};

use super::json_strings;

/// Determinizations drawn at a deep-checked position.
const DEEP_DRAWS: usize = 32;
/// Determinizations drawn where the game declares the placement free (the uniformity test).
const SPREAD_DRAWS: usize = 600;
/// Arrangements that must fit the place sizes before a position counts as having enough hidden
/// cards, where the game does not declare the placement free: constraints (voids, passed
/// cards) may pin down a few cards, but hardly 20 arrangements' worth.
const MIN_ARRANGEMENTS: f64 = 20.0;
/// Chance that the uniformity test fails a correct sampler, per card and place.
const FALSE_ALARM: f64 = 1e-9;

/// Whether the conformance playout checks determinizations deeply at this step: a few
/// positions per game, early and late, not every node.
pub(crate) fn is_deep_step(step: usize) -> bool {
    step.is_power_of_two() || (step > 0 && step.is_multiple_of(1024))
}

/// One determinization per node: it keeps what `seat` knows, and if it differs from the truth
/// (so `seat` cannot tell the two apart) then something is hidden from `seat`, and `secrets`
/// must say what.
pub(crate) fn check_resample<G: Audit>(state: &G, seat: Seat, rng: &mut GameRng, ctx: &str) {
    let sampled = state.sample_consistent(seat, rng);
    if let Err(e) = sampled.check_invariants() {
        panic!("{ctx}: determinization for seat {seat} breaks an invariant: {e}");
    }
    assert_eq!(
        sampled.to_act(),
        state.to_act(),
        "{ctx}: determinization changed who acts"
    );
    assert_eq!(
        sampled.view(Some(seat)),
        state.view(Some(seat)),
        "{ctx}: determinization changed seat {seat}'s view"
    );
    let (mut a, mut b) = (Vec::new(), Vec::new());
    state.legal_actions(seat, &mut a);
    sampled.legal_actions(seat, &mut b);
    assert_eq!(
        a, b,
        "{ctx}: determinization changed seat {seat}'s legal actions"
    );
    if sampled != *state {
        assert!(
            !state.secrets(Some(seat)).is_empty(),
            "{ctx}: seat {seat} cannot tell the true state from a determinization that differs, \
             yet secrets(Some({seat})) is empty"
        );
    }
}

/// Where each card hidden from `observer` lies: the game's own names where it gives them
/// ([`Audit::hidden_places`]), else the other seats whose views show the card (none for the
/// stock, say), which needs no game-specific notion of places.
fn placement<G: Audit>(state: &G, observer: Seat, hidden: &[String]) -> BTreeMap<String, String> {
    if let Some(places) = state.hidden_places(observer) {
        return places.into_iter().collect();
    }
    let mut seen_by: BTreeMap<String, Vec<u8>> =
        hidden.iter().map(|c| (c.clone(), Vec::new())).collect();
    for other in Seat::all(state.players()).filter(|&s| s != observer) {
        let json = serde_json::to_value(state.view(Some(other)))
            .expect("views serialise (checked at every node)");
        let mut strings = BTreeSet::new();
        json_strings(&json, &mut strings);
        for (card, seats) in &mut seen_by {
            if strings.contains(card) {
                seats.push(other.0);
            }
        }
    }
    seen_by
        .into_iter()
        .map(|(card, seats)| (card, format!("seen by {seats:?}")))
        .collect()
}

/// How many ways `n` cards split into places of these sizes (a multinomial coefficient),
/// saturating in `f64`.
fn arrangements(sizes: &BTreeMap<String, usize>) -> f64 {
    let mut ways = 1.0;
    let mut placed = 0.0;
    for &size in sizes.values() {
        for k in 1..=size {
            placed += 1.0;
            ways *= placed / k as f64;
        }
    }
    ways
}

/// Many determinizations for `seat` at one position:
///
/// * every draw keeps each card whose place the seat has deduced ([`Audit::deduced_cards`])
///   where it truly is: a deduction that is wrong, or a sampler that ignores it, fails;
/// * where the other hidden cards lie in more than one place and enough arrangements of them
///   fit the place sizes ([`MIN_ARRANGEMENTS`], or 2 where the game declares the placement
///   free), some draw must put one of them elsewhere than it truly is: a sampler that returns
///   the true state fails;
/// * where the game declares the placement free ([`Audit::hidden_placement_is_free`]), every
///   hidden card must land in every place with a frequency within Hoeffding's bound of that
///   place's share of the hidden cards: `|f - p| <= sqrt(ln(2 / δ) / 2n)` with n draws, which
///   a correct sampler breaks with chance at most δ = [`FALSE_ALARM`] per card and place.
///
/// Returns whether it ran the uniformity test; `spread` false skips it (a free position then
/// gets only the first check), to bound the time a game spends on it.
pub(crate) fn check_resample_spread<G: Audit>(
    state: &G,
    seat: Seat,
    rng: &mut GameRng,
    spread: bool,
    ctx: &str,
) -> bool {
    let hidden = state.secrets(Some(seat));
    if hidden.len() < 2 {
        return false;
    }
    let truth = placement(state, seat, &hidden);
    let deduced: BTreeSet<String> = state.deduced_cards(seat).into_iter().collect();
    for card in &deduced {
        assert!(
            truth.contains_key(card),
            "{ctx}: seat {seat} has deduced the place of {card}, which is not hidden from it"
        );
    }
    // Arrangements count only the cards the seat cannot place.
    let mut sizes: BTreeMap<String, usize> = BTreeMap::new();
    for (card, place) in &truth {
        if !deduced.contains(card) {
            *sizes.entry(place.clone()).or_default() += 1;
        }
    }
    let declared_free = state.hidden_placement_is_free(seat);
    assert!(
        !declared_free || deduced.is_empty(),
        "{ctx}: the game declares the placement free for seat {seat}, yet deduces where {deduced:?} are"
    );
    let free = spread && declared_free;
    let ways = arrangements(&sizes);
    let must_move = sizes.len() > 1 && ways >= if declared_free { 2.0 } else { MIN_ARRANGEMENTS };
    if !must_move && !free && deduced.is_empty() {
        return false;
    }
    let draws = if free { SPREAD_DRAWS } else { DEEP_DRAWS };
    let mut landed: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut moved = 0;
    for _ in 0..draws {
        let sample = state.sample_consistent(seat, rng);
        let place = placement(&sample, seat, &hidden);
        for card in &deduced {
            assert!(
                place.get(card) == truth.get(card),
                "{ctx}: a determinization for seat {seat} puts {card} in {:?}, but the seat has \
                 deduced it is in {:?} (Audit::deduced_cards)",
                place.get(card),
                truth.get(card)
            );
        }
        if place
            .iter()
            .any(|(card, p)| !deduced.contains(card) && truth.get(card) != Some(p))
        {
            moved += 1;
        }
        if free {
            for (card, where_) in &place {
                let (card, _) = truth.get_key_value(card).unwrap_or_else(|| {
                    panic!(
                        "{ctx}: a determinization for seat {seat} hides {card}, which is not hidden"
                    )
                });
                let (where_, _) = sizes.get_key_value(where_).unwrap_or_else(|| {
                    panic!(
                        "{ctx}: a determinization for seat {seat} puts {card} in a place \
                         ({where_}) that holds no hidden card in the true state"
                    )
                });
                *landed.entry((card.as_str(), where_.as_str())).or_default() += 1;
            }
        }
    }
    assert!(
        !must_move || moved > 0,
        "{ctx}: all {draws} determinizations for seat {seat} put each of the {} hidden cards it \
         has not placed by deduction where it truly is, though {ways:.0} arrangements fit the \
         place sizes ({:?}): sample_consistent returns the true hidden cards",
        truth.len() - deduced.len(),
        sizes
    );
    if !free {
        return false;
    }
    let n = draws as f64;
    let tolerance = ((2.0 / FALSE_ALARM).ln() / (2.0 * n)).sqrt();
    let total = truth.len() as f64;
    for card in truth.keys() {
        for (place, &size) in &sizes {
            let expected = size as f64 / total;
            let got = landed
                .get(&(card.as_str(), place.as_str()))
                .copied()
                .unwrap_or(0) as f64
                / n;
            assert!(
                (got - expected).abs() <= tolerance,
                "{ctx}: seat {seat}'s determinizations put {card} in the place ({place}) in a \
                 share {got:.3} of {draws} draws, expected {expected:.3} ± {tolerance:.3} \
                 (the game declares the placement free)"
            );
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangements_count_splits_into_places() {
        let sizes: BTreeMap<String, usize> = [("stock".into(), 3), ("hand 1".into(), 3)]
            .into_iter()
            .collect();
        assert!((arrangements(&sizes) - 20.0).abs() < 1e-9);
        let one: BTreeMap<String, usize> = [("hand 1".into(), 4)].into_iter().collect();
        assert!((arrangements(&one) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn deep_steps_are_few() {
        let deep = (0..100_000).filter(|&s| is_deep_step(s)).count();
        assert!(deep < 120, "{deep}");
        assert!(is_deep_step(1) && is_deep_step(64) && !is_deep_step(0) && !is_deep_step(3));
    }
}
