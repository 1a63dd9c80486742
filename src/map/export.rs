//! Poster export of a Grundy map: the whole table (or a window of it) at a
//! chosen number of pixels per cell, written as PNG.

use super::palette::Palette;
use super::raster::{Pyramid, View, render};
use crate::grundy::Table;
use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use std::path::Path;

/// The largest picture side accepted for export.
pub const MAX_SIDE_PX: usize = 32_768;

/// What to export: the window of cells `[x0, x0 + w) x [y0, y0 + h)` at
/// `pixels_per_cell` (a fraction such as 0.5 shrinks a large table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExportWindow {
    pub x0: usize,
    pub y0: usize,
    pub width: usize,
    pub height: usize,
    pub pixels_per_cell: f64,
}

impl ExportWindow {
    /// The whole table.
    pub fn whole(table: &Table, pixels_per_cell: f64) -> Self {
        ExportWindow { x0: 0, y0: 0, width: table.width(), height: table.height(), pixels_per_cell }
    }

    /// The picture size in pixels, or a message when it is too large.
    pub fn pixel_size(&self) -> Result<(usize, usize), String> {
        let w = (self.width as f64 * self.pixels_per_cell).round() as usize;
        let h = (self.height as f64 * self.pixels_per_cell).round() as usize;
        if w == 0 || h == 0 {
            return Err("the picture would be empty: choose more pixels per cell".into());
        }
        if w > MAX_SIDE_PX || h > MAX_SIDE_PX {
            return Err(format!("{w} x {h} pixels is too large; a side may be at most {MAX_SIDE_PX} pixels"));
        }
        Ok((w, h))
    }
}

/// Render the window as RGBA pixels: `(width, height, bytes)`.
pub fn raster(
    table: &Table,
    pyramid: Option<&Pyramid>,
    palette: &Palette,
    win: ExportWindow,
) -> Result<(usize, usize, Vec<u8>), String> {
    let (w, h) = win.pixel_size()?;
    let view = View { x0: win.x0 as f64, y0: win.y0 as f64, cells_per_pixel: 1.0 / win.pixels_per_cell };
    let mut out = Vec::new();
    render(table, pyramid, palette, view, w, h, &mut out);
    Ok((w, h, out))
}

/// Encode RGBA pixels as PNG (fast compression: posters are large).
pub fn encode_png(w: usize, h: usize, rgba: &[u8], out: &mut dyn std::io::Write) -> Result<(), String> {
    PngEncoder::new_with_quality(out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(rgba, w as u32, h as u32, image::ExtendedColorType::Rgba8)
        .map_err(|e| format!("PNG encoding failed: {e}"))
}

/// Write RGBA pixels to a PNG file atomically.
pub fn write_png(path: &Path, w: usize, h: usize, rgba: &[u8]) -> Result<(), String> {
    crate::fsutil::atomic_write(path, |out| encode_png(w, h, rgba, out).map_err(std::io::Error::other))
}

/// A poster: the whole table (or a window of it) with a palette,
/// optionally framed by a legend, axes and a title.
#[derive(Clone, Debug, PartialEq)]
pub struct Poster {
    pub palette: super::PaletteKind,
    pub highlight: Vec<u32>,
    pub pixels_per_cell: f64,
    pub legend: bool,
}

/// Render and write a poster of the whole table; returns its pixel size.
pub fn write_poster(table: &Table, poster: &Poster, path: &Path) -> Result<(usize, usize), String> {
    write_window(table, poster, ExportWindow::whole(table, poster.pixels_per_cell), path)
}

/// Render and write a poster of a window of the table; returns its pixel size.
pub fn write_window(table: &Table, poster: &Poster, win: ExportWindow, path: &Path) -> Result<(usize, usize), String> {
    let misere = table.kind() == crate::grundy::TableKind::Outcome;
    let palette = Palette::new(poster.palette, table.max_value(), &poster.highlight, misere);
    let win = ExportWindow {
        width: win.width.min(table.width().saturating_sub(win.x0)),
        height: win.height.min(table.height().saturating_sub(win.y0)),
        ..win
    };
    // Below one pixel a cell, the pyramid makes each pixel the minimum of its cells.
    let pyramid = if win.pixels_per_cell < 1.0 { Pyramid::build(table, &crate::grundy::Control::new()) } else { None };
    let (w, h, rgba) = raster(table, pyramid.as_ref(), &palette, win)?;
    let (w, h, rgba) = if poster.legend {
        super::frame::frame(table, &palette, &poster.highlight, win, w, h, rgba)?
    } else {
        (w, h, rgba)
    };
    write_png(path, w, h, &rgba)?;
    Ok((w, h))
}
