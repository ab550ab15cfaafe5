//! The report renders: the HTML parses without errors, the SVG charts are there, every number
//! shown in the text and tables is the JSON's (within the rounding shown), and the CSV files
//! hold the same rows.

#[path = "support/coin.rs"]
mod coin;

use coin::CoinToss;
use parlour_lab::{
    Grid, LabSpec, RunControl, Shard, SkillSpec, Sweep, build_report, run, write_report,
};
use scraper::{ElementRef, Html, Node, Selector};
use serde_json::Value;

fn study() -> (tempfile::TempDir, Value, Html) {
    let spec = LabSpec {
        game: "coin-toss".into(),
        players: vec![1, 2, 4],
        options: vec![
            ("shared_percent".into(), "5".into()),
            ("no_winner_percent".into(), "5".into()),
            ("random_start".into(), "1".into()),
        ],
        sweeps: vec![Sweep {
            option: "first_seat_percent".into(),
            values: vec!["0".into(), "50".into()],
            files: Vec::new(),
        }],
        lineups: vec![vec!["random".into()], vec!["greedy".into()]],
        games: 1200,
        skill: Some(SkillSpec {
            bot: "ismcts:10".into(),
            against: vec!["greedy".into(), "random".into()],
            games: 100,
        }),
        ladder: None,
        seed: 2026,
        pace: 7.5,
    };
    let mut grid = Grid::new::<CoinToss>(&spec).unwrap();
    grid.start = Some(parlour_core::Start::Lot);
    let results = run::<CoinToss>(&spec, &grid, Shard::WHOLE, &RunControl::default()).unwrap();
    let report = build_report(&grid, &results);
    let dir = tempfile::tempdir().unwrap();
    write_report(dir.path(), &report).unwrap();
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap())
            .unwrap();
    let html =
        Html::parse_document(&std::fs::read_to_string(dir.path().join("report.html")).unwrap());
    (dir, json, html)
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

/// Checks that `shown` writes `value` in format `fmt`, to the precision shown.
fn check_number(pointer: &str, fmt: &str, shown: &str, value: f64) {
    if fmt == "p" && shown == "< 0.0001" {
        assert!(value < 0.0001, "{pointer}: shown {shown}, JSON {value}");
        return;
    }
    let scale = if fmt == "percent" || fmt == "points" {
        100.0
    } else {
        1.0
    };
    let digits: String = shown
        .trim_end_matches(" points")
        .trim_end_matches('%')
        .replace(',', "");
    let decimals = digits.split_once('.').map_or(0, |(_, d)| d.len());
    let parsed: f64 = digits
        .parse()
        .unwrap_or_else(|_| panic!("{pointer}: `{shown}` is not a number"));
    let tolerance = 0.5 * 10f64.powi(-(decimals as i32)) + 1e-9;
    assert!(
        (parsed - scale * value).abs() <= tolerance,
        "{pointer}: shown {shown}, JSON {value}"
    );
    match fmt {
        "percent" => assert!(shown.ends_with('%')),
        "points" => assert!(shown.ends_with(" points")),
        "count" => assert_eq!(decimals, 0),
        "decimal1" => assert_eq!(decimals, 1),
        "decimal2" => assert_eq!(decimals, 2),
        "p" => assert!(decimals >= 3),
        other => panic!("unknown format {other}"),
    }
}

#[test]
fn the_html_parses_and_has_its_charts() {
    let (_dir, json, html) = study();
    assert!(
        html.errors.is_empty(),
        "HTML parse errors: {:?}",
        html.errors
    );
    let svgs: Vec<ElementRef> = html.select(&sel("figure svg")).collect();
    // Seats at 2 and 4 players, positions from the first player, minutes, margins, the score
    // alone at the table, the game's four measures (its no-winner flag shown, not tested
    // again), skill.
    assert_eq!(svgs.len(), 11, "charts");
    // Each chart once: "seats at the table" is a share of games alone at the table (every
    // value 1) and a mean elsewhere, and still one chart.
    let mut captions: Vec<String> = html
        .select(&sel("figcaption"))
        .map(|f| f.text().collect())
        .collect();
    let shown = captions.len();
    captions.sort();
    captions.dedup();
    assert_eq!(captions.len(), shown, "a chart is shown twice");
    let start = html
        .select(&sel("[data-json=\"/start_sentence\"]"))
        .next()
        .expect("the page says how the game starts");
    assert_eq!(
        start.text().collect::<String>(),
        "The first player is drawn by lot."
    );
    for svg in &svgs {
        assert!(svg.value().attr("viewBox").is_some());
        assert_eq!(svg.select(&sel("title")).count(), 1, "every chart is named");
        assert!(
            svg.select(&sel("circle, rect, path, polyline, line"))
                .count()
                > 5
        );
    }
    // Nothing is loaded from elsewhere.
    let loads: Vec<String> = html
        .select(&sel("[src], link, script"))
        .map(|el| el.html())
        .collect();
    assert!(loads.is_empty(), "the report loads something: {loads:?}");
    assert_eq!(json["format"], "parlour-lab-report/1");
    assert_eq!(
        html.select(&sel("h1"))
            .next()
            .unwrap()
            .text()
            .collect::<String>(),
        "Coin Toss"
    );
}

#[test]
fn every_number_shown_is_the_jsons() {
    let (_dir, json, html) = study();
    let marked: Vec<ElementRef> = html.select(&sel("[data-json]")).collect();
    assert!(marked.len() > 200, "only {} marked values", marked.len());
    for el in &marked {
        let pointer = el.value().attr("data-json").unwrap();
        let value = json
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{pointer} is not in report.json"));
        let shown: String = el.text().collect();
        match (value, el.value().attr("data-fmt")) {
            (Value::String(s), None) => assert_eq!(&shown, s, "{pointer}"),
            // An id (the seed) is written in full, without separators.
            (Value::Number(n), Some("id")) => assert_eq!(shown, n.to_string(), "{pointer}"),
            (Value::Number(n), Some(fmt)) => {
                check_number(pointer, fmt, &shown, n.as_f64().unwrap());
            }
            (v, f) => panic!("{pointer}: {v} shown as {shown} with format {f:?}"),
        }
    }
    // Every number in the summary, the tables and the lede is one of those marked values.
    for area in html.select(&sel("ul.findings li, td, p.lede, p.banner")) {
        for node in area.descendants() {
            let Node::Text(t) = node.value() else {
                continue;
            };
            if !t.chars().any(|c| c.is_ascii_digit()) {
                continue;
            }
            let inside_marked = node
                .ancestors()
                .filter_map(ElementRef::wrap)
                .take_while(|e| e.id() != area.id())
                .any(|e| e.value().attr("data-json").is_some() || e.value().name() == "code");
            assert!(
                inside_marked,
                "unmarked number `{}` in {}",
                &**t,
                area.html()
            );
        }
    }
    // Each summary line is the JSON's sentence.
    for li in html.select(&sel("li[data-summary]")) {
        let i: usize = li.value().attr("data-summary").unwrap().parse().unwrap();
        let text: String = li.text().collect();
        assert_eq!(text, json["summary"][i]["text"].as_str().unwrap());
    }
    assert_eq!(
        html.select(&sel("li[data-summary]")).count(),
        json["summary"].as_array().unwrap().len()
    );
}

#[test]
fn the_csv_files_hold_every_row() {
    let (dir, json, _) = study();
    let count = |name: &str| {
        csv::Reader::from_path(dir.path().join(name))
            .unwrap()
            .records()
            .count()
    };
    let cells = json["cells"].as_array().unwrap();
    let seats: usize = cells
        .iter()
        .map(|c| c["seats"].as_array().unwrap().len())
        .sum();
    assert_eq!(count("seats.csv"), seats);
    assert_eq!(count("cells.csv"), cells.len());
    assert_eq!(count("tests.csv"), json["tests"].as_array().unwrap().len());
    let skill = cells.iter().filter(|c| c["kind"] == "skill").count();
    assert_eq!(count("skill.csv"), skill);
    let metrics: usize = cells
        .iter()
        .map(|c| c["metrics"].as_array().unwrap().len())
        .sum();
    assert_eq!(count("metrics.csv"), metrics);
    // The first seat row is the JSON's, unrounded.
    let mut r = csv::Reader::from_path(dir.path().join("seats.csv")).unwrap();
    let first = r.records().next().unwrap().unwrap();
    let rate: f64 = first[7].parse().unwrap();
    let c = cells
        .iter()
        .find(|c| !c["seats"].as_array().unwrap().is_empty())
        .unwrap();
    assert_eq!(rate, c["seats"][0]["win_rate"]["value"].as_f64().unwrap());
}

#[test]
fn the_answers_lead_with_the_swept_option_in_words() {
    let (_dir, json, html) = study();
    let answers: Vec<&str> = json["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["text"].as_str().unwrap())
        .collect();
    // The designer's question first, then line-ups, then player counts.
    let first_count = answers
        .iter()
        .position(|a| a.starts_with("player count: "))
        .expect("player counts are compared");
    assert!(
        answers[..first_count]
            .iter()
            .any(|a| a.starts_with("first seat percent: 50 instead of 0 (")),
        "{answers:#?}"
    );
    assert!(
        answers[first_count..]
            .iter()
            .all(|a| a.starts_with("player count: ")),
        "{answers:#?}"
    );
    // Option ids are written as words everywhere in the answers.
    assert!(answers.iter().all(|a| !a.contains("first_seat_percent")));
    // The first player's win rate and the capped games are A-vs-B measures.
    for measure in [
        "the first player's win rate",
        "games stopped by a safety cap",
    ] {
        assert!(
            answers
                .iter()
                .any(|a| a.contains(&format!(" changes {measure} by "))),
            "no comparison of {measure}"
        );
    }
    // Not across player counts: an equal share differs with the table.
    assert!(
        answers[first_count..]
            .iter()
            .all(|a| !a.contains("the first player's win rate"))
    );
    // A measure with one value in every game is stated, and never a finding.
    let same: Vec<&&str> = answers
        .iter()
        .filter(|a| a.contains("seats at the table"))
        .collect();
    assert!(
        same.iter().any(|a| a
            .ends_with(": no difference in seats at the table (the same in every game: 2.00).")),
        "{same:#?}"
    );
    assert!(same.iter().any(|a| a.contains(
        "changes seats at the table from 1.00 to 4.00 in every game: a fixed difference, not a \
         finding."
    )));
    for c in json["comparisons"].as_array().unwrap() {
        let width = c["ci95"][1].as_f64().unwrap() - c["ci95"][0].as_f64().unwrap();
        if width <= 0.0 {
            assert_eq!(c["verdict"], "same_in_every_game", "{c}");
            assert!(c["test"].is_null(), "a fixed value is not tested: {c}");
        }
    }
    // The table of differences says so too, where a test's p-value would be.
    assert!(
        html.select(&sel("#comparisons ~ div span.verdict"))
            .any(|v| v.text().collect::<String>() == "the same in every game")
    );
    let lede: String = html.select(&sel("p.lede")).next().unwrap().text().collect();
    assert!(lede.contains("seed 2026."), "{lede}");
}

#[test]
fn playing_alone_the_skill_check_states_its_effect() {
    let (_dir, json, _html) = study();
    let tests = json["tests"].as_array().unwrap();
    let solo: Vec<&Value> = json["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["kind"] == "skill" && c["players"] == 1)
        .collect();
    assert!(!solo.is_empty());
    for c in solo {
        let id = c["skill"]["test"]
            .as_str()
            .expect("a solo skill row is tested");
        let t = tests.iter().find(|t| t["id"] == id).unwrap();
        assert_eq!(t["name"], "Welch's t test");
        let (lo, hi) = (
            t["effect_ci95"][0].as_f64().unwrap(),
            t["effect_ci95"][1].as_f64().unwrap(),
        );
        let effect = t["effect"].as_f64().unwrap();
        let others = c["skill"]["others_score_mean"].as_f64().unwrap();
        let own = c["skill"]["score_mean"].as_f64().unwrap();
        assert!((effect - (own - others)).abs() < 1e-9);
        assert!(lo < effect && effect < hi);
        assert!(t["mde"].as_f64().unwrap() > 0.0);
        assert!(t["verdict"].is_string());
    }
    let line = json["summary"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["text"].as_str().unwrap())
        .find(|t| t.starts_with("1 player") && t.contains(" alone scores "))
        .expect("a solo skill line");
    assert!(line.contains(" to "), "{line}");
    assert!(line.contains("this study could detect ±"), "{line}");
    assert!(
        !line.contains(" points."),
        "scores are not points of share: {line}"
    );
}
