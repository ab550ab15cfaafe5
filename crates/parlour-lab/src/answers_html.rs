//! The page's answers: one plain sentence per comparison of settings (clear differences first),
//! then the table of every difference with its interval, the smallest difference the study
//! could detect and the verdict. Uses the page's own classes; the layout is `html.rs`'s.

use std::fmt::Write as _;

use crate::format::Fmt;
use crate::html::{escape, finding_html, num, txt};
use crate::report::Report;
use crate::summary::{FindingKind, diff_fmt};

/// Sentences shown before the rest are folded away.
const SHOWN: usize = 12;

/// `+7.7 points`, marked with its pointer.
fn signed(pointer: &str, value: f64, fmt: Fmt) -> String {
    let sign = if value > 0.0 { "+" } else { "" };
    format!("{sign}{}", num(pointer, value, fmt))
}

/// The answers section (nothing when the study compared no settings).
pub(crate) fn answers(h: &mut String, r: &Report) {
    if r.answers.is_empty() {
        return;
    }
    h.push_str("<h2 id=\"answers\">Answers: what changes between settings</h2>\n");
    let _ = writeln!(
        h,
        "<p>Every two values of a swept option are compared; line-ups and player counts are \
         each compared with the first. A difference is <b>clear</b> when it is significant \
         after Holm's correction and could be as large as a meaningful difference; <b>no \
         meaningful difference</b> when its whole 95% interval lies within the meaningful size \
         ({} for shares, {} of the first setting's value for means); <b>can't tell</b> \
         otherwise: the study is too small to say. A measure that gave one value in every game \
         of both settings is not tested: it is the same in every game, never a finding.</p>",
        num("/meaningful/points", r.meaningful.points, Fmt::Points),
        num("/meaningful/percent", r.meaningful.percent, Fmt::Percent)
    );
    let item = |h: &mut String, i: usize| {
        let f = &r.answers[i];
        let class = if f.kind == FindingKind::Significant {
            "significant"
        } else {
            "not-significant"
        };
        let _ = writeln!(
            h,
            "<li class=\"{class}\" data-answer=\"{i}\">{}</li>",
            finding_html(f)
        );
    };
    h.push_str("<ul class=\"findings\">\n");
    for i in 0..r.answers.len().min(SHOWN) {
        item(h, i);
    }
    h.push_str("</ul>\n");
    if r.answers.len() > SHOWN {
        let _ = writeln!(
            h,
            "<details><summary>Show the other {}</summary>\n<ul class=\"findings\">",
            r.answers.len() - SHOWN
        );
        for i in SHOWN..r.answers.len() {
            item(h, i);
        }
        h.push_str("</ul>\n</details>\n");
    }
    table(h, r);
}

fn table(h: &mut String, r: &Report) {
    h.push_str(
        "<details><summary>Every difference, with its interval and the smallest the study \
         could detect</summary>\n<div class=\"scroll\"><table>\n<thead><tr>\
         <th class=\"l\">same in both</th><th class=\"l\">setting</th><th class=\"l\">measure</th>\
         <th>first</th><th>second</th><th>difference (95% interval)</th><th>detectable</th>\
         <th>p (Holm)</th><th class=\"l\">verdict</th></tr></thead>\n<tbody>\n",
    );
    for (k, c) in r.comparisons.iter().enumerate() {
        let at = |f: &str| format!("/comparisons/{k}/{f}");
        let fmt = diff_fmt(c.fmt);
        let p = r
            .tests
            .iter()
            .position(|t| Some(&t.id) == c.test.as_ref())
            .map_or("–".to_owned(), |i| {
                num(
                    &format!("/tests/{i}/p_holm"),
                    r.tests[i].p_holm,
                    Fmt::PValue,
                )
            });
        let _ = writeln!(
            h,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}: {} vs {}</td><td class=\"l\">{}</td>\
             <td>{}</td><td>{}</td><td>{} <small>({} to {})</small></td><td>±{}</td><td>{p}</td>\
             <td class=\"l\">{}</td></tr>",
            txt(&at("context"), &c.context),
            txt(&at("across"), &c.across),
            txt(&at("labels/1"), &c.labels[1]),
            txt(&at("labels/0"), &c.labels[0]),
            txt(&at("measure"), &c.measure),
            num(&at("values/0"), c.values[0], c.fmt),
            num(&at("values/1"), c.values[1], c.fmt),
            signed(&at("difference"), c.difference, fmt),
            signed(&at("ci95/0"), c.ci95[0], fmt),
            signed(&at("ci95/1"), c.ci95[1], fmt),
            num(&at("mde"), c.mde, fmt),
            escape(c.verdict.words()),
        );
    }
    h.push_str("</tbody></table></div>\n</details>\n");
}
