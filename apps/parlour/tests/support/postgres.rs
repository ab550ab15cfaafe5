//! PostgreSQL for the tests that run several `parlour serve` processes: a fresh database on the
//! server named by `PARLOUR_TEST_POSTGRES`, or a private server the test starts and restarts.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const HOW: &str = "the PostgreSQL tests need a PostgreSQL server: run them through scripts/test, \
    which starts one, or set PARLOUR_TEST_POSTGRES=postgres://USER@HOST:PORT/DB (a role that may \
    create databases)";

/// A fresh database on the server of `PARLOUR_TEST_POSTGRES`; its URL.
pub async fn fresh_db() -> String {
    let base = std::env::var("PARLOUR_TEST_POSTGRES")
        .unwrap_or_else(|_| panic!("PARLOUR_TEST_POSTGRES is not set: {HOW}"));
    create_db(&base).await
}

/// A fresh database on the server of `base` (a URL whose role may create databases); its URL.
pub async fn create_db(base: &str) -> String {
    let admin = sqlx::postgres::PgPoolOptions::new()
        .acquire_timeout(Duration::from_secs(5))
        .connect(base)
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL at {base} is unreachable ({e}): {HOW}"));
    let (server, _) = base.split_once('?').unwrap_or((base, ""));
    let (server, db) = server.rsplit_once('/').expect("a URL ending in /DATABASE");
    // Named after the given database, so the tests' databases are easy to tell apart.
    let name = format!("{db}_{}", parlour_server::new_table_id().unwrap());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&admin)
        .await
        .unwrap_or_else(|e| panic!("creating a database on {base} failed ({e}): {HOW}"));
    admin.close().await;
    format!("{server}/{name}")
}

/// A PostgreSQL server of this test's own on 127.0.0.1 (its data in a temporary folder), which
/// the test may stop and start again; stopped when dropped.
pub struct PrivatePg {
    bin: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
    /// Run as the `postgres` user: PostgreSQL refuses to run as root.
    as_postgres: bool,
}

impl PrivatePg {
    /// Initialises and starts a server with the role `parlour` (trusted).
    pub fn start() -> PrivatePg {
        let bin = pg_bin();
        let dir = tempfile::Builder::new()
            .prefix("parlour-pg")
            .tempdir_in("/tmp")
            .unwrap();
        let as_postgres = is_root();
        if as_postgres {
            let status = Command::new("chown")
                .arg("postgres")
                .arg(dir.path())
                .status()
                .unwrap();
            assert!(status.success(), "no postgres user to run PostgreSQL as");
        }
        let port = free_port();
        let pg = PrivatePg {
            bin,
            dir,
            port,
            as_postgres,
        };
        let data = pg.data();
        pg.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "parlour",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        pg.up();
        pg
    }

    /// The URL of its `postgres` database, for making others.
    pub fn url(&self) -> String {
        format!("postgres://parlour@127.0.0.1:{}/postgres", self.port)
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    fn run(&self, program: &str, args: &[&str]) {
        let exe = self.bin.join(program);
        let mut cmd = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(exe);
            c
        } else {
            Command::new(exe)
        };
        let out = cmd.args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{program} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Starts the server (again), on the same port.
    pub fn up(&self) {
        let opts = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off -c max_connections=200",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("server.log").display().to_string();
        let data = self.data();
        self.run(
            "pg_ctl",
            &[
                "-D", &data, "-l", &log, "-w", "-t", "30", "-o", &opts, "start",
            ],
        );
    }

    /// Stops the server at once (`-m fast`: clients are disconnected).
    pub fn down(&self) {
        let data = self.data();
        self.run("pg_ctl", &["-D", &data, "-m", "fast", "-w", "stop"]);
    }
}

impl Drop for PrivatePg {
    fn drop(&mut self) {
        let data = self.data();
        let _ = std::panic::catch_unwind(|| {
            self.run("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"]);
        });
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

/// The newest installed server's programs (Debian keeps them out of PATH), as scripts/test
/// finds them.
fn pg_bin() -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|d| d.join("initdb").exists())
        .collect();
    dirs.sort_by_key(|d| {
        d.parent()
            .and_then(Path::file_name)
            .and_then(|v| v.to_str()?.parse::<u32>().ok())
    });
    if let Some(d) = dirs.pop() {
        return d;
    }
    let which = Command::new("sh")
        .args(["-c", "command -v initdb"])
        .output()
        .unwrap();
    let path = String::from_utf8_lossy(&which.stdout).trim().to_owned();
    assert!(
        !path.is_empty(),
        "PostgreSQL's initdb and pg_ctl are needed to restart a database in this test: \
         install Debian's postgresql package (scripts/test does so as root)"
    );
    Path::new(&path).parent().unwrap().to_owned()
}

/// A free port on 127.0.0.1 (the system's pick, released for the caller to take).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
