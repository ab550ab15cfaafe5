//! The ISMCTS bot in decided positions of the last hand of a two-player game, built from records
//! with stacked deals: it goes out reading its fey card at the printed number (which keeps the
//! same-sign run bonus) rather than as the cheaper low end, lays its last fey card off at the end
//! of its run that keeps the bonus, and takes the discard that lets it go out rather than draw
//! blind from the stock.

use parlour_bots::{Observation, make_bot};
use parlour_core::{Game, Seat, SeatSet, ToAct};
use parlour_rebel_runs::State;
use parlour_testkit::Scenario;

#[path = "support/deck.rs"]
mod support;

/// P0 Star, P1 Wave, fey Bone; the same mat every hand. Star: Flame and Stone Harmonious, Tone
/// Neutral, Wind Opposing. Wave: Stone and Wind Harmonious, Star and Tree Neutral.
const TABLE_FIRST_0: &str =
    "chance: mat bone: flame star stone wave wind tree tone; signs star wave; first 0";
const TABLE_FIRST_1: &str =
    "chance: mat bone: flame star stone wave wind tree tone; signs star wave; first 1";
const TABLE_NEXT: &str = "chance: mat bone: flame star stone wave wind tree tone; signs star wave";

/// Iterations per decision. The discard position needs about 50 (25 misses it for some seeds);
/// twice that leaves a margin.
const BUDGET: &str = "ismcts:100";

/// A two-player stacked deal (see `support::deck`).
fn deck(first: u8, hands: [&str; 2], upcard: &str, stock: &str) -> String {
    support::deck(2, first, &hands, upcard, stock)
}

/// Replays `entries` and checks that the position is in hand 1, the last of two.
fn position(entries: &[&str]) -> Scenario<State> {
    let m = Scenario::<State>::new(2, "", 1, entries);
    assert_eq!(m.state().hand_number(), 1, "not in the last hand");
    m
}

/// The position after `entries` (with the seat of the player to act prefixed).
fn after(m: &Scenario<State>, entries: &[&str]) -> Scenario<State> {
    let mut m = m.clone();
    let seat = m.state().current().0;
    for e in entries {
        m.act_by(seat, e);
    }
    m
}

/// Whether the game is over with `seat` the only winner.
fn sole_winner(s: &State, seat: Seat) -> bool {
    let only: SeatSet = [seat].into_iter().collect();
    s.to_act() == ToAct::Terminal && s.outcome().is_some_and(|o| o.winners == only)
}

fn assert_bot_plays(m: &Scenario<State>, expected: &str) {
    let s = m.state();
    let seat = s.current();
    let expected_action = s.parse_action(seat, expected).unwrap();
    for seed in 0..4 {
        let mut bot = make_bot::<State>(BUDGET, seed, u64::from(seat.0)).unwrap();
        let action = bot.choose(&Observation::new(s, seat));
        assert_eq!(
            action,
            expected_action,
            "seed {seed}: chose `{}`, not `{expected}`",
            s.action_text(action)
        );
    }
}

/// Hand 0: seat 0 goes out at once with a star run 2..5 (20) and flame, wind, tone nines
/// (3 + 1 + 2): 26 to 0. Hand 1: seat 1 has discarded, melded three sevens (Wave 4, Stone 3,
/// Wind 3 = 10) and holds wave-3 wave-4 wave-5 bone-6. As a run from 3 the fey card keeps its
/// printed 6, the run is all Wave, 5 a card: 30 to 26, a win. As a run from 2 it is a fey 2 and
/// the run scores 4 + 4 + 4 + 2: 24, a loss. Laying the fey card off on the sevens, or ending
/// the turn, leaves the hand open with seat 1 behind.
#[test]
fn goes_out_with_the_fey_card_at_its_printed_number() {
    let deck0 = deck(
        0,
        ["star-2 star-3 star-4 star-5 flame-9 wind-9 stone-1", ""],
        "stone-11",
        "tone-9",
    );
    let deck1 = deck(
        1,
        ["", "stone-7 wave-7 wind-7 wave-3 wave-4 wave-5 bone-6"],
        "tone-11",
        "tree-1",
    );
    let m = position(&[
        TABLE_FIRST_0,
        &deck0,
        "0: draw stock",
        "0: discard stone-1",
        "0: meld star-2 star-3 star-4 star-5 run 2",
        "0: meld flame-9 wind-9 tone-9 set 9",
        TABLE_NEXT,
        &deck1,
        "1: draw stock",
        "1: discard tree-1",
        "1: meld stone-7 wave-7 wind-7 set 7",
    ]);
    assert_eq!(m.state().scores(), vec![26, 10]);
    assert_eq!(
        m.legal(m.seat_to_act()),
        [
            "meld wave-3 wave-4 wave-5 bone-6 run 2",
            "meld wave-3 wave-4 wave-5 bone-6 run 3",
            "layoff bone-6 on 0",
            "end"
        ]
    );
    let win = after(&m, &["meld wave-3 wave-4 wave-5 bone-6 run 3"]);
    assert!(sole_winner(win.state(), Seat(1)));
    assert_eq!(win.state().scores(), vec![26, 30]);
    let cheap = after(&m, &["meld wave-3 wave-4 wave-5 bone-6 run 2"]);
    assert_eq!(cheap.state().outcome().unwrap().scores, vec![26, 24]);
    assert!(sole_winner(cheap.state(), Seat(0)));
    for other in ["layoff bone-6 on 0", "end"] {
        assert_ne!(after(&m, &[other]).state().to_act(), ToAct::Terminal);
    }
    assert_bot_plays(&m, "meld wave-3 wave-4 wave-5 bone-6 run 3");
}

/// Hand 0: seat 0 goes out at once with a star run 2..5 (20) and flame, stone, star nines
/// (3 + 3 + 4): 30 to 0. Hand 1: seat 1 has melded an all-Wave run 2..7 (30) and holds only
/// bone-8. Laid off high it stands at its printed 8, the run stays all Wave: 35 to 30, a win.
/// Laid off low it is a fey 1 and the run drops to 6 × 4 + 2 = 26, a loss.
#[test]
fn lays_off_the_last_fey_card_where_the_run_bonus_survives() {
    let deck0 = deck(
        0,
        ["star-2 star-3 star-4 star-5 flame-9 stone-9 tree-1", ""],
        "stone-11",
        "star-9",
    );
    let deck1 = deck(
        1,
        ["", "wave-2 wave-3 wave-4 wave-5 wave-6 wave-7 bone-8"],
        "tone-11",
        "tree-10",
    );
    let m = position(&[
        TABLE_FIRST_0,
        &deck0,
        "0: draw stock",
        "0: discard tree-1",
        "0: meld star-2 star-3 star-4 star-5 run 2",
        "0: meld flame-9 star-9 stone-9 set 9",
        TABLE_NEXT,
        &deck1,
        "1: draw stock",
        "1: discard tree-10",
        "1: meld wave-2 wave-3 wave-4 wave-5 wave-6 wave-7 run 2",
    ]);
    assert_eq!(m.state().scores(), vec![30, 30]);
    assert_eq!(
        m.legal(m.seat_to_act()),
        ["layoff bone-8 on 0 low", "layoff bone-8 on 0 high", "end"]
    );
    let win = after(&m, &["layoff bone-8 on 0 high"]);
    assert!(sole_winner(win.state(), Seat(1)));
    assert_eq!(win.state().scores(), vec![30, 35]);
    let low = after(&m, &["layoff bone-8 on 0 low"]);
    assert_eq!(low.state().outcome().unwrap().scores, vec![30, 26]);
    assert!(sole_winner(low.state(), Seat(0)));
    assert_ne!(after(&m, &["end"]).state().to_act(), ToAct::Terminal);
    assert_bot_plays(&m, "layoff bone-8 on 0 high");
}

/// Hand 0: seat 1 goes out at once with wave-2 wave-3 wave-4 stone-5 (4 + 4 + 4 + 3) and star,
/// tree, wave nines (2 + 2 + 4): 0 to 23. Hand 1: seat 0 has melded a star run 2..5 (20) and
/// holds flame-9 wind-9 tree-11; seat 1 has just discarded tone-9. Taking it, discarding
/// tree-11 and melding the nines goes out with 26 to 23. The true stock top (wind-10) fits
/// nothing, so drawing from the stock cannot go out this turn and leaves seat 0 behind.
#[test]
fn takes_the_discard_that_lets_it_go_out() {
    let deck0 = deck(
        1,
        ["", "wave-2 wave-3 wave-4 stone-5 star-9 tree-9 tone-1"],
        "stone-11",
        "wave-9",
    );
    let deck1 = deck(
        0,
        ["star-2 star-3 star-4 star-5 flame-9 wind-9 tree-11", ""],
        "wave-11",
        "stone-8 tone-9 wind-10",
    );
    let m = position(&[
        TABLE_FIRST_1,
        &deck0,
        "1: draw stock",
        "1: discard tone-1",
        "1: meld wave-2 wave-3 wave-4 stone-5 run 2",
        "1: meld star-9 tree-9 wave-9 set 9",
        TABLE_NEXT,
        &deck1,
        "0: draw stock",
        "0: discard stone-8",
        "0: meld star-2 star-3 star-4 star-5 run 2",
        "0: end",
        "1: draw stock",
        "1: discard tone-9",
        "1: end",
    ]);
    assert_eq!(m.state().scores(), vec![20, 23]);
    assert_eq!(m.legal(m.seat_to_act()), ["draw stock", "draw discard"]);
    let win = after(
        &m,
        &[
            "draw discard",
            "discard tree-11",
            "meld flame-9 wind-9 tone-9 set 9",
        ],
    );
    assert!(sole_winner(win.state(), Seat(0)));
    assert_eq!(win.state().scores(), vec![26, 23]);
    let blind = after(&m, &["draw stock"]);
    for discard in blind.legal(blind.seat_to_act()) {
        let next = after(&blind, &[&discard]);
        assert_eq!(next.legal(next.seat_to_act()), ["end"], "{discard}");
    }
    assert_bot_plays(&m, "draw discard");
}
