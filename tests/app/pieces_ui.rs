//! The Pieces tab driven by egui_kittest in the real app: a piece built by
//! clicking its move matrix, the live preview, a formula typed and checked,
//! counterexamples after one changed cell, drag painting, undo/redo, the
//! parameter-p preset, files saved and opened by path, a bad file, and the
//! user's library. No sleeps: the harness is stepped until a condition holds.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use crate::common;
use common::{shows, step_until};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::rules::{Offset, Piece, from_json, preset};
use grundy_lab::ui::GrundyLabApp;
use grundy_lab::ui::tabs::Tab;

/// English, the Pieces tab open.
const PIECES: &str = r#"{"shared":{"settings":{"language":"English"}},"tab":"Pieces"}"#;
const DRAGON_KING: &str = "(x + y) % 3 + 3 * ((x / 3) ^ (y / 3))";

fn harness(saved: &'static str) -> Harness<'static, GrundyLabApp> {
    common::app(saved).build()
}

fn idle(app: &GrundyLabApp) -> bool {
    !app.state.pieces.is_busy()
}

fn piece(h: &Harness<'_, GrundyLabApp>) -> Piece {
    h.state().state.pieces.draft.piece.clone()
}

fn click(h: &mut Harness<'_, GrundyLabApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Replace the text of the text field labelled `label`.
fn type_into(h: &mut Harness<'_, GrundyLabApp>, label: &str, text: &str) {
    let role = if h.query_by_role_and_label(Role::TextInput, label).is_some() {
        Role::TextInput
    } else {
        Role::MultilineTextInput
    };
    h.get_by_role_and_label(role, label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_role_and_label(role, label).type_text(text);
    h.run();
}

fn check_on_64(h: &mut Harness<'_, GrundyLabApp>) -> (u64, u64) {
    // The workbench is taller than the window: when the button was scrolled
    // out of view, egui takes no click until the scroll has settled.
    h.get_by_label("Check on 64 × 64").scroll_to_me();
    h.run_steps(10);
    click(h, "Check on 64 × 64");
    step_until(h, "the check finishes", |a| idle(a) && a.state.pieces.check_counts().is_some());
    h.run();
    h.state().state.pieces.check_counts().unwrap()
}

#[test]
fn the_dragon_king_built_by_clicks_checked_and_then_broken() {
    let mut h = harness(PIECES);
    h.run();
    assert!(shows(&h, "Invent a piece"));
    click(&mut h, "New (no moves)");
    assert!(piece(&h).is_empty());
    // Symmetry is on: two clicks on (1, 0) make slides left and up; one
    // click on (1, 1) makes the diagonal jump.
    click(&mut h, "offset (1, 0)");
    assert_eq!(piece(&h), Piece::new(&[], &[(1, 0), (0, 1)]));
    click(&mut h, "offset (1, 0)");
    click(&mut h, "offset (1, 1)");
    assert_eq!(piece(&h), preset("dragon-king").unwrap().piece);

    // The preview shows the dragon king's Grundy numbers.
    step_until(&mut h, "the preview is computed", |a| a.state.pieces.preview_value(23, 23).is_some());
    h.run();
    assert!(shows(&h, "Preview: Grundy numbers of my piece on 24 × 24"));
    for (x, y) in [(0, 0), (1, 1), (2, 5), (7, 3), (23, 22)] {
        let want = grundy_lab::theory::ryuoh_grundy(3, x, y) as u32;
        assert_eq!(h.state().state.pieces.preview_value(x as usize, y as usize), Some(want), "g({x}, {y})");
    }

    // A typo is shown at its place while typing; the formula then reads.
    type_into(&mut h, "Formula for g(x, y)", "(x + y) % 3 + 3 *");
    assert!(shows(&h, "Line 1, column"), "the error and its position are shown");
    type_into(&mut h, "Formula for g(x, y)", DRAGON_KING);
    assert!(shows(&h, "The formula reads correctly."));
    assert_eq!(check_on_64(&mut h), (4096, 0));
    assert!(shows(&h, "The formula holds on every cell with 0 ≤ x < 64 and 0 ≤ y < 64 (4096 cells)"));
    assert!(shows(&h, "A finite check is evidence, not a proof."));
    assert!(shows(&h, "Cells checked: 4096    Cells that differ: 0"));
    assert!(h.query_by_label("Difference picture of the last check").is_some());

    // Pattern hints: the 64 x 64 check is too small, so the hints compute
    // their own 128 x 128 table, and find the block form with p = 3.
    // The workbench is taller than the window: bring the button into view.
    h.get_by_label("Find patterns in the 128 × 128 table").scroll_to_me();
    h.run();
    click(&mut h, "Find patterns in the 128 × 128 table");
    step_until(&mut h, "the hints are found", idle);
    h.run();
    assert!(shows(&h, "Block form with p = 3"));
    assert!(shows(&h, "on all 128 × 128 cells"));
    assert!(shows(&h, "of 128 rows are periodic or additively periodic"));

    // One more cell, symmetry off: a jump (2, 1). The formula now fails.
    click(&mut h, "Keep symmetric (x ↔ y)");
    click(&mut h, "offset (2, 1)");
    let mut want = preset("dragon-king").unwrap().piece;
    want.jumps.insert(Offset::new(2, 1));
    assert_eq!(piece(&h), want);
    assert!(shows(&h, "has changed since this check"));
    let (cells, differ) = check_on_64(&mut h);
    assert_eq!(cells, 4096);
    assert!(differ > 0);
    assert!(shows(&h, "The formula does not hold"));
    let node = h.query_all_by_label_contains("): table g = ").next().expect("a counterexample");
    let first = node.accesskit_node().label().expect("a label");
    // Click it: the map opens on that cell with this piece (the map keeps
    // repainting while it computes, so step rather than run).
    h.get_by_label(&first).click();
    h.run_steps(3);
    let app = h.state();
    assert_eq!(app.state.tab, Tab::Map);
    assert_eq!(app.state.shared.rules.piece, want);
    let (x, y) = app.state.map.pinned().expect("the map pins the cell");
    assert!(first.starts_with(&format!("({x}, {y})")), "{first}");
}

#[test]
fn undo_redo_drag_painting_and_the_parameter_p_preset() {
    let mut h = harness(PIECES);
    h.run();
    click(&mut h, "New (no moves)");
    click(&mut h, "Slide diagonally (1, 1)");
    click(&mut h, "offset (2, 0)");
    assert_eq!(piece(&h), Piece::new(&[(1, 1)], &[(2, 0), (0, 2)]));
    // Ctrl+Z takes back one change, Ctrl+Y plays it again; the buttons too.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(piece(&h), Piece::new(&[(1, 1)], &[]));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(piece(&h), Piece::new(&[(1, 1)], &[(2, 0), (0, 2)]));
    click(&mut h, "Undo");
    click(&mut h, "Undo");
    assert!(piece(&h).is_empty());
    click(&mut h, "Redo");
    assert_eq!(piece(&h), Piece::new(&[(1, 1)], &[]));

    // A drag from (4, 0) to (4, 3) paints four jumps (and their mirrors),
    // one undo step.
    click(&mut h, "New (no moves)");
    let from = h.get_by_label("offset (4, 0)").rect().center();
    let to = h.get_by_label("offset (4, 3)").rect().center();
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for i in 1..=12 {
        h.hover_at(from + (to - from) * (i as f32 / 12.0));
        h.step();
    }
    h.drop_at(to);
    h.run();
    let p = piece(&h);
    for dy in 0..=3 {
        assert!(p.jumps.contains(&Offset::new(4, dy)) && p.jumps.contains(&Offset::new(dy, 4)), "{p:?}");
    }
    assert_eq!(p.jumps.len(), 8);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(piece(&h).is_empty(), "the whole drag is one undo step");

    // The parameter-p piece for p = 5 is the ryuoh:5 preset.
    h.get_by_role_and_label(Role::SpinButton, "p").set_value_accesskit(5.0);
    h.run();
    assert_eq!(h.state().state.pieces.p, 5);
    click(&mut h, "Parameter-p piece");
    assert_eq!(h.state().state.pieces.draft, preset("ryuoh:5").unwrap());
}

#[test]
fn save_and_open_by_path_a_bad_file_and_my_pieces() {
    let dir = std::env::temp_dir().join(format!("grundy-lab-pieces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kingish.json");
    let mut h = harness(PIECES);
    h.run();
    click(&mut h, "Dragon king");
    click(&mut h, "offset (2, 2)");
    click(&mut h, "Misère: the last move loses");
    type_into(&mut h, "Name", "kingish");
    let made = h.state().state.pieces.draft.clone();
    assert_eq!(made.name, "kingish");
    assert!(made.piece.jumps.contains(&Offset::new(2, 2)));

    type_into(&mut h, "File path", &path.display().to_string());
    click(&mut h, "Save to this path");
    assert!(shows(&h, "Saved to"));
    assert_eq!(from_json(&std::fs::read_to_string(&path).unwrap()).unwrap(), made);

    click(&mut h, "New (no moves)");
    assert_ne!(h.state().state.pieces.draft, made);
    click(&mut h, "Open this path");
    assert!(shows(&h, "Opened"));
    assert_eq!(h.state().state.pieces.draft, made);

    // A bad file: a message that says what is wrong; the piece is unchanged.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ \"format\": \"grundy-lab-rules\", \"version\": 1, \"name\": \"x\", \"jumps\": [[0, 0]] }")
        .unwrap();
    type_into(&mut h, "File path", &bad.display().to_string());
    click(&mut h, "Open this path");
    assert!(shows(&h, "Could not open"));
    assert!(shows(&h, "jumps[0]"), "the message names the problem");
    assert!(shows(&h, "The piece was not changed."));
    assert_eq!(h.state().state.pieces.draft, made);
    type_into(&mut h, "File path", &dir.join("missing.json").display().to_string());
    click(&mut h, "Open this path");
    assert!(shows(&h, "Could not open"));
    assert_eq!(h.state().state.pieces.draft, made);

    // My pieces: kept in the shared state (saved between runs), opened again.
    click(&mut h, "Keep in My pieces");
    assert_eq!(h.state().state.shared.saved_pieces, vec![made.clone()]);
    click(&mut h, "New (no moves)");
    click(&mut h, &format!("Open {}", made.label()));
    assert_eq!(h.state().state.pieces.draft, made);
    let saved = h.state().state.to_saved();
    let (back, warn) = grundy_lab::ui::AppState::from_saved(Some(&saved));
    assert!(warn.is_none());
    assert_eq!(back.shared.saved_pieces, vec![made.clone()]);

    // Use in Play makes it the current game.
    click(&mut h, "Use in Play");
    assert_eq!(h.state().state.shared.rules, made);
    assert!(shows(&h, "This piece is the current game."));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_tab_in_japanese() {
    let mut h = harness(r#"{"shared":{"settings":{"language":"Japanese"}},"tab":"Pieces"}"#);
    h.run();
    assert!(shows(&h, "駒を発明してみましょう"));
    h.get_by_label("龍王").click();
    step_until(&mut h, "the preview is computed", |a| a.state.pieces.preview_value(0, 0).is_some());
    h.run();
    assert!(shows(&h, "プレビュー"));

    // A known formula chosen by its Japanese name.
    click(&mut h, "知られている式を入れる");
    click(&mut h, "ニム (飛車)");
    assert_eq!(h.state().state.pieces.formula, "x ^ y");

    // Pattern hints: periodic lines described in Japanese, not English.
    let node = h.query_all_by_label_contains("の表から規則を探す").next().expect("the hints button");
    let find = node.accesskit_node().label().expect("a label");
    click(&mut h, &find);
    step_until(&mut h, "the hints are found", idle);
    h.run();
    assert!(shows(&h, "行 y = 0: "), "a row is named in Japanese");
    assert!(shows(&h, "(加法的に周期的: 周期"), "its periodicity is described in Japanese");
    for english in ["row y", "column x", "diagonal", "periodic", "saltus", " for x "] {
        assert!(!shows(&h, english), "English in Japanese mode: {english}");
    }
}

#[test]
fn a_helper_chosen_from_the_menu_goes_into_the_formula() {
    let mut h = harness(PIECES);
    h.run();
    h.state_mut().state.pieces.formula = "1 + ".to_string();
    h.run();
    click(&mut h, "Helper functions");
    click(&mut h, "nim(x, y)");
    assert_eq!(h.state().state.pieces.formula, "1 + nim(x, y)");
    assert!(shows(&h, "The formula reads correctly."));
    // Once more: at the cursor (now after the first call), not replacing it.
    click(&mut h, "Helper functions");
    click(&mut h, "floor_phi(n)");
    assert!(h.state().state.pieces.formula.starts_with("1 + nim(x, y)"), "{}", h.state().state.pieces.formula);
    assert!(h.state().state.pieces.formula.contains("floor_phi(x)"));
}

#[test]
fn the_move_matrix_fits_a_projector_at_every_size() {
    // 1280 px wide, as a classroom projector: the editor panel is at its
    // narrowest, and the piece's own corner (the right-hand column) must
    // still be on screen, left of the preview.
    let mut h = common::app(PIECES).size([1280.0, 800.0]).build();
    h.run();
    let central = h.query_all_by_label_contains("Invent a piece").next().expect("the intro").rect().min.x;
    for n in [3u32, 15, 25, 40] {
        h.state_mut().state.pieces.grid = n;
        step_until(&mut h, "the preview is idle", idle);
        h.run();
        assert_eq!(h.state().state.pieces.grid, n, "the size {n} is allowed");
        let corner = h.get_by_label("the piece").rect();
        let far = h.get_by_label(&format!("offset ({}, {})", n - 1, n - 1)).rect();
        assert!(corner.max.x <= central, "{n}: the piece's column ends at {} past the panel ({central})", corner.max.x);
        assert!(corner.width() >= 5.0 && (corner.width() - far.width()).abs() < 0.01, "{n}: {corner:?} {far:?}");
        assert!(far.min.x >= 0.0 && far.min.x < corner.min.x, "{n}: {far:?}");
    }
}

/// The label of the first widget whose label contains `text`.
fn label_with(h: &Harness<'_, GrundyLabApp>, text: &str) -> String {
    let node = h.query_all_by_label_contains(text).next().unwrap_or_else(|| panic!("nothing shows {text}"));
    // A label keeps its text in the value (as kittest's own filter reads it).
    let node = node.accesskit_node();
    let text = if node.role() == Role::Label { node.value() } else { node.label() };
    text.expect("a text").to_string()
}

#[test]
fn formula_errors_in_japanese_have_no_english() {
    let mut h = harness(r#"{"shared":{"settings":{"language":"Japanese"}},"tab":"Pieces"}"#);
    h.run();
    // A formula that does not parse: where it is, and what, in Japanese.
    type_into(&mut h, "g(x, y) の式", "x + ");
    let parse = label_with(&h, "式の書き方に誤りがあります");
    assert!(parse.contains(" 行 ") && parse.contains(" 文字目"), "{parse}");
    assert!(!parse.chars().any(|c| c.is_ascii_alphabetic()), "English in Japanese mode: {parse}");

    // A formula that parses but divides by zero on the row y = 3: the check
    // job stops, and says so in Japanese without rhai's English words.
    type_into(&mut h, "g(x, y) の式", "x / (y - 3)");
    assert!(shows(&h, "式の書き方に誤りはありません"), "the formula parses");
    click(&mut h, "64 × 64 で確かめる");
    step_until(&mut h, "the check stops", idle);
    h.run();
    assert_eq!(h.state().state.pieces.check_counts(), None, "no report for a formula that fails");
    let stopped = label_with(&h, "確認が止まりました");
    assert!(stopped.contains("のマス: 式を計算できません"), "{stopped}");
    assert!(!stopped.chars().any(|c| c.is_ascii_alphabetic()), "English in Japanese mode: {stopped}");
    for english in ["at cell", "Division", "division", "zero", "(line"] {
        assert!(!shows(&h, english), "English in Japanese mode: {english}");
    }
}

#[test]
fn formula_errors_in_english_keep_the_details() {
    let mut h = harness(PIECES);
    h.run();
    type_into(&mut h, "Formula for g(x, y)", "x / (y - 3)");
    click(&mut h, "Check on 64 × 64");
    step_until(&mut h, "the check stops", idle);
    h.run();
    let stopped = label_with(&h, "The check stopped");
    assert!(stopped.contains("at cell ("), "{stopped}");
    assert!(stopped.to_lowercase().contains("zero"), "the engine's words name the failure: {stopped}");
}

#[test]
fn a_three_heap_piece_is_edited_plane_by_plane_with_every_permutation() {
    let mut h = harness(PIECES);
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Three to eight heaps:").click();
    h.run();
    click(&mut h, "Three-heap Wythoff (two heaps at once)");
    assert_eq!(h.state().state.pieces.draft.dimension, 3);
    // The queen-3 moves: three axes and three pairs of axes, all slides.
    assert!(shows(&h, "All moves (6)"), "the move list counts the piece's moves");
    assert!(shows(&h, "offset (2, 1, 0)"), "the matrix cells name three coordinates");
    // The next plane: the moves with dz = 1.
    assert!(!shows(&h, "offset (1, 0, 1)"));
    h.get_by_role_and_label(Role::Slider, "Plane of the matrix").focus();
    h.run();
    h.key_press(Key::ArrowRight);
    h.run();
    assert!(shows(&h, "offset (1, 0, 1)"), "the slider shows the plane dz = 1");
    h.key_press(Key::ArrowLeft);
    h.run();
    click(&mut h, "Treat the three heaps alike (every order of dx, dy, dz)");
    click(&mut h, "offset (2, 1, 0)");
    let p = piece(&h);
    for o in [(2, 1, 0), (1, 2, 0), (2, 0, 1), (0, 1, 2), (1, 0, 2), (0, 2, 1)] {
        assert!(p.jumps.contains(&Offset::new3(o.0, o.1, o.2)), "{o:?} is a jump too");
    }
    assert_eq!(p.jumps.len(), 6);
    assert!(shows(&h, "All moves (12)"));
}

#[test]
fn a_three_heap_formula_is_checked_on_the_cube_and_a_counterexample_opens_its_plane() {
    let mut h = harness(PIECES);
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Three to eight heaps:").click();
    h.run();
    click(&mut h, "Three-heap Nim");
    h.state_mut().state.pieces.check_size = 20;
    // x ^ y ^ z holds everywhere (Bouton); x ^ y fails where z > 0.
    type_into(&mut h, "Formula for g(x, y)", "x ^ y");
    click(&mut h, "Check on 20 × 20 × 20");
    step_until(&mut h, "the check finishes", |a| idle(a) && a.state.pieces.check_counts().is_some());
    h.run();
    let (cells, differing) = h.state().state.pieces.check_counts().unwrap();
    assert_eq!(cells, 8000, "the whole cube is checked");
    assert_eq!(differing, 8000 - 400, "x ^ y = x ^ y ^ z only where z = 0");
    // The first counterexample names all three coordinates: (1, 0, 1) has g = 0, formula 1.
    let cx = "(1, 0, 1): table g = 0, formula 1";
    assert!(shows(&h, cx), "the counterexample shows x, y and z");
    click(&mut h, cx);
    h.run();
    assert_eq!(h.state().state.map.options.plane_at, 1, "the map turns to the plane z = 1");
    assert_eq!(h.state().state.map.pinned(), Some((1, 0)));
}

/// The workbench's hints read the queen's P-positions as sequences: the
/// difference n, the mex construction and α = (1 + √5)/2, each with a
/// formula that inserts and holds.
#[test]
fn the_workbench_finds_the_golden_ratio_in_the_queen_s_p_positions() {
    let mut h = harness(PIECES);
    h.run();
    assert_eq!(h.state().state.pieces.draft.name, "queen");
    h.get_by_label("Find patterns in the 128 × 128 table").scroll_to_me();
    h.run();
    // The job repaints as it goes: step, do not wait for the frames to settle.
    h.get_by_label("Find patterns in the 128 × 128 table").click();
    h.run_steps(2);
    step_until(&mut h, "the hints are found", idle);
    h.run();
    assert!(shows(&h, "P-positions as sequences"));
    assert!(shows(&h, "of the 320 × 320 table, sorted by a(n):"));
    assert!(shows(&h, "(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)"), "Wythoff's pairs");
    assert!(shows(&h, "The difference b(n) − a(n) = n for every n <"));
    assert!(shows(&h, "the mex construction"));
    assert!(shows(&h, "α = (1 + √5)/2"), "the golden ratio, exactly");
    h.get_by_label("Insert the Beatty formula").scroll_to_me();
    h.run();
    click(&mut h, "Insert the Beatty formula");
    // The formula field now holds the hint's formula (each hint's formula
    // is checked on its whole table when it is found: tests/hints.rs), and
    // it reads.
    let field = h.query_all_by_label("Formula for g(x, y)").next().expect("the formula field");
    let text = field.accesskit_node().value().expect("a text").to_string();
    let same = h.query_all_by(|n| n.label().is_some_and(|l| l == text) || n.value().is_some_and(|v| v == text)).count();
    assert!(same >= 2 && text.contains("floor"), "the field and the hint both show {text} ({same} times)");
    assert!(shows(&h, "The formula reads correctly."));
}

#[test]
fn the_limits_of_one_position_are_fields_below_the_program() {
    let saved = r#"{"shared":{"settings":{"language":"English"}},"tab":"Pieces","pieces":{"mode":"Program"}}"#;
    let mut h = harness(saved);
    h.run();
    // The preview computes while the fields are used: step, do not settle.
    h.get_by_label("ho-wythoff").click();
    h.run_steps(2);
    step_until(&mut h, "the draft is Ho's program and its preview", |a| {
        a.state.pieces.draft.program.as_ref().is_some_and(|p| p.source().contains("0 < l < k")) && idle(a)
    });
    h.run();
    let options = h.get_by_role_and_label(Role::SpinButton, "Options per position");
    assert_eq!(options.value().as_deref(), Some("65536"), "today's limit is the default");
    let seconds = h.get_by_role_and_label(Role::SpinButton, "Seconds per position");
    assert_eq!(seconds.value().as_deref(), Some("0.50"));
    // A click opens the number for typing; Enter sets it.
    h.get_by_role_and_label(Role::SpinButton, "Options per position").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.event(egui::Event::Text("200000".into()));
    h.key_press(Key::Enter);
    h.run_steps(2);
    step_until(&mut h, "the new limit and its preview", |a| {
        a.state.pieces.draft.limits.max_options == 200_000 && idle(a)
    });
    assert!(h.state().state.pieces.draft.validate().is_ok());
    // One undo step takes it back.
    h.state_mut().state.pieces.undo();
    h.run_steps(2);
    assert!(h.state().state.pieces.draft.limits.is_default());
}

#[test]
fn a_game_that_never_ends_is_named_by_its_cycle_in_the_preview() {
    let cycle = "fn moves(x, y) { if x > 0 { [[x - 1, y + 1]] } else if y > 0 { [[x + 1, y - 1]] } else { [] } }";
    let saved = format!(
        r#"{{"shared":{{"settings":{{"language":"English"}}}},"tab":"Pieces","pieces":{{"mode":"Program","program":{{"source":"{cycle}"}}}}}}"#
    );
    let mut h = common::app(saved).build();
    h.run_steps(2);
    step_until(&mut h, "the draft is the program", |a| {
        a.state.pieces.draft.program.as_ref().is_some_and(|p| p.source().contains("x + 1"))
    });
    common::step_until_shows(&mut h, "go round the cycle (1, 0) → (0, 1) → (1, 0)");
    // A game with a memory that ends is computed: the no-imitation game.
    h.get_by_label("imitation-nim").click();
    h.run_steps(2);
    step_until(&mut h, "the preview of the game with a memory", |a| {
        a.state.pieces.preview_table().is_some_and(|t| {
            t.rules().program.as_ref().is_some_and(|p| p.source().contains("imitate")) && t.is_complete()
        })
    });
    let t = h.state().state.pieces.preview_table().unwrap().clone();
    assert!(t.is_p_at([2, 1, 0], 0) && !t.is_p_at([1, 1, 0], 0), "Wythoff's pair (2, 1) at t = 0");
}

#[test]
fn a_program_of_four_heaps_says_where_it_is_computed_in_both_languages() {
    let four = "fn moves(a, b, c, d) { if a > 0 { [[a - 1, b, c, d]] } else { [] } }";
    for (language, program_sentence, preview_sentence, map, used, on_map) in [
        (
            "English",
            "A game of 4 heaps: Play plays it and the map draws its planes",
            "A game of 4 heaps: the plane (x1, x2, 0, 0)",
            "Show in map",
            "This game has 4 heaps and starts at (3, 5, 7, 9).",
            "the map draws one plane of the game's 4 coordinates at a time",
        ),
        (
            "Japanese",
            "山が 4 個のゲームです。対局で遊べて、マップはその断面を表示します",
            "山が 4 個のゲーム: 断面 (x1, x2, 0, 0) です",
            "マップで見る",
            "このゲームの山は 4 個で、(3, 5, 7, 9) から始めます。",
            "マップはゲームの 4 個の座標のうち 2 個を横と縦にとった断面を 1 枚ずつ表示します",
        ),
    ] {
        let saved = format!(
            r#"{{"shared":{{"settings":{{"language":"{language}"}}}},"tab":"Pieces","play":{{"options":{{"nim_heaps":[3,5,7]}}}},"map":{{"options":{{"size":16}}}},"pieces":{{"mode":"Program","program":{{"source":"{four}"}}}}}}"#
        );
        let mut h = common::app(saved).build();
        h.run_steps(2);
        step_until(&mut h, "the draft is the program", |a| a.state.pieces.draft.dimension == 4);
        common::step_until_shows(&mut h, program_sentence);
        common::step_until_shows(&mut h, preview_sentence);
        // It becomes the game of Play, with a fourth heap 9 after the three typed.
        let play = if language == "English" { "Use in Play" } else { "対局で使う" };
        h.get_by_label(play).scroll_to_me();
        h.run();
        h.get_by_label(play).click();
        h.run_steps(3);
        assert_eq!(h.state().state.shared.rules.dimension, 4, "{language}");
        h.get_by_label(if language == "English" { "Play" } else { "対局" }).click();
        step_until(&mut h, "the game of four heaps", |a| a.state.play.heaps().is_some_and(|g| g.has_table()));
        common::step_until_shows(&mut h, used);
        // And the map draws its planes.
        h.get_by_label(if language == "English" { "Pieces" } else { "駒をつくる" }).click();
        h.run_steps(3);
        h.get_by_label(map).scroll_to_me();
        h.run();
        h.get_by_label(map).click();
        step_until(&mut h, "the map of four heaps", |a| a.state.map.heaps_table().is_some());
        common::step_until_shows(&mut h, on_map);
    }
}

/// Values of a game of two heaps by recursion: the rook's slides along both
/// heaps and the jumps given, on `n x n`.
fn rook_with_jumps(n: usize, jumps: &[(usize, usize)]) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut values: Vec<u32> = (0..x).map(|a| g[a][y]).chain((0..y).map(|b| g[x][b])).collect();
            values.extend(jumps.iter().filter(|&&(a, b)| a <= x && b <= y).map(|&(a, b)| g[x - a][y - b]));
            g[x][y] = (0..).find(|v| !values.contains(v)).unwrap();
        }
    }
    g
}

#[test]
fn a_piece_of_four_heaps_is_edited_as_a_list_of_moves() {
    let mut h = harness(PIECES);
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Three to eight heaps:").click();
    h.run();
    // Each change of the piece starts the preview's job: steps until it ends.
    let settle = |h: &mut Harness<'_, GrundyLabApp>| {
        h.run_steps(2);
        step_until(h, "the preview of the piece", idle);
    };
    h.get_by_label("Nim of 4 heaps (the rook of 4 coordinates)").click();
    settle(&mut h);
    assert_eq!(h.state().state.pieces.draft.dimension, 4);
    // The rook of four heaps: one slide along each heap, in a list (no
    // matrix, no terminal cells).
    assert!(shows(&h, "All moves (4)"), "the list counts the moves");
    for m in ["(1, 0, 0, 0)", "(0, 1, 0, 0)", "(0, 0, 1, 0)", "(0, 0, 0, 1)"] {
        assert!(shows(&h, m), "the list shows {m}");
    }
    assert!(shows(&h, "No matrix can draw 4 heaps"), "the help says why it is a list");
    assert!(!shows(&h, "Terminal cells (the game ends here)"), "a piece of four heaps has no terminal cells");
    // A new move: the jump (1, 1, 0, 0), written heap by heap. The heaps
    // are treated alike: every order of its steps comes with it.
    assert!(shows(&h, "The moves treat the heaps alike"), "Nim of 4 heaps is symmetric");
    h.get_by_role_and_label(Role::SpinButton, "x2").set_value_accesskit(1.0);
    h.run_steps(2);
    h.get_by_label("Jump (once)").click();
    h.run_steps(2);
    h.get_by_label("Add the move").click();
    settle(&mut h);
    let jump = Offset::of(&[1, 1, 0, 0]);
    assert_eq!(piece(&h).jumps, jump.orders(4).into_iter().collect(), "the six orders of (1, 1, 0, 0)");
    assert!(shows(&h, "All moves (10)") && shows(&h, "(0, 1, 0, 1)") && shows(&h, "The moves treat the heaps alike"));
    // Removing one removes every order.
    h.get_all_by_label("Remove").last().unwrap().click();
    settle(&mut h);
    assert_eq!(piece(&h), preset("nim-4").unwrap().piece);
    // One move alone, the heaps no longer alike.
    click(&mut h, "Treat the 4 heaps alike (every order of the steps)");
    h.get_by_label("Add the move").click();
    settle(&mut h);
    assert!(piece(&h).jumps.contains(&jump) && piece(&h).jumps.len() == 1, "the jump is a move of the piece");
    assert!(shows(&h, "All moves (5)") && shows(&h, "(1, 1, 0, 0)"));
    assert!(!shows(&h, "The moves treat the heaps alike"), "(0, 1, 0, 1) is no move");
    // The preview, the plane (x1, x2, 0, 0), is the rook with that jump.
    step_until(&mut h, "the preview of the new piece", |a| idle(a) && a.state.pieces.preview_value(1, 1).is_some());
    let g = rook_with_jumps(8, &[(1, 1)]);
    for (x, column) in g.iter().enumerate() {
        for (y, &value) in column.iter().enumerate() {
            assert_eq!(h.state().state.pieces.preview_value(x, y), Some(value), "g({x}, {y}, 0, 0)");
        }
    }
    // Its row makes it a slide, and removes it; Ctrl+Z brings it back.
    h.get_all_by_label("slide").last().unwrap().click();
    settle(&mut h);
    assert!(piece(&h).slides.contains(&jump) && !piece(&h).jumps.contains(&jump), "a slide now");
    // The moved row is the last: slides first, each kind in order.
    h.get_all_by_label("Remove").last().unwrap().click();
    settle(&mut h);
    assert_eq!(piece(&h), preset("nim-4").unwrap().piece, "the rook of four heaps again");
    assert!(shows(&h, "All moves (4)"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(piece(&h).slides.contains(&jump), "undo brings the move back");
    // A move that takes nothing cannot be added, and the editor says why.
    for x in ["x1", "x2"] {
        h.get_by_role_and_label(Role::SpinButton, x).set_value_accesskit(0.0);
        h.run_steps(2);
    }
    assert!(shows(&h, "A move takes at least one stone"));
    assert!(h.get_by_label("Add the move").accesskit_node().is_disabled());
}
