//! The view's previews are what the engine then does to the seat's points, under the default
//! options and the pile variants.

use parlour_core::Game;
use parlour_queen_of_scots::State;
use parlour_testkit::play_seeded;

/// Plays seeded games; at every decision each previewed action is tried on a copy and compared
/// with the change of the seat's sets, hand value and hand size. Returns the count.
fn check(options: &str, seeds: std::ops::Range<u64>) -> usize {
    let mut checked = 0;
    for seed in seeds {
        play_seeded::<State>(3, options, seed, |d, rng| {
            let (s, seat) = (d.state, d.seat);
            let me = usize::from(seat.0);
            let view = s.view(Some(seat));
            let previews = view.previews.clone().expect("the seat to act has previews");
            assert!(s.view(None).previews.is_none());
            for &a in d.legal {
                let text = s.action_text(a);
                let Some(p) = previews.get(&text) else {
                    assert!(text == "draw stock" || text == "pass", "{text}");
                    continue;
                };
                let mut t = s.clone();
                t.apply(seat, a, &mut ()).expect("legal");
                let after = t.view(Some(seat));
                if after.round != view.round || after.last_round != view.last_round {
                    continue; // the round ended with it
                }
                let (was, now) = (&view.seats[me], &after.seats[me]);
                assert_eq!(now.table_value - was.table_value, p.set_points, "{text}");
                let laid = match text.split(' ').next() {
                    Some("take") if p.hand_points == 0 => 0,
                    Some("take") => 2,
                    Some("meld") => 3,
                    _ => 1,
                };
                assert_eq!(
                    now.hand_count + laid,
                    was.hand_count + p.from_pile,
                    "{text} (seed {seed}, {options})"
                );
                if !text.starts_with("take") {
                    assert_eq!(
                        was.hand_value.expect("own") - now.hand_value.expect("own"),
                        p.hand_points,
                        "{text}"
                    );
                }
                checked += 1;
            }
            d.uniform(rng)
        });
    }
    checked
}

#[test]
fn previews_match_the_engine_under_default_options() {
    assert!(check("max_rounds=2", 0..3) > 0);
}

#[test]
fn previews_follow_the_pile_variants() {
    assert!(check("max_rounds=2,crown_jewel_top_takes_single", 0..3) > 0);
    assert!(
        check(
            "max_rounds=2,pile_top_only_visible,stock_out_reshuffle",
            0..3
        ) > 0
    );
}
