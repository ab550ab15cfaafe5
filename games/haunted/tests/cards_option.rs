//! The `cards` option: the card table as game data, built in by default or read whole from a
//! file (`--option-file cards=PATH`), validated on load and inlined in the record.

use parlour_bots::{Observation, make_bot};
use parlour_core::{Audit, Encoding, Game, Options, Seat, Viewer};
use parlour_haunted::{CARD_DATA, Deck, State};
use parlour_record::{Match, Record, play_to_end};

/// A game of `players` random bots with `options`: its record and spectator log.
fn play(players: u8, options: Options, seed: u64) -> (Record, Vec<String>) {
    let mut bots: Vec<_> = (0..players)
        .map(|s| make_bot::<State>("random", seed, u64::from(s) + 1).unwrap())
        .collect();
    let mut m = Match::<State>::new(players, options, seed).unwrap();
    play_to_end(&mut m, |state, seat| {
        bots[seat.index()].choose(&Observation::new(state, seat))
    })
    .unwrap();
    assert!(m.state().outcome().is_some(), "the game ends");
    (m.to_record(), m.log(Viewer::Spectator))
}

fn with_cards(text: &str) -> Options {
    let mut o = Options::defaults(State::OPTIONS);
    o.set("cards", text).unwrap();
    o
}

/// The shipped table without the rows starting with `prefix`.
fn without(prefix: &str) -> String {
    let kept: Vec<&str> = CARD_DATA
        .lines()
        .filter(|row| !row.starts_with(prefix))
        .collect();
    assert_eq!(kept.len() + 1, CARD_DATA.lines().count(), "{prefix}");
    kept.join("\n")
}

#[test]
fn the_built_in_table_passed_whole_plays_the_default_game() {
    for (players, seed) in [(3, 1), (4, 7), (6, 2026)] {
        let (default, log) = play(players, Options::defaults(State::OPTIONS), seed);
        let (file, file_log) = play(players, with_cards(CARD_DATA), seed);
        assert_eq!(default.actions, file.actions);
        assert_eq!(log, file_log);
        // The default record lists no `cards` (records made before the option are unchanged);
        // a record of a table carries its content, so it replays alone.
        assert!(!default.options.contains_key("cards"));
        assert_eq!(file.options["cards"], CARD_DATA);
        let replayed = Match::<State>::from_record(&file).unwrap();
        assert_eq!(replayed.to_record(), file);
    }
}

#[test]
fn a_deck_without_tortured_soul_plays_to_the_end_and_never_deals_it() {
    let table = without("terror tortured-soul ");
    let deck = Deck::parse(&table).unwrap();
    assert_eq!(deck.len(), 80);
    assert!(deck.find("tortured-soul").is_none());
    for (players, seed) in [(2, 3), (4, 5), (6, 8)] {
        let (record, log) = play(players, with_cards(&table), seed);
        assert!(log.iter().all(|l| !l.contains("tortured-soul")), "{log:?}");
        assert_eq!(record.options["cards"], table);
        let replayed = Match::<State>::from_record(&record).unwrap();
        assert_eq!(replayed.to_record(), record);
        let state = replayed.state();
        assert_eq!(state.deck(), &deck);
        state.check_invariants().unwrap();
    }
}

#[test]
fn a_doubled_support_card_is_played_under_its_own_id_and_name() {
    // A second Pray, under an id and a name of its own (ids and alphabetical keys are unique).
    let table =
        format!("{CARD_DATA}\naction second-prayer \"Second Prayer\" : cancel dread-old-god\n");
    let options = with_cards(&table);
    let state = State::new(4, &options).unwrap();
    assert_eq!(state.deck().len(), 82);
    assert!(state.card_names().contains(&"Second Prayer".to_owned()));
    let played = (1..40).any(|seed| {
        let (record, log) = play(4, options.clone(), seed);
        Match::<State>::from_record(&record).unwrap();
        log.iter().any(|l| l.contains("plays second-prayer"))
    });
    assert!(played, "the new card is dealt and played in some game");
}

#[test]
fn the_encoding_follows_the_deck() {
    let standard = State::new(4, &Options::defaults(State::OPTIONS)).unwrap();
    let fewer = State::new(4, &with_cards(&without("terror tortured-soul "))).unwrap();
    let [n] = standard.observation_shape()[..] else {
        panic!("one dimension")
    };
    assert_eq!(n, 211 * 4 + 637);
    let [m] = fewer.observation_shape()[..] else {
        panic!("one dimension")
    };
    assert!(m < n, "{m} < {n}");
    // One card fewer: one id fewer for each of discard, pick and add, and one per line to play.
    assert_eq!(
        standard.num_distinct_actions() - fewer.num_distinct_actions(),
        3 + 3 * 4
    );
    let (record, _) = play(4, with_cards(&without("terror tortured-soul ")), 4);
    let m2 = Match::<State>::from_record(&record).unwrap();
    let mut out = vec![0.0; m];
    m2.state().encode_observation(Seat(1), &mut out);
    assert!(out.iter().any(|&x| x != 0.0));
}

#[test]
fn a_broken_table_is_a_setup_error_naming_its_line() {
    let broken = CARD_DATA.replace("event fire \"Fire\"", "event fire \"Fire\" sparkly");
    let e = State::new(4, &with_cards(&broken)).unwrap_err().to_string();
    let line = CARD_DATA
        .lines()
        .position(|l| l.starts_with("event fire "))
        .unwrap()
        + 1;
    assert!(
        e.contains(&format!("card table line {line}: unknown tag `sparkly`")),
        "{e}"
    );
    let e = State::new(4, &with_cards("classic"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown card table `classic`"), "{e}");
}

#[test]
fn the_cards_in_play_must_deal_every_hand() {
    // Settings, Focuses and Hidden Terrors only: 31 cards.
    let essentials: String = CARD_DATA
        .lines()
        .take_while(|l| !l.starts_with("# Events"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(State::new(3, &with_cards(&essentials)).is_ok());
    let e = State::new(5, &with_cards(&essentials))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the deck has 31 cards in play; 5 players need at least 36"),
        "{e}"
    );
}

#[test]
fn leaving_the_designed_cards_out_must_keep_three_lines_of_each_type() {
    // Three more Hidden Terrors tagged designed: `five_terrors` would leave two.
    let mut table = CARD_DATA.to_owned();
    for (id, name) in [
        ("dread-old-god", "Dread Old God"),
        ("hunting-spirit", "Hunting Spirit"),
        ("magical-summoning", "Magical Summoning"),
    ] {
        let row = format!("terror {id} \"{name}\"");
        assert!(table.contains(&row));
        table = table.replace(&row, &format!("{row} designed"));
    }
    let mut options = with_cards(&table);
    assert!(State::new(4, &options).is_ok());
    options.set("five_terrors", "true").unwrap();
    let e = State::new(4, &options).unwrap_err().to_string();
    assert!(
        e.contains("the deck has 2 Hidden Terrors in play; a player needs 3 for three lines"),
        "{e}"
    );
}
