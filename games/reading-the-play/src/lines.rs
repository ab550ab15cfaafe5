//! The Line card list (DESIGNED data, `data/lines.txt`), its loader and validator.
//!
//! The rulebook prints no card list, so the engine ships a designed one (spec §2) as a text file
//! that a person holding the printed deck can correct: one row per card, as printed,
//! `<line> <stanza first> <stanza last> | <title>`. The rules never branch on titles; they look
//! up Line 315 and Line 316 as the two largest numbers.

use std::fmt;
use std::sync::OnceLock;

use parlour_core::KeptData;

use crate::card::LINE_COUNT;

/// The designed card list shipped with the engine.
pub const STANDARD_LINES: &str = include_str!("../data/lines.txt");

/// The `lines` option's default: the list shipped in `data/lines.txt`.
pub const STANDARD_NAME: &str = "standard";

/// Most distinct card lists one process keeps (see [`LineTable::resolve`]).
pub const MAX_TABLES: usize = 256;

/// One Line card.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineCard {
    /// The Line Number (centre of the card).
    pub number: u16,
    /// Index of its stanza in [`LineTable::stanzas`].
    pub stanza: u8,
    /// Flavour text.
    pub title: String,
}

/// A stanza: an interval of Line Numbers, printed on each of its cards as the left and right
/// numbers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Stanza {
    /// First Line Number.
    pub first: u16,
    /// Last Line Number.
    pub last: u16,
    /// Flavour name.
    pub name: String,
}

impl Stanza {
    /// How many lines the stanza has.
    #[must_use]
    pub fn len(&self) -> u16 {
        self.last - self.first + 1
    }

    /// Always false: a stanza has at least one line.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// A validated card list: 28 consecutive Line Numbers cut into complete, disjoint stanzas.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineTable {
    lines: Vec<LineCard>,
    stanzas: Vec<Stanza>,
}

/// Why a card list was rejected: the row (1-based, 0 for the list as a whole) and the problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DataError {
    /// Row of the data file, 1-based; 0 when the problem concerns the whole list.
    pub row: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.row == 0 {
            write!(f, "line card data: {}", self.message)
        } else {
            write!(f, "line card data, row {}: {}", self.row, self.message)
        }
    }
}

impl std::error::Error for DataError {}

fn err(row: usize, message: impl Into<String>) -> DataError {
    DataError {
        row,
        message: message.into(),
    }
}

fn split_title(rest: &str) -> (&str, &str) {
    match rest.split_once('|') {
        Some((nums, title)) => (nums, title.trim()),
        None => (rest, ""),
    }
}

fn numbers<const N: usize>(row: usize, text: &str) -> Result<[u16; N], DataError> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() != N {
        return Err(err(
            row,
            format!("expected {N} numbers before `|`, found {}", parts.len()),
        ));
    }
    let mut out = [0u16; N];
    for (o, p) in out.iter_mut().zip(parts) {
        *o = p
            .parse()
            .map_err(|_| err(row, format!("`{p}` is not a line number")))?;
    }
    Ok(out)
}

impl LineTable {
    /// The designed list shipped in `data/lines.txt`, parsed once.
    ///
    /// # Errors
    /// The shipped data is invalid (a test guards against this).
    pub fn standard() -> Result<&'static LineTable, &'static DataError> {
        static TABLE: OnceLock<Result<LineTable, DataError>> = OnceLock::new();
        TABLE
            .get_or_init(|| LineTable::parse(STANDARD_LINES))
            .as_ref()
    }

    /// The card list the `lines` option names: `standard`, or a whole list in the
    /// `data/lines.txt` format.
    ///
    /// A state holds its list by reference, as it holds the standard one, so that copying a
    /// state in search costs no more than before; each distinct list is therefore validated
    /// once and kept for the life of the process, at most [`MAX_TABLES`] of them.
    ///
    /// # Errors
    /// A list that does not validate ([`LineTable::parse`]), a one-line value that is not
    /// `standard`, or more distinct lists than [`MAX_TABLES`].
    pub fn resolve(value: &str) -> Result<&'static LineTable, DataError> {
        if value.trim() == STANDARD_NAME {
            return LineTable::standard().map_err(Clone::clone);
        }
        if !value.trim().contains('\n') {
            return Err(err(
                0,
                format!(
                    "unknown card list `{}` (built in: {STANDARD_NAME}; or give a whole list)",
                    value.trim()
                ),
            ));
        }
        static KEPT: KeptData<LineTable> = KeptData::new(MAX_TABLES);
        KEPT.get_or_parse(value, LineTable::parse)?.ok_or_else(|| {
            err(
                0,
                format!("more than {MAX_TABLES} different card lists in one process"),
            )
        })
    }

    /// Parses and validates a card list in the `data/lines.txt` format.
    ///
    /// # Errors
    /// The first problem found: a malformed row, a card outside its own stanza bounds, a
    /// repeated number, a wrong card count, a gap in the numbers, overlapping or incomplete
    /// stanzas, or Lines 315 and 316 (the two largest) in different stanzas.
    pub fn parse(text: &str) -> Result<LineTable, DataError> {
        // (number, first, last, title, row)
        let mut cards: Vec<(u16, u16, u16, String, usize)> = Vec::new();
        let mut names: Vec<(u16, u16, String, usize)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let row = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix("stanza") {
                let (nums, name) = split_title(rest);
                let [first, last] = numbers::<2>(row, nums)?;
                names.push((first, last, name.to_owned(), row));
                continue;
            }
            let (nums, title) = split_title(line);
            let [number, first, last] = numbers::<3>(row, nums)?;
            if first > last {
                return Err(err(
                    row,
                    format!("stanza bounds {first}-{last} are reversed"),
                ));
            }
            if !(first..=last).contains(&number) {
                return Err(err(
                    row,
                    format!("line {number} lies outside its stanza bounds {first}-{last}"),
                ));
            }
            if let Some(prev) = cards.iter().find(|c| c.0 == number) {
                return Err(err(
                    row,
                    format!("line {number} appears twice (also row {})", prev.4),
                ));
            }
            cards.push((number, first, last, title.to_owned(), row));
        }
        if cards.len() != usize::from(LINE_COUNT) {
            return Err(err(
                0,
                format!(
                    "expected exactly {LINE_COUNT} line cards, found {}",
                    cards.len()
                ),
            ));
        }
        cards.sort_by_key(|c| c.0);
        for w in cards.windows(2) {
            if w[1].0 != w[0].0 + 1 {
                return Err(err(
                    0,
                    format!(
                        "gap in the line numbers: no card between {} and {}",
                        w[0].0, w[1].0
                    ),
                ));
            }
        }
        // Stanzas, in order of their first line.
        let mut bounds: Vec<(u16, u16, usize)> = Vec::new();
        for c in &cards {
            if !bounds.iter().any(|b| b.0 == c.1 && b.1 == c.2) {
                bounds.push((c.1, c.2, c.4));
            }
        }
        bounds.sort_unstable();
        for w in bounds.windows(2) {
            if w[1].0 <= w[0].1 {
                return Err(err(
                    w[1].2,
                    format!(
                        "stanza {}-{} overlaps stanza {}-{}",
                        w[1].0, w[1].1, w[0].0, w[0].1
                    ),
                ));
            }
        }
        for &(first, last, row) in &bounds {
            for n in first..=last {
                match cards.iter().find(|c| c.0 == n) {
                    None => {
                        return Err(err(
                            row,
                            format!("stanza {first}-{last} has no card for line {n}"),
                        ));
                    }
                    Some(c) if (c.1, c.2) != (first, last) => {
                        return Err(err(
                            c.4,
                            format!(
                                "line {n} lies inside stanza {first}-{last} but its card names stanza {}-{}",
                                c.1, c.2
                            ),
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
        for (first, last, _, row) in &names {
            if !bounds.iter().any(|b| b.0 == *first && b.1 == *last) {
                return Err(err(
                    *row,
                    format!("stanza name for {first}-{last}, but no card has those bounds"),
                ));
            }
        }
        let stanzas: Vec<Stanza> = bounds
            .iter()
            .map(|&(first, last, _)| Stanza {
                first,
                last,
                name: names
                    .iter()
                    .find(|n| n.0 == first && n.1 == last)
                    .map_or_else(|| format!("Stanza {first}-{last}"), |n| n.2.clone()),
            })
            .collect();
        let lines: Vec<LineCard> = cards
            .into_iter()
            .map(|(number, first, _, title, _)| LineCard {
                number,
                stanza: u8::try_from(
                    stanzas
                        .iter()
                        .position(|s| s.first == first)
                        .expect("every card's stanza was collected"),
                )
                .expect("at most 28 stanzas"),
                title,
            })
            .collect();
        let n = lines.len();
        if lines[n - 1].stanza != lines[n - 2].stanza {
            return Err(err(
                0,
                format!(
                    "lines {} and {} (the rulebook's 315 and 316, the two largest) must share a stanza",
                    lines[n - 2].number,
                    lines[n - 1].number
                ),
            ));
        }
        Ok(LineTable { lines, stanzas })
    }

    /// The smallest Line Number (card index 0).
    #[must_use]
    pub fn min_line(&self) -> u16 {
        self.lines[0].number
    }

    /// The Line cards, by increasing number (card index order).
    #[must_use]
    pub fn lines(&self) -> &[LineCard] {
        &self.lines
    }

    /// The stanzas, by increasing first line.
    #[must_use]
    pub fn stanzas(&self) -> &[Stanza] {
        &self.stanzas
    }

    /// The stanzas as card-index intervals `(first, last)`, inclusive.
    pub fn stanza_spans(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let min = self.min_line();
        self.stanzas.iter().map(move |s| {
            (
                u8::try_from(s.first - min).expect("index below 28"),
                u8::try_from(s.last - min).expect("index below 28"),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard_rows() -> Vec<String> {
        STANDARD_LINES.lines().map(str::to_owned).collect()
    }

    fn edited(f: impl FnOnce(&mut Vec<String>)) -> Result<LineTable, DataError> {
        let mut rows = standard_rows();
        f(&mut rows);
        LineTable::parse(&rows.join("\n"))
    }

    fn replace(rows: &mut [String], from: &str, to: &str) {
        let r = rows
            .iter_mut()
            .find(|r| r.starts_with(from))
            .expect("row exists");
        *r = to.to_owned();
    }

    #[test]
    fn standard_list_is_valid() {
        let t = LineTable::standard().expect("shipped data is valid");
        assert_eq!(t.lines().len(), 28);
        assert_eq!(t.min_line(), 289);
        assert_eq!(t.lines()[27].number, 316);
        let lens: Vec<u16> = t.stanzas().iter().map(Stanza::len).collect();
        assert_eq!(lens, vec![4, 4, 4, 4, 6, 2, 4]);
        assert_eq!(t.stanzas()[6].name, "The King");
        assert_eq!(t.lines()[26].title, "Not upon us, O King, not upon us!");
        assert_eq!(t.stanza_spans().last(), Some((24, 27)));
    }

    #[test]
    fn rejects_overlapping_stanzas() {
        let e = edited(|r| replace(r, "293 293 296", "293 292 296 | x")).unwrap_err();
        assert!(e.message.contains("overlaps"), "{e}");
    }

    #[test]
    fn rejects_gaps_in_line_numbers() {
        let e = edited(|r| replace(r, "300 297 300", "317 313 317 | x")).unwrap_err();
        assert!(
            e.message.contains("gap") || e.message.contains("no card"),
            "{e}"
        );
        let e = edited(|r| replace(r, "289 289 292", "288 288 292 | x")).unwrap_err();
        assert!(e.message.contains("gap"), "{e}");
    }

    #[test]
    fn rejects_incomplete_stanza() {
        // The King claims five lines, 313-317, but the deck has no Line 317.
        let e = edited(|r| {
            for n in 313..=316 {
                replace(r, &format!("{n} 313 316"), &format!("{n} 313 317 | x"));
            }
            replace(r, "stanza 313 316", "stanza 313 317 | The King");
        })
        .unwrap_err();
        assert!(e.message.contains("has no card for line 317"), "{e}");
        // A one-line stanza cut out of the middle of another.
        let e = edited(|r| replace(r, "310 305 310", "310 310 310 | x")).unwrap_err();
        assert!(e.message.contains("overlaps"), "{e}");
    }

    #[test]
    fn rejects_bad_bounds() {
        let e = edited(|r| replace(r, "291 289 292", "291 293 296 | x")).unwrap_err();
        assert!(e.message.contains("outside its stanza"), "{e}");
        let e = edited(|r| replace(r, "291 289 292", "291 292 289 | x")).unwrap_err();
        assert!(e.message.contains("reversed"), "{e}");
        let e = edited(|r| replace(r, "291 289 292", "291 289 x | x")).unwrap_err();
        assert!(e.message.contains("not a line number"), "{e}");
        assert!(e.row > 0, "a row error names its row: {e}");
    }

    #[test]
    fn rejects_wrong_count_and_duplicates() {
        let e = edited(|r| r.retain(|x| !x.starts_with("300 "))).unwrap_err();
        assert!(e.message.contains("exactly 28"), "{e}");
        let e = edited(|r| replace(r, "300 297 300", "299 297 300 | x")).unwrap_err();
        assert!(e.message.contains("twice"), "{e}");
    }

    #[test]
    fn rejects_split_finish() {
        let mut rows = standard_rows();
        replace(&mut rows, "313 313 316", "313 313 315 | a");
        replace(&mut rows, "314 313 316", "314 313 315 | b");
        replace(&mut rows, "315 313 316", "315 313 315 | c");
        replace(&mut rows, "316 313 316", "316 316 316 | d");
        replace(&mut rows, "stanza 313 316", "stanza 313 315 | The King");
        let e = LineTable::parse(&rows.join("\n")).unwrap_err();
        assert!(e.message.contains("must share a stanza"), "{e}");
    }

    #[test]
    fn rejects_orphan_stanza_name() {
        let e = edited(|r| r.push("stanza 400 401 | nowhere".into())).unwrap_err();
        assert!(e.message.contains("no card has those bounds"), "{e}");
    }
}
