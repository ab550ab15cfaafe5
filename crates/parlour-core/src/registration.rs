use crate::{Game, Solver};

/// How a game's first player is chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FirstPlayer {
    /// A chance node draws it (an option may fix it instead).
    Chance,
    /// The players choose it at the table (a vote, say), a chance node breaking ties.
    Play,
    /// Seat 0, always: a solo game, or rules that fix the order.
    Fixed,
}

impl FirstPlayer {
    /// Short id for wire formats: `chance`, `play` or `fixed`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            FirstPlayer::Chance => "chance",
            FirstPlayer::Play => "play",
            FirstPlayer::Fixed => "fixed",
        }
    }
}

/// What one game costs the balance lab, measured on one core of the development machine at
/// the game's default player count: it sizes a study's default number of games, so the same
/// command gives the same report on any machine.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct LabCost {
    /// Seconds per game with `greedy` in every seat.
    pub greedy: f64,
    /// Seconds per game with `ismcts:100` in one seat against `greedy`.
    pub ismcts: f64,
}

/// What a game declares to the registry beyond [`Game`]: the facts lobbies, the lab and
/// adapters show, and its optional extras. Each game crate exports one as `REGISTRATION`.
pub struct Registration<G: Game> {
    /// Two or three plain sentences on how the game goes, for lobbies.
    pub summary: &'static str,
    /// How the first player is chosen.
    pub first_player: FirstPlayer,
    /// What a game costs the balance lab.
    pub lab_cost: LabCost,
    /// The game's full-information solver (`parlour solve`), if it has one.
    pub solver: Option<Solver<G>>,
    /// Ids of text options ([`crate::OptionKind::Text`]) whose value may be read from a file
    /// (a layout, say); the file's content becomes the value, so records stay self-contained.
    pub file_options: &'static [&'static str],
    /// The game's printed card data for its page (`GET /api/games/{id}/cards`), built from the
    /// game's own card list so a page keeps no copy; `None` for a game whose page needs none.
    /// Public: the rulebook's cards, nothing hidden.
    pub cards: Option<fn() -> serde_json::Value>,
    /// "How to play" for players, in Markdown, in parts read one after another (a shared
    /// deck's text after the game's own). Level-3 headings with classes (`### Playing {.play}`)
    /// are help for the choices whose action texts start with those words.
    pub how_to_play: &'static [&'static str],
}

impl<G: Game> Registration<G> {
    /// The facts every game declares, with no solver and no file-valued options.
    #[must_use]
    pub const fn new(summary: &'static str, first_player: FirstPlayer, lab_cost: LabCost) -> Self {
        Registration {
            summary,
            first_player,
            lab_cost,
            solver: None,
            file_options: &[],
            cards: None,
            how_to_play: &[],
        }
    }
}
