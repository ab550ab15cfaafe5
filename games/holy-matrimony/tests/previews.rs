//! The view's commitment previews are the round scores the engine then reveals, under the
//! default options and the scoring variants.

use parlour_core::{Game, Options, ToAct, rng_from_seed};
use parlour_holy_matrimony::{OPTIONS, RoundView, State};

/// Plays seeded games in which each seat commits a varied subset; returns the commitments whose
/// previewed score was compared with the revealed one.
fn check(options: &str, seeds: std::ops::Range<u64>) -> usize {
    let opts = Options::parse_list(OPTIONS, options).expect("options");
    let mut checked = 0;
    for seed in seeds {
        let mut s = State::new(3, &opts).expect("setup");
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut expected: Vec<Option<i32>> = vec![None; 3];
        let mut last: Option<RoundView> = None;
        for step in 0..20_000usize {
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = s.sample_chance(&mut rng);
                    s.apply_chance(c, &mut ()).expect("chance");
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().expect("a seat");
                    let view = s.view(Some(seat));
                    let hand = view.own_hand.clone().expect("own hand");
                    let previews = view.commit_previews.clone().expect("a seat to commit");
                    assert_eq!(previews.score.len(), 1 << hand.len());
                    assert!(previews.get(1 << hand.len()).is_none());
                    assert!(
                        s.view(None).commit_previews.is_none(),
                        "spectators get none"
                    );
                    s.legal_actions(seat, &mut buf);
                    let action = buf[(step * 7919 + seed as usize) % buf.len()];
                    let text = s.action_text(action);
                    let words: Vec<&str> = text.split(' ').skip(1).collect();
                    let mask = hand
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| words.contains(&c.text().as_str()))
                        .fold(0, |m, (i, _)| m | 1 << i);
                    expected[usize::from(seat.0)] = previews.get(mask).map(|p| p.score);
                    s.apply(seat, action, &mut ()).expect("legal");
                    let after = s.view(Some(seat));
                    assert!(after.commit_previews.is_none(), "no preview once committed");
                }
            }
            let now = s.view(None).last_round;
            if let Some(round) = now.as_ref().filter(|_| now != last) {
                let revealed = round.points.clone();
                for (i, want) in expected.iter_mut().enumerate() {
                    assert_eq!(
                        Some(revealed[i]),
                        *want,
                        "seed {seed}, seat {i} ({options})"
                    );
                    *want = None;
                    checked += 1;
                }
            }
            last = now;
        }
    }
    checked
}

#[test]
fn previews_match_the_reveal_under_default_options() {
    assert!(check("max_rounds=8", 0..3) > 0);
}

#[test]
fn previews_follow_the_scoring_variants() {
    assert!(check("max_rounds=8,fey_wild_value", 0..3) > 0);
    assert!(check("max_rounds=8,church_counts_for_total_only", 0..3) > 0);
    assert!(
        check(
            "max_rounds=8,church_counts_for_total_only,fey_wild_value,no_negative_round_scores",
            0..3
        ) > 0
    );
}
