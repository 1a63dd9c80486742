//! The straightforward way to the values: `g(n)` is the mex of the XORs of
//! every option of a heap of `n`, every split listed. It is the reference
//! the fast engine is tested against, the engine's own method for games
//! that leave three or more heaps, and the baseline of the benchmark.

use super::rules::{Kind, TakeBreak, TakeBreakError};

/// A set of small values as bits, for the mex.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    words: Vec<u64>,
}

impl Marks {
    /// Room for the values below `bits` (rounded up to whole words).
    pub(crate) fn with_bits(bits: usize) -> Marks {
        Marks { words: vec![0; bits.div_ceil(64).max(1)] }
    }

    /// Forget every value.
    pub(crate) fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Add `v`, growing when needed.
    #[inline]
    pub(crate) fn set(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize((w + 1).next_power_of_two(), 0);
        }
        self.words[w] |= 1 << (v & 63);
    }

    /// Add the values `64 w + i` for the bits `i` of `bits`.
    #[inline]
    pub(crate) fn or_word(&mut self, w: usize, bits: u64) {
        if bits == 0 {
            return;
        }
        if w >= self.words.len() {
            self.words.resize((w + 1).next_power_of_two(), 0);
        }
        self.words[w] |= bits;
    }

    /// Remove `v` (no-op when absent); whether it was there.
    #[inline]
    pub(crate) fn take(&mut self, v: u32) -> bool {
        let w = (v >> 6) as usize;
        match self.words.get_mut(w) {
            Some(word) if *word & (1 << (v & 63)) != 0 => {
                *word &= !(1 << (v & 63));
                true
            }
            _ => false,
        }
    }

    /// 1 when `v` is in the set, else 0 (with no branch on the answer).
    #[inline]
    pub(crate) fn bit(&self, v: u32) -> u64 {
        self.words.get((v >> 6) as usize).map_or(0, |w| (w >> (v & 63)) & 1)
    }

    /// Whether `v` is in the set.
    #[inline]
    pub(crate) fn has(&self, v: u32) -> bool {
        self.words.get((v >> 6) as usize).is_some_and(|w| w & (1 << (v & 63)) != 0)
    }

    /// Append the values of the set to `out`, in order.
    pub(crate) fn members_into_vec(&self, out: &mut Vec<u32>) {
        for (w, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                out.push(w as u32 * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    /// The first values of the set, in order, written to `out` as far as
    /// it has room; how many were written.
    pub(crate) fn members_into(&self, out: &mut [u32]) -> usize {
        let mut k = 0;
        for (w, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                if k == out.len() {
                    return k;
                }
                out[k] = w as u32 * 64 + bits.trailing_zeros();
                k += 1;
                bits &= bits - 1;
            }
        }
        k
    }

    /// The smallest value not in the set.
    pub(crate) fn mex(&self) -> u32 {
        self.next_missing(0)
    }

    /// The smallest value `>= from` not in the set.
    pub(crate) fn next_missing(&self, from: u32) -> u32 {
        let mut w = (from >> 6) as usize;
        let mut word = self.words.get(w).copied().unwrap_or(0) | ((1u64 << (from & 63)) - 1);
        loop {
            if word != u64::MAX {
                return (w as u32) * 64 + (!word).trailing_zeros();
            }
            w += 1;
            word = self.words.get(w).copied().unwrap_or(0);
        }
    }
}

/// The moves of one heap as the engines read them: the amounts `k` taken
/// that may leave no heap (`zero`), one heap (`one`), two heaps (`two`,
/// different sizes only with `unequal`), three heaps (`three`); or a split
/// into `parts` heaps (`many`). For a code whose last digit repeats, the
/// lists hold the digits before it and `tail` the repeating digit with the
/// first `k` it is for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    pub zero: Vec<usize>,
    pub one: Vec<usize>,
    pub two: Vec<usize>,
    pub unequal: bool,
    pub three: Vec<usize>,
    pub many: Option<(u8, bool)>,
    pub tail: Option<(usize, u8)>,
}

impl Plan {
    /// The plan of a code or a split rule; `None` for programs.
    pub(crate) fn of(game: &TakeBreak) -> Option<Plan> {
        let us = |v: Vec<u64>| v.into_iter().map(|k| k as usize).collect::<Vec<_>>();
        match game.kind() {
            Kind::Code(c) => Some(Plan {
                zero: us(c.takes_with(1)),
                one: us(c.takes_with(2)).into_iter().filter(|&k| k >= 1).collect(),
                two: us(c.takes_with(4)),
                unequal: false,
                three: us(c.takes_with(8)),
                many: None,
                tail: c.tail(),
            }),
            Kind::Split { parts: 2, unequal } => Some(Plan { two: vec![0], unequal: *unequal, ..Plan::default() }),
            Kind::Split { parts, unequal } => Some(Plan { many: Some((*parts, *unequal)), ..Plan::default() }),
            Kind::Splits(_) | Kind::OneHeap(_) => None,
        }
    }

    /// Whether the sparse method applies: no move leaves three or more
    /// heaps, and no digit repeats forever.
    pub(crate) fn is_sparse(&self) -> bool {
        self.three.is_empty() && self.many.is_none() && self.tail.is_none()
    }

    /// Whether a move may leave three or more heaps.
    pub(crate) fn leaves_three(&self) -> bool {
        !self.three.is_empty() || self.many.is_some() || self.tail.is_some_and(|(_, d)| d & 8 != 0)
    }

    /// Mark the values of the options of a heap of `n` that leave no heap
    /// or one heap.
    #[inline]
    pub(crate) fn mark_small(&self, n: usize, g: &impl Fn(usize) -> u32, marks: &mut Marks) {
        self.each_small(n, g, |v| marks.set(v));
    }

    /// The values of the options of a heap of `n` that leave no heap or
    /// one heap, given to `found`.
    #[inline]
    pub(crate) fn each_small(&self, n: usize, g: &impl Fn(usize) -> u32, mut found: impl FnMut(u32)) {
        for &k in &self.zero {
            if k == n {
                found(0);
            }
        }
        for &k in &self.one {
            if k < n {
                found(g(n - k));
            }
        }
    }

    /// The values of the options of a heap of `n` that take `k` stones for
    /// a `k` of `three` and leave three heaps, given to `found`.
    pub(crate) fn each_three(&self, n: usize, g: &impl Fn(usize) -> u32, mut found: impl FnMut(u32)) {
        for &k in &self.three {
            if let Some(m) = n.checked_sub(k) {
                each_triple(m, g, &mut found);
            }
        }
    }

    /// Mark the values of every option of a heap of `n`, every split
    /// listed.
    pub(crate) fn mark_all(&self, n: usize, g: &impl Fn(usize) -> u32, marks: &mut Marks) {
        self.mark_small(n, g, marks);
        for &k in &self.two {
            let Some(m) = n.checked_sub(k) else { continue };
            for a in 1..=m / 2 {
                let b = m - a;
                if !(self.unequal && a == b) {
                    marks.set(g(a) ^ g(b));
                }
            }
        }
        self.each_three(n, g, |v| marks.set(v));
        if let Some((parts, unequal)) = self.many {
            mark_partitions(n, parts, if unequal { 1 } else { 0 }, 1, 0, g, marks);
        }
        // The repeating digit, every k from its place on: what is left is
        // any s = n − k from 0 to n − first.
        if let Some((first, d)) = self.tail
            && n >= first
        {
            for s in 0..=n - first {
                mark_rest(s, d, g, marks);
            }
        }
    }
}

/// Mark the values of what a digit `d` may leave of `s` stones: no heap
/// (bit 1, `s = 0`), one heap (2), two (4) or three (8) non-empty heaps.
pub(crate) fn mark_rest(s: usize, d: u8, g: &impl Fn(usize) -> u32, marks: &mut Marks) {
    if d & 1 != 0 && s == 0 {
        marks.set(0);
    }
    if d & 2 != 0 && s >= 1 {
        marks.set(g(s));
    }
    if d & 4 != 0 {
        for a in 1..=s / 2 {
            marks.set(g(a) ^ g(s - a));
        }
    }
    if d & 8 != 0 {
        each_triple(s, g, |v| marks.set(v));
    }
}

/// The XOR of the values of every way to write `s` as three non-empty
/// heaps (in any order), given to `found`.
pub(crate) fn each_triple(s: usize, g: &impl Fn(usize) -> u32, mut found: impl FnMut(u32)) {
    for a in 1..=s / 3 {
        for b in a..=(s - a) / 2 {
            found(g(a) ^ g(b) ^ g(s - a - b));
        }
    }
}

/// Mark the XOR of every way to write `left` as `parts` heaps, each at
/// least `min` and (with `step = 1`) each larger than the one before.
fn mark_partitions(
    left: usize,
    parts: u8,
    step: usize,
    min: usize,
    acc: u32,
    g: &impl Fn(usize) -> u32,
    marks: &mut Marks,
) {
    if parts == 1 {
        if left >= min {
            marks.set(acc ^ g(left));
        }
        return;
    }
    let p = parts as usize;
    let mut a = min;
    while a * p + step * p * (p - 1) / 2 <= left {
        mark_partitions(left - a, parts - 1, step, a + step, acc ^ g(a), g, marks);
        a += 1;
    }
}

/// `g(0), …, g(up_to)` by the mex over every option, listed one by one
/// with [`TakeBreak::options`] (programs run at every heap). The slowest
/// and plainest way: the reference of the tests.
pub fn values_by_options(game: &TakeBreak, up_to: u64) -> Result<Vec<u32>, TakeBreakError> {
    let mut g: Vec<u32> = Vec::with_capacity(up_to as usize + 1);
    for n in 0..=up_to {
        let mut seen = std::collections::BTreeSet::new();
        for option in game.options(n)? {
            seen.insert(option.iter().fold(0, |x, &h| x ^ g[h as usize]));
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
    }
    Ok(g)
}

/// `g(0), …, g(up_to)` of a code or split rule by the straightforward mex
/// over all splits (tight loops, no lists): the baseline of the benchmark.
/// `None` for programs.
pub fn values_by_all_splits(game: &TakeBreak, up_to: u64) -> Option<Vec<u32>> {
    let plan = Plan::of(game)?;
    let mut g: Vec<u32> = Vec::with_capacity(up_to as usize + 1);
    let mut marks = Marks::with_bits(256);
    for n in 0..=up_to as usize {
        marks.clear();
        plan.mark_all(n, &|i| g[i], &mut marks);
        g.push(marks.mex());
    }
    Some(g)
}

/// `g(n)` of a code or split rule by the straightforward mex over all
/// splits, from the values `g[0..n]` (for timing the method at large `n`).
pub fn value_by_all_splits(game: &TakeBreak, n: usize, g: &[u32]) -> Option<u32> {
    let plan = Plan::of(game)?;
    let mut marks = Marks::with_bits(256);
    plan.mark_all(n, &|i| g[i], &mut marks);
    Some(marks.mex())
}

/// Whether `v` is rare for the mask `mask`: `v & mask` has an even number
/// of 1 bits (see [`super::sequence`]).
#[inline]
pub fn is_rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// `g(n)` of a code or split rule that leaves at most two heaps by the
/// sparse-space method in its textbook form (see [`super::sequence`]):
/// the options with a rare part through the list `rare` of rare heaps below
/// `n` for the mask `mask`, then the splits in order from `a = 1`, one at a
/// time, until every rare value below the first missing common value is
/// seen. From the values `g[0..n]`. The benchmark's reference for the
/// engine's sparse method (which scans by regions and by blocks).
pub fn value_by_sparse_in_order(game: &TakeBreak, n: usize, g: &[u32], mask: u32, rare: &[usize]) -> Option<u32> {
    let plan = Plan::of(game).filter(Plan::is_sparse)?;
    let at = |i: usize| g[i];
    let mut marks = Marks::with_bits(512);
    plan.mark_small(n, &at, &mut marks);
    for &k in &plan.two {
        let Some(m) = n.checked_sub(k) else { continue };
        for &a in rare.iter().take_while(|&&a| a < m) {
            if a > 0 && !(plan.unequal && 2 * a == m) {
                marks.set(g[a] ^ g[m - a]);
            }
        }
    }
    let mut v = marks.mex();
    let mut wanted = Marks::with_bits(512);
    let mut count = 0;
    while is_rare(v, mask) {
        wanted.set(v);
        count += 1;
        v = marks.next_missing(v + 1);
    }
    for &k in &plan.two {
        let Some(m) = n.checked_sub(k) else { continue };
        for a in 1..=m / 2 {
            if count == 0 {
                break;
            }
            if !(plan.unequal && 2 * a == m) && wanted.take(g[a] ^ g[m - a]) {
                count -= 1;
            }
        }
    }
    Some((0..v).find(|&w| wanted.has(w)).unwrap_or(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_textbook_sparse_method_gives_the_values_of_every_split() {
        for (spec, mask) in [("grundy-game", 0x1fe), ("kayles", 0x1), ("octal:0.07", 0x3), ("split:2", 0x2)] {
            let game = TakeBreak::parse_spec(spec).unwrap().unwrap();
            let g = values_by_all_splits(&game, 3000).unwrap();
            let rare: Vec<usize> = (0..g.len()).filter(|&n| is_rare(g[n], mask)).collect();
            for n in 0..g.len() {
                let below: Vec<usize> = rare.iter().copied().take_while(|&a| a < n).collect();
                assert_eq!(value_by_sparse_in_order(&game, n, &g[..n], mask, &below), Some(g[n]), "{spec} at {n}");
            }
        }
    }

    #[test]
    fn marks_find_the_mex() {
        let mut m = Marks::with_bits(64);
        for v in [0, 1, 2, 4, 63, 64, 200] {
            m.set(v);
        }
        assert_eq!(m.mex(), 3);
        assert_eq!(m.next_missing(4), 5);
        assert_eq!(m.next_missing(63), 65);
        assert!(m.take(4) && !m.take(4) && !m.has(4) && m.has(200) && !m.take(10_000));
        m.clear();
        assert_eq!(m.mex(), 0);
    }

    #[test]
    fn the_two_references_agree() {
        for spec in ["octal:0.77", "octal:4.07", "split:2:unequal", "split:3", "split:3:unequal", "hex:0.F"] {
            let game = TakeBreak::parse_spec(spec).unwrap().unwrap();
            assert_eq!(values_by_all_splits(&game, 60).unwrap(), values_by_options(&game, 60).unwrap(), "{spec}");
        }
    }
}
