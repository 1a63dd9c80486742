//! The level-of-detail image of the visible window of a table.
//!
//! Zoomed out, one pixel covers many cells. A [`Pyramid`] of block minima
//! (2 x 2, 4 x 4, ... cells per entry) is built once in the background. A
//! view at `s` cells a pixel reads the level of `2^floor(log2 s)`-cell
//! blocks, and each pixel shows the minimum of the blocks whose corner it
//! holds: every cell counts in exactly one pixel, so the minimum keeps every
//! P-position (value 0) visible at every zoom, and the cost grows with the
//! pixels shown, never with the table. With the highlight palette, a pixel
//! shows the smallest chosen value below 32 among its cells (from the
//! pyramid's value masks; a minimum would hide every chosen value but 0),
//! else the colour of their minimum.

use super::palette::{PENDING, Palette, Rgba};
use super::pyramid::{Grid, Levels, Pyramid, Value};
use crate::Control;
use crate::grundy::Table;

/// Which part of the table a picture shows: the cell coordinate at the
/// top-left corner of pixel (0, 0), and how many cells one pixel spans.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The cell coordinate `x` at the left edge of pixel (0, 0).
    pub x0: f64,
    /// The cell coordinate `y` at the top edge of pixel (0, 0).
    pub y0: f64,
    /// How many cells one pixel spans along each side (below 1: a cell covers several pixels).
    pub cells_per_pixel: f64,
}

/// Render `width x height` pixels (RGBA, row-major) of the view. Cells not
/// computed yet and places outside the table are grey.
///
/// Zoomed in (at most one cell a pixel), each pixel shows the cell under its
/// centre. Zoomed out with a pyramid, the pixels share the cells out: a cell
/// belongs to the pixel that holds the top-left corner of its block (the
/// pyramid block of `2^k <= s` cells a side, `s` = cells a pixel: the cell
/// itself below 2 cells a pixel), so every cell lies in exactly one pixel, less than a pixel from where it is, and the pixel shows the
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
#[expect(clippy::too_many_arguments, reason = "render's arguments and a control")]
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
    // Every pixel is written below: keep the buffer, no clearing.
    out.resize(width * height * 4, 0);
    control.start(height as u64);
    let s = view.cells_per_pixel;
    let complete = table.is_complete();
    let grid = if complete { pyramid.map(|p| &p.grid) } else { None };
    match grid {
        Some(Grid::Small(l)) if s > 1.0 => render_shared(table, l, palette, view, width, height, out, control),
        Some(Grid::Large(l)) if s > 1.0 => render_shared(table, l, palette, view, width, height, out, control),
        Some(Grid::Small(l)) => render_sampled(table, l.cells(), palette, view, width, height, out, control),
        _ => render_sampled::<u32>(table, None, palette, view, width, height, out, control),
    }
}

/// Rows checked for cancellation at once.
const BAND: usize = 32;

/// Zoomed in (or no pyramid yet): the cell under each pixel's centre.
#[expect(clippy::too_many_arguments, reason = "the drawing needs every one of these")]
fn render_sampled<T: Value>(
    table: &Table,
    cells: Option<&[T]>,
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
                    c.copy_from_slice(&if inside(x) { palette.colour(line[x as usize].cell()) } else { PENDING });
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
///
/// A pixel owns one or two blocks along each axis (`b <= s < 2b`). Each
/// pixel row takes the minimum over its block rows into a
/// line, then the minima of 2, 3, ... consecutive entries of the line, each
/// in one vectorised pass; a pixel then reads the one entry that covers
/// exactly its blocks. For monotone palettes the line holds palette entries
/// rather than values (the entry of a minimum is the minimum of the
/// entries), so the pixel loop is a read, a lookup and a store. For the
/// highlight palette it holds keys: a chosen value `c < 32` present in a
/// block is the key `c`, else the key is 32 + the block's minimum; the
/// minimum of the keys is then the smallest chosen value present, else 32 +
/// the minimum of the cells. The pyramid has value masks from 2 x 2 blocks
/// on, so the highlight palette reads the same level as the others: one
/// more pass a block row (the keys) and a lookup table of key colours.
#[expect(clippy::too_many_arguments, reason = "the drawing needs every one of these")]
fn render_shared<T: Value>(
    table: &Table,
    pyramid: &Levels<T>,
    palette: &Palette,
    view: View,
    width: usize,
    height: usize,
    out: &mut [u8],
    control: &Control,
) -> bool {
    let s = view.cells_per_pixel;
    let chosen = palette.highlighted_below_32();
    let highlight = !chosen.is_empty();
    let key_colours = if highlight { palette.key_colours() } else { Vec::new() };
    let k = pyramid.level_for(s, highlight);
    let b = (1usize << k) as f64;
    let (gw, gh) = (table.width().div_ceil(1 << k), table.height().div_ceil(1 << k));
    let cols: Vec<(usize, usize)> = (0..width).map(|px| pixel_blocks(view.x0, s, px, b, gw)).collect();
    // The pixel columns over the table are one run, p0..p1; the rest is grey.
    let p0 = cols.iter().position(|c| c.0 < c.1).unwrap_or(width);
    let p1 = cols.iter().rposition(|c| c.0 < c.1).map_or(p0, |p| p + 1);
    let first = cols.get(p0).map_or(0, |c| c.0);
    let len = cols[p0..p1].last().map_or(0, |c| c.1 - first);
    let widest = cols[p0..p1].iter().map(|c| c.1 - c.0).max().unwrap_or(0);
    // `windows[(n - 1) * len + a]`: the minimum of the `n` blocks from `a`
    // (`n = 1`: the line itself). Each pixel reads the window of its blocks.
    let reads: Vec<u32> = cols[p0..p1].iter().map(|&(b0, b1)| ((b1 - b0 - 1) * len + b0 - first) as u32).collect();
    let mut windows = vec![T::TOP; widest * len];
    // One source row read from the table (32-bit cells), and as keys
    // (highlight palette).
    let mut read = Vec::new();
    let mut keys = vec![T::TOP; if highlight { len } else { 0 }];
    let entries = palette.is_monotone() && !highlight;
    let row_bytes = width * 4;
    let span = first..first + len;
    for py in 0..height {
        if py % BAND == 0 {
            if control.is_cancelled() {
                return false;
            }
            control.advance(BAND.min(height - py) as u64);
        }
        let row = &mut out[py * row_bytes..(py + 1) * row_bytes];
        let (by0, by1) = pixel_blocks(view.y0, s, py, b, gh);
        if by0 >= by1 || p0 == p1 {
            fill(row, PENDING);
            continue;
        }
        fill(&mut row[..p0 * 4], PENDING);
        fill(&mut row[p1 * 4..], PENDING);
        let row = &mut row[p0 * 4..p1 * 4];
        let line = &mut windows[..len];
        for by in by0..by1 {
            let source = match pyramid.row(k, by) {
                Some(r) => &r[span.clone()],
                None => {
                    // 32-bit values at the cell level: read the table.
                    read.clear();
                    read.extend(span.clone().map(|x| T::of(table.get(x, by))));
                    &read[..]
                }
            };
            let source = if highlight {
                let masks = (k > 0).then(|| &pyramid.mask_row(k, by)[span.clone()]);
                highlight_keys(source, masks, &chosen, &mut keys);
                &keys[..]
            } else {
                source
            };
            // The last block row also turns the minima into palette entries
            // (monotone palettes), in the same pass.
            match (by == by0, entries && by + 1 == by1) {
                (true, false) => line.copy_from_slice(source),
                (true, true) => line.iter_mut().zip(source).for_each(|(m, &v)| *m = v.entry(palette)),
                (false, false) => line.iter_mut().zip(source).for_each(|(m, &v)| *m = (*m).min(v)),
                (false, true) => line.iter_mut().zip(source).for_each(|(m, &v)| *m = (*m).min(v).entry(palette)),
            }
        }
        for n in 2..=widest {
            let (done, rest) = windows.split_at_mut((n - 1) * len);
            let (line, shorter) = (&done[n - 1..len], &done[(n - 2) * len..]);
            rest[..len].iter_mut().zip(shorter.iter().zip(line)).for_each(|(w, (&a, &b))| *w = a.min(b));
        }
        if entries {
            entry_pass(row, &reads, &windows, palette);
            continue;
        }
        if highlight {
            key_pass(row, &reads, &windows, &key_colours);
            continue;
        }
        let pixels = row.chunks_exact_mut(4).zip(&reads);
        pixels.for_each(|(c, &i)| c.copy_from_slice(&palette.colour(windows[i as usize].into())));
    }
    true
}

/// The highlight keys of one source row: `c` where a chosen value `c < 32`
/// occurs in the block (the smallest such), else 32 + the block's minimum.
/// `masks`: the blocks' value masks (one vectorisable pass), `None` for
/// single cells (one pass per chosen value).
fn highlight_keys<T: Value>(source: &[T], masks: Option<&[u32]>, chosen: &[u32], keys: &mut [T]) {
    match masks {
        Some(masks) => {
            let wanted = chosen.iter().fold(0u32, |m, &c| m | 1 << c);
            keys.iter_mut().zip(source.iter().zip(masks)).for_each(|(k, (&v, &m))| *k = block_key(v, m & wanted));
        }
        None => {
            keys.iter_mut().zip(source).for_each(|(k, v)| *k = v.above_32());
            for &c in chosen {
                let c = T::of(c);
                keys.iter_mut().zip(source).for_each(|(k, &v)| *k = if v == c { c } else { *k });
            }
        }
    }
}

/// The key of a block with minimum `min` whose chosen values present are
/// the bits of `hit`: the lowest bit's index, else `min + 32`. The index is
/// the exponent of the bit as a float (exact: a power of two; bit 31 turns
/// into -2^31, whose exponent is the same), so that the loop over a row has
/// no branch and no bit scan and becomes vector instructions.
#[inline]
fn block_key<T: Value>(min: T, hit: u32) -> T {
    let lowest = hit & hit.wrapping_neg();
    let index = (((lowest as i32 as f32).to_bits() >> 23) & 0xff).wrapping_sub(127);
    if hit != 0 { T::of(index) } else { min.above_32() }
}

/// Colour each pixel with the colour of its key, `key_colours[windows[reads[p]]]`
/// (the last entry for larger keys; see [`Palette::key_colours`]).
#[inline(never)]
fn key_pass<T: Value>(row: &mut [u8], reads: &[u32], windows: &[T], key_colours: &[Rgba]) {
    let last = key_colours.len() - 1;
    for (c, &i) in row.chunks_exact_mut(4).zip(reads) {
        c.copy_from_slice(&key_colours[(windows[i as usize].into() as usize).min(last)]);
    }
}

/// Colour each pixel with the palette entry `windows[reads[p]]` (its own
/// function: the hottest loop of the map gets the registers to itself).
#[inline(never)]
fn entry_pass<T: Value>(row: &mut [u8], reads: &[u32], windows: &[T], palette: &Palette) {
    for (c, &i) in row.chunks_exact_mut(4).zip(reads) {
        c.copy_from_slice(&palette.entry(windows[i as usize].into() as usize));
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
#[expect(clippy::too_many_arguments, reason = "two tables with their palettes, a view and a buffer")]
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
        let pal = Palette::new(PaletteKind::Viridis, t.max_value(), &[]);
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
        let pal = Palette::new(PaletteKind::Grey, t.max_value(), &[]);
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
        // 16-bit levels (queen values), then 32-bit ones (values beyond 65535);
        // a monotone palette (minima of entries) and the cyclic one (of values).
        let queen = compute(&preset("queen").unwrap(), 150, 130, &Control::new()).unwrap();
        let values = (0..150 * 130u32).map(|i| i.wrapping_mul(2_654_435_761) % 300_000).map(|v| v % 9 * (v % 5));
        let large = Table::from_values(&preset("queen").unwrap(), 150, 130, values.map(|v| v * 70_000).collect());
        for t in [&queen, &large] {
            exact_minima(t, PaletteKind::Viridis);
            exact_minima(t, PaletteKind::Cyclic);
        }
    }

    fn exact_minima(t: &Table, kind: PaletteKind) {
        let (w, h) = (t.width(), t.height());
        let p = Pyramid::build(t, &Control::new()).unwrap();
        let pal = Palette::new(kind, t.max_value(), &[]);
        let mut out = Vec::new();
        for (num, den) in
            [(3, 2), (2, 1), (5, 2), (3, 1), (7, 2), (5, 1), (15, 1), (17, 1), (100, 7), (33, 1), (200, 3)]
        {
            let s = num as f64 / den as f64;
            // The block side: 2^floor(log2 s).
            let b: i64 = 1 << (s.log2().floor() as u32);
            for (x0, y0) in [(0i64, 0i64), (-3, 7), (11, -20)] {
                let view = View { x0: x0 as f64, y0: y0 as f64, cells_per_pixel: s };
                let (pw, ph) = (
                    ((w as f64 - x0 as f64) / s).ceil() as usize + 2,
                    ((h as f64 - y0 as f64) / s).ceil() as usize + 2,
                );
                render(t, Some(&p), &pal, view, pw, ph, &mut out);
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
        let pal = Palette::new(PaletteKind::Grey, t.max_value(), &[]);
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
        // 16-bit levels (queen values) and 32-bit ones (a table mixing small
        // values with values beyond 65535).
        let queen = compute(&preset("queen").unwrap(), 150, 130, &Control::new()).unwrap();
        assert!(highlight_exact(&queen) > 100, "the chosen values show");
        let values = (0..150 * 130u32).map(|i| if i % 7 == 0 { i % 5 } else { 70_000 + i % 90 }).collect();
        let large = Table::from_values(&preset("queen").unwrap(), 150, 130, values);
        assert!(highlight_exact(&large) > 100, "the chosen values show");
        // The other palettes still show minima (their mask is empty).
        assert_eq!(Palette::new(PaletteKind::Viridis, 10, &[3, 1]).highlight_mask(), 0);
    }

    /// Every zoomed-out pixel of the highlight palette against brute force;
    /// returns how many pixels show a chosen value.
    fn highlight_exact(t: &Table) -> usize {
        let (w, h) = (t.width(), t.height());
        let p = Pyramid::build(t, &Control::new()).unwrap();
        // 3 and 1 (zoomed out, the smaller present wins); 40 is beyond the
        // masks and shows only as a minimum.
        let chosen = [3, 1, 40];
        let pal = Palette::new(PaletteKind::Highlight, t.max_value(), &chosen);
        assert_eq!(pal.highlight_mask(), 0b1010);
        let mut out = Vec::new();
        let mut highlighted = 0;
        for (num, den) in [(3, 2), (5, 2), (3, 1), (7, 2), (5, 1), (17, 1), (100, 7), (33, 1)] {
            let s = num as f64 / den as f64;
            let b: i64 = 1 << (s.log2().floor() as u32);
            for (x0, y0) in [(0i64, 0i64), (-3, 7)] {
                let view = View { x0: x0 as f64, y0: y0 as f64, cells_per_pixel: s };
                let (pw, ph) = (
                    ((w as f64 - x0 as f64) / s).ceil() as usize + 2,
                    ((h as f64 - y0 as f64) / s).ceil() as usize + 2,
                );
                render(t, Some(&p), &pal, view, pw, ph, &mut out);
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
                        // Brute force: the smallest chosen value below 32 among
                        // the cells, else the colour of their minimum.
                        let want = match chosen.iter().filter(|&&c| c < 32 && values.contains(&c)).min() {
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
        highlighted
    }

    #[test]
    fn a_block_key_is_its_smallest_chosen_value_or_32_plus_its_minimum() {
        for bit in 0..32 {
            // The bit alone, and with every higher bit.
            for hit in [1u32 << bit, u32::MAX << bit] {
                assert_eq!(block_key(500u16, hit), bit as u16, "{hit:#x}");
                assert_eq!(block_key(500u32, hit), bit, "{hit:#x}");
            }
        }
        assert_eq!(block_key(7u16, 0), 39);
        assert_eq!(block_key(u16::MAX - 3, 0), u16::MAX, "saturates");
        assert_eq!(block_key(70_000u32, 0), 70_032);
    }

    #[test]
    fn a_cancelled_render_stops_early() {
        let t = compute(&preset("queen").unwrap(), 64, 64, &Control::new()).unwrap();
        let pal = Palette::new(PaletteKind::Grey, t.max_value(), &[]);
        let c = Control::new();
        c.cancel();
        let view = View { x0: 0.0, y0: 0.0, cells_per_pixel: 0.5 };
        assert!(!render_controlled(&t, None, &pal, view, 128, 128, &mut Vec::new(), &c));
        let c = Control::new();
        assert!(render_controlled(&t, None, &pal, view, 128, 128, &mut Vec::new(), &c));
        assert_eq!(c.fraction(), 1.0);
    }
}
