//! Logs written for people (`Voice::table`) over whole seeded games of every game: players by
//! their names, never "seat N"; no card, line or grid id of the record; and each viewer is told
//! exactly the events the trace tells it, so the table voice hides what the trace hides.

use std::collections::BTreeSet;

use parlour_core::{Seat, ToAct, Viewer, Voice, words};
use parlour_games::{DynMatch, games, new_match};

const NAMES: [&str; 7] = ["Ann", "Bo", "Cy", "Dee", "Eve", "Flo", "Gus"];

/// A whole game from `seed`, some legal action at every turn.
fn played(game: &str, players: u8, seed: u64) -> Box<dyn DynMatch> {
    let info = parlour_games::find(game).unwrap();
    let options = info.parse_options("").unwrap();
    let mut m = new_match(game, players, options, seed).unwrap();
    let mut step = seed as usize;
    loop {
        m.draw_due_chance();
        let ToAct::Seats(seats) = m.to_act() else {
            break;
        };
        for s in seats.iter() {
            let legal = m.legal(s);
            step = step.wrapping_mul(31).wrapping_add(7);
            m.apply_action_text(s, &legal[step % legal.len()]).unwrap();
        }
    }
    m
}

/// The words of the record that are engine ids: card ids (`bone-6`, `roadside-inn`,
/// `line-305`), lines (`p0.l1`) and grid seats (`0,2`).
fn ids(m: &dyn DynMatch) -> BTreeSet<String> {
    m.entries()
        .iter()
        .flat_map(|e| e.split_whitespace())
        .map(|w| w.trim_end_matches([';', ':']).to_owned())
        .filter(|w| w.contains(['-', '.']) || w.split(',').count() == 2)
        .filter(|w| w.chars().any(|c| c.is_ascii_alphanumeric()))
        .collect()
}

fn seat_number(line: &str) -> bool {
    let lower = line.to_lowercase();
    lower
        .match_indices("seat ")
        .any(|(i, _)| lower[i + 5..].starts_with(|c: char| c.is_ascii_digit()))
}

#[test]
fn table_logs_name_players_and_cards_and_tell_what_the_trace_tells() {
    for g in games() {
        let players = g.default_players();
        let names: Vec<String> = NAMES[..usize::from(players)]
            .iter()
            .map(|n| (*n).to_owned())
            .collect();
        for seed in 1..=3 {
            let m = played(g.id, players, seed);
            let ids = ids(&*m);
            let mut viewers = vec![Viewer::Omniscient, Viewer::Spectator];
            viewers.extend(Seat::all(players).map(Viewer::Seat));
            for v in viewers {
                let trace = m.log_in(v, 0, Voice::TRACE);
                assert_eq!(trace, m.log(v), "{}: the trace voice is the log", g.id);
                let told = m.log_in(v, 0, Voice::table(&names));
                assert_eq!(told.len(), trace.len(), "{} {v:?}: the same events", g.id);
                for line in &told {
                    assert!(!seat_number(line), "{} seed {seed}: {line}", g.id);
                    let id = words(line).find(|w| {
                        ids.contains(*w) || ids.contains(w.trim_end_matches(['.', '?', '!']))
                    });
                    assert_eq!(id, None, "{} seed {seed}: an id in {line:?}", g.id);
                }
            }
            if players > 1 {
                let all = m
                    .log_in(Viewer::Spectator, 0, Voice::table(&names))
                    .join("\n");
                assert!(all.contains("Ann"), "{}: {all}", g.id);
            }
        }
    }
}
