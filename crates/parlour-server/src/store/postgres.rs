//! The PostgreSQL back end, shared by several server processes, each holding a lease per table
//! it serves.

use std::time::Duration;

use parlour_protocol::Status;
use sqlx::PgConnection;
use sqlx::Row;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgPool, PgPoolOptions};

use super::group::GroupCommit;
use super::group::postgres::PgGroup;
use super::{
    INSERT_SEAT, INSERT_TABLE, SELECT_ENTRIES, SELECT_REMATCH, SELECT_SEATS, SELECT_TABLE,
    SELECT_UNFINISHED, SeatRow, StoreError, StoredTable, TableCols, banks_text, bind_seat,
    bind_table, clock_text, corrupt, kind_text, now_secs, status_text,
};

/// How long a lease lasts unless renewed. A process that dies holds its tables this long.
pub const LEASE: Duration = Duration::from_secs(10);

/// How often a table's task renews its lease: several times per [`LEASE`], so one slow renewal
/// does not lose it.
pub const RENEW_EVERY: Duration = Duration::from_secs(3);

/// A PostgreSQL pool, this process's lease owner id, and the writer that stores steps in group
/// commits.
#[derive(Clone, Debug)]
pub struct PgStore {
    pool: PgPool,
    /// Random per connected store (one per process), so a restarted process is a new owner and
    /// never mistakes a lease of its previous life for its own.
    owner: String,
    pub(super) group: GroupCommit,
}

/// The PostgreSQL migrations in `migrations/postgres/`, compiled in; as with SQLite's, their text
/// must never change.
static MIGRATOR: Migrator = sqlx::migrate!("./migrations/postgres");

/// The lease condition, for `$1` = table id and `$2` = owner. Every write adds `FOR UPDATE`, which
/// keeps the row locked until commit, so no other process can take the lease in between (not
/// even by [`PgStore::take_over_lease`]). Steps check many tables' leases at once in their group
/// commit (`group::postgres`), under the same condition.
const HELD: &str = "SELECT 1 FROM leases WHERE table_id = $1 AND owner = $2 AND expires > now()";

fn interval(d: Duration) -> String {
    format!("{} milliseconds", d.as_millis())
}

impl PgStore {
    pub(super) async fn connect(url: &str) -> Result<PgStore, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(8)
            .acquire_timeout(Duration::from_secs(5))
            .connect(url)
            .await?;
        // Several processes may start at once on a new database; the migrator takes an advisory
        // lock so only one of them creates the schema.
        MIGRATOR.run(&pool).await?;
        let owner = crate::token::new_token().map_err(|e| StoreError::Random(e.to_string()))?;
        let group = GroupCommit::start(PgGroup {
            pool: pool.clone(),
            owner: owner.clone(),
        });
        Ok(PgStore { pool, owner, group })
    }

    pub(super) fn owner(&self) -> &str {
        &self.owner
    }

    /// Inserts a new table's row, its seats and this process's lease on it.
    async fn insert(&self, conn: &mut PgConnection, t: &StoredTable) -> Result<(), StoreError> {
        bind_table!(sqlx::query(INSERT_TABLE), t)
            .execute(&mut *conn)
            .await?;
        for s in &t.seats {
            bind_seat!(sqlx::query(INSERT_SEAT), &t.id, s)
                .execute(&mut *conn)
                .await?;
        }
        // The creating process serves the new table.
        sqlx::query(
            "INSERT INTO leases (table_id, owner, expires) \
             VALUES ($1, $2, now() + $3::interval)",
        )
        .bind(&t.id)
        .bind(&self.owner)
        .bind(interval(LEASE))
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    pub(super) async fn create_table(&self, t: &StoredTable) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        self.insert(&mut tx, t).await?;
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn create_rematch(
        &self,
        old: &str,
        new: &StoredTable,
    ) -> Result<String, StoreError> {
        let mut tx = self.pool.begin().await?;
        let held = sqlx::query(&format!("{HELD} FOR UPDATE"))
            .bind(old)
            .bind(&self.owner)
            .fetch_optional(&mut *tx)
            .await?;
        if held.is_none() {
            return Err(StoreError::LeaseLost(old.to_owned()));
        }
        let done = sqlx::query("UPDATE tables SET rematch = $2 WHERE id = $1 AND rematch IS NULL")
            .bind(old)
            .bind(&new.id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            let existing: Option<Option<String>> = sqlx::query_scalar(SELECT_REMATCH)
                .bind(old)
                .fetch_optional(&mut *tx)
                .await?;
            return existing
                .flatten()
                .ok_or_else(|| corrupt(old, "no such table to rematch"));
        }
        self.insert(&mut tx, new).await?;
        tx.commit().await?;
        Ok(new.id.clone())
    }

    pub(super) async fn set_status(
        &self,
        table: &str,
        status: Status,
        resigned: Option<u8>,
    ) -> Result<(), StoreError> {
        let done = sqlx::query(&format!(
            "UPDATE tables SET status = $3, resigned = $4 WHERE id = $1 AND EXISTS ({HELD} FOR UPDATE)"
        ))
        .bind(table)
        .bind(&self.owner)
        .bind(status_text(status))
        .bind(resigned.map(i64::from))
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::LeaseLost(table.to_owned()));
        }
        Ok(())
    }

    pub(super) async fn set_joined(&self, table: &str, seat: u8) -> Result<(), StoreError> {
        let done = sqlx::query(&format!(
            "UPDATE seats SET joined = TRUE WHERE table_id = $1 AND seat = $3 AND EXISTS ({HELD} FOR UPDATE)"
        ))
        .bind(table)
        .bind(&self.owner)
        .bind(i64::from(seat))
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::LeaseLost(table.to_owned()));
        }
        Ok(())
    }

    pub(super) async fn load(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        // One snapshot, so the entries match the status read with them.
        let mut tx = self.pool.begin().await?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            .execute(&mut *tx)
            .await?;
        let Some(row) = sqlx::query_as::<_, TableCols>(SELECT_TABLE)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
        else {
            return Ok(None);
        };
        let seats = sqlx::query_as(SELECT_SEATS)
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
        let entries = sqlx::query_scalar(SELECT_ENTRIES)
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        row.into_stored(id, seats, entries).map(Some)
    }

    pub(super) async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(SELECT_UNFINISHED)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Tables in play that no live process holds (their owner died or let go), oldest first,
    /// at most `limit`.
    pub(super) async fn orphans(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id FROM tables t \
             LEFT JOIN leases l ON l.table_id = t.id AND l.expires > now() \
             WHERE t.status = 'playing' AND l.table_id IS NULL \
             ORDER BY t.created_at, t.id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get("id").map_err(StoreError::from))
            .collect()
    }

    /// Takes table `id`'s lease if it is free, expired or already ours. False if another live
    /// process holds it, or if there is no such table.
    pub(super) async fn take_lease(&self, id: &str) -> Result<bool, StoreError> {
        // One statement: the conflicting row is locked while its condition is checked, so two
        // processes cannot both take an expired lease.
        let done = sqlx::query(
            "INSERT INTO leases (table_id, owner, expires) \
             SELECT id, $2, now() + $3::interval FROM tables WHERE id = $1 \
             ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires \
             WHERE leases.owner = EXCLUDED.owner OR leases.expires <= now()",
        )
        .bind(id)
        .bind(&self.owner)
        .bind(interval(LEASE))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes table `id`'s lease whoever holds it. The old owner's write under way finishes first
    /// (it holds the lease row locked) and its next write or renewal finds the lease lost. False
    /// if there is no such table.
    pub(super) async fn take_over_lease(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO leases (table_id, owner, expires) \
             SELECT id, $2, now() + $3::interval FROM tables WHERE id = $1 \
             ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires",
        )
        .bind(id)
        .bind(&self.owner)
        .bind(interval(LEASE))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Extends our unexpired lease on `id`. False if it is no longer ours, or expired.
    pub(super) async fn renew_lease(&self, id: &str) -> Result<bool, StoreError> {
        // Once expired a lease is anyone's, ours included: the table is taken again through a
        // fresh load, like a table whose owner died.
        let done = sqlx::query(
            "UPDATE leases SET expires = now() + $3::interval \
             WHERE table_id = $1 AND owner = $2 AND expires > now()",
        )
        .bind(id)
        .bind(&self.owner)
        .bind(interval(LEASE))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    pub(super) async fn release_lease(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM leases WHERE table_id = $1 AND owner = $2")
            .bind(id)
            .bind(&self.owner)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(super) async fn release_all(&self) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM leases WHERE owner = $1")
            .bind(&self.owner)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(super) async fn close(&self) {
        self.pool.close().await;
    }
}
