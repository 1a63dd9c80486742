//! The board view: the piece on a board with the corner (0, 0) top left,
//! x to the right and y down. Small games show the whole board; huge ones
//! show the cells next to the piece, with coordinates relative to it.

use crate::play::{Game, Hint};
use crate::ui::i18n::trf;
use crate::ui::theme::Palette;
use egui::{Align2, Color32, FontId, Rect, Sense, Shape, Stroke, Vec2, pos2, vec2};

/// Boards up to this side are shown whole.
pub const FULL_BOARD_MAX: u64 = 40;
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
    pub palette: &'a Palette,
    pub show_p: bool,
    pub show_hints: bool,
    pub hint: &'a Hint,
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

/// Draw the board in `size`; `selected` is whether the piece is picked up.
pub fn show(ui: &mut egui::Ui, game: &Game, selected: &mut bool, look: &BoardLook, size: Vec2) -> Option<BoardAction> {
    let (x0, y0, cols, rows, whole) = extent(game);
    let pal = look.palette;
    let margin = vec2(if whole { 34.0 } else { 54.0 }, 28.0);
    let cell = ((size.x - margin.x - 4.0) / cols as f32).min((size.y - margin.y - 4.0) / rows as f32).clamp(12.0, 72.0);
    let board_size = vec2(cell * cols as f32, cell * rows as f32);
    let (outer, _) = ui.allocate_exact_size(board_size + margin + vec2(4.0, 4.0), Sense::hover());
    let origin = outer.min + margin;
    let painter = ui.painter_at(outer.expand(2.0));
    let rect_of = |cx: u64, cy: u64| {
        Rect::from_min_size(origin + vec2((cx - x0) as f32 * cell, (cy - y0) as f32 * cell), Vec2::splat(cell))
    };
    let (px, py) = game.position();
    let winning: Vec<(u64, u64)> = match look.hint {
        Hint::WinningMoves(m) if look.show_hints => m.clone(),
        _ => Vec::new(),
    };
    let can_move = game.is_over().is_none() && !game.computer_to_move();
    let mut action = None;
    let label_font = FontId::proportional((cell * 0.42).clamp(11.0, 18.0));

    // Axis labels: coordinates on a whole board, offsets from the piece on a huge one.
    let label_every = if cell >= 22.0 { 1 } else { 5 };
    let axis = |v: u64, v0: u64, p: u64, name: &str| -> Option<String> {
        if whole {
            v.is_multiple_of(label_every).then(|| v.to_string())
        } else if v == p {
            Some(name.to_string())
        } else {
            (p - v).is_multiple_of(4).then(|| format!("{name}−{}", p - v))
        }
        .filter(|_| v >= v0)
    };
    for cx in x0..x0 + cols {
        if let Some(t) = axis(cx, x0, px, "x") {
            painter.text(
                pos2(rect_of(cx, y0).center().x, origin.y - 6.0),
                Align2::CENTER_BOTTOM,
                t,
                label_font.clone(),
                pal.axis_text,
            );
        }
    }
    for cy in y0..y0 + rows {
        if let Some(t) = axis(cy, y0, py, "y") {
            painter.text(
                pos2(origin.x - 6.0, rect_of(x0, cy).center().y),
                Align2::RIGHT_CENTER,
                t,
                label_font.clone(),
                pal.axis_text,
            );
        }
    }

    for cy in y0..y0 + rows {
        for cx in x0..x0 + cols {
            let r = rect_of(cx, cy);
            let id = egui::Id::unique(("board_cell", cx, cy));
            let resp = ui.interact(r, id, Sense::click());
            let is_piece = (cx, cy) == (px, py);
            let label = if is_piece {
                trf("board.piece", &[("x", &cx), ("y", &cy)])
            } else {
                trf("board.cell", &[("x", &cx), ("y", &cy)])
            };
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            let fill = if (cx, cy) == (0, 0) {
                pal.corner
            } else if game.rules().is_terminal(cx, cy) {
                pal.terminal
            } else if (cx + cy) % 2 == 0 {
                pal.board_light
            } else {
                pal.board_dark
            };
            painter.rect_filled(r, 0.0, fill);
            if (cx, cy) == (0, 0) {
                painter.text(r.center(), Align2::CENTER_CENTER, "★", FontId::proportional(cell * 0.6), Color32::WHITE);
            }
            if look.show_p && game.is_p(cx, cy) == Some(true) {
                painter.rect_filled(r.shrink(cell * 0.12), cell * 0.12, pal.p_position);
                painter.text(
                    r.left_top() + vec2(cell * 0.16, cell * 0.1),
                    Align2::LEFT_TOP,
                    "P",
                    FontId::proportional(cell * 0.3),
                    pal.axis_text,
                );
            }
            let legal = !is_piece && game.is_legal((cx, cy));
            if legal && resp.hovered() && can_move {
                painter.rect_stroke(r.shrink(1.5), 2.0, Stroke::new(3.0, pal.target), egui::StrokeKind::Inside);
            }
            if *selected && legal && can_move {
                painter.circle_filled(r.center(), cell * 0.16, pal.target);
            }
            if winning.contains(&(cx, cy)) {
                painter.circle_stroke(r.center(), cell * 0.36, Stroke::new((cell * 0.08).max(2.5), pal.winning));
            }
            if is_piece {
                draw_piece(&painter, r, pal, *selected, piece_mark(&game.rules().piece));
            }
            if resp.clicked() && can_move {
                if is_piece {
                    *selected = !*selected;
                } else if legal {
                    action = Some(BoardAction::MoveTo((cx, cy)));
                } else {
                    action = Some(BoardAction::Illegal((cx, cy)));
                }
            }
        }
    }
    painter.rect_stroke(
        Rect::from_min_size(origin, board_size),
        2.0,
        Stroke::new(2.0, pal.board_edge),
        egui::StrokeKind::Outside,
    );
    if !whole {
        ui.label(trf("board.window", &[("x", &px), ("y", &py)]));
    }
    action
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
pub fn draw_piece(painter: &egui::Painter, r: Rect, pal: &Palette, selected: bool, mark: Option<&str>) {
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
