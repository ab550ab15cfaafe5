//! Who an event text is written for: the trace (engine ids, seats and hands counted from 0, the
//! text records, `replay --trace` and the engine protocol keep byte for byte) or people at a
//! table (their names, cards by their printed names, everything counted from 1).

use crate::Seat;

/// How [`crate::Game::describe_event`] writes: [`Voice::TRACE`] or [`Voice::table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Voice<'a> {
    names: Option<Names<'a>>,
}

impl<'a> Voice<'a> {
    /// Engine ids and seat numbers from 0: the public, frozen text of logs in records, traces
    /// and the engine protocol.
    pub const TRACE: Voice<'static> = Voice { names: None };

    /// Text for people at a table whose seats hold players named `names` (seat order).
    #[must_use]
    pub const fn table(names: &'a [String]) -> Voice<'a> {
        Voice {
            names: Some(Names(names)),
        }
    }

    /// The players' names when writing for people, `None` for the trace.
    #[must_use]
    pub const fn names(self) -> Option<Names<'a>> {
        self.names
    }
}

/// The players' names at a table, in seat order: how a text for people names a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names<'a>(&'a [String]);

impl Names<'_> {
    /// The name of the player in `seat`, or "Seat N" (N from 1) where the seat has no name.
    #[must_use]
    pub fn of(self, seat: Seat) -> String {
        match self.0.get(usize::from(seat.0)) {
            Some(name) if !name.trim().is_empty() => name.clone(),
            _ => format!("Seat {}", u16::from(seat.0) + 1),
        }
    }

    /// The names of `seats`, written as a list ("Ann, Bo and Cy").
    #[must_use]
    pub fn list(self, seats: impl IntoIterator<Item = Seat>) -> String {
        and_list(seats.into_iter().map(|s| self.of(s)))
    }
}

/// `count` and `noun`, the noun in the plural unless the count is one: "1 point", "0 points",
/// "-1 point".
#[must_use]
pub fn count(count: impl Into<i64>, noun: &str) -> String {
    let n = count.into();
    if n.abs() == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Items joined for reading: "a", "a and b", "a, b and c"; "nothing" when there are none.
#[must_use]
pub fn and_list(items: impl IntoIterator<Item = impl AsRef<str>>) -> String {
    let items: Vec<_> = items.into_iter().collect();
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == items.len() { " and " } else { ", " });
        }
        out.push_str(item.as_ref());
    }
    if out.is_empty() {
        "nothing".to_owned()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_named_or_counted_from_one() {
        let names = ["Ann".to_owned(), " ".to_owned()];
        let n = Voice::table(&names).names().unwrap();
        assert_eq!(n.of(Seat(0)), "Ann");
        assert_eq!(n.of(Seat(1)), "Seat 2");
        assert_eq!(n.of(Seat(2)), "Seat 3");
        assert_eq!(Voice::TRACE.names(), None);
    }

    #[test]
    fn nouns_agree_with_their_count() {
        assert_eq!(count(1, "point"), "1 point");
        assert_eq!(count(-1, "point"), "-1 point");
        assert_eq!(count(0, "point"), "0 points");
        assert_eq!(count(7u8, "card"), "7 cards");
    }

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(and_list(Vec::<String>::new()), "nothing");
        assert_eq!(and_list(["a"]), "a");
        assert_eq!(and_list(["a", "b"]), "a and b");
        assert_eq!(and_list(["a", "b", "c"]), "a, b and c");
    }
}
