use std::fmt;

use parlour_cards::CardSet;
use parlour_core::{Game, Seat};
use parlour_fey::{Card, Mat, Relation, Sign, SignPoints};
use serde::Serialize;

use crate::State;
use crate::scoring::{FEY_BONUS, RoundParts, Tally};
use crate::state::Phase;

/// The revealed result of the previous round.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RoundView {
    /// The church card of that round.
    pub church: Card,
    /// What each seat revealed.
    pub plays: Vec<Vec<Card>>,
    /// Each seat's total.
    pub totals: Vec<i32>,
    /// Each seat's round score.
    pub points: Vec<i32>,
}

/// The round score of every commitment a seat may make, one column per part of the score
/// (columns keep the view small: a hand of 7 has 128 commitments). Entry `m` of each column is
/// the commitment of the cards `own_hand[i]` whose bit `i` is set in `m` (entry 0 commits no
/// cards).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct CommitPreviews {
    /// Church value plus the played values (with `fey_wild_value`, the best choice of values).
    pub total: Vec<i32>,
    /// Card points.
    pub points: Vec<i32>,
    /// The fey bonus.
    pub bonus: Vec<i32>,
    /// The penalty for missing 21.
    pub penalty: Vec<i32>,
    /// The round score.
    pub score: Vec<i32>,
    /// Whether fey values were chosen.
    pub wild: Vec<bool>,
}

impl CommitPreviews {
    /// The parts of commitment `m`, if the hand has such a subset.
    #[must_use]
    pub fn get(&self, m: usize) -> Option<RoundParts> {
        Some(RoundParts {
            total: *self.total.get(m)?,
            points: self.points[m],
            bonus: self.bonus[m],
            penalty: self.penalty[m],
            score: self.score[m],
            wild: self.wild[m],
        })
    }

    fn push(&mut self, p: RoundParts) {
        self.total.push(p.total);
        self.points.push(p.points);
        self.bonus.push(p.bonus);
        self.penalty.push(p.penalty);
        self.score.push(p.score);
        self.wild.push(p.wild);
    }
}

/// What one viewer may know of a Holy Matrimony game (spec §4.4): the church card, the mat,
/// signs, scores, the discard pile, the viewer's own hand and own commitment, and of the others
/// only whether they have committed (never how many cards or which).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct View {
    /// Whose view (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Number of seats.
    pub players: u8,
    /// `setup`, `deal`, `between-rounds`, `church`, `commit`, `refill` or `over`.
    pub phase: &'static str,
    /// Rounds begun.
    pub round: u32,
    /// Score that ends the game.
    pub target_score: i32,
    /// Round cap.
    pub max_rounds: u32,
    /// The mat, once set up.
    pub mat: Option<Mat>,
    /// Each seat's sign.
    pub signs: Vec<Sign>,
    /// For a seated viewer once the mat is laid out: how each sign stands to the viewer's sign
    /// and what a card of it scores for the viewer (fey 0, D-HM-2).
    pub sign_points: Option<Vec<SignPoints>>,
    /// The fey bonus a round scores when a scored card is fey.
    pub fey_bonus: i32,
    /// The first player.
    pub first_player: Option<Seat>,
    /// The church card, when face up.
    pub church: Option<Card>,
    /// The viewer's hand, sorted (committed cards included until the reveal).
    pub own_hand: Option<Vec<Card>>,
    /// The viewer's own commitment this round, once made.
    pub own_commitment: Option<Vec<Card>>,
    /// While the viewer is still to commit: the round score of every commitment it may make,
    /// under the table's options.
    pub commit_previews: Option<CommitPreviews>,
    /// Whether each seat has committed this round.
    pub committed: Vec<bool>,
    /// Seats still to commit.
    pub waiting: Vec<Seat>,
    /// Cards in each hand.
    pub hand_sizes: Vec<u8>,
    /// Cards in the face-down draw pile.
    pub draw_pile: u8,
    /// The face-up discard pile.
    pub discard_pile: Vec<Card>,
    /// Cumulative scores.
    pub scores: Vec<i32>,
    /// The previous round, revealed (cleared when its cards are reshuffled).
    pub last_round: Option<RoundView>,
    /// The winners, once the game is over.
    pub winners: Vec<Seat>,
}

fn cards(set: CardSet) -> Vec<Card> {
    set.iter().filter_map(Card::from_id).collect()
}

/// The round score of each subset of `seat`'s hand, indexed by the subset's bits over the hand
/// in card order; `None` before the church card is up.
fn commit_previews(s: &State, seat: Seat) -> Option<CommitPreviews> {
    let church = s.church()?;
    let (mat, sign, rules) = (s.table.mat(), s.table.sign(seat), s.rules.scoring);
    let hand = cards(s.hands[seat]);
    // Each subset's tally is built from the one without its lowest card.
    let mut tallies = Vec::with_capacity(1 << hand.len());
    tallies.push(Tally::church(mat, sign, church, rules));
    for m in 1..1usize << hand.len() {
        let low = hand[m.trailing_zeros() as usize];
        tallies.push(tallies[m & (m - 1)].add(Tally::played(mat, sign, low, rules)));
    }
    let mut out = CommitPreviews::default();
    for t in tallies {
        out.push(t.parts(rules));
    }
    Some(out)
}

impl View {
    pub(crate) fn of(s: &State, viewer: Option<Seat>) -> View {
        let seat = viewer.filter(|v| v.0 < s.n);
        View {
            viewer,
            players: s.n,
            phase: match s.phase {
                Phase::Setup => "setup",
                Phase::Deal => "deal",
                Phase::Table => "between-rounds",
                Phase::Church => "church",
                Phase::Commit => "commit",
                Phase::Refill => "refill",
                Phase::Over => "over",
            },
            round: s.round(),
            target_score: s.rules.target_score,
            max_rounds: s.rules.max_rounds,
            mat: s.mat(),
            signs: s.signs(),
            sign_points: sign_points(s, seat),
            fey_bonus: FEY_BONUS,
            first_player: (s.phase != Phase::Setup).then_some(s.first),
            church: s.church(),
            own_hand: seat.map(|v| cards(s.hands[v])),
            own_commitment: seat
                .filter(|v| s.committed.contains(*v))
                .map(|v| cards(s.commits[v])),
            commit_previews: seat
                .filter(|v| s.phase == Phase::Commit && !s.committed.contains(*v))
                .and_then(|v| commit_previews(s, v)),
            committed: (0..s.n).map(|i| s.committed.contains(Seat(i))).collect(),
            waiting: s.to_act().seats().iter().collect(),
            hand_sizes: s.hands.seats(s.n).iter().map(|h| h.len() as u8).collect(),
            draw_pile: s.draw.len() as u8,
            discard_pile: cards(s.discard),
            scores: s.scores(),
            last_round: s.last.map(|l| RoundView {
                church: l.church,
                plays: l.plays.seats(s.n).iter().map(|p| cards(*p)).collect(),
                totals: l.totals.seats(s.n).to_vec(),
                points: l.points.seats(s.n).to_vec(),
            }),
            winners: s
                .outcome()
                .map_or_else(Vec::new, |o| o.winners.iter().collect()),
        }
    }
}

fn list(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "-".into();
    }
    let v: Vec<String> = cards.iter().map(|c| c.text()).collect();
    v.join(" ")
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Holy Matrimony, {} players, round {} ({}), target {}",
            self.players, self.round, self.phase, self.target_score
        )?;
        if let Some(m) = &self.mat {
            writeln!(f, "mat {m}")?;
        }
        if let Some(c) = self.church {
            writeln!(f, "church: {c}")?;
        }
        for (i, sign) in self.signs.iter().enumerate() {
            let status = if self.committed[i] {
                "committed"
            } else if self.waiting.contains(&Seat(i as u8)) {
                "thinking"
            } else {
                ""
            };
            writeln!(
                f,
                "  seat {i} {sign:<6} score {:>4}  {status}",
                self.scores[i]
            )?;
        }
        if let Some(l) = &self.last_round {
            writeln!(f, "last round (church {}):", l.church)?;
            for (i, p) in l.plays.iter().enumerate() {
                writeln!(
                    f,
                    "  seat {i}: {} = {} -> {:+}",
                    list(p),
                    l.totals[i],
                    l.points[i]
                )?;
            }
        }
        writeln!(
            f,
            "draw pile {} cards, discard pile {} cards",
            self.draw_pile,
            self.discard_pile.len()
        )?;
        if let Some(h) = &self.own_hand {
            writeln!(f, "your hand: {}", list(h))?;
        }
        if let Some(c) = &self.own_commitment {
            writeln!(f, "you committed: {}", list(c))?;
        }
        if !self.winners.is_empty() {
            let w: Vec<String> = self.winners.iter().map(ToString::to_string).collect();
            writeln!(f, "winners: seat {}", w.join(", seat "))?;
        }
        Ok(())
    }
}

/// How each sign stands to `seat`'s sign, once the mat is laid out.
fn sign_points(s: &State, seat: Option<Seat>) -> Option<Vec<SignPoints>> {
    let (seat, mat) = (seat?, s.mat()?);
    // Card points are the base relation points, fey 0 (`scoring::card_points`).
    Some(SignPoints::all(
        &mat,
        s.table.sign(seat),
        Relation::base_points,
    ))
}
