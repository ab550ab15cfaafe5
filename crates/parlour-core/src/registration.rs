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

/// How a game starts, in the words a designer needs: who plays first, and whether the start
/// moves round the table. [`FirstPlayer`] is the wire fact; this is the lab's fuller one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Start {
    /// Seat 1 always starts: a solo game, or rules that fix the order.
    Fixed,
    /// Drawn by lot at setup (a chance node), and no option fixes it.
    Lot,
    /// Drawn by lot unless the option of this id names the first seat; with `rotates`, the
    /// start passes left each hand or round, so every seat starts as often over a game.
    Option {
        /// The option's id (`first_player`).
        option: &'static str,
        /// Whether the start moves one seat left each hand.
        rotates: bool,
    },
    /// The players choose it at the table (a vote), lot breaking ties; the option of this id
    /// draws it by lot instead.
    Vote(&'static str),
    /// A first dealer drawn by lot, the deal passing left each round; the seat left of the
    /// dealer starts.
    DealerRotation,
}

impl Start {
    /// Short id for the lab's report: `fixed`, `lot`, `option`, `vote` or `dealer_rotation`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Start::Fixed => "fixed",
            Start::Lot => "lot",
            Start::Option { .. } => "option",
            Start::Vote(_) => "vote",
            Start::DealerRotation => "dealer_rotation",
        }
    }

    /// One sentence for the lab's page.
    #[must_use]
    pub fn sentence(self) -> String {
        match self {
            Start::Fixed => "Seat 1 always starts.".to_owned(),
            Start::Lot => "The first player is drawn by lot.".to_owned(),
            Start::Option {
                option,
                rotates: false,
            } => format!("The first player is drawn by lot unless `{option}` fixes it."),
            Start::Option {
                option,
                rotates: true,
            } => format!(
                "The first player is drawn by lot unless `{option}` fixes it; the start then \
                 passes one seat left each hand."
            ),
            Start::Vote(option) => format!(
                "The players vote for the first player, a lot breaking ties (`{option}` draws \
                 it by lot instead)."
            ),
            Start::DealerRotation => "The first dealer is drawn by lot and the deal passes left \
                                      each round; the seat left of the dealer starts."
                .to_owned(),
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

/// A game's own bot that plays better than the lab's default skill bot (`ismcts:100`), with
/// what it costs: the lab's skill check uses it by default.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SkillBot {
    /// The bot's name (`solver`).
    pub name: &'static str,
    /// Seconds per game with it in one seat, measured like [`LabCost`].
    pub seconds: f64,
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
    /// How the game starts (for the lab's report).
    pub start: Start,
    /// The game's strongest bot, where it is not ISMCTS.
    pub skill_bot: Option<SkillBot>,
    /// Seconds a person takes per player action at the table, for the lab's minutes per game.
    /// DESIGNED, not measured: a judgement of the game's pace (6 s unless a game says).
    pub pace: f64,
    /// The game's full-information solver (`parlour solve`), if it has one.
    pub solver: Option<Solver<G>>,
    /// Ids of text options ([`crate::OptionKind::Text`], [`crate::OptionKind::Data`]) whose
    /// value may be read from a file (a layout, a card list); the file's content becomes the
    /// value, so records stay self-contained.
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
            start: match first_player {
                FirstPlayer::Chance => Start::Lot,
                FirstPlayer::Play => Start::Vote("first_player_random"),
                FirstPlayer::Fixed => Start::Fixed,
            },
            pace: 6.0,
            skill_bot: None,
            solver: None,
            file_options: &[],
            cards: None,
            how_to_play: &[],
        }
    }
}
