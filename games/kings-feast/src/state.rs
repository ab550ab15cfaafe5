//! The game state and its [`Game`] implementation.

use std::fmt;
use std::sync::Arc;

use parlour_cards::{CardSet, ZoneLedger, check_permutation, shuffled};
use parlour_core::{
    Audit, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome, ParseError,
    Search, Seat, SetupError, ToAct, Viewer, Voice, check_players,
};
use rand::seq::SliceRandom;

use crate::action::{Action, Pos};
use crate::arrangement::{Arrangement, resolve_arrangement};
use crate::card::{ASSASSIN, CardId, GAMBLER, NOBLE, PRIEST, bit, card_id, card_name};
use crate::chance::{self, Chance};
use crate::event::Event;
use crate::geometry::{Geometry, SeatIdx};
use crate::notation;
use crate::phase::{Decision, Phase};
use crate::resolve::{Frame, Stack};
use crate::rules::{OPTIONS, Rules};
use crate::scoring::{self, EndReason};
use crate::view::View;

/// The full state of a game of The King's Feast.
#[derive(Clone, PartialEq, Eq)]
pub struct State {
    pub(crate) arr: Arc<Arrangement>,
    pub(crate) geo: Arc<Geometry>,
    pub(crate) rules: Rules,
    /// Cards in play (bit `v`).
    pub(crate) in_play: u32,
    /// Goal card per seat.
    pub(crate) goal: [CardId; 18],
    /// Card per seat (0 before the deal).
    pub(crate) board: [CardId; 18],
    /// Seat per card.
    pub(crate) pos: [SeatIdx; 19],
    /// Face-up cards.
    pub(crate) up: u32,
    /// Cards whose seat the player has seen (face up or peeked) and tracked since.
    pub(crate) known: u32,
    pub(crate) phase: Phase,
    pub(crate) stack: Stack,
    /// The card activated this turn (0 outside a turn).
    pub(crate) active: CardId,
    pub(crate) turns: u32,
    pub(crate) reveals: u32,
    pub(crate) reacted: u32,
    pub(crate) end: Option<EndReason>,
}

impl fmt::Debug for State {
    // Every field but `geo`, which `Geometry::new` derives from `arr` and `rules`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("arr", &self.arr)
            .field("rules", &self.rules)
            .field("in_play", &format_args!("{:#x}", self.in_play))
            .field("goal", &self.goal)
            .field("board", &self.board)
            .field("pos", &self.pos)
            .field("up", &format_args!("{:#x}", self.up))
            .field("known", &format_args!("{:#x}", self.known))
            .field("phase", &self.phase)
            .field("stack", &self.stack)
            .field("active", &self.active)
            .field("turns", &self.turns)
            .field("reveals", &self.reveals)
            .field("reacted", &format_args!("{:#x}", self.reacted))
            .field("end", &self.end)
            .finish()
    }
}

impl State {
    /// A state before the deal for an arrangement and rule set (the `arrangement` option
    /// already resolved).
    #[must_use]
    pub fn with_arrangement(arr: Arrangement, rules: Rules) -> Self {
        let geo = Geometry::new(&arr, &rules);
        let mut goal = [0; 18];
        for (s, g) in arr.goal.iter().flatten().enumerate() {
            goal[s] = *g;
        }
        State {
            in_play: arr.cards(),
            arr: Arc::new(arr),
            geo: Arc::new(geo),
            rules,
            goal,
            board: [0; 18],
            pos: [0; 19],
            up: 0,
            known: 0,
            phase: Phase::Deal,
            stack: Stack::new(),
            active: 0,
            turns: 0,
            reveals: 0,
            reacted: 0,
            end: None,
        }
    }

    /// Number of seats (= cards in play).
    #[must_use]
    pub fn n(&self) -> usize {
        self.geo.n()
    }

    /// The arrangement.
    #[must_use]
    pub fn arrangement(&self) -> &Arrangement {
        &self.arr
    }

    /// The geometry.
    #[must_use]
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The rule switches.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Where the game stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Turns completed.
    #[must_use]
    pub fn turns_completed(&self) -> u32 {
        self.turns
    }

    /// Why the game ended, once it has.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The cards in play (bit `v` per card).
    #[must_use]
    pub fn cards_in_play(&self) -> u32 {
        self.in_play
    }

    /// The card on the seat at `p` (omniscient; 0 before the deal), or `None` off the table.
    #[must_use]
    pub fn card_at(&self, p: Pos) -> Option<CardId> {
        self.geo.seat(p).map(|s| self.board[usize::from(s)])
    }

    /// The position of card `v` (omniscient), if in play.
    #[must_use]
    pub fn pos_of(&self, v: CardId) -> Option<Pos> {
        (self.in_play & bit(v) != 0 && self.phase != Phase::Deal)
            .then(|| self.p(self.pos[usize::from(v)]))
    }

    /// Whether card `v` is face up.
    #[must_use]
    pub fn is_face_up(&self, v: CardId) -> bool {
        self.up & bit(v) != 0
    }

    /// The cards whose seat the player knows now (bit `v`): seen face up or peeked and not
    /// shuffled since; only the face-up cards with `forgetful_player`.
    #[must_use]
    pub fn knows(&self) -> u32 {
        if self.rules.forgetful_player {
            self.up & self.in_play
        } else {
            self.known & self.in_play
        }
    }

    /// Number of seats whose card is not the goal card.
    #[must_use]
    pub fn misplaced(&self) -> u32 {
        (0..self.n())
            .filter(|&s| self.board[s] != self.goal[s])
            .count() as u32
    }

    /// The final score once over (misplaced + the Assassin penalty); before the end, the score
    /// the board would get if the game were declared now.
    #[must_use]
    pub fn final_score(&self) -> i32 {
        scoring::score(self.misplaced(), self.end.unwrap_or(EndReason::Declared))
    }

    /// The decision the game waits for.
    #[must_use]
    pub fn decision(&self) -> Decision {
        match self.phase {
            Phase::Deal => Decision::Chance,
            Phase::TurnStart => Decision::TurnStart,
            Phase::Swap => Decision::OptionalSwap,
            Phase::Over => Decision::Over,
            Phase::Resolve => match self.stack.last() {
                Some(Frame::PriestPeek | Frame::GamblerPeek(_) | Frame::NoblePeek) => {
                    Decision::PeekTarget
                }
                Some(Frame::GamblerCall) => Decision::GamblerCall,
                Some(Frame::Shuffle(_)) => Decision::Chance,
                Some(Frame::JesterFlip(_)) => Decision::JesterFlip,
                Some(Frame::Merchant) => Decision::MerchantChoice,
                Some(Frame::Knight) => Decision::KnightTarget,
                Some(Frame::Vizier) => Decision::VizierPair,
                Some(Frame::Queen) => Decision::QueenSlide,
                Some(Frame::FlipAll(_)) => Decision::FlipNext,
                Some(Frame::AdjFlip(_)) => Decision::AdjacentFlip,
                Some(Frame::Diplomat(_) | Frame::SetupReveal(_)) | None => Decision::Chance,
            },
        }
    }
}

impl Game for State {
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "kings-feast";
    const NAME: &'static str = "The King's Feast";
    const PLAYERS: std::ops::RangeInclusive<u8> = 1..=1;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<Self>(players)?;
        let arr = resolve_arrangement(options.text("arrangement"))
            .map_err(|e| SetupError::Invalid(e.to_string()))?;
        Ok(State::with_arrangement(arr, Rules::from_options(options)))
    }

    fn players(&self) -> u8 {
        1
    }

    /// At most `max_turns` turns, an opening of the cards dealt face up, and ending the game.
    /// Every decision inside a turn (or the opening) resolves a pending effect: at most three
    /// from the activated order (the Gambler's call and peek, or a move and the flips of the
    /// cards it passed) and one per reveal, cut after `REVEAL_GUARD` reveals (spec §6.4); each
    /// takes at most one decision per card (a flip of every target). A turn adds the
    /// activation and the swap.
    fn max_steps(&self) -> Option<u64> {
        let effects = 3 + u64::from(crate::resolve::REVEAL_GUARD);
        let turn = 2 + effects * 18;
        Some((u64::from(self.rules.max_turns) + 1) * turn + 1)
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Deal => ToAct::Chance,
            Phase::Over => ToAct::Terminal,
            _ if self.due_shuffle().is_some() => ToAct::Chance,
            _ => ToAct::Seats(parlour_core::SeatSet::single(Seat(0))),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if seat != Seat(0) {
            out.clear();
            return;
        }
        self.fill_legal(out);
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        seat == Seat(0) && self.check(action).is_ok()
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        if seat != Seat(0) {
            return Err(IllegalAction::not_your_turn(seat));
        }
        self.check(action)?;
        self.act(action, events);
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        if self.phase == Phase::Deal {
            let set: CardSet = self.arr.dealt_cards().into_iter().collect();
            return Chance::Deal(shuffled(set, rng));
        }
        let seats = self.due_shuffle().expect("sample_chance at a chance node");
        let mut cards: Vec<CardId> = Self::seats_in(seats)
            .map(|s| self.board[usize::from(s)])
            .collect();
        cards.shuffle(rng);
        Chance::Shuffle(cards)
    }

    fn apply_chance(
        &mut self,
        chance: Chance,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        match (self.phase, &chance) {
            (Phase::Deal, Chance::Deal(cards)) => {
                let set: CardSet = self.arr.dealt_cards().into_iter().collect();
                check_permutation(cards, set, card_label)
                    .map_err(|e| IllegalAction::new("deal-is-a-permutation", e))?;
                self.deal(cards, events);
                Ok(())
            }
            (Phase::Deal, Chance::Shuffle(_)) => Err(IllegalAction::wrong_node("the deal")),
            (_, Chance::Shuffle(cards)) => {
                let seats = self
                    .due_shuffle()
                    .ok_or_else(|| IllegalAction::wrong_node("a player decision"))?;
                let set: CardSet = Self::seats_in(seats)
                    .map(|s| self.board[usize::from(s)])
                    .collect();
                check_permutation(cards, set, card_label)
                    .map_err(|e| IllegalAction::new("shuffle-is-a-permutation", e))?;
                let mut placed = [0u8; 3];
                for (i, (s, &c)) in Self::seats_in(seats).zip(cards.iter()).enumerate() {
                    self.board[usize::from(s)] = c;
                    self.pos[usize::from(c)] = s;
                    placed[i] = c;
                }
                // The player does not see the new order (pinned clarification 8).
                self.known &= !self.cards_on(seats);
                self.stack.pop();
                events.push(Event::Shuffled {
                    seats,
                    cards: placed,
                });
                self.advance(events);
                Ok(())
            }
            (_, Chance::Deal(_)) => Err(IllegalAction::wrong_node(if self.phase == Phase::Over {
                "nothing (the game is over)"
            } else {
                "a player decision"
            })),
        }
    }

    fn chance_hint(&self) -> String {
        if self.phase == Phase::Deal {
            "deal: `deal` and the ids of the dealt cards for the U/D seats in row-major order"
                .into()
        } else {
            "shuffle: `shuffle` and the ids of the cards placed on the Jester's seats, left to right"
                .into()
        }
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::of(self, viewer)
    }

    fn describe_event(&self, event: &Event, viewer: Viewer, voice: Voice) -> Option<String> {
        if voice.names().is_some() {
            return crate::event::narrate(self, event, viewer);
        }
        let pt = |p: &Pos| notation::pos_text(*p);
        Some(match event {
            Event::Dealt => "the guests are seated".into(),
            Event::Activated { card, at } => format!("activated {} at {}", card_id(*card), pt(at)),
            Event::Peeked { card, at } => match viewer {
                Viewer::Spectator => format!("peeked at {}", pt(at)),
                _ => format!("peeked at {}: {}", pt(at), card_id(*card)),
            },
            Event::Revealed { card, at } => format!("revealed {} at {}", card_id(*card), pt(at)),
            Event::TurnedDown { card, at } => {
                format!("turned {} face down at {}", card_id(*card), pt(at))
            }
            Event::HermitHides { at } => format!("the hermit at {} turns face down", pt(at)),
            Event::Swapped { a, b } => format!("swapped {} and {}", pt(a), pt(b)),
            Event::DiplomatSwap { card, from, to } => format!(
                "the diplomat at {} swaps with {} at {}",
                pt(to),
                card_id(*card),
                pt(from)
            ),
            Event::Moved { from, to } => {
                format!(
                    "the card on {} moves to {}, shifting the others",
                    pt(from),
                    pt(to)
                )
            }
            Event::ShuffleStarted { seats } => {
                format!("the jester gathers {} face down", seats_text(self, *seats))
            }
            Event::Shuffled { seats, cards } => match viewer {
                Viewer::Omniscient => {
                    let names: Vec<&str> = cards
                        .iter()
                        .filter(|&&c| c != 0)
                        .map(|&c| card_id(c))
                        .collect();
                    format!("shuffled {}: {}", seats_text(self, *seats), names.join(" "))
                }
                _ => format!("shuffled {}", seats_text(self, *seats)),
            },
            Event::TurnEnded { turns } => format!("turn {turns} completed"),
            Event::GameOver { reason, score } => format!(
                "the feast ends: {}; score {score}, {}",
                reason.describe(),
                scoring::title(*score)
            ),
        })
    }

    fn scores(&self) -> Vec<i32> {
        vec![self.final_score()]
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::lowest_wins(vec![self.final_score()]))
    }

    fn round(&self) -> u32 {
        self.turns
    }

    fn action_text(&self, action: Action) -> String {
        notation::action_text(action)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ParseError> {
        notation::parse_action(text)
    }

    fn chance_text(&self, chance: &Chance) -> String {
        chance::chance_text(chance)
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, ParseError> {
        chance::parse_chance(text, self.phase == Phase::Deal)
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let _ = observer;
        crate::resample::sample(self, rng)
    }

    fn metrics(&self, _events: &[Event]) -> Vec<parlour_core::Metric> {
        crate::metrics::metrics(self)
    }

    fn ended_by_cap(&self, _events: &[Event]) -> Option<&'static str> {
        (self.end_reason() == Some(EndReason::TurnLimit)).then_some("max_turns")
    }
}

impl Search for State {
    fn policy(name: &str) -> Option<parlour_core::Policy<Self>> {
        // `solver`: the view-only policy of the solver module (`--bots solver`).
        (name == "solver").then_some(
            (|state: &State, _seat: Seat, rng: &mut GameRng| {
                crate::solver::solver_policy(state, rng)
            }) as parlour_core::Policy<Self>,
        )
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let _ = seat;
        if self.phase == Phase::Over {
            return -f64::from(self.final_score());
        }
        if self.phase == Phase::Deal {
            return -(self.n() as f64);
        }
        -self.expected_misplaced() + 0.01 * f64::from((self.up & self.in_play).count_ones())
    }
}

impl Audit for State {
    fn hidden_places(&self, observer: Seat) -> Option<Vec<(String, String)>> {
        let _ = observer;
        // One player: what is hidden is which seat each unknown card is on, not who holds it.
        if matches!(self.phase, Phase::Deal | Phase::Over) {
            return Some(Vec::new());
        }
        let unknown = self.in_play & !self.knows();
        Some(
            (1..=18)
                .filter(|&v| unknown & bit(v) != 0)
                .map(|v| {
                    let at = notation::pos_text(self.p(self.pos[usize::from(v)]));
                    (card_id(v).to_owned(), at)
                })
                .collect(),
        )
    }

    fn check_invariants(&self) -> Result<(), String> {
        if self.phase == Phase::Deal {
            return Ok(());
        }
        let mut ledger = ZoneLedger::new(|c| card_id(c).to_owned());
        for s in 0..self.n() {
            let c = self.board[s];
            if c == 0 || c > 18 {
                return Err(format!("seat {s} holds {c}, not a card"));
            }
            ledger.place(format_args!("seat {s}"), CardSet::single(c))?;
            if usize::from(self.pos[usize::from(c)]) != s {
                return Err(format!(
                    "card {c} is on seat {s} but indexed at {}",
                    self.pos[usize::from(c)]
                ));
            }
        }
        ledger.finish(CardSet(u128::from(self.in_play)))?;
        if self.up & !self.in_play != 0 {
            return Err("a card not in play is face up".into());
        }
        if self.phase != Phase::Over && self.up & bit(ASSASSIN) != 0 {
            return Err("the Assassin is face up while the feast goes on".into());
        }
        if self.up & self.in_play & !self.known != 0 {
            return Err("a face-up card is not known to the player".into());
        }
        if self.phase != Phase::Resolve && !self.stack.is_empty() {
            return Err("effects pending outside a resolution".into());
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        if matches!(self.phase, Phase::Deal | Phase::Over) {
            return Vec::new();
        }
        let hidden = match viewer {
            // The player's memory, even with `forgetful_player` (the view then shows less).
            Some(_) => self.in_play & !self.known,
            None => self.in_play & !self.up,
        };
        (1..=18)
            .filter(|&v| hidden & bit(v) != 0)
            .map(|v| card_id(v).to_owned())
            .collect()
    }

    /// A step that shows the player a card: an activation, a peek, a card turned face up, a
    /// hidden card that reacts (a Diplomat, a Hermit), or the end of the game.
    fn reveals_to(&self, seat: Seat, action: Action, observer: Seat) -> bool {
        let _ = observer;
        let mut next = self.clone();
        let mut events = Vec::new();
        next.apply(seat, action, &mut events).is_ok()
            && events.iter().any(|e| {
                matches!(
                    e,
                    Event::Activated { .. }
                        | Event::Peeked { .. }
                        | Event::Revealed { .. }
                        | Event::DiplomatSwap { .. }
                        | Event::HermitHides { .. }
                        | Event::GameOver { .. }
                )
            })
    }
}

impl State {
    /// Expected misplaced seats given the player's knowledge: known cards count as they stand,
    /// unknown cards are spread uniformly over the seats of unknown cards (spec §12.3).
    #[must_use]
    pub fn expected_misplaced(&self) -> f64 {
        let k = self.knows();
        let unknown = self.in_play & !k;
        let u = unknown.count_ones();
        let mut m = 0.0;
        for s in 0..self.n() {
            let c = self.board[s];
            if k & bit(c) != 0 {
                if c != self.goal[s] {
                    m += 1.0;
                }
            } else if unknown & bit(self.goal[s]) != 0 {
                m += 1.0 - 1.0 / f64::from(u);
            } else {
                m += 1.0;
            }
        }
        m
    }

    /// The Priest, Gambler and Noble in play, for quick checks.
    #[must_use]
    pub fn has_peekers(&self) -> bool {
        self.in_play & (bit(PRIEST) | bit(GAMBLER) | bit(NOBLE)) != 0
    }
}

fn card_label(c: CardId) -> String {
    if (1..=18).contains(&c) {
        format!("{} ({})", card_id(c), card_name(c))
    } else {
        format!("card {c}")
    }
}

fn seats_text(st: &State, seats: u32) -> String {
    State::seats_in(seats)
        .map(|s| notation::pos_text(st.p(s)))
        .collect::<Vec<_>>()
        .join(" ")
}
