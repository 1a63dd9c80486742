//! The controls beside the map: rules and size, colours, overlays, view,
//! the cell under the pointer and the pinned cell's moves; then the
//! difference views, plots and export (their own modules).

use super::{MAX_SIZE, MapTab};
use crate::grundy::{Axis, Table, TableKind};
use crate::map::PaletteKind;
use crate::ui::i18n::{tr, trf};
use crate::ui::rules_choice;
use crate::ui::state::Shared;
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets;
use crate::ui::words::play::rules_name;
use std::sync::Arc;

const SIZES: [usize; 8] = [64, 128, 256, 512, 1024, 2048, 4096, 8192];

/// The hover text of a cell: coordinates, value, P or N, and for Wythoff's
/// game which pair a P-position is.
pub(crate) fn cell_text(table: &Table, (x, y): (usize, usize)) -> String {
    let Some(v) = table.try_get(x, y) else {
        return trf("map.cell.pending", &[("x", &x), ("y", &y)]);
    };
    // A plane of a three-heap table: the cell's position in the whole box.
    let slice = table.slice_source();
    let [px, py, pz] = slice.map_or([x, y, 0], |s| s.position(x, y));
    if v == crate::grundy::NOT_A_POSITION {
        let mut s = trf("map.cell.not_a_position", &[("x", &px), ("y", &py)]);
        if slice.is_some_and(|sl| sl.full.depth() > 1) {
            s = s.replacen(')', &format!(", {pz})"), 1);
        }
        return s;
    }
    let mut s = match table.kind() {
        TableKind::Grundy => trf("map.cell", &[("x", &px), ("y", &py), ("g", &v)]),
        TableKind::Misere => trf("map.cell.misere", &[("x", &px), ("y", &py), ("g", &v)]),
    };
    // Which plane, and which layer.
    if let Some(slice) = slice {
        if slice.full.depth() > 1 {
            s.push_str(&format!(", z = {pz}"));
        }
        if slice.full.layers() > 1 {
            s.push_str(" · ");
            s.push_str(&rules_choice::passes_left(slice.full.rules().passes, slice.layer));
        }
    }
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

fn palette_name(k: PaletteKind) -> &'static str {
    match k {
        PaletteKind::Viridis => tr("map.palette.viridis"),
        PaletteKind::Cyclic => tr("map.palette.cyclic"),
        PaletteKind::Grey => tr("map.palette.grey"),
        PaletteKind::Highlight => tr("map.palette.highlight"),
    }
}

/// The whole side panel, section by section.
pub(super) fn side_panel(ui: &mut egui::Ui, tab: &mut MapTab, shared: &mut Shared) {
    ui.add_space(6.0);
    rules_and_size(ui, tab, shared);
    plane_choice(ui, tab);
    table_status(ui, tab);
    super::construction::open_button(ui, tab, &shared.rules);
    super::heap_plot::heap_plot(ui, tab);
    ui.separator();
    colours(ui, tab);
    ui.separator();
    overlay_switches(ui, tab);
    ui.separator();
    view_controls(ui, tab);
    ui.separator();
    pointer_cells(ui, tab);
    ui.separator();
    super::difference::difference(ui, tab, shared);
    ui.separator();
    egui::CollapsingHeader::new(tr("map.plots")).default_open(false).show(ui, |ui| super::plots::plots(ui, tab));
    ui.separator();
    super::export::export(ui, tab);
}

/// The game's name and its choice (the same choice as on the Play tab:
/// both show one game).
pub(super) fn rules_heading(ui: &mut egui::Ui, shared: &mut Shared) {
    ui.heading(trf("map.rules", &[("rules", &rules_name(&shared.rules))]));
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("play.piece"));
        rules_choice::piece_combo(ui, shared, "map_piece", label.id);
    });
}

/// The game, the misère and pass choices, and the size of the table.
fn rules_and_size(ui: &mut egui::Ui, tab: &mut MapTab, shared: &mut Shared) {
    rules_heading(ui, shared);
    rules_choice::misere_checkbox(ui, shared);
    rules_choice::passes_choice(ui, shared);
    rules_choice::program_link(ui, shared);
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("map.size")).tip(tr("map.size.tip"));
        egui::ComboBox::from_id_salt("map_size")
            .selected_text(tab.options.size.to_string())
            .show_ui(ui, |ui| {
                for s in SIZES.into_iter().chain([MAX_SIZE]) {
                    ui.selectable_value(&mut tab.options.size, s, s.to_string());
                }
            })
            .response
            .labelled_by(label.id);
        // Dragging edits a copy: a new table starts only when the drag
        // stops or the field loses focus, not at every step up to 16384².
        let edit = tab.rt.edits.size.get_or_insert(tab.options.size);
        let r = ui.add(egui::DragValue::new(edit).range(16..=MAX_SIZE).speed(8.0)).labelled_by(label.id);
        if r.drag_stopped() || r.lost_focus() || (r.changed() && !r.dragged() && !r.has_focus()) {
            tab.options.size = *edit;
        }
        if !r.dragged() && !r.has_focus() {
            tab.rt.edits.size = None;
        }
    });
}

/// Progress of the jobs, why the table failed (with Compute to try
/// again), and a warning when zoomed-out pictures are sampled.
/// Three heaps: the plane drawn, `x = k`, `y = k` or `z = k` (the
/// coordinate, then k on a slider; PageUp/PageDown). A pass: the layer
/// drawn. Changing either copies one plane of the table, no computation.
fn plane_choice(ui: &mut egui::Ui, tab: &mut MapTab) {
    let Some(full) = tab.full_table().cloned() else { return };
    if full.depth() > 1 {
        ui.horizontal_wrapped(|ui| {
            ui.phrases(tr("map.plane")).tip(tr("map.plane.tip"));
            for axis in Axis::ALL {
                let text = format!("{} = k", axis.name());
                ui.selectable_value(&mut tab.options.plane_axis, axis, text).tip(tr("map.plane.axis.tip"));
            }
        });
        let axis = tab.options.plane_axis;
        let last = full.dims()[axis.index()] - 1;
        tab.options.plane_at = tab.options.plane_at.min(last);
        let slider = egui::Slider::new(&mut tab.options.plane_at, 0..=last).prefix(format!("{} = ", axis.name()));
        ui.add(slider).tip(tr("map.plane.tip"));
        let (across, down) = axis.plane_indices();
        let name = |i: usize| Axis::ALL[i].name();
        ui.phrases(trf("map.plane.axes", &[("across", &name(across)), ("up", &name(down))]));
    }
    if full.layers() > 1 {
        // One choice per layer, every pass still there first (where a
        // game starts); the layer shown is the one chosen, or the top one.
        let passes = full.rules().passes;
        let top = full.start_layer();
        // The saved choice stays as it is (the top layer by default), so
        // that a game with more passes again opens on its top layer.
        let mut shown = tab.options.pass_layer.min(top);
        ui.horizontal_wrapped(|ui| {
            for layer in (0..=top).rev() {
                let text = rules_choice::passes_left(passes, layer);
                if ui.radio_value(&mut shown, layer, text).tip(tr("passes.layer.tip")).clicked() {
                    tab.options.pass_layer = if layer == top { usize::from(crate::rules::MAX_PASSES) } else { layer };
                }
            }
        });
        let ready = full.is_complete() && !tab.rt.overlays.is_busy();
        let button = egui::Button::new(tr("map.pass.diff"));
        if ui.add_enabled(ready, button).tip(tr("map.pass.diff.tip")).clicked() {
            // A layer with a pass left against the one below it (the layer
            // its pass leads to).
            let layer = shown.max(1);
            tab.rt.overlays.start_layers(ui.ctx(), full, tab.options.plane_axis, tab.options.plane_at, layer);
        }
    }
}

fn table_status(ui: &mut egui::Ui, tab: &mut MapTab) {
    if let Some(job) = tab.rt.table.computing() {
        widgets::job_progress(ui, job);
    }
    if tab.rt.table.cutting().is_some() {
        // A copy of one plane: quick, unless a long check keeps the
        // threads busy. (No spinner: it would repaint every frame while it
        // waits; the job repaints when it ends.)
        ui.phrases(tr("map.cutting"));
    }
    if let Some(job) = tab.rt.table.finishing() {
        widgets::job_progress(ui, job);
    }
    if let Some(e) = tab.rt.table.error() {
        ui.error_label(e);
    }
    if tab.rt.table.finished().is_some_and(|f| f.pyramid.is_none()) {
        ui.colored_label(ui.visuals().warn_fg_color, tr("map.no_pyramid"));
    }
    if tab.rt.table.has_failed() && ui.button(tr("map.compute")).clicked() {
        tab.retry();
    }
}

/// Palette and highlighted values.
fn colours(ui: &mut egui::Ui, tab: &mut MapTab) {
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
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("map.highlight"));
        let field = egui::TextEdit::singleline(&mut tab.options.highlight)
            .char_limit(crate::ui::widgets::MAX_FIELD_CHARS)
            .desired_width(90.0);
        ui.add(field).labelled_by(label.id).tip(tr("map.highlight.tip"));
    });
    if tab.options.palette == PaletteKind::Highlight
        && let Err(e) = crate::map::palette::parse_highlight(&tab.options.highlight)
    {
        ui.error_label(crate::ui::words::errors::highlight_error(&e));
    }
}

/// What is drawn over the map.
fn overlay_switches(ui: &mut egui::Ui, tab: &mut MapTab) {
    ui.strong(tr("map.overlays"));
    ui.checkbox(&mut tab.options.outline_p, tr("map.overlay.p"));
    ui.checkbox(&mut tab.options.golden, tr("map.overlay.golden"));
    ui.checkbox(&mut tab.options.grid, tr("map.overlay.grid"));
    ui.checkbox(&mut tab.options.numbers, tr("map.overlay.numbers"));
    ui.checkbox(&mut tab.options.frame_time, tr("map.overlay.frame"));
}

/// Fit, zoom, go to a cell, and the keys.
fn view_controls(ui: &mut egui::Ui, tab: &mut MapTab) {
    ui.strong(tr("map.view"));
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr("map.fit")).tip(tr("map.fit.tip")).clicked() {
            tab.rt.view.fit_requested = true;
        }
        ui.phrases(trf("map.zoom", &[("zoom", &format!("{:.3}", tab.zoom()))]));
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("map.goto"));
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut tab.rt.edits.goto)
                    .char_limit(crate::ui::widgets::MAX_FIELD_CHARS)
                    .desired_width(90.0)
                    .hint_text("x, y"),
            )
            .labelled_by(label.id);
        let go = ui.button("→").tip(tr("map.goto"));
        if go.clicked() || edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            go_to(ui.ctx(), tab);
        }
    });
    if let Some(e) = &tab.rt.edits.goto_error {
        ui.error_label(e.text());
    }
    ui.small(tr("map.keys"));
}

/// Show the cell typed in the "go to" field, or say it is not a cell.
fn go_to(ctx: &egui::Context, tab: &mut MapTab) {
    let v: Vec<usize> = tab.rt.edits.goto.split([',', ' ']).filter_map(|t| t.trim().parse().ok()).collect();
    match v[..] {
        [x, y] => {
            tab.rt.edits.goto_error = None;
            tab.show_cell(x, y, ctx);
        }
        _ => tab.rt.edits.goto_error = Some(crate::ui::notice::Notice::key("map.goto.bad")),
    }
}

/// The cell under the pointer, and the pinned cell with its moves.
fn pointer_cells(ui: &mut egui::Ui, tab: &mut MapTab) {
    ui.strong(tr("map.hover"));
    let table = tab.table().cloned();
    match (&table, tab.rt.pointer.hovered()) {
        (Some(t), Some(c)) => ui.phrases(cell_text(t, c)),
        _ => ui.phrases(tr("map.hover.none")),
    };
    if let (Some(t), Some(c)) = (table, tab.rt.pointer.pinned()) {
        pinned(ui, tab, &t, c);
    } else {
        tab.rt.genus.forget();
    }
}

fn pinned(ui: &mut egui::Ui, tab: &mut MapTab, t: &Arc<Table>, (x, y): (usize, usize)) {
    if x >= t.width() || y >= t.height() {
        return;
    }
    ui.strong(tr("map.pinned"));
    ui.phrases(cell_text(t, (x, y)));
    if t.rules().is_terminal(x as u64, y as u64) {
        ui.phrases(tr("map.pinned.terminal"));
    } else if t.is_complete() {
        let m = tab.rt.pointer.moves_of(t, (x, y));
        match &m.lines {
            Some(lines) => {
                ui.phrases(trf("map.pinned.moves.list", &[("count", &m.count)]));
                ui.phrases(egui::RichText::new(lines).monospace());
            }
            None => {
                ui.phrases(trf("map.pinned.moves.many", &[("count", &m.count)]));
            }
        }
        ui.phrases(trf("map.pinned.values", &[("values", &m.values)]));
        // A misère value is the mex too, where a move is left (with none
        // it is 1: the caption under the map says so).
        if t.kind() == TableKind::Grundy || m.count > 0 {
            ui.phrases(trf("map.pinned.mex", &[("g", &t.get(x, y))]));
        }
        // How the cell plays in misère sums.
        if t.kind() == TableKind::Misere && t.get(x, y) != crate::grundy::NOT_A_POSITION {
            let [px, py, pz] = t.slice_source().map_or([x, y, 0], |s| s.position(x, y));
            let rules = t.slice_source().map_or(t.rules(), |s| s.full.rules());
            tab.rt.genus.show(ui, rules, [px as u64, py as u64, pz as u64]);
        } else {
            tab.rt.genus.forget();
        }
    }
    if ui.button(tr("map.pinned.unpin")).clicked() {
        tab.rt.pointer.unpin();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hover_of_a_plane_names_the_whole_position() {
        crate::ui::i18n::set_language(crate::ui::i18n::Language::English);
        let rules = crate::rules::preset("nim-3").unwrap();
        let full = Arc::new(crate::grundy::compute_box(&rules, [8, 8, 8], &crate::Control::new()).unwrap());
        // The plane x = 1: the cell (5, 6) across and up is (1, 5, 6).
        let plane = Table::slice(&full, Axis::X, 1, 0);
        let text = cell_text(&plane, (5, 6));
        assert!(text.starts_with("(1, 5)") && text.contains("z = 6"), "{text}");
        assert!(text.contains(&format!("g = {}", 1 ^ 5 ^ 6)), "{text}");
    }
}
