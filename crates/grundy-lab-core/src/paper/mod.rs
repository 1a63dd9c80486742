//! Results for papers: a part of a table written as a paper prints it.
//!
//! A [`Grid`] is a rectangle of one plane of a computed table (a window
//! `x0 <= x < x0 + width`, `y0 <= y < y0 + height` of the plane `z`, in the
//! layer a game starts in). It is written as a LaTeX `tabular`
//! ([`latex`]), a Mathematica list ([`mathematica`]), the OEIS's b-file of
//! the table read by antidiagonals ([`oeis`]) or CSV. Games of one
//! coordinate give a grid of one row (`height = 1`).

pub mod latex;
pub mod mathematica;
pub mod oeis;

use crate::grundy::{Table, TableKind};
use std::fmt;

/// The most cells a grid copied from the app may have (200 x 200): a
/// pasted table larger than that is no longer read by a person.
pub const MAX_COPIED_CELLS: usize = 200 * 200;

/// A rectangle of one plane of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The game's name, for the comment line.
    pub rules: String,
    /// Grundy numbers (normal play) or misère Grundy values (misère).
    pub kind: TableKind,
    /// The game's number of coordinates (1, 2 or 3).
    pub dimension: u8,
    /// The plane `z` (three coordinates; else 0).
    pub z: usize,
    /// Whether the game has a pass; the grid then shows the positions whose
    /// pass is still there.
    pub with_pass: bool,
    /// The first column of the window.
    pub x0: usize,
    /// The first row of the window.
    pub y0: usize,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `values[j * width + i]` is the value at `(x0 + i, y0 + j)`.
    pub values: Vec<u32>,
}

/// A window that does not lie in the computed box, or a plane that is not
/// there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The window reaches past the box (`box` is `[width, height]` of the plane).
    OutsideBox {
        /// The window `[x0, y0, width, height]`.
        window: [usize; 4],
        /// The plane's width and height.
        plane: [usize; 2],
    },
    /// An empty window.
    Empty,
    /// The plane `z` is past the box's depth.
    NoSuchPlane {
        /// The plane asked for.
        z: usize,
        /// The box's depth.
        depth: usize,
    },
    /// The window has more cells than the limit.
    TooLarge {
        /// Cells asked for.
        cells: usize,
        /// The limit.
        limit: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::OutsideBox { window: [x0, y0, w, h], plane: [pw, ph] } => write!(
                f,
                "the window of {w} x {h} cells from ({x0}, {y0}) reaches past the computed {pw} x {ph} box; \
                 choose a smaller window or a larger --size"
            ),
            GridError::Empty => f.write_str("the window is empty: give a width and a height of at least 1"),
            GridError::NoSuchPlane { z, depth } => {
                write!(f, "there is no plane z = {z}: the box has the planes z = 0 to {}", depth.saturating_sub(1))
            }
            GridError::TooLarge { cells, limit } => {
                write!(f, "{cells} cells are more than {limit}; choose a smaller window")
            }
        }
    }
}

impl std::error::Error for GridError {}

impl Grid {
    /// The window `[x0, y0, width, height]` of the plane `z` of `table`
    /// (its starting layer).
    pub fn of(table: &Table, [x0, y0, width, height]: [usize; 4], z: usize) -> Result<Grid, GridError> {
        if width == 0 || height == 0 {
            return Err(GridError::Empty);
        }
        if z >= table.depth() {
            return Err(GridError::NoSuchPlane { z, depth: table.depth() });
        }
        let fits = |start: usize, len: usize, side: usize| start.checked_add(len).is_some_and(|end| end <= side);
        if !fits(x0, width, table.width()) || !fits(y0, height, table.height()) {
            return Err(GridError::OutsideBox {
                window: [x0, y0, width, height],
                plane: [table.width(), table.height()],
            });
        }
        let layer = table.start_layer();
        let values = (y0..y0 + height)
            .flat_map(|y| (x0..x0 + width).map(move |x| [x, y, z]))
            .map(|p| table.get_at(p, layer))
            .collect();
        Ok(Grid {
            rules: table.rules().label(),
            kind: table.kind(),
            dimension: table.rules().dimension.clamp(1, 3),
            z,
            with_pass: table.layers() > 1,
            x0,
            y0,
            width,
            height,
            values,
        })
    }

    /// The whole plane `z`.
    pub fn plane(table: &Table, z: usize) -> Result<Grid, GridError> {
        Grid::of(table, [0, 0, table.width(), table.height()], z)
    }

    /// The same as [`Grid::of`], refused past `limit` cells before any cell
    /// is read (the app's copies).
    pub fn of_at_most(table: &Table, window: [usize; 4], z: usize, limit: usize) -> Result<Grid, GridError> {
        let cells = window[2].saturating_mul(window[3]);
        if cells > limit {
            return Err(GridError::TooLarge { cells, limit });
        }
        Grid::of(table, window, z)
    }

    /// The value at `(x0 + i, y0 + j)`.
    pub fn value(&self, i: usize, j: usize) -> u32 {
        self.values[j * self.width + i]
    }

    /// Whether `(x0 + i, y0 + j)` is a P-position (value 0 in both kinds).
    pub fn is_p(&self, i: usize, j: usize) -> bool {
        self.value(i, j) == 0
    }

    /// The cell as text: its value (a misère Grundy value in misère play).
    pub fn cell_text(&self, i: usize, j: usize) -> String {
        self.value(i, j).to_string()
    }

    /// What the grid shows in words, for a comment line: "Grundy numbers of
    /// queen, 0 <= x < 8, 0 <= y < 8".
    pub fn describe(&self) -> String {
        let what = match self.kind {
            TableKind::Grundy => "Grundy numbers",
            TableKind::Misere => "misère Grundy values (0 exactly at the P-positions of misère play)",
        };
        let mut range = format!("{} <= x < {}", self.x0, self.x0 + self.width);
        if self.dimension >= 2 {
            range.push_str(&format!(", {} <= y < {}", self.y0, self.y0 + self.height));
        }
        if self.dimension == 3 {
            range.push_str(&format!(", z = {}", self.z));
        }
        if self.with_pass {
            range.push_str(", every pass still there");
        }
        // A comment holds one line: a name from a rules file may hold anything.
        let name: String = self.rules.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        format!("{what} of {name}, {range}")
    }

    /// The grid as CSV: line `j` holds the row `y0 + j`.
    pub fn csv(&self) -> String {
        let mut out = String::new();
        for j in 0..self.height {
            let row: Vec<String> = (0..self.width).map(|i| self.cell_text(i, j)).collect();
            out.push_str(&row.join(","));
            out.push('\n');
        }
        out
    }
}

/// The formats of `table --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Comma-separated values, one line per row y.
    Csv,
    /// A LaTeX `tabular`.
    Latex,
    /// A Mathematica list.
    Mathematica,
    /// An OEIS b-file of the table read by antidiagonals.
    Oeis,
}

impl Format {
    /// The grid in this format.
    pub fn write(self, grid: &Grid) -> String {
        match self {
            Format::Csv => grid.csv(),
            Format::Latex => latex::tabular(grid),
            Format::Mathematica => mathematica::list(grid),
            Format::Oeis => oeis::b_file(grid),
        }
    }
}
