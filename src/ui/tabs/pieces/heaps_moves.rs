//! The moves of a piece of four to eight heaps, which no matrix can draw:
//! a list with one row a move (its steps x1 … xd, slide or jump, and a
//! button that removes it), and a row that writes a new move and adds it.
//! With "treat the heaps alike" every change is made to every order of the
//! move's steps, so the piece stays symmetric and its table is computed on
//! sorted positions.

use super::PiecesTab;
use crate::rules::{CellState, MAX_DIMENSION, MAX_OFFSET, MAX_OFFSETS, Offset};
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::{TipExt, UiExt};
use egui::RichText;

/// The move being written, not yet part of the piece: a step for each
/// heap, and whether it slides (any multiple) or jumps (once).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NewMove {
    pub steps: [u32; MAX_DIMENSION],
    pub slide: bool,
    /// The heaps could not be treated alike: too many moves.
    pub too_many: bool,
}

impl Default for NewMove {
    fn default() -> Self {
        let mut steps = [0; MAX_DIMENSION];
        steps[0] = 1;
        NewMove { steps, slide: true, too_many: false }
    }
}

/// The rows shown at once before the list scrolls.
const ROWS: usize = 10;

/// A move as the list writes it: `(1, 0, 2, 0)`, or `(1,0,2,0)` where a
/// narrow panel has no room for the spaces.
fn text(o: Offset, d: usize) -> String {
    spaced(o, d, ", ")
}

fn spaced(o: Offset, d: usize, between: &str) -> String {
    let steps: Vec<String> = o.steps()[..d].iter().map(u32::to_string).collect();
    format!("({})", steps.join(between))
}

/// What a row of the list asks for.
enum Change {
    Kind(Offset, bool),
    Remove(Offset),
}

/// Draw the list of moves and the row that adds one.
pub fn show(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    let d = tab.draft.dimension as usize;
    ui.section(tr("editor.heaps.moves"));
    ui.phrases(RichText::new(trf("editor.heaps.help", &[("n", &d)])).small());
    let piece = &tab.draft.piece;
    // Slides first, then jumps, each in order; read row by row, never copied.
    let moves = || piece.slides.iter().map(|&o| (o, true)).chain(piece.jumps.iter().map(|&o| (o, false)));
    let count = piece.slides.len() + piece.jumps.len();
    ui.phrases(trf("editor.moves", &[("n", &count)]));
    if count == 0 {
        ui.phrases(RichText::new(tr("editor.heaps.none")).italics());
    }
    let mut change = None;
    // A row on one line where it fits (the longest move, its two kinds and
    // Remove), else the move above its buttons: nothing is cut off at the
    // panel's edge.
    let width = |t: &str, style: egui::TextStyle| {
        let font = style.resolve(ui.style());
        ui.painter().layout_no_wrap(t.to_string(), font, egui::Color32::PLACEHOLDER).size().x
    };
    // The list's own scroll bar takes a little of the width.
    let room = ui.available_width() - 12.0;
    // The move with the most digits is the longest to write.
    let digits = |o: &Offset| o.steps()[..d].iter().map(|v| v.checked_ilog10().map_or(1, |l| l + 1)).sum::<u32>();
    let widest = moves().map(|(o, _)| o).max_by_key(digits).unwrap_or(Offset::of(&[]));
    let between = if width(&text(widest, d), egui::TextStyle::Monospace) <= room { ", " } else { "," };
    let longest = spaced(widest, d, between);
    let padding = 2.0 * ui.spacing().button_padding.x + ui.spacing().item_spacing.x;
    let buttons: f32 = ["editor.heaps.slide", "editor.heaps.jump", "editor.heaps.remove"]
        .iter()
        .map(|k| width(tr(k), egui::TextStyle::Button) + padding)
        .sum();
    let one_line = width(&longest, egui::TextStyle::Monospace) + buttons <= room;
    // A row's height without the spacing below it (`show_rows` adds it).
    let spacing = ui.spacing().item_spacing.y;
    let text_line = ui.text_style_height(&egui::TextStyle::Monospace) + spacing;
    let row_height = ui.spacing().interact_size.y + if one_line { 0.0 } else { text_line };
    let line = ui.spacing().interact_size.y + spacing;
    let height = ((row_height + spacing) * count as f32).min(line * ROWS as f32);
    let list = egui::ScrollArea::vertical().id_salt("pieces_heaps_moves");
    list.max_height(height).min_scrolled_height(height).show_rows(ui, row_height, count, |ui, rows| {
        for (o, slide) in moves().skip(rows.start).take(rows.len()) {
            let buttons = |ui: &mut egui::Ui, change: &mut Option<Change>| {
                if ui.add(egui::Button::selectable(slide, tr("editor.heaps.slide"))).clicked() && !slide {
                    *change = Some(Change::Kind(o, true));
                }
                if ui.add(egui::Button::selectable(!slide, tr("editor.heaps.jump"))).clicked() && slide {
                    *change = Some(Change::Kind(o, false));
                }
                let remove = ui.button(tr("editor.heaps.remove"));
                if remove.tip(trf("editor.heaps.remove_tip", &[("move", &text(o, d))])).clicked() {
                    *change = Some(Change::Remove(o));
                }
            };
            if one_line {
                ui.horizontal(|ui| {
                    ui.monospace(spaced(o, d, between));
                    buttons(ui, &mut change);
                });
            } else {
                ui.monospace(spaced(o, d, between));
                ui.horizontal(|ui| {
                    ui.add_space(16.0);
                    buttons(ui, &mut change);
                });
            }
        }
    });
    let state = |slide: bool| if slide { CellState::Slide } else { CellState::Jump };
    match change {
        Some(Change::Kind(o, slide)) => tab.draft.piece.paint_heaps(o, state(slide), d, tab.symmetric),
        Some(Change::Remove(o)) => tab.draft.piece.paint_heaps(o, CellState::Off, d, tab.symmetric),
        None => {}
    }
    alike_choice(tab, ui, d);
    new_move(tab, ui, d, count);
}

/// "Treat the heaps alike": turned on, it gives every move all the orders
/// of its steps (refused, with the reason, where that is too many moves).
fn alike_choice(tab: &mut PiecesTab, ui: &mut egui::Ui, d: usize) {
    let was = tab.symmetric;
    let label = trf("editor.heaps.alike", &[("n", &d)]);
    ui.checkbox(&mut tab.symmetric, label).tip(tr("editor.heaps.alike_tip"));
    if tab.symmetric && !was {
        match tab.draft.piece.symmetrized_heaps(d, MAX_OFFSETS) {
            Some(piece) => tab.draft.piece = piece,
            None => tab.symmetric = false,
        }
        tab.new_move.too_many = !tab.symmetric;
    }
    if tab.new_move.too_many && !tab.symmetric {
        ui.error_label(trf("editor.heaps.alike_too_many", &[("max", &MAX_OFFSETS)]));
    } else if tab.draft.piece.is_symmetric_in(d) {
        ui.phrases(RichText::new(tr("editor.heaps.sorted")).small());
    }
}

/// The row that writes a new move: a step for each heap, slide or jump,
/// and the button that adds it (or says why it cannot).
fn new_move(tab: &mut PiecesTab, ui: &mut egui::Ui, d: usize, count: usize) {
    ui.add_space(4.0);
    ui.phrases(RichText::new(tr("editor.heaps.new")).strong());
    let new = &mut tab.new_move;
    // As many heaps a line as the panel has room for, each name beside its
    // step (a wrapped line could part them).
    let font = egui::TextStyle::Button.resolve(ui.style());
    let pair = ui.painter().layout_no_wrap("x8 4096".to_string(), font, egui::Color32::PLACEHOLDER).size().x
        + 2.0 * ui.spacing().button_padding.x
        + 3.0 * ui.spacing().item_spacing.x;
    let per_line = ((ui.available_width() / pair) as usize).clamp(1, d);
    for (line, steps) in new.steps[..d].chunks_mut(per_line).enumerate() {
        ui.horizontal(|ui| {
            for (i, step) in steps.iter_mut().enumerate() {
                let label = ui.label(format!("x{}", line * per_line + i + 1));
                ui.add(egui::DragValue::new(step).range(0..=MAX_OFFSET).speed(0.1)).labelled_by(label.id);
            }
        });
    }
    let o = Offset::of(&new.steps[..d]);
    // The moves an Add puts in the piece: every order of the steps, with
    // the heaps treated alike (at most 8!, whatever steps are typed).
    let added = if tab.symmetric { o.orders(d) } else { vec![o] };
    let piece = &tab.draft.piece;
    let new_ones = added.iter().filter(|&&q| piece.cell(q) == CellState::Off).count();
    let why_not = if o.steps().iter().all(|&s| s == 0) {
        Some(tr("editor.heaps.zero").to_string())
    } else if count + new_ones > MAX_OFFSETS {
        Some(trf("editor.heaps.full", &[("max", &MAX_OFFSETS)]))
    } else {
        None
    };
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut new.slide, true, tr("editor.heaps.slide_long"));
        ui.radio_value(&mut new.slide, false, tr("editor.heaps.jump_long"));
    });
    let slide = new.slide;
    let add = ui.add_enabled(why_not.is_none(), egui::Button::new(tr("editor.heaps.add")));
    if add.clicked() {
        let state = if slide { CellState::Slide } else { CellState::Jump };
        tab.draft.piece.paint_heaps(o, state, d, tab.symmetric);
    }
    if let Some(why) = why_not {
        ui.phrases(RichText::new(why).small());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_written_with_its_steps() {
        let o = Offset::of(&[1, 0, 2, 0]);
        assert_eq!(text(o, 4), "(1, 0, 2, 0)");
        assert_eq!(spaced(o, 4, ","), "(1,0,2,0)");
    }
}
