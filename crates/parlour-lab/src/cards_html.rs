//! The page's "Which cards swing games?" section and `cards.csv`: the clear differences in
//! sentences, then per question (dealt, held, played), setting and bot the cards ranked by effect.

use std::fmt::Write as _;

use crate::cards::{CardEffect, CardFinding, CardQuestion};
use crate::format::Fmt;
use crate::html::{escape, num, txt};
use crate::report::Report;
use crate::verdict::Verdict;

/// Cards shown per question before the rest are folded away.
const SHOWN: usize = 8;

/// `+7.7 points`, marked with its pointer.
fn points(pointer: &str, value: f64) -> String {
    let sign = if value > 0.0 { "+" } else { "" };
    format!("{sign}{}", num(pointer, value, Fmt::Points))
}

/// The sentence of finding `i`, with its numbers marked (a fall written as a size, as in
/// [`crate::cards::sentence`]).
fn sentence(i: usize, f: &CardFinding, q: &CardQuestion, c: &CardEffect) -> String {
    let fp = format!("/cards/findings/{i}");
    let qp = format!("/cards/questions/{}", f.question);
    let cp = format!("{qp}/cards/{}", f.card);
    let size = |p: String, v: f64| {
        if c.difference >= 0.0 {
            points(&p, v)
        } else {
            num(&p, v, Fmt::Points)
        }
    };
    format!(
        "{} <b>{}</b> {} a seat's win rate by <b>{}</b> ({} to {}): {} against {} \
         <small>({} · {})</small>",
        crate::cards::doing(q.fact),
        txt(&format!("{cp}/card"), &c.card),
        if c.difference >= 0.0 {
            "raises"
        } else {
            "lowers"
        },
        size(format!("{fp}/size"), f.size),
        size(format!("{fp}/size_ci95/0"), f.size_ci95[0]),
        size(format!("{fp}/size_ci95/1"), f.size_ci95[1]),
        num(&format!("{cp}/with/value"), c.with.value, Fmt::Percent),
        num(
            &format!("{cp}/without/value"),
            c.without.value,
            Fmt::Percent
        ),
        txt(&format!("{qp}/setup"), &q.setup),
        txt(&format!("{qp}/bot"), &q.bot),
    )
}

/// The section (nothing when the game declares no card facts).
pub(crate) fn cards(h: &mut String, r: &Report) {
    let Some(k) = &r.cards else { return };
    h.push_str("<h2 id=\"cards\">Which cards swing games?</h2>\n");
    let _ = writeln!(
        h,
        "<p>The win rate of a seat that was dealt, held or played a card, against a seat that \
         was not, counting only seats played by the same bot in the same setting. <i>Held</i> \
         means the card was in the seat's hand at some point of the game: dealt, drawn or \
         taken.{} A difference is <b>clear</b> when it is significant after Holm's correction \
         over every card of the question and could be as large as {}; <b>no meaningful \
         difference</b> when its whole 95% interval lies within that.</p>",
        if k.held_is_dealt {
            " In this game hands change only by plays, so a card held is a card dealt: \
             <i>dealt</i> answers both."
        } else {
            ""
        },
        num("/meaningful/points", r.meaningful.points, Fmt::Points),
    );
    let item = |h: &mut String, i: usize| {
        let f = &k.findings[i];
        let q = &k.questions[f.question];
        let _ = writeln!(
            h,
            "<li class=\"significant\">{}</li>",
            sentence(i, f, q, &q.cards[f.card])
        );
    };
    h.push_str("<ul class=\"findings\">\n");
    for i in 0..k.findings.len().min(SHOWN) {
        item(h, i);
    }
    if k.findings.is_empty() {
        let none = k
            .questions
            .iter()
            .flat_map(|q| &q.cards)
            .all(|c| c.verdict == Verdict::NoMeaningfulDifference);
        let _ = writeln!(
            h,
            "<li class=\"not-significant\">{}</li>",
            if none {
                "No card makes a meaningful difference to a seat's win rate."
            } else {
                "No card makes a clear difference; for some the study is too small to tell."
            }
        );
    }
    h.push_str("</ul>\n");
    if k.findings.len() > SHOWN {
        let _ = writeln!(
            h,
            "<details><summary>Show the other {} clear differences</summary>\n\
             <ul class=\"findings\">",
            k.findings.len() - SHOWN
        );
        for i in SHOWN..k.findings.len() {
            item(h, i);
        }
        h.push_str("</ul>\n</details>\n");
    }
    for (i, q) in k.questions.iter().enumerate() {
        question(h, &format!("/cards/questions/{i}"), q);
    }
}

fn question(h: &mut String, qp: &str, q: &CardQuestion) {
    let _ = writeln!(
        h,
        "<h3>{} · {} · {}</h3>\n<p>{} seats; their win rate {}. \
         All {} cards are in <code>cards.csv</code>.</p>",
        match q.fact {
            "dealt" => "Dealt",
            "held" => "Held",
            _ => "Played",
        },
        txt(&format!("{qp}/setup"), &q.setup),
        txt(&format!("{qp}/bot"), &q.bot),
        num(&format!("{qp}/seat_games"), q.seat_games as f64, Fmt::Count),
        num(
            &format!("{qp}/win_rate/value"),
            q.win_rate.value,
            Fmt::Percent
        ),
        q.cards.len() + q.untested.len(),
    );
    let head = "<div class=\"scroll\"><table>\n<thead><tr><th>card</th>\
                <th>with</th><th>without</th><th>difference <small>95% interval</small></th>\
                <th>verdict</th></tr></thead>\n<tbody>\n";
    h.push_str(head);
    for (j, c) in q.cards.iter().enumerate() {
        if j == SHOWN {
            let _ = write!(
                h,
                "</tbody></table></div>\n<details><summary>Show the other {}</summary>\n{head}",
                q.cards.len() - SHOWN
            );
        }
        row(h, &format!("{qp}/cards/{j}"), c);
    }
    h.push_str("</tbody></table></div>\n");
    if q.cards.len() > SHOWN {
        h.push_str("</details>\n");
    }
}

fn row(h: &mut String, p: &str, c: &CardEffect) {
    let (class, words) = match c.verdict {
        Verdict::ClearDifference => ("yes", "clear"),
        Verdict::NoMeaningfulDifference => ("no", "no meaningful difference"),
        Verdict::CantTell => ("no", "can't tell"),
        Verdict::SameInEveryGame => ("no", "the same in every game"),
    };
    let _ = writeln!(
        h,
        "<tr><td>{}</td><td>{} <small>of {}</small></td><td>{}</td>\
         <td><span style=\"white-space: nowrap\">{}</span> <small>{} to {}</small></td>\
         <td><span class=\"verdict {class}\">{}</span></td></tr>",
        txt(&format!("{p}/card"), &c.card),
        num(&format!("{p}/with/value"), c.with.value, Fmt::Percent),
        num(&format!("{p}/with_n"), c.with_n as f64, Fmt::Count),
        num(&format!("{p}/without/value"), c.without.value, Fmt::Percent),
        points(&format!("{p}/difference"), c.difference),
        points(&format!("{p}/ci95/0"), c.ci95[0]),
        points(&format!("{p}/ci95/1"), c.ci95[1]),
        escape(words),
    );
}

/// The header of `cards.csv`.
pub(crate) const CSV_HEADER: &[&str] = &[
    "fact",
    "cell",
    "setup",
    "bot",
    "card",
    "with_seat_games",
    "with_win_rate",
    "with_lo95",
    "with_hi95",
    "without_seat_games",
    "without_win_rate",
    "without_lo95",
    "without_hi95",
    "difference",
    "lo95",
    "hi95",
    "mde",
    "meaningful",
    "test",
    "statistic",
    "p",
    "p_holm",
    "verdict",
];

/// The rows of `cards.csv` (none when the report has no cards): one per card, question,
/// setting and bot, in [`CSV_HEADER`]'s order.
pub(crate) fn csv_rows(r: &Report) -> Option<Vec<Vec<String>>> {
    let k = r.cards.as_ref()?;
    let f = |v: f64| v.to_string();
    let mut rows = Vec::new();
    for q in &k.questions {
        for c in &q.cards {
            rows.push(vec![
                q.fact.to_owned(),
                q.cell.clone(),
                q.setup.clone(),
                q.bot.clone(),
                c.card.clone(),
                c.with_n.to_string(),
                f(c.with.value),
                f(c.with.ci95[0]),
                f(c.with.ci95[1]),
                c.without_n.to_string(),
                f(c.without.value),
                f(c.without.ci95[0]),
                f(c.without.ci95[1]),
                f(c.difference),
                f(c.ci95[0]),
                f(c.ci95[1]),
                f(c.mde),
                f(r.meaningful.points),
                c.test.name().to_owned(),
                f(c.statistic),
                f(c.p),
                f(c.p_holm),
                c.verdict.words().to_owned(),
            ]);
        }
    }
    Some(rows)
}
