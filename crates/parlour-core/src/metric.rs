/// One number a game reports about a finished game, for the balance lab: a count or a 0/1 flag
/// (a rate once averaged over games), named by the game beside its rules.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Metric {
    /// snake_case id, stable across versions (CSV and JSON columns).
    pub id: &'static str,
    /// Plain words for a designer's report (`zero-trick bonus paid per hand`).
    pub label: &'static str,
    /// The value for this game.
    pub value: f64,
}

impl Metric {
    /// A metric.
    #[must_use]
    pub const fn new(id: &'static str, label: &'static str, value: f64) -> Self {
        Metric { id, label, value }
    }

    /// A 0/1 flag (a rate once averaged).
    #[must_use]
    pub const fn flag(id: &'static str, label: &'static str, on: bool) -> Self {
        Metric {
            id,
            label,
            value: if on { 1.0 } else { 0.0 },
        }
    }
}
