//! The full game state and its [`Game`] implementation.

use parlour_cards::{CardSet, LedgerError, ZoneLedger};
use parlour_core::{
    Audit, BySeat, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome,
    ParseError, Search, Seat, SeatSet, SetupError, ToAct, Viewer, Voice, check_players,
    shows_hidden_card,
};

use crate::action::{Action, LineRef};
use crate::cards::{Card, CardType, Deck, DeckRef};
use crate::chance::Chance;
use crate::event::Event;
use crate::rules::{OPTIONS, Rules};
use crate::task::Task;
use crate::tiebreak::TieBreak;
use crate::view::View;

/// Most players (D30).
pub const MAX_PLAYERS: usize = 6;

/// One line slot: a stack Setting → Focus → Hidden Terror (bottom first), §2.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Line {
    pub(crate) cards: [Option<Card>; 3],
    pub(crate) len: u8,
    /// Complete (by a surviving terror or counted complete by an effect): locked.
    pub(crate) complete: bool,
    /// The top card is a terror whose owner's defence window has not ended.
    pub(crate) pending: bool,
    /// Fresh markers by position (arrived in phase 1 or 2 of this turn).
    pub(crate) fresh: u8,
    /// The slot received a card in phase 1 (one card per line).
    pub(crate) used: bool,
}

impl Line {
    /// The cards, bottom first.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len as usize].iter().flatten().copied()
    }

    /// The top card.
    #[must_use]
    pub fn top(&self) -> Option<Card> {
        if self.len == 0 {
            None
        } else {
            self.cards[self.len as usize - 1]
        }
    }

    /// The bottom card (the Setting).
    #[must_use]
    pub fn bottom(&self) -> Option<Card> {
        if self.len == 0 { None } else { self.cards[0] }
    }

    /// Number of cards.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// No cards.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Complete.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Holds a pending terror.
    #[must_use]
    pub fn is_pending(&self) -> bool {
        self.pending
    }

    /// Whether the top card is fresh.
    #[must_use]
    pub fn top_fresh(&self) -> bool {
        self.len > 0 && self.fresh >> (self.len - 1) & 1 == 1
    }

    /// Unstarted: no cards and not complete.
    #[must_use]
    pub fn is_unstarted(&self) -> bool {
        self.len == 0 && !self.complete
    }

    pub(crate) fn top_type(&self, deck: &Deck) -> Option<CardType> {
        self.top().map(|c| deck.card_type(c))
    }

    pub(crate) fn push(&mut self, c: Card, fresh: bool) {
        debug_assert!(self.len < 3, "a line holds at most three cards");
        self.cards[self.len as usize] = Some(c);
        if fresh {
            self.fresh |= 1 << self.len;
        }
        self.len += 1;
    }

    pub(crate) fn pop(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        self.fresh &= !(1 << self.len);
        self.cards[self.len as usize].take()
    }
}

/// Where the game is when no prompt or chance event is pending.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// The first-player draw is due (chance).
    FirstDraw,
    /// The shuffle for the deal is due (chance).
    Deal,
    /// The active player chooses a normal turn or a Redraw.
    TurnStart,
    /// Phase 1: the active player attacks.
    Attack,
    /// Phase 2: this seat's defence window.
    Defence(Seat),
    /// Phase 3: this seat's own-line window.
    OwnLine(Seat),
    /// Phase 4: the active player discards.
    Discard,
    /// Phases 5 and 6 are being carried out.
    Refill,
    /// The game is over.
    Over,
}

/// The full (omniscient) state of a game of Haunted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub(crate) rules: Rules,
    /// The deck played with (the `cards` option).
    pub(crate) deck: DeckRef,
    pub(crate) n: u8,
    /// Cards in play (the deck minus the designed card with `five_terrors`).
    pub(crate) in_play: CardSet,
    pub(crate) hands: BySeat<CardSet>,
    pub(crate) lines: BySeat<[Line; 3]>,
    /// Face down; the top is the last element.
    pub(crate) stock: Vec<Card>,
    /// Face up; the top is the last element.
    pub(crate) discard: Vec<Card>,
    /// Support cards being resolved.
    pub(crate) resolving: CardSet,
    /// Publicly revealed cards held aside (Lap of the Gods, tie draws).
    pub(crate) revealed: Vec<Card>,
    /// Tie-draw card per seat.
    pub(crate) tie_cards: BySeat<Option<Card>>,
    /// Privately drawn cards held aside (Advantage, Refreshments) and their holder.
    pub(crate) look: CardSet,
    pub(crate) look_owner: Seat,
    /// The card a random take just chose.
    pub(crate) taken: Option<Card>,
    /// Cards in other hands whose place each seat knows (given, taken, seen leave the pile).
    pub(crate) known: BySeat<CardSet>,
    pub(crate) skips: BySeat<u8>,
    pub(crate) lodged: Option<Card>,
    pub(crate) active: Seat,
    pub(crate) phase: Phase,
    pub(crate) redraw_turn: bool,
    /// Cards the active player used this turn (`refill_replace_used_only`).
    pub(crate) used_count: u8,
    pub(crate) slots_done: u32,
    pub(crate) turns: u32,
    pub(crate) stack: Vec<Task>,
    /// The loser of the game being played (in a tie-break: of the short game).
    pub(crate) loser: Option<Seat>,
    /// The seats taking part in the game being played: every seat in the main game, the tied
    /// seats in a tie-break short game (`tiebreak_short_game`).
    pub(crate) seated: SeatSet,
    /// The main game's result, once a tie-break has begun.
    pub(crate) tiebreak: Option<TieBreak>,
    /// A tie-break that the game just ended calls for; begun by the next automatic step.
    pub(crate) tiebreak_due: Option<SeatSet>,
    /// Rounds of the games finished before the one being played (main game, tie-breaks).
    pub(crate) rounds_before: u32,
}

impl State {
    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> u8 {
        self.n
    }

    /// The resolved options.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The deck played with: the card table the `cards` option names.
    #[must_use]
    pub fn deck(&self) -> &'static Deck {
        self.deck.0
    }

    /// The active player.
    #[must_use]
    pub fn active(&self) -> Seat {
        self.active
    }

    /// Where the turn is.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A seat's hand.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// A seat's hand as card ids, in card order.
    #[must_use]
    pub fn hand_ids(&self, seat: Seat) -> Vec<&'static str> {
        self.hand(seat)
            .iter()
            .map(|c| self.deck().id(Card(c)))
            .collect()
    }

    /// A line.
    #[must_use]
    pub fn line(&self, owner: Seat, slot: u8) -> &Line {
        &self.lines[owner][slot as usize]
    }

    /// A line's cards as ids, bottom first.
    #[must_use]
    pub fn line_ids(&self, owner: Seat, slot: u8) -> Vec<&'static str> {
        self.line(owner, slot)
            .cards()
            .map(|c| self.deck().id(c))
            .collect()
    }

    /// The discard pile as ids, bottom first.
    #[must_use]
    pub fn discard_ids(&self) -> Vec<&'static str> {
        self.discard.iter().map(|&c| self.deck().id(c)).collect()
    }

    /// The stockpile as ids, top first.
    #[must_use]
    pub fn stock_ids(&self) -> Vec<&'static str> {
        self.stock
            .iter()
            .rev()
            .map(|&c| self.deck().id(c))
            .collect()
    }

    /// A seat's skip counter.
    #[must_use]
    pub fn skips(&self, seat: Seat) -> u8 {
        self.skips[seat]
    }

    /// The seat holding the lodged Urchin Thief, if it is lodged.
    #[must_use]
    pub fn lodged_holder(&self) -> Option<Seat> {
        let c = self.lodged?;
        Seat::all(self.n).find(|&s| self.hands[s].contains(c.0))
    }

    /// The seat that completed its lines and lost the main game, once it is over (a
    /// tie-break short game does not change it; see [`State::tiebreak_loser`]).
    #[must_use]
    pub fn loser(&self) -> Option<Seat> {
        match &self.tiebreak {
            Some(t) => t.main_loser,
            None => self.loser,
        }
    }

    /// Complete lines of a seat.
    #[must_use]
    pub fn complete_lines(&self, seat: Seat) -> u8 {
        self.seat_lines(seat).iter().filter(|l| l.complete).count() as u8
    }

    pub(crate) fn slots(&self) -> u8 {
        self.rules.slots()
    }

    pub(crate) fn seat_lines(&self, seat: Seat) -> &[Line] {
        &self.lines[seat][..self.slots() as usize]
    }

    pub(crate) fn line_mut(&mut self, l: LineRef) -> &mut Line {
        &mut self.lines[l.owner][l.slot as usize]
    }

    /// The next seat clockwise that takes part in the game being played (a tie-break skips
    /// the seats that sit out).
    pub(crate) fn left(&self, s: Seat) -> Seat {
        let mut t = s.next(self.n);
        while !self.seated.contains(t) && t != s {
            t = t.next(self.n);
        }
        t
    }

    /// `H`: 9 in the short game and in a tie-break short game (§6), else 7.
    pub(crate) fn hand_size(&self) -> u8 {
        if self.tiebreak.is_some() {
            9
        } else {
            self.rules.hand_size()
        }
    }

    /// Complete lines that end the game being played and lose it: one in a tie-break (it
    /// follows the short-game rules, §6).
    pub(crate) fn losing_lines(&self) -> u8 {
        if self.tiebreak.is_some() {
            1
        } else {
            self.rules.losing_lines()
        }
    }

    /// Whether fresh markers are set now (phases 1 and 2, §2).
    pub(crate) fn marks_fresh(&self) -> bool {
        matches!(self.phase, Phase::Attack | Phase::Defence(_))
    }

    /// A hand without the lodged Urchin Thief: the cards a player may choose to play, give or
    /// discard (§2, D24).
    pub(crate) fn free(&self, seat: Seat) -> CardSet {
        let h = self.hands[seat];
        match self.lodged {
            Some(c) => h.minus(CardSet::single(c.0)),
            None => h,
        }
    }

    pub(crate) fn of_type_in(&self, set: CardSet, ty: CardType) -> CardSet {
        set.and(self.deck().of_type(ty))
    }

    // ---- card movements (every move keeps `known` honest) ----

    pub(crate) fn forget_all(&mut self, c: Card) {
        self.forget(c);
    }

    fn forget(&mut self, c: Card) {
        for k in &mut self.known {
            k.remove(c.0);
        }
    }

    /// Puts `c` into `seat`'s hand; `seen` are the seats that know it went there.
    pub(crate) fn put_in_hand(&mut self, c: Card, seat: Seat, seen: SeatSet) {
        self.forget(c);
        for s in seen.iter() {
            if s != seat {
                self.known[s].insert(c.0);
            }
        }
        self.hands[seat].insert(c.0);
    }

    /// Takes `c` out of `seat`'s hand.
    pub(crate) fn remove_from_hand(&mut self, c: Card, seat: Seat) {
        self.hands[seat].remove(c.0);
        self.forget(c);
    }

    /// Puts `c` face up on the discard pile; a lodged Urchin Thief stops being lodged.
    pub(crate) fn put_on_discard(&mut self, c: Card) {
        self.forget(c);
        if self.lodged == Some(c) {
            self.lodged = None;
        }
        self.discard.push(c);
    }

    /// Takes `c` out of the discard pile.
    pub(crate) fn remove_from_discard(&mut self, c: Card) {
        if let Some(i) = self.discard.iter().rposition(|&x| x == c) {
            self.discard.remove(i);
        }
    }

    /// Hand to discard pile, with its public event.
    pub(crate) fn discard_from_hand(
        &mut self,
        seat: Seat,
        c: Card,
        ev: &mut impl EventSink<Event>,
    ) {
        self.remove_from_hand(c, seat);
        self.put_on_discard(c);
        ev.push(Event::Discarded(seat, c));
    }

    /// Gives `c` secretly from one hand to another.
    pub(crate) fn give(&mut self, from: Seat, to: Seat, c: Card, ev: &mut impl EventSink<Event>) {
        self.remove_from_hand(c, from);
        let mut seen = SeatSet::single(from);
        seen.insert(to);
        self.put_in_hand(c, to, seen);
        ev.push(Event::Gave { from, to, card: c });
    }

    /// Takes `c` from the discard pile into `seat`'s hand, in public.
    pub(crate) fn take_from_discard(
        &mut self,
        seat: Seat,
        c: Card,
        ev: &mut impl EventSink<Event>,
    ) {
        self.remove_from_discard(c);
        self.put_in_hand(c, seat, SeatSet::all(self.n));
        ev.push(Event::TookFromDiscard(seat, c));
    }

    pub(crate) fn push(&mut self, t: Task) {
        self.stack.push(t);
    }

    /// Every card in exactly one zone.
    /// Checks that every card in play is in exactly one zone.
    fn check_zones(&self) -> Result<(), LedgerError> {
        let mut ledger = ZoneLedger::new(|c| self.deck().id(Card(c)).to_owned());
        for s in Seat::all(self.n) {
            ledger.place(format_args!("hand {s}"), self.hands[s])?;
            for (i, l) in self.lines[s].iter().enumerate() {
                ledger.place_cards(format_args!("p{s}.l{i}"), l.cards().map(|c| c.0))?;
            }
        }
        ledger.place_cards("the stockpile", self.stock.iter().map(|c| c.0))?;
        ledger.place_cards("the discard pile", self.discard.iter().map(|c| c.0))?;
        ledger.place("the resolving area", self.resolving)?;
        ledger.place_cards("the revealed cards", self.revealed.iter().map(|c| c.0))?;
        ledger.place("the look", self.look)?;
        ledger.finish(self.in_play)?;
        Ok(())
    }

    pub(crate) fn illegal(r: crate::play::Reject) -> IllegalAction {
        IllegalAction::new(r.rule, r.reason)
    }
}

/// Whether the cards in play can be dealt to `players` and still make three lines each: the
/// table itself was checked when it was read ([`Deck::parse`]); options that leave cards out
/// (`five_terrors`) and the player count are checked here.
fn check_deck(d: &Deck, in_play: CardSet, players: u8, rules: &Rules) -> Result<(), String> {
    let hand = if rules.short_game || rules.tiebreak_short_game {
        9
    } else {
        rules.hand_size()
    };
    let need = u32::from(players) * u32::from(hand) + 1;
    if in_play.len() < need {
        return Err(format!(
            "the deck has {} cards in play; {players} players need at least {need} (hands of {hand} and a stockpile)",
            in_play.len()
        ));
    }
    for (ty, name) in [
        (CardType::Setting, "Settings"),
        (CardType::Focus, "Focuses"),
        (CardType::Terror, "Hidden Terrors"),
    ] {
        let n = in_play.and(d.of_type(ty)).len();
        if n < crate::cards::MIN_ESSENTIALS {
            return Err(format!(
                "the deck has {n} {name} in play; a player needs {} for three lines",
                crate::cards::MIN_ESSENTIALS
            ));
        }
    }
    Ok(())
}

impl Game for State {
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "haunted";
    const NAME: &'static str = "Haunted";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=6;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<State>(players)?;
        let rules = Rules::from_options(options);
        let d =
            Deck::resolve(options.text("cards")).map_err(|e| SetupError::Invalid(e.to_string()))?;
        let in_play = if rules.five_terrors {
            d.all().minus(d.designed())
        } else {
            d.all()
        };
        check_deck(d, in_play, players, &rules).map_err(SetupError::Invalid)?;
        Ok(State {
            rules,
            deck: DeckRef(d),
            n: players,
            in_play,
            hands: BySeat::splat(CardSet::EMPTY),
            lines: BySeat::splat([Line::default(); 3]),
            // Before the deal every card is in the face-down stockpile (the box).
            stock: in_play.iter().map(Card).collect(),
            discard: Vec::with_capacity(in_play.len() as usize),
            resolving: CardSet::EMPTY,
            revealed: Vec::with_capacity(8),
            tie_cards: BySeat::splat(None),
            look: CardSet::EMPTY,
            look_owner: Seat(0),
            taken: None,
            known: BySeat::splat(CardSet::EMPTY),
            skips: BySeat::splat(0),
            lodged: None,
            active: Seat(0),
            phase: Phase::FirstDraw,
            redraw_turn: false,
            used_count: 0,
            slots_done: 0,
            turns: 0,
            stack: Vec::with_capacity(16),
            loser: None,
            seated: SeatSet::all(players),
            tiebreak: None,
            tiebreak_due: None,
            rounds_before: 0,
        })
    }

    fn players(&self) -> u8 {
        self.n
    }

    /// No bound is derived: `round_limit` caps the turns, but inside a turn a defence or
    /// own-line window takes any number of plays, and effects draw cards back into hands (the
    /// stock is refilled from the discards), so no rule caps the plays of a turn. The encoding
    /// declares a budget of action ids instead ([`parlour_core::Encoding::max_action_ids`]).
    fn max_steps(&self) -> Option<u64> {
        None
    }

    fn to_act(&self) -> ToAct {
        if self.phase == Phase::Over {
            return ToAct::Terminal;
        }
        match self.stack.last() {
            Some(Task::Ask(seat, _)) => ToAct::Seats(SeatSet::single(*seat)),
            Some(Task::Chance(_)) => ToAct::Chance,
            Some(_) => ToAct::Chance, // never observed: advance() runs automatic steps
            None => match self.phase {
                Phase::FirstDraw | Phase::Deal => ToAct::Chance,
                Phase::TurnStart | Phase::Attack | Phase::Discard | Phase::Refill => {
                    ToAct::Seats(SeatSet::single(self.active))
                }
                Phase::Defence(s) | Phase::OwnLine(s) => ToAct::Seats(SeatSet::single(s)),
                Phase::Over => ToAct::Terminal,
            },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat.0 >= self.n || !self.to_act().seats().contains(seat) {
            return;
        }
        self.fill_legal(seat, out);
        out.sort_unstable();
        out.dedup();
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
        self.advance(events);
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        self.sample(rng)
    }

    fn apply_chance(
        &mut self,
        chance: Chance,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        self.settle(chance, events)?;
        self.advance(events);
        Ok(())
    }

    fn chance_hint(&self) -> String {
        self.hint()
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::of(self, viewer)
    }

    fn describe_event(&self, event: &Event, viewer: Viewer, voice: Voice) -> Option<String> {
        match voice.names() {
            Some(names) => event.narrate(self.deck(), viewer, names),
            None => event.describe(self.deck(), viewer),
        }
    }

    /// The main game's scores: running while it is played, then kept for the record while a
    /// tie-break short game decides the winner (the short game's own scores are
    /// [`State::table_scores`]).
    fn scores(&self) -> Vec<i32> {
        crate::scoring::record_scores(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| crate::scoring::outcome(self))
    }

    fn round(&self) -> u32 {
        self.rounds_before + self.slots_done / self.seated_count()
    }

    fn action_text(&self, action: Action) -> String {
        crate::notation::action_text(self.deck(), action)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ParseError> {
        crate::notation::parse_action(self.deck(), text)
    }

    fn chance_text(&self, chance: &Chance) -> String {
        crate::notation::chance_text(self.deck(), chance)
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, ParseError> {
        self.parse_chance_text(text)
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        crate::resample::resample(self, observer, rng)
    }

    fn metrics(&self, events: &[Event]) -> Vec<parlour_core::Metric> {
        crate::metrics::metrics(self, events)
    }

    fn card_names(&self) -> Vec<String> {
        crate::metrics::card_names(self.deck())
    }

    fn card_facts(&self, events: &[Event]) -> Option<parlour_core::CardFacts> {
        Some(crate::metrics::card_facts(
            self.deck(),
            self.players(),
            events,
        ))
    }

    fn hands_now(&self, caused: &[Event]) -> Option<parlour_core::HandsNow> {
        Some(crate::metrics::hands_now(self, caused))
    }

    fn starting_seat(&self, events: &[Event]) -> Option<Seat> {
        // The main game's draw; a tie-break's later draw starts only the short game.
        events.iter().find_map(|e| match e {
            Event::FirstPlayer { first, .. } => Some(*first),
            _ => None,
        })
    }

    fn ended_by_cap(&self, events: &[Event]) -> Option<&'static str> {
        // A game (main or tie-break) that ended with no loser was stopped by `round_limit`.
        events
            .iter()
            .any(|e| {
                matches!(
                    e,
                    Event::GameOver { loser: None } | Event::TieBreak { loser: None, .. }
                )
            })
            .then_some("round_limit")
    }
}

impl Search for State {
    /// One turn round: random play to the end (up to the round limit) is long and noisy, while
    /// the score ([`Search::cutoff_value`]) is meaningful mid-game. Two rounds searched about 1.7
    /// times slower without a measurable gain at 3 players; cutting after the current turn
    /// instead lost much strength at 4 players.
    fn playout_rounds(&self) -> Option<u32> {
        Some(1)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        crate::scoring::evaluate(self, seat)
    }

    /// The score the round limit would rank now (§6): the lowest wins and exact ties share, as
    /// they do at the table. At 4–6 players several seats often stand level (at 0 early on),
    /// and `evaluate`'s bonus for defensive cards in hand would hand such a tie to one of them.
    fn cutoff_value(&self, seat: Seat) -> f64 {
        crate::scoring::cutoff_value(self, seat)
    }

    /// Uniform, except that a seat never builds on its own lines (an essential card played on
    /// one's own line only raises one's score). Uniform playouts do that in most own-line
    /// windows, and at 4–6 players those random scores drown the effect of the searched move.
    fn playout_action(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        crate::scoring::playout_action(self, seat, legal, rng)
    }
}

impl Audit for State {
    fn check_invariants(&self) -> Result<(), String> {
        self.check_zones()?;
        for s in Seat::all(self.n) {
            for (i, l) in self.lines[s].iter().enumerate() {
                if i >= self.slots() as usize && l.len > 0 {
                    return Err(format!("p{s}.l{i} exists only with three slots"));
                }
                let want = [CardType::Setting, CardType::Focus, CardType::Terror];
                for (j, c) in l.cards().enumerate() {
                    if self.deck().card_type(c) != want[j] {
                        return Err(format!("p{s}.l{i}: {} out of order", self.deck().id(c)));
                    }
                }
                if l.pending && l.top_type(self.deck()) != Some(CardType::Terror) {
                    return Err(format!("p{s}.l{i}: pending without a terror"));
                }
                if l.pending && l.complete {
                    return Err(format!("p{s}.l{i}: pending and complete"));
                }
            }
            if self.hands[s].and(self.known[s]) != CardSet::EMPTY {
                return Err(format!("seat {s} 'knows' a card of its own hand"));
            }
        }
        // Until the tie-break's first-player draw gathers them, the ended game's cards stay
        // where they were.
        for s in Seat::all(self.n).filter(|&s| !self.seated.contains(s) && !self.awaiting_gather())
        {
            if !self.hands[s].is_empty() || self.lines[s].iter().any(|l| l.len > 0) {
                return Err(format!("seat {s} sits out the tie-break but holds cards"));
            }
        }
        if self.seated.len() < 2 {
            return Err("fewer than two seats take part".into());
        }
        if !self
            .to_act()
            .seats()
            .iter()
            .all(|s| self.seated.contains(s))
        {
            return Err("a seat that sits out is to act".into());
        }
        if let Some(c) = self.lodged
            && self.lodged_holder().is_none()
        {
            return Err(format!("lodged {} is in no hand", self.deck().id(c)));
        }
        if self.phase != Phase::Over
            && self
                .stack
                .iter()
                .any(|t| matches!(t, Task::Ask(s, _) if s.0 >= self.n))
        {
            return Err("a prompt for a seat that does not exist".into());
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut hidden: CardSet = self.stock.iter().map(|c| c.0).collect();
        for s in Seat::all(self.n) {
            if Some(s) != viewer {
                hidden = hidden.or(self.hands[s]);
            }
        }
        if Some(self.look_owner) != viewer {
            hidden = hidden.or(self.look);
        }
        if let Some(v) = viewer {
            hidden = hidden.minus(self.known[v]);
        }
        hidden
            .iter()
            .map(|c| self.deck().id(Card(c)).to_owned())
            .collect()
    }

    /// The rules' reveals: a card shown to the observer (a draw, a test draw, a card looked at
    /// or given), and the steps whose course depends on some seat's hidden hand: a card played on
    /// another seat's line may ask that owner for a card it holds (Secret Room, Violent Temper),
    /// Attacked! asks round the table for a Setting, a Coach and Horses is blocked by a
    /// protecting card held, and a named player answers from its hand (Well-Wishing).
    fn reveals_to(&self, seat: Seat, action: Action, observer: Seat) -> bool {
        shows_hidden_card(self, seat, action, observer)
            || match action {
                Action::Play { card, line, .. } => {
                    line.owner != observer
                        || matches!(self.deck().id(card), "attacked" | "coach-and-horses")
                }
                Action::Name(_) => true,
                _ => false,
            }
    }
}
