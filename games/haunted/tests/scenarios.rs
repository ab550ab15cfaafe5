//! The spec's worked examples (§10), driven through records: stacked deals stated as chance
//! entries, then actions in notation.

use parlour_core::{Game, Seat, Viewer};
use parlour_haunted::{Card, CardType, Phase, State};
use parlour_testkit::Scenario;

const FILLERS: &[&str] = &[
    "refreshments",
    "send-telegram",
    "over-indulgence",
    "violent-temper",
    "losing-sleep",
    "blood-letting",
    "inheritance",
    "disembodied-presence",
    "strange-mist",
    "trap-door",
    "secret-room",
    "transformation",
    "garrotted",
    "hallucination",
    "drawing-the-wrong-conclusion",
    "examine-focus",
    "tarot-card",
    "fire",
    "chance-find",
    "receive-telegram",
    "possession",
    "speak-in-tongues",
    "storm",
    "arrested",
    "sudden-inspiration",
    "magickal-dabbling",
    "enlightening-conversation",
    "consult-expert",
    "pray",
    "fever",
    "terrible-accident",
    "dead-faint",
    "nervous-exhaustion",
    "search-the-area",
    "fisticuffs",
    "activate-focus",
    "urchin-thief",
    "coach-and-horses",
    "attacked",
    "hidden-compartment",
];

/// A game whose first player is `first`, with the given hands (padded with filler support
/// cards) and the given cards on top of the stockpile after the deal.
#[allow(clippy::needless_range_loop)]
fn start(n: u8, opts: &str, first: u8, hands: &[&[&str]], stock: &[&str]) -> Scenario<State> {
    let h = if opts.split(',').any(|o| o.trim() == "short_game") {
        9
    } else {
        7
    };
    let named: Vec<&str> = hands
        .iter()
        .flat_map(|x| x.iter().copied())
        .chain(stock.iter().copied())
        .collect();
    let mut fillers = FILLERS.iter().copied().filter(|f| !named.contains(f));
    let mut full: Vec<Vec<&str>> = Vec::new();
    for s in 0..n as usize {
        let mut v: Vec<&str> = hands.get(s).map(|x| x.to_vec()).unwrap_or_default();
        while v.len() < h {
            v.push(fillers.next().expect("enough fillers"));
        }
        full.push(v);
    }
    let mut order: Vec<&str> = Vec::new();
    for r in 0..h {
        for k in 0..n as usize {
            order.push(full[(first as usize + k) % n as usize][r]);
        }
    }
    order.extend(stock.iter().copied());
    for f in fillers {
        order.push(f);
    }
    for c in 0..parlour_haunted::deck().len() {
        let id = parlour_haunted::deck().id(Card(c as u8));
        if !order.contains(&id) {
            order.push(id);
        }
    }
    // The first-player draw: `first` draws the alphabetically first card.
    let mut draw = vec!["pray"; n as usize];
    let others = ["storm", "fever", "fire", "fisticuffs", "pray", "possession"];
    for (i, d) in draw.iter_mut().enumerate() {
        *d = others[i];
    }
    draw[first as usize] = "activate-focus";
    let first_draw = format!("chance: {}", draw.join(" "));
    let deal = format!("chance: {}", order.join(" "));
    Scenario::new(n, opts, 1, &[first_draw, deal])
}

fn line(m: &Scenario<State>, seat: u8, slot: u8) -> Vec<&'static str> {
    m.state().line_ids(Seat(seat), slot)
}

/// Passes windows until `stop` holds.
fn pass_until(m: &mut Scenario<State>, stop: impl Fn(&State) -> bool) {
    for _ in 0..40 {
        if stop(m.state()) {
            return;
        }
        let s = m.seat_to_act();
        m.act_by(s, "pass");
    }
    panic!("never reached the wanted window");
}

fn own_window(m: &mut Scenario<State>, seat: u8) {
    pass_until(m, |s| s.phase() == Phase::OwnLine(Seat(seat)));
}

fn defence_window(m: &mut Scenario<State>, seat: u8) {
    pass_until(m, |s| s.phase() == Phase::Defence(Seat(seat)));
}

/// Ends the current turn: pass every window, discard the active player's first card.
fn finish_turn(m: &mut Scenario<State>) {
    pass_until(m, |s| {
        matches!(s.phase(), Phase::Discard | Phase::TurnStart)
    });
    if m.state().phase() == Phase::Discard {
        let a = m.state().active();
        let c = m.state().hand_ids(a)[0];
        m.act_by(a.0, &format!("discard {c}"));
    }
}

/// A setup turn by the active player: every seat builds its own lines in its phase-3 window.
fn build_turn(m: &mut Scenario<State>, builds: &[(u8, &str, u8)]) {
    let a = m.state().active().0;
    m.act_by(a, "begin");
    m.act_by(a, "pass");
    let n = m.state().players();
    for k in 0..n {
        let seat = (a + k) % n;
        own_window(m, seat);
        for &(s, card, slot) in builds {
            if s == seat {
                m.act_by(seat, &format!("play {card} p{seat}.l{slot}"));
            }
        }
    }
    finish_turn(m);
}

/// A setup turn in which the active player redraws (its whole hand goes to the discard pile)
/// and the others build.
fn redraw_turn(m: &mut Scenario<State>, builds: &[(u8, &str, u8)]) {
    let a = m.state().active().0;
    m.act_by(a, "redraw");
    let n = m.state().players();
    for k in 1..n {
        let seat = (a + k) % n;
        own_window(m, seat);
        for &(s, card, slot) in builds {
            if s == seat {
                m.act_by(seat, &format!("play {card} p{seat}.l{slot}"));
            }
        }
    }
    pass_until(m, |s| s.phase() == Phase::TurnStart);
}

#[test]
fn ex01_first_player_is_the_alphabetically_first_draw_and_deals_from_there() {
    let m = Scenario::<State>::new(
        4,
        "",
        3,
        &[
            "chance: attacked auction-of-curiosities arrested pray".to_owned(),
            format!(
                "chance: {}",
                (0..81)
                    .map(|c| parlour_haunted::deck().id(Card(c)))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        ],
    );
    let s = m.state();
    assert_eq!(s.active(), Seat(2));
    // Dealing goes P2, P3, P0, P1, …: the first card of the deck goes to P2.
    assert!(s.hand(Seat(2)).contains(0));
    assert!(s.hand(Seat(3)).contains(1));
    assert!(s.hand(Seat(0)).contains(2));
    assert!(s.hand(Seat(1)).contains(3));
    assert!((0..4).all(|p| s.hand(Seat(p)).len() == 7));
    assert_eq!(m.legal(2), ["begin", "redraw"]);
}

#[test]
fn ex02_focus_legality() {
    let mut m = start(
        4,
        "",
        3,
        &[&["curious-painting", "locked-box"], &["roadside-inn"]],
        &[],
    );
    build_turn(&mut m, &[(1, "roadside-inn", 0)]);
    m.act_by(0, "begin");
    assert!(m.is_legal(0, "play curious-painting p1.l0"));
    assert_eq!(m.refused_by(0, "play locked-box p1.l0"), "focus-list");
    assert_eq!(
        m.refused_by(0, "play curious-painting p1.l1"),
        "focus-needs-setting"
    );
}

#[test]
fn ex03_terror_legality() {
    let terrors = [
        "dread-old-god",
        "hunting-spirit",
        "magical-summoning",
        "tortured-soul",
        "fateful-possession",
        "fatal-possession",
    ];
    for (opts, on_box) in [
        (
            "",
            &["hunting-spirit", "fateful-possession", "fatal-possession"][..],
        ),
        (
            "fatal_possession_distinct",
            &["hunting-spirit", "fatal-possession"][..],
        ),
    ] {
        let mut m = start(
            4,
            opts,
            3,
            &[
                &terrors,
                &["roadside-inn", "curious-painting"],
                &["archaeological-dig", "locked-box"],
            ],
            &[],
        );
        build_turn(
            &mut m,
            &[
                (1, "roadside-inn", 0),
                (1, "curious-painting", 0),
                (2, "archaeological-dig", 1),
                (2, "locked-box", 1),
            ],
        );
        m.act_by(0, "begin");
        for t in terrors {
            let on_painting = ["hunting-spirit", "tortured-soul"].contains(&t);
            assert_eq!(
                m.is_legal(0, &format!("play {t} p1.l0")),
                on_painting,
                "{t}"
            );
            assert_eq!(
                m.is_legal(0, &format!("play {t} p2.l1")),
                on_box.contains(&t),
                "{opts} {t}"
            );
        }
    }
}

#[test]
fn ex04_one_card_per_line_in_phase_1() {
    let mut m = start(
        4,
        "",
        3,
        &[
            &["ocean-bound-vessel", "curious-painting", "strange-mist"],
            &["dead-faint", "pleasant-company", "locked-box"],
        ],
        &[],
    );
    build_turn(&mut m, &[]);
    m.act_by(0, "begin");
    m.act_by(0, "play ocean-bound-vessel p1.l2");
    assert_eq!(
        m.refused_by(0, "play curious-painting p1.l2"),
        "one-card-per-line"
    );
    assert!(m.is_legal(0, "play strange-mist p1.l0"));
    m.act_by(0, "pass");
    defence_window(&mut m, 1);
    assert!(m.is_legal(1, "play dead-faint p1.l2"));
    assert!(m.is_legal(1, "play pleasant-company p1.l2"));
    m.act_by(1, "pass");
    own_window(&mut m, 1);
    m.act_by(1, "play locked-box p1.l2");
    assert_eq!(line(&m, 1, 2), ["ocean-bound-vessel", "locked-box"]);
}

#[test]
fn ex05_immovable_setting() {
    let mut m = start(
        4,
        "",
        3,
        &[
            &[],
            &[],
            &[
                "auction-of-curiosities",
                "tin-whistle",
                "dead-faint",
                "avid-collector",
                "pleasant-company",
            ],
        ],
        &[],
    );
    build_turn(
        &mut m,
        &[(2, "auction-of-curiosities", 0), (2, "tin-whistle", 0)],
    );
    m.act_by(0, "begin");
    own_window(&mut m, 2);
    assert_eq!(
        m.refused_by(2, "play dead-faint p2.l0"),
        "setting-remover-target"
    );
    m.act_by(2, "play avid-collector p2.l0");
    assert_eq!(line(&m, 2, 0), ["auction-of-curiosities"]);
    let pile = m.state().discard_ids();
    assert_eq!(&pile[pile.len() - 2..], ["tin-whistle", "avid-collector"]);
    assert!(m.is_legal(2, "play pleasant-company p2.l0"));
    m.act_by(2, "play dead-faint p2.l0");
    assert!(m.state().line(Seat(2), 0).is_unstarted());
}

fn ex06_position() -> Scenario<State> {
    let mut m = start(
        4,
        "",
        3,
        &[
            &["dread-old-god"],
            &[
                "private-library",
                "magical-almanac",
                "pray",
                "avid-collector",
                "examine-focus",
            ],
        ],
        &[],
    );
    build_turn(
        &mut m,
        &[(1, "private-library", 1), (1, "magical-almanac", 1)],
    );
    m.act_by(0, "begin");
    m.act_by(0, "play dread-old-god p1.l1");
    assert!(m.state().line(Seat(1), 1).is_pending());
    m.act_by(0, "pass");
    m
}

#[test]
fn ex06_terror_defence() {
    let mut m = ex06_position();
    assert_eq!(m.seat_to_act(), 1);
    m.act_by(1, "play pray p1.l1");
    assert_eq!(line(&m, 1, 1), ["private-library", "magical-almanac"]);
    assert!(
        m.state()
            .discard_ids()
            .ends_with(&["dread-old-god", "pray"])
    );
    // Not refilled until P1's own phase 5.
    finish_turn(&mut m);
    assert_eq!(m.state().hand(Seat(1)).len(), 4);

    let mut m = ex06_position();
    m.act_by(1, "pass");
    assert!(m.state().line(Seat(1), 1).is_complete());
    own_window(&mut m, 1);
    for card in ["pray", "avid-collector", "examine-focus"] {
        assert_eq!(
            m.refused_by(1, &format!("play {card} p1.l1")),
            "complete-line-locked"
        );
    }
}

#[test]
fn ex07_phase_2_freshness() {
    let mut m = start(
        4,
        "",
        3,
        &[
            &["losing-sleep"],
            &[],
            &[],
            &["country-walk", "blackened-tree", "cloaked-figure"],
        ],
        &[],
    );
    build_turn(&mut m, &[(3, "country-walk", 2), (3, "blackened-tree", 2)]);
    m.act_by(0, "begin");
    m.act_by(0, "play losing-sleep p3.l0");
    m.act_by(0, "pass");
    defence_window(&mut m, 3);
    assert_eq!(
        m.refused_by(3, "play cloaked-figure p3.l2"),
        "phase-2-fresh"
    );
    own_window(&mut m, 3);
    m.act_by(3, "play cloaked-figure p3.l2");
    assert_eq!(line(&m, 3, 2), ["country-walk"]);
    assert_eq!(m.state().skips(Seat(3)), 1);
}

#[test]
fn ex08_top_card_rule() {
    let mut m = start(
        4,
        "",
        3,
        &[
            &["dread-old-god"],
            &[
                "disused-graveyard",
                "hidden-treasure",
                "distant-relative",
                "pray",
            ],
        ],
        &[],
    );
    build_turn(
        &mut m,
        &[(1, "disused-graveyard", 0), (1, "hidden-treasure", 0)],
    );
    m.act_by(0, "begin");
    m.act_by(0, "play dread-old-god p1.l0");
    m.act_by(0, "pass");
    assert_eq!(
        m.refused_by(1, "play distant-relative p1.l0"),
        "focus-remover-target"
    );
    m.act_by(1, "play pray p1.l0");
    assert_eq!(
        m.refused_by(1, "play distant-relative p1.l0"),
        "phase-2-fresh"
    );
    own_window(&mut m, 1);
    m.act_by(1, "play distant-relative p1.l0");
    assert_eq!(line(&m, 1, 0), ["disused-graveyard"]);
}

#[test]
fn ex09_activate_focus() {
    let mut m = start(
        4,
        "",
        3,
        &[
            &["activate-focus"],
            &[],
            &[
                "ruined-church",
                "encrypted-letter",
                "storm",
                "enlightening-conversation",
            ],
            &["tortured-soul", "dread-old-god"],
        ],
        &[],
    );
    redraw_turn(
        &mut m,
        &[(2, "ruined-church", 0), (2, "encrypted-letter", 0)],
    );
    assert!(m.state().discard_ids().contains(&"tortured-soul"));
    m.act_by(0, "begin");
    m.act_by(0, "play activate-focus p2.l0");
    assert_eq!(m.legal(0), ["pick tortured-soul"]);
    m.act_by(0, "pick tortured-soul");
    assert_eq!(
        line(&m, 2, 0),
        ["ruined-church", "encrypted-letter", "tortured-soul"]
    );
    assert!(m.state().discard_ids().contains(&"dread-old-god"));
    m.act_by(0, "pass");
    defence_window(&mut m, 2);
    assert!(m.is_legal(2, "play storm p2.l0"));
    assert!(m.is_legal(2, "play enlightening-conversation p2.l0"));
    m.act_by(2, "pass");
    assert!(m.state().line(Seat(2), 0).is_complete());
}

#[test]
fn ex10_coach_and_horses_blocked_means_a_forfeit() {
    let p1 = [
        "cloaked-figure",
        "historian",
        "pray",
        "fire",
        "locked-box",
        "fever",
        "roadside-inn",
    ];
    let mut m = start(
        4,
        "",
        3,
        &[
            &["coach-and-horses", "terrible-accident"],
            &p1,
            &[],
            &["dead-faint"],
        ],
        &[],
    );
    redraw_turn(&mut m, &[]);
    m.act_by(0, "begin");
    m.act_by(0, "play coach-and-horses p1.l2");
    let seen = m.last_events(Viewer::Seat(Seat(2))).join("\n");
    assert!(
        seen.contains("blocked") && !seen.contains("cloaked-figure"),
        "{seen}"
    );
    m.act("chance: terrible-accident");
    assert!(
        m.last_events(Viewer::Seat(Seat(2)))
            .iter()
            .all(|t| !t.contains("terrible-accident"))
    );
    assert!(
        m.last_events(Viewer::Seat(Seat(1)))
            .iter()
            .any(|t| t.contains("terrible-accident"))
    );
    m.act_by(1, "pick dead-faint");
    m.act_by(1, "pick terrible-accident");
    let s = m.state();
    assert!(
        !s.hand(Seat(0))
            .contains(parlour_haunted::deck().find("terrible-accident").unwrap().0)
    );
    assert!(
        s.hand(Seat(0))
            .contains(parlour_haunted::deck().find("dead-faint").unwrap().0)
    );
    assert_eq!(s.hand(Seat(1)).len(), 7);
    assert!(s.discard_ids().contains(&"terrible-accident"));
    assert!(!s.discard_ids().contains(&"dead-faint"));

    // Only Historian as an Acquaintance: P1 discards it, no forfeit.
    let p1 = [
        "historian",
        "pray",
        "fire",
        "locked-box",
        "fever",
        "roadside-inn",
        "storm",
    ];
    let mut m = start(4, "", 3, &[&["coach-and-horses"], &p1], &[]);
    build_turn(&mut m, &[]);
    m.act_by(0, "begin");
    m.act_by(0, "play coach-and-horses p1.l2");
    assert_eq!(m.legal(1), ["pick historian"]);
    m.act_by(1, "pick historian");
    assert_eq!(m.state().hand(Seat(1)).len(), 6);
}

#[test]
fn ex11_urchin_thief() {
    let p1 = [
        "pray",
        "village-idiot",
        "locked-box",
        "fire",
        "dread-old-god",
        "psychic",
        "fever",
    ];
    let mut m = start(4, "", 3, &[&["urchin-thief"], &p1], &[]);
    build_turn(&mut m, &[]);
    m.act_by(0, "begin");
    m.act_by(0, "play urchin-thief p1.l0");
    let mut o = m.legal(1);
    o.sort();
    assert_eq!(
        o,
        [
            "pick fever",
            "pick pray",
            "pick psychic",
            "pick village-idiot"
        ]
    );
    m.act_by(1, "pick fever");
    assert_eq!(m.state().hand(Seat(1)).len(), 7);
    assert_eq!(m.state().lodged_holder(), Some(Seat(1)));
    m.act_by(0, "pass");
    assert!(m.legal(1).iter().all(|a| !a.contains("urchin-thief")));
    finish_turn(&mut m);
    m.act_by(1, "begin");
    pass_until(&mut m, |s| s.phase() == Phase::Discard);
    assert!(m.legal(1).iter().any(|a| a == "discard urchin-thief"));
    m.act_by(1, "discard urchin-thief");
    assert_eq!(m.state().lodged_holder(), None);
}

#[test]
fn ex12_transformation_without_acquaintances() {
    let mut m = start(
        4,
        "",
        3,
        &[
            &["transformation"],
            &["roadside-inn", "engraved-coin", "foreign-village"],
        ],
        &[],
    );
    build_turn(
        &mut m,
        &[
            (1, "roadside-inn", 0),
            (1, "engraved-coin", 0),
            (1, "foreign-village", 1),
        ],
    );
    m.act_by(0, "begin");
    m.act_by(0, "play transformation p1.l2");
    assert!(m.state().line(Seat(1), 1).is_complete());
    assert_eq!(m.state().scores()[1], 19);

    let mut m = start(
        4,
        "",
        3,
        &[&["transformation"], &["historian", "psychic"]],
        &[],
    );
    build_turn(&mut m, &[]);
    let before = m.state().hand(Seat(1)).len();
    m.act_by(0, "begin");
    m.act_by(0, "play transformation p1.l2");
    let h = m.state().hand_ids(Seat(1));
    assert_eq!(h.len() as u32, before);
    assert!(!h.contains(&"historian") && !h.contains(&"psychic"));
    assert!((0..3).all(|l| m.state().line(Seat(1), l).is_unstarted()));
}

#[test]
fn ex13_garrotted() {
    for (test_card, acqs, expect) in [
        ("pray", true, "nothing"),
        ("locked-box", true, "discard"),
        ("locked-box", false, "complete"),
    ] {
        let mut p2 = vec!["ruined-church", "country-walk", "tin-whistle"];
        if acqs {
            p2.extend(["psychic", "historian"]);
        }
        // P3's refill after the setup turn draws one card first.
        let mut m = start(4, "", 3, &[&["garrotted"], &[], &p2], &["fire", test_card]);
        build_turn(
            &mut m,
            &[
                (2, "ruined-church", 0),
                (2, "country-walk", 1),
                (2, "tin-whistle", 1),
            ],
        );
        m.act_by(0, "begin");
        m.act_by(0, "play garrotted p2.l0");
        match expect {
            "nothing" => {
                assert_eq!(m.seat_to_act(), 0);
                assert!(m.state().discard_ids().ends_with(&["pray", "garrotted"]));
            }
            "discard" => {
                m.act_by(2, "pick psychic");
                assert!(!m.state().hand_ids(Seat(2)).contains(&"psychic"));
            }
            _ => assert!(m.state().line(Seat(2), 1).is_complete()),
        }
    }
}

#[test]
fn ex14_hidden_compartment_support_outcome_with_a_tie() {
    for test_card in ["refreshments", "archaeological-dig"] {
        let mut m = start(
            4,
            "",
            3,
            &[
                &["hidden-compartment", "ruined-church", "hidden-treasure"],
                &[
                    "roadside-inn",
                    "country-walk",
                    "locked-box",
                    "search-the-area",
                    "pleasant-company",
                ],
                &["foreign-village"],
                &["private-library", "auction-of-curiosities", "tin-whistle"],
            ],
            &[
                "fire",
                "storm",
                "arrested",
                "possession",
                test_card,
                "pray",
                "fever",
            ],
        );
        build_turn(
            &mut m,
            &[
                (3, "private-library", 1),
                (3, "auction-of-curiosities", 2),
                (3, "tin-whistle", 2),
                (0, "ruined-church", 0),
                (0, "hidden-treasure", 0),
                (1, "roadside-inn", 0),
                (1, "country-walk", 1),
                (1, "locked-box", 1),
                (2, "foreign-village", 0),
            ],
        );
        assert_eq!(m.state().stock_ids()[0], test_card);
        m.act_by(0, "begin");
        m.act_by(0, "play hidden-compartment p1.l0");
        m.act_by(1, "yes");
        if test_card == "archaeological-dig" {
            assert!(m.state().line(Seat(1), 0).is_unstarted());
            continue;
        }
        // Tie draw: P2 reveals pray, P3 reveals fever; FEVER < PRAY, so P3 gives.
        let log = m.log(Viewer::Seat(Seat(0))).join("\n");
        assert!(
            log.contains("seat 2 reveals pray") && log.contains("seat 3 reveals fever"),
            "{log}"
        );
        assert_eq!(
            m.state().chance_hint().split(':').next(),
            Some("stockpile shuffle")
        );
        m.draw_due_chance();
        assert_eq!(m.legal(1), ["line p1.l2"]);
        m.act_by(1, "line p1.l2");
        assert_eq!(line(&m, 1, 2), ["private-library"]);
        assert!(m.state().line(Seat(3), 1).is_unstarted());
        m.act_by(0, "pass");
        assert!(m.is_legal(1, "play search-the-area p1.l2"));
        assert!(m.is_legal(1, "play pleasant-company p1.l2"));
    }
}

fn quiet_turn(m: &mut Scenario<State>) -> u8 {
    let a = m.state().active().0;
    m.act_by(a, "begin");
    finish_turn(m);
    a
}

#[test]
fn ex16_fisticuffs_and_skipped_turns() {
    let mut m = start(4, "", 3, &[&["fisticuffs"]], &[]);
    build_turn(&mut m, &[]);
    m.act_by(0, "begin");
    m.act_by(0, "play fisticuffs p3.l1");
    assert_eq!((m.state().skips(Seat(3)), m.state().skips(Seat(0))), (1, 1));
    // P3 still defends in this turn.
    m.act_by(0, "pass");
    defence_window(&mut m, 3);
    finish_turn(&mut m);
    let order: Vec<u8> = (0..6).map(|_| quiet_turn(&mut m)).collect();
    assert_eq!(order, [1, 2, 1, 2, 3, 0]);
}

#[test]
fn ex17_refill_reshuffles_the_discard_pile_when_the_stockpile_runs_out() {
    let mut m = start(4, "", 3, &[], &[]);
    let mut reshuffled = false;
    for _ in 0..12 {
        let a = m.state().active().0;
        let before = m.state().stock_ids().len();
        let pile = m.state().discard_ids().len();
        m.act_by(a, "redraw");
        if before < 7 {
            // The stockpile's `before` cards are drawn, the discard pile (with the discarded
            // hand) becomes the new stockpile, and the rest is drawn from it.
            assert_eq!(m.state().chance_hint().split(':').next(), Some("reshuffle"));
            m.draw_due_chance();
            assert_eq!(m.state().hand(Seat(a)).len(), 7);
            assert_eq!(m.state().stock_ids().len(), pile + 7 - (7 - before));
            reshuffled = m
                .log(Viewer::Spectator)
                .iter()
                .any(|t| t.contains("shuffled into a new stockpile"));
            break;
        }
        pass_until(&mut m, |s| s.phase() == Phase::TurnStart);
    }
    assert!(reshuffled);
}

#[test]
fn ex18_final_scoring_three_players() {
    let mut m = start(
        3,
        "",
        0,
        &[
            &[
                "wealthy-relatives-mansion",
                "mysterious-door",
                "dread-old-god",
                "private-library",
                "religious-doctrine",
                "fire",
            ],
            &[
                "foreign-village",
                "pouch-of-runestones",
                "magical-summoning",
                "ruined-church",
                "ancient-manuscript",
            ],
            &[
                "roadside-inn",
                "disused-graveyard",
                "tin-whistle",
                "ocean-bound-vessel",
                "locked-box",
                "hunting-spirit",
            ],
        ],
        &[
            "tortured-soul",
            "archaeological-dig",
            "historical-find",
            "storm",
            "arrested",
            "possession",
        ],
    );
    build_turn(
        &mut m,
        &[
            (0, "wealthy-relatives-mansion", 0),
            (0, "mysterious-door", 0),
            (0, "dread-old-god", 0),
            (0, "private-library", 1),
            (0, "religious-doctrine", 1),
            (1, "foreign-village", 0),
            (1, "pouch-of-runestones", 0),
            (1, "magical-summoning", 0),
            (1, "ruined-church", 1),
            (1, "ancient-manuscript", 1),
            (2, "roadside-inn", 0),
            (2, "disused-graveyard", 1),
            (2, "tin-whistle", 1),
            (2, "ocean-bound-vessel", 2),
            (2, "locked-box", 2),
        ],
    );
    build_turn(
        &mut m,
        &[
            (0, "tortured-soul", 1),
            (0, "archaeological-dig", 2),
            (0, "historical-find", 2),
        ],
    );
    assert_eq!(m.state().complete_lines(Seat(0)), 2);
    m.act_by(2, "begin");
    m.act_by(2, "play hunting-spirit p0.l2");
    m.act_by(2, "pass");
    m.act_by(0, "pass");
    let s = m.state();
    assert_eq!(s.loser(), Some(Seat(0)));
    let o = s.outcome().unwrap();
    assert_eq!(&o.scores[1..], [19, 15]);
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), [Seat(2)]);
    assert_eq!(parlour_haunted::ranking(s), [Seat(2), Seat(1), Seat(0)]);
}

/// Ex 18's variant: P2 scores 19 too (one complete line and a two-card line), so P1 and P2
/// tie for the lowest score when P0 completes its third line.
fn ex18_tie(opts: &str) -> Scenario<State> {
    let mut m = start(
        3,
        opts,
        0,
        &[
            &[
                "wealthy-relatives-mansion",
                "mysterious-door",
                "dread-old-god",
                "private-library",
                "religious-doctrine",
                "fire",
            ],
            &[
                "foreign-village",
                "pouch-of-runestones",
                "magical-summoning",
                "ruined-church",
                "ancient-manuscript",
            ],
            &[
                "disused-graveyard",
                "tin-whistle",
                "ocean-bound-vessel",
                "locked-box",
                "hunting-spirit",
                "fateful-possession",
            ],
        ],
        &[
            "tortured-soul",
            "archaeological-dig",
            "historical-find",
            "storm",
            "arrested",
            "possession",
        ],
    );
    build_turn(
        &mut m,
        &[
            (0, "wealthy-relatives-mansion", 0),
            (0, "mysterious-door", 0),
            (0, "dread-old-god", 0),
            (0, "private-library", 1),
            (0, "religious-doctrine", 1),
            (1, "foreign-village", 0),
            (1, "pouch-of-runestones", 0),
            (1, "magical-summoning", 0),
            (1, "ruined-church", 1),
            (1, "ancient-manuscript", 1),
            (2, "disused-graveyard", 1),
            (2, "tin-whistle", 1),
            (2, "ocean-bound-vessel", 2),
            (2, "locked-box", 2),
            (2, "hunting-spirit", 2),
        ],
    );
    build_turn(
        &mut m,
        &[
            (0, "tortured-soul", 1),
            (0, "archaeological-dig", 2),
            (0, "historical-find", 2),
        ],
    );
    m.act_by(2, "begin");
    m.act_by(2, "play fateful-possession p0.l2");
    m.act_by(2, "pass");
    m.act_by(0, "pass");
    m
}

#[test]
fn ex18_tie_shares_the_win_by_default() {
    let m = ex18_tie("");
    let s = m.state();
    assert_eq!(s.loser(), Some(Seat(0)));
    let o = s.outcome().expect("over at once");
    assert_eq!(o.scores, [39, 19, 19]);
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), [Seat(1), Seat(2)]);
    assert_eq!(s.tiebreak_games(), 0);
    assert_eq!(parlour_haunted::ranking(s), [Seat(1), Seat(2), Seat(0)]);
}

/// The whole deck, top first, dealing `hands` (in dealing order, from the first player) and
/// then `stock`; hands are padded with filler support cards.
fn stacked_deal(h: usize, hands: &[&[&str]], stock: &[&str]) -> String {
    let named: Vec<&str> = hands
        .iter()
        .flat_map(|x| x.iter().copied())
        .chain(stock.iter().copied())
        .collect();
    let mut fillers = FILLERS.iter().copied().filter(|f| !named.contains(f));
    let full: Vec<Vec<&str>> = hands
        .iter()
        .map(|x| {
            let mut v = x.to_vec();
            while v.len() < h {
                v.push(fillers.next().expect("enough fillers"));
            }
            v
        })
        .collect();
    let mut order: Vec<&str> = Vec::new();
    for r in 0..h {
        order.extend(full.iter().map(|v| v[r]));
    }
    order.extend(stock.iter().copied());
    for c in 0..parlour_haunted::deck().len() {
        let id = parlour_haunted::deck().id(Card(c as u8));
        if !order.contains(&id) {
            order.push(id);
        }
    }
    order.join(" ")
}

/// One turn of the tie-break's `a` against `b` (seat 0 sits out): `a` plays `card` on
/// `b`'s line 0 in phase 1, every window passes, and `a` discards `discard`.
fn tiebreak_turn(m: &mut Scenario<State>, a: u8, b: u8, card: Option<&str>, discard: &str) {
    m.act_by(a, "begin");
    if let Some(card) = card {
        m.act_by(a, &format!("play {card} p{b}.l0"));
    }
    m.act_by(a, "pass");
    m.act_by(b, "pass");
    if m.state().outcome().is_some() {
        return;
    }
    m.act_by(a, "pass");
    m.act_by(b, "pass");
    m.act_by(a, &format!("discard {discard}"));
}

#[test]
fn ex18_tie_is_played_off_in_a_short_game_with_tiebreak_short_game() {
    let mut m = ex18_tie("tiebreak_short_game");
    {
        let s = m.state();
        // The main game is over with P0 the loser, but P1 and P2 tie on 19: no outcome yet,
        // the tie-break's first-player draw is due, among P1 and P2 only.
        assert_eq!(s.loser(), Some(Seat(0)));
        assert!(s.outcome().is_none());
        assert_eq!(s.to_act(), parlour_core::ToAct::Chance);
        assert_eq!(s.seated().iter().collect::<Vec<_>>(), [Seat(1), Seat(2)]);
        assert_eq!(s.scores(), [39, 19, 19]);
        assert!(
            s.chance_hint()
                .starts_with("first-player draw for the tie-break: 2")
        );
        let v0 = s.view(Some(Seat(0)));
        assert!(v0.sits_out);
        assert!(!s.view(Some(Seat(1))).sits_out);
        let tb = v0.tiebreak.clone().expect("tie-break in view");
        assert_eq!((tb.game, tb.main_loser), (1, Some(Seat(0))));
        assert_eq!(tb.seats, [Seat(1), Seat(2)]);
        assert_eq!(tb.main_scores, [39, 19, 19]);
        assert!(v0.to_string().contains("seat 0: sits out the tie-break"));
        assert!(
            m.log(Viewer::Spectator)
                .iter()
                .any(|t| t.contains("seats 1 2 tie for the lowest score"))
        );
    }
    // One card per seat taking part, in seat order: ACTIVATEFOCUS < FEVER, so P2 starts.
    let mut probe = m.state().clone();
    assert!(
        probe
            .apply_chance(
                probe.parse_chance("fever activate-focus pray").unwrap(),
                &mut ()
            )
            .is_err(),
        "one card per seat taking part"
    );
    m.act("chance: fever activate-focus");
    assert_eq!(m.state().active(), Seat(2));
    // The fresh setup: every card gathered, 9 each dealt from P2, none to P0.
    let p2 = [
        "roadside-inn",
        "curious-painting",
        "hunting-spirit",
        "refreshments",
        "send-telegram",
        "over-indulgence",
    ];
    m.act(&format!("chance: {}", stacked_deal(9, &[&p2, &[]], &[])));
    {
        let s = m.state();
        assert_eq!(s.hand(Seat(2)).len(), 9);
        assert_eq!(s.hand(Seat(1)).len(), 9);
        assert!(s.hand(Seat(0)).is_empty());
        assert!(
            s.line_ids(Seat(0), 0).is_empty(),
            "P0's lines were gathered"
        );
        assert_eq!(s.table_scores(), [0, 0, 0]);
        assert_eq!(
            s.scores(),
            [39, 19, 19],
            "the record keeps the main game's scores"
        );
        assert_eq!(m.seat_to_act(), 2);
    }
    m.act_by(2, "begin");
    // P0 sits out: its lines are no target, and it never acts.
    assert_eq!(
        m.refused_by(2, "play roadside-inn p0.l0"),
        "tiebreak-sits-out"
    );
    assert!(m.legal(2).iter().all(|o| !o.contains("p0.")));
    assert!(m.legal(0).is_empty());
    assert!(m.apply_entry("0: pass").is_err());
    m.act_by(2, "play roadside-inn p1.l0");
    // P0 has no window: after P2's attack comes P1's defence window, then the own-line round.
    m.act_by(2, "pass");
    assert_eq!(m.state().phase(), Phase::Defence(Seat(1)));
    m.act_by(1, "pass");
    assert_eq!(m.state().phase(), Phase::OwnLine(Seat(2)));
    m.act_by(2, "pass");
    assert_eq!(m.state().phase(), Phase::OwnLine(Seat(1)));
    m.act_by(1, "pass");
    m.act_by(2, "discard refreshments");
    assert_eq!(m.state().hand(Seat(2)).len(), 9, "refilled to 9");
    let d1 = m.state().hand_ids(Seat(1))[0];
    tiebreak_turn(&mut m, 1, 2, None, d1);
    tiebreak_turn(&mut m, 2, 1, Some("curious-painting"), "send-telegram");
    let d1 = m.state().hand_ids(Seat(1))[0];
    tiebreak_turn(&mut m, 1, 2, None, d1);
    // P1's first complete line loses the short game: P2 wins the tie-break and the game.
    tiebreak_turn(&mut m, 2, 1, Some("hunting-spirit"), "over-indulgence");
    let s = m.state();
    assert_eq!(
        s.line_ids(Seat(1), 0),
        ["roadside-inn", "curious-painting", "hunting-spirit"]
    );
    let o = s.outcome().expect("the tie-break decided the game");
    assert_eq!(o.scores, [39, 19, 19]);
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), [Seat(2)]);
    assert_eq!(s.loser(), Some(Seat(0)));
    assert_eq!(s.tiebreak_loser(), Some(Seat(1)));
    assert_eq!(parlour_haunted::ranking(s), [Seat(2), Seat(1), Seat(0)]);
    // The record replays to the same end.
    let again = parlour_record::Match::<State>::from_record(&m.to_record()).unwrap();
    assert_eq!(again.state().outcome(), Some(o));
}

#[test]
fn ex19_short_game() {
    let mut m = start(
        2,
        "short_game",
        1,
        &[
            &["tortured-soul"],
            &["wealthy-relatives-mansion", "mysterious-door"],
        ],
        &[],
    );
    assert_eq!(m.state().hand(Seat(0)).len(), 9);
    build_turn(
        &mut m,
        &[
            (1, "wealthy-relatives-mansion", 0),
            (1, "mysterious-door", 0),
        ],
    );
    assert_eq!(m.state().hand(Seat(1)).len(), 9, "refilled to 9");
    m.act_by(0, "begin");
    m.act_by(0, "play tortured-soul p1.l0");
    m.act_by(0, "pass");
    m.act_by(1, "pass");
    let o = m.state().outcome().expect("over after one complete line");
    assert_eq!(m.state().loser(), Some(Seat(1)));
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), [Seat(0)]);
}

#[test]
fn ex20_hallucination() {
    for (test_card, expect) in [
        ("hunting-spirit", "lap"),
        ("locked-box", "advantage"),
        ("pray", "forfeit"),
    ] {
        let mut m = start(
            4,
            "",
            3,
            &[&["hallucination"]],
            &["fire", test_card, "storm", "arrested", "possession"],
        );
        build_turn(&mut m, &[]);
        m.act_by(0, "begin");
        m.act_by(0, "play hallucination p2.l1");
        let log = m.last_events(Viewer::Spectator).join("\n");
        match expect {
            "lap" => {
                assert!(
                    log.contains("Lap of the Gods for seat 2: possession"),
                    "{log}"
                );
                assert!(!log.contains("looks at"));
            }
            "advantage" => {
                assert_eq!(m.seat_to_act(), 2);
                assert_eq!(m.state().view(Some(Seat(2))).looking_at.len(), 2);
            }
            _ => {
                assert_eq!(
                    m.state().chance_hint(),
                    "random take: the id of the card taken from seat 2's hand"
                );
            }
        }
    }
}

#[test]
fn ex21_attacked() {
    let mut m = start(
        4,
        "",
        3,
        &[
            &["attacked", "ruined-church", "hidden-treasure"],
            &["foreign-village"],
            &[
                "roadside-inn",
                "curious-painting",
                "country-walk",
                "nervous-exhaustion",
            ],
            &["pray"],
        ],
        &[],
    );
    redraw_turn(
        &mut m,
        &[
            (2, "roadside-inn", 0),
            (2, "curious-painting", 0),
            (2, "country-walk", 1),
        ],
    );
    assert!(
        m.state()
            .hand(Seat(3))
            .iter()
            .all(|c| parlour_haunted::deck().card_type(Card(c)) != CardType::Setting)
    );
    m.act_by(0, "begin");
    m.act_by(0, "play attacked p2.l0");
    assert_eq!(m.seat_to_act(), 0, "P3 holds no Setting, P0 is asked next");
    m.act_by(0, "pick ruined-church");
    assert_eq!(m.legal(0), ["line p2.l2"]);
    m.act_by(0, "line p2.l2");
    m.act_by(0, "pick pray");
    assert!(m.state().hand_ids(Seat(0)).contains(&"pray"));
    assert!(
        m.state().hand_ids(Seat(1)).contains(&"foreign-village"),
        "P1 is not asked"
    );
    assert_eq!(line(&m, 2, 2), ["ruined-church"]);
    assert_eq!(
        m.refused_by(0, "play hidden-treasure p2.l2"),
        "one-card-per-line"
    );
    m.act_by(0, "pass");
    defence_window(&mut m, 2);
    assert!(m.is_legal(2, "play nervous-exhaustion p2.l2"));
}

#[test]
fn ex22_illegal_search_the_area() {
    let mut m = start(
        4,
        "",
        3,
        &[
            &[],
            &[
                "wealthy-relatives-mansion",
                "locked-box",
                "search-the-area",
                "avid-collector",
                "cloaked-figure",
            ],
        ],
        &[],
    );
    build_turn(
        &mut m,
        &[(1, "wealthy-relatives-mansion", 0), (1, "locked-box", 0)],
    );
    m.act_by(0, "begin");
    own_window(&mut m, 1);
    assert_eq!(
        m.refused_by(1, "play search-the-area p1.l0"),
        "setting-remover-target"
    );
    assert!(m.is_legal(1, "play cloaked-figure p1.l0"));
    m.act_by(1, "play avid-collector p1.l0");
    m.act_by(1, "play search-the-area p1.l0");
    assert!(m.state().line(Seat(1), 0).is_unstarted());
}

#[test]
fn ex23_forfeit_with_an_empty_hand() {
    let p3 = [
        "roadside-inn",
        "mysterious-door",
        "ruined-church",
        "hidden-treasure",
        "foreign-village",
        "buried-artefact",
        "losing-sleep",
    ];
    let mut m = start(4, "", 2, &[&["strange-mist", "fire"], &[], &[], &p3], &[]);
    build_turn(
        &mut m,
        &[
            (3, "roadside-inn", 0),
            (3, "mysterious-door", 0),
            (3, "ruined-church", 1),
            (3, "hidden-treasure", 1),
            (3, "foreign-village", 2),
            (3, "buried-artefact", 2),
            (3, "losing-sleep", 0),
        ],
    );
    assert!(m.state().hand(Seat(3)).is_empty());
    assert_eq!(m.state().active(), Seat(0), "P3's turn is missed");
    m.act_by(0, "begin");
    m.act_by(0, "play strange-mist p3.l0");
    assert_eq!(m.seat_to_act(), 0, "no forfeit prompt or chance");
    assert_eq!(m.refused_by(0, "play fire p3.l0"), "one-card-per-line");
}
