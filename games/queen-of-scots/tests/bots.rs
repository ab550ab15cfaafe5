//! The ISMCTS bot in decided positions of a game's last round, built from records with stacked
//! deals: it goes out by taking a one-card pile rather than drawing, goes out by laying its last
//! three cards down as a royal set rather than keeping them, and of two ways of going out picks
//! the add that puts it ahead rather than the discard that leaves it behind.
//!
//! The target score is lowered so that the first round is the last: whoever's turn ends the
//! round decides the game, and the bot's playouts (cut at the end of the round) see the real
//! outcome.

use parlour_bots::{Observation, make_bot};
use parlour_cards::CardSet;
use parlour_core::{Game, Seat, SeatSet, ToAct};
use parlour_queen_of_scots::{Deck, State};
use parlour_testkit::Scenario;

/// Low enough that every round end checked below ends the game, so the first round is the last.
const OPTIONS: &str = "target_score=150";

/// Iterations per decision: twice the smallest budget (10) that found every win below for seeds
/// 0..20.
const BUDGET: &str = "ismcts:20";

/// Card kinds, `kind*n` for `n` copies: `"william-cecil*2 king-james"`.
fn kinds(list: &str) -> Vec<&str> {
    list.split_whitespace()
        .flat_map(|w| match w.split_once('*') {
            Some((kind, n)) => vec![kind; n.parse().unwrap()],
            None => vec![w],
        })
        .collect()
}

/// The `deal` entry of a two-player round: `hands[s]` (11 kinds each) to seat `s`, one card at a
/// time from the dealer's left, then the turned-up card `up`, then `stock` on top of the stock;
/// the other cards fill the stock below in id order.
fn deal(dealer: u8, hands: [&str; 2], up: &str, stock: &str) -> String {
    let deck = Deck::standard().unwrap();
    let mut used = CardSet::EMPTY;
    let mut take = |kind: &str| {
        let k = deck
            .parse_kind(kind)
            .unwrap_or_else(|| panic!("no kind {kind}"));
        let card = deck.mask(k).minus(used).first().expect("a copy left");
        used.insert(card);
        card
    };
    let hands = hands.map(|h| kinds(h).into_iter().map(&mut take).collect::<Vec<u8>>());
    assert!(hands.iter().all(|h| h.len() == 11));
    let mut order: Vec<u8> = (0..22)
        .map(|i| hands[(usize::from(dealer) + 1 + i) % 2][i / 2])
        .collect();
    order.push(take(up));
    order.extend(kinds(stock).into_iter().map(&mut take));
    order.extend(deck.all().minus(used).iter());
    let ids: Vec<&str> = order.iter().map(|&c| deck.card_id(c)).collect();
    format!("chance: deal {}", ids.join(" "))
}

/// The first round from a stacked deal, played on by `entries`.
fn position(
    dealer: u8,
    hands: [&str; 2],
    up: &str,
    stock: &str,
    entries: &[&str],
) -> Scenario<State> {
    let first = format!("chance: dealer {dealer}");
    let deal = deal(dealer, hands, up, stock);
    let mut all = vec![first.as_str(), deal.as_str()];
    all.extend_from_slice(entries);
    let m = Scenario::<State>::new(2, OPTIONS, 0, &all);
    assert_eq!(m.state().round(), 1);
    assert_eq!(m.state().current(), Seat(0), "seat 0 is to act");
    m
}

/// The position after `entries`.
fn after(m: &Scenario<State>, entries: &[&str]) -> Scenario<State> {
    let mut m = m.clone();
    m.acts(entries);
    m
}

/// The final totals, and whether `seat` alone won.
fn result(m: &Scenario<State>, seat: u8) -> (Vec<i32>, bool) {
    let s = m.state();
    assert_eq!(s.to_act(), ToAct::Terminal, "the game is over");
    let outcome = s.outcome().unwrap();
    (
        outcome.scores,
        outcome.winners == SeatSet::single(Seat(seat)),
    )
}

/// Every other legal action keeps the round going with cards in seat 0's hand.
fn others_go_on(m: &Scenario<State>, winning: &str) {
    for a in m.legal(m.seat_to_act()) {
        if a != winning {
            let next = after(m, &[&format!("0: {a}")]);
            assert_ne!(next.state().to_act(), ToAct::Terminal, "{a} ends the game");
            assert!(!next.state().hand(Seat(0)).is_empty(), "{a} goes out");
        }
    }
}

/// The bot for seat 0 picks `expected` for every seed.
fn assert_bot_picks(m: &Scenario<State>, expected: &str) {
    let s = m.state();
    for seed in 0..4 {
        let mut bot = make_bot::<State>(BUDGET, seed, 0).unwrap();
        let action = bot.choose(&Observation::new(s, Seat(0)));
        assert_eq!(s.action_text(action), expected, "seed {seed}");
    }
}

/// Seat 0 (table 135) holds two Cecils and the pile is one Cecil: taking it lays the last two
/// cards down and goes out, 180 to 145 less seat 1's hand. Drawing instead lets seat 1, table
/// 145 with two King James in hand, draw the third and go out far ahead.
fn take_pile_position() -> Scenario<State> {
    position(
        1,
        [
            "william-cecil*2 earl-of-bothwell*3 francis-walsingham*3 earl-of-moray*3",
            "john-knox*2 duke-of-norfolk*3 mary-of-guise*2 lord-darnley william-cecil king-james*2",
        ],
        "duke-of-norfolk",
        "john-knox mary-seton king-james",
        &[
            "0: draw stock",
            "0: meld earl-of-bothwell earl-of-bothwell earl-of-bothwell",
            "0: meld francis-walsingham francis-walsingham francis-walsingham",
            "0: meld earl-of-moray earl-of-moray earl-of-moray",
            "0: discard john-knox",
            "1: take pile john-knox john-knox",
            "1: meld duke-of-norfolk duke-of-norfolk duke-of-norfolk",
            "1: add 1 duke-of-norfolk",
            "1: meld mary-of-guise mary-of-guise lord-darnley",
            "1: discard william-cecil",
        ],
    )
}

#[test]
fn takes_the_one_card_pile_to_go_out() {
    let m = take_pile_position();
    let win = "take pile william-cecil william-cecil";
    assert_eq!(m.legal(m.seat_to_act()), ["draw stock", win]);
    assert_eq!(
        result(&after(&m, &[&format!("0: {win}")]), 0),
        (vec![180, 95], true)
    );
    others_go_on(&m, win);
    let drawn = after(
        &m,
        &[
            "0: draw stock",
            "0: discard mary-seton",
            "1: draw stock",
            "1: meld king-james king-james king-james",
        ],
    );
    assert_eq!(result(&drawn, 1), (vec![105, 220], true));
    assert_bot_picks(&m, win);
}

/// Seat 1 (table 195) laid nine cards down and kept two King James; seat 0 took the pile (the
/// turned-up Crown Jewels under a Cecil), laid its commons down (table 115) and holds Mary,
/// Elizabeth and the Crown Jewels. Melding them goes out, 240 to 145. Anything else leaves 75 or
/// more in hand: a discarded royal lets seat 1 take the one-card pile with its King James and go
/// out; after any other discard it draws the third King James and goes out.
fn royal_meld_position() -> Scenario<State> {
    position(
        0,
        [
            "william-cecil*2 mary-queen-of-scots elizabeth-i david-rizzio*3 earl-of-moray*4",
            "mary-of-guise*2 lord-darnley earl-of-bothwell*3 francis-walsingham*3 william-cecil \
             king-james",
        ],
        "crown-jewels",
        "king-james king-james",
        &[
            "1: draw stock",
            "1: meld mary-of-guise mary-of-guise lord-darnley",
            "1: meld earl-of-bothwell earl-of-bothwell earl-of-bothwell",
            "1: meld francis-walsingham francis-walsingham francis-walsingham",
            "1: discard william-cecil",
            "0: take pile william-cecil william-cecil",
            "0: meld david-rizzio david-rizzio david-rizzio",
            "0: meld earl-of-moray earl-of-moray earl-of-moray",
            "0: add 2 earl-of-moray",
        ],
    )
}

#[test]
fn lays_the_last_three_cards_down_to_go_out() {
    let m = royal_meld_position();
    let win = "meld mary-queen-of-scots elizabeth-i crown-jewels";
    assert_eq!(
        m.legal(m.seat_to_act()).len(),
        7,
        "{:?}",
        m.legal(m.seat_to_act())
    );
    assert_eq!(
        result(&after(&m, &[&format!("0: {win}")]), 0),
        (vec![240, 145], true)
    );
    others_go_on(&m, win);
    let royal_discarded = after(
        &m,
        &[
            "0: discard mary-queen-of-scots",
            "1: take pile king-james king-james",
        ],
    );
    assert_eq!(result(&royal_discarded, 1), (vec![40, 295], true));
    let jewels_discarded = after(
        &m,
        &[
            "0: discard crown-jewels",
            "1: draw stock",
            "1: meld king-james king-james king-james",
        ],
    );
    assert_eq!(result(&jewels_discarded, 1), (vec![15, 270], true));
    assert_bot_picks(&m, win);
}

/// Seat 0 (table 190, with a royal set) holds only a Mary, Queen of Scots; seat 1 (table 235)
/// holds one card. Both actions go out, but only adding the Mary (+50) beats seat 1: discarding
/// it leaves 190 against at least 210, as every card worth more than 25 is in sight.
fn add_or_discard_position() -> Scenario<State> {
    position(
        0,
        [
            "mary-queen-of-scots*2 elizabeth-i*2 mary-seton*3 john-knox*4",
            "mary-of-guise*2 lord-darnley*2 earl-of-bothwell*3 francis-walsingham*2 john-knox \
             mary-seton",
        ],
        "george-douglas",
        "crown-jewels mary-seton",
        &[
            "1: draw stock",
            "1: meld mary-of-guise mary-of-guise lord-darnley",
            "1: add 0 lord-darnley",
            "1: meld earl-of-bothwell earl-of-bothwell earl-of-bothwell",
            "1: meld francis-walsingham francis-walsingham crown-jewels",
            "1: discard mary-seton",
            "0: draw stock",
            "0: meld mary-queen-of-scots elizabeth-i elizabeth-i",
            "0: meld mary-seton mary-seton mary-seton",
            "0: add 1 mary-seton",
            "0: meld john-knox john-knox john-knox",
            "0: add 2 john-knox",
        ],
    )
}

#[test]
fn goes_out_by_the_add_that_wins_not_the_discard_that_loses() {
    let m = add_or_discard_position();
    let win = "add 0 mary-queen-of-scots";
    let lose = "discard mary-queen-of-scots";
    assert_eq!(m.legal(m.seat_to_act()), [win, lose]);
    assert_eq!(
        result(&after(&m, &[&format!("0: {win}")]), 0),
        (vec![240, 230], true)
    );
    assert_eq!(
        result(&after(&m, &[&format!("0: {lose}")]), 1),
        (vec![190, 230], true)
    );
    assert_bot_picks(&m, win);
}
