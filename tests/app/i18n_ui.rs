//! Every tab in Japanese shows no sentence of the English table: each text
//! a person can read (labels and values of the accessibility tree) is
//! searched for the English texts of `locales/app.yml` that differ from
//! their Japanese ones.

use crate::common;
use common::step_until;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::ui::GrundyLabApp;
use grundy_lab::ui::tabs::Tab;

/// The English texts whose Japanese text differs, as the fixed pieces
/// between their `{placeholders}` that are long enough to mean something.
fn english_fragments() -> Vec<(String, String)> {
    let file = include_str!("../../locales/app.yml");
    let mut out = Vec::new();
    let mut key = String::new();
    let mut en = String::new();
    let unquote = |s: &str| s.trim().trim_start_matches('"').trim_end_matches('"').replace("\\\"", "\"");
    for line in file.lines() {
        if line.starts_with('"') && line.ends_with(':') {
            key = line.trim_end_matches(':').trim_matches('"').to_string();
        } else if let Some(t) = line.strip_prefix("  en: ") {
            en = unquote(t);
        } else if let Some(t) = line.strip_prefix("  ja: ")
            && unquote(t) != en
        {
            for fragment in en.split(['{', '}']).step_by(2) {
                let words = fragment.split_whitespace().count();
                if fragment.trim().len() >= 12 && words >= 3 {
                    out.push((key.clone(), fragment.trim().to_string()));
                }
            }
        }
    }
    out
}

fn harness(tab: &str) -> Harness<'static, GrundyLabApp> {
    let saved = format!(
        r#"{{"shared":{{"settings":{{"language":"Japanese"}}}},"tab":"{tab}","map":{{"options":{{"size":64}}}}}}"#
    );
    common::app(saved).build()
}

#[test]
fn japanese_tabs_show_no_english_sentence() {
    let fragments = english_fragments();
    assert!(fragments.len() > 200, "only {} English fragments", fragments.len());
    for (tab, wanted) in [("Play", Tab::Play), ("Map", Tab::Map), ("Pieces", Tab::Pieces), ("Knight", Tab::Knight)] {
        let mut h = harness(tab);
        step_until(&mut h, "the tab opens", |a| a.state.tab == wanted);
        // Let the tab's first jobs (the map, the preview) end.
        for _ in 0..5 {
            h.run();
        }
        let shown = shown_texts(&h);
        assert!(shown.len() > 20, "{tab}: only {} texts found", shown.len());
        let english = english_in(&shown, &fragments);
        assert!(english.is_empty(), "{tab} in Japanese shows English:\n{}", english.join("\n"));
    }
}

/// Every text a person can read on the screen now.
fn shown_texts(h: &Harness<'_, GrundyLabApp>) -> Vec<String> {
    let mut shown = Vec::new();
    for node in h.root().children_recursive() {
        let n = node.accesskit_node();
        shown.extend(n.label());
        shown.extend(n.value());
    }
    shown
}

/// The English fragments among `shown`, with their keys.
fn english_in(shown: &[String], fragments: &[(String, String)]) -> Vec<String> {
    shown
        .iter()
        .flat_map(|text| {
            fragments
                .iter()
                .filter(|(_, f)| text.contains(f.as_str()))
                .map(move |(k, f)| format!("{k}: {f:?} in {text:?}"))
        })
        .collect()
}

/// Messages caused in Japanese, and one switched to during a long job:
/// every one is worded in Japanese (the job's label included).
#[test]
fn errors_caused_in_japanese_and_a_long_job_after_a_switch_are_japanese() {
    let fragments = english_fragments();
    // A long job started in English, then the language switched.
    let saved = r#"{"shared":{"settings":{"language":"English"}},"tab":"Map","map":{"options":{"size":16384}}}"#;
    let mut h = common::app(saved).build();
    h.run_steps(3);
    assert!(h.query_by_label("Computing the Grundy numbers").is_some(), "the job runs");
    h.get_by_label("日本語").click();
    h.run_steps(3);
    assert!(h.query_by_label("グランディ数を計算中").is_some(), "the running job's label follows the language");
    let english = english_in(&shown_texts(&h), &fragments);
    assert!(english.is_empty(), "English during the job:\n{}", english.join("\n"));
    h.get_by_label("中止").click();
    h.run_steps(3);

    // A highlight list it cannot read, and a path of another kind.
    let saved = r#"{"shared":{"settings":{"language":"Japanese"}},"tab":"Map","map":{"options":{"size":64,"palette":"highlight","highlight":"1,x","export_path":"/tmp/grundy-lab-i18n-map.txt"}}}"#;
    let mut h = common::app(saved).build();
    step_until(&mut h, "the map is computed", |a| a.state.map.table().is_some_and(|t| t.is_complete()));
    h.run();
    h.get_by_label("パスに保存").click_accesskit();
    h.run();
    let shown = shown_texts(&h);
    assert!(shown.iter().any(|t| t.contains("「x」は値ではありません")), "the list's error");
    assert!(shown.iter().any(|t| t.contains("はどれでもありません")), "the path's error");
    let english = english_in(&shown, &fragments);
    assert!(english.is_empty(), "English in Japanese messages:\n{}", english.join("\n"));
}

/// Errors of rules programs, in Japanese: a program that never ends stops
/// the game in Play with its limit named, and a program that does not
/// parse says where and what in the editor; neither has English in it.
#[test]
fn program_errors_are_worded_in_japanese() {
    use grundy_lab::rules::{Program, Rules};
    let fragments = english_fragments();
    let looping = Rules::from_program("loops", Program::new("fn moves(x) { let n = 0; loop { n += 1; } }").unwrap());
    let saved = format!(
        r#"{{"shared":{{"settings":{{"language":"Japanese"}},"rules":{}}},"tab":"Play"}}"#,
        serde_json::to_string(&looping).unwrap()
    );
    let mut h = common::app(saved).build();
    step_until(&mut h, "the game is set up", |a| a.state.play.heaps().is_some_and(|g| g.failure().is_some()));
    h.run();
    let shown = shown_texts(&h);
    // Steps or time, whichever this machine reaches first.
    assert!(
        shown.iter().any(|t| t.contains("ステップ数の上限") || t.contains("時間の上限")),
        "the limit is named: {shown:?}"
    );
    let english = english_in(&shown, &fragments);
    assert!(english.is_empty(), "English in Play:\n{}", english.join("\n"));

    let saved = r#"{"shared":{"settings":{"language":"Japanese"}},"tab":"Pieces","pieces":{"mode":"Program","program":{"source":"fn moves(x) { [[x - 1]] "}}}"#;
    let mut h = common::app(saved).build();
    h.run();
    let shown = shown_texts(&h);
    assert!(shown.iter().any(|t| t.contains("このプログラムは使えません")), "the verdict: {shown:?}");
    let english = english_in(&shown, &fragments);
    assert!(english.is_empty(), "English in the program editor:\n{}", english.join("\n"));
}

/// A message on screen follows a switch of language: Play's notice after
/// a start it cannot read is reworded in Japanese.
#[test]
fn a_message_on_screen_is_reworded_after_a_switch() {
    use egui::accesskit::Role;
    let fragments = english_fragments();
    let saved = r#"{"shared":{"settings":{"language":"English"}},"tab":"Play"}"#;
    let mut h = common::app(saved).build();
    h.run();
    let pile = h.get_by_role_and_label(Role::TextInput, "Pile A");
    pile.focus();
    pile.type_text("many");
    h.run();
    h.get_by_label("Start with these piles").click();
    h.run();
    assert!(shown_texts(&h).iter().any(|t| t.starts_with("Type two whole numbers")), "the notice, in English");
    h.get_by_label("日本語").click();
    h.run();
    let shown = shown_texts(&h);
    assert!(shown.iter().any(|t| t.contains("整数を 2 つ入力してください")), "the notice, reworded");
    let english = english_in(&shown, &fragments);
    assert!(english.is_empty(), "English after the switch:\n{}", english.join("\n"));
}

/// An error caused in English in the map and in Pieces is reworded when
/// the language switches to Japanese: no English is left on screen.
#[test]
fn errors_of_each_tab_are_reworded_after_a_switch() {
    use egui::accesskit::Role;
    let fragments = english_fragments();
    for tab in ["Map", "Pieces"] {
        let saved = format!(
            r#"{{"shared":{{"settings":{{"language":"English"}}}},"tab":"{tab}","map":{{"options":{{"size":64}}}}}}"#
        );
        let mut h = common::app(saved).build();
        h.run();
        let expected_ja = if tab == "Map" {
            let field = h.get_by_role_and_label(Role::TextInput, "Go to (x, y)");
            field.focus();
            field.type_text("north");
            h.run();
            h.get_by_label("→").click_accesskit();
            h.run();
            assert!(shown_texts(&h).iter().any(|t| t.starts_with("Write two numbers")), "{tab}: the error, in English");
            "2つの数を書いてください"
        } else {
            let field = h.get_by_role_and_label(Role::TextInput, "File path");
            field.focus();
            field.type_text("/no/such/folder/piece.json");
            h.run();
            h.get_by_label("Open this path").click_accesskit();
            h.run();
            assert!(shown_texts(&h).iter().any(|t| t.starts_with("Could not open")), "{tab}: the error, in English");
            "を開けませんでした"
        };
        h.get_by_label("日本語").click();
        h.run();
        let shown = shown_texts(&h);
        assert!(shown.iter().any(|t| t.contains(expected_ja)), "{tab}: the error, reworded: {shown:?}");
        let english = english_in(&shown, &fragments);
        assert!(english.is_empty(), "{tab}: English after the switch:\n{}", english.join("\n"));
    }
}

/// The knight designer's errors caused in Japanese: design files with a
/// bad cell, a leaper that never moves or jumps too far, a style number
/// out of range and a field of the wrong type are refused in Japanese, with none of the library's English
/// words (which the message used to carry inside its Japanese sentence).
#[test]
fn knight_designer_errors_in_japanese_have_no_english() {
    use grundy_lab::knight::{Design, DesignError, Leaper, Style};
    let fragments = english_fragments();
    let dir = std::env::temp_dir().join(format!("grundy-lab-i18n-knight-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let with = |leaper: Leaper, style: Style| Design { leaper, style, ..Design::default() }.to_json();
    let cases = [
        ("cell", Design::default().to_json().replacen("\"AAAAAAAA\"", "\"AAAXAAAA\"", 1), "マス 3,0 が「X」"),
        ("zero", with(Leaper { a: 0, b: 0 }, Style::night()), "(0,0) リーパーは動けない"),
        ("far", with(Leaper { a: 1, b: 40 }, Style::night()), "リーパー (1,40) のジャンプが長すぎる"),
        ("style", with(Leaper::KNIGHT, Style { margin: 25.0, ..Style::night() }), "「余白 (マス)」が 25"),
        ("json", "{\n  \"format\": 12\n}".to_string(), "JSON形式のデザインではありません (2 行 14 文字目)"),
    ];
    let mut h = harness("Knight");
    step_until(&mut h, "the tab opens", |a| a.state.tab == Tab::Knight);
    for (name, text, japanese) in cases {
        // The library's own English for this file, which must not show.
        let library = match Design::from_json(&text).unwrap_err() {
            DesignError::Board(e) => e.to_string(),
            DesignError::Leaper(e) => e.to_string(),
            DesignError::Style(e) => e.to_string(),
            DesignError::Syntax { detail, .. } => detail,
            other => panic!("{name}: {other:?}"),
        };
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, &text).unwrap();
        h.state_mut().state.knight.files.path = path.display().to_string();
        h.run();
        h.get_by_label("パスから読み込む").click_accesskit();
        h.run();
        let shown = shown_texts(&h);
        let message = shown.iter().find(|t| t.contains("を読み込めませんでした")).unwrap_or_else(|| {
            panic!("{name}: no message among {shown:?}");
        });
        assert!(message.contains(japanese), "{name}: {message}");
        let english = english_in(&shown, &fragments);
        assert!(english.is_empty(), "{name}: English in the Japanese message:\n{}", english.join("\n"));
        // Every run of three or more Latin words of the library's message.
        for words in library.split([';', '(', ')', ',']).filter(|w| w.split_whitespace().count() >= 3) {
            assert!(!message.contains(words.trim()), "{name}: {words:?} in {message}");
        }
        assert!(!message.contains(&library), "{name}: {message}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
