use std::ops::RangeInclusive;
use std::time::Duration;

use parlour_core::{
    Audit, Encoding, FirstPlayer, LabCost, OptionSpec, Options, Registration, Search, Seat,
    SetupError, SkillBot, SolvedPlan, Solver, Start,
};
use parlour_record::{Match, Record, RecordError, ReplayError, StepError};
use thiserror::Error;

use crate::DynMatch;

/// What the registry knows of a game without its type.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// Registry id.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Allowed player counts.
    pub players: RangeInclusive<u8>,
    /// Variant options.
    pub options: &'static [OptionSpec],
    /// Ids of the options whose value may be read from a file (the file's content becomes the
    /// value).
    pub file_options: &'static [&'static str],
    /// Whether the game has a full-information solver ([`solve`]).
    pub has_solver: bool,
    /// Two or three plain sentences on how the game goes, for lobbies.
    pub summary: &'static str,
    /// How the first player is chosen.
    pub first_player: FirstPlayer,
    /// Whether some node has several seats to act at once
    /// ([`Game::SIMULTANEOUS`](parlour_core::Game::SIMULTANEOUS)).
    pub simultaneous: bool,
    /// What one game costs the balance lab.
    pub lab_cost: LabCost,
    /// How the game starts ([`Registration::start`]).
    pub start: Start,
    /// Seconds per player action at the table ([`Registration::pace`]).
    pub pace: f64,
    /// The game's strongest bot where it is not ISMCTS ([`Registration::skill_bot`]).
    pub skill_bot: Option<SkillBot>,
    /// The game's printed card data for its page, if it declares any
    /// ([`Registration::cards`]).
    pub cards: Option<fn() -> serde_json::Value>,
    /// "How to play" in Markdown parts ([`Registration::how_to_play`]).
    pub how_to_play: &'static [&'static str],
    limits: fn(u8, &Options) -> Result<Limits, SetupError>,
}

/// What bounds a game of one player count and options.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Limits {
    /// The most player actions a game takes
    /// ([`Game::max_steps`](parlour_core::Game::max_steps)); `None` when the options
    /// switch its limits off.
    pub max_steps: Option<u64>,
    /// The most action ids one action is spelt by ([`Encoding::max_spelling_len`]).
    pub max_spelling_len: usize,
    /// The most action ids a game takes ([`Encoding::max_action_ids`]); `None` when nothing
    /// bounds it.
    pub max_action_ids: Option<u64>,
    /// The lowest and highest observation entry ([`Encoding::observation_bounds`]).
    pub observation_bounds: (f32, f32),
}

fn limits_of<G: Encoding>(players: u8, options: &Options) -> Result<Limits, SetupError> {
    let g = G::new(players, options)?;
    Ok(Limits {
        max_steps: g.max_steps(),
        max_spelling_len: g.max_spelling_len(),
        max_action_ids: g.max_action_ids(),
        observation_bounds: g.observation_bounds(),
    })
}

impl GameInfo {
    /// The info of game type `G` with what it declares to the registry. A registered game
    /// implements every trait beside [`Game`](parlour_core::Game): the bots, the audit and
    /// learning reach it by them.
    #[must_use]
    pub fn registered<G: Encoding + Search + Audit>(registration: &Registration<G>) -> Self {
        GameInfo {
            id: G::ID,
            name: G::NAME,
            players: G::PLAYERS,
            options: G::OPTIONS,
            file_options: registration.file_options,
            has_solver: registration.solver.is_some(),
            summary: registration.summary,
            first_player: registration.first_player,
            simultaneous: G::SIMULTANEOUS,
            lab_cost: registration.lab_cost,
            start: registration.start,
            pace: registration.pace,
            skill_bot: registration.skill_bot,
            cards: registration.cards,
            how_to_play: registration.how_to_play,
            limits: limits_of::<G>,
        }
    }

    /// What bounds a game of `players` seats with `options`.
    ///
    /// # Errors
    /// A player count or options the game refuses.
    pub fn limits(&self, players: u8, options: &Options) -> Result<Limits, SetupError> {
        (self.limits)(players, options)
    }

    /// The most player actions a game with the default options takes at any player count they
    /// allow ([`Game::max_steps`](parlour_core::Game::max_steps)); `None` when the defaults set
    /// no limit.
    #[must_use]
    pub fn max_steps(&self) -> Option<u64> {
        let defaults = Options::defaults(self.options);
        self.players
            .clone()
            .filter_map(|n| self.limits(n, &defaults).ok())
            .try_fold(0, |most, l| l.max_steps.map(|n| most.max(n)))
    }

    /// Options from a `k=v,...` list against this game's specs.
    ///
    /// # Errors
    /// Unknown options or bad values.
    pub fn parse_options(&self, list: &str) -> Result<Options, parlour_core::OptionError> {
        Options::parse_list(self.options, list)
    }

    /// A sensible default player count: the smallest count of at least 4 the game allows, or its
    /// largest if fewer.
    #[must_use]
    pub fn default_players(&self) -> u8 {
        4.clamp(*self.players.start(), *self.players.end())
    }
}

/// A game id the registry does not know.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("unknown game `{id}` (known: {known})")]
pub struct UnknownGame {
    /// The id asked for.
    pub id: String,
    /// The known ids.
    pub known: String,
}

/// Errors of starting or replaying a game by id.
#[derive(Debug, Error)]
pub enum RegistryError {
    /// No such game.
    #[error(transparent)]
    Unknown(#[from] UnknownGame),
    /// Setup rejected.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Replay failed.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Every registered game, in registry order.
#[must_use]
pub fn games() -> Vec<GameInfo> {
    crate::__registry!(__game_infos {})
}

/// The game with this id.
///
/// # Errors
/// An unknown id, listing the known ones.
pub fn find(id: &str) -> Result<GameInfo, UnknownGame> {
    let all = games();
    all.iter()
        .find(|g| g.id == id)
        .cloned()
        .ok_or_else(|| UnknownGame {
            id: id.to_owned(),
            known: all.iter().map(|g| g.id).collect::<Vec<_>>().join(", "),
        })
}

/// A new game by id, before its first chance event.
///
/// # Errors
/// Unknown id or a setup the game rejects.
pub fn new_match(
    id: &str,
    players: u8,
    options: Options,
    seed: u64,
) -> Result<Box<dyn DynMatch>, RegistryError> {
    find(id)?;
    crate::with_game!(id, G => Ok(Box::new(Match::<G>::new(players, options, seed)?)))
}

/// Replays a record of any registered game.
///
/// # Errors
/// Unknown game, a bad record or an entry that cannot be applied.
pub fn replay(record: &Record) -> Result<Box<dyn DynMatch>, RegistryError> {
    if record.format != parlour_record::FORMAT {
        return Err(ReplayError::Record(RecordError::Format(record.format.clone())).into());
    }
    find(&record.game)?;
    crate::with_game!(record.game.as_str(), G => Ok(Box::new(Match::<G>::from_record(record)?)))
}

/// Errors of [`solve`].
#[derive(Debug, Error)]
pub enum SolveError {
    /// No such game.
    #[error(transparent)]
    Unknown(#[from] UnknownGame),
    /// The game registers no solver.
    #[error("{id} has no solver (games with one: {solvers})")]
    NoSolver {
        /// The game asked for.
        id: String,
        /// The ids of the games with a solver.
        solvers: String,
    },
    /// Setup rejected.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The deal ended the game before anyone could decide.
    #[error("the deal ended the game before any decision")]
    NoDecision,
    /// The solver's plan does not replay (a solver bug).
    #[error("the plan's action {index} `{action}` does not replay")]
    Replay {
        /// Index of the action in the plan.
        index: usize,
        /// The action, in notation.
        action: String,
        /// Why it was rejected.
        #[source]
        error: StepError,
    },
}

/// A solved deal.
pub struct Solution {
    /// The seat the plan is for (the seat to act after the deal).
    pub seat: Seat,
    /// The plan and what the search proved.
    pub plan: SolvedPlan,
    /// The game after the plan's actions (and any chance event due after them): its record
    /// replays the plan.
    pub game: Box<dyn DynMatch>,
}

/// The ids of the games with a full-information solver, in registry order.
#[must_use]
pub fn solvers() -> Vec<&'static str> {
    games()
        .into_iter()
        .filter(|g| g.has_solver)
        .map(|g| g.id)
        .collect()
}

/// Deals game `id` from `seed` (its usual player count, `options`), lets its registered solver
/// search the dealt position with full information for about `time_limit`, and plays the plan.
///
/// # Errors
/// Unknown id, a game without a solver (the error lists those with one), a setup the game
/// rejects, a deal that ends the game, or a plan that does not replay.
pub fn solve(
    id: &str,
    options: Options,
    seed: u64,
    time_limit: Duration,
) -> Result<Solution, SolveError> {
    let info = find(id)?;
    let players = info.default_players();
    crate::__registry!(__with_registration_arms { id, G, registration, match registration.solver {
        Some(solver) => solve_with::<G>(solver, players, options, seed, time_limit),
        None => Err(SolveError::NoSolver { id: info.id.to_owned(), solvers: solvers().join(", ") }),
    } })
}

fn solve_with<G: Audit>(
    solver: Solver<G>,
    players: u8,
    options: Options,
    seed: u64,
    time_limit: Duration,
) -> Result<Solution, SolveError> {
    let mut m = Match::<G>::new(players, options, seed)?;
    m.draw_due_chance();
    let seat = m.to_act().seats().first().ok_or(SolveError::NoDecision)?;
    let plan = solver(m.state(), time_limit);
    for (index, action) in plan.actions.iter().enumerate() {
        m.apply_entry(&format!("{}: {action}", seat.0))
            .map_err(|error| SolveError::Replay {
                index,
                action: action.clone(),
                error,
            })?;
    }
    m.draw_due_chance();
    Ok(Solution {
        seat,
        plan,
        game: Box::new(m),
    })
}

#[cfg(test)]
mod tests {
    use parlour_core::ToAct;

    use super::*;

    #[test]
    fn every_game_has_a_short_summary() {
        for g in games() {
            let sentences = g.summary.matches(". ").count() + 1;
            assert!(
                !g.summary.is_empty() && (2..=4).contains(&sentences),
                "{}: {:?}",
                g.id,
                g.summary
            );
            assert!(g.summary.ends_with('.'), "{}", g.id);
        }
    }

    #[test]
    fn every_game_declares_its_printed_card_data() {
        // The pages print cards from this data alone (`GET /api/games/{id}/cards`).
        for g in games() {
            let data = g.cards.map(|cards| cards());
            assert!(
                data.as_ref().is_some_and(|d| d.is_object()),
                "{}: {data:?}",
                g.id
            );
        }
    }

    #[test]
    fn the_kings_feast_registers_its_solver_and_arrangement_file() {
        assert_eq!(solvers(), ["kings-feast"]);
        let feast = find("kings-feast").unwrap();
        assert!(feast.has_solver);
        assert_eq!(feast.file_options, ["arrangement"]);
        let tricker = find("troll-tricker").unwrap();
        assert!(!tricker.has_solver);
        assert!(tricker.file_options.is_empty());
        assert_eq!(find("reading-the-play").unwrap().file_options, ["lines"]);
        assert_eq!(find("haunted").unwrap().file_options, ["cards"]);
        // A file's content is a text value: every file option is a text or game-data option.
        for g in games() {
            for id in g.file_options {
                let spec = g.options.iter().find(|o| o.id == *id).unwrap();
                assert!(
                    matches!(
                        spec.kind,
                        parlour_core::OptionKind::Text { .. }
                            | parlour_core::OptionKind::Data { .. }
                    ),
                    "{}: {id}",
                    g.id
                );
            }
        }
    }

    #[test]
    fn solving_a_game_without_a_solver_names_those_with_one() {
        let options = find("troll-tricker").unwrap().parse_options("").unwrap();
        let Err(e) = solve("troll-tricker", options, 1, Duration::from_millis(10)) else {
            panic!("troll-tricker has no solver");
        };
        assert_eq!(
            e.to_string(),
            "troll-tricker has no solver (games with one: kings-feast)"
        );
        let options = find("troll-tricker").unwrap().parse_options("").unwrap();
        assert!(matches!(
            solve("chess", options, 1, Duration::ZERO),
            Err(SolveError::Unknown(_))
        ));
    }

    #[test]
    fn a_solution_is_a_finished_game_whose_record_replays_to_the_plans_score() {
        let options = find("kings-feast")
            .unwrap()
            .parse_options("arrangement=beginners_banquet")
            .unwrap();
        let s = solve("kings-feast", options, 3, Duration::from_millis(300)).unwrap();
        assert_eq!(s.seat, Seat(0));
        assert_eq!(s.game.to_act(), ToAct::Terminal);
        let score = s.game.outcome().expect("finished").scores[0];
        assert_eq!(score, s.plan.score);
        let replayed = replay(&s.game.record()).unwrap();
        assert_eq!(replayed.outcome().expect("finished").scores[0], score);
        let record = s.game.record();
        let plan_entries: Vec<_> = record
            .actions
            .iter()
            .filter_map(|e| e.strip_prefix("0: "))
            .collect();
        assert_eq!(plan_entries, s.plan.actions);
    }
}
