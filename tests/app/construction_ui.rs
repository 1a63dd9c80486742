//! "Build the P-positions step by step" in the real app: Step builds the
//! first P-positions of the queen, the king and the knight, the table beside
//! the map reads them (n, a, b, and ⌊nφ⌋, ⌊nφ²⌋ for the queen), and they are
//! the cells of value 0 of the map's table in the article's order; Back
//! undoes a step; Play steps by itself; the Play tab opens it.

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
        assert_eq!(row.len(), 5, "n, a, b, ⌊nφ⌋, ⌊nφ²⌋");
        assert_eq!(&row[1..], &[a, b, a, b], "row {n}");
    }
    assert!(shows(&h, "⌊nφ²⌋"), "the header names the Beatty columns");
    assert!(shows(&h, "Step 9: the least free cell (14,\u{a0}23) is a P-position, and so is its mirror (23,\u{a0}14)"));
    // Back undoes the tenth step: its row goes, the sentence is step 8's.
    click(&mut h, "Back");
    assert_eq!(h.state().state.map.construction_shown(), Some(9));
    let after = rows(&h);
    assert_eq!(after.len(), 9);
    assert_eq!(after.last().unwrap()[..3], [8, 12, 20]);
    assert!(shows(&h, "Step 8: the least free cell (12,\u{a0}20)"));
    // Step again takes the same pair.
    click(&mut h, "Step");
    assert_eq!(rows(&h).last().unwrap()[..3], [9, 14, 23]);
}

#[test]
fn ten_steps_of_the_king_and_the_knight_are_their_cells_of_value_0() {
    let h = ten_steps("king");
    // No Beatty columns for another piece.
    assert!(rows(&h).iter().all(|r| r.len() == 3));
    assert!(!shows(&h, "⌊nφ⌋"));
    let h = ten_steps("knight");
    assert!(rows(&h).iter().all(|r| r.len() == 3));
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
    assert!(shows(&h, "ステップ 1: 空いているマスのうち最小の (1,\u{a0}2) はP局面"));
    h.state_mut().state.shared.rules = preset("queen").unwrap().misere();
    h.run_steps(3);
    assert!(shows(&h, "この作り方は通常ルール"), "misère is refused with a sentence");
    assert_eq!(h.state().state.map.construction_shown(), None);
}
