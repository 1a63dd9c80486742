//! Take-and-break figures, measured in one run: Grundy's game to 10⁷ by
//! the sparse method (by blocks on two threads against heap by heap on
//! one, and against the method's textbook form timed on windows), and to
//! 10⁸; the straightforward mex over all splits against it
//! (in full at 10⁵, and at 10⁶ from timed samples, since the full run
//! would take minutes); the period proofs of Kayles and Dawson's Kayles;
//! Lasker's Nim (a code that repeats forever) to 10⁵ and 3·10⁵.

use crate::Control;
use crate::takebreak::naive::{is_rare, value_by_all_splits, value_by_sparse_in_order, values_by_all_splits};
use crate::takebreak::{PeriodReport, Sequence, TakeBreak, compute};
use std::fmt::Write;
use std::time::Duration;
use web_time::Instant;

fn game(spec: &str) -> TakeBreak {
    match TakeBreak::parse_spec(spec) {
        Some(Ok(g)) => g,
        _ => unreachable!("{spec} is a preset"),
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn verdict(ok: bool) -> &'static str {
    if ok { "ok" } else { "MISSED" }
}

/// The straightforward method's time for heaps `0..n`, estimated from
/// `samples` windows of `width` heaps spread over the range (its cost per
/// heap grows linearly, so the windows' mean cost per heap times `n` is
/// the whole), with the true values `g`.
fn straightforward_estimate(game: &TakeBreak, g: &[u32], n: usize, samples: usize, width: usize) -> Duration {
    let mut per_heap = 0.0;
    for i in 0..samples {
        // The middle of the i-th of `samples` equal parts.
        let start = (n * (2 * i + 1) / (2 * samples)).saturating_sub(width / 2).max(1);
        let t = Instant::now();
        for h in start..start + width {
            let v = value_by_all_splits(game, h, &g[..h]).unwrap_or(0);
            assert_eq!(v, g[h], "the two methods agree at {h}");
        }
        per_heap += secs(t.elapsed()) / width as f64;
    }
    Duration::from_secs_f64(per_heap / samples as f64 * n as f64)
}

/// The time of the sparse method in its textbook form (heap by heap, the
/// splits in order from `a = 1`) for heaps `0..n`, estimated from
/// `samples` windows of `width` heaps spread over the range, with the true
/// values `g` and their rare mask.
fn in_order_estimate(game: &TakeBreak, g: &[u32], mask: u32, n: usize, samples: usize, width: usize) -> Duration {
    let rare: Vec<usize> = (0..g.len()).filter(|&h| is_rare(g[h], mask)).collect();
    let mut per_heap = 0.0;
    for i in 0..samples {
        let start = (n * (2 * i + 1) / (2 * samples)).saturating_sub(width / 2).max(1);
        let t = Instant::now();
        for h in start..start + width {
            let below = &rare[..rare.partition_point(|&a| a < h)];
            let v = value_by_sparse_in_order(game, h, &g[..h], mask, below).unwrap_or(u32::MAX);
            assert_eq!(v, g[h], "the two methods agree at {h}");
        }
        per_heap += secs(t.elapsed()) / width as f64;
    }
    Duration::from_secs_f64(per_heap / samples as f64 * n as f64)
}

/// The time to compute the values of `spec` up to `up_to` and report on
/// their period, and the report.
fn values_and_proof(spec: &str, up_to: u64) -> (Duration, PeriodReport) {
    let g = game(spec);
    let t = Instant::now();
    let s = compute(&g, up_to, &Control::new()).expect("fits");
    let report = PeriodReport::of(g.as_code(), s.len(), |n| s.get(n).unwrap_or(0));
    (t.elapsed(), report)
}

/// The figures.
pub fn takebreak_report() -> String {
    let mut out = String::new();
    let grundy = game("grundy-game");
    // 1. Grundy's game far: by blocks (two threads), against the method
    // heap by heap on one thread, and to 10^8.
    let t = Instant::now();
    let seq = compute(&grundy, 10_000_000, &Control::new()).expect("10^7 values fit");
    let far = t.elapsed();
    let t = Instant::now();
    let mut by_heap = Sequence::heap_by_heap(grundy.clone());
    by_heap.extend(10_000_000, &Control::new(), None).expect("10^7 values fit");
    let one = t.elapsed();
    assert_eq!(by_heap.values(), seq.values(), "blocks and heap by heap agree");
    drop(by_heap);
    let values = seq.values();
    let textbook = in_order_estimate(&grundy, &values, seq.rare_mask(), 10_000_000, 20, 2_000);
    let _ = writeln!(
        out,
        "grundy-game, g(0..=10^7), sparse method: by blocks {:.1} s, heap by heap on one thread {:.1} s: {:.2} x; \
         the textbook form (heap by heap, splits in order from a = 1) about {:.0} s (timed on 20 windows of 2 000 \
         heaps): {:.1} x (target >= 3) {}; {:.2} million heaps a second (target <= 60 s) {}; largest value {}, \
         rare heaps {} (mask {:#x})",
        secs(far),
        secs(one),
        secs(one) / secs(far),
        secs(textbook),
        secs(textbook) / secs(far),
        verdict(secs(textbook) / secs(far) >= 3.0),
        1e7 / secs(far) / 1e6,
        verdict(secs(far) <= 60.0),
        seq.max_value(),
        seq.rare_count(),
        seq.rare_mask()
    );
    let t = Instant::now();
    let big = compute(&grundy, 100_000_000, &Control::new()).expect("10^8 values fit");
    let furthest = t.elapsed();
    let _ = writeln!(
        out,
        "grundy-game, g(0..=10^8) by blocks: {:.0} s (target <= 180 s on two cores) {}; largest value {}, rare heaps {}",
        secs(furthest),
        verdict(secs(furthest) <= 180.0),
        big.max_value(),
        big.rare_count()
    );
    drop(big);
    // 2. Against the straightforward method, in full at 10^5.
    let n = 100_000;
    let t = Instant::now();
    let sparse = compute(&grundy, n as u64, &Control::new()).expect("fits");
    let sparse_time = t.elapsed();
    let t = Instant::now();
    let plain = values_by_all_splits(&grundy, n as u64).expect("a split rule");
    let plain_time = t.elapsed();
    assert_eq!(plain, sparse.values(), "the two methods agree");
    let _ = writeln!(
        out,
        "grundy-game, g(0..=10^5): straightforward mex over all splits {:.2} s, sparse {:.3} s: {:.0} x",
        secs(plain_time),
        secs(sparse_time),
        secs(plain_time) / secs(sparse_time)
    );
    // 3. At 10^6: the sparse run in full, the straightforward one from
    // 10 windows of 200 heaps.
    let n = 1_000_000;
    let t = Instant::now();
    let _ = compute(&grundy, n as u64, &Control::new()).expect("fits");
    let sparse_time = t.elapsed();
    let plain = straightforward_estimate(&grundy, &values, n, 10, 200);
    let ratio = secs(plain) / secs(sparse_time);
    let _ = writeln!(
        out,
        "grundy-game, g(0..=10^6): sparse {:.2} s; straightforward about {:.0} s (timed on 10 windows of 200 heaps): \
         {ratio:.0} x (target >= 50) {}",
        secs(sparse_time),
        secs(plain),
        verdict(ratio >= 50.0)
    );
    // 4. Periods proved.
    for (name, up_to) in [("kayles", 1_000), ("dawsons-kayles", 1_000), ("dawsons-chess", 1_000)] {
        let (el, report) = values_and_proof(name, up_to);
        let first = report.to_string().lines().next().unwrap_or_default().to_string();
        let _ = writeln!(
            out,
            "{name}: values to {up_to} and the proof {:.2} ms (target well under 1 s) {}: {first}",
            secs(el) * 1e3,
            verdict(secs(el) < 0.1)
        );
    }
    // 5. Far, once the period is proved: the rest follows from it.
    let kayles = game("kayles");
    let t = Instant::now();
    let s = compute(&kayles, 100_000_000, &Control::new()).expect("fits");
    let _ = writeln!(
        out,
        "kayles, g(0..=10^8): {:.2} s (the period, proved from the values up to {}, gives the rest)",
        secs(t.elapsed()),
        s.proof().map_or(0, |p| p.window_end + p.period - 1)
    );
    // 5b. 0.376: period 4 from 2268248, proved by the values up to
    // 4536506 (the target of the take-and-break issue: at most 60 s).
    let (el, report) = values_and_proof("octal:0.376", 4_536_506);
    let first = report.to_string().lines().next().unwrap_or_default().to_string();
    let _ = writeln!(
        out,
        "octal:0.376, values to 4536506 and the proof: {:.1} s (target <= 60 s) {}: {first}",
        secs(el),
        verdict(secs(el) <= 60.0 && matches!(report, PeriodReport::Proved(_)))
    );
    // 6. A code that repeats forever: Lasker's Nim, against the mex over
    // every option (timed on windows: it lists n/2 splits and n heaps a
    // value).
    let lasker = game("lasker");
    for n in [100_000usize, 300_000] {
        let t = Instant::now();
        let s = compute(&lasker, n as u64, &Control::new()).expect("fits");
        let fast = t.elapsed();
        let values = s.values();
        let plain = straightforward_estimate(&lasker, &values, n, 10, 20);
        let _ = writeln!(
            out,
            "lasker (octal:4.3...), g(0..={n}): {:.2} s; every option listed about {:.0} s (timed on 10 windows \
             of 20 heaps): {:.0} x",
            secs(fast),
            secs(plain),
            secs(plain) / secs(fast)
        );
    }
    out
}
