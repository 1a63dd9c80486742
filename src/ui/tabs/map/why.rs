//! "Why this value", drawn on the map: the cells one move of the pinned
//! cell reaches are outlined (with their values when the cells are large
//! enough), and a caption under the map says the value as the mex of
//! theirs (a misère value with no move left is 1, and says so).

use super::MapTab;
use super::pointer::PinnedMoves;
use crate::grundy::{Table, TableKind};
use crate::map::Camera;
use crate::ui::i18n::{tr, trf, trn};
use egui::{Align2, FontId, Rect, Stroke, StrokeKind, vec2};
use std::sync::Arc;

/// At most this many characters of the set of values go into the caption.
const VALUES_SHOWN: usize = 48;

/// Outline the moves of the pinned cell and say its value under the map;
/// the caption, for the map's description to screen readers and tests.
pub(super) fn draw_why(
    painter: &egui::Painter,
    rect: Rect,
    cam: &Camera,
    tab: &mut MapTab,
    table: &Arc<Table>,
) -> Option<String> {
    let (x, y) = tab.rt.pointer.pinned()?;
    if x >= table.width() || y >= table.height() || !table.is_complete() {
        return None;
    }
    let numbers_written = tab.rt.view.numbers_drawn > 0;
    let m = tab.rt.pointer.moves_of(table, (x, y));
    outline_targets(painter, rect, cam, m, numbers_written);
    let caption = why_caption(table, (x, y), m);
    // Bottom left: the legend is at the bottom right. Long lines wrap
    // within the map (a Japanese caption at 1024 x 768 is wider than it).
    let pos = rect.left_bottom() + vec2(40.0, -14.0);
    super::legend::badge_within(painter, pos, Align2::LEFT_BOTTOM, &caption, (rect.width() - 60.0).max(120.0));
    Some(caption)
}

/// The outlines, and the values where the cells are large enough and do
/// not show their numbers already.
fn outline_targets(painter: &egui::Painter, rect: Rect, cam: &Camera, m: &PinnedMoves, numbers_written: bool) {
    let Some(cells) = &m.in_plane else { return };
    let pal = crate::ui::theme::current(painter.ctx());
    let z = cam.zoom as f32;
    let stroke = Stroke::new((z * 0.12).clamp(1.5, 4.0), pal.map_move_target);
    let font = FontId::proportional((z * 0.42).min(28.0));
    for &((u, v), value) in cells {
        let (a, b) = cam.to_pixel(u as f64, v as f64);
        let r = Rect::from_min_size(rect.min + vec2(a as f32, b as f32), vec2(z, z));
        if !r.intersects(rect) {
            continue;
        }
        painter.rect_stroke(r, z * 0.1, stroke, StrokeKind::Inside);
        if z >= 16.0 && !numbers_written {
            let g = painter.layout_no_wrap(value.to_string(), font.clone(), pal.map_text);
            let at = Align2::CENTER_CENTER.anchor_size(r.center(), g.size());
            painter.rect_filled(at.expand(1.0), 2.0, pal.map_tag_fill);
            painter.galley(at.min, g, pal.map_text);
        }
    }
}

/// The caption: "g(3, 5) = mex{0–2, 4} = 3 …" (in misère play the misère
/// value, 1 where no move is left); it says which moves are outlined.
pub(crate) fn why_caption(table: &Table, (x, y): (usize, usize), m: &PinnedMoves) -> String {
    let cell = cell_name(table, (x, y));
    let mut values = m.values.clone();
    if values.chars().count() > VALUES_SHOWN {
        values = values.chars().take(VALUES_SHOWN).collect::<String>() + " …}";
    }
    let value = table.get(x, y);
    let head = match table.kind() {
        TableKind::Grundy => trf("map.why.mex", &[("cell", &cell), ("values", &values), ("g", &value)]),
        TableKind::Misere if m.count == 0 => trf("map.why.misere_no_moves", &[("cell", &cell)]),
        TableKind::Misere => trf("map.why.misere", &[("cell", &cell), ("values", &values), ("g", &value)]),
    };
    let n = m.count as u64;
    let outlined = match &m.in_plane {
        _ if m.count == 0 && table.kind() == TableKind::Misere => tr("map.why.no_moves_misere").to_string(),
        _ if m.count == 0 => tr("map.why.no_moves").to_string(),
        None => trf("map.why.too_many", &[("count", &m.count)]),
        Some(c) if c.len() == m.count => trn("map.why.outlined.one", "map.why.outlined", n, &[("count", &n)]),
        Some(c) if c.is_empty() => trn("map.why.none_in_plane.one", "map.why.none_in_plane", n, &[("count", &n)]),
        Some(c) => trf("map.why.outlined_part", &[("shown", &c.len()), ("count", &m.count)]),
    };
    format!("{head}\n{outlined}")
}

/// "(3, 5)", or "(1, 3, 5)" for a cell of a plane of a three-heap game.
fn cell_name(table: &Table, (x, y): (usize, usize)) -> String {
    match table.slice_source() {
        Some(s) => {
            let p = s.position(x, y).map(|c| c as u64);
            crate::rules::position_text(p, s.full.rules().dimension)
        }
        None => crate::rules::position_text([x as u64, y as u64, 0], 2),
    }
}
