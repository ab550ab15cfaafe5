use parlour_core::{Game, Options, Seat, Viewer};
use parlour_record::{FORMAT, Record, options_json};

/// One step of a game's history, kept as values: the notation is written only when a record is
/// asked for, so a kept history costs the hot path nothing but a push.
#[derive(Clone, Debug)]
pub(crate) enum Step<G: Game> {
    /// A seat's action.
    Act(Seat, G::Action),
    /// A chance outcome.
    Chance(G::Chance),
}

/// Everything that happened in a game: its steps and their events.
#[derive(Clone, Debug)]
pub(crate) struct Kept<G: Game> {
    pub(crate) steps: Vec<Step<G>>,
    pub(crate) events: Vec<G::Event>,
}

impl<G: Game> Kept<G> {
    pub(crate) fn new() -> Self {
        Kept {
            steps: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The record: the steps replayed from the start, each written in notation at its node.
    pub(crate) fn record(&self, players: u8, options: &Options, seed: u64) -> Record {
        let mut state = G::new(players, options).expect("the setup was accepted before");
        let mut actions = Vec::with_capacity(self.steps.len());
        for step in &self.steps {
            match step {
                Step::Act(seat, a) => {
                    actions.push(format!("{seat}: {}", state.action_text(*a)));
                    state
                        .apply(*seat, *a, &mut ())
                        .expect("a kept action replays");
                }
                Step::Chance(c) => {
                    actions.push(format!("chance: {}", state.chance_text(c)));
                    state
                        .apply_chance(c.clone(), &mut ())
                        .expect("a kept chance outcome replays");
                }
            }
        }
        Record {
            format: FORMAT.to_owned(),
            game: G::ID.to_owned(),
            players,
            options: options_json(options),
            seed,
            actions,
        }
    }

    /// Everything that happened, as `viewer` may see it (described by the current state, as
    /// a record's log is).
    pub(crate) fn log(&self, state: &G, viewer: Viewer) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|e| state.describe_event(e, viewer))
            .collect()
    }
}
