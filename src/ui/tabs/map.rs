//! The Grundy map tab (issue 4): a placeholder until it lands.

use crate::ui::i18n::{Text, tr};
use crate::ui::state::Shared;
use serde::{Deserialize, Serialize};

/// Texts of this tab.
pub const TEXTS: &[Text] = &[
    (
        "map.soon.1",
        "Colour the Grundy numbers of the current rules on a large board, with pan and zoom.",
        "今のルールのグランディ数を大きな盤に色でぬり、動かしたり拡大したりできます。",
    ),
    ("map.soon.2", "Show the P-positions and the golden-ratio lines.", "P局面と黄金比の直線を表示します。"),
    ("map.soon.3", "Export a poster (PNG) of the map.", "マップをポスター(PNG)として書き出します。"),
];

/// The Grundy map tab.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MapTab {}

impl MapTab {
    /// Draw the tab.
    pub fn ui(&mut self, ui: &mut egui::Ui, _shared: &mut Shared) {
        super::coming_soon(ui, tr("tab.map"), &[tr("map.soon.1"), tr("map.soon.2"), tr("map.soon.3")]);
    }
}
