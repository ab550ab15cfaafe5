use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use parlour_bots::{Bot, Observation, UnknownBot, make_bot};
use parlour_core::{
    Game, IllegalAction, OptionError, Options, Search, Seat, SetupError, check_players, derive_seed,
};
use parlour_lab::stats::wilson95;
use parlour_record::{Match, PlayError, play_to_end};
use rayon::prelude::*;
use thiserror::Error;

use crate::rating::{Ratings, seat_places};
use crate::report::{ArenaReport, BotReport};
use crate::{ArenaConfig, seating};

/// Why an arena could not be run.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// No bot was named.
    #[error("an arena needs at least one bot")]
    NoBots,
    /// A bot name [`make_bot`] does not know.
    #[error(transparent)]
    UnknownBot(#[from] UnknownBot),
    /// The game options could not be read.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// The game could not be set up (player count, options).
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The worker threads could not be started.
    #[error("cannot start {threads} worker threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why.
        reason: String,
    },
    /// A bot chose an action the game rejected.
    #[error("game {game}: bot `{bot}` in seat {seat} chose `{action}`: {error}")]
    Illegal {
        /// Game index.
        game: u64,
        /// Bot name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// The action's notation.
        action: String,
        /// The game's reason.
        error: IllegalAction,
    },
    /// The game rejected an outcome it sampled, or did not end within [`parlour_record::MAX_STEPS`].
    #[error("game {game}: {reason}")]
    Broken {
        /// Game index.
        game: u64,
        /// What went wrong.
        reason: String,
    },
}

/// What one game produced, per seat.
#[derive(Clone, Debug)]
struct GameResult {
    /// Bot index per seat.
    seating: Vec<usize>,
    /// Win share per seat.
    shares: Vec<f64>,
    /// Place per seat (1 = won).
    places: Vec<usize>,
    /// Decision time (ns) and decisions per seat.
    time_ns: Vec<u64>,
    decisions: Vec<u64>,
}

/// The number of seats an arena of `bots` bots plays with: `players` if given, else the bot
/// count clamped to the game's range.
#[must_use]
pub fn arena_players<G: Game>(bots: usize, players: Option<u8>) -> u8 {
    players.unwrap_or_else(|| {
        let n = u8::try_from(bots).unwrap_or(u8::MAX);
        n.clamp(*G::PLAYERS.start(), *G::PLAYERS.end())
    })
}

/// Plays `config.games` games of `G` between the configured bots and reports their results.
///
/// Game `i` is set up with the configured options, its chance events are drawn from
/// `rng_from_seed(derive_seed(seed, i))`, the seat order is [`seating`]`(bots, players, i)`, and
/// the bot in seat `s` is `make_bot(name, derive_seed(seed, i), s)`. Simultaneous seats are
/// asked lowest seat first (the games hide earlier commitments from later seats). Games run in
/// parallel on `config.threads` threads; their results are gathered and rated in game-index
/// order, so the report (decision times aside) is the same for any thread count.
///
/// # Errors
/// No bots, an unknown bot, bad options or player count, a thread pool that cannot start, a bot
/// that plays an illegal action, or a game that breaks its contract (the first such game by
/// index).
///
/// # Examples
/// ```ignore
/// let mut config = parlour_arena::ArenaConfig::new(["ismcts:easy", "random"], 100);
/// config.seed = 1;
/// let report = parlour_arena::run_arena::<parlour_troll_tricker::State>(&config)?;
/// println!("{report}");
/// println!("{}", serde_json::to_string_pretty(&report)?);
/// ```
pub fn run_arena<G: Search>(config: &ArenaConfig) -> Result<ArenaReport, ArenaError> {
    let specs = &config.bots;
    if specs.is_empty() {
        return Err(ArenaError::NoBots);
    }
    for spec in specs {
        make_bot::<G>(spec, 0, 0)?;
    }
    let players = arena_players::<G>(specs.len(), config.players);
    check_players::<G>(players)?;
    let options = Options::parse_list(G::OPTIONS, &config.options)?;
    G::new(players, &options)?;

    let done = AtomicU64::new(0);
    let play = |i: u64| {
        let result = play_game::<G>(specs, players, &options, config.seed, i);
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(progress) = &config.progress {
            progress(n);
        }
        result
    };
    let results: Vec<Result<GameResult, ArenaError>> = match config.threads {
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| ArenaError::Threads {
                threads,
                reason: e.to_string(),
            })?
            .install(|| (0..config.games).into_par_iter().map(play).collect()),
        None => (0..config.games).into_par_iter().map(play).collect(),
    };

    let b = specs.len();
    let mut seats = vec![0u64; b];
    let mut wins = vec![0.0f64; b];
    let mut time_ns = vec![0u64; b];
    let mut decisions = vec![0u64; b];
    let mut ratings = Ratings::new(config.rating, b);
    for result in results {
        let r = result?;
        let mut best_place: Vec<Option<usize>> = vec![None; b];
        for (seat, &bot) in r.seating.iter().enumerate() {
            seats[bot] += 1;
            wins[bot] += r.shares[seat];
            time_ns[bot] += r.time_ns[seat];
            decisions[bot] += r.decisions[seat];
            let place = r.places[seat];
            best_place[bot] = Some(best_place[bot].map_or(place, |p: usize| p.min(place)));
        }
        ratings.update(&best_place);
    }
    let bots = (0..b)
        .map(|i| BotReport {
            name: specs[i].clone(),
            seats_played: seats[i],
            wins: wins[i],
            win_rate: if seats[i] == 0 {
                0.0
            } else {
                wins[i] / seats[i] as f64
            },
            ci95: {
                let (low, high) = wilson95(wins[i], seats[i] as f64);
                [low, high]
            },
            rating: ratings.rating(i),
            mean_decision_ms: if decisions[i] == 0 {
                0.0
            } else {
                time_ns[i] as f64 / decisions[i] as f64 / 1e6
            },
        })
        .collect();
    Ok(ArenaReport {
        game: G::ID.to_owned(),
        players,
        games: config.games,
        bots,
    })
}

/// Plays game `index` to the end.
fn play_game<G: Search>(
    specs: &[String],
    players: u8,
    options: &Options,
    seed: u64,
    index: u64,
) -> Result<GameResult, ArenaError> {
    let game_seed = derive_seed(seed, index);
    let order = seating(specs.len(), players, index);
    let mut bots: Vec<Box<dyn Bot<G>>> = order
        .iter()
        .enumerate()
        .map(|(seat, &b)| make_bot::<G>(&specs[b], game_seed, seat as u64))
        .collect::<Result<_, _>>()?;
    let mut playout = Match::<G, ()>::setup(players, options, game_seed)?;
    let n = usize::from(players);
    let mut time_ns = vec![0u64; n];
    let mut decisions = vec![0u64; n];
    let played = play_to_end(&mut playout, |state, seat| {
        let start = Instant::now();
        let action = bots[seat.index()].choose(&Observation::new(state, seat));
        time_ns[seat.index()] += u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        decisions[seat.index()] += 1;
        action
    });
    let broken = |reason: String| ArenaError::Broken {
        game: index,
        reason,
    };
    match played {
        Ok(_) => {}
        Err(PlayError::Illegal {
            seat,
            action,
            error,
        }) => {
            return Err(ArenaError::Illegal {
                game: index,
                bot: specs[order[seat.index()]].clone(),
                seat,
                action: playout.state().action_text(action),
                error,
            });
        }
        Err(e) => return Err(broken(e.to_string())),
    }
    let outcome = playout
        .state()
        .outcome()
        .ok_or_else(|| broken("terminal state without an outcome".into()))?;
    let shares = Seat::all(players).map(|s| outcome.win_share(s)).collect();
    Ok(GameResult {
        seating: order,
        shares,
        places: seat_places(&outcome),
        time_ns,
        decisions,
    })
}
