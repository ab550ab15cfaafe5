//! A table's turn clocks: a time bank per seat that runs while a person in that seat must act,
//! with a Fischer increment after each of its actions.
//!
//! Only people's clocks run: a bot's bank stays as it was. The table stores every seat's bank
//! with each step; a table loaded again starts its running clocks afresh, so time while no
//! process served the table (a restart) is not charged.

use std::time::Duration;

use parlour_core::Seat;
use parlour_protocol::{ClockSettings, ClockState};
use tokio::time::Instant;

/// The banks of one table's seats, and which of them run now.
#[derive(Clone, Debug)]
pub(crate) struct Clocks {
    settings: ClockSettings,
    /// Per seat: the bank in milliseconds as of `since` (or now, if it does not run).
    bank_ms: Vec<u64>,
    /// Per seat: since when its clock runs.
    since: Vec<Option<Instant>>,
    /// Per seat: whether a person sits there (only their clocks run).
    human: Vec<bool>,
    /// Per seat: its bank ran out and a bot is deciding for it; the clock stays stopped.
    out: Vec<bool>,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Clocks {
    /// Clocks with the banks stored (`banks`, per seat), or every bank full if none were
    /// stored (or the stored list does not fit the seats). None runs yet.
    pub(crate) fn new(settings: ClockSettings, human: Vec<bool>, banks: &[u64]) -> Clocks {
        let full = u64::from(settings.bank_secs) * 1000;
        let bank_ms = if banks.len() == human.len() {
            banks.to_vec()
        } else {
            vec![full; human.len()]
        };
        Clocks {
            settings,
            since: vec![None; human.len()],
            out: vec![false; human.len()],
            bank_ms,
            human,
        }
    }

    /// The settings.
    pub(crate) fn settings(&self) -> ClockSettings {
        self.settings
    }

    /// `seat`'s bank at `now`.
    pub(crate) fn remaining(&self, seat: usize, now: Instant) -> u64 {
        match self.since[seat] {
            Some(t) => self.bank_ms[seat].saturating_sub(millis(now.saturating_duration_since(t))),
            None => self.bank_ms[seat],
        }
    }

    /// Every seat's bank at `now`; if `acted` is a person's seat, with the increment its action
    /// earns. This is what is stored with a step.
    pub(crate) fn banks_at(&self, now: Instant, acted: Option<Seat>) -> Vec<u64> {
        let mut banks: Vec<u64> = (0..self.bank_ms.len())
            .map(|s| self.remaining(s, now))
            .collect();
        if let Some(seat) = acted
            && self.human.get(seat.index()).copied().unwrap_or(false)
        {
            banks[seat.index()] =
                banks[seat.index()].saturating_add(u64::from(self.settings.increment_secs) * 1000);
        }
        banks
    }

    /// Takes on `banks` (from [`Clocks::banks_at`] at `now`, now stored): the seat that acted
    /// stops; every other running clock goes on from its new bank.
    pub(crate) fn stored(&mut self, banks: Vec<u64>, now: Instant, acted: Option<Seat>) {
        debug_assert_eq!(banks.len(), self.bank_ms.len());
        self.bank_ms = banks;
        for since in &mut self.since {
            if since.is_some() {
                *since = Some(now);
            }
        }
        if let Some(seat) = acted
            && let Some(since) = self.since.get_mut(seat.index())
        {
            *since = None;
        }
    }

    /// Runs exactly the clocks of the people in `to_act` (none when the table is not in play),
    /// charging any that stops for its time. A seat whose bank ran out stays stopped until
    /// [`Clocks::back`].
    pub(crate) fn run(&mut self, to_act: &[u8], now: Instant) {
        for s in 0..self.bank_ms.len() {
            let should =
                self.human[s] && !self.out[s] && to_act.iter().any(|&a| usize::from(a) == s);
            match (self.since[s], should) {
                (None, true) => self.since[s] = Some(now),
                (Some(_), false) => {
                    self.bank_ms[s] = self.remaining(s, now);
                    self.since[s] = None;
                }
                _ => {}
            }
        }
    }

    /// The earliest moment a running bank reaches 0 (never, for a bank past what the clock
    /// can count).
    pub(crate) fn next_deadline(&self) -> Option<Instant> {
        (0..self.bank_ms.len())
            .filter_map(|s| self.since[s]?.checked_add(Duration::from_millis(self.bank_ms[s])))
            .min()
    }

    /// Stops every running clock whose bank is empty at `now` and returns those seats: a bot
    /// decides for each, and the clock stays stopped until [`Clocks::back`].
    pub(crate) fn expire(&mut self, now: Instant) -> Vec<Seat> {
        let mut out = Vec::new();
        for s in 0..self.bank_ms.len() {
            if self.since[s].is_some() && self.remaining(s, now) == 0 {
                self.bank_ms[s] = 0;
                self.since[s] = None;
                self.out[s] = true;
                out.push(Seat(u8::try_from(s).expect("seats fit in a u8")));
            }
        }
        out
    }

    /// The bot deciding for `seat` after its bank ran out is done: its clock may run again
    /// (with what its move earned).
    pub(crate) fn back(&mut self, seat: Seat) {
        if let Some(o) = self.out.get_mut(seat.index()) {
            *o = false;
        }
    }

    /// The clocks as a client is sent them.
    pub(crate) fn state(&self, now: Instant) -> ClockState {
        ClockState {
            remaining_ms: (0..self.bank_ms.len())
                .map(|s| self.remaining(s, now))
                .collect(),
            running: (0..self.bank_ms.len())
                .filter(|&s| self.since[s].is_some())
                .map(|s| u8::try_from(s).expect("seats fit in a u8"))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clocks(bank_secs: u32, increment_secs: u32) -> Clocks {
        Clocks::new(
            ClockSettings {
                bank_secs,
                increment_secs,
            },
            vec![true, false, true],
            &[],
        )
    }

    #[test]
    fn only_people_to_act_run_and_are_charged_when_they_stop() {
        let mut c = clocks(10, 0);
        let t0 = Instant::now();
        c.run(&[0, 1], t0);
        assert_eq!(c.state(t0).running, [0]);
        let t1 = t0 + Duration::from_millis(2500);
        assert_eq!(c.remaining(0, t1), 7500);
        assert_eq!(c.remaining(1, t1), 10_000);
        c.run(&[2], t1);
        assert_eq!(c.state(t1).running, [2]);
        let t2 = t1 + Duration::from_secs(60);
        assert_eq!(c.state(t2).remaining_ms, [7500, 10_000, 0]);
    }

    #[test]
    fn an_action_earns_the_increment_and_stops_that_clock_only() {
        let mut c = clocks(10, 5);
        let t0 = Instant::now();
        c.run(&[0, 2], t0);
        let t1 = t0 + Duration::from_secs(3);
        let banks = c.banks_at(t1, Some(Seat(0)));
        assert_eq!(banks, [12_000, 10_000, 7000]);
        c.stored(banks, t1, Some(Seat(0)));
        // Seat 0 has acted in a simultaneous turn; seat 2 still decides.
        c.run(&[2], t1);
        let t2 = t1 + Duration::from_secs(1);
        assert_eq!(c.state(t2).remaining_ms, [12_000, 10_000, 6000]);
        assert_eq!(c.state(t2).running, [2]);
        // A bot's action earns nothing: its bank never moves.
        assert_eq!(c.banks_at(t2, Some(Seat(1)))[1], 10_000);
    }

    #[test]
    fn an_empty_bank_expires_once_until_the_bot_is_back() {
        let mut c = clocks(10, 0);
        let t0 = Instant::now();
        c.run(&[0], t0);
        assert_eq!(c.next_deadline(), Some(t0 + Duration::from_secs(10)));
        assert!(c.expire(t0 + Duration::from_secs(9)).is_empty());
        let t1 = t0 + Duration::from_secs(10);
        assert_eq!(c.expire(t1), [Seat(0)]);
        assert_eq!(c.next_deadline(), None);
        c.run(&[0], t1);
        assert_eq!(c.next_deadline(), None);
        c.back(Seat(0));
        c.run(&[0], t1);
        assert_eq!(c.next_deadline(), Some(t1));
    }

    #[test]
    fn a_huge_stored_bank_never_runs_out() {
        let settings = ClockSettings {
            bank_secs: 10,
            increment_secs: 600,
        };
        let mut c = Clocks::new(settings, vec![true], &[u64::MAX]);
        let t0 = Instant::now();
        c.run(&[0], t0);
        let hour = t0 + Duration::from_secs(3600);
        assert!(c.next_deadline().is_none_or(|d| d > hour));
        assert!(c.expire(hour).is_empty());
        assert_eq!(c.banks_at(t0, Some(Seat(0))), [u64::MAX]);
    }

    #[test]
    fn stored_banks_are_taken_as_they_are() {
        let settings = ClockSettings {
            bank_secs: 10,
            increment_secs: 0,
        };
        let c = Clocks::new(settings, vec![true, false], &[1234, 10_000]);
        assert_eq!(c.state(Instant::now()).remaining_ms, [1234, 10_000]);
        // Banks that do not fit the seats are not trusted.
        let c = Clocks::new(settings, vec![true, false], &[1234]);
        assert_eq!(c.state(Instant::now()).remaining_ms, [10_000, 10_000]);
    }
}
