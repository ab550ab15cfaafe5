//! Scenario tests: a game replayed from record entries (a stacked deal stated as chance
//! entries, then actions in notation), driven and inspected through notation.

use std::ops::{Deref, DerefMut};

use parlour_core::{Game, Seat, ToAct, Viewer};
use parlour_record::{Match, StepError, replay};

/// A [`Match`] driven by a test: every step is a record entry (`"<seat>: <action>"` or
/// `"chance: <outcome>"`), a step that must succeed panics with the entry and the error, and a
/// step that must fail reports the rule it broke after checking that nothing changed.
///
/// It derefs to the [`Match`], so the history, the log and the record are at hand too.
///
/// ```ignore
/// let mut s = Scenario::<State>::new(4, "", 1, &[deal]);
/// s.act("0: play star-7");
/// assert_eq!(s.legal(1), ["wave-3", "wave-9"]);
/// assert_eq!(s.refused("1: play tone-2"), "must-follow-suit");
/// ```
#[derive(Clone, Debug)]
pub struct Scenario<G: Game> {
    game: Match<G>,
}

impl<G: Game> Scenario<G> {
    /// Replays `entries` on a new game of `players` seats with `options` (`k=v,...`), drawing
    /// unstated chance events from `seed`, then draws any chance events left due.
    ///
    /// # Panics
    /// If the options, the player count or an entry is rejected; the message names the entry.
    pub fn new<S: AsRef<str>>(players: u8, options: &str, seed: u64, entries: &[S]) -> Self {
        let refs: Vec<&str> = entries.iter().map(AsRef::as_ref).collect();
        let game = replay::<G>(players, options, seed, &refs)
            .unwrap_or_else(|e| panic!("{} scenario does not replay: {e}", G::ID));
        Scenario { game }
    }

    /// A new game with every chance event drawn from `seed` until a player acts.
    ///
    /// # Panics
    /// As [`Scenario::new`].
    #[must_use]
    pub fn seeded(players: u8, options: &str, seed: u64) -> Self {
        Self::new::<&str>(players, options, seed, &[])
    }

    /// Wraps a match built some other way.
    #[must_use]
    pub fn from_match(game: Match<G>) -> Self {
        Scenario { game }
    }

    /// The match, given up.
    #[must_use]
    pub fn into_match(self) -> Match<G> {
        self.game
    }

    /// The state (omniscient).
    #[must_use]
    pub fn state(&self) -> &G {
        self.game.state()
    }

    /// The view of `seat`.
    #[must_use]
    pub fn view(&self, seat: u8) -> G::View {
        self.game.state().view(Some(Seat(seat)))
    }

    /// The lowest seat to act now.
    ///
    /// # Panics
    /// At a chance node or the end of the game.
    #[must_use]
    pub fn seat_to_act(&self) -> u8 {
        match self.game.to_act() {
            ToAct::Seats(seats) => seats.first().expect("a player node names a seat").0,
            other => panic!("no seat is to act ({other:?})"),
        }
    }

    /// Applies one record entry.
    ///
    /// # Panics
    /// If the entry is rejected; the message names it and the error and draws the table.
    pub fn act(&mut self, entry: &str) -> &mut Self {
        if let Err(e) = self.game.apply_entry(entry) {
            panic!("`{entry}`: {e}\n{}", self.game.state().view(None));
        }
        self
    }

    /// Applies `seat`'s action given in notation (the entry `"<seat>: <action>"`).
    ///
    /// # Panics
    /// As [`Scenario::act`].
    pub fn act_by(&mut self, seat: u8, action: &str) -> &mut Self {
        self.act(&format!("{seat}: {action}"))
    }

    /// Applies record entries in order.
    ///
    /// # Panics
    /// As [`Scenario::act`], at the first entry rejected.
    pub fn acts<S: AsRef<str>>(&mut self, entries: &[S]) -> &mut Self {
        for entry in entries {
            self.act(entry.as_ref());
        }
        self
    }

    /// `seat`'s legal actions in notation, in the game's order (empty when it is not to act).
    #[must_use]
    pub fn legal(&self, seat: u8) -> Vec<String> {
        let state = self.game.state();
        let mut out = Vec::new();
        state.legal_actions(Seat(seat), &mut out);
        out.into_iter().map(|a| state.action_text(a)).collect()
    }

    /// Whether `seat` may take the action written `action` now (false when it does not parse).
    #[must_use]
    pub fn is_legal(&self, seat: u8, action: &str) -> bool {
        let state = self.game.state();
        state
            .parse_action(Seat(seat), action)
            .is_ok_and(|a| state.is_legal(Seat(seat), a))
    }

    /// Applies an entry the rules must refuse and returns the name of the rule it broke.
    ///
    /// # Panics
    /// If the entry is accepted, does not parse, or is refused but changes the state.
    pub fn refused(&mut self, entry: &str) -> &'static str {
        // Until `Game` requires `PartialEq`, the debug text stands in for equality.
        let before = format!("{:?}", self.game.state());
        match self.game.apply_entry(entry) {
            Err(StepError::Illegal(e)) => {
                assert_eq!(
                    format!("{:?}", self.game.state()),
                    before,
                    "refused `{entry}` changed the state"
                );
                e.rule
            }
            other => panic!("`{entry}` should be illegal, got {other:?}"),
        }
    }

    /// [`Scenario::refused`] for `seat`'s action in notation.
    ///
    /// # Panics
    /// As [`Scenario::refused`].
    pub fn refused_by(&mut self, seat: u8, action: &str) -> &'static str {
        self.refused(&format!("{seat}: {action}"))
    }

    /// The log of everything that happened, as `viewer` may see it.
    #[must_use]
    pub fn log(&self, viewer: Viewer) -> Vec<String> {
        self.game.log(viewer)
    }

    /// Who must decide now.
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        self.game.to_act()
    }
}

impl<G: Game> Deref for Scenario<G> {
    type Target = Match<G>;

    fn deref(&self) -> &Match<G> {
        &self.game
    }
}

impl<G: Game> DerefMut for Scenario<G> {
    fn deref_mut(&mut self) -> &mut Match<G> {
        &mut self.game
    }
}
