//! The report's numbers as CSV files, one per table, for spreadsheets: every number of the
//! HTML page, unrounded.

use std::path::Path;

use crate::LabError;
use crate::report::Report;

fn opts(c: &crate::CellReport) -> String {
    c.options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn f(v: f64) -> String {
    v.to_string()
}

fn io(path: &Path) -> impl Fn(csv::Error) -> LabError + '_ {
    move |e| LabError::Io {
        path: path.display().to_string(),
        source: std::io::Error::other(e),
    }
}

fn write(path: &Path, header: &[&str], rows: Vec<Vec<String>>) -> Result<(), LabError> {
    let mut w = csv::Writer::from_path(path).map_err(io(path))?;
    w.write_record(header).map_err(io(path))?;
    for r in rows {
        w.write_record(&r).map_err(io(path))?;
    }
    w.flush().map_err(|e| LabError::Io {
        path: path.display().to_string(),
        source: e,
    })
}

/// Writes `seats.csv`, `cells.csv`, `metrics.csv`, `skill.csv`, `cards.csv` (with cards),
/// `ladder.csv` (with a ladder), `comparisons.csv` and
/// `tests.csv` into `dir`.
///
/// # Errors
/// A file that cannot be written.
pub fn write_csv(dir: &Path, r: &Report) -> Result<(), LabError> {
    let mut seats = Vec::new();
    let mut cells = Vec::new();
    let mut metrics = Vec::new();
    let mut skill = Vec::new();
    for c in &r.cells {
        for s in &c.seats {
            seats.push(vec![
                c.id.clone(),
                c.players.to_string(),
                opts(c),
                c.lineup.clone(),
                s.seat.to_string(),
                s.bot.clone(),
                c.games.to_string(),
                f(s.win_rate.value),
                f(s.win_rate.ci95[0]),
                f(s.win_rate.ci95[1]),
                s.sole_wins.to_string(),
                f(s.score.mean),
                f(s.score.sd),
                f(s.score.min),
                f(s.score.median),
                f(s.score.max),
            ]);
        }
        cells.push(vec![
            c.id.clone(),
            c.kind.to_owned(),
            c.players.to_string(),
            opts(c),
            c.lineup.clone(),
            c.games.to_string(),
            c.planned.to_string(),
            c.sole_winner.to_string(),
            c.shared_win.to_string(),
            c.no_winner.to_string(),
            f(c.no_winner_rate.value),
            f(c.no_winner_rate.ci95[0]),
            f(c.no_winner_rate.ci95[1]),
            f(c.fair_share),
            f(c.spread),
            c.seat_test.clone().unwrap_or_default(),
            f(c.actions.mean),
            f(c.actions.sd),
            f(c.actions.median),
            f(c.actions.min),
            f(c.actions.max),
            f(c.rounds.mean),
            f(c.minutes.mean),
            f(c.minutes.median),
            c.margin.n.to_string(),
            f(c.margin.mean),
            f(c.margin.median),
            f(c.margin.max),
        ]);
        for m in &c.metrics {
            metrics.push(vec![
                c.id.clone(),
                c.players.to_string(),
                opts(c),
                c.lineup.clone(),
                m.id.clone(),
                m.label.clone(),
                m.kind.to_owned(),
                m.games.to_string(),
                f(m.mean),
                f(m.sd),
                f(m.ci95[0]),
                f(m.ci95[1]),
            ]);
        }
        if let Some(s) = &c.skill {
            skill.push(vec![
                c.id.clone(),
                c.players.to_string(),
                opts(c),
                s.bot.clone(),
                s.against.clone().unwrap_or_default(),
                c.games.to_string(),
                f(s.win_rate.value),
                f(s.win_rate.ci95[0]),
                f(s.win_rate.ci95[1]),
                f(s.fair_share),
                f(s.edge),
                f(s.edge_ci95[0]),
                f(s.edge_ci95[1]),
                f(s.score_mean),
                s.others_score_mean.map(f).unwrap_or_default(),
                s.test.clone().unwrap_or_default(),
            ]);
        }
    }
    let opt = |v: Option<f64>| v.map(f).unwrap_or_default();
    let verdict = |v: Option<crate::Verdict>| v.map(|v| v.words().to_owned()).unwrap_or_default();
    // One row per comparison: the two settings, the difference, its interval, the smallest
    // difference the study could detect, the meaningful size and the verdict.
    let comparisons = r
        .comparisons
        .iter()
        .map(|c| {
            let t = r.tests.iter().find(|t| Some(&t.id) == c.test.as_ref());
            vec![
                c.test.clone().unwrap_or_default(),
                c.context.clone(),
                c.across.clone(),
                c.measure.clone(),
                c.cells[0].clone(),
                c.labels[0].clone(),
                f(c.values[0]),
                c.cells[1].clone(),
                c.labels[1].clone(),
                f(c.values[1]),
                f(c.difference),
                f(c.ci95[0]),
                f(c.ci95[1]),
                f(c.mde),
                f(c.meaningful),
                t.map(|t| t.name.clone()).unwrap_or_default(),
                t.map(|t| f(t.p)).unwrap_or_default(),
                t.map(|t| f(t.p_holm)).unwrap_or_default(),
                c.verdict.words().to_owned(),
            ]
        })
        .collect();
    let tests = r
        .tests
        .iter()
        .map(|t| {
            vec![
                t.id.clone(),
                t.name.clone(),
                t.question.clone(),
                t.statistic.map(f).unwrap_or_default(),
                f(t.df),
                t.df2.map(f).unwrap_or_default(),
                t.games.to_string(),
                f(t.p),
                f(t.p_holm),
                t.significant.to_string(),
                opt(t.effect),
                opt(t.effect_ci95.map(|c| c[0])),
                opt(t.effect_ci95.map(|c| c[1])),
                opt(t.mde),
                opt(t.meaningful),
                verdict(t.verdict),
            ]
        })
        .collect();
    write(
        &dir.join("seats.csv"),
        &[
            "cell",
            "players",
            "options",
            "lineup",
            "seat",
            "bot",
            "games",
            "win_rate",
            "win_rate_lo95",
            "win_rate_hi95",
            "sole_wins",
            "score_mean",
            "score_sd",
            "score_min",
            "score_median",
            "score_max",
        ],
        seats,
    )?;
    write(
        &dir.join("cells.csv"),
        &[
            "cell",
            "kind",
            "players",
            "options",
            "lineup",
            "games",
            "planned",
            "sole_winner",
            "shared_win",
            "no_winner",
            "no_winner_rate",
            "no_winner_lo95",
            "no_winner_hi95",
            "fair_share",
            "spread",
            "seat_test",
            "actions_mean",
            "actions_sd",
            "actions_median",
            "actions_min",
            "actions_max",
            "rounds_mean",
            "minutes_mean",
            "minutes_median",
            "margin_games",
            "margin_mean",
            "margin_median",
            "margin_max",
        ],
        cells,
    )?;
    write(
        &dir.join("metrics.csv"),
        &[
            "cell", "players", "options", "lineup", "metric", "label", "kind", "games", "mean",
            "sd", "lo95", "hi95",
        ],
        metrics,
    )?;
    write(
        &dir.join("skill.csv"),
        &[
            "cell",
            "players",
            "options",
            "bot",
            "against",
            "games",
            "win_rate",
            "win_rate_lo95",
            "win_rate_hi95",
            "fair_share",
            "edge",
            "edge_lo95",
            "edge_hi95",
            "score_mean",
            "others_score_mean",
            "test",
        ],
        skill,
    )?;
    if let Some(rows) = crate::cards_html::csv_rows(r) {
        write(&dir.join("cards.csv"), crate::cards_html::CSV_HEADER, rows)?;
    }
    if let Some(l) = &r.ladder {
        let rows = l
            .rungs
            .iter()
            .map(|g| {
                let w = |k: usize| {
                    g.win_rate
                        .map_or(String::new(), |w| f([w.value, w.ci95[0], w.ci95[1]][k]))
                };
                vec![
                    g.bot.clone(),
                    l.against.clone(),
                    g.games.to_string(),
                    w(0),
                    w(1),
                    w(2),
                    f(g.fair_share),
                    f(g.edge),
                    f(g.edge_ci95[0]),
                    f(g.edge_ci95[1]),
                    f(g.score_mean),
                    f(g.score_ci95[0]),
                    f(g.score_ci95[1]),
                ]
            })
            .collect();
        write(
            &dir.join("ladder.csv"),
            &[
                "bot",
                "against",
                "games",
                "win_rate",
                "win_rate_lo95",
                "win_rate_hi95",
                "fair_share",
                "edge",
                "edge_lo95",
                "edge_hi95",
                "score_mean",
                "score_lo95",
                "score_hi95",
            ],
            rows,
        )?;
    }
    write(
        &dir.join("comparisons.csv"),
        &[
            "test",
            "context",
            "across",
            "measure",
            "cell_a",
            "label_a",
            "value_a",
            "cell_b",
            "label_b",
            "value_b",
            "difference",
            "lo95",
            "hi95",
            "mde",
            "meaningful",
            "test_name",
            "p",
            "p_holm",
            "verdict",
        ],
        comparisons,
    )?;
    write(
        &dir.join("tests.csv"),
        &[
            "test",
            "name",
            "question",
            "statistic",
            "df",
            "df2",
            "games",
            "p",
            "p_holm",
            "significant",
            "effect",
            "effect_lo95",
            "effect_hi95",
            "mde",
            "meaningful",
            "verdict",
        ],
        tests,
    )
}
