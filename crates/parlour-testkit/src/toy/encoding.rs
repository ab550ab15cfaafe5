//! High Card's encoding for learning: the observer's hand, each seat's card on the table, the
//! hand sizes and the stock, and one action id per card.

use parlour_core::{Encoding, Seat};

use super::{CARDS, HAND_SIZE, HighCard, cards_of};

const WIDTH: usize = CARDS as usize;

impl Encoding for HighCard {
    fn observation_shape(&self) -> Vec<usize> {
        vec![WIDTH + (WIDTH + 1) * self.seats() + 1]
    }

    /// Flags, and sizes as shares of a full hand or deck.
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, 1.0)
    }

    fn encode_observation(&self, seat: Seat, out: &mut [f32]) {
        for c in cards_of(self.hands[seat.index()]) {
            out[usize::from(c) - 1] = 1.0;
        }
        let (played, rest) = out[WIDTH..].split_at_mut(WIDTH * self.seats());
        for (s, card) in self.played[..self.seats()].iter().enumerate() {
            if let Some(c) = card {
                played[s * WIDTH + usize::from(*c) - 1] = 1.0;
            }
        }
        for (s, hand) in self.hands[..self.seats()].iter().enumerate() {
            rest[s] = hand.count_ones() as f32 / f32::from(HAND_SIZE);
        }
        rest[self.seats()] = self.stock.count_ones() as f32 / f32::from(CARDS);
    }

    fn num_distinct_actions(&self) -> usize {
        WIDTH
    }

    fn action_ids(&self, _seat: Seat, action: u8, out: &mut Vec<usize>) {
        out.push(usize::from(action) - 1);
    }

    fn action_id_text(&self, id: usize) -> String {
        format!("play c{}", id + 1)
    }
}

#[cfg(test)]
mod tests {
    use crate::toy::HighCard;

    #[test]
    fn the_encoding_keeps_its_contract() {
        for players in 2..=3 {
            crate::check_encoding::<HighCard>(players, "", 0..20);
        }
    }
}
