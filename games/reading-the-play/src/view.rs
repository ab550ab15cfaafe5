//! What one viewer may know (spec §5): own hand, hand sizes, every Sequence, the removed area,
//! the trade pool only for the Player and only once every card is in, nobody's pending choice.

use std::fmt;

use parlour_cards::CardSet;
use parlour_core::Seat;
use serde::Serialize;

use crate::phase::{End, Phase};
use crate::scoring::sequence_score;
use crate::state::{PUBLIC, State};

/// One seat as the viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Cards in hand (public).
    pub hand_size: u8,
    /// The cards, for the viewer's own seat only.
    pub hand: Option<Vec<String>>,
    /// Cards of this hand the viewer has seen go there (handed over as the Player in a trade,
    /// or a Line 316 returned after an interrupt, which everyone saw); all forgotten once the hand
    /// commits a card to a trade, since any of them may be the one.
    pub known: Vec<String>,
    /// The face-up Sequence, low to high.
    pub sequence: Vec<String>,
    /// Its score.
    pub score: i32,
}

/// The trade under way, as the viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TradeView {
    /// The Player.
    pub player: Seat,
    /// The Traders.
    pub traders: Vec<Seat>,
    /// Who has placed a card (the cards stay hidden).
    pub committed: Vec<Seat>,
    /// The card the viewer put in, while cards are being put in. Not after: whether it is still
    /// in the pool (the Player may have kept it) is not the viewer's to know.
    pub my_card: Option<String>,
    /// Cards in the pool.
    pub pool_size: u8,
    /// The pool, sorted (never in the order given), for the Player once every card is in.
    pub pool: Option<Vec<String>>,
    /// Traders still owed a card, in the order they get one.
    pub to_receive: Vec<Seat>,
}

/// A redacted view of the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Whose view (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Number of players.
    pub players: u8,
    /// The phase; the Player's private steps (Elder Sign, sequencing, Line 316) show to others
    /// as `player-turn`, since whether they are asked depends on the hidden hand.
    pub phase: &'static str,
    /// Seats that must act now.
    pub to_act: Vec<Seat>,
    /// The Player, once chosen.
    pub player: Option<Seat>,
    /// Cards in the deck.
    pub deck: u8,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// The removed area.
    pub removed: Vec<String>,
    /// Line 316 lying face up while the interrupt window is open.
    pub face_up: Option<String>,
    /// The last revealed pointing vote, per seat.
    pub votes: Vec<Option<Seat>>,
    /// The viewer's own vote, while the vote is open.
    pub my_vote: Option<Seat>,
    /// Tied votes so far.
    pub tied_votes: u8,
    /// The trade under way.
    pub trade: Option<TradeView>,
    /// The viewer's own answer in the interrupt window, while it is open.
    pub my_answer: Option<String>,
    /// Seats that have answered in the interrupt window.
    pub answered: Vec<Seat>,
    /// Completed turns.
    pub turns: u32,
    /// The turn limit (0: none).
    pub turn_limit: u32,
    /// After the deck ran out: the seat whose turn is the last.
    pub final_round_ends_after: Option<Seat>,
    /// How the game ended.
    pub result: Option<String>,
    /// The winners, once the game is over.
    pub winners: Vec<Seat>,
}

/// The cards whose identity and place `viewer` does not know.
pub(crate) fn hidden_cards(state: &State, viewer: Option<Seat>) -> CardSet {
    let row = viewer.map_or(PUBLIC, Seat::index);
    let mut hidden = state.deck_set().minus(state.deck_known);
    for s in Seat::all(state.n) {
        if Some(s) == viewer {
            continue;
        }
        hidden = hidden.or(state.hands[s].minus(state.known[row][s]));
        if let (Phase::Commit, Some(c)) = (state.phase, state.commits[s]) {
            hidden.insert(c);
        }
    }
    if matches!(state.phase, Phase::Keep | Phase::Give) && viewer != Some(state.player) {
        let own = viewer
            .and_then(|v| state.commits[v])
            .map_or(CardSet::EMPTY, CardSet::single);
        hidden = hidden.or(state.pool.minus(own));
    }
    hidden
}

impl View {
    pub(crate) fn new(state: &State, viewer: Option<Seat>) -> View {
        let row = viewer.map_or(PUBLIC, Seat::index);
        let ids = |set: CardSet| -> Vec<String> { set.iter().map(|c| state.id(c)).collect() };
        let started = !matches!(state.phase, Phase::Deal | Phase::Vote | Phase::ByLot(_));
        let is_player = started && viewer == Some(state.player);
        let phase = match state.phase {
            Phase::ElderSign | Phase::Sequence | Phase::Finish if !is_player => "player-turn",
            p => p.name(),
        };
        let seats = Seat::all(state.n)
            .map(|s| {
                let hand = state.hands[s];
                SeatView {
                    seat: s,
                    hand_size: hand.len() as u8,
                    hand: (viewer == Some(s)).then(|| ids(hand)),
                    known: if viewer == Some(s) {
                        Vec::new()
                    } else {
                        ids(state.known[row][s])
                    },
                    sequence: state.seqs[s].map_or_else(Vec::new, |(lo, hi)| {
                        (lo..=hi).map(|c| state.id(c)).collect()
                    }),
                    score: sequence_score(state.table.0, state.seqs[s]),
                }
            })
            .collect();
        let trade = matches!(state.phase, Phase::Commit | Phase::Keep | Phase::Give).then(|| {
            let in_commit = state.phase == Phase::Commit;
            let my_card = viewer
                .and_then(|v| state.commits[v])
                .filter(|_| in_commit)
                .map(|c| state.id(c));
            TradeView {
                player: state.player,
                traders: state.traders.iter().collect(),
                committed: state
                    .participants()
                    .iter()
                    .filter(|&s| !in_commit || state.commits[s].is_some())
                    .collect(),
                my_card,
                pool_size: if in_commit {
                    state.commits.iter().flatten().count() as u8
                } else {
                    state.pool.len() as u8
                },
                pool: (!in_commit && is_player).then(|| ids(state.pool)),
                to_receive: if in_commit {
                    Vec::new()
                } else {
                    state.to_give.iter().collect()
                },
            }
        });
        let outcome = state
            .end
            .map(|end| crate::scoring::outcome(state, end, parlour_core::Game::scores(state)));
        View {
            viewer,
            players: state.n,
            phase,
            to_act: parlour_core::Game::to_act(state).seats().iter().collect(),
            player: started.then_some(state.player),
            deck: state.deck_len,
            seats,
            removed: ids(state.removed),
            face_up: state.face_up.map(|c| state.id(c)),
            votes: state.last_votes.seats(state.n).to_vec(),
            my_vote: viewer.and_then(|v| state.votes[v]),
            tied_votes: state.tied_votes,
            trade,
            my_answer: viewer
                .and_then(|v| state.answers[v])
                .map(|play| if play { "interrupt" } else { "pass" }.to_owned()),
            answered: Seat::all(state.n)
                .filter(|&s| state.answers[s].is_some())
                .collect(),
            turns: state.turns,
            turn_limit: state.rules.turn_limit,
            final_round_ends_after: state.final_last,
            result: state.end.map(|e| match e {
                End::AllLose(s) => {
                    format!("seat {s} revealed three yellow-sign cards: everyone loses")
                }
                End::Revealed(s) => format!("seat {s} finished the play"),
                End::DeckOut => "the final round after the deck ran out is over".to_owned(),
                End::TurnLimit => "the turn limit was reached".to_owned(),
            }),
            winners: outcome.map_or_else(Vec::new, |o| o.winners.iter().collect()),
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Reading the Play, {} players", self.players)?;
        if let Some(v) = self.viewer {
            write!(f, ", seen by seat {v}")?;
        }
        writeln!(f)?;
        write!(f, "phase {}", self.phase)?;
        if let Some(p) = self.player {
            write!(f, ", Player: seat {p}")?;
        }
        writeln!(
            f,
            ", turn {} of {}, deck {}",
            self.turns + 1,
            if self.turn_limit == 0 {
                "no limit".to_owned()
            } else {
                self.turn_limit.to_string()
            },
            self.deck
        )?;
        if let Some(last) = self.final_round_ends_after {
            writeln!(f, "final round: the game ends after seat {last}'s turn")?;
        }
        for s in &self.seats {
            let hand = s
                .hand
                .as_ref()
                .map_or_else(|| format!("{} cards", s.hand_size), |h| h.join(" "));
            write!(f, "  seat {}: hand [{hand}]", s.seat)?;
            if !s.known.is_empty() {
                write!(f, " (known: {})", s.known.join(" "))?;
            }
            if !s.sequence.is_empty() {
                write!(
                    f,
                    "  Sequence {}..{} scores {}",
                    s.sequence[0],
                    s.sequence[s.sequence.len() - 1],
                    s.score
                )?;
            }
            writeln!(f)?;
        }
        if !self.removed.is_empty() {
            writeln!(f, "removed: {}", self.removed.join(" "))?;
        }
        if let Some(c) = &self.face_up {
            writeln!(f, "face up: {c}")?;
        }
        if let Some(t) = &self.trade {
            write!(f, "trade: seat {} with", t.player)?;
            for s in &t.traders {
                write!(f, " {s}")?;
            }
            write!(f, "; {} cards in the pool", t.pool_size)?;
            if let Some(c) = &t.my_card {
                write!(f, "; yours: {c}")?;
            }
            if let Some(p) = &t.pool {
                write!(f, "; pool: {}", p.join(" "))?;
            }
            writeln!(f)?;
        }
        if let Some(v) = self.my_vote {
            writeln!(f, "you point at seat {v}")?;
        }
        if let Some(a) = &self.my_answer {
            writeln!(f, "your answer: {a}")?;
        }
        if let Some(r) = &self.result {
            write!(f, "game over: {r}")?;
            if self.winners.is_empty() {
                writeln!(f, "; nobody wins")?;
            } else {
                let w: Vec<String> = self.winners.iter().map(|s| format!("seat {s}")).collect();
                writeln!(f, "; winners: {}", w.join(", "))?;
            }
        } else {
            let who: Vec<String> = self.to_act.iter().map(ToString::to_string).collect();
            writeln!(
                f,
                "to act: {}",
                if who.is_empty() {
                    "chance".to_owned()
                } else {
                    who.join(", ")
                }
            )?;
        }
        Ok(())
    }
}
