//! PostgreSQL's group write, with each table's lease checked exactly.
//!
//! The transaction first locks the lease rows of every table in the group that this process
//! still holds, with one `SELECT ... FOR UPDATE`, and then writes those tables' rows only: a
//! table whose lease was lost or taken is left out and fails alone, while the rest commit. The
//! locks last until commit, so no other process can take a lease in between (a take-over waits
//! for the group, and the next group finds the lease gone). Savepoints would do the same with a
//! round trip per table; this way a group is five round trips whatever its size. The rows go in
//! as arrays (`unnest`), so every statement keeps one shape.
//!
//! Locks are taken in table id order, so two groups that want the same rows (a table taken over
//! while both processes still have a step of it waiting) wait for each other in turn rather than
//! deadlock. A group waits at most two seconds for them ([`BEGIN_GROUP`]): a session that holds a
//! lease row and hangs would otherwise hold up every table of the group, and every group after
//! it. The group then fails, and each of its tables is tried alone: only the one whose row is
//! held fails.

use std::collections::HashSet;

use sqlx::postgres::PgPool;

use super::{Append, WriteGroup};
use crate::store::{StoreError, banks_text, status_text};

/// Each group's transaction, and the longest it waits for a lease row another session holds: a
/// take-over or a renewal holds one for a round trip or two.
const BEGIN_GROUP: &str = "BEGIN; SET LOCAL lock_timeout = '2s'";

/// Locks the lease rows of tables `$1` that owner `$2` holds, and names those tables.
const LOCK_HELD: &str = "SELECT table_id FROM leases \
    WHERE table_id = ANY($1) AND owner = $2 AND expires > now() \
    ORDER BY table_id FOR UPDATE";

/// Every entry of the written tables, as three arrays: table, index, entry.
const INSERT_ENTRIES: &str = "INSERT INTO entries (table_id, idx, entry) \
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])";

/// Every written table whose status or banks change, as three arrays: table, status, banks.
const UPDATE_TABLES: &str = "UPDATE tables SET status = v.status, \
    banks = COALESCE(v.banks, tables.banks) \
    FROM unnest($1::text[], $2::text[], $3::text[]) AS v (id, status, banks) \
    WHERE tables.id = v.id AND (tables.status <> v.status OR v.banks IS NOT NULL)";

/// Stores groups in a PostgreSQL database for lease owner `owner`.
pub(in crate::store) struct PgGroup {
    pub(in crate::store) pool: PgPool,
    pub(in crate::store) owner: String,
}

impl WriteGroup for PgGroup {
    async fn write(&self, group: &[Append]) -> Result<Vec<bool>, StoreError> {
        let ids: Vec<&str> = group.iter().map(|a| a.table.as_str()).collect();
        let mut tx = self.pool.begin_with(BEGIN_GROUP).await?;
        let held: Vec<String> = sqlx::query_scalar(LOCK_HELD)
            .bind(&ids)
            .bind(&self.owner)
            .fetch_all(&mut *tx)
            .await?;
        let held: HashSet<&str> = held.iter().map(String::as_str).collect();
        let written: Vec<bool> = ids.iter().map(|id| held.contains(id)).collect();
        if held.is_empty() {
            return Ok(written);
        }

        let (mut tables, mut idxs, mut texts) = (Vec::new(), Vec::new(), Vec::new());
        let (mut written_ids, mut statuses, mut banks) = (Vec::new(), Vec::new(), Vec::new());
        for a in group.iter().filter(|a| held.contains(a.table.as_str())) {
            for (i, e) in (a.first..).zip(&a.entries) {
                tables.push(a.table.as_str());
                idxs.push(i.cast_signed());
                texts.push(e.as_str());
            }
            written_ids.push(a.table.as_str());
            statuses.push(status_text(a.status));
            banks.push(a.banks.as_deref().map(banks_text));
        }
        sqlx::query(INSERT_ENTRIES)
            .bind(&tables)
            .bind(&idxs)
            .bind(&texts)
            .execute(&mut *tx)
            .await?;
        sqlx::query(UPDATE_TABLES)
            .bind(&written_ids)
            .bind(&statuses)
            .bind(&banks)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(written)
    }
}
