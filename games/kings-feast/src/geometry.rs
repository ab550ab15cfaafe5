//! Board geometry (spec §2): seats, adjacency, left/right, runs, Queen lines, knight moves,
//! precomputed once per arrangement and rule set.

use crate::action::{Dir, Pos};
use crate::arrangement::Arrangement;
use crate::rules::Rules;

/// Seats are numbered `0..n` in row-major order; a seat mask is a `u32` with bit `s` per seat.
pub type SeatIdx = u8;

/// The precomputed geometry of an arrangement under a rule set.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Geometry {
    /// Rows of the grid.
    pub rows: u8,
    /// Columns of the grid.
    pub cols: u8,
    /// Seat of each cell (row-major), `None` for a hole.
    pub cell_seat: Vec<Option<SeatIdx>>,
    /// Position of each seat.
    pub seat_pos: Vec<Pos>,
    /// Adjacent seats (orthogonal, or all eight with `adjacent_includes_diagonal`).
    pub adj: Vec<u32>,
    /// Surrounding seats (all eight directions).
    pub surround: Vec<u32>,
    /// Knight destinations.
    pub knight: Vec<u32>,
    /// Seat immediately left.
    pub left: Vec<Option<SeatIdx>>,
    /// Seat immediately right.
    pub right: Vec<Option<SeatIdx>>,
    /// For the Guard: the seats from the start of its row up to and including the seat itself.
    pub guard_path: Vec<Vec<SeatIdx>>,
    /// For the Queen: per seat and direction ([`Dir::ALL`] order), the seats passed, nearest first.
    pub lines: Vec<[Vec<SeatIdx>; 4]>,
    /// Adjacent seat pairs `(a, b)` with `a < b`, in order (the optional swap's candidates).
    pub pairs: Vec<(SeatIdx, SeatIdx)>,
}

impl Geometry {
    /// The geometry of `arr` under `rules`.
    #[must_use]
    pub fn new(arr: &Arrangement, rules: &Rules) -> Self {
        let rows = i32::from(arr.rows);
        let cols = i32::from(arr.cols);
        let mut cell_seat = vec![None; arr.goal.len()];
        let mut seat_pos = Vec::new();
        for (i, g) in arr.goal.iter().enumerate() {
            if g.is_some() {
                cell_seat[i] = Some(seat_pos.len() as u8);
                seat_pos.push(Pos {
                    r: (i / usize::from(arr.cols)) as u8,
                    c: (i % usize::from(arr.cols)) as u8,
                });
            }
        }
        let n = seat_pos.len();
        let at = |r: i32, c: i32| -> Option<SeatIdx> {
            if r < 0 || c < 0 || r >= rows || c >= cols {
                None
            } else {
                cell_seat[(r * cols + c) as usize]
            }
        };
        let mask_of = |p: Pos, offs: &[(i32, i32)]| -> u32 {
            offs.iter()
                .filter_map(|&(dr, dc)| at(i32::from(p.r) + dr, i32::from(p.c) + dc))
                .fold(0, |m, s| m | (1 << s))
        };
        const ORTH: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        const EIGHT: [(i32, i32); 8] = [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ];
        const KNIGHT: [(i32, i32); 8] = [
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1),
        ];
        let orth: Vec<u32> = seat_pos.iter().map(|&p| mask_of(p, &ORTH)).collect();
        let surround: Vec<u32> = seat_pos.iter().map(|&p| mask_of(p, &EIGHT)).collect();
        let knight = seat_pos.iter().map(|&p| mask_of(p, &KNIGHT)).collect();
        let adj = if rules.adjacent_includes_diagonal {
            surround.clone()
        } else {
            orth.clone()
        };

        // Lines in each direction: the seats met stepping from p, stopping at a hole or the
        // edge (or skipping holes with `rows_skip_holes`).
        let line = |p: Pos, dr: i32, dc: i32| -> Vec<SeatIdx> {
            let mut out = Vec::new();
            let (mut r, mut c) = (i32::from(p.r) + dr, i32::from(p.c) + dc);
            while r >= 0 && c >= 0 && r < rows && c < cols {
                match cell_seat[(r * cols + c) as usize] {
                    Some(s) => out.push(s),
                    None if rules.rows_skip_holes => {}
                    None => break,
                }
                r += dr;
                c += dc;
            }
            out
        };
        let mut lines: Vec<[Vec<SeatIdx>; 4]> = seat_pos
            .iter()
            .map(|&p| [line(p, -1, 0), line(p, 1, 0), line(p, 0, -1), line(p, 0, 1)])
            .collect();
        let mut left: Vec<Option<SeatIdx>> = lines.iter().map(|l| l[2].first().copied()).collect();
        let mut right: Vec<Option<SeatIdx>> = lines.iter().map(|l| l[3].first().copied()).collect();
        let mut guard_path: Vec<Vec<SeatIdx>> = (0..n)
            .map(|s| {
                let mut path: Vec<SeatIdx> = lines[s][2].iter().rev().copied().collect();
                path.push(s as u8);
                path
            })
            .collect();

        let ring = if rules.ring_wraps {
            ring_order(&orth)
        } else {
            None
        };
        if let Some(cycle) = ring {
            // Clockwise from the first seat; left/right follow the ring, the Guard's row is the
            // ring cut at its first seat, the Queen slides along the ring either way.
            let len = cycle.len();
            let mut idx = vec![0usize; n];
            for (i, &s) in cycle.iter().enumerate() {
                idx[usize::from(s)] = i;
            }
            for s in 0..n {
                let i = idx[s];
                right[s] = Some(cycle[(i + 1) % len]);
                left[s] = Some(cycle[(i + len - 1) % len]);
                guard_path[s] = cycle[..=i].to_vec();
                let cw: Vec<SeatIdx> = (1..len).map(|k| cycle[(i + k) % len]).collect();
                let ccw: Vec<SeatIdx> = (1..len).map(|k| cycle[(i + len - k) % len]).collect();
                lines[s] = [Vec::new(), Vec::new(), ccw, cw];
            }
        }

        let mut pairs = Vec::new();
        for (a, m) in adj.iter().enumerate() {
            for b in a + 1..n {
                if m & (1 << b) != 0 {
                    pairs.push((a as u8, b as u8));
                }
            }
        }
        Geometry {
            rows: arr.rows,
            cols: arr.cols,
            cell_seat,
            seat_pos,
            adj,
            surround,
            knight,
            left,
            right,
            guard_path,
            lines,
            pairs,
        }
    }

    /// Number of seats.
    #[must_use]
    pub fn n(&self) -> usize {
        self.seat_pos.len()
    }

    /// The seat at `p`, if `p` is on the table and not a hole.
    #[must_use]
    pub fn seat(&self, p: Pos) -> Option<SeatIdx> {
        if p.r >= self.rows || p.c >= self.cols {
            return None;
        }
        self.cell_seat[usize::from(p.r) * usize::from(self.cols) + usize::from(p.c)]
    }

    /// The line of seats from `s` in direction `d`.
    #[must_use]
    pub fn line(&self, s: SeatIdx, d: Dir) -> &[SeatIdx] {
        &self.lines[usize::from(s)][d as usize]
    }
}

/// The seats in clockwise order from seat 0 when they form one ring (every seat has exactly two
/// orthogonal neighbours and one walk visits them all).
fn ring_order(orth: &[u32]) -> Option<Vec<SeatIdx>> {
    let n = orth.len();
    if n < 4 || orth.iter().any(|m| m.count_ones() != 2) {
        return None;
    }
    // Seat 0 is the top-left-most seat: its neighbours are right (lower index among the two,
    // since it is in row 0) and below; clockwise goes right first.
    let mut order = vec![0u8];
    let mut prev = 0u8;
    let mut cur = orth[0].trailing_zeros() as u8;
    while cur != 0 {
        if order.len() > n {
            return None;
        }
        order.push(cur);
        let next = (orth[usize::from(cur)] & !(1 << prev)).trailing_zeros() as u8;
        prev = cur;
        cur = next;
    }
    (order.len() == n).then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::builtin_arrangement;

    #[test]
    fn ring_has_broken_rows_and_corner_knights_have_no_target() {
        let arr = builtin_arrangement("round_table_roast").unwrap();
        let g = Geometry::new(&arr, &Rules::default());
        let s = g.seat(Pos { r: 0, c: 0 }).unwrap();
        assert_eq!(g.knight[usize::from(s)], 0);
        let s = g.seat(Pos { r: 2, c: 0 }).unwrap();
        assert_eq!(g.right[usize::from(s)], None);
        assert_eq!(g.pairs.len(), 16);
    }

    #[test]
    fn ring_wraps_follows_the_ring_clockwise() {
        let arr = builtin_arrangement("round_table_roast").unwrap();
        let rules = Rules {
            ring_wraps: true,
            ..Rules::default()
        };
        let g = Geometry::new(&arr, &rules);
        let s = g.seat(Pos { r: 2, c: 0 }).unwrap();
        // Clockwise on the left side goes up.
        assert_eq!(g.right[usize::from(s)], g.seat(Pos { r: 1, c: 0 }));
        assert_eq!(g.left[usize::from(s)], g.seat(Pos { r: 3, c: 0 }));
    }
}
