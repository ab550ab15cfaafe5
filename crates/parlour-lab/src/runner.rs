//! Plays the games of a study on worker threads.
//!
//! Game `g` of a cell is a function of the cell and `g` alone: its chance events come from
//! `rng_from_seed(cell.game_seed(g))` and the bot in seat `s` is
//! `make_bot(name, cell.game_seed(g), s + 1)`. Workers take games from a shared counter in the
//! order of [`Grid::work`], and the rows are sorted by (cell, game) at the end, so the results are
//! the same for any number of threads and any split into shards.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use parlour_bots::{Bot, Observation, make_bot};
use parlour_core::Search;
use parlour_record::{CardWatch, Match, PlayError, play_to_end};

use crate::{Cell, GameRow, Grid, LabError, LabResults, LabSpec, MetricName, Shard};

/// How a run is driven: threads, a stop flag (Ctrl-C) and a progress callback.
#[derive(Default, Clone, Copy)]
pub struct RunControl<'a> {
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Set to stop: games in play finish, no new game starts, and the results say so.
    pub stop: Option<&'a AtomicBool>,
    /// Called after each finished game with whether it was a skill-check game (from any
    /// worker thread).
    pub progress: Option<&'a (dyn Fn(bool) + Sync)>,
}

/// Plays game `game` of `cell` to the end and returns its row and its metrics' names.
///
/// # Errors
/// An illegal bot action, a rejected chance outcome, or no end within [`parlour_record::MAX_STEPS`].
pub fn play_game<G: Search>(
    cell: &Cell,
    game: u64,
) -> Result<(GameRow, Vec<MetricName>), LabError> {
    let seed = cell.game_seed(game);
    let fail = |reason: String| LabError::Game {
        cell: cell.label(),
        game,
        seed,
        reason,
    };
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..cell.players)
        .map(|s| make_bot::<G>(cell.bot(s, game), seed, u64::from(s) + 1))
        .collect::<Result<_, _>>()
        .map_err(|e| LabError::Spec(e.to_string()))?;
    let mut playout = Match::<G, CardWatch<G>>::setup(cell.players, &cell.options, seed)
        .map_err(|e| fail(e.to_string()))?;
    if !cell.asks_about_cards() {
        playout.history_mut().events_only();
    }
    let actions = play_to_end(&mut playout, |state, seat| {
        bots[seat.index()].choose(&Observation::new(state, seat))
    })
    .map_err(|e| match e {
        PlayError::Illegal { seat, error, .. } => fail(format!(
            "bot {} in seat {} chose an illegal action: {error}",
            cell.bot(seat.0, game),
            seat.0 + 1
        )),
        e => fail(e.to_string()),
    })?;
    let actions = u32::try_from(actions).unwrap_or(u32::MAX);
    let (state, watch) = playout.into_parts();
    let events = watch.events();
    let outcome = state
        .outcome()
        .ok_or_else(|| fail("the game ended without an outcome".into()))?;
    let metrics = state.metrics(events);
    let start = state.starting_seat(events).map(|s| s.0);
    let cap = state.ended_by_cap(events).map(str::to_owned);
    let facts = watch.facts(&state).unwrap_or_default();
    let names = metrics
        .iter()
        .map(|m| MetricName {
            id: m.id.to_owned(),
            label: m.label.to_owned(),
        })
        .collect();
    let winners = outcome
        .winners
        .iter()
        .fold(0u16, |bits, s| bits | (1 << s.0));
    Ok((
        GameRow {
            cell: cell.index as u32,
            game,
            scores: outcome.scores,
            winners,
            actions,
            rounds: state.round(),
            metrics: metrics.iter().map(|m| m.value).collect(),
            start,
            cap,
            dealt: facts.dealt,
            held: facts.held,
            played: facts.played,
        },
        names,
    ))
}

/// What one worker gathered.
#[derive(Default)]
struct Gathered {
    rows: Vec<GameRow>,
    names: BTreeMap<u32, (u64, Vec<MetricName>)>,
}

/// Plays `shard`'s games of `grid` (checked from `spec`).
///
/// # Errors
/// The first failing game (in play order): an illegal action, a broken game, or a game whose
/// metric names differ from another game's of the same cell.
pub fn run<G: Search>(
    spec: &LabSpec,
    grid: &Grid,
    shard: Shard,
    control: &RunControl<'_>,
) -> Result<LabResults, LabError> {
    let work = grid.work(shard);
    let threads = if control.threads == 0 {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        control.threads
    };
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<(usize, LabError)>> = Mutex::new(None);
    let stopped = || control.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let worker = || {
        let mut mine = Gathered::default();
        loop {
            if stopped() || failed.load(Ordering::Relaxed) {
                break;
            }
            let u = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(c, g)) = work.get(u) else { break };
            let cell = &grid.cells[c as usize];
            let result = play_game::<G>(cell, g).and_then(|(row, names)| {
                check_names(&mut mine.names, cell, g, names)?;
                Ok(row)
            });
            match result {
                Ok(row) => {
                    mine.rows.push(row);
                    if let Some(p) = control.progress {
                        p(cell.is_skill());
                    }
                }
                Err(e) => {
                    failed.store(true, Ordering::Relaxed);
                    let mut slot = first_error.lock().expect("no worker panics holding it");
                    if slot.as_ref().is_none_or(|(v, _)| u < *v) {
                        *slot = Some((u, e));
                    }
                    break;
                }
            }
        }
        mine
    };
    let parts: Vec<Gathered> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a lab worker panicked"))
            .collect()
    });
    if let Some((_, e)) = first_error.into_inner().expect("workers are done") {
        return Err(e);
    }
    let mut names: BTreeMap<u32, (u64, Vec<MetricName>)> = BTreeMap::new();
    let mut rows = Vec::new();
    for part in parts {
        rows.extend(part.rows);
        for (c, (g, n)) in part.names {
            let cell = &grid.cells[c as usize];
            check_names(&mut names, cell, g, n)?;
        }
    }
    rows.sort_by_key(|r| (r.cell, r.game));
    let card_names = crate::cards::catalogues::<G>(grid, &rows)?;
    let planned = work.len() as u64;
    Ok(LabResults {
        spec: spec.clone(),
        shard,
        planned,
        interrupted: (rows.len() as u64) < planned,
        metric_names: names.into_iter().map(|(c, (_, n))| (c, n)).collect(),
        card_names,
        rows,
    })
}

/// Keeps the first metric names seen for a cell and checks later games report the same.
fn check_names(
    seen: &mut BTreeMap<u32, (u64, Vec<MetricName>)>,
    cell: &Cell,
    game: u64,
    names: Vec<MetricName>,
) -> Result<(), LabError> {
    let key = cell.index as u32;
    match seen.get(&key) {
        None => {
            seen.insert(key, (game, names));
            Ok(())
        }
        Some((_, known)) if *known == names => Ok(()),
        Some((other, known)) => Err(LabError::Game {
            cell: cell.label(),
            game,
            seed: cell.game_seed(game),
            reason: format!(
                "the game reported metrics [{}] but game {other} of the same setup [{}]; a game \
                 must report the same metrics in the same order for every game of one setup",
                ids(&names),
                ids(known)
            ),
        }),
    }
}

fn ids(names: &[MetricName]) -> String {
    names
        .iter()
        .map(|n| n.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
