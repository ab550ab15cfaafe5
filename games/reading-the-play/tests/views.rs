//! Hidden information across random games: a trade's pooled cards are seen by the Player
//! alone, each Trader sees only its own card, nobody's pending choice shows, and
//! determinizations keep what a seat knows.

use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_reading_the_play::{CardRef, Phase, State};
use rand::Rng;

fn json(state: &State, viewer: Option<Seat>) -> String {
    serde_json::to_string(&state.view(viewer)).expect("serialises")
}

#[test]
fn trade_pool_is_seen_only_by_the_player() {
    let mut pools_checked = 0;
    for seed in 0..60 {
        let opts = Options::parse_list(State::OPTIONS, "first_player_random").unwrap();
        let mut s = State::new(4, &opts).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        loop {
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = s.sample_chance(&mut rng);
                    s.apply_chance(c, &mut ()).unwrap();
                }
                ToAct::Seats(seats) => {
                    if matches!(s.phase(), Phase::Keep | Phase::Give) {
                        pools_checked += 1;
                        let p = s.player();
                        let pool = s.pool();
                        let mine = s.view(Some(p)).trade.unwrap().pool.unwrap();
                        let want: Vec<String> = pool.iter().map(ToString::to_string).collect();
                        assert_eq!(mine, want, "the Player sees the whole pool, sorted");
                        for other in Seat::all(4).filter(|&o| o != p) {
                            let v = s.view(Some(other));
                            let t = v.trade.as_ref().unwrap();
                            assert_eq!(t.pool, None);
                            // Not even its own card: where it shows, whether the Player kept it
                            // would show too.
                            assert_eq!(t.my_card, None, "seed {seed}: seat {other}'s card");
                            // No other pooled Line card appears anywhere in its view.
                            let text = json(&s, Some(other));
                            for c in &pool {
                                let own = t.my_card.as_deref() == Some(c.to_string().as_str());
                                if matches!(c, CardRef::Line(_)) && !own {
                                    assert!(
                                        !text.contains(&format!("\"{c}\"")),
                                        "seed {seed}: seat {other} sees {c}"
                                    );
                                }
                            }
                        }
                        assert_eq!(s.view(None).trade.unwrap().pool, None);
                    }
                    let seat = seats.first().unwrap();
                    s.legal_actions(seat, &mut buf);
                    let a = buf[rng.random_range(0..buf.len())];
                    s.apply(seat, a, &mut ()).unwrap();
                }
            }
        }
    }
    assert!(
        pools_checked > 100,
        "random games trade often ({pools_checked})"
    );
}

#[test]
fn determinization_keeps_what_the_observer_knows() {
    let mut known_checked = 0;
    for seed in 0..30 {
        let mut s = State::new(5, &Options::defaults(State::OPTIONS)).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        loop {
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = s.sample_chance(&mut rng);
                    s.apply_chance(c, &mut ()).unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().unwrap();
                    let d = s.sample_consistent(seat, &mut rng);
                    d.check_invariants().unwrap();
                    let v = s.view(Some(seat));
                    for sv in &v.seats {
                        for k in &sv.known {
                            known_checked += 1;
                            let card: CardRef = k.parse().unwrap();
                            assert!(
                                d.hand(sv.seat).contains(&card),
                                "known {k} stays with seat {}",
                                sv.seat
                            );
                        }
                    }
                    assert_eq!(d.view(Some(seat)), v);
                    s.legal_actions(seat, &mut buf);
                    let a = buf[rng.random_range(0..buf.len())];
                    s.apply(seat, a, &mut ()).unwrap();
                }
            }
        }
    }
    assert!(known_checked > 0);
}
