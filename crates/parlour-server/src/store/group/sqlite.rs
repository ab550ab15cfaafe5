//! SQLite's group write: every entry of the group in one statement and every table's status and
//! banks in another, their rows as one JSON parameter each.
//!
//! SQLite writes one transaction at a time, and sqlx runs its connection on a thread of its own,
//! so each statement is a hand-off to that thread and back: four in all per group.

use sqlx::SqlitePool;

use super::{Append, WriteGroup};
use crate::store::{StoreError, banks_text, status_text};

/// Every entry of a group: `[[table, idx, entry], ...]`.
const INSERT_ENTRIES: &str = "INSERT INTO entries (table_id, idx, entry) \
    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') \
    FROM json_each($1)";

/// Every table of a group whose status or banks change: `[[table, status, banks], ...]`.
const UPDATE_TABLES: &str = "UPDATE tables SET status = json_extract(v.value, '$[1]'), \
    banks = COALESCE(json_extract(v.value, '$[2]'), tables.banks) \
    FROM json_each($1) AS v \
    WHERE tables.id = json_extract(v.value, '$[0]') \
    AND (tables.status <> json_extract(v.value, '$[1]') OR json_extract(v.value, '$[2]') IS NOT NULL)";

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
        let mut tx = self.0.begin().await?;
        sqlx::query(INSERT_ENTRIES)
            .bind(entries)
            .execute(&mut *tx)
            .await?;
        sqlx::query(UPDATE_TABLES)
            .bind(tables)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(vec![true; group.len()])
    }
}
