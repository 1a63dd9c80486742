//! The time of one fill of a piece's table, for scripts that compare a
//! build with the desktop's engine without building the whole app (the
//! browser's smoke test, `scripts/web_test.py`):
//!
//! ```text
//! RAYON_NUM_THREADS=1 cargo run --release -p grundy-lab-core --example fill -- queen 2048
//! queen 2048 x 2048: 157.3 ms
//! ```
//!
//! The same computation as the `queen` line of `grundy-lab bench --only
//! engine`, in the same words.

use grundy_lab_core::Control;
use grundy_lab_core::grundy::compute;
use grundy_lab_core::rules::preset;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(Ok(side))) = (args.first(), args.get(1).map(|s| s.parse::<usize>())) else {
        eprintln!("usage: fill PIECE SIDE (for example: fill queen 2048)");
        return ExitCode::from(2);
    };
    let rules = match preset(name) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fill: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    match compute(&rules, side, side, &Control::new()) {
        Ok(table) => {
            let took = started.elapsed();
            std::hint::black_box(table.get(side - 1, side - 1));
            println!("{name} {side} x {side}: {:.1} ms", took.as_secs_f64() * 1e3);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("fill: {e}");
            ExitCode::from(2)
        }
    }
}
