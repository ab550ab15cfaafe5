//! Perft: legal-action counts from seeded deals, golden numbers in `tests/rebel-runs.perft`,
//! cross-checked against a naive generator written straight from the rules of §3.2–§3.3
//! (every subset of the hand against every declaration, every card against every meld end).
//! New counts: `PARLOUR_BLESS=1 cargo test --test perft`.

use parlour_cards::CardSet;
use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
use parlour_fey::{Card, Sign};
use parlour_rebel_runs::{Action, End, MeldKind, Phase, State};
use parlour_testkit::{check_perft_file, settle_chance};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rebel-runs.perft");

fn value(id: u8) -> u8 {
    id % 11 + 1
}

fn is_fey(id: u8, fey: Sign) -> bool {
    Card::from_id(id).unwrap().sign() == fey
}

/// Whether `cards` form `kind`, straight from §3.2: a set is 3+ cards whose non-fey cards all
/// print the set's number; a run is 4+ cards whose non-fey cards print distinct numbers inside
/// `low..=low+len-1`, which must lie within 1..=11.
fn naive_meld_ok(cards: &[u8], kind: MeldKind, fey: Sign) -> bool {
    match kind {
        MeldKind::Set { value: v } => {
            cards.len() >= 3
                && (1..=11).contains(&v)
                && cards.iter().all(|&c| is_fey(c, fey) || value(c) == v)
        }
        MeldKind::Run { low } => {
            let len = cards.len() as u8;
            if len < 4 || low < 1 || low + len - 1 > 11 {
                return false;
            }
            let mut seen = Vec::new();
            for &c in cards {
                if is_fey(c, fey) {
                    continue;
                }
                let v = value(c);
                if v < low || v > low + len - 1 || seen.contains(&v) {
                    return false;
                }
                seen.push(v);
            }
            true
        }
    }
}

/// Every legal action of the player to act, found by brute force.
fn naive_legal(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    let ToAct::Seats(seats) = s.to_act() else {
        return out;
    };
    let seat = seats.first().unwrap();
    let hand: Vec<u8> = s.hand(seat).iter().collect();
    let fey = s.mat().fey();
    let view = s.view(Some(seat));
    let taken = view.taken_from_discard.map(|c| c.id());
    let mbd = s.rules().meld_before_discard;
    match s.phase() {
        Phase::Draw => {
            if view.stock_size > 0 {
                out.push(Action::DrawStock);
            }
            if !view.discard_pile.is_empty() {
                out.push(Action::DrawDiscard);
            }
        }
        Phase::Discard => {
            for &c in &hand {
                if Some(c) != taken {
                    out.push(Action::Discard(Card::from_id(c).unwrap()));
                }
            }
        }
        Phase::Meld => {
            if mbd {
                for &c in &hand {
                    if Some(c) != taken || hand.len() == 1 {
                        out.push(Action::Discard(Card::from_id(c).unwrap()));
                    }
                }
            }
            for mask in 1u32..(1 << hand.len()) {
                let cards: Vec<u8> = (0..hand.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| hand[i])
                    .collect();
                let set: CardSet = cards.iter().copied().collect();
                for n in 0..=12 {
                    for kind in [MeldKind::Set { value: n }, MeldKind::Run { low: n }] {
                        if naive_meld_ok(&cards, kind, fey) {
                            out.push(Action::Meld { cards: set, kind });
                        }
                    }
                }
            }
            if !s.rules().no_laying_off {
                for &c in &hand {
                    for (i, m) in s.melds().iter().enumerate() {
                        if m.owner != seat && !s.rules().lay_off_on_any_meld {
                            continue;
                        }
                        let mut cards: Vec<u8> = m.cards.iter().collect();
                        cards.push(c);
                        let (low, high) = m.span();
                        let options: Vec<(Option<End>, MeldKind)> = match m.kind {
                            MeldKind::Set { value } => vec![(None, MeldKind::Set { value })],
                            MeldKind::Run { .. } => vec![
                                (
                                    Some(End::Low),
                                    MeldKind::Run {
                                        low: low.wrapping_sub(1),
                                    },
                                ),
                                (Some(End::High), MeldKind::Run { low }),
                            ],
                        };
                        for (end, kind) in options {
                            // The new card must represent the number at that end.
                            let wanted = match end {
                                None => low,
                                Some(End::Low) => low.wrapping_sub(1),
                                Some(End::High) => high + 1,
                            };
                            let fits = is_fey(c, fey) || value(c) == wanted;
                            if fits && naive_meld_ok(&cards, kind, fey) {
                                out.push(Action::LayOff {
                                    card: Card::from_id(c).unwrap(),
                                    meld: i as u8,
                                    end,
                                });
                            }
                        }
                    }
                }
            }
            if !mbd {
                out.push(Action::EndTurn);
            }
        }
        _ => {}
    }
    out.sort();
    out
}

/// Perft with the naive generator; at every node the engine's list must equal the naive one.
fn naive_perft(s: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ToAct::Seats(seats) = s.to_act() else {
        return 1;
    };
    let seat: Seat = seats.first().unwrap();
    let actions = naive_legal(s);
    let mut engine = Vec::new();
    s.legal_actions(seat, &mut engine);
    assert_eq!(engine, actions, "engine and naive generators differ");
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|&a| {
            let mut next = s.clone();
            next.apply(seat, a, &mut ()).unwrap();
            naive_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_matches_the_golden_counts_and_the_naive_generator() {
    let checked = check_perft_file(GOLDEN, parlour_testkit::dealt::<State>, |s, depth| {
        Some(naive_perft(s, depth))
    });
    assert_eq!(checked, 10);
}

#[test]
fn naive_generator_agrees_along_random_games() {
    use parlour_testkit::random_action;
    for (seed, players, options) in [
        (1u64, 2u8, ""),
        (2, 4, "lay_off_on_any_meld"),
        (3, 3, "meld_before_discard"),
        (4, 5, "no_laying_off"),
    ] {
        let opts = Options::parse_list(State::OPTIONS, options).unwrap();
        let mut state = State::new(players, &opts).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        for _ in 0..3000 {
            settle_chance(&mut state, &mut rng);
            let ToAct::Seats(seats) = state.to_act() else {
                break;
            };
            let mut engine = Vec::new();
            state.legal_actions(seats.first().unwrap(), &mut engine);
            assert_eq!(engine, naive_legal(&state));
            random_action(&mut state, seats.first().unwrap(), &mut rng, &mut buf);
        }
    }
}
