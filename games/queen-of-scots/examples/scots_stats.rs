//! Statistics of uniformly random games: rounds per game, moves per game, how rounds end, pile
//! takes and the largest legal list met.
//!
//! `cargo run --release -p parlour-queen-of-scots --example scots_stats -- [players] [options] [games]`

use parlour_core::{Game, Options, ToAct, rng_from_seed};
use parlour_queen_of_scots::{Event, RoundEnd, State};
use rand::Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let players: u8 = args
        .next()
        .map_or(4, |s| s.parse().expect("a player count"));
    let options = args.next().unwrap_or_default();
    let games: u64 = args
        .next()
        .map_or(20, |s| s.parse().expect("a number of games"));
    let opts = Options::parse_list(State::OPTIONS, &options).expect("valid options");
    let (mut moves, mut rounds, mut went_out, mut exhausted, mut takes) = (0u64, 0u64, 0, 0, 0);
    let (mut largest, mut capped) = (0, 0);
    for seed in 0..games {
        let mut s = State::new(players, &opts).expect("setup");
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut events = Vec::new();
        loop {
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = s.sample_chance(&mut rng);
                    s.apply_chance(c, &mut events).expect("sampled outcome");
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().expect("a seat");
                    s.legal_actions(seat, &mut buf);
                    largest = largest.max(buf.len());
                    let a = buf[rng.random_range(0..buf.len())];
                    s.apply(seat, a, &mut events).expect("legal action");
                    moves += 1;
                }
            }
        }
        for e in events {
            match e {
                Event::RoundEnded {
                    reason: RoundEnd::WentOut(_),
                    ..
                } => went_out += 1,
                Event::RoundEnded { .. } => exhausted += 1,
                Event::TookPile { .. } | Event::TookPileWithJewels { .. } => takes += 1,
                _ => {}
            }
        }
        rounds += u64::from(s.round());
        if s.round() >= s.settings().max_rounds {
            capped += 1;
        }
    }
    println!(
        "{games} games, {players} players: {:.1} moves and {:.2} rounds per game; rounds ended \
         by going out {went_out}, by an empty stock {exhausted}; pile takes {takes}; games \
         stopped by max_rounds {capped}; largest legal list {largest}",
        moves as f64 / games as f64,
        rounds as f64 / games as f64
    );
}
