use parlour_cards::CardSet;
use parlour_core::{
    EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome, ParseError, Seat,
    SetupError, ToAct, Viewer, check_players,
};
use parlour_fey::{Card, Draw, FirstPlayer, Mat, Sign, TableSetup, card_name, full_deck};
use rand::seq::SliceRandom;

use crate::rules::{OPTIONS, Rules};
use crate::scoring::{SIGN_MASK, final_outcome};
use crate::setup::{Chance, Due};
use crate::{Action, Event, View, notation};

/// Cards dealt to each player per hand, and tricks per hand (spec §2.2).
pub const HAND_SIZE: u8 = 11;
/// Hands per game (spec §2.2).
pub const HANDS: u8 = 3;

/// `Action::Play` of each card id, for building legal lists without a check per card (ids from 88
/// on never occur in a hand; their entries are placeholders).
const PLAY: [Action; 128] = {
    let mut t = [Action::Play(Card::new(Sign::Flame, 1)); 128];
    let mut id = 0;
    while id < 128 {
        if let Some(c) = Card::from_id(id as u8) {
            t[id] = Action::Play(c);
        }
        id += 1;
    }
    t
};

/// The bit of card `id` in a `u128` mask, by a 64-bit shift (a `u128` shift by a variable
/// amount costs several instructions).
#[inline]
const fn card_bit(id: u8) -> u128 {
    let low = 1u64 << (id & 63);
    if id < 64 {
        low as u128
    } else {
        (low as u128) << 64
    }
}

/// The seven live signs in a random order around the mat (what
/// [`parlour_fey::sample_layout`] draws, from the same random stream, without allocating).
fn sample_layout(fey: Sign, rng: &mut GameRng) -> Mat {
    let mut live = [Sign::Flame; 7];
    for (slot, s) in live
        .iter_mut()
        .zip(Sign::ALL.into_iter().filter(|s| *s != fey))
    {
        *slot = s;
    }
    live.shuffle(rng);
    Mat::new(fey, live).expect("seven distinct live signs")
}

/// Where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// Before the opening table setup (chance).
    Setup,
    /// Between hands: a new layout or new signs is due (chance).
    Table,
    /// Dealing the hand (chance: deals and reshuffles).
    Deal,
    /// Playing tricks.
    Play,
    /// The game is over.
    Over,
}

/// The last completed trick, kept for views.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LastTrick {
    pub leader: Seat,
    pub cards: [u8; 7],
    pub len: u8,
    pub winner: Seat,
    pub points: i32,
}

/// A full (omniscient) Troll Tricker state. See the crate docs for the rules.
#[derive(Clone, PartialEq, Debug)]
pub struct State {
    pub(crate) n: u8,
    pub(crate) rules: Rules,
    pub(crate) phase: Phase,
    /// The mat of the current hand (a placeholder before setup).
    pub(crate) mat: Mat,
    pub(crate) signs: [Sign; 7],
    pub(crate) first: Seat,
    /// Current hand, 0-based; `HANDS` once over.
    pub(crate) hand: u8,
    pub(crate) hands: [CardSet; 7],
    pub(crate) draw: CardSet,
    pub(crate) discard: CardSet,
    /// Cards dealt so far this hand.
    pub(crate) dealt: u8,
    /// Leader of the current trick (during the deal: the hand's first leader).
    pub(crate) leader: Seat,
    /// The seat to play next in the current trick (kept to avoid a division per move).
    pub(crate) turn: Seat,
    pub(crate) last_winner: Seat,
    pub(crate) trick_no: u8,
    /// Cards of the current trick in play order, from the leader.
    pub(crate) trick: [u8; 7],
    pub(crate) trick_len: u8,
    pub(crate) trick_set: CardSet,
    /// Sign index of the led card.
    pub(crate) led: u8,
    /// Cards of the led sign, or every card while the trick is empty (cached for the legal mask).
    pub(crate) led_mask: u128,
    /// Cards of the fey sign of the current mat (cached for the legal mask).
    pub(crate) fey_mask: u128,
    /// The legal cards of the seat to play, cached after every change (0 outside trick play):
    /// listing and checking a move then cost one load instead of the rule twice.
    pub(crate) legal: u128,
    pub(crate) scores: [i32; 7],
    pub(crate) tricks_hand: [u8; 7],
    pub(crate) tricks_total: [u16; 7],
    /// Signs each seat has shown to be void in this hand (bit per sign index), public knowledge.
    pub(crate) voids: [u8; 7],
    /// Cards dealt this hand from the draw pile before it ran out and the discard pile was
    /// reshuffled (empty when no reshuffle happened this hand). Public as a set (the draw pile at
    /// the start of the hand is every card not in the discard pile), and they can only be in
    /// hands, never in the new draw pile: a determinization must honour that.
    pub(crate) pre_reshuffle: CardSet,
    pub(crate) last_trick: Option<LastTrick>,
}

impl State {
    /// The seat whose turn it is during trick play.
    #[inline]
    pub(crate) fn current(&self) -> Seat {
        self.turn
    }

    /// `seat + k` around the table, for `k < n`, without a division.
    #[inline]
    fn seat_after(&self, seat: Seat, k: u8) -> Seat {
        let s = seat.0 + k;
        Seat(if s >= self.n { s - self.n } else { s })
    }

    /// The fey sign (valid after setup).
    #[must_use]
    pub fn fey(&self) -> Sign {
        self.mat.fey()
    }

    /// The mat of the current hand, once set up.
    #[must_use]
    pub fn mat(&self) -> Option<Mat> {
        (self.phase != Phase::Setup).then_some(self.mat)
    }

    /// Each seat's sign, once set up.
    #[must_use]
    pub fn signs(&self) -> Vec<Sign> {
        if self.phase == Phase::Setup {
            Vec::new()
        } else {
            self.signs[..self.n as usize].to_vec()
        }
    }

    /// A seat's hand (omniscient).
    #[must_use]
    pub fn hand_of(&self, seat: Seat) -> CardSet {
        self.hands[seat.index() % 7]
    }

    /// The draw pile (omniscient; its order is not fixed until a deal).
    #[must_use]
    pub fn draw_pile(&self) -> CardSet {
        self.draw
    }

    /// The discard pile (public).
    #[must_use]
    pub fn discard_pile(&self) -> CardSet {
        self.discard
    }

    /// Hands begun so far is [`Game::round`]; this is the current hand, 0-based.
    #[must_use]
    pub fn hand_number(&self) -> u8 {
        self.hand
    }

    /// Tricks won per seat this hand.
    #[must_use]
    pub fn tricks_this_hand(&self) -> Vec<u8> {
        self.tricks_hand[..self.n as usize].to_vec()
    }

    /// Tricks won per seat over the game.
    #[must_use]
    pub fn tricks_total(&self) -> Vec<u16> {
        self.tricks_total[..self.n as usize].to_vec()
    }

    /// The first player (after setup).
    #[must_use]
    pub fn first_player(&self) -> Seat {
        self.first
    }

    /// The legal cards of `seat` as a bit mask over card ids (spec §2.3); 0 if not to act.
    #[inline]
    #[must_use]
    pub fn legal_mask(&self, seat: Seat) -> u128 {
        if seat == self.turn { self.legal } else { 0 }
    }

    /// Recomputes the cached legal mask of the seat to play (spec §2.3).
    #[inline]
    pub(crate) fn refresh_legal(&mut self) {
        self.legal = if self.phase == Phase::Play {
            self.rule_mask(self.hands[self.turn.index()].0)
        } else {
            0
        };
    }

    /// The cards of `hand` the seat to play may play now.
    #[inline]
    fn rule_mask(&self, hand: u128) -> u128 {
        // Holding the led sign: follow it or play fey (always allowed); after a fey lead both
        // masks are the fey sign (D-TT-5). Void: anything. Leading: `led_mask` is every card.
        if hand & self.led_mask != 0 {
            hand & (self.led_mask | self.fey_mask)
        } else {
            hand
        }
    }

    /// Why `seat` may not play `card` now (called only when the legal mask excludes it).
    #[cold]
    #[inline(never)]
    fn apply_error(&self, seat: Seat, card: Card) -> IllegalAction {
        match self.phase {
            Phase::Play => self.play_error(seat, card),
            Phase::Over => IllegalAction::new("game-over", "the game is over"),
            _ => IllegalAction::wrong_node("a chance event"),
        }
    }

    /// Why `seat` may not play `card` during trick play.
    fn play_error(&self, seat: Seat, card: Card) -> IllegalAction {
        if seat != self.current() {
            return IllegalAction::not_your_turn(seat);
        }
        if !self.hands[seat.index()].contains(card.id()) {
            return IllegalAction::new(
                "card-in-hand",
                format!("{card} is not in seat {seat}'s hand"),
            );
        }
        let led = Sign::from_index(self.led);
        if led == self.mat.fey() {
            IllegalAction::new(
                "must-follow-fey-lead",
                format!(
                    "a fey ({}) card was led and seat {seat} holds one",
                    led.id()
                ),
            )
        } else {
            IllegalAction::new(
                "must-follow-led-sign",
                format!(
                    "seat {seat} holds {} and must follow it (or play fey)",
                    led.id()
                ),
            )
        }
    }

    pub(crate) fn due(&self) -> Option<Due> {
        match self.phase {
            Phase::Setup => Some(Due::Opening),
            Phase::Table => Some(if self.rules.fey.reshuffle_player_signs {
                Due::NewSigns
            } else {
                Due::Layout
            }),
            Phase::Deal => {
                let need = (usize::from(HAND_SIZE) * usize::from(self.n))
                    .saturating_sub(usize::from(self.dealt));
                Some(if self.draw.is_empty() {
                    Due::Reshuffle(need.min(self.discard.len() as usize))
                } else {
                    Due::Deal(need.min(self.draw.len() as usize))
                })
            }
            Phase::Play | Phase::Over => None,
        }
    }

    fn start_hand(&mut self, events: &mut impl EventSink<Event>) {
        self.leader = if self.hand == 0 {
            self.first
        } else if self.rules.last_trick_winner_leads_next_hand {
            self.last_winner
        } else {
            self.first.offset(u32::from(self.hand), self.n)
        };
        if self.hand > 0
            && (self.rules.fey.reshuffle_player_signs || !self.rules.fey.traditional_mat)
        {
            self.phase = Phase::Table;
        } else {
            self.begin_deal(events);
        }
    }

    fn begin_deal(&mut self, events: &mut impl EventSink<Event>) {
        if self.rules.full_reshuffle_each_hand {
            self.draw = self.draw.or(self.discard);
            self.discard = CardSet::EMPTY;
        }
        self.dealt = 0;
        self.trick_no = 0;
        self.tricks_hand = [0; 7];
        self.voids = [0; 7];
        self.pre_reshuffle = CardSet::EMPTY;
        self.last_trick = None;
        self.phase = Phase::Deal;
        events.push(Event::HandStart {
            hand: self.hand,
            leader: self.leader,
        });
    }

    /// Where the cards of a deal go (card `i` to seat `leader + dealt + i`), and all of them.
    fn split_deal(&self, cards: &[u8]) -> ([u128; 7], u128) {
        let mut got = [0u128; 7];
        let mut seat = self.leader.offset(u32::from(self.dealt), self.n).index();
        let n = self.n as usize;
        for &c in cards {
            got[seat] |= card_bit(c);
            seat += 1;
            if seat == n {
                seat = 0;
            }
        }
        let all = got.iter().fold(0, |a, g| a | g);
        (got, all)
    }

    /// Deals `count` cards already split by [`State::split_deal`] from the draw pile.
    fn deal_cards(
        &mut self,
        got: &[u128; 7],
        all: u128,
        count: usize,
        events: &mut impl EventSink<Event>,
    ) {
        self.draw = CardSet(self.draw.0 & !all);
        for (s, g) in got
            .iter()
            .map(|g| CardSet(*g))
            .enumerate()
            .take(self.n as usize)
        {
            if !g.is_empty() {
                self.hands[s] = self.hands[s].or(g);
                events.push(Event::Dealt {
                    seat: Seat(s as u8),
                    cards: g,
                });
            }
        }
        self.dealt += count as u8;
        if self.dealt == HAND_SIZE * self.n {
            self.phase = Phase::Play;
            self.turn = self.leader;
            self.trick_len = 0;
            self.led_mask = u128::MAX;
            self.trick_set = CardSet::EMPTY;
            self.refresh_legal();
        }
    }

    /// Plays `card` (whose bit is `bit`) for `seat`, already checked legal.
    #[inline]
    fn play(&mut self, seat: Seat, card: Card, bit: u128, events: &mut impl EventSink<Event>) {
        let s = seat.index();
        let id = card.id();
        self.hands[s].0 &= !bit;
        self.trick[self.trick_len as usize] = id;
        self.trick_set.0 |= bit;
        if self.trick_len == 0 {
            let sign = id / 11;
            self.led = sign;
            self.led_mask = SIGN_MASK[sign as usize];
        } else if (self.led_mask | self.fey_mask) & bit == 0 {
            // Neither followed nor played fey: void in the led sign (public inference).
            self.voids[s] |= 1 << self.led;
        }
        self.trick_len += 1;
        self.turn = self.seat_after(seat, 1);
        events.push(Event::Played { seat, card });
        if self.trick_len == self.n {
            self.resolve_trick(events);
        }
        self.refresh_legal();
    }

    // Out of line: once per trick, and keeping it out keeps the per-card path small.
    #[inline(never)]
    fn resolve_trick(&mut self, events: &mut impl EventSink<Event>) {
        let led = Sign::from_index(self.led);
        let fey = self.mat.fey();
        let win = crate::scoring::trick_winner(self.trick_set, led, fey);
        let pos = self.trick[..self.n as usize]
            .iter()
            .position(|&c| c == win.id())
            .expect("the winning card is in the trick");
        let w = self.seat_after(self.leader, pos as u8);
        let (points, reason) = crate::scoring::trick_points(
            &self.mat,
            self.n,
            self.signs[w.index()],
            led,
            win.sign(),
            self.rules.fey_trump_points_by_player_count,
        );
        self.scores[w.index()] += points;
        self.tricks_hand[w.index()] += 1;
        self.tricks_total[w.index()] += 1;
        self.discard = self.discard.or(self.trick_set);
        self.last_trick = Some(LastTrick {
            leader: self.leader,
            cards: self.trick,
            len: self.n,
            winner: w,
            points,
        });
        self.trick_set = CardSet::EMPTY;
        self.trick_len = 0;
        self.led_mask = u128::MAX;
        self.trick_no += 1;
        self.leader = w;
        self.turn = w;
        self.last_winner = w;
        events.push(Event::TrickWon {
            seat: w,
            card: win,
            points,
            reason,
        });
        if self.trick_no == HAND_SIZE {
            self.end_hand(events);
        }
    }

    fn end_hand(&mut self, events: &mut impl EventSink<Event>) {
        let bonus = crate::scoring::zero_trick_bonus(self.n);
        for s in 0..self.n as usize {
            if self.tricks_hand[s] == 0 {
                self.scores[s] += bonus;
                events.push(Event::ZeroTrickBonus {
                    seat: Seat(s as u8),
                    points: bonus,
                });
            }
        }
        self.hand += 1;
        if self.hand == HANDS {
            self.phase = Phase::Over;
            events.push(Event::GameOver);
        } else {
            self.start_hand(events);
        }
    }

    fn check_chance(&self, due: Due, chance: &Chance) -> Result<(), IllegalAction> {
        let bad = |r: String| IllegalAction::new("chance-outcome", r);
        let traditional = self.rules.fey.traditional_mat;
        match (due, chance) {
            (Due::Opening, Chance::Table(t)) => t
                .validate(
                    self.n,
                    traditional,
                    FirstPlayer::from_option(self.rules.fey.first_player),
                )
                .map_err(bad),
            (Due::NewSigns, Chance::Table(t)) => {
                t.validate(self.n, traditional, FirstPlayer::None)
                    .map_err(bad)?;
                if !self.rules.fey.new_fey_each_hand && t.mat.fey() != self.mat.fey() {
                    return Err(bad(format!(
                        "the fey sign stays {} for the game",
                        self.mat.fey().id()
                    )));
                }
                Ok(())
            }
            (Due::Layout, Chance::Layout(m)) => {
                if m.fey() == self.mat.fey() {
                    Ok(())
                } else {
                    Err(bad(format!(
                        "the fey sign stays {} for the game",
                        self.mat.fey().id()
                    )))
                }
            }
            (Due::Deal(k), Chance::Deal(d)) => d.check(self.draw, k).map_err(bad),
            (Due::Reshuffle(k), Chance::Reshuffle(d)) => d.check(self.discard, k).map_err(bad),
            (due, _) => Err(IllegalAction::new(
                "chance-kind",
                format!("{} is due, not this outcome", due_name(due)),
            )),
        }
    }
}

fn due_name(due: Due) -> &'static str {
    match due {
        Due::Opening => "the opening table setup",
        Due::NewSigns => "new player signs",
        Due::Layout => "a new mat layout",
        Due::Deal(_) => "a deal from the draw pile",
        Due::Reshuffle(_) => "a reshuffle of the discard pile",
    }
}

impl Game for State {
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "troll-tricker";
    const NAME: &'static str = "Troll Tricker";
    const PLAYERS: std::ops::RangeInclusive<u8> = 3..=7;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<State>(players)?;
        let rules = Rules::from_options(options);
        rules.fey.check_players(players)?;
        Ok(State {
            n: players,
            rules,
            phase: Phase::Setup,
            mat: Mat::traditional(Sign::Bone),
            signs: [Sign::Flame; 7],
            first: Seat(0),
            hand: 0,
            hands: [CardSet::EMPTY; 7],
            draw: full_deck(),
            discard: CardSet::EMPTY,
            dealt: 0,
            leader: Seat(0),
            turn: Seat(0),
            last_winner: Seat(0),
            trick_no: 0,
            trick: [0; 7],
            trick_len: 0,
            trick_set: CardSet::EMPTY,
            led: 0,
            led_mask: u128::MAX,
            legal: 0,
            fey_mask: SIGN_MASK[Sign::Bone.index() as usize],
            scores: [0; 7],
            tricks_hand: [0; 7],
            tricks_total: [0; 7],
            voids: [0; 7],
            pre_reshuffle: CardSet::EMPTY,
            last_trick: None,
        })
    }

    fn players(&self) -> u8 {
        self.n
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Setup | Phase::Table | Phase::Deal => ToAct::Chance,
            Phase::Play => ToAct::Seats(parlour_core::SeatSet::single(self.current())),
            Phase::Over => ToAct::Terminal,
        }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        let mask = self.legal_mask(seat);
        // Two 64-bit halves iterate faster than one u128.
        for (half, base) in [(mask as u64, 0usize), ((mask >> 64) as u64, 64)] {
            let mut bits = half;
            while bits != 0 {
                let id = base + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push(PLAY[id]);
            }
        }
    }

    #[inline]
    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        let Action::Play(c) = action;
        self.legal_mask(seat) & card_bit(c.id()) != 0
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        let Action::Play(card) = action;
        let bit = card_bit(card.id());
        // One mask test covers the phase (the cached mask is 0 outside trick play), the turn, the
        // hand and the following rules; the reasons are sorted out only on the error path.
        if self.legal_mask(seat) & bit == 0 {
            return Err(self.apply_error(seat, card));
        }
        self.play(seat, card, bit, events);
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        let due = self
            .due()
            .expect("sample_chance is called at a chance node");
        let n = self.n;
        let traditional = self.rules.fey.traditional_mat;
        match due {
            Due::Opening => Chance::Table(TableSetup::sample(
                n,
                traditional,
                FirstPlayer::from_option(self.rules.fey.first_player),
                rng,
            )),
            Due::NewSigns => {
                if self.rules.fey.new_fey_each_hand {
                    Chance::Table(TableSetup::sample(n, traditional, FirstPlayer::None, rng))
                } else {
                    let fey = self.mat.fey();
                    let mat = if traditional {
                        Mat::traditional(fey)
                    } else {
                        sample_layout(fey, rng)
                    };
                    let signs = TableSetup::sample_signs(n, fey, rng);
                    Chance::Table(TableSetup {
                        mat,
                        signs,
                        first: None,
                    })
                }
            }
            Due::Layout => Chance::Layout(sample_layout(self.mat.fey(), rng)),
            Due::Deal(k) => Chance::Deal(Draw::sample(self.draw, k, rng)),
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
        if let (Due::Deal(k), Chance::Deal(d)) | (Due::Reshuffle(k), Chance::Reshuffle(d)) =
            (due, &chance)
        {
            // The hot chance path: one pass over the cards both validates the deal (the right
            // count, all from the pile; a `Draw` never repeats a card) and splits it by seat.
            let reshuffle = matches!(due, Due::Reshuffle(_));
            let pile = if reshuffle { self.discard } else { self.draw };
            let (got, all) = self.split_deal(d.cards());
            if d.len() == k && all & !pile.0 == 0 {
                if reshuffle {
                    events.push(Event::Reshuffled {
                        cards: self.discard.len() as u8,
                    });
                    // Every card in hand now came from the old draw pile (hands are empty when
                    // a hand's deal begins).
                    self.pre_reshuffle = self.hands[..self.n as usize]
                        .iter()
                        .fold(CardSet::EMPTY, |a, h| a.or(*h));
                    self.draw = self.discard;
                    self.discard = CardSet::EMPTY;
                }
                self.deal_cards(&got, all, k, events);
                return Ok(());
            }
        }
        self.check_chance(due, &chance)?;
        match chance {
            Chance::Table(t) => {
                self.mat = t.mat;
                self.fey_mask = SIGN_MASK[t.mat.fey().index() as usize];
                for (slot, s) in self.signs.iter_mut().zip(&t.signs) {
                    *slot = *s;
                }
                if let Some(f) = t.first {
                    self.first = f;
                }
                events.push(Event::Table(t));
                if self.phase == Phase::Setup {
                    self.hand = 0;
                    self.start_hand(events);
                } else {
                    self.begin_deal(events);
                }
            }
            Chance::Layout(m) => {
                self.mat = m;
                self.fey_mask = SIGN_MASK[m.fey().index() as usize];
                events.push(Event::Layout(m));
                self.begin_deal(events);
            }
            Chance::Deal(_) | Chance::Reshuffle(_) => {
                // Valid deals were applied above and invalid ones rejected by `check_chance`.
                return Err(IllegalAction::new("deal", "the deal does not fit the pile"));
            }
        }
        Ok(())
    }

    fn chance_hint(&self) -> String {
        match self.due() {
            Some(Due::Opening) => "table: `mat <fey>: <7 signs in position order>; signs <one per seat>; first <seat>`".into(),
            Some(Due::NewSigns) => "new signs: `mat <fey>: <7 signs>; signs <one per seat>`".into(),
            Some(Due::Layout) => format!("new layout: `mat {}: <7 live signs in position order>`", self.mat.fey().id()),
            Some(Due::Deal(k)) => format!("deal: `deal` and the {k} card ids dealt from the draw pile, in deal order"),
            Some(Due::Reshuffle(k)) => format!("reshuffle: `reshuffle` and the {k} card ids dealt from the reshuffled discard pile, in deal order"),
            None => "no chance event is due".into(),
        }
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::of(self, viewer)
    }

    fn describe_event(&self, event: &Event, viewer: Viewer) -> Option<String> {
        event.describe(viewer)
    }

    fn scores(&self) -> Vec<i32> {
        self.scores[..self.n as usize].to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| {
            final_outcome(
                &self.scores[..self.n as usize],
                &self.tricks_total[..self.n as usize],
                self.rules.tiebreak_most_tricks,
            )
        })
    }

    fn round(&self) -> u32 {
        match self.phase {
            Phase::Setup => 0,
            Phase::Over => u32::from(HANDS),
            _ => u32::from(self.hand) + 1,
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

    fn hidden_placement_is_free(&self, observer: Seat) -> bool {
        // Voids and deal provenance are the only constraints beyond sizes (see `resample`).
        let others = (0..self.n as usize).filter(|&p| p != observer.index());
        let hidden = others.clone().fold(self.draw, |a, p| a.or(self.hands[p]));
        others.into_iter().all(|p| self.voids[p] == 0) && hidden.and(self.pre_reshuffle).is_empty()
    }

    /// One hand: the later hands are dealt afresh, so random play through them is only noise;
    /// `evaluate` at the next deal is the cumulative score.
    fn playout_rounds(&self) -> Option<u32> {
        Some(1)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let s = seat.index() % 7;
        let mut v = f64::from(self.scores[s]);
        if self.phase == Phase::Play || self.phase == Phase::Deal {
            // A little for trick-taking power still in hand: fey cards and high cards.
            let hand = self.hands[s];
            let fey = CardSet(SIGN_MASK[self.mat.fey().index() as usize]);
            v += 0.6 * f64::from(hand.and(fey).len());
            v += 0.05
                * hand
                    .iter()
                    .map(|c| f64::from((c % 11 + 1).saturating_sub(7)))
                    .sum::<f64>();
        }
        v
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = self.n as usize;
        let mut seen = CardSet::EMPTY;
        let zones =
            self.hands[..n]
                .iter()
                .copied()
                .chain([self.draw, self.discard, self.trick_set]);
        for z in zones {
            if let Some(c) = seen.and(z).first() {
                return Err(format!("{} is in two places", card_name(c)));
            }
            seen = seen.or(z);
        }
        if seen != full_deck() {
            let missing = full_deck().minus(seen);
            return Err(format!(
                "cards missing or foreign: {:?}",
                missing.or(seen.minus(full_deck()))
            ));
        }
        if self.hands[n..].iter().any(|h| !h.is_empty()) {
            return Err("a seat beyond the table holds cards".into());
        }
        if let Some(c) = self.pre_reshuffle.and(self.draw).first() {
            return Err(format!(
                "{} was dealt before the reshuffle but is in the draw pile",
                card_name(c)
            ));
        }
        if self.fey_mask != SIGN_MASK[self.mat.fey().index() as usize] {
            return Err("cached fey mask does not match the mat".into());
        }
        if self.phase == Phase::Play
            && self.led_mask
                != if self.trick_len == 0 {
                    u128::MAX
                } else {
                    SIGN_MASK[self.led as usize]
                }
        {
            return Err("cached led mask does not match the trick".into());
        }
        let want = if self.phase == Phase::Play {
            self.rule_mask(self.hands[self.turn.index()].0)
        } else {
            0
        };
        if self.legal != want {
            return Err("cached legal mask does not match the hand to play".into());
        }
        if self.trick_set.len() != u32::from(self.trick_len) {
            return Err("trick size mismatch".into());
        }
        match self.phase {
            Phase::Play => {
                if self.turn != self.leader.offset(u32::from(self.trick_len), self.n) {
                    return Err("the seat to play does not follow the trick".into());
                }
                for s in 0..n {
                    let pos = (s + n - self.leader.index()) % n;
                    let played = u8::from(pos < self.trick_len as usize);
                    let want = HAND_SIZE - self.trick_no - played;
                    if self.hands[s].len() != u32::from(want) {
                        return Err(format!(
                            "seat {s} holds {} cards, expected {want}",
                            self.hands[s].len()
                        ));
                    }
                }
            }
            Phase::Deal => {
                let held: u32 = self.hands[..n].iter().map(|h| h.len()).sum();
                if held != u32::from(self.dealt) || self.hands[..n].iter().any(|h| h.len() > 11) {
                    return Err("deal count mismatch".into());
                }
            }
            _ => {
                if self.hands[..n].iter().any(|h| !h.is_empty()) {
                    return Err("cards in hand outside a hand".into());
                }
            }
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut hidden = self.draw;
        for s in 0..self.n {
            if viewer != Some(Seat(s)) {
                hidden = hidden.or(self.hands[s as usize]);
            }
        }
        hidden.iter().map(card_name).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4-player state in trick play on MAT-A (fey Bone), P1 to act after P0 led `led`.
    fn after_lead(led: &str, p1: &[&str]) -> State {
        let o = Options::parse_list(OPTIONS, "traditional_mat").unwrap();
        let mut s = State::new(4, &o).unwrap();
        s.phase = Phase::Play;
        let led = Card::parse(led).unwrap();
        s.leader = Seat(0);
        s.turn = Seat(1);
        s.trick[0] = led.id();
        s.trick_len = 1;
        s.trick_set = CardSet::single(led.id());
        s.led = led.sign().index();
        s.led_mask = SIGN_MASK[s.led as usize];
        s.hands[1] = p1.iter().map(|t| Card::parse(t).unwrap().id()).collect();
        s.refresh_legal();
        s
    }

    fn legal(s: &State) -> Vec<String> {
        let mut out = Vec::new();
        s.legal_actions(Seat(1), &mut out);
        out.iter().map(|a| a.card().text()).collect()
    }

    #[test]
    fn must_follow_led_sign_when_able_or_play_fey() {
        let s = after_lead("wave-6", &["wave-3", "wave-10", "bone-5", "tree-1"]);
        assert_eq!(legal(&s), vec!["wave-3", "wave-10", "bone-5"]);
        assert!(!s.is_legal(Seat(1), Action::Play(Card::parse("tree-1").unwrap())));
        let mut t = s.clone();
        let e = t
            .apply(
                Seat(1),
                Action::Play(Card::parse("tree-1").unwrap()),
                &mut (),
            )
            .unwrap_err();
        assert_eq!(e.rule, "must-follow-led-sign");
    }

    #[test]
    fn void_player_may_play_anything() {
        let s = after_lead("flame-2", &["wave-3", "bone-5", "tree-1"]);
        assert_eq!(legal(&s).len(), 3);
    }

    #[test]
    fn fey_lead_must_be_followed_with_fey_when_able() {
        let s = after_lead("bone-8", &["wave-3", "bone-5", "tree-1"]);
        assert_eq!(legal(&s), vec!["bone-5"]);
        let s = after_lead("bone-8", &["tree-1", "stone-9"]);
        assert_eq!(legal(&s), vec!["stone-9", "tree-1"]);
    }

    #[test]
    fn failing_to_follow_marks_a_public_void() {
        let mut s = after_lead("flame-2", &["wave-3", "bone-5", "tree-1"]);
        s.apply(
            Seat(1),
            Action::Play(Card::parse("tree-1").unwrap()),
            &mut (),
        )
        .unwrap();
        assert_eq!(s.voids[1], 1 << Sign::Flame.index());
        let mut s = after_lead("flame-2", &["wave-3", "bone-5", "flame-1"]);
        s.apply(
            Seat(1),
            Action::Play(Card::parse("bone-5").unwrap()),
            &mut (),
        )
        .unwrap();
        assert_eq!(s.voids[1], 0, "playing fey reveals nothing");
    }

    #[test]
    fn layout_sampler_draws_what_the_shared_one_draws() {
        for seed in 0..50 {
            for fey in Sign::ALL {
                let mut a = parlour_core::rng_from_seed(seed);
                let mut b = parlour_core::rng_from_seed(seed);
                assert_eq!(
                    sample_layout(fey, &mut a),
                    parlour_fey::sample_layout(fey, &mut b)
                );
            }
        }
    }

    #[test]
    fn play_table_holds_every_card() {
        for id in 0..Card::COUNT {
            assert_eq!(PLAY[id as usize].card().id(), id);
        }
    }
}
