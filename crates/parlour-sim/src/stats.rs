use serde::Serialize;

/// Mean, spread and range of a sample.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize)]
pub struct Summary {
    /// Arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
}

impl Summary {
    /// Summarises `values` (zeros for an empty sample).
    #[must_use]
    pub fn of(values: impl IntoIterator<Item = f64>) -> Summary {
        let (mut n, mut sum, mut sq) = (0.0f64, 0.0f64, 0.0f64);
        let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in values {
            n += 1.0;
            sum += v;
            sq += v * v;
            min = min.min(v);
            max = max.max(v);
        }
        if n == 0.0 {
            return Summary::default();
        }
        let mean = sum / n;
        let var = if n > 1.0 {
            ((sq - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Summary {
            mean,
            sd: var.sqrt(),
            min,
            max,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_a_small_sample() {
        let s = Summary::of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert!((s.mean - 5.0).abs() < 1e-12);
        assert!((s.sd - 2.138_089_935).abs() < 1e-6);
        assert_eq!((s.min, s.max), (2.0, 9.0));
    }
}
