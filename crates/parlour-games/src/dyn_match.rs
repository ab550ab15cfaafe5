use parlour_core::{Game, Outcome, Seat, ToAct, Viewer};
use parlour_record::{Match, Record, StepError};
use serde_json::Value;

/// A game in progress whose type is known only at run time: everything the command line, the
/// engine protocol and the server need, with actions and outcomes as text and views as JSON.
pub trait DynMatch: Send {
    /// Registry id.
    fn game_id(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> u8;
    /// Who must decide now.
    fn to_act(&self) -> ToAct;
    /// At a chance node: what is due and how its outcome is written.
    fn chance_hint(&self) -> Option<String>;
    /// `seat`'s legal actions as text, in canonical order.
    fn legal(&self, seat: Seat) -> Vec<String>;
    /// Applies a record entry (`"<seat>: <action>"` or `"chance: <outcome>"`).
    ///
    /// # Errors
    /// A malformed or illegal entry; nothing changes.
    fn apply_entry(&mut self, entry: &str) -> Result<(), StepError>;
    /// Applies `seat`'s action in notation.
    ///
    /// # Errors
    /// Text that does not parse, or an illegal action; nothing changes.
    fn apply_action_text(&mut self, seat: Seat, text: &str) -> Result<(), StepError>;
    /// Applies a stated chance outcome.
    ///
    /// # Errors
    /// No chance due, or a bad outcome; nothing changes.
    fn apply_chance_text(&mut self, text: &str) -> Result<(), StepError>;
    /// Draws the due chance outcome from the seed; returns its text, or `None` if none is due.
    fn draw_chance(&mut self) -> Option<String>;
    /// Draws chance outcomes until a player must act or the game ends.
    fn draw_due_chance(&mut self);
    /// A viewer's view as JSON (`None` = spectator).
    fn view_json(&self, viewer: Option<Seat>) -> Value;
    /// A viewer's view drawn for a terminal.
    fn view_text(&self, viewer: Option<Seat>) -> String;
    /// Running scores.
    fn scores(&self) -> Vec<i32>;
    /// The result once over.
    fn outcome(&self) -> Option<Outcome>;
    /// Rounds begun.
    fn round(&self) -> u32;
    /// The record so far.
    fn record(&self) -> Record;
    /// Everything that happened, as `viewer` may see it.
    fn log(&self, viewer: Viewer) -> Vec<String>;
    /// What the latest entry caused, as `viewer` may see it.
    fn last_events(&self, viewer: Viewer) -> Vec<String>;
    /// Ids of the cards (or other secrets) `viewer` must not see now ([`Game::secrets`]), for
    /// leak tests of anything that shows a game to a viewer (`None` = spectator).
    fn secrets(&self, viewer: Option<Seat>) -> Vec<String>;
    /// The concrete `Match<G>`, for code that dispatches on the game type again (bots).
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<G: Game> DynMatch for Match<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn players(&self) -> u8 {
        self.state().players()
    }
    fn to_act(&self) -> ToAct {
        self.state().to_act()
    }
    fn chance_hint(&self) -> Option<String> {
        (self.state().to_act() == ToAct::Chance).then(|| self.state().chance_hint())
    }
    fn legal(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.state().legal_actions(seat, &mut out);
        out.into_iter()
            .map(|a| self.state().action_text(a))
            .collect()
    }
    fn apply_entry(&mut self, entry: &str) -> Result<(), StepError> {
        Match::apply_entry(self, entry)
    }
    fn apply_action_text(&mut self, seat: Seat, text: &str) -> Result<(), StepError> {
        Match::apply_action_text(self, seat, text)
    }
    fn apply_chance_text(&mut self, text: &str) -> Result<(), StepError> {
        Match::apply_chance_text(self, text)
    }
    fn draw_chance(&mut self) -> Option<String> {
        (self.state().to_act() == ToAct::Chance).then(|| Match::draw_chance(self))
    }
    fn draw_due_chance(&mut self) {
        Match::draw_due_chance(self);
    }
    fn view_json(&self, viewer: Option<Seat>) -> Value {
        serde_json::to_value(self.state().view(viewer)).expect("views serialise")
    }
    fn view_text(&self, viewer: Option<Seat>) -> String {
        self.state().view(viewer).to_string()
    }
    fn scores(&self) -> Vec<i32> {
        self.state().scores()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }
    fn round(&self) -> u32 {
        self.state().round()
    }
    fn record(&self) -> Record {
        self.to_record()
    }
    fn log(&self, viewer: Viewer) -> Vec<String> {
        Match::log(self, viewer)
    }
    fn last_events(&self, viewer: Viewer) -> Vec<String> {
        Match::last_events(self, viewer)
    }
    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        self.state().secrets(viewer)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
