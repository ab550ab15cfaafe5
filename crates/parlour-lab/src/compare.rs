//! A-vs-B comparisons: settings that differ in one thing only (one swept option's value, the
//! line-up, or the player count) compared on every measure, as a difference with its 95%
//! interval, the test behind it and the smallest difference the study could have detected.
//! Every two values of a swept option are compared (the designer's question is which value is
//! best); line-ups and player counts are each compared with the first.
//!
//! A measure without spread in either setting (every game gave one value) is not tested: its
//! difference is fixed, and a zero-width interval is never a finding.
//!
//! One test per question: a game metric that equals one of the lab's own measures in every
//! game (Reading the Play's `no_winner` flag) is not tested again.

use std::collections::BTreeMap;

use crate::format::Fmt;
use crate::report::{CellReport, Comparison, Effect, Tests};
use crate::stats::DiffTest;
use crate::stats::{Difference, TestResult, mean_difference, share_difference};
use crate::verdict::{Meaningful, Verdict};
use crate::words::{option_words, setting_words, value_words};
use crate::{Cell, CellKind, Grid, LabSpec};

/// Swept option values, in sweep order.
type Swept = Vec<(String, String)>;

/// Groups of cell indices, by what their cells share.
type Groups<K> = BTreeMap<K, Vec<usize>>;

/// Two cells to compare, and how to name them.
struct Pair {
    across: String,
    context: String,
    a: usize,
    b: usize,
    label_a: String,
    label_b: String,
}

/// Who plays, as a grouping key: the line-up's index, or the skill row.
fn who(spec: &LabSpec, c: &Cell) -> String {
    match &c.kind {
        CellKind::Lineup(l) => {
            let i = spec.lineups.iter().position(|x| x == l).unwrap_or(0);
            format!("lineup {i:04}")
        }
        CellKind::Skill { bot, against } => format!("skill {bot} {against}"),
    }
}

/// Pairs of cells in one group: every two members (`every_pair`), or every other member
/// against the first.
fn pairs_of(
    groups: Groups<impl Ord>,
    grid: &Grid,
    (across, every_pair): (&str, bool),
    context: impl Fn(&Cell) -> String,
    label: impl Fn(&Cell) -> String,
    out: &mut Vec<Pair>,
) {
    for idx in groups.into_values() {
        let firsts = if every_pair { idx.len() - 1 } else { 1 };
        for (i, &a) in idx.iter().enumerate().take(firsts) {
            let (a, b) = (&grid.cells[a], &idx[i + 1..]);
            for &b in b {
                let b = &grid.cells[b];
                out.push(Pair {
                    across: across.to_owned(),
                    context: context(a),
                    a: a.index,
                    b: b.index,
                    label_a: label(a),
                    label_b: label(b),
                });
            }
        }
    }
}

fn pairs(grid: &Grid, spec: &LabSpec) -> Vec<Pair> {
    let mut out = Vec::new();
    for (j, sweep) in spec.sweeps.iter().enumerate() {
        let mut groups: Groups<(u8, Swept, String)> = BTreeMap::new();
        // Ladder rungs play one setup only: nothing to compare across values.
        for c in grid.cells.iter().filter(|c| c.rung.is_none()) {
            let mut rest = c.swept.clone();
            rest.remove(j);
            groups
                .entry((c.players, rest, who(spec, c)))
                .or_default()
                .push(c.index);
        }
        let context = |c: &Cell| {
            let mut parts = vec![crate::grid::players_label(c.players)];
            parts.extend(
                c.swept
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != j)
                    .map(|(_, (k, v))| setting_words(grid.options, k, v)),
            );
            parts.push(c.lineup_label());
            parts.join(" · ")
        };
        let label = |c: &Cell| value_words(grid.options, &sweep.option, &c.swept[j].1);
        let across = option_words(&sweep.option);
        pairs_of(groups, grid, (&across, true), context, label, &mut out);
    }
    let mut groups: Groups<(u8, Swept)> = BTreeMap::new();
    for c in grid.cells.iter().filter(|c| !c.is_skill()) {
        groups
            .entry((c.players, c.swept.clone()))
            .or_default()
            .push(c.index);
    }
    pairs_of(
        groups,
        grid,
        ("line-up", false),
        Cell::setup_label,
        Cell::lineup_label,
        &mut out,
    );
    let mut groups: Groups<(Swept, String)> = BTreeMap::new();
    for c in &grid.cells {
        groups
            .entry((c.swept.clone(), who(spec, c)))
            .or_default()
            .push(c.index);
    }
    let context = |c: &Cell| {
        let mut parts: Vec<String> = c
            .swept
            .iter()
            .map(|(k, v)| setting_words(grid.options, k, v))
            .collect();
        parts.push(c.lineup_label());
        parts.join(" · ")
    };
    let label = |c: &Cell| crate::grid::players_label(c.players);
    pairs_of(
        groups,
        grid,
        ("player count", false),
        context,
        label,
        &mut out,
    );
    out
}

/// Compares every pair on every measure they share; each comparison is one test of `tests`.
pub(crate) fn compare(
    grid: &Grid,
    spec: &LabSpec,
    cells: &[CellReport],
    meaningful: Meaningful,
    tests: &mut Tests,
) -> Vec<Comparison> {
    let mut out = Vec::new();
    for pair in pairs(grid, spec) {
        let (a, b) = (&cells[pair.a], &cells[pair.b]);
        if a.games < 2 || b.games < 2 {
            continue;
        }
        let mut push = |measure: String, d: Option<Difference>, fmt: Fmt, m: f64| {
            let Some(d) = d else { return };
            let mut comparison = Comparison {
                measure: measure.clone(),
                across: pair.across.clone(),
                context: pair.context.clone(),
                cells: vec![a.id.clone(), b.id.clone()],
                labels: vec![pair.label_a.clone(), pair.label_b.clone()],
                values: vec![d.a, d.b],
                fmt,
                test: None,
                difference: d.estimate,
                ci95: d.ci95,
                mde: d.mde,
                meaningful: m,
                verdict: Verdict::SameInEveryGame,
            };
            if d.test == DiffTest::Exact {
                // One value in every game of each setting: nothing to test.
                out.push(comparison);
                return;
            }
            let question = format!(
                "{}: does {} instead of {} change {measure}?",
                pair.context, pair.label_b, pair.label_a
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
                meaningful: m,
            };
            let games = a.games + b.games;
            comparison.test = Some(tests.add_effect(d.test.name(), question, r, games, e));
            // Set once Holm's correction is known.
            comparison.verdict = Verdict::CantTell;
            out.push(comparison);
        };
        let shares = |x1: f64, x2: f64| share_difference(x1, a.games as f64, x2, b.games as f64);
        let means = |da: &crate::stats::Dist, db: &crate::stats::Dist| {
            mean_difference(
                da.n as f64,
                da.mean,
                da.var(),
                db.n as f64,
                db.mean,
                db.var(),
            )
        };
        if let (Some(sa), Some(sb)) = (&a.skill, &b.skill) {
            if sa.against.is_some() && sb.against.is_some() {
                let d = mean_difference(
                    a.games as f64,
                    sa.edge,
                    sa.edge_sd * sa.edge_sd,
                    b.games as f64,
                    sb.edge,
                    sb.edge_sd * sb.edge_sd,
                );
                push("the skill edge".into(), d, Fmt::Points, meaningful.points);
            }
            continue;
        }
        if a.players == b.players && a.players >= 2 {
            // At 2 players with a winner in every game, seat 2's share is 1 less seat 1's: the
            // same question, asked once.
            let last = usize::from(a.players == 2 && a.no_winner + b.no_winner == 0);
            for (sa, sb) in a.seats.iter().zip(&b.seats).take(a.seats.len() - last) {
                let d = shares(
                    sa.win_rate.value * a.games as f64,
                    sb.win_rate.value * b.games as f64,
                );
                push(
                    format!("seat {}'s win rate", sa.seat),
                    d,
                    Fmt::Percent,
                    meaningful.points,
                );
            }
        }
        // At the same table size only: an equal share is not the same at another.
        let first = (a.positions.first(), b.positions.first());
        if let (Some(pa), Some(pb), true) = (first.0, first.1, a.players == b.players) {
            let d = shares(
                pa.win_rate.value * a.games as f64,
                pb.win_rate.value * b.games as f64,
            );
            push(
                "the first player's win rate".into(),
                d,
                Fmt::Percent,
                meaningful.points,
            );
        }
        if a.capped + b.capped > 0 {
            let d = shares(a.capped as f64, b.capped as f64);
            push(
                "games stopped by a safety cap".into(),
                d,
                Fmt::Percent,
                meaningful.points,
            );
        }
        if a.no_winner + b.no_winner > 0 {
            let d = shares(a.no_winner as f64, b.no_winner as f64);
            push(
                "games with no winner".into(),
                d,
                Fmt::Percent,
                meaningful.points,
            );
        }
        if a.shared_win + b.shared_win > 0 {
            let d = shares(a.shared_win as f64, b.shared_win as f64);
            push(
                "games with a shared win".into(),
                d,
                Fmt::Percent,
                meaningful.points,
            );
        }
        let m = meaningful.of_mean(a.actions.mean, b.actions.mean);
        push(
            "game length (actions per game)".into(),
            means(&a.actions, &b.actions),
            Fmt::Decimal1,
            m,
        );
        if a.players >= 2 && b.players >= 2 {
            let m = meaningful.of_mean(a.margin.mean, b.margin.mean);
            push(
                "winning margin (points)".into(),
                means(&a.margin, &b.margin),
                Fmt::Decimal1,
                m,
            );
        }
        for ma in &a.metrics {
            let Some(mb) = b.metrics.iter().find(|x| x.id == ma.id) else {
                continue;
            };
            if ma.same_as.is_some() && ma.same_as == mb.same_as {
                continue;
            }
            let (d, fmt, m) = if ma.kind == "rate" && mb.kind == "rate" {
                let ones = |x: &crate::MetricReport| (x.mean * x.games as f64).round();
                let d = share_difference(ones(ma), ma.games as f64, ones(mb), mb.games as f64);
                (d, Fmt::Percent, meaningful.points)
            } else {
                let d = mean_difference(
                    ma.games as f64,
                    ma.mean,
                    ma.sd * ma.sd,
                    mb.games as f64,
                    mb.mean,
                    mb.sd * mb.sd,
                );
                if ma.bounded && mb.bounded {
                    (d, Fmt::Percent, meaningful.points)
                } else {
                    (d, Fmt::Decimal2, meaningful.of_mean(ma.mean, mb.mean))
                }
            };
            push(ma.label.clone(), d, fmt, m);
        }
    }
    out
}
