use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{OutcomeMsg, Status};

/// The format tag of a [`SeatRecord`].
pub const SEAT_RECORD_FORMAT: &str = "parlour-seat-record/1";

/// `POST /api/tables`: a new table.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// Registry id (`parlour games`).
    pub game: String,
    /// Number of seats (default: the number of `seats`).
    #[serde(default)]
    pub players: Option<u8>,
    /// Variant options.
    #[serde(default)]
    pub options: OptionsInput,
    /// Who sits in each seat, in seat order.
    pub seats: Vec<SeatSpec>,
    /// Turn clocks; `None`: no clocks.
    #[serde(default)]
    pub clock: Option<ClockSettings>,
}

/// The bank a table's clock may start with, in seconds.
pub const CLOCK_BANK_SECS: RangeInclusive<u32> = 10..=7200;
/// The increment a table's clock may add after each action, in seconds.
pub const CLOCK_INCREMENT_SECS: RangeInclusive<u32> = 0..=600;

/// A table's turn clocks: every seat starts with a time bank, which runs while a person in that
/// seat must act, and gains `increment_secs` after each of its actions (Fischer increment). When
/// a bank reaches 0 a bot plays that seat's move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSettings {
    /// Each seat's bank at the start, in seconds ([`CLOCK_BANK_SECS`]).
    pub bank_secs: u32,
    /// Added to a seat's bank after each of its actions, in seconds ([`CLOCK_INCREMENT_SECS`]).
    pub increment_secs: u32,
}

impl ClockSettings {
    /// Checks the settings against [`CLOCK_BANK_SECS`] and [`CLOCK_INCREMENT_SECS`].
    ///
    /// # Errors
    /// A bank or increment out of range, with why.
    pub fn check(&self) -> Result<(), String> {
        if !CLOCK_BANK_SECS.contains(&self.bank_secs) {
            return Err(format!(
                "a clock's bank_secs is {} to {}, not {}",
                CLOCK_BANK_SECS.start(),
                CLOCK_BANK_SECS.end(),
                self.bank_secs
            ));
        }
        if !CLOCK_INCREMENT_SECS.contains(&self.increment_secs) {
            return Err(format!(
                "a clock's increment_secs is {} to {}, not {}",
                CLOCK_INCREMENT_SECS.start(),
                CLOCK_INCREMENT_SECS.end(),
                self.increment_secs
            ));
        }
        Ok(())
    }
}

/// Variant options: a `k=v,k2=v2` list or a map of values.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionsInput {
    /// `k=v,k2=v2`.
    List(String),
    /// `{"k": v}` with booleans, numbers or strings.
    Map(BTreeMap<String, Value>),
}

impl Default for OptionsInput {
    fn default() -> Self {
        OptionsInput::List(String::new())
    }
}

/// Who sits in a seat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum SeatSpec {
    /// A person, who joins with the seat's token.
    Human {
        /// Display name (1 to 40 characters, no control characters).
        name: String,
    },
    /// A bot by its command-line name (`random`, `greedy`, `ismcts:easy`, ...).
    Bot(String),
}

/// The answer to [`CreateTable`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CreatedTable {
    /// Table id.
    pub table: String,
    /// One entry per person's seat: its secret token. It is shown only here.
    pub seats: Vec<CreatedSeat>,
    /// The spectators' link.
    pub spectate: String,
    /// The spectators' link as an absolute URL at the server's public address, when the server
    /// knows it (an addition to `parlour-table/1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spectate_url: Option<String>,
}

/// A person's seat of a new table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CreatedSeat {
    /// The seat.
    pub seat: u8,
    /// Display name.
    pub name: String,
    /// The secret token to join with.
    pub token: String,
    /// The join link to hand to this person (it carries the token).
    pub link: String,
    /// The join link as an absolute URL at the server's public address, when the server knows
    /// it (an addition to `parlour-table/1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// Whether a seat holds a person or a bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatKind {
    /// A person.
    Human,
    /// A bot.
    Bot,
}

/// One seat as anyone may see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat.
    pub seat: u8,
    /// Person or bot.
    pub kind: SeatKind,
    /// The person's name, or the bot's spec.
    pub name: String,
    /// The name people read: the person's name, or the bot's distinct name ("Greedy bot",
    /// "Greedy bot 2", "Hard bot").
    #[serde(default)]
    pub label: String,
    /// Whether a person has joined this seat at least once (bots always have).
    pub joined: bool,
}

/// `GET /api/tables/{id}`, and the table in [`crate::ServerMsg::Welcome`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TableSummary {
    /// Table id.
    pub id: String,
    /// Registry id.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// Variant options, every option listed.
    pub options: BTreeMap<String, Value>,
    /// The seats in order.
    pub seats: Vec<SeatSummary>,
    /// The table's stage.
    pub status: Status,
    /// Number of record entries so far.
    pub step: u64,
    /// The result once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeMsg>,
    /// The table's turn clocks (`null`: none).
    #[serde(default)]
    pub clock: Option<ClockSettings>,
    /// The table made as this one's rematch, once someone asked for it (`null` before).
    #[serde(default)]
    pub rematch: Option<String>,
}

/// The answer to `POST /api/tables/{id}/rematch`: the new table, whose seats take the same
/// tokens as the old one's.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Rematched {
    /// The new table's id.
    pub table: String,
}

/// `GET /api/stats`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Stats {
    /// Tables loaded that are not finished.
    pub tables_open: u64,
    /// Open websocket connections.
    pub connections: u64,
    /// Player actions applied since the server started.
    pub actions_applied: u64,
    /// The server process's resident memory in bytes (`VmRSS`), where the system tells it
    /// (Linux); `parlour loadtest` divides its growth by the tables held.
    #[serde(default)]
    pub resident_bytes: Option<u64>,
}

/// One seat's own action in a [`SeatRecord`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatAction {
    /// The step (record entry index) it was applied at.
    pub step: u64,
    /// The action in notation.
    pub action: String,
}

/// What one seat saw of a table (`parlour-seat-record/1`, docs/records.md): no seed, no hidden
/// chance outcomes, only what that seat was shown.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Always [`SEAT_RECORD_FORMAT`].
    pub format: String,
    /// Table id.
    pub table: String,
    /// Registry id.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// Variant options, every option listed.
    pub options: BTreeMap<String, Value>,
    /// The seat this record belongs to.
    pub seat: u8,
    /// Number of record entries so far.
    pub step: u64,
    /// The table's stage.
    pub status: Status,
    /// This seat's own actions in order.
    pub actions: Vec<SeatAction>,
    /// Everything that happened, as this seat saw it.
    pub log: Vec<String>,
    /// This seat's view now.
    pub view: Value,
    /// The result once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeMsg>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_table_accepts_list_or_map_options() {
        let a: CreateTable = serde_json::from_str(
            r#"{"game":"haunted","options":"a=1","seats":[{"human":{"name":"Ann"}},{"bot":"greedy"}]}"#,
        )
        .unwrap();
        assert_eq!(a.options, OptionsInput::List("a=1".into()));
        assert_eq!(a.seats[1], SeatSpec::Bot("greedy".into()));
        let b: CreateTable =
            serde_json::from_str(r#"{"game":"haunted","options":{"a":true},"seats":[]}"#).unwrap();
        assert!(matches!(b.options, OptionsInput::Map(_)));
        assert_eq!(b.clock, None);
    }

    #[test]
    fn clock_settings_are_read_and_checked() {
        let a: CreateTable = serde_json::from_str(
            r#"{"game":"haunted","seats":[],"clock":{"bank_secs":300,"increment_secs":10}}"#,
        )
        .unwrap();
        let clock = a.clock.unwrap();
        assert_eq!(
            clock,
            ClockSettings {
                bank_secs: 300,
                increment_secs: 10
            }
        );
        assert!(clock.check().is_ok());
        for (bank_secs, increment_secs) in [(9, 0), (7201, 0), (10, 601)] {
            let c = ClockSettings {
                bank_secs,
                increment_secs,
            };
            assert!(c.check().is_err(), "{c:?}");
        }
        assert!(
            serde_json::from_str::<CreateTable>(
                r#"{"game":"haunted","seats":[],"clock":{"bank_secs":-1,"increment_secs":0}}"#
            )
            .is_err()
        );
    }

    #[test]
    fn a_summary_names_its_clock_and_rematch_even_when_there_is_none() {
        let s = TableSummary {
            id: "t".into(),
            game: "haunted".into(),
            players: 2,
            options: BTreeMap::new(),
            seats: Vec::new(),
            status: Status::Finished,
            step: 3,
            outcome: None,
            clock: None,
            rematch: None,
        };
        let v = serde_json::to_value(&s).unwrap();
        assert_eq!(v["clock"], Value::Null);
        assert_eq!(v["rematch"], Value::Null);
        assert!(v.as_object().unwrap().contains_key("rematch"));
        // A summary from a server without these keys still reads.
        let mut old = v.clone();
        old.as_object_mut().unwrap().remove("clock");
        old.as_object_mut().unwrap().remove("rematch");
        assert_eq!(serde_json::from_value::<TableSummary>(old).unwrap(), s);
    }
}

/// `GET /api/games`: one registered game, for a lobby.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameEntry {
    /// Registry id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Fewest players.
    pub min_players: u8,
    /// Most players.
    pub max_players: u8,
    /// The usual number of players.
    pub default_players: u8,
    /// Two or three plain sentences on how the game goes.
    pub summary: String,
    /// How the first player is chosen: `chance`, `play` (by the players, a vote say) or `fixed` (seat 0).
    #[serde(default)]
    pub first_player: String,
    /// Whether several seats sometimes act at once (secret simultaneous choices).
    #[serde(default)]
    pub simultaneous: bool,
    /// The most player actions a game with the default options takes at any player count;
    /// `null` where the game declares no bound.
    #[serde(default)]
    pub max_steps: Option<u64>,
    /// Variant options.
    pub options: Vec<OptionEntry>,
    /// Bot specs a seat may take (`random`, `greedy`, `ismcts:easy`, ..., and the game's own).
    pub bots: Vec<String>,
}

/// One variant option of a [`GameEntry`].
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct OptionEntry {
    /// snake_case id, as in records and table requests.
    pub id: String,
    /// `flag`, `int`, `choice`, `seat` (a seat number or `random`) or `text`.
    pub kind: String,
    /// The default: a boolean, a number, or a string (`"random"` for a seat).
    pub default: Value,
    /// One line of help.
    pub help: String,
    /// Smallest allowed (`int`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// Largest allowed (`int`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// The allowed words (`choice`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
}

/// `GET /api/games/{id}/rules`: a game's "How to play", rendered by the server from the game's
/// own text so a page keeps no copy of the rules.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRules {
    /// The whole text as HTML, its headings from `<h2>` down.
    pub html: String,
    /// Help for the choices a seat faces, each for the actions whose texts start with one of
    /// its `verbs`.
    pub choices: Vec<ChoiceHelp>,
}

/// Help for one kind of choice of a [`GameRules`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ChoiceHelp {
    /// The first words of the action texts it explains (`play`, `pass`).
    pub verbs: Vec<String>,
    /// Its heading, as plain text.
    pub title: String,
    /// What the choice means, as HTML.
    pub html: String,
}

/// The format tag of a [`Replay`].
pub const REPLAY_FORMAT: &str = "parlour-replay/1";

/// `GET /api/tables/{id}/replay`: one seat's table after every step, as that seat saw it then.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Replay {
    /// [`REPLAY_FORMAT`].
    pub format: String,
    /// Table id.
    pub table: String,
    /// Registry id.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// The seat whose record this is.
    pub seat: u8,
    /// The table's stage now.
    pub status: Status,
    /// Step 0 (before anything) and then one entry per record entry, in order.
    pub steps: Vec<ReplayStep>,
    /// The result once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeMsg>,
}

/// The table after one step, as one seat saw it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ReplayStep {
    /// Record entries so far.
    pub step: u64,
    /// The seat's view.
    pub view: Value,
    /// The log lines this step added for the seat.
    pub events: Vec<String>,
    /// Seats that had to decide then.
    pub to_act: Vec<u8>,
    /// The seat's running scores then.
    pub scores: Vec<i32>,
}
