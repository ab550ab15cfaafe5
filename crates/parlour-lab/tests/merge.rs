//! Determinism: the same seed gives byte-identical report files on any thread count, and shards
//! merged give exactly the report of one run.

#[path = "support/coin.rs"]
mod coin;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use coin::CoinToss;
use parlour_core::Search;
use parlour_lab::{
    Grid, LabError, LabResults, LabSpec, REPORT_FILES, RunControl, Shard, SkillSpec, Sweep,
    build_report, merge, run, shard_from_json, shard_to_json, write_report,
};
use parlour_testkit::toy::HighCard;

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    REPORT_FILES
        .iter()
        .map(|f| {
            (
                (*f).to_owned(),
                std::fs::read(dir.join(f)).expect("report file"),
            )
        })
        .collect()
}

fn report_files<G: Search>(spec: &LabSpec, results: &LabResults) -> BTreeMap<String, Vec<u8>> {
    let grid = Grid::new::<G>(spec).unwrap();
    let dir = tempfile::tempdir().unwrap();
    write_report(dir.path(), &build_report(&grid, results)).unwrap();
    files(dir.path())
}

fn run_with<G: Search>(spec: &LabSpec, shard: Shard, threads: usize) -> LabResults {
    let grid = Grid::new::<G>(spec).unwrap();
    let control = RunControl {
        threads,
        ..RunControl::default()
    };
    run::<G>(spec, &grid, shard, &control).unwrap()
}

fn coin_study() -> LabSpec {
    LabSpec {
        game: "coin-toss".into(),
        players: vec![1, 2, 4],
        options: vec![("shared_percent".into(), "10".into())],
        sweeps: vec![Sweep {
            option: "no_winner_percent".into(),
            values: vec!["0".into(), "40".into()],
            files: Vec::new(),
        }],
        lineups: vec![
            vec!["random".into()],
            vec!["greedy".into(), "random".into()],
        ],
        games: 301,
        skill: Some(SkillSpec {
            bot: "ismcts:8".into(),
            against: vec!["greedy".into(), "random".into()],
            games: 37,
        }),
        ladder: None,
        seed: 11,
        pace: 4.5,
    }
}

fn high_card_study() -> LabSpec {
    LabSpec {
        game: "high-card".into(),
        players: vec![2, 3],
        options: vec![],
        sweeps: vec![],
        lineups: vec![vec!["greedy".into()], vec!["random".into()]],
        games: 150,
        skill: Some(SkillSpec {
            bot: "ismcts:30".into(),
            against: vec!["random".into()],
            games: 30,
        }),
        ladder: None,
        seed: 5,
        pace: 6.0,
    }
}

#[test]
fn the_same_seed_gives_the_same_report_on_any_thread_count() {
    for (spec, one, four) in [
        (
            coin_study(),
            run_with::<CoinToss>(&coin_study(), Shard::WHOLE, 1),
            run_with::<CoinToss>(&coin_study(), Shard::WHOLE, 4),
        ),
        (
            high_card_study(),
            run_with::<HighCard>(&high_card_study(), Shard::WHOLE, 1),
            run_with::<HighCard>(&high_card_study(), Shard::WHOLE, 4),
        ),
    ] {
        assert_eq!(one, four, "{}", spec.game);
    }
    let spec = high_card_study();
    let a = report_files::<HighCard>(&spec, &run_with::<HighCard>(&spec, Shard::WHOLE, 1));
    let b = report_files::<HighCard>(&spec, &run_with::<HighCard>(&spec, Shard::WHOLE, 3));
    assert!(a == b, "report files differ between 1 and 3 threads");
    // Another seed gives another report.
    let mut other = spec.clone();
    other.seed += 1;
    let c = report_files::<HighCard>(&other, &run_with::<HighCard>(&other, Shard::WHOLE, 2));
    assert_ne!(a["report.json"], c["report.json"]);
}

fn merged<G: Search>(spec: &LabSpec, n: u32) -> LabResults {
    // Through the file format, in reverse order, as a merge of files would see them.
    let mut shards: Vec<(String, LabResults)> = (0..n)
        .rev()
        .map(|i| {
            let shard = Shard { index: i, count: n };
            let text = shard_to_json(&run_with::<G>(spec, shard, 2));
            let name = format!("shard {i}");
            let back = shard_from_json(&name, &text).unwrap();
            (name, back)
        })
        .collect();
    shards.rotate_left(1);
    merge(shards).unwrap()
}

#[test]
fn merged_shards_give_exactly_the_report_of_one_run() {
    let spec = coin_study();
    let whole = run_with::<CoinToss>(&spec, Shard::WHOLE, 2);
    let expected = report_files::<CoinToss>(&spec, &whole);
    for n in [2, 3, 7] {
        let m = merged::<CoinToss>(&spec, n);
        assert_eq!(m, whole, "{n} shards");
        let got = report_files::<CoinToss>(&spec, &m);
        for (name, bytes) in &expected {
            assert!(
                got[name] == *bytes,
                "{name} differs after merging {n} shards"
            );
        }
    }
    let spec = high_card_study();
    let whole = run_with::<HighCard>(&spec, Shard::WHOLE, 2);
    assert_eq!(merged::<HighCard>(&spec, 4), whole);
}

fn expect_shard_error(result: Result<LabResults, LabError>, words: &str) {
    match result {
        Err(LabError::Shard(m)) => assert!(m.contains(words), "`{m}` lacks `{words}`"),
        other => panic!("expected a shard error with `{words}`, got {other:?}"),
    }
}

#[test]
fn shards_that_do_not_fit_together_are_refused() {
    let spec = coin_study();
    let part = |i, n, spec: &LabSpec| {
        (
            format!("s{i}"),
            run_with::<CoinToss>(spec, Shard { index: i, count: n }, 1),
        )
    };
    expect_shard_error(
        merge(vec![part(0, 3, &spec), part(2, 3, &spec)]),
        "missing: 1/3",
    );
    expect_shard_error(
        merge(vec![
            part(0, 2, &spec),
            part(0, 2, &spec),
            part(1, 2, &spec),
        ]),
        "given twice",
    );
    expect_shard_error(
        merge(vec![part(0, 2, &spec), part(1, 3, &spec)]),
        "one of 2",
    );
    let mut other = spec.clone();
    other.seed = 12;
    expect_shard_error(
        merge(vec![part(0, 2, &spec), part(1, 2, &other)]),
        "another study",
    );
    expect_shard_error(merge(vec![]), "no shard");
    let text = shard_to_json(&part(0, 1, &spec).1);
    let renamed = text.replacen("parlour-lab-shard/4", "parlour-lab-shard/9", 1);
    expect_shard_error(shard_from_json("f", &renamed), "`parlour-lab-shard/9` file");
    expect_shard_error(shard_from_json("f", "{\"games\": 3}"), "no format tag");
    expect_shard_error(shard_from_json("f", "not json"), "not a lab shard file");
}

#[test]
fn a_stopped_run_reports_the_games_that_finished() {
    let spec = high_card_study();
    let grid = Grid::new::<HighCard>(&spec).unwrap();
    let stop = AtomicBool::new(false);
    let done = AtomicU64::new(0);
    let progress = |_skill: bool| {
        if done.fetch_add(1, Ordering::SeqCst) + 1 >= 120 {
            stop.store(true, Ordering::SeqCst);
        }
    };
    let control = RunControl {
        threads: 2,
        stop: Some(&stop),
        progress: Some(&progress),
    };
    let results = run::<HighCard>(&spec, &grid, Shard::WHOLE, &control).unwrap();
    assert!(results.interrupted);
    assert!(
        (120..=121).contains(&results.rows.len()),
        "{}",
        results.rows.len()
    );
    let report = build_report(&grid, &results);
    assert!(!report.complete);
    // The cells advance together: every cell has some of the games that finished.
    assert!(
        report.cells.iter().all(|c| c.games > 0),
        "a cell was left empty"
    );
    let dir = tempfile::tempdir().unwrap();
    write_report(dir.path(), &report).unwrap();
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(html.contains("Stopped early"));
}
