//! The engine: fills a [`Table`] for any rules, in parallel and cancellably.
//!
//! Cells are grouped in square tiles. A move never increases x or y, so a
//! tile depends only on tiles with a smaller or equal tile-anti-diagonal
//! index `tx + ty`; the tiles of one anti-diagonal are computed in parallel.
//! For each slide direction every line of the board keeps a bit set of the
//! values already on it and its own mex; the largest of those mexes is a
//! lower bound for the cell's mex, from which a word-wise scan of the OR of
//! the line sets finds the answer. Two tiles of one anti-diagonal never share
//! a line (a line's cells are ordered componentwise, so their tile index sums
//! strictly increase along it), which is what makes the parallel writes safe.

use super::{EngineError, Table, memory};
use crate::Control;
use crate::rules::{Convention, Offset, Rules};
use rayon::prelude::*;
use std::sync::atomic::Ordering;

const TILE: usize = 64;

/// How the lines of one slide direction are numbered.
#[derive(Clone, Copy, Debug)]
enum LineKind {
    /// (1,0): line = y.
    Row,
    /// (0,1): line = x.
    Column,
    /// (1,1): line = x - y + height - 1.
    Diagonal,
    /// Any other (dx, dy): numbered by the line's first cell.
    General(Offset),
    /// Symmetric mode: row y and column y share one set (see [`Plan`]).
    RowColumn,
    /// Symmetric mode: diagonal x - y >= 0.
    HalfDiagonal,
}

/// What to compute and how: line families, sizes, symmetric mode.
pub(super) struct Plan {
    width: usize,
    height: usize,
    families: Vec<(LineKind, usize)>,
    jumps: Vec<(usize, usize)>,
    /// Bits per line set (an upper bound of any value + 1), rounded to words.
    words: usize,
    /// Words per line summary (one bit a word of the set).
    summary_words: usize,
    /// Only cells with x >= y are computed. Possible for symmetric rules on a
    /// square whose slides are among (1,0)+(0,1) and (1,1): then row y and
    /// column y share one set, since column y receives no value after the
    /// cell (y, y), and the row's values left of it are the column's.
    symmetric: bool,
    misere: bool,
}

impl Plan {
    pub(super) fn new(rules: &Rules, width: usize, height: usize) -> Plan {
        let slides: Vec<Offset> = rules.piece.slides.iter().copied().collect();
        let (o, d) = (Offset::new(1, 0), Offset::new(0, 1));
        let diag = Offset::new(1, 1);
        let simple = slides.iter().all(|s| [o, d, diag].contains(s));
        let symmetric = width == height && rules.is_symmetric() && simple;
        let mut families = Vec::new();
        if symmetric {
            if slides.contains(&o) {
                families.push((LineKind::RowColumn, width));
            }
            if slides.contains(&diag) {
                families.push((LineKind::HalfDiagonal, width));
            }
        } else {
            for s in &slides {
                let fam = match (s.dx, s.dy) {
                    (1, 0) => (LineKind::Row, height),
                    (0, 1) => (LineKind::Column, width),
                    (1, 1) => (LineKind::Diagonal, width + height - 1),
                    (dx, dy) => {
                        let (dx, dy) = (dx as usize, dy as usize);
                        let count = if dx == 0 {
                            width * dy.min(height)
                        } else if dy == 0 {
                            height * dx.min(width)
                        } else {
                            height * dx.min(width) + dy.min(height) * width
                        };
                        (LineKind::General(*s), count)
                    }
                };
                families.push(fam);
            }
        }
        // A value is at most the number of options: the cells of each slide
        // line below it plus the jumps.
        let mut bound = rules.piece.jumps.len();
        for s in &slides {
            let along_x = if s.dx == 0 { usize::MAX } else { (width - 1) / s.dx as usize };
            let along_y = if s.dy == 0 { usize::MAX } else { (height - 1) / s.dy as usize };
            bound += along_x.min(along_y);
        }
        let words = if rules.convention == Convention::Misere { 0 } else { bound / 64 + 2 };
        Plan {
            summary_words: words / 64 + 2,
            width,
            height,
            families,
            jumps: rules.piece.jumps.iter().map(|j| (j.dx as usize, j.dy as usize)).collect(),
            words,
            symmetric,
            misere: rules.convention == Convention::Misere,
        }
    }

    fn lines(&self) -> usize {
        self.families.iter().map(|f| f.1).sum()
    }

    /// Memory needed: the table, the line sets and each line's mex.
    pub(super) fn bytes(&self) -> u64 {
        let cells = (self.width as u64) * (self.height as u64);
        let lines = self.lines() as u64;
        cells * 4 + lines * ((self.words + self.summary_words) as u64 * 8 + 8)
    }

    /// The line of family `f` through `(x, y)`.
    #[inline(always)]
    fn line(&self, kind: LineKind, x: usize, y: usize) -> usize {
        match kind {
            LineKind::Row => y,
            LineKind::Column => x,
            LineKind::Diagonal => x + self.height - 1 - y,
            LineKind::HalfDiagonal => x - y,
            LineKind::RowColumn => unreachable!("row-column lines are handled by the caller"),
            LineKind::General(o) => {
                let (dx, dy) = (o.dx as usize, o.dy as usize);
                let k = match (dx, dy) {
                    (0, _) => y / dy,
                    (_, 0) => x / dx,
                    _ => (x / dx).min(y / dy),
                };
                let (xs, ys) = (x - k * dx, y - k * dy);
                let (cx, cy) = (dx.min(self.width), dy.min(self.height));
                if dx == 0 {
                    x * cy + ys
                } else if dy == 0 {
                    y * cx + xs
                } else if xs < dx {
                    ys * cx + xs
                } else {
                    self.height * cx + ys * self.width + xs
                }
            }
        }
    }
}

/// A slice written from several threads at places the caller proves
/// disjoint (see the module comment).
struct Shared<T>(*mut T, usize);
unsafe impl<T: Send> Send for Shared<T> {}
unsafe impl<T: Send> Sync for Shared<T> {}

impl<T: Copy> Shared<T> {
    #[inline(always)]
    fn get(&self, i: usize) -> T {
        debug_assert!(i < self.1);
        // SAFETY: in bounds; no other thread writes index i concurrently.
        unsafe { *self.0.add(i) }
    }
    #[inline(always)]
    fn set(&self, i: usize, v: T) {
        debug_assert!(i < self.1);
        // SAFETY: in bounds; this thread is the only one touching index i now.
        unsafe { *self.0.add(i) = v }
    }
}

/// Line sets and line mexes (or, in misère, "has a P-position") of all lines.
struct Lines {
    bits: Shared<u64>,
    /// Bit i of a line's summary: word i of its set is full.
    summary: Shared<u64>,
    mex: Shared<u32>,
}

/// Compute the table of `rules` on `width x height`. Checks the memory first.
pub fn compute(rules: &Rules, width: usize, height: usize, control: &Control) -> Result<Table, EngineError> {
    let table = prepare(rules, width, height)?;
    fill(&table, control)?;
    Ok(table)
}

/// Allocate an empty table after checking the size and the memory; fill it
/// with [`fill`] (the UI keeps an `Arc` of it to show cells as they arrive).
pub fn prepare(rules: &Rules, width: usize, height: usize) -> Result<Table, EngineError> {
    if width == 0 || height == 0 || width > memory::MAX_SIDE || height > memory::MAX_SIDE {
        return Err(EngineError::BadSize { width, height });
    }
    rules.validate().map_err(EngineError::InvalidRules)?;
    let plan = Plan::new(rules, width, height);
    let (needed, limit) = (plan.bytes(), memory::memory_limit());
    if needed > limit {
        return Err(EngineError::TooLarge { width, height, needed, limit });
    }
    Ok(Table::allocate(rules, width, height, plan.symmetric, TILE))
}

/// Fill a table made by [`prepare`]. Progress counts tiles; the cancel flag
/// is checked before every tile.
pub fn fill(table: &Table, control: &Control) -> Result<(), EngineError> {
    let plan = Plan::new(table.rules(), table.width(), table.height());
    let lines = plan.lines();
    let mut bits = vec![0u64; lines * plan.words];
    let mut mex = vec![0u32; lines];
    let mut summary = vec![0u64; lines * plan.summary_words];
    let state = Lines {
        bits: Shared(bits.as_mut_ptr(), bits.len()),
        summary: Shared(summary.as_mut_ptr(), summary.len()),
        mex: Shared(mex.as_mut_ptr(), mex.len()),
    };
    let (tw, th) = (table.width().div_ceil(TILE), table.height().div_ceil(TILE));
    let tiles_of = |k: usize| -> Vec<(usize, usize)> {
        let lo = k.saturating_sub(th - 1);
        let hi = k.min(tw - 1);
        (lo..=hi).map(|tx| (tx, k - tx)).filter(|&(tx, ty)| !plan.symmetric || tx >= ty).collect()
    };
    let total: u64 = (0..tw + th - 1).map(|k| tiles_of(k).len() as u64).sum();
    control.start(total);
    for k in 0..tw + th - 1 {
        let tiles = tiles_of(k);
        let result: Result<(), EngineError> = tiles.par_iter().try_for_each(|&(tx, ty)| {
            if control.is_cancelled() {
                return Err(EngineError::Cancelled);
            }
            if plan.misere {
                outcome_tile(&plan, table, &state, tx, ty);
            } else {
                grundy_tile(&plan, table, &state, tx, ty);
            }
            control.advance(1);
            Ok(())
        });
        result?;
        table.frontier.store(k + 1, Ordering::Release);
    }
    // `state` points into `bits`, `mex` and `summary`, which were declared
    // before it and so are dropped after it.
    Ok(())
}

/// The line-set indices of the cell `(x, y)`, one for each slide direction
/// (two for a shared row-column family), written into `out`.
#[inline(always)]
fn cell_lines(plan: &Plan, x: usize, y: usize, out: &mut Vec<usize>) {
    out.clear();
    let mut base = 0;
    for &(kind, count) in &plan.families {
        match kind {
            LineKind::RowColumn => {
                out.push(base + y);
                if x != y {
                    out.push(base + x);
                }
            }
            _ => out.push(base + plan.line(kind, x, y)),
        }
        base += count;
    }
}

/// Room for the line indices of one cell: one a family, two for row-column.
fn line_buffer(plan: &Plan) -> Vec<usize> {
    Vec::with_capacity(plan.families.len() + 1)
}

fn cell_range(plan: &Plan, tx: usize, ty: usize) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
    (tx * TILE..((tx + 1) * TILE).min(plan.width), ty * TILE..((ty + 1) * TILE).min(plan.height))
}

/// The most jumps the fast kernel keeps on the stack.
const FAST_JUMPS: usize = 16;

fn grundy_tile(plan: &Plan, table: &Table, st: &Lines, tx: usize, ty: usize) {
    let simple = plan.families.iter().all(|f| !matches!(f.0, LineKind::General(_)));
    let slots: usize = plan.families.iter().map(|f| if matches!(f.0, LineKind::RowColumn) { 2 } else { 1 }).sum();
    if simple && plan.jumps.len() <= FAST_JUMPS {
        match slots {
            0 => return grundy_tile_fast::<0>(plan, table, st, tx, ty),
            1 => return grundy_tile_fast::<1>(plan, table, st, tx, ty),
            2 => return grundy_tile_fast::<2>(plan, table, st, tx, ty),
            3 => return grundy_tile_fast::<3>(plan, table, st, tx, ty),
            4 => return grundy_tile_fast::<4>(plan, table, st, tx, ty),
            _ => {}
        }
    }
    grundy_tile_any(plan, table, st, tx, ty)
}

/// For each of the `N` line slots of the cells of row `y`: the line of
/// cell `(x, y)` is `offset + step * x` (rows, columns, diagonals).
fn row_slots<const N: usize>(plan: &Plan, y: usize) -> ([usize; N], [usize; N]) {
    let (mut off, mut step) = ([0usize; N], [0usize; N]);
    let (mut n, mut base) = (0, 0);
    for &(kind, count) in &plan.families {
        match kind {
            LineKind::RowColumn => {
                (off[n], step[n]) = (base + y, 0);
                (off[n + 1], step[n + 1]) = (base, 1);
                n += 2;
            }
            LineKind::Row => {
                (off[n], step[n]) = (base + y, 0);
                n += 1;
            }
            LineKind::Column => {
                (off[n], step[n]) = (base, 1);
                n += 1;
            }
            LineKind::Diagonal => {
                (off[n], step[n]) = (base + plan.height - 1 - y, 1);
                n += 1;
            }
            // x >= y in symmetric mode, so the wrap-around cancels out.
            LineKind::HalfDiagonal => {
                (off[n], step[n]) = (base.wrapping_sub(y), 1);
                n += 1;
            }
            LineKind::General(_) => unreachable!("the fast kernel takes only rows, columns and diagonals"),
        }
        base += count;
    }
    (off, step)
}

/// The kernel for `N` slide lines a cell, all rows, columns or diagonals,
/// and at most [`FAST_JUMPS`] jumps: line numbers, jump values and the OR of
/// the line sets stay in registers and on the stack.
fn grundy_tile_fast<const N: usize>(plan: &Plan, table: &Table, st: &Lines, tx: usize, ty: usize) {
    let (xs, ys) = cell_range(plan, tx, ty);
    let words = plan.words;
    let terminal = &table.rules().terminal;
    let extent = terminal.extent() as usize;
    for y in ys {
        let x0 = if plan.symmetric { xs.start.max(y) } else { xs.start };
        let (off, step) = row_slots::<N>(plan, y);
        for x in x0..xs.end {
            let mut base = [0usize; N];
            for i in 0..N {
                base[i] = off[i].wrapping_add(step[i] * x) * words;
            }
            let g = if x.max(y) < extent && terminal.contains(x as u64, y as u64) {
                0
            } else {
                let mut jumps = [u32::MAX; FAST_JUMPS];
                let mut nj = 0;
                for &(dx, dy) in &plan.jumps {
                    if x >= dx && y >= dy {
                        jumps[nj] = table.cells[table.index(x - dx, y - dy)].load(Ordering::Relaxed);
                        nj += 1;
                    }
                }
                let mut v = 0usize;
                for b in base {
                    v = v.max(st.mex.get(b / words) as usize);
                }
                let sbase = base.map(|b| b / words * plan.summary_words);
                loop {
                    let mut w = v / 64;
                    let mut word = !0u64 >> (63 - (v % 64)) >> 1;
                    loop {
                        for b in base {
                            word |= st.bits.get(b + w);
                        }
                        if word != !0 {
                            break;
                        }
                        // Skip the words that some line holds completely.
                        w += 1;
                        let mut sw = w / 64;
                        let mut full = !0u64 >> (63 - (w % 64)) >> 1;
                        loop {
                            for s in sbase {
                                full |= st.summary.get(s + sw);
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
                    if jumps[..nj].contains(&(v as u32)) {
                        v += 1;
                    } else {
                        break;
                    }
                }
                v as u32
            };
            table.cells[table.index(x, y)].store(g, Ordering::Relaxed);
            for b in base {
                insert(st, words, b / words, g);
            }
        }
    }
}

fn grundy_tile_any(plan: &Plan, table: &Table, st: &Lines, tx: usize, ty: usize) {
    let (xs, ys) = cell_range(plan, tx, ty);
    let words = plan.words;
    let terminal = &table.rules().terminal;
    let mut ls = line_buffer(plan);
    let mut jump_values = Vec::with_capacity(plan.jumps.len());
    for y in ys {
        let x0 = if plan.symmetric { xs.start.max(y) } else { xs.start };
        for x in x0..xs.end {
            cell_lines(plan, x, y, &mut ls);
            let lines = &ls[..];
            let g = if terminal.contains(x as u64, y as u64) {
                0
            } else {
                jump_values.clear();
                for &(dx, dy) in &plan.jumps {
                    if x >= dx && y >= dy {
                        jump_values.push(table.cells[table.index(x - dx, y - dy)].load(Ordering::Relaxed));
                    }
                }
                // The cell's slide lines hold every value below each line's
                // mex, so the answer is at least the largest of them.
                let mut v = lines.iter().map(|&l| st.mex.get(l)).max().unwrap_or(0) as usize;
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
                        word = 0;
                    }
                    v = w * 64 + word.trailing_ones() as usize;
                    if jump_values.contains(&(v as u32)) {
                        v += 1;
                    } else {
                        break;
                    }
                }
                v as u32
            };
            table.cells[table.index(x, y)].store(g, Ordering::Relaxed);
            for &l in lines {
                insert(st, words, l, g);
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

/// Misère: a cell is P iff it has a move and every move leads to an
/// N-position. Each line remembers whether it holds a P-position.
fn outcome_tile(plan: &Plan, table: &Table, st: &Lines, tx: usize, ty: usize) {
    let (xs, ys) = cell_range(plan, tx, ty);
    let terminal = &table.rules().terminal;
    let slides: Vec<Offset> = table.rules().piece.slides.iter().copied().collect();
    let mut ls = line_buffer(plan);
    for y in ys {
        let x0 = if plan.symmetric { xs.start.max(y) } else { xs.start };
        for x in x0..xs.end {
            cell_lines(plan, x, y, &mut ls);
            let p = if terminal.contains(x as u64, y as u64) {
                false
            } else {
                let has_move = plan.jumps.iter().any(|&(dx, dy)| x >= dx && y >= dy)
                    || slides.iter().any(|s| x >= s.dx as usize && y >= s.dy as usize);
                let reaches_p = ls.iter().any(|&l| st.mex.get(l) != 0)
                    || plan.jumps.iter().any(|&(dx, dy)| {
                        x >= dx && y >= dy && table.cells[table.index(x - dx, y - dy)].load(Ordering::Relaxed) == 0
                    });
                has_move && !reaches_p
            };
            table.cells[table.index(x, y)].store(if p { 0 } else { 1 }, Ordering::Relaxed);
            if p {
                for &l in &ls {
                    st.mex.set(l, 1);
                }
            }
        }
    }
}
