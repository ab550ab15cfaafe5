//! Legal-action counts from fixed seeded positions, golden numbers in `haunted.perft`,
//! cross-checked at depth 2 by a naive count written straight from the spec.

use parlour_core::{Game, Options, Seat, ToAct};
use parlour_haunted::{Card, CardType, Phase, State};
use parlour_record::Match;
use parlour_testkit::{parse_perft_file, perft};

/// Support cards that may be played on an unstarted line (no Setting or Focus needed), from
/// §1.6–§1.8, with the number of modes each has there and whether it is phase-1 only.
const ON_EMPTY_LINE: &[(&str, u64, bool)] = &[
    ("coach-and-horses", 1, true),
    ("disembodied-presence", 1, false),
    ("inheritance", 1, false),
    ("urchin-thief", 1, false),
    ("strange-mist", 1, false),
    ("hallucination", 1, false),
    ("transformation", 1, false),
    ("attacked", 1, false),
    ("garrotted", 1, false),
    ("refreshments", 1, false),
    ("blood-letting", 1, false),
    ("send-telegram", 1, false),
    ("losing-sleep", 1, false),
    ("fisticuffs", 1, false),
    ("over-indulgence", 1, false),
    ("violent-temper", 1, false),
    ("well-wishing-stranger", 1, false),
    ("village-idiot", 1, false),
    ("psychic", 1, true),
    ("pleasant-company", 1, true),
];

fn setup(seed: u64, players: u8, opts: &str) -> State {
    let o = Options::parse_list(State::OPTIONS, opts).unwrap();
    let mut m = Match::<State>::new(players, o, seed).unwrap();
    m.draw_due_chance();
    m.state().clone()
}

/// Plays on an empty table: every Setting and every playable support card on each candidate
/// line, plus `pass`.
fn naive_window(s: &State, seat: Seat, attack: bool) -> u64 {
    let lines = if attack {
        3 * u64::from(s.players() - 1)
    } else {
        3
    };
    let mut n = 1;
    for c in s.hand(seat).iter().map(Card) {
        if c.card_type() == CardType::Setting {
            n += lines;
        } else if let Some(&(_, modes, attack_only)) = ON_EMPTY_LINE.iter().find(|e| e.0 == c.id())
            && (attack || !attack_only)
        {
            n += modes * lines;
        }
    }
    n
}

fn naive_depth2(s: &State) -> u64 {
    let a = s.active();
    // `begin`: the attack window; `redraw`: the left neighbour's own-line window.
    naive_window(s, a, true) + naive_window(s, a.next(s.players()), false)
}

/// `(seed, players, options, [(depth, count)])`.
type Golden = (u64, u8, String, Vec<(u32, u64)>);

fn goldens() -> Vec<Golden> {
    parse_perft_file(include_str!("haunted.perft"))
        .unwrap()
        .into_iter()
        .map(|c| (c.seed, c.players, c.options, c.counts))
        .collect()
}

#[test]
fn perft_matches_the_golden_counts() {
    for (seed, players, opts, counts) in goldens() {
        let s = setup(seed, players, &opts);
        for (depth, want) in counts {
            assert_eq!(
                perft(&s, depth),
                want,
                "setup {seed} {players} {opts} depth {depth}"
            );
        }
    }
}

#[test]
fn depth_two_agrees_with_a_naive_count_from_the_spec() {
    for (seed, players, opts, _) in goldens() {
        let s = setup(seed, players, &opts);
        assert_eq!(s.phase(), Phase::TurnStart);
        assert_eq!(s.to_act(), ToAct::Seats([s.active()].into_iter().collect()));
        assert_eq!(perft(&s, 1), 2);
        assert_eq!(
            perft(&s, 2),
            naive_depth2(&s),
            "setup {seed} {players} {opts}"
        );
    }
}

/// Prints the counts for a new golden file (`--ignored --nocapture`).
#[test]
#[ignore = "generator"]
fn print_counts() {
    for (seed, players, opts) in [
        (1u64, 2u8, ""),
        (2, 3, ""),
        (3, 4, ""),
        (4, 6, ""),
        (5, 2, "short_game"),
    ] {
        let s = setup(seed, players, opts);
        println!("setup {seed} {players} {opts}");
        for d in 1..=3 {
            println!("perft {d} {}", perft(&s, d));
        }
    }
}
