use parlour_core::{Game, Outcome, Seat, ToAct, Viewer};
use parlour_record::{Match, Record, StepError};
use serde_json::Value;

/// A game in progress whose type is known only at run time: everything the command line, the
/// engine protocol and the server need, with actions and outcomes as text and views as JSON.
pub trait DynMatch: Send {
    /// Registry id.
    fn game_id(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> u8;
    /// Who must decide now.
    fn to_act(&self) -> ToAct;
    /// At a chance node: what is due and how its outcome is written.
    fn chance_hint(&self) -> Option<String>;
    /// `seat`'s legal actions as text, in canonical order.
    fn legal(&self, seat: Seat) -> Vec<String>;
    /// Applies a record entry (`"<seat>: <action>"` or `"chance: <outcome>"`).
    ///
    /// # Errors
    /// A malformed or illegal entry; nothing changes.
    fn apply_entry(&mut self, entry: &str) -> Result<(), StepError>;
    /// Applies `seat`'s action in notation.
    ///
    /// # Errors
    /// Text that does not parse, or an illegal action; nothing changes.
    fn apply_action_text(&mut self, seat: Seat, text: &str) -> Result<(), StepError>;
    /// Applies a stated chance outcome.
    ///
    /// # Errors
    /// No chance due, or a bad outcome; nothing changes.
    fn apply_chance_text(&mut self, text: &str) -> Result<(), StepError>;
    /// Draws the due chance outcome from the seed; returns its text, or `None` if none is due.
    fn draw_chance(&mut self) -> Option<String>;
    /// Draws chance outcomes until a player must act or the game ends.
    fn draw_due_chance(&mut self);
    /// A viewer's view as JSON (`None` = spectator).
    fn view_json(&self, viewer: Option<Seat>) -> Value;
    /// A viewer's view as an opaque value, equal to another exactly when the views are: a
    /// cheaper change check than comparing JSON.
    fn view_snapshot(&self, viewer: Option<Seat>) -> ViewSnapshot;
    /// A viewer's view drawn for a terminal.
    fn view_text(&self, viewer: Option<Seat>) -> String;
    /// Running scores.
    fn scores(&self) -> Vec<i32>;
    /// The result once over.
    fn outcome(&self) -> Option<Outcome>;
    /// Rounds begun.
    fn round(&self) -> u32;
    /// The record so far.
    fn record(&self) -> Record;
    /// Everything that happened, as `viewer` may see it.
    fn log(&self, viewer: Viewer) -> Vec<String>;
    /// The log from event `first` on, as `viewer` may see it ([`DynMatch::event_count`]).
    fn log_from(&self, viewer: Viewer, first: usize) -> Vec<String>;
    /// Events so far, hidden ones included.
    fn event_count(&self) -> usize;
    /// The record's entries so far, without copying them.
    fn entries(&self) -> &[String];
    /// What the latest entry caused, as `viewer` may see it.
    fn last_events(&self, viewer: Viewer) -> Vec<String>;
    /// Ids of the cards (or other secrets) `viewer` must not see now ([`Match::secrets`]: the
    /// game's, less those a public event of this step named), for leak tests of anything that
    /// shows a game to a viewer (`None` = spectator).
    fn secrets(&self, viewer: Option<Seat>) -> Vec<String>;
    /// The concrete `Match<G>`, for code that dispatches on the game type again (bots).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A view of some game, compared with [`PartialEq`]: views of different games are unequal.
pub struct ViewSnapshot(Box<dyn AnyEq>);

trait AnyEq: Send {
    fn as_any(&self) -> &dyn std::any::Any;
    fn eq_any(&self, other: &dyn std::any::Any) -> bool;
}

impl<T: Eq + Send + 'static> AnyEq for T {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn eq_any(&self, other: &dyn std::any::Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
}

impl PartialEq for ViewSnapshot {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_any(other.0.as_any())
    }
}

impl std::fmt::Debug for ViewSnapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ViewSnapshot")
    }
}

impl<G: Game> DynMatch for Match<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn players(&self) -> u8 {
        self.state().players()
    }
    fn to_act(&self) -> ToAct {
        self.state().to_act()
    }
    fn chance_hint(&self) -> Option<String> {
        (self.state().to_act() == ToAct::Chance).then(|| self.state().chance_hint())
    }
    fn legal(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.state().legal_actions(seat, &mut out);
        out.into_iter()
            .map(|a| self.state().action_text(a))
            .collect()
    }
    fn apply_entry(&mut self, entry: &str) -> Result<(), StepError> {
        Match::apply_entry(self, entry)
    }
    fn apply_action_text(&mut self, seat: Seat, text: &str) -> Result<(), StepError> {
        Match::apply_action_text(self, seat, text)
    }
    fn apply_chance_text(&mut self, text: &str) -> Result<(), StepError> {
        Match::apply_chance_text(self, text)
    }
    fn draw_chance(&mut self) -> Option<String> {
        (self.state().to_act() == ToAct::Chance).then(|| Match::draw_chance(self))
    }
    fn draw_due_chance(&mut self) {
        Match::draw_due_chance(self);
    }
    fn view_json(&self, viewer: Option<Seat>) -> Value {
        serde_json::to_value(self.state().view(viewer)).expect("views serialise")
    }
    fn view_snapshot(&self, viewer: Option<Seat>) -> ViewSnapshot {
        ViewSnapshot(Box::new(self.state().view(viewer)))
    }
    fn view_text(&self, viewer: Option<Seat>) -> String {
        self.state().view(viewer).to_string()
    }
    fn scores(&self) -> Vec<i32> {
        self.state().scores()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }
    fn round(&self) -> u32 {
        self.state().round()
    }
    fn record(&self) -> Record {
        self.to_record()
    }
    fn log(&self, viewer: Viewer) -> Vec<String> {
        Match::log(self, viewer)
    }
    fn log_from(&self, viewer: Viewer, first: usize) -> Vec<String> {
        Match::log_from(self, viewer, first)
    }
    fn event_count(&self) -> usize {
        Match::event_count(self)
    }
    fn entries(&self) -> &[String] {
        Match::entries(self)
    }
    fn last_events(&self, viewer: Viewer) -> Vec<String> {
        Match::last_events(self, viewer)
    }
    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        Match::secrets(self, viewer)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::{Seat, ToAct, Viewer};

    use crate::{find, new_match};

    fn dealt(game: &str, seed: u64) -> Box<dyn crate::DynMatch> {
        let info = find(game).unwrap();
        let options = info.parse_options("").unwrap();
        let mut m = new_match(game, info.default_players(), options, seed).unwrap();
        m.draw_due_chance();
        m
    }

    #[test]
    fn view_snapshots_are_equal_exactly_when_the_views_are() {
        for game in ["troll-tricker", "haunted", "holy-matrimony"] {
            let mut m = dealt(game, 3);
            let ToAct::Seats(seats) = m.to_act() else {
                panic!("{game}: a seat acts after the deal");
            };
            let actor = seats.iter().next().unwrap();
            for s in Seat::all(m.players()) {
                assert_eq!(m.view_snapshot(Some(s)), m.view_snapshot(Some(s)));
            }
            assert_ne!(
                m.view_snapshot(Some(Seat(0))),
                m.view_snapshot(Some(Seat(1)))
            );
            let before = m.view_snapshot(Some(actor));
            let json = m.view_json(Some(actor));
            let first = m.legal(actor)[0].clone();
            m.apply_action_text(actor, &first).unwrap();
            m.draw_due_chance();
            assert_eq!(
                before == m.view_snapshot(Some(actor)),
                json == m.view_json(Some(actor)),
                "{game}: the snapshot and the JSON disagree about a change"
            );
            // Views of different games never compare equal.
            assert_ne!(
                dealt("troll-tricker", 3).view_snapshot(None),
                dealt("rebel-runs", 3).view_snapshot(None)
            );
        }
    }

    #[test]
    fn the_log_from_an_event_is_the_tail_of_the_whole_log() {
        let mut m = dealt("troll-tricker", 9);
        let mut marks = vec![0];
        for _ in 0..12 {
            let ToAct::Seats(seats) = m.to_act() else {
                break;
            };
            let s = seats.iter().next().unwrap();
            let a = m.legal(s)[0].clone();
            m.apply_action_text(s, &a).unwrap();
            m.draw_due_chance();
            marks.push(m.event_count());
        }
        for v in [Viewer::Spectator, Viewer::Seat(Seat(1))] {
            let whole = m.log(v);
            let mut joined = Vec::new();
            for w in marks.windows(2) {
                let part = m.log_from(v, w[0]);
                assert_eq!(part, whole[whole.len() - part.len()..]);
                let next = m.log_from(v, w[1]);
                joined.extend(part[..part.len() - next.len()].iter().cloned());
            }
            joined.extend(m.log_from(v, *marks.last().unwrap()));
            assert_eq!(joined, whole);
            assert!(m.log_from(v, m.event_count() + 5).is_empty());
        }
    }
}
