//! Coin Toss: a synthetic game whose outcome law is known exactly, for checking the lab's
//! statistics. Each seat in turn says `toss` (its one action), then one chance event names the
//! result: a single winner, a win shared by every seat, or no winner.
//!
//! Options: `first_seat_percent` (0 = every seat equally likely to win; otherwise seat 1's
//! chance in percent, the rest split evenly), `no_winner_percent` and `shared_percent`;
//! `random_start` (1: a first chance event draws the starting seat, and `first_seat_percent`
//! favours that seat instead of seat 1). A game with no winner reports itself stopped by the
//! cap `no_winner_percent`, so the lab's cap counts have a known law too.
//!
//! Skill, for the A-vs-B tests: with `call_bonus_percent` above 0 a seat may say `call`
//! instead of `toss`, and in that share of games the winner is drawn among the seats that
//! called. `greedy` always calls (the evaluation rewards it) and `random` calls half the time,
//! so at 2 players `greedy` against `random` wins `1/2 + bonus/4`: a skill edge of exactly
//! `bonus/4`. `decor` changes nothing at all.

use std::fmt;

use parlour_core::{
    Audit, EventSink, Game, GameRng, IllegalAction, Metric, OptionSpec, Options, Outcome,
    ParseError, Search, Seat, SeatSet, SetupError, ToAct, Viewer, check_players,
};
use rand::Rng;
use serde::Serialize;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec::int(
        "first_seat_percent",
        "seat 1's chance to win (0: fair)",
        0,
        0,
        100,
    ),
    OptionSpec::int("no_winner_percent", "chance of no winner", 0, 0, 100),
    OptionSpec::int(
        "random_start",
        "draw the starting seat (1) or not (0)",
        0,
        0,
        1,
    ),
    OptionSpec::int(
        "shared_percent",
        "chance every seat shares the win",
        0,
        0,
        100,
    ),
    OptionSpec::int(
        "call_bonus_percent",
        "chance the winner is drawn among the seats that called",
        0,
        0,
        100,
    ),
    OptionSpec::int("decor", "changes nothing", 0, 0, 9),
];

/// The result of the toss: `Winner(s)`, `Shared` or `Nobody`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Toss {
    /// One seat wins.
    Winner(u8),
    /// Every seat shares the win.
    Shared,
    /// Nobody wins.
    Nobody,
    /// The starting seat is drawn (`random_start`).
    Start(u8),
}

/// What happened.
#[derive(Clone, Debug)]
pub enum Event {
    /// A seat said `toss`.
    Said(Seat),
    /// The coin fell.
    Fell(Toss),
}

/// The state.
#[derive(Clone, PartialEq, Debug)]
pub struct CoinToss {
    players: u8,
    first_seat_percent: u32,
    no_winner_percent: u32,
    shared_percent: u32,
    call_bonus_percent: u32,
    called: u16,
    random_start: bool,
    start: Option<u8>,
    said: u8,
    result: Option<Toss>,
}

/// A view: everything is public.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View(String);

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Game for CoinToss {
    type Action = u8;
    type Chance = Toss;
    type View = View;
    type Event = Event;

    const ID: &'static str = "coin-toss";
    const NAME: &'static str = "Coin Toss";
    const PLAYERS: std::ops::RangeInclusive<u8> = 1..=5;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<Self>(players)?;
        let pct = |k| u32::try_from(options.int(k)).expect("0..=100");
        let s = CoinToss {
            players,
            first_seat_percent: pct("first_seat_percent"),
            no_winner_percent: pct("no_winner_percent"),
            shared_percent: pct("shared_percent"),
            call_bonus_percent: pct("call_bonus_percent"),
            called: 0,
            random_start: options.int("random_start") == 1,
            start: None,
            said: 0,
            result: None,
        };
        if s.no_winner_percent + s.shared_percent > 100 {
            return Err(SetupError::Invalid("chances above 100%".into()));
        }
        Ok(s)
    }

    fn players(&self) -> u8 {
        self.players
    }

    /// One action per seat.
    fn max_steps(&self) -> Option<u64> {
        Some(u64::from(self.players))
    }

    fn to_act(&self) -> ToAct {
        if self.result.is_some() {
            ToAct::Terminal
        } else if self.random_start && self.start.is_none() {
            ToAct::Chance
        } else if self.said < self.players {
            ToAct::Seats(SeatSet::single(Seat(self.said)))
        } else {
            ToAct::Chance
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
        out.clear();
        if self.to_act() == ToAct::Seats(SeatSet::single(seat)) {
            out.push(0);
            if self.call_bonus_percent > 0 {
                out.push(1);
            }
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: u8,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        if !self.is_legal(seat, action) {
            return Err(IllegalAction::not_your_turn(seat));
        }
        if action == 1 {
            self.called |= 1 << seat.0;
        }
        self.said += 1;
        events.push(Event::Said(seat));
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Toss {
        let n = u32::from(self.players);
        if self.random_start && self.start.is_none() {
            return Toss::Start(rng.random_range(0..n) as u8);
        }
        let start = u32::from(self.start.unwrap_or(0));
        let r = rng.random_range(0..100_000u32);
        let nobody = self.no_winner_percent * 1000;
        let shared = nobody + self.shared_percent * 1000;
        if r < nobody {
            return Toss::Nobody;
        }
        if r < shared {
            return Toss::Shared;
        }
        if self.called != 0 && rng.random_range(0..100u32) < self.call_bonus_percent {
            let callers: Vec<u8> = (0..self.players)
                .filter(|s| self.called & (1 << s) != 0)
                .collect();
            return Toss::Winner(callers[rng.random_range(0..callers.len())]);
        }
        if self.first_seat_percent == 0 || n == 1 {
            return Toss::Winner(rng.random_range(0..n) as u8);
        }
        if rng.random_range(0..100u32) < self.first_seat_percent {
            Toss::Winner(start as u8)
        } else {
            Toss::Winner(((start + rng.random_range(1..n)) % n) as u8)
        }
    }

    fn apply_chance(
        &mut self,
        chance: Toss,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        if self.to_act() != ToAct::Chance {
            return Err(IllegalAction::wrong_node("the toss"));
        }
        match chance {
            Toss::Start(s) => self.start = Some(s),
            toss => self.result = Some(toss),
        }
        events.push(Event::Fell(chance));
        Ok(())
    }

    fn chance_hint(&self) -> String {
        "toss: winner N, shared or nobody".into()
    }

    fn view(&self, _viewer: Option<Seat>) -> View {
        View(format!("{:?}", self.result))
    }

    fn describe_event(
        &self,
        event: &Event,
        _viewer: Viewer,
        _: parlour_core::Voice,
    ) -> Option<String> {
        Some(match event {
            Event::Said(seat) => format!("seat {} says toss", seat.0 + 1),
            Event::Fell(toss) => format!("the coin falls: {}", self.chance_text(toss)),
        })
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.players)
            .map(|s| match self.result {
                Some(Toss::Winner(w)) if w == s => 1,
                Some(Toss::Shared) => 1,
                _ => 0,
            })
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        let result = self.result?;
        let winners = match result {
            Toss::Winner(w) => SeatSet::single(Seat(w)),
            Toss::Shared => SeatSet::all(self.players),
            Toss::Nobody | Toss::Start(_) => SeatSet::EMPTY,
        };
        Some(Outcome {
            scores: self.scores(),
            winners,
        })
    }

    fn round(&self) -> u32 {
        1
    }

    fn action_text(&self, action: u8) -> String {
        if action == 1 { "call" } else { "toss" }.into()
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<u8, ParseError> {
        match text {
            "toss" => Ok(0),
            "call" => Ok(1),
            _ => Err(ParseError::new(text, "the actions are `toss` and `call`")),
        }
    }

    fn chance_text(&self, chance: &Toss) -> String {
        format!("{chance:?}")
    }

    fn parse_chance(&self, text: &str) -> Result<Toss, ParseError> {
        Err(ParseError::new(text, "not read back in these tests"))
    }

    fn sample_consistent(&self, _observer: Seat, _rng: &mut GameRng) -> Self {
        self.clone()
    }

    fn starting_seat(&self, _events: &[Event]) -> Option<Seat> {
        Some(Seat(self.start.unwrap_or(0)))
    }

    fn ended_by_cap(&self, _events: &[Event]) -> Option<&'static str> {
        (self.result == Some(Toss::Nobody)).then_some("no_winner_percent")
    }

    fn metrics(&self, events: &[Event]) -> Vec<Metric> {
        let mut m = vec![
            Metric::flag(
                "seat_one_won",
                "games seat 1 won alone",
                self.result == Some(Toss::Winner(0)),
            ),
            Metric::new("events", "events per game", events.len() as f64),
            // The same in every game of a player count: a fixed value, never a finding.
            Metric::new("seats", "seats at the table", f64::from(self.players)),
        ];
        if self.no_winner_percent > 0 {
            // The lab's own "no winner" measure again, as some games report it.
            m.push(Metric::flag(
                "no_winner",
                "game with no winner",
                self.result == Some(Toss::Nobody),
            ));
        }
        m
    }
}

impl Search for CoinToss {
    fn evaluate(&self, seat: Seat) -> f64 {
        if self.result.is_none() && self.called & (1 << seat.0) != 0 {
            // Calling raises the chance to win: what `greedy` sees, so it always calls.
            return 0.5;
        }
        f64::from(self.scores().get(seat.index()).copied().unwrap_or(0))
    }
}

impl Audit for CoinToss {
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    fn secrets(&self, _viewer: Option<Seat>) -> Vec<String> {
        Vec::new()
    }
}
