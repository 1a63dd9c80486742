//! The controls beside the map: size, colours, overlays, the cell under the
//! pointer, the pinned cell's moves, difference views, plots and export.

use super::{MapTab, Overlay, OverlayKind};
use crate::grundy::{Table, TableKind};
use crate::map::PaletteKind;
use crate::map::export::{ExportWindow, Poster, PosterTexts};
use crate::rules::preset;
use crate::ui::i18n::{tr, trf};
use crate::ui::rules_choice;
use crate::ui::state::Shared;
use crate::ui::tabs::play::explain::rules_name;
use crate::ui::widgets;
use std::path::PathBuf;
use std::sync::Arc;

const SIZES: [usize; 8] = [64, 128, 256, 512, 1024, 2048, 4096, 8192];

/// The hover text of a cell: coordinates, value, P or N, and for Wythoff's
/// game which pair a P-position is.
pub(crate) fn cell_text(table: &Table, (x, y): (usize, usize)) -> String {
    let Some(v) = table.try_get(x, y) else {
        return trf("map.cell.pending", &[("x", &x), ("y", &y)]);
    };
    let mut s = match table.kind() {
        TableKind::Grundy => trf("map.cell", &[("x", &x), ("y", &y), ("g", &v)]),
        TableKind::Outcome => trf("map.cell.outcome", &[("x", &x), ("y", &y), ("pn", &if v == 0 { "P" } else { "N" })]),
    };
    s.push('\n');
    s.push_str(if v == 0 { tr("map.cell.p") } else { tr("map.cell.n") });
    let wythoff =
        crate::theory::closed_form(table.rules()) == Some(crate::theory::ClosedForm::Wythoff { misere: false });
    if wythoff && let Some(n) = crate::theory::wythoff_index(x as u64, y as u64) {
        let (a, b) = crate::theory::wythoff_pair(n);
        s.push('\n');
        s.push_str(&trf("map.cell.wythoff", &[("n", &n), ("a", &a), ("b", &b)]));
    }
    s
}

/// The moves of the pinned cell, listed once per pinned cell: a cell far
/// from the corner has tens of thousands of moves.
pub(crate) struct PinnedMoves {
    pub key: super::PinnedKey,
    /// How many moves there are.
    pub count: usize,
    /// "(a, b) → g" a line, when there are at most [`MOVES_LISTED`] moves.
    pub lines: Option<String>,
    /// The set of values the moves reach, written in runs ({0–318}).
    pub values: String,
}

/// At most this many moves are listed one by one.
pub const MOVES_LISTED: usize = 40;

impl PinnedMoves {
    fn new(t: &Table, key: super::PinnedKey) -> Self {
        let (_, x, y) = key;
        let (count, values) = t.option_values(x, y);
        let lines = (count <= MOVES_LISTED).then(|| {
            let moves = t.rules().moves(x as u64, y as u64);
            let value = |a: u64, b: u64| match t.kind() {
                TableKind::Grundy => t.get(a as usize, b as usize).to_string(),
                TableKind::Outcome => (if t.get(a as usize, b as usize) == 0 { "P" } else { "N" }).to_string(),
            };
            moves.iter().map(|&(a, b)| format!("({a}, {b}) → {}", value(a, b))).collect::<Vec<_>>().join("\n")
        });
        PinnedMoves { key, count, lines, values: crate::map::stats::value_runs(&values) }
    }
}

fn palette_name(k: PaletteKind) -> &'static str {
    match k {
        PaletteKind::Viridis => tr("map.palette.viridis"),
        PaletteKind::Cyclic => tr("map.palette.cyclic"),
        PaletteKind::Grey => tr("map.palette.grey"),
        PaletteKind::Highlight => tr("map.palette.highlight"),
    }
}

pub(super) fn side_panel(ui: &mut egui::Ui, tab: &mut MapTab, shared: &mut Shared) {
    ui.add_space(6.0);
    ui.heading(trf("map.rules", &[("rules", &rules_name(&shared.rules))]));
    // The same choice as on the Play tab: both tabs show one game.
    ui.horizontal(|ui| {
        let label = ui.label(tr("play.piece"));
        rules_choice::piece_combo(ui, shared, "map_piece", label.id);
    });
    rules_choice::misere_checkbox(ui, shared);
    ui.horizontal(|ui| {
        let label = ui.label(tr("map.size")).on_hover_text(tr("map.size.tip"));
        egui::ComboBox::from_id_salt("map_size")
            .selected_text(tab.options.size.to_string())
            .show_ui(ui, |ui| {
                for s in SIZES.into_iter().chain([super::MAX_SIZE]) {
                    ui.selectable_value(&mut tab.options.size, s, s.to_string());
                }
            })
            .response
            .labelled_by(label.id);
        // Dragging edits a copy: a new table starts only when the drag
        // stops or the field loses focus, not at every step up to 16384².
        let edit = tab.rt.size_edit.get_or_insert(tab.options.size);
        let r = ui.add(egui::DragValue::new(edit).range(16..=super::MAX_SIZE).speed(8.0)).labelled_by(label.id);
        if r.drag_stopped() || r.lost_focus() || (r.changed() && !r.dragged() && !r.has_focus()) {
            tab.options.size = *edit;
        }
        if !r.dragged() && !r.has_focus() {
            tab.rt.size_edit = None;
        }
    });
    if let Some(c) = &tab.rt.computing {
        widgets::job_progress(ui, &c.job);
    }
    if let Some(job) = tab.rt.shown.as_ref().and_then(|s| s.finish.as_ref()) {
        widgets::job_progress(ui, job);
    }
    if let Some(e) = tab.rt.error.clone() {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
    if tab.rt.shown.as_ref().and_then(|s| s.finished.as_ref()).is_some_and(|f| f.pyramid.is_none()) {
        ui.colored_label(ui.visuals().warn_fg_color, tr("map.no_pyramid"));
    }
    if tab.rt.failed.is_some() && ui.button(tr("map.compute")).clicked() {
        tab.retry();
    }

    ui.separator();
    let label = ui.strong(tr("map.palette"));
    egui::ComboBox::from_id_salt("map_palette")
        .selected_text(palette_name(tab.options.palette))
        .show_ui(ui, |ui| {
            for k in PaletteKind::ALL {
                ui.selectable_value(&mut tab.options.palette, k, palette_name(k));
            }
        })
        .response
        .labelled_by(label.id);
    ui.horizontal(|ui| {
        let label = ui.label(tr("map.highlight"));
        ui.add(egui::TextEdit::singleline(&mut tab.options.highlight).desired_width(90.0))
            .labelled_by(label.id)
            .on_hover_text(tr("map.highlight.tip"));
    });

    ui.separator();
    ui.strong(tr("map.overlays"));
    ui.checkbox(&mut tab.options.outline_p, tr("map.overlay.p"));
    ui.checkbox(&mut tab.options.golden, tr("map.overlay.golden"));
    ui.checkbox(&mut tab.options.grid, tr("map.overlay.grid"));
    ui.checkbox(&mut tab.options.numbers, tr("map.overlay.numbers"));
    ui.checkbox(&mut tab.options.frame_time, tr("map.overlay.frame"));

    ui.separator();
    ui.strong(tr("map.view"));
    ui.horizontal(|ui| {
        if ui.button(tr("map.fit")).on_hover_text(tr("map.fit.tip")).clicked() {
            tab.rt.fit_requested = true;
        }
        ui.label(trf("map.zoom", &[("zoom", &format!("{:.3}", tab.zoom()))]));
    });
    ui.horizontal(|ui| {
        let label = ui.label(tr("map.goto"));
        let edit = ui
            .add(egui::TextEdit::singleline(&mut tab.rt.goto).desired_width(90.0).hint_text("x, y"))
            .labelled_by(label.id);
        let go = ui.button("→").on_hover_text(tr("map.goto"));
        if go.clicked() || edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            let v: Vec<usize> = tab.rt.goto.split([',', ' ']).filter_map(|t| t.trim().parse().ok()).collect();
            match v[..] {
                [x, y] => tab.show_cell(x, y, ui.ctx()),
                _ => tab.rt.message = Some(tr("map.goto.bad").into()),
            }
        }
    });
    ui.small(tr("map.keys"));

    ui.separator();
    ui.strong(tr("map.hover"));
    match (tab.table().cloned(), tab.rt.hover) {
        (Some(t), Some(c)) => {
            ui.label(cell_text(&t, c));
        }
        _ => {
            ui.label(tr("map.hover.none"));
        }
    }
    if let (Some(t), Some(c)) = (tab.table().cloned(), tab.rt.pinned) {
        pinned(ui, tab, &t, c);
    }

    ui.separator();
    difference(ui, tab, shared);

    ui.separator();
    egui::CollapsingHeader::new(tr("map.plots")).default_open(false).show(ui, |ui| super::plots::plots(ui, tab));

    ui.separator();
    export(ui, tab);
    if let Some(m) = &tab.rt.message {
        ui.label(m);
    }
}

fn pinned(ui: &mut egui::Ui, tab: &mut MapTab, t: &std::sync::Arc<Table>, (x, y): (usize, usize)) {
    if x >= t.width() || y >= t.height() {
        return;
    }
    ui.strong(tr("map.pinned"));
    ui.label(cell_text(t, (x, y)));
    if t.rules().is_terminal(x as u64, y as u64) {
        ui.label(tr("map.pinned.terminal"));
    } else if t.is_complete() {
        // A cell far from the corner has tens of thousands of moves: list
        // them once per pinned cell, not every frame.
        let key = (std::sync::Arc::as_ptr(t) as usize, x, y);
        if tab.rt.pinned_moves.as_ref().is_none_or(|m| m.key != key) {
            tab.rt.pinned_moves = Some(PinnedMoves::new(t, key));
        }
        let Some(m) = &tab.rt.pinned_moves else { return };
        match &m.lines {
            Some(lines) => {
                ui.label(trf("map.pinned.moves.list", &[("count", &m.count)]));
                ui.label(egui::RichText::new(lines).monospace());
            }
            None => {
                ui.label(trf("map.pinned.moves.many", &[("count", &m.count)]));
            }
        }
        ui.label(trf("map.pinned.values", &[("values", &m.values)]));
        if t.kind() == TableKind::Grundy {
            ui.label(trf("map.pinned.mex", &[("g", &t.get(x, y))]));
        }
    }
    if ui.button(tr("map.pinned.unpin")).clicked() {
        tab.rt.pinned = None;
    }
}

fn difference(ui: &mut egui::Ui, tab: &mut MapTab, shared: &Shared) {
    ui.strong(tr("map.compare"));
    ui.horizontal(|ui| {
        let label = ui.label(tr("map.compare.other"));
        // Shown by their names in the user's language; chosen by id.
        let offered = rules_choice::offered_rules(shared);
        let name_of = |id: &str| offered.iter().find(|r| r.name == id).map_or_else(|| id.to_string(), rules_name);
        egui::ComboBox::from_id_salt("map_compare_with")
            .selected_text(name_of(&tab.options.compare_with))
            .show_ui(ui, |ui| {
                for r in &offered {
                    ui.selectable_value(&mut tab.options.compare_with, r.name.clone(), rules_name(r));
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let a = ui.label(tr("map.compare.a"));
        ui.add(egui::DragValue::new(&mut tab.options.compare_a).range(0..=1_000_000)).labelled_by(a.id);
        let b = ui.label(tr("map.compare.b"));
        ui.add(egui::DragValue::new(&mut tab.options.compare_b).range(0..=1_000_000)).labelled_by(b.id);
    });
    ui.small(trf("map.compare.values", &[("a", &tab.options.compare_a), ("b", &tab.options.compare_b)]));
    let table = tab.table().filter(|t| t.is_complete()).cloned();
    let busy = tab.rt.overlay_job.is_some();
    if ui.add_enabled(table.is_some() && !busy, egui::Button::new(tr("map.compare.run"))).clicked()
        && let Some(t) = table.clone()
    {
        let other = preset(&tab.options.compare_with)
            .or_else(|e| shared.saved_pieces.iter().find(|r| r.name == tab.options.compare_with).cloned().ok_or(e));
        match other {
            Err(e) => tab.rt.message = Some(e),
            Ok(mut other) => {
                other.convention = t.rules().convention;
                let (a, b) = (tab.options.compare_a, tab.options.compare_b);
                tab.rt.overlay_job = Some(widgets::spawn(tr("map.comparing"), ui.ctx(), move |control| {
                    let o =
                        crate::grundy::compute(&other, t.width(), t.height(), &control).map_err(|e| e.to_string())?;
                    let d = crate::map::compare::compare_values(&t, a, &o, b, &control).ok_or("cancelled")?;
                    let bounds = crate::map::compare::difference_bounds(&d, &control);
                    if control.is_cancelled() {
                        return Err("cancelled".into());
                    }
                    let summary = match bounds {
                        None => tr("map.compare.same").to_string(),
                        Some(b) => trf("map.compare.result", &[("count", &b.count), ("x", &b.max_x), ("y", &b.max_y)]),
                    };
                    Ok(Overlay { table: Arc::new(d), kind: OverlayKind::Compare, summary })
                }));
            }
        }
    }
    let label = ui.strong(tr("map.formula"));
    ui.add(egui::TextEdit::singleline(&mut tab.options.formula).desired_width(f32::INFINITY).code_editor())
        .labelled_by(label.id);
    if ui.add_enabled(table.is_some() && !busy, egui::Button::new(tr("map.formula.run"))).clicked()
        && let Some(t) = table
    {
        match crate::conjecture::Formula::compile(&tab.options.formula) {
            Err(e) => tab.rt.message = Some(e.to_string()),
            Ok(f) => {
                tab.rt.overlay_job = Some(widgets::spawn(tr("map.comparing"), ui.ctx(), move |control| {
                    let report = crate::conjecture::check(&t, &f, &control).map_err(|e| e.to_string())?;
                    let values: Vec<u32> = report.diff.values.iter().map(|&d| (d != 0) as u32).collect();
                    let d = Table::from_values(t.rules(), report.width(), report.height(), values);
                    Ok(Overlay {
                        table: Arc::new(d),
                        kind: OverlayKind::Formula,
                        summary: crate::conjecture::summary(&report, 5),
                    })
                }));
            }
        }
    }
    if let Some(job) = &tab.rt.overlay_job {
        widgets::job_progress(ui, job);
    }
    if let Some(o) = tab.rt.overlay.clone() {
        ui.checkbox(&mut tab.rt.show_overlay, tr("map.compare.show"));
        ui.label(o.summary);
    }
}

fn export(ui: &mut egui::Ui, tab: &mut MapTab) {
    ui.strong(tr("map.export"));
    let Some(table) = tab.table().filter(|t| t.is_complete()).cloned() else { return };
    ui.horizontal(|ui| {
        let label = ui.label(tr("map.export.ppc"));
        ui.add(egui::DragValue::new(&mut tab.options.export_ppc).range(0.05..=64.0).speed(0.05)).labelled_by(label.id);
    });
    ui.checkbox(&mut tab.options.export_legend, tr("map.export.legend"));
    ui.horizontal(|ui| {
        ui.radio_value(&mut tab.options.export_whole, true, tr("map.export.whole"));
        ui.radio_value(&mut tab.options.export_whole, false, tr("map.export.visible"));
    });
    let win = export_window(tab, &table, ui);
    match win.pixel_size() {
        Ok((w, h)) => {
            ui.small(trf("map.export.size", &[("w", &w), ("h", &h)]));
        }
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
    let busy = tab.rt.export_job.is_some();
    let mut target: Option<(PathBuf, bool)> = None;
    ui.horizontal(|ui| {
        for (label, png) in [(tr("map.export.png"), true), (tr("map.export.csv"), false)] {
            if ui.add_enabled(!busy, egui::Button::new(label)).clicked() {
                let started = std::time::Instant::now();
                let (name, ext) = if png { ("grundy-map.png", "png") } else { ("grundy-map.csv", "csv") };
                let picked =
                    rfd::FileDialog::new().add_filter(ext.to_uppercase(), &[ext]).set_file_name(name).save_file();
                match picked {
                    Some(p) => target = Some((p, png)),
                    // No dialog at all answers at once; a person cancelling takes longer.
                    None => tab.rt.no_dialog = started.elapsed().as_millis() < 300,
                }
            }
        }
    });
    if tab.rt.no_dialog {
        ui.label(tr("map.export.nodialog"));
    }
    ui.horizontal(|ui| {
        let label = ui.label(tr("map.export.path"));
        ui.add(egui::TextEdit::singleline(&mut tab.options.export_path).desired_width(170.0).hint_text("/tmp/map.png"))
            .labelled_by(label.id);
    });
    if ui
        .add_enabled(!busy && !tab.options.export_path.trim().is_empty(), egui::Button::new(tr("map.export.save_path")))
        .clicked()
    {
        let p = PathBuf::from(tab.options.export_path.trim());
        let png = !p.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        target = Some((p, png));
    }
    if let Some(job) = &tab.rt.export_job {
        widgets::job_progress(ui, job);
    }
    if let Some((path, png)) = target {
        let poster = Poster {
            palette: tab.options.palette,
            highlight: super::parse_values(&tab.options.highlight),
            pixels_per_cell: tab.options.export_ppc,
            legend: tab.options.export_legend,
            texts: Some(poster_texts(&table, win)),
        };
        tab.rt.message = None;
        tab.rt.export_job = Some(widgets::spawn(tr("map.exporting"), ui.ctx(), move |control| {
            let result = if png {
                crate::map::export::write_window(&table, &poster, win, &path, &control).map(|_| ())
            } else {
                crate::map::export::write_csv_window(&table, win, &path, &control)
            };
            result.map_err(|e| crate::ui::i18n::export_error(&e))?;
            Ok(trf("map.export.done", &[("path", &path.display())]))
        }));
    }
}

/// The poster's title and legend words in the user's language; a misère
/// table holds outcomes (P or N), not Grundy numbers, and says so.
fn poster_texts(table: &Table, win: ExportWindow) -> PosterTexts {
    let args: [(&str, &dyn std::fmt::Display); 2] =
        [("rules", &rules_name(table.rules())), ("range", &crate::map::frame::window_text(table, win))];
    let (title, legend) = match table.kind() {
        TableKind::Grundy => ("map.poster.title", "map.poster.legend"),
        TableKind::Outcome => ("map.poster.title.misere", "map.poster.legend.misere"),
    };
    PosterTexts { title: trf(title, &args), legend: tr(legend).into(), other: tr("map.legend.other").into() }
}

/// The cells to export: the whole table or the visible window.
fn export_window(tab: &MapTab, table: &Table, ui: &egui::Ui) -> ExportWindow {
    let ppc = tab.options.export_ppc;
    if tab.options.export_whole {
        return ExportWindow::whole(table, ppc);
    }
    let cam = tab.camera.unwrap_or_default();
    let r = tab.rt.canvas.unwrap_or(ui.ctx().content_rect());
    let (xs, ys) = cam.visible_cells(r.width() as f64, r.height() as f64, table.width(), table.height());
    ExportWindow { x0: xs.start, y0: ys.start, width: xs.len().max(1), height: ys.len().max(1), pixels_per_cell: ppc }
}
