//! Group commit for SQLite: the steps that tables ask to store while a transaction is under way
//! are stored together in the next one, and each table hears that its steps are stored only
//! once that transaction has committed.
//!
//! SQLite writes one transaction at a time, and each costs the same whether it holds one step
//! or a hundred: its statements' round trips to the connection's thread and the pages written
//! to the WAL. One writer task takes every waiting step at once and stores them with four
//! statements in all (the rows go in as one JSON parameter), so under load a transaction holds
//! the steps of many tables, and with one table it costs what it did.

use parlour_protocol::Status;
use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

use super::{StoreError, banks_text, status_text};

/// Most appends in one transaction, so that one transaction stays short.
const MAX_GROUP: usize = 512;

/// Appends waiting for the writer; a table waits for its own, so this bounds the tables waiting.
const QUEUE: usize = 4096;

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

/// One table's entries from `first` on, its status, and its banks if they are to be written.
struct Append {
    table: String,
    first: u64,
    entries: Vec<String>,
    status: Status,
    banks: Option<Vec<u64>>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The way to the writer task; the task ends when the last handle is dropped.
#[derive(Clone, Debug)]
pub(crate) struct GroupCommit {
    tx: mpsc::Sender<Append>,
}

impl GroupCommit {
    /// Starts the writer on `pool`.
    pub(crate) fn start(pool: SqlitePool) -> GroupCommit {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write_groups(pool, rx));
        GroupCommit { tx }
    }

    /// Stores a table's entries `first..`, its status and its banks (if given), in the next
    /// transaction: when this returns `Ok` they are committed.
    pub(crate) async fn append(
        &self,
        table: &str,
        first: u64,
        entries: &[String],
        status: Status,
        banks: Option<&[u64]>,
    ) -> Result<(), StoreError> {
        let (done, committed) = oneshot::channel();
        let append = Append {
            table: table.to_owned(),
            first,
            entries: entries.to_vec(),
            status,
            banks: banks.map(<[u64]>::to_vec),
            done,
        };
        let stopped = || StoreError::Db(sqlx::Error::PoolClosed);
        self.tx.send(append).await.map_err(|_| stopped())?;
        committed.await.map_err(|_| stopped())?
    }
}

/// The writer: takes every waiting append (up to [`MAX_GROUP`]) and stores them in one
/// transaction. If that fails, each is tried again in a transaction of its own, so one table's
/// bad write fails that table alone.
async fn write_groups(pool: SqlitePool, mut rx: mpsc::Receiver<Append>) {
    let mut group = Vec::with_capacity(MAX_GROUP);
    while rx.recv_many(&mut group, MAX_GROUP).await > 0 {
        match write(&pool, &group).await {
            Ok(()) => {
                for a in group.drain(..) {
                    let _ = a.done.send(Ok(()));
                }
            }
            Err(e) if group.len() == 1 => {
                let a = group.pop().expect("one append");
                let _ = a.done.send(Err(e));
            }
            Err(_) => {
                for a in group.drain(..) {
                    let alone = write(&pool, std::slice::from_ref(&a)).await;
                    let _ = a.done.send(alone);
                }
            }
        }
    }
}

/// Stores `group` in one transaction.
async fn write(pool: &SqlitePool, group: &[Append]) -> Result<(), StoreError> {
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
    let mut tx = pool.begin().await?;
    sqlx::query(INSERT_ENTRIES)
        .bind(entries)
        .execute(&mut *tx)
        .await?;
    sqlx::query(UPDATE_TABLES)
        .bind(tables)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use parlour_protocol::{SeatKind, Status};

    use super::super::{SeatRow, Store, StoredTable};

    fn table(id: String) -> StoredTable {
        StoredTable {
            id,
            game: "haunted".to_owned(),
            players: 2,
            options: BTreeMap::new(),
            seed: 1,
            status: Status::Playing,
            resigned: None,
            seats: (0..2)
                .map(|seat| SeatRow {
                    seat,
                    kind: SeatKind::Bot,
                    name: "random".to_owned(),
                    token_hash: None,
                    joined: true,
                })
                .collect(),
            entries: Vec::new(),
            clock: None,
            banks: Vec::new(),
            rematch: None,
        }
    }

    /// Steps asked for at once are stored (together or not), each table's in order, with its
    /// status and banks; an append that cannot be stored fails alone.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn appends_at_once_are_all_stored_and_a_bad_one_fails_alone() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("g.db").display());
        let store = Store::connect(&url).await.unwrap();
        let ids: Vec<String> = (0..40).map(|i| format!("t{i}")).collect();
        for id in &ids {
            store.create_table(&table(id.clone())).await.unwrap();
            store
                .append(id, 0, &["0: a".into()], Status::Playing, None)
                .await
                .unwrap();
        }
        let mut writes = tokio::task::JoinSet::new();
        for (i, id) in ids.iter().enumerate() {
            let (store, id) = (store.clone(), id.clone());
            writes.spawn(async move {
                // Table 7 writes its step 0 again, which is stored already.
                let first = if i == 7 { 0 } else { 1 };
                let entries = ["1: b".to_owned(), "chance: c".to_owned()];
                let status = if i % 2 == 0 {
                    Status::Finished
                } else {
                    Status::Playing
                };
                let banks = [i as u64, 5];
                let r = store
                    .append(&id, first, &entries, status, Some(&banks))
                    .await;
                (i, r.is_ok())
            });
        }
        while let Some(done) = writes.join_next().await {
            let (i, ok) = done.unwrap();
            assert_eq!(ok, i != 7, "table {i}");
        }
        for (i, id) in ids.iter().enumerate() {
            let t = store.load(id).await.unwrap().unwrap();
            if i == 7 {
                assert_eq!(t.entries, ["0: a"]);
                assert_eq!(t.status, Status::Playing);
                assert!(t.banks.is_empty());
                continue;
            }
            assert_eq!(t.entries, ["0: a", "1: b", "chance: c"], "table {i}");
            let status = if i % 2 == 0 {
                Status::Finished
            } else {
                Status::Playing
            };
            assert_eq!(t.status, status, "table {i}");
            assert_eq!(t.banks, [i as u64, 5], "table {i}");
        }
    }
}
