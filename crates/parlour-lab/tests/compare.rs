//! A-vs-B comparisons on a game whose law is known: a variant built to change the skill edge
//! by a known amount is found, with an interval that holds it; a variant that changes nothing
//! is called a difference only at the stated rate.

#[path = "support/coin.rs"]
mod coin;

use coin::CoinToss;
use parlour_lab::{
    Comparison, Grid, LabSpec, Report, RunControl, Shard, SkillSpec, Sweep, Verdict, build_report,
    run,
};

fn study(spec: &LabSpec) -> Report {
    let grid = Grid::new::<CoinToss>(spec).expect("a valid study");
    let control = RunControl {
        threads: 2,
        ..RunControl::default()
    };
    let results = run::<CoinToss>(spec, &grid, Shard::WHOLE, &control).expect("coin tosses end");
    build_report(&grid, &results)
}

/// Two players, `random` at the table; the skill check is `greedy` against `random`.
fn spec(
    options: &[(&str, &str)],
    sweep: (&str, &[&str]),
    games: u64,
    skill: u64,
    seed: u64,
) -> LabSpec {
    LabSpec {
        game: "coin-toss".into(),
        players: vec![2],
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        sweeps: vec![Sweep {
            option: sweep.0.into(),
            values: sweep.1.iter().map(|v| (*v).to_owned()).collect(),
            files: Vec::new(),
        }],
        lineups: vec![vec!["random".into()]],
        games,
        skill: Some(SkillSpec {
            bot: "greedy".into(),
            against: vec!["random".into()],
            games: skill,
        }),
        ladder: None,
        seed,
        pace: 5.0,
    }
}

fn find<'a>(r: &'a Report, measure: &str) -> &'a Comparison {
    r.comparisons
        .iter()
        .find(|c| c.measure == measure && c.across != "player count")
        .unwrap_or_else(|| panic!("no comparison of {measure}"))
}

fn raw_p(r: &Report, c: &Comparison) -> f64 {
    r.tests
        .iter()
        .find(|t| Some(&t.id) == c.test.as_ref())
        .expect("its test")
        .p
}

#[test]
fn a_variant_that_adds_ten_points_of_skill_edge_is_found() {
    // At 2 players greedy calls, random calls half the time: the bonus of 40% adds 40/4 = 10
    // points to greedy's edge, from exactly 0 without it.
    for seed in 0..6 {
        let r = study(&spec(
            &[],
            ("call_bonus_percent", &["0", "40"]),
            50,
            1500,
            seed,
        ));
        let c = find(&r, "the skill edge");
        assert_eq!(c.across, "call bonus percent");
        assert_eq!(c.labels, ["0", "40"]);
        assert_eq!(c.verdict, Verdict::ClearDifference, "seed {seed}: {c:?}");
        assert!(
            c.ci95[0] < 0.10 && 0.10 < c.ci95[1],
            "seed {seed}: interval {:?} misses the true +10 points",
            c.ci95
        );
        assert!(c.mde < 0.06, "seed {seed}: could detect only ±{}", c.mde);
        let answer = &r.answers[0];
        assert!(
            answer.text.starts_with(
                "call bonus percent: 40 instead of 0 (2 players · greedy against random) changes \
                 the skill edge by +"
            ),
            "{}",
            answer.text
        );
        assert!(
            answer.text.contains("a clear difference"),
            "{}",
            answer.text
        );
    }
}

#[test]
fn a_variant_that_changes_nothing_is_a_difference_at_the_stated_rate_only() {
    // 150 studies, two independent questions each (the skill edge, from the skill rows; seat
    // 1's win rate, from the line-up rows): 300 tests at 5%, whose 99.9% binomial range is
    // 4..29 false positives.
    let mut rejected = 0;
    let mut clear = 0;
    let mut below_half = 0;
    for seed in 0..150 {
        let r = study(&spec(
            &[("call_bonus_percent", "40")],
            ("decor", &["0", "7"]),
            300,
            300,
            seed,
        ));
        for measure in ["the skill edge", "seat 1's win rate"] {
            let c = find(&r, measure);
            let p = raw_p(&r, c);
            rejected += usize::from(p < 0.05);
            below_half += usize::from(p < 0.5);
            clear += usize::from(c.verdict == Verdict::ClearDifference);
        }
    }
    assert!(
        (4..=29).contains(&rejected),
        "{rejected} of 300 null tests rejected at 5%"
    );
    assert!(
        (120..=180).contains(&below_half),
        "{below_half} of 300 p-values below 0.5"
    );
    // After Holm's correction over each report's family, clear differences are rarer still.
    assert!(
        clear <= rejected,
        "{clear} clear against {rejected} raw rejections"
    );
}

#[test]
fn a_small_study_says_it_cannot_tell_and_a_large_one_finds_no_meaningful_difference() {
    let small = study(&spec(
        &[("call_bonus_percent", "40")],
        ("decor", &["0", "7"]),
        100,
        20,
        3,
    ));
    let c = find(&small, "seat 1's win rate");
    assert_eq!(c.verdict, Verdict::CantTell, "{c:?}");
    assert!(c.mde > 0.15, "{}", c.mde);
    let large = study(&spec(&[], ("decor", &["0", "7"]), 40_000, 20, 3));
    let c = find(&large, "seat 1's win rate");
    assert_eq!(c.verdict, Verdict::NoMeaningfulDifference, "{c:?}");
    assert!(c.ci95[0] > -0.03 && c.ci95[1] < 0.03);
}

#[test]
fn player_counts_are_compared_and_a_duplicate_metric_is_tested_once() {
    let mut s = spec(
        &[("no_winner_percent", "20")],
        ("decor", &["0", "1"]),
        400,
        40,
        5,
    );
    s.players = vec![2, 3];
    let r = study(&s);
    let by_count: Vec<&Comparison> = r
        .comparisons
        .iter()
        .filter(|c| c.across == "player count")
        .collect();
    assert!(
        by_count
            .iter()
            .any(|c| c.labels == ["2 players", "3 players"] && c.measure == "the skill edge"),
        "{by_count:?}"
    );
    // No seat-by-seat comparison across player counts: the seats are not the same.
    assert!(by_count.iter().all(|c| !c.measure.starts_with("seat ")));
    // The game's "no winner" flag is the lab's own measure: compared once, as the lab's.
    let c = &r.cells[0];
    let flag = c.metrics.iter().find(|m| m.id == "no_winner").unwrap();
    assert_eq!(flag.same_as.as_deref(), Some("no_winner"));
    assert!(
        r.comparisons
            .iter()
            .all(|c| c.measure != "game with no winner")
    );
    assert_eq!(
        r.comparisons
            .iter()
            .filter(|c| c.measure == "games with no winner" && c.across == "decor")
            .count(),
        2,
        "one per player count"
    );
    // Every comparison is one test, and every test of the report has an effect and an MDE.
    // A measure that is the same in every game (a coin toss's length, its seat count) is
    // compared but not tested.
    let (fixed, varied): (Vec<&Comparison>, Vec<&Comparison>) = r
        .comparisons
        .iter()
        .partition(|c| c.verdict == Verdict::SameInEveryGame);
    assert!(
        fixed
            .iter()
            .all(|c| c.test.is_none() && c.ci95[0] == c.ci95[1])
    );
    assert!(
        fixed
            .iter()
            .any(|c| c.measure == "game length (actions per game)")
    );
    let mut ids: Vec<&str> = varied
        .iter()
        .map(|c| c.test.as_deref().unwrap_or_else(|| panic!("{c:?}")))
        .collect();
    let tested = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), tested);
    for t in &r.tests {
        assert!(t.mde.is_some() && t.verdict.is_some(), "{t:?}");
    }
}

#[test]
fn every_two_values_of_a_swept_option_are_compared() {
    let r = study(&spec(&[], ("decor", &["0", "3", "7"]), 200, 20, 1));
    let mut pairs: Vec<(String, String)> = r
        .comparisons
        .iter()
        .filter(|c| c.across == "decor" && c.measure == "seat 1's win rate")
        .map(|c| (c.labels[0].clone(), c.labels[1].clone()))
        .collect();
    pairs.sort();
    let want = [("0", "3"), ("0", "7"), ("3", "7")].map(|(a, b)| (a.to_owned(), b.to_owned()));
    assert_eq!(pairs, want);
    // Player counts are still each against the first: one count here, so none.
    assert!(r.comparisons.iter().all(|c| c.across != "player count"));
}
