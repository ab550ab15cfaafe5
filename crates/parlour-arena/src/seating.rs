/// The bot (index into the bot list) in each seat of game `game` of an arena of `bots` bots
/// at a table of `players` seats.
///
/// * As many bots as seats, at most 4: every permutation in turn (lexicographic order, period
///   `players!`), so each bot sits in each seat, and next to each other bot on each side,
///   equally often over every `players!` games.
/// * Otherwise: rotations of the bot list repeated around the table (seat `j` of game `i` has
///   bot `(i + j) mod bots`), period `bots`: each bot takes each seat equally often. With fewer
///   bots than seats a bot takes several seats of a game.
///
/// Run a multiple of [`seating_period`] games for an exactly balanced arena.
///
/// # Examples
/// ```
/// # use parlour_arena::seating;
/// assert_eq!(seating(3, 3, 0), vec![0, 1, 2]);
/// assert_eq!(seating(3, 3, 1), vec![0, 2, 1]);
/// assert_eq!(seating(2, 4, 1), vec![1, 0, 1, 0]);
/// ```
///
/// # Panics
/// If `bots` is 0.
#[must_use]
pub fn seating(bots: usize, players: u8, game: u64) -> Vec<usize> {
    assert!(bots > 0, "an arena needs at least one bot");
    let n = usize::from(players);
    if bots == n && n <= 4 {
        nth_permutation(n, game % factorial(n))
    } else {
        let r = usize::try_from(game % bots as u64).expect("below the bot count");
        (0..n).map(|j| (r + j) % bots).collect()
    }
}

/// The number of games after which [`seating`] repeats.
#[must_use]
pub fn seating_period(bots: usize, players: u8) -> u64 {
    let n = usize::from(players);
    if bots == n && n <= 4 {
        factorial(n)
    } else {
        bots as u64
    }
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// The `k`-th permutation of `0..n` in lexicographic order (factorial number system).
fn nth_permutation(n: usize, mut k: u64) -> Vec<usize> {
    let mut pool: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(n);
    for i in (0..n).rev() {
        let f = factorial(i);
        let idx = usize::try_from(k / f).expect("below n");
        k %= f;
        out.push(pool.remove(idx));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_cover_every_order_once() {
        let mut all: Vec<Vec<usize>> = (0..24).map(|g| seating(4, 4, g)).collect();
        assert_eq!(all[0], vec![0, 1, 2, 3]);
        assert_eq!(all[23], vec![3, 2, 1, 0]);
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 24);
        assert_eq!(seating(4, 4, 24), seating(4, 4, 0));
    }

    #[test]
    fn rotations_give_each_bot_each_seat() {
        for (bots, players) in [(3usize, 2u8), (2, 4), (5, 5), (2, 3)] {
            let period = seating_period(bots, players);
            let mut count = vec![vec![0u32; usize::from(players)]; bots];
            for g in 0..period {
                for (seat, b) in seating(bots, players, g).into_iter().enumerate() {
                    count[b][seat] += 1;
                }
            }
            let first = count[0][0];
            assert!(
                count.iter().flatten().all(|c| *c == first),
                "{bots} {players}: {count:?}"
            );
        }
    }
}
