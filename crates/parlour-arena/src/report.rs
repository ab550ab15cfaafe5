use std::fmt;

use serde::{Deserialize, Serialize};

/// The result of an arena: serialises to
/// `{"game", "players", "games", "bots": [{"name", "seats_played", "wins", "win_rate", "ci95",
/// "rating", "mean_decision_ms"}]}`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ArenaReport {
    /// The game's registry id.
    pub game: String,
    /// Seats per game.
    pub players: u8,
    /// Games played.
    pub games: u64,
    /// One entry per bot, in the order given.
    pub bots: Vec<BotReport>,
}

/// One bot's results.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct BotReport {
    /// The bot's name as given.
    pub name: String,
    /// Seats it took over all games (several per game when there are fewer bots than seats).
    pub seats_played: u64,
    /// Games won, per seat: a win shared by `k` tied winners counts `1/k`.
    pub wins: f64,
    /// `wins / seats_played`.
    pub win_rate: f64,
    /// 95% Wilson score interval of the win rate, `[low, high]`.
    pub ci95: [f64; 2],
    /// Final rating (see [`RatingSystem`](crate::RatingSystem)).
    pub rating: f64,
    /// Mean wall-clock time per decision, in milliseconds (forced moves included).
    pub mean_decision_ms: f64,
}

impl ArenaReport {
    /// The report without decision times (which depend on the machine and the load), for
    /// comparing two runs.
    #[must_use]
    pub fn without_times(&self) -> ArenaReport {
        let mut r = self.clone();
        for b in &mut r.bots {
            b.mean_decision_ms = 0.0;
        }
        r
    }
}

/// The 95% Wilson score interval of `wins` successes in `n` trials (`[0, 1]` when `n` is 0).
///
/// # Examples
/// ```
/// let [low, high] = parlour_arena::wilson_interval(50.0, 100);
/// assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
/// ```
#[must_use]
pub fn wilson_interval(wins: f64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = n as f64;
    let p = (wins / n).clamp(0.0, 1.0);
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

impl fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} games, {} players",
            self.game, self.games, self.players
        )?;
        let width = self
            .bots
            .iter()
            .map(|b| b.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(3);
        writeln!(
            f,
            "{:<width$}  {:>7}  {:>9}  {:>6}  {:>15}  {:>8}  {:>11}",
            "bot", "seats", "wins", "win %", "95% CI", "rating", "ms/decision"
        )?;
        for b in &self.bots {
            writeln!(
                f,
                "{:<width$}  {:>7}  {:>9.1}  {:>5.1}%  {:>6.1}% – {:>5.1}%  {:>8.1}  {:>11.3}",
                b.name,
                b.seats_played,
                b.wins,
                100.0 * b.win_rate,
                100.0 * b.ci95[0],
                100.0 * b.ci95[1],
                b.rating,
                b.mean_decision_ms
            )?;
        }
        Ok(())
    }
}
