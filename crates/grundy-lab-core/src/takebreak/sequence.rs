//! The values `g(0), g(1), …, g(N)` of one heap, far and fast, and read
//! access to them (a heap's value, a row of heaps' value by XOR).
//!
//! **The sparse-space method** (Winning Ways, ch. 4; Flammenkamp's tables;
//! the `tczajka/octal-games` solver). Fix a bit mask `M ≠ 0` and call a
//! value `v` *rare* when `v & M` has an even number of bits, *common*
//! otherwise. The parity of `(a ^ b) & M` is the sum of the parities, so the
//! XOR of two common values or of two rare values is rare, and a common
//! value is the XOR of a rare and a common one. For the games that matter,
//! a mask can be found for which the rare heaps are few. A new value then
//! costs:
//! - every two-heap option with a rare part: one pass over the list of rare
//!   heaps (this gives every common value among the options exactly);
//! - the mex: the smallest missing value, if common, is it; if rare, it may
//!   still come from two common parts, so the pairs of the heap are scanned
//!   until every rare value below the smallest missing common one is seen.
//!   Those are found after a few pairs; only when `g(n)` turns out rare is
//!   the scan complete, and that is rare by the choice of the mask.
//!
//! The mask is chosen again (the one with the fewest rare heaps so far)
//! each time `n` passes a power of two. Any mask gives the right values;
//! it only decides the speed.
//!
//! For a finite code the engine also tries, at each power of two, to prove
//! a period ([`super::period`]); once proved, the remaining values follow
//! from it with no more work.
//!
//! Games that leave three or more heaps, and programs, are computed by the
//! straightforward mex over every option ([`super::naive`]).

use super::naive::{Marks, Plan, is_rare};
use super::period::{self, Proof};
use super::rules::{Kind, TakeBreak, TakeBreakError};
use super::sparse::{
    BLOCK_HEAPS, BLOCK_RARE, BLOCK_VALUES, BlockMarks, FIRST_BLOCK_HEAP, Known, RareList, Scratch, Unresolved, Value,
    sparse_value_in, verify,
};
use super::tail::{TailMarks, TailScratch, tail_value_in};
use crate::Control;
use crate::grundy::{human_bytes, memory_limit};
use std::fmt;
use web_time::Instant;

/// The largest heap whose value can be computed (heaps are counted with
/// 32 bits in the list of rare heaps).
pub const MAX_HEAP: u64 = 4_000_000_000;
/// The largest heap of a game that leaves three heaps (its values cost
/// `n²/12` XORs each).
pub const MAX_HEAP_THREE: u64 = 5_000;
/// The largest heap of a split into four parts (`n³/144` each).
pub const MAX_HEAP_FOUR: u64 = 600;
/// The largest heap of a program (a script runs at every heap).
pub const MAX_HEAP_PROGRAM: u64 = 1_000_000;
/// The largest heap of a code whose last digit repeats (each value costs
/// a scan of the heap's splits: `n²/4` in all).
pub const MAX_HEAP_REPEATING: u64 = 1_000_000;

/// Why values could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SequenceError {
    /// The values do not fit in the memory the app may use.
    TooLarge {
        /// How many values were asked for.
        heaps: u64,
        /// The bytes the values need.
        needed: u64,
        /// The bytes allowed on this machine.
        limit: u64,
    },
    /// The heap is beyond what the method for these rules reaches.
    BeyondMethod {
        /// The values computed: g(0) to g(up_to).
        up_to: u64,
        /// The most values this method computes.
        max: u64,
        /// What is wrong.
        why: &'static str,
    },
    /// A program failed at a heap.
    Rules(TakeBreakError),
    /// The computation was cancelled (the values so far are kept).
    Cancelled,
}

impl fmt::Display for SequenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SequenceError::TooLarge { heaps, needed, limit } => write!(
                f,
                "the values of {heaps} heaps need {}; the limit on this machine is {} ({})",
                human_bytes(*needed),
                human_bytes(*limit),
                crate::system::memory::limit_source()
            ),
            SequenceError::BeyondMethod { up_to, max, why } => {
                write!(f, "heaps up to {up_to}: {why} are computed up to {max}")
            }
            SequenceError::Rules(e) => write!(f, "{e}"),
            SequenceError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for SequenceError {}

/// The values, two bytes each while they are below 65536, else four.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Values {
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl Values {
    /// The bytes of one value: 2 or 4.
    pub(crate) fn width(&self) -> u8 {
        match self {
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    #[inline]
    fn get(&self, n: usize) -> u32 {
        match self {
            Values::U16(v) => u32::from(v[n]),
            Values::U32(v) => v[n],
        }
    }
}

/// The bytes one value takes: 2, or 4 once a value passes 65535.
fn value_bytes(wide: bool) -> u64 {
    if wide { 4 } else { 2 }
}

/// The memory a run to heap `up_to` needs: the values (2 bytes each, or 4
/// when they pass 65535), and room for the list of rare heaps (8 bytes a
/// rare heap, its size and its value; a sixteenth of the heaps is allowed
/// for).
pub fn estimate_bytes(up_to: u64, wide: bool) -> u64 {
    let heaps = up_to.saturating_add(1);
    heaps.saturating_mul(value_bytes(wide)).saturating_add(heaps / 16 * 8)
}

/// Whether a run to heap `up_to` fits in `limit` bytes.
pub fn check_memory(up_to: u64, wide: bool, limit: u64) -> Result<(), SequenceError> {
    let needed = estimate_bytes(up_to, wide);
    if needed > limit {
        return Err(SequenceError::TooLarge { heaps: up_to.saturating_add(1), needed, limit });
    }
    Ok(())
}

/// The values `g(0), …, g(len − 1)` of a take-and-break game, computed so
/// far, with the state that lets the computation go on (the rare mask and
/// heaps, and a period once proved).
#[derive(Clone, Debug)]
pub struct Sequence {
    game: TakeBreak,
    values: Values,
    mask: u32,
    /// How many computed values are rare for `mask`.
    rare_count: u64,
    /// Whether the rare heaps are listed (`rare`, `rare_values`): only the
    /// sparse method reads them, and only until a period is proved.
    listed: bool,
    rare: Vec<u32>,
    /// The values of the rare heaps, in the same order (read together in
    /// the sparse method's inner loop).
    rare_values: Vec<u32>,
    max_value: u32,
    proof: Option<Proof>,
    /// For a code that repeats: the values of the options its repeating
    /// digit gives so far (made again from the values when missing).
    tail: Option<Box<TailMarks>>,
    /// The first heap the sparse method computes by blocks, and the fewest
    /// rare heaps listed for blocks ([`FIRST_BLOCK_HEAP`], [`BLOCK_RARE`];
    /// tests lower them).
    first_block_heap: usize,
    block_rare: usize,
}

impl Sequence {
    /// The sequence with the one value `g(0) = 0` (an empty heap has no
    /// move).
    pub fn new(game: TakeBreak) -> Sequence {
        let listed = Plan::of(&game).is_some_and(|p| p.is_sparse());
        let (rare, rare_values) = if listed { (vec![0], vec![0]) } else { (Vec::new(), Vec::new()) };
        Sequence {
            game,
            values: Values::U16(vec![0]),
            mask: 1,
            rare_count: 1,
            listed,
            rare,
            rare_values,
            max_value: 0,
            proof: None,
            tail: None,
            first_block_heap: FIRST_BLOCK_HEAP,
            block_rare: BLOCK_RARE,
        }
    }

    /// [`Sequence::new`] computed heap by heap on one thread, without
    /// blocks: the method before blocks, the benchmark's reference.
    pub fn heap_by_heap(game: TakeBreak) -> Sequence {
        Sequence { first_block_heap: usize::MAX, ..Sequence::new(game) }
    }

    /// A sequence from stored values (not empty). A period is looked for
    /// first: once proved, the rare heaps are not listed. Else the list is
    /// counted against `limit` before it is made.
    pub(crate) fn from_stored(game: TakeBreak, values: Values, limit: u64) -> Result<Sequence, SequenceError> {
        let max_value = (0..values.len()).map(|n| values.get(n)).max().unwrap_or(0);
        let listed = Plan::of(&game).is_some_and(|p| p.is_sparse());
        let mut s = Sequence {
            game,
            values,
            mask: 1,
            rare_count: 0,
            listed,
            rare: Vec::new(),
            rare_values: Vec::new(),
            max_value,
            proof: None,
            tail: None,
            first_block_heap: FIRST_BLOCK_HEAP,
            block_rare: BLOCK_RARE,
        };
        if let Some(code) = s.game.as_code() {
            s.proof = period::prove(code, s.len(), |i| s.values.get(i as usize));
        }
        s.listed &= s.proof.is_none();
        s.choose_mask(limit)?;
        Ok(s)
    }

    /// The values as stored.
    pub(crate) fn stored(&self) -> &Values {
        &self.values
    }

    /// The game.
    pub fn game(&self) -> &TakeBreak {
        &self.game
    }

    /// How many values are known: `g(0), …, g(len − 1)`.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Always false: `g(0)` is known from the start.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// `g(n)`, the value of one heap of `n`, when computed.
    pub fn get(&self, n: u64) -> Option<u32> {
        (n < self.len()).then(|| self.values.get(n as usize))
    }

    /// `g(n)` for any `n`: computed, or beyond the values computed from
    /// the period proved (`g(n) = g(n − p)` from its start on).
    pub fn g(&self, n: u64) -> Option<u32> {
        self.get(n).or_else(|| self.get(self.periodic_heap(n)?))
    }

    /// The heap below the values computed whose value `g(n)` is by the
    /// period proved, for `n` beyond them (`None` without a proof).
    pub fn periodic_heap(&self, n: u64) -> Option<u64> {
        let p = self.proof.as_ref()?;
        (n >= self.len() && n >= p.start).then(|| p.start + (n - p.start) % p.period)
    }

    /// The value of a row of heaps: the XOR of the heaps' values
    /// (Sprague–Grundy), when every heap is computed.
    pub fn value_of(&self, heaps: &[u64]) -> Option<u32> {
        heaps.iter().try_fold(0, |x, &h| Some(x ^ self.get(h)?))
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u32 {
        self.max_value
    }

    /// All values, as `u32`.
    pub fn values(&self) -> Vec<u32> {
        (0..self.values.len()).map(|n| self.values.get(n)).collect()
    }

    /// The rare/common mask `M` in use: `g(n)` is rare when `g(n) & M` has
    /// an even number of bits.
    pub fn rare_mask(&self) -> u32 {
        self.mask
    }

    /// Whether `g(n)` is rare for the current mask.
    pub fn is_rare(&self, n: u64) -> Option<bool> {
        self.get(n).map(|v| is_rare(v, self.mask))
    }

    /// The number of rare heaps among those computed.
    pub fn rare_count(&self) -> u64 {
        self.rare_count
    }

    /// The period proved while computing, if any.
    pub fn proof(&self) -> Option<&Proof> {
        self.proof.as_ref()
    }

    /// Choose the mask with the fewest rare heaps among the values so far
    /// (masks below 4096), count the rare heaps for it, and list them when
    /// the sparse method needs the list: 8 bytes a rare heap, checked with
    /// the values against `limit` before it is made.
    fn choose_mask(&mut self, limit: u64) -> Result<(), SequenceError> {
        let top = (self.max_value + 1).next_power_of_two().clamp(2, 4096);
        let mut histogram = vec![0u64; top as usize];
        for n in 0..self.values.len() {
            // Values of 4096 and more are left out of the count: the choice
            // only decides the speed, any mask gives the right values.
            if let Some(c) = histogram.get_mut(self.values.get(n) as usize) {
                *c += 1;
            }
        }
        let rare_with = |mask: u32| -> u64 {
            histogram.iter().enumerate().filter(|(v, _)| is_rare(*v as u32, mask)).map(|(_, c)| c).sum()
        };
        let mut best = (rare_with(self.mask), self.mask);
        for mask in 1..top {
            let r = rare_with(mask);
            if r < best.0 {
                best = (r, mask);
            }
        }
        let first = self.rare_count == 0 && self.rare.is_empty();
        if best.1 == self.mask && !first {
            return Ok(());
        }
        let mask = best.1;
        let count = (0..self.values.len()).filter(|&n| is_rare(self.values.get(n), mask)).count() as u64;
        // Nothing changes until the new list is known to fit.
        if self.listed {
            let values = self.values.len() as u64 * u64::from(self.values.width());
            let needed = values.saturating_add(count.saturating_mul(8));
            if needed > limit {
                return Err(SequenceError::TooLarge { heaps: self.len(), needed, limit });
            }
            self.rare = Vec::new();
            self.rare_values = Vec::new();
            self.rare =
                (0..self.values.len()).filter(|&n| is_rare(self.values.get(n), mask)).map(|n| n as u32).collect();
            self.rare_values = self.rare.iter().map(|&n| self.values.get(n as usize)).collect();
        }
        (self.mask, self.rare_count) = (mask, count);
        Ok(())
    }

    /// A period is proved: the rare heaps are no longer read.
    fn stop_listing(&mut self) {
        self.listed = false;
        self.rare = Vec::new();
        self.rare_values = Vec::new();
    }

    /// Compute the values up to heap `up_to` (`len` becomes `up_to + 1`),
    /// reporting progress to `control` and stopping when it says so
    /// (`Err(Cancelled)`, the values so far kept), or at `pause_at`
    /// (`Ok(false)`: call again to go on). `Ok(true)` when done.
    pub fn extend(&mut self, up_to: u64, control: &Control, pause_at: Option<Instant>) -> Result<bool, SequenceError> {
        // Blocks hand work to a second thread and take it back for each
        // block: from a thread of rayon's pool that costs little, from any
        // other tens of microseconds.
        let blocks = Plan::of(&self.game).is_some_and(|p| p.is_sparse() && !p.two.is_empty())
            && self.proof.is_none()
            && up_to >= self.first_block_heap as u64;
        if blocks && crate::system::may_wait() && rayon::current_thread_index().is_none() {
            return rayon::scope(|_| self.extend_here(up_to, control, pause_at));
        }
        self.extend_here(up_to, control, pause_at)
    }

    fn extend_here(&mut self, up_to: u64, control: &Control, pause_at: Option<Instant>) -> Result<bool, SequenceError> {
        let target = up_to.saturating_add(1);
        if target <= self.len() {
            return Ok(true);
        }
        check_reach(&self.game, up_to)?;
        let plan = Plan::of(&self.game);
        check_memory(up_to, matches!(self.values, Values::U32(_)), memory_limit())?;
        // The progress counts heaps, or for a code that repeats (a heap of
        // n costs about n) the sum of the heaps, so that the time left is
        // estimated right from the start.
        let quadratic = plan.as_ref().is_some_and(|p| p.tail.is_some());
        let cost_below = |len: u64| if quadratic { len.saturating_mul(len.saturating_sub(1)) / 2 } else { len };
        control.start(cost_below(target));
        control.advance(cost_below(self.len()));
        // Work since the last look at the control: 1 a value that follows
        // from a period, 64 a value computed (more for a code that repeats,
        // whose values cost more as n grows).
        let (mut work, mut pending) = (0u32, 0u64);
        let mut next_mask = self.len().next_power_of_two().max(64);
        let mut scratch = Scratch::new(self.max_value);
        let mut marks = Marks::with_bits(64);
        let mut tail_scratch = TailScratch::default();
        let mut scope = rhai::Scope::new();
        self.reserve(target);
        let mut line = Pipeline::default();
        // Progress counts each heap once, though a block may be made again.
        let mut counted = self.len();
        // The last check may make values again: then the loop goes on.
        while self.len() < target {
            while self.len() < target {
                let n = self.len() as usize;
                let sparse = plan.as_ref().filter(|p| p.is_sparse());
                if let Some(p) = sparse.filter(|_| self.proof.is_none() && self.by_blocks(n, &line)) {
                    let end = target.min(next_mask) as usize;
                    self.block(p, end, &mut line, &mut scratch)?;
                } else if let Some(p) = sparse {
                    self.settle(p, &mut line)?;
                }
                if self.len() as usize != n {
                    // A block, or a check that made values again.
                } else if let Some(proof) = &self.proof {
                    let v = self.values.get(n - proof.period as usize);
                    self.push(v)?;
                    work += 1;
                } else {
                    let v = match &plan {
                        Some(p) if p.is_sparse() => self.sparse_value(p, n, &mut scratch),
                        Some(p) if p.tail.is_some() => self.tail_value(p, n, &mut tail_scratch),
                        Some(p) => {
                            marks.clear();
                            let values = &self.values;
                            p.mark_all(n, &|i| values.get(i), &mut marks);
                            marks.mex()
                        }
                        None => self.program_value(n as u64, &mut scope, control)?,
                    };
                    self.push(v)?;
                    if quadratic {
                        work = work.saturating_add((n / 16) as u32);
                        pending += n as u64;
                    }
                }
                if !quadratic && self.len() > counted {
                    let more = self.len() - counted;
                    if self.proof.is_none() {
                        work = work.saturating_add(64 * more as u32);
                    }
                    (pending, counted) = (pending + more, self.len());
                }
                if self.proof.is_none() && self.len() >= next_mask {
                    if let Some(p) = &plan {
                        self.settle(p, &mut line)?;
                    }
                    if self.len() >= next_mask {
                        next_mask *= 2;
                        // Blocks are tried again from each power of two.
                        (line.blocks, line.made_again) = (0, 0);
                        if let Some(code) = self.game.as_code() {
                            self.proof = period::prove(code, self.len(), |i| self.values.get(i as usize));
                        }
                        if self.proof.is_some() {
                            self.stop_listing();
                        }
                        // The mask only speeds the sparse method up.
                        if !quadratic {
                            self.choose_mask(memory_limit())?;
                        }
                    }
                }
                if work >= 1 << 16 {
                    control.advance(pending);
                    (work, pending) = (0, 0);
                    let stop = control.must_stop();
                    if stop || pause_at.is_some_and(|t| Instant::now() >= t) {
                        if let Some(p) = &plan {
                            self.settle(p, &mut line)?;
                        }
                        return if stop { Err(SequenceError::Cancelled) } else { Ok(false) };
                    }
                }
            }
            if let Some(p) = &plan {
                self.settle(p, &mut line)?;
            }
        }
        control.advance(pending);
        Ok(true)
    }

    /// Whether heap `n` is computed in a block: far enough, with values
    /// small enough, the rare heaps listed and many (with few, a heap costs
    /// less than handing work to another thread), few blocks made again,
    /// and on a thread of rayon's pool (from elsewhere each block would wait
    /// tens of microseconds, and the page's own thread may not wait).
    fn by_blocks(&self, n: usize, line: &Pipeline) -> bool {
        self.listed
            && n >= self.first_block_heap
            && self.max_value < BLOCK_VALUES
            && self.rare.len() >= self.block_rare
            && line.made_again * 8 <= line.blocks + 8
            && crate::system::may_wait()
            && rayon::current_thread_index().is_some()
    }

    /// Compute the values of the next block of heaps, up to `end` at most,
    /// by the sparse method (see [`super::sparse`]). Three things are done
    /// at once, on the threads there are:
    /// - this block's values, each taken to be its first missing common
    ///   value when the rare values below it are not found at once;
    /// - the check of the block before, whose heaps were taken so: if one
    ///   was wrong, the values from it on are made again;
    /// - the marks of the block after this one.
    ///
    /// Fewer values than a block are added when a value does not fit the
    /// width of the values (the caller widens them and goes on).
    fn block(
        &mut self,
        plan: &Plan,
        end: usize,
        line: &mut Pipeline,
        scratch: &mut Scratch,
    ) -> Result<(), SequenceError> {
        let step = match &self.values {
            Values::U16(g) => self.block_in(g, plan, end, line, scratch),
            Values::U32(g) => self.block_in(g, plan, end, line, scratch),
        };
        line.blocks += 1;
        if let Some((heap, value)) = step.wrong {
            let unchecked = line.unchecked.take().expect("a wrong heap is in the block checked");
            self.roll_back(&unchecked, heap);
            line.next = None;
            line.made_again += 1;
            return self.push(value);
        }
        let start = self.len() as usize;
        let unchecked =
            Unchecked { start, max_value: self.max_value, rare_count: self.rare_count, unresolved: step.unresolved };
        let whole = step.values.len() == step.len;
        let pushed = step.values.into_iter().try_for_each(|v| self.push(v));
        line.unchecked = Some(unchecked);
        line.next = step.next;
        if pushed.is_err() || !whole {
            // Nothing unchecked is left behind for the heap by heap path.
            self.settle(plan, line)?;
        }
        pushed
    }

    fn block_in<T: Value>(&self, g: &[T], plan: &Plan, end: usize, line: &mut Pipeline, scratch: &mut Scratch) -> Step {
        let start = g.len();
        let len = BLOCK_HEAPS.min(end - start);
        let rare = RareList { heaps: &self.rare, values: &self.rare_values };
        let bits = 32 - self.max_value.leading_zeros();
        let marks = match line.next.take() {
            Some(b) if b.start == start && b.len == len && b.mask == self.mask => b,
            _ => BlockMarks::make(g, rare, self.mask, plan, start, len, bits),
        };
        let after = start + len;
        let next_len = BLOCK_HEAPS.min(end - after);
        let Pipeline { unchecked, checks: [early, late], .. } = line;
        let mut unresolved = Unresolved::default();
        // The check in two halves, so that each thread takes one: this
        // thread the first half and then this block's heaps, the other the
        // second half and then the next block's marks (or whatever is left).
        let to_check = unchecked.as_ref().map(|u| (&u.unresolved, u.unresolved.len() / 2));
        let mut this = || block_values(g, rare, (self.mask, self.max_value), &marks, plan, scratch, &mut unresolved);
        let mut check_early = || to_check.and_then(|(u, mid)| verify(g, plan, u, 0..mid, early));
        let mut check_late = || to_check.and_then(|(u, mid)| verify(g, plan, u, mid..u.len(), late));
        let next = || (next_len > 0).then(|| BlockMarks::make(g, rare, self.mask, plan, after, next_len, bits));
        let ((wrong_early, values), (wrong_late, next)) = if crate::system::may_wait() {
            rayon::join(|| rayon::join(check_early, this), || rayon::join(check_late, next))
        } else {
            ((check_early(), this()), (check_late(), next()))
        };
        let wrong = wrong_early.or(wrong_late);
        Step { len, values, unresolved, wrong, next }
    }

    /// Check the last block's heaps taken to be their first missing common
    /// value (see [`Self::block`]), making the values again from the first
    /// wrong one; afterwards every value is sure.
    fn settle(&mut self, plan: &Plan, line: &mut Pipeline) -> Result<(), SequenceError> {
        line.next = None;
        let Some(unchecked) = line.unchecked.take() else { return Ok(()) };
        let wrong = match &self.values {
            Values::U16(g) => check_block(g, plan, &unchecked.unresolved, &mut line.checks),
            Values::U32(g) => check_block(g, plan, &unchecked.unresolved, &mut line.checks),
        };
        match wrong {
            Some((heap, value)) => {
                self.roll_back(&unchecked, heap);
                line.made_again += 1;
                self.push(value)
            }
            None => Ok(()),
        }
    }

    /// Forget the values from `heap` on (in the block `unchecked`): the
    /// values, the rare heaps and the largest value as they were before.
    fn roll_back(&mut self, unchecked: &Unchecked, heap: usize) {
        match &mut self.values {
            Values::U16(v) => v.truncate(heap),
            Values::U32(v) => v.truncate(heap),
        }
        let keep = self.rare.partition_point(|&a| (a as usize) < unchecked.start);
        self.rare.truncate(keep);
        self.rare_values.truncate(keep);
        (self.max_value, self.rare_count) = (unchecked.max_value, unchecked.rare_count);
        for n in unchecked.start..heap {
            let v = self.values.get(n);
            self.max_value = self.max_value.max(v);
            if is_rare(v, self.mask) {
                self.rare_count += 1;
                self.rare.push(n as u32);
                self.rare_values.push(v);
            }
        }
    }

    fn reserve(&mut self, target: u64) {
        let more = (target - self.len()) as usize;
        match &mut self.values {
            Values::U16(v) => v.reserve_exact(more),
            Values::U32(v) => v.reserve_exact(more),
        }
    }

    /// Append `g(n) = v`, widening the values to four bytes when `v` passes
    /// 65535, and counting `n` when rare (and listing it while the rare
    /// heaps are listed).
    fn push(&mut self, v: u32) -> Result<(), SequenceError> {
        if let Values::U16(old) = &self.values
            && v > u32::from(u16::MAX)
        {
            let cap = old.capacity() as u64;
            check_memory(cap.saturating_sub(1), true, memory_limit())?;
            let mut wide = Vec::with_capacity(old.capacity());
            wide.extend(old.iter().map(|&x| u32::from(x)));
            self.values = Values::U32(wide);
        }
        let n = self.values.len();
        match &mut self.values {
            Values::U16(values) => values.push(v as u16),
            Values::U32(values) => values.push(v),
        }
        self.max_value = self.max_value.max(v);
        if is_rare(v, self.mask) {
            self.rare_count += 1;
            if self.listed {
                self.rare.push(n as u32);
                self.rare_values.push(v);
            }
        }
        Ok(())
    }

    /// `g(n)` by the sparse method (see the module's documentation).
    fn sparse_value(&self, plan: &Plan, n: usize, scratch: &mut Scratch) -> u32 {
        let rare = RareList { heaps: &self.rare, values: &self.rare_values };
        let none = RareList { heaps: &[], values: &[] };
        // One match here rather than one a value in the loops.
        match &self.values {
            Values::U16(g) => {
                let known = Known { head: g, tail: &[] };
                sparse_value_in(known, rare, none, None, self.mask, self.max_value, plan, n, scratch, None)
            }
            Values::U32(g) => {
                let known = Known { head: g, tail: &[] };
                sparse_value_in(known, rare, none, None, self.mask, self.max_value, plan, n, scratch, None)
            }
        }
    }

    /// `g(n)` of a code that repeats (see [`super::tail`]).
    fn tail_value(&mut self, plan: &Plan, n: usize, scratch: &mut TailScratch) -> u32 {
        let tail = self.tail.get_or_insert_default();
        match &self.values {
            Values::U16(g) => tail_value_in(g, plan, n, tail, scratch),
            Values::U32(g) => tail_value_in(g, plan, n, tail, scratch),
        }
    }

    /// `g(n)` of a program or one-heap rules: the mex over the options the
    /// program lists (checked).
    fn program_value(&self, n: u64, scope: &mut rhai::Scope, control: &Control) -> Result<u32, SequenceError> {
        let options = match self.game.kind() {
            Kind::Splits(p) => p.splits_in(scope, n, control.deadline()).map_err(TakeBreakError::Program),
            _ => self.game.options(n),
        };
        let options = options
            .map_err(|e| if control.must_stop() { SequenceError::Cancelled } else { SequenceError::Rules(e) })?;
        let mut marks = Marks::with_bits(64);
        for option in options {
            marks.set(option.iter().fold(0, |x, &h| x ^ self.values.get(h as usize)));
        }
        Ok(marks.mex())
    }
}

/// The state kept between blocks (see [`Sequence::block`]).
#[derive(Default)]
struct Pipeline {
    /// The marks of the next block, made beside the block before it.
    next: Option<BlockMarks>,
    /// The last block, whose heaps taken to be their first missing common
    /// value are not checked yet.
    unchecked: Option<Unchecked>,
    /// The working spaces of the check's two halves, with their hints.
    checks: [Scratch; 2],
    /// Blocks made, and blocks made again from a wrong heap, since the last
    /// power of two: blocks stop when more than one in eight is made again
    /// (heap by heap is then faster) until the next one.
    blocks: u64,
    made_again: u64,
}

/// Check the heaps of `unresolved` (see [`verify`]), the two halves on
/// two threads; the first wrong heap and its value.
fn check_block<T: Value>(
    g: &[T],
    plan: &Plan,
    unresolved: &Unresolved,
    checks: &mut [Scratch; 2],
) -> Option<(usize, u32)> {
    let len = unresolved.len();
    let mid = len / 2;
    let [first, second] = checks;
    let mut early = || verify(g, plan, unresolved, 0..mid, first);
    let mut late = || verify(g, plan, unresolved, mid..len, second);
    let (a, b) = if crate::system::may_wait() { rayon::join(early, late) } else { (early(), late()) };
    a.or(b)
}

/// A block not checked yet: where it starts, what was known before it,
/// and the heaps to check.
struct Unchecked {
    start: usize,
    max_value: u32,
    rare_count: u64,
    unresolved: Unresolved,
}

/// What one step of the blocks made.
struct Step {
    /// The block's length, and its values (fewer when one did not fit).
    len: usize,
    values: Vec<u32>,
    /// Its heaps to check.
    unresolved: Unresolved,
    /// The first wrong heap of the block before, and its value.
    wrong: Option<(usize, u32)>,
    /// The next block's marks.
    next: Option<BlockMarks>,
}

/// The values of the heaps of a block (`marks.start` on), one by one,
/// from the values before it (`g`), the rare heaps among them, the rare
/// mask and the largest value before it (`(mask, max_value)`), and the
/// block's marks; as many as fit the width `T` of the values.
fn block_values<T: Value>(
    g: &[T],
    rare: RareList<'_>,
    (mask, max_value): (u32, u32),
    marks: &BlockMarks,
    plan: &Plan,
    scratch: &mut Scratch,
    unresolved: &mut Unresolved,
) -> Vec<u32> {
    let mut tail: Vec<T> = Vec::with_capacity(marks.len);
    let (mut fresh, mut fresh_values) = (Vec::new(), Vec::new());
    let mut max_value = max_value;
    for j in 0..marks.len {
        let n = marks.start + j;
        let known = Known { head: g, tail: &tail };
        let fresh_list = RareList { heaps: &fresh, values: &fresh_values };
        let v = sparse_value_in(
            known,
            rare,
            fresh_list,
            Some((marks, j)),
            mask,
            max_value,
            plan,
            n,
            scratch,
            Some(unresolved),
        );
        let Ok(t) = T::try_from(v) else {
            // Too wide for this block: heap by heap from here.
            unresolved.truncate_from(n);
            break;
        };
        tail.push(t);
        max_value = max_value.max(v);
        if is_rare(v, mask) {
            fresh.push(n as u32);
            fresh_values.push(v);
        }
    }
    tail.into_iter().map(Into::into).collect()
}

/// The largest heap the method for `game` reaches, and which games that
/// cap is for: [`MAX_HEAP`], or the smaller caps of games that leave three
/// or four heaps, and of programs.
pub fn reach(game: &TakeBreak) -> (u64, &'static str) {
    match Plan::of(game) {
        Some(p) if p.many.is_some_and(|m| m.0 >= 4) => (MAX_HEAP_FOUR, "splits into four heaps"),
        Some(p) if p.leaves_three() => (MAX_HEAP_THREE, "games that leave three heaps"),
        Some(p) if p.tail.is_some() => (MAX_HEAP_REPEATING, "codes whose last digit repeats"),
        None => (MAX_HEAP_PROGRAM, "programs"),
        _ => (MAX_HEAP, "take-and-break values"),
    }
}

/// Whether the method for `game` reaches heap `up_to` (see [`reach`]).
pub fn check_reach(game: &TakeBreak, up_to: u64) -> Result<(), SequenceError> {
    match reach(game) {
        (max, why) if up_to > max => Err(SequenceError::BeyondMethod { up_to, max, why }),
        _ => Ok(()),
    }
}

/// What [`compute`] refuses before any work: a heap beyond the method's
/// reach, or values beyond the memory.
pub fn check(game: &TakeBreak, up_to: u64) -> Result<(), SequenceError> {
    check_reach(game, up_to)?;
    check_memory(up_to, false, memory_limit())
}

/// Compute `g(0), …, g(up_to)` of `game`.
pub fn compute(game: &TakeBreak, up_to: u64, control: &Control) -> Result<Sequence, SequenceError> {
    let mut s = Sequence::new(game.clone());
    s.extend(up_to, control, None)?;
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::takebreak::naive::values_by_all_splits;

    #[test]
    fn sparse_values_equal_the_straightforward_ones() {
        for spec in ["grundy-game", "kayles", "octal:0.07", "octal:4.07", "octal:0.106", "split:2", "hex:0.F"] {
            let game = TakeBreak::parse_spec(spec).unwrap().unwrap();
            let s = compute(&game, 700, &Control::new()).unwrap();
            assert_eq!(s.values(), values_by_all_splits(&game, 700).unwrap(), "{spec}");
        }
    }

    /// The values of `spec` up to `up_to`, computed by blocks from heap
    /// `first_block_heap` on (`usize::MAX`: heap by heap), in runs that
    /// pause as soon as they may when `pausing`.
    fn by_blocks_from(spec: &str, up_to: u64, first_block_heap: usize, pausing: bool) -> Sequence {
        let game = TakeBreak::parse_spec(spec).unwrap().unwrap();
        let mut s = Sequence::new(game);
        s.first_block_heap = first_block_heap;
        s.block_rare = 0;
        let mut runs = 1;
        while !s.extend(up_to, &Control::new(), pausing.then(Instant::now)).unwrap() {
            runs += 1;
        }
        assert!(!pausing || runs > 3, "{spec}: {runs} runs");
        s
    }

    /// Blocks (the marks of a block made beside the block before it, the
    /// block before checked beside it) give the values, the largest value
    /// and the rare heaps that heap by heap gives, also when paused between
    /// blocks, and both agree with the straightforward mex.
    #[test]
    fn blocks_give_the_values_heap_by_heap_gives() {
        let first = 3 * crate::takebreak::sparse::BLOCK_HEAPS;
        for (spec, up_to) in [("grundy-game", 8_000), ("octal:0.376", 6_000), ("octal:4.007", 6_000)] {
            let blocks = by_blocks_from(spec, up_to, first, true);
            let heaps = by_blocks_from(spec, up_to, usize::MAX, false);
            assert_eq!(blocks.values(), heaps.values(), "{spec}");
            assert_eq!(
                (blocks.max_value(), blocks.rare_count(), blocks.rare_mask()),
                (heaps.max_value(), heaps.rare_count(), heaps.rare_mask()),
                "{spec}"
            );
            assert_eq!((&blocks.rare, &blocks.rare_values), (&heaps.rare, &heaps.rare_values), "{spec}");
            // A rare value in a block was first taken to be common, found
            // wrong by the check, and made again with what follows.
            assert!(blocks.rare.iter().any(|&n| n as usize > first), "{spec}: no rare value in a block");
            let game = TakeBreak::parse_spec(spec).unwrap().unwrap();
            assert_eq!(blocks.values()[..3001], values_by_all_splits(&game, 3000).unwrap()[..], "{spec}");
        }
    }

    /// Going on from stored values lists the rare heaps only when the
    /// sparse method will read them, and counts that list against the limit
    /// before it is made.
    #[test]
    fn a_resume_counts_the_rare_heaps_it_lists() {
        let grundy = TakeBreak::parse_spec("grundy-game").unwrap().unwrap();
        let s = compute(&grundy, 5000, &Control::new()).unwrap();
        let resumed = Sequence::from_stored(grundy.clone(), s.stored().clone(), u64::MAX).unwrap();
        let rare = resumed.rare_count();
        assert!(rare > 0 && resumed.rare.len() as u64 == rare && resumed.rare_values.len() as u64 == rare);
        let needed = s.len() * 2 + 8 * rare;
        let e = Sequence::from_stored(grundy.clone(), s.stored().clone(), needed - 1).unwrap_err();
        assert!(matches!(e, SequenceError::TooLarge { needed: n, .. } if n == needed), "{e}");
        let mut resumed = Sequence::from_stored(grundy, s.stored().clone(), needed).unwrap();
        resumed.extend(6000, &Control::new(), None).unwrap();
        assert_eq!(resumed.values(), compute(resumed.game(), 6000, &Control::new()).unwrap().values());
        // Kayles' period is proved: its rare heaps are counted, not listed.
        let kayles = TakeBreak::parse_spec("kayles").unwrap().unwrap();
        let k = compute(&kayles, 5000, &Control::new()).unwrap();
        let resumed = Sequence::from_stored(kayles, k.stored().clone(), k.len() * 2).unwrap();
        assert!(resumed.proof().is_some() && resumed.rare.is_empty() && resumed.rare_count() > 0);
    }

    #[test]
    fn memory_and_limits_are_checked_first() {
        let e = check_memory(1_000_000_000, false, 1_000_000).unwrap_err().to_string();
        assert!(e.contains("1000000001 heaps need 2.5 GB; the limit on this machine is 1.0 MB"), "{e}");
        let game = TakeBreak::parse_spec("hex:0.F").unwrap().unwrap();
        let e = compute(&game, 10_000, &Control::new()).unwrap_err().to_string();
        assert!(e.contains("three heaps are computed up to 5000"), "{e}");
        let c = Control::new();
        c.cancel();
        let game = TakeBreak::parse_spec("grundy-game").unwrap().unwrap();
        assert_eq!(compute(&game, 2_000_000, &c).unwrap_err(), SequenceError::Cancelled);
    }
}
