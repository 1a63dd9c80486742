//! Integration tests of the knight library: boards, graphs, tours, designs,
//! pictures (the CLI in the app's `tests/app/knight_cli.rs`).

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::knight::warnsdorff::Rng;
use grundy_lab_core::knight::*;
use std::time::Duration;

/// A minute for a search: far more than any test here needs.
fn budget() -> Control {
    Control::with_time_limit(Duration::from_secs(60))
}

/// Plain depth-first enumeration with no pruning at all: the reference.
/// Counts Hamiltonian paths from `start` (closed: returning to `start`).
fn naive_count(g: &LeaperGraph, start: usize, closed: bool, stop_at_first: bool) -> u64 {
    fn go(
        g: &LeaperGraph,
        v: usize,
        seen: &mut Vec<bool>,
        depth: usize,
        start: usize,
        closed: bool,
        first: bool,
    ) -> u64 {
        if depth == g.len() {
            return u64::from(!closed || (g.len() >= 3 && g.adjacent(v, start)));
        }
        let mut total = 0;
        for &u in g.neighbours(v) {
            let u = u as usize;
            if !seen[u] {
                seen[u] = true;
                total += go(g, u, seen, depth + 1, start, closed, first);
                seen[u] = false;
                if first && total > 0 {
                    return total;
                }
            }
        }
        total
    }
    if g.is_empty() {
        return 0;
    }
    let mut seen = vec![false; g.len()];
    seen[start] = true;
    go(g, start, &mut seen, 1, start, closed, stop_at_first)
}

fn naive_exists(g: &LeaperGraph, closed: bool) -> bool {
    if closed {
        return !g.is_empty() && naive_count(g, 0, true, true) > 0;
    }
    (0..g.len()).any(|s| naive_count(g, s, false, true) > 0)
}

/// Schwenk (1991): an m x n board, m <= n, has a closed knight's tour
/// unless m and n are both odd, or m is 1, 2 or 4, or m = 3 and n is 4, 6, 8.
fn schwenk_closed(w: usize, h: usize) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    !((m % 2 == 1 && n % 2 == 1) || matches!(m, 1 | 2 | 4) || (m == 3 && matches!(n, 4 | 6 | 8)))
}

/// Open tours exist on 1 x 1, 3 x 4, 3 x n (n >= 7), 4 x n (n >= 5) and
/// m x n for n >= m >= 5 (math.md, section 6).
fn open_exists(w: usize, h: usize) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    (m == 1 && n == 1) || (m == 3 && (n == 4 || n >= 7)) || (m == 4 && n >= 5) || m >= 5
}

fn solve(board: &Board, region: Region, spec: TourSpec) -> TourResult {
    let g = LeaperGraph::of_region(board, region, Leaper::KNIGHT);
    let r = find_tour(&g, &spec, &budget()).expect("start is on the board");
    if let TourResult::Found(t) = &r {
        t.verify(board, region, Leaper::KNIGHT).unwrap_or_else(|e| panic!("bad tour {}: {e}", t.to_line()));
        assert_eq!(t.closed, spec.closed);
        if let Some(s) = spec.start {
            assert_eq!(t.cells[0], s);
        }
    }
    r
}

#[test]
fn rectangles_agree_with_exhaustive_search_and_schwenk() {
    for h in 1..=20usize {
        for w in 1..=20usize {
            if w * h > 20 {
                continue;
            }
            let board = Board::rect(w, h).unwrap();
            let g = LeaperGraph::of_region(&board, Region::A, Leaper::KNIGHT);
            for closed in [false, true] {
                let r = solve(&board, Region::A, TourSpec { closed, start: None });
                let found = match r {
                    TourResult::Found(_) => true,
                    TourResult::None(_) => false,
                    TourResult::Undecided => panic!("{w} x {h} undecided"),
                };
                assert_eq!(found, naive_exists(&g, closed), "{w} x {h} closed={closed}");
                let theory = if closed { schwenk_closed(w, h) } else { open_exists(w, h) };
                assert_eq!(found, theory, "{w} x {h} closed={closed}");
            }
        }
    }
}

#[test]
fn rectangles_up_to_40_cells_agree_with_theory() {
    for h in 1..=40usize {
        for w in h..=40usize {
            if w * h > 40 || w * h <= 20 {
                continue;
            }
            let board = Board::rect(w, h).unwrap();
            for closed in [false, true] {
                let found = matches!(solve(&board, Region::A, TourSpec { closed, start: None }), TourResult::Found(_));
                let theory = if closed { schwenk_closed(w, h) } else { open_exists(w, h) };
                assert_eq!(found, theory, "{w} x {h} closed={closed}");
            }
        }
    }
}

#[test]
fn random_boards_with_holes_agree_with_exhaustive_search() {
    let mut rng = Rng::new(7);
    for case in 0..300 {
        let (w, h) = (3 + (rng.next_u64() % 4) as usize, 3 + (rng.next_u64() % 3) as usize);
        let mut cells = Vec::new();
        for _ in 0..w * h {
            cells.push(match rng.next_u64() % 5 {
                0 => Cell::Hole,
                1 => Cell::B,
                _ => Cell::A,
            });
        }
        let board = Board::from_cells(w, h, cells).unwrap();
        for region in Region::BOTH {
            let g = LeaperGraph::of_region(&board, region, Leaper::KNIGHT);
            if g.len() > 16 {
                continue;
            }
            for closed in [false, true] {
                let found = match solve(&board, region, TourSpec { closed, start: None }) {
                    TourResult::Found(_) => true,
                    TourResult::None(_) => false,
                    TourResult::Undecided => panic!("case {case} undecided"),
                };
                assert_eq!(
                    found,
                    naive_exists(&g, closed),
                    "case {case} {region:?} closed={closed}\n{}",
                    board.to_rows().join("\n")
                );
                // From every start cell too (open tours).
                if !closed {
                    for s in 0..g.len() {
                        let spec = TourSpec { closed, start: Some(g.cell(s)) };
                        let f = matches!(solve(&board, region, spec), TourResult::Found(_));
                        assert_eq!(f, naive_count(&g, s, false, true) > 0, "case {case} start {s}");
                    }
                }
            }
        }
    }
}

#[test]
fn counts_agree_with_known_numbers_and_naive_counts() {
    let b = budget();
    let count = |w, h, closed, start: Option<Pos>| {
        let g = LeaperGraph::rectangle(w, h, Leaper::KNIGHT);
        count_tours(&g, &TourSpec { closed, start }, &b).unwrap()
    };
    // 5 x 5: 1728 directed open tours, 304 from a corner.
    assert_eq!(count(5, 5, false, None), TourCount::Exact(864));
    assert_eq!(count(5, 5, false, Some(Pos::new(0, 0))), TourCount::Exact(304));
    // 3 x 10: 16 closed tours (OEIS A070030).
    assert_eq!(count(10, 3, true, None), TourCount::Exact(16));
    assert_eq!(count(4, 4, true, None), TourCount::Exact(0));
    for (w, h) in [(3, 4), (4, 3), (4, 4), (3, 7), (4, 5)] {
        let g = LeaperGraph::rectangle(w, h, Leaper::KNIGHT);
        let directed: u64 = (0..g.len()).map(|s| naive_count(&g, s, false, false)).sum();
        assert_eq!(count(w, h, false, None), TourCount::Exact(directed / 2), "{w} x {h}");
    }
    let g = LeaperGraph::rectangle(3, 4, Leaper::CAMEL);
    let r = count_tours(&g, &TourSpec::default(), &b).unwrap();
    assert_eq!(r, TourCount::Exact(0));
}

#[test]
fn cancelled_and_timed_out_searches_are_undecided() {
    let g = LeaperGraph::rectangle(8, 8, Leaper::KNIGHT);
    let b = budget();
    b.cancel();
    assert_eq!(count_tours(&g, &TourSpec::default(), &b).unwrap(), TourCount::AtLeast(0));
    let b = Control::with_time_limit(Duration::ZERO);
    assert_eq!(find_tour(&g, &TourSpec::default(), &b).unwrap(), TourResult::Undecided);
    let off = TourSpec { closed: false, start: Some(Pos::new(9, 0)) };
    let outside = TourError::StartNotInRegion { start: Pos::new(9, 0) };
    assert_eq!(find_tour(&g, &off, &b), Err(outside));
    assert_eq!(count_tours(&g, &off, &b), Err(outside));
}

#[test]
fn larger_boards_and_other_leapers() {
    for (w, h) in [(8, 8), (12, 9), (30, 30), (64, 64)] {
        let board = Board::rect(w, h).unwrap();
        for closed in [false, true] {
            let r = solve(&board, Region::A, TourSpec { closed, start: Some(Pos::new(1, 2)) });
            let want = if closed { schwenk_closed(w, h) } else { true };
            assert_eq!(matches!(r, TourResult::Found(_)), want, "{w} x {h} {closed}");
        }
    }
    // Camel moves keep the colour: half the board is unreachable.
    let g = LeaperGraph::rectangle(6, 6, Leaper::CAMEL);
    assert!(matches!(find_tour(&g, &TourSpec::default(), &budget()).unwrap(), TourResult::None(_)));
}

#[test]
fn two_region_designs_tour_each_region_and_mirror() {
    let board = Preset::HalvesMirror.build(10, 5).unwrap();
    let TourResult::Found(a) = solve(&board, Region::A, TourSpec::default()) else {
        panic!("5 x 5 half has an open tour");
    };
    let b = a.mapped(Symmetry::MirrorLeftRight, 10, 5).unwrap();
    b.verify(&board, Region::B, Leaper::KNIGHT).unwrap();
    assert!(a.verify(&board, Region::B, Leaper::KNIGHT).is_err());
    let mut broken = a.clone();
    broken.cells.swap(3, 4);
    assert!(broken.verify(&board, Region::A, Leaper::KNIGHT).unwrap_err().to_string().contains("step"));
}

// ---------------------------------------------------------------- pictures

use grundy_lab_core::draw::{self, Rgba, png, svg};
use grundy_lab_core::knight::picture::CELL;
use std::path::PathBuf;

fn tmp_dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn graph_view() -> ViewOptions<'static> {
    ViewOptions { graph: true, ..Default::default() }
}

#[test]
fn png_shows_background_and_edges_where_they_are() {
    let design = Design { board: Board::rect(8, 8).unwrap(), leaper: Leaper::KNIGHT, style: Style::night() };
    let sc = scene(&design, &graph_view());
    let bytes = png::to_png_bytes(&sc, 1000).unwrap();
    let img = image::load_from_memory(&bytes).unwrap().to_rgba8();
    let (w, h) = sc.pixel_size(1000);
    assert_eq!((img.width(), img.height()), (w, h));
    assert_eq!(w, 1000);
    let bg = design.style.background.0;
    assert_eq!(img.get_pixel(2, 2).0, bg, "margin shows the background");
    let lay = Layout::of(&design);
    let s = w as f32 / sc.width;
    let px = |q: [f32; 2]| img.get_pixel((q[0] * s) as u32, (q[1] * s) as u32).0;
    // The middle of the edge (0,0)-(1,2) is on a blue line.
    let (a, b) = (lay.centre(Pos::new(0, 0)), lay.centre(Pos::new(1, 2)));
    let mid = px([(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]);
    let line = design.style.lines[0].0;
    assert!(mid[..3].iter().zip(&line[..3]).all(|(p, l)| p.abs_diff(*l) < 40), "{mid:?} vs {line:?}");
    // A cell centre carries its yellow dot.
    let dot = px(lay.centre(Pos::new(3, 3)));
    assert!(dot[0] > 200 && dot[1] > 150 && dot[2] < 100, "{dot:?}");
    // Between (0,0) and (1,0) no knight move passes: background.
    let c0 = lay.centre(Pos::new(0, 0));
    let gap = px([c0[0] + 0.5 * CELL, c0[1] - 0.3 * CELL]);
    assert_eq!(gap, bg);
    // Lots of line pixels overall, not an empty picture.
    let lit = img.pixels().filter(|p| p.0 != bg).count();
    assert!(lit > (w * h / 10) as usize, "{lit}");
}

#[test]
fn transparent_png_and_tour_views() {
    let board = Preset::HalvesMirror.build(10, 5).unwrap();
    let mut style = Style::paper();
    style.transparent = true;
    let design = Design { board: board.clone(), leaper: Leaper::KNIGHT, style };
    let TourResult::Found(a) = solve(&board, Region::A, TourSpec::default()) else { panic!() };
    let b = a.mapped(Symmetry::MirrorLeftRight, 10, 5).unwrap();
    let view = ViewOptions { graph: true, tours: [Some(&a), Some(&b)], numbered: true };
    let sc = scene(&design, &view);
    assert!(sc.background.is_none());
    let texts = sc.shapes.iter().filter(|s| matches!(s, draw::Shape::Text { .. })).count();
    assert_eq!(texts, 50, "one number per cell");
    let (w, h, rgba) = png::render_rgba(&sc, 600).unwrap();
    assert_eq!(rgba.len(), (w * h * 4) as usize);
    assert_eq!(&rgba[..4], &[0, 0, 0, 0], "corner is transparent");
    let dir = tmp_dir("transparent");
    let path = dir.join("halves.png");
    png::write_png(&sc, 600, &path).unwrap();
    let img = image::open(&path).unwrap();
    assert!(img.color().has_alpha());
}

/// How many elements named `name` (in the SVG namespace) the SVG holds;
/// `Err` when it is not well-formed XML or its root is not an SVG `svg`.
fn svg_count(svg: &str, name: &str) -> Result<usize, String> {
    const SVG: &str = "http://www.w3.org/2000/svg";
    let doc = roxmltree::Document::parse(svg).map_err(|e| e.to_string())?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || root.tag_name().namespace() != Some(SVG) {
        return Err(format!("the root is {:?}", root.tag_name()));
    }
    Ok(doc.descendants().filter(|n| n.tag_name().name() == name && n.tag_name().namespace() == Some(SVG)).count())
}

#[test]
fn svg_has_one_line_per_edge_and_is_well_formed() {
    for preset in Preset::ALL {
        for (w, h) in [(8, 8), (13, 9)] {
            let board = preset.build(w, h).unwrap();
            let design = Design { board: board.clone(), leaper: Leaper::KNIGHT, style: Style::blueprint() };
            let text = svg::to_svg(&scene(&design, &graph_view()));
            let edges: usize =
                Region::BOTH.iter().map(|&r| LeaperGraph::of_region(&board, r, Leaper::KNIGHT).edge_count()).sum();
            assert_eq!(svg_count(&text, "line"), Ok(edges), "{preset:?} {w}x{h}");
            assert!(text.starts_with("<?xml"));
        }
    }
    let d = Design::default();
    let text = svg::to_svg(&scene(&d, &graph_view()));
    assert_eq!(svg_count(&text, "line"), Ok(4 * 64 - 12 * 8 + 8));
    assert_eq!(svg_count(&text, "circle"), Ok(64), "one dot per cell");
    assert!(svg_count("<svg xmlns=\"http://www.w3.org/2000/svg\"><a><b></a></b></svg>", "a").is_err());
    assert!(svg_count("<html><line/></html>", "line").is_err(), "the checker can fail");
}

#[test]
fn unwritable_files_are_errors_and_leave_nothing() {
    let dir = tmp_dir("unwritable");
    let sc = scene(&Design::default(), &graph_view());
    let missing = dir.join("no such dir").join("x.png");
    let e = png::write_png(&sc, 100, &missing).unwrap_err();
    assert!(e.to_string().contains("no such dir"), "{e}");
    let e = draw::export(&sc, &dir.join("x.gif"), 100).unwrap_err();
    assert!(e.to_string().contains(".png or .svg"), "{e}");
    // Writing over a directory fails and leaves no temporary file.
    std::fs::create_dir(dir.join("taken.svg")).unwrap();
    assert!(draw::export(&sc, &dir.join("taken.svg"), 100).is_err());
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "{left:?}");
    draw::export(&sc, &dir.join("ok.svg"), 100).unwrap();
    assert!(std::fs::read_to_string(dir.join("ok.svg")).unwrap().contains("</svg>"));
}

// ---------------------------------------------------------------- designs

#[test]
fn design_files_round_trip_and_errors_name_the_problem() {
    let d = Design { board: Preset::Ring.build(12, 10).unwrap(), leaper: Leaper::CAMEL, style: Style::paper() };
    let json = d.to_json();
    assert_eq!(Design::from_json(&json).unwrap(), d);
    let dir = tmp_dir("designs");
    d.save(&dir.join("ring.json")).unwrap();
    assert_eq!(Design::load(&dir.join("ring.json")).unwrap(), d);
    let cases: Vec<(String, &str)> = vec![
        (json.replace("\"version\": 1", "\"version\": 9"), "version 9"),
        (json.replace("\"width\": 12", "\"width\": 11"), "row 0"),
        (json.replace("\"width\": 12", "\"width\": 1000"), "1 to 256"),
        (json.replace("\"height\": 10", "\"height\": 11"), "rows"),
        (json.replace("\"leaper\": {", "\"leaper\": {\"c\": 3,"), "unknown field"),
        (json.replace("\"margin\"", "\"margins\""), "margins"),
        (json.replace("\"line_width\": 0.03", "\"line_width\": -1"), "line_width"),
        (json.replace("#fbf8f1", "red"), "#rrggbb"),
        (json.replace("\"a\": 1", "\"a\": 0").replace("\"b\": 3", "\"b\": 0"), "leaper"),
        (json.replace("knight design", "queen design"), "format"),
        (json.replacen('A', "Q", 1), "'.'"),
        (json[..json.len() / 2].to_string(), "line"),
        (String::new(), "valid"),
    ];
    for (text, needle) in cases {
        let e = Design::from_json(&text).unwrap_err().to_string();
        assert!(e.contains(needle), "expected {needle:?} in: {e}");
    }
    let e = Design::from_bytes(&[0xff, 0xfe, 0x00]).unwrap_err().to_string();
    assert!(e.contains("UTF-8"), "{e}");
    let e = Design::load(&dir.join("missing.json")).unwrap_err().to_string();
    assert!(e.contains("missing.json"), "{e}");
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn any_bytes_give_a_design_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let _ = Design::from_bytes(&bytes);
        }

        #[test]
        fn any_text_gives_a_design_or_an_error(text in "\\PC{0,300}") {
            let _ = Design::from_json(&text);
        }

        #[test]
        fn mutated_files_give_a_design_or_an_error(at in 0usize..2000, len in 0usize..20, junk in "[\\[\\]{}\":,0-9a-zA-Z.#-]{0,12}") {
            let json = Design::default().to_json();
            let at = at.min(json.len());
            let end = (at + len).min(json.len());
            if json.is_char_boundary(at) && json.is_char_boundary(end) {
                let text = format!("{}{}{}", &json[..at], junk, &json[end..]);
                if let Ok(d) = Design::from_json(&text) {
                    prop_assert!(d.style.check().is_ok());
                    prop_assert!(d.leaper.check().is_ok());
                }
            }
        }
    }
}

// ---------------------------------------------------------------- CLI

#[test]
fn colours_parse_and_print() {
    assert_eq!(Rgba::from_hex("#ff8000").unwrap(), Rgba::rgb(255, 128, 0));
    assert_eq!(Rgba::from_hex("#f80").unwrap(), Rgba::rgb(255, 136, 0));
    assert_eq!(Rgba::from_hex("#01020304").unwrap().to_hex(), "#01020304");
    for bad in ["ff8000", "#ff80", "#ééé"] {
        assert_eq!(Rgba::from_hex(bad), Err(draw::ColourError { text: bad.into() }), "{bad}");
    }
}

/// Every ready-made design keeps its promise: the real searches (as the
/// Knight tab runs them) find a tour of each region, of the kind promised,
/// checked move by move and for its symmetry; the puzzle's "no tour" is a
/// proof, open and closed. A few seconds in a debug build.
#[test]
fn every_gallery_design_keeps_its_promise() {
    let poster =
        Design::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/knight-poster-design.json"))
            .unwrap();
    assert_eq!(GalleryDesign::Poster.board(), poster.board, "the README's poster design is in the gallery");
    assert_eq!(GalleryDesign::Poster.leaper(), poster.leaper);
    for g in GalleryDesign::ALL {
        let (board, leaper) = (g.board(), g.leaper());
        for region in Region::BOTH {
            let started = std::time::Instant::now();
            match g.promise() {
                Promise::Tours { closed, symmetry } => {
                    let ctl = Control::with_time_limit(Duration::from_secs(30));
                    let tour = match find_symmetric_tour(&board, region, leaper, symmetry, closed, &ctl) {
                        TourResult::Found(t) => t,
                        other => panic!("{g:?} {region:?}: {other:?}"),
                    };
                    assert_eq!(tour.verify(&board, region, leaper), Ok(()), "{g:?} {region:?}");
                    assert_eq!(tour.closed, closed, "{g:?} {region:?}");
                    assert!(
                        is_symmetric(&tour, symmetry, board.width(), board.height()),
                        "{g:?} {region:?}: not symmetric under {symmetry:?}"
                    );
                }
                Promise::NoTour => {
                    for closed in [false, true] {
                        let spec = TourSpec { closed, start: None };
                        let answer = tour::find_region_tour(&board, region, leaper, &spec, &budget()).unwrap();
                        assert!(matches!(answer, TourResult::None(_)), "{g:?} {region:?} closed {closed}: {answer:?}");
                    }
                }
            }
            eprintln!("{g:?} {region:?}: {:.2} s", started.elapsed().as_secs_f64());
        }
    }
}
