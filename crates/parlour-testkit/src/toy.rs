//! High Card: a complete, tiny game with hidden hands and a chance deal, small enough to read
//! in one sitting. It is the worked example of `docs/adding-a-game.md` and the game the
//! conformance suite's own tests break on purpose.
//!
//! Rules: nine cards, `c1` to `c9` (higher number, higher card). Two or three players. The
//! deal (a chance node) shuffles the deck and gives three cards to each seat, seat 0 first;
//! the rest is a face-down stock nobody sees. Then one trick: seat 0, seat 1, … each play one
//! card face up, any card of their hand. The highest card takes the trick and scores 1; the
//! others score 0.
//!
//! ```
//! use parlour_core::{Game, Options, Seat, SeatSet, ToAct};
//! use parlour_testkit::toy::HighCard;
//!
//! let mut state = HighCard::new(2, &Options::defaults(HighCard::OPTIONS)).expect("2 players");
//! let deal = state.parse_chance("deal c1 c2 c3 c4 c5 c6 c7 c8 c9").expect("a deck order");
//! state.apply_chance(deal, &mut ()).expect("a permutation of the deck");
//! assert_eq!(state.to_act(), ToAct::Seats(SeatSet::single(Seat(0))));
//!
//! let mut legal = Vec::new();
//! state.legal_actions(Seat(0), &mut legal);
//! assert_eq!(legal, [1, 2, 3]);
//! state.apply(Seat(0), 3, &mut ()).expect("c3 is in seat 0's hand");
//! state.apply(Seat(1), 4, &mut ()).expect("c4 is in seat 1's hand");
//! let outcome = state.outcome().expect("one trick, then over");
//! assert_eq!((outcome.scores, outcome.winners), (vec![0, 1], SeatSet::single(Seat(1))));
//! ```

use std::fmt;
use std::ops::RangeInclusive;

use parlour_core::{
    Audit, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome, ParseError,
    Search, Seat, SeatSet, SetupError, ToAct, Viewer, check_players,
};
use rand::seq::SliceRandom;
use serde::Serialize;

/// Cards in the deck, `c1` to `c9`.
pub const CARDS: u8 = 9;
/// Cards dealt to each seat.
pub const HAND_SIZE: u8 = 3;
/// Most seats at the table.
pub const MAX_PLAYERS: usize = 3;
/// Bit `c` for each card `c` of the deck (bit 0 unused).
const DECK: u16 = ((1 << CARDS) - 1) << 1;

/// A card, `1..=9`.
pub type Card = u8;

/// The card's id in notation and views (`c7`).
#[must_use]
pub fn card_id(card: Card) -> String {
    format!("c{card}")
}

fn parse_card(text: &str) -> Result<Card, ParseError> {
    text.strip_prefix('c')
        .and_then(|n| n.parse::<Card>().ok())
        .filter(|c| (1..=CARDS).contains(c))
        .ok_or_else(|| ParseError::new(text, "not a card (`c1` to `c9`)"))
}

fn cards_of(set: u16) -> impl Iterator<Item = Card> {
    (1..=CARDS).filter(move |c| set & (1 << c) != 0)
}

fn bit(card: Card) -> u16 {
    1 << card
}

/// A random event: the whole deck order, top first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deal(pub Vec<Card>);

/// Something that happened, for logs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// The cards were dealt.
    Dealt,
    /// A seat played a card face up.
    Played(Seat, Card),
    /// A seat took the trick.
    Took(Seat),
}

/// What one viewer may know of a game of High Card.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Whose view it is (`None`: a spectator).
    pub seat: Option<Seat>,
    /// The viewer's own hand (empty for a spectator).
    pub hand: Vec<String>,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<u8>,
    /// Cards in the stock.
    pub stock: u8,
    /// Each seat's card on the table, if played (face up, so public).
    pub played: Vec<Option<String>>,
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hand [{}] table", self.hand.join(" "))?;
        for p in &self.played {
            write!(f, " {}", p.as_deref().unwrap_or("-"))?;
        }
        Ok(())
    }
}

/// A game of High Card: the whole (omniscient) state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HighCard {
    players: u8,
    /// Whether the deal has happened.
    dealt: bool,
    /// Bit `c` per card in each seat's hand.
    hands: [u16; MAX_PLAYERS],
    /// The face-down rest of the deck.
    stock: u16,
    /// Each seat's card on the table.
    played: [Option<Card>; MAX_PLAYERS],
}

impl HighCard {
    /// The cards in `seat`'s hand, lowest first (omniscient).
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        cards_of(self.hands[seat.index()]).collect()
    }

    /// The seat to play next, if the trick is not over.
    fn next_seat(&self) -> Option<Seat> {
        if !self.dealt {
            return None;
        }
        Seat::all(self.players).find(|s| self.played[s.index()].is_none())
    }

    fn seats(&self) -> usize {
        usize::from(self.players)
    }
}

impl Game for HighCard {
    type Action = Card;
    type Chance = Deal;
    type View = View;
    type Event = Event;

    const ID: &'static str = "high-card";
    const NAME: &'static str = "High Card";
    const PLAYERS: RangeInclusive<u8> = 2..=3;
    const OPTIONS: &'static [OptionSpec] = &[];

    fn new(players: u8, _options: &Options) -> Result<Self, SetupError> {
        check_players::<Self>(players)?;
        Ok(HighCard {
            players,
            dealt: false,
            hands: [0; MAX_PLAYERS],
            stock: 0,
            played: [None; MAX_PLAYERS],
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
        if !self.dealt {
            return ToAct::Chance;
        }
        match self.next_seat() {
            Some(seat) => ToAct::Seats(SeatSet::single(seat)),
            None => ToAct::Terminal,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Card>) {
        out.clear();
        if self.next_seat() == Some(seat) {
            out.extend(cards_of(self.hands[seat.index()]));
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        card: Card,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        // Every check comes before the first change, so an error leaves the state as it was.
        if self.next_seat() != Some(seat) {
            return Err(IllegalAction::not_your_turn(seat));
        }
        if !(1..=CARDS).contains(&card) || self.hands[seat.index()] & bit(card) == 0 {
            return Err(IllegalAction::new(
                "play-from-hand",
                format!("{} is not in seat {seat}'s hand", card_id(card)),
            ));
        }
        self.hands[seat.index()] &= !bit(card);
        self.played[seat.index()] = Some(card);
        events.push(Event::Played(seat, card));
        if self.next_seat().is_none() {
            events.push(Event::Took(self.winner().expect("every seat has played")));
        }
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Deal {
        let mut deck: Vec<Card> = (1..=CARDS).collect();
        deck.shuffle(rng);
        Deal(deck)
    }

    fn apply_chance(
        &mut self,
        deal: Deal,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        if self.dealt {
            return Err(IllegalAction::wrong_node("a seat's play"));
        }
        let set = deal
            .0
            .iter()
            .fold(0u16, |s, &c| s | 1u16.checked_shl(c.into()).unwrap_or(0));
        // A missing, repeated or foreign card makes the set differ from the deck.
        if deal.0.len() != usize::from(CARDS) || set != DECK {
            return Err(IllegalAction::new(
                "deal",
                "not an order of the nine cards c1 to c9",
            ));
        }
        let hand = usize::from(HAND_SIZE);
        for (seat, cards) in deal.0.chunks(hand).take(self.seats()).enumerate() {
            self.hands[seat] = cards.iter().fold(0, |s, &c| s | bit(c));
        }
        self.stock = deal.0[hand * self.seats()..]
            .iter()
            .fold(0, |s, &c| s | bit(c));
        self.dealt = true;
        events.push(Event::Dealt);
        Ok(())
    }

    fn chance_hint(&self) -> String {
        "deal: the nine cards c1 to c9 in shuffled order, top first".into()
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        let n = self.seats();
        View {
            seat: viewer,
            hand: viewer.map_or_else(Vec::new, |s| {
                cards_of(self.hands[s.index()]).map(card_id).collect()
            }),
            hand_sizes: self.hands[..n]
                .iter()
                .map(|h| h.count_ones() as u8)
                .collect(),
            stock: self.stock.count_ones() as u8,
            played: self.played[..n].iter().map(|c| c.map(card_id)).collect(),
        }
    }

    fn describe_event(
        &self,
        event: &Event,
        _viewer: Viewer,
        _: parlour_core::Voice,
    ) -> Option<String> {
        // Every event is public: plays are face up and the deal shows no card.
        Some(match event {
            Event::Dealt => "the cards are dealt".into(),
            Event::Played(seat, card) => format!("seat {seat} plays {}", card_id(*card)),
            Event::Took(seat) => format!("seat {seat} takes the trick"),
        })
    }

    fn scores(&self) -> Vec<i32> {
        let winner = self.winner();
        Seat::all(self.players)
            .map(|s| i32::from(Some(s) == winner))
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.to_act() == ToAct::Terminal).then(|| Outcome::highest_wins(self.scores()))
    }

    fn round(&self) -> u32 {
        u32::from(self.dealt)
    }

    fn action_text(&self, card: Card) -> String {
        card_id(card)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Card, ParseError> {
        parse_card(text)
    }

    fn chance_text(&self, deal: &Deal) -> String {
        let mut text = String::from("deal");
        for &c in &deal.0 {
            text.push(' ');
            text.push_str(&card_id(c));
        }
        text
    }

    fn parse_chance(&self, text: &str) -> Result<Deal, ParseError> {
        let mut words = text.split_whitespace();
        if words.next() != Some("deal") {
            return Err(ParseError::new(text, "a deal starts with `deal`"));
        }
        words.map(parse_card).collect::<Result<_, _>>().map(Deal)
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        // The observer sees its own hand and the table; the other hands and the stock are one
        // pool, dealt back with the same sizes. Listed lowest first, so the draw depends only
        // on what the observer knows and on `rng`.
        let others = |s: &Seat| *s != observer;
        let mut pool: Vec<Card> = Seat::all(self.players)
            .filter(others)
            .flat_map(|s| cards_of(self.hands[s.index()]))
            .chain(cards_of(self.stock))
            .collect();
        pool.sort_unstable();
        pool.shuffle(rng);
        let mut pool = pool.into_iter();
        let mut sample = self.clone();
        for s in Seat::all(self.players).filter(others) {
            let size = self.hands[s.index()].count_ones() as usize;
            sample.hands[s.index()] = pool.by_ref().take(size).fold(0, |h, c| h | bit(c));
        }
        sample.stock = pool.fold(0, |h, c| h | bit(c));
        sample
    }
}

impl Search for HighCard {
    fn evaluate(&self, seat: Seat) -> f64 {
        let best = cards_of(self.hands[seat.index()]).max().unwrap_or(0);
        f64::from(self.scores()[seat.index()]) * 10.0 + f64::from(best)
    }
}

impl Audit for HighCard {
    fn hidden_placement_is_free(&self, _observer: Seat) -> bool {
        // A card played shows nothing about the rest of the hand: any card may be played.
        true
    }

    fn check_invariants(&self) -> Result<(), String> {
        if !self.dealt {
            return Ok(());
        }
        let n = self.seats();
        let zones = self.hands[..n]
            .iter()
            .copied()
            .chain([self.stock])
            .chain(self.played[..n].iter().flatten().map(|&c| bit(c)));
        let (mut union, mut count) = (0u16, 0);
        for z in zones {
            union |= z;
            count += z.count_ones();
        }
        if union != DECK || count != u32::from(CARDS) {
            return Err(format!("cards not conserved: {union:#b} in {count} places"));
        }
        for s in Seat::all(self.players) {
            let held =
                self.hands[s.index()].count_ones() + u32::from(self.played[s.index()].is_some());
            if held != u32::from(HAND_SIZE) {
                return Err(format!("seat {s} holds {held} cards, not {HAND_SIZE}"));
            }
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut hidden = self.stock;
        for s in Seat::all(self.players).filter(|&s| Some(s) != viewer) {
            hidden |= self.hands[s.index()];
        }
        cards_of(hidden).map(card_id).collect()
    }
}

impl HighCard {
    /// The seat holding the highest card played, once every seat has played.
    fn winner(&self) -> Option<Seat> {
        if !self.dealt || self.next_seat().is_some() {
            return None;
        }
        Seat::all(self.players).max_by_key(|s| self.played[s.index()])
    }
}

mod encoding;
#[cfg(test)]
mod flawed;
mod registration;

pub use registration::REGISTRATION;
