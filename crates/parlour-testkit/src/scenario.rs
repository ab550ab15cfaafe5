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
/// // A stacked deal, then seat 0 leads.
/// let mut s = Scenario::<State>::new(4, "", 1, &[table, deal]);
/// s.act("0: play star-7");
/// assert_eq!(s.legal(1), ["play star-2", "play bone-4"]);
/// assert_eq!(s.refused_by(1, "play wave-3"), "must-follow-led-sign");
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
        let before = self.game.state().clone();
        match self.game.apply_entry(entry) {
            Err(StepError::Illegal(e)) => {
                assert!(
                    *self.game.state() == before,
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

#[cfg(test)]
mod tests {
    use std::fmt;

    use parlour_core::{
        Audit, EventSink, GameRng, IllegalAction, OptionSpec, Options, Outcome, ParseError, Search,
        SetupError,
    };
    use rand::Rng;
    use serde::Serialize;

    use super::*;

    /// Two seats take one or two counters in turn from a pile dealt by chance; whoever takes
    /// the last one wins. `take 0` is refused but, as a planted bug, counts a complaint first.
    #[derive(Clone, PartialEq, Debug)]
    struct Take {
        pile: Option<u8>,
        turn: Seat,
        last: Option<Seat>,
        complaints: u32,
    }

    #[derive(Clone, PartialEq, Eq, Debug, Serialize)]
    struct Table {
        pile: Option<u8>,
    }

    impl fmt::Display for Table {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "pile {:?}", self.pile)
        }
    }

    fn number(text: &str, word: &str) -> Result<u8, ParseError> {
        text.strip_prefix(word)
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| ParseError::new(text, format!("expected `{word} <n>`")))
    }

    impl Game for Take {
        type Action = u8;
        type Chance = u8;
        type View = Table;
        type Event = String;

        const ID: &'static str = "take";
        const NAME: &'static str = "Take";
        const PLAYERS: std::ops::RangeInclusive<u8> = 2..=2;
        const OPTIONS: &'static [OptionSpec] = &[];

        fn new(players: u8, _options: &Options) -> Result<Self, SetupError> {
            if players != 2 {
                return Err(SetupError::Invalid("two players".into()));
            }
            Ok(Take {
                pile: None,
                turn: Seat(0),
                last: None,
                complaints: 0,
            })
        }
        fn players(&self) -> u8 {
            2
        }
        fn max_steps(&self) -> Option<u64> {
            Some(u64::from(u8::MAX))
        }
        fn to_act(&self) -> ToAct {
            match self.pile {
                None => ToAct::Chance,
                Some(0) => ToAct::Terminal,
                Some(_) => ToAct::Seats(parlour_core::SeatSet::single(self.turn)),
            }
        }
        fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
            out.clear();
            if let Some(pile) = self.pile
                && seat == self.turn
            {
                out.extend((1..=2).filter(|&n| n <= pile));
            }
        }
        fn apply(
            &mut self,
            seat: Seat,
            action: u8,
            events: &mut impl EventSink<String>,
        ) -> Result<(), IllegalAction> {
            if action == 0 {
                self.complaints += 1;
            }
            if !self.is_legal(seat, action) {
                return Err(IllegalAction::new("take-one-or-two", "not now"));
            }
            self.pile = self.pile.map(|p| p - action);
            self.last = Some(seat);
            self.turn = seat.next(2);
            events.push(format!("seat {seat} takes {action}"));
            Ok(())
        }
        fn sample_chance(&self, rng: &mut GameRng) -> u8 {
            rng.random_range(3..=9)
        }
        fn apply_chance(
            &mut self,
            chance: u8,
            _events: &mut impl EventSink<String>,
        ) -> Result<(), IllegalAction> {
            if self.pile.is_some() {
                return Err(IllegalAction::wrong_node("a player decision"));
            }
            self.pile = Some(chance);
            Ok(())
        }
        fn chance_hint(&self) -> String {
            "pile <n>".into()
        }
        fn view(&self, _viewer: Option<Seat>) -> Table {
            Table { pile: self.pile }
        }
        fn describe_event(
            &self,
            event: &String,
            _viewer: Viewer,
            _: parlour_core::Voice,
        ) -> Option<String> {
            Some(event.clone())
        }
        fn scores(&self) -> Vec<i32> {
            Seat::all(2)
                .map(|s| i32::from(self.pile == Some(0) && self.last == Some(s)))
                .collect()
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.pile == Some(0)).then(|| Outcome::highest_wins(self.scores()))
        }
        fn round(&self) -> u32 {
            0
        }
        fn action_text(&self, action: u8) -> String {
            format!("take {action}")
        }
        fn parse_action(&self, _seat: Seat, text: &str) -> Result<u8, ParseError> {
            number(text, "take")
        }
        fn chance_text(&self, chance: &u8) -> String {
            format!("pile {chance}")
        }
        fn parse_chance(&self, text: &str) -> Result<u8, ParseError> {
            number(text, "pile")
        }
        fn sample_consistent(&self, _observer: Seat, _rng: &mut GameRng) -> Self {
            self.clone()
        }
    }

    impl Search for Take {
        fn evaluate(&self, _seat: Seat) -> f64 {
            0.0
        }
    }

    impl Audit for Take {
        fn check_invariants(&self) -> Result<(), String> {
            Ok(())
        }

        fn secrets(&self, _viewer: Option<Seat>) -> Vec<String> {
            Vec::new()
        }
    }

    #[test]
    fn acts_and_lists_legal_actions_in_notation() {
        let mut s = Scenario::<Take>::new(2, "", 7, &["chance: pile 4"]);
        assert_eq!(s.seat_to_act(), 0);
        assert_eq!(s.legal(0), ["take 1", "take 2"]);
        assert!(s.legal(1).is_empty());
        assert!(s.is_legal(0, "take 2") && !s.is_legal(0, "take 3") && !s.is_legal(0, "x"));
        s.act_by(0, "take 2").acts(&["1: take 1"]);
        assert_eq!(s.legal(0), ["take 1"]);
        assert_eq!(s.view(1), Table { pile: Some(1) });
        s.act("0: take 1");
        assert_eq!(s.to_act(), ToAct::Terminal);
        assert_eq!(s.state().scores(), [1, 0]);
        assert_eq!(
            s.log(Viewer::Spectator),
            ["seat 0 takes 2", "seat 1 takes 1", "seat 0 takes 1"]
        );
        assert_eq!(s.entries().len(), 4);
    }

    #[test]
    fn unstated_chance_is_drawn_from_the_seed() {
        let a = Scenario::<Take>::seeded(2, "", 3);
        let b = Scenario::<Take>::seeded(2, "", 3);
        assert_eq!(a.entries(), b.entries());
        assert!(a.entries()[0].starts_with("chance: pile "));
        assert_eq!(a.seat_to_act(), 0);
    }

    #[test]
    fn refused_names_the_rule_and_changes_nothing() {
        let mut s = Scenario::<Take>::new(2, "", 0, &["chance: pile 1"]);
        assert_eq!(s.refused("0: take 2"), "take-one-or-two");
        assert_eq!(s.refused_by(1, "take 1"), "take-one-or-two");
        assert_eq!(s.refused("chance: pile 3"), "node-kind");
        assert_eq!(s.len(), 1);
    }

    #[test]
    #[should_panic(expected = "refused `0: take 0` changed the state")]
    fn refused_catches_a_state_change() {
        let mut s = Scenario::<Take>::new(2, "", 0, &["chance: pile 5"]);
        let _ = s.refused("0: take 0");
    }

    #[test]
    #[should_panic(expected = "`0: take 1` should be illegal")]
    fn refused_panics_on_a_legal_entry() {
        let mut s = Scenario::<Take>::new(2, "", 0, &["chance: pile 5"]);
        let _ = s.refused("0: take 1");
    }

    #[test]
    #[should_panic(expected = "`1: take 1`: ")]
    fn act_names_the_entry_it_could_not_apply() {
        let mut s = Scenario::<Take>::new(2, "", 0, &["chance: pile 5"]);
        s.act("1: take 1");
    }

    #[test]
    #[should_panic(expected = "entry 1 `0: take 9`")]
    fn new_names_the_entry_that_does_not_replay() {
        let _ = Scenario::<Take>::new(2, "", 0, &["chance: pile 5", "0: take 9"]);
    }
}
