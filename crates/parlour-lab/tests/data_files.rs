//! Data-file sweeps: each file a setting named by its file name, compared like any other value;
//! the report names the files and leaves their content out; shards of different files do not
//! merge.

#[path = "support/coin.rs"]
mod coin;

use coin::CoinToss;
use parlour_lab::{
    Grid, LabResults, LabSpec, RunControl, Shard, Sweep, build_report, merge, run, shard_from_json,
    shard_to_json,
};

/// Coin toss's `no_winner_percent` read from two "files": none, then 40% of games unwon.
fn study(new: &str) -> LabSpec {
    LabSpec {
        game: "coin-toss".into(),
        players: vec![3],
        options: vec![],
        sweeps: vec![
            Sweep::of_files(
                "no_winner_percent",
                vec![
                    ("tables/old.txt".into(), "0\n".into()),
                    ("tables/new.txt".into(), new.into()),
                ],
            )
            .unwrap(),
        ],
        lineups: vec![vec!["random".into()]],
        games: 400,
        skill: None,
        ladder: None,
        seed: 5,
        pace: 5.0,
    }
}

fn play(spec: &LabSpec, shard: Shard) -> LabResults {
    let grid = Grid::new::<CoinToss>(spec).unwrap();
    run::<CoinToss>(spec, &grid, shard, &RunControl::default()).unwrap()
}

#[test]
fn two_files_are_two_settings_compared_by_name() {
    let spec = study("40\n");
    let grid = Grid::new::<CoinToss>(&spec).unwrap();
    let labels: Vec<String> = grid.cells.iter().map(|c| c.setup_label()).collect();
    assert_eq!(
        labels,
        [
            "3 players · no winner percent: old.txt",
            "3 players · no winner percent: new.txt"
        ]
    );
    // The games play the files' content.
    assert_eq!(grid.cells[1].options.int("no_winner_percent"), 40);
    let report = build_report(&grid, &play(&spec, Shard::WHOLE));
    let unwon = report
        .comparisons
        .iter()
        .find(|c| c.measure == "games with no winner")
        .expect("the files are compared on games with no winner");
    assert_eq!(unwon.labels, ["old.txt", "new.txt"]);
    assert!(
        unwon.ci95[0] > 0.3 && unwon.ci95[1] < 0.5,
        "{:?}",
        unwon.ci95
    );
    // report.json names the files and their hashes, never their content.
    let json = serde_json::to_value(&report).unwrap();
    let files = &json["spec"]["sweeps"][0]["files"];
    assert_eq!(files[1]["path"], "tables/new.txt");
    assert_eq!(files[1]["hash"].as_str().unwrap().len(), 16);
    assert!(files[1].get("text").is_none(), "{files}");
    assert!(
        report
            .command
            .contains("--data-file no_winner_percent=tables/old.txt --data-file"),
        "{}",
        report.command
    );
}

#[test]
fn shards_of_one_study_merge_and_shards_of_different_files_do_not() {
    let spec = study("40\n");
    let whole = play(&spec, Shard::WHOLE);
    let shard = |spec: &LabSpec, index| {
        let r = play(spec, Shard { index, count: 2 });
        // Through the file, as `parlour lab merge` reads it: the content travels in the shard.
        shard_from_json("s", &shard_to_json(&r)).unwrap()
    };
    let merged = merge(vec![
        ("a".into(), shard(&spec, 0)),
        ("b".into(), shard(&spec, 1)),
    ])
    .unwrap();
    assert_eq!(merged.rows, whole.rows);
    assert_eq!(merged.spec, spec);
    Grid::new::<CoinToss>(&merged.spec).expect("a merge checks the setups again");

    // The same file names, another content: another study.
    let other = study("41\n");
    let e = merge(vec![
        ("a".into(), shard(&spec, 0)),
        ("b".into(), shard(&other, 1)),
    ])
    .unwrap_err()
    .to_string();
    assert!(e.contains("another study") && e.contains("hash"), "{e}");
    assert!(
        !e.contains("41\\n"),
        "the message names hashes, not content: {e}"
    );
}

#[test]
fn file_names_that_clash_fall_back_to_paths_and_bad_files_are_named() {
    let s = Sweep::of_files(
        "no_winner_percent",
        vec![
            ("a/cards.txt".into(), "0".into()),
            ("b/cards.txt".into(), "10".into()),
            ("c.txt".into(), "20".into()),
        ],
    )
    .unwrap();
    assert_eq!(s.values, ["a/cards.txt", "b/cards.txt", "c.txt"]);
    assert_eq!(s.setting("b/cards.txt"), "10");
    assert!(
        Sweep::of_files(
            "no_winner_percent",
            vec![("x.txt".into(), "0".into()), ("x.txt".into(), "0".into())]
        )
        .unwrap_err()
        .to_string()
        .contains("given twice")
    );
    let mut spec = study("150\n");
    let e = Grid::new::<CoinToss>(&spec).unwrap_err().to_string();
    assert!(e.contains("150") && e.contains("outside"), "{e}");
    spec.sweeps[0].files[1].text = "many".into();
    let e = Grid::new::<CoinToss>(&spec).unwrap_err().to_string();
    assert!(e.contains("whole number"), "{e}");
}
