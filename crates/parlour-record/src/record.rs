use std::collections::BTreeMap;

use parlour_core::{OptionError, OptionSpec, OptionValue, Options, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

/// The format tag of records this version writes and reads.
pub const FORMAT: &str = "parlour-record/1";

/// A game record: enough to replay a game exactly (see `docs/records.md`).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// Registry id of the game.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// Variant options by id; omitted ones take their defaults.
    #[serde(default)]
    pub options: BTreeMap<String, Value>,
    /// Seed of the ChaCha8 stream that draws every chance outcome the record does not state.
    pub seed: u64,
    /// Entries in order: `"<seat>: <action text>"` or `"chance: <outcome text>"`.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// A record that cannot be read.
#[derive(Debug, Error)]
pub enum RecordError {
    /// Not JSON of the record's shape; serde's message names the field.
    #[error("malformed record: {0}")]
    Json(#[from] serde_json::Error),
    /// A format this version does not read.
    #[error("unsupported record format `{0}` (expected `{FORMAT}`)")]
    Format(String),
    /// An option value of the wrong JSON type, or rejected by the game.
    #[error("record field `options`: {0}")]
    Option(#[from] OptionError),
    /// An option value that is neither a bool, a number nor a string.
    #[error("record field `options.{0}`: expected a boolean, number or string")]
    OptionType(String),
}

impl Record {
    /// Reads a record from JSON text and checks its format tag.
    ///
    /// # Errors
    /// Malformed JSON (the message names the field) or an unknown format.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let r: Record = serde_json::from_str(text)?;
        if r.format != FORMAT {
            return Err(RecordError::Format(r.format));
        }
        Ok(r)
    }

    /// Pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// The options of a record of game `G`, once its format and game are checked.
    ///
    /// # Errors
    /// Another format, another game, or options `G` does not take.
    pub fn options_for<G: parlour_core::Game>(&self) -> Result<Options, crate::ReplayError> {
        if self.format != FORMAT {
            return Err(RecordError::Format(self.format.clone()).into());
        }
        if self.game != G::ID {
            return Err(parlour_core::SetupError::Invalid(format!(
                "record is for `{}`, not `{}`",
                self.game,
                G::ID
            ))
            .into());
        }
        Ok(self.resolve_options(G::OPTIONS)?)
    }

    /// The record's options resolved against a game's specs.
    ///
    /// # Errors
    /// Unknown options or bad values.
    pub fn resolve_options(&self, specs: &'static [OptionSpec]) -> Result<Options, RecordError> {
        let mut opts = Options::defaults(specs);
        for (k, v) in &self.options {
            let text = match v {
                Value::Bool(b) => b.to_string(),
                Value::Number(n) => n.to_string(),
                Value::String(s) => s.clone(),
                _ => return Err(RecordError::OptionType(k.clone())),
            };
            opts.set(k, &text)?;
        }
        Ok(opts)
    }
}

/// Options as JSON values for a record (flags as booleans, numbers as numbers); game data at
/// its default is left out ([`Options::recorded`]).
#[must_use]
pub fn options_json(options: &Options) -> BTreeMap<String, Value> {
    options
        .recorded()
        .map(|(k, v)| {
            let json = match v {
                OptionValue::Flag(b) => Value::Bool(*b),
                OptionValue::Int(i) => Value::from(*i),
                OptionValue::Text(t) => Value::String(t.clone()),
                OptionValue::Seat(Some(s)) => Value::from(s.0),
                OptionValue::Seat(None) => Value::String("random".into()),
            };
            (k.to_owned(), json)
        })
        .collect()
}

/// One entry of a record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Entry<'a> {
    /// A seat's action in notation.
    Action(Seat, &'a str),
    /// A stated chance outcome in notation.
    Chance(&'a str),
}

impl<'a> Entry<'a> {
    /// Reads `"<seat>: <action>"` or `"chance: <outcome>"`.
    ///
    /// # Errors
    /// Text of neither form.
    pub fn parse(text: &'a str) -> Result<Entry<'a>, String> {
        let (who, what) = text.split_once(':').ok_or_else(|| {
            format!("expected `<seat>: <action>` or `chance: <outcome>`, got `{text}`")
        })?;
        let what = what.trim();
        let who = who.trim();
        if who == "chance" {
            return Ok(Entry::Chance(what));
        }
        let seat: u8 = who
            .parse()
            .map_err(|_| format!("`{who}` is neither a seat number nor `chance`"))?;
        Ok(Entry::Action(Seat(seat), what))
    }
}

impl std::fmt::Display for Entry<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entry::Action(s, a) => write!(f, "{s}: {a}"),
            Entry::Chance(c) => write!(f, "chance: {c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_parse() {
        assert_eq!(
            Entry::parse("2: play flame-6").unwrap(),
            Entry::Action(Seat(2), "play flame-6")
        );
        assert_eq!(
            Entry::parse("chance: mat bone: a b").unwrap(),
            Entry::Chance("mat bone: a b")
        );
        assert!(Entry::parse("x: y").is_err());
        assert!(Entry::parse("no colon").is_err());
    }

    #[test]
    fn malformed_records_name_the_field() {
        let e = Record::from_json(
            r#"{"format":"parlour-record/1","game":"x","players":"four","seed":1}"#,
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("players") || e.to_string().contains("string"),
            "{e}"
        );
        let e = Record::from_json(r#"{"format":"parlour-record/1","game":"x","players":4}"#)
            .unwrap_err();
        assert!(e.to_string().contains("seed"), "{e}");
        let e = Record::from_json(r#"{"format":"other/9","game":"x","players":4,"seed":1}"#)
            .unwrap_err();
        assert!(e.to_string().contains("unsupported record format"), "{e}");
    }
}
