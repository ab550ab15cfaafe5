//! End of the game and scoring (spec §8).

use serde::Serialize;

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize)]
pub enum EndReason {
    /// The Assassin was flipped face up (+2).
    AssassinRevealed,
    /// The Assassin was peeked at (+2).
    AssassinPeeked,
    /// A turn began with every card face down.
    AllFaceDown,
    /// The player ended the game.
    Declared,
    /// The `max_turns` limit was reached (scored like `Declared`).
    TurnLimit,
}

impl EndReason {
    /// The penalty added to the misplaced count: 2 for an Assassin ending.
    #[must_use]
    pub fn penalty(self) -> i32 {
        match self {
            EndReason::AssassinRevealed | EndReason::AssassinPeeked => 2,
            _ => 0,
        }
    }

    /// A short phrase (`the Assassin was revealed`).
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::AssassinRevealed => "the Assassin was revealed",
            EndReason::AssassinPeeked => "the Assassin was peeked at",
            EndReason::AllFaceDown => "a turn began with every card face down",
            EndReason::Declared => "the player ended the feast",
            EndReason::TurnLimit => "the turn limit was reached",
        }
    }
}

/// The result titles (spec §8): each with the lowest and highest score it covers (`None`: no
/// upper end), best first.
pub const TITLES: [(i32, Option<i32>, &str); 5] = [
    (0, Some(0), "A Kingly Feast"),
    (1, Some(2), "A Brilliant Banquet"),
    (3, Some(4), "A Superb Shindig"),
    (5, Some(8), "An Acceptable Affair"),
    (9, None, "A Tumultuous Teatime"),
];

/// The result title of a score (lower is better).
#[must_use]
pub fn title(score: i32) -> &'static str {
    TITLES
        .iter()
        .find(|(_, high, _)| high.is_none_or(|h| score <= h))
        .map_or(TITLES[4].2, |t| t.2)
}

/// The final score: misplaced seats plus the Assassin penalty.
#[must_use]
pub fn score(misplaced: u32, reason: EndReason) -> i32 {
    misplaced as i32 + reason.penalty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_follow_the_table() {
        assert_eq!(title(0), "A Kingly Feast");
        assert_eq!(title(2), "A Brilliant Banquet");
        assert_eq!(title(4), "A Superb Shindig");
        assert_eq!(title(6), "An Acceptable Affair");
        assert_eq!(title(8), "An Acceptable Affair");
        assert_eq!(title(9), "A Tumultuous Teatime");
        assert_eq!(score(4, EndReason::AssassinRevealed), 6);
        assert_eq!(score(4, EndReason::Declared), 4);
    }
}
