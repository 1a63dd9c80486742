//! Pattern hints found in a computed table: periodic and additively periodic
//! rows, columns and diagonals, and the block form of the dragon king and
//! the parameter-p piece.
//!
//! A hint is only a description of the computed range, and only reported
//! when the data supports it: the repeating part must cover at least
//! [`MIN_REPEATS`] periods, at least half of the line and at least
//! [`MIN_TAIL`] cells; a block form must hold on every cell and the table
//! must hold at least [`MIN_REPEATS`] blocks in each direction.

use crate::Control;
use crate::grundy::{EngineError, Table, TableKind};
use rayon::prelude::*;
use std::fmt;

/// The periodic part of a line must repeat its period at least this often.
pub const MIN_REPEATS: usize = 3;
/// The periodic part of a line must be at least this long.
pub const MIN_TAIL: usize = 16;
/// Block sizes tried for the block form: `1..=MAX_BLOCK`.
pub const MAX_BLOCK: usize = 16;

/// A sequence `s(i)` with `s(i + period) = s(i) + saltus` for every
/// `i >= preperiod` in the computed range. Saltus 0: periodic; otherwise
/// additively periodic (arithmetic-periodic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// First index from which the relation holds.
    pub preperiod: usize,
    /// The least period found.
    pub period: usize,
    /// The increase over one period.
    pub saltus: i64,
}

impl Periodicity {
    /// In words, with `var` the running coordinate: "g(x + 3) = g(x) + 3 for
    /// x >= 0 (additively periodic: period 3, saltus 3)".
    pub fn describe(&self, var: &str) -> String {
        let Periodicity { preperiod, period, saltus } = *self;
        if saltus == 0 {
            format!("g({var} + {period}) = g({var}) for {var} >= {preperiod} (periodic: period {period})")
        } else {
            let sign = if saltus < 0 { "-" } else { "+" };
            format!(
                "g({var} + {period}) = g({var}) {sign} {} for {var} >= {preperiod} \
                 (additively periodic: period {period}, saltus {saltus})",
                saltus.unsigned_abs()
            )
        }
    }
}

/// The least period (and for it the least preperiod) of `seq` that the data
/// supports, or `None`. See the module documentation for "supports".
pub fn find_periodicity(seq: &[i64]) -> Option<Periodicity> {
    let n = seq.len();
    for period in 1..=n / MIN_REPEATS {
        let saltus = seq[n - 1] - seq[n - 1 - period];
        // Walk back from the end while the relation holds.
        let mut preperiod = 0;
        for i in (0..n - period).rev() {
            if seq[i + period] - seq[i] != saltus {
                preperiod = i + 1;
                break;
            }
        }
        let tail = n - preperiod;
        if tail >= MIN_REPEATS * period && 2 * tail >= n && tail >= MIN_TAIL {
            return Some(Periodicity { preperiod, period, saltus });
        }
    }
    None
}

/// A line of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Row `y`: the cells `(x, y)`, x = 0, 1, ...
    Row(usize),
    /// Column `x`: the cells `(x, y)`, y = 0, 1, ...
    Column(usize),
    /// Diagonal `x - y = d`: the cells `(d + t, t)` (d >= 0) or `(t, t - d)`
    /// (d < 0), t = 0, 1, ...
    Diagonal(i64),
}

impl Line {
    /// The running coordinate along the line.
    pub fn variable(self) -> &'static str {
        match self {
            Line::Row(_) => "x",
            Line::Column(_) => "y",
            Line::Diagonal(_) => "t",
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(y) => write!(f, "row y = {y}"),
            Line::Column(x) => write!(f, "column x = {x}"),
            Line::Diagonal(d) if *d >= 0 => write!(f, "diagonal x - y = {d}, cells ({d} + t, t)"),
            Line::Diagonal(d) => write!(f, "diagonal x - y = {d}, cells (t, {} + t)", -d),
        }
    }
}

/// What was found on one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineHint {
    /// Which line.
    pub line: Line,
    /// Cells on the line within the table.
    pub length: usize,
    /// The periodicity found, if the data supports one.
    pub periodicity: Option<Periodicity>,
}

/// `g(x, y) = f(x mod p, y mod p) + p * (floor(x/p) XOR floor(y/p))` on the
/// whole computed table, with a `p x p` table `f`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockForm {
    /// The block size.
    pub p: usize,
    /// `f(a, b)` at index `a * p + b` (a = x mod p, b = y mod p).
    pub f: Vec<u32>,
    /// The form in the formula language, ready to insert and check.
    pub formula: String,
}

impl BlockForm {
    /// `f(a, b)`.
    pub fn f(&self, a: usize, b: usize) -> u32 {
        self.f[a * self.p + b]
    }
}

/// Everything found in one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternHints {
    /// Table width and height.
    pub width: usize,
    /// Table height.
    pub height: usize,
    /// One hint per row, y = 0, 1, ...
    pub rows: Vec<LineHint>,
    /// One hint per column, x = 0, 1, ...
    pub columns: Vec<LineHint>,
    /// One hint per diagonal, d = -(height - 1) ..= width - 1.
    pub diagonals: Vec<LineHint>,
    /// The block form, if one holds (Grundy tables only).
    pub block_form: Option<BlockForm>,
}

impl PatternHints {
    /// A plain-text summary: the block form (or that none fits) and the
    /// first `max_lines` periodic rows, columns and diagonals.
    pub fn summary(&self, max_lines: usize) -> String {
        let mut out = match &self.block_form {
            Some(b) => format!(
                "Block form with p = {}: g(x, y) = f(x mod {p}, y mod {p}) + {p} (floor(x/{p}) XOR floor(y/{p})) \
                 on all {} x {} cells.\nAs a formula: {}\n",
                b.p,
                self.width,
                self.height,
                b.formula,
                p = b.p
            ),
            None => format!(
                "No block form f(x mod p, y mod p) + p (floor(x/p) XOR floor(y/p)) with p <= {MAX_BLOCK} fits \
                 the {} x {} table.\n",
                self.width, self.height
            ),
        };
        for (name, hints) in [("rows", &self.rows), ("columns", &self.columns), ("diagonals", &self.diagonals)] {
            let found: Vec<&LineHint> = hints.iter().filter(|h| h.periodicity.is_some()).collect();
            out.push_str(&format!(
                "{} of {} {name} are periodic or additively periodic within the range.\n",
                found.len(),
                hints.len()
            ));
            for h in found.iter().take(max_lines) {
                let p = h.periodicity.expect("filtered");
                out.push_str(&format!("  {}: {}\n", h.line, p.describe(h.line.variable())));
            }
            if found.len() > max_lines {
                out.push_str(&format!("  ... and {} more\n", found.len() - max_lines));
            }
        }
        out
    }
}

/// The values of `line` within the table, up to its first cell that is
/// not a position of the game (a hint speaks only of positions).
fn line_values(table: &Table, line: Line) -> Vec<i64> {
    let (w, h) = (table.width(), table.height());
    let cells: Vec<u32> = match line {
        Line::Row(y) => (0..w).map(|x| table.get(x, y)).collect(),
        Line::Column(x) => (0..h).map(|y| table.get(x, y)).collect(),
        Line::Diagonal(d) => {
            let (x0, y0) = if d >= 0 { (d as usize, 0) } else { (0, (-d) as usize) };
            (0..(w - x0).min(h - y0)).map(|t| table.get(x0 + t, y0 + t)).collect()
        }
    };
    cells.into_iter().take_while(|&v| v != crate::grundy::NOT_A_POSITION).map(i64::from).collect()
}

fn hints_for(table: &Table, lines: Vec<Line>, control: &Control) -> Result<Vec<LineHint>, EngineError> {
    lines
        .into_par_iter()
        .map(|line| {
            if control.is_cancelled() {
                return Err(EngineError::Cancelled);
            }
            let values = line_values(table, line);
            control.advance(1);
            Ok(LineHint { line, length: values.len(), periodicity: find_periodicity(&values) })
        })
        .collect()
}

/// Look for patterns in a finished table: periodicity of every row, column
/// and diagonal, and the block form. Progress counts lines; the cancel flag
/// is read before every line. An unfinished table (still running, or its
/// computation cancelled) gives [`EngineError::Cancelled`].
pub fn find_hints(table: &Table, control: &Control) -> Result<PatternHints, EngineError> {
    if !table.is_complete() {
        return Err(EngineError::Cancelled);
    }
    let (w, h) = (table.width(), table.height());
    control.start((w + h + w + h - 1) as u64);
    let rows = hints_for(table, (0..h).map(Line::Row).collect(), control)?;
    let columns = hints_for(table, (0..w).map(Line::Column).collect(), control)?;
    let diagonals = hints_for(table, (-(h as i64 - 1)..w as i64).map(Line::Diagonal).collect(), control)?;
    if control.is_cancelled() {
        return Err(EngineError::Cancelled);
    }
    Ok(PatternHints { width: w, height: h, rows, columns, diagonals, block_form: find_block_form(table) })
}

/// The least `p <= MAX_BLOCK` such that
/// `g(x, y) = f(x mod p, y mod p) + p * (floor(x/p) XOR floor(y/p))` on every
/// cell, with `f(a, b) = g(a, b)` (the first block), provided the table holds
/// at least [`MIN_REPEATS`] blocks each way. `None` for misère tables (their
/// values are not Grundy numbers), for unfinished tables, and when no p
/// fits.
pub fn find_block_form(table: &Table) -> Option<BlockForm> {
    if table.kind() != TableKind::Grundy || !table.is_complete() {
        return None;
    }
    let (w, h) = (table.width(), table.height());
    (1..=MAX_BLOCK).take_while(|&p| w >= MIN_REPEATS * p && h >= MIN_REPEATS * p).find_map(|p| {
        let f: Vec<u32> = (0..p * p).map(|i| table.get(i / p, i % p)).collect();
        let fits = (0..h).into_par_iter().all(|y| {
            (0..w).all(|x| {
                let want = f[(x % p) * p + y % p] as u64 + p as u64 * ((x / p) ^ (y / p)) as u64;
                table.get(x, y) as u64 == want
            })
        });
        fits.then(|| BlockForm { p, formula: block_formula(p, &f), f })
    })
}

/// The block form in the formula language: Nim for p = 1, the parameter-p
/// formula when `f(a, b) = mod(a + b, p)`, otherwise `f` as an array lookup.
fn block_formula(p: usize, f: &[u32]) -> String {
    if p == 1 {
        return "x ^ y".to_string();
    }
    if (0..p * p).all(|i| f[i] as usize == (i / p + i % p) % p) {
        return super::parameter_p_formula(p as u32);
    }
    let cells: Vec<String> = f.iter().map(u32::to_string).collect();
    format!("let f = [{}]; f[(x % {p}) * {p} + y % {p}] + {p} * ((x / {p}) ^ (y / {p}))", cells.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;
    use crate::rules::preset;

    fn table(name: &str, w: usize, h: usize) -> Table {
        compute(&preset(name).unwrap(), w, h, &Control::new()).unwrap()
    }

    #[test]
    fn periodicity_of_simple_sequences() {
        let lin: Vec<i64> = (0..30).collect();
        assert_eq!(find_periodicity(&lin), Some(Periodicity { preperiod: 0, period: 1, saltus: 1 }));
        let mut pre: Vec<i64> = vec![9, 7, 5];
        pre.extend((0..30).map(|i| i % 4));
        assert_eq!(find_periodicity(&pre), Some(Periodicity { preperiod: 3, period: 4, saltus: 0 }));
        // Too short to say anything.
        assert_eq!(find_periodicity(&[1, 2, 3, 4, 5]), None);
        // Only the last third repeats: not enough.
        let mut late: Vec<i64> = (0..40).map(|i| i * i).collect();
        late.extend([0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
        assert_eq!(find_periodicity(&late), None);
    }

    #[test]
    fn nim_rows_have_the_period_of_xor() {
        let t = table("nim", 64, 16);
        let hints = find_hints(&t, &Control::new()).unwrap();
        for h in &hints.rows {
            let Line::Row(y) = h.line else { panic!() };
            let period = (y + 1).next_power_of_two();
            let want = Periodicity { preperiod: 0, period, saltus: period as i64 };
            assert_eq!(h.periodicity, Some(want), "row {y}");
        }
        assert_eq!(hints.block_form.as_ref().map(|b| b.p), Some(1));
    }

    /// The least P with `g(x + P, y) - g(x, y)` constant for all x, by brute
    /// force over a long stretch of the exact closed form.
    fn ryuoh_row_period(p: u64, y: u64) -> (usize, i64) {
        let g = |x: u64| crate::theory::ryuoh_grundy(p, x, y) as i64;
        (1..)
            .map(|period: u64| (period, g(period) - g(0)))
            .find(|&(period, s)| (0..2048).all(|x| g(x + period) - g(x) == s))
            .map(|(period, s)| (period as usize, s))
            .unwrap()
    }

    #[test]
    fn dragon_king_rows_and_block_form() {
        let t = table("dragon-king", 96, 24);
        let hints = find_hints(&t, &Control::new()).unwrap();
        for h in &hints.rows {
            let Line::Row(y) = h.line else { panic!() };
            let (period, saltus) = ryuoh_row_period(3, y as u64);
            let want = Periodicity { preperiod: 0, period, saltus };
            assert_eq!(h.periodicity, Some(want), "row {y}");
        }
        let b = hints.block_form.as_ref().expect("block form");
        assert_eq!(b.p, 3);
        assert_eq!(b.formula, super::super::parameter_p_formula(3));
        assert!(hints.summary(5).contains("p = 3"));
    }

    #[test]
    fn block_form_for_ryuoh_5_and_a_lookup_table() {
        assert_eq!(find_block_form(&table("ryuoh:5", 40, 40)).map(|b| b.p), Some(5));
        // A table with the block form but f not (a + b) mod p: f = [[1, 0], [0, 1]].
        let rules = preset("nim").unwrap();
        let values = (0..20 * 20)
            .map(|i| {
                let (x, y) = (i % 20, i / 20);
                (((x % 2) ^ (y % 2)) ^ 1) as u32 + 2 * ((x / 2) ^ (y / 2)) as u32
            })
            .collect();
        let t = Table::from_values(&rules, 20, 20, values);
        let b = find_block_form(&t).unwrap();
        assert_eq!((b.p, b.f.clone()), (2, vec![1, 0, 0, 1]));
        assert!(b.formula.starts_with("let f = [1, 0, 0, 1];"), "{}", b.formula);
    }

    #[test]
    fn no_block_form_for_the_queen() {
        let t = table("queen", 80, 80);
        let hints = find_hints(&t, &Control::new()).unwrap();
        assert_eq!(hints.block_form, None);
        assert!(hints.summary(3).contains("No block form"));
    }
}
