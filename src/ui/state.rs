//! What the app keeps between runs, and what every tab shares.
//!
//! One persisted [`AppState`] (`#[serde(default)]`, so an old or partial
//! settings string still loads; runtime parts are `#[serde(skip)]`). Tabs get
//! a `&mut Shared`: the current [`Rules`], the user's saved pieces and the
//! settings.

use super::i18n::Language;
use super::tabs::{AppTab, KnightTab, MapTab, PiecesTab, PlayTab, Tab};
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
    /// Lesson view: the side panels fold away and the picture fills the
    /// window.
    pub lesson: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: Language::from_environment(),
            scale: 1.0,
            theme: ThemeChoice::Light,
            presentation: false,
            lesson: false,
        }
    }
}

/// The most pieces kept in "My pieces".
pub const MAX_SAVED_PIECES: usize = 1000;
/// The longest text any field of the settings file may hold (the longest
/// limit of a field, a rules program's); most fields take fewer.
pub const MAX_SAVED_TEXT: usize = crate::rules::MAX_PROGRAM_TEXT;

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
    /// What the tabs asked the app to do this frame, run once at its end
    /// ([`Shared::send`]; runtime only).
    #[serde(skip)]
    commands: Vec<AppCommand>,
}

/// Something a tab asks of the app or of another tab, run once at the end
/// of the frame (the egui demo's `Command`): a tab never writes another
/// tab's state.
#[derive(Clone, Debug, PartialEq)]
pub enum AppCommand {
    /// Open a tab.
    OpenTab(Tab),
    /// Make these rules the current game (Play, the map and Pieces follow).
    SetRules(Rules),
    /// Open the map and show and mark a cell (e.g. a counterexample).
    FocusMap(MapFocus),
    /// Open the map with "Build the P-positions step by step" beside it.
    OpenConstruction,
}

impl Shared {
    /// Ask for `command` at the end of this frame.
    pub fn send(&mut self, command: AppCommand) {
        self.commands.push(command);
    }

    /// The rules as they will be at the end of this frame: the last rules
    /// sent, else the current ones (so that two changes in one frame, a
    /// checkbox and another, both count).
    pub fn next_rules(&self) -> Rules {
        let sent = self.commands.iter().rev().find_map(|c| match c {
            AppCommand::SetRules(r) => Some(r),
            _ => None,
        });
        sent.unwrap_or(&self.rules).clone()
    }

    /// The commands sent this frame, in order; the queue is emptied.
    pub fn take_commands(&mut self) -> Vec<AppCommand> {
        std::mem::take(&mut self.commands)
    }
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

/// Why saved settings, or a part of them, could not be used. Kept as data
/// and worded when the banner is drawn ([`crate::ui::i18n::load_problem`]),
/// so that it follows the language.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadProblem {
    /// The whole file was refused (the app started with the defaults).
    Refused(SavedError),
    /// These parts were left out; the rest was used.
    Dropped(Vec<DroppedPart>),
}

/// Why the whole saved state was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum SavedError {
    /// Not JSON, or not the settings' shape: serde's category, line,
    /// column, and for a value of the wrong kind serde's own words (they
    /// name the field, or the part that could not be read, such as a
    /// knight design).
    Format {
        /// serde's category of the fault (syntax, data, end of file).
        category: JsonCategory,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// serde's own words, for a value of the wrong kind.
        detail: String,
    },
    /// The file could not be read.
    Read(crate::fsutil::OsError),
    /// Saved rules that fail [`Rules::validate`]: which, its name, why.
    Rules {
        /// Which of the saved rules.
        which: SavedRules,
        /// Their name.
        name: String,
        /// Why they fail.
        error: crate::rules::RulesError,
    },
    /// More saved pieces than are kept.
    TooManyPieces {
        /// How many pieces were saved.
        count: usize,
        /// How many are kept.
        max: usize,
    },
}

/// serde_json's kinds of error, without its English sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonCategory {
    /// Not JSON at all (a stray character).
    Syntax,
    /// JSON, but a value of the wrong kind or a field twice.
    Data,
    /// The text ends in the middle.
    Eof,
}

/// Which saved rules were refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedRules {
    /// The current game.
    Current,
    /// One of My pieces.
    SavedPiece,
    /// The piece being edited in the Pieces tab.
    Draft,
}

/// A part of the saved settings left out (the rest is used), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DroppedPart {
    /// Which text.
    pub field: SavedText,
    /// Its length, in characters.
    pub chars: usize,
    /// The most its field takes.
    pub max: usize,
}

/// The saved texts that have a length limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedText {
    /// The rules program being edited.
    Program,
    /// The workbench's formula.
    Formula,
    /// A typed file path.
    Path,
    /// A typed list or number (highlighted values, a start size).
    Field,
    /// Any other text of the settings file (see [`MAX_SAVED_TEXT`]).
    Other,
}

/// serde's message without its " at line L column C" (said separately).
fn without_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// Leave out a saved `text` longer than `max` characters, and say so.
pub(crate) fn keep_if_short(text: &mut String, field: SavedText, max: usize, dropped: &mut Vec<DroppedPart>) {
    // Bytes bound characters from above: count only when it may matter.
    if text.len() > max {
        let chars = text.chars().count();
        if chars > max {
            dropped.push(DroppedPart { field, chars, max });
            text.clear();
        }
    }
}

impl AppState {
    /// The tab `tab` as the app sees it, and what the tabs share: the one
    /// place that lists the tabs' states.
    pub fn tab_and_shared(&mut self, tab: Tab) -> (&mut dyn AppTab, &mut Shared) {
        let AppState { shared, play, map, pieces, knight, .. } = self;
        let view: &mut dyn AppTab = match tab {
            Tab::Play => play,
            Tab::Map => map,
            Tab::Pieces => pieces,
            Tab::Knight => knight,
        };
        (view, shared)
    }

    /// Run one command of a tab.
    pub fn run(&mut self, command: AppCommand) {
        match command {
            AppCommand::OpenTab(tab) => self.tab = tab,
            AppCommand::SetRules(rules) => self.shared.rules = rules,
            AppCommand::FocusMap(focus) => {
                self.map.focus(focus);
                self.tab = Tab::Map;
            }
            AppCommand::OpenConstruction => {
                self.map.open_construction();
                self.tab = Tab::Map;
            }
        }
    }

    /// The state saved in `text` (JSON). A string that cannot be read gives
    /// the defaults and the reason (never a panic); a text too long for its
    /// field is left out and named, and the rest is used.
    pub fn from_saved(text: Option<&str>) -> (AppState, Option<LoadProblem>) {
        let Some(t) = text else { return (AppState::default(), None) };
        // Some editors save a byte-order mark first.
        let t = t.strip_prefix('\u{feff}').unwrap_or(t);
        let mut state = match serde_json::from_str::<AppState>(t) {
            Ok(state) => state,
            Err(e) => {
                let category = match e.classify() {
                    serde_json::error::Category::Syntax | serde_json::error::Category::Io => JsonCategory::Syntax,
                    serde_json::error::Category::Data => JsonCategory::Data,
                    serde_json::error::Category::Eof => JsonCategory::Eof,
                };
                let detail =
                    if category == JsonCategory::Data { without_position(&e.to_string()) } else { String::new() };
                let error = SavedError::Format { category, line: e.line(), column: e.column(), detail };
                return (Self::defaults_after_refusal(t), Some(LoadProblem::Refused(error)));
            }
        };
        let checked = state.check_saved().map(|mut dropped| {
            state.leave_out_long_texts(&mut dropped);
            dropped
        });
        match checked {
            Ok(dropped) if dropped.is_empty() => (state, None),
            Ok(dropped) => (state, Some(LoadProblem::Dropped(dropped))),
            Err(e) => (Self::defaults_after_refusal(t), Some(LoadProblem::Refused(e))),
        }
    }

    /// The defaults, in the language the refused text asked for when it
    /// can still be read there (so the banner about it is in that language).
    fn defaults_after_refusal(text: &str) -> AppState {
        let mut state = AppState::default();
        let value: Option<serde_json::Value> = serde_json::from_str(text).ok();
        let language = value.as_ref().and_then(|v| v.pointer("/shared/settings/language")).cloned();
        if let Some(language) = language.and_then(|l| serde_json::from_value::<Language>(l).ok()) {
            state.shared.settings.language = language;
        }
        state
    }

    /// The checks every saved state passes, the same as a rules file's:
    /// saved rules must pass [`Rules::validate`] (else the whole state is
    /// refused, so that the app starts), every number is brought within
    /// what its control allows, and a text longer than its field takes is
    /// left out (returned, so the banner names it and a copy of the file is
    /// kept).
    fn check_saved(&mut self) -> Result<Vec<DroppedPart>, SavedError> {
        // The current game and My pieces pass the one validation (a
        // program or a piece may have up to eight coordinates).
        let rules = |which: SavedRules, r: &Rules| {
            r.validate().map_err(|error| SavedError::Rules { which, name: r.name.clone(), error })
        };
        // nim-N saved while it was a program is the rook again.
        self.shared.rules = crate::rules::upgraded(std::mem::take(&mut self.shared.rules));
        rules(SavedRules::Current, &self.shared.rules)?;
        for r in &self.shared.saved_pieces {
            rules(SavedRules::SavedPiece, r)?;
        }
        if self.shared.saved_pieces.len() > MAX_SAVED_PIECES {
            return Err(SavedError::TooManyPieces { count: self.shared.saved_pieces.len(), max: MAX_SAVED_PIECES });
        }
        let mut dropped = Vec::new();
        self.pieces.check_saved(&mut dropped).map_err(|error| SavedError::Rules {
            which: SavedRules::Draft,
            name: self.pieces.draft.name.clone(),
            error,
        })?;
        let settings = &mut self.shared.settings;
        settings.scale = if settings.scale.is_finite() {
            settings.scale.clamp(*SCALE_RANGE.start(), *SCALE_RANGE.end())
        } else {
            1.0
        };
        self.play.options.clamp_to_ui();
        self.map.options.clamp_to_ui(&mut dropped);
        self.map.camera = self.map.camera.filter(|c| c.is_usable());
        self.knight.options.clamp_to_ui();
        Ok(dropped)
    }

    /// The net under the checks of each field: a saved text longer than
    /// [`MAX_SAVED_TEXT`] in a field that has no limit of its own yet is
    /// left out and named too, so no text of the settings file reaches a
    /// widget whole (a 10 MB path once made wgpu panic at every start).
    fn leave_out_long_texts(&mut self, dropped: &mut Vec<DroppedPart>) {
        fn walk(v: &mut serde_json::Value, dropped: &mut Vec<DroppedPart>) -> bool {
            match v {
                serde_json::Value::String(s) if s.len() > MAX_SAVED_TEXT => {
                    let chars = s.chars().count();
                    if chars > MAX_SAVED_TEXT {
                        dropped.push(DroppedPart { field: SavedText::Other, chars, max: MAX_SAVED_TEXT });
                        s.clear();
                        return true;
                    }
                    false
                }
                serde_json::Value::Array(items) => items.iter_mut().fold(false, |c, v| walk(v, dropped) | c),
                serde_json::Value::Object(fields) => fields.values_mut().fold(false, |c, v| walk(v, dropped) | c),
                _ => false,
            }
        }
        let Ok(mut value) = serde_json::to_value(&*self) else { return };
        if walk(&mut value, dropped)
            && let Ok(state) = serde_json::from_value::<AppState>(value)
        {
            *self = state;
        }
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
        assert!(matches!(warn, Some(LoadProblem::Refused(SavedError::Format { category: JsonCategory::Data, .. }))));
        assert_eq!(d.shared.rules.name, "queen");
        // Unknown and missing fields are fine.
        let (p, warn) = AppState::from_saved(Some("{\"future\": 3, \"shared\": {\"settings\": {\"scale\": 2.0}}}"));
        assert!(warn.is_none());
        assert_eq!(p.shared.settings.scale, 2.0);
        // A byte-order mark first is fine.
        let (b, warn) = AppState::from_saved(Some("\u{feff}{\"shared\": {\"settings\": {\"scale\": 2.0}}}"));
        assert!(warn.is_none());
        assert_eq!(b.shared.settings.scale, 2.0);
    }

    /// nim-4 saved while it was a program loads as the rook of four
    /// coordinates, so that Play uses Bouton's rule for it.
    #[test]
    fn the_old_program_of_nim_loads_as_the_rook() {
        let program = crate::rules::Program::new(&crate::rules::nim_program_of_old(4)).unwrap();
        let mut s = AppState::default();
        s.shared.rules = Rules::from_program("nim-4", program);
        let (back, warn) = AppState::from_saved(Some(&s.to_saved()));
        assert!(warn.is_none(), "{warn:?}");
        assert!(back.shared.rules.same_game(&crate::rules::preset("nim-4").unwrap()), "{:?}", back.shared.rules);
        assert!(back.shared.rules.program.is_none());
    }

    /// A program over the limit (100 022 characters) is left out, named,
    /// and the rest of the settings is used; a refused file keeps the
    /// language it asked for.
    #[test]
    fn a_text_too_long_is_left_out_and_named_and_the_rest_is_used() {
        let mut s = AppState::default();
        s.shared.settings.scale = 1.5;
        s.pieces.program.source = "x".repeat(crate::rules::MAX_PROGRAM_TEXT + 22);
        s.map.options.export_path = "p".repeat(66_000_000);
        let (back, warn) = AppState::from_saved(Some(&s.to_saved()));
        let Some(LoadProblem::Dropped(parts)) = warn else { panic!("{warn:?}") };
        let fields: Vec<SavedText> = parts.iter().map(|p| p.field).collect();
        assert_eq!(fields, vec![SavedText::Program, SavedText::Path]);
        assert_eq!(parts[0].chars, crate::rules::MAX_PROGRAM_TEXT + 22);
        assert_eq!(back.shared.settings.scale, 1.5, "the rest is used");
        assert!(back.pieces.program.source.is_empty() && back.map.options.export_path.is_empty());

        let (d, warn) = AppState::from_saved(Some(r#"{"shared":{"settings":{"language":"Japanese"},"rules":7}}"#));
        assert!(matches!(warn, Some(LoadProblem::Refused(_))));
        assert_eq!(d.shared.settings.language, Language::Japanese);
    }

    /// Every text of the settings file, written at 10 MB in turn: the app
    /// starts with no text longer than the longest field takes, and says
    /// what it left out (or refuses the file, for the rules' own texts).
    #[test]
    fn every_saved_text_at_ten_megabytes_is_left_out_or_refused() {
        fn texts(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
            match v {
                serde_json::Value::String(_) => out.push(at),
                serde_json::Value::Array(items) => {
                    items.iter().enumerate().for_each(|(i, v)| texts(v, format!("{at}/{i}"), out))
                }
                serde_json::Value::Object(fields) => {
                    fields.iter().for_each(|(k, v)| texts(v, format!("{at}/{k}"), out))
                }
                _ => {}
            }
        }
        fn longest(v: &serde_json::Value) -> usize {
            match v {
                serde_json::Value::String(s) => s.chars().count(),
                serde_json::Value::Array(items) => items.iter().map(longest).max().unwrap_or(0),
                serde_json::Value::Object(fields) => fields.values().map(longest).max().unwrap_or(0),
                _ => 0,
            }
        }
        let mut s = AppState::default();
        s.pieces.program.path = "rules.rhai".into();
        s.pieces.program.source = "fn moves(x) { [] }".into();
        let value = serde_json::to_value(&s).unwrap();
        let mut pointers = Vec::new();
        texts(&value, String::new(), &mut pointers);
        assert!(pointers.len() >= 15, "{pointers:?}");
        assert!(pointers.contains(&"/pieces/program/path".to_string()), "{pointers:?}");
        let huge = "p".repeat(10_000_000);
        for pointer in &pointers {
            let mut v = value.clone();
            *v.pointer_mut(pointer).unwrap() = serde_json::Value::String(huge.clone());
            let (back, warn) = AppState::from_saved(Some(&v.to_string()));
            assert!(matches!(warn, Some(LoadProblem::Dropped(_) | LoadProblem::Refused(_))), "{pointer}: {warn:?}");
            let left = longest(&serde_json::to_value(&back).unwrap());
            assert!(left <= MAX_SAVED_TEXT, "{pointer}: a text of {left} characters was kept");
        }
    }
}
