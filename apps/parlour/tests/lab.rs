//! `parlour lab` end to end through the real binary: a small sweep, its files, shards merged
//! into the same report, refusals, and Ctrl-C keeping what finished.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const FILES: [&str; 9] = [
    "report.html",
    "report.json",
    "seats.csv",
    "cells.csv",
    "metrics.csv",
    "skill.csv",
    "comparisons.csv",
    "tests.csv",
    "cards.csv",
];

const STUDY: [&str; 13] = [
    "lab",
    "troll-tricker",
    "--players",
    "3,4",
    "--sweep",
    "traditional_mat=false,true",
    "--games",
    "24",
    "--skill",
    "ismcts:8",
    "--skill-games",
    "4",
    "--seed=3",
];

fn parlour(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("parlour runs")
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "failed: {}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn same_files(a: &Path, b: &Path) {
    for f in FILES {
        let x = std::fs::read(a.join(f)).expect("report file");
        let y = std::fs::read(b.join(f)).expect("report file");
        assert!(
            x == y,
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

#[test]
fn a_small_sweep_writes_its_report_and_shards_merge_into_the_same() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let single = [&STUDY[..], &["--out", "single", "--threads", "2"]].concat();
    let out = ok(&parlour(&single, dir));
    assert!(out.contains("report: single/report.html"), "{out}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("single/report.json")).unwrap())
            .unwrap();
    let cells = json["cells"].as_array().unwrap();
    // 2 player counts × 2 values of the swept option, greedy; then the skill check against
    // greedy and random on each of the 4 setups.
    assert_eq!(cells.iter().filter(|c| c["kind"] == "lineup").count(), 4);
    assert_eq!(cells.iter().filter(|c| c["kind"] == "skill").count(), 8);
    assert_eq!(json["games_played"], 4 * 24 + 8 * 4);
    assert_eq!(json["complete"], true);
    // Labels name the setting as the rules dialog does; `options` keeps the ids and values.
    assert_eq!(
        cells[0]["label"],
        "3 players · traditional mat: off · greedy"
    );
    assert_eq!(cells[0]["options"]["traditional_mat"], "false");
    assert!(!json["summary"].as_array().unwrap().is_empty());
    // The swept option compared setting against setting, printed first.
    assert!(!json["answers"].as_array().unwrap().is_empty());
    assert!(out.contains("Answers:\n  - "), "{out}");
    let html = std::fs::read_to_string(dir.join("single/report.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("Troll Tricker"));

    // The same study on one thread, and as three shards merged.
    let one = [&STUDY[..], &["--out", "one", "--threads", "1"]].concat();
    ok(&parlour(&one, dir));
    same_files(&dir.join("single"), &dir.join("one"));
    for i in 0..3 {
        let shard = format!("{i}/3");
        let args = [&STUDY[..], &["--out", "shards", "--shard", &shard]].concat();
        let out = ok(&parlour(&args, dir));
        assert!(out.contains(&format!("shard-{i}-of-3.json")), "{out}");
    }
    let out = ok(&parlour(
        &[
            "lab",
            "merge",
            "shards/shard-2-of-3.json",
            "shards/shard-0-of-3.json",
            "shards/shard-1-of-3.json",
            "--out",
            "merged",
        ],
        dir,
    ));
    assert!(out.contains("merged 128 games from 3 shards"), "{out}");
    same_files(&dir.join("single"), &dir.join("merged"));

    // A shard missing is refused, naming it.
    let o = parlour(
        &[
            "lab",
            "merge",
            "shards/shard-0-of-3.json",
            "shards/shard-2-of-3.json",
        ],
        dir,
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("shards missing: 1/3"), "{err}");
}

#[test]
fn defaults_and_refusals_speak_plainly() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // Every player count the game allows, greedy bots, the out folder named after game and seed.
    let out = ok(&parlour(
        &[
            "lab",
            "holy-matrimony",
            "--games",
            "6",
            "--no-skill",
            "--seed",
            "9",
        ],
        dir,
    ));
    assert!(out.contains("6 settings × 6 games"), "{out}");
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("lab-holy-matrimony-9/report.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        json["spec"]["players"],
        serde_json::json!([2, 3, 4, 5, 6, 7])
    );
    assert_eq!(json["spec"]["lineups"], serde_json::json!([["greedy"]]));
    // Holy Matrimony's own pace: everyone commits at once.
    assert_eq!(json["spec"]["pace"], 4.0);
    assert!(json["spec"]["skill"].is_null());
    assert_eq!(json["start"], "option");
    assert_eq!(json["first_player_random"], true);

    // The King's Feast's skill check plays its strongest bot, the solver, by default.
    ok(&parlour(
        &[
            "lab",
            "kings-feast",
            "--games",
            "20",
            "--skill-games",
            "5",
            "--skill-against",
            "greedy",
        ],
        dir,
    ));
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("lab-kings-feast-1/report.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(json["spec"]["skill"]["bot"], "solver");
    assert_eq!(json["start"], "fixed");
    assert_eq!(json["first_player_random"], false);

    let out = ok(&parlour(
        &[
            "lab",
            "holy-matrimony",
            "--players",
            "2,3",
            "--games",
            "6",
            "--no-skill",
            "--meaningful",
            "points=10,percent=20",
            "--out",
            "sizes",
        ],
        dir,
    ));
    assert!(out.contains("instead of 2 players"), "{out}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("sizes/report.json")).unwrap())
            .unwrap();
    assert_eq!(json["meaningful"]["points"], 0.1);
    let command = json["command"].as_str().unwrap();
    assert!(
        command.ends_with("--meaningful points=10,percent=20"),
        "{command}"
    );
    let o = parlour(&["lab", "troll-tricker", "--meaningful", "points=0"], dir);
    assert!(String::from_utf8_lossy(&o.stderr).contains("points=N,percent=N"));

    let o = parlour(&["lab", "troll-tricker", "--players", "2"], dir);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("3 to 7 players"));
    let o = parlour(&["lab", "troll-tricker", "--sweep", "no_such=1,2"], dir);
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown option `no_such`"));
    let o = parlour(&["lab", "troll-tricker", "--shard", "3/3"], dir);
    assert!(String::from_utf8_lossy(&o.stderr).contains("0 <= i < n"));
    let help = ok(&parlour(&["lab", "--help"], dir));
    for words in ["--sweep", "--skill", "--pace", "merge", "same report"] {
        assert!(help.contains(words), "help lacks {words}");
    }
}

#[test]
fn ctrl_c_keeps_the_games_that_finished_and_writes_their_report() {
    let tmp = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "lab",
            "troll-tricker",
            "--players",
            "3,4",
            "--games",
            "100000",
            "--no-skill",
            "--out",
            "stopped",
        ])
        .current_dir(tmp.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parlour starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(first.contains("Ctrl-C stops"), "{first}");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    assert!(status.success(), "{rest:?}");
    assert!(rest.iter().any(|l| l.starts_with("stopped: ")), "{rest:?}");
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(tmp.path().join("stopped/report.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(json["complete"], false);
    let played = json["games_played"].as_u64().unwrap();
    assert!(played > 0 && played < 200_000, "{played}");
    let html = std::fs::read_to_string(tmp.path().join("stopped/report.html")).unwrap();
    assert!(html.contains("Stopped early"));
}

#[test]
fn a_data_file_sweep_compares_two_arrangements_by_file_name() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/kings-feast/data");
    let easy = std::fs::read_to_string(data.join("beginners_banquet.txt")).unwrap();
    std::fs::write(dir.join("old.txt"), &easy).unwrap();
    std::fs::copy(data.join("full_feudal_feast.txt"), dir.join("new.txt")).unwrap();
    let study = [
        "lab",
        "kings-feast",
        "--data-file",
        "arrangement=old.txt",
        "--data-file",
        "arrangement=new.txt",
        "--games",
        "300",
        "--no-skill",
        "--seed",
        "4",
    ];
    let out = ok(&parlour(&study, dir));
    assert!(
        out.contains("arrangement: new.txt instead of old.txt"),
        "{out}"
    );
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("lab-kings-feast-4/report.json")).unwrap(),
    )
    .unwrap();
    let labels: Vec<&str> = json["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["options"]["arrangement"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["old.txt", "new.txt"]);
    // The two files are compared on every measure, named by their files.
    let length = json["comparisons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["measure"] == "game length (actions per game)")
        .expect("the two files are compared");
    assert_eq!(length["labels"][1], "new.txt");
    // The report names the files; the layouts stay out of it.
    let text = std::fs::read_to_string(dir.join("lab-kings-feast-4/report.json")).unwrap();
    assert!(
        !text.contains("Full Feudal Feast"),
        "report.json holds a layout"
    );
    assert!(text.contains("--data-file arrangement=new.txt"));

    // The built-in arrangement by name, against the same layout from a file: the same games.
    let named = [
        "lab",
        "kings-feast",
        "--data-file",
        "arrangement=beginners_banquet",
        "--data-file",
        "arrangement=old.txt",
        "--games",
        "50",
        "--no-skill",
        "--out",
        "named",
    ];
    ok(&parlour(&named, dir));
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("named/report.json")).unwrap())
            .unwrap();
    assert_eq!(json["spec"]["sweeps"][0]["values"][0], "beginners_banquet");
    assert_eq!(json["cells"][1]["options"]["arrangement"], "old.txt");

    // A broken file is refused, naming the file and the line.
    std::fs::write(dir.join("bad.txt"), easy.replace("setup:", "setup:\nU U Q")).unwrap();
    let o = parlour(
        &[
            "lab",
            "kings-feast",
            "--data-file",
            "arrangement=bad.txt",
            "--no-skill",
        ],
        dir,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("--data-file arrangement=bad.txt") && err.contains("line"),
        "{err}"
    );
    let o = parlour(
        &["lab", "kings-feast", "--data-file", "max_turns=old.txt"],
        dir,
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot be read from a file"));
    let games = ok(&parlour(&["games"], dir));
    assert!(games.contains("--option-file lines=PATH"), "{games}");
}

#[test]
fn a_data_file_sweep_compares_two_haunted_card_tables() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::copy(
        root.join("games/haunted/data/cards.txt"),
        dir.join("cards.txt"),
    )
    .unwrap();
    std::fs::copy(
        root.join("docs/lab/haunted-no-tortured-soul.txt"),
        dir.join("fewer.txt"),
    )
    .unwrap();
    let study = [
        "lab",
        "haunted",
        "--data-file",
        "cards=cards.txt",
        "--data-file",
        "cards=fewer.txt",
        "--players",
        "4",
        "--games",
        "40",
        "--no-skill",
        "--seed",
        "3",
    ];
    let out = ok(&parlour(&study, dir));
    assert!(
        out.contains("cards: fewer.txt instead of cards.txt"),
        "{out}"
    );
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("lab-haunted-3/report.json")).unwrap(),
    )
    .unwrap();
    let labels: Vec<&str> = json["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["options"]["cards"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["cards.txt", "fewer.txt"]);
    let length = json["comparisons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["measure"] == "game length (actions per game)")
        .expect("the two tables are compared");
    assert_eq!(length["labels"][1], "fewer.txt");
    let text = std::fs::read_to_string(dir.join("lab-haunted-3/report.json")).unwrap();
    assert!(
        !text.contains("Hidden Terrors (5)"),
        "report.json holds a table"
    );

    // A broken table is refused, naming the file and the line.
    let table = std::fs::read_to_string(dir.join("fewer.txt")).unwrap();
    std::fs::write(
        dir.join("bad.txt"),
        table.replace(
            "focus locked-box \"Locked Box\" :",
            "focus locked-box \"Locked Box\" : ghost",
        ),
    )
    .unwrap();
    let o = parlour(
        &[
            "lab",
            "haunted",
            "--data-file",
            "cards=bad.txt",
            "--no-skill",
        ],
        dir,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("--data-file cards=bad.txt")
            && err.contains("card table line")
            && err.contains("unknown terror kind `ghost`"),
        "{err}"
    );
}

#[test]
fn the_terminal_names_the_cards_that_swing_games() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let study = [
        "lab",
        "troll-tricker",
        "--players",
        "3",
        "--games",
        "2000",
        "--no-skill",
        "--seed",
        "7",
    ];
    let out = ok(&parlour(&study, dir));
    let cards = out
        .split("\nWhich cards swing games:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no card findings printed: {out}"));
    let shown: Vec<&str> = cards.lines().take_while(|l| l.starts_with("  ")).collect();
    assert!(
        shown[0].starts_with("  - Being dealt ") && shown[0].contains("3 players · greedy"),
        "{out}"
    );
    // The same findings, in the same order, as the report's.
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("lab-troll-tricker-7/report.json")).unwrap(),
    )
    .unwrap();
    let findings = json["cards"]["findings"].as_array().unwrap();
    for (line, f) in shown.iter().zip(findings) {
        if !line.starts_with("  … and") {
            assert_eq!(line.trim_start_matches("  - "), f["text"].as_str().unwrap());
        }
    }
    assert_eq!(
        shown.len(),
        findings.len().min(5) + usize::from(findings.len() > 5),
        "{out}"
    );
}
