//! Random-play statistics: how games end and how long they last.

use parlour_core::{Game, Options, ToAct, rng_from_seed};
use parlour_reading_the_play::{End, State};
use rand::Rng;

fn main() {
    let mut ends = std::collections::BTreeMap::new();
    let mut total_actions = 0u64;
    let games = 2000;
    for seed in 0..games {
        let mut s = State::new(4, &Options::defaults(State::OPTIONS)).expect("setup");
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        loop {
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = s.sample_chance(&mut rng);
                    s.apply_chance(c, &mut ()).expect("ok");
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().expect("seat");
                    s.legal_actions(seat, &mut buf);
                    let a = buf[rng.random_range(0..buf.len())];
                    s.apply(seat, a, &mut ()).expect("ok");
                    total_actions += 1;
                }
            }
        }
        let key = match s.end().expect("over") {
            End::AllLose(_) => "all-lose",
            End::Revealed(_) => "revealed",
            End::DeckOut => "deck-out",
            End::TurnLimit => "turn-limit",
        };
        let winners = if s.outcome().expect("over").winners.is_empty() {
            " (no winner)"
        } else {
            ""
        };
        *ends.entry(format!("{key}{winners}")).or_insert(0) += 1;
    }
    println!(
        "{ends:?}, {:.1} actions per game",
        total_actions as f64 / games as f64
    );
}
