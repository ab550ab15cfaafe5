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
