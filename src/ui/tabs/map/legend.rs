//! What is written on the map besides the cells: the legend (what each
//! colour means), axis labels and badges, grown with the UI's text size.

use super::MapTab;
use super::overlays::OverlayKind;
use crate::grundy::{Table, TableKind};
use crate::map::Palette;
use crate::map::palette::PENDING;
use crate::ui::i18n::{tr, trf};
use egui::{Align2, Color32, FontId, Pos2, Rect, Stroke, StrokeKind, pos2, vec2};

/// A palette colour for egui.
pub(super) fn colour(c: [u8; 4]) -> Color32 {
    crate::ui::theme::library_colour(c)
}

/// A small label on a dark background (axis coordinates).
pub(super) fn tag(painter: &egui::Painter, pos: Pos2, align: Align2, text: &str) {
    let pal = crate::ui::theme::current(painter.ctx());
    let font = FontId::proportional(13.0 * text_scale(painter.ctx()));
    let galley = painter.layout_no_wrap(text.to_string(), font, pal.map_text);
    let r = align.anchor_size(pos, galley.size());
    painter.rect_filled(r.expand(2.0), 3.0, pal.map_tag_fill);
    painter.galley(r.min, galley, pal.map_text);
}

/// How much larger than the default the UI's text is, so that the map's
/// own labels grow with the rest on a projector.
fn text_scale(ctx: &egui::Context) -> f32 {
    crate::ui::ui_ext::text_scale_of(&ctx.global_style())
}

pub(super) fn badge(painter: &egui::Painter, pos: Pos2, align: Align2, text: &str) {
    let pal = crate::ui::theme::current(painter.ctx());
    let font = FontId::proportional(16.0 * text_scale(painter.ctx()));
    let galley = painter.layout_no_wrap(text.to_string(), font, pal.map_text);
    let r = align.anchor_size(pos, galley.size());
    painter.rect_filled(r.expand(5.0), 5.0, pal.map_badge_fill);
    painter.galley(r.min, galley, pal.map_text);
}

/// The legend: what each colour means, always on the map.
pub(super) fn draw_legend(
    painter: &egui::Painter,
    rect: Rect,
    tab: &MapTab,
    palette: &Palette,
    overlay: Option<OverlayKind>,
    table: &Table,
) {
    let entries = legend_entries(tab, palette, overlay, table);
    // The numbers in the cells of a difference view are two values: say which.
    let note = overlay.filter(|_| tab.rt.view.numbers_drawn > 0).map(cells_note);
    let pal = crate::ui::theme::current(painter.ctx());
    let k = text_scale(painter.ctx());
    let font = FontId::proportional(14.0 * k);
    let mut title = if overlay.is_some() { tr("map.compare").to_string() } else { trf("map.legend", &[]) };
    // Which layer the map shows, for a game with passes.
    if let Some(s) = table.slice_source().filter(|s| s.full.layers() > 1) {
        title = format!("{title} · {}", crate::ui::rules_choice::passes_left(s.full.rules().passes, s.layer));
    }

    let row = 20.0 * k;
    let note_width = note.map_or(0.0, |n| {
        painter.layout_no_wrap(n.to_string(), FontId::proportional(12.0 * k), pal.map_text).size().x + 20.0 * k
    });
    let title_width =
        painter.layout_no_wrap(title.clone(), FontId::proportional(15.0 * k), pal.map_text).size().x + 20.0 * k;
    let width = (190.0 * k).max(note_width).max(title_width);
    let height = 28.0 * k + row * (entries.len() + note.is_some() as usize) as f32;
    let r = Rect::from_min_size(pos2(rect.max.x - width - 10.0, rect.max.y - height - 10.0), vec2(width, height));
    painter.rect_filled(r, 6.0, pal.map_legend_fill);
    painter.text(r.min + vec2(10.0, 6.0) * k, Align2::LEFT_TOP, title, FontId::proportional(15.0 * k), pal.map_text);
    for (i, (label, c)) in entries.iter().enumerate() {
        let y = r.min.y + 28.0 * k + i as f32 * row;
        let sw = Rect::from_min_size(pos2(r.min.x + 10.0 * k, y + 2.0 * k), vec2(22.0, 14.0) * k);
        painter.rect_filled(sw, 2.0, *c);
        painter.rect_stroke(sw, 2.0, Stroke::new(1.0, pal.map_swatch_edge), StrokeKind::Outside);
        painter.text(pos2(sw.max.x + 8.0 * k, y + 9.0 * k), Align2::LEFT_CENTER, label, font.clone(), pal.map_text);
    }
    if let Some(note) = note {
        let y = r.min.y + 28.0 * k + entries.len() as f32 * row;
        let at = pos2(r.min.x + 10.0 * k, y + 9.0 * k);
        painter.text(at, Align2::LEFT_CENTER, note, FontId::proportional(12.0 * k), pal.map_text);
    }
}

/// What the numbers in the cells of a difference view are.
pub(super) fn cells_note(kind: OverlayKind) -> &'static str {
    match kind {
        OverlayKind::Compare => tr("map.compare.cells"),
        OverlayKind::Formula => tr("map.formula.cells"),
        OverlayKind::Layers => tr("map.pass.cells"),
    }
}

/// The meanings of a difference view's colours, in the user's language.
pub(super) fn overlay_key(kind: OverlayKind) -> Vec<(String, [u8; 4])> {
    let p = kind.palette();
    let lines: &[(&'static str, u32)] = match kind {
        OverlayKind::Compare => &[
            ("map.compare.legend.both", 3),
            ("map.compare.legend.first", 1),
            ("map.compare.legend.second", 2),
            ("map.compare.legend.neither", 0),
        ],
        OverlayKind::Formula => &[("map.formula.legend.differs", 1), ("map.formula.legend.same", 0)],
        OverlayKind::Layers => &[("map.pass.legend.changes", 1), ("map.pass.legend.same", 0)],
    };
    lines.iter().map(|&(key, v)| (tr(key).to_string(), p.colour(v))).collect()
}

/// The legend's lines: the overlay's meanings, or the palette's values;
/// "not computed" while the table fills in.
fn legend_entries(
    tab: &MapTab,
    palette: &Palette,
    overlay: Option<OverlayKind>,
    table: &Table,
) -> Vec<(String, Color32)> {
    let misere = table.kind() == TableKind::Outcome;
    let max = tab.rt.table.finished().map(|f| f.stats.max).unwrap_or((table.width() * 2) as u32);
    let highlight = super::parse_values(&tab.options.highlight);
    let mut entries: Vec<(String, Color32)> = match overlay {
        Some(kind) => overlay_key(kind).into_iter().map(|(l, c)| (l, colour(c))).collect(),
        None => palette
            .legend(max, &highlight, misere, 7)
            .into_iter()
            .map(|(l, c)| (if l == Palette::OTHER { tr("map.legend.other").into() } else { l }, colour(c)))
            .collect(),
    };
    if overlay.is_none() && tab.rt.table.finished().is_some_and(|f| f.stats.not_positions > 0) {
        entries.push((tr("map.legend.not_a_position").into(), colour(crate::map::palette::NOT_A_POSITION_COLOUR)));
    }
    if !table.is_complete() {
        entries.push((tr("map.legend.pending").into(), colour(PENDING)));
    }
    entries
}
