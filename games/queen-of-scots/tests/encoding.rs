//! The learning encoding: the shared contract check over seeded random games, and scenarios
//! that pin real values (the hand block, action ids, what a public event and a secret draw
//! change) at a stacked deal.

use parlour_cards::CardSet;
use parlour_core::{Encoding, Game, Seat};
use parlour_queen_of_scots::{Action, Deck, JewelPlacement, Kind, State};
use parlour_testkit::{Scenario, check_encoding};

/// Quick games: a low target keeps the per-node checks affordable.
const QUICK: &str = "target_score=150";

// Offsets from the layout table in docs/games/queen-of-scots.md (standard deck).
const GLOBAL: usize = 141;
const SEAT: usize = 289;
const PILE_TOP: usize = 8;
const S_HAND_COUNT: usize = 108;

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

fn kind(slug: &str) -> Kind {
    Deck::standard().unwrap().parse_kind(slug).unwrap()
}

// ----- the shared contract ----------------------------------------------------------------------

#[test]
fn contract_with_two_players() {
    check_encoding::<State>(2, QUICK, 0..20);
    check_encoding::<State>(2, "", 100..105);
}

#[test]
fn contract_with_three_players() {
    check_encoding::<State>(3, QUICK, 0..15);
}

#[test]
fn contract_with_four_players() {
    check_encoding::<State>(4, QUICK, 0..15);
    check_encoding::<State>(4, "", 100..104);
}

#[test]
fn contract_with_the_variants() {
    check_encoding::<State>(
        4,
        "target_score=150,stock_out_reshuffle,crown_jewel_top_takes_single,going_out_bonus=50",
        10..20,
    );
    check_encoding::<State>(3, "target_score=150,pile_top_only_visible", 20..30);
}

#[test]
fn sizes_follow_the_documented_formulas() {
    for (n, len) in [(2, 719), (3, 1008), (4, 1297)] {
        let s = State::new(n, &parlour_core::Options::defaults(State::OPTIONS)).unwrap();
        assert_eq!(s.observation_shape(), vec![len]);
        assert_eq!(len, GLOBAL + usize::from(n) * SEAT);
        assert_eq!(s.num_distinct_actions(), 317);
        assert_eq!(s.max_spelling_len(), 1);
    }
}

// ----- scenarios at a stacked deal ---------------------------------------------------------------

/// A deal with dealer 0: `hands[s]` (11 kinds each), the turned-up card, then the stock from its
/// top; the other cards follow in deck order.
fn stacked(hands: &[&str], up: &str, stock: &str) -> Scenario<State> {
    let deck = Deck::standard().unwrap();
    let n = hands.len();
    let mut used = CardSet::EMPTY;
    let mut take = |slug: &str| {
        let c = deck.mask(kind(slug)).minus(used).first().unwrap();
        used.insert(c);
        c
    };
    let hands: Vec<Vec<u8>> = hands
        .iter()
        .map(|h| h.split_whitespace().map(&mut take).collect())
        .collect();
    let mut order = Vec::new();
    for i in 0..11 * n {
        order.push(hands[(1 + i) % n][i / n]);
    }
    order.push(take(up));
    order.extend(stock.split_whitespace().map(&mut take).collect::<Vec<_>>());
    order.extend(deck.all().minus(used).iter());
    let ids: Vec<&str> = order.iter().map(|&c| deck.card_id(c)).collect();
    let entries = [
        "chance: dealer 0".to_owned(),
        format!("chance: deal {}", ids.join(" ")),
    ];
    Scenario::new(2, "", 0, &entries)
}

const SEAT1: &str = "john-knox john-knox john-knox david-rizzio david-rizzio mary-queen-of-scots \
                     king-james crown-jewels william-cecil earl-of-bothwell mary-seton";
const SEAT0: &str = "lord-ruthven lord-ruthven george-douglas george-douglas earl-of-moray \
                     earl-of-moray duke-of-norfolk duke-of-norfolk elizabeth-i lord-darnley \
                     francis-walsingham";

fn dealt() -> Scenario<State> {
    stacked(
        &[SEAT0, SEAT1],
        "david-rizzio",
        "anthony-babington mary-of-guise",
    )
}

#[test]
fn the_hand_block_holds_exactly_the_seats_cards() {
    let m = dealt();
    // Copies are filled from each kind's first slot: kind k < 11 owns slots 8k..8k+8, the
    // royals 88-89, 90-91, 92-93, 94-95, 96-99, the Crown Jewels 100-107.
    let hand = ones(&obs(m.state(), 1)[GLOBAL..][..108]);
    assert_eq!(
        hand,
        vec![0, 8, 9, 10, 32, 33, 64, 80, 88, 96, 100],
        "seton, knox ×3, rizzio ×2, cecil, bothwell, mary, james, crown jewels"
    );
    let o = obs(m.state(), 0);
    assert_eq!(
        ones(&o[GLOBAL..][..108]),
        vec![16, 17, 24, 25, 40, 41, 48, 49, 72, 90, 92]
    );
    // The other hand shows no card (none is known), only its size.
    assert!(ones(&o[GLOBAL + SEAT..][..108]).is_empty());
    assert_eq!(o[GLOBAL + SEAT + S_HAND_COUNT], 0.5);
    // The pile's top is a David Rizzio (kind 4).
    assert_eq!(ones(&o[PILE_TOP..][..17]), vec![4]);
}

#[test]
fn legal_first_ids_match_the_legal_moves() {
    let mut m = dealt();
    let check = |m: &Scenario<State>, expect: usize| {
        let s = m.state();
        let mut legal = Vec::new();
        s.legal_actions(Seat(1), &mut legal);
        assert_eq!(legal.len(), expect, "{legal:?}");
        let mut first: Vec<usize> = legal.iter().map(|&a| ids(s, 1, a)[0]).collect();
        first.sort_unstable();
        first.dedup();
        assert_eq!(first.len(), legal.len());
    };
    // Draw, or take the pile with the two Rizzio.
    check(&m, 2);
    m.act("1: take pile david-rizzio david-rizzio");
    // Melds: knox ×3, knox knox CJ, mary james CJ; adds: none fit the Rizzio set but the CJ;
    // discards: one per kind held (seton, knox, cecil, bothwell, mary, james, CJ).
    check(&m, 3 + 1 + 7);
}

#[test]
fn action_ids_are_what_the_docs_say() {
    let mut m = dealt();
    let s = m.state();
    assert_eq!(ids(s, 1, Action::DrawStock), vec![0]);
    let rizzio = kind("david-rizzio");
    assert_eq!(
        ids(s, 1, Action::TakePile { pair: [rizzio; 2] }),
        vec![1 + 4]
    );
    assert_eq!(s.action_id_text(5), "take pile david-rizzio david-rizzio");
    // Royal pairs follow the 11 characters: (mary, james) is ranks (0, 4).
    let (mary, james) = (kind("mary-queen-of-scots"), kind("king-james"));
    let royal = Action::TakePile {
        pair: [mary, james],
    };
    assert_eq!(ids(s, 1, royal), vec![1 + 11 + 10]);
    assert_eq!(ids(s, 1, Action::PassStockEmpty), vec![103]);
    let (knox, cj) = (kind("john-knox"), kind("crown-jewels"));
    let meld = |cards| Action::MeldNew { cards };
    assert_eq!(ids(s, 1, meld([knox, knox, knox])), vec![104 + 1]);
    assert_eq!(ids(s, 1, meld([knox, knox, cj])), vec![104 + 11 + 1]);
    assert_eq!(
        s.action_id_text(116),
        "meld john-knox john-knox crown-jewels"
    );
    assert_eq!(ids(s, 1, Action::Discard { card: knox }), vec![300 + 1]);
    assert_eq!(s.action_id_text(316), "discard crown-jewels");
    // Sets are named by type and place: set 0 is the first Rizzio set, set 1 the first Knox.
    m.acts(&[
        "1: take pile david-rizzio david-rizzio",
        "1: meld john-knox john-knox john-knox",
    ]);
    let s = m.state();
    let add = |set, card| Action::AddToSet { set, card };
    assert_eq!(ids(s, 1, add(1, cj)), vec![176 + 44 + 30 + 4]);
    assert_eq!(s.action_id_text(254), "add crown-jewels to john-knox set 1");
    assert_eq!(ids(s, 1, add(0, cj)), vec![176 + 44 + 30 + 16]);
    assert_eq!(
        s.action_id_text(176 + 44 + 30 + 16),
        "add crown-jewels to david-rizzio set 1"
    );
    let jewels = Action::TakePileWithJewels {
        place: JewelPlacement::ExistingSet(1),
    };
    assert_eq!(ids(s, 1, jewels), vec![27 + 4]);
    assert_eq!(s.action_id_text(31), "take jewels add john-knox set 1");
}

#[test]
fn a_public_event_changes_the_others_observations() {
    let mut m = dealt();
    let before = obs(m.state(), 0);
    m.act("1: take pile david-rizzio david-rizzio");
    let after = obs(m.state(), 0);
    assert_ne!(before, after);
    // Seat 1 is block 1 of seat 0's observation: one Rizzio set of three, no Crown Jewels.
    let sets = GLOBAL + SEAT + 108 + 7;
    let rizzio_slot = sets + 4 * 4 * 3;
    assert_eq!(&after[rizzio_slot..][..3], &[1.0, 3.0 / 8.0, 0.0]);
    assert_eq!(after[GLOBAL + SEAT + S_HAND_COUNT], 9.0 / 22.0);
    // The pile is empty now.
    assert!(ones(&after[PILE_TOP..][..17]).is_empty());
}

#[test]
fn a_secret_draw_changes_only_the_drawers_observation() {
    let mut a = dealt();
    let mut b = stacked(
        &[SEAT0, SEAT1],
        "david-rizzio",
        "mary-of-guise anthony-babington",
    );
    a.act("1: draw stock");
    b.act("1: draw stock");
    assert_eq!(obs(a.state(), 0), obs(b.state(), 0));
    assert_ne!(obs(a.state(), 1), obs(b.state(), 1));
}
