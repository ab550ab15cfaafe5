//! Limits on making tables: per client address, and on tables open at once, so one client cannot
//! fill the server's memory or database.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::{AppError, Shared};

/// Tables each client address may make per minute (a burst of as many, refilled evenly).
pub struct PerAddress {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    checks: AtomicU64,
}

impl PerAddress {
    /// A limit of `per_minute` tables per address, or `None` for no limit.
    #[must_use]
    pub fn new(per_minute: u32) -> Option<PerAddress> {
        let n = NonZeroU32::new(per_minute)?;
        Some(PerAddress {
            limiter: RateLimiter::keyed(Quota::per_minute(n)),
            checks: AtomicU64::new(0),
        })
    }

    /// Counts one table made by `addr`, or refuses it with how long to wait.
    ///
    /// # Errors
    /// [`AppError::TooMany`] when `addr` made its share already.
    pub fn check(&self, addr: IpAddr) -> Result<(), AppError> {
        // Forget addresses whose budget is full again now and then, so the map stays small.
        if self.checks.fetch_add(1, Ordering::Relaxed) % 1024 == 1023 {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&addr).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            AppError::TooMany {
                message: "too many tables made from this address: try again later".to_owned(),
                retry_after: wait.as_secs() + 1,
            }
        })
    }
}

impl std::fmt::Debug for PerAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerAddress").finish_non_exhaustive()
    }
}

/// One place among the open tables, taken before a new table is stored. Dropped, it gives the
/// place back; [`TableSlot::keep`] hands it to the table that started.
#[derive(Debug)]
pub(crate) struct TableSlot {
    /// `None` once kept.
    shared: Option<Arc<Shared>>,
}

impl TableSlot {
    /// Takes a place if fewer than `max` tables are open (`0`: no limit). Checking and counting
    /// are one step, so requests arriving together cannot all pass a check made before any of
    /// them counted.
    pub(crate) fn take(shared: &Arc<Shared>, max: u64) -> Option<TableSlot> {
        shared
            .tables_open
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                (max == 0 || n < max).then_some(n + 1)
            })
            .ok()?;
        Some(TableSlot {
            shared: Some(shared.clone()),
        })
    }

    /// The table now counts itself open, and gives the place back when it finishes.
    pub(crate) fn keep(mut self) {
        self.shared = None;
    }
}

impl Drop for TableSlot {
    fn drop(&mut self) {
        if let Some(shared) = &self.shared {
            shared.tables_open.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_burst_then_waits_and_others_are_not_affected() {
        let limit = PerAddress::new(3).unwrap();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        for _ in 0..3 {
            limit.check(a).unwrap();
        }
        match limit.check(a) {
            Err(AppError::TooMany { retry_after, .. }) => {
                assert!((1..=21).contains(&retry_after), "{retry_after}");
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
        limit.check(b).unwrap();
        assert!(PerAddress::new(0).is_none());
    }

    #[test]
    fn a_table_slot_is_given_back_unless_a_table_keeps_it() {
        let shared = Arc::new(Shared::default());
        let open = || shared.tables_open.load(Ordering::Relaxed);
        let a = TableSlot::take(&shared, 2).unwrap();
        let b = TableSlot::take(&shared, 2).unwrap();
        assert!(TableSlot::take(&shared, 2).is_none());
        assert_eq!(open(), 2);
        drop(a);
        assert_eq!(open(), 1);
        b.keep();
        assert_eq!(open(), 1);
        TableSlot::take(&shared, 0).unwrap().keep();
        TableSlot::take(&shared, 0).unwrap().keep();
        assert_eq!(open(), 3);
        // A kept slot leaves nothing behind: only this test holds the counters.
        assert_eq!(Arc::strong_count(&shared), 1);
    }
}
