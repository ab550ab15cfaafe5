use std::fmt;
use std::time::Instant;

use parlour_bots::{Bot, Observation, make_bot};
use parlour_core::{Game, Options, Search, Seat, SeatSet, derive_seed};
use parlour_lab::stats::wilson95;
use parlour_record::{Match, PlayError, Record, play_to_end};
use rayon::prelude::*;
use serde::Serialize;
use thiserror::Error;

use crate::Summary;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Seats per game.
    pub players: u8,
    /// Variant options.
    pub options: Options,
    /// Number of games.
    pub games: u64,
    /// Bot name per seat; a shorter list repeats (one name seats that bot everywhere).
    pub bots: Vec<String>,
    /// Master seed: game `i` uses `derive_seed(seed, i)`.
    pub seed: u64,
    /// Worker threads (0 = one per core).
    pub threads: usize,
    /// Whether to keep each game's record (for `--records`).
    pub keep_records: bool,
}

impl SimConfig {
    /// The bot name seated at `seat`.
    #[must_use]
    pub fn bot_for(&self, seat: Seat) -> &str {
        if self.bots.is_empty() {
            "random"
        } else {
            &self.bots[seat.index() % self.bots.len()]
        }
    }
}

/// A simulation that could not run.
#[derive(Debug, Error)]
pub enum SimError {
    /// Bad configuration (unknown bot, bad player count, ...).
    #[error("{0}")]
    Config(String),
    /// A game broke (a bot chose an illegal action, or no end was reached).
    #[error("game {index} (seed {seed}): {reason}")]
    Game {
        /// Game index.
        index: u64,
        /// That game's seed.
        seed: u64,
        /// What happened.
        reason: String,
    },
}

/// The result of one game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Final scores.
    pub scores: Vec<i32>,
    /// Winners.
    pub winners: SeatSet,
    /// Player actions taken.
    pub actions: u64,
    /// Rounds begun.
    pub rounds: u32,
    /// The record, when kept.
    pub record: Option<Record>,
}

/// Plays game `index` of a simulation.
///
/// # Errors
/// A bad bot name, an illegal bot action, or a game past [`parlour_record::MAX_STEPS`].
pub fn play_one<G: Search>(cfg: &SimConfig, index: u64) -> Result<GameResult, SimError> {
    let seed = derive_seed(cfg.seed, index);
    let fail = |reason: String| SimError::Game {
        index,
        seed,
        reason,
    };
    let mut bots: Vec<Box<dyn Bot<G>>> = Seat::all(cfg.players)
        .map(|s| make_bot::<G>(cfg.bot_for(s), seed, u64::from(s.0) + 1))
        .collect::<Result<_, _>>()
        .map_err(|e| SimError::Config(e.to_string()))?;
    let mut choose =
        |state: &G, seat: Seat| bots[seat.index()].choose(&Observation::new(state, seat));
    let illegal = |e: PlayError<G::Action>| match e {
        PlayError::Illegal { seat, error, .. } => fail(format!(
            "bot {} at seat {seat} chose an illegal action: {error}",
            cfg.bot_for(seat)
        )),
        e => fail(e.to_string()),
    };
    let result = |state: &G, actions: u64, record: Option<Record>| {
        let outcome = state
            .outcome()
            .ok_or_else(|| fail("terminal without an outcome".into()))?;
        Ok(GameResult {
            scores: outcome.scores,
            winners: outcome.winners,
            actions,
            rounds: state.round(),
            record,
        })
    };
    // The fast path keeps no history; with records the match driver writes it. Both draw chance
    // outcomes from the same seeded stream, so a kept record replays the simulated game.
    if cfg.keep_records {
        let mut m = Match::<G>::new(cfg.players, cfg.options.clone(), seed)
            .map_err(|e| SimError::Config(e.to_string()))?;
        let actions = play_to_end(&mut m, &mut choose).map_err(illegal)?;
        result(m.state(), actions, Some(m.to_record()))
    } else {
        let mut p = Match::<G, ()>::setup(cfg.players, &cfg.options, seed)
            .map_err(|e| SimError::Config(e.to_string()))?;
        let actions = play_to_end(&mut p, &mut choose).map_err(illegal)?;
        result(p.state(), actions, None)
    }
}

/// Per-seat statistics.
#[derive(Clone, Debug, Serialize)]
pub struct SeatStats {
    /// The seat.
    pub seat: u8,
    /// The bot seated there.
    pub bot: String,
    /// Wins, a win shared by `k` counting `1/k`.
    pub wins: f64,
    /// `wins / games`.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
    /// Final scores.
    pub score: Summary,
}

/// Game-length statistics.
#[derive(Clone, Debug, Serialize)]
pub struct LengthStats {
    /// Player actions per game.
    pub actions: Summary,
    /// Rounds per game.
    pub rounds: Summary,
}

/// Speed of the run (varies from run to run, unlike the rest of the report).
#[derive(Clone, Debug, Serialize)]
pub struct Throughput {
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_s: f64,
    /// Player actions per second.
    pub actions_per_s: f64,
    /// Worker threads used.
    pub threads: usize,
}

/// The report of a simulation.
#[derive(Clone, Debug, Serialize)]
pub struct SimReport {
    /// Game id.
    pub game: String,
    /// Seats per game.
    pub players: u8,
    /// Games played.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Options as `k=v`.
    pub options: Vec<String>,
    /// Per seat.
    pub seats: Vec<SeatStats>,
    /// Lengths.
    pub length: LengthStats,
    /// Speed.
    pub throughput: Throughput,
}

/// Plays `cfg.games` games in parallel. `progress` is called with the number of games just
/// finished (from worker threads); `on_record` receives each kept record with its game index.
///
/// # Errors
/// The first game (by index) that failed.
pub fn simulate<G: Search>(
    cfg: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
    on_record: &(dyn Fn(u64, &Record) -> Result<(), String> + Sync),
) -> Result<SimReport, SimError> {
    if !G::PLAYERS.contains(&cfg.players) {
        return Err(SimError::Config(format!(
            "{} takes {} to {} players, not {}",
            G::ID,
            G::PLAYERS.start(),
            G::PLAYERS.end(),
            cfg.players
        )));
    }
    for seat in Seat::all(cfg.players) {
        make_bot::<G>(cfg.bot_for(seat), 0, 0).map_err(|e| SimError::Config(e.to_string()))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()
        .map_err(|e| SimError::Config(format!("cannot start worker threads: {e}")))?;
    let threads = pool.current_num_threads();
    let start = Instant::now();
    let results: Vec<Result<GameResult, SimError>> = pool.install(|| {
        (0..cfg.games)
            .into_par_iter()
            .map(|i| {
                let mut r = play_one::<G>(cfg, i)?;
                if let Some(record) = r.record.take() {
                    on_record(i, &record).map_err(|reason| SimError::Game {
                        index: i,
                        seed: derive_seed(cfg.seed, i),
                        reason,
                    })?;
                }
                progress(1);
                Ok(r)
            })
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let results: Vec<GameResult> = results.into_iter().collect::<Result<_, _>>()?;
    Ok(report::<G>(cfg, &results, seconds, threads))
}

fn report<G: Game>(
    cfg: &SimConfig,
    results: &[GameResult],
    seconds: f64,
    threads: usize,
) -> SimReport {
    let n = results.len() as f64;
    let seats = Seat::all(cfg.players)
        .map(|seat| {
            let wins: f64 = results
                .iter()
                .filter(|r| r.winners.contains(seat))
                .map(|r| 1.0 / r.winners.len() as f64)
                .sum();
            let (lo, hi) = wilson95(wins, n);
            SeatStats {
                seat: seat.0,
                bot: cfg.bot_for(seat).to_owned(),
                wins,
                win_rate: if n > 0.0 { wins / n } else { 0.0 },
                ci95: [lo, hi],
                score: Summary::of(results.iter().map(|r| f64::from(r.scores[seat.index()]))),
            }
        })
        .collect();
    let total_actions: u64 = results.iter().map(|r| r.actions).sum();
    SimReport {
        game: G::ID.to_owned(),
        players: cfg.players,
        games: results.len() as u64,
        seed: cfg.seed,
        options: cfg
            .options
            .recorded()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
        seats,
        length: LengthStats {
            actions: Summary::of(results.iter().map(|r| r.actions as f64)),
            rounds: Summary::of(results.iter().map(|r| f64::from(r.rounds))),
        },
        throughput: Throughput {
            seconds,
            games_per_s: n / seconds.max(1e-9),
            actions_per_s: total_actions as f64 / seconds.max(1e-9),
            threads,
        },
    }
}

impl fmt::Display for SimReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} · {} players · {} games · seed {}",
            self.game, self.players, self.games, self.seed
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<5} {:<14} {:>9} {:>17} {:>9} {:>8} {:>7} {:>7}",
            "seat", "bot", "win rate", "95% interval", "mean", "sd", "min", "max"
        )?;
        for s in &self.seats {
            writeln!(
                f,
                "{:<5} {:<14} {:>8.2}% {:>7.2}%..{:>6.2}% {:>9.2} {:>8.2} {:>7} {:>7}",
                s.seat,
                s.bot,
                100.0 * s.win_rate,
                100.0 * s.ci95[0],
                100.0 * s.ci95[1],
                s.score.mean,
                s.score.sd,
                s.score.min,
                s.score.max
            )?;
        }
        writeln!(f)?;
        let l = &self.length;
        writeln!(
            f,
            "length: {:.1} actions per game (sd {:.1}, {}..{}), {:.2} rounds (sd {:.2})",
            l.actions.mean, l.actions.sd, l.actions.min, l.actions.max, l.rounds.mean, l.rounds.sd
        )?;
        let t = &self.throughput;
        write!(
            f,
            "speed: {:.2} s on {} threads, {:.0} games/s, {:.0} actions/s",
            t.seconds, t.threads, t.games_per_s, t.actions_per_s
        )
    }
}
