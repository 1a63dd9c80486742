//! Every text of the user interface goes through [`tr`] / [`trf`]: a key
//! looked up in static `(key, English, Japanese)` tables, one table per
//! module (`TEXTS`), all listed in [`TABLES`]. To add texts, write a
//! `pub const TEXTS: &[Text]` in your module and add it to [`TABLES`];
//! the tests check for duplicate keys, empty translations and keys used in
//! `src/ui/` that no table has.
//!
//! The language is per thread (the UI thread; each test harness runs on its
//! own thread), set by the app at the start of every frame.

use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::OnceLock;

/// One translated text: key, English, Japanese.
pub type Text = (&'static str, &'static str, &'static str);

/// All translation tables. Add yours here.
pub const TABLES: &[&[Text]] = &[
    super::app::TEXTS,
    super::help::TEXTS,
    super::widgets::TEXTS,
    super::settings_file::TEXTS,
    super::tabs::TEXTS,
    super::tabs::play::TEXTS,
    super::tabs::play::explain::TEXTS,
    super::tabs::play::BOARD_TEXTS,
    super::tabs::play::PILES_TEXTS,
    super::tabs::play::NIM_TEXTS,
    super::tabs::play::CONTROLS_TEXTS,
    super::tabs::map::TEXTS,
    super::tabs::pieces::TEXTS,
    super::tabs::pieces::EDITOR_TEXTS,
    super::tabs::pieces::PREVIEW_TEXTS,
    super::tabs::pieces::WORKBENCH_TEXTS,
    super::tabs::pieces::LIBRARY_TEXTS,
    super::tabs::pieces::FORMULA_TEXTS,
    super::tabs::knight::TEXTS,
    super::tabs::knight::ANIMATE_TEXTS,
    super::tabs::knight::CANVAS_TEXTS,
    super::tabs::knight::EDIT_TEXTS,
    super::tabs::knight::FILES_TEXTS,
    super::tabs::knight::PUZZLE_TEXTS,
    super::tabs::knight::REASON_TEXTS,
    super::tabs::knight::SOLVE_TEXTS,
    super::tabs::knight::STYLE_TEXTS,
];

/// The languages of the user interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Japanese (日本語).
    Japanese,
}

impl Language {
    /// Both languages, in menu order.
    pub const ALL: [Language; 2] = [Language::English, Language::Japanese];

    /// The language's own name, as shown in the language menu.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Japanese => "日本語",
        }
    }

    /// The system language: Japanese when `LC_ALL`, `LC_MESSAGES` or `LANG`
    /// (the first one set) starts with `ja`, English otherwise.
    pub fn from_environment() -> Self {
        let var =
            ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()));
        Self::from_locale(var.as_deref().unwrap_or(""))
    }

    /// The language of a locale name like `ja_JP.UTF-8`.
    pub fn from_locale(locale: &str) -> Self {
        if locale.to_ascii_lowercase().starts_with("ja") { Language::Japanese } else { Language::English }
    }
}

thread_local! {
    static CURRENT: Cell<Language> = const { Cell::new(Language::English) };
}

/// Set the language of this thread's user interface.
pub fn set_language(language: Language) {
    CURRENT.with(|c| c.set(language));
}

/// The language of this thread's user interface.
pub fn language() -> Language {
    CURRENT.with(|c| c.get())
}

fn table() -> &'static HashMap<&'static str, (&'static str, &'static str)> {
    static MAP: OnceLock<HashMap<&'static str, (&'static str, &'static str)>> = OnceLock::new();
    MAP.get_or_init(|| TABLES.iter().flat_map(|t| t.iter()).map(|&(k, en, ja)| (k, (en, ja))).collect())
}

/// The text for `key` in the current language (the key itself when no
/// table has it, so a missing text shows up rather than crashing).
pub fn tr(key: &'static str) -> &'static str {
    match table().get(key) {
        Some(&(en, ja)) => match language() {
            Language::English => en,
            Language::Japanese => ja,
        },
        None => key,
    }
}

/// The text for `key` with each `{name}` replaced by its value.
pub fn trf(key: &'static str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut s = tr(key).to_string();
    for (name, value) in args {
        s = s.replace(&format!("{{{name}}}"), &value.to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn tables_have_unique_keys_and_both_languages() {
        let mut seen = HashSet::new();
        for &(k, en, ja) in TABLES.iter().flat_map(|t| t.iter()) {
            assert!(seen.insert(k), "duplicate key {k}");
            assert!(!en.trim().is_empty() && !ja.trim().is_empty(), "empty text for {k}");
            // The same placeholders in both languages.
            let holes = |s: &str| {
                let mut v: Vec<String> =
                    s.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(a, _)| a.to_string())).collect();
                v.sort();
                v
            };
            assert_eq!(holes(en), holes(ja), "placeholders differ for {k}");
        }
    }

    #[test]
    fn every_key_used_in_the_ui_exists() {
        let mut missing = Vec::new();
        let mut stack = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui"))];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.ends_with("i18n.rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for pat in ["tr(\"", "trf(\""] {
                    for part in text.split(pat).skip(1) {
                        let key = part.split('"').next().unwrap();
                        if !table().contains_key(key) {
                            missing.push(format!("{}: {key}", path.display()));
                        }
                    }
                }
            }
        }
        assert!(missing.is_empty(), "keys without a translation:\n{}", missing.join("\n"));
    }

    #[test]
    fn language_from_locale_and_placeholders() {
        assert_eq!(Language::from_locale("ja_JP.UTF-8"), Language::Japanese);
        assert_eq!(Language::from_locale("en_GB.UTF-8"), Language::English);
        assert_eq!(Language::from_locale(""), Language::English);
        set_language(Language::Japanese);
        assert_eq!(tr("tab.play"), "対局");
        set_language(Language::English);
        assert_eq!(tr("tab.play"), "Play");
        assert_eq!(tr("no.such.key"), "no.such.key");
    }
}
