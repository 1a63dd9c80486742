//! Poster export of a Grundy map: the whole table (or a window of it) at a
//! chosen number of pixels per cell, written as PNG or SVG.
//!
//! The SVG poster is the PNG poster's picture with its title, axes and
//! legend as vector shapes and text, and the map's cells as one PNG image
//! embedded in the document (not a rectangle per cell: a 1024 x 1024
//! table would be a million elements). So it has the same pixel size as
//! the PNG, the same bound on it ([`MAX_SIDE_PX`]), and its words stay
//! sharp and editable when printed large.

pub use super::frame::{Legend, PosterTexts};
use super::palette::Palette;
use super::pyramid::Pyramid;
use super::raster::{View, render_controlled};
use crate::Control;
use crate::grundy::Table;
use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use std::io::Write as _;
use std::path::Path;

/// The largest picture side accepted for export.
pub const MAX_SIDE_PX: usize = 32_768;

/// What to export: the window of cells `[x0, x0 + w) x [y0, y0 + h)` at
/// `pixels_per_cell` (a fraction such as 0.5 shrinks a large table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExportWindow {
    /// The first column `x0` of the window.
    pub x0: usize,
    /// The first row `y0` of the window.
    pub y0: usize,
    /// How many columns the window has (`w`).
    pub width: usize,
    /// How many rows the window has (`h`).
    pub height: usize,
    /// Pixels per cell along each side (below 1 shrinks the picture).
    pub pixels_per_cell: f64,
}

impl ExportWindow {
    /// The whole table.
    pub fn whole(table: &Table, pixels_per_cell: f64) -> Self {
        ExportWindow { x0: 0, y0: 0, width: table.width(), height: table.height(), pixels_per_cell }
    }

    /// The picture size in pixels: `round(cells * pixels_per_cell)` each
    /// way, refused when a side is 0 or over [`MAX_SIDE_PX`].
    pub fn pixel_size(&self) -> Result<(usize, usize), ExportError> {
        let w = (self.width as f64 * self.pixels_per_cell).round() as usize;
        let h = (self.height as f64 * self.pixels_per_cell).round() as usize;
        if w == 0 || h == 0 {
            return Err(ExportError::Empty);
        }
        if w > MAX_SIDE_PX || h > MAX_SIDE_PX {
            return Err(ExportError::TooLarge { width: w, height: h });
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
) -> Result<(usize, usize, Vec<u8>), ExportError> {
    raster_controlled(table, pyramid, palette, win, &Control::new())
}

/// [`raster`] reporting progress a band of pixel rows at a time;
/// [`ExportError::Cancelled`] when `control` is cancelled.
pub fn raster_controlled(
    table: &Table,
    pyramid: Option<&Pyramid>,
    palette: &Palette,
    win: ExportWindow,
    control: &Control,
) -> Result<(usize, usize, Vec<u8>), ExportError> {
    let (w, h) = win.pixel_size()?;
    let view = View { x0: win.x0 as f64, y0: win.y0 as f64, cells_per_pixel: 1.0 / win.pixels_per_cell };
    let mut out = Vec::new();
    if !render_controlled(table, pyramid, palette, view, w, h, &mut out, control) {
        return Err(ExportError::Cancelled);
    }
    Ok((w, h, out))
}

/// The error of a cancelled export.
pub const CANCELLED: &str = "cancelled";

/// Why an export stopped. Nothing was written in every case.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportError {
    /// Cancelled.
    Cancelled,
    /// The file could not be written.
    File(crate::fsutil::FileError),
    /// The picture would have a side of 0 pixels.
    Empty,
    /// A side of the picture is over [`MAX_SIDE_PX`].
    TooLarge {
        /// Pixels across.
        width: usize,
        /// Pixels down.
        height: usize,
    },
    /// The pixels do not fit in the memory the app may use.
    Memory(crate::grundy::MemoryError),
    /// Below a pixel a cell, the pyramid that keeps every P-position in the
    /// picture needs `needed` bytes and only `limit` are free.
    Pyramid {
        /// The bytes the pyramid needs.
        needed: u64,
        /// The bytes free.
        limit: u64,
    },
    /// The frame (title, axes, legend) could not be drawn.
    Picture(crate::draw::DrawError),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::Cancelled => f.write_str(CANCELLED),
            ExportError::File(e) => e.fmt(f),
            ExportError::Empty => f.write_str("the picture would be empty: choose more pixels per cell"),
            ExportError::TooLarge { width, height } => {
                write!(f, "{width} x {height} pixels is too large; a side may be at most {MAX_SIDE_PX} pixels")
            }
            ExportError::Memory(m) => m.fmt(f),
            ExportError::Pyramid { needed, limit } => write!(
                f,
                "below 1 pixel a cell, a poster of this table needs {} more memory to show every P-position, \
                 and {} is free; choose 1 pixel a cell or more",
                crate::grundy::human_bytes(*needed),
                crate::grundy::human_bytes(*limit)
            ),
            ExportError::Picture(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<crate::grundy::MemoryError> for ExportError {
    fn from(e: crate::grundy::MemoryError) -> Self {
        ExportError::Memory(e)
    }
}

impl From<crate::draw::DrawError> for ExportError {
    fn from(e: crate::draw::DrawError) -> Self {
        ExportError::Picture(e)
    }
}

impl From<crate::fsutil::FileError> for ExportError {
    fn from(e: crate::fsutil::FileError) -> Self {
        ExportError::File(e)
    }
}

impl From<ExportError> for String {
    fn from(e: ExportError) -> String {
        e.to_string()
    }
}

/// A writer that fails once `control` is cancelled, so that a cancelled
/// export stops encoding and its atomic write leaves no file.
pub struct CancellableWriter<'a> {
    /// The writer the bytes go to.
    pub inner: &'a mut dyn std::io::Write,
    /// Cancelled: every further write fails.
    pub control: &'a Control,
}

impl std::io::Write for CancellableWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.control.is_cancelled() {
            // Not `Interrupted`: `write_all` would retry that forever.
            return Err(std::io::Error::other(CANCELLED));
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Encode RGBA pixels as PNG (fast compression: posters are large). The
/// pixels are checked before (their size, their memory), so what can fail
/// is writing to `out`: an I/O error, the writer's own or the encoder's
/// (as [`std::io::ErrorKind::Other`]).
pub fn encode_png(w: usize, h: usize, rgba: &[u8], out: &mut dyn std::io::Write) -> std::io::Result<()> {
    PngEncoder::new_with_quality(out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(rgba, w as u32, h as u32, image::ExtendedColorType::Rgba8)
        .map_err(|e| match e {
            image::ImageError::IoError(e) => e,
            e => std::io::Error::other(format!("PNG encoding failed: {e}")),
        })
}

/// Write RGBA pixels to a PNG file atomically.
pub fn write_png(path: &Path, w: usize, h: usize, rgba: &[u8]) -> Result<(), ExportError> {
    write_png_controlled(path, w, h, rgba, &Control::new())
}

/// [`write_png`] that stops when `control` is cancelled, leaving no file.
pub fn write_png_controlled(
    path: &Path,
    w: usize,
    h: usize,
    rgba: &[u8],
    control: &Control,
) -> Result<(), ExportError> {
    let result =
        crate::fsutil::atomic_write(path, |out| encode_png(w, h, rgba, &mut CancellableWriter { inner: out, control }));
    if control.is_cancelled() { Err(ExportError::Cancelled) } else { Ok(result?) }
}

/// Write the cells `win` of the table as CSV atomically, a band of rows at a
/// time, with progress; a cancelled export leaves no file.
pub fn write_csv_window(table: &Table, win: ExportWindow, path: &Path, control: &Control) -> Result<(), ExportError> {
    const BAND: usize = 64;
    let ys = win.y0.min(table.height())..(win.y0 + win.height).min(table.height());
    control.start(ys.len() as u64);
    let result = crate::fsutil::atomic_write(path, |out| {
        let mut out = CancellableWriter { inner: out, control };
        for y in ys.clone().step_by(BAND) {
            let band = y..(y + BAND).min(ys.end);
            table.write_csv_window(win.x0..win.x0 + win.width, band.clone(), &mut out)?;
            control.advance(band.len() as u64);
        }
        Ok(())
    });
    if control.is_cancelled() { Err(ExportError::Cancelled) } else { Ok(result?) }
}

/// The file a poster is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    /// A PNG picture.
    Png,
    /// An SVG document: the frame as vectors, the cells as an embedded PNG.
    Svg,
}

impl PictureFormat {
    /// The format a file name asks for: `.png` or `.svg` (any case), else
    /// `None`.
    pub fn of_path(path: &Path) -> Option<PictureFormat> {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("png") => Some(PictureFormat::Png),
            Some("svg") => Some(PictureFormat::Svg),
            _ => None,
        }
    }
}

/// A poster: the whole table (or a window of it) with a palette,
/// optionally framed by a legend, axes and a title.
#[derive(Clone, Debug, PartialEq)]
pub struct Poster {
    /// The colours of the values.
    pub palette: super::PaletteKind,
    /// Values drawn in a colour of their own (for the highlight palette).
    pub highlight: Vec<u32>,
    /// Pixels per cell along each side (below 1 shrinks the poster).
    pub pixels_per_cell: f64,
    /// Whether the poster is framed by a legend, axes and a title.
    pub legend: bool,
    /// The frame's title and legend words; `None`: English
    /// ([`PosterTexts::english`]).
    pub texts: Option<PosterTexts>,
}

/// Render and write a poster of the whole table; returns its pixel size.
pub fn write_poster(table: &Table, poster: &Poster, path: &Path) -> Result<(usize, usize), ExportError> {
    write_window(table, poster, ExportWindow::whole(table, poster.pixels_per_cell), path, &Control::new())
}

/// Render and write a poster of a window of the table as PNG; returns its
/// pixel size, [`poster_size`]. Progress goes to `control` (the pyramid,
/// then the pixel rows); when it is cancelled the export stops with
/// [`ExportError::Cancelled`] and writes nothing.
pub fn write_window(
    table: &Table,
    poster: &Poster,
    win: ExportWindow,
    path: &Path,
    control: &Control,
) -> Result<(usize, usize), ExportError> {
    write_window_as(table, poster, win, (path, PictureFormat::Png), control)
}

/// [`write_window`] in the format `format` (the SVG has the same size).
pub fn write_window_as(
    table: &Table,
    poster: &Poster,
    win: ExportWindow,
    (path, format): (&Path, PictureFormat),
    control: &Control,
) -> Result<(usize, usize), ExportError> {
    let win = clipped(table, win);
    let palette = map_palette(table, poster);
    let frame = poster.legend.then(|| map_frame(table, poster, &palette, win));
    // Below a pixel a cell, the pyramid keeps every P-position in the
    // picture. A poster that might lose some is refused, not made.
    let zoomed_out = win.pixels_per_cell < 1.0;
    let picture =
        Picture { cells: table, palette: &palette, frame: frame.as_ref(), pyramid: zoomed_out, emphasised: &[] };
    write_picture(&picture, win, (path, format), control)
}

/// The size in pixels of the file [`write_window`] writes: the cells at
/// their pixels, and the frame around them when the poster has a legend.
pub fn poster_size(table: &Table, poster: &Poster, win: ExportWindow) -> Result<(usize, usize), ExportError> {
    let win = clipped(table, win);
    let (w, h) = win.pixel_size()?;
    if !poster.legend {
        return Ok((w, h));
    }
    let (title, legend) = map_frame(table, poster, &map_palette(table, poster), win);
    Ok(super::frame::framed_size(w, h, &title, &legend))
}

/// A poster of a difference view (where two tables, or a table and a
/// formula, agree): its cells in its own colours, with its own title and
/// legend.
#[derive(Clone, Debug)]
pub struct DifferencePoster {
    /// The colours of the cells' codes.
    pub palette: Palette,
    /// Pixels per cell along each side (below 1 shrinks the poster).
    pub pixels_per_cell: f64,
    /// Whether the poster is framed by the legend, axes and the title.
    pub legend: bool,
    /// The title above the map.
    pub title: String,
    /// What each colour means.
    pub key: Legend,
    /// The codes of the cells the poster is about (those that differ):
    /// where a cell is smaller than [`MARK_PX`] pixels each is drawn as a
    /// square of that side, so that ten differing cells of a 4096 x 4096
    /// table are seen at a pixel a cell.
    pub emphasised: Vec<u32>,
}

/// The side in pixels of an emphasised cell of a difference poster at
/// least ([`DifferencePoster::emphasised`]).
pub const MARK_PX: usize = 7;

/// The most emphasised cells a poster marks one by one (more cover the
/// picture as they are).
pub const MOST_MARKS: usize = 100_000;

/// Render and write a poster of the window `win` of the difference view
/// `diff` in the format `format`; returns its pixel size,
/// [`difference_size`]. Below a pixel a cell each pixel shows the cell at
/// its centre, as on screen.
pub fn write_difference(
    diff: &Table,
    poster: &DifferencePoster,
    win: ExportWindow,
    (path, format): (&Path, PictureFormat),
    control: &Control,
) -> Result<(usize, usize), ExportError> {
    let win = clipped(diff, win);
    let frame = poster.legend.then(|| (poster.title.clone(), poster.key.clone()));
    let picture = Picture {
        cells: diff,
        palette: &poster.palette,
        frame: frame.as_ref(),
        pyramid: false,
        emphasised: &poster.emphasised,
    };
    write_picture(&picture, win, (path, format), control)
}

/// Draw each cell of `table` in `win` whose code is in `codes` as a square
/// of [`MARK_PX`] pixels centred where it lies in the picture `w x h`
/// (when a cell is smaller than that and at most [`MOST_MARKS`] cells are
/// marked).
fn mark_cells(
    table: &Table,
    (codes, palette): (&[u32], &Palette),
    win: ExportWindow,
    (w, h, rgba): (usize, usize, &mut [u8]),
    control: &Control,
) -> Result<(), ExportError> {
    if codes.is_empty() || win.pixels_per_cell >= MARK_PX as f64 {
        return Ok(());
    }
    let mut cells = Vec::new();
    for y in win.y0..win.y0 + win.height {
        if control.is_cancelled() {
            return Err(ExportError::Cancelled);
        }
        for x in win.x0..win.x0 + win.width {
            if codes.contains(&table.get(x, y)) {
                if cells.len() == MOST_MARKS {
                    return Ok(());
                }
                cells.push((x, y));
            }
        }
    }
    let half = (MARK_PX / 2) as f64;
    for (x, y) in cells {
        let colour = palette.colour(table.get(x, y));
        let cx = ((x - win.x0) as f64 + 0.5) * win.pixels_per_cell;
        let cy = ((y - win.y0) as f64 + 0.5) * win.pixels_per_cell;
        let (x0, y0) = ((cx - half).max(0.0) as usize, (cy - half).max(0.0) as usize);
        for py in y0..(y0 + MARK_PX).min(h) {
            for px in x0..(x0 + MARK_PX).min(w) {
                let at = (py * w + px) * 4;
                rgba[at..at + 4].copy_from_slice(&colour);
            }
        }
    }
    Ok(())
}

/// The size in pixels of the file [`write_difference`] writes.
pub fn difference_size(
    diff: &Table,
    poster: &DifferencePoster,
    win: ExportWindow,
) -> Result<(usize, usize), ExportError> {
    let (w, h) = clipped(diff, win).pixel_size()?;
    Ok(if poster.legend { super::frame::framed_size(w, h, &poster.title, &poster.key) } else { (w, h) })
}

/// The window within the table.
fn clipped(table: &Table, win: ExportWindow) -> ExportWindow {
    ExportWindow {
        width: win.width.min(table.width().saturating_sub(win.x0)),
        height: win.height.min(table.height().saturating_sub(win.y0)),
        ..win
    }
}

fn map_palette(table: &Table, poster: &Poster) -> Palette {
    Palette::new(poster.palette, table.max_value(), &poster.highlight)
}

/// The title and legend of a poster of the table's own values.
fn map_frame(table: &Table, poster: &Poster, palette: &Palette, win: ExportWindow) -> (String, Legend) {
    let texts = poster.texts.clone().unwrap_or_else(|| PosterTexts::english(table, win));
    let legend = Legend::of_values(table, palette, &poster.highlight, &texts);
    (texts.title, legend)
}

/// What a poster draws: the cells in their colours, the frame's words,
/// and whether the pyramid keeps every P-position below a pixel a cell.
struct Picture<'a> {
    cells: &'a Table,
    palette: &'a Palette,
    frame: Option<&'a (String, Legend)>,
    pyramid: bool,
    /// The codes drawn at least [`MARK_PX`] wide (a difference poster's).
    emphasised: &'a [u32],
}

fn write_picture(
    picture: &Picture,
    win: ExportWindow,
    (path, format): (&Path, PictureFormat),
    control: &Control,
) -> Result<(usize, usize), ExportError> {
    let table = picture.cells;
    let (pw, ph) = win.pixel_size()?;
    // The pixels, and a second copy when the frame is drawn around them.
    let copies = if picture.frame.is_some() { 2 } else { 1 };
    let size = crate::grundy::Allocation::Picture { width: pw, height: ph };
    crate::grundy::check_fits(size, (pw as u64) * (ph as u64) * 4 * copies)?;
    let zoomed_out = picture.pyramid && win.pixels_per_cell < 1.0;
    if zoomed_out {
        pyramid_fits(table, crate::grundy::memory_limit())?;
    }
    let pyramid = if zoomed_out { Some(Pyramid::build(table, control).ok_or(ExportError::Cancelled)?) } else { None };
    let (w, h, mut rgba) = raster_controlled(table, pyramid.as_ref(), picture.palette, win, control)?;
    drop(pyramid);
    mark_cells(table, (picture.emphasised, picture.palette), win, (w, h, &mut rgba), control)?;
    if format == PictureFormat::Svg {
        return write_svg(picture.frame, win, (w, h, &rgba), path, control);
    }
    let (w, h, rgba) = match picture.frame {
        Some((title, legend)) => super::frame::frame(title, legend, win, w, h, rgba)?,
        None => (w, h, rgba),
    };
    write_png_controlled(path, w, h, &rgba, control)?;
    Ok((w, h))
}

/// Write the map's pixels `w x h` as an SVG poster: in the frame's scene
/// when there is one, else alone; returns the document's size.
fn write_svg(
    frame: Option<&(String, Legend)>,
    win: ExportWindow,
    (w, h, rgba): (usize, usize, &[u8]),
    path: &Path,
    control: &Control,
) -> Result<(usize, usize), ExportError> {
    let mut png = Vec::new();
    encode_png(w, h, rgba, &mut CancellableWriter { inner: &mut png, control }).map_err(|e| {
        if control.is_cancelled() {
            ExportError::Cancelled
        } else {
            crate::draw::DrawError::Encode(e.to_string()).into()
        }
    })?;
    let (scene, at) = match frame {
        Some((title, legend)) => {
            let (x, y) = super::frame::framed_origin(w, h);
            (super::frame::frame_scene(title, legend, win, w, h), [x as f32, y as f32])
        }
        None => (crate::draw::Scene::new(w as f32, h as f32, None), [0.0, 0.0]),
    };
    let size = (scene.width as usize, scene.height as usize);
    let image = crate::draw::svg::EmbeddedPng { at, width: w, height: h, png };
    let svg = crate::draw::svg::to_svg_with_images(&scene, &[image]);
    let result =
        crate::fsutil::atomic_write(path, |out| CancellableWriter { inner: out, control }.write_all(svg.as_bytes()));
    if control.is_cancelled() { Err(ExportError::Cancelled) } else { Ok(result.map(|()| size)?) }
}

/// Whether the pyramid of `table` fits in `limit` bytes.
fn pyramid_fits(table: &Table, limit: u64) -> Result<(), ExportError> {
    let needed = Pyramid::bytes_needed(table);
    if needed <= limit { Ok(()) } else { Err(ExportError::Pyramid { needed, limit }) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;
    use crate::map::PaletteKind;
    use crate::rules::preset;

    #[test]
    fn a_poster_without_memory_for_its_pyramid_is_refused() {
        let t = compute(&preset("queen").unwrap(), 300, 300, &Control::new()).unwrap();
        assert!(pyramid_fits(&t, u64::MAX).is_ok());
        let needed = Pyramid::bytes_needed(&t);
        assert_eq!(pyramid_fits(&t, 1000), Err(ExportError::Pyramid { needed, limit: 1000 }));
        let e = pyramid_fits(&t, 1000).unwrap_err().to_string();
        assert!(e.contains("1.0 KB is free") && e.contains("1 pixel a cell or more"), "{e}");
    }

    #[test]
    fn pictures_without_pixels_or_too_large_are_refused() {
        let win = |width, pixels_per_cell| ExportWindow { x0: 0, y0: 0, width, height: 10, pixels_per_cell };
        assert_eq!(win(10, 0.01).pixel_size(), Err(ExportError::Empty));
        assert_eq!(win(10, 4000.0).pixel_size(), Err(ExportError::TooLarge { width: 40_000, height: 40_000 }));
        assert_eq!(win(10, 2.0).pixel_size(), Ok((20, 20)));
    }

    #[test]
    fn a_cancelled_export_writes_nothing() {
        let t = compute(&preset("queen").unwrap(), 200, 200, &Control::new()).unwrap();
        let dir = std::env::temp_dir().join(format!("grundy-lab-export-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let poster =
            Poster { palette: PaletteKind::Grey, highlight: vec![], pixels_per_cell: 0.5, legend: true, texts: None };
        let win = ExportWindow::whole(&t, 0.5);
        let cancelled = Control::new();
        cancelled.cancel();
        let (png, csv) = (dir.join("cancelled.png"), dir.join("cancelled.csv"));
        assert_eq!(write_window(&t, &poster, win, &png, &cancelled), Err(ExportError::Cancelled));
        assert_eq!(write_csv_window(&t, win, &csv, &cancelled), Err(ExportError::Cancelled));
        assert!(!png.exists() && !csv.exists());
        // Nothing else is left in the folder either (no temporary file).
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        // Not cancelled: both files, and the progress reached the end.
        let c = Control::new();
        assert!(write_window(&t, &poster, win, &png, &c).is_ok());
        assert_eq!(c.fraction(), 1.0);
        let c = Control::new();
        write_csv_window(&t, win, &csv, &c).unwrap();
        assert_eq!(c.fraction(), 1.0);
        let text = std::fs::read_to_string(&csv).unwrap();
        assert_eq!(text.lines().count(), 200);
        assert!(text.starts_with("0,1,2,"), "{}", &text[..20]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
