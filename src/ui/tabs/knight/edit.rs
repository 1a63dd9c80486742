//! The left panel: the board (size, presets, brush, symmetry, tools,
//! invert / clear / swap, undo / redo), the leaper, and what to show.

use super::{KnightTab, Tool, section, symmetry_name};
use crate::knight::{Board, Cell, Leaper, Preset, Symmetry};
use crate::ui::i18n::{tr, trf};

/// The largest side the tab offers (the library allows more).
pub const MAX_SIDE: usize = 64;
/// How many boards undo remembers.
const UNDO_DEPTH: usize = 200;

/// Undo and redo stacks of boards.
#[derive(Default)]
pub struct History {
    undo: Vec<Board>,
    redo: Vec<Board>,
}

impl History {
    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Remember `before` as the board before an edit.
    pub fn push(&mut self, before: Board) {
        if self.undo.len() == UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.undo.push(before);
        self.redo.clear();
    }
}

fn preset_name(p: Preset) -> &'static str {
    match p {
        Preset::Full => tr("knight.preset.full"),
        Preset::Chess => tr("knight.preset.chess"),
        Preset::Cross => tr("knight.preset.cross"),
        Preset::Diamond => tr("knight.preset.diamond"),
        Preset::Ring => tr("knight.preset.ring"),
        Preset::Frame => tr("knight.preset.frame"),
        Preset::HalvesMirror => tr("knight.preset.halves"),
        Preset::Pinwheel => tr("knight.preset.pinwheel"),
    }
}

/// The name of what the brush paints.
pub fn brush_name(c: Cell) -> &'static str {
    match c {
        Cell::A => tr("knight.region.a"),
        Cell::B => tr("knight.region.b"),
        Cell::Hole => tr("knight.hole"),
    }
}

impl KnightTab {
    /// Replace the board by `board`, remembering the old one for undo.
    pub fn set_board(&mut self, board: Board) {
        if board != self.design.board {
            let before = std::mem::replace(&mut self.design.board, board);
            self.history.push(before);
            self.board_changed();
        }
    }

    /// Take back the last board edit.
    pub fn undo(&mut self) {
        if let Some(b) = self.history.undo.pop() {
            let now = std::mem::replace(&mut self.design.board, b);
            self.history.redo.push(now);
            self.board_changed();
        }
    }

    /// Redo an edit taken back.
    pub fn redo(&mut self) {
        if let Some(b) = self.history.redo.pop() {
            let now = std::mem::replace(&mut self.design.board, b);
            self.history.undo.push(now);
            self.board_changed();
        }
    }

    /// Set the leaper (tours of the old one are dropped).
    pub fn set_leaper(&mut self, leaper: Leaper) {
        if leaper != self.design.leaper {
            self.design.leaper = leaper;
            self.board_changed();
        }
    }

    pub(super) fn edit_panel(&mut self, ui: &mut egui::Ui, pieces: &[crate::rules::Rules]) {
        let o = &mut self.options;
        super::section(ui, tr("knight.board"));
        ui.horizontal(|ui| {
            let l = ui.label(tr("knight.width"));
            ui.add(egui::DragValue::new(&mut o.width).range(1..=MAX_SIDE)).labelled_by(l.id);
            let l = ui.label(tr("knight.height"));
            ui.add(egui::DragValue::new(&mut o.height).range(1..=MAX_SIDE)).labelled_by(l.id);
        });
        ui.small(trf("knight.size_note", &[("max", &MAX_SIDE)]));
        let (w, h) = (o.width.clamp(1, MAX_SIDE), o.height.clamp(1, MAX_SIDE));
        let mut new_board = None;
        if ui.button(tr("knight.new_board")).clicked() {
            new_board = Board::new(w, h, Cell::Hole).ok();
        }
        ui.label(tr("knight.presets"));
        ui.horizontal_wrapped(|ui| {
            for p in Preset::ALL {
                if ui.button(preset_name(p)).clicked() {
                    new_board = p.build(w, h).ok();
                }
            }
        });

        section(ui, tr("knight.brush"));
        ui.horizontal(|ui| {
            for c in [Cell::A, Cell::B, Cell::Hole] {
                ui.selectable_value(&mut self.options.brush, c, brush_name(c));
            }
        });
        section(ui, tr("knight.symmetry"));
        ui.horizontal_wrapped(|ui| {
            for s in Symmetry::ALL {
                ui.selectable_value(&mut self.options.symmetry, s, symmetry_name(s));
            }
        });
        section(ui, tr("knight.tool"));
        let before = self.options.tool;
        for (t, key) in [
            (Tool::Paint, "knight.tool.paint"),
            (Tool::Rectangle, "knight.tool.rect"),
            (Tool::PickStart, "knight.tool.start"),
            (Tool::Puzzle, "knight.tool.puzzle"),
        ] {
            ui.radio_value(&mut self.options.tool, t, tr(key));
        }
        if before != self.options.tool && self.options.tool == Tool::Puzzle && self.puzzle.is_none() {
            self.start_puzzle(crate::knight::Region::A);
        }
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            let b = &self.design.board;
            if ui.button(tr("knight.invert")).clicked() {
                new_board = Some(b.inverted());
            }
            if ui.button(tr("knight.clear")).clicked() {
                new_board = Some(b.cleared());
            }
            if ui.button(tr("knight.swap")).clicked() {
                new_board = Some(b.regions_swapped());
            }
        });
        ui.horizontal(|ui| {
            if ui.add_enabled(self.history.can_undo(), egui::Button::new(tr("knight.undo"))).clicked() {
                self.undo();
            }
            if ui.add_enabled(self.history.can_redo(), egui::Button::new(tr("knight.redo"))).clicked() {
                self.redo();
            }
        });
        if let Some(b) = new_board {
            self.set_board(b);
        }

        self.leaper_choice(ui, pieces);
    }

    fn leaper_choice(&mut self, ui: &mut egui::Ui, pieces: &[crate::rules::Rules]) {
        section(ui, tr("knight.leaper"));
        let current = self.design.leaper;
        let mut chosen = None;
        for (l, key) in [
            (Leaper::KNIGHT, "knight.leaper.knight"),
            (Leaper::CAMEL, "knight.leaper.camel"),
            (Leaper::ZEBRA, "knight.leaper.zebra"),
            (Leaper::GIRAFFE, "knight.leaper.giraffe"),
        ] {
            let same = |a: Leaper, b: Leaper| a.a.min(a.b) == b.a.min(b.b) && a.a.max(a.b) == b.a.max(b.b);
            if ui.radio(same(current, l), tr(key)).clicked() {
                chosen = Some(l);
            }
        }
        ui.label(tr("knight.leaper.custom"));
        let (a0, b0) = self.options.custom;
        let text = self.custom_text.get_or_insert_with(|| (a0.to_string(), b0.to_string()));
        ui.horizontal(|ui| {
            let l = ui.label("a");
            ui.add(egui::TextEdit::singleline(&mut text.0).desired_width(36.0)).labelled_by(l.id);
            let l = ui.label("b");
            ui.add(egui::TextEdit::singleline(&mut text.1).desired_width(36.0)).labelled_by(l.id);
            if ui.button(tr("knight.leaper.use")).clicked() {
                let parse = |s: &str| s.trim().parse::<u8>().map_err(|_| format!("\"{s}\" is not a whole number 0-32"));
                match parse(&text.0).and_then(|a| parse(&text.1).and_then(|b| Leaper::new(a, b))) {
                    Ok(l) => {
                        self.options.custom = (l.a, l.b);
                        chosen = Some(l);
                        self.files.message = None;
                    }
                    Err(e) => self.files.message = Some((false, e)),
                }
            }
        });
        // Pieces made in the Pieces tab whose moves are one jump shape.
        let leapers: Vec<(&str, Leaper)> =
            pieces.iter().filter_map(|r| Leaper::from_piece(&r.piece).map(|l| (r.name.as_str(), l))).collect();
        if !leapers.is_empty() {
            ui.label(tr("knight.leaper.pieces"));
            for (name, l) in leapers {
                if ui.radio(current == l, format!("{name} ({}, {})", l.a, l.b)).clicked() {
                    chosen = Some(l);
                }
            }
        }
        ui.label(format!("→ ({}, {})", self.design.leaper.a, self.design.leaper.b));
        if let Some(l) = chosen {
            self.set_leaper(l);
        }
    }
}
