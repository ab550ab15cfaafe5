//! The statistics of the report: intervals, tests and the multiple-comparison correction.
//!
//! Every function here is a textbook formula; `statrs` supplies the distributions (chi-square,
//! F, Student's t). Each test returns its statistic, degrees of freedom and p-value so the report
//! can state all three.

mod difference;
mod exact;
mod power;

pub use difference::{DiffTest, Difference, mean_difference, share_difference};
pub use exact::{binomial_test, fisher_exact, multinomial_test};
pub use power::{MDE_FACTOR, mde_one_share, mde_two_means, mde_two_shares};

use serde::{Deserialize, Serialize};
use statrs::distribution::{ChiSquared, ContinuousCDF, FisherSnedecor, StudentsT};

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval at 95% for `successes` out of `n` (fractional successes allowed:
/// a win shared by `k` seats counts `1/k`). `(0, 1)` for an empty sample.
#[must_use]
pub fn wilson95(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = Z95;
    let p = (successes / n).clamp(0.0, 1.0);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean, spread, 95% interval of the mean and quartiles of a sample.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Dist {
    /// Values in the sample.
    pub n: u64,
    /// Arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// 95% interval of the mean (Student's t).
    pub ci95: [f64; 2],
    /// Smallest value.
    pub min: f64,
    /// First quartile.
    pub q1: f64,
    /// Median.
    pub median: f64,
    /// Third quartile.
    pub q3: f64,
    /// Largest value.
    pub max: f64,
}

impl Dist {
    /// Summarises `values` (all zeros for an empty sample). Quartiles interpolate linearly
    /// between order statistics (Hyndman and Fan's type 7, the default of R and NumPy).
    #[must_use]
    pub fn of(values: &[f64]) -> Dist {
        let n = values.len();
        if n == 0 {
            return Dist::default();
        }
        let nf = n as f64;
        let mean = values.iter().sum::<f64>() / nf;
        let var = if n > 1 {
            values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (nf - 1.0)
        } else {
            0.0
        };
        let sd = var.sqrt();
        let half = if n > 1 {
            t_quantile_975(nf - 1.0) * sd / nf.sqrt()
        } else {
            0.0
        };
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        Dist {
            n: n as u64,
            mean,
            sd,
            ci95: [mean - half, mean + half],
            min: sorted[0],
            q1: quantile(&sorted, 0.25),
            median: quantile(&sorted, 0.5),
            q3: quantile(&sorted, 0.75),
            max: sorted[n - 1],
        }
    }

    /// The sample variance.
    #[must_use]
    pub fn var(&self) -> f64 {
        self.sd * self.sd
    }
}

/// The `q` quantile of sorted values (type 7).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * q;
    let lo = h.floor() as usize;
    let hi = h.ceil() as usize;
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom.
fn t_quantile_975(df: f64) -> f64 {
    StudentsT::new(0.0, 1.0, df).map_or(Z95, |t| t.inverse_cdf(0.975))
}

/// A test's statistic, degrees of freedom and p-value.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct TestResult {
    /// The statistic (chi-square or F).
    pub statistic: f64,
    /// Degrees of freedom (the first, for F).
    pub df: f64,
    /// The second degrees of freedom of an F test; 0 otherwise.
    pub df2: f64,
    /// The p-value.
    pub p: f64,
}

/// The upper tail of the chi-square distribution with `df` degrees of freedom.
fn chi2_sf(statistic: f64, df: f64) -> f64 {
    if !statistic.is_finite() {
        return 0.0;
    }
    ChiSquared::new(df).map_or(1.0, |d| d.sf(statistic.max(0.0)))
}

/// Pearson's chi-square goodness-of-fit test of `observed` counts against the proportions
/// `expected` (which sum to 1). `None` with fewer than two categories or no observations.
#[must_use]
pub fn chi_square_gof(observed: &[f64], expected: &[f64]) -> Option<TestResult> {
    let n: f64 = observed.iter().sum();
    if observed.len() < 2 || n <= 0.0 {
        return None;
    }
    let statistic = observed
        .iter()
        .zip(expected)
        .map(|(o, p)| {
            let e = n * p;
            (o - e) * (o - e) / e
        })
        .sum::<f64>();
    let df = (observed.len() - 1) as f64;
    Some(TestResult {
        statistic,
        df,
        df2: 0.0,
        p: chi2_sf(statistic, df),
    })
}

/// Pearson's chi-square test of independence on a table of counts (rows: groups, columns:
/// categories). Rows and columns that are all zero are left out first. `None` when fewer than
/// two rows or two columns remain.
#[must_use]
pub fn chi_square_independence(table: &[Vec<f64>]) -> Option<TestResult> {
    let cols = table.first().map_or(0, Vec::len);
    let keep_cols: Vec<usize> = (0..cols)
        .filter(|&c| table.iter().any(|r| r[c] > 0.0))
        .collect();
    let rows: Vec<Vec<f64>> = table
        .iter()
        .map(|r| keep_cols.iter().map(|&c| r[c]).collect::<Vec<f64>>())
        .filter(|r| r.iter().sum::<f64>() > 0.0)
        .collect();
    if rows.len() < 2 || keep_cols.len() < 2 {
        return None;
    }
    let total: f64 = rows.iter().flatten().sum();
    let row_sums: Vec<f64> = rows.iter().map(|r| r.iter().sum()).collect();
    let col_sums: Vec<f64> = (0..keep_cols.len())
        .map(|c| rows.iter().map(|r| r[c]).sum())
        .collect();
    let mut statistic = 0.0;
    for (r, row) in rows.iter().enumerate() {
        for (c, &o) in row.iter().enumerate() {
            let e = row_sums[r] * col_sums[c] / total;
            statistic += (o - e) * (o - e) / e;
        }
    }
    let df = ((rows.len() - 1) * (keep_cols.len() - 1)) as f64;
    Some(TestResult {
        statistic,
        df,
        df2: 0.0,
        p: chi2_sf(statistic, df),
    })
}

/// Which test [`compare_means`] used.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MeansTest {
    /// Welch's one-way ANOVA (unequal variances).
    Welch,
    /// Every value in every group was the same within its group: the groups differ exactly
    /// when their means do (p is 0 or 1).
    Constant,
    /// Some groups had no spread and others had: the classic one-way ANOVA with a pooled
    /// variance, which needs no per-group variance.
    Pooled,
}

/// Compares the means of groups given as `(n, mean, variance)`: Welch's one-way ANOVA (for two
/// groups its F is the square of Welch's t). Groups of fewer than two values are left out.
/// `None` when fewer than two groups remain.
#[must_use]
pub fn compare_means(groups: &[(f64, f64, f64)]) -> Option<(TestResult, MeansTest)> {
    let g: Vec<(f64, f64, f64)> = groups.iter().copied().filter(|g| g.0 >= 2.0).collect();
    let k = g.len() as f64;
    if g.len() < 2 {
        return None;
    }
    let df1 = k - 1.0;
    let zero = |v: f64| v <= 1e-12;
    if g.iter().all(|x| zero(x.2)) {
        let same = g.iter().all(|x| (x.1 - g[0].1).abs() <= 1e-9);
        let result = TestResult {
            statistic: if same { 0.0 } else { f64::INFINITY },
            df: df1,
            df2: 0.0,
            p: if same { 1.0 } else { 0.0 },
        };
        return Some((result, MeansTest::Constant));
    }
    if g.iter().any(|x| zero(x.2)) {
        let n: f64 = g.iter().map(|x| x.0).sum();
        let grand = g.iter().map(|x| x.0 * x.1).sum::<f64>() / n;
        let between = g
            .iter()
            .map(|x| x.0 * (x.1 - grand) * (x.1 - grand))
            .sum::<f64>()
            / df1;
        let df2 = n - k;
        let within = g.iter().map(|x| (x.0 - 1.0) * x.2).sum::<f64>() / df2;
        let f = between / within;
        return Some((
            TestResult {
                statistic: f,
                df: df1,
                df2,
                p: f_sf(f, df1, df2),
            },
            MeansTest::Pooled,
        ));
    }
    let w: Vec<f64> = g.iter().map(|x| x.0 / x.2).collect();
    let sw: f64 = w.iter().sum();
    let mean_w = g.iter().zip(&w).map(|(x, w)| w * x.1).sum::<f64>() / sw;
    let a = g
        .iter()
        .zip(&w)
        .map(|(x, w)| w * (x.1 - mean_w) * (x.1 - mean_w))
        .sum::<f64>()
        / df1;
    let tmp = g
        .iter()
        .zip(&w)
        .map(|(x, w)| (1.0 - w / sw) * (1.0 - w / sw) / (x.0 - 1.0))
        .sum::<f64>();
    let b = 1.0 + 2.0 * (k - 2.0) / (k * k - 1.0) * tmp;
    let f = a / b;
    let df2 = (k * k - 1.0) / (3.0 * tmp);
    Some((
        TestResult {
            statistic: f,
            df: df1,
            df2,
            p: f_sf(f, df1, df2),
        },
        MeansTest::Welch,
    ))
}

/// The upper tail of the F distribution.
fn f_sf(f: f64, df1: f64, df2: f64) -> f64 {
    if !f.is_finite() {
        return 0.0;
    }
    FisherSnedecor::new(df1, df2).map_or(1.0, |d| d.sf(f.max(0.0)))
}

/// Holm's step-down adjustment of p-values (controls the family-wise error rate): the `i`-th
/// smallest of `m` p-values is multiplied by `m - i` (from `i = 0`), made non-decreasing in
/// that order, and capped at 1. The result is in the input's order.
#[must_use]
pub fn holm(ps: &[f64]) -> Vec<f64> {
    let m = ps.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| ps[a].total_cmp(&ps[b]).then(a.cmp(&b)));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (i, &idx) in order.iter().enumerate() {
        let v = ((m - i) as f64 * ps[idx]).min(1.0);
        running = running.max(v);
        adjusted[idx] = running;
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn wilson_interval_matches_a_known_value() {
        // 50 of 100: 0.4038 .. 0.5962 (Wilson 1927; Agresti & Coull 1998, table 1).
        let (lo, hi) = wilson95(50.0, 100.0);
        assert!(
            close(lo, 0.4038, 1e-4) && close(hi, 0.5962, 1e-4),
            "{lo} {hi}"
        );
        let (lo, hi) = wilson95(0.0, 10.0);
        assert!(lo == 0.0 && close(hi, 0.2775, 1e-4), "{hi}");
    }

    #[test]
    fn quartiles_and_the_t_interval_match_r() {
        // R: quantile(c(1,2,3,4,10)) = 1 2 3 4 10; t.test(...)$conf.int = -0.3899 8.3899.
        let d = Dist::of(&[3.0, 1.0, 10.0, 2.0, 4.0]);
        assert_eq!(
            (d.min, d.q1, d.median, d.q3, d.max),
            (1.0, 2.0, 3.0, 4.0, 10.0)
        );
        assert!(close(d.mean, 4.0, 1e-12));
        assert!(close(d.ci95[0], -0.3899, 1e-3) && close(d.ci95[1], 8.3899, 1e-3));
    }

    #[test]
    fn goodness_of_fit_matches_a_textbook_case() {
        // A die thrown 60 times: 5 8 9 8 10 20. chi2 = 13.4, df 5, p = 0.0199.
        let t = chi_square_gof(&[5.0, 8.0, 9.0, 8.0, 10.0, 20.0], &[1.0 / 6.0; 6]).unwrap();
        assert!(close(t.statistic, 13.4, 1e-9) && t.df == 5.0);
        assert!(close(t.p, 0.019_905, 1e-5), "{}", t.p);
    }

    #[test]
    fn independence_matches_r_chisq_test() {
        // R: chisq.test(matrix(c(10, 20, 30, 40), 2), correct = FALSE): X2 = 0.79365, p = 0.373.
        let t = chi_square_independence(&[vec![10.0, 30.0], vec![20.0, 40.0]]).unwrap();
        assert!(close(t.statistic, 0.793_65, 1e-4) && t.df == 1.0);
        assert!(close(t.p, 0.373, 1e-3), "{}", t.p);
        // An all-zero column is left out rather than dividing by zero.
        let t = chi_square_independence(&[vec![10.0, 0.0, 30.0], vec![20.0, 0.0, 40.0]]).unwrap();
        assert!(t.df == 1.0 && t.statistic.is_finite());
    }

    #[test]
    fn welch_anova_of_two_groups_is_welchs_t_squared() {
        // x = 1..5 (mean 3, var 2.5), y = 3,5,7,9,11 (mean 7, var 10): Welch t = -2.5298,
        // df = 5.882, p = 0.0453 (R: t.test(x, y)).
        let (t, kind) = compare_means(&[(5.0, 3.0, 2.5), (5.0, 7.0, 10.0)]).unwrap();
        assert_eq!(kind, MeansTest::Welch);
        assert!(
            close(t.statistic, 2.5298_f64.powi(2), 1e-3),
            "{}",
            t.statistic
        );
        assert!(
            close(t.df2, 5.882, 1e-3) && close(t.p, 0.0453, 1e-3),
            "{t:?}"
        );
    }

    #[test]
    fn constant_groups_differ_exactly_when_their_means_do() {
        let (t, kind) = compare_means(&[(10.0, 132.0, 0.0), (10.0, 132.0, 0.0)]).unwrap();
        assert_eq!((kind, t.p), (MeansTest::Constant, 1.0));
        let (t, _) = compare_means(&[(10.0, 132.0, 0.0), (10.0, 99.0, 0.0)]).unwrap();
        assert_eq!(t.p, 0.0);
        let (_, kind) = compare_means(&[(10.0, 132.0, 0.0), (10.0, 99.0, 4.0)]).unwrap();
        assert_eq!(kind, MeansTest::Pooled);
    }

    #[test]
    fn holm_matches_r_p_adjust() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
        let a = holm(&[0.01, 0.04, 0.03, 0.005]);
        for (x, y) in a.iter().zip([0.03, 0.06, 0.06, 0.02]) {
            assert!(close(*x, y, 1e-12), "{a:?}");
        }
    }
}
