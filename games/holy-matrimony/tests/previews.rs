//! The view's commitment previews are the round scores the engine then reveals, under the
//! default options and the scoring variants.

use parlour_core::Game;
use parlour_holy_matrimony::{RoundView, State};
use parlour_testkit::play_seeded;

/// The commitments' previewed round scores, by seat, and the last reveal seen.
struct Expected {
    score: Vec<Option<i32>>,
    last: Option<RoundView>,
    checked: usize,
}

impl Expected {
    /// Compares a new reveal in `s` with the previewed scores.
    fn reveal(&mut self, s: &State, what: &str) {
        let now = s.view(None).last_round;
        if let Some(round) = now.as_ref().filter(|_| now != self.last) {
            for (i, want) in self.score.iter_mut().enumerate() {
                assert_eq!(Some(round.points[i]), *want, "seat {i} ({what})");
                *want = None;
                self.checked += 1;
            }
        }
        self.last = now;
    }
}

/// Plays seeded games in which each seat commits a varied subset; returns the commitments whose
/// previewed score was compared with the revealed one.
fn check(options: &str, seeds: std::ops::Range<u64>) -> usize {
    let mut checked = 0;
    for seed in seeds {
        let what = format!("seed {seed}, {options}");
        let mut e = Expected {
            score: vec![None; 3],
            last: None,
            checked: 0,
        };
        let (end, _) = play_seeded::<State>(3, options, seed, |d, rng| {
            let (s, seat) = (d.state, d.seat);
            e.reveal(s, &what);
            let view = s.view(Some(seat));
            let hand = view.own_hand.clone().expect("own hand");
            let previews = view.commit_previews.clone().expect("a seat to commit");
            assert_eq!(previews.score.len(), 1 << hand.len());
            assert!(previews.get(1 << hand.len()).is_none());
            assert!(
                s.view(None).commit_previews.is_none(),
                "spectators get none"
            );
            let action = d.uniform(rng);
            let text = s.action_text(action);
            let words: Vec<&str> = text.split(' ').skip(1).collect();
            let mask = hand
                .iter()
                .enumerate()
                .filter(|(_, c)| words.contains(&c.text().as_str()))
                .fold(0, |m, (i, _)| m | 1 << i);
            e.score[usize::from(seat.0)] = previews.get(mask).map(|p| p.score);
            let mut after = s.clone();
            after.apply(seat, action, &mut ()).expect("legal");
            assert!(
                after.view(Some(seat)).commit_previews.is_none(),
                "no preview once committed"
            );
            action
        });
        e.reveal(&end, &what);
        checked += e.checked;
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
