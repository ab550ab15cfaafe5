use parlour_core::{Audit, Encoding, LayoutPart, Options, Seat};
use parlour_games::{DynBot, DynMatch, GameBot, RegistryError, find, with_game};
use parlour_record::{Keep, Kept, Record, ReplayError, StepError};

use crate::{Env, EnvError, History};

/// An [`Env`] whose game is known only at run time: the action ids, observations and stepping
/// of the encoding over the game itself ([`DynEnv::game`], the one type-erased game). What the
/// Python package and batched stepping need.
pub trait DynEnv: Send + Sync {
    /// The game: everything about it that is not the encoding (seats, views, scores, the record).
    /// Change it through the environment, which keeps its pending ids and draws chance as set.
    fn game(&self) -> &dyn DynMatch;
    /// Length of an observation ([`Env::observation_len`]).
    fn observation_len(&self) -> usize;
    /// The game's own observation shape, before any pending-id block.
    fn game_observation_shape(&self) -> Vec<usize>;
    /// The observation's named parts ([`Env::observation_layout`]).
    fn observation_layout(&self) -> Vec<LayoutPart>;
    /// How many action ids there are.
    fn num_distinct_actions(&self) -> usize;
    /// The most ids an action takes.
    fn max_spelling_len(&self) -> usize;
    /// Whether chance nodes wait to be drawn or stated.
    fn explicit_chance(&self) -> bool;
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
    /// Applies a whole action in notation ([`Env::apply_text`]).
    ///
    /// # Errors
    /// Text that does not parse or an illegal action; nothing changes.
    fn apply_text(&mut self, seat: Seat, text: &str) -> Result<(), EnvError>;
    /// Draws the due chance outcome from the seed ([`Env::draw_chance`]).
    fn draw_chance(&mut self) -> Option<String>;
    /// Applies a stated chance outcome ([`Env::apply_chance_text`]).
    ///
    /// # Errors
    /// No chance due or a bad outcome; nothing changes.
    fn apply_chance_text(&mut self, text: &str) -> Result<(), EnvError>;
    /// `bot` decides for `seat` from its observation and the action is applied.
    ///
    /// # Panics
    /// If `bot` is another game's, `seat` has nothing to do, or the bot's choice is illegal.
    fn play_bot(&mut self, bot: &mut dyn DynBot, seat: Seat);
    /// Win shares ([`Env::returns`]).
    fn returns(&self, out: &mut [f32]);
    /// A game `observer` cannot tell from this one ([`Env::resample`]); it keeps no history.
    fn resample(&self, observer: Seat, seed: u64) -> Box<dyn DynEnv>;
    /// A new game with the same setup from `seed`.
    fn restart(&mut self, seed: u64);
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynEnv>;
}

impl<G: Encoding + Audit, H: Keep<G>> DynEnv for Env<G, H> {
    fn game(&self) -> &dyn DynMatch {
        Env::game(self)
    }
    fn observation_len(&self) -> usize {
        Env::observation_len(self)
    }
    fn game_observation_shape(&self) -> Vec<usize> {
        self.state().observation_shape()
    }
    fn observation_layout(&self) -> Vec<LayoutPart> {
        Env::observation_layout(self)
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
    fn draw_chance(&mut self) -> Option<String> {
        Env::draw_chance(self)
    }
    fn apply_chance_text(&mut self, text: &str) -> Result<(), EnvError> {
        Ok(Env::apply_chance_text(self, text)?)
    }
    fn play_bot(&mut self, bot: &mut dyn DynBot, seat: Seat) {
        let bot = bot
            .as_any_mut()
            .downcast_mut::<GameBot<G>>()
            .expect("a bot plays the game it was made for");
        let action = bot.decide(self.state(), seat);
        self.apply(seat, action).expect("a bot's choice is legal");
    }
    fn returns(&self, out: &mut [f32]) {
        Env::returns(self, out);
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
}

/// A new environment of game `id` (chance drawn up to the first decision unless
/// `explicit_chance`), keeping its history or not.
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
    with_game!(id, G => Ok(match history {
        History::Kept => Box::new(Env::<G, Kept<G>>::new(players, options, seed, explicit_chance)?)
            as Box<dyn DynEnv>,
        History::None => Box::new(Env::<G, ()>::new(players, options, seed, explicit_chance)?),
    }))
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
