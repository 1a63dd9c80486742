//! The About/Help window (Wythoff's game, its history and the golden-ratio
//! P-positions, in our own words) and the keyboard shortcuts.

use super::i18n::tr;
use crate::ui::ui_ext::UiExt;
use egui::RichText;

/// The About window's contents.
pub fn about(ui: &mut egui::Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.set_max_width(700.0);
        for (title, body) in
            [("about.game.title", "about.game"), ("about.history.title", "about.history"), ("about.p.title", "about.p")]
        {
            ui.phrases(RichText::new(tr(title)).heading());
            ui.phrases(tr(body));
            ui.add_space(10.0);
        }
        ui.phrases(tr("about.relatives"));
    });
}

/// The shortcut list.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Ctrl+Z", "keys.undo"),
    ("Ctrl+Y", "keys.redo"),
    ("Ctrl+N", "keys.new"),
    ("Ctrl + +", "keys.zoom_in"),
    ("Ctrl + −", "keys.zoom_out"),
    ("Ctrl+0", "keys.zoom_reset"),
    ("← ↑ → ↓", "keys.map_pan"),
    ("+ / −", "keys.map_zoom"),
    ("F", "keys.map_fit"),
    ("PageUp / PageDown", "keys.planes"),
    ("← / →", "keys.steps"),
    ("Home / End", "keys.ends"),
    ("Space", "keys.construction_play"),
    ("Home", "keys.construction_restart"),
    ("F11", "keys.presentation"),
    ("L / Esc", "keys.lesson"),
    ("F1", "keys.help"),
];

/// The Shortcuts window's contents.
pub fn shortcuts(ui: &mut egui::Ui) {
    egui::Grid::new("shortcuts").num_columns(2).spacing([24.0, 8.0]).show(ui, |ui| {
        for &(keys, what) in SHORTCUTS {
            ui.phrases(RichText::new(keys).monospace().strong());
            ui.phrases(tr(what));
            ui.end_row();
        }
    });
}
