//! The difference views of the side panel: compare this map's value a
//! with another game's value b, or compare a formula with the table; the
//! result is drawn over the map (see [`super::overlays`]).

use super::MapTab;
use crate::grundy::Table;
use crate::rules::{Rules, preset};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::rules_choice;
use crate::ui::state::Shared;
use crate::ui::ui_ext::UiExt;
use crate::ui::widgets;
use crate::ui::words::errors::formula_error;
use crate::ui::words::play::rules_name;
use std::sync::Arc;

/// The difference section of the side panel.
pub(super) fn difference(ui: &mut egui::Ui, tab: &mut MapTab, shared: &Shared) {
    ui.strong(tr("map.compare"));
    compare_choice(ui, tab, shared);
    // Both need the complete table, and one difference is computed at a time.
    let table = tab.table().filter(|t| t.is_complete()).cloned();
    let enabled = table.is_some() && !tab.rt.overlays.is_busy();
    if ui.add_enabled(enabled, egui::Button::new(tr("map.compare.run"))).clicked()
        && let Some(t) = table.clone()
    {
        start_compare(ui.ctx(), tab, shared, t);
    }
    let label = ui.strong(tr("map.formula"));
    ui.add(
        egui::TextEdit::singleline(&mut tab.options.formula)
            .char_limit(crate::conjecture::MAX_TEXT)
            .desired_width(f32::INFINITY)
            .code_editor(),
    )
    .labelled_by(label.id);
    ui.checkbox(&mut tab.options.formula_holds, tr("map.formula.holds"));
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("bench.where"));
        ui.add(
            egui::TextEdit::singleline(&mut tab.options.formula_where)
                .char_limit(crate::conjecture::MAX_TEXT)
                .desired_width(f32::INFINITY)
                .hint_text(tr("bench.where_hint"))
                .code_editor(),
        )
        .labelled_by(label.id);
    });
    if ui.add_enabled(enabled, egui::Button::new(tr("map.formula.run"))).clicked()
        && let Some(t) = table
    {
        start_formula(ui.ctx(), tab, t);
    }
    overlay_state(ui, tab);
}

/// The other game (by its name in the user's language) and the two values.
fn compare_choice(ui: &mut egui::Ui, tab: &mut MapTab, shared: &Shared) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("map.compare.other"));
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
    ui.horizontal_wrapped(|ui| {
        let a = ui.phrases(tr("map.compare.a"));
        ui.add(egui::DragValue::new(&mut tab.options.compare_a).range(0..=1_000_000)).labelled_by(a.id);
        let b = ui.phrases(tr("map.compare.b"));
        ui.add(egui::DragValue::new(&mut tab.options.compare_b).range(0..=1_000_000)).labelled_by(b.id);
    });
    ui.small(trf("map.compare.values", &[("a", &tab.options.compare_a), ("b", &tab.options.compare_b)]));
}

/// The rules to compare with: a preset or one of the user's pieces, by name.
fn other_rules(name: &str, shared: &Shared) -> Option<Rules> {
    preset(name).ok().or_else(|| shared.saved_pieces.iter().find(|r| r.name == name).cloned())
}

fn start_compare(ctx: &egui::Context, tab: &mut MapTab, shared: &Shared, t: Arc<Table>) {
    let name = &tab.options.compare_with;
    match other_rules(name, shared) {
        None => {
            let name = name.to_string();
            tab.rt.overlays.fail(Notice::new(move || trf("map.compare.unknown", &[("name", &name)])))
        }
        Some(mut other) => {
            // Compare like with like: the other game under this map's convention.
            other.convention = t.rules().convention;
            tab.rt.overlays.start_compare(ctx, t, other, tab.options.compare_a, tab.options.compare_b);
        }
    }
}

fn start_formula(ctx: &egui::Context, tab: &mut MapTab, t: Arc<Table>) {
    // The piece's parameters (p of the parameter-p piece) are known.
    let condition = tab.options.formula_where.trim();
    let condition = match condition {
        "" => Ok(None),
        c => crate::conjecture::Formula::compile_for(c, t.rules()).map(Some),
    };
    let mode = if tab.options.formula_holds {
        crate::conjecture::CheckMode::Holds
    } else {
        crate::conjecture::CheckMode::Formula
    };
    match (crate::conjecture::Formula::compile_for(&tab.options.formula, t.rules()), condition) {
        (Err(e), _) => tab.rt.overlays.fail(Notice::new(move || formula_error(&e))),
        (_, Err(e)) => {
            tab.rt.overlays.fail(Notice::new(move || trf("bench.where_error", &[("message", &formula_error(&e))])))
        }
        (Ok(f), Ok(c)) => tab.rt.overlays.start_formula(ctx, t, f, mode, c),
    }
}

/// The running job, why the last difference failed, or the last
/// difference's summary with its on/off switch.
fn overlay_state(ui: &mut egui::Ui, tab: &mut MapTab) {
    let overlays = &mut tab.rt.overlays;
    if let Some(job) = overlays.job() {
        widgets::job_progress(ui, job);
    }
    if let Some(e) = overlays.error() {
        ui.error_label(e);
    }
    if let Some(summary) = overlays.latest().map(|o| o.summary.text()) {
        ui.checkbox(overlays.show_switch(), tr("map.compare.show"));
        ui.phrases(summary);
    }
}
