use std::any::Any;

use parlour_core::{Encoding, Options, Outcome, Seat, ToAct, Viewer};
use parlour_games::{RegistryError, find, with_game};
use parlour_record::{Record, ReplayError, StepError};
use serde_json::Value;

use crate::{Env, EnvError, History};

/// An [`Env`] whose game is known only at run time, with actions and outcomes as text and views
/// as JSON: what the Python package and batched stepping need.
pub trait DynEnv: Send + Sync {
    /// Registry id.
    fn game_id(&self) -> &'static str;
    /// Display name.
    fn game_name(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> u8;
    /// The seed chance is drawn from.
    fn seed(&self) -> u64;
    /// Length of an observation ([`Env::observation_len`]).
    fn observation_len(&self) -> usize;
    /// The game's own observation shape, before any pending-id block.
    fn game_observation_shape(&self) -> Vec<usize>;
    /// How many action ids there are.
    fn num_distinct_actions(&self) -> usize;
    /// The most ids an action takes.
    fn max_spelling_len(&self) -> usize;
    /// Whether chance nodes wait to be drawn or stated.
    fn explicit_chance(&self) -> bool;
    /// Who must act now.
    fn to_act(&self) -> ToAct;
    /// The seat whose step is due ([`Env::current`]).
    fn current(&self) -> Option<Seat>;
    /// Ids `seat` has pending.
    fn pending(&self, seat: Seat) -> Vec<usize>;
    /// Ids `seat` may step next, sorted.
    fn legal_ids(&self, seat: Seat, out: &mut Vec<usize>);
    /// [`DynEnv::legal_ids`] reusing the environment's buffers (no allocation).
    fn legal_ids_mut(&mut self, seat: Seat, out: &mut Vec<usize>);
    /// One id step without writing the completed action's notation: whether it completed one.
    ///
    /// # Errors
    /// An illegal id; nothing changes.
    fn step_quiet(&mut self, seat: Seat, id: usize) -> Result<bool, EnvError>;
    /// `seat`'s legal actions in notation.
    fn legal_texts(&self, seat: Seat) -> Vec<String>;
    /// The ids spelling `seat`'s legal action given in notation.
    ///
    /// # Errors
    /// Text that does not parse or is not legal now.
    fn spell_text(&self, seat: Seat, text: &str) -> Result<Vec<usize>, EnvError>;
    /// Name of an action id.
    fn action_id_text(&self, id: usize) -> String;
    /// Writes `seat`'s observation.
    fn observe(&self, seat: Seat, out: &mut [f32]);
    /// One id step ([`Env::step`]); the completed action's notation, if any.
    ///
    /// # Errors
    /// An illegal id; nothing changes.
    fn step(&mut self, seat: Seat, id: usize) -> Result<Option<String>, EnvError>;
    /// Applies a whole action in notation.
    ///
    /// # Errors
    /// Text that does not parse or an illegal action; nothing changes.
    fn apply_text(&mut self, seat: Seat, text: &str) -> Result<(), EnvError>;
    /// What the due chance event is, if one is due.
    fn chance_hint(&self) -> Option<String>;
    /// Draws the due chance outcome from the seed.
    fn draw_chance(&mut self) -> Option<String>;
    /// Applies a stated chance outcome.
    ///
    /// # Errors
    /// No chance due or a bad outcome; nothing changes.
    fn apply_chance_text(&mut self, text: &str) -> Result<(), EnvError>;
    /// A viewer's view as JSON (`None` = spectator).
    fn view_json(&self, viewer: Option<Seat>) -> Value;
    /// A viewer's view drawn as text.
    fn view_text(&self, viewer: Option<Seat>) -> String;
    /// Running scores.
    fn scores(&self) -> Vec<i32>;
    /// The result once over.
    fn outcome(&self) -> Option<Outcome>;
    /// Win shares ([`Env::returns`]).
    fn returns(&self, out: &mut [f32]);
    /// Rounds begun.
    fn round(&self) -> u32;
    /// The record, when the history is kept.
    fn record(&self) -> Option<Record>;
    /// The log as `viewer` may see it, when the history is kept.
    fn log(&self, viewer: Viewer) -> Option<Vec<String>>;
    /// What `viewer` must not see ([`parlour_core::Game::secrets`]).
    fn secrets(&self, viewer: Option<Seat>) -> Vec<String>;
    /// A game `observer` cannot tell from this one ([`Env::resample`]).
    fn resample(&self, observer: Seat, seed: u64) -> Box<dyn DynEnv>;
    /// A new bare game with the same setup from `seed`.
    fn restart(&mut self, seed: u64);
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynEnv>;
    /// The concrete `Env<G>`, for code that dispatches on the game type again (bots).
    fn as_any(&self) -> &dyn Any;
    /// The concrete `Env<G>`, mutable.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<G: Encoding> DynEnv for Env<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn game_name(&self) -> &'static str {
        G::NAME
    }
    fn players(&self) -> u8 {
        self.state().players()
    }
    fn seed(&self) -> u64 {
        Env::seed(self)
    }
    fn observation_len(&self) -> usize {
        Env::observation_len(self)
    }
    fn game_observation_shape(&self) -> Vec<usize> {
        self.state().observation_shape()
    }
    fn num_distinct_actions(&self) -> usize {
        Env::num_distinct_actions(self)
    }
    fn max_spelling_len(&self) -> usize {
        Env::max_spelling_len(self)
    }
    fn explicit_chance(&self) -> bool {
        Env::explicit_chance(self)
    }
    fn to_act(&self) -> ToAct {
        Env::to_act(self)
    }
    fn current(&self) -> Option<Seat> {
        Env::current(self)
    }
    fn pending(&self, seat: Seat) -> Vec<usize> {
        Env::pending(self, seat).to_vec()
    }
    fn legal_ids(&self, seat: Seat, out: &mut Vec<usize>) {
        Env::legal_ids(self, seat, out);
    }
    fn legal_ids_mut(&mut self, seat: Seat, out: &mut Vec<usize>) {
        Env::legal_ids_mut(self, seat, out);
    }
    fn step_quiet(&mut self, seat: Seat, id: usize) -> Result<bool, EnvError> {
        Ok(Env::step(self, seat, id)?.is_some())
    }
    fn legal_texts(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.state().legal_actions(seat, &mut out);
        out.into_iter()
            .map(|a| self.state().action_text(a))
            .collect()
    }
    fn spell_text(&self, seat: Seat, text: &str) -> Result<Vec<usize>, EnvError> {
        let action = self
            .state()
            .parse_action(seat, text)
            .map_err(|e| StepError::Parse(e.to_string()))?;
        if !self.state().is_legal(seat, action) {
            return Err(
                StepError::Parse(format!("`{text}` is not legal for seat {seat} now")).into(),
            );
        }
        Ok(self.spell(seat, action))
    }
    fn action_id_text(&self, id: usize) -> String {
        self.state().action_id_text(id)
    }
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        Env::observe(self, seat, out);
    }
    fn step(&mut self, seat: Seat, id: usize) -> Result<Option<String>, EnvError> {
        if id >= Env::num_distinct_actions(self) {
            return Err(EnvError::OutOfRange {
                id,
                count: Env::num_distinct_actions(self),
            });
        }
        // An action prints without the state (`Game::Action`), so after it is as good as before.
        Ok(Env::step(self, seat, id)?.map(|a| self.state().action_text(a)))
    }
    fn apply_text(&mut self, seat: Seat, text: &str) -> Result<(), EnvError> {
        Env::apply_text(self, seat, text)?;
        Ok(())
    }
    fn chance_hint(&self) -> Option<String> {
        (Env::to_act(self) == ToAct::Chance).then(|| self.state().chance_hint())
    }
    fn draw_chance(&mut self) -> Option<String> {
        Env::draw_chance(self)
    }
    fn apply_chance_text(&mut self, text: &str) -> Result<(), EnvError> {
        Ok(Env::apply_chance_text(self, text)?)
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
    fn returns(&self, out: &mut [f32]) {
        Env::returns(self, out);
    }
    fn round(&self) -> u32 {
        self.state().round()
    }
    fn record(&self) -> Option<Record> {
        Env::record(self)
    }
    fn log(&self, viewer: Viewer) -> Option<Vec<String>> {
        Env::log(self, viewer)
    }
    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        self.state().secrets(viewer)
    }
    fn resample(&self, observer: Seat, seed: u64) -> Box<dyn DynEnv> {
        Box::new(Env::resample(self, observer, seed))
    }
    fn restart(&mut self, seed: u64) {
        Env::restart(self, seed);
    }
    fn clone_box(&self) -> Box<dyn DynEnv> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A new environment of game `id` (chance drawn up to the first decision unless
/// `explicit_chance`).
///
/// # Errors
/// An unknown id or a setup the game rejects.
pub fn make_env(
    id: &str,
    players: u8,
    options: Options,
    seed: u64,
    history: History,
    explicit_chance: bool,
) -> Result<Box<dyn DynEnv>, RegistryError> {
    find(id)?;
    with_game!(id, G => Ok(Box::new(Env::<G>::new(players, options, seed, history, explicit_chance)?)))
}

/// The environment a record leads to, its history kept.
///
/// # Errors
/// An unknown game or a record that does not replay.
pub fn env_from_record(
    record: &Record,
    explicit_chance: bool,
) -> Result<Box<dyn DynEnv>, RegistryError> {
    if record.format != parlour_record::FORMAT {
        return Err(ReplayError::Record(parlour_record::RecordError::Format(
            record.format.clone(),
        ))
        .into());
    }
    find(&record.game)?;
    with_game!(record.game.as_str(), G => Ok(Box::new(Env::<G>::from_record(record, explicit_chance)?)))
}
