//! `parlour backup`: a consistent copy of a SQLite database, taken with `VACUUM INTO` while a
//! server may be writing to it.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{ConnectOptions, Connection, Row, SqliteConnection};
use thiserror::Error;

/// How long a backup waits for a writer's lock before giving up (a step is a short write).
const BUSY: Duration = Duration::from_secs(30);

/// Errors of [`backup_sqlite`].
#[derive(Debug, Error)]
pub enum BackupError {
    /// The source is not a SQLite database URL or path.
    #[error(
        "backups are of SQLite databases (sqlite://PATH or a path), not `{0}`; for PostgreSQL use pg_dump"
    )]
    NotSqlite(String),
    /// The source does not exist.
    #[error("no database at {0}")]
    Missing(PathBuf),
    /// The copy would overwrite a file.
    #[error("{0} exists already: a backup never overwrites a file")]
    Exists(PathBuf),
    /// The copy was made but does not read back as a parlour database.
    #[error("the copy at {path} does not check out: {reason}")]
    BadCopy {
        /// The copy.
        path: PathBuf,
        /// What failed.
        reason: String,
    },
    /// The database failed.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
}

/// What a backup holds, read back from the copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackupSummary {
    /// Tables stored (every status).
    pub tables: i64,
    /// Record entries stored, over all tables.
    pub entries: i64,
}

/// The file of a `sqlite://PATH` URL (query options dropped) or of a plain path.
fn sqlite_path(db: &str) -> Result<PathBuf, BackupError> {
    if let Some(rest) = db.strip_prefix("sqlite://") {
        let path = rest.split('?').next().unwrap_or_default();
        if path.is_empty() || path == ":memory:" {
            return Err(BackupError::NotSqlite(db.to_owned()));
        }
        return Ok(PathBuf::from(path));
    }
    if db.contains("://") || db.starts_with("sqlite:") {
        return Err(BackupError::NotSqlite(db.to_owned()));
    }
    Ok(PathBuf::from(db))
}

/// Copies the SQLite database `db` (`sqlite://PATH` or a path) to the new file `out` with
/// `VACUUM INTO`: one read transaction, so the copy is the database as of one moment even while
/// a server writes to it (WAL mode lets both go on), and every step stored before that moment is
/// in it. Then opens the copy and checks it (`PRAGMA quick_check` and the tables' rows).
///
/// # Errors
/// The source is missing or not SQLite, `out` exists, the copy failed or does not check out.
pub async fn backup_sqlite(db: &str, out: &Path) -> Result<BackupSummary, BackupError> {
    let src = sqlite_path(db)?;
    if !src.is_file() {
        return Err(BackupError::Missing(src));
    }
    // SQLite refuses a non-empty target too; this names the file before any work.
    if out.exists() {
        return Err(BackupError::Exists(out.to_owned()));
    }
    let mut conn = SqliteConnectOptions::new()
        .filename(&src)
        .read_only(true)
        .busy_timeout(BUSY)
        .connect()
        .await?;
    let target = out.to_str().ok_or_else(|| BackupError::BadCopy {
        path: out.to_owned(),
        reason: "the path is not UTF-8".to_owned(),
    })?;
    sqlx::query("VACUUM INTO ?")
        .bind(target)
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    check_copy(out).await
}

/// Opens the copy read-only and checks it holds a sound parlour database.
async fn check_copy(out: &Path) -> Result<BackupSummary, BackupError> {
    let bad = |reason: String| BackupError::BadCopy {
        path: out.to_owned(),
        reason,
    };
    let mut conn: SqliteConnection = SqliteConnectOptions::from_str("sqlite://")
        .map_err(|e| bad(e.to_string()))?
        .filename(out)
        .read_only(true)
        .journal_mode(SqliteJournalMode::Delete)
        .connect()
        .await
        .map_err(|e| bad(e.to_string()))?;
    let check: String = sqlx::query("PRAGMA quick_check")
        .fetch_one(&mut conn)
        .await
        .map_err(|e| bad(e.to_string()))?
        .get(0);
    if check != "ok" {
        return Err(bad(check));
    }
    let counts =
        sqlx::query("SELECT (SELECT COUNT(*) FROM tables), (SELECT COUNT(*) FROM entries)")
            .fetch_one(&mut conn)
            .await
            .map_err(|e| bad(format!("not a parlour database: {e}")))?;
    let summary = BackupSummary {
        tables: counts.get(0),
        entries: counts.get(1),
    };
    conn.close().await?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_sqlite_urls_or_paths() {
        assert_eq!(
            sqlite_path("sqlite:///var/lib/parlour/parlour.db?mode=rwc").unwrap(),
            PathBuf::from("/var/lib/parlour/parlour.db")
        );
        assert_eq!(sqlite_path("t.db").unwrap(), PathBuf::from("t.db"));
        for bad in [
            "postgres://p@h/db",
            "sqlite://",
            "sqlite://:memory:",
            "sqlite:t.db",
        ] {
            assert!(
                matches!(sqlite_path(bad), Err(BackupError::NotSqlite(_))),
                "{bad}"
            );
        }
    }

    #[tokio::test]
    async fn a_backup_never_overwrites_and_needs_a_source() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        let url = format!("sqlite://{}", db.display());
        let missing = backup_sqlite(&url, &dir.path().join("copy.db")).await;
        assert!(
            matches!(missing, Err(BackupError::Missing(_))),
            "{missing:?}"
        );
        crate::Store::connect(&url).await.unwrap().close().await;
        let out = dir.path().join("copy.db");
        std::fs::write(&out, "keep me").unwrap();
        let r = backup_sqlite(&url, &out).await;
        assert!(matches!(r, Err(BackupError::Exists(_))), "{r:?}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
        let fresh = dir.path().join("fresh.db");
        let summary = backup_sqlite(&url, &fresh).await.unwrap();
        assert_eq!(
            summary,
            BackupSummary {
                tables: 0,
                entries: 0
            }
        );
    }
}
