//! The ISMCTS bot finds the one commitment that wins the game: a last round, built from a record,
//! in which a single subset of the bot's hand scores exactly 21 with Same-sign cards and the fey
//! bonus (21 points, reaching the 55 target ahead of the opponent), while every other subset
//! scores at least 5 less and leaves the bot behind. Checked from either seat, and after the
//! opponent has already committed.

use parlour_bots::{Observation, make_bot};
use parlour_core::{Game, Search, Seat, rng_from_seed};
use parlour_holy_matrimony::{Action, State};
use parlour_testkit::Scenario;

/// Opening hands, Star player first: its round-1 commitment, then cards it keeps to the end.
const OPENING: [[&str; 7]; 2] = [
    [
        "star-4", "star-6", "flame-2", "bone-8", "tree-9", "tree-11", "wind-11",
    ],
    [
        "wind-2", "wind-3", "wind-4", "bone-11", "flame-9", "flame-11", "star-11",
    ],
];

/// Commitments of rounds 1 and 2 (Star player, Wind player) and the cards drawn after each:
/// the Star player reaches 17 + 17 = 34, the Wind player 21 + 20 = 41.
const ROUNDS: [(&str, [&str; 2], [&str; 2]); 2] = [
    (
        "wind-1",
        [
            "commit star-4 star-6 flame-2 bone-8",
            "commit wind-2 wind-3 wind-4 bone-11",
        ],
        [
            "star-5 star-7 flame-1 bone-3",
            "wave-1 wind-6 wind-8 bone-1",
        ],
    ),
    (
        "wind-5",
        [
            "commit star-5 star-7 flame-1 bone-3",
            "commit wave-1 wind-6 wind-8 bone-1",
        ],
        ["star-1 star-2 star-3 bone-5", "wave-2 tree-2 wind-7 star-9"],
    ),
];

/// Church Star 10 with Star 1, 2, 3 and the fey Bone 5: 21 exactly, 4 + 12 + 5 = 21 points,
/// 55 in all. Dropping Star 1 already costs 5 (16 points).
const WINNING: &str = "commit star-1 star-2 star-3 bone-5";

/// The Wind player's best: Wave 2, Tree 2, Wind 7 make 21 for 11 points, 52 in all: short of
/// 55, but ahead of the Star player after any other commitment.
const OPPONENT_BEST: &str = "commit wave-2 tree-2 wind-7";

/// The last round of a two-seat game on the reference mat (fey Bone), the Star player in
/// `star`, the Wind player in the other seat, church Star 10 up; with `opponent_first` the Wind
/// player has already committed its best.
fn position(star: u8, opponent_first: bool) -> State {
    let wind = 1 - star;
    // Role of seat 0 and seat 1: 0 for the Star player, 1 for the Wind player.
    let role = [usize::from(star != 0), usize::from(star == 0)];
    let signs = if star == 0 { "star wind" } else { "wind star" };
    let deal: Vec<&str> = (0..7)
        .flat_map(|i| [OPENING[role[0]][i], OPENING[role[1]][i]])
        .collect();
    let mut entries = vec![
        format!("chance: mat bone: flame star stone wave wind tree tone; signs {signs}; first 0"),
        format!("chance: deal {}", deal.join(" ")),
    ];
    for (r, (church, commits, drawn)) in ROUNDS.iter().enumerate() {
        entries.push(format!("chance: church {church}"));
        entries.push(format!("{star}: {}", commits[0]));
        entries.push(format!("{wind}: {}", commits[1]));
        // The refill after round r starts at seat r (first player 0).
        let (a, b) = (role[r % 2], role[1 - r % 2]);
        entries.push(format!("chance: refill {} {}", drawn[a], drawn[b]));
    }
    entries.push("chance: church star-10".to_owned());
    if opponent_first {
        entries.push(format!("{wind}: {OPPONENT_BEST}"));
    }
    Scenario::<State>::new(2, "traditional_mat", 5, &entries)
        .state()
        .clone()
}

fn act(state: &State, seat: u8, text: &str) -> Action {
    state
        .parse_action(Seat(seat), text)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn legal(state: &State, seat: u8) -> Vec<Action> {
    let mut out = Vec::new();
    state.legal_actions(Seat(seat), &mut out);
    out
}

/// Applies the missing commitments and the refill after the reveal: the game is then over or
/// waits for the next church card.
fn finish(state: &State, commits: &[(u8, Action)]) -> State {
    let mut s = state.clone();
    for &(seat, a) in commits {
        s.apply(Seat(seat), a, &mut ()).expect("legal commitment");
    }
    let mut rng = rng_from_seed(1);
    while s.chance_hint().starts_with("refill") {
        let c = s.sample_chance(&mut rng);
        s.apply_chance(c, &mut ()).expect("sampled chance applies");
    }
    s
}

fn wins_alone(s: &State, seat: u8) -> bool {
    s.outcome()
        .is_some_and(|o| o.winners.iter().collect::<Vec<_>>() == vec![Seat(seat)])
}

/// The position is what the comments say, seen through the true state.
fn check_position(state: &State, star: u8, opponent_first: bool) {
    let wind = 1 - star;
    let (s, w) = (usize::from(star), usize::from(wind));
    assert_eq!((state.scores()[s], state.scores()[w]), (34, 41));
    assert_eq!(state.rounds_played(), 2);
    let waiting: Vec<Seat> = state.to_act().seats().iter().collect();
    if opponent_first {
        assert_eq!(waiting, vec![Seat(star)]);
    } else {
        assert_eq!(waiting, vec![Seat(0), Seat(1)]);
    }
    let win = act(state, star, WINNING);
    let all = legal(state, star);
    assert_eq!(all.len(), 128);
    let round_score = |a: Action| {
        let mut next = state.clone();
        next.apply(Seat(star), a, &mut ())
            .expect("legal commitment");
        // Right after a commitment, `evaluate` is the cumulative score plus its round score.
        next.evaluate(Seat(star)) - 34.0
    };
    assert!((round_score(win) - 21.0).abs() < 1e-9);
    for &a in all.iter().filter(|&&a| a != win) {
        assert!(round_score(a) <= 16.0, "{}", state.action_text(a));
    }
    let play = |a: Action, b: Action| {
        if opponent_first {
            finish(state, &[(star, a)])
        } else {
            finish(state, &[(star, a), (wind, b)])
        }
    };
    // Against the opponent's best only the winning commitment wins; any other leaves the Star
    // player behind.
    let reply = act(state, wind, OPPONENT_BEST);
    let done = play(win, reply);
    assert!(wins_alone(&done, star), "{:?}", done.scores());
    assert_eq!((done.scores()[s], done.scores()[w]), (55, 52));
    for &a in all.iter().filter(|&&a| a != win) {
        let after = play(a, reply);
        assert!(!wins_alone(&after, star), "{}", state.action_text(a));
        assert!(after.scores()[s] < after.scores()[w]);
    }
    // And it wins whatever the opponent commits.
    if !opponent_first {
        for b in legal(state, wind) {
            assert!(wins_alone(&play(win, b), star), "{}", state.action_text(b));
        }
    }
}

fn assert_bot_finds_win(star: u8, opponent_first: bool, bot_name: &str) {
    let state = position(star, opponent_first);
    check_position(&state, star, opponent_first);
    let win = act(&state, star, WINNING);
    for seed in 0..3 {
        let mut bot = make_bot::<State>(bot_name, seed, u64::from(star)).unwrap();
        let action = bot.choose(&Observation::new(&state, Seat(star)));
        assert_eq!(
            action,
            win,
            "{bot_name} seed {seed} chose `{}`",
            state.action_text(action)
        );
    }
}

#[test]
fn commits_the_only_exact_21_that_wins() {
    assert_bot_finds_win(0, false, "ismcts:500");
}

#[test]
fn commits_the_winning_subset_from_the_higher_seat() {
    // The bot is not the lowest waiting seat: its own commitment is still searched first.
    assert_bot_finds_win(1, false, "ismcts:500");
}

#[test]
fn commits_the_winning_subset_after_the_opponent_has_committed() {
    // A committed opponent is determinized with its best commitment for its sampled hand, so
    // the search weighs the bot's commitments against a real total, not a bust.
    assert_bot_finds_win(0, true, "ismcts:500");
}

#[test]
fn even_a_budget_below_the_commitment_count_follows_the_prior() {
    // 100 iterations try fewer than the 128 commitments once each: equal visits are broken by
    // the mean plus the prior's bonus, as in the search, not by list order.
    assert_bot_finds_win(0, false, "ismcts:easy");
}
