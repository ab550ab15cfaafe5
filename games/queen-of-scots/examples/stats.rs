use parlour_core::{Game, Options, ToAct, rng_from_seed};
use parlour_queen_of_scots::{Event, RoundEnd, State};
use rand::Rng;

fn main() {
    let players: u8 = std::env::args().nth(1).map_or(4, |s| s.parse().unwrap());
    let opts_text = std::env::args().nth(2).unwrap_or_default();
    let opts = Options::parse_list(State::OPTIONS, &opts_text).unwrap();
    let (mut actions, mut rounds, mut out, mut exhausted, mut takes, mut maxlegal) = (0u64, 0u64, 0, 0, 0, 0);
    let games = 20;
    let mut capped = 0;
    for seed in 0..games {
        let mut s = State::new(players, &opts).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut ev = Vec::new();
        loop {
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => { let c = s.sample_chance(&mut rng); s.apply_chance(c, &mut ev).unwrap(); }
                ToAct::Seats(seats) => {
                    let seat = seats.first().unwrap();
                    s.legal_actions(seat, &mut buf);
                    maxlegal = maxlegal.max(buf.len());
                    let a = buf[rng.random_range(0..buf.len())];
                    s.apply(seat, a, &mut ev).unwrap();
                    actions += 1;
                }
            }
        }
        for e in ev.drain(..) {
            match e {
                Event::RoundEnded { reason: RoundEnd::WentOut(_), .. } => out += 1,
                Event::RoundEnded { reason: RoundEnd::StockExhausted, .. } => exhausted += 1,
                Event::TookPile { .. } | Event::TookPileWithJewels { .. } => takes += 1,
                _ => {}
            }
        }
        rounds += u64::from(s.round());
        if s.round() >= s.settings().max_rounds { capped += 1; }
        println!("seed {seed}: rounds {} totals {:?}", s.round(), s.totals());
    }
    println!("avg actions/game {} rounds/game {} wentout {out} exhausted {exhausted} takes {takes} capped {capped} maxlegal {maxlegal}",
        actions / games, rounds as f64 / games as f64);
}
