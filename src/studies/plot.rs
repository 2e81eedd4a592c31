//! `compare --plot DIR`: SVG charts of a comparison — game lengths, South's
//! score with its 95% interval, and the choice left over the course of a game,
//! one series per variant.

use std::path::Path;

use plotters::prelude::*;

use crate::studies::compare::Summary;

/// A chart's size in pixels, and its text's: sized so that the text stays
/// readable when a page shrinks the chart to a phone's width (about 0.6).
const SIZE: (u32, u32) = (640, 400);
const CAPTION: u32 = 30;
const TEXT: u32 = 24;

const COLOURS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

type Result<T> = std::result::Result<T, String>;

fn failed(e: impl std::fmt::Display) -> String {
    format!("cannot draw the chart: {e}")
}

/// Makes sure the charts can be written into `dir` (creating it), so that a
/// study is not played only to fail at the end.
pub fn prepare(dir: &Path) -> Result<()> {
    let cannot = |e: std::io::Error| format!("cannot write charts into {}: {e}", dir.display());
    std::fs::create_dir_all(dir).map_err(cannot)?;
    let probe = dir.join(".mancala-write-test");
    std::fs::write(&probe, b"").map_err(cannot)?;
    std::fs::remove_file(&probe).map_err(cannot)
}

/// Writes the charts (`game-length.svg`, `south-score.svg`, `branching.svg`)
/// into `dir`; returns their paths.
pub fn write(dir: &Path, summaries: &[Summary]) -> Result<Vec<String>> {
    prepare(dir)?;
    let mut paths = Vec::new();
    for (name, svg) in charts(summaries)? {
        let path = dir.join(name);
        std::fs::write(&path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        paths.push(path.display().to_string());
    }
    Ok(paths)
}

/// The charts of a comparison as SVG documents, each with its file name.
pub fn charts(summaries: &[Summary]) -> Result<Vec<(&'static str, String)>> {
    let branching = lines(
        (
            "Choice over the course of a game",
            "decision",
            "mean legal decisions",
        ),
        summaries
            .iter()
            .map(|s| {
                let points = (1..)
                    .map(f64::from)
                    .zip(s.branching_by_decision.iter().copied());
                (s.variant.clone(), points.collect())
            })
            .collect(),
    )?;
    Ok(vec![
        ("game-length.svg", game_lengths(summaries)?),
        ("south-score.svg", south_scores(summaries)?),
        ("branching.svg", branching),
    ])
}

/// The share of games of each length (in turns), one line per variant.
fn game_lengths(summaries: &[Summary]) -> Result<String> {
    const BINS: u32 = 40;
    let longest = summaries
        .iter()
        .flat_map(|s| s.turn_counts.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let width = longest.div_ceil(BINS).max(1);
    let series = summaries
        .iter()
        .map(|s| {
            let mut bins = vec![0u32; (longest / width + 1) as usize];
            for &turns in &s.turn_counts {
                bins[(turns / width) as usize] += 1;
            }
            let games = s.turn_counts.len().max(1) as f64;
            let points = bins
                .iter()
                .enumerate()
                .map(|(i, &n)| (((i as u32 * width) + width / 2) as f64, n as f64 / games))
                .collect();
            (s.variant.clone(), points)
        })
        .collect();
    lines(("Game length", "turns", "share of games"), series)
}

/// A line chart, one line per named series: `(caption, x label, y label)`.
fn lines(
    (caption, x_desc, y_desc): (&str, &str, &str),
    series: Vec<(String, Vec<(f64, f64)>)>,
) -> Result<String> {
    let points = || series.iter().flat_map(|(_, p)| p.iter());
    let right = points().map(|(x, _)| *x).fold(1.0, f64::max) * 1.05;
    let top = points().map(|(_, y)| *y).fold(0.0, f64::max).max(0.01) * 1.1;
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(failed)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", CAPTION))
        .margin(15)
        .x_label_area_size(60)
        .y_label_area_size(90)
        .build_cartesian_2d(0.0..right, 0.0..top)
        .map_err(failed)?;
    chart
        .configure_mesh()
        .label_style(("sans-serif", TEXT))
        .axis_desc_style(("sans-serif", TEXT))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .draw()
        .map_err(failed)?;
    for (i, (name, points)) in series.into_iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))
            .map_err(failed)?
            .label(name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .label_font(("sans-serif", TEXT))
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(failed)?;
    root.present().map_err(failed)?;
    drop(chart);
    drop(root);
    Ok(svg)
}

/// South's score (draws half) per variant, with its 95% Wilson interval.
fn south_scores(summaries: &[Summary]) -> Result<String> {
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(failed)?;
    let n = summaries.len();
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "South's score (draws count half), 95% interval",
            ("sans-serif", CAPTION),
        )
        .margin(15)
        .x_label_area_size(60)
        .y_label_area_size(90)
        .build_cartesian_2d(-0.5..n as f64 - 0.5, 0.0..1.0)
        .map_err(failed)?;
    let labels: Vec<String> = summaries.iter().map(|s| s.variant.clone()).collect();
    chart
        .configure_mesh()
        .label_style(("sans-serif", TEXT))
        .axis_desc_style(("sans-serif", TEXT))
        .x_labels(n)
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_desc("South's score")
        .draw()
        .map_err(failed)?;
    chart
        .draw_series(LineSeries::new(
            [(-0.5, 0.5), (n as f64 - 0.5, 0.5)],
            BLACK.mix(0.4),
        ))
        .map_err(failed)?;
    for (i, s) in summaries.iter().enumerate() {
        // A variant with no finished game has no score to draw.
        let (Some(low), Some(score), Some(high)) =
            (s.south_score_low, s.south_score, s.south_score_high)
        else {
            continue;
        };
        let colour = COLOURS[i % COLOURS.len()];
        chart
            .draw_series([ErrorBar::new_vertical(
                i as f64,
                low,
                score,
                high,
                colour.filled(),
                12,
            )])
            .map_err(failed)?;
    }
    root.present().map_err(failed)?;
    drop(chart);
    drop(root);
    Ok(svg)
}
