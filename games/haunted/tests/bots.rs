//! The ISMCTS bot finds the game-deciding move in hand-built three-player endgames.
//!
//! In every position seat 0 has two complete lines, a third line one step from complete and an
//! empty hand (it played its whole hand onto its own lines in seat 1's turn and refills only in
//! its own), so it cannot defend: whatever completes that line ends the game within seat 2's
//! turn. Seat 2 is to act and is not behind seat 1 on the table, so the other moves look fair
//! at the bot's playout cut-off too (one turn round, seats ranked by `evaluate`): the search
//! has to reach the real ending within the turn to tell the win apart.

use parlour_bots::{Observation, make_bot};
use parlour_core::{Game, Seat};
use parlour_haunted::{Action, Card, Phase, State};
use parlour_testkit::Scenario;

/// The position after seat 1's opening turn and seat 2's `begin` and `then`. Seats are dealt
/// `hands` (the rest of the deck is the stockpile in deck order). In seat 1's turn, `attack` is
/// its phase 1; in phase 3 seat 1 builds `hands[1][1..4]` (line 0, line 0, line 1), seat 2
/// plays `build`, and seat 0 empties its hand: three by three on lines 0 and 1 (both complete),
/// the last card on line 2; seat 1 discards `hands[1][4]`.
fn position(hands: [[&str; 7]; 3], attack: &[&str], build: &[&str], then: &[&str]) -> State {
    let mut deck: Vec<&str> = (0..7)
        .flat_map(|r| [1, 2, 0].map(|s| hands[s][r]))
        .collect();
    for c in 0..parlour_haunted::deck().len() {
        let id = parlour_haunted::deck().id(Card(c as u8));
        if !deck.contains(&id) {
            deck.push(id);
        }
    }
    let [p0, p1, _] = hands;
    let mut record = vec![
        "chance: storm activate-focus fever".to_owned(),
        format!("chance: {}", deck.join(" ")),
        "1: begin".to_owned(),
    ];
    record.extend(attack.iter().map(|e| format!("1: {e}")));
    record.extend(["1: pass", "2: pass", "0: pass"].map(String::from));
    record.extend((1..4).map(|i| format!("1: play {} p1.l{}", p1[i], i / 3)));
    record.push("1: pass".to_owned());
    record.extend(build.iter().map(|e| format!("2: {e}")));
    record.push("2: pass".to_owned());
    record.extend((0..7).map(|i| format!("0: play {} p0.l{}", p0[i], i / 3)));
    record.push("0: pass".to_owned());
    record.push(format!("1: discard {}", p1[4]));
    record.push("2: begin".to_owned());
    record.extend(then.iter().map(|e| format!("2: {e}")));
    Scenario::<State>::new(3, "", 1, &record).state().clone()
}

/// Seat 0's hand: two lines to complete and the card for its third line.
fn doomed(last: &str) -> [&str; 7] {
    [
        "wealthy-relatives-mansion",
        "mysterious-door",
        "dread-old-god",
        "archaeological-dig",
        "historical-find",
        "fateful-possession",
        last,
    ]
}

/// Seat 1's hand: its first card, then two lines (9 points) and the card it discards.
fn rival(first: &str) -> [&str; 7] {
    [
        first,
        "ruined-church",
        "hidden-treasure",
        "private-library",
        "refreshments",
        "send-telegram",
        "over-indulgence",
    ]
}

/// The outcome after seat 2 plays `first` and then everyone passes (prompts take their first
/// option, seat 2 discards its first card) to the end of seat 2's turn.
fn after(s: &State, first: Action) -> Option<parlour_core::Outcome> {
    let mut s = s.clone();
    s.apply(Seat(2), first, &mut ()).expect("legal");
    let mut v = Vec::new();
    while s.outcome().is_none() && s.active() == Seat(2) {
        let seat = s.to_act().first_seat().expect("no chance in this turn");
        s.legal_actions(seat, &mut v);
        let a = if s.phase() == Phase::Discard {
            v[0]
        } else {
            v.iter()
                .copied()
                .find(|&a| a == Action::Pass)
                .unwrap_or(v[0])
        };
        s.apply(seat, a, &mut ()).expect("legal");
    }
    s.outcome()
}

/// `win` is seat 2's only legal action after which the game ends with seat 2 the sole winner,
/// and the bot picks it for a few seeds.
fn check(s: &State, win: &str, budget: &str) {
    let win = s.parse_action(Seat(2), win).expect("notation");
    let mut legal = Vec::new();
    s.legal_actions(Seat(2), &mut legal);
    assert!(legal.contains(&win) && legal.len() > 1, "{}", s.view(None));
    for a in legal {
        let o = after(s, a);
        let sole = o.as_ref().is_some_and(|o| o.winners.iter().eq([Seat(2)]));
        assert_eq!(sole, a == win, "{}: {o:?}", s.action_text(a));
    }
    for seed in 0..3 {
        let mut bot = make_bot::<State>(budget, seed, 2).expect("known bot");
        let chosen = bot.choose(&Observation::new(s, Seat(2)));
        assert_eq!(s.action_text(chosen), s.action_text(win), "seed {seed}");
    }
}

/// Seat 0's third line is Roadside Inn and Curious Painting; seat 2 holds Hunting Spirit, the
/// only terror it summons. Seat 2 (6 points) then beats seat 1 (9). 200 iterations still play
/// a harmless support card first for some seeds.
#[test]
fn the_terror_on_the_third_line_ends_the_game() {
    let s = position(
        [
            doomed("curious-painting"),
            rival("roadside-inn"),
            [
                "foreign-village",
                "buried-artefact",
                "hunting-spirit",
                "pray",
                "storm",
                "losing-sleep",
                "fisticuffs",
            ],
        ],
        &["play roadside-inn p0.l2"],
        &["play foreign-village p2.l0", "play buried-artefact p2.l0"],
        &[],
    );
    check(&s, "play hunting-spirit p0.l2", "ismcts:500");
}

/// Seat 0's third line is a bare Setting, so no terror can go there; Transformation on it,
/// with seat 0 holding no Acquaintance (no cards at all), counts that line complete. On seat
/// 1's lines it may complete seat 1's smallest line instead, which also scores well at the
/// cut-off: 200 iterations still pick it for some seeds.
#[test]
fn transformation_completes_the_third_line() {
    let s = position(
        [
            doomed("roadside-inn"),
            rival("inheritance"),
            [
                "foreign-village",
                "buried-artefact",
                "transformation",
                "pray",
                "storm",
                "losing-sleep",
                "fisticuffs",
            ],
        ],
        &[],
        &["play foreign-village p2.l0", "play buried-artefact p2.l0"],
        &[],
    );
    check(&s, "play transformation p0.l2", "ismcts:500");
}

/// Seat 2 has already played the terror that ends the game, but seats 1 and 2 are level on 9
/// points: a Setting on seat 1's empty line turns the shared win into seat 2's own.
#[test]
fn a_last_setting_on_the_rival_breaks_the_tie() {
    let s = position(
        [
            doomed("curious-painting"),
            rival("roadside-inn"),
            [
                "foreign-village",
                "buried-artefact",
                "disused-graveyard",
                "hunting-spirit",
                "country-walk",
                "losing-sleep",
                "fisticuffs",
            ],
        ],
        &["play roadside-inn p0.l2"],
        &[
            "play foreign-village p2.l0",
            "play buried-artefact p2.l0",
            "play disused-graveyard p2.l1",
        ],
        &["play hunting-spirit p0.l2"],
    );
    check(&s, "play country-walk p1.l2", "ismcts:100");
}
