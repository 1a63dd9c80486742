//! The tabs of the app. Each tab is its own module with a type that is
//! `Default + Serialize + Deserialize` (its saved options; runtime parts
//! `#[serde(skip)]`) and a method
//! `fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared)`.
//! To replace a placeholder, rewrite its module keeping the type name and
//! that method; add its texts to `locales/app.yml` (English and
//! Japanese side by side).

pub mod knight;
pub mod map;
pub mod pieces;
pub mod play;

pub use knight::KnightTab;
pub use map::MapTab;
pub use pieces::PiecesTab;
pub use play::PlayTab;

use super::i18n::tr;
use serde::{Deserialize, Serialize};

/// Which tab is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tab {
    /// Play a game against the computer or a friend.
    #[default]
    Play,
    /// The Grundy map of the current rules.
    Map,
    /// The move-matrix editor and the conjecture workbench.
    Pieces,
    /// Boards, knight graphs and tours.
    Knight,
}

impl Tab {
    /// All tabs, in order.
    pub const ALL: [Tab; 4] = [Tab::Play, Tab::Map, Tab::Pieces, Tab::Knight];

    /// The tab's name in the current language.
    pub fn title(self) -> &'static str {
        match self {
            Tab::Play => tr("tab.play"),
            Tab::Map => tr("tab.map"),
            Tab::Pieces => tr("tab.pieces"),
            Tab::Knight => tr("tab.knight"),
        }
    }
}
