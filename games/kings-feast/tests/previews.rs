//! The view's previews: the score of ending now, and the moves that would end the feast with an
//! Assassin the player knows of. They must agree with what playing the move does.

use parlour_core::{Game, Seat};
use parlour_kings_feast::{Action, BUILTIN_NAMES, Cell, EndReason, State};
use parlour_testkit::{Scenario, play_seeded};
use rand::seq::IndexedRandom;

#[test]
fn peeking_at_the_known_assassin_is_flagged() {
    // The Priest face up; the Assassin face down on its diagram seat, so the player knows it.
    let layout = "name: s\ntitle: S\nprovenance: DESIGNED\nsetup:\n3U 1D 11D\ngoal:\n3 1 11\n";
    let mut m = Scenario::<State>::new(1, &format!("arrangement={layout}"), 0, &[] as &[&str]);
    let v = m.view(0);
    assert!(v.fatal.is_empty(), "{:?}", v.fatal);
    let end = v.end_now.expect("a running game previews its end");
    assert_eq!(
        (end.least, end.exact, end.title.as_str()),
        (0, true, "A Kingly Feast")
    );

    m.act("0: activate 0,0");
    let v = m.view(0);
    assert_eq!(v.fatal.len(), 1, "{:?}", v.fatal);
    assert_eq!(v.fatal[0].action, "target 0,1");
    assert_eq!(v.fatal[0].reason, EndReason::AssassinPeeked);
    assert!(v.legal.contains(&"target 0,2".to_owned()));
    // A spectator is warned of nothing: it has no move.
    assert!(m.state().view(None).fatal.is_empty());
}

#[test]
fn previews_agree_with_what_the_move_does() {
    let mut checked = (0, 0);
    for arr in BUILTIN_NAMES {
        for seed in 0..40 {
            let options = format!("arrangement={arr}");
            play_seeded::<State>(1, &options, seed, |d, rng| {
                let st = d.state;
                let v = st.view(Some(Seat(0)));
                let end = v.end_now.clone().expect("running");
                if d.legal.contains(&Action::EndGame) {
                    let mut done = st.clone();
                    done.apply(Seat(0), Action::EndGame, &mut ()).unwrap();
                    let score = done.final_score();
                    assert!(end.least <= score, "{arr} seed {seed}: {end:?} vs {score}");
                    if end.exact {
                        assert_eq!(end.least, score, "{arr} seed {seed}");
                    }
                    checked.0 += 1;
                }
                let assassin_known = v.cells.iter().any(|c| {
                    matches!(
                        c,
                        Cell::Known { value: 1, .. } | Cell::FaceUp { value: 1, .. }
                    )
                });
                for &a in d.legal {
                    let mut after = st.clone();
                    after.apply(Seat(0), a, &mut ()).unwrap();
                    let by_assassin = matches!(
                        after.end_reason(),
                        Some(EndReason::AssassinPeeked | EndReason::AssassinRevealed)
                    );
                    let flagged = v.fatal.iter().any(|f| f.action == st.action_text(a));
                    assert_eq!(
                        flagged,
                        by_assassin && assassin_known,
                        "{arr} seed {seed}: {a:?}"
                    );
                    checked.1 += usize::from(flagged);
                }
                // Anything but the end, so games run long.
                let choices: Vec<Action> = d
                    .legal
                    .iter()
                    .copied()
                    .filter(|&a| a != Action::EndGame)
                    .collect();
                *choices.choose(rng).unwrap_or(&d.legal[0])
            });
        }
    }
    // Both previews were exercised, the warning included.
    assert!(checked.0 > 1000, "{checked:?}");
    assert!(checked.1 > 10, "{checked:?}");
}
