//! The report's charts, drawn as SVG text with plotters' SVG backend: points with 95% intervals
//! per category (win rates by seat, means by player count) and boxes (distributions). Legends
//! are left to the HTML, which lays them out for any screen width.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Chart width and height in SVG units (the page scales the chart to its column).
const SIZE: (u32, u32) = (720, 340);

/// Okabe and Ito's colour-blind-safe set, then Paul Tol's muted set for the rest, so up to 14
/// series each get their own colour.
const PALETTE: [(u8, u8, u8); 14] = [
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (230, 159, 0),
    (86, 180, 233),
    (0, 0, 0),
    (136, 34, 85),
    (68, 170, 153),
    (153, 153, 51),
    (51, 34, 136),
    (221, 204, 119),
    (170, 68, 153),
    (136, 136, 136),
];

/// Series `i`'s colour as CSS (`#0072b2`), for the HTML legend.
#[must_use]
pub fn color_css(i: usize) -> String {
    let (r, g, b) = PALETTE[i % PALETTE.len()];
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn color(i: usize) -> RGBColor {
    let (r, g, b) = PALETTE[i % PALETTE.len()];
    RGBColor(r, g, b)
}

/// One series of a point chart: a value with its interval per category (or nothing).
pub struct PointSeries {
    /// `(value, low, high)` per category.
    pub points: Vec<Option<(f64, f64, f64)>>,
    /// A dashed reference line for this series (an equal share, say).
    pub reference: Option<f64>,
}

/// One series of a box chart: a distribution per category.
pub struct BoxSeries {
    /// `(min, q1, median, q3, max)` per category.
    pub boxes: Vec<Option<[f64; 5]>>,
}

/// How the y axis is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    /// Shares as percentages, from 0.
    Percent,
    /// Plain numbers.
    Number,
    /// Differences of shares, in percentage points, around 0.
    Points,
}

/// Decimals that tell apart ticks `step` apart (so a chart of 0 to 3% does not read "0%" at
/// every tick), at most three.
fn tick_decimals(step: f64) -> usize {
    if step.is_nan() || step <= 0.0 || step >= 1.0 {
        0
    } else {
        ((-step.log10()).ceil() as usize).min(3)
    }
}

/// A tick label on an axis spanning `span` with about six ticks.
fn tick(axis: Axis, y: f64, span: f64) -> String {
    let step = span / 6.0;
    match axis {
        Axis::Percent => format!("{:.*}%", tick_decimals(100.0 * step), 100.0 * y),
        Axis::Points => format!("{:+.*} pts", tick_decimals(100.0 * step), 100.0 * y),
        Axis::Number => {
            if y.abs() >= 100.0 || (y - y.round()).abs() < 1e-9 {
                format!("{y:.0}")
            } else {
                format!("{:.*}", tick_decimals(step).max(1), y)
            }
        }
    }
}

fn y_range(values: impl Iterator<Item = f64>, axis: Axis) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    if axis == Axis::Points {
        lo = lo.min(0.0);
        hi = hi.max(0.0);
    } else if axis == Axis::Percent || lo >= 0.0 {
        lo = 0.0;
    }
    if hi <= lo {
        hi = lo + 1.0;
    }
    let pad = (hi - lo) * 0.08;
    if lo < 0.0 {
        lo -= pad;
    }
    (lo, hi + pad)
}

/// Draws category labels under the plot, centred on each category.
fn category_labels<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    categories: &[String],
    at: impl Fn(usize) -> (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = TextStyle::from(("sans-serif", 15).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (i, c) in categories.iter().enumerate() {
        let (x, y) = at(i);
        root.draw(&Text::new(c.clone(), (x, y + 8), style.clone()))?;
    }
    Ok(())
}

/// Turns plotters' fixed-size SVG into one that scales with its container.
fn scalable(svg: String, title: &str) -> String {
    let svg = svg.replacen(
        &format!("<svg width=\"{}\" height=\"{}\" ", SIZE.0, SIZE.1),
        "<svg role=\"img\" preserveAspectRatio=\"xMidYMid meet\" ",
        1,
    );
    // An accessible name for the chart.
    match svg.find('>') {
        Some(end) => format!(
            "{}><title>{}</title>{}",
            &svg[..end],
            crate::html::escape(title),
            &svg[end + 1..]
        ),
        None => svg,
    }
}

/// Points with intervals per category; series side by side within a category.
#[must_use]
pub fn point_chart(
    title: &str,
    y_desc: &str,
    categories: &[String],
    series: &[PointSeries],
    axis: Axis,
) -> String {
    let mut buf = String::new();
    let drawn = draw_points(&mut buf, y_desc, categories, series, axis);
    debug_assert!(drawn.is_ok(), "an SVG string backend does not fail");
    scalable(buf, title)
}

fn draw_points(
    buf: &mut String,
    y_desc: &str,
    categories: &[String],
    series: &[PointSeries],
    axis: Axis,
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(buf, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let k = categories.len().max(1);
    let (ylo, yhi) = y_range(
        series.iter().flat_map(|s| {
            s.points
                .iter()
                .flatten()
                .flat_map(|&(v, lo, hi)| [v, lo, hi])
                .chain(s.reference)
        }),
        axis,
    );
    let mut chart = category_axes(&root, k, (ylo, yhi), axis, y_desc)?;
    let s_count = series.len().max(1) as f64;
    let width = 0.7 / s_count;
    for (si, s) in series.iter().enumerate() {
        let c = color(si);
        let off = (si as f64 - (s_count - 1.0) / 2.0) * width;
        if let Some(r) = s.reference {
            let xs: Vec<usize> = (0..s.points.len())
                .filter(|&i| s.points[i].is_some())
                .collect();
            if let (Some(&a), Some(&b)) = (xs.first(), xs.last()) {
                chart.draw_series(DashedLineSeries::new(
                    vec![(a as f64 - 0.45, r), (b as f64 + 0.45, r)],
                    6,
                    4,
                    c.stroke_width(2),
                ))?;
            }
        }
        chart.draw_series(s.points.iter().enumerate().filter_map(|(i, p)| {
            p.map(|(v, lo, hi)| {
                ErrorBar::new_vertical(i as f64 + off, lo, v, hi, c.stroke_width(2), 8)
            })
        }))?;
        chart.draw_series(s.points.iter().enumerate().filter_map(|(i, p)| {
            p.map(|(v, _, _)| Circle::new((i as f64 + off, v), 5, c.filled()))
        }))?;
    }
    let at = |i: usize| chart.backend_coord(&(i as f64, ylo));
    category_labels(&root, categories, at)?;
    root.present()?;
    Ok(())
}

/// Width of the area left of the plot: the widest tick label and, beside it, the rotated axis
/// description, so the two never overlap (`+20.0 pts` is far wider than `40%`).
fn y_label_area(axis: Axis, (ylo, yhi): (f64, f64)) -> u32 {
    let span = yhi - ylo;
    let widest = (0..=12)
        .map(|i| {
            tick(axis, ylo + span * f64::from(i) / 12.0, span)
                .chars()
                .count()
        })
        .max()
        .unwrap_or(4);
    // About 9 units per character at 15 px, 22 for the description and 20 of gaps.
    (widest as u32 * 9 + 42).max(64)
}

/// The axes both charts share: `k` categories along x (labelled by `category_labels`), the
/// values along y with light grid lines.
fn category_axes<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    k: usize,
    (ylo, yhi): (f64, f64),
    axis: Axis,
    y_desc: &str,
) -> Result<
    ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    Box<dyn std::error::Error>,
> {
    let mut chart = ChartBuilder::on(root)
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(y_label_area(axis, (ylo, yhi)))
        .build_cartesian_2d(-0.5f64..(k as f64 - 0.5), ylo..yhi)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(6)
        .y_label_formatter(&|y| tick(axis, *y, yhi - ylo))
        .y_desc(y_desc)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 15))
        .max_light_lines(0)
        .bold_line_style(RGBColor(225, 225, 225))
        .draw()?;
    Ok(chart)
}

/// Boxes (middle half, median line, whiskers to the extremes) per category.
#[must_use]
pub fn box_chart(title: &str, y_desc: &str, categories: &[String], series: &[BoxSeries]) -> String {
    let mut buf = String::new();
    let drawn = draw_boxes(&mut buf, y_desc, categories, series);
    debug_assert!(drawn.is_ok(), "an SVG string backend does not fail");
    scalable(buf, title)
}

fn draw_boxes(
    buf: &mut String,
    y_desc: &str,
    categories: &[String],
    series: &[BoxSeries],
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(buf, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let k = categories.len().max(1);
    let (ylo, yhi) = y_range(
        series
            .iter()
            .flat_map(|s| s.boxes.iter().flatten().flat_map(|b| *b)),
        Axis::Number,
    );
    let mut chart = category_axes(&root, k, (ylo, yhi), Axis::Number, y_desc)?;
    let s_count = series.len().max(1) as f64;
    let width = 0.7 / s_count;
    for (si, s) in series.iter().enumerate() {
        let c = color(si);
        let off = (si as f64 - (s_count - 1.0) / 2.0) * width;
        let half = width * 0.35;
        for (i, b) in s.boxes.iter().enumerate() {
            let Some([min, q1, med, q3, max]) = *b else {
                continue;
            };
            let x = i as f64 + off;
            chart.draw_series([
                PathElement::new(vec![(x, min), (x, q1)], c.stroke_width(2)),
                PathElement::new(vec![(x, q3), (x, max)], c.stroke_width(2)),
                PathElement::new(
                    vec![(x - half / 2.0, min), (x + half / 2.0, min)],
                    c.stroke_width(2),
                ),
                PathElement::new(
                    vec![(x - half / 2.0, max), (x + half / 2.0, max)],
                    c.stroke_width(2),
                ),
            ])?;
            chart.draw_series([Rectangle::new(
                [(x - half, q1), (x + half, q3)],
                c.mix(0.25).filled(),
            )])?;
            chart.draw_series([Rectangle::new(
                [(x - half, q1), (x + half, q3)],
                c.stroke_width(2),
            )])?;
            chart.draw_series([PathElement::new(
                vec![(x - half, med), (x + half, med)],
                BLACK.stroke_width(3),
            )])?;
        }
    }
    let at = |i: usize| chart.backend_coord(&(i as f64, ylo));
    category_labels(&root, categories, at)?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_description_clears_the_widest_tick() {
        // `+20.0 pts` needs more room than `40%`: the description moves out of its way.
        let narrow = y_label_area(Axis::Percent, (0.0, 1.0));
        let wide = y_label_area(Axis::Points, (-0.1, 0.3));
        assert!(wide >= narrow + 27, "{narrow} {wide}");
        assert!(wide >= "+30 pts".len() as u32 * 9 + 42);
        assert_eq!(y_label_area(Axis::Number, (0.0, 12.0)), 64);
    }

    #[test]
    fn ticks_of_a_narrow_axis_keep_enough_decimals() {
        // 0 to 3%: steps of 0.5 points need one decimal.
        assert_eq!(tick(Axis::Percent, 0.005, 0.03), "0.5%");
        assert_eq!(tick(Axis::Percent, 0.4, 1.0), "40%");
        assert_eq!(tick(Axis::Points, -0.012, 0.03), "-1.2 pts");
        assert_eq!(tick(Axis::Number, 0.4, 1.2), "0.4");
        assert_eq!(tick(Axis::Number, 120.0, 600.0), "120");
    }
}
