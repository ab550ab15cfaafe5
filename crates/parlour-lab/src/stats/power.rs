//! The smallest effect a study could have detected: the difference that a two-sided test at
//! the 5% level finds with 80% power, from the normal approximation
//! `(z₀.₉₇₅ + z₀.₈) × standard error` (the far tail adds under 1e-5 of power and is left out).

/// The normal quantile of 80%.
const Z80: f64 = 0.841_621_233_572_914_2;

/// `(z₀.₉₇₅ + z₀.₈)`: how many standard errors an effect must be to be found 80% of the time.
pub const MDE_FACTOR: f64 = super::Z95 + Z80;

/// The smallest difference between two shares (near `p`, out of `n1` and `n2`) found with 80%
/// power at the 5% level.
#[must_use]
pub fn mde_two_shares(p: f64, n1: f64, n2: f64) -> f64 {
    if n1 <= 0.0 || n2 <= 0.0 {
        return f64::INFINITY;
    }
    let p = p.clamp(0.0, 1.0);
    // A share of exactly 0 or 1 has no spread; use the least spread the sample can show.
    let q = (p * (1.0 - p)).max(0.5 / (n1 + n2));
    MDE_FACTOR * (q * (1.0 / n1 + 1.0 / n2)).sqrt()
}

/// The smallest difference between two means (sample sizes `n`, variances `var`) found with 80%
/// power at the 5% level.
#[must_use]
pub fn mde_two_means(n1: f64, var1: f64, n2: f64, var2: f64) -> f64 {
    if n1 <= 0.0 || n2 <= 0.0 {
        return f64::INFINITY;
    }
    MDE_FACTOR * (var1 / n1 + var2 / n2).sqrt()
}

/// The smallest departure of one share from `p0` (out of `n`) found with 80% power at the 5%
/// level.
#[must_use]
pub fn mde_one_share(p0: f64, n: f64) -> f64 {
    if n <= 0.0 {
        return f64::INFINITY;
    }
    MDE_FACTOR * (p0 * (1.0 - p0) / n).sqrt()
}
