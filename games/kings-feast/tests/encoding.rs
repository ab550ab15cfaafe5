//! The encoding for learning: the shared contract check on every arrangement and the variants,
//! and the documented layout (`docs/games/kings-feast.md`, "Encoding for learning") asserted
//! at the spec's E19 position.

use parlour_core::{Encoding, Game, Seat};
use parlour_kings_feast::{Action, BUILTIN_NAMES, Pos, State};
use parlour_testkit::{Scenario, check_encoding};

/// Layout constants as the docs state them.
const SEAT_FEATURES: usize = 65;
const F_UP: usize = 3;
const F_KNOWN_DOWN: usize = 4;
const F_UNKNOWN: usize = 5;
const F_ACTIVE: usize = 6;
const F_CARD: usize = 11;
const F_GOAL: usize = 29;
const G: usize = 18 * SEAT_FEATURES;
const G_DECISION: usize = G;
const OBSERVATION_LEN: usize = G + 150;

/// The spec's E19 deal of the Beginner's Banquet: (0,2) holds the Hermit and (2,0) the
/// Scholar, both face down; the Assassin is face down on (0,0).
const E19_DEAL: &str = "chance: deal vizier hermit priest guard scholar noble coachman";

fn observe(st: &State) -> Vec<f32> {
    let mut out = vec![0.0; st.observation_shape().iter().product()];
    st.encode_observation(Seat(0), &mut out);
    out
}

/// The card features of seat slot `s`.
fn cards(obs: &[f32], s: usize) -> &[f32] {
    &obs[s * SEAT_FEATURES + F_CARD..s * SEAT_FEATURES + F_CARD + 18]
}

/// The one card a slot shows for sure, if any.
fn shown(obs: &[f32], s: usize) -> Option<u8> {
    let c = cards(obs, s);
    let ones: Vec<usize> = (0..18).filter(|&v| c[v] == 1.0).collect();
    match ones.as_slice() {
        [v] if c.iter().sum::<f32>() == 1.0 => Some(*v as u8 + 1),
        _ => None,
    }
}

fn ids(st: &State, a: Action) -> Vec<usize> {
    let mut out = Vec::new();
    st.action_ids(Seat(0), a, &mut out);
    out
}

#[test]
fn contract_holds_on_every_arrangement() {
    for arr in BUILTIN_NAMES {
        check_encoding::<State>(1, &format!("arrangement={arr}"), 0..200);
    }
}

#[test]
fn contract_holds_with_variants() {
    for options in [
        "adjacent_includes_diagonal,rows_skip_holes,arrangement=round_table_roast",
        "ring_wraps,queen_may_stay,arrangement=round_table_roast",
        "activate_face_down,max_turns=30",
        "flip_targets_by_position,own_reaction_first,diplomat_reacts_face_down,arrangement=full_feudal_feast",
        "may_decline_fatal,vizier_excludes_self,end_before_first_turn,setup_reveals_trigger",
        "forgetful_player,reaction_once_per_turn,arrangement=surprise_party_soiree",
    ] {
        check_encoding::<State>(1, options, 0..100);
    }
}

#[test]
fn the_encoding_is_the_same_size_for_every_arrangement() {
    for arr in BUILTIN_NAMES {
        let m = Scenario::<State>::seeded(1, &format!("arrangement={arr}"), 3);
        assert_eq!(m.state().observation_shape(), [OBSERVATION_LEN]);
        assert_eq!(m.state().num_distinct_actions(), 433);
        assert_eq!(m.state().max_spelling_len(), 1);
    }
}

#[test]
fn exactly_the_face_up_and_peeked_cards_show() {
    let mut m = Scenario::<State>::new(1, "arrangement=beginners_banquet", 0, &[E19_DEAL]);
    let obs = observe(m.state());
    // 3×3 without holes: slot = 3r + c. Face up: 15, 3, 18, 9, 11, 7; the Assassin's seat is
    // known from the layout.
    let want = [
        Some(1),
        Some(15),
        None,
        Some(3),
        Some(18),
        Some(9),
        None,
        Some(11),
        Some(7),
    ];
    for (s, w) in want.iter().enumerate() {
        assert_eq!(shown(&obs, s), *w, "slot {s}");
    }
    // The two unknown seats spread one half over the two unknown cards (2 and 13).
    for s in [2, 6] {
        assert_eq!(obs[s * SEAT_FEATURES + F_UNKNOWN], 1.0);
        let c = cards(&obs, s);
        for (v, &x) in c.iter().enumerate() {
            let p = if v == 1 || v == 12 { 0.5 } else { 0.0 };
            assert_eq!(x, p, "slot {s} card {}", v + 1);
        }
    }
    assert_eq!(obs[SEAT_FEATURES * 4 + F_UP], 1.0, "the King is face up");
    assert_eq!(obs[F_KNOWN_DOWN], 1.0, "the Assassin is known face down");
    // The goal of slot 3 (row 1, column 0) is the Coachman.
    assert_eq!(obs[3 * SEAT_FEATURES + F_GOAL + 6], 1.0);
    // Decision: turn start (index 1).
    assert_eq!(obs[G_DECISION + 1], 1.0);

    // The Priest peeks at (2,0): the Scholar shows there, known and face down.
    m.act_by(0, "activate 1,0");
    let obs = observe(m.state());
    assert_eq!(obs[3 * SEAT_FEATURES + F_ACTIVE], 1.0);
    assert_eq!(obs[G_DECISION + 2], 1.0, "peek decision");
    m.act_by(0, "target 2,0");
    let obs = observe(m.state());
    assert_eq!(shown(&obs, 6), Some(13));
    assert_eq!(obs[6 * SEAT_FEATURES + F_KNOWN_DOWN], 1.0);
    assert_eq!(obs[6 * SEAT_FEATURES + F_UNKNOWN], 0.0);
    // The Priest went face down after its order but stays known.
    assert_eq!(obs[3 * SEAT_FEATURES + F_UP], 0.0);
    assert_eq!(shown(&obs, 3), Some(3));
}

#[test]
fn legal_first_ids_match_the_legal_moves_and_the_documented_ids() {
    let mut m = Scenario::<State>::new(1, "arrangement=beginners_banquet", 0, &[E19_DEAL]);
    let mut legal = Vec::new();
    for step in ["0: activate 1,1", "0: target 0,1", "0: target 0,2"] {
        let st = m.state();
        st.legal_actions(Seat(0), &mut legal);
        let mut firsts: Vec<usize> = legal.iter().map(|&a| ids(st, a)[0]).collect();
        firsts.sort_unstable();
        firsts.dedup();
        assert_eq!(firsts.len(), legal.len(), "before {step}");
        for &a in &legal {
            let [id] = ids(st, a)[..] else {
                panic!("{a:?} is one id");
            };
            assert_eq!(st.action_id_text(id), st.action_text(a));
        }
        m.act(step);
    }
    let st = m.state();
    let pos = |r, c| Pos::new(r, c);
    assert_eq!(ids(st, Action::Activate(pos(1, 1))), [4]);
    assert_eq!(ids(st, Action::EndGame), [18]);
    assert_eq!(ids(st, Action::Target(pos(2, 0))), [19 + 6]);
    assert_eq!(ids(st, Action::Call(13)), [37 + 12]);
    assert_eq!(ids(st, Action::CallMiss), [55]);
    assert_eq!(ids(st, Action::Pair(pos(0, 0), pos(0, 1))), [56]);
    assert_eq!(ids(st, Action::Pair(pos(0, 0), pos(2, 2))), [56 + 7]);
    // Pair (1, 2): after the 17 pairs of slot 0.
    assert_eq!(ids(st, Action::Pair(pos(0, 1), pos(0, 2))), [56 + 17]);
    assert_eq!(
        ids(st, Action::Slide(parlour_kings_feast::Dir::Right, 2)),
        [209 + 3 * 17 + 1]
    );
    assert_eq!(ids(st, Action::Stay), [277]);
    assert_eq!(ids(st, Action::Decline), [278]);
    assert_eq!(ids(st, Action::Swap(pos(0, 0), pos(0, 1))), [279]);
    assert_eq!(ids(st, Action::NoSwap), [432]);
    assert_eq!(st.action_id_text(4), "activate 1,1");
    assert_eq!(st.action_id_text(12), "activate #12 (no such seat)");
    assert_eq!(st.action_id_text(432), "no-swap");
}

#[test]
fn a_reveal_changes_the_observation() {
    // The King at the centre flips its neighbours: the flip set is marked on the seats, and each
    // flip shows at once.
    let mut m = Scenario::<State>::new(1, "arrangement=beginners_banquet", 0, &[E19_DEAL]);
    let before = observe(m.state());
    m.act("0: activate 1,1");
    let after = observe(m.state());
    assert_ne!(before, after);
    // FlipNext (index 9); every surrounding seat is a pending flip target.
    assert_eq!(after[G_DECISION + 9], 1.0);
    for s in [0, 1, 2, 3, 5, 6, 7, 8] {
        assert_eq!(
            after[s * SEAT_FEATURES + 7],
            1.0,
            "slot {s} is a flip target"
        );
    }
    m.act("0: target 0,2");
    let obs = observe(m.state());
    // The Hermit was revealed and turned itself down again: known, face down.
    assert_eq!(shown(&obs, 2), Some(2));
    assert_eq!(obs[2 * SEAT_FEATURES + F_KNOWN_DOWN], 1.0);
    assert_eq!(obs[2 * SEAT_FEATURES + 7], 0.0, "flipped once");
    // Only the Scholar is left unknown: its seat shows it for sure.
    assert_eq!(shown(&obs, 6), Some(13));
}
