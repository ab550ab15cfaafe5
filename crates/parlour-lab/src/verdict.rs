//! What a designer counts as a difference worth knowing, and the verdict a test's interval
//! gives against it: a clear difference, no meaningful difference, or can't tell.

use std::str::FromStr;

use serde::Serialize;

use crate::LabError;

/// The smallest differences a designer cares about, per kind of measure.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Meaningful {
    /// For shares (win rates, skill edges, rates of endings): a difference in points of share,
    /// as a fraction (0.03: three points).
    pub points: f64,
    /// For means (length, margins, counted measures): a difference relative to the first
    /// setting's mean, as a fraction (0.05: five percent).
    pub percent: f64,
}

impl Default for Meaningful {
    fn default() -> Self {
        Meaningful {
            points: 0.03,
            percent: 0.05,
        }
    }
}

impl Meaningful {
    /// The flag that gives these sizes (empty for the defaults).
    #[must_use]
    pub fn flag(&self) -> String {
        if *self == Meaningful::default() {
            return String::new();
        }
        // Rounded so that 7% prints as 7, not 7.000000000000001.
        let pc = |v: f64| (v * 1e8).round() / 1e6;
        format!(
            " --meaningful points={},percent={}",
            pc(self.points),
            pc(self.percent)
        )
    }

    /// The meaningful size of a change in a mean whose first setting is `base`.
    #[must_use]
    pub fn of_mean(&self, base: f64, other: f64) -> f64 {
        let scale = if base.abs() > 0.0 {
            base.abs()
        } else {
            other.abs()
        };
        self.percent * scale
    }
}

impl FromStr for Meaningful {
    type Err = LabError;

    /// `points=3,percent=5` (either may be left out; the other keeps its default).
    fn from_str(text: &str) -> Result<Self, LabError> {
        let bad = || {
            LabError::Spec(format!(
                "meaningful sizes are points=N,percent=N (e.g. points=3,percent=5), not `{text}`"
            ))
        };
        let mut m = Meaningful::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(bad)?;
            let v: f64 = v.trim().trim_end_matches('%').parse().map_err(|_| bad())?;
            if !(v > 0.0 && v < 100.0) {
                return Err(bad());
            }
            match k.trim() {
                "points" => m.points = v / 100.0,
                "percent" => m.percent = v / 100.0,
                _ => return Err(bad()),
            }
        }
        Ok(m)
    }
}

/// What a test's interval says about an effect, against the meaningful size `m`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Significant after Holm's correction, and the interval reaches beyond ±m.
    ClearDifference,
    /// The whole 95% interval lies within ±m, significant or not.
    NoMeaningfulDifference,
    /// Not significant, and the interval reaches beyond ±m: the study is too small to say.
    CantTell,
    /// Every game of each setting gave one value (a zero-width interval): nothing to test, and
    /// never a finding.
    SameInEveryGame,
}

impl Verdict {
    /// The verdict of an effect whose 95% interval is `ci95`, against a meaningful size `m`.
    #[must_use]
    pub fn of(significant: bool, ci95: [f64; 2], m: f64) -> Verdict {
        if ci95[1] <= ci95[0] {
            // No spread to measure against: a fixed value is not a finding.
            Verdict::SameInEveryGame
        } else if -m < ci95[0] && ci95[1] < m {
            Verdict::NoMeaningfulDifference
        } else if significant {
            Verdict::ClearDifference
        } else {
            Verdict::CantTell
        }
    }

    /// The verdict in words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Verdict::ClearDifference => "clear difference",
            Verdict::NoMeaningfulDifference => "no meaningful difference",
            Verdict::CantTell => "can't tell",
            Verdict::SameInEveryGame => "the same in every game",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_inside_the_meaningful_size_is_no_meaningful_difference_even_if_significant() {
        assert_eq!(
            Verdict::of(true, [0.005, 0.02], 0.03),
            Verdict::NoMeaningfulDifference
        );
        assert_eq!(
            Verdict::of(true, [0.01, 0.05], 0.03),
            Verdict::ClearDifference
        );
        assert_eq!(Verdict::of(false, [-0.02, 0.17], 0.03), Verdict::CantTell);
    }

    #[test]
    fn a_zero_width_interval_is_never_a_clear_difference() {
        // A measure with no spread: significant at p = 0, but nothing was measured.
        assert_eq!(Verdict::of(true, [0.0, 0.0], 0.0), Verdict::SameInEveryGame);
        assert_eq!(
            Verdict::of(true, [0.004, 0.004], 0.002),
            Verdict::SameInEveryGame
        );
    }

    #[test]
    fn meaningful_sizes_read_points_and_percent() {
        let m: Meaningful = "points=5,percent=10".parse().unwrap();
        assert_eq!((m.points, m.percent), (0.05, 0.10));
        let m: Meaningful = "percent=2".parse().unwrap();
        assert_eq!((m.points, m.percent), (0.03, 0.02));
        assert!("points=0".parse::<Meaningful>().is_err());
        assert!("size=3".parse::<Meaningful>().is_err());
        assert_eq!(Meaningful::default().flag(), "");
        let m: Meaningful = "points=7,percent=2.5".parse().unwrap();
        assert_eq!(m.flag(), " --meaningful points=7,percent=2.5");
    }
}
