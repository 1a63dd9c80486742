//! The Knight designer tab (issue 6): a placeholder until it lands.

use crate::ui::i18n::{Text, tr};
use crate::ui::state::Shared;
use serde::{Deserialize, Serialize};

/// Texts of this tab.
pub const TEXTS: &[Text] = &[
    (
        "knight.soon.1",
        "Paint a board (with holes) for one or two knights.",
        "1頭または2頭のナイトのための盤(穴あきも可)をぬります。",
    ),
    (
        "knight.soon.2",
        "Draw every knight move as a line, and find knight's tours.",
        "ナイトの動きをすべて線で描き、ナイトツアーを探します。",
    ),
    ("knight.soon.3", "Print the picture as a poster (PNG or SVG).", "絵をポスター(PNG・SVG)として印刷します。"),
];

/// The Knight designer tab.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
pub struct KnightTab {}

impl KnightTab {
    /// Draw the tab.
    pub fn ui(&mut self, ui: &mut egui::Ui, _shared: &mut Shared) {
        super::coming_soon(ui, tr("tab.knight"), &[tr("knight.soon.1"), tr("knight.soon.2"), tr("knight.soon.3")]);
    }
}
