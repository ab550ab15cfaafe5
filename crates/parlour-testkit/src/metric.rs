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
