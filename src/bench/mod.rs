//! Benchmarks (the `bench` subcommand and `benches/`): figures as ratios
//! measured in the same run, because absolute times on shared machines vary
//! from run to run.

pub mod check;
pub mod families;
pub mod frames;
pub mod knight;
pub mod proofs;
pub mod takebreak;

use crate::Control;
use crate::grundy::{compute, estimate_bytes};
use crate::rules::preset;
use std::fmt::Write;
use std::time::Duration;
use web_time::Instant;

/// Time to fill a `n x n` table with `x ^ y` on one thread (the baseline:
/// the cost of merely writing every cell once). Best of three.
pub fn xor_fill_time(n: usize) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let mut v = vec![0u32; n * n];
            for (y, row) in v.chunks_mut(n).enumerate() {
                for (x, c) in row.iter_mut().enumerate() {
                    *c = (x ^ y) as u32;
                }
            }
            std::hint::black_box(&v);
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Peak resident memory of this process so far (Linux), in bytes.
pub fn peak_rss() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: u64 = s.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Run the engine benchmark at size `n` (8192 in the issue) and, when
/// `big` is given, the memory of a `big x big` queen table.
pub fn engine_report(n: usize, big: Option<usize>) -> String {
    let mut out = String::new();
    let base = xor_fill_time(n);
    let _ = writeln!(out, "threads: {}", rayon::current_num_threads());
    let _ = writeln!(out, "x ^ y fill {n} x {n}, one thread: {:.1} ms", base.as_secs_f64() * 1e3);
    for (name, target) in [("queen", 8.0), ("dragon-horse", 10.0), ("ryuoh:5", 10.0)] {
        let rules = preset(name).expect("preset");
        let t = Instant::now();
        let table = compute(&rules, n, n, &Control::new()).expect("bench size fits");
        let el = t.elapsed();
        std::hint::black_box(table.get(n - 1, n - 1));
        let ratio = el.as_secs_f64() / base.as_secs_f64();
        let _ = writeln!(
            out,
            "{name:<13} {n} x {n}: {:.0} ms = {ratio:.1} x the x^y fill (target <= {target}) {}",
            el.as_secs_f64() * 1e3,
            if ratio <= target { "ok" } else { "MISSED" }
        );
    }
    if let Some(b) = big {
        let rules = preset("queen").expect("preset");
        let before = peak_rss().unwrap_or(0);
        let t = Instant::now();
        match compute(&rules, b, b, &Control::new()) {
            Ok(table) => {
                let el = t.elapsed();
                std::hint::black_box(table.get(b - 1, b - 1));
                let peak = peak_rss().unwrap_or(0);
                let _ = writeln!(
                    out,
                    "queen {b} x {b}: {:.1} s, peak memory {:.2} GB (estimate {:.2} GB; peak before {:.2} GB)",
                    el.as_secs_f64(),
                    peak as f64 / 1e9,
                    estimate_bytes(&rules, b, b) as f64 / 1e9,
                    before as f64 / 1e9
                );
            }
            Err(e) => {
                let _ = writeln!(out, "queen {b} x {b}: {e}");
            }
        }
    }
    out
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Map benchmark: the level-of-detail image of a 1920 x 1080 view of an
/// `n x n` queen table at several zooms (median of 15 on this thread), and
/// poster export of an `e x e` table at 1 pixel per cell against the time
/// the `image` crate alone needs to encode a picture of that size.
pub fn map_report(n: usize, e: usize) -> String {
    use crate::map::{Palette, PaletteKind, Pyramid, View, export, render};
    let mut out = String::new();
    let rules = preset("queen").expect("preset");
    let c = Control::new();
    let t0 = Instant::now();
    let table = compute(&rules, n, n, &c).expect("bench size fits");
    let compute_time = t0.elapsed();
    let t1 = Instant::now();
    let pyramid = Pyramid::build(&table, &c).expect("not cancelled");
    let _ = writeln!(
        out,
        "queen {n} x {n}: table {:.1} s, level-of-detail pyramid {:.0} ms ({:.0} MB = {:.2} bytes a cell, of which the value masks of 2 x 2 blocks, for the highlight palette, {:.0} MB)",
        compute_time.as_secs_f64(),
        t1.elapsed().as_secs_f64() * 1e3,
        pyramid.bytes() as f64 / 1e6,
        pyramid.bytes() as f64 / (n * n) as f64,
        pyramid.first_mask_bytes() as f64 / 1e6
    );
    let zooms = [n as f64 / 1080.0, 64.0, 12.0, 8.0, 5.0, 3.0, 2.0, 1.5, 1.0, 0.25, 1.0 / 32.0];
    let mut buf = Vec::new();
    // The median time of each zoom with a palette.
    let mut lod = |palette: &Palette| -> Vec<(f64, Duration)> {
        zooms
            .iter()
            .map(|&cells_per_pixel| {
                let view = View { x0: n as f64 * 0.3, y0: n as f64 * 0.2, cells_per_pixel };
                let view = if cells_per_pixel * 1920.0 > n as f64 { View { x0: 0.0, y0: 0.0, ..view } } else { view };
                let times: Vec<Duration> = (0..15)
                    .map(|_| {
                        let t = Instant::now();
                        render(&table, Some(&pyramid), palette, view, 1920, 1080, &mut buf);
                        std::hint::black_box(&buf);
                        t.elapsed()
                    })
                    .collect();
                (cells_per_pixel, median(times))
            })
            .collect()
    };
    let palette = Palette::new(PaletteKind::Viridis, table.max_value(), &[]);
    let medians = lod(&palette);
    for (cells_per_pixel, m) in &medians {
        let _ = writeln!(
            out,
            "  1920 x 1080 view at {cells_per_pixel:>8.3} cells/pixel: median {:.2} ms",
            m.as_secs_f64() * 1e3
        );
    }
    let worst = medians.iter().map(|m| m.1).max().unwrap_or_default();
    let _ = writeln!(
        out,
        "  worst median {:.2} ms (target <= 8 ms) {}",
        worst.as_secs_f64() * 1e3,
        if worst.as_secs_f64() <= 0.008 { "ok" } else { "MISSED" }
    );
    // The highlight palette turns each source row into keys first (from
    // the pyramid's value masks, kept from 2 x 2 blocks on, so it reads the
    // same level as the other palettes): the same target.
    let highlight = Palette::new(PaletteKind::Highlight, table.max_value(), &[0, 1]);
    let (at, slowest) = lod(&highlight).into_iter().max_by_key(|m| m.1).unwrap_or_default();
    let _ = writeln!(
        out,
        "  highlight palette (values 0 and 1): worst median {:.2} ms, at {at:.3} cells/pixel (target <= 8 ms) {}",
        slowest.as_secs_f64() * 1e3,
        if slowest.as_secs_f64() <= 0.008 { "ok" } else { "MISSED" }
    );
    // While a table computes (the engine busy on every core), the map draws
    // the done cells with the old table behind them, at a third of the
    // resolution: the UI thread's largest cost then. Frames are timed while
    // a real computation of the same size fills a fresh table.
    let live = crate::grundy::prepare(&rules, n, n).expect("bench size fits");
    let view = View { x0: 0.0, y0: 0.0, cells_per_pixel: n as f64 / 360.0 };
    let mut times = Vec::new();
    std::thread::scope(|s| {
        let filling = s.spawn(|| crate::grundy::fill(&live, &Control::new()));
        while !filling.is_finished() && times.len() < 400 {
            let t = Instant::now();
            crate::map::render_partial(&live, Some(&table), &palette, Some(&palette), view, 640, 360, &mut buf);
            std::hint::black_box(&buf);
            times.push(t.elapsed());
        }
        filling.join().expect("the engine does not panic").expect("not cancelled");
    });
    let frames = times.len();
    let m = median(if times.is_empty() { vec![Duration::ZERO] } else { times });
    let _ = writeln!(
        out,
        "  1920 x 1080 view while a {n} x {n} table computes (drawn at 640 x 360: done cells plus the old table; {frames} frames): median {:.1} ms (target <= 20 ms a frame) {}",
        m.as_secs_f64() * 1e3,
        if m.as_secs_f64() <= 0.020 { "ok" } else { "MISSED" }
    );
    drop(live);
    drop(pyramid);
    drop(table);

    let table = compute(&rules, e, e, &c).expect("bench size fits");
    let palette = Palette::new(PaletteKind::Viridis, table.max_value(), &[]);
    let t = Instant::now();
    let (w, h, rgba) = export::raster(&table, None, &palette, export::ExportWindow::whole(&table, 1.0)).expect("size");
    let mut png = Vec::new();
    export::encode_png(w, h, &rgba, &mut png).expect("encode");
    let ours = t.elapsed();
    // The image crate alone: encode the same pixels again.
    let t = Instant::now();
    let mut png2 = Vec::new();
    export::encode_png(w, h, &rgba, &mut png2).expect("encode");
    let alone = t.elapsed();
    let ratio = ours.as_secs_f64() / alone.as_secs_f64();
    let _ = writeln!(
        out,
        "render {e} x {e} at 1 px/cell: {:.0} ms; image crate encode alone {:.0} ms; ratio {ratio:.2} (target <= 3) {}",
        ours.as_secs_f64() * 1e3,
        alone.as_secs_f64() * 1e3,
        if ratio <= 3.0 { "ok" } else { "MISSED" }
    );
    out
}
