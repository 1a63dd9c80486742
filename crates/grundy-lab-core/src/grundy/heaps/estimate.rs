//! A rough time for a table of four to eight heaps, said before a run that
//! takes minutes. A piece's cost follows from its moves and the box; a
//! program's is measured: its `moves` is timed at a few positions spread
//! over the box (at most [`SAMPLE_TIME`]) and the rest extrapolated. An
//! order of magnitude, not a promise.

use super::{Storage, position_count};
use crate::rules::{MAX_DIMENSION, Rules};
use rhai::Scope;
use std::time::Duration;
use web_time::Instant;

/// The longest a program's sample may take.
pub const SAMPLE_TIME: Duration = Duration::from_millis(500);
/// The most positions a program's sample times.
const SAMPLE_POSITIONS: usize = 48;

/// A rough time for the table of `rules` on `sides` with `storage`, on all
/// cores, in seconds. Measured on two cores: a piece's full fill about
/// 40 + 35 ns a slide a position (`nim-4`, `nim-6`); the sorted positions'
/// walk about 200 ns a position and 40 ns an option (`nim-4` 40, `nim-8`
/// 16); a program what its sample takes, and 20 ns an option to read.
pub fn estimate_seconds(rules: &Rules, sides: &[usize], storage: Storage) -> f64 {
    let count = position_count(sides, storage).map_or(f64::INFINITY, |c| c as f64);
    let layers = rules.passes.layers() as f64;
    let threads = rayon::current_num_threads().max(1) as f64;
    let per_position_ns = match &rules.program {
        None => {
            let slides = rules.piece.slides.len() as f64;
            let jumps = rules.piece.jumps.len() as f64;
            match storage {
                // Measured: `table --rules nim-5 --size N --full`, N = 30,
                // 36, 44 on 2 threads, 433 to 449 ns a position a thread.
                Storage::Full => 40.0 + 80.0 * slides + 10.0 * jumps,
                Storage::Sorted => {
                    // A slide reaches about half a heap on average.
                    let reach = sides.iter().copied().max().unwrap_or(1) as f64 / 2.0;
                    200.0 + 40.0 * (slides * reach + jumps)
                }
            }
        }
        // A table no longer than the sample is quick whatever its program.
        Some(_) if count <= SAMPLE_POSITIONS as f64 => 0.0,
        Some(_) => sampled_ns(rules, sides, storage),
    };
    count * layers * per_position_ns * 1e-9 / threads
}

/// The mean time of a program's position on one thread, in nanoseconds:
/// its domain and its options at positions spread over the box (a fixed
/// pseudo-random sample, sorted largest first where the heaps are alike).
fn sampled_ns(rules: &Rules, sides: &[usize], storage: Storage) -> f64 {
    let Some(program) = rules.program.as_ref() else { return 0.0 };
    let d = sides.len();
    let mut scope = Scope::new();
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = |n: usize| {
        // xorshift64: the same sample every run.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n.max(1) as u64
    };
    let start = Instant::now();
    let stop = Some(start + SAMPLE_TIME);
    let (mut timed, mut options) = (0usize, 0usize);
    while timed < SAMPLE_POSITIONS && start.elapsed() < SAMPLE_TIME {
        let mut p: Vec<u64> = sides.iter().map(|&n| next(n)).collect();
        if storage == Storage::Sorted {
            p.sort_unstable_by(|a, b| b.cmp(a));
        }
        if program.is_position_of(&p[..d], &mut scope, stop).unwrap_or(false) {
            // A position that fails is timed too: the run stops there.
            options += program
                .options_listed::<MAX_DIMENSION>(&p[..d], &mut scope, stop, &rules.limits)
                .map_or(0, |o| o.len());
        }
        timed += 1;
    }
    let spent = start.elapsed().as_secs_f64() * 1e9;
    (spent + 20.0 * options as f64) / timed.max(1) as f64
}
