//! A formula or a statement checked against a table of four to eight
//! heaps ([`HeapTable`]), at every position it stores: all of the box, or,
//! for heaps treated alike, the sorted ones only (`x1 >= x2 >= ...`; the
//! report says so, and `--full` checks every order). The coordinates are
//! `x1` to `xd` (the first three also `x`, `y`, `z`), `g` is the value
//! there, `pass` the passes left, `g(x1, ..., xd)` reads another position
//! (one more argument: the layer) and `g_of("SPEC", x1, ..., xd)` a
//! position of another game of as many heaps, computed on the same box. A
//! condition in the same language, where given, chooses the positions
//! checked; the others are counted as left out. The report also holds the
//! check on the plane `(x1, x2, 0, ...)`, for the difference picture.

use super::others::{compute_others, other_games};
use super::reader::Reader;
use super::{CheckMode, Formula, FormulaValue};
use crate::Control;
use crate::game_table::GameTable;
use crate::grundy::NOT_A_POSITION;
use crate::grundy::heaps::{HeapTable, Storage, sides_text};
use crate::rules::point_text;
use crate::script::tables::{TableReader, reading};
use rayon::prelude::*;
use rhai::Scope;
use std::sync::Arc;

/// The counterexamples a report keeps.
const KEPT: usize = 10;

/// One position where the check fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapCounterexample {
    /// The position.
    pub position: Vec<u64>,
    /// The passes left.
    pub layer: usize,
    /// The table's value there (misère: the misère Grundy value).
    pub g: u32,
    /// What the formula gave.
    pub value: FormulaValue,
}

/// What a check of a table of many heaps found.
#[derive(Clone, Debug)]
pub struct HeapsReport {
    /// Positions checked (layers counted apart).
    pub checked: u64,
    /// Positions where it fails.
    pub failures: u64,
    /// The first of them, in the order of the box.
    pub first: Vec<HeapCounterexample>,
    /// Whether only the sorted positions were checked.
    pub sorted: bool,
    /// The sides of the box.
    pub sides: Vec<usize>,
    /// The game.
    pub game: String,
    /// A formula or a statement.
    pub mode: CheckMode,
    /// Its text.
    pub formula: String,
    /// The passes of the game (the layers checked are one more).
    pub passes: u8,
    /// The condition choosing the positions checked, if any.
    pub condition: Option<String>,
    /// Positions (layers counted apart) where the condition is false.
    pub left_out: u64,
    /// The check on the plane of `x1` and `x2` with the other heaps empty,
    /// for a picture; `None` when it is larger than [`PLANE_CELLS`] or the
    /// formula fails to run somewhere on it.
    pub plane: Option<HeapsPlane>,
}

/// The most cells of [`HeapsReport::plane`].
pub const PLANE_CELLS: usize = 64 * 64;

/// A check on the plane `(x1, x2, 0, ..., 0)` with every pass still there,
/// every order of the heaps (a sorted table is read at the sorted
/// position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapsPlane {
    /// Cells across (values of `x1`).
    pub width: usize,
    /// Cells down (values of `x2`).
    pub height: usize,
    /// Row by row (`x2` then `x1`): whether the check fails at the cell
    /// (false where it holds, where the condition is false and off the
    /// program's domain).
    pub fails: Vec<bool>,
}

impl HeapsPlane {
    /// Whether the check fails at `(x1, x2, 0, ..., 0)`; `None` off the plane.
    pub fn fails_at(&self, x1: usize, x2: usize) -> Option<bool> {
        (x1 < self.width && x2 < self.height).then(|| self.fails[x2 * self.width + x1])
    }
}

impl HeapsReport {
    /// Whether it holds at every position checked.
    pub fn holds(&self) -> bool {
        self.failures == 0
    }

    /// The result as sentences.
    pub fn describe(&self) -> String {
        let d = self.sides.len();
        let what = match self.mode {
            CheckMode::Formula => "formula",
            CheckMode::Holds => "statement",
        };
        let positions = if self.sorted {
            format!(
                "sorted positions (x1 >= x2 >= ... >= x{d}, the table being of heaps alike; add --full to check \
                 every order)"
            )
        } else {
            "positions".to_string()
        };
        let mut out = if self.holds() {
            format!(
                "The {what} holds on all {} {positions} of {} in the box {}.\n",
                self.checked,
                self.game,
                sides_text(&self.sides)
            )
        } else {
            format!(
                "The {what} fails at {} of {} {positions} of {} in the box {}. The first:\n",
                self.failures,
                self.checked,
                self.game,
                sides_text(&self.sides)
            )
        };
        if let Some(condition) = &self.condition {
            out += &format!("{} left out, where {condition} is false.\n", self.left_out);
        }
        for c in &self.first {
            let gave = match c.value {
                FormulaValue::Int(v) => v.to_string(),
                FormulaValue::Bool(b) => b.to_string(),
            };
            out += &format!(
                "  {} (passes left {}): g = {}, the {what} gives {gave}\n",
                point_text(&c.position),
                c.layer,
                c.g
            );
        }
        out += "A finite check is evidence, not a proof.\n";
        out
    }
}

/// Why a check of a table of many heaps could not be made.
#[derive(Clone, Debug)]
pub enum HeapsCheckError {
    /// The formula does not read.
    Formula(super::FormulaError),
    /// The formula failed at a position while it ran.
    Run {
        /// The position.
        at: Vec<u64>,
        /// What went wrong.
        error: Box<super::FormulaError>,
    },
    /// A statement gave a number at this position.
    NotAStatement(Vec<u64>),
    /// The condition does not read.
    Condition(super::FormulaError),
    /// The condition failed at a position while it ran.
    ConditionRun {
        /// The position.
        at: Vec<u64>,
        /// What went wrong.
        error: Box<super::FormulaError>,
    },
    /// The condition gave a number at this position.
    ConditionNotAStatement(Vec<u64>),
    /// A game of `g_of` cannot be read or computed.
    Other(super::OtherGameError),
    /// The check was cancelled or ran out of time.
    Stopped,
}

impl std::fmt::Display for HeapsCheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeapsCheckError::Formula(error) => write!(f, "{error}"),
            HeapsCheckError::Run { at, error } => write!(f, "at {}: {error}", point_text(at)),
            HeapsCheckError::NotAStatement(p) => {
                write!(f, "at {}: a statement must give true or false, not a number", point_text(p))
            }
            HeapsCheckError::Condition(error) => write!(f, "error in the condition: {error}"),
            HeapsCheckError::ConditionRun { at, error } => {
                write!(f, "at {}: the condition: {error}", point_text(at))
            }
            HeapsCheckError::ConditionNotAStatement(p) => {
                write!(f, "at {}: a condition must give true or false, not a number", point_text(p))
            }
            HeapsCheckError::Other(error) => write!(f, "{error}"),
            HeapsCheckError::Stopped => f.write_str("cancelled"),
        }
    }
}

/// The other heaps of the plane (x1, x2, 0, …, 0) of a game of `d` heaps,
/// the plane that the preview, the pattern hints and the difference picture
/// of many heaps show: `0, 0` for four heaps.
pub fn plane_zeros(d: usize) -> String {
    vec!["0"; d.saturating_sub(2)].join(", ")
}

/// Where a formula found on that plane holds, in the formula language:
/// `x3 == 0 && x4 == 0` for four heaps.
pub fn plane_condition(d: usize) -> String {
    (3..=d).map(|i| format!("x{i} == 0")).collect::<Vec<_>>().join(" && ")
}

/// Check `text` on every position the table stores, in every layer. The
/// games its `g_of("SPEC", ...)` names (and the condition's) are computed
/// first on the same box, under the same `control`.
pub fn check_heaps(
    table: Arc<HeapTable>,
    text: &str,
    condition: Option<&str>,
    mode: CheckMode,
    control: &Control,
) -> Result<HeapsReport, HeapsCheckError> {
    let d = table.sides().len();
    let formula = Formula::compile_heaps(text, d).map_err(HeapsCheckError::Formula)?;
    let chosen = condition.map(|c| Formula::compile_heaps(c, d)).transpose().map_err(HeapsCheckError::Condition)?;
    let texts: Vec<&str> = std::iter::once(text).chain(condition).collect();
    let games = other_games(&texts, d as u8).map_err(HeapsCheckError::Other)?;
    let others = compute_others(&games, table.sides(), control).map_err(HeapsCheckError::Other)?;
    let positions = table.stored_positions();
    let layers = table.rules().passes.layers();
    let reader: Arc<dyn TableReader> = Arc::new(Reader { own: Some(GameTable::Heaps(Arc::clone(&table))), others });
    let judge = Judge {
        table: &table,
        formula: &formula,
        chosen: chosen.as_ref(),
        reader: &reader,
        mode,
        stop: control.deadline(),
    };
    control.start(positions.len() as u64 * layers as u64);
    let mut failures = 0u64;
    let mut first = Vec::new();
    let (mut checked, mut left_out) = (0u64, 0u64);
    for layer in (0..layers).rev() {
        // For each position: what it is (not one of the program's domain,
        // left out by the condition, checked), and the counterexample there.
        let results: Vec<Result<(Seen, Option<HeapCounterexample>), HeapsCheckError>> = positions
            .par_iter()
            .map_init(Scope::new, |scope, p| {
                if control.must_stop() {
                    return Err(HeapsCheckError::Stopped);
                }
                // A formula cut off by the deadline was stopped, not slow.
                judge
                    .at(scope, &p[..d], layer)
                    .map_err(|e| if control.must_stop() { HeapsCheckError::Stopped } else { e })
            })
            .collect();
        for r in results {
            let (seen, counterexample) = r?;
            checked += u64::from(seen == Seen::Checked);
            left_out += u64::from(seen == Seen::LeftOut);
            if let Some(c) = counterexample {
                failures += 1;
                if first.len() < KEPT {
                    first.push(c);
                }
            }
        }
        control.advance(positions.len() as u64);
    }
    let plane = plane(&judge, control);
    Ok(HeapsReport {
        checked,
        failures,
        first,
        sorted: table.storage() == Storage::Sorted,
        sides: table.sides().to_vec(),
        game: table.rules().label(),
        mode,
        formula: text.to_string(),
        passes: table.rules().passes.count,
        condition: condition.map(str::to_string),
        left_out,
        plane,
    })
}

/// What a check needs at each position.
struct Judge<'a> {
    table: &'a HeapTable,
    formula: &'a Formula,
    chosen: Option<&'a Formula>,
    reader: &'a Arc<dyn TableReader>,
    mode: CheckMode,
    stop: Option<web_time::Instant>,
}

impl Judge<'_> {
    /// What the check finds at `p` in `layer`: whether it is a position,
    /// left out or checked, and the counterexample there.
    fn at(
        &self,
        scope: &mut Scope<'static>,
        p: &[u64],
        layer: usize,
    ) -> Result<(Seen, Option<HeapCounterexample>), HeapsCheckError> {
        let g = self.table.get(p, layer).unwrap_or(NOT_A_POSITION);
        if g == NOT_A_POSITION {
            return Ok((Seen::NotAPosition, None));
        }
        let coords: Vec<i64> = p.iter().map(|&c| c as i64).collect();
        let (reader, stop) = (self.reader, self.stop);
        if let Some(chosen) = self.chosen {
            let value = reading(reader, layer, || chosen.eval_heaps(scope, &coords, layer as i64, i64::from(g), stop))
                .map_err(|error| HeapsCheckError::ConditionRun { at: p.to_vec(), error: Box::new(error) })?;
            match value {
                FormulaValue::Bool(true) => {}
                FormulaValue::Bool(false) => return Ok((Seen::LeftOut, None)),
                FormulaValue::Int(_) => return Err(HeapsCheckError::ConditionNotAStatement(p.to_vec())),
            }
        }
        let value =
            reading(reader, layer, || self.formula.eval_heaps(scope, &coords, layer as i64, i64::from(g), stop))
                .map_err(|error| HeapsCheckError::Run { at: p.to_vec(), error: Box::new(error) })?;
        let holds = match (self.mode, value) {
            (CheckMode::Formula, FormulaValue::Int(v)) => v == i64::from(g),
            (CheckMode::Formula, FormulaValue::Bool(b)) => b == (g == 0),
            (CheckMode::Holds, FormulaValue::Bool(b)) => b,
            (CheckMode::Holds, FormulaValue::Int(_)) => return Err(HeapsCheckError::NotAStatement(p.to_vec())),
        };
        Ok((Seen::Checked, (!holds).then(|| HeapCounterexample { position: p.to_vec(), layer, g, value })))
    }
}

/// The check on the plane of `x1` and `x2` (the other heaps empty) at the
/// start of a game.
fn plane(judge: &Judge<'_>, control: &Control) -> Option<HeapsPlane> {
    let sides = judge.table.sides();
    let (width, height) = (sides[0], sides[1]);
    if width * height > PLANE_CELLS || control.must_stop() {
        return None;
    }
    let layer = judge.table.start_layer();
    let fails = (0..width * height)
        .into_par_iter()
        .map_init(Scope::new, |scope, i| {
            let mut p = vec![0u64; sides.len()];
            (p[0], p[1]) = ((i % width) as u64, (i / width) as u64);
            judge.at(scope, &p, layer).map(|(_, c)| c.is_some()).ok()
        })
        .collect::<Option<Vec<bool>>>()?;
    Some(HeapsPlane { width, height, fails })
}

/// What a check did at a position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// Not a position of the program's domain.
    NotAPosition,
    /// The condition is false there.
    LeftOut,
    Checked,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plane_of_empty_heaps_is_written_as_the_formulas_read_it() {
        assert_eq!(plane_zeros(4), "0, 0");
        assert_eq!(plane_zeros(8), "0, 0, 0, 0, 0, 0");
        assert_eq!(plane_condition(4), "x3 == 0 && x4 == 0");
        // The condition reads in the formula language, and holds exactly on
        // the plane.
        let c = Formula::compile_heaps(&plane_condition(5), 5).unwrap();
        let mut scope = Scope::new();
        let mut at = |p: [i64; 5]| c.eval_heaps(&mut scope, &p, 0, 0, None).unwrap();
        assert_eq!(at([3, 7, 0, 0, 0]), FormulaValue::Bool(true));
        for i in 2..5 {
            let mut p = [3, 7, 0, 0, 0];
            p[i] = 1;
            assert_eq!(at(p), FormulaValue::Bool(false), "{p:?}");
        }
    }
}
