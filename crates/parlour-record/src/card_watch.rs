//! A history for the lab's card questions: every event, and what each seat's hand showed
//! after every step ([`Game::hands_now`]), so a finished game's [`CardFacts`] can say what each
//! seat held, and what it was dealt where the deal's events name no hands.

use parlour_core::{CardFacts, Game, IllegalAction, Options, Seat};

use crate::Keep;

/// Keeps every event (as `Vec` of events does) and, per seat, every card its hand showed after
/// a step, and those of the steps that dealt.
#[derive(Clone, Debug)]
pub struct CardWatch<G: Game> {
    events: Vec<G::Event>,
    /// Per seat, every card seen in its hand; empty while the game reports no hands.
    held: Vec<Vec<u16>>,
    /// Per seat, the cards of the hands dealt by steps that said so.
    dealt: Vec<Vec<u16>>,
    /// Whether hands are read after each step ([`CardWatch::events_only`]).
    hands: bool,
}

impl<G: Game> CardWatch<G> {
    /// Keeps the events alone from now on: no hand is read after a step, so the facts are the
    /// game's own. For games whose cards nobody asks about, where reading every hand after
    /// every step would cost time for nothing.
    pub fn events_only(&mut self) {
        self.hands = false;
    }

    /// Every event of the game so far.
    pub fn events(&self) -> &[G::Event] {
        &self.events
    }

    /// The card facts of the finished game `state`: the game's own ([`Game::card_facts`]), with
    /// the dealt hands it did not name and every card held added, each list sorted without
    /// repeats; `None` when the game declares no card facts.
    pub fn facts(&self, state: &G) -> Option<CardFacts> {
        let mut facts = state.card_facts(&self.events)?;
        if facts.dealt.is_empty() && !self.dealt.is_empty() {
            facts.dealt.clone_from(&self.dealt);
        }
        if !self.held.is_empty() {
            let seats = self.held.len().max(facts.held.len());
            facts.held.resize(seats, Vec::new());
            for (s, cards) in self.held.iter().enumerate() {
                facts.held[s].extend(cards);
            }
        }
        if !facts.held.is_empty() {
            // What was dealt was held, whichever list names it.
            for (s, cards) in facts.dealt.iter().enumerate() {
                if let Some(h) = facts.held.get_mut(s) {
                    h.extend(cards);
                }
            }
        }
        for list in [&mut facts.dealt, &mut facts.held, &mut facts.played] {
            for cards in list.iter_mut() {
                cards.sort_unstable();
                cards.dedup();
            }
        }
        Some(facts)
    }

    /// Reads the hands after a step whose events start at `start`.
    fn watch(&mut self, state: &G, start: usize) {
        if !self.hands {
            return;
        }
        let Some(now) = state.hands_now(&self.events[start..]) else {
            return;
        };
        for (list, wanted) in [(&mut self.held, true), (&mut self.dealt, now.dealt)] {
            if !wanted {
                continue;
            }
            if list.len() < now.hands.len() {
                list.resize(now.hands.len(), Vec::new());
            }
            for (s, cards) in now.hands.iter().enumerate() {
                list[s].extend(cards);
                // Hands repeat from step to step; keep the lists short.
                if list[s].len() > 4 * cards.len().max(16) {
                    list[s].sort_unstable();
                    list[s].dedup();
                }
            }
        }
    }
}

impl<G: Game> Keep<G> for CardWatch<G> {
    fn start(_: &Options) -> Self {
        CardWatch {
            events: Vec::new(),
            held: Vec::new(),
            dealt: Vec::new(),
            hands: true,
        }
    }

    fn act(&mut self, state: &mut G, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        let start = self.events.len();
        state.apply(seat, action, &mut self.events)?;
        self.watch(state, start);
        Ok(())
    }

    fn chance(&mut self, state: &mut G, outcome: G::Chance) -> Result<(), IllegalAction> {
        let start = self.events.len();
        state.apply_chance(outcome, &mut self.events)?;
        self.watch(state, start);
        Ok(())
    }

    fn events(&self) -> &[G::Event] {
        &self.events
    }
}
