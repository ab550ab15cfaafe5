//! The [`Game`] implementation of Troll Tricker.

use parlour_cards::CardSet;
use parlour_core::{
    Audit, BySeat, EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome,
    ParseError, Search, Seat, SetupError, ToAct, Viewer, Voice, check_players,
};
use parlour_fey::{Draw, FeyTable, Sign, card_name, full_deck};

use crate::chance::{Chance, Due};
use crate::rules::{OPTIONS, Rules};
use crate::scoring::{SIGN_MASK, final_outcome};
use crate::state::{HAND_SIZE, HANDS, PLAYS, Phase, State};
use crate::trick::{PLAY, card_bit};
use crate::{Action, Event, View, notation};

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
            table: FeyTable::new(players),
            first: Seat(0),
            hand: 0,
            hands: BySeat::splat(CardSet::EMPTY),
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
            scores: BySeat::splat(0),
            tricks_hand: BySeat::splat(0),
            tricks_total: BySeat::splat(0),
            voids: BySeat::splat(0),
            pre_reshuffle: CardSet::EMPTY,
            last_trick: None,
            plays: [0; PLAYS],
            trick_leaders: [Seat(0); HAND_SIZE as usize],
        })
    }

    fn players(&self) -> u8 {
        self.n
    }

    /// Every step is a card played: three hands of eleven tricks, one card from each seat.
    fn max_steps(&self) -> Option<u64> {
        Some(u64::from(HANDS) * u64::from(HAND_SIZE) * u64::from(self.n))
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
        match due {
            Due::Opening => Chance::Table(self.table.sample_opening(&self.rules.fey, rng)),
            // D-GEN-1: the live tokens are laid out anew with the new signs.
            Due::NewSigns => Chance::Table(self.table.sample_next(&self.rules.fey, true, rng)),
            Due::Layout => Chance::Layout(self.table.sample_layout(rng)),
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
                    self.pre_reshuffle = self
                        .hands
                        .seats(self.n)
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
                self.table.apply(&t);
                self.fey_mask = SIGN_MASK[t.mat.fey().index() as usize];
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
                self.table.apply_layout(m);
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
            Some(Due::Layout) => format!("new layout: `mat {}: <7 live signs in position order>`", self.table.fey().id()),
            Some(Due::Deal(k)) => format!("deal: `deal` and the {k} card ids dealt from the draw pile, in deal order"),
            Some(Due::Reshuffle(k)) => format!("reshuffle: `reshuffle` and the {k} card ids dealt from the reshuffled discard pile, in deal order"),
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
        (self.phase == Phase::Over).then(|| {
            final_outcome(
                self.scores.seats(self.n),
                self.tricks_total.seats(self.n),
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

    fn metrics(&self, events: &[Event]) -> Vec<parlour_core::Metric> {
        crate::metrics::metrics(events)
    }

    fn card_names(&self) -> Vec<String> {
        parlour_fey::printed_names()
    }

    fn card_facts(&self, events: &[Event]) -> Option<parlour_core::CardFacts> {
        Some(crate::metrics::card_facts(self.n, events))
    }

    fn starting_seat(&self, _events: &[Event]) -> Option<Seat> {
        // The first player leads the first trick (the lead then rotates, D-TT-9).
        Some(self.first)
    }
}

impl Search for State {
    /// One hand: the later hands are dealt afresh, so random play through them is only noise;
    /// `evaluate` at the next deal is the cumulative score.
    fn playout_rounds(&self) -> Option<u32> {
        Some(1)
    }

    /// The tree tries each seat's moves in `evaluate`'s order (keep fey and high cards, take
    /// points) and leans on it until its own returns speak: a seldom-visited opponent node then
    /// plays as a sensible player would, not the first card in canonical order. At 6 players
    /// weights 1, 3 and 10 all won more often than none (`docs/bots.md`).
    fn progressive_bias(&self) -> f64 {
        3.0
    }

    fn play_log_likelihood(&self, observer: Seat) -> Option<f64> {
        Some(crate::reading::play_log_likelihood(self, observer))
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let s = seat.index() % 7;
        let mut v = f64::from(self.scores[s]);
        if self.phase == Phase::Play || self.phase == Phase::Deal {
            // A little for trick-taking power still in hand: fey cards and high cards.
            let hand = self.hands[s];
            let fey = CardSet(SIGN_MASK[self.table.fey().index() as usize]);
            v += 0.6 * f64::from(hand.and(fey).len());
            v += 0.05
                * hand
                    .iter()
                    .map(|c| f64::from((c % 11 + 1).saturating_sub(7)))
                    .sum::<f64>();
        }
        v
    }
}

impl Audit for State {
    fn hidden_placement_is_free(&self, observer: Seat) -> bool {
        // Voids and deal provenance are the only constraints beyond sizes (see `resample`).
        let hidden = Seat::all(self.n)
            .filter(|&p| p != observer)
            .fold(self.draw, |a, p| a.or(self.hands[p]));
        Seat::all(self.n)
            .filter(|&p| p != observer)
            .all(|p| self.voids[p] == 0)
            && hidden.and(self.pre_reshuffle).is_empty()
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
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
