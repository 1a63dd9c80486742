//! The Nim view: heaps as rows of stones (click a stone to take it and
//! every stone to its right), with the nim-sum written out in binary.

use crate::play::{NimGame, nim::nim_sum_formula};
use crate::theory::is_misere_nim_endgame;
use crate::ui::i18n::{tr, trf, trn};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::UiExt;
use egui::{Rect, RichText, Sense, Stroke, pos2, vec2};

/// Heaps up to this size are drawn stone by stone.
const DRAWN_HEAP_MAX: u64 = 30;

/// Draw the heaps; returns `(heap, stones left)` when a stone was clicked.
/// Nothing can be taken when `frozen` (the review shows this position).
pub fn show(
    ui: &mut egui::Ui,
    nim: &NimGame,
    pal: &Colours,
    show_sum: bool,
    width: f32,
    frozen: bool,
) -> Option<(usize, u64)> {
    let can_move = nim.winner().is_none() && !nim.computer_to_move() && !frozen;
    let most = nim.start().iter().copied().max().unwrap_or(1).clamp(1, DRAWN_HEAP_MAX);
    let d = ((width - 160.0) / most as f32).clamp(12.0, 44.0);
    let mut clicked = None;
    for (h, &count) in nim.heaps().iter().enumerate() {
        ui.horizontal(|ui| {
            ui.add_sized(
                vec2(110.0, d),
                egui::Label::new(RichText::new(format!("{}: {count}", trf("nim.heap", &[("n", &(h + 1))]))).strong()),
            );
            let shown = count.min(DRAWN_HEAP_MAX);
            let (rect, _) = ui.allocate_exact_size(vec2(d * most as f32 + 4.0, d), Sense::hover());
            let painter = ui.painter_at(rect);
            let stone = |i: u64| {
                Rect::from_center_size(
                    pos2(rect.left() + 2.0 + d * (i as f32 + 0.5), rect.center().y),
                    vec2(d * 0.86, d * 0.86),
                )
            };
            let mut hovered = None;
            for i in 0..shown {
                let resp = ui.interact(stone(i), egui::Id::unique(("nim_stone", h, i)), Sense::click());
                let label = trf("nim.stone", &[("heap", &(h + 1)), ("n", &(i + 1))]);
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
                if resp.hovered() && can_move {
                    hovered = Some(i);
                }
                if resp.clicked() && can_move {
                    clicked = Some((h, i));
                }
            }
            for i in 0..shown {
                let taken = hovered.is_some_and(|k| i >= k);
                painter.circle(
                    stone(i).center(),
                    d * 0.42,
                    if taken { pal.stone_taken } else { pal.stone },
                    Stroke::new(1.5, pal.stone_edge),
                );
            }
        });
        // A heap larger than the drawn stones: its own line with a box.
        if count > DRAWN_HEAP_MAX && can_move {
            ui.horizontal(|ui| {
                ui.add_space(114.0);
                if let Some(left) = leave_box(ui, h, count) {
                    clicked = Some((h, left));
                }
            });
        }
    }
    if can_move && nim.heaps().iter().any(|&c| c > DRAWN_HEAP_MAX) {
        ui.small(trf("nim.more", &[("shown", &DRAWN_HEAP_MAX)]));
    }
    if show_sum {
        ui.add_space(8.0);
        let sum = nim.nim_sum();
        ui.phrases(
            RichText::new(trf("nim.sum", &[("formula", &nim_sum_formula(nim.heaps())), ("sum", &sum)])).strong(),
        );
        if let Some(rule) = misere_rule(nim) {
            ui.phrases(RichText::new(rule).color(pal.info));
        }
        ui.phrases(tr("nim.binary"));
        let bits = nim.heaps().iter().copied().chain([sum]).max().unwrap_or(0).max(1).ilog2() as usize + 1;
        let mut lines = String::new();
        for &h in nim.heaps() {
            lines.push_str(&format!("{h:>6}  {h:0bits$b}\n"));
        }
        lines.push_str(&format!("{}\n{:>6}  {sum:0bits$b}", "-".repeat(8 + bits), "XOR"));
        ui.phrases(RichText::new(lines).monospace().size(20.0));
    }
    clicked
}

/// For a heap too large to draw: a box with the number of stones to leave
/// and a Take button. Returns the number to leave when Take is clicked.
fn leave_box(ui: &mut egui::Ui, heap: usize, count: u64) -> Option<u64> {
    let id = egui::Id::unique(("nim_leave", heap));
    let mut left: u64 = ui.data(|d| d.get_temp(id)).unwrap_or(0).min(count - 1);
    let label = ui.phrases(tr("nim.leave"));
    ui.add(egui::DragValue::new(&mut left).range(0..=count - 1)).labelled_by(label.id);
    ui.phrases(trf("nim.leave.in", &[("n", &(heap + 1))]));
    ui.data_mut(|d| d.insert_temp(id, left));
    ui.button(tr("nim.take")).clicked().then_some(left)
}

/// In misère play, which rule decides the position on screen and why: the
/// nim-sum as in normal play while a heap has two stones or more, and the
/// flipped rule (an odd number of one-stone heaps is P) once every heap has
/// at most one. `None` in normal play.
pub fn misere_rule(nim: &NimGame) -> Option<String> {
    if !nim.misere() {
        return None;
    }
    Some(if is_misere_nim_endgame(nim.heaps()) {
        let ones = nim.heaps().iter().filter(|&&h| h == 1).count() as u64;
        trn("nim.misere.flipped.one", "nim.misere.flipped", ones, &[])
    } else {
        tr("nim.misere.as_normal").to_string()
    })
}
