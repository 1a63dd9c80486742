//! The game review, the one-side hints, the worksheet picture and the moves
//! as a table, in the real app driven by egui_kittest through the labels a
//! person reads: a short game of the queen on a small board with a known
//! mistake and a known good move is reviewed, its marks and the better move
//! read from the sentences shown, replayed back and forward (buttons and
//! arrow keys), and left; hints for the first player only are hidden on the
//! second player's turn (and survive a restart); the worksheet's PNG is the
//! size said, and a name that is not a PNG's is refused.

use crate::common;
use common::{shows, step_until};

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::ui::GrundyLabApp;

/// Two people at one screen, the queen from (5, 7), in English.
const QUEEN_5_7: &str = r#"{"shared":{"settings":{"language":"English"}},"tab":"Play","play":{"options":{"computer_delay":0.0,"opponent":"TwoPeople","start":{"Custom":[5,7]}}}}"#;

fn harness(saved: &str) -> Harness<'static, GrundyLabApp> {
    common::app(saved).size([1280.0, 800.0]).build()
}

fn click(h: &mut Harness<'_, GrundyLabApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

fn position(app: &GrundyLabApp) -> (u64, u64) {
    app.state.play.game().expect("a board game").position()
}

fn moves_played(app: &GrundyLabApp) -> usize {
    app.state.play.game().map_or(0, |g| g.history().len())
}

/// (5, 7) → (5, 6) is a mistake (from (5, 7) the moves to (3, 5), (4, 7)
/// and (5, 3) win), (5, 6) → (5, 3) is good ((5, 3) is a P-position: the
/// Wythoff pair (3, 5)), and (5, 3) → (5, 2) comes from a P-position.
fn play_the_short_game(h: &mut Harness<'_, GrundyLabApp>) {
    h.run();
    assert_eq!(position(h.state()), (5, 7));
    for cell in ["cell (5, 6)", "cell (5, 3)", "cell (5, 2)"] {
        click(h, cell);
    }
    assert_eq!((position(h.state()), moves_played(h.state())), ((5, 2), 3));
}

#[test]
fn the_review_marks_the_moves_and_names_the_better_move() {
    let mut h = harness(QUEEN_5_7);
    play_the_short_game(&mut h);
    click(&mut h, "Review the game");
    assert!(h.state().state.play.reviewing());
    // The move list: every move with its mark.
    for text in [
        "1. Player 1: (5,7) → (5,6)",
        "a mistake; better: (3,5)",
        "2. Player 2: (5,6) → (5,3)",
        "to a P-position: a good move",
        "3. Player 1: (5,3) → (5,2)",
        "no winning move: any move loses against perfect play",
    ] {
        assert!(h.query_by_label(text).is_some(), "the move list shows {text:?}");
    }
    // The review opens at the last position, with the mark of the move
    // that led there.
    assert!(shows(&h, "Review: position after move 3 of 3: (5, 2)"));
    assert!(shows(&h, "Move 3, Player 1: (5,3) → (5,2): no winning move: any move loses against perfect play"));
    // Back: the position after move 2, and its good mark.
    click(&mut h, "Back");
    assert_eq!(position(h.state()), (5, 3));
    assert!(shows(&h, "Review: position after move 2 of 3: (5, 3)"));
    assert!(shows(&h, "Move 2, Player 2: (5,6) → (5,3): to a P-position: a good move"));
    // The left arrow: the mistake and its better move.
    h.key_press(Key::ArrowLeft);
    h.run();
    assert_eq!(position(h.state()), (5, 6));
    assert!(shows(&h, "Review: position after move 1 of 3: (5, 6)"));
    assert!(shows(&h, "Move 1, Player 1: (5,7) → (5,6): a mistake; better: (3,5)"));
    // The start, then forward by the right arrow and to the end.
    click(&mut h, "First");
    assert!(shows(&h, "Review: the start, position (5, 7) (3 moves in all)"));
    assert_eq!(position(h.state()), (5, 7));
    h.key_press(Key::ArrowRight);
    h.run();
    assert!(shows(&h, "Review: position after move 1 of 3: (5, 6)"));
    click(&mut h, "Forward");
    assert!(shows(&h, "Review: position after move 2 of 3: (5, 3)"));
    h.key_press(Key::End);
    h.run();
    assert!(shows(&h, "Review: position after move 3 of 3: (5, 2)"));
    // Nothing is played on a reviewed position: a click on a cell does nothing.
    click(&mut h, "First");
    click(&mut h, "cell (3, 5)");
    assert_eq!((position(h.state()), h.state().state.play.review().map(|r| r.end())), ((5, 7), Some(3)));
    // A line of the move list shows its position.
    click(&mut h, "2. Player 2: (5,6) → (5,3)");
    assert_eq!(position(h.state()), (5, 3));
    // Leaving returns to the game as it was.
    click(&mut h, "Back to the game");
    assert!(!h.state().state.play.reviewing());
    assert_eq!((position(h.state()), moves_played(h.state())), ((5, 2), 3));
    assert!(shows(&h, "Player 2 to move."), "the game goes on");
}

/// After a mistake the review draws the better move on the board: the
/// cell the piece stood on and the better cell say so to a screen reader
/// (and to this test), the sentence under the mark says the arrow is
/// drawn; after a good move nothing is drawn. At 1280 x 800 the header
/// goes beside the board, which keeps 60 % of the height.
#[test]
fn the_review_draws_the_better_move_on_a_large_board() {
    let mut h = harness(QUEEN_5_7);
    play_the_short_game(&mut h);
    click(&mut h, "Review the game");
    h.key_press(Key::Home);
    h.run();
    h.key_press(Key::ArrowRight);
    h.run();
    assert!(shows(&h, "Move 1, Player 1: (5,7) → (5,6): a mistake; better: (3,5)"));
    assert!(h.query_by_label("cell (3, 5): the better move").is_some(), "the better cell is marked");
    assert!(h.query_by_label("cell (5, 7): where the move was played from").is_some(), "where the piece stood");
    assert!(shows(&h, "The better move is drawn on the board: the green arrow from where the piece stood."));
    let board = h
        .query_all_by(|n| n.label().is_some_and(|l| l.starts_with("cell (") || l.starts_with("the piece at")))
        .map(|n| n.rect())
        .reduce(|a, b| a.union(b))
        .expect("the board's cells");
    assert!(board.height() >= 0.6 * 800.0, "the review's board is {:.0} high", board.height());
    // The header is beside the board, not above it.
    let header = h.get_by_label("Back").rect();
    assert!(header.left() > board.right(), "the review's buttons {header:?} beside the board {board:?}");
    // A good move: nothing is drawn.
    h.key_press(Key::ArrowRight);
    h.run();
    assert!(shows(&h, "Move 2, Player 2: (5,6) → (5,3): to a P-position: a good move"));
    assert!(h.query_all_by(|n| n.label().is_some_and(|l| l.contains("better move"))).next().is_none());
}

#[test]
fn continuing_from_a_reviewed_position_is_an_undo_to_there() {
    let mut h = harness(QUEEN_5_7);
    play_the_short_game(&mut h);
    click(&mut h, "Review the game");
    click(&mut h, "First");
    click(&mut h, "Forward");
    click(&mut h, "Continue from here");
    assert!(!h.state().state.play.reviewing());
    assert_eq!((position(h.state()), moves_played(h.state())), ((5, 6), 1));
    // The later moves can be redone, as after an undo.
    click(&mut h, "Redo");
    assert_eq!(position(h.state()), (5, 3));
    // A new move instead: the game goes on from there.
    click(&mut h, "Undo");
    click(&mut h, "cell (5, 3)");
    assert_eq!((position(h.state()), moves_played(h.state())), ((5, 3), 2));
}

/// A game against the computer that ends opens its review by itself; the
/// end is still said, and Play again is there.
#[test]
fn a_finished_game_is_reviewed() {
    let saved = r#"{"shared":{"settings":{"language":"English"}},"tab":"Play","play":{"options":{"computer_delay":0.0,"start":{"Custom":[1,2]}}}}"#;
    let mut h = harness(saved);
    h.run();
    // From (1, 2), a P-position: every move loses; (0, 2) → the computer takes
    // the rest.
    click(&mut h, "cell (0, 2)");
    step_until(&mut h, "the game ends", |a| a.state.play.game().is_some_and(|g| g.is_over().is_some()));
    h.run();
    assert!(h.state().state.play.reviewing());
    assert!(shows(&h, "The computer won"));
    assert!(shows(&h, "Review: position after move 2 of 2: (0, 0)"));
    assert!(h.query_by_label("no winning move: any move loses against perfect play").is_some());
    assert!(h.query_by_label("to a P-position: a good move").is_some());
    // Leaving the review of a finished game does not open it again.
    click(&mut h, "Back to the game");
    h.run();
    assert!(!h.state().state.play.reviewing());
    click(&mut h, "Play again");
    assert_eq!(moves_played(h.state()), 0);
}

#[test]
fn the_moves_are_copied_as_a_latex_table() {
    let mut h = harness(QUEEN_5_7);
    play_the_short_game(&mut h);
    click(&mut h, "Copy moves as LaTeX");
    assert!(shows(&h, "The moves are on the clipboard as a LaTeX table."));
    let latex = h.state_mut().state.play.moves_table(grundy_lab::ui::tabs::play::CopyAs::Latex).unwrap();
    assert!(latex.starts_with("\\begin{tabular}{rllll}\n\\hline\nNo. & Player & From & To & Mark \\\\\n"), "{latex}");
    assert!(latex.contains("1 & Player 1 & (5,7) & (5,6) & a mistake; better: (3,5) \\\\\n"), "{latex}");
    assert!(latex.contains("2 & Player 2 & (5,6) & (5,3) & to a P-position: a good move \\\\\n"), "{latex}");
    // The same table from the review at an earlier position: the whole game.
    click(&mut h, "Review the game");
    click(&mut h, "First");
    let again = h.state_mut().state.play.moves_table(grundy_lab::ui::tabs::play::CopyAs::Latex).unwrap();
    assert_eq!(again, latex);
    assert_eq!(position(h.state()), (5, 7), "the review stays where it was");
    let text = h.state_mut().state.play.moves_table(grundy_lab::ui::tabs::play::CopyAs::Text).unwrap();
    assert!(text.starts_with("No.\tPlayer\tFrom\tTo\tMark\n1\tPlayer 1\t(5,7)\t(5,6)\t"), "{text}");
}

/// Choose in the "Hints for:" list.
fn choose_hints_for(h: &mut Harness<'_, GrundyLabApp>, choice: &str) {
    click(h, "Hints for:");
    click(h, choice);
}

/// Hints for the first player only: shown on the first player's turns,
/// hidden (the sentence and the rings on the board) on the second's; the
/// choice is in the settings kept between runs.
#[test]
fn hints_for_one_side_only() {
    let mut h = harness(QUEEN_5_7);
    h.run();
    click(&mut h, "Show winning moves");
    choose_hints_for(&mut h, "the first player only");
    let winning = "Winning moves (each goes to a P-position): (3,5), (4,7), (5,3)";
    assert!(shows(&h, winning), "the first player's turn: the hint");
    click(&mut h, "cell (5, 6)");
    assert!(shows(&h, "Player 2 to move."));
    assert!(!shows(&h, "Winning moves"), "the second player's turn: no hint");
    click(&mut h, "cell (5, 3)");
    assert!(shows(&h, "This is a P-position: every move loses against best play."), "the first player's again");
    // The second player only: the other way round.
    choose_hints_for(&mut h, "the second player only");
    assert!(!shows(&h, "This is a P-position"));
    // Kept between runs.
    let saved = h.state().state.to_saved();
    let mut again = harness(&saved);
    again.run();
    assert_eq!(again.state().state.play.options.hints_for, grundy_lab::ui::tabs::play::HintsFor::Second);
    assert!(again.state().state.play.options.show_hints);
}

/// The worksheet picture: written to a typed path, decoded, and its size is
/// the size the panel said; a name that is not a PNG's is refused.
#[test]
fn the_worksheet_png_is_the_size_said() {
    let dir = std::env::temp_dir().join(format!("grundy-review-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = harness(QUEEN_5_7);
    h.run();
    click(&mut h, "cell (5, 6)");
    click(&mut h, "Worksheet");
    // The size said, "A PNG picture of W × H pixels: …".
    let said = h
        .query_all_by_role(Role::Label)
        .filter_map(|n| {
            let a = n.accesskit_node();
            a.value().or_else(|| a.label())
        })
        .find_map(|t| {
            let rest = t.strip_prefix("A PNG picture of ")?;
            let (w, rest) = rest.split_once(" × ")?;
            let (h, _) = rest.split_once(" pixels")?;
            Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?))
        })
        .expect("the panel says the size");
    for (name, ok) in [("sheet.svg", false), ("sheet.png", true)] {
        let path = dir.join(name);
        h.get_by_role_and_label(Role::TextInput, "Worksheet file").focus();
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
        h.get_by_role_and_label(Role::TextInput, "Worksheet file").type_text(&path.display().to_string());
        h.run();
        shown_then_click(&mut h, "Export to path");
        step_until(&mut h, "the export ends", |a| !a.state.play.worksheet_busy());
        h.run();
        if ok {
            assert!(shows(&h, &format!("Wrote {} ({} × {} pixels).", path.display(), said.0, said.1)));
            let png = image::open(&path).expect("a PNG");
            assert_eq!((png.width(), png.height()), said, "the size said is the size written");
        } else {
            assert!(shows(&h, "a worksheet picture is a PNG file, so its name must end in .png."));
            assert!(!path.exists(), "nothing is written");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Scroll the panel to the button (within the 800 pixels of the window,
/// as a person sees it), then click it.
fn shown_then_click(h: &mut Harness<'_, GrundyLabApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    let button = h.get_by_label(label);
    let inside = button.accesskit_node().bounding_box().is_some_and(|b| b.y1 <= 800.0);
    assert!(inside, "{label} is within the window");
    button.click();
    h.run();
}

/// A file already at the typed path is replaced only after "Replace":
/// "Keep the file" leaves it as it was; once written, the same path is
/// written again without a question.
#[test]
fn the_worksheet_asks_before_replacing_a_file() {
    let dir = std::env::temp_dir().join(format!("grundy-review-replace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("notes.png");
    std::fs::write(&path, b"my notes").unwrap();
    let mut h = harness(QUEEN_5_7);
    h.run();
    click(&mut h, "cell (5, 6)");
    click(&mut h, "Worksheet");
    h.get_by_role_and_label(Role::TextInput, "Worksheet file").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "Worksheet file").type_text(&path.display().to_string());
    h.run();
    let question = format!("This file already exists. Replace it?\n{}", path.display());
    shown_then_click(&mut h, "Export to path");
    assert!(shows(&h, &question), "the question is asked");
    shown_then_click(&mut h, "Keep the file");
    assert!(!shows(&h, &question), "the question is answered");
    assert_eq!(std::fs::read(&path).unwrap(), b"my notes", "the file is kept");
    shown_then_click(&mut h, "Export to path");
    shown_then_click(&mut h, "Replace");
    step_until(&mut h, "the export ends", |a| !a.state.play.worksheet_busy());
    h.run();
    assert!(image::open(&path).is_ok(), "the file is now the worksheet");
    std::fs::write(&path, b"changed").unwrap();
    shown_then_click(&mut h, "Export to path");
    assert!(!shows(&h, &question), "the file written is written again without a question");
    step_until(&mut h, "the export ends", |a| !a.state.play.worksheet_busy());
    assert!(image::open(&path).is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

/// The question before a file is replaced, at 1024 x 768, 1280 x 800 and
/// 1920 x 1080, normal and presentation, English and Japanese, in
/// `target/replace-shots/`, to look at. Run by hand: `cargo test --test app
/// -- --ignored replace_question_screenshots`.
#[test]
#[ignore = "writes screenshots for a person to look at"]
fn replace_question_screenshots() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("replace-shots");
    std::fs::create_dir_all(&root).unwrap();
    let path = root.join("notes.png");
    for (language, cell, sheet, field, export) in [
        ("English", "cell (5, 6)", "Worksheet", "Worksheet file", "Export to path"),
        ("Japanese", "マス (5, 6)", "ワークシート", "ワークシートのファイル", "パスに書き出す"),
    ] {
        for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
            for presentation in [false, true] {
                std::fs::write(&path, b"my notes").unwrap();
                let mut h =
                    common::app(QUEEN_5_7).size(size).language(language).presentation(presentation).wgpu().build();
                h.run();
                click(&mut h, cell);
                shown_then_click(&mut h, sheet);
                h.get_by_role_and_label(Role::TextInput, field).focus();
                h.run();
                h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
                h.get_by_role_and_label(Role::TextInput, field).type_text(&path.display().to_string());
                h.run();
                let button = h.get_by_label(export);
                button.scroll_to_me();
                h.run();
                h.get_by_label(export).click_accesskit();
                h.run_steps(4);
                let name = format!(
                    "{language}-{}x{}{}.png",
                    size[0],
                    size[1],
                    if presentation { "-presentation" } else { "" }
                );
                h.render().unwrap().save(root.join(name)).unwrap();
            }
        }
    }
}

/// The README's pictures at 1280 x 800: the review with its marks and the
/// step-by-step construction of the P-positions, in English (`docs/`) and
/// in Japanese (`target/readme/`, to look at). Run by hand:
/// `cargo test --test review_ui -- --ignored readme_screenshots`.
#[test]
#[ignore = "writes the README's screenshots"]
fn readme_screenshots() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (language, dir) in [("English", root.join("docs")), ("Japanese", root.join("target").join("readme"))] {
        std::fs::create_dir_all(&dir).unwrap();
        let saved = format!(
            r#"{{"shared":{{"settings":{{"language":"{language}"}}}},"tab":"Play","play":{{"options":{{"computer_delay":0.0,"opponent":"TwoPeople","start":{{"Custom":[9,12]}}}}}}}}"#
        );
        let mut h = common::app(saved).size([1280.0, 800.0]).wgpu().build();
        h.run();
        let cell = |x: u64, y: u64| {
            if language == "English" { format!("cell ({x}, {y})") } else { format!("マス ({x}, {y})") }
        };
        // A class game: a mistake, a good move, a move from a P-position,
        // and the last, good move.
        for (x, y) in [(9, 8), (2, 1), (1, 1), (0, 0)] {
            click(&mut h, &cell(x, y));
        }
        h.state_mut().state.play.review_go_to(1);
        h.event(egui::Event::PointerGone);
        h.run_steps(4);
        let name = if language == "English" { "review.png" } else { "review-ja.png" };
        h.render().unwrap().save(dir.join(name)).unwrap();

        let saved = format!(
            r#"{{"shared":{{"settings":{{"language":"{language}"}}}},"tab":"Map","map":{{"options":{{"size":32}}}}}}"#
        );
        let mut h = common::app(saved).size([1280.0, 800.0]).wgpu().build();
        step_until(&mut h, "the table", |a| !a.state.map.is_computing() && a.state.map.is_finished());
        h.run();
        let open =
            if language == "English" { "Build the P-positions step by step" } else { "P局面を一歩ずつ作る" };
        let step = if language == "English" { "Step" } else { "一歩進む" };
        click(&mut h, open);
        step_until(&mut h, "the construction built", |a| a.state.map.construction_shown() == Some(0));
        for _ in 0..6 {
            click(&mut h, step);
        }
        // The whole board in sight, and no pointer over it.
        h.key_press(Key::F);
        h.event(egui::Event::PointerGone);
        h.run_steps(4);
        let name = if language == "English" { "construction.png" } else { "construction-ja.png" };
        h.render().unwrap().save(dir.join(name)).unwrap();
    }
}
