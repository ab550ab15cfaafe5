use crate::{Game, GameRng, Seat};

/// A game-specific way to choose `seat`'s action from a state (see [`Search::policy`]).
pub type Policy<G> = fn(&G, Seat, &mut GameRng) -> <G as Game>::Action;

/// What a game tells the bots beside its rules: how good a position looks, how a playout plays
/// and where it stops, how far the tree trusts the heuristic, how likely the others' play was
/// under each determinization, and the game's own named policies. `parlour-bots` reads a game
/// through it (the greedy bot, ISMCTS, the policy bot); the rules, drivers and front ends never
/// need it.
///
/// Every hook reads only what the seat it serves may know. In a determinization
/// ([`Game::sample_consistent`]) the sampled hidden cards are fair to read: they are drawn, not
/// true.
///
/// Each hook but [`Search::evaluate`] has a default that searches plainly (uniform playouts to
/// the end, no progressive bias, every determinization alike, no policies), so a game overrides
/// only what it has a better answer for. `evaluate` has no default: no value read off the
/// rules alone ranks positions of every game, and a constant would leave the greedy bot playing
/// at random and the cut-off and the prior with nothing to rank by, without a word.
pub trait Search: Game {
    /// A heuristic value of the position for `seat`, higher is better; used by the greedy bot
    /// (one-ply lookahead) and, by default, at a playout cut-off ([`Search::cutoff_value`]). Must
    /// read only what `seat` may know. Finished and unfinished positions share one scale: a
    /// game still in play must not rank below the seat's loss (nor above its win), or the greedy
    /// bot ends games it could still win.
    fn evaluate(&self, seat: Seat) -> f64;

    /// The value of a position for `seat` where an ISMCTS playout is cut off
    /// ([`Search::playout_rounds`]): the seats with the highest value share the playout's "win",
    /// and its margin is taken on the values (a solitaire's cut-off keeps [`Search::evaluate`]).
    /// The default is [`Search::evaluate`]. Games override it where the win condition itself
    /// ranks cut positions better than the greedy bot's one-ply heuristic does (the greedy bot
    /// keeps its heuristic). Must read only what `seat` may know (in a determinization, the
    /// sampled hidden cards are fair to read).
    fn cutoff_value(&self, seat: Seat) -> f64 {
        self.evaluate(seat)
    }

    /// Where the ISMCTS bot's playouts stop by default: `Some(n)` cuts a playout once
    /// `n` more rounds (as counted by [`Game::round`]) have begun than at the searched position
    /// and scores the cut position with [`Search::cutoff_value`]; `None` (the default) plays to the
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

    /// How strongly the ISMCTS bot's tree trusts [`Search::evaluate`] before its own statistics
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
    /// bot's progressive bias ([`Search::progressive_bias`]), taken once per new tree edge. The
    /// default is [`Search::evaluate`] right after the action. Games override it where an action's
    /// worth reaches past the position right after it (cards kept for later rounds, say) and a
    /// costlier estimate pays (it is not used in playouts, nor for an opponent's secret
    /// commitment, which the bot takes as the best by `evaluate`). Must read only
    /// what `seat` may know (in a determinization, the sampled hidden cards are fair to read).
    fn action_prior(&self, seat: Seat, action: Self::Action) -> f64 {
        evaluate_after(self, seat, action)
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

    /// A game-specific policy by name (`solver`, say), for the bot factory. The bot calls it on a
    /// determinization drawn from the seat's view, so it cannot read hidden cards.
    fn policy(name: &str) -> Option<Policy<Self>> {
        let _ = name;
        None
    }
}

/// [`Search::evaluate`] for `seat` right after it takes `action` on a copy of `state` (a one-ply
/// look-ahead).
///
/// # Panics
/// If `action` is not legal for `seat` in `state`.
pub fn evaluate_after<G: Search>(state: &G, seat: Seat, action: G::Action) -> f64 {
    let mut next = state.clone();
    next.apply(seat, action, &mut ())
        .expect("a legal action applies");
    next.evaluate(seat)
}
