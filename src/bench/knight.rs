//! Benchmark figures for the knight library, measured in one run and
//! printed as text (absolute times vary on shared machines; ratios less).

use crate::Control;
use crate::draw::png;
use crate::knight::board::Board;
use crate::knight::board::Region;
use crate::knight::design::{Design, Style};
use crate::knight::graph::LeaperGraph;
use crate::knight::leaper::Leaper;
use crate::knight::picture::{ViewOptions, scene};
use crate::knight::tour::{TourResult, TourSpec, find_tour};
use crate::knight::warnsdorff::{TieBreak, walk};
use std::fmt::Write;

use std::time::Duration;
use web_time::Instant;

/// Whether `path` is a Hamiltonian path (or cycle) of `g`.
pub fn is_tour(g: &LeaperGraph, path: &[u32], closed: bool) -> bool {
    let mut seen = vec![false; g.len()];
    for (i, &v) in path.iter().enumerate() {
        let v = v as usize;
        if v >= g.len() || seen[v] || (i > 0 && !g.adjacent(path[i - 1] as usize, v)) {
            return false;
        }
        seen[v] = true;
    }
    path.len() == g.len()
        && (!closed || (path.len() >= 3 && g.adjacent(path[0] as usize, path[path.len() - 1] as usize)))
}

/// Schwenk (1991): closed knight's tours on m x n.
fn schwenk_closed(w: usize, h: usize) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    !((m % 2 == 1 && n % 2 == 1) || matches!(m, 1 | 2 | 4) || (m == 3 && matches!(n, 4 | 6 | 8)))
}

/// Open knight's tours on m x n (math.md section 6).
fn open_exists(w: usize, h: usize) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    (m == 1 && n == 1) || (m == 3 && (n == 4 || n >= 7)) || (m == 4 && n >= 5) || m >= 5
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

/// Runs every knight benchmark and returns the report.
pub fn bench_report() -> String {
    let mut o = String::new();
    let _ = writeln!(o, "== knight benchmarks ==");

    // 1. Warnsdorff on n x n, n = 5..=200.
    let ties = [TieBreak::FarFromCentre, TieBreak::Pohl, TieBreak::Random(1), TieBreak::Random(2)];
    let mut first_try_failures = Vec::new();
    let mut failures = Vec::new();
    let mut slowest = (Duration::ZERO, 0);
    let t_all = Instant::now();
    for n in 5..=200usize {
        let g = LeaperGraph::rectangle(n, n, Leaper::KNIGHT);
        let t = Instant::now();
        let mut ok = None;
        for (i, &tie) in ties.iter().enumerate() {
            if let Some(p) = walk(&g, 0, false, tie) {
                ok = Some(p);
                if i > 0 {
                    first_try_failures.push(n);
                }
                break;
            }
        }
        let dt = t.elapsed();
        if dt > slowest.0 {
            slowest = (dt, n);
        }
        match ok {
            Some(p) if is_tour(&g, &p, false) => {}
            _ => failures.push(n),
        }
    }
    let _ = writeln!(
        o,
        "open tour by Warnsdorff on n x n, n = 5..200: {} failures {:?}; first tie-break (far from centre) failed on {:?}; slowest n = {} in {}; all in {} (with graph building and checks)",
        failures.len(),
        failures,
        first_try_failures,
        slowest.1,
        ms(slowest.0),
        ms(t_all.elapsed())
    );

    // 2. 1000 x 1000.
    let t = Instant::now();
    let g = LeaperGraph::rectangle(1000, 1000, Leaper::KNIGHT);
    let t_graph = t.elapsed();
    let t = Instant::now();
    let mut p = None;
    for &tie in &ties {
        p = walk(&g, 0, false, tie);
        if p.is_some() {
            break;
        }
    }
    let t_walk = t.elapsed();
    let ok = p.as_ref().is_some_and(|p| is_tour(&g, p, false));
    let _ = writeln!(
        o,
        "1000 x 1000 open tour: {} in {} (+ {} to build the graph; target 1 s)",
        if ok { "found and checked" } else { "FAILED" },
        ms(t_walk),
        ms(t_graph)
    );

    // 3. Every rectangle with at most 64 cells (w <= h), open and closed.
    let (mut found, mut none, mut undecided, mut wrong) = (0, 0, 0, Vec::new());
    let mut times: Vec<(Duration, String)> = Vec::new();
    for w in 1..=64usize {
        for h in w..=64usize {
            if w * h > 64 {
                continue;
            }
            let board = Board::rect(w, h).expect("small board");
            let g = LeaperGraph::of_region(&board, Region::A, Leaper::KNIGHT);
            for closed in [false, true] {
                let t = Instant::now();
                let r = find_tour(
                    &g,
                    &TourSpec { closed, start: None },
                    &Control::with_time_limit(Duration::from_secs(10)),
                )
                .expect("no start given");
                let dt = t.elapsed();
                let kind = if closed { "closed" } else { "open" };
                let answer = match &r {
                    TourResult::Found(tour) => {
                        found += 1;
                        if tour.verify(&board, Region::A, Leaper::KNIGHT).is_err() {
                            wrong.push(format!("{w}x{h} {kind}: bad tour"));
                        }
                        true
                    }
                    TourResult::None(_) => {
                        none += 1;
                        false
                    }
                    TourResult::Undecided => {
                        undecided += 1;
                        times.push((dt, format!("{w}x{h} {kind} undecided")));
                        continue;
                    }
                };
                let theory = if closed { schwenk_closed(w, h) } else { open_exists(w, h) };
                if answer != theory {
                    wrong.push(format!("{w}x{h} {kind}: answer {answer}, theory {theory}"));
                }
                times.push((dt, format!("{w}x{h} {kind} {}", if answer { "tour" } else { "none" })));
            }
        }
    }
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    let slow: Vec<String> = times.iter().take(5).map(|(d, s)| format!("{s} {}", ms(*d))).collect();
    let _ = writeln!(
        o,
        "rectangles with <= 64 cells (w <= h), open and closed: {} questions: {found} tours, {none} proved none, {undecided} undecided; disagreements with Schwenk / open-tour theorem: {:?}; max time {} (target 10 s); slowest: {}",
        times.len(),
        wrong,
        times.first().map_or("-".into(), |t| ms(t.0)),
        slow.join(", ")
    );

    // 4. PNG export of the 40 x 40 knight graph at 8000 x 8000 px.
    let design = Design {
        board: Board::rect(40, 40).expect("40 x 40"),
        leaper: Leaper::KNIGHT,
        style: Style { margin: 0.0, ..Style::night() },
    };
    let view = ViewOptions { graph: true, ..Default::default() };
    let dir = std::env::temp_dir().join(format!("grundy-lab-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("knight-40.png");
    let t = Instant::now();
    let sc = scene(&design, &view);
    let t_scene = t.elapsed();
    let t = Instant::now();
    let res = png::write_png(&sc, 8000, &path);
    let t_export = t.elapsed();
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    // The encoder alone, on the same pixels.
    let t_render = Instant::now();
    let pixels = png::render(&sc, 8000).map(|p| (p.width(), p.height(), p.take()));
    let t_render = t_render.elapsed();
    let t = Instant::now();
    let enc = pixels.as_ref().map_err(|e| e.clone()).and_then(|(w, h, px)| png::encode_rgba(*w, *h, px));
    let t_encode = t.elapsed();
    let t = Instant::now();
    let svg = crate::draw::svg::to_svg(&sc);
    let t_svg = t.elapsed();
    let _ = writeln!(
        o,
        "PNG 8000 x 8000 of the 40 x 40 knight graph ({} edges): export {} ({}, {:.1} MB; target 3 s) = render {} + encode; image crate encode alone {} ({}); export / encode = {:.2}; scene {}; SVG {} ({:.1} MB)",
        4 * 40 * 40 - 12 * 40 + 8,
        ms(t_export),
        if res.is_ok() { "ok".to_string() } else { format!("{res:?}") },
        size as f64 / 1e6,
        ms(t_render),
        ms(t_encode),
        if enc.is_ok() { "ok" } else { "failed" },
        t_export.as_secs_f64() / t_encode.as_secs_f64().max(1e-9),
        ms(t_scene),
        ms(t_svg),
        svg.len() as f64 / 1e6
    );
    let _ = std::fs::remove_dir_all(&dir);
    o
}
