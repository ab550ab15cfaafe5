//! One ISMCTS bot against greedy bots, with how each game ended.
//!
//! `cargo run --release -p parlour-reading-the-play --example duel -- PLAYERS GAMES SEED [BOT]
//! [--hold-level]` (`BOT` is any `make_bot` name, `ismcts:hard` by default). The ISMCTS bot takes
//! each seat in turn. A game the bot won shared with others (level top scores) is listed apart
//! from one it won alone.
//!
//! `--hold-level` makes the bot keep Line 316 whenever revealing it would end the game in a shared
//! win, in the hope of winning alone later. It shows what that trade-off is worth.

use std::collections::BTreeMap;

use parlour_bots::{Bot, GreedyBot, Observation, make_bot};
use parlour_core::{Game, GameRng, Options, Seat, ToAct, derive_seed, rng_from_seed};
use parlour_reading_the_play::{Action, End, State};

/// The flag that wraps the bot in [`HoldLevel`].
const HOLD_LEVEL: &str = "--hold-level";

/// The random stream of [`HoldLevel`]'s worlds: past every seat's, so the bot's own draws are
/// the same with and without the rule.
const HOLD_STREAM: u64 = 99;

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let hold_level = args.iter().any(|a| a == HOLD_LEVEL);
    args.retain(|a| a != HOLD_LEVEL);
    let players: u8 = args.get(1).map_or(4, |a| a.parse().expect("players"));
    let games: u64 = args.get(2).map_or(48, |a| a.parse().expect("games"));
    let seed: u64 = args.get(3).map_or(77, |a| a.parse().expect("seed"));
    let name = args.get(4).map_or("ismcts:hard", String::as_str);
    let (mut wins, mut decided) = (0.0, 0u64);
    let mut ends: BTreeMap<String, u64> = BTreeMap::new();
    for i in 0..games {
        let game_seed = derive_seed(seed, i);
        let hard = Seat(u8::try_from(i % u64::from(players)).expect("few seats"));
        let mut bots: Vec<Box<dyn Bot<State>>> = Seat::all(players)
            .map(|s| {
                if s == hard {
                    let bot = make_bot::<State>(name, game_seed, u64::from(s.0)).expect("bot");
                    if hold_level {
                        Box::new(HoldLevel {
                            inner: bot,
                            rng: rng_from_seed(derive_seed(game_seed, HOLD_STREAM)),
                        })
                    } else {
                        bot
                    }
                } else {
                    Box::new(GreedyBot::new(rng_from_seed(derive_seed(
                        game_seed,
                        u64::from(s.0),
                    )))) as Box<dyn Bot<State>>
                }
            })
            .collect();
        let mut state = State::new(players, &Options::defaults(State::OPTIONS)).expect("setup");
        let mut rng = rng_from_seed(game_seed);
        loop {
            match state.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = state.sample_chance(&mut rng);
                    state.apply_chance(c, &mut ()).expect("chance");
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().expect("a seat");
                    let a = bots[seat.index()].choose(&Observation::new(&state, seat));
                    state.apply(seat, a, &mut ()).expect("legal");
                }
            }
        }
        let outcome = state.outcome().expect("over");
        let share = outcome.win_share(hard);
        if !outcome.winners.is_empty() {
            decided += 1;
            wins += share;
        }
        let who = |s: Seat| if s == hard { "hard" } else { "other" };
        let kind = match state.end().expect("over") {
            End::AllLose(s) => format!("three yellow signs ({})", who(s)),
            End::Revealed(s) if outcome.winners.is_empty() => {
                format!("revealed, nobody scored ({})", who(s))
            }
            End::Revealed(s) => format!("revealed ({}), hard {}", who(s), result(share)),
            End::DeckOut => format!("deck out, hard {}", result(share)),
            End::TurnLimit => "turn limit".into(),
        };
        *ends.entry(kind).or_default() += 1;
    }
    let name = if hold_level {
        format!("{name} {HOLD_LEVEL}")
    } else {
        name.to_string()
    };
    println!(
        "{name} vs greedy, {players} players, {games} games: {wins:.1} wins of {decided} decided ({:.1}%), {:.1}% of all, no winner {:.1}%",
        100.0 * wins / decided.max(1) as f64,
        100.0 * wins / games as f64,
        100.0 * (games - decided) as f64 / games as f64
    );
    for (k, v) in &ends {
        println!("  {v:4}  {k}");
    }
}

/// The bot's result from its win share: a shared win counts 1/k, so it is told from a win alone.
fn result(share: f64) -> &'static str {
    if share >= 1.0 {
        "won alone"
    } else if share > 0.0 {
        "shared the win"
    } else {
        "lost"
    }
}

/// Keeps Line 316 where `inner` would reveal it for a shared win.
struct HoldLevel {
    inner: Box<dyn Bot<State>>,
    rng: GameRng,
}

impl Bot<State> for HoldLevel {
    fn name(&self) -> String {
        format!("{} {HOLD_LEVEL}", self.inner.name())
    }

    fn choose(&mut self, obs: &Observation<'_, State>) -> Action {
        let action = self.inner.choose(obs);
        if !matches!(action, Action::Reveal | Action::RevealPair) {
            return action;
        }
        // Whether the win is shared depends only on the Sequences and the bot's own hand, so any
        // world drawn from its knowledge answers it, taking every seat to let the reveal stand.
        let mut world = obs.determinize(&mut self.rng);
        world.apply(obs.seat(), action, &mut ()).expect("legal");
        while let ToAct::Seats(seats) = world.to_act() {
            let seat = seats.first().expect("a seat");
            world.apply(seat, Action::Pass, &mut ()).expect("pass");
        }
        match world.outcome() {
            Some(o) if o.winners.len() > 1 && o.win_share(obs.seat()) > 0.0 => Action::Hold,
            _ => action,
        }
    }
}
