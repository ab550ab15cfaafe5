//! Determinization (`sample_consistent`): the cards an observer cannot place are dealt again
//! at random among the places they could be, keeping every hand size and everything the
//! observer knows.

use parlour_cards::CardSet;
use parlour_core::{GameRng, Seat};
use rand::seq::SliceRandom;

use crate::cards::{Card, CardType};
use crate::state::State;
use crate::task::{Prompt, Task};

fn map(pi: &[u8; 128], c: Card) -> Card {
    Card(pi[c.0 as usize])
}

fn map_set(pi: &[u8; 128], s: CardSet) -> CardSet {
    s.iter().map(|c| pi[c as usize]).collect()
}

/// A state consistent with what `observer` knows.
///
/// Hidden cards are the other hands, the stockpile and another player's private look, less
/// the cards the observer knows the place of and the lodged Urchin Thief. While a resolution
/// is under way (the task stack is not empty) cards are only exchanged within their type, so
/// every pending prompt keeps its options; otherwise any hidden card may go anywhere hidden.
#[must_use]
pub fn resample(s: &State, observer: Seat, rng: &mut GameRng) -> State {
    let mut hidden = CardSet::EMPTY;
    for p in Seat::all(s.n) {
        if p != observer {
            hidden = hidden.or(s.hands[p]);
        }
    }
    for c in &s.stock {
        hidden.insert(c.0);
    }
    if s.look_owner != observer {
        hidden = hidden.or(s.look);
    }
    hidden = hidden.minus(s.known[observer]);
    if let Some(l) = s.lodged {
        hidden.remove(l.0);
    }
    let mut pi = [0u8; 128];
    for (i, x) in pi.iter_mut().enumerate() {
        *x = i as u8;
    }
    let d = s.deck();
    let classes: Vec<CardSet> = if s.stack.is_empty() {
        vec![hidden]
    } else {
        CardType::ALL
            .iter()
            .map(|&t| hidden.and(d.of_type(t)))
            .collect()
    };
    for class in classes {
        let from: Vec<u8> = class.iter().collect();
        let mut to = from.clone();
        to.shuffle(rng);
        for (a, b) in from.iter().zip(&to) {
            pi[*a as usize] = *b;
        }
    }
    let mut t = s.clone();
    for h in &mut t.hands {
        *h = map_set(&pi, *h);
    }
    for c in &mut t.stock {
        *c = map(&pi, *c);
    }
    t.look = map_set(&pi, t.look);
    for k in &mut t.known {
        *k = map_set(&pi, *k);
    }
    t.taken = t.taken.map(|c| map(&pi, c));
    for task in &mut t.stack {
        if let Task::Ask(_, p) = task {
            *p = match *p {
                Prompt::UrchinLoot(c) => Prompt::UrchinLoot(map(&pi, c)),
                Prompt::ForfeitGive { victim, taken } => Prompt::ForfeitGive {
                    victim,
                    taken: map(&pi, taken),
                },
                Prompt::AdvantageDiscard { kept } => Prompt::AdvantageDiscard {
                    kept: map(&pi, kept),
                },
                Prompt::AttackedLine { owner, setting } => Prompt::AttackedLine {
                    owner,
                    setting: map(&pi, setting),
                },
                Prompt::BloodReturn { k, received, to } => Prompt::BloodReturn {
                    k,
                    received: map_set(&pi, received),
                    to,
                },
                Prompt::LapKeep { taken } => Prompt::LapKeep {
                    taken: map(&pi, taken),
                },
                other => other,
            };
        }
    }
    t
}
