//! The Knight designer tab driven through the real app with egui_kittest:
//! paint with a symmetric brush (drag and rectangle), undo/redo with the
//! keyboard, solve each region (a verified tour, a proof of none), the
//! numbered view, export PNG and SVG through the path field (files decoded
//! and inspected), a bad design file, the puzzle and the mirror. No sleeps:
//! the harness is stepped until a condition holds, with a step limit.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use crate::common;
use common::{shows, step_until};

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::draw::Shape;
use grundy_lab::knight::{Board, Leaper, LeaperGraph, Pos, Region, Symmetry};
use grundy_lab::ui::GrundyLabApp;
use grundy_lab::ui::tabs::Tab;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const ENGLISH: &str = r#"{"shared":{"settings":{"language":"English"}}}"#;

fn harness() -> Harness<'static, GrundyLabApp> {
    let mut h = common::app(ENGLISH).size([1600.0, 1000.0]).build();
    h.run();
    click(&mut h, "Knight designer");
    h.run();
    assert_eq!(h.state().state.tab, Tab::Knight);
    h
}

/// Let the frames after a job's end settle (its last repaint requests).
fn settle(h: &mut Harness<'_, GrundyLabApp>) {
    if h.try_run().is_err() {
        h.run_steps(20);
    }
}

fn board(h: &Harness<'_, GrundyLabApp>) -> Board {
    h.state().state.knight.design.board.clone()
}

/// The screen position of the centre of cell (x, y) on the picture.
fn at(h: &Harness<'_, GrundyLabApp>, x: u16, y: u16) -> Pos2 {
    h.state().state.knight.canvas.cell_centre(Pos::new(x, y)).expect("the picture was drawn")
}

/// Press on one cell, move over the cells between, release on the last.
fn drag(h: &mut Harness<'_, GrundyLabApp>, cells: &[(u16, u16)]) {
    let first = at(h, cells[0].0, cells[0].1);
    h.hover_at(first);
    h.run();
    h.drag_at(first);
    h.run();
    for &(x, y) in &cells[1..] {
        let p = at(h, x, y);
        h.hover_at(p);
        h.run();
    }
    let last = cells.last().unwrap();
    let p = at(h, last.0, last.1);
    h.drop_at(p);
    h.run();
}

fn click_cell(h: &mut Harness<'_, GrundyLabApp>, x: u16, y: u16) {
    let p = at(h, x, y);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.step();
    h.drop_at(p);
    h.run();
}

/// Click the widget labelled `label`, scrolled into view first.
fn click(h: &mut Harness<'_, GrundyLabApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    let _ = h.try_run();
    h.get_by_label(label).click();
    h.step(); // the click is handled in this frame
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-lab-knight-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Type `path` into the picture's field (a .png or .svg name) or the
/// design's (any other name).
fn type_path(h: &mut Harness<'_, GrundyLabApp>, path: &std::path::Path) {
    let picture = path.extension().is_some_and(|e| e == "png" || e == "svg");
    type_into_field(h, if picture { "Picture file" } else { "Design file" }, path);
}

fn type_into_field(h: &mut Harness<'_, GrundyLabApp>, field: &str, path: &std::path::Path) {
    let files = &mut h.state_mut().state.knight.files;
    if field == "Picture file" {
        files.picture_path.clear()
    } else {
        files.path.clear()
    }
    h.get_by_role_and_label(Role::TextInput, field).scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::TextInput, field).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, field).type_text(&path.display().to_string());
    h.run();
}

#[test]
fn the_design_and_the_picture_have_their_own_paths_and_refuse_each_others_names() {
    let mut h = harness();
    // A folder of its own: another test removes the shared one when done.
    let dir = std::env::temp_dir().join(format!("grundy-lab-knight-paths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tmp = |name: &str| dir.join(name);
    // "Save to path" with the picture's name writes nothing and says why.
    let png = tmp("refused-design.png");
    let _ = std::fs::remove_file(&png);
    type_into_field(&mut h, "Design file", &png);
    click(&mut h, "Save to path");
    h.run();
    assert!(!png.exists(), "no design JSON in a .png");
    assert!(message(&h).contains("that is the name of a picture"), "{}", message(&h));
    assert!(shows(&h, "A design is saved as .json"));
    // Loading from a picture's name is refused the same way.
    click(&mut h, "Load from path");
    h.run();
    assert!(message(&h).contains("Cannot load a design from"), "{}", message(&h));
    // The export refuses the design's name.
    let json = tmp("refused-picture.json");
    let _ = std::fs::remove_file(&json);
    type_into_field(&mut h, "Picture file", &json);
    click(&mut h, "Export to path (.png or .svg)");
    h.run();
    assert!(!json.exists(), "no picture in a .json");
    assert!(message(&h).contains("that is the name of a design file"), "{}", message(&h));
    // Each field keeps its own path, and each button uses its own.
    let (design, picture) = (tmp("own.json"), tmp("own.png"));
    type_into_field(&mut h, "Design file", &design);
    type_into_field(&mut h, "Picture file", &picture);
    click(&mut h, "Save to path");
    h.run();
    assert!(message(&h).starts_with("Saved"), "{}", message(&h));
    grundy_lab::knight::Design::load(&design).expect("a design file");
    click(&mut h, "Export to path (.png or .svg)");
    step_until(&mut h, "the export ends", |a| a.state.knight.files.export_job.is_none());
    settle(&mut h);
    assert!(message(&h).starts_with("Exported"), "{}", message(&h));
    assert_eq!(image::image_dimensions(&picture).unwrap().0, h.state().state.knight.options.export_px);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_export_is_in_sight_without_scrolling_at_1280_by_800() {
    for language in ["English", "Japanese"] {
        let saved = format!(r#"{{"shared":{{"settings":{{"language":"{language}"}}}},"tab":"Knight"}}"#);
        let mut h = common::app(&saved).size([1280.0, 800.0]).build();
        h.run();
        let buttons = if language == "English" {
            ["Export to path (.png or .svg)", "Export PNG…"]
        } else {
            ["パスに書き出す (.png / .svg)", "PNGを書き出す…"]
        };
        for label in buttons {
            let r = h.get_by_label(label).rect();
            assert!(r.min.y >= 0.0 && r.max.y <= 800.0 && r.max.x <= 1280.0, "{language}: {label} at {r:?}");
        }
    }
}

#[test]
fn paint_symmetric_solve_number_and_export() {
    let mut h = harness();
    // An empty 8 x 8 board, a half-turn brush, region A.
    click(&mut h, "New board of this size");
    h.run();
    assert_eq!(board(&h).count(Region::A), 0);
    click(&mut h, "Half turn (180°)");
    h.run();
    assert_eq!(h.state().state.knight.options.symmetry, Symmetry::Rotate180);

    // Drag along the top row: three cells and their images in the bottom row.
    drag(&mut h, &[(0, 0), (1, 0), (2, 0)]);
    let b = board(&h);
    assert_eq!(b.count(Region::A), 6, "{:?}", b.to_rows());
    for (x, y) in [(0, 0), (1, 0), (2, 0), (7, 7), (6, 7), (5, 7)] {
        assert_eq!(b.at(Pos::new(x, y)), grundy_lab::knight::Cell::A, "({x},{y})");
    }
    // Ctrl+Z takes the stroke back as one step, Ctrl+Y redoes it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(board(&h).count(Region::A), 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(board(&h), b);

    // Rectangle fill: the left half with the half turn fills everything.
    click(&mut h, "Fill a rectangle");
    h.run();
    drag(&mut h, &[(0, 0), (2, 4), (3, 7)]);
    assert_eq!(board(&h).count(Region::A), 64);
    // Region B: the two top rows, and by the half turn the two bottom rows.
    click(&mut h, "Region B");
    h.run();
    drag(&mut h, &[(0, 0), (7, 1)]);
    let b = board(&h);
    let rows = b.to_rows();
    assert_eq!(rows[0], "BBBBBBBB");
    assert_eq!(rows[7], "BBBBBBBB");
    assert_eq!(rows[3], "AAAAAAAA");
    assert_eq!((b.count(Region::A), b.count(Region::B)), (32, 32));

    // Solve A (8 x 4: open tours exist) and B (two strips: none).
    for region in ["A", "B"] {
        click(&mut h, &format!("Find a tour of Region {region}"));
        step_until(&mut h, "the search ends", |a| !a.state.knight.busy());
        settle(&mut h);
    }
    let tab = &h.state().state.knight;
    let tour = tab
        .tour(Region::A)
        .unwrap_or_else(|| panic!("{:?} / {:?}", tab.outcome_text(Region::A), tab.outcome_text(Region::B)))
        .clone();
    tour.verify(&b, Region::A, Leaper::KNIGHT).unwrap();
    assert!(tab.tour(Region::B).is_none());
    assert!(shows(&h, "Tour found: 32 cells"));
    assert!(shows(&h, "No tour exists (proved:"), "B: {:?}", h.state().state.knight.outcome_text(Region::B));

    // Numbered view: the picture carries the numbers 1 to 32.
    click(&mut h, "Numbered cells");
    h.run();
    assert!(h.state().state.knight.options.numbered);
    let scene = h.state_mut().state.knight.current_scene();
    let numbers: Vec<&str> = scene
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(numbers.len(), 32);
    assert!(numbers.contains(&"1") && numbers.contains(&"32"));

    // Export PNG through the path field; decode it and look at it.
    h.state_mut().state.knight.options.export_px = 1000;
    let png = tmp("poster.png");
    type_path(&mut h, &png);
    click(&mut h, "Export to path (.png or .svg)");
    step_until(&mut h, "the PNG export ends", |a| a.state.knight.files.export_job.is_none());
    settle(&mut h);
    let f = &h.state().state.knight.files;
    assert!(shows(&h, "Exported"), "{:?} {:?}", f.message, f.path);
    let img = image::open(&png).unwrap().to_rgba8();
    assert_eq!((img.width(), img.height()), (1000, 1000));
    assert_eq!(img.get_pixel(3, 3).0, [0, 0, 0, 255], "black background");
    let style = h.state().state.knight.design.style.clone();
    let layout = grundy_lab::knight::Layout::of(&h.state().state.knight.design);
    let s = 1000.0 / scene.width;
    // Above the number of a cell of A's tour: the yellow disc.
    let c = layout.centre(tour.cells[5]);
    let p = img.get_pixel((c[0] * s) as u32, ((c[1] - 0.3 * layout.cell) * s) as u32).0;
    let dot = style.dot_colors[0].0;
    assert!(p[..3].iter().zip(&dot[..3]).all(|(a, b)| a.abs_diff(*b) < 30), "{p:?} vs {dot:?}");
    let blue = style.lines[0].0;
    let near = |q: &image::Rgba<u8>, c: [u8; 4]| q.0[..3].iter().zip(&c[..3]).all(|(a, b)| a.abs_diff(*b) < 40);
    assert!(img.pixels().filter(|q| near(q, blue)).count() > 2000, "A's blue lines are drawn");

    // SVG: one <line> per move of both graphs, the tour path, 32 numbers.
    let svg = tmp("poster.svg");
    type_path(&mut h, &svg);
    click(&mut h, "Export to path (.png or .svg)");
    step_until(&mut h, "the SVG export ends", |a| a.state.knight.files.export_job.is_none());
    settle(&mut h);
    let text = std::fs::read_to_string(&svg).unwrap();
    let edges: usize = Region::BOTH.iter().map(|&r| LeaperGraph::of_region(&b, r, Leaper::KNIGHT).edge_count()).sum();
    // Parsed as XML: elements counted by their SVG tag names.
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    // Elements of the picture (the glyph outlines of its texts, in
    // `<defs>`, apart), and its texts (groups of outlines that hold their
    // words in `aria-label`).
    let count = |name: &str| {
        doc.descendants()
            .filter(|n| n.tag_name().name() == name && n.tag_name().namespace() == Some("http://www.w3.org/2000/svg"))
            .filter(|n| !n.ancestors().any(|a| a.tag_name().name() == "defs"))
            .count()
    };
    assert_eq!(count("line"), edges);
    assert_eq!(count("path"), 1);
    let texts = doc.descendants().filter(|n| n.attribute("aria-label").is_some()).count();
    assert_eq!(texts, 32);
    assert!(!text.contains("<text"), "no text is left to the fonts of the viewer's computer");

    // A bad design file: a message, and nothing changes.
    let bad = tmp("bad.json");
    std::fs::write(&bad, "{\"format\": \"something else\"}").unwrap();
    type_path(&mut h, &bad);
    click(&mut h, "Load from path");
    h.run();
    assert!(shows(&h, "Could not load"), "the sentence says what happened");
    assert!(shows(&h, "Nothing was changed; choose a design file saved with"), "and what to do");
    assert_eq!(board(&h), b);
    // A good one round-trips.
    let good = tmp("design.json");
    type_path(&mut h, &good);
    click(&mut h, "Save to path");
    h.run();
    click(&mut h, "Clear");
    h.run();
    assert_eq!(board(&h).count(Region::A), 0);
    click(&mut h, "Load from path");
    h.run();
    assert_eq!(board(&h), b);
    let _ = std::fs::remove_dir_all(png.parent().unwrap());
}

#[test]
fn the_puzzle_accepts_only_moves_and_says_when_complete() {
    let mut h = harness();
    h.state_mut().state.knight.options.width = 4;
    h.state_mut().state.knight.options.height = 3;
    click(&mut h, "Full");
    h.run();
    assert_eq!((board(&h).width(), board(&h).height()), (4, 3));
    click(&mut h, "Puzzle on Region A");
    h.run();
    assert!(shows(&h, "Click any cell of Region A to begin"));
    click_cell(&mut h, 0, 0);
    // (1,1) is not a knight move from (0,0): refused with a reason.
    click_cell(&mut h, 1, 1);
    assert!(shows(&h, "(1, 1) is not one move from (0, 0)"));
    assert_eq!(h.state().state.knight.puzzle.as_ref().unwrap().path().len(), 1);
    // Follow a tour from (0,0) found by the library; the app says complete.
    let g = LeaperGraph::of_region(&board(&h), Region::A, Leaper::KNIGHT);
    let budget = grundy_lab::Control::with_time_limit(std::time::Duration::from_secs(10));
    let spec = grundy_lab::knight::TourSpec { closed: false, start: Some(Pos::new(0, 0)) };
    let grundy_lab::knight::TourResult::Found(t) = grundy_lab::knight::find_tour(&g, &spec, &budget).unwrap() else {
        panic!("3 x 4 has an open tour from a corner")
    };
    for p in &t.cells[1..] {
        click_cell(&mut h, p.x, p.y);
    }
    assert!(h.state().state.knight.puzzle.as_ref().unwrap().is_complete());
    assert!(shows(&h, "Complete!"));
    // Undo a step with Ctrl+Z in puzzle mode; then it is not complete.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().state.knight.puzzle.as_ref().unwrap().path().len(), 11);
}

#[test]
fn halves_mirror_a_tour_into_b_and_animate() {
    let mut h = harness();
    h.state_mut().state.knight.options.width = 10;
    h.state_mut().state.knight.options.height = 5;
    click(&mut h, "Two halves (A | B)");
    h.run();
    click(&mut h, "Find a tour of Region A");
    step_until(&mut h, "the search ends", |a| !a.state.knight.busy());
    settle(&mut h);
    assert!(h.state().state.knight.tour(Region::A).is_some());
    click(&mut h, "Mirror A's tour into B");
    h.run();
    let b = board(&h);
    let tb = h.state().state.knight.tour(Region::B).expect("B's tour, mirrored");
    tb.verify(&b, Region::B, Leaper::KNIGHT).unwrap();
    assert!(shows(&h, "Mirrored from region A"));
    // Animate A's tour: it plays to the end, one move at a time.
    click(&mut h, "▶ Play Region A");
    h.step();
    assert!(h.state().state.knight.animation.as_ref().is_some_and(|a| a.playing));
    click(&mut h, "Step ▶");
    h.run();
    let a = h.state().state.knight.animation.clone().unwrap();
    assert!(!a.playing && a.shown >= 2.0);
}

#[test]
fn a_piece_made_of_one_jump_shape_is_offered_as_the_leaper() {
    use grundy_lab::rules::{Piece, Rules};
    let mut h = harness();
    let mut camel = Rules::new("my camel", Piece::new(&[], &[(1, 3), (3, 1)]));
    camel.description = "made in the Pieces tab".into();
    let saved = &mut h.state_mut().state.shared.saved_pieces;
    saved.push(camel);
    saved.push(grundy_lab::rules::preset("queen").unwrap());
    saved.push(Rules::new("half knight", Piece::new(&[], &[(1, 2)])));
    saved.push(Rules::new("two shapes", Piece::new(&[], &[(1, 2), (1, 3)])));
    h.run();
    // Pieces that cannot be a leaper are listed, greyed out, with a reason.
    for (name, why) in [("queen", "it slides"), ("two shapes", "it jumps in 2 shapes (1,2), (1,3)")] {
        let node = h.get_by_label(name);
        assert!(node.accesskit_node().is_disabled(), "{name} is greyed out");
        node.scroll_to_me();
        h.run();
        h.get_by_label(name).hover();
        // The tooltip appears after the pointer rests a moment.
        let deadline = Instant::now() + Duration::from_secs(30);
        while !shows(&h, why) {
            assert!(Instant::now() < deadline, "no reason shown for {name}");
            h.step();
        }
        assert!(shows(&h, "Cannot be the piece here"));
    }
    // One orientation drawn is the whole leaper.
    h.get_by_label("half knight (1, 2)").scroll_to_me();
    h.run();
    h.get_by_label("my camel (1, 3)").click();
    h.run();
    assert_eq!(h.state().state.knight.design.leaper, Leaper::CAMEL);
    h.get_by_label("half knight (1, 2)").click();
    h.run();
    assert_eq!(h.state().state.knight.design.leaper, Leaper::KNIGHT);
}

#[test]
fn a_proof_of_no_tour_is_worded_in_japanese() {
    let mut h =
        common::app(r#"{"shared":{"settings":{"language":"Japanese"}},"tab":"Knight"}"#).size([1600.0, 1000.0]).build();
    h.run();
    // 3 x 3: the centre cell has no knight move, so the cells are not connected.
    h.state_mut().state.knight.design.board = Board::rect(3, 3).unwrap();
    h.run();
    click(&mut h, "領域Aのツアーを探す");
    step_until(&mut h, "the search ends", |a| !a.state.knight.busy());
    settle(&mut h);
    let text = h.state().state.knight.outcome_text(Region::A).expect("an answer");
    assert!(text.contains("証明") && text.contains("つながっていない"), "{text}");
    assert!(!text.chars().any(|c| c.is_ascii_alphabetic()), "English in Japanese mode: {text}");
    assert!(shows(&h, "つながっていない"), "the reason is on screen");
}

#[test]
fn a_running_count_shows_time_used_and_positions_searched() {
    let mut h = harness();
    // Counting the open tours of 8 x 8 never finishes within the limit.
    h.state_mut().state.knight.design.board = Board::rect(8, 8).unwrap();
    h.state_mut().state.knight.options.time_limit = 60.0;
    h.run();
    click(&mut h, "Count tours of Region A");
    let deadline = Instant::now() + Duration::from_secs(60);
    let searched = |h: &Harness<'_, GrundyLabApp>| {
        h.query_all_by_label_contains("Positions searched: ").find_map(|n| {
            // A label's text is its accessible value.
            let text = n.accesskit_node().value()?;
            text.rsplit(' ').next()?.replace(',', "").parse::<u64>().ok().filter(|&k| k > 0)
        })
    };
    while searched(&h).is_none() {
        assert!(Instant::now() < deadline, "no positions counted while the search runs");
        assert!(h.state().state.knight.busy(), "the count ended: {:?}", h.state().state.knight.outcome_text(Region::A));
        h.step();
    }
    assert!(shows(&h, "s of the 60.0 s limit"), "the bar says it is time used of the limit");
    assert!(shows(&h, "Counting Region A"), "the job is named in words, not by its text keys");
    assert!(!shows(&h, "knight.count_job"));
    click(&mut h, "Cancel");
    step_until(&mut h, "the count stops", |a| !a.state.knight.busy());
    settle(&mut h);
    assert!(!shows(&h, "Positions searched: "));
}

#[test]
fn the_puzzle_says_when_a_path_can_no_longer_become_a_tour() {
    let mut h = harness();
    h.state_mut().state.knight.options.width = 5;
    h.state_mut().state.knight.options.height = 5;
    click(&mut h, "Full");
    h.run();
    click(&mut h, "Puzzle on Region A");
    h.run();
    click_cell(&mut h, 2, 1);
    assert!(!shows(&h, "can no longer become a tour"));
    // From (2,1) to (3,3): the corners (0,0) and (4,0) keep one way in each.
    click_cell(&mut h, 3, 3);
    let z = h.state().state.knight.puzzle.as_ref().unwrap();
    assert_eq!(z.path().len(), 2);
    assert!(!z.is_stuck(), "moves remain");
    assert!(shows(&h, "This can no longer become a tour: (0, 0) and (4, 0) each have only one way in left"));
    // The same in Japanese, with no English words.
    h.state_mut().state.shared.settings.language = grundy_lab::ui::i18n::Language::Japanese;
    h.run();
    let node = h.query_all_by_label_contains("もうツアーにはなりません").next().expect("the Japanese warning");
    let text = node.accesskit_node().label().or(node.accesskit_node().value()).unwrap_or_default().to_string();
    assert!(text.contains("(0, 0)") && text.contains("(4, 0)"), "{text}");
    assert!(!text.chars().any(|c| c.is_ascii_alphabetic()), "English in Japanese mode: {text}");
    h.state_mut().state.shared.settings.language = grundy_lab::ui::i18n::Language::English;
    h.run();
    // The student may still undo; then the warning goes.
    click(&mut h, "Undo step");
    h.run();
    assert_eq!(h.state().state.knight.puzzle.as_ref().unwrap().path().len(), 1);
    assert!(!shows(&h, "can no longer become a tour"));
}

#[test]
fn undo_takes_back_the_leaper_and_the_style_and_shift_z_redoes() {
    let mut h = harness();
    let night = grundy_lab::knight::Style::night();
    assert_eq!(h.state().state.knight.design.style, night);
    click(&mut h, "Camel (1,3)");
    h.run();
    click(&mut h, "Picture style");
    h.run();
    click(&mut h, "Paper (for printing)");
    h.run();
    let design = |h: &Harness<'_, GrundyLabApp>| h.state().state.knight.design.clone();
    assert_eq!((design(&h).leaper, design(&h).style), (Leaper::CAMEL, grundy_lab::knight::Style::paper()));
    click(&mut h, "Undo");
    h.run();
    assert_eq!((design(&h).leaper, design(&h).style.clone()), (Leaper::CAMEL, night.clone()), "the style first");
    click(&mut h, "Undo");
    h.run();
    assert_eq!((design(&h).leaper, design(&h).style.clone()), (Leaper::KNIGHT, night.clone()), "then the leaper");
    // Redo with Ctrl+Shift+Z and with Ctrl+Y.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!((design(&h).leaper, design(&h).style.clone()), (Leaper::CAMEL, night));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(design(&h).style, grundy_lab::knight::Style::paper());
    // A loaded design is one step too.
    let path = tmp("undo-load.json");
    let other =
        grundy_lab::knight::Design { board: Board::rect(5, 6).unwrap(), leaper: Leaper::ZEBRA, ..Default::default() };
    other.save(&path).unwrap();
    let before = design(&h);
    h.state_mut().state.knight.load_from(&path);
    h.run();
    assert_eq!(design(&h), other);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(design(&h), before);
    let _ = std::fs::remove_file(path);
}

#[track_caller]
fn message(h: &Harness<'_, GrundyLabApp>) -> String {
    h.state().state.knight.files.message.clone().expect("a message").1.text()
}

#[test]
fn file_and_input_errors_are_worded_in_japanese() {
    let mut h =
        common::app(r#"{"shared":{"settings":{"language":"Japanese"}},"tab":"Knight"}"#).size([1600.0, 1000.0]).build();
    h.run();
    let before = h.state().state.knight.design.clone();
    // Only the file's path (and JSON field names in quotes) may be Latin.
    let dir = tmp("ja");
    std::fs::create_dir_all(&dir).unwrap();
    let no_english = |text: &str, path: &std::path::Path| {
        let rest = text.replace(&path.display().to_string(), "").replace("\"format\"", "");
        assert!(!rest.chars().any(|c| c.is_ascii_alphabetic()), "English in Japanese mode: {text}");
    };
    // A design of a future version: the version is named, nothing changes.
    let json = grundy_lab::knight::Design::default().to_json().replace("\"version\": 1", "\"version\": 7");
    let future = dir.join("future.json");
    std::fs::write(&future, json).unwrap();
    h.state_mut().state.knight.load_from(&future);
    h.run();
    let text = message(&h);
    assert!(text.contains("読み込めませんでした") && text.contains("バージョン 7"), "{text}");
    no_english(&text, &future);
    assert!(shows(&h, "バージョン 7"), "the message is on screen");
    assert_eq!(h.state().state.knight.design, before);
    // A board row of the wrong length.
    let json = grundy_lab::knight::Design::default().to_json().replacen("AAAAAAAA", "AAA", 1);
    let short = dir.join("short.json");
    std::fs::write(&short, json).unwrap();
    h.state_mut().state.knight.load_from(&short);
    h.run();
    let text = message(&h);
    assert!(text.contains("0 行目が 3 マス"), "{text}");
    no_english(&text, &short);
    // A file that does not exist keeps the system's detail inside a
    // Japanese sentence.
    let missing = dir.join("missing.json");
    h.state_mut().state.knight.load_from(&missing);
    h.run();
    assert!(message(&h).starts_with(&format!("{} を読み込めませんでした: ファイルを読めません", missing.display())));
    // Export to a name that is neither PNG nor SVG: said before any work.
    let txt = dir.join("picture.txt");
    let ctx = h.ctx.clone();
    h.state_mut().state.knight.export_to(txt.clone(), &ctx);
    h.run();
    let text = message(&h);
    assert!(text.contains(".png") && text.contains("書き出せません"), "{text}");
    assert!(!txt.exists());
    // A custom leaper step that is not a number.
    h.get_by_role_and_label(Role::TextInput, "a").scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "a").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "a").type_text("x");
    h.run();
    click(&mut h, "使う");
    h.run();
    let text = message(&h);
    assert!(text.contains("整数ではありません"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The gallery: the README's poster design loads with symmetric closed tours
/// found in both regions (as it promises); the pinwheel is offered only as
/// a puzzle, under a label that says no tour exists, and the search proves it.
#[test]
fn gallery_designs_show_their_tours_and_the_puzzle_says_none_exists() {
    let mut h = harness();
    // The pinwheel is no longer among the boards of any size.
    assert!(!shows(&h, "Pinwheel (A and B)"));
    click(&mut h, "Poster: ring and centre (12 × 12)");
    step_until(&mut h, "both searches end", |a| !a.state.knight.busy());
    settle(&mut h);
    let poster = grundy_lab::knight::Design::load(std::path::Path::new("docs/knight-poster-design.json")).unwrap();
    let b = board(&h);
    assert_eq!(b, poster.board);
    let k = &h.state().state.knight;
    assert!(k.options.closed && k.options.symmetric_tours && k.options.symmetry == Symmetry::Rotate90);
    for r in [Region::A, Region::B] {
        let t = k.tour(r).unwrap_or_else(|| panic!("a tour of {r:?}: {:?}", k.outcome_text(r)));
        t.verify(&b, r, Leaper::KNIGHT).unwrap();
        assert!(t.closed && grundy_lab::knight::is_symmetric(t, Symmetry::Rotate90, 12, 12), "{r:?}");
    }
    assert!(shows(&h, "It is symmetric: Quarter turns (90°)."));
    // One undo step takes the whole design back.
    assert!(h.state().state.knight.history.can_undo(&h.state().state.knight.design));
    click(&mut h, "Puzzle: no tour exists – pinwheel (8 × 8)");
    step_until(&mut h, "both searches end", |a| !a.state.knight.busy());
    settle(&mut h);
    let k = &h.state().state.knight;
    assert_eq!(k.design.board.width(), 8);
    for r in [Region::A, Region::B] {
        assert!(k.tour(r).is_none(), "{r:?}");
        let text = k.outcome_text(r).unwrap_or_default();
        assert!(text.starts_with("No tour exists"), "{r:?}: {text}");
    }
}

#[test]
fn a_long_press_on_a_touch_screen_paints_a_hole_as_the_right_button_does() {
    use grundy_lab::knight::Cell;
    let mut h = harness();
    h.state_mut().state.knight.design.board = Board::rect(8, 8).unwrap();
    h.run();
    let (cell, p) = (Pos::new(3, 3), at(&h, 3, 3));
    assert_eq!(board(&h).at(cell), Cell::A);
    let touch = |phase| egui::Event::Touch {
        device_id: egui::TouchDeviceId(1),
        id: egui::TouchId(1),
        phase,
        pos: p,
        force: None,
    };
    // A touch screen sends the touch and the pointer it moves, as eframe does.
    let button = |pressed| egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    h.event(touch(egui::TouchPhase::Start));
    h.event(egui::Event::PointerMoved(p));
    h.event(button(true));
    // Held still for 1.5 s of frames (egui's long press: 0.8 s).
    for _ in 0..90 {
        h.step();
    }
    h.event(touch(egui::TouchPhase::End));
    h.event(button(false));
    h.event(egui::Event::PointerGone);
    h.run();
    assert_eq!(board(&h).at(cell), Cell::Hole, "a long press makes a hole");
    assert_eq!(board(&h).at(Pos::new(3, 4)), Cell::A, "and only there (and at its mirror image)");
    click(&mut h, "Undo");
    assert_eq!(board(&h).at(cell), Cell::A, "one undo step takes it back");
}

/// egui's colour picker has a copy button labelled "📋", a glyph no font of
/// the app has (the soak test found it: the harness panics on a missing
/// glyph, the app drew a box); the app draws it itself.
#[test]
fn a_colour_of_the_picture_opens_a_picker_whose_copy_button_is_drawn() {
    let mut h = harness();
    click(&mut h, "Picture style");
    h.run();
    let well = h.query_all_by_role(Role::ColorWell).next().expect("a colour of the style");
    well.scroll_to_me();
    let _ = h.try_run();
    h.query_all_by_role(Role::ColorWell).next().expect("a colour of the style").click();
    // The picker opens; laying out its "📋" would panic without a glyph.
    h.run();
    let copy = h.get_by_label("📋");
    assert!(!copy.accesskit_node().is_disabled());
    // The glyph stands on the line as a letter does, with ink of its own.
    let galley = h
        .ctx
        .fonts_mut(|f| f.layout_no_wrap("a📋".to_string(), egui::FontId::proportional(20.0), egui::Color32::WHITE));
    let glyphs = &galley.rows[0].glyphs;
    assert_eq!(glyphs.len(), 2);
    assert!(glyphs[1].advance_width > 8.0 && glyphs[1].uv_rect.size.y > 10.0, "{:?}", glyphs[1]);
}
