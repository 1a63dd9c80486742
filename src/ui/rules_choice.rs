//! The choice of rules shared by the Play and Map tabs: a piece (the presets
//! and the user's saved pieces) and the misère convention. Both change the
//! one `shared.rules`, so every tab plays and draws the same game.

use crate::rules::{Convention, PRESET_NAMES, Rules, preset};
use crate::ui::i18n::tr;
use crate::ui::state::Shared;
use crate::ui::tabs::play::explain::rules_name;

/// The rules offered: the presets and the user's saved pieces (all normal play).
pub fn offered_rules(shared: &Shared) -> Vec<Rules> {
    PRESET_NAMES.iter().filter_map(|n| preset(n).ok()).chain(shared.saved_pieces.iter().cloned()).collect()
}

/// The rules with normal play (what the piece list compares with).
pub fn as_normal(r: &Rules) -> Rules {
    let mut r = r.clone();
    r.convention = Convention::Normal;
    r
}

/// A combo box of the offered pieces, labelled by `label` (a label the
/// caller drew, so each tab keeps its own style). Choosing a piece keeps the
/// current convention. Returns whether the rules changed.
pub fn piece_combo(ui: &mut egui::Ui, shared: &mut Shared, id_salt: &str, label: egui::Id) -> bool {
    let mut chosen = None;
    let current = as_normal(&shared.rules);
    let combo = egui::ComboBox::from_id_salt(id_salt)
        .selected_text(rules_name(&current))
        .width(ui.available_width() - 8.0)
        .show_ui(ui, |ui| {
            for r in offered_rules(shared) {
                if ui.selectable_label(current == r, rules_name(&r)).clicked() {
                    chosen = Some(r);
                }
            }
        });
    combo.response.labelled_by(label);
    match chosen {
        Some(mut r) if r != current => {
            r.convention = shared.rules.convention;
            shared.rules = r;
            true
        }
        _ => false,
    }
}

/// The misère checkbox. Returns whether the rules changed.
pub fn misere_checkbox(ui: &mut egui::Ui, shared: &mut Shared) -> bool {
    let mut m = shared.rules.convention == Convention::Misere;
    let changed = ui.checkbox(&mut m, tr("play.misere")).changed();
    if changed {
        shared.rules.convention = if m { Convention::Misere } else { Convention::Normal };
    }
    changed
}
