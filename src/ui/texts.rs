//! Sentences the UI makes from library results, in the user's language,
//! shared by the tabs that show the same result (the conjecture checker's
//! report is shown by the Pieces workbench and by the map's formula
//! overlay). The library's own `Display` texts are the English of the CLI.

use super::i18n::{tr, trf};
use crate::conjecture::{CheckReport, Counterexample, FormulaValue};
use crate::grundy::TableKind;

/// Starts a counterexample line of a summary.
const LINE: &str = "\n  ";

/// A formula's value at a cell: the integer, or true (P) / false (not P).
pub fn formula_value(v: FormulaValue) -> String {
    match v {
        FormulaValue::Int(i) => i.to_string(),
        FormulaValue::Bool(true) => tr("bench.true_p").to_string(),
        FormulaValue::Bool(false) => tr("bench.false_p").to_string(),
    }
}

/// Whether the formula holds: on how many cells of which range, or at how
/// many cells it differs.
pub fn check_verdict(r: &CheckReport) -> String {
    if r.holds() {
        trf("bench.holds", &[("w", &r.width()), ("h", &r.height()), ("cells", &r.cells_checked)])
    } else {
        trf("bench.fails", &[("d", &r.cells_differing), ("cells", &r.cells_checked)])
    }
}

/// One counterexample: "(x, y): table g = 3, formula 5", with every
/// coordinate of the game and, with a pass, whether it is still there.
pub fn counterexample(r: &CheckReport, c: &Counterexample) -> String {
    let table = match r.table_kind {
        TableKind::Grundy => format!("g = {}", c.table),
        TableKind::Outcome => (if c.table == 0 { "P" } else { "N" }).to_string(),
    };
    let formula = formula_value(c.formula);
    let mut position = crate::rules::position_text([c.x, c.y, c.z].map(|v| v as u64), c.dimension);
    match c.pass {
        Some(true) => position = format!("{position} · {}", tr("heaps.pass_there")),
        Some(false) => position = format!("{position} · {}", tr("heaps.pass_used")),
        None => {}
    }
    trf("bench.cx", &[("position", &position), ("table", &table), ("formula", &formula)])
}

/// The whole report in a few lines: the verdict, then the first `shown`
/// counterexamples and how many more there are.
pub fn check_summary(r: &CheckReport, shown: usize) -> String {
    let mut out = check_verdict(r);
    let listed = shown.min(r.counterexamples.len());
    for c in &r.counterexamples[..listed] {
        out.push_str(LINE);
        out.push_str(&counterexample(r, c));
    }
    let more = r.cells_differing.saturating_sub(listed as u64);
    if more > 0 {
        out.push_str(LINE);
        out.push_str(&trf("bench.cx_more", &[("n", &more)]));
    }
    out
}
