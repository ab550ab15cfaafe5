//! A plain rules summary per game, for lobbies: two or three sentences drawn from the game's page
//! in `docs/games/`. The full rules are there and in each game crate's documentation.

/// The summary of registered game `id`, or `""` for an id without one (a test keeps every
/// registered game covered).
#[must_use]
pub fn summary(id: &str) -> &'static str {
    match id {
        "troll-tricker" => {
            "A trick-taking game with the Deck of Fey: one sign is fey (trump) and each player has \
             a sign of their own on the circular mat. Follow the led sign if you can; a trick \
             scores 4, 3, 2 or 1 by how your sign relates to the led sign, and taking no trick in \
             a hand pays a bonus. Highest total after three hands wins."
        }
        "rebel-runs" => {
            "A rummy game with the Deck of Fey: draw from the stock or the discard pile, discard, \
             then lay down sets (3+ of a number) and runs (4+ in a row) or lay off on them. When \
             someone empties their hand, everyone scores their melds by how each card's sign \
             relates to their own sign. There are as many hands as players; highest total wins."
        }
        "holy-matrimony" => {
            "A blackjack-style game with the Deck of Fey: each round everyone secretly commits \
             cards from a hand of seven, and all are revealed together. The church card plus your \
             cards should make exactly 21; cards score by how their sign relates to yours, and \
             missing 21 costs points (more for going over). The game ends after a round in which \
             someone reaches 55."
        }
        "reading-the-play" => {
            "A card game about The King in Yellow: on your turn draw or trade cards face down \
             with other players, then build a Sequence of consecutive Line cards. Avoid holding \
             three Yellow Signs, which ends the game with everyone losing; Elder Signs cancel \
             them. Revealing Line 316 ends the play."
        }
        "queen-of-scots" => {
            "A set-collection rummy game in the Canasta family: pick up a card from the stock or \
             take the whole discard pile, lay down sets of three or more matching cards, then \
             discard. A round ends when someone empties their hand; sets score for you and cards \
             left in hand against you. The game ends after a round in which someone reaches 1000."
        }
        "kings-feast" => {
            "A solo puzzle for 18 numbered cards: bring the guests back to their seats at the \
             King's table by activating cards, each with a King's Order or a When Revealed \
             reaction. Never let the Assassin be flipped or peeked at."
        }
        "haunted" => {
            "Each player tends three lines, built bottom up from a Setting, a Focus and a Hidden \
             Terror, while the others play cards on them to complete them. A player who \
             completes three lines loses at once; the others score their complete and \
             incomplete lines, and the lowest score wins."
        }
        _ => "",
    }
}
