use crate::{Game, Layout, LayoutPart, Seat};

/// A game's fixed-size encoding for learning: an observation tensor per seat and a fixed action
/// space, defined by each game beside its rules (OpenSpiel's observation tensor and distinct
/// actions).
///
/// The contract, checked by `parlour_testkit::check_encoding`:
///
/// * [`Encoding::observation_shape`] and [`Encoding::num_distinct_actions`] depend only on the
///   player count and options: they are the same at every node of a game.
/// * [`Encoding::encode_observation`] reads only what `seat` may know: two states `seat` cannot
///   tell apart (the true state and any [`Game::sample_consistent`] draw for `seat`) give the
///   same observation.
/// * Each legal action is *spelt* by one or more action ids ([`Encoding::action_ids`]), each
///   below [`Encoding::num_distinct_actions`]. Most actions are one id. A choice too large for
///   one id (a subset of cards, say) is spelt step by step (a kind, then its cards in order,
///   then a closing id), and the environment keeps the ids chosen so far. No legal action's
///   spelling is a proper prefix of another's, and no two legal actions of a seat share a
///   spelling.
/// * Where several seats act at once (simultaneous commitments), each of their actions is one
///   id, so a simultaneous node is one joint step.
pub trait Encoding: Game {
    /// The observation tensor's shape for this game's player count and options (row-major;
    /// its product is the flat length [`Encoding::encode_observation`] fills).
    fn observation_shape(&self) -> Vec<usize>;

    /// The lowest and highest value any entry of an observation takes for this game's player
    /// count and options (a learner's input box), derived from how each entry is computed. The
    /// registry's tests check random play against it.
    fn observation_bounds(&self) -> (f32, f32);

    /// The observation's named parts, in order and without gaps, for this game's player count
    /// and options: what a learner can slice out by name, and the rows of the game's
    /// documentation table. Each entry lies within its part's range, and every range within
    /// [`Encoding::observation_bounds`]; the registry's tests check both in random play.
    ///
    /// The default is one part, `observation`, over the whole tensor.
    fn observation_layout(&self) -> Vec<LayoutPart> {
        let mut l = Layout::new();
        l.part(
            "observation",
            &self.observation_shape(),
            self.observation_bounds(),
            "the whole observation (no finer layout declared)",
        );
        l.finish()
    }

    /// Writes `seat`'s observation into `out`, whose length is the product of
    /// [`Encoding::observation_shape`]. `out` arrives zeroed.
    fn encode_observation(&self, seat: Seat, out: &mut [f32]);

    /// How many action ids there are for this game's player count and options.
    fn num_distinct_actions(&self) -> usize;

    /// Appends to `out` the ids that spell `seat`'s legal `action` here, first to last.
    fn action_ids(&self, seat: Seat, action: Self::Action, out: &mut Vec<usize>);

    /// The most ids any action's spelling takes (1 where every action is one id). Where it is more,
    /// an environment shows the acting seat the ids chosen so far beside the observation.
    fn max_spelling_len(&self) -> usize {
        1
    }

    /// The most action ids a game with this player count and options takes from
    /// [`Game::new`] to its end (OpenSpiel's `max_game_length`); `None` where nothing bounds
    /// it. The default is [`Game::max_steps`] actions of [`Encoding::max_spelling_len`] ids
    /// each. A game whose rules cap no turn (so `max_steps` is `None`) may declare a budget
    /// here instead, with its reasons in its doc comment; the registry's tests check random
    /// play against it.
    fn max_action_ids(&self) -> Option<u64> {
        let spelling = u64::try_from(self.max_spelling_len()).unwrap_or(u64::MAX);
        self.max_steps().map(|n| n.saturating_mul(spelling))
    }

    /// A short name of action id `id` for people reading a policy (`play flame-6`, `card 3`),
    /// the same at every node.
    fn action_id_text(&self, id: usize) -> String;
}
