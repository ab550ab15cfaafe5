mod chance_probe;
mod resample;
pub(crate) mod simultaneous;
mod worlds;

use std::collections::BTreeSet;
use std::ops::Range;

use parlour_core::{Audit, Game, Options, Seat, ToAct, Viewer, derive_seed, rng_from_seed, words};
use parlour_record::{Match, Record};
use rand::Rng;
use serde_json::Value;

use chance_probe::{ChancePool, probe_chance};
use resample::{check_resample, check_resample_spread, is_deep_step};
use simultaneous::{check_simultaneous, pick_owing};
use worlds::check_worlds;

/// Most steps a conformance playout may take before it is declared endless.
pub const MAX_STEPS: usize = 200_000;

/// Every how many steps a pair of worlds one seat cannot tell apart is played forward, and
/// before which step it is done at every node (short games and first rounds in full).
const WORLDS_EVERY: usize = 3;
const WORLDS_ALWAYS: usize = 32;

/// Most uniformity tests of `sample_consistent` per game (each draws hundreds of samples).
const SPREAD_TESTS_PER_GAME: usize = 2;

/// Runs one seeded random game per seed in `seeds` and checks the [`Game`] contract at every
/// node (OpenSpiel's random simulation test plus parlour's own):
///
/// * legal actions are sorted, unique, each passes `is_legal`, and exist exactly for the seats
///   to act;
/// * action and chance texts round-trip through their parsers;
/// * actions not legal now, and actions by seats not to act, are rejected and leave the state
///   unchanged (`==`);
/// * chance outcomes that parse but are impossible here (outcomes seen at other nodes and
///   seeds, and the sampled outcome with a card dropped or repeated) are rejected with the
///   state unchanged, or, if accepted, keep the invariants;
/// * `check_invariants` holds (cards conserved);
/// * where several seats owe a commitment, every other viewer's view, legal actions and event
///   texts are the same whichever legal commitment one of them makes (no fact appears or
///   vanishes before every commitment is in);
/// * no view, and no event text a viewer is shown, contains any of that viewer's `secrets`;
/// * `sample_consistent` keeps the observer's view, turn, legal actions and secrets, and where
///   it draws a state other than the true one (so the observer cannot tell them apart),
///   `secrets` of that observer is not empty;
/// * at a few positions per game, many determinizations are drawn: each must keep every card
///   whose place the observer has deduced ([`Audit::deduced_cards`]) where it truly is; where
///   enough of the other hidden cards lie in more than one place, they must not all put every
///   such card where it truly is, and where
///   the game declares the placement free ([`Audit::hidden_placement_is_free`]), each card must
///   land in each place about as often as that place's share of the hidden cards (a
///   Hoeffding bound with a false alarm rate of 1e-9 per card and place); a place is what
///   [`Audit::hidden_places`] names, or by default the set of other seats whose views show the
///   card;
/// * at each of the first 32 steps and every 3 steps after, a state one seat cannot tell from the true one is drawn, and both are
///   played forward by the same actions up to the next chance node: the seat's view, legal actions and
///   event texts must stay the same in both, until a step the game names as a reveal to that
///   seat ([`Audit::reveals_to`]) or one the other world cannot take;
/// * the game ends within [`MAX_STEPS`] with an outcome whose scores match `scores()` and whose
///   winners (possibly none, where the rules say everyone loses) are seats of the table;
/// * the game's record replays to the same state, both fully stated and with every chance
///   outcome left to the seed.
///
/// # Panics
/// On the first broken check, with the seed and step in the message.
pub fn check_game<G: Audit>(players: u8, options: &str, seeds: Range<u64>) {
    let opts = Options::parse_list(G::OPTIONS, options)
        .unwrap_or_else(|e| panic!("{}: bad options `{options}`: {e}", G::ID));
    // Chance texts seen so far, kept across seeds: outcomes that parse but belong elsewhere.
    let mut chances = ChancePool::default();
    for seed in seeds {
        check_one::<G>(players, opts.clone(), seed, &mut chances);
    }
}

fn check_one<G: Audit>(players: u8, options: Options, seed: u64, chances: &mut ChancePool) {
    let mut m = Match::<G>::new(players, options, seed)
        .unwrap_or_else(|e| panic!("{}: setup failed: {e}", G::ID));
    let mut rng = rng_from_seed(derive_seed(seed, 0x00C0_FFEE));
    // Streams of their own, so the deep checks do not change the playout.
    let mut deep_rng = rng_from_seed(derive_seed(seed, 0x005A_3D1E));
    let mut worlds_rng = rng_from_seed(derive_seed(seed, 0x0000_3071D5));
    // Uniformity tests (hundreds of draws each) per game.
    let mut spread_budget = SPREAD_TESTS_PER_GAME;
    let mut pool: BTreeSet<G::Action> = BTreeSet::new();
    let mut buf = Vec::new();
    let ctx = |step: usize| format!("{} seed {seed} step {step}", G::ID);
    let mut step = 0;
    loop {
        assert!(
            step < MAX_STEPS,
            "{}: no end within {MAX_STEPS} steps",
            ctx(step)
        );
        let state = m.state();
        if let Err(e) = state.check_invariants() {
            panic!("{}: invariant broken: {e}", ctx(step));
        }
        check_views(state, |v| m.secrets(v), &ctx(step));
        check_event_texts(&m, &ctx(step));
        if (step < WORLDS_ALWAYS || step.is_multiple_of(WORLDS_EVERY))
            && state.to_act() != ToAct::Terminal
        {
            let observer = Seat(worlds_rng.random_range(0..players));
            check_worlds(state, observer, &mut worlds_rng, &ctx(step));
        }
        match state.to_act() {
            ToAct::Terminal => {
                let outcome = state
                    .outcome()
                    .unwrap_or_else(|| panic!("{}: terminal without outcome", ctx(step)));
                assert_eq!(
                    outcome.scores,
                    state.scores(),
                    "{}: outcome scores differ from scores()",
                    ctx(step)
                );
                // Some rules end a game with no winner (everyone loses), so winners may be empty.
                assert!(
                    outcome.winners.iter().all(|w| w.0 < players),
                    "{}: a winner outside the table",
                    ctx(step)
                );
                for seat in Seat::all(players) {
                    state.legal_actions(seat, &mut buf);
                    assert!(buf.is_empty(), "{}: legal actions after the end", ctx(step));
                }
                break;
            }
            ToAct::Chance => {
                assert!(
                    state.outcome().is_none(),
                    "{}: outcome before the end",
                    ctx(step)
                );
                let mut probe = state.clone();
                assert!(
                    probe
                        .apply_chance(state.sample_chance(&mut rng.clone()), &mut ())
                        .is_ok(),
                    "{}: sampled chance rejected",
                    ctx(step)
                );
                let c = state.sample_chance(&mut rng.clone());
                let text = state.chance_text(&c);
                let parsed = state.parse_chance(&text).unwrap_or_else(|e| {
                    panic!("{}: chance `{text}` does not parse: {e}", ctx(step))
                });
                assert_eq!(
                    parsed,
                    c,
                    "{}: chance text `{text}` does not round-trip",
                    ctx(step)
                );
                for seat in Seat::all(players) {
                    let mut s = state.clone();
                    let first = pool.iter().next().copied();
                    if let Some(a) = first {
                        assert!(
                            s.apply(seat, a, &mut ()).is_err(),
                            "{}: action accepted at a chance node",
                            ctx(step)
                        );
                        assert!(
                            s == *state,
                            "{}: rejected action {a:?} changed the state",
                            ctx(step)
                        );
                    }
                }
                probe_chance(state, &text, chances, &ctx(step));
                chances.add(text);
                m.draw_chance();
            }
            ToAct::Seats(seats) => {
                assert!(!seats.is_empty(), "{}: no seat to act", ctx(step));
                assert!(
                    state.outcome().is_none(),
                    "{}: outcome before the end",
                    ctx(step)
                );
                for seat in Seat::all(players) {
                    state.legal_actions(seat, &mut buf);
                    if !seats.contains(seat) {
                        assert!(
                            buf.is_empty(),
                            "{}: seat {seat} not to act has legal actions",
                            ctx(step)
                        );
                        if let Some(&a) = pool.iter().next() {
                            let mut s = state.clone();
                            assert!(
                                s.apply(seat, a, &mut ()).is_err(),
                                "{}: seat {seat} acted out of turn",
                                ctx(step)
                            );
                            assert!(
                                s == *state,
                                "{}: rejected action {a:?} by seat {seat} changed the state",
                                ctx(step)
                            );
                        }
                        continue;
                    }
                    assert!(
                        !buf.is_empty(),
                        "{}: seat {seat} to act has no legal action",
                        ctx(step)
                    );
                    assert!(
                        buf.windows(2).all(|w| w[0] < w[1]),
                        "{}: legal actions not sorted and unique: {buf:?}",
                        ctx(step)
                    );
                    for &a in &buf {
                        assert!(
                            state.is_legal(seat, a),
                            "{}: listed action {a:?} fails is_legal",
                            ctx(step)
                        );
                        let text = state.action_text(a);
                        let parsed = state.parse_action(seat, &text).unwrap_or_else(|e| {
                            panic!("{}: action `{text}` does not parse: {e}", ctx(step))
                        });
                        assert_eq!(
                            parsed,
                            a,
                            "{}: action text `{text}` does not round-trip",
                            ctx(step)
                        );
                    }
                    let illegal: Vec<G::Action> = pool
                        .iter()
                        .filter(|a| buf.binary_search(a).is_err())
                        .take(8)
                        .copied()
                        .collect();
                    for a in illegal {
                        assert!(
                            !state.is_legal(seat, a),
                            "{}: is_legal accepts unlisted {a:?}",
                            ctx(step)
                        );
                        let mut s = state.clone();
                        assert!(
                            s.apply(seat, a, &mut ()).is_err(),
                            "{}: unlisted {a:?} was applied",
                            ctx(step)
                        );
                        assert!(
                            s == *state,
                            "{}: rejected action {a:?} by seat {seat} changed the state",
                            ctx(step)
                        );
                    }
                    pool.extend(buf.iter().copied());
                    check_resample(state, seat, &mut rng, &ctx(step));
                    if is_deep_step(step)
                        && check_resample_spread(
                            state,
                            seat,
                            &mut deep_rng,
                            spread_budget > 0,
                            &ctx(step),
                        )
                    {
                        spread_budget -= 1;
                    }
                }
                check_simultaneous(state, seats, &ctx(step));
                let seat = pick_owing(seats, &mut rng);
                state.legal_actions(seat, &mut buf);
                let a = buf[rng.random_range(0..buf.len())];
                m.apply_action(seat, a)
                    .unwrap_or_else(|e| panic!("{}: legal action rejected: {e}", ctx(step)));
            }
        }
        step += 1;
    }
    check_replay(&m, seed);
}

pub(crate) fn json_strings(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
            out.extend(words(s).map(str::to_owned));
        }
        Value::Array(a) => a.iter().for_each(|x| json_strings(x, out)),
        Value::Object(o) => o.iter().for_each(|(k, x)| {
            out.insert(k.clone());
            json_strings(x, out);
        }),
        _ => {}
    }
}

/// No view names a card of that viewer's `secrets` (the game's, or [`Match::secrets`], which
/// follows the public-reveal rule).
pub(crate) fn check_views<G: Audit>(
    state: &G,
    secrets: impl Fn(Option<Seat>) -> Vec<String>,
    ctx: &str,
) {
    let viewers = std::iter::once(None).chain(Seat::all(state.players()).map(Some));
    for viewer in viewers {
        let view = state.view(viewer);
        let _ = view.to_string();
        let json = serde_json::to_value(&view)
            .unwrap_or_else(|e| panic!("{ctx}: view does not serialise: {e}"));
        let mut strings = BTreeSet::new();
        json_strings(&json, &mut strings);
        for secret in secrets(viewer) {
            assert!(
                !strings.contains(&secret),
                "{ctx}: view of {viewer:?} shows secret `{secret}`"
            );
        }
    }
}

/// No text of the latest entry's events names a card its viewer must not see then.
fn check_event_texts<G: Audit>(m: &Match<G>, ctx: &str) {
    for seat in Seat::all(m.state().players()) {
        let secrets = m.secrets(Some(seat));
        for text in m.last_events(Viewer::Seat(seat)) {
            let named: BTreeSet<&str> = words(&text).collect();
            for secret in &secrets {
                assert!(
                    !named.contains(secret.as_str()),
                    "{ctx}: event `{text}` shown to seat {seat} reveals `{secret}`"
                );
            }
        }
    }
}

fn check_replay<G: Game>(m: &Match<G>, seed: u64) {
    let record = m.to_record();
    let json = record.to_json();
    let reread = Record::from_json(&json)
        .unwrap_or_else(|e| panic!("{} seed {seed}: record does not re-read: {e}", G::ID));
    let full = Match::<G>::from_record(&reread)
        .unwrap_or_else(|e| panic!("{} seed {seed}: record does not replay: {e}", G::ID));
    assert!(
        full.state() == m.state(),
        "{} seed {seed}: replay differs",
        G::ID
    );
    let mut short = reread;
    short.actions.retain(|e| !e.starts_with("chance:"));
    let short = Match::<G>::from_record(&short)
        .unwrap_or_else(|e| panic!("{} seed {seed}: short record does not replay: {e}", G::ID));
    assert!(
        short.state() == m.state(),
        "{} seed {seed}: short replay (chance from the seed) differs",
        G::ID
    );
}
