//! "Choose a file with a dialog, or type a path": one widget for every tab
//! that reads or writes files.
//!
//! rfd answers `None` both when the person cancels and when no file dialog
//! can open at all (no portal or zenity, a headless session), and the two
//! cannot be told apart. So the typed-path field is always shown beside
//! the dialog buttons, and when a dialog gives nothing the widget says
//! both possibilities and points at the field; no timing guesses.
//!
//! In the browser there are no paths to type: "Open" is the browser's
//! picker, whose file arrives a frame or more later, and a save is a
//! download (see [`crate::platform`]).

use super::i18n::{tr, trf};
use crate::platform::{DialogAnswer, PendingPick};
use crate::ui::ui_ext::UiExt;
use std::path::PathBuf;

/// Which native dialog a button opens.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// "Save as", proposing this file name.
    Save {
        /// The file name proposed.
        file_name: String,
    },
    /// "Open" an existing file.
    Open,
}

/// A button that opens a native file dialog for `action`.
#[derive(Clone, Debug)]
pub struct DialogButton<'a, A> {
    /// The button's label.
    pub label: &'a str,
    /// What the chosen file is for.
    pub action: A,
    /// Save or open.
    pub dialog: Dialog,
    /// The filter's name and the file name extensions it offers (no dot).
    pub filter: (&'a str, &'a [&'a str]),
}

impl<A> DialogButton<'_, A> {
    fn open(&self, pending: &PendingPick, ctx: &egui::Context) -> DialogAnswer {
        match &self.dialog {
            Dialog::Save { file_name } => crate::platform::save_dialog(self.filter, file_name),
            Dialog::Open => crate::platform::open_dialog(self.filter, pending, ctx),
        }
    }
}

/// A button that acts on the typed path. One that replaces the file (a
/// save, an export) asks first when a file is already there; one that
/// reads it, or adds to it, does not.
#[derive(Clone, Copy, Debug)]
pub struct PathButton<'a, A> {
    /// The button's label.
    pub label: &'a str,
    /// What the typed file is for.
    pub action: A,
    /// Whether the action replaces the file.
    pub replaces: bool,
}

impl<'a, A> PathButton<'a, A> {
    /// A button that reads the typed file (or adds to it).
    pub fn new(label: &'a str, action: A) -> Self {
        PathButton { label, action, replaces: false }
    }

    /// A button that replaces the typed file.
    pub fn replacing(label: &'a str, action: A) -> Self {
        PathButton { label, action, replaces: true }
    }
}

/// The state of one "dialog or typed path" widget: whether the last dialog
/// gave no file (then a note says why that may be and where to type), the
/// dialog still to answer (in the browser), and a typed file that exists
/// and waits for "Replace" (a dialog asks that itself).
#[derive(Default, Debug)]
pub struct FileChoice {
    none_chosen: bool,
    /// The dialog button whose picker is open, and where its file arrives.
    waiting: Option<usize>,
    pending: PendingPick,
    /// The path button clicked and the file it would replace.
    replacing: Option<(usize, PathBuf)>,
    /// The file this widget last read or wrote: saving it again asks nothing.
    known: Option<PathBuf>,
}

impl FileChoice {
    /// The whole widget: the dialog buttons in a row, the note when the last
    /// dialog gave nothing, the path field (always) and the buttons that act
    /// on the typed path (enabled when it is not empty). Returns the action
    /// and the file when one was chosen this frame.
    pub fn show<A: Copy>(
        &mut self,
        ui: &mut egui::Ui,
        enabled: bool,
        dialogs: &[DialogButton<'_, A>],
        typed: &mut String,
        field: PathField<'_>,
        path_buttons: &[PathButton<'_, A>],
    ) -> Option<(A, PathBuf)> {
        let from_dialog = self.dialog_buttons(ui, enabled, dialogs);
        if !crate::platform::TYPED_PATHS {
            return from_dialog;
        }
        self.path_field(ui, typed, field);
        let from_path = self.path_buttons(ui, enabled, typed, path_buttons);
        from_dialog.or(from_path)
    }

    /// The dialog buttons in a row; a click opens the dialog at once.
    pub fn dialog_buttons<A: Copy>(
        &mut self,
        ui: &mut egui::Ui,
        enabled: bool,
        dialogs: &[DialogButton<'_, A>],
    ) -> Option<(A, PathBuf)> {
        let mut chosen = None;
        // A picker that answers later (the browser's) brings its file now.
        if let Some(i) = self.waiting
            && let Some(path) = self.pending.take()
        {
            self.waiting = None;
            chosen = dialogs.get(i).and_then(|d| self.dialog_answered(Some(path)).map(|p| (d.action, p)));
        }
        ui.horizontal_wrapped(|ui| {
            for (i, d) in dialogs.iter().enumerate() {
                if ui.add_enabled(enabled, egui::Button::new(d.label)).clicked() {
                    match d.open(&self.pending, ui.ctx()) {
                        DialogAnswer::Now(picked) => chosen = self.dialog_answered(picked).map(|p| (d.action, p)),
                        DialogAnswer::Later => self.waiting = Some(i),
                    }
                }
            }
        });
        chosen
    }

    /// The note (when the last dialog gave nothing) and the path field.
    pub fn path_field(&mut self, ui: &mut egui::Ui, typed: &mut String, field: PathField<'_>) {
        if !crate::platform::TYPED_PATHS {
            return;
        }
        if self.none_chosen {
            ui.phrases(tr("file.none_chosen"));
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.phrases(field.label);
            ui.add(
                egui::TextEdit::singleline(typed)
                    .char_limit(super::widgets::MAX_PATH_CHARS)
                    .desired_width(field.width)
                    .hint_text(field.hint),
            )
            .labelled_by(label.id);
        });
    }

    /// Buttons that act on the typed path, enabled when it is not empty. A
    /// button that replaces a file that is already there (and that this
    /// widget did not read or write itself) first asks whether to replace
    /// it; the answer comes from a later frame.
    pub fn path_buttons<A: Copy>(
        &mut self,
        ui: &mut egui::Ui,
        enabled: bool,
        typed: &str,
        buttons: &[PathButton<'_, A>],
    ) -> Option<(A, PathBuf)> {
        let path = typed.trim();
        let mut chosen = None;
        if !crate::platform::TYPED_PATHS {
            return chosen;
        }
        ui.horizontal_wrapped(|ui| {
            for (i, b) in buttons.iter().enumerate() {
                if ui.add_enabled(enabled && !path.is_empty(), egui::Button::new(b.label)).clicked() {
                    self.none_chosen = false;
                    let file = PathBuf::from(path);
                    let there = std::fs::symlink_metadata(&file).is_ok();
                    if b.replaces && there && self.known.as_ref() != Some(&file) {
                        self.replacing = Some((i, file));
                    } else {
                        self.replacing = None;
                        chosen = Some((b.action, file));
                    }
                }
            }
        });
        // The question, in a modal window over the app (always in sight,
        // whatever the panel's height), stays until it is answered or the
        // path changes; Escape or a click beside it keeps the file.
        if let Some((i, file)) = self.replacing.clone() {
            if file.as_os_str() != path || !enabled {
                self.replacing = None;
            } else {
                let name = file.display().to_string();
                let modal = egui::Modal::new(ui.scope_id().with("replace_question")).show(ui.ctx(), |ui| {
                    ui.set_max_width(480.0);
                    ui.phrases(trf("file.replace_question", &[("file", &name)]));
                    ui.add_space(8.0);
                    ui.horizontal_wrapped(|ui| {
                        if ui.button(tr("file.replace")).clicked() {
                            self.replacing = None;
                            chosen = buttons.get(i).map(|b| (b.action, file.clone()));
                        }
                        if ui.button(tr("file.keep")).clicked() {
                            self.replacing = None;
                        }
                    });
                });
                if modal.should_close() {
                    self.replacing = None;
                }
            }
        }
        if let Some((_, file)) = &chosen {
            self.known = Some(file.clone());
        }
        chosen
    }

    /// Record what a dialog answered: a file, or nothing (cancelled, or no
    /// dialog could open; the note then says both).
    pub fn dialog_answered(&mut self, picked: Option<PathBuf>) -> Option<PathBuf> {
        self.none_chosen = picked.is_none();
        if picked.is_some() {
            self.known.clone_from(&picked);
        }
        picked
    }

    /// Whether the last dialog gave no file (and the note is shown).
    pub fn none_chosen(&self) -> bool {
        self.none_chosen
    }
}

/// How the typed-path field looks.
#[derive(Clone, Copy, Debug)]
pub struct PathField<'a> {
    /// Its label ("File path").
    pub label: &'a str,
    /// The example shown while it is empty.
    pub hint: &'a str,
    /// Its width in points.
    pub width: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dialog_that_gives_nothing_shows_the_note_until_a_file_is_chosen() {
        let mut c = FileChoice::default();
        assert!(!c.none_chosen());
        assert_eq!(c.dialog_answered(None), None);
        assert!(c.none_chosen(), "cancelled or no dialog: the note says both");
        let p = PathBuf::from("/tmp/x.png");
        assert_eq!(c.dialog_answered(Some(p.clone())), Some(p));
        assert!(!c.none_chosen());
    }
}
