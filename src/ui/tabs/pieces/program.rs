//! Write a game as a program (`.rhai`): a code editor with line numbers,
//! the line of an error marked with its message, the example programs as
//! templates, files (dialog or typed path), and the draft that follows the
//! program once it compiles and the typing has paused (so the preview is
//! not recomputed at every key).

use super::PiecesTab;
use crate::rules::{EXAMPLE_PROGRAMS, Program, ProgramError, Rules};
use crate::ui::file_choice::{Dialog, DialogButton, FileChoice, PathButton, PathField};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use egui::{FontId, RichText, TextStyle};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Seconds of no typing before the draft follows the program.
const PAUSE: f64 = 0.5;

/// What the left panel edits: the move matrix or a program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EditMode {
    /// Slides, jumps and terminal cells on a grid.
    #[default]
    Matrix,
    /// The moves written as a program.
    Program,
}

/// The program being written (saved between runs), and its state.
#[derive(Serialize, Deserialize)]
#[serde(default)]
pub struct ProgramEditor {
    /// The program's text.
    pub source: String,
    /// The path typed for files.
    pub path: String,
    /// The program's text when it was last compiled, and the result.
    #[serde(skip)]
    compiled: Option<(String, Result<Program, ProgramError>)>,
    /// When the text last changed (the app's clock).
    #[serde(skip)]
    changed_at: Option<f64>,
    #[serde(skip)]
    choice: FileChoice,
    #[serde(skip)]
    message: Option<(bool, crate::ui::notice::Notice)>,
}

impl Default for ProgramEditor {
    fn default() -> Self {
        let source = EXAMPLE_PROGRAMS.iter().find(|e| e.name == "restricted-nim").map_or("", |e| e.source);
        ProgramEditor {
            source: source.to_string(),
            path: String::new(),
            compiled: None,
            changed_at: None,
            choice: FileChoice::default(),
            message: None,
        }
    }
}

impl ProgramEditor {
    /// The compiled program, or why it does not compile (compiled again
    /// only when the text changed).
    pub fn compiled(&mut self) -> &Result<Program, ProgramError> {
        if self.compiled.as_ref().is_none_or(|(text, _)| *text != self.source) {
            self.compiled = Some((self.source.clone(), Program::new(&self.source)));
        }
        &self.compiled.as_ref().expect("just compiled").1
    }
}

/// The line (from 1) an error points at, if any.
fn error_line(e: &ProgramError) -> Option<usize> {
    match e {
        ProgramError::Parse { line, .. } if *line > 0 => Some(*line),
        _ => None,
    }
}

/// Templates, the editor, the verdict and files; afterwards the draft
/// follows the program when it compiles and the typing paused.
pub fn show(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    let now = ui.input(|i| i.time);
    templates(tab, ui);
    ui.add_space(6.0);
    let error_at = tab.program.compiled().as_ref().err().and_then(error_line);
    let changed = code_editor(ui, &mut tab.program.source, error_at, pal);
    if changed {
        tab.program.changed_at = Some(now);
    }
    verdict(tab, ui, pal);
    ui.add_space(6.0);
    super::limits::show(tab, ui);
    ui.add_space(8.0);
    files(tab, ui, pal);
    follow(tab, ui.ctx(), now);
}

/// The example programs, one button each.
fn templates(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    ui.phrases(RichText::new(tr("program.templates")).strong());
    ui.horizontal_wrapped(|ui| {
        for e in EXAMPLE_PROGRAMS {
            if ui.button(e.name).tip(e.about).clicked() {
                tab.program.source = e.source.to_string();
                tab.program.changed_at = Some(0.0);
            }
        }
    });
}

/// A monospace editor with line numbers in a gutter; the line of an error
/// is marked. Returns whether the text changed.
fn code_editor(ui: &mut egui::Ui, source: &mut String, error_at: Option<usize>, pal: &Colours) -> bool {
    let font = TextStyle::Monospace.resolve(ui.style());
    let row = ui.fonts_mut(|f| f.row_height(&font));
    let lines = source.lines().count().max(1) + usize::from(source.ends_with('\n'));
    let mut changed = false;
    // Both ways: long lines scroll rather than wrap, so each line keeps its
    // number.
    egui::ScrollArea::both().id_salt("program_code").max_height(ui.available_height().max(240.0) * 0.6).show(
        ui,
        |ui| {
            ui.horizontal_top(|ui| {
                let numbers: String = (1..=lines).map(|n| format!("{n:>3}\n")).collect();
                let gutter = ui.add(
                    egui::Label::new(RichText::new(numbers).font(font.clone()).color(pal.axis_text)).selectable(false),
                );
                if let Some(line) = error_at.filter(|&l| l <= lines) {
                    let y = gutter.rect.top() + (line - 1) as f32 * row;
                    let mark = egui::Rect::from_min_size(
                        egui::pos2(gutter.rect.left(), y),
                        egui::vec2(ui.available_width() + gutter.rect.width(), row),
                    );
                    ui.painter().rect_filled(mark, 0.0, pal.bad.gamma_multiply(0.18));
                }
                let label = tr("program.editor");
                // No wrapping: a line of the program is a line on screen.
                let text_colour = ui.visuals().text_color();
                let mono = FontId::new(font.size, font.family.clone());
                let mut layouter = |ui: &egui::Ui, text: &dyn egui::TextBuffer, _wrap: f32| {
                    let job = egui::text::LayoutJob::simple(
                        text.as_str().to_owned(),
                        mono.clone(),
                        text_colour,
                        f32::INFINITY,
                    );
                    ui.fonts_mut(|f| f.layout_job(job))
                };
                let edit = egui::TextEdit::multiline(source)
                    .code_editor()
                    .font(FontId::new(font.size, font.family.clone()))
                    .desired_width(f32::INFINITY)
                    .desired_rows(18)
                    .lock_focus(true)
                    .char_limit(crate::rules::MAX_PROGRAM_TEXT)
                    .layouter(&mut layouter);
                let resp = ui.add(edit);
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::MultilineTextInput, true, label));
                changed = resp.changed();
            });
        },
    );
    changed
}

/// Compiles or not: the dimension, or the error with its line.
fn verdict(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    match tab.program.compiled() {
        Ok(p) => {
            let d = p.dimension();
            let key = if d > 3 { "program.ok_many" } else { "program.ok" };
            ui.colored_label(pal.good, trf(key, &[("n", &d)]));
            if d > 3 {
                ui.label(trf("program.many_heaps", &[("n", &d)]));
            }
        }
        Err(e) => {
            ui.error_label(trf("program.error", &[("error", &crate::ui::words::errors::program_error(e))]));
        }
    }
}

/// Which file action a button asked for.
#[derive(Clone, Copy)]
enum FileAction {
    Save,
    Open,
}

/// Save and open `.rhai` files: dialog buttons, the typed path, messages.
fn files(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    let filter = (tr("program.filter"), &["rhai"][..]);
    let dialogs = [
        DialogButton {
            label: tr("program.save"),
            action: FileAction::Save,
            dialog: Dialog::Save { file_name: "game.rhai".into() },
            filter,
        },
        DialogButton { label: tr("program.open"), action: FileAction::Open, dialog: Dialog::Open, filter },
    ];
    let field = PathField { label: tr("program.path"), hint: "/tmp/game.rhai", width: 260.0 };
    let buttons = [
        PathButton::replacing(tr("program.save_path"), FileAction::Save),
        PathButton::new(tr("program.open_path"), FileAction::Open),
    ];
    let chosen = tab.program.choice.show(ui, true, &dialogs, &mut tab.program.path, field, &buttons);
    match chosen {
        Some((FileAction::Save, path)) => save(tab, &path),
        Some((FileAction::Open, path)) => open(tab, &path),
        None => {}
    }
    if let Some((good, text)) = &tab.program.message {
        ui.colored_label(if *good { pal.good } else { pal.bad }, text.text());
    }
}

fn save(tab: &mut PiecesTab, path: &Path) {
    let text = tab.program.source.clone();
    let shown = path.to_path_buf();
    tab.program.message = Some(match crate::fsutil::atomic_write(path, |w| w.write_all(text.as_bytes())) {
        Ok(()) => (true, Notice::new(move || trf("program.saved", &[("path", &shown.display())]))),
        Err(e) => (false, Notice::new(move || crate::ui::words::errors::file_error(&e))),
    });
}

fn open(tab: &mut PiecesTab, path: &Path) {
    match crate::fsutil::read_text(path, crate::rules::MAX_FILE_BYTES) {
        Ok(text) => {
            tab.program.source = text;
            tab.program.changed_at = Some(0.0);
            let shown = path.to_path_buf();
            tab.program.message =
                Some((true, Notice::new(move || trf("program.opened", &[("path", &shown.display())]))));
        }
        Err(e) => {
            let (os, shown): (crate::fsutil::OsError, _) = ((&e).into(), path.to_path_buf());
            tab.program.message = Some((
                false,
                Notice::new(move || {
                    let why = crate::ui::words::errors::os_reason(&os);
                    trf("program.open_failed", &[("path", &shown.display()), ("error", &why)])
                }),
            ));
        }
    }
}

/// The draft follows the program once it compiles and the typing has
/// paused for [`PAUSE`] seconds (the preview job then starts once).
fn follow(tab: &mut PiecesTab, ctx: &egui::Context, now: f64) {
    let Some(changed) = tab.program.changed_at else {
        // At the start: follow a program that compiles, if the draft is
        // no program yet.
        if tab.draft.program.is_none()
            && let Ok(p) = tab.program.compiled().clone()
        {
            set_draft(tab, p);
        }
        return;
    };
    if now - changed < PAUSE {
        ctx.request_repaint_after_secs((PAUSE - (now - changed)) as f32);
        return;
    }
    tab.program.changed_at = None;
    if let Ok(p) = tab.program.compiled().clone() {
        set_draft(tab, p);
    }
}

fn set_draft(tab: &mut PiecesTab, p: Program) {
    if tab.draft.program.as_ref() == Some(&p) {
        return;
    }
    let name = if tab.draft.program.is_some() { tab.draft.name.clone() } else { tr("program.name").to_string() };
    let mut rules = Rules::from_program(&name, p);
    rules.convention = tab.draft.convention;
    rules.passes = tab.draft.passes;
    rules.limits = tab.draft.limits;
    tab.draft = rules;
}

/// The mode switch: the move matrix or a program.
pub fn mode_switch(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    ui.horizontal(|ui| {
        ui.selectable_value(&mut tab.mode, EditMode::Matrix, tr("program.mode.matrix"));
        ui.selectable_value(&mut tab.mode, EditMode::Program, tr("program.mode.program"));
    });
}
