//! Saving and loading designs, exporting the picture (PNG / SVG) as a job.
//! The file comes from a native dialog or a typed path, through the
//! shared [`FileChoice`] widget (the path field is always there, and when a
//! dialog gives nothing the widget says why that may be). The design and
//! the picture have a path field each, and each refuses the other's file
//! names, so a design never lands in `knight.png`.

use super::KnightTab;
use crate::jobs::{Job, JobEnd, poll};
use crate::knight::{Design, DesignError};
use crate::ui::file_choice::{Dialog, DialogButton, FileChoice, PathButton, PathField};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::ui_ext::UiExt;
use crate::ui::widgets;
use std::path::{Path, PathBuf};

/// The largest PNG side offered.
pub const MAX_PX: u32 = 10_000;

/// The files section's runtime state.
#[derive(Default)]
pub struct FilesState {
    /// The path typed for saving and loading the design (`.json`).
    pub path: String,
    /// The path typed for exporting the picture (`.png` or `.svg`).
    pub picture_path: String,
    /// The last message: (success, text worded when drawn).
    pub message: Option<(bool, Notice)>,
    /// Whether the last message is the picture's export's (shown under the
    /// export), not the design file's.
    pub message_of_picture: bool,
    /// The running export.
    pub export_job: Option<Job<PathBuf, crate::draw::DrawError>>,
    /// The design's dialogs and typed path (one widget with the other tabs).
    pub choice: FileChoice,
    /// The picture's dialogs and typed path.
    pub picture_choice: FileChoice,
}

/// Whether `path` names a picture (`.png` or `.svg`, any case).
fn is_picture_name(path: &Path) -> bool {
    let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    ext == "png" || ext == "svg"
}

/// Whether `path` names a design (`.json`, any case).
fn is_design_name(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// What a chosen file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileAction {
    /// Save the design (JSON).
    Save,
    /// Load a design (JSON).
    Load,
    /// Export the picture (PNG or SVG by the file's extension).
    Export,
}

/// What is wrong with a design file, in the current language (the JSON
/// reader's words in English; in Japanese its line and column).
pub fn design_error_text(e: &DesignError) -> String {
    use crate::knight::design::{FORMAT, VERSION};
    match e {
        DesignError::Read(os) => trf("knight.load.read", &[("detail", &crate::ui::words::errors::os_reason(os))]),
        DesignError::NotText { byte } => trf("knight.load.not_text", &[("byte", byte)]),
        DesignError::Syntax { detail, line, column } => crate::ui::words::errors::english_detail_or(
            &trf("knight.load.syntax", &[("detail", detail)]),
            &trf("knight.load.syntax_at", &[("line", line), ("column", column)]),
        ),
        DesignError::Format(x) => trf("knight.load.format", &[("format", x), ("expected", &FORMAT)]),
        DesignError::Version(v) => trf("knight.load.version", &[("version", v), ("ours", &VERSION)]),
        DesignError::Size { width, height } => {
            trf("knight.load.size", &[("w", width), ("h", height), ("max", &crate::knight::board::MAX_SIDE)])
        }
        DesignError::RowCount { height, rows } => trf("knight.load.rows", &[("h", height), ("rows", rows)]),
        DesignError::RowLength { width, row, cells } => {
            trf("knight.load.row_length", &[("w", width), ("row", row), ("cells", cells)])
        }
        DesignError::Board(b) => trf("knight.load.board", &[("detail", &crate::ui::words::errors::board_error(b))]),
        DesignError::Leaper(l) => trf("knight.load.leaper", &[("detail", &crate::ui::words::errors::leaper_error(l))]),
        DesignError::Style(s) => trf("knight.load.style", &[("detail", &crate::ui::words::errors::style_error(s))]),
    }
}

impl KnightTab {
    /// Save the design to `path`; a picture's name (`.png`, `.svg`) is
    /// refused: that file is for the export.
    pub fn save_to(&mut self, path: &Path) {
        self.files.message_of_picture = false;
        let shown = path.to_path_buf();
        if is_picture_name(path) {
            let text = move || trf("knight.save_ext", &[("path", &shown.display())]);
            self.files.message = Some((false, Notice::new(text)));
            return;
        }
        self.files.message = Some(match self.design.save(path) {
            Ok(()) => (true, Notice::new(move || trf("knight.saved", &[("path", &shown.display())]))),
            Err(e) => (
                false,
                Notice::new(move || {
                    let error = crate::ui::words::errors::draw_reason(&e);
                    trf("knight.save_failed", &[("path", &shown.display()), ("error", &error)])
                }),
            ),
        });
    }

    /// Load a design from `path`; a bad file, or a picture's name, changes
    /// nothing.
    pub fn load_from(&mut self, path: &Path) {
        self.files.message_of_picture = false;
        if is_picture_name(path) {
            let shown = path.to_path_buf();
            let text = move || trf("knight.load_ext", &[("path", &shown.display())]);
            self.files.message = Some((false, Notice::new(text)));
            return;
        }
        match Design::load(path) {
            Ok(d) => {
                // One undo step takes the whole loaded design back.
                self.history.record(&self.design);
                self.design = d;
                self.history.record(&self.design);
                self.board_changed();
                self.options.width = self.design.board.width().min(super::edit::MAX_SIDE);
                self.options.height = self.design.board.height().min(super::edit::MAX_SIDE);
                let shown = path.to_path_buf();
                self.files.message =
                    Some((true, Notice::new(move || trf("knight.loaded", &[("path", &shown.display())]))));
            }
            Err(e) => {
                let shown = path.to_path_buf();
                let text = move || {
                    let reason = design_error_text(&e.error);
                    trf("knight.load_failed", &[("path", &shown.display()), ("reason", &reason)])
                };
                self.files.message = Some((false, Notice::new(text)));
            }
        }
    }

    /// Export the picture now on screen to `path` (PNG or SVG by its
    /// extension) as a background job.
    pub fn export_to(&mut self, path: PathBuf, ctx: &egui::Context) {
        self.files.message_of_picture = true;
        // The one mistake a user makes easily, said before any work starts.
        if !is_picture_name(&path) {
            let key = if is_design_name(&path) { "knight.export_json" } else { "knight.export_ext" };
            let text = move || trf(key, &[("path", &path.display())]);
            self.files.message = Some((false, Notice::new(text)));
            return;
        }
        let scene = self.current_scene();
        let px = self.options.export_px.clamp(16, MAX_PX);
        self.files.message = None;
        // Replacing the job cancels an older export.
        self.files.export_job = Some(widgets::spawn(widgets::JobLabel::new("knight.export_job"), ctx, move |_| {
            crate::draw::export(&scene, &path, px)?;
            Ok(path)
        }));
    }

    pub(super) fn poll_export(&mut self) {
        let Some(end) = poll(&mut self.files.export_job) else { return };
        self.files.message_of_picture = true;
        self.files.message = match end {
            JobEnd::Done(p) => Some((true, Notice::new(move || trf("knight.exported", &[("path", &p.display())])))),
            JobEnd::Failed(e) => Some((
                false,
                Notice::new(move || {
                    let error = crate::ui::words::errors::job_error(&e, crate::ui::words::errors::draw_error);
                    trf("knight.export_failed", &[("error", &error)])
                }),
            )),
            JobEnd::Cancelled => None,
        };
    }

    /// The export of the picture: PNG and SVG dialogs, the size, and a
    /// path of its own.
    pub(super) fn picture_panel(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        ui.section(tr("knight.picture"));
        let save = |name: &str| Dialog::Save { file_name: name.to_string() };
        let dialogs = [
            DialogButton {
                label: tr("knight.export_png"),
                action: FileAction::Export,
                dialog: save("knight.png"),
                filter: ("PNG", &["png"]),
            },
            DialogButton {
                label: tr("knight.export_svg"),
                action: FileAction::Export,
                dialog: save("knight.svg"),
                filter: ("SVG", &["svg"]),
            },
        ];
        let f = &mut self.files;
        let mut chosen = f.picture_choice.dialog_buttons(ui, true, &dialogs);
        ui.horizontal_wrapped(|ui| {
            let l = ui.phrases(tr("knight.px"));
            ui.add(egui::DragValue::new(&mut self.options.export_px).range(16..=MAX_PX).speed(20)).labelled_by(l.id);
        });
        let field = PathField { label: tr("knight.picture_path"), hint: "/tmp/knight.png", width: f32::INFINITY };
        f.picture_choice.path_field(ui, &mut f.picture_path, field);
        let buttons = [PathButton::replacing(tr("knight.export_path"), FileAction::Export)];
        chosen = f.picture_choice.path_buttons(ui, true, &f.picture_path, &buttons).or(chosen);
        if let Some((_, path)) = chosen {
            self.export_to(path, ctx);
        }
        if let Some(job) = &self.files.export_job {
            widgets::job_progress(ui, job);
        }
        if self.files.message_of_picture {
            self.files_message(ui);
        }
    }

    /// Saving and loading the design (JSON), with a path of its own.
    pub(super) fn design_panel(&mut self, ui: &mut egui::Ui) {
        ui.section(tr("knight.files"));
        let json: (&str, &[&str]) = ("JSON", &["json"]);
        let dialogs = [
            DialogButton {
                label: tr("knight.save"),
                action: FileAction::Save,
                dialog: Dialog::Save { file_name: "design.json".to_string() },
                filter: json,
            },
            DialogButton { label: tr("knight.load"), action: FileAction::Load, dialog: Dialog::Open, filter: json },
        ];
        let path_buttons = [
            PathButton::replacing(tr("knight.save_path"), FileAction::Save),
            PathButton::new(tr("knight.load_path"), FileAction::Load),
        ];
        let field = PathField { label: tr("knight.path"), hint: "/tmp/design.json", width: f32::INFINITY };
        let f = &mut self.files;
        if let Some((action, path)) = f.choice.show(ui, true, &dialogs, &mut f.path, field, &path_buttons) {
            match action {
                FileAction::Save => self.save_to(&path),
                FileAction::Load => self.load_from(&path),
                FileAction::Export => {}
            }
        }
        if !self.files.message_of_picture {
            self.files_message(ui);
        }
    }

    /// The last message of saving, loading or exporting.
    fn files_message(&self, ui: &mut egui::Ui) {
        if let Some((ok, m)) = &self.files.message {
            let c = if *ok { ui.visuals().text_color() } else { ui.colours().bad };
            ui.colored_label(c, m.text());
        }
    }
}
