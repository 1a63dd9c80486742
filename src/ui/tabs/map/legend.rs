//! What is written on the map besides the cells: the legend (what each
//! colour means), axis labels and badges, grown with the UI's text size.

use super::MapTab;
use super::overlays::OverlayKind;
use crate::grundy::Table;
use crate::map::Palette;
use crate::map::palette::PENDING;
use crate::ui::i18n::{tr, trf};
use egui::{Align2, Color32, FontId, Pos2, Rect, Stroke, StrokeKind, Vec2, pos2, vec2};

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
    badge_within(painter, pos, align, text, f32::INFINITY);
}

/// [`badge`], its lines wrapped at `width` points.
pub(super) fn badge_within(painter: &egui::Painter, pos: Pos2, align: Align2, text: &str, width: f32) {
    let pal = crate::ui::theme::current(painter.ctx());
    let font = FontId::proportional(16.0 * text_scale(painter.ctx()));
    let galley = painter.layout(text.to_string(), font, pal.map_text, width);
    let r = align.anchor_size(pos, galley.size());
    painter.rect_filled(r.expand(5.0), 5.0, pal.map_badge_fill);
    painter.galley(r.min, galley, pal.map_text);
}

/// The legend: what each colour means, worded and measured before it is
/// placed. It has a room of its own beside the map (where the window is
/// wider than the table) or under it, so that it never covers a cell.
pub(super) struct LegendBox {
    title: String,
    entries: Vec<(String, Color32)>,
    /// What the numbers in the cells of a difference view are.
    note: Option<&'static str>,
    /// The UI's text scale (presentation mode enlarges the legend too).
    k: f32,
}

/// The room between the legend and the map, and around the legend.
const GAP: f32 = 8.0;

impl LegendBox {
    /// The legend of what the map shows now.
    pub(super) fn new(
        ctx: &egui::Context,
        tab: &MapTab,
        palette: &Palette,
        overlay: Option<OverlayKind>,
        table: &Table,
    ) -> Self {
        let entries = legend_entries(tab, palette, overlay, table);
        let note = overlay.filter(|_| tab.rt.view.numbers_drawn > 0).map(cells_note);
        let mut title = if overlay.is_some() { tr("map.compare").to_string() } else { trf("map.legend", &[]) };
        // Which layer the map shows, for a game with passes.
        if let Some(s) = table.slice_source().filter(|s| s.full.layers() > 1) {
            title = format!("{title} · {}", crate::ui::rules_choice::passes_left(s.full.rules().passes, s.layer));
        }
        LegendBox { title, entries, note, k: text_scale(ctx) }
    }

    fn width_of(painter: &egui::Painter, text: &str, size: f32) -> f32 {
        painter.layout_no_wrap(text.to_string(), FontId::proportional(size), Color32::WHITE).size().x
    }

    /// The width of one entry: its swatch and its words.
    fn entry_width(&self, painter: &egui::Painter, label: &str) -> f32 {
        let k = self.k;
        (22.0 + 8.0) * k + Self::width_of(painter, label, 14.0 * k) + 14.0 * k
    }

    /// The size of the legend as a column (title, then an entry a row).
    fn column_size(&self, painter: &egui::Painter) -> Vec2 {
        let k = self.k;
        let widest = self.entries.iter().map(|(l, _)| self.entry_width(painter, l)).fold(0.0, f32::max);
        let note = self.note.map_or(0.0, |n| Self::width_of(painter, n, 12.0 * k));
        let title = Self::width_of(painter, &self.title, 15.0 * k);
        let width = (widest + 10.0 * k).max(note + 20.0 * k).max(title + 20.0 * k);
        vec2(width, 28.0 * k + 20.0 * k * (self.entries.len() + self.note.is_some() as usize) as f32 + 6.0 * k)
    }

    /// The rows of entries that fit `width` after the title (at least one
    /// entry a row), as ranges of entries.
    fn rows(&self, painter: &egui::Painter, width: f32) -> Vec<std::ops::Range<usize>> {
        let mut rows = Vec::new();
        let (mut start, mut used) = (0, 0.0);
        for (i, (label, _)) in self.entries.iter().enumerate() {
            let w = self.entry_width(painter, label);
            if i > start && used + w > width {
                rows.push(start..i);
                (start, used) = (i, 0.0);
            }
            used += w;
        }
        if start < self.entries.len() {
            rows.push(start..self.entries.len());
        }
        rows
    }

    /// The size of the legend as a band `width` wide: the title, then the
    /// entries side by side in as many rows as they need.
    fn band_size(&self, painter: &egui::Painter, width: f32) -> Vec2 {
        let k = self.k;
        let rows = self.rows(painter, width - 20.0 * k).len() + self.note.is_some() as usize;
        vec2(width, 28.0 * k + 20.0 * k * rows as f32 + 6.0 * k)
    }

    /// Where the map and the legend go in `canvas` for a table of `w` by
    /// `h` cells: beside the map when the fitted table leaves that much
    /// width free, else under it.
    pub(super) fn place(&self, painter: &egui::Painter, canvas: Rect, (w, h): (usize, usize)) -> (Rect, Rect) {
        let column = self.column_size(painter);
        let fitted_width = (canvas.height() / h.max(1) as f32).min(canvas.width() / w.max(1) as f32) * w as f32;
        if canvas.width() - fitted_width >= column.x + 2.0 * GAP || canvas.width() > 2.5 * canvas.height() {
            let legend_left = canvas.max.x - column.x - GAP;
            let map = Rect::from_min_max(canvas.min, pos2(legend_left - GAP, canvas.max.y));
            let legend = Rect::from_min_size(pos2(legend_left, canvas.max.y - column.y - GAP), column);
            (map, legend)
        } else {
            let band = self.band_size(painter, canvas.width() - 2.0 * GAP);
            let top = canvas.max.y - band.y - GAP;
            let map = Rect::from_min_max(canvas.min, pos2(canvas.max.x, top - GAP));
            (map, Rect::from_min_size(pos2(canvas.min.x + GAP, top), band))
        }
    }

    /// Draw the legend in `r` (from [`LegendBox::place`]): a column when it
    /// is narrow, a band of rows when it is wide.
    pub(super) fn draw(&self, painter: &egui::Painter, r: Rect) {
        let pal = crate::ui::theme::current(painter.ctx());
        let k = self.k;
        let font = FontId::proportional(14.0 * k);
        painter.rect_filled(r, 6.0, pal.map_legend_fill);
        painter.text(
            r.min + vec2(10.0, 6.0) * k,
            Align2::LEFT_TOP,
            &self.title,
            FontId::proportional(15.0 * k),
            pal.map_text,
        );
        let row = 20.0 * k;
        let column = self.column_size(painter);
        let rows = if r.width() > column.x + 1.0 {
            self.rows(painter, r.width() - 20.0 * k)
        } else {
            (0..self.entries.len()).map(|i| i..i + 1).collect()
        };
        for (n, range) in rows.iter().enumerate() {
            let y = r.min.y + 28.0 * k + n as f32 * row;
            let mut x = r.min.x + 10.0 * k;
            for (label, c) in &self.entries[range.clone()] {
                let sw = Rect::from_min_size(pos2(x, y + 2.0 * k), vec2(22.0, 14.0) * k);
                painter.rect_filled(sw, 2.0, *c);
                painter.rect_stroke(sw, 2.0, Stroke::new(1.0, pal.map_swatch_edge), StrokeKind::Outside);
                painter.text(
                    pos2(sw.max.x + 8.0 * k, y + 9.0 * k),
                    Align2::LEFT_CENTER,
                    label,
                    font.clone(),
                    pal.map_text,
                );
                x += self.entry_width(painter, label);
            }
        }
        if let Some(note) = self.note {
            let y = r.min.y + 28.0 * k + rows.len() as f32 * row;
            let at = pos2(r.min.x + 10.0 * k, y + 9.0 * k);
            painter.text(at, Align2::LEFT_CENTER, note, FontId::proportional(12.0 * k), pal.map_text);
        }
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
    let max = tab.rt.table.finished().map(|f| f.stats.max).unwrap_or((table.width() * 2) as u32);
    let highlight = super::parse_values(&tab.options.highlight);
    let mut entries: Vec<(String, Color32)> = match overlay {
        Some(kind) => overlay_key(kind).into_iter().map(|(l, c)| (l, colour(c))).collect(),
        None => palette
            .legend(max, &highlight, 7)
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
