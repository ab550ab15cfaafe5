//! The command line end to end: records, replay, trace, engine protocol, sim and play.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

fn parlour(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .output()
        .expect("parlour runs")
}

fn parlour_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parlour starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write input");
    child.wait_with_output().expect("parlour ends")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn sim_record(dir: &Path, game: &str, players: &str) -> Value {
    let recs = dir.join("records");
    let o = parlour(&[
        "sim",
        game,
        "--games",
        "2",
        "--players",
        players,
        "--bots",
        "greedy,random",
        "--seed",
        "5",
        "--records",
        recs.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let first = std::fs::read_dir(&recs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .min()
        .expect("a record");
    serde_json::from_str(&std::fs::read_to_string(first).unwrap()).unwrap()
}

fn replay_json(dir: &Path, record: &Value, extra: &[&str]) -> (Output, Vec<Value>) {
    let path = dir.join("r.json");
    std::fs::write(&path, record.to_string()).unwrap();
    let mut args = vec!["replay", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = parlour(&args);
    let lines = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    (o, lines)
}

#[test]
fn games_lists_ids_player_counts_and_options() {
    let o = parlour(&["games", "--json"]);
    assert!(o.status.success());
    let games: Value = serde_json::from_slice(&o.stdout).unwrap();
    let tt = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "troll-tricker")
        .expect("troll-tricker listed");
    assert_eq!(tt["players"], json!([3, 7]));
    assert!(
        tt["options"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["id"] == "tiebreak_most_tricks")
    );
}

#[test]
fn simulated_records_replay_to_a_finished_game_also_without_stated_chance() {
    let dir = temp_dir("replay");
    let record = sim_record(&dir, "troll-tricker", "4");
    let (o, lines) = replay_json(&dir, &record, &["--json"]);
    assert!(o.status.success());
    let full = &lines[0];
    assert_eq!(full["status"], "finished");
    assert_eq!(full["to_act"], json!([]));
    assert!(!full["winners"].as_array().unwrap().is_empty());
    let mut short = record.clone();
    let actions: Vec<Value> = short["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| !a.as_str().unwrap().starts_with("chance:"))
        .cloned()
        .collect();
    short["actions"] = json!(actions);
    let (_, lines) = replay_json(&dir, &short, &["--json"]);
    assert_eq!(lines[0]["scores"], full["scores"]);
    assert_eq!(lines[0]["log"], full["log"]);
}

#[test]
fn an_illegal_entry_exits_non_zero_naming_its_index() {
    let dir = temp_dir("illegal");
    let mut record = sim_record(&dir, "troll-tricker", "4");
    let mut actions: Vec<Value> = record["actions"].as_array().unwrap()[..5].to_vec();
    let (_, lines) = replay_json(
        &dir,
        &json!({"format": "parlour-record/1", "game": "troll-tricker", "players": 4, "seed": record["seed"], "options": record["options"], "actions": actions.clone()}),
        &["--json"],
    );
    let seat = lines[0]["to_act"][0].as_u64().unwrap();
    let next_seat = (seat + 1) % 4;
    actions.push(json!(format!("{next_seat}: play flame-1")));
    record["actions"] = json!(actions);
    let (o, lines) = replay_json(&dir, &record, &["--json"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(lines[0]["error"]["index"], 5);
    assert_eq!(
        lines[0]["error"]["action"],
        format!("{next_seat}: play flame-1")
    );
    assert!(
        lines[0]["error"]["reason"]
            .as_str()
            .unwrap()
            .contains("not to act"),
        "{}",
        lines[0]
    );
}

#[test]
fn a_malformed_record_gets_a_message_naming_the_field() {
    let dir = temp_dir("malformed");
    let (o, _) = replay_json(
        &dir,
        &json!({"format": "parlour-record/1", "game": "troll-tricker", "players": 4}),
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("seed"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let (o, _) = replay_json(
        &dir,
        &json!({"format": "parlour-record/1", "game": "chess", "players": 2, "seed": 1}),
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown game `chess`"));
    let (o, _) = replay_json(
        &dir,
        &json!({"format": "parlour-record/1", "game": "troll-tricker", "players": 4, "seed": 1, "options": {"moon": true}}),
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("moon"));
}

#[test]
fn trace_prints_a_line_per_entry_then_the_final_object() {
    let dir = temp_dir("trace");
    let record = sim_record(&dir, "troll-tricker", "3");
    let (o, lines) = replay_json(&dir, &record, &["--trace"]);
    assert!(o.status.success());
    let n = record["actions"].as_array().unwrap().len();
    assert_eq!(lines.len(), n + 1);
    for (i, line) in lines[..n].iter().enumerate() {
        assert_eq!(line["step"], i);
        let entry = record["actions"][i].as_str().unwrap();
        if let Some((seat, action)) = entry.split_once(": ").filter(|(s, _)| *s != "chance") {
            let legal = line["legal"][seat]
                .as_array()
                .expect("the acting seat's legal actions");
            assert!(
                legal.iter().any(|a| a == action),
                "step {i}: {action} not in {legal:?}"
            );
        } else {
            assert_eq!(line["to_act"], json!([]));
        }
    }
    assert_eq!(lines[n]["status"], "finished");
}

#[test]
fn engine_serves_a_game_and_survives_bad_input() {
    let script = [
        r#"{"cmd":"state"}"#,
        r#"{"cmd":"new","game":"troll-tricker","players":3,"seed":11,"options":{"traditional_mat":true}}"#,
        r#"{"cmd":"draw","until_decision":true}"#,
        "this is not json",
        r#"{"cmd":"view","seat":1}"#,
        r#"{"cmd":"act","seat":9,"action":"play flame-1"}"#,
        r#"{"cmd":"record"}"#,
        r#"{"cmd":"quit"}"#,
        r#"{"cmd":"state"}"#,
    ]
    .join("\n");
    let o = parlour_with_input(&["engine"], &script);
    assert!(o.status.success());
    let replies: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 8, "one reply per request up to quit");
    assert_eq!(replies[0]["ok"], false);
    assert_eq!(replies[1]["state"]["status"], "chance");
    let state = &replies[2]["state"];
    assert_eq!(state["status"], "in_progress");
    let seat = state["to_act"][0].as_u64().unwrap();
    assert_eq!(
        state["legal"][seat.to_string()].as_array().unwrap().len(),
        11,
        "a leader may lead any of 11 cards"
    );
    assert_eq!(replies[3]["ok"], false);
    assert!(
        replies[3]["error"]
            .as_str()
            .unwrap()
            .contains("bad request")
    );
    assert_eq!(replies[4]["ok"], true);
    assert_eq!(replies[5]["ok"], false);
    assert!(replies[5]["error"].as_str().unwrap().contains("seat 9"));
    assert_eq!(replies[6]["record"]["game"], "troll-tricker");
    assert_eq!(replies[6]["record"]["actions"].as_array().unwrap().len(), 2);
    assert_eq!(replies[7]["ok"], true);
}

#[test]
fn engine_plays_a_whole_game_by_first_legal_action() {
    let mut script =
        vec![r#"{"cmd":"new","game":"troll-tricker","players":4,"seed":3}"#.to_owned()];
    script.push(r#"{"cmd":"draw","until_decision":true}"#.to_owned());
    // 132 plays; deals between hands are drawn after each action by the replies' status.
    let o = {
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut last = Value::Null;
        let mut send = |line: &str, stdin: &mut std::process::ChildStdin| -> Value {
            use std::io::BufRead;
            writeln!(stdin, "{line}").unwrap();
            let mut reply = String::new();
            reader.read_line(&mut reply).unwrap();
            serde_json::from_str(&reply).unwrap()
        };
        for line in &script {
            last = send(line, &mut stdin);
        }
        let mut plays = 0;
        while last["state"]["status"] != "finished" {
            last = if last["state"]["status"] == "chance" {
                send(r#"{"cmd":"draw","until_decision":true}"#, &mut stdin)
            } else {
                let seat = last["state"]["to_act"][0].as_u64().unwrap();
                let action = last["state"]["legal"][seat.to_string()][0]
                    .as_str()
                    .unwrap()
                    .to_owned();
                plays += 1;
                send(
                    &json!({"cmd": "act", "seat": seat, "action": action}).to_string(),
                    &mut stdin,
                )
            };
            assert_eq!(last["ok"], true, "{last}");
        }
        drop(stdin);
        child.wait().unwrap();
        (plays, last)
    };
    assert_eq!(o.0, 132, "3 hands of 11 tricks of 4 cards");
    assert!(!o.1["state"]["winners"].as_array().unwrap().is_empty());
}

fn report_without_timing(path: &Path) -> Value {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("throughput");
    v
}

#[test]
fn sim_reports_are_the_same_whatever_the_thread_count() {
    let dir = temp_dir("sim");
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    for (threads, path) in [("1", &a), ("2", &b)] {
        let o = parlour(&[
            "sim",
            "troll-tricker",
            "--games",
            "300",
            "--players",
            "5",
            "--bots",
            "greedy,random",
            "--threads",
            threads,
            "--seed",
            "9",
            "--json",
            path.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(stdout(&o).contains("win rate"));
    }
    let ra = report_without_timing(&a);
    assert_eq!(ra, report_without_timing(&b));
    let wins: f64 = ra["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_f64().unwrap())
        .sum();
    assert!(
        (wins - 300.0).abs() < 1e-6,
        "shared wins add up to the game count: {wins}"
    );
}

#[test]
fn sim_rejects_bad_arguments_clearly() {
    let o = parlour(&["sim", "troll-tricker", "--players", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("3 to 7 players"));
    let o = parlour(&["sim", "troll-tricker", "--bots", "wizard"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown bot `wizard`"));
    let o = parlour(&[
        "sim",
        "troll-tricker",
        "--options",
        "traditional_mat=perhaps",
    ]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("traditional_mat"));
}

#[test]
fn a_person_plays_a_whole_game_and_the_record_replays() {
    let dir = temp_dir("play");
    let save = dir.join("game.json");
    let input = "1\n".repeat(40);
    let o = parlour_with_input(
        &[
            "play",
            "troll-tricker",
            "--players",
            "3",
            "--seed",
            "4",
            "--bots",
            "random",
            "--save",
            save.to_str().unwrap(),
        ],
        &input,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("game over"), "{out}");
    let (o, lines) = replay_json(
        &dir,
        &serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap(),
        &["--json"],
    );
    assert!(o.status.success());
    assert_eq!(lines[0]["status"], "finished");
}

#[test]
fn quitting_saves_a_record_that_resumes_at_the_same_decision() {
    let dir = temp_dir("quit");
    let save = dir.join("game.json");
    let o = parlour_with_input(
        &[
            "play",
            "troll-tricker",
            "--players",
            "4",
            "--seed",
            "8",
            "--save",
            save.to_str().unwrap(),
        ],
        "2\nnonsense\n99\nq\n",
    );
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("not allowed"), "{out}");
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let (_, lines) = replay_json(&dir, &record, &["--json"]);
    assert_eq!(lines[0]["status"], "in_progress");
    assert_eq!(
        lines[0]["to_act"],
        json!([0]),
        "the person's seat is to act again"
    );
}

#[test]
fn arena_writes_its_stable_json_report() {
    let dir = temp_dir("arena");
    let path = dir.join("arena.json");
    let o = parlour(&[
        "arena",
        "troll-tricker",
        "--bots",
        "greedy,random",
        "--games",
        "12",
        "--players",
        "3",
        "--json",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(report["game"], "troll-tricker");
    assert_eq!(report["players"], 3);
    assert_eq!(report["games"], 12);
    let bots = report["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    let keys: Vec<&str> = bots[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for k in [
        "name",
        "seats_played",
        "wins",
        "win_rate",
        "ci95",
        "rating",
        "mean_decision_ms",
    ] {
        assert!(keys.contains(&k), "missing {k} in {keys:?}");
    }
    let seats: u64 = bots
        .iter()
        .map(|b| b["seats_played"].as_u64().unwrap())
        .sum();
    assert_eq!(seats, 36, "12 games of 3 seats");
    let wins: f64 = bots.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert!(
        (wins - 12.0).abs() < 1e-9,
        "one win per game, shared wins split: {wins}"
    );
}

#[test]
fn a_solved_feast_plan_replays_to_its_claimed_score() {
    let dir = temp_dir("solve");
    let save = dir.join("plan.json");
    let o = parlour(&[
        "solve",
        "kings-feast",
        "--arrangement",
        "beginners_banquet",
        "--seed",
        "3",
        "--seconds",
        "10",
        "--json",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let plan: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let (o, lines) = replay_json(&dir, &record, &["--json"]);
    assert!(o.status.success());
    assert_eq!(lines[0]["status"], "finished");
    assert_eq!(lines[0]["scores"][0], plan["score"]);
    let o = parlour(&["solve", "troll-tricker"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("troll-tricker has no solver (games with one: kings-feast)"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The Beginner's Banquet's layout file, as a user would pass it.
fn banquet_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/kings-feast/data/beginners_banquet.txt")
}

fn one_sim_record(dir: &Path, args: &[&str]) -> Value {
    let recs = dir.join("records");
    let _ = std::fs::remove_dir_all(&recs);
    let mut all = vec![
        "sim",
        "--games",
        "1",
        "--bots",
        "random",
        "--seed",
        "2",
        "--records",
        recs.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let o = parlour(&all);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let first = std::fs::read_dir(&recs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .min()
        .expect("a record");
    serde_json::from_str(&std::fs::read_to_string(first).unwrap()).unwrap()
}

#[test]
fn file_valued_options_are_inlined_into_the_record() {
    let dir = temp_dir("option-file");
    let file = banquet_file();
    let layout = std::fs::read_to_string(&file).expect("the layout file");
    let by_name = one_sim_record(&dir, &["kings-feast", "--arrangement", "beginners_banquet"]);
    assert_eq!(by_name["options"]["arrangement"], "beginners_banquet");
    let path = file.to_str().unwrap();
    let by_flag = one_sim_record(&dir, &["kings-feast", "--arrangement", path]);
    let item = format!("arrangement={path}");
    let by_option_file = one_sim_record(&dir, &["kings-feast", "--option-file", &item]);
    for record in [&by_flag, &by_option_file] {
        assert_eq!(record["options"]["arrangement"], layout.as_str());
        assert_eq!(
            record["actions"], by_name["actions"],
            "the same layout plays the same game"
        );
    }
    let o = parlour(&[
        "sim",
        "troll-tricker",
        "--option-file",
        &format!("first_player={path}"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("option `first_player` of troll-tricker cannot be read from a file"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = parlour(&["sim", "kings-feast", "--option-file", path]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("KEY=PATH"));
    let o = parlour(&["sim", "troll-tricker", "--arrangement", "beginners_banquet"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("troll-tricker has no arrangement option"));
}

#[test]
fn a_haunted_card_table_from_a_file_is_inlined_and_a_broken_one_is_refused_by_name() {
    let dir = temp_dir("haunted-cards");
    let variant =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/lab/haunted-no-tortured-soul.txt");
    let table = std::fs::read_to_string(&variant).expect("the variant table");
    let item = format!("cards={}", variant.to_str().unwrap());
    let record = one_sim_record(&dir, &["haunted", "--option-file", &item]);
    assert_eq!(record["options"]["cards"], table.as_str());
    let (o, lines) = replay_json(&dir, &record, &["--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(lines[0]["status"], "finished");
    let log = lines[0]["log"].to_string();
    assert!(!log.contains("tortured-soul"), "{log}");
    let default = one_sim_record(&dir, &["haunted"]);
    assert!(
        default["options"].get("cards").is_none(),
        "{}",
        default["options"]
    );

    let bad = dir.join("bad-cards.txt");
    std::fs::write(
        &bad,
        table.replace("event fire \"Fire\"", "event fire \"Fire\" sparkly"),
    )
    .unwrap();
    let line = table
        .lines()
        .position(|l| l.starts_with("event fire "))
        .unwrap()
        + 1;
    let item = format!("cards={}", bad.to_str().unwrap());
    let o = parlour(&["sim", "haunted", "--games", "1", "--option-file", &item]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains(&format!("--option-file {item}"))
            && err.contains(&format!("card table line {line}: unknown tag `sparkly`")),
        "{err}"
    );
}

fn parlour_with_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parlour starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written from a thread: a large input must not block on a full output pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let o = child.wait_with_output().expect("parlour ends");
    writer.join().expect("the writer ends");
    o
}

fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect()
}

#[test]
fn engine_answers_lines_that_are_not_utf8_and_keeps_serving() {
    let mut input = b"\xff\xfe not text\n".to_vec();
    input.extend_from_slice(b"{\"cmd\":\"games\"}\n{\"cmd\":\"state\"}\n");
    // Input that ends in the middle of a two-byte character.
    input.extend_from_slice("{\"cmd\":\"é".as_bytes().split_last().expect("bytes").1);
    let o = parlour_with_bytes(&["engine"], &input);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let replies = json_lines(&o);
    assert_eq!(replies.len(), 4, "one answer per line: {replies:?}");
    for i in [0, 3] {
        assert_eq!(replies[i]["ok"], false);
        let error = replies[i]["error"].as_str().expect("an error text");
        assert!(
            error.starts_with("bad request:") && error.contains("UTF-8"),
            "{error}"
        );
    }
    assert_eq!(replies[1]["ok"], true);
    assert!(!replies[1]["games"].as_array().expect("games").is_empty());
    assert_eq!(replies[2]["ok"], false, "no game yet");
}

#[test]
fn engine_errors_quote_a_huge_input_only_in_part() {
    let huge = "x".repeat(1_000_000);
    let script = [
        r#"{"cmd":"new","game":"troll-tricker","players":3,"seed":11}"#.to_owned(),
        r#"{"cmd":"draw","until_decision":true}"#.to_owned(),
        json!({"cmd": "act", "seat": 0, "action": format!("play {huge}")}).to_string(),
        json!({"cmd": huge}).to_string(),
        json!({"cmd": "new", "game": huge}).to_string(),
        r#"{"cmd":"state"}"#.to_owned(),
    ]
    .join("\n");
    let o = parlour_with_bytes(&["engine"], script.as_bytes());
    assert!(o.status.success());
    let replies = json_lines(&o);
    assert_eq!(replies.len(), 6);
    for reply in &replies[2..5] {
        assert_eq!(reply["ok"], false);
        let error = reply["error"].as_str().expect("an error text");
        assert!(error.len() < 600, "a short error: {} bytes", error.len());
        assert!(
            error.contains(&format!("{}… (", "x".repeat(80))) && error.contains(" characters)"),
            "{error}"
        );
    }
    assert_eq!(replies[5]["ok"], true, "the game is still there");
}

#[test]
fn replay_json_reports_a_record_it_cannot_read() {
    let dir = temp_dir("unreadable");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, b"{\"format\": \"parlour-record/1\xff\"}").unwrap();
    let missing = dir.join("missing.json");
    for path in [&bad, &missing, &dir] {
        for mode in ["--json", "--trace"] {
            let o = parlour(&["replay", path.to_str().unwrap(), mode]);
            assert_eq!(o.status.code(), Some(2), "{} {mode}", path.display());
            let lines = json_lines(&o);
            assert_eq!(lines.len(), 1, "{} {mode}: {lines:?}", path.display());
            assert!(
                lines[0]["error"]["reason"]
                    .as_str()
                    .is_some_and(|r| !r.is_empty()),
                "{}",
                lines[0]
            );
        }
    }
    let o = parlour(&["replay", bad.to_str().unwrap(), "--json"]);
    assert!(stdout(&o).contains("not UTF-8"), "{}", stdout(&o));
}

#[test]
fn replay_errors_quote_a_huge_entry_only_in_part() {
    let dir = temp_dir("huge-entry");
    let entry = format!("0: play {}", "y".repeat(100_000));
    let record = json!({"format": "parlour-record/1", "game": "troll-tricker", "players": 3, "seed": 1, "actions": [entry]});
    let (o, lines) = replay_json(&dir, &record, &["--json"]);
    assert_eq!(o.status.code(), Some(1));
    let action = lines[0]["error"]["action"].as_str().expect("the entry");
    assert_eq!(
        action,
        format!("0: play {}… (100008 characters)", "y".repeat(72))
    );
    assert!(lines[0]["error"]["reason"].as_str().expect("why").len() < 600);
}

fn play_args(save: &Path) -> Vec<String> {
    [
        "play",
        "troll-tricker",
        "--players",
        "3",
        "--seed",
        "4",
        "--save",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .chain([save.to_str().unwrap().to_owned()])
    .collect()
}

#[test]
fn play_saves_its_record_on_every_way_out() {
    let dir = temp_dir("play-exits");
    let huge = "z".repeat(100_000);
    let endings: [(&str, Vec<u8>); 4] = [
        ("end of input", b"1\n".to_vec()),
        ("bad bytes then end", b"1\n\xff\xfe\n".to_vec()),
        ("bad bytes mid-character", "1\né".as_bytes()[..3].to_vec()),
        ("a huge line then q", format!("1\n{huge}\nq\n").into_bytes()),
    ];
    for (what, input) in endings {
        let save = dir.join(format!("{}.json", what.replace(' ', "-")));
        let args = play_args(&save);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = parlour_with_bytes(&args, &input);
        assert!(
            o.status.success(),
            "{what}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let out = stdout(&o);
        assert!(out.contains("record saved"), "{what}: {out}");
        assert!(out.len() < 20_000, "{what}: no error echoes the whole line");
        if input.contains(&0xff) || what.contains("mid") {
            assert!(out.contains("not UTF-8"), "{what}: {out}");
        }
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        let (o, lines) = replay_json(&dir, &record, &["--json"]);
        assert!(o.status.success(), "{what}");
        assert_eq!(lines[0]["status"], "in_progress", "{what}");
        assert!(
            record["actions"]
                .as_array()
                .unwrap()
                .iter()
                .any(|a| !a.as_str().unwrap().starts_with("chance")),
            "{what}: the first move is in the record"
        );
    }
}

/// Runs parlour with its standard output closed before it writes anything, as `| head -c 0`
/// would; it must end normally.
fn with_closed_output(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parlour starts");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("parlour ends")
}

#[test]
fn a_closed_output_is_a_normal_end() {
    let dir = temp_dir("pipe");
    let record = sim_record(&dir, "troll-tricker", "3");
    let path = dir.join("r.json");
    std::fs::write(&path, record.to_string()).unwrap();
    let path = path.to_str().unwrap();
    let save = dir.join("played.json");
    let play = play_args(&save);
    let play: Vec<&str> = play.iter().map(String::as_str).collect();
    let runs: [(&[&str], &[u8]); 7] = [
        (&["replay", path, "--trace"], b""),
        (
            &["sim", "troll-tricker", "--games", "2", "--players", "3"],
            b"",
        ),
        (&["replay", path, "--json"], b""),
        (&["replay", path], b""),
        (&["games", "--json"], b""),
        (&["engine"], b"{\"cmd\":\"games\"}\n{\"cmd\":\"games\"}\n"),
        (&play, b"1\n1\n"),
    ];
    for (args, input) in runs {
        let o = with_closed_output(args, input);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            o.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    assert!(save.is_file(), "play saved its record");
    // And as `| head -c 100` does: read a little, then close.
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["replay", path, "--trace"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parlour starts");
    let mut head = [0u8; 100];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut head).unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn replay_secrets_prints_every_viewers_secrets_per_state() {
    let dir = temp_dir("secrets");
    let record = sim_record(&dir, "troll-tricker", "3");
    let (o, lines) = replay_json(&dir, &record, &["--secrets"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let n = record["actions"].as_array().unwrap().len();
    assert_eq!(lines.len(), n + 1);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["step"], i);
        assert_eq!(line["seats"].as_array().unwrap().len(), 3);
    }
    // After the deal, seat 1's cards are secret from seat 0 but not from seat 1.
    let dealt = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e.as_str().unwrap().starts_with("chance: deal "))
        .expect("a stated deal")
        + 1;
    let deal = record["actions"][dealt - 1].as_str().unwrap();
    let ids = |seat: usize| -> Vec<String> {
        lines[dealt]["seats"][seat]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect()
    };
    let (from_0, from_1) = (ids(0), ids(1));
    let in_hand_1: Vec<&String> = from_0.iter().filter(|c| !from_1.contains(c)).collect();
    assert!(!in_hand_1.is_empty(), "seat 0 has secrets seat 1 may see");
    for c in &in_hand_1 {
        assert!(deal.split(' ').any(|w| w == c.as_str()), "{c} was dealt");
    }
    let spectator = lines[dealt]["spectator"].as_array().unwrap();
    for c in &in_hand_1 {
        assert!(spectator.iter().any(|s| s == c.as_str()));
    }
}
