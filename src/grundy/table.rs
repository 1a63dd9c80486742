//! The computed table and its queries.

use crate::rules::{Convention, Rules};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

/// What the cells of a table hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// Normal play: the Grundy number `g(x, y)`.
    Grundy,
    /// Misère play: the outcome, 0 = P-position, 1 = N-position.
    Outcome,
}

/// A `width x height` table of Grundy numbers (normal play) or outcomes
/// (misère play) of one [`Rules`]. While a computation runs, cells fill in
/// tile by tile; [`Table::is_computed`] says which are ready.
///
/// For rules symmetric in x and y on a square, only cells with `x >= y` are
/// stored and `g(x, y) = g(y, x)` answers the rest.
pub struct Table {
    rules: Rules,
    width: usize,
    height: usize,
    kind: TableKind,
    pub(super) symmetric: bool,
    /// Tiles are `2^tile_shift` cells a side (shifts, not divisions: this
    /// is asked once a pixel while a table fills in).
    pub(super) tile_shift: u32,
    pub(super) cells: Box<[AtomicU32]>,
    /// Tile anti-diagonals `tx + ty < frontier` are complete.
    pub(super) frontier: AtomicUsize,
    /// The largest value, kept once the table is complete (a scan of every
    /// cell, asked for by the palette, the statistics and the pyramid).
    max: std::sync::OnceLock<u32>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} {}x{})", self.rules.label(), self.width, self.height)
    }
}

impl Table {
    pub(super) fn allocate(rules: &Rules, width: usize, height: usize, symmetric: bool, tile: usize) -> Self {
        // Zeroed allocation: pages never written (the unused half of a
        // symmetric table) are never made resident.
        let zeroed: Vec<u32> = vec![0; width * height];
        let mut zeroed = std::mem::ManuallyDrop::new(zeroed);
        // SAFETY: AtomicU32 has the same size, alignment and bit validity as u32.
        let cells: Vec<AtomicU32> =
            unsafe { Vec::from_raw_parts(zeroed.as_mut_ptr() as *mut AtomicU32, zeroed.len(), zeroed.capacity()) };
        Table {
            rules: rules.clone(),
            width,
            height,
            kind: match rules.convention {
                Convention::Normal => TableKind::Grundy,
                Convention::Misere => TableKind::Outcome,
            },
            symmetric,
            tile_shift: tile.next_power_of_two().trailing_zeros(),
            cells: cells.into_boxed_slice(),
            frontier: AtomicUsize::new(0),
            max: std::sync::OnceLock::new(),
        }
    }

    /// A finished table from plain values (row-major, `values[y * width + x]`),
    /// for tests and tables read from files.
    pub fn from_values(rules: &Rules, width: usize, height: usize, values: Vec<u32>) -> Self {
        assert_eq!(values.len(), width * height, "from_values: wrong number of values");
        let t = Table::allocate(rules, width, height, false, width.max(height).max(1));
        for (c, v) in t.cells.iter().zip(values) {
            c.store(v, Ordering::Relaxed);
        }
        t.frontier.store(usize::MAX, Ordering::Release);
        t
    }

    /// The rules this table belongs to.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of columns (x ranges over `0..width`).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows (y ranges over `0..height`).
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether only the cells with `x >= y` are stored (symmetric rules on a
    /// square); reading in row order over `x >= y` is then memory order.
    pub fn is_half_stored(&self) -> bool {
        self.symmetric
    }

    /// Grundy numbers or outcomes.
    pub fn kind(&self) -> TableKind {
        self.kind
    }

    #[inline]
    pub(super) fn index(&self, x: usize, y: usize) -> usize {
        if self.symmetric && x < y { x * self.width + y } else { y * self.width + x }
    }

    /// The value at `(x, y)`: `g(x, y)` in normal play, 0 (P) or 1 (N) in
    /// misère. Panics outside the table.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u32 {
        assert!(x < self.width && y < self.height, "({x}, {y}) is outside the {}x{} table", self.width, self.height);
        self.cells[self.index(x, y)].load(Ordering::Relaxed)
    }

    /// The value at `(x, y)`, or `None` outside the table or not computed yet.
    pub fn try_get(&self, x: usize, y: usize) -> Option<u32> {
        (x < self.width && y < self.height && self.is_computed(x, y)).then(|| self.get(x, y))
    }

    /// Whether `(x, y)` is a P-position (the player who just moved wins).
    pub fn is_p(&self, x: usize, y: usize) -> bool {
        self.get(x, y) == 0
    }

    /// Whether the value at `(x, y)` is final (always true once the
    /// computation has returned).
    pub fn is_computed(&self, x: usize, y: usize) -> bool {
        let (a, b) = if self.symmetric && x < y { (y, x) } else { (x, y) };
        (a >> self.tile_shift) + (b >> self.tile_shift) < self.frontier.load(Ordering::Acquire)
    }

    /// Whether every cell is computed.
    pub fn is_complete(&self) -> bool {
        self.width > 0 && self.height > 0 && self.is_computed(self.width - 1, self.height - 1)
    }

    /// Row `y` as plain values.
    pub fn row(&self, y: usize) -> Vec<u32> {
        (0..self.width).map(|x| self.get(x, y)).collect()
    }

    /// All values, row-major.
    pub fn values(&self) -> Vec<u32> {
        (0..self.height).flat_map(|y| (0..self.width).map(move |x| (x, y))).map(|(x, y)| self.get(x, y)).collect()
    }

    /// The largest value in the table (so far, while it is computed).
    pub fn max_value(&self) -> u32 {
        if self.is_complete() { *self.max.get_or_init(|| self.scan_max()) } else { self.scan_max() }
    }

    fn scan_max(&self) -> u32 {
        (0..self.height).map(|y| self.stored_row(y).max().unwrap_or(0)).max().unwrap_or(0)
    }

    /// The stored cells of row `y` in memory order: `x` from `y` (half-stored
    /// tables) or from 0, to the end of the row.
    pub fn stored_row(&self, y: usize) -> impl Iterator<Item = u32> + '_ {
        let from = if self.symmetric { y.min(self.width) } else { 0 };
        self.cells[y * self.width..(y + 1) * self.width][from..].iter().map(|c| c.load(Ordering::Relaxed))
    }

    /// The moves from `(x, y)` and the distinct values they reach, sorted:
    /// `g(x, y)` is the mex of these values. `(number of moves, values)`.
    pub fn option_values(&self, x: usize, y: usize) -> (usize, Vec<u32>) {
        let moves = self.rules.moves(x as u64, y as u64);
        let mut values: Vec<u32> = moves.iter().map(|&(a, b)| self.get(a as usize, b as usize)).collect();
        values.sort_unstable();
        values.dedup();
        (moves.len(), values)
    }

    /// The P-positions `(x, y)` of the table, row by row.
    pub fn p_positions(&self) -> Vec<(usize, usize)> {
        (0..self.height).flat_map(|y| (0..self.width).map(move |x| (x, y))).filter(|&(x, y)| self.is_p(x, y)).collect()
    }

    /// The table as CSV: line `y` holds `g(0, y), g(1, y), ...`; in misère
    /// `P` or `N`.
    pub fn write_csv(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        self.write_csv_window(0..self.width, 0..self.height, out)
    }

    /// The cells `xs x ys` as CSV, one line per row (clipped to the table).
    pub fn write_csv_window(
        &self,
        xs: std::ops::Range<usize>,
        ys: std::ops::Range<usize>,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        let mut line = String::new();
        let xs = xs.start.min(self.width)..xs.end.min(self.width);
        for y in ys.start.min(self.height)..ys.end.min(self.height) {
            line.clear();
            for x in xs.clone() {
                if x > xs.start {
                    line.push(',');
                }
                match self.kind {
                    TableKind::Grundy => {
                        use std::fmt::Write;
                        let _ = write!(line, "{}", self.get(x, y));
                    }
                    TableKind::Outcome => line.push(if self.is_p(x, y) { 'P' } else { 'N' }),
                }
            }
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }
}
