//! Exact tests for small samples, where the chi-square and normal approximations are poor: the
//! two-sided binomial test, Fisher's test of a 2×2 table and the exact multinomial test.
//!
//! Two-sided p-values sum the probabilities of every outcome no more probable than the one
//! observed (with scipy's relative tolerance of 1e-7 for ties), as `scipy.stats.binomtest` and
//! `scipy.stats.fisher_exact` do.

use statrs::function::factorial::ln_factorial;

/// Relative tolerance under which two outcome probabilities count as equal.
const TIE: f64 = 1.0 + 1e-7;

/// Outcomes the exact multinomial test enumerates at most; above this it samples.
const ENUMERATE_LIMIT: u64 = 2_000_000;

/// Samples the exact multinomial test draws when there are too many outcomes to enumerate.
const SAMPLES: u64 = 200_000;

fn ln_choose(n: u64, k: u64) -> f64 {
    ln_factorial(n) - ln_factorial(k) - ln_factorial(n - k)
}

/// The two-sided exact binomial test of `k` successes in `n` trials against a chance `p`.
/// 1 when `n` is 0.
#[must_use]
pub fn binomial_test(k: u64, n: u64, p: f64) -> f64 {
    if n == 0 || k > n {
        return 1.0;
    }
    let pmf = |i: u64| {
        if p <= 0.0 {
            return f64::from(u8::from(i == 0));
        }
        if p >= 1.0 {
            return f64::from(u8::from(i == n));
        }
        (ln_choose(n, i) + i as f64 * p.ln() + (n - i) as f64 * (1.0 - p).ln()).exp()
    };
    let observed = pmf(k);
    let p: f64 = (0..=n).map(pmf).filter(|&q| q <= observed * TIE).sum();
    p.min(1.0)
}

/// Fisher's exact test of the 2×2 table `[[a, b], [c, d]]`, two-sided.
#[must_use]
pub fn fisher_exact(a: u64, b: u64, c: u64, d: u64) -> f64 {
    let row1 = a + b;
    let col1 = a + c;
    let n = a + b + c + d;
    if n == 0 {
        return 1.0;
    }
    // The hypergeometric law of the top-left count given the margins.
    let pmf =
        |x: u64| (ln_choose(col1, x) + ln_choose(n - col1, row1 - x) - ln_choose(n, row1)).exp();
    let lo = row1.saturating_sub(n - col1);
    let hi = row1.min(col1);
    let observed = pmf(a);
    let p: f64 = (lo..=hi).map(pmf).filter(|&q| q <= observed * TIE).sum();
    p.min(1.0)
}

/// The exact multinomial goodness-of-fit test of `observed` counts against the chances
/// `probs`: the probability, under those chances, of an outcome no more probable than the one
/// observed. Every outcome is enumerated when there are at most two million of them; beyond
/// that (many seats and many games, where the chi-square test is accurate anyway) the p-value
/// is estimated from 200,000 samples drawn with a fixed seed, so a report stays reproducible.
#[must_use]
pub fn multinomial_test(observed: &[u64], probs: &[f64]) -> f64 {
    let n: u64 = observed.iter().sum();
    let k = observed.len();
    if k < 2 || n == 0 {
        return 1.0;
    }
    let ln_p: Vec<f64> = probs.iter().map(|p| p.ln()).collect();
    let ln_pmf = |counts: &[u64]| {
        ln_factorial(n)
            + counts
                .iter()
                .zip(&ln_p)
                .map(|(&c, lp)| {
                    if c == 0 {
                        0.0
                    } else {
                        c as f64 * lp - ln_factorial(c)
                    }
                })
                .sum::<f64>()
    };
    let observed_ln = ln_pmf(observed);
    let outcomes = ln_choose(n + k as u64 - 1, k as u64 - 1).exp();
    if outcomes <= ENUMERATE_LIMIT as f64 {
        let mut counts = vec![0u64; k];
        let mut total = 0.0;
        enumerate(&mut counts, 0, n, &mut |c| {
            let l = ln_pmf(c);
            if l <= observed_ln + TIE.ln() {
                total += l.exp();
            }
        });
        return total.min(1.0);
    }
    let mut rng = SplitMix(0x5EED_0034);
    let cumulative: Vec<f64> = probs
        .iter()
        .scan(0.0, |acc, p| {
            *acc += p;
            Some(*acc)
        })
        .collect();
    let mut counts = vec![0u64; k];
    let mut hits = 0u64;
    for _ in 0..SAMPLES {
        counts.fill(0);
        for _ in 0..n {
            let u = rng.unit();
            let i = cumulative.partition_point(|&c| c <= u).min(k - 1);
            counts[i] += 1;
        }
        hits += u64::from(ln_pmf(&counts) <= observed_ln + TIE.ln());
    }
    hits as f64 / SAMPLES as f64
}

/// Calls `f` with every way of putting `left` items into `counts[i..]`.
fn enumerate(counts: &mut [u64], i: usize, left: u64, f: &mut impl FnMut(&[u64])) {
    if i + 1 == counts.len() {
        counts[i] = left;
        f(counts);
        return;
    }
    for c in 0..=left {
        counts[i] = c;
        enumerate(counts, i + 1, left - c, f);
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014): a small fixed generator, so sampled p-values are
/// the same on every machine.
struct SplitMix(u64);

impl SplitMix {
    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_agrees_with_enumeration() {
        // The sampler, run on a case small enough to list, lands near the listed answer.
        let observed = [9, 4, 3, 3];
        let exact = multinomial_test(&observed, &[0.25; 4]);
        let mut rng = SplitMix(1);
        let mut hits = 0;
        let probs = [0.25; 4];
        let n: u64 = observed.iter().sum();
        let ln_pmf = |c: &[u64]| -> f64 {
            ln_factorial(n)
                + c.iter()
                    .zip(probs)
                    .map(|(&x, p)| x as f64 * f64::ln(p) - ln_factorial(x))
                    .sum::<f64>()
        };
        let o = ln_pmf(&observed);
        for _ in 0..20_000 {
            let mut c = [0u64; 4];
            for _ in 0..n {
                c[((rng.unit() * 4.0) as usize).min(3)] += 1;
            }
            hits += u64::from(ln_pmf(&c) <= o + TIE.ln());
        }
        let sampled = hits as f64 / 20_000.0;
        assert!((sampled - exact).abs() < 0.015, "{sampled} against {exact}");
    }
}
