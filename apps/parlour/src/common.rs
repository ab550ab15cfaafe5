use std::path::Path;

use anyhow::{Context, Result, bail};
use parlour_core::Options;
use parlour_games::GameInfo;

/// Options from `--options k=v,...` plus `--arrangement NAME|FILE` for games that have that
/// option (a file's content is inlined so records stay self-contained).
pub fn resolve_options(info: &GameInfo, list: &str, arrangement: Option<&str>) -> Result<Options> {
    let mut opts = info
        .parse_options(list)
        .with_context(|| format!("--options for {}", info.id))?;
    if let Some(arr) = arrangement {
        if !info.options.iter().any(|o| o.id == "arrangement") {
            bail!("{} has no arrangement option", info.id);
        }
        let value = if Path::new(arr).is_file() {
            std::fs::read_to_string(arr)
                .with_context(|| format!("reading arrangement file {arr}"))?
        } else {
            arr.to_owned()
        };
        opts.set("arrangement", &value).context("--arrangement")?;
    }
    Ok(opts)
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
