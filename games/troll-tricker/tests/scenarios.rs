//! Every worked example of spec §7.1 (TT-1 .. TT-13), driven through records with stacked deals.

use parlour_core::{Game, Seat, ToAct};
use parlour_fey::{Card, Sign};
use parlour_record::{Match, replay};
use parlour_testkit::Scenario;
use parlour_troll_tricker::{Action, State};

/// MAT-A with P0 Star, P1 Wave, P2 Tone, P3 Wind (spec §7), first player `first`.
fn table_a(first: u8) -> String {
    format!(
        "chance: mat bone: flame star stone wave wind tree tone; signs star wave tone wind; first {first}"
    )
}

fn card(t: &str) -> u8 {
    Card::parse(t)
        .unwrap_or_else(|| panic!("bad card {t}"))
        .id()
}

/// A stacked deal for seats `0..n`: the cards each seat must hold, then optional filler tricks
/// (see [`Stack::fillers`]), then every hand topped up to 11 from free signs. Produces the
/// record entries: the table setup, the deal in deal order, and the filler tricks.
struct Stack {
    n: u8,
    first: u8,
    hands: Vec<Vec<u8>>,
    used: u128,
    entries: Vec<String>,
}

impl Stack {
    fn new(n: u8, first: u8, specific: &[&[&str]]) -> Stack {
        let mut s = Stack {
            n,
            first,
            hands: vec![Vec::new(); n as usize],
            used: 0,
            entries: Vec::new(),
        };
        for (seat, cards) in specific.iter().enumerate() {
            for c in *cards {
                s.give(seat, card(c));
            }
        }
        s
    }

    fn give(&mut self, seat: usize, c: u8) {
        assert!(self.used >> c & 1 == 0, "card {c} stacked twice");
        self.used |= 1 << c;
        self.hands[seat].push(c);
    }

    fn unused_of(&self, sign: Sign) -> Vec<u8> {
        (1..=11)
            .map(|v| Card::new(sign, v).id())
            .filter(|c| self.used >> c & 1 == 0)
            .collect()
    }

    /// Filler tricks, each won by the given seat; all cards of a trick are of one sign, so every
    /// play follows suit. The leader of the first filler trick is the first player.
    fn fillers(&mut self, winners: &[u8], signs: &[Sign]) {
        let n = self.n as usize;
        let mut leader = self.first as usize;
        let mut sign_i = 0;
        for &w in winners {
            let mut pool = self.unused_of(signs[sign_i]);
            while pool.len() < n {
                sign_i += 1;
                pool = self.unused_of(signs[sign_i]);
            }
            let cards: Vec<u8> = pool[..n].to_vec();
            // The winner gets the highest, the others the rest.
            let mut low = cards[..n - 1].iter();
            let mut plays = vec![0u8; n];
            for (seat, slot) in plays.iter_mut().enumerate() {
                let c = if seat == w as usize {
                    cards[n - 1]
                } else {
                    *low.next().unwrap()
                };
                self.give(seat, c);
                *slot = c;
            }
            for k in 0..n {
                let seat = (leader + k) % n;
                self.entries.push(format!(
                    "{seat}: play {}",
                    Card::from_id(plays[seat]).unwrap()
                ));
            }
            leader = w as usize;
        }
    }

    /// Fills every hand to 11 from `free_signs`, and returns all entries: the deal, then the
    /// filler tricks.
    fn entries(mut self, lead: &str, free_signs: &[Sign]) -> Vec<String> {
        for seat in 0..self.n as usize {
            while self.hands[seat].len() < 11 {
                let c = free_signs
                    .iter()
                    .flat_map(|s| self.unused_of(*s))
                    .next()
                    .expect("enough free cards");
                self.give(seat, c);
            }
        }
        let n = self.n as usize;
        let mut order = Vec::new();
        for i in 0..11 * n {
            let seat = (self.first as usize + i) % n;
            order.push(self.hands[seat][i / n]);
        }
        let deal = format!("chance: deal {}", parlour_fey::cards_text(order));
        let mut all = vec![lead.to_owned(), deal];
        all.extend(self.entries);
        all
    }
}

use Sign::*;

/// Plays one stacked first trick on MAT-A and returns the match.
fn first_trick(
    first: u8,
    plays: &[(u8, &str)],
    extra: &[(u8, &str)],
    free: &[Sign],
) -> Scenario<State> {
    let mut specific: Vec<Vec<&str>> = vec![Vec::new(); 4];
    for (s, c) in plays.iter().chain(extra) {
        specific[*s as usize].push(c);
    }
    let spec: Vec<&[&str]> = specific.iter().map(Vec::as_slice).collect();
    let st = Stack::new(4, first, &spec);
    let mut m = Scenario::<State>::new(4, "traditional_mat", 1, &st.entries(&table_a(first), free));
    for (s, c) in plays {
        m.act(&format!("{s}: play {c}"));
    }
    m
}

#[test]
fn tt1_star_wins_flame_lead_harmonious_three() {
    let m = first_trick(
        1,
        &[
            (1, "flame-6"),
            (2, "flame-3"),
            (3, "stone-4"),
            (0, "flame-10"),
        ],
        &[],
        &[Tree, Tone, Wind, Wave],
    );
    assert_eq!(m.state().scores(), vec![3, 0, 0, 0]);
    // If P2 (Tone) had won with Flame 10: also 3.
    let m = first_trick(
        1,
        &[
            (1, "flame-6"),
            (2, "flame-10"),
            (3, "stone-4"),
            (0, "flame-3"),
        ],
        &[],
        &[Tree, Tone, Wind, Wave],
    );
    assert_eq!(m.state().scores(), vec![0, 0, 3, 0]);
}

#[test]
fn tt1_void_player_may_play_anything() {
    let st = Stack::new(
        4,
        1,
        &[&["flame-10"], &["flame-6"], &["flame-3"], &["stone-4"]],
    );
    let mut m = Scenario::<State>::new(
        4,
        "traditional_mat",
        1,
        &st.entries(&table_a(1), &[Tree, Tone, Wind, Wave]),
    );
    m.act("1: play flame-6");
    m.act("2: play flame-3");
    assert_eq!(
        m.legal(3).len(),
        11,
        "P3 holds no flame: every card is legal"
    );
}

#[test]
fn tt2_fey_on_non_fey_lead_scores_three() {
    let m = first_trick(
        1,
        &[(1, "wave-8"), (2, "wave-11"), (3, "bone-2"), (0, "wave-1")],
        &[(3, "wave-5")],
        &[Tree, Tone, Wind, Flame],
    );
    assert_eq!(m.state().scores(), vec![0, 0, 0, 3]);
}

#[test]
fn tt2_fey_points_by_player_count_three_players() {
    let st = Stack::new(3, 1, &[&["wave-1"], &["wave-8"], &["bone-2", "wave-5"]]);
    let lead =
        "chance: mat bone: flame star stone wave wind tree tone; signs star wave tone; first 1";
    let entries = st.entries(lead, &[Tree, Tone, Wind, Flame]);
    for (opts, want) in [
        ("traditional_mat", 3),
        ("traditional_mat,fey_trump_points_by_player_count", 5),
    ] {
        let mut m = Scenario::<State>::new(3, opts, 1, &entries);
        m.act("1: play wave-8");
        m.act("2: play bone-2");
        m.act("0: play wave-1");
        assert_eq!(m.state().scores(), vec![0, 0, want], "{opts}");
    }
}

#[test]
fn tt3_highest_fey_beats_highest_led() {
    let m = first_trick(
        0,
        &[(0, "star-5"), (1, "bone-4"), (2, "bone-9"), (3, "star-11")],
        &[],
        &[Tree, Tone, Wind, Flame],
    );
    assert_eq!(m.state().scores(), vec![0, 0, 3, 0]);
}

#[test]
fn tt4_fey_lead_scores_one_for_a_higher_fey() {
    let mut specific: Vec<&[&str]> = vec![&["bone-7"], &["bone-10"], &["flame-1"], &["bone-3"]];
    specific.truncate(4);
    let st = Stack::new(4, 0, &specific);
    let mut m = Scenario::<State>::new(
        4,
        "traditional_mat",
        1,
        &st.entries(&table_a(0), &[Tree, Tone, Wind, Flame]),
    );
    m.act("0: play bone-7");
    assert_eq!(
        m.legal(1),
        vec!["play bone-10"],
        "a fey lead must be followed with fey"
    );
    let err = m.apply_entry("1: play tree-1").unwrap_err();
    assert!(
        err.to_string().contains("must-follow-fey-lead") || err.to_string().contains("not in"),
        "{err}"
    );
    m.act("1: play bone-10");
    assert_eq!(m.legal(2).len(), 11, "no fey held: anything");
    m.act("2: play flame-1");
    m.act("3: play bone-3");
    assert_eq!(m.state().scores(), vec![0, 1, 0, 0]);
}

#[test]
fn tt5_opposing_scores_one_same_scores_four() {
    let m = first_trick(
        3,
        &[(3, "wind-2"), (0, "wind-9"), (1, "tone-6"), (2, "wind-4")],
        &[],
        &[Tree, Tone, Flame, Wave],
    );
    assert_eq!(m.state().scores(), vec![1, 0, 0, 0]);
    let m = first_trick(
        3,
        &[(3, "wind-11"), (0, "wind-9"), (1, "tone-6"), (2, "wind-4")],
        &[],
        &[Tree, Tone, Flame, Wave],
    );
    assert_eq!(m.state().scores(), vec![0, 0, 0, 4]);
}

#[test]
fn tt6_neutral_scores_two() {
    let m = first_trick(
        2,
        &[(2, "wave-3"), (3, "wave-5"), (0, "wave-11"), (1, "wave-7")],
        &[],
        &[Tree, Tone, Flame, Wind],
    );
    assert_eq!(m.state().scores(), vec![2, 0, 0, 0]);
}

#[test]
fn tt7_tone_wins_stone_lead_opposing_one() {
    let m = first_trick(
        1,
        &[
            (1, "stone-3"),
            (2, "stone-8"),
            (3, "stone-2"),
            (0, "stone-5"),
        ],
        &[],
        &[Tree, Tone, Flame, Wind],
    );
    assert_eq!(m.state().scores(), vec![0, 0, 1, 0]);
}

/// TT-8 / TT-9 positions: `tricks` filler tricks won by `winner` (who then leads), P1 left with
/// exactly `p1`, P0 holding `p0`.
fn late_position(winner: u8, tricks: usize, p0: &[&str], p1: &[&str]) -> Scenario<State> {
    let mut st = Stack::new(4, winner, &[p0, p1, &[], &[]]);
    st.fillers(&vec![winner; tricks], &[Tone, Star, Stone, Wind, Flame]);
    let entries = st.entries(&table_a(winner), &[Flame, Tree, Tone, Star, Stone, Wind]);
    let m = Scenario::<State>::new(4, "traditional_mat", 1, &entries);
    assert_eq!(m.state().hand_of(Seat(1)).len() as usize, 11 - tricks);
    m
}

#[test]
fn tt8_legal_sets_follow_or_fey() {
    let p1 = ["wave-3", "wave-10", "bone-5", "tree-1"];
    // The 7 filler tricks leave P1 with exactly these four cards.
    for (lead, want) in [
        ("wave-6", vec!["wave-3", "wave-10", "bone-5"]),
        ("flame-2", vec!["wave-3", "wave-10", "bone-5", "tree-1"]),
        ("bone-8", vec!["bone-5"]),
    ] {
        let mut m = late_position(0, 7, &[lead], &p1);
        let mut hand: Vec<String> = m
            .state()
            .hand_of(Seat(1))
            .iter()
            .map(|c| Card::from_id(c).unwrap().text())
            .collect();
        hand.sort();
        let mut want_hand: Vec<String> = p1.iter().map(ToString::to_string).collect();
        want_hand.sort();
        assert_eq!(hand, want_hand);
        m.act(&format!("0: play {lead}"));
        let mut got = m.legal(1);
        got.sort();
        let mut want: Vec<String> = want.iter().map(|c| format!("play {c}")).collect();
        want.sort();
        assert_eq!(got, want, "lead {lead}");
        if lead == "wave-6" {
            assert_eq!(m.refused("1: play tree-1"), "must-follow-led-sign");
        }
    }
    // P1 leads: all four legal.
    let m = late_position(1, 7, &[], &p1);
    let mut got = m.legal(1);
    got.sort();
    assert_eq!(
        got,
        vec!["play bone-5", "play tree-1", "play wave-10", "play wave-3"]
    );
}

#[test]
fn tt9_no_fey_held_on_fey_lead_anything_goes() {
    let mut m = late_position(0, 9, &["bone-6"], &["tree-1", "stone-9"]);
    m.act("0: play bone-6");
    let mut got = m.legal(1);
    got.sort();
    assert_eq!(got, vec!["play stone-9", "play tree-1"]);
}

/// A whole hand of filler tricks won by `winners` (11 of them).
fn whole_hand(players: u8, winners: &[u8]) -> Scenario<State> {
    let signs = ["star", "wave", "tone", "wind", "tree", "stone", "flame"];
    let mut st = Stack::new(players, winners[0], &vec![&[][..]; players as usize]);
    st.fillers(winners, &[Tone, Star, Stone, Wind, Flame, Tree, Wave]);
    let lead = format!(
        "chance: mat bone: flame star stone wave wind tree tone; signs {}; first {}",
        signs[..players as usize].join(" "),
        winners[0]
    );
    let entries = st.entries(&lead, &[Tone]);
    Scenario::<State>::new(players, "traditional_mat", 1, &entries)
}

#[test]
fn tt10_zero_trick_bonus_by_player_count() {
    // n = 4: tricks P0 5, P1 4, P2 2, P3 0.
    let winners = [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2];
    let m = whole_hand(4, &winners);
    let s = m.state();
    assert_eq!(s.tricks_total(), vec![5, 4, 2, 0]);
    assert_eq!(s.hand_number(), 1, "the hand is over");
    assert_eq!(s.scores()[3], 4, "P3 took no trick: +4");
    // Trick points alone for the others: no bonus.
    assert!(s.scores()[..3].iter().all(|&p| p > 0));
    // n = 3: +5.
    let m = whole_hand(3, &[0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(m.state().tricks_total(), vec![5, 6, 0]);
    assert_eq!(m.state().scores()[2], 5);
    // n = 5: +3 for both empty-handed seats.
    let m = whole_hand(5, &[0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(m.state().scores()[2..], [3, 3, 3]);
}

#[test]
fn tt11_mat_b_star_neutral_to_flame_scores_two() {
    let lead = "chance: mat wave: tree flame bone star tone wind stone; signs star bone tone wind; first 1";
    let st = Stack::new(
        4,
        1,
        &[&["flame-10"], &["flame-6"], &["flame-3"], &["stone-4"]],
    );
    let mut m = Scenario::<State>::new(4, "", 1, &st.entries(lead, &[Tree, Tone, Wind, Star]));
    m.act("1: play flame-6");
    m.act("2: play flame-3");
    m.act("3: play stone-4");
    m.act("0: play flame-10");
    assert_eq!(m.state().scores(), vec![2, 0, 0, 0]);
}

fn play_hand_out(m: &mut Match<State>) {
    let hand = m.state().hand_number();
    while m.state().hand_number() == hand {
        let ToAct::Seats(seats) = m.state().to_act() else {
            break;
        };
        let seat = seats.first().unwrap();
        let mut out = Vec::new();
        m.state().legal_actions(seat, &mut out);
        let a: Action = out[0];
        m.apply_action(seat, a).unwrap();
    }
}

#[test]
fn tt12_supply_seven_players() {
    let mut m = replay::<State>(7, "", 12, &[]).unwrap();
    assert_eq!(
        m.state().draw_pile().len(),
        11,
        "hand 0 leaves 11 in the deck"
    );
    play_hand_out(&mut m);
    assert_eq!(m.state().discard_pile().len(), 77);
    // The new layout, then the deal of the 11 remaining cards.
    assert!(m.state().chance_hint().starts_with("new layout"));
    m.draw_chance();
    let deal = m.draw_chance();
    assert!(deal.starts_with("deal "), "{deal}");
    assert_eq!(deal.split_whitespace().count(), 12);
    assert!(m.state().draw_pile().is_empty());
    assert!(m.state().chance_hint().starts_with("reshuffle"));
    // A reshuffle must deal exactly the 66 still owed.
    let probe = m.state().clone();
    let short: Vec<String> = probe
        .discard_pile()
        .iter()
        .take(65)
        .map(|c| Card::from_id(c).unwrap().text())
        .collect();
    assert!(
        m.apply_entry(&format!("chance: reshuffle {}", short.join(" ")))
            .is_err()
    );
    let re = m.draw_chance();
    assert_eq!(re.split_whitespace().count(), 67);
    assert_eq!(m.state().draw_pile().len(), 11);
    assert_eq!(m.state().discard_pile().len(), 0);
    for s in 0..7 {
        assert_eq!(m.state().hand_of(Seat(s)).len(), 11);
    }
}

#[test]
fn tt13_ties_share_unless_broken_by_tricks() {
    // Find a seeded game (first legal card each turn) that ends in a tie for first place with
    // different trick counts, then compare the default and `tiebreak_most_tricks` outcomes.
    for seed in 0..2000 {
        let mut m = replay::<State>(4, "", seed, &[]).unwrap();
        while m.state().to_act() != ToAct::Terminal {
            play_hand_out(&mut m);
            m.draw_due_chance();
        }
        let o = m.state().outcome().unwrap();
        if o.winners.len() < 2 {
            continue;
        }
        let tricks = m.state().tricks_total();
        let best = o.winners.iter().map(|s| tricks[s.index()]).max().unwrap();
        if o.winners.iter().all(|s| tricks[s.index()] == best) {
            continue;
        }
        let top = *o.scores.iter().max().unwrap();
        let tied: Vec<Seat> = (0..4)
            .map(Seat)
            .filter(|s| o.scores[s.index()] == top)
            .collect();
        assert_eq!(o.winners.iter().collect::<Vec<_>>(), tied);
        let entries: Vec<String> = m.entries().to_vec();
        let refs: Vec<&str> = entries.iter().map(String::as_str).collect();
        let t = replay::<State>(4, "tiebreak_most_tricks", seed, &refs).unwrap();
        let o2 = t.state().outcome().unwrap();
        let want: Vec<Seat> = tied
            .into_iter()
            .filter(|s| tricks[s.index()] == best)
            .collect();
        assert_eq!(o2.winners.iter().collect::<Vec<_>>(), want);
        assert!(o2.winners.len() < o.winners.len());
        return;
    }
    panic!("no tied game found");
}

#[test]
fn illegal_plays_are_rejected_with_the_rule() {
    let st = Stack::new(
        4,
        1,
        &[&["flame-10"], &["flame-6"], &["flame-3"], &["stone-4"]],
    );
    let mut m = Scenario::<State>::new(
        4,
        "traditional_mat",
        1,
        &st.entries(&table_a(1), &[Tree, Tone, Wind, Wave]),
    );
    assert_eq!(m.refused("0: play flame-10"), "turn-order");
    assert_eq!(m.refused("1: play flame-10"), "card-in-hand");
    assert!(m.apply_entry("chance: deal flame-1").is_err());
}
