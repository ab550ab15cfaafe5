//! Shard files: the raw rows of one slice of a study, with the whole study's spec, so that
//! `merge` can check the slices belong together and rebuild exactly the rows of one run.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{LabError, LabResults, Shard};

/// The format tag of shard files; a file with another tag is refused. `/3` added each seat's
/// cards dealt and played to the rows, `/4` the cards it held.
pub const SHARD_FORMAT: &str = "parlour-lab-shard/4";

#[derive(Serialize)]
struct ShardOut<'a> {
    format: &'static str,
    results: &'a LabResults,
}

#[derive(Deserialize)]
struct ShardIn {
    format: String,
    results: LabResults,
}

#[derive(Deserialize)]
struct FormatOnly {
    format: Option<String>,
}

/// The file name of a shard: `shard-<i>-of-<n>.json` (from 0).
#[must_use]
pub fn shard_file_name(shard: Shard) -> String {
    format!("shard-{}-of-{}.json", shard.index, shard.count)
}

/// A shard file's text.
///
/// # Panics
/// Never: the results are plain data.
#[must_use]
pub fn shard_to_json(results: &LabResults) -> String {
    serde_json::to_string(&ShardOut {
        format: SHARD_FORMAT,
        results,
    })
    .expect("lab results serialise")
}

/// Reads a shard file's text (`name` is for messages).
///
/// # Errors
/// Not JSON, another format, or a malformed shard.
pub fn shard_from_json(name: &str, text: &str) -> Result<LabResults, LabError> {
    let tag: FormatOnly = serde_json::from_str(text)
        .map_err(|e| LabError::Shard(format!("{name} is not a lab shard file: {e}")))?;
    match tag.format.as_deref() {
        Some(SHARD_FORMAT) => {}
        Some(old @ ("parlour-lab-shard/1" | "parlour-lab-shard/2" | "parlour-lab-shard/3")) => {
            return Err(LabError::Shard(format!(
                "{name} is a `{old}` file, made by an earlier parlour without the cards each seat \
                 was dealt, held and played; play its study again with this version \
                 (`{SHARD_FORMAT}`)"
            )));
        }
        Some(other) => {
            return Err(LabError::Shard(format!(
                "{name} is a `{other}` file; this version of parlour reads `{SHARD_FORMAT}`"
            )));
        }
        None => {
            return Err(LabError::Shard(format!(
                "{name} has no format tag: it is not a lab shard file"
            )));
        }
    }
    let shard: ShardIn = serde_json::from_str(text)
        .map_err(|e| LabError::Shard(format!("{name}: malformed shard file: {e}")))?;
    debug_assert_eq!(shard.format, SHARD_FORMAT);
    Ok(shard.results)
}

/// Combines the shards of one study into the results of one run: the same spec, every shard
/// `0..n` exactly once, no game twice.
///
/// # Errors
/// No shards, shards of different studies or shard counts, a shard missing or given twice, or
/// metric names that disagree.
pub fn merge(shards: Vec<(String, LabResults)>) -> Result<LabResults, LabError> {
    let bad = |m: String| LabError::Shard(m);
    let Some((first_name, first)) = shards.first() else {
        return Err(bad("no shard files to merge".into()));
    };
    let count = first.shard.count;
    let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
    for (name, s) in &shards {
        if s.spec != first.spec {
            return Err(bad(format!(
                "{name} is from another study than {first_name}: {}",
                spec_difference(&first.spec, &s.spec)
            )));
        }
        if s.shard.count != count {
            return Err(bad(format!(
                "{name} is shard {}/{} but {first_name} is one of {count}",
                s.shard.index, s.shard.count
            )));
        }
        if let Some(other) = seen.insert(s.shard.index, name) {
            return Err(bad(format!(
                "shard {}/{count} is given twice: {other} and {name}",
                s.shard.index
            )));
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|i| !seen.contains_key(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(bad(format!(
            "shards missing: {} (all {count} are needed)",
            missing.join(", ")
        )));
    }
    let spec = first.spec.clone();
    let mut rows = Vec::new();
    let mut planned = 0;
    let mut interrupted = false;
    let mut metric_names = BTreeMap::new();
    let mut card_names = BTreeMap::new();
    for (name, s) in shards {
        for (cell, names) in s.card_names {
            if let Some(known) = card_names.get(&cell) {
                if *known != names {
                    return Err(bad(format!(
                        "{name} names the cards of cell {cell} differently from another shard \
                         (made by another version of the game?)"
                    )));
                }
            } else {
                card_names.insert(cell, names);
            }
        }
        planned += s.planned;
        interrupted |= s.interrupted;
        for (cell, names) in s.metric_names {
            if let Some(known) = metric_names.get(&cell) {
                if *known != names {
                    return Err(bad(format!(
                        "{name} names the metrics of cell {cell} differently from another shard \
                         (made by another version of the game?)"
                    )));
                }
            } else {
                metric_names.insert(cell, names);
            }
        }
        rows.extend(s.rows);
    }
    rows.sort_by_key(|r| (r.cell, r.game));
    if let Some(w) = rows
        .windows(2)
        .find(|w| (w[0].cell, w[0].game) == (w[1].cell, w[1].game))
    {
        return Err(bad(format!(
            "game {} of cell {} is in two shards",
            w[0].game, w[0].cell
        )));
    }
    Ok(LabResults {
        spec,
        shard: Shard::WHOLE,
        planned,
        interrupted,
        metric_names,
        card_names,
        rows,
    })
}

/// The first top-level field in which two specs differ, in words.
fn spec_difference(a: &crate::LabSpec, b: &crate::LabSpec) -> String {
    // Data files by name and hash: their content would drown the message.
    let a = serde_json::to_value(a.without_file_texts()).expect("specs serialise");
    let b = serde_json::to_value(b.without_file_texts()).expect("specs serialise");
    if let (Some(a), Some(b)) = (a.as_object(), b.as_object()) {
        for (k, v) in a {
            if b.get(k) != Some(v) {
                return format!(
                    "`{k}` is {} there and {} here",
                    v,
                    b.get(k).unwrap_or(&serde_json::Value::Null)
                );
            }
        }
    }
    "the specs differ".into()
}
