//! The values of a code whose last digit repeats forever (`octal:4.3...`,
//! Lasker's Nim), without listing every split.
//!
//! A heap of `n` may then lose any `k ≥ f` stones (`f`, the place of the
//! repeating digit `d`), leaving `s = n − k` stones, any `s` from 0 to
//! `n − f`, as the digit allows. The values of those options form a set
//! that only grows with `n`: [`TailMarks`] keeps it, adding the sums
//! `s = n − f` as `n` grows (a value for one heap left, the XOR of every
//! pair for two). What remains for each heap is the finite digits before
//! `d`: their one-heap options are marked, and their two-heap options are
//! searched only for the smallest values missing, one at a time, with the
//! vectorised scan of the sparse method; the first value no split gives
//! is `g(n)`.
//!
//! The values of these games grow with `n` (Lasker's Nim: about `n`), so
//! no value is rare and the scan is complete once a heap: the work is
//! `n²/4` comparisons up to `n`, for Lasker's Nim about 1.3 s up to 10⁵
//! (`grundy-lab bench --only takebreak`).

use super::naive::{Marks, Plan, mark_rest};
use super::sparse::{Order, Value, scan_splits};

/// The values of the options that the repeating digit gives, for every
/// rest `s` below `covered`, and the smallest value missing from them.
#[derive(Clone, Debug, Default)]
pub(crate) struct TailMarks {
    marks: Marks,
    covered: usize,
    mex: u32,
}

impl TailMarks {
    /// Add the options that leave `s` stones for every `s ≤ up_to`.
    fn cover(&mut self, up_to: usize, d: u8, g: &impl Fn(usize) -> u32) {
        while self.covered <= up_to {
            mark_rest(self.covered, d, g, &mut self.marks);
            self.covered += 1;
        }
        self.mex = self.marks.next_missing(self.mex);
    }
}

/// A set of values that is emptied by removing what was put in: its cost
/// follows the values marked, not the largest value.
#[derive(Default)]
pub(crate) struct Few {
    marks: Marks,
    set: Vec<u32>,
}

impl Few {
    fn set(&mut self, v: u32) {
        if !self.marks.has(v) {
            self.marks.set(v);
            self.set.push(v);
        }
    }

    fn clear(&mut self) {
        for v in self.set.drain(..) {
            self.marks.take(v);
        }
    }
}

/// The working space kept from heap to heap.
#[derive(Default)]
pub(crate) struct TailScratch {
    small: Few,
    wanted: Marks,
    found: Vec<(u32, usize)>,
}

/// `g(n)` of a code that repeats (`plan.tail` is set) from the values
/// `g[..n]`.
pub(crate) fn tail_value_in<T: Value>(
    values: &[T],
    plan: &Plan,
    n: usize,
    tail: &mut TailMarks,
    scratch: &mut TailScratch,
) -> u32 {
    let g = |i: usize| -> u32 { values[i].into() };
    let Some((first, d)) = plan.tail else { return 0 };
    if n >= first {
        tail.cover(n - first, d, &g);
    }
    let TailScratch { small, wanted, found } = scratch;
    small.clear();
    plan.each_small(n, &g, |v| small.set(v));
    plan.each_three(n, &g, |v| small.set(v));
    // Every option of the repeating digit is in `tail`: the value is at
    // least the smallest missing there.
    let missing = |from: u32, small: &Few| {
        let mut v = tail.marks.next_missing(from);
        while small.marks.has(v) {
            v = tail.marks.next_missing(v + 1);
        }
        v
    };
    let mut v = missing(tail.mex, small);
    if plan.two.is_empty() {
        return v;
    }
    loop {
        // `wanted` is empty here: a scan takes out what it finds, and a
        // value not found is taken out below.
        wanted.set(v);
        found.clear();
        let mut count = 1;
        for &k in &plan.two {
            if let Some(m) = n.checked_sub(k) {
                scan_splits(values, m, plan.unequal, Order::InTurn, wanted, &mut count, found);
            }
            if count == 0 {
                break;
            }
        }
        if count == 1 {
            wanted.take(v);
            return v;
        }
        small.set(v);
        v = missing(v + 1, small);
    }
}
