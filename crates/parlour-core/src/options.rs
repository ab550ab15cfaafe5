use std::collections::BTreeMap;
use std::fmt;

use crate::{OptionError, Seat};

/// The kind and default of a variant option.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptionKind {
    /// On or off (`true`/`false`, also `on`/`off`, `yes`/`no`, `1`/`0`).
    Flag {
        /// The default.
        default: bool,
    },
    /// A whole number in `min..=max`.
    Int {
        /// The default.
        default: i64,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// One of a fixed list of words.
    Choice {
        /// The default, one of `choices`.
        default: &'static str,
        /// The allowed words.
        choices: &'static [&'static str],
    },
    /// A seat number, or `random` (the default) to let the game's RNG choose.
    SeatOrRandom,
    /// Free text (a layout name or inline layout data, say).
    Text {
        /// The default.
        default: &'static str,
    },
    /// Replaceable game data (a card list): text that names the data built into the game, the
    /// default, or holds a whole data file. It reads and shows as text; a record leaves it out
    /// while it is at its default, so adding one leaves a game's default records as they were.
    Data {
        /// The name of the built-in data.
        default: &'static str,
    },
}

/// One variant option of a game: a snake_case id, help text, and its kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OptionSpec {
    /// snake_case id, as written on the command line and in records.
    pub id: &'static str,
    /// One line for a UI or `--help`.
    pub help: &'static str,
    /// Kind and default.
    pub kind: OptionKind,
}

impl OptionSpec {
    /// A flag that defaults to off.
    #[must_use]
    pub const fn flag(id: &'static str, help: &'static str) -> Self {
        OptionSpec {
            id,
            help,
            kind: OptionKind::Flag { default: false },
        }
    }

    /// A whole number option.
    #[must_use]
    pub const fn int(
        id: &'static str,
        help: &'static str,
        default: i64,
        min: i64,
        max: i64,
    ) -> Self {
        OptionSpec {
            id,
            help,
            kind: OptionKind::Int { default, min, max },
        }
    }

    /// Replaceable game data ([`OptionKind::Data`]) whose default names the built-in data.
    #[must_use]
    pub const fn data(id: &'static str, help: &'static str, default: &'static str) -> Self {
        OptionSpec {
            id,
            help,
            kind: OptionKind::Data { default },
        }
    }

    /// The `first_player` option every game with a random first player shares.
    pub const FIRST_PLAYER: OptionSpec = OptionSpec {
        id: "first_player",
        help: "seat that plays first, or `random`",
        kind: OptionKind::SeatOrRandom,
    };

    fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Flag { default } => OptionValue::Flag(default),
            OptionKind::Int { default, .. } => OptionValue::Int(default),
            OptionKind::Choice { default, .. }
            | OptionKind::Text { default }
            | OptionKind::Data { default } => OptionValue::Text(default.to_owned()),
            OptionKind::SeatOrRandom => OptionValue::Seat(None),
        }
    }

    /// The default as text.
    #[must_use]
    pub fn default_text(&self) -> String {
        self.default_value().to_string()
    }

    fn parse(&self, text: &str) -> Result<OptionValue, OptionError> {
        let bad = |reason: String| OptionError::BadValue {
            name: self.id.to_owned(),
            reason,
        };
        let t = text.trim();
        match self.kind {
            OptionKind::Flag { .. } => match t.to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" | "1" => Ok(OptionValue::Flag(true)),
                "false" | "off" | "no" | "0" => Ok(OptionValue::Flag(false)),
                _ => Err(bad(format!("expected true or false, got `{t}`"))),
            },
            OptionKind::Int { min, max, .. } => {
                let v: i64 = t
                    .parse()
                    .map_err(|_| bad(format!("expected a whole number, got `{t}`")))?;
                if !(min..=max).contains(&v) {
                    return Err(bad(format!("{v} is outside {min}..={max}")));
                }
                Ok(OptionValue::Int(v))
            }
            OptionKind::Choice { choices, .. } => {
                if choices.contains(&t) {
                    Ok(OptionValue::Text(t.to_owned()))
                } else {
                    Err(bad(format!(
                        "expected one of {}, got `{t}`",
                        choices.join(", ")
                    )))
                }
            }
            OptionKind::SeatOrRandom => {
                if t == "random" {
                    return Ok(OptionValue::Seat(None));
                }
                let v: u8 = t
                    .parse()
                    .map_err(|_| bad(format!("expected a seat number or `random`, got `{t}`")))?;
                Ok(OptionValue::Seat(Some(Seat(v))))
            }
            OptionKind::Text { .. } | OptionKind::Data { .. } => {
                Ok(OptionValue::Text(text.to_owned()))
            }
        }
    }

    /// A short description of the allowed values, for help listings.
    #[must_use]
    pub fn values_hint(&self) -> String {
        match self.kind {
            OptionKind::Flag { .. } => "true|false".into(),
            OptionKind::Int { min, max, .. } => format!("{min}..={max}"),
            OptionKind::Choice { choices, .. } => choices.join("|"),
            OptionKind::SeatOrRandom => "random|<seat>".into(),
            OptionKind::Text { .. } => "text".into(),
            OptionKind::Data { default } => format!("{default}|<file>"),
        }
    }
}

/// The one JSON form of an option's declaration, for the lobby API (`GET /api/games`) and
/// Python's `parlour.games()`: `{"id", "help", "kind", "default"}`, plus `"min"` and `"max"`
/// for an `int` and `"choices"` for a `choice`. `kind` is `flag`, `int`, `choice`, `seat` (a
/// seat number or `random`, the default) or `text`.
impl serde::Serialize for OptionSpec {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("id", self.id)?;
        map.serialize_entry("help", self.help)?;
        match self.kind {
            OptionKind::Flag { default } => {
                map.serialize_entry("kind", "flag")?;
                map.serialize_entry("default", &default)?;
            }
            OptionKind::Int { default, min, max } => {
                map.serialize_entry("kind", "int")?;
                map.serialize_entry("default", &default)?;
                map.serialize_entry("min", &min)?;
                map.serialize_entry("max", &max)?;
            }
            OptionKind::Choice { default, choices } => {
                map.serialize_entry("kind", "choice")?;
                map.serialize_entry("default", default)?;
                map.serialize_entry("choices", choices)?;
            }
            OptionKind::SeatOrRandom => {
                map.serialize_entry("kind", "seat")?;
                map.serialize_entry("default", "random")?;
            }
            OptionKind::Text { default } | OptionKind::Data { default } => {
                map.serialize_entry("kind", "text")?;
                map.serialize_entry("default", default)?;
            }
        }
        map.end()
    }
}

/// A resolved option value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionValue {
    /// A flag.
    Flag(bool),
    /// A number.
    Int(i64),
    /// A choice or text.
    Text(String),
    /// A seat, or `None` for random.
    Seat(Option<Seat>),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Flag(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Text(t) => f.write_str(t),
            OptionValue::Seat(Some(s)) => write!(f, "{s}"),
            OptionValue::Seat(None) => f.write_str("random"),
        }
    }
}

/// A game's options with every value resolved (defaults filled in), checked against its specs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    specs: &'static [OptionSpec],
    values: BTreeMap<&'static str, OptionValue>,
}

impl Options {
    /// All defaults.
    #[must_use]
    pub fn defaults(specs: &'static [OptionSpec]) -> Self {
        let values = specs.iter().map(|s| (s.id, s.default_value())).collect();
        Options { specs, values }
    }

    /// Defaults overridden by `(id, text)` pairs.
    ///
    /// # Errors
    /// An unknown id or a value that does not fit.
    pub fn parse<'a>(
        specs: &'static [OptionSpec],
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        let mut opts = Options::defaults(specs);
        for (k, v) in pairs {
            opts.set(k, v)?;
        }
        Ok(opts)
    }

    /// Parses a comma-separated `k=v,k2=v2` list (a bare `k` means `k=true`).
    ///
    /// # Errors
    /// As [`Options::parse`].
    pub fn parse_list(specs: &'static [OptionSpec], list: &str) -> Result<Self, OptionError> {
        let mut opts = Options::defaults(specs);
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = item.split_once('=').unwrap_or((item, "true"));
            opts.set(k.trim(), v)?;
        }
        Ok(opts)
    }

    /// Sets one option from text.
    ///
    /// # Errors
    /// An unknown id or a value that does not fit.
    pub fn set(&mut self, id: &str, text: &str) -> Result<(), OptionError> {
        let spec = self
            .specs
            .iter()
            .find(|s| s.id == id)
            .ok_or_else(|| OptionError::Unknown {
                name: id.to_owned(),
                known: if self.specs.is_empty() {
                    "none".to_owned()
                } else {
                    self.specs
                        .iter()
                        .map(|s| s.id)
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            })?;
        let value = spec.parse(text)?;
        self.values.insert(spec.id, value);
        Ok(())
    }

    /// The specs these options follow.
    #[must_use]
    pub fn specs(&self) -> &'static [OptionSpec] {
        self.specs
    }

    /// Every option as `(id, value)`, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &OptionValue)> {
        self.values.iter().map(|(k, v)| (*k, v))
    }

    /// The options a record lists, in id order: every one but game data
    /// ([`OptionKind::Data`]) at its default, which a reader fills in again.
    pub fn recorded(&self) -> impl Iterator<Item = (&'static str, &OptionValue)> {
        self.iter().filter(|(id, v)| {
            !self.specs.iter().any(|s| {
                s.id == *id
                    && matches!(s.kind, OptionKind::Data { default }
                        if matches!(v, OptionValue::Text(t) if t == default))
            })
        })
    }

    fn get(&self, id: &str) -> &OptionValue {
        self.values
            .get(id)
            .unwrap_or_else(|| panic!("option `{id}` is not declared by this game"))
    }

    /// A flag's value.
    ///
    /// # Panics
    /// If the game did not declare `id` as a flag (a programming error).
    #[must_use]
    pub fn flag(&self, id: &str) -> bool {
        match self.get(id) {
            OptionValue::Flag(b) => *b,
            other => panic!("option `{id}` is not a flag: {other:?}"),
        }
    }

    /// A number's value.
    ///
    /// # Panics
    /// If the game did not declare `id` as a number.
    #[must_use]
    pub fn int(&self, id: &str) -> i64 {
        match self.get(id) {
            OptionValue::Int(i) => *i,
            other => panic!("option `{id}` is not a number: {other:?}"),
        }
    }

    /// A choice's or a text's value.
    ///
    /// # Panics
    /// If the game did not declare `id` as a choice or text.
    #[must_use]
    pub fn text(&self, id: &str) -> &str {
        match self.get(id) {
            OptionValue::Text(t) => t,
            other => panic!("option `{id}` is not text: {other:?}"),
        }
    }

    /// A seat option: `None` means random.
    ///
    /// # Panics
    /// If the game did not declare `id` as a seat option.
    #[must_use]
    pub fn seat(&self, id: &str) -> Option<Seat> {
        match self.get(id) {
            OptionValue::Seat(s) => *s,
            other => panic!("option `{id}` is not a seat: {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec::flag("traditional_mat", "lay the signs out in traditional order"),
        OptionSpec::int("target_score", "score that ends the game", 55, 1, 10_000),
        OptionSpec::FIRST_PLAYER,
    ];

    #[test]
    fn defaults_fill_in_and_overrides_apply() {
        let o = Options::parse_list(SPECS, "target_score=30, traditional_mat").unwrap();
        assert!(o.flag("traditional_mat"));
        assert_eq!(o.int("target_score"), 30);
        assert_eq!(o.seat("first_player"), None);
    }

    #[test]
    fn bad_options_are_errors_naming_the_option() {
        let e = Options::parse_list(SPECS, "target_score=0").unwrap_err();
        assert!(e.to_string().contains("target_score"), "{e}");
        let e = Options::parse_list(SPECS, "nope=1").unwrap_err();
        assert!(e.to_string().contains("unknown option `nope`"), "{e}");
        assert!(Options::parse_list(SPECS, "traditional_mat=maybe").is_err());
    }

    #[test]
    fn a_spec_serialises_to_its_declared_json() {
        let json = |spec: &OptionSpec| serde_json::to_value(spec).unwrap();
        assert_eq!(
            json(&SPECS[1]),
            serde_json::json!({"id": "target_score", "help": "score that ends the game",
                "kind": "int", "default": 55, "min": 1, "max": 10_000})
        );
        assert_eq!(
            json(&SPECS[0]),
            serde_json::json!({"id": "traditional_mat",
                "help": "lay the signs out in traditional order", "kind": "flag", "default": false})
        );
        assert_eq!(json(&SPECS[2])["default"], "random");
        let choice = OptionSpec {
            id: "layout",
            help: "table layout",
            kind: OptionKind::Choice {
                default: "ring",
                choices: &["ring", "line"],
            },
        };
        assert_eq!(
            json(&choice)["choices"],
            serde_json::json!(["ring", "line"])
        );
        assert_eq!(json(&choice)["kind"], "choice");
    }
}
