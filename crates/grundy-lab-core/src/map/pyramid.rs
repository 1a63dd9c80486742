//! The pyramid of block minima behind the zoomed-out map.
//!
//! Built once in the background from a finished table: a row-major copy of
//! the cells, then the minima of 2 x 2, 4 x 4, 8 x 8, ... cell blocks, and,
//! for the same blocks, a bitmask per block of the values below 32 that
//! occur in it (for the highlight palette, where a minimum would hide every
//! chosen value but 0). Values are kept in 16 bits when they all fit: half
//! the memory, and twice as many values per vector instruction when a view
//! takes minima of rows.
//!
//! Memory, per cell of the table: the 16-bit copy 2 bytes, the minima
//! 2/3 byte (2 bytes per 2 x 2 block, times 4/3 for the coarser levels),
//! the masks 4/3 byte (4 bytes per 2 x 2 block, times 4/3): 4 bytes a cell,
//! 1.07 GB for a 16384 x 16384 table. The masks of 2 x 2 blocks are 1 byte
//! a cell of that (268 MB at 16384²); without them the highlight palette
//! had to read every cell between 2 and 4 cells a pixel, four times the
//! data of the other palettes, and missed the map's 8 ms a frame.

use super::palette::Palette;
use crate::Control;
use crate::grundy::Table;

/// A value as a pyramid stores it.
pub(super) trait Value: Copy + Ord + Into<u32> + Send + Sync + 'static {
    /// At least every value: where a minimum starts.
    const TOP: Self;
    /// `v`, which the caller knows fits.
    fn of(v: u32) -> Self;
    /// The lookup-table entry of this value in a monotone palette.
    fn entry(self, palette: &Palette) -> Self;
    /// `self + 32`, at most `TOP`.
    fn above_32(self) -> Self;
    /// The cell's value as the table holds it: `TOP` of a 16-bit copy is
    /// the marker [`crate::grundy::NOT_A_POSITION`] (a 16-bit table's
    /// values stay below `u16::MAX - 32`).
    fn cell(self) -> u32;
}

impl Value for u16 {
    const TOP: u16 = u16::MAX;
    #[inline]
    fn of(v: u32) -> u16 {
        v as u16
    }
    #[inline]
    fn entry(self, palette: &Palette) -> u16 {
        palette.index16(self)
    }
    #[inline]
    fn above_32(self) -> u16 {
        self.saturating_add(32)
    }
    #[inline]
    fn cell(self) -> u32 {
        if self == u16::MAX { crate::grundy::NOT_A_POSITION } else { self.into() }
    }
}

impl Value for u32 {
    const TOP: u32 = u32::MAX;
    #[inline]
    fn of(v: u32) -> u32 {
        v
    }
    #[inline]
    fn entry(self, palette: &Palette) -> u32 {
        palette.index(self) as u32
    }
    #[inline]
    fn above_32(self) -> u32 {
        self.saturating_add(32)
    }
    #[inline]
    fn cell(self) -> u32 {
        self
    }
}

/// The first level with value masks: blocks of `2^MASK_LEVEL` cells a side.
/// From 2 x 2 blocks on, so that the highlight palette reads the same level
/// as the others at every zoom (1 byte a cell; see the module comment).
pub(super) const MASK_LEVEL: u32 = 1;

/// Block minima of a finished table, coarser and coarser.
pub struct Pyramid {
    pub(super) grid: Grid,
}

/// The pyramid in 16-bit values when the table's largest value fits, else
/// in 32-bit values.
pub(super) enum Grid {
    Small(Levels<u16>),
    Large(Levels<u32>),
}

/// One level: blocks of the same side, row-major.
pub(super) struct Level<T> {
    columns: usize,
    values: Vec<T>,
}

/// The levels of a pyramid.
pub(super) struct Levels<T> {
    /// Every cell, row-major; `None` for 32-bit values (read the table: a
    /// 32-bit copy would double the table's memory).
    cells: Option<Vec<T>>,
    /// `minima[i]`: blocks of `2^(i + 1)` cells a side.
    minima: Vec<Level<T>>,
    /// `masks[i]`: for the blocks of `minima[i + MASK_LEVEL - 1]`, bit `v`
    /// set when value `v < 32` occurs in the block.
    masks: Vec<Vec<u32>>,
    /// Columns of the table.
    width: usize,
}

/// Bit `v` for a value `v < 32`; values from 32 on have no bit.
#[inline]
fn value_bit(v: u32) -> u32 {
    if v < 32 { 1 << v } else { 0 }
}

/// Whether the table's values fit the 16-bit pyramid: below `u16::MAX`
/// (the start of a minimum) with room for the highlight keys `v + 32`.
fn fits_16_bits(table: &Table) -> bool {
    table.max_value() < (u16::MAX - 32) as u32
}

/// Cells a side of the tiles a half-stored table is mirrored in: 32 16-bit
/// values are one 64-byte cache line.
const TILE: usize = 32;

impl Pyramid {
    /// Build the pyramid of a complete table (O(cells), run it as a job).
    /// `None` when cancelled.
    pub fn build(table: &Table, control: &Control) -> Option<Pyramid> {
        // Units: the max scan, the copy and the levels, a table row each.
        control.start(3 * table.height() as u64);
        let small = fits_16_bits(table);
        control.advance(table.height() as u64);
        Some(Pyramid {
            grid: if small {
                Grid::Small(Levels::build(table, control)?)
            } else {
                Grid::Large(Levels::build(table, control)?)
            },
        })
    }

    /// The bytes [`Pyramid::build`] will hold for `table`, at least: check
    /// it against the memory left before building (a failed allocation
    /// would end the program).
    pub fn bytes_needed(table: &Table) -> u64 {
        let (w, h) = (table.width() as u64, table.height() as u64);
        let (cells, size) = if fits_16_bits(table) { (w * h, 2) } else { (0, 4) };
        // Levels of 2 x 2 blocks and coarser: less than 4/3 of the first,
        // plus a row and a column of partial blocks at each level.
        let minima = w.div_ceil(2) * h.div_ceil(2) * 4 / 3 + 2 * (w + h);
        let side = 1u64 << MASK_LEVEL;
        let masks = w.div_ceil(side) * h.div_ceil(side) * 4 / 3 + 2 * (w + h);
        (cells + minima) * size + masks * 4
    }

    /// Bytes held by the value masks of the 2 x 2 blocks (the finest
    /// masks, which the highlight palette reads between 2 and 4 cells a
    /// pixel): 1 byte a cell of the table.
    pub fn first_mask_bytes(&self) -> usize {
        match &self.grid {
            Grid::Small(l) => l.masks.first().map_or(0, |m| m.len() * 4),
            Grid::Large(l) => l.masks.first().map_or(0, |m| m.len() * 4),
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        match &self.grid {
            Grid::Small(l) => l.bytes(),
            Grid::Large(l) => l.bytes(),
        }
    }
}

impl<T: Value> Levels<T> {
    fn build(table: &Table, control: &Control) -> Option<Levels<T>> {
        let (w, h) = (table.width(), table.height());
        let cells = if size_of::<T>() == 2 { Some(copy_cells::<T>(table, control)?) } else { None };
        if cells.is_none() {
            control.advance(h as u64);
        }
        // 2 x 2 blocks and the masks of the first masked level, from the cells.
        let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
        let mut first = vec![T::TOP; cw * ch];
        let side = 1usize << MASK_LEVEL;
        let (mw, mh) = (w.div_ceil(side), h.div_ceil(side));
        let mut mask = vec![0u32; mw * mh];
        let mut read = Vec::new();
        for y in 0..h {
            if y % 256 == 0 && control.is_cancelled() {
                return None;
            }
            let cells_row = match &cells {
                Some(c) => &c[y * w..][..w],
                None => {
                    read.clear();
                    read.extend((0..w).map(|x| T::of(table.get(x, y))));
                    &read[..]
                }
            };
            let (row, mask_row) = (&mut first[(y / 2) * cw..][..cw], &mut mask[(y / side) * mw..][..mw]);
            // Pairs of cells into their block (a last odd cell alone).
            for (m, pair) in row.iter_mut().zip(cells_row.chunks(2)) {
                *m = pair.iter().fold(*m, |a, &v| a.min(v));
            }
            for (m, block) in mask_row.iter_mut().zip(cells_row.chunks(side)) {
                *m |= block.iter().fold(0, |a, &v| a | value_bit(v.into()));
            }
            control.advance(1);
        }
        let mut minima = vec![Level { columns: cw, values: first }];
        let mut masks = vec![mask];
        let mut rows = ch;
        while minima.last().is_some_and(|l| l.columns > 1 || rows > 1) {
            let prev = minima.last().expect("a level");
            let (pw, ph) = (prev.columns, rows);
            let (nw, nh) = (pw.div_ceil(2), ph.div_ceil(2));
            let mut next = vec![T::TOP; nw * nh];
            for y in 0..ph {
                for x in 0..pw {
                    let i = (y / 2) * nw + x / 2;
                    next[i] = next[i].min(prev.values[y * pw + x]);
                }
            }
            // The masks of the level after next, from those of this one.
            if minima.len() >= MASK_LEVEL as usize {
                let prev_mask = masks.last().expect("a mask level");
                let mut next_mask = vec![0u32; nw * nh];
                for y in 0..ph {
                    for x in 0..pw {
                        next_mask[(y / 2) * nw + x / 2] |= prev_mask[y * pw + x];
                    }
                }
                masks.push(next_mask);
            }
            minima.push(Level { columns: nw, values: next });
            rows = nh;
        }
        Some(Levels { cells, minima, masks, width: w })
    }

    fn bytes(&self) -> usize {
        let cells = self.cells.as_ref().map_or(0, |c| c.len());
        let minima: usize = self.minima.iter().map(|l| l.values.len()).sum();
        (cells + minima) * size_of::<T>() + self.masks.iter().map(|m| m.len() * 4).sum::<usize>()
    }

    /// Every cell, row-major, when copied.
    pub(super) fn cells(&self) -> Option<&[T]> {
        self.cells.as_deref()
    }

    /// The level a view of `cells_per_pixel` reads, as `log2` of its block
    /// side (0: the cells): the coarsest whose blocks are at most a pixel
    /// wide. With `masks`, the cells or a level with masks.
    pub(super) fn level_for(&self, cells_per_pixel: f64, masks: bool) -> u32 {
        let mut k = (cells_per_pixel.max(1.0).log2().floor() as u32).min(self.minima.len() as u32);
        // log2 may round up just below a power of two: blocks must not be
        // wider than a pixel, or a pixel could own none.
        if k > 0 && (1u64 << k) as f64 > cells_per_pixel {
            k -= 1;
        }
        if masks && k < MASK_LEVEL { 0 } else { k }
    }

    /// Row `by` of the blocks of `2^k` cells a side (`k = 0`: the cells),
    /// or `None` where the table itself must be read.
    pub(super) fn row(&self, k: u32, by: usize) -> Option<&[T]> {
        if k == 0 {
            let w = self.width;
            return self.cells.as_ref().map(|c| &c[by * w..][..w]);
        }
        let l = &self.minima[k as usize - 1];
        Some(&l.values[by * l.columns..][..l.columns])
    }

    /// Row `by` of the value masks of the blocks of `2^k` cells a side,
    /// `k >= MASK_LEVEL`.
    pub(super) fn mask_row(&self, k: u32, by: usize) -> &[u32] {
        let columns = self.minima[k as usize - 1].columns;
        &self.masks[(k - MASK_LEVEL) as usize][by * columns..][..columns]
    }
}

/// A row-major copy of a table whose values all fit in `T`. A half-stored
/// table is read in memory order and mirrored in tiles, so that both the
/// reads and the writes stay in cache.
fn copy_cells<T: Value>(table: &Table, control: &Control) -> Option<Vec<T>> {
    let (w, h) = (table.width(), table.height());
    // Zeroed (so the pages are not written twice): every cell is set below.
    let mut cells = vec![T::of(0); w * h];
    for y in 0..h {
        if y % 256 == 0 && control.is_cancelled() {
            return None;
        }
        let x0 = if table.is_half_stored() { y.min(w) } else { 0 };
        for (c, v) in cells[y * w..][x0..w].iter_mut().zip(table.stored_row(y)) {
            *c = T::of(v);
        }
        if !table.is_half_stored() {
            control.advance(1);
        }
    }
    if table.is_half_stored() {
        // Below the diagonal: cell (x, y) = cell (y, x), x < y (half-stored
        // tables are square). Tile by tile through a small buffer: rows are
        // a power of two bytes apart, so a column walk would keep evicting
        // its own cache lines; here each line is read once and written once.
        debug_assert_eq!(w, h, "half-stored tables are square");
        for y0 in (0..h).step_by(TILE) {
            if control.is_cancelled() {
                return None;
            }
            let y1 = (y0 + TILE).min(h);
            for x0 in (0..y1.min(w)).step_by(TILE) {
                let x1 = (x0 + TILE).min(w);
                let mut tile = [[T::TOP; TILE]; TILE];
                for x in x0..x1 {
                    for (y, &v) in (y0..y1).zip(&cells[x * w + y0..x * w + y1]) {
                        tile[y - y0][x - x0] = v;
                    }
                }
                for y in y0..y1 {
                    let row = &mut cells[y * w + x0..y * w + x1.min(y)];
                    row.copy_from_slice(&tile[y - y0][..row.len()]);
                }
            }
            control.advance((y1 - y0) as u64);
        }
    }
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;
    use crate::rules::preset;

    /// Every level against brute force: minima and value masks of the
    /// blocks, and the cell copy.
    fn check<T: Value>(table: &Table, levels: &Levels<T>) {
        let (w, h) = (table.width(), table.height());
        if let Some(cells) = levels.cells() {
            for y in 0..h {
                for x in 0..w {
                    assert_eq!(cells[y * w + x].into(), table.get(x, y), "cell ({x},{y})");
                }
            }
        }
        for k in 1..=levels.minima.len() as u32 {
            let b = 1usize << k;
            for by in 0..h.div_ceil(b) {
                let row = levels.row(k, by).expect("a stored level");
                assert_eq!(row.len(), w.div_ceil(b));
                for (bx, &m) in row.iter().enumerate() {
                    let block: Vec<u32> = (by * b..(by * b + b).min(h))
                        .flat_map(|y| (bx * b..(bx * b + b).min(w)).map(move |x| table.get(x, y)))
                        .collect();
                    assert_eq!(m.into(), *block.iter().min().unwrap(), "level {k}, block ({bx},{by})");
                    if k >= MASK_LEVEL {
                        let want = block.iter().fold(0, |acc, &v| acc | value_bit(v));
                        assert_eq!(levels.mask_row(k, by)[bx], want, "mask {k}, block ({bx},{by})");
                    }
                }
            }
        }
        // The coarsest level is one block.
        assert_eq!(levels.minima.last().map(|l| l.values.len()), Some(1));
    }

    #[test]
    fn levels_hold_block_minima_and_masks() {
        // A half-stored (symmetric, square) table, mirrored in tiles, and a
        // full one of odd size.
        for (w, h) in [(150, 150), (131, 77), (1, 9)] {
            let t = compute(&preset("queen").unwrap(), w, h, &Control::new()).unwrap();
            let p = Pyramid::build(&t, &Control::new()).unwrap();
            match &p.grid {
                Grid::Small(l) => check(&t, l),
                Grid::Large(_) => panic!("queen values fit in 16 bits"),
            }
        }
    }

    #[test]
    fn values_beyond_16_bits_keep_32_bit_levels() {
        let (w, h) = (37, 21);
        // A pseudo-random table with values up to 200 000 and a few small ones.
        let values: Vec<u32> = (0..w * h)
            .map(|i| (i as u32).wrapping_mul(2_654_435_761) % 200_000)
            .map(|v| if v % 7 == 0 { v % 40 } else { v })
            .collect();
        let t = Table::from_values(&preset("queen").unwrap(), w, h, values);
        let p = Pyramid::build(&t, &Control::new()).unwrap();
        match &p.grid {
            Grid::Large(l) => {
                assert!(l.cells().is_none());
                check(&t, l)
            }
            Grid::Small(_) => panic!("values above 65535 need 32 bits"),
        }
    }

    #[test]
    fn the_memory_estimate_bounds_the_pyramid() {
        for (w, h) in [(1, 1), (5, 3), (150, 150), (131, 77), (1000, 7)] {
            let t = compute(&preset("queen").unwrap(), w, h, &Control::new()).unwrap();
            let (needed, held) =
                (Pyramid::bytes_needed(&t), Pyramid::build(&t, &Control::new()).unwrap().bytes() as u64);
            assert!(
                needed >= held && needed <= held * 11 / 10 + 16 * (w + h) as u64,
                "{w} x {h}: estimate {needed}, held {held}"
            );
        }
    }

    #[test]
    fn levels_are_never_wider_than_a_pixel() {
        let t = compute(&preset("queen").unwrap(), 300, 300, &Control::new()).unwrap();
        let Grid::Small(l) = Pyramid::build(&t, &Control::new()).unwrap().grid else { panic!("16-bit") };
        for s in [1.0, 1.99, 2.0, 3.9, 4.0, 7.5, 8.0, 100.0, 1e6] {
            // Just below s as well: log2 can round up to the next integer there.
            for s in [s, f64::from_bits(f64::to_bits(s) - 1)] {
                let k = l.level_for(s, false);
                assert!((1u64 << k) as f64 <= s.max(1.0), "s = {s}: blocks of {}", 1u64 << k);
                assert!(k == l.minima.len() as u32 || (2u64 << k) as f64 > s, "s = {s}: finer than needed");
            }
        }
        assert_eq!(l.level_for(3.0, true), 1, "masks from 2 x 2 blocks on");
        assert_eq!(l.level_for(1.9, true), 0, "below 2: the cells");
    }

    #[test]
    fn a_cancelled_build_returns_none() {
        let t = compute(&preset("queen").unwrap(), 64, 64, &Control::new()).unwrap();
        let c = Control::new();
        c.cancel();
        assert!(Pyramid::build(&t, &c).is_none());
        let c = Control::new();
        assert!(Pyramid::build(&t, &c).is_some());
        assert_eq!(c.fraction(), 1.0);
    }
}
