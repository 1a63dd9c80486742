//! The editor: presets, the move matrix (click cycles off / jump / slide,
//! drag paints), the one-click slide toggles, the symmetry helper, the
//! terminal-set painter and normal / misère play. A piece of four to eight
//! heaps gets the list of `heaps_moves.rs` instead of the matrix.

use super::PiecesTab;
use crate::rules::{CellState, Convention, Offset, Piece, Rules, TerminalSet, USUAL_SLIDES, parameter_p_piece};
use crate::ui::i18n::{tr, trf};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use egui::{Align2, FontId, Rect, RichText, Sense, Stroke, StrokeKind, Vec2, pos2, vec2};

/// The largest move matrix shown.
pub const MAX_GRID: u32 = 40;
/// Side of the terminal-set painter.
const TERMINAL_SIDE: u32 = 8;
/// The smallest side of a move-matrix cell, in points: 40 cells of it fit
/// the narrowest editor panel.
const MIN_CELL: f32 = 5.0;

/// A drag that paints cells with one state until the button is released.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum PaintState {
    /// Not painting.
    #[default]
    Idle,
    /// Painting matrix cells with this state.
    Matrix(CellState),
    /// Painting terminal cells on (true) or off.
    Terminal(bool),
}

impl PaintState {
    /// Whether a drag is painting.
    pub fn is_active(self) -> bool {
        self != PaintState::Idle
    }
}

/// Draw the editor.
pub fn show(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    // A drag ends when the button is released, wherever the pointer is.
    if tab.paint.is_active() && !ui.input(|i| i.pointer.primary_down()) {
        tab.paint = PaintState::Idle;
    }
    presets(tab, ui);
    if tab.draft.dimension > 3 {
        // Four to eight heaps: a list of moves, and no terminal cells.
        super::heaps_moves::show(tab, ui);
    } else {
        matrix_and_terminal(tab, ui, pal);
    }
    ui.section(tr("editor.convention"));
    ui.radio_value(&mut tab.draft.convention, Convention::Normal, tr("editor.normal"));
    ui.radio_value(&mut tab.draft.convention, Convention::Misere, tr("editor.misere"));
    ui.section(tr("editor.passes"));
    crate::ui::rules_choice::passes_fields(ui, &mut tab.draft.passes);
}

/// The move matrix with its helpers, and the terminal-set painter: pieces
/// of one to three heaps.
fn matrix_and_terminal(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    ui.section(tr("editor.matrix"));
    ui.phrases(RichText::new(tr("editor.matrix_help")).small());
    let three = tab.draft.dimension == 3;
    if three {
        plane_choice(tab, ui);
    }
    matrix(tab, ui, pal);
    legend(ui, pal);
    if three {
        move_list(tab, ui);
    } else {
        slide_toggles(tab, ui);
    }
    ui.horizontal_wrapped(|ui| {
        let was = tab.symmetric;
        ui.checkbox(&mut tab.symmetric, tr(if three { "editor.symmetric3" } else { "editor.symmetric" }));
        if tab.symmetric && !was {
            let piece = &tab.draft.piece;
            // At most 6 orders of each of a matrix's moves: never refused.
            let three_alike = || piece.symmetrized_heaps(3, usize::MAX).unwrap_or_else(|| piece.clone());
            tab.draft.piece = if three { three_alike() } else { piece.symmetrized() };
            tab.draft.terminal = tab.draft.terminal.symmetrized();
        }
    });
    let need = tab.draft.piece.extent().clamp(3, MAX_GRID);
    ui.add(egui::Slider::new(&mut tab.grid, need..=MAX_GRID).text(tr("editor.size")));
    tab.grid = tab.grid.clamp(need, MAX_GRID);
    let outside = tab.draft.piece.slides.iter().chain(&tab.draft.piece.jumps);
    let outside = outside.filter(|o| o.dx.max(o.dy).max(o.dz) >= tab.grid);
    let outside = outside.count();
    if outside > 0 {
        ui.error_label(trf("editor.outside", &[("n", &outside)]));
    }
    ui.section(tr("editor.terminal"));
    ui.phrases(RichText::new(tr("editor.terminal_help")).small());
    terminal(tab, ui, pal);
}

/// Three heaps: the plane dz of the move matrix on screen (the matrix shows
/// the offsets (dx, dy, dz) of that plane).
fn plane_choice(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    tab.plane_dz = tab.plane_dz.min(tab.grid - 1);
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("editor.plane")).tip(tr("editor.plane_tip"));
        let slider = egui::Slider::new(&mut tab.plane_dz, 0..=tab.grid - 1).prefix("dz = ");
        ui.add(slider).labelled_by(label.id);
    });
}

/// Three heaps: every move of the piece in words, all planes at once.
fn move_list(tab: &PiecesTab, ui: &mut egui::Ui) {
    let piece = &tab.draft.piece;
    let text = |o: &Offset| format!("({}, {}, {})", o.dx, o.dy, o.dz);
    let moves: Vec<String> = piece
        .slides
        .iter()
        .map(|o| trf("editor.move_slide", &[("offset", &text(o))]))
        .chain(piece.jumps.iter().map(|o| trf("editor.move_jump", &[("offset", &text(o))])))
        .collect();
    egui::CollapsingHeader::new(trf("editor.moves", &[("n", &moves.len())])).show(ui, |ui| {
        for m in &moves {
            ui.phrases(m);
        }
    });
}

fn presets(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        ui.phrases(RichText::new(tr("editor.start")).strong().size(ui.section_size()));
        ui.add_space(ui.available_width() - 190.0);
        let (can_undo, can_redo) = tab.can_undo();
        if ui.add_enabled(can_undo, egui::Button::new(tr("pieces.undo"))).tip("Ctrl+Z").clicked() {
            tab.undo();
        }
        if ui.add_enabled(can_redo, egui::Button::new(tr("pieces.redo"))).tip("Ctrl+Y").clicked() {
            tab.redo();
        }
    });
    let mut chosen: Option<Rules> = None;
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr("editor.new")).clicked() {
            chosen = Some(Rules::new(tr("editor.new_name"), Piece::default()));
        }
        for (key, name) in [
            ("editor.rook", "nim"),
            ("editor.queen", "queen"),
            ("editor.dragon_king", "dragon-king"),
            ("editor.dragon_horse", "dragon-horse"),
            ("editor.queen_t2", "queen-t2"),
            ("editor.bishop", "bishop"),
            ("editor.king", "king"),
            ("editor.knight", "knight"),
        ] {
            if ui.button(tr(key)).clicked() {
                chosen = crate::ui::rules_choice::preset_for_ui(name);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("editor.p_value"));
        ui.add(egui::DragValue::new(&mut tab.p).range(1..=MAX_GRID + 1).speed(0.1)).labelled_by(label.id);
        if ui.button(tr("editor.p_piece")).clicked()
            && let Some(mut r) = crate::ui::rules_choice::preset_for_ui(&format!("ryuoh:{}", tab.p))
        {
            // The p-matrix drawn cell by cell (the same moves as the preset).
            r.piece = parameter_p_piece(tab.p);
            chosen = Some(r);
        }
    });
    ui.horizontal_wrapped(|ui| {
        // One line for the presets of three to eight heaps: the panel above the matrix stays short.
        let label = ui.phrases(tr("editor.three_heaps"));
        egui::ComboBox::from_id_salt("pieces_three_heaps")
            .selected_text(tr("editor.three_heaps_pick"))
            .show_ui(ui, |ui| {
                for name in ["nim-3", "queen-3", "queen-3-all"] {
                    let Ok(mut rules) = crate::rules::preset(name) else { continue };
                    let title = crate::ui::words::play::rules_name(&rules);
                    if ui.selectable_label(false, &title).clicked() {
                        // The library's description is English: the title says it in the reader's words.
                        rules.description = title;
                        chosen = Some(rules);
                    }
                }
                // The rook of four to eight heaps (Nim), whose moves the list edits.
                for n in 4..=crate::rules::MAX_DIMENSION {
                    let Ok(mut rules) = crate::rules::preset(&format!("nim-{n}")) else { continue };
                    let title = trf("editor.many_heaps_nim", &[("n", &n)]);
                    if ui.selectable_label(false, &title).clicked() {
                        rules.description = title;
                        chosen = Some(rules);
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    if let Some(rules) = chosen {
        tab.load(rules);
    }
}

/// The rectangle of the cell in column `col`, row `row` of a grid at `origin`.
fn cell_rect(origin: egui::Pos2, cell: f32, col: u32, row: u32) -> Rect {
    Rect::from_min_size(origin + vec2(col as f32 * cell, row as f32 * cell), Vec2::splat(cell))
}

fn state_word(s: CellState) -> &'static str {
    match s {
        CellState::Off => tr("editor.state.off"),
        CellState::Jump => tr("editor.state.jump"),
        CellState::Slide => tr("editor.state.slide"),
    }
}

/// Where the move matrix is on screen: `n` cells a side from `origin`.
/// Column `col` is dx = n - 1 - col; row `row` is dy = n - 1 - row, so the
/// piece's own corner is at the bottom right.
struct MatrixGrid {
    n: u32,
    /// The plane shown (0 but for three heaps).
    dz: u32,
    origin: egui::Pos2,
    cell: f32,
}

impl MatrixGrid {
    fn rect(&self) -> Rect {
        Rect::from_min_size(self.origin, Vec2::splat(self.cell * self.n as f32))
    }

    /// The offset under the screen point `p`, if it is on the matrix.
    fn offset_at(&self, p: egui::Pos2) -> Option<Offset> {
        let n = self.n;
        self.rect().contains(p).then(|| {
            let col = (((p.x - self.origin.x) / self.cell) as u32).min(n - 1);
            let row = (((p.y - self.origin.y) / self.cell) as u32).min(n - 1);
            Offset::new3(n - 1 - col, n - 1 - row, self.dz)
        })
    }
}

/// What the pointer did on the matrix this frame.
#[derive(Default)]
struct MatrixInput {
    clicked: Option<Offset>,
    drag_from: Option<Offset>,
}

fn matrix(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    let n = tab.grid;
    let margin = vec2(4.0, 4.0);
    let axis = vec2(30.0, 24.0);
    // Cells shrink (to MIN_CELL) so that the whole matrix, with the piece's
    // own corner at the right, fits the panel's width at every size.
    let cell = ((ui.available_width() - axis.x - 2.0 * margin.x) / n as f32).floor().clamp(MIN_CELL, 30.0);
    let side = cell * n as f32;
    let (outer, _) = ui.allocate_exact_size(vec2(side, side) + axis + 2.0 * margin, Sense::hover());
    let at =
        MatrixGrid { n, dz: if tab.draft.dimension == 3 { tab.plane_dz } else { 0 }, origin: outer.min + margin, cell };
    let painter = ui.painter_at(outer);
    matrix_axes(&painter, &at, pal);
    let mut input = MatrixInput::default();
    for row in 0..n {
        for col in 0..n {
            matrix_cell(tab, ui, &painter, &at, pal, (col, row), &mut input);
        }
    }
    painter.rect_stroke(at.rect(), 2.0, Stroke::new(2.0, pal.board_edge), StrokeKind::Outside);
    apply_matrix_input(tab, ui, &at, input);
}

/// The dx labels under the matrix and the dy labels on its right.
fn matrix_axes(painter: &egui::Painter, at: &MatrixGrid, pal: &Colours) {
    let (n, cell, grid) = (at.n, at.cell, at.rect());
    let font = FontId::proportional((cell * 0.45).clamp(10.0, 15.0));
    let every = if cell >= 20.0 { 1 } else { 5 };
    for d in (0..n).filter(|d| d % every == 0) {
        let c = cell_rect(at.origin, cell, n - 1 - d, n - 1);
        let below = pos2(c.center().x, grid.max.y + 4.0);
        painter.text(below, Align2::CENTER_TOP, d.to_string(), font.clone(), pal.axis_text);
        let r = cell_rect(at.origin, cell, n - 1, n - 1 - d);
        let right = pos2(grid.max.x + 5.0, r.center().y);
        painter.text(right, Align2::LEFT_CENTER, d.to_string(), font.clone(), pal.axis_text);
    }
}

/// One cell of the matrix: drawn, labelled for screen readers, and its
/// click or drag start noted in `input`.
fn matrix_cell(
    tab: &PiecesTab,
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    at: &MatrixGrid,
    pal: &Colours,
    (col, row): (u32, u32),
    input: &mut MatrixInput,
) {
    let (n, cell) = (at.n, at.cell);
    let o = Offset::new3(n - 1 - col, n - 1 - row, at.dz);
    let r = cell_rect(at.origin, cell, col, row);
    let base = if (col + row) % 2 == 0 { pal.board_light } else { pal.board_dark };
    painter.rect_filled(r, 0.0, base);
    if o == Offset::new(0, 0) {
        painter.circle_filled(r.center(), cell * 0.4, pal.piece);
        painter.circle_filled(r.center(), cell * 0.16, pal.piece_mark);
        let resp = ui.interact(r, egui::Id::unique(("pieces_matrix", o.dx, o.dy, o.dz)), Sense::hover());
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, tr("editor.the_piece")));
        return;
    }
    let state = tab.draft.piece.cell(o);
    draw_move(painter, r, o, state, tab.draft.piece.slides_reach(o), pal);
    let id = egui::Id::unique(("pieces_matrix", o.dx, o.dy, o.dz));
    let resp = ui.interact(r, id, Sense::click_and_drag());
    let label = if tab.draft.dimension == 3 {
        trf("editor.cell3", &[("dx", &o.dx), ("dy", &o.dy), ("dz", &o.dz)])
    } else {
        trf("editor.cell", &[("dx", &o.dx), ("dy", &o.dy)])
    };
    resp.widget_info(|| egui::WidgetInfo {
        current_text_value: Some(state_word(state).to_string()),
        ..egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
    });
    if resp.hovered() && !tab.paint.is_active() {
        painter.rect_stroke(r.shrink(1.0), 2.0, Stroke::new(2.5, pal.target), StrokeKind::Inside);
    }
    let resp = resp.tip(format!("{label}: {}", state_word(state)));
    if resp.clicked() {
        input.clicked = Some(o);
    }
    if resp.drag_started() {
        input.drag_from = Some(o);
    }
}

/// The mark of a move: a disk for a jump, an arrow for a slide, a faint
/// fill for a cell a slide reaches by repeating.
fn draw_move(painter: &egui::Painter, r: Rect, o: Offset, state: CellState, on_ray: bool, pal: &Colours) {
    let cell = r.width();
    match state {
        CellState::Off if on_ray => {
            painter.rect_filled(r.shrink(1.0), 0.0, pal.target.gamma_multiply(0.25));
        }
        CellState::Off => {}
        CellState::Jump => {
            painter.circle_filled(r.center(), cell * 0.36, pal.piece_mark);
            painter.circle_stroke(r.center(), cell * 0.36, Stroke::new(1.5, pal.board_edge));
        }
        CellState::Slide => {
            painter.rect_filled(r.shrink(1.5), cell * 0.12, pal.target);
            let stroke = Stroke::new((cell * 0.09).max(2.0), pal.matrix_arrow);
            if o.dx == 0 && o.dy == 0 {
                // Straight down the third axis: a ring, as an arrow seen end on.
                painter.circle_stroke(r.center(), cell * 0.22, stroke);
            } else {
                // An arrow along the move, toward the corner (up and left).
                let dir = vec2(-(o.dx as f32), -(o.dy as f32)).normalized() * cell * 0.62;
                painter.arrow(r.center() - dir * 0.5, dir, stroke);
            }
        }
    }
}

/// A click cycles the cell; a drag paints every cell it passes with the
/// state the first cell gets.
fn apply_matrix_input(tab: &mut PiecesTab, ui: &egui::Ui, at: &MatrixGrid, input: MatrixInput) {
    let three = tab.draft.dimension == 3;
    let piece = &mut tab.draft.piece;
    let paint = |piece: &mut Piece, o: Offset, state: CellState| {
        if three { piece.paint_heaps(o, state, 3, tab.symmetric) } else { piece.paint(o, state, tab.symmetric) }
    };
    if let Some(o) = input.clicked {
        paint(piece, o, piece.cell(o).next());
    }
    if let Some(o) = input.drag_from {
        let state = piece.cell(o).next();
        tab.paint = PaintState::Matrix(state);
    }
    if let PaintState::Matrix(state) = tab.paint
        && let Some(o) = ui.input(|i| i.pointer.interact_pos()).and_then(|p| at.offset_at(p))
        && o != Offset::new(0, 0)
    {
        paint(piece, o, state);
    }
}

fn legend(ui: &mut egui::Ui, pal: &Colours) {
    let swatch = |ui: &mut egui::Ui, draw: &dyn Fn(&egui::Painter, Rect), text: &str| {
        let (r, _) = ui.allocate_exact_size(vec2(22.0, 22.0), Sense::hover());
        ui.painter().rect_filled(r, 0.0, pal.board_light);
        draw(ui.painter(), r);
        ui.phrases(RichText::new(text).small());
        ui.add_space(8.0);
    };
    // Two fixed rows: egui cannot wrap a swatch together with its words.
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        swatch(ui, &|p, r| _ = p.circle_filled(r.center(), 8.0, pal.piece_mark), tr("editor.legend.jump"));
        swatch(ui, &|p, r| _ = p.rect_filled(r.shrink(1.5), 3.0, pal.target), tr("editor.legend.slide"));
    });
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        let ray = pal.target.gamma_multiply(0.25);
        swatch(ui, &|p, r| _ = p.rect_filled(r.shrink(1.0), 0.0, ray), tr("editor.legend.ray"));
    });
}

fn slide_toggles(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        for (o, key) in USUAL_SLIDES.into_iter().zip(["editor.slide_left", "editor.slide_up", "editor.slide_diagonal"])
        {
            let on = tab.draft.piece.cell(o) == CellState::Slide;
            if ui.add(egui::Button::selectable(on, tr(key))).clicked() {
                let next = if on { CellState::Off } else { CellState::Slide };
                tab.draft.piece.paint(o, next, tab.symmetric);
            }
        }
    });
}

fn terminal(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr("editor.terminal_none")).clicked() {
            tab.draft.terminal = TerminalSet::none();
        }
        if ui.button(tr("editor.terminal_t2")).clicked() {
            tab.draft.terminal = TerminalSet::triangle(2);
        }
    });
    let n = TERMINAL_SIDE;
    let cell = 30.0;
    let axis = vec2(24.0, 22.0);
    let (outer, _) = ui.allocate_exact_size(Vec2::splat(cell * n as f32) + axis + vec2(4.0, 4.0), Sense::hover());
    let origin = outer.min + axis;
    let grid = Rect::from_min_size(origin, Vec2::splat(cell * n as f32));
    let painter = ui.painter_at(outer);
    let font = FontId::proportional(13.0);
    for i in 0..n {
        let c = cell_rect(origin, cell, i, 0);
        painter.text(
            pos2(c.center().x, origin.y - 3.0),
            Align2::CENTER_BOTTOM,
            i.to_string(),
            font.clone(),
            pal.axis_text,
        );
        let r = cell_rect(origin, cell, 0, i);
        painter.text(
            pos2(origin.x - 5.0, r.center().y),
            Align2::RIGHT_CENTER,
            i.to_string(),
            font.clone(),
            pal.axis_text,
        );
    }
    let mut clicked = None;
    let mut drag_from = None;
    for y in 0..n {
        for x in 0..n {
            let r = cell_rect(origin, cell, x, y);
            let on = tab.draft.terminal.contains(x as u64, y as u64);
            let base = if (x + y) % 2 == 0 { pal.board_light } else { pal.board_dark };
            painter.rect_filled(r, 0.0, if on { pal.terminal } else { base });
            if on {
                painter.text(r.center(), Align2::CENTER_CENTER, "T", FontId::proportional(15.0), pal.axis_text);
            }
            if (x, y) == (0, 0) {
                painter.rect_stroke(r.shrink(1.5), 0.0, Stroke::new(2.5, pal.corner), StrokeKind::Inside);
            }
            let resp = ui.interact(r, egui::Id::unique(("pieces_terminal", x, y)), Sense::click_and_drag());
            let label = trf("editor.terminal_cell", &[("x", &x), ("y", &y)]);
            resp.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, &label));
            if resp.clicked() {
                clicked = Some((x, y, !on));
            }
            if resp.drag_started() {
                drag_from = Some(!on);
            }
        }
    }
    painter.rect_stroke(grid, 2.0, Stroke::new(2.0, pal.board_edge), StrokeKind::Outside);
    let t = &mut tab.draft.terminal;
    if let Some((x, y, on)) = clicked {
        t.paint(x, y, on, tab.symmetric);
    }
    if let Some(on) = drag_from {
        tab.paint = PaintState::Terminal(on);
    }
    if let PaintState::Terminal(on) = tab.paint
        && let Some(p) = ui.input(|i| i.pointer.interact_pos()).filter(|p| grid.contains(*p))
    {
        let x = (((p.x - origin.x) / cell) as u32).min(n - 1);
        let y = (((p.y - origin.y) / cell) as u32).min(n - 1);
        t.paint(x, y, on, tab.symmetric);
    }
    let beyond = t.cells().filter(|&[x, y, _]| x >= n || y >= n).count();
    if beyond > 0 {
        ui.phrases(trf("editor.terminal_outside", &[("n", &beyond)]));
    }
}
