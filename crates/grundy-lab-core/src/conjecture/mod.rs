//! Conjectures about Grundy tables: a formula language, a checker that
//! compares a formula with a computed table cell by cell, a library of
//! known formulas, and pattern hints found in a table.
//!
//! The research method of the source paper: compute the table, compute the
//! conjectured formula, subtract. If every cell of the computed range gives
//! 0, the formula holds on that range, which is evidence, not a proof.

mod check;
mod formula;
pub mod heaps;
mod library;
mod others;
pub mod paragraph;
pub mod patterns;
pub mod quadratic;
mod reader;
pub mod sequences;
pub mod shape;
pub mod takebreak;

pub use crate::script::helpers::{self, HELPERS, Helper};
pub use check::{
    CheckMode, CheckReport, Counterexample, DEFAULT_CHECK_BUDGET, DiffTable, MAX_CHECK_CELLS, MAX_COUNTEREXAMPLES,
    Question, check, check_question, check_within,
};
pub use formula::{ErrorKind, Formula, FormulaError, FormulaKind, FormulaValue, MAX_OPERATIONS, MAX_TEXT, engine};
pub use library::{KnownFormula, KnownKind, known_formulas, parameter_p_formula};
pub use others::{OtherGameError, compute_others, other_games, other_rules};
pub use patterns::{BlockForm, Line, LineHint, PatternHints, Periodicity, find_block_form, find_hints};

use crate::Control;
use crate::grundy::Table;

/// The cells a report covers, in words: `0 <= x < 30, 0 <= y < 30`, with
/// the pass layers, the cells left out by the condition and those that are
/// not positions.
pub fn range_text(report: &CheckReport) -> String {
    let d = report.dimension.clamp(1, 3) as usize;
    let mut range = ["x", "y", "z"][..d]
        .iter()
        .zip(report.dims)
        .map(|(c, n)| format!("0 <= {c} < {n}"))
        .collect::<Vec<_>>()
        .join(", ");
    match report.passes {
        0 => {}
        1 => range.push_str("; pass = 1 (still there) and 0 (used)"),
        k => range.push_str(&format!("; pass = {k} down to 0 (the passes left)")),
    }
    if let Some(condition) = &report.condition {
        range.push_str(&format!("; {} left out, where {condition} is false", report.cells_left_out));
    }
    if report.cells_not_positions > 0 {
        range.push_str(&format!("; {} cells are not positions of the game", report.cells_not_positions));
    }
    range
}

/// The plain-language summary of a report, listing at most `shown`
/// counterexamples.
pub fn summary(report: &CheckReport, shown: usize) -> String {
    let d = report.dimension.clamp(1, 3) as usize;
    let range = range_text(report);
    let what = match report.mode {
        CheckMode::Formula => "formula",
        CheckMode::Holds => "statement",
    };
    let checked = if report.condition.is_some() || report.cells_not_positions > 0 { " checked" } else { "" };
    let mut out = String::new();
    if report.holds() {
        out.push_str(&format!(
            "The {what} holds on all {} cells{checked} ({range}) of {}: {}.\n\
             A finite check is evidence, not a proof.\n",
            report.cells_checked,
            report.rules,
            report.compared()
        ));
    } else {
        let differs = match report.mode {
            CheckMode::Formula => "it differs from the table",
            CheckMode::Holds => "it is false",
        };
        out.push_str(&format!(
            "The {what} does not hold: {differs} at {} of {} cells{checked} ({range}) of {}; {}.\n",
            report.cells_differing,
            report.cells_checked,
            report.rules,
            report.compared()
        ));
        let n = shown.min(report.counterexamples.len());
        let mut cell = ["x", "y", "z"][..d].join(", ");
        if report.with_pass {
            cell.push_str(", pass");
        }
        out.push_str(&format!("First counterexamples ({cell}), in row order:\n"));
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

/// The `check` subcommand: check `question` on `table` within `budget`
/// (see [`check_question`]; progress and cancel through `control`) and
/// return the report, the text to print and the exit code: 0 when the
/// formula holds on every cell checked, 1 when it does not.
///
/// Errors: the formula cannot be checked (a run-time error with its
/// position and cell, a formula of the wrong type for the table, the budget
/// exceeded, ...); the command line prints it on stderr and exits with 2.
pub fn run_question(
    table: &std::sync::Arc<Table>,
    question: Question,
    control: &Control,
    budget: Option<std::time::Duration>,
) -> Result<(CheckReport, String, i32), FormulaError> {
    let report = check_question(table, question, control, budget)?;
    let code = if report.holds() { 0 } else { 1 };
    let text = summary(&report, 20);
    Ok((report, text, code))
}

/// [`run_question`] for a formula alone on every cell (`check --formula`).
pub fn run_check(
    table: &Table,
    formula: &Formula,
    control: &Control,
    budget: Option<std::time::Duration>,
) -> Result<(String, i32), FormulaError> {
    let report = check_within(table, formula, control, budget)?;
    let code = if report.holds() { 0 } else { 1 };
    Ok((summary(&report, 20), code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;
    use crate::rules::preset;

    #[test]
    fn run_check_exit_codes_and_texts() {
        let t = compute(&preset("dragon-king").unwrap(), 30, 30, &Control::new()).unwrap();
        let run =
            |text: &str| run_check(&t, &Formula::compile(text).unwrap(), &Control::new(), Some(DEFAULT_CHECK_BUDGET));
        let (text, code) = run(&parameter_p_formula(3)).unwrap();
        assert_eq!(code, 0, "{text}");
        assert!(text.contains("holds on all 900 cells"), "{text}");
        assert!(text.contains("0 <= x < 30, 0 <= y < 30"), "{text}");
        assert!(text.contains("evidence, not a proof"), "{text}");

        let (text, code) = run("x ^ y").unwrap();
        assert_eq!(code, 1, "{text}");
        assert!(text.contains("does not hold"), "{text}");
        assert!(text.contains("(1, 1): table g = 2, formula 0"), "{text}");
        assert!(text.contains("more"), "{text}");

        let e = run("100 / (x - 4)").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Runtime, "{e}");
        assert!(e.to_string().contains("at cell (4, 0)"), "{e}");
    }

    #[test]
    fn run_check_stops_at_its_budget() {
        let t = compute(&preset("nim").unwrap(), 50, 50, &Control::new()).unwrap();
        let slow = Formula::compile("let s = 0; for i in 0..300000 { s += i; } s % 2").unwrap();
        let e = run_check(&t, &slow, &Control::new(), Some(std::time::Duration::from_millis(50))).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Limit, "{e}");
        assert!(e.message.contains("time budget of 0.05 s"), "{e}");
        assert!(e.message.contains("--budget SECONDS"), "{e}");
        assert!(e.cell.is_some(), "{e:?}");
    }
}
