use parlour_core::{
    Encoding, IllegalAction, Layout, LayoutPart, Options, Seat, SetupError, ToAct, rng_from_seed,
};
use parlour_record::{Keep, Kept, Match, Record, ReplayError, StepError};

use crate::EnvError;
use crate::spellings::Spellings;

/// One game seen through its [`Encoding`]: observations, action ids and the spelling of
/// multi-id actions, over a [`Match`] that draws chance from the seed and keeps what `H` keeps
/// (by default its whole history; `()` keeps nothing, the fast path of batched stepping and what
/// a resample gives).
///
/// A seat steps one id at a time ([`Env::step`]). An action spelt by several ids is applied when
/// its last id is in; until then the ids chosen so far are *pending* for that seat and shown
/// in its observation. Any action applied clears what is pending.
#[derive(Clone, Debug)]
pub struct Env<G: Encoding, H = Kept<G>> {
    m: Match<G, H>,
    options: Options,
    explicit_chance: bool,
    pending: Vec<usize>,
    pending_seat: Option<Seat>,
    game_len: usize,
    ids: usize,
    spelling: usize,
    /// The legal actions and spellings of the last seat asked, while the state stays the same.
    legal: Spellings<G::Action>,
}

/// How a game is kept: with its history (records and logs) or bare (faster).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum History {
    /// Keep entries and events, for records (`Match::record`, through [`Env::game`]) and logs.
    Kept,
    /// Keep the state only.
    None,
}

impl<G: Encoding> Env<G> {
    /// The game a record leads to, with its history kept.
    ///
    /// # Errors
    /// A record that does not replay.
    pub fn from_record(record: &Record, explicit_chance: bool) -> Result<Self, ReplayError> {
        // Chance stays explicit while the entries are applied, as a record states it.
        let m = Match::from_record_undrawn(record)?;
        let options = m.options().clone();
        Ok(Self::with_match(m, options, explicit_chance))
    }
}

impl<G: Encoding, H: Keep<G>> Env<G, H> {
    /// A new game with chance drawn from `seed` up to the first decision (unless
    /// `explicit_chance`, when chance nodes wait for [`Env::draw_chance`] or a stated outcome).
    ///
    /// # Errors
    /// A player count or options the game rejects.
    pub fn new(
        players: u8,
        options: Options,
        seed: u64,
        explicit_chance: bool,
    ) -> Result<Self, SetupError> {
        let m = Match::setup(players, &options, seed)?;
        Ok(Self::with_match(m, options, explicit_chance))
    }

    fn with_match(m: Match<G, H>, options: Options, explicit_chance: bool) -> Self {
        let state = m.state();
        let game_len = state.observation_shape().iter().product();
        let ids = state.num_distinct_actions();
        let spelling = state.max_spelling_len();
        let mut env = Env {
            m,
            options,
            explicit_chance,
            pending: Vec::new(),
            pending_seat: None,
            game_len,
            ids,
            spelling,
            legal: Spellings::new(),
        };
        env.settle();
        env
    }

    /// The full state (omniscient): for the environment's own use and tests, never for a seat.
    #[must_use]
    pub fn state(&self) -> &G {
        self.m.state()
    }

    /// The match under the encoding: the game, its chance stream and what is kept of it.
    #[must_use]
    pub fn game(&self) -> &Match<G, H> {
        &self.m
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

    /// The named parts of [`Env::observe`]'s output: the game's
    /// ([`Encoding::observation_layout`]), then, where actions take several ids, `pending`.
    #[must_use]
    pub fn observation_layout(&self) -> Vec<LayoutPart> {
        let mut parts = self.state().observation_layout();
        if self.spelling > 1 {
            let mut l = Layout::new();
            l.unit(
                "pending",
                &[self.ids],
                "the ids of the acting seat's action begun, one slot per action id",
            );
            parts.extend(l.finish().into_iter().map(|mut p| {
                p.offset = self.game_len;
                p
            }));
        }
        parts
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
        if self.legal.is_for(seat) {
            self.legal.next_ids(self.pending(seat), out);
        } else {
            let mut legal = Spellings::new();
            legal.fill(self.state(), seat);
            legal.next_ids(self.pending(seat), out);
        }
    }

    /// [`Env::legal_ids`], keeping what it works out for the step that follows.
    pub fn legal_ids_mut(&mut self, seat: Seat, out: &mut Vec<usize>) {
        self.know(seat);
        self.legal.next_ids(self.pending(seat), out);
    }

    fn know(&mut self, seat: Seat) {
        if !self.legal.is_for(seat) {
            self.legal.fill(self.m.state(), seat);
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
        self.know(seat);
        let (extends, complete) = self.legal.find(self.pending(seat), id);
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

    /// Applies `seat`'s whole action, then draws the chance that falls due (unless chance is
    /// explicit).
    ///
    /// # Errors
    /// An illegal action; nothing changes.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        self.m.apply_action(seat, action)?;
        self.legal.clear();
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
        let action = self.m.parse_action(seat, text)?;
        self.apply(seat, action)?;
        Ok(action)
    }

    /// Draws the due chance outcome from the seed and returns its text (`None` if none is due).
    pub fn draw_chance(&mut self) -> Option<String> {
        if self.to_act() != ToAct::Chance {
            return None;
        }
        self.legal.clear();
        let text = self.m.draw_chance();
        Some(text)
    }

    /// Applies a stated chance outcome.
    ///
    /// # Errors
    /// No chance due, a text that does not parse, or an impossible outcome; nothing changes.
    pub fn apply_chance_text(&mut self, text: &str) -> Result<(), StepError> {
        self.m.apply_chance_text(text)?;
        self.legal.clear();
        self.settle();
        Ok(())
    }

    /// A game `observer` cannot tell from this one: the hidden cards drawn anew from `seed`. It
    /// keeps no history (no record) and draws its chance from `seed`.
    #[must_use]
    pub fn resample(&self, observer: Seat, seed: u64) -> Env<G, ()> {
        let mut rng = rng_from_seed(seed);
        let state = self.state().sample_consistent(observer, &mut rng);
        // The resampled game's chance continues the stream its hidden cards were drawn from.
        let m = Match::from_state(state, rng, seed, ());
        let mut env = Env::with_match(m, self.options.clone(), self.explicit_chance);
        if self.pending_seat == Some(observer) {
            env.pending_seat = self.pending_seat;
            env.pending.clone_from(&self.pending);
        }
        env
    }

    /// Starts a new game with the same players and options, keeping what this one keeps, from
    /// `seed`.
    ///
    /// # Panics
    /// Never: the setup was accepted before.
    pub fn restart(&mut self, seed: u64) {
        let players = self.state().players();
        let m =
            Match::setup(players, &self.options, seed).expect("the same setup was accepted before");
        let options = self.options.clone();
        *self = Self::with_match(m, options, self.explicit_chance);
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
            self.legal.clear();
            self.m
                .draw()
                .expect("a sampled chance outcome is always legal");
        }
    }
}
