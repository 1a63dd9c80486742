//! The picture in the middle: the design's scene painted by the scene
//! painter (what an export contains), with painting, rectangle fill, start
//! picking and puzzle clicks, and a few on-screen-only marks on top (the
//! brush's cell, the rectangle being dragged, start cells, puzzle moves).

use super::{KnightTab, Tool, edit::brush_name, region_name, symmetry_name};
use crate::draw::Scene;
use crate::knight::{Board, Cell, Design, Layout, LeaperGraph, Pos, Region, Tour, ViewOptions, scene};
use crate::ui::i18n::{tr, trf};
use crate::ui::scene_painter::{self, SceneTransform};
use crate::ui::state::Shared;
use crate::ui::ui_ext::UiExt;
use egui::{Pos2, Rect, Sense, Stroke, pos2, vec2};
use std::sync::Arc;

/// What the picture remembers between frames.
#[derive(Default)]
pub struct CanvasState {
    /// Where the scene was painted last frame (for tests and picking).
    pub transform: Option<SceneTransform>,
    /// The layout of the scene painted last frame.
    pub layout: Option<Layout>,
    cache: Option<(Design, ViewKey, Arc<Scene>)>,
    edges: Option<(Board, crate::knight::Leaper, [usize; 2])>,
    stroke_before: Option<Board>,
    last_cell: Option<Pos>,
    rect_from: Option<(Pos, Cell)>,
    /// A short message after a click that did nothing.
    pub notice: Option<crate::ui::notice::Notice>,
}

/// What the scene depends on besides the design.
#[derive(Clone, PartialEq)]
struct ViewKey {
    graph: bool,
    numbered: bool,
    tours: [Option<Tour>; 2],
}

impl CanvasState {
    /// Whether a paint stroke is under way (it becomes one undo step when
    /// the button is released).
    pub fn stroking(&self) -> bool {
        self.stroke_before.is_some()
    }

    /// The number of moves (edges) of the knight graph of `region`, as
    /// last computed.
    pub fn edge_count(&self, region: Region) -> usize {
        self.edges.as_ref().map_or(0, |e| e.2[region.index()])
    }

    /// The screen position of the centre of cell `p` in the last frame.
    pub fn cell_centre(&self, p: Pos) -> Option<Pos2> {
        Some(self.transform?.to_screen(self.layout?.centre(p)))
    }

    fn cell_at(&self, screen: Pos2) -> Option<Pos> {
        self.layout?.cell_at(self.transform?.to_scene(screen))
    }

    fn cell_rect(&self, p: Pos) -> Option<Rect> {
        let (t, l) = (self.transform?, self.layout?);
        let min = t.to_screen([l.origin[0] + p.x as f32 * l.cell, l.origin[1] + p.y as f32 * l.cell]);
        Some(Rect::from_min_size(min, egui::Vec2::splat(l.cell * t.scale)))
    }
}

impl KnightTab {
    /// The tours the picture shows: the animated prefix, the puzzle path,
    /// or the tours found.
    fn shown_tours(&self) -> [Option<Tour>; 2] {
        let mut out: [Option<Tour>; 2] = [None, None];
        if self.options.show_tours {
            for r in Region::BOTH {
                out[r.index()] = self.work[r.index()].tour.clone();
            }
        }
        if let Some(a) = &self.animation
            && let Some(t) = &self.work[a.region.index()].tour
        {
            let n = (a.shown.floor() as usize).clamp(1, t.cells.len());
            out[a.region.index()] = Some(Tour { cells: t.cells[..n].to_vec(), closed: t.closed && n == t.cells.len() });
        }
        if self.options.tool == Tool::Puzzle
            && let Some(p) = &self.puzzle
        {
            out[p.region().index()] = (!p.path().is_empty()).then(|| p.tour());
        }
        out
    }

    /// The scene of the current design and view (cached while nothing changes).
    pub fn current_scene(&mut self) -> Arc<Scene> {
        let key = ViewKey {
            graph: self.options.show_graph,
            numbered: self.options.numbered || self.options.tool == Tool::Puzzle,
            tours: self.shown_tours(),
        };
        if let Some((d, k, s)) = &self.canvas.cache
            && *d == self.design
            && *k == key
        {
            return s.clone();
        }
        let view = ViewOptions {
            graph: key.graph,
            tours: [key.tours[0].as_ref(), key.tours[1].as_ref()],
            numbered: key.numbered,
        };
        let s = Arc::new(scene(&self.design, &view));
        self.canvas.cache = Some((self.design.clone(), key, s.clone()));
        s
    }

    fn update_edge_counts(&mut self) {
        let (b, l) = (&self.design.board, self.design.leaper);
        if self.canvas.edges.as_ref().is_some_and(|(eb, el, _)| eb == b && *el == l) {
            return;
        }
        let count = |r| LeaperGraph::of_region(b, r, l).edge_count();
        self.canvas.edges = Some((b.clone(), l, [count(Region::A), count(Region::B)]));
    }

    pub(super) fn canvas_view(&mut self, ui: &mut egui::Ui, _shared: &mut Shared) {
        self.update_edge_counts();
        let b = &self.design.board;
        let l = self.design.leaper;
        ui.horizontal_wrapped(|ui| {
            ui.phrases(
                egui::RichText::new(trf(
                    "knight.board_size",
                    &[("w", &b.width()), ("h", &b.height()), ("leaper", &format!("({},{})", l.a, l.b))],
                ))
                .strong(),
            );
            for r in Region::BOTH {
                let n = b.count(r);
                if n > 0 {
                    let c = scene_painter::color(self.design.style.lines[r.index()]);
                    ui.phrases(egui::RichText::new("━━").color(c).strong());
                    ui.phrases(format!("{}: {} / {}", region_name(r), n, self.canvas.edge_count(r)));
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.phrases(tr("knight.view"));
            let o = &mut self.options;
            ui.toggle_value(&mut o.show_graph, tr("knight.view.graph"));
            ui.toggle_value(&mut o.show_tours, tr("knight.view.tours"));
            ui.toggle_value(&mut o.numbered, tr("knight.view.numbered"));
        });
        let hint = match self.options.tool {
            Tool::Paint => trf(
                "knight.hint.paint",
                &[("brush", &brush_name(self.options.brush)), ("sym", &symmetry_name(self.options.symmetry))],
            ),
            Tool::Rectangle => trf(
                "knight.hint.rect",
                &[("brush", &brush_name(self.options.brush)), ("sym", &symmetry_name(self.options.symmetry))],
            ),
            Tool::PickStart => tr("knight.hint.start").to_string(),
            Tool::Puzzle => trf(
                "knight.hint.puzzle",
                &[("region", &region_name(self.puzzle.as_ref().map_or(Region::A, |p| p.region())))],
            ),
        };
        ui.phrases(hint);
        if let Some(n) = &self.canvas.notice {
            ui.colored_label(ui.visuals().warn_fg_color, n.text());
        }
        let bottom = if self.options.tool == Tool::Puzzle { 40.0 } else { 4.0 };
        let area = ui.available_rect_before_wrap();
        let area = Rect::from_min_max(area.min, pos2(area.max.x, (area.max.y - bottom).max(area.min.y + 50.0)));
        let resp = ui.allocate_rect(area, Sense::click_and_drag());
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, tr("knight.canvas")));
        let scene = self.current_scene();
        let painter = ui.painter_at(area);
        let t = scene_painter::paint(&painter, &scene, area.shrink(8.0));
        self.canvas.transform = Some(t);
        self.canvas.layout = Some(Layout::of(&self.design));
        self.handle_pointer(ui, &resp);
        self.overlays(ui, &painter, &resp);
        if self.options.tool == Tool::Puzzle {
            self.puzzle_status(ui);
        }
    }

    fn handle_pointer(&mut self, ui: &egui::Ui, resp: &egui::Response) {
        let pos = resp.interact_pointer_pos().or_else(|| resp.hover_pos());
        let cell = pos.and_then(|p| self.canvas.cell_at(p));
        let shift = ui.input(|i| i.modifiers.shift);
        let secondary = ui.input(|i| i.pointer.secondary_down());
        let brush = if secondary { Cell::Hole } else { self.options.brush };
        let sym = self.options.symmetry;
        match self.options.tool {
            Tool::Paint | Tool::Rectangle => {
                // A finger held still does what the right button does: the
                // cell becomes a hole. (egui ends the press there, so the
                // stroke ends too, one undo step with what it painted.)
                if resp.long_touched()
                    && let Some(c) = cell
                {
                    self.canvas.rect_from = None;
                    self.canvas.stroke_before.get_or_insert_with(|| self.design.board.clone());
                    let board = self.design.board.painted(c, Cell::Hole, sym);
                    if board != self.design.board {
                        self.design.board = board;
                        self.board_changed();
                    }
                    self.canvas.last_cell = Some(c);
                }
                let rect_mode = self.options.tool == Tool::Rectangle || shift;
                let down = resp.is_pointer_button_down_on();
                // A stroke starts when a button goes down on a cell, and is
                // one undo step however many cells it paints.
                if down
                    && self.canvas.stroke_before.is_none()
                    && let Some(c) = cell
                {
                    self.canvas.stroke_before = Some(self.design.board.clone());
                    self.canvas.last_cell = None;
                    self.canvas.rect_from = rect_mode.then_some((c, brush));
                }
                if down
                    && self.canvas.stroke_before.is_some()
                    && let Some(c) = cell
                {
                    if self.canvas.rect_from.is_none() {
                        // Every cell on the way from the last one, so a fast drag leaves no gaps.
                        let from = self.canvas.last_cell.unwrap_or(c);
                        let mut board = self.design.board.clone();
                        for p in cells_between(from, c) {
                            board = board.painted(p, brush, sym);
                        }
                        if board != self.design.board {
                            self.design.board = board;
                            self.board_changed();
                        }
                    }
                    self.canvas.last_cell = Some(c);
                }
                if !down && let Some(before) = self.canvas.stroke_before.take() {
                    if let (Some((a, fill)), Some(c)) = (self.canvas.rect_from.take(), self.canvas.last_cell) {
                        let board = self.design.board.rect_filled(a, c, fill, sym);
                        if board != self.design.board {
                            self.design.board = board;
                            self.board_changed();
                        }
                    }
                    // The whole stroke is one undo step.
                    if before != self.design.board {
                        self.history.record(&self.design);
                    }
                    self.canvas.last_cell = None;
                }
            }
            Tool::PickStart => {
                if resp.clicked()
                    && let Some(c) = cell
                {
                    match self.design.board.at(c) {
                        Cell::A => self.start[0] = Some(c),
                        Cell::B => self.start[1] = Some(c),
                        Cell::Hole => {
                            let text = move || trf("knight.start_not_region", &[("x", &c.x), ("y", &c.y)]);
                            self.canvas.notice = Some(crate::ui::notice::Notice::new(text));
                            return;
                        }
                    }
                    self.canvas.notice = None;
                }
            }
            Tool::Puzzle => {
                if resp.clicked()
                    && let Some(c) = cell
                {
                    self.puzzle_click(c);
                }
            }
        }
    }

    fn overlays(&self, ui: &egui::Ui, painter: &egui::Painter, resp: &egui::Response) {
        let accent = ui.visuals().selection.stroke.color;
        let pal = crate::ui::theme::current(ui.ctx());
        let white = pal.brush_outline;
        let hover = resp.hover_pos().and_then(|p| self.canvas.cell_at(p));
        let Some(t) = self.canvas.transform else { return };
        let w = (t.scale * 2.5).clamp(1.5, 4.0);
        if let (Some((a, _)), Some(c)) = (self.canvas.rect_from, hover.or(self.canvas.last_cell))
            && let (Some(ra), Some(rc)) = (self.canvas.cell_rect(a), self.canvas.cell_rect(c))
        {
            painter.rect_stroke(ra.union(rc), 2.0, Stroke::new(w, white), egui::StrokeKind::Inside);
        }
        match self.options.tool {
            Tool::Paint | Tool::Rectangle => {
                if let Some(c) = hover {
                    let b = &self.design.board;
                    for q in self.options.symmetry.orbit(c, b.width(), b.height()) {
                        if let Some(r) = self.canvas.cell_rect(q) {
                            painter.rect_stroke(
                                r.shrink(1.0),
                                2.0,
                                Stroke::new(w * 0.6, white),
                                egui::StrokeKind::Inside,
                            );
                        }
                    }
                }
            }
            Tool::PickStart => {
                if let Some(r) = hover.and_then(|c| self.canvas.cell_rect(c)) {
                    painter.rect_stroke(r, 2.0, Stroke::new(w, accent), egui::StrokeKind::Inside);
                }
            }
            Tool::Puzzle => {
                if let Some(p) = &self.puzzle
                    && !p.is_complete()
                {
                    let moves = if p.path().is_empty() { Vec::new() } else { p.next_moves() };
                    for m in moves {
                        if let Some(c) = self.canvas.cell_centre(m) {
                            painter.circle_stroke(c, t.scale * 12.0, Stroke::new(w, pal.puzzle_next));
                        }
                    }
                }
            }
        }
        // Start cells: a ring in the region's dot colour with an "S".
        for r in Region::BOTH {
            if let Some(p) = self.start[r.index()]
                && let Some(c) = self.canvas.cell_centre(p)
            {
                let col = scene_painter::color(self.design.style.dot_colors[r.index()]);
                painter.circle_stroke(c, t.scale * 14.0, Stroke::new(w, col));
                painter.text(
                    c + vec2(t.scale * 10.0, -t.scale * 10.0),
                    egui::Align2::CENTER_CENTER,
                    "S",
                    egui::FontId::proportional((t.scale * 12.0).clamp(10.0, 28.0)),
                    col,
                );
            }
        }
    }
}

/// The cells on the straight line from `a` to `b` (both included).
fn cells_between(a: Pos, b: Pos) -> Vec<Pos> {
    let (dx, dy) = (b.x as i32 - a.x as i32, b.y as i32 - a.y as i32);
    let n = dx.abs().max(dy.abs()).max(1);
    (0..=n)
        .map(|i| {
            let x = a.x as f32 + dx as f32 * i as f32 / n as f32;
            let y = a.y as f32 + dy as f32 * i as f32 / n as f32;
            Pos::new(x.round() as u16, y.round() as u16)
        })
        .collect()
}
