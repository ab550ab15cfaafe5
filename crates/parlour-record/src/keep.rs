//! What a [`crate::Match`] keeps of its past: the whole history for a record ([`Kept`]), the
//! events alone (`Vec` of events, for metrics), or nothing (`()`, the fast path of simulations and
//! batched environments). The choice is a type, so a match that keeps nothing pays nothing.

use std::fmt::Debug;

use parlour_core::{Game, IllegalAction, Options, Seat};

/// How a match applies a step and what it keeps of it.
pub trait Keep<G: Game>: Clone + Debug + Send + Sync + 'static {
    /// A fresh history of a game set up with `options`.
    fn start(options: &Options) -> Self;

    /// Applies `seat`'s `action` to `state`, keeping what this history keeps.
    ///
    /// # Errors
    /// An illegal action; nothing changes.
    fn act(&mut self, state: &mut G, seat: Seat, action: G::Action) -> Result<(), IllegalAction>;

    /// Applies the chance `outcome` to `state`, keeping what this history keeps.
    ///
    /// # Errors
    /// An impossible outcome; nothing changes.
    fn chance(&mut self, state: &mut G, outcome: G::Chance) -> Result<(), IllegalAction>;

    /// Every event kept (none where events are not kept).
    fn events(&self) -> &[G::Event] {
        &[]
    }

    /// The record entries kept (none where the history is not kept).
    fn entries(&self) -> &[String] {
        &[]
    }

    /// Index into [`Keep::events`] where the latest entry's events start.
    fn last_start(&self) -> usize {
        self.events().len()
    }

    /// The options the game was set up with, where the history is kept for a record.
    fn options(&self) -> Option<&Options> {
        None
    }
}

impl<G: Game> Keep<G> for () {
    fn start(_: &Options) -> Self {}

    #[inline]
    fn act(&mut self, state: &mut G, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        state.apply(seat, action, &mut ())
    }

    #[inline]
    fn chance(&mut self, state: &mut G, outcome: G::Chance) -> Result<(), IllegalAction> {
        state.apply_chance(outcome, &mut ())
    }
}

impl<G: Game> Keep<G> for Vec<G::Event> {
    fn start(_: &Options) -> Self {
        Vec::new()
    }

    #[inline]
    fn act(&mut self, state: &mut G, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        state.apply(seat, action, self)
    }

    #[inline]
    fn chance(&mut self, state: &mut G, outcome: G::Chance) -> Result<(), IllegalAction> {
        state.apply_chance(outcome, self)
    }

    fn events(&self) -> &[G::Event] {
        self
    }
}

/// The whole history: the options, every step as a record entry, and every event, for a
/// [`crate::Record`] and for logs.
#[derive(Clone, Debug)]
pub struct Kept<G: Game> {
    options: Options,
    entries: Vec<String>,
    events: Vec<G::Event>,
    /// Index into `events` where each entry's events start.
    event_starts: Vec<usize>,
}

impl<G: Game> Kept<G> {
    fn push(&mut self, entry: String, start: usize) {
        self.event_starts.push(start);
        self.entries.push(entry);
    }
}

impl<G: Game> Keep<G> for Kept<G> {
    fn start(options: &Options) -> Self {
        Kept {
            options: options.clone(),
            entries: Vec::new(),
            events: Vec::new(),
            event_starts: Vec::new(),
        }
    }

    fn act(&mut self, state: &mut G, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        let text = state.action_text(action);
        let start = self.events.len();
        state.apply(seat, action, &mut self.events)?;
        self.push(format!("{seat}: {text}"), start);
        Ok(())
    }

    fn chance(&mut self, state: &mut G, outcome: G::Chance) -> Result<(), IllegalAction> {
        // Written before it is applied: an outcome is spelt at its node.
        let text = state.chance_text(&outcome);
        let start = self.events.len();
        state.apply_chance(outcome, &mut self.events)?;
        self.push(format!("chance: {text}"), start);
        Ok(())
    }

    fn events(&self) -> &[G::Event] {
        &self.events
    }

    fn entries(&self) -> &[String] {
        &self.entries
    }

    fn last_start(&self) -> usize {
        self.event_starts.last().copied().unwrap_or(0)
    }

    fn options(&self) -> Option<&Options> {
        Some(&self.options)
    }
}
