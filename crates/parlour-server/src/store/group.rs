//! Group commit: the steps that tables ask to store while a transaction is under way are stored
//! together in the next one, and each table hears that its steps are stored only once that
//! transaction has committed.
//!
//! A transaction costs about the same whether it holds one step or a hundred: its statements'
//! round trips and the flush of its log at commit. One writer task per store takes every waiting
//! step at once and stores them with a few statements in all (the rows go in as one parameter,
//! so the statements keep one shape whatever the group's size), so under load a transaction
//! holds the steps of many tables, and with one table it costs what a lone write did. Each back
//! end says how it stores a group ([`WriteGroup`]): SQLite in [`sqlite`], PostgreSQL, which
//! also checks each table's lease, in [`postgres`].

pub(super) mod postgres;
pub(super) mod sqlite;

use parlour_protocol::Status;
use tokio::sync::{mpsc, oneshot};

use super::StoreError;

/// Most appends in one transaction, so that one transaction stays short.
const MAX_GROUP: usize = 512;

/// Appends waiting for the writer; a table waits for its own, so this bounds the tables waiting.
const QUEUE: usize = 4096;

/// One table's entries from `first` on, its status, and its banks if they are to be written.
pub(super) struct Append {
    pub(super) table: String,
    pub(super) first: u64,
    pub(super) entries: Vec<String>,
    pub(super) status: Status,
    pub(super) banks: Option<Vec<u64>>,
}

/// How a back end stores a group of appends in one transaction.
pub(super) trait WriteGroup: Send + Sync + 'static {
    /// Stores `group` in one transaction. `Err` if it failed and nothing was stored; otherwise
    /// whether each append was written: one is left out (and nothing of it stored) only if this
    /// process no longer holds its table's lease, while the rest commit.
    fn write(&self, group: &[Append])
    -> impl Future<Output = Result<Vec<bool>, StoreError>> + Send;
}

/// An append and the way to tell its table how it went.
type Waiting = (Append, oneshot::Sender<Result<(), StoreError>>);

/// The way to the writer task; the task ends when the last handle is dropped.
#[derive(Clone, Debug)]
pub(crate) struct GroupCommit {
    tx: mpsc::Sender<Waiting>,
}

impl GroupCommit {
    /// Starts the writer task, which stores groups with `writer`.
    pub(super) fn start(writer: impl WriteGroup) -> GroupCommit {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write_groups(writer, rx));
        GroupCommit { tx }
    }

    /// Stores a table's entries `first..`, its status and its banks (if given), in the next
    /// transaction: when this returns `Ok` they are committed.
    pub(super) async fn append(
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
        };
        let stopped = || StoreError::Db(sqlx::Error::PoolClosed);
        self.tx.send((append, done)).await.map_err(|_| stopped())?;
        committed.await.map_err(|_| stopped())?
    }
}

/// What one append's table hears, given whether the committed group wrote it.
fn outcome(a: &Append, written: bool) -> Result<(), StoreError> {
    if written {
        Ok(())
    } else {
        Err(StoreError::LeaseLost(a.table.clone()))
    }
}

/// The writer: takes every waiting append (up to [`MAX_GROUP`]) and stores them in one
/// transaction. If that fails, each is tried again in a transaction of its own, so one table's
/// bad write fails that table alone.
async fn write_groups(writer: impl WriteGroup, mut rx: mpsc::Receiver<Waiting>) {
    let mut waiting = Vec::with_capacity(MAX_GROUP);
    while rx.recv_many(&mut waiting, MAX_GROUP).await > 0 {
        let (group, done): (Vec<Append>, Vec<_>) = waiting.drain(..).unzip();
        match writer.write(&group).await {
            Ok(written) => {
                debug_assert_eq!(written.len(), group.len(), "one answer per append");
                for ((a, done), written) in group.iter().zip(done).zip(written) {
                    let _ = done.send(outcome(a, written));
                }
            }
            Err(e) if group.len() == 1 => {
                let done = done.into_iter().next().expect("one append");
                let _ = done.send(Err(e));
            }
            Err(_) => {
                for (a, done) in group.iter().zip(done) {
                    let alone = match writer.write(std::slice::from_ref(a)).await {
                        Ok(written) => outcome(a, written.first() == Some(&true)),
                        Err(e) => Err(e),
                    };
                    let _ = done.send(alone);
                }
            }
        }
    }
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
