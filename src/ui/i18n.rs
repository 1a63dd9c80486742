//! Every text of the user interface goes through [`tr`] / [`trf`]: a key
//! looked up with rust-i18n in `locales/app.yml`, which holds every text in
//! English (`en`) and Japanese (`ja`) side by side (a translator edits that
//! one file, no Rust). The texts are compiled into the program. Placeholders
//! are written `{name}`. The tests check that every key has both languages
//! with the same placeholders, and that every key used in `src/ui/` exists.
//!
//! The language is per thread (the UI thread; each test harness runs on its
//! own thread), set by the app at the start of every frame, and passed to
//! rust-i18n with each lookup.

use serde::{Deserialize, Serialize};
use std::cell::Cell;

rust_i18n::i18n!("locales", fallback = "en");

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
    /// (the first one set) starts with `ja`, or, where none is set (Windows,
    /// macOS), when the system's own locale does; English otherwise.
    pub fn from_environment() -> Self {
        let var =
            ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()));
        let locale = var.or_else(sys_locale::get_locale);
        Self::from_locale(locale.as_deref().unwrap_or(""))
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

/// `text()` worded in each language (for recognising a text that was
/// written in another language than the current one); the current
/// language is kept.
pub fn in_each_language<T>(text: impl Fn() -> T) -> Vec<T> {
    let current = language();
    let all = Language::ALL
        .iter()
        .map(|&l| {
            set_language(l);
            text()
        })
        .collect();
    set_language(current);
    all
}

impl Language {
    /// The locale name of this language in `locales/app.yml`.
    pub fn locale(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Japanese => "ja",
        }
    }
}

/// The text for `key` in `language`, if `locales/app.yml` has it.
fn lookup(language: Language, key: &str) -> Option<&'static str> {
    match _rust_i18n_try_translate(language.locale(), key)? {
        std::borrow::Cow::Borrowed(text) => Some(text),
        // The compiled-in texts are borrowed; keep any other text for the
        // rest of the run (there are a few hundred keys at most).
        std::borrow::Cow::Owned(text) => Some(Box::leak(text.into_boxed_str())),
    }
}

/// [`tr`] for a key known only at run time (a job's label).
pub fn tr_key(key: &str) -> &str {
    lookup(language(), key).unwrap_or(key)
}

/// The text for `key` in the current language (the key itself when the
/// file has no such text, so a missing text shows up rather than crashing).
pub fn tr(key: &'static str) -> &'static str {
    lookup(language(), key).unwrap_or(key)
}

/// The text for `key` with each `{name}` replaced by its value.
pub fn trf(key: &'static str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut s = tr(key).to_string();
    for (name, value) in args {
        s = s.replace(&format!("{{{name}}}"), &value.to_string());
    }
    s
}

/// A text that counts: [`trf`] of `one` when `n` is 1 and of `many`
/// otherwise, with `n` in `{n}` (English says "1 heap", "2 heaps"; the
/// Japanese texts of the two keys may be the same).
pub fn trn(one: &'static str, many: &'static str, n: u64, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut all: Vec<(&str, &dyn std::fmt::Display)> = vec![("n", &n)];
    all.extend_from_slice(args);
    trf(if n == 1 { one } else { many }, &all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::words::errors::*;
    use std::collections::{HashMap, HashSet};

    /// Every text of a language: key -> text.
    fn messages(language: Language) -> HashMap<String, String> {
        _rust_i18n_backend()
            .messages_for_locale(language.locale())
            .expect("the language is in locales/app.yml")
            .into_iter()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect()
    }

    #[test]
    fn every_key_has_both_languages_with_the_same_placeholders() {
        let (en, ja) = (messages(Language::English), messages(Language::Japanese));
        assert!(en.len() > 400, "only {} English texts", en.len());
        let holes = |s: &str| {
            let mut v: Vec<String> =
                s.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(a, _)| a.to_string())).collect();
            v.sort();
            v
        };
        for (k, e) in &en {
            let j = ja.get(k).unwrap_or_else(|| panic!("no Japanese text for {k}"));
            assert!(!e.trim().is_empty() && !j.trim().is_empty(), "empty text for {k}");
            assert_eq!(holes(e), holes(j), "placeholders differ for {k}");
        }
        for k in ja.keys() {
            assert!(en.contains_key(k), "no English text for {k}");
        }
    }

    #[test]
    fn the_texts_file_has_no_key_twice() {
        // A key written twice would silently keep only one of its texts.
        let file = include_str!("../../locales/app.yml");
        let mut seen = HashSet::new();
        for line in file.lines().filter(|l| l.starts_with('"') && l.ends_with(':')) {
            assert!(seen.insert(line), "{line} appears twice in locales/app.yml");
        }
        assert_eq!(seen.len(), messages(Language::English).len());
    }

    #[test]
    fn every_key_used_in_the_ui_exists() {
        let mut missing = Vec::new();
        for (path, text) in ui_sources() {
            for pat in ["tr(\"", "trf(\"", "trn(\""] {
                for (i, _) in text.match_indices(pat) {
                    // `tr(` itself, not the end of `push_str(`.
                    let before = text[..i].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let key = text[i + pat.len()..].split('"').next().unwrap_or_default();
                    if lookup(Language::English, key).is_none() {
                        missing.push(format!("{}: {key}", path.display()));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "keys without a translation:\n{}", missing.join("\n"));
    }

    /// The UI's source files (`src/ui` but this one) and their text.
    fn ui_sources() -> Vec<(std::path::PathBuf, String)> {
        let mut out = Vec::new();
        let mut stack = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui"))];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if !path.ends_with("i18n.rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    out.push((path, text));
                }
            }
        }
        out
    }

    /// Every string literal of the UI's sources (`src/ui`, and `src/main.rs`
    /// is not UI text): the contents between double quotes, roughly.
    fn ui_string_literals() -> Vec<(std::path::PathBuf, String)> {
        let mut out = Vec::new();
        for (path, text) in ui_sources() {
            for (i, part) in text.split('"').enumerate() {
                if i % 2 == 1 {
                    out.push((path.clone(), part.to_string()));
                }
            }
        }
        out
    }

    /// Keys reach `tr` in variables too (a match that picks one, a table of
    /// keys): every literal that looks like a key of a known family must be
    /// one, so a typo cannot show a raw key; and every key is used somewhere.
    #[test]
    fn every_key_like_literal_is_a_key_and_every_key_is_used() {
        let keys: HashSet<String> = messages(Language::English).into_keys().collect();
        let families: HashSet<&str> = keys.iter().filter_map(|k| k.split('.').next()).collect();
        let looks_like_key = |s: &str| {
            let parts: Vec<&str> = s.split('.').collect();
            parts.len() >= 2
                && families.contains(parts[0])
                && parts.iter().all(|p| {
                    !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                })
                && !["json", "ron", "png", "svg", "csv", "rhai", "bak", "txt"].contains(parts.last().unwrap_or(&""))
        };
        let literals = ui_string_literals();
        let unknown: Vec<String> = literals
            .iter()
            .filter(|(_, s)| looks_like_key(s) && !keys.contains(s.as_str()))
            .map(|(p, s)| format!("{}: {s}", p.display()))
            .collect();
        assert!(unknown.is_empty(), "literals that look like keys but are none:\n{}", unknown.join("\n"));
        let used: HashSet<&str> = literals.iter().map(|(_, s)| s.as_str()).collect();
        let i18n_rs = include_str!("i18n.rs");
        let mut unused: Vec<&String> =
            keys.iter().filter(|k| !used.contains(k.as_str()) && !i18n_rs.contains(&format!("\"{k}\""))).collect();
        unused.sort();
        assert!(unused.is_empty(), "keys no code uses: {unused:?}");
    }

    /// The `REJECTED => PREFERRED` lines of the "Rejected variants" block
    /// of `docs/glossary.md`.
    fn rejected_variants() -> Vec<(&'static str, &'static str)> {
        let glossary = include_str!("../../docs/glossary.md");
        let section = glossary.split("\n## Rejected variants").nth(1).expect("a Rejected variants section");
        let block = section.split("```text\n").nth(1).and_then(|b| b.split("```").next()).expect("a ```text block");
        block
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_once(" => ").unwrap_or_else(|| panic!("not a REJECTED => PREFERRED line: {l}")))
            .collect()
    }

    /// Whether `text` uses the variant `rejected` of `preferred`, with the
    /// two conventions of the glossary: `^…$` is a whole text, and an
    /// occurrence inside an occurrence of the preferred term does not count.
    fn uses_rejected(text: &str, rejected: &str, preferred: &str) -> bool {
        match rejected.strip_prefix('^').and_then(|r| r.strip_suffix('$')) {
            Some(whole) => text == whole,
            None => text.replace(preferred, "\u{0}").contains(rejected),
        }
    }

    #[test]
    fn the_glossary_rules_are_read_as_documented() {
        let rules = rejected_variants();
        assert!(rules.len() > 50, "only {} rules read from docs/glossary.md", rules.len());
        assert!(rules.contains(&("フォルダ", "フォルダー")) && rules.contains(&("^戻す$", "元に戻す")));
        assert!(!uses_rejected("ファイルまたはフォルダーがありません", "フォルダ", "フォルダー"));
        assert!(uses_rejected("フォルダがあり、フォルダーに", "フォルダ", "フォルダー"));
        assert!(!uses_rejected("P局面に戻す手", "^戻す$", "元に戻す"));
        assert!(uses_rejected("戻す", "^戻す$", "元に戻す"));
        assert!(!uses_rejected("元に戻す", "^戻す$", "元に戻す"));
    }

    #[test]
    fn japanese_texts_use_the_glossary_terms() {
        let rules = rejected_variants();
        let mut bad: Vec<String> = messages(Language::Japanese)
            .into_iter()
            .flat_map(|(key, text)| {
                rules
                    .iter()
                    .filter(|(r, p)| uses_rejected(&text, r, p))
                    .map(|(r, p)| format!("{key}: {r} => {p} in 「{text}」"))
                    .collect::<Vec<_>>()
            })
            .collect();
        bad.sort();
        assert!(bad.is_empty(), "Japanese texts use variants docs/glossary.md rejects:\n{}", bad.join("\n"));
    }

    /// Hiragana, katakana (except the middle dot ・) and kanji.
    fn is_japanese(c: char) -> bool {
        matches!(c, '\u{3040}'..='\u{309F}' | '\u{30A0}'..='\u{30FA}' | '\u{30FC}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}' | '々')
    }

    /// What breaks the typography rules of `docs/glossary.md` in a Japanese text.
    fn typography_faults(text: &str) -> Vec<&'static str> {
        let c: Vec<char> = text.chars().collect();
        let at = |i: usize| c.get(i).copied().unwrap_or(' ');
        let before = |i: usize| if i == 0 { ' ' } else { c[i - 1] };
        // The nearest character that is not a space, either side of `i`.
        let left = |i: usize| c[..i].iter().rev().find(|&&x| x != ' ').copied().unwrap_or(' ');
        let right = |i: usize| c[i + 1..].iter().find(|&&x| x != ' ').copied().unwrap_or(' ');
        // The letter x in a size: 8x8, 8 x 8, {w} x {h}, 4 x n.
        let size_x = |i: usize| {
            let spaced = before(i) == ' ' && at(i + 1) == ' ';
            let (l, r) = if spaced { (i.checked_sub(2), i + 2) } else { (i.checked_sub(1), i + 1) };
            let number_left = l.is_some_and(|l| c[l].is_ascii_digit() || c[l] == '}');
            let number_right = at(r).is_ascii_digit()
                || at(r) == '{'
                || (at(r).is_ascii_alphabetic() && !at(r + 1).is_ascii_alphanumeric());
            number_left && number_right
        };
        let mut faults = Vec::new();
        let mut fault = |f| {
            if !faults.contains(&f) {
                faults.push(f)
            }
        };
        if text.contains("P 局面") || text.contains("N 局面") {
            fault("P局面/N局面 without a space");
        }
        for (i, &ch) in c.iter().enumerate() {
            match ch {
                '"' | '\'' => fault("「」, not ASCII quotes"),
                '!' => fault("full-width ！, not !"),
                '（' | '）' => fault("half-width ( ), not （ ）"),
                '(' if is_japanese(before(i)) => fault("a space between Japanese text and ("),
                ')' if is_japanese(at(i + 1)) => fault("a space between ) and Japanese text"),
                '}' if is_japanese(at(i + 1)) && !('\u{3040}'..='\u{309F}').contains(&at(i + 1)) => {
                    fault("a space between a placeholder and its unit")
                }
                '×' if before(i) != ' ' || at(i + 1) != ' ' => fault("a space on each side of ×"),
                '·' if is_japanese(left(i)) || is_japanese(right(i)) => fault("the separator ・, not ·"),
                'x' if size_x(i) => fault("× in a size, not x"),
                _ => {}
            }
        }
        faults
    }

    #[test]
    fn the_typography_check_finds_what_it_should() {
        assert!(typography_faults("({x}, {y}) は P 局面").contains(&"P局面/N局面 without a space"));
        assert!(typography_faults("\"{text}\" は").contains(&"「」, not ASCII quotes"));
        assert!(typography_faults("完成! すべて").contains(&"full-width ！, not !"));
        assert!(typography_faults("循環(大きな値)").contains(&"a space between Japanese text and ("));
        assert!(typography_faults("P局面 (g = 0)を囲む").contains(&"a space between ) and Japanese text"));
        assert!(typography_faults("{n}マス中").contains(&"a space between a placeholder and its unit"));
        assert!(typography_faults("{w}×{h} の盤").contains(&"a space on each side of ×"));
        assert!(typography_faults("移動 · ホイール").contains(&"the separator ・, not ·"));
        for size in ["盤が {w} x {h} です", "チェス盤 8x8", "(4 x n の盤", "8 x 8 の盤"] {
            assert!(typography_faults(size).contains(&"× in a size, not x"), "{size}");
        }
        for fine in [
            "{winner}の勝ち！最後の手を指しました。",
            "「{name}・ミゼール」",
            "mod(x+y, p) + p · (⌊x/p⌋ XOR ⌊y/p⌋)、パラメータ p の龍王",
            "終了マス x + y ≤ 2 のクイーン",
            "{n} × {n} で確かめる",
            "中国では「石拾い」(jian shizi) として",
            "g(x, y) の式",
            "{v} ≥ {pre} で g({v} + {period}) = g({v})",
            "(x, y) へ移動",
            "⌊n·φ⌋、φ = (1 + √5) / 2",
            "{region}のマス",
        ] {
            assert!(typography_faults(fine).is_empty(), "{fine}: {:?}", typography_faults(fine));
        }
    }

    #[test]
    fn japanese_texts_follow_the_typography_rules() {
        let mut bad: Vec<String> = messages(Language::Japanese)
            .into_iter()
            .filter_map(|(key, text)| {
                let faults = typography_faults(&text);
                (!faults.is_empty()).then(|| format!("{key}: {} in 「{text}」", faults.join("; ")))
            })
            .collect();
        bad.sort();
        assert!(bad.is_empty(), "Japanese texts break the typography of docs/glossary.md:\n{}", bad.join("\n"));
    }

    #[test]
    fn the_bundled_font_draws_every_japanese_character() {
        // egui's own fonts have no Japanese; a character missing from the
        // bundled face would be drawn as a box (and make kittest panic).
        use ab_glyph::Font;
        let font = crate::draw::font::font().expect("the bundled font");
        let mut missing: Vec<String> = messages(Language::Japanese)
            .into_iter()
            .flat_map(|(key, text)| {
                text.chars()
                    .filter(|&c| {
                        is_japanese(c) || matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}' | '・' | '×')
                    })
                    .filter(|&c| font.glyph_id(c).0 == 0)
                    .map(|c| format!("{c} in {key}"))
                    .collect::<Vec<_>>()
            })
            .collect();
        missing.sort();
        assert!(missing.is_empty(), "characters without a glyph:\n{}", missing.join("\n"));
    }

    #[test]
    fn file_errors_are_said_in_the_users_language() {
        let missing = std::fs::read("/no/such/dir/x.json").unwrap_err();
        let full =
            crate::fsutil::OsError { kind: std::io::ErrorKind::StorageFull, message: "No space".into(), refusal: None };
        let odd = crate::fsutil::OsError { kind: std::io::ErrorKind::Other, message: "strange".into(), refusal: None };
        let unwritable =
            crate::fsutil::atomic_write(std::path::Path::new("/no/such/dir/x.json"), |_| Ok(())).unwrap_err();
        set_language(Language::Japanese);
        assert_eq!(io_reason(&missing), "ファイルまたはフォルダーがありません");
        assert_eq!(os_reason(&full), "ディスクがいっぱいです");
        #[cfg(unix)]
        {
            // A device: refused by Grundy Lab, said in Japanese too.
            let device = crate::fsutil::atomic_write(std::path::Path::new("/dev/full"), |_| Ok(())).unwrap_err();
            assert!(file_error(&device).contains("通常のファイルではありません"), "{}", file_error(&device));
            let fifo = crate::fsutil::read_limited(std::path::Path::new("/dev/null"), 10).unwrap_err();
            assert_eq!(io_reason(&fifo), tr("io.not_regular"));
        }
        assert!(file_error(&unwritable).contains("に書き込めません: ファイルまたはフォルダーがありません"));
        let export = crate::map::export::ExportError::File(unwritable.clone());
        assert_eq!(export_error(&export), file_error(&unwritable));
        // Kinds without a text of their own keep the system's words.
        assert_eq!(os_reason(&odd), "strange");
        set_language(Language::English);
        assert_eq!(io_reason(&missing), "the file or folder does not exist");
        assert_eq!(file_error(&unwritable), "cannot write /no/such/dir/x.json: the file or folder does not exist");
        let draw = crate::draw::DrawError::Extension { path: "a.gif".into() };
        assert_eq!(draw_reason(&draw), "the file name must end in .png or .svg");
    }

    #[test]
    fn library_errors_are_said_in_the_users_language() {
        use crate::conjecture::{ErrorKind, Formula, FormulaError};
        use crate::grundy::EngineError;
        use crate::rules::{Offset, OffsetKind, RulesError, RulesFileError};
        let mut runtime = FormulaError::new(ErrorKind::Runtime, "Division by zero");
        runtime.cell = Some((2, 3));
        runtime.position = Some((1, 5));
        let parse = Formula::compile("x +").unwrap_err();
        let rules = [
            RulesError::ZeroOffset(OffsetKind::Jump),
            RulesError::OffsetTooLarge(OffsetKind::Slide, Offset::new(5000, 1)),
            RulesError::TooManyOffsets(30_000),
            RulesError::TooManyTerminalCells(2_000_000),
            RulesError::TerminalTooFar([1 << 21, 0, 0]),
            RulesError::BadDimension(9),
            RulesError::TerminalOfManyHeaps(4),
            RulesError::OffsetOutsideDimension(OffsetKind::Slide, Offset::new(1, 1), 1),
            RulesError::ProgramAndPiece,
            RulesError::BreaksAndMore,
            RulesError::ProgramDimension { program: 1, rules: 2 },
            RulesError::NameTooLong(300),
            RulesError::TooManyPasses(9),
            RulesError::DescriptionTooLong(20_000),
            RulesError::ControlCharacter { field: crate::rules::TextField::Name, ch: '\u{7}' },
            RulesError::ControlCharacter { field: crate::rules::TextField::Description, ch: '\u{10}' },
        ];
        let engine = [
            EngineError::TooLarge { dims: [100_000, 100_000, 1], needed: 40 << 30, limit: 8 << 30 },
            EngineError::BadSize { width: 0, height: 5, depth: 1, dimension: 2 },
            EngineError::BadSize { width: 4, height: 5, depth: 1, dimension: 1 },
            EngineError::InvalidRules(RulesError::ZeroOffset(OffsetKind::Slide)),
            EngineError::TakeAndBreak { name: "ケイルズ".into() },
            EngineError::ManyHeaps { name: "ニム".into(), dimension: 5 },
            EngineError::BadHeaps { sides: vec![4, 4, 4, 5], dimension: 4 },
            EngineError::TooLargeHeaps {
                sides: vec![1000; 4],
                positions: 1_000_000_000_000,
                sorted: false,
                needed: 4 << 40,
                limit: 8 << 30,
            },
            EngineError::Heaps(crate::grundy::heaps::HeapsFault::Cycle {
                positions: "(1, 0, 0, 0) → (0, 0, 0, 1) → (1, 0, 0, 0)".into(),
            }),
            EngineError::Cancelled,
        ];
        let file = RulesFileError::Version { found: 9 };
        let files = [
            RulesFileError::NotJson { detail: "EOF while parsing".into(), line: 3, column: 9 },
            RulesFileError::Shape { detail: "unknown field `slidez`".into(), line: 7, column: 2 },
            RulesFileError::TooManyOffsets { count: 30_000 },
            RulesFileError::TooManyTerminalCells { count: 2_000_000 },
            RulesFileError::Invalid { error: RulesError::ZeroOffset(OffsetKind::Jump), entry: None },
        ];
        let panicked: crate::jobs::JobError<EngineError> = crate::jobs::JobError::Panicked("oops".into());

        set_language(Language::Japanese);
        let mut texts = vec![formula_error(&runtime), formula_error(&parse), rules_file_error(&file)];
        texts.extend(rules.iter().map(rules_error));
        texts.extend(files.iter().map(rules_file_error));
        texts.extend(engine.iter().map(engine_error));
        for t in &texts {
            // Only names and units stay in Latin letters.
            // A command to type stays as it is typed.
            let words = t.replace("grundy-lab ppos --rules", "").replace("--size", "");
            let words = words
                .replace("Grundy Lab", "")
                .replace(" GB", "")
                .replace(" TB", "")
                .replace(" PB", "")
                .replace(" EB", "")
                .replace("U+", "")
                .replace("JSON", "");
            assert!(!words.chars().any(|c| c.is_ascii_alphabetic()), "English: {t}");
            assert!(typography_faults(t).is_empty(), "{t}: {:?}", typography_faults(t));
        }
        assert_eq!(
            formula_error(&runtime),
            "(2, 3) のマス: 式を計算できません (0 での割り算、型の不一致、関数の範囲外など) (1 行 5 文字目)"
        );
        assert!(
            engine_error(&engine[0]).starts_with("100000 × 100000 の表には 42.9 GB"),
            "{}",
            engine_error(&engine[0])
        );
        assert!(job_error(&panicked, engine_error).starts_with("内部エラー: "));

        set_language(Language::English);
        // English keeps the library's words where they are more precise.
        assert_eq!(formula_error(&runtime), runtime.to_string());
        assert_eq!(formula_error(&parse), parse.to_string());
        assert_eq!(rules_file_error(&file), "it is a version 9 file; this version of Grundy Lab reads versions 1 to 5");
        // The JSON reader's words in English.
        assert_eq!(rules_file_error(&files[1]), files[1].to_string());
        assert_eq!(
            engine_error(&engine[3]),
            "These rules cannot be computed: the slides hold (0, 0), which does not move the piece."
        );
        assert!(engine_error(&engine[1]).starts_with("0 × 5 is not a size"));
        assert!(engine_error(&engine[2]).contains("a game of 1 coordinates"), "{}", engine_error(&engine[2]));
    }

    #[test]
    fn knight_picture_and_export_errors_are_said_in_the_users_language() {
        use crate::draw::DrawError;
        use crate::grundy::{Allocation, LimitSource, MemoryError};
        use crate::knight::{BoardError, LeaperError, Pos, StyleError, StyleNumber, TourError};
        use crate::map::export::ExportError;
        let memory = |source| MemoryError {
            what: Allocation::Picture { width: 30_000, height: 20_000 },
            needed: 4 << 30,
            limit: 1 << 30,
            source,
        };
        let bench = MemoryError { what: Allocation::Benchmark { side: 65_536 }, ..memory(LimitSource::Fallback) };
        let errors = || {
            let mut texts = vec![
                board_error(&BoardError::Size { width: 0, height: 300 }),
                board_error(&BoardError::CellCount { width: 2, height: 2, cells: 3 }),
                board_error(&BoardError::RowLength { row: 1, cells: 1, width: 2 }),
                board_error(&BoardError::BadCell { x: 3, y: 0, ch: '#' }),
                leaper_error(&LeaperError::NeverMoves),
                leaper_error(&LeaperError::TooFar { a: 1, b: 40 }),
                tour_error(&TourError::StartNotInRegion { start: Pos::new(9, 0) }),
                draw_reason(&DrawError::PixelSize { px: 0 }),
                draw_reason(&DrawError::SceneSize { width: 0.0, height: 3.0 }),
                draw_reason(&DrawError::Allocate { width: 9000, height: 9000 }),
                draw_reason(&DrawError::Memory(memory(LimitSource::System))),
                memory_error(&memory(LimitSource::Environment)),
                memory_error(&bench),
                export_error(&ExportError::Cancelled),
                export_error(&ExportError::Empty),
                export_error(&ExportError::TooLarge { width: 40_000, height: 10 }),
                export_error(&ExportError::Pyramid { needed: 3 << 30, limit: 1 << 30 }),
                export_error(&ExportError::Picture(DrawError::PixelSize { px: 0 })),
                memory_error(&memory(LimitSource::AddressSpace)),
            ];
            texts.extend(StyleNumber::ALL.map(|number| style_error(&StyleError { number, value: 25.0 })));
            texts
        };
        set_language(Language::Japanese);
        for t in errors() {
            // Only the board's letters, the leaper's fields a and b, units
            // and the variable's name stay in Latin letters.
            let words = t
                .replace("「A」", "")
                .replace("a か b", "")
                .replace("「B」", "")
                .replace(crate::grundy::LIMIT_VARIABLE, "")
                .replace("ulimit -v", "");
            let words = words.replace(" GB", "").replace(" MB", "").replace("P局面", "");
            assert!(!words.chars().any(|c| c.is_ascii_alphabetic()), "English: {t}");
            assert!(typography_faults(&t).is_empty(), "{t}: {:?}", typography_faults(&t));
        }
        assert_eq!(
            tour_error(&TourError::StartNotInRegion { start: Pos::new(9, 0) }),
            "出発マス (9, 0) がこの領域のマスではない"
        );
        set_language(Language::English);
        let english = errors();
        assert_eq!(english[4], "a (0,0)-leaper never moves; make a or b more than 0");
        assert!(english[12].starts_with("the benchmark at 65536 × 65536 needs 4.3 GB"), "{}", english[12]);
    }

    #[test]
    fn a_cycle_and_the_limits_are_worded_in_both_languages() {
        use crate::rules::{ProgramError, ProgramLimit};
        let cycle = ProgramError::Cycle { positions: vec![[1, 0, 0], [0, 1, 0], [1, 0, 0]], dimension: 2 };
        let options =
            ProgramError::Limit { position: "(11)".into(), limit: ProgramLimit::Options { max: 10, listed: 11 } };
        set_language(Language::Japanese);
        assert_eq!(
            program_error(&cycle),
            "このゲームは終わりません。手が (1, 0) → (0, 1) → (1, 0) と一巡します (ゲームは有限でなければなりません)"
        );
        assert!(program_error(&options).contains("設定「1 局面の手の数」の 10 個"), "{}", program_error(&options));
        set_language(Language::English);
        assert!(program_error(&cycle).contains("go round the cycle (1, 0) → (0, 1) → (1, 0)"));
        assert!(program_error(&options).contains("options per position"));
        // A long cycle is cut in the middle, its last position kept.
        let long: Vec<[u64; 3]> = (0..40).map(|i| [i % 20, 0, 0]).collect();
        let text = crate::rules::cycle_text(&long, 1);
        assert_eq!(text.matches(" → ").count(), 13, "{text}");
        assert!(text.contains("…") && text.ends_with("(19)"), "{text}");
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
