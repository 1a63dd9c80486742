//! What the app keeps between runs, and what every tab shares.
//!
//! One persisted [`AppState`] (`#[serde(default)]`, so an old or partial
//! settings string still loads; runtime parts are `#[serde(skip)]`). Tabs get
//! a `&mut Shared`: the current [`Rules`], the user's saved pieces and the
//! settings.

use super::i18n::Language;
use super::tabs::{KnightTab, MapTab, PiecesTab, PlayTab, Tab};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};

/// Light or dark colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// Dark text on a light background (best on most projectors).
    #[default]
    Light,
    /// Light text on a dark background.
    Dark,
}

/// User settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Language of the user interface (default: the system's).
    pub language: Language,
    /// UI scale (egui zoom factor), 0.5 to 3.
    pub scale: f32,
    /// Light or dark.
    pub theme: ThemeChoice,
    /// Presentation mode: full screen, larger text, high contrast.
    pub presentation: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { language: Language::from_environment(), scale: 1.0, theme: ThemeChoice::Light, presentation: false }
    }
}

/// The most pieces kept in "My pieces".
pub const MAX_SAVED_PIECES: usize = 1000;

/// Smallest and largest UI scale.
pub const SCALE_RANGE: std::ops::RangeInclusive<f32> = 0.5..=3.0;

/// What every tab may read and change.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Shared {
    /// The current game: the Play tab plays it, the map draws it, the
    /// Pieces tab edits it.
    pub rules: Rules,
    /// Pieces the user made and saved (shown beside the presets).
    pub saved_pieces: Vec<Rules>,
    /// Settings.
    pub settings: Settings,
    /// A tab asks the app to open another tab (applied at the end of the
    /// frame; runtime only).
    #[serde(skip)]
    pub open_tab: Option<Tab>,
    /// A cell the Grundy map should show and mark, e.g. a counterexample
    /// clicked in the Pieces tab (runtime only; the map tab takes it).
    #[serde(skip)]
    pub map_focus: Option<MapFocus>,
}

/// A cell for the map to show: its position (the map turns to the plane
/// `z` of a three-heap table) and, with a pass, its layer (1: the pass
/// still there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapFocus {
    /// `[x, y, z]`.
    pub position: [usize; 3],
    /// The layer, for rules with a pass.
    pub layer: Option<usize>,
}

impl MapFocus {
    /// The cell `(x, y)` of a two-coordinate game.
    pub fn cell(x: usize, y: usize) -> MapFocus {
        MapFocus { position: [x, y, 0], layer: None }
    }
}

/// Everything the app saves: shared state, the open tab and each tab's own
/// saved options.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AppState {
    /// Shared by the tabs.
    pub shared: Shared,
    /// The open tab.
    pub tab: Tab,
    /// The Play tab.
    pub play: PlayTab,
    /// The Grundy map tab.
    pub map: MapTab,
    /// The Pieces tab.
    pub pieces: PiecesTab,
    /// The Knight designer tab.
    pub knight: KnightTab,
}

impl AppState {
    /// The state saved in `text` (JSON). A string that cannot be read gives
    /// the defaults and a message saying why (never a panic).
    pub fn from_saved(text: Option<&str>) -> (AppState, Option<String>) {
        match text {
            None => (AppState::default(), None),
            Some(t) => match serde_json::from_str::<AppState>(t).map_err(|e| e.to_string()).and_then(|mut state| {
                state.check_saved()?;
                Ok(state)
            }) {
                Ok(state) => (state, None),
                Err(e) => (AppState::default(), Some(e)),
            },
        }
    }

    /// The checks every saved state passes, the same as a rules file's:
    /// saved rules must pass [`Rules::validate`] (else the whole state is
    /// refused, so that the app starts), and every number is brought within
    /// what its control allows.
    fn check_saved(&mut self) -> Result<(), String> {
        let rules = |what: &str, r: &Rules| r.validate().map_err(|e| format!("{what} `{}`: {e}", r.name));
        rules("the current rules", &self.shared.rules)?;
        for r in &self.shared.saved_pieces {
            rules("the saved piece", r)?;
        }
        if self.shared.saved_pieces.len() > MAX_SAVED_PIECES {
            return Err(format!("{} saved pieces; at most {MAX_SAVED_PIECES}", self.shared.saved_pieces.len()));
        }
        self.pieces.check_saved().map_err(|e| format!("the piece being edited: {e}"))?;
        let settings = &mut self.shared.settings;
        settings.scale = if settings.scale.is_finite() {
            settings.scale.clamp(*SCALE_RANGE.start(), *SCALE_RANGE.end())
        } else {
            1.0
        };
        self.play.options.clamp_to_ui();
        self.map.options.clamp_to_ui();
        self.map.camera = self.map.camera.filter(|c| c.is_usable());
        self.knight.options.clamp_to_ui();
        Ok(())
    }

    /// The state as JSON, to save.
    pub fn to_saved(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_strings() {
        let mut s = AppState::default();
        s.shared.settings.scale = 1.5;
        s.shared.rules = crate::rules::preset("dragon-king").unwrap();
        let (back, warn) = AppState::from_saved(Some(&s.to_saved()));
        assert!(warn.is_none());
        assert_eq!(back.shared.settings.scale, 1.5);
        assert_eq!(back.shared.rules.name, "dragon-king");
        let (d, warn) = AppState::from_saved(Some("{\"shared\": [1, 2"));
        assert!(warn.is_some());
        assert_eq!(d.shared.rules.name, "queen");
        // Unknown and missing fields are fine.
        let (p, warn) = AppState::from_saved(Some("{\"future\": 3, \"shared\": {\"settings\": {\"scale\": 2.0}}}"));
        assert!(warn.is_none());
        assert_eq!(p.shared.settings.scale, 2.0);
    }
}
