//! Unit tests of every card's effect, on positions built directly.

use parlour_cards::CardSet;
use parlour_core::{Audit, Game, Options, Seat, ToAct, Viewer};

use crate::action::LineRef;
use crate::cards::{Card, CardInfo, CardType, Effect, deck};
use crate::event::Event;
use crate::state::{Phase, State};

fn c(id: &str) -> Card {
    deck().find(id).unwrap_or_else(|| panic!("no card {id}"))
}

/// A card of the standard deck, which every position here is played with.
trait Standard {
    fn info(self) -> &'static CardInfo;
    fn id(self) -> &'static str;
}

impl Standard for Card {
    fn info(self) -> &'static CardInfo {
        deck().info(self)
    }
    fn id(self) -> &'static str {
        deck().id(self)
    }
}

fn parse_action(text: &str) -> Result<crate::Action, parlour_core::ParseError> {
    crate::notation::parse_action(deck(), text)
}

/// A position: `n` players, everything in the stockpile, seat 0 in phase 1.
fn pos(n: u8, opts: &str) -> State {
    let o = Options::parse_list(State::OPTIONS, opts).unwrap();
    let mut s = State::new(n, &o).unwrap();
    s.phase = Phase::Attack;
    s.active = Seat(0);
    s
}

fn take_out(s: &mut State, card: Card) {
    for h in &mut s.hands {
        h.remove(card.0);
    }
    s.stock.retain(|&x| x != card);
    s.discard.retain(|&x| x != card);
}

fn hand(s: &mut State, seat: u8, ids: &[&str]) {
    for id in ids {
        let k = c(id);
        take_out(s, k);
        s.hands[Seat(seat)].insert(k.0);
    }
}

fn line(s: &mut State, seat: u8, slot: u8, ids: &[&str]) {
    for id in ids {
        let k = c(id);
        take_out(s, k);
        s.lines[Seat(seat)][slot as usize].push(k, false);
    }
}

fn pile(s: &mut State, ids: &[&str]) {
    for id in ids {
        let k = c(id);
        take_out(s, k);
        s.discard.push(k);
    }
}

/// Puts cards on top of the stockpile, the first id on top.
fn stock_top(s: &mut State, ids: &[&str]) {
    for id in ids.iter().rev() {
        let k = c(id);
        take_out(s, k);
        s.stock.push(k);
    }
}

fn act(s: &mut State, seat: u8, text: &str) -> Vec<Event> {
    let a = parse_action(text).unwrap();
    let mut ev = Vec::new();
    s.apply(Seat(seat), a, &mut ev)
        .unwrap_or_else(|e| panic!("{text} by {seat}: {e}"));
    s.check_invariants().unwrap();
    ev
}

fn fails(s: &mut State, seat: u8, text: &str) -> &'static str {
    let a = parse_action(text).unwrap();
    let before = s.clone();
    let e = s.apply(Seat(seat), a, &mut ()).unwrap_err();
    assert_eq!(*s, before, "a rejected action changed the state");
    e.rule
}

fn legal(s: &State, seat: u8, text: &str) -> bool {
    s.is_legal(Seat(seat), parse_action(text).unwrap())
}

fn chance(s: &mut State, text: &str) {
    let ch = s.parse_chance(text).unwrap();
    s.apply_chance(ch, &mut ()).unwrap();
    s.check_invariants().unwrap();
}

fn ids(set: CardSet) -> Vec<&'static str> {
    set.iter().map(|x| Card(x).id()).collect()
}

fn to_defence(s: &mut State) {
    act(s, 0, "pass");
}

// ---------------- data-driven: removers and cancels ----------------

/// The spec's tables, written out independently of `data/cards.txt`.
const NAMED_FOCUS: &[(&str, &[&str], &[&str])] = &[
    (
        "distant-relative",
        &["tin-whistle", "hidden-treasure", "engraved-coin"],
        &[],
    ),
    (
        "local-canon",
        &["religious-doctrine", "ancient-manuscript"],
        &["ruined-church", "disused-graveyard"],
    ),
    (
        "magickal-dabbler",
        &["pouch-of-runestones", "magical-almanac"],
        &["foreign-village", "ocean-bound-vessel"],
    ),
    (
        "avid-collector",
        &["locked-box", "curious-painting"],
        &["auction-of-curiosities", "private-library"],
    ),
    ("psychic", &["mysterious-door", "blackened-tree"], &[]),
    (
        "historian",
        &["buried-artefact", "historical-find"],
        &["archaeological-dig", "roadside-inn"],
    ),
    (
        "cloaked-figure",
        &["darkened-lens", "encrypted-letter"],
        &["wealthy-relatives-mansion", "country-walk"],
    ),
];
const ANY_FOCUS: &[&str] = &[
    "fire",
    "tarot-card",
    "examine-focus",
    "drawing-the-wrong-conclusion",
];
const LONE_SETTING: &[(&str, &[&str])] = &[
    (
        "search-the-area",
        &["private-library", "wealthy-relatives-mansion"],
    ),
    (
        "dead-faint",
        &["ocean-bound-vessel", "auction-of-curiosities"],
    ),
    (
        "nervous-exhaustion",
        &["disused-graveyard", "ruined-church"],
    ),
    ("fever", &["archaeological-dig", "foreign-village"]),
    ("terrible-accident", &["roadside-inn", "country-walk"]),
];
const CANCELS: &[(&str, &str, &[&str])] = &[
    ("speak-in-tongues", "pray", &["dread-old-god"]),
    ("possession", "consult-expert", &["hunting-spirit"]),
    (
        "receive-telegram",
        "magickal-dabbling",
        &["magical-summoning"],
    ),
    ("storm", "enlightening-conversation", &["tortured-soul"]),
    (
        "arrested",
        "sudden-inspiration",
        &["fateful-possession", "fatal-possession"],
    ),
];

fn settings() -> Vec<Card> {
    deck().of_type(CardType::Setting).iter().map(Card).collect()
}

fn focuses_of(setting: Card) -> Vec<Card> {
    setting.info().accepts.iter().map(Card).collect()
}

#[test]
fn a_card_in_a_hand_and_the_stockpile_is_named_with_both() {
    let mut s = pos(2, "");
    hand(&mut s, 1, &[c("fire").id()]);
    s.check_invariants().unwrap();
    s.stock.push(c("fire"));
    assert_eq!(
        s.check_invariants().unwrap_err(),
        format!(
            "{} is in two places: hand 1 and the stockpile",
            c("fire").id()
        )
    );
    s.stock.pop();
    s.hands[Seat(1)].remove(c("fire").0);
    assert_eq!(
        s.check_invariants().unwrap_err(),
        format!("{} is nowhere", c("fire").id())
    );
}

#[test]
fn focus_removers_remove_exactly_what_the_spec_lists() {
    for &(card, named, at) in NAMED_FOCUS {
        for st in settings() {
            for f in focuses_of(st) {
                let mut s = pos(2, "");
                line(&mut s, 1, 0, &[st.id(), f.id()]);
                hand(&mut s, 0, &[card]);
                let expect = named.contains(&f.id()) || at.contains(&st.id());
                let text = format!("play {card} p1.l0");
                assert_eq!(
                    legal(&s, 0, &text),
                    expect,
                    "{card} on {} {}",
                    st.id(),
                    f.id()
                );
                if expect {
                    act(&mut s, 0, &text);
                    assert_eq!(s.line_ids(Seat(1), 0), [st.id()]);
                    assert_eq!(s.discard_ids(), [f.id(), card]);
                }
            }
        }
    }
    for &card in ANY_FOCUS {
        for st in settings() {
            let f = focuses_of(st)[0];
            let mut s = pos(3, "");
            line(&mut s, 2, 1, &[st.id(), f.id()]);
            hand(&mut s, 0, &[card]);
            act(&mut s, 0, &format!("play {card} p2.l1"));
            assert_eq!(s.line_ids(Seat(2), 1), [st.id()], "{card}");
            // Nothing to remove on a bare Setting or an empty line.
            let mut s = pos(3, "");
            line(&mut s, 2, 1, &[st.id()]);
            hand(&mut s, 0, &[card]);
            assert!(!legal(&s, 0, &format!("play {card} p2.l1")));
            assert!(!legal(&s, 0, &format!("play {card} p2.l0")));
        }
    }
}

#[test]
fn setting_removers_take_only_a_matching_setting_standing_alone() {
    for &(card, named) in LONE_SETTING {
        for st in settings() {
            let mut s = pos(2, "");
            line(&mut s, 1, 0, &[st.id()]);
            hand(&mut s, 0, &[card, "pleasant-company"]);
            let text = format!("play {card} p1.l0");
            assert_eq!(
                legal(&s, 0, &text),
                named.contains(&st.id()),
                "{card} {}",
                st.id()
            );
            assert!(legal(&s, 0, "play pleasant-company p1.l0"));
            if named.contains(&st.id()) {
                act(&mut s, 0, &text);
                assert!(s.line(Seat(1), 0).is_unstarted());
            }
            // Immovability: covered by a Focus, nothing removes the Setting.
            let mut s = pos(2, "");
            line(&mut s, 1, 0, &[st.id(), focuses_of(st)[0].id()]);
            hand(&mut s, 0, &[card, "pleasant-company"]);
            assert_eq!(fails(&mut s, 0, &text), "setting-remover-target");
            assert!(!legal(&s, 0, "play pleasant-company p1.l0"));
        }
    }
}

#[test]
fn terror_cancels_discard_a_pending_terror_of_their_kind_only() {
    let terrors: Vec<Card> = deck().of_type(CardType::Terror).iter().map(Card).collect();
    for &(event, action, kinds) in CANCELS {
        for &t in &terrors {
            // A Focus that summons t.
            let f = deck()
                .of_type(CardType::Focus)
                .iter()
                .map(Card)
                .find(|&f| deck().summoned_by(f, false).contains(t.0))
                .unwrap();
            let st = settings()
                .into_iter()
                .find(|s| s.info().accepts.contains(f.0))
                .unwrap();
            for card in [event, action] {
                let mut s = pos(2, "");
                line(&mut s, 1, 0, &[st.id(), f.id()]);
                hand(&mut s, 0, &[t.id()]);
                hand(&mut s, 1, &[card]);
                act(&mut s, 0, &format!("play {} p1.l0", t.id()));
                assert!(s.line(Seat(1), 0).is_pending());
                to_defence(&mut s);
                let text = format!("play {card} p1.l0");
                let expect = kinds.contains(&t.id());
                assert_eq!(legal(&s, 1, &text), expect, "{card} vs {}", t.id());
                if expect {
                    act(&mut s, 1, &text);
                    assert_eq!(s.line_ids(Seat(1), 0), [st.id(), f.id()]);
                    assert!(!s.line(Seat(1), 0).is_pending());
                    act(&mut s, 1, "pass");
                    assert!(!s.line(Seat(1), 0).is_complete());
                } else {
                    act(&mut s, 1, "pass");
                    assert!(
                        s.line(Seat(1), 0).is_complete(),
                        "the window's end completes the line"
                    );
                }
            }
        }
    }
}

#[test]
fn every_focus_follows_only_the_settings_that_accept_it_and_every_terror_its_focuses() {
    for st in settings() {
        for f in deck().of_type(CardType::Focus).iter().map(Card) {
            let mut s = pos(2, "");
            line(&mut s, 1, 0, &[st.id()]);
            hand(&mut s, 0, &[f.id()]);
            let ok = legal(&s, 0, &format!("play {} p1.l0", f.id()));
            assert_eq!(ok, st.info().accepts.contains(f.0));
            assert!(
                !legal(&s, 0, &format!("play {} p1.l1", f.id())),
                "needs a Setting"
            );
        }
    }
    let fatal = c("fatal-possession");
    for f in deck().of_type(CardType::Focus).iter().map(Card) {
        let printed_fatal = ["locked-box", "ancient-manuscript"].contains(&f.id());
        let st = settings()
            .into_iter()
            .find(|s| s.info().accepts.contains(f.0))
            .unwrap();
        for distinct in [false, true] {
            let mut s = pos(
                2,
                if distinct {
                    "fatal_possession_distinct"
                } else {
                    ""
                },
            );
            line(&mut s, 1, 0, &[st.id(), f.id()]);
            hand(&mut s, 0, &["fatal-possession", "fateful-possession"]);
            let fatal_ok = legal(&s, 0, "play fatal-possession p1.l0");
            let fateful_ok = legal(&s, 0, "play fateful-possession p1.l0");
            let possession = deck().summoned_by(f, false).contains(fatal.0);
            if distinct {
                assert_eq!(fatal_ok, printed_fatal, "{}", f.id());
                assert_eq!(fateful_ok, possession && !printed_fatal, "{}", f.id());
            } else {
                assert_eq!(fatal_ok, possession);
                assert_eq!(fateful_ok, possession);
            }
        }
    }
}

// ---------------- procedural effects ----------------

#[test]
fn coach_and_horses_makes_the_victim_discard_an_acquaintance() {
    let mut s = pos(3, "");
    hand(&mut s, 0, &["coach-and-horses"]);
    hand(&mut s, 1, &["historian", "pray"]);
    act(&mut s, 0, "play coach-and-horses p1.l2");
    assert_eq!(s.to_act(), ToAct::Seats([Seat(1)].into_iter().collect()));
    assert!(!legal(&s, 1, "pick pray"));
    act(&mut s, 1, "pick historian");
    assert_eq!(s.discard_ids(), ["historian", "coach-and-horses"]);
    // Not in phase 2 or 3.
    let mut s = pos(2, "");
    hand(&mut s, 0, &["coach-and-horses"]);
    act(&mut s, 0, "pass");
    act(&mut s, 1, "pass");
    assert_eq!(
        fails(&mut s, 0, "play coach-and-horses p0.l0"),
        "phase-1-only"
    );
}

#[test]
fn coach_and_horses_random_variant_takes_a_random_acquaintance() {
    let mut s = pos(2, "coach_victim_random_acquaintance");
    hand(&mut s, 0, &["coach-and-horses"]);
    hand(&mut s, 1, &["historian", "psychic", "pray"]);
    act(&mut s, 0, "play coach-and-horses p1.l0");
    assert_eq!(s.to_act(), ToAct::Chance);
    assert!(
        s.apply_chance(s.parse_chance("pray").unwrap(), &mut ())
            .is_err()
    );
    chance(&mut s, "psychic");
    assert_eq!(s.hand_ids(Seat(1)), ["pray", "historian"]);
    assert_eq!(s.discard_ids(), ["psychic", "coach-and-horses"]);
}

#[test]
fn lap_of_the_gods_cards_disembodied_presence_village_idiot_and_curses() {
    for (card, curse) in [
        ("disembodied-presence", false),
        ("village-idiot", false),
        ("psychic", true),
        ("pleasant-company", true),
    ] {
        let mut s = pos(3, "");
        hand(&mut s, 0, &[card]);
        hand(&mut s, 1, &["fire", "pray"]);
        // Row 5 (three support cards): seat 1 discards the whole hand and draws as many.
        stock_top(&mut s, &["fever", "storm", "inheritance"]);
        let text = format!("play {card} p1.l0{}", if curse { " curse" } else { "" });
        let ev = act(&mut s, 0, &text);
        assert!(ev.contains(&Event::LapRow(Seat(1), 5)), "{card}: {ev:?}");
        assert_eq!(s.hand(Seat(1)).len(), 2);
        assert!(!s.hand(Seat(1)).contains(c("fire").0));
    }
    // The curse modes exist only in phase 1.
    let mut s = pos(2, "");
    hand(&mut s, 0, &["psychic"]);
    act(&mut s, 0, "pass");
    act(&mut s, 1, "pass");
    assert!(!legal(&s, 0, "play psychic p0.l0 curse"));
    assert!(!legal(&s, 0, "play fire p0.l0 curse"));
}

#[test]
fn lap_rows_two_three_four_and_the_rift() {
    // Row 1: three Settings → every hand passes left.
    let mut s = pos(3, "");
    hand(&mut s, 0, &["disembodied-presence", "fire"]);
    hand(&mut s, 1, &["pray"]);
    hand(&mut s, 2, &["storm"]);
    stock_top(
        &mut s,
        &["roadside-inn", "ruined-church", "foreign-village"],
    );
    act(&mut s, 0, "play disembodied-presence p1.l0");
    assert_eq!(s.hand_ids(Seat(1)), ["fire"]);
    assert_eq!(s.hand_ids(Seat(2)), ["pray"]);
    assert_eq!(s.hand_ids(Seat(0)), ["storm"]);
    // Row 2: X chooses an opponent, who discards the hand and draws as many.
    let mut s = pos(3, "");
    hand(&mut s, 0, &["disembodied-presence", "fire"]);
    hand(&mut s, 2, &["storm", "pray"]);
    stock_top(
        &mut s,
        &[
            "roadside-inn",
            "locked-box",
            "dread-old-god",
            "fever",
            "arrested",
        ],
    );
    act(&mut s, 0, "play disembodied-presence p1.l0");
    assert!(legal(&s, 1, "player 0") && legal(&s, 1, "player 2") && !legal(&s, 1, "player 1"));
    act(&mut s, 1, "player 2");
    assert_eq!(s.hand_ids(Seat(2)), ["arrested", "fever"]);
    // Row 3: X takes a random card from the left neighbour, keeps it (discarding one of its
    // own) or discards it; the neighbour draws one.
    let mut s = pos(3, "");
    hand(&mut s, 0, &["disembodied-presence"]);
    hand(&mut s, 1, &["fire"]);
    hand(&mut s, 2, &["storm", "pray"]);
    stock_top(
        &mut s,
        &["dread-old-god", "tin-whistle", "fever", "arrested"],
    );
    act(&mut s, 0, "play disembodied-presence p1.l0");
    assert_eq!(s.to_act(), ToAct::Chance);
    chance(&mut s, "pray");
    assert_eq!(s.hand_ids(Seat(1)), ["fire", "pray"]);
    assert!(legal(&s, 1, "pick fire") && legal(&s, 1, "none") && !legal(&s, 1, "pick pray"));
    act(&mut s, 1, "pick fire");
    assert_eq!(s.hand_ids(Seat(1)), ["pray"]);
    assert_eq!(s.hand_ids(Seat(2)), ["storm", "arrested"]);
    // Row 4: the left neighbour takes a random card from X; X draws; the neighbour decides.
    let mut s = pos(3, "");
    hand(&mut s, 0, &["disembodied-presence"]);
    hand(&mut s, 1, &["fire", "pray"]);
    hand(&mut s, 2, &["storm"]);
    stock_top(
        &mut s,
        &["locked-box", "speak-in-tongues", "fever", "arrested"],
    );
    act(&mut s, 0, "play disembodied-presence p1.l0");
    chance(&mut s, "pray");
    assert_eq!(s.hand_ids(Seat(1)), ["fire", "arrested"]);
    act(&mut s, 2, "none");
    assert_eq!(s.hand_ids(Seat(2)), ["storm"]);
    assert!(s.discard_ids().contains(&"pray"));
}

#[test]
fn fewer_than_three_cards_on_the_lap_have_no_effect() {
    let mut s = pos(2, "");
    hand(&mut s, 0, &["disembodied-presence"]);
    hand(&mut s, 1, &["fire"]);
    let keep: Vec<Card> = vec![c("fever"), c("pray")];
    s.stock = keep.into_iter().rev().collect();
    // Everything else sits in hands so both piles run dry.
    let rest: Vec<u8> = deck()
        .all()
        .iter()
        .filter(|&x| {
            ![
                c("fever").0,
                c("pray").0,
                c("disembodied-presence").0,
                c("fire").0,
            ]
            .contains(&x)
        })
        .collect();
    for x in rest {
        take_out(&mut s, Card(x));
        s.hands[Seat(0)].insert(x);
    }
    let ev = act(&mut s, 0, "play disembodied-presence p1.l0");
    assert!(ev.contains(&Event::LapRow(Seat(1), 0)), "{ev:?}");
    assert_eq!(s.hand_ids(Seat(1)), ["fire"]);
}

#[test]
fn inheritance_and_send_telegram_take_an_acquaintance_from_the_discard_pile() {
    for card in ["inheritance", "send-telegram"] {
        let mut s = pos(2, "");
        hand(&mut s, 0, &[card]);
        pile(&mut s, &["historian", "pray", "psychic"]);
        act(&mut s, 0, &format!("play {card} p1.l0"));
        assert!(legal(&s, 1, "pick historian") && legal(&s, 1, "pick psychic"));
        assert!(!legal(&s, 1, "pick pray"));
        act(&mut s, 1, "pick psychic");
        assert_eq!(s.hand_ids(Seat(1)), ["psychic"]);
        // None in the pile: no prompt.
        let mut s = pos(2, "");
        hand(&mut s, 0, &[card]);
        pile(&mut s, &["pray"]);
        act(&mut s, 0, &format!("play {card} p1.l0"));
        assert_eq!(s.to_act(), ToAct::Seats([Seat(0)].into_iter().collect()));
    }
}

#[test]
fn strange_mist_forfeit_gives_a_replacement_from_hand_or_pile() {
    let mut s = pos(3, "");
    hand(&mut s, 0, &["strange-mist"]);
    hand(&mut s, 1, &["fire", "pray"]);
    hand(&mut s, 2, &["storm", "fever"]);
    pile(&mut s, &["historian"]);
    act(&mut s, 0, "play strange-mist p1.l0");
    chance(&mut s, "fire");
    // Taker is seat 2: from hand (not the taken card) or any discard-pile card.
    assert!(legal(&s, 2, "pick storm") && legal(&s, 2, "pick historian"));
    assert!(!legal(&s, 2, "pick fire"));
    act(&mut s, 2, "pick storm");
    assert_eq!(s.hand_ids(Seat(1)), ["storm", "pray"]);
    assert_eq!(s.hand_ids(Seat(2)), ["fire", "fever"]);
    // What third parties see.
    let mut s2 = pos(3, "");
    hand(&mut s2, 0, &["strange-mist"]);
    hand(&mut s2, 1, &["fire"]);
    pile(&mut s2, &["historian"]);
    act(&mut s2, 0, "play strange-mist p1.l0");
    let ch = s2.parse_chance("fire").unwrap();
    let mut ev = Vec::new();
    s2.apply_chance(ch, &mut ev).unwrap();
    let take = ev
        .iter()
        .find(|e| matches!(e, Event::RandomTake { .. }))
        .unwrap();
    assert!(
        take.describe(deck(), Viewer::Seat(Seat(0)))
            .unwrap()
            .contains("a random card")
    );
    assert!(
        take.describe(deck(), Viewer::Seat(Seat(1)))
            .unwrap()
            .contains("fire")
    );
    // From the pile: then the taker discards one card.
    act(&mut s2, 2, "pick historian");
    assert_eq!(s2.hand_ids(Seat(1)), ["historian"]);
    act(&mut s2, 2, "pick fire");
    assert!(s2.hand(Seat(2)).is_empty());
}

#[test]
fn urchin_thief_lodges_and_leaves_only_by_the_phase_4_discard() {
    let mut s = pos(2, "");
    hand(&mut s, 0, &["urchin-thief", "fire"]);
    hand(&mut s, 1, &["pray", "historian", "storm"]);
    act(&mut s, 0, "play urchin-thief p1.l0");
    assert!(legal(&s, 1, "pick pray") && legal(&s, 1, "pick historian"));
    assert!(!legal(&s, 1, "pick storm"));
    act(&mut s, 1, "pick pray");
    assert_eq!(s.lodged_holder(), Some(Seat(1)));
    // Seat 1 cannot play it in its windows; a drawn Urchin Thief could be played.
    act(&mut s, 0, "pass");
    assert!(!legal(&s, 1, "play urchin-thief p1.l0"));
    // No loot: discarded with no effect.
    let mut s = pos(2, "");
    hand(&mut s, 0, &["urchin-thief"]);
    hand(&mut s, 1, &["storm"]);
    act(&mut s, 0, "play urchin-thief p1.l0");
    assert_eq!(s.discard_ids(), ["urchin-thief"]);
    assert_eq!(s.lodged_holder(), None);
}

#[test]
fn chance_find_removes_a_focus_on_any_own_line_on_an_essential_draw() {
    let mut s = pos(2, "");
    hand(&mut s, 0, &["chance-find"]);
    line(&mut s, 1, 0, &["roadside-inn"]);
    line(&mut s, 1, 1, &["ruined-church", "hidden-treasure"]);
    line(&mut s, 1, 2, &["foreign-village", "darkened-lens"]);
    stock_top(&mut s, &["locked-box"]);
    act(&mut s, 0, "play chance-find p1.l0");
    assert!(
        legal(&s, 1, "line p1.l1") && legal(&s, 1, "line p1.l2") && !legal(&s, 1, "line p1.l0")
    );
    act(&mut s, 1, "line p1.l2");
    assert_eq!(s.line_ids(Seat(1), 2), ["foreign-village"]);
    // Support test card: forfeit.
    let mut s = pos(2, "chance_find_this_line_only");
    hand(&mut s, 0, &["chance-find"]);
    hand(&mut s, 1, &["fire"]);
    line(&mut s, 1, 0, &["roadside-inn"]);
    stock_top(&mut s, &["pray"]);
    act(&mut s, 0, "play chance-find p1.l0");
    assert_eq!(s.to_act(), ToAct::Chance);
    // Needs a Setting.
    let mut s = pos(2, "");
    hand(
        &mut s,
        0,
        &[
            "chance-find",
            "trap-door",
            "secret-room",
            "hidden-compartment",
        ],
    );
    for card in [
        "chance-find",
        "trap-door",
        "secret-room",
        "hidden-compartment",
    ] {
        assert_eq!(
            fails(&mut s, 0, &format!("play {card} p1.l0")),
            "needs-setting"
        );
    }
}

#[test]
fn trap_door_and_secret_room() {
    let mut s = pos(2, "");
    hand(&mut s, 0, &["trap-door"]);
    line(&mut s, 1, 0, &["roadside-inn"]);
    pile(&mut s, &["historian"]);
    stock_top(&mut s, &["locked-box"]);
    act(&mut s, 0, "play trap-door p1.l0");
    act(&mut s, 1, "pick historian");
    assert_eq!(s.hand_ids(Seat(1)), ["historian"]);
    // Secret Room: the owner discards an Acquaintance, or the player forfeits.
    let mut s = pos(2, "");
    hand(&mut s, 0, &["secret-room", "fire"]);
    hand(&mut s, 1, &["psychic", "pray"]);
    line(&mut s, 1, 0, &["roadside-inn"]);
    act(&mut s, 0, "play secret-room p1.l0");
    act(&mut s, 1, "pick psychic");
    assert_eq!(s.hand_ids(Seat(1)), ["pray"]);
    let mut s = pos(2, "");
    hand(&mut s, 0, &["secret-room", "fire"]);
    hand(&mut s, 1, &["pray"]);
    line(&mut s, 1, 0, &["roadside-inn"]);
    act(&mut s, 0, "play secret-room p1.l0");
    assert_eq!(s.to_act(), ToAct::Chance, "the player forfeits");
    chance(&mut s, "fire");
    assert_eq!(s.hand_ids(Seat(1)), ["fire", "pray"]);
    // Seat 1 (the taker) gives a replacement from hand; the resolving card is not on the
    // pile yet (pinned 10), so it cannot be given.
    assert!(legal(&s, 1, "pick pray"));
    assert!(!legal(&s, 1, "pick fire") && !legal(&s, 1, "pick secret-room"));
    act(&mut s, 1, "pick pray");
    assert_eq!(s.hand_ids(Seat(0)), ["pray"]);
    assert_eq!(s.hand_ids(Seat(1)), ["fire"]);
}

#[test]
fn refreshments_keep_looked_at_cards_for_discards() {
    let mut s = pos(2, "");
    hand(&mut s, 0, &["refreshments"]);
    hand(&mut s, 1, &["fire", "pray", "storm"]);
    stock_top(&mut s, &["historian", "fever"]);
    act(&mut s, 0, "play refreshments p1.l0");
    let v = s.view(Some(Seat(1)));
    assert_eq!(v.looking_at, ["fever", "historian"]);
    assert!(s.view(Some(Seat(0))).looking_at.is_empty());
    assert!(s.secrets(Some(Seat(0))).contains(&"historian".to_owned()));
    act(&mut s, 1, "cards historian");
    assert_eq!(s.discard_ids(), ["fever"]);
    assert!(
        !legal(&s, 1, "pick historian"),
        "a kept card is never discarded (pinned 4)"
    );
    act(&mut s, 1, "pick fire");
    assert_eq!(s.hand_ids(Seat(1)), ["storm", "pray", "historian"]);
}

#[test]
fn blood_letting_exchanges_two_cards_with_the_left_neighbour() {
    let mut s = pos(3, "");
    hand(&mut s, 0, &["blood-letting"]);
    hand(&mut s, 1, &["fire", "pray", "storm"]);
    hand(&mut s, 2, &["fever", "arrested"]);
    act(&mut s, 0, "play blood-letting p1.l0");
    assert!(!legal(&s, 1, "cards fire"), "exactly two");
    act(&mut s, 1, "cards fire pray");
    // Seat 2 gives back two from its previous hand (not the received ones).
    assert!(!legal(&s, 2, "cards fire pray") && !legal(&s, 2, "cards fire fever"));
    act(&mut s, 2, "cards arrested fever");
    assert_eq!(s.hand_ids(Seat(1)), ["storm", "arrested", "fever"]);
    assert_eq!(s.hand_ids(Seat(2)), ["fire", "pray"]);
    // Short hands: as many as the smaller side can give (D35).
    let mut s = pos(2, "");
    hand(&mut s, 0, &["blood-letting", "fire"]);
    hand(&mut s, 1, &["pray", "storm"]);
    act(&mut s, 0, "play blood-letting p1.l0");
    act(&mut s, 1, "cards pray");
    act(&mut s, 0, "cards fire");
    assert_eq!(s.hand_ids(Seat(1)), ["fire", "storm"]);
}

#[test]
fn well_wishing_stranger_asks_until_someone_gives_an_action() {
    let mut s = pos(4, "");
    hand(&mut s, 0, &["well-wishing-stranger", "fire"]);
    hand(&mut s, 1, &["storm"]);
    hand(&mut s, 2, &["historian"]);
    hand(&mut s, 3, &["pray", "fever"]);
    act(&mut s, 0, "play well-wishing-stranger p1.l0");
    assert!(!legal(&s, 1, "player 1"));
    let ev = act(&mut s, 1, "player 2");
    assert!(ev.contains(&Event::NoAction(Seat(2))));
    assert!(!legal(&s, 1, "player 2"));
    act(&mut s, 1, "player 3");
    act(&mut s, 3, "pick fever");
    // Pinned 5: the owner may hand back the Action just received.
    assert!(legal(&s, 1, "pick fever"));
    act(&mut s, 1, "pick storm");
    assert_eq!(s.hand_ids(Seat(1)), ["fever"]);
    assert_eq!(s.hand_ids(Seat(3)), ["storm", "pray"]);
}

#[test]
fn over_indulgence_violent_temper_and_the_missed_turn_cards() {
    let mut s = pos(2, "");
    hand(
        &mut s,
        0,
        &["over-indulgence", "violent-temper", "losing-sleep", "fire"],
    );
    hand(&mut s, 1, &["historian", "pray"]);
    stock_top(&mut s, &["locked-box"]);
    let ev = act(&mut s, 0, "play over-indulgence p1.l0");
    assert!(ev.iter().any(|e| matches!(e, Event::LapRow(Seat(1), _))));
    let mut s = pos(2, "");
    hand(&mut s, 0, &["violent-temper", "losing-sleep", "fisticuffs"]);
    hand(&mut s, 1, &["historian", "pray"]);
    stock_top(&mut s, &["fever"]);
    act(&mut s, 0, "play violent-temper p1.l0");
    act(&mut s, 1, "pick historian");
    assert_eq!(s.hand_ids(Seat(1)), ["pray", "fever"]);
    act(&mut s, 0, "play losing-sleep p1.l1");
    assert_eq!(s.skips(Seat(1)), 1);
    act(&mut s, 0, "play fisticuffs p1.l2");
    assert_eq!((s.skips(Seat(0)), s.skips(Seat(1))), (1, 2));
}

#[test]
fn hidden_compartment_essential_discards_the_smallest_line_whole() {
    let mut s = pos(2, "");
    hand(&mut s, 0, &["hidden-compartment"]);
    line(&mut s, 1, 0, &["roadside-inn", "curious-painting"]);
    line(&mut s, 1, 1, &["country-walk"]);
    line(&mut s, 1, 2, &["ruined-church"]);
    stock_top(&mut s, &["archaeological-dig"]);
    act(&mut s, 0, "play hidden-compartment p1.l0");
    assert!(legal(&s, 1, "yes") && legal(&s, 1, "no"));
    act(&mut s, 1, "yes");
    // Tied smallest lines: the owner chooses (pinned 2).
    assert!(
        legal(&s, 1, "line p1.l1") && legal(&s, 1, "line p1.l2") && !legal(&s, 1, "line p1.l0")
    );
    act(&mut s, 1, "line p1.l2");
    assert!(s.line(Seat(1), 2).is_unstarted());
    // Declining does nothing.
    let mut s = pos(2, "");
    hand(&mut s, 0, &["hidden-compartment"]);
    line(&mut s, 1, 0, &["roadside-inn"]);
    act(&mut s, 0, "play hidden-compartment p1.l0");
    act(&mut s, 1, "no");
    assert_eq!(s.line_ids(Seat(1), 0), ["roadside-inn"]);
}

#[test]
fn removal_any_own_line_lets_tarot_and_examine_reach_other_lines() {
    let mut s = pos(2, "removal_any_own_line");
    hand(&mut s, 0, &["tarot-card", "fire"]);
    line(&mut s, 1, 1, &["ruined-church", "hidden-treasure"]);
    assert!(legal(&s, 0, "play tarot-card p1.l0"));
    assert!(!legal(&s, 0, "play fire p1.l0"));
    act(&mut s, 0, "play tarot-card p1.l0");
    act(&mut s, 1, "line p1.l1");
    assert_eq!(s.line_ids(Seat(1), 1), ["ruined-church"]);
}

#[test]
fn views_hide_hands_stock_and_private_looks() {
    let mut s = pos(3, "");
    hand(&mut s, 0, &["fire", "refreshments"]);
    hand(&mut s, 1, &["pray"]);
    hand(&mut s, 2, &["historian"]);
    for viewer in [None, Some(Seat(0)), Some(Seat(1)), Some(Seat(2))] {
        let json = format!("{:?}", s.view(viewer));
        for secret in s.secrets(viewer) {
            assert!(
                !json.contains(&format!("\"{secret}\"")),
                "{viewer:?} sees {secret}"
            );
        }
    }
    let v1 = s.view(Some(Seat(1)));
    assert_eq!(v1.hand, ["pray"]);
    assert_eq!(v1.hand_sizes, [2, 1, 1]);
    let secrets = s.secrets(Some(Seat(1)));
    assert!(secrets.contains(&"fire".to_owned()) && secrets.contains(&"historian".to_owned()));
    assert!(!secrets.contains(&"pray".to_owned()));
    assert!(s.view(None).hand.is_empty());
}

#[test]
fn effects_are_only_resolved_on_active_lines() {
    let mut s = pos(2, "");
    hand(&mut s, 0, &["strange-mist", "roadside-inn"]);
    line(
        &mut s,
        1,
        0,
        &["ruined-church", "hidden-treasure", "dread-old-god"],
    );
    s.lines[Seat(1)][0].complete = true;
    assert_eq!(
        fails(&mut s, 0, "play strange-mist p1.l0"),
        "complete-line-locked"
    );
    let _ = LineRef::new(1, 0);
    let _ = Effect::Lap;
    let _ = ids(CardSet::EMPTY);
}

/// A position inside a tie-break short game among `seated` (the other seats sit out), `first`
/// in phase 1.
fn tiebreak_pos(n: u8, seated: &[u8], first: u8) -> State {
    let mut s = pos(n, "tiebreak_short_game");
    s.seated = seated.iter().map(|&x| Seat(x)).collect();
    s.tiebreak = Some(crate::tiebreak::TieBreak {
        main_scores: parlour_core::BySeat::splat(0),
        main_loser: None,
        games: 1,
        gathered: true,
    });
    s.active = Seat(first);
    s
}

#[test]
fn seats_that_sit_out_a_tiebreak_are_left_out_of_every_rule() {
    // Four seats, a tie-break among 0, 1 and 3: seat 2 sits out.
    let mut s = tiebreak_pos(4, &[0, 1, 3], 0);
    hand(&mut s, 0, &["disembodied-presence", "fire", "country-walk"]);
    hand(&mut s, 1, &["pray"]);
    hand(&mut s, 3, &["storm"]);
    stock_top(
        &mut s,
        &["roadside-inn", "ruined-church", "foreign-village"],
    );
    assert_eq!(
        fails(&mut s, 0, "play country-walk p2.l0"),
        "tiebreak-sits-out"
    );
    assert!(legal(&s, 0, "play country-walk p3.l0"));
    // The Rift passes hands among the playing seats only: 0 → 1 → 3 → 0.
    act(&mut s, 0, "play disembodied-presence p1.l0");
    assert_eq!(s.hand_ids(Seat(1)), ["country-walk", "fire"]);
    assert_eq!(s.hand_ids(Seat(3)), ["pray"]);
    assert_eq!(s.hand_ids(Seat(0)), ["storm"]);
    assert!(s.hand(Seat(2)).is_empty());
    // Phase 2 goes from seat 1 straight to seat 3.
    act(&mut s, 0, "pass");
    assert_eq!(s.phase, Phase::Defence(Seat(1)));
    act(&mut s, 1, "pass");
    assert_eq!(s.phase, Phase::Defence(Seat(3)));
    let v = s.view(Some(Seat(2)));
    assert!(v.sits_out && v.options.is_empty());
    let mut buf = Vec::new();
    s.legal_actions(Seat(2), &mut buf);
    assert!(buf.is_empty());

    // Lap of the Gods row 2 and Well-wishing Stranger choose among playing seats only.
    let mut s = tiebreak_pos(4, &[0, 1, 3], 0);
    hand(
        &mut s,
        0,
        &["disembodied-presence", "well-wishing-stranger"],
    );
    hand(&mut s, 3, &["storm", "pray"]);
    stock_top(
        &mut s,
        &[
            "roadside-inn",
            "locked-box",
            "dread-old-god",
            "fever",
            "arrested",
        ],
    );
    act(&mut s, 0, "play disembodied-presence p1.l0");
    assert!(legal(&s, 1, "player 0") && legal(&s, 1, "player 3") && !legal(&s, 1, "player 2"));
    act(&mut s, 1, "player 3");
    act(&mut s, 0, "play well-wishing-stranger p3.l0");
    assert!(legal(&s, 3, "player 0") && legal(&s, 3, "player 1") && !legal(&s, 3, "player 2"));
}

#[test]
fn a_tiebreak_stopped_by_the_round_limit_is_shared_by_its_players() {
    // Nobody plays a card: the main game stops at the round limit with every score 0, the
    // three tie, and their tie-break short game stops at its own round limit too.
    let o = Options::parse_list(State::OPTIONS, "tiebreak_short_game,round_limit=1").unwrap();
    let mut s = State::new(3, &o).unwrap();
    let mut rng = parlour_core::rng_from_seed(3);
    let mut ev: Vec<Event> = Vec::new();
    let mut buf = Vec::new();
    for _ in 0..500 {
        match s.to_act() {
            ToAct::Terminal => break,
            ToAct::Chance => {
                let ch = s.sample_chance(&mut rng);
                s.apply_chance(ch, &mut ev).unwrap();
            }
            ToAct::Seats(set) => {
                let seat = set.first().unwrap();
                s.legal_actions(seat, &mut buf);
                let a = if buf.contains(&crate::Action::Pass) {
                    crate::Action::Pass
                } else {
                    buf[0]
                };
                s.apply(seat, a, &mut ev).unwrap();
            }
        }
        s.check_invariants().unwrap();
    }
    let out = s.outcome().expect("over");
    assert_eq!(s.tiebreak_games(), 1);
    assert_eq!(s.tiebreak_loser(), None);
    assert_eq!(out.scores, [0, 0, 0]);
    assert_eq!(out.winners, parlour_core::SeatSet::all(3));
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::TieBreak { .. }))
            .count(),
        1
    );
    assert_eq!(s.hand(Seat(0)).len(), 9, "the tie-break deals 9");
}
