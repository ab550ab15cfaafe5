//! `parlour lab` and `parlour lab merge`: balance studies for game designers.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use parlour_bots::{Budget, IsmctsConfig, parse_ismcts};
use parlour_core::{Game, Search};
use parlour_lab::{
    Cell, FindingKind, Grid, LabResults, LabSpec, LadderSpec, Meaningful, Report, RunControl,
    Shard, SkillSpec, Sweep, build_report_with, merge, shard_file_name, shard_from_json,
    shard_to_json, write_report,
};
use serde::Serialize;

/// Set by Ctrl-C: no new game starts, and what finished is reported.
static STOP: AtomicBool = AtomicBool::new(false);
static PRESSES: AtomicU8 = AtomicU8::new(0);

/// Installs the Ctrl-C handler: the first press stops the study after the games in play, the
/// second quits at once.
fn catch_ctrl_c() {
    let _ = ctrlc::set_handler(|| {
        if PRESSES.fetch_add(1, Ordering::SeqCst) == 0 {
            STOP.store(true, Ordering::SeqCst);
            eprintln!(
                "\nstopping: the games in play finish and the report is written for the games \
                 played (Ctrl-C again to quit at once)"
            );
        } else {
            std::process::exit(130);
        }
    });
}

/// Core-seconds a default study aims at: about 40 s for the grid and 20 s for the skill check
/// on a two-core machine.
const GRID_BUDGET: f64 = 80.0;
const SKILL_BUDGET: f64 = 40.0;
/// Core-seconds of a default ladder: about 2 minutes on two cores.
const LADDER_BUDGET: f64 = 240.0;

/// The ladder's rungs when `--ladder` names none.
const LADDER_RUNGS: [&str; 6] = [
    "random",
    "greedy",
    "ismcts:50",
    "ismcts:200",
    "ismcts:800",
    "ismcts:3200",
];

/// The ladder `--ladder` asks for: its list, or the default rungs and the game's own skill bot.
fn ladder_rungs(game: &str, list: &str) -> Vec<String> {
    let mut rungs: Vec<String> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    if rungs.is_empty() {
        rungs = LADDER_RUNGS.iter().map(|&s| s.to_owned()).collect();
        if let Some(b) = parlour_games::find(game).ok().and_then(|g| g.skill_bot) {
            rungs.push(b.name.to_owned());
        }
    }
    rungs
}

/// The largest of 1, 2, 5 × 10^k not above `x`.
fn nice_floor(x: f64) -> u64 {
    if x < 1.0 {
        return 1;
    }
    let p = 10f64.powf(x.log10().floor());
    let m = x / p;
    let f = if m >= 5.0 {
        5.0
    } else if m >= 2.0 {
        2.0
    } else {
        1.0
    };
    (f * p).round() as u64
}

/// Estimated core-seconds of one game at `players` (cost grows about in step with the seats),
/// from the cost the game declares at its default player count. They size `--games` and
/// `--skill-games` when not given, so the defaults depend on nothing but the study (the same
/// command gives the same report on any machine).
///
/// The bots count: a game costs the `greedy` game plus, for each seat, what its bot adds over
/// `greedy`. One seat of `ismcts:100` adds `lab_cost.ismcts - lab_cost.greedy`; a search adds
/// in step with its iterations. A bot with a time budget, or a game's own policy, is taken as
/// costly as `ismcts:hard` (a guess: neither is declared), except the game's declared skill
/// bot, whose cost it declares.
fn game_cost<G: Game>(cell: &Cell) -> f64 {
    let info = parlour_games::find(G::ID).expect("the lab runs registered games");
    let default = f64::from(info.default_players());
    let scale = f64::from(cell.players) / default;
    let per_100 = (info.lab_cost.ismcts - info.lab_cost.greedy).max(0.0);
    let extra: f64 = (0..cell.players)
        .map(|s| {
            let bot = cell.bot(s, 0);
            if let Some(b) = info.skill_bot.filter(|b| b.name == bot) {
                return (b.seconds - info.lab_cost.greedy).max(0.0);
            }
            let iterations = match bot {
                "random" | "greedy" => 0,
                bot => match parse_ismcts(bot).map(|c| c.budget) {
                    Some(Budget::Iterations(n)) => n,
                    _ => IsmctsConfig::HARD_ITERATIONS,
                },
            };
            per_100 * f64::from(iterations) / 100.0
        })
        .sum();
    scale * (info.lab_cost.greedy + extra)
}

/// The skill check's bot when `--skill` is not given: the game's own strongest bot where it
/// declares one (The King's Feast's solver), else `ismcts:100`.
fn default_skill_bot(game: &str) -> String {
    parlour_games::find(game)
        .ok()
        .and_then(|g| g.skill_bot)
        .map_or("ismcts:100", |b| b.name)
        .to_owned()
}

/// What `parlour lab` was asked.
pub struct LabArgs {
    pub players: Option<String>,
    pub options: String,
    pub sweeps: Vec<String>,
    pub data_files: Vec<String>,
    pub bots: Vec<String>,
    pub games: Option<u64>,
    pub skill: Option<String>,
    pub skill_against: Vec<String>,
    pub skill_games: Option<u64>,
    pub no_skill: bool,
    pub ladder: Option<String>,
    pub ladder_against: Option<String>,
    pub ladder_games: Option<u64>,
    pub seed: u64,
    pub pace: Option<f64>,
    pub out: Option<PathBuf>,
    pub threads: usize,
    pub shard: Option<String>,
    pub timing: Option<PathBuf>,
    pub meaningful: Meaningful,
}

/// `3..7`, `3-7`, `3..=7`, `3,4,6` or `4`.
fn parse_players(text: &str) -> Result<Vec<u8>> {
    let bad = || {
        anyhow::anyhow!(
            "--players takes a count (4), a range (3..7) or a list (3,5,7), not `{text}`"
        )
    };
    let range = text
        .split_once("..=")
        .or_else(|| text.split_once(".."))
        .or_else(|| text.split_once('-'));
    let mut out: Vec<u8> = match range {
        Some((a, b)) => {
            let a: u8 = a.trim().parse().map_err(|_| bad())?;
            let b: u8 = b.trim().parse().map_err(|_| bad())?;
            if a > b {
                return Err(bad());
            }
            (a..=b).collect()
        }
        None => text
            .split(',')
            .map(|p| p.trim().parse::<u8>().map_err(|_| bad()))
            .collect::<Result<_>>()?,
    };
    out.dedup();
    Ok(out)
}

fn parse_options(list: &str) -> Vec<(String, String)> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| {
            let (k, v) = item.split_once('=').unwrap_or((item, "true"));
            (k.trim().to_owned(), v.trim().to_owned())
        })
        .collect()
}

/// The sweeps of `--data-file OPTION=PATH` (repeated): one per option, in the order first
/// named, its files in the order given. A path that is not a file is taken as the option's
/// own value (a built-in arrangement's name, say), so a built-in table can face a file.
fn data_file_sweeps(game: &str, items: &[String]) -> Result<Vec<Sweep>> {
    let info = parlour_games::find(game)?;
    let mut by_option: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for item in items {
        let Some((option, path)) = item.split_once('=') else {
            bail!("--data-file takes OPTION=PATH, not `{item}`");
        };
        let (option, path) = (option.trim(), path.trim());
        if !info.file_options.contains(&option) {
            bail!(
                "option `{option}` of {game} cannot be read from a file (options that can: {})",
                if info.file_options.is_empty() {
                    "none".to_owned()
                } else {
                    info.file_options.join(", ")
                }
            );
        }
        let text = if Path::new(path).is_file() {
            std::fs::read_to_string(path)
                .with_context(|| format!("reading {option} file {path}"))?
        } else {
            path.to_owned()
        };
        match by_option.iter_mut().find(|(o, _)| o == option) {
            Some((_, files)) => files.push((path.to_owned(), text)),
            None => by_option.push((option.to_owned(), vec![(path.to_owned(), text)])),
        }
    }
    by_option
        .into_iter()
        .map(|(option, files)| Ok(Sweep::of_files(&option, files)?))
        .collect()
}

/// The study `args` describes for game `G`, with defaults filled in.
fn spec_for<G: Search>(args: &LabArgs) -> Result<LabSpec> {
    let options = parse_options(&args.options);
    let players = match &args.players {
        Some(p) => parse_players(p)?,
        None => {
            let p = parlour_lab::playable_counts::<G>(&options)?;
            if p.is_empty() {
                bail!(
                    "{} cannot be set up with these options at any player count",
                    G::ID
                );
            }
            p
        }
    };
    let mut sweeps = args
        .sweeps
        .iter()
        .map(|s| s.parse::<Sweep>())
        .collect::<Result<Vec<_>, _>>()?;
    sweeps.extend(data_file_sweeps(G::ID, &args.data_files)?);
    let lineups: Vec<Vec<String>> = if args.bots.is_empty() {
        vec![vec!["greedy".to_owned()]]
    } else {
        args.bots
            .iter()
            .map(|b| b.split(',').map(|s| s.trim().to_owned()).collect())
            .collect()
    };
    let mut spec = LabSpec {
        game: G::ID.to_owned(),
        players,
        options,
        sweeps,
        lineups,
        games: 1,
        skill: (!args.no_skill).then(|| SkillSpec {
            bot: args
                .skill
                .clone()
                .unwrap_or_else(|| default_skill_bot(G::ID)),
            against: args.skill_against.clone(),
            games: 1,
        }),
        ladder: args.ladder.as_ref().map(|list| LadderSpec {
            rungs: ladder_rungs(G::ID, list),
            against: args.ladder_against.clone().unwrap_or_else(|| {
                args.skill_against
                    .first()
                    .cloned()
                    .unwrap_or_else(|| "greedy".to_owned())
            }),
            games: 1,
        }),
        seed: args.seed,
        pace: args
            .pace
            .unwrap_or(parlour_games::find(G::ID).map_or(6.0, |g| g.pace)),
    };
    // Lay out the grid once with one game per cell to size the defaults.
    let grid = Grid::new::<G>(&spec)?;
    let cost = |skill: bool| -> f64 {
        grid.cells
            .iter()
            .filter(|c| c.is_skill() == skill && c.rung.is_none())
            .map(game_cost::<G>)
            .sum()
    };
    spec.games = match args.games {
        Some(0) => bail!("--games must be at least 1"),
        Some(n) => n,
        None => nice_floor(GRID_BUDGET / cost(false)).clamp(100, 100_000),
    };
    if let Some(skill) = &mut spec.skill {
        skill.games = match args.skill_games {
            Some(n) => n,
            None => {
                let c = cost(true);
                if c > 0.0 {
                    nice_floor(SKILL_BUDGET / c).clamp(20, spec.games)
                } else {
                    0
                }
            }
        };
    }
    if let Some(ladder) = &mut spec.ladder {
        ladder.games = match args.ladder_games {
            Some(0) => bail!("--ladder-games must be at least 1"),
            Some(n) => n,
            None => {
                let c: f64 = grid
                    .cells
                    .iter()
                    .filter(|c| c.rung.is_some())
                    .map(game_cost::<G>)
                    .sum();
                nice_floor(LADDER_BUDGET / c.max(1e-9)).clamp(20, 100_000)
            }
        };
    }
    Ok(spec)
}

fn bar(m: &MultiProgress, len: u64, what: &str) -> ProgressBar {
    let pb = m.add(ProgressBar::new(len));
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{what:<12} {{bar:36}} {{pos}}/{{len}} games · {{per_sec}} · eta {{eta}}"
        ))
        .expect("a valid template"),
    );
    pb
}

/// Speed of a run, for `--timing` (not part of the report, which is the same on any machine).
#[derive(Serialize)]
struct Timing {
    game: String,
    games: u64,
    grid_games: u64,
    skill_games: u64,
    seconds: f64,
    threads: usize,
    games_per_second: f64,
    games_per_second_per_core: f64,
}

/// `parlour lab GAME ...` for game `G`.
pub fn run<G: Search>(args: &LabArgs, out: &mut dyn Write) -> Result<()> {
    let spec = spec_for::<G>(args)?;
    let mut grid = Grid::new::<G>(&spec)?;
    grid.start = parlour_games::find(G::ID).ok().map(|g| g.start);
    let shard = match &args.shard {
        Some(s) => s.parse::<Shard>()?,
        None => Shard::WHOLE,
    };
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("lab-{}-{}", G::ID, spec.seed)));
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        args.threads
    };
    let (grid_planned, skill_planned) = grid.cells.iter().fold((0, 0), |(g, s), c| {
        let (lo, hi) = shard.range(c.games);
        if c.is_skill() {
            (g, s + hi - lo)
        } else {
            (g + hi - lo, s)
        }
    });
    let estimate = grid
        .cells
        .iter()
        .map(|c| {
            let (lo, hi) = shard.range(c.games);
            (hi - lo) as f64 * game_cost::<G>(c)
        })
        .sum::<f64>()
        / threads as f64;
    writeln!(
        out,
        "{}: {} settings × {} games{}{}{}; about {} on {threads} threads (Ctrl-C stops and keeps \
         what finished)",
        G::NAME,
        grid.cells.iter().filter(|c| !c.is_skill()).count(),
        spec.games,
        spec.skill.as_ref().map_or(String::new(), |s| format!(
            ", skill check {} rows × {} games",
            grid.cells
                .iter()
                .filter(|c| c.is_skill() && c.rung.is_none())
                .count(),
            s.games
        )),
        spec.ladder.as_ref().map_or(String::new(), |l| format!(
            ", ladder {} rungs × {} games",
            l.rungs.len(),
            l.games
        )),
        if shard == Shard::WHOLE {
            String::new()
        } else {
            format!(", shard {}/{}", shard.index, shard.count)
        },
        duration(estimate),
    )?;
    out.flush()?;

    catch_ctrl_c();
    let bars = MultiProgress::new();
    let grid_bar = bar(&bars, grid_planned, "settings");
    let skill_bar = (skill_planned > 0).then(|| bar(&bars, skill_planned, "skill check"));
    let progress = |skill: bool| match (&skill_bar, skill) {
        (Some(b), true) => b.inc(1),
        _ => grid_bar.inc(1),
    };
    let control = RunControl {
        threads,
        stop: Some(&STOP),
        progress: Some(&progress),
    };
    let start = Instant::now();
    let results = parlour_lab::run::<G>(&spec, &grid, shard, &control)?;
    let seconds = start.elapsed().as_secs_f64();
    grid_bar.finish_and_clear();
    if let Some(b) = &skill_bar {
        b.finish_and_clear();
    }
    let played = results.rows.len() as u64;
    if results.interrupted {
        writeln!(out, "stopped: {played} of {} games played", results.planned)?;
    }
    writeln!(
        out,
        "played {played} games in {seconds:.1} s ({:.0} games/s, {:.0} per core)",
        played as f64 / seconds.max(1e-9),
        played as f64 / seconds.max(1e-9) / threads as f64
    )?;
    if let Some(path) = &args.timing {
        let skill_games = results
            .rows
            .iter()
            .filter(|r| grid.cells[r.cell as usize].is_skill())
            .count() as u64;
        let t = Timing {
            game: G::ID.to_owned(),
            games: played,
            grid_games: played - skill_games,
            skill_games,
            seconds,
            threads,
            games_per_second: played as f64 / seconds.max(1e-9),
            games_per_second_per_core: played as f64 / seconds.max(1e-9) / threads as f64,
        };
        std::fs::write(path, serde_json::to_string_pretty(&t)? + "\n")
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if shard == Shard::WHOLE {
        finish(&grid, &results, args.meaningful, &dir, out)
    } else {
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let path = dir.join(shard_file_name(shard));
        std::fs::write(&path, shard_to_json(&results))
            .with_context(|| format!("writing {}", path.display()))?;
        writeln!(
            out,
            "shard written to {} (combine all {} with `parlour lab merge`)",
            path.display(),
            shard.count
        )?;
        Ok(())
    }
}

fn duration(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{:.0} s", seconds.max(1.0))
    } else if seconds < 5400.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

/// Builds, writes and summarises the report.
fn finish(
    grid: &Grid,
    results: &LabResults,
    meaningful: Meaningful,
    dir: &Path,
    out: &mut dyn Write,
) -> Result<()> {
    let report = build_report_with(grid, results, meaningful);
    write_report(dir, &report)?;
    print_summary(&report, out)?;
    writeln!(out, "report: {}", dir.join("report.html").display())?;
    Ok(())
}

fn print_summary(report: &Report, out: &mut dyn Write) -> Result<()> {
    if let Some(l) = &report.ladder {
        writeln!(out, "\nSkill ladder (against {}, {}):", l.against, l.setup)?;
        for g in &l.rungs {
            match g.win_rate {
                Some(w) => writeln!(
                    out,
                    "  {:<14} wins {:.1}% (95% {:.1}–{:.1}%), edge {:+.1} points",
                    g.bot,
                    100.0 * w.value,
                    100.0 * w.ci95[0],
                    100.0 * w.ci95[1],
                    100.0 * g.edge
                )?,
                None => writeln!(
                    out,
                    "  {:<14} mean score {:.2} (95% {:.2}–{:.2})",
                    g.bot, g.score_mean, g.score_ci95[0], g.score_ci95[1]
                )?,
            }
        }
        writeln!(out, "  {}", l.sentence)?;
    }
    if !report.answers.is_empty() {
        // The comparisons of settings, clear differences first.
        writeln!(out, "\nAnswers:")?;
        for f in report.answers.iter().take(8) {
            writeln!(out, "  - {}", f.text)?;
        }
        if report.answers.len() > 8 {
            writeln!(
                out,
                "  … and {} more in the report",
                report.answers.len() - 8
            )?;
        }
    }
    if let Some(cards) = report.cards.as_ref().filter(|c| !c.findings.is_empty()) {
        // Clear card effects, largest first (the report has every card).
        writeln!(out, "\nWhich cards swing games:")?;
        for f in cards.findings.iter().take(5) {
            writeln!(out, "  - {}", f.text)?;
        }
        if cards.findings.len() > 5 {
            writeln!(
                out,
                "  … and {} more in the report",
                cards.findings.len() - 5
            )?;
        }
    }
    for (kind, heading) in [
        (FindingKind::Significant, "Significant"),
        (FindingKind::NotSignificant, "Not significant"),
    ] {
        let lines: Vec<&str> = report
            .summary
            .iter()
            .filter(|f| f.kind == kind)
            .map(|f| f.text.as_str())
            .collect();
        if !lines.is_empty() {
            writeln!(out, "\n{heading}:")?;
            // Everything significant; of the rest, a few (the report has them all).
            let shown = if kind == FindingKind::Significant {
                lines.len()
            } else {
                4
            };
            for l in lines.iter().take(shown) {
                writeln!(out, "  - {l}")?;
            }
            if lines.len() > shown {
                writeln!(out, "  … and {} more in the report", lines.len() - shown)?;
            }
        }
    }
    writeln!(out)?;
    Ok(())
}

/// `parlour lab merge SHARDS... [--out DIR]`.
pub fn merge_cmd(
    files: &[PathBuf],
    out_dir: Option<&PathBuf>,
    meaningful: Meaningful,
    out: &mut dyn Write,
) -> Result<()> {
    if files.is_empty() {
        bail!("name the shard files to merge");
    }
    let mut shards = Vec::new();
    for f in files {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("reading {}", f.display()))?;
        let name = f.display().to_string();
        let results = shard_from_json(&name, &text)?;
        shards.push((name, results));
    }
    let results = merge(shards)?;
    let game = results.spec.game.clone();
    parlour_games::find(&game)?;
    let dir = out_dir
        .cloned()
        .unwrap_or_else(|| PathBuf::from(format!("lab-{game}-{}", results.spec.seed)));
    parlour_games::with_game!(game.as_str(), G => {
        let mut grid = Grid::new::<G>(&results.spec)?;
        grid.start = parlour_games::find(G::ID).ok().map(|g| g.start);
        if let Some(r) = results.rows.iter().find(|r| r.cell as usize >= grid.cells.len()) {
            bail!("the shards name cell {} which this study does not have", r.cell);
        }
        writeln!(out, "merged {} games from {} shards", results.rows.len(), files.len())?;
        finish(&grid, &results, meaningful, &dir, out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_counts_read_as_ranges_and_lists() {
        assert_eq!(parse_players("3..7").unwrap(), vec![3, 4, 5, 6, 7]);
        assert_eq!(parse_players("3-5").unwrap(), vec![3, 4, 5]);
        assert_eq!(parse_players("3..=4").unwrap(), vec![3, 4]);
        assert_eq!(parse_players("3,5").unwrap(), vec![3, 5]);
        assert_eq!(parse_players("4").unwrap(), vec![4]);
        assert!(parse_players("7..3").is_err());
        assert!(parse_players("many").is_err());
    }

    #[test]
    fn nice_numbers_round_down_to_one_two_or_five() {
        assert_eq!(nice_floor(7300.0), 5000);
        assert_eq!(nice_floor(2100.0), 2000);
        assert_eq!(nice_floor(190.0), 100);
        assert_eq!(nice_floor(0.3), 1);
    }
}
