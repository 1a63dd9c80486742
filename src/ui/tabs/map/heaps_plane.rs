//! The map of a game of four to eight heaps: its table of many heaps
//! ([`crate::grundy::heaps`]) computed in the background, drawn as the
//! plane of two coordinates (one across, one down) with the others fixed
//! on sliders, with a legend and the value under the pointer.
//!
//! The table is at most [`MAX_HEAPS_SIDE`] a side and
//! [`MAX_HEAPS_POSITIONS`] stored positions, so a frame draws at most
//! `MAX_HEAPS_SIDE²` cells whatever the size asked for.

use super::MapTab;
use crate::conjecture::CheckMode;
use crate::conjecture::heaps::{HeapsCheckError, HeapsReport, check_heaps};
use crate::game_table::{GameTable, TableError};
use crate::grundy::EngineError;
use crate::grundy::heaps::{self, HeapTable};
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::map::Palette;
use crate::rules::{Convention, MAX_DIMENSION, Point, Rules, point_text};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::state::Shared;
use crate::ui::ui_ext::UiExt;
use crate::ui::widgets;
use crate::ui::words::errors::table_error;
use egui::{Align2, Color32, FontId, Rect, RichText, Sense, Stroke, StrokeKind, pos2, vec2};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most positions a map of many heaps stores (sorted ones where the
/// heaps are alike): a few seconds of a program.
pub const MAX_HEAPS_POSITIONS: u64 = 200_000;

/// The largest side of a map of many heaps.
pub const MAX_HEAPS_SIDE: usize = 64;

/// The plane drawn: the coordinate across, the one down, and the values
/// of the others (saved with the map's options).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HeapsPlane {
    /// The coordinate across (0 for x1).
    pub across: usize,
    /// The coordinate down.
    pub down: usize,
    /// Every coordinate's value; those across and down are not used.
    pub fixed: Point,
}

impl Default for HeapsPlane {
    fn default() -> Self {
        // The others at 2, 3, 4, ...: distinct, so that a game of
        // distinct heaps (Welter's) has positions in the first plane.
        HeapsPlane { across: 0, down: 1, fixed: [0, 1, 2, 3, 4, 5, 6, 7] }
    }
}

impl HeapsPlane {
    /// Within a game of `d` coordinates and a table of `side`: two
    /// different coordinates, the others below the side.
    fn clamp(&mut self, d: usize, side: usize) {
        self.across = self.across.min(d - 1);
        self.down = self.down.min(d - 1);
        if self.down == self.across {
            self.down = if self.across == 0 { 1 } else { 0 };
        }
        for c in &mut self.fixed {
            *c = (*c).min(side.saturating_sub(1) as u64);
        }
    }

    /// Saved values brought within what the controls allow.
    pub fn clamp_to_ui(&mut self) {
        self.clamp(MAX_DIMENSION, MAX_HEAPS_SIDE);
    }

    /// The position of the plane's cell `(u, v)`.
    fn position(&self, u: usize, v: usize) -> Point {
        let mut p = self.fixed;
        (p[self.across], p[self.down]) = (u as u64, v as u64);
        p
    }
}

/// The side of the map of `rules` for the size asked: at most
/// [`MAX_HEAPS_SIDE`], and as large as [`MAX_HEAPS_POSITIONS`] allow.
pub fn heaps_side(rules: &Rules, size: usize) -> usize {
    heaps::side_within(rules, size, MAX_HEAPS_SIDE, MAX_HEAPS_POSITIONS)
}

/// A computed table, its largest value (for the palette) and whether some
/// cells are not positions (for the legend).
struct Computed {
    table: Arc<HeapTable>,
    max: u32,
    not_positions: bool,
}

/// The table of many heaps of the map: computed, being computed, or why
/// not.
#[derive(Default)]
pub(crate) struct HeapsMap {
    shown: Option<Computed>,
    job: Option<Job<Computed, TableError>>,
    /// A formula or statement being checked on the table shown.
    check_job: Option<Job<HeapsReport, HeapsCheckError>>,
    /// The last check's result, for the table shown.
    checked: Option<Result<HeapsReport, HeapsCheckError>>,
    /// The rules and side asked for last: not asked again every frame.
    asked: Option<(Rules, usize)>,
    error: Option<Notice>,
}

impl HeapsMap {
    /// The table on screen.
    pub fn table(&self) -> Option<&Arc<HeapTable>> {
        self.shown.as_ref().map(|c| &c.table)
    }

    /// Whether the table is being computed.
    pub fn is_computing(&self) -> bool {
        self.job.is_some()
    }

    /// Compute the table of `rules` on the cube of `side` unless it was
    /// asked for already.
    fn want(&mut self, ctx: &egui::Context, rules: &Rules, side: usize) {
        if self.asked.as_ref().is_some_and(|(r, n)| r.same_game(rules) && *n == side) {
            return;
        }
        self.asked = Some((rules.clone(), side));
        self.error = None;
        let rules = rules.clone();
        self.job = Some(widgets::spawn(widgets::JobLabel::new("map.computing"), ctx, move |control| {
            let table = GameTable::compute_heaps(&rules, &vec![side; rules.dimension as usize], false, &control)?;
            let (max, not_positions) = table.value_range();
            Ok(Computed { table, max, not_positions })
        }));
    }

    /// Collect the jobs that ended.
    pub fn poll(&mut self) {
        match poll(&mut self.check_job) {
            Some(JobEnd::Done(report)) => self.checked = Some(Ok(report)),
            Some(JobEnd::Failed(JobError::Work(e))) => self.checked = Some(Err(e)),
            Some(JobEnd::Cancelled | JobEnd::Failed(JobError::Panicked(_))) => {
                self.checked = Some(Err(HeapsCheckError::Stopped));
            }
            None => {}
        }
        match poll(&mut self.job) {
            Some(JobEnd::Done(c)) => {
                // A check belongs to the table it was made on.
                (self.checked, self.check_job) = (None, None);
                self.shown = Some(c);
            }
            Some(JobEnd::Cancelled | JobEnd::Failed(JobError::Work(TableError::Engine(EngineError::Cancelled)))) => {
                self.error = Some(Notice::key("map.cancelled"));
            }
            Some(JobEnd::Failed(JobError::Work(e))) => self.error = Some(Notice::new(move || table_error(&e))),
            Some(JobEnd::Failed(JobError::Panicked(m))) => {
                self.error = Some(Notice::new(move || trf("map.internal_error", &[("detail", &m)])));
            }
            None => {}
        }
    }

    /// Ask again (after an error or a cancel).
    pub fn retry(&mut self) {
        self.asked = None;
        self.error = None;
    }
}

/// The name of coordinate `i` (from 0): `x1`, `x2`, ...
fn name(i: usize) -> String {
    format!("x{}", i + 1)
}

/// The map tab for a game of more than three heaps.
pub(super) fn draw(ui: &mut egui::Ui, tab: &mut MapTab, shared: &Shared) {
    let rules = &shared.rules;
    let d = rules.dimension as usize;
    let side = heaps_side(rules, tab.options.size);
    tab.rt.heaps.want(ui.ctx(), rules, side);
    let n = tab.rt.heaps.table().filter(|t| t.rules().same_game(rules)).map_or(side, |t| t.sides()[0]);
    tab.options.heaps_plane.clamp(d, n);
    plane_keys(ui.ctx(), &mut tab.options.heaps_plane, d, n);
    widgets::side_panel(ui, "map_heaps_side", widgets::Side::Right, 370.0, 0.4, |ui| {
        side_panel(ui, tab, rules, side);
    });
    egui::CentralPanel::default().show(ui, |ui| plane(ui, tab, rules));
}

/// PageUp / PageDown: the first coordinate held fixed, one up or down (as
/// the plane of three heaps; the lesson view hides the sliders).
fn plane_keys(ctx: &egui::Context, plane: &mut HeapsPlane, d: usize, n: usize) {
    let Some(i) = (0..d).find(|&i| i != plane.across && i != plane.down) else { return };
    let (up, down) = ctx.input(|k| (k.key_pressed(egui::Key::PageUp), k.key_pressed(egui::Key::PageDown)));
    if up {
        plane.fixed[i] = (plane.fixed[i] + 1).min(n as u64 - 1);
    }
    if down {
        plane.fixed[i] = plane.fixed[i].saturating_sub(1);
    }
}

/// The side panel: what was computed, the plane's coordinates and the
/// sliders of the others, the layer of a game with passes.
fn side_panel(ui: &mut egui::Ui, tab: &mut MapTab, rules: &Rules, side: usize) {
    let d = rules.dimension as usize;
    ui.section(tr("map.heaps.title"));
    ui.phrases(trf("map.heaps.about", &[("name", &crate::ui::rules_choice::rules_label(rules)), ("n", &d)]));
    if let Some(job) = &tab.rt.heaps.job
        && widgets::job_progress(ui, job)
    {
        // Cancelled: say so, with the button that computes again.
        tab.rt.heaps.job = None;
        tab.rt.heaps.error = Some(Notice::key("map.cancelled"));
    }
    if let Some(e) = &tab.rt.heaps.error {
        ui.colored_label(ui.visuals().error_fg_color, e.text());
        if ui.button(tr("map.heaps.retry")).clicked() {
            tab.rt.heaps.retry();
        }
    }
    let Some(t) = tab.rt.heaps.table().filter(|t| t.rules().same_game(rules)).cloned() else { return };
    let n = t.sides()[0];
    let t_for_check = t.clone();
    let key = if t.storage() == heaps::Storage::Sorted { "map.heaps.computed_sorted" } else { "map.heaps.computed" };
    ui.phrases(trf(key, &[("n", &d), ("top", &(n - 1)), ("positions", &t.positions_stored())]));
    if side < tab.options.size.min(MAX_HEAPS_SIDE) || tab.options.size > MAX_HEAPS_SIDE {
        ui.phrases(RichText::new(trf("map.heaps.capped", &[("side", &n), ("max", &MAX_HEAPS_POSITIONS)])).small());
    }
    let plane = &mut tab.options.heaps_plane;
    ui.section(tr("map.heaps.plane"));
    for (key, which) in [("map.heaps.across", 0), ("map.heaps.down", 1)] {
        ui.horizontal(|ui| {
            let label = ui.phrases(tr(key));
            let current = if which == 0 { plane.across } else { plane.down };
            let mut chosen = current;
            egui::ComboBox::from_id_salt(("heaps_axis", which))
                .selected_text(name(current))
                .show_ui(ui, |ui| {
                    for i in 0..d {
                        ui.selectable_value(&mut chosen, i, name(i));
                    }
                })
                .response
                .labelled_by(label.id);
            if chosen != current {
                // Choosing the other's coordinate swaps the two.
                let other = if which == 0 { plane.down } else { plane.across };
                let (a, b) = if chosen == other { (other, current) } else { (chosen, other) };
                (plane.across, plane.down) = if which == 0 { (a, b) } else { (b, a) };
            }
        });
    }
    for i in (0..d).filter(|&i| i != plane.across && i != plane.down) {
        ui.horizontal(|ui| {
            let label = ui.phrases(name(i));
            ui.add(egui::Slider::new(&mut plane.fixed[i], 0..=(n as u64 - 1))).labelled_by(label.id);
        });
    }
    let layers = rules.passes.layers();
    if layers > 1 {
        ui.section(tr("map.heaps.layer"));
        tab.options.pass_layer = tab.options.pass_layer.min(layers - 1);
        for layer in (0..layers).rev() {
            let text = crate::ui::rules_choice::passes_left(rules.passes, layer);
            ui.radio_value(&mut tab.options.pass_layer, layer, text);
        }
    }
    ui.add_space(8.0);
    ui.phrases(RichText::new(tr("map.heaps.hint")).small());
    check_panel(ui, tab, t_for_check);
}

/// A formula for g, or a statement, checked at every position the table
/// stores (where the condition, if any, holds; in the background), and
/// what it found.
fn check_panel(ui: &mut egui::Ui, tab: &mut MapTab, t: Arc<HeapTable>) {
    ui.section(tr("map.heaps.check"));
    let label = ui.phrases(tr("map.heaps.check.field"));
    ui.add(
        egui::TextEdit::singleline(&mut tab.options.formula)
            .char_limit(crate::conjecture::MAX_TEXT)
            .desired_width(f32::INFINITY)
            .hint_text("x1 ^ x2 ^ x3 ^ x4"),
    )
    .labelled_by(label.id);
    ui.checkbox(&mut tab.options.formula_holds, tr("map.heaps.check.statement"));
    let label = ui.phrases(tr("bench.where_heaps"));
    ui.add(
        egui::TextEdit::singleline(&mut tab.options.formula_where)
            .char_limit(crate::conjecture::MAX_TEXT)
            .id_salt("map_heaps_where")
            .desired_width(f32::INFINITY)
            .hint_text(tr("bench.where_hint_heaps")),
    )
    .labelled_by(label.id);
    let state = &mut tab.rt.heaps;
    if let Some(job) = &state.check_job {
        if widgets::job_progress(ui, job) {
            state.check_job = None;
        }
    } else if ui.button(tr("map.formula.run")).clicked() {
        let text = tab.options.formula.clone();
        let condition = Some(tab.options.formula_where.trim().to_string()).filter(|c| !c.is_empty());
        let mode = if tab.options.formula_holds { CheckMode::Holds } else { CheckMode::Formula };
        state.checked = None;
        state.check_job = Some(widgets::spawn(widgets::JobLabel::new("map.heaps.checking"), ui.ctx(), move |c| {
            check_heaps(t, &text, condition.as_deref(), mode, &c)
        }));
    }
    match &state.checked {
        Some(Ok(report)) => {
            let pal = crate::ui::theme::current(ui.ctx());
            let colour = if report.holds() { pal.good } else { pal.bad };
            ui.colored_label(colour, crate::ui::words::reports::heaps_report(report));
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, crate::ui::words::reports::heaps_check_error(e));
        }
        None => {}
    }
}

/// The plane: a square cell a position, the coordinates' names on the
/// axes, the legend, and the value under the pointer.
fn plane(ui: &mut egui::Ui, tab: &MapTab, rules: &Rules) {
    let pal = crate::ui::theme::current(ui.ctx());
    let Some(c) = tab.rt.heaps.shown.as_ref().filter(|c| c.table.rules().same_game(rules)) else {
        let text = match &tab.rt.heaps.error {
            Some(e) => e.text(),
            None if tab.rt.heaps.is_computing() => tr("map.heaps.waiting").to_string(),
            None => String::new(),
        };
        ui.centered_and_justified(|ui| ui.phrases(text));
        return;
    };
    let t = &c.table;
    let d = rules.dimension as usize;
    let n = t.sides()[0];
    let layer = tab.options.pass_layer.min(t.start_layer());
    let plane = &tab.options.heaps_plane;
    let misere = rules.convention == Convention::Misere;
    let highlight = super::parse_values(&tab.options.highlight);
    let palette = Palette::new(tab.options.palette, c.max, &highlight);
    let text = ui.style().text_styles.get(&egui::TextStyle::Body).map_or(18.0, |f| f.size);
    let ink = ui.visuals().strong_text_color();
    // The plane, and a line below it for the cell under the pointer.
    let size = ui.available_size() - vec2(0.0, 2.0 * text);
    let (area, _) = ui.allocate_exact_size(size.max(vec2(80.0, 80.0)), Sense::hover());
    let painter = ui.painter_at(area);
    let font = FontId::proportional(text);
    let mut entries: Vec<(String, Color32)> = palette
        .legend(c.max, &highlight, 7)
        .into_iter()
        .map(|(l, col)| {
            (if l == Palette::OTHER { tr("map.legend.other").into() } else { l }, super::legend::colour(col))
        })
        .collect();
    if c.not_positions {
        entries.push((
            tr("map.legend.not_a_position").into(),
            super::legend::colour(crate::map::palette::NOT_A_POSITION_COLOUR),
        ));
    }
    // Each legend entry: a swatch, its label and a gap.
    let widths: Vec<f32> = entries
        .iter()
        .map(|(l, _)| painter.layout_no_wrap(l.clone(), font.clone(), ink).size().x + 2.6 * text)
        .collect();
    // Room for the axis names; the legend to the right of the plane or in
    // rows below it, wherever the plane is larger.
    let margin = 2.2 * text;
    let right = widths.iter().copied().fold(0.0, f32::max) + text;
    let title = painter.layout_no_wrap(trf("map.legend", &[]), font.clone(), ink).size().x + text;
    let rows = |width: f32| {
        let (mut rows, mut x) = (1.0, title);
        for &w in &widths {
            if x + w > width && x > 0.0 {
                rows += 1.0;
                x = 0.0;
            }
            x += w;
        }
        rows
    };
    let beside = (area.width() - margin - right).min(area.height() - margin);
    let below_rows = rows(area.width() - margin);
    let under = (area.width() - margin).min(area.height() - margin - below_rows * 1.5 * text);
    let legend_below = under > beside;
    let cell = (beside.max(under).max(40.0) / n as f32).max(1.0);
    let origin = area.min + vec2(margin, margin);
    let cell_rect =
        |u: usize, v: usize| Rect::from_min_size(origin + vec2(u as f32 * cell, v as f32 * cell), vec2(cell, cell));
    let value = |u: usize, v: usize| t.get(&plane.position(u, v)[..d], layer);
    for v in 0..n {
        for u in 0..n {
            let fill = value(u, v).map_or(Color32::TRANSPARENT, |g| super::legend::colour(palette.colour(g)));
            painter.rect_filled(cell_rect(u, v), 0.0, fill);
        }
    }
    let whole = Rect::from_min_size(origin, vec2(cell * n as f32, cell * n as f32));
    let others: Vec<String> = (0..d)
        .filter(|&i| i != plane.across && i != plane.down)
        .map(|i| format!("{} = {}", name(i), plane.fixed[i]))
        .collect();
    let label = trf(
        "map.heaps.plane_label",
        &[("across", &name(plane.across)), ("down", &name(plane.down)), ("others", &others.join(", "))],
    );
    let response = ui.interact(whole, egui::Id::unique("heaps_plane"), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
    painter.rect_stroke(whole, 0.0, Stroke::new(1.0, pal.board_edge), StrokeKind::Outside);
    painter.text(
        whole.left_top() - vec2(0.0, 0.3 * text),
        Align2::LEFT_BOTTOM,
        format!("{} →", name(plane.across)),
        font.clone(),
        ink,
    );
    painter.text(
        whole.left_top() - vec2(0.3 * text, -0.2 * text),
        Align2::RIGHT_TOP,
        format!("{}\n↓", name(plane.down)),
        font.clone(),
        ink,
    );
    // The legend: what each colour means.
    let legend_at = |i: usize, x: f32, y: f32| {
        let (label, colour) = &entries[i];
        let swatch = Rect::from_min_size(pos2(x, y), vec2(text, text));
        painter.rect_filled(swatch, 2.0, *colour);
        painter.rect_stroke(swatch, 2.0, Stroke::new(1.0, pal.board_edge), StrokeKind::Inside);
        painter.text(pos2(x + 1.4 * text, y), Align2::LEFT_TOP, label, font.clone(), ink);
    };
    if legend_below {
        let (left, mut y) = (whole.left(), whole.bottom() + 0.5 * text);
        painter.text(pos2(left, y), Align2::LEFT_TOP, trf("map.legend", &[]), font.clone(), ink);
        let mut x = left + title;
        for (i, &w) in widths.iter().enumerate() {
            if x + w > area.right() && x > left {
                (x, y) = (left, y + 1.5 * text);
            }
            legend_at(i, x, y);
            x += w;
        }
    } else {
        let (x, mut y) = (whole.right() + text, whole.top());
        painter.text(pos2(x, y), Align2::LEFT_TOP, trf("map.legend", &[]), font.clone(), ink);
        for i in 0..entries.len() {
            y += 1.4 * text;
            legend_at(i, x, y);
        }
    }
    // The value under the pointer, and where it is.
    let mut line = tr("map.heaps.point").to_string();
    if let Some(at) = response.hover_pos().filter(|p| whole.contains(*p)) {
        let (u, v) = (((at.x - whole.left()) / cell) as usize, ((at.y - whole.top()) / cell) as usize);
        let (u, v) = (u.min(n - 1), v.min(n - 1));
        painter.rect_stroke(cell_rect(u, v), 0.0, Stroke::new(2.0, ink), StrokeKind::Inside);
        let p = plane.position(u, v);
        let shown = match value(u, v) {
            Some(crate::grundy::NOT_A_POSITION) | None => tr("map.heaps.no_position").to_string(),
            Some(g) if misere => trf("map.heaps.misere_value", &[("g", &g)]),
            Some(g) => format!("g = {g}"),
        };
        line = format!("{}: {shown}", point_text(&p[..d]));
    }
    ui.phrases(RichText::new(line).size(text * 1.1));
}
