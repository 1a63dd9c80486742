//! The computed table and its queries.

use crate::rules::{Convention, Rules};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

/// What the cells of a table hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// Normal play: the Grundy number `g(x, y)`.
    Grundy,
    /// Misère play: the misère Grundy value `g⁻(x, y)` (1 where no move is
    /// left, else the mex of the options' values), 0 exactly at the
    /// P-positions of misère play.
    Misere,
}

/// The value stored at a cell that is not a position of the game (a rules
/// program's `fn position` is false there): no value is computed for it,
/// and every reader leaves it out.
pub const NOT_A_POSITION: u32 = u32::MAX;

/// The largest value not found yet (no value is `u32::MAX`: that is
/// [`NOT_A_POSITION`], which the scan leaves out).
const NOT_SCANNED: u32 = u32::MAX;

/// The coordinates from largest to smallest.
#[inline(always)]
pub(super) fn sorted_down([a, b, c]: [usize; 3]) -> [usize; 3] {
    let (a, b) = (a.max(b), a.min(b));
    let (b, c) = (b.max(c), b.min(c));
    let (a, b) = (a.max(b), a.min(b));
    [a, b, c]
}

/// A `width x height x depth` table of Grundy numbers (normal play) or
/// misère Grundy values (misère play) of one [`Rules`]: `depth = 1` for two coordinates,
/// `height = depth = 1` for one. Rules with passes have one **layer** per
/// number of passes left ([`crate::rules::Passes::layers`]): layer 0 holds
/// the states with no pass left (the game without passes), layer k those
/// with k passes left; a game starts in the top layer, every pass still
/// there. The
/// two-coordinate queries (`get(x, y)`, `row`, `p_positions`, ...) read
/// the plane z = 0 of the starting layer. While a computation runs, cells
/// fill in tile by tile; [`Table::is_computed`] says which are ready.
///
/// For rules symmetric in x and y on a square, only cells with `x >= y` are
/// stored and `g(x, y) = g(y, x)` answers the rest; likewise for rules that
/// treat three heaps alike on a cube, only cells with `x >= y >= z`.
pub struct Table {
    rules: Rules,
    width: usize,
    height: usize,
    depth: usize,
    layers: usize,
    kind: TableKind,
    pub(super) symmetric: bool,
    /// Tiles are `2^tile_shift` cells a side (shifts, not divisions: this
    /// is asked once a pixel while a table fills in).
    pub(super) tile_shift: u32,
    pub(super) cells: Box<[AtomicU32]>,
    /// Tile anti-diagonals `tx + ty + tz < frontier` of layer 0 are
    /// complete; from `k * planes()` on the frontier counts layer k's.
    pub(super) frontier: AtomicUsize,
    /// The largest value, kept once the table is complete (a scan of every
    /// cell, asked for by the palette, the statistics and the pyramid);
    /// [`NOT_SCANNED`] before. An atomic, not a `OnceLock`: the page's own
    /// thread may never wait (in the browser a wait is an exception), so
    /// two threads that ask at once both scan, and store the same number.
    max: AtomicU32,
    /// For a plane cut out of a larger table (see [`Table::slice`]): that
    /// table and where. The moves of a cell are then read in the whole
    /// table.
    pub(super) slice_of: Option<super::SliceOf>,
    /// For a program's table filled sum by sum: the coordinates whose sum
    /// every option lowers (set once, when the table is complete).
    pub(super) order: std::sync::OnceLock<super::Order>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} {}x{}x{})", self.rules.label(), self.width, self.height, self.depth)
    }
}

impl Table {
    #[expect(unsafe_code, reason = "a zeroed Vec<u32> becomes the atomic cells without a copy")]
    pub(super) fn allocate(rules: &Rules, [width, height, depth]: [usize; 3], symmetric: bool, tile: usize) -> Self {
        let layers = rules.passes.layers();
        // Zeroed allocation: pages never written (the unused half of a
        // symmetric table) are never made resident.
        let zeroed: Vec<u32> = vec![0; width * height * depth * layers];
        let mut zeroed = std::mem::ManuallyDrop::new(zeroed);
        // SAFETY: AtomicU32 has the same size, alignment and bit validity as u32.
        let cells: Vec<AtomicU32> =
            unsafe { Vec::from_raw_parts(zeroed.as_mut_ptr() as *mut AtomicU32, zeroed.len(), zeroed.capacity()) };
        Table {
            rules: rules.clone(),
            width,
            height,
            depth,
            layers,
            kind: match rules.convention {
                Convention::Normal => TableKind::Grundy,
                Convention::Misere => TableKind::Misere,
            },
            symmetric,
            tile_shift: tile.next_power_of_two().trailing_zeros(),
            cells: cells.into_boxed_slice(),
            frontier: AtomicUsize::new(0),
            max: AtomicU32::new(NOT_SCANNED),
            slice_of: None,
            order: std::sync::OnceLock::new(),
        }
    }

    /// A finished table from plain values (row-major, `values[y * width + x]`),
    /// for tests and tables read from files.
    pub fn from_values(rules: &Rules, width: usize, height: usize, values: Vec<u32>) -> Self {
        let plain = rules.clone().without_passes();
        assert_eq!(values.len(), width * height, "from_values: wrong number of values");
        let t = Table::allocate(&plain, [width, height, 1], false, width.max(height).max(1));
        for (c, v) in t.cells.iter().zip(values) {
            c.store(v, Ordering::Relaxed);
        }
        t.frontier.store(usize::MAX, Ordering::Release);
        t
    }

    /// For a complete table of a program filled sum by sum: the coordinates
    /// whose sum every option lowers (a proof that the game ends). `None`
    /// for other tables, and for a program's table found by the search.
    pub fn order(&self) -> Option<super::Order> {
        self.order.get().copied()
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

    /// Number of planes (z ranges over `0..depth`; 1 for two coordinates).
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The sides `[width, height, depth]`.
    pub fn dims(&self) -> [usize; 3] {
        [self.width, self.height, self.depth]
    }

    /// The number of layers: one per number of passes left (1 without passes).
    pub fn layers(&self) -> usize {
        self.layers
    }

    /// The layer a game starts in, every pass still there: the top one (0 without passes).
    pub fn start_layer(&self) -> usize {
        self.layers - 1
    }

    /// Number of cells of one layer.
    pub fn cells_per_layer(&self) -> usize {
        self.width * self.height * self.depth
    }

    /// Whether the table stores only sorted positions (`x >= y`, or
    /// `x >= y >= z` for three heaps treated alike) and answers the others
    /// from their sorted image.
    pub fn stores_sorted(&self) -> bool {
        self.symmetric
    }

    /// Whether only the cells with `x >= y` are stored (symmetric rules on a
    /// square); reading in row order over `x >= y` is then memory order.
    pub fn is_half_stored(&self) -> bool {
        self.symmetric && self.depth == 1
    }

    /// Grundy numbers or misère Grundy values.
    pub fn kind(&self) -> TableKind {
        self.kind
    }

    /// Where cell `[x, y, z]` of `layer` is stored: in a symmetric table,
    /// at its coordinates sorted from largest to smallest.
    #[inline]
    pub(super) fn index_at(&self, c: [usize; 3], layer: usize) -> usize {
        let [x, y, z] = if self.symmetric { sorted_down(c) } else { c };
        (layer * self.depth + z) * self.width * self.height + y * self.width + x
    }

    /// Where cell `(x, y)` is stored within its plane (z = 0 of a layer):
    /// add the layer's first index.
    #[inline(always)]
    pub(super) fn plane_index(&self, x: usize, y: usize) -> usize {
        debug_assert!(self.depth == 1 || !self.symmetric, "a sorted three-heap table is read with index_at");
        if self.symmetric && x < y { x * self.width + y } else { y * self.width + x }
    }

    /// Where cell `(x, y)` of the plane z = 0 of the starting layer is stored.
    #[inline]
    pub(super) fn index(&self, x: usize, y: usize) -> usize {
        self.index_at([x, y, 0], self.layers - 1)
    }

    /// The value at `(x, y)` (z = 0, starting layer): `g(x, y)` in normal
    /// play, the misère Grundy value in misère. Panics outside the table.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u32 {
        assert!(x < self.width && y < self.height, "({x}, {y}) is outside the {}x{} table", self.width, self.height);
        self.cells[self.index(x, y)].load(Ordering::Relaxed)
    }

    /// The value at `p` in `layer` (the number of passes left; 0 without
    /// passes). Panics outside the table.
    #[inline]
    pub fn get_at(&self, p: [usize; 3], layer: usize) -> u32 {
        assert!(
            p[0] < self.width && p[1] < self.height && p[2] < self.depth && layer < self.layers,
            "{p:?} (layer {layer}) is outside the {}x{}x{} table",
            self.width,
            self.height,
            self.depth
        );
        self.cells[self.index_at(p, layer)].load(Ordering::Relaxed)
    }

    /// Whether `p` is a position of the game (not marked
    /// [`NOT_A_POSITION`]; every cell of a game without a domain is one).
    pub fn is_position_at(&self, p: [usize; 3], layer: usize) -> bool {
        self.get_at(p, layer) != NOT_A_POSITION
    }

    /// An independent copy of a finished table (the same rules, box and
    /// values; a plane cut from a larger table becomes a table of its own).
    pub fn duplicate(&self) -> Table {
        let tile = 1usize << self.tile_shift;
        let mut t = Table::allocate(&self.rules, self.dims(), self.symmetric, tile);
        t.layers = self.layers;
        t.kind = self.kind;
        let cells: Vec<std::sync::atomic::AtomicU32> =
            self.cells.iter().map(|c| std::sync::atomic::AtomicU32::new(c.load(Ordering::Relaxed))).collect();
        t.cells = cells.into_boxed_slice();
        t.frontier.store(self.frontier.load(Ordering::Acquire), Ordering::Release);
        t
    }

    /// Whether `p` in `layer` is a P-position.
    pub fn is_p_at(&self, p: [usize; 3], layer: usize) -> bool {
        self.get_at(p, layer) == 0
    }

    /// The number of tile anti-diagonals of one layer.
    pub(super) fn planes(&self) -> usize {
        let t = |n: usize| n.div_ceil(1 << self.tile_shift).max(1);
        t(self.width) + t(self.height) + t(self.depth) - 2
    }

    /// Whether the value at `p` in `layer` is final.
    pub fn is_computed_at(&self, [x, y, z]: [usize; 3], layer: usize) -> bool {
        // The sum of the tile indices, the same for every order of the
        // coordinates (so for a cell stored at its mirror or sorted image).
        let k = (x >> self.tile_shift) + (y >> self.tile_shift) + (z >> self.tile_shift);
        layer * self.planes() + k < self.frontier.load(Ordering::Acquire)
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
        self.is_computed_at([x, y, 0], self.layers - 1)
    }

    /// Whether every cell is computed.
    pub fn is_complete(&self) -> bool {
        self.width > 0
            && self.height > 0
            && self.is_computed_at([self.width - 1, self.height - 1, self.depth - 1], self.layers - 1)
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
        if !self.is_complete() {
            return self.scan_max();
        }
        match self.max.load(Ordering::Acquire) {
            NOT_SCANNED => {
                let max = self.scan_max();
                self.max.store(max, Ordering::Release);
                max
            }
            max => max,
        }
    }

    fn scan_max(&self) -> u32 {
        // Every stored cell of every layer and plane (half-stored tables
        // hold zeros in their unused half).
        self.cells.iter().map(|c| c.load(Ordering::Relaxed)).filter(|&v| v != NOT_A_POSITION).max().unwrap_or(0)
    }

    /// The stored cells of row `y` (z = 0, starting layer) in memory order:
    /// `x` from `y` (half-stored tables) or from 0, to the end of the row.
    pub fn stored_row(&self, y: usize) -> impl Iterator<Item = u32> + '_ {
        let from = if self.is_half_stored() { y.min(self.width) } else { 0 };
        // The row's first stored cell, past the mirror mapping of `index_at`.
        let start = (self.layers - 1) * self.cells_per_layer() + y * self.width;
        self.cells[start..start + self.width][from..].iter().map(|c| c.load(Ordering::Relaxed))
    }

    /// The moves from `(x, y)` (of this plane) with the value each reaches:
    /// `(target, value)`, the target in every coordinate of the game; the
    /// pass appears as the same position (in the layer below). For a
    /// slice, the moves of the whole game. Programs are run.
    pub fn moves_listed(&self, x: usize, y: usize) -> Vec<([u64; 3], u32)> {
        let (full, position, layer) = match &self.slice_of {
            Some(s) => (s.full.as_ref(), s.position(x, y), s.layer),
            None => (self, [x, y, 0], self.layers - 1),
        };
        let p = position.map(|c| c as u64);
        let moves = match &full.rules.program {
            Some(program) => {
                program.options_within(p, &mut rhai::Scope::new(), None, &full.rules.limits).unwrap_or_default()
            }
            None => full.rules.moves_at(p),
        };
        let [w, h, d] = full.dims();
        let inside = |q: &[u64; 3]| (q[0] as usize) < w && (q[1] as usize) < h && (q[2] as usize) < d;
        let mut out: Vec<([u64; 3], u32)> =
            moves.iter().filter(|q| inside(q)).map(|&q| (q, full.get_at(q.map(|c| c as usize), layer))).collect();
        if full.rules.passes.allowed(layer, !moves.is_empty()) {
            out.push((p, full.get_at(position, layer - 1)));
        }
        out
    }

    /// Every cell `[x, y, z]` of `layer`, in storage order (z, then y, then x).
    pub fn positions(&self) -> impl Iterator<Item = [usize; 3]> + '_ {
        let [w, h, d] = self.dims();
        (0..d).flat_map(move |z| (0..h).flat_map(move |y| (0..w).map(move |x| [x, y, z])))
    }

    /// The P-positions of `layer` in the whole box, in storage order.
    pub fn p_positions_at(&self, layer: usize) -> Vec<[usize; 3]> {
        self.positions().filter(|&p| self.is_p_at(p, layer)).collect()
    }

    /// The P-positions `(x, y)` of the table, row by row.
    pub fn p_positions(&self) -> Vec<(usize, usize)> {
        (0..self.height).flat_map(|y| (0..self.width).map(move |x| (x, y))).filter(|&(x, y)| self.is_p(x, y)).collect()
    }

    /// The table as CSV (a cell that is not a position is an empty field).
    /// Two coordinates without a pass: line `y` holds
    /// `g(0, y), g(1, y), ...` (in misère the misère values); one coordinate
    /// without a pass: one line `g(0), g(1), ...`. Otherwise one line per
    /// state after a header naming the columns: the coordinates, then `pass`
    /// (the number of passes left: with Gale's one pass, 1 still there and
    /// 0 used) when the rules have passes, then `g` (or `misere_g`, the misère Grundy value); the top
    /// layer first.
    pub fn write_csv(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        if self.layers == 1 && self.depth == 1 {
            return self.write_csv_window(0..self.width, 0..self.height, out);
        }
        let d = self.rules.dimension.clamp(1, 3) as usize;
        let mut header: Vec<&str> = ["x", "y", "z"][..d].to_vec();
        if self.layers > 1 {
            header.push("pass");
        }
        header.push(if self.kind == TableKind::Grundy { "g" } else { "misere_g" });
        let mut line = header.join(",") + "\n";
        out.write_all(line.as_bytes())?;
        for layer in (0..self.layers).rev() {
            for p in self.positions() {
                use std::fmt::Write;
                line.clear();
                for c in &p[..d] {
                    let _ = write!(line, "{c},");
                }
                if self.layers > 1 {
                    let _ = write!(line, "{layer},");
                }
                // Not a position: an empty field.
                if self.is_position_at(p, layer) {
                    let _ = write!(line, "{}", self.get_at(p, layer));
                }
                line.push('\n');
                out.write_all(line.as_bytes())?;
            }
        }
        Ok(())
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
                // Not a position: an empty field.
                if self.get(x, y) != NOT_A_POSITION {
                    use std::fmt::Write;
                    let _ = write!(line, "{}", self.get(x, y));
                }
            }
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }
}
