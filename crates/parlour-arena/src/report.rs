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
