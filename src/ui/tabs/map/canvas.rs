//! The map itself: the level-of-detail picture of the visible window, pan
//! and zoom, hover and pin, and the overlays drawn on top.

use super::{MapTab, OverlayKind, RasterKey};
use crate::grundy::{Table, TableKind};
use crate::map::palette::PENDING;
use crate::map::{Camera, Palette, View, render, render_partial};
use crate::ui::i18n::{tr, trf};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, pos2, vec2};
use std::sync::Arc;
use std::time::{Duration, Instant};

const PHI: f64 = 1.618_033_988_749_895;
/// Largest picture side rendered for the screen.
const MAX_PX: usize = 4096;
/// Resolution of the provisional picture while a table is computed.
pub const PARTIAL_DETAIL: f64 = 1.0 / 3.0;

fn colour(c: [u8; 4]) -> Color32 {
    Color32::from_rgba_unmultiplied(c[0], c[1], c[2], c[3])
}

/// Black or white, whichever reads better on `c`.
fn ink_on(c: [u8; 4]) -> Color32 {
    let l = 0.299 * c[0] as f32 + 0.587 * c[1] as f32 + 0.114 * c[2] as f32;
    if l > 140.0 { Color32::BLACK } else { Color32::WHITE }
}

pub(super) fn canvas(ui: &mut egui::Ui, tab: &mut MapTab) {
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    tab.rt.canvas = Some(rect);
    painter.rect_filled(rect, 0.0, colour(PENDING));
    // The table to draw: the one being computed (over the old one), or the
    // finished one.
    let (table, fallback) = match (&tab.rt.computing, &tab.rt.shown) {
        (Some(c), s) => (c.table.clone(), s.as_ref().map(|s| s.table.clone())),
        (None, Some(s)) => (s.table.clone(), None),
        (None, None) => {
            let text = tab.rt.error.clone().unwrap_or_else(|| tr("map.wait").to_string());
            painter.text(rect.center(), Align2::CENTER_CENTER, text, FontId::proportional(20.0), Color32::WHITE);
            return;
        }
    };
    let finished = tab.rt.shown.as_ref().filter(|s| Arc::ptr_eq(&s.table, &table)).and_then(|s| s.finished.clone());
    let (w, h) = (table.width(), table.height());
    let size = (rect.width(), rect.height());
    let resized_untouched = tab.rt.last_fit.is_some_and(|(fw, fh, cam)| (fw, fh) != size && tab.camera == Some(cam));
    if tab.rt.fit_requested || tab.camera.is_none() || resized_untouched {
        let cam = Camera::fit(w, h, size.0 as f64, size.1 as f64);
        tab.camera = Some(cam);
        tab.rt.last_fit = Some((size.0, size.1, cam));
        tab.rt.fit_requested = false;
    }
    let mut cam = tab.camera.unwrap_or_default();
    handle_input(ui, &response, rect, &mut cam, w, h);
    tab.camera = Some(cam);

    // The picture of the visible window.
    let ppp = ui.ctx().pixels_per_point() as f64;
    // While a table fills in, the provisional picture is drawn at a third
    // of the resolution: each pixel then costs a completeness check and up
    // to two scattered table lookups, and the frame must stay short.
    let partial = !table.is_complete();
    let detail = if partial { PARTIAL_DETAIL } else { 1.0 };
    let px_w = ((rect.width() as f64 * ppp * detail).round() as usize).clamp(1, MAX_PX);
    let px_h = ((rect.height() as f64 * ppp * detail).round() as usize).clamp(1, MAX_PX);
    let view = View { x0: cam.x0, y0: cam.y0, cells_per_pixel: rect.width() as f64 / (px_w as f64 * cam.zoom) };
    let overlay = if tab.rt.show_overlay { tab.rt.overlay.clone() } else { None };
    let palette = tab.palette_for(&table, finished.as_deref());
    let overlay_palette = overlay.as_ref().map(|o| overlay_palette(o.kind));
    let key = RasterKey {
        table: Arc::as_ptr(&table) as usize,
        complete: table.is_complete(),
        pyramid: finished.is_some(),
        camera: [cam.x0.to_bits(), cam.y0.to_bits(), cam.zoom.to_bits()],
        size: [px_w, px_h],
        palette: tab.rt.palette.as_ref().map(|(k, _)| k.clone()),
        overlay: overlay.as_ref().map(|o| Arc::as_ptr(&o.table) as usize),
    };
    let stale = tab.rt.raster_key.as_ref() != Some(&key)
        || (partial && tab.rt.last_partial.is_none_or(|t| t.elapsed() > Duration::from_millis(150)));
    if stale {
        let buf = &mut tab.rt.buf;
        match (&overlay, &overlay_palette) {
            (Some(o), Some(op)) => render(&o.table, None, op, view, px_w, px_h, buf),
            _ if partial => {
                let fallback_palette = fallback.as_ref().map(|f| {
                    Palette::new(tab.options.palette, (f.width() * 2) as u32, &[0], f.kind() == TableKind::Outcome)
                });
                render_partial(&table, fallback.as_deref(), &palette, fallback_palette.as_ref(), view, px_w, px_h, buf)
            }
            _ => render(&table, finished.as_ref().and_then(|f| f.pyramid.as_ref()), &palette, view, px_w, px_h, buf),
        }
        let image = egui::ColorImage::from_rgba_unmultiplied([px_w, px_h], buf);
        match &mut tab.rt.texture {
            Some(t) => t.set(image, egui::TextureOptions::NEAREST),
            None => tab.rt.texture = Some(ui.ctx().load_texture("grundy-map", image, egui::TextureOptions::NEAREST)),
        }
        tab.rt.raster_key = Some(key);
        if partial {
            tab.rt.last_partial = Some(Instant::now());
            ui.ctx().request_repaint_after(Duration::from_millis(150));
        }
    }
    if let Some(t) = &tab.rt.texture {
        painter.image(t.id(), rect, Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)), Color32::WHITE);
    }

    let shown_table = overlay.as_ref().map(|o| o.table.clone()).unwrap_or_else(|| table.clone());
    let cell_palette = overlay_palette.clone().map(Arc::new).unwrap_or_else(|| palette.clone());
    tab.rt.numbers_drawn = draw_cells_overlay(&painter, rect, &cam, &shown_table, &table, &cell_palette, tab);
    if tab.options.golden {
        draw_golden_lines(&painter, rect, &cam, w.max(h));
    }
    draw_axes(&painter, rect, &cam, w, h);

    // Hover and pin.
    tab.rt.hover = response.hover_pos().and_then(|p| {
        let c = cam.cell_at((p.x - rect.min.x) as f64, (p.y - rect.min.y) as f64)?;
        (c.0 < w && c.1 < h).then_some(c)
    });
    if response.clicked() {
        tab.rt.pinned = tab.rt.hover;
    }
    let cell_rect = |(x, y): (usize, usize)| {
        let (a, b) = cam.to_pixel(x as f64, y as f64);
        Rect::from_min_size(rect.min + vec2(a as f32, b as f32), vec2(cam.zoom as f32, cam.zoom as f32))
    };
    if let Some(c) = tab.rt.hover {
        let r = cell_rect(c).expand(1.0);
        painter.rect_stroke(r, 0.0, Stroke::new(2.0, Color32::WHITE), StrokeKind::Outside);
        painter.rect_stroke(r.expand(2.0), 0.0, Stroke::new(1.5, Color32::BLACK), StrokeKind::Outside);
    }
    if let Some(c) = tab.rt.pinned {
        painter.rect_stroke(
            cell_rect(c).expand(2.0),
            2.0,
            Stroke::new(3.0, Color32::from_rgb(255, 80, 40)),
            StrokeKind::Outside,
        );
    }
    if let Some(c) = tab.rt.hover {
        let text = super::side::cell_text(&table, c);
        response.clone().on_hover_text_at_pointer(text);
    }

    draw_legend(&painter, rect, tab, &palette, overlay.as_ref().map(|o| o.kind), partial, &table);
    if let Some(c) = &tab.rt.computing {
        let text = format!("{} {:.0}%", tr("map.computing"), c.job.fraction() * 100.0);
        badge(&painter, rect.center_top() + vec2(0.0, 40.0), Align2::CENTER_TOP, &text);
    }
    if tab.options.frame_time {
        badge(&painter, rect.right_top() + vec2(-10.0, 40.0), Align2::RIGHT_TOP, &format!("{:.1} ms", tab.rt.frame_ms));
    }
}

fn overlay_palette(kind: OverlayKind) -> Palette {
    match kind {
        OverlayKind::Compare => Palette::new(crate::map::PaletteKind::Highlight, 3, &[3, 1, 2], false),
        OverlayKind::Formula => Palette::new(crate::map::PaletteKind::Highlight, 1, &[1], false),
    }
}

fn handle_input(ui: &egui::Ui, response: &egui::Response, rect: Rect, cam: &mut Camera, w: usize, h: usize) {
    if response.dragged() {
        let d = response.drag_delta();
        cam.pan_pixels(d.x as f64, d.y as f64);
    }
    if response.hovered() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
        let factor = zoom as f64 * (scroll as f64 * 0.004).exp();
        if factor != 1.0
            && let Some(p) = response.hover_pos()
        {
            cam.zoom_about(factor, (p.x - rect.min.x) as f64, (p.y - rect.min.y) as f64);
        }
    }
    if ui.ctx().egui_wants_keyboard_input() {
        return;
    }
    let (vw, vh) = (rect.width() as f64, rect.height() as f64);
    // The keys zoom about the cell under the pointer when it is over the
    // map, like the wheel, else about the centre.
    let (zx, zy) =
        response.hover_pos().map_or((vw / 2.0, vh / 2.0), |p| ((p.x - rect.min.x) as f64, (p.y - rect.min.y) as f64));
    ui.input(|i| {
        let step = 80.0;
        if i.key_pressed(egui::Key::ArrowLeft) {
            cam.pan_pixels(step, 0.0);
        }
        if i.key_pressed(egui::Key::ArrowRight) {
            cam.pan_pixels(-step, 0.0);
        }
        if i.key_pressed(egui::Key::ArrowUp) {
            cam.pan_pixels(0.0, step);
        }
        if i.key_pressed(egui::Key::ArrowDown) {
            cam.pan_pixels(0.0, -step);
        }
        let plus = i.key_pressed(egui::Key::Plus) || i.key_pressed(egui::Key::Equals);
        if plus && !i.modifiers.command {
            cam.zoom_about(1.25, zx, zy);
        }
        if i.key_pressed(egui::Key::Minus) && !i.modifiers.command {
            cam.zoom_about(0.8, zx, zy);
        }
        if i.key_pressed(egui::Key::F) {
            *cam = Camera::fit(w, h, vw, vh);
        }
    });
}

/// Numbers in cells, a grid and P-position outlines, for the visible cells
/// only and only when cells are large enough to show them. Returns how many
/// numbers were written.
fn draw_cells_overlay(
    painter: &egui::Painter,
    rect: Rect,
    cam: &Camera,
    shown: &Table,
    table: &Table,
    palette: &Palette,
    tab: &MapTab,
) -> usize {
    let (xs, ys) = cam.visible_cells(rect.width() as f64, rect.height() as f64, shown.width(), shown.height());
    let count = xs.len() * ys.len();
    let z = cam.zoom as f32;
    let at = |x: usize, y: usize| -> Pos2 {
        let (a, b) = cam.to_pixel(x as f64, y as f64);
        rect.min + vec2(a as f32, b as f32)
    };
    if tab.options.grid && z >= 10.0 {
        for x in xs.start..=xs.end {
            let s = if x % 10 == 0 {
                Stroke::new(1.2, Color32::from_black_alpha(110))
            } else {
                Stroke::new(0.6, Color32::from_black_alpha(50))
            };
            painter.line_segment([at(x, ys.start), at(x, ys.end)], s);
        }
        for y in ys.start..=ys.end {
            let s = if y % 10 == 0 {
                Stroke::new(1.2, Color32::from_black_alpha(110))
            } else {
                Stroke::new(0.6, Color32::from_black_alpha(50))
            };
            painter.line_segment([at(xs.start, y), at(xs.end, y)], s);
        }
    }
    if tab.options.outline_p && z >= 4.0 && count <= 60_000 {
        for y in ys.clone() {
            for x in xs.clone() {
                if table.try_get(x, y) == Some(0) {
                    let r = Rect::from_min_size(at(x, y), vec2(z, z)).shrink((z * 0.08).max(1.0));
                    painter.rect_stroke(
                        r,
                        z * 0.15,
                        Stroke::new((z * 0.08).clamp(1.0, 4.0), Color32::from_rgb(255, 120, 60)),
                        StrokeKind::Inside,
                    );
                }
            }
        }
    }
    let mut written = 0;
    if tab.options.numbers && z >= 22.0 && count <= 8_000 {
        let font = FontId::proportional((z * 0.42).min(28.0));
        for y in ys {
            for x in xs.clone() {
                if let Some(v) = shown.try_get(x, y) {
                    written += 1;
                    let text = if shown.kind() == TableKind::Outcome {
                        if v == 0 { "P".to_string() } else { "N".to_string() }
                    } else {
                        v.to_string()
                    };
                    painter.text(
                        at(x, y) + vec2(z / 2.0, z / 2.0),
                        Align2::CENTER_CENTER,
                        text,
                        font.clone(),
                        ink_on(palette.colour(v)),
                    );
                }
            }
        }
    }
    written
}

fn draw_golden_lines(painter: &egui::Painter, rect: Rect, cam: &Camera, n: usize) {
    let far = n as f64 * 2.0;
    let stroke = Stroke::new(2.5, Color32::from_rgb(255, 215, 0));
    for (slope, label) in [(PHI, "y = φx"), (1.0 / PHI, "y = x/φ")] {
        let a = cam.to_pixel(0.0, 0.0);
        let (ex, ey) = if slope > 1.0 { (far / slope, far) } else { (far, far * slope) };
        let b = cam.to_pixel(ex, ey);
        let p = |q: (f64, f64)| rect.min + vec2(q.0 as f32, q.1 as f32);
        painter.line_segment([p(a), p(b)], stroke);
        // Label where the line leaves the view (or near its visible end).
        let t = [0.9f64, 0.6, 0.3, 0.1].into_iter().map(|f| {
            let c = cam.to_cell(rect.width() as f64 * f, rect.height() as f64 * f);
            let along = if slope > 1.0 { c.1 / slope } else { c.0 };
            cam.to_pixel(along, along * slope)
        });
        if let Some(q) = t.map(p).find(|q| rect.shrink(30.0).contains(*q)) {
            badge(painter, q + vec2(8.0, -8.0), Align2::LEFT_BOTTOM, label);
        }
    }
}

fn nice_step(raw: f64) -> usize {
    let raw = raw.max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(raw) as usize
}

fn draw_axes(painter: &egui::Painter, rect: Rect, cam: &Camera, w: usize, h: usize) {
    let step = nice_step(70.0 / cam.zoom);
    let (xs, ys) = cam.visible_cells(rect.width() as f64, rect.height() as f64, w + 1, h + 1);
    for x in (xs.start.div_ceil(step) * step..xs.end).step_by(step) {
        let (px, _) = cam.to_pixel(x as f64, 0.0);
        tag(painter, pos2(rect.min.x + px as f32, rect.min.y + 3.0), Align2::CENTER_TOP, &x.to_string());
    }
    for y in (ys.start.div_ceil(step) * step..ys.end).step_by(step) {
        let (_, py) = cam.to_pixel(0.0, y as f64);
        tag(painter, pos2(rect.min.x + 3.0, rect.min.y + py as f32), Align2::LEFT_CENTER, &y.to_string());
    }
}

/// A small label on a dark background (axis coordinates).
fn tag(painter: &egui::Painter, pos: Pos2, align: Align2, text: &str) {
    let font = FontId::proportional(13.0 * text_scale(painter.ctx()));
    let galley = painter.layout_no_wrap(text.to_string(), font, Color32::WHITE);
    let r = align.anchor_size(pos, galley.size());
    painter.rect_filled(r.expand(2.0), 3.0, Color32::from_black_alpha(150));
    painter.galley(r.min, galley, Color32::WHITE);
}

/// How much larger than the default the UI's text is (the body size over
/// its default of 18 points, as the banner does), so that the map's own
/// labels grow with the rest on a projector.
fn text_scale(ctx: &egui::Context) -> f32 {
    let body = ctx.global_style().text_styles.get(&egui::TextStyle::Body).map_or(18.0, |f| f.size);
    (body / 18.0).max(0.5)
}

fn badge(painter: &egui::Painter, pos: Pos2, align: Align2, text: &str) {
    let font = FontId::proportional(16.0 * text_scale(painter.ctx()));
    let galley = painter.layout_no_wrap(text.to_string(), font, Color32::WHITE);
    let r = align.anchor_size(pos, galley.size());
    painter.rect_filled(r.expand(5.0), 5.0, Color32::from_black_alpha(170));
    painter.galley(r.min, galley, Color32::WHITE);
}

/// The legend: what each colour means, always on the map.
fn draw_legend(
    painter: &egui::Painter,
    rect: Rect,
    tab: &MapTab,
    palette: &Palette,
    overlay: Option<OverlayKind>,
    partial: bool,
    table: &Table,
) {
    let misere = table.kind() == TableKind::Outcome;
    let max = tab
        .rt
        .shown
        .as_ref()
        .and_then(|s| s.finished.as_ref())
        .map(|f| f.stats.max)
        .unwrap_or((table.width() * 2) as u32);
    let highlight = super::parse_values(&tab.options.highlight);
    let mut entries: Vec<(String, Color32)> = match overlay {
        Some(OverlayKind::Compare) => {
            let p = overlay_palette(OverlayKind::Compare);
            vec![
                (tr("map.compare.legend.both").into(), colour(p.colour(3))),
                (tr("map.compare.legend.first").into(), colour(p.colour(1))),
                (tr("map.compare.legend.second").into(), colour(p.colour(2))),
                (tr("map.compare.legend.neither").into(), colour(p.colour(0))),
            ]
        }
        Some(OverlayKind::Formula) => {
            let p = overlay_palette(OverlayKind::Formula);
            vec![
                (tr("map.formula.legend.differs").into(), colour(p.colour(1))),
                (tr("map.formula.legend.same").into(), colour(p.colour(0))),
            ]
        }
        None => palette
            .legend(max, &highlight, misere, 7)
            .into_iter()
            .map(|(l, c)| (if l == Palette::OTHER { tr("map.legend.other").into() } else { l }, colour(c)))
            .collect(),
    };
    if partial {
        entries.push((tr("map.legend.pending").into(), colour(PENDING)));
    }
    let k = text_scale(painter.ctx());
    let font = FontId::proportional(14.0 * k);
    let row = 20.0 * k;
    let width = 190.0 * k;
    let height = 28.0 * k + row * entries.len() as f32;
    let r = Rect::from_min_size(pos2(rect.max.x - width - 10.0, rect.max.y - height - 10.0), vec2(width, height));
    painter.rect_filled(r, 6.0, Color32::from_black_alpha(235));
    let title = if overlay.is_some() { tr("map.compare").to_string() } else { trf("map.legend", &[]) };
    painter.text(r.min + vec2(10.0, 6.0) * k, Align2::LEFT_TOP, title, FontId::proportional(15.0 * k), Color32::WHITE);
    for (i, (label, c)) in entries.iter().enumerate() {
        let y = r.min.y + 28.0 * k + i as f32 * row;
        let sw = Rect::from_min_size(pos2(r.min.x + 10.0 * k, y + 2.0 * k), vec2(22.0, 14.0) * k);
        painter.rect_filled(sw, 2.0, *c);
        painter.rect_stroke(sw, 2.0, Stroke::new(1.0, Color32::from_gray(200)), StrokeKind::Outside);
        painter.text(pos2(sw.max.x + 8.0 * k, y + 9.0 * k), Align2::LEFT_CENTER, label, font.clone(), Color32::WHITE);
    }
}
