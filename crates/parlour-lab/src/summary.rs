//! The report's summary in plain words: the differences that are significant (with the test
//! used), those that are not, and plain facts (games with no winner, game length).
//!
//! Each sentence is kept as parts: text, and numbers that name the place in the report's JSON
//! they come from, so the HTML can mark every number with its source and a test can check them.

use std::cmp::Ordering;

use serde::Serialize;

use crate::format::Fmt;
use crate::report::{CellReport, Comparison, Report, SeatReport, Test};
use crate::verdict::Verdict;

/// What kind of line of the summary.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// A difference that is significant after Holm's correction.
    Significant,
    /// A difference the study looked for and did not find.
    NotSignificant,
    /// A fact, not a test.
    Fact,
}

/// A piece of a summary line.
#[derive(Clone, PartialEq, Debug)]
pub enum Part {
    /// Words.
    Text(String),
    /// A text of the report (a label): its JSON pointer and the text.
    Label {
        /// JSON pointer into the report.
        pointer: String,
        /// The text.
        text: String,
    },
    /// A number of the report: its JSON pointer, value and format.
    Num {
        /// JSON pointer into the report (`/cells/0/seats/0/win_rate/value`).
        pointer: String,
        /// The value.
        value: f64,
        /// How it is written.
        fmt: Fmt,
    },
}

impl Part {
    /// The part as text.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Part::Text(t) | Part::Label { text: t, .. } => t.clone(),
            Part::Num { value, fmt, .. } => fmt.show(*value),
        }
    }
}

/// One line of the summary.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Finding {
    /// What kind of line.
    pub kind: FindingKind,
    /// The sentence.
    pub text: String,
    /// The sentence in parts (for the HTML).
    #[serde(skip)]
    pub parts: Vec<Part>,
}

/// A sentence under construction.
#[derive(Default)]
struct Line(Vec<Part>);

impl Line {
    fn t(mut self, text: impl Into<String>) -> Self {
        let text = text.into();
        if let Some(Part::Text(last)) = self.0.last_mut() {
            last.push_str(&text);
        } else {
            self.0.push(Part::Text(text));
        }
        self
    }

    fn l(mut self, pointer: String, text: &str) -> Self {
        self.0.push(Part::Label {
            pointer,
            text: text.to_owned(),
        });
        self
    }

    fn n(mut self, pointer: String, value: f64, fmt: Fmt) -> Self {
        self.0.push(Part::Num {
            pointer,
            value,
            fmt,
        });
        self
    }

    /// `p = 0.012` or `p < 0.0001`, the adjusted p of test `i`.
    fn p(self, tests: &[Test], id: &str) -> Self {
        let (i, t) = test(tests, id);
        let shown = Fmt::PValue.show(t.p_holm);
        let s = if shown.starts_with('<') {
            self.t("p ")
        } else {
            self.t("p = ")
        };
        s.n(format!("/tests/{i}/p_holm"), t.p_holm, Fmt::PValue)
    }

    /// A rate with its interval: `38.2% (36.1–40.3%)`.
    fn rate(self, pointer: &str, value: f64, ci: [f64; 2]) -> Self {
        self.n(format!("{pointer}/value"), value, Fmt::Percent)
            .t(" (")
            .n(format!("{pointer}/ci95/0"), ci[0], Fmt::Percent)
            .t("–")
            .n(format!("{pointer}/ci95/1"), ci[1], Fmt::Percent)
            .t(")")
    }

    fn done(self, kind: FindingKind) -> Finding {
        let text = self.0.iter().map(Part::text).collect();
        Finding {
            kind,
            text,
            parts: self.0,
        }
    }
}

fn test<'a>(tests: &'a [Test], id: &str) -> (usize, &'a Test) {
    tests
        .iter()
        .enumerate()
        .find(|(_, t)| t.id == id)
        .expect("every test id refers to a test of the report")
}

fn kind_of(t: &Test) -> FindingKind {
    if t.verdict == Some(Verdict::ClearDifference) || (t.verdict.is_none() && t.significant) {
        FindingKind::Significant
    } else {
        FindingKind::NotSignificant
    }
}

/// How a difference of values written `fmt` is written.
pub(crate) fn diff_fmt(fmt: Fmt) -> Fmt {
    if fmt == Fmt::Percent {
        Fmt::Points
    } else {
        fmt
    }
}

/// `+7.7 points` or `−2.1 points`: a signed difference.
fn signed(l: Line, pointer: String, value: f64, fmt: Fmt) -> Line {
    let l = if value > 0.0 { l.t("+") } else { l };
    l.n(pointer, value, fmt)
}

/// One plain sentence per comparison (`report.comparisons`, tests final): the difference
/// with its interval, the verdict and the smallest difference the study could detect. The
/// designer's question first (the swept options and line-ups), then the player counts; within
/// each, clear differences first, then those the study cannot tell, then those too small to
/// matter, then measures that were the same in every game.
#[must_use]
pub fn answers(report: &Report) -> Vec<Finding> {
    let mut out: Vec<((bool, u8), Finding)> = report
        .comparisons
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let rank = match c.verdict {
                Verdict::ClearDifference => 0,
                Verdict::CantTell => 1,
                Verdict::NoMeaningfulDifference => 2,
                Verdict::SameInEveryGame => 3,
            };
            ((c.across == "player count", rank), answer(report, k, c))
        })
        .collect();
    out.sort_by_key(|(rank, _)| *rank);
    out.into_iter().map(|(_, f)| f).collect()
}

/// `monosign run bonus any sign: on instead of off (4 players · greedy)`: what changes first,
/// then what stays.
fn question(c: &Comparison, k: usize) -> Line {
    let at = |f: &str| format!("/comparisons/{k}/{f}");
    Line::default()
        .l(at("across"), &c.across)
        .t(": ")
        .l(at("labels/1"), &c.labels[1])
        .t(" instead of ")
        .l(at("labels/0"), &c.labels[0])
        .t(" (")
        .l(at("context"), &c.context)
        .t(")")
}

fn answer(report: &Report, k: usize, c: &Comparison) -> Finding {
    let at = |f: &str| format!("/comparisons/{k}/{f}");
    let fmt = diff_fmt(c.fmt);
    let Some(id) = &c.test else {
        // Every game of each setting gave one value: a fact of the rules, not a finding.
        let l = question(c, k);
        let l = if c.difference.abs() <= 1e-9 * c.values[0].abs().max(1.0) {
            l.t(": no difference in ")
                .l(at("measure"), &c.measure)
                .t(" (the same in every game: ")
                .n(at("values/0"), c.values[0], c.fmt)
                .t(").")
        } else {
            l.t(" changes ")
                .l(at("measure"), &c.measure)
                .t(" from ")
                .n(at("values/0"), c.values[0], c.fmt)
                .t(" to ")
                .n(at("values/1"), c.values[1], c.fmt)
                .t(" in every game: a fixed difference, not a finding.")
        };
        return l.done(FindingKind::NotSignificant);
    };
    let mut l = question(c, k)
        .t(" changes ")
        .l(at("measure"), &c.measure)
        .t(" by ");
    l = signed(l, at("difference"), c.difference, fmt).t(" (");
    l = signed(l, at("ci95/0"), c.ci95[0], fmt).t(" to ");
    l = signed(l, at("ci95/1"), c.ci95[1], fmt).t("): ");
    l = match c.verdict {
        Verdict::ClearDifference => l.t("a clear difference"),
        Verdict::NoMeaningfulDifference => l
            .t("no meaningful difference (within ±")
            .n(at("meaningful"), c.meaningful, fmt)
            .t(")"),
        Verdict::CantTell => l
            .t("can't tell (a meaningful difference is ±")
            .n(at("meaningful"), c.meaningful, fmt)
            .t(")"),
        Verdict::SameInEveryGame => l.t("the same in every game"),
    };
    l = l
        .t("; this study could detect ±")
        .n(at("mde"), c.mde, fmt)
        .t(" (");
    let (_, t) = test(&report.tests, id);
    l = l
        .t(format!("{}, ", t.name))
        .p(&report.tests, id)
        .t(" after Holm's correction).");
    let kind = if c.verdict == Verdict::ClearDifference {
        FindingKind::Significant
    } else {
        FindingKind::NotSignificant
    };
    l.done(kind)
}

/// The verdict's words and the detectable size (written `fmt`), for the seat and skill lines.
fn verdict_tail(l: Line, tests: &[Test], id: &str, fmt: Fmt) -> Line {
    let (i, t) = test(tests, id);
    let (Some(v), Some(mde)) = (t.verdict, t.mde) else {
        return l;
    };
    l.t(format!(
        " Verdict: {}; this study could detect ±",
        v.words()
    ))
    .n(format!("/tests/{i}/mde"), mde, fmt)
    .t(".")
}

/// The summary of `report` (its tests must be final).
#[must_use]
pub fn summarise(report: &Report) -> Vec<Finding> {
    let mut out = Vec::new();
    let tests = &report.tests;
    for (ci, c) in report.cells.iter().enumerate() {
        if let Some(id) = &c.seat_test {
            out.push(seat_line(ci, c, tests, id));
        }
    }
    for (ci, c) in report
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == "skill")
    {
        if let Some(line) = skill_line(ci, c, tests) {
            out.push(line);
        }
    }
    for (ci, c) in report.cells.iter().enumerate() {
        if c.kind != "lineup" || c.games == 0 {
            continue;
        }
        let base = format!("/cells/{ci}");
        let mut l = Line::default()
            .l(format!("{base}/label"), &c.label)
            .t(": a game lasts ")
            .n(
                format!("{base}/actions/mean"),
                c.actions.mean,
                Fmt::Decimal1,
            )
            .t(" actions on average, about ")
            .n(
                format!("{base}/minutes/mean"),
                c.minutes.mean,
                Fmt::Decimal1,
            )
            .t(" minutes at ")
            .n("/spec/pace".into(), report.spec.pace, Fmt::Decimal1)
            .t(" seconds per action, over ")
            .n(format!("{base}/rounds/mean"), c.rounds.mean, Fmt::Decimal1)
            .t(" rounds.");
        if let Some(d) = &c.minutes_uncapped {
            // Capped games are stopped, not finished: their length is the cap's.
            l = l
                .t(" But ")
                .n(format!("{base}/capped"), c.capped as f64, Fmt::Count)
                .t(" of these games were stopped by a safety cap; the games that finished last ")
                .n(
                    format!("{base}/minutes_uncapped/median"),
                    d.median,
                    Fmt::Decimal1,
                )
                .t(" minutes (median).");
        }
        if c.no_winner > 0 {
            l = l
                .t(" ")
                .rate(
                    &format!("{base}/no_winner_rate"),
                    c.no_winner_rate.value,
                    c.no_winner_rate.ci95,
                )
                .t(" of games end with no winner.");
        }
        if c.shared_win > 0 {
            l = l
                .t(" ")
                .n(
                    format!("{base}/shared_win"),
                    c.shared_win as f64,
                    Fmt::Count,
                )
                .t(" of ")
                .n(format!("{base}/games"), c.games as f64, Fmt::Count)
                .t(" games end in a shared win.");
        }
        out.push(l.done(FindingKind::Fact));
    }
    // Significant first, then not significant, then facts; report order within each.
    out.sort_by_key(|f| match f.kind {
        FindingKind::Significant => 0,
        FindingKind::NotSignificant => 1,
        FindingKind::Fact => 2,
    });
    out
}

/// The seat with the highest (`Greater`) or lowest (`Less`) win rate; the first such seat on ties.
fn extreme_seat(seats: &[SeatReport], want: Ordering) -> usize {
    let mut pick = 0;
    for (i, s) in seats.iter().enumerate().skip(1) {
        if s.win_rate.value.total_cmp(&seats[pick].win_rate.value) == want {
            pick = i;
        }
    }
    pick
}

fn seat_line(ci: usize, c: &CellReport, tests: &[Test], id: &str) -> Finding {
    let (_, t) = test(tests, id);
    let best = extreme_seat(&c.seats, Ordering::Greater);
    let worst = extreme_seat(&c.seats, Ordering::Less);
    let seat = |l: Line, i: usize| {
        let s = &c.seats[i];
        l.t("seat ")
            .n(
                format!("/cells/{ci}/seats/{i}/seat"),
                f64::from(s.seat),
                Fmt::Count,
            )
            .t(" wins ")
            .rate(
                &format!("/cells/{ci}/seats/{i}/win_rate"),
                s.win_rate.value,
                s.win_rate.ci95,
            )
    };
    let mut l = Line::default()
        .l(format!("/cells/{ci}/label"), &c.label)
        .t(": ");
    l = match t.verdict {
        Some(Verdict::ClearDifference) => l.t("the seats do not win equally: "),
        Some(Verdict::NoMeaningfulDifference) => l.t("no meaningful seat advantage: "),
        _ if t.significant => l.t("the seats do not win equally: "),
        _ => l.t("can't tell whether a seat is favoured: "),
    };
    l = seat(l, best).t(" and ");
    l = seat(l, worst).t(", against an equal share of ");
    l = l
        .n(
            format!("/cells/{ci}/fair_share"),
            c.fair_share,
            Fmt::Percent,
        )
        .t(format!(" ({} on ", t.name))
        .n(
            format!("/cells/{ci}/sole_winner"),
            c.sole_winner as f64,
            Fmt::Count,
        )
        .t(" games with one winner, ")
        .p(tests, id)
        .t(" after Holm's correction).");
    verdict_tail(l, tests, id, Fmt::Points).done(kind_of(t))
}

fn skill_line(ci: usize, c: &CellReport, tests: &[Test]) -> Option<Finding> {
    let s = c.skill.as_ref()?;
    let id = s.test.as_ref()?;
    let (_, t) = test(tests, id);
    let base = format!("/cells/{ci}/skill");
    let mut l = Line::default()
        .l(format!("/cells/{ci}/setup"), &c.setup)
        .t(" · ")
        .l(format!("/cells/{ci}/lineup"), &c.lineup);
    if s.against.is_some() {
        l = l
            .t(" wins ")
            .rate(
                &format!("{base}/win_rate"),
                s.win_rate.value,
                s.win_rate.ci95,
            )
            .t(", where a player as good as the others would win ")
            .n(format!("{base}/fair_share"), s.fair_share, Fmt::Percent);
        let clear = t.verdict == Some(Verdict::ClearDifference);
        l = if clear && s.edge >= 0.0 {
            l.t(": skill matters, ")
                .n(format!("{base}/edge"), s.edge, Fmt::Points)
                .t(" more (")
        } else if clear {
            l.t(": the stronger bot does worse here, ")
                .n(format!("{base}/edge"), s.edge, Fmt::Points)
                .t(" (")
        } else if t.verdict == Some(Verdict::NoMeaningfulDifference) {
            l.t(": skill makes no meaningful difference (")
        } else {
            l.t(": can't tell whether skill matters (")
        };
    } else {
        let others = s.others_score_mean.unwrap_or(0.0);
        l = l
            .t(" scores ")
            .n(format!("{base}/score_mean"), s.score_mean, Fmt::Decimal2)
            .t(" on average, against ")
            .n(format!("{base}/others_score_mean"), others, Fmt::Decimal2)
            .t(" for the study's first line-up");
        l = match t.verdict {
            Some(Verdict::ClearDifference) => l.t(": the choice of bot changes the score by "),
            Some(Verdict::NoMeaningfulDifference) => {
                l.t(": no meaningful difference between the bots, ")
            }
            _ => l.t(": can't tell whether the choice of bot matters, "),
        };
        // The score's change from the line-up's, with its interval.
        if let (Some(e), Some(ci)) = (t.effect, t.effect_ci95) {
            let (i, _) = test(tests, id);
            l = signed(l, format!("/tests/{i}/effect"), e, Fmt::Decimal2).t(" (");
            l = signed(l, format!("/tests/{i}/effect_ci95/0"), ci[0], Fmt::Decimal2).t(" to ");
            l = signed(l, format!("/tests/{i}/effect_ci95/1"), ci[1], Fmt::Decimal2).t("; ");
        } else {
            l = l.t("(");
        }
    }
    l = l
        .t(format!("{}, ", t.name))
        .p(tests, id)
        .t(" after Holm's correction).");
    let fmt = if s.against.is_some() {
        Fmt::Points
    } else {
        Fmt::Decimal2
    };
    Some(verdict_tail(l, tests, id, fmt).done(kind_of(t)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Rate;
    use crate::stats::Dist;

    fn seats(rates: &[f64]) -> Vec<SeatReport> {
        rates
            .iter()
            .zip(1..)
            .map(|(&value, seat)| SeatReport {
                seat,
                bot: "greedy".into(),
                win_rate: Rate {
                    value,
                    ci95: [value, value],
                },
                sole_wins: 0,
                score: Dist::of(&[0.0]),
            })
            .collect()
    }

    #[test]
    fn best_and_worst_seats_take_the_first_on_ties() {
        let s = seats(&[0.2, 0.4, 0.1, 0.4, 0.1]);
        assert_eq!(extreme_seat(&s, Ordering::Greater), 1);
        assert_eq!(extreme_seat(&s, Ordering::Less), 2);
        let level = seats(&[0.25; 4]);
        assert_eq!(extreme_seat(&level, Ordering::Greater), 0);
        assert_eq!(extreme_seat(&level, Ordering::Less), 0);
    }
}
