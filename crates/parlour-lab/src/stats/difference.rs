//! The difference between two settings of one measure, with its 95% interval, the test behind
//! it and the smallest difference the samples could have detected.
//!
//! * Two shares: Newcombe's hybrid score interval (method 10 of Newcombe 1998), built from
//!   the two Wilson intervals, so it never leaves −1..1 and behaves at 0 and n. The test is the
//!   pooled two-proportion z test (the 2×2 chi-square test without continuity correction), or
//!   Fisher's exact test when an expected count is below 5.
//! * Two means: Welch's t test and its interval (Welch–Satterthwaite degrees of freedom).

use serde::Serialize;
use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

use super::exact::fisher_exact;
use super::power::{mde_two_means, mde_two_shares};
use super::wilson95;

/// Which test a [`Difference`] came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DiffTest {
    /// Pooled two-proportion z test.
    TwoProportionZ,
    /// Fisher's exact test (an expected count below 5).
    FisherExact,
    /// Welch's t test.
    WelchT,
    /// Both samples without spread: they differ exactly when their means do.
    Exact,
}

impl DiffTest {
    /// The test's name in words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DiffTest::TwoProportionZ => "two-proportion z test",
            DiffTest::FisherExact => "Fisher's exact test",
            DiffTest::WelchT => "Welch's t test",
            DiffTest::Exact => "exact comparison (no spread in either setting)",
        }
    }
}

/// `a − b` with its 95% interval, test and minimum detectable effect.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Difference {
    /// The first setting's value.
    pub a: f64,
    /// The second setting's value.
    pub b: f64,
    /// `b − a`: how much the second setting changes the first.
    pub estimate: f64,
    /// 95% interval of `estimate`.
    pub ci95: [f64; 2],
    /// The test's statistic (z or t); infinite when exact.
    pub statistic: f64,
    /// Degrees of freedom (Welch); 0 otherwise.
    pub df: f64,
    /// The two-sided p-value.
    pub p: f64,
    /// The test.
    pub test: DiffTest,
    /// The smallest difference found with 80% power at the 5% level.
    pub mde: f64,
}

fn normal_two_sided(z: f64) -> f64 {
    let n = Normal::new(0.0, 1.0).expect("the standard normal");
    2.0 * n.sf(z.abs())
}

/// The change from share `x1/n1` to share `x2/n2` (successes may be fractional: a shared win
/// counts `1/k`). `None` when either sample is empty.
#[must_use]
pub fn share_difference(x1: f64, n1: f64, x2: f64, n2: f64) -> Option<Difference> {
    if n1 <= 0.0 || n2 <= 0.0 {
        return None;
    }
    let (p1, p2) = (x1 / n1, x2 / n2);
    let (l1, u1) = wilson95(x1, n1);
    let (l2, u2) = wilson95(x2, n2);
    let d = p2 - p1;
    let lo = d - ((p2 - l2).powi(2) + (u1 - p1).powi(2)).sqrt();
    let hi = d + ((u2 - p2).powi(2) + (p1 - l1).powi(2)).sqrt();
    let pooled = (x1 + x2) / (n1 + n2);
    let mde = mde_two_shares(pooled, n1, n2);
    let smallest_expected = [n1, n2]
        .iter()
        .flat_map(|&n| [n * pooled, n * (1.0 - pooled)])
        .fold(f64::INFINITY, f64::min);
    let se = (pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)).sqrt();
    let (statistic, p, test) = if smallest_expected < 5.0 {
        let r = |x: f64| x.round() as u64;
        let (a, c) = (r(x1), r(x2));
        let p = fisher_exact(a, r(n1) - a, c, r(n2) - c);
        (
            if se > 0.0 { d / se } else { 0.0 },
            p,
            DiffTest::FisherExact,
        )
    } else {
        let z = d / se;
        (z, normal_two_sided(z), DiffTest::TwoProportionZ)
    };
    Some(Difference {
        a: p1,
        b: p2,
        estimate: d,
        ci95: [lo, hi],
        statistic,
        df: 0.0,
        p,
        test,
        mde,
    })
}

/// The change from mean `m1` (of `n1` values with variance `v1`) to mean `m2`: Welch's t test
/// and interval. `None` when either sample has fewer than two values.
#[must_use]
pub fn mean_difference(n1: f64, m1: f64, v1: f64, n2: f64, m2: f64, v2: f64) -> Option<Difference> {
    if n1 < 2.0 || n2 < 2.0 {
        return None;
    }
    let d = m2 - m1;
    let (s1, s2) = (v1 / n1, v2 / n2);
    let se2 = s1 + s2;
    let mde = mde_two_means(n1, v1, n2, v2);
    if se2 <= 1e-24 {
        let same = d.abs() <= 1e-9;
        return Some(Difference {
            a: m1,
            b: m2,
            estimate: d,
            ci95: [d, d],
            statistic: if same { 0.0 } else { f64::INFINITY },
            df: 0.0,
            p: if same { 1.0 } else { 0.0 },
            test: DiffTest::Exact,
            mde,
        });
    }
    let se = se2.sqrt();
    let df = se2 * se2 / (s1 * s1 / (n1 - 1.0) + s2 * s2 / (n2 - 1.0));
    let t = d / se;
    let law = StudentsT::new(0.0, 1.0, df).expect("positive degrees of freedom");
    let q = law.inverse_cdf(0.975);
    Some(Difference {
        a: m1,
        b: m2,
        estimate: d,
        ci95: [d - q * se, d + q * se],
        statistic: t,
        df,
        p: 2.0 * law.sf(t.abs()),
        test: DiffTest::WelchT,
        mde,
    })
}
