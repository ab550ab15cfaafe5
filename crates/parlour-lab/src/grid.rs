//! The grid of a study: one cell per player count × swept option values × bot line-up, then
//! the skill check's cells; and the seeds and the order in which the games are played.

use parlour_bots::make_bot;
use parlour_core::{Game, OptionSpec, Options, Search, derive_seed};

use crate::words::setting_words;
use crate::{LabError, LabSpec, Shard};

/// Who plays in a cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CellKind {
    /// A line-up of the study: a bot name per seat.
    Lineup(Vec<String>),
    /// The skill check: `bot` in one seat (seat `g mod n` in game `g`, so it takes every seat
    /// equally often), `against` in every other seat.
    Skill {
        /// The skilled bot.
        bot: String,
        /// The bot in the other seats.
        against: String,
    },
}

/// One cell of the grid: a setup (player count and options) and who plays.
#[derive(Clone, Debug)]
pub struct Cell {
    /// Position in [`Grid::cells`].
    pub index: usize,
    /// Player count.
    pub players: u8,
    /// The swept options' values here, in sweep order.
    pub swept: Vec<(String, String)>,
    /// Every option, resolved.
    pub options: Options,
    /// Who plays.
    pub kind: CellKind,
    /// Games in the cell (the whole study's, not a shard's).
    pub games: u64,
    /// Seed of the setup: game `g` of every cell with this setup uses
    /// `derive_seed(setup_seed, g)`, so line-ups are compared on the same deals.
    pub setup_seed: u64,
    /// The rung of the skill ladder this cell plays (ladder cells are skill cells too).
    pub rung: Option<usize>,
    /// The game's options, to name the swept ones in the rules' words.
    pub option_specs: &'static [OptionSpec],
}

impl Cell {
    /// The bot in `seat` (from 0) in game `game`.
    #[must_use]
    pub fn bot(&self, seat: u8, game: u64) -> &str {
        match &self.kind {
            CellKind::Lineup(bots) => &bots[usize::from(seat) % bots.len()],
            CellKind::Skill { bot, against } => {
                if self.skilled_seat(game) == Some(seat) {
                    bot
                } else {
                    against
                }
            }
        }
    }

    /// The seat of the skilled bot in game `game` (skill cells only).
    #[must_use]
    pub fn skilled_seat(&self, game: u64) -> Option<u8> {
        match self.kind {
            CellKind::Skill { .. } => Some((game % u64::from(self.players)) as u8),
            CellKind::Lineup(_) => None,
        }
    }

    /// The seed of game `game`.
    #[must_use]
    pub fn game_seed(&self, game: u64) -> u64 {
        derive_seed(self.setup_seed, game)
    }

    /// `3 players`, then the swept settings as the rules name them: the setup in words
    /// (`3 players · arrangement: Full Feudal Feast`).
    #[must_use]
    pub fn setup_label(&self) -> String {
        setup_words(self.players, &self.swept, self.option_specs)
    }

    /// Who plays, in words.
    #[must_use]
    pub fn lineup_label(&self) -> String {
        match &self.kind {
            CellKind::Lineup(bots) => {
                let seats: Vec<&str> = (0..self.players).map(|s| self.bot(s, 0)).collect();
                if seats.iter().all(|b| *b == seats[0]) {
                    seats[0].to_owned()
                } else {
                    bots.join(", ")
                }
            }
            CellKind::Skill { bot, .. } if self.players == 1 => format!("{bot} alone"),
            CellKind::Skill { bot, against } => format!("{bot} against {against}"),
        }
    }

    /// Setup and who plays.
    #[must_use]
    pub fn label(&self) -> String {
        format!("{} · {}", self.setup_label(), self.lineup_label())
    }

    /// Whether the card questions read this cell's games: line-ups of the study, not the skill
    /// check or the ladder.
    #[must_use]
    pub fn asks_about_cards(&self) -> bool {
        self.rung.is_none() && matches!(self.kind, CellKind::Lineup(_))
    }

    /// Whether this is a skill-check cell.
    #[must_use]
    pub fn is_skill(&self) -> bool {
        matches!(self.kind, CellKind::Skill { .. })
    }

    /// The setup's identity: player count and every resolved option.
    #[must_use]
    pub fn setup_key(&self) -> String {
        setup_key(self.players, &self.options)
    }
}

/// `3 players · monosign run bonus any sign: on`: a player count and settings (ids and values
/// as a study names them) in the rules' words.
#[must_use]
pub fn setup_words(players: u8, swept: &[(String, String)], options: &[OptionSpec]) -> String {
    let mut parts = vec![players_label(players)];
    parts.extend(swept.iter().map(|(k, v)| setting_words(options, k, v)));
    parts.join(" · ")
}

/// `1 player`, `3 players`.
#[must_use]
pub fn players_label(players: u8) -> String {
    if players == 1 {
        "1 player".to_owned()
    } else {
        format!("{players} players")
    }
}

fn setup_key(players: u8, options: &Options) -> String {
    let mut key = format!("players={players}");
    // As a record lists them: game data at its default leaves the seeds as they were.
    for (k, v) in options.recorded() {
        key.push(';');
        key.push_str(k);
        key.push('=');
        key.push_str(&v.to_string());
    }
    key
}

/// FNV-1a, a fixed 64-bit hash: the setup seed must not depend on the platform or the run.
pub(crate) fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A setup the game refused (a player count that needs an option, say); it is left out of the
/// grid and the report says why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Skipped {
    /// Player count.
    pub players: u8,
    /// The swept values.
    pub swept: Vec<(String, String)>,
    /// The game's reason.
    pub reason: String,
}

/// The cells of a study, checked against its game.
#[derive(Clone, Debug)]
pub struct Grid {
    /// Game id.
    pub game: &'static str,
    /// Game name.
    pub name: &'static str,
    /// The cells: the line-up cells in order of player count, swept values (the first sweep
    /// varying slowest) and line-up; then the skill cells in the same order.
    pub cells: Vec<Cell>,
    /// Setups the game refused.
    pub skipped: Vec<Skipped>,
    /// Whether the game draws its first player by lot (so seat 1 is not always first to play).
    pub first_player_random: bool,
    /// How the game starts, as its registration declares (the caller sets it; the trait
    /// alone does not say).
    pub start: Option<parlour_core::Start>,
    /// The game's options, for their names and values in words.
    pub options: &'static [parlour_core::OptionSpec],
}

impl Grid {
    /// Checks `spec` against game `G` and lays out its cells.
    ///
    /// # Errors
    /// Another game's spec, a player count the game does not allow, an unknown option or value,
    /// an unknown bot, no games, or no setup the game accepts.
    pub fn new<G: Search>(spec: &LabSpec) -> Result<Grid, LabError> {
        let bad = |m: String| LabError::Spec(m);
        if spec.game != G::ID {
            return Err(bad(format!(
                "this study is of {}, not {}",
                spec.game,
                G::ID
            )));
        }
        if spec.players.is_empty() {
            return Err(bad("no player count to play".into()));
        }
        for &p in &spec.players {
            if !G::PLAYERS.contains(&p) {
                return Err(bad(format!(
                    "{} takes {} to {} players, not {p}",
                    G::ID,
                    G::PLAYERS.start(),
                    G::PLAYERS.end()
                )));
            }
        }
        if spec.games == 0 {
            return Err(bad("--games must be at least 1".into()));
        }
        if !(spec.pace.is_finite() && spec.pace > 0.0) {
            return Err(bad("--pace must be a positive number of seconds".into()));
        }
        if spec.lineups.is_empty() || spec.lineups.iter().any(Vec::is_empty) {
            return Err(bad("every --bots needs at least one bot name".into()));
        }
        let mut names: Vec<&str> = spec.lineups.iter().flatten().map(String::as_str).collect();
        if let Some(s) = &spec.skill {
            names.push(&s.bot);
            names.extend(s.against.iter().map(String::as_str));
            if s.against.is_empty() {
                return Err(bad("--skill-against needs at least one bot name".into()));
            }
        }
        if let Some(l) = &spec.ladder {
            if l.rungs.is_empty() {
                return Err(bad("--ladder needs at least one bot name".into()));
            }
            names.extend(l.rungs.iter().map(String::as_str));
            names.push(&l.against);
        }
        for name in names {
            make_bot::<G>(name, 0, 0).map_err(|e| bad(e.to_string()))?;
        }
        let base = Options::parse(
            G::OPTIONS,
            spec.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )
        .map_err(|e| bad(format!("--options: {e}")))?;
        for (i, s) in spec.sweeps.iter().enumerate() {
            if spec.sweeps[..i].iter().any(|t| t.option == s.option) {
                return Err(bad(format!("option `{}` is swept twice", s.option)));
            }
            if spec.options.iter().any(|(k, _)| *k == s.option) {
                return Err(bad(format!(
                    "option `{}` is both fixed by --options and swept",
                    s.option
                )));
            }
            for (i, v) in s.values.iter().enumerate() {
                base.clone().set(&s.option, s.setting(v)).map_err(|e| {
                    bad(match s.files.get(i) {
                        Some(f) => format!("--data-file {}={}: {e}", s.option, f.path),
                        None => format!("--sweep {}: {e}", s.option),
                    })
                })?;
            }
        }

        let combos = combos(&spec.sweeps);
        let mut setups = Vec::new();
        let mut skipped = Vec::new();
        for &players in &spec.players {
            for swept in &combos {
                let mut options = base.clone();
                for ((k, v), s) in swept.iter().zip(&spec.sweeps) {
                    options
                        .set(k, s.setting(v))
                        .map_err(|e| bad(e.to_string()))?;
                }
                match G::new(players, &options) {
                    Ok(_) => setups.push((players, swept.clone(), options)),
                    Err(e) => skipped.push(Skipped {
                        players,
                        swept: swept.clone(),
                        reason: e.to_string(),
                    }),
                }
            }
        }
        // A data file the game refuses at every player count is a mistake in the file, not a
        // setup to leave out.
        for s in &spec.sweeps {
            for (v, f) in s.values.iter().zip(&s.files) {
                let refused = |c: &Skipped| c.swept.iter().any(|(k, x)| *k == s.option && x == v);
                if !setups
                    .iter()
                    .any(|(_, swept, _)| swept.iter().any(|(k, x)| *k == s.option && x == v))
                {
                    let why = skipped
                        .iter()
                        .find(|c| refused(c))
                        .map_or("", |c| &c.reason);
                    return Err(bad(format!("--data-file {}={}: {why}", s.option, f.path)));
                }
            }
        }
        if setups.is_empty() {
            let why: Vec<String> = skipped.iter().map(|s| s.reason.clone()).collect();
            return Err(bad(format!(
                "the game accepts none of these setups: {}",
                why.join("; ")
            )));
        }

        let mut cells = Vec::new();
        let mut push =
            |players: u8, swept: &Vec<(String, String)>, options: &Options, kind, games, rung| {
                let setup_seed = derive_seed(spec.seed, fnv1a(&setup_key(players, options)));
                cells.push(Cell {
                    index: cells.len(),
                    players,
                    swept: swept.clone(),
                    options: options.clone(),
                    kind,
                    games,
                    setup_seed,
                    rung,
                    option_specs: G::OPTIONS,
                });
            };
        for (players, swept, options) in &setups {
            for lineup in &spec.lineups {
                push(
                    *players,
                    swept,
                    options,
                    CellKind::Lineup(lineup.clone()),
                    spec.games,
                    None,
                );
            }
        }
        if let Some(skill) = spec.skill.as_ref().filter(|s| s.games > 0) {
            for (players, swept, options) in &setups {
                // Alone at the table there is nobody to play against: one cell.
                let against: &[String] = if *players == 1 {
                    &skill.against[..1]
                } else {
                    &skill.against
                };
                for a in against {
                    push(
                        *players,
                        swept,
                        options,
                        CellKind::Skill {
                            bot: skill.bot.clone(),
                            against: a.clone(),
                        },
                        skill.games,
                        None,
                    );
                }
            }
        }
        // The ladder plays the first setup only: its cost grows with every rung.
        if let Some(ladder) = spec.ladder.as_ref().filter(|l| l.games > 0) {
            let (players, swept, options) = &setups[0];
            for (i, rung) in ladder.rungs.iter().enumerate() {
                push(
                    *players,
                    swept,
                    options,
                    CellKind::Skill {
                        bot: rung.clone(),
                        against: ladder.against.clone(),
                    },
                    ladder.games,
                    Some(i),
                );
            }
        }
        let first_player_random = cells.iter().any(|c| {
            c.options
                .iter()
                .any(|(k, v)| k == "first_player" && v.to_string() == "random")
        });
        Ok(Grid {
            game: G::ID,
            name: G::NAME,
            cells,
            skipped,
            first_player_random,
            start: None,
            options: G::OPTIONS,
        })
    }

    /// Games the shard plays.
    #[must_use]
    pub fn planned(&self, shard: Shard) -> u64 {
        self.cells
            .iter()
            .map(|c| {
                let (lo, hi) = shard.range(c.games);
                hi - lo
            })
            .sum()
    }

    /// The shard's games as `(cell, game)`, in the order they are started: the cells advance
    /// together (each by the same fraction of its games), so a run stopped early still has
    /// every cell, in proportion.
    #[must_use]
    pub fn work(&self, shard: Shard) -> Vec<(u32, u64)> {
        let mut units: Vec<(u32, u64, u64, u64)> = Vec::new();
        for c in &self.cells {
            let (lo, hi) = shard.range(c.games);
            for g in lo..hi {
                units.push((c.index as u32, g, g - lo, hi - lo));
            }
        }
        units.sort_by(|a, b| {
            let x = u128::from(a.2) * u128::from(b.3);
            let y = u128::from(b.2) * u128::from(a.3);
            x.cmp(&y).then(a.0.cmp(&b.0))
        });
        units.into_iter().map(|(c, g, _, _)| (c, g)).collect()
    }
}

/// Every combination of the swept values, the first sweep varying slowest (one empty
/// combination without sweeps).
fn combos(sweeps: &[crate::Sweep]) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for s in sweeps {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                s.values.iter().map(move |v| {
                    let mut c = prefix.clone();
                    c.push((s.option.clone(), v.clone()));
                    c
                })
            })
            .collect();
    }
    out
}

/// The player counts game `G` accepts with `options` (every count in its range that it can set
/// up): the default of `parlour lab --players`.
///
/// # Errors
/// Options the game does not know.
pub fn playable_counts<G: Game>(options: &[(String, String)]) -> Result<Vec<u8>, LabError> {
    let opts = Options::parse(
        G::OPTIONS,
        options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(|e| LabError::Spec(format!("--options: {e}")))?;
    Ok(G::PLAYERS.filter(|&p| G::new(p, &opts).is_ok()).collect())
}
