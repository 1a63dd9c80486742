//! The map itself: the picture of the visible window, pan and zoom, hover
//! and pin, and what is drawn on top (cell values, grid, P-position
//! outlines, golden-ratio lines, axes, legend, badges).

use super::legend::{LegendBox, badge, colour, tag};
use super::picture::Layers;
use super::{MapTab, ViewState};
use crate::grundy::Table;
use crate::map::palette::PENDING;
use crate::map::{Camera, Palette};
use crate::ui::i18n::tr;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, pos2, vec2};
use std::sync::Arc;

use crate::theory::PHI_F64 as PHI;

/// Black or white, whichever reads better on `c`.
fn ink_on(c: [u8; 4]) -> Color32 {
    let l = 0.299 * c[0] as f32 + 0.587 * c[1] as f32 + 0.114 * c[2] as f32;
    if l > 140.0 { Color32::BLACK } else { Color32::WHITE }
}

/// Draw the map and handle the pointer and keys over it.
pub(super) fn canvas(ui: &mut egui::Ui, tab: &mut MapTab) {
    let (full, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    // What of it is in sight (the panel's margin clips the bottom): the map
    // is fitted to that.
    let full = full.intersect(ui.clip_rect());
    // The table to draw: the one being computed (over the old one), or the
    // finished one.
    let Some((table, fallback)) = tab.rt.table.to_draw() else {
        let painter = ui.painter_at(full);
        tab.rt.view.canvas = Some(full);
        painter.rect_filled(full, 0.0, colour(PENDING));
        let text = tab.rt.table.error().unwrap_or_else(|| tr("map.wait").to_string());
        painter.text(
            full.center(),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(20.0),
            crate::ui::theme::current(ui.ctx()).map_text,
        );
        return;
    };
    let (w, h) = (table.width(), table.height());
    let finished = tab.rt.table.finished_of(&table);
    let overlay = tab.rt.overlays.shown().cloned();
    let overlay_palette = overlay.as_ref().map(|o| o.kind.palette());
    let palette = tab.rt.picture.palette_for(&tab.options, &table, finished.as_deref());
    // The legend has a room of its own beside or under the map, never over
    // its cells; the construction hides the map's colours under its board
    // and has its key beside it.
    let legend = tab
        .rt
        .construction
        .on_map()
        .is_none()
        .then(|| LegendBox::new(ui.ctx(), tab, &palette, overlay.as_ref().map(|o| o.kind), &table));
    let (rect, legend_rect) = match &legend {
        Some(l) => {
            let (map, room) = l.place(&ui.painter_at(full), full, (w, h));
            (map, Some(room))
        }
        None => (full, None),
    };
    let painter = ui.painter_at(rect);
    tab.rt.view.canvas = Some(rect);
    painter.rect_filled(rect, 0.0, colour(PENDING));
    let mut cam = fitted_camera(&mut tab.rt.view, tab.camera, w, h, rect);
    if let Some(side) = tab.rt.construction.take_fit(rect.size()) {
        cam = super::construction::fitted(side, rect);
    }
    handle_input(ui, &response, rect, &mut cam, w, h);
    tab.camera = Some(cam);

    if let Some(built) = tab.rt.construction.on_map() {
        // The construction's board alone: the map's colours, values and
        // outlines around it would give away the answers being built.
        tab.rt.view.numbers_drawn = 0;
        super::construction::draw_on_map(&painter, rect, &cam, built);
    } else {
        let layers = Layers {
            table: &table,
            fallback: fallback.as_ref(),
            finished: finished.as_deref(),
            overlay: overlay.as_ref().zip(overlay_palette.as_ref()),
            palette: &palette,
            palette_kind: tab.options.palette,
        };
        tab.rt.picture.paint(ui, &painter, rect, &cam, &layers);
        let (shown, cell_palette) = match (&overlay, &overlay_palette) {
            (Some(o), Some(p)) => (&o.table, p),
            _ => (&table, &*palette),
        };
        let pairs = overlay.as_ref().map(|o| &o.cells);
        tab.rt.view.numbers_drawn = draw_cells_overlay(&painter, rect, &cam, (shown, pairs), &table, cell_palette, tab);
    }
    if tab.options.golden {
        draw_golden_lines(&painter, rect, &cam, w.max(h));
    }
    // The construction's board has its own side.
    let (aw, ah) = tab.rt.construction.on_map().map_or((w, h), |(c, _)| (c.width(), c.height()));
    draw_axes(&painter, rect, &cam, aw, ah);
    hover_and_pin(tab, &painter, &response, rect, &cam, &table);
    let why = match tab.rt.construction.on_map() {
        None => super::why::draw_why(&painter, rect, &cam, tab, &table),
        Some(_) => None,
    };
    let description = match why {
        Some(why) => format!("{}\n{why}", tr("map.canvas")),
        None => tr("map.canvas").to_string(),
    };
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &description));
    if let (Some(legend), Some(room)) = (legend, legend_rect) {
        legend.draw(&ui.painter_at(full), room);
    }
    draw_badges(&painter, rect, tab);
}

/// The camera for this frame: fitted to the canvas when asked, at the
/// first frame, or when the canvas changed size while the camera was
/// untouched since the last fit.
fn fitted_camera(view: &mut ViewState, camera: Option<Camera>, w: usize, h: usize, rect: Rect) -> Camera {
    let size = (rect.width(), rect.height());
    let resized_untouched = view.last_fit.is_some_and(|(fw, fh, cam)| (fw, fh) != size && camera == Some(cam));
    match camera {
        Some(cam) if !view.fit_requested && !resized_untouched => cam,
        _ => {
            let cam = Camera::fit(w, h, size.0 as f64, size.1 as f64);
            view.last_fit = Some((size.0, size.1, cam));
            view.fit_requested = false;
            cam
        }
    }
}

/// Follow the pointer, pin on click, and mark both cells; the hovered cell
/// also gets its values as a tooltip.
fn hover_and_pin(
    tab: &mut MapTab,
    painter: &egui::Painter,
    response: &egui::Response,
    rect: Rect,
    cam: &Camera,
    table: &Arc<Table>,
) {
    let pal = crate::ui::theme::current(painter.ctx());
    let (w, h) = (table.width(), table.height());
    let pointer = &mut tab.rt.pointer;
    pointer.hover(response.hover_pos().and_then(|p| {
        let c = cam.cell_at((p.x - rect.min.x) as f64, (p.y - rect.min.y) as f64)?;
        (c.0 < w && c.1 < h).then_some(c)
    }));
    if response.clicked() {
        pointer.click();
    }
    let cell_rect = |(x, y): (usize, usize)| {
        let (a, b) = cam.to_pixel(x as f64, y as f64);
        Rect::from_min_size(rect.min + vec2(a as f32, b as f32), vec2(cam.zoom as f32, cam.zoom as f32))
    };
    if let Some(c) = pointer.hovered() {
        let r = cell_rect(c).expand(1.0);
        painter.rect_stroke(r, 0.0, Stroke::new(2.0, pal.map_hover_inner), StrokeKind::Outside);
        painter.rect_stroke(r.expand(2.0), 0.0, Stroke::new(1.5, pal.map_hover_outer), StrokeKind::Outside);
    }
    if let Some(c) = pointer.pinned() {
        let orange = Stroke::new(3.0, pal.map_pinned);
        painter.rect_stroke(cell_rect(c).expand(2.0), 2.0, orange, StrokeKind::Outside);
    }
    // (Not while the construction is shown: the value would give it away.)
    if let Some(c) = pointer.hovered().filter(|_| tab.rt.construction.on_map().is_none()) {
        response.clone().on_hover_text_at_pointer(super::side::cell_text(table, c));
    }
}

/// The progress of a computation and (when asked) the frame time.
fn draw_badges(painter: &egui::Painter, rect: Rect, tab: &MapTab) {
    if let Some(job) = tab.rt.table.computing() {
        let text = format!("{} {:.0}%", tr("map.computing"), job.fraction() * 100.0);
        badge(painter, rect.center_top() + vec2(0.0, 40.0), Align2::CENTER_TOP, &text);
    }
    if tab.options.frame_time {
        let text = format!("{:.1} ms", tab.rt.view.frame_ms);
        badge(painter, rect.right_top() + vec2(-10.0, 40.0), Align2::RIGHT_TOP, &text);
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
/// numbers were written. The cells of a difference view show the two values
/// it compares ("this / the other"), not its codes.
fn draw_cells_overlay(
    painter: &egui::Painter,
    rect: Rect,
    cam: &Camera,
    (shown, pairs): (&Table, Option<&super::cell_values::CellValues>),
    table: &Table,
    palette: &Palette,
    tab: &MapTab,
) -> usize {
    let (xs, ys) = cam.visible_cells(rect.width() as f64, rect.height() as f64, shown.width(), shown.height());
    let count = xs.len() * ys.len();
    let z = cam.zoom as f32;
    let pal = crate::ui::theme::current(painter.ctx());
    let at = |x: usize, y: usize| -> Pos2 {
        let (a, b) = cam.to_pixel(x as f64, y as f64);
        rect.min + vec2(a as f32, b as f32)
    };
    if tab.options.grid && z >= 10.0 {
        for x in xs.start..=xs.end {
            let s =
                if x % 10 == 0 { Stroke::new(1.2, pal.map_grid_major) } else { Stroke::new(0.6, pal.map_grid_minor) };
            painter.line_segment([at(x, ys.start), at(x, ys.end)], s);
        }
        for y in ys.start..=ys.end {
            let s =
                if y % 10 == 0 { Stroke::new(1.2, pal.map_grid_major) } else { Stroke::new(0.6, pal.map_grid_minor) };
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
                        Stroke::new((z * 0.08).clamp(1.0, 4.0), pal.map_p_outline),
                        StrokeKind::Inside,
                    );
                }
            }
        }
    }
    let mut written = 0;
    if tab.options.numbers && z >= 22.0 && count <= 8_000 {
        // Two values need a smaller face to fit a cell.
        let em = if pairs.is_some() { z * 0.3 } else { z * 0.42 };
        let font = FontId::proportional(em.min(28.0));
        for y in ys {
            for x in xs.clone() {
                if let Some(v) = shown.try_get(x, y).filter(|&v| v != crate::grundy::NOT_A_POSITION) {
                    let text = match pairs {
                        Some(p) => match p.text(x, y) {
                            Some(t) => t,
                            None => continue,
                        },
                        None => v.to_string(),
                    };
                    written += 1;
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

/// The lines y = φx and y = x/φ, thin and translucent: the P-positions
/// they explain stay visible under them.
fn draw_golden_lines(painter: &egui::Painter, rect: Rect, cam: &Camera, n: usize) {
    let far = n as f64 * 2.0;
    let stroke = Stroke::new(1.2, crate::ui::theme::current(painter.ctx()).map_golden_line);
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
