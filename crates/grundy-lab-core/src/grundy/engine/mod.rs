//! The engine: fills a [`Table`] for any rules made of slides and jumps, in
//! one, two or three coordinates, with or without a pass, in parallel and
//! cancellably. (Rules written as a program go through
//! [`super::program`].)
//!
//! Cells are grouped in tiles (squares in two coordinates, cubes in three).
//! A move never increases a coordinate, so a tile depends only on tiles with
//! a smaller or equal tile index sum `tx + ty + tz`; the tiles of one such
//! anti-diagonal are computed in parallel. For each slide direction every
//! line of the box keeps a bit set of the values already on it and its own
//! mex; the largest of those mexes is a lower bound for the cell's mex, from
//! which a word-wise scan of the OR of the line sets finds the answer. Two
//! tiles of one anti-diagonal never share a line (a line's cells are ordered
//! componentwise, so their tile index sums strictly increase along it),
//! which is what makes the parallel writes safe.
//!
//! **The passes.** Layer k holds the states with k passes left; layer 0 is
//! the game without passes. Each layer is computed after the one below with
//! the same code: where a pass is allowed (at a cell with a move, or at any
//! cell when the passes are allowed at the end too, see
//! [`crate::rules::Passes`]), passing reaches the same cell of layer
//! k − 1, one more option value, like a jump's.

mod size;
mod sorted3;

pub use super::error::EngineError;
pub use size::{check_box, estimate_bytes, estimate_bytes_box, estimate_seconds};

use super::Table;
use crate::Control;
use crate::rules::{Convention, Offset, Passes, Rules};
use rayon::prelude::*;
use sorted3::{MAX_SORTED3, Sorted3, grundy_tile_sorted3};
use std::sync::atomic::Ordering;

/// Tile side in two coordinates (and one).
const TILE: usize = 64;
/// Tile side in three coordinates (32³ cells: measured faster than 16³ and
/// 64³ on the three-heap queen).
const TILE_3D: usize = 32;

/// How the lines of one slide direction are numbered.
#[derive(Clone, Copy, Debug)]
enum LineKind {
    /// A direction with a component 1 (the pivot `p`): the line through `c`
    /// is numbered by `base + coef · c` (wrapping), which is a numbering of
    /// the invariants `c_i - o_i c_p` (`i != p`) of the line. See
    /// [`affine`].
    Affine { base: usize, coef: [usize; 3] },
    /// Any other direction: numbered by the line's first cell (see
    /// [`Plan::line`]).
    General(Offset),
    /// Symmetric mode: row y and column y share one set (see [`Plan`]).
    RowColumn,
    /// Symmetric mode: diagonal x - y >= 0.
    HalfDiagonal,
}

/// The affine numbering of the lines of direction `o` in a box `dims`, and
/// the number of line slots, when `o` has a component 1. Along the line
/// `c + k o` the differences `c_i - o_i c_p` (with `o_p = 1`) do not change,
/// and two cells that agree on them differ by a multiple of `o`: they
/// number the lines. Each lies in `-o_i (n_p - 1) ..= n_i - 1`; shifted to
/// start at 0 and laid out in order, they give `base + coef · c`. (The
/// body diagonal of a cube uses `(2n - 1)²` slots for its `3n² - 3n + 1`
/// lines.) `None` also when the slots would not fit a machine word (huge
/// offsets on huge boxes): the general numbering takes those.
fn affine(o: [usize; 3], dims: [usize; 3]) -> Option<(LineKind, usize)> {
    let p = o.iter().position(|&c| c == 1)?;
    let (mut base, mut coef, mut stride) = (0usize, [0usize; 3], 1usize);
    let mut pivot = 0usize;
    for i in (0..3).filter(|&i| i != p) {
        let shift = o[i].checked_mul(dims[p] - 1)?;
        base = base.checked_add(shift.checked_mul(stride)?)?;
        coef[i] = stride;
        pivot = pivot.wrapping_add(o[i].wrapping_mul(stride));
        stride = stride.checked_mul(dims[i].checked_add(shift)?)?;
    }
    coef[p] = pivot.wrapping_neg();
    Some((LineKind::Affine { base, coef }, stride))
}

/// What to compute and how: line families, sizes, symmetric mode.
pub(super) struct Plan {
    dims: [usize; 3],
    tile: usize,
    families: Vec<(LineKind, usize)>,
    jumps: Vec<[usize; 3]>,
    /// Every offset (slides and jumps): a cell has a move when one fits.
    offsets: Vec<[usize; 3]>,
    /// Bits per line set (an upper bound of any value + 1), rounded to words.
    words: usize,
    /// Words per line summary (one bit a word of the set).
    summary_words: usize,
    /// Only sorted cells are computed and stored: in two coordinates
    /// `x >= y`, possible for symmetric rules on a square whose slides are
    /// among (1,0)+(0,1) and (1,1) (then row y and column y share one set,
    /// since column y receives no value after the cell (y, y), and the
    /// row's values left of it are the column's); in three, `x >= y >= z`
    /// (see `sorted3`).
    symmetric: bool,
    /// Three heaps treated alike (see [`Sorted3`]): only cells with
    /// `x >= y >= z` are computed.
    sorted3: Option<Sorted3>,
    misere: bool,
    passes: Passes,
    layers: usize,
}

fn as_usize(o: Offset) -> [usize; 3] {
    o.components().map(|c| c as usize)
}

impl Plan {
    pub(super) fn new(rules: &Rules, dims: [usize; 3]) -> Plan {
        let [width, height, depth] = dims;
        // A slide that cannot make one step inside the box (a component
        // larger than the box's side less 1) has no line to keep here: a
        // long thin box (10^6 x 1 x 1 of a three-heap queen) keeps only the
        // slide along it, not a million empty lines of each diagonal.
        let fits = |s: &Offset| s.components().iter().zip(dims).all(|(&c, n)| (c as usize) < n.max(1) || c == 0);
        let slides: Vec<Offset> = rules.piece.slides.iter().copied().filter(fits).collect();
        let (o, d) = (Offset::new(1, 0), Offset::new(0, 1));
        let diag = Offset::new(1, 1);
        let flat = depth == 1;
        let simple = slides.iter().all(|s| [o, d, diag].contains(s));
        let misere = rules.convention == Convention::Misere;
        let cube = width == height && height == depth;
        // The sorted kernel does not give misère's 1 to a cell with no
        // option ([`with_misere`]): misère tables take the other kernels.
        let sorted3 = !flat && cube && !misere && rules.is_symmetric3();
        let symmetric = (flat && width == height && rules.is_symmetric() && simple) || sorted3;
        let mut families = Vec::new();
        if symmetric && flat {
            if slides.contains(&o) {
                families.push((LineKind::RowColumn, width));
            }
            if slides.contains(&diag) {
                families.push((LineKind::HalfDiagonal, width));
            }
        } else {
            for s in &slides {
                let o = as_usize(*s);
                let fam = affine(o, dims).unwrap_or_else(|| {
                    let [a, b, c] = o;
                    let (ca, cb, cc) = (a.min(width), b.min(height), c.min(depth));
                    (LineKind::General(*s), depth * height * ca + depth * cb * width + cc * height * width)
                });
                families.push(fam);
            }
        }
        // A value is at most the number of options: the cells of each slide
        // line below it, the jumps, and the pass.
        let mut bound = rules.piece.jumps.len() + 1;
        for s in &slides {
            let along =
                as_usize(*s).iter().zip(dims).filter(|(c, _)| **c > 0).map(|(c, n)| (n - 1) / c).min().unwrap_or(0);
            bound += along;
        }
        let words = bound / 64 + 2;
        let dirs: Vec<[usize; 3]> = slides.iter().map(|s| as_usize(*s)).collect();
        let affine_only = families.iter().all(|f| matches!(f.0, LineKind::Affine { .. }));
        // (A direction without a component 1 keeps the general path.)
        let sorted3 = (sorted3 && affine_only && (1..=MAX_SORTED3).contains(&families.len()))
            .then(|| Sorted3::new(&families, &dirs));
        let jumps: Vec<[usize; 3]> = rules.piece.jumps.iter().map(|j| as_usize(*j)).collect();
        let mut offsets = jumps.clone();
        offsets.extend(slides.iter().map(|s| as_usize(*s)));
        Plan {
            summary_words: words / 64 + 2,
            dims,
            tile: if flat { TILE } else { TILE_3D },
            families,
            jumps,
            offsets,
            words,
            symmetric: symmetric && (flat || sorted3.is_some()),
            sorted3,
            misere,
            passes: rules.passes,
            layers: rules.passes.layers(),
        }
    }

    fn lines(&self) -> usize {
        self.families.iter().fold(0usize, |n, f| n.saturating_add(f.1))
    }

    /// Memory needed: the table (every layer), the line sets and each
    /// line's mex.
    pub(super) fn bytes(&self) -> u64 {
        let cells = self.dims.iter().map(|&n| n as u64).product::<u64>() * self.layers as u64;
        let lines = self.lines() as u64;
        cells.saturating_mul(4).saturating_add(lines.saturating_mul((self.words + self.summary_words) as u64 * 8 + 8))
    }

    /// The line of a family through `c`. For a general direction `o` the
    /// line starts at `s = c - k o` with `k` as large as stays in the box;
    /// the first coordinate `i` (of x, y, z, with `o_i > 0`) where
    /// `s_i < o_i` gives the region the start is numbered in.
    #[inline(always)]
    fn line(&self, kind: LineKind, c: [usize; 3]) -> usize {
        let [x, y, _] = c;
        let [width, height, depth] = self.dims;
        match kind {
            LineKind::Affine { base, coef } => base
                .wrapping_add(coef[0].wrapping_mul(c[0]))
                .wrapping_add(coef[1].wrapping_mul(c[1]))
                .wrapping_add(coef[2].wrapping_mul(c[2])),
            LineKind::HalfDiagonal => x - y,
            LineKind::RowColumn => unreachable!("row-column lines are handled by the caller"),
            LineKind::General(o) => {
                let o = as_usize(o);
                let mut k = usize::MAX;
                for i in 0..3 {
                    if o[i] == 1 {
                        k = k.min(c[i]);
                    } else if o[i] > 1 {
                        k = k.min(c[i] / o[i]);
                    }
                }
                let s = [c[0] - k * o[0], c[1] - k * o[1], c[2] - k * o[2]];
                let (ca, cb) = (o[0].min(width), o[1].min(height));
                if o[0] > 0 && s[0] < o[0] {
                    (s[2] * height + s[1]) * ca + s[0]
                } else if o[1] > 0 && s[1] < o[1] {
                    depth * height * ca + (s[2] * cb + s[1]) * width + s[0]
                } else {
                    depth * height * ca + depth * cb * width + (s[2] * height + s[1]) * width + s[0]
                }
            }
        }
    }

    /// Whether some move fits at `c` (terminal cells aside).
    #[inline]
    fn has_move(&self, c: [usize; 3]) -> bool {
        self.offsets.iter().any(|o| c[0] >= o[0] && c[1] >= o[1] && c[2] >= o[2])
    }

    /// Tile counts along x, y, z.
    fn tiles(&self) -> [usize; 3] {
        self.dims.map(|n| n.div_ceil(self.tile))
    }

    /// Number of tile anti-diagonals.
    fn planes(&self) -> usize {
        self.tiles().iter().sum::<usize>() - 2
    }

    /// The tiles of anti-diagonal `k` (only sorted ones, `tx >= ty` or
    /// `tx >= ty >= tz`, when only sorted cells are computed).
    fn tiles_of(&self, k: usize) -> Vec<[usize; 3]> {
        let [tw, th, td] = self.tiles();
        let mut out = Vec::new();
        for tz in 0..td.min(k + 1) {
            for ty in 0..th.min(k - tz + 1) {
                let tx = k - tz - ty;
                if tx < tw && (!self.symmetric || (tx >= ty && ty >= tz)) {
                    out.push([tx, ty, tz]);
                }
            }
        }
        out
    }

    fn cell_range(&self, t: [usize; 3]) -> [std::ops::Range<usize>; 3] {
        [0, 1, 2].map(|i| t[i] * self.tile..((t[i] + 1) * self.tile).min(self.dims[i]))
    }
}

/// A slice written from several threads at places the caller proves
/// disjoint (see the module comment; the tables of many heaps use it the
/// same way, `heaps/piece.rs`).
pub(in crate::grundy) struct SharedSlice<T>(pub(in crate::grundy) *mut T, pub(in crate::grundy) usize);
// SAFETY: the pointer is only dereferenced at indices that the caller proves
// are touched by one thread at a time (see the module comment).
#[expect(unsafe_code, reason = "tiles of one anti-diagonal write disjoint lines in parallel")]
unsafe impl<T: Send> Send for SharedSlice<T> {}
// SAFETY: as above.
#[expect(unsafe_code, reason = "as for Send")]
unsafe impl<T: Send> Sync for SharedSlice<T> {}

#[expect(unsafe_code, reason = "reads and writes at indices no other thread touches now")]
impl<T: Copy> SharedSlice<T> {
    #[inline(always)]
    pub(in crate::grundy) fn get(&self, i: usize) -> T {
        debug_assert!(i < self.1);
        // SAFETY: in bounds; no other thread writes index i concurrently.
        unsafe { *self.0.add(i) }
    }
    /// Ask the processor to bring index `i` into the cache (any index: a
    /// prefetch never faults).
    #[inline(always)]
    fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint; it reads nothing and never faults.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.0.wrapping_add(i) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }
    #[inline(always)]
    pub(in crate::grundy) fn set(&self, i: usize, v: T) {
        debug_assert!(i < self.1);
        // SAFETY: in bounds; this thread is the only one touching index i now.
        unsafe { *self.0.add(i) = v }
    }
}

/// Line sets and line mexes of all lines.
struct Lines {
    bits: SharedSlice<u64>,
    /// Bit i of a line's summary: word i of its set is full.
    summary: SharedSlice<u64>,
    mex: SharedSlice<u32>,
}

/// Compute the table of `rules` on `width x height` (two coordinates).
/// Checks the memory first.
pub fn compute(rules: &Rules, width: usize, height: usize, control: &Control) -> Result<Table, EngineError> {
    compute_box(rules, [width, height, 1], control)
}

/// Compute the table of `rules` on the box `[width, height, depth]`; the
/// sides of coordinates the rules do not have must be 1. Rules written as a
/// program are computed by [`super::program`].
pub fn compute_box(rules: &Rules, dims: [usize; 3], control: &Control) -> Result<Table, EngineError> {
    let table = prepare_box(rules, dims)?;
    fill(&table, control)?;
    Ok(table)
}

/// The table of the smallest box holding the position `p` (and every
/// position its moves reach): the box `p + 1`, grown and computed again when
/// a program's move leaves it (a program's moves only lower the coordinate
/// sum, not each coordinate), a few times at most.
pub fn compute_covering(rules: &Rules, p: [usize; 3], control: &Control) -> Result<Table, EngineError> {
    let d = rules.dimension.clamp(1, 3) as usize;
    let mut dims = [1; 3];
    for i in 0..d {
        dims[i] = p[i].saturating_add(1);
    }
    let mut last = None;
    for _ in 0..8 {
        match compute_box(rules, dims, control) {
            Err(EngineError::Program(crate::rules::ProgramError::OutsideBox { option, .. })) => {
                for i in 0..d {
                    dims[i] = dims[i].max(option[i] as usize + 1);
                }
                last = Some(option);
            }
            other => return other,
        }
    }
    let option = last.unwrap_or_default();
    Err(EngineError::Program(crate::rules::ProgramError::OutsideBox {
        position: p.map(|c| c as u64),
        option,
        dims,
        dimension: rules.dimension,
    }))
}

/// Allocate an empty `width x height` table after checking the size and the
/// memory; fill it with [`fill`] (the UI keeps an `Arc` of it to show cells
/// as they arrive).
pub fn prepare(rules: &Rules, width: usize, height: usize) -> Result<Table, EngineError> {
    prepare_box(rules, [width, height, 1])
}

/// [`prepare`] for a box of one, two or three coordinates.
pub fn prepare_box(rules: &Rules, dims: [usize; 3]) -> Result<Table, EngineError> {
    // The one check of sides, rules and memory, as `check_box` does it for
    // the command line before it announces a long run.
    size::check_box(rules, dims)?;
    if rules.program.is_some() {
        return super::program::prepare(rules, dims);
    }
    let plan = Plan::new(rules, dims);
    Ok(Table::allocate(rules, dims, plan.symmetric, plan.tile))
}

/// Fill a table made by [`prepare`]. Progress counts tiles; the cancel flag
/// is checked before every tile.
pub fn fill(table: &Table, control: &Control) -> Result<(), EngineError> {
    if table.rules().program.is_some() {
        return super::program::fill(table, control);
    }
    let plan = Plan::new(table.rules(), table.dims());
    let lines = plan.lines();
    let mut bits = vec![0u64; lines * plan.words];
    let mut mex = vec![0u32; lines];
    let mut summary = vec![0u64; lines * plan.summary_words];
    // Write every page once: a page first read (as the zero page) and then
    // written faults a second time, with a TLB flush on every core.
    // (Three heaps treated alike use only the lines through sorted cells,
    // about 40 % of them on a cube: only their pages are written.)
    match &plan.sorted3 {
        None => {
            touch_pages(&mut bits, None);
            touch_pages(&mut summary, None);
        }
        Some(s3) => {
            let used = sorted3::pages_of_sorted_lines(&plan, s3, plan.words, bits.len());
            touch_pages(&mut bits, Some(&used));
            let used = sorted3::pages_of_sorted_lines(&plan, s3, plan.summary_words, summary.len());
            touch_pages(&mut summary, Some(&used));
        }
    }
    let planes = plan.planes();
    let total: u64 = (0..planes).map(|k| plan.tiles_of(k).len() as u64).sum::<u64>() * plan.layers as u64;
    control.start(total);
    for layer in 0..plan.layers {
        if layer > 0 {
            // The lines of each layer above 0 start empty.
            bits.fill(0);
            mex.fill(0);
            summary.fill(0);
        }
        let state = Lines {
            bits: SharedSlice(bits.as_mut_ptr(), bits.len()),
            summary: SharedSlice(summary.as_mut_ptr(), summary.len()),
            mex: SharedSlice(mex.as_mut_ptr(), mex.len()),
        };
        for k in 0..planes {
            let tiles = plan.tiles_of(k);
            let result: Result<(), EngineError> = tiles.par_iter().try_for_each(|&t| {
                if control.is_cancelled() {
                    return Err(EngineError::Cancelled);
                }
                grundy_tile(&plan, table, &state, t, layer);
                control.advance(1);
                Ok(())
            });
            result?;
            table.frontier.store(layer * planes + k + 1, Ordering::Release);
        }
        // `state` points into `bits`, `mex` and `summary`, which outlive it.
    }
    Ok(())
}

/// Write a zero into every page of `v` (from all threads), or only into
/// the chunks of 512 words (4 KB) that `used` marks: the first and last
/// word of each, since a chunk may straddle two pages.
fn touch_pages(v: &mut [u64], used: Option<&[bool]>) {
    v.par_chunks_mut(512).enumerate().for_each(|(i, page)| {
        if used.is_none_or(|u| u[i]) {
            page[0] = std::hint::black_box(0);
            let last = page.len() - 1;
            page[last] = std::hint::black_box(0);
        }
    });
}

/// The line-set indices of the cell `c`, one for each slide direction
/// (two for a shared row-column family), written into `out`.
#[inline(always)]
fn cell_lines(plan: &Plan, c: [usize; 3], out: &mut Vec<usize>) {
    out.clear();
    let mut base = 0;
    for &(kind, count) in &plan.families {
        match kind {
            LineKind::RowColumn => {
                out.push(base + c[1]);
                if c[0] != c[1] {
                    out.push(base + c[0]);
                }
            }
            _ => out.push(base + plan.line(kind, c)),
        }
        base += count;
    }
}

/// Room for the line indices of one cell: one a family, two for row-column.
fn line_buffer(plan: &Plan) -> Vec<usize> {
    Vec::with_capacity(plan.families.len() + 1)
}

/// The value of the pass at the cell `c` (not a terminal cell) in `layer`:
/// where a pass is allowed there, the value of the same cell one layer
/// down.
#[inline]
fn pass_value(plan: &Plan, table: &Table, c: [usize; 3], layer: usize) -> Option<u32> {
    plan.passes
        .allowed(layer, plan.has_move(c))
        .then(|| table.cells[table.index_at(c, layer - 1)].load(Ordering::Relaxed))
}

/// The value of a terminal cell `c` in `layer`: without a pass there, no
/// option (0 in normal play, 1, an N-position, in misère); with the pass at
/// the end, its only option is the pass, so the value is the mex of that
/// one value: 1 if it is 0, and 0 otherwise (in both conventions).
#[inline]
fn terminal_value(plan: &Plan, table: &Table, c: [usize; 3], layer: usize) -> u32 {
    if plan.passes.allowed(layer, false) {
        u32::from(table.cells[table.index_at(c, layer - 1)].load(Ordering::Relaxed) == 0)
    } else {
        u32::from(plan.misere)
    }
}

/// The value of a cell `c` (not a terminal cell) whose options' values
/// have the mex `g`: `g`, except in misère play at a cell with no option at
/// all (no move, no pass), whose value is 1 ([`crate::grundy::naive::misere_mex`]).
#[inline(always)]
fn with_misere(plan: &Plan, c: [usize; 3], layer: usize, g: u32) -> u32 {
    if g == 0 && plan.misere && !plan.has_move(c) && !plan.passes.allowed(layer, false) { 1 } else { g }
}

/// How many cells ahead along a row the fast kernel prefetches line sets.
const PREFETCH: usize = 2;

/// The values of the jumps from `c` and of the pass (in `layer`), into
/// `out`: the options that are not on a slide line.
#[inline]
fn jump_and_pass_values(plan: &Plan, table: &Table, c: [usize; 3], layer: usize, out: &mut Vec<u32>) {
    let [x, y, z] = c;
    out.clear();
    for j in &plan.jumps {
        if x >= j[0] && y >= j[1] && z >= j[2] {
            let q = [x - j[0], y - j[1], z - j[2]];
            out.push(table.cells[table.index_at(q, layer)].load(Ordering::Relaxed));
        }
    }
    out.extend(pass_value(plan, table, c, layer));
}

/// The most jumps the fast kernel keeps on the stack.
const FAST_JUMPS: usize = 16;

fn grundy_tile(plan: &Plan, table: &Table, st: &Lines, t: [usize; 3], layer: usize) {
    if let Some(s3) = &plan.sorted3 {
        return match plan.families.len() {
            1 => grundy_tile_sorted3::<1>(plan, s3, table, st, t, layer),
            2 => grundy_tile_sorted3::<2>(plan, s3, table, st, t, layer),
            3 => grundy_tile_sorted3::<3>(plan, s3, table, st, t, layer),
            4 => grundy_tile_sorted3::<4>(plan, s3, table, st, t, layer),
            5 => grundy_tile_sorted3::<5>(plan, s3, table, st, t, layer),
            6 => grundy_tile_sorted3::<6>(plan, s3, table, st, t, layer),
            7 => grundy_tile_sorted3::<7>(plan, s3, table, st, t, layer),
            _ => grundy_tile_sorted3::<MAX_SORTED3>(plan, s3, table, st, t, layer),
        };
    }
    let simple = plan.families.iter().all(|f| !matches!(f.0, LineKind::General(_)));
    let slots: usize = plan.families.iter().map(|f| if matches!(f.0, LineKind::RowColumn) { 2 } else { 1 }).sum();
    if simple && plan.jumps.len() <= FAST_JUMPS {
        match slots {
            0 => return grundy_tile_fast::<0>(plan, table, st, t, layer),
            1 => return grundy_tile_fast::<1>(plan, table, st, t, layer),
            2 => return grundy_tile_fast::<2>(plan, table, st, t, layer),
            3 => return grundy_tile_fast::<3>(plan, table, st, t, layer),
            4 => return grundy_tile_fast::<4>(plan, table, st, t, layer),
            5 => return grundy_tile_fast::<5>(plan, table, st, t, layer),
            6 => return grundy_tile_fast::<6>(plan, table, st, t, layer),
            7 => return grundy_tile_fast::<7>(plan, table, st, t, layer),
            8 => return grundy_tile_fast::<8>(plan, table, st, t, layer),
            _ => {}
        }
    }
    grundy_tile_any(plan, table, st, t, layer)
}

/// For each of the `N` line slots of the cells of row `(y, z)`: the line of
/// cell `(x, y, z)` is `offset + step * x` (wrapping).
fn row_slots<const N: usize>(plan: &Plan, y: usize, z: usize) -> ([usize; N], [usize; N]) {
    let (mut off, mut step) = ([0usize; N], [0usize; N]);
    let (mut n, mut base) = (0, 0);
    for &(kind, count) in &plan.families {
        match kind {
            LineKind::RowColumn => {
                (off[n], step[n]) = (base + y, 0);
                (off[n + 1], step[n + 1]) = (base, 1);
                n += 2;
            }
            LineKind::Affine { base: b, coef } => {
                let at_x0 = b.wrapping_add(coef[1].wrapping_mul(y)).wrapping_add(coef[2].wrapping_mul(z));
                (off[n], step[n]) = (base.wrapping_add(at_x0), coef[0]);
                n += 1;
            }
            // x >= y in symmetric mode, so the wrap-around cancels out.
            LineKind::HalfDiagonal => {
                (off[n], step[n]) = (base.wrapping_sub(y), 1);
                n += 1;
            }
            LineKind::General(_) => unreachable!("the fast kernel takes only affine line numberings"),
        }
        base += count;
    }
    (off, step)
}

/// The kernel for `N` slide lines a cell, all numbered affinely, and at
/// most [`FAST_JUMPS`] jumps: line numbers, jump values and the OR of the
/// line sets stay in registers and on the stack.
fn grundy_tile_fast<const N: usize>(plan: &Plan, table: &Table, st: &Lines, t: [usize; 3], layer: usize) {
    let [xs, ys, zs] = plan.cell_range(t);
    let (words, summary_words) = (plan.words, plan.summary_words);
    let terminal = &table.rules().terminal;
    let extent = terminal.extent() as usize;
    let [width, height, _] = plan.dims;
    // The jumps' values, and the pass's (one more slot); reused cell to cell.
    let mut jumps = [0u32; FAST_JUMPS + 1];
    for z in zs {
        // The first cell of the plane z of the layer: the cells below are
        // addressed within the plane, or planes below it.
        let plane_start = (layer * plan.dims[2] + z) * width * height;
        for y in ys.clone() {
            let x0 = if plan.symmetric { xs.start.max(y) } else { xs.start };
            let (off, step) = row_slots::<N>(plan, y, z);
            // The last value found: the next cells' values are near it.
            let mut near = 0usize;
            for x in x0..xs.end {
                let mut line = [0usize; N];
                for i in 0..N {
                    line[i] = off[i].wrapping_add(step[i].wrapping_mul(x));
                    // The words the cell two steps on will read.
                    let ahead = off[i].wrapping_add(step[i].wrapping_mul(x + PREFETCH));
                    st.bits.prefetch(ahead.wrapping_mul(words).wrapping_add(near / 64));
                    st.mex.prefetch(ahead);
                }
                let g = if x.max(y).max(z) < extent && terminal.contains_at([x as u64, y as u64, z as u64]) {
                    terminal_value(plan, table, [x, y, z], layer)
                } else {
                    let mut nj = 0;
                    for &[dx, dy, dz] in &plan.jumps {
                        if x >= dx && y >= dy && z >= dz {
                            let q = plane_start - dz * width * height + table.plane_index(x - dx, y - dy);
                            jumps[nj] = table.cells[q].load(Ordering::Relaxed);
                            nj += 1;
                        }
                    }
                    if let Some(v) = pass_value(plan, table, [x, y, z], layer) {
                        jumps[nj] = v;
                        nj += 1;
                    }
                    with_misere(plan, [x, y, z], layer, mex_of_lines(st, words, summary_words, &line, &jumps[..nj]))
                };
                table.cells[plane_start + table.plane_index(x, y)].store(g, Ordering::Relaxed);
                near = g as usize;
                for l in line {
                    insert(st, words, l, g);
                }
            }
        }
    }
}

/// The mex of the union of the sets of `lines` and of the values `others`
/// (jumps, the pass): from the largest of the lines' mexes (each line holds
/// every value below its own), word by word through the OR of the sets,
/// skipping the words that some line holds completely (their summaries).
/// (Inlined, so a fixed number of lines makes the loops unrolled.)
#[inline(always)]
fn mex_of_lines(st: &Lines, words: usize, summary_words: usize, lines: &[usize], others: &[u32]) -> u32 {
    let mut v = 0usize;
    for &l in lines {
        v = v.max(st.mex.get(l) as usize);
    }
    loop {
        let mut w = v / 64;
        let mut word = !0u64 >> (63 - (v % 64)) >> 1;
        loop {
            for &l in lines {
                word |= st.bits.get(l * words + w);
            }
            if word != !0 {
                break;
            }
            w += 1;
            let mut sw = w / 64;
            let mut full = !0u64 >> (63 - (w % 64)) >> 1;
            loop {
                for &l in lines {
                    full |= st.summary.get(l * summary_words + sw);
                }
                if full != !0 {
                    break;
                }
                sw += 1;
                full = 0;
            }
            w = sw * 64 + full.trailing_ones() as usize;
            word = 0;
        }
        v = w * 64 + word.trailing_ones() as usize;
        if others.contains(&(v as u32)) {
            v += 1;
        } else {
            return v as u32;
        }
    }
}

fn grundy_tile_any(plan: &Plan, table: &Table, st: &Lines, t: [usize; 3], layer: usize) {
    let [xs, ys, zs] = plan.cell_range(t);
    let words = plan.words;
    let terminal = &table.rules().terminal;
    let mut ls = line_buffer(plan);
    let mut option_values = Vec::with_capacity(plan.jumps.len() + 1);
    for z in zs {
        for y in ys.clone() {
            let x0 = if plan.symmetric { xs.start.max(y) } else { xs.start };
            for x in x0..xs.end {
                let c = [x, y, z];
                cell_lines(plan, c, &mut ls);
                let lines = &ls[..];
                let g = if terminal.contains_at([x as u64, y as u64, z as u64]) {
                    terminal_value(plan, table, c, layer)
                } else {
                    jump_and_pass_values(plan, table, c, layer, &mut option_values);
                    with_misere(plan, c, layer, mex_of_lines(st, words, plan.summary_words, lines, &option_values))
                };
                table.cells[table.index_at(c, layer)].store(g, Ordering::Relaxed);
                for &l in lines {
                    insert(st, words, l, g);
                }
            }
        }
    }
}

#[inline(always)]
fn insert(st: &Lines, words: usize, line: usize, g: u32) {
    let base = line * words;
    let (w, b) = (g as usize / 64, g % 64);
    let word = st.bits.get(base + w) | (1u64 << b);
    st.bits.set(base + w, word);
    if word == !0 {
        let sw = line * (words / 64 + 2) + w / 64;
        st.summary.set(sw, st.summary.get(sw) | (1u64 << (w % 64)));
    }
    if st.mex.get(line) == g {
        let mut w = w;
        while st.bits.get(base + w) == !0 {
            w += 1;
        }
        st.mex.set(line, (w * 64) as u32 + st.bits.get(base + w).trailing_ones());
    }
}
