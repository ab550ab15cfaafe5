//! Measurements for the docs: solvability of each arrangement under the full-information solver,
//! and mean scores of the policies over seeded deals.
//!
//! ```text
//! cargo run --release -p parlour-kings-feast --example feast_report -- solve <arrangement|all> <deals> [nodes] [secs] [beam] [mobility]
//! cargo run --release -p parlour-kings-feast --example feast_report -- play <arrangement|all> <deals> [policies]
//! cargo run --release -p parlour-kings-feast --example feast_report -- show <arrangement> <seed>
//! ```

use std::time::{Duration, Instant};

use parlour_bots::{Observation, make_bot};
use parlour_core::{Game, GameRng, Options, Seat, ToAct, derive_seed, rng_from_seed};
use parlour_kings_feast::{BUILTIN_NAMES, State};
use parlour_kings_feast::{Plan, SolveLimits, replay_plan};

fn dealt(arr: &str, seed: u64) -> State {
    let opts = if arr.contains('\n') || arr.ends_with(".txt") {
        let text = std::fs::read_to_string(arr).expect("layout file");
        let mut o = Options::defaults(State::OPTIONS);
        o.set("arrangement", &text).expect("option");
        o
    } else {
        Options::parse_list(State::OPTIONS, &format!("arrangement={arr}")).expect("options")
    };
    let mut st = State::new(1, &opts).expect("setup");
    let mut rng = rng_from_seed(seed);
    let c = st.sample_chance(&mut rng);
    st.apply_chance(c, &mut ()).expect("deal");
    st
}

fn names(which: &str) -> Vec<String> {
    if which == "all" {
        BUILTIN_NAMES.iter().map(|s| (*s).to_owned()).collect()
    } else {
        vec![which.to_owned()]
    }
}

fn solve_report(which: &str, deals: u64, limits: &SolveLimits) {
    println!(
        "| arrangement | deals | score 0 | mean best score | mean turns (score 0) | proven min turns | mean time | max time |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for arr in names(which) {
        let mut zero = 0;
        let mut sum_score = 0;
        let mut sum_turns = 0;
        let mut proven_turns = 0;
        let mut times = Vec::new();
        let mut worst: Vec<(u64, i32)> = Vec::new();
        for seed in 0..deals {
            let st = dealt(&arr, seed);
            let t = Instant::now();
            let plan: Plan = parlour_kings_feast::solve(&st, limits);
            let el = t.elapsed();
            times.push(el);
            let fin = replay_plan(&st, &plan.actions).expect("a plan replays");
            assert_eq!(
                fin.outcome().expect("plan ends the game").scores[0],
                plan.score
            );
            sum_score += plan.score;
            if plan.score == 0 {
                zero += 1;
                sum_turns += plan.turns;
                if plan.turns_proven {
                    proven_turns += 1;
                }
            } else {
                worst.push((seed, plan.score));
            }
            eprintln!(
                "{arr} seed {seed}: score {} turns {} ({}, nodes {}, {:.2}s) proven score {} turns {}",
                plan.score,
                plan.turns,
                plan.method,
                plan.nodes,
                el.as_secs_f64(),
                plan.score_proven,
                plan.turns_proven
            );
        }
        let mean_t: Duration = times.iter().sum::<Duration>() / deals as u32;
        let max_t = times.iter().max().copied().unwrap_or_default();
        println!(
            "| {arr} | {deals} | {zero}/{deals} | {:.2} | {} | {proven_turns}/{zero} | {:.2}s | {:.2}s |",
            f64::from(sum_score) / deals as f64,
            if zero > 0 {
                format!("{:.2}", f64::from(sum_turns) / f64::from(zero))
            } else {
                "-".into()
            },
            mean_t.as_secs_f64(),
            max_t.as_secs_f64()
        );
        if !worst.is_empty() {
            eprintln!("{arr}: deals without 0: {worst:?}");
        }
    }
}

fn play_report(which: &str, deals: u64, policies: &str) {
    let all = ["random", "greedy", "solver"];
    println!(
        "| arrangement | policy | deals | mean score | score 0 | Assassin endings | mean turns | time per game |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for arr in names(which) {
        for name in all {
            if !policies.split(',').any(|p| p == name) {
                continue;
            }
            let t = Instant::now();
            let mut sum = 0;
            let mut zero = 0;
            let mut assassin = 0;
            let mut turns = 0;
            for seed in 0..deals {
                let st = dealt(&arr, seed);
                let mut rng = rng_from_seed(derive_seed(seed, 0x90_11C7));
                let fin = play_out(&st, name, seed, &mut rng);
                let s = fin.outcome().expect("over").scores[0];
                sum += s;
                zero += i32::from(s == 0);
                assassin += i32::from(parlour_kings_feast::ended_by_assassin(&fin));
                turns += fin.turns_completed();
            }
            let el = t.elapsed();
            println!(
                "| {arr} | {name} | {deals} | {:.2} | {:.1}% | {:.1}% | {:.1} | {:.1} ms |",
                f64::from(sum) / deals as f64,
                100.0 * f64::from(zero) / deals as f64,
                100.0 * f64::from(assassin) / deals as f64,
                f64::from(turns) / deals as f64,
                el.as_secs_f64() * 1000.0 / deals as f64
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_owned());
    match get(0, "solve").as_str() {
        "solve" => {
            let limits = SolveLimits {
                max_nodes: get(3, "2000000").parse().expect("nodes"),
                time_limit: Duration::from_secs_f64(get(4, "20").parse().expect("secs")),
                beam_width: get(5, "300").parse().expect("beam"),
                beam_mobility: get(6, "30").parse().expect("mobility"),
                ..SolveLimits::default()
            };
            solve_report(
                &get(1, "all"),
                get(2, "10").parse().expect("deals"),
                &limits,
            );
        }
        "play" => play_report(
            &get(1, "all"),
            get(2, "100").parse().expect("deals"),
            &get(3, "random,greedy,solver"),
        ),
        "show" => {
            let st = dealt(
                &get(1, "beginners_banquet"),
                get(2, "0").parse().expect("seed"),
            );
            println!("{}", st.view(Some(parlour_core::Seat(0))));
        }
        other => eprintln!("unknown mode `{other}`: solve, play or show"),
    }
}

/// Plays a dealt state to the end with the named bot (chance drawn from `rng`).
fn play_out(state: &State, bot: &str, seed: u64, rng: &mut GameRng) -> State {
    let mut bot = make_bot::<State>(bot, seed, 1).expect("a known bot");
    let mut st = state.clone();
    loop {
        match st.to_act() {
            ToAct::Terminal => return st,
            ToAct::Chance => {
                let c = st.sample_chance(rng);
                st.apply_chance(c, &mut ())
                    .expect("a sampled chance outcome applies");
            }
            ToAct::Seats(_) => {
                let a = bot.choose(&Observation::new(&st, Seat(0)));
                st.apply(Seat(0), a, &mut ())
                    .expect("a bot picks a legal action");
            }
        }
    }
}
