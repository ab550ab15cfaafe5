use std::net::SocketAddr;

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
}

/// Runs the table server until Ctrl-C or SIGTERM, then hands its tables over and exits.
pub fn run(args: ServeArgs) -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        // Colour codes only for a terminal, not in log files.
        .with_ansi(std::io::stderr().is_terminal())
        .init();
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
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "listening on http://{}", listener.local_addr()?);
        let _ = out.flush();
        drop(out);
        let config = Config {
            allowed_origins: args.allow_origins,
            tables_per_minute: args.tables_per_minute,
            max_open_tables: args.max_tables,
            take_over: args.take_over,
            ..Config::default()
        };
        parlour_server::serve(listener, store, config, shutdown_signal()).await?;
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
