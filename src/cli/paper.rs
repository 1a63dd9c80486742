//! `table --format csv|latex|mathematica|oeis`, `--window` and `--slice`:
//! a part of a table written as a paper prints it ([`crate::paper`]).

use super::CliError;
use crate::grundy::Table;
use crate::paper::{Format, Grid};
use clap::ValueEnum;

/// `table --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Comma-separated values: line y holds g(0,y), g(1,y), ...
    Csv,
    /// A LaTeX tabular: x across, y down, P-positions set with the macro \ppos.
    Latex,
    /// A nested list that Mathematica's Get reads (rows are y).
    Mathematica,
    /// An OEIS b-file: the table read by antidiagonals, "n a(n)" lines.
    Oeis,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::Csv => Format::Csv,
            FormatArg::Latex => Format::Latex,
            FormatArg::Mathematica => Format::Mathematica,
            FormatArg::Oeis => Format::Oeis,
        }
    }
}

/// `--window X0,Y0,W,H` (two or three coordinates) or `X0,W` (one).
pub fn parse_window(text: &str, dimension: u8) -> Result<[usize; 4], String> {
    let numbers: Result<Vec<usize>, _> = text.split(',').map(|t| t.trim().parse::<usize>()).collect();
    let bad = || {
        if dimension == 1 {
            format!("--window {text}: write X0,W (the first heap and how many), e.g. 10,20")
        } else {
            format!("--window {text}: write X0,Y0,W,H (the top-left cell, the width and the height), e.g. 0,0,16,16")
        }
    };
    match (numbers.map_err(|_| bad())?.as_slice(), dimension) {
        (&[x0, w], 1) => Ok([x0, 0, w, 1]),
        (&[x0, y0, w, h], 2 | 3) => Ok([x0, y0, w, h]),
        _ => Err(bad()),
    }
}

/// The text of `table` in `format`, of the window (default: the whole
/// plane) of the plane `slice` (three coordinates).
pub fn table_text(
    t: &Table,
    format: FormatArg,
    window: Option<&str>,
    slice: Option<usize>,
) -> Result<String, CliError> {
    let d = t.rules().dimension.clamp(1, 3);
    if d != 3 && slice.is_some() {
        return Err(
            format!("--slice names a plane z of a game of three coordinates; {} has {d}", t.rules().label()).into()
        );
    }
    let window = match window {
        Some(w) => parse_window(w, d)?,
        None => [0, 0, t.width(), t.height()],
    };
    let grid = |z: usize| Grid::of(t, window, z).map_err(|e| CliError::Message(e.to_string()));
    match (d, slice, format) {
        (3, None, FormatArg::Mathematica) => {
            let planes = (0..t.depth()).map(grid).collect::<Result<Vec<_>, _>>()?;
            Ok(crate::paper::mathematica::cube(&planes))
        }
        (3, None, _) => Err(format!(
            "{} has three coordinates: choose the plane z with --slice Z (0 to {}); Mathematica takes the whole \
             box without it",
            t.rules().label(),
            t.depth() - 1
        )
        .into()),
        (_, z, format) => Ok(Format::from(format).write(&grid(z.unwrap_or(0))?)),
    }
}
