//! The limits of one position of a program, as settings of the draft game
//! (`rules::Limits`): how many options `moves` may list and how many
//! seconds one position may take. Each change is one undo step (a drag is
//! one step).

use super::PiecesTab;
use crate::rules::{MAX_MILLIS_PER_POSITION, MAX_OPTIONS_CEILING};
use crate::ui::i18n::tr;
use crate::ui::ui_ext::UiExt;
use egui::RichText;

/// The two fields, below the program.
pub fn show(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    ui.phrases(RichText::new(tr("program.limits")).strong());
    let before = tab.draft.clone();
    let mut limits = tab.draft.limits;
    let mut seconds = limits.seconds_per_position();
    let mut started = false;
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        let l = ui.phrases(tr("program.limits.options"));
        let speed = f64::from(limits.max_options).sqrt().max(1.0);
        let r = ui
            .add(egui::DragValue::new(&mut limits.max_options).range(1..=MAX_OPTIONS_CEILING).speed(speed))
            .labelled_by(l.id);
        started |= r.drag_started() || !r.dragged();
        changed |= r.changed();
    });
    ui.horizontal_wrapped(|ui| {
        let l = ui.phrases(tr("program.limits.seconds"));
        let most = f64::from(MAX_MILLIS_PER_POSITION) / 1000.0;
        let r = ui
            .add(egui::DragValue::new(&mut seconds).range(0.001..=most).speed(0.05).max_decimals(3))
            .labelled_by(l.id);
        started |= r.drag_started() || !r.dragged();
        changed |= r.changed();
    });
    if !changed {
        return;
    }
    // The field keeps the seconds to the millisecond, within the range.
    let millis = (seconds * 1000.0).round().clamp(1.0, f64::from(MAX_MILLIS_PER_POSITION));
    limits.millis_per_position = millis as u32;
    if limits == tab.draft.limits {
        return;
    }
    if started {
        tab.record(before);
    }
    tab.draft.limits = limits;
}
