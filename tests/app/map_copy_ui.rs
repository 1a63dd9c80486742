//! The map's "Copy as LaTeX" and "Copy as Mathematica": the cells on
//! screen reach the clipboard, read back to the table's values, and the
//! sentence says what was copied; too many cells are refused.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use crate::common;

use common::{shows, step_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::map::Camera;
use grundy_lab::ui::GrundyLabApp;

const MAP_256: &str = r#"{"shared":{"settings":{"language":"English"}},"tab":"Map","map":{"options":{"size":256}}}"#;

fn harness() -> Harness<'static, GrundyLabApp> {
    let mut h = common::app(MAP_256).size([1500.0, 2000.0]).build();
    step_until(&mut h, "the table", |a| {
        let m = &a.state.map;
        m.is_finished() && m.table().is_some_and(|t| t.width() == 256 && t.is_complete())
    });
    h
}

/// Clicks `label` and returns what that frame put on the clipboard.
fn click_and_copy(h: &mut Harness<'_, GrundyLabApp>, label: &str) -> Option<String> {
    h.get_by_label(label).click();
    h.step();
    let copied = h.output().platform_output.commands.iter().find_map(|c| match c {
        egui::OutputCommand::CopyText(text) => Some(text.clone()),
        _ => None,
    });
    h.run_steps(1);
    copied
}

/// The numbers of a sentence, in order.
fn numbers(text: &str) -> Vec<usize> {
    text.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect()
}

/// The rows of a LaTeX tabular, header first, each cell's text without
/// the `\ppos{...}` around a P-position (and whether it had it).
fn latex_rows(tex: &str) -> Vec<Vec<(String, bool)>> {
    let begin = tex.find("\\begin{tabular}").unwrap();
    let body = &tex[begin..tex.find("\\end{tabular}").unwrap()];
    let body = &body[body.find('\n').unwrap()..];
    let cell = |c: &str| {
        let c = c.trim();
        match c.strip_prefix("\\ppos{").and_then(|c| c.strip_suffix('}')) {
            Some(inner) => (inner.to_string(), true),
            None => (c.to_string(), false),
        }
    };
    body.split("\\\\")
        .map(|r| r.replace("\\hline", ""))
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.split('&').map(cell).collect())
        .collect()
}

/// The rows of a Mathematica list of lists of integers.
fn mathematica_rows(text: &str) -> Vec<Vec<u32>> {
    let end = text.find("*)").unwrap();
    let list = text[end + 2..].trim();
    let inner = list.strip_prefix("{{").and_then(|l| l.strip_suffix("}}")).unwrap();
    inner
        .split("},")
        .map(|row| row.trim().trim_start_matches('{').split(',').map(|v| v.trim().parse().unwrap()).collect())
        .collect()
}

#[test]
fn the_cells_on_screen_are_copied_as_latex_and_as_mathematica() {
    let mut h = harness();
    h.state_mut().state.map.camera = Some(Camera { x0: 7.0, y0: 3.0, zoom: 40.0 });
    h.run_steps(2);
    let table = h.state().state.map.table().unwrap().clone();
    let tex = click_and_copy(&mut h, "Copy as LaTeX").expect("the LaTeX is on the clipboard");
    let said = h.state().state.map.message().unwrap();
    assert!(said.starts_with("Copied the ") && said.ends_with(" as LaTeX."), "{said}");
    let [w, hh, x0, y0] = numbers(&said)[..] else { panic!("{said}") };
    assert_eq!((x0, y0), (7, 3), "{said}");
    assert!((5..200).contains(&w) && (5..200).contains(&hh), "a small window: {said}");
    assert!(shows(&h, &said), "the sentence is on screen");
    let rows = latex_rows(&tex);
    assert_eq!(rows.len(), hh + 1, "{tex}");
    let header: Vec<usize> = rows[0][1..].iter().map(|(c, _)| c.parse().unwrap()).collect();
    assert_eq!(header, (x0..x0 + w).collect::<Vec<_>>());
    for (j, row) in rows[1..].iter().enumerate() {
        assert_eq!(row[0].0.parse::<usize>().unwrap(), y0 + j);
        for (i, (text, p)) in row[1..].iter().enumerate() {
            let v = table.get(x0 + i, y0 + j);
            assert_eq!((text.parse::<u32>().unwrap(), *p), (v, v == 0), "({}, {})", x0 + i, y0 + j);
        }
    }
    let m = click_and_copy(&mut h, "Copy as Mathematica").expect("the list is on the clipboard");
    let said = h.state().state.map.message().unwrap();
    assert_eq!(said, format!("Copied the {w} x {hh} cells from ({x0}, {y0}) as Mathematica."));
    let rows = mathematica_rows(&m);
    assert_eq!(rows.len(), hh);
    for (j, row) in rows.iter().enumerate() {
        let want: Vec<u32> = (0..w).map(|i| table.get(x0 + i, y0 + j)).collect();
        assert_eq!(*row, want, "row y = {}", y0 + j);
    }
}

#[test]
fn too_many_cells_on_screen_are_refused_with_what_to_do() {
    let mut h = harness();
    h.state_mut().state.map.camera = Some(Camera { x0: 0.0, y0: 0.0, zoom: 1.0 });
    h.run_steps(2);
    assert_eq!(click_and_copy(&mut h, "Copy as LaTeX"), None, "nothing is copied");
    let said = h.state().state.map.message().unwrap();
    assert!(said.starts_with("Not copied: 256 x 256 cells are on screen") && said.contains("Zoom in"), "{said}");
    assert_eq!(numbers(&said)[2..4], [200, 200], "{said}");
}
