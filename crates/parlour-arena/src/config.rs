use std::fmt;
use std::sync::Arc;

/// Called after each finished game with the number of games finished so far (from any worker
/// thread, in no particular order of game index). The CLI draws a progress bar with it.
pub type Progress = Arc<dyn Fn(u64) + Send + Sync>;

/// Which rating the report gives each bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum RatingSystem {
    /// Weng-Lin (a Bayesian rating for multi-player rankings, like OpenSkill), reported as its
    /// mean `mu` (starts at 25).
    #[default]
    WengLin,
    /// Elo (starts at 1000, K = 32), updated pairwise between the bots of a game and scaled by
    /// `1 / (bots in the game − 1)`.
    Elo,
}

/// What [`run_arena`](crate::run_arena) plays. Build with [`ArenaConfig::new`] and set the
/// public fields as needed:
///
/// ```
/// # use parlour_arena::ArenaConfig;
/// let mut config = ArenaConfig::new(["ismcts:hard", "greedy", "random"], 1_000);
/// config.seed = 7;
/// config.threads = Some(2);
/// assert_eq!(config.players, None); // as many seats as bots, if the game allows
/// ```
#[derive(Clone)]
pub struct ArenaConfig {
    /// Bot names as [`parlour_bots::make_bot`] takes them (`random`, `greedy`, `ismcts:hard`,
    /// …). The same name may appear twice; each entry is reported separately.
    pub bots: Vec<String>,
    /// Number of games.
    pub games: u64,
    /// Seats per game. `None`: the number of bots, clamped to the game's player range.
    pub players: Option<u8>,
    /// Game options as `k=v,k2=v2` (empty: the game's defaults, turn limits included).
    pub options: String,
    /// Master seed: game `i` is seeded with `derive_seed(seed, i)`.
    pub seed: u64,
    /// Worker threads. `None`: rayon's default (one per core, or `RAYON_NUM_THREADS`). The
    /// report does not depend on it (except for decision times).
    pub threads: Option<usize>,
    /// The rating reported.
    pub rating: RatingSystem,
    /// Called after each game.
    pub progress: Option<Progress>,
}

impl ArenaConfig {
    /// `games` games between `bots`, seed 0, default options and rating, all cores.
    pub fn new<S: Into<String>>(bots: impl IntoIterator<Item = S>, games: u64) -> Self {
        ArenaConfig {
            bots: bots.into_iter().map(Into::into).collect(),
            games,
            players: None,
            options: String::new(),
            seed: 0,
            threads: None,
            rating: RatingSystem::default(),
            progress: None,
        }
    }
}

impl fmt::Debug for ArenaConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ArenaConfig")
            .field("bots", &self.bots)
            .field("games", &self.games)
            .field("players", &self.players)
            .field("options", &self.options)
            .field("seed", &self.seed)
            .field("threads", &self.threads)
            .field("rating", &self.rating)
            .field("progress", &self.progress.as_ref().map(|_| "callback"))
            .finish()
    }
}
