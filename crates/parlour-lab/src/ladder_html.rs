//! The report's skill-ladder section: a curve of win share (or mean score) against rung, and
//! the table behind it.

use std::fmt::Write as _;

use crate::Report;
use crate::chart::{Axis, PointSeries, point_chart};
use crate::format::Fmt;
use crate::html::{escape, figure, num, txt};

/// Writes the ladder section, if the report has a ladder.
pub(crate) fn ladder(h: &mut String, r: &Report) {
    let Some(l) = &r.ladder else { return };
    h.push_str("<h2 id=\"ladder\">Skill ladder</h2>\n");
    let _ = writeln!(
        h,
        "<p>Each bot plays one seat, every seat in turn, against <code>{}</code> in the others, \
         on the same deals ({}). A stronger player should climb the curve.</p>\n<p><strong>{}\
         </strong></p>",
        escape(&l.against),
        txt("/ladder/setup", &l.setup),
        txt("/ladder/sentence", &l.sentence)
    );
    let categories: Vec<String> = l.rungs.iter().map(|g| g.bot.clone()).collect();
    let (title, y, axis, points, reference) = if l.solo {
        (
            "Mean score by bot",
            "mean score",
            Axis::Number,
            l.rungs
                .iter()
                .map(|g| (g.games > 0).then_some((g.score_mean, g.score_ci95[0], g.score_ci95[1])))
                .collect(),
            None,
        )
    } else {
        (
            "Share of the win by bot",
            "share of the win",
            Axis::Percent,
            l.rungs
                .iter()
                .map(|g| {
                    g.win_rate
                        .filter(|_| g.games > 0)
                        .map(|w| (w.value, w.ci95[0], w.ci95[1]))
                })
                .collect(),
            l.rungs.first().map(|g| g.fair_share),
        )
    };
    let svg = point_chart(
        title,
        y,
        &categories,
        &[PointSeries { points, reference }],
        axis,
    );
    let caption = format!(
        "{title}, with 95% intervals{}",
        if reference.is_some() {
            "; the dashed line is an equal share"
        } else {
            ""
        }
    );
    figure(h, &svg, &[], &caption);
    h.push_str(
        "<div class=\"scroll\"><table>\n<thead><tr><th class=\"l\">bot</th><th>games</th>\
         <th>share of the win</th><th>95% interval</th><th>edge over an equal share</th>\
         <th>mean score</th><th>95% interval</th></tr></thead>\n<tbody>\n",
    );
    for (i, g) in l.rungs.iter().enumerate() {
        let p = format!("/ladder/rungs/{i}");
        let interval = |a: String, b: String| format!("{a} – {b}");
        let _ = writeln!(
            h,
            "<tr><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td></tr>",
            txt(&format!("{p}/bot"), &g.bot),
            num(&format!("{p}/games"), g.games as f64, Fmt::Count),
            g.win_rate.map_or("–".to_owned(), |w| num(
                &format!("{p}/win_rate/value"),
                w.value,
                Fmt::Percent
            )),
            g.win_rate.map_or("–".to_owned(), |w| interval(
                num(&format!("{p}/win_rate/ci95/0"), w.ci95[0], Fmt::Percent),
                num(&format!("{p}/win_rate/ci95/1"), w.ci95[1], Fmt::Percent)
            )),
            if l.solo {
                "–".to_owned()
            } else {
                num(&format!("{p}/edge"), g.edge, Fmt::Points)
            },
            num(&format!("{p}/score_mean"), g.score_mean, Fmt::Decimal2),
            interval(
                num(&format!("{p}/score_ci95/0"), g.score_ci95[0], Fmt::Decimal2),
                num(&format!("{p}/score_ci95/1"), g.score_ci95[1], Fmt::Decimal2)
            ),
        );
    }
    h.push_str("</tbody></table></div>\n");
}
