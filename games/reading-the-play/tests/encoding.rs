//! The learning encoding: the shared contract check over seeded random games, and scenarios
//! that pin real values (the hand block, action ids, what a public event and a secret one
//! change) at stacked deals.

use parlour_core::{Encoding, Game, Seat};
use parlour_reading_the_play::{Action, CardRef, State, Traders};
use parlour_testkit::{Scenario, check_encoding};

#[path = "support/deck.rs"]
mod support;
use support::deck;

// Offsets from the layout table in docs/games/reading-the-play.md.
const GLOBAL_FIXED: usize = 176;
const SEAT_FIXED: usize = 73;
const POOL: usize = 93;
const MY_CARD: usize = 129;
const S_HAND_SIZE: usize = 36;

fn seat_block(n: usize, k: usize) -> usize {
    GLOBAL_FIXED + n + k * (SEAT_FIXED + n)
}

fn obs(state: &State, seat: u8) -> Vec<f32> {
    let mut out = vec![0.0; state.observation_shape().iter().product()];
    state.encode_observation(Seat(seat), &mut out);
    out
}

fn ones(block: &[f32]) -> Vec<usize> {
    (0..block.len()).filter(|&i| block[i] == 1.0).collect()
}

fn ids(state: &State, seat: u8, action: Action) -> Vec<usize> {
    let mut out = Vec::new();
    state.action_ids(Seat(seat), action, &mut out);
    out
}

// ----- the shared contract ----------------------------------------------------------------------

#[test]
fn contract_with_the_pointing_vote() {
    for players in 3..=6 {
        check_encoding::<State>(players, "", 0..25);
    }
}

#[test]
fn contract_with_two_players_and_the_lot() {
    check_encoding::<State>(2, "two_player", 0..30);
    check_encoding::<State>(4, "first_player_random", 10..40);
}

#[test]
fn contract_with_every_variant() {
    check_encoding::<State>(
        4,
        "first_player_random,elder_sign_reshuffles,interrupted_316_reshuffles,\
         tiebreak_total_length,turn_limit=60",
        20..50,
    );
    check_encoding::<State>(5, "deck_out_immediate_end,turn_limit=0", 30..50);
}

#[test]
fn sizes_follow_the_documented_formulas() {
    for (n, obs_len, actions) in [
        (2, 328, 127),
        (3, 407, 130),
        (4, 488, 135),
        (5, 571, 144),
        (6, 656, 161),
    ] {
        let options = parlour_core::Options::parse_list(State::OPTIONS, "two_player").unwrap();
        let s = State::new(n, &options).unwrap();
        let n = usize::from(n);
        assert_eq!(s.observation_shape(), vec![obs_len]);
        assert_eq!(obs_len, 176 + 74 * n + n * n);
        assert_eq!(s.num_distinct_actions(), actions);
        assert_eq!(actions, 124 + (n - 1) + (1 << (n - 1)));
        assert_eq!(s.max_spelling_len(), 1);
    }
}

// ----- scenarios at a stacked deal ---------------------------------------------------------------

/// Spec E6: P0 holds {305, 290}, P1 {YS, 293}, P2 {296, 311}, P3 {ES, 299}; P0 is the Player.
fn e6_dealt() -> Scenario<State> {
    let d = deck(
        &[["305", "290"], ["ys", "293"], ["296", "311"], ["es", "299"]],
        &[],
    );
    Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &[d, "chance: first-player 0".to_owned()],
    )
}

#[test]
fn the_hand_block_holds_exactly_the_seats_cards() {
    let m = e6_dealt();
    let s = m.state();
    let hand = |seat: u8| {
        let o = obs(s, seat);
        ones(&o[seat_block(4, 0)..][..36])
    };
    // Lines by index (number - 289), a Yellow Sign in slot 28, an Elder Sign in slot 34.
    assert_eq!(hand(0), vec![290 - 289, 305 - 289]);
    assert_eq!(hand(1), vec![293 - 289, 28]);
    assert_eq!(hand(3), vec![299 - 289, 34]);
    // Other hands show nothing (no card was seen going there), only their sizes.
    let o = obs(s, 0);
    for k in 1..4 {
        assert!(ones(&o[seat_block(4, k)..][..36]).is_empty());
        assert_eq!(o[seat_block(4, k) + S_HAND_SIZE], 2.0 / 36.0);
    }
}

#[test]
fn legal_first_ids_match_the_legal_moves() {
    let m = e6_dealt();
    let s = m.state();
    let mut legal = Vec::new();
    s.legal_actions(Seat(0), &mut legal);
    // Draw, and a trade with every non-empty subset of the three others.
    assert_eq!(legal.len(), 8);
    let mut first: Vec<usize> = legal.iter().map(|&a| ids(s, 0, a)[0]).collect();
    first.sort_unstable();
    first.dedup();
    assert_eq!(first.len(), legal.len());
    assert_eq!(first, (3..11).collect::<Vec<_>>());
}

#[test]
fn action_ids_are_what_the_docs_say() {
    let m = e6_dealt();
    let s = m.state();
    assert_eq!(ids(s, 0, Action::Draw), vec![3]);
    // Traders are named relative to the Player: seats 1 and 3 are +1 and +3 from seat 0 ...
    let t13 = Action::Trade(Traders(0b1010));
    assert_eq!(ids(s, 0, t13), vec![4 + 0b101 - 1]);
    assert_eq!(s.action_id_text(8), "trade +1 +3");
    // ... and seats 3 and 1 are +1 and +3 from seat 2: the same id.
    assert_eq!(ids(s, 2, t13), vec![8]);
    assert_eq!(ids(s, 3, Action::PointAt(Seat(0))), vec![0]);
    assert_eq!(s.action_id_text(0), "point +1");
    assert_eq!(ids(s, 1, Action::Commit(CardRef::Line(305))), vec![11 + 16]);
    assert_eq!(ids(s, 1, Action::Commit(CardRef::YellowSign)), vec![39]);
    assert_eq!(s.action_id_text(39), "commit yellow-sign");
    assert_eq!(ids(s, 0, Action::Keep(CardRef::ElderSign)), vec![41 + 29]);
    assert_eq!(
        ids(s, 0, Action::Give(Seat(3), CardRef::Line(289))),
        vec![71]
    );
    assert_eq!(s.action_id_text(71), "give line-289");
    let start = Action::StartSequence {
        low: 293,
        high: 294,
    };
    assert_eq!(ids(s, 1, start), vec![103 + 4]);
    assert_eq!(s.action_id_text(107), "start from line-293");
    assert_eq!(ids(s, 1, Action::RevealPair), vec![131]);
    assert_eq!(ids(s, 1, Action::Pass), vec![134]);
    assert_eq!(s.num_distinct_actions(), 135);
}

#[test]
fn a_public_event_changes_the_others_observations() {
    let mut m = e6_dealt();
    let before: Vec<Vec<f32>> = (0..4).map(|s| obs(m.state(), s)).collect();
    m.act("0: draw");
    for seat in 1..4u8 {
        let after = obs(m.state(), seat);
        assert_ne!(
            after,
            before[usize::from(seat)],
            "seat {seat} sees the draw"
        );
        // The Player is block (0 - seat) mod 4 of this seat's observation: its hand grew.
        let k = (4 - usize::from(seat)) % 4;
        assert_eq!(after[seat_block(4, k) + S_HAND_SIZE], 3.0 / 36.0);
    }
}

#[test]
fn a_secret_commitment_changes_only_its_own_seats_observation() {
    let mut m = e6_dealt();
    m.act("0: trade 1 3");
    let mut yellow = m.clone();
    yellow.act("1: commit yellow-sign");
    m.act("1: commit line-293");
    for seat in [0, 2, 3] {
        assert_eq!(obs(m.state(), seat), obs(yellow.state(), seat));
    }
    let (a, b) = (obs(m.state(), 1), obs(yellow.state(), 1));
    assert_eq!(ones(&a[MY_CARD..][..36]), vec![293 - 289]);
    assert_eq!(ones(&b[MY_CARD..][..36]), vec![28]);
    // Once every card is in, the Player alone sees the pool.
    yellow.acts(&["3: commit elder-sign", "0: commit line-305"]);
    let p = obs(yellow.state(), 0);
    assert_eq!(ones(&p[POOL..][..36]), vec![305 - 289, 28, 34]);
    for seat in 1..4 {
        assert!(ones(&obs(yellow.state(), seat)[POOL..][..36]).is_empty());
    }
}

#[test]
fn the_players_private_step_shows_to_others_as_player_turn() {
    // Spec E3: P1 holds {293, 294, 310, YS} and may start a Sequence.
    let d = deck(
        &[
            ["297", "305"],
            ["310", "ys"],
            ["299", "312"],
            ["301", "308"],
        ],
        &["293", "303", "289", "291", "294"],
    );
    let m = Scenario::<State>::new(
        4,
        "first_player_random",
        0,
        &[
            d,
            "chance: first-player 1".to_owned(),
            "1: draw".to_owned(),
            "2: draw".to_owned(),
            "3: draw".to_owned(),
            "0: draw".to_owned(),
            "1: draw".to_owned(),
        ],
    );
    let s = m.state();
    let phase = |seat: u8| ones(&obs(s, seat)[..14]);
    assert_eq!(phase(1), vec![8], "the Player sees its sequencing step");
    for seat in [0, 2, 3] {
        assert_eq!(phase(seat), vec![10], "seat {seat} sees only `player-turn`");
    }
    let mut legal = Vec::new();
    s.legal_actions(Seat(1), &mut legal);
    let spelt: Vec<Vec<usize>> = legal.iter().map(|&a| ids(s, 1, a)).collect();
    assert_eq!(spelt, vec![vec![103 + 4], vec![129]]);
    assert_eq!(s.action_id_text(129), "decline sequence");
}
