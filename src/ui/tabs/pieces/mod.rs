//! The Pieces tab: invent a piece by clicking its move matrix, see its
//! Grundy numbers at once, write a formula and check it on a large board,
//! and keep or share the piece.
//!
//! Left: the editor (presets, the move matrix or, for four to eight heaps,
//! the list of moves, the terminal set, normal or misère). Middle: the live preview, and below it name, description, the
//! buttons that make the piece the current game, the user's library and
//! files. Right: the conjecture workbench. The piece being edited is a [`Rules`] value
//! (the draft); every change to its moves is one undo step.

mod editor;
mod heaps_bench;
mod heaps_moves;
mod library;
mod limits;
mod preview;
mod program;
mod prove;
mod sequence_hints;
mod statement;
mod workbench;

use crate::rules::Rules;
use crate::ui::i18n::tr;
use crate::ui::state::Shared;
use crate::ui::theme;
use crate::ui::ui_ext::UiExt;
use crate::undo::UndoStack;
use egui::{Key, KeyboardShortcut, Modifiers, RichText};
use serde::{Deserialize, Serialize};

/// The default side of the move matrix.
pub const DEFAULT_GRID: u32 = 15;
/// The most undo steps kept.
const UNDO_LIMIT: usize = 200;

fn new_undo() -> UndoStack<Rules> {
    UndoStack::new(UNDO_LIMIT)
}

/// The Pieces tab. The draft and the options are saved between runs; jobs,
/// results and the undo history are not.
#[derive(Serialize, Deserialize)]
#[serde(default)]
pub struct PiecesTab {
    /// The piece being edited.
    pub draft: Rules,
    /// Side of the move matrix shown (offsets `0..grid` each way).
    pub grid: u32,
    /// Keep the moves and the terminal set symmetric in x and y.
    pub symmetric: bool,
    /// The p of the parameter-p preset.
    pub p: u32,
    /// The formula in the workbench.
    pub formula: String,
    /// The side N of the board a formula is checked on.
    pub check_size: usize,
    /// Whether the workbench's text is a formula for g or a statement.
    pub check_mode: crate::conjecture::CheckMode,
    /// The condition choosing the cells checked (empty: every cell).
    pub condition: String,
    /// The path typed for saving and opening files.
    pub file_path: String,
    /// What the left panel edits: the move matrix or a program.
    pub mode: program::EditMode,
    /// The program being written.
    pub program: program::ProgramEditor,
    /// Drafts before each change of the game (snapshots).
    #[serde(skip, default = "new_undo")]
    undo: UndoStack<Rules>,
    /// The draft when the current drag-paint began (one undo step for it).
    #[serde(skip)]
    paint_start: Option<Rules>,
    #[serde(skip)]
    paint: editor::PaintState,
    /// Undo, redo or a load already recorded this frame's change.
    #[serde(skip)]
    recorded: bool,
    #[serde(skip)]
    preview: preview::Preview,
    #[serde(skip)]
    bench: workbench::Workbench,
    #[serde(skip)]
    files: library::FileState,
    /// The plane dz of a three-heap piece's move matrix on screen.
    #[serde(skip)]
    plane_dz: u32,
    /// The move being written for a piece of four to eight heaps.
    #[serde(skip)]
    new_move: heaps_moves::NewMove,
}

impl PiecesTab {
    /// Check what was read from the settings file: the draft must be valid
    /// rules (else the settings are refused); numbers are brought within
    /// what the controls allow.
    pub fn check_saved(
        &mut self,
        dropped: &mut Vec<crate::ui::state::DroppedPart>,
    ) -> Result<(), crate::rules::RulesError> {
        use crate::ui::state::{SavedText, keep_if_short};
        self.draft.validate()?;
        self.grid = self.grid.clamp(3, editor::MAX_GRID);
        self.p = self.p.clamp(1, editor::MAX_GRID + 1);
        self.check_size = self.check_size.clamp(8, workbench::MAX_CHECK_SIDE);
        keep_if_short(&mut self.formula, SavedText::Formula, crate::conjecture::MAX_TEXT, dropped);
        keep_if_short(&mut self.condition, SavedText::Formula, crate::conjecture::MAX_TEXT, dropped);
        keep_if_short(&mut self.file_path, SavedText::Path, crate::ui::widgets::MAX_PATH_CHARS, dropped);
        keep_if_short(&mut self.program.source, SavedText::Program, crate::rules::MAX_PROGRAM_TEXT, dropped);
        keep_if_short(&mut self.program.path, SavedText::Path, crate::ui::widgets::MAX_PATH_CHARS, dropped);
        Ok(())
    }
}

impl Default for PiecesTab {
    fn default() -> Self {
        PiecesTab {
            draft: crate::ui::rules_choice::preset_for_ui("queen").unwrap_or_default(),
            grid: DEFAULT_GRID,
            symmetric: true,
            p: 4,
            formula: String::new(),
            check_size: 64,
            check_mode: crate::conjecture::CheckMode::Formula,
            condition: String::new(),
            file_path: String::new(),
            mode: program::EditMode::default(),
            program: program::ProgramEditor::default(),
            undo: new_undo(),
            paint_start: None,
            paint: editor::PaintState::default(),
            recorded: false,
            preview: preview::Preview::default(),
            bench: workbench::Workbench::default(),
            files: library::FileState::default(),
            plane_dz: 0,
            new_move: heaps_moves::NewMove::default(),
        }
    }
}

/// The box the tab computes for `rules` at side `n`: a strip for one heap,
/// a square for two, a cube of at most 48 a side for three.
fn box_for(rules: &Rules, n: usize) -> [usize; 3] {
    match rules.dimension {
        1 => [n, 1, 1],
        3 => {
            let m = n.min(48);
            [m, m, m]
        }
        _ => [n, n, 1],
    }
}

impl PiecesTab {
    /// Replace the draft (a preset, a file, a saved piece) as one undo step;
    /// the matrix grows to show every move.
    pub fn load(&mut self, rules: Rules) {
        self.record(self.draft.clone());
        self.grid = self.grid.max(rules.piece.extent()).min(editor::MAX_GRID);
        self.draft = rules;
    }

    fn record(&mut self, before: Rules) {
        self.recorded = true;
        self.undo.push(before);
    }

    /// Take back the last change of the piece.
    pub fn undo(&mut self) {
        self.recorded = true;
        self.undo.undo_state(&mut self.draft);
    }

    /// Redo a change taken back.
    pub fn redo(&mut self) {
        self.recorded = true;
        self.undo.redo_state(&mut self.draft);
    }

    /// Whether there is something to undo / redo.
    pub fn can_undo(&self) -> (bool, bool) {
        (self.undo.can_undo(), self.undo.can_redo())
    }

    /// The preview's value at `(x, y)` once its table for the current draft
    /// is ready (for tests and the hover text).
    pub fn preview_value(&self, x: usize, y: usize) -> Option<u32> {
        self.preview.value_for(&self.draft, x, y)
    }

    /// The last table of the live preview.
    pub fn preview_table(&self) -> Option<&std::sync::Arc<crate::grundy::Table>> {
        self.preview.table()
    }

    /// Whether background work (preview, check, hints) is running.
    pub fn is_busy(&self) -> bool {
        self.preview.is_busy() || self.bench.is_busy()
    }

    /// The last check's outcome, if any: (cells checked, cells differing).
    pub fn check_counts(&self) -> Option<(u64, u64)> {
        self.bench.counts(&self.draft)
    }

    fn keyboard(&mut self, ctx: &egui::Context) {
        // While a text field has the focus, Ctrl+Z belongs to its own undo.
        if ctx.text_edit_focused() {
            return;
        }
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let redo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let redo2 = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        // The longer shortcut first: consume_shortcut matches Ctrl+Z loosely.
        if ctx.input_mut(|i| i.consume_shortcut(&redo2) || i.consume_shortcut(&redo)) {
            self.redo();
        } else if ctx.input_mut(|i| i.consume_shortcut(&undo)) {
            self.undo();
        }
    }

    /// Draw the tab.
    /// Collect the background work that ended (called every frame, shown
    /// or not).
    pub fn poll_jobs(&mut self) {
        self.preview.poll_job();
        self.bench.poll();
    }

    /// Draw the tab: the editor (move matrix or program) on the left, the
    /// workbench on the right, the preview and the piece between them.
    fn draw(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        let ctx = ui.ctx().clone();
        self.keyboard(&ctx);
        let pal = theme::colours(&shared.settings);
        let before = self.draft.clone();
        self.recorded = false;

        // The preview first: the workbench offers pattern hints on its table.
        self.preview.update(&self.draft, &ctx);
        use crate::ui::widgets::{Side, side_panel};
        let width = ui.available_width();
        side_panel(ui, "pieces_editor", Side::Left, (width * 0.23).clamp(400.0, 480.0), 0.34, |ui| {
            let before = self.mode;
            program::mode_switch(self, ui);
            if before != self.mode && self.mode == program::EditMode::Matrix && self.draft.program.is_some() {
                // The matrix edits pieces: start from the queen.
                self.load(crate::ui::rules_choice::preset_for_ui("queen").unwrap_or_default());
            }
            match self.mode {
                program::EditMode::Matrix => editor::show(self, ui, &pal),
                program::EditMode::Program => program::show(self, ui, &pal),
            }
        });
        let right = (width * 0.22).clamp(360.0, 460.0);
        side_panel(ui, "pieces_workbench", Side::Right, right, 0.3, |ui| workbench::show(self, ui, shared, &pal));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.phrases(RichText::new(tr("pieces.intro")).color(pal.info));
                // The piece's name, buttons and files beside the preview
                // when there is room, else below it.
                let info = 330.0;
                if ui.available_width() >= 900.0 {
                    let preview_width = ui.available_width() - info - 40.0;
                    ui.horizontal_top(|ui| {
                        ui.vertical(|ui| {
                            ui.set_width(preview_width);
                            preview::show(self, ui, &pal);
                        });
                        ui.separator();
                        ui.vertical(|ui| {
                            ui.set_width(info);
                            library::show_piece(self, ui, shared, &pal);
                            library::show_files(self, ui, shared);
                        });
                    });
                } else {
                    preview::show(self, ui, &pal);
                    ui.separator();
                    library::show_piece(self, ui, shared, &pal);
                    library::show_files(self, ui, shared);
                }
            });
        });

        // One undo step per change of the game; a drag-paint is one step
        // when it ends.
        let recorded = std::mem::take(&mut self.recorded);
        if self.paint.is_active() {
            self.paint_start.get_or_insert(before);
        } else if let Some(start) = self.paint_start.take() {
            if !start.same_game(&self.draft) {
                self.record(start);
            }
        } else if !recorded && !before.same_game(&self.draft) {
            self.record(before);
        }
        self.recorded = false;
    }
}

impl crate::ui::tabs::AppTab for PiecesTab {
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        self.draw(ui, shared);
    }

    fn logic(&mut self, _ctx: &egui::Context, _shared: &mut Shared) {
        self.poll_jobs();
    }
}
