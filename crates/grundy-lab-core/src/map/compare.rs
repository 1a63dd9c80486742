//! Difference views: where two tables agree, cell by cell.

use crate::Control;
use crate::grundy::Table;
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

/// Where the cells of a difference view that differ lie: how many there
/// are and the smallest box `[min_x, max_x] x [min_y, max_y]` holding them
/// all. `max_x < 8 && max_y < 8` proves "the sets agree beyond 8" on the
/// table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DifferenceBounds {
    /// How many cells differ.
    pub count: usize,
    /// The smallest `x` of a cell that differs.
    pub min_x: usize,
    /// The largest `x` of a cell that differs.
    pub max_x: usize,
    /// The smallest `y` of a cell that differs.
    pub min_y: usize,
    /// The largest `y` of a cell that differs.
    pub max_y: usize,
}

/// The bounding box of the differing cells, `None` when the sets agree
/// everywhere (or when cancelled: check the control).
pub fn difference_bounds(diff: &Table, control: &Control) -> Option<DifferenceBounds> {
    let mut b: Option<DifferenceBounds> = None;
    for y in 0..diff.height() {
        if control.is_cancelled() {
            return None;
        }
        for x in 0..diff.width() {
            let v = diff.get(x, y);
            if v != cell::ONLY_FIRST && v != cell::ONLY_SECOND {
                continue;
            }
            let e = b.get_or_insert(DifferenceBounds { count: 0, min_x: x, max_x: x, min_y: y, max_y: y });
            e.count += 1;
            e.min_x = e.min_x.min(x);
            e.max_x = e.max_x.max(x);
            e.max_y = y;
        }
    }
    b
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
        let b = difference_bounds(&d, &c).unwrap();
        assert_eq!(b.count, bad.len());
        assert_eq!((b.count, b.max_x, b.max_y), (10, 7, 7), "{b:?}");
        // The box is tight: each of its sides touches a differing cell.
        assert!(bad.iter().any(|&(x, _)| x == b.max_x) && bad.iter().any(|&(_, y)| y == b.max_y));
        assert!(bad.iter().any(|&(x, _)| x == b.min_x) && bad.iter().any(|&(_, y)| y == b.min_y));
        assert!(bad.iter().all(|&(x, y)| (b.min_x..=b.max_x).contains(&x) && (b.min_y..=b.max_y).contains(&y)));
        // A table against itself: no difference at all.
        assert_eq!(difference_bounds(&compare_values(&q, 0, &q, 0, &c).unwrap(), &c), None);
        // One differing cell far out: the box is that cell.
        let mut values = vec![cell::NEITHER; 50 * 40];
        values[37 * 50 + 45] = cell::ONLY_SECOND;
        let one = Table::from_values(&preset("queen").unwrap(), 50, 40, values);
        let want = DifferenceBounds { count: 1, min_x: 45, max_x: 45, min_y: 37, max_y: 37 };
        assert_eq!(difference_bounds(&one, &c), Some(want));
    }
}
