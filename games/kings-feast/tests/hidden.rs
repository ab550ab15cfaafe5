//! Hidden information: the player's view shows face-up cards and the face-down cards the player
//! has seen and tracked, and nothing else; a spectator sees face-up cards only.

use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_kings_feast::{BUILTIN_NAMES, Cell, Pos, State, card_id};
use rand::Rng;

fn check_view(st: &State) {
    let over = st.to_act() == ToAct::Terminal;
    let arr = st.arrangement();
    for viewer in [Some(Seat(0)), None] {
        let v = st.view(viewer);
        let json = serde_json::to_string(&v).unwrap();
        for r in 0..arr.rows {
            for c in 0..arr.cols {
                let cell = &v.cells[usize::from(r) * usize::from(arr.cols) + usize::from(c)];
                let Some(card) = st.card_at(Pos::new(r, c)) else {
                    assert_eq!(*cell, Cell::Hole);
                    continue;
                };
                let up = st.is_face_up(card) || over;
                let knows = viewer.is_some() && st.knows() & (1 << card) != 0;
                match cell {
                    Cell::FaceUp { value, .. } => assert!(up && *value == card),
                    Cell::Known { value, .. } => assert!(!up && knows && *value == card),
                    Cell::FaceDown => assert!(!up && !knows),
                    Cell::Hole => panic!("a seat shown as a hole"),
                }
                if !up && !knows {
                    let id = format!("\"{}\"", card_id(card));
                    assert!(
                        !json.contains(&id),
                        "{viewer:?} view shows hidden {id}: {json}"
                    );
                }
            }
        }
        // The text picture never names a hidden card either.
        let text = v.to_string();
        for s in st.secrets(viewer) {
            let v = parlour_kings_feast::parse_card(&s).unwrap();
            let name = format!("{v} {}", parlour_kings_feast::card_name(v));
            // The grid lies between the title line and the goal.
            let cells_part = text
                .split("Goal:")
                .next()
                .unwrap()
                .split_once('\n')
                .unwrap()
                .1;
            assert!(
                !cells_part.contains(&name),
                "{viewer:?} picture shows hidden {name}:\n{text}"
            );
        }
    }
}

#[test]
fn views_never_show_an_unseen_face_down_card() {
    for arr in BUILTIN_NAMES {
        let opts = Options::parse_list(State::OPTIONS, &format!("arrangement={arr}")).unwrap();
        for seed in 0..30 {
            let mut st = State::new(1, &opts).unwrap();
            let mut rng = rng_from_seed(seed);
            let mut buf = Vec::new();
            loop {
                match st.to_act() {
                    ToAct::Terminal => {
                        check_view(&st);
                        break;
                    }
                    ToAct::Chance => {
                        let c = st.sample_chance(&mut rng);
                        st.apply_chance(c, &mut ()).unwrap();
                    }
                    ToAct::Seats(_) => {
                        check_view(&st);
                        st.legal_actions(Seat(0), &mut buf);
                        let a = buf[rng.random_range(0..buf.len())];
                        st.apply(Seat(0), a, &mut ()).unwrap();
                    }
                }
            }
        }
    }
}

#[test]
fn peeked_cards_are_marked_for_the_player_only() {
    // Beginner's Banquet, the Priest dealt face up on (1,0); peek at (2,0).
    let m = parlour_record::replay::<State>(
        1,
        "arrangement=beginners_banquet",
        0,
        &[
            "chance: deal vizier hermit priest guard scholar noble coachman",
            "0: activate 1,0",
            "0: target 2,0",
        ],
    )
    .unwrap();
    let st = m.state();
    let mine = st.view(Some(Seat(0)));
    assert!(matches!(&mine.cells[6], Cell::Known { card, .. } if card == "scholar"));
    assert_eq!(st.view(None).cells[6], Cell::FaceDown);
    let picture = mine.to_string();
    assert!(picture.contains("[13 Scholar]"), "{picture}");
    assert!(picture.contains("[ ? ]"), "{picture}");
    // The Hermit on (0,2) was never seen.
    assert_eq!(mine.cells[2], Cell::FaceDown);
    assert!(st.secrets(Some(Seat(0))).contains(&"hermit".to_owned()));
    // The peek's event names the card to the player and hides it from a spectator.
    let log = m.log(parlour_core::Viewer::Seat(Seat(0))).join("\n");
    assert!(log.contains("peeked at 2,0: scholar"), "{log}");
    let public = m.log(parlour_core::Viewer::Spectator).join("\n");
    assert!(!public.contains("scholar"), "{public}");
}

#[test]
fn the_display_draws_the_grid() {
    let m = parlour_record::replay::<State>(1, "arrangement=round_table_roast", 4, &[]).unwrap();
    let text = m.state().view(Some(Seat(0))).to_string();
    assert!(text.contains("Round Table Roast"), "{text}");
    assert!(text.contains("18 King"), "{text}");
    assert!(text.contains("[1 Assassin]"), "{text}");
    assert!(text.contains("Goal:"), "{text}");
    assert!(text.contains("activate"), "{text}");
    // Five rows of cells and five of the goal.
    assert!(
        text.lines().filter(|l| l.starts_with(" 4  ")).count() == 2,
        "{text}"
    );
}
