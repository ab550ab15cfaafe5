//! Troll Draw: a synthetic card game whose card effects are known, for checking the lab's
//! "which cards swing games?". Six cards (Troll, Goblin, Pixie, Elf, Gnome, Imp); each seat is
//! dealt one, then each seat in turn keeps it or plays it, then one chance event names the
//! winner: with `troll_percent` chance the seat that played the Troll (if one did), otherwise
//! any seat, equally likely. With `troll_percent=0` no card matters.

use std::fmt;

use parlour_core::{
    CardFacts, EventSink, Game, GameRng, HandsNow, IllegalAction, OptionSpec, Options, Outcome,
    ParseError, Search, Seat, SeatSet, SetupError, ToAct, Viewer, check_players,
};
use rand::Rng;
use rand::seq::SliceRandom;
use serde::Serialize;

/// The cards, as the rules print them.
pub const CARDS: [&str; 6] = ["Troll", "Goblin", "Pixie", "Elf", "Gnome", "Imp"];

const OPTIONS: &[OptionSpec] = &[OptionSpec::int(
    "troll_percent",
    "chance that a played Troll wins",
    0,
    0,
    100,
)];

/// A chance outcome.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Draw {
    /// One card per seat, by index into [`CARDS`].
    Deal(Vec<u8>),
    /// The winning seat.
    Winner(u8),
}

/// The state.
#[derive(Clone, PartialEq, Debug)]
pub struct TrollDraw {
    players: u8,
    troll_percent: u32,
    hands: Vec<u8>,
    played: u16,
    acted: u8,
    winner: Option<u8>,
}

/// A view: everything is public.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View(String);

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Game for TrollDraw {
    type Action = u8;
    type Chance = Draw;
    type View = View;
    type Event = Draw;

    const ID: &'static str = "troll-draw";
    const NAME: &'static str = "Troll Draw";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=4;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<Self>(players)?;
        Ok(TrollDraw {
            players,
            troll_percent: u32::try_from(options.int("troll_percent")).expect("0..=100"),
            hands: Vec::new(),
            played: 0,
            acted: 0,
            winner: None,
        })
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn max_steps(&self) -> Option<u64> {
        Some(u64::from(self.players))
    }

    fn to_act(&self) -> ToAct {
        if self.hands.is_empty() {
            ToAct::Chance
        } else if self.acted < self.players {
            ToAct::Seats(SeatSet::single(Seat(self.acted)))
        } else if self.winner.is_none() {
            ToAct::Chance
        } else {
            ToAct::Terminal
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
        out.clear();
        if self.to_act() == ToAct::Seats(SeatSet::single(seat)) {
            out.extend([0, 1]);
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: u8,
        _events: &mut impl EventSink<Draw>,
    ) -> Result<(), IllegalAction> {
        if !self.is_legal(seat, action) {
            return Err(IllegalAction::not_your_turn(seat));
        }
        if action == 1 {
            self.played |= 1 << seat.0;
        }
        self.acted += 1;
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Draw {
        if self.hands.is_empty() {
            let mut deck: Vec<u8> = (0..CARDS.len() as u8).collect();
            deck.shuffle(rng);
            deck.truncate(usize::from(self.players));
            return Draw::Deal(deck);
        }
        let troll = (0..self.players).find(|&s| self.hands[usize::from(s)] == 0);
        if let Some(s) = troll.filter(|s| self.played & (1 << s) != 0)
            && rng.random_range(0..100u32) < self.troll_percent
        {
            return Draw::Winner(s);
        }
        Draw::Winner(rng.random_range(0..self.players))
    }

    fn apply_chance(
        &mut self,
        chance: Draw,
        events: &mut impl EventSink<Draw>,
    ) -> Result<(), IllegalAction> {
        if self.to_act() != ToAct::Chance {
            return Err(IllegalAction::wrong_node("the draw"));
        }
        match &chance {
            Draw::Deal(hands) => self.hands.clone_from(hands),
            Draw::Winner(w) => self.winner = Some(*w),
        }
        events.push(chance);
        Ok(())
    }

    fn chance_hint(&self) -> String {
        "deal or winner".into()
    }

    fn view(&self, _viewer: Option<Seat>) -> View {
        View(format!("{:?} {:?}", self.hands, self.winner))
    }

    fn describe_event(&self, event: &Draw, _: Viewer, _: parlour_core::Voice) -> Option<String> {
        Some(format!("{event:?}"))
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.players)
            .map(|s| i32::from(self.winner == Some(s)))
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        let w = self.winner?;
        Some(Outcome {
            scores: self.scores(),
            winners: SeatSet::single(Seat(w)),
        })
    }

    fn round(&self) -> u32 {
        1
    }

    fn action_text(&self, action: u8) -> String {
        if action == 1 { "play" } else { "keep" }.into()
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<u8, ParseError> {
        match text {
            "keep" => Ok(0),
            "play" => Ok(1),
            _ => Err(ParseError::new(text, "the actions are `keep` and `play`")),
        }
    }

    fn chance_text(&self, chance: &Draw) -> String {
        format!("{chance:?}")
    }

    fn parse_chance(&self, text: &str) -> Result<Draw, ParseError> {
        Err(ParseError::new(text, "not read back in these tests"))
    }

    fn sample_consistent(&self, _observer: Seat, _rng: &mut GameRng) -> Self {
        self.clone()
    }

    fn card_names(&self) -> Vec<String> {
        CARDS.iter().map(|&c| c.to_owned()).collect()
    }

    fn hands_now(&self, _caused: &[Draw]) -> Option<HandsNow> {
        // Declared so the lab asks "held" too: a seat holds its one card until it plays it,
        // so held is dealt here, and the two questions must agree.
        Some(HandsNow {
            hands: self.hands.iter().map(|&c| vec![u16::from(c)]).collect(),
            dealt: false,
        })
    }

    fn card_facts(&self, _events: &[Draw]) -> Option<CardFacts> {
        let seats = 0..usize::from(self.players);
        Some(CardFacts {
            dealt: seats
                .clone()
                .map(|s| vec![u16::from(self.hands[s])])
                .collect(),
            held: Vec::new(),
            played: seats
                .map(|s| {
                    if self.played & (1 << s) != 0 {
                        vec![u16::from(self.hands[s])]
                    } else {
                        Vec::new()
                    }
                })
                .collect(),
        })
    }
}

impl Search for TrollDraw {
    fn evaluate(&self, seat: Seat) -> f64 {
        f64::from(self.scores().get(seat.index()).copied().unwrap_or(0))
    }
}
