//! Bad input through the app's doors, driven by egui_kittest: a piece with
//! many slide directions made in the editor and played, and damaged saved
//! settings loaded through the same code as the app start. Each case ends
//! with the app running (and a banner where something was refused), never a
//! crash.

use crate::common;
use common::{shows, step_until};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::knight::Design;
use grundy_lab::play::nim::DEFAULT_HEAPS;
use grundy_lab::ui::GrundyLabApp;

fn harness(saved: String) -> Harness<'static, GrundyLabApp> {
    // A click may land while a preview is computing, which asks for frames
    // until it is done: on a loaded machine more than kittest's 50.
    common::app(saved).max_steps(400).build()
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
    step_until(&mut h, "the game is set up", |a| a.state.play.game().is_some());
    h.run();
    assert!(!shows(&h, "internal error"));
    assert_eq!(h.state().state.play.game().unwrap().rules().piece.slides.len(), 9);
}

/// Saved settings whose current rules are `rules` (JSON of a `Rules`).
fn with_rules(rules: &str) -> String {
    format!(r#"{{"shared":{{"settings":{{"language":"English"}},"rules":{rules}}},"tab":"Play"}}"#)
}

#[test]
fn saved_rules_that_fail_validation_start_the_defaults_with_a_banner() {
    let zero = r#"{"name":"bad","description":"","piece":{"slides":[{"dx":0,"dy":0}],"jumps":[]},"terminal":[],"convention":"normal"}"#;
    let far = r#"{"name":"far","description":"","piece":{"slides":[],"jumps":[{"dx":99999,"dy":1}]},"terminal":[],"convention":"normal"}"#;
    // A game has one to eight coordinates; a piece of more than three has
    // no terminal cells.
    let four = r#"{"name":"four","description":"","piece":{"slides":[{"dx":1,"dy":0}],"jumps":[]},"terminal":[[1,1]],"convention":"normal","dimension":4}"#;
    let nine = r#"{"name":"nine","description":"","piece":{"slides":[{"dx":1,"dy":0}],"jumps":[]},"terminal":[],"convention":"normal","dimension":9}"#;
    for (rules, why) in [
        (zero, "(0, 0), which does not move"),
        (far, "at most 4096"),
        (four, "a piece of 4 coordinates has no terminal cells"),
        (nine, "the game has 9 coordinates; a game has 1 to 8"),
    ] {
        let mut h = harness(with_rules(rules));
        h.run();
        assert!(h.state().load_warning.is_some(), "a banner");
        assert!(shows(&h, why), "the banner says why: {why}");
        assert_eq!(h.state().state.shared.rules.name, "queen");
        assert!(shows(&h, "could not be read"));
        step_until(&mut h, "the default game is set up", |a| a.state.play.game().is_some());
    }
    // A program of four heaps is a game of Play: it loads and is played;
    // so is a piece of four coordinates (a slide along x1 and a diagonal
    // of x2, x3 and x4), played from its table.
    let program = r#"{"name":"four","description":"","piece":{"slides":[],"jumps":[]},"terminal":[],"convention":"normal","dimension":4,"program":"fn moves(a, b, c, d) { if a > 0 { [[a - 1, b, c, d]] } else { [] } }"}"#;
    let piece = r#"{"name":"four","description":"","piece":{"slides":[{"dx":1,"dy":0},{"dx":0,"dy":1,"dz":1,"rest":[1,0,0,0,0]}],"jumps":[]},"terminal":[],"convention":"normal","dimension":4}"#;
    for (rules, what) in [(program, "a program of four heaps"), (piece, "a piece of four coordinates")] {
        let mut h = harness(with_rules(rules));
        h.run();
        assert!(h.state().load_warning.is_none(), "{what} is read");
        step_until(&mut h, "the game is set up", |a| a.state.play.heaps().is_some_and(|g| g.has_table()));
        h.run();
        assert!(shows(&h, "This game has 4 heaps"), "Play says how many heaps of {what}");
    }
    // The same rules kept in My pieces, or in the editor, are refused too.
    let mine = format!(r#"{{"shared":{{"saved_pieces":[{zero}]}}}}"#);
    let editing = format!(r#"{{"pieces":{{"draft":{zero}}}}}"#);
    for saved in [mine, editing] {
        let mut h = harness(saved);
        h.run();
        assert!(h.state().load_warning.is_some() && shows(&h, "(0, 0), which does not move"));
    }
    // A piece of four coordinates kept in My pieces or in the editor is
    // read too: the Pieces tab edits it as a list of moves, in the
    // language the file asked for.
    let piece4 = piece.replace("\"name\":\"four\"", "\"name\":\"rook4\"");
    for (language, where_, words) in [
        ("English", "saved_pieces", "Three to eight heaps:"),
        ("Japanese", "saved_pieces", "3〜8 個の山:"),
        ("English", "draft", "(0, 1, 1, 1)"),
        ("Japanese", "draft", "山 4 個は行列で描けないので"),
    ] {
        let (shared, pieces) = if where_ == "draft" {
            (format!(r#"{{"settings":{{"language":"{language}"}}}}"#), format!(r#"{{"draft":{piece4}}}"#))
        } else {
            (format!(r#"{{"settings":{{"language":"{language}"}},"saved_pieces":[{piece4}]}}"#), "{}".to_string())
        };
        let mut h = harness(format!(r#"{{"shared":{shared},"pieces":{pieces},"tab":"Pieces"}}"#));
        h.run();
        assert!(h.state().load_warning.is_none(), "{where_} in {language} is read");
        assert!(shows(&h, words), "the Pieces tab shows {words} in {language}");
        if where_ == "draft" {
            assert_eq!(h.state().state.pieces.draft.dimension, 4, "the draft of four coordinates is kept");
        } else {
            assert_eq!(h.state().state.shared.saved_pieces[0].dimension, 4);
        }
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
    step_until(&mut h, "the Nim game is set up", |a| a.state.play.nim().is_some());
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
        assert!(h.state().load_warning.is_some(), "a banner");
        assert!(shows(&h, "knight design"), "the banner names the design");
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

/// A 10 MB text pasted into a path field (it used to reach wgpu whole and
/// panic there): the field takes as many characters as a path can have.
#[test]
fn a_huge_paste_into_a_field_is_cut_to_what_the_field_takes() {
    let mut h =
        harness(r#"{"shared":{"settings":{"language":"English"}},"tab":"Map","map":{"options":{"size":64}}}"#.into());
    step_until(&mut h, "the map is computed", |a| a.state.map.table().is_some_and(|t| t.is_complete()));
    h.run();
    let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "File path");
    field.focus();
    h.run();
    h.event(egui::Event::Paste("/tmp/".repeat(2_000_000)));
    h.run();
    let typed = h.state().state.map.options.export_path.chars().count();
    assert_eq!(typed, grundy_lab::ui::widgets::MAX_PATH_CHARS, "the field keeps what it takes");
}

/// The map's "Save to path" writes by the name (PNG bytes never go into
/// `map.txt`) and says why not, as `render` does; a highlight list with
/// an item that is not a value says which.
#[test]
fn the_map_refuses_a_path_of_another_kind_and_a_list_it_cannot_read() {
    let dir = std::env::temp_dir().join(format!("grundy-lab-hardening-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let txt = dir.join("map.txt");
    let saved = format!(
        r#"{{"shared":{{"settings":{{"language":"English"}}}},"tab":"Map","map":{{"options":{{"size":64,"palette":"highlight","highlight":"1,,x,-5,99999999999","export_path":{}}}}}}}"#,
        serde_json::to_string(&txt.display().to_string()).unwrap()
    );
    let mut h = harness(saved);
    step_until(&mut h, "the map is computed", |a| a.state.map.table().is_some_and(|t| t.is_complete()));
    h.run();
    assert!(shows(&h, "“x” is not a value"), "the list's first bad item is named");
    // The export section may be below the fold: press the button as a
    // screen reader does.
    h.get_by_label("Save to path").click_accesskit();
    h.run();
    assert!(shows(&h, "has none of these"), "the refusal is on screen");
    assert!(!txt.exists(), "nothing was written");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A saved program longer than the editor takes is left out with a banner
/// that names it (in the saved language), and everything else is loaded.
#[test]
fn a_saved_program_too_long_is_left_out_with_a_banner_and_the_rest_loads() {
    let program = serde_json::to_string(&"x".repeat(grundy_lab::rules::MAX_PROGRAM_TEXT + 22)).unwrap();
    let saved = format!(
        r#"{{"shared":{{"settings":{{"language":"Japanese","scale":1.25}}}},"tab":"Pieces","pieces":{{"program":{{"source":{program}}}}}}}"#
    );
    let mut h = harness(saved);
    h.run();
    assert!(shows(&h, "編集中のルールのプログラム (100022 文字"), "the banner names what was left out");
    assert!(!shows(&h, "could not"), "in Japanese");
    assert_eq!(h.state().state.shared.settings.scale, 1.25, "the rest was loaded");
}

/// The start-size fields, at their edge: the largest number a pile may
/// hold (2^64 − 1) starts a game that the computer plays (the queen by
/// Wythoff's pairs, three-heap Nim by the nim-sum, a sum of rooks by
/// XOR), and one more is a message that says the range.
#[test]
fn the_largest_start_is_played_and_one_more_is_a_message() {
    use egui::accesskit::Role;
    let max = u64::MAX.to_string();
    for (rules, mode) in [("queen", "Queen"), ("nim-3", "Queen"), ("nim", "Sum")] {
        let rules = serde_json::to_string(&grundy_lab::rules::preset(rules).unwrap()).unwrap();
        let saved = format!(
            r#"{{"shared":{{"settings":{{"language":"English"}},"rules":{rules}}},"tab":"Play","play":{{"options":{{"mode":"{mode}","computer_delay":0.0,"show_hints":true}}}}}}"#
        );
        let mut h = harness(saved);
        h.run();
        for (field, text) in [("Pile A", max.as_str()), ("Pile B", max.as_str())] {
            let f = h.get_by_role_and_label(Role::TextInput, field);
            f.focus();
            f.type_text(text);
            h.run();
        }
        click(&mut h, "Start with these piles");
        let play = &h.state().state.play;
        assert_eq!(play.options.start, grundy_lab::play::StartSize::Custom(u64::MAX, u64::MAX), "{rules}");
        assert!(!shows(&h, "Type two whole numbers"), "{rules}: no message");
        // The person moves first; the game is on screen with its hint.
        assert!(play.game().is_some() || play.heaps().is_some() || play.sum().is_some(), "{rules}");
    }
    let mut h = harness(r#"{"shared":{"settings":{"language":"English"}},"tab":"Play"}"#.into());
    h.run();
    for field in ["Pile A", "Pile B"] {
        let f = h.get_by_role_and_label(Role::TextInput, field);
        f.focus();
        f.type_text("18446744073709551616");
        h.run();
    }
    click(&mut h, "Start with these piles");
    assert!(shows(&h, "from 0 to 18446744073709551615"), "one more is a message with the range");
}

/// A 10 MB path of the program editor in the settings file (it reached
/// wgpu whole and the app panicked at every start): the app starts, draws
/// the Pieces tab, and the banner names the path it left out.
#[test]
fn a_saved_program_path_of_ten_megabytes_is_left_out_and_the_app_draws() {
    let path = serde_json::to_string(&"/tmp/".repeat(2_000_000)).unwrap();
    let saved = format!(
        r#"{{"shared":{{"settings":{{"language":"English"}}}},"tab":"Pieces","pieces":{{"program":{{"path":{path}}}}}}}"#
    );
    let mut h = common::app(saved).size([1280.0, 800.0]).wgpu().build();
    h.run();
    h.render().expect("the window is drawn");
    assert!(shows(&h, "a file path (10000000 characters"), "the banner names what was left out");
    assert!(h.state().state.pieces.program.path.is_empty());
}
