//! Legal-action counts (perft) from fixed seeded positions, golden numbers in
//! `tests/queen-of-scots.perft`, cross-checked by a naive generator that brute-forces every
//! action value against the rules as the spec states them.
//!
//! File format: `setup <seed> <players> <options or -> [walk <n>]` (the position after the
//! seeded deal and `n` seeded random actions), then `perft <depth> <count>` lines. New counts:
//! `PARLOUR_BLESS=1 cargo test --test perft`.

use parlour_core::{Game, Options, Seat, ToAct, derive_seed, rng_from_seed};
use parlour_queen_of_scots::{Action, JewelPlacement, Kind, Phase, SetType, State};
use parlour_testkit::{PerftSetup, check_perft_file, random_action, settle_chance};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/queen-of-scots.perft");

/// Most own sets the naive generator tries (a hand of 108 cards could not make more than 36).
const MAX_SETS: u8 = 40;

fn position(seed: u64, players: u8, options: &str, walk: usize) -> State {
    let opts = Options::parse_list(State::OPTIONS, options).unwrap();
    let mut s = State::new(players, &opts).unwrap();
    let mut rng = rng_from_seed(seed);
    let mut walk_rng = rng_from_seed(derive_seed(seed, 1));
    let mut buf = Vec::new();
    settle_chance(&mut s, &mut rng);
    for _ in 0..walk {
        let seat = s
            .to_act()
            .first_seat()
            .expect("the walk stays inside a round");
        random_action(&mut s, seat, &mut walk_rng, &mut buf);
        settle_chance(&mut s, &mut rng);
    }
    s
}

/// Every action value the naive generator considers.
fn universe(kinds: u8) -> Vec<Action> {
    let mut all = vec![Action::DrawStock, Action::PassStockEmpty];
    for a in 0..kinds {
        all.push(Action::Discard { card: Kind(a) });
        for set in 0..MAX_SETS {
            all.push(Action::AddToSet { set, card: Kind(a) });
        }
        for b in 0..kinds {
            all.push(Action::TakePile {
                pair: [Kind(a), Kind(b)],
            });
            all.push(Action::TakePileWithJewels {
                place: JewelPlacement::NewSet {
                    pair: [Kind(a), Kind(b)],
                },
            });
            for c in 0..kinds {
                all.push(Action::MeldNew {
                    cards: [Kind(a), Kind(b), Kind(c)],
                });
            }
        }
    }
    for set in 0..MAX_SETS {
        all.push(Action::TakePileWithJewels {
            place: JewelPlacement::ExistingSet(set),
        });
    }
    all.sort();
    all
}

/// The rules of spec §5–§6, applied to one action value, from the state's public accessors.
fn naive_is_legal(s: &State, a: Action) -> bool {
    let deck = s.deck();
    let info = deck.kinds();
    let seat = s.current();
    let hand = s.hand(seat);
    let count = |k: Kind| hand.iter().filter(|&c| deck.kind_of(c) == k).count();
    let royal = |k: Kind| info[k.index()].royal;
    let wild = |k: Kind| info[k.index()].wild;
    let holds = |ks: &[Kind]| {
        ks.iter()
            .all(|k| count(*k) >= ks.iter().filter(|x| *x == k).count())
    };
    let matching =
        |p: [Kind; 2]| !wild(p[0]) && !wild(p[1]) && ((royal(p[0]) && royal(p[1])) || p[0] == p[1]);
    let top = s.pile().last().map(|&c| deck.kind_of(c));
    let sets = s.sets(seat);
    match (s.phase(), a) {
        (Phase::PickUp, Action::DrawStock) => !s.stock().is_empty(),
        (Phase::PickUp, Action::PassStockEmpty) => s.stock().is_empty(),
        (Phase::PickUp, Action::TakePile { pair }) => {
            let Some(t) = top else { return false };
            pair[0] <= pair[1]
                && !wild(t)
                && matching(pair)
                && holds(&pair)
                && if royal(t) {
                    royal(pair[0])
                } else {
                    pair == [t, t]
                }
        }
        (Phase::PickUp, Action::TakePileWithJewels { place }) => {
            let Some(t) = top else { return false };
            let jewels = hand.iter().filter(|&c| wild(deck.kind_of(c))).count();
            wild(t)
                && jewels >= 2
                && match place {
                    JewelPlacement::ExistingSet(i) => usize::from(i) < sets.len(),
                    JewelPlacement::NewSet { pair } => {
                        pair[0] <= pair[1] && matching(pair) && holds(&pair)
                    }
                }
        }
        (Phase::Play, Action::MeldNew { cards }) => {
            let naturals: Vec<Kind> = cards.iter().copied().filter(|k| !wild(*k)).collect();
            cards.windows(2).all(|w| w[0] <= w[1])
                && holds(&cards)
                && naturals.len() >= 2
                && (naturals.iter().all(|k| royal(*k))
                    || naturals.iter().all(|k| *k == naturals[0] && !royal(*k)))
        }
        (Phase::Play, Action::AddToSet { set, card }) => {
            let Some(t) = sets.get(usize::from(set)) else {
                return false;
            };
            count(card) >= 1
                && (wild(card)
                    || match t.kind {
                        SetType::Royal => royal(card),
                        SetType::Character(k) => k == card,
                    })
        }
        (Phase::Play, Action::Discard { card }) => count(card) >= 1,
        _ => false,
    }
}

fn naive_legal(s: &State, universe: &[Action]) -> Vec<Action> {
    if !matches!(s.to_act(), ToAct::Seats(_)) {
        return Vec::new();
    }
    universe
        .iter()
        .copied()
        .filter(|a| naive_is_legal(s, *a))
        .collect()
}

/// Perft with the naive generator, checking the engine's legal list at every node.
fn naive_perft(s: &State, depth: u32, universe: &[Action]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ToAct::Seats(seats) = s.to_act() else {
        return 1;
    };
    let seat = seats.first().unwrap();
    let naive = naive_legal(s, universe);
    let mut engine = Vec::new();
    s.legal_actions(seat, &mut engine);
    assert_eq!(engine, naive, "engine and naive legal lists differ");
    if depth == 1 {
        return naive.len() as u64;
    }
    naive
        .iter()
        .map(|&a| {
            let mut next = s.clone();
            next.apply(seat, a, &mut ()).unwrap();
            naive_perft(&next, depth - 1, universe)
        })
        .sum()
}

/// A setup's position: `walk <n>` after the options walks `n` seeded random actions.
fn setup_position(c: &PerftSetup) -> State {
    let walk = match c.extra.as_slice() {
        [w, n] if w == "walk" => n.parse().expect("a walk length"),
        [] => 0,
        other => panic!("bad setup words {other:?}"),
    };
    position(c.seed, c.players, &c.options, walk)
}

#[test]
fn perft_matches_golden_counts_and_the_naive_generator() {
    let checked = check_perft_file(GOLDEN, setup_position, |s, depth| {
        let universe = universe(s.deck().kind_count() as u8);
        Some(naive_perft(s, depth, &universe))
    });
    assert_eq!(checked, 27);
}

/// The engine's `is_legal` agrees with the naive rules on every action value, at every node of
/// a few random games (pick-up and meld positions with sets, pile takes and Crown Jewels).
#[test]
fn is_legal_agrees_with_the_naive_rules_along_random_games() {
    let opts = Options::parse_list(State::OPTIONS, "target_score=100").unwrap();
    let universe = universe(17);
    for seed in 0..4 {
        let mut s = State::new(4, &opts).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut nodes = 0;
        loop {
            settle_chance(&mut s, &mut rng);
            let ToAct::Seats(seats) = s.to_act() else {
                break;
            };
            let seat: Seat = seats.first().unwrap();
            if nodes % 7 == 0 {
                for &a in &universe {
                    assert_eq!(s.is_legal(seat, a), naive_is_legal(&s, a), "{a:?}");
                }
            }
            s.legal_actions(seat, &mut buf);
            assert_eq!(buf, naive_legal(&s, &universe));
            random_action(&mut s, seat, &mut rng, &mut buf);
            nodes += 1;
        }
    }
}
