//! The level-of-detail image of the visible window of a table.
//!
//! Zoomed out, one pixel covers many cells. A [`Pyramid`] of block minima
//! (4 x 4, 8 x 8, ... cells per entry) is built once in the background, so
//! that a view samples one entry per pixel from a level whose cells are about
//! the pixel's size: the cost grows with the pixels shown, never with the
//! table. The minimum keeps P-positions (value 0) visible at every zoom.

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
                    }
                }
            }
        }
        for (by, row) in first.chunks_mut(cw).enumerate().filter(|_| !table.is_half_stored()) {
            if control.is_cancelled() {
                return None;
            }
            for y in by * b..((by + 1) * b).min(h) {
                for x in 0..w {
                    let v = table.get(x, y);
                    let e = &mut row[x / b];
                    *e = (*e).min(v);
                }
            }
            control.advance(1);
        }
        let mut levels = vec![(cw, ch, first)];
        while let Some((pw, ph, prev)) = levels.last() {
            if *pw <= 1 && *ph <= 1 {
                break;
            }
            let (nw, nh) = (pw.div_ceil(2), ph.div_ceil(2));
            let mut next = vec![u32::MAX; nw * nh];
            for y in 0..*ph {
                for x in 0..*pw {
                    let e = &mut next[(y / 2) * nw + x / 2];
                    *e = (*e).min(prev[y * pw + x]);
                }
            }
            levels.push((nw, nh, next));
        }
        let cells = Self::copy_cells(table, control)?;
        Some(Pyramid { levels, cells })
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

    /// The coarsest level whose blocks are at most `cells_per_pixel` wide.
    fn level_for(&self, cells_per_pixel: f64) -> Option<(u32, &Level)> {
        if cells_per_pixel < (1u64 << FIRST_LEVEL) as f64 {
            return None;
        }
        let k = (cells_per_pixel.log2().floor() as u32).max(FIRST_LEVEL);
        let i = ((k - FIRST_LEVEL) as usize).min(self.levels.len() - 1);
        Some((i as u32 + FIRST_LEVEL, &self.levels[i]))
    }
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
/// computed yet and places outside the table are grey. With a pyramid, views
/// wider than 4 cells a pixel sample its block minima.
pub fn render(
    table: &Table,
    pyramid: Option<&Pyramid>,
    palette: &Palette,
    view: View,
    width: usize,
    height: usize,
    out: &mut Vec<u8>,
) {
    out.clear();
    out.resize(width * height * 4, 0);
    let s = view.cells_per_pixel;
    let (tw, th) = (table.width() as i64, table.height() as i64);
    let complete = table.is_complete();
    let pyramid = if complete { pyramid } else { None };
    let level = pyramid.and_then(|p| p.level_for(s));
    let cells = pyramid.and_then(|p| p.cells.as_deref());
    let xs = pixel_columns(view, width);
    let mut previous_y = None;
    for py in 0..height {
        let y = (view.y0 + (py as f64 + 0.5) * s).floor() as i64;
        let row_bytes = width * 4;
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
        match (level, cells) {
            (Some((k, (lw, _, values))), _) => {
                let line = &values[(y >> k) as usize * lw..][..*lw];
                for (c, &x) in pixels {
                    c.copy_from_slice(&if inside(x) { palette.colour(line[(x >> k) as usize]) } else { PENDING });
                }
            }
            (None, Some(all)) => {
                let line = &all[y as usize * tw as usize..][..tw as usize];
                for (c, &x) in pixels {
                    c.copy_from_slice(&if inside(x) { palette.colour(line[x as usize] as u32) } else { PENDING });
                }
            }
            (None, None) => {
                for (c, &x) in pixels {
                    let ready = inside(x) && (complete || table.is_computed(x as usize, y as usize));
                    c.copy_from_slice(&if ready { palette.colour(table.get(x as usize, y as usize)) } else { PENDING });
                }
            }
        }
    }
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
}
