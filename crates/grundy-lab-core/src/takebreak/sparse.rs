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

use super::naive::{Marks, Plan, is_rare};

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

/// How many earlier splits are remembered for each value.
const HINTS: usize = 4;

/// While the hints are left out, they are still tried at one heap in
/// this many, to see whether they serve again.
const HINT_SAMPLE: u32 = 16;

/// The hints are judged after this many heaps where they were tried.
const HINT_WINDOW: u32 = 64;

/// The hints are kept while they leave at most this many wanted values a
/// heap to the scan, on average over a window.
const HINT_LEFT: u32 = 4;

/// The working space of the sparse method, kept from heap to heap: the
/// values among the options, the rare values still wanted, and for each
/// value the smaller parts `a` of the last splits that gave it (the
/// hints).
///
/// **Hints.** In some games a split that gave a value lately gives it
/// again: in 0.376 the hints find all but about one of the 12 to 16
/// values a heap wants, and the short scan left costs little (its values
/// and proof take about 1.3 times as long without them, with the first
/// region every other run; 1.8 times, by regions in turn). In Grundy's game they
/// find 71 % of the values but nearly never the last one, so the scan is
/// as long as without them: there the 129 tries a heap are lost (1.1
/// times as long with them). So the hints are judged over each
/// [`HINT_WINDOW`] heaps where they were tried: if they left more than
/// [`HINT_LEFT`] values a heap to the scan, they are left out (and tried at
/// one heap in [`HINT_SAMPLE`], to be judged again).
pub(crate) struct Scratch {
    marks: Marks,
    wanted: Marks,
    candidates: Vec<u32>,
    found: Vec<(u32, usize)>,
    hints: Vec<[u32; HINTS]>,
    rate: HintRate,
}

/// How well the hints serve (see [`Scratch`]).
#[derive(Clone, Copy)]
struct HintRate {
    on: bool,
    skipped: u32,
    tried: u32,
    left: u32,
}

impl HintRate {
    /// Whether to try the hints at this heap.
    fn try_now(&mut self) -> bool {
        if self.on {
            return true;
        }
        self.skipped += 1;
        if self.skipped < HINT_SAMPLE {
            return false;
        }
        self.skipped = 0;
        true
    }

    /// The hints were tried at a heap and left `left` values to scan for.
    fn record(&mut self, left: u32) {
        self.tried += 1;
        self.left += left;
        if self.tried == HINT_WINDOW {
            self.on = self.left <= HINT_LEFT * self.tried;
            (self.tried, self.left) = (0, 0);
        }
    }
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
            rate: HintRate { on: true, skipped: 0, tried: 0, left: 0 },
        }
    }

    /// Look for the `count` values of `self.wanted` among the splits of
    /// heap `n` (`values` holds every heap below it): at the hints first
    /// while they serve (see [`Scratch`]), then by [`scan_splits`], until none is left or
    /// every split was seen. Each found value leaves `wanted` and is
    /// counted off `count`; the splits that gave them become hints.
    fn find_wanted<T: Value>(&mut self, values: &[T], plan: &Plan, n: usize, count: &mut u32) {
        let Scratch { wanted, candidates, found, hints, rate, .. } = self;
        found.clear();
        if rate.try_now() {
            candidates.clear();
            wanted.members_into_vec(candidates);
            try_hints(values, plan, n, candidates, hints, wanted, count, found);
            rate.record(*count);
        }
        for &k in &plan.two {
            if *count == 0 {
                break;
            }
            if let Some(m) = n.checked_sub(k) {
                // Where the hints serve, the values come from small parts
                // (see [`scan_splits`]).
                let order = if rate.on { Order::FirstEveryOther } else { Order::InTurn };
                scan_splits(values, m, plan.unequal, order, wanted, count, found);
            }
        }
        for &(v, a) in found.iter() {
            let v = v as usize;
            if v >= hints.len() {
                hints.resize((v + 1).next_power_of_two(), [0; HINTS]);
            }
            let h = &mut hints[v];
            let a = a as u32;
            if h[0] != a {
                h.copy_within(0..HINTS - 1, 1);
                h[0] = a;
            }
        }
    }
}

/// Try the splits that last gave each of `candidates` (the hints) for the
/// values of `wanted` at heap `n`; each found leaves `wanted`, is counted
/// off `count` and goes to `found`.
#[expect(clippy::too_many_arguments, reason = "the parts of one step of the method")]
fn try_hints<T: Value>(
    values: &[T],
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
                if take_found(wanted, count, found, (values[a] ^ values[m - a]).into(), a) {
                    return;
                }
            }
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

/// Splits scanned at once.
const SPLITS: usize = 32;
/// Wanted values compared lane by lane (more are looked up in the set).
const LANES: usize = 8;
/// The most regions the splits of a heap are cut into.
const REGIONS: usize = 32;
/// The fewest splits a region holds when there are two or more (a heap
/// with fewer than twice this many splits has one region).
const REGION_SPLITS: usize = 1024;

/// The order of the regions of a scan (see [`scan_splits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// Every region in turn.
    InTurn,
    /// The first region (the smallest parts) every other run, the others
    /// in turn between.
    FirstEveryOther,
}

/// Look for the values of `wanted` among the splits `a + (m − a)`,
/// `a = 1, …, m / 2` (`a ≠ m − a` with `unequal`), until none is left;
/// each found value leaves `wanted`, is counted off `count` and goes to
/// `found` with its `a`.
///
/// **Regions.** The splits are cut into up to [`REGIONS`] regions of
/// consecutive `a`, scanned a run of [`SPLITS`] splits at a time in the
/// `order` given. A value can be missing from a long stretch of splits
/// (the values of Grundy's game have local patterns, so the pairs of a
/// stretch are not independent draws), and the last values found decide
/// the length of the scan: in order from `a = 1`, the last wanted value of
/// a heap of Grundy's game near 10⁷ came after about 2 900 splits; by 32
/// regions in turn, after about 900; with the first region every other
/// run, after about 1 100. In 0.376, whose hints serve, the values come
/// from small parts: about 650 splits in order, 790 with the first region
/// every other run, but 4 400 by regions in turn. So the first region
/// takes every other run while the hints serve ([`Scratch`]), and the
/// regions go in turn otherwise. Every split is still scanned before a
/// value is called missing.
///
/// **Runs.** While at most [`LANES`] values are wanted, a run is first
/// compared with each (code the compiler turns into vector instructions).
/// A run that may hold a wanted value reads the set's bit of each split's
/// value, with no branch a split, and then takes the splits whose bit is
/// set.
pub(crate) fn scan_splits<T: Value>(
    values: &[T],
    m: usize,
    unequal: bool,
    order: Order,
    wanted: &mut Marks,
    count: &mut u32,
    found: &mut Vec<(u32, usize)>,
) {
    let half = m / 2;
    let regions = (half / REGION_SPLITS).clamp(1, REGIONS);
    // Region r holds the splits a = bound[r], …, bound[r + 1] − 1 (the
    // last region the remainder too).
    let step = half / regions;
    let mut bound = [half + 1; REGIONS + 1];
    for (r, b) in bound.iter_mut().enumerate().take(regions) {
        *b = 1 + r * step;
    }
    let mut next = bound;
    // The lanes, made again when the count of wanted values changes.
    let mut lanes_for = u32::MAX;
    let mut lane = None;
    let mut scanning = true;
    let (turn, turns): (fn(usize) -> usize, usize) = match order {
        _ if regions == 1 => (|_| 0, 1),
        Order::InTurn => (|t| t, regions),
        Order::FirstEveryOther => (|t| if t.is_multiple_of(2) { 0 } else { 1 + t / 2 }, 2 * (regions - 1)),
    };
    while scanning && *count > 0 {
        scanning = false;
        for r in (0..turns).map(turn) {
            let (a, end) = (next[r], bound[r + 1]);
            if a >= end {
                continue;
            }
            scanning = true;
            let stop = (a + SPLITS).min(end);
            next[r] = stop;
            if lanes_for != *count {
                lanes_for = *count;
                lane = if *count as usize <= LANES { lanes::<T>(wanted) } else { None };
            }
            if stop - a < SPLITS {
                // The end of a region, split by split.
                for b in a..stop {
                    if !(unequal && 2 * b == m)
                        && take_found(wanted, count, found, (values[b] ^ values[m - b]).into(), b)
                    {
                        return;
                    }
                }
                continue;
            }
            let miss = match lane {
                Some((lane, 1..=4)) => !run_hits::<T, 4>(values, m, a, &lane),
                Some((lane, _)) => !run_hits::<T, LANES>(values, m, a, &lane),
                None => false,
            };
            if miss {
                continue;
            }
            let run = run_values(values, m, a);
            // The splits of the run whose value is wanted, then each in turn
            // (a value twice in the run is taken once).
            let mut hits = 0u32;
            for (j, &v) in run.iter().enumerate() {
                hits |= (wanted.bit(v.into()) as u32) << j;
            }
            while hits != 0 {
                let j = hits.trailing_zeros() as usize;
                hits &= hits - 1;
                let b = a + j;
                if !(unequal && 2 * b == m) && take_found(wanted, count, found, run[j].into(), b) {
                    return;
                }
            }
        }
    }
}

/// Take `x`, given by the split with smaller part `a`, out of `wanted` when
/// it is there: counted off `count` and named in `found`. Whether no value
/// is wanted any more.
#[inline(always)]
fn take_found(wanted: &mut Marks, count: &mut u32, found: &mut Vec<(u32, usize)>, x: u32, a: usize) -> bool {
    if wanted.take(x) {
        found.push((x, a));
        *count -= 1;
    }
    *count == 0
}

/// The two parts of the run of [`SPLITS`] splits `a + (m − a)` from `a`
/// on: `small[j] = g(a + j)` and `large[SPLITS − 1 − j] = g(m − a − j)`.
#[inline(always)]
fn run_parts<T: Value>(values: &[T], m: usize, a: usize) -> (&[T], &[T]) {
    (&values[a..a + SPLITS], &values[m - a + 1 - SPLITS..=m - a])
}

/// The values of the run of [`SPLITS`] splits from `a` on.
#[inline(always)]
fn run_values<T: Value>(values: &[T], m: usize, a: usize) -> [T; SPLITS] {
    let (small, large) = run_parts(values, m, a);
    std::array::from_fn(|j| small[j] ^ large[SPLITS - 1 - j])
}

/// Whether the run of [`SPLITS`] splits from `a` on holds one of the first
/// `L` lanes (read in place: a copy of the run's values costs time here).
#[inline(always)]
fn run_hits<T: Value, const L: usize>(values: &[T], m: usize, a: usize, lanes: &[T; LANES]) -> bool {
    let lanes: [T; L] = std::array::from_fn(|i| lanes[i]);
    let (small, large) = run_parts(values, m, a);
    let mut hit = false;
    for j in 0..SPLITS {
        let v = small[j] ^ large[SPLITS - 1 - j];
        for c in &lanes {
            hit |= v == *c;
        }
    }
    hit
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

/// The heaps of a block whose marks are made together (their marks fill
/// 16 KB while the values are below 512).
const MARKS_PART: usize = 256;

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
            // A part of the block at a time, so that its marks stay in the
            // first cache while every rare heap is gone over.
            for part in (0..len).step_by(MARKS_PART) {
                let part_len = MARKS_PART.min(len - part);
                let part_bits = &mut bits[part * words..(part + part_len) * words];
                for &k in &plan.two {
                    for (&a, &ga) in rare.heaps.iter().zip(rare.values) {
                        let a = a as usize;
                        // g(m − a) for the block's heaps m = start + j − k.
                        let base = start + part - k - a;
                        let row = &values[base..base + part_len];
                        // The split of m into equal halves, when refused.
                        let equal =
                            (plan.unequal).then(|| (2 * a + k).wrapping_sub(start + part)).filter(|&j| j < part_len);
                        for (j, &v) in row.iter().enumerate() {
                            let v: u32 = v.into() ^ ga;
                            if Some(j) != equal {
                                part_bits[j * words + (v >> 6) as usize] |= 1 << (v & 63);
                            }
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
    let rare_value = |v: u32| is_rare(v, mask);
    let Scratch { marks, wanted, .. } = scratch;
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
    let mut v = marks.mex();
    while rare_value(v) {
        wanted.set(v);
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
    scratch.find_wanted(known.head, plan, n, &mut count);
    if count == 0 { v } else { scratch.wanted.mex_of_set().min(v) }
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
/// `unresolved` among their splits (`values` holds every heap below them;
/// see [`Scratch::find_wanted`]). The first heap where one is missing,
/// and its true value: the least value missing (below the first missing
/// common value it was given).
pub(crate) fn verify<T: Value>(
    values: &[T],
    plan: &Plan,
    unresolved: &Unresolved,
    heaps: std::ops::Range<usize>,
    scratch: &mut Scratch,
) -> Option<(usize, u32)> {
    for i in heaps {
        let (n, to) = unresolved.heaps[i];
        let from = if i == 0 { 0 } else { unresolved.heaps[i - 1].1 };
        scratch.wanted.clear();
        for &w in &unresolved.wanted[from..to] {
            scratch.wanted.set(w);
        }
        let mut count = (to - from) as u32;
        scratch.find_wanted(values, plan, n, &mut count);
        if count > 0 {
            return Some((n, scratch.wanted.mex_of_set()));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Pseudo-random values below `2^bits` (a fixed LCG).
    fn values<T: Value>(len: usize, bits: u32, seed: u64) -> Vec<T> {
        let mut x = seed;
        (0..len)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                T::try_from((x >> 33) as u32 & ((1 << bits) - 1)).ok().expect("fits")
            })
            .collect()
    }

    /// The scan by regions takes out of `wanted` exactly the values some
    /// split gives, counts them off and names a split for each. The values
    /// are random below 512, and values 1024 + i are planted so that each
    /// comes from one split only: at a = 1, 2, m/2 − 1 and m/2, at both
    /// ends of every region as the scan cuts them, and at every 97th
    /// split; so a region, a region's last run or a last split left out
    /// fails. Heaps of 1, 2 (uneven: the last region holds the remainder),
    /// 3 and 32 regions, odd and even; both orders; few values wanted
    /// (lanes), many (the set) and values no split gives.
    fn scan_agrees_with_every_split<T: Value>() {
        let random: Vec<T> = values(200_000, 9, 7);
        for m in [2, 3, 64, 65, 2047, 4099, 7000, 7001, 199_998, 199_999] {
            let half = m / 2;
            let regions = (half / REGION_SPLITS).clamp(1, REGIONS);
            let step = half / regions;
            let mut planted: Vec<usize> = vec![1, 2, half.saturating_sub(1), half];
            for r in 1..regions {
                planted.extend([r * step, 1 + r * step]);
            }
            planted.extend((1..=half).step_by(97));
            planted.retain(|&a| a >= 1 && a <= half);
            planted.sort_unstable();
            planted.dedup();
            // The partner m − a > m/2 of a planted a is 0, never planted
            // (with m even, a = m/2 is its own partner, and gives 0).
            let mut g = random.clone();
            for (i, &a) in planted.iter().enumerate() {
                g[a] = T::try_from(1024 + i as u32).ok().expect("fits");
                if 2 * a != m {
                    g[m - a] = T::try_from(0).ok().expect("fits");
                }
            }
            for (unequal, order) in [
                (false, Order::InTurn),
                (true, Order::InTurn),
                (false, Order::FirstEveryOther),
                (true, Order::FirstEveryOther),
            ] {
                let mut seen = vec![false; 4096];
                for a in 1..=half {
                    if !(unequal && 2 * a == m) {
                        seen[(g[a] ^ g[m - a]).into() as usize] = true;
                    }
                }
                let planted_values: Vec<u32> = (0..planted.len() as u32).map(|i| 1024 + i).collect();
                let cases: [(&str, Vec<u32>); 5] = [
                    ("one value", values::<u32>(1, 9, 1)),
                    ("eight values", values::<u32>(8, 9, 3)),
                    ("forty values", values::<u32>(40, 10, 5)),
                    ("every planted value", planted_values.clone()),
                    ("planted values and others", [&planted_values[..], &values::<u32>(600, 12, 6)[..]].concat()),
                ];
                for (what, wanted_values) in cases {
                    let mut wanted = Marks::with_bits(4096);
                    for &w in &wanted_values {
                        wanted.set(w);
                    }
                    let before: Vec<u32> = (0..4096).filter(|&v| wanted.has(v)).collect();
                    let mut count = before.len() as u32;
                    let mut found = Vec::new();
                    scan_splits(&g, m, unequal, order, &mut wanted, &mut count, &mut found);
                    let case = format!("m = {m}, unequal = {unequal}, {order:?}, {what}");
                    let missing: Vec<u32> = before.iter().copied().filter(|&v| !seen[v as usize]).collect();
                    let left: Vec<u32> = (0..4096).filter(|&v| wanted.has(v)).collect();
                    assert_eq!(left, missing, "{case}");
                    assert_eq!(count as usize, missing.len(), "{case}");
                    for &(x, a) in &found {
                        assert!(a >= 1 && 2 * a <= m && !(unequal && 2 * a == m), "{case}: split {a}");
                        assert_eq!((g[a] ^ g[m - a]).into(), x, "{case}: split {a}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_scan_by_regions_finds_every_value_some_split_gives() {
        scan_agrees_with_every_split::<u16>();
        scan_agrees_with_every_split::<u32>();
    }
}
