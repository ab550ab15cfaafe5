//! Solvers (spec §12).
//!
//! * [`solve`]: full information (every identity known, e.g. the dealt layout of a record).
//!   A move is a whole turn; Jester activations that shuffle two or more cards are left out
//!   (their outcome is random). [`solve_exact`] is a breadth-first search over turns with a
//!   transposition table on the encoded board (cards and facings); the first depth holding a
//!   score-0 state gives the fewest-turn perfect plan, and a search that exhausts the reachable
//!   set proves the best score. Where the limits stop it, [`solve_beam`] (a beam search over
//!   turns ordered by a misplaced-count heuristic) looks further for a better plan.
//!   The answer is a [`Plan`]: action texts that a record replays from the given state.
//! * [`solver_policy`]: plays from the player's view only. For each legal action it averages,
//!   over determinizations drawn with `sample_consistent`, the best value reachable by the end
//!   of the current turn, valued by the expected misplaced count under the player's knowledge
//!   (so a plan that relies on a hidden card's identity gains nothing).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::{Duration, Instant};

use parlour_core::{Game, GameRng, Seat, ToAct};

use crate::action::Action;
use crate::card::{VIZIER, bit};
use crate::phase::Phase;
use crate::scoring::EndReason;
use crate::state::State;

/// Budgets of the full-information search.
#[derive(Clone, Debug)]
pub struct SolveLimits {
    /// Most distinct turn-start states the exact search keeps.
    pub max_nodes: usize,
    /// Most turns searched.
    pub max_depth: u32,
    /// Wall-clock budget of the exact search (the beam search gets as much again).
    pub time_limit: Duration,
    /// States kept per depth by the beam search (0 = no beam search).
    pub beam_width: usize,
    /// The beam's value of a face-up card, in hundredths of a misplaced seat.
    pub beam_mobility: i64,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits {
            max_nodes: 2_000_000,
            max_depth: 40,
            time_limit: Duration::from_secs(20),
            beam_width: 300,
            beam_mobility: 30,
        }
    }
}

/// A full-information plan.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Plan {
    /// The final score the plan reaches.
    pub score: i32,
    /// Turns the plan takes.
    pub turns: u32,
    /// The actions, in notation, from the given state to the end of the game.
    pub actions: Vec<String>,
    /// The score is the best possible (0, or the search covered every reachable state).
    pub score_proven: bool,
    /// No plan reaches this score in fewer turns (found by the breadth-first search).
    pub turns_proven: bool,
    /// Turn-start states examined.
    pub nodes: usize,
    /// Time taken.
    pub elapsed: Duration,
    /// `exact` or `beam`: which search found the plan.
    pub method: &'static str,
}

/// A fast non-cryptographic hasher for the search tables (multiply-rotate, as in rustc's Fx).
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// Encodes a turn-start or final board: 5 bits of card per seat and a face-up bit per seat.
fn key(st: &State) -> u128 {
    let n = st.n();
    let mut k: u128 = 0;
    for s in 0..n {
        let c = st.board[s];
        k |= u128::from(c) << (5 * s);
        if st.up & bit(c) != 0 {
            k |= 1u128 << (90 + s);
        }
    }
    k
}

/// The turn-start state with board `k`, `turns` turns completed (every card known).
fn from_key(template: &State, k: u128, turns: u32) -> State {
    let mut st = template.clone();
    st.up = 0;
    for s in 0..st.n() {
        let c = ((k >> (5 * s)) & 31) as u8;
        st.board[s] = c;
        st.pos[usize::from(c)] = s as u8;
        if k & (1u128 << (90 + s)) != 0 {
            st.up |= bit(c);
        }
    }
    st.known = st.in_play;
    st.stack.clear();
    st.phase = Phase::TurnStart;
    st.active = 0;
    st.turns = turns;
    st.end = None;
    st
}

fn mid_hash(st: &State) -> u64 {
    let mut h = FastHasher::default();
    let n = st.n();
    let mut packed = 0u128;
    for s in 0..n {
        packed |= u128::from(st.board[s]) << (5 * s);
    }
    h.write_u128(packed);
    st.up.hash(&mut h);
    st.stack.hash(&mut h);
    st.phase.hash(&mut h);
    st.active.hash(&mut h);
    st.reacted.hash(&mut h);
    h.finish()
}

/// Calls `f` with every distinct way the current turn can end from `st` (a turn-start or
/// mid-turn state), and the actions leading there: the state is at the next turn start or over.
/// Jester shuffles of two or more cards (chance) are not followed. Starting at a turn start,
/// only activations are tried (ending the game is not a turn).
pub fn for_each_turn(st: &State, mut f: impl FnMut(&State, &[Action])) {
    let mut seen = FastSet::default();
    let mut path = Vec::new();
    let mut bufs = Vec::new();
    if st.phase == Phase::TurnStart {
        let mut legal = Vec::new();
        st.legal_actions(Seat(0), &mut legal);
        for a in legal {
            if a == Action::EndGame {
                continue;
            }
            let mut s = st.clone();
            s.apply_unchecked(a, &mut ());
            path.push(a);
            dfs(&s, &mut path, &mut seen, &mut bufs, &mut f);
            path.pop();
        }
    } else {
        dfs(st, &mut path, &mut seen, &mut bufs, &mut f);
    }
}

fn dfs(
    st: &State,
    path: &mut Vec<Action>,
    seen: &mut FastSet<u64>,
    bufs: &mut Vec<Vec<Action>>,
    f: &mut impl FnMut(&State, &[Action]),
) {
    match st.phase {
        Phase::TurnStart | Phase::Over => {
            f(st, path);
            return;
        }
        Phase::Deal => return,
        _ => {}
    }
    if st.to_act() == ToAct::Chance {
        return;
    }
    if !seen.insert(mid_hash(st)) {
        return;
    }
    let mut legal = bufs.pop().unwrap_or_default();
    st.legal_actions(Seat(0), &mut legal);
    for &a in &legal {
        let mut s = st.clone();
        s.apply_unchecked(a, &mut ());
        path.push(a);
        dfs(&s, path, seen, bufs, f);
        path.pop();
    }
    bufs.push(legal);
}

#[derive(Clone, Copy)]
struct Node {
    key: u128,
    parent: u32,
    depth: u32,
    /// Score if the game stops here (declared, or the final score of a terminal node).
    score: i32,
    terminal: bool,
}

struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    /// The actions from the root to node `i`, and `end` when the game must be declared.
    fn plan(&self, root: &State, i: usize) -> Vec<String> {
        let mut chain = vec![i];
        let mut cur = i;
        while cur != 0 {
            cur = self.nodes[cur].parent as usize;
            chain.push(cur);
        }
        chain.reverse();
        let mut out = Vec::new();
        let mut st = root.clone();
        for w in chain.windows(2) {
            let want = self.nodes[w[1]];
            let mut found: Option<(Vec<Action>, State)> = None;
            for_each_turn(&st, |s, path| {
                if found.is_none()
                    && key(s) == want.key
                    && (s.phase == Phase::Over) == want.terminal
                {
                    found = Some((path.to_vec(), s.clone()));
                }
            });
            let (path, next) = found.expect("a stored child is reachable from its parent");
            out.extend(path.iter().map(|&a| st.action_text(a)));
            st = next;
        }
        if st.phase == Phase::TurnStart {
            out.push("end".into());
        }
        out
    }
}

fn stop_score(st: &State) -> i32 {
    if st.phase == Phase::Over {
        st.final_score()
    } else {
        st.misplaced() as i32
    }
}

fn prepare_root(state: &State) -> Option<State> {
    match state.phase {
        Phase::Over => None,
        Phase::Deal => None,
        _ if state.to_act() == ToAct::Chance => None,
        _ => {
            let mut root = state.clone();
            root.known = root.in_play;
            Some(root)
        }
    }
}

fn trivial_plan(state: &State, start: Instant) -> Plan {
    Plan {
        score: state.final_score(),
        turns: 0,
        actions: Vec::new(),
        score_proven: true,
        turns_proven: true,
        nodes: 0,
        elapsed: start.elapsed(),
        method: "exact",
    }
}

/// Exact breadth-first search over turns (full information).
///
/// The plan minimises (score, turns) lexicographically when `score_proven` and `turns_proven`
/// are both set; otherwise it is the best found within `limits`.
#[must_use]
pub fn solve_exact(state: &State, limits: &SolveLimits) -> Plan {
    let start = Instant::now();
    let Some(root) = prepare_root(state) else {
        return trivial_plan(state, start);
    };
    let mut tree = Tree { nodes: Vec::new() };
    let mut seen: FastMap<u128, u32> = FastMap::default();
    let root_can_stop = root.phase == Phase::TurnStart && root.turns > 0;
    tree.nodes.push(Node {
        key: key(&root),
        parent: 0,
        depth: 0,
        score: if root_can_stop {
            stop_score(&root)
        } else {
            i32::MAX
        },
        terminal: false,
    });
    // A root in the middle of a turn is not a turn's end: the same board after ending the turn
    // unchanged must still be found.
    if root.phase == Phase::TurnStart {
        seen.insert(key(&root), 0);
    }
    let mut best = 0usize;
    let mut frontier = vec![0u32];
    let mut complete = true;
    let mut depth = 0;
    while !frontier.is_empty() && tree.nodes[best].score > 0 {
        if depth >= limits.max_depth || depth + root.turns >= root.rules.max_turns {
            complete = false;
            break;
        }
        let mut next = Vec::new();
        let mut stopped = false;
        for &i in &frontier {
            if tree.nodes.len() >= limits.max_nodes || start.elapsed() > limits.time_limit {
                stopped = true;
                break;
            }
            let node = tree.nodes[i as usize];
            let st = if i == 0 {
                root.clone()
            } else {
                from_key(&root, node.key, root.turns + node.depth)
            };
            for_each_turn(&st, |s, _| {
                let over = s.phase == Phase::Over;
                let k = key(s) | (u128::from(over) << 127);
                if seen.contains_key(&k) {
                    return;
                }
                let id = tree.nodes.len() as u32;
                seen.insert(k, id);
                let score = stop_score(s);
                tree.nodes.push(Node {
                    key: key(s),
                    parent: i,
                    depth: depth + 1,
                    score,
                    terminal: over,
                });
                if score < tree.nodes[best].score {
                    best = id as usize;
                }
                if !over {
                    next.push(id);
                }
            });
            if tree.nodes[best].score == 0 {
                break;
            }
        }
        if stopped {
            complete = false;
            break;
        }
        frontier = next;
        depth += 1;
    }
    let found_zero = tree.nodes[best].score == 0;
    let score_proven = found_zero || (complete && frontier.is_empty());
    Plan {
        score: tree.nodes[best].score,
        turns: tree.nodes[best].depth,
        actions: tree.plan(&root, best),
        score_proven,
        // BFS reaches every state at its smallest depth; a score first met at depth d cannot
        // be met earlier. Only when the score is the proven optimum is the turn count minimal
        // for it.
        turns_proven: score_proven,
        nodes: tree.nodes.len(),
        elapsed: start.elapsed(),
        method: "exact",
    }
}

/// The beam search's ordering: misplaced seats first, then the mobility of face-up cards.
fn beam_rank(st: &State, mobility: i64) -> i64 {
    if st.phase == Phase::Over {
        return i64::from(st.final_score()) * 100;
    }
    let ups = i64::from((st.up & st.in_play).count_ones());
    let vizier = i64::from(st.up & bit(VIZIER) != 0);
    i64::from(st.misplaced()) * 100 - mobility * ups - mobility * vizier
}

/// Beam search over turns (full information): keeps the `width` best states per depth by
/// misplaced count (then face-up mobility), for at most `max_depth` turns or `time_limit`.
#[must_use]
pub fn solve_beam(state: &State, limits: &SolveLimits) -> Plan {
    let (width, max_depth, time_limit) = (limits.beam_width, limits.max_depth, limits.time_limit);
    let start = Instant::now();
    let Some(root) = prepare_root(state) else {
        return trivial_plan(state, start);
    };
    let mut tree = Tree { nodes: Vec::new() };
    let mut seen: FastSet<u128> = FastSet::default();
    let root_can_stop = root.phase == Phase::TurnStart && root.turns > 0;
    tree.nodes.push(Node {
        key: key(&root),
        parent: 0,
        depth: 0,
        score: if root_can_stop {
            stop_score(&root)
        } else {
            i32::MAX
        },
        terminal: false,
    });
    if root.phase == Phase::TurnStart {
        seen.insert(key(&root));
    }
    let mut best = 0usize;
    let mut frontier = vec![0u32];
    let mut depth = 0;
    while !frontier.is_empty()
        && tree.nodes[best].score > 0
        && depth < max_depth
        && depth + root.turns < root.rules.max_turns
        && start.elapsed() < time_limit
    {
        // Candidates of this depth, deduplicated among themselves; only the kept ones (and
        // an improving best) enter the tree and the `seen` set, so a state pruned here may be
        // met again later.
        let mut cands: Vec<(i64, u64, u128, u32)> = Vec::new();
        let mut this_depth: FastSet<u128> = FastSet::default();
        for &i in &frontier {
            let node = tree.nodes[i as usize];
            let st = if i == 0 {
                root.clone()
            } else {
                from_key(&root, node.key, root.turns + node.depth)
            };
            for_each_turn(&st, |s, _| {
                let over = s.phase == Phase::Over;
                let k = key(s) | (u128::from(over) << 127);
                if seen.contains(&k) || !this_depth.insert(k) {
                    return;
                }
                let score = stop_score(s);
                if score < tree.nodes[best].score {
                    best = tree.nodes.len();
                    tree.nodes.push(Node {
                        key: key(s),
                        parent: i,
                        depth: depth + 1,
                        score,
                        terminal: over,
                    });
                }
                if !over {
                    // Tie-break by a hash so the beam is diverse but deterministic.
                    let mut h = FastHasher::default();
                    h.write_u128(k);
                    cands.push((beam_rank(s, limits.beam_mobility), h.finish(), k, i));
                }
            });
            if tree.nodes[best].score == 0 {
                break;
            }
        }
        cands.sort_unstable();
        cands.truncate(width);
        frontier.clear();
        for (_, _, k, parent) in cands {
            seen.insert(k);
            frontier.push(tree.nodes.len() as u32);
            let st = from_key(&root, k, 0);
            tree.nodes.push(Node {
                key: k,
                parent,
                depth: depth + 1,
                score: stop_score(&st),
                terminal: false,
            });
        }
        depth += 1;
    }
    Plan {
        score: tree.nodes[best].score,
        turns: tree.nodes[best].depth,
        actions: tree.plan(&root, best),
        score_proven: tree.nodes[best].score == 0,
        turns_proven: false,
        nodes: tree.nodes.len(),
        elapsed: start.elapsed(),
        method: "beam",
    }
}

/// Full-information solve: the exact search within `limits`, then, when it proved nothing,
/// the beam search for a better plan. Returns the better plan (lower score, then fewer turns).
#[must_use]
pub fn solve(state: &State, limits: &SolveLimits) -> Plan {
    let exact = solve_exact(state, limits);
    if exact.score_proven || limits.beam_width == 0 {
        return exact;
    }
    let beam = solve_beam(state, limits);
    let mut best = if (beam.score, beam.turns) < (exact.score, exact.turns) {
        beam
    } else {
        exact.clone()
    };
    best.nodes = exact.nodes + if best.method == "beam" { best.nodes } else { 0 };
    best.elapsed = exact.elapsed
        + if best.method == "beam" {
            best.elapsed
        } else {
            Duration::ZERO
        };
    best
}

/// Plays `actions` (notation) from `state`; returns the final state.
///
/// # Errors
/// The first action that does not parse or is illegal, with its index.
pub fn replay_plan(state: &State, actions: &[String]) -> Result<State, String> {
    let mut st = state.clone();
    for (i, t) in actions.iter().enumerate() {
        let a = st
            .parse_action(Seat(0), t)
            .map_err(|e| format!("action {i} `{t}`: {e}"))?;
        st.apply(Seat(0), a, &mut ())
            .map_err(|e| format!("action {i} `{t}`: {e}"))?;
    }
    Ok(st)
}

// ---------------------------------------------------------------------------------------------
// Hidden-information play.

/// Determinizations averaged per decision by [`solver_policy`].
pub const POLICY_SAMPLES: usize = 6;

/// Value of a position for the policy, from the player's knowledge: minus the expected
/// misplaced count (minus the final score once over), plus a little for face-up cards
/// (the cards that can still act) and minus a little per turn (so that it stops when no turn
/// helps).
fn policy_value(st: &State, base_turns: u32) -> f64 {
    if st.phase == Phase::Over {
        return -f64::from(st.final_score());
    }
    let ups = f64::from((st.up & st.in_play).count_ones());
    -st.expected_misplaced() + 0.02 * ups.min(4.0) - 0.01 * f64::from(st.turns - base_turns)
}

/// The best value reachable by the end of the current turn from `st` (one determinization;
/// a Jester shuffle takes one sampled outcome). `memo` holds values of mid-turn states of this
/// determinization.
fn turn_value(st: &State, base_turns: u32, rng: &mut GameRng, memo: &mut FastMap<u64, f64>) -> f64 {
    match st.phase {
        Phase::Over => return policy_value(st, base_turns),
        Phase::TurnStart if st.turns > base_turns => return policy_value(st, base_turns),
        _ => {}
    }
    if st.to_act() == ToAct::Chance {
        let mut s = st.clone();
        let c = s.sample_chance(rng);
        s.apply_chance(c, &mut ())
            .expect("a sampled chance outcome applies");
        return turn_value(&s, base_turns, rng, memo);
    }
    let h = mid_hash(st) ^ u64::from(st.turns).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    if let Some(&v) = memo.get(&h) {
        return v;
    }
    let mut legal = Vec::new();
    st.legal_actions(Seat(0), &mut legal);
    let mut best = f64::NEG_INFINITY;
    for a in legal {
        let mut s = st.clone();
        s.apply_unchecked(a, &mut ());
        let v = if a == Action::EndGame {
            policy_value(&s, base_turns)
        } else {
            turn_value(&s, base_turns, rng, memo)
        };
        if v > best {
            best = v;
        }
    }
    memo.insert(h, best);
    best
}

/// The hidden-information policy: reads only what the player may know (every determinization
/// comes from `sample_consistent`). For each legal action, the mean over
/// [`POLICY_SAMPLES`] determinizations of the best value reachable by the end of this turn.
///
/// # Panics
/// If called when the player is not to act.
pub fn solver_policy(state: &State, rng: &mut GameRng) -> Action {
    let mut legal = Vec::new();
    state.legal_actions(Seat(0), &mut legal);
    assert!(
        !legal.is_empty(),
        "solver_policy called with no decision due"
    );
    if legal.len() == 1 {
        return legal[0];
    }
    let base = state.turns;
    let mut totals = vec![0.0; legal.len()];
    let mut memo = FastMap::default();
    for _ in 0..POLICY_SAMPLES {
        let world = state.sample_consistent(Seat(0), rng);
        memo.clear();
        for (t, &a) in totals.iter_mut().zip(&legal) {
            let mut s = world.clone();
            s.apply_unchecked(a, &mut ());
            *t += if a == Action::EndGame {
                policy_value(&s, base)
            } else {
                turn_value(&s, base, rng, &mut memo)
            };
        }
    }
    let mut best = 0;
    for i in 1..legal.len() {
        if totals[i] > totals[best] + 1e-9 {
            best = i;
        }
    }
    legal[best]
}

/// Whether the game ended by the Assassin.
#[must_use]
pub fn ended_by_assassin(st: &State) -> bool {
    matches!(
        st.end_reason(),
        Some(EndReason::AssassinRevealed | EndReason::AssassinPeeked)
    )
}
