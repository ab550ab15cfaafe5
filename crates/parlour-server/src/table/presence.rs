//! Who is at a table: each seat's presence from its live connections, told to every
//! connection whenever it changes.

use parlour_protocol::{PresenceState, SeatKind, SeatPresence, ServerMsg};

use super::{Sub, Table};
use crate::ConnId;
use crate::store::SeatRow;

/// Every seat's presence: bots are online; a person's seat is offline without connections,
/// online while any of its pages is in view, and away while all are hidden.
pub(super) fn presence(seats: &[SeatRow], subs: &[Sub]) -> Vec<SeatPresence> {
    seats
        .iter()
        .map(|row| {
            let mut devices = 0u32;
            let mut here = false;
            for sub in subs
                .iter()
                .filter(|s| s.seat.is_some_and(|s| s.0 == row.seat))
            {
                devices += 1;
                here |= !sub.away;
            }
            let state = match (row.kind, devices, here) {
                (SeatKind::Bot, ..) => PresenceState::Online,
                (SeatKind::Human, 0, _) => PresenceState::Offline,
                (SeatKind::Human, _, true) => PresenceState::Online,
                (SeatKind::Human, _, false) => PresenceState::Away,
            };
            SeatPresence {
                seat: row.seat,
                state,
                devices,
            }
        })
        .collect()
}

impl Table {
    /// Tells every connection the seats' presence if it changed, and `joined` (a connection
    /// that just joined) in any case.
    pub(super) fn share_presence(&mut self, joined: Option<ConnId>) {
        let now = presence(&self.seats, &self.subs);
        if now == self.presence {
            if let Some(conn) = joined {
                self.send_to(conn, ServerMsg::Presence { seats: now });
            }
            return;
        }
        self.presence.clone_from(&now);
        let before = self.subs.len();
        self.tell_all(&ServerMsg::Presence { seats: now });
        if self.subs.len() != before {
            // A connection too slow to be told was dropped: that changes presence too.
            self.share_presence(None);
        }
    }

    /// A seated connection's page was hidden (`away`) or shown again.
    pub(super) fn attention(&mut self, conn: ConnId, away: bool) {
        if let Some(sub) = self.subs.iter_mut().find(|s| s.conn == conn) {
            sub.away = away;
        }
        self.share_presence(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::Seat;
    use tokio::sync::mpsc;

    fn row(seat: u8, kind: SeatKind) -> SeatRow {
        SeatRow {
            seat,
            kind,
            name: format!("p{seat}"),
            token_hash: None,
            joined: true,
        }
    }

    fn sub(conn: ConnId, seat: Option<u8>, away: bool) -> Sub {
        let (tx, _) = mpsc::channel(1);
        Sub {
            conn,
            seat: seat.map(Seat),
            tx,
            away,
        }
    }

    #[test]
    fn a_seat_is_online_while_any_device_is_in_view() {
        let seats = [
            row(0, SeatKind::Human),
            row(1, SeatKind::Human),
            row(2, SeatKind::Bot),
            row(3, SeatKind::Human),
        ];
        let subs = [
            sub(1, Some(0), true),
            sub(2, Some(0), false),
            sub(3, Some(1), true),
            // Spectators are nobody's presence.
            sub(4, None, false),
        ];
        let got: Vec<_> = presence(&seats, &subs)
            .into_iter()
            .map(|p| (p.seat, p.state, p.devices))
            .collect();
        assert_eq!(
            got,
            [
                (0, PresenceState::Online, 2),
                (1, PresenceState::Away, 1),
                (2, PresenceState::Online, 0),
                (3, PresenceState::Offline, 0),
            ]
        );
    }
}
