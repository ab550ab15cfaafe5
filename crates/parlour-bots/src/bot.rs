use parlour_core::{Game, GameRng, Search};
use rand::Rng;

use crate::Observation;

/// A player that chooses actions from an [`Observation`].
pub trait Bot<G: Game>: Send {
    /// The bot's name as given on the command line (`random`, `greedy`, `ismcts:hard`).
    fn name(&self) -> String;

    /// Chooses one of the seat's legal actions.
    ///
    /// # Panics
    /// May panic if the seat has no legal action (the caller asks only seats to act).
    fn choose(&mut self, obs: &Observation<'_, G>) -> G::Action;

    /// Whether every decision is quick (a few legal lists and evaluations, no search), so a
    /// caller may decide on its own thread instead of handing the work to another. Searching
    /// bots keep the default, `false`.
    fn quick(&self) -> bool {
        false
    }
}

/// Chooses uniformly among the legal actions.
pub struct RandomBot<A> {
    rng: GameRng,
    legal: Vec<A>,
}

impl<A> RandomBot<A> {
    /// A random bot drawing from `rng`.
    #[must_use]
    pub fn new(rng: GameRng) -> Self {
        RandomBot {
            rng,
            legal: Vec::new(),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot<G::Action> {
    fn name(&self) -> String {
        "random".into()
    }

    fn quick(&self) -> bool {
        true
    }

    fn choose(&mut self, obs: &Observation<'_, G>) -> G::Action {
        obs.legal_actions(&mut self.legal);
        assert!(!self.legal.is_empty(), "asked to act with no legal action");
        self.legal[self.rng.random_range(0..self.legal.len())]
    }
}

/// One-ply lookahead: applies each legal action to a few determinizations and keeps the action
/// with the best mean [`Search::evaluate`] for its seat. Ties are broken at random, so no seat's
/// habits follow from the order in which the game lists its moves.
pub struct GreedyBot {
    rng: GameRng,
    samples: u32,
}

impl GreedyBot {
    /// Determinizations averaged per decision.
    pub const DEFAULT_SAMPLES: u32 = 4;

    /// A greedy bot drawing determinizations from `rng`.
    #[must_use]
    pub fn new(rng: GameRng) -> Self {
        GreedyBot {
            rng,
            samples: Self::DEFAULT_SAMPLES,
        }
    }
}

impl<G: Search> Bot<G> for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    /// A handful of determinizations, one ply each.
    fn quick(&self) -> bool {
        true
    }

    fn choose(&mut self, obs: &Observation<'_, G>) -> G::Action {
        let mut legal = Vec::new();
        obs.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "asked to act with no legal action");
        if legal.len() == 1 {
            return legal[0];
        }
        let seat = obs.seat();
        let mut totals = vec![0.0f64; legal.len()];
        for _ in 0..self.samples {
            let world = obs.determinize(&mut self.rng);
            for (total, &a) in totals.iter_mut().zip(&legal) {
                let mut next = world.clone();
                if next.apply(seat, a, &mut ()).is_ok() {
                    *total += next.evaluate(seat);
                } else {
                    *total = f64::NEG_INFINITY;
                }
            }
        }
        // Exact equality: moves that score alike in every world sum to the same total.
        let top = totals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let is_top = |i: &usize| totals[*i] == top;
        // One draw per decision, tie or not: the figures in docs/ were measured so.
        let pick = match (0..legal.len()).filter(is_top).count() {
            0 => 0,
            k => self.rng.random_range(0..k),
        };
        (0..legal.len())
            .filter(is_top)
            .nth(pick)
            .map_or(legal[0], |i| legal[i])
    }
}

/// Plays a game's own policy ([`Search::policy`](parlour_core::Search::policy)) on a determinization drawn from the seat's view,
/// so the policy cannot read hidden cards even by mistake.
pub struct PolicyBot<G: Game> {
    name: String,
    policy: parlour_core::Policy<G>,
    rng: GameRng,
}

impl<G: Game> PolicyBot<G> {
    /// A bot named `name` playing `policy`.
    #[must_use]
    pub fn new(name: &str, policy: parlour_core::Policy<G>, rng: GameRng) -> Self {
        PolicyBot {
            name: name.to_owned(),
            policy,
            rng,
        }
    }
}

impl<G: Game> Bot<G> for PolicyBot<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, obs: &Observation<'_, G>) -> G::Action {
        let world = obs.determinize(&mut self.rng);
        (self.policy)(&world, obs.seat(), &mut self.rng)
    }
}
