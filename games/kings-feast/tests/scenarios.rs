//! Every worked example of the spec (§14, and pinned clarification 2), driven through records.
//!
//! Boards are posed as studies: layout texts whose setup tokens place fixed cards (`7U`, `11D`),
//! passed as the `arrangement` option, so each record is self-contained.

use parlour_core::{Game, GameRng, Seat, ToAct, rng_from_seed};
use parlour_kings_feast::{Cell, EndReason, Phase, Pos, State, parse_card};
use parlour_record::replay;
use parlour_testkit::Scenario;

/// A study layout: `board` rows separated by `/` in the spec's `vF` notation; the goal is the
/// given one, or the board's own cards in place.
fn study(board: &str, goal: Option<&str>) -> String {
    let setup: Vec<&str> = board.split('/').map(str::trim).collect();
    let goal_rows: Vec<String> = match goal {
        Some(g) => g.split('/').map(|r| r.trim().to_owned()).collect(),
        None => setup
            .iter()
            .map(|r| {
                r.split_whitespace()
                    .map(|t| if t == "." { "." } else { &t[..t.len() - 1] })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect(),
    };
    format!(
        "name: study\ntitle: Study\nprovenance: DESIGNED\nsetup:\n{}\ngoal:\n{}\n",
        setup.join("\n"),
        goal_rows.join("\n")
    )
}

fn play(board: &str, goal: Option<&str>, extra: &str, entries: &[&str]) -> Scenario<State> {
    let opts = format!("arrangement={}{extra}", study(board, goal));
    Scenario::new(1, &opts, 0, entries)
}

/// The board in the spec's notation, rows separated by ` / `.
fn board(st: &State) -> String {
    let arr = st.arrangement();
    (0..arr.rows)
        .map(|r| {
            (0..arr.cols)
                .map(|c| match st.card_at(Pos::new(r, c)) {
                    None => ".".to_owned(),
                    Some(v) => format!("{v}{}", if st.is_face_up(v) { 'U' } else { 'D' }),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

#[test]
fn e1_coachman_swaps_left_and_right() {
    let m = play("3U 7U 11D", None, "", &["0: activate 0,1"]);
    assert_eq!(board(m.state()), "11D 7D 3U");
    assert_eq!(m.state().phase(), Phase::Swap);
}

#[test]
fn e2_coachman_at_the_edge_does_nothing() {
    let m = play("7U 3U", None, "", &["0: activate 0,0"]);
    assert_eq!(board(m.state()), "7D 3U");
}

#[test]
fn e3_guard_sends_the_right_card_to_the_row_start() {
    let m = play("2D 5U 9U 13U 6D", None, "", &["0: activate 0,2"]);
    assert_eq!(board(m.state()), "13U 2D 5U 9D 6D");
}

#[test]
fn e4_guard_row_stops_at_a_hole() {
    let m = play("4U 8U . 9U 3D", None, "", &["0: activate 0,3"]);
    assert_eq!(board(m.state()), "4U 8U . 3D 9D");
    let m = play(
        "4U 8U . 9U 3D",
        None,
        ",rows_skip_holes",
        &["0: activate 0,3"],
    );
    assert_eq!(board(m.state()), "3D 4U . 8U 9D");
}

#[test]
fn e5_queen_with_lovers_hermit_and_scholar() {
    let mut m = play("17U 13D 6D / 5U 2D 14U", None, "", &["0: activate 0,0"]);
    assert!(m.legal(0).contains(&"slide right 2".to_owned()));
    m.act_by(0, "slide right 2");
    assert_eq!(board(m.state()), "13D 6D 17U / 5U 2D 14U");
    assert_eq!(m.legal(0), ["target 0,0", "target 0,1"]);
    m.act_by(0, "target 0,1");
    // Lovers I revealed, Lovers II face up: flip a card next to Lovers II.
    assert_eq!(m.legal(0), ["target 0,2", "target 1,1"]);
    m.act_by(0, "target 1,1");
    assert_eq!(m.legal(0), ["target 0,0"]);
    m.act_by(0, "target 0,0");
    // Scholar revealed: flip a neighbour.
    assert_eq!(m.legal(0), ["target 0,1", "target 1,0"]);
    m.act_by(0, "target 1,0");
    assert_eq!(board(m.state()), "13U 6U 17D / 5D 2D 14U");
    assert_eq!(m.state().phase(), Phase::Swap);
}

#[test]
fn e6_king_diplomat_hermit_princess_nested_stack() {
    let mut m = play("2D 12U 16D / 9U 18U 5D", None, "", &["0: activate 1,1"]);
    assert_eq!(
        m.legal(0),
        [
            "target 0,0",
            "target 0,1",
            "target 0,2",
            "target 1,0",
            "target 1,2"
        ]
    );
    m.act_by(0, "target 0,0");
    assert_eq!(board(m.state()), "12U 2D 16D / 9U 18U 5D");
    m.act_by(0, "target 0,2");
    // The Princess flips {2, 5}: the Hermit now at (0,1) and the 5 at (1,2).
    assert_eq!(m.legal(0), ["target 0,1", "target 1,2"]);
    m.act_by(0, "target 0,1");
    assert_eq!(board(m.state()), "2D 12U 16U / 9U 18U 5D");
    m.act_by(0, "target 1,2");
    assert_eq!(board(m.state()), "2D 12U 16U / 9U 18U 5U");
    // Back in the King: 12, 9 and 5 remain.
    assert_eq!(m.legal(0), ["target 0,1", "target 1,0", "target 1,2"]);
    for t in ["target 0,1", "target 1,0", "target 1,2"] {
        m.act_by(0, t);
    }
    assert_eq!(board(m.state()), "2D 12D 16U / 9D 18D 5D");
    assert_eq!(
        m.legal(0),
        [
            "swap 0,0 0,1",
            "swap 0,0 1,0",
            "swap 0,1 1,1",
            "swap 1,0 1,1",
            "swap 1,1 1,2",
            "no-swap"
        ]
    );
}

#[test]
fn e7_multi_flip_targets_are_cards_not_seats() {
    let mut m = play("18U 6D 12U / 14U 9U 3D", None, "", &["0: activate 0,0"]);
    m.act_by(0, "target 0,1");
    // Diplomat swapped with Lovers I; Lovers II is up: flip next to it.
    assert_eq!(board(m.state()), "18U 12U 6U / 14U 9U 3D");
    assert_eq!(m.legal(0), ["target 0,0", "target 1,1"]);
    m.act_by(0, "target 1,1");
    // The Diplomat now on (0,1) is not a target.
    assert_eq!(m.legal(0), ["target 1,0", "target 1,1"]);
    m.act_by(0, "target 1,0");
    m.act_by(0, "target 1,1");
    assert_eq!(board(m.state()), "18D 9U 6U / 14D 12U 3D");
}

#[test]
fn e8_princess_moves_before_she_flips() {
    let mut m = play("18U 16D 12U / 2D 5U 9U", None, "", &["0: activate 0,0"]);
    m.act_by(0, "target 0,1");
    assert_eq!(board(m.state()), "18U 12U 16U / 2D 5U 9U");
    assert_eq!(m.legal(0), ["target 0,1", "target 1,2"]);
    m.act_by(0, "target 0,1");
    m.act_by(0, "target 1,2");
    assert_eq!(m.legal(0), ["target 1,0", "target 1,1"]);
    m.act_by(0, "target 1,0");
    m.act_by(0, "target 1,1");
    assert_eq!(board(m.state()), "18D 12D 16U / 2D 5D 9D");
}

#[test]
fn e9_king_next_to_the_assassin_scores_six() {
    for order in [
        vec!["0: activate 0,0", "0: target 0,1"],
        vec![
            "0: activate 0,0",
            "0: target 1,0",
            "0: target 1,1",
            "0: target 0,1",
        ],
    ] {
        let m = play("18U 1D / 2D 9U", Some("1 2 / 9 18"), "", &order);
        let st = m.state();
        assert_eq!(st.to_act(), ToAct::Terminal);
        assert_eq!(st.end_reason(), Some(EndReason::AssassinRevealed));
        assert_eq!(st.outcome().unwrap().scores, [6]);
        assert_eq!(parlour_kings_feast::title(6), "An Acceptable Affair");
        assert_eq!(st.turns_completed(), 1);
        assert!(st.view(Some(Seat(0))).ended.unwrap().title == "An Acceptable Affair");
    }
}

const E10: &str = "4U 8U 15U / 10D 3U 12U / 6D 11D 17U";

#[test]
fn e10_merchant_trades_with_the_next_higher_face_up_card() {
    let m = play(E10, None, "", &["0: activate 0,1"]);
    assert_eq!(
        m.legal(0),
        ["target 0,0", "target 0,2", "target 1,1", "target 1,2"]
    );
    let a = play(E10, None, "", &["0: activate 0,1", "0: target 0,0"]);
    assert_eq!(board(a.state()), "8D 4U 15U / 10D 3U 12U / 6D 11D 17U");
    let b = play(E10, None, "", &["0: activate 0,1", "0: target 0,2"]);
    assert_eq!(board(b.state()), "4U 8D 17U / 10D 3U 12U / 6D 11D 15U");
    let c = play(E10, None, "", &["0: activate 0,1", "0: target 1,1"]);
    assert_eq!(board(c.state()), "3U 8D 15U / 10D 4U 12U / 6D 11D 17U");
    // A face-down card is not a legal choice.
    let mut m = play(E10, None, "", &["0: activate 0,1"]);
    assert_eq!(m.refused("0: target 1,0"), "merchant-choice");
}

#[test]
fn e11_knight_swaps_with_the_hidden_assassin_safely() {
    let b = "10U 4U 7U / 3D 18U 2D / 11U 1D 9U";
    let m = play(b, None, "", &["0: activate 0,0"]);
    assert_eq!(m.legal(0), ["target 1,2", "target 2,1"]);
    let m = play(b, None, "", &["0: activate 0,0", "0: target 2,1"]);
    assert_eq!(board(m.state()), "1D 4U 7U / 3D 18U 2D / 11U 10D 9U");
    assert_eq!(m.state().phase(), Phase::Swap);
    assert_eq!(m.state().end_reason(), None);
}

#[test]
fn e11_knight_in_a_ring_corner_has_no_target() {
    // The Round Table Roast deal with the Knight on (0,0).
    let deal = "chance: deal knight hermit priest jester gambler lovers-i coachman guard noble diplomat scholar vizier princess queen";
    let m = Scenario::<State>::new(
        1,
        "arrangement=round_table_roast",
        0,
        &[deal, "0: activate 0,0"],
    );
    let st = m.state();
    assert_eq!(st.phase(), Phase::Swap);
    assert_eq!(st.card_at(Pos::new(0, 0)), Some(10));
    assert!(!st.is_face_up(10));
}

#[test]
fn e12_gambler_call_and_a_forced_scholar_choice() {
    let mut m = play("5U 13D 1D", None, "", &["0: activate 0,0"]);
    assert_eq!(m.legal(0), ["call 1", "call 5", "call 13", "call miss"]);
    m.act_by(0, "call 13");
    assert_eq!(m.legal(0), ["target 0,1", "target 0,2"]);
    m.act_by(0, "target 0,1");
    assert_eq!(m.legal(0), ["target 0,0", "target 0,2"]);
    let mut risky = m.clone();
    m.act_by(0, "target 0,0");
    assert_eq!(board(m.state()), "5D 13U 1D");
    assert_eq!(m.state().end_reason(), None);
    risky.act_by(0, "target 0,2");
    assert_eq!(
        risky.state().end_reason(),
        Some(EndReason::AssassinRevealed)
    );
}

#[test]
fn e13_noble_flips_below_eleven_and_all_face_down_ends() {
    let m = play(
        "11U 6D 14D",
        None,
        "",
        &["0: activate 0,0", "0: target 0,1"],
    );
    assert_eq!(board(m.state()), "11D 6U 14D");
    let m = play(
        "11U 6D 14D",
        None,
        "",
        &["0: activate 0,0", "0: target 0,2", "0: no-swap"],
    );
    let st = m.state();
    assert_eq!(board(st), "11D 6D 14D");
    assert_eq!(st.end_reason(), Some(EndReason::AllFaceDown));
    assert_eq!(st.outcome().unwrap().scores, [0]);
}

#[test]
fn e14_jester_at_the_edge_with_the_diplomat() {
    // Outcome A: the order is unchanged.
    let mut m = play(
        "4U 12U 7D",
        None,
        "",
        &["0: activate 0,0", "chance: shuffle jester diplomat"],
    );
    assert_eq!(board(m.state()), "4D 12D 7D");
    // The player does not know the new order.
    let v = m.state().view(Some(Seat(0)));
    assert_eq!(v.cells[0], Cell::FaceDown);
    assert_eq!(v.cells[1], Cell::FaceDown);
    assert_eq!(m.legal(0), ["target 0,0", "target 0,1"]);
    m.act_by(0, "target 0,0");
    assert_eq!(board(m.state()), "4D 12D 7D");
    m.act_by(0, "no-swap");
    assert_eq!(m.state().end_reason(), Some(EndReason::AllFaceDown));

    // Outcome B: swapped; flipping (0,0) reveals the Diplomat.
    let m = play(
        "4U 12U 7D",
        None,
        "",
        &[
            "0: activate 0,0",
            "chance: shuffle diplomat jester",
            "0: target 0,0",
        ],
    );
    assert_eq!(board(m.state()), "12U 4D 7D");
    assert_eq!(m.state().phase(), Phase::Swap);
    // A stated shuffle must be a permutation of the shuffled cards.
    let e = replay::<State>(
        1,
        &format!("arrangement={}", study("4U 12U 7D", None)),
        0,
        &["0: activate 0,0", "chance: shuffle jester coachman"],
    );
    assert!(
        e.err()
            .unwrap()
            .to_string()
            .contains("shuffle-is-a-permutation")
    );
}

#[test]
fn e15_priest_forced_onto_the_assassin() {
    let m = play("3U 1D 18U", Some("1 3 18"), "", &["0: activate 0,0"]);
    assert_eq!(m.legal(0), ["target 0,1"]);
    let m = play(
        "3U 1D 18U",
        Some("1 3 18"),
        "",
        &["0: activate 0,0", "0: target 0,1"],
    );
    let st = m.state();
    assert_eq!(st.end_reason(), Some(EndReason::AssassinPeeked));
    assert_eq!(st.outcome().unwrap().scores, [4]);
    assert_eq!(parlour_kings_feast::title(4), "A Superb Shindig");
    // With `may_decline_fatal` the player may decline the known Assassin.
    let m = play(
        "3U 1D 18U",
        Some("1 3 18"),
        ",may_decline_fatal",
        &["0: activate 0,0"],
    );
    assert_eq!(m.legal(0), ["target 0,1", "decline"]);
}

#[test]
fn e16_vizier_and_the_optional_swap() {
    let mut m = play(
        "15U 9D 3D 7U",
        None,
        "",
        &["0: activate 0,0", "0: pair 0,1 0,3"],
    );
    assert_eq!(board(m.state()), "15D 7U 3D 9D");
    assert_eq!(m.legal(0), ["swap 0,2 0,3", "no-swap"]);
    // Swapping a face-down card with a face-up one is illegal.
    assert_eq!(m.refused("0: swap 0,1 0,2"), "optional-swap-same-facing");
    m.act_by(0, "swap 0,2 0,3");
    assert_eq!(board(m.state()), "15D 7U 9D 3D");
    assert_eq!(m.state().turns_completed(), 1);
}

/// The Round Table Roast's ring with the given cards fixed on it (all face down but the Queen).
fn ring(queen_at: Pos) -> String {
    let goal = [
        "1 2 3 4 5",
        "18 . . . 6",
        "17 . . . 7",
        "16 . . . 9",
        "14 13 12 11 10",
    ];
    let mut cells: Vec<Vec<String>> = goal
        .iter()
        .map(|r| r.split_whitespace().map(str::to_owned).collect())
        .collect();
    // Exchange the Queen with whatever sits on `queen_at`.
    let (qr, qc) = (2usize, 0usize);
    let (r, c) = (usize::from(queen_at.r), usize::from(queen_at.c));
    let other = cells[r][c].clone();
    cells[r][c] = "17".into();
    cells[qr][qc] = other;
    let setup: Vec<String> = cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|t| match t.as_str() {
                    "." => ".".to_owned(),
                    "17" => "17U".to_owned(),
                    v => format!("{v}D"),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!(
        "name: ring\ntitle: Ring\nprovenance: DESIGNED\nsetup:\n{}\ngoal:\n{}\n",
        setup.join("\n"),
        goal.join("\n")
    )
}

#[test]
fn e17_queen_slides_on_the_ring() {
    let m = Scenario::<State>::new(
        1,
        &format!("arrangement={}", ring(Pos::new(0, 2))),
        0,
        &["0: activate 0,2"],
    );
    assert_eq!(
        m.legal(0),
        [
            "slide left 1",
            "slide left 2",
            "slide right 1",
            "slide right 2"
        ]
    );
    let m = Scenario::<State>::new(
        1,
        &format!("arrangement={}", ring(Pos::new(2, 0))),
        0,
        &["0: activate 2,0"],
    );
    assert_eq!(
        m.legal(0),
        ["slide up 1", "slide up 2", "slide down 1", "slide down 2"]
    );
}

const BANQUET_GOAL: &str = "1 2 3 / 7 9 11 / 13 15 18";

#[test]
fn e18_scoring_the_beginners_banquet() {
    // The final board of the example; the Hermit is activated (no order) and the feast ended.
    let m = play(
        "1D 2U 3U / 9U 7U 11U / 13U 18U 15U",
        Some(BANQUET_GOAL),
        "",
        &["0: activate 0,1", "0: no-swap", "0: end"],
    );
    let st = m.state();
    assert_eq!(st.end_reason(), Some(EndReason::Declared));
    assert_eq!(st.outcome().unwrap().scores, [4]);
    assert_eq!(st.view(None).ended.unwrap().title, "A Superb Shindig");
    // Ended by the Assassin instead (the Priest peeks it): 6.
    let m = play(
        "1D 2U 3U / 9U 7U 11U / 13U 18U 15U",
        Some(BANQUET_GOAL),
        "",
        &["0: activate 0,2", "0: target 0,0"],
    );
    assert_eq!(m.state().outcome().unwrap().scores, [6]);
    assert_eq!(
        m.state().view(None).ended.unwrap().title,
        "An Acceptable Affair"
    );
    // Two cards exchanged: 2.
    let m = play(
        "1D 3U 2U / 7U 9U 11U / 13U 15U 18U",
        Some(BANQUET_GOAL),
        "",
        &["0: activate 0,2", "0: no-swap", "0: end"],
    );
    assert_eq!(m.state().outcome().unwrap().scores, [2]);
    assert_eq!(
        m.state().view(None).ended.unwrap().title,
        "A Brilliant Banquet"
    );
    // Ending is not allowed before the first turn.
    let mut fresh = play(
        "1D 3U 2U / 7U 9U 11U / 13U 15U 18U",
        Some(BANQUET_GOAL),
        "",
        &[],
    );
    assert_eq!(fresh.refused("0: end"), "end-after-a-turn");
}

const E19_DEAL: &str = "chance: deal vizier hermit priest guard scholar noble coachman";

#[test]
fn e19_belief_at_the_start_of_the_beginners_banquet() {
    let mut m = Scenario::<State>::new(1, "arrangement=beginners_banquet", 0, &[E19_DEAL]);
    let st = m.state();
    assert_eq!(st.card_at(Pos::new(0, 2)), Some(2));
    assert_eq!(st.card_at(Pos::new(2, 0)), Some(13));
    let v = st.view(Some(Seat(0)));
    assert_eq!(v.cells[2], Cell::FaceDown);
    assert_eq!(v.cells[6], Cell::FaceDown);
    // 6 known misplaced seats, 1 for (0,2) (never the 3), 1/2 for (2,0).
    assert!((st.expected_misplaced() - 7.5).abs() < 1e-9);
    m.act_by(0, "activate 1,0");
    m.act_by(0, "target 2,0");
    let st = m.state();
    let v = st.view(Some(Seat(0)));
    assert_eq!(
        v.cells[6],
        Cell::Known {
            card: "scholar".into(),
            value: 13
        }
    );
    // The view marks only what was seen; (0,2) is deduced, not seen.
    assert_eq!(v.cells[2], Cell::FaceDown);
    assert!((st.expected_misplaced() - 7.0).abs() < 1e-9);
    // A spectator never sees the peeked card.
    assert_eq!(st.view(None).cells[6], Cell::FaceDown);
}

#[test]
fn e20_jester_shuffling_a_tracked_assassin() {
    // Before the shuffle the Assassin's seat is known.
    let before = play("4U 1D 9U", None, "", &[]);
    assert_eq!(
        before.state().view(Some(Seat(0))).cells[1],
        Cell::Known {
            card: "assassin".into(),
            value: 1
        }
    );
    let mut m = play(
        "4U 1D 9U",
        None,
        "",
        &["0: activate 0,0", "chance: shuffle assassin jester"],
    );
    let st = m.state();
    assert_eq!(st.view(Some(Seat(0))).cells[1], Cell::FaceDown);
    // Determinizations put the Assassin on either shuffled seat, about half the time each.
    let mut rng: GameRng = rng_from_seed(3);
    let on_first = (0..400)
        .filter(|_| {
            st.sample_consistent(Seat(0), &mut rng)
                .card_at(Pos::new(0, 0))
                == parse_card("assassin")
        })
        .count();
    assert!((150..250).contains(&on_first), "{on_first}");
    let mut lost = m.clone();
    lost.act_by(0, "target 0,0");
    assert_eq!(lost.state().end_reason(), Some(EndReason::AssassinRevealed));
    m.act_by(0, "target 0,1");
    // The Jester was revealed, then step 2 turned it face down again.
    assert_eq!(board(m.state()), "1D 4D 9U");
    assert_eq!(m.state().phase(), Phase::Swap);
}

#[test]
fn pinned_2_flip_order_matters_next_to_a_face_up_diplomat() {
    let b = "2U 12U 4U / 3D 5D 6U / 7U 18U 9U";
    let first = play(
        b,
        None,
        "",
        &[
            "0: activate 2,1",
            "0: target 1,0",
            "0: target 1,1",
            "0: target 1,2",
            "0: target 2,0",
            "0: target 2,2",
        ],
    );
    let second = play(
        b,
        None,
        "",
        &[
            "0: activate 2,1",
            "0: target 1,1",
            "0: target 1,0",
            "0: target 1,2",
            "0: target 2,0",
            "0: target 2,2",
        ],
    );
    assert_eq!(board(first.state()), "2U 5U 4U / 3U 12U 6D / 7D 18D 9D");
    assert_eq!(board(second.state()), "2U 5U 4U / 12U 3U 6D / 7D 18D 9D");
}
