//! The tabs of the app. Each tab is its own module with a type that is
//! `Default + Serialize + Deserialize` (its saved options; runtime parts
//! `#[serde(skip)]`) and implements [`AppTab`]: `ui` draws it when it is
//! open, `logic` collects its background work every frame, shown or not.
//! A tab that wants something of another tab or of the app sends an
//! [`AppCommand`](super::state::AppCommand); it never writes another tab's
//! state. Its texts are in `locales/app.yml` (English and Japanese side by
//! side).

pub mod knight;
pub mod map;
pub mod pieces;
pub mod play;

pub use knight::KnightTab;
pub use map::MapTab;
pub use pieces::PiecesTab;
pub use play::PlayTab;

use super::i18n::tr;
use super::state::Shared;
use serde::{Deserialize, Serialize};

/// What a tab is to the app (the egui demo's apps are the model).
pub trait AppTab {
    /// Draw the tab, which is open.
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared);

    /// Collect the tab's background work that ended, never waiting. Called
    /// every frame, whether the tab is shown or not, so a hidden tab's job
    /// ends on time.
    fn logic(&mut self, ctx: &egui::Context, shared: &mut Shared);
}

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

    /// The tab's short name, for a narrow window (a tablet held upright).
    pub fn short_title(self) -> &'static str {
        match self {
            Tab::Play => tr("tab.play"),
            Tab::Map => tr("tab.map.short"),
            Tab::Pieces => tr("tab.pieces.short"),
            Tab::Knight => tr("tab.knight.short"),
        }
    }
}
