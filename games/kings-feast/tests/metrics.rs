//! The balance-lab metrics (`Game::metrics`): a study solved in one turn, and seeded random
//! games whose title is worked out independently from the final board and the spec's table.

use parlour_core::{Game, Metric, Options, Seat, ToAct, rng_from_seed};
use parlour_kings_feast::{EndReason, Event, Pos, State};
use parlour_testkit::{assert_metric_shape, play_seeded};

const IDS: [&str; 6] = [
    "title_kingly_feast",
    "title_brilliant_banquet",
    "title_superb_shindig",
    "title_acceptable_affair",
    "title_tumultuous_teatime",
    "turns",
];

fn new_state(options: &str) -> State {
    let options = Options::parse_list(State::OPTIONS, options).expect("valid options");
    State::new(1, &options).expect("valid setup")
}

/// Plays a seeded game with uniformly random legal actions, collecting every event.
fn play(options: &str, seed: u64) -> (State, Vec<Event>) {
    play_seeded(1, options, seed, |d, rng| d.uniform(rng))
}

fn values(metrics: &[Metric]) -> Vec<f64> {
    metrics.iter().map(|m| m.value).collect()
}

/// The title's index in the spec's result table (§8): 0 | 1–2 | 3–4 | 5–8 | 9+.
fn title_index(score: i32) -> usize {
    match score {
        0 => 0,
        1..=2 => 1,
        3..=4 => 2,
        5..=8 => 3,
        _ => 4,
    }
}

/// A study layout: rows separated by `/`, cards as `<value>U` (face up) or `<value>D`.
fn study(setup: &str, goal: &str) -> String {
    format!(
        "name: s\ntitle: S\nprovenance: DESIGNED\nsetup:\n{}\ngoal:\n{}\n",
        setup.replace('/', "\n"),
        goal.replace('/', "\n")
    )
}

#[test]
fn a_study_solved_in_one_turn_is_a_kingly_feast() {
    let mut state = new_state(&format!("arrangement={}", study("2U 1D 3U", "1 2 3")));
    let mut events = Vec::new();
    while state.to_act() == ToAct::Chance {
        let c = state.sample_chance(&mut rng_from_seed(0));
        state.apply_chance(c, &mut events).expect("the deal");
    }
    for text in ["activate 0,0", "swap 0,0 0,1", "end"] {
        let a = state.parse_action(Seat(0), text).expect("notation");
        state.apply(Seat(0), a, &mut events).expect("legal");
    }
    assert_eq!(state.outcome().expect("over").scores, [0]);
    assert_eq!(
        values(&state.metrics(&events)),
        [1.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    );
}

#[test]
fn metrics_match_the_final_board() {
    let mut seen = [0u32; 5];
    // The four arrangements (random play scrambles them), and studies that start solved or
    // nearly so (random play leaves them close).
    let mut arrangements: Vec<String> = [
        "beginners_banquet",
        "full_feudal_feast",
        "surprise_party_soiree",
        "round_table_roast",
    ]
    .map(str::to_owned)
    .to_vec();
    arrangements.push(study("3U 7U 11D", "3 7 11"));
    arrangements.push(study("2U 1D 3U", "1 2 3"));
    arrangements.push(study("3U 7U 11D/4U 12U 2D", "3 7 11/4 12 2"));
    for arrangement in &arrangements {
        for seed in 0..6 {
            let (state, events) = play(&format!("arrangement={arrangement}"), seed);
            let metrics = state.metrics(&events);
            assert_metric_shape(&metrics, &IDS);
            // The score from the board: seats whose card is not the goal card, plus 2 for an
            // Assassin ending.
            let arr = state.arrangement();
            let misplaced = arr
                .goal
                .iter()
                .enumerate()
                .filter_map(|(i, g)| g.map(|g| (i, g)))
                .filter(|&(i, goal)| {
                    let cols = usize::from(arr.cols);
                    let at = Pos::new((i / cols) as u8, (i % cols) as u8);
                    state.card_at(at) != Some(goal)
                })
                .count() as i32;
            let assassin = matches!(
                state.end_reason(),
                Some(EndReason::AssassinRevealed | EndReason::AssassinPeeked)
            );
            let score = misplaced + if assassin { 2 } else { 0 };
            let mut expected = vec![0.0; 6];
            expected[title_index(score)] = 1.0;
            // Completed turns, and a turn the Assassin cut short after its activation
            // (pinned clarification 3).
            let ended = events
                .iter()
                .filter(|e| matches!(e, Event::TurnEnded { .. }))
                .count();
            let cut_short = events
                .iter()
                .rev()
                .take_while(|e| !matches!(e, Event::TurnEnded { .. }))
                .any(|e| matches!(e, Event::Activated { .. }));
            expected[5] = (ended + usize::from(cut_short)) as f64;
            assert_eq!(values(&metrics), expected, "{arrangement} seed {seed}");
            seen[title_index(score)] += 1;
        }
    }
    assert!(
        seen.iter().filter(|&&n| n > 0).count() >= 3,
        "random play reaches several titles: {seen:?}"
    );
}

#[test]
fn metrics_have_fixed_ids_and_sane_values() {
    for (options, seed) in [
        ("max_turns=3", 10),
        ("arrangement=full_feudal_feast,max_turns=5", 11),
        ("arrangement=round_table_roast", 12),
    ] {
        let (state, events) = play(options, seed);
        let metrics = state.metrics(&events);
        assert_metric_shape(&metrics, &IDS);
        for m in &metrics[..5] {
            assert!(m.value == 0.0 || m.value == 1.0, "{m:?}");
        }
        assert_eq!(metrics[..5].iter().map(|m| m.value).sum::<f64>(), 1.0);
        let turns = metrics[5].value;
        assert_eq!(turns.fract(), 0.0);
    }
}
