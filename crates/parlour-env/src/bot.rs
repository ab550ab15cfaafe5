use parlour_bots::{Bot, Observation, UnknownBot, make_bot};
use parlour_core::{Encoding, Game, Seat};
use parlour_games::with_game;

use crate::{DynEnv, Env};

/// A bot for one game and seat, chosen by name ([`parlour_bots::make_bot`]), that plays through
/// an environment while seeing only its seat's [`Observation`].
pub trait DynBot: Send {
    /// The bot's name.
    fn name(&self) -> String;
    /// The action it takes for `seat`, in notation.
    ///
    /// # Panics
    /// If `env` is another game's, or `seat` has nothing to do.
    fn choose(&mut self, env: &dyn DynEnv, seat: Seat) -> String;
    /// Chooses for `seat` and applies the action; its notation.
    ///
    /// # Panics
    /// If `env` is another game's, or `seat` has nothing to do.
    fn play(&mut self, env: &mut dyn DynEnv, seat: Seat) -> String;
}

struct Typed<G: Game>(Box<dyn Bot<G>>);

impl<G: Encoding> Typed<G> {
    fn action(&mut self, env: &dyn DynEnv, seat: Seat) -> (G::Action, String) {
        let env = env
            .as_any()
            .downcast_ref::<Env<G>>()
            .expect("a bot plays the game it was made for");
        let a = self.0.choose(&Observation::new(env.state(), seat));
        (a, env.state().action_text(a))
    }
}

impl<G: Encoding> DynBot for Typed<G> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn choose(&mut self, env: &dyn DynEnv, seat: Seat) -> String {
        self.action(env, seat).1
    }
    fn play(&mut self, env: &mut dyn DynEnv, seat: Seat) -> String {
        let env = env
            .as_any_mut()
            .downcast_mut::<Env<G>>()
            .expect("a bot plays the game it was made for");
        let a = self.0.choose(&Observation::new(env.state(), seat));
        let text = env.state().action_text(a);
        env.apply(seat, a).expect("a bot's choice is legal");
        text
    }
}

/// The bot named `spec` for game `game_id`, its random stream derived from `seed` and `stream`.
///
/// # Errors
/// An unknown bot name.
///
/// # Panics
/// If `game_id` is not registered (check with [`parlour_games::find`]).
pub fn make_dyn_bot(
    game_id: &str,
    spec: &str,
    seed: u64,
    stream: u64,
) -> Result<Box<dyn DynBot>, UnknownBot> {
    with_game!(game_id, G => Ok(Box::new(Typed::<G>(make_bot::<G>(spec, seed, stream)?))))
}
