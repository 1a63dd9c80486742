//! The picture at the top of each tab's guide, drawn rather than loaded
//! from a file: sharp at every text size, in the theme's colours, and with
//! no words in it to translate (its caption says what it shows).

use super::i18n::tr;
use super::tabs::Tab;
use super::theme::Colours;
use super::ui_ext::UiExt;
use crate::grundy::Table;
use egui::{Color32, Painter, Pos2, Rect, Sense, Stroke, vec2};
use std::sync::{Arc, OnceLock};

/// The picture of `tab`'s guide and its caption.
pub fn picture(ui: &mut egui::Ui, tab: Tab) {
    let k = ui.text_scale();
    let (rect, response) = ui.allocate_exact_size(vec2(300.0, 150.0) * k, Sense::hover());
    let caption = tr(caption_key(tab));
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, caption));
    let painter = ui.painter_at(rect);
    let pal = ui.colours();
    match tab {
        Tab::Play => play(&painter, rect, &pal),
        Tab::Map => map(&painter, rect, &pal),
        Tab::Pieces => pieces(&painter, rect, &pal),
        Tab::Knight => knight(&painter, rect, &pal),
    }
    ui.small(caption);
}

fn caption_key(tab: Tab) -> &'static str {
    match tab {
        Tab::Play => "guide.picture.play",
        Tab::Map => "guide.picture.map",
        Tab::Pieces => "guide.picture.pieces",
        Tab::Knight => "guide.picture.knight",
    }
}

/// A grid of `cols x rows` square cells centred in `rect`: the cell rect
/// of (column, row).
fn grid(rect: Rect, cols: usize, rows: usize) -> impl Fn(usize, usize) -> Rect {
    let side = (rect.width() / cols as f32).min(rect.height() / rows as f32).floor();
    let origin = rect.center() - vec2(side * cols as f32, side * rows as f32) / 2.0;
    move |c, r| Rect::from_min_size(origin + vec2(c as f32 * side, r as f32 * side), vec2(side, side))
}

/// The board with the corner (0, 0) at the top left, the queen at (6, 4)
/// and the squares it can move to.
fn play(p: &Painter, rect: Rect, pal: &Colours) {
    let (cols, rows, queen) = (9, 6, (6, 4));
    let cell = grid(rect, cols, rows);
    for r in 0..rows {
        for c in 0..cols {
            let (dx, dy) = (queen.0 as i32 - c as i32, queen.1 as i32 - r as i32);
            let reach = (c, r) != queen && ((dy == 0 && dx > 0) || (dx == 0 && dy > 0) || (dx == dy && dx > 0));
            p.rect_filled(cell(c, r), 0.0, square(pal, c, r, reach));
        }
    }
    p.rect_filled(cell(0, 0).shrink(2.0), 2.0, pal.corner);
    disc(p, cell(queen.0, queen.1), pal.piece);
    frame(p, cell(0, 0).union(cell(cols - 1, rows - 1)), pal.board_edge);
}

/// The Grundy values of the queen in 16 x 8 cells, in the map's colours.
fn map(p: &Painter, rect: Rect, pal: &Colours) {
    static QUEEN: OnceLock<Option<Arc<Table>>> = OnceLock::new();
    let Some(t) = QUEEN.get_or_init(|| {
        let rules = crate::rules::preset("queen").ok()?;
        crate::game_table::GameTable::compute_box(&rules, &[16, 8], &crate::Control::new()).ok()
    }) else {
        return;
    };
    let palette = crate::map::Palette::new(crate::map::PaletteKind::Viridis, 24, &[]);
    let cell = grid(rect, 16, 8);
    for y in 0..8 {
        for x in 0..16 {
            p.rect_filled(cell(x, y), 0.0, super::theme::library_colour(palette.colour(t.get(x, y))));
            if t.get(x, y) == 0 {
                let outline = Stroke::new(2.0, pal.map_p_outline);
                p.rect_stroke(cell(x, y).shrink(1.0), 2.0, outline, egui::StrokeKind::Inside);
            }
        }
    }
}

/// A move matrix: the piece at the bottom right, slides left, up and
/// diagonally, and one jump.
fn pieces(p: &Painter, rect: Rect, pal: &Colours) {
    let n = 6;
    let cell = grid(rect, n, n);
    let me = (n - 1, n - 1);
    for r in 0..n {
        for c in 0..n {
            let (dx, dy) = (me.0 - c, me.1 - r);
            let slide = (c, r) != me && (dx == 0 || dy == 0 || dx == dy);
            let jump = (dx, dy) == (1, 2) || (dx, dy) == (2, 1);
            p.rect_filled(cell(c, r), 0.0, square(pal, c, r, slide));
            if jump {
                p.circle_filled(cell(c, r).center(), cell(c, r).width() * 0.25, pal.piece_mark);
                p.circle_stroke(cell(c, r).center(), cell(c, r).width() * 0.25, Stroke::new(1.5, pal.piece));
            }
        }
    }
    disc(p, cell(me.0, me.1), pal.piece);
    frame(p, cell(0, 0).union(cell(n - 1, n - 1)), pal.board_edge);
}

/// A knight on a 5 x 5 board and the lines of its eight moves: a piece of
/// a knight graph.
fn knight(p: &Painter, rect: Rect, pal: &Colours) {
    let n = 5;
    let cell = grid(rect, n, n);
    for r in 0..n {
        for c in 0..n {
            p.rect_filled(cell(c, r), 0.0, square(pal, c, r, false));
        }
    }
    let centre: Pos2 = cell(2, 2).center();
    let line = Stroke::new(2.5, pal.winning);
    for (dx, dy) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
        let to = cell((2 + dx) as usize, (2 + dy) as usize).center();
        p.line_segment([centre, to], line);
        p.circle_filled(to, cell(0, 0).width() * 0.16, pal.winning);
    }
    disc(p, cell(2, 2), pal.piece);
    frame(p, cell(0, 0).union(cell(n - 1, n - 1)), pal.board_edge);
}

/// A square of a board: the target colour where the piece can go, else
/// light or dark.
fn square(pal: &Colours, c: usize, r: usize, target: bool) -> Color32 {
    match (target, (c + r).is_multiple_of(2)) {
        (true, _) => pal.target,
        (false, true) => pal.board_light,
        (false, false) => pal.board_dark,
    }
}

fn disc(p: &Painter, cell: Rect, colour: Color32) {
    p.circle_filled(cell.center(), cell.width() * 0.36, colour);
}

fn frame(p: &Painter, r: Rect, colour: Color32) {
    p.rect_stroke(r, 0.0, Stroke::new(1.5, colour), egui::StrokeKind::Outside);
}
