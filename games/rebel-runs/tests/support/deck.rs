//! Stacked deals for the record-driven tests.

use parlour_fey::{cards_text, full_deck, parse_cards};

/// A deck order (top first) that deals `hands[s]` to seat `s` (one card at a time clockwise
/// from `first`), then `upcard`, then `stock` on top of the stock; every card not named fills
/// the gaps in id order.
pub fn deck(players: u8, first: u8, hands: &[&str], upcard: &str, stock: &str) -> String {
    let hands: Vec<Vec<u8>> = hands.iter().map(|h| parse_cards(h).unwrap()).collect();
    let upcard = parse_cards(upcard).unwrap();
    let stock = parse_cards(stock).unwrap();
    let named: Vec<u8> = hands
        .iter()
        .flatten()
        .chain(&upcard)
        .chain(&stock)
        .copied()
        .collect();
    let mut filler = full_deck().iter().filter(|c| !named.contains(c));
    let n = usize::from(players);
    let mut order = Vec::new();
    for k in 0..7 * n {
        let seat = (usize::from(first) + k) % n;
        let j = k / n;
        let card = hands
            .get(seat)
            .and_then(|h| h.get(j).copied())
            .unwrap_or_else(|| filler.next().unwrap());
        order.push(card);
    }
    order.extend(upcard);
    order.extend(stock);
    order.extend(filler);
    assert_eq!(order.len(), 88);
    format!("chance: {}", cards_text(order))
}
