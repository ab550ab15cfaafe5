//! Simultaneous nodes: until every commitment is in, nobody can tell which one a seat made.
//!
//! Searching a view for secret ids misses a fact that *vanishes* (a card another seat knew of,
//! dropped from its view when its holder commits that very card). So each legal commitment of
//! each owing seat is applied to a copy, and every other viewer's view, legal actions and event
//! texts (and, in `check_encoding`, observations) must come out the same whichever it was.

use parlour_core::{Game, GameRng, Seat, SeatSet, Viewer};
use rand::Rng;

/// What one viewer (a seat, or a spectator for `None`) is shown of a state right after a step:
/// its view, its legal actions and the step's event texts.
#[derive(PartialEq, Debug)]
pub(crate) struct Shown<G: Game> {
    view: G::View,
    legal: Vec<G::Action>,
    events: Vec<String>,
}

impl<G: Game> Shown<G> {
    /// What `viewer` is shown of `state`, reached by a step that caused `events`.
    pub(crate) fn of(state: &G, events: &[G::Event], viewer: Option<Seat>) -> Self {
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
                .filter_map(|e| state.describe_event(e, as_viewer, parlour_core::Voice::TRACE))
                .collect(),
        }
    }
}

/// Which owing seat acts next in a random playout: any of them where several owe a commitment.
/// One draw only where there is a choice, so sequential games keep their paths.
pub(crate) fn pick_owing(owing: SeatSet, rng: &mut GameRng) -> Seat {
    let seats: Vec<Seat> = owing.iter().collect();
    if seats.len() > 1 {
        seats[rng.random_range(0..seats.len())]
    } else {
        seats[0]
    }
}

/// Two commitments of one seat that some reader tells apart.
pub(crate) struct Told<A, T> {
    /// The first commitment tried.
    pub(crate) first: A,
    /// A later one that reads differently.
    pub(crate) other: A,
    /// Which reading differs (an index into what `see` returned).
    pub(crate) at: usize,
    /// That reading after `first`.
    pub(crate) then: T,
    /// That reading after `other`.
    pub(crate) now: T,
}

/// Applies each of `seat`'s `legal` commitments to a copy of `state` and reads it with `see`
/// (one reading per other viewer); the first pair of commitments that some reading tells apart.
///
/// # Panics
/// Where a legal commitment is rejected.
pub(crate) fn tell_commitments_apart<G: Game, T: PartialEq>(
    state: &G,
    seat: Seat,
    legal: &[G::Action],
    see: impl Fn(&G, &[G::Event]) -> Vec<T>,
    ctx: &str,
) -> Option<Told<G::Action, T>> {
    let mut first: Option<(G::Action, Vec<T>)> = None;
    for &a in legal {
        let mut s = state.clone();
        let mut events = Vec::new();
        s.apply(seat, a, &mut events)
            .unwrap_or_else(|e| panic!("{ctx}: legal commitment {a:?} rejected: {e}"));
        let mut now = see(&s, &events);
        let Some((b, then)) = &first else {
            first = Some((a, now));
            continue;
        };
        let Some(at) = (0..now.len()).find(|&i| then[i] != now[i]) else {
            continue;
        };
        let b = *b;
        let (_, mut then) = first.expect("set at the first commitment");
        return Some(Told {
            first: b,
            other: a,
            at,
            then: then.swap_remove(at),
            now: now.swap_remove(at),
        });
    }
    None
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
        let see = |s: &G, events: &[G::Event]| {
            viewers
                .iter()
                .map(|&v| Shown::of(s, events, v))
                .collect::<Vec<_>>()
        };
        if let Some(t) = tell_commitments_apart(state, seat, &legal, see, ctx) {
            panic!(
                "{ctx}: {} can tell seat {seat}'s commitment {:?} from {:?} before every \
                 commitment is in:\n{:#?}\nversus\n{:#?}",
                viewers[t.at].map_or("a spectator".to_owned(), |v| format!("seat {v}")),
                t.first,
                t.other,
                t.then,
                t.now,
            );
        }
    }
}
