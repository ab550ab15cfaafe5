//! The ISMCTS bot takes the one winning action in end-game positions of Reading the Play built
//! from records with stacked decks: revealing the 315-316 pair, starting the Sequence that 316
//! then completes, and keeping the traded card that makes a run on the last turn. The greedy
//! bot, trailing, does not end the game in a loss it can avoid.

use parlour_bots::{Observation, make_bot};
use parlour_core::{Game, Seat, SeatSet, ToAct};
use parlour_reading_the_play::State;
use parlour_testkit::Scenario;

#[path = "support/deck.rs"]
mod support;
use support::deck;

/// Ten iterations already find every win here for 200 seeds (five miss one); twice that leaves a
/// margin.
const BOT: &str = "ismcts:20";
const SEEDS: std::ops::Range<u64> = 0..3;

/// The winners after playing `line` from `m` (the game must be over by then).
fn winners_after(m: &Scenario<State>, line: &[&str]) -> SeatSet {
    let mut m = m.clone();
    m.acts(line);
    assert_eq!(m.to_act(), ToAct::Terminal, "{line:?} should end the game");
    m.state().outcome().expect("the game is over").winners
}

/// Asserts that the bot `name` in `seat` picks `expected` for every seed.
fn assert_bot_picks(m: &Scenario<State>, name: &str, seat: u8, expected: &str) {
    for seed in SEEDS {
        let mut bot = make_bot::<State>(name, seed, u64::from(seat)).expect("known bot");
        let action = bot.choose(&Observation::new(m.state(), Seat(seat)));
        assert_eq!(
            m.state().action_text(action),
            expected,
            "{name}, seed {seed}"
        );
    }
}

/// Seat 1 holds Line 315 and 316 on its first turn and nobody has a Sequence: revealing the pair
/// scores 2 against 0, a plain reveal ends the game with nobody scoring.
#[test]
fn reveals_the_315_316_pair_when_nobody_has_a_sequence() {
    let m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &[
            deck(
                &[
                    ["289", "292"],
                    ["315", "316"],
                    ["297", "305"],
                    ["301", "308"],
                ],
                &["310"],
            ),
            "chance: first-player 1".into(),
            "1: draw".into(),
        ],
    );
    assert_eq!(m.legal(1), ["reveal", "reveal pair", "hold"]);
    assert_eq!(
        winners_after(&m, &["1: reveal pair"]),
        SeatSet::single(Seat(1))
    );
    assert!(winners_after(&m, &["1: reveal"]).is_empty());
    assert_bot_picks(&m, BOT, 1, "reveal pair");
}

/// Seat 0 has started 289-290 (score 2). Seat 1 draws 315 to join its 314 and 316: starting 314-315 lets
/// 316 attach on the reveal (313-316 stanza, score 3, a win alone); declining leaves at best the
/// pair 315-316, which only ties seat 0.
#[test]
fn starts_the_sequence_that_316_completes() {
    let m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &[
            deck(
                &[
                    ["289", "290"],
                    ["314", "316"],
                    ["297", "305"],
                    ["301", "308"],
                ],
                &["310", "315"],
            ),
            "chance: first-player 0".into(),
            "0: draw".into(),
            "0: start line-289 line-290".into(),
            "1: draw".into(),
        ],
    );
    assert_eq!(m.legal(1), ["start line-314 line-315", "decline sequence"]);
    let alone = SeatSet::single(Seat(1));
    let shared: SeatSet = [Seat(0), Seat(1)].into_iter().collect();
    assert_eq!(
        winners_after(&m, &["1: start line-314 line-315", "1: reveal"]),
        alone
    );
    assert_eq!(
        winners_after(&m, &["1: decline sequence", "1: reveal pair"]),
        shared
    );
    assert_eq!(
        winners_after(&m, &["1: decline sequence", "1: reveal"]),
        SeatSet::single(Seat(0))
    );
    assert_bot_picks(&m, BOT, 1, "start line-314 line-315");
}

/// The turn limit ends the game after this turn. Seat 0 holds 309 and 311 and traded 289 for
/// seat 1's 310: keeping 310 forces the run 309-311 (two Masque lines, score 2, the only
/// Sequence); keeping 289 back leaves everyone at 0, so nobody wins.
#[test]
fn keeps_the_traded_card_that_makes_a_run_on_the_last_turn() {
    let m = Scenario::<State>::new(
        4,
        "first_player_random,turn_limit=5",
        0,
        &[
            deck(
                &[
                    ["289", "309"],
                    ["310", "305"],
                    ["297", "312"],
                    ["293", "307"],
                ],
                &["311", "302", "295", "291"],
            ),
            "chance: first-player 0".into(),
            "0: draw".into(),
            "1: draw".into(),
            "2: draw".into(),
            "3: draw".into(),
            "0: trade 1".into(),
            "0: commit line-289".into(),
            "1: commit line-310".into(),
        ],
    );
    assert_eq!(m.legal(0), ["keep line-289", "keep line-310"]);
    assert_eq!(
        winners_after(
            &m,
            &[
                "0: keep line-310",
                "0: give 1 line-289",
                "0: start line-309 line-311"
            ]
        ),
        SeatSet::single(Seat(0))
    );
    assert!(winners_after(&m, &["0: keep line-289", "0: give 1 line-310"]).is_empty());
    assert_bot_picks(&m, BOT, 0, "keep line-310");
}

/// Seat 0 holds two Yellow Signs and every other seat one. A Trader who holds a Yellow Sign gets
/// rid of it, and the Player must keep it: any trade ends the game with everyone losing, so
/// the bot draws (from seat 0's view a third of Traders hold one, an eighth of draws is one).
#[test]
fn a_player_with_two_yellow_signs_draws_rather_than_trades() {
    let m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &[
            deck(
                &[["ys", "289"], ["ys", "300"], ["ys", "305"], ["ys", "310"]],
                &["ys", "292", "296", "312", "294"],
            ),
            "chance: first-player 0".into(),
            "0: draw".into(),
            "1: draw".into(),
            "2: draw".into(),
            "3: draw".into(),
        ],
    );
    assert_eq!(m.legal(0)[0], "draw");
    assert_eq!(m.legal(0).len(), 8, "draw and seven sets of Traders");
    let mut traded = m.clone();
    traded.acts(&[
        "0: trade 1",
        "0: commit line-289",
        "1: commit yellow-sign",
        "0: keep yellow-sign",
        "0: give 1 line-289",
    ]);
    assert_eq!(traded.to_act(), ToAct::Terminal);
    assert!(traded.state().outcome().expect("over").winners.is_empty());
    assert_bot_picks(&m, "ismcts:hard", 0, "draw");
}

/// Seat 0 has started 289-290 (score 2); seat 1 holds 316 and no Sequence. Revealing ends the
/// game (315 is in the deck) with seat 0 the winner: `greedy` holds and plays on.
#[test]
fn greedy_holds_316_rather_than_reveal_it_into_a_loss() {
    let m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &[
            deck(
                &[
                    ["289", "290"],
                    ["316", "297"],
                    ["300", "305"],
                    ["301", "308"],
                ],
                &["310", "293"],
            ),
            "chance: first-player 0".into(),
            "0: draw".into(),
            "0: start line-289 line-290".into(),
            "1: draw".into(),
        ],
    );
    assert_eq!(m.legal(1), ["reveal", "hold"]);
    assert_eq!(winners_after(&m, &["1: reveal"]), SeatSet::single(Seat(0)));
    assert_bot_picks(&m, "greedy", 1, "hold");
}

/// Seat 0 has started 289-290; seat 1, with no Sequence, holds an Elder Sign and draws its third
/// Yellow Sign. Declining the Elder Sign ends the game with everyone losing: `greedy` plays it.
#[test]
fn greedy_plays_its_elder_sign_rather_than_end_the_game_while_behind() {
    let m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &[
            deck(
                &[["289", "290"], ["ys", "es"], ["297", "305"], ["301", "308"]],
                &["310", "ys", "312", "294", "303", "ys"],
            ),
            "chance: first-player 0".into(),
            "0: draw".into(),
            "0: start line-289 line-290".into(),
            "1: draw".into(),
            "1: decline elder-sign".into(),
            "2: draw".into(),
            "3: draw".into(),
            "0: draw".into(),
            "1: draw".into(),
        ],
    );
    assert_eq!(m.legal(1), ["play elder-sign", "decline elder-sign"]);
    let mut declined = m.clone();
    declined.acts(&["1: decline elder-sign"]);
    assert_eq!(declined.to_act(), ToAct::Terminal);
    assert!(declined.state().outcome().expect("over").winners.is_empty());
    assert_bot_picks(&m, "greedy", 1, "play elder-sign");
}
