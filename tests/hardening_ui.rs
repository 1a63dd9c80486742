//! Bad input through the app's doors, driven by egui_kittest: a piece with
//! many slide directions made in the editor and played, and damaged saved
//! settings loaded through the same code as the app start. Each case ends
//! with the app running (and a banner where something was refused), never a
//! crash.

#![allow(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

mod common;
use common::{shows, step_until};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::knight::Design;
use grundy_lab::play::nim::DEFAULT_HEAPS;
use grundy_lab::ui::GrundyLabApp;

fn harness(saved: String) -> Harness<'static, GrundyLabApp> {
    let saved: &'static str = Box::leak(saved.into_boxed_str());
    Harness::builder()
        .with_max_steps(50)
        .with_size([1920.0, 1080.0])
        .build_eframe(move |cc| GrundyLabApp::from_saved(&cc.egui_ctx, Some(saved)))
}

fn click(h: &mut Harness<'_, GrundyLabApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

#[test]
fn a_piece_with_nine_slide_directions_is_previewed_and_played() {
    let mut h = harness(r#"{"shared":{"settings":{"language":"English"}},"tab":"Pieces"}"#.into());
    h.run();
    click(&mut h, "New (no moves)");
    // Symmetry is on: two clicks make an offset and its mirror slides.
    for offset in ["offset (1, 0)", "offset (1, 1)", "offset (1, 2)", "offset (1, 3)", "offset (2, 3)"] {
        click(&mut h, offset);
        click(&mut h, offset);
    }
    assert_eq!(h.state().state.pieces.draft.piece.slides.len(), 9);
    step_until(&mut h, "the preview is computed", |a| !a.state.pieces.is_busy());
    h.run();
    assert!(!shows(&h, "internal error"), "the preview failed");
    click(&mut h, "Use in Play");
    assert_eq!(h.state().state.shared.rules.piece.slides.len(), 9);
    click(&mut h, "Play");
    step_until(&mut h, "the game is set up", |a| a.state.play.game.is_some());
    h.run();
    assert!(!shows(&h, "internal error"));
    assert_eq!(h.state().state.play.game.as_ref().unwrap().rules().piece.slides.len(), 9);
}

/// Saved settings whose current rules are `rules` (JSON of a `Rules`).
fn with_rules(rules: &str) -> String {
    format!(r#"{{"shared":{{"settings":{{"language":"English"}},"rules":{rules}}},"tab":"Play"}}"#)
}

#[test]
fn saved_rules_that_fail_validation_start_the_defaults_with_a_banner() {
    let zero = r#"{"name":"bad","description":"","piece":{"slides":[{"dx":0,"dy":0}],"jumps":[]},"terminal":[],"convention":"normal"}"#;
    let far = r#"{"name":"far","description":"","piece":{"slides":[],"jumps":[{"dx":99999,"dy":1}]},"terminal":[],"convention":"normal"}"#;
    for (rules, why) in [(zero, "[0, 0]"), (far, "at most 4096")] {
        let mut h = harness(with_rules(rules));
        h.run();
        let warning = h.state().load_warning.clone().expect("a banner");
        assert!(warning.contains(why), "{warning}");
        assert_eq!(h.state().state.shared.rules.name, "queen");
        assert!(shows(&h, "could not be read"));
        step_until(&mut h, "the default game is set up", |a| a.state.play.game.is_some());
    }
    // The same rules kept in My pieces, or in the editor, are refused too.
    let mine = format!(r#"{{"shared":{{"saved_pieces":[{zero}]}}}}"#);
    let editing = format!(r#"{{"pieces":{{"draft":{zero}}}}}"#);
    for saved in [mine, editing] {
        let mut h = harness(saved);
        h.run();
        assert!(h.state().load_warning.as_deref().is_some_and(|w| w.contains("[0, 0]")));
    }
}

#[test]
fn saved_numbers_are_clamped_to_what_the_controls_allow() {
    let heaps = vec!["1"; 100_000].join(",");
    let saved = format!(
        r#"{{"shared":{{"settings":{{"language":"English","scale":1e30}}}},"tab":"Play",
            "play":{{"options":{{"mode":"Nim","nim_heaps":[{heaps}],"computer_delay":-5}}}},
            "pieces":{{"grid":100000,"check_size":99999999}},
            "map":{{"options":{{"size":4000000000}},"camera":{{"x0":1e300,"y0":0,"zoom":0}}}},
            "knight":{{"options":{{"width":100000,"height":0,"export_px":4000000000,"time_limit":1e9}}}}}}"#
    );
    let mut h = harness(saved);
    h.run();
    let s = &h.state().state;
    assert!(h.state().load_warning.is_none());
    assert_eq!(s.play.options.nim_heaps, DEFAULT_HEAPS.to_vec());
    assert_eq!(s.play.options.computer_delay, 0.0);
    assert_eq!(s.pieces.grid, 40);
    assert_eq!(s.pieces.check_size, 2048);
    assert_eq!(s.map.options.size, 16384);
    assert!(s.map.camera.is_none());
    assert_eq!((s.knight.options.width, s.knight.options.height), (64, 1));
    assert_eq!(s.knight.options.export_px, 10_000);
    assert_eq!(s.knight.options.time_limit, 600.0);
    assert_eq!(s.shared.settings.scale, 3.0);
    step_until(&mut h, "the Nim game is set up", |a| a.state.play.nim.is_some());
}

#[test]
fn a_saved_design_that_cannot_be_read_is_not_replaced_silently() {
    let good = Design::default().to_json();
    let newer = good.replacen("\"version\": 1", "\"version\": 2", 1);
    assert_ne!(good, newer, "the design file has a version field");
    for design in [newer, "not a design".to_string()] {
        let saved =
            serde_json::json!({ "shared": { "settings": { "language": "English" } }, "knight": { "design": design } });
        let mut h = harness(saved.to_string());
        h.run();
        let warning = h.state().load_warning.clone().expect("a banner");
        assert!(warning.contains("knight design"), "{warning}");
    }
}

#[test]
fn a_ui_test_that_times_out_leaves_a_picture_of_the_screen() {
    let mut h = harness(r#"{"shared":{"settings":{"language":"English"}},"tab":"Play"}"#.into());
    let what = "a condition that never holds";
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/step_until/a-condition-that-never-holds.png");
    let _ = std::fs::remove_file(&path);
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        common::step_until_within(&mut h, what, std::time::Duration::from_millis(200), |_| false);
    }));
    let message = failed.expect_err("the step fails at its deadline");
    let message = message.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains(&path.display().to_string()), "the failure says where the screen is: {message}");
    let image = image::open(&path).expect("the screen is a PNG");
    assert!(image.width() > 100 && image.height() > 100);
}
