//! The guide: opened from the Help menu on the tab on screen, one click
//! from the other tabs' guides, below the tab bar (it never covers the
//! tabs), and shown at the first start.

use crate::common;
use common::shows;

use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::ui::GrundyLabApp;

#[test]
fn the_guide_teaches_each_tab_and_never_covers_the_tabs() {
    let saved = r#"{"shared":{"settings":{"language":"English"}},"tab":"Map"}"#;
    let mut h = common::app(saved).size([1280.0, 800.0]).build();
    h.run();
    assert!(!shows(&h, "Three things to try first:"), "not opened by itself when settings exist");
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Guide to this tab").click();
    h.run();
    assert!(shows(&h, "Grundy map: the Grundy number of every position"), "the guide of the tab on screen");
    assert!(shows(&h, "Three things to try first:"));
    assert!(shows(&h, "1. Drag to move, turn the wheel to zoom"));
    // The tabs stay clickable: the guide is below the bar.
    let bar_bottom = h.query_all_by_label("Knight designer").next().unwrap().rect().bottom();
    let guide_top = h.get_by_label("Three things to try first:").rect().top();
    assert!(guide_top > bar_bottom, "the guide at {guide_top} covers the tab bar ending at {bar_bottom}");
    // Another tab's guide, from inside the guide (the second "Play" label).
    let play = h.query_all_by_label("Play").last().unwrap();
    play.click();
    h.run();
    assert!(shows(&h, "Play: play Corner the Queen"));
}

#[test]
fn the_first_start_opens_the_guide_in_the_users_language() {
    let mut h = egui_kittest::Harness::builder().with_size([1280.0, 800.0]).build_eframe(|cc| {
        grundy_lab::ui::i18n::set_language(grundy_lab::ui::i18n::Language::Japanese);
        let mut app = GrundyLabApp::from_saved(&cc.egui_ctx, None);
        app.state.shared.settings.language = grundy_lab::ui::i18n::Language::Japanese;
        app
    });
    h.run();
    assert!(shows(&h, "まず試してみること:"));
    assert!(shows(&h, "対局: クイーンを隅へ"));
}

#[test]
fn the_question_mark_of_each_tab_opens_its_guide_with_a_picture() {
    let saved = r#"{"shared":{"settings":{"language":"English"}},"tab":"Play"}"#;
    let mut h = common::app(saved).size([1280.0, 800.0]).build();
    h.run();
    for (tab, title, picture) in [
        ("Play", "Play: play Corner the Queen", "The queen (the disc) moves left, up or diagonally"),
        ("Grundy map", "Grundy map: the Grundy number of every position", "The Grundy map of the queen"),
        ("Knight designer", "Knight designer: draw a board", "A knight and its eight moves"),
    ] {
        // The map starts computing: step, do not wait for the frames to settle.
        h.query_all_by_label(tab).next().expect("the tab's button").click();
        h.run_steps(3);
        // The "?" beside the tab on screen.
        h.get_by_label("?").click();
        h.run_steps(3);
        assert!(shows(&h, title), "{tab}: the guide of this tab");
        let image = h
            .query_all_by_role(egui::accesskit::Role::Image)
            .find(|n| n.accesskit_node().label().is_some_and(|l| l.starts_with(picture)));
        assert!(image.is_some(), "{tab}: the guide's picture, described");
        assert!(shows(&h, picture), "{tab}: its caption");
        h.get_by_label("Three things to try first:");
        // Close it for the next tab.
        h.query_all_by_label("Close window").next().expect("the guide's close button").click();
        h.run_steps(3);
        assert!(!shows(&h, "Three things to try first:"), "{tab}: closed");
    }
}
