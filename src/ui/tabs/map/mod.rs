//! The Grundy map tab: a pan/zoom colour map of the Grundy numbers of the
//! current rules, computed in the background, with hover values, pinned
//! cells, overlays, a difference view, plots and poster export.
//!
//! The UI thread only draws: the table, the level-of-detail pyramid, the
//! statistics, difference tables and exports are jobs. Each frame renders at
//! most one picture of the visible window (its cost grows with the pixels
//! shown, not with the table).

mod canvas;
mod cell_values;
mod construction;
mod copy;
mod difference;
mod export;
mod genus;
mod heap_plot;
mod heaps_plane;
mod legend;
mod overlays;
mod picture;
mod plots;
mod pointer;
mod sequence;
mod sequence_check;
mod sequence_quotient;
mod side;
mod table_state;
mod why;
pub use heaps_plane::HeapsPlane;
pub(crate) use table_state::map_box;

use crate::grundy::Table;
use crate::map::{Camera, PaletteKind};
use crate::ui::state::Shared;
use export::ExportState;
use overlays::Overlays;
use picture::Picture;
use pointer::Pointer;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use table_state::{TableEvent, TableState};
use web_time::Instant;

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
    /// Whether the formula is a statement that must hold (else a formula for g).
    pub formula_holds: bool,
    /// The condition choosing the cells compared (empty: every cell).
    pub formula_where: String,
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
    /// Three heaps: which coordinate the plane drawn holds fixed.
    pub plane_axis: crate::grundy::Axis,
    /// Three heaps: that coordinate's value (`z = k` by default).
    #[serde(alias = "plane_z")]
    pub plane_at: usize,
    /// Passes: the layer drawn, the number of passes left (clamped to the
    /// top layer, where a game starts, which the default asks for).
    pub pass_layer: usize,
    /// A take-and-break game: the values are computed up to this heap.
    pub sequence_up_to: u64,
    /// A game of more than three heaps: the plane drawn.
    pub heaps_plane: HeapsPlane,
}

impl MapOptions {
    /// Bring values read from the settings file within what the controls
    /// allow.
    pub fn clamp_to_ui(&mut self, dropped: &mut Vec<crate::ui::state::DroppedPart>) {
        use crate::ui::state::{SavedText, keep_if_short};
        use crate::ui::widgets::{MAX_FIELD_CHARS, MAX_PATH_CHARS};
        self.size = self.size.clamp(16, MAX_SIZE);
        self.compare_a = self.compare_a.min(1_000_000);
        self.compare_b = self.compare_b.min(1_000_000);
        self.export_ppc = if self.export_ppc.is_finite() { self.export_ppc.clamp(0.05, 64.0) } else { 2.0 };
        self.plot_k = self.plot_k.min(100_000);
        self.plot_row = self.plot_row.min(MAX_SIZE - 1);
        self.plane_at = self.plane_at.min(table_state::MAX_CUBE - 1);
        self.pass_layer = self.pass_layer.min(usize::from(crate::rules::MAX_PASSES));
        self.sequence_up_to = self.sequence_up_to.clamp(1, sequence::MAX_UP_TO);
        self.heaps_plane.clamp_to_ui();
        keep_if_short(&mut self.formula, SavedText::Formula, crate::conjecture::MAX_TEXT, dropped);
        keep_if_short(&mut self.formula_where, SavedText::Formula, crate::conjecture::MAX_TEXT, dropped);
        keep_if_short(&mut self.highlight, SavedText::Field, MAX_FIELD_CHARS, dropped);
        keep_if_short(&mut self.compare_with, SavedText::Field, MAX_FIELD_CHARS, dropped);
        keep_if_short(&mut self.export_path, SavedText::Path, MAX_PATH_CHARS, dropped);
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
            formula_holds: false,
            formula_where: String::new(),
            export_ppc: 2.0,
            export_legend: true,
            export_whole: true,
            export_path: String::new(),
            plot_k: 0,
            plot_row: 10,
            plane_axis: crate::grundy::Axis::Z,
            plane_at: 0,
            pass_layer: usize::from(crate::rules::MAX_PASSES),
            sequence_up_to: 100_000,
            heaps_plane: HeapsPlane::default(),
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

/// Everything that is not saved: one part per concern, each keeping its
/// own invariants (see the part's module).
#[derive(Default)]
pub(crate) struct Runtime {
    table: TableState,
    picture: Picture,
    overlays: Overlays,
    export: ExportState,
    pointer: Pointer,
    view: ViewState,
    /// The side panel's edits in progress.
    edits: Edits,
    plot_cache: plots::PlotCache,
    /// A take-and-break game's values.
    sequence: sequence::SequenceState,
    /// The construction of the P-positions step by step.
    construction: construction::ConstructionView,
    /// A cell another tab asked to show (see [`MapTab::focus`]), shown at
    /// the next frame of the map.
    focus: Option<crate::ui::state::MapFocus>,
    /// The table of a game of more than three heaps.
    heaps: heaps_plane::HeapsMap,
    /// Conway's genus of the pinned cell (misère maps).
    genus: genus::PinnedGenus,
}

/// Where and how the map was drawn.
#[derive(Default)]
struct ViewState {
    /// Fit the table to the canvas at the next frame.
    fit_requested: bool,
    /// The canvas size and camera of the last fit: while the camera is
    /// untouched, a canvas that changes size (the window opens, grows or
    /// goes full screen) is fitted again.
    last_fit: Option<(f32, f32, Camera)>,
    /// Where the map was drawn in the last frame.
    canvas: Option<egui::Rect>,
    /// How many cell values were written on the map in the last frame.
    numbers_drawn: usize,
    /// How long the last frame of the tab took.
    frame_ms: f32,
}

/// Text fields of the side panel being edited.
#[derive(Default)]
struct Edits {
    /// The "go to" field.
    goto: String,
    /// Why the "go to" text is not a cell.
    goto_error: Option<crate::ui::notice::Notice>,
    /// The size being dragged or typed, applied when the edit ends.
    size: Option<usize>,
}

/// The largest table side offered.
pub const MAX_SIZE: usize = 16384;

impl MapTab {
    /// The table on screen, if any.
    pub fn table(&self) -> Option<&Arc<Table>> {
        self.rt.table.shown()
    }

    /// Whether a table is being computed.
    pub fn is_computing(&self) -> bool {
        self.rt.table.computing().is_some() || self.rt.table.cutting().is_some() || self.rt.heaps.is_computing()
    }

    /// The table of a game of more than three heaps on screen.
    pub fn heaps_table(&self) -> Option<&Arc<crate::grundy::heaps::HeapTable>> {
        self.rt.heaps.table()
    }

    /// Whether the zoomed-out pyramid and statistics are ready.
    pub fn is_finished(&self) -> bool {
        self.rt.table.finished().is_some()
    }

    /// The cell under the pointer.
    pub fn hovered(&self) -> Option<(usize, usize)> {
        self.rt.pointer.hovered()
    }

    /// The pinned cell.
    pub fn pinned(&self) -> Option<(usize, usize)> {
        self.rt.pointer.pinned()
    }

    /// The pinned cell's moves as "(a, b) → g" lines, once the side panel
    /// has listed them (none when there are too many to list).
    pub fn pinned_move_lines(&self) -> Option<&str> {
        self.rt.pointer.move_lines()
    }

    /// The difference view, if computed: its summary.
    pub fn overlay_summary(&self) -> Option<String> {
        self.rt.overlays.latest().map(|o| o.summary.text())
    }

    /// A message of the side panel, in this order: the last export's result,
    /// why the last difference view could not be made, why the "go to" text
    /// is not a cell, why the table could not be computed.
    pub fn message(&self) -> Option<String> {
        let rt = &self.rt;
        rt.export
            .message()
            .or_else(|| rt.overlays.error())
            .or_else(|| rt.edits.goto_error.as_ref().map(crate::ui::notice::Notice::text))
            .or_else(|| rt.table.error())
    }

    /// How many values were written in cells in the last frame (0 when
    /// zoomed out).
    pub fn numbers_drawn(&self) -> usize {
        self.rt.view.numbers_drawn
    }

    /// Where the centre of cell `(x, y)` was on screen in the last frame.
    pub fn cell_screen_pos(&self, x: usize, y: usize) -> Option<egui::Pos2> {
        let (rect, cam) = (self.rt.view.canvas?, self.camera?);
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
        let r = self.rt.view.canvas.unwrap_or(ctx.content_rect());
        cam.centre_on(x as f64, y as f64, r.width() as f64, r.height() as f64);
        self.camera = Some(cam);
        self.rt.pointer.pin((x, y));
    }

    /// Draw the tab.
    fn draw(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        let started = Instant::now();
        // (The app collects finished jobs before this, every frame.)
        // Each kind of table has its own picture: a row's sequence, a
        // plane of many heaps, or the map of a box.
        match crate::game_table::TableShape::of(&shared.rules) {
            crate::game_table::TableShape::Row => return sequence::draw(ui, self, shared),
            crate::game_table::TableShape::Heaps => return heaps_plane::draw(ui, self, shared),
            crate::game_table::TableShape::Box => {}
        }
        let size = self.options.size.clamp(16, MAX_SIZE);
        self.rt.table.want(ui.ctx(), &shared.rules, size);
        let table = &self.rt.table;
        crate::platform::publish_state(|| {
            let mut state = vec![
                ("map_computing", (table.computing().is_some() || table.cutting().is_some()).to_string()),
                ("map_error", table.error().is_some().to_string()),
            ];
            if let Some(took) = table.fill_time() {
                state.push(("map_fill_ms", format!("{:.1}", took.as_secs_f64() * 1e3)));
                state.push(("map_side", table.shown().map_or(0, |t| t.dims()[0]).to_string()));
            }
            state
        });
        self.plane_keys(ui.ctx());
        let before = self.rt.table.shown().map(Arc::as_ptr);
        self.rt.table.set_view(ui.ctx(), self.options.plane_axis, self.options.plane_at, self.options.pass_layer);
        if self.rt.table.shown().map(Arc::as_ptr) != before {
            // Another plane or layer: an overlay belongs to the plane it was computed from.
            self.rt.overlays.table_changed();
        }
        // Another tab asked to show a cell (a counterexample of a formula).
        if let Some(focus) = self.rt.focus.take() {
            let [x, y, z] = focus.position;
            // The plane z of a three-heap table (a flat table has only z = 0).
            (self.options.plane_axis, self.options.plane_at) = (crate::grundy::Axis::Z, z);
            if let Some(layer) = focus.layer {
                self.options.pass_layer = layer;
            }
            self.show_cell(x, y, ui.ctx());
        }
        // A fixed width: the panel's contents change as jobs finish, and the map
        // must not jump when they do.
        crate::ui::widgets::side_panel(ui, "map_side", crate::ui::widgets::Side::Right, 370.0, 0.4, |ui| {
            side::side_panel(ui, self, shared);
        });
        construction::panel(ui, self, &shared.rules);
        egui::CentralPanel::default().show(ui, |ui| canvas::canvas(ui, self));
        self.rt.view.frame_ms = started.elapsed().as_secs_f32() * 1e3;
    }

    /// Show and mark `focus` at the next frame (another tab's request, run
    /// by the app as an [`AppCommand`](crate::ui::state::AppCommand)).
    pub fn focus(&mut self, focus: crate::ui::state::MapFocus) {
        self.rt.focus = Some(focus);
    }

    /// Collect the background work that ended; never waits. Called every
    /// frame, shown or not.
    pub fn poll_jobs(&mut self, ctx: &egui::Context) {
        if let Some(TableEvent::Arrived { first }) = self.rt.table.poll(ctx) {
            // An overlay belongs to the table it was computed from.
            self.rt.overlays.table_changed();
            if first || self.camera.is_none() {
                self.rt.view.fit_requested = true;
            }
        }
        self.rt.overlays.poll();
        self.rt.export.poll();
        self.rt.sequence.poll();
        self.rt.construction.poll();
        self.rt.heaps.poll();
    }

    /// Open "Build the P-positions step by step" beside the map.
    pub fn open_construction(&mut self) {
        self.rt.construction.open();
    }

    /// Whether the construction is beside the map.
    pub fn is_construction_open(&self) -> bool {
        self.rt.construction.is_open()
    }

    /// How many steps of the construction are shown, once it is built.
    pub fn construction_shown(&self) -> Option<usize> {
        self.rt.construction.shown()
    }

    /// PageUp / PageDown move through the planes of a three-heap table.
    fn plane_keys(&mut self, ctx: &egui::Context) {
        let Some(full) = self.rt.table.full() else { return };
        let last = full.dims()[self.options.plane_axis.index()] - 1;
        if full.depth() == 1 {
            return;
        }
        let (up, down) = ctx.input(|i| (i.key_pressed(egui::Key::PageUp), i.key_pressed(egui::Key::PageDown)));
        if up {
            self.options.plane_at = (self.options.plane_at + 1).min(last);
        }
        if down {
            self.options.plane_at = self.options.plane_at.saturating_sub(1);
        }
    }

    /// The whole table behind the plane on screen (three heaps, a pass).
    pub fn full_table(&self) -> Option<&Arc<Table>> {
        self.rt.table.full()
    }

    /// A take-and-break game's values on screen: the sentence that says
    /// what is known of the period, and how many values there are.
    pub fn sequence_summary(&self) -> Option<(String, u64)> {
        let c = self.rt.sequence.shown()?;
        Some((crate::ui::words::takebreak::period_verdict(&c.report), c.seq.len()))
    }

    /// Whether a take-and-break game's values are being computed.
    pub fn is_computing_sequence(&self) -> bool {
        self.rt.sequence.is_computing()
    }

    /// Recompute from scratch (after an error, or on request).
    pub fn retry(&mut self) {
        self.rt.table.retry();
        self.rt.heaps.retry();
    }
}

/// The highlighted values of a list such as "0, 1, 5"; none while the list
/// cannot be read (the side panel says why, [`crate::map::palette::parse_highlight`]).
pub fn parse_values(s: &str) -> Vec<u32> {
    crate::map::palette::parse_highlight(s).unwrap_or_default()
}

impl crate::ui::tabs::AppTab for MapTab {
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        self.draw(ui, shared);
    }

    fn logic(&mut self, ctx: &egui::Context, _shared: &mut Shared) {
        self.poll_jobs(ctx);
    }
}
