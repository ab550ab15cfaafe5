//! The view's previews are what the engine then does to the seat's points, under the default
//! options and the pile variants.

use parlour_core::{Game, Options, ToAct, rng_from_seed};
use parlour_queen_of_scots::{OPTIONS, State};

/// Plays seeded games; at every decision each previewed action is tried on a copy and compared
/// with the change of the seat's sets, hand value and hand size. Returns the count.
fn check(options: &str, seeds: std::ops::Range<u64>) -> usize {
    let opts = Options::parse_list(OPTIONS, options).expect("options");
    let mut checked = 0;
    for seed in seeds {
        let mut s = State::new(3, &opts).expect("setup");
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        for step in 0..50_000usize {
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = s.sample_chance(&mut rng);
                    s.apply_chance(c, &mut ()).expect("chance");
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().expect("a seat");
                    let me = usize::from(seat.0);
                    let view = s.view(Some(seat));
                    let previews = view.previews.clone().expect("the seat to act has previews");
                    assert!(s.view(None).previews.is_none());
                    s.legal_actions(seat, &mut buf);
                    for &a in &buf {
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
                    let a = buf[(step * 7919 + seed as usize) % buf.len()];
                    s.apply(seat, a, &mut ()).expect("legal");
                }
            }
        }
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
