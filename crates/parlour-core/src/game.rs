use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::RangeInclusive;

use serde::Serialize;

use crate::{
    GameRng, IllegalAction, OptionSpec, Options, Outcome, ParseError, Seat, SetupError, ToAct,
    Viewer, Voice,
};

/// Where a game reports the events an action or chance outcome caused.
///
/// `Vec<E>` collects them; `()` drops them (the playout hot path).
pub trait EventSink<E> {
    /// Records one event.
    fn push(&mut self, event: E);
}

impl<E> EventSink<E> for Vec<E> {
    fn push(&mut self, event: E) {
        Vec::push(self, event);
    }
}

impl<E> EventSink<E> for () {
    #[inline]
    fn push(&mut self, _event: E) {}
}

/// A game: a deterministic state machine whose random events are explicit chance nodes.
///
/// A value of the implementing type is a full (omniscient) state. The contract:
///
/// * [`Game::new`] gives the state before any card is dealt; the first node is usually
///   [`ToAct::Chance`] (the shuffle and deal).
/// * At a chance node the driver calls [`Game::sample_chance`] with the seeded [`GameRng`] (or
///   parses an outcome a record states) and then [`Game::apply_chance`]. Chance outcomes are
///   values (a whole deck order, a drawn card) so a replay never depends on the RNG algorithm.
///   The rules themselves never own or call an RNG.
/// * At a player node, every seat in [`ToAct::Seats`] must act once before the node changes.
///   Several seats there means simultaneous secret choices: a seat's commitment shows in no other
///   seat's view before all are in.
/// * [`Game::legal_actions`] is sorted, has no duplicates, and is non-empty for every seat to act
///   (a forced move is still a decision). It is empty for a seat not to act.
/// * [`Game::apply`] and [`Game::apply_chance`] either succeed or return an error that names the
///   rule broken, leaving the state unchanged. They never panic on bad input.
/// * Every game ends: `to_act` reaches [`ToAct::Terminal`] in at most a bounded number of steps
///   (turn limits where the rulebook allows endless play).
/// * `==` compares whole states, hidden parts included: the conformance suite uses it to see
///   that a rejected action changed nothing and that a replay reaches the same state. A field
///   may be left out only where it is a pure function of the others (a cache).
///
/// `Game` holds the rules alone. Beside it a game implements [`Search`](crate::Search), the
/// hooks the bots read (a heuristic value, playout policy), [`Audit`](crate::Audit), the hooks
/// the conformance suite reads (invariants, secrets, reveals), and
/// [`Encoding`](crate::Encoding), its tensors for learning.
pub trait Game: Clone + PartialEq + Debug + Send + Sync + Sized + 'static {
    /// A player's decision. Small and `Copy`; self-contained, so it prints without the state.
    type Action: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static;
    /// The outcome of a random event.
    type Chance: Clone + Eq + Debug + Send + Sync + 'static;
    /// What one viewer may know. Serialises to JSON for clients; `Display` draws it for a terminal.
    type View: Serialize + Eq + Debug + Clone + Display + Send + 'static;
    /// Something that happened (a card played, a trick won), for logs.
    type Event: Clone + Debug + Send + Sync + 'static;

    /// Registry id, kebab-case (`troll-tricker`).
    const ID: &'static str;
    /// Display name.
    const NAME: &'static str;
    /// Allowed player counts.
    const PLAYERS: RangeInclusive<u8>;
    /// Variant options with their defaults.
    const OPTIONS: &'static [OptionSpec];
    /// Whether some node has several seats to act at once (simultaneous secret choices). The
    /// registry's tests check it both ways: a sequential game never reaches such a node, and a
    /// simultaneous one reaches one in random play.
    const SIMULTANEOUS: bool = false;

    /// The state before anything is dealt.
    ///
    /// # Errors
    /// A player count out of range or options that cannot be honoured.
    fn new(players: u8, options: &Options) -> Result<Self, SetupError>;

    /// Number of seats.
    fn players(&self) -> u8;

    /// The most player steps (actions, over all seats; chance outcomes not counted) a game
    /// with this state's player count and options can take from [`Game::new`] to its end: a
    /// true bound, derived from the rules' limits (rounds, turns per round, actions per turn),
    /// not a measured length. `None` where the options switch off the limits that bound it.
    /// The registry's tests check that random play never passes it.
    fn max_steps(&self) -> Option<u64>;

    /// Who must decide now.
    fn to_act(&self) -> ToAct;

    /// Clears `out` and fills it with `seat`'s legal actions, sorted and unique. Empty when
    /// `seat` is not to act.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Whether `seat` may take `action` now.
    fn is_legal(&self, seat: Seat, action: Self::Action) -> bool {
        let mut out = Vec::new();
        self.legal_actions(seat, &mut out);
        out.binary_search(&action).is_ok()
    }

    /// Applies `seat`'s `action`, reporting events to `events`.
    ///
    /// # Errors
    /// An illegal action; the state is unchanged.
    fn apply(
        &mut self,
        seat: Seat,
        action: Self::Action,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<(), IllegalAction>;

    /// Draws the outcome of the due chance event from `rng`.
    ///
    /// # Panics
    /// May panic when called at a node that is not a chance node.
    fn sample_chance(&self, rng: &mut GameRng) -> Self::Chance;

    /// Applies a chance outcome (sampled, or stated by a record or a test).
    ///
    /// # Errors
    /// Not a chance node, or an outcome that is impossible here (a deck order that is not a
    /// permutation of the cards to shuffle, say); the state is unchanged.
    fn apply_chance(
        &mut self,
        chance: Self::Chance,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<(), IllegalAction>;

    /// What the due chance event is and how its outcome is written, e.g.
    /// `"deal: the 88 card ids of the shuffled deck, top first"`.
    fn chance_hint(&self) -> String;

    /// The view of `viewer`: `Some(seat)` is that seat's knowledge, `None` a spectator's.
    fn view(&self, viewer: Option<Seat>) -> Self::View;

    /// Text of an event as `viewer` may see it, or `None` when `viewer` does not see it at all,
    /// written in `voice`: [`Voice::TRACE`] text is a public contract and never changes.
    fn describe_event(&self, event: &Self::Event, viewer: Viewer, voice: Voice) -> Option<String>;

    /// Running score per seat (final scores once the game is over).
    fn scores(&self) -> Vec<i32>;

    /// The result, once [`Game::to_act`] is [`ToAct::Terminal`].
    fn outcome(&self) -> Option<Outcome>;

    /// How many rounds (hands, deals) have begun; for game-length statistics.
    fn round(&self) -> u32;

    /// Short notation of an action, parseable by [`Game::parse_action`].
    fn action_text(&self, action: Self::Action) -> String;

    /// Reads an action in notation for `seat`.
    ///
    /// # Errors
    /// Text that is not an action of this game.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, ParseError>;

    /// Notation of a chance outcome, parseable by [`Game::parse_chance`].
    fn chance_text(&self, chance: &Self::Chance) -> String;

    /// Reads a chance outcome for the due chance event.
    ///
    /// # Errors
    /// Text that is not an outcome of the due event.
    fn parse_chance(&self, text: &str) -> Result<Self::Chance, ParseError>;

    /// A full state consistent with everything `observer` knows, with the hidden parts drawn
    /// from `rng` (OpenSpiel's `ResampleFromInfostate`). The observer's view and legal actions are
    /// the same in the result. Must never fail. It is part of the rules' hidden-information
    /// contract, beside [`Game::view`]: bots draw their worlds from it, and the audit checks it.
    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self;

    /// What the balance lab reports about this finished game beyond scores and length: the
    /// numbers that matter for this game (tricks per hand, how hands end, bust rates), computed
    /// from the final state and every event of the game. The same ids, in the same order, for
    /// every game of one setup. The default reports nothing.
    fn metrics(&self, events: &[Self::Event]) -> Vec<crate::Metric> {
        let _ = events;
        Vec::new()
    }

    /// The seat that started this game (took its first turn or led its first trick), read from
    /// the finished state and its events, so the lab can count positions from it. `None`: no
    /// seat starts before another (simultaneous play, or solitaire). The default says nothing.
    fn starting_seat(&self, events: &[Self::Event]) -> Option<Seat> {
        let _ = events;
        None
    }

    /// The names of the cards this setup (player count and options) can deal, as the rules
    /// print them (`Bone 6`), distinct and in the game's own order: the catalogue that
    /// [`Game::card_facts`] indexes. The same for every state of one setup. The default: none,
    /// so a game opts in to the lab's card questions.
    fn card_names(&self) -> Vec<String> {
        Vec::new()
    }

    /// Which cards each seat was dealt and played in this finished game, read from the final
    /// state and every event of the game, as indices into [`Game::card_names`]. Called once per
    /// game by the lab, never in search. The default: `None` (no card questions).
    ///
    /// What a seat held over the game, and the deals whose events name no hands, come from
    /// [`Game::hands_now`] instead: the lab adds them to these facts.
    fn card_facts(&self, events: &[Self::Event]) -> Option<crate::CardFacts> {
        let _ = events;
        None
    }

    /// The cards in each seat's hand right after a step whose events were `caused`, and whether
    /// that step dealt them. The lab calls it after every step (action or chance outcome) of a
    /// game it studies, never in search: every card a seat's hand ever shows is a card it
    /// *held*, and the hands of a dealing step are also the cards it was *dealt*. Declare it
    /// where hands change after the deal (draws, takes, passes); a game whose hands change only
    /// by plays leaves it out, since held is then dealt. The default: `None`.
    fn hands_now(&self, caused: &[Self::Event]) -> Option<crate::HandsNow> {
        let _ = caused;
        None
    }

    /// The safety cap that ended this finished game, by the id of its option or rule
    /// (`round_limit`), or `None` when the rules' own ending did. A capped game was stopped,
    /// not finished: its length is the cap's, not the game's. The default: no cap.
    fn ended_by_cap(&self, events: &[Self::Event]) -> Option<&'static str> {
        let _ = events;
        None
    }
}

/// A plan found by a full-information [`Solver`]: the actions of the seat to act, in notation,
/// to the end of the game, and what the search proved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SolvedPlan {
    /// The seat's final score the plan reaches.
    pub score: i32,
    /// Turns the plan takes, as the game counts them.
    pub turns: u32,
    /// The actions, in notation ([`Game::parse_action`]), one seat's, to the end of the game.
    pub actions: Vec<String>,
    /// No plan reaches a better score.
    pub score_proven: bool,
    /// No plan reaches this score in fewer turns.
    pub turns_proven: bool,
    /// States the search examined.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: std::time::Duration,
    /// Which search found the plan (`exact` or `beam`, say).
    pub method: &'static str,
}

/// A full-information solver: from a state where one seat is to act (every chance event before
/// it drawn), the best plan it finds for that seat within about the time budget. Unlike a bot it
/// reads the whole state: it answers "what was possible with this deal", for puzzles.
pub type Solver<G> = fn(&G, std::time::Duration) -> SolvedPlan;
