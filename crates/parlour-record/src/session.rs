use std::collections::BTreeSet;

use parlour_core::{
    Game, GameRng, IllegalAction, Options, Seat, SetupError, ToAct, Viewer, rng_from_seed, words,
};
use thiserror::Error;

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

/// One game in progress: the state, the seeded RNG that draws chance outcomes, and the full
/// history, from which a [`Record`] is written.
///
/// Chance: at every chance node the RNG is drawn once, whether or not the outcome is stated, and a
/// stated outcome replaces the drawn one. So a record with some stated outcomes removed replays to
/// the same game as long as the removed ones were the drawn ones.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    state: G,
    rng: GameRng,
    seed: u64,
    options: Options,
    entries: Vec<String>,
    events: Vec<G::Event>,
    /// Index into `events` where each entry's events start.
    event_starts: Vec<usize>,
}

impl<G: Game> Match<G> {
    /// A new game, before its first chance node is drawn.
    ///
    /// # Errors
    /// A player count or options the game rejects.
    pub fn new(players: u8, options: Options, seed: u64) -> Result<Self, SetupError> {
        let state = G::new(players, &options)?;
        Ok(Match {
            state,
            rng: rng_from_seed(seed),
            seed,
            options,
            entries: Vec::new(),
            events: Vec::new(),
            event_starts: Vec::new(),
        })
    }

    /// Replays a record, then draws any chance events left due.
    ///
    /// # Errors
    /// A bad record or an entry that cannot be applied (with its index).
    pub fn from_record(record: &Record) -> Result<Self, ReplayError> {
        let options = record.options_for::<G>()?;
        let mut m = Match::new(record.players, options, record.seed)?;
        for (index, entry) in record.actions.iter().enumerate() {
            m.apply_entry(entry).map_err(|error| ReplayError::Step {
                index,
                entry: entry.clone(),
                error,
            })?;
        }
        m.draw_due_chance();
        Ok(m)
    }

    /// The current state (omniscient).
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The resolved options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The history as record entries, every chance outcome stated.
    pub fn entries(&self) -> &[String] {
        &self.entries
    }

    /// Who must decide now.
    pub fn to_act(&self) -> ToAct {
        self.state.to_act()
    }

    /// Draws and applies chance outcomes from the seed until a player must act or the game ends.
    pub fn draw_due_chance(&mut self) {
        while self.state.to_act() == ToAct::Chance {
            self.draw_chance();
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
        self.push_chance(outcome, text.clone())?;
        Ok(text)
    }

    fn push_chance(&mut self, outcome: G::Chance, text: String) -> Result<(), IllegalAction> {
        let start = self.events.len();
        self.state.apply_chance(outcome, &mut self.events)?;
        self.event_starts.push(start);
        self.entries.push(format!("chance: {text}"));
        Ok(())
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
        let mut rng = self.rng.clone();
        let _ = self.state.sample_chance(&mut rng);
        let canonical = self.state.chance_text(&outcome);
        self.push_chance(outcome, canonical)?;
        self.rng = rng;
        Ok(())
    }

    /// Applies `seat`'s action.
    ///
    /// # Errors
    /// An illegal action; nothing changes.
    pub fn apply_action(&mut self, seat: Seat, action: G::Action) -> Result<(), IllegalAction> {
        let text = self.state.action_text(action);
        let start = self.events.len();
        self.state.apply(seat, action, &mut self.events)?;
        self.event_starts.push(start);
        self.entries.push(format!("{seat}: {text}"));
        Ok(())
    }

    /// Applies `seat`'s action given in notation.
    ///
    /// # Errors
    /// Text that does not parse, or an illegal action.
    pub fn apply_action_text(&mut self, seat: Seat, text: &str) -> Result<(), StepError> {
        if seat.0 >= self.state.players() {
            return Err(StepError::Parse(format!(
                "seat {seat} does not exist in a {}-player game",
                self.state.players()
            )));
        }
        let action = self
            .state
            .parse_action(seat, text)
            .map_err(|e| StepError::Parse(e.to_string()))?;
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

    /// The record of this game so far, every chance outcome stated.
    pub fn to_record(&self) -> Record {
        Record {
            format: FORMAT.to_owned(),
            game: G::ID.to_owned(),
            players: self.state.players(),
            options: options_json(&self.options),
            seed: self.seed,
            actions: self.entries.clone(),
        }
    }

    /// The log of everything that happened, as `viewer` may see it.
    pub fn log(&self, viewer: Viewer) -> Vec<String> {
        self.log_from(viewer, 0)
    }

    /// The log from event `first` on (see [`Match::event_count`]), as `viewer` may see it: a
    /// caller that keeps the count need not describe the whole game again at every step.
    pub fn log_from(&self, viewer: Viewer, first: usize) -> Vec<String> {
        self.events
            .get(first..)
            .unwrap_or_default()
            .iter()
            .filter_map(|e| self.state.describe_event(e, viewer))
            .collect()
    }

    /// Events so far, hidden ones included.
    pub fn event_count(&self) -> usize {
        self.events.len()
    }

    /// Events caused by the latest entry, as `viewer` may see them.
    pub fn last_events(&self, viewer: Viewer) -> Vec<String> {
        let start = self.event_starts.last().copied().unwrap_or(0);
        self.events[start..]
            .iter()
            .filter_map(|e| self.state.describe_event(e, viewer))
            .collect()
    }

    /// Ids of the cards (or other secrets) `viewer` (`None`: a spectator) must not see now: the
    /// game's [`Game::secrets`], less any card a public event of the latest entry names (an event
    /// a spectator is shown). Such a card is public at that step (`docs/records.md`, "Public
    /// reveals"), whatever the game's own list says of the state after it.
    pub fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let public = self.last_events(Viewer::Spectator);
        let named: BTreeSet<&str> = public.iter().flat_map(|t| words(t)).collect();
        let mut secrets = self.state.secrets(viewer);
        secrets.retain(|id| !named.contains(id.as_str()));
        secrets
    }

    /// Number of entries applied (actions and chance outcomes).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing has happened yet.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
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
