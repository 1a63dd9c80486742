//! Export of the map: a poster (PNG or SVG with legend, axes and title) or
//! the values (CSV), of the whole table or the visible window, written in a
//! job; and the visible window copied for a paper ([`super::copy`]). The
//! file is chosen in a native dialog or typed (one widget for both,
//! [`FileChoice`]). The SVG poster holds the cells as one embedded PNG
//! image under vector title, axes and legend
//! ([`crate::map::export`]).

use super::MapTab;
use crate::grundy::Table;
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::map::export::{DifferencePoster, ExportError, ExportWindow, Legend, PictureFormat, Poster};
use crate::ui::file_choice::{Dialog, DialogButton, FileChoice, PathButton, PathField};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::ui_ext::UiExt;
use crate::ui::widgets;
use std::path::PathBuf;
use std::sync::Arc;

/// What is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Png,
    Svg,
    Csv,
    /// By the typed file name: `.png`, `.svg` or `.csv`.
    ByExtension,
}

/// What a file is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    /// The poster, as PNG or SVG.
    Picture(PictureFormat),
    /// The values.
    Csv,
}

/// The running export, its last message and the file choice.
#[derive(Default)]
pub(crate) struct ExportState {
    job: Option<Job<PathBuf, ExportError>>,
    /// The last export's result, worded when drawn.
    message: Option<Notice>,
    file: FileChoice,
}

impl ExportState {
    /// The last export's result ("Wrote …" or why not), in the user's
    /// language.
    pub fn message(&self) -> Option<String> {
        self.message.as_ref().map(Notice::text)
    }

    /// Whether an export runs.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Shows `message` in the export section (an export's, or a copy's).
    pub(super) fn set_message(&mut self, message: Notice) {
        self.message = Some(message);
    }

    fn start(&mut self, job: Job<PathBuf, ExportError>) {
        self.message = None;
        // Replacing the job cancels an older export.
        self.job = Some(job);
    }

    /// Collect the export that ended.
    pub fn poll(&mut self) {
        self.message = match poll(&mut self.job) {
            Some(JobEnd::Done(path)) => Some(Notice::new(move || trf("map.export.done", &[("path", &path.display())]))),
            Some(JobEnd::Failed(JobError::Work(e))) => {
                Some(Notice::new(move || crate::ui::words::errors::export_error(&e)))
            }
            Some(JobEnd::Failed(JobError::Panicked(m))) => {
                Some(Notice::new(move || trf("map.internal_error", &[("detail", &m)])))
            }
            Some(JobEnd::Cancelled) | None => return,
        };
    }
}

/// The export section of the side panel.
pub(super) fn export(ui: &mut egui::Ui, tab: &mut MapTab) {
    ui.strong(tr("map.export"));
    let Some(table) = tab.table().filter(|t| t.is_complete()).cloned() else { return };
    export_options(ui, tab);
    let visible = visible_window(tab, &table, ui);
    let win = export_window(tab, &table, visible);
    let picture = poster_of(tab, &table, win);
    if matches!(picture, Shown::Difference(..)) {
        ui.small(tr("map.export.difference"));
    }
    // The size of the file as it will be written, frame included.
    match picture.size(&table, win) {
        Ok((w, h)) => {
            ui.small(trf("map.export.size", &[("w", &w), ("h", &h)]));
        }
        Err(e) => {
            ui.error_label(crate::ui::words::errors::export_error(&e));
        }
    }
    if let Some((path, format)) = choose_file(ui, tab) {
        match written_as(format, &path) {
            Some(Written::Picture(format)) => {
                start_export(ui.ctx(), tab, table.clone(), win, path, Some((picture, format)));
            }
            Some(Written::Csv) => start_export(ui.ctx(), tab, table.clone(), win, path, None),
            None => {
                let text = move || trf("map.export.extension", &[("path", &path.display())]);
                tab.rt.export.message = Some(Notice::new(text));
            }
        }
    }
    if let Some(job) = &tab.rt.export.job {
        widgets::job_progress(ui, job);
    }
    super::copy::copy_buttons(ui, tab, &table, visible);
    if let Some(m) = tab.rt.export.message() {
        ui.phrases(m);
    }
}

/// What `path` is written as: the dialog says which; a typed path by its
/// name, `.png`, `.svg` or `.csv` (any case), and any other name is refused
/// (`None`), as the command line refuses it, so that PNG bytes never land
/// in `map.txt`.
fn written_as(format: Format, path: &std::path::Path) -> Option<Written> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match (format, ext.as_deref()) {
        (Format::Png, _) => Some(Written::Picture(PictureFormat::Png)),
        (Format::Svg, _) => Some(Written::Picture(PictureFormat::Svg)),
        (Format::Csv, _) | (Format::ByExtension, Some("csv")) => Some(Written::Csv),
        (Format::ByExtension, _) => PictureFormat::of_path(path).map(Written::Picture),
    }
}

/// Pixels per cell, legend, whole table or visible window.
fn export_options(ui: &mut egui::Ui, tab: &mut MapTab) {
    ui.horizontal(|ui| {
        let label = ui.phrases(tr("map.export.ppc"));
        ui.add(egui::DragValue::new(&mut tab.options.export_ppc).range(0.05..=64.0).speed(0.05)).labelled_by(label.id);
    });
    ui.checkbox(&mut tab.options.export_legend, tr("map.export.legend"));
    ui.horizontal(|ui| {
        ui.radio_value(&mut tab.options.export_whole, true, tr("map.export.whole"));
        ui.radio_value(&mut tab.options.export_whole, false, tr("map.export.visible"));
    });
}

/// The dialog buttons (PNG, CSV) and the typed path; the file and format
/// chosen this frame.
fn choose_file(ui: &mut egui::Ui, tab: &mut MapTab) -> Option<(PathBuf, Format)> {
    let save = |file_name: &str| Dialog::Save { file_name: file_name.to_string() };
    let dialogs = [
        DialogButton {
            label: tr("map.export.png"),
            action: Format::Png,
            dialog: save("grundy-map.png"),
            filter: ("PNG", &["png"]),
        },
        DialogButton {
            label: tr("map.export.svg"),
            action: Format::Svg,
            dialog: save("grundy-map.svg"),
            filter: ("SVG", &["svg"]),
        },
        DialogButton {
            label: tr("map.export.csv"),
            action: Format::Csv,
            dialog: save("grundy-map.csv"),
            filter: ("CSV", &["csv"]),
        },
    ];
    let field = PathField { label: tr("map.export.path"), hint: "/tmp/map.png", width: 170.0 };
    let enabled = !tab.rt.export.is_busy();
    let paths = [PathButton::replacing(tr("map.export.save_path"), Format::ByExtension)];
    let rt = &mut tab.rt;
    let chosen = rt.export.file.show(ui, enabled, &dialogs, &mut tab.options.export_path, field, &paths);
    chosen.map(|(format, path)| (path, format))
}

/// What a poster shows: what is on screen, the map's values or the
/// difference view drawn instead of them.
enum Shown {
    /// The table's values in the palette chosen.
    Values(Poster),
    /// The difference view on screen, with its colours and legend.
    Difference(Arc<Table>, DifferencePoster),
}

impl Shown {
    /// The size in pixels of the file written for the cells `win`.
    fn size(&self, table: &Table, win: ExportWindow) -> Result<(usize, usize), ExportError> {
        match self {
            Shown::Values(poster) => crate::map::export::poster_size(table, poster, win),
            Shown::Difference(diff, poster) => crate::map::export::difference_size(diff, poster, win),
        }
    }
}

/// The poster of what the map shows, worded in the user's language.
fn poster_of(tab: &MapTab, table: &Table, win: ExportWindow) -> Shown {
    let (ppc, legend) = (tab.options.export_ppc, tab.options.export_legend);
    match tab.rt.overlays.shown() {
        Some(o) => {
            let range = crate::map::frame::window_text(table, win);
            let key = Legend { heading: tr("map.compare").into(), entries: super::legend::overlay_key(o.kind) };
            let title = (o.title)(&range);
            let poster = DifferencePoster {
                palette: o.kind.palette(),
                pixels_per_cell: ppc,
                legend,
                title,
                key,
                emphasised: o.kind.emphasised(),
            };
            Shown::Difference(o.table.clone(), poster)
        }
        None => Shown::Values(Poster {
            palette: tab.options.palette,
            highlight: super::parse_values(&tab.options.highlight),
            pixels_per_cell: ppc,
            legend,
            texts: Some(crate::ui::words::posters::poster_texts(table, win)),
        }),
    }
}

/// Write the picture in its format (`Some`) or the table's values as CSV
/// (`None`) in a job.
fn start_export(
    ctx: &egui::Context,
    tab: &mut MapTab,
    table: Arc<Table>,
    win: ExportWindow,
    path: PathBuf,
    picture: Option<(Shown, PictureFormat)>,
) {
    tab.rt.export.start(widgets::spawn(widgets::JobLabel::new("map.exporting"), ctx, move |control| {
        match picture {
            Some((Shown::Values(poster), format)) => {
                crate::map::export::write_window_as(&table, &poster, win, (&path, format), &control)?;
            }
            Some((Shown::Difference(diff, poster), format)) => {
                crate::map::export::write_difference(&diff, &poster, win, (&path, format), &control)?;
            }
            None => crate::map::export::write_csv_window(&table, win, &path, &control)?,
        }
        Ok(path)
    }));
}

/// The cells on screen, `[x0, y0, width, height]` (at least one cell).
fn visible_window(tab: &MapTab, table: &Table, ui: &egui::Ui) -> [usize; 4] {
    let cam = tab.camera.unwrap_or_default();
    let r = tab.rt.view.canvas.unwrap_or(ui.ctx().content_rect());
    let (xs, ys) = cam.visible_cells(r.width() as f64, r.height() as f64, table.width(), table.height());
    [xs.start, ys.start, xs.len().max(1), ys.len().max(1)]
}

/// The cells to export: the whole table or the visible window.
fn export_window(tab: &MapTab, table: &Table, [x0, y0, width, height]: [usize; 4]) -> ExportWindow {
    let ppc = tab.options.export_ppc;
    if tab.options.export_whole {
        return ExportWindow::whole(table, ppc);
    }
    ExportWindow { x0, y0, width, height, pixels_per_cell: ppc }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn a_typed_path_is_written_by_its_name_and_other_names_are_refused() {
        let (png, svg) = (Written::Picture(PictureFormat::Png), Written::Picture(PictureFormat::Svg));
        assert_eq!(written_as(Format::ByExtension, Path::new("/tmp/map.PNG")), Some(png));
        assert_eq!(written_as(Format::ByExtension, Path::new("/tmp/map.Svg")), Some(svg));
        assert_eq!(written_as(Format::ByExtension, Path::new("map.csv")), Some(Written::Csv));
        for refused in ["map.txt", "map", "map.png.txt", ".png", "poster.svgz"] {
            assert_eq!(written_as(Format::ByExtension, Path::new(refused)), None, "{refused}");
        }
        // A dialog's choice is the format its filter offered.
        assert_eq!(written_as(Format::Png, Path::new("chosen")), Some(png));
        assert_eq!(written_as(Format::Svg, Path::new("chosen")), Some(svg));
    }
}
