//! The view's meld previews are what the engine then scores, under the default options and the
//! scoring and lay-off variants.

use parlour_core::Game;
use parlour_rebel_runs::State;
use parlour_testkit::play_seeded;

/// Plays seeded games; at every meld step each legal meld and lay-off is tried on a copy and its
/// previewed points compared with the change of the seat's table points. Returns the count.
fn check(options: &str, seeds: std::ops::Range<u64>) -> usize {
    let mut checked = 0;
    for seed in seeds {
        play_seeded::<State>(3, options, seed, |d, rng| {
            let (s, seat) = (d.state, d.seat);
            let view = s.view(Some(seat));
            let texts: Vec<String> = d.legal.iter().map(|&a| s.action_text(a)).collect();
            let scored = texts
                .iter()
                .filter(|t| t.starts_with("meld ") || t.starts_with("layoff "));
            match &view.meld_preview {
                None => assert_eq!(scored.count(), 0, "a meld step has a preview"),
                Some(p) => {
                    assert_eq!(scored.count(), p.points.len());
                    let hand = view.your_hand.clone().expect("own hand");
                    assert_eq!(p.no_meld.len(), 1 << hand.len());
                    for (&a, text) in d.legal.iter().zip(&texts) {
                        let Some(&points) = p.points.get(text) else {
                            continue;
                        };
                        let mut t = s.clone();
                        t.apply(seat, a, &mut ()).expect("legal");
                        let hand_of = |x: &State| x.view(None).last_hand.map(|h| h.hand);
                        if hand_of(&t) != hand_of(s) || t.hand_number() != s.hand_number() {
                            continue; // the hand ended: its points were settled
                        }
                        assert_eq!(
                            t.table_points()[seat] - s.table_points()[seat],
                            points,
                            "{text} (seed {seed}, {options})"
                        );
                        checked += 1;
                        // The cards of a legal action are never "no meld".
                        let words: Vec<&str> = text.split(' ').collect();
                        let mask = hand
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| words.contains(&c.text().as_str()))
                            .fold(0usize, |m, (i, _)| m | 1 << i);
                        assert_eq!(p.no_meld[mask], None, "{text}");
                    }
                    assert!(s.view(None).meld_preview.is_none());
                }
            }
            d.uniform(rng)
        });
    }
    checked
}

#[test]
fn meld_points_are_previewed_under_default_options() {
    assert!(check("hand_turn_limit=20", 0..3) > 0);
}

#[test]
fn meld_points_follow_the_scoring_variants() {
    assert!(
        check(
            "hand_turn_limit=20,monosign_run_bonus_any_sign,same_sign_run_bonus_additive,lay_off_on_any_meld",
            0..3
        ) > 0
    );
    assert!(check("hand_turn_limit=20,meld_before_discard", 0..3) > 0);
}
