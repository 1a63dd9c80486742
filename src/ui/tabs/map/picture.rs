//! The picture of the visible window: rendered from the table (or the
//! pyramid, or the difference overlay) into a texture, and only again when
//! something it is made from changed, so a still frame costs nothing.
//! While a table fills in, the picture is refreshed a few times a second.
//!
//! Invariants kept here: the texture always shows what `key` says; the
//! palette cache holds the palette of its key.

use super::overlays::Overlay;
use super::table_state::Finished;
use super::{MapOptions, parse_values};
use crate::grundy::Table;
use crate::map::{Camera, Palette, PaletteKind, View, render, render_partial};
use egui::{Color32, Rect, pos2};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// Largest picture side rendered for the screen.
const MAX_PX: usize = 4096;
/// Resolution of the provisional picture while a table is computed.
const PARTIAL_DETAIL: f64 = 1.0 / 3.0;
/// How often the provisional picture is refreshed.
const PARTIAL_REFRESH: Duration = Duration::from_millis(150);

/// What the frame may reuse from the last picture.
#[derive(Clone, Debug, PartialEq)]
struct RasterKey {
    table: usize,
    complete: bool,
    pyramid: bool,
    camera: [u64; 3],
    size: [usize; 2],
    palette: Option<PaletteKey>,
    overlay: Option<usize>,
}

/// What a palette is made from: kind, largest value, highlighted values.
type PaletteKey = (PaletteKind, u32, Vec<u32>);

/// What one frame's picture is made from.
pub(super) struct Layers<'a> {
    /// The table drawn (complete or filling in).
    pub table: &'a Arc<Table>,
    /// The previous table, drawn where the new one is not computed yet.
    pub fallback: Option<&'a Arc<Table>>,
    /// The statistics and pyramid of `table`, once ready.
    pub finished: Option<&'a Finished>,
    /// A difference table drawn instead of the map, with its palette.
    pub overlay: Option<(&'a Overlay, &'a Palette)>,
    /// The map's palette.
    pub palette: &'a Palette,
    /// The kind of palette chosen (for the fallback table's colours).
    pub palette_kind: PaletteKind,
}

/// The texture on screen and what it was made from.
#[derive(Default)]
pub(crate) struct Picture {
    texture: Option<egui::TextureHandle>,
    key: Option<RasterKey>,
    last_partial: Option<Instant>,
    buf: Vec<u8>,
    palette: Option<(PaletteKey, Arc<Palette>)>,
}

impl Picture {
    /// The palette for a table under the chosen options, cached by its inputs.
    pub fn palette_for(&mut self, options: &MapOptions, table: &Table, finished: Option<&Finished>) -> Arc<Palette> {
        // Until the statistics arrive, a generous estimate of the maximum
        // (x + y bounds the queen's values) keeps the colours stable enough.
        let max = finished.map(|f| f.stats.max).unwrap_or((table.width() + table.height()) as u32);
        let key = (options.palette, max, parse_values(&options.highlight));
        if let Some((k, p)) = &self.palette
            && *k == key
        {
            return p.clone();
        }
        let p = Arc::new(Palette::new(key.0, key.1, &key.2));
        self.palette = Some((key, p.clone()));
        p
    }

    /// Render the visible window when anything it is made from changed
    /// (or, while the table fills in, when the last picture is old), then
    /// paint it into `rect`.
    pub fn paint(&mut self, ui: &egui::Ui, painter: &egui::Painter, rect: Rect, cam: &Camera, layers: &Layers) {
        let partial = !layers.table.is_complete();
        let (px_w, px_h) = pixel_size(ui, rect, partial);
        let key = RasterKey {
            table: Arc::as_ptr(layers.table) as usize,
            complete: !partial,
            pyramid: layers.finished.is_some(),
            camera: [cam.x0.to_bits(), cam.y0.to_bits(), cam.zoom.to_bits()],
            size: [px_w, px_h],
            palette: self.palette.as_ref().map(|(k, _)| k.clone()),
            overlay: layers.overlay.map(|(o, _)| Arc::as_ptr(&o.table) as usize),
        };
        let old = self.last_partial.is_none_or(|t| t.elapsed() > PARTIAL_REFRESH);
        if self.key.as_ref() != Some(&key) || (partial && old) {
            let view = View { x0: cam.x0, y0: cam.y0, cells_per_pixel: rect.width() as f64 / (px_w as f64 * cam.zoom) };
            self.render(layers, view, px_w, px_h);
            self.upload(ui.ctx(), px_w, px_h);
            self.key = Some(key);
            if partial {
                self.last_partial = Some(Instant::now());
                ui.ctx().request_repaint_after(PARTIAL_REFRESH);
            }
        }
        if let Some(t) = &self.texture {
            painter.image(t.id(), rect, Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)), Color32::WHITE);
        }
    }

    fn render(&mut self, layers: &Layers, view: View, px_w: usize, px_h: usize) {
        let buf = &mut self.buf;
        let table = layers.table;
        if let Some((o, op)) = layers.overlay {
            render(&o.table, None, op, view, px_w, px_h, buf);
        } else if !table.is_complete() {
            let fallback_palette =
                layers.fallback.map(|f| Palette::new(layers.palette_kind, (f.width() * 2) as u32, &[0]));
            let fallback = layers.fallback.map(|f| &**f);
            render_partial(table, fallback, layers.palette, fallback_palette.as_ref(), view, px_w, px_h, buf);
        } else {
            let pyramid = layers.finished.and_then(|f| f.pyramid.as_ref());
            render(table, pyramid, layers.palette, view, px_w, px_h, buf);
        }
    }

    fn upload(&mut self, ctx: &egui::Context, px_w: usize, px_h: usize) {
        let image = egui::ColorImage::from_rgba_unmultiplied([px_w, px_h], &self.buf);
        match &mut self.texture {
            Some(t) => t.set(image, egui::TextureOptions::NEAREST),
            None => self.texture = Some(ctx.load_texture("grundy-map", image, egui::TextureOptions::NEAREST)),
        }
    }
}

/// The picture's size in pixels for `rect`. While a table fills in, the
/// provisional picture is drawn at a third of the resolution: each pixel
/// then costs a completeness check and up to two scattered table lookups,
/// and the frame must stay short. A picture larger than the graphics card's
/// largest texture (or [`MAX_PX`]) is drawn at a lower resolution, the same
/// in both directions so that cells stay square.
fn pixel_size(ui: &egui::Ui, rect: Rect, partial: bool) -> (usize, usize) {
    let ppp = ui.ctx().pixels_per_point() as f64;
    let detail = if partial { PARTIAL_DETAIL } else { 1.0 };
    let limit = MAX_PX.min(ui.ctx().input(|i| i.max_texture_side)).max(1) as f64;
    let (w, h) = (rect.width().max(1.0) as f64, rect.height().max(1.0) as f64);
    let scale = (ppp * detail).min(limit / w).min(limit / h);
    let px = |points: f64| ((points * scale).round() as usize).clamp(1, limit as usize);
    (px(w), px(h))
}
