//! The ISMCTS bot finds the deciding play near the end of a stacked four-player game: with two
//! tricks left in the last hand, one card wins the game and the other loses it.
//!
//! The positions are records of a whole game (hands 1 and 2 of follow-suit filler tricks, hand 3
//! stacked) on MAT-A with P0 Star, P1 Wave, P2 Tone, P3 Wind. Every fey card is already played or
//! in the bot's hand, so the deciding play wins whatever cards the others hold.

use parlour_bots::{Observation, make_bot};
use parlour_cards::CardSet;
use parlour_core::{Game, Seat, SeatSet, ToAct};
use parlour_fey::{Card, Sign};
use parlour_testkit::Scenario;
use parlour_troll_tricker::{Action, State, trick_winner};

use Sign::*;

const N: usize = 4;
const TABLE: &str =
    "chance: mat bone: flame star stone wave wind tree tone; signs star wave tone wind; first 0";
/// The easy level: the positions are decided in every deal the bot can sample, so a handful of
/// iterations already settle them; the margin keeps the test independent of the seed.
const BOT: &str = "ismcts:easy";

fn card(t: &str) -> u8 {
    Card::parse(t)
        .unwrap_or_else(|| panic!("bad card {t}"))
        .id()
}

fn text(c: u8) -> String {
    Card::from_id(c).expect("a deck card").text()
}

/// One stacked hand: the tricks as played, and the cards each seat still holds after them.
struct Hand {
    first: usize,
    leader: usize,
    cards: [Vec<u8>; N],
    plays: Vec<String>,
}

impl Hand {
    fn new(leader: usize) -> Hand {
        Hand {
            first: leader,
            leader,
            cards: Default::default(),
            plays: Vec::new(),
        }
    }

    fn dealt(&self, c: u8) -> bool {
        self.cards.iter().any(|h| h.contains(&c))
    }

    fn give(&mut self, seat: usize, c: u8) {
        assert!(!self.dealt(c), "{} stacked twice", text(c));
        self.cards[seat].push(c);
    }

    /// Cards `seat` keeps after the stacked tricks. Give these first, so fillers avoid them.
    fn hold(&mut self, seat: usize, cards: &[&str]) -> &mut Self {
        for c in cards {
            self.give(seat, card(c));
        }
        self
    }

    /// A trick of these cards in play order from the current leader; its winner leads next.
    fn trick(&mut self, cards: [u8; N]) -> &mut Self {
        for (k, &c) in cards.iter().enumerate() {
            let seat = (self.leader + k) % N;
            self.give(seat, c);
            self.plays.push(format!("{seat}: play {}", text(c)));
        }
        let led = Card::from_id(cards[0]).expect("a deck card").sign();
        let set: CardSet = cards.iter().copied().collect();
        let win = trick_winner(set, led, Bone).id();
        let k = cards.iter().position(|&c| c == win).expect("in the trick");
        self.leader = (self.leader + k) % N;
        self
    }

    fn trick_of(&mut self, cards: [&str; N]) -> &mut Self {
        self.trick(cards.map(card))
    }

    /// A trick of the four lowest undealt cards of `sign`, the highest to `winner`: everyone
    /// follows, so it is legal whatever else the seats hold.
    fn follow(&mut self, sign: Sign, winner: usize) -> &mut Self {
        let free: Vec<u8> = (1..=11)
            .map(|v| Card::new(sign, v).id())
            .filter(|&c| !self.dealt(c))
            .take(N)
            .collect();
        let mut low = free[..N - 1].iter();
        let cards = std::array::from_fn(|k| {
            if (self.leader + k) % N == winner {
                free[N - 1]
            } else {
                *low.next().expect("three low cards")
            }
        });
        self.trick(cards);
        assert_eq!(self.leader, winner);
        self
    }

    /// Ends a hand whose signs are all played down to three cards each: seat `i` gets the three
    /// left of `signs[i]`, so each seat is void in the others' signs and the leader of each trick
    /// wins it (or the seat holding the fey, which must trump).
    fn leftovers(&mut self, signs: [Sign; N]) -> &mut Self {
        let mut left: Vec<std::vec::IntoIter<u8>> = signs
            .iter()
            .map(|&s| {
                let cards: Vec<u8> = (1..=11)
                    .map(|v| Card::new(s, v).id())
                    .filter(|&c| !self.dealt(c))
                    .collect();
                assert_eq!(cards.len(), 3, "three {s:?} left");
                cards.into_iter()
            })
            .collect();
        for _ in 0..3 {
            let leader = self.leader;
            self.trick(std::array::from_fn(|k| {
                left[(leader + k) % N].next().expect("three each")
            }));
        }
        self
    }

    /// The record entries: the deal (`deal` or `reshuffle`) in deal order from the hand's leader,
    /// then the plays.
    fn entries(&self, kind: &str) -> Vec<String> {
        assert!(self.cards.iter().all(|h| h.len() == 11), "11 cards each");
        let order = (0..11 * N).map(|i| self.cards[(self.first + i) % N][i / N]);
        let mut out = vec![format!("chance: {kind} {}", parlour_fey::cards_text(order))];
        out.extend(self.plays.iter().cloned());
        out
    }
}

/// Hands 1 and 2 leave the scores at P0 19, P1 17, P2 5, P3 4. The draw pile holds exactly the
/// two hands, so hand 3 is a reshuffle of all 88 cards.
fn game(hand3: &Hand) -> Scenario<State> {
    let mut h1 = Hand::new(0);
    h1.follow(Flame, 0)
        .follow(Flame, 1)
        .follow(Star, 0)
        .follow(Star, 2)
        .follow(Stone, 1)
        .follow(Stone, 3)
        .follow(Wave, 1)
        .follow(Wave, 0)
        .leftovers([Wave, Flame, Star, Stone]);
    let mut h2 = Hand::new(1);
    h2.follow(Wind, 1)
        .follow(Wind, 0)
        .follow(Tree, 1)
        .follow(Tree, 2)
        .follow(Tone, 0)
        .follow(Tone, 3)
        .follow(Bone, 0)
        .follow(Bone, 1)
        .leftovers([Tree, Bone, Tone, Wind]);
    let mut entries = vec![TABLE.to_owned()];
    entries.extend(h1.entries("deal"));
    entries.extend(h2.entries("deal"));
    entries.extend(hand3.entries("reshuffle"));
    let m = Scenario::<State>::new(4, "traditional_mat", 1, &entries);
    assert_eq!(m.state().hand_number(), 2, "in the last hand");
    m
}

fn act(c: &str) -> Action {
    Action::Play(Card::parse(c).expect("a card"))
}

/// Every way the game can end from `state`: for each, whether P0 is the sole winner.
fn endings(state: &State, out: &mut Vec<bool>) {
    match state.to_act() {
        ToAct::Terminal => {
            let o = state.outcome().expect("a finished game");
            out.push(o.winners == SeatSet::single(Seat(0)));
        }
        ToAct::Seats(seats) => {
            let seat = seats.first().expect("a seat to act");
            let mut legal = Vec::new();
            state.legal_actions(seat, &mut legal);
            for a in legal {
                let mut next = state.clone();
                next.apply(seat, a, &mut ()).expect("a legal card");
                endings(&next, out);
            }
        }
        ToAct::Chance => panic!("no chance left in the last hand"),
    }
}

/// Checks on the true state that P0 (to act, with exactly the legal cards `win` and `lose`) wins
/// however the others play after `win`, and loses however they play after `lose`; then that the
/// bot picks `win` for several seeds.
fn assert_bot_plays(state: &State, win: &str, lose: &str) {
    let p0 = Seat(0);
    assert_eq!(state.to_act().first_seat(), Some(p0));
    let mut legal = Vec::new();
    state.legal_actions(p0, &mut legal);
    let mut want = vec![act(win), act(lose)];
    want.sort_by_key(|a| a.card().id());
    assert_eq!(legal, want);
    for (c, wins) in [(win, true), (lose, false)] {
        let mut next = state.clone();
        next.apply(p0, act(c), &mut ()).expect("a legal card");
        let mut out = Vec::new();
        endings(&next, &mut out);
        assert!(
            out.iter().all(|&w| w == wins),
            "after {c}: P0 wins {out:?}, expected {wins}"
        );
    }
    for seed in 0..3 {
        let mut bot = make_bot::<State>(BOT, seed, 0).expect("a bot");
        let action = bot.choose(&Observation::new(state, p0));
        assert_eq!(action, act(win), "seed {seed}");
    }
}

/// P0 leads the tenth trick with Star 11 and Flame 1, behind P1 by 2. Star 11 cannot be beaten
/// (no fey left): 4 points for the same sign, and P1 can only add 1 by winning Flame 1 later.
/// Leading Flame 1 gives P1 the trick and the lead, and nobody leads a star for Star 11 to win.
#[test]
fn leads_the_unbeatable_card_to_overtake() {
    let mut h3 = Hand::new(2);
    h3.hold(0, &["star-11", "flame-1"])
        .hold(1, &["flame-5", "tree-10"])
        .hold(2, &["tone-10", "tone-11"])
        .hold(3, &["wind-10", "wind-11"])
        .follow(Bone, 2)
        .follow(Bone, 3)
        .trick_of(["tone-1", "bone-9", "bone-11", "bone-10"])
        .follow(Wave, 1)
        .follow(Tree, 0)
        .follow(Tree, 0)
        .follow(Wind, 0)
        .follow(Wind, 1)
        .follow(Stone, 0);
    let m = game(&h3);
    assert_eq!(m.state().scores(), vec![25, 27, 6, 5]);
    assert_bot_plays(m.state(), "star-11", "flame-1");
}

/// P1 leads Wave 11 to the tenth trick, P0 plays last holding Bone 11 (the only fey left) and
/// Wave 1 (the only wave left), behind by 3. Trumping now takes 3 points and the lead, and Wave 1
/// then wins the last trick uncontested (2 more). Following low gives P1 4 points for its own
/// sign, and Bone 11 can only bring 3 back.
#[test]
fn trumps_now_rather_than_later() {
    let mut h3 = Hand::new(2);
    h3.hold(0, &["bone-11", "wave-1"])
        .hold(1, &["wave-11", "star-10"])
        .hold(2, &["wave-10", "tone-11"])
        .hold(3, &["tree-11", "wind-11"])
        .follow(Bone, 2)
        .follow(Bone, 3)
        .trick_of(["tone-1", "tone-2", "bone-10", "bone-9"])
        .follow(Wave, 0)
        .follow(Tree, 2)
        .follow(Tree, 3)
        .follow(Stone, 2)
        .follow(Stone, 3)
        .follow(Wave, 1);
    let mut m = game(&h3);
    assert_eq!(m.state().scores(), vec![21, 24, 10, 10]);
    m.act("1: play wave-11");
    m.act("2: play wave-10");
    m.act("3: play tree-11");
    assert_bot_plays(m.state(), "bone-11", "wave-1");
}

/// P1 leads Star 10 to the tenth trick, P0 plays last holding Star 11 and Bone 11 (the only fey
/// left), behind by 6. Either card takes both tricks, but the points differ: trumping now (3) and
/// leading Star 11, the same sign, last (4) makes 7, while Star 11 now (4) leaves a fey lead that
/// scores only 1.
#[test]
fn trumps_first_to_score_the_same_sign_last() {
    let mut h3 = Hand::new(2);
    h3.hold(0, &["star-11", "bone-11"])
        .hold(1, &["star-10", "tone-10"])
        .hold(2, &["star-8", "tone-11"])
        .hold(3, &["wind-10", "wind-11"])
        .follow(Bone, 2)
        .follow(Bone, 3)
        .trick_of(["tone-1", "tone-2", "bone-10", "bone-9"])
        .follow(Wave, 1)
        .follow(Wave, 0)
        .follow(Tree, 2)
        .follow(Tree, 3)
        .follow(Stone, 3)
        .follow(Stone, 1);
    let mut m = game(&h3);
    assert_eq!(m.state().scores(), vec![21, 27, 9, 10]);
    m.act("1: play star-10");
    m.act("2: play star-8");
    m.act("3: play wind-10");
    assert_bot_plays(m.state(), "bone-11", "star-11");
}
