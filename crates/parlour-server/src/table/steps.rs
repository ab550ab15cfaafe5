//! How a table moves on: a seat's action is checked, applied and stored with the chance it makes
//! due; then the moves of the quick bots who must answer, and the chance they make due, are
//! applied and stored in one more append. Nobody hears of a step before it is stored; then every
//! connection gets one state per step, in order, as if each had been stored on its own.
//!
//! A person's action with three bots answering is two waits for the store, not four, and the
//! person's own step waits for no bot.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use parlour_core::{Seat, SeatSet, ToAct};
use parlour_protocol::{SeatKind, Status};
use tokio::time::Instant;
use tracing::{info, warn};

use super::{Frame, Table};
use crate::clock::Clocks;
use crate::metrics::seconds;
use crate::reject::Rejection;
use crate::resume::resume;
use crate::store::StoreError;

/// Most steps stored in one append. A table of bots that plays on longer stores what it has and
/// lets its inbox be served before it goes on ([`Table::schedule_bots`]).
const MOST_STEPS_AT_ONCE: usize = 64;

/// What a table told nobody yet, put back if its steps cannot be stored.
struct Undo {
    step: u64,
    status: Status,
    changed_at: Vec<u64>,
    log_sent: BTreeMap<Option<Seat>, usize>,
    clocks: Option<Clocks>,
}

impl Undo {
    /// What `table` has told everyone so far.
    fn of(table: &Table) -> Undo {
        Undo {
            step: table.step,
            status: table.status,
            changed_at: table.changed_at.clone(),
            log_sent: table.log_sent.clone(),
            clocks: table.clocks.clone(),
        }
    }
}

impl Table {
    /// Checks and applies one seat's action, stores it with what follows it at once (chance and
    /// quick bots' moves), and tells everyone. On refusal nothing changes.
    pub(super) async fn act(
        &mut self,
        seat: Seat,
        action: &str,
        step: u64,
    ) -> Result<(), Rejection> {
        if self.status != Status::Playing {
            return Err(Rejection::Status(self.status));
        }
        let to_act = match self.m.to_act() {
            ToAct::Seats(s) => s,
            _ => SeatSet::EMPTY,
        };
        if !to_act.contains(seat) {
            return Err(Rejection::NotYourTurn(seat));
        }
        if step < self.changed_at[seat.index()] || step > self.step {
            return Err(Rejection::Stale {
                decided: step,
                now: self.step,
            });
        }
        let started = Instant::now();
        self.m
            .apply_action_text(seat, action)
            .map_err(|e| Rejection::Illegal(e.to_string()))?;
        self.count_action();
        self.play_on(Some(seat))
            .await
            .map_err(Rejection::ActionNotStored)?;
        self.shared.metrics.step.observe(seconds(started.elapsed()));
        Ok(())
    }

    /// Applies what is due now without anyone deciding (chance, quick bots' moves), stores it
    /// and tells everyone, then starts the searching bots who must act.
    pub(super) async fn progress(&mut self) {
        if self.status == Status::Playing {
            // On failure nothing changed and nobody was told: the next command tries again
            // ([`Table::due`]).
            let _ = self.play_on(None).await;
        }
    }

    /// Whether something is due that no one is deciding: chance, or an idle bot's move (after
    /// steps that could not be stored were rolled back).
    pub(super) fn due(&self) -> bool {
        self.status == Status::Playing
            && match self.m.to_act() {
                ToAct::Chance => true,
                ToAct::Seats(seats) => seats.iter().any(|s| self.bots[s.index()].is_some()),
                ToAct::Terminal => false,
            }
    }

    /// Goes on from the entries applied since the last stored step: `acted`'s action if any (or
    /// chance a replay drew after a crash), the chance due, then the quick bots' moves. A
    /// person's step, with the chance it makes due, is stored and sent first, so that their
    /// answer waits for no bot; the bots' moves that follow go in one more append. Then the
    /// bots who must act are started. `Err` if the first append failed: nothing of it was kept.
    /// If the bots' append fails, their moves are undone and tried again later ([`Table::due`]).
    async fn play_on(&mut self, acted: Option<Seat>) -> Result<(), StoreError> {
        let person = acted.is_some_and(|s| self.seats[s.index()].kind == SeatKind::Human);
        let mut failed = None;
        if person {
            self.run_and_store(acted, false, &mut failed).await?;
        }
        let bots = self
            .run_and_store(acted.filter(|_| !person), true, &mut failed)
            .await;
        if let Some(seat) = failed {
            self.bot_failed(seat);
        } else if bots.is_ok() {
            self.schedule_bots();
        }
        Ok(())
    }

    /// Takes on the entries applied since the last stored step (`acted`'s action, if any), draws
    /// due chance and, if `bots`, plays the moves of idle quick bots (a panic's seat goes in
    /// `failed`), until a person or a searching bot must act, the game ends, or
    /// [`MOST_STEPS_AT_ONCE`]. Stores all of it (with the status it leads to and the clocks'
    /// banks) in one append, then sends every connection one state per step. If the store
    /// fails, the game and everything the table noted go back to the last stored step, and
    /// nobody is told anything.
    async fn run_and_store(
        &mut self,
        acted: Option<Seat>,
        bots: bool,
        failed: &mut Option<Seat>,
    ) -> Result<(), StoreError> {
        // Taken only once there is something to undo: most calls after a person's step have
        // no bot to play.
        let mut undo: Option<Undo> = None;
        let mut frames: Vec<Frame> = Vec::new();
        let mut banks = None;
        let mut last = acted;
        loop {
            if self.m.entries().len() as u64 > self.step {
                undo.get_or_insert_with(|| Undo::of(self));
                banks = self.settle(last);
                frames.push(self.frame());
            }
            if self.status != Status::Playing {
                break;
            }
            match self.m.to_act() {
                ToAct::Chance => {
                    self.m.draw_chance();
                    last = None;
                }
                // Chance is drawn even past the most: the stored game never ends waiting for it.
                ToAct::Seats(_) if !bots || frames.len() >= MOST_STEPS_AT_ONCE => break,
                ToAct::Seats(seats) => {
                    let quick = seats
                        .iter()
                        .find(|s| self.bots[s.index()].as_ref().is_some_and(|bot| bot.quick()));
                    let Some(seat) = quick else { break };
                    let mut bot = self.bots[seat.index()].take().expect("an idle bot");
                    let action = match self.choose_caught(&mut bot, seat) {
                        Ok(action) => action,
                        Err(panic) => {
                            warn!(%seat, error = %panic, "a bot failed");
                            *failed = Some(seat);
                            break;
                        }
                    };
                    self.bots[seat.index()] = Some(bot);
                    if let Err(e) = self.m.apply_action_text(seat, &action) {
                        warn!(%seat, error = %e, "bot action refused");
                        break;
                    }
                    self.count_action();
                    last = Some(seat);
                }
                ToAct::Terminal => break,
            }
        }
        let Some(undo) = undo else {
            return Ok(());
        };
        let stored = self.store_steps(undo.step, banks).await;
        match &stored {
            Ok(()) => {
                if self.status == Status::Finished && undo.status != Status::Finished {
                    self.shared.tables_open.fetch_sub(1, Ordering::Relaxed);
                    info!(step = self.step, "table finished");
                }
                for frame in frames {
                    self.send_frame(frame);
                }
            }
            Err(e) => {
                warn!(error = %e, "could not store a step; rolling back");
                self.undo(undo);
            }
        }
        stored
    }

    /// Takes on the entries applied since the last step as a step of the table, `acted`'s
    /// action if it is one: the status, the clocks and each seat's noted view follow it. Returns
    /// the banks to store with it.
    fn settle(&mut self, acted: Option<Seat>) -> Option<Vec<u64>> {
        let now = Instant::now();
        let banks = self.clocks.as_ref().map(|c| c.banks_at(now, acted));
        self.step = self.m.entries().len() as u64;
        if self.m.to_act() == ToAct::Terminal {
            self.status = Status::Finished;
        }
        if let (Some(c), Some(banks)) = (self.clocks.as_mut(), &banks) {
            c.stored(banks.clone(), now, acted);
        }
        self.run_clocks();
        self.note_changes(acted);
        banks
    }

    /// Stores the entries from step `old` on, the status and `banks` in one append.
    async fn store_steps(&mut self, old: u64, banks: Option<Vec<u64>>) -> Result<(), StoreError> {
        let started = Instant::now();
        let first = usize::try_from(old).expect("steps fit in memory");
        let stored = self
            .store
            .append(
                &self.id,
                old,
                &self.m.entries()[first..],
                self.status,
                banks.as_deref(),
            )
            .await;
        self.shared
            .metrics
            .store
            .observe(seconds(started.elapsed()));
        if let Err(e) = &stored {
            self.store_failed(e);
        }
        stored
    }

    /// Puts the table back as it was before steps that could not be stored.
    fn undo(&mut self, undo: Undo) {
        let mut back = self.m.record();
        back.actions
            .truncate(usize::try_from(undo.step).expect("steps fit in memory"));
        self.m = resume(&back).expect("the stored entries replayed when the table was loaded");
        self.step = undo.step;
        self.status = undo.status;
        self.changed_at = undo.changed_at;
        self.log_sent = undo.log_sent;
        self.clocks = undo.clocks;
        // Each seat's view as noted at that step, which it is again; `changed_at` as it was.
        for s in Seat::all(self.players) {
            self.seen[s.index()] = Some((self.m.view_snapshot(Some(s)), self.legal(s)));
        }
        self.seen_at = Some((self.m.entries().len(), self.status));
    }

    fn count_action(&self) {
        self.shared.actions_applied.fetch_add(1, Ordering::Relaxed);
        self.shared.metrics.actions.inc();
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::{Seat, ToAct};
    use parlour_protocol::{SeatKind, ServerMsg, Status};
    use tokio::sync::mpsc;

    use super::super::tests::stored_and_loaded;
    use super::super::{Cmd, OUTBOX, Sub, Table};
    use crate::bots::make_seat_bot;
    use crate::outgoing::Outgoing;
    use crate::reject::Rejection;
    use crate::store::Store;

    /// A stored four-seat Troll Tricker table in play, a person in seat 1 and random bots in the
    /// others, loaded with a spectator and seat 1 watching; the directory holds its database.
    async fn table() -> (
        tempfile::TempDir,
        Store,
        Table,
        [mpsc::Receiver<Outgoing>; 2],
        (mpsc::Sender<Cmd>, mpsc::Receiver<Cmd>),
    ) {
        let seats = (0..4)
            .map(|seat| match seat {
                0 => (seat, SeatKind::Human, "Ann"),
                _ => (seat, SeatKind::Bot, "random"),
            })
            .collect();
        let (dir, store, mut table, tx, rx) = stored_and_loaded("troll-tricker", seats, 11).await;
        table.note_changes(None);
        let heard = [None, Some(Seat(0))].map(|seat| {
            let (tx, rx) = mpsc::channel(OUTBOX);
            let conn = table.subs.len() as u64 + 1;
            table.subs.push(Sub {
                conn,
                seat,
                tx,
                away: false,
            });
            rx
        });
        (dir, store, table, heard, (tx, rx))
    }

    /// The steps of the states waiting in `rx`, in order.
    fn steps_heard(rx: &mut mpsc::Receiver<Outgoing>) -> Vec<u64> {
        let mut steps = Vec::new();
        while let Ok(out) = rx.try_recv() {
            if let ServerMsg::State { step, .. } = ServerMsg::decode(out.text()).unwrap() {
                steps.push(step);
            }
        }
        steps
    }

    /// The person's seat must act (it does after every append).
    fn persons_turn(table: &Table) -> bool {
        matches!(table.m.to_act(), ToAct::Seats(s) if s.contains(Seat(0)))
            || table.status == Status::Finished
    }

    /// The deal and the bots' moves up to the person's turn are one write. Each of the person's
    /// actions is one write, and the bots' answers up to the person's next turn one more. Every
    /// connection still hears one state per step, in order, and the store holds every step it
    /// heard of.
    #[tokio::test]
    async fn a_persons_step_is_one_write_and_the_bots_answers_one_more_with_a_state_each() {
        let (_dir, store, mut table, mut heard, _inbox) = table().await;
        table.progress().await;
        assert_eq!(table.shared.metrics.writes(), 1);
        assert!(persons_turn(&table));
        let mut step = 0;
        let mut actions = 0;
        let mut answered = 0;
        while table.status == Status::Playing {
            let before = table.step;
            let steps = steps_heard(&mut heard[0]);
            assert_eq!(steps, ((step + 1)..=before).collect::<Vec<_>>());
            assert_eq!(
                steps_heard(&mut heard[1]),
                steps,
                "seat 1 hears each step too"
            );
            step = before;
            let writes = table.shared.metrics.writes();
            let action = table.m.legal(Seat(0))[0].clone();
            table.act(Seat(0), &action, before).await.unwrap();
            actions += 1;
            let bots_moved = table.m.entries()[usize::try_from(before).unwrap()..]
                .iter()
                .any(|e| !e.starts_with("0:") && !e.starts_with("chance"));
            let more = table.shared.metrics.writes() - writes;
            assert_eq!(more, if bots_moved { 2 } else { 1 }, "action {actions}");
            answered += u64::from(bots_moved);
            assert!(persons_turn(&table));
        }
        let kept = store.load("t1").await.unwrap().unwrap();
        assert_eq!(kept.status, Status::Finished);
        assert_eq!(kept.entries, table.m.entries());
        assert_eq!(kept.entries.len() as u64, table.step);
        let last = steps_heard(&mut heard[0]);
        assert_eq!(last.last(), Some(&table.step));
        assert!(actions >= 13, "a whole game: {actions} actions");
        assert!(
            answered * 2 > actions,
            "the bots answered in one write: {answered}"
        );
        assert!(table.step > 3 * actions, "every bot's move was stored");
    }

    /// If the steps cannot be stored, the person's action is refused as not stored: nobody
    /// hears of any of them, and the table is as it was (the same states, and the person may
    /// act on what it last heard).
    #[tokio::test]
    async fn steps_that_cannot_be_stored_are_all_undone_and_nobody_hears_of_them() {
        let (_dir, store, mut table, mut heard, _inbox) = table().await;
        table.progress().await;
        steps_heard(&mut heard[0]);
        steps_heard(&mut heard[1]);
        let step = table.step;
        let states: Vec<String> = [None, Some(Seat(0))]
            .map(|v| table.state_msg(v, Vec::new()).encode())
            .to_vec();
        let changed_at = table.changed_at.clone();
        // Another writer took step `step`: the table's write of it fails.
        store
            .append("t1", step, &["0: x".to_owned()], Status::Playing, None)
            .await
            .unwrap();
        let action = table.m.legal(Seat(0))[0].clone();
        let refused = table.act(Seat(0), &action, step).await;
        assert!(
            matches!(refused, Err(Rejection::ActionNotStored(_))),
            "{refused:?}"
        );
        assert!(steps_heard(&mut heard[0]).is_empty());
        assert!(steps_heard(&mut heard[1]).is_empty());
        assert_eq!(table.step, step);
        assert_eq!(table.m.entries().len() as u64, step);
        assert_eq!(table.changed_at, changed_at);
        assert!(persons_turn(&table));
        let again: Vec<String> = [None, Some(Seat(0))]
            .map(|v| table.state_msg(v, Vec::new()).encode())
            .to_vec();
        assert_eq!(again, states);
        table.seen_at = None;
        let fresh: Vec<String> = [None, Some(Seat(0))]
            .map(|v| table.state_msg(v, Vec::new()).encode())
            .to_vec();
        assert_eq!(fresh, states, "what was noted is what the game shows");
        // Nothing is due: the table waits for the person.
        assert!(!table.due());
    }

    /// If the bots' answers cannot be stored, the person's step still stands (it was stored and
    /// sent first): the bots' moves are undone, nobody hears of them, and they are due again.
    #[tokio::test]
    async fn bots_answers_that_cannot_be_stored_leave_the_persons_step_standing() {
        let (_dir, store, mut table, mut heard, _inbox) = table().await;
        table.progress().await;
        steps_heard(&mut heard[0]);
        let step = table.step;
        // Another writer took the step after the person's: the bots' write of it fails.
        store
            .append("t1", step + 1, &["1: x".to_owned()], Status::Playing, None)
            .await
            .unwrap();
        let action = table.m.legal(Seat(0))[0].clone();
        table.act(Seat(0), &action, step).await.unwrap();
        assert_eq!(steps_heard(&mut heard[0]), [step + 1]);
        assert_eq!(table.step, step + 1);
        assert_eq!(table.m.entries().len() as u64, step + 1);
        assert!(table.due(), "the bots' moves are due again");
        assert_eq!(
            store.load("t1").await.unwrap().unwrap().entries[..=usize::try_from(step).unwrap()],
            table.m.entries()[..]
        );
    }

    /// Bots that would play on past [`super::MOST_STEPS_AT_ONCE`] steps store those and go on
    /// through the table's inbox, so that the inbox is served in between.
    #[tokio::test]
    async fn a_long_run_of_bot_moves_is_stored_in_parts() {
        let (_dir, _store, mut table, mut heard, (_tx, mut inbox)) = table().await;
        // The person's seat is played by a bot too.
        table.bots[0] = Some(make_seat_bot("troll-tricker", "random", 11, Seat(0)).unwrap());
        table.progress().await;
        assert_eq!(table.shared.metrics.writes(), 1);
        let steps = steps_heard(&mut heard[0]);
        assert_eq!(steps.len(), super::MOST_STEPS_AT_ONCE);
        assert_eq!(table.status, Status::Playing);
        assert!(table.step >= super::MOST_STEPS_AT_ONCE as u64);
        // The next bot decided, and its move waits in the inbox.
        let Ok(Cmd::BotDone { step, .. }) = inbox.try_recv() else {
            panic!("a bot's move is queued");
        };
        assert_eq!(step, table.step);
    }
}
