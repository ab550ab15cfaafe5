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

use parlour_core::Game;

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

/// Checks every golden count of a perft file (see the module docs): `position` builds each
/// setup's state, and every count must equal both [`perft`](crate::perft) and `naive`, the
/// game's own independent count. Returns the number of counts checked.
///
/// # Panics
/// On a malformed file or a count that differs, naming the setup and depth.
pub fn check_perft_file<G: Game>(
    text: &str,
    position: impl Fn(&PerftSetup) -> G,
    naive: impl Fn(&G, u32) -> u64,
) -> usize {
    let mut checked = 0;
    for setup in parse_perft_file(text).unwrap_or_else(|e| panic!("{e}")) {
        let state = position(&setup);
        let at = format!("setup {} {} {:?}", setup.seed, setup.players, setup.options);
        for &(depth, want) in &setup.counts {
            assert_eq!(crate::perft(&state, depth), want, "perft {depth} at {at}");
            assert_eq!(naive(&state, depth), want, "naive count {depth} at {at}");
            checked += 1;
        }
    }
    checked
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
}
