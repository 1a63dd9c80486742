//! Every tab in Japanese shows no sentence of the English table: each text
//! a person can read (labels and values of the accessibility tree) is
//! searched for the English texts of `locales/app.yml` that differ from
//! their Japanese ones.

#![allow(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

mod common;
use common::step_until;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::ui::GrundyLabApp;
use grundy_lab::ui::tabs::Tab;

/// The English texts whose Japanese text differs, as the fixed pieces
/// between their `{placeholders}` that are long enough to mean something.
fn english_fragments() -> Vec<(String, String)> {
    let file = include_str!("../locales/app.yml");
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
    let saved: &'static str = Box::leak(
        format!(
            r#"{{"shared":{{"settings":{{"language":"Japanese"}}}},"tab":"{tab}","map":{{"options":{{"size":64}}}}}}"#
        )
        .into_boxed_str(),
    );
    Harness::builder()
        .with_max_steps(50)
        .with_size([1920.0, 1080.0])
        .build_eframe(move |cc| GrundyLabApp::from_saved(&cc.egui_ctx, Some(saved)))
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
            fragments.iter().filter(|(_, f)| text.contains(f.as_str())).map(move |(k, f)| format!("{k}: {f:?} in {text:?}"))
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
    let mut h = Harness::builder()
        .with_max_steps(50)
        .with_size([1920.0, 1080.0])
        .build_eframe(move |cc| GrundyLabApp::from_saved(&cc.egui_ctx, Some(saved)));
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
    let mut h = Harness::builder()
        .with_max_steps(50)
        .with_size([1920.0, 1080.0])
        .build_eframe(move |cc| GrundyLabApp::from_saved(&cc.egui_ctx, Some(saved)));
    step_until(&mut h, "the map is computed", |a| a.state.map.table().is_some_and(|t| t.is_complete()));
    h.run();
    h.get_by_label("パスに保存").click_accesskit();
    h.run();
    let shown = shown_texts(&h);
    assert!(shown.iter().any(|t| t.contains("「x」は値ではありません")), "the list's error");
    assert!(shown.iter().any(|t| t.contains("どちらでもありません")), "the path's error");
    let english = english_in(&shown, &fragments);
    assert!(english.is_empty(), "English in Japanese messages:\n{}", english.join("\n"));
}
