//! The `lines` option: the Line card list as game data, built in by default or read whole from
//! a file (`--option-file lines=PATH`), validated on load and inlined in the record.

use parlour_bots::{Observation, make_bot};
use parlour_core::{Game, Options};
use parlour_reading_the_play::{LineTable, STANDARD_LINES, State};
use parlour_record::{Match, Record, play_to_end};

/// A game of `players` greedy bots with `options`: its record and scores.
fn play(players: u8, options: Options, seed: u64) -> (Record, Vec<i32>) {
    let mut bots: Vec<_> = (0..players)
        .map(|s| make_bot::<State>("greedy", seed, u64::from(s) + 1).unwrap())
        .collect();
    let mut m = Match::<State>::new(players, options, seed).unwrap();
    play_to_end(&mut m, |state, seat| {
        bots[seat.index()].choose(&Observation::new(state, seat))
    })
    .unwrap();
    let scores = m
        .state()
        .outcome()
        .unwrap()
        .scores
        .iter()
        .as_slice()
        .to_vec();
    (m.to_record(), scores)
}

fn with_lines(text: &str) -> Options {
    let mut o = Options::defaults(State::OPTIONS);
    o.set("lines", text).unwrap();
    o
}

#[test]
fn the_built_in_file_passed_whole_plays_the_default_game() {
    for (players, seed) in [(3, 1), (4, 7), (6, 2026)] {
        let (default, scores) = play(players, Options::defaults(State::OPTIONS), seed);
        let (file, file_scores) = play(players, with_lines(STANDARD_LINES), seed);
        assert_eq!(default.actions, file.actions);
        assert_eq!(scores, file_scores);
        // The default record lists no `lines` (records made before the option are unchanged);
        // a record of a file carries its content, so it replays alone.
        assert!(!default.options.contains_key("lines"));
        assert_eq!(file.options["lines"], STANDARD_LINES);
        let replayed = Match::<State>::from_record(&file).unwrap();
        assert_eq!(replayed.to_record(), file);
    }
}

#[test]
fn a_list_of_other_numbers_plays_and_records_its_numbers() {
    // The same stanzas, numbered 1 to 28.
    let renumbered: String = STANDARD_LINES
        .lines()
        .map(|row| {
            let t = row.trim();
            if t.is_empty() || t.starts_with('#') {
                return row.to_owned();
            }
            let (nums, title) = t.split_once('|').unwrap_or((t, ""));
            let shifted: Vec<String> = nums
                .split_whitespace()
                .map(|w| {
                    w.parse::<u16>()
                        .map_or(w.to_owned(), |n| (n - 288).to_string())
                })
                .collect();
            format!("{} |{title}", shifted.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n");
    let table = LineTable::parse(&renumbered).unwrap();
    assert_eq!(table.min_line(), 1);
    let (default, scores) = play(4, Options::defaults(State::OPTIONS), 9);
    let (other, other_scores) = play(4, with_lines(&renumbered), 9);
    // Only the numbers differ: the same game, told with other numbers.
    assert_eq!(scores, other_scores);
    assert_eq!(default.actions.len(), other.actions.len());
    assert_ne!(default.actions, other.actions);
}

#[test]
fn a_broken_list_is_a_setup_error_naming_its_row() {
    let broken = STANDARD_LINES.replace("291 289 292", "291 289 x");
    let e = State::new(4, &with_lines(&broken)).unwrap_err().to_string();
    assert!(
        e.contains("row ") && e.contains("`x` is not a line number"),
        "{e}"
    );
    let e = State::new(4, &with_lines("classic"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown card list `classic`"), "{e}");
    let short: String = STANDARD_LINES
        .lines()
        .filter(|r| !r.starts_with("300 "))
        .collect::<Vec<_>>()
        .join("\n");
    let e = State::new(4, &with_lines(&short)).unwrap_err().to_string();
    assert!(e.contains("exactly 28"), "{e}");
}
