//! Tiny Tricks: a small hidden-hand trick-taking game for testing bots.
//!
//! 18 cards: suits `a`, `b`, `c`, ranks 1 to 6 (`b6` is the six of `b`). 2 to 4 players are
//! dealt 4 cards each; the rest is a face-down stock. The leader plays any card; the others
//! must follow the led suit if able; the highest card of the led suit takes the trick and
//! leads next. After each trick, while the stock holds a card for everyone, each player draws
//! one (a chance node), the trick winner first. A trick scores one point; the most points win
//! (ties share).
//!
//! Option `blind`: each trick, all players commit a card at once, face down (simultaneous
//! seats); any card may be played; the highest rank wins, ties to the higher suit (`c` > `b` >
//! `a`).
#![allow(dead_code, missing_docs)]

use std::fmt;

use parlour_core::{
    Audit, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome, ParseError,
    Search, Seat, SeatSet, SetupError, ToAct, Viewer, check_players,
};
use rand::Rng;
use rand::seq::SliceRandom;
use serde::Serialize;

pub const SUITS: u8 = 3;
pub const RANKS: u8 = 6;
pub const CARDS: u8 = SUITS * RANKS;
pub const HAND: usize = 4;
const ALL: u32 = (1 << CARDS) - 1;

pub fn suit(card: u8) -> u8 {
    card / RANKS
}

pub fn rank(card: u8) -> u8 {
    card % RANKS + 1
}

pub fn card_name(card: u8) -> String {
    format!("{}{}", (b'a' + suit(card)) as char, rank(card))
}

/// Parses `b6` into a card index.
pub fn card(text: &str) -> u8 {
    parse_card(text).unwrap_or_else(|| panic!("bad card `{text}`"))
}

fn parse_card(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..b'a' + SUITS).contains(&b[0]) || !(b'1'..=b'6').contains(&b[1]) {
        return None;
    }
    Some((b[0] - b'a') * RANKS + (b[1] - b'1'))
}

fn cards_of(set: u32) -> impl Iterator<Item = u8> {
    (0..CARDS).filter(move |c| set & (1 << c) != 0)
}

fn set_of(cards: &[u8]) -> u32 {
    cards.iter().fold(0, |s, c| s | 1 << c)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Deal,
    Play,
    Draw,
    Done,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Chance {
    /// The whole deck, top first.
    Deal(Vec<u8>),
    /// One card per player, trick winner first.
    Draw(Vec<u8>),
}

#[derive(Clone, Debug)]
pub enum Event {
    Played(Seat, u8),
    Took(Seat),
}

#[derive(Clone, PartialEq, Debug)]
pub struct State {
    players: u8,
    blind: bool,
    phase: Phase,
    hands: [u32; 4],
    stock: u32,
    /// Cards gone in finished tricks (public).
    gone: u32,
    trick: [Option<u8>; 4],
    leader: Seat,
    points: [i32; 4],
    round: u32,
    /// What [`Search::playout_rounds`] answers (not an option: tests set it directly).
    playout_rounds: Option<u32>,
    /// A stipulated reading of play for [`Search::play_log_likelihood`]: this seat's play showed
    /// that it holds this card (tests set it directly).
    hint: Option<(Seat, u8)>,
}

impl State {
    /// Sets what [`Search::playout_rounds`] answers (the game has one round, so `Some(0)` cuts
    /// every playout at once and `None` plays to the end).
    pub fn set_playout_rounds(&mut self, rounds: Option<u32>) {
        self.playout_rounds = rounds;
    }

    /// Makes [`Search::play_log_likelihood`] find worlds where `seat` holds `card` possible and
    /// the others impossible.
    pub fn set_hint(&mut self, seat: Seat, card: u8) {
        self.hint = Some((seat, card));
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub hand: Vec<String>,
    pub hand_sizes: Vec<usize>,
    pub stock: usize,
    pub gone: Vec<String>,
    /// Played cards of the current trick (blind: own card only, others `??`).
    pub trick: Vec<Option<String>>,
    pub leader: Seat,
    pub points: Vec<i32>,
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "hand {:?} trick {:?} points {:?}",
            self.hand, self.trick, self.points
        )
    }
}

impl State {
    /// A hand-built position in the play phase (`stock` and `gone` complete the deck).
    ///
    /// # Panics
    /// If the zones do not partition the deck.
    pub fn position(
        players: u8,
        blind: bool,
        hands: &[&[&str]],
        stock: &[&str],
        trick: &[(u8, &str)],
        leader: u8,
        points: &[i32],
    ) -> State {
        let mut s = State::new(players, &Options::defaults(State::OPTIONS)).expect("players");
        s.blind = blind;
        s.phase = Phase::Play;
        s.round = 1;
        for (i, h) in hands.iter().enumerate() {
            s.hands[i] = h.iter().fold(0, |acc, c| acc | 1 << card(c));
        }
        s.stock = stock.iter().fold(0, |acc, c| acc | 1 << card(c));
        for (seat, c) in trick {
            s.trick[*seat as usize] = Some(card(c));
        }
        let held = s.hands.iter().fold(s.stock, |a, h| a | h)
            | trick.iter().fold(0, |a, (_, c)| a | 1 << card(c));
        s.gone = ALL & !held;
        s.leader = Seat(leader);
        s.points[..points.len()].copy_from_slice(points);
        s.check_invariants().expect("a valid position");
        s
    }

    /// Three players with three cards each and three in the stock, seat 0 to lead, points
    /// 1-0-2.
    pub fn three_hands() -> State {
        State::position(
            3,
            false,
            &[
                &["a1", "b5", "c3"],
                &["a4", "b2", "c6"],
                &["a6", "b1", "c2"],
            ],
            &["a2", "b3", "c5"],
            &[],
            0,
            &[1, 0, 2],
        )
    }

    pub fn hand(&self, seat: Seat) -> Vec<u8> {
        cards_of(self.hands[seat.index()]).collect()
    }

    fn in_trick(&self) -> usize {
        self.trick[..self.players as usize].iter().flatten().count()
    }

    /// The seat to play next in a normal trick.
    fn next_player(&self) -> Seat {
        let mut s = self.leader;
        while self.trick[s.index()].is_some() {
            s = s.next(self.players);
        }
        s
    }

    fn can_play(&self, seat: Seat) -> bool {
        if self.phase != Phase::Play || self.trick[seat.index()].is_some() {
            return false;
        }
        self.blind || self.next_player() == seat
    }

    fn finish_trick(&mut self, events: &mut impl EventSink<Event>) {
        let n = self.players as usize;
        let cards: Vec<(usize, u8)> = (0..n).map(|i| (i, self.trick[i].expect("full"))).collect();
        let winner = if self.blind {
            cards
                .iter()
                .max_by_key(|(_, c)| (rank(*c), suit(*c)))
                .expect("cards")
                .0
        } else {
            let led = suit(self.trick[self.leader.index()].expect("led"));
            cards
                .iter()
                .filter(|(_, c)| suit(*c) == led)
                .max_by_key(|(_, c)| rank(*c))
                .expect("the lead follows itself")
                .0
        };
        for (_, c) in &cards {
            self.gone |= 1 << c;
        }
        self.trick = [None; 4];
        self.points[winner] += 1;
        self.leader = Seat(winner as u8);
        events.push(Event::Took(self.leader));
        self.phase = if self.stock.count_ones() >= u32::from(self.players) {
            Phase::Draw
        } else if self.hands.iter().all(|h| *h == 0) {
            Phase::Done
        } else {
            Phase::Play
        };
    }
}

impl Game for State {
    type Action = u8;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "tiny-tricks";
    const NAME: &'static str = "Tiny Tricks";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=4;
    const SIMULTANEOUS: bool = true;
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec::flag(
        "blind",
        "all players commit their card at once",
    )];

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<Self>(players)?;
        Ok(State {
            players,
            blind: options.flag("blind"),
            phase: Phase::Deal,
            hands: [0; 4],
            stock: 0,
            gone: 0,
            trick: [None; 4],
            leader: Seat(0),
            points: [0; 4],
            round: 0,
            playout_rounds: None,
            hint: None,
        })
    }

    fn players(&self) -> u8 {
        self.players
    }

    /// Every step plays a card.
    fn max_steps(&self) -> Option<u64> {
        Some(u64::from(CARDS))
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Deal | Phase::Draw => ToAct::Chance,
            Phase::Done => ToAct::Terminal,
            Phase::Play if self.blind => ToAct::Seats(
                Seat::all(self.players)
                    .filter(|s| self.trick[s.index()].is_none())
                    .collect(),
            ),
            Phase::Play => ToAct::Seats(SeatSet::single(self.next_player())),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
        out.clear();
        if !self.can_play(seat) {
            return;
        }
        let hand = self.hands[seat.index()];
        let mut allowed = hand;
        if let Some(led) = self.trick[self.leader.index()].filter(|_| !self.blind) {
            let suit_mask = ((1u32 << RANKS) - 1) << (suit(led) * RANKS);
            if hand & suit_mask != 0 {
                allowed = hand & suit_mask;
            }
        }
        out.extend(cards_of(allowed));
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: u8,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        if !self.can_play(seat) {
            return Err(IllegalAction::not_your_turn(seat));
        }
        if !self.is_legal(seat, action) {
            return Err(IllegalAction::new(
                "must-follow-suit",
                format!("{} cannot be played now", card_name(action.min(CARDS - 1))),
            ));
        }
        self.hands[seat.index()] &= !(1 << action);
        self.trick[seat.index()] = Some(action);
        events.push(Event::Played(seat, action));
        if self.in_trick() == self.players as usize {
            self.finish_trick(events);
        }
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        match self.phase {
            Phase::Deal => {
                let mut deck: Vec<u8> = (0..CARDS).collect();
                deck.shuffle(rng);
                Chance::Deal(deck)
            }
            Phase::Draw => {
                let mut stock: Vec<u8> = cards_of(self.stock).collect();
                let mut drawn = Vec::new();
                for _ in 0..self.players {
                    let i = rng.random_range(0..stock.len());
                    drawn.push(stock.swap_remove(i));
                }
                Chance::Draw(drawn)
            }
            _ => panic!("not a chance node"),
        }
    }

    fn apply_chance(
        &mut self,
        chance: Chance,
        _events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        match (self.phase, chance) {
            (Phase::Deal, Chance::Deal(deck)) => {
                if deck.len() != CARDS as usize || set_of(&deck) != ALL {
                    return Err(IllegalAction::new("deal", "not a permutation of the deck"));
                }
                for (i, chunk) in deck.chunks(HAND).take(self.players as usize).enumerate() {
                    self.hands[i] = set_of(chunk);
                }
                self.stock = set_of(&deck[HAND * self.players as usize..]);
                self.phase = Phase::Play;
                self.round = 1;
                Ok(())
            }
            (Phase::Draw, Chance::Draw(cards)) => {
                let set = set_of(&cards);
                if cards.len() != self.players as usize
                    || set.count_ones() != u32::from(self.players)
                    || set & !self.stock != 0
                {
                    return Err(IllegalAction::new("draw", "one stock card per player"));
                }
                let mut s = self.leader;
                for c in cards {
                    self.hands[s.index()] |= 1 << c;
                    s = s.next(self.players);
                }
                self.stock &= !set;
                self.phase = Phase::Play;
                Ok(())
            }
            _ => Err(IllegalAction::wrong_node("another node")),
        }
    }

    fn chance_hint(&self) -> String {
        "deal: 18 cards top first; draw: one card per player, trick winner first".into()
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        let n = self.players as usize;
        View {
            seat: viewer,
            hand: viewer.map_or_else(Vec::new, |s| {
                cards_of(self.hands[s.index()]).map(card_name).collect()
            }),
            hand_sizes: self.hands[..n]
                .iter()
                .map(|h| h.count_ones() as usize)
                .collect(),
            stock: self.stock.count_ones() as usize,
            gone: cards_of(self.gone).map(card_name).collect(),
            trick: (0..n)
                .map(|i| {
                    self.trick[i].map(|c| {
                        if !self.blind || viewer == Some(Seat(i as u8)) {
                            card_name(c)
                        } else {
                            "??".into()
                        }
                    })
                })
                .collect(),
            leader: self.leader,
            points: self.points[..n].to_vec(),
        }
    }

    fn describe_event(
        &self,
        event: &Event,
        viewer: Viewer,
        _: parlour_core::Voice,
    ) -> Option<String> {
        // A blind play stays face down to the others until the trick is taken.
        match event {
            Event::Played(seat, _) if self.blind && !viewer.sees_private_of(*seat) => {
                Some(format!("Played({seat:?}, ??)"))
            }
            _ => Some(format!("{event:?}")),
        }
    }

    fn scores(&self) -> Vec<i32> {
        self.points[..self.players as usize].to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Done).then(|| Outcome::highest_wins(self.scores()))
    }

    fn round(&self) -> u32 {
        self.round
    }

    fn action_text(&self, action: u8) -> String {
        card_name(action)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<u8, ParseError> {
        parse_card(text).ok_or_else(|| ParseError::new(text, "not a card"))
    }

    fn chance_text(&self, chance: &Chance) -> String {
        let cards = match chance {
            Chance::Deal(c) | Chance::Draw(c) => c,
        };
        cards
            .iter()
            .map(|c| card_name(*c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, ParseError> {
        let cards = text
            .split_whitespace()
            .map(|t| parse_card(t).ok_or_else(|| ParseError::new(t, "not a card")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(if self.phase == Phase::Deal {
            Chance::Deal(cards)
        } else {
            Chance::Draw(cards)
        })
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let n = self.players as usize;
        let mut unknown = self.stock;
        for i in 0..n {
            if i != observer.index() {
                unknown |= self.hands[i];
                if let Some(c) = self.trick[i].filter(|_| self.blind) {
                    unknown |= 1 << c;
                }
            }
        }
        // Sorted, so the result depends only on what the observer knows and the RNG.
        let mut pool: Vec<u8> = cards_of(unknown).collect();
        pool.shuffle(rng);
        let mut next = pool.into_iter();
        let mut s = self.clone();
        for i in 0..n {
            if i == observer.index() {
                continue;
            }
            let size = self.hands[i].count_ones() as usize;
            s.hands[i] = set_of(&next.by_ref().take(size).collect::<Vec<_>>());
            if self.blind && self.trick[i].is_some() {
                s.trick[i] = next.next();
            }
        }
        s.stock = set_of(&next.collect::<Vec<_>>());
        s
    }
}

impl Search for State {
    fn playout_rounds(&self) -> Option<u32> {
        self.playout_rounds
    }

    fn play_log_likelihood(&self, _observer: Seat) -> Option<f64> {
        self.hint.map(|(seat, card)| {
            if self.hands[seat.index()] & 1 << card != 0 {
                0.0
            } else {
                f64::NEG_INFINITY
            }
        })
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let best_other = (0..self.players as usize)
            .filter(|i| *i != seat.index())
            .map(|i| self.points[i])
            .max()
            .unwrap_or(0);
        let hand: u32 = cards_of(self.hands[seat.index()])
            .map(|c| u32::from(rank(c)))
            .sum();
        f64::from(self.points[seat.index()] - best_other) * 10.0 + f64::from(hand)
    }
}

impl Audit for State {
    fn check_invariants(&self) -> Result<(), String> {
        if self.phase == Phase::Deal {
            return Ok(());
        }
        let mut seen = self.stock | self.gone;
        let mut count = self.stock.count_ones() + self.gone.count_ones();
        for i in 0..self.players as usize {
            seen |= self.hands[i];
            count += self.hands[i].count_ones();
            if let Some(c) = self.trick[i] {
                seen |= 1 << c;
                count += 1;
            }
        }
        if seen != ALL || count != u32::from(CARDS) {
            return Err(format!("cards not conserved: {seen:b} ({count})"));
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut hidden = self.stock;
        for i in 0..self.players as usize {
            if viewer != Some(Seat(i as u8)) {
                hidden |= self.hands[i];
                if let Some(c) = self.trick[i].filter(|_| self.blind) {
                    hidden |= 1 << c;
                }
            }
        }
        cards_of(hidden).map(card_name).collect()
    }

    /// The last card of a blind trick turns the others face up.
    fn reveals_to(&self, seat: Seat, action: u8, observer: Seat) -> bool {
        parlour_core::shows_hidden_card(self, seat, action, observer)
    }
}
