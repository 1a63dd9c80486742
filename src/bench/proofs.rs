//! The cost of proofs by automata: Wythoff's theorem (the P-positions of
//! the queen in Fibonacci numeration, and `P(x, y) <=> W(x, y)`) and the
//! theorem of the terminal triangle (`queen-t2`), each from the rules to
//! the verdict (the engine's table included), with the time of that table
//! alone as the unit of the ratio and the peak memory of the process.
//! Targets: Wythoff's theorem in at most 1 s, queen-t2's in at most 30 s.

use crate::Control;
use crate::grundy::compute;
use crate::proof::prove::Verdict;
use crate::proof::session::{Request, default_side, prove};
use crate::proof::{Limits, Numeration};
use crate::rules::preset;
use std::fmt::Write;
use web_time::Instant;

/// The most seconds Wythoff's theorem may take.
pub const WYTHOFF_TARGET: f64 = 1.0;
/// The most seconds the theorem of `queen-t2` may take.
pub const TRIANGLE_TARGET: f64 = 30.0;

/// The figures, one line per proof.
pub fn proofs_report() -> String {
    let mut out = String::new();
    let side = default_side(2);
    let cases = [
        ("queen", None, WYTHOFF_TARGET),
        ("queen", Some("A x,y P(x,y) <=> W(x,y)"), WYTHOFF_TARGET),
        ("queen-t2", Some("A x,y (x >= 8 | y >= 8) => (G(1,x,y) <=> W(x,y))"), TRIANGLE_TARGET),
    ];
    for (game, statement, target) in cases {
        let Ok(rules) = preset(game) else { continue };
        let start = Instant::now();
        let table = compute(&rules, side, side, &Control::new());
        let table_time = start.elapsed().as_secs_f64();
        drop(table);
        let request = Request {
            statement: statement.map(str::to_string),
            numeration: Numeration::Fibonacci,
            side: None,
            limits: Limits::default(),
        };
        let start = Instant::now();
        let result = prove(&rules, &request, &Control::new());
        let t = start.elapsed().as_secs_f64();
        let verdict = match result {
            Ok(r) => match r.verdict {
                Verdict::Proved { .. } => "PROVED".to_string(),
                other => format!("not proved ({other:?})"),
            },
            Err(e) => format!("failed: {e}"),
        };
        let _ = writeln!(
            out,
            "{game}: {}: {verdict} in {t:.2} s = {:.1} x its {side} x {side} table ({table_time:.2} s); target <= {target} s: {}",
            statement.unwrap_or("the P-positions"),
            t / table_time.max(1e-9),
            if t <= target { "met" } else { "MISSED" }
        );
    }
    if let Some(peak) = super::peak_rss() {
        let _ = writeln!(out, "peak memory of the process: {:.0} MB", peak as f64 / 1e6);
    }
    out
}
