//! The skill ladder: each rung's share of the win (or mean score, alone at the table) against
//! one field on the same deals, and which rung is the strongest tested.

use serde::Serialize;

use crate::stats::Dist;
use crate::{CellReport, GameRow, Grid, Rate};

/// One rung of the ladder.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct RungReport {
    /// The bot.
    pub bot: String,
    /// Its cell's id (`c7`).
    pub cell: String,
    /// Games played.
    pub games: u64,
    /// Its share of the win, with a 95% Wilson interval (with others at the table).
    pub win_rate: Option<Rate>,
    /// An equal share of the won games.
    pub fair_share: f64,
    /// `win_rate - fair_share`.
    pub edge: f64,
    /// The edge's 95% interval.
    pub edge_ci95: [f64; 2],
    /// Its mean final score.
    pub score_mean: f64,
    /// The mean score's 95% t interval.
    pub score_ci95: [f64; 2],
}

/// The skill ladder of a study.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct LadderReport {
    /// The setup it was played on, in words.
    pub setup: String,
    /// The bot in the other seats.
    pub against: String,
    /// Alone at the table: rungs are ranked by mean score, not by win share.
    pub solo: bool,
    /// The rungs, in the order asked.
    pub rungs: Vec<RungReport>,
    /// The rung with the highest win share (or mean score), if any rung played.
    pub strongest: Option<String>,
    /// The runner-up.
    pub next: Option<String>,
    /// Whether the strongest is clearly above the runner-up: the 95% interval of their
    /// difference (per game, Welch) lies above 0.
    pub clearly_strongest: bool,
    /// The finding in words.
    pub sentence: String,
}

/// The ladder of `grid`'s rung cells, from their rows and their skill reports.
pub(crate) fn ladder_report(
    grid: &Grid,
    by_cell: &[&[GameRow]],
    cells: &[CellReport],
    against: &str,
) -> Option<LadderReport> {
    let mut rungs = Vec::new();
    // Per rung, the per-game value it is ranked by.
    let mut values: Vec<Dist> = Vec::new();
    let mut setup = String::new();
    let mut solo = false;
    for cell in grid.cells.iter().filter(|c| c.rung.is_some()) {
        let report = &cells[cell.index];
        let skill = report.skill.as_ref()?;
        let rows = by_cell[cell.index];
        setup = report.setup.clone();
        solo = cell.players == 1;
        let seat = |r: &GameRow| usize::from(cell.skilled_seat(r.game).unwrap_or(0));
        let per_game: Vec<f64> = rows
            .iter()
            .map(|r| {
                let s = seat(r);
                if solo {
                    f64::from(r.scores[s])
                } else if r.won(s as u8) {
                    1.0 / f64::from(r.winner_count())
                } else {
                    0.0
                }
            })
            .collect();
        let scores: Vec<f64> = rows.iter().map(|r| f64::from(r.scores[seat(r)])).collect();
        let score = Dist::of(&scores);
        rungs.push(RungReport {
            bot: skill.bot.clone(),
            cell: report.id.clone(),
            games: rows.len() as u64,
            win_rate: (!solo).then_some(skill.win_rate),
            fair_share: skill.fair_share,
            edge: skill.edge,
            edge_ci95: skill.edge_ci95,
            score_mean: score.mean,
            score_ci95: score.ci95,
        });
        values.push(Dist::of(&per_game));
    }
    if rungs.is_empty() {
        return None;
    }
    let mut order: Vec<usize> = (0..rungs.len()).filter(|&i| values[i].n > 0).collect();
    order.sort_by(|&a, &b| values[b].mean.total_cmp(&values[a].mean).then(a.cmp(&b)));
    let strongest = order.first().map(|&i| rungs[i].bot.clone());
    let next = order.get(1).map(|&i| rungs[i].bot.clone());
    let clearly_strongest = match (order.first(), order.get(1)) {
        (Some(&a), Some(&b)) => {
            let (x, y) = (&values[a], &values[b]);
            let se = (x.var() / x.n as f64 + y.var() / y.n as f64).sqrt();
            x.mean - y.mean - 1.96 * se > 0.0
        }
        (Some(_), None) => true,
        _ => false,
    };
    let measure = if solo {
        "mean score"
    } else {
        "share of the win"
    };
    let sentence = match (&strongest, &next) {
        (Some(s), Some(n)) if clearly_strongest => format!(
            "strongest tested: {s}, clearly above {n} by {measure} against {against} ({setup})"
        ),
        (Some(s), Some(n)) => format!(
            "strongest tested: {s}, but not clearly above {n} by {measure} against {against} \
             ({setup})"
        ),
        (Some(s), None) => format!("strongest tested: {s} (the only rung played)"),
        _ => "no ladder games were played".to_owned(),
    };
    Some(LadderReport {
        setup,
        against: against.to_owned(),
        solo,
        rungs,
        strongest,
        next,
        clearly_strongest,
        sentence,
    })
}
