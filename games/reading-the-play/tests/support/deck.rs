//! Stacked decks for the record-driven tests.

/// `289` → `line-289`, `ys` → `yellow-sign`, `es` → `elder-sign`.
fn card(s: &str) -> String {
    match s {
        "ys" => "yellow-sign".into(),
        "es" => "elder-sign".into(),
        n => format!("line-{n}"),
    }
}

/// The `chance: deck ...` entry that deals `hands` (two cards per seat, seat 0 first) and then
/// has `draws` on top of the deck in this order; the other cards follow in a fixed order.
pub fn deck(hands: &[[&str; 2]], draws: &[&str]) -> String {
    let mut order: Vec<String> = (0..2)
        .flat_map(|k| hands.iter().map(move |h| card(h[k])))
        .chain(draws.iter().map(|d| card(d)))
        .collect();
    for n in 289..=316 {
        let id = format!("line-{n}");
        if !order.contains(&id) {
            order.push(id);
        }
    }
    for (kind, total) in [("yellow-sign", 6), ("elder-sign", 2)] {
        let used = order.iter().filter(|c| *c == kind).count();
        order.extend((used..total).map(|_| kind.to_owned()));
    }
    format!("chance: deck {}", order.join(" "))
}
