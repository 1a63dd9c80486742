//! The sparse-space method, one heap at a time or a block of heaps at a
//! time (see [`super::sequence`] for the method itself).
//!
//! **Blocks.** The pass over the rare heaps is most of the work when the
//! rare heaps are many hundreds (Grundy's game: about 1 300 by 10⁷). For a
//! block of [`BLOCK_HEAPS`] heaps `s, s + 1, …`, the pairs `a + (m − a)` with
//! a rare heap `a` neither among the smallest nor among the last before
//! the block read only values known before the block. Those are marked
//! for the whole block at once ([`BlockMarks`]): for each such `a`, the
//! values `g(m − a)` of the block's heaps lie side by side. That work does
//! not wait for the block's own values, so the next block's marks are made
//! on a second thread while this block's heaps are finished one by one
//! ([`super::sequence`]). Only the pairs with a small rare heap or a rare
//! heap near the block are left to the heaps themselves.
//!
//! **The check.** A heap of a block whose rare values below its first
//! missing common value are not all among the marks is taken to be that
//! common value ([`Unresolved`]); the block after it looks for those values
//! among the splits ([`verify`]), beside its own work. A value not found
//! makes the heap rare, and the values from it on are made again.

use super::naive::{Marks, Plan};

/// How many earlier splits are remembered for each value.
const HINTS: usize = 4;

/// How many heaps a block holds.
pub(crate) const BLOCK_HEAPS: usize = 1024;

/// The first heap computed by blocks: below it, heap by heap (short runs,
/// such as the values of a row in Play, never wait for a second thread).
pub(crate) const FIRST_BLOCK_HEAP: usize = 1 << 16;

/// Blocks are used when at least this many rare heaps are listed.
pub(crate) const BLOCK_RARE: usize = 256;

/// Blocks are used while the values stay below this (a heap's marks are
/// `BLOCK_VALUES / 64` words).
pub(crate) const BLOCK_VALUES: u32 = 4096;

/// The working space of the sparse method, kept from heap to heap: the
/// values among the options, the rare values still wanted, and for each
/// value the smaller parts `a` of the last splits that gave it.
///
/// The hints are what makes the scan short: the values of these games have
/// local patterns (Grundy's game repeats 4, 3, 2 in long runs), so a split
/// `a + (n − a)` that gave a value recently often gives it again.
pub(crate) struct Scratch {
    marks: Marks,
    wanted: Marks,
    candidates: Vec<u32>,
    found: Vec<(u32, usize)>,
    hints: Vec<[u32; HINTS]>,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch::new(0)
    }
}

impl Scratch {
    pub(crate) fn new(max_value: u32) -> Scratch {
        let bits = 2 * (max_value as usize + 1).next_power_of_two();
        Scratch {
            marks: Marks::with_bits(bits),
            wanted: Marks::with_bits(bits),
            candidates: Vec::new(),
            found: Vec::new(),
            hints: vec![[0; HINTS]; bits],
        }
    }

    /// Remember that the split with smaller part `a` gave `v`.
    pub(crate) fn hint(&mut self, v: u32, a: usize) {
        let v = v as usize;
        if v >= self.hints.len() {
            self.hints.resize((v + 1).next_power_of_two(), [0; HINTS]);
        }
        let h = &mut self.hints[v];
        let a = a as u32;
        if h[0] != a {
            for i in (1..HINTS).rev() {
                h[i] = h[i - 1];
            }
            h[0] = a;
        }
    }
}

/// The stored values: `u16` or `u32`.
pub(crate) trait Value:
    Copy + Into<u32> + TryFrom<u32> + PartialEq + std::ops::BitXor<Output = Self> + Send + Sync
{
}
impl Value for u16 {}
impl Value for u32 {}

/// The values `g(0), …, g(n − 1)` known to a heap `n`: those before its
/// block (`head`) and those of its block so far (`tail`, from heap
/// `head.len()` on; empty heap by heap).
#[derive(Clone, Copy)]
pub(crate) struct Known<'a, T> {
    pub head: &'a [T],
    pub tail: &'a [T],
}

impl<T: Value> Known<'_, T> {
    #[inline]
    fn get(&self, i: usize) -> u32 {
        match self.head.get(i) {
            Some(&v) => v.into(),
            None => self.tail[i - self.head.len()].into(),
        }
    }
}

/// Splits scanned at once while few values are wanted.
const SPLITS: usize = 32;
/// Wanted values compared lane by lane (more are looked up one by one).
const LANES: usize = 16;

/// Look for the values of `wanted` among the splits `a + (m − a)`,
/// `a = 1, 2, …` (`a ≠ m − a` with `unequal`), until none is left; each
/// found value leaves `wanted`, is counted off `count` and goes to
/// `found` with its `a`.
///
/// While at most [`LANES`] values are wanted, runs of [`SPLITS`] splits
/// are compared with all of them at once (code the compiler turns into
/// vector instructions, with 4, 8 or 16 lanes as needed); a run with a
/// hit is then gone over one split at a time.
pub(crate) fn scan_splits<T: Value>(
    values: &[T],
    m: usize,
    unequal: bool,
    wanted: &mut Marks,
    count: &mut u32,
    found: &mut Vec<(u32, usize)>,
) {
    let half = m / 2;
    let mut a = 1;
    while a <= half && *count > 0 {
        if *count as usize <= LANES
            && let Some((lane, k)) = lanes::<T>(wanted)
        {
            a = match k {
                1..=4 => skip::<T, 4>(values, m, a, &lane),
                5..=8 => skip::<T, 8>(values, m, a, &lane),
                _ => skip::<T, LANES>(values, m, a, &lane),
            };
        }
        // One run split by split (or the rest, when it is shorter).
        let end = (a + SPLITS - 1).min(half);
        while a <= end {
            let x = (values[a] ^ values[m - a]).into();
            if wanted.has(x) && !(unequal && 2 * a == m) {
                wanted.take(x);
                found.push((x, a));
                *count -= 1;
                if *count == 0 {
                    return;
                }
            }
            a += 1;
        }
    }
}

/// The first `a` from `a` on whose run of [`SPLITS`] splits `a + (m − a)`
/// holds one of the first `L` lanes, or the first `a` past the whole runs
/// up to `m / 2`.
fn skip<T: Value, const L: usize>(values: &[T], m: usize, mut a: usize, lanes: &[T; LANES]) -> usize {
    let lanes: [T; L] = std::array::from_fn(|i| lanes[i]);
    while a + SPLITS - 1 <= m / 2 {
        let small = &values[a..a + SPLITS];
        // large[SPLITS - 1 - j] = g(m - a - j)
        let large = &values[m - a + 1 - SPLITS..=m - a];
        let mut hit = false;
        for j in 0..SPLITS {
            let v = small[j] ^ large[SPLITS - 1 - j];
            for c in &lanes {
                hit |= v == *c;
            }
        }
        if hit {
            break;
        }
        a += SPLITS;
    }
    a
}

/// The wanted values as lanes (the unused ones repeat the first), and how
/// many there are; `None` when a value does not fit `T` or more than
/// [`LANES`] are wanted.
fn lanes<T: Value>(wanted: &Marks) -> Option<([T; LANES], usize)> {
    let mut members = [0u32; LANES + 1];
    let k = wanted.members_into(&mut members);
    if k == 0 || k > LANES {
        return None;
    }
    let first = T::try_from(members[0]).ok()?;
    let mut lane = [first; LANES];
    for (l, &v) in lane.iter_mut().zip(&members[..k]) {
        *l = T::try_from(v).ok()?;
    }
    Some((lane, k))
}

/// Rare heaps (ascending) and their values, side by side.
#[derive(Clone, Copy)]
pub(crate) struct RareList<'a> {
    pub heaps: &'a [u32],
    pub values: &'a [u32],
}

impl<'a> RareList<'a> {
    /// The rare heaps `a` with `from <= a < to`.
    fn between(&self, from: usize, to: usize) -> RareList<'a> {
        let i = self.heaps.partition_point(|&a| (a as usize) < from);
        let j = self.heaps.partition_point(|&a| (a as usize) < to).max(i);
        RareList { heaps: &self.heaps[i..j], values: &self.values[i..j] }
    }
}

/// The marks of a block of heaps `start, …, start + len − 1` from the
/// pairs `a + (m − a)` with a rare heap `a` in `from..to` (every `m` of
/// the plan's two-heap moves): `words` words a heap.
pub(crate) struct BlockMarks {
    pub start: usize,
    pub len: usize,
    /// The rare mask the marks were made with.
    pub mask: u32,
    from: usize,
    to: usize,
    words: usize,
    bits: Vec<u64>,
}

impl BlockMarks {
    /// Mark, for the block of `len` heaps from `start`, every pair whose
    /// rare part `a` and other part `m − a` are both below `known` (the
    /// values `g[..known]` are `values`), with `a` not among the smallest
    /// (whose other part may be in the block). Values below `2^bits`.
    pub(crate) fn make<T: Value>(
        values: &[T],
        rare: RareList<'_>,
        mask: u32,
        plan: &Plan,
        start: usize,
        len: usize,
        bits: u32,
    ) -> BlockMarks {
        let known = values.len();
        let k_min = plan.two.iter().copied().min().unwrap_or(0);
        let k_max = plan.two.iter().copied().max().unwrap_or(0);
        // m − a < known for the block's largest m = start + len − 1 − k_min;
        // a < m for its smallest m = start − k_max; a >= 1.
        let from = (start + len).saturating_sub(k_min + known).max(1);
        let to = known.min(start.saturating_sub(k_max));
        let words = (1usize << bits).div_ceil(64);
        let mut bits = vec![0u64; words * len];
        if from < to {
            let rare = rare.between(from, to);
            for &k in &plan.two {
                for (&a, &ga) in rare.heaps.iter().zip(rare.values) {
                    let a = a as usize;
                    // g(m − a) for the block's heaps m = start + j − k.
                    let base = start - k - a;
                    let row = &values[base..base + len];
                    // The split of m into equal halves, when refused.
                    let equal = (plan.unequal).then(|| (2 * a + k).wrapping_sub(start)).filter(|&j| j < len);
                    for (j, &v) in row.iter().enumerate() {
                        let v: u32 = v.into() ^ ga;
                        if Some(j) != equal {
                            bits[j * words + (v >> 6) as usize] |= 1 << (v & 63);
                        }
                    }
                }
            }
        }
        BlockMarks { start, len, mask, from, to, words, bits }
    }

    /// The marks of heap `start + j`, word by word.
    fn row(&self, j: usize) -> &[u64] {
        &self.bits[j * self.words..(j + 1) * self.words]
    }
}

/// `g(n)` by the sparse method, from the values known to `n`, the rare
/// heaps among them (`rare`, the list before the block, and `fresh`, the
/// block's own) and, in a block, the block's marks of the pairs with a
/// rare part in `block.from..block.to`.
#[expect(
    clippy::too_many_arguments,
    reason = "the parts of one step of the method, kept apart to share them between threads"
)]
pub(crate) fn sparse_value_in<T: Value>(
    known: Known<'_, T>,
    rare: RareList<'_>,
    fresh: RareList<'_>,
    block: Option<(&BlockMarks, usize)>,
    mask: u32,
    max_value: u32,
    plan: &Plan,
    n: usize,
    scratch: &mut Scratch,
    defer: Option<&mut Unresolved>,
) -> u32 {
    let g = |i: usize| -> u32 { known.get(i) };
    let rare_value = |v: u32| (v & mask).count_ones().is_multiple_of(2);
    let Scratch { marks, wanted, candidates, found, hints } = scratch;
    marks.clear();
    plan.mark_small(n, &g, marks);
    // The pairs with a rare part the block's marks leave out.
    let lists = match block {
        Some((b, j)) => {
            for (w, &bits) in b.row(j).iter().enumerate() {
                marks.or_word(w, bits);
            }
            [rare.between(0, b.from), rare.between(b.to.max(b.from), usize::MAX), fresh]
        }
        None => [rare, fresh, RareList { heaps: &[], values: &[] }],
    };
    // Every pair with a rare part, through the lists of rare heaps. While
    // the values stay below 512, into four small local sets in turn: one
    // set would make each mark wait for the one before.
    let small_values = max_value < 512;
    let mut local = [[0u64; 16]; 4];
    for &k in &plan.two {
        let Some(m) = n.checked_sub(k) else { continue };
        for list in &lists {
            for (j, (&a, &ga)) in list.heaps.iter().zip(list.values).enumerate() {
                let a = a as usize;
                if a >= m {
                    break;
                }
                if a == 0 || (plan.unequal && 2 * a == m) {
                    continue;
                }
                let v = ga ^ g(m - a);
                if small_values {
                    local[j & 3][(v >> 6) as usize & 15] |= 1 << (v & 63);
                } else {
                    marks.set(v);
                }
            }
        }
    }
    if small_values {
        let [l0, l1, l2, l3] = &local;
        for (w, (((a, b), c), d)) in l0.iter().zip(l1).zip(l2).zip(l3).enumerate() {
            marks.or_word(w, a | b | c | d);
        }
    }
    // The mex: the first missing common value, unless a rare value below
    // it is missing too; those may come from two common parts.
    let mut count = 0u32;
    wanted.clear();
    candidates.clear();
    let mut v = marks.mex();
    while rare_value(v) {
        wanted.set(v);
        candidates.push(v);
        count += 1;
        v = marks.next_missing(v + 1);
    }
    if count == 0 {
        return v;
    }
    // In a block, the wanted values are looked for later, by the check
    // (they are nearly always there).
    if let Some(unresolved) = defer {
        unresolved.push(n, wanted);
        return v;
    }
    // Heap by heap, every value before `n` is in `known.head`.
    debug_assert!(known.tail.is_empty());
    // The splits that gave the wanted values lately, first.
    found.clear();
    try_hints(&g, plan, n, candidates, hints, wanted, &mut count, found);
    // Then every split in order until none is wanted.
    if count > 0 {
        for &k in &plan.two {
            if let Some(m) = n.checked_sub(k) {
                scan_splits(known.head, m, plan.unequal, wanted, &mut count, found);
            }
            if count == 0 {
                break;
            }
        }
    }
    for i in 0..scratch.found.len() {
        let (x, a) = scratch.found[i];
        scratch.hint(x, a);
    }
    if count == 0 { v } else { scratch.wanted.mex_of_set().min(v) }
}

/// Try the splits that last gave each of `candidates` (the hints) for the
/// values of `wanted` at heap `n`; each found leaves `wanted`, is counted
/// off `count` and goes to `found`.
#[expect(clippy::too_many_arguments, reason = "the parts of one step of the method")]
fn try_hints(
    g: &impl Fn(usize) -> u32,
    plan: &Plan,
    n: usize,
    candidates: &[u32],
    hints: &[[u32; HINTS]],
    wanted: &mut Marks,
    count: &mut u32,
    found: &mut Vec<(u32, usize)>,
) {
    for &r in candidates {
        let Some(h) = hints.get(r as usize) else { continue };
        for &a in h {
            let a = a as usize;
            for &k in &plan.two {
                let Some(m) = n.checked_sub(k) else { continue };
                if a == 0 || 2 * a > m || (plan.unequal && 2 * a == m) {
                    continue;
                }
                let x = g(a) ^ g(m - a);
                if wanted.take(x) {
                    found.push((x, a));
                    *count -= 1;
                    if *count == 0 {
                        return;
                    }
                }
            }
        }
    }
}

/// Heaps of a block whose value was taken to be the first missing common
/// value while rare values below it were still to be found among the
/// splits, each with those values: [`verify`] looks for them later.
#[derive(Default)]
pub(crate) struct Unresolved {
    /// Each heap, and the end of its values in `wanted`.
    heaps: Vec<(usize, usize)>,
    wanted: Vec<u32>,
}

impl Unresolved {
    /// How many heaps are to check.
    pub(crate) fn len(&self) -> usize {
        self.heaps.len()
    }

    /// Forget the heaps from `n` on.
    pub(crate) fn truncate_from(&mut self, n: usize) {
        let keep = self.heaps.partition_point(|&(h, _)| h < n);
        self.heaps.truncate(keep);
        self.wanted.truncate(self.heaps.last().map_or(0, |&(_, to)| to));
    }

    fn push(&mut self, n: usize, wanted: &Marks) {
        wanted.members_into_vec(&mut self.wanted);
        self.heaps.push((n, self.wanted.len()));
    }
}

/// Look for the wanted values of the heaps `heaps` (indices) of
/// `unresolved` among their splits (`values` holds every heap below them):
/// first at the splits that last gave them (`scratch`'s hints), then split
/// by split. The first heap where one is missing, and its true value: the
/// least value missing (below the first missing common value it was
/// given).
pub(crate) fn verify<T: Value>(
    values: &[T],
    plan: &Plan,
    unresolved: &Unresolved,
    heaps: std::ops::Range<usize>,
    scratch: &mut Scratch,
) -> Option<(usize, u32)> {
    let g = |i: usize| -> u32 { values[i].into() };
    for i in heaps {
        let (n, to) = unresolved.heaps[i];
        let from = if i == 0 { 0 } else { unresolved.heaps[i - 1].1 };
        let Scratch { wanted, candidates, found, hints, .. } = &mut *scratch;
        wanted.clear();
        candidates.clear();
        found.clear();
        for &w in &unresolved.wanted[from..to] {
            wanted.set(w);
            candidates.push(w);
        }
        let mut count = (to - from) as u32;
        try_hints(&g, plan, n, candidates, hints, wanted, &mut count, found);
        for &k in &plan.two {
            if count == 0 {
                break;
            }
            if let Some(m) = n.checked_sub(k) {
                scan_splits(values, m, plan.unequal, wanted, &mut count, found);
            }
        }
        if count > 0 {
            return Some((n, wanted.mex_of_set()));
        }
        for j in 0..scratch.found.len() {
            let (x, a) = scratch.found[j];
            scratch.hint(x, a);
        }
    }
    None
}

impl Marks {
    /// The smallest value in the set (the set is not empty).
    fn mex_of_set(&self) -> u32 {
        let mut v = 0;
        while !self.has(v) {
            v += 1;
        }
        v
    }
}
