//! `parlour`: play, replay, simulate and drive the parlour card games.

mod clip;
mod common;
mod engine;
mod games_cmd;
mod lab_cmd;
mod loadtest;
mod play;
mod replay;
mod serve;
mod sim_cmd;
mod solve;

use std::io::{BufWriter, ErrorKind, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use parlour_core::Seat;
use parlour_sim::SimConfig;

use crate::clip::clip_quotes;
use crate::common::{fresh_seed, players_or_default, resolve_options};

// The server allocates and frees small buffers for every step of every table; glibc's allocator
// spent about a quarter of its time under load there.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "parlour",
    version,
    about = "Rules engine, bots and simulator for the parlour card games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every game with its player counts and options.
    Games {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play in the terminal against bots.
    Play {
        /// Game id (see `parlour games`).
        game: String,
        /// Number of players (default: the game's usual count).
        #[arg(long, short)]
        players: Option<u8>,
        /// Your seat.
        #[arg(long, default_value_t = 0)]
        seat: u8,
        /// Bots for the other seats, in seat order, comma-separated (a shorter list repeats).
        #[arg(long, value_delimiter = ',', default_value = "greedy")]
        bots: Vec<String>,
        /// Seed (default: from the clock; it is printed and recorded).
        #[arg(long)]
        seed: Option<u64>,
        /// Variant options, `k=v,k2=v2` (see `parlour games`).
        #[arg(long, default_value = "")]
        options: String,
        /// Read an option's value from a file, `KEY=PATH` (options that allow it: see the game's
        /// help; repeatable).
        #[arg(long = "option-file", value_name = "KEY=PATH")]
        option_files: Vec<String>,
        /// Seating arrangement name or file (The King's Feast).
        #[arg(long)]
        arrangement: Option<String>,
        /// Where to save the record (default: `<game>-<seed>.json`).
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Replay a record and show the resulting state.
    Replay {
        /// Record file, or `-` for standard input.
        record: String,
        /// Print one JSON object (docs/records.md).
        #[arg(long)]
        json: bool,
        /// Print one JSON line per step before each entry, then the final object.
        #[arg(long)]
        trace: bool,
        /// Print one JSON line per state (before any entry, then after each): the ids each seat
        /// and a spectator must not see then. It needs the full record, which a server makes
        /// public only once the table is finished, so it reveals nothing the record does not.
        #[arg(long, conflicts_with_all = ["json", "trace"])]
        secrets: bool,
    },
    /// Play many games between bots and report statistics.
    Sim {
        /// Game id.
        game: String,
        /// Number of games.
        #[arg(long, short = 'n', default_value_t = 1000)]
        games: u64,
        /// Number of players (default: the game's usual count).
        #[arg(long, short)]
        players: Option<u8>,
        /// Bots per seat, comma-separated (a shorter list repeats).
        #[arg(long, value_delimiter = ',', default_value = "random")]
        bots: Vec<String>,
        /// Worker threads (default: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Variant options, `k=v,k2=v2`.
        #[arg(long, default_value = "")]
        options: String,
        /// Read an option's value from a file, `KEY=PATH` (options that allow it: see the game's
        /// help; repeatable).
        #[arg(long = "option-file", value_name = "KEY=PATH")]
        option_files: Vec<String>,
        /// Seating arrangement name or file (The King's Feast).
        #[arg(long)]
        arrangement: Option<String>,
        /// Also write the report as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Keep every game's record in this folder.
        #[arg(long)]
        records: Option<PathBuf>,
    },
    /// Balance studies for game designers: play a game many times over player counts, variant
    /// options and bots, and write a report (HTML with charts, CSV, JSON). See docs/lab.md.
    Lab(Box<LabCli>),
    /// Seat bots in every order, play many games, and rate them.
    Arena {
        /// Game id.
        game: String,
        /// Bots to compare, comma-separated (e.g. `ismcts:hard,greedy,random`).
        #[arg(long, value_delimiter = ',', required = true)]
        bots: Vec<String>,
        /// Number of games.
        #[arg(long, short = 'n', default_value_t = 1000)]
        games: u64,
        /// Seats per game (default: as many as bots, within the game's range).
        #[arg(long, short)]
        players: Option<u8>,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Variant options, `k=v,k2=v2`.
        #[arg(long, default_value = "")]
        options: String,
        /// Rating system: `weng-lin` or `elo`.
        #[arg(long, default_value = "weng-lin")]
        rating: String,
        /// Also write the report as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Solve a deal with full information (games with a solver: The King's Feast).
    Solve {
        /// Game id (one with a solver, e.g. `kings-feast`).
        game: String,
        /// Read an option's value from a file, `KEY=PATH` (options that allow it: see the game's
        /// help; repeatable).
        #[arg(long = "option-file", value_name = "KEY=PATH")]
        option_files: Vec<String>,
        /// Seating arrangement name or file (The King's Feast).
        #[arg(long)]
        arrangement: Option<String>,
        /// Seed of the deal (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Variant options, `k=v,k2=v2`.
        #[arg(long, default_value = "")]
        options: String,
        /// Search time budget in seconds.
        #[arg(long, default_value_t = 20)]
        seconds: u64,
        /// Where to save the plan's record (default: `<game>-<seed>-plan.json`).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Serve the JSON line protocol on standard input and output (docs/engine-protocol.md).
    Engine,
    /// Run the online table server: people and bots play over websockets (docs/serving.md).
    Serve {
        /// Address to listen on; port 0 picks a free port (the line `listening on http://ADDR`
        /// says which).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// Database URL: `sqlite://PATH` (default: parlour.db in the user's data directory), or
        /// `postgres://USER@HOST/DB` for several server processes sharing one database.
        #[arg(long)]
        db: Option<String>,
        /// Origins allowed to open websockets, comma-separated (default: this server's own host).
        #[arg(long, value_delimiter = ',')]
        allow_origin: Vec<String>,
        /// Tables one client address may make per minute (0: no limit). Behind a reverse proxy
        /// every client has the proxy's address: limit there instead, and set 0 here.
        #[arg(long, default_value_t = parlour_server::TABLES_PER_MINUTE)]
        tables_per_minute: u32,
        /// Unfinished tables this server holds at most; more are refused (0: no limit).
        #[arg(long, default_value_t = parlour_server::MAX_OPEN_TABLES)]
        max_tables: u64,
        /// Behind a proxy that routes each table by its id (PostgreSQL): a request for a table
        /// another process serves moves the table here at once, instead of `table-elsewhere`.
        #[arg(long)]
        take_over: bool,
        /// The address people reach this server at (e.g. https://cards.example.org behind a
        /// reverse proxy): every link it hands out starts with it. Default: the listening
        /// address.
        // The URL is for `--help`, where a link's angle brackets would show.
        #[allow(rustdoc::bare_urls)]
        #[arg(long, value_parser = serve::parse_public_url)]
        public_url: Option<String>,
        /// Log lines as `text` (for people) or `json` (one object a line, for log collectors).
        #[arg(long, value_enum, default_value_t = serve::LogFormat::Text)]
        log_format: serve::LogFormat,
        /// Also serve `/metrics` (Prometheus) on this address, e.g. 127.0.0.1:9090, and not
        /// on `--addr`. Default: on `--addr`.
        #[arg(long)]
        metrics_addr: Option<std::net::SocketAddr>,
    },
    /// Copy a server's SQLite database to a new file, safely while the server runs
    /// (docs/serving.md).
    Backup {
        /// The database: `sqlite://PATH` or a path.
        #[arg(long)]
        db: String,
        /// The copy to write; it must not exist.
        #[arg(long)]
        out: PathBuf,
    },
    /// Load-test a table server on loopback: many tables of bot clients, timed (docs/serving.md).
    Loadtest {
        /// Tables to hold open at once (a finished one is replaced by a new one).
        #[arg(long, default_value_t = 100)]
        tables: u32,
        /// Seconds to run (at most 600); then every table is resigned and closed.
        #[arg(long, default_value_t = 30)]
        duration: u64,
        /// A running server to test, on a loopback address (default: start one on a
        /// temporary database).
        #[arg(long)]
        addr: Option<std::net::SocketAddr>,
        /// Game id (see `parlour games`).
        #[arg(long, default_value = "troll-tricker")]
        game: String,
        /// Bots in the other seats, in seat order, comma-separated (a shorter list repeats).
        #[arg(long, value_delimiter = ',', default_value = "random")]
        bots: Vec<String>,
        /// Seed of the load client's random choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Mean milliseconds each client thinks before acting, like a person (each pause is
        /// drawn from half to one and a half times this; 0 acts at once, for throughput).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=60_000))]
        think: u64,
        /// Also write the report as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
    },
}

/// `parlour lab`: a study, or `merge` of shard files.
#[derive(clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:
  parlour lab troll-tricker                                   every player count, greedy bots
  parlour lab troll-tricker --players 3..5 --sweep traditional_mat=false,true
  parlour lab kings-feast --data-file arrangement=old.txt --data-file arrangement=new.txt
  parlour lab rebel-runs --bots greedy --bots ismcts:easy,greedy --games 500
  parlour lab holy-matrimony --options target_score=30 --no-skill
  parlour lab troll-tricker --games 100000 --shard 0/8 --out shards/   one slice of eight
  parlour lab merge shards/shard-*.json --out report/

Open report.html in a browser: it needs no network. The same command (same --seed) gives the
same report on any machine and any number of threads."
)]
struct LabCli {
    #[command(subcommand)]
    merge: Option<LabSub>,
    /// The game to study (see `parlour games`).
    #[arg(required = true)]
    game: Option<String>,
    /// Player counts: `4`, a range `3..7`, or a list `3,5,7` (default: every count the game
    /// allows).
    #[arg(long, short)]
    players: Option<String>,
    /// Variant options kept the same in every game, `k=v,k2=v2` (see `parlour games`).
    #[arg(long, default_value = "")]
    options: String,
    /// An option to compare, with the values to try: `OPTION=a,b,c`. Repeat it to compare
    /// several options (every combination is played).
    #[arg(long, value_name = "OPTION=VALUES")]
    sweep: Vec<String>,
    /// A file to compare, for an option read from a file (a card list, a Line table, an
    /// arrangement; see `parlour games`): `OPTION=PATH`. Repeat it, one file each: every file
    /// is played and compared, named by its file name.
    #[arg(long = "data-file", value_name = "OPTION=PATH")]
    data_file: Vec<String>,
    /// The bots, one per seat in order, comma-separated (a shorter list repeats round the
    /// table). Repeat `--bots` to compare line-ups. Default: greedy in every seat.
    #[arg(long, value_name = "BOTS")]
    bots: Vec<String>,
    /// Games per setting (default: sized so the whole study takes about a minute on a
    /// two-core machine, at least 100).
    #[arg(long, short = 'n')]
    games: Option<u64>,
    /// The strong bot of the skill check, which plays one seat against weaker bots to show how
    /// much skill moves the result (default: the game's own strongest bot where it has one,
    /// The King's Feast's `solver`; else `ismcts:100`).
    #[arg(long, value_name = "BOT")]
    skill: Option<String>,
    /// The weaker bots of the skill check, one row each.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "greedy,random",
        value_name = "BOTS"
    )]
    skill_against: Vec<String>,
    /// Games per skill-check row (default: sized to about 20 seconds on two cores, at least
    /// 20).
    #[arg(long, value_name = "N")]
    skill_games: Option<u64>,
    /// Leave out the skill check.
    #[arg(long)]
    no_skill: bool,
    /// Play the skill ladder on the first setup: each bot in one seat against the same field
    /// (default rungs random,greedy,ismcts:50,ismcts:200,ismcts:800,ismcts:3200, and the game's
    /// own strongest bot where it has one). Sized to about 2 minutes on two cores.
    #[arg(long, num_args = 0..=1, default_missing_value = "", value_name = "BOTS")]
    ladder: Option<String>,
    /// The field the ladder's rungs play against (default: the first --skill-against bot).
    #[arg(long, value_name = "BOT")]
    ladder_against: Option<String>,
    /// Games per ladder rung (default: sized to about 2 minutes on two cores, at least 20).
    #[arg(long, value_name = "N")]
    ladder_games: Option<u64>,
    /// Seed: the same seed gives the same report.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds a person takes per action, for the estimated minutes per game (default: the
    /// game's own pace, 6 s for most games).
    #[arg(long, value_name = "SECONDS")]
    pace: Option<f64>,
    /// Folder for the report (default: `lab-<game>-<seed>`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: one per core; the report does not depend on it).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Play only slice `i` of `n` (counted from 0) and write a shard file into --out; combine
    /// the shards with `parlour lab merge`. For runs on many machines (docs/lab.md).
    #[arg(long, value_name = "i/n")]
    shard: Option<String>,
    /// Write the run's speed (games per second, per core) as JSON to this file.
    #[arg(long, value_name = "FILE")]
    timing: Option<PathBuf>,
    /// The smallest differences worth knowing: `points=3` for shares (win rates, skill edges,
    /// rates of endings), `percent=5` of the first setting's value for means (length, margins).
    /// Smaller differences are reported as "no meaningful difference".
    #[arg(
        long,
        value_name = "points=N,percent=N",
        default_value = "points=3,percent=5"
    )]
    meaningful: parlour_lab::Meaningful,
}

#[derive(Subcommand)]
enum LabSub {
    /// Combine the shard files of one study into its report (the same report as one run).
    Merge {
        /// The shard files (all `n` of them).
        #[arg(required = true)]
        shards: Vec<PathBuf>,
        /// Folder for the report (default: `lab-<game>-<seed>`).
        #[arg(long)]
        out: Option<PathBuf>,
        /// The smallest differences worth knowing (as for a run).
        #[arg(
            long,
            value_name = "points=N,percent=N",
            default_value = "points=3,percent=5"
        )]
        meaningful: parlour_lab::Meaningful,
    },
}

fn main() {
    let cli = Cli::parse();
    let code = {
        // One locked, buffered standard output for every subcommand; it is flushed (or
        // dropped) before the exit below.
        let mut out = BufWriter::new(std::io::stdout().lock());
        match run(cli, &mut out).and_then(|code| {
            out.flush()?;
            Ok(code)
        }) {
            Ok(code) => code,
            // The reader went away (`| head`): a normal end.
            Err(e) if output_closed(&e) => 0,
            Err(e) => {
                common::report_error(clip_quotes(&format!("{e:#}")));
                2
            }
        }
    };
    std::process::exit(code);
}

/// Whether `e` comes from writing to a closed pipe.
fn output_closed(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<i32> {
    match cli.command {
        Command::Games { json } => games_cmd::run(json, out)?,
        Command::Play {
            game,
            players,
            seat,
            bots,
            seed,
            options,
            option_files,
            arrangement,
            save,
        } => {
            let info = parlour_games::find(&game)?;
            let players = players_or_default(&info, players)?;
            let options = resolve_options(&info, &options, &option_files, arrangement.as_deref())?;
            let seed = seed.unwrap_or_else(fresh_seed);
            let cfg = play::PlayConfig {
                players,
                seat: Seat(seat),
                bots,
                seed,
                options,
                save: save.unwrap_or_else(|| PathBuf::from(format!("{game}-{seed}.json"))),
            };
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            parlour_games::with_game!(game.as_str(), G => play::play::<G>(&cfg, &mut input, out))?;
        }
        Command::Replay {
            record,
            json,
            trace,
            secrets,
        } => {
            let mode = if secrets {
                replay::ReplayMode::Secrets
            } else if trace {
                replay::ReplayMode::Trace
            } else if json {
                replay::ReplayMode::Json
            } else {
                replay::ReplayMode::Human
            };
            return replay::run(&record, mode, out);
        }
        Command::Sim {
            game,
            games,
            players,
            bots,
            threads,
            seed,
            options,
            option_files,
            arrangement,
            json,
            records,
        } => {
            let info = parlour_games::find(&game)?;
            let players = players_or_default(&info, players)?;
            if games == 0 {
                bail!("--games must be at least 1");
            }
            let cfg = SimConfig {
                players,
                options: resolve_options(&info, &options, &option_files, arrangement.as_deref())?,
                games,
                bots,
                seed,
                threads,
                keep_records: records.is_some(),
            };
            parlour_games::with_game!(game.as_str(), G => sim_cmd::run::<G>(&cfg, json.as_ref(), records.as_ref(), out))?;
        }
        Command::Lab(lab) => {
            let lab = *lab;
            match lab.merge {
                Some(LabSub::Merge {
                    shards,
                    out: dir,
                    meaningful,
                }) => {
                    lab_cmd::merge_cmd(&shards, dir.as_ref(), meaningful, out)?;
                }
                None => {
                    let game = lab
                        .game
                        .expect("clap requires the game without a subcommand");
                    parlour_games::find(&game)?;
                    let args = lab_cmd::LabArgs {
                        players: lab.players,
                        options: lab.options,
                        sweeps: lab.sweep,
                        data_files: lab.data_file,
                        bots: lab.bots,
                        games: lab.games,
                        skill: lab.skill,
                        skill_against: lab.skill_against,
                        skill_games: lab.skill_games,
                        no_skill: lab.no_skill,
                        ladder: lab.ladder,
                        ladder_against: lab.ladder_against,
                        ladder_games: lab.ladder_games,
                        seed: lab.seed,
                        pace: lab.pace,
                        out: lab.out,
                        threads: lab.threads,
                        shard: lab.shard,
                        timing: lab.timing,
                        meaningful: lab.meaningful,
                    };
                    parlour_games::with_game!(game.as_str(), G => lab_cmd::run::<G>(&args, out))?;
                }
            }
        }
        Command::Arena {
            game,
            bots,
            games,
            players,
            threads,
            seed,
            options,
            rating,
            json,
        } => {
            let info = parlour_games::find(&game)?;
            info.parse_options(&options).context("--options")?;
            if let Some(p) = players {
                players_or_default(&info, Some(p))?;
            }
            if games == 0 {
                bail!("--games must be at least 1");
            }
            let mut cfg = parlour_arena::ArenaConfig::new(bots, games);
            cfg.players = players;
            cfg.threads = threads;
            cfg.seed = seed;
            cfg.options = options;
            cfg.rating = match rating.as_str() {
                "weng-lin" => parlour_arena::RatingSystem::WengLin,
                "elo" => parlour_arena::RatingSystem::Elo,
                other => bail!("unknown rating `{other}` (weng-lin or elo)"),
            };
            parlour_games::with_game!(game.as_str(), G => arena_cmd::<G>(cfg, json.as_ref(), out))?;
        }
        Command::Solve {
            game,
            option_files,
            arrangement,
            seed,
            options,
            seconds,
            save,
            json,
        } => {
            let info = parlour_games::find(&game)?;
            let options = resolve_options(&info, &options, &option_files, arrangement.as_deref())?;
            solve::run(
                info.id,
                options,
                seed.unwrap_or_else(fresh_seed),
                seconds,
                save,
                json,
                out,
            )?;
        }
        Command::Engine => {
            let stdin = std::io::stdin();
            engine::serve(&mut stdin.lock(), out)?;
        }
        Command::Serve {
            addr,
            db,
            allow_origin,
            tables_per_minute,
            max_tables,
            take_over,
            public_url,
            log_format,
            metrics_addr,
        } => serve::run(serve::ServeArgs {
            addr,
            db,
            allow_origins: allow_origin,
            tables_per_minute,
            max_tables,
            take_over,
            public_url,
            log_format,
            metrics_addr,
        })?,
        Command::Backup { db, out } => serve::backup(&db, &out)?,
        Command::Loadtest {
            tables,
            duration,
            addr,
            game,
            bots,
            seed,
            think,
            json,
        } => loadtest::run(
            &loadtest::LoadArgs {
                tables,
                seconds: duration,
                addr,
                game,
                bots,
                seed,
                think: std::time::Duration::from_millis(think),
                json,
            },
            out,
        )?,
    }
    Ok(0)
}

fn arena_cmd<G: parlour_core::Search>(
    mut cfg: parlour_arena::ArenaConfig,
    json: Option<&PathBuf>,
    out: &mut dyn Write,
) -> Result<()> {
    let pb = sim_cmd::progress_bar(cfg.games, "arena");
    let bar = pb.clone();
    cfg.progress = Some(std::sync::Arc::new(move |_| bar.inc(1)));
    let report = parlour_arena::run_arena::<G>(&cfg)?;
    pb.finish_and_clear();
    writeln!(out, "{report}")?;
    if let Some(path) = json {
        std::fs::write(path, serde_json::to_string_pretty(&report)?)
            .with_context(|| format!("writing {}", path.display()))?;
        writeln!(out, "report written to {}", path.display())?;
    }
    Ok(())
}
