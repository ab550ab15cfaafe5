//! Pick: each seat in turn picks a number from 0 to 9 after a coin toss; option `rule` decides
//! who wins: `highest` (highest pick, ties share), `seat0` (seat 0 always), `tie` (everyone).
#![allow(dead_code, missing_docs)]

use std::fmt;

use parlour_core::{
    Audit, EventSink, Game, GameRng, IllegalAction, OptionKind, OptionSpec, Options, Outcome,
    ParseError, Search, Seat, SeatSet, SetupError, ToAct, Viewer, check_players,
};
use rand::Rng;
use serde::Serialize;

#[derive(Clone, PartialEq, Debug)]
pub struct State {
    players: u8,
    rule: String,
    tossed: bool,
    picks: Vec<u8>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    pub picks: Vec<u8>,
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.picks)
    }
}

impl Game for State {
    type Action = u8;
    type Chance = bool;
    type View = View;
    type Event = ();

    const ID: &'static str = "pick";
    const NAME: &'static str = "Pick";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=5;
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec {
        id: "rule",
        help: "who wins",
        kind: OptionKind::Choice {
            default: "highest",
            choices: &["highest", "seat0", "tie"],
        },
    }];

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<Self>(players)?;
        Ok(State {
            players,
            rule: options.text("rule").to_owned(),
            tossed: false,
            picks: Vec::new(),
        })
    }

    fn players(&self) -> u8 {
        self.players
    }

    /// One action per seat.
    fn max_steps(&self) -> Option<u64> {
        Some(u64::from(self.players))
    }

    fn to_act(&self) -> ToAct {
        if !self.tossed {
            ToAct::Chance
        } else if self.picks.len() < usize::from(self.players) {
            ToAct::Seats(SeatSet::single(Seat(self.picks.len() as u8)))
        } else {
            ToAct::Terminal
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
        out.clear();
        if self.to_act().seats().contains(seat) {
            out.extend(0..10);
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        a: u8,
        _: &mut impl EventSink<()>,
    ) -> Result<(), IllegalAction> {
        if !self.to_act().seats().contains(seat) {
            return Err(IllegalAction::not_your_turn(seat));
        }
        if a > 9 {
            return Err(IllegalAction::new("pick-range", "pick 0 to 9"));
        }
        self.picks.push(a);
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> bool {
        rng.random()
    }

    fn apply_chance(&mut self, _: bool, _: &mut impl EventSink<()>) -> Result<(), IllegalAction> {
        if self.tossed {
            return Err(IllegalAction::wrong_node("a pick"));
        }
        self.tossed = true;
        Ok(())
    }

    fn chance_hint(&self) -> String {
        "coin: true or false".into()
    }

    fn view(&self, _: Option<Seat>) -> View {
        View {
            picks: self.picks.clone(),
        }
    }

    fn describe_event(&self, _: &(), _: Viewer, _: parlour_core::Voice) -> Option<String> {
        None
    }

    fn scores(&self) -> Vec<i32> {
        (0..usize::from(self.players))
            .map(|i| match self.rule.as_str() {
                "seat0" => i32::from(i == 0),
                "tie" => 0,
                _ => self.picks.get(i).map_or(0, |p| i32::from(*p)),
            })
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.to_act() == ToAct::Terminal).then(|| Outcome::highest_wins(self.scores()))
    }

    fn round(&self) -> u32 {
        1
    }

    fn action_text(&self, a: u8) -> String {
        a.to_string()
    }

    fn parse_action(&self, _: Seat, text: &str) -> Result<u8, ParseError> {
        text.parse()
            .map_err(|_| ParseError::new(text, "not a number"))
    }

    fn chance_text(&self, c: &bool) -> String {
        c.to_string()
    }

    fn parse_chance(&self, text: &str) -> Result<bool, ParseError> {
        text.parse()
            .map_err(|_| ParseError::new(text, "not a coin"))
    }

    fn sample_consistent(&self, _: Seat, _: &mut GameRng) -> Self {
        self.clone()
    }
}

impl Search for State {
    fn evaluate(&self, seat: Seat) -> f64 {
        f64::from(self.scores()[seat.index()])
    }
}

impl Audit for State {
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    fn secrets(&self, _: Option<Seat>) -> Vec<String> {
        Vec::new()
    }
}
