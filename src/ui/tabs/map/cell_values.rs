//! What the number in a cell of a difference view says: the two values
//! the view compares there, "this / the other" (a Grundy number, or a
//! misère Grundy value), never the view's own code of which sets
//! hold.

use crate::conjecture::DiffTable;
use crate::grundy::Table;
use std::sync::Arc;

/// The two values behind each cell of a difference view.
#[derive(Clone)]
pub(crate) enum CellValues {
    /// Two tables of the same cells: this map's value, the other's value.
    Tables {
        /// This map (or the plane with the pass still there).
        this: Arc<Table>,
        /// The other game (or the plane once the pass is used).
        other: Arc<Table>,
    },
    /// The table and a formula checked against it: the difference
    /// `table - formula` for a formula of numbers, or whether the formula's
    /// "P-position" differs from the table's for a formula of truth values.
    Formula {
        /// The table checked.
        table: Arc<Table>,
        /// The difference picture of the check.
        diff: Arc<DiffTable>,
        /// Whether the formula says true or false (a P-position or not).
        boolean: bool,
    },
}

impl CellValues {
    /// "this / the other" at `(x, y)`, `None` outside the view.
    pub fn text(&self, x: usize, y: usize) -> Option<String> {
        match self {
            CellValues::Tables { this, other } => {
                let (a, b) = (this.try_get(x, y)?, other.try_get(x, y)?);
                Some(format!("{a}/{b}"))
            }
            CellValues::Formula { table, diff, boolean } => {
                let (t, d) = (table.try_get(x, y)?, diff.get(x, y)?);
                let formula = if *boolean {
                    // The formula says "P" where the table is P exactly when
                    // they agree.
                    if (t == 0) != (d != 0) { "P".to_string() } else { "N".to_string() }
                } else {
                    (t as i64 - d as i64).to_string()
                };
                Some(format!("{t}/{formula}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;
    use crate::grundy::compute;
    use crate::rules::preset;

    #[test]
    fn cells_show_both_values_not_the_code_of_the_view() {
        let c = Control::new();
        let t2 = Arc::new(compute(&preset("queen-t2").unwrap(), 20, 20, &c).unwrap());
        let q = Arc::new(compute(&preset("queen").unwrap(), 20, 20, &c).unwrap());
        let pair = CellValues::Tables { this: t2.clone(), other: q.clone() };
        for (x, y) in [(0, 0), (8, 13), (3, 4), (19, 19)] {
            assert_eq!(pair.text(x, y), Some(format!("{}/{}", t2.get(x, y), q.get(x, y))));
        }
        assert_eq!(pair.text(20, 0), None);
        // A formula of numbers: its value is the table's minus the difference.
        let xor = crate::conjecture::Formula::compile("x ^ y").unwrap();
        let report = crate::conjecture::check(&q, &xor, &c).unwrap();
        let f = CellValues::Formula { table: q.clone(), diff: Arc::new(report.diff.clone()), boolean: false };
        assert_eq!(f.text(1, 2), Some(format!("{}/3", q.get(1, 2))));
        // A formula of truth values: P or N, as it says.
        let diagonal = crate::conjecture::Formula::compile("x == y").unwrap();
        let report = crate::conjecture::check(&q, &diagonal, &c).unwrap();
        let b = CellValues::Formula { table: q.clone(), diff: Arc::new(report.diff.clone()), boolean: true };
        assert_eq!(b.text(1, 2), Some(format!("{}/N", q.get(1, 2))));
        assert_eq!(b.text(3, 3), Some(format!("{}/P", q.get(3, 3))));
        assert_eq!(b.text(0, 0), Some("0/P".into()));
    }
}
