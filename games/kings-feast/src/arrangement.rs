//! Seating arrangements: the layout file format of spec §3.1, its validation, and the four
//! built-in (DESIGNED) arrangements stored as data files.

use std::fmt;

use crate::card::{ASSASSIN, CardId, KING, bit};

/// Largest number of rows or columns an arrangement may have.
pub const MAX_SIDE: usize = 18;

/// The built-in arrangements, easiest first: `(name, layout text)`.
const BUILTIN: [(&str, &str); 4] = [
    (
        "beginners_banquet",
        include_str!("../data/beginners_banquet.txt"),
    ),
    (
        "full_feudal_feast",
        include_str!("../data/full_feudal_feast.txt"),
    ),
    (
        "surprise_party_soiree",
        include_str!("../data/surprise_party_soiree.txt"),
    ),
    (
        "round_table_roast",
        include_str!("../data/round_table_roast.txt"),
    ),
];

/// Names of the built-in arrangements, in the order of the spec (easiest first).
pub const BUILTIN_NAMES: [&str; 4] = [
    "beginners_banquet",
    "full_feudal_feast",
    "surprise_party_soiree",
    "round_table_roast",
];

/// Where an arrangement comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Provenance {
    /// Made up for this implementation (the rulebook's diagrams are lost).
    Designed,
    /// Taken from the published rulebook.
    Published,
}

/// What the setup diagram puts on one cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SetupToken {
    /// `.`: no seat.
    Hole,
    /// `U`: deal a card face up.
    Up,
    /// `D`: deal a card face down.
    Down,
    /// `K`: the King, face up.
    King,
    /// `A`: the Assassin, face down.
    Assassin,
    /// `<v>U` / `<v>D` (an extension for studies): card `v` is placed here, face up or down.
    Fixed {
        /// The card.
        card: CardId,
        /// Whether it starts face up.
        face_up: bool,
    },
}

/// A validated seating arrangement: setup and goal diagrams on a `rows × cols` grid.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Arrangement {
    /// snake_case id (`beginners_banquet`).
    pub name: String,
    /// Display title (`Beginner's Banquet`).
    pub title: String,
    /// Designed here or published.
    pub provenance: Provenance,
    /// Number of rows.
    pub rows: u8,
    /// Number of columns.
    pub cols: u8,
    /// Setup token per cell, row-major.
    pub setup: Vec<SetupToken>,
    /// Goal card per cell, row-major (`None` = hole).
    pub goal: Vec<Option<CardId>>,
}

/// An arrangement that cannot be read: the line (1-based, when known) and the reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArrangementError {
    /// 1-based line number in the layout text, when the error is tied to one.
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for ArrangementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "arrangement line {l}: {}", self.reason),
            None => write!(f, "arrangement: {}", self.reason),
        }
    }
}

impl std::error::Error for ArrangementError {}

fn err(line: Option<usize>, reason: impl Into<String>) -> ArrangementError {
    ArrangementError {
        line,
        reason: reason.into(),
    }
}

/// The built-in arrangement called `name`, if any.
#[must_use]
pub fn builtin_arrangement(name: &str) -> Option<Arrangement> {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| parse_arrangement(text).expect("built-in arrangements are valid"))
}

/// The layout text of the built-in arrangement called `name`, if any.
#[must_use]
pub fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Reads the value of the `arrangement` option: a built-in name, or a full layout text.
///
/// # Errors
/// An unknown name, or layout text that does not validate.
pub fn resolve_arrangement(value: &str) -> Result<Arrangement, ArrangementError> {
    let v = value.trim();
    if let Some(a) = builtin_arrangement(v) {
        return Ok(a);
    }
    if !v.contains('\n') && !v.contains("setup:") {
        return Err(err(
            None,
            format!(
                "unknown arrangement `{v}` (built-in: {}; or give the full layout text)",
                BUILTIN_NAMES.join(", ")
            ),
        ));
    }
    parse_arrangement(v)
}

fn parse_setup_token(tok: &str) -> Option<SetupToken> {
    Some(match tok {
        "." => SetupToken::Hole,
        "U" => SetupToken::Up,
        "D" => SetupToken::Down,
        "K" => SetupToken::King,
        "A" => SetupToken::Assassin,
        _ => {
            let (num, face) = tok.split_at(tok.len().checked_sub(1)?);
            let face_up = match face {
                "U" => true,
                "D" => false,
                _ => return None,
            };
            let card: u8 = num.parse().ok()?;
            if !(1..=18).contains(&card) {
                return None;
            }
            SetupToken::Fixed { card, face_up }
        }
    })
}

/// Parses and validates a layout text (spec §3.1).
///
/// ```text
/// name: <snake_case id>
/// title: <display title>
/// provenance: DESIGNED | PUBLISHED
/// setup:
/// <rows of tokens: . U D K A>
/// goal:
/// <rows of tokens: . or a value 1..=18>
/// ```
///
/// Lines starting with `#` are comments; blank lines are ignored. As an extension for studies
/// (test positions, puzzles), a setup token may also be `<v>U` or `<v>D`: card `v` placed face
/// up or down. A layout that uses such tokens need not have a `K`, an `A`, or the cards 1 and 18,
/// and may have fewer than 3 seats.
///
/// # Errors
/// The first problem found, with its line number when it has one.
pub fn parse_arrangement(text: &str) -> Result<Arrangement, ArrangementError> {
    #[derive(PartialEq)]
    enum Section {
        Header,
        Setup,
        Goal,
    }
    let mut name = None;
    let mut title = None;
    let mut provenance = None;
    let mut section = Section::Header;
    let mut setup_rows: Vec<(usize, Vec<SetupToken>)> = Vec::new();
    let mut goal_rows: Vec<(usize, Vec<Option<CardId>>)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let ln = Some(i + 1);
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line == "setup:" {
            if section != Section::Header {
                return Err(err(ln, "`setup:` appears twice or after `goal:`"));
            }
            section = Section::Setup;
            continue;
        }
        if line == "goal:" {
            if section != Section::Setup {
                return Err(err(ln, "`goal:` must follow the `setup:` grid"));
            }
            section = Section::Goal;
            continue;
        }
        match section {
            Section::Header => {
                let (key, value) = line
                    .split_once(':')
                    .ok_or_else(|| err(ln, format!("expected `key: value`, got `{line}`")))?;
                let value = value.trim().to_owned();
                match key.trim() {
                    "name" => {
                        if value.is_empty()
                            || !value
                                .chars()
                                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                        {
                            return Err(err(ln, format!("name `{value}` is not a snake_case id")));
                        }
                        name = Some(value);
                    }
                    "title" => title = Some(value),
                    "provenance" => {
                        provenance = Some(match value.as_str() {
                            "DESIGNED" => Provenance::Designed,
                            "PUBLISHED" => Provenance::Published,
                            _ => {
                                return Err(err(
                                    ln,
                                    format!(
                                        "provenance must be DESIGNED or PUBLISHED, not `{value}`"
                                    ),
                                ));
                            }
                        });
                    }
                    other => return Err(err(ln, format!("unknown header field `{other}`"))),
                }
            }
            Section::Setup => {
                let row = line
                    .split_whitespace()
                    .map(|t| {
                        parse_setup_token(t).ok_or_else(|| {
                            err(
                                ln,
                                format!(
                                    "setup token `{t}` is not one of . U D K A (or <value>U / <value>D)"
                                ),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                setup_rows.push((i + 1, row));
            }
            Section::Goal => {
                let row = line
                    .split_whitespace()
                    .map(|t| {
                        if t == "." {
                            return Ok(None);
                        }
                        match t.parse::<u8>() {
                            Ok(v) if (1..=18).contains(&v) => Ok(Some(v)),
                            _ => Err(err(
                                ln,
                                format!("goal token `{t}` is neither `.` nor a value 1..=18"),
                            )),
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                goal_rows.push((i + 1, row));
            }
        }
    }
    let name = name.ok_or_else(|| err(None, "missing `name:`"))?;
    let title = title.ok_or_else(|| err(None, "missing `title:`"))?;
    let provenance = provenance.ok_or_else(|| err(None, "missing `provenance:`"))?;
    if section != Section::Goal {
        return Err(err(None, "missing the `setup:` and `goal:` grids"));
    }
    if setup_rows.is_empty() {
        return Err(err(None, "the setup grid is empty"));
    }
    if goal_rows.len() != setup_rows.len() {
        return Err(err(
            None,
            format!(
                "the setup grid has {} rows but the goal grid has {}",
                setup_rows.len(),
                goal_rows.len()
            ),
        ));
    }
    let cols = setup_rows[0].1.len();
    if setup_rows.len() > MAX_SIDE || cols > MAX_SIDE {
        return Err(err(
            None,
            format!("grids may be at most {MAX_SIDE}×{MAX_SIDE}"),
        ));
    }
    for (ln, row) in &setup_rows {
        if row.len() != cols {
            return Err(err(
                Some(*ln),
                format!("setup row has {} tokens, expected {cols}", row.len()),
            ));
        }
    }
    for (ln, row) in &goal_rows {
        if row.len() != cols {
            return Err(err(
                Some(*ln),
                format!("goal row has {} tokens, expected {cols}", row.len()),
            ));
        }
    }
    let setup: Vec<SetupToken> = setup_rows.iter().flat_map(|(_, r)| r.clone()).collect();
    let goal: Vec<Option<CardId>> = goal_rows.iter().flat_map(|(_, r)| r.clone()).collect();
    for (i, (s, g)) in setup.iter().zip(&goal).enumerate() {
        if (*s == SetupToken::Hole) != g.is_none() {
            return Err(err(
                Some(goal_rows[i / cols].0),
                format!(
                    "cell ({}, {}) is a hole in one grid but a seat in the other",
                    i / cols,
                    i % cols
                ),
            ));
        }
    }
    let mut goal_cards = 0u32;
    for (i, g) in goal.iter().enumerate() {
        if let Some(v) = *g {
            if goal_cards & bit(v) != 0 {
                return Err(err(
                    Some(goal_rows[i / cols].0),
                    format!("goal value {v} appears twice"),
                ));
            }
            goal_cards |= bit(v);
        }
    }
    let count = |t: SetupToken| setup.iter().filter(|&&s| s == t).count();
    let (kings, assassins) = (count(SetupToken::King), count(SetupToken::Assassin));
    let mut fixed = 0u32;
    for s in &setup {
        if let SetupToken::Fixed { card, .. } = *s {
            if fixed & bit(card) != 0 {
                return Err(err(
                    None,
                    format!("card {card} is placed twice in the setup"),
                ));
            }
            if goal_cards & bit(card) == 0 {
                return Err(err(
                    None,
                    format!("card {card} is placed in the setup but is not in the goal"),
                ));
            }
            fixed |= bit(card);
        }
    }
    let study = fixed != 0;
    let seats = goal.iter().filter(|g| g.is_some()).count();
    if study {
        if kings > 1 || assassins > 1 {
            return Err(err(None, "at most one `K` and one `A`"));
        }
    } else {
        if kings != 1 {
            return Err(err(
                None,
                format!("expected exactly one `K`, found {kings}"),
            ));
        }
        if assassins != 1 {
            return Err(err(
                None,
                format!("expected exactly one `A`, found {assassins}"),
            ));
        }
        if seats < 3 {
            return Err(err(
                None,
                format!("at least 3 seats are needed, found {seats}"),
            ));
        }
    }
    if kings == 1 && goal_cards & bit(KING) == 0 {
        return Err(err(None, "the goal must contain the King (18)"));
    }
    if assassins == 1 && goal_cards & bit(ASSASSIN) == 0 {
        return Err(err(None, "the goal must contain the Assassin (1)"));
    }
    if kings == 1 && fixed & bit(KING) != 0 {
        return Err(err(None, "the King is placed twice (`K` and `18U`/`18D`)"));
    }
    if assassins == 1 && fixed & bit(ASSASSIN) != 0 {
        return Err(err(
            None,
            "the Assassin is placed twice (`A` and `1U`/`1D`)",
        ));
    }
    if fixed & bit(ASSASSIN) != 0
        && setup.contains(&SetupToken::Fixed {
            card: ASSASSIN,
            face_up: true,
        })
    {
        return Err(err(None, "the Assassin must start face down"));
    }
    let mut placed = fixed;
    if kings == 1 {
        placed |= bit(KING);
    }
    if assassins == 1 {
        placed |= bit(ASSASSIN);
    }
    let to_deal = (goal_cards & !placed).count_ones() as usize;
    let deal_seats = count(SetupToken::Up) + count(SetupToken::Down);
    if to_deal != deal_seats {
        return Err(err(
            None,
            format!("{deal_seats} `U`/`D` seats but {to_deal} cards left to deal"),
        ));
    }
    Ok(Arrangement {
        name,
        title,
        provenance,
        rows: setup_rows.len() as u8,
        cols: cols as u8,
        setup,
        goal,
    })
}

impl Arrangement {
    /// The cards in play (the goal values), as a mask (bit `v`).
    #[must_use]
    pub fn cards(&self) -> u32 {
        self.goal.iter().flatten().fold(0, |m, &v| m | bit(v))
    }

    /// Number of seats.
    #[must_use]
    pub fn seat_count(&self) -> usize {
        self.goal.iter().filter(|g| g.is_some()).count()
    }

    /// The cards dealt at random in setup (in play, not `K`, `A` or fixed), ascending.
    #[must_use]
    pub fn dealt_cards(&self) -> Vec<CardId> {
        let mut placed = 0u32;
        for s in &self.setup {
            match *s {
                SetupToken::King => placed |= bit(KING),
                SetupToken::Assassin => placed |= bit(ASSASSIN),
                SetupToken::Fixed { card, .. } => placed |= bit(card),
                _ => {}
            }
        }
        let m = self.cards() & !placed;
        (1..=18).filter(|&v| m & bit(v) != 0).collect()
    }

    /// The layout text of this arrangement (parses back to an equal arrangement).
    #[must_use]
    pub fn to_text(&self) -> String {
        let prov = match self.provenance {
            Provenance::Designed => "DESIGNED",
            Provenance::Published => "PUBLISHED",
        };
        let mut s = format!(
            "name: {}\ntitle: {}\nprovenance: {prov}\nsetup:\n",
            self.name, self.title
        );
        let cols = usize::from(self.cols);
        for row in self.setup.chunks(cols) {
            let toks: Vec<String> = row
                .iter()
                .map(|t| match *t {
                    SetupToken::Hole => ".".into(),
                    SetupToken::Up => "U".into(),
                    SetupToken::Down => "D".into(),
                    SetupToken::King => "K".into(),
                    SetupToken::Assassin => "A".into(),
                    SetupToken::Fixed { card, face_up } => {
                        format!("{card}{}", if face_up { 'U' } else { 'D' })
                    }
                })
                .collect();
            s.push_str(&toks.join(" "));
            s.push('\n');
        }
        s.push_str("goal:\n");
        for row in self.goal.chunks(cols) {
            let toks: Vec<String> = row
                .iter()
                .map(|g| g.map_or_else(|| ".".into(), |v| v.to_string()))
                .collect();
            s.push_str(&toks.join(" "));
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_are_valid_and_round_trip() {
        for name in BUILTIN_NAMES {
            let a = builtin_arrangement(name).expect("built-in");
            assert_eq!(a.name, name);
            assert_eq!(parse_arrangement(&a.to_text()).unwrap(), a);
        }
        let b = builtin_arrangement("beginners_banquet").unwrap();
        assert_eq!(b.seat_count(), 9);
        assert_eq!(b.dealt_cards(), vec![2, 3, 7, 9, 11, 13, 15]);
        assert_eq!(
            builtin_arrangement("full_feudal_feast")
                .unwrap()
                .seat_count(),
            18
        );
        assert_eq!(
            builtin_arrangement("round_table_roast")
                .unwrap()
                .seat_count(),
            16
        );
    }

    fn layout(setup: &str, goal: &str) -> String {
        format!("name: t\ntitle: T\nprovenance: DESIGNED\nsetup:\n{setup}\ngoal:\n{goal}\n")
    }

    #[test]
    fn layout_errors_are_clear() {
        let e = parse_arrangement(&layout("A U K\nU U", "1 2 18\n3 4")).unwrap_err();
        assert!(e.to_string().contains("2 tokens, expected 3"), "{e}");
        let e = parse_arrangement(&layout("A U K", "1 . 18")).unwrap_err();
        assert!(e.to_string().contains("hole in one grid"), "{e}");
        let e = parse_arrangement(&layout("A U U", "1 2 3")).unwrap_err();
        assert!(e.to_string().contains("exactly one `K`"), "{e}");
        let e = parse_arrangement(&layout("A U K", "1 1 18")).unwrap_err();
        assert!(e.to_string().contains("appears twice"), "{e}");
        let e = parse_arrangement(&layout("A X K", "1 2 18")).unwrap_err();
        assert!(e.to_string().contains("setup token `X`"), "{e}");
        assert_eq!(e.line, Some(5));
        let e = parse_arrangement(&layout("A U K", "1 2 19")).unwrap_err();
        assert!(e.to_string().contains("goal token `19`"), "{e}");
        let e = parse_arrangement(&layout("A K", "1 18")).unwrap_err();
        assert!(e.to_string().contains("at least 3 seats"), "{e}");
        let e =
            parse_arrangement("title: x\nprovenance: DESIGNED\nsetup:\nA\ngoal:\n1\n").unwrap_err();
        assert!(e.to_string().contains("missing `name:`"), "{e}");
        let e = resolve_arrangement("grand_gala").unwrap_err();
        assert!(
            e.to_string().contains("unknown arrangement `grand_gala`"),
            "{e}"
        );
    }

    #[test]
    fn studies_place_fixed_cards() {
        let a = parse_arrangement(&layout("3U 7U 11D", "3 7 11")).unwrap();
        assert!(a.dealt_cards().is_empty());
        assert_eq!(a.cards(), bit(3) | bit(7) | bit(11));
        let e = parse_arrangement(&layout("1U 7U", "1 7")).unwrap_err();
        assert!(e.to_string().contains("face down"), "{e}");
    }
}
