//! What the balance lab reports about a finished game ([`Game::metrics`]): how many sets of
//! each type were scored (spec §5, §8) and how many rounds were played.
//! `docs/games/queen-of-scots.md` lists the definitions.

#[cfg(doc)]
use parlour_core::Game;
use parlour_core::{CardFacts, HandsNow, Metric};

use crate::{Deck, Event, KindInfo, SetType, State};

/// The `(id, label)` the balance lab reports each set type of a deck under, in a fixed order:
/// every common kind (a `Character` set) in table order, then the royal family. Built with the
/// deck, so a `&'static Deck` lends them as `&'static str`.
pub(crate) fn set_type_names(kinds: &[KindInfo]) -> Vec<(String, String)> {
    kinds
        .iter()
        .filter(|k| !k.royal && !k.wild)
        .map(|k| (format!("sets_{}", k.id), format!("sets scored: {}", k.name)))
        .chain([(
            "sets_royal".to_owned(),
            "sets scored: royal family".to_owned(),
        )])
        .collect()
}

/// The position of a set type in [`set_type_names`].
fn set_type_index(deck: &Deck, set_type: SetType) -> usize {
    let commons_before = |k: u8| (deck.common_kinds() & ((1u64 << k) - 1)).count_ones();
    match set_type {
        SetType::Character(k) => commons_before(k.0) as usize,
        SetType::Royal => deck.common_kinds().count_ones() as usize,
    }
}

/// The metrics of a game, always the same ids in the same order for one deck:
///
/// * `sets_<kind>` for each common kind, then `sets_royal`: how many sets of that type were
///   scored over the game. A set is created by laying down three cards ([`Event::Melded`]), by
///   taking the pile with a pair ([`Event::TookPile`]) or by taking the Crown Jewels on top of
///   the pile into a new set with a pair ([`Event::TookPileWithJewels`]); sets stay on the
///   table to the end of their round, and every round ends scored, so each set is scored once.
///   Its type comes from its naturals (spec §5);
/// * `rounds`: rounds played (scored, [`Event::RoundScored`]).
pub(crate) fn metrics(state: &State, events: &[Event]) -> Vec<Metric> {
    let deck: &'static Deck = state.deck();
    let names = deck.set_type_names();
    let mut counts = vec![0u32; names.len()];
    let mut rounds = 0u32;
    let mut count_set = |cards: &[u8]| {
        // A set holds at least two naturals (spec §5), and they give its type.
        if let Some(natural) = cards
            .iter()
            .map(|&c| deck.kind_of(c))
            .find(|&k| !deck.is_wild(k))
        {
            counts[set_type_index(deck, SetType::of(deck, natural))] += 1;
        }
    };
    for event in events {
        match *event {
            Event::Melded { cards, .. } => count_set(&cards),
            Event::TookPile { top, pair, .. } => count_set(&[top, pair[0], pair[1]]),
            Event::TookPileWithJewels {
                pair: Some(pair), ..
            } => count_set(&pair),
            Event::RoundScored { .. } => rounds += 1,
            _ => {}
        }
    }
    names
        .iter()
        .zip(counts)
        .map(|((id, label), n)| Metric::new(id, label, f64::from(n)))
        .chain([Metric::new("rounds", "rounds played", f64::from(rounds))])
        .collect()
}

/// The card names of the lab's card questions: one per kind (copies are interchangeable), by
/// the name the deck prints, in table order.
pub(crate) fn card_names(deck: &Deck) -> Vec<String> {
    deck.kinds().iter().map(|k| k.name.clone()).collect()
}

/// The kinds each seat was dealt in its first hand of eleven (later rounds deal nearly every
/// kind to every seat, which would leave nothing to compare) and laid on its table over the
/// game (new sets, cards added, and the top card and pair of a taken pile), by kind index.
pub(crate) fn card_facts(state: &State, events: &[Event]) -> CardFacts {
    let seats = usize::from(state.players);
    let kind = |card: u8| state.deck.kind_of(card).index() as u16;
    let mut facts = CardFacts {
        dealt: vec![Vec::new(); seats],
        held: Vec::new(),
        played: vec![Vec::new(); seats],
    };
    let mut dealt = false;
    for event in events {
        match event {
            Event::Dealt { hands, .. } if !dealt => {
                dealt = true;
                for (s, hand) in hands.iter().enumerate().take(seats) {
                    facts.dealt[s].extend(hand.iter().map(kind));
                }
            }
            Event::Melded { seat, cards, .. } => {
                facts.played[seat.index()].extend(cards.iter().map(|&c| kind(c)));
            }
            Event::Added { seat, card, .. } => facts.played[seat.index()].push(kind(*card)),
            Event::TookPile {
                seat, top, pair, ..
            } => {
                let laid = [*top, pair[0], pair[1]];
                facts.played[seat.index()].extend(laid.iter().map(|&c| kind(c)));
            }
            Event::TookPileWithJewels {
                seat, top, pair, ..
            } => {
                facts.played[seat.index()].push(kind(*top));
                if let Some(p) = pair {
                    facts.played[seat.index()].extend(p.iter().map(|&c| kind(c)));
                }
            }
            _ => {}
        }
    }
    facts
}

/// Each seat's hand after a step of the first round, by kind index: what a seat held in its
/// first round (the first hand, cards drawn and piles taken). Later rounds are left out for
/// the reason "dealt" leaves them out: over a whole game nearly every seat holds every kind.
/// The deal is [`card_facts`]'s, so no step is marked as dealing.
pub(crate) fn hands_now(state: &State, _caused: &[Event]) -> Option<HandsNow> {
    if state.round != 1 {
        return None;
    }
    Some(HandsNow {
        hands: (0..usize::from(state.players))
            .map(|s| {
                state.hands[s]
                    .iter()
                    .map(|c| state.deck.kind_of(c).index() as u16)
                    .collect()
            })
            .collect(),
        dealt: false,
    })
}
