//! Sentences the UI makes from library results, in the user's language,
//! shared by the tabs that show the same result (the conjecture checker's
//! report is shown by the Pieces workbench and by the map's formula
//! overlay, a check on a table of many heaps by the workbench and by the
//! map of many heaps). The library's own `Display` texts are the English of the CLI.

use crate::conjecture::heaps::{HeapsCheckError, HeapsReport};
use crate::conjecture::{CheckMode, CheckReport, Counterexample, FormulaValue};
use crate::grundy::TableKind;
use crate::rules::point_text;
use crate::ui::i18n::{tr, trf};

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

/// Whether the formula (or the statement) holds: on how many cells of
/// which range, or at how many cells it differs (is false).
pub fn check_verdict(r: &CheckReport) -> String {
    let every_cell = r.cells_left_out == 0 && r.cells_not_positions == 0;
    let (w, h, cells, d) = (r.width(), r.height(), r.cells_checked, r.cells_differing);
    match (r.mode, r.holds()) {
        (CheckMode::Formula, true) if every_cell => trf("bench.holds", &[("w", &w), ("h", &h), ("cells", &cells)]),
        (CheckMode::Formula, true) => trf("bench.holds_checked", &[("w", &w), ("h", &h), ("cells", &cells)]),
        (CheckMode::Formula, false) => trf("bench.fails", &[("d", &d), ("cells", &cells)]),
        (CheckMode::Holds, true) => trf("bench.holds_statement", &[("w", &w), ("h", &h), ("cells", &cells)]),
        (CheckMode::Holds, false) => trf("bench.fails_statement", &[("d", &d), ("cells", &cells)]),
    }
}

/// How many cells a check left out, and why, when it left any out.
pub fn left_out(r: &CheckReport) -> Option<String> {
    (r.cells_left_out > 0 || r.cells_not_positions > 0 || r.condition.is_some())
        .then(|| trf("bench.left_out", &[("left", &r.cells_left_out), ("np", &r.cells_not_positions)]))
}

/// One counterexample: "(x, y): table g = 3, formula 5", with every
/// coordinate of the game and, with a pass, whether it is still there.
pub fn counterexample(r: &CheckReport, c: &Counterexample) -> String {
    let table = match r.table_kind {
        TableKind::Grundy => format!("g = {}", c.table),
        TableKind::Misere => trf("bench.misere_value", &[("g", &c.table)]),
    };
    let formula = formula_value(c.formula);
    let mut position = crate::rules::position_text([c.x, c.y, c.z].map(|v| v as u64), c.dimension);
    if let Some(left) = c.pass {
        let passes = crate::rules::Passes::times(c.passes);
        position = format!("{position} · {}", crate::ui::rules_choice::passes_left(passes, usize::from(left)));
    }
    if c.statement {
        return trf("bench.cx_statement", &[("position", &position), ("table", &table)]);
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

/// What a check on a table of many heaps found: the verdict, then a line
/// for each of the first positions where it does not hold.
pub fn heaps_report(r: &HeapsReport) -> String {
    std::iter::once(heaps_verdict(r)).chain(heaps_left_out(r)).chain(heaps_lines(r)).collect::<Vec<_>>().join("\n")
}

/// How many positions the condition of a check on a table of many heaps
/// left out, when it has one.
pub fn heaps_left_out(r: &HeapsReport) -> Option<String> {
    let c = r.condition.as_ref()?;
    Some(trf("map.heaps.check.left_out", &[("left", &r.left_out), ("condition", c)]))
}

/// Whether the formula (or the statement) of a check on a table of many
/// heaps holds at every position stored, or at how many it fails.
pub fn heaps_verdict(r: &HeapsReport) -> String {
    let what = heaps_what(r.mode);
    let sorted = if r.sorted { tr("map.heaps.check.sorted") } else { "" };
    if r.holds() {
        trf("map.heaps.check.holds", &[("what", &what), ("checked", &r.checked), ("sorted", &sorted)])
    } else {
        trf(
            "map.heaps.check.fails",
            &[("what", &what), ("failures", &r.failures), ("checked", &r.checked), ("sorted", &sorted)],
        )
    }
}

/// The first positions where a check on a table of many heaps fails, a
/// line each: the position, its value and what the formula gave.
pub fn heaps_lines(r: &HeapsReport) -> Vec<String> {
    let what = heaps_what(r.mode);
    r.first
        .iter()
        .map(|c| {
            trf(
                "map.heaps.check.line",
                &[
                    ("position", &point_text(&c.position)),
                    ("g", &c.g),
                    ("what", &what),
                    ("gave", &gave(r.mode, c.value)),
                ],
            )
        })
        .collect()
}

fn heaps_what(mode: CheckMode) -> &'static str {
    match mode {
        CheckMode::Formula => tr("map.heaps.check.what_formula"),
        CheckMode::Holds => tr("map.heaps.check.what_statement"),
    }
}

/// What a formula gave at a counterexample: a formula's true or false says
/// P or not; a statement's is plain.
fn gave(mode: CheckMode, v: FormulaValue) -> String {
    match (mode, v) {
        (CheckMode::Holds, FormulaValue::Bool(true)) => tr("map.heaps.check.true").to_string(),
        (CheckMode::Holds, FormulaValue::Bool(false)) => tr("map.heaps.check.false").to_string(),
        _ => formula_value(v),
    }
}

/// Why a check on a table of many heaps could not be made.
pub fn heaps_check_error(e: &HeapsCheckError) -> String {
    match e {
        HeapsCheckError::Formula(f) => crate::ui::words::errors::formula_error(f),
        HeapsCheckError::Run { at, error } => trf(
            "map.heaps.check.run",
            &[("position", &point_text(at)), ("error", &crate::ui::words::errors::formula_error(error))],
        ),
        HeapsCheckError::NotAStatement(at) => trf("map.heaps.check.not_statement", &[("position", &point_text(at))]),
        HeapsCheckError::Condition(f) => {
            trf("map.heaps.check.condition_error", &[("error", &crate::ui::words::errors::formula_error(f))])
        }
        HeapsCheckError::ConditionRun { at, error } => trf(
            "map.heaps.check.condition_run",
            &[("position", &point_text(at)), ("error", &crate::ui::words::errors::formula_error(error))],
        ),
        HeapsCheckError::ConditionNotAStatement(at) => {
            trf("map.heaps.check.condition_not_statement", &[("position", &point_text(at))])
        }
        HeapsCheckError::Other(e) => crate::ui::words::errors::other_game_error(e),
        HeapsCheckError::Stopped => tr("map.cancelled").to_string(),
    }
}
