use std::collections::BTreeSet;

use parlour_core::{
    Audit, Game, GameRng, IllegalAction, Options, Seat, SetupError, ToAct, Viewer, Voice,
    rng_from_seed, words,
};
use thiserror::Error;

use crate::keep::{Keep, Kept};
use crate::record::{Entry, FORMAT, Record, RecordError, options_json};

/// A step that could not be applied.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum StepError {
    /// Text that is not an entry, an action or a chance outcome of this game.
    #[error("{0}")]
    Parse(String),
    /// An action or outcome the rules do not allow now.
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
}

/// A record that could not be replayed.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// The record itself is bad.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The game could not be set up from the record.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Entry `index` could not be applied.
    #[error("entry {index} `{entry}`: {error}")]
    Step {
        /// 0-based index into `actions`.
        index: usize,
        /// The entry's text.
        entry: String,
        /// Why.
        error: StepError,
    },
}

/// One game in progress: the state, the seeded RNG that draws chance outcomes, and what it keeps
/// of its history (`H`: by default all of it, from which a [`Record`] is written; see [`Keep`]).
///
/// Chance: at every chance node the RNG is drawn once, whether or not the outcome is stated, and a
/// stated outcome replaces the drawn one. So a record with some stated outcomes removed replays to
/// the same game as long as the removed ones were the drawn ones. A match that keeps nothing draws
/// the same stream, so the same seed and choices give the same game whatever `H` is.
#[derive(Clone, Debug)]
pub struct Match<G: Game, H = Kept<G>> {
    state: G,
    rng: GameRng,
    seed: u64,
    history: H,
}

impl<G: Game> Match<G> {
    /// A new game, before its first chance node is drawn, keeping its whole history.
    ///
    /// # Errors
    /// A player count or options the game rejects.
    pub fn new(players: u8, options: Options, seed: u64) -> Result<Self, SetupError> {
        Match::setup(players, &options, seed)
    }

    /// Replays a record, then draws any chance events left due.
    ///
    /// # Errors
    /// A bad record or an entry that cannot be applied (with its index).
    pub fn from_record(record: &Record) -> Result<Self, ReplayError> {
        let mut m = Match::from_record_undrawn(record)?;
        m.draw_due_chance();
        Ok(m)
    }

    /// Replays a record and stops after its last entry, even at a chance node.
    ///
    /// # Errors
    /// A bad record or an entry that cannot be applied (with its index).
    pub fn from_record_undrawn(record: &Record) -> Result<Self, ReplayError> {
        let options = record.options_for::<G>()?;
        let mut m = Match::new(record.players, options, record.seed)?;
        for (index, entry) in record.actions.iter().enumerate() {
            m.apply_entry(entry).map_err(|error| ReplayError::Step {
                index,
                entry: entry.clone(),
                error,
            })?;
        }
        Ok(m)
    }

    /// The resolved options.
    pub fn options(&self) -> &Options {
        Keep::<G>::options(&self.history).expect("a kept history has its options")
    }

    /// The record of this game so far, every chance outcome stated.
    pub fn to_record(&self) -> Record {
        self.record()
            .expect("a match that keeps its history has a record")
    }
}

impl<G: Game, H: Keep<G>> Match<G, H> {
    /// A new game keeping what `H` keeps, before its first chance node is drawn.
    ///
    /// # Errors
    /// A player count or options the game rejects.
    pub fn setup(players: u8, options: &Options, seed: u64) -> Result<Self, SetupError> {
        let state = G::new(players, options)?;
        Ok(Match::from_state(
            state,
            rng_from_seed(seed),
            seed,
            H::start(options),
        ))
    }

    /// A game from `state` with chance drawn from `rng` (which `seed` names), keeping its history
    /// in `history`: a resampled world, say, whose chance goes on from the stream that drew its
    /// hidden cards. A record of it is only right if `state` is the setup `history`'s options
    /// give.
    pub fn from_state(state: G, rng: GameRng, seed: u64, history: H) -> Self {
        Match {
            state,
            rng,
            seed,
            history,
        }
    }

    /// The current state (omniscient).
    pub fn state(&self) -> &G {
        &self.state
    }

    /// What is kept of the history.
    pub fn history(&self) -> &H {
        &self.history
    }

    /// What is kept of the history, to change how it keeps the rest.
    pub fn history_mut(&mut self) -> &mut H {
        &mut self.history
    }

    /// The state and the history, ending the match.
    pub fn into_parts(self) -> (G, H) {
        (self.state, self.history)
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The history as record entries, every chance outcome stated (none where it is not kept).
    pub fn entries(&self) -> &[String] {
        self.history.entries()
    }

    /// Who must decide now.
    pub fn to_act(&self) -> ToAct {
        self.state.to_act()
    }

    /// Draws and applies chance outcomes from the seed until a player must act or the game ends.
    ///
    /// # Panics
    /// If the game rejects an outcome it sampled itself (a bug in the game, which the conformance
    /// suite catches).
    pub fn draw_due_chance(&mut self) {
        while self.state.to_act() == ToAct::Chance {
            self.draw()
                .expect("a sampled chance outcome is always legal");
        }
    }

    /// Draws and applies one chance outcome from the seed; returns its text.
    ///
    /// # Panics
    /// If no chance event is due, or if the game rejects an outcome it sampled itself (a bug in
    /// the game, which the conformance suite catches).
    pub fn draw_chance(&mut self) -> String {
        self.try_draw_chance()
            .expect("a sampled chance outcome is always legal")
    }

    /// Draws and applies one chance outcome from the seed; returns its text.
    ///
    /// # Errors
    /// The game rejected an outcome it sampled itself (a bug in the game); nothing is applied.
    ///
    /// # Panics
    /// If no chance event is due.
    pub fn try_draw_chance(&mut self) -> Result<String, IllegalAction> {
        assert_eq!(self.state.to_act(), ToAct::Chance, "no chance event is due");
        let outcome = self.state.sample_chance(&mut self.rng);
        let text = self.state.chance_text(&outcome);
        self.history.chance(&mut self.state, outcome)?;
        Ok(text)
    }

    /// Draws and applies one chance outcome from the seed, writing no text: the hot path.
    ///
    /// # Errors
    /// The game rejected an outcome it sampled itself (a bug in the game); nothing is applied.
    pub fn draw(&mut self) -> Result<(), IllegalAction> {
        debug_assert_eq!(self.state.to_act(), ToAct::Chance, "no chance event is due");
        let outcome = self.state.sample_chance(&mut self.rng);
        self.history.chance(&mut self.state, outcome)
    }

    /// Applies a stated chance outcome (drawing the RNG once, as an unstated step would).
    ///
    /// # Errors
    /// No chance event due, text that does not parse, or an impossible outcome.
    pub fn apply_chance_text(&mut self, text: &str) -> Result<(), StepError> {
        if self.state.to_act() != ToAct::Chance {
            return Err(IllegalAction::wrong_node("a player decision").into());
        }
        let outcome = self
            .state
            .parse_chance(text)
            .map_err(|e| StepError::Parse(e.to_string()))?;
        // The stream moves on as if the outcome had been drawn, so later draws match a record
        // that leaves this one unstated.
        let mut rng = self.rng.clone();
        let _ = self.state.sample_chance(&mut rng);
        self.history.chance(&mut self.state, outcome)?;
        self.rng = rng;
        Ok(())
    }

    /// Applies `seat`'s action.
    ///
    /// # Errors
    /// An illegal action; nothing changes.
    pub fn apply_action(&mut self, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        self.history.act(&mut self.state, seat, action)
    }

    /// Parses `seat`'s action given in notation.
    ///
    /// # Errors
    /// A seat not at the table, or text that does not parse.
    pub fn parse_action(&self, seat: Seat, text: &str) -> Result<G::Action, StepError> {
        if seat.0 >= self.state.players() {
            return Err(StepError::Parse(format!(
                "seat {seat} does not exist in a {}-player game",
                self.state.players()
            )));
        }
        self.state
            .parse_action(seat, text)
            .map_err(|e| StepError::Parse(e.to_string()))
    }

    /// Applies `seat`'s action given in notation.
    ///
    /// # Errors
    /// Text that does not parse, or an illegal action.
    pub fn apply_action_text(&mut self, seat: Seat, text: &str) -> Result<(), StepError> {
        let action = self.parse_action(seat, text)?;
        Ok(self.apply_action(seat, action)?)
    }

    /// Applies one record entry. Before a seat's action, chance events that are due but not
    /// stated are drawn from the seed.
    ///
    /// # Errors
    /// A malformed entry, or one the rules reject.
    pub fn apply_entry(&mut self, entry: &str) -> Result<(), StepError> {
        match Entry::parse(entry).map_err(StepError::Parse)? {
            Entry::Chance(text) => self.apply_chance_text(text),
            Entry::Action(seat, text) => {
                self.draw_due_chance();
                self.apply_action_text(seat, text)
            }
        }
    }

    /// The record of this game so far, every chance outcome stated, where the history is kept.
    pub fn record(&self) -> Option<Record> {
        Some(Record {
            format: FORMAT.to_owned(),
            game: G::ID.to_owned(),
            players: self.state.players(),
            options: options_json(self.history.options()?),
            seed: self.seed,
            actions: self.history.entries().to_vec(),
        })
    }

    /// The log of everything that happened, as `viewer` may see it (empty where events are not
    /// kept).
    pub fn log(&self, viewer: Viewer) -> Vec<String> {
        self.log_from(viewer, 0)
    }

    /// The log from event `first` on (see [`Match::event_count`]), as `viewer` may see it: a
    /// caller that keeps the count need not describe the whole game again at every step.
    pub fn log_from(&self, viewer: Viewer, first: usize) -> Vec<String> {
        self.log_in(viewer, first, Voice::TRACE)
    }

    /// [`Match::log_from`] written in `voice`: for people at a table, [`Voice::table`].
    pub fn log_in(&self, viewer: Viewer, first: usize, voice: Voice) -> Vec<String> {
        self.history
            .events()
            .get(first..)
            .unwrap_or_default()
            .iter()
            .filter_map(|e| self.state.describe_event(e, viewer, voice))
            .collect()
    }

    /// Events so far, hidden ones included (none where events are not kept).
    pub fn event_count(&self) -> usize {
        self.history.events().len()
    }

    /// Events caused by the latest entry, as `viewer` may see them.
    pub fn last_events(&self, viewer: Viewer) -> Vec<String> {
        self.log_from(viewer, self.history.last_start())
    }

    /// Number of entries applied (actions and chance outcomes), where the history is kept.
    pub fn len(&self) -> usize {
        self.history.entries().len()
    }

    /// Whether no entry is kept.
    pub fn is_empty(&self) -> bool {
        self.history.entries().is_empty()
    }
}

// Only the leak checks and `replay --secrets` need a game's secrets.
impl<G: Audit, H: Keep<G>> Match<G, H> {
    /// Ids of the cards (or other secrets) `viewer` (`None`: a spectator) must not see now: the
    /// game's [`Audit::secrets`], less any card a public event of the latest entry names (an event
    /// a spectator is shown). Such a card is public at that step (`docs/records.md`, "Public
    /// reveals"), whatever the game's own list says of the state after it.
    pub fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let public = self.last_events(Viewer::Spectator);
        let named: BTreeSet<&str> = public.iter().flat_map(|t| words(t)).collect();
        let mut secrets = self.state.secrets(viewer);
        secrets.retain(|id| !named.contains(id.as_str()));
        secrets
    }
}

/// Replays entries from a fresh game: the convenient form for tests.
///
/// `options` is a `k=v,k2=v2` list.
///
/// # Errors
/// As [`Match::from_record`].
pub fn replay<G: Game>(
    players: u8,
    options: &str,
    seed: u64,
    entries: &[&str],
) -> Result<Match<G>, ReplayError> {
    let options = Options::parse_list(G::OPTIONS, options).map_err(RecordError::Option)?;
    let record = Record {
        format: FORMAT.to_owned(),
        game: G::ID.to_owned(),
        players,
        options: options_json(&options),
        seed,
        actions: entries.iter().map(|s| (*s).to_owned()).collect(),
    };
    Match::from_record(&record)
}
