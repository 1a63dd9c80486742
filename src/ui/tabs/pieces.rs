//! The Pieces tab (issue 5): a placeholder until it lands.

use crate::ui::i18n::{Text, tr};
use crate::ui::state::Shared;
use serde::{Deserialize, Serialize};

/// Texts of this tab.
pub const TEXTS: &[Text] = &[
    (
        "pieces.soon.1",
        "Invent a piece by clicking the squares it can reach (its move matrix).",
        "駒が動けるマス(動きの行列)をクリックして新しい駒をつくります。",
    ),
    (
        "pieces.soon.2",
        "See its Grundy numbers at once, and find a pattern.",
        "その駒のグランディ数をすぐに見て、規則を探します。",
    ),
    ("pieces.soon.3", "Write a formula and check it on a large board.", "式を書いて、大きな盤で確かめます。"),
];

/// The Pieces tab.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PiecesTab {}

impl PiecesTab {
    /// Draw the tab.
    pub fn ui(&mut self, ui: &mut egui::Ui, _shared: &mut Shared) {
        super::coming_soon(ui, tr("tab.pieces"), &[tr("pieces.soon.1"), tr("pieces.soon.2"), tr("pieces.soon.3")]);
    }
}
