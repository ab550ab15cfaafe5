//! Which cards swing games: a toy game with a card built to win is found; neutral cards are
//! not; shards merged give the card report of one run.

#[path = "support/trolls.rs"]
mod trolls;

use std::collections::BTreeMap;

use parlour_lab::{
    CardQuestion, Grid, LabError, LabResults, LabSpec, Report, RunControl, Shard, Verdict,
    build_report, merge, run, shard_from_json, shard_to_json, write_report,
};
use trolls::TrollDraw;

fn spec(troll_percent: u32, games: u64, seed: u64) -> LabSpec {
    LabSpec {
        game: "troll-draw".into(),
        players: vec![3],
        options: vec![("troll_percent".into(), troll_percent.to_string())],
        sweeps: vec![],
        lineups: vec![vec!["random".into()]],
        games,
        skill: None,
        ladder: None,
        seed,
        pace: 5.0,
    }
}

fn results(spec: &LabSpec, shard: Shard) -> LabResults {
    let grid = Grid::new::<TrollDraw>(spec).unwrap();
    let control = RunControl {
        threads: 2,
        ..RunControl::default()
    };
    run::<TrollDraw>(spec, &grid, shard, &control).unwrap()
}

fn report(spec: &LabSpec) -> Report {
    let grid = Grid::new::<TrollDraw>(spec).unwrap();
    build_report(&grid, &results(spec, Shard::WHOLE))
}

fn question<'a>(r: &'a Report, fact: &str) -> &'a CardQuestion {
    let cards = r.cards.as_ref().expect("Troll Draw declares card facts");
    cards
        .questions
        .iter()
        .find(|q| q.fact == fact)
        .expect("the question")
}

#[test]
fn a_card_built_to_win_is_found_with_an_interval_holding_its_effect() {
    // A played Troll wins 30% + 70%/3 of its games; a seat that played no Troll wins the
    // rest of the games that had one, shared by two seats, or a third of the others.
    let p_with = 0.3 + 0.7 / 3.0;
    let r = report(&spec(30, 4000, 11));
    let played = question(&r, "played");
    let troll = &played.cards[0];
    assert_eq!(troll.card, "Troll", "the largest effect comes first");
    assert_eq!(troll.verdict, Verdict::ClearDifference);
    assert!(troll.ci95[0] > 0.15, "{troll:?}");
    assert!(
        (troll.with.ci95[0]..=troll.with.ci95[1]).contains(&p_with),
        "{troll:?}"
    );
    // Dealt but perhaps kept: half the effect, still clear.
    let dealt = question(&r, "dealt");
    assert_eq!(dealt.cards[0].card, "Troll");
    assert_eq!(dealt.cards[0].verdict, Verdict::ClearDifference);
    assert!(dealt.cards[0].difference > 0.05);
    let cards = r.cards.as_ref().unwrap();
    assert_eq!(
        cards.findings[0].text,
        format!(
            "Playing Troll raises a seat's win rate by +{:.1} points (+{:.1} to +{:.1}): {:.1}% \
             against {:.1}% (3 players · random)",
            100.0 * troll.difference,
            100.0 * troll.ci95[0],
            100.0 * troll.ci95[1],
            100.0 * troll.with.value,
            100.0 * troll.without.value
        )
    );
    assert_eq!(cards.family["played"], 6);
    // Held is its own question and family; here a seat holds just the card it was dealt.
    assert_eq!(cards.family["held"], 6);
    assert!(!cards.held_is_dealt);
    let held = question(&r, "held");
    assert_eq!(
        (held.seat_games, held.cards.len()),
        (dealt.seat_games, dealt.cards.len())
    );
    for (h, d) in held.cards.iter().zip(&dealt.cards) {
        assert_eq!(
            (&h.card, h.with_n, h.difference),
            (&d.card, d.with_n, d.difference)
        );
    }
    assert_eq!(
        r.tests.len(),
        r.test_count,
        "card tests are a family of their own"
    );
}

#[test]
fn neutral_cards_are_seldom_called_different_and_a_large_study_calls_them_not_meaningful() {
    // With no card favoured, each study's families keep the chance of any clear finding
    // below 5% each (held repeats dealt here, so two families in effect): 40 studies give at most 4 expected; 12 is beyond the 99.9% range.
    let mut studies_with_a_finding = 0;
    for seed in 1..=40 {
        let r = report(&spec(0, 600, seed));
        if !r.cards.as_ref().unwrap().findings.is_empty() {
            studies_with_a_finding += 1;
        }
    }
    assert!(studies_with_a_finding <= 12, "{studies_with_a_finding}");
    let r = report(&spec(0, 30_000, 5));
    for fact in ["dealt", "held", "played"] {
        for c in &question(&r, fact).cards {
            assert_eq!(c.verdict, Verdict::NoMeaningfulDifference, "{fact}: {c:?}");
        }
    }
}

fn files(dir: &std::path::Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn merged_shards_give_the_card_report_of_one_run_byte_for_byte() {
    let s = spec(30, 501, 3);
    let grid = Grid::new::<TrollDraw>(&s).unwrap();
    let whole = results(&s, Shard::WHOLE);
    let shards: Vec<(String, LabResults)> = (0..3)
        .map(|i| {
            let part = results(&s, Shard { index: i, count: 3 });
            let name = format!("shard {i}");
            let back = shard_from_json(&name, &shard_to_json(&part)).unwrap();
            (name, back)
        })
        .collect();
    let merged = merge(shards).unwrap();
    assert_eq!(merged, whole);
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write_report(a.path(), &build_report(&grid, &whole)).unwrap();
    write_report(b.path(), &build_report(&grid, &merged)).unwrap();
    let (fa, fb) = (files(a.path()), files(b.path()));
    assert!(fa.contains_key("cards.csv"));
    assert_eq!(fa, fb);
}

#[test]
fn an_older_shard_file_is_refused_with_a_reason() {
    let s = spec(30, 10, 3);
    let text = shard_to_json(&results(&s, Shard::WHOLE))
        .replace("parlour-lab-shard/4", "parlour-lab-shard/3");
    let Err(LabError::Shard(message)) = shard_from_json("old.json", &text) else {
        panic!("a /3 shard (no cards held) must be refused");
    };
    assert!(message.contains("play its study again"), "{message}");
}

#[test]
fn a_game_without_card_facts_has_no_card_section() {
    let s = LabSpec {
        game: "high-card".into(),
        players: vec![2],
        options: vec![],
        sweeps: vec![],
        lineups: vec![vec!["random".into()]],
        games: 50,
        skill: None,
        ladder: None,
        seed: 1,
        pace: 5.0,
    };
    use parlour_testkit::toy::HighCard;
    let grid = Grid::new::<HighCard>(&s).unwrap();
    let r = build_report(
        &grid,
        &run::<HighCard>(&s, &grid, Shard::WHOLE, &RunControl::default()).unwrap(),
    );
    assert!(r.cards.is_none());
    let json = serde_json::to_string(&r).unwrap();
    assert!(!json.contains("\"cards\""));
}

/// Checks that `shown` writes `value` in format `fmt`, to the precision shown.
fn check_number(pointer: &str, fmt: &str, shown: &str, value: f64) {
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
}

#[test]
fn every_number_of_the_card_section_is_the_jsons() {
    use scraper::{ElementRef, Html, Node, Selector};
    let s = spec(30, 3000, 4);
    let grid = Grid::new::<TrollDraw>(&s).unwrap();
    let dir = tempfile::tempdir().unwrap();
    write_report(dir.path(), &build_report(&grid, &results(&s, Shard::WHOLE))).unwrap();
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("report.json")).unwrap()).unwrap();
    let html =
        Html::parse_document(&std::fs::read_to_string(dir.path().join("report.html")).unwrap());
    let sel = |s: &str| Selector::parse(s).unwrap();
    assert_eq!(html.select(&sel("h2#cards")).count(), 1);
    let marked: Vec<ElementRef> = html.select(&sel("[data-json^=\"/cards\"]")).collect();
    assert!(marked.len() > 100, "only {} marked values", marked.len());
    for el in &marked {
        let pointer = el.value().attr("data-json").unwrap();
        let value = json
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{pointer} is not in report.json"));
        let shown: String = el.text().collect();
        match (value, el.value().attr("data-fmt")) {
            (serde_json::Value::String(s), None) => assert_eq!(&shown, s, "{pointer}"),
            (serde_json::Value::Number(n), Some(fmt)) => {
                check_number(pointer, fmt, &shown, n.as_f64().unwrap());
            }
            (v, f) => panic!("{pointer}: {v} shown as {shown} with format {f:?}"),
        }
    }
    // Every number of a finding is marked: a fall is written as its size, which the JSON has.
    let mut sentences = 0;
    for li in html.select(&sel("ul.findings li")) {
        if !li
            .text()
            .collect::<String>()
            .contains("a seat's win rate by")
        {
            continue;
        }
        sentences += 1;
        for node in li.descendants() {
            let Node::Text(t) = node.value() else {
                continue;
            };
            if t.chars().any(|c| c.is_ascii_digit()) {
                assert!(
                    node.ancestors()
                        .filter_map(ElementRef::wrap)
                        .any(|e| e.value().attr("data-json").is_some()),
                    "unmarked number `{}`",
                    &**t
                );
            }
        }
    }
    assert!(sentences >= 2, "the Troll, dealt and played");
}

/// Hands are read after every step only in the games whose cards are asked about: the skill
/// check's games carry the game's own facts, without the hands held.
#[test]
fn only_the_line_ups_games_read_the_hands_held() {
    let mut s = spec(30, 40, 5);
    s.skill = Some(parlour_lab::SkillSpec {
        bot: "greedy".into(),
        against: vec!["random".into()],
        games: 30,
    });
    let grid = Grid::new::<TrollDraw>(&s).unwrap();
    let r = results(&s, Shard::WHOLE);
    let (mut lineup, mut skill) = (0, 0);
    for row in &r.rows {
        let cell = &grid.cells[row.cell as usize];
        if cell.asks_about_cards() {
            lineup += 1;
            assert_eq!(row.held.len(), 3, "a seat's hands are read");
            assert!(row.held.iter().all(|h| !h.is_empty()));
        } else {
            skill += 1;
            assert!(cell.is_skill());
            assert!(row.held.is_empty(), "no hand read in a skill game");
            assert_eq!(row.played.len(), 3, "the game's own facts are kept");
        }
    }
    assert_eq!((lineup, skill), (40, 30));
}
