use parlour_core::{Audit, Game, GameRng, Seat, ToAct};
use rand::Rng;

/// Plays `state` to the end with uniformly random legal actions and sampled chance; returns the
/// number of player actions taken. Simultaneous seats act lowest first. `buf` is reused.
///
/// # Panics
/// If the game breaks its contract (an empty legal set for a seat to act, or an error applying a
/// legal action or a sampled outcome), or if it runs past `max_steps`.
pub fn random_playout<G: Game>(
    state: &mut G,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
    max_steps: u64,
) -> u64 {
    let mut actions = 0;
    for _ in 0..max_steps {
        match state.to_act() {
            ToAct::Terminal => return actions,
            ToAct::Chance => {
                let c = state.sample_chance(rng);
                state
                    .apply_chance(c, &mut ())
                    .expect("sampled chance outcome applies");
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a player node names a seat");
                random_action(state, seat, rng, buf);
                actions += 1;
            }
        }
    }
    panic!("{} did not end within {max_steps} steps", G::ID);
}

/// Applies one uniformly random legal action for `seat`.
///
/// # Panics
/// If `seat` has no legal action or the game rejects one it listed.
pub fn random_action<G: Game>(
    state: &mut G,
    seat: Seat,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
) -> G::Action {
    state.legal_actions(seat, buf);
    assert!(
        !buf.is_empty(),
        "{}: seat {seat} to act has no legal action",
        G::ID
    );
    let a = buf[rng.random_range(0..buf.len())];
    state
        .apply(seat, a, &mut ())
        .expect("a listed legal action applies");
    a
}

/// Counts the sequences of `depth` player actions from `state` (perft). A chance node or the end
/// of the game before `depth` counts as one leaf; simultaneous seats are taken lowest first.
#[must_use]
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ToAct::Seats(seats) = state.to_act() else {
        return 1;
    };
    let seat = seats.first().expect("a player node names a seat");
    let mut actions = Vec::new();
    state.legal_actions(seat, &mut actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|&a| {
            let mut next = state.clone();
            next.apply(seat, a, &mut ())
                .expect("a listed legal action applies");
            perft(&next, depth - 1)
        })
        .sum()
}

/// Per-action perft counts at the root (`divide`), for finding where two generators differ.
#[must_use]
pub fn divide<G: Game>(state: &G, depth: u32) -> Vec<(String, u64)> {
    let ToAct::Seats(seats) = state.to_act() else {
        return Vec::new();
    };
    let seat = seats.first().expect("a player node names a seat");
    let mut actions = Vec::new();
    state.legal_actions(seat, &mut actions);
    actions
        .iter()
        .map(|&a| {
            let mut next = state.clone();
            next.apply(seat, a, &mut ())
                .expect("a listed legal action applies");
            (state.action_text(a), perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}

/// Draws chance outcomes from `rng` until a player must act or the game ends.
///
/// # Panics
/// If the game rejects an outcome it sampled.
pub fn settle_chance<G: Game>(state: &mut G, rng: &mut GameRng) {
    while state.to_act() == ToAct::Chance {
        let c = state.sample_chance(rng);
        state
            .apply_chance(c, &mut ())
            .expect("sampled chance outcome applies");
    }
}

/// Plays `state` to the end like [`random_playout`], checking [`Audit::check_invariants`] before
/// every step; returns the number of steps (chance and player) or the first broken invariant,
/// or an error past `max_steps`. For property tests of random legal play.
///
/// # Errors
/// A broken invariant (with its step), or no end within `max_steps`.
///
/// # Panics
/// If the game breaks its contract as in [`random_playout`].
pub fn checked_playout<G: Audit>(
    state: &mut G,
    rng: &mut GameRng,
    max_steps: u64,
) -> Result<u64, String> {
    let mut buf = Vec::new();
    for step in 0..max_steps {
        state
            .check_invariants()
            .map_err(|e| format!("step {step}: {e}"))?;
        match state.to_act() {
            ToAct::Terminal => return Ok(step),
            ToAct::Chance => {
                let c = state.sample_chance(rng);
                state
                    .apply_chance(c, &mut ())
                    .expect("sampled chance outcome applies");
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a player node names a seat");
                random_action(state, seat, rng, &mut buf);
            }
        }
    }
    Err(format!("{} did not end within {max_steps} steps", G::ID))
}
