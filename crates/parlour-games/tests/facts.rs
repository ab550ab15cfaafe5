//! What each game declares to the registry holds in seeded random play: no game passes its
//! step bound or its action-id budget, no observation leaves its bounds, a game has
//! simultaneous nodes iff it says so, and the first player is chosen as declared; the starting
//! seat and any safety cap a game reports are real.

use std::collections::BTreeSet;

use parlour_core::{
    Encoding, FirstPlayer, Game, GameRng, Options, Seat, Start, ToAct, rng_from_seed,
};
use parlour_games::{GameInfo, games, with_game};
use rand::Rng;

/// Random games per player count.
const SEEDS: u64 = 10;

/// What one random game showed.
struct Played {
    steps: u64,
    simultaneous: bool,
    /// The seats of the first player node.
    first: Vec<Seat>,
    /// What the finished game says started it ([`parlour_core::Game::starting_seat`]).
    start: Option<Seat>,
    /// The cap the finished game says stopped it ([`parlour_core::Game::ended_by_cap`]).
    cap: Option<&'static str>,
}

fn play<G: Encoding>(players: u8, seed: u64) -> Played {
    let options = Options::defaults(G::OPTIONS);
    let mut state = G::new(players, &options).expect("the default setup");
    let bound = state.max_steps();
    let id_bound = state.max_action_ids();
    let (mut ids, mut spelling) = (0_u64, Vec::new());
    let (low, high) = state.observation_bounds();
    let mut obs = vec![0.0; state.observation_shape().iter().product()];
    let mut rng: GameRng = rng_from_seed(seed);
    let mut legal = Vec::new();
    let mut played = Played {
        steps: 0,
        simultaneous: false,
        first: Vec::new(),
        start: None,
        cap: None,
    };
    let mut events: Vec<G::Event> = Vec::new();
    loop {
        for seat in Seat::all(players) {
            obs.fill(0.0);
            state.encode_observation(seat, &mut obs);
            if let Some((i, x)) = obs
                .iter()
                .enumerate()
                .find(|(_, x)| !(low..=high).contains(*x))
            {
                panic!(
                    "{} seed {seed}: entry {i} of seat {seat}'s observation is {x}, outside \
                     [{low}, {high}]",
                    G::ID
                );
            }
        }
        match state.to_act() {
            ToAct::Terminal => {
                played.start = state.starting_seat(&events);
                played.cap = state.ended_by_cap(&events);
                return played;
            }
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                state
                    .apply_chance(c, &mut events)
                    .expect("a sampled outcome applies");
            }
            ToAct::Seats(seats) => {
                let seats: Vec<Seat> = seats.iter().collect();
                if played.first.is_empty() {
                    played.first.clone_from(&seats);
                }
                played.simultaneous |= seats.len() > 1;
                for seat in seats {
                    state.legal_actions(seat, &mut legal);
                    let a = legal[rng.random_range(0..legal.len())];
                    spelling.clear();
                    state.action_ids(seat, a, &mut spelling);
                    ids += spelling.len() as u64;
                    if let Some(bound) = id_bound {
                        assert!(ids <= bound, "{} seed {seed}: more than {bound} ids", G::ID);
                    }
                    state
                        .apply(seat, a, &mut events)
                        .expect("a legal action applies");
                    played.steps += 1;
                    if let Some(bound) = bound {
                        assert!(
                            played.steps <= bound,
                            "{} seed {seed}: more than {bound} steps",
                            G::ID
                        );
                    }
                }
            }
        }
    }
}

fn check<G: Encoding>(info: &GameInfo) {
    let mut simultaneous = false;
    let defaults = Options::defaults(G::OPTIONS);
    // Counts the default options allow (Reading the Play seats two only with an option).
    for players in G::PLAYERS.filter(|&n| G::new(n, &defaults).is_ok()) {
        let mut firsts = BTreeSet::new();
        let mut starts = BTreeSet::new();
        for seed in 0..SEEDS {
            let p = play::<G>(players, seed);
            if let Some(cap) = p.cap {
                assert!(
                    G::OPTIONS.iter().any(|o| o.id == cap),
                    "{}: capped by `{cap}`, which is none of its options",
                    G::ID
                );
            }
            match (info.start, p.start) {
                (Start::Fixed, s) => assert!(s.is_none_or(|s| s == Seat(0)), "{}", G::ID),
                (_, None) => panic!("{}: the start is not fixed but no seat started", G::ID),
                (_, Some(s)) => {
                    // Where one seat takes the first decision, it is the one that started.
                    if p.first.len() == 1 {
                        assert_eq!(p.first, [s], "{} seed {seed}: the starting seat", G::ID);
                    }
                    starts.insert(s);
                }
            }
            assert!(
                !p.simultaneous || G::SIMULTANEOUS,
                "{}: seats acted at once, but the game says it has no simultaneous nodes",
                G::ID
            );
            simultaneous |= p.simultaneous;
            match info.first_player {
                FirstPlayer::Fixed => assert_eq!(p.first, [Seat(0)], "{}", G::ID),
                FirstPlayer::Play => assert_eq!(p.first.len(), usize::from(players), "{}", G::ID),
                // Where everyone commits at once first (Holy Matrimony) the first player shows
                // only in the order of later steps.
                FirstPlayer::Chance if p.first.len() == 1 => {
                    firsts.insert(p.first[0]);
                }
                FirstPlayer::Chance => {}
            }
        }
        if info.start != Start::Fixed && players > 1 {
            assert!(
                starts.len() > 1,
                "{} at {players}: always {starts:?} started",
                G::ID
            );
        }
        if info.first_player == FirstPlayer::Chance && players > 1 && !firsts.is_empty() {
            assert!(
                firsts.len() > 1,
                "{} at {players}: always {firsts:?} first",
                G::ID
            );
        }
    }
    assert_eq!(
        simultaneous,
        G::SIMULTANEOUS,
        "{}: simultaneous nodes declared and seen differ",
        G::ID
    );
}

#[test]
fn every_game_keeps_what_it_declares_in_random_play() {
    for info in games() {
        with_game!(info.id, G => check::<G>(&info));
    }
}

#[test]
fn step_bounds_are_declared_at_the_default_options() {
    // Haunted derives none yet: a turn's plays have no rule limit.
    for info in games() {
        assert_eq!(
            info.max_steps().is_some(),
            info.id != "haunted",
            "{}",
            info.id
        );
    }
}

#[test]
fn a_limit_switched_off_leaves_no_bound() {
    let info = parlour_games::find("reading-the-play").unwrap();
    let off = info.parse_options("turn_limit=0").unwrap();
    let limits = info.limits(4, &off).unwrap();
    assert_eq!(limits.max_steps, None);
    assert_eq!(limits.observation_bounds.1, f32::INFINITY);
    let on = info.limits(4, &info.parse_options("").unwrap()).unwrap();
    // Three votes of four seats and 400 turns of at most 3n + 5 = 17 steps.
    assert_eq!(on.max_steps, Some(3 * 4 + 400 * 17));
}

#[test]
fn limits_follow_the_options() {
    let info = parlour_games::find("holy-matrimony").unwrap();
    let short = info.parse_options("max_rounds=3").unwrap();
    assert_eq!(info.limits(5, &short).unwrap().max_steps, Some(15));
    let tricker = parlour_games::find("troll-tricker").unwrap();
    let defaults = tricker.parse_options("").unwrap();
    let l = tricker.limits(4, &defaults).unwrap();
    assert_eq!(
        (l.max_steps, l.max_action_ids),
        (Some(3 * 11 * 4), Some(132))
    );
    assert!(tricker.limits(9, &defaults).is_err());
}

#[test]
fn haunted_declares_an_id_budget_from_its_round_limit() {
    let info = parlour_games::find("haunted").unwrap();
    let ids = |n, list| info.limits(n, &info.parse_options(list).unwrap()).unwrap();
    // 30 rounds of a turn slot per seat, 256 ids a slot; four times that with tie-breaks.
    assert_eq!(ids(4, "").max_action_ids, Some(30 * 4 * 256));
    assert_eq!(ids(3, "round_limit=10").max_action_ids, Some(10 * 3 * 256));
    let tiebreaks = ids(6, "round_limit=10,tiebreak_short_game");
    assert_eq!(tiebreaks.max_action_ids, Some(4 * 10 * 6 * 256));
    assert_eq!(ids(4, "round_limit=0").max_action_ids, None);
    assert_eq!(ids(4, "").max_steps, None);
}

/// The worked example of `docs/adding-a-game.md`, High Card, taken through every step of it but
/// the registry line (it is an example, not a game for the lobby): what it declares holds.
#[test]
fn high_card_declares_what_a_registered_game_does() {
    use parlour_testkit::toy::{HighCard, REGISTRATION};
    let info = GameInfo::registered::<HighCard>(&REGISTRATION);
    assert_eq!(info.max_steps(), Some(3));
    assert!(!info.simultaneous);
    check::<HighCard>(&info);
}

#[test]
fn a_game_stopped_by_its_round_limit_says_so() {
    let info = parlour_games::find("haunted").expect("registered");
    assert_eq!(info.start, Start::Lot);
    // Haunted stops at `round_limit` and scores everyone (its rulebook allows endless play).
    let options =
        Options::parse_list(parlour_haunted::State::OPTIONS, "round_limit=1").expect("an option");
    let capped = (0..SEEDS)
        .filter(|&seed| {
            let mut state = <parlour_haunted::State as Game>::new(3, &options).expect("setup");
            let mut rng: GameRng = rng_from_seed(seed);
            let mut events = Vec::new();
            let mut legal = Vec::new();
            loop {
                match state.to_act() {
                    ToAct::Terminal => break,
                    ToAct::Chance => {
                        let c = state.sample_chance(&mut rng);
                        state.apply_chance(c, &mut events).expect("applies");
                    }
                    ToAct::Seats(seats) => {
                        for seat in seats.iter() {
                            state.legal_actions(seat, &mut legal);
                            let a = legal[rng.random_range(0..legal.len())];
                            state.apply(seat, a, &mut events).expect("applies");
                        }
                    }
                }
            }
            state.ended_by_cap(&events) == Some("round_limit")
        })
        .count();
    assert_eq!(capped as u64, SEEDS, "one round never completes a line");
}

/// Each game's page in `docs/games/` says how the game starts in the words its declaration
/// gives the lab, so the two cannot drift apart.
#[test]
fn each_games_page_says_how_it_starts_as_declared() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/games");
    for info in games() {
        let path = docs.join(format!("{}.md", info.id));
        let page =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let line = page
            .lines()
            .find_map(|l| l.strip_prefix("**How the game starts.** "))
            .unwrap_or_else(|| panic!("{} has no line saying how the game starts", path.display()));
        let sentence = info.start.sentence();
        assert!(
            line.starts_with(sentence.trim_end_matches('.')),
            "{}: says {line:?}, the game declares {sentence:?}",
            path.display()
        );
    }
}
