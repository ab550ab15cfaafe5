use parlour_core::{
    Encoding, Game, GameRng, IllegalAction, Options, Seat, SetupError, ToAct, rng_from_seed,
};
use parlour_record::{Match, Record, ReplayError, StepError};

use crate::EnvError;

/// One game seen through its [`Encoding`]: observations, action ids and the spelling of
/// multi-id actions, with chance drawn from the seed.
///
/// A seat steps one id at a time ([`Env::step`]). An action spelt by several ids is applied when
/// its last id is in; until then the ids chosen so far are *pending* for that seat and shown
/// in its observation. Any action applied clears what is pending.
#[derive(Clone, Debug)]
pub struct Env<G: Encoding> {
    core: Core<G>,
    options: Options,
    explicit_chance: bool,
    pending: Vec<usize>,
    pending_seat: Option<Seat>,
    game_len: usize,
    ids: usize,
    spelling: usize,
    /// Reused buffers of the hot path (their contents mean nothing between calls).
    scratch: Vec<G::Action>,
    spelt: Vec<usize>,
}

/// The game and its chance stream; with its history where a record is wanted.
#[derive(Clone, Debug)]
enum Core<G: Game> {
    /// Keeps entries and events: records, logs.
    Tracked(Match<G>),
    /// The state alone: the fast path of batched stepping, and resampled games (no record).
    Bare { state: G, rng: GameRng, seed: u64 },
}

/// How a game is kept: with its history (records and logs) or bare (faster).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum History {
    /// Keep entries and events, for [`Env::record`] and logs.
    Kept,
    /// Keep the state only.
    None,
}

impl<G: Encoding> Env<G> {
    /// A new game with chance drawn from `seed` up to the first decision (unless
    /// `explicit_chance`, when chance nodes wait for [`Env::draw_chance`] or a stated outcome).
    ///
    /// # Errors
    /// A player count or options the game rejects.
    pub fn new(
        players: u8,
        options: Options,
        seed: u64,
        history: History,
        explicit_chance: bool,
    ) -> Result<Self, SetupError> {
        let core = match history {
            History::Kept => Core::Tracked(Match::new(players, options.clone(), seed)?),
            History::None => Core::Bare {
                state: G::new(players, &options)?,
                rng: rng_from_seed(seed),
                seed,
            },
        };
        Ok(Self::with_core(core, options, explicit_chance))
    }

    /// The game a record leads to, with its history kept.
    ///
    /// # Errors
    /// A record that does not replay.
    pub fn from_record(record: &Record, explicit_chance: bool) -> Result<Self, ReplayError> {
        let m = Match::from_record(record)?;
        let options = m.options().clone();
        Ok(Self::with_core(Core::Tracked(m), options, explicit_chance))
    }

    fn with_core(core: Core<G>, options: Options, explicit_chance: bool) -> Self {
        let state = match &core {
            Core::Tracked(m) => m.state(),
            Core::Bare { state, .. } => state,
        };
        let game_len = state.observation_shape().iter().product();
        let ids = state.num_distinct_actions();
        let spelling = state.max_spelling_len();
        let mut env = Env {
            core,
            options,
            explicit_chance,
            pending: Vec::new(),
            pending_seat: None,
            game_len,
            ids,
            spelling,
            scratch: Vec::new(),
            spelt: Vec::new(),
        };
        env.settle();
        env
    }

    /// The full state (omniscient): for the environment's own use and tests, never for a seat.
    #[must_use]
    pub fn state(&self) -> &G {
        match &self.core {
            Core::Tracked(m) => m.state(),
            Core::Bare { state, .. } => state,
        }
    }

    /// The game with its history, when it is kept.
    #[must_use]
    pub fn tracked(&self) -> Option<&Match<G>> {
        match &self.core {
            Core::Tracked(m) => Some(m),
            Core::Bare { .. } => None,
        }
    }

    /// The seed chance is drawn from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        match &self.core {
            Core::Tracked(m) => m.seed(),
            Core::Bare { seed, .. } => *seed,
        }
    }

    /// The options the game was set up with.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Whether chance nodes wait to be drawn or stated.
    #[must_use]
    pub fn explicit_chance(&self) -> bool {
        self.explicit_chance
    }

    /// Length of [`Env::observe`]'s output: the game's encoding, then (where actions take
    /// several ids) one slot per action id, set for the ids the seat has pending.
    #[must_use]
    pub fn observation_len(&self) -> usize {
        self.game_len + if self.spelling > 1 { self.ids } else { 0 }
    }

    /// How many action ids there are.
    #[must_use]
    pub fn num_distinct_actions(&self) -> usize {
        self.ids
    }

    /// The most ids an action takes.
    #[must_use]
    pub fn max_spelling_len(&self) -> usize {
        self.spelling
    }

    /// Who must act now.
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        self.state().to_act()
    }

    /// The seat whose step is due: the lowest seat to act (`None` at chance or the end).
    #[must_use]
    pub fn current(&self) -> Option<Seat> {
        self.pending_seat.or_else(|| self.to_act().first_seat())
    }

    /// The ids `seat` has chosen of an action not yet complete.
    #[must_use]
    pub fn pending(&self, seat: Seat) -> &[usize] {
        if self.pending_seat == Some(seat) {
            &self.pending
        } else {
            &[]
        }
    }

    /// Fills `out` with the ids `seat` may step next, sorted (empty when it is not to act).
    pub fn legal_ids(&self, seat: Seat, out: &mut Vec<usize>) {
        let mut actions = Vec::new();
        let mut ids = Vec::new();
        self.next_ids(seat, out, &mut actions, &mut ids);
    }

    /// [`Env::legal_ids`] without allocating: the batched hot path.
    pub fn legal_ids_mut(&mut self, seat: Seat, out: &mut Vec<usize>) {
        let mut actions = std::mem::take(&mut self.scratch);
        let mut ids = std::mem::take(&mut self.spelt);
        self.next_ids(seat, out, &mut actions, &mut ids);
        self.scratch = actions;
        self.spelt = ids;
    }

    fn next_ids(
        &self,
        seat: Seat,
        out: &mut Vec<usize>,
        actions: &mut Vec<G::Action>,
        ids: &mut Vec<usize>,
    ) {
        out.clear();
        let state = self.state();
        state.legal_actions(seat, actions);
        let prefix = self.pending(seat);
        for &a in actions.iter() {
            ids.clear();
            state.action_ids(seat, a, ids);
            if ids.len() > prefix.len() && ids.starts_with(prefix) {
                out.push(ids[prefix.len()]);
            }
        }
        if self.spelling > 1 {
            out.sort_unstable();
            out.dedup();
        } else if !out.is_sorted() {
            out.sort_unstable();
        }
    }

    /// Writes `seat`'s observation into `out` (length [`Env::observation_len`]).
    ///
    /// # Panics
    /// If `out` has another length.
    pub fn observe(&self, seat: Seat, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            self.observation_len(),
            "observation buffer length"
        );
        out.fill(0.0);
        self.state()
            .encode_observation(seat, &mut out[..self.game_len]);
        for &id in self.pending(seat) {
            out[self.game_len + id] = 1.0;
        }
    }

    /// The spelling of `seat`'s action.
    #[must_use]
    pub fn spell(&self, seat: Seat, action: G::Action) -> Vec<usize> {
        let mut ids = Vec::new();
        self.state().action_ids(seat, action, &mut ids);
        ids
    }

    /// `seat` steps id `id`: the action it completes is applied and returned; `None` while the
    /// spelling goes on.
    ///
    /// # Errors
    /// An id that begins or continues none of `seat`'s legal actions; nothing changes.
    pub fn step(&mut self, seat: Seat, id: usize) -> Result<Option<G::Action>, EnvError> {
        let mut actions = std::mem::take(&mut self.scratch);
        let mut ids = std::mem::take(&mut self.spelt);
        let (extends, complete) = self.find(seat, id, &mut actions, &mut ids);
        self.scratch = actions;
        self.spelt = ids;
        if let Some(a) = complete {
            self.apply(seat, a)?;
            return Ok(Some(a));
        }
        if !extends {
            return Err(EnvError::IllegalId {
                seat,
                id,
                pending: self.pending(seat).to_vec(),
            });
        }
        if self.pending_seat != Some(seat) {
            self.pending.clear();
            self.pending_seat = Some(seat);
        }
        self.pending.push(id);
        Ok(None)
    }

    /// Whether `id` continues a legal spelling of `seat`, and the action it completes.
    fn find(
        &self,
        seat: Seat,
        id: usize,
        actions: &mut Vec<G::Action>,
        ids: &mut Vec<usize>,
    ) -> (bool, Option<G::Action>) {
        let state = self.state();
        state.legal_actions(seat, actions);
        let prefix = self.pending(seat);
        let depth = prefix.len();
        let mut extends = false;
        for &a in actions.iter() {
            ids.clear();
            state.action_ids(seat, a, ids);
            if ids.len() > depth && ids.starts_with(prefix) && ids[depth] == id {
                extends = true;
                if ids.len() == depth + 1 {
                    return (true, Some(a));
                }
            }
        }
        (extends, None)
    }

    /// Applies `seat`'s whole action, then draws the chance that falls due (unless chance is
    /// explicit).
    ///
    /// # Errors
    /// An illegal action; nothing changes.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        match &mut self.core {
            Core::Tracked(m) => m.apply_action(seat, action)?,
            Core::Bare { state, .. } => state.apply(seat, action, &mut ())?,
        }
        self.pending.clear();
        self.pending_seat = None;
        self.settle();
        Ok(())
    }

    /// Applies `seat`'s action in notation.
    ///
    /// # Errors
    /// Text that does not parse, or an illegal action; nothing changes.
    pub fn apply_text(&mut self, seat: Seat, text: &str) -> Result<G::Action, StepError> {
        if seat.0 >= self.state().players() {
            return Err(StepError::Parse(format!(
                "seat {seat} does not exist in a {}-player game",
                self.state().players()
            )));
        }
        let action = self
            .state()
            .parse_action(seat, text)
            .map_err(|e| StepError::Parse(e.to_string()))?;
        self.apply(seat, action)?;
        Ok(action)
    }

    /// Draws the due chance outcome from the seed and returns its text (`None` if none is due).
    pub fn draw_chance(&mut self) -> Option<String> {
        if self.to_act() != ToAct::Chance {
            return None;
        }
        let text = match &mut self.core {
            Core::Tracked(m) => m.draw_chance(),
            Core::Bare { state, rng, .. } => {
                let c = state.sample_chance(rng);
                let text = state.chance_text(&c);
                state
                    .apply_chance(c, &mut ())
                    .expect("a sampled chance outcome is always legal");
                text
            }
        };
        Some(text)
    }

    /// Applies a stated chance outcome.
    ///
    /// # Errors
    /// No chance due, a text that does not parse, or an impossible outcome; nothing changes.
    pub fn apply_chance_text(&mut self, text: &str) -> Result<(), StepError> {
        match &mut self.core {
            Core::Tracked(m) => m.apply_chance_text(text)?,
            Core::Bare { state, rng, .. } => {
                if state.to_act() != ToAct::Chance {
                    return Err(IllegalAction::wrong_node("a player decision").into());
                }
                let c = state
                    .parse_chance(text)
                    .map_err(|e| StepError::Parse(e.to_string()))?;
                let mut next = rng.clone();
                let _ = state.sample_chance(&mut next);
                state.apply_chance(c, &mut ())?;
                *rng = next;
            }
        }
        self.settle();
        Ok(())
    }

    /// A game `observer` cannot tell from this one: the hidden cards drawn anew from `seed`. It
    /// keeps no history (no record) and draws its chance from `seed`.
    #[must_use]
    pub fn resample(&self, observer: Seat, seed: u64) -> Self {
        let mut rng = rng_from_seed(seed);
        let state = self.state().sample_consistent(observer, &mut rng);
        let mut env = Self::with_core(
            Core::Bare { state, rng, seed },
            self.options.clone(),
            self.explicit_chance,
        );
        if self.pending_seat == Some(observer) {
            env.pending_seat = self.pending_seat;
            env.pending.clone_from(&self.pending);
        }
        env
    }

    /// Starts a new game with the same players and options, bare, from `seed`.
    ///
    /// # Panics
    /// Never: the setup was accepted before.
    pub fn restart(&mut self, seed: u64) {
        let players = self.state().players();
        let state = G::new(players, &self.options).expect("the same setup was accepted before");
        let options = self.options.clone();
        *self = Self::with_core(
            Core::Bare {
                state,
                rng: rng_from_seed(seed),
                seed,
            },
            options,
            self.explicit_chance,
        );
    }

    /// Win share per seat once the game is over (`1/k` for each of `k` winners), zeros before.
    pub fn returns(&self, out: &mut [f32]) {
        out.fill(0.0);
        if let Some(o) = self.state().outcome() {
            for w in o.winners.iter() {
                out[w.index()] = 1.0 / o.winners.len() as f32;
            }
        }
    }

    /// Draws due chance unless it is explicit, writing no outcome text where no history is kept.
    fn settle(&mut self) {
        if self.explicit_chance {
            return;
        }
        while self.to_act() == ToAct::Chance {
            match &mut self.core {
                Core::Tracked(m) => {
                    m.draw_chance();
                }
                Core::Bare { state, rng, .. } => {
                    let c = state.sample_chance(rng);
                    state
                        .apply_chance(c, &mut ())
                        .expect("a sampled chance outcome is always legal");
                }
            }
        }
    }
}
