//! The checker: the research method of the source paper. Compute the table,
//! evaluate the conjectured formula at every cell, subtract; the formula
//! holds on the computed range when every difference is 0.
//!
//! Two ways to ask ([`CheckMode`]): a formula for the table's value (an
//! integer compared with `g`, a boolean compared with "is a P-position"),
//! or a statement that must be true at every cell. A condition (`--where`)
//! leaves out the cells where it is false; cells that are not positions of
//! the game (a program's `fn position`) are always left out.

use super::formula::{ErrorKind, Formula, FormulaError, FormulaKind, FormulaValue};
use super::reader::Reader;
use crate::Control;
use crate::game_table::GameTable;
use crate::grundy::{NOT_A_POSITION, Table, TableKind};
use crate::script::tables::{TableReader, reading, reads_own_table};
use rayon::prelude::*;
use rhai::Scope;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use web_time::Instant;

/// How many counterexamples a report keeps (the first ones in row order).
pub const MAX_COUNTEREXAMPLES: usize = 100;
/// The largest number of cells checked at once (the difference table takes
/// 4 bytes a cell).
pub const MAX_CHECK_CELLS: usize = 1 << 26;
/// The time a whole check may take by default where nobody can cancel it
/// (the command line). The per-cell limits stop a formula that hangs at one
/// cell; this stops one that is merely slow at every cell.
pub const DEFAULT_CHECK_BUDGET: Duration = Duration::from_secs(60);

/// What the text being checked says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CheckMode {
    /// A formula for the table: an integer compared with the Grundy number
    /// `g`, or a boolean compared with "is a P-position" (`--formula`).
    #[default]
    Formula,
    /// A statement, true or false at each cell, that must be true at every
    /// cell checked (`--holds`).
    Holds,
}

/// A cell where the formula and the table disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Plane (three coordinates; else 0).
    pub z: usize,
    /// The number of passes left (the layer), for rules with passes.
    pub pass: Option<u8>,
    /// How many passes the game has (0 without; 1: Gale's pass, whose
    /// state is written "pass there" or "pass used").
    pub passes: u8,
    /// The number of coordinates of the game (how the cell is written).
    pub dimension: u8,
    /// The table's value: `g(x, y)` (normal play) or the misère Grundy
    /// value (misère).
    pub table: u32,
    /// The formula's value at `(x, y)` (for a statement: false).
    pub formula: FormulaValue,
    /// Whether the text was a statement ([`CheckMode::Holds`]).
    pub statement: bool,
}

impl Counterexample {
    /// The cell as written: `(3, 5)`, `(3, 5, 2, pass there)`.
    pub fn cell(&self) -> String {
        let coords = [self.x, self.y, self.z];
        let cell = coords[..self.dimension.clamp(1, 3) as usize].iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let pass = match (self.pass, self.passes) {
            (None, _) => String::new(),
            (Some(0), 1) => ", pass used".to_string(),
            (Some(_), 1) => ", pass there".to_string(),
            (Some(1), _) => ", 1 pass left".to_string(),
            (Some(k), _) => format!(", {k} passes left"),
        };
        format!("({}{pass})", cell.join(", "))
    }

    /// One line for a list: `(3, 5): table g = 2, formula 1`, or for a
    /// statement `(3, 5): false, where g = 2`.
    pub fn describe(&self, table_kind: TableKind) -> String {
        let table = match table_kind {
            TableKind::Grundy => format!("g = {}", self.table),
            TableKind::Misere => format!("misère g = {}", self.table),
        };
        if self.statement {
            return format!("{}: false, where {table}", self.cell());
        }
        let formula = match self.formula {
            FormulaValue::Int(v) => v.to_string(),
            FormulaValue::Bool(true) => "true (P)".to_string(),
            FormulaValue::Bool(false) => "false (not P)".to_string(),
        };
        format!("{}: table {table}, formula {formula}", self.cell())
    }
}

/// The difference picture: one value per cell, row-major
/// (`values[y * width + x]`). For an integer formula, table value minus
/// formula value (clamped to the i32 range); for a boolean formula, 1 where
/// "is a P-position" and the formula disagree, 0 where they agree; for a
/// statement, 1 where it is false. Cells left out (by the condition, or not
/// positions) are 0. The formula holds exactly where the value is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiffTable {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// Row-major differences.
    pub values: Vec<i32>,
}

impl DiffTable {
    /// The difference at `(x, y)`, or `None` outside the table.
    pub fn get(&self, x: usize, y: usize) -> Option<i32> {
        (x < self.width && y < self.height).then(|| self.values[y * self.width + x])
    }

    /// Number of cells where the difference is not 0.
    pub fn nonzero(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }
}

/// The outcome of checking a formula on a table.
#[derive(Clone, Debug)]
pub struct CheckReport {
    /// The formula text.
    pub formula: String,
    /// A formula for the table, or a statement.
    pub mode: CheckMode,
    /// The condition that chose the cells checked, if any.
    pub condition: Option<String>,
    /// What the formula conjectures (Grundy numbers or P-positions; a
    /// statement is boolean).
    pub formula_kind: FormulaKind,
    /// What the table holds.
    pub table_kind: TableKind,
    /// The rules' label, for the summary.
    pub rules: String,
    /// States checked: the cells of the box, in every layer, that are
    /// positions and meet the condition.
    pub cells_checked: u64,
    /// States left out because the condition is false there.
    pub cells_left_out: u64,
    /// States left out because they are not positions of the game.
    pub cells_not_positions: u64,
    /// The box checked, `[width, height, depth]`.
    pub dims: [usize; 3],
    /// The game's number of coordinates.
    pub dimension: u8,
    /// Whether the table has the pass layers (the formula's `pass`, the
    /// number of passes left, ran from [`CheckReport::passes`] down to 0).
    pub with_pass: bool,
    /// How many passes the game has (0 without).
    pub passes: u8,
    /// Cells where formula and table disagree.
    pub cells_differing: u64,
    /// The first [`MAX_COUNTEREXAMPLES`] disagreements in row order (the
    /// starting layer first, then z, y and x).
    pub counterexamples: Vec<Counterexample>,
    /// The difference picture of the plane z = 0 of the starting layer.
    pub diff: DiffTable,
}

impl CheckReport {
    /// Whether the formula agrees with the table on every computed cell.
    pub fn holds(&self) -> bool {
        self.cells_differing == 0
    }

    /// The width of the range checked (x < width).
    pub fn width(&self) -> usize {
        self.diff.width
    }

    /// The height of the range checked (y < height).
    pub fn height(&self) -> usize {
        self.diff.height
    }

    /// What was compared, in words.
    pub fn compared(&self) -> &'static str {
        match (self.mode, self.formula_kind, self.table_kind) {
            (CheckMode::Holds, _, _) => "a statement that must be true at every cell checked",
            (_, FormulaKind::Integer, TableKind::Grundy) => "integer formula compared with the Grundy numbers",
            (_, FormulaKind::Integer, TableKind::Misere) => "integer formula compared with the misère Grundy values",
            (_, FormulaKind::Boolean, TableKind::Grundy) => "boolean formula compared with \"is a P-position\" (g = 0)",
            (_, FormulaKind::Boolean, TableKind::Misere) => "boolean formula compared with the misère P-positions",
        }
    }
}

impl fmt::Display for CheckReport {
    /// The plain-language summary: holds or not, the range, and the first
    /// few counterexamples.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::summary(self, 20))
    }
}

/// What is checked: the text, how it is read, the condition choosing the
/// cells, and the other games' tables that `g_of` reads (see
/// [`super::compute_others`]).
#[derive(Clone, Copy)]
pub struct Question<'a> {
    /// The formula or statement.
    pub formula: &'a Formula,
    /// How it is read.
    pub mode: CheckMode,
    /// Only cells where this is true are checked (`--where`).
    pub condition: Option<&'a Formula>,
    /// The tables of the games of `g_of`, by spec.
    pub others: &'a [(String, GameTable)],
}

impl<'a> Question<'a> {
    /// A formula for the table, on every cell, as `check --formula` asks.
    pub fn formula(formula: &'a Formula) -> Self {
        Question { formula, mode: CheckMode::Formula, condition: None, others: &[] }
    }
}

/// The comparison of one cell: `(difference, disagrees)`.
fn compare(table: u32, value: FormulaValue, mode: CheckMode) -> (i32, bool) {
    match (mode, value) {
        (CheckMode::Holds, v) => {
            let differs = v != FormulaValue::Bool(true);
            (differs as i32, differs)
        }
        (_, FormulaValue::Int(v)) => {
            let d = (table as i64).saturating_sub(v).clamp(i32::MIN as i64, i32::MAX as i64) as i32;
            (d, table as i64 != v)
        }
        (_, FormulaValue::Bool(says_p)) => {
            // Both kinds of table hold 0 exactly at the P-positions.
            let differs = (table == 0) != says_p;
            (differs as i32, differs)
        }
    }
}

/// One row's share of the report.
struct Row {
    diff: Vec<i32>,
    differing: u64,
    left_out: u64,
    not_positions: u64,
    examples: Vec<Counterexample>,
    /// The formula's type at the row's first cell checked, and that cell.
    kind: Option<(FormulaKind, FormulaValue, [usize; 3])>,
}

/// When a check must stop, and what to say then.
#[derive(Clone, Copy)]
struct Budget {
    time: Duration,
    deadline: Instant,
}

impl Budget {
    fn new(time: Option<Duration>) -> Option<Budget> {
        // A budget too large for the clock is no budget.
        let time = time?;
        Some(Budget { time, deadline: Instant::now().checked_add(time)? })
    }

    fn exceeded(&self) -> bool {
        Instant::now() >= self.deadline
    }

    fn error(&self, x: usize, row: RowAt) -> FormulaError {
        let mut e = FormulaError::new(
            ErrorKind::Limit,
            format!(
                "the check took longer than its time budget of {} s and was stopped; \
                 on the command line, raise the budget with --budget SECONDS",
                self.time.as_secs_f64()
            ),
        );
        let [px, py, pz] = row.position(x);
        e.cell = Some((px as i64, py as i64));
        e.at(pz as i64, row.pass())
    }
}

fn cancelled() -> FormulaError {
    FormulaError::new(ErrorKind::Cancelled, "the check was cancelled")
}

/// One row of the check: `y` in the plane `z` of `layer`.
#[derive(Clone, Copy, Debug)]
struct RowAt {
    y: usize,
    z: usize,
    layer: usize,
    /// Whether the table has pass layers.
    with_pass: bool,
    /// How many passes the game has.
    passes: u8,
    /// For a plane cut from a larger table ([`Table::slice`]): the
    /// coordinate it holds fixed, its value, and the layer of the whole
    /// game it was cut from, the number of passes left (`None`: no
    /// passes). The formula is evaluated at the cell's position in the
    /// whole game.
    plane: Option<(crate::grundy::Axis, usize, Option<usize>)>,
}

impl RowAt {
    /// The formula's `pass`: the number of passes left (0 without passes).
    fn pass(&self) -> i64 {
        self.game_layer() as i64
    }

    /// The layer of the whole game the row lies in: the passes left.
    fn game_layer(&self) -> usize {
        match self.plane {
            Some((_, _, layer)) => layer.unwrap_or(0),
            None if self.with_pass => self.layer,
            None => 0,
        }
    }

    /// The position, in the whole game, of cell `x` of the row.
    fn position(&self, x: usize) -> [usize; 3] {
        match self.plane {
            Some((axis, at, _)) => axis.position(at, x, self.y),
            None => [x, self.y, self.z],
        }
    }

    /// The number of passes left, for rules with passes.
    fn pass_state(&self) -> Option<u8> {
        match self.plane {
            Some((_, _, layer)) => layer.map(|l| l as u8),
            None => self.with_pass.then_some(self.layer as u8),
        }
    }
}

/// The formula's value at `(x, y)` of `row`, where the table holds `g`,
/// stopped by the budget's clock too.
fn eval_cell(
    formula: &Formula,
    scope: &mut Scope<'static>,
    x: usize,
    g: u32,
    row: RowAt,
    budget: Option<Budget>,
) -> Result<FormulaValue, FormulaError> {
    let [px, py, pz] = row.position(x);
    let at = [px as i64, py as i64, pz as i64];
    formula.eval_in(scope, at, row.pass(), g.into(), budget.map(|b| b.deadline)).map_err(|e| {
        match budget {
            // Stopped by a clock: the budget's when it has run out.
            Some(b) if e.kind == ErrorKind::Limit && b.exceeded() => b.error(x, row),
            _ => e,
        }
    })
}

/// A condition that gave something else than true or false.
fn condition_not_bool(value: FormulaValue, [x, y, z]: [usize; 3], pass: i64) -> FormulaError {
    let mut e = FormulaError::new(
        ErrorKind::WrongType,
        format!("the condition (--where) must be true or false at every cell, but it gave {value} here"),
    );
    e.cell = Some((x as i64, y as i64));
    e.at(z as i64, pass)
}

/// A statement that gave something else than true or false.
fn statement_not_bool(value: FormulaValue, [x, y, z]: [usize; 3], pass: i64) -> FormulaError {
    let mut e = FormulaError::new(
        ErrorKind::WrongType,
        format!(
            "a statement (--holds) must be true or false at every cell, but it gave the integer {value} here; \
             compare it with something, e.g. g == {value}"
        ),
    );
    e.cell = Some((x as i64, y as i64));
    e.at(z as i64, pass)
}

fn check_row(
    table: &Table,
    question: Question,
    scope: &mut Scope<'static>,
    row_at: RowAt,
    control: &Control,
    budget: Option<Budget>,
    dimension: u8,
) -> Result<Row, FormulaError> {
    let mut row = Row {
        diff: Vec::with_capacity(table.width()),
        differing: 0,
        left_out: 0,
        not_positions: 0,
        examples: Vec::new(),
        kind: None,
    };
    let (y, z) = (row_at.y, row_at.z);
    for x in 0..table.width() {
        // Every cell, not every row: one row of a slow formula on a wide
        // table can take longer than the whole budget.
        if let Some(b) = budget
            && b.exceeded()
        {
            return Err(b.error(x, row_at));
        }
        if control.is_cancelled() {
            return Err(cancelled());
        }
        let t = table.get_at([x, y, z], row_at.layer);
        let position = row_at.position(x);
        if t == NOT_A_POSITION {
            row.not_positions += 1;
            row.diff.push(0);
            continue;
        }
        if let Some(condition) = question.condition {
            match eval_cell(condition, scope, x, t, row_at, budget)? {
                FormulaValue::Bool(true) => {}
                FormulaValue::Bool(false) => {
                    row.left_out += 1;
                    row.diff.push(0);
                    continue;
                }
                v => return Err(condition_not_bool(v, position, row_at.pass())),
            }
        }
        let value = eval_cell(question.formula, scope, x, t, row_at, budget)?;
        match (question.mode, row.kind) {
            (CheckMode::Holds, _) if value.kind() != FormulaKind::Boolean => {
                return Err(statement_not_bool(value, position, row_at.pass()));
            }
            (_, None) => row.kind = Some((value.kind(), value, position)),
            (_, Some((kind, first, at))) if value.kind() != kind => {
                let [px, py, pz] = position;
                return Err(changed_type(kind, first, at, value, px, py).at(pz as i64, row_at.pass()));
            }
            _ => {}
        }
        let (d, differs) = compare(t, value, question.mode);
        row.diff.push(d);
        if differs {
            row.differing += 1;
            if row.examples.len() < MAX_COUNTEREXAMPLES {
                let [px, py, pz] = position;
                row.examples.push(Counterexample {
                    x: px,
                    y: py,
                    z: pz,
                    pass: row_at.pass_state(),
                    passes: row_at.passes,
                    dimension,
                    table: t,
                    formula: value,
                    statement: question.mode == CheckMode::Holds,
                });
            }
        }
    }
    Ok(row)
}

/// The cell written as a person reads it (as many coordinates as needed).
fn cell_text([x, y, z]: [usize; 3]) -> String {
    if z == 0 { format!("({x}, {y})") } else { format!("({x}, {y}, {z})") }
}

fn changed_type(
    kind: FormulaKind,
    first: FormulaValue,
    at: [usize; 3],
    value: FormulaValue,
    x: usize,
    y: usize,
) -> FormulaError {
    let words = |k: FormulaKind| match k {
        FormulaKind::Integer => "an integer",
        FormulaKind::Boolean => "a boolean",
    };
    let mut e = FormulaError::new(
        ErrorKind::WrongType,
        format!(
            "the formula gave {} at {} ({first}) but {} ({value}) here; it must give the same type everywhere",
            words(kind),
            cell_text(at),
            words(value.kind())
        ),
    );
    e.cell = Some((x as i64, y as i64));
    e
}

/// Check `formula` on every cell of `table` (rows in parallel), with no
/// limit on the total time: for callers that can cancel through `control`
/// (the user interface). Otherwise the same as [`check_within`].
pub fn check(table: &Table, formula: &Formula, control: &Control) -> Result<CheckReport, FormulaError> {
    check_within(table, formula, control, None)
}

/// Check `formula` on every cell of `table` (rows in parallel), stopping
/// after `budget` of wall-clock time when one is given (see
/// [`DEFAULT_CHECK_BUDGET`]): [`check_question`] with the formula alone.
/// A formula that calls `g(...)` reads a copy of the table (a plane cut
/// from a larger table reads that table).
pub fn check_within(
    table: &Table,
    formula: &Formula,
    control: &Control,
    budget: Option<Duration>,
) -> Result<CheckReport, FormulaError> {
    let own = match table.slice_source() {
        Some(_) => None,
        None if reads_own_table(formula.text()) && table.is_complete() => Some(Arc::new(table.duplicate())),
        None => None,
    };
    run(table, own, Question::formula(formula), control, budget)
}

/// Check `question` on `table` (rows in parallel), stopping after `budget`
/// of wall-clock time when one is given (see [`DEFAULT_CHECK_BUDGET`]).
///
/// [`CheckMode::Formula`]: an integer formula `f` holds when `f = g` at
/// every cell checked; a boolean formula when it is true exactly at the
/// P-positions (an integer formula is compared with a misère table's
/// misère Grundy values). [`CheckMode::Holds`]: the statement
/// must be true at every cell checked. The cells checked are the positions
/// of the game where the condition, if any, is true. `g` is the table's
/// value at the cell, `g(...)` reads `table`, `g_of(...)` the tables of
/// `question.others`. The cancel flag of `control` and the budget's clock
/// are read before every cell; the progress of `control` counts rows.
///
/// Errors: a run-time error at some cell (named in the error; a `g(...)`
/// outside the box is one), a formula that changes type between cells, a
/// statement or a condition that is not true or false, cancellation, the
/// budget exceeded ([`ErrorKind::Limit`], with a message that names the
/// budget and says how to raise it), a table too large or not finished.
pub fn check_question(
    table: &Arc<Table>,
    question: Question,
    control: &Control,
    budget: Option<Duration>,
) -> Result<CheckReport, FormulaError> {
    run(table, Some(Arc::clone(table)), question, control, budget)
}

fn run(
    table: &Table,
    own: Option<Arc<Table>>,
    question: Question,
    control: &Control,
    budget: Option<Duration>,
) -> Result<CheckReport, FormulaError> {
    let budget = Budget::new(budget);
    let [width, height, depth] = table.dims();
    let cells = width.saturating_mul(height).saturating_mul(depth).saturating_mul(table.layers());
    if cells > MAX_CHECK_CELLS {
        return Err(FormulaError::new(
            ErrorKind::TooLarge,
            format!(
                "{} has {cells} states; a check takes at most {MAX_CHECK_CELLS}",
                crate::grundy::size_text(table.dims())
            ),
        ));
    }
    if cells == 0 {
        return Err(FormulaError::new(ErrorKind::TooLarge, "the table is empty"));
    }
    if !table.is_complete() {
        return Err(FormulaError::new(
            ErrorKind::Incomplete,
            "the table is not finished yet; check the formula once it is computed",
        ));
    }
    let with_pass = table.layers() > 1;
    let passes = table.slice_source().map_or(table.rules().passes, |s| s.full.rules().passes).count;
    let dimension = table.slice_source().map_or(table.rules().dimension, |s| s.full.rules().dimension);
    // A plane reads the whole table it was cut from.
    let own = match table.slice_source() {
        Some(s) => Some(Arc::clone(&s.full)),
        None => own,
    };
    let others = question.others.to_vec();
    let reader: Arc<dyn TableReader> = Arc::new(Reader { own: own.map(GameTable::Box), others });
    // The starting layer first, then (with a pass) the layer without it.
    let plane = table.slice_source().map(|s| (s.axis, s.at, (s.full.layers() > 1).then_some(s.layer)));
    let rows_at: Vec<RowAt> = (0..table.layers())
        .rev()
        .flat_map(|layer| {
            (0..depth).flat_map(move |z| (0..height).map(move |y| RowAt { y, z, layer, with_pass, passes, plane }))
        })
        .collect();
    control.start(rows_at.len() as u64);
    // Rows after the first failing row are skipped; rows before it still
    // run, so the error reported is the first one in row order.
    let first_failure = AtomicUsize::new(usize::MAX);
    let rows: Vec<Option<Result<Row, FormulaError>>> = (0..rows_at.len())
        .into_par_iter()
        .map_init(Scope::new, |scope, r| {
            if r > first_failure.load(Ordering::Relaxed) || control.is_cancelled() {
                return None;
            }
            let row_at = rows_at[r];
            let row = reading(&reader, row_at.game_layer(), || {
                check_row(table, question, scope, row_at, control, budget, dimension)
            });
            if row.is_err() {
                first_failure.fetch_min(r, Ordering::Relaxed);
            }
            control.advance(1);
            Some(row)
        })
        .collect();
    if let Some(e) = rows.iter().flatten().find_map(|r| r.as_ref().err()) {
        return Err(e.clone());
    }
    let mut done = Vec::with_capacity(rows.len());
    for row in rows {
        let Some(Ok(row)) = row else {
            return Err(cancelled());
        };
        done.push(row);
    }
    // The first cell checked fixes the formula's type for every other cell.
    let first = done.iter().find_map(|r| r.kind);
    let kind = match (question.mode, first) {
        (CheckMode::Holds, _) => FormulaKind::Boolean,
        (_, Some((kind, ..))) => kind,
        (_, None) => FormulaKind::Boolean,
    };
    if let Some((kind, value, at)) = first
        && let Some((_, v, p)) = done.iter().filter_map(|r| r.kind).find(|(k, ..)| *k != kind)
    {
        return Err(changed_type(kind, value, at, v, p[0], p[1]).at(p[2] as i64, 0));
    }
    let mut report = CheckReport {
        formula: question.formula.text().to_string(),
        mode: question.mode,
        condition: question.condition.map(|c| c.text().to_string()),
        formula_kind: kind,
        table_kind: table.kind(),
        rules: table.rules().label(),
        cells_checked: 0,
        cells_left_out: 0,
        cells_not_positions: 0,
        dims: table.dims(),
        dimension,
        with_pass,
        passes,
        cells_differing: 0,
        counterexamples: Vec::new(),
        diff: DiffTable { width, height, values: Vec::with_capacity(width * height) },
    };
    for (r, row) in done.into_iter().enumerate() {
        report.cells_differing += row.differing;
        report.cells_left_out += row.left_out;
        report.cells_not_positions += row.not_positions;
        let room = MAX_COUNTEREXAMPLES - report.counterexamples.len();
        report.counterexamples.extend(row.examples.into_iter().take(room));
        // The picture: the plane z = 0 of the starting layer (the first rows).
        if r < height {
            report.diff.values.extend(row.diff);
        }
    }
    report.cells_checked = cells as u64 - report.cells_left_out - report.cells_not_positions;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;
    use crate::rules::preset;

    fn table(name: &str, n: usize) -> Table {
        compute(&preset(name).unwrap(), n, n, &Control::new()).unwrap()
    }

    fn check_text(t: &Table, text: &str) -> Result<CheckReport, FormulaError> {
        check(t, &Formula::compile(text).unwrap(), &Control::new())
    }

    #[test]
    fn nim_formula_holds_on_the_rook() {
        let r = check_text(&table("nim", 48), "x ^ y").unwrap();
        assert!(r.holds());
        assert_eq!((r.cells_checked, r.formula_kind), (48 * 48, FormulaKind::Integer));
        assert_eq!(r.diff.nonzero(), 0);
    }

    #[test]
    fn counterexamples_match_a_direct_comparison() {
        let t = table("dragon-king", 40);
        let r = check_text(&t, "x ^ y").unwrap();
        let direct: Vec<(usize, usize)> = (0..40)
            .flat_map(|y| (0..40).map(move |x| (x, y)))
            .filter(|&(x, y)| t.get(x, y) as usize != x ^ y)
            .collect();
        assert_eq!(r.cells_differing as usize, direct.len());
        let got: Vec<(usize, usize)> = r.counterexamples.iter().map(|c| (c.x, c.y)).collect();
        assert_eq!(got, direct[..MAX_COUNTEREXAMPLES.min(direct.len())]);
        for c in &r.counterexamples {
            assert_eq!(c.table, t.get(c.x, c.y));
            assert_eq!(c.formula, FormulaValue::Int((c.x ^ c.y) as i64));
            assert_eq!(r.diff.get(c.x, c.y), Some(t.get(c.x, c.y) as i32 - (c.x ^ c.y) as i32));
        }
    }

    #[test]
    fn boolean_formula_is_compared_with_p_positions() {
        let t = table("queen", 64);
        assert!(check_text(&t, "is_wythoff_p(x, y)").unwrap().holds());
        let r = check_text(&t, "x == y").unwrap();
        assert_eq!(r.formula_kind, FormulaKind::Boolean);
        // (0,0) agrees; every other diagonal cell and every other P-position differs.
        let expected = 63 + t.p_positions().len() - 1;
        assert_eq!(r.cells_differing as usize, expected);
        assert!(r.diff.values.iter().all(|&v| v == 0 || v == 1));
    }

    #[test]
    fn misere_tables_compare_booleans_with_p_positions_and_integers_with_values() {
        let t = compute(&preset("queen").unwrap().misere(), 40, 40, &Control::new()).unwrap();
        assert!(check_text(&t, "is_misere_wythoff_p(x, y)").unwrap().holds());
        // The values are misère Grundy values: (0, 0) has no move, so 1;
        // (1, 1) reaches (0, 0), (1, 0) and (0, 1), of values 1, 0, 0: mex 2.
        assert_eq!([t.get(0, 0), t.get(1, 0), t.get(1, 1)], [1, 0, 2]);
        let r = check_text(&t, "x ^ y").unwrap();
        assert_eq!(r.compared(), "integer formula compared with the misère Grundy values");
        assert!(!r.holds());
    }

    #[test]
    fn errors_name_the_cell() {
        let t = table("nim", 16);
        let e = check_text(&t, "x / (y - 7)").unwrap_err();
        assert_eq!(e.cell, Some((0, 7)), "{e}");
        let e = check_text(&t, "if x == 3 && y == 2 { true } else { 0 }").unwrap_err();
        assert_eq!((e.kind, e.cell), (ErrorKind::WrongType, Some((3, 2))), "{e}");
    }

    #[test]
    fn unfinished_tables_are_refused() {
        let t = crate::grundy::prepare(&preset("nim").unwrap(), 16, 16).unwrap();
        let e = check(&t, &Formula::compile("x ^ y").unwrap(), &Control::new()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Incomplete);
    }

    #[test]
    fn cancelled_before_start_is_an_error() {
        let t = table("nim", 16);
        let control = Control::new();
        control.cancel();
        let e = check(&t, &Formula::compile("x ^ y").unwrap(), &control).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Cancelled);
    }
}
