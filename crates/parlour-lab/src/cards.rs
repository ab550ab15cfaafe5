//! Which cards swing games: for games that declare card facts ([`parlour_core::Game::card_facts`]),
//! the win rate of a seat that was dealt, held or played a card against a seat that was not.
//!
//! The unit is a seat in a game. Only seats held by the same bot in the same setting count
//! together (a strong bot's seat is not compared with a weak bot's). A seat's win counts 1, a
//! win shared by `k` seats `1/k`, as elsewhere in the report. Each card's difference (with
//! minus without) has Newcombe's interval and the two-proportion z test (Fisher's exact test
//! for small counts); the p-values of one question (dealt, held or played) are adjusted together by
//! Holm's method, a family apart from the rest of the report's tests, so declaring card facts
//! does not change any other verdict. The seats of one game are not independent (when one
//! holds a card the others do not, and one seat's win is the others' loss), which the tests
//! ignore; with several seats the error is small against the spread of one seat's result.

use std::collections::BTreeMap;

use parlour_core::Game;
use serde::Serialize;

use crate::report::{ALPHA, Rate};
use crate::stats::holm;
use crate::stats::{DiffTest, share_difference};
use crate::verdict::{Meaningful, Verdict};
use crate::{GameRow, Grid, LabError, LabResults};

/// The three questions, in report order.
pub(crate) const FACTS: [&str; 3] = ["dealt", "held", "played"];

/// A row's cards for question `f` (an index into [`FACTS`]).
fn facts_of(row: &GameRow, f: usize) -> &Vec<Vec<u16>> {
    match f {
        0 => &row.dealt,
        1 => &row.held,
        _ => &row.played,
    }
}

/// The card names of every cell whose game declares them, and a check that every row's cards
/// are in its cell's catalogue and name every seat.
pub(crate) fn catalogues<G: Game>(
    grid: &Grid,
    rows: &[GameRow],
) -> Result<BTreeMap<u32, Vec<String>>, LabError> {
    let mut out = BTreeMap::new();
    for cell in &grid.cells {
        let names = G::new(cell.players, &cell.options)
            .map(|s| s.card_names())
            .unwrap_or_default();
        if !names.is_empty() {
            out.insert(cell.index as u32, names);
        }
    }
    for row in rows {
        let n = out.get(&row.cell).map_or(0, Vec::len);
        let cell = &grid.cells[row.cell as usize];
        for (f, fact) in FACTS.iter().enumerate() {
            let seats = facts_of(row, f);
            let bad = seats.iter().flatten().any(|&k| usize::from(k) >= n)
                || !(seats.is_empty() || seats.len() == usize::from(cell.players));
            if bad {
                return Err(LabError::Game {
                    cell: cell.label(),
                    game: row.game,
                    seed: cell.game_seed(row.game),
                    reason: format!(
                        "the cards {fact} are not one list per seat of the {n} card names \
                         the game declares for this setup"
                    ),
                });
            }
        }
    }
    Ok(out)
}

/// One card's effect on the win rate of the seats it was dealt to (or played by).
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CardEffect {
    /// The card's name, as the rules print it.
    pub card: String,
    /// Seat-games with the card.
    pub with_n: u64,
    /// Win rate of those seats.
    pub with: Rate,
    /// Seat-games without it.
    pub without_n: u64,
    /// Win rate of those seats.
    pub without: Rate,
    /// `with − without`, as a share.
    pub difference: f64,
    /// Its 95% interval (Newcombe's hybrid score interval).
    pub ci95: [f64; 2],
    /// The smallest difference found with 80% power at the 5% level.
    pub mde: f64,
    /// The test.
    pub test: DiffTest,
    /// The test's z statistic.
    pub statistic: f64,
    /// The two-sided p-value.
    pub p: f64,
    /// Adjusted by Holm's method over every card of the question (`dealt`, `held` or `played`).
    pub p_holm: f64,
    /// `p_holm < ALPHA`.
    pub significant: bool,
    /// What the interval says against the meaningful size.
    pub verdict: Verdict,
}

/// One question in one setting for one bot: does being dealt, holding or playing a card
/// change the win rate of a seat this bot plays?
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CardQuestion {
    /// `dealt`, `held` or `played`.
    pub fact: &'static str,
    /// The cell's id (`c1`, ...).
    pub cell: String,
    /// The setup in words.
    pub setup: String,
    /// The bot whose seats are counted.
    pub bot: String,
    /// Seat-games counted.
    pub seat_games: u64,
    /// Their win rate.
    pub win_rate: Rate,
    /// Every card with seats on both sides, largest effect first.
    pub cards: Vec<CardEffect>,
    /// Cards every counted seat had, or none did: nothing to compare.
    pub untested: Vec<String>,
}

/// The cards section of the report.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CardsReport {
    /// Per question (dealt, held, then played), setting and bot.
    pub questions: Vec<CardQuestion>,
    /// Tests per question (the size of each Holm family), by fact.
    pub family: BTreeMap<&'static str, usize>,
    /// The clear differences in plain sentences, largest first: `[question, card]` indices
    /// and the sentence.
    pub findings: Vec<CardFinding>,
    /// Whether "held" is asked as "dealt": the game declares hands that change only by plays,
    /// so a card held is a card dealt and one question answers both.
    pub held_is_dealt: bool,
}

/// A clear difference in a sentence.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CardFinding {
    /// Index into [`CardsReport::questions`].
    pub question: usize,
    /// Index into that question's cards.
    pub card: usize,
    /// How far the card moves the win rate: the difference, written as a size when it is a
    /// fall (`lowers ... by 6.1 points`).
    pub size: f64,
    /// The interval of that size.
    pub size_ci95: [f64; 2],
    /// The sentence.
    pub text: String,
}

/// Seat-games and win shares, with and without each card.
struct Tally {
    seat_games: u64,
    wins: f64,
    with_n: Vec<u64>,
    with_wins: Vec<f64>,
}

/// The cards section of `results`, or `None` when the game declares no card facts.
pub(crate) fn cards_report(
    grid: &Grid,
    results: &LabResults,
    by_cell: &[&[GameRow]],
    meaningful: Meaningful,
) -> Option<CardsReport> {
    let mut questions = Vec::new();
    for (f, fact) in FACTS.iter().enumerate() {
        for cell in &grid.cells {
            if !cell.asks_about_cards() {
                continue;
            }
            let Some(names) = results.card_names.get(&(cell.index as u32)) else {
                continue;
            };
            // Bots in first-seen seat order, so the report's order is the line-up's.
            let mut tallies: Vec<(String, Tally)> = Vec::new();
            for row in by_cell[cell.index] {
                let seats = facts_of(row, f);
                if seats.is_empty() {
                    continue;
                }
                let k = row.winner_count();
                for (s, cards) in seats.iter().enumerate() {
                    let bot = cell.bot(s as u8, row.game);
                    let i = match tallies.iter().position(|(b, _)| b == bot) {
                        Some(i) => i,
                        None => {
                            tallies.push((
                                bot.to_owned(),
                                Tally {
                                    seat_games: 0,
                                    wins: 0.0,
                                    with_n: vec![0; names.len()],
                                    with_wins: vec![0.0; names.len()],
                                },
                            ));
                            tallies.len() - 1
                        }
                    };
                    let t = &mut tallies[i].1;
                    let share = if row.won(s as u8) {
                        1.0 / f64::from(k)
                    } else {
                        0.0
                    };
                    t.seat_games += 1;
                    t.wins += share;
                    for &c in cards {
                        t.with_n[usize::from(c)] += 1;
                        t.with_wins[usize::from(c)] += share;
                    }
                }
            }
            for (bot, t) in tallies {
                questions.push(question(fact, cell, bot, &t, names, meaningful));
            }
        }
    }
    if questions.is_empty() {
        return None;
    }
    let mut family = BTreeMap::new();
    for fact in FACTS {
        let ps: Vec<f64> = questions
            .iter()
            .filter(|q| q.fact == fact)
            .flat_map(|q| q.cards.iter().map(|c| c.p))
            .collect();
        let mut adjusted = holm(&ps).into_iter();
        for q in questions.iter_mut().filter(|q| q.fact == fact) {
            for c in &mut q.cards {
                c.p_holm = adjusted.next().expect("one per card");
                c.significant = c.p_holm < ALPHA;
                c.verdict = Verdict::of(c.significant, c.ci95, meaningful.points);
            }
        }
        if !ps.is_empty() {
            family.insert(fact, ps.len());
        }
    }
    let mut findings: Vec<CardFinding> = questions
        .iter()
        .enumerate()
        .flat_map(|(qi, q)| {
            q.cards
                .iter()
                .enumerate()
                .filter(|(_, c)| c.verdict == Verdict::ClearDifference)
                .map(move |(ci, c)| {
                    let (size, size_ci95) = size(c);
                    CardFinding {
                        question: qi,
                        card: ci,
                        size,
                        size_ci95,
                        text: sentence(q, c),
                    }
                })
        })
        .collect();
    findings.sort_by(|a, b| b.size.total_cmp(&a.size));
    let asked = |fact: &str| questions.iter().any(|q| q.fact == fact);
    let held_is_dealt = asked("dealt") && !asked("held");
    Some(CardsReport {
        questions,
        family,
        findings,
        held_is_dealt,
    })
}

fn question(
    fact: &'static str,
    cell: &crate::Cell,
    bot: String,
    t: &Tally,
    names: &[String],
    meaningful: Meaningful,
) -> CardQuestion {
    let n = t.seat_games;
    let mut cards = Vec::new();
    let mut untested = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let (wn, ww) = (t.with_n[k], t.with_wins[k]);
        let (on, ow) = (n - wn, t.wins - ww);
        match share_difference(ow, on as f64, ww, wn as f64) {
            Some(d) => cards.push(CardEffect {
                card: name.clone(),
                with_n: wn,
                with: Rate::of(ww, wn as f64),
                without_n: on,
                without: Rate::of(ow, on as f64),
                difference: d.estimate,
                ci95: d.ci95,
                mde: d.mde,
                test: d.test,
                statistic: d.statistic,
                p: d.p,
                p_holm: d.p,
                significant: false,
                verdict: Verdict::of(false, d.ci95, meaningful.points),
            }),
            None => untested.push(name.clone()),
        }
    }
    // Largest effect first; the game's card order breaks ties, so the order is fixed.
    cards.sort_by(|a, b| b.difference.abs().total_cmp(&a.difference.abs()));
    CardQuestion {
        fact,
        cell: format!("c{}", cell.index + 1),
        setup: cell.setup_label(),
        bot,
        seat_games: n,
        win_rate: Rate::of(t.wins, n as f64),
        cards,
        untested,
    }
}

/// The plain sentence of a card's effect: `Being dealt Bone 6 raises a seat's win rate by +4.1
/// points (+2.0 to +6.2): 31.0% against 26.9% (4 players · greedy)`; a fall is written as a
/// size, `lowers ... by 4.1 points (2.0 to 6.2)`.
#[must_use]
pub(crate) fn sentence(q: &CardQuestion, c: &CardEffect) -> String {
    let (size, [lo, hi]) = size(c);
    let (verb, sign) = if c.difference >= 0.0 {
        ("raises", "+")
    } else {
        ("lowers", "")
    };
    let pts = |v: f64| {
        let s = format!("{:.1}", 100.0 * v);
        if sign == "+" && v > 0.0 {
            format!("+{s}")
        } else {
            s
        }
    };
    format!(
        "{} {} {verb} a seat's win rate by {} points ({} to {}): {:.1}% against {:.1}% ({} · {})",
        doing(q.fact),
        c.card,
        pts(size),
        pts(lo),
        pts(hi),
        100.0 * c.with.value,
        100.0 * c.without.value,
        q.setup,
        q.bot
    )
}

/// A difference as a sentence says it: a rise as it is, a fall as a size with its interval
/// turned round.
pub(crate) fn size(c: &CardEffect) -> (f64, [f64; 2]) {
    if c.difference >= 0.0 {
        (c.difference, c.ci95)
    } else {
        (-c.difference, [-c.ci95[1], -c.ci95[0]])
    }
}

/// The start of a finding's sentence for a question.
pub(crate) fn doing(fact: &str) -> &'static str {
    match fact {
        "dealt" => "Being dealt",
        "held" => "Holding",
        _ => "Playing",
    }
}
