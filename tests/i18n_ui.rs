//! Every tab in Japanese shows no sentence of the English table: each text
//! a person can read (labels and values of the accessibility tree) is
//! searched for the English texts of `locales/app.yml` that differ from
//! their Japanese ones.

#![allow(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

mod common;
use common::step_until;

use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
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
        let mut shown = Vec::new();
        for node in h.root().children_recursive() {
            let n = node.accesskit_node();
            shown.extend(n.label());
            shown.extend(n.value());
        }
        assert!(shown.len() > 20, "{tab}: only {} texts found", shown.len());
        let english: Vec<String> = shown
            .iter()
            .flat_map(|text| {
                fragments
                    .iter()
                    .filter(|(_, f)| text.contains(f.as_str()))
                    .map(move |(k, f)| format!("{k}: {f:?} in {text:?}"))
            })
            .collect();
        assert!(english.is_empty(), "{tab} in Japanese shows English:\n{}", english.join("\n"));
    }
}
