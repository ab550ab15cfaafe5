//! Every worked example of spec §7.3 (HM-1 .. HM-12), driven through records with stacked deals.

use parlour_core::{Game, Seat, ToAct};
use parlour_fey::{Card, Sign, cards_text};
use parlour_holy_matrimony::State;
use parlour_record::Match;
use parlour_testkit::Scenario;

const SIGNS: [&str; 4] = ["star", "wave", "tone", "wind"];

fn id(t: &str) -> u8 {
    Card::parse(t)
        .unwrap_or_else(|| panic!("bad card {t}"))
        .id()
}

/// Record entries for MAT-A (P0 Star, P1 Wave, P2 Tone, P3 Wind), `n` seats, first player
/// `first`, hands holding `cards[s]` (filled to 7 from Tree/Tone/Flame/Wind low cards not used
/// elsewhere), and the church card.
fn opening(n: usize, first: usize, cards: &[&[&str]], church: &str) -> Vec<String> {
    let mut used: Vec<u8> = cards.iter().flat_map(|c| c.iter().map(|t| id(t))).collect();
    used.push(id(church));
    let mut spare = [
        Sign::Flame,
        Sign::Tree,
        Sign::Stone,
        Sign::Star,
        Sign::Wave,
        Sign::Wind,
    ]
    .into_iter()
    .flat_map(|s| (1..=11).map(move |v| Card::new(s, v).id()))
    .filter(|c| !used.contains(c))
    .collect::<Vec<_>>()
    .into_iter();
    let hands: Vec<Vec<u8>> = (0..n)
        .map(|s| {
            let mut h: Vec<u8> = cards[s].iter().map(|t| id(t)).collect();
            while h.len() < 7 {
                h.push(spare.next().unwrap());
            }
            h
        })
        .collect();
    let order: Vec<u8> = (0..7 * n).map(|i| hands[(first + i) % n][i / n]).collect();
    vec![
        format!(
            "chance: mat bone: flame star stone wave wind tree tone; signs {}; first {first}",
            SIGNS[..n].join(" ")
        ),
        format!("chance: deal {}", cards_text(order)),
        format!("chance: church {church}"),
    ]
}

fn commit(seat: usize, cards: &[&str]) -> String {
    if cards.is_empty() {
        format!("{seat}: commit none")
    } else {
        format!("{seat}: commit {}", cards.join(" "))
    }
}

/// One round of four seats on MAT-A: each seat holds and commits `plays[s]`.
fn one_round(options: &str, church: &str, plays: [&[&str]; 4]) -> Vec<i32> {
    let mut entries = opening(4, 0, &plays, church);
    for (s, p) in plays.iter().enumerate() {
        entries.push(commit(s, p));
    }
    let m = Scenario::<State>::new(4, options, 9, &entries);
    assert_eq!(m.state().rounds_played(), 1);
    m.state().scores()
}

#[test]
fn hm1_hm2_hm3_church_flame_six() {
    let plays: [&[&str]; 4] = [
        &["star-8", "tone-7"],
        &["wind-9", "bone-4"],
        &["tree-11", "stone-7"],
        &[],
    ];
    // P3 (Wind) commits nothing: church Opposing 1 - 15 = -14.
    assert_eq!(
        one_round("traditional_mat", "flame-6", plays),
        vec![9, 7, -2, -14]
    );
    // HM-1 with church_counts_for_total_only: 6.
    assert_eq!(
        one_round(
            "traditional_mat,church_counts_for_total_only",
            "flame-6",
            plays
        )[0],
        6
    );
}

#[test]
fn hm4_hm6_hm7_hm8_empty_fey_pair_all_seven_and_one_card() {
    let all7 = [
        "flame-11", "tree-10", "tone-9", "star-2", "wave-1", "wind-3", "stone-4",
    ];
    let plays: [&[&str]; 4] = [&[], &["bone-5", "bone-10"], &all7, &["tree-11"]];
    assert_eq!(
        one_round("traditional_mat", "flame-6", plays),
        vec![-12, 6, -56, 0]
    );
}

#[test]
fn hm5_fey_church_gives_everyone_the_bonus() {
    let plays: [&[&str]; 4] = [&["star-11", "wave-7"], &[], &[], &[]];
    let s = one_round("traditional_mat", "bone-3", plays);
    assert_eq!(s[0], 11);
    // Church 3, nothing played: 0 + 5 - 18 for every other seat.
    assert_eq!(s[1..], [-13, -13, -13]);
}

#[test]
fn hm9_church_relation_is_per_player() {
    let plays: [&[&str]; 4] = [&[], &["wind-11"], &[], &[]];
    let s = one_round("traditional_mat", "stone-10", plays);
    // P1 (Wave): Stone harmonious 3 + Wind harmonious 3, total 21.
    assert_eq!(s[1], 6);
    // P0 (Star): Stone harmonious 3, total 10: 3 - 11.
    assert_eq!(s[0], -8);
}

#[test]
fn hm10_game_ends_when_someone_reaches_the_target_and_highest_wins() {
    let three = |p1: &[&str]| {
        let hands: [&[&str]; 3] = [&["star-11", "wave-7"], p1, &[]];
        let mut e = opening(3, 0, &hands, "bone-3");
        e.push(commit(0, hands[0]));
        e.push(commit(1, p1));
        e.push(commit(2, &[]));
        e
    };
    // P0 11, P1 13 (Wave 10 + Wave 8 + fey church), P2 -13: both pass 10, P1 alone wins.
    let m = Scenario::<State>::new(
        3,
        "traditional_mat,target_score=10",
        9,
        &three(&["wave-10", "wave-8"]),
    );
    assert_eq!(m.state().to_act(), ToAct::Terminal);
    let o = m.state().outcome().unwrap();
    assert_eq!(o.scores, vec![11, 13, -13]);
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![Seat(1)]);
    // P1 Wind 9 + Stone 9: 3 + 3 + 5 = 11, tied with P0: shared win.
    let m = Scenario::<State>::new(
        3,
        "traditional_mat,target_score=10",
        9,
        &three(&["wind-9", "stone-9"]),
    );
    let o = m.state().outcome().unwrap();
    assert_eq!(o.scores, vec![11, 11, -13]);
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(1)]);
    // With the default target the game goes on.
    let m = Scenario::<State>::new(3, "traditional_mat", 9, &three(&["wave-10", "wave-8"]));
    assert!(matches!(m.state().to_act(), ToAct::Seats(_)));
    assert_eq!(m.state().rounds_played(), 1);
}

#[test]
fn hm11_every_subset_of_seven_cards_is_a_legal_commit() {
    let m = Scenario::<State>::new(
        4,
        "traditional_mat",
        9,
        &opening(4, 0, &[&[], &[], &[], &[]], "flame-6"),
    );
    assert_eq!(m.state().to_act().seats().len(), 4);
    for s in 0..4 {
        let legal = m.legal(s);
        assert_eq!(legal.len(), 128);
        assert_eq!(legal[0], "commit none");
        let full = &legal[127];
        assert_eq!(full.split_whitespace().count(), 8, "{full}");
    }
}

#[test]
fn hm12_refill_in_seat_order_then_new_church() {
    let all7 = [
        "flame-11", "tree-10", "tone-9", "star-2", "wave-1", "wind-3", "stone-4",
    ];
    let hands: [&[&str]; 3] = [&["star-8", "tone-7"], &[], &all7];
    for first in [0usize, 2] {
        let mut e = opening(3, first, &hands, "flame-6");
        e.push(commit(0, hands[0]));
        e.push(commit(1, &[]));
        e.push(commit(2, &all7));
        // Stop right after the reveal (a replay would draw the refill) to state the refill.
        let refs: Vec<&str> = e.iter().map(String::as_str).collect();
        let mut m2 = Match::<State>::new(
            3,
            parlour_core::Options::parse_list(
                State::OPTIONS,
                &format!("traditional_mat,first_player={first}"),
            )
            .unwrap(),
            4,
        )
        .unwrap();
        for r in &refs {
            m2.apply_entry(r).unwrap();
        }
        let st = m2.state();
        // Played cards and the old church are in the discard pile.
        assert_eq!(st.discard_pile().len(), 10);
        assert!(st.discard_pile().contains(id("flame-6")));
        assert!(st.church().is_none());
        assert!(
            st.chance_hint().starts_with("refill"),
            "{}",
            st.chance_hint()
        );
        let pile: Vec<u8> = st.draw_pile().iter().take(9).collect();
        m2.apply_entry(&format!(
            "chance: refill {}",
            cards_text(pile.iter().copied())
        ))
        .unwrap();
        let st = m2.state();
        // First player 0: P0 draws the first 2, P1 none, P2 the next 7.
        // First player 2: P2 draws the first 7, then P0 2.
        let (p0, p2) = if first == 0 {
            (&pile[..2], &pile[2..])
        } else {
            (&pile[7..], &pile[..7])
        };
        for c in p0 {
            assert!(st.hand_of(Seat(0)).contains(*c));
        }
        for c in p2 {
            assert!(st.hand_of(Seat(2)).contains(*c));
        }
        for seat in 0..3 {
            assert_eq!(st.hand_of(Seat(seat)).len(), 7);
        }
        assert!(st.chance_hint().starts_with("church"));
        assert!(st.church().is_none());
        m2.apply_entry("chance: church wind-11").unwrap();
        assert_eq!(m2.state().church(), Card::parse("wind-11"));
    }
}

#[test]
fn commitments_stay_hidden_until_all_are_in() {
    let mut m = Scenario::<State>::new(
        4,
        "traditional_mat",
        9,
        &opening(4, 0, &[&["star-8", "tone-7"], &[], &[], &[]], "flame-6"),
    );
    let before = m.view(1);
    m.act("0: commit star-8 tone-7");
    let after = m.view(1);
    assert_eq!(after.committed, vec![true, false, false, false]);
    assert_eq!(
        after.hand_sizes, before.hand_sizes,
        "sizes do not move until the reveal"
    );
    let json = serde_json::to_string(&after).unwrap();
    assert!(!json.contains("star-8") && !json.contains("tone-7"));
    let mut a = after.clone();
    a.committed = before.committed.clone();
    a.waiting = before.waiting.clone();
    assert_eq!(a, before, "nothing else changes in another seat's view");
    let own = m.view(0);
    assert_eq!(own.own_commitment.unwrap().len(), 2);
    // Log lines for others say only that seat 0 committed.
    let lines = m.last_events(parlour_core::Viewer::Seat(Seat(1)));
    assert_eq!(lines, vec!["seat 0 has committed".to_owned()]);
    // A second commitment by the same seat is refused; a card not held is refused.
    assert_eq!(m.refused("0: commit none"), "one-commitment-per-round");
    assert_eq!(m.refused("1: commit star-8"), "card-in-hand");
    // Any order: seat 3 before seat 1.
    m.act("3: commit none");
    assert_eq!(
        m.state().to_act().seats().iter().collect::<Vec<_>>(),
        vec![Seat(1), Seat(2)]
    );
}
