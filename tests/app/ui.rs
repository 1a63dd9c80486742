//! The real app driven by egui_kittest: tabs, a game played by clicking
//! cells and stones, the computer's answers, undo/redo, the end of a game,
//! Nim, languages, a corrupted settings string, and snapshots of the Play
//! tab. No sleeps: the harness is stepped until a condition holds.

use crate::common;
use common::{shows, step_until, step_until_shows};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::ui::GrundyLabApp;
use grundy_lab::ui::tabs::Tab;

/// English, and a computer that answers at once.
const ENGLISH: &str = r#"{"shared":{"settings":{"language":"English"}},"play":{"options":{"computer_delay":0.0}}}"#;

fn harness(saved: &'static str) -> Harness<'static, GrundyLabApp> {
    common::app(saved).size([1400.0, 900.0]).build()
}

fn position(app: &GrundyLabApp) -> (u64, u64) {
    app.state.play.game().expect("a game").position()
}

fn moves_played(app: &GrundyLabApp) -> usize {
    app.state.play.game().map_or(0, |g| g.history().len())
}

#[test]
fn tabs_switch_and_show_their_panels() {
    let mut h = harness(ENGLISH);
    h.run();
    for (label, tab, text) in [
        ("Grundy map", Tab::Map, "Colours"),
        ("Pieces", Tab::Pieces, "Invent a piece"),
        ("Knight designer", Tab::Knight, "Ready-made boards"),
        ("Play", Tab::Play, "Your turn"),
    ] {
        h.get_by_label(label).click();
        // A tab may start a background job (the map computes its table), so
        // step until the panel shows rather than waiting for the UI to settle.
        step_until_shows(&mut h, text);
        assert_eq!(h.state().state.tab, tab);
    }
}

#[test]
fn a_medium_game_played_by_clicks_with_undo_and_an_end() {
    let mut h = harness(ENGLISH);
    h.run();
    // The medium start, against the perfect computer.
    assert_eq!(position(h.state()), (9, 12));
    // An illegal cell: nothing moves, a short message says why.
    h.get_by_label("cell (8, 10)").click();
    h.run();
    assert_eq!(position(h.state()), (9, 12));
    assert!(h.query_by_label_contains("cannot go from (9,12) to (8,10)").is_some());
    // Pick up the queen (legal targets appear), then move up the column.
    h.get_by_label("the piece at (9, 12)").click();
    h.run();
    h.get_by_label("cell (9, 3)").click();
    step_until(&mut h, "the computer answers", |a| moves_played(a) == 2);
    h.run();
    let after = position(h.state());
    assert!(grundy_lab::theory::is_wythoff_p(after.0, after.1), "the computer moved to {after:?}");
    assert!(shows(&h, "Last move: ("), "the explanation of the computer's move is shown");
    assert!(shows(&h, "is a P-position"));
    // Undo takes back both moves; Ctrl+Y plays them again.
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(position(h.state()), (9, 12));
    assert_eq!(moves_played(h.state()), 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(position(h.state()), after);
    // Take the whole of pile A by clicking its bottom stone: the computer
    // then empties pile B and wins.
    h.get_by_label("Pile A, stone 1").click();
    step_until(&mut h, "the game ends", |a| a.state.play.game().is_some_and(|g| g.is_over().is_some()));
    h.run();
    assert_eq!(position(h.state()), (0, 0));
    assert!(shows(&h, "The computer won by making the last move"));
    // Play again: a fresh medium game.
    h.get_by_label("Play again").click();
    h.run();
    assert_eq!(position(h.state()), (9, 12));
    assert_eq!(moves_played(h.state()), 0);
}

#[test]
fn hints_show_the_winning_moves_and_the_p_positions() {
    let mut h = harness(ENGLISH);
    h.run();
    h.get_by_label("Show winning moves").click();
    h.run();
    // The sentence lists exactly the play module's moves to P-positions (from (9,12): (4,7)).
    let hint = grundy_lab::play::Game::new(
        &grundy_lab::rules::preset("queen").unwrap(),
        (9, 12),
        grundy_lab::play::HUMAN_FIRST,
    )
    .hint();
    let grundy_lab::play::Hint::WinningMoves(moves) = hint else { panic!("(9,12) is an N-position") };
    let text = format!(
        "Winning moves (each goes to a P-position): {}",
        moves.iter().map(|(a, b)| format!("({a},{b})")).collect::<Vec<_>>().join(", ")
    );
    assert!(h.query_by_label(&text).is_some(), "expected {text:?}");
    // Play a winning move: the computer is left in a P-position.
    let (a, b) = moves[0];
    h.get_by_label(&format!("cell ({a}, {b})")).click();
    step_until(&mut h, "the computer answers", |a| moves_played(a) == 2);
    h.run();
    assert!(shows(&h, "The computer was in a P-position"));
}

#[test]
fn typed_huge_piles_play_exactly() {
    let mut h = harness(ENGLISH);
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Pile A").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Pile A").type_text("1000000000000000");
    h.get_by_role_and_label(Role::TextInput, "Pile B").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Pile B").type_text("1000000000000007");
    h.run();
    h.get_by_label("Start with these piles").click();
    h.run();
    assert_eq!(position(h.state()), (1_000_000_000_000_000, 1_000_000_000_000_007));
    assert!(shows(&h, "The board is huge"));
    // Take one stone from pile A with the form; the computer answers into a Wythoff pair.
    h.get_by_role_and_label(Role::TextInput, "from A").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "from A").type_text("1");
    h.run();
    h.get_by_label("Take these stones").click();
    step_until(&mut h, "the computer answers", |a| moves_played(a) == 2);
    let (x, y) = position(h.state());
    assert!(grundy_lab::theory::is_wythoff_p(x, y), "({x},{y})");
}

#[test]
fn nim_heaps_are_played_by_clicking_stones() {
    let mut h = harness(ENGLISH);
    h.run();
    h.get_by_label("Nim").click();
    h.run();
    assert_eq!(h.state().state.play.nim().unwrap().heaps(), &[1, 3, 5, 7]);
    h.get_by_label("heap 4, stone 7").click();
    step_until(&mut h, "the computer answers", |a| a.state.play.nim().is_some_and(|n| n.history().len() == 2));
    h.run();
    let nim = h.state().state.play.nim().unwrap();
    assert_eq!(nim.nim_sum(), 0, "the perfect computer restores nim-sum 0");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().state.play.nim().unwrap().heaps(), &[1, 3, 5, 7]);
}

#[test]
fn the_perfect_computer_wins_from_every_start_we_click_through() {
    // From N-positions, whatever the person clicks, the perfect computer
    // answers into a P-position and makes the last move.
    for (start, seed) in [("Small", 1u64), ("Medium", 2), ("Large", 3), ("Medium", 4)] {
        let saved = format!(
            r#"{{"shared":{{"settings":{{"language":"English"}}}},"play":{{"options":{{"computer_delay":0.0,"start":"{start}"}}}}}}"#
        );
        let mut h = harness(Box::leak(saved.into_boxed_str()));
        h.run();
        let mut rng = seed;
        loop {
            let game = h.state().state.play.game().unwrap();
            if game.is_over().is_some() {
                break;
            }
            let (x, y) = game.position();
            // The start is an N-position; after each answer the person
            // faces a P-position.
            let first = moves_played(h.state()) == 0;
            assert_eq!(grundy_lab::theory::is_wythoff_p(x, y), !first, "the person faces ({x}, {y})");
            // A pseudo-random legal target, chosen as a person might click.
            let targets: Vec<(u64, u64)> =
                (0..=x).flat_map(|a| (0..=y).map(move |b| (a, b))).filter(|&t| game.is_legal(t)).collect();
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (tx, ty) = targets[(rng >> 33) as usize % targets.len()];
            let played = moves_played(h.state());
            h.get_by_label(&format!("the piece at ({x}, {y})")).click();
            h.run();
            h.get_by_label(&format!("cell ({tx}, {ty})")).click();
            step_until(&mut h, "the computer answers", |a| {
                moves_played(a) == played + 2 || a.state.play.game().is_some_and(|g| g.is_over().is_some())
            });
            h.run();
        }
        let over = h.state().state.play.game().unwrap().is_over().unwrap();
        assert_eq!(over.winner, 1, "from {start} the computer (the second player) won");
        assert!(shows(&h, "The computer won"));
    }
}

#[test]
fn the_same_number_from_both_piles_by_one_click() {
    let mut h = harness(ENGLISH);
    h.run();
    assert_eq!(position(h.state()), (9, 12));
    h.get_by_label("Same number from both piles").click();
    h.run();
    // Stone 4 of pile A: leave 3 there, so take 6 from each pile.
    h.get_by_label("Pile A, stone 4").click();
    step_until(&mut h, "the computer answers", |a| moves_played(a) == 2);
    let first = &h.state().state.play.game().unwrap().history().played()[0];
    assert_eq!((first.from, first.to), ((9, 12), (3, 6)));
    // Taking more than the smaller pile holds is refused with a reason.
    let (x, y) = position(h.state());
    assert!(grundy_lab::theory::is_wythoff_p(x, y) && x != y, "the computer moved to {:?}", (x, y));
    // Stone 1 of the larger pile: take all of it from both.
    h.get_by_label(if x > y { "Pile A, stone 1" } else { "Pile B, stone 1" }).click();
    h.run();
    assert_eq!(position(h.state()), (x, y), "nothing moved");
    assert!(shows(&h, &format!("take at most {} from each", x.min(y))));
}

#[test]
fn a_heap_too_large_to_draw_can_be_left_at_any_size() {
    let mut h = harness(
        r#"{"shared":{"settings":{"language":"English"}},"play":{"options":{"computer_delay":0.0,"mode":"Nim","nim_heaps":[100,3]}}}"#,
    );
    h.run();
    assert_eq!(h.state().state.play.nim().unwrap().heaps(), &[100, 3]);
    assert!(shows(&h, "Only 30 stones are drawn"));
    // Type 37 into the box and take: 63 stones go, more than are drawn.
    h.get_by_label("Leave").click();
    h.run();
    h.get_by_label("Leave").type_text("37");
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("Take").click();
    step_until(&mut h, "the computer answers", |a| a.state.play.nim().is_some_and(|n| n.history().len() == 2));
    let nim = h.state().state.play.nim().unwrap();
    assert_eq!(nim.history().len(), 2);
    let first = &nim.history().played()[0];
    assert_eq!((first.heap, first.from, first.to), (0, 100, 37), "the first move left 37 stones in heap 1");
    assert_eq!(nim.nim_sum(), 0, "the perfect computer answers to nim-sum 0");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().state.play.nim().unwrap().heaps(), &[100, 3]);
}

#[test]
fn switching_to_japanese_changes_the_labels() {
    let mut h = harness(ENGLISH);
    h.run();
    assert!(h.query_by_label("Play").is_some());
    h.get_by_label("日本語").click();
    h.run();
    assert!(h.query_by_label("Play").is_none());
    assert!(h.query_by_label("対局").is_some());
    assert!(h.query_by_label("新しいゲーム").is_some());
    assert!(shows(&h, "あなたの番です"));
    h.get_by_label("English").click();
    h.run();
    assert!(h.query_by_label("New game").is_some());
}

#[test]
fn a_corrupted_settings_string_starts_with_defaults_and_a_warning() {
    let mut h = harness("{\"shared\": {\"settings\": [this is not json");
    h.run();
    assert!(h.state().load_warning.is_some());
    assert_eq!(h.state().state.shared.rules.name, "queen");
    assert!(shows(&h, "could not be read") || shows(&h, "読み込めなかった"));
    assert_eq!(position(h.state()), (9, 12));
    h.get_by_label_contains("Dismiss").click();
    h.run();
    assert!(h.state().load_warning.is_none());
}

#[test]
fn the_scale_control_and_keyboard_zoom_agree() {
    let mut h = harness(ENGLISH);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
    h.run();
    h.step();
    assert!((h.state().state.shared.settings.scale - 1.1).abs() < 1e-3);
    h.get_by_label("View").click();
    h.run();
    assert!(shows(&h, "Scale 110%"), "the menu says the scale");
    h.get_by_label("A−").click();
    h.run();
    h.step();
    assert!((h.state().state.shared.settings.scale - 1.0).abs() < 1e-3);
}

fn snapshot(name: &str, saved: &'static str) {
    let mut h = common::app(saved).size([1280.0, 760.0]).wgpu().build();
    h.run();
    h.snapshot(name);
}

#[test]
fn snapshot_play_light_english_with_p_positions() {
    snapshot(
        "play_light_en",
        r#"{"shared":{"settings":{"language":"English","theme":"Light"}},"play":{"options":{"show_p":true}}}"#,
    );
}

#[test]
fn snapshot_play_dark_english_with_hints() {
    snapshot(
        "play_dark_en",
        r#"{"shared":{"settings":{"language":"English","theme":"Dark"}},"play":{"options":{"show_hints":true}}}"#,
    );
}

#[test]
fn snapshot_play_light_japanese() {
    snapshot("play_light_ja", r#"{"shared":{"settings":{"language":"Japanese","theme":"Light"}}}"#);
}

#[test]
fn snapshot_play_dark_japanese_nim() {
    snapshot(
        "play_dark_ja_nim",
        r#"{"shared":{"settings":{"language":"Japanese","theme":"Dark"}},"play":{"options":{"mode":"Nim","show_hints":true}}}"#,
    );
}

#[test]
fn choosing_a_piece_without_a_formula_plays_from_a_table() {
    let mut h = harness(ENGLISH);
    h.run();
    h.get_by_label("Piece").click();
    h.run();
    h.get_by_label("Dragon horse 龍馬").click();
    h.run();
    assert_eq!(h.state().state.shared.rules.name, "dragon-horse");
    let game = h.state().state.play.game().unwrap();
    assert_eq!(game.rules().name, "dragon-horse");
    assert_eq!(game.knowledge(), grundy_lab::play::Knowledge::Table);
    // The dragon horse steps one square up: (9,12) -> (9,11); the computer answers.
    h.get_by_label("cell (9, 11)").click();
    step_until(&mut h, "the computer answers", |a| moves_played(a) == 2);
    h.run();
    let (x, y) = position(h.state());
    assert_eq!(h.state().state.play.game().unwrap().is_p(x, y), Some(true));
}
