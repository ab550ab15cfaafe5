//! How numbers are written in the report: one format per kind of number, shared by the HTML,
//! the summary sentences and the tests that read the HTML back.

use serde::Serialize;

/// A way of writing a number.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fmt {
    /// A share in `[0, 1]` as a percentage with one decimal: `38.2%`.
    Percent,
    /// A difference of shares in percentage points with one decimal: `4.1 points`.
    Points,
    /// A p-value: three decimals, four below 0.001, and `< 0.0001` below that.
    PValue,
    /// One decimal: `132.4`.
    Decimal1,
    /// Two decimals: `2.37` (test statistics, ratios).
    Decimal2,
    /// A whole number with thousands separators: `12,000`.
    Count,
}

impl Fmt {
    /// `value` written in this format.
    #[must_use]
    pub fn show(self, value: f64) -> String {
        match self {
            Fmt::Percent => format!("{:.1}%", 100.0 * value),
            Fmt::Points => format!("{:.1} points", 100.0 * value),
            Fmt::PValue => {
                if value < 0.0001 {
                    "< 0.0001".to_owned()
                } else if value < 0.001 {
                    format!("{value:.4}")
                } else {
                    format!("{value:.3}")
                }
            }
            Fmt::Decimal1 => format!("{value:.1}"),
            Fmt::Decimal2 => format!("{value:.2}"),
            Fmt::Count => thousands(value.round() as i64),
        }
    }

    /// The name written in the HTML's `data-fmt` attribute.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Fmt::Percent => "percent",
            Fmt::Points => "points",
            Fmt::PValue => "p",
            Fmt::Decimal1 => "decimal1",
            Fmt::Decimal2 => "decimal2",
            Fmt::Count => "count",
        }
    }
}

/// `n` with a comma between groups of three digits.
#[must_use]
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_writes_as_documented() {
        assert_eq!(Fmt::Percent.show(0.382_04), "38.2%");
        assert_eq!(Fmt::Points.show(0.041), "4.1 points");
        assert_eq!(Fmt::PValue.show(0.012_34), "0.012");
        assert_eq!(Fmt::PValue.show(0.000_34), "0.0003");
        assert_eq!(Fmt::PValue.show(0.000_01), "< 0.0001");
        assert_eq!(Fmt::Count.show(1_234_567.0), "1,234,567");
        assert_eq!(Fmt::Count.show(-1000.0), "-1,000");
        assert_eq!(Fmt::Count.show(999.0), "999");
    }
}
