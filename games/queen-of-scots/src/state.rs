//! The full game state and its [`Game`] implementation.

use parlour_cards::{CardSet, ZoneLedger, shuffled};
use parlour_core::{
    Audit, BySeat, EventSink, Game, GameRng, IllegalAction, MAX_SEATS, OptionSpec, Options,
    Outcome, ParseError, Search, Seat, SetupError, ToAct, Viewer, Voice, check_players,
    shows_hidden_card,
};
use rand::Rng;

use crate::chance::{Chance, check_order, deal};
use crate::event::{Event, describe};
use crate::rules::{OPTIONS, Settings};
use crate::scoring::RoundResult;
use crate::{Action, Deck, Kind, TableSet, View, notation};

/// Cards dealt to each player (spec §4).
pub const HAND_SIZE: usize = 11;
/// Most players (spec §3).
pub const MAX_PLAYERS: usize = 4;

/// Where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Chance: the first dealer is chosen.
    FirstDealer,
    /// Chance: the deck is shuffled and a round dealt.
    Deal,
    /// The current player's pick-up step (spec §6.1).
    PickUp,
    /// The current player's meld step and discard (one decision point, spec §14.4).
    Play,
    /// Chance: the pile under its top card becomes the new stock (`stock_out_reshuffle`).
    Reshuffle,
    /// The game is over.
    GameOver,
}

impl Phase {
    /// Name in views.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::FirstDealer => "first-dealer",
            Phase::Deal => "deal",
            Phase::PickUp => "pick-up",
            Phase::Play => "meld-or-discard",
            Phase::Reshuffle => "reshuffle",
            Phase::GameOver => "game-over",
        }
    }
}

/// A full Queen of Scots game state (omniscient).
#[derive(Clone, PartialEq, Debug)]
pub struct State {
    pub(crate) deck: &'static Deck,
    pub(crate) settings: Settings,
    pub(crate) players: u8,
    pub(crate) phase: Phase,
    /// The seat to act in `PickUp`/`Play`/`Reshuffle`.
    pub(crate) current: Seat,
    pub(crate) dealer: Seat,
    /// Rounds begun.
    pub(crate) round: u32,
    pub(crate) hands: BySeat<CardSet>,
    /// Cards publicly known to be in each hand: taken from the (public) pile, Crown Jewels shown
    /// for a take, or the whole hand once the round is over.
    pub(crate) known: BySeat<CardSet>,
    /// Crown Jewels shown for a (b3) take and still in the hand (a subset of `known`).
    pub(crate) shown: BySeat<CardSet>,
    pub(crate) tables: BySeat<Vec<TableSet>>,
    /// The stock, top card last.
    pub(crate) stock: Vec<u8>,
    /// The pile, bottom first.
    pub(crate) pile: Vec<u8>,
    /// Whether this round's one reshuffle (`stock_out_reshuffle`) has happened.
    pub(crate) reshuffled: bool,
    pub(crate) totals: BySeat<i32>,
    pub(crate) last_round: Option<RoundResult>,
}

impl State {
    /// A game with a given deck (the shipped one is [`Deck::standard`]).
    ///
    /// # Errors
    /// A player count outside 2..=4.
    pub fn with_deck(
        players: u8,
        options: &Options,
        deck: &'static Deck,
    ) -> Result<State, SetupError> {
        check_players::<State>(players)?;
        if deck.len() < HAND_SIZE * usize::from(players) + 1 {
            return Err(SetupError::Invalid(format!(
                "a deck of {} cards is too small for {players} players",
                deck.len()
            )));
        }
        Ok(State {
            deck,
            settings: Settings::from_options(options),
            players,
            phase: Phase::FirstDealer,
            current: Seat(0),
            dealer: Seat(0),
            round: 0,
            hands: BySeat::splat(CardSet::EMPTY),
            known: BySeat::splat(CardSet::EMPTY),
            shown: BySeat::splat(CardSet::EMPTY),
            tables: Default::default(),
            stock: Vec::with_capacity(deck.len()),
            pile: Vec::with_capacity(deck.len()),
            reshuffled: false,
            totals: BySeat::splat(0),
            last_round: None,
        })
    }

    /// The deck in use.
    #[must_use]
    pub fn deck(&self) -> &'static Deck {
        self.deck
    }

    /// The resolved options.
    #[must_use]
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is (meaningful in the pick-up and meld phases).
    #[must_use]
    pub fn current(&self) -> Seat {
        self.current
    }

    /// This round's dealer.
    #[must_use]
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// A seat's hand (omniscient).
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// A seat's sets, in the order laid down (the `SetId`s).
    #[must_use]
    pub fn sets(&self, seat: Seat) -> &[TableSet] {
        &self.tables[seat]
    }

    /// The pile, bottom card first.
    #[must_use]
    pub fn pile(&self) -> &[u8] {
        &self.pile
    }

    /// The stock, top card first.
    #[must_use]
    pub fn stock(&self) -> Vec<u8> {
        self.stock.iter().rev().copied().collect()
    }

    /// Cumulative totals by seat.
    #[must_use]
    pub fn totals(&self) -> &[i32] {
        self.totals.seats(self.players)
    }

    /// The latest scored round, if any.
    #[must_use]
    pub fn last_round(&self) -> Option<&RoundResult> {
        self.last_round.as_ref()
    }

    /// Whether the hands are open (the round is over and scored).
    pub(crate) fn hands_revealed(&self) -> bool {
        matches!(self.phase, Phase::Deal | Phase::GameOver) && self.round > 0
    }

    /// The cards of `seat`'s hand that views show to others.
    pub(crate) fn public_hand(&self, seat: Seat) -> CardSet {
        let s = seat;
        if self.hands_revealed() {
            self.hands[s]
        } else if self.settings.pile_top_only_visible {
            self.shown[s]
        } else {
            self.known[s]
        }
    }

    /// Total value of a seat's sets.
    pub(crate) fn table_value(&self, seat: Seat) -> i32 {
        self.tables[seat]
            .iter()
            .map(|t| self.deck.value_of(t.cards))
            .sum()
    }

    /// Whether `kind` is a kind of this deck.
    pub(crate) fn valid_kind(&self, kind: Kind) -> bool {
        kind.index() < self.deck.kind_count()
    }

    /// Whether `hand` holds the multiset `kinds`.
    pub(crate) fn holds(&self, hand: CardSet, kinds: &[Kind]) -> bool {
        kinds.iter().all(|k| {
            let need = kinds.iter().filter(|x| *x == k).count() as u32;
            self.deck.count(hand, *k) >= need
        })
    }

    /// Takes one card of `kind` out of `seat`'s hand: a publicly known copy first (so what the
    /// table knows stays true), else the lowest. The caller has checked the hand holds one.
    pub(crate) fn remove_kind(&mut self, seat: Seat, kind: Kind) -> u8 {
        let s = seat;
        let copies = self.hands[s].and(self.deck.mask(kind));
        let card = copies
            .and(self.shown[s])
            .first()
            .or_else(|| copies.and(self.known[s]).first())
            .or_else(|| copies.first())
            .expect("the caller checked the hand holds the kind");
        self.hands[s].remove(card);
        self.known[s].remove(card);
        self.shown[s].remove(card);
        card
    }

    fn check_action(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        match self.phase {
            Phase::PickUp | Phase::Play => {}
            Phase::GameOver => return Err(IllegalAction::new("game-over", "the game is over")),
            _ => return Err(IllegalAction::wrong_node("a chance event")),
        }
        if seat != self.current || seat.0 >= self.players {
            return Err(IllegalAction::not_your_turn(seat));
        }
        let kinds_ok = match action {
            Action::DrawStock | Action::PassStockEmpty => true,
            Action::TakePile { pair }
            | Action::TakePileWithJewels {
                place: crate::JewelPlacement::NewSet { pair },
            } => pair.iter().all(|k| self.valid_kind(*k)),
            Action::TakePileWithJewels { .. } => true,
            Action::MeldNew { cards } => cards.iter().all(|k| self.valid_kind(*k)),
            Action::AddToSet { card, .. } | Action::Discard { card } => self.valid_kind(card),
        };
        if !kinds_ok {
            return Err(IllegalAction::new(
                "unknown-card",
                "the action names a card kind this deck does not have",
            ));
        }
        match (self.phase, action.is_pick_up()) {
            (Phase::PickUp, true) => self.check_pick_up(action),
            (Phase::PickUp, false) => Err(IllegalAction::new(
                "pick-up-first",
                "a turn starts by drawing from the stock or taking the pile",
            )),
            (_, true) => Err(IllegalAction::new(
                "one-pick-up-per-turn",
                "this turn's pick-up is done: meld, add or discard",
            )),
            (_, false) => self.check_play(action),
        }
    }

    fn apply_first_dealer(
        &mut self,
        seat: Seat,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        if seat.0 >= self.players {
            return Err(IllegalAction::new(
                "first-dealer",
                format!("seat {seat} is not at a {}-player table", self.players),
            ));
        }
        self.dealer = seat;
        self.phase = Phase::Deal;
        events.push(Event::FirstDealer { dealer: seat });
        Ok(())
    }

    fn apply_deal(
        &mut self,
        order: &[u8],
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        check_order(order, self.deck.all(), self.deck).map_err(|e| {
            IllegalAction::new(
                "deal-is-whole-deck",
                format!("not a shuffle of the whole deck: {e}"),
            )
        })?;
        let dealt = deal(order, self.players, self.dealer);
        self.round += 1;
        self.hands = dealt.hands;
        self.known = BySeat::splat(CardSet::EMPTY);
        self.shown = BySeat::splat(CardSet::EMPTY);
        for t in &mut self.tables {
            t.clear();
        }
        self.stock.clear();
        self.stock.extend_from_slice(&dealt.stock);
        self.pile.clear();
        self.pile.push(dealt.up);
        self.reshuffled = false;
        self.current = self.dealer.next(self.players);
        self.phase = Phase::PickUp;
        events.push(Event::Dealt {
            round: self.round,
            dealer: self.dealer,
            up: dealt.up,
            hands: dealt.hands,
        });
        Ok(())
    }

    fn pile_under_top(&self) -> CardSet {
        let n = self.pile.len().saturating_sub(1);
        self.pile[..n].iter().copied().collect()
    }

    fn apply_reshuffle(
        &mut self,
        order: &[u8],
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        check_order(order, self.pile_under_top(), self.deck).map_err(|e| {
            IllegalAction::new(
                "reshuffle-is-pile-under-top",
                format!("not a shuffle of the pile under its top card: {e}"),
            )
        })?;
        let top = *self
            .pile
            .last()
            .expect("a reshuffle needs a pile of two or more");
        self.pile.clear();
        self.pile.push(top);
        self.stock.clear();
        self.stock.extend(order.iter().rev());
        self.reshuffled = true;
        self.phase = Phase::PickUp;
        events.push(Event::Reshuffled {
            count: order.len() as u8,
        });
        Ok(())
    }

    /// Seats other than `observer` and what of each hand stays fixed in a determinization.
    pub(crate) fn fixed_part(&self, seat: Seat) -> CardSet {
        if self.hands_revealed() {
            self.hands[seat]
        } else {
            self.known[seat]
        }
    }

    /// Mean value of a card, for guessing the value of unseen cards.
    fn mean_value(&self) -> f64 {
        f64::from(self.deck.value_of(self.deck.all())) / self.deck.len() as f64
    }
}

impl Game for State {
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "queen-of-scots";
    const NAME: &'static str = "Queen of Scots";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=4;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        let deck = Deck::standard().map_err(|e| SetupError::Invalid(e.to_string()))?;
        State::with_deck(players, options, deck)
    }

    fn players(&self) -> u8 {
        self.players
    }

    /// At most `max_rounds` rounds. In a round of a `c`-card deck the stock is dealt or refilled
    /// at most twice, so at most `2c` draws; every pile take lays a card on the table for good,
    /// so at most `c` takes; at most two passes. Each pick-up is followed by at most one
    /// discard, and every meld or addition lays cards down for good, at most `c` in a round.
    fn max_steps(&self) -> Option<u64> {
        let c = self.deck.len() as u64;
        let round = 2 * (3 * c + 2) + c;
        Some(u64::from(self.settings.max_rounds) * round)
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::FirstDealer | Phase::Deal | Phase::Reshuffle => ToAct::Chance,
            Phase::PickUp | Phase::Play => {
                ToAct::Seats(parlour_core::SeatSet::single(self.current))
            }
            Phase::GameOver => ToAct::Terminal,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat != self.current {
            return;
        }
        match self.phase {
            Phase::PickUp => self.pick_up_actions(seat, out),
            Phase::Play => self.play_actions(seat, out),
            _ => {}
        }
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.check_action(seat, action).is_ok()
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        self.check_action(seat, action)?;
        if action.is_pick_up() {
            self.apply_pick_up(seat, action, events);
        } else {
            self.apply_play(seat, action, events);
        }
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        match self.phase {
            Phase::FirstDealer => Chance::FirstDealer(Seat(rng.random_range(0..self.players))),
            Phase::Reshuffle => Chance::Reshuffle(shuffled(self.pile_under_top(), rng)),
            _ => Chance::Deal(shuffled(self.deck.all(), rng)),
        }
    }

    fn apply_chance(
        &mut self,
        chance: Chance,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        match (self.phase, chance) {
            (Phase::FirstDealer, Chance::FirstDealer(seat)) => {
                self.apply_first_dealer(seat, events)
            }
            (Phase::Deal, Chance::Deal(order)) => self.apply_deal(&order, events),
            (Phase::Reshuffle, Chance::Reshuffle(order)) => self.apply_reshuffle(&order, events),
            (Phase::FirstDealer, _) => Err(IllegalAction::wrong_node(
                "the choice of the first dealer (`dealer <seat>`)",
            )),
            (Phase::Deal, _) => Err(IllegalAction::wrong_node("a deal (`deal <card ids>`)")),
            (Phase::Reshuffle, _) => Err(IllegalAction::wrong_node(
                "a reshuffle (`reshuffle <card ids>`)",
            )),
            (Phase::GameOver, _) => Err(IllegalAction::new("game-over", "the game is over")),
            _ => Err(IllegalAction::wrong_node("a player decision")),
        }
    }

    fn chance_hint(&self) -> String {
        match self.phase {
            Phase::FirstDealer => format!("first dealer: `dealer <seat 0..{}>`", self.players - 1),
            Phase::Deal => format!(
                "deal: `deal` and the {} card ids of the shuffled deck, top first (11 to each \
                 player one at a time from the dealer's left, then the turned-up card, then the \
                 stock)",
                self.deck.len()
            ),
            Phase::Reshuffle => format!(
                "reshuffle: `reshuffle` and the {} card ids of the pile under its top card in the \
                 new stock's order, top first",
                self.pile.len().saturating_sub(1)
            ),
            _ => "no chance event is due".to_owned(),
        }
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::new(self, viewer)
    }

    fn describe_event(&self, event: &Event, viewer: Viewer, voice: Voice) -> Option<String> {
        match voice.names() {
            Some(names) => crate::event::narrate(self, event, viewer, names),
            None => describe(self, event, viewer),
        }
    }

    fn scores(&self) -> Vec<i32> {
        self.totals().to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::GameOver).then(|| Outcome::highest_wins(self.scores()))
    }

    fn round(&self) -> u32 {
        self.round
    }

    fn action_text(&self, action: Action) -> String {
        notation::action_text(self.deck, action)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ParseError> {
        notation::parse_action(self.deck, text)
    }

    fn chance_text(&self, chance: &Chance) -> String {
        chance.text(self.deck)
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, ParseError> {
        Chance::parse(text, self.deck)
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        crate::resample::sample(self, observer, rng)
    }

    fn metrics(&self, events: &[Event]) -> Vec<parlour_core::Metric> {
        crate::metrics::metrics(self, events)
    }

    fn card_names(&self) -> Vec<String> {
        crate::metrics::card_names(self.deck)
    }

    fn card_facts(&self, events: &[Event]) -> Option<parlour_core::CardFacts> {
        Some(crate::metrics::card_facts(self, events))
    }

    fn hands_now(&self, caused: &[Event]) -> Option<parlour_core::HandsNow> {
        crate::metrics::hands_now(self, caused)
    }

    fn starting_seat(&self, events: &[Event]) -> Option<Seat> {
        // The first round's first player sits left of the first dealer (spec §3).
        events.iter().find_map(|e| match e {
            Event::FirstDealer { dealer } => Some(dealer.offset(1, self.players())),
            _ => None,
        })
    }
}

impl Search for State {
    /// One round: the race to 1000 takes about seven rounds, and random play through the later
    /// deals is only noise; `evaluate` between rounds is the lead in the totals.
    fn playout_rounds(&self) -> Option<u32> {
        Some(1)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        if matches!(
            self.phase,
            Phase::Deal | Phase::GameOver | Phase::FirstDealer
        ) {
            // Between rounds the totals already hold the last round's tables and hands, which
            // stay on the table until the next deal.
            let best_other = Seat::all(self.players)
                .filter(|o| *o != seat)
                .map(|o| self.totals[o])
                .max()
                .unwrap_or(0);
            return f64::from(self.totals[seat] - best_other);
        }
        let mean = self.mean_value();
        let projected = |o: Seat| -> f64 {
            let base = f64::from(self.totals[o] + self.table_value(o));
            if o == seat {
                base - f64::from(self.deck.value_of(self.hands[o]))
            } else {
                let public = self.public_hand(o);
                let hidden = self.hands[o].len() - public.len();
                base - f64::from(self.deck.value_of(public)) - mean * f64::from(hidden)
            }
        };
        let best_other = Seat::all(self.players)
            .filter(|o| *o != seat)
            .map(projected)
            .fold(f64::NEG_INFINITY, f64::max);
        projected(seat) - best_other
    }
}

impl Audit for State {
    fn check_invariants(&self) -> Result<(), String> {
        let deck = self.deck;
        if self.current.0 >= self.players || self.dealer.0 >= self.players {
            return Err("current player or dealer out of range".to_owned());
        }
        let mut ledger = ZoneLedger::new(|c| deck.card_id(c).to_owned());
        for s in Seat::all(self.players) {
            ledger.place(format_args!("hand {s}"), self.hands[s])?;
            for (i, t) in self.tables[s].iter().enumerate() {
                ledger.place(format_args!("set {i} of seat {s}"), t.cards)?;
            }
        }
        ledger.place_cards("the stock", self.stock.iter().copied())?;
        ledger.place_cards("the pile", self.pile.iter().copied())?;
        if let Some(i) = Seat::all(MAX_SEATS as u8)
            .skip(usize::from(self.players))
            .find(|&s| !self.hands[s].is_empty() || !self.tables[s].is_empty())
        {
            return Err(format!("seat {i} is not at the table but holds cards"));
        }
        if self.round == 0 {
            if !ledger.placed().is_empty() {
                return Err("cards are out before the first deal".to_owned());
            }
        } else {
            ledger.finish(deck.all())?;
        }
        for s in Seat::all(self.players) {
            if !self.known[s].is_subset(self.hands[s]) {
                return Err(format!("a card known to be in hand {s} is not there"));
            }
            if !self.shown[s].is_subset(self.known[s].and(deck.wild_cards())) {
                return Err(format!(
                    "shown Crown Jewels of seat {s} are not known wild cards in hand"
                ));
            }
            for t in &self.tables[s] {
                t.check(deck).map_err(|e| format!("seat {s}: {e}"))?;
            }
        }
        if matches!(self.phase, Phase::PickUp | Phase::Play) && self.hands[self.current].is_empty()
        {
            return Err("the player to act has an empty hand".to_owned());
        }
        if self.phase == Phase::Reshuffle && self.pile.len() < 2 {
            return Err("a reshuffle is due with fewer than two pile cards".to_owned());
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut hidden: CardSet = self.stock.iter().copied().collect();
        for o in Seat::all(self.players).filter(|o| Some(*o) != viewer) {
            hidden = hidden.or(self.hands[o].minus(self.public_hand(o)));
        }
        self.deck.card_ids(hidden)
    }

    /// A step that shows a seat a card it could not see: a card drawn, or the copy a discard names only by its name.
    fn reveals_to(&self, seat: Seat, action: Action, observer: Seat) -> bool {
        shows_hidden_card(self, seat, action, observer)
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::rng_from_seed;

    use super::*;

    fn dealt(players: u8, seed: u64) -> State {
        let mut s = State::new(players, &Options::defaults(State::OPTIONS)).unwrap();
        let mut rng = rng_from_seed(seed);
        while s.to_act() == ToAct::Chance {
            let c = s.sample_chance(&mut rng);
            s.apply_chance(c, &mut ()).unwrap();
        }
        s
    }

    #[test]
    fn between_rounds_evaluate_is_the_lead_in_the_totals() {
        let mut checked = 0;
        for seed in 0..4 {
            let mut s = dealt(3, seed);
            let mut rng = rng_from_seed(100 + seed);
            let mut buf = Vec::new();
            // Random play to the end of the first round.
            while s.phase() != Phase::Deal && s.phase() != Phase::GameOver {
                match s.to_act() {
                    ToAct::Chance => {
                        let c = s.sample_chance(&mut rng);
                        s.apply_chance(c, &mut ()).unwrap();
                    }
                    ToAct::Seats(seats) => {
                        let seat = seats.first().unwrap();
                        s.legal_actions(seat, &mut buf);
                        let a = buf[rng.random_range(0..buf.len())];
                        s.apply(seat, a, &mut ()).unwrap();
                    }
                    ToAct::Terminal => break,
                }
            }
            if s.phase() != Phase::Deal {
                continue;
            }
            // The last round's tables and hands are still laid out, already in the totals.
            assert!(
                s.tables.iter().any(|t| !t.is_empty()) || s.hands.iter().any(|h| !h.is_empty())
            );
            let t = s.totals.into_array();
            assert_eq!(s.evaluate(Seat(0)), f64::from(t[0] - t[1].max(t[2])));
            assert_eq!(s.evaluate(Seat(2)), f64::from(t[2] - t[0].max(t[1])));
            checked += 1;
        }
        assert!(checked > 0);
    }

    #[test]
    fn first_player_sits_left_of_the_dealer() {
        for seed in 0..8 {
            let s = dealt(3, seed);
            assert_eq!(s.current(), s.dealer().next(3));
            assert_eq!(s.phase(), Phase::PickUp);
        }
    }

    #[test]
    fn known_copies_leave_the_hand_first() {
        let mut s = dealt(2, 1);
        let seat = s.current();
        let deck = s.deck;
        // Give the seat two Knox: one publicly known (as if taken from the pile), one not.
        let knox = deck.parse_kind("john-knox").unwrap();
        let copies: Vec<u8> = deck.mask(knox).iter().collect();
        for c in &copies[..2] {
            for h in &mut s.hands {
                h.remove(*c);
            }
            s.stock.retain(|x| x != c);
            s.pile.retain(|x| x != c);
            s.hands[seat].insert(*c);
        }
        s.known[seat].insert(copies[1]);
        assert_eq!(s.remove_kind(seat, knox), copies[1]);
        assert_eq!(s.remove_kind(seat, knox), copies[0]);
        assert!(s.known[seat].is_empty());
    }

    #[test]
    fn sample_consistent_keeps_what_the_observer_knows() {
        let mut s = dealt(3, 2);
        let other = s.current().next(3);
        let known = s.hands[other].first().unwrap();
        s.known[other].insert(known);
        let observer = s.current();
        let mut rng = rng_from_seed(9);
        let r = s.sample_consistent(observer, &mut rng);
        assert_eq!(r.hands[observer], s.hands[observer]);
        assert!(r.hands[other].contains(known));
        assert_eq!(r.stock.len(), s.stock.len());
        assert_eq!(r.view(Some(observer)), s.view(Some(observer)));
        r.check_invariants().unwrap();
        let differs = (0..20).any(|i| {
            s.sample_consistent(observer, &mut rng_from_seed(i)).hands[other] != s.hands[other]
        });
        assert!(differs, "hidden cards are really resampled");
    }

    #[test]
    fn invariants_catch_a_card_in_two_places() {
        let mut s = dealt(4, 3);
        s.check_invariants().unwrap();
        let c = s.hands[Seat(0)].first().unwrap();
        s.hands[Seat(1)].insert(c);
        assert!(s.check_invariants().unwrap_err().contains("two places"));
    }

    #[test]
    fn bad_input_never_panics() {
        let mut s = dealt(2, 4);
        let seat = s.current();
        for a in [
            Action::Discard { card: Kind(200) },
            Action::MeldNew {
                cards: [Kind(99), Kind(0), Kind(0)],
            },
            Action::AddToSet {
                set: 255,
                card: Kind(0),
            },
            Action::TakePileWithJewels {
                place: crate::JewelPlacement::ExistingSet(200),
            },
        ] {
            assert!(s.apply(seat, a, &mut ()).is_err());
        }
        assert_eq!(
            s.apply(Seat(9), Action::DrawStock, &mut ())
                .unwrap_err()
                .rule,
            "turn-order"
        );
    }

    #[test]
    fn evaluate_rewards_laying_cards_down() {
        let mut s = dealt(2, 5);
        let seat = s.current();
        let before = s.evaluate(seat);
        let card = s.hands[seat].first().unwrap();
        s.hands[seat].remove(card);
        s.pile.push(card);
        assert!(s.evaluate(seat) > before);
    }
}
