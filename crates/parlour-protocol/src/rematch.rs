//! A rematch offered by consent: one seat offers, each person accepts or declines, and the new
//! table is made once every person has accepted.

use serde::{Deserialize, Serialize};

/// One seat's answer to a rematch offer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RematchAnswer {
    /// Not answered yet.
    Waiting,
    /// Wants the rematch (the offering seat, and bots, at once).
    Accepted,
    /// Does not: the offer is over.
    Declined,
}

/// A rematch offer as it stands (in [`ServerMsg::RematchOffer`](crate::ServerMsg) and the
/// `202` answer of `POST /api/tables/{id}/rematch`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RematchOffer {
    /// The seat that offered.
    pub by: u8,
    /// Every seat's answer, in seat order. Once one is `declined` the offer is over; once all
    /// are `accepted` the rematch is made and `rematch` follows.
    pub answers: Vec<RematchAnswer>,
}

impl RematchOffer {
    /// Whether a seat declined, which ends the offer.
    #[must_use]
    pub fn declined(&self) -> bool {
        self.answers.contains(&RematchAnswer::Declined)
    }

    /// Whether every seat accepted.
    #[must_use]
    pub fn agreed(&self) -> bool {
        self.answers.iter().all(|a| *a == RematchAnswer::Accepted)
    }
}
