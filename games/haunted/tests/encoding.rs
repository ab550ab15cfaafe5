//! The encoding for learning: the shared contract check for every player count and the main
//! variants, and the documented layout (`docs/games/haunted.md`, "Encoding for learning")
//! asserted at stacked deals.

use parlour_core::{Encoding, Game, Seat};
use parlour_haunted::{Action, Card, Phase, State};
use parlour_testkit::{Scenario, check_encoding};

/// Layout constants as the docs state them (81 cards, 3 slots of 38 floats per seat).
const CARDS: usize = 81;
const SEAT: usize = 206;
const LINES: usize = 81;
const LINE: usize = 38;
const FACTS: usize = 195;

/// Offsets of the global block for `n` seats.
fn global(n: usize) -> usize {
    SEAT * n
}
fn prompt(n: usize) -> usize {
    global(n) + 10
}
fn prompt_cards(n: usize) -> usize {
    global(n) + 44 + 5 * n
}
fn unseen(n: usize) -> usize {
    prompt_cards(n) + 6 * CARDS
}

const PLAY: usize = 250;

const FILLERS: &[&str] = &[
    "refreshments",
    "send-telegram",
    "over-indulgence",
    "violent-temper",
    "losing-sleep",
    "inheritance",
    "disembodied-presence",
    "strange-mist",
    "trap-door",
    "secret-room",
    "transformation",
    "garrotted",
    "hallucination",
    "drawing-the-wrong-conclusion",
    "examine-focus",
    "tarot-card",
    "fire",
    "chance-find",
    "receive-telegram",
    "possession",
    "speak-in-tongues",
    "storm",
    "arrested",
    "sudden-inspiration",
    "magickal-dabbling",
    "enlightening-conversation",
    "consult-expert",
    "pray",
    "fever",
    "terrible-accident",
    "dead-faint",
    "nervous-exhaustion",
    "search-the-area",
];

/// A game whose first player is seat 0, with the given hands padded with filler support cards
/// (as in `tests/scenarios.rs`).
fn start(n: u8, hands: &[&[&str]]) -> Scenario<State> {
    let named: Vec<&str> = hands.iter().flat_map(|x| x.iter().copied()).collect();
    let mut fillers = FILLERS.iter().copied().filter(|f| !named.contains(f));
    let full: Vec<Vec<&str>> = (0..usize::from(n))
        .map(|s| {
            let mut v: Vec<&str> = hands.get(s).map(|x| x.to_vec()).unwrap_or_default();
            while v.len() < 7 {
                v.push(fillers.next().expect("enough fillers"));
            }
            v
        })
        .collect();
    let mut order: Vec<&str> = (0..7)
        .flat_map(|r| full.iter().map(move |h| h[r]))
        .collect();
    for c in 0..CARDS {
        let id = parlour_haunted::deck().id(Card(c as u8));
        if !order.contains(&id) {
            order.push(id);
        }
    }
    let mut draw = ["storm", "fever", "fire", "fisticuffs", "pray", "possession"];
    draw[0] = "activate-focus";
    let first = format!("chance: {}", draw[..usize::from(n)].join(" "));
    let deal = format!("chance: {}", order.join(" "));
    Scenario::new(n, "", 1, &[first, deal])
}

fn observe(st: &State, seat: u8) -> Vec<f32> {
    let mut out = vec![0.0; st.observation_shape().iter().product()];
    st.encode_observation(Seat(seat), &mut out);
    out
}

fn ids(st: &State, seat: u8, a: Action) -> Vec<usize> {
    let mut out = Vec::new();
    st.action_ids(Seat(seat), a, &mut out);
    out
}

fn card(id: &str) -> usize {
    usize::from(parlour_haunted::deck().find(id).expect("a card id").0)
}

/// The cards set in `obs[base..base + 81]`.
fn cards_at(obs: &[f32], base: usize) -> Vec<usize> {
    (0..CARDS).filter(|&c| obs[base + c] == 1.0).collect()
}

const ALL_VARIANTS: &str = "five_terrors,fatal_possession_distinct,one_card_per_line_all_phases,\
    removal_any_own_line,test_draw_to_hand,forfeit_taken_card_discarded,\
    refill_replace_used_only,phase4_discard_optional,smallest_line_includes_empty,\
    hidden_compartment_tie_loser_gives,hallucination_terror_also_advantage,\
    coach_victim_random_acquaintance,attacked_replace_top_discard,\
    chance_find_this_line_only,personal_support_own_lines_only";

#[test]
fn contract_holds_for_every_player_count() {
    for n in 2..=6 {
        check_encoding::<State>(n, "", 0..20);
        check_encoding::<State>(n, "tiebreak_short_game,round_limit=2", 0..10);
    }
}

#[test]
fn contract_holds_with_variants() {
    check_encoding::<State>(2, "short_game", 0..20);
    check_encoding::<State>(3, "short_game,short_game_single_line", 0..20);
    check_encoding::<State>(3, ALL_VARIANTS, 0..15);
    check_encoding::<State>(5, ALL_VARIANTS, 0..8);
    check_encoding::<State>(4, "own_line_phase_active_only,round_limit=5", 0..12);
}

#[test]
fn sizes_follow_the_documented_formulas() {
    for n in 2..=6u8 {
        let m = Scenario::<State>::seeded(n, "", 1);
        let k = usize::from(n);
        assert_eq!(m.state().observation_shape(), [211 * k + 637]);
        assert_eq!(m.state().num_distinct_actions(), 253 * k + 249);
        assert_eq!(m.state().max_spelling_len(), 3);
    }
}

#[test]
fn each_seat_sees_exactly_its_own_hand() {
    let m = start(4, &[&["roadside-inn", "locked-box"], &["ruined-church"]]);
    let st = m.state();
    for seat in 0..4u8 {
        let obs = observe(st, seat);
        let hand: Vec<usize> = st.hand(Seat(seat)).iter().map(usize::from).collect();
        assert_eq!(cards_at(&obs, 0), hand, "seat {seat}'s own block");
        for k in 1..4 {
            assert!(
                cards_at(&obs, k * SEAT).is_empty(),
                "seat {seat} knows no other hand"
            );
            // Every hand holds 7 of 7.
            assert_eq!(obs[k * SEAT + FACTS], 1.0);
        }
        // Unseen: every card but the own hand.
        let unseen_cards = cards_at(&obs, unseen(4));
        assert_eq!(unseen_cards.len(), CARDS - 7);
        assert!(hand.iter().all(|c| !unseen_cards.contains(c)));
    }
    // Seat 0 is active and to act: block 0 for seat 0, block 3 (its right) for seat 1.
    assert_eq!(observe(st, 0)[FACTS + 4], 1.0);
    assert_eq!(observe(st, 0)[FACTS + 5], 1.0);
    assert_eq!(observe(st, 1)[3 * SEAT + FACTS + 4], 1.0);
    assert_eq!(observe(st, 1)[FACTS + 4], 0.0);
    // Phase: turn start (index 2).
    assert_eq!(observe(st, 2)[global(4) + 2], 1.0);
}

#[test]
fn plays_are_one_id_each_as_documented() {
    let mut m = start(4, &[&["roadside-inn", "locked-box", "fire"]]);
    m.act_by(0, "begin");
    let st = m.state();
    let mut legal = Vec::new();
    st.legal_actions(Seat(0), &mut legal);
    let mut firsts: Vec<usize> = legal.iter().map(|&a| ids(st, 0, a)[0]).collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), legal.len());
    for &a in &legal {
        let [id] = ids(st, 0, a)[..] else {
            panic!("{a:?} is one id");
        };
        // Seat 0's relative names are its absolute ones but for the `+`.
        let text = st.action_text(a).replace(" p", " p+");
        assert_eq!(st.action_id_text(id), text);
    }
    let inn = st.parse_action(Seat(0), "play roadside-inn p1.l0").unwrap();
    assert!(legal.contains(&inn));
    assert_eq!(ids(st, 0, inn), [PLAY + card("roadside-inn") * 12 + 3]);
    assert_eq!(ids(st, 0, Action::Pass), [2]);
    // Seen from seat 1, seat 0's third line is `p+3.l2`.
    let on0 = st.parse_action(Seat(1), "line p0.l2").unwrap();
    assert_eq!(ids(st, 1, on0), [249 + 250 * 4 + 11]);
    assert_eq!(st.action_id_text(249 + 250 * 4 + 11), "line p+3.l2");
    let curse = st
        .parse_action(Seat(0), "play psychic p2.l1 curse")
        .unwrap();
    assert_eq!(ids(st, 0, curse), [PLAY + 81 * 12 + 7]);
    assert_eq!(
        st.action_id_text(PLAY + 81 * 12 + 7),
        "play psychic p+2.l1 curse"
    );
    let name = st.parse_action(Seat(3), "player 1").unwrap();
    assert_eq!(ids(st, 3, name), [PLAY + 83 * 12 + 1]);
    assert_eq!(st.action_id_text(PLAY + 83 * 12 + 1), "player +2");
}

#[test]
fn a_public_play_changes_every_seats_observation() {
    let mut m = start(4, &[&["roadside-inn"]]);
    m.act_by(0, "begin");
    let before: Vec<Vec<f32>> = (0..4).map(|s| observe(m.state(), s)).collect();
    m.act_by(0, "play roadside-inn p1.l0");
    let st = m.state();
    for seat in 0..4u8 {
        let obs = observe(st, seat);
        assert_ne!(obs, before[usize::from(seat)], "seat {seat}");
        // Seat 1's line 0 is in block (1 − seat) mod 4; its Setting one-hot is the Inn (rank 0).
        let block = (5 - usize::from(seat)) % 4;
        let line = block * SEAT + LINES;
        assert_eq!(obs[line], 1.0, "seat {seat} sees the Inn");
        assert_eq!(obs[line + 33], 1.0, "fresh, position 0");
        assert_eq!(obs[line + 36], 1.0, "used this phase");
        assert!(
            (obs[line + 37] - 1.0 / 3.0).abs() < 1e-6,
            "one card of three"
        );
        // Seat 1 scores 3 of 39.
        assert!((obs[block * SEAT + FACTS + 2] - 3.0 / 39.0).abs() < 1e-6);
        let line1 = &obs[line + LINE..line + 2 * LINE];
        assert!(line1.iter().all(|&x| x == 0.0), "line 1 is still empty");
    }
    // Seat 0's hand shrank: 6 of 7, seen by seat 2 in block 2.
    let obs = observe(st, 2);
    assert!((obs[2 * SEAT + FACTS] - 6.0 / 7.0).abs() < 1e-6);
}

#[test]
fn a_set_of_cards_is_spelt_card_by_card_then_done() {
    // Blood Letting on seat 1's line: seat 1 gives two cards to seat 2, who gives two back.
    let mut m = start(4, &[&["blood-letting"]]);
    m.act_by(0, "begin");
    m.act_by(0, "play blood-letting p1.l0");
    let st = m.state();
    assert_eq!(m.seat_to_act(), 1);
    let mut legal = Vec::new();
    st.legal_actions(Seat(1), &mut legal);
    assert_eq!(legal.len(), 21, "two of seven cards");
    let hand: Vec<usize> = st.hand(Seat(1)).iter().map(usize::from).collect();
    let (done, add) = (6, 169);
    let mut firsts = Vec::new();
    for &a in &legal {
        let Action::PickSet(set) = a else {
            panic!("only sets answer Blood Letting");
        };
        let cards: Vec<usize> = set.iter().map(usize::from).collect();
        let want = vec![add + cards[0], add + cards[1], done];
        assert_eq!(ids(st, 1, a), want);
        firsts.push(want[0]);
    }
    firsts.sort_unstable();
    firsts.dedup();
    // Any card but the highest can come first.
    let want: Vec<usize> = hand[..6].iter().map(|c| add + c).collect();
    assert_eq!(firsts, want);
    assert_eq!(st.action_id_text(done), "done");
    assert_eq!(st.action_id_text(add + card("pray")), "add pray");
    assert_eq!(
        ids(st, 1, Action::PickSet(parlour_cards::CardSet::EMPTY)),
        [done]
    );

    // Every seat sees the prompt (Blood Letting give, kind 17) and who owes it.
    for seat in 0..4u8 {
        let obs = observe(st, seat);
        assert_eq!(obs[prompt(4) + 17], 1.0);
        let block = (5 - usize::from(seat)) % 4;
        assert_eq!(
            obs[block * SEAT + FACTS + 7],
            1.0,
            "seat {seat}: seat 1 owes it"
        );
    }

    // Seat 1 gives two cards; seat 2 must give two back. The cards given show to seats 1 and
    // 2 only.
    let given = legal[0];
    let Action::PickSet(set) = given else {
        unreachable!()
    };
    let text = st.action_text(given);
    m.act_by(1, &text);
    let st = m.state();
    assert_eq!(m.seat_to_act(), 2);
    let gave: Vec<usize> = set.iter().map(usize::from).collect();
    let o2 = observe(st, 2);
    assert_eq!(o2[prompt(4) + 18], 1.0, "Blood Letting return");
    assert_eq!(cards_at(&o2, prompt_cards(4)), gave);
    let o1 = observe(st, 1);
    assert_eq!(cards_at(&o1, prompt_cards(4)), gave);
    assert_eq!(
        cards_at(&o1, SEAT),
        gave,
        "seat 1 knows them in seat 2's hand"
    );
    let o0 = observe(st, 0);
    assert!(cards_at(&o0, prompt_cards(4)).is_empty());
    assert!(cards_at(&o0, 2 * SEAT).is_empty());
    assert!(
        (o0[2 * SEAT + FACTS] - 9.0 / 7.0).abs() < 1e-6,
        "seat 2 holds 9"
    );
    assert_eq!(st.phase(), Phase::Attack);
}
