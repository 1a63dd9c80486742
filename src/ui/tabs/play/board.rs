//! The board view: the piece on a board with the corner (0, 0) top left,
//! x to the right and y down. Small games show the whole board; huge ones
//! show the cells next to the piece, with coordinates relative to it.

use crate::play::{Game, Hint};
use crate::ui::i18n::trf;
use crate::ui::theme::Colours;
use crate::ui::ui_ext::UiExt;
use egui::{Align2, FontId, Rect, Sense, Shape, Stroke, Vec2, pos2, vec2};

/// Boards up to this side are shown whole.
pub const FULL_BOARD_MAX: u64 = 40;
/// The largest cell: a board on a projector fills the centre, yet a tiny
/// board does not become a few giant squares.
const MAX_CELL: f32 = 160.0;
/// Cells shown along each side around a piece on a huge board.
const WINDOW: u64 = 12;

/// What the user did on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardAction {
    /// Move the piece here (a legal move).
    MoveTo((u64, u64)),
    /// Clicked a cell the piece cannot reach.
    Illegal((u64, u64)),
}

/// Options for drawing.
pub struct BoardLook<'a> {
    pub palette: &'a Colours,
    pub show_p: bool,
    pub show_hints: bool,
    pub hint: &'a Hint,
    /// The review shows this position: nothing can be played on it.
    pub frozen: bool,
    /// The review's better move after a mistake: where the piece stood and
    /// where it should have gone (an arrow between them, a ring at the end).
    pub better: Option<((u64, u64), (u64, u64))>,
}

/// The cells shown: `(first x, first y, columns, rows, whole board?)`.
fn extent(game: &Game) -> (u64, u64, u64, u64, bool) {
    let (sx, sy) = game.start();
    if sx <= FULL_BOARD_MAX && sy <= FULL_BOARD_MAX {
        (0, 0, sx + 1, sy + 1, true)
    } else {
        let (x, y) = game.position();
        let (x0, y0) = (x.saturating_sub(WINDOW), y.saturating_sub(WINDOW));
        (x0, y0, x - x0 + 1, y - y0 + 1, false)
    }
}

/// Where the cells are on screen: the cells shown (see [`extent`]), the
/// top-left corner of the first one and the side of a cell.
struct Layout {
    x0: u64,
    y0: u64,
    cols: u64,
    rows: u64,
    whole: bool,
    origin: egui::Pos2,
    cell: f32,
}

impl Layout {
    /// The screen rectangle of the cell `(cx, cy)`.
    fn rect_of(&self, cx: u64, cy: u64) -> Rect {
        let at = vec2((cx - self.x0) as f32 * self.cell, (cy - self.y0) as f32 * self.cell);
        Rect::from_min_size(self.origin + at, Vec2::splat(self.cell))
    }

    /// The whole board's rectangle.
    fn board(&self) -> Rect {
        Rect::from_min_size(self.origin, vec2(self.cell * self.cols as f32, self.cell * self.rows as f32))
    }

    /// Every cell shown, row by row.
    fn cells(&self) -> impl Iterator<Item = (u64, u64)> + use<> {
        let (x0, y0, cols, rows) = (self.x0, self.y0, self.cols, self.rows);
        // Inclusive ends: a piece at 2^64 - 1 has no cell beyond it.
        (y0..=y0 + (rows - 1)).flat_map(move |cy| (x0..=x0 + (cols - 1)).map(move |cx| (cx, cy)))
    }
}

/// Room for the board and its axis labels in `size`.
fn layout(ui: &mut egui::Ui, game: &Game, size: Vec2) -> (Layout, Rect) {
    let (x0, y0, cols, rows, whole) = extent(game);
    let (margin, cell) = cell_size(game, size);
    let board_size = vec2(cell * cols as f32, cell * rows as f32);
    let (outer, _) = ui.allocate_exact_size(board_size + margin + vec2(4.0, 4.0), Sense::hover());
    (Layout { x0, y0, cols, rows, whole, origin: outer.min + margin, cell }, outer)
}

/// The room of the axis labels and the side of a cell when the board is
/// given `size`.
fn cell_size(game: &Game, size: Vec2) -> (Vec2, f32) {
    let (_, _, cols, rows, whole) = extent(game);
    // Room for the axis labels, which grow with the cells.
    let scale = (size.y / 600.0).clamp(1.0, 1.7);
    let margin = vec2(if whole { 34.0 } else { 54.0 }, 28.0) * scale;
    let cell =
        ((size.x - margin.x - 4.0) / cols as f32).min((size.y - margin.y - 4.0) / rows as f32).clamp(12.0, MAX_CELL);
    (margin, cell)
}

/// The size the board takes when given `size`: its cells, axes and edge
/// (less than `size` on one side when the board is not of its shape).
pub fn footprint(game: &Game, size: Vec2) -> Vec2 {
    let (_, _, cols, rows, _) = extent(game);
    let (margin, cell) = cell_size(game, size);
    vec2(cell * cols as f32, cell * rows as f32) + margin + vec2(4.0, 4.0)
}

/// Draw the board in `size`; `selected` is whether the piece is picked up.
pub fn show(ui: &mut egui::Ui, game: &Game, selected: &mut bool, look: &BoardLook, size: Vec2) -> Option<BoardAction> {
    let (at, outer) = layout(ui, game, size);
    let pal = look.palette;
    let painter = ui.painter_at(outer.expand(2.0));
    draw_axes(&painter, &at, game.position(), pal, ui.text_scale());
    let winning: Vec<(u64, u64)> = match look.hint {
        Hint::WinningMoves(m) if look.show_hints => m.clone(),
        _ => Vec::new(),
    };
    let can_move = game.is_over().is_none() && !game.computer_to_move() && !look.frozen;
    let mut action = None;
    for (cx, cy) in at.cells() {
        let r = at.rect_of(cx, cy);
        let resp = cell_response(ui, game, r, (cx, cy), look.better);
        draw_square(&painter, r, game, pal, look.show_p, (cx, cy));
        let is_piece = (cx, cy) == game.position();
        let legal = !is_piece && game.is_legal((cx, cy));
        let marks = CellMarks {
            target: legal && resp.hovered() && can_move,
            reachable: *selected && legal && can_move,
            winning: winning.contains(&(cx, cy)),
        };
        draw_marks(&painter, r, pal, marks);
        if is_piece {
            draw_piece(&painter, r, pal, *selected, piece_mark(&game.rules().piece));
        }
        if resp.clicked() && can_move {
            if is_piece {
                *selected = !*selected;
            } else {
                action = Some(if legal { BoardAction::MoveTo((cx, cy)) } else { BoardAction::Illegal((cx, cy)) });
            }
        }
    }
    painter.rect_stroke(at.board(), 2.0, Stroke::new(2.0, pal.board_edge), egui::StrokeKind::Outside);
    if let Some((from, to)) = look.better {
        draw_better(&painter, &at, pal, from, to);
    }
    if !at.whole {
        let (px, py) = game.position();
        ui.phrases(trf("board.window", &[("x", &px), ("y", &py)]));
    }
    action
}

/// Axis labels: coordinates on a whole board, offsets from the piece
/// (at `(px, py)`) on a huge one; larger by the text scale `k` (in
/// presentation mode).
fn draw_axes(painter: &egui::Painter, at: &Layout, (px, py): (u64, u64), pal: &Colours, k: f32) {
    let label_font = FontId::proportional((at.cell * 0.42 * k).clamp(11.0 * k, 30.0));
    let label_every = if at.cell >= 22.0 { 1 } else { 5 };
    let axis = |v: u64, v0: u64, p: u64, name: &str| -> Option<String> {
        if at.whole {
            v.is_multiple_of(label_every).then(|| v.to_string())
        } else if v == p {
            Some(name.to_string())
        } else {
            (p - v).is_multiple_of(4).then(|| format!("{name}−{}", p - v))
        }
        .filter(|_| v >= v0)
    };
    for cx in at.x0..=at.x0 + (at.cols - 1) {
        if let Some(t) = axis(cx, at.x0, px, "x") {
            let pos = pos2(at.rect_of(cx, at.y0).center().x, at.origin.y - 6.0);
            painter.text(pos, Align2::CENTER_BOTTOM, t, label_font.clone(), pal.axis_text);
        }
    }
    for cy in at.y0..=at.y0 + (at.rows - 1) {
        if let Some(t) = axis(cy, at.y0, py, "y") {
            let pos = pos2(at.origin.x - 6.0, at.rect_of(at.x0, cy).center().y);
            painter.text(pos, Align2::RIGHT_CENTER, t, label_font.clone(), pal.axis_text);
        }
    }
}

/// The review's better move: a ring where the piece stood, an arrow from
/// there to the better cell and a ring on it, in the hint's colour (cells
/// outside a huge board's window are not drawn).
fn draw_better(painter: &egui::Painter, at: &Layout, pal: &Colours, from: (u64, u64), to: (u64, u64)) {
    let shown = |(x, y): (u64, u64)| x >= at.x0 && y >= at.y0 && x - at.x0 < at.cols && y - at.y0 < at.rows;
    if !shown(from) || !shown(to) {
        return;
    }
    let (a, b) = (at.rect_of(from.0, from.1), at.rect_of(to.0, to.1));
    let width = (at.cell * 0.1).max(3.0);
    let stroke = Stroke::new(width, pal.winning);
    painter.circle_stroke(a.center(), at.cell * 0.3, Stroke::new(width * 0.6, pal.winning));
    painter.circle_stroke(b.center(), at.cell * 0.4, stroke);
    // The arrow stops at the rings; its head points at the better cell.
    let dir = (b.center() - a.center()).normalized();
    let (start, end) = (a.center() + dir * at.cell * 0.3, b.center() - dir * at.cell * 0.4);
    if (end - start).dot(dir) > 0.0 {
        painter.line_segment([start, end], stroke);
        let head = at.cell * 0.28;
        let side = vec2(-dir.y, dir.x) * head * 0.6;
        let base = end - dir * head;
        painter.add(Shape::convex_polygon(vec![end, base + side, base - side], pal.winning, Stroke::NONE));
    }
}

/// The cell as a button for the pointer and for screen readers (which
/// also hear where the review's better move goes).
fn cell_response(
    ui: &mut egui::Ui,
    game: &Game,
    r: Rect,
    (cx, cy): (u64, u64),
    better: Option<((u64, u64), (u64, u64))>,
) -> egui::Response {
    let resp = ui.interact(r, egui::Id::unique(("board_cell", cx, cy)), Sense::click());
    let label = if (cx, cy) == game.position() {
        trf("board.piece", &[("x", &cx), ("y", &cy)])
    } else if better.is_some_and(|(_, to)| to == (cx, cy)) {
        trf("board.cell.better", &[("x", &cx), ("y", &cy)])
    } else if better.is_some_and(|(from, _)| from == (cx, cy)) {
        trf("board.cell.played_from", &[("x", &cx), ("y", &cy)])
    } else {
        trf("board.cell", &[("x", &cx), ("y", &cy)])
    };
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    resp
}

/// The square itself: the corner with its star, terminal cells, the
/// chequered board, and the P-position overlay when shown.
fn draw_square(painter: &egui::Painter, r: Rect, game: &Game, pal: &Colours, show_p: bool, (cx, cy): (u64, u64)) {
    let cell = r.width();
    let fill = if (cx, cy) == (0, 0) {
        pal.corner
    } else if game.rules().is_terminal(cx, cy) {
        pal.terminal
    } else if (cx % 2 + cy % 2) % 2 == 0 {
        pal.board_light
    } else {
        pal.board_dark
    };
    painter.rect_filled(r, 0.0, fill);
    if (cx, cy) == (0, 0) {
        painter.text(r.center(), Align2::CENTER_CENTER, "★", FontId::proportional(cell * 0.6), pal.corner_mark);
    }
    if show_p && game.is_p(cx, cy) == Some(true) {
        painter.rect_filled(r.shrink(cell * 0.12), cell * 0.12, pal.p_position);
        let corner = r.left_top() + vec2(cell * 0.16, cell * 0.1);
        painter.text(corner, Align2::LEFT_TOP, "P", FontId::proportional(cell * 0.3), pal.axis_text);
    }
}

/// What is marked on a cell besides its square.
#[derive(Clone, Copy)]
struct CellMarks {
    /// A legal move under the pointer.
    target: bool,
    /// A legal move of the picked-up piece.
    reachable: bool,
    /// A winning move (shown as a hint).
    winning: bool,
}

fn draw_marks(painter: &egui::Painter, r: Rect, pal: &Colours, marks: CellMarks) {
    let cell = r.width();
    if marks.target {
        painter.rect_stroke(r.shrink(1.5), 2.0, Stroke::new(3.0, pal.target), egui::StrokeKind::Inside);
    }
    if marks.reachable {
        painter.circle_filled(r.center(), cell * 0.16, pal.target);
    }
    if marks.winning {
        painter.circle_stroke(r.center(), cell * 0.36, Stroke::new((cell * 0.08).max(2.5), pal.winning));
    }
}

/// The mark written on a known piece: the shogi character of the rook,
/// bishop, king, dragon king and dragon horse, N for the knight; `None`
/// (a crown) for the queen and for pieces of the user's own.
pub fn piece_mark(piece: &crate::rules::Piece) -> Option<&'static str> {
    // The presets are built once (rules_choice), not every frame.
    match crate::ui::rules_choice::preset_piece(piece)? {
        "nim" => Some("飛"),
        "bishop" => Some("角"),
        "king" => Some("玉"),
        "dragon-king" => Some("龍"),
        "dragon-horse" => Some("馬"),
        "knight" => Some("N"),
        _ => None,
    }
}

/// The piece: a disk with its mark, or a crown (a ring around it when
/// picked up).
pub fn draw_piece(painter: &egui::Painter, r: Rect, pal: &Colours, selected: bool, mark: Option<&str>) {
    let c = r.center();
    let rad = r.width() * 0.4;
    painter.circle_filled(c, rad, pal.piece);
    if selected {
        painter.circle_stroke(c, rad + r.width() * 0.06, Stroke::new((r.width() * 0.06).max(2.0), pal.target));
    }
    if let Some(mark) = mark {
        painter.text(c, Align2::CENTER_CENTER, mark, FontId::proportional(rad * 1.2), pal.piece_mark);
        return;
    }
    let s = rad * 0.62;
    let at = |dx: f32, dy: f32| c + vec2(dx * s, dy * s);
    painter.rect_filled(Rect::from_min_max(at(-0.9, 0.1), at(0.9, 0.6)), 1.0, pal.piece_mark);
    for tri in [
        [(-0.9, 0.2), (-1.0, -0.6), (-0.25, 0.2)],
        [(-0.45, 0.2), (0.0, -0.85), (0.45, 0.2)],
        [(0.25, 0.2), (1.0, -0.6), (0.9, 0.2)],
    ] {
        let pts = tri.iter().map(|&(dx, dy)| at(dx, dy)).collect();
        painter.add(Shape::convex_polygon(pts, pal.piece_mark, Stroke::NONE));
    }
    for (dx, dy) in [(-1.0, -0.6), (0.0, -0.85), (1.0, -0.6)] {
        painter.circle_filled(at(dx, dy), s * 0.14, pal.piece_mark);
    }
}

#[cfg(test)]
mod tests {
    use super::piece_mark;
    use crate::rules::preset;

    #[test]
    fn known_pieces_carry_their_mark_and_the_queen_a_crown() {
        let mark = |name: &str| piece_mark(&preset(name).unwrap().piece);
        assert_eq!(mark("queen"), None);
        assert_eq!(mark("queen-t2"), None, "the terminal set does not change the piece");
        assert_eq!(mark("nim"), Some("飛"));
        assert_eq!(mark("dragon-king"), Some("龍"));
        assert_eq!(mark("dragon-horse"), Some("馬"));
        assert_eq!(mark("bishop"), Some("角"));
        assert_eq!(mark("king"), Some("玉"));
        assert_eq!(mark("knight"), Some("N"));
    }
}
