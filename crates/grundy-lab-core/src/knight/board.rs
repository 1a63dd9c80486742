//! Boards: a rectangle of cells, each a hole or in region A or B (two
//! knights, two regions). Painting operations are pure: they return a new
//! board, so undo/redo is a stack of snapshots.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest board side.
pub const MAX_SIDE: usize = 256;

/// What a cell of the board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Cell {
    /// Not part of the board.
    #[default]
    Hole,
    /// In the first knight's region.
    A,
    /// In the second knight's region.
    B,
}

/// One of the two regions (knights) of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Region {
    /// The first knight's region.
    A,
    /// The second knight's region.
    B,
}

impl Region {
    /// Both regions, A first.
    pub const BOTH: [Region; 2] = [Region::A, Region::B];

    /// The cell value of this region.
    pub fn cell(self) -> Cell {
        match self {
            Region::A => Cell::A,
            Region::B => Cell::B,
        }
    }

    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A cell position: column `x` (from the left) and row `y` (from the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Column, 0 = left.
    pub x: u16,
    /// Row, 0 = top.
    pub y: u16,
}

impl Pos {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: u16, y: u16) -> Pos {
        Pos { x, y }
    }
}

impl fmt::Display for Pos {
    /// `x,y`, as the CLI prints cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The symmetry a brush paints with: every cell painted is also painted at
/// its images under the symmetry group about the board's centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Symmetry {
    /// Only the cell itself.
    #[default]
    None,
    /// Mirror in the vertical axis (left-right).
    MirrorLeftRight,
    /// Mirror in the horizontal axis (top-bottom).
    MirrorTopBottom,
    /// Both mirrors (four images).
    MirrorBoth,
    /// Half turn about the centre.
    Rotate180,
    /// Quarter turns about the centre (four images; on a non-square board
    /// images falling outside the board are skipped).
    Rotate90,
}

impl Symmetry {
    /// All symmetries, for menus.
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::MirrorBoth,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
    ];

    /// The image of `p` under the generator of this symmetry (mirror, half
    /// turn, or a quarter turn clockwise) on a `w` x `h` board, if it lies
    /// on the board. For `MirrorBoth` the generator is the half turn.
    pub fn map(self, p: Pos, w: usize, h: usize) -> Option<Pos> {
        // Work in doubled coordinates centred on the board's centre.
        let (cx, cy) = (w as i64 - 1, h as i64 - 1);
        let (dx, dy) = (2 * p.x as i64 - cx, 2 * p.y as i64 - cy);
        let (nx, ny) = match self {
            Symmetry::None => (dx, dy),
            Symmetry::MirrorLeftRight => (-dx, dy),
            Symmetry::MirrorTopBottom => (dx, -dy),
            Symmetry::MirrorBoth | Symmetry::Rotate180 => (-dx, -dy),
            Symmetry::Rotate90 => (-dy, dx),
        };
        let (x2, y2) = (nx + cx, ny + cy);
        if x2 % 2 != 0 || y2 % 2 != 0 {
            return None;
        }
        let (x, y) = (x2 / 2, y2 / 2);
        (x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h).then(|| Pos::new(x as u16, y as u16))
    }

    /// The single map that [`Symmetry::map`] applies: the symmetry itself,
    /// except for both mirrors, whose generator is the half turn (a tour or
    /// a mirrored picture is symmetric under one map, not a group of four).
    pub fn generator(self) -> Symmetry {
        match self {
            Symmetry::MirrorBoth => Symmetry::Rotate180,
            s => s,
        }
    }

    /// The orbit of `p`: `p` and all its images on the board, no repeats.
    pub fn orbit(self, p: Pos, w: usize, h: usize) -> Vec<Pos> {
        let mut out = vec![p];
        let mut add = |q: Option<Pos>| {
            if let Some(q) = q
                && !out.contains(&q)
            {
                out.push(q);
            }
        };
        match self {
            Symmetry::None => {}
            Symmetry::MirrorLeftRight | Symmetry::MirrorTopBottom | Symmetry::Rotate180 => add(self.map(p, w, h)),
            Symmetry::MirrorBoth => {
                add(Symmetry::MirrorLeftRight.map(p, w, h));
                add(Symmetry::MirrorTopBottom.map(p, w, h));
                add(Symmetry::Rotate180.map(p, w, h));
            }
            Symmetry::Rotate90 => {
                let mut q = Some(p);
                for _ in 0..3 {
                    q = q.and_then(|q| self.map(q, w, h));
                    add(q);
                }
                // A quarter turn may leave a non-square board; the half turn
                // always stays on it.
                add(Symmetry::Rotate180.map(p, w, h));
            }
        }
        out
    }
}

/// A board: `width` x `height` cells, row by row from the top-left.
/// Invariant: `1 <= width, height <= MAX_SIDE`, `cells.len() == width * height`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

/// Why cells or text rows are not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A side is 0 or over [`MAX_SIDE`].
    Size {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// The number of cells is not `width * height`.
    CellCount {
        /// The width.
        width: usize,
        /// The height.
        height: usize,
        /// The number of cells given.
        cells: usize,
    },
    /// A text row's length differs from the first row's.
    RowLength {
        /// The row (from 0).
        row: usize,
        /// Its number of cells.
        cells: usize,
        /// The first row's number of cells (the width).
        width: usize,
    },
    /// A character of a text row is none of `.`, `A`, `B`.
    BadCell {
        /// The column (from 0).
        x: usize,
        /// The row (from 0).
        y: usize,
        /// The character found.
        ch: char,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size { width, height } => {
                write!(f, "a board is 1 x 1 to {MAX_SIDE} x {MAX_SIDE} cells, not {width} x {height}")
            }
            BoardError::CellCount { width, height, cells } => {
                write!(f, "a {width} x {height} board has {} cells, not {cells}", width * height)
            }
            BoardError::RowLength { row, cells, width } => {
                write!(f, "row {row} has {cells} cells but row 0 has {width}")
            }
            BoardError::BadCell { x, y, ch } => write!(f, "cell {x},{y} is {ch:?}; use '.' (hole), 'A' or 'B'"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Checks a board size: `1 <= width, height <=` [`MAX_SIDE`].
pub fn check_size(width: usize, height: usize) -> Result<(), BoardError> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        Err(BoardError::Size { width, height })
    } else {
        Ok(())
    }
}

impl Board {
    /// A `width` x `height` board with every cell `fill`.
    pub fn new(width: usize, height: usize, fill: Cell) -> Result<Board, BoardError> {
        check_size(width, height)?;
        Ok(Board { width, height, cells: vec![fill; width * height] })
    }

    /// A board from its cells, row by row.
    pub fn from_cells(width: usize, height: usize, cells: Vec<Cell>) -> Result<Board, BoardError> {
        check_size(width, height)?;
        if cells.len() != width * height {
            return Err(BoardError::CellCount { width, height, cells: cells.len() });
        }
        Ok(Board { width, height, cells })
    }

    /// The full rectangle, all in region A.
    pub fn rect(width: usize, height: usize) -> Result<Board, BoardError> {
        Board::new(width, height, Cell::A)
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cells row by row from the top-left.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell at `(x, y)`; outside the board it is a hole.
    pub fn get(&self, x: i64, y: i64) -> Cell {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            Cell::Hole
        } else {
            self.cells[y as usize * self.width + x as usize]
        }
    }

    /// The cell at `p` (a hole outside the board).
    pub fn at(&self, p: Pos) -> Cell {
        self.get(p.x as i64, p.y as i64)
    }

    /// Whether `p` is on the board.
    pub fn contains(&self, p: Pos) -> bool {
        (p.x as usize) < self.width && (p.y as usize) < self.height
    }

    /// The cells of `region`, row by row.
    pub fn region_cells(&self, region: Region) -> Vec<Pos> {
        let c = region.cell();
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| Pos::new(x as u16, y as u16)))
            .filter(|&p| self.at(p) == c)
            .collect()
    }

    /// How many cells `region` has.
    pub fn count(&self, region: Region) -> usize {
        self.cells.iter().filter(|&&c| c == region.cell()).count()
    }

    /// This board with `p` and its images under `sym` set to `cell`.
    /// Cells outside the board are ignored.
    pub fn painted(&self, p: Pos, cell: Cell, sym: Symmetry) -> Board {
        let mut b = self.clone();
        if self.contains(p) {
            for q in sym.orbit(p, self.width, self.height) {
                b.cells[q.y as usize * self.width + q.x as usize] = cell;
            }
        }
        b
    }

    /// This board with the rectangle spanned by corners `a` and `b`
    /// (inclusive, clipped to the board) and its images set to `cell`.
    pub fn rect_filled(&self, a: Pos, b: Pos, cell: Cell, sym: Symmetry) -> Board {
        let mut out = self.clone();
        let (x0, x1) = (a.x.min(b.x) as usize, a.x.max(b.x) as usize);
        let (y0, y1) = (a.y.min(b.y) as usize, a.y.max(b.y) as usize);
        for y in y0..=y1.min(self.height - 1) {
            for x in x0..=x1.min(self.width - 1) {
                for q in sym.orbit(Pos::new(x as u16, y as u16), self.width, self.height) {
                    out.cells[q.y as usize * self.width + q.x as usize] = cell;
                }
            }
        }
        out
    }

    /// Holes become region A and cells of either region become holes.
    pub fn inverted(&self) -> Board {
        let mut b = self.clone();
        for c in &mut b.cells {
            *c = if *c == Cell::Hole { Cell::A } else { Cell::Hole };
        }
        b
    }

    /// Regions A and B exchanged.
    pub fn regions_swapped(&self) -> Board {
        let mut b = self.clone();
        for c in &mut b.cells {
            *c = match *c {
                Cell::A => Cell::B,
                Cell::B => Cell::A,
                Cell::Hole => Cell::Hole,
            };
        }
        b
    }

    /// Every cell a hole (same size).
    pub fn cleared(&self) -> Board {
        Board { width: self.width, height: self.height, cells: vec![Cell::Hole; self.cells.len()] }
    }

    /// Whether region B is exactly the image of region A under the
    /// generator of `sym` (so A's tour can be mirrored into B).
    pub fn b_is_image_of_a(&self, sym: Symmetry) -> bool {
        let a = self.region_cells(Region::A);
        a.len() == self.count(Region::B)
            && a.iter().all(|&p| sym.map(p, self.width, self.height).is_some_and(|q| self.at(q) == Cell::B))
    }

    /// The board as text rows: `.` hole, `A`, `B`.
    pub fn to_rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width)
            .map(|r| {
                r.iter()
                    .map(|c| match c {
                        Cell::Hole => '.',
                        Cell::A => 'A',
                        Cell::B => 'B',
                    })
                    .collect()
            })
            .collect()
    }

    /// A board from text rows (`.` hole, `A`, `B`; all rows the same length).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        check_size(width, height)?;
        let mut cells = Vec::with_capacity(width * height);
        for (y, r) in rows.iter().enumerate() {
            let r = r.as_ref();
            if r.chars().count() != width {
                return Err(BoardError::RowLength { row: y, cells: r.chars().count(), width });
            }
            for (x, ch) in r.chars().enumerate() {
                cells.push(match ch {
                    '.' => Cell::Hole,
                    'A' => Cell::A,
                    'B' => Cell::B,
                    _ => return Err(BoardError::BadCell { x, y, ch }),
                });
            }
        }
        Board::from_cells(width, height, cells)
    }
}

/// Ready-made boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// The full rectangle.
    Full,
    /// The 8 x 8 chessboard (size ignored).
    Chess,
    /// A plus sign: the middle third of the rows and of the columns.
    Cross,
    /// Cells with `|x - cx| / (w/2) + |y - cy| / (h/2) <= 1`.
    Diamond,
    /// An annulus between two ellipses.
    Ring,
    /// The border, about a quarter of the short side thick (at least 2).
    Frame,
    /// Two regions: left half A, right half B (mirror images; the middle
    /// column of an odd width is a hole).
    HalvesMirror,
    /// Two regions: the four quadrants alternately A, B (a quarter turn
    /// maps A onto B on a square board with even side).
    Pinwheel,
}

impl Preset {
    /// The presets offered for any board size, for menus. The pinwheel is
    /// not among them: at 8 x 8 neither region has a tour, so it is offered
    /// only as a puzzle that says so, at its size, in the gallery
    /// ([`crate::knight::GalleryDesign::PinwheelPuzzle`]).
    pub const ALL: [Preset; 7] = [
        Preset::Full,
        Preset::Chess,
        Preset::Cross,
        Preset::Diamond,
        Preset::Ring,
        Preset::Frame,
        Preset::HalvesMirror,
    ];

    /// The preset on a `width` x `height` board.
    pub fn build(self, width: usize, height: usize) -> Result<Board, BoardError> {
        let (width, height) = if self == Preset::Chess { (8, 8) } else { (width, height) };
        check_size(width, height)?;
        let (w, h) = (width as f64, height as f64);
        let (cx, cy) = ((w - 1.0) / 2.0, (h - 1.0) / 2.0);
        let t = (width.min(height) / 4).max(2);
        let cell = |x: usize, y: usize| -> Cell {
            let (fx, fy) = (x as f64, y as f64);
            let yes = |b: bool| if b { Cell::A } else { Cell::Hole };
            match self {
                Preset::Full | Preset::Chess => Cell::A,
                Preset::Cross => {
                    let inx = 3 * x >= width && 3 * x < 2 * width;
                    let iny = 3 * y >= height && 3 * y < 2 * height;
                    yes(inx || iny)
                }
                Preset::Diamond => yes((fx - cx).abs() / (w / 2.0) + (fy - cy).abs() / (h / 2.0) <= 1.0 + 1e-9),
                Preset::Ring => {
                    let r = ((fx - cx) / (w / 2.0)).powi(2) + ((fy - cy) / (h / 2.0)).powi(2);
                    yes((0.2..=1.0 + 1e-9).contains(&r))
                }
                Preset::Frame => yes(x < t || y < t || x + t >= width || y + t >= height),
                Preset::HalvesMirror => {
                    if 2 * x + 1 == width {
                        Cell::Hole
                    } else if 2 * x < width {
                        Cell::A
                    } else {
                        Cell::B
                    }
                }
                Preset::Pinwheel => {
                    let (left, top) = (2 * x < width, 2 * y < height);
                    if (2 * x + 1 == width) || (2 * y + 1 == height) {
                        Cell::Hole
                    } else if left == top {
                        Cell::A
                    } else {
                        Cell::B
                    }
                }
            }
        };
        let cells = (0..height).flat_map(|y| (0..width).map(move |x| (x, y))).map(|(x, y)| cell(x, y)).collect();
        Board::from_cells(width, height, cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert_eq!(Board::rect(0, 3), Err(BoardError::Size { width: 0, height: 3 }));
        assert_eq!(Board::rect(257, 3), Err(BoardError::Size { width: 257, height: 3 }));
        assert!(Board::rect(256, 256).is_ok());
        assert_eq!(
            Board::from_cells(2, 2, vec![Cell::A; 3]),
            Err(BoardError::CellCount { width: 2, height: 2, cells: 3 })
        );
        assert_eq!(Board::from_rows(&["A.", "A"]), Err(BoardError::RowLength { row: 1, cells: 1, width: 2 }));
        assert_eq!(Preset::Full.build(0, 4), Err(BoardError::Size { width: 0, height: 4 }));
    }

    #[test]
    fn symmetric_brushes() {
        let b = Board::new(5, 4, Cell::Hole).unwrap();
        let p = Pos::new(0, 0);
        let count = |s| b.painted(p, Cell::A, s).count(Region::A);
        assert_eq!(count(Symmetry::None), 1);
        assert_eq!(count(Symmetry::MirrorLeftRight), 2);
        assert_eq!(count(Symmetry::MirrorBoth), 4);
        assert_eq!(count(Symmetry::Rotate180), 2);
        let sq = Board::new(6, 6, Cell::Hole).unwrap();
        let r = sq.painted(Pos::new(1, 0), Cell::B, Symmetry::Rotate90);
        assert_eq!(r.count(Region::B), 4);
        for q in [Pos::new(5, 1), Pos::new(4, 5), Pos::new(0, 4)] {
            assert_eq!(r.at(q), Cell::B, "{q}");
        }
        // A painted board is symmetric: the half turn maps it to itself.
        let c = sq.rect_filled(Pos::new(0, 0), Pos::new(2, 1), Cell::A, Symmetry::Rotate180);
        for p in c.region_cells(Region::A) {
            assert_eq!(c.at(Symmetry::Rotate180.map(p, 6, 6).unwrap()), Cell::A);
        }
    }

    #[test]
    fn presets_and_rows() {
        for p in Preset::ALL {
            let b = p.build(12, 12).unwrap();
            assert!(b.count(Region::A) > 0, "{p:?}");
            assert_eq!(Board::from_rows(&b.to_rows()).unwrap(), b);
        }
        let pin = Preset::Pinwheel.build(8, 8).unwrap();
        assert!(pin.b_is_image_of_a(Symmetry::Rotate90));
        let halves = Preset::HalvesMirror.build(9, 6).unwrap();
        assert!(halves.b_is_image_of_a(Symmetry::MirrorLeftRight));
        assert!(!halves.b_is_image_of_a(Symmetry::MirrorTopBottom));
        assert_eq!(Board::rect(3, 2).unwrap().inverted().count(Region::A), 0);
        assert_eq!(Board::from_rows(&["A.", "AX"]), Err(BoardError::BadCell { x: 1, y: 1, ch: 'X' }));
    }
}
