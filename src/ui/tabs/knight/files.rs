//! Saving and loading designs, exporting the picture (PNG / SVG) as a job.
//! Native dialogs when they can open; a path field always works (rfd gives
//! nothing both on Cancel and when no dialog can open).

use super::{KnightTab, section};
use crate::jobs::{Job, JobEnd, poll};
use crate::knight::{Design, DesignError};
use crate::ui::i18n::{tr, trf};
use crate::ui::widgets;
use std::path::{Path, PathBuf};

/// The largest PNG side offered.
pub const MAX_PX: u32 = 10_000;

/// The files section's runtime state.
#[derive(Default)]
pub struct FilesState {
    /// The path typed for save / load / export.
    pub path: String,
    /// The last message: (success, text).
    pub message: Option<(bool, String)>,
    /// The running export.
    pub export_job: Option<Job<PathBuf>>,
}

/// What is wrong with a design file, in the current language (details from
/// the JSON reader or the operating system are kept as they are).
pub fn design_error_text(e: &DesignError) -> String {
    use crate::knight::design::{FORMAT, VERSION};
    match e {
        DesignError::Read(os) => trf("knight.load.read", &[("detail", &crate::ui::i18n::os_reason(os))]),
        DesignError::NotText { byte } => trf("knight.load.not_text", &[("byte", byte)]),
        DesignError::Syntax(m) => trf("knight.load.syntax", &[("detail", m)]),
        DesignError::Format(x) => trf("knight.load.format", &[("format", x), ("expected", &FORMAT)]),
        DesignError::Version(v) => trf("knight.load.version", &[("version", v), ("ours", &VERSION)]),
        DesignError::Size { width, height } => {
            trf("knight.load.size", &[("w", width), ("h", height), ("max", &crate::knight::board::MAX_SIDE)])
        }
        DesignError::RowCount { height, rows } => trf("knight.load.rows", &[("h", height), ("rows", rows)]),
        DesignError::RowLength { width, row, cells } => {
            trf("knight.load.row_length", &[("w", width), ("row", row), ("cells", cells)])
        }
        DesignError::Board(m) => trf("knight.load.board", &[("detail", m)]),
        DesignError::Leaper(m) => trf("knight.load.leaper", &[("detail", m)]),
        DesignError::Style(m) => trf("knight.load.style", &[("detail", m)]),
    }
}

impl KnightTab {
    /// Save the design to `path`.
    pub fn save_to(&mut self, path: &Path) {
        self.files.message = Some(match self.design.save(path) {
            Ok(()) => (true, trf("knight.saved", &[("path", &path.display())])),
            Err(e) => {
                let error = crate::ui::i18n::draw_reason(&e);
                (false, trf("knight.save_failed", &[("path", &path.display()), ("error", &error)]))
            }
        });
    }

    /// Load a design from `path`; a bad file changes nothing.
    pub fn load_from(&mut self, path: &Path) {
        match Design::load(path) {
            Ok(d) => {
                // One undo step takes the whole loaded design back.
                self.history.record(&self.design);
                self.design = d;
                self.history.record(&self.design);
                self.board_changed();
                self.options.width = self.design.board.width().min(super::edit::MAX_SIDE);
                self.options.height = self.design.board.height().min(super::edit::MAX_SIDE);
                self.files.message = Some((true, trf("knight.loaded", &[("path", &path.display())])));
            }
            Err(e) => {
                let reason = design_error_text(&e.error);
                self.files.message =
                    Some((false, trf("knight.load_failed", &[("path", &path.display()), ("reason", &reason)])));
            }
        }
    }

    /// Export the picture now on screen to `path` (PNG or SVG by its
    /// extension) as a background job.
    pub fn export_to(&mut self, path: PathBuf, ctx: &egui::Context) {
        // The one mistake a user makes easily, said before any work starts.
        let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
        if ext != "png" && ext != "svg" {
            self.files.message = Some((false, trf("knight.export_ext", &[("path", &path.display())])));
            return;
        }
        let scene = self.current_scene();
        let px = self.options.export_px.clamp(16, MAX_PX);
        self.files.message = None;
        // Replacing the job cancels an older export.
        self.files.export_job = Some(widgets::spawn(tr("knight.export_job"), ctx, move |_| {
            crate::draw::export(&scene, &path, px).map_err(|e| crate::ui::i18n::draw_error(&e))?;
            Ok(path)
        }));
    }

    pub(super) fn poll_export(&mut self) {
        let Some(end) = poll(&mut self.files.export_job) else { return };
        self.files.message = match end {
            JobEnd::Done(p) => Some((true, trf("knight.exported", &[("path", &p.display())]))),
            JobEnd::Failed(e) => Some((false, trf("knight.export_failed", &[("error", &e)]))),
            JobEnd::Cancelled => None,
        };
    }

    fn typed_path(&mut self) -> Option<PathBuf> {
        let p = self.files.path.trim();
        if p.is_empty() {
            self.files.message = Some((false, tr("knight.empty_path").to_string()));
            None
        } else {
            Some(PathBuf::from(p))
        }
    }

    pub(super) fn files_panel(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        section(ui, tr("knight.files"));
        let no_dialog = || Some((false, tr("knight.no_dialog").to_string()));
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr("knight.save")).clicked() {
                match rfd::FileDialog::new().add_filter("JSON", &["json"]).set_file_name("design.json").save_file() {
                    Some(p) => self.save_to(&p),
                    None => self.files.message = no_dialog(),
                }
            }
            if ui.button(tr("knight.load")).clicked() {
                match rfd::FileDialog::new().add_filter("JSON", &["json"]).pick_file() {
                    Some(p) => self.load_from(&p),
                    None => self.files.message = no_dialog(),
                }
            }
        });
        ui.horizontal(|ui| {
            let l = ui.label(tr("knight.px"));
            ui.add(egui::DragValue::new(&mut self.options.export_px).range(16..=MAX_PX).speed(20)).labelled_by(l.id);
        });
        ui.horizontal_wrapped(|ui| {
            for (key, ext) in [("knight.export_png", "png"), ("knight.export_svg", "svg")] {
                if ui.button(tr(key)).clicked() {
                    let name = format!("knight.{ext}");
                    match rfd::FileDialog::new().add_filter(ext.to_uppercase(), &[ext]).set_file_name(name).save_file()
                    {
                        Some(p) => self.export_to(p, ctx),
                        None => self.files.message = no_dialog(),
                    }
                }
            }
        });
        let l = ui.label(tr("knight.path"));
        ui.add(
            egui::TextEdit::singleline(&mut self.files.path).desired_width(f32::INFINITY).hint_text("/tmp/knight.png"),
        )
        .labelled_by(l.id);
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr("knight.save_path")).clicked()
                && let Some(p) = self.typed_path()
            {
                self.save_to(&p);
            }
            if ui.button(tr("knight.load_path")).clicked()
                && let Some(p) = self.typed_path()
            {
                self.load_from(&p);
            }
            if ui.button(tr("knight.export_path")).clicked()
                && let Some(p) = self.typed_path()
            {
                self.export_to(p, ctx);
            }
        });
        if let Some(job) = &self.files.export_job {
            widgets::job_progress(ui, job);
        }
        if let Some((ok, m)) = &self.files.message {
            let c = if *ok { ui.visuals().text_color() } else { ui.visuals().error_fg_color };
            ui.colored_label(c, m);
        }
    }
}
