//! The moves of a piece of four to eight heaps, which no matrix can draw:
//! a list with one row a move (its steps x1 … xd, slide or jump, and a
//! button that removes it), and a row that writes a new move and adds it.
//! With "treat the heaps alike" every change is made to every order of the
//! move's steps, so the piece stays symmetric and its table is computed on
//! sorted positions.

use super::PiecesTab;
use crate::rules::{MAX_DIMENSION, MAX_OFFSET, MAX_OFFSETS, Offset, Piece};
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::UiExt;
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

/// Put `o` in the piece as a slide or a jump (once, as one or the other).
fn put(piece: &mut Piece, o: Offset, slide: bool) {
    piece.slides.remove(&o);
    piece.jumps.remove(&o);
    if slide {
        piece.slides.insert(o);
    } else {
        piece.jumps.insert(o);
    }
}

/// The moves a change of `o` is made to: `o`, or every order of its steps
/// where the heaps are treated alike.
fn changed(o: Offset, d: usize, alike: bool) -> Vec<Offset> {
    if alike { o.orders(d) } else { vec![o] }
}

/// The piece with every order of each move's steps, a slide where any
/// order is one (`None` when that is more moves than a piece may have:
/// it stops there, so a large piece costs at most one move's orders more).
fn alike(piece: &Piece, d: usize) -> Option<Piece> {
    let mut out = Piece::default();
    for o in piece.jumps.iter() {
        out.jumps.extend(o.orders(d));
        if out.jumps.len() > MAX_OFFSETS {
            return None;
        }
    }
    for o in piece.slides.iter() {
        for q in o.orders(d) {
            out.jumps.remove(&q);
            out.slides.insert(q);
        }
        if out.slides.len() + out.jumps.len() > MAX_OFFSETS {
            return None;
        }
    }
    Some(out)
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
    let moves: Vec<(Offset, bool)> =
        piece.slides.iter().map(|&o| (o, true)).chain(piece.jumps.iter().map(|&o| (o, false))).collect();
    ui.phrases(trf("editor.moves", &[("n", &moves.len())]));
    if moves.is_empty() {
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
    let longest = moves.iter().map(|&(o, _)| text(o, d)).max_by_key(String::len).unwrap_or_default();
    let between = if width(&longest, egui::TextStyle::Monospace) <= room { ", " } else { "," };
    let longest = moves.iter().map(|&(o, _)| spaced(o, d, between)).max_by_key(String::len).unwrap_or_default();
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
    let height = ((row_height + spacing) * moves.len() as f32).min(line * ROWS as f32);
    let list = egui::ScrollArea::vertical().id_salt("pieces_heaps_moves");
    list.max_height(height).min_scrolled_height(height).show_rows(ui, row_height, moves.len(), |ui, rows| {
        for &(o, slide) in &moves[rows] {
            let buttons = |ui: &mut egui::Ui, change: &mut Option<Change>| {
                if ui.add(egui::Button::selectable(slide, tr("editor.heaps.slide"))).clicked() && !slide {
                    *change = Some(Change::Kind(o, true));
                }
                if ui.add(egui::Button::selectable(!slide, tr("editor.heaps.jump"))).clicked() && slide {
                    *change = Some(Change::Kind(o, false));
                }
                let remove = ui.button(tr("editor.heaps.remove"));
                if remove.on_hover_text(trf("editor.heaps.remove_tip", &[("move", &text(o, d))])).clicked() {
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
    let (piece, alike_on) = (&mut tab.draft.piece, tab.symmetric);
    match change {
        Some(Change::Kind(o, slide)) => changed(o, d, alike_on).into_iter().for_each(|q| put(piece, q, slide)),
        Some(Change::Remove(o)) => {
            for q in changed(o, d, alike_on) {
                piece.slides.remove(&q);
                piece.jumps.remove(&q);
            }
        }
        None => {}
    }
    alike_choice(tab, ui, d);
    new_move(tab, ui, d, moves.len());
}

/// "Treat the heaps alike": turned on, it gives every move all the orders
/// of its steps (refused, with the reason, where that is too many moves).
fn alike_choice(tab: &mut PiecesTab, ui: &mut egui::Ui, d: usize) {
    let was = tab.symmetric;
    let label = trf("editor.heaps.alike", &[("n", &d)]);
    ui.checkbox(&mut tab.symmetric, label).on_hover_text(tr("editor.heaps.alike_tip"));
    if tab.symmetric && !was {
        match alike(&tab.draft.piece, d) {
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
    let added = changed(o, d, tab.symmetric);
    let piece = &tab.draft.piece;
    let new_ones = added.iter().filter(|q| !piece.slides.contains(q) && !piece.jumps.contains(q)).count();
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
        added.into_iter().for_each(|q| put(&mut tab.draft.piece, q, slide));
    }
    if let Some(why) = why_not {
        ui.phrases(RichText::new(why).small());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_a_slide_or_a_jump_never_both() {
        let mut piece = Piece::default();
        let o = Offset::of(&[1, 0, 2, 0]);
        put(&mut piece, o, true);
        put(&mut piece, o, false);
        assert!(piece.jumps.contains(&o) && !piece.slides.contains(&o));
        assert_eq!(text(o, 4), "(1, 0, 2, 0)");
    }

    #[test]
    fn the_heaps_are_treated_alike_within_the_limit_of_moves() {
        // A slide wins over a jump of the same steps.
        let mut piece = Piece::default();
        put(&mut piece, Offset::of(&[1, 1, 0, 0]), false);
        put(&mut piece, Offset::of(&[0, 0, 1, 1]), true);
        let alike = alike(&piece, 4).unwrap();
        assert_eq!(alike.slides.len(), 6);
        assert!(alike.jumps.is_empty());
        assert!(alike.is_symmetric_in(4));
        // Moves of eight different steps have 40 320 orders each: refused.
        let mut big = Piece::default();
        for k in 0..100 {
            put(&mut big, Offset::of(&[1, 2, 3, 4, 5, 6, 7, 8 + k]), false);
        }
        assert!(super::alike(&big, 8).is_none());
    }
}
