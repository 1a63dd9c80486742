//! The live preview: the Grundy numbers of the draft on a small board,
//! computed as a job that a newer edit replaces, drawn as numbers in
//! coloured cells. The old table stays on screen until the new one arrives.

use super::PiecesTab;
use crate::game_table::{GameTable, TableError, TableShape};
use crate::grundy::{Table, TableKind};
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::map::palette::{Palette as ValuePalette, PaletteKind};
use crate::rules::Rules;
use crate::ui::i18n::{tr, trf};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets;
use egui::{Align2, Color32, FontId, Rect, RichText, Sense, Stroke, StrokeKind, Vec2, pos2, vec2};
use std::sync::Arc;

/// Side of the preview board.
pub const PREVIEW_SIDE: usize = 24;
/// The most positions the table of a preview of many heaps stores.
const MAX_PREVIEW_POSITIONS: u64 = 100_000;

/// The preview's job and the last table it produced.
#[derive(Default)]
pub struct Preview {
    job: Option<Job<Arc<Table>, TableError>>,
    /// The rules the running (or last) job computes.
    wanted: Option<Rules>,
    table: Option<Arc<Table>>,
    /// The rules `table` was computed for (a plane of many heaps is a
    /// table of two coordinates without passes).
    shown_for: Option<Rules>,
    /// Why the last job failed (worded when shown, in the language of the
    /// moment).
    error: Option<JobError<TableError>>,
}

impl Preview {
    /// Start a job when the draft changed (cancelling an older one), and
    /// take a finished table.
    pub fn update(&mut self, rules: &Rules, ctx: &egui::Context) {
        // A new name alone changes no number: only a new game starts a job.
        if !self.wanted.as_ref().is_some_and(|w| w.same_game(rules)) {
            // Replacing the job cancels the older one.
            let r = rules.clone();
            self.job = Some(widgets::spawn(widgets::JobLabel::new("preview.job"), ctx, move |c| {
                // One heap: a strip; three heaps or a pass: the plane z = 0
                // of the starting layer; many heaps: (x1, x2, 0, ...).
                GameTable::compute_first_plane(&r, &preview_sides(&r), &c)
            }));
            self.wanted = Some(rules.clone());
        }
        self.poll_job();
    }

    /// Take a finished table (called every frame, shown or not).
    pub fn poll_job(&mut self) {
        match poll(&mut self.job) {
            Some(JobEnd::Done(t)) => {
                self.table = Some(t);
                self.shown_for = self.wanted.clone();
                self.error = None;
            }
            Some(JobEnd::Failed(e)) => self.error = Some(e),
            Some(JobEnd::Cancelled) | None => {}
        }
    }

    /// Whether the table on screen was computed for these rules.
    fn is_for(&self, rules: &Rules) -> bool {
        self.shown_for.as_ref().is_some_and(|r| r.same_game(rules))
    }

    /// The last table computed.
    pub fn table(&self) -> Option<&Arc<Table>> {
        self.table.as_ref()
    }

    /// The table for the game these rules describe, when it is ready.
    pub fn table_for(&self, rules: &Rules) -> Option<&Arc<Table>> {
        self.table.as_ref().filter(|_| self.is_for(rules))
    }

    /// The value at `(x, y)` of the finished table for `rules`.
    pub fn value_for(&self, rules: &Rules, x: usize, y: usize) -> Option<u32> {
        self.table_for(rules).and_then(|t| t.try_get(x, y))
    }

    /// Whether a preview job runs.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }
}

/// Black or white, whichever reads better on `fill`.
fn text_on(fill: [u8; 4]) -> Color32 {
    let l = 0.2126 * fill[0] as f32 + 0.7152 * fill[1] as f32 + 0.0722 * fill[2] as f32;
    if l > 140.0 { Color32::BLACK } else { Color32::WHITE }
}

/// Draw the preview.
pub fn show(tab: &PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    let preview = &tab.preview;
    ui.horizontal(|ui| {
        ui.phrases(RichText::new(tr("preview.title")).strong().size(ui.section_size()));
        if preview.job.is_some() {
            ui.spinner();
            ui.phrases(tr("preview.updating"));
        }
    });
    if let Some(e) = &preview.error {
        let why = crate::ui::words::errors::job_error(e, crate::ui::words::errors::table_error);
        ui.error_label(trf("preview.failed", &[("error", &why)]));
    }
    // A table of another game is not shown under the draft's error.
    let shown = preview.table.as_ref().filter(|_| preview.error.is_none() || preview.is_for(&tab.draft));
    let Some(table) = shown else {
        ui.allocate_space(vec2(ui.available_width(), 300.0));
        return;
    };
    // A plane of many heaps may be smaller than the board.
    let n = table.width().min(PREVIEW_SIDE);
    let misere = table.kind() == TableKind::Misere;
    // The texts are of the game on screen (an older one until the new
    // table is ready).
    let d = preview.shown_for.as_ref().map_or(tab.draft.dimension, |r| r.dimension);
    if d > 3 {
        let zeros = crate::conjecture::heaps::plane_zeros(d as usize);
        ui.phrases(RichText::new(trf("preview.help_heaps", &[("n", &d), ("zeros", &zeros)])).small());
        ui.phrases(RichText::new(tr(if misere { "preview.help_misere" } else { "preview.black_p" })).small());
    } else {
        ui.phrases(RichText::new(tr(if misere { "preview.help_misere" } else { "preview.help" })).small());
    }
    let stale = !preview.is_for(&tab.draft);
    let axis = vec2(26.0, 20.0);
    // As large as the room allows, to be read from the back of a classroom.
    let tall = (ui.ctx().content_rect().height() * 0.72) / n as f32;
    let cell = ((ui.available_width() - axis.x - 8.0) / n as f32).min(tall).clamp(14.0, 32.0);
    let side = cell * n as f32;
    // One heap: a single row.
    let rows = table.height().min(n);
    let size = vec2(side, cell * rows as f32);
    let (outer, resp) = ui.allocate_exact_size(size + axis + vec2(8.0, 8.0), Sense::hover());
    let name = crate::ui::rules_choice::shown_label(&tab.draft);
    resp.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Image, true, trf("preview.label", &[("name", &name), ("n", &n)]))
    });
    let origin = outer.min + axis;
    let grid = Rect::from_min_size(origin, size);
    let painter = ui.painter_at(outer);
    let axis_font = FontId::proportional((cell * 0.5).clamp(10.0, 14.0));
    let every = if cell >= 20.0 { 1 } else { 4 };
    for i in (0..n).filter(|i| i % every == 0) {
        let x = origin.x + (i as f32 + 0.5) * cell;
        painter.text(pos2(x, origin.y - 2.0), Align2::CENTER_BOTTOM, i.to_string(), axis_font.clone(), pal.axis_text);
        if i < rows {
            let y = origin.y + (i as f32 + 0.5) * cell;
            painter.text(
                pos2(origin.x - 4.0, y),
                Align2::RIGHT_CENTER,
                i.to_string(),
                axis_font.clone(),
                pal.axis_text,
            );
        }
    }
    draw_cells(&painter, table, &tab.draft, pal, origin, cell, stale);
    // Thin grid lines keep equal neighbours apart.
    let line = Stroke::new(0.5, pal.board_edge.gamma_multiply(0.5));
    for i in 0..=n {
        let t = i as f32 * cell;
        painter.line_segment([pos2(origin.x + t, origin.y), pos2(origin.x + t, grid.max.y)], line);
    }
    for i in 0..=rows {
        let t = i as f32 * cell;
        painter.line_segment([pos2(origin.x, origin.y + t), pos2(grid.max.x, origin.y + t)], line);
    }
    painter.rect_stroke(grid, 0.0, Stroke::new(2.0, pal.board_edge), StrokeKind::Outside);
    if let Some(p) = resp.hover_pos().filter(|p| grid.contains(*p)) {
        let x = (((p.x - origin.x) / cell) as usize).min(n - 1);
        let y = (((p.y - origin.y) / cell) as usize).min(rows - 1);
        if let Some(text) = cell_text(table, x, y, d) {
            resp.tip(text);
        }
    }
}

/// The value of each cell in its colour (a misère table's misère values),
/// dimmed while `stale`, terminal cells outlined.
fn draw_cells(
    painter: &egui::Painter,
    table: &Table,
    draft: &Rules,
    pal: &Colours,
    origin: egui::Pos2,
    cell: f32,
    stale: bool,
) {
    let n = table.width().min(PREVIEW_SIDE);
    let max = table.max_value();
    let colours = ValuePalette::new(PaletteKind::Viridis, max.max(1), &[]);
    let digits = max.max(1).to_string().len() as f32;
    let font = FontId::proportional((cell * 1.1 / digits.max(2.0)).clamp(7.0, cell * 0.6));
    for y in 0..n {
        for x in 0..n {
            let r = Rect::from_min_size(origin + vec2(x as f32 * cell, y as f32 * cell), Vec2::splat(cell));
            let Some(v) = table.try_get(x, y) else { continue };
            let rgba = colours.colour(v);
            let mut fill = crate::ui::theme::library_colour(rgba);
            if stale {
                fill = fill.gamma_multiply(0.55);
            }
            painter.rect_filled(r, 0.0, fill);
            let text = match v {
                // Not a position: its own colour, no number.
                crate::grundy::NOT_A_POSITION => String::new(),
                v => v.to_string(),
            };
            painter.text(r.center(), Align2::CENTER_CENTER, text, font.clone(), text_on(rgba));
            if draft.terminal.contains(x as u64, y as u64) {
                painter.rect_stroke(r.shrink(1.0), 0.0, Stroke::new(2.0, pal.terminal), StrokeKind::Inside);
            }
        }
    }
}

/// The hover text of the cell `(x, y)`.
/// (A game of many heaps: the position `(x, y, 0, …, 0)`.)
fn cell_text(table: &Table, x: usize, y: usize, dimension: u8) -> Option<String> {
    let misere = table.kind() == TableKind::Misere;
    let v = table.try_get(x, y)?;
    let y = match dimension {
        d if d > 3 => format!("{y}, {}", crate::conjecture::heaps::plane_zeros(d as usize)),
        _ => y.to_string(),
    };
    Some(match (misere, v) {
        (_, crate::grundy::NOT_A_POSITION) => trf("map.cell.not_a_position", &[("x", &x), ("y", &y)]),
        (true, g) => trf("preview.cell_misere", &[("x", &x), ("y", &y), ("g", &g)]),
        (false, g) => trf("preview.cell", &[("x", &x), ("y", &y), ("g", &g)]),
    })
}

/// The box of the preview's table: the board of one to three coordinates
/// ([`super::box_for`]); for four to eight heaps, a box of at most
/// [`PREVIEW_SIDE`] a side and [`MAX_PREVIEW_POSITIONS`] positions, whose
/// plane `(x1, x2, 0, …)` is drawn.
fn preview_sides(rules: &Rules) -> Vec<usize> {
    match TableShape::of(rules) {
        TableShape::Heaps => {
            let n = crate::grundy::heaps::side_within(rules, PREVIEW_SIDE, PREVIEW_SIDE, MAX_PREVIEW_POSITIONS);
            vec![n; rules.dimension as usize]
        }
        TableShape::Box | TableShape::Row => super::box_for(rules, PREVIEW_SIDE).to_vec(),
    }
}
