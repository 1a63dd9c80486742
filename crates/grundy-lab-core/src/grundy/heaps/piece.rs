//! Tables of a piece (slides and jumps) of any number of coordinates:
//! n-heap Nim is the rook of n coordinates, whose slides are the n axes.
//!
//! **Every position of the box** is computed in the order of its index
//! (`x1` fastest): a move lowers some coordinate and raises none, so every
//! option comes earlier. As in the engine of one to three coordinates, a
//! slide with a step of 1 in some coordinate (its pivot `p`) keeps, for
//! every line of its direction, the set of values already on the line:
//! the line through `c` is named by the differences `c_i - o_i c_p`
//! (`i != p`), which do not change along it. The mex of a position is then
//! the first value missing from the union of its lines' sets (and the
//! values of its jumps, of its pass, and of the slides without a step of
//! 1, whose rays are walked). Four-heap Nim on 64⁴ reads four sets a
//! position instead of walking its up to 252 options.
//!
//! **The sorted positions** (a piece unchanged by every order of the
//! coordinates, on a box of equal sides) are computed sum by sum, in
//! parallel, each by walking its options.

use super::{HeapTable, Storage, positions_with_sum, small_mex};
use crate::Control;
use crate::grundy::EngineError;
use crate::rules::{Convention, MAX_DIMENSION, Rules};
use rayon::prelude::*;

/// The lines of one slide with a step of 1: where the line of a position
/// is kept (`base + Σ coef_i c_i`, wrapping) and how many there are.
struct Family {
    /// The slide.
    step: [u32; MAX_DIMENSION],
    base: usize,
    coef: [usize; MAX_DIMENSION],
    slots: usize,
}

/// The family of the slide `o` on the box `sides`, when it has a step of 1
/// and its lines fit a machine word.
fn family(step: [u32; MAX_DIMENSION], sides: &[usize]) -> Option<Family> {
    let o = &step[..sides.len()];
    let p = o.iter().position(|&c| c == 1)?;
    let (mut base, mut coef, mut stride) = (0usize, [0usize; MAX_DIMENSION], 1usize);
    let mut pivot = 0usize;
    for i in (0..sides.len()).filter(|&i| i != p) {
        // c_i - o_i c_p lies in -o_i (n_p - 1) ..= n_i - 1.
        let shift = (o[i] as usize).checked_mul(sides[p] - 1)?;
        base = base.checked_add(shift.checked_mul(stride)?)?;
        coef[i] = stride;
        pivot = pivot.wrapping_add((o[i] as usize).wrapping_mul(stride));
        stride = stride.checked_mul(sides[i].checked_add(shift)?)?;
    }
    coef[p] = pivot.wrapping_neg();
    Some(Family { step, base, coef, slots: stride })
}

/// What the full fill of `rules` on `sides` keeps besides the values: the
/// slide families, the other slides, and the words of a line's set.
struct Plan {
    families: Vec<Family>,
    /// Slides walked ray by ray (no step of 1, or too many lines).
    walked: Vec<[u32; MAX_DIMENSION]>,
    jumps: Vec<[u32; MAX_DIMENSION]>,
    /// Words of 64 bits a line's set holds: more than any value.
    words: usize,
}

/// The bytes the line sets of a full fill may take before the slides are
/// walked instead (a quarter of the memory limit).
fn line_budget() -> u64 {
    crate::grundy::memory_limit() / 4
}

impl Plan {
    fn new(rules: &Rules, sides: &[usize]) -> Plan {
        let d = sides.len();
        let fits = |o: &[u32; MAX_DIMENSION]| (0..d).all(|i| (o[i] as usize) < sides[i]);
        let mut slides: Vec<[u32; MAX_DIMENSION]> = rules.piece.slides.iter().map(|o| o.steps()).collect();
        slides.retain(fits);
        let jumps: Vec<[u32; MAX_DIMENSION]> = rules.piece.jumps.iter().map(|o| o.steps()).filter(fits).collect();
        // A value is at most the number of options: the reach of every
        // slide, every jump and the pass.
        let most: usize = slides
            .iter()
            .map(|o| (0..d).filter(|&i| o[i] > 0).map(|i| (sides[i] - 1) / o[i] as usize).min().unwrap_or(0))
            .sum::<usize>()
            + jumps.len()
            + 1;
        let words = most / 64 + 1;
        let (mut families, mut walked, mut bytes) = (Vec::new(), Vec::new(), 0u64);
        for o in slides {
            match family(o, sides) {
                Some(f) if bytes.saturating_add((f.slots as u64).saturating_mul(words as u64 * 8)) <= line_budget() => {
                    bytes += f.slots as u64 * words as u64 * 8;
                    families.push(f);
                }
                _ => walked.push(o),
            }
        }
        Plan { families, walked, jumps, words }
    }

    fn bytes(&self) -> u64 {
        let slots = self.families.iter().map(|f| f.slots as u64).fold(0u64, u64::saturating_add);
        slots.saturating_mul(self.words as u64 * 8)
    }
}

/// The bytes a full fill of `rules` on `sides` keeps beside the values.
pub(super) fn line_bytes(rules: &Rules, sides: &[usize]) -> u64 {
    Plan::new(rules, sides).bytes()
}

/// Fill `table` (a piece's, values all 0) layer by layer.
pub(super) fn fill(table: &mut HeapTable, control: &Control) -> Result<(), EngineError> {
    let layers = table.rules.passes.layers();
    control.start(table.count as u64 * layers as u64);
    for layer in 0..layers {
        match table.storage {
            Storage::Full => fill_full(table, layer, control)?,
            Storage::Sorted => fill_sorted(table, layer, control)?,
        }
    }
    Ok(())
}

/// The misère Grundy value of a position from whether it has an option (or
/// a pass) and the mex of its options' values: 1 with no option, else the
/// mex (as [`crate::grundy::naive::misere_mex`]).
fn misere_value(any_option: bool, mex: u32) -> u32 {
    if any_option { mex } else { 1 }
}

/// The side of a tile of the full fill in `d` coordinates (about 2^16
/// positions a tile).
fn tile_side(d: usize) -> usize {
    match d {
        0..=4 => 16,
        5 | 6 => 8,
        _ => 4,
    }
}

/// Fill one layer of every position of the box, tile by tile: a move never
/// raises a coordinate, so a tile needs only tiles of a smaller sum of tile
/// indices, and the tiles of one sum are filled in parallel. Two of them
/// never share a line (the cells of a line are ordered coordinate by
/// coordinate, so the tile sums along it strictly increase), which is what
/// makes their writes to the line sets disjoint, as in the engine of one to
/// three coordinates.
fn fill_full(table: &mut HeapTable, layer: usize, control: &Control) -> Result<(), EngineError> {
    use super::super::engine::SharedSlice;
    let sides = table.sides.clone();
    let d = sides.len();
    let plan = Plan::new(&table.rules, &sides);
    let count = table.count;
    let words = plan.words;
    // Word-major: word w of every line of a family together, so that the
    // first word (values below 64, the usual case) of neighbouring lines
    // shares the cache.
    let mut starts = Vec::with_capacity(plan.families.len());
    let mut total = 0usize;
    for f in &plan.families {
        starts.push(total);
        total += f.slots * words;
    }
    let mut sets = vec![0u64; total];
    // Write every page once (a page first read as the zero page faults
    // again when written).
    sets.par_chunks_mut(512).for_each(|page| page[0] = std::hint::black_box(0));
    let mut strides = [0usize; MAX_DIMENSION];
    let mut s = 1;
    for i in 0..d {
        strides[i] = s;
        s *= sides[i];
    }
    let (below, here) = table.values.split_at_mut(layer * count);
    let here = &mut here[..count];
    let pass_layer = layer.checked_sub(1).map(|l| &below[l * count..(l + 1) * count]);
    let side = tile_side(d);
    let tiles: Vec<usize> = sides.iter().map(|n| n.div_ceil(side)).collect();
    let fill = Fill {
        plan: &plan,
        d,
        sides: &sides,
        strides,
        starts: &starts,
        side,
        misere: table.rules.convention == Convention::Misere,
        passes: table.rules.passes,
        layer,
        pass_layer,
        values: SharedSlice(here.as_mut_ptr(), here.len()),
        sets: SharedSlice(sets.as_mut_ptr(), sets.len()),
    };
    let mut wave = Vec::new();
    for k in 0..=tiles.iter().map(|n| n - 1).sum::<usize>() {
        wave.clear();
        positions_with_sum(&tiles, Storage::Full, k, &mut wave);
        wave.par_iter().try_for_each(|t| {
            if control.must_stop() {
                return Err(stopped(control));
            }
            control.advance(fill.tile(t) as u64);
            Ok(())
        })?;
    }
    // `fill` points into `here` and `sets`, which outlive it.
    Ok(())
}

/// What the tiles of one layer share.
struct Fill<'a> {
    plan: &'a Plan,
    d: usize,
    sides: &'a [usize],
    strides: [usize; MAX_DIMENSION],
    /// Where each family's sets start in `sets`.
    starts: &'a [usize],
    side: usize,
    misere: bool,
    passes: crate::rules::Passes,
    layer: usize,
    pass_layer: Option<&'a [u32]>,
    values: super::super::engine::SharedSlice<u32>,
    sets: super::super::engine::SharedSlice<u64>,
}

impl Fill<'_> {
    /// Fill the tile `t` (its index along each coordinate), its positions
    /// in the order of their index; the number of positions.
    fn tile(&self, t: &crate::rules::Point) -> usize {
        let (d, plan, words) = (self.d, self.plan, self.plan.words);
        let low: [usize; MAX_DIMENSION] = std::array::from_fn(|i| if i < d { t[i] as usize * self.side } else { 0 });
        let high: [usize; MAX_DIMENSION] =
            std::array::from_fn(|i| if i < d { (low[i] + self.side).min(self.sides[i]) } else { 1 });
        let mut c = low;
        let mut others: Vec<u32> = Vec::new();
        let families = plan.families.len();
        // Where each family's line of `c` keeps its first word; a word `w`
        // is `w * slots` further.
        let mut slots = vec![0usize; families];
        let place = |c: &[usize; MAX_DIMENSION], slots: &mut [usize]| {
            for ((f, slot), &start) in plan.families.iter().zip(slots.iter_mut()).zip(self.starts) {
                *slot = start.wrapping_add((0..d).fold(f.base, |a, i| a.wrapping_add(f.coef[i].wrapping_mul(c[i]))));
            }
            (0..d).map(|i| c[i] * self.strides[i]).sum::<usize>()
        };
        let mut at = place(&c, &mut slots);
        // Whether a position has a move matters only to misère play and
        // to the passes.
        let ask_move = self.misere || self.pass_layer.is_some();
        let mut cells = 0;
        loop {
            others.clear();
            let mut has_move = false;
            for o in &plan.jumps {
                if (0..d).all(|i| c[i] >= o[i] as usize) {
                    let back: usize = (0..d).map(|i| o[i] as usize * self.strides[i]).sum();
                    others.push(self.values.get(at - back));
                    has_move = true;
                }
            }
            for o in &plan.walked {
                let back: usize = (0..d).map(|i| o[i] as usize * self.strides[i]).sum();
                let reach = (0..d).filter(|&i| o[i] > 0).map(|i| c[i] / o[i] as usize).min().unwrap_or(0);
                for k in 1..=reach {
                    others.push(self.values.get(at - k * back));
                }
                has_move |= reach > 0;
            }
            if ask_move && !has_move {
                has_move = plan.families.iter().any(|f| (0..d).all(|i| c[i] >= f.step[i] as usize));
            }
            if let Some(prev) = self.pass_layer
                && self.passes.allowed(self.layer, has_move)
            {
                others.push(prev[at]);
            }
            // The first value missing from the lines and the others.
            let mut g = 0u32;
            for w in 0..words {
                let mut seen = 0u64;
                for (&slot, f) in slots.iter().zip(&plan.families) {
                    seen |= self.sets.get(slot + w * f.slots);
                }
                for &v in &others {
                    if v as usize / 64 == w {
                        seen |= 1 << (v % 64);
                    }
                }
                if seen != u64::MAX {
                    g = (w * 64) as u32 + seen.trailing_ones();
                    break;
                }
            }
            let v = if self.misere { misere_value(has_move || !others.is_empty(), g) } else { g };
            self.values.set(at, v);
            for (&slot, f) in slots.iter().zip(&plan.families) {
                let word = slot + v as usize / 64 * f.slots;
                self.sets.set(word, self.sets.get(word) | 1 << (v % 64));
            }
            cells += 1;
            // The next position of the tile, x1 fastest: one step along x1
            // moves every line by its coefficient of x1.
            c[0] += 1;
            if c[0] < high[0] {
                at += 1;
                for (slot, f) in slots.iter_mut().zip(&plan.families) {
                    *slot = slot.wrapping_add(f.coef[0]);
                }
                continue;
            }
            c[0] = low[0];
            let mut i = 1;
            loop {
                if i == d {
                    return cells;
                }
                c[i] += 1;
                if c[i] < high[i] {
                    break;
                }
                c[i] = low[i];
                i += 1;
            }
            at = place(&c, &mut slots);
        }
    }
}

/// The error of a fill the control stopped (cancel or time limit).
fn stopped(control: &Control) -> EngineError {
    crate::grundy::EngineError::of_program(crate::grundy::error::program_stopped(control))
}

/// Fill one layer of the sorted positions, sum by sum, walking each
/// position's options.
fn fill_sorted(table: &mut HeapTable, layer: usize, control: &Control) -> Result<(), EngineError> {
    let sides = table.sides.clone();
    let d = sides.len();
    let rules = table.rules.clone();
    let misere = rules.convention == Convention::Misere;
    let offsets: Vec<(bool, [u32; MAX_DIMENSION])> = rules
        .piece
        .slides
        .iter()
        .map(|o| (true, o.steps()))
        .chain(rules.piece.jumps.iter().map(|o| (false, o.steps())))
        .collect();
    let count = table.count;
    let base = layer * count;
    let max_sum: usize = sides.iter().map(|n| n - 1).sum();
    let mut positions = Vec::new();
    for s in 0..=max_sum {
        if control.must_stop() {
            return Err(stopped(control));
        }
        positions.clear();
        positions_with_sum(&sides, Storage::Sorted, s, &mut positions);
        let t: &HeapTable = table;
        let results: Vec<(usize, u32)> = positions
            .par_iter()
            .map_init(Vec::new, |values, p| {
                values.clear();
                let mut has_move = false;
                for (slide, o) in &offsets {
                    let reach = (0..d).filter(|&i| o[i] > 0).map(|i| p[i] / o[i] as u64).min().unwrap_or(0);
                    let reach = if *slide { reach } else { reach.min(1) };
                    has_move |= reach > 0;
                    let mut q = *p;
                    for _ in 0..reach {
                        for i in 0..d {
                            q[i] -= o[i] as u64;
                        }
                        values.push(t.values[base + t.index(&q[..d])]);
                    }
                }
                let at = t.index(&p[..d]);
                if rules.passes.allowed(layer, has_move) {
                    values.push(t.values[base - count + at]);
                }
                let v = if misere { crate::grundy::naive::misere_mex(values) } else { small_mex(values) };
                (at, v)
            })
            .collect();
        for (at, v) in results {
            table.values[base + at] = v;
        }
        control.advance(positions.len() as u64);
    }
    Ok(())
}
