//! Writes a report's files into a folder.

use std::path::Path;

use crate::report::Report;
use crate::{LabError, render_html, write_csv};

/// The files [`write_report`] writes.
pub const REPORT_FILES: [&str; 8] = [
    "report.html",
    "report.json",
    "seats.csv",
    "cells.csv",
    "metrics.csv",
    "skill.csv",
    "comparisons.csv",
    "tests.csv",
];

/// Writes `report.html`, `report.json` and the CSV files into `dir` (made if missing).
///
/// # Errors
/// A folder or file that cannot be written.
///
/// # Panics
/// Never: the report is plain data.
pub fn write_report(dir: &Path, report: &Report) -> Result<(), LabError> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| LabError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let html = dir.join("report.html");
    std::fs::write(&html, render_html(report)).map_err(io(&html))?;
    let json = dir.join("report.json");
    let mut text = serde_json::to_string_pretty(report).expect("reports serialise");
    text.push('\n');
    std::fs::write(&json, text).map_err(io(&json))?;
    write_csv(dir, report)
}
