//! The worked examples of spec §7.2 that need a game (lay-offs, going out, the stuck check),
//! the end-of-hand rules (D-RR-10, §8.1), and hidden information, driven through records with
//! stacked deals. The meld validity and scoring rows (RR-1..RR-15) are unit tests of the `meld`
//! and `scoring` modules, and a few are repeated here through the game.

use parlour_core::{Audit, Game, Seat, ToAct, Viewer};
use parlour_fey::{Card, cards_text, parse_cards};

#[path = "support/deck.rs"]
mod support;
use parlour_rebel_runs::{Action, HandEnd, Phase, State};
use parlour_testkit::Scenario;
use support::deck;

/// MAT-A, P0 Star, P1 Wave, P0 first.
const TABLE_2: &str =
    "chance: mat bone: flame star stone wave wind tree tone; signs star wave; first 0";

fn card(text: &str) -> Card {
    Card::parse(text).unwrap()
}

#[test]
fn rr1_rr6_rr13_melds_through_the_game() {
    let d = deck(
        2,
        0,
        &["flame-5 wave-5 tone-5 bone-3 bone-4 bone-5 bone-6", ""],
        "tree-1",
        "wave-10",
    );
    let mut m = Scenario::<State>::new(
        2,
        "",
        1,
        &[TABLE_2, &d, "0: draw stock", "0: discard wave-10"],
    );
    let l = m.legal(0);
    // RR-1: the three fives as Set{5}; with the four fey cards, sets of 5 grow.
    assert!(l.contains(&"meld flame-5 wave-5 tone-5 set 5".to_owned()));
    // RR-13: all four fey cards as a run: lows 1..=8.
    for low in 1..=8 {
        assert!(l.contains(&format!("meld bone-3 bone-4 bone-5 bone-6 run {low}")));
    }
    assert!(!l.contains(&"meld bone-3 bone-4 bone-5 bone-6 run 9".to_owned()));
    // §8.2: the all-fey set is listed for every declared value.
    for v in 1..=11 {
        assert!(l.contains(&format!("meld bone-3 bone-4 bone-5 set {v}")));
    }
    // RR-8: no run of a wrong declaration.
    assert_eq!(
        m.refused("0: meld flame-5 wave-5 tone-5 set 6"),
        "valid-meld"
    );
    m.act("0: meld bone-3 bone-4 bone-5 bone-6 run 3");
    // RR-13: as Run{3} it is same-sign for any owner: 20.
    assert_eq!(m.state().scores(), vec![20, 0]);
}

#[test]
fn rr6_wrapping_run_is_rejected() {
    let d = deck(
        2,
        0,
        &["wave-10 wave-11 flame-1 flame-2 tree-4 tree-6 tree-8", ""],
        "tone-1",
        "stone-9",
    );
    let mut m = Scenario::<State>::new(
        2,
        "",
        1,
        &[TABLE_2, &d, "0: draw stock", "0: discard stone-9"],
    );
    assert_eq!(
        m.refused("0: meld wave-10 wave-11 flame-1 flame-2 run 10"),
        "valid-meld"
    );
    assert_eq!(m.legal(0), ["end"]);
}

#[test]
fn rr16_lay_off_on_own_set() {
    let d = deck(
        2,
        0,
        &[
            "flame-5 wave-5 tone-5 stone-5 flame-1 wind-3 tree-8",
            "wave-1 wave-2 star-9 tree-10 tone-7 wind-5 flame-11",
        ],
        "tree-1",
        "tone-11",
    );
    let mut m = Scenario::<State>::new(
        2,
        "",
        1,
        &[
            TABLE_2,
            &d,
            "0: draw stock",
            "0: discard tone-11",
            "0: meld flame-5 wave-5 tone-5 set 5",
        ],
    );
    assert_eq!(m.state().scores(), vec![7, 0]);
    let l = m.legal(0);
    assert!(l.contains(&"layoff stone-5 on 0".to_owned()), "{l:?}");
    assert!(!l.iter().any(|a| a.starts_with("layoff flame-1")));
    assert_eq!(m.refused("0: layoff flame-1 on 0"), "lay-off-fits");
    m.act("0: layoff stone-5 on 0");
    assert_eq!(m.state().melds()[0].cards.len(), 4);
    // RR-16: 7 + 3 = 10.
    assert_eq!(m.state().scores(), vec![10, 0]);
    // D-RR-4: seat 1 may not lay off on seat 0's meld.
    m.act("0: end");
    m.act("1: draw stock");
    let drawn = m.state().hand(Seat(1)).minus(
        parse_cards("wave-1 wave-2 star-9 tree-10 tone-7 wind-5 flame-11")
            .unwrap()
            .into_iter()
            .collect(),
    );
    let drawn = Card::from_id(drawn.first().unwrap()).unwrap();
    m.act(&format!("1: discard {drawn}"));
    assert_eq!(m.refused("1: layoff wind-5 on 0"), "lay-off-on-own-meld");
    assert!(!m.legal(1).iter().any(|a| a.starts_with("layoff")));
}

#[test]
fn lay_off_on_any_meld_scores_for_the_player_who_laid_it() {
    let d = deck(
        2,
        0,
        &[
            "flame-5 wave-5 tone-5 stone-8 flame-1 wind-3 tree-8",
            "wave-1 wave-2 star-9 tree-10 tone-7 stone-5 flame-11",
        ],
        "tree-1",
        "tone-11 tone-10",
    );
    let m = Scenario::<State>::new(
        2,
        "lay_off_on_any_meld",
        1,
        &[
            TABLE_2,
            &d,
            "0: draw stock",
            "0: discard tone-11",
            "0: meld flame-5 wave-5 tone-5 set 5",
            "0: end",
            "1: draw stock",
            "1: discard tone-10",
            "1: layoff stone-5 on 0",
        ],
    );
    // Stone is Harmonious to Wave: 3 for seat 1; the set still scores 7 for seat 0.
    assert_eq!(m.state().scores(), vec![7, 3]);
    let view = m.state().view(Some(Seat(0)));
    assert_eq!(
        view.melds[0].laid_off_by_others,
        vec![(card("stone-5"), Seat(1))]
    );
}

#[test]
fn rr16b_fey_lays_off_at_either_end_of_own_run() {
    let d = deck(
        2,
        0,
        &["stone-3 flame-4 wind-5 star-6 bone-11 tree-1 tree-9", ""],
        "wave-1",
        "tone-11",
    );
    let mut m = Scenario::<State>::new(
        2,
        "",
        1,
        &[
            TABLE_2,
            &d,
            "0: draw stock",
            "0: discard tone-11",
            "0: meld stone-3 flame-4 wind-5 star-6 run 3",
        ],
    );
    assert_eq!(m.state().scores(), vec![11, 0]);
    let l = m.legal(0);
    assert!(l.contains(&"layoff bone-11 on 0 low".to_owned()), "{l:?}");
    assert!(l.contains(&"layoff bone-11 on 0 high".to_owned()), "{l:?}");
    assert!(!l.iter().any(|a| a.starts_with("layoff tree-")));
    let mut low = m.clone();
    low.act("0: layoff bone-11 on 0 low");
    assert_eq!(low.state().melds()[0].span(), (2, 6));
    assert_eq!(low.state().scores(), vec![13, 0]);
    m.act("0: layoff bone-11 on 0 high");
    assert_eq!(m.state().melds()[0].span(), (3, 7));
    assert_eq!(m.state().scores(), vec![13, 0]);
    let view = m.state().view(None);
    assert_eq!((view.melds[0].low, view.melds[0].high), (3, 7));
}

#[test]
fn rr17_going_out_ends_the_hand_at_once() {
    let d = deck(
        2,
        0,
        &[
            "star-2 star-3 star-4 star-5 flame-9 wind-9 stone-1",
            "flame-5 wave-5 tone-5 tree-2 tree-4 wind-7 wind-11",
        ],
        "stone-11",
        "wind-1 flame-7 tone-9",
    );
    let mut m = Scenario::<State>::new(
        2,
        "",
        1,
        &[
            TABLE_2,
            &d,
            "0: draw stock",
            "0: discard wind-1",
            "0: end",
            "1: draw stock",
            "1: discard flame-7",
            "1: meld flame-5 wave-5 tone-5 set 5",
            "1: end",
            "0: draw stock",
        ],
    );
    assert_eq!(m.state().hand(Seat(0)).len(), 8);
    // Melding comes after the discard (D-RR-3).
    assert_eq!(
        m.refused("0: meld star-2 star-3 star-4 star-5 run 2"),
        "discard-before-melding"
    );
    m.act("0: discard stone-1");
    m.act("0: meld star-2 star-3 star-4 star-5 run 2");
    assert_eq!(m.state().phase(), Phase::Meld);
    m.act("0: meld flame-9 wind-9 tone-9 set 9");
    // The hand is over at once: 20 + (3 + 1 + 2) = 26 for seat 0; seat 1's set of fives
    // scores 1 + 4 + 1 = 6 for the Wave player; cards in hand score 0.
    let s = m.state();
    assert_eq!(s.to_act(), ToAct::Chance);
    assert_eq!(s.phase(), Phase::TableSetup);
    assert_eq!(s.hand_number(), 1);
    let last = s.last_hand().unwrap();
    assert_eq!(last.reason, HandEnd::WentOut(Seat(0)));
    assert_eq!(last.scores.seats(2), [26, 6]);
    assert_eq!(s.totals(), &[26, 6]);
    assert_eq!(s.scores(), vec![26, 6]);
    // The next hand starts with seat 1.
    let m = Scenario::<State>::new(
        2,
        "",
        1,
        &[
            TABLE_2,
            &d,
            "0: draw stock",
            "0: discard wind-1",
            "0: end",
            "1: draw stock",
            "1: discard flame-7",
            "1: meld flame-5 wave-5 tone-5 set 5",
            "1: end",
            "0: draw stock",
            "0: discard stone-1",
            "0: meld star-2 star-3 star-4 star-5 run 2",
            "0: meld flame-9 wind-9 tone-9 set 9",
        ],
    );
    assert_eq!(
        m.state().to_act(),
        ToAct::Seats([Seat(1)].into_iter().collect())
    );
    assert_eq!(m.state().round(), 2);
}

#[test]
fn rr17_with_the_penalty_variant_cards_in_hand_cost_one_each() {
    let d = deck(
        2,
        0,
        &[
            "star-2 star-3 star-4 star-5 flame-9 wind-9 stone-1",
            "flame-5 wave-5 tone-5 tree-2 tree-4 wind-7 wind-11",
        ],
        "stone-11",
        "tone-9",
    );
    let m = Scenario::<State>::new(
        2,
        "penalty_cards_in_hand",
        1,
        &[
            TABLE_2,
            &d,
            "0: draw stock",
            "0: discard stone-1",
            "0: meld star-2 star-3 star-4 star-5 run 2",
            "0: meld flame-9 wind-9 tone-9 set 9",
        ],
    );
    assert_eq!(m.state().totals(), &[26, -7]);
}

#[test]
fn rr18_stuck_with_two_cards_when_laying_off_is_off() {
    let hands = [
        "star-2 star-3 star-4 star-5 star-6 flame-9 wind-11",
        "tree-2 tree-4 wind-7 flame-1 wave-3 tone-8 stone-10",
    ];
    let d = deck(2, 0, &hands, "stone-11", "tone-1 flame-3 star-7");
    let entries = [
        TABLE_2,
        d.as_str(),
        "0: draw stock",
        "0: discard tone-1",
        "0: meld star-2 star-3 star-4 star-5 star-6 run 2",
    ];
    let mut strict = Scenario::<State>::new(2, "no_laying_off", 1, &entries);
    // Two cards after discarding and melding: nothing to meld, no lay-off; only `end`.
    assert_eq!(strict.state().hand(Seat(0)).len(), 2);
    assert_eq!(strict.legal(0), ["end"]);
    strict.acts(&[
        "0: end",
        "1: draw stock",
        "1: discard flame-3",
        "1: end",
        "0: draw stock",
    ]);
    strict.act("0: discard flame-9");
    // star-7 would extend the run, but laying off is off: still stuck.
    assert_eq!(strict.legal(0), ["end"]);
    assert_eq!(
        strict.refused("0: layoff star-7 on 0 high"),
        "no-laying-off"
    );

    // Default rules: the same position allows the lay-off.
    let mut free = Scenario::<State>::new(2, "", 1, &entries);
    free.acts(&[
        "0: end",
        "1: draw stock",
        "1: discard flame-3",
        "1: end",
        "0: draw stock",
        "0: discard flame-9",
    ]);
    assert_eq!(free.legal(0), ["layoff star-7 on 0 high", "end"]);
    free.act("0: layoff star-7 on 0 high");
    assert_eq!(free.state().melds()[0].span(), (2, 7));
    assert_eq!(free.state().scores(), vec![30, 0]);
}

#[test]
fn a_taken_discard_may_not_be_discarded_again() {
    let d = deck(
        2,
        0,
        &["flame-1 flame-2 flame-3 wind-4 wind-5 wind-6 tree-7", ""],
        "tone-9",
        "",
    );
    let mut m = Scenario::<State>::new(2, "", 1, &[TABLE_2, &d, "0: draw discard"]);
    assert_eq!(m.refused("0: discard tone-9"), "no-rediscard-of-taken-card");
    assert!(!m.legal(0).contains(&"discard tone-9".to_owned()));
    assert_eq!(m.legal(0).len(), 7);
    // Everyone knows where the taken card is.
    let view = m.state().view(Some(Seat(1)));
    assert_eq!(view.known_cards[0], vec![card("tone-9")]);
    assert_eq!(view.taken_from_discard, Some(card("tone-9")));
    assert!(view.discard_pile.is_empty());
}

#[test]
fn the_turn_limit_ends_the_hand_and_scores_it() {
    let d = deck(
        2,
        0,
        &["star-2 star-3 star-4 star-5 flame-9 wind-9 stone-1", ""],
        "stone-11",
        "tone-10 tone-11",
    );
    let m = Scenario::<State>::new(
        2,
        "hand_turn_limit=1",
        1,
        &[
            TABLE_2,
            &d,
            "0: draw stock",
            "0: discard tone-10",
            "0: meld star-2 star-3 star-4 star-5 run 2",
            "0: end",
            "1: draw stock",
            "1: discard tone-11",
            "1: end",
        ],
    );
    // The replay draws the next hand's setup and deal from the seed.
    let s = m.state();
    assert_eq!(s.last_hand().unwrap().reason, HandEnd::TurnLimit);
    assert_eq!(s.totals(), &[20, 0]);
    assert_eq!(s.hand_number(), 1);
    assert_eq!(s.current(), Seat(1));
}

/// Plays `draw stock`, first legal discard, `end` until the due chance is the stock reshuffle
/// or the hand ends; returns the entries.
fn drain_stock(m: &mut Scenario<State>) {
    let mut buf = Vec::new();
    while m.state().phase() != Phase::Reshuffle && m.state().hand_number() == 0 {
        let s = m.state();
        let seat = s.current();
        let entry = match s.phase() {
            Phase::Draw => "draw stock".to_owned(),
            Phase::Discard => {
                s.legal_actions(seat, &mut buf);
                s.action_text(buf[0])
            }
            Phase::Meld => "end".to_owned(),
            other => panic!("unexpected phase {other:?}"),
        };
        m.act(&format!("{seat}: {entry}"));
    }
}

#[test]
fn d_rr_10_one_reshuffle_then_the_hand_is_blocked() {
    let table = "chance: mat bone: flame star stone wave wind tree tone; signs flame star stone wave wind tree tone; first 0";
    let d = deck(7, 0, &[], "tone-11", "");
    let mut m = Scenario::<State>::new(7, "", 1, &[table, &d]);
    drain_stock(&mut m);
    let s = m.state();
    assert_eq!(s.phase(), Phase::Reshuffle);
    assert!(s.stock().is_empty());
    // 38 stock cards drawn and discarded, plus the up-card.
    assert_eq!(s.discard_pile().len(), 39);
    let top = *s.discard_pile().last().unwrap();
    let below: Vec<u8> = s.discard_pile()[..38].to_vec();
    // A stated reshuffle must be exactly the discards below the top.
    let mut bad = m.clone();
    let wrong = cards_text(s.discard_pile().iter().copied());
    assert_eq!(
        bad.refused(&format!("chance: {wrong}")),
        "reshuffle-the-discards-below-the-top"
    );
    let mut order = below.clone();
    order.reverse();
    m.act(&format!("chance: {}", cards_text(order.iter().copied())));
    let s = m.state();
    assert_eq!(s.discard_pile(), &[top]);
    assert_eq!(s.stock(), &order[..]);
    assert_eq!(s.phase(), Phase::Draw);
    // After some draws from the new stock, a determinization keeps the stock within the
    // reshuffled cards.
    let first = m.state().current();
    let second = first.next(7);
    m.act(&format!("{first}: draw stock"));
    let discard = m.legal(first.0).swap_remove(0);
    m.acts(&[
        format!("{first}: {discard}"),
        format!("{first}: end"),
        format!("{second}: draw stock"),
    ]);
    let pool: parlour_cards::CardSet = below.iter().copied().collect();
    let mut rng = parlour_core::rng_from_seed(9);
    for observer in [first, second.next(7)] {
        for _ in 0..10 {
            let d = m.state().sample_consistent(observer, &mut rng);
            d.check_invariants().unwrap();
            assert_eq!(d.view(Some(observer)), m.state().view(Some(observer)));
            assert!(d.stock().iter().all(|c| pool.contains(*c)));
            // Seats that drew nothing since the reshuffle hold no reshuffled card.
            for seat in Seat::all(7) {
                if seat != observer && seat != first && seat != second {
                    assert!(d.hand(seat).and(pool).is_empty());
                }
            }
        }
    }
    // The second exhaustion blocks the hand; it is scored and the next hand is set up.
    drain_stock(&mut m);
    let s = m.state();
    assert_eq!(s.hand_number(), 1);
    assert_eq!(s.last_hand().unwrap().reason, HandEnd::Blocked);
    assert_eq!(s.totals(), &[0; 7]);
}

#[test]
fn a_stock_draw_is_seen_only_by_the_drawer() {
    let d = deck(2, 0, &[], "tone-11", "star-8");
    let mut m = Scenario::<State>::new(2, "", 1, &[TABLE_2, &d]);
    m.act("0: draw stock");
    let star8 = card("star-8");
    assert!(m.last_events(Viewer::Seat(Seat(0)))[0].contains("star-8"));
    assert!(!m.last_events(Viewer::Seat(Seat(1)))[0].contains("star-8"));
    assert!(!m.last_events(Viewer::Spectator)[0].contains("star-8"));
    let s = m.state();
    assert!(s.secrets(Some(Seat(1))).contains(&"star-8".to_owned()));
    assert!(!s.secrets(Some(Seat(0))).contains(&"star-8".to_owned()));
    assert!(s.view(Some(Seat(0))).your_hand.unwrap().contains(&star8));
    let other = serde_json::to_string(&s.view(Some(Seat(1)))).unwrap();
    assert!(!other.contains("\"star-8\""));
    let spectator = s.view(None);
    assert!(spectator.your_hand.is_none());
    assert_eq!(spectator.hand_sizes, vec![8, 7]);
    assert_eq!(spectator.stock_size, 88 - 14 - 1 - 1);
}

#[test]
fn determinization_keeps_what_the_observer_knows() {
    let d = deck(3, 0, &[], "tone-11", "");
    let table =
        "chance: mat bone: flame star stone wave wind tree tone; signs star wave tone; first 0";
    let mut m = Scenario::<State>::new(3, "", 1, &[table, &d, "0: draw stock"]);
    let discard = m.legal(0)[0].clone();
    m.act(&format!("0: {discard}"));
    m.act("0: end");
    m.act("1: draw discard");
    let s = m.state();
    let taken = Card::parse(discard.trim_start_matches("discard ")).unwrap();
    let mut rng = parlour_core::rng_from_seed(5);
    let mut changed = false;
    for _ in 0..20 {
        let d = s.sample_consistent(Seat(2), &mut rng);
        d.check_invariants().unwrap();
        assert_eq!(d.view(Some(Seat(2))), s.view(Some(Seat(2))));
        assert!(
            d.hand(Seat(1)).contains(taken.id()),
            "a known card stays in its hand"
        );
        assert_eq!(d.hand(Seat(2)), s.hand(Seat(2)));
        changed |= d.hand(Seat(0)) != s.hand(Seat(0)) || d.stock() != s.stock();
    }
    assert!(changed, "hidden cards are resampled");
}

#[test]
fn illegal_actions_name_their_rule_and_change_nothing() {
    let d = deck(
        2,
        0,
        &["flame-1 flame-2 flame-3 wind-4 wind-5 wind-6 tree-7", ""],
        "tone-9",
        "",
    );
    let mut m = Scenario::<State>::new(2, "", 1, &[TABLE_2, &d]);
    let before = format!("{:?}", m.state());
    assert_eq!(m.refused("1: draw stock"), "turn-order");
    assert_eq!(m.refused("0: discard flame-1"), "draw-first");
    assert_eq!(m.refused("0: end"), "draw-first");
    assert_eq!(format!("{:?}", m.state()), before);
    let mut s = m.state().clone();
    assert!(s.apply(Seat(0), Action::EndTurn, &mut ()).is_err());
    assert!(
        s.apply_chance(parlour_rebel_runs::Chance::Deal(vec![]), &mut ())
            .is_err()
    );
    assert_eq!(format!("{s:?}"), before);
}

#[test]
fn meld_before_discard_lets_a_player_go_out_by_discarding() {
    let d = deck(
        2,
        0,
        &["star-2 star-3 star-4 star-5 flame-9 wind-9 tree-8", ""],
        "tone-9",
        "",
    );
    let mut m = Scenario::<State>::new(
        2,
        "meld_before_discard",
        1,
        &[
            TABLE_2,
            &d,
            "0: draw discard",
            "0: meld star-2 star-3 star-4 star-5 run 2",
            "0: meld flame-9 wind-9 tone-9 set 9",
        ],
    );
    // One card left: the discard ends the turn and, emptying the hand, the hand.
    assert_eq!(m.legal(0), ["discard tree-8"]);
    assert_eq!(m.refused("0: end"), "discard-ends-the-turn");
    m.act("0: discard tree-8");
    let s = m.state();
    assert_eq!(s.last_hand().unwrap().reason, HandEnd::WentOut(Seat(0)));
    assert_eq!(s.totals(), &[26, 0]);
}
