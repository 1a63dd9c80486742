//! Benchmarks of the game families, as ratios measured in one run: a
//! three-heap piece against filling the same number of cells, a pass
//! against the same rules without it, a rules program against its CPython
//! twin (`benches/chocolate_2d.py`), a program's cost per position
//! against the native engine's, and a program of very many options a
//! position (Ho's extension of Wythoff's game, its limits raised), and a
//! game with a memory (the no-imitation game), filled in the order of the
//! sum its moves lower and by the search.

use super::peak_rss;
use crate::Control;
use crate::grundy::{compute_box, estimate_bytes_box, prepare_box};
use crate::rules::preset;
use std::fmt::Write;
use std::time::Duration;
use web_time::Instant;

/// Time to fill an `n x n x n` table with `x ^ y ^ z` on one thread. Best
/// of three.
fn xor_fill_3d(n: usize) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let mut v = vec![0u32; n * n * n];
            for (z, plane) in v.chunks_mut(n * n).enumerate() {
                for (y, row) in plane.chunks_mut(n).enumerate() {
                    for (x, c) in row.iter_mut().enumerate() {
                        *c = (x ^ y ^ z) as u32;
                    }
                }
            }
            std::hint::black_box(&v);
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn verdict(ok: bool) -> &'static str {
    if ok { "ok" } else { "MISSED" }
}

/// The families figures: the three-heap piece on `n`³ (512 in the issue).
pub fn families_report(n: usize) -> String {
    let mut out = String::new();
    // 1. A three-heap queen: the axes, the face diagonals and the body diagonal.
    let rules = preset("queen-3-all").expect("preset");
    let base = xor_fill_3d(n);
    let before = peak_rss().unwrap_or(0);
    let t = Instant::now();
    let table = compute_box(&rules, [n, n, n], &Control::new());
    let el = t.elapsed();
    let peak = peak_rss().unwrap_or(0);
    let estimate = estimate_bytes_box(&rules, [n, n, n]);
    match table {
        Ok(table) => {
            std::hint::black_box(table.get_at([n - 1, n - 1, n - 1], 0));
            let ratio = secs(el) / secs(base);
            let _ = writeln!(
                out,
                "queen-3-all {n} x {n} x {n}: {:.2} s = {ratio:.1} x the one-thread x^y^z fill ({:.0} ms) \
                 (target <= 12) {}; peak memory {:.2} GB (estimate {:.2} GB, peak before {:.2} GB) {}",
                secs(el),
                secs(base) * 1e3,
                verdict(ratio <= 12.0),
                peak as f64 / 1e9,
                estimate as f64 / 1e9,
                before as f64 / 1e9,
                verdict(peak <= before + estimate)
            );
        }
        Err(e) => {
            let _ = writeln!(out, "queen-3-all {n}^3: {e}");
        }
    }
    // 2. The pass: the same rules with and without it.
    for (name, side) in [("queen", 4096), ("nim-3", 160)] {
        let plain = preset(name).expect("preset");
        let dims = if plain.dimension == 3 { [side, side, side] } else { [side, side, 1] };
        // The fastest of three fills: nim-3 takes a few tens of
        // milliseconds, where one run is mostly what else the machine did.
        let time = |r: &crate::rules::Rules| {
            (0..3)
                .map(|_| {
                    let t = Instant::now();
                    let table = compute_box(r, dims, &Control::new()).expect("bench size fits");
                    std::hint::black_box(table.get_at([0, 0, 0], 0));
                    t.elapsed()
                })
                .min()
                .unwrap_or_default()
        };
        let (without, with) = (time(&plain), time(&plain.clone().with_pass()));
        let ratio = secs(with) / secs(without);
        let _ = writeln!(
            out,
            "{name} {} with a pass: {:.0} ms, without: {:.0} ms (fastest of 3 each) = {ratio:.2} x (target <= 2.5) {}",
            crate::grundy::size_text(dims),
            secs(with) * 1e3,
            secs(without) * 1e3,
            verdict(ratio <= 2.5)
        );
        // K passes: K + 1 layers, each computed like the game without
        // passes plus one option a cell, so about K + 1 times its time.
        let k = 4u8;
        let many = time(&plain.clone().with_passes(crate::rules::Passes { count: k, at_end: true }));
        let per_layer = secs(many) / secs(without) / f64::from(k + 1);
        let _ = writeln!(
            out,
            "{name} {} with {k} passes, also at the end: {:.0} ms = {per_layer:.2} x the time without, a layer \
             (target <= 1.25) {}",
            crate::grundy::size_text(dims),
            secs(many) * 1e3,
            verdict(per_layer <= 1.25)
        );
    }
    // 3. A rules program against its CPython twin, computing the same table.
    let (w, h) = (150, 300);
    let chocolate = preset("chocolate-2d").expect("preset");
    let t = Instant::now();
    let ours = compute_box(&chocolate, [w, h, 1], &Control::new()).expect("bench size fits");
    let ours_time = t.elapsed();
    // Over the positions of the program's domain (`fn position`) only.
    let checksum: u64 = ours
        .positions()
        .map(|p| ours.get_at(p, 0))
        .filter(|&v| v != crate::grundy::NOT_A_POSITION)
        .map(u64::from)
        .sum();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/chocolate_2d.py");
    let python = std::process::Command::new("python3").arg(script).arg(w.to_string()).arg(h.to_string()).output();
    match python {
        Ok(o) if o.status.success() => {
            let text = String::from_utf8_lossy(&o.stdout);
            let mut parts = text.split_whitespace();
            let py_time: f64 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(f64::NAN);
            let py_sum: u64 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
            let ratio = py_time / secs(ours_time);
            let _ = writeln!(
                out,
                "chocolate-2d program {w} x {h}: {:.2} s; CPython twin (one process) {py_time:.2} s = {ratio:.1} x \
                 faster here (target >= 2) {}; same table: {}",
                secs(ours_time),
                verdict(ratio >= 2.0),
                if py_sum == checksum { "yes" } else { "NO" }
            );
        }
        _ => {
            let _ = writeln!(
                out,
                "chocolate-2d program {w} x {h}: {:.2} s; python3 {script} could not run",
                secs(ours_time)
            );
        }
    }
    // 4. A program's cost a position against the native engine's: the
    // queen as a program and as a piece.
    let side = 200;
    let time = |name: &str| {
        let r = preset(name).expect("preset");
        let t = Instant::now();
        let table = compute_box(&r, [side, side, 1], &Control::new()).expect("bench size fits");
        std::hint::black_box(table.get_at([0, 0, 0], 0));
        t.elapsed()
    };
    let (program, native) = (time("queen-program"), time("queen"));
    let positions = (side * side) as f64;
    let _ = writeln!(
        out,
        "queen {side} x {side}: program {:.2} µs a position, native engine {:.3} µs a position ({:.0} x)",
        secs(program) / positions * 1e6,
        secs(native) / positions * 1e6,
        secs(program) / secs(native)
    );
    // 5. Many options a position: Ho's extension of Wythoff's game, about
    // n * n options at (n, n) (the preset raises its limits).
    let side = 300;
    let ho = preset("ho-wythoff").expect("preset");
    let t = Instant::now();
    let table = compute_box(&ho, [side, side, 1], &Control::new());
    let el = t.elapsed();
    match table {
        Ok(table) => {
            let wythoff = table
                .positions()
                .all(|[x, y, _]| table.is_p_at([x, y, 0], 0) == crate::theory::is_wythoff_p(x as u64, y as u64));
            let options = ho_options(side);
            let _ = writeln!(
                out,
                "ho-wythoff {side} x {side}: {:.1} s (target <= 60) {}; {options} options, {:.1} M options/s; \
                 P-positions are Wythoff's: {}",
                secs(el),
                verdict(secs(el) <= 60.0),
                options as f64 / secs(el) / 1e6,
                if wythoff { "yes" } else { "NO" }
            );
        }
        Err(e) => {
            let _ = writeln!(out, "ho-wythoff {side} x {side}: {e}");
        }
    }
    // 6. A game with a memory: the no-imitation game (x, y, t), whose moves
    // may keep the coordinate sum but always lower x + y. The fill finds
    // that order; the search (for games without one) on the same box.
    let side = 64;
    let imitation = preset("imitation-nim").expect("preset");
    let states = (side * side * side) as f64;
    // x + y options at (x, y, t), less at most one imitation.
    let options = states * (side - 1) as f64;
    // The fill takes a quarter of a second: the fastest of three runs, so
    // that what the machine did just before (Ho's extension) counts less.
    let mut ordered_time = Duration::MAX;
    let mut fill = || {
        let t = Instant::now();
        let table = compute_box(&imitation, [side, side, side], &Control::new());
        ordered_time = ordered_time.min(t.elapsed());
        table
    };
    let _ = (fill(), fill());
    let ordered = fill();
    let t = Instant::now();
    let searched = prepare_box(&imitation, [side, side, side])
        .and_then(|table| crate::grundy::fill_by_search(&table, &Control::new()).map(|()| table));
    let search_time = t.elapsed();
    match (ordered, searched) {
        (Ok(table), Ok(by_search)) => {
            let wythoff = (0..side).all(|x| {
                (0..side).all(|y| table.is_p_at([x, y, 0], 0) == crate::theory::is_wythoff_p(x as u64, y as u64))
            });
            let same = table.positions().all(|p| table.get_at(p, 0) == by_search.get_at(p, 0));
            let rate = states / secs(ordered_time);
            let _ = writeln!(
                out,
                "imitation-nim {side}^3, filled in the order of {} (found by the fill): {:.2} s (fastest of 3), {:.2} M positions/s \
                 (target >= 1) {}, about {:.1} M options/s; P-positions with t = 0 are Wythoff's: {}",
                table.order().map_or_else(|| "none".to_string(), |o| o.text()),
                secs(ordered_time),
                rate / 1e6,
                verdict(rate >= 1e6),
                options / secs(ordered_time) / 1e6,
                if wythoff { "yes" } else { "NO" }
            );
            let _ = writeln!(
                out,
                "imitation-nim {side}^3 by the search (games with no such order): {:.2} s, {:.2} M positions/s = \
                 {:.1} x the ordered fill's time; same table: {}",
                secs(search_time),
                states / secs(search_time) / 1e6,
                secs(search_time) / secs(ordered_time),
                if same { "yes" } else { "NO" }
            );
        }
        (Err(e), _) | (_, Err(e)) => {
            let _ = writeln!(out, "imitation-nim {side}^3: {e}");
        }
    }
    heaps_report(&mut out);
    out
}

/// Many heaps (figure 7): four-heap Nim on 64⁴ (every position of the
/// box, the rook of four coordinates) against the one-thread fill of as
/// many cells, and eight heaps of up to 15 stones (sorted), with their
/// memory.
fn heaps_report(out: &mut String) {
    use crate::grundy::heaps::{self, Storage};
    let nim4 = preset("nim-4").expect("preset");
    let side = 64;
    let sides = [side; 4];
    // The one-thread x^y^z fill of 64^4 cells: a 256^3 cube.
    let base = xor_fill_3d(256);
    let t = Instant::now();
    let table = heaps::compute(&nim4, &sides, Storage::Full, &Control::new());
    let el = t.elapsed();
    match table {
        Ok(table) => {
            // Bouton's rule at every position of a stride through the box.
            let xor = (0..side as u64 * 997).step_by(7).all(|k| {
                let p = [k % 64, k / 7 % 64, k / 13 % 64, k / 29 % 64];
                table.get(&p, 0) == Some((p[0] ^ p[1] ^ p[2] ^ p[3]) as u32)
            });
            let ratio = secs(el) / secs(base);
            let _ = writeln!(
                out,
                "nim-4 {side}^4 (every one of {} positions, the rook of 4 coordinates): {:.2} s = {ratio:.1} x the \
                 one-thread fill of as many cells ({:.0} ms) (target <= 12) {}; g = XOR: {}",
                table.positions_stored(),
                secs(el),
                secs(base) * 1e3,
                verdict(ratio <= 12.0),
                if xor { "yes" } else { "NO" }
            );
        }
        Err(e) => {
            let _ = writeln!(out, "nim-4 {side}^4: {e}");
        }
    }
    for name in ["nim-8", "greedy-nim-8"] {
        let rules = preset(name).expect("preset");
        let sides = [16; 8];
        let before = peak_rss().unwrap_or(0);
        let t = Instant::now();
        let table = heaps::compute(&rules, &sides, Storage::Sorted, &Control::new());
        let el = t.elapsed();
        let peak = peak_rss().unwrap_or(0);
        match table {
            Ok(table) => {
                let _ = writeln!(
                    out,
                    "{name}, 8 heaps of up to 15 stones ({} sorted positions of 16^8 = 4.3 G): {:.2} s (target <= \
                     2) {}; table with its list of positions {:.1} MB, peak memory {:.2} GB (before {:.2} GB)",
                    table.positions_stored(),
                    secs(el),
                    verdict(secs(el) <= 2.0),
                    heaps::estimate_bytes(&rules, &sides, Storage::Sorted) as f64 / 1e6,
                    peak as f64 / 1e9,
                    before as f64 / 1e9
                );
            }
            Err(e) => {
                let _ = writeln!(out, "{name} 16^8: {e}");
            }
        }
    }
}

/// How many options the positions of Ho's game on an `n x n` board list
/// together: at `(x, y)` with `m = min(x, y)`, `x + y + m` Wythoff moves and
/// `m (m - 1) / 2` pairs `(k, l)` from each pile that is the smaller.
fn ho_options(n: usize) -> u64 {
    let mut total = 0u64;
    for x in 0..n as u64 {
        for y in 0..n as u64 {
            let m = x.min(y);
            let sides = if x == y { 2 } else { 1 };
            total += x + y + m + sides * m * m.saturating_sub(1) / 2;
        }
    }
    total
}
