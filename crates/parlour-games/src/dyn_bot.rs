//! The one type-erased bot: the server's seats, the batched environments' opponents and
//! Python's `parlour.bot` all play through it.

use std::any::Any;

use parlour_bots::{Bot, Observation, UnknownBot};
use parlour_core::{Game, Seat};

use crate::{DynMatch, with_game};

/// A decision to run off the caller's thread: returns the bot (for its next turn) and the
/// action's notation.
pub type BotJob = Box<dyn FnOnce() -> (Box<dyn DynBot>, String) + Send>;

/// A bot of some game, with the game type erased. It only ever decides from an [`Observation`]
/// of its own seat, so it cannot read hidden cards.
pub trait DynBot: Send {
    /// The bot's name.
    fn name(&self) -> String;

    /// The action it takes for `seat` in `game`'s position, in notation.
    ///
    /// # Panics
    /// If `game` is another game's, or `seat` has nothing to do.
    fn choose(&mut self, game: &dyn DynMatch, seat: Seat) -> String;

    /// Whether its decisions are quick enough to make inline ([`Bot::quick`]): random and
    /// greedy bots, not searches.
    fn quick(&self) -> bool;

    /// Prepares a decision for `seat` in `game`'s position, to run on a blocking thread. The job
    /// owns a copy of the state but hands the bot only an [`Observation`] of it.
    ///
    /// # Panics
    /// If `game` is another game's.
    fn think(self: Box<Self>, game: &dyn DynMatch, seat: Seat) -> BotJob;

    /// The concrete [`GameBot`], for code that knows the game type (a typed environment).
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A bot of game `G` behind [`DynBot`].
pub struct GameBot<G: Game>(Box<dyn Bot<G>>);

impl<G: Game> GameBot<G> {
    /// The action the bot takes for `seat`, seeing only `seat`'s observation of `state`.
    pub fn decide(&mut self, state: &G, seat: Seat) -> G::Action {
        self.0.choose(&Observation::new(state, seat))
    }
}

fn state_of<G: Game>(game: &dyn DynMatch) -> &G {
    game.state_any()
        .downcast_ref::<G>()
        .expect("a bot plays the game it was made for")
}

impl<G: Game> DynBot for GameBot<G> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn quick(&self) -> bool {
        self.0.quick()
    }

    fn choose(&mut self, game: &dyn DynMatch, seat: Seat) -> String {
        let state = state_of::<G>(game);
        state.action_text(self.decide(state, seat))
    }

    fn think(self: Box<Self>, game: &dyn DynMatch, seat: Seat) -> BotJob {
        let state = state_of::<G>(game).clone();
        Box::new(move || {
            let mut bot = self;
            let action = bot.decide(&state, seat);
            (bot as Box<dyn DynBot>, state.action_text(action))
        })
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The bot named `spec` ([`parlour_bots::make_bot`]) for game `game_id`, its random stream
/// derived from `seed` and `stream` (seat `s` plays with stream `s + 1` everywhere).
///
/// # Errors
/// An unknown bot name.
///
/// # Panics
/// If `game_id` is not registered (check with [`crate::find`]).
pub fn make_bot(
    game_id: &str,
    spec: &str,
    seed: u64,
    stream: u64,
) -> Result<Box<dyn DynBot>, UnknownBot> {
    with_game!(game_id, G => Ok(Box::new(GameBot::<G>(parlour_bots::make_bot::<G>(spec, seed, stream)?))))
}

#[cfg(test)]
mod tests {
    use parlour_core::{Seat, ToAct};

    use crate::{find, make_bot, new_match};

    #[test]
    fn a_bot_decides_alike_inline_and_on_another_thread() {
        for game in ["troll-tricker", "haunted", "kings-feast"] {
            let info = find(game).unwrap();
            let options = info.parse_options("").unwrap();
            let mut m = new_match(game, info.default_players(), options, 11).unwrap();
            m.draw_due_chance();
            let ToAct::Seats(seats) = m.to_act() else {
                panic!("{game}: a seat acts after the deal");
            };
            let seat = seats.first().unwrap();
            let mut inline = make_bot(game, "ismcts:easy", 4, 1).unwrap();
            let chosen = inline.choose(&*m, seat);
            let job = make_bot(game, "ismcts:easy", 4, 1)
                .unwrap()
                .think(&*m, seat);
            let (bot, thought) = std::thread::spawn(job).join().unwrap();
            assert_eq!(thought, chosen, "{game}");
            assert_eq!(bot.name(), inline.name());
            assert!(m.legal(seat).contains(&chosen), "{game}: {chosen}");
            m.apply_action_text(seat, &chosen).unwrap();
        }
    }

    #[test]
    #[should_panic(expected = "a bot plays the game it was made for")]
    fn a_bot_refuses_another_games_position() {
        let info = find("haunted").unwrap();
        let options = info.parse_options("").unwrap();
        let mut m = new_match("haunted", info.default_players(), options, 1).unwrap();
        m.draw_due_chance();
        let mut bot = make_bot("troll-tricker", "random", 1, 1).unwrap();
        bot.choose(&*m, Seat(0));
    }
}
