//! The Grundy map tab driven through the real app with egui_kittest: the
//! table appears, hover shows values, zooming in writes numbers in cells, a
//! computation is cancelled and restarted, the difference view shows the
//! theorem of the sources, export writes a PNG, and snapshots at three zooms.
//! No sleeps: the harness is stepped until a condition holds, with a deadline.

use crate::common;
use common::{shows, step_until};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::map::{Camera, Palette, PaletteKind};
use grundy_lab::rules::preset;
use grundy_lab::ui::GrundyLabApp;
use grundy_lab::ui::tabs::Tab;

const MAP_256: &str = r#"{"shared":{"settings":{"language":"English"}},"tab":"Map","map":{"options":{"size":256}}}"#;

fn harness(saved: &'static str) -> Harness<'static, GrundyLabApp> {
    // Tall enough for every control of the side panel to be on screen.
    common::app(saved).size([1500.0, 2000.0]).build()
}

fn ready(app: &GrundyLabApp, size: usize) -> bool {
    let m = &app.state.map;
    !m.is_computing() && m.is_finished() && m.table().is_some_and(|t| t.width() == size && t.is_complete())
}

/// Whether any widget's label or value contains `text`.
fn shows_anywhere(h: &Harness<'_, GrundyLabApp>, text: &str) -> bool {
    h.query_all_by(|n| n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text)))
        .next()
        .is_some()
}

#[test]
fn a_fitted_map_fits_again_when_the_window_grows_but_a_moved_one_stays() {
    let mut h = harness(MAP_256);
    step_until(&mut h, "the 256 x 256 queen table", |a| ready(a, 256));
    h.run_steps(2);
    let small = h.state().state.map.camera.expect("fitted");
    h.set_size(egui::vec2(2400.0, 2600.0));
    h.run_steps(3);
    let large = h.state().state.map.camera.expect("fitted");
    assert!(large.zoom > small.zoom, "the larger window shows the table larger: {small:?} -> {large:?}");
    // A camera the user moved is kept when the window changes.
    let moved = Camera { x0: 10.0, y0: 20.0, zoom: 7.0 };
    h.state_mut().state.map.camera = Some(moved);
    h.run_steps(2);
    h.set_size(egui::vec2(1500.0, 2000.0));
    h.run_steps(3);
    assert_eq!(h.state().state.map.camera, Some(moved));
}

#[test]
fn hover_pin_and_zoom_until_numbers_appear() {
    let mut h = harness(MAP_256);
    assert_eq!(h.state().state.tab, Tab::Map);
    step_until(&mut h, "the 256 x 256 queen table", |a| ready(a, 256));
    // Zoom so that cell (3, 5) is comfortably large, then point at it.
    h.state_mut().state.map.camera = Some(Camera { x0: 0.0, y0: 0.0, zoom: 12.0 });
    h.run_steps(2);
    let pos = h.state().state.map.cell_screen_pos(3, 5).expect("cell (3,5) on screen");
    h.hover_at(pos);
    h.run_steps(2);
    assert_eq!(h.state().state.map.hovered(), Some((3, 5)));
    assert!(shows(&h, "(3, 5): g = 0"), "the side panel shows the value");
    assert!(shows(&h, "Wythoff pair n = 2"), "and which Wythoff pair it is");
    // Pin (3, 5): its 11 moves are listed with their values, then the mex.
    h.state_mut().state.map.focus(grundy_lab::ui::state::MapFocus::cell(3, 5));
    h.run_steps(2);
    assert_eq!(h.state().state.map.pinned(), Some((3, 5)));
    let lines = h.state().state.map.pinned_move_lines().expect("the moves are listed").to_string();
    assert_eq!(lines.lines().count(), 11, "{lines}");
    // (3, 5) is a P-position: no move reaches value 0. (1, 3) is two steps
    // down the diagonal; (0, 5) is on the edge, where g(0, y) = y.
    assert!(lines.contains("(1, 3) → ") && lines.contains("(0, 5) → 5"), "{lines}");
    assert!(lines.lines().all(|l| !l.ends_with("→ 0")), "{lines}");
    assert!(shows(&h, "(2, 5) → "), "the side panel shows the lines");
    assert!(shows(&h, "g = mex of these values = 0"));
    h.state_mut().state.map.camera = Some(Camera { x0: 0.0, y0: 0.0, zoom: 12.0 });
    h.run_steps(2);
    // Zoomed out to 12 points a cell: no numbers yet. Zoom in with the keyboard.
    assert_eq!(h.state().state.map.numbers_drawn(), 0);
    for _ in 0..12 {
        h.key_press(egui::Key::Equals);
        h.run_steps(1);
        if h.state().state.map.numbers_drawn() > 0 {
            break;
        }
    }
    assert!(h.state().state.map.zoom() >= 22.0, "zoom {}", h.state().state.map.zoom());
    assert!(h.state().state.map.numbers_drawn() > 0, "numbers are written in the cells");
}

#[test]
fn choosing_a_piece_on_the_map_tab_recomputes_the_map() {
    let mut h = harness(MAP_256);
    let named = |a: &GrundyLabApp, name: &str| ready(a, 256) && a.state.map.table().unwrap().rules().name == name;
    step_until(&mut h, "the queen table", |a| named(a, "queen"));
    assert!(shows(&h, "Rules: Queen (Wythoff's game)"), "the heading names the piece");
    // Open the piece list of the map's side panel and click the dragon king.
    h.get_by_role_and_label(Role::ComboBox, "Piece").click();
    h.run_steps(2);
    h.get_by_label("Dragon king 龍王").click();
    step_until(&mut h, "the dragon king's table", |a| named(a, "dragon-king"));
    // The shared rules changed (so the Play tab plays the same game), and the
    // map holds the dragon king's values, not the queen's:
    // g(x, y) = (x + y) mod 3 + 3 ((x div 3) xor (y div 3)).
    assert_eq!(h.state().state.shared.rules, preset("dragon-king").unwrap());
    let t = h.state().state.map.table().unwrap().clone();
    for (x, y) in [(4, 2), (7, 1), (30, 11), (255, 100)] {
        let g = (x + y) % 3 + 3 * ((x / 3) ^ (y / 3));
        assert_eq!(t.get(x, y) as usize, g, "g({x}, {y})");
    }
    assert!(shows(&h, "Rules: Dragon king 龍王"), "the heading follows");
    // The misère checkbox: the map becomes a table of misère values.
    h.get_by_label("Misère: the last move loses").click();
    step_until(&mut h, "the misère table", |a| {
        named(a, "dragon-king") && a.state.map.table().unwrap().kind() == grundy_lab::grundy::TableKind::Misere
    });
    assert!(shows(&h, "Rules: Dragon king 龍王, misère"));
    // In Japanese the heading and the comparison list use Japanese names, no ids.
    h.state_mut().state.shared.settings.language = grundy_lab::ui::i18n::Language::Japanese;
    h.state_mut().state.map.options.compare_with = "queen-t2".into();
    h.run_steps(2);
    assert!(shows(&h, "ルール: 龍王・ミゼール"));
    assert!(h.query_by_value("終了マス x + y ≤ 2 のクイーン").is_some(), "the compared piece by its name");
    assert!(h.query_by_value("龍王").is_some(), "the chosen piece by its name");
    for id in ["dragon-king", "queen-t2", "misère"] {
        assert!(!shows_anywhere(&h, id), "{id} is shown in Japanese mode");
    }
}

#[test]
fn a_computation_is_cancelled_and_started_again() {
    let mut h = harness(MAP_256);
    step_until(&mut h, "the first table", |a| ready(a, 256));
    h.state_mut().state.map.options.size = 16384;
    step_until(&mut h, "a large computation starts", |a| a.state.map.is_computing());
    // Let the progress bar settle in the layout before clicking its button.
    h.run_steps(2);
    h.get_by_label("Cancel").click();
    step_until(&mut h, "the computation stops", |a| !a.state.map.is_computing());
    // The old map stays on screen, and the new size is not retried by itself.
    h.run_steps(3);
    assert!(!h.state().state.map.is_computing());
    assert_eq!(h.state().state.map.table().unwrap().width(), 256);
    assert!(shows(&h, "Cancelled"));
    h.state_mut().state.map.options.size = 300;
    h.get_by_label("Compute").click();
    step_until(&mut h, "a new 300 x 300 table", |a| ready(a, 300));
}

#[test]
fn difference_view_shows_the_theorem_of_the_sources() {
    let mut h = harness(MAP_256);
    h.state_mut().state.shared.rules = preset("queen-t2").unwrap();
    step_until(&mut h, "the queen-t2 table", |a| {
        ready(a, 256) && a.state.map.table().unwrap().rules().name == "queen-t2"
    });
    {
        let o = &mut h.state_mut().state.map.options;
        o.compare_with = "queen".into();
        o.compare_a = 1;
        o.compare_b = 0;
    }
    h.run_steps(1);
    h.get_by_label("Compare").click();
    step_until(&mut h, "the difference view", |a| a.state.map.overlay_summary().is_some());
    let summary = h.state().state.map.overlay_summary().unwrap().to_string();
    // "N cells differ; all differences have x ≤ X and y ≤ Y." with X, Y < 8:
    // g = 1 here exactly where Wythoff's P-positions are, beyond 8.
    let number_after = |word: &str| -> usize {
        let rest = summary.split_once(word).unwrap_or_else(|| panic!("{word} in {summary}")).1;
        rest.trim_start().chars().take_while(|c| c.is_ascii_digit()).collect::<String>().parse().unwrap()
    };
    let (x, y) = (number_after("x ≤"), number_after("y ≤"));
    assert!(x < 8 && y < 8, "{summary}");
    assert_eq!((x, y), (7, 7), "the box is tight, not just small: {summary}");
    assert!(shows(&h, "Show the difference"), "the difference view can be switched off");
}

/// The first label (or value) that contains `text`.
fn label_with(h: &Harness<'_, GrundyLabApp>, text: &str) -> Option<String> {
    let found = std::cell::RefCell::new(None);
    let _ = h
        .query_all_by(|n| {
            if let Some(l) = n.label().or_else(|| n.value()).filter(|l| l.contains(text)) {
                found.borrow_mut().get_or_insert(l);
            }
            false
        })
        .count();
    found.into_inner()
}

#[test]
fn the_poster_prints_the_difference_view_on_screen_at_the_size_said() {
    let mut h = harness(MAP_256);
    h.state_mut().state.shared.rules = preset("queen-t2").unwrap();
    step_until(&mut h, "the queen-t2 table", |a| {
        ready(a, 256) && a.state.map.table().unwrap().rules().name == "queen-t2"
    });
    let dir = std::env::temp_dir().join(format!("grundy-lab-map-ui-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("difference.png");
    {
        let o = &mut h.state_mut().state.map.options;
        (o.compare_with, o.compare_a, o.compare_b) = ("queen".into(), 1, 0);
        o.export_path = path.display().to_string();
        o.export_ppc = 2.0;
        o.export_legend = true;
        o.export_whole = true;
    }
    h.run_steps(1);
    assert!(!shows_anywhere(&h, "shows the difference view"), "no difference view yet");
    h.get_by_label("Compare").click();
    step_until(&mut h, "the difference view", |a| a.state.map.overlay_summary().is_some());
    h.run_steps(2);
    assert!(shows_anywhere(&h, "The picture shows the difference view on the map"));
    // The size said, frame and legend included, is the size written.
    let said = label_with(&h, "The file will be").expect("the size of the file");
    let numbers: Vec<u32> = said.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    let [w, h_px] = numbers[..] else { panic!("{said}") };
    assert!(w > 512 && h_px > 512, "the frame is counted: {said}");
    h.get_by_label("Save to path").click();
    step_until(&mut h, "the export", |a| a.state.map.message().is_some_and(|m| m.starts_with("Wrote")));
    let img = image::open(&path).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (w, h_px), "{said}");
    // The cells are the difference view's: where g = 1 of queen-t2 and
    // Wythoff's P-positions agree and differ, in the legend's colours.
    let c = grundy_lab::Control::new();
    let t2 = grundy_lab::grundy::compute(&preset("queen-t2").unwrap(), 256, 256, &c).unwrap();
    let q = grundy_lab::grundy::compute(&preset("queen").unwrap(), 256, 256, &c).unwrap();
    let diff = grundy_lab::map::compare::compare_values(&t2, 1, &q, 0, &c).unwrap();
    let palette = Palette::new(PaletteKind::Highlight, 3, &[3, 1, 2]);
    let (ox, oy) = grundy_lab::map::frame::framed_origin(512, 512);
    let differing = grundy_lab::map::compare::disagreements(&diff, 100);
    assert_eq!(differing.len(), 10);
    // At 2 pixels a cell each differing cell is drawn as a square of
    // MARK_PX pixels, so that the ten are seen; a cell near one may lie
    // under its mark.
    let mark = grundy_lab::map::export::MARK_PX;
    let near =
        |(x, y): (usize, usize)| differing.iter().any(|&(a, b)| x.abs_diff(a) * 2 <= mark && y.abs_diff(b) * 2 <= mark);
    let mut cells = differing.clone();
    cells.extend([(8, 13), (13, 8), (9, 13), (200, 100), (144, 233)]);
    for (x, y) in cells {
        let px = img.get_pixel((ox + 2 * x) as u32, (oy + 2 * y) as u32).0;
        if differing.contains(&(x, y)) {
            assert!([1, 2].iter().any(|&v| px == palette.colour(v)), "differing cell ({x}, {y}) is marked");
        } else if !near((x, y)) {
            assert_eq!(px, palette.colour(diff.get(x, y)), "cell ({x}, {y}) of the difference view");
        }
    }
    // Each differing cell is a square of MARK_PX pixels of its colours.
    for &(x, y) in &differing {
        let (cx, cy) = ((ox + 2 * x) as u32 + 1, (oy + 2 * y) as u32 + 1);
        let half = (mark / 2) as u32;
        let marked = (cx - half..=cx + half)
            .flat_map(|px| (cy - half..=cy + half).map(move |py| (px, py)))
            .filter(|&(px, py)| [1, 2].iter().any(|&v| img.get_pixel(px, py).0 == palette.colour(v)))
            .count();
        assert!(marked >= (half as usize + 1).pow(2), "({x}, {y}): {marked} pixels marked");
    }
    let both = img.pixels().filter(|p| p.0 == palette.colour(3)).count();
    assert!(both > 4 * 20, "the cells where both hold, and the legend's swatch: {both} pixels");
    // Switched off, the poster is the map again.
    h.get_by_label("Show the difference").click();
    h.run_steps(2);
    assert!(!shows_anywhere(&h, "shows the difference view"));
}

#[test]
fn export_by_path_writes_a_png() {
    let mut h = harness(MAP_256);
    step_until(&mut h, "the table", |a| ready(a, 256));
    let dir = std::env::temp_dir().join(format!("grundy-lab-map-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("poster.png");
    {
        let o = &mut h.state_mut().state.map.options;
        o.export_path = path.display().to_string();
        o.export_ppc = 2.0;
        o.export_legend = false;
        o.export_whole = true;
    }
    h.run_steps(1);
    h.get_by_label("Save to path").click();
    step_until(&mut h, "the export", |a| a.state.map.message().is_some_and(|m| m.starts_with("Wrote")));
    let img = image::open(&path).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (512, 512));
    // (1, 2) is a P-position: in the palette's colour for 0; (2, 2) is not.
    let t = h.state().state.map.table().unwrap().clone();
    let kind = h.state().state.map.options.palette;
    assert_eq!(kind, PaletteKind::Viridis);
    let p_colour = Palette::new(kind, t.max_value(), &[0]).colour(0);
    assert_eq!(img.get_pixel(3, 5).0, p_colour);
    assert_ne!(img.get_pixel(5, 5).0, p_colour);
    // A path that cannot be written gives a message.
    h.state_mut().state.map.options.export_path = "/nonexistent-dir/x.png".into();
    h.run_steps(1);
    h.get_by_label("Save to path").click();
    step_until(&mut h, "the error", |a| a.state.map.message().is_some_and(|m| m.contains("cannot write")));
}

const MAP_256_JA: &str =
    r#"{"shared":{"settings":{"language":"Japanese"}},"tab":"Map","map":{"options":{"size":256}}}"#;

#[test]
fn errors_of_the_difference_views_are_said_in_japanese() {
    let mut h = harness(MAP_256_JA);
    step_until(&mut h, "the table", |a| ready(a, 256));
    // Rules that cannot be found (a name from an old settings file, say).
    h.state_mut().state.map.options.compare_with = "no-such-rules".into();
    h.run_steps(1);
    h.get_by_label("比べる").click();
    step_until(&mut h, "the message", |a| a.state.map.message().is_some());
    let message = h.state().state.map.message().unwrap().to_string();
    assert_eq!(message, "「no-such-rules」という名前のルールはありません。一覧から選んでください。");
    assert!(shows(&h, &message), "the side panel shows it");
    // The library's English (the CLI's words) reaches nobody here.
    let english = ["unknown rules", "presets are", "There are no rules", "choose rules"];
    assert!(english.iter().all(|e| !message.contains(e) && !shows(&h, e)), "{message}");
    assert!(h.state().state.map.overlay_summary().is_none(), "no difference view was made");

    // A formula that does not parse: the kind and the place in Japanese
    // (the formula engine's own detail stays as it is).
    h.state_mut().state.map.options.formula = "x +".into();
    h.run_steps(1);
    h.get_by_label("式を確かめる").click();
    h.run_steps(1);
    let message = h.state().state.map.message().expect("a message").to_string();
    assert!(message.contains("式の書き方に誤りがあります"), "{message}");
    assert!(!message.contains("The formula cannot be read"), "{message}");
    assert!(shows(&h, "式の書き方に誤りがあります"));

    // A formula that fails at a cell: checked in a job, said in Japanese.
    h.state_mut().state.map.options.formula = "x / (y - y)".into();
    h.run_steps(1);
    h.get_by_label("式を確かめる").click();
    step_until(&mut h, "the check fails", |a| a.state.map.message().is_some_and(|m| m.contains("式を計算できません")));
    let message = h.state().state.map.message().unwrap().to_string();
    assert!(message.contains("(0, 0) のマス"), "the cell, in Japanese: {message}");
    assert!(!message.contains("could not be evaluated") && !message.contains("At ("), "{message}");

    // A formula that runs: its summary is the Pieces workbench's Japanese.
    h.state_mut().state.map.options.formula = "is_wythoff_p(x, y)".into();
    h.run_steps(1);
    h.get_by_label("式を確かめる").click();
    step_until(&mut h, "the formula's difference view", |a| a.state.map.overlay_summary().is_some());
    let summary = h.state().state.map.overlay_summary().unwrap().to_string();
    assert!(summary.contains("式は成り立ちます"), "{summary}");
    assert!(!summary.contains("The formula holds"), "{summary}");
    assert_eq!(h.state().state.map.message(), None, "a new difference clears the last error");
}

fn snapshot_at(name: &str, camera: Option<Camera>) {
    let mut h = common::app(MAP_256).size([1280.0, 760.0]).wgpu().build();
    step_until(&mut h, "the table", |a| ready(a, 256));
    if camera.is_some() {
        h.state_mut().state.map.camera = camera;
    }
    h.run_steps(3);
    h.snapshot(name);
}

#[test]
fn snapshot_map_whole() {
    snapshot_at("map_whole", None);
}

#[test]
fn snapshot_map_zoom_8() {
    snapshot_at("map_zoom_8", Some(Camera { x0: -2.0, y0: -2.0, zoom: 8.0 }));
}

#[test]
fn snapshot_map_zoom_40_with_numbers() {
    snapshot_at("map_zoom_40", Some(Camera { x0: -1.0, y0: -1.0, zoom: 40.0 }));
}

/// The values in "{0–3, 5, 7–9}", one by one.
fn expand_runs(set: &str) -> Vec<u32> {
    let inner = set.trim().trim_start_matches('{').trim_end_matches('}');
    let mut out = Vec::new();
    for part in inner.split(", ").filter(|p| !p.is_empty()) {
        match part.split_once('–') {
            Some((a, b)) => out.extend(a.parse::<u32>().expect("a number")..=b.parse::<u32>().expect("a number")),
            None => out.push(part.parse().expect("a number")),
        }
    }
    out
}

#[test]
fn a_pinned_cell_says_on_the_map_why_its_value_is_the_mex_of_its_moves() {
    let mut h = harness(MAP_256);
    step_until(&mut h, "the 256 x 256 queen table", |a| ready(a, 256));
    h.state_mut().state.map.camera = Some(Camera { x0: 0.0, y0: 0.0, zoom: 20.0 });
    h.state_mut().state.map.focus(grundy_lab::ui::state::MapFocus::cell(4, 6));
    h.run_steps(3);
    let t = h.state().state.map.table().expect("the table").clone();
    // The queen's moves from (4, 6), by brute force: left, down, diagonally.
    let mut targets: Vec<(usize, usize)> = (0..4).map(|x| (x, 6)).collect();
    targets.extend((0..6).map(|y| (4, y)));
    targets.extend((1..=4).map(|k| (4 - k, 6 - k)));
    let mut values: Vec<u32> = targets.iter().map(|&(x, y)| t.get(x, y)).collect();
    values.sort_unstable();
    values.dedup();
    let mex = (0..).find(|v| !values.contains(v)).expect("a mex");
    assert_eq!(t.get(4, 6), mex, "the table's value is the mex of its moves");
    // The caption on the map, as a screen reader (and a person) reads it.
    let map = h.get_by_role(Role::Image);
    let caption = map.accesskit_node().label().expect("the map describes itself");
    assert!(caption.starts_with("The Grundy map"), "{caption}");
    let head = "g(4, 6) = mex ";
    let start = caption.find(head).unwrap_or_else(|| panic!("{caption}")) + head.len();
    let end = caption[start..].find('}').expect("the set ends") + start + 1;
    assert_eq!(expand_runs(&caption[start..end]), values, "{caption}");
    assert!(caption.contains(&format!(" = {mex}: the least value that no move reaches")), "{caption}");
    assert!(caption.contains(&format!("{} moves, outlined in blue", targets.len())), "{caption}");
    // Unpinned, the caption goes.
    h.get_by_label("Unpin").click();
    h.run_steps(2);
    assert_eq!(h.get_by_role(Role::Image).accesskit_node().label().as_deref(), Some("The Grundy map"));
}

#[test]
fn a_pinned_cell_of_a_misere_map_says_why_it_has_its_misere_value() {
    let mut h = harness(r#"{"shared":{"settings":{"language":"English"}},"tab":"Map","map":{"options":{"size":64}}}"#);
    h.state_mut().state.shared.rules = preset("queen").unwrap().misere();
    step_until(&mut h, "the misère queen table", |a| {
        ready(a, 64) && a.state.map.table().is_some_and(|t| t.kind() == grundy_lab::grundy::TableKind::Misere)
    });
    let t = h.state().state.map.table().expect("the table").clone();
    // (1, 1) of misère Wythoff reaches (0, 1) and (1, 0), which reach only
    // (0, 0), of value 1 (no move): their values are 0, so (1, 1)'s is 2.
    assert_eq!([t.get(0, 0), t.get(1, 0), t.get(0, 1), t.get(1, 1)], [1, 0, 0, 2]);
    h.state_mut().state.map.focus(grundy_lab::ui::state::MapFocus::cell(1, 1));
    h.run_steps(3);
    let caption = h.get_by_role(Role::Image).accesskit_node().label().expect("a caption");
    assert!(caption.contains("misère g(1, 1) = mex {0, 1} = 2: the least value that no move reaches"), "{caption}");
    assert!(caption.contains("3 moves, outlined in blue"), "{caption}");
    // The corner has no move: in misère play its player has won, value 1.
    h.state_mut().state.map.focus(grundy_lab::ui::state::MapFocus::cell(0, 0));
    h.run_steps(3);
    let caption = h.get_by_role(Role::Image).accesskit_node().label().expect("a caption");
    assert!(caption.contains("misère g(0, 0) = 1: a position with no move has the value 1"), "{caption}");
    assert!(caption.contains("in misère play the player to move has won"), "{caption}");
}

/// The pinned cell of a misère map has Conway's genus under its moves,
/// computed in the background: that of a nim-heap, or another.
#[test]
fn a_pinned_cell_of_a_misere_map_shows_its_genus() {
    for (language, nim_like, other) in [
        ("English", "Conway's genus: 0^120 (the genus of the nim-heap *0, as far as computed)", "Conway's genus: 1^13"),
        ("Japanese", "コンウェイの種数: 0^120 (計算した範囲でニム山 *0 と同じ種数)", "コンウェイの種数: 1^13"),
    ] {
        let saved = r#"{"tab":"Map","map":{"options":{"size":64}}}"#;
        let mut h = common::app(saved).size([1500.0, 2000.0]).language(language).build();
        h.state_mut().state.shared.rules = preset("queen").unwrap().misere();
        step_until(&mut h, "the misère queen table", |a| {
            ready(a, 64) && a.state.map.table().is_some_and(|t| t.kind() == grundy_lab::grundy::TableKind::Misere)
        });
        // (1, 2), a P-position of Wythoff's game, has the misère value 1: it
        // plays as *0 does in misère sums.
        h.state_mut().state.map.focus(grundy_lab::ui::state::MapFocus::cell(1, 2));
        common::step_until_shows(&mut h, nim_like);
        // (12, 21) has g = 1 but not the genus 1^031 of *1.
        h.state_mut().state.map.focus(grundy_lab::ui::state::MapFocus::cell(12, 21));
        common::step_until_shows(&mut h, other);
        assert!(!shows(&h, nim_like), "the genus of the cell pinned before is gone");
        let tip = if language == "English" {
            "k = 0 to 6: 1 3 1 3 1 3 1"
        } else {
            "(k = 0〜6) 加えたミゼールのグランディ数は 1 3 1 3 1 3 1 です"
        };
        h.get_by_label_contains(other).hover();
        common::step_until_shows(&mut h, tip);
        // Unpinned, the genus goes with the cell.
        let unpin = if language == "English" { "Unpin" } else { "固定を外す" };
        h.get_by_label(unpin).click();
        h.run_steps(2);
        assert!(!shows(&h, other), "the genus of a cell no longer pinned");
    }
}

/// A window taller (or wider) than the largest texture the graphics card
/// takes still shows the map: the picture is drawn at a lower resolution,
/// cells still square.
#[test]
fn a_map_taller_than_the_largest_texture_is_drawn_at_a_lower_resolution() {
    let mut h = common::app(MAP_256).size([1280.0, 2600.0]).build();
    step_until(&mut h, "the 256 x 256 queen table", |a| ready(a, 256));
    h.run_steps(3);
    assert!(h.state().state.map.camera.is_some(), "the map was drawn");
}

/// Screenshots of the misère map of Wythoff's game, its values coloured
/// and a cell pinned, at three sizes in both languages, normal and
/// Presentation, in target/misere-shots/ (to look at; run with --ignored).
#[test]
#[ignore = "writes the misère map's screenshots for a person to look at"]
fn misere_map_screenshots() {
    std::fs::create_dir_all("target/misere-shots").expect("a folder");
    let saved = r#"{"tab":"Map","map":{"options":{"size":64}}}"#;
    for language in ["English", "Japanese"] {
        for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
            for presentation in [false, true] {
                let mut h = common::app(saved).size(size).language(language).presentation(presentation).wgpu().build();
                h.state_mut().state.shared.rules = preset("queen").unwrap().misere();
                step_until(&mut h, "the misère queen table", |a| {
                    ready(a, 64)
                        && a.state.map.table().is_some_and(|t| t.kind() == grundy_lab::grundy::TableKind::Misere)
                });
                h.state_mut().state.map.focus(grundy_lab::ui::state::MapFocus::cell(1, 1));
                let genus = if language == "English" { "Conway's genus" } else { "コンウェイの種数" };
                common::step_until_shows(&mut h, genus);
                // The side panel scrolled down to the pinned cell's genus.
                h.get_by_label_contains(genus).scroll_to_me();
                h.run_steps(3);
                let name =
                    format!("{}-{}x{}{}", &language[..2], size[0], size[1], if presentation { "-p" } else { "" });
                h.render().expect("a picture").save(format!("target/misere-shots/{name}.png")).expect("saved");
            }
        }
    }
}
