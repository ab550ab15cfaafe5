//! The registry of parlour games.
//!
//! [`games`] lists every game, [`new_match`] and
//! [`replay`] start or replay a game by id behind the [`DynMatch`] trait object, and
//! [`with_game!`] runs generic code on the concrete game type of an id (static dispatch, for
//! simulations and bots).

mod dyn_match;
mod registry;

pub use dyn_match::DynMatch;
pub use registry::{GameInfo, RegistryError, UnknownGame, find, games, new_match, replay};

#[doc(hidden)]
pub mod reexports {
    pub use parlour_haunted as haunted;
    pub use parlour_holy_matrimony as holy_matrimony;
    pub use parlour_kings_feast as kings_feast;
    pub use parlour_queen_of_scots as queen_of_scots;
    pub use parlour_reading_the_play as reading_the_play;
    pub use parlour_rebel_runs as rebel_runs;
    pub use parlour_troll_tricker as troll_tricker;
}

/// The one list of registered games: calls `$crate::$cb!` with the caller's arguments and the
/// `"id" => crate_name,` list. Add a game here (and to `reexports`) to register it.
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
            "kings-feast" => kings_feast,
            "haunted" => haunted,
        ] }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    ({ $id:expr, $G:ident, $body:expr } [ $($name:literal => $krate:ident,)* ]) => {
        match $id {
            $( $name => {
                type $G = $crate::reexports::$krate::State;
                $body
            } )*
            other => panic!("game `{}` is not registered", other),
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_infos {
    ({} [ $($name:literal => $krate:ident,)* ]) => {
        vec![ $( $crate::GameInfo::of::<$crate::reexports::$krate::State>(), )* ]
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
