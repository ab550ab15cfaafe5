//! The encoding for learning: the shared contract checks over random games, and the layout and
//! spellings of `docs/games/rebel-runs.md` checked at stacked positions on MAT-A.

use std::collections::BTreeSet;

use parlour_core::{Encoding, Game, Seat};
use parlour_fey::Card;

#[path = "support/deck.rs"]
mod support;
use parlour_rebel_runs::State;
use parlour_testkit::{Scenario, check_encoding};
use support::deck;

/// MAT-A, P0 Star, P1 Wave, P0 first.
const TABLE_2: &str =
    "chance: mat bone: flame star stone wave wind tree tone; signs star wave; first 0";

/// Offsets of the documented layout for `n` players.
const HAND: usize = 0;
const KNOWN: usize = 88;
fn sizes(n: usize) -> usize {
    88 + 88 * n
}
fn discard_top(n: usize) -> usize {
    176 + 89 * n
}
fn melds(n: usize) -> usize {
    352 + 89 * n
}
fn table_points(n: usize) -> usize {
    3021 + 118 * n
}
fn stock_size(n: usize) -> usize {
    3029 + 124 * n
}

fn id(t: &str) -> usize {
    usize::from(
        Card::parse(t)
            .unwrap_or_else(|| panic!("bad card {t}"))
            .id(),
    )
}

fn observe(state: &State, seat: u8) -> Vec<f32> {
    let mut out = vec![0.0; state.observation_shape().iter().product()];
    state.encode_observation(Seat(seat), &mut out);
    out
}

fn ones(block: &[f32]) -> Vec<usize> {
    (0..block.len()).filter(|&i| block[i] != 0.0).collect()
}

fn spell(state: &State, seat: u8, action: &str) -> Vec<usize> {
    let a = state.parse_action(Seat(seat), action).unwrap();
    assert!(state.is_legal(Seat(seat), a), "{action} is not legal here");
    let mut out = Vec::new();
    state.action_ids(Seat(seat), a, &mut out);
    out
}

/// Every legal action's spelling at this node, for `seat`.
fn spellings(state: &State, seat: u8) -> Vec<Vec<usize>> {
    let mut legal = Vec::new();
    state.legal_actions(Seat(seat), &mut legal);
    legal
        .iter()
        .map(|&a| {
            let mut out = Vec::new();
            state.action_ids(Seat(seat), a, &mut out);
            out
        })
        .collect()
}

/// Seat 0 holds flame-5 wave-5 tone-5 stone-5 flame-1 wind-3 tree-8; the up-card is tree-1 and
/// tone-11 tops the stock (the position of RR-16).
fn rr16() -> Scenario<State> {
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
    Scenario::new(2, "", 1, &[TABLE_2, &d])
}

#[test]
fn contract_holds_for_every_player_count() {
    for players in 2..=7 {
        check_encoding::<State>(players, "", 0..4);
    }
}

#[test]
fn contract_holds_under_the_variants() {
    check_encoding::<State>(3, "first_player=2,traditional_mat,no_laying_off", 0..2);
    check_encoding::<State>(4, "new_fey_each_hand,lay_off_on_any_meld", 0..2);
    check_encoding::<State>(2, "meld_before_discard", 0..3);
    check_encoding::<State>(5, "meld_before_discard,lay_off_on_any_meld", 0..1);
    check_encoding::<State>(
        3,
        "monosign_run_bonus_any_sign,same_sign_run_bonus_additive,penalty_cards_in_hand",
        0..2,
    );
    check_encoding::<State>(
        2,
        "hand_turn_limit=3,reshuffle_player_signs_each_hand",
        0..3,
    );
}

#[test]
fn length_and_ids_follow_the_documented_tables() {
    for n in 2..=7u8 {
        let s = Scenario::<State>::seeded(n, "", 1);
        assert_eq!(s.state().observation_shape(), [3137 + 172 * usize::from(n)]);
        assert_eq!(s.state().num_distinct_actions(), 374);
        assert_eq!(s.state().max_spelling_len(), 9);
    }
    let mbd = Scenario::<State>::seeded(3, "meld_before_discard", 1);
    assert_eq!(mbd.state().max_spelling_len(), 10);
    let s = rr16();
    let text = |id| s.state().action_id_text(id);
    assert_eq!(text(0), "draw stock");
    assert_eq!(text(1), "draw discard");
    assert_eq!(text(2 + 5), "discard flame-6");
    assert_eq!(text(90 + 4), "meld set 5");
    assert_eq!(text(101 + 2), "meld run 3");
    assert_eq!(text(109 + 87), "meld card tone-11");
    assert_eq!(text(197), "meld done");
    assert_eq!(text(198 + 11), "layoff star-1");
    assert_eq!(text(286), "on 0");
    assert_eq!(text(286 + 3 * 28 + 2), "on 28 high");
    assert_eq!(text(373), "end");
}

#[test]
fn draws_and_discards_are_one_id_each_and_show_as_the_docs_say() {
    let mut s = rr16();
    let state = s.state();
    let obs = observe(state, 0);
    let hand: BTreeSet<usize> = ones(&obs[HAND..HAND + 88]).into_iter().collect();
    let want: BTreeSet<usize> = state.hand(Seat(0)).iter().map(usize::from).collect();
    assert_eq!(hand, want);
    assert_eq!(hand.len(), 7);
    assert_eq!(
        ones(&obs[discard_top(2)..discard_top(2) + 88]),
        [id("tree-1")]
    );
    assert_eq!(spellings(state, 0), [[0], [1]]);
    s.act("0: draw stock");
    let spelt = spellings(s.state(), 0);
    assert_eq!(spelt.len(), 8);
    assert!(spelt.iter().all(|ids| ids.len() == 1));
    assert!(spelt.contains(&vec![2 + id("tone-11")]));
    // The stock draw shows to seat 1 as one card more in seat 0's hand (block 1), one less in
    // the stock, and not which card.
    let seen = observe(s.state(), 1);
    assert_eq!(seen[sizes(2) + 1], 8.0 / 8.0);
    assert_eq!(ones(&seen[KNOWN..KNOWN + 2 * 88]), Vec::<usize>::new());
    assert!(seen[stock_size(2)] < observe(rr16().state(), 1)[stock_size(2)]);
}

#[test]
fn a_card_taken_from_the_discards_is_known_to_everyone() {
    let mut s = rr16();
    s.act("0: draw discard");
    for (seat, block) in [(0u8, 0usize), (1, 1)] {
        let obs = observe(s.state(), seat);
        assert_eq!(
            ones(&obs[KNOWN + block * 88..KNOWN + (block + 1) * 88]),
            [id("tree-1")],
            "seat {seat}"
        );
        assert_eq!(
            ones(&obs[discard_top(2)..discard_top(2) + 88]),
            Vec::<usize>::new()
        );
    }
    // D-RR-2: the taken card may not be discarded again, so it has no legal id.
    assert!(!spellings(s.state(), 0).contains(&vec![2 + id("tree-1")]));
}

#[test]
fn melds_are_spelt_kind_cards_done_and_lay_offs_card_then_meld() {
    let mut s = rr16();
    s.acts(&["0: draw stock", "0: discard tone-11"]);
    let state = s.state();
    assert_eq!(
        spell(state, 0, "meld flame-5 wave-5 tone-5 set 5"),
        [
            90 + 4,
            109 + id("flame-5"),
            109 + id("wave-5"),
            109 + id("tone-5"),
            197
        ]
    );
    let spelt = spellings(state, 0);
    let mut legal = Vec::new();
    state.legal_actions(Seat(0), &mut legal);
    assert_eq!(spelt.len(), legal.len());
    // First ids: only `meld set 5` (the four fives in any 3- or 4-subset) and `end`.
    let firsts: BTreeSet<usize> = spelt.iter().map(|w| w[0]).collect();
    assert_eq!(firsts, BTreeSet::from([94, 373]));
    assert_eq!(spelt.iter().filter(|w| w[0] == 94).count(), 5);
    s.act("0: meld flame-5 wave-5 tone-5 set 5");
    assert_eq!(
        spell(s.state(), 0, "layoff stone-5 on 0"),
        [198 + id("stone-5"), 286]
    );
    // The meld is in slot 0 for both seats, owned by block 0 for seat 0 and block 1 for seat 1.
    for (seat, owner) in [(0u8, 0usize), (1, 1)] {
        let obs = observe(s.state(), seat);
        let slot = &obs[melds(2)..melds(2) + 94];
        let cards = [id("flame-5"), id("wave-5"), id("tone-5")];
        let mut want: Vec<usize> = cards.to_vec();
        want.sort_unstable();
        want.extend([88, 90, 91, 92 + owner]);
        assert_eq!(ones(slot), want, "seat {seat}");
        assert_eq!((slot[90], slot[91]), (5.0 / 11.0, 5.0 / 11.0));
        // RR-1: 3 + 2 + 2 = 7 points for seat 0 this hand.
        assert_eq!(obs[table_points(2) + owner], 7.0 / 50.0);
        assert_eq!(
            ones(&obs[melds(2) + 94..melds(2) + 2 * 94]),
            Vec::<usize>::new()
        );
    }
}
