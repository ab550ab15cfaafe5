//! The report: every number of a study, computed from its rows (per cell: win rates per seat,
//! the seat-advantage test, scores, margins, lengths, the game's own metrics, the skill check;
//! then the comparisons between option values and line-ups), with every p-value adjusted by
//! Holm's method over the whole report. [`Report`] serialises to the report's JSON.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::format::Fmt;
use crate::stats::{
    DiffTest, Dist, TestResult, binomial_test, chi_square_gof, holm, mde_one_share,
    mean_difference, multinomial_test, wilson95,
};
use crate::summary::{Finding, answers, summarise};
use crate::verdict::{Meaningful, Verdict};
use crate::{Cell, CellKind, GameRow, Grid, LabResults, LabSpec, MetricName};

/// The format tag of the report's JSON.
pub const REPORT_FORMAT: &str = "parlour-lab-report/1";

/// The significance level, after Holm's correction.
pub const ALPHA: f64 = 0.05;

/// A share with its 95% Wilson interval.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Rate {
    /// The share, in `[0, 1]`.
    pub value: f64,
    /// Its 95% interval.
    pub ci95: [f64; 2],
}

impl Rate {
    pub(crate) fn of(successes: f64, n: f64) -> Rate {
        // Rounding leaves bounds like 5e-20 where the bound is 0 (or 1): write them exactly.
        let exact = |b: f64| {
            if b < 1e-12 {
                0.0
            } else if b > 1.0 - 1e-12 {
                1.0
            } else {
                b
            }
        };
        let (lo, hi) = wilson95(successes, n);
        let (lo, hi) = (exact(lo), exact(hi));
        Rate {
            value: if n > 0.0 { successes / n } else { 0.0 },
            ci95: [lo, hi],
        }
    }
}

/// One hypothesis test of the report.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Test {
    /// `t1`, `t2`, … in report order.
    pub id: String,
    /// Which test (`chi-square goodness of fit`, `Welch's ANOVA`, …).
    pub name: String,
    /// The question it answers, in words.
    pub question: String,
    /// The statistic (chi-square or F); absent when undefined (groups with no spread).
    pub statistic: Option<f64>,
    /// Degrees of freedom (the first, for F).
    pub df: f64,
    /// The second degrees of freedom of an F test.
    pub df2: Option<f64>,
    /// Games the test used.
    pub games: u64,
    /// The p-value.
    pub p: f64,
    /// The p-value adjusted by Holm's method over every test of the report.
    pub p_holm: f64,
    /// `p_holm < ALPHA`.
    pub significant: bool,
    /// The effect the test measures (a difference, an edge, a seat's departure from an equal
    /// share), in the measure's units.
    pub effect: Option<f64>,
    /// The effect's 95% interval (unadjusted).
    pub effect_ci95: Option<[f64; 2]>,
    /// The smallest effect this test finds with 80% power at the 5% level.
    pub mde: Option<f64>,
    /// The smallest effect a designer counts as meaningful, in the same units.
    pub meaningful: Option<f64>,
    /// What the interval says against the meaningful size.
    pub verdict: Option<Verdict>,
}

/// The effect a test measures, for its verdict.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Effect {
    pub effect: f64,
    pub ci95: [f64; 2],
    pub mde: f64,
    pub meaningful: f64,
}

/// One seat of a cell.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct SeatReport {
    /// The seat, from 1 in table order.
    pub seat: u8,
    /// The bot there.
    pub bot: String,
    /// Share of games won (a win shared by `k` counts `1/k`).
    pub win_rate: Rate,
    /// Games this seat won alone.
    pub sole_wins: u64,
    /// Final scores.
    pub score: Dist,
}

/// Win rate by position counted from the seat that started the game.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct PositionReport {
    /// 1 for the starting seat, 2 for the next seat to its left, ...
    pub position: u8,
    /// Share of games won from this position (a shared win counts 1/k).
    pub win_rate: Rate,
    /// Games won alone from this position.
    pub sole_wins: u64,
}

/// One of the game's metrics in a cell.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct MetricReport {
    /// The game's id for it.
    pub id: String,
    /// Plain words.
    pub label: String,
    /// `rate` (every value 0 or 1) or `mean`.
    pub kind: &'static str,
    /// The mean (the rate of a 0/1 measure).
    pub mean: f64,
    /// The standard deviation over games.
    pub sd: f64,
    /// 95% interval: Wilson's for a rate, Student's t for a mean.
    pub ci95: [f64; 2],
    /// Games.
    pub games: u64,
    /// Every value lies between 0 and 1 (a share per game): its differences are in points.
    pub bounded: bool,
    /// The lab's own measure this metric equals in every game (`no_winner`, `shared_win`):
    /// the lab tests that measure once, not this metric again.
    pub same_as: Option<String>,
}

/// The skill check of a skill cell.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct SkillReport {
    /// The skilled bot.
    pub bot: String,
    /// The bot in the other seats (none alone at the table).
    pub against: Option<String>,
    /// The skilled bot's share of games won.
    pub win_rate: Rate,
    /// What a player as good as the others would win: the share of won games divided by the
    /// number of seats.
    pub fair_share: f64,
    /// `win_rate - fair_share`.
    pub edge: f64,
    /// The edge's 95% interval: the win rate's Wilson interval less the equal share.
    pub edge_ci95: [f64; 2],
    /// The spread over games of the per-game edge (the skilled seat's share of the win less
    /// the game's equal share), for comparing edges between settings.
    pub edge_sd: f64,
    /// The skilled bot's mean final score.
    pub score_mean: f64,
    /// The other seats' mean final score (alone: the first line-up's on the same setup).
    pub others_score_mean: Option<f64>,
    /// The test's id.
    pub test: Option<String>,
}

/// One cell of the grid.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CellReport {
    /// `c1`, `c2`, … in grid order.
    pub id: String,
    /// `lineup`, `skill` or `ladder`.
    pub kind: &'static str,
    /// Setup and who plays, in words.
    pub label: String,
    /// The setup in words.
    pub setup: String,
    /// Who plays, in words.
    pub lineup: String,
    /// Player count.
    pub players: u8,
    /// The swept options' values.
    pub options: BTreeMap<String, String>,
    /// Games played.
    pub games: u64,
    /// Games planned.
    pub planned: u64,
    /// Games won by one seat.
    pub sole_winner: u64,
    /// Games whose win was shared.
    pub shared_win: u64,
    /// Games with no winner.
    pub no_winner: u64,
    /// Share of games with no winner.
    pub no_winner_rate: Rate,
    /// An equal share of the games won: `(1 - no_winner_rate) / players`.
    pub fair_share: f64,
    /// Per seat (line-up cells only).
    pub seats: Vec<SeatReport>,
    /// Best seat's win rate minus the worst's (line-up cells only).
    pub spread: f64,
    /// The seat-advantage test's id.
    pub seat_test: Option<String>,
    /// Winning margins (games with a winner and someone else).
    pub margin: Dist,
    /// Player actions per game.
    pub actions: Dist,
    /// Rounds per game.
    pub rounds: Dist,
    /// Estimated minutes per game at the study's pace.
    pub minutes: Dist,
    /// Whether the starting seat differed between the games (drawn by lot or rotated).
    pub start_varies: bool,
    /// Win rate by position from the starting seat (line-up cells whose start varies).
    pub positions: Vec<PositionReport>,
    /// The position-advantage test's id: do the positions from the start win equally?
    pub position_test: Option<String>,
    /// Share of games stopped by each safety cap, by the cap's id (only caps that fired).
    pub caps: BTreeMap<String, Rate>,
    /// Games stopped by a safety cap.
    pub capped: u64,
    /// Actions per game over the games no cap stopped (when some were stopped).
    pub actions_uncapped: Option<Dist>,
    /// Minutes per game over the games no cap stopped (when some were stopped).
    pub minutes_uncapped: Option<Dist>,
    /// The game's own metrics.
    pub metrics: Vec<MetricReport>,
    /// The skill check (skill cells only).
    pub skill: Option<SkillReport>,
}

/// A comparison of cells that differ in one thing only.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Comparison {
    /// What is compared (`game length (actions)`).
    pub measure: String,
    /// What differs: an option in words (`monosign run bonus any sign`), `line-up` or
    /// `player count`.
    pub across: String,
    /// What the cells share, in words.
    pub context: String,
    /// The cells' ids.
    pub cells: Vec<String>,
    /// What each cell is called here (the option's value in words, the line-up or the player
    /// count).
    pub labels: Vec<String>,
    /// The measure in each cell.
    pub values: Vec<f64>,
    /// How the values are written.
    pub fmt: Fmt,
    /// The test's id; none when every game of each setting gave one value (nothing to test).
    pub test: Option<String>,
    /// The second setting's value less the first's.
    pub difference: f64,
    /// Its 95% interval.
    pub ci95: [f64; 2],
    /// The smallest difference the study finds with 80% power at the 5% level.
    pub mde: f64,
    /// The smallest difference a designer counts as meaningful.
    pub meaningful: f64,
    /// What the interval says against the meaningful size.
    pub verdict: Verdict,
}

/// A setup the game refused.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SkippedReport {
    /// The setup.
    pub setup: String,
    /// The game's reason.
    pub reason: String,
}

/// The whole report.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Report {
    /// [`REPORT_FORMAT`].
    pub format: &'static str,
    /// Game id.
    pub game: String,
    /// Game name.
    pub game_name: String,
    /// The command that runs this study again.
    pub command: String,
    /// The study.
    pub spec: LabSpec,
    /// Games the study plans.
    pub games_planned: u64,
    /// Games played.
    pub games_played: u64,
    /// Whether every planned game was played.
    pub complete: bool,
    /// Significance level after Holm's correction.
    pub alpha: f64,
    /// The smallest differences the verdicts count as meaningful.
    pub meaningful: Meaningful,
    /// The answers: one plain sentence per comparison of settings, clear differences first.
    pub answers: Vec<Finding>,
    /// Whether the game draws its first player by lot.
    pub first_player_random: bool,
    /// How the game starts (`lot`, `option`, ...; see `parlour_core::Start`), if declared.
    pub start: Option<&'static str>,
    /// How the game starts, in one sentence.
    pub start_sentence: Option<String>,
    /// Games stopped by a safety cap, over all cells.
    pub capped: u64,
    /// Every cell.
    pub cells: Vec<CellReport>,
    /// Setups the game refused.
    pub skipped: Vec<SkippedReport>,
    /// How many tests the report made (the size of the family Holm's correction covers).
    pub test_count: usize,
    /// Every test, in report order.
    pub tests: Vec<Test>,
    /// Comparisons between option values and line-ups.
    pub comparisons: Vec<Comparison>,
    /// The plain-words summary.
    pub summary: Vec<Finding>,
    /// The skill ladder, when the study has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ladder: Option<crate::LadderReport>,
    /// Which cards swing games, when the game declares card facts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<crate::CardsReport>,
    /// The game's options, to name them and their values in words (not written out).
    #[serde(skip)]
    pub options: &'static [parlour_core::OptionSpec],
}

/// Collects tests as they are made, for ids and Holm's correction at the end.
pub(crate) struct Tests(pub(crate) Vec<Test>);

impl Tests {
    pub(crate) fn add_effect(
        &mut self,
        name: &str,
        question: String,
        r: TestResult,
        games: u64,
        e: Effect,
    ) -> String {
        let id = self.add(name, question, r, games);
        let t = self.0.last_mut().expect("just added");
        t.effect = Some(e.effect);
        t.effect_ci95 = Some(e.ci95);
        t.mde = Some(e.mde);
        t.meaningful = Some(e.meaningful);
        id
    }

    fn add(&mut self, name: &str, question: String, r: TestResult, games: u64) -> String {
        let id = format!("t{}", self.0.len() + 1);
        self.0.push(Test {
            id: id.clone(),
            name: name.to_owned(),
            question,
            statistic: r.statistic.is_finite().then_some(r.statistic),
            df: r.df,
            df2: (r.df2 > 0.0).then_some(r.df2),
            games,
            p: r.p,
            p_holm: r.p,
            significant: false,
            effect: None,
            effect_ci95: None,
            mde: None,
            meaningful: None,
            verdict: None,
        });
        id
    }

    fn finish(mut self) -> Vec<Test> {
        let ps: Vec<f64> = self.0.iter().map(|t| t.p).collect();
        for (t, p) in self.0.iter_mut().zip(holm(&ps)) {
            t.p_holm = p;
            t.significant = p < ALPHA;
            if let (Some(ci), Some(m)) = (t.effect_ci95, t.meaningful) {
                t.verdict = Some(Verdict::of(t.significant, ci, m));
            }
        }
        self.0
    }
}

/// Builds the report of `results` (gathered for `grid`), with the default meaningful sizes.
///
/// # Panics
/// If a row names a cell the grid does not have (results of another grid).
#[must_use]
pub fn build_report(grid: &Grid, results: &LabResults) -> Report {
    build_report_with(grid, results, Meaningful::default())
}

/// Builds the report of `results` (gathered for `grid`), judging effects against `meaningful`.
///
/// # Panics
/// If a row names a cell the grid does not have (results of another grid).
#[must_use]
pub fn build_report_with(grid: &Grid, results: &LabResults, meaningful: Meaningful) -> Report {
    let spec = &results.spec;
    let mut tests = Tests(Vec::new());
    let by_cell = rows_by_cell(grid, &results.rows);
    let mut cells: Vec<CellReport> = grid
        .cells
        .iter()
        .map(|c| {
            let names = results.metric_names.get(&(c.index as u32));
            cell_report(
                c,
                by_cell[c.index],
                names.map_or(&[][..], Vec::as_slice),
                spec,
            )
        })
        .collect();
    for (c, report) in grid.cells.iter().zip(cells.iter_mut()) {
        seat_and_skill_tests(grid, c, report, &by_cell, &mut tests, meaningful);
    }
    let ladder = spec
        .ladder
        .as_ref()
        .and_then(|l| crate::ladder::ladder_report(grid, &by_cell, &cells, &l.against));
    let cards = crate::cards::cards_report(grid, results, &by_cell, meaningful);
    let mut comparisons = crate::compare::compare(grid, spec, &cells, meaningful, &mut tests);
    let tests = tests.finish();
    for c in &mut comparisons {
        let Some(id) = &c.test else { continue };
        let t = tests.iter().find(|t| &t.id == id).expect("its test");
        c.verdict = t.verdict.expect("a comparison's test has a verdict");
    }
    let mut report = Report {
        format: REPORT_FORMAT,
        game: grid.game.to_owned(),
        game_name: grid.name.to_owned(),
        command: format!("{}{}", spec.command(), meaningful.flag()),
        spec: spec.without_file_texts(),
        games_planned: grid.cells.iter().map(|c| c.games).sum(),
        games_played: results.rows.len() as u64,
        complete: false,
        alpha: ALPHA,
        meaningful,
        answers: Vec::new(),
        first_player_random: cells.iter().any(|c| c.start_varies) || grid.first_player_random,
        start: grid.start.map(parlour_core::Start::id),
        start_sentence: grid.start.map(parlour_core::Start::sentence),
        capped: cells.iter().map(|c| c.capped).sum(),
        cells: std::mem::take(&mut cells),
        skipped: grid
            .skipped
            .iter()
            .map(|s| SkippedReport {
                setup: crate::grid::setup_words(s.players, &s.swept, grid.options),
                reason: s.reason.clone(),
            })
            .collect(),
        test_count: tests.len(),
        tests,
        comparisons,
        summary: Vec::new(),
        ladder,
        cards,
        options: grid.options,
    };
    report.complete = report.games_played == report.games_planned;
    report.answers = answers(&report);
    report.summary = summarise(&report);
    report
}

fn rows_by_cell<'a>(grid: &Grid, rows: &'a [GameRow]) -> Vec<&'a [GameRow]> {
    let mut out = vec![&rows[..0]; grid.cells.len()];
    let mut start = 0;
    while start < rows.len() {
        let cell = rows[start].cell;
        let end = start + rows[start..].partition_point(|r| r.cell == cell);
        out[cell as usize] = &rows[start..end];
        start = end;
    }
    out
}

/// The winner's score minus the closest other seat's (absolute), or `None` with no winner.
fn margin(row: &GameRow) -> Option<f64> {
    let first = (0..16u8).find(|&s| row.won(s))?;
    let w = f64::from(row.scores[usize::from(first)]);
    let closest = (0..row.scores.len() as u8)
        .filter(|&s| !row.won(s))
        .map(|s| (w - f64::from(row.scores[usize::from(s)])).abs())
        .min_by(f64::total_cmp);
    Some(closest.unwrap_or(0.0))
}

/// The lab measure that metric `k` equals in every game, if any: a flag that is exactly "no
/// winner" or exactly "a shared win" asks the lab's own question again.
fn same_as(rows: &[GameRow], k: usize, flag: bool) -> Option<String> {
    if !flag || rows.is_empty() {
        return None;
    }
    let value = |r: &GameRow| r.metrics.get(k).copied().unwrap_or(f64::NAN) == 1.0;
    if rows.iter().all(|r| value(r) == (r.winner_count() == 0)) {
        return Some("no_winner".to_owned());
    }
    if rows.iter().all(|r| value(r) == (r.winner_count() > 1)) {
        return Some("shared_win".to_owned());
    }
    None
}

fn cell_report(cell: &Cell, rows: &[GameRow], names: &[MetricName], spec: &LabSpec) -> CellReport {
    let n = rows.len() as f64;
    let players = cell.players;
    let no_winner = rows.iter().filter(|r| r.winner_count() == 0).count() as u64;
    let sole_winner = rows.iter().filter(|r| r.winner_count() == 1).count() as u64;
    let shared_win = rows.len() as u64 - no_winner - sole_winner;
    let no_winner_rate = Rate::of(no_winner as f64, n);
    let share = |r: &GameRow, s: u8| {
        if r.won(s) {
            1.0 / f64::from(r.winner_count())
        } else {
            0.0
        }
    };
    let seats: Vec<SeatReport> = if cell.is_skill() {
        Vec::new()
    } else {
        (0..players)
            .map(|s| {
                let wins: f64 = rows.iter().map(|r| share(r, s)).sum();
                let scores: Vec<f64> = rows
                    .iter()
                    .map(|r| f64::from(r.scores[usize::from(s)]))
                    .collect();
                SeatReport {
                    seat: s + 1,
                    bot: cell.bot(s, 0).to_owned(),
                    win_rate: Rate::of(wins, n),
                    sole_wins: rows.iter().filter(|r| r.winners == 1 << s).count() as u64,
                    score: Dist::of(&scores),
                }
            })
            .collect()
    };
    let spread = if seats.len() >= 2 {
        let rates = seats.iter().map(|s| s.win_rate.value);
        rates.clone().fold(f64::MIN, f64::max) - rates.fold(f64::MAX, f64::min)
    } else {
        0.0
    };
    let margins: Vec<f64> = if players >= 2 {
        rows.iter().filter_map(margin).collect()
    } else {
        Vec::new()
    };
    let actions: Vec<f64> = rows.iter().map(|r| f64::from(r.actions)).collect();
    let minutes: Vec<f64> = actions.iter().map(|a| a * spec.pace / 60.0).collect();
    let rounds: Vec<f64> = rows.iter().map(|r| f64::from(r.rounds)).collect();
    let start_varies = rows.iter().any(|r| r.start != rows[0].start);
    let positions: Vec<PositionReport> = if cell.is_skill() || players < 2 || !start_varies {
        Vec::new()
    } else {
        (0..players)
            .map(|p| {
                let seat = |r: &GameRow| r.start.map(|f| (f + p) % players);
                let wins: f64 = rows
                    .iter()
                    .filter_map(|r| seat(r).map(|s| share(r, s)))
                    .sum();
                let counted = rows.iter().filter(|r| r.start.is_some()).count();
                PositionReport {
                    position: p + 1,
                    win_rate: Rate::of(wins, counted as f64),
                    sole_wins: rows
                        .iter()
                        .filter(|r| seat(r).is_some_and(|s| r.winners == 1 << s))
                        .count() as u64,
                }
            })
            .collect()
    };
    let mut cap_counts: BTreeMap<String, u64> = BTreeMap::new();
    for cap in rows.iter().filter_map(|r| r.cap.as_ref()) {
        *cap_counts.entry(cap.clone()).or_default() += 1;
    }
    let capped = rows.iter().filter(|r| r.cap.is_some()).count() as u64;
    let caps = cap_counts
        .into_iter()
        .map(|(k, v)| (k, Rate::of(v as f64, n)))
        .collect();
    let uncapped = |f: &dyn Fn(&GameRow) -> f64| {
        (capped > 0).then(|| {
            let v: Vec<f64> = rows.iter().filter(|r| r.cap.is_none()).map(f).collect();
            Dist::of(&v)
        })
    };
    let actions_uncapped = uncapped(&|r| f64::from(r.actions));
    let minutes_uncapped = uncapped(&|r| f64::from(r.actions) * spec.pace / 60.0);
    let metrics = names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let values: Vec<f64> = rows
                .iter()
                .map(|r| r.metrics.get(k).copied().unwrap_or(f64::NAN))
                .filter(|v| v.is_finite())
                .collect();
            let flag = values.iter().all(|v| *v == 0.0 || *v == 1.0);
            let bounded = values.iter().all(|v| (0.0..=1.0).contains(v));
            let d = Dist::of(&values);
            // A mean of shares gets Wilson's interval too (conservative: the variance of values
            // in 0..1 is at most p(1 − p)), so it never leaves 0..1.
            let (mean, ci95) = if bounded {
                let r = Rate::of(values.iter().sum(), values.len() as f64);
                (r.value, r.ci95)
            } else {
                (d.mean, d.ci95)
            };
            MetricReport {
                id: name.id.clone(),
                label: name.label.clone(),
                kind: if flag { "rate" } else { "mean" },
                mean,
                sd: d.sd,
                ci95,
                games: values.len() as u64,
                bounded,
                same_as: same_as(rows, k, flag),
            }
        })
        .collect();
    CellReport {
        id: format!("c{}", cell.index + 1),
        kind: match (cell.rung, cell.is_skill()) {
            (Some(_), _) => "ladder",
            (None, true) => "skill",
            (None, false) => "lineup",
        },
        label: cell.label(),
        setup: cell.setup_label(),
        lineup: cell.lineup_label(),
        players,
        options: cell.swept.iter().cloned().collect(),
        games: rows.len() as u64,
        planned: cell.games,
        sole_winner,
        shared_win,
        no_winner,
        no_winner_rate,
        fair_share: (1.0 - no_winner_rate.value) / f64::from(players),
        seats,
        spread,
        seat_test: None,
        margin: Dist::of(&margins),
        actions: Dist::of(&actions),
        rounds: Dist::of(&rounds),
        minutes: Dist::of(&minutes),
        start_varies,
        positions,
        position_test: None,
        caps,
        capped,
        actions_uncapped,
        minutes_uncapped,
        metrics,
        skill: None,
    }
}

fn seat_and_skill_tests(
    grid: &Grid,
    cell: &Cell,
    report: &mut CellReport,
    by_cell: &[&[GameRow]],
    tests: &mut Tests,
    meaningful: Meaningful,
) {
    let rows = by_cell[cell.index];
    let n = cell.players;
    match &cell.kind {
        CellKind::Lineup(_) => {
            if n < 2 {
                return;
            }
            let observed: Vec<f64> = report.seats.iter().map(|s| s.sole_wins as f64).collect();
            let expected = vec![1.0 / f64::from(n); usize::from(n)];
            let fair = report.fair_share;
            // The effect: the seat furthest from an equal share; its interval spans every
            // seat's Wilson interval less the equal share.
            let effect = report
                .seats
                .iter()
                .map(|s| s.win_rate.value - fair)
                .fold(0.0, |a: f64, d| if d.abs() > a.abs() { d } else { a });
            let lo = report
                .seats
                .iter()
                .map(|s| s.win_rate.ci95[0] - fair)
                .fold(f64::INFINITY, f64::min);
            let hi = report
                .seats
                .iter()
                .map(|s| s.win_rate.ci95[1] - fair)
                .fold(f64::NEG_INFINITY, f64::max);
            let e = Effect {
                effect,
                ci95: [lo, hi],
                mde: mde_one_share(fair, report.games as f64),
                meaningful: meaningful.points,
            };
            let games = observed.iter().sum::<f64>() as u64;
            let question = format!("{}: do the seats win equally?", report.label);
            // Exact when an expected count is below 5 (Cochran's rule for the chi-square law).
            if games > 0 && (games as f64) / f64::from(n) < 5.0 {
                let counts: Vec<u64> = report.seats.iter().map(|s| s.sole_wins).collect();
                let r = TestResult {
                    statistic: f64::NAN,
                    df: f64::from(n - 1),
                    df2: 0.0,
                    p: multinomial_test(&counts, &expected),
                };
                report.seat_test =
                    Some(tests.add_effect("exact multinomial test", question, r, games, e));
            } else if let Some(r) = chi_square_gof(&observed, &expected) {
                report.seat_test =
                    Some(tests.add_effect("chi-square goodness of fit", question, r, games, e));
            }
            if !report.positions.is_empty() {
                let observed: Vec<f64> = report
                    .positions
                    .iter()
                    .map(|p| p.sole_wins as f64)
                    .collect();
                if let Some(r) = chi_square_gof(&observed, &expected) {
                    let games = observed.iter().sum::<f64>() as u64;
                    report.position_test = Some(tests.add(
                        "chi-square goodness of fit",
                        format!(
                            "{}: do the positions from the first player win equally?",
                            report.label
                        ),
                        r,
                        games,
                    ));
                }
            }
        }
        CellKind::Skill { bot, against } => {
            let games = rows.len() as f64;
            let skilled = |r: &GameRow| cell.skilled_seat(r.game).expect("a skill cell");
            let share = |r: &GameRow, s: u8| {
                if r.won(s) {
                    1.0 / f64::from(r.winner_count())
                } else {
                    0.0
                }
            };
            let wins: f64 = rows.iter().map(|r| share(r, skilled(r))).sum();
            let score: Vec<f64> = rows
                .iter()
                .map(|r| f64::from(r.scores[usize::from(skilled(r))]))
                .collect();
            let score = Dist::of(&score);
            let win_rate = Rate::of(wins, games);
            if n == 1 {
                // Alone at the table: compare scores with the first line-up on this setup.
                let base = grid
                    .cells
                    .iter()
                    .find(|c| !c.is_skill() && c.players == cell.players && c.swept == cell.swept);
                let base_scores: Option<Dist> = base.map(|b| {
                    let s: Vec<f64> = by_cell[b.index]
                        .iter()
                        .map(|r| f64::from(r.scores[0]))
                        .collect();
                    Dist::of(&s)
                });
                // The effect: its mean score less the line-up's, with Welch's interval.
                let test = match (&base, &base_scores) {
                    (Some(b), Some(bs)) => mean_difference(
                        bs.n as f64,
                        bs.mean,
                        bs.var(),
                        score.n as f64,
                        score.mean,
                        score.var(),
                    )
                    .filter(|d| d.test != DiffTest::Exact)
                    .map(|d| {
                        let question = format!(
                            "{}: does {bot} alone score differently from {}?",
                            report.setup,
                            b.lineup_label()
                        );
                        let r = TestResult {
                            statistic: d.statistic,
                            df: d.df,
                            df2: 0.0,
                            p: d.p,
                        };
                        let e = Effect {
                            effect: d.estimate,
                            ci95: d.ci95,
                            mde: d.mde,
                            meaningful: meaningful.of_mean(bs.mean, score.mean),
                        };
                        tests.add_effect(d.test.name(), question, r, bs.n + score.n, e)
                    }),
                    _ => None,
                };
                report.skill = Some(SkillReport {
                    bot: bot.clone(),
                    against: None,
                    win_rate,
                    fair_share: 1.0 - report.no_winner_rate.value,
                    edge: 0.0,
                    edge_ci95: [0.0, 0.0],
                    edge_sd: 0.0,
                    score_mean: score.mean,
                    others_score_mean: base_scores.map(|d| d.mean),
                    test,
                });
                return;
            }
            let total: f64 = rows
                .iter()
                .map(|r| (r.winner_count() > 0) as u8 as f64)
                .sum();
            let fair_share = if games > 0.0 {
                total / games / f64::from(n)
            } else {
                0.0
            };
            let others: Vec<f64> = rows
                .iter()
                .flat_map(|r| {
                    let k = skilled(r);
                    (0..n)
                        .filter(move |&s| s != k)
                        .map(move |s| f64::from(r.scores[usize::from(s)]))
                })
                .collect();
            let sole_skilled = rows.iter().filter(|r| r.winners == 1 << skilled(r)).count() as f64;
            let sole_all = rows.iter().filter(|r| r.winner_count() == 1).count() as f64;
            let p = 1.0 / f64::from(n);
            let per_game: Vec<f64> = rows
                .iter()
                .map(|r| {
                    share(r, skilled(r)) - f64::from(u8::from(r.winner_count() > 0)) / f64::from(n)
                })
                .collect();
            let edge_sd = Dist::of(&per_game).sd;
            let edge_ci95 = [win_rate.ci95[0] - fair_share, win_rate.ci95[1] - fair_share];
            let e = Effect {
                effect: win_rate.value - fair_share,
                ci95: edge_ci95,
                mde: mde_one_share(fair_share, games),
                meaningful: meaningful.points,
            };
            let question = format!(
                "{}: does {bot} win more than an equal share against {against}?",
                report.setup
            );
            let smallest_expected = sole_all * p.min(1.0 - p);
            let test = if sole_all > 0.0 && smallest_expected < 5.0 {
                let r = TestResult {
                    statistic: f64::NAN,
                    df: 1.0,
                    df2: 0.0,
                    p: binomial_test(sole_skilled as u64, sole_all as u64, p),
                };
                Some(tests.add_effect("exact binomial test", question, r, sole_all as u64, e))
            } else {
                chi_square_gof(&[sole_skilled, sole_all - sole_skilled], &[p, 1.0 - p]).map(|r| {
                    tests.add_effect(
                        "chi-square goodness of fit",
                        question,
                        r,
                        sole_all as u64,
                        e,
                    )
                })
            };
            report.skill = Some(SkillReport {
                bot: bot.clone(),
                against: Some(against.clone()),
                win_rate,
                fair_share,
                edge: win_rate.value - fair_share,
                edge_ci95,
                edge_sd,
                score_mean: score.mean,
                others_score_mean: Some(Dist::of(&others).mean),
                test,
            });
        }
    }
}
