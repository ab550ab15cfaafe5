//! The registry of parlour games.
//!
//! [`games`] lists every game, [`new_match`] and
//! [`replay`] start or replay a game by id behind the [`DynMatch`] trait object, [`make_bot`]
//! makes a bot for one behind [`DynBot`], and
//! [`with_game!`] runs generic code on the concrete game type of an id (static dispatch, for
//! simulations and bots). A game may also register a full-information solver ([`solve`]) and
//! options whose value may be read from a file ([`GameInfo::file_options`]).

mod dyn_bot;
mod dyn_match;
mod registry;
mod summary;

pub use dyn_bot::{BotJob, DynBot, GameBot, make_bot};
pub use dyn_match::{DynMatch, ViewSnapshot};
pub use registry::{
    GameInfo, RegistryError, Solution, SolveError, UnknownGame, find, games, new_match, replay,
    solve, solvers,
};
pub use summary::summary;

#[doc(hidden)]
pub mod reexports {
    pub use parlour_core::Registration;
    pub use parlour_haunted as haunted;
    pub use parlour_holy_matrimony as holy_matrimony;
    pub use parlour_kings_feast as kings_feast;
    pub use parlour_queen_of_scots as queen_of_scots;
    pub use parlour_reading_the_play as reading_the_play;
    pub use parlour_rebel_runs as rebel_runs;
    pub use parlour_troll_tricker as troll_tricker;
}

/// The one list of registered games: calls `$crate::$cb!` with the caller's arguments and the
/// `"id" => crate_name,` list. Add a game here (and to `reexports`) to register it; a game with
/// more to register (a solver, file-valued options) names its `parlour_core::Registration`
/// constant: `"id" => crate_name: CONSTANT,`.
#[doc(hidden)]
#[macro_export]
macro_rules! __registry {
    ($cb:ident { $($args:tt)* }) => {
        $crate::$cb! { { $($args)* } [
            "troll-tricker" => troll_tricker,
            "rebel-runs" => rebel_runs,
            "holy-matrimony" => holy_matrimony,
            "reading-the-play" => reading_the_play,
            "queen-of-scots" => queen_of_scots,
            "kings-feast" => kings_feast: REGISTRATION,
            "haunted" => haunted,
        ] }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    ({ $id:expr, $G:ident, $body:expr } [ $($name:literal => $krate:ident $(: $reg:ident)?,)* ]) => {
        match $id {
            $( $name => {
                type $G = $crate::reexports::$krate::State;
                $body
            } )*
            other => panic!("game `{}` is not registered", other),
        }
    };
}

/// Like `__with_game_arms`, also binding `$reg` to the game's `Registration`.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_registration_arms {
    ({ $id:expr, $G:ident, $reg:ident, $body:expr } [ $($name:literal => $krate:ident $(: $r:ident)?,)* ]) => {
        match $id {
            $( $name => {
                type $G = $crate::reexports::$krate::State;
                let $reg: &$crate::reexports::Registration<$G> = &$crate::__registration!($krate $(: $r)?);
                $body
            } )*
            other => panic!("game `{}` is not registered", other),
        }
    };
}

/// A game's `Registration`: the named constant, or none.
#[doc(hidden)]
#[macro_export]
macro_rules! __registration {
    ($krate:ident) => {
        $crate::reexports::Registration::<$crate::reexports::$krate::State>::NONE
    };
    ($krate:ident : $reg:ident) => {
        $crate::reexports::$krate::$reg
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_infos {
    ({} [ $($name:literal => $krate:ident $(: $reg:ident)?,)* ]) => {
        vec![ $( $crate::GameInfo::registered::<$crate::reexports::$krate::State>(
            &$crate::__registration!($krate $(: $reg)?),
        ), )* ]
    };
}

/// Runs `$body` with `$G` bound to the concrete game type whose id is `$id` (static dispatch).
///
/// # Panics
/// If `$id` is not a registered id; check with [`find`] first.
///
/// ```
/// let name = parlour_games::with_game!("troll-tricker", G => <G as parlour_core::Game>::NAME);
/// assert_eq!(name, "Troll Tricker");
/// ```
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        $crate::__registry!(__with_game_arms { $id, $G, $body })
    };
}
