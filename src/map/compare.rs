//! Difference views: where two tables agree, cell by cell.

use crate::grundy::{Control, Table};
use crate::rules::Rules;

/// Which of two properties hold at a cell, as a map value.
pub mod cell {
    /// Neither table has its chosen value here.
    pub const NEITHER: u32 = 0;
    /// Only the first table has its chosen value here.
    pub const ONLY_FIRST: u32 = 1;
    /// Only the second table has its chosen value here.
    pub const ONLY_SECOND: u32 = 2;
    /// Both tables have their chosen values here.
    pub const BOTH: u32 = 3;
}

/// Compare "`first` has value `a`" with "`second` has value `b`" on the
/// cells both tables have. For example `queen-t2` value 1 against `queen`
/// value 0 shows the theorem of the sources: the two sets agree beyond 8.
/// `None` when cancelled.
pub fn compare_values(first: &Table, a: u32, second: &Table, b: u32, control: &Control) -> Option<Table> {
    let (w, h) = (first.width().min(second.width()), first.height().min(second.height()));
    control.start(h as u64);
    let mut values = Vec::with_capacity(w * h);
    for y in 0..h {
        if control.is_cancelled() {
            return None;
        }
        for x in 0..w {
            let p = first.get(x, y) == a;
            let q = second.get(x, y) == b;
            values.push(p as u32 | (q as u32) << 1);
        }
        control.advance(1);
    }
    let mut rules =
        Rules::new(&format!("{} = {a} vs {} = {b}", first.rules().label(), second.rules().label()), Default::default());
    rules.description = "difference view".into();
    Some(Table::from_values(&rules, w, h, values))
}

/// Cells where the sets differ, in row order (at most `limit`).
pub fn disagreements(diff: &Table, limit: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for y in 0..diff.height() {
        for x in 0..diff.width() {
            let v = diff.get(x, y);
            if v == cell::ONLY_FIRST || v == cell::ONLY_SECOND {
                out.push((x, y));
                if out.len() >= limit {
                    return out;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;
    use crate::rules::preset;

    #[test]
    fn t2_value_one_against_wythoff_p_agrees_beyond_eight() {
        let c = Control::new();
        let t2 = compute(&preset("queen-t2").unwrap(), 200, 200, &c).unwrap();
        let q = compute(&preset("queen").unwrap(), 200, 200, &c).unwrap();
        let d = compare_values(&t2, 1, &q, 0, &c).unwrap();
        let bad = disagreements(&d, 1000);
        assert!(!bad.is_empty());
        assert!(bad.iter().all(|&(x, y)| x < 8 && y < 8), "{bad:?}");
        assert_eq!(d.get(8, 13), cell::BOTH);
        assert_eq!(d.get(13, 8), cell::BOTH);
        assert_eq!(d.get(9, 13), cell::NEITHER);
    }
}
