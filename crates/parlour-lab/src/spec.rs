//! What a lab run plays: the grid's axes (player counts, swept options, bot line-ups), the
//! skill check, games per cell, the seed and the pace of play. A spec is plain data: shard
//! files carry it whole, so `merge` can check that shards belong to one study.

use std::fmt::Write as _;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::LabError;

/// One swept option: the grid has a column of cells for each value.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Sweep {
    /// The option's id (see `parlour games`).
    pub option: String,
    /// Its values, in the order given; for a data-file sweep, the files' names, which stand
    /// for them in the report.
    pub values: Vec<String>,
    /// A data-file sweep's files (`--data-file OPTION=PATH`), one per value in order; empty
    /// when the values are the option's own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<DataFile>,
}

/// One file of a data-file sweep: a file-valued option (a card list, a Line table, an
/// arrangement) whose content is the value played.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DataFile {
    /// The path as given (the command that runs the study again names it).
    pub path: String,
    /// FNV-1a of the content, in hex: part of the spec, so shards of studies of different
    /// files are never merged, even where the file names agree.
    pub hash: String,
    /// The content. Shard files carry it (a merge checks the setups again); the report names
    /// the file and leaves it out.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

impl Sweep {
    /// A data-file sweep of `option` over `files`, `(path, content)` in order: each value is
    /// named by its file name, or by its path where two files share a name.
    ///
    /// # Errors
    /// No file, or one path given twice.
    pub fn of_files(option: &str, files: Vec<(String, String)>) -> Result<Sweep, LabError> {
        if files.is_empty() {
            return Err(LabError::Spec(format!("no data file for `{option}`")));
        }
        let name = |path: &str| {
            std::path::Path::new(path)
                .file_name()
                .map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned())
        };
        let mut values = Vec::new();
        for (i, (path, _)) in files.iter().enumerate() {
            if files[..i].iter().any(|(p, _)| p == path) {
                return Err(LabError::Spec(format!(
                    "--data-file {option}={path} is given twice"
                )));
            }
            let shared = files.iter().filter(|(p, _)| name(p) == name(path)).count() > 1;
            values.push(if shared { path.clone() } else { name(path) });
        }
        let files = files
            .into_iter()
            .map(|(path, text)| DataFile {
                path,
                hash: format!("{:016x}", crate::grid::fnv1a(&text)),
                text,
            })
            .collect();
        Ok(Sweep {
            option: option.to_owned(),
            values,
            files,
        })
    }

    /// The option's value for the swept value named `value`: a data file's content, or the
    /// value itself.
    #[must_use]
    pub fn setting<'a>(&'a self, value: &'a str) -> &'a str {
        self.values
            .iter()
            .position(|v| v == value)
            .and_then(|i| self.files.get(i))
            .map_or(value, |f| f.text.as_str())
    }
}

impl FromStr for Sweep {
    type Err = LabError;

    /// `OPTION=a,b,c`.
    fn from_str(text: &str) -> Result<Self, LabError> {
        let bad = || LabError::Spec(format!("a sweep is OPTION=a,b,c, not `{text}`"));
        let (option, values) = text.split_once('=').ok_or_else(bad)?;
        let values: Vec<String> = values
            .split(',')
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
            .collect();
        if option.trim().is_empty() || values.is_empty() {
            return Err(bad());
        }
        Ok(Sweep {
            option: option.trim().to_owned(),
            values,
            files: Vec::new(),
        })
    }
}

/// The skill check: the same setups with one seat played by a stronger bot.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SkillSpec {
    /// The skilled bot (`ismcts:100`).
    pub bot: String,
    /// The bots the other seats are played by, one row of cells each (`greedy`, `random`).
    pub against: Vec<String>,
    /// Games per skill cell.
    pub games: u64,
}

/// The skill ladder: each rung in one seat (every seat in turn) against the same field, on the
/// study's first setup and the same deals for every rung.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LadderSpec {
    /// The rungs, weakest first (`random`, `greedy`, `ismcts:50`, …).
    pub rungs: Vec<String>,
    /// The bot in every other seat.
    pub against: String,
    /// Games per rung.
    pub games: u64,
}

/// Everything a lab run plays. Build it, then [`crate::Grid::new`] checks it against a game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct LabSpec {
    /// The game's id.
    pub game: String,
    /// Player counts, in order.
    pub players: Vec<u8>,
    /// Options fixed for the whole study, `(id, value)`, as given.
    pub options: Vec<(String, String)>,
    /// Swept options; the grid is their product.
    pub sweeps: Vec<Sweep>,
    /// Bot line-ups: each a bot name per seat (a shorter list repeats round the table).
    pub lineups: Vec<Vec<String>>,
    /// Games per cell of the grid.
    pub games: u64,
    /// The skill check, if any.
    pub skill: Option<SkillSpec>,
    /// The skill ladder, if asked for (absent from older shard files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ladder: Option<LadderSpec>,
    /// Master seed.
    pub seed: u64,
    /// Seconds a person takes per action, for estimated minutes.
    pub pace: f64,
}

impl LabSpec {
    /// The command line that runs this study again (the report prints it).
    #[must_use]
    pub fn command(&self) -> String {
        let mut c = format!("parlour lab {}", self.game);
        let players: Vec<String> = self.players.iter().map(u8::to_string).collect();
        let _ = write!(c, " --players {}", players.join(","));
        if !self.options.is_empty() {
            let opts: Vec<String> = self
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            let _ = write!(c, " --options {}", shell_word(&opts.join(",")));
        }
        for s in &self.sweeps {
            if s.files.is_empty() {
                let _ = write!(
                    c,
                    " --sweep {}",
                    shell_word(&format!("{}={}", s.option, s.values.join(",")))
                );
            }
            for f in &s.files {
                let _ = write!(
                    c,
                    " --data-file {}",
                    shell_word(&format!("{}={}", s.option, f.path))
                );
            }
        }
        for l in &self.lineups {
            let _ = write!(c, " --bots {}", shell_word(&l.join(",")));
        }
        let _ = write!(c, " --games {}", self.games);
        match &self.skill {
            Some(s) => {
                let _ = write!(
                    c,
                    " --skill {} --skill-against {} --skill-games {}",
                    shell_word(&s.bot),
                    shell_word(&s.against.join(",")),
                    s.games
                );
            }
            None => c.push_str(" --no-skill"),
        }
        if let Some(l) = &self.ladder {
            let _ = write!(
                c,
                " --ladder {} --ladder-against {} --ladder-games {}",
                shell_word(&l.rungs.join(",")),
                shell_word(&l.against),
                l.games
            );
        }
        let _ = write!(c, " --seed {} --pace {}", self.seed, self.pace);
        c
    }

    /// The spec as a report shows it: data files by name and hash, without their content.
    #[must_use]
    pub fn without_file_texts(&self) -> LabSpec {
        let mut spec = self.clone();
        for f in spec.sweeps.iter_mut().flat_map(|s| &mut s.files) {
            f.text.clear();
        }
        spec
    }

    /// The line-up label of `lineup` (its names joined, or the single name).
    #[must_use]
    pub fn lineup_label(lineup: &[String]) -> String {
        lineup.join(", ")
    }
}

/// `word`, quoted for a POSIX shell when it needs to be.
fn shell_word(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=,.:/+".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// A slice of a study: shard `index` of `count` (written `i/n`, counted from 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, `0..count`.
    pub index: u32,
    /// How many slices.
    pub count: u32,
}

impl Shard {
    /// The whole study.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The games `lo..hi` of a cell of `games` games that this shard plays: an equal contiguous
    /// share of every cell, so shards take about the same time.
    #[must_use]
    pub fn range(self, games: u64) -> (u64, u64) {
        let n = u128::from(self.count);
        let g = u128::from(games);
        let lo = g * u128::from(self.index) / n;
        let hi = g * (u128::from(self.index) + 1) / n;
        (lo as u64, hi as u64)
    }
}

impl FromStr for Shard {
    type Err = LabError;

    /// `i/n` with `0 <= i < n`.
    fn from_str(text: &str) -> Result<Self, LabError> {
        let bad = || {
            LabError::Spec(format!(
                "a shard is i/n with 0 <= i < n (the first of 4 is 0/4), not `{text}`"
            ))
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_every_cell_into_contiguous_covering_slices() {
        for games in [0, 1, 7, 1000, 1001] {
            let mut next = 0;
            for i in 0..3 {
                let (lo, hi) = Shard { index: i, count: 3 }.range(games);
                assert_eq!(lo, next);
                next = hi;
            }
            assert_eq!(next, games);
        }
        assert!("3/3".parse::<Shard>().is_err());
        assert_eq!(
            "1/4".parse::<Shard>().unwrap(),
            Shard { index: 1, count: 4 }
        );
    }

    #[test]
    fn a_sweep_reads_option_equals_values() {
        let s: Sweep = "traditional_mat=false,true".parse().unwrap();
        assert_eq!(s.option, "traditional_mat");
        assert_eq!(s.values, ["false", "true"]);
        assert!("nothing".parse::<Sweep>().is_err());
        assert!("x=".parse::<Sweep>().is_err());
    }
}
