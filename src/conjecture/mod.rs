//! Conjectures about Grundy tables: a formula language, a checker that
//! compares a formula with a computed table cell by cell, a library of
//! known formulas, and pattern hints found in a table.
//!
//! The research method of the source paper: compute the table, compute the
//! conjectured formula, subtract. If every cell of the computed range gives
//! 0, the formula holds on that range, which is evidence, not a proof.

mod check;
mod formula;
pub mod helpers;
mod library;
pub mod patterns;

pub use check::{CheckReport, Counterexample, DiffTable, MAX_CHECK_CELLS, MAX_COUNTEREXAMPLES, check};
pub use formula::{ErrorKind, Formula, FormulaError, FormulaKind, FormulaValue, MAX_OPERATIONS, MAX_TEXT, engine};
pub use helpers::{HELPERS, Helper};
pub use library::{KnownFormula, KnownKind, known_formulas, parameter_p_formula};
pub use patterns::{BlockForm, Line, LineHint, PatternHints, Periodicity, find_block_form, find_hints};

use crate::grundy::Control;
use crate::grundy::Table;

/// The plain-language summary of a report, listing at most `shown`
/// counterexamples.
pub fn summary(report: &CheckReport, shown: usize) -> String {
    let (w, h) = (report.width(), report.height());
    let range = format!("0 <= x < {w}, 0 <= y < {h}");
    let mut out = String::new();
    if report.holds() {
        out.push_str(&format!(
            "The formula holds on all {} cells ({range}) of {}: {}.\n\
             A finite check is evidence, not a proof.\n",
            report.cells_checked,
            report.rules,
            report.compared()
        ));
    } else {
        out.push_str(&format!(
            "The formula does not hold: it differs from the table at {} of {} cells ({range}) of {}; {}.\n",
            report.cells_differing,
            report.cells_checked,
            report.rules,
            report.compared()
        ));
        let n = shown.min(report.counterexamples.len());
        out.push_str("First counterexamples (x, y), in row order:\n");
        for c in &report.counterexamples[..n] {
            out.push_str(&format!("  {}\n", c.describe(report.table_kind)));
        }
        let more = report.cells_differing - n as u64;
        if more > 0 {
            out.push_str(&format!("  ... and {more} more\n"));
        }
    }
    out
}

/// The `check` subcommand: compile `formula_text`, check it on `table`, and
/// return the text to print and the exit code: 0 when the formula holds on
/// every cell, 1 when it does not, 2 when it cannot be checked (a parse or
/// run-time error, with its position and cell).
pub fn run_check(table: &Table, formula_text: &str) -> (String, i32) {
    let result = Formula::compile(formula_text).and_then(|f| check(table, &f, &Control::new()));
    match result {
        Ok(report) => {
            let code = if report.holds() { 0 } else { 1 };
            (summary(&report, 20), code)
        }
        Err(e) => (format!("error in the formula: {e}\n"), 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;
    use crate::rules::preset;

    #[test]
    fn run_check_exit_codes_and_texts() {
        let t = compute(&preset("dragon-king").unwrap(), 30, 30, &Control::new()).unwrap();
        let (text, code) = run_check(&t, &parameter_p_formula(3));
        assert_eq!(code, 0, "{text}");
        assert!(text.contains("holds on all 900 cells"), "{text}");
        assert!(text.contains("0 <= x < 30, 0 <= y < 30"), "{text}");
        assert!(text.contains("evidence, not a proof"), "{text}");

        let (text, code) = run_check(&t, "x ^ y");
        assert_eq!(code, 1, "{text}");
        assert!(text.contains("does not hold"), "{text}");
        assert!(text.contains("(1, 1): table g = 2, formula 0"), "{text}");
        assert!(text.contains("more"), "{text}");

        let (text, code) = run_check(&t, "x +* y");
        assert_eq!(code, 2, "{text}");
        assert!(text.contains("line 1"), "{text}");

        let (text, code) = run_check(&t, "100 / (x - 4)");
        assert_eq!(code, 2, "{text}");
        assert!(text.contains("at cell (4, 0)"), "{text}");
    }
}
