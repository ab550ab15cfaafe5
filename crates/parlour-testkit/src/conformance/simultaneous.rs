//! Simultaneous nodes: until every commitment is in, nobody can tell which one a seat made.
//!
//! Searching a view for secret ids misses a fact that *vanishes* (a card another seat knew of,
//! dropped from its view when its holder commits that very card). So each legal commitment of
//! each owing seat is applied to a copy, and every other viewer's view, legal actions and event
//! texts must come out the same whichever commitment it was.

use parlour_core::{Game, Seat, SeatSet, Viewer};

/// What one viewer (a seat, or a spectator for `None`) is shown right after a commitment.
#[derive(PartialEq, Debug)]
struct Shown<G: Game> {
    view: G::View,
    legal: Vec<G::Action>,
    events: Vec<String>,
}

fn shown<G: Game>(state: &G, events: &[G::Event], viewer: Option<Seat>) -> Shown<G> {
    let mut legal = Vec::new();
    if let Some(seat) = viewer {
        state.legal_actions(seat, &mut legal);
    }
    let as_viewer = viewer.map_or(Viewer::Spectator, Viewer::Seat);
    Shown {
        view: state.view(viewer),
        legal,
        events: events
            .iter()
            .filter_map(|e| state.describe_event(e, as_viewer))
            .collect(),
    }
}

/// At a node where the seats in `owing` (more than one) still owe a commitment: for each of
/// them, every legal commitment leaves every other viewer shown the same.
///
/// # Panics
/// Where some viewer is shown something different for two commitments of one seat.
pub(crate) fn check_simultaneous<G: Game>(state: &G, owing: SeatSet, ctx: &str) {
    if owing.len() < 2 {
        return;
    }
    let mut legal = Vec::new();
    for seat in owing.iter() {
        state.legal_actions(seat, &mut legal);
        let viewers: Vec<Option<Seat>> = std::iter::once(None)
            .chain(Seat::all(state.players()).filter(|&v| v != seat).map(Some))
            .collect();
        let mut first: Option<(G::Action, Vec<Shown<G>>)> = None;
        for &a in &legal {
            let mut s = state.clone();
            let mut events = Vec::new();
            s.apply(seat, a, &mut events)
                .unwrap_or_else(|e| panic!("{ctx}: legal commitment {a:?} rejected: {e}"));
            let now: Vec<Shown<G>> = viewers.iter().map(|&v| shown(&s, &events, v)).collect();
            match &first {
                None => first = Some((a, now)),
                Some((b, then)) => {
                    for (i, (x, y)) in then.iter().zip(&now).enumerate() {
                        assert!(
                            x == y,
                            "{ctx}: {} can tell seat {seat}'s commitment {b:?} from {a:?} \
                             before every commitment is in:\n{x:#?}\nversus\n{y:#?}",
                            viewers[i].map_or("a spectator".to_owned(), |v| format!("seat {v}")),
                        );
                    }
                }
            }
        }
    }
}
