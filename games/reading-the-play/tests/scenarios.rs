//! Every worked example of the spec (§11, E1-E15) as a scenario driven through records, with
//! stacked decks stated as chance outcomes.

use parlour_core::{Game, Seat, SeatSet, ToAct, Viewer};
use parlour_reading_the_play::{CardRef, End, Phase, State};
use parlour_testkit::Scenario;

#[path = "support/deck.rs"]
mod support;
use support::deck;

// ----- helpers ---------------------------------------------------------------------------------

fn entries(head: &[String], tail: &[&str]) -> Vec<String> {
    let mut v = head.to_vec();
    v.extend(tail.iter().map(|s| (*s).to_owned()));
    v
}

fn hand(m: &Scenario<State>, seat: u8) -> Vec<String> {
    m.state()
        .hand(Seat(seat))
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn view_json(m: &Scenario<State>, seat: u8) -> String {
    serde_json::to_string(&m.state().view(Some(Seat(seat)))).expect("serialises")
}

fn seats(list: &[u8]) -> SeatSet {
    list.iter().map(|&s| Seat(s)).collect()
}

// ----- E1, E2: choosing the first Player ---------------------------------------------------------

#[test]
fn e1_pointing_vote_unique_top() {
    let mut m = Scenario::<State>::seeded(4, "", 0);
    assert_eq!(m.to_act(), ToAct::Seats(seats(&[0, 1, 2, 3])));
    m.act("0: point 2");
    // A vote is hidden until all are in.
    assert_eq!(m.state().view(Some(Seat(0))).my_vote, Some(Seat(2)));
    for other in 1..4 {
        let v = m.state().view(Some(Seat(other)));
        assert_eq!(v.my_vote, None);
        assert!(v.votes.iter().all(Option::is_none));
    }
    assert!(
        m.log(Viewer::Seat(Seat(1)))
            .iter()
            .all(|l| !l.contains("points at"))
    );
    assert_eq!(m.refused("1: point 1"), "point-at-another");
    assert_eq!(m.refused("0: point 1"), "turn-order");
    m.acts(&["1: point 2", "2: point 0", "3: point 1"]);
    assert_eq!(m.state().player(), Seat(2));
    assert_eq!(m.to_act(), ToAct::Seats(seats(&[2])));
    assert_eq!(
        m.state().view(None).votes,
        vec![Some(Seat(2)), Some(Seat(2)), Some(Seat(0)), Some(Seat(1))]
    );
}

#[test]
fn e2_three_tied_votes_go_to_lot_among_the_tied() {
    let cycle = ["0: point 1", "1: point 2", "2: point 0"];
    let mut m = Scenario::<State>::seeded(3, "", 0);
    m.acts(&cycle);
    m.acts(&cycle);
    assert_eq!(m.state().phase(), Phase::Vote, "two ties: vote again");
    assert_eq!(m.state().view(None).tied_votes, 2);
    m.acts(&cycle);
    assert!(matches!(m.state().phase(), Phase::ByLot(t) if t == seats(&[0, 1, 2])));
    m.draw_due_chance();
    let first = m.state().player();
    assert!(first.0 < 3);
    assert_eq!(m.to_act(), ToAct::Seats(SeatSet::single(first)));
    // The lot is a chance step a record can state.
    let mut stated: Vec<String> = Vec::new();
    for _ in 0..3 {
        stated.extend(cycle.iter().map(|s| (*s).to_owned()));
    }
    stated.push("chance: first-player 1".into());
    assert_eq!(
        Scenario::<State>::new(3, "", 0, &stated).state().player(),
        Seat(1)
    );
}

#[test]
fn lot_only_among_the_tied_seats() {
    let round = ["0: point 1", "1: point 0", "2: point 1", "3: point 0"];
    let mut m = Scenario::<State>::seeded(4, "", 0);
    for _ in 0..3 {
        m.acts(&round);
    }
    assert!(matches!(m.state().phase(), Phase::ByLot(t) if t == seats(&[0, 1])));
    assert_eq!(m.refused("chance: first-player 2"), "lot-among-the-tied");
    m.act("chance: first-player 1");
    assert_eq!(m.state().player(), Seat(1));
}

// ----- E3, E4, E5: sequencing ------------------------------------------------------------------

#[test]
fn e3_optional_start_with_two() {
    let d = deck(
        &[
            ["297", "305"],
            ["310", "ys"],
            ["299", "312"],
            ["301", "308"],
        ],
        &["293", "303", "289", "291", "294"],
    );
    let m0 = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(
            &[d],
            &[
                "chance: first-player 1",
                "1: draw",
                "2: draw",
                "3: draw",
                "0: draw",
                "1: draw",
            ],
        ),
    );
    assert_eq!(m0.state().phase(), Phase::Sequence);
    assert_eq!(
        m0.legal(1),
        vec!["start line-293 line-294", "decline sequence"]
    );
    let mut m = m0.clone();
    m.act("1: start line-293 line-294");
    assert_eq!(m.state().sequence(Seat(1)), Some((293, 294)));
    assert_eq!(hand(&m, 1), vec!["line-310", "yellow-sign"]);
    let mut m = m0;
    m.act("1: decline sequence");
    assert_eq!(m.state().sequence(Seat(1)), None);
    assert_eq!(m.to_act(), ToAct::Seats(seats(&[2])));
}

#[test]
fn e4_forced_start_with_choice_of_run() {
    let d = deck(
        &[
            ["296", "305"],
            ["289", "301"],
            ["298", "307"],
            ["293", "311"],
        ],
        &[
            "302", "313", "309", "294", // P1 T1, P2, P3, P0
            "290", "ys", "es", "300", // P1 T2, P2, P3, P0
            "291", "303", "304", "314", // P1 T3, P2, P3, P0
            "310",
        ],
    );
    let mut m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(
            &[d],
            &[
                "chance: first-player 1",
                "1: draw",
                "1: decline sequence",
                "2: draw",
                "3: draw",
                "0: draw",
                "1: draw",
                "1: decline sequence",
                "2: draw",
                "3: draw",
                "0: draw",
                "1: draw",
            ],
        ),
    );
    assert_eq!(
        hand(&m, 1),
        vec!["line-289", "line-290", "line-291", "line-301", "line-302"]
    );
    assert_eq!(m.legal(1), vec!["start line-289 line-291"]);
    assert_eq!(m.refused("1: decline sequence"), "must-start-with-three");
    assert_eq!(
        m.refused("1: start line-301 line-302"),
        "must-start-with-three"
    );
    assert_eq!(
        m.refused("1: start line-289 line-290"),
        "start-with-whole-run"
    );
    m.act("1: start line-289 line-291");
    assert_eq!(m.state().sequence(Seat(1)), Some((289, 291)));
    assert_eq!(hand(&m, 1), vec!["line-301", "line-302"]);
    // One Sequence per player: 301-302 can never be played while it stays 289-291.
    m.acts(&["2: draw", "3: draw", "0: draw", "1: draw"]);
    assert_eq!(
        m.to_act(),
        ToAct::Seats(seats(&[2])),
        "no sequencing decision for P1"
    );
    assert_eq!(hand(&m, 1), vec!["line-301", "line-302", "line-310"]);
    assert_eq!(m.state().sequence(Seat(1)), Some((289, 291)));
}

#[test]
fn e5_forced_extension_at_both_ends() {
    let d = deck(
        &[
            ["299", "305"],
            ["291", "307"],
            ["300", "310"],
            ["298", "312"],
        ],
        &[
            "301", "293", "314", "296", // P2, P3, P0, P1
            "302", "ys", "es", "309", //
            "289", "ys", "290", "294", //
            "295", // P2; then P3 and P0 trade
            "304", "303", // P1, P2
        ],
    );
    let m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(
            &[d],
            &[
                "chance: first-player 2",
                "2: draw",
                "2: decline sequence",
                "3: draw",
                "0: draw",
                "1: draw",
                "2: draw",
                "2: start line-300 line-302",
                "3: draw",
                "0: draw",
                "1: draw",
                "2: draw",
                "3: draw",
                "0: draw",
                "1: draw",
                "2: draw",
                // P2 gets 298 and 299 as a Trader, after its own phase 4.
                "3: trade 2",
                "3: commit line-298",
                "2: commit line-289",
                "3: keep line-289",
                "3: give 2 line-298",
                "0: trade 2",
                "2: commit line-295",
                "0: commit line-299",
                "0: keep line-295",
                "0: give 2 line-299",
                "1: draw",
            ],
        ),
    );
    assert_eq!(hand(&m, 2), vec!["line-298", "line-299", "line-310"]);
    assert_eq!(m.state().sequence(Seat(2)), Some((300, 302)));
    let mut m = m;
    m.act("2: draw");
    assert_eq!(m.state().sequence(Seat(2)), Some((298, 303)));
    assert_eq!(hand(&m, 2), vec!["line-310"]);
    assert_eq!(m.state().scores()[2], 3);
    let log = m.log(Viewer::Spectator).join("\n");
    for c in [
        "line-299 onto the low",
        "line-298 onto the low",
        "line-303 onto the high",
    ] {
        assert!(log.contains(c), "{c} in\n{log}");
    }
    assert_eq!(m.to_act(), ToAct::Seats(seats(&[3])));
}

// ----- E6, E7, E9: trades ----------------------------------------------------------------------

fn e6_start() -> Scenario<State> {
    let d = deck(
        &[["305", "290"], ["ys", "293"], ["296", "311"], ["es", "299"]],
        &[],
    );
    Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(&[d], &["chance: first-player 0", "0: trade 1 3"]),
    )
}

#[test]
fn e6_trade_with_one_yellow_sign() {
    let mut m = e6_start();
    assert_eq!(m.to_act(), ToAct::Seats(seats(&[0, 1, 3])));
    assert_eq!(m.legal(2), Vec::<String>::new());
    let mut other_card = m.clone();
    other_card.act("1: commit line-293");
    m.act("1: commit yellow-sign");
    // Every other view is the same whichever card P1 placed.
    for other in [0, 2, 3] {
        let viewer = Viewer::Seat(Seat(other));
        assert_eq!(
            m.state().view(Some(Seat(other))),
            other_card.state().view(Some(Seat(other)))
        );
        assert_eq!(m.last_events(viewer), other_card.last_events(viewer));
    }
    // P1's commitment is invisible to everyone else until all are in.
    assert_eq!(
        m.state()
            .view(Some(Seat(1)))
            .trade
            .unwrap()
            .my_card
            .as_deref(),
        Some("yellow-sign")
    );
    for other in [0, 2, 3] {
        let v = m.state().view(Some(Seat(other)));
        assert_eq!(v.trade.as_ref().unwrap().my_card, None);
        assert_eq!(v.trade.as_ref().unwrap().pool, None);
    }
    assert!(!view_json(&m, 3).contains("yellow-sign"));
    assert!(!view_json(&m, 2).contains("yellow-sign"));
    m.acts(&["3: commit elder-sign", "0: commit line-305"]);
    // The Player sees the pool sorted, without provenance; nobody else sees it.
    let v0 = m.state().view(Some(Seat(0)));
    assert_eq!(
        v0.trade.unwrap().pool.unwrap(),
        vec!["line-305", "yellow-sign", "elder-sign"]
    );
    for other in [1, 2, 3] {
        assert_eq!(m.state().view(Some(Seat(other))).trade.unwrap().pool, None);
    }
    assert!(!view_json(&m, 1).contains("line-305"));
    assert!(!view_json(&m, 3).contains("line-305"));
    assert!(!view_json(&m, 2).contains("elder-sign"));
    assert_eq!(m.legal(0), vec!["keep yellow-sign"]);
    assert_eq!(m.refused("0: keep line-305"), "must-keep-yellow-sign");
    m.act("0: keep yellow-sign");
    assert_eq!(m.legal(0), vec!["give 1 line-305", "give 1 elder-sign"]);
    assert_eq!(parlour_testkit::perft(m.state(), 2), 2, "two assignments");
    assert_eq!(m.refused("0: give 3 line-305"), "give-in-seat-order");
    m.acts(&["0: give 1 elder-sign", "0: give 3 line-305"]);
    assert_eq!(hand(&m, 0), vec!["line-290", "yellow-sign"]);
    assert_eq!(hand(&m, 1), vec!["line-293", "elder-sign"]);
    assert_eq!(hand(&m, 3), vec!["line-299", "line-305"]);
    assert_eq!(hand(&m, 2), vec!["line-296", "line-311"]);
    // Each Trader knows what it got; the Player knows where each card went; P1 never sees 305.
    let v0 = m.state().view(Some(Seat(0)));
    assert_eq!(v0.seats[3].known, vec!["line-305"]);
    assert_eq!(v0.seats[1].known, vec!["elder-sign"]);
    assert!(!view_json(&m, 1).contains("line-305"));
    assert!(
        !serde_json::to_string(&m.state().view(None))
            .unwrap()
            .contains("line-305")
    );
    assert!(
        m.log(Viewer::Seat(Seat(1)))
            .iter()
            .all(|l| !l.contains("line-305"))
    );
    assert!(
        m.log(Viewer::Seat(Seat(3)))
            .iter()
            .any(|l| l.contains("gives line-305 to seat 3"))
    );
    assert_eq!(
        m.to_act(),
        ToAct::Seats(seats(&[1])),
        "P0's turn ran on to its end"
    );
}

/// A card another seat knew of stays in its view while its holder commits: dropping just that
/// card would tell which card was committed before every commitment is in.
#[test]
fn committing_a_card_others_know_of_shows_them_nothing() {
    let mut m = e6_start();
    m.acts(&[
        "1: commit yellow-sign",
        "3: commit elder-sign",
        "0: commit line-305",
        "0: keep yellow-sign",
        "0: give 1 elder-sign",
        "0: give 3 line-305",
    ]);
    // P0 knows P3 holds line-305 and P1 holds the Elder Sign. P1 now trades with P3.
    m.act("1: trade 3");
    assert_eq!(
        m.state().view(Some(Seat(0))).seats[3].known,
        vec!["line-305"]
    );
    let mut other_card = m.clone();
    m.act("3: commit line-305");
    other_card.act("3: commit line-299");
    for viewer in [Some(Seat(0)), Some(Seat(1)), Some(Seat(2)), None] {
        assert_eq!(
            m.state().view(viewer),
            other_card.state().view(viewer),
            "{viewer:?} can tell which card P3 committed"
        );
    }
    // Any card of P3's hand may be the one, so nobody else knows a card of it any more.
    assert!(m.state().view(Some(Seat(0))).seats[3].known.is_empty());
    // The same holds for the Player's own commitment, which P0 cannot see either.
    let mut other_card = m.clone();
    m.act("1: commit elder-sign");
    other_card.act("1: commit line-293");
    assert_eq!(
        m.state().view(Some(Seat(0))),
        other_card.state().view(Some(Seat(0)))
    );
    assert!(m.state().view(Some(Seat(0))).seats[1].known.is_empty());
}

#[test]
fn e7_two_yellow_signs_and_the_player_cannot_commit_one() {
    let d = deck(
        &[["ys", "es"], ["ys", "293"], ["ys", "300"], ["290", "305"]],
        &["310", "312", "297"],
    );
    let mut m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(&[d], &["chance: first-player 0", "0: trade 1 2 3"]),
    );
    assert_eq!(m.legal(0), vec!["commit elder-sign"]);
    assert_eq!(
        m.refused("0: commit yellow-sign"),
        "player-cannot-trade-yellow-sign"
    );
    m.acts(&[
        "1: commit yellow-sign",
        "0: commit elder-sign",
        "3: commit line-290",
        "2: commit yellow-sign",
    ]);
    assert_eq!(m.legal(0), vec!["keep yellow-sign"]);
    m.act("0: keep yellow-sign");
    assert_eq!(hand(&m, 0), vec!["yellow-sign", "yellow-sign"]);
    assert_eq!(parlour_testkit::perft(m.state(), 3), 6, "3! assignments");
    m.acts(&[
        "0: give 1 line-290",
        "0: give 2 elder-sign",
        "0: give 3 yellow-sign",
    ]);
    m.acts(&["1: draw", "2: draw", "3: draw"]);
    // Follow-up: a hand of only Yellow Signs cannot trade, so P0 must draw.
    assert_eq!(hand(&m, 0), vec!["yellow-sign", "yellow-sign"]);
    assert_eq!(m.legal(0), vec!["draw"]);
    assert_eq!(m.refused("0: trade 1"), "player-cannot-trade-yellow-sign");
}

#[test]
fn e9_yellow_sign_check_only_for_the_player() {
    let d = deck(
        &[["305", "290"], ["ys", "293"], ["300", "ys"], ["ys", "ys"]],
        &["301", "308", "312"],
    );
    let mut m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(
            &[d],
            &[
                "chance: first-player 3",
                "3: draw",
                "0: trade 1 2 3",
                "0: commit line-305",
                "1: commit yellow-sign",
                "2: commit yellow-sign",
                "3: commit line-301",
                "0: keep yellow-sign",
                "0: give 1 line-305",
                "0: give 2 line-301",
                "0: give 3 yellow-sign",
            ],
        ),
    );
    assert_eq!(
        hand(&m, 3),
        vec!["yellow-sign", "yellow-sign", "yellow-sign"]
    );
    m.act("1: draw");
    assert_eq!(
        m.state().end(),
        None,
        "three Yellow Signs outside their holder's turn do nothing"
    );
    assert_eq!(hand(&m, 2), vec!["line-300", "line-301"]);
    m.acts(&["2: trade 3", "2: commit line-300", "3: commit yellow-sign"]);
    assert_eq!(m.legal(2), vec!["keep yellow-sign"]);
    m.acts(&["2: keep yellow-sign", "2: give 3 line-300"]);
    assert_eq!(hand(&m, 3), vec!["line-300", "yellow-sign", "yellow-sign"]);
    assert_eq!(hand(&m, 2), vec!["line-301", "yellow-sign"]);
    m.act("3: draw");
    assert_eq!(m.state().end(), None);
    assert_eq!(m.to_act(), ToAct::Seats(seats(&[0])));
}

// ----- E8: Elder Signs -------------------------------------------------------------------------

fn e8_start() -> Scenario<State> {
    let d = deck(
        &[["ys", "es"], ["293", "305"], ["297", "309"], ["301", "312"]],
        &["290", "295", "299", "303", "ys", "307", "311", "314", "ys"],
    );
    Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(
            &[d],
            &[
                "chance: first-player 0",
                "0: draw",
                "0: decline elder-sign",
                "1: draw",
                "2: draw",
                "3: draw",
                "0: draw",
                "0: decline elder-sign",
                "1: draw",
                "2: draw",
                "3: draw",
                "0: draw",
            ],
        ),
    )
}

#[test]
fn e8_elder_sign_saves_the_player() {
    let mut m = e8_start();
    assert_eq!(
        hand(&m, 0),
        vec![
            "line-290",
            "yellow-sign",
            "yellow-sign",
            "yellow-sign",
            "elder-sign"
        ]
    );
    assert_eq!(m.legal(0), vec!["play elder-sign", "decline elder-sign"]);
    // Others see only that it is the Player's turn.
    assert_eq!(m.state().view(Some(Seat(1))).phase, "player-turn");
    m.act("0: play elder-sign");
    assert_eq!(hand(&m, 0), vec!["line-290", "yellow-sign", "yellow-sign"]);
    assert_eq!(
        m.state().removed(),
        vec![CardRef::YellowSign, CardRef::ElderSign]
    );
    assert_eq!(m.state().end(), None);
    assert_eq!(m.to_act(), ToAct::Seats(seats(&[1])));
}

#[test]
fn e8_declining_the_elder_sign_loses_for_everyone() {
    let mut m = e8_start();
    m.act("0: decline elder-sign");
    assert_eq!(m.state().end(), Some(End::AllLose(Seat(0))));
    let o = m.state().outcome().unwrap();
    assert!(o.winners.is_empty());
    assert_eq!(o.scores, vec![0, 0, 0, 0]);
    assert_eq!(m.to_act(), ToAct::Terminal);
}

// ----- E10, E11, E12: finishing the play -------------------------------------------------------

#[test]
fn e10_reveal_with_the_315_pair() {
    let d = deck(
        &[
            ["289", "290"],
            ["315", "316"],
            ["293", "294"],
            ["305", "308"],
        ],
        &["300", "310", "291", "297"],
    );
    let mut m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(
            &[d],
            &[
                "chance: first-player 2",
                "2: draw",
                "2: start line-293 line-294",
                "3: draw",
                "0: draw",
                "0: start line-289 line-291",
                "1: draw",
            ],
        ),
    );
    assert_eq!(hand(&m, 1), vec!["line-297", "line-315", "line-316"]);
    assert_eq!(
        m.state().phase(),
        Phase::Finish,
        "no sequencing: 316 is left out"
    );
    assert_eq!(m.legal(1), vec!["reveal", "reveal pair", "hold"]);
    m.act("1: reveal pair");
    assert_eq!(m.state().sequence(Seat(1)), Some((315, 316)));
    assert_eq!(m.state().end(), Some(End::Revealed(Seat(1))));
    let o = m.state().outcome().unwrap();
    assert_eq!(o.scores, vec![3, 2, 2, 0]);
    assert_eq!(o.winners, seats(&[0]));
}

fn e11_entries() -> Vec<String> {
    let d = deck(
        &[
            ["289", "316"],
            ["296", "305"],
            ["313", "314"],
            ["315", "300"],
        ],
        &["308", "290", "303", "311", "292", "298"],
    );
    entries(
        &[d],
        &[
            "chance: first-player 2",
            "2: draw",
            "2: start line-313 line-314",
            "3: trade 2",
            "3: commit line-315",
            "2: commit line-308",
            "3: keep line-308",
            "3: give 2 line-315",
            "0: draw",
            "0: start line-289 line-290",
        ],
    )
}

#[test]
fn e11_interrupt_with_315() {
    let mut m = Scenario::<State>::new(4, "first_player_random", 0, &e11_entries());
    assert_eq!(
        hand(&m, 2),
        vec!["line-315"],
        "P2 got 315 after its own phase 4"
    );
    assert_eq!(m.legal(0), vec!["reveal", "hold"]);
    m.act("0: reveal");
    assert_eq!(
        m.to_act(),
        ToAct::Seats(seats(&[1, 2, 3])),
        "everyone else is asked at once"
    );
    assert_eq!(m.legal(1), vec!["pass"]);
    assert_eq!(m.legal(2), vec!["interrupt", "pass"]);
    assert_eq!(m.legal(3), vec!["pass"]);
    assert_eq!(m.refused("1: interrupt"), "interrupt-needs-315");
    // The answer stays hidden until all are in: the others' views are the same whether P2
    // interrupts or passes.
    let mut passed = m.clone();
    passed.act("2: pass");
    m.act("2: interrupt");
    assert_eq!(
        m.state().view(Some(Seat(2))).my_answer.as_deref(),
        Some("interrupt")
    );
    for other in [0, 1, 3] {
        assert_eq!(
            m.state().view(Some(Seat(other))),
            passed.state().view(Some(Seat(other)))
        );
        assert_eq!(
            m.last_events(Viewer::Seat(Seat(other))),
            passed.last_events(Viewer::Seat(Seat(other)))
        );
    }
    assert_eq!(m.state().view(None), passed.state().view(None));
    m.acts(&["1: pass", "3: pass"]);
    assert_eq!(m.state().sequence(Seat(2)), Some((313, 315)));
    assert!(m.state().hand(Seat(0)).contains(&CardRef::Line(316)));
    assert_eq!(
        m.to_act(),
        ToAct::Seats(seats(&[1])),
        "the game goes on with P1"
    );
    // Everyone saw 316 go back.
    assert_eq!(
        m.state().view(Some(Seat(1))).seats[0].known,
        vec!["line-316"]
    );
    m.acts(&["1: draw", "2: draw", "3: draw", "0: draw"]);
    assert_eq!(m.legal(0), vec!["reveal", "hold"]);
    m.act("0: reveal");
    assert_eq!(
        m.to_act(),
        ToAct::Terminal,
        "315 is on the table: nobody can interrupt"
    );
    let o = m.state().outcome().unwrap();
    assert_eq!(o.scores, vec![2, 0, 3, 0]);
    assert_eq!(o.winners, seats(&[2]));
}

#[test]
fn e11_variant_interrupted_316_reshuffles() {
    let mut m = Scenario::<State>::new(
        4,
        "first_player_random,interrupted_316_reshuffles",
        0,
        &e11_entries(),
    );
    let deck_before = m.state().deck_len();
    m.acts(&["0: reveal", "2: interrupt", "1: pass", "3: pass"]);
    // The reshuffle is a chance step, drawn from the seed here.
    m.draw_due_chance();
    assert_eq!(m.state().deck_len(), deck_before + 1);
    assert!(!m.state().hand(Seat(0)).contains(&CardRef::Line(316)));
    assert_eq!(m.to_act(), ToAct::Seats(seats(&[1])));
}

#[test]
fn e12_316_attaches_and_is_exempt_from_forced_play() {
    let d = deck(
        &[
            ["289", "296"],
            ["300", "305"],
            ["292", "309"],
            ["313", "314"],
        ],
        &[
            "315", "302", "307", "294", "316", "311", "298", "290", "304",
        ],
    );
    let mut m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &entries(&[d], &["chance: first-player 3", "3: draw"]),
    );
    assert_eq!(m.legal(3), vec!["start line-313 line-315"]);
    m.acts(&[
        "3: start line-313 line-315",
        "0: draw",
        "1: draw",
        "2: draw",
        "3: draw",
    ]);
    assert_eq!(hand(&m, 3), vec!["line-316"]);
    assert_eq!(
        m.state().sequence(Seat(3)),
        Some((313, 315)),
        "316 is not forced on"
    );
    assert_eq!(m.legal(3), vec!["reveal", "hold"]);
    m.acts(&["3: hold", "0: draw", "1: draw", "2: draw", "3: draw"]);
    m.act("3: reveal");
    assert_eq!(m.state().sequence(Seat(3)), Some((313, 316)));
    assert_eq!(m.to_act(), ToAct::Terminal);
    let o = m.state().outcome().unwrap();
    assert_eq!(o.scores[3], 4);
    assert_eq!(o.winners, seats(&[3]));
}

// ----- E13: scoring ----------------------------------------------------------------------------

fn e13(options: &str) -> Scenario<State> {
    let d = deck(
        &[
            ["303", "304"],
            ["309", "310"],
            ["289", "296"],
            ["291", "292"],
        ],
        &[
            "305", "311", "300", "298", "306", "312", "307", "294", "301", "313",
        ],
    );
    Scenario::<State>::new(
        4,
        options,
        0,
        &entries(
            &[d],
            &[
                "chance: first-player 0",
                "0: draw",
                "0: start line-303 line-305",
                "1: draw",
                "1: start line-309 line-311",
                "2: draw",
                "3: draw",
                "3: start line-291 line-292",
                "0: draw",
                "1: draw",
                "2: draw",
                "3: draw",
                "0: draw",
                "1: draw",
            ],
        ),
    )
}

#[test]
fn e13_cross_stanza_scoring_and_shared_win() {
    let m = e13("first_player_random,turn_limit=10");
    assert_eq!(m.state().end(), Some(End::TurnLimit));
    assert_eq!(m.state().sequence(Seat(0)), Some((303, 306)));
    assert_eq!(m.state().sequence(Seat(1)), Some((309, 313)));
    assert_eq!(m.state().sequence(Seat(2)), None);
    assert_eq!(m.state().sequence(Seat(3)), Some((291, 292)));
    let o = m.state().outcome().unwrap();
    assert_eq!(o.scores, vec![2, 2, 0, 2]);
    assert_eq!(o.winners, seats(&[0, 1, 3]));
}

#[test]
fn e13_tiebreak_total_length() {
    let m = e13("first_player_random,turn_limit=10,tiebreak_total_length");
    assert_eq!(m.state().outcome().unwrap().winners, seats(&[1]));
}

// ----- E14, E15: deck-out ------------------------------------------------------------------------

/// A deck for 4 players, first Player P3, everyone drawing every turn: each seat's two dealt
/// cards and its seven draws, in the order it gets them.
fn deck_out_deck() -> String {
    let cards: [Vec<&str>; 4] = [
        vec!["297", "299", "ys", "301", "303", "305", "ys", "307", "309"],
        vec!["298", "300", "ys", "302", "304", "306", "ys", "308", "310"],
        vec!["311", "ys", "312", "es", "313", "314", "es", "315", "316"],
        vec!["289", "290", "291", "292", "293", "294", "295", "296", "ys"],
    ];
    let hands: Vec<[&str; 2]> = cards.iter().map(|c| [c[0], c[1]]).collect();
    let mut next = [2usize; 4];
    let mut draws = Vec::new();
    for j in 0..28 {
        let s = (3 + j) % 4;
        draws.push(cards[s][next[s]]);
        next[s] += 1;
    }
    deck(&hands, &draws)
}

/// Plays on with a fixed policy: draw when possible, start any Sequence, keep Elder Signs and
/// Line 316, otherwise the first legal action. Returns, per turn after the deck ran out, the
/// Player and its phase-1 options (if asked).
fn play_out(m: &mut Scenario<State>) -> Vec<(Seat, Vec<String>)> {
    let mut after_deck_out = Vec::new();
    while let ToAct::Seats(s) = m.to_act() {
        let seat = s.first().unwrap();
        let options = m.legal(seat.0);
        if m.state().phase() == Phase::DrawOrTrade && m.state().deck_len() == 0 {
            after_deck_out.push((seat, options.clone()));
        }
        let pick = ["draw", "start", "decline elder-sign", "hold"]
            .iter()
            .find_map(|p| options.iter().find(|o| o.starts_with(p)))
            .unwrap_or(&options[0])
            .clone();
        m.act(&format!("{seat}: {pick}"));
    }
    after_deck_out
}

#[test]
fn e14_deck_out_final_round_and_e15_phase_1_skipped() {
    let mut m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &[deck_out_deck(), "chance: first-player 3".into()],
    );
    let asked = play_out(&mut m);
    let log = m.log(Viewer::Omniscient);
    let last_draw = log.iter().rposition(|l| l.contains(" draws ")).unwrap();
    assert!(
        log[last_draw].starts_with("seat 2 draws"),
        "{}",
        log[last_draw]
    );
    assert!(log[last_draw + 1].contains("final round, the game ends after seat 1's turn"));
    // After P2's turn: P3 (only a Yellow Sign left, deck empty: phase 1 skipped, E15), P0, P1.
    let turns: Vec<&String> = log[last_draw..]
        .iter()
        .filter(|l| l.contains("is the Player"))
        .collect();
    assert_eq!(turns.len(), 3, "{turns:?}");
    assert!(turns[0].ends_with("seat 3 is the Player"));
    assert!(turns[1].ends_with("seat 0 is the Player"));
    assert!(turns[2].ends_with("seat 1 is the Player"));
    assert!(log.iter().any(|l| l == "seat 3 can neither draw nor trade"));
    assert_eq!(
        asked.len(),
        2,
        "P0 and P1 choose in phase 1, P3 is skipped: {asked:?}"
    );
    for (seat, options) in &asked {
        assert!(
            !options.iter().any(|o| o == "draw"),
            "seat {seat} offered a draw: {options:?}"
        );
        assert!(options.iter().all(|o| o.starts_with("trade")));
    }
    assert_eq!(m.state().end(), Some(End::DeckOut));
    assert_eq!(m.state().turns(), 31);
    let o = m.state().outcome().unwrap();
    assert_eq!(o.scores[3], 4, "289-296 scores a whole four-line stanza");
}

#[test]
fn e14_variant_deck_out_immediate_end() {
    let mut m = Scenario::<State>::new(
        4,
        "first_player_random,deck_out_immediate_end",
        0,
        &[deck_out_deck(), "chance: first-player 3".into()],
    );
    let asked = play_out(&mut m);
    assert!(asked.is_empty());
    assert_eq!(m.state().end(), Some(End::DeckOut));
    assert_eq!(
        m.state().turns(),
        28,
        "the game ends with the turn that drew the last card"
    );
}
