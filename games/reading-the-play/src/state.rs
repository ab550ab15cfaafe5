//! The full game state and its [`Game`] implementation.

use std::fmt;

use parlour_cards::{CardSet, ZoneLedger};
use parlour_core::{
    Audit, BySeat, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome,
    ParseError, Search, Seat, SeatSet, SetupError, ToAct, Viewer, Voice, check_players,
    shows_hidden_card,
};

use crate::action::Action;
use crate::card::{ALL_CARDS, CardRef, DECK_SIZE, LINES, YELLOW_SIGNS, card_ref, find};
use crate::chance::{self, Chance};
use crate::event::Event;
use crate::lines::LineTable;
use crate::notation;
use crate::phase::{End, Phase};
use crate::rules::{OPTIONS, Rules};
use crate::view::View;

/// Most seats at a table.
pub const MAX_SEATS: usize = 6;
/// Index of the public-knowledge row of [`State`]'s knowledge table.
pub(crate) const PUBLIC: usize = MAX_SEATS;

/// The validated card list, shown briefly in `Debug`.
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct Table(pub(crate) &'static LineTable);

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LineTable({}..={})",
            self.0.min_line(),
            self.0.min_line() + 27
        )
    }
}

/// A game of Reading the Play: the whole (omniscient) state.
///
/// Build one with [`Game::new`]; the first node is the shuffle (a chance node).
#[derive(Clone, PartialEq, Debug)]
pub struct State {
    pub(crate) table: Table,
    pub(crate) rules: Rules,
    pub(crate) n: u8,
    pub(crate) phase: Phase,
    /// The deck, bottom first: `deck[deck_len - 1]` is the top card.
    pub(crate) deck: [u8; DECK_SIZE as usize],
    pub(crate) deck_len: u8,
    pub(crate) hands: BySeat<CardSet>,
    /// Each player's Sequence as inclusive card-index bounds.
    pub(crate) seqs: BySeat<Option<(u8, u8)>>,
    /// Played Elder Signs, the Yellow Signs they cancelled, a 315 that joined no Sequence.
    pub(crate) removed: CardSet,
    /// Line 316 lying face up alone while the interrupt window is open.
    pub(crate) face_up: Option<u8>,
    /// The Player (whose turn it is).
    pub(crate) player: Seat,
    pub(crate) votes: BySeat<Option<Seat>>,
    pub(crate) last_votes: BySeat<Option<Seat>>,
    pub(crate) tied_votes: u8,
    pub(crate) traders: SeatSet,
    pub(crate) commits: BySeat<Option<u8>>,
    pub(crate) pool: CardSet,
    pub(crate) to_give: SeatSet,
    pub(crate) answers: BySeat<Option<bool>>,
    /// `known[o][h]`: cards of seat `h`'s hand that observer `o` has seen go there (row
    /// [`PUBLIC`] is what everybody knows). Always a subset of the hand.
    pub(crate) known: [BySeat<CardSet>; MAX_SEATS + 1],
    /// Cards everybody knows are in the deck (shuffled in face up), until the next draw.
    pub(crate) deck_known: CardSet,
    /// `ruled_out[o][h]`: cards observer `o` has deduced seat `h`'s hand does not hold (row
    /// [`PUBLIC`]: deductions from public play, which are in every seat's row too). Always
    /// disjoint from the hand; see `knowledge.rs`.
    pub(crate) ruled_out: [BySeat<CardSet>; MAX_SEATS + 1],
    /// `ruled_out_deck[o]`: cards observer `o` has deduced are not in the deck.
    pub(crate) ruled_out_deck: [CardSet; MAX_SEATS + 1],
    pub(crate) turns: u32,
    /// The seat whose turn ends the game after the deck ran out.
    pub(crate) final_last: Option<Seat>,
    pub(crate) end: Option<End>,
}

impl State {
    /// The card list in use.
    #[must_use]
    pub fn table(&self) -> &'static LineTable {
        self.table.0
    }

    /// The rules selected by the options.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The Player (whose turn it is); meaningful once the first Player is chosen.
    #[must_use]
    pub fn player(&self) -> Seat {
        self.player
    }

    /// Where play stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Cards left in the deck.
    #[must_use]
    pub fn deck_len(&self) -> u8 {
        self.deck_len
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Completed turns.
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// `seat`'s hand as card references, sorted (omniscient; for tests and tools).
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Vec<CardRef> {
        self.cards(self.hands[seat])
    }

    /// `seat`'s Sequence as `(low, high)` Line Numbers, if started.
    #[must_use]
    pub fn sequence(&self, seat: Seat) -> Option<(u16, u16)> {
        let min = self.min_line();
        self.seqs[seat].map(|(lo, hi)| (min + u16::from(lo), min + u16::from(hi)))
    }

    /// The removed area, as card references.
    #[must_use]
    pub fn removed(&self) -> Vec<CardRef> {
        self.cards(self.removed)
    }

    /// Line 316 lying face up by itself (revealed, not attached), if so.
    #[must_use]
    pub fn face_up(&self) -> Option<CardRef> {
        self.face_up.map(|c| card_ref(c, self.min_line()))
    }

    /// The cards of the trade pool (omniscient), sorted.
    #[must_use]
    pub fn pool(&self) -> Vec<CardRef> {
        self.cards(self.pool)
    }

    /// The smallest Line Number.
    pub(crate) fn min_line(&self) -> u16 {
        self.table.0.min_line()
    }

    pub(crate) fn cards(&self, set: CardSet) -> Vec<CardRef> {
        let min = self.min_line();
        set.iter().map(|c| card_ref(c, min)).collect()
    }

    pub(crate) fn id(&self, card: u8) -> String {
        card_ref(card, self.min_line()).to_string()
    }

    pub(crate) fn find(&self, set: CardSet, card: CardRef) -> Option<u8> {
        find(set, card, self.min_line())
    }

    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + Clone + use<> {
        Seat::all(self.n)
    }

    /// The deck's cards as a set.
    pub(crate) fn deck_set(&self) -> CardSet {
        self.deck[..usize::from(self.deck_len)]
            .iter()
            .copied()
            .collect()
    }

    /// Moves `card` out of `seat`'s hand, forgetting it from everybody's knowledge of that hand.
    pub(crate) fn take(&mut self, seat: Seat, card: u8) {
        debug_assert!(self.hands[seat].contains(card));
        self.hands[seat].remove(card);
        for row in &mut self.known {
            row[seat].remove(card);
        }
    }

    /// Moves `card` from `seat`'s hand into its hidden commitment. Any card of that hand might
    /// be the one, so every other observer forgets all it knew of the hand (and the Player too:
    /// it sees the pool, not who gave what). Forgetting just `card` would tell them which it was.
    pub(crate) fn commit_card(&mut self, seat: Seat, card: u8) {
        debug_assert!(self.hands[seat].contains(card));
        self.hands[seat].remove(card);
        self.commits[seat] = Some(card);
        for row in &mut self.known {
            row[seat] = CardSet::EMPTY;
        }
    }

    /// Puts a card on top of the deck (a shuffle chance node, or none if it is alone, follows).
    pub(crate) fn push_deck(&mut self, card: u8) {
        self.deck[usize::from(self.deck_len)] = card;
        self.deck_len += 1;
    }

    /// Who the seats to act are.
    fn acting(&self) -> SeatSet {
        self.to_act().seats()
    }

    /// The participants of the trade under way: the Player and the Traders.
    pub(crate) fn participants(&self) -> SeatSet {
        let mut s = self.traders;
        s.insert(self.player);
        s
    }

    /// Final (or running) Sequence scores, all 0 when everyone lost.
    fn seq_scores(&self) -> Vec<i32> {
        if matches!(self.end, Some(End::AllLose(_))) {
            return vec![0; usize::from(self.n)];
        }
        self.seats()
            .map(|s| crate::scoring::sequence_score(self.table.0, self.seqs[s]))
            .collect()
    }
}

impl Game for State {
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "reading-the-play";
    const NAME: &'static str = "Reading the Play";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=6;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const SIMULTANEOUS: bool = true;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<State>(players)?;
        let rules = Rules::from_options(options);
        if players == 2 && !rules.two_player {
            return Err(SetupError::Invalid(
                "reading-the-play takes 3 to 6 players; 2 players need the two_player option"
                    .into(),
            ));
        }
        let table = LineTable::resolve(options.text("lines"))
            .map_err(|e| SetupError::Invalid(e.to_string()))?;
        let mut deck = [0u8; DECK_SIZE as usize];
        for (i, d) in deck.iter_mut().enumerate() {
            *d = u8::try_from(i).expect("36 cards");
        }
        Ok(State {
            table: Table(table),
            rules,
            n: players,
            phase: Phase::Deal,
            deck,
            deck_len: DECK_SIZE,
            hands: BySeat::splat(CardSet::EMPTY),
            seqs: BySeat::splat(None),
            removed: CardSet::EMPTY,
            face_up: None,
            player: Seat(0),
            votes: BySeat::splat(None),
            last_votes: BySeat::splat(None),
            tied_votes: 0,
            traders: SeatSet::EMPTY,
            commits: BySeat::splat(None),
            pool: CardSet::EMPTY,
            to_give: SeatSet::EMPTY,
            answers: BySeat::splat(None),
            known: [BySeat::splat(CardSet::EMPTY); MAX_SEATS + 1],
            deck_known: CardSet::EMPTY,
            ruled_out: [BySeat::splat(CardSet::EMPTY); MAX_SEATS + 1],
            ruled_out_deck: [CardSet::EMPTY; MAX_SEATS + 1],
            turns: 0,
            final_last: None,
            end: None,
        })
    }

    fn players(&self) -> u8 {
        self.n
    }

    /// At most three votes of every seat (the third tie goes to lot), then at most
    /// `turn_limit` turns. A turn is a draw or a trade (the Player's and each Trader's
    /// commitment, the keep and a card back to each Trader: at most `2n` more), at most three
    /// Elder Sign steps (there are two Elder Signs), one sequencing step, one finishing step and
    /// an answer from each other seat to a reveal. Without a turn limit nothing bounds a game of
    /// trades.
    fn max_steps(&self) -> Option<u64> {
        let n = u64::from(self.n);
        let turn = 1 + 2 * n + 3 + 1 + 1 + (n - 1);
        (self.rules.turn_limit > 0).then(|| 3 * n + u64::from(self.rules.turn_limit) * turn)
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Deal | Phase::ByLot(_) | Phase::Shuffle(_) => ToAct::Chance,
            Phase::Over => ToAct::Terminal,
            Phase::Vote => {
                ToAct::Seats(self.seats().filter(|&s| self.votes[s].is_none()).collect())
            }
            Phase::Commit => ToAct::Seats(
                self.participants()
                    .iter()
                    .filter(|&s| self.commits[s].is_none())
                    .collect(),
            ),
            Phase::Interrupt => ToAct::Seats(
                self.seats()
                    .filter(|&s| s != self.player && self.answers[s].is_none())
                    .collect(),
            ),
            _ => ToAct::Seats(SeatSet::single(self.player)),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat.0 >= self.n || !self.acting().contains(seat) {
            return;
        }
        self.gen_actions(seat, out);
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "{out:?}");
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.check(seat, action).is_ok()
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        self.check(seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        match self.phase {
            Phase::Deal | Phase::Shuffle(_) => Chance::Deck(chance::shuffle(self.deck_set(), rng)),
            Phase::ByLot(tied) => Chance::FirstPlayer(chance::pick(tied, rng)),
            _ => panic!("no chance event is due"),
        }
    }

    fn apply_chance(
        &mut self,
        chance: Chance,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        match (self.phase, chance) {
            (Phase::Deal | Phase::Shuffle(_), Chance::Deck(order)) => {
                let deck = self.deck_set();
                parlour_cards::check_permutation(&order, deck, |c| {
                    if c < DECK_SIZE {
                        self.id(c)
                    } else {
                        format!("card #{c}")
                    }
                })
                .map_err(|e| IllegalAction::new("shuffle-is-a-permutation", e))?;
                self.shuffled(&order, events);
                Ok(())
            }
            (Phase::ByLot(tied), Chance::FirstPlayer(seat)) => {
                if !tied.contains(seat) || seat.0 >= self.n {
                    return Err(IllegalAction::new(
                        "lot-among-the-tied",
                        format!("seat {seat} is not among the seats drawn from ({tied:?})"),
                    ));
                }
                events.push(Event::FirstPlayer { seat, by_lot: true });
                self.begin_turn(seat, events);
                Ok(())
            }
            (Phase::Deal | Phase::Shuffle(_), _) => Err(IllegalAction::new(
                "node-kind",
                "a shuffle is due: state the deck order",
            )),
            (Phase::ByLot(_), _) => Err(IllegalAction::new(
                "node-kind",
                "a draw by lot is due: state `first-player <seat>`",
            )),
            _ => Err(IllegalAction::wrong_node("a player decision or the end")),
        }
    }

    fn chance_hint(&self) -> String {
        match self.phase {
            Phase::Deal => "deck: `deck` and the 36 card ids of the shuffled deck, top first \
                            (seat s is dealt cards s and n+s)"
                .into(),
            Phase::Shuffle(_) => format!(
                "deck: `deck` and the {} card ids of the reshuffled deck, top first",
                self.deck_len
            ),
            Phase::ByLot(tied) => format!("first-player <seat>: one of {tied:?}, drawn by lot"),
            _ => "no chance event is due".into(),
        }
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::new(self, viewer)
    }

    fn describe_event(&self, event: &Event, viewer: Viewer, voice: Voice) -> Option<String> {
        match voice.names() {
            Some(names) => event.narrate(self, viewer, names),
            None => event.describe(self, viewer),
        }
    }

    fn scores(&self) -> Vec<i32> {
        self.seq_scores()
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        Some(crate::scoring::outcome(self, end, self.seq_scores()))
    }

    fn round(&self) -> u32 {
        match self.phase {
            Phase::Deal => 0,
            _ => 1 + self.turns / u32::from(self.n),
        }
    }

    fn action_text(&self, action: Action) -> String {
        notation::action_text(action)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ParseError> {
        notation::parse_action(text)
    }

    fn chance_text(&self, chance: &Chance) -> String {
        chance::chance_text(chance, self.min_line())
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, ParseError> {
        match self.phase {
            Phase::Deal | Phase::Shuffle(_) => {
                chance::parse_deck(text, self.deck_set(), self.min_line()).map(Chance::Deck)
            }
            Phase::ByLot(_) => chance::parse_first_player(text).map(Chance::FirstPlayer),
            _ => Err(ParseError::new(text, "no chance event is due")),
        }
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        crate::resample::sample(self, observer, rng)
    }

    fn metrics(&self, _events: &[Event]) -> Vec<parlour_core::Metric> {
        crate::metrics::metrics(self)
    }

    fn card_names(&self) -> Vec<String> {
        crate::metrics::card_names(self)
    }

    fn card_facts(&self, events: &[Event]) -> Option<parlour_core::CardFacts> {
        Some(crate::metrics::card_facts(self.players(), events))
    }

    fn hands_now(&self, caused: &[Event]) -> Option<parlour_core::HandsNow> {
        Some(crate::metrics::hands_now(self, caused))
    }

    fn starting_seat(&self, events: &[Event]) -> Option<Seat> {
        events.iter().find_map(|e| match e {
            Event::FirstPlayer { seat, .. } => Some(*seat),
            _ => None,
        })
    }

    fn ended_by_cap(&self, _events: &[Event]) -> Option<&'static str> {
        (self.end() == Some(End::TurnLimit)).then_some("turn_limit")
    }
}

impl Search for State {
    fn evaluate(&self, seat: Seat) -> f64 {
        crate::scoring::evaluate(self, seat)
    }

    /// Any weight above zero makes the search's opponents commit their trade cards as
    /// `evaluate` advises from their own hands, as real Traders do: they get rid of a Yellow
    /// Sign without knowing the Player's hand. Opponent nodes in a determinized tree would
    /// otherwise act as if they saw the Player's Yellow Signs and spared it, so a Player with
    /// two traded freely into a third. At 4 players every weight from 0.3 to 30 played alike
    /// within the noise of 200 games (`docs/bots.md`).
    fn progressive_bias(&self) -> f64 {
        3.0
    }
}

impl Audit for State {
    fn deduced_cards(&self, observer: Seat) -> Vec<String> {
        // Only Lines are secrets; the signs of one kind are interchangeable.
        crate::resample::deduced(self, observer)
            .and(LINES)
            .iter()
            .map(|c| self.id(c))
            .collect()
    }

    fn check_invariants(&self) -> Result<(), String> {
        let mut ledger = ZoneLedger::new(|c| {
            if ALL_CARDS.contains(c) {
                self.id(c)
            } else {
                format!("card #{c}")
            }
        });
        let deck = self.deck_set();
        ledger.place_cards(
            "the deck",
            self.deck[..usize::from(self.deck_len)].iter().copied(),
        )?;
        for s in self.seats() {
            ledger.place(format_args!("seat {s}'s hand"), self.hands[s])?;
            if let Some((lo, hi)) = self.seqs[s] {
                if lo > hi || hi >= crate::card::LINE_COUNT {
                    return Err(format!("seat {s}'s Sequence has bad bounds {lo}..{hi}"));
                }
                let set = CardSet(LINES.0 & ((1u128 << (hi + 1)) - 1) & !((1u128 << lo) - 1));
                ledger.place(format_args!("seat {s}'s Sequence"), set)?;
            }
            if let Some(c) = self.commits[s] {
                match self.phase {
                    Phase::Commit => {
                        ledger.place(
                            format_args!("seat {s}'s committed card"),
                            CardSet::single(c),
                        )?;
                    }
                    // Who gave which pooled card, kept for the givers' own views.
                    Phase::Keep | Phase::Give => {}
                    _ => return Err(format!("seat {s} has a commitment outside a trade")),
                }
            }
        }
        let beyond = self
            .hands
            .beyond(self.n)
            .iter()
            .zip(self.seqs.beyond(self.n));
        for (i, (hand, seq)) in beyond.enumerate() {
            if !hand.is_empty() || seq.is_some() {
                let s = usize::from(self.n) + i;
                return Err(format!("seat {s} does not exist but holds cards"));
            }
        }
        ledger.place("the removed area", self.removed)?;
        ledger.place("the trade pool", self.pool)?;
        if let Some(c) = self.face_up {
            ledger.place("the face-up 316", CardSet::single(c))?;
        }
        if self.phase == Phase::Deal && deck != ALL_CARDS {
            return Err("before the deal every card is in the deck".into());
        }
        ledger.finish(ALL_CARDS)?;
        for (o, row) in self.known.iter().enumerate() {
            for s in self.seats() {
                if !row[s].is_subset(self.hands[s]) {
                    return Err(format!(
                        "observer {o} 'knows' a card of seat {s}'s hand that is not there"
                    ));
                }
            }
        }
        if self.removed.and(YELLOW_SIGNS).len() > self.removed.and(crate::card::ELDER_SIGNS).len() {
            return Err("more Yellow Signs removed than Elder Signs played".into());
        }
        if matches!(self.phase, Phase::Keep | Phase::Give)
            && self.pool.len() as usize
                != self.to_give.len() + usize::from(self.phase == Phase::Keep)
        {
            return Err("the trade pool does not match the Traders still owed a card".into());
        }
        for (o, row) in self.ruled_out.iter().enumerate() {
            for s in self.seats() {
                if !row[s].and(self.hands[s]).is_empty() {
                    return Err(format!(
                        "observer {o} rules out a card of seat {s}'s hand that is there"
                    ));
                }
            }
            if !self.ruled_out_deck[o].and(deck).is_empty() {
                return Err(format!(
                    "observer {o} rules out a card of the deck that is there"
                ));
            }
        }
        if !self.deck_known.is_subset(deck) {
            return Err("a card known to be in the deck is not there".into());
        }
        if self.phase == Phase::Interrupt && self.face_up.is_none() {
            return Err("interrupt window without a face-up 316".into());
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let hidden = crate::view::hidden_cards(self, viewer);
        hidden.and(LINES).iter().map(|c| self.id(c)).collect()
    }

    /// The rules' reveals: a card shown to the observer (a draw, the pool to the Player once the
    /// last card is in); what follows a draw or the end of a trade, and each of the Player's
    /// private steps (whether a further step is asked depends on the Player's hand, spec §5); the
    /// interrupt window, which opens only when another seat holds Line 315 (§12.3); and the last
    /// vote or interrupt answer, which turns all of them up.
    fn reveals_to(&self, seat: Seat, action: Action, observer: Seat) -> bool {
        let last_of_simultaneous = self.to_act().seats() == SeatSet::single(seat);
        shows_hidden_card(self, seat, action, observer)
            || match action {
                Action::Draw
                | Action::PlayElderSign
                | Action::DeclineElderSign
                | Action::StartSequence { .. }
                | Action::DeclineSequence
                | Action::Reveal
                | Action::RevealPair
                | Action::Hold => true,
                Action::Give(..) => self.to_give.len() == 1,
                Action::PointAt(_) | Action::Interrupt | Action::Pass => last_of_simultaneous,
                // The last commitment shows the Player the pool, Signs included (which
                // `secrets` leaves out: it lists Lines only).
                Action::Commit(_) => last_of_simultaneous && observer == self.player,
                Action::Trade(_) | Action::Keep(_) => false,
            }
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::rng_from_seed;

    use super::*;

    fn defaults() -> Options {
        Options::defaults(OPTIONS)
    }

    #[test]
    fn two_players_need_the_two_player_variant() {
        let e = State::new(2, &defaults()).unwrap_err();
        assert!(e.to_string().contains("two_player"), "{e}");
        let two = Options::parse_list(OPTIONS, "two_player").unwrap();
        assert!(State::new(2, &two).is_ok());
        assert!(State::new(7, &defaults()).is_err());
        assert!(State::new(1, &two).is_err());
    }

    #[test]
    fn card_conservation_names_the_card_and_both_places() {
        let mut s = State::new(4, &defaults()).unwrap();
        let order: Vec<u8> = (0..DECK_SIZE).rev().collect();
        s.apply_chance(Chance::Deck(order), &mut ()).unwrap();
        s.check_invariants().unwrap();
        let c = s.hands[Seat(2)].first().unwrap();
        s.removed.insert(c);
        assert_eq!(
            s.check_invariants().unwrap_err(),
            format!(
                "{} is in two places: seat 2's hand and the removed area",
                s.id(c)
            )
        );
        s.removed.remove(c);
        s.hands[Seat(2)].remove(c);
        assert_eq!(
            s.check_invariants().unwrap_err(),
            format!("{} is nowhere", s.id(c))
        );
    }

    #[test]
    fn deal_is_round_robin_from_seat_zero() {
        let mut s = State::new(4, &defaults()).unwrap();
        let order: Vec<u8> = (0..DECK_SIZE).rev().collect();
        s.apply_chance(Chance::Deck(order.clone()), &mut ())
            .unwrap();
        for seat in 0..4u8 {
            let want: CardSet = [order[usize::from(seat)], order[usize::from(4 + seat)]]
                .into_iter()
                .collect();
            assert_eq!(s.hands[usize::from(seat)], want);
        }
        assert_eq!(s.deck_len, DECK_SIZE - 8);
        // The top of the deck is the ninth card of the order.
        assert_eq!(s.deck[usize::from(s.deck_len) - 1], order[8]);
        assert_eq!(s.phase, Phase::Vote);
    }

    #[test]
    fn stated_deck_must_be_a_permutation() {
        let mut s = State::new(3, &defaults()).unwrap();
        let before = format!("{s:?}");
        let mut order: Vec<u8> = (0..DECK_SIZE).collect();
        order[0] = 1;
        let e = s.apply_chance(Chance::Deck(order), &mut ()).unwrap_err();
        assert_eq!(e.rule, "shuffle-is-a-permutation");
        assert_eq!(format!("{s:?}"), before);
        assert!(s.parse_chance("deck line-289").is_err());
        assert!(
            s.apply_chance(Chance::FirstPlayer(Seat(0)), &mut ())
                .is_err()
        );
    }

    #[test]
    fn secrets_are_the_lines_a_seat_cannot_see() {
        let mut s = State::new(
            4,
            &Options::parse_list(OPTIONS, "first_player_random").unwrap(),
        )
        .unwrap();
        let c = s.sample_chance(&mut rng_from_seed(5));
        s.apply_chance(c, &mut ()).unwrap();
        for seat in Seat::all(4) {
            let secrets = s.secrets(Some(seat));
            for c in s.hands[seat].and(LINES) {
                assert!(!secrets.contains(&s.id(c)), "own cards are not secret");
            }
            for other in Seat::all(4).filter(|&o| o != seat) {
                for c in s.hands[other].and(LINES) {
                    assert!(secrets.contains(&s.id(c)));
                }
            }
            for c in s.deck_set().and(LINES) {
                assert!(secrets.contains(&s.id(c)));
            }
        }
        assert_eq!(s.secrets(None).len(), LINES.len() as usize);
    }
}
