use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use parlour_core::Search;
use parlour_sim::{SimConfig, simulate};

/// A progress bar on standard error (hidden when it is not a terminal).
pub fn progress_bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{what} {{bar:40}} {{pos}}/{{len}} games · {{per_sec}} · eta {{eta}}"
        ))
        .expect("valid template"),
    );
    pb
}

/// `parlour sim` for game type `G`.
pub fn run<G: Search>(
    cfg: &SimConfig,
    json: Option<&PathBuf>,
    records: Option<&PathBuf>,
    out: &mut dyn Write,
) -> Result<()> {
    if let Some(dir) = records {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let pb = progress_bar(cfg.games, "simulating");
    let report = simulate::<G>(cfg, &|n| pb.inc(n), &|i, record| {
        let dir = records.expect("records are kept only with --records");
        let path = dir.join(format!("{}-{:06}.json", G::ID, i));
        std::fs::write(&path, record.to_json())
            .map_err(|e| format!("writing {}: {e}", path.display()))
    })?;
    pb.finish_and_clear();
    writeln!(out, "{report}")?;
    if let Some(path) = json {
        std::fs::write(path, serde_json::to_string_pretty(&report)?)
            .with_context(|| format!("writing {}", path.display()))?;
        writeln!(out, "report written to {}", path.display())?;
    }
    if let Some(dir) = records {
        writeln!(out, "{} records written to {}", cfg.games, dir.display())?;
    }
    Ok(())
}
