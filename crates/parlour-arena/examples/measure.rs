//! Measures the bots on the real games: ISMCTS iterations per second on one core, decision
//! times, and an arena of `ismcts:hard`, `greedy` and `random`.
//!
//! ```text
//! cargo run --release -p parlour-arena --example measure -- \
//!     [--games N] [--threads T] [--players P] [--bots a,b,c] [--speed-only]
//!     [--positions N] [GAME ...]
//! ```
//! Without game ids, every game of the registry (`parlour-games`) is measured. Prints Markdown
//! tables.
//!
//! The speed is measured over about 3 seconds of search per game, timed by the thread's CPU
//! time so that other work on the machine changes it little. `--positions N` searches exactly `N`
//! positions instead (the same ones on every run), so that an instruction count
//! (`valgrind --tool=callgrind`) divided by the iterations printed compares two builds whatever
//! the machine's load.

use std::time::Instant;

use cpu_time::ThreadTime;
use parlour_arena::{ArenaConfig, arena_players, run_arena};
use parlour_bots::{Budget, IsmctsBot, IsmctsConfig, Observation, RandomBot};
use parlour_core::{Options, Search, ToAct, derive_seed, rng_from_seed};

struct Args {
    games: u64,
    threads: Option<usize>,
    players: Option<u8>,
    bots: Vec<String>,
    only: Vec<String>,
    speed_only: bool,
    positions: Option<usize>,
}

const USAGE: &str = "usage: measure [--games N] [--threads T] [--players P] [--bots a,b,c] \
                     [--speed-only] [--positions N] [GAME ...]";

fn parse_args() -> Args {
    let mut args = Args {
        games: 1_000,
        threads: None,
        players: None,
        bots: vec!["ismcts:hard".into(), "greedy".into(), "random".into()],
        only: Vec::new(),
        speed_only: false,
        positions: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().expect("a value after the flag");
        match a.as_str() {
            "--games" => args.games = value().parse().expect("a number of games"),
            "--threads" => args.threads = Some(value().parse().expect("a thread count")),
            "--players" => args.players = Some(value().parse().expect("a player count")),
            "--bots" => args.bots = value().split(',').map(str::to_owned).collect(),
            "--speed-only" => args.speed_only = true,
            "--positions" => {
                args.positions = Some(value().parse().expect("a number of positions"));
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other if other.starts_with('-') => {
                eprintln!("unknown flag `{other}`\n{USAGE}");
                std::process::exit(2);
            }
            other => {
                if let Err(e) = parlour_games::find(other) {
                    eprintln!("{e}");
                    std::process::exit(2);
                }
                args.only.push(other.to_owned());
            }
        }
    }
    args
}

/// ISMCTS iterations per second on this thread, over positions along random games, the mean
/// time of an `ismcts:easy` decision there, the positions and the iterations. Runs for about 3
/// seconds, or over exactly `positions` positions.
fn speed<G: Search>(players: u8, positions: Option<usize>) -> (f64, f64, usize, u64) {
    let options = Options::defaults(G::OPTIONS);
    let mut iterations = 0u64;
    let mut seconds = 0.0;
    let mut easy_ms = Vec::new();
    let mut game = 0u64;
    let more = |seconds: f64, done: usize| match positions {
        Some(n) => done < n,
        None => seconds < 3.0,
    };
    while more(seconds, easy_ms.len()) && (positions.is_some() || game < 50) {
        let mut state = G::new(players, &options).expect("the game takes this many players");
        let mut rng = rng_from_seed(derive_seed(99, game));
        let mut random = RandomBot::new(rng_from_seed(game));
        let mut step = 0u64;
        while more(seconds, easy_ms.len()) {
            match state.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = state.sample_chance(&mut rng);
                    state
                        .apply_chance(c, &mut ())
                        .expect("sampled outcome applies");
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().expect("a seat");
                    let obs = Observation::new(&state, seat);
                    // Every seventh decision (a spread of positions, not every one).
                    if step.rem_euclid(7) == 0 {
                        let mut bot = IsmctsBot::<G>::new(
                            "speed",
                            IsmctsConfig::with_budget(Budget::Iterations(
                                IsmctsConfig::EASY_ITERATIONS,
                            )),
                            rng_from_seed(step),
                        );
                        // CPU time of this thread: the wall clock would also count the
                        // time it waits for a core while other work runs.
                        let start = ThreadTime::now();
                        let _ = bot.analyse(&obs);
                        let s = start.elapsed().as_secs_f64();
                        seconds += s;
                        iterations += bot.iterations_done();
                        easy_ms.push(s * 1e3);
                    }
                    let a = parlour_bots::Bot::<G>::choose(&mut random, &obs);
                    state
                        .apply(seat, a, &mut ())
                        .expect("a legal action applies");
                    step += 1;
                }
            }
        }
        game += 1;
    }
    let n = easy_ms.len();
    let mean = easy_ms.iter().sum::<f64>() / n.max(1) as f64;
    (iterations as f64 / seconds, mean, n, iterations)
}

fn measure<G: Search>(args: &Args) {
    if !args.only.is_empty() && !args.only.iter().any(|g| g == G::ID) {
        return;
    }
    let players = arena_players::<G>(args.bots.len(), args.players);
    // Speed on one core.
    let (ips, easy_ms, positions, iterations) = speed::<G>(players, args.positions);
    println!(
        "| {} | {players} | {ips:.0} | {easy_ms:.1} | {positions} | {iterations} |",
        G::ID
    );
    if args.speed_only {
        return;
    }
    if players == 1 {
        solitaire::<G>(args);
        return;
    }
    let mut config = ArenaConfig::new(args.bots.iter().cloned(), args.games);
    config.players = Some(players);
    config.threads = args.threads;
    config.seed = 2026;
    let start = Instant::now();
    match run_arena::<G>(&config) {
        Ok(report) => {
            println!(
                "\n{report}({:.0} s)\n{}\n",
                start.elapsed().as_secs_f64(),
                serde_json::to_string(&report).expect("a report serialises")
            );
        }
        Err(e) => println!("\n{}: arena failed: {e}\n", G::ID),
    }
}

/// A solitaire always has its one seat as the winner, so the arena's win rate says nothing:
/// report each bot's mean final score over `games` games instead (same deals for every bot).
fn solitaire<G: Search>(args: &Args) {
    println!();
    for spec in &args.bots {
        let start = Instant::now();
        let mut total = 0i64;
        for i in 0..args.games {
            let seed = derive_seed(2026, i);
            let mut bot = parlour_bots::make_bot::<G>(spec, seed, 0).expect("a known bot");
            let mut state = G::new(1, &Options::defaults(G::OPTIONS)).expect("one player");
            let mut rng = rng_from_seed(seed);
            loop {
                match state.to_act() {
                    ToAct::Terminal => break,
                    ToAct::Chance => {
                        let c = state.sample_chance(&mut rng);
                        state
                            .apply_chance(c, &mut ())
                            .expect("sampled outcome applies");
                    }
                    ToAct::Seats(seats) => {
                        let seat = seats.first().expect("a seat");
                        let a = bot.choose(&Observation::new(&state, seat));
                        state
                            .apply(seat, a, &mut ())
                            .expect("the bot plays legally");
                    }
                }
            }
            total += i64::from(state.outcome().expect("an outcome").scores[0]);
        }
        println!(
            "{} {spec}: mean final score {:.2} over {} games ({:.0} s)",
            G::ID,
            total as f64 / args.games as f64,
            args.games,
            start.elapsed().as_secs_f64()
        );
    }
    println!();
}

fn main() {
    let args = parse_args();
    println!(
        "| game | players | ISMCTS iterations/s (1 core) | ismcts:easy ms/decision | positions \
         | iterations |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for info in parlour_games::games() {
        parlour_games::with_game!(info.id, G => measure::<G>(&args));
    }
}
