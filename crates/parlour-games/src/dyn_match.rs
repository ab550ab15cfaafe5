use std::any::Any;

use parlour_core::{Audit, Outcome, Seat, ToAct, Viewer, Voice};
use parlour_record::{Keep, Match, Record, StepError};
use serde_json::Value;

/// A game in progress whose type is known only at run time: everything the command line, the
/// engine protocol, the server and the learning environments (`parlour-env`, which adds action
/// ids and observations over it) need, with actions and outcomes as text and views as JSON.
///
/// It is implemented once, for a [`Match`] keeping any history; what needs the history (the
/// record, the log) is empty or absent for a match that keeps none ([`DynMatch::keeps_history`]).
pub trait DynMatch: Send + Sync {
    /// Registry id.
    fn game_id(&self) -> &'static str;
    /// Display name.
    fn game_name(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> u8;
    /// The seed chance is drawn from.
    fn seed(&self) -> u64;
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
    /// Whether the match keeps its history (a record and a log).
    fn keeps_history(&self) -> bool;
    /// The record so far.
    ///
    /// # Panics
    /// If the match keeps no history ([`DynMatch::keeps_history`]): only the batched
    /// environments and resampled games keep none, and they write no record.
    fn record(&self) -> Record;
    /// Everything that happened, as `viewer` may see it (empty where no history is kept).
    fn log(&self, viewer: Viewer) -> Vec<String>;
    /// The log from event `first` on, as `viewer` may see it ([`DynMatch::event_count`]).
    fn log_from(&self, viewer: Viewer, first: usize) -> Vec<String>;
    /// [`DynMatch::log_from`] written in `voice` ([`Voice::table`] for people at a table).
    fn log_in(&self, viewer: Viewer, first: usize, voice: Voice) -> Vec<String>;
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
    /// The state, a `G` of the registered game type, for code that dispatches on the game type
    /// again: a bot copies it and decides from an observation of it.
    fn state_any(&self) -> &dyn Any;
}

/// A view of some game, compared with [`PartialEq`]: views of different games are unequal.
pub struct ViewSnapshot(Box<dyn AnyEq>);

impl ViewSnapshot {
    /// The view as JSON, exactly as [`DynMatch::view_json`] gives it: a caller that compared
    /// views need not build the same one again to send it.
    #[must_use]
    pub fn to_json(&self) -> Value {
        self.0.to_json()
    }
}

trait AnyEq: Send {
    fn as_any(&self) -> &dyn Any;
    fn eq_any(&self, other: &dyn Any) -> bool;
    fn to_json(&self) -> Value;
}

impl<T: Eq + Send + serde::Serialize + 'static> AnyEq for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn eq_any(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
    fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("views serialise")
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

impl<G: Audit, H: Keep<G>> DynMatch for Match<G, H> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn game_name(&self) -> &'static str {
        G::NAME
    }
    fn players(&self) -> u8 {
        self.state().players()
    }
    fn seed(&self) -> u64 {
        Match::seed(self)
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
    fn keeps_history(&self) -> bool {
        self.history().options().is_some()
    }
    fn record(&self) -> Record {
        Match::record(self).expect("only a match that keeps its history is asked for a record")
    }
    fn log(&self, viewer: Viewer) -> Vec<String> {
        Match::log(self, viewer)
    }
    fn log_from(&self, viewer: Viewer, first: usize) -> Vec<String> {
        Match::log_from(self, viewer, first)
    }
    fn log_in(&self, viewer: Viewer, first: usize, voice: Voice) -> Vec<String> {
        Match::log_in(self, viewer, first, voice)
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
    fn state_any(&self) -> &dyn Any {
        self.state()
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::{Audit, Options, Seat, ToAct, Viewer};
    use parlour_record::{Match, play_to_end};

    use crate::{DynMatch, find, games, new_match, with_game};

    /// Plays a game to its end twice from one seed and the same choices, keeping the history
    /// and keeping nothing.
    fn kept_and_bare<G: Audit>(players: u8, options: &Options) {
        let pick = |state: &G, seat: Seat, step: &mut usize| {
            let mut legal = Vec::new();
            state.legal_actions(seat, &mut legal);
            *step += 1;
            legal[(*step * 7) % legal.len()]
        };
        let mut kept = Match::<G>::new(players, options.clone(), 21).unwrap();
        let mut bare = Match::<G, ()>::setup(players, options, 21).unwrap();
        let (mut a, mut b) = (0, 0);
        let n = play_to_end(&mut kept, |s, seat| pick(s, seat, &mut a)).unwrap();
        assert_eq!(
            play_to_end(&mut bare, |s, seat| pick(s, seat, &mut b)).unwrap(),
            n
        );
        assert_eq!(kept.state(), bare.state(), "{}", G::ID);
        assert!(kept.keeps_history() && !bare.keeps_history());
        assert!(bare.entries().is_empty() && bare.log(Viewer::Spectator).is_empty());
        assert_eq!(bare.record(), None);
        let replayed = Match::<G>::from_record(&kept.to_record()).unwrap();
        assert_eq!(replayed.state(), bare.state(), "{}", G::ID);
        assert_eq!(DynMatch::scores(&bare), DynMatch::scores(&kept));
    }

    #[test]
    fn a_match_that_keeps_nothing_plays_the_game_a_kept_one_records() {
        for g in games() {
            let options = g.parse_options("").unwrap();
            with_game!(g.id, G => kept_and_bare::<G>(g.default_players(), &options));
        }
    }

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
            assert_eq!(
                before.to_json(),
                json,
                "{game}: a snapshot's JSON is the view's"
            );

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
