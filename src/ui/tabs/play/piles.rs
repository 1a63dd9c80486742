//! The piles view: the same position as two piles of stones (pile A = x,
//! pile B = y). Click a stone to take it and every stone above it; type
//! numbers to take from both piles (needed for huge piles and diagonal
//! moves).

use crate::play::Game;
use crate::ui::i18n::{tr, trf};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use egui::{Align2, FontId, Rect, RichText, Sense, Stroke, Vec2, pos2, vec2};

/// Piles up to this size are drawn stone by stone.
pub const DRAWN_PILE_MAX: u64 = 40;

/// What was typed in the "take" fields (kept between frames).
#[derive(Default)]
pub struct TakeForm {
    pub from_a: String,
    pub from_b: String,
    /// A click on a stone takes the same number from both piles.
    pub both: bool,
}

/// What the user did on the piles.
pub enum PilesAction {
    /// Move to this position.
    MoveTo((u64, u64)),
    /// The typed numbers could not be read, or the move is not legal.
    Message(crate::ui::notice::Notice),
}

/// Draw the two piles in `size`; nothing can be taken when `frozen` (the
/// review shows this position).
pub fn show(
    ui: &mut egui::Ui,
    game: &Game,
    form: &mut TakeForm,
    pal: &Colours,
    size: Vec2,
    frozen: bool,
) -> Option<PilesAction> {
    let (x, y) = game.position();
    let can_move = game.is_over().is_none() && !game.computer_to_move() && !frozen;
    let mut action = None;
    let drawn = x.max(y) <= DRAWN_PILE_MAX && game.start().0.max(game.start().1) <= DRAWN_PILE_MAX;
    // Room above the stones (the names, the numbers) and below (the take form).
    let stones_height = (size.y - 250.0 * ui.text_scale()).max(120.0);
    // Pieces with a diagonal move take the same number from both piles.
    let diagonal = game.rules().piece.slides.iter().chain(&game.rules().piece.jumps).any(|o| o.dx == o.dy);
    form.both &= diagonal;
    ui.vertical(|ui| {
        if drawn && diagonal {
            ui.checkbox(&mut form.both, tr("piles.both")).tip(tr("piles.both.hint"));
        }
        ui.horizontal(|ui| {
            for (pile, count, name) in [(0usize, x, tr("piles.a")), (1, y, tr("piles.b"))] {
                ui.vertical(|ui| {
                    ui.set_width((size.x / 2.0 - 12.0).max(100.0));
                    ui.phrases(RichText::new(name).strong());
                    // The number grows with the stones, so the back of the room reads it.
                    let number = if drawn { (stones_height / 12.0).clamp(34.0, 72.0) } else { 22.0 };
                    ui.phrases(RichText::new(count.to_string()).size(number).strong());
                    if drawn {
                        let start_max = game.start().0.max(game.start().1).max(1);
                        if let Some(left) = stones(ui, pile, count, start_max, name, pal, stones_height, can_move) {
                            action = Some(stones_taken(game, form.both, pile, left));
                        }
                    }
                });
            }
        });
        ui.add_space(6.0);
        if let Some(a) = take_form(ui, game, form, can_move) {
            action = Some(a);
        }
    });
    action
}

/// The move made by clicking stones of `pile` so that `left` stay (from
/// both piles when `both`).
fn stones_taken(game: &Game, both: bool, pile: usize, left: u64) -> PilesAction {
    let (x, y) = game.position();
    let taken = if pile == 0 { x } else { y } - left;
    let to = match (both, pile) {
        (true, _) => (x.checked_sub(taken), y.checked_sub(taken)),
        (false, 0) => (Some(left), Some(y)),
        (false, _) => (Some(x), Some(left)),
    };
    let (Some(tx), Some(ty)) = to else {
        let n = x.min(y);
        return PilesAction::Message(crate::ui::notice::Notice::new(move || trf("piles.both.too_many", &[("n", &n)])));
    };
    let to = (tx, ty);
    if game.is_legal(to) { PilesAction::MoveTo(to) } else { PilesAction::Message(super::illegal_message(game, to)) }
}

/// "Take … from A, … from B": numbers typed, for piles too large to draw.
fn take_form(ui: &mut egui::Ui, game: &Game, form: &mut TakeForm, can_move: bool) -> Option<PilesAction> {
    let (x, y) = game.position();
    egui::Grid::new("take_form").num_columns(3).show(ui, |ui| {
        ui.phrases(tr("piles.take"));
        let a = ui.phrases(tr("piles.from_a"));
        ui.add(
            egui::TextEdit::singleline(&mut form.from_a)
                .char_limit(crate::ui::widgets::MAX_NUMBER_CHARS)
                .desired_width(110.0)
                .hint_text("0"),
        )
        .labelled_by(a.id);
        ui.end_row();
        ui.phrases("");
        let b = ui.phrases(tr("piles.from_b"));
        ui.add(
            egui::TextEdit::singleline(&mut form.from_b)
                .char_limit(crate::ui::widgets::MAX_NUMBER_CHARS)
                .desired_width(110.0)
                .hint_text("0"),
        )
        .labelled_by(b.id);
        ui.end_row();
    });
    if !ui.add_enabled(can_move, egui::Button::new(tr("piles.take_button"))).clicked() {
        return None;
    }
    let parse = |s: &str| {
        if s.trim().is_empty() { Some(0) } else { s.trim().replace([',', '_', ' '], "").parse::<u64>().ok() }
    };
    Some(match (parse(&form.from_a), parse(&form.from_b)) {
        (Some(da), Some(db)) if da <= x && db <= y && (da, db) != (0, 0) => {
            let to = (x - da, y - db);
            if game.is_legal(to) {
                form.from_a.clear();
                form.from_b.clear();
                PilesAction::MoveTo(to)
            } else {
                PilesAction::Message(super::illegal_message(game, to))
            }
        }
        (Some(_), Some(_)) => PilesAction::Message(super::illegal_message(game, (x, y))),
        _ => PilesAction::Message(crate::ui::notice::Notice::key("piles.bad_number")),
    })
}

/// One pile drawn as a stack of stones, bottom up; hovering a stone shows
/// what clicking takes. Returns the number of stones to leave.
#[expect(clippy::too_many_arguments, reason = "the drawing needs every one of these")]
fn stones(
    ui: &mut egui::Ui,
    pile: usize,
    count: u64,
    capacity: u64,
    name: &str,
    pal: &Colours,
    height: f32,
    can_move: bool,
) -> Option<u64> {
    let d = (height / capacity as f32).clamp(6.0, 90.0);
    let width = d * 2.2 + 44.0;
    let (rect, _) = ui.allocate_exact_size(vec2(width, d * capacity as f32 + 4.0), Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    let stone_rect = |i: u64| {
        Rect::from_center_size(
            pos2(rect.left() + d * 1.1, rect.bottom() - 2.0 - d * (i as f32 + 0.5)),
            vec2(d * 2.0, d * 0.86),
        )
    };
    let mut hovered_from = None;
    let mut clicked = None;
    for i in 0..count {
        let r = stone_rect(i);
        let resp = ui.interact(r, egui::Id::unique(("stone", pile, i)), Sense::click());
        let label = trf("piles.stone", &[("pile", &name), ("n", &(i + 1))]);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        if resp.hovered() && can_move {
            hovered_from = Some(i);
        }
        if resp.clicked() && can_move {
            clicked = Some(i);
        }
    }
    for i in 0..count {
        let r = stone_rect(i);
        let taken = hovered_from.is_some_and(|h| i >= h);
        let fill = if taken { pal.stone_taken } else { pal.stone };
        painter.rect(r, d * 0.43, fill, Stroke::new(1.5, pal.stone_edge), egui::StrokeKind::Inside);
    }
    if let Some(h) = hovered_from {
        painter.text(
            stone_rect(count.saturating_sub(1)).right_top() + vec2(4.0, 0.0),
            Align2::LEFT_TOP,
            format!("−{}", count - h),
            FontId::proportional((d * 0.8).max(18.0)),
            pal.bad,
        );
    }
    clicked
}
