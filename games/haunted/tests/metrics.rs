//! The balance-lab metrics (`Game::metrics`), checked step by step through seeded random games
//! against what the state shows: complete lines, cards on lines, and the round count.

use parlour_cards::CardSet;
use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
use parlour_haunted::{Event, State};
use parlour_testkit::{assert_metric_shape, metric_value, play_seeded};
use rand::Rng;

const IDS: [&str; 3] = ["lines_completed", "cards_never_played", "rounds"];
/// Cards in the deck (spec §1.1).
const DECK: f64 = 81.0;

/// Every card on a line now.
fn on_lines(state: &State) -> CardSet {
    let mut cards = CardSet::EMPTY;
    for seat in Seat::all(state.players()) {
        for slot in 0..3 {
            for card in state.line(seat, slot).cards() {
                cards.insert(card.0);
            }
        }
    }
    cards
}

/// Plays a seeded game with uniformly random legal actions, collecting every event. After every
/// step it checks the metrics of the game so far: until the first card is played every card
/// counts as never played; every card that has sat on a line was played (or placed) and so
/// stops counting; and the complete lines on the table are the lines completed (no tie-break).
fn play(players: u8, options: &str, seed: u64) -> (State, Vec<Event>) {
    let options = Options::parse_list(State::OPTIONS, options).expect("valid options");
    let mut state = State::new(players, &options).expect("valid setup");
    let mut rng = rng_from_seed(seed);
    let (mut events, mut legal) = (Vec::new(), Vec::new());
    let mut been_on_lines = CardSet::EMPTY;
    loop {
        let metrics = state.metrics(&events);
        been_on_lines = been_on_lines.or(on_lines(&state));
        let never = metric_value(&metrics, "cards_never_played");
        if !events.iter().any(|e| matches!(e, Event::Played { .. })) {
            assert_eq!(never, DECK, "nothing played yet");
        }
        assert!(never <= DECK - f64::from(been_on_lines.len()));
        let complete: u32 = Seat::all(players)
            .map(|s| u32::from(state.complete_lines(s)))
            .sum();
        assert_eq!(
            metric_value(&metrics, "lines_completed"),
            f64::from(complete)
        );
        // `round()` counts the rounds whose every turn slot has begun.
        assert_eq!(
            metric_value(&metrics, "rounds").floor(),
            f64::from(state.round()),
            "{metrics:?}"
        );
        match state.to_act() {
            ToAct::Terminal => return (state, events),
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                state.apply_chance(c, &mut events).expect("sampled outcome");
            }
            to_act => {
                let seat = to_act.first_seat().expect("a seat to act");
                state.legal_actions(seat, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                state.apply(seat, a, &mut events).expect("legal action");
            }
        }
    }
}

#[test]
fn metrics_follow_the_table_through_random_games() {
    let mut completed = 0.0;
    for (players, seed) in [(2, 1), (3, 2), (4, 3), (6, 4)] {
        let (state, events) = play(players, "", seed);
        let metrics = state.metrics(&events);
        assert_metric_shape(&metrics, &IDS);
        // The loser completed three lines, unless the round limit stopped the game.
        if state.loser().is_some() {
            assert!(metric_value(&metrics, "lines_completed") >= 3.0);
        }
        let slots = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::TurnBegan(_) | Event::Redrew(_) | Event::TurnMissed(_)
                )
            })
            .count();
        assert_eq!(
            metric_value(&metrics, "rounds"),
            slots as f64 / f64::from(players)
        );
        let played = metric_value(&metrics, "cards_never_played");
        assert!(played < DECK, "cards were played");
        completed += metric_value(&metrics, "lines_completed");
    }
    assert!(completed > 0.0);
}

#[test]
fn metrics_have_fixed_ids_and_sane_values() {
    for (players, options, seed, deck) in [
        (2, "five_terrors", 10, 80.0),
        (3, "tiebreak_short_game", 11, DECK),
        (5, "round_limit=3", 12, DECK),
    ] {
        let (state, events) = play_seeded::<State>(players, options, seed, |d, rng| d.uniform(rng));
        let metrics = state.metrics(&events);
        assert_metric_shape(&metrics, &IDS);
        assert!(metric_value(&metrics, "cards_never_played") <= deck);
        assert_eq!(metric_value(&metrics, "lines_completed").fract(), 0.0);
    }
}

/// Each seat's cards over a seeded game as its own view shows them, by printed name: the hand
/// right after the deal, every card its hand ever showed, and every card it played on a line.
#[test]
fn card_facts_are_the_deal_every_card_held_and_every_card_played() {
    let players = 4;
    let seats = usize::from(players);
    let names = State::new(
        players,
        &Options::parse_list(State::OPTIONS, "").expect("defaults"),
    )
    .expect("valid setup")
    .card_names();
    let index = |name: &str| {
        let i = names.iter().position(|n| n == name).expect("a listed name");
        u16::try_from(i).expect("a short catalogue")
    };
    let (mut dealt, mut held) = (vec![Vec::new(); seats], vec![Vec::new(); seats]);
    let mut deals = 0;
    let (end, facts, events) =
        parlour_testkit::watch_cards::<State>(players, "", 5, |state, caused| {
            let deal = caused.iter().any(|e| matches!(e, Event::Dealt));
            deals += usize::from(deal);
            for s in 0..players {
                let view = state.view(Some(Seat(s)));
                let deck = state.deck();
                let hand: Vec<u16> = view
                    .hand
                    .iter()
                    .map(|id| index(&deck.info(deck.find(id).expect("a card of the deck")).name))
                    .collect();
                if deal {
                    assert!(!hand.is_empty(), "seat {s} is dealt a hand");
                    dealt[usize::from(s)].extend(&hand);
                }
                held[usize::from(s)].extend(hand);
            }
        });
    let facts = facts.expect("Haunted declares its cards");
    for list in [&mut dealt, &mut held] {
        for cards in list.iter_mut() {
            cards.sort_unstable();
            cards.dedup();
        }
    }
    assert_eq!(deals, 1, "one deal, no tie-break in this game");
    assert_eq!(facts.dealt, dealt);
    assert_eq!(facts.held, held);
    let mut played = vec![Vec::new(); seats];
    for e in &events {
        if let Event::Played { seat, card, .. } = e {
            played[seat.index()].push(index(&end.deck().info(*card).name));
        }
    }
    for cards in &mut played {
        cards.sort_unstable();
        cards.dedup();
    }
    assert_eq!(facts.played, played);
    for s in 0..seats {
        assert!(facts.held[s].len() > facts.dealt[s].len(), "seat {s} drew");
        assert!(facts.played[s].iter().all(|c| facts.held[s].contains(c)));
    }
}
