//! The Grundy map tab: a pan/zoom colour map of the Grundy numbers of the
//! current rules, computed in the background, with hover values, pinned
//! cells, overlays, a difference view, plots and poster export.
//!
//! The UI thread only draws: the table, the level-of-detail pyramid, the
//! statistics, difference tables and exports are jobs. Each frame renders at
//! most one picture of the visible window (its cost grows with the pixels
//! shown, not with the table).

mod canvas;
mod plots;
mod side;

use crate::grundy::{Table, TableKind};
use crate::jobs::{Job, JobEnd, poll};
use crate::map::stats::Stats;
use crate::map::{Camera, Palette, PaletteKind, Pyramid};
use crate::rules::Rules;
use crate::ui::state::Shared;
use crate::ui::widgets;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

/// What the tab remembers between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MapOptions {
    /// The table is `size x size`.
    pub size: usize,
    /// How values become colours.
    pub palette: PaletteKind,
    /// Values the highlight palette shows strongly, e.g. "0, 1".
    pub highlight: String,
    /// Outline the P-positions when zoomed in.
    pub outline_p: bool,
    /// Draw y = phi x and y = x / phi.
    pub golden: bool,
    /// Draw a grid when zoomed in.
    pub grid: bool,
    /// Write the values in the cells when they are large enough.
    pub numbers: bool,
    /// Show the time the tab took to draw the last frame.
    pub frame_time: bool,
    /// The rules the difference view compares with (a preset name).
    pub compare_with: String,
    /// Value of this map in the difference view.
    pub compare_a: u32,
    /// Value of the other map in the difference view.
    pub compare_b: u32,
    /// A formula to compare with the table.
    pub formula: String,
    /// Export: pixels per cell.
    pub export_ppc: f64,
    /// Export: legend, axes and title.
    pub export_legend: bool,
    /// Export the whole table (else the visible window).
    pub export_whole: bool,
    /// Export: the path typed when no file dialog can open.
    pub export_path: String,
    /// Plots: the value whose cells are plotted.
    pub plot_k: u32,
    /// Plots: the row whose profile is plotted.
    pub plot_row: usize,
}

impl MapOptions {
    /// Bring values read from the settings file within what the controls
    /// allow.
    pub fn clamp_to_ui(&mut self) {
        self.size = self.size.clamp(16, MAX_SIZE);
        self.compare_a = self.compare_a.min(1_000_000);
        self.compare_b = self.compare_b.min(1_000_000);
        self.export_ppc = if self.export_ppc.is_finite() { self.export_ppc.clamp(0.05, 64.0) } else { 2.0 };
        self.plot_k = self.plot_k.min(100_000);
        self.plot_row = self.plot_row.min(MAX_SIZE - 1);
        for text in [&mut self.formula, &mut self.highlight, &mut self.compare_with, &mut self.export_path] {
            if text.len() > crate::conjecture::MAX_TEXT {
                text.clear();
            }
        }
    }
}

impl Default for MapOptions {
    fn default() -> Self {
        MapOptions {
            size: 1024,
            palette: PaletteKind::Viridis,
            highlight: "0".into(),
            outline_p: true,
            golden: false,
            grid: true,
            numbers: true,
            frame_time: false,
            compare_with: "queen".into(),
            compare_a: 0,
            compare_b: 0,
            formula: "is_wythoff_p(x, y)".into(),
            export_ppc: 2.0,
            export_legend: true,
            export_whole: true,
            export_path: String::new(),
            plot_k: 0,
            plot_row: 10,
        }
    }
}

/// The Grundy map tab.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MapTab {
    /// Saved options.
    pub options: MapOptions,
    /// The view (saved, so the map opens where it was left).
    pub camera: Option<Camera>,
    #[serde(skip)]
    pub(crate) rt: Runtime,
}

/// The finished derived data of a complete table.
pub(crate) struct Finished {
    /// `None` when the memory left could not hold it: zoomed out, the map
    /// then samples a cell a pixel (and says so).
    pub pyramid: Option<Pyramid>,
    pub stats: Stats,
}

/// The table on screen.
pub(crate) struct Shown {
    pub table: Arc<Table>,
    pub finish: Option<Job<Arc<Finished>>>,
    pub finished: Option<Arc<Finished>>,
}

/// A table being computed (shown as it fills in, over the previous one).
pub(crate) struct Computing {
    pub table: Arc<Table>,
    pub job: Job<()>,
}

/// Which difference view an overlay table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OverlayKind {
    /// 0 neither, 1 only this map, 2 only the other, 3 both.
    Compare,
    /// 0 the formula agrees, 1 it differs.
    Formula,
}

/// A difference table drawn instead of the map.
#[derive(Clone)]
pub(crate) struct Overlay {
    pub table: Arc<Table>,
    pub kind: OverlayKind,
    pub summary: String,
}

/// What the frame may reuse from the last picture.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RasterKey {
    table: usize,
    complete: bool,
    pyramid: bool,
    camera: [u64; 3],
    size: [usize; 2],
    palette: Option<PaletteKey>,
    overlay: Option<usize>,
}

/// What a palette is made from: kind, largest value, highlighted values, misère.
pub(crate) type PaletteKey = (PaletteKind, u32, Vec<u32>, bool);

/// Which pinned cell of which table: (table address, x, y).
pub(crate) type PinnedKey = (usize, usize, usize);

/// Everything that is not saved.
#[derive(Default)]
pub(crate) struct Runtime {
    pub shown: Option<Shown>,
    pub computing: Option<Computing>,
    pub error: Option<String>,
    /// The rules and size that could not be computed (not retried every frame).
    pub failed: Option<(Rules, usize)>,
    pub texture: Option<egui::TextureHandle>,
    pub raster_key: Option<RasterKey>,
    pub last_partial: Option<Instant>,
    pub buf: Vec<u8>,
    pub palette: Option<(PaletteKey, Arc<Palette>)>,
    pub hover: Option<(usize, usize)>,
    /// The pinned cell's moves, by (table, x, y).
    pub pinned_moves: Option<side::PinnedMoves>,
    pub pinned: Option<(usize, usize)>,
    pub overlay: Option<Overlay>,
    pub overlay_job: Option<Job<Overlay>>,
    pub show_overlay: bool,
    pub export_job: Option<Job<String>>,
    pub message: Option<String>,
    pub no_dialog: bool,
    pub goto: String,
    /// The size being dragged or typed, applied when the edit ends.
    pub size_edit: Option<usize>,
    pub frame_ms: f32,
    pub fit_requested: bool,
    /// The canvas size and camera of the last fit: while the camera is
    /// untouched, a canvas that changes size (the window opens, grows or
    /// goes full screen) is fitted again.
    pub last_fit: Option<(f32, f32, Camera)>,
    /// Where the map was drawn in the last frame.
    pub canvas: Option<egui::Rect>,
    /// How many cell values were written on the map in the last frame.
    pub numbers_drawn: usize,
    pub plot_cache: plots::PlotCache,
}

/// The largest table side offered.
pub const MAX_SIZE: usize = 16384;

impl MapTab {
    /// The table on screen, if any.
    pub fn table(&self) -> Option<&Arc<Table>> {
        self.rt.shown.as_ref().map(|s| &s.table)
    }

    /// Whether a table is being computed.
    pub fn is_computing(&self) -> bool {
        self.rt.computing.is_some()
    }

    /// Whether the zoomed-out pyramid and statistics are ready.
    pub fn is_finished(&self) -> bool {
        self.rt.shown.as_ref().is_some_and(|s| s.finished.is_some())
    }

    /// The cell under the pointer.
    pub fn hovered(&self) -> Option<(usize, usize)> {
        self.rt.hover
    }

    /// The pinned cell.
    pub fn pinned(&self) -> Option<(usize, usize)> {
        self.rt.pinned
    }

    /// The pinned cell's moves as "(a, b) → g" lines, once the side panel
    /// has listed them (none when there are too many to list).
    pub fn pinned_move_lines(&self) -> Option<&str> {
        self.rt.pinned_moves.as_ref().and_then(|m| m.lines.as_deref())
    }

    /// The difference view, if computed: its summary.
    pub fn overlay_summary(&self) -> Option<&str> {
        self.rt.overlay.as_ref().map(|o| o.summary.as_str())
    }

    /// The last message (export written, errors).
    pub fn message(&self) -> Option<&str> {
        self.rt.message.as_deref().or(self.rt.error.as_deref())
    }

    /// How many values were written in cells in the last frame (0 when
    /// zoomed out).
    pub fn numbers_drawn(&self) -> usize {
        self.rt.numbers_drawn
    }

    /// Where the centre of cell `(x, y)` was on screen in the last frame.
    pub fn cell_screen_pos(&self, x: usize, y: usize) -> Option<egui::Pos2> {
        let (rect, cam) = (self.rt.canvas?, self.camera?);
        let (a, b) = cam.to_pixel(x as f64 + 0.5, y as f64 + 0.5);
        let p = rect.min + egui::vec2(a as f32, b as f32);
        rect.contains(p).then_some(p)
    }

    /// The current zoom in points per cell.
    pub fn zoom(&self) -> f64 {
        self.camera.unwrap_or_default().zoom
    }

    /// Centre the map on cell (x, y), zoomed in far enough to read its
    /// number, and pin it.
    pub fn show_cell(&mut self, x: usize, y: usize, ctx: &egui::Context) {
        let mut cam = self.camera.unwrap_or_default();
        cam.zoom = cam.zoom.max(32.0);
        let r = self.rt.canvas.unwrap_or(ctx.content_rect());
        cam.centre_on(x as f64, y as f64, r.width() as f64, r.height() as f64);
        self.camera = Some(cam);
        self.rt.pinned = Some((x, y));
    }

    /// Draw the tab.
    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        let started = Instant::now();
        // (The app collects finished jobs before this, every frame.)
        self.start_wanted_table(ui.ctx(), &shared.rules);
        // Another tab asked to show a cell (a counterexample of a formula).
        if let Some((x, y)) = shared.map_focus.take() {
            self.show_cell(x, y, ui.ctx());
        }
        // A fixed width: the panel's contents change as jobs finish, and the map
        // must not jump when they do.
        egui::Panel::right("map_side").resizable(false).exact_size(370.0).show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| side::side_panel(ui, self, shared));
        });
        egui::CentralPanel::default().show(ui, |ui| canvas::canvas(ui, self));
        self.rt.frame_ms = started.elapsed().as_secs_f32() * 1e3;
    }

    /// Start computing the table of `rules` unless it is shown, being
    /// computed, or failed before.
    fn start_wanted_table(&mut self, ctx: &egui::Context, rules: &Rules) {
        let size = self.options.size.clamp(16, MAX_SIZE);
        let wanted = |t: &Table| t.rules() == rules && t.width() == size && t.height() == size;
        let shown_ok = self.rt.shown.as_ref().is_some_and(|s| wanted(&s.table));
        let computing_ok = self.rt.computing.as_ref().is_some_and(|c| wanted(&c.table));
        let failed_before = self.rt.failed.as_ref().is_some_and(|(r, n)| r == rules && *n == size);
        if !shown_ok && !computing_ok && !failed_before {
            self.start_table(ctx, rules, size);
        }
    }

    /// Collect the background work that ended (and start the statistics of
    /// a finished table); never waits. Called every frame, shown or not.
    pub fn poll_jobs(&mut self, ctx: &egui::Context) {
        if let Some(c) = &mut self.rt.computing
            && let Some(end) = c.job.take()
        {
            let table = c.table.clone();
            self.rt.computing = None;
            match end {
                JobEnd::Done(()) => {
                    let first = self.rt.shown.is_none();
                    self.rt.shown = Some(Shown { finish: Some(finish_job(ctx, &table)), table, finished: None });
                    self.rt.overlay = None;
                    self.rt.show_overlay = false;
                    if first || self.camera.is_none() {
                        self.rt.fit_requested = true;
                    }
                }
                JobEnd::Cancelled => {
                    // Not started again by itself: the Compute button does that.
                    self.rt.failed = Some((table.rules().clone(), table.width()));
                    self.rt.error = Some(crate::ui::i18n::tr("map.cancelled").to_string());
                }
                JobEnd::Failed(e) => {
                    self.rt.failed = Some((table.rules().clone(), table.width()));
                    self.rt.error = Some(e.to_string());
                }
            }
        }
        if let Some(s) = &mut self.rt.shown
            && let Some(JobEnd::Done(f)) = poll(&mut s.finish)
        {
            s.finished = Some(f);
        }
        match poll(&mut self.rt.overlay_job) {
            Some(JobEnd::Done(o)) => {
                self.rt.overlay = Some(o);
                self.rt.show_overlay = true;
            }
            Some(JobEnd::Failed(e)) => self.rt.message = Some(e.to_string()),
            Some(JobEnd::Cancelled) | None => {}
        }
        match poll(&mut self.rt.export_job) {
            Some(JobEnd::Done(m)) => self.rt.message = Some(m),
            Some(JobEnd::Failed(e)) => self.rt.message = Some(e.to_string()),
            Some(JobEnd::Cancelled) | None => {}
        }
    }

    /// Allocate the new table (refusing sizes that do not fit) and fill it in
    /// a job; the old map stays on screen until the new one is complete.
    fn start_table(&mut self, ctx: &egui::Context, rules: &Rules, size: usize) {
        // Dropping the old computation cancels it.
        self.rt.computing = None;
        self.rt.error = None;
        match crate::grundy::prepare(rules, size, size) {
            Err(e) => {
                self.rt.error = Some(e.to_string());
                self.rt.failed = Some((rules.clone(), size));
            }
            Ok(table) => {
                let table = Arc::new(table);
                let t = table.clone();
                let job = widgets::spawn(crate::ui::i18n::tr("map.computing"), ctx, move |control| {
                    crate::grundy::fill(&t, &control).map_err(|e| e.to_string())
                });
                self.rt.computing = Some(Computing { table, job });
            }
        }
    }

    /// Recompute from scratch (after an error, or on request).
    pub fn retry(&mut self) {
        self.rt.error = None;
        self.rt.failed = None;
    }

    /// The palette for a table, cached by its inputs.
    pub(crate) fn palette_for(&mut self, table: &Table, finished: Option<&Finished>) -> Arc<Palette> {
        let misere = table.kind() == TableKind::Outcome;
        // Until the statistics arrive, a generous estimate of the maximum
        // (x + y bounds the queen's values) keeps the colours stable enough.
        let max = finished.map(|f| f.stats.max).unwrap_or((table.width() + table.height()) as u32);
        let key = (self.options.palette, max, parse_values(&self.options.highlight), misere);
        if let Some((k, p)) = &self.rt.palette
            && *k == key
        {
            return p.clone();
        }
        let p = Arc::new(Palette::new(key.0, key.1, &key.2, key.3));
        self.rt.palette = Some((key, p.clone()));
        p
    }
}

fn finish_job(ctx: &egui::Context, table: &Arc<Table>) -> Job<Arc<Finished>> {
    let t = table.clone();
    widgets::spawn(crate::ui::i18n::tr("map.finishing"), ctx, move |control| {
        let stats = crate::map::stats::stats(&t, &control).ok_or("cancelled")?;
        let fits = Pyramid::bytes_needed(&t) <= crate::grundy::memory_limit();
        let pyramid = if fits { Some(Pyramid::build(&t, &control).ok_or("cancelled")?) } else { None };
        Ok(Arc::new(Finished { pyramid, stats }))
    })
}

/// "0, 1, 5" -> [0, 1, 5]; anything that is not a number is skipped.
pub fn parse_values(s: &str) -> Vec<u32> {
    s.split([',', ' ', ';']).filter_map(|t| t.trim().parse().ok()).take(12).collect()
}
