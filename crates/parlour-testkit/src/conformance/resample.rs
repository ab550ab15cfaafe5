//! Checks of `sample_consistent`: what it must keep, and that it really draws the hidden cards.

use std::collections::{BTreeMap, BTreeSet};

use parlour_core::{Game, GameRng, Seat};

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
pub(crate) fn check_resample<G: Game>(state: &G, seat: Seat, rng: &mut GameRng, ctx: &str) {
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
    let secrets = state.secrets(Some(seat));
    if sampled != *state {
        assert!(
            !secrets.is_empty(),
            "{ctx}: seat {seat} cannot tell the true state from a determinization that differs, \
             yet secrets(Some({seat})) is empty"
        );
    }
    let mut resampled = sampled.secrets(Some(seat));
    let mut truth = secrets;
    resampled.sort();
    truth.sort();
    assert_eq!(
        resampled, truth,
        "{ctx}: determinization changed which cards seat {seat} cannot see"
    );
}

/// Where each card hidden from `observer` sits, as seen from outside: the other seats whose
/// views show it (none for the stock, say). Two cards in one hand share a place; the test needs
/// no game-specific notion of zones.
fn placement<G: Game>(state: &G, observer: Seat, hidden: &[String]) -> BTreeMap<String, Vec<u8>> {
    let mut out: BTreeMap<String, Vec<u8>> =
        hidden.iter().map(|c| (c.clone(), Vec::new())).collect();
    for other in Seat::all(state.players()).filter(|&s| s != observer) {
        let json = serde_json::to_value(state.view(Some(other)))
            .expect("views serialise (checked at every node)");
        let mut strings = BTreeSet::new();
        json_strings(&json, &mut strings);
        for (card, seen_by) in &mut out {
            if strings.contains(card) {
                seen_by.push(other.0);
            }
        }
    }
    out
}

/// How many ways `n` cards split into places of these sizes (a multinomial coefficient),
/// saturating in `f64`.
fn arrangements(sizes: &BTreeMap<Vec<u8>, usize>) -> f64 {
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
/// * where the hidden cards lie in more than one place and enough arrangements fit the place
///   sizes ([`MIN_ARRANGEMENTS`], or 2 where the game declares the placement free), some draw
///   must put some card elsewhere than it truly is: a sampler that returns the true state fails;
/// * where the game declares the placement free ([`Game::hidden_placement_is_free`]), every
///   hidden card must land in every place with a frequency within Hoeffding's bound of that
///   place's share of the hidden cards: `|f - p| <= sqrt(ln(2 / δ) / 2n)` with n draws, which
///   a correct sampler breaks with chance at most δ = [`FALSE_ALARM`] per card and place.
pub(crate) fn check_resample_spread<G: Game>(state: &G, seat: Seat, rng: &mut GameRng, ctx: &str) {
    let hidden = state.secrets(Some(seat));
    if hidden.len() < 2 {
        return;
    }
    let truth = placement(state, seat, &hidden);
    let mut sizes: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    for place in truth.values() {
        *sizes.entry(place.clone()).or_default() += 1;
    }
    let free = state.hidden_placement_is_free(seat);
    let ways = arrangements(&sizes);
    let must_move = sizes.len() > 1 && ways >= if free { 2.0 } else { MIN_ARRANGEMENTS };
    if !must_move && !free {
        return;
    }
    let draws = if free { SPREAD_DRAWS } else { DEEP_DRAWS };
    let mut landed: BTreeMap<(&str, &[u8]), usize> = BTreeMap::new();
    let mut moved = 0;
    for _ in 0..draws {
        let sample = state.sample_consistent(seat, rng);
        let place = placement(&sample, seat, &hidden);
        if place != truth {
            moved += 1;
        }
        if free {
            for (card, seen_by) in &place {
                let (card, _) = truth.get_key_value(card).expect("same hidden cards");
                let (seen_by, _) = sizes.get_key_value(seen_by).unwrap_or_else(|| {
                    panic!(
                        "{ctx}: a determinization for seat {seat} puts {card} in a place \
                         (seen by {seen_by:?}) that holds no hidden card in the true state"
                    )
                });
                *landed
                    .entry((card.as_str(), seen_by.as_slice()))
                    .or_default() += 1;
            }
        }
    }
    assert!(
        !must_move || moved > 0,
        "{ctx}: all {draws} determinizations for seat {seat} put each of the {} hidden cards \
         where it truly is, though {ways:.0} arrangements fit the place sizes \
         ({:?} by seats seeing them): sample_consistent returns the true hidden cards",
        hidden.len(),
        sizes
    );
    if !free {
        return;
    }
    let n = draws as f64;
    let tolerance = ((2.0 / FALSE_ALARM).ln() / (2.0 * n)).sqrt();
    let total = hidden.len() as f64;
    for card in truth.keys() {
        for (place, &size) in &sizes {
            let expected = size as f64 / total;
            let got = landed
                .get(&(card.as_str(), place.as_slice()))
                .copied()
                .unwrap_or(0) as f64
                / n;
            assert!(
                (got - expected).abs() <= tolerance,
                "{ctx}: seat {seat}'s determinizations put {card} in the place seen by \
                 {place:?} in {got:.3} of {draws} draws, expected {expected:.3} ± {tolerance:.3} \
                 (the game declares the placement free)"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangements_count_splits_into_places() {
        let sizes: BTreeMap<Vec<u8>, usize> = [(vec![], 3), (vec![1], 3)].into_iter().collect();
        assert!((arrangements(&sizes) - 20.0).abs() < 1e-9);
        let one: BTreeMap<Vec<u8>, usize> = [(vec![1], 4)].into_iter().collect();
        assert!((arrangements(&one) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn deep_steps_are_few() {
        let deep = (0..100_000).filter(|&s| is_deep_step(s)).count();
        assert!(deep < 120, "{deep}");
        assert!(is_deep_step(1) && is_deep_step(64) && !is_deep_step(0) && !is_deep_step(3));
    }
}
