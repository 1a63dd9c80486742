//! The level-of-detail image of the visible window of a table.
//!
//! Zoomed out, one pixel covers many cells. A [`Pyramid`] of block minima
//! (4 x 4, 8 x 8, ... cells per entry) is built once in the background. A
//! view at `s` cells a pixel reads the level of `2^floor(log2 s)`-cell
//! blocks (single cells below 4), and each pixel shows the minimum of the
//! blocks whose corner it holds: every cell counts in exactly one pixel, so
//! the minimum keeps every P-position (value 0) visible at every zoom, and
//! the cost grows with the pixels shown, never with the table. The pyramid
//! also keeps, per block, a bitmask of the values below 32 that occur in it,
//! so that the highlight palette colours a pixel when any of its cells has a
//! chosen value (a minimum would hide every chosen value but 0).

use super::palette::{PENDING, Palette, Rgba};
use crate::grundy::{Control, Table};

/// The first stored level: blocks of `2^FIRST_LEVEL` cells a side. Finer
/// views sample the table itself.
const FIRST_LEVEL: u32 = 2;

/// One level of a pyramid: (columns, rows, values row-major).
type Level = (usize, usize, Vec<u32>);

/// Block minima of a finished table, coarser and coarser.
pub struct Pyramid {
    /// `levels[i]` has blocks of `2^(i + FIRST_LEVEL)` cells a side:
    /// (columns, rows, values row-major).
    levels: Vec<Level>,
    /// `masks[i][j]`: which values below 32 occur in block `j` of
    /// `levels[i]` (bit `v` for value `v`), so that the highlight palette
    /// shows a chosen value wherever it occurs, not only where it is a minimum.
    masks: Vec<Vec<u32>>,
    /// Every cell, row-major, when all values fit in 16 bits: half-stored
    /// (symmetric) tables are read column-wise below the diagonal, which is
    /// slow; this copy makes every row a row.
    cells: Option<Vec<u16>>,
}

impl Pyramid {
    /// Build the pyramid of a complete table (O(cells), run it as a job).
    /// `None` when cancelled.
    pub fn build(table: &Table, control: &Control) -> Option<Pyramid> {
        let (w, h) = (table.width(), table.height());
        let b = 1usize << FIRST_LEVEL;
        let (cw, ch) = (w.div_ceil(b), h.div_ceil(b));
        control.start(ch as u64);
        let mut first = vec![u32::MAX; cw * ch];
        let mut first_mask = vec![0u32; cw * ch];
        if table.is_half_stored() {
            // Read only the stored half (x >= y) in memory order and put each
            // value in its block and in the mirrored block.
            for y in 0..h {
                if y % b == 0 {
                    if control.is_cancelled() {
                        return None;
                    }
                    control.advance(1);
                }
                for x in y..w {
                    let v = table.get(x, y);
                    for i in [(y / b) * cw + x / b, (x / b) * cw + y / b] {
                        first[i] = first[i].min(v);
                        first_mask[i] |= value_bit(v);
                    }
                }
            }
        }
        let rows = first.chunks_mut(cw).zip(first_mask.chunks_mut(cw)).enumerate();
        for (by, (row, mask)) in rows.filter(|_| !table.is_half_stored()) {
            if control.is_cancelled() {
                return None;
            }
            for y in by * b..((by + 1) * b).min(h) {
                for x in 0..w {
                    let v = table.get(x, y);
                    let e = &mut row[x / b];
                    *e = (*e).min(v);
                    mask[x / b] |= value_bit(v);
                }
            }
            control.advance(1);
        }
        let mut levels = vec![(cw, ch, first)];
        let mut masks = vec![first_mask];
        while let (Some((pw, ph, prev)), Some(prev_mask)) = (levels.last(), masks.last()) {
            if *pw <= 1 && *ph <= 1 {
                break;
            }
            let (nw, nh) = (pw.div_ceil(2), ph.div_ceil(2));
            let mut next = vec![u32::MAX; nw * nh];
            let mut next_mask = vec![0u32; nw * nh];
            for y in 0..*ph {
                for x in 0..*pw {
                    let i = (y / 2) * nw + x / 2;
                    next[i] = next[i].min(prev[y * pw + x]);
                    next_mask[i] |= prev_mask[y * pw + x];
                }
            }
            levels.push((nw, nh, next));
            masks.push(next_mask);
        }
        let cells = Self::copy_cells(table, control)?;
        Some(Pyramid { levels, masks, cells })
    }

    /// A row-major 16-bit copy of the table, if every value fits.
    fn copy_cells(table: &Table, control: &Control) -> Option<Option<Vec<u16>>> {
        let (w, h) = (table.width(), table.height());
        let mut cells = vec![0u16; w * h];
        for y in 0..h {
            if y % 256 == 0 && control.is_cancelled() {
                return None;
            }
            let x0 = if table.is_half_stored() { y } else { 0 };
            for x in x0..w {
                let Ok(v) = u16::try_from(table.get(x, y)) else { return Some(None) };
                cells[y * w + x] = v;
                if table.is_half_stored() && x < h && y < w {
                    cells[x * w + y] = v;
                }
            }
        }
        Some(Some(cells))
    }

    /// The level a view of `cells_per_pixel` reads: the coarsest whose
    /// blocks are at most one pixel wide, as `log2` of the block side (0 for
    /// single cells, below the first stored level).
    fn level_for(&self, cells_per_pixel: f64) -> u32 {
        let k = cells_per_pixel.max(1.0).log2().floor() as u32;
        if k < FIRST_LEVEL { 0 } else { k.min(FIRST_LEVEL + self.levels.len() as u32 - 1) }
    }

    /// Row `by` of level `k` (blocks of `2^k` cells a side; `k = 0` is the
    /// cells themselves), as stored.
    fn source_row<'a>(&'a self, table: &Table, k: u32, by: usize) -> Row<'a> {
        if k == 0 {
            let w = table.width();
            return match &self.cells {
                Some(c) => Row::Cells(&c[by * w..][..w]),
                None => Row::Table,
            };
        }
        let (w, _, v) = &self.levels[(k - FIRST_LEVEL) as usize];
        Row::Blocks(&v[by * w..][..*w])
    }

    /// Row `by` of the value masks of level `k >= FIRST_LEVEL`.
    fn mask_row(&self, k: u32, by: usize) -> &[u32] {
        let (w, _, _) = &self.levels[(k - FIRST_LEVEL) as usize];
        &self.masks[(k - FIRST_LEVEL) as usize][by * w..][..*w]
    }
}

/// Bit `v` for a value `v < 32`; values from 32 on have no bit.
#[inline]
fn value_bit(v: u32) -> u32 {
    if v < 32 { 1 << v } else { 0 }
}

/// One row of a pyramid level.
enum Row<'a> {
    Cells(&'a [u16]),
    Blocks(&'a [u32]),
    /// Read the table itself (values too large for the 16-bit copy).
    Table,
}

/// Which part of the table a picture shows: the cell coordinate at the
/// top-left corner of pixel (0, 0), and how many cells one pixel spans.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub x0: f64,
    pub y0: f64,
    pub cells_per_pixel: f64,
}

/// Render `width x height` pixels (RGBA, row-major) of the view. Cells not
/// computed yet and places outside the table are grey.
///
/// Zoomed in (at most one cell a pixel), each pixel shows the cell under its
/// centre. Zoomed out with a pyramid, the pixels share the cells out: a cell
/// belongs to the pixel that holds the top-left corner of its block (the
/// cell itself below 4 cells a pixel, else the pyramid block of `2^k <= s`
/// cells a side, `s` = cells a pixel), so every cell lies in exactly one
/// pixel, less than a pixel from where it is, and the pixel shows the
/// minimum of its cells: every P-position (value 0) stays visible at every
/// zoom. See [`pixel_blocks`].
pub fn render(
    table: &Table,
    pyramid: Option<&Pyramid>,
    palette: &Palette,
    view: View,
    width: usize,
    height: usize,
    out: &mut Vec<u8>,
) {
    render_controlled(table, pyramid, palette, view, width, height, out, &Control::new());
}

/// [`render`] reporting progress (one unit a pixel row) and stopping early
/// when `control` is cancelled; returns whether the picture is complete.
#[allow(clippy::too_many_arguments)] // render's arguments and a control
pub fn render_controlled(
    table: &Table,
    pyramid: Option<&Pyramid>,
    palette: &Palette,
    view: View,
    width: usize,
    height: usize,
    out: &mut Vec<u8>,
    control: &Control,
) -> bool {
    out.clear();
    out.resize(width * height * 4, 0);
    control.start(height as u64);
    let s = view.cells_per_pixel;
    let complete = table.is_complete();
    let pyramid = if complete { pyramid } else { None };
    match pyramid {
        Some(p) if s > 1.0 => render_shared(table, p, palette, view, width, height, out, control),
        _ => render_sampled(table, pyramid, palette, view, width, height, out, control),
    }
}

/// Rows checked for cancellation at once.
const BAND: usize = 32;

/// Zoomed in (or no pyramid yet): the cell under each pixel's centre.
#[allow(clippy::too_many_arguments)]
fn render_sampled(
    table: &Table,
    pyramid: Option<&Pyramid>,
    palette: &Palette,
    view: View,
    width: usize,
    height: usize,
    out: &mut [u8],
    control: &Control,
) -> bool {
    let s = view.cells_per_pixel;
    let (tw, th) = (table.width() as i64, table.height() as i64);
    let complete = table.is_complete();
    let cells = pyramid.and_then(|p| p.cells.as_deref());
    let xs = pixel_columns(view, width);
    let mut previous_y = None;
    let row_bytes = width * 4;
    for py in 0..height {
        if py % BAND == 0 {
            if control.is_cancelled() {
                return false;
            }
            control.advance(BAND.min(height - py) as u64);
        }
        let y = (view.y0 + (py as f64 + 0.5) * s).floor() as i64;
        // Zoomed in, consecutive pixel rows show the same cells: copy.
        if previous_y == Some(y) {
            out.copy_within((py - 1) * row_bytes..py * row_bytes, py * row_bytes);
            continue;
        }
        previous_y = Some(y);
        let row = &mut out[py * row_bytes..(py + 1) * row_bytes];
        if y < 0 || y >= th {
            fill(row, PENDING);
            continue;
        }
        // One loop per source, so that the per-pixel work is a lookup in a
        // row slice and a palette lookup.
        let pixels = row.chunks_exact_mut(4).zip(&xs);
        let inside = |x: i64| (x as u64) < tw as u64;
        match cells {
            Some(all) => {
                let line = &all[y as usize * tw as usize..][..tw as usize];
                for (c, &x) in pixels {
                    c.copy_from_slice(&if inside(x) { palette.colour(line[x as usize] as u32) } else { PENDING });
                }
            }
            None => {
                for (c, &x) in pixels {
                    let ready = inside(x) && (complete || table.is_computed(x as usize, y as usize));
                    c.copy_from_slice(&if ready { palette.colour(table.get(x as usize, y as usize)) } else { PENDING });
                }
            }
        }
    }
    true
}

/// Zoomed out: every pixel the minimum of the blocks it owns.
#[allow(clippy::too_many_arguments)]
fn render_shared(
    table: &Table,
    pyramid: &Pyramid,
    palette: &Palette,
    view: View,
    width: usize,
    height: usize,
    out: &mut [u8],
    control: &Control,
) -> bool {
    let s = view.cells_per_pixel;
    let k = pyramid.level_for(s);
    let b = (1usize << k) as f64;
    let (gw, gh) = (table.width().div_ceil(1 << k), table.height().div_ceil(1 << k));
    let cols: Vec<(usize, usize)> = (0..width).map(|px| pixel_blocks(view.x0, s, px, b, gw)).collect();
    let first = cols.iter().find(|c| c.0 < c.1).map_or(0, |c| c.0);
    let last = cols.iter().rev().find(|c| c.0 < c.1).map_or(0, |c| c.1);
    // The minimum over the pixel row's block rows, per block column, and
    // (for the highlight palette) which values below 32 occur there.
    let mut line = vec![u32::MAX; last.saturating_sub(first)];
    // Per pixel column: its first block in `line` and how many it owns (0:
    // outside the table).
    let owned: Vec<(u32, u32)> =
        cols.iter().map(|&(b0, b1)| if b0 < b1 { ((b0 - first) as u32, (b1 - b0) as u32) } else { (0, 0) }).collect();
    let highlight = palette.highlight_mask() != 0;
    let mut present = vec![0u32; if highlight { line.len() } else { 0 }];
    let row_bytes = width * 4;
    for py in 0..height {
        if py % BAND == 0 {
            if control.is_cancelled() {
                return false;
            }
            control.advance(BAND.min(height - py) as u64);
        }
        let row = &mut out[py * row_bytes..(py + 1) * row_bytes];
        let (by0, by1) = pixel_blocks(view.y0, s, py, b, gh);
        if by0 >= by1 {
            fill(row, PENDING);
            continue;
        }
        // One block row and no highlight (the usual case at many zooms):
        // read the pixels straight from the source row, in one pass.
        if by1 - by0 == 1 && !highlight {
            let span = first..first + line.len();
            match pyramid.source_row(table, k, by0) {
                Row::Cells(r) => min_pass(row, &owned, &r[span], palette),
                Row::Blocks(r) => min_pass(row, &owned, &r[span], palette),
                Row::Table => {
                    line.iter_mut().zip(span).for_each(|(m, x)| *m = table.get(x, by0));
                    min_pass(row, &owned, &line, palette);
                }
            }
            continue;
        }
        line.fill(u32::MAX);
        present.fill(0);
        for by in by0..by1 {
            let span = first..first + line.len();
            match pyramid.source_row(table, k, by) {
                Row::Cells(r) => line.iter_mut().zip(&r[span.clone()]).for_each(|(m, &v)| *m = (*m).min(v as u32)),
                Row::Blocks(r) => line.iter_mut().zip(&r[span.clone()]).for_each(|(m, &v)| *m = (*m).min(v)),
                Row::Table => line.iter_mut().zip(span.clone()).for_each(|(m, x)| *m = (*m).min(table.get(x, by))),
            }
            if highlight {
                match pyramid.source_row(table, k, by) {
                    Row::Blocks(_) => {
                        let r = pyramid.mask_row(k, by);
                        present.iter_mut().zip(&r[span]).for_each(|(m, &v)| *m |= v);
                    }
                    Row::Cells(r) => present.iter_mut().zip(&r[span]).for_each(|(m, &v)| *m |= value_bit(v as u32)),
                    Row::Table => present.iter_mut().zip(span).for_each(|(m, x)| *m |= value_bit(table.get(x, by))),
                }
            }
        }
        let pixels = row.chunks_exact_mut(4).zip(&owned);
        if highlight {
            for (c, &(a, n)) in pixels {
                let (a, n) = (a as usize, n as usize);
                let colour = if n == 0 {
                    PENDING
                } else {
                    let min = line[a..a + n].iter().copied().fold(u32::MAX, u32::min);
                    palette.colour_of_cells(min, present[a..a + n].iter().fold(0, |acc, &m| acc | m))
                };
                c.copy_from_slice(&colour);
            }
        } else {
            min_pass(row, &owned, &line, palette);
        }
    }
    true
}

/// Colour each pixel of `row` with the minimum of the blocks it owns in
/// `src` (`owned`: first block and count per pixel, count 0 outside).
#[inline]
fn min_pass<T: Copy + Into<u32>>(row: &mut [u8], owned: &[(u32, u32)], src: &[T], palette: &Palette) {
    // Mostly one or two blocks a pixel: no loop for those.
    for (c, &(a, n)) in row.chunks_exact_mut(4).zip(owned) {
        let a = a as usize;
        let colour = match n {
            0 => PENDING,
            1 => palette.colour(src[a].into()),
            2 => palette.colour(src[a].into().min(src[a + 1].into())),
            _ => palette.colour(src[a..a + n as usize].iter().map(|&v| v.into()).fold(u32::MAX, u32::min)),
        };
        c.copy_from_slice(&colour);
    }
}

/// The blocks (of `b` cells a side, `b <= s`) that pixel `p` owns along one
/// axis of a view starting at cell `origin` with `s` cells a pixel: those
/// whose first cell `i * b` lies in the pixel's span `[origin + p s,
/// origin + (p + 1) s)`, clipped to `0..n` blocks. As `b <= s`, every pixel
/// over the table owns at least one block, and each block has one owner.
pub fn pixel_blocks(origin: f64, s: f64, p: usize, b: f64, n: usize) -> (usize, usize) {
    // A block corner within rounding error of a pixel edge belongs to the
    // pixel that starts there.
    let first_corner = |edge: f64| ((edge / b) - 1e-9).ceil().clamp(0.0, n as f64) as usize;
    (first_corner(origin + p as f64 * s), first_corner(origin + (p + 1) as f64 * s))
}

/// Render a table that is still being computed: computed cells in their
/// colours, the rest from `fallback` (the previous table, dimmed) where it
/// has them, grey elsewhere. Costs one table lookup a pixel.
#[allow(clippy::too_many_arguments)] // two tables with their palettes, a view and a buffer
pub fn render_partial(
    table: &Table,
    fallback: Option<&Table>,
    palette: &Palette,
    fallback_palette: Option<&Palette>,
    view: View,
    width: usize,
    height: usize,
    out: &mut Vec<u8>,
) {
    out.clear();
    out.resize(width * height * 4, 0);
    let s = view.cells_per_pixel;
    let xs = pixel_columns(view, width);
    for (py, row) in out.chunks_exact_mut(width * 4).enumerate() {
        let y = (view.y0 + (py as f64 + 0.5) * s).floor() as i64;
        for (px, c) in row.chunks_exact_mut(4).enumerate() {
            let x = xs[px];
            let mut col = PENDING;
            if x >= 0 && y >= 0 {
                let (x, y) = (x as usize, y as usize);
                if let Some(v) = table.try_get(x, y) {
                    col = palette.colour(v);
                } else if let (Some(f), Some(fp)) = (fallback, fallback_palette)
                    && let Some(v) = f.try_get(x, y)
                {
                    let k = fp.colour(v);
                    col = [k[0] / 2 + 64, k[1] / 2 + 64, k[2] / 2 + 64, 255];
                }
            }
            c.copy_from_slice(&col);
        }
    }
}

/// The cell column under the centre of every pixel column.
fn pixel_columns(view: View, width: usize) -> Vec<i64> {
    (0..width).map(|px| (view.x0 + (px as f64 + 0.5) * view.cells_per_pixel).floor() as i64).collect()
}

fn fill(row: &mut [u8], c: Rgba) {
    for px in row.chunks_exact_mut(4) {
        px.copy_from_slice(&c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;
    use crate::map::palette::PaletteKind;
    use crate::rules::preset;

    #[test]
    fn one_pixel_per_cell_shows_each_cell() {
        let t = compute(&preset("queen").unwrap(), 50, 40, &Control::new()).unwrap();
        let pal = Palette::new(PaletteKind::Viridis, t.max_value(), &[], false);
        let mut out = Vec::new();
        render(&t, None, &pal, View { x0: 0.0, y0: 0.0, cells_per_pixel: 1.0 }, 60, 40, &mut out);
        for y in 0..40 {
            for x in 0..60 {
                let px = &out[(y * 60 + x) * 4..][..4];
                let want = if x < 50 { pal.colour(t.get(x, y)) } else { PENDING };
                assert_eq!(px, want, "({x},{y})");
            }
        }
    }

    #[test]
    fn pyramid_levels_hold_block_minima() {
        let t = compute(&preset("queen").unwrap(), 100, 100, &Control::new()).unwrap();
        let p = Pyramid::build(&t, &Control::new()).unwrap();
        let pal = Palette::new(PaletteKind::Grey, t.max_value(), &[], false);
        let mut out = Vec::new();
        // 8 cells a pixel: each pixel is the minimum of its 8 x 8 block.
        render(&t, Some(&p), &pal, View { x0: 0.0, y0: 0.0, cells_per_pixel: 8.0 }, 12, 12, &mut out);
        for by in 0..12 {
            for bx in 0..12 {
                let min = (by * 8..(by * 8 + 8).min(100))
                    .flat_map(|y| (bx * 8..(bx * 8 + 8).min(100)).map(move |x| (x, y)))
                    .map(|(x, y)| t.get(x, y))
                    .min()
                    .unwrap();
                assert_eq!(&out[(by * 12 + bx) * 4..][..4], pal.colour(min), "block ({bx},{by})");
            }
        }
    }

    /// Which blocks a pixel owns, in exact rational arithmetic: a view
    /// starting at integer cell `origin` with `num / den` cells a pixel,
    /// blocks of `b` cells. Block `i` belongs to pixel `p` when its corner
    /// `i b` lies in `[origin + p num / den, origin + (p + 1) num / den)`.
    fn owned(origin: i64, num: i64, den: i64, p: i64, b: i64, n: usize) -> Vec<usize> {
        (0..n.div_ceil(b as usize))
            .filter(|&i| {
                let c = i as i64 * b * den;
                c >= origin * den + p * num && c < origin * den + (p + 1) * num
            })
            .collect()
    }

    #[test]
    fn zoomed_out_pixels_are_exact_minima_of_the_cells_they_own() {
        let (w, h) = (150, 130);
        let t = compute(&preset("queen").unwrap(), w, h, &Control::new()).unwrap();
        let p = Pyramid::build(&t, &Control::new()).unwrap();
        let pal = Palette::new(PaletteKind::Viridis, t.max_value(), &[], false);
        let mut out = Vec::new();
        for (num, den) in [(3, 2), (3, 1), (5, 1), (15, 1), (17, 1), (100, 7), (33, 1), (200, 3)] {
            let s = num as f64 / den as f64;
            // The block side: the cell below 4 cells a pixel, else 2^floor(log2 s).
            let b: i64 = if s < 4.0 { 1 } else { 1 << (s.log2().floor() as u32) };
            for (x0, y0) in [(0i64, 0i64), (-3, 7), (11, -20)] {
                let view = View { x0: x0 as f64, y0: y0 as f64, cells_per_pixel: s };
                let (pw, ph) = (
                    ((w as f64 - x0 as f64) / s).ceil() as usize + 2,
                    ((h as f64 - y0 as f64) / s).ceil() as usize + 2,
                );
                render(&t, Some(&p), &pal, view, pw, ph, &mut out);
                let mut owner = vec![0u32; w * h];
                for py in 0..ph {
                    let rows = owned(y0, num, den, py as i64, b, h);
                    for px in 0..pw {
                        let cols = owned(x0, num, den, px as i64, b, w);
                        let cells: Vec<(usize, usize)> = rows
                            .iter()
                            .flat_map(|&by| cols.iter().map(move |&bx| (bx, by)))
                            .flat_map(|(bx, by)| {
                                let b = b as usize;
                                (by * b..(by * b + b).min(h))
                                    .flat_map(move |y| (bx * b..(bx * b + b).min(w)).map(move |x| (x, y)))
                            })
                            .collect();
                        for &(x, y) in &cells {
                            owner[y * w + x] += 1;
                            // Each cell is drawn less than a pixel from where it is.
                            let (fx, fy) = ((x as f64 - x0 as f64) / s, (y as f64 - y0 as f64) / s);
                            assert!(fx >= px as f64 && fx < px as f64 + 2.0 && fy >= py as f64 && fy < py as f64 + 2.0);
                        }
                        let want = cells.iter().map(|&(x, y)| t.get(x, y)).min().map_or(PENDING, |v| pal.colour(v));
                        let got = &out[(py * pw + px) * 4..][..4];
                        assert_eq!(
                            got, want,
                            "s = {num}/{den}, origin ({x0},{y0}), pixel ({px},{py}), cells {cells:?}"
                        );
                    }
                }
                // The pixels share the visible cells out: each cell is in exactly one pixel.
                for y in 0..h {
                    for x in 0..w {
                        // (A block across the view's top or left edge belongs to a
                        // pixel before the first.)
                        let visible = (x as i64 / b * b) >= x0 && (y as i64 / b * b) >= y0;
                        assert_eq!(owner[y * w + x], visible as u32, "s = {num}/{den}, cell ({x},{y})");
                    }
                }
            }
        }
    }

    #[test]
    fn every_p_position_is_visible_at_every_zoom() {
        let (w, h) = (300, 300);
        let t = compute(&preset("queen").unwrap(), w, h, &Control::new()).unwrap();
        let p = Pyramid::build(&t, &Control::new()).unwrap();
        let pal = Palette::new(PaletteKind::Grey, t.max_value(), &[], false);
        let mut out = Vec::new();
        for s in [1.3, 2.5, 3.0, 4.5, 7.0, 15.0, 17.0, 100.0 / 7.0, 31.9] {
            let view = View { x0: 0.0, y0: 0.0, cells_per_pixel: s };
            let n = (w as f64 / s).ceil() as usize;
            render(&t, Some(&p), &pal, view, n, n, &mut out);
            for (x, y) in t.p_positions() {
                let (px, py) = ((x as f64 / s) as usize, (y as f64 / s) as usize);
                // The pixel under the P-position or the one before it owns it.
                let near = [
                    (px, py),
                    (px.saturating_sub(1), py),
                    (px, py.saturating_sub(1)),
                    (px.saturating_sub(1), py.saturating_sub(1)),
                ];
                assert!(near.iter().any(|&(a, b)| out[(b * n + a) * 4..][..4] == [0, 0, 0, 255]), "s = {s}: ({x},{y})");
            }
        }
    }

    #[test]
    fn zoomed_out_highlight_shows_a_chosen_value_wherever_it_occurs() {
        let (w, h) = (150, 130);
        let t = compute(&preset("queen").unwrap(), w, h, &Control::new()).unwrap();
        let p = Pyramid::build(&t, &Control::new()).unwrap();
        // Value 3 first, then 1; 40 is beyond the masks and shows only as a minimum.
        let chosen = [3, 1, 40];
        let pal = Palette::new(PaletteKind::Highlight, t.max_value(), &chosen, false);
        let mut out = Vec::new();
        let mut highlighted = 0;
        for (num, den) in [(3, 2), (5, 1), (17, 1), (100, 7), (33, 1)] {
            let s = num as f64 / den as f64;
            let b: i64 = if s < 4.0 { 1 } else { 1 << (s.log2().floor() as u32) };
            for (x0, y0) in [(0i64, 0i64), (-3, 7)] {
                let view = View { x0: x0 as f64, y0: y0 as f64, cells_per_pixel: s };
                let (pw, ph) = (
                    ((w as f64 - x0 as f64) / s).ceil() as usize + 2,
                    ((h as f64 - y0 as f64) / s).ceil() as usize + 2,
                );
                render(&t, Some(&p), &pal, view, pw, ph, &mut out);
                for py in 0..ph {
                    let rows = owned(y0, num, den, py as i64, b, h);
                    for px in 0..pw {
                        let cols = owned(x0, num, den, px as i64, b, w);
                        let b = b as usize;
                        let values: Vec<u32> = rows
                            .iter()
                            .flat_map(|&by| cols.iter().map(move |&bx| (bx, by)))
                            .flat_map(|(bx, by)| {
                                (by * b..(by * b + b).min(h))
                                    .flat_map(move |y| (bx * b..(bx * b + b).min(w)).map(move |x| (x, y)))
                            })
                            .map(|(x, y)| t.get(x, y))
                            .collect();
                        // Brute force: the first chosen value below 32 among the
                        // cells, else the colour of their minimum.
                        let want = match chosen.iter().find(|&&c| c < 32 && values.contains(&c)) {
                            Some(&c) => pal.colour(c),
                            None => values.iter().min().map_or(PENDING, |&m| pal.colour(m)),
                        };
                        highlighted += (want == pal.colour(3) || want == pal.colour(1)) as usize;
                        assert_eq!(
                            &out[(py * pw + px) * 4..][..4],
                            want,
                            "s = {num}/{den}, ({x0},{y0}), pixel ({px},{py})"
                        );
                    }
                }
            }
        }
        assert!(highlighted > 100, "the chosen values show: {highlighted} pixels");
        // The other palettes still show minima (their mask is empty).
        assert_eq!(Palette::new(PaletteKind::Viridis, 10, &chosen, false).highlight_mask(), 0);
        assert_eq!(pal.highlight_mask(), 0b1010);
    }

    #[test]
    fn a_cancelled_render_stops_early() {
        let t = compute(&preset("queen").unwrap(), 64, 64, &Control::new()).unwrap();
        let pal = Palette::new(PaletteKind::Grey, t.max_value(), &[], false);
        let c = Control::new();
        c.cancel();
        let view = View { x0: 0.0, y0: 0.0, cells_per_pixel: 0.5 };
        assert!(!render_controlled(&t, None, &pal, view, 128, 128, &mut Vec::new(), &c));
        let c = Control::new();
        assert!(render_controlled(&t, None, &pal, view, 128, 128, &mut Vec::new(), &c));
        assert_eq!(c.fraction(), 1.0);
    }
}
