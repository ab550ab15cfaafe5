//! The skill ladder on a game whose skill law is known: with `call_bonus_percent = 40`,
//! `greedy` against `random` wins `1/2 + 40%/4` of two-player games, `random` exactly half.

#[path = "support/coin.rs"]
mod coin;

use coin::CoinToss;
use parlour_lab::{
    Grid, LabSpec, LadderSpec, RunControl, Shard, build_report, merge, render_html, run,
    shard_from_json, shard_to_json,
};

fn ladder_study(rungs: &[&str], games: u64) -> LabSpec {
    LabSpec {
        game: "coin-toss".into(),
        players: vec![2],
        options: vec![("call_bonus_percent".into(), "40".into())],
        sweeps: vec![],
        lineups: vec![vec!["random".into()]],
        games: 10,
        skill: None,
        ladder: Some(LadderSpec {
            rungs: rungs.iter().map(|&r| r.to_owned()).collect(),
            against: "random".into(),
            games,
        }),
        seed: 11,
        pace: 5.0,
    }
}

#[test]
fn the_ladder_puts_greedy_above_random_with_the_known_edge_inside_its_interval() {
    let spec = ladder_study(&["random", "greedy"], 4000);
    let grid = Grid::new::<CoinToss>(&spec).unwrap();
    let control = RunControl {
        threads: 2,
        ..RunControl::default()
    };
    let results = run::<CoinToss>(&spec, &grid, Shard::WHOLE, &control).unwrap();
    let report = build_report(&grid, &results);
    let ladder = report.ladder.as_ref().expect("a ladder was asked for");
    assert_eq!(ladder.rungs.len(), 2);
    let (random, greedy) = (&ladder.rungs[0], &ladder.rungs[1]);
    assert_eq!(
        (random.bot.as_str(), greedy.bot.as_str()),
        ("random", "greedy")
    );
    assert_eq!(greedy.games, 4000);
    let inside = |ci: [f64; 2], v: f64| ci[0] <= v && v <= ci[1];
    assert!(inside(greedy.edge_ci95, 0.10), "{:?}", greedy.edge_ci95);
    assert!(inside(random.edge_ci95, 0.0), "{:?}", random.edge_ci95);
    assert!(greedy.edge_ci95[0] > random.edge_ci95[1]);
    assert_eq!(ladder.strongest.as_deref(), Some("greedy"));
    assert_eq!(ladder.next.as_deref(), Some("random"));
    assert!(ladder.clearly_strongest);
    assert!(
        ladder
            .sentence
            .starts_with("strongest tested: greedy, clearly above random")
    );
    // The rungs are not skill-check lines, and the report shows the curve.
    assert!(
        report
            .summary
            .iter()
            .all(|f| !f.text.contains("skill matters"))
    );
    let html = render_html(&report);
    assert!(html.contains("id=\"ladder\"") && html.contains("<svg"));
}

#[test]
fn rungs_that_play_alike_are_not_called_clearly_apart() {
    // Without the bonus, calling changes nothing: greedy is no better than random.
    let mut spec = ladder_study(&["random", "greedy"], 2000);
    spec.options.clear();
    let grid = Grid::new::<CoinToss>(&spec).unwrap();
    let results = run::<CoinToss>(&spec, &grid, Shard::WHOLE, &RunControl::default()).unwrap();
    let report = build_report(&grid, &results);
    let ladder = report.ladder.unwrap();
    assert!(!ladder.clearly_strongest, "{}", ladder.sentence);
    assert!(ladder.sentence.contains("not clearly above"));
}

#[test]
fn a_ladder_split_into_shards_merges_into_the_whole_ladder() {
    let spec = ladder_study(&["random", "greedy"], 300);
    let grid = Grid::new::<CoinToss>(&spec).unwrap();
    let whole = run::<CoinToss>(&spec, &grid, Shard::WHOLE, &RunControl::default()).unwrap();
    let shards = (0..3)
        .map(|i| {
            let shard = Shard { index: i, count: 3 };
            let part = run::<CoinToss>(&spec, &grid, shard, &RunControl::default()).unwrap();
            let name = format!("shard {i}");
            let back = shard_from_json(&name, &shard_to_json(&part)).unwrap();
            (name, back)
        })
        .collect();
    let merged = merge(shards).unwrap();
    assert_eq!(merged.spec.ladder, spec.ladder);
    let regrid = Grid::new::<CoinToss>(&merged.spec).unwrap();
    let a = build_report(&grid, &whole).ladder.unwrap();
    let b = build_report(&regrid, &merged).ladder.unwrap();
    assert_eq!(a, b);
    assert_eq!(a.rungs[1].games, 300);
}
