use parlour_core::{Game, GameRng, Seat, ToAct};

/// What a bot in `seat` may use: its view, its legal actions, and determinizations drawn from its
/// own knowledge. The full state stays private, so a bot cannot read hidden cards.
pub struct Observation<'a, G: Game> {
    state: &'a G,
    seat: Seat,
}

impl<'a, G: Game> Observation<'a, G> {
    /// The observation of `seat` at `state`.
    #[must_use]
    pub fn new(state: &'a G, seat: Seat) -> Self {
        Observation { state, seat }
    }

    /// The observing seat.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> u8 {
        self.state.players()
    }

    /// Who must decide now (public).
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        self.state.to_act()
    }

    /// The seat's view.
    #[must_use]
    pub fn view(&self) -> G::View {
        self.state.view(Some(self.seat))
    }

    /// The seat's legal actions.
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        self.state.legal_actions(self.seat, out);
    }

    /// Notation of an action.
    #[must_use]
    pub fn action_text(&self, action: G::Action) -> String {
        self.state.action_text(action)
    }

    /// A full state consistent with the seat's knowledge, hidden parts drawn from `rng`.
    #[must_use]
    pub fn determinize(&self, rng: &mut GameRng) -> G {
        self.state.sample_consistent(self.seat, rng)
    }
}
