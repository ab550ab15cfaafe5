//! Perft: legal-action sequence counts from seeded deals, golden numbers in
//! `tests/kings-feast.perft`, cross-checked at depths 1 and 2 by a naive count written here
//! straight from the rules (spec §7, §10) on the raw grid. New counts:
//! `PARLOUR_BLESS=1 cargo test --test perft`.

use parlour_core::{Game, Seat};
use parlour_kings_feast::{Pos, State};
use parlour_testkit::{PerftSetup, check_perft_file, perft, read_perft_file};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kings-feast.perft");

fn dealt(seed: u64, options: &str) -> State {
    parlour_testkit::dealt(&PerftSetup {
        seed,
        players: 1,
        options: options.to_owned(),
        extra: Vec::new(),
        counts: Vec::new(),
    })
}

/// The raw grid: `Some((card, face_up))` per cell.
type Grid = Vec<Vec<Option<(u8, bool)>>>;

fn grid(st: &State) -> Grid {
    let a = st.arrangement();
    (0..a.rows)
        .map(|r| {
            (0..a.cols)
                .map(|c| st.card_at(Pos::new(r, c)).map(|v| (v, st.is_face_up(v))))
                .collect()
        })
        .collect()
}

fn cell(g: &Grid, r: i32, c: i32) -> Option<(u8, bool)> {
    if r < 0 || c < 0 || r as usize >= g.len() || c as usize >= g[0].len() {
        None
    } else {
        g[r as usize][c as usize]
    }
}

fn seats(g: &Grid) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (r, row) in g.iter().enumerate() {
        for (c, x) in row.iter().enumerate() {
            if x.is_some() {
                out.push((r as i32, c as i32));
            }
        }
    }
    out
}

/// Optional swaps: orthogonal seat pairs of equal facing, plus `no-swap`.
fn swap_count(g: &Grid) -> u64 {
    let mut n = 1;
    for (r, c) in seats(g) {
        let (_, f) = cell(g, r, c).unwrap();
        for (dr, dc) in [(0, 1), (1, 0)] {
            if cell(g, r + dr, c + dc).is_some_and(|(_, f2)| f == f2) {
                n += 1;
            }
        }
    }
    n
}

/// The number of options of the decision right after activating the card on `(r, c)`.
fn after_activation(g: &Grid, r: i32, c: i32, in_play: &[u8]) -> u64 {
    let (v, _) = cell(g, r, c).unwrap();
    let mut g2 = g.clone();
    let set = |g: &mut Grid, r: i32, c: i32, x: Option<(u8, bool)>| g[r as usize][c as usize] = x;
    let face_down_count = seats(g)
        .iter()
        .filter(|&&(r, c)| !cell(g, r, c).unwrap().1)
        .count() as u64;
    let surround = |r: i32, c: i32| {
        let mut k = 0;
        for dr in -1..=1 {
            for dc in -1..=1 {
                if (dr, dc) != (0, 0) && cell(g, r + dr, c + dc).is_some() {
                    k += 1;
                }
            }
        }
        k
    };
    // The activated card goes face down in step 2, then the optional swap.
    let turn_down = |g: &mut Grid, v: u8| {
        for row in g.iter_mut() {
            for x in row.iter_mut().flatten() {
                if x.0 == v {
                    x.1 = false;
                }
            }
        }
    };
    match v {
        3 | 11 => face_down_count,
        5 => in_play.len() as u64 + 1,
        4 => 1, // the shuffle: a chance node counts as a leaf
        7 => {
            if let (Some(l), Some(rt)) = (cell(g, r, c - 1), cell(g, r, c + 1)) {
                set(&mut g2, r, c - 1, Some(rt));
                set(&mut g2, r, c + 1, Some(l));
            }
            turn_down(&mut g2, v);
            swap_count(&g2)
        }
        8 => {
            let ups: Vec<u8> = seats(g)
                .iter()
                .filter_map(|&(r, c)| cell(g, r, c).filter(|x| x.1).map(|x| x.0))
                .collect();
            let mut k = 0;
            for dr in -1..=1 {
                for dc in -1..=1 {
                    if (dr, dc) == (0, 0) {
                        continue;
                    }
                    if cell(g, r + dr, c + dc)
                        .is_some_and(|(w, up)| up && ups.iter().any(|&u| u > w))
                    {
                        k += 1;
                    }
                }
            }
            if k == 0 {
                turn_down(&mut g2, v);
                swap_count(&g2)
            } else {
                k
            }
        }
        9 => {
            if cell(g, r, c + 1).is_some() {
                // Row start: walk left while seats continue.
                let mut a = c;
                while cell(g, r, a - 1).is_some() {
                    a -= 1;
                }
                let moving = cell(g, r, c + 1);
                for x in (a..=c).rev() {
                    let y = cell(g, r, x);
                    set(&mut g2, r, x + 1, y);
                }
                set(&mut g2, r, a, moving);
            }
            turn_down(&mut g2, v);
            swap_count(&g2)
        }
        10 => {
            let k = [
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ]
            .iter()
            .filter(|(dr, dc)| cell(g, r + dr, c + dc).is_some())
            .count() as u64;
            if k == 0 {
                turn_down(&mut g2, v);
                swap_count(&g2)
            } else {
                k
            }
        }
        15 => {
            let n = seats(g).len() as u64;
            n * (n - 1) / 2
        }
        17 => {
            let mut k = 0;
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let mut d = 1;
                while cell(g, r + d * dr, c + d * dc).is_some() {
                    k += 1;
                    d += 1;
                }
            }
            k
        }
        18 => surround(r, c),
        _ => {
            turn_down(&mut g2, v);
            swap_count(&g2)
        }
    }
}

fn naive(st: &State, depth: u32) -> u64 {
    let g = grid(st);
    let in_play: Vec<u8> = (1..=18)
        .filter(|&v| st.cards_in_play() & (1 << v) != 0)
        .collect();
    let active: Vec<(i32, i32)> = seats(&g)
        .into_iter()
        .filter(|&(r, c)| cell(&g, r, c).unwrap().1)
        .collect();
    match depth {
        1 => active.len() as u64,
        2 => active
            .iter()
            .map(|&(r, c)| after_activation(&g, r, c, &in_play))
            .sum(),
        _ => unreachable!("the naive count covers depths 1 and 2"),
    }
}

/// A golden entry: seed, options, `(depth, count)` pairs.
type Golden = (u64, String, Vec<(u32, u64)>);

fn golden() -> Vec<Golden> {
    read_perft_file(GOLDEN)
        .into_iter()
        .map(|c| (c.seed, c.options, c.counts))
        .collect()
}

#[test]
fn perft_matches_the_golden_counts() {
    let checked = check_perft_file(GOLDEN, parlour_testkit::dealt::<State>, |st, d| {
        (d <= 2).then(|| naive(st, d))
    });
    assert_eq!(checked, 16);
}

#[test]
fn perft_agrees_with_the_naive_count() {
    for (seed, opts, _) in golden() {
        let st = dealt(seed, &opts);
        for d in 1..=2 {
            assert_eq!(
                perft(&st, d),
                naive(&st, d),
                "setup {seed} {opts} depth {d}"
            );
        }
    }
    // Many more deals than the golden file.
    for arr in parlour_kings_feast::BUILTIN_NAMES {
        for seed in 0..40 {
            let st = dealt(seed, &format!("arrangement={arr}"));
            for d in 1..=2 {
                assert_eq!(perft(&st, d), naive(&st, d), "{arr} seed {seed} depth {d}");
            }
        }
    }
}

#[test]
fn first_decision_is_an_activation() {
    let st = dealt(1, "");
    let mut legal = Vec::new();
    st.legal_actions(Seat(0), &mut legal);
    assert!(
        legal
            .iter()
            .all(|a| st.action_text(*a).starts_with("activate"))
    );
}
