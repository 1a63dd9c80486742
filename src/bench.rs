//! Engine benchmark: figures as ratios measured in the same run, because
//! absolute times on shared machines vary from run to run.

use crate::grundy::{Control, compute, estimate_bytes};
use crate::rules::preset;
use std::fmt::Write;
use std::time::{Duration, Instant};

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
        .unwrap()
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
