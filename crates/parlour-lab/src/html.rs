//! The report as one self-contained HTML page: the summary first, then a section per question
//! (seats, length, scores, the game's measures, skill, comparisons), and how it was computed.
//! Charts are inline SVG; nothing is loaded from elsewhere, so the file opens offline and can be
//! sent on as it is.
//!
//! Every number in the text and tables is written by [`num`], which marks it with the JSON
//! pointer of the value in `report.json` it shows (`data-json`) and its format (`data-fmt`).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::chart::{Axis, BoxSeries, PointSeries, box_chart, color_css, point_chart};
use crate::format::Fmt;
use crate::report::{CellReport, Report};
use crate::summary::{Finding, FindingKind, Part};
use crate::words::setting_words;

/// `text` with `&`, `<`, `>` and quotes escaped for HTML.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A number of the report, marked with where it comes from.
pub(crate) fn num(pointer: &str, value: f64, fmt: Fmt) -> String {
    format!(
        "<span class=\"n\" data-json=\"{}\" data-fmt=\"{}\">{}</span>",
        escape(pointer),
        fmt.name(),
        escape(&fmt.show(value))
    )
}

/// A whole number that names something (a seed), marked with where it comes from: written in
/// full, without thousands separators.
pub(crate) fn id_num(pointer: &str, value: u64) -> String {
    format!(
        "<span class=\"n\" data-json=\"{}\" data-fmt=\"id\">{value}</span>",
        escape(pointer)
    )
}

/// A text of the report (a label), marked with where it comes from.
pub(crate) fn txt(pointer: &str, value: &str) -> String {
    format!(
        "<span data-json=\"{}\">{}</span>",
        escape(pointer),
        escape(value)
    )
}

/// A rate and its interval: `38.2% (36.1–40.3%)`.
fn rate(pointer: &str, r: &crate::Rate) -> String {
    format!(
        "{} <small>({}–{})</small>",
        num(&format!("{pointer}/value"), r.value, Fmt::Percent),
        num(&format!("{pointer}/ci95/0"), r.ci95[0], Fmt::Percent),
        num(&format!("{pointer}/ci95/1"), r.ci95[1], Fmt::Percent)
    )
}

const STYLE: &str = r#"
:root { color-scheme: light; --ink: #1d1d1f; --muted: #5f6368; --line: #d9d9de; --sig: #0b6b3a; --sigbg: #e3f4ea; --ns: #5f6368; --nsbg: #f1f1f4; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--ink); background: #fafafa; }
main { max-width: 1240px; margin: 0 auto; padding: 1.5rem 1rem 3rem; background: #fff; }
h1 { font-size: 1.7rem; margin: 0 0 .25rem; line-height: 1.2; }
h2 { font-size: 1.3rem; margin: 2.2rem 0 .5rem; padding-top: .6rem; border-top: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1.4rem 0 .4rem; }
p.lede { color: var(--muted); margin: 0 0 1rem; }
.banner { background: #fff4e0; border: 1px solid #e0a030; padding: .6rem .8rem; border-radius: 6px; margin: 1rem 0; }
ul.findings { list-style: none; padding: 0; margin: .4rem 0 1rem; }
ul.findings li { padding: .45rem .7rem; margin: .35rem 0; border-radius: 6px; border-left: 4px solid var(--line); background: var(--nsbg); }
ul.findings li.significant { border-left-color: var(--sig); background: var(--sigbg); }
ul.findings li.fact { background: #f6f8fb; border-left-color: #8aa4c8; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; margin: .5rem 0 1rem; }
table { border-collapse: collapse; font-size: .92rem; min-width: 100%; }
th, td { padding: .35rem .55rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
td.l, th.l { text-align: left; white-space: normal; min-width: 9rem; overflow-wrap: anywhere; }
ul.findings li, p.lede { overflow-wrap: anywhere; }
thead th { background: #f3f3f6; font-weight: 600; position: sticky; top: 0; }
thead th { white-space: normal; min-width: 3.5em; vertical-align: bottom; }
/* Cells wrap at spaces so that wide tables fit 1280 px without scrolling. */
td { white-space: normal; }
td small { display: block; line-height: 1.2; font-size: .72rem; }
/* A game may report a dozen measures: smaller headers keep their table within the page. */
table.measures thead th { font-size: .8rem; }
table.measures td { padding-left: .3rem; padding-right: .3rem; }
th, td { padding-left: .4rem; padding-right: .4rem; }
td:last-child { white-space: normal; min-width: 6.5em; }
.facts { padding-left: 1.2rem; }
.facts li.warn { background: #fff4e0; border-left: 4px solid #e0a030; padding: .3rem .6rem; }
tbody tr:nth-child(even) { background: #fbfbfd; }
small { color: var(--muted); }
.verdict { display: inline-block; padding: 0 .45rem; border-radius: 4px; font-size: .85rem; }
.verdict.yes { background: var(--sigbg); color: var(--sig); }
.verdict.no { background: var(--nsbg); color: var(--ns); }
figure { margin: 1rem 0 1.5rem; }
figure .chart { overflow-x: auto; }
figure svg { display: block; width: 100%; max-width: 960px; min-width: 520px; height: auto; }
figcaption { font-weight: 600; margin-bottom: .3rem; }
.legend { display: flex; flex-wrap: wrap; gap: .3rem 1rem; font-size: .9rem; margin: .3rem 0; }
.legend span.sw { display: inline-block; width: .9rem; height: .9rem; border-radius: 50%; vertical-align: -.1rem; margin-right: .3rem; }
details > summary { cursor: pointer; color: var(--muted); margin: .3rem 0; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .88rem; }
pre { background: #f3f3f6; padding: .6rem .8rem; border-radius: 6px; white-space: pre-wrap; word-break: break-word; }
@media (max-width: 600px) { body { font-size: 15px; } main { padding: 1rem .7rem 2rem; } h1 { font-size: 1.4rem; } }
"#;

/// The whole page.
#[must_use]
pub fn render_html(report: &Report) -> String {
    let mut h = String::new();
    let title = format!("{}: balance lab report", report.game_name);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n",
        escape(&title)
    );
    let _ = writeln!(h, "<h1>{}</h1>", txt("/game_name", &report.game_name));
    header(&mut h, report);
    crate::answers_html::answers(&mut h, report);
    crate::cards_html::cards(&mut h, report);
    start_and_end(&mut h, report);
    summary(&mut h, report);
    seats(&mut h, report);
    length(&mut h, report);
    scores(&mut h, report);
    metrics(&mut h, report);
    skill(&mut h, report);
    crate::ladder_html::ladder(&mut h, report);
    comparisons(&mut h, report);
    methods(&mut h, report);
    h.push_str("</main>\n</body>\n</html>\n");
    h
}

fn header(h: &mut String, r: &Report) {
    let players: Vec<String> = r
        .spec
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| num(&format!("/spec/players/{i}"), f64::from(*p), Fmt::Count))
        .collect();
    let lineups: Vec<String> = r
        .spec
        .lineups
        .iter()
        .enumerate()
        .map(|(i, l)| {
            l.iter()
                .enumerate()
                .map(|(j, b)| txt(&format!("/spec/lineups/{i}/{j}"), b))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    let _ = write!(
        h,
        "<p class=\"lede\">{} games played: {} players; bots {}; {} games per setting; seed {}.",
        num("/games_played", r.games_played as f64, Fmt::Count),
        players.join(", "),
        lineups.join(" / "),
        num("/spec/games", r.spec.games as f64, Fmt::Count),
        id_num("/spec/seed", r.spec.seed),
    );
    if !r.spec.options.is_empty() {
        h.push_str(" Options:");
        for (k, v) in &r.spec.options {
            let _ = write!(h, " <code>{}={}</code>", escape(k), escape(v));
        }
        h.push('.');
    }
    for (i, s) in r.spec.sweeps.iter().enumerate() {
        let values: Vec<String> = s
            .values
            .iter()
            .enumerate()
            .map(|(j, v)| txt(&format!("/spec/sweeps/{i}/values/{j}"), v))
            .collect();
        let _ = write!(
            h,
            " Swept: <code>{}</code> = {}.",
            escape(&s.option),
            values.join(", ")
        );
    }
    h.push_str("</p>\n");
    if !r.complete {
        let _ = writeln!(
            h,
            "<p class=\"banner\"><strong>Stopped early:</strong> {} of {} planned games were \
             played. Every number below is computed from the games that finished; intervals are \
             wider than planned.</p>",
            num("/games_played", r.games_played as f64, Fmt::Count),
            num("/games_planned", r.games_planned as f64, Fmt::Count)
        );
    }
    if !r.skipped.is_empty() {
        h.push_str(
            "<p class=\"banner\">Not played (the game does not allow these setups):</p><ul>\n",
        );
        for (i, s) in r.skipped.iter().enumerate() {
            let _ = writeln!(
                h,
                "<li>{}: {}</li>",
                txt(&format!("/skipped/{i}/setup"), &s.setup),
                txt(&format!("/skipped/{i}/reason"), &s.reason)
            );
        }
        h.push_str("</ul>\n");
    }
}

/// How the game starts and how many games a safety cap stopped: read before any number.
fn start_and_end(h: &mut String, r: &Report) {
    h.push_str("<ul class=\"facts\">\n");
    if let Some(sentence) = &r.start_sentence {
        let random = if r.first_player_random {
            " Here the starting seat changed from game to game, so the seat tables below are \
             by table seat, and <a href=\"#positions\">by position from the first player</a>, \
             which is what a first-player question asks."
        } else {
            " Here every game began at the same seat: seat 1 is the first player."
        };
        let _ = writeln!(
            h,
            "<li><strong>How it starts.</strong> {}{random}</li>",
            txt("/start_sentence", sentence)
        );
    }
    let cells = lineup_cells(r);
    for (ci, c) in &cells {
        let (Some(first), Some((ti, t))) = (
            c.positions.first(),
            c.position_test
                .as_ref()
                .and_then(|id| r.tests.iter().enumerate().find(|(_, t)| &t.id == id)),
        ) else {
            continue;
        };
        let _ = writeln!(
            h,
            "<li><strong>Is the first player favoured?</strong> {}: the player who started won \
             {}, against an equal share of {}: {} (p {}{} after Holm's correction).</li>",
            txt(&format!("/cells/{ci}/label"), &c.label),
            rate(
                &format!("/cells/{ci}/positions/0/win_rate"),
                &first.win_rate
            ),
            num(
                &format!("/cells/{ci}/fair_share"),
                c.fair_share,
                Fmt::Percent
            ),
            if t.significant {
                "a significant difference between positions"
            } else {
                "no significant difference between positions"
            },
            if t.p_holm < 0.0001 { "" } else { "= " },
            num(&format!("/tests/{ti}/p_holm"), t.p_holm, Fmt::PValue)
        );
    }
    let mut caps: Vec<String> = Vec::new();
    for (ci, c) in &cells {
        for (cap, rate) in &c.caps {
            caps.push(format!(
                "{}: {} of games stopped by <code>{}</code>",
                txt(&format!("/cells/{ci}/label"), &c.label),
                num(
                    &format!("/cells/{ci}/caps/{}/value", pointer_escape(cap)),
                    rate.value,
                    Fmt::Percent
                ),
                escape(cap)
            ));
        }
    }
    if caps.is_empty() {
        h.push_str(
            "<li><strong>How it ends.</strong> Every game ended by its own rules; no safety \
             cap stopped one.</li>\n",
        );
    } else {
        let _ = writeln!(
            h,
            "<li class=\"warn\"><strong>How it ends: {} games were stopped by a safety cap, \
             not finished.</strong> {}. Their length is the cap's, not the game's: lengths \
             below are also given for the finished games alone.</li>",
            num("/capped", r.capped as f64, Fmt::Count),
            caps.join("; ")
        );
    }
    h.push_str("</ul>\n");
}

/// `text` as one JSON-pointer token (`~` and `/` escaped).
fn pointer_escape(text: &str) -> String {
    text.replace('~', "~0").replace('/', "~1")
}

pub(crate) fn finding_html(f: &Finding) -> String {
    f.parts
        .iter()
        .map(|p| match p {
            Part::Text(t) => escape(t),
            Part::Label { pointer, text } => txt(pointer, text),
            Part::Num {
                pointer,
                value,
                fmt,
            } => num(pointer, *value, *fmt),
        })
        .collect()
}

fn summary(h: &mut String, r: &Report) {
    h.push_str("<h2 id=\"summary\">Summary</h2>\n");
    let groups = [
        (
            FindingKind::Significant,
            "Significant differences",
            "significant",
            "None of the differences this study looked at is significant.",
        ),
        (
            FindingKind::NotSignificant,
            "No significant difference found",
            "not-significant",
            "Every difference this study looked at is significant.",
        ),
        (FindingKind::Fact, "Facts", "fact", "No games were played."),
    ];
    let _ = writeln!(
        h,
        "<p>Significant means: after Holm's correction for the {} tests of this report, the \
         chance of a difference this large between equal settings is below {}.</p>",
        num("/test_count", r.test_count as f64, Fmt::Count),
        num("/alpha", r.alpha, Fmt::Percent)
    );
    for (kind, heading, class, empty) in groups {
        let _ = writeln!(h, "<h3>{heading}</h3>");
        let items: Vec<(usize, &Finding)> = r
            .summary
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == kind)
            .collect();
        if items.is_empty() {
            let _ = writeln!(h, "<p>{empty}</p>");
            continue;
        }
        // A long list of what was not found is folded, so the findings stay in view.
        let fold = kind == FindingKind::NotSignificant && items.len() > 6;
        if fold {
            let _ = writeln!(
                h,
                "<details><summary>Show all {} (none of them is significant)</summary>",
                items.len()
            );
        }
        let _ = writeln!(h, "<ul class=\"findings\">");
        for (i, f) in items {
            let _ = writeln!(
                h,
                "<li class=\"{class}\" data-summary=\"{i}\">{}</li>",
                finding_html(f)
            );
        }
        h.push_str("</ul>\n");
        if fold {
            h.push_str("</details>\n");
        }
    }
}

/// What tells cells apart in a chart's series: the swept values and, with several line-ups,
/// the line-up.
fn variant(r: &Report, c: &CellReport) -> String {
    let mut parts: Vec<String> = c
        .options
        .iter()
        .map(|(k, v)| setting_words(r.options, k, v))
        .collect();
    if r.spec.lineups.len() > 1 || c.kind == "skill" {
        parts.push(c.lineup.clone());
    }
    if parts.is_empty() {
        "all games".to_owned()
    } else {
        parts.join(" · ")
    }
}

fn legend(h: &mut String, names: &[String]) {
    if names.len() < 2 {
        return;
    }
    h.push_str("<div class=\"legend\">");
    for (i, n) in names.iter().enumerate() {
        let _ = write!(
            h,
            "<span><span class=\"sw\" style=\"background:{}\"></span>{}</span>",
            color_css(i),
            escape(n)
        );
    }
    h.push_str("</div>\n");
}

pub(crate) fn figure(h: &mut String, svg: &str, names: &[String], caption: &str) {
    let _ = writeln!(h, "<figure>\n<figcaption>{}</figcaption>", escape(caption));
    legend(h, names);
    let _ = writeln!(h, "<div class=\"chart\">{svg}</div>\n</figure>");
}

fn lineup_cells(r: &Report) -> Vec<(usize, &CellReport)> {
    r.cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == "lineup")
        .collect()
}

/// Distinct values in first-seen order.
fn distinct<T: Ord + Clone>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for i in items {
        if seen.insert(i.clone()) {
            out.push(i);
        }
    }
    out
}

fn verdict(r: &Report, id: Option<&String>) -> String {
    let Some((i, t)) = id.and_then(|id| r.tests.iter().enumerate().find(|(_, t)| &t.id == id))
    else {
        return "<td>–</td><td>–</td><td>–</td>".to_owned();
    };
    format!(
        "<td>{}</td><td>{}</td><td><span class=\"verdict {}\">{}</span></td>",
        t.statistic.map_or("–".to_owned(), |s| num(
            &format!("/tests/{i}/statistic"),
            s,
            Fmt::Decimal2
        )),
        num(&format!("/tests/{i}/p_holm"), t.p_holm, Fmt::PValue),
        if t.significant { "yes" } else { "no" },
        if t.significant {
            "significant"
        } else {
            "not significant"
        }
    )
}

fn seats(h: &mut String, r: &Report) {
    let cells: Vec<(usize, &CellReport)> = lineup_cells(r)
        .into_iter()
        .filter(|(_, c)| c.players >= 2)
        .collect();
    if cells.is_empty() {
        return;
    }
    h.push_str("<h2 id=\"seats\">Who wins: the seats</h2>\n");
    h.push_str(
        "<p>Share of games each seat won (a shared win split between the winners), with 95% \
         intervals; the dashed line is an equal share. Seats are numbered from 1 in table \
         order.</p>\n",
    );
    let counts = distinct(cells.iter().map(|(_, c)| c.players));
    let by_players = cells.iter().any(|(_, c)| variant(r, c) != "all games");
    let groups: Vec<Vec<(usize, &CellReport)>> = if by_players {
        counts
            .iter()
            .map(|p| {
                cells
                    .iter()
                    .filter(|(_, c)| c.players == *p)
                    .copied()
                    .collect()
            })
            .collect()
    } else {
        vec![cells.clone()]
    };
    for group in groups {
        let max = group.iter().map(|(_, c)| c.players).max().unwrap_or(2);
        let categories: Vec<String> = (1..=max).map(|s| format!("seat {s}")).collect();
        let names: Vec<String> = group
            .iter()
            .map(|(_, c)| {
                if by_players {
                    variant(r, c)
                } else {
                    crate::players_label(c.players)
                }
            })
            .collect();
        let series: Vec<PointSeries> = group
            .iter()
            .map(|(_, c)| PointSeries {
                points: (0..usize::from(max))
                    .map(|s| {
                        c.seats
                            .get(s)
                            .map(|x| (x.win_rate.value, x.win_rate.ci95[0], x.win_rate.ci95[1]))
                    })
                    .collect(),
                reference: Some(c.fair_share),
            })
            .collect();
        let title = if by_players {
            format!(
                "Win rate by seat, {}",
                crate::players_label(group[0].1.players)
            )
        } else {
            "Win rate by seat".to_owned()
        };
        let svg = point_chart(&title, "games won", &categories, &series, Axis::Percent);
        figure(h, &svg, &names, &title);
    }
    let max = cells.iter().map(|(_, c)| c.players).max().unwrap_or(2);
    h.push_str("<div class=\"scroll\"><table>\n<thead><tr><th class=\"l\">setting</th>");
    for s in 1..=max {
        let _ = write!(h, "<th>seat {s}</th>");
    }
    h.push_str(
        "<th>equal share</th><th>won alone</th><th>chi-square</th><th>p (Holm)</th>\
         <th>verdict</th></tr></thead>\n<tbody>\n",
    );
    for (ci, c) in &cells {
        let _ = write!(
            h,
            "<tr><td class=\"l\">{}</td>",
            txt(&format!("/cells/{ci}/label"), &c.label)
        );
        for s in 0..usize::from(max) {
            match c.seats.get(s) {
                Some(x) => {
                    let _ = write!(
                        h,
                        "<td>{}</td>",
                        rate(&format!("/cells/{ci}/seats/{s}/win_rate"), &x.win_rate)
                    );
                }
                None => h.push_str("<td></td>"),
            }
        }
        let _ = writeln!(
            h,
            "<td>{}</td><td>{}</td>{}</tr>",
            num(
                &format!("/cells/{ci}/fair_share"),
                c.fair_share,
                Fmt::Percent
            ),
            num(
                &format!("/cells/{ci}/sole_winner"),
                c.sole_winner as f64,
                Fmt::Count
            ),
            verdict(r, c.seat_test.as_ref())
        );
    }
    h.push_str("</tbody></table></div>\n");
    positions(h, r, &cells);
}

/// Win rate by position from the seat that started: the first-player question where the start
/// is drawn or rotates.
fn positions(h: &mut String, r: &Report, cells: &[(usize, &CellReport)]) {
    let cells: Vec<(usize, &CellReport)> = cells
        .iter()
        .filter(|(_, c)| !c.positions.is_empty())
        .copied()
        .collect();
    if cells.is_empty() {
        return;
    }
    h.push_str("<h3 id=\"positions\">By position from the first player</h3>\n");
    h.push_str(
        "<p>The same games counted by where a seat sat relative to the player who started \
         the game: position 1 started, position 2 sat to its left, and so on. With 95% \
         intervals; the dashed line is an equal share.</p>\n",
    );
    let max = cells.iter().map(|(_, c)| c.players).max().unwrap_or(2);
    let categories: Vec<String> = (1..=max).map(ordinal).collect();
    let names: Vec<String> = cells.iter().map(|(_, c)| c.label.clone()).collect();
    let series: Vec<PointSeries> = cells
        .iter()
        .map(|(_, c)| PointSeries {
            points: (0..usize::from(max))
                .map(|p| {
                    c.positions
                        .get(p)
                        .map(|x| (x.win_rate.value, x.win_rate.ci95[0], x.win_rate.ci95[1]))
                })
                .collect(),
            reference: Some(c.fair_share),
        })
        .collect();
    let title = "Win rate by position from the first player";
    let svg = point_chart(title, "games won", &categories, &series, Axis::Percent);
    figure(h, &svg, &names, title);
    h.push_str("<div class=\"scroll\"><table>\n<thead><tr><th class=\"l\">setting</th>");
    for p in 1..=max {
        let _ = write!(h, "<th>{}</th>", ordinal(p));
    }
    h.push_str(
        "<th>equal share</th><th>chi-square</th><th>p (Holm)</th><th>verdict</th></tr>\
         </thead>\n<tbody>\n",
    );
    for (ci, c) in &cells {
        let _ = write!(
            h,
            "<tr><td class=\"l\">{}</td>",
            txt(&format!("/cells/{ci}/label"), &c.label)
        );
        for p in 0..usize::from(max) {
            match c.positions.get(p) {
                Some(x) => {
                    let _ = write!(
                        h,
                        "<td>{}</td>",
                        rate(&format!("/cells/{ci}/positions/{p}/win_rate"), &x.win_rate)
                    );
                }
                None => h.push_str("<td></td>"),
            }
        }
        let _ = writeln!(
            h,
            "<td>{}</td>{}</tr>",
            num(
                &format!("/cells/{ci}/fair_share"),
                c.fair_share,
                Fmt::Percent
            ),
            verdict(r, c.position_test.as_ref())
        );
    }
    h.push_str("</tbody></table></div>\n");
}

/// `1st`, `2nd`, `3rd`, `4th`, ...
fn ordinal(n: u8) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Box series of `pick` per variant, by player count.
fn boxes_by_players(
    r: &Report,
    pick: impl Fn(&CellReport) -> Option<crate::stats::Dist>,
) -> (Vec<String>, Vec<String>, Vec<BoxSeries>) {
    let cells = lineup_cells(r);
    let counts = distinct(cells.iter().map(|(_, c)| c.players));
    let names = distinct(cells.iter().map(|(_, c)| variant(r, c)));
    if counts.len() == 1 && names.len() > 1 {
        // One player count: name the settings on the axis rather than in colours.
        let boxes = names
            .iter()
            .map(|name| {
                cells
                    .iter()
                    .find(|(_, c)| variant(r, c) == *name && c.games > 0)
                    .and_then(|(_, c)| pick(c))
                    .map(|d| [d.min, d.q1, d.median, d.q3, d.max])
            })
            .collect();
        // The values alone fit under a box (`Full Feudal Feast`, not `arrangement: ...`).
        let short = names
            .iter()
            .map(|n| {
                n.split(" · ")
                    .map(|part| part.split_once(": ").map_or(part, |(_, v)| v))
                    .collect::<Vec<_>>()
                    .join(" · ")
            })
            .collect();
        return (short, Vec::new(), vec![BoxSeries { boxes }]);
    }
    let series = names
        .iter()
        .map(|name| BoxSeries {
            boxes: counts
                .iter()
                .map(|p| {
                    cells
                        .iter()
                        .find(|(_, c)| c.players == *p && variant(r, c) == *name && c.games > 0)
                        .and_then(|(_, c)| pick(c))
                        .map(|d| [d.min, d.q1, d.median, d.q3, d.max])
                })
                .collect(),
        })
        .collect();
    let categories = counts.iter().map(|p| crate::players_label(*p)).collect();
    (categories, names, series)
}

fn length(h: &mut String, r: &Report) {
    let cells = lineup_cells(r);
    if cells.is_empty() {
        return;
    }
    h.push_str("<h2 id=\"length\">How long a game lasts</h2>\n");
    let _ = writeln!(
        h,
        "<p>Player actions per game, and the minutes they would take at {} seconds per action \
         (the study's pace; shuffling and dealing are not counted).</p>",
        num("/spec/pace", r.spec.pace, Fmt::Decimal1)
    );
    if r.capped > 0 {
        h.push_str(
            "<p class=\"banner\"><strong>Some games were stopped by a safety cap.</strong> \
             Their length is the cap's: the chart shows the finished games alone, and the \
             table gives both.</p>\n",
        );
    }
    let (categories, names, series) =
        boxes_by_players(r, |c| Some(c.minutes_uncapped.unwrap_or(c.minutes)));
    let title = "Minutes per game";
    let svg = box_chart(title, "minutes per game", &categories, &series);
    figure(
        h,
        &svg,
        &names,
        "Minutes per game: the box holds the middle half of the games, the black line is the \
         median, the whiskers reach the shortest and the longest game.",
    );
    h.push_str(
        "<div class=\"scroll\"><table>\n<thead><tr><th class=\"l\">setting</th><th>games</th>\
         <th>actions (mean)</th><th>median</th><th>shortest</th><th>longest</th>\
         <th>rounds (mean)</th><th>minutes (mean)</th><th>finished games: minutes (median)</th>\
         <th>no winner</th><th>shared win</th></tr></thead>\n<tbody>\n",
    );
    for (ci, c) in &cells {
        let p = format!("/cells/{ci}");
        let _ = writeln!(
            h,
            "<tr><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            txt(&format!("{p}/label"), &c.label),
            num(&format!("{p}/games"), c.games as f64, Fmt::Count),
            num(&format!("{p}/actions/mean"), c.actions.mean, Fmt::Decimal1),
            num(
                &format!("{p}/actions/median"),
                c.actions.median,
                Fmt::Decimal1
            ),
            num(&format!("{p}/actions/min"), c.actions.min, Fmt::Count),
            num(&format!("{p}/actions/max"), c.actions.max, Fmt::Count),
            num(&format!("{p}/rounds/mean"), c.rounds.mean, Fmt::Decimal1),
            num(&format!("{p}/minutes/mean"), c.minutes.mean, Fmt::Decimal1),
            c.minutes_uncapped.map_or_else(
                || num(
                    &format!("{p}/minutes/median"),
                    c.minutes.median,
                    Fmt::Decimal1
                ),
                |d| num(
                    &format!("{p}/minutes_uncapped/median"),
                    d.median,
                    Fmt::Decimal1
                )
            ),
            rate(&format!("{p}/no_winner_rate"), &c.no_winner_rate),
            num(&format!("{p}/shared_win"), c.shared_win as f64, Fmt::Count),
        );
    }
    h.push_str("</tbody></table></div>\n");
}

fn scores(h: &mut String, r: &Report) {
    let cells = lineup_cells(r);
    if cells.is_empty() {
        return;
    }
    h.push_str("<h2 id=\"scores\">Scores and margins</h2>\n");
    let multi = cells.iter().any(|(_, c)| c.players >= 2 && c.margin.n > 0);
    if multi {
        h.push_str(
            "<p>The winning margin is how far the winner's score is from the closest seat that \
             did not win (0 when every seat shares the win; games with no winner are left \
             out).</p>\n",
        );
        let (categories, names, series) =
            boxes_by_players(r, |c| (c.margin.n > 0).then_some(c.margin));
        let svg = box_chart("Winning margin", "points", &categories, &series);
        figure(
            h,
            &svg,
            &names,
            "Winning margin in points: middle half of the games in the box, median as the black \
             line, whiskers to the extremes.",
        );
    }
    if cells.iter().any(|(_, c)| c.players == 1 && c.games > 0) {
        // Alone at the table the score is the result: its distribution per setting.
        let (categories, names, series) = boxes_by_players(r, |c| {
            (c.players == 1)
                .then(|| c.seats.first().map(|s| s.score))
                .flatten()
        });
        let svg = box_chart("Final score", "final score", &categories, &series);
        figure(
            h,
            &svg,
            &names,
            "Final score: middle half of the games in the box, median as the black line, \
             whiskers to the extremes.",
        );
    }
    let max = cells.iter().map(|(_, c)| c.players).max().unwrap_or(1);
    h.push_str("<div class=\"scroll\"><table>\n<thead><tr><th class=\"l\">setting</th>");
    for s in 1..=max {
        let _ = write!(h, "<th>seat {s}: mean (sd)</th>");
    }
    if multi {
        h.push_str("<th>margin: mean</th><th>median</th><th>largest</th>");
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for (ci, c) in &cells {
        let _ = write!(
            h,
            "<tr><td class=\"l\">{}</td>",
            txt(&format!("/cells/{ci}/label"), &c.label)
        );
        for s in 0..usize::from(max) {
            match c.seats.get(s) {
                Some(x) => {
                    let p = format!("/cells/{ci}/seats/{s}/score");
                    let _ = write!(
                        h,
                        "<td>{} <small>({})</small></td>",
                        num(&format!("{p}/mean"), x.score.mean, Fmt::Decimal1),
                        num(&format!("{p}/sd"), x.score.sd, Fmt::Decimal1)
                    );
                }
                None => h.push_str("<td></td>"),
            }
        }
        if multi {
            let p = format!("/cells/{ci}/margin");
            if c.margin.n > 0 {
                let _ = write!(
                    h,
                    "<td>{}</td><td>{}</td><td>{}</td>",
                    num(&format!("{p}/mean"), c.margin.mean, Fmt::Decimal1),
                    num(&format!("{p}/median"), c.margin.median, Fmt::Decimal1),
                    num(&format!("{p}/max"), c.margin.max, Fmt::Decimal1)
                );
            } else {
                h.push_str("<td>–</td><td>–</td><td>–</td>");
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody></table></div>\n");
}

fn metrics(h: &mut String, r: &Report) {
    let cells = lineup_cells(r);
    // One chart per measure. A measure is a share of games in one setting (every game 0 or 1)
    // and a mean of shares in another, so it is drawn as a share when every value lies in 0..1.
    let ids: Vec<(String, String, bool)> = distinct(
        cells
            .iter()
            .flat_map(|(_, c)| c.metrics.iter().map(|m| m.id.clone())),
    )
    .into_iter()
    .map(|id| {
        let all = || {
            cells
                .iter()
                .flat_map(|(_, c)| c.metrics.iter().filter(|m| m.id == id))
        };
        let label = all().next().map_or_else(String::new, |m| m.label.clone());
        let share = all().all(|m| m.kind == "rate" || m.bounded);
        (id, label, share)
    })
    .collect();
    if ids.is_empty() {
        return;
    }
    h.push_str("<h2 id=\"metrics\">The game's own measures</h2>\n");
    h.push_str(
        "<p>Numbers this game reports about each finished game, averaged over the games, with \
         95% intervals (Wilson's for a share of games, Student's t for a mean).</p>\n",
    );
    let counts = distinct(cells.iter().map(|(_, c)| c.players));
    let names = distinct(cells.iter().map(|(_, c)| variant(r, c)));
    let categories: Vec<String> = counts.iter().map(|p| crate::players_label(*p)).collect();
    for (id, label, share) in &ids {
        let series: Vec<PointSeries> = names
            .iter()
            .map(|name| PointSeries {
                points: counts
                    .iter()
                    .map(|p| {
                        cells
                            .iter()
                            .find(|(_, c)| c.players == *p && variant(r, c) == *name)
                            .and_then(|(_, c)| c.metrics.iter().find(|m| &m.id == id))
                            .filter(|m| m.games > 0)
                            .map(|m| (m.mean, m.ci95[0], m.ci95[1]))
                    })
                    .collect(),
                reference: None,
            })
            .collect();
        let axis = if *share { Axis::Percent } else { Axis::Number };
        let y = if *share {
            "share of games"
        } else {
            "mean per game"
        };
        let title = upper_first(label);
        let svg = point_chart(&title, y, &categories, &series, axis);
        figure(h, &svg, &names, &title);
    }
    h.push_str(
        "<div class=\"scroll\"><table class=\"measures\">\n<thead><tr><th class=\"l\">setting</th>",
    );
    for (_, label, _) in &ids {
        // Headers wrap to their numbers' width, so a game with many measures fits the page.
        let _ = write!(h, "<th>{}</th>", escape(label));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for (ci, c) in &cells {
        let _ = write!(
            h,
            "<tr><td class=\"l\">{}</td>",
            txt(&format!("/cells/{ci}/label"), &c.label)
        );
        for (id, _, share) in &ids {
            match c.metrics.iter().position(|m| &m.id == id) {
                Some(k) => {
                    let m = &c.metrics[k];
                    let p = format!("/cells/{ci}/metrics/{k}");
                    let fmt = if *share { Fmt::Percent } else { Fmt::Decimal2 };
                    let _ = write!(
                        h,
                        "<td>{} <small>({}–{})</small></td>",
                        num(&format!("{p}/mean"), m.mean, fmt),
                        num(&format!("{p}/ci95/0"), m.ci95[0], fmt),
                        num(&format!("{p}/ci95/1"), m.ci95[1], fmt)
                    );
                }
                None => h.push_str("<td>–</td>"),
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody></table></div>\n");
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}

fn skill(h: &mut String, r: &Report) {
    let cells: Vec<(usize, &CellReport)> = r
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.skill.is_some() && c.kind == "skill")
        .collect();
    let Some(spec) = &r.spec.skill else { return };
    if cells.is_empty() {
        return;
    }
    h.push_str("<h2 id=\"skill\">Does skill matter?</h2>\n");
    let _ = writeln!(
        h,
        "<p>One seat is played by a stronger bot, <code>{}</code>, and every other seat by a \
         weaker one; the strong bot takes every seat in turn. {} games per row. If the result \
         depended on luck alone, it would win an equal share of the games that have a winner.</p>",
        escape(&spec.bot),
        num("/spec/skill/games", spec.games as f64, Fmt::Count)
    );
    let multi: Vec<&(usize, &CellReport)> = cells.iter().filter(|(_, c)| c.players >= 2).collect();
    if !multi.is_empty() {
        let counts = distinct(multi.iter().map(|(_, c)| c.players));
        let names = distinct(multi.iter().map(|(_, c)| variant(r, c)));
        let series: Vec<PointSeries> = names
            .iter()
            .map(|name| PointSeries {
                points: counts
                    .iter()
                    .map(|p| {
                        multi
                            .iter()
                            .find(|(_, c)| c.players == *p && variant(r, c) == *name && c.games > 0)
                            .and_then(|(_, c)| c.skill.as_ref())
                            .map(|s| {
                                (
                                    s.edge,
                                    s.win_rate.ci95[0] - s.fair_share,
                                    s.win_rate.ci95[1] - s.fair_share,
                                )
                            })
                    })
                    .collect(),
                reference: Some(0.0),
            })
            .collect();
        let categories: Vec<String> = counts.iter().map(|p| crate::players_label(*p)).collect();
        let title = "How much more the stronger bot wins than an equal share";
        let svg = point_chart(
            title,
            "percentage points",
            &categories,
            &series,
            Axis::Points,
        );
        figure(h, &svg, &names, title);
    }
    h.push_str(
        "<div class=\"scroll\"><table>\n<thead><tr><th class=\"l\">setting</th><th>games</th>\
         <th>strong bot wins</th><th>equal share</th><th>difference</th><th>its mean score</th>\
         <th>others' mean score</th><th>statistic</th><th>p (Holm)</th><th>skill matters</th>\
         </tr></thead>\n<tbody>\n",
    );
    for (ci, c) in &cells {
        let s = c.skill.as_ref().expect("filtered on skill");
        let p = format!("/cells/{ci}/skill");
        let solo = s.against.is_none();
        let _ = writeln!(
            h,
            "<tr><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td>{}</tr>",
            txt(&format!("/cells/{ci}/label"), &c.label),
            num(&format!("/cells/{ci}/games"), c.games as f64, Fmt::Count),
            if solo {
                "–".to_owned()
            } else {
                rate(&format!("{p}/win_rate"), &s.win_rate)
            },
            if solo {
                "–".to_owned()
            } else {
                num(&format!("{p}/fair_share"), s.fair_share, Fmt::Percent)
            },
            if solo {
                solo_difference(r, s.test.as_ref())
            } else {
                num(&format!("{p}/edge"), s.edge, Fmt::Points)
            },
            num(&format!("{p}/score_mean"), s.score_mean, Fmt::Decimal2),
            s.others_score_mean.map_or("–".to_owned(), |v| num(
                &format!("{p}/others_score_mean"),
                v,
                Fmt::Decimal2
            )),
            verdict(r, s.test.as_ref())
        );
    }
    h.push_str("</tbody></table></div>\n");
}

/// Alone at the table, the skill row's difference is its test's effect: the strong bot's mean
/// score less the first line-up's, with its interval.
fn solo_difference(r: &Report, id: Option<&String>) -> String {
    let Some((i, t)) = id.and_then(|id| r.tests.iter().enumerate().find(|(_, t)| &t.id == id))
    else {
        return "–".to_owned();
    };
    let (Some(e), Some(ci)) = (t.effect, t.effect_ci95) else {
        return "–".to_owned();
    };
    format!(
        "{} <small>({} to {})</small>",
        num(&format!("/tests/{i}/effect"), e, Fmt::Decimal2),
        num(&format!("/tests/{i}/effect_ci95/0"), ci[0], Fmt::Decimal2),
        num(&format!("/tests/{i}/effect_ci95/1"), ci[1], Fmt::Decimal2)
    )
}

fn comparisons(h: &mut String, r: &Report) {
    if r.comparisons.is_empty() {
        return;
    }
    h.push_str("<h2 id=\"comparisons\">Differences between settings</h2>\n");
    h.push_str(
        "<p>Settings that differ in one thing only (a swept option's value, or the bots) \
         compared on each measure.</p>\n",
    );
    h.push_str(
        "<div class=\"scroll\"><table>\n<thead><tr><th class=\"l\">same in all</th>\
         <th class=\"l\">what differs</th><th class=\"l\">measure</th><th class=\"l\">values</th>\
         <th class=\"l\">test</th><th>statistic</th><th>p (Holm)</th><th>verdict</th></tr></thead>\n<tbody>\n",
    );
    for (k, cmp) in r.comparisons.iter().enumerate() {
        let values: Vec<String> = cmp
            .labels
            .iter()
            .zip(&cmp.values)
            .enumerate()
            .map(|(j, (l, v))| {
                format!(
                    "{}: {}",
                    txt(&format!("/comparisons/{k}/labels/{j}"), l),
                    num(&format!("/comparisons/{k}/values/{j}"), *v, cmp.fmt)
                )
            })
            .collect();
        let test = r.tests.iter().find(|t| Some(&t.id) == cmp.test.as_ref());
        let _ = writeln!(
            h,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td>\
             <td class=\"l\">{}</td>{}</tr>",
            txt(&format!("/comparisons/{k}/context"), &cmp.context),
            txt(&format!("/comparisons/{k}/across"), &cmp.across),
            txt(&format!("/comparisons/{k}/measure"), &cmp.measure),
            values.join("<br>"),
            escape(test.map_or("", |t| t.name.as_str())),
            if cmp.test.is_some() {
                verdict(r, cmp.test.as_ref())
            } else {
                // Nothing to test: one value in every game of each setting.
                "<td>–</td><td>–</td><td><span class=\"verdict no\">the same in every \
                 game</span></td>"
                    .to_owned()
            }
        );
    }
    h.push_str("</tbody></table></div>\n");
}

fn methods(h: &mut String, r: &Report) {
    h.push_str("<h2 id=\"methods\">How this was computed</h2>\n<ul>\n");
    let mut items = vec![
        "Win rate: a game won by one seat counts 1 for that seat; a win shared by k seats counts \
         1/k for each; a game with no winner counts for nobody. Intervals are 95% Wilson score \
         intervals."
            .to_owned(),
        "Seat advantage: Pearson's chi-square goodness-of-fit test of how many games each seat \
         won alone against equal shares (degrees of freedom: seats − 1). Games with a shared \
         win or no winner are left out of this test: if the seats are equal, the single winner \
         of a game is equally likely to sit in any seat."
            .to_owned(),
        "Differences between settings that differ in one thing only (every two values of a \
         swept option; line-ups and player counts each against the first): shares by Newcombe's hybrid score interval and the two-proportion z test (Fisher's \
         exact test when an expected count is below 5), means and skill edges by Welch's t \
         test and its interval. Each states the smallest difference the study could detect \
         (80% power at 5%) and a verdict against the meaningful size. A measure that gave one \
         value in every game of both settings is not tested."
            .to_owned(),
        "Every test of this report is one family: p-values are adjusted by Holm's method, and a \
         difference is called significant when its adjusted p-value is below 5%. The unadjusted \
         p-values are in tests.csv and report.json."
            .to_owned(),
        "Minutes: player actions × the pace ÷ 60. Shuffles and deals take no time in this \
         estimate."
            .to_owned(),
        "Seeds: game g of a setting uses a seed made from the study's seed, the player count, \
         every option and g, so every line-up of a setting plays the same deals, and the \
         numbers do not depend on the number of threads or on splitting the study into shards."
            .to_owned(),
    ];
    if r.first_player_random {
        items.push(
            "The starting seat changed from game to game, so seat 1 is not always the first to \
             play. Positions count from the seat that started each game (the game states it); \
             their test is the seat test on positions. Where an option fixes the first player \
             (first_player=0), a study can also fix it."
                .to_owned(),
        );
    }
    items.push(
        "Safety caps: a game stopped by a cap (a round or turn limit) was not finished; its \
         length is the cap's. Such games are counted per cap and kept apart from the lengths \
         of finished games."
            .to_owned(),
    );
    if let Some(s) = &r.spec.skill {
        items.push(format!(
            "Skill check: in game g of a skill row the strong bot ({}) sits in seat g mod n, so \
             it takes every seat equally often; the other seats are played by the weak bot. \
             An equal share is the share of games with a winner divided by the seats. The test \
             is a chi-square goodness-of-fit test of the strong bot's single wins against 1/n. \
             Alone at the table, Welch's t test of its scores against the first line-up's, \
             whose effect is the difference of the mean scores. Its search has a fixed number of iterations per decision, so its play is \
             reproducible; the row count and games per row keep the check short.",
            s.bot
        ));
    }
    for i in items {
        let _ = writeln!(h, "<li>{}</li>", escape(&i));
    }
    h.push_str("</ul>\n<p>Run this study again with:</p>\n");
    let _ = writeln!(h, "<pre>{}</pre>", txt("/command", &r.command));
    h.push_str(
        "<p>Files beside this page: <code>report.json</code> (every number of this page), \
         <code>seats.csv</code>, <code>cells.csv</code>, <code>metrics.csv</code>, \
         <code>skill.csv</code>, <code>comparisons.csv</code>, <code>tests.csv</code>.</p>\n",
    );
}
