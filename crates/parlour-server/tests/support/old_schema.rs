//! The schema as the hand-made migration lists made it before the migrations were compiled in
//! with `sqlx::migrate!`: a copy of each migration's text at the time, and that list. A database
//! made by them must keep opening, so these copies must not follow later edits of the files.

use std::borrow::Cow;

use futures_util::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

/// SQLite's `migrations/0001_tables.sql`.
pub const SQLITE_1: &str = r#"-- Tables, their seats and the record entries that replay them.
CREATE TABLE tables (
    id TEXT PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    -- Every option by id, as the JSON object of a record's `options`.
    options TEXT NOT NULL,
    -- The secret seed, a u64 stored bit for bit as a signed integer.
    seed INTEGER NOT NULL,
    -- waiting, playing or finished.
    status TEXT NOT NULL,
    resigned INTEGER,
    created_at INTEGER NOT NULL
);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    -- human or bot.
    kind TEXT NOT NULL,
    -- The person's name, or the bot's spec.
    name TEXT NOT NULL,
    -- SHA-256 of a person's token; the token itself is never stored.
    token_hash BLOB,
    joined INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE entries (
    table_id TEXT NOT NULL REFERENCES tables (id),
    idx INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);

CREATE INDEX tables_by_status ON tables (status);
"#;

/// SQLite's `migrations/0002_clocks_and_rematch.sql`.
pub const SQLITE_2: &str = r#"-- Turn clocks and rematches. Tables stored before this migration have neither (NULL).
-- The clock's settings, as the JSON object `{"bank_secs": 300, "increment_secs": 10}`; NULL for
-- a table without clocks.
ALTER TABLE tables ADD COLUMN clock TEXT;
-- Each seat's time bank in milliseconds as of the latest stored step, a JSON array; written in
-- the same transaction as the step.
ALTER TABLE tables ADD COLUMN banks TEXT;
-- The id of the table made as this one's rematch, once someone asked for it.
ALTER TABLE tables ADD COLUMN rematch TEXT;
"#;

/// PostgreSQL's `migrations/postgres/0001_tables.sql`.
pub const POSTGRES_1: &str = r#"-- The SQLite schema (../0001_tables.sql) in PostgreSQL's types: BIGINT so every integer column
-- reads back as an i64, BYTEA for hashes, BOOLEAN for flags.
CREATE TABLE tables (
    id TEXT PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    players BIGINT NOT NULL,
    -- Every option by id, as the JSON object of a record's `options`.
    options TEXT NOT NULL,
    -- The secret seed, a u64 stored bit for bit as a signed integer.
    seed BIGINT NOT NULL,
    -- waiting, playing or finished.
    status TEXT NOT NULL,
    resigned BIGINT,
    created_at BIGINT NOT NULL
);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat BIGINT NOT NULL,
    -- human or bot.
    kind TEXT NOT NULL,
    -- The person's name, or the bot's spec.
    name TEXT NOT NULL,
    -- SHA-256 of a person's token; the token itself is never stored.
    token_hash BYTEA,
    joined BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE entries (
    table_id TEXT NOT NULL REFERENCES tables (id),
    idx BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);

CREATE INDEX tables_by_status ON tables (status);

-- Which server process serves a table, until when. The owner renews `expires` while it serves
-- the table; once it has passed, any process may take the table over. Times are the database's
-- clock, so the processes' clocks need not agree.
CREATE TABLE leases (
    table_id TEXT PRIMARY KEY NOT NULL REFERENCES tables (id),
    owner TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);

CREATE INDEX leases_by_owner ON leases (owner);
"#;

/// PostgreSQL's `migrations/postgres/0002_clocks_and_rematch.sql`.
pub const POSTGRES_2: &str = r#"-- Turn clocks and rematches (as ../0002_clocks_and_rematch.sql). Tables stored before this
-- migration have neither (NULL).
-- The clock's settings, as the JSON object `{"bank_secs": 300, "increment_secs": 10}`; NULL for
-- a table without clocks.
ALTER TABLE tables ADD COLUMN clock TEXT;
-- Each seat's time bank in milliseconds as of the latest stored step, a JSON array; written in
-- the same transaction as the step.
ALTER TABLE tables ADD COLUMN banks TEXT;
-- The id of the table made as this one's rematch, once someone asked for it.
ALTER TABLE tables ADD COLUMN rematch TEXT;
"#;

/// The first `n` migrations of `texts`, listed by hand as the old server listed them.
pub async fn migrator(texts: [&'static str; 2], n: usize) -> Migrator {
    Migrator::new(Listed(texts, n)).await.unwrap()
}

#[derive(Debug)]
struct Listed([&'static str; 2], usize);

impl MigrationSource<'static> for Listed {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        let names = ["tables", "clocks and rematch"];
        let migrations = (0..self.1)
            .map(|i| {
                Migration::new(
                    i64::try_from(i).unwrap() + 1,
                    Cow::Borrowed(names[i]),
                    MigrationType::Simple,
                    Cow::Borrowed(self.0[i]),
                    false,
                )
            })
            .collect();
        Box::pin(async { Ok(migrations) })
    }
}

/// Stores table `id` in a database made by the old migrations (the first `n`), as the old
/// server wrote it: two seats, a person who joined and a bot, and two entries. The SQL is the
/// same for SQLite and PostgreSQL, so this is a macro over either pool.
#[macro_export]
macro_rules! fill_old_database {
    ($pool:expr, $id:expr, $n:expr) => {{
        let pool = $pool;
        let id: &str = $id;
        let columns = if $n >= 2 { ", clock, banks" } else { "" };
        let values = if $n >= 2 { ", $8, $9" } else { "" };
        let insert = format!(
            "INSERT INTO tables (id, game, players, options, seed, status, created_at{columns}) \
             VALUES ($1, $2, $3, $4, $5, $6, $7{values})"
        );
        let mut q = sqlx::query(&insert)
            .bind(id)
            .bind("haunted")
            .bind(2_i64)
            .bind("{}")
            .bind((u64::MAX - 1).cast_signed())
            .bind("playing")
            .bind(0_i64);
        if $n >= 2 {
            q = q
                .bind(r#"{"bank_secs":60,"increment_secs":5}"#)
                .bind("[41500,60000]");
        }
        q.execute(pool).await.unwrap();
        for (seat, kind, name, hash, joined) in [
            (0_i64, "human", "Ann", Some(vec![7_u8; 32]), true),
            (1, "bot", "greedy", None, true),
        ] {
            sqlx::query(
                "INSERT INTO seats (table_id, seat, kind, name, token_hash, joined) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(seat)
            .bind(kind)
            .bind(name)
            .bind(hash)
            .bind(joined)
            .execute(pool)
            .await
            .unwrap();
        }
        for (idx, entry) in ["chance: x", "0: y"].into_iter().enumerate() {
            sqlx::query("INSERT INTO entries (table_id, idx, entry) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(i64::try_from(idx).unwrap())
                .bind(entry)
                .execute(pool)
                .await
                .unwrap();
        }
    }};
}

/// Opens the database at `url`, made by the old migrations (the first `n`) and filled by
/// [`fill_old_database!`] with table `id`, with today's store: it finds the table and its rows,
/// and takes new entries.
pub async fn old_database_opens(url: &str, id: &str, n: usize) {
    use parlour_protocol::{ClockSettings, SeatKind, Status};
    use parlour_server::Store;

    let store = Store::connect(url).await.unwrap();
    assert_eq!(store.unfinished().await.unwrap(), [id]);
    let t = store.load(id).await.unwrap().unwrap();
    assert_eq!((t.game.as_str(), t.players), ("haunted", 2));
    assert_eq!((t.seed, t.status), (u64::MAX - 1, Status::Playing));
    assert_eq!(t.entries, ["chance: x", "0: y"]);
    assert_eq!(t.seats.len(), 2);
    assert_eq!(
        (t.seats[0].kind, t.seats[0].name.as_str()),
        (SeatKind::Human, "Ann")
    );
    assert_eq!(t.seats[0].token_hash.as_deref(), Some(&[7; 32][..]));
    assert!(t.seats[0].joined && t.seats[1].joined);
    assert_eq!(
        (t.seats[1].kind, t.seats[1].name.as_str()),
        (SeatKind::Bot, "greedy")
    );
    if n >= 2 {
        let clock = ClockSettings {
            bank_secs: 60,
            increment_secs: 5,
        };
        assert_eq!(
            (t.clock, t.banks.as_slice()),
            (Some(clock), &[41_500, 60_000][..])
        );
    } else {
        // Made before clocks and rematches: it gains the columns, empty.
        assert_eq!((t.clock, t.banks.len(), t.rematch), (None, 0, None));
    }
    store.take_lease(id).await.unwrap();
    store
        .append(id, 2, &["1: z".into()], Status::Playing, Some(&[1, 2]))
        .await
        .unwrap();
    let t = store.load(id).await.unwrap().unwrap();
    assert_eq!((t.entries.len(), t.banks.as_slice()), (3, &[1, 2][..]));
    store.close().await;
}
