//! The registry of parlour games.
//!
//! [`games`] lists every game, [`new_match`] and
//! [`replay`] start or replay a game by id behind the [`DynMatch`] trait object, [`make_bot`]
//! makes a bot for one behind [`DynBot`], and
//! [`with_game!`] runs generic code on the concrete game type of an id (static dispatch, for
//! simulations and bots). A game may also register a full-information solver ([`solve`]),
//! options whose value may be read from a file ([`GameInfo::file_options`]) and its printed card
//! data for its page ([`GameInfo::cards`]).

mod dyn_bot;
mod dyn_match;
mod registry;

pub use dyn_bot::{BotJob, DynBot, GameBot, make_bot};
pub use dyn_match::{DynMatch, ViewSnapshot};
pub use registry::{
    GameInfo, Limits, RegistryError, Solution, SolveError, UnknownGame, find, games, new_match,
    replay, solve, solvers,
};

/// The one list of registered games: calls `$crate::$cb!` with the caller's arguments and the
/// list of game crates. Registering a game is one line here (its crate, which exports `State`
/// and `REGISTRATION`) and the crate as a dependency of this one.
#[doc(hidden)]
#[macro_export]
macro_rules! __registry {
    ($cb:ident { $($args:tt)* }) => {
        $crate::$cb! { { $($args)* } [
            parlour_troll_tricker,
            parlour_rebel_runs,
            parlour_holy_matrimony,
            parlour_reading_the_play,
            parlour_queen_of_scots,
            parlour_kings_feast,
            parlour_haunted,
        ] }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __reexports {
    ({} [ $($krate:ident,)* ]) => {
        #[doc(hidden)]
        pub mod reexports {
            pub use parlour_core::{Game, Registration};
            $( pub use ::$krate; )*
        }
    };
}

__registry!(__reexports {});

#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    ({ $id:expr, $G:ident, $body:expr } [ $($krate:ident,)* ]) => {
        match $id {
            $( id if id == <$crate::reexports::$krate::State as $crate::reexports::Game>::ID => {
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
    ({ $id:expr, $G:ident, $reg:ident, $body:expr } [ $($krate:ident,)* ]) => {
        match $id {
            $( id if id == <$crate::reexports::$krate::State as $crate::reexports::Game>::ID => {
                type $G = $crate::reexports::$krate::State;
                let $reg: &$crate::reexports::Registration<$G> =
                    &$crate::reexports::$krate::REGISTRATION;
                $body
            } )*
            other => panic!("game `{}` is not registered", other),
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_infos {
    ({} [ $($krate:ident,)* ]) => {
        vec![ $( $crate::GameInfo::registered::<$crate::reexports::$krate::State>(
            &$crate::reexports::$krate::REGISTRATION,
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
