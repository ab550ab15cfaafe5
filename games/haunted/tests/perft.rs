//! Legal-action counts from fixed seeded positions, golden numbers in `haunted.perft`,
//! cross-checked at depth 2 by a naive count written straight from the spec. New counts:
//! `PARLOUR_BLESS=1 cargo test --test perft`.

use parlour_core::{Game, Seat, ToAct};
use parlour_haunted::{Card, CardType, Phase, State};
use parlour_testkit::{check_perft_file, dealt, perft, read_perft_file};

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

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/haunted.perft");

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
        if s.deck().card_type(c) == CardType::Setting {
            n += lines;
        } else if let Some(&(_, modes, attack_only)) =
            ON_EMPTY_LINE.iter().find(|e| e.0 == s.deck().id(c))
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

#[test]
fn perft_matches_the_golden_counts() {
    let checked = check_perft_file(GOLDEN, dealt::<State>, |s, depth| {
        (depth == 2).then(|| naive_depth2(s))
    });
    assert_eq!(checked, 15);
}

#[test]
fn depth_two_agrees_with_a_naive_count_from_the_spec() {
    for setup in read_perft_file(GOLDEN) {
        let (seed, players, opts) = (setup.seed, setup.players, &setup.options);
        let s: State = dealt(&setup);
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
