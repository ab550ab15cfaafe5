use parlour_cards::{CardSet, ZoneLedger};
use parlour_core::{
    Audit, BySeat, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome,
    ParseError, Search, Seat, SeatSet, SetupError, ToAct, Viewer, Voice, check_players,
};
use parlour_fey::{Card, Draw, FeyTable, Mat, Sign, card_name, full_deck};

use crate::chance::{Chance, Due};
use crate::rules::{OPTIONS, Rules};
use crate::scoring::{Tally, final_outcome, game_ends, round_score};
use crate::{Action, Event, View, notation};

/// Cards in every hand at the start of a round (spec §4.1).
pub const HAND_SIZE: u8 = 7;

/// Where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// Before the opening table setup (chance).
    Setup,
    /// The opening deal (chance).
    Deal,
    /// A new layout or new signs before a round (chance, variants only).
    Table,
    /// The church card (chance).
    Church,
    /// Everyone commits face down (simultaneous).
    Commit,
    /// Hands are refilled after the reveal (chance).
    Refill,
    /// The game is over.
    Over,
}

/// The last revealed round, kept for views.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LastRound {
    pub church: Card,
    pub plays: BySeat<CardSet>,
    pub totals: BySeat<i32>,
    pub points: BySeat<i32>,
}

/// A full (omniscient) Holy Matrimony state. See the crate docs for the rules.
#[derive(Clone, PartialEq, Debug)]
pub struct State {
    pub(crate) n: u8,
    pub(crate) rules: Rules,
    pub(crate) phase: Phase,
    /// The mat and signs.
    pub(crate) table: FeyTable,
    pub(crate) first: Seat,
    /// Rounds revealed and scored so far.
    pub(crate) rounds_played: u32,
    pub(crate) hands: BySeat<CardSet>,
    pub(crate) draw: CardSet,
    pub(crate) discard: CardSet,
    /// The church card (empty or one card).
    pub(crate) church: CardSet,
    pub(crate) committed: SeatSet,
    /// Each committed seat's cards (still in its hand until the reveal).
    pub(crate) commits: BySeat<CardSet>,
    pub(crate) scores: BySeat<i32>,
    /// Cards each seat draws in the refill under way, and how many of all are drawn.
    pub(crate) need: BySeat<u8>,
    pub(crate) refill_done: u8,
    pub(crate) last: Option<LastRound>,
}

impl State {
    /// The mat and each seat's sign.
    #[must_use]
    pub fn table(&self) -> &FeyTable {
        &self.table
    }

    /// The mat, once set up.
    #[must_use]
    pub fn mat(&self) -> Option<Mat> {
        self.table.view_mat()
    }

    /// Each seat's sign, once set up.
    #[must_use]
    pub fn signs(&self) -> Vec<Sign> {
        self.table.view_signs()
    }

    /// A seat's hand (omniscient; committed cards stay in it until the reveal).
    #[must_use]
    pub fn hand_of(&self, seat: Seat) -> CardSet {
        self.hands[Seat(seat.0 % 7)]
    }

    /// The church card, when one is face up.
    #[must_use]
    pub fn church(&self) -> Option<Card> {
        self.church.first().and_then(Card::from_id)
    }

    /// The draw pile (omniscient).
    #[must_use]
    pub fn draw_pile(&self) -> CardSet {
        self.draw
    }

    /// The discard pile (public).
    #[must_use]
    pub fn discard_pile(&self) -> CardSet {
        self.discard
    }

    /// Rounds revealed and scored.
    #[must_use]
    pub fn rounds_played(&self) -> u32 {
        self.rounds_played
    }

    /// The first player.
    #[must_use]
    pub fn first_player(&self) -> Seat {
        self.first
    }

    /// The seats that have committed this round.
    #[must_use]
    pub fn committed(&self) -> SeatSet {
        self.committed
    }

    fn total_need(&self) -> u8 {
        self.need.seats(self.n).iter().sum()
    }

    /// The seat that receives the `j`-th card of the refill: seats in order from
    /// `(first + round) mod n`, each drawing all it needs (§8.5).
    fn refill_seat(&self, j: u8) -> Seat {
        let start = self.first.offset(self.rounds_played - 1, self.n);
        let mut left = j;
        for k in 0..u32::from(self.n) {
            let s = start.offset(k, self.n);
            if left < self.need[s] {
                return s;
            }
            left -= self.need[s];
        }
        unreachable!("refill index beyond the cards needed")
    }

    pub(crate) fn due(&self) -> Option<Due> {
        let from_pile = |k: usize, due: fn(usize) -> Due| {
            if self.draw.is_empty() {
                Due::Reshuffle(k.min(self.discard.len() as usize))
            } else {
                due(k.min(self.draw.len() as usize))
            }
        };
        match self.phase {
            Phase::Setup => Some(Due::Opening),
            Phase::Deal => Some(Due::Deal(usize::from(HAND_SIZE) * usize::from(self.n))),
            Phase::Table => Some(if self.rules.fey.reshuffle_player_signs {
                Due::NewSigns
            } else {
                Due::Layout
            }),
            Phase::Church => Some(from_pile(1, |_| Due::Church)),
            Phase::Refill => Some(from_pile(
                usize::from(self.total_need() - self.refill_done),
                Due::Refill,
            )),
            Phase::Commit | Phase::Over => None,
        }
    }

    fn begin_round(&mut self) {
        self.phase = if self.rounds_played > 0 && self.rules.table_changes_each_round() {
            Phase::Table
        } else {
            Phase::Church
        };
    }

    fn reveal(&mut self, events: &mut impl EventSink<Event>) {
        let church = self
            .church()
            .expect("a church card is face up during a round");
        let mut last = LastRound {
            church,
            plays: BySeat::splat(CardSet::EMPTY),
            totals: BySeat::splat(0),
            points: BySeat::splat(0),
        };
        for s in Seat::all(self.n) {
            let played = self.commits[s];
            let r = round_score(
                self.table.mat(),
                self.table.sign(s),
                played,
                church,
                self.rules.scoring,
            );
            self.scores[s] += r.score;
            last.plays[s] = played;
            last.totals[s] = r.total;
            last.points[s] = r.score;
            self.hands[s] = self.hands[s].minus(played);
            self.discard = self.discard.or(played);
            self.need[s] = HAND_SIZE - self.hands[s].len() as u8;
            events.push(Event::Revealed {
                seat: s,
                cards: played,
                total: r.total,
                score: r.score,
            });
        }
        self.discard = self.discard.or(self.church);
        self.church = CardSet::EMPTY;
        self.commits = BySeat::splat(CardSet::EMPTY);
        self.committed = SeatSet::EMPTY;
        self.last = Some(last);
        self.rounds_played += 1;
        self.refill_done = 0;
        self.phase = Phase::Refill;
        if self.total_need() == 0 {
            self.after_refill(events);
        }
    }

    fn after_refill(&mut self, events: &mut impl EventSink<Event>) {
        if game_ends(
            self.scores.seats(self.n),
            self.rules.target_score,
            self.rounds_played,
            self.rules.max_rounds,
        ) {
            self.phase = Phase::Over;
            events.push(Event::GameOver);
        } else {
            self.begin_round();
        }
    }

    fn draw_cards(&mut self, cards: &[u8], events: &mut impl EventSink<Event>) {
        match self.phase {
            Phase::Church => {
                let c = cards[0];
                self.draw.remove(c);
                self.church = CardSet::single(c);
                self.phase = Phase::Commit;
                events.push(Event::Church {
                    card: Card::from_id(c).expect("deck card"),
                    round: self.rounds_played,
                });
            }
            Phase::Refill => {
                let mut got = BySeat::splat(CardSet::EMPTY);
                for &c in cards {
                    let s = self.refill_seat(self.refill_done);
                    got[s].insert(c);
                    self.draw.remove(c);
                    self.refill_done += 1;
                }
                for s in Seat::all(self.n) {
                    let g = got[s];
                    if !g.is_empty() {
                        self.hands[s] = self.hands[s].or(g);
                        events.push(Event::Drew { seat: s, cards: g });
                    }
                }
                if self.refill_done == self.total_need() {
                    self.need = BySeat::splat(0);
                    self.refill_done = 0;
                    self.after_refill(events);
                }
            }
            _ => unreachable!("cards are drawn only for the church or a refill"),
        }
    }

    fn check_chance(&self, due: Due, chance: &Chance) -> Result<(), IllegalAction> {
        let bad = |r: String| IllegalAction::new("chance-outcome", r);
        match (due, chance) {
            (Due::Opening, Chance::Table(t)) => {
                self.table.check_opening(&self.rules.fey, t).map_err(bad)
            }
            // D-HM-6: the mat stays unless `reshuffle_mat_each_round`.
            (Due::NewSigns, Chance::Table(t)) => self
                .table
                .check_next(&self.rules.fey, self.rules.reshuffle_mat_each_round, t)
                .map_err(bad),
            (Due::Layout, Chance::Layout(m)) => self.table.check_layout(m).map_err(bad),
            (Due::Deal(k), Chance::Deal(d)) => d.check(self.draw, k).map_err(bad),
            (Due::Church, Chance::Church(c)) => {
                if self.draw.contains(c.id()) {
                    Ok(())
                } else {
                    Err(bad(format!("{c} is not in the draw pile")))
                }
            }
            (Due::Refill(k), Chance::Refill(d)) => d.check(self.draw, k).map_err(bad),
            (Due::Reshuffle(k), Chance::Reshuffle(d)) => d.check(self.discard, k).map_err(bad),
            (due, _) => Err(IllegalAction::new(
                "chance-kind",
                format!("{} is due, not this outcome", due_name(due)),
            )),
        }
    }

    /// The best round score `seat` could make with its hand against the face-up church card
    /// (0 when no church card is up). Reads only what the seat knows.
    #[must_use]
    pub fn best_round_score(&self, seat: Seat) -> Option<(CardSet, i32)> {
        let church = self.church()?;
        let s = Seat(seat.0 % 7);
        Some(self.best_subset(s, self.hands[s], church))
    }

    /// Seat `s`'s round score for `played` against `church`.
    pub(crate) fn score_of(&self, s: Seat, played: CardSet, church: Card) -> i32 {
        round_score(
            self.table.mat(),
            self.table.sign(s),
            played,
            church,
            self.rules.scoring,
        )
        .score
    }

    /// The subset of `hand` with the best round score for seat `s` against `church` (the
    /// first in bit order on ties), and that score.
    pub(crate) fn best_subset(&self, s: Seat, hand: CardSet, church: Card) -> (CardSet, i32) {
        const MAX: usize = HAND_SIZE as usize;
        let rules = self.rules.scoring;
        let (mat, sign) = (self.table.mat(), self.table.sign(s));
        let mut cards = [0u8; MAX];
        let n = hand.len() as usize;
        if n > MAX {
            // Not in this game (hands hold at most seven cards); scored one subset at a time.
            return self.best_subset_slow(s, hand, church);
        }
        for (slot, c) in cards.iter_mut().zip(hand.iter()) {
            *slot = c;
        }
        // Subsets in increasing order of their bits, each built from the one without its
        // lowest card: the same order as the hand's subsets, so ties go the same way.
        let mut tallies = [Tally::default(); 1 << MAX];
        tallies[0] = Tally::church(mat, sign, church, rules);
        let mut best = (0usize, tallies[0].settle(rules).score);
        for m in 1..1usize << n {
            let low = m.trailing_zeros() as usize;
            let card = Card::from_id(cards[low]).expect("hand cards are deck cards");
            tallies[m] = tallies[m & (m - 1)].add(Tally::played(mat, sign, card, rules));
            let score = tallies[m].settle(rules).score;
            if score > best.1 {
                best = (m, score);
            }
        }
        let set = (0..n)
            .filter(|i| best.0 >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        (set, best.1)
    }

    fn best_subset_slow(&self, s: Seat, hand: CardSet, church: Card) -> (CardSet, i32) {
        let mut best = (CardSet::EMPTY, self.score_of(s, CardSet::EMPTY, church));
        let mut sub = hand.0 & hand.0.wrapping_neg();
        while sub != 0 {
            let score = self.score_of(s, CardSet(sub), church);
            if score > best.1 {
                best = (CardSet(sub), score);
            }
            sub = sub.wrapping_sub(hand.0) & hand.0;
        }
        best
    }
}

fn due_name(due: Due) -> &'static str {
    match due {
        Due::Opening => "the opening table setup",
        Due::NewSigns => "new player signs",
        Due::Layout => "a new mat layout",
        Due::Deal(_) => "the opening deal",
        Due::Church => "a church card",
        Due::Refill(_) => "a refill from the draw pile",
        Due::Reshuffle(_) => "a reshuffle of the discard pile",
    }
}

impl Game for State {
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "holy-matrimony";
    const NAME: &'static str = "Holy Matrimony";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=7;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const SIMULTANEOUS: bool = true;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<State>(players)?;
        let rules = Rules::from_options(options);
        rules.fey.check_players(players)?;
        Ok(State {
            n: players,
            rules,
            phase: Phase::Setup,
            table: FeyTable::new(players),
            first: Seat(0),
            rounds_played: 0,
            hands: BySeat::splat(CardSet::EMPTY),
            draw: full_deck(),
            discard: CardSet::EMPTY,
            church: CardSet::EMPTY,
            committed: SeatSet::EMPTY,
            commits: BySeat::splat(CardSet::EMPTY),
            scores: BySeat::splat(0),
            need: BySeat::splat(0),
            refill_done: 0,
            last: None,
        })
    }

    fn players(&self) -> u8 {
        self.n
    }

    /// Every step is a commitment, one per seat a round, and the game ends after `max_rounds`
    /// rounds at the latest.
    fn max_steps(&self) -> Option<u64> {
        Some(u64::from(self.rules.max_rounds) * u64::from(self.n))
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Commit => {
                let waiting: SeatSet = Seat::all(self.n)
                    .filter(|s| !self.committed.contains(*s))
                    .collect();
                ToAct::Seats(waiting)
            }
            Phase::Over => ToAct::Terminal,
            _ => ToAct::Chance,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.phase != Phase::Commit || seat.0 >= self.n || self.committed.contains(seat) {
            return;
        }
        // Every subset of the hand, in increasing bit order (= the order of `Action`).
        let hand = self.hands[seat].0;
        let mut sub: u128 = 0;
        loop {
            out.push(Action::Commit(CardSet(sub)));
            sub = sub.wrapping_sub(hand) & hand;
            if sub == 0 {
                break;
            }
        }
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.phase == Phase::Commit
            && seat.0 < self.n
            && !self.committed.contains(seat)
            && action.cards().is_subset(self.hands[seat])
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        match self.phase {
            Phase::Commit => {}
            Phase::Over => return Err(IllegalAction::new("game-over", "the game is over")),
            _ => return Err(IllegalAction::wrong_node("a chance event")),
        }
        if seat.0 >= self.n {
            return Err(IllegalAction::not_your_turn(seat));
        }
        if self.committed.contains(seat) {
            return Err(IllegalAction::new(
                "one-commitment-per-round",
                format!("seat {seat} has already committed this round"),
            ));
        }
        let cards = action.cards();
        if let Some(c) = cards.minus(self.hands[seat]).first() {
            return Err(IllegalAction::new(
                "card-in-hand",
                format!("{} is not in seat {seat}'s hand", card_name(c)),
            ));
        }
        self.commits[seat] = cards;
        self.committed.insert(seat);
        events.push(Event::Committed { seat, cards });
        if self.committed.len() == self.n as usize {
            self.reveal(events);
        }
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        let due = self
            .due()
            .expect("sample_chance is called at a chance node");
        match due {
            Due::Opening => Chance::Table(self.table.sample_opening(&self.rules.fey, rng)),
            Due::NewSigns => Chance::Table(self.table.sample_next(
                &self.rules.fey,
                self.rules.reshuffle_mat_each_round,
                rng,
            )),
            Due::Layout => Chance::Layout(self.table.sample_layout(rng)),
            Due::Deal(k) => Chance::Deal(Draw::sample(self.draw, k, rng)),
            Due::Church => {
                let d = Draw::sample(self.draw, 1, rng);
                Chance::Church(Card::from_id(d.cards()[0]).expect("deck card"))
            }
            Due::Refill(k) => Chance::Refill(Draw::sample(self.draw, k, rng)),
            Due::Reshuffle(k) => Chance::Reshuffle(Draw::sample(self.discard, k, rng)),
        }
    }

    fn apply_chance(
        &mut self,
        chance: Chance,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        let due = self
            .due()
            .ok_or_else(|| IllegalAction::wrong_node("a player's action"))?;
        self.check_chance(due, &chance)?;
        match chance {
            Chance::Table(t) => {
                self.table.apply(&t);
                if let Some(f) = t.first {
                    self.first = f;
                }
                events.push(Event::Table(t));
                self.phase = if self.phase == Phase::Setup {
                    Phase::Deal
                } else {
                    Phase::Church
                };
            }
            Chance::Layout(m) => {
                self.table.apply_layout(m);
                events.push(Event::Layout(m));
                self.phase = Phase::Church;
            }
            Chance::Deal(d) => {
                let mut got = BySeat::splat(CardSet::EMPTY);
                for (i, &c) in d.cards().iter().enumerate() {
                    got[self.first.offset(i as u32, self.n)].insert(c);
                    self.draw.remove(c);
                }
                for s in Seat::all(self.n) {
                    self.hands[s] = got[s];
                    events.push(Event::Drew {
                        seat: s,
                        cards: got[s],
                    });
                }
                self.phase = Phase::Church;
            }
            Chance::Church(c) => self.draw_cards(&[c.id()], events),
            Chance::Refill(d) => self.draw_cards(d.cards(), events),
            Chance::Reshuffle(d) => {
                events.push(Event::Reshuffled {
                    cards: self.discard.len() as u8,
                });
                self.draw = self.discard;
                self.discard = CardSet::EMPTY;
                // The last round's cards may now be drawn by anyone: stop showing them.
                self.last = None;
                self.draw_cards(d.cards(), events);
            }
        }
        Ok(())
    }

    fn chance_hint(&self) -> String {
        match self.due() {
            Some(Due::Opening) => "table: `mat <fey>: <7 signs in position order>; signs <one per seat>; first <seat>`".into(),
            Some(Due::NewSigns) => "new signs: `mat <fey>: <7 signs>; signs <one per seat>`".into(),
            Some(Due::Layout) => format!("new layout: `mat {}: <7 live signs in position order>`", self.table.fey().id()),
            Some(Due::Deal(k)) => format!("deal: `deal` and the {k} card ids dealt, in deal order from the first player"),
            Some(Due::Church) => "church: `church <card id>` from the draw pile".into(),
            Some(Due::Refill(k)) => format!("refill: `refill` and the {k} card ids drawn, in draw order"),
            Some(Due::Reshuffle(k)) => format!("reshuffle: `reshuffle` and the {k} card ids then drawn from the reshuffled discard pile"),
            None => "no chance event is due".into(),
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
        self.scores.seats(self.n).to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| final_outcome(self.scores.seats(self.n)))
    }

    fn round(&self) -> u32 {
        match self.phase {
            Phase::Setup | Phase::Deal | Phase::Refill | Phase::Over => self.rounds_played,
            Phase::Table | Phase::Church | Phase::Commit => self.rounds_played + 1,
        }
    }

    fn action_text(&self, action: Action) -> String {
        action.to_string()
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ParseError> {
        notation::parse_action(text)
    }

    fn chance_text(&self, chance: &Chance) -> String {
        notation::chance_text(chance)
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, ParseError> {
        let due = self
            .due()
            .ok_or_else(|| ParseError::new(text, "no chance event is due"))?;
        notation::parse_chance(due, text)
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        crate::resample::sample_consistent(self, observer, rng)
    }

    fn metrics(&self, events: &[Event]) -> Vec<parlour_core::Metric> {
        crate::metrics::metrics(self, events)
    }

    fn card_names(&self) -> Vec<String> {
        parlour_fey::printed_names()
    }

    fn card_facts(&self, events: &[Event]) -> Option<parlour_core::CardFacts> {
        Some(crate::metrics::card_facts(self.n, events))
    }

    fn hands_now(&self, caused: &[Event]) -> Option<parlour_core::HandsNow> {
        Some(crate::metrics::hands_now(self, caused))
    }

    fn starting_seat(&self, _events: &[Event]) -> Option<Seat> {
        // Play is simultaneous, but the deal and each refill start from the first player.
        Some(self.first)
    }
}

impl Search for State {
    /// One round: a random playout of the race to 55 points is noise, while `evaluate` after
    /// the round's reveal is the cumulative score, which ranks the seats fairly.
    fn playout_rounds(&self) -> Option<u32> {
        Some(1)
    }

    /// A commitment is one of up to 128 subsets. Its prior (`action_prior`) holds what the
    /// search cannot see within its one-round horizon: the cards it keeps for the next round.
    /// The returns there only rank the round's scores, so the weight is high: the search keeps to
    /// the prior unless a commitment clearly wins or loses more games (a race to the target).
    fn progressive_bias(&self) -> f64 {
        3000.0
    }

    /// A commitment is worth its round score plus the cards it keeps for the next round
    /// (sampled; see `prior.rs`), which `evaluate` right after it cannot see.
    fn action_prior(&self, seat: Seat, action: Action) -> f64 {
        self.commit_prior(seat, action.cards())
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let s = Seat(seat.0 % 7);
        let score = f64::from(self.scores[s]);
        if self.phase != Phase::Commit {
            return score;
        }
        let church = self.church().expect("a church card is up while committing");
        if self.committed.contains(seat) {
            // The seat knows its own commitment: its round score is settled.
            score + f64::from(self.score_of(s, self.commits[s], church))
        } else {
            score
                + self
                    .best_round_score(seat)
                    .map_or(0.0, |(_, b)| f64::from(b))
        }
    }
}

impl Audit for State {
    fn check_invariants(&self) -> Result<(), String> {
        let mut ledger = ZoneLedger::new(card_name);
        for s in Seat::all(self.n) {
            ledger.place(format_args!("hand {s}"), self.hands[s])?;
        }
        ledger.place("the draw pile", self.draw)?;
        ledger.place("the discard pile", self.discard)?;
        ledger.place("the church", self.church)?;
        ledger.finish(full_deck())?;
        if self.hands.beyond(self.n).iter().any(|h| !h.is_empty()) {
            return Err("a seat beyond the table holds cards".into());
        }
        if self.church.len() > 1 {
            return Err("more than one church card".into());
        }
        for s in Seat::all(self.n) {
            if !self.commits[s].is_subset(self.hands[s]) {
                return Err(format!("seat {s} committed cards it does not hold"));
            }
            if !self.committed.contains(s) && !self.commits[s].is_empty() {
                return Err(format!("seat {s} has cards committed without committing"));
            }
        }
        if matches!(self.phase, Phase::Commit | Phase::Church | Phase::Table) {
            if let Some(s) =
                Seat::all(self.n).find(|&s| self.hands[s].len() != u32::from(HAND_SIZE))
            {
                return Err(format!("seat {s} holds {} cards", self.hands[s].len()));
            }
            if (self.phase == Phase::Commit) != (self.church.len() == 1) {
                return Err("church card present outside a round, or missing in one".into());
            }
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut hidden = self.draw;
        for s in Seat::all(self.n) {
            if viewer != Some(s) {
                hidden = hidden.or(self.hands[s]);
            }
        }
        hidden.iter().map(card_name).collect()
    }

    /// The last commitment turns every commitment face up.
    fn reveals_to(&self, seat: Seat, action: Action, observer: Seat) -> bool {
        let _ = (action, observer);
        self.to_act().seats() == SeatSet::single(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dealt(players: u8, opts: &str) -> State {
        let o = Options::parse_list(OPTIONS, opts).unwrap();
        let mut s = State::new(players, &o).unwrap();
        let mut rng = parlour_core::rng_from_seed(11);
        while s.to_act() == ToAct::Chance {
            let c = s.sample_chance(&mut rng);
            s.apply_chance(c, &mut ()).unwrap();
        }
        s
    }

    #[test]
    fn card_conservation_names_the_card_and_both_places() {
        let mut s = dealt(3, "");
        s.check_invariants().unwrap();
        let c = s.hands[Seat(1)].first().unwrap();
        s.draw.insert(c);
        assert_eq!(
            s.check_invariants().unwrap_err(),
            format!(
                "{} is in two places: hand 1 and the draw pile",
                card_name(c)
            )
        );
        s.draw.remove(c);
        s.hands[Seat(1)].remove(c);
        assert_eq!(
            s.check_invariants().unwrap_err(),
            format!("{} is nowhere", card_name(c))
        );
    }

    #[test]
    fn every_subset_of_the_hand_is_a_legal_commit_in_order() {
        let s = dealt(3, "");
        let mut out = Vec::new();
        s.legal_actions(Seat(0), &mut out);
        assert_eq!(out.len(), 128);
        assert!(out.windows(2).all(|w| w[0] < w[1]));
        assert!(out.iter().all(|a| a.cards().is_subset(s.hand_of(Seat(0)))));
    }

    #[test]
    fn best_subset_agrees_with_scoring_every_subset() {
        for flags in 0..8u8 {
            let opts = [
                "church_counts_for_total_only",
                "fey_wild_value",
                "no_negative_round_scores",
            ]
            .iter()
            .enumerate()
            .map(|(i, o)| format!("{o}={}", flags >> i & 1 == 1))
            .collect::<Vec<_>>()
            .join(",");
            let s = dealt(4, &opts);
            let church = s.church().expect("church up");
            let mut rng = parlour_core::rng_from_seed(u64::from(flags));
            for _ in 0..40 {
                // Random hands of 0 to 7 cards from the whole deck, against this church card.
                let k = rand::Rng::random_range(&mut rng, 0..=7);
                let mut ids: Vec<u8> = full_deck().minus(s.church).iter().collect();
                rand::seq::SliceRandom::shuffle(ids.as_mut_slice(), &mut rng);
                let hand: CardSet = ids[..k].iter().copied().collect();
                for seat in Seat::all(4) {
                    assert_eq!(
                        s.best_subset(seat, hand, church),
                        s.best_subset_slow(seat, hand, church),
                        "{opts}: {hand:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn refill_starts_from_the_rotating_seat() {
        let mut s = dealt(3, "first_player=1");
        s.rounds_played = 2; // round 1 was just played: start at seat 2
        s.need = BySeat::from_array([1, 2, 3, 0, 0, 0, 0]);
        let order: Vec<u8> = (0..6).map(|j| s.refill_seat(j).0).collect();
        assert_eq!(order, vec![2, 2, 2, 0, 1, 1]);
    }

    #[test]
    fn game_ends_only_after_a_full_round() {
        let mut s = dealt(2, "target_score=1");
        s.apply(Seat(0), Action::Commit(CardSet::EMPTY), &mut ())
            .unwrap();
        assert_eq!(
            s.phase,
            Phase::Commit,
            "one commitment does not end a round"
        );
        assert_eq!(s.rounds_played, 0);
    }
}
