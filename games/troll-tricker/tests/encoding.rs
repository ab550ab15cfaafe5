//! The encoding for learning: the shared contract checks over random games, and the layout of
//! `docs/games/troll-tricker.md` checked at a stated position.

use parlour_core::{Encoding, Game, Seat};
use parlour_fey::Card;
use parlour_testkit::{Scenario, check_encoding};
use parlour_troll_tricker::State;

/// Offsets of the documented layout for `n` players.
const HAND: usize = 0;
const TRICK: usize = 88;
fn discard(n: usize) -> usize {
    88 + 88 * n
}
fn voids(n: usize) -> usize {
    3 * 88 + 88 * n
}
fn table(n: usize) -> usize {
    voids(n) + 8 * n
}
fn scores(n: usize) -> usize {
    table(n) + 8 + 48 * n
}
fn to_act(n: usize) -> usize {
    scores(n) + 5 * n
}

fn observe(state: &State, seat: u8) -> Vec<f32> {
    let mut out = vec![0.0; state.observation_shape().iter().product()];
    state.encode_observation(Seat(seat), &mut out);
    out
}

fn ones(block: &[f32]) -> Vec<usize> {
    (0..block.len()).filter(|&i| block[i] != 0.0).collect()
}

#[test]
fn contract_holds_for_every_player_count() {
    for players in 3..=7 {
        check_encoding::<State>(players, "", 0..6);
    }
}

#[test]
fn contract_holds_under_the_variants() {
    check_encoding::<State>(3, "full_reshuffle_each_hand,tiebreak_most_tricks", 0..4);
    check_encoding::<State>(
        4,
        "new_fey_each_hand,fey_trump_points_by_player_count,first_player=2",
        0..4,
    );
    check_encoding::<State>(
        5,
        "reshuffle_player_signs_each_hand,last_trick_winner_leads_next_hand,traditional_mat",
        0..4,
    );
}

#[test]
fn length_follows_the_documented_formula() {
    let s = Scenario::<State>::seeded(4, "", 1);
    for n in 3..=7u8 {
        let s = Scenario::<State>::seeded(n, "", 1);
        assert_eq!(s.state().observation_shape(), [308 + 151 * usize::from(n)]);
    }
    assert_eq!(s.state().num_distinct_actions(), 88);
    assert_eq!(s.state().max_spelling_len(), 1);
    assert_eq!(s.state().action_id_text(5), "play flame-6");
    assert_eq!(s.state().action_id_text(87), "play tone-11");
}

#[test]
fn hand_block_is_exactly_the_seats_hand_and_ids_are_card_ids() {
    let s = Scenario::<State>::seeded(4, "first_player=0", 1);
    let state = s.state();
    for seat in 0..4 {
        let obs = observe(state, seat);
        let hand: Vec<usize> = state.hand_of(Seat(seat)).iter().map(usize::from).collect();
        assert_eq!(hand.len(), 11);
        assert_eq!(ones(&obs[HAND..HAND + 88]), hand, "seat {seat}");
        // Seat 0 leads: it is "to act" in its own block 0, and in block 4 - seat of the others.
        let to_act = ones(&obs[to_act(4)..to_act(4) + 4]);
        assert_eq!(to_act, [(4 - usize::from(seat)) % 4]);
    }
    let mut legal = Vec::new();
    state.legal_actions(Seat(0), &mut legal);
    let mut firsts = std::collections::BTreeSet::new();
    for &a in &legal {
        let mut ids = Vec::new();
        state.action_ids(Seat(0), a, &mut ids);
        assert_eq!(ids, [usize::from(a.card().id())]);
        assert_eq!(state.action_id_text(ids[0]), state.action_text(a));
        firsts.insert(ids[0]);
    }
    assert_eq!(firsts.len(), legal.len());
}

#[test]
fn a_played_card_shows_in_every_seat_block_of_its_player() {
    let mut s = Scenario::<State>::seeded(4, "first_player=0", 3);
    let before: Vec<Vec<f32>> = (0..4).map(|k| observe(s.state(), k)).collect();
    let card = s.state().hand_of(Seat(0)).first().unwrap();
    let name = Card::from_id(card).unwrap().text();
    s.act_by(0, &format!("play {name}"));
    for seat in 0..4u8 {
        let after = observe(s.state(), seat);
        assert_ne!(after, before[usize::from(seat)], "seat {seat} saw nothing");
        // Seat 0's card is in the trick plane of block (0 - seat) mod 4.
        let block = (4 - usize::from(seat)) % 4;
        let trick = &after[TRICK..TRICK + 4 * 88];
        assert_eq!(ones(trick), [block * 88 + usize::from(card)], "seat {seat}");
        assert_eq!(
            ones(&before[usize::from(seat)][TRICK..TRICK + 4 * 88]),
            Vec::<usize>::new()
        );
    }
    // Only seat 0's hand lost the card.
    assert_eq!(ones(&observe(s.state(), 0)[HAND..HAND + 88]).len(), 10);
    assert_eq!(ones(&observe(s.state(), 1)[HAND..HAND + 88]).len(), 11);
    // Nothing is in the discard pile until the trick is complete.
    assert_eq!(
        ones(&observe(s.state(), 1)[discard(4)..discard(4) + 88]),
        Vec::<usize>::new()
    );
}

#[test]
fn table_block_shows_the_observers_sign_first() {
    let s = Scenario::<State>::new(
        4,
        "",
        1,
        &[
            "chance: mat bone: flame star stone wave wind tree tone; signs star wave tone wind; first 0",
        ],
    );
    let obs = observe(s.state(), 1);
    let t = table(4);
    assert_eq!(ones(&obs[t..t + 8]), [5], "fey Bone");
    // Block 0 is seat 1 (Wave), block 3 is seat 0 (Star).
    assert_eq!(ones(&obs[t + 8..t + 16]), [3]);
    assert_eq!(ones(&obs[t + 8 + 3 * 48..t + 16 + 3 * 48]), [1]);
    // Star's relation to Flame is harmonious (index 2 of Fey, Same, Harm, Neut, Opp).
    let star_flame = t + 8 + 3 * 48 + 8;
    assert_eq!(ones(&obs[star_flame..star_flame + 5]), [2]);
}
