//! "Build the P-positions step by step" in the real app: Step builds the
//! first P-positions of the queen, the king and the knight, the table beside
//! the map reads them (n, a, b, b − a, and ⌊nφ⌋, ⌊nφ²⌋ for the queen), and
//! they are the cells of value 0 of the map's table in the article's order;
//! the queen's steps say "a(n) = the least number not yet used, b(n) = a(n) + n";
//! Back undoes a step; Play steps by itself; the Play tab opens it; in the
//! lesson view the keys step it on a board that fills the window.

use crate::common;
use common::{shows, step_until};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{AccessKitNode, NodeT, Queryable};
use grundy_lab::rules::preset;
use grundy_lab::theory::wythoff_pair;
use grundy_lab::ui::GrundyLabApp;
use grundy_lab::ui::tabs::Tab;

const MAP_64: &str = r#"{"shared":{"settings":{"language":"English"}},"tab":"Map","map":{"options":{"size":64}}}"#;

fn ready(app: &GrundyLabApp, name: &str) -> bool {
    let m = &app.state.map;
    !m.is_computing() && m.table().is_some_and(|t| t.rules().name == name && t.is_complete())
}

/// The rows of the table beside the map: every label made of numbers only,
/// as numbers (the header "n a b" is not one).
fn rows(h: &Harness<'_, GrundyLabApp>) -> Vec<Vec<u128>> {
    // A label's text is its accesskit value.
    let text = |n: &AccessKitNode<'_>| n.value().or_else(|| n.label());
    h.query_all_by(|n| n.role() == Role::Label && text(n).is_some_and(|t| t.split_whitespace().count() >= 3))
        .filter_map(|n| {
            let t = text(&n.accesskit_node())?;
            t.split_whitespace().map(|w| w.parse::<u128>().ok()).collect::<Option<Vec<u128>>>()
        })
        .collect()
}

/// The P-positions of the map's table on the `side x side` board in the
/// article's order: pairs a <= b by a, then b (the pieces here are
/// symmetric).
fn zeros_in_order(app: &GrundyLabApp, side: usize) -> Vec<(usize, usize)> {
    let t = app.state.map.table().expect("the table").clone();
    (0..side).flat_map(|a| (a..side).map(move |b| (a, b))).filter(|&(a, b)| t.get(a, b) == 0).collect()
}

fn click(h: &mut Harness<'_, GrundyLabApp>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
}

/// Open the construction for `piece`, take ten steps, and check the rows.
fn ten_steps(piece: &str) -> Harness<'static, GrundyLabApp> {
    // Tall enough for the ten rows to be in sight (only those are laid out).
    let mut h = common::app(MAP_64).size([1280.0, 1000.0]).build();
    h.state_mut().state.shared.rules = preset(piece).expect("a preset");
    step_until(&mut h, "the table of the piece", |a| ready(a, piece));
    // The side panel stops moving once the table's statistics are in.
    step_until(&mut h, "the table finished", |a| a.state.map.is_finished());
    h.run_steps(2);
    click(&mut h, "Build the P-positions step by step");
    step_until(&mut h, "the construction built", |a| a.state.map.construction_shown() == Some(0));
    assert!(shows(&h, "Every cell of the 32 × 32 board is free"), "the start is said");
    for _ in 0..10 {
        click(&mut h, "Step");
    }
    assert_eq!(h.state().state.map.construction_shown(), Some(10));
    let rows = rows(&h);
    assert_eq!(rows.len(), 10, "{piece}: one row a step: {rows:?}");
    let zeros = zeros_in_order(h.state(), 32);
    for (n, row) in rows.iter().enumerate() {
        let (a, b) = zeros[n];
        assert_eq!(&row[..3], &[n as u128, a as u128, b as u128], "{piece}: row {n} is the pair of value 0 {n}");
        assert_eq!(h.state().state.map.table().expect("the table").get(b, a), 0, "{piece}: the mirror too");
    }
    h
}

#[test]
fn ten_steps_of_the_queen_are_the_wythoff_pairs() {
    let mut h = ten_steps("queen");
    for (n, row) in rows(&h).iter().enumerate() {
        let (a, b) = wythoff_pair(n as u64);
        assert_eq!(row.len(), 6, "n, a, b, b − a, ⌊nφ⌋, ⌊nφ²⌋");
        assert_eq!(&row[1..], &[a, b, n as u128, a, b], "row {n}");
    }
    assert!(shows(&h, "⌊nφ²⌋") && shows(&h, "b−a"), "the header names the columns");
    assert!(shows(
        &h,
        "Step 9: a(n) = the least number not yet used = 14, and b(n) = a(n) + n = 14 + 9 = 23, because the differences 0 to 8 belong to the pairs before. So (14,\u{a0}23) is a P-position, and so is its mirror (23,\u{a0}14)."
    ));
    // Back undoes the tenth step: its row goes, the sentence is step 8's.
    click(&mut h, "Back");
    assert_eq!(h.state().state.map.construction_shown(), Some(9));
    let after = rows(&h);
    assert_eq!(after.len(), 9);
    assert_eq!(after.last().unwrap()[..3], [8, 12, 20]);
    assert!(shows(&h, "Step 8: a(n) = the least number not yet used = 12, and b(n) = a(n) + n = 12 + 8 = 20"));
    // Step again takes the same pair.
    click(&mut h, "Step");
    assert_eq!(rows(&h).last().unwrap()[..3], [9, 14, 23]);
}

#[test]
fn ten_steps_of_the_king_and_the_knight_are_their_cells_of_value_0() {
    let mut h = ten_steps("king");
    // No Beatty columns for another piece; b − a for a symmetric one.
    assert!(rows(&h).iter().all(|r| r.len() == 4 && r[3] == r[2] - r[1]));
    assert!(!shows(&h, "⌊nφ⌋"));
    // The king's a_n is not the least number unused ((0, 2) while 1 is
    // free): its steps are told as the least free cell.
    click(&mut h, "Start again");
    click(&mut h, "Step");
    click(&mut h, "Step");
    assert!(shows(&h, "Step 1: the least free cell (0,\u{a0}2) is a P-position"));
    assert!(!shows(&h, "the least number not yet used"));
    let h = ten_steps("knight");
    assert!(rows(&h).iter().all(|r| r.len() == 4));
}

#[test]
fn play_steps_by_itself_and_the_play_tab_opens_the_construction() {
    let mut h = common::app(MAP_64).size([1280.0, 800.0]).build();
    h.state_mut().state.tab = Tab::Play;
    h.run_steps(3);
    // The button is the last of the Play tab's options: scroll to it.
    h.get_by_label("Build the P-positions step by step").scroll_to_me();
    h.run_steps(3);
    click(&mut h, "Build the P-positions step by step");
    assert_eq!(h.state().state.tab, Tab::Map, "the button opens the map");
    assert!(h.state().state.map.is_construction_open());
    step_until(&mut h, "the construction built", |a| a.state.map.construction_shown() == Some(0));
    assert!(shows(&h, "Speed (steps per second)"), "the speed slider is there");
    click(&mut h, "Play the steps");
    step_until(&mut h, "three steps played", |a| a.state.map.construction_shown() >= Some(3));
    click(&mut h, "Pause");
    let paused = h.state().state.map.construction_shown();
    h.run_steps(30);
    assert_eq!(h.state().state.map.construction_shown(), paused, "Pause stops");
}

#[test]
fn the_construction_speaks_japanese_and_says_why_it_cannot_build_misere() {
    let mut h = common::app(MAP_64).size([1280.0, 800.0]).language("Japanese").build();
    step_until(&mut h, "the queen table", |a| ready(a, "queen") && a.state.map.is_finished());
    h.run_steps(2);
    click(&mut h, "P局面を一歩ずつ作る");
    step_until(&mut h, "the construction built", |a| a.state.map.construction_shown() == Some(0));
    click(&mut h, "一歩進む");
    click(&mut h, "一歩進む");
    assert!(shows(&h, "ステップ 1: a(n) = まだ使われていない最小の数 = 1、b(n) = a(n) + n = 1 + 1 = 2 です。"));
    assert!(shows(&h, "よって (1,\u{a0}2) はP局面で、左右を入れかえた (2,\u{a0}1) もP局面です。"));
    h.state_mut().state.shared.rules = preset("queen").unwrap().misere();
    h.run_steps(3);
    assert!(shows(&h, "この作り方は通常ルール"), "misère is refused with a sentence");
    assert_eq!(h.state().state.map.construction_shown(), None);
}

/// The construction of the queen in the lesson view at `size`: opened in
/// the normal view, then L.
fn lesson(size: [f32; 2], language: &'static str, open: &str) -> Harness<'static, GrundyLabApp> {
    let mut h = common::app(MAP_64).size(size).language(language).build();
    step_until(&mut h, "the queen table", |a| ready(a, "queen") && a.state.map.is_finished());
    h.run_steps(2);
    click(&mut h, open);
    step_until(&mut h, "the construction built", |a| a.state.map.construction_shown() == Some(0));
    h.key_press(egui::Key::L);
    h.run_steps(3);
    assert!(h.state().state.shared.settings.lesson, "L opens the lesson view");
    h
}

/// The side of the construction's board on screen: from the centre of
/// cell (0, 0) to that of (31, 31), plus a cell.
fn board_side(h: &Harness<'_, GrundyLabApp>) -> f32 {
    let map = &h.state().state.map;
    let (a, b) = (map.cell_screen_pos(0, 0).expect("(0, 0) on screen"), map.cell_screen_pos(31, 31).expect("(31, 31)"));
    (b.y - a.y) + map.zoom() as f32
}

#[test]
fn the_lesson_view_steps_the_construction_with_the_keys_on_a_board_that_fills_the_window() {
    for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        let mut h = lesson(size, "English", "Build the P-positions step by step");
        assert!(shows(&h, "The piece moves alike along both axes"), "why (3, 5) comes before (5, 3)");
        // The board is refitted to the construction's square; nothing of
        // the real map is drawn beside it.
        let side = board_side(&h);
        assert!(side >= 0.7 * size[1], "{size:?}: the board is {side} px");
        assert_eq!(h.state().state.map.numbers_drawn(), 0, "no value of the real map is written");
        for _ in 0..4 {
            h.key_press(egui::Key::ArrowRight);
            h.run_steps(2);
        }
        assert_eq!(h.state().state.map.construction_shown(), Some(4), "→ steps");
        assert!(shows(&h, "Step 3: a(n) = the least number not yet used = 4, and b(n) = a(n) + n = 4 + 3 = 7"));
        assert!(shows(&h, "b−a"), "{size:?}: the b − a column");
        // Every column of every row is in the window.
        let rows = rows(&h);
        assert_eq!(rows.len(), 4, "{size:?}: {rows:?}");
        assert_eq!(rows[3], [3, 4, 7, 3, 4, 7]);
        for row in h.query_all_by(|n| n.role() == Role::Label && n.value().is_some_and(|t| t.starts_with("3 "))) {
            let r = row.rect();
            assert!(r.max.x <= size[0] && r.max.y <= size[1], "{size:?}: row 3 is cut: {r:?}");
        }
        h.key_press(egui::Key::ArrowLeft);
        h.run_steps(2);
        assert_eq!(h.state().state.map.construction_shown(), Some(3), "← steps back");
        h.key_press(egui::Key::Home);
        h.run_steps(2);
        assert_eq!(h.state().state.map.construction_shown(), Some(0), "Home starts again");
        // The big buttons are there too.
        click(&mut h, "Step →");
        assert_eq!(h.state().state.map.construction_shown(), Some(1));
        assert!((board_side(&h) - side).abs() < 1.0, "the board keeps its size when the sentence changes");
    }
}

#[test]
fn the_lesson_of_the_construction_speaks_japanese() {
    let mut h = lesson([1280.0, 800.0], "Japanese", "P局面を一歩ずつ作る");
    h.key_press(egui::Key::ArrowRight);
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert!(shows(&h, "ステップ 1: a(n) = まだ使われていない最小の数 = 1"));
    click(&mut h, "一歩進む →");
    assert_eq!(h.state().state.map.construction_shown(), Some(3));
}

/// Screenshots of the construction's lesson at three sizes in both
/// languages, normal and Presentation, in target/construction-shots/ (to
/// look at; run with --ignored).
#[test]
#[ignore = "writes the construction's screenshots for a person to look at"]
fn construction_lesson_screenshots() {
    std::fs::create_dir_all("target/construction-shots").expect("a folder");
    for (language, open) in [("English", "Build the P-positions step by step"), ("Japanese", "P局面を一歩ずつ作る")]
    {
        for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
            for presentation in [false, true] {
                let mut h = common::app(MAP_64).size(size).language(language).presentation(presentation).wgpu().build();
                step_until(&mut h, "the queen table", |a| ready(a, "queen") && a.state.map.is_finished());
                h.run_steps(2);
                click(&mut h, open);
                step_until(&mut h, "the construction built", |a| a.state.map.construction_shown() == Some(0));
                for _ in 0..6 {
                    h.key_press(egui::Key::ArrowRight);
                    h.run_steps(1);
                }
                h.run_steps(2);
                let name =
                    format!("{}-{}x{}{}", &language[..2], size[0], size[1], if presentation { "-p" } else { "" });
                let image = h.render().expect("a picture");
                image.save(format!("target/construction-shots/{name}.png")).expect("saved");
                h.key_press(egui::Key::L);
                h.run_steps(3);
                let image = h.render().expect("a picture");
                image.save(format!("target/construction-shots/{name}-lesson.png")).expect("saved");
            }
        }
    }
}
