use std::collections::BTreeMap;
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

/// A game-specific way to choose `seat`'s action from a state (see [`Game::policy`]).
pub type Policy<G> = fn(&G, Seat, &mut GameRng) -> <G as Game>::Action;

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
    /// the same in the result. Must never fail.
    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self;

    /// Whether nothing but how many hidden cards each place holds (a hand, the stock)
    /// constrains where the cards `observer` cannot see are: no void shown, no card passed or
    /// glimpsed, so every arrangement with those counts is equally likely given what `observer`
    /// knows. At such positions the conformance suite checks that [`Game::sample_consistent`]
    /// spreads the hidden cards uniformly over the places. The default, `false`, declares no
    /// such position; a wrong `true` makes the suite fail, never pass.
    fn hidden_placement_is_free(&self, observer: Seat) -> bool {
        let _ = observer;
        false
    }

    /// Where each card hidden from `observer` lies now, as `(card id, place)` pairs with the
    /// places named as the game likes (`"hand 2"`, `"stock"`, `"seat b3"`); the conformance
    /// suite compares them between the true state and its determinizations. `None` (the
    /// default) lets the suite name a place by the other seats whose views show the card (a
    /// hand, or nobody for the stock), which is enough where hidden cards differ by holder, but
    /// cannot see where a card lies within one place (the seats of a one-player board, say).
    fn hidden_places(&self, observer: Seat) -> Option<Vec<(String, String)>> {
        let _ = observer;
        None
    }

    /// Ids of the cards hidden from `observer` (a subset of [`Game::secrets`]) whose place
    /// `observer` has deduced from what it saw: every state consistent with its knowledge has
    /// each of them where it truly is (a card it traded away that can only be in one hand, say).
    /// [`Game::sample_consistent`] must then keep them there. The conformance suite checks that
    /// every determinization does, and asks only the other hidden cards to move. Deductions
    /// must come from `observer`'s view and the public history alone, never from the true
    /// hidden cards; a game that declares any should prove that by its own tests. The default
    /// declares none. A card listed here that is not truly fixed makes the suite fail where a
    /// sampler moves it; listing cards the sampler moves is never a way to pass.
    fn deduced_cards(&self, observer: Seat) -> Vec<String> {
        let _ = observer;
        Vec::new()
    }

    /// For a determinization drawn for `observer`: the log-likelihood of the other seats' public
    /// plays had they held the hidden cards of this state, under the game's model of sensible
    /// play. A search weighs its determinizations by it, so hidden cards lean to where the
    /// others' play suggests they are (reading hands). It must read only the public history and
    /// this state's hidden cards, which in a determinization are drawn, never true. `None` (the
    /// default): the game reads nothing from play and every determinization counts alike.
    fn play_log_likelihood(&self, observer: Seat) -> Option<f64> {
        let _ = observer;
        None
    }

    /// A heuristic value of the position for `seat`, higher is better; used by the greedy bot
    /// (one-ply lookahead) and, by default, at a playout cut-off ([`Game::cutoff_value`]). Must
    /// read only what `seat` may know. Finished and unfinished positions share one scale: a
    /// game still in play must not rank below the seat's loss (nor above its win), or the greedy
    /// bot ends games it could still win.
    fn evaluate(&self, seat: Seat) -> f64;

    /// The value of a position for `seat` where an ISMCTS playout is cut off
    /// ([`Game::playout_rounds`]): the seats with the highest value share the playout's "win",
    /// and its margin is taken on the values (a solitaire's cut-off keeps [`Game::evaluate`]).
    /// The default is [`Game::evaluate`]. Games override it where the win condition itself
    /// ranks cut positions better than the greedy bot's one-ply heuristic does (the greedy bot
    /// keeps its heuristic). Must read only what `seat` may know (in a determinization, the
    /// sampled hidden cards are fair to read).
    fn cutoff_value(&self, seat: Seat) -> f64 {
        self.evaluate(seat)
    }

    /// Where the ISMCTS bot's playouts stop by default: `Some(n)` cuts a playout once
    /// `n` more rounds (as counted by [`Game::round`]) have begun than at the searched position
    /// and scores the cut position with [`Game::cutoff_value`]; `None` (the default) plays to the
    /// end. Games override it where random play to the end is noise (long multi-round games),
    /// and then need a `cutoff_value` that ranks the seats fairly at the start of a round
    /// (cumulative scores, say). It may depend on the options; the bot reads it from each
    /// determinization.
    fn playout_rounds(&self) -> Option<u32> {
        None
    }

    /// The action the ISMCTS bot's playouts take for `seat` from `legal` (its legal actions
    /// here, never empty). The default draws one uniformly with one `rng` draw. Games override
    /// it where uniform play is mostly noise that no player would make (harming oneself at no
    /// gain, say); the choice must stay random enough to cover the actions players do take,
    /// and read only what `seat` may know.
    fn playout_action(
        &self,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> Self::Action {
        use rand::Rng;
        let _ = seat;
        legal[rng.random_range(0..legal.len())]
    }

    /// How strongly the ISMCTS bot's tree trusts [`Game::evaluate`] before its own statistics
    /// (progressive bias): `0.0` (the default) ignores it. With a weight `w > 0`, each new tree
    /// node is scored once by `evaluate` for the seat that moved, and the search adds
    /// `w · prior / (visits + 1)` to that edge's UCB score (`prior` normalised to `[0, 1]` among
    /// its siblings), and tries unvisited edges best prior first. Games override it where a
    /// decision has many options that random returns barely tell apart (a subset to commit,
    /// say) and `evaluate` right after the move is a good guide.
    fn progressive_bias(&self) -> f64 {
        0.0
    }

    /// How promising `action` looks for `seat` here (higher is better): the prior of the ISMCTS
    /// bot's progressive bias ([`Game::progressive_bias`]), taken once per new tree edge. The
    /// default is [`Game::evaluate`] right after the action. Games override it where an action's
    /// worth reaches past the position right after it (cards kept for later rounds, say) and a
    /// costlier estimate pays (it is not used in playouts, nor for an opponent's secret
    /// commitment, which the bot takes as the best by `evaluate`). Must read only
    /// what `seat` may know (in a determinization, the sampled hidden cards are fair to read).
    fn action_prior(&self, seat: Seat, action: Self::Action) -> f64 {
        evaluate_after(self, seat, action)
    }

    /// A game-specific policy by name (`solver`, say), for the bot factory. The bot calls it on a
    /// determinization drawn from the seat's view, so it cannot read hidden cards.
    fn policy(name: &str) -> Option<Policy<Self>> {
        let _ = name;
        None
    }

    /// What the balance lab reports about this finished game beyond scores and length: the
    /// numbers that matter for this game (tricks per hand, how hands end, bust rates), computed
    /// from the final state and every event of the game. The same ids, in the same order, for
    /// every game of one setup. The default reports nothing.
    fn metrics(&self, events: &[Self::Event]) -> Vec<crate::Metric> {
        let _ = events;
        Vec::new()
    }

    /// Checks the state's invariants (every card in exactly one place, counts in range).
    ///
    /// # Errors
    /// A description of the first broken invariant.
    fn check_invariants(&self) -> Result<(), String>;

    /// Ids of the cards (or other secrets) `viewer` must not see now; a view test asserts none of
    /// them appear in that viewer's view.
    fn secrets(&self, viewer: Option<Seat>) -> Vec<String>;

    /// Whether `seat` taking `action` here may, by the rules, show `observer` something that
    /// depends on cards hidden from `observer` before it (a card drawn into its own hand, a
    /// window that opens only if another seat holds a card). The same action taken in two states
    /// `observer` cannot tell apart must leave them indistinguishable to it, except where this
    /// names a reveal; the conformance suite checks it. The default names none.
    fn reveals_to(&self, seat: Seat, action: Self::Action, observer: Seat) -> bool {
        let _ = (seat, action, observer);
        false
    }
}

/// [`Game::evaluate`] for `seat` right after it takes `action` on a copy of `state` (a one-ply
/// look-ahead).
///
/// # Panics
/// If `action` is not legal for `seat` in `state`.
pub fn evaluate_after<G: Game>(state: &G, seat: Seat, action: G::Action) -> f64 {
    let mut next = state.clone();
    next.apply(seat, action, &mut ())
        .expect("a legal action applies");
    next.evaluate(seat)
}

/// Whether `seat` taking `action` shows `observer` a card it could not see before, other than
/// one the action's own text names: fewer cards of some id are among `observer`'s
/// [`Game::secrets`] after the action (a card drawn into its hand, a card turned face up, a
/// pool shown, the copy of a card that a discard names only by its name). A card the action
/// names is shown alike in every world, so it is no reveal. A building block for [`Game::reveals_to`]. An illegal action reveals
/// nothing.
pub fn shows_hidden_card<G: Game>(
    state: &G,
    seat: Seat,
    action: G::Action,
    observer: Seat,
) -> bool {
    let mut next = state.clone();
    if next.apply(seat, action, &mut ()).is_err() {
        return false;
    }
    // Ids may repeat (three cards called `yellow-sign`): compare how many of each stay hidden.
    let mut hidden: BTreeMap<String, i32> = BTreeMap::new();
    for id in state.secrets(Some(observer)) {
        *hidden.entry(id).or_default() += 1;
    }
    for id in next.secrets(Some(observer)) {
        *hidden.entry(id).or_default() -= 1;
    }
    let text = state.action_text(action);
    let named: Vec<&str> = crate::words(&text).collect();
    hidden
        .iter()
        .any(|(id, &fewer)| fewer > 0 && !named.contains(&id.as_str()))
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
