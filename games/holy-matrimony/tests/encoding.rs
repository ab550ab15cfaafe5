//! The encoding for learning: the shared contract checks over random games, and the layout of
//! `docs/games/holy-matrimony.md` checked at a stacked position on MAT-A.

use parlour_core::{Encoding, Game, Seat};
use parlour_fey::{Card, cards_text};
use parlour_holy_matrimony::{Action, State};
use parlour_testkit::{Scenario, check_encoding};

/// Offsets of the documented layout for `n` players.
const HAND: usize = 0;
const COMMITMENT: usize = 88;
const SLOTS: usize = 176;
const CHURCH: usize = 834;
fn last_plays() -> usize {
    1011
}
fn committed(n: usize) -> usize {
    1011 + 90 * n
}
fn scores(n: usize) -> usize {
    1011 + 91 * n
}
fn table(n: usize) -> usize {
    1021 + 94 * n
}

fn id(t: &str) -> u8 {
    Card::parse(t)
        .unwrap_or_else(|| panic!("bad card {t}"))
        .id()
}

/// MAT-A (fey Bone) with P0 Star, P1 Wave, P2 Tone, P3 Wind, first player 0, these hands and
/// the church card.
fn stacked(hands: [[&str; 7]; 4], church: &str) -> Scenario<State> {
    let order: Vec<u8> = (0..28).map(|i| id(hands[i % 4][i / 4])).collect();
    Scenario::new(
        4,
        "",
        1,
        &[
            "chance: mat bone: flame star stone wave wind tree tone; signs star wave tone wind; first 0".to_string(),
            format!("chance: deal {}", cards_text(order)),
            format!("chance: church {church}"),
        ],
    )
}

fn position() -> Scenario<State> {
    stacked(
        [
            [
                "star-8", "tone-7", "flame-2", "bone-4", "wave-11", "wind-1", "tree-3",
            ],
            [
                "wind-9", "star-1", "star-2", "star-3", "star-4", "star-5", "star-6",
            ],
            [
                "tree-11", "stone-7", "wave-1", "wave-2", "wave-3", "wave-4", "wave-5",
            ],
            [
                "wind-2", "wind-3", "wind-4", "wind-5", "wind-6", "wind-7", "wind-8",
            ],
        ],
        "flame-6",
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

fn ids(state: &State, seat: u8, a: Action) -> Vec<usize> {
    let mut out = Vec::new();
    state.action_ids(Seat(seat), a, &mut out);
    out
}

#[test]
fn contract_holds_for_every_player_count() {
    for players in 2..=7 {
        check_encoding::<State>(players, "max_rounds=12", 0..5);
    }
}

#[test]
fn contract_holds_under_the_variants() {
    check_encoding::<State>(2, "", 0..1);
    check_encoding::<State>(
        3,
        "max_rounds=10,church_counts_for_total_only,fey_wild_value",
        0..2,
    );
    check_encoding::<State>(
        4,
        "max_rounds=10,reshuffle_mat_each_round,no_negative_round_scores",
        0..2,
    );
    check_encoding::<State>(
        5,
        "max_rounds=8,reshuffle_player_signs_each_hand,first_player=4",
        0..2,
    );
    check_encoding::<State>(7, "max_rounds=10,new_fey_each_hand,traditional_mat", 0..2);
    check_encoding::<State>(6, "max_rounds=10,target_score=5", 0..2);
}

#[test]
fn length_and_ids_follow_the_documented_tables() {
    for n in 2..=7u8 {
        let s = Scenario::<State>::seeded(n, "", 1);
        assert_eq!(s.state().observation_shape(), [1036 + 142 * usize::from(n)]);
        assert_eq!(s.state().num_distinct_actions(), 128);
        assert_eq!(s.state().max_spelling_len(), 1);
    }
    let s = position();
    assert_eq!(s.state().action_id_text(0), "commit none");
    assert_eq!(s.state().action_id_text(5), "commit slots 0 2");
    assert_eq!(s.state().action_id_text(127), "commit slots 0 1 2 3 4 5 6");
}

#[test]
fn hand_slots_and_church_are_what_the_seat_holds_and_sees() {
    let s = position();
    let obs = observe(s.state(), 0);
    // Seat 0's hand sorted by id: flame-2 star-8 wave-11 wind-1 bone-4 tree-3 tone-7.
    let hand = [
        "flame-2", "star-8", "wave-11", "wind-1", "bone-4", "tree-3", "tone-7",
    ];
    let want: Vec<usize> = hand.iter().map(|t| usize::from(id(t))).collect();
    assert_eq!(ones(&obs[HAND..HAND + 88]), want);
    assert_eq!(ones(&obs[COMMITMENT..COMMITMENT + 88]), Vec::<usize>::new());
    for (k, card) in hand.iter().enumerate() {
        let slot = &obs[SLOTS + 94 * k..SLOTS + 94 * (k + 1)];
        assert_eq!(ones(&slot[..88]), [usize::from(id(card))], "slot {k}");
        let value: f32 = card.rsplit('-').next().unwrap().parse().unwrap();
        assert_eq!(slot[88], value / 11.0);
    }
    // Relations to Star on MAT-A: flame Harmonious, star Same, bone Fey, tone Neutral.
    let rel = |k: usize| ones(&obs[SLOTS + 94 * k + 89..SLOTS + 94 * k + 94]);
    assert_eq!(rel(0), [2]);
    assert_eq!(rel(1), [1]);
    assert_eq!(rel(4), [0]);
    assert_eq!(rel(6), [3]);
    assert_eq!(
        ones(&obs[CHURCH..CHURCH + 88]),
        [usize::from(id("flame-6"))]
    );
    assert_eq!(obs[CHURCH + 88], 6.0 / 11.0);
    // The table block puts the observer's sign first: Star for seat 0, Wave for seat 1.
    assert_eq!(ones(&obs[table(4) + 8..table(4) + 16]), [1]);
    assert_eq!(
        ones(&observe(s.state(), 1)[table(4) + 8..table(4) + 16]),
        [3]
    );
}

#[test]
fn every_commitment_is_one_id_a_mask_over_the_sorted_hand() {
    let s = position();
    let state = s.state();
    let mut legal = Vec::new();
    state.legal_actions(Seat(0), &mut legal);
    assert_eq!(legal.len(), 128);
    let mut seen: Vec<usize> = legal.iter().flat_map(|&a| ids(state, 0, a)).collect();
    seen.sort_unstable();
    assert_eq!(seen, (0..128).collect::<Vec<_>>());
    // Slots 0 and 2 of the sorted hand are flame-2 and wave-11.
    let a = state
        .parse_action(Seat(0), "commit flame-2 wave-11")
        .unwrap();
    assert_eq!(ids(state, 0, a), [0b101]);
    let a = state.parse_action(Seat(0), "commit tone-7").unwrap();
    assert_eq!(ids(state, 0, a), [0b100_0000]);
    assert_eq!(
        ids(state, 0, Action::Commit(parlour_cards::CardSet::EMPTY)),
        [0]
    );
}

#[test]
fn a_commitment_shows_to_the_others_only_as_a_flag_and_the_reveal_shows_all() {
    let mut s = position();
    let before: Vec<Vec<f32>> = (0..4).map(|k| observe(s.state(), k)).collect();
    s.act("2: commit tree-11");
    for seat in 0..4u8 {
        let after = observe(s.state(), seat);
        let changed: Vec<usize> = (0..after.len())
            .filter(|&i| after[i] != before[usize::from(seat)][i])
            .collect();
        let flag = committed(4) + (2 + 4 - usize::from(seat)) % 4;
        if seat == 2 {
            // Its own commitment, and its own flag in block 0.
            assert_eq!(changed, [COMMITMENT + usize::from(id("tree-11")), flag]);
        } else {
            assert_eq!(
                changed,
                [flag],
                "seat {seat} learns only that seat 2 committed"
            );
        }
    }
    s.acts(&[
        "0: commit star-8 tone-7",
        "1: commit none",
        "3: commit wind-2",
    ]);
    // Revealed: seat 1 sees seat 2's tree-11 in block 1 of the last round, and its score.
    let obs = observe(s.state(), 1);
    let plays = &obs[last_plays()..last_plays() + 4 * 88];
    assert!(plays[88 + usize::from(id("tree-11"))] == 1.0);
    assert!(plays[3 * 88 + usize::from(id("star-8"))] == 1.0);
    assert_eq!(ones(plays).len(), 4);
    // HM-1: seat 0 scored 9 with target 55; seat 1 sees it in block 3.
    assert_eq!(s.state().scores()[0], 9);
    assert_eq!(obs[scores(4) + 3], 9.0 / 55.0);
}
