//! The solvers: exact plans replay through records to their claimed scores; the policy reads
//! only the player's view.

use std::time::Duration;

use parlour_bots::{Observation, make_bot};
use parlour_core::ToAct;
use parlour_core::{Game, Options, Seat, rng_from_seed};
use parlour_kings_feast::State;
use parlour_kings_feast::{SolveLimits, solve, solve_beam, solve_exact, solver_policy};
use parlour_record::replay;

fn study(setup: &str, goal: &str) -> String {
    format!(
        "arrangement=name: s\ntitle: S\nprovenance: DESIGNED\nsetup:\n{}\ngoal:\n{}\n",
        setup.replace('/', "\n"),
        goal.replace('/', "\n")
    )
}

fn start(options: &str, entries: &[&str]) -> State {
    replay::<State>(1, options, 0, entries)
        .unwrap()
        .state()
        .clone()
}

/// Replays a plan through a record from the same entries; returns the final score.
fn replayed_score(options: &str, entries: &[&str], plan: &[String]) -> i32 {
    let mut all: Vec<String> = entries.iter().map(|s| (*s).to_owned()).collect();
    all.extend(plan.iter().map(|a| format!("0: {a}")));
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let m = replay::<State>(1, options, 0, &refs).unwrap();
    m.state().outcome().expect("the plan ends the game").scores[0]
}

#[test]
fn exact_solver_finds_the_one_turn_fix() {
    let opts = study("2U 1D 3U", "1 2 3");
    let st = start(&opts, &[]);
    let plan = solve_exact(&st, &SolveLimits::default());
    assert_eq!(plan.score, 0);
    assert_eq!(plan.turns, 1);
    assert!(plan.score_proven && plan.turns_proven);
    assert_eq!(plan.actions, ["activate 0,0", "swap 0,0 0,1", "end"]);
    assert_eq!(replayed_score(&opts, &[], &plan.actions), 0);
}

#[test]
fn exact_solver_proves_the_best_score_when_zero_is_out_of_reach() {
    // Two face-up cards, so at most two turns of one adjacent swap each, and the row must be
    // reversed (three inversions).
    let opts = study("2U 1D 3U", "3 2 1");
    let st = start(&opts, &[]);
    let plan = solve_exact(&st, &SolveLimits::default());
    assert!(plan.score_proven, "{plan:?}");
    assert!(plan.score > 0);
    assert_eq!(replayed_score(&opts, &[], &plan.actions), plan.score);
}

const DEAL: &str = "chance: deal vizier hermit priest guard scholar noble coachman";

#[test]
fn solved_beginners_banquet_plan_replays_to_its_score() {
    let opts = "arrangement=beginners_banquet";
    let st = start(opts, &[DEAL]);
    let limits = SolveLimits {
        max_nodes: 400_000,
        time_limit: Duration::from_secs(60),
        ..SolveLimits::default()
    };
    let plan = solve(&st, &limits);
    assert_eq!(plan.score, 0, "{plan:?}");
    assert_eq!(replayed_score(opts, &[DEAL], &plan.actions), 0);
    let beam = solve_beam(&st, &limits);
    assert_eq!(replayed_score(opts, &[DEAL], &beam.actions), beam.score);
    if plan.turns_proven {
        assert!(plan.turns <= beam.turns);
    }
}

#[test]
fn solver_policy_reads_only_the_view() {
    // Two deals that differ only in the two face-down cards: same view, same decisions.
    let a = start("arrangement=beginners_banquet", &[DEAL]);
    let b = start(
        "arrangement=beginners_banquet",
        &["chance: deal vizier scholar priest guard hermit noble coachman"],
    );
    assert_eq!(a.view(Some(Seat(0))), b.view(Some(Seat(0))));
    assert_ne!(format!("{a:?}"), format!("{b:?}"));
    for seed in 0..4 {
        let pa = solver_policy(&a, &mut rng_from_seed(seed));
        let pb = solver_policy(&b, &mut rng_from_seed(seed));
        assert_eq!(pa, pb);
        let mut greedy_a = make_bot::<State>("greedy", seed, 1).unwrap();
        let mut greedy_b = make_bot::<State>("greedy", seed, 1).unwrap();
        assert_eq!(
            greedy_a.choose(&Observation::new(&a, Seat(0))),
            greedy_b.choose(&Observation::new(&b, Seat(0)))
        );
    }
}

#[test]
fn policies_play_legal_games_to_the_end() {
    let opts = Options::parse_list(State::OPTIONS, "arrangement=beginners_banquet").unwrap();
    for seed in 0..3 {
        let mut st = State::new(1, &opts).unwrap();
        let c = st.sample_chance(&mut rng_from_seed(seed));
        st.apply_chance(c, &mut ()).unwrap();
        for name in ["random", "greedy", "solver"] {
            let mut bot = make_bot::<State>(name, seed, 1).unwrap();
            let mut fin = st.clone();
            let mut rng = rng_from_seed(seed);
            loop {
                match fin.to_act() {
                    ToAct::Terminal => break,
                    ToAct::Chance => {
                        let c = fin.sample_chance(&mut rng);
                        fin.apply_chance(c, &mut ()).unwrap();
                    }
                    ToAct::Seats(_) => {
                        let a = bot.choose(&Observation::new(&fin, Seat(0)));
                        fin.apply(Seat(0), a, &mut ()).unwrap();
                    }
                }
            }
            assert!(fin.outcome().is_some(), "{name}");
        }
    }
}
