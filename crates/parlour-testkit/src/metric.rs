//! Reading a game's balance-lab metrics in tests.

use parlour_core::Metric;

/// The value of the metric `id`.
///
/// # Panics
/// If `metrics` has no metric `id`.
#[must_use]
pub fn metric_value(metrics: &[Metric], id: &str) -> f64 {
    metrics
        .iter()
        .find(|m| m.id == id)
        .unwrap_or_else(|| panic!("no metric `{id}`"))
        .value
}

/// Checks what every game's metrics promise the balance lab: exactly the ids `ids`, in that
/// order, each with a label and a finite value of at least 0.
///
/// # Panics
/// On the first metric that breaks it.
pub fn assert_metric_shape(metrics: &[Metric], ids: &[&str]) {
    let got: Vec<&str> = metrics.iter().map(|m| m.id).collect();
    assert_eq!(got, ids, "metric ids");
    for m in metrics {
        assert!(m.value.is_finite() && m.value >= 0.0, "{m:?}");
        assert!(!m.label.is_empty(), "{m:?} has no label");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metrics(value: f64, label: &'static str) -> Vec<Metric> {
        vec![
            Metric::new("rounds", "rounds played", 3.0),
            Metric::new("bust_rate", label, value),
        ]
    }

    #[test]
    fn a_well_formed_list_passes_and_values_are_found() {
        let m = metrics(0.25, "busts per hand");
        assert_metric_shape(&m, &["rounds", "bust_rate"]);
        assert_eq!(metric_value(&m, "bust_rate"), 0.25);
    }

    #[test]
    #[should_panic(expected = "metric ids")]
    fn ids_out_of_order_fail() {
        assert_metric_shape(&metrics(0.25, "busts"), &["bust_rate", "rounds"]);
    }

    #[test]
    #[should_panic(expected = "bust_rate")]
    fn a_negative_value_fails() {
        assert_metric_shape(&metrics(-1.0, "busts"), &["rounds", "bust_rate"]);
    }

    #[test]
    #[should_panic(expected = "no label")]
    fn an_empty_label_fails() {
        assert_metric_shape(&metrics(0.5, ""), &["rounds", "bust_rate"]);
    }

    #[test]
    #[should_panic(expected = "no metric `turns`")]
    fn a_missing_metric_fails() {
        let _ = metric_value(&metrics(0.5, "busts"), "turns");
    }
}
