use std::net::SocketAddr;
use std::path::Path;

use anyhow::{Context, Result};
use parlour_server::{Config, Store};
use std::io::{IsTerminal, Write};

/// Settings of `parlour serve`.
pub struct ServeArgs {
    pub addr: SocketAddr,
    pub db: Option<String>,
    pub allow_origins: Vec<String>,
    pub tables_per_minute: u32,
    pub max_tables: u64,
    pub take_over: bool,
    pub public_url: Option<String>,
    pub log_format: LogFormat,
    pub metrics_addr: Option<SocketAddr>,
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// For people.
    Text,
    /// One JSON object a line, for log collectors.
    Json,
}

/// `--public-url`, checked: `scheme://host[:port]`.
pub fn parse_public_url(text: &str) -> Result<String, String> {
    parlour_server::public_url(text).map_err(|e| e.to_string())
}

/// Crates that log whole websocket frames at `trace`: seat tokens in `join`, hands in `state`.
const FRAME_LOGGERS: [&str; 2] = ["tungstenite", "tokio_tungstenite"];

/// Logs to standard error at `RUST_LOG`'s levels (default `info`), but never the frames'
/// contents, whatever `RUST_LOG` says.
fn init_logs(format: LogFormat) {
    let mut filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    for target in FRAME_LOGGERS {
        filter = filter.add_directive(
            format!("{target}=debug")
                .parse()
                .expect("a target and a level are a directive"),
        );
    }
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        // Colour codes only for a terminal, not in log files.
        LogFormat::Text => logs.with_ansi(std::io::stderr().is_terminal()).init(),
        LogFormat::Json => logs.json().with_current_span(true).init(),
    }
}

/// `parlour backup`: copies a SQLite database to a new file while its server may run.
pub fn backup(db: &str, out: &Path) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let summary = runtime.block_on(parlour_server::backup_sqlite(db, out))?;
    println!(
        "backed up {} tables ({} entries) to {}",
        summary.tables,
        summary.entries,
        out.display()
    );
    Ok(())
}

/// Runs the table server until Ctrl-C or SIGTERM, then hands its tables over and exits.
pub fn run(args: ServeArgs) -> Result<()> {
    init_logs(args.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let db = match args.db {
            Some(db) => db,
            None => default_db()?,
        };
        let store = Store::connect(&db)
            .await
            .with_context(|| format!("opening the database {db}"))?;
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("listening on {}", args.addr))?;
        // Tests and scripts read this line to find the port; a closed stdout does not stop the
        // server.
        let metrics = match args.metrics_addr {
            Some(addr) => Some(
                tokio::net::TcpListener::bind(addr)
                    .await
                    .with_context(|| format!("listening for metrics on {addr}"))?,
            ),
            None => None,
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "listening on http://{}", listener.local_addr()?);
        if let Some(m) = &metrics {
            let _ = writeln!(out, "metrics on http://{}/metrics", m.local_addr()?);
        }
        let _ = out.flush();
        drop(out);
        let config = Config {
            allowed_origins: args.allow_origins,
            tables_per_minute: args.tables_per_minute,
            max_open_tables: args.max_tables,
            take_over: args.take_over,
            public_url: args.public_url,
            ..Config::default()
        };
        match metrics {
            Some(m) => {
                parlour_server::serve_with_metrics(listener, m, store, config, shutdown_signal())
                    .await?;
            }
            None => parlour_server::serve(listener, store, config, shutdown_signal()).await?,
        }
        Ok(())
    })
}

/// `sqlite://` in the user's data directory, created if need be.
fn default_db() -> Result<String> {
    let dirs = directories::ProjectDirs::from("", "", "parlour")
        .context("no home directory for the default database; pass --db")?;
    let dir = dirs.data_dir();
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(format!("sqlite://{}", dir.join("parlour.db").display()))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
