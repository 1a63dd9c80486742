//! The cost of statements that read the table: a check with `g(...)`, and
//! one restricted by a condition (`--where`), against the same check
//! without, measured in one run on the same table. The promise: at most
//! twice the time.

use crate::Control;
use crate::conjecture::{CheckMode, Formula, Question, check_question};
use crate::grundy::{Table, compute};
use crate::rules::preset;
use std::fmt::Write;
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// The most a check reading the table may cost, as a multiple of the same
/// check without.
pub const MAX_RATIO: f64 = 2.0;

/// The median time of three checks of `text` (read as `mode`) on `table`,
/// restricted by `condition`; every check must hold on the whole table.
fn time(table: &Arc<Table>, text: &str, mode: CheckMode, condition: Option<&str>) -> Result<Duration, String> {
    let formula = Formula::compile(text).map_err(|e| e.to_string())?;
    let condition = condition.map(Formula::compile).transpose().map_err(|e| e.to_string())?;
    let mut times = Vec::new();
    for _ in 0..3 {
        let q = Question { formula: &formula, mode, condition: condition.as_ref(), others: &[] };
        let start = Instant::now();
        let report = check_question(table, q, &Control::new(), None).map_err(|e| e.to_string())?;
        times.push(start.elapsed());
        if !report.holds() || report.cells_left_out > 0 {
            return Err(format!("`{text}` was to hold on every cell: {report}"));
        }
    }
    times.sort();
    Ok(times[1])
}

/// The figures on Wythoff's game on an `n` x `n` table: the statement "P
/// exactly where the closed form says" read from `g` (the baseline), the
/// same reading `g(x, y)`, and the baseline on the cells of a condition
/// true at every cell (so the same cells are checked).
pub fn check_report(n: usize) -> String {
    let mut out = String::new();
    let Ok(queen) = preset("queen") else { return "the queen is a preset\n".to_string() };
    let table = match compute(&queen, n, n, &Control::new()) {
        Ok(t) => Arc::new(t),
        Err(e) => return format!("the {n} x {n} table of the queen failed: {e}\n"),
    };
    let statement = "(g == 0) == is_wythoff_p(x, y)";
    let base = time(&table, statement, CheckMode::Holds, None);
    let reading = time(&table, "(g(x, y) == 0) == is_wythoff_p(x, y)", CheckMode::Holds, None);
    let restricted = time(&table, statement, CheckMode::Holds, Some("x + y >= 0"));
    let (base, reading, restricted) = match (base, reading, restricted) {
        (Ok(a), Ok(b), Ok(c)) => (a, b, c),
        (Err(e), ..) | (_, Err(e), _) | (.., Err(e)) => return format!("the check failed: {e}\n"),
    };
    let _ = writeln!(out, "queen, {n} x {n} = {} cells, median of 3 checks:", n * n);
    let _ = writeln!(out, "  --holds '{statement}': {:.3} s", base.as_secs_f64());
    for (what, t) in [
        ("the same reading g(x, y): --holds '(g(x, y) == 0) == is_wythoff_p(x, y)'", reading),
        ("the same --where 'x + y >= 0' (true at every cell)", restricted),
    ] {
        let ratio = t.as_secs_f64() / base.as_secs_f64().max(1e-9);
        let verdict = if ratio <= MAX_RATIO { "ok" } else { "MISSED" };
        let _ = writeln!(out, "  {what}: {:.3} s, {ratio:.2} x (at most {MAX_RATIO}: {verdict})", t.as_secs_f64());
    }
    out
}
