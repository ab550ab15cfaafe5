use std::collections::BTreeMap;
use std::ops::Range;

use parlour_core::{Encoding, Options, Seat, ToAct, derive_seed, rng_from_seed};
use parlour_record::Match;
use rand::Rng;

use crate::conformance::simultaneous::{pick_owing, tell_commitments_apart};

/// Determinizations drawn per seat and node to compare observations.
const DRAWS: usize = 3;

/// Runs one seeded random game per seed in `seeds` and checks the [`Encoding`] contract at every
/// node:
///
/// * the observation shape and the number of action ids never change during a game, and every
///   observation has the shape's length and only finite values;
/// * a seat's observation is the same in every state that seat cannot tell from the true one
///   ([`parlour_core::Game::sample_consistent`]), so it holds nothing hidden from that seat;
/// * where several seats owe a commitment, no other seat's observation depends on which legal
///   commitment one of them makes;
/// * every legal action is spelt by at least one id, each id is below the number of ids and has
///   a name, no spelling is longer than [`Encoding::max_spelling_len`], no two legal actions of a seat share a spelling, no spelling is a proper prefix of
///   another, and where several seats act at once each spelling is one id.
///
/// # Panics
/// On the first broken check, with the seed and step in the message.
pub fn check_encoding<G: Encoding>(players: u8, options: &str, seeds: Range<u64>) {
    let opts = Options::parse_list(G::OPTIONS, options)
        .unwrap_or_else(|e| panic!("{}: bad options `{options}`: {e}", G::ID));
    for seed in seeds {
        check_one::<G>(players, opts.clone(), seed);
    }
}

fn check_one<G: Encoding>(players: u8, options: Options, seed: u64) {
    let mut m = Match::<G>::new(players, options, seed)
        .unwrap_or_else(|e| panic!("{}: setup failed: {e}", G::ID));
    let shape = m.state().observation_shape();
    let len: usize = shape.iter().product();
    let actions = m.state().num_distinct_actions();
    assert!(len > 0 && actions > 0, "{}: empty encoding", G::ID);
    for id in 0..actions {
        assert!(
            !m.state().action_id_text(id).is_empty(),
            "{}: action id {id} has no name",
            G::ID
        );
    }
    let mut rng = rng_from_seed(derive_seed(seed, 0x0E1C_0DE5));
    let mut legal = Vec::new();
    let mut truth = vec![0.0; len];
    let mut other = vec![0.0; len];
    for step in 0..crate::MAX_STEPS {
        let ctx = format!("{} seed {seed} step {step}", G::ID);
        let state = m.state();
        assert_eq!(state.observation_shape(), shape, "{ctx}: shape changed");
        assert_eq!(
            state.num_distinct_actions(),
            actions,
            "{ctx}: action count changed"
        );
        for seat in Seat::all(players) {
            encode(state, seat, &mut truth);
            assert!(
                truth.iter().all(|x| x.is_finite()),
                "{ctx}: seat {seat}'s observation is not finite"
            );
            for _ in 0..DRAWS {
                let sample = state.sample_consistent(seat, &mut rng);
                encode(&sample, seat, &mut other);
                if let Some(i) = (0..len).find(|&i| truth[i] != other[i]) {
                    panic!(
                        "{ctx}: seat {seat}'s observation differs at index {i} in a state it \
                         cannot tell from the true one: it reads hidden cards"
                    );
                }
            }
        }
        let seats = match state.to_act() {
            ToAct::Terminal => return,
            ToAct::Chance => {
                m.draw_chance();
                continue;
            }
            ToAct::Seats(seats) => seats,
        };
        for seat in seats.iter() {
            state.legal_actions(seat, &mut legal);
            check_spellings(state, seat, &legal, seats.len() > 1, &ctx);
            if seats.len() > 1 {
                check_commitments_unseen(state, seat, &legal, len, &ctx);
            }
        }
        let seat = pick_owing(seats, &mut rng);
        state.legal_actions(seat, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        m.apply_action(seat, action)
            .unwrap_or_else(|e| panic!("{ctx}: legal action rejected: {e}"));
        m.draw_due_chance();
    }
    panic!(
        "{} seed {seed}: no end within {} steps",
        G::ID,
        crate::MAX_STEPS
    );
}

/// Before every commitment is in, no other seat's observation depends on which legal
/// commitment `seat` made.
fn check_commitments_unseen<G: Encoding>(
    state: &G,
    seat: Seat,
    legal: &[G::Action],
    len: usize,
    ctx: &str,
) {
    let others: Vec<Seat> = Seat::all(state.players()).filter(|&o| o != seat).collect();
    let see = |s: &G, _: &[G::Event]| {
        others
            .iter()
            .map(|&o| {
                let mut out = vec![0.0; len];
                encode(s, o, &mut out);
                out
            })
            .collect::<Vec<_>>()
    };
    if let Some(t) = tell_commitments_apart(state, seat, legal, see, ctx) {
        let i = (0..len)
            .find(|&i| t.then[i] != t.now[i])
            .expect("the readings differ");
        panic!(
            "{ctx}: seat {}'s observation differs at index {i} between seat {seat}'s \
             commitments {:?} and {:?} before every commitment is in",
            others[t.at], t.first, t.other
        );
    }
}

fn encode<G: Encoding>(state: &G, seat: Seat, out: &mut [f32]) {
    out.fill(0.0);
    state.encode_observation(seat, out);
}

fn check_spellings<G: Encoding>(
    state: &G,
    seat: Seat,
    legal: &[G::Action],
    simultaneous: bool,
    ctx: &str,
) {
    let actions = state.num_distinct_actions();
    let mut spelt: BTreeMap<Vec<usize>, G::Action> = BTreeMap::new();
    for &a in legal {
        let mut ids = Vec::new();
        state.action_ids(seat, a, &mut ids);
        assert!(!ids.is_empty(), "{ctx}: {a:?} has no spelling");
        assert!(
            ids.len() <= state.max_spelling_len(),
            "{ctx}: {a:?} spelt by {} ids, past max_spelling_len",
            ids.len()
        );
        assert!(
            ids.iter().all(|&id| id < actions),
            "{ctx}: {a:?} spelt {ids:?}, past {actions} ids"
        );
        assert!(
            !simultaneous || ids.len() == 1,
            "{ctx}: {a:?} at a simultaneous node is spelt by {} ids",
            ids.len()
        );
        if let Some(b) = spelt.insert(ids.clone(), a) {
            panic!("{ctx}: {a:?} and {b:?} are both spelt {ids:?}");
        }
    }
    // In sorted order a proper prefix comes right before some word that extends it.
    let words: Vec<&Vec<usize>> = spelt.keys().collect();
    for w in words.windows(2) {
        assert!(
            !w[1].starts_with(w[0]),
            "{ctx}: spelling {:?} of {:?} is a prefix of {:?}",
            w[0],
            spelt[w[0]],
            w[1]
        );
    }
}
