//! Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, SO-ISMCTS).
//!
//! One tree is grown over the searching seat's information sets. Every iteration draws a fresh
//! determinization of the hidden state from the bot's [`Observation`] and walks the tree with
//! it. Where the game reads hands from play ([`Search::play_log_likelihood`]), the search first
//! draws a pool of determinizations (one per iteration, at most 4,096) and each iteration takes
//! one from the pool with probability proportional to its likelihood, so hidden cards lean to
//! where the others' play suggests they are ([`IsmctsConfig::read_play`]):
//!
//! 1. **Selection.** At each node the seat to act *in the determinization* (the bot or an
//!    opponent: single-observer ISMCTS) lists its legal actions. Only the child edges whose
//!    action is legal there are candidates; each such child's *availability* count goes up by
//!    one, and the child with the best UCB1 score `mean + c·sqrt(ln(availability) / visits)` is
//!    taken. Availability replaces the parent's visit count, so an action that is rarely legal
//!    (an opponent card present in few determinizations) is not over-explored.
//! 2. **Expansion.** If a legal action has no child yet, one such action (uniformly drawn) gets a
//!    new node, and the walk leaves the tree.
//! 3. **Playout.** Random legal actions ([`Search::playout_action`], uniform by default) to the
//!    end of the game, or to a cut-off after which [`Search::cutoff_value`] ranks the seats (see
//!    [`Playout`]). By default the game decides
//!    ([`Search::playout_rounds`]), so long multi-round games can stop after a round or two while
//!    the search itself stays generic.
//! 4. **Backpropagation.** Each node on the path adds the return of the seat that chose its
//!    edge.
//!
//! **Progressive bias** (where [`Search::progressive_bias`] or [`IsmctsConfig::progressive_bias`]
//! gives a weight `w > 0`): every legal action at a node gets its child at once, scored by
//! [`Search::action_prior`] for the mover (by default [`Search::evaluate`] right after the action);
//! unvisited children are tried best prior first, and UCB1 adds `w · prior / (visits + 1)` with
//! priors normalised to `[0, 1]` among the candidates. In a simultaneous block an opponent then
//! commits the action with the best `evaluate` right after it, without tree nodes: its commitment
//! depends on its sampled hand, so its edges would hardly recur.
//!
//! The tree walk stops at the playout cut-off too (nothing past it counts). [`Bot::choose`]
//! stops an iteration budget early once the most visited root action leads the next by more
//! than the iterations left, so the choice is that of the full budget.
//!
//! Chance nodes (a draw, a new deal) are not tree nodes: their outcome is drawn from the bot's
//! own [`GameRng`] with [`Game::sample_chance`] in each determinization. That matches the
//! original algorithm, where the determinization fixes the order of the stock in advance.
//!
//! **Simultaneous seats** ([`ToAct::Seats`] with several seats, secret commitments) are taken one
//! after another: the searching seat first when it is among them, then the others lowest seat
//! first. All commitments of one such block select their edges at the *same* tree node
//! (decoupled UCT): no seat's statistics are split by another's secret choice, so neither the bot
//! nor an opponent "sees" a commitment it could not see at the table. After the block the walk
//! continues below the edge of the first seat in that order (the bot's own commitment when it
//! takes part), so the other seats' commitments are folded into that subtree like chance. This
//! is an approximation: the order is arbitrary and the later nodes do not distinguish the
//! opponents' choices until the game reveals them.
//!
//! **Returns** lie in `[0, 1]`: `(1 − m)·win_share + m·margin`, where `win_share` is
//! [`Outcome::win_share`] (a tie among `k` winners gives `1/k` each) and `margin` places the
//! seat's final score between the worst (0) and best (1) score of the table, in the direction in
//! which the winners scored (so games where the lowest score wins are handled). `m` is
//! [`IsmctsConfig::margin_weight`] (0.1 by default): the win decides, the margin breaks ties
//! between equally winning lines (lose by less, win by more).
//!
//! In a **solitaire** (one seat) the seat always "wins", so the return is instead the final
//! [`Search::evaluate`] (which must then rank final positions, e.g. minus the score where the
//! lowest score is best), and UCB1 normalises means by the lowest and highest return seen in the
//! search. [`RootStat::mean`] is then that raw evaluation.
//!
//! The bot never touches the true state: it only calls [`Observation::determinize`] and
//! [`Observation::legal_actions`]. With an iteration budget it is deterministic for its seed
//! (its `GameRng` is derived by [`make_bot`](crate::make_bot) from the match seed and seat).
//!
//! Performance: the tree is an arena (`Vec` of nodes with child/sibling indices) kept between
//! decisions for its capacity; the action buffers are reused. Per iteration, the only
//! allocations are those the game makes itself (the determinized state, the final
//! [`Outcome`]).

use std::time::{Duration, Instant};

use parlour_core::{Game, GameRng, Outcome, Search, Seat, ToAct, evaluate_after};
use rand::Rng;

use crate::worlds::Worlds;
use crate::{Bot, Observation};

/// How long a search runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// A fixed number of iterations (determinizations): reproducible for a seed.
    Iterations(u32),
    /// Wall-clock time per decision, in milliseconds (at least one iteration runs). Not
    /// reproducible: the number of iterations depends on the machine.
    Millis(u64),
}

/// Where a random playout stops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Playout {
    /// As the game says ([`Search::playout_rounds`]): `Rounds(n)` when it names a count, else
    /// `Full`. The default.
    Game,
    /// To the end of the game; returns from the [`Outcome`].
    Full,
    /// Until `n` more rounds have begun than at the searched position ([`Game::round`]); `1`
    /// plays out the current round only. The seats are then ranked by [`Search::cutoff_value`].
    Rounds(u32),
    /// After `n` player actions; the seats are then ranked by [`Search::cutoff_value`].
    Steps(u32),
}

/// Settings of an [`IsmctsBot`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct IsmctsConfig {
    /// How long each decision searches.
    pub budget: Budget,
    /// UCB1 exploration constant `c` (returns lie in `[0, 1]`).
    pub exploration: f64,
    /// Weight of the normalised score margin in the returns (the rest is the win share).
    pub margin_weight: f64,
    /// Where playouts stop.
    pub playout: Playout,
    /// Progressive-bias weight: `None` takes the game's ([`Search::progressive_bias`]).
    pub progressive_bias: Option<f64>,
    /// Weigh determinizations by how the other seats played, where the game reads play
    /// ([`Search::play_log_likelihood`]); `false` counts every determinization alike.
    pub read_play: bool,
}

impl IsmctsConfig {
    /// Iterations of `ismcts:easy`.
    pub const EASY_ITERATIONS: u32 = 100;
    /// Iterations of `ismcts:medium` (also plain `ismcts`).
    pub const MEDIUM_ITERATIONS: u32 = 1_000;
    /// Iterations of `ismcts:hard`.
    pub const HARD_ITERATIONS: u32 = 4_000;
    /// Default UCB1 exploration constant: `0.7`, about `1/√2` for returns in `[0, 1]`.
    pub const DEFAULT_EXPLORATION: f64 = 0.7;
    /// Default weight of the score margin in the returns.
    pub const DEFAULT_MARGIN_WEIGHT: f64 = 0.1;

    /// Default constants and playouts ([`Playout::Game`]) with the given budget.
    #[must_use]
    pub const fn with_budget(budget: Budget) -> Self {
        IsmctsConfig {
            budget,
            exploration: Self::DEFAULT_EXPLORATION,
            margin_weight: Self::DEFAULT_MARGIN_WEIGHT,
            playout: Playout::Game,
            progressive_bias: None,
            read_play: true,
        }
    }

    /// `ismcts:easy`.
    #[must_use]
    pub const fn easy() -> Self {
        Self::with_budget(Budget::Iterations(Self::EASY_ITERATIONS))
    }

    /// `ismcts:medium`.
    #[must_use]
    pub const fn medium() -> Self {
        Self::with_budget(Budget::Iterations(Self::MEDIUM_ITERATIONS))
    }

    /// `ismcts:hard`.
    #[must_use]
    pub const fn hard() -> Self {
        Self::with_budget(Budget::Iterations(Self::HARD_ITERATIONS))
    }
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        Self::medium()
    }
}

/// No node (end of a child list).
const NONE: u32 = u32::MAX;
/// The root's index in the arena.
const ROOT: u32 = 0;
/// The search stops growing the tree at this many nodes (about 160 MB for small actions), so a
/// long time budget cannot exhaust memory.
const MAX_NODES: usize = 4_000_000;
/// Largest pool of weighed determinizations (one per iteration up to this many).
const MAX_POOL: usize = 4_096;
/// Pool of weighed determinizations under a time budget.
const TIMED_POOL: usize = 1_024;
/// A playout that has not ended after this many player actions is cut off and evaluated (a
/// guard; every game has its own limit well below).
const MAX_PLAYOUT_STEPS: u32 = 1_000_000;

/// One node of the tree: the edge into it (`seat` took `action`) and its statistics.
#[derive(Clone, Debug)]
struct Node<A> {
    /// The action on the edge from the parent (`None` at the root).
    action: Option<A>,
    /// The seat that took `action`; its returns are summed in `reward`.
    seat: Seat,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Visits of the parent in which `action` was legal (UCB1's `n` under ISMCTS).
    avail: u32,
    reward: f64,
    /// [`Search::action_prior`] of the edge for `seat`, in the determinization that created the
    /// node (only with progressive bias).
    prior: f64,
}

/// Statistics of one root action after a search, for analysis and tests.
#[derive(Clone, PartialEq, Debug)]
pub struct RootStat<A> {
    /// The action.
    pub action: A,
    /// Iterations that took it.
    pub visits: u32,
    /// Mean return of those iterations for the searching seat.
    pub mean: f64,
    /// With progressive bias, [`Search::action_prior`] of the action in the determinization that
    /// created its node; otherwise 0.
    pub prior: f64,
}

/// The search tree and the buffers reused by every iteration.
#[derive(Debug)]
struct Tree<A> {
    nodes: Vec<Node<A>>,
    /// Legal actions of the seat selecting at the current node.
    legal: Vec<A>,
    /// For each entry of `legal`, its child at the current node (or [`NONE`]).
    slot: Vec<u32>,
    /// Nodes of this iteration's walk, root first.
    path: Vec<u32>,
    /// Returns of this iteration, per seat.
    returns: Vec<f64>,
    /// Scratch values per seat (scores or evaluations) for the returns.
    values: Vec<f64>,
    /// Solitaire: returns are raw [`Search::evaluate`] values, normalised in UCB1 by the lowest
    /// and highest return seen in this search.
    solitaire: bool,
    /// Progressive-bias weight of the last iteration.
    bias: f64,
    lo: f64,
    hi: f64,
}

impl<A: Copy + Ord> Tree<A> {
    fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            legal: Vec::new(),
            slot: Vec::new(),
            path: Vec::new(),
            returns: Vec::new(),
            values: Vec::new(),
            solitaire: false,
            bias: 0.0,
            lo: f64::INFINITY,
            hi: f64::NEG_INFINITY,
        }
    }

    fn reset(&mut self, observer: Seat, players: u8) {
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            seat: observer,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            reward: 0.0,
            prior: 0.0,
        });
        self.returns.clear();
        self.returns.resize(usize::from(players), 0.0);
        self.values.clear();
        self.values.resize(usize::from(players), 0.0);
        self.solitaire = players == 1;
        self.lo = f64::INFINITY;
        self.hi = f64::NEG_INFINITY;
    }

    /// A node's mean return on the `[0, 1]` scale of UCB1.
    fn mean(&self, n: &Node<A>) -> f64 {
        let mean = n.reward / f64::from(n.visits.max(1));
        if !self.solitaire {
            mean
        } else if self.hi > self.lo {
            (mean - self.lo) / (self.hi - self.lo)
        } else {
            0.5
        }
    }

    /// Whether the most visited root action of `seat` leads the next by more than `left`
    /// visits.
    fn decided(&self, seat: Seat, left: u32) -> bool {
        let (mut first, mut second) = (0, 0);
        let mut c = self.nodes[ROOT as usize].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.seat == seat {
                if n.visits > first {
                    second = first;
                    first = n.visits;
                } else if n.visits > second {
                    second = n.visits;
                }
            }
            c = n.next_sibling;
        }
        first - second > left
    }

    /// Appends a child of `node` for `action` by `seat`.
    fn push_child(&mut self, node: u32, action: A, seat: Seat, prior: f64) -> u32 {
        let id = u32::try_from(self.nodes.len()).expect("node count is capped below u32::MAX");
        let parent = &mut self.nodes[node as usize];
        let sibling = parent.first_child;
        parent.first_child = id;
        self.nodes.push(Node {
            action: Some(action),
            seat,
            first_child: NONE,
            next_sibling: sibling,
            visits: 0,
            avail: 1,
            reward: 0.0,
            prior,
        });
        id
    }

    /// Picks (selecting or expanding) the edge of `seat` at `node` in the determinization
    /// `state`. Returns the child and whether it is new (unvisited: the walk leaves the tree).
    fn select<G: Search<Action = A>>(
        &mut self,
        node: u32,
        state: &G,
        seat: Seat,
        exploration: f64,
        bias: f64,
        rng: &mut GameRng,
    ) -> Option<(u32, bool)> {
        state.legal_actions(seat, &mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        self.slot.clear();
        self.slot.resize(self.legal.len(), NONE);
        let mut c = self.nodes[node as usize].first_child;
        let mut untried = self.legal.len();
        while c != NONE {
            let child = &mut self.nodes[c as usize];
            let available = child
                .action
                .filter(|_| child.seat == seat)
                .and_then(|a| self.legal.binary_search(&a).ok());
            if let Some(i) = available {
                self.slot[i] = c;
                child.avail += 1;
                untried -= 1;
            }
            c = child.next_sibling;
        }
        if bias > 0.0 {
            return self.select_biased(node, state, seat, exploration, bias, untried);
        }
        if untried > 0 && self.nodes.len() < MAX_NODES {
            let k = rng.random_range(0..untried);
            let i = self
                .slot
                .iter()
                .enumerate()
                .filter(|(_, s)| **s == NONE)
                .nth(k)
                .map(|(i, _)| i)
                .expect("k is below the number of untried actions");
            let id = self.push_child(node, self.legal[i], seat, 0.0);
            return Some((id, true));
        }
        if untried > 0 {
            // Tree full: an untried action is played without a node (the walk ends here).
            return None;
        }
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for &c in &self.slot {
            let n = &self.nodes[c as usize];
            let score = if n.visits == 0 {
                f64::INFINITY
            } else {
                let visits = f64::from(n.visits);
                self.mean(n) + exploration * (f64::from(n.avail).ln() / visits).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        Some((best, false))
    }

    /// The legal action of `seat` with the best [`Search::evaluate`] right after it (the first
    /// on ties).
    fn best_evaluated<G: Search<Action = A>>(&mut self, state: &G, seat: Seat) -> A {
        state.legal_actions(seat, &mut self.legal);
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for &action in &self.legal {
            let value = evaluate_after(state, seat, action);
            if best.is_none() || value > best_value {
                best = Some(action);
                best_value = value;
            }
        }
        best.expect("a seat to act has a legal action")
    }

    /// [`Tree::select`] with progressive bias: every legal action gets its node at once,
    /// scored by [`Search::action_prior`]; unvisited nodes are tried best prior first, then UCB1 plus
    /// `bias · prior / (visits + 1)` with priors normalised among the candidates.
    fn select_biased<G: Search<Action = A>>(
        &mut self,
        node: u32,
        state: &G,
        seat: Seat,
        exploration: f64,
        bias: f64,
        untried: usize,
    ) -> Option<(u32, bool)> {
        if untried > 0 {
            if self.nodes.len() + untried > MAX_NODES {
                return None;
            }
            for i in 0..self.legal.len() {
                if self.slot[i] == NONE {
                    let action = self.legal[i];
                    let prior = state.action_prior(seat, action);
                    self.slot[i] = self.push_child(node, action, seat, prior);
                }
            }
        }
        let (lo, hi) = self
            .slot
            .iter()
            .map(|&c| self.nodes[c as usize].prior)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                (lo.min(p), hi.max(p))
            });
        let span = if hi > lo && hi.is_finite() && lo.is_finite() {
            hi - lo
        } else {
            f64::INFINITY
        };
        // Unvisited edges first, best prior first.
        let mut fresh = NONE;
        for &c in &self.slot {
            let n = &self.nodes[c as usize];
            if n.visits == 0 && (fresh == NONE || n.prior > self.nodes[fresh as usize].prior) {
                fresh = c;
            }
        }
        if fresh != NONE {
            return Some((fresh, true));
        }
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for &c in &self.slot {
            let n = &self.nodes[c as usize];
            let prior = if span.is_finite() {
                (n.prior - lo) / span
            } else {
                0.5
            };
            let visits = f64::from(n.visits);
            let score = self.mean(n)
                + exploration * (f64::from(n.avail).ln() / visits).sqrt()
                + bias * prior / (visits + 1.0);
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        Some((best, false))
    }
}

/// The SO-ISMCTS bot (the search is described in `docs/bots.md`).
pub struct IsmctsBot<G: Game> {
    name: String,
    config: IsmctsConfig,
    rng: GameRng,
    search: Tree<G::Action>,
    worlds: Worlds<G>,
    iterations_done: u64,
}

impl<G: Search> IsmctsBot<G> {
    /// A bot named `name` (as on the command line) searching with `config`, drawing
    /// determinizations, chance outcomes and playout moves from `rng`.
    #[must_use]
    pub fn new(name: impl Into<String>, config: IsmctsConfig, rng: GameRng) -> Self {
        IsmctsBot {
            name: name.into(),
            config,
            rng,
            search: Tree::new(),
            worlds: Worlds::new(),
            iterations_done: 0,
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &IsmctsConfig {
        &self.config
    }

    /// Iterations run over the bot's life (for iterations-per-second measurements).
    #[must_use]
    pub fn iterations_done(&self) -> u64 {
        self.iterations_done
    }

    /// Searches from `obs` and returns the root statistics of the seat's legal actions, in
    /// canonical action order (actions never tried have 0 visits). Runs the full budget even
    /// when only one action is legal.
    ///
    /// # Panics
    /// If the seat has no legal action, or the game breaks its contract (a listed action or a
    /// sampled chance outcome is rejected).
    pub fn analyse(&mut self, obs: &Observation<'_, G>) -> Vec<RootStat<G::Action>> {
        self.search_root(obs, false)
    }

    fn search_root(
        &mut self,
        obs: &Observation<'_, G>,
        decisive: bool,
    ) -> Vec<RootStat<G::Action>> {
        let mut legal = Vec::new();
        obs.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "asked to act with no legal action");
        self.run(obs, decisive);
        let seat = obs.seat();
        legal
            .iter()
            .map(|&a| {
                let mut c = self.search.nodes[ROOT as usize].first_child;
                while c != NONE {
                    let n = &self.search.nodes[c as usize];
                    if n.seat == seat && n.action == Some(a) {
                        return RootStat {
                            action: a,
                            visits: n.visits,
                            mean: if n.visits == 0 {
                                0.0
                            } else {
                                n.reward / f64::from(n.visits)
                            },
                            prior: n.prior,
                        };
                    }
                    c = n.next_sibling;
                }
                RootStat {
                    action: a,
                    visits: 0,
                    mean: 0.0,
                    prior: 0.0,
                }
            })
            .collect()
    }

    /// Runs the budget. With `decisive`, an iteration budget stops early once no other root
    /// action can overtake the most visited one in the iterations left: the choice is then
    /// the same as after the full budget, and still reproducible.
    fn run(&mut self, obs: &Observation<'_, G>, decisive: bool) {
        let start = Instant::now();
        self.search.reset(obs.seat(), obs.players());
        // Under a time budget the pool takes at most half of it.
        let (pool, until) = match self.config.budget {
            Budget::Iterations(n) => ((n as usize).clamp(1, MAX_POOL), None),
            Budget::Millis(ms) => (TIMED_POOL, Some(start + Duration::from_millis(ms) / 2)),
        };
        self.worlds
            .prepare(obs, &mut self.rng, pool, self.config.read_play, until);
        match self.config.budget {
            Budget::Iterations(n) => {
                let n = n.max(1);
                for i in 1..=n {
                    if !self.iterate(obs) {
                        break;
                    }
                    if decisive && i % 32 == 0 && self.search.decided(obs.seat(), n - i) {
                        break;
                    }
                }
            }
            Budget::Millis(ms) => {
                let deadline = start + Duration::from_millis(ms);
                loop {
                    if !self.iterate(obs) || Instant::now() >= deadline {
                        break;
                    }
                }
            }
        }
        self.worlds.release();
    }

    /// One iteration; `false` once the tree is full.
    fn iterate(&mut self, obs: &Observation<'_, G>) -> bool {
        if self.search.nodes.len() >= MAX_NODES {
            return false;
        }
        self.iterations_done += 1;
        let observer = obs.seat();
        let c = self.config.exploration;
        let rng = &mut self.rng;
        let search = &mut self.search;
        let mut state = self.worlds.next(obs, rng);
        let root_round = state.round();
        let bias = self
            .config
            .progressive_bias
            .unwrap_or_else(|| state.progressive_bias());
        search.bias = bias;
        let cutoff = match self.config.playout {
            Playout::Game => state
                .playout_rounds()
                .map_or(Playout::Full, Playout::Rounds),
            other => other,
        };
        search.path.clear();
        search.path.push(ROOT);
        let mut node = ROOT;
        let mut left_tree = false;
        // Selection and expansion.
        while !left_tree {
            // Nothing beyond the playout's cut-off counts, so the tree stops there too.
            if let Playout::Rounds(n) = cutoff
                && state.round() >= root_round.saturating_add(n)
            {
                break;
            }
            match state.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let chance = state.sample_chance(rng);
                    state
                        .apply_chance(chance, &mut ())
                        .expect("a sampled chance outcome applies");
                }
                ToAct::Seats(seats) => {
                    // The walk continues below the first seat's edge of a simultaneous block.
                    let block = node;
                    let mut next = NONE;
                    let first = if seats.contains(observer) {
                        Some(observer)
                    } else {
                        seats.first()
                    };
                    let order = first
                        .into_iter()
                        .chain(seats.iter().filter(move |s| Some(*s) != first));
                    for seat in order {
                        if !state.to_act().seats().contains(seat) {
                            continue;
                        }
                        if bias > 0.0 && seats.len() > 1 && seat != observer {
                            // An opponent's secret commitment depends on its sampled hand, so
                            // its edges would hardly ever recur: it commits as `evaluate`
                            // advises instead, without nodes.
                            let action = search.best_evaluated(&state, seat);
                            state
                                .apply(seat, action, &mut ())
                                .expect("a listed legal action applies");
                            continue;
                        }
                        let Some((child, new)) = search.select(block, &state, seat, c, bias, rng)
                        else {
                            left_tree = true;
                            break;
                        };
                        let action = search.nodes[child as usize]
                            .action
                            .expect("a child node has an action");
                        state
                            .apply(seat, action, &mut ())
                            .expect("a listed legal action applies");
                        search.path.push(child);
                        left_tree |= new;
                        if next == NONE {
                            next = child;
                        }
                    }
                    if next == NONE {
                        break;
                    }
                    node = next;
                }
            }
        }
        // Playout, then backpropagation.
        playout(
            &mut state,
            rng,
            &mut search.legal,
            cutoff,
            root_round,
            self.config.margin_weight,
            &mut search.values,
            &mut search.returns,
        );
        if search.solitaire {
            search.lo = search.lo.min(search.returns[0]);
            search.hi = search.hi.max(search.returns[0]);
        }
        for &n in &search.path {
            let node = &mut search.nodes[n as usize];
            node.visits += 1;
            node.reward += search.returns[node.seat.index()];
        }
        true
    }
}

/// Plays `state` on with the game's playout actions until the end or the cut-off, then fills
/// `returns`.
#[allow(clippy::too_many_arguments)]
fn playout<G: Search>(
    state: &mut G,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
    cutoff: Playout,
    root_round: u32,
    margin_weight: f64,
    values: &mut [f64],
    returns: &mut [f64],
) {
    let mut steps = 0u32;
    loop {
        let to_act = state.to_act();
        if state.players() == 1 && (to_act == ToAct::Terminal || steps >= MAX_PLAYOUT_STEPS) {
            // A solitaire's one seat always "wins": its evaluation (the final score, higher is
            // better) is the return.
            returns[0] = state.evaluate(Seat(0));
            return;
        }
        if to_act == ToAct::Terminal {
            match state.outcome() {
                Some(outcome) => outcome_returns(&outcome, margin_weight, values, returns),
                None => returns.fill(0.0),
            }
            return;
        }
        let cut = match cutoff {
            Playout::Full | Playout::Game => false,
            Playout::Rounds(n) => state.round() >= root_round.saturating_add(n),
            Playout::Steps(n) => steps >= n,
        };
        if cut && state.players() == 1 {
            returns[0] = state.evaluate(Seat(0));
            return;
        }
        if cut || steps >= MAX_PLAYOUT_STEPS {
            evaluate_returns(state, margin_weight, values, returns);
            return;
        }
        match to_act {
            ToAct::Chance => {
                let chance = state.sample_chance(rng);
                state
                    .apply_chance(chance, &mut ())
                    .expect("a sampled chance outcome applies");
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a player node names a seat");
                state.legal_actions(seat, buf);
                assert!(!buf.is_empty(), "seat {seat} to act has no legal action");
                let a = state.playout_action(seat, buf, rng);
                state
                    .apply(seat, a, &mut ())
                    .expect("a listed legal action applies");
                steps += 1;
            }
            ToAct::Terminal => unreachable!("handled above"),
        }
    }
}

/// Returns from a finished game: win share blended with the score margin.
fn outcome_returns(outcome: &Outcome, margin_weight: f64, values: &mut [f64], returns: &mut [f64]) {
    for (v, s) in values.iter_mut().zip(&outcome.scores) {
        *v = f64::from(*s);
    }
    let (lo, hi) = min_max(values);
    // The direction in which the winners scored: highest wins, lowest wins, or neither.
    let direction = match outcome.winners.first() {
        Some(w) if values[w.index()] >= hi && hi > lo => 1.0,
        Some(w) if values[w.index()] <= lo && hi > lo => -1.0,
        _ => 0.0,
    };
    for (i, r) in returns.iter_mut().enumerate() {
        let seat = Seat(u8::try_from(i).expect("at most 16 seats"));
        let margin = margin01(values[i], lo, hi, direction);
        *r = (1.0 - margin_weight) * outcome.win_share(seat) + margin_weight * margin;
    }
}

/// Returns at a cut-off: the seats with the best [`Search::cutoff_value`] share the "win", blended
/// with the margin on those values.
fn evaluate_returns<G: Search>(
    state: &G,
    margin_weight: f64,
    values: &mut [f64],
    returns: &mut [f64],
) {
    for (i, v) in values.iter_mut().enumerate() {
        *v = state.cutoff_value(Seat(u8::try_from(i).expect("at most 16 seats")));
    }
    let (lo, hi) = min_max(values);
    #[allow(clippy::float_cmp)] // exact ties of the same evaluation share the win
    let best = values.iter().filter(|v| **v == hi).count() as f64;
    for (i, r) in returns.iter_mut().enumerate() {
        #[allow(clippy::float_cmp)]
        let share = if values[i] == hi { 1.0 / best } else { 0.0 };
        *r = (1.0 - margin_weight) * share + margin_weight * margin01(values[i], lo, hi, 1.0);
    }
}

fn min_max(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(*v), hi.max(*v))
        })
}

/// Where `v` lies between the worst (0) and the best (1) value; 0.5 when all are equal or the
/// direction is unknown.
fn margin01(v: f64, lo: f64, hi: f64, direction: f64) -> f64 {
    if hi <= lo || direction == 0.0 || !v.is_finite() {
        0.5
    } else if direction > 0.0 {
        (v - lo) / (hi - lo)
    } else {
        (hi - v) / (hi - lo)
    }
}

impl<G: Search> Bot<G> for IsmctsBot<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, obs: &Observation<'_, G>) -> G::Action {
        let mut legal = Vec::new();
        obs.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "asked to act with no legal action");
        if legal.len() == 1 {
            return legal[0];
        }
        let stats = self.search_root(obs, true);
        // Most visited; ties by mean return plus the progressive bias (as in selection, so a
        // budget too small to revisit actions still follows the prior), then canonical order.
        let bias = self.search.bias;
        let (lo, hi) = min_max(&stats.iter().map(|s| s.prior).collect::<Vec<_>>());
        let tie = |s: &RootStat<G::Action>| {
            let prior = if hi > lo {
                (s.prior - lo) / (hi - lo)
            } else {
                0.0
            };
            s.mean + bias * prior / (f64::from(s.visits) + 1.0)
        };
        let mut best = &stats[0];
        for s in &stats[1..] {
            if s.visits > best.visits || (s.visits == best.visits && tie(s) > tie(best)) {
                best = s;
            }
        }
        best.action
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::SeatSet;

    use super::*;

    fn outcome(scores: Vec<i32>, winners: &[u8]) -> Outcome {
        Outcome {
            scores,
            winners: winners.iter().map(|s| Seat(*s)).collect::<SeatSet>(),
        }
    }

    #[test]
    fn returns_are_win_share_plus_margin() {
        let mut values = vec![0.0; 3];
        let mut r = vec![0.0; 3];
        outcome_returns(&outcome(vec![10, 30, 20], &[1]), 0.1, &mut values, &mut r);
        assert!((r[1] - 1.0).abs() < 1e-12);
        assert!((r[0] - 0.0).abs() < 1e-12);
        assert!((r[2] - 0.05).abs() < 1e-12);
    }

    #[test]
    fn tied_winners_share_and_lowest_wins_is_detected() {
        let mut values = vec![0.0; 3];
        let mut r = vec![0.0; 3];
        outcome_returns(&outcome(vec![5, 5, 12], &[0, 1]), 0.0, &mut values, &mut r);
        assert!((r[0] - 0.5).abs() < 1e-12 && (r[1] - 0.5).abs() < 1e-12);
        outcome_returns(&outcome(vec![5, 8, 12], &[0]), 1.0, &mut values, &mut r);
        // Lowest wins: seat 0 has the best margin, seat 2 the worst.
        assert!((r[0] - 1.0).abs() < 1e-12);
        assert!(r[2].abs() < 1e-12);
    }
}
