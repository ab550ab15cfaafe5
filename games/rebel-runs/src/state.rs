//! The full (omniscient) state of a game of Rebel Runs and its [`Game`] implementation.

use parlour_cards::{CardSet, ZoneLedger};
use parlour_core::{
    Audit, BySeat, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome,
    ParseError, Search, Seat, SetupError, ToAct, Viewer, Voice, check_players,
};
use parlour_fey::{Card, FeyTable, Mat, Sign, TableSetup, card_name, full_deck};

use crate::chance::{Chance, parse_order};
use crate::event::Event;
use crate::meld::{Meld, MeldKind, check_meld};
use crate::phase::{HandEnd, Phase};
use crate::rules::{OPTIONS, Rules};
use crate::scoring::meld_points;
use crate::view::View;
use crate::{Action, notation};

/// Most seats.
pub const MAX_PLAYERS: usize = 7;
/// Cards dealt to each player (§3.1).
pub const HAND_SIZE: u32 = 7;
/// Most melds one hand can hold: every meld has at least 3 of the 88 cards.
pub const MAX_MELDS: usize = 29;

/// What is known of the last finished hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HandSummary {
    /// Hand number, from 0.
    pub hand: u8,
    /// Why it ended.
    pub reason: HandEnd,
    /// Each seat's points for it.
    pub scores: BySeat<i32>,
}

/// A game of Rebel Runs: every card's place, the melds, the scores, whose turn it is.
///
/// The stock keeps the order of the deal, so a stock draw is not a chance node; the stock order
/// is hidden from every view and [`Game::sample_consistent`] reshuffles it with the other unknown
/// cards.
#[derive(Clone, PartialEq, Debug)]
pub struct State {
    pub(crate) rules: Rules,
    pub(crate) players: u8,
    pub(crate) phase: Phase,
    /// The hand being played (or set up next), from 0.
    pub(crate) hand_no: u8,
    pub(crate) first_player: Seat,
    /// The mat and signs (set up, with the first player, at the opening).
    pub(crate) table: FeyTable,
    pub(crate) current: Seat,
    pub(crate) hands: BySeat<CardSet>,
    /// Cards every seat knows to be in that hand (taken from the discard pile).
    pub(crate) known: BySeat<CardSet>,
    /// The cards each seat put on the table this hand (melded or laid off).
    pub(crate) contributed: BySeat<CardSet>,
    pub(crate) melds: [Meld; MAX_MELDS],
    pub(crate) meld_count: u8,
    /// `stock[stock_top..stock_end]`, top first.
    pub(crate) stock: [u8; Card::COUNT as usize],
    pub(crate) stock_top: u8,
    pub(crate) stock_end: u8,
    /// `discard[..discard_len]`, bottom first.
    pub(crate) discard: [u8; Card::COUNT as usize],
    pub(crate) discard_len: u8,
    /// The card taken from the discard pile this turn (it may not be discarded again, D-RR-2).
    pub(crate) taken: Option<u8>,
    pub(crate) reshuffled: bool,
    /// The cards that formed the new stock at the reshuffle (public).
    pub(crate) reshuffle_pool: CardSet,
    /// Stock draws per seat since the reshuffle (public).
    pub(crate) draws_since_reshuffle: BySeat<u8>,
    /// Turns finished in this hand.
    pub(crate) turns: u32,
    pub(crate) totals: BySeat<i32>,
    pub(crate) last_hand: Option<HandSummary>,
}

const NO_MELD: Meld = Meld {
    cards: CardSet::EMPTY,
    kind: MeldKind::Set { value: 1 },
    owner: Seat(0),
};

impl State {
    /// The resolved options.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The hand being played (or set up next), from 0.
    #[must_use]
    pub fn hand_number(&self) -> u8 {
        self.hand_no
    }

    /// The mat and each seat's sign.
    #[must_use]
    pub fn table(&self) -> &FeyTable {
        &self.table
    }

    /// The mat of the current hand (meaningless before the opening setup).
    #[must_use]
    pub fn mat(&self) -> &Mat {
        self.table.mat()
    }

    /// Each seat's sign.
    #[must_use]
    pub fn signs(&self) -> &[Sign] {
        self.table.signs()
    }

    /// The seat whose turn it is.
    #[must_use]
    pub fn current(&self) -> Seat {
        self.current
    }

    /// A seat's hand.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The melds on the table, numbered as lay-offs name them.
    #[must_use]
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.meld_count as usize]
    }

    /// The discard pile, bottom first.
    #[must_use]
    pub fn discard_pile(&self) -> &[u8] {
        &self.discard[..self.discard_len as usize]
    }

    /// The stock, top first.
    #[must_use]
    pub fn stock(&self) -> &[u8] {
        &self.stock[self.stock_top as usize..self.stock_end as usize]
    }

    /// Totals of the finished hands.
    #[must_use]
    pub fn totals(&self) -> &[i32] {
        self.totals.seats(self.players)
    }

    /// The last finished hand.
    #[must_use]
    pub fn last_hand(&self) -> Option<&HandSummary> {
        self.last_hand.as_ref()
    }

    /// Turns finished in this hand.
    #[must_use]
    pub fn turns_taken(&self) -> u32 {
        self.turns
    }

    /// Each seat's points for the melds on the table now (this hand).
    #[must_use]
    pub fn table_points(&self) -> BySeat<i32> {
        let mut points = BySeat::splat(0);
        for m in self.melds() {
            for seat in Seat::all(self.players) {
                let mine = m.cards.and(self.contributed[seat]);
                if !mine.is_empty() {
                    points[seat] += meld_points(
                        m.cards,
                        m.kind,
                        mine,
                        self.table.sign(seat),
                        self.table.mat(),
                        self.rules.scoring,
                    );
                }
            }
        }
        points
    }

    pub(crate) fn stock_set(&self) -> CardSet {
        self.stock().iter().copied().collect()
    }

    pub(crate) fn in_hand_play(&self) -> bool {
        matches!(
            self.phase,
            Phase::Draw | Phase::Discard | Phase::Meld | Phase::Reshuffle
        )
    }

    fn table_setup_check(&self, setup: &TableSetup) -> Result<(), String> {
        if self.hand_no == 0 {
            self.table.check_opening(&self.rules.fey, setup)
        } else {
            // D-RR-11: the live tokens are laid out anew for every hand.
            self.table.check_next(&self.rules.fey, true, setup)
        }
    }
}

impl Game for State {
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "rebel-runs";
    const NAME: &'static str = "Rebel Runs";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=7;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<State>(players)?;
        let rules = Rules::new(players, options)?;
        Ok(State {
            rules,
            players,
            phase: Phase::TableSetup,
            hand_no: 0,
            first_player: Seat(0),
            table: FeyTable::new(players),
            current: Seat(0),
            hands: BySeat::splat(CardSet::EMPTY),
            known: BySeat::splat(CardSet::EMPTY),
            contributed: BySeat::splat(CardSet::EMPTY),
            melds: [NO_MELD; MAX_MELDS],
            meld_count: 0,
            stock: [0; Card::COUNT as usize],
            stock_top: 0,
            stock_end: 0,
            discard: [0; Card::COUNT as usize],
            discard_len: 0,
            taken: None,
            reshuffled: false,
            reshuffle_pool: CardSet::EMPTY,
            draws_since_reshuffle: BySeat::splat(0),
            turns: 0,
            totals: BySeat::splat(0),
            last_hand: None,
        })
    }

    fn players(&self) -> u8 {
        self.players
    }

    /// As many hands as players, each ending after at most `hand_turn_limit` turns per player.
    /// A turn is a draw, a discard, melds and lay-offs that each take at least one card from a
    /// hand of at most `HAND_SIZE + 1` cards, and ending the turn.
    fn max_steps(&self) -> Option<u64> {
        let n = u64::from(self.players);
        let turn = u64::from(HAND_SIZE) + 4;
        Some(n * u64::from(self.rules.hand_turn_limit) * n * turn)
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::TableSetup | Phase::Deal | Phase::Reshuffle => ToAct::Chance,
            Phase::Draw | Phase::Discard | Phase::Meld => {
                ToAct::Seats(parlour_core::SeatSet::single(self.current))
            }
            Phase::GameOver => ToAct::Terminal,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat != self.current || !matches!(self.phase, Phase::Draw | Phase::Discard | Phase::Meld)
        {
            return;
        }
        self.generate(out);
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "{out:?}");
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
        self.perform(action, events);
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        match self.phase {
            Phase::TableSetup => Chance::Table(if self.hand_no == 0 {
                self.table.sample_opening(&self.rules.fey, rng)
            } else {
                self.table.sample_next(&self.rules.fey, true, rng)
            }),
            Phase::Deal => Chance::Deal(shuffled_cards(full_deck(), rng)),
            Phase::Reshuffle => {
                let below_top = &self.discard_pile()[..self.discard_len as usize - 1];
                Chance::Reshuffle(shuffled_cards(below_top.iter().copied().collect(), rng))
            }
            _ => panic!("sample_chance called at a player or terminal node"),
        }
    }

    fn apply_chance(
        &mut self,
        chance: Chance,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        match (self.phase, chance) {
            (Phase::TableSetup, Chance::Table(setup)) => {
                self.table_setup_check(&setup)
                    .map_err(|e| IllegalAction::new("table-setup", e))?;
                self.set_table(setup, events);
                Ok(())
            }
            (Phase::Deal, Chance::Deal(order)) => {
                let ids: Vec<u8> = order.iter().map(|c| c.id()).collect();
                parlour_cards::check_permutation(&ids, full_deck(), card_name)
                    .map_err(|e| IllegalAction::new("deal-is-a-shuffled-deck", e))?;
                self.deal(&ids, events);
                Ok(())
            }
            (Phase::Reshuffle, Chance::Reshuffle(order)) => {
                let ids: Vec<u8> = order.iter().map(|c| c.id()).collect();
                let pile = self.discard_pile();
                let below_top: CardSet = pile[..pile.len() - 1].iter().copied().collect();
                parlour_cards::check_permutation(&ids, below_top, card_name)
                    .map_err(|e| IllegalAction::new("reshuffle-the-discards-below-the-top", e))?;
                self.reshuffle(&ids, events);
                Ok(())
            }
            (Phase::TableSetup, _) => Err(IllegalAction::wrong_node("the table setup")),
            (Phase::Deal, _) => Err(IllegalAction::wrong_node("the deal")),
            (Phase::Reshuffle, _) => Err(IllegalAction::wrong_node("the stock reshuffle")),
            _ => Err(IllegalAction::wrong_node("a player decision or nothing")),
        }
    }

    fn chance_hint(&self) -> String {
        match self.phase {
            Phase::TableSetup if self.hand_no == 0 => {
                "table setup: `mat <fey>: <7 live signs>; signs <one per seat>; first <seat>`"
                    .into()
            }
            Phase::TableSetup => format!(
                "table setup of hand {}: `mat <fey>: <7 live signs>; signs <one per seat>`",
                self.hand_no
            ),
            Phase::Deal => "deal: the 88 card ids of the shuffled deck, top first".into(),
            Phase::Reshuffle => format!(
                "reshuffle: the {} discards below the top one in their new stock order, top first",
                self.discard_len - 1
            ),
            _ => "no chance event is due".into(),
        }
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::of(self, viewer)
    }

    fn describe_event(&self, event: &Event, viewer: Viewer, voice: Voice) -> Option<String> {
        match voice.names() {
            Some(names) => event.narrate(viewer, names),
            None => event.describe(viewer),
        }
    }

    fn scores(&self) -> Vec<i32> {
        let table = self.table_points();
        Seat::all(self.players)
            .map(|s| self.totals[s] + table[s])
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::GameOver).then(|| Outcome::highest_wins(self.totals().to_vec()))
    }

    fn round(&self) -> u32 {
        // Hands begun: a hand begins with its deal.
        u32::from(self.hand_no) + u32::from(self.in_hand_play())
    }

    fn action_text(&self, action: Action) -> String {
        notation::action_text(action)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ParseError> {
        notation::parse_action(text)
    }

    fn chance_text(&self, chance: &Chance) -> String {
        chance.text()
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, ParseError> {
        match self.phase {
            Phase::TableSetup => TableSetup::parse(text).map(Chance::Table),
            Phase::Deal => parse_order(text).map(Chance::Deal),
            Phase::Reshuffle => parse_order(text).map(Chance::Reshuffle),
            _ => Err(ParseError::new(text, "no chance event is due")),
        }
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> State {
        let mut s = self.clone();
        if self.in_hand_play() {
            s.resample_hidden(observer, rng);
        }
        s
    }

    fn metrics(&self, events: &[Event]) -> Vec<parlour_core::Metric> {
        crate::metrics::metrics(events)
    }

    fn card_names(&self) -> Vec<String> {
        parlour_fey::printed_names()
    }

    fn card_facts(&self, events: &[Event]) -> Option<parlour_core::CardFacts> {
        Some(crate::metrics::card_facts(self.players, events))
    }

    fn hands_now(&self, caused: &[Event]) -> Option<parlour_core::HandsNow> {
        Some(crate::metrics::hands_now(self, caused))
    }

    fn starting_seat(&self, _events: &[Event]) -> Option<Seat> {
        // The first hand's first player; the start moves one seat left each hand (D-RR-11).
        Some(self.first_player)
    }
}

impl Search for State {
    /// One hand: the later hands are dealt afresh, so random play through them is only noise;
    /// `evaluate` between hands is the score lead.
    fn playout_rounds(&self) -> Option<u32> {
        Some(1)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        self.heuristic(seat)
    }
}

impl Audit for State {
    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        if !self.in_hand_play() {
            return Vec::new();
        }
        let mut hidden = self.stock_set();
        for seat in Seat::all(self.players) {
            if viewer != Some(seat) {
                hidden = hidden.or(self.hands[seat].minus(self.known[seat]));
            }
        }
        hidden.iter().map(card_name).collect()
    }

    /// A draw from the stock shows the drawer a card it could not see.
    fn reveals_to(&self, seat: Seat, action: Action, observer: Seat) -> bool {
        action == Action::DrawStock && seat == observer
    }
}

fn shuffled_cards(set: CardSet, rng: &mut GameRng) -> Vec<Card> {
    parlour_cards::shuffled(set, rng)
        .into_iter()
        .map(|id| Card::from_id(id).expect("a deck card"))
        .collect()
}

impl State {
    fn invariants(&self) -> Result<(), String> {
        let mut ledger = ZoneLedger::new(card_name);
        for seat in Seat::all(self.players) {
            ledger.place(format_args!("hand {seat}"), self.hands[seat])?;
            if !self.known[seat].is_subset(self.hands[seat]) {
                return Err(format!("seat {seat} has known cards outside its hand"));
            }
        }
        let mut on_table = CardSet::EMPTY;
        for (i, m) in self.melds().iter().enumerate() {
            ledger.place(format_args!("meld {i}"), m.cards)?;
            check_meld(m.cards, m.kind, self.table.fey())
                .map_err(|e| format!("meld {i} is not valid: {e}"))?;
            on_table = on_table.or(m.cards);
        }
        let mut contributed = CardSet::EMPTY;
        for seat in Seat::all(self.players) {
            if !self.contributed[seat].and(contributed).is_empty() {
                return Err("a table card is credited to two seats".into());
            }
            contributed = contributed.or(self.contributed[seat]);
        }
        if contributed != on_table {
            return Err("table cards and their contributors disagree".into());
        }
        ledger.place_cards("the stock", self.stock().iter().copied())?;
        ledger.place_cards("the discard pile", self.discard_pile().iter().copied())?;
        if self.in_hand_play() {
            ledger.finish(full_deck())?;
            let size = self.hands[self.current].len();
            let most = HAND_SIZE + u32::from(self.phase != Phase::Draw);
            if size > most || size == 0 {
                return Err(format!("seat {} holds {size} cards", self.current));
            }
            for seat in Seat::all(self.players) {
                if self.hands[seat].len() > HAND_SIZE + 1 {
                    return Err(format!("seat {seat} holds too many cards"));
                }
            }
            if self.phase == Phase::Reshuffle && (self.reshuffled || self.discard_len < 2) {
                return Err("a reshuffle is due that the rules do not allow".into());
            }
            if self.turns >= self.rules.hand_turn_limit * u32::from(self.players) {
                return Err("the hand went past its turn limit".into());
            }
        } else if !ledger.placed().is_empty() {
            return Err("cards are out between hands".into());
        }
        Ok(())
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        let scores = self.scores();
        let mine = f64::from(scores[seat.index()]);
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != seat.index())
            .map(|(_, &v)| v)
            .max()
            .unwrap_or(0);
        let mut value = mine - f64::from(best_other);
        if self.in_hand_play() {
            // Cards in hand that already pair with another by value, or are fey, are half way to
            // a meld; each is worth a little of what it would score on the table.
            let hand = self.hands[seat];
            let fey = self.table.fey();
            let mut by_value = [0u8; 12];
            let mut wild = 0;
            for id in hand {
                if crate::meld::sign_of(id) == fey {
                    wild += 1;
                } else {
                    by_value[crate::meld::value_of(id) as usize] += 1;
                }
            }
            let paired: u32 = by_value
                .iter()
                .filter(|&&k| k >= 2)
                .map(|&k| u32::from(k))
                .sum();
            let mut neighbours = 0u32;
            for v in 1..11 {
                if by_value[v] > 0 && by_value[v + 1] > 0 {
                    neighbours += 1;
                }
            }
            value += 0.6 * f64::from(paired) + 0.4 * f64::from(neighbours) + 0.8 * f64::from(wild);
            // Fewer cards in hand is closer to going out.
            value -= 0.1 * f64::from(hand.len());
        }
        value
    }
}
