//! SQLite's group write: every entry of the group and every table's status and banks, their rows
//! as one JSON parameter each, in one transaction sent as a single query.
//!
//! sqlx runs the connection on a thread of its own, so each query is a hand-off to that thread
//! and back. Under load most groups hold one or two appends, so the hand-offs were the cost: a
//! transaction begun, written and committed query by query was four of them, and now is one.
//! If the query fails part way, the transaction is rolled back on the same connection before
//! anything else may use it.

use sqlx::SqlitePool;

use super::{Append, WriteGroup};
use crate::store::{StoreError, banks_text, status_text};

/// The group's transaction. `?1`: every entry, `[[table, idx, entry], ...]`; `?2`: every table,
/// `[[table, status, banks], ...]`, updated where its status or banks change.
const WRITE_GROUP: &str = "BEGIN IMMEDIATE; \
    INSERT INTO entries (table_id, idx, entry) \
    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') \
    FROM json_each(?1); \
    UPDATE tables SET status = json_extract(v.value, '$[1]'), \
    banks = COALESCE(json_extract(v.value, '$[2]'), tables.banks) \
    FROM json_each(?2) AS v \
    WHERE tables.id = json_extract(v.value, '$[0]') \
    AND (tables.status <> json_extract(v.value, '$[1]') OR json_extract(v.value, '$[2]') IS NOT NULL); \
    COMMIT";

/// Stores groups in an SQLite database, where one process holds every table.
pub(in crate::store) struct SqliteGroup(pub(in crate::store) SqlitePool);

impl WriteGroup for SqliteGroup {
    async fn write(&self, group: &[Append]) -> Result<Vec<bool>, StoreError> {
        let mut entries = Vec::new();
        let mut tables = Vec::with_capacity(group.len());
        for a in group {
            for (i, e) in (a.first..).zip(&a.entries) {
                entries.push((a.table.as_str(), i.cast_signed(), e.as_str()));
            }
            tables.push((
                a.table.as_str(),
                status_text(a.status),
                a.banks.as_deref().map(banks_text),
            ));
        }
        let entries = serde_json::to_string(&entries).expect("entries serialise");
        let tables = serde_json::to_string(&tables).expect("tables serialise");
        let mut conn = self.0.acquire().await?;
        let written = sqlx::query(WRITE_GROUP)
            .bind(entries)
            .bind(tables)
            .execute(&mut *conn)
            .await;
        if let Err(e) = written {
            // Whatever part of the transaction ran is undone; without one open this fails, and
            // that is fine.
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            return Err(e.into());
        }
        Ok(vec![true; group.len()])
    }
}
