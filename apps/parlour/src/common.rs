use std::fmt::Display;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use parlour_core::Options;
use parlour_games::GameInfo;

/// Options from `--options k=v,...`, then `--option-file KEY=PATH` for the options the game lets
/// be read from a file (the file's content is inlined so records stay self-contained), then
/// `--arrangement NAME|FILE`: the `arrangement` option, read from the file when one of that name
/// exists.
pub fn resolve_options(
    info: &GameInfo,
    list: &str,
    option_files: &[String],
    arrangement: Option<&str>,
) -> Result<Options> {
    let mut opts = info
        .parse_options(list)
        .with_context(|| format!("--options for {}", info.id))?;
    for item in option_files {
        let Some((key, path)) = item.split_once('=') else {
            bail!("--option-file takes KEY=PATH, not `{item}`");
        };
        set_from_file(info, &mut opts, key.trim(), path)?;
    }
    // A file the game refuses at every player count is a mistake in the file: say which.
    if !option_files.is_empty() {
        let refusals: Vec<_> = info
            .players
            .clone()
            .map(|p| parlour_games::new_match(info.id, p, opts.clone(), 0).err())
            .collect();
        if let Some(Some(first)) = refusals.first()
            && refusals.iter().all(Option::is_some)
        {
            bail!(
                "--option-file {}: {first}",
                option_files.join(" --option-file ")
            );
        }
    }
    if let Some(arr) = arrangement {
        if !info.file_options.contains(&"arrangement") {
            bail!("{} has no arrangement option", info.id);
        }
        if Path::new(arr).is_file() {
            set_from_file(info, &mut opts, "arrangement", arr)?;
        } else {
            opts.set("arrangement", arr).context("--arrangement")?;
        }
    }
    Ok(opts)
}

/// Sets option `key` to the content of the file at `path`.
fn set_from_file(info: &GameInfo, opts: &mut Options, key: &str, path: &str) -> Result<()> {
    if !info.file_options.contains(&key) {
        bail!(
            "option `{key}` of {} cannot be read from a file (options that can: {})",
            info.id,
            if info.file_options.is_empty() {
                "none".to_owned()
            } else {
                info.file_options.join(", ")
            }
        );
    }
    let value =
        std::fs::read_to_string(path).with_context(|| format!("reading {key} file {path}"))?;
    opts.set(key, &value)
        .with_context(|| format!("option `{key}` from {path}"))?;
    Ok(())
}

/// The player count: given, or the game's default.
pub fn players_or_default(info: &GameInfo, players: Option<u8>) -> Result<u8> {
    let p = players.unwrap_or_else(|| info.default_players());
    if !info.players.contains(&p) {
        bail!(
            "{} takes {} to {} players, not {p}",
            info.id,
            info.players.start(),
            info.players.end()
        );
    }
    Ok(p)
}

/// A seed from the clock, for games where the user gave none (it is printed and recorded).
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    parlour_core::derive_seed(nanos as u64, u64::from(std::process::id()))
}

/// Writes `error: {message}` on standard error; a closed standard error is ignored, not a panic.
pub fn report_error(message: impl Display) {
    let _ = writeln!(std::io::stderr(), "error: {message}");
}
