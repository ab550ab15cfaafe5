//! The golden perft files every game keeps beside its tests (`tests/<game>.perft`).
//!
//! ```text
//! # comment
//! setup <seed> <players> <options or -> [extra words the game reads, e.g. `walk 30`]
//! perft <depth> <count>
//! ```
//! A `setup` starts a position: the game is created with the options (`-` for none) and its
//! chance events are drawn from `rng_from_seed(seed)` until a player acts; each `perft` line
//! below it is one golden count from that position.
//!
//! A game checks its file with [`check_perft_file`]. To add a setup or a depth, write the lines
//! with any count (`perft 5 0`) and run the test once with `PARLOUR_BLESS=1`: the file is
//! rewritten with the computed counts, which are still cross-checked against the game's naive
//! count. Review the diff before committing it.

use std::fmt::Write as _;
use std::path::Path;

use parlour_core::{Game, Options, rng_from_seed};

/// One `setup` line and its `perft` lines.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PerftSetup {
    /// Seed of the chance events.
    pub seed: u64,
    /// Player count.
    pub players: u8,
    /// Game options `k=v,...` (empty for `-`).
    pub options: String,
    /// Words after the options, for the game to read (how far to walk, say).
    pub extra: Vec<String>,
    /// `(depth, count)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft file.
///
/// # Errors
/// A line that is neither a comment, a `setup` nor a `perft` line, a number that does not
/// parse, or a `perft` line before any `setup`; the message names the line.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftSetup>, String> {
    let mut out: Vec<PerftSetup> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("perft line {}: {what}: `{line}`", i + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["setup", seed, players, rest @ ..] => out.push(PerftSetup {
                seed: seed.parse().map_err(|_| bad("bad seed"))?,
                players: players.parse().map_err(|_| bad("bad player count"))?,
                options: match rest.first() {
                    None | Some(&"-") => String::new(),
                    Some(o) => (*o).to_owned(),
                },
                extra: rest.iter().skip(1).map(|w| (*w).to_owned()).collect(),
                counts: Vec::new(),
            }),
            ["perft", depth, count] => {
                let depth = depth.parse().map_err(|_| bad("bad depth"))?;
                let count = count.parse().map_err(|_| bad("bad count"))?;
                out.last_mut()
                    .ok_or_else(|| bad("perft before any setup"))?
                    .counts
                    .push((depth, count));
            }
            _ => return Err(bad("expected `setup` or `perft`")),
        }
    }
    Ok(out)
}

/// Reads and parses the perft file at `path` (for a game's own checks of its setups).
///
/// # Panics
/// If the file cannot be read or parsed.
#[must_use]
pub fn read_perft_file(path: impl AsRef<Path>) -> Vec<PerftSetup> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_perft_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The environment variable that turns [`check_perft_file`] into a generator: with
/// `PARLOUR_BLESS=1` it rewrites the golden file with the computed counts instead of asserting.
pub const BLESS_VAR: &str = "PARLOUR_BLESS";

/// Whether golden files are to be rewritten ([`BLESS_VAR`] is `1`).
#[must_use]
pub fn blessing() -> bool {
    std::env::var(BLESS_VAR).is_ok_and(|v| v == "1")
}

/// The usual perft position of a setup: a new game with the setup's options whose chance events
/// are drawn from `rng_from_seed(seed)` until a player acts.
///
/// # Panics
/// If the game rejects the player count or the options, or the setup has extra words (a game
/// that reads them builds its own position).
#[must_use]
pub fn dealt<G: Game>(setup: &PerftSetup) -> G {
    assert!(
        setup.extra.is_empty(),
        "{}: setup {} has words this position does not read: {:?}",
        G::ID,
        setup.seed,
        setup.extra
    );
    let options = Options::parse_list(G::OPTIONS, &setup.options)
        .unwrap_or_else(|e| panic!("{}: setup {}: {e}", G::ID, setup.seed));
    let mut state = G::new(setup.players, &options)
        .unwrap_or_else(|e| panic!("{}: setup {}: {e}", G::ID, setup.seed));
    crate::settle_chance(&mut state, &mut rng_from_seed(setup.seed));
    state
}

/// Checks every golden count of the perft file at `path` (see the module docs): `position`
/// builds each setup's state, and every count must equal [`perft`](crate::perft) and, where it
/// returns `Some`, `naive`, the game's own independent count. Returns the number of counts.
///
/// With `PARLOUR_BLESS=1` ([`BLESS_VAR`]) the file is rewritten with the computed counts
/// instead (comments and setups kept; add `perft <depth> 0` lines to have them filled in), and
/// stderr says so; the naive counts must still agree with perft.
///
/// # Panics
/// On a file that cannot be read, parsed or written, or a count that differs, naming the setup
/// and depth.
pub fn check_perft_file<G: Game>(
    path: impl AsRef<Path>,
    position: impl Fn(&PerftSetup) -> G,
    naive: impl Fn(&G, u32) -> Option<u64>,
) -> usize {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let bless = blessing();
    let mut computed = Vec::new();
    for setup in parse_perft_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())) {
        let state = position(&setup);
        let at = format!("setup {} {} {:?}", setup.seed, setup.players, setup.options);
        for &(depth, want) in &setup.counts {
            let count = crate::perft(&state, depth);
            if let Some(independent) = naive(&state, depth) {
                assert_eq!(independent, count, "naive count and perft {depth} at {at}");
            }
            if !bless {
                assert_eq!(count, want, "perft {depth} at {at}");
            }
            computed.push(count);
        }
    }
    if bless {
        std::fs::write(path, with_counts(&text, &computed))
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        eprintln!(
            "{BLESS_VAR}: rewrote {} with {} computed counts",
            path.display(),
            computed.len()
        );
    }
    computed.len()
}

/// `text` with the count of every `perft` line replaced, in file order, by `counts`.
fn with_counts(text: &str, counts: &[u64]) -> String {
    let mut counts = counts.iter();
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["perft", depth, _] => {
                let count = counts.next().expect("one count per perft line");
                writeln!(out, "perft {depth} {count}").expect("writing to a string cannot fail");
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_setups_counts_and_extra_words() {
        let text = "# golden\nsetup 1 4 -\nperft 1 11\n\nsetup 2 2 a=1,b walk 30\nperft 2 35\nperft 3 120\n";
        let cases = parse_perft_file(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].options, "");
        assert_eq!(cases[0].counts, [(1, 11)]);
        assert_eq!(cases[1].options, "a=1,b");
        assert_eq!(cases[1].extra, ["walk", "30"]);
        assert_eq!(cases[1].counts, [(2, 35), (3, 120)]);
    }

    #[test]
    fn errors_name_the_line() {
        let err = parse_perft_file("perft 1 2").unwrap_err();
        assert!(
            err.contains("line 1") && err.contains("before any setup"),
            "{err}"
        );
        let err = parse_perft_file("setup 1 2 -\nperft one 2").unwrap_err();
        assert!(err.contains("line 2") && err.contains("bad depth"), "{err}");
        assert!(parse_perft_file("setup x 2").is_err());
        assert!(parse_perft_file("divide 1").is_err());
    }

    #[test]
    fn blessing_rewrites_only_the_counts() {
        let text = "# keep\nsetup 1 4 -\nperft 1 0\n\n  perft 2 7\nsetup 2 2 a=1\nperft 3 9\n";
        assert_eq!(
            with_counts(text, &[11, 35, 120]),
            "# keep\nsetup 1 4 -\nperft 1 11\n\nperft 2 35\nsetup 2 2 a=1\nperft 3 120\n"
        );
    }
}
