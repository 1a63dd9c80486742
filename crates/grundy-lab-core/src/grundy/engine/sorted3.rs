//! The kernel for three heaps treated alike: rules whose moves and
//! terminal set every permutation of the coordinates maps onto themselves,
//! computed on the sorted cells `x >= y >= z` only (see [`Sorted3`]).

use super::{Lines, PREFETCH, Plan, insert, jump_and_pass_values, mex_of_lines};
use crate::grundy::Table;
use crate::rules::PERMUTATIONS;
use std::sync::atomic::Ordering;

/// A permutation of the coordinates and the family of the direction it
/// makes of another family's.
pub(super) type PermutedFamily = ([usize; 3], usize);

/// The most slide directions the kernel for three heaps treated alike
/// takes (more keep the general path).
pub(super) const MAX_SORTED3: usize = 32;

/// Rules that treat three heaps alike on a cube: `g(q)` is the value of
/// `q` sorted, so only the cells `x >= y >= z` (the sorted ones) are
/// computed, and their lines keep only the values of sorted cells.
///
/// Threads: a tile reads and writes its own lines as in the other kernels,
/// and, where a line starts, reads the permuted lines through `π(p)`. The
/// sorted cells on those are `π(p - k o)`: componentwise below `p` for
/// `k >= 1` (so in `p`'s tile or an earlier anti-diagonal), or, for
/// `k <= 0`, above it (a later anti-diagonal or later in `p`'s tile). No
/// tile of the same anti-diagonal writes to them meanwhile.
///
/// The cells before `p` on its line of direction `o` are `p - k o`,
/// `k >= 1`; sorted by the permutation `π`, `π(p) - k π(o)` lies on the
/// line of direction `π(o)` (a slide too) through `π(p)`. For each `π`,
/// the `k` that `π` sorts form an interval (each comparison of two
/// coordinates is linear in `k`), so the values before `p` on its line are
/// the union of the sorted-cell sets of the lines `(π(o), π(p))` whose
/// interval meets `k >= 1`. Their other sorted cells (`k <= 0`) come at or
/// after `p` and are not in the sets yet. A sorted cell's own lines then
/// receive its value; every cell a set holds is componentwise below `p`,
/// so it was computed before (an earlier tile, or earlier in this one),
/// and two tiles of one anti-diagonal still share no line.
pub(super) struct Sorted3 {
    /// For each family: its direction, and the permutations other than
    /// the identity that can sort a cell before a sorted `p` on its line,
    /// with the family of the permuted direction.
    reads: Vec<([i64; 3], Vec<PermutedFamily>)>,
    /// The first line set of each family.
    bases: Vec<usize>,
}

impl Sorted3 {
    pub(super) fn new(families: &[(super::LineKind, usize)], dirs: &[[usize; 3]]) -> Sorted3 {
        let mut bases = Vec::with_capacity(families.len());
        let mut base = 0;
        for f in families {
            bases.push(base);
            base += f.1;
        }
        let reads = dirs
            .iter()
            .map(|&o| {
                let perms = PERMUTATIONS[1..]
                    .iter()
                    .filter_map(|&pi| {
                        let permuted = pi.map(|i| o[i]);
                        let family = dirs.iter().position(|d| *d == permuted)?;
                        Some((pi, family))
                    })
                    .collect();
                (o.map(|c| c as i64), perms)
            })
            .collect();
        Sorted3 { reads, bases }
    }
}

/// Whether the permutation `pi` sorts (largest first) some `p - k o` with
/// `1 <= k <= kmax`: each of its two comparisons `c - k d >= 0` bounds `k`.
#[inline(always)]
fn sorts_some(p: [i64; 3], o: [i64; 3], pi: [usize; 3], kmax: i64) -> bool {
    let (mut lo, mut hi) = (1i64, kmax);
    for (a, b) in [(pi[0], pi[1]), (pi[1], pi[2])] {
        let (c, d) = (p[a] - p[b], o[a] - o[b]);
        if d > 0 {
            hi = hi.min(c.div_euclid(d));
        } else if d < 0 {
            let (e, m) = (-c, -d);
            lo = lo.max(e.div_euclid(m) + i64::from(e.rem_euclid(m) != 0));
        } else if c < 0 {
            return false;
        }
    }
    lo <= hi
}

/// The kernel for three heaps treated alike (see [`Sorted3`]): the sorted
/// cells of the tile. Where a line enters the sorted cells (the cell before
/// is not sorted), its set starts as the union of the permuted lines that
/// hold the values before; from there on it is the whole line's set, and
/// the cell is computed as in [`grundy_tile_fast`] from its own lines.
pub(super) fn grundy_tile_sorted3<const N: usize>(
    plan: &Plan,
    s3: &Sorted3,
    table: &Table,
    st: &Lines,
    t: [usize; 3],
    layer: usize,
) {
    debug_assert!(plan.families.len() <= N);
    let [xs, ys, zs] = plan.cell_range(t);
    let (words, summary_words) = (plan.words, plan.summary_words);
    let terminal = &table.rules().terminal;
    let extent = terminal.extent() as usize;
    let mut lines_before: Vec<usize> = Vec::with_capacity(6);
    let mut option_values = Vec::with_capacity(plan.jumps.len() + 1);
    for z in zs {
        for y in ys.start.max(z)..ys.end {
            // The last value found: the next cells' values are near it.
            let mut near = 0usize;
            for x in xs.start.max(y)..xs.end {
                let p = [x, y, z];
                let p_signed = p.map(|c| c as i64);
                // Own lines (slots past the families repeat the first: reading
                // and inserting twice changes nothing).
                let mut own = [0usize; N];
                for (i, &(kind, _)) in plan.families.iter().enumerate() {
                    let line = s3.bases[i] + plan.line(kind, p);
                    own[i] = line;
                    // The words the cell two steps on will read.
                    let ahead = s3.bases[i].wrapping_add(plan.line(kind, [x + PREFETCH, y, z]));
                    st.bits.prefetch(ahead.wrapping_mul(words).wrapping_add(near / 64));
                    st.mex.prefetch(ahead);
                    // Does the line enter the sorted cells here?
                    let (o, perms) = &s3.reads[i];
                    let before = [p_signed[0] - o[0], p_signed[1] - o[1], p_signed[2] - o[2]];
                    let sorted_before = before[2] >= 0 && before[0] >= before[1] && before[1] >= before[2];
                    let kmax = (0..3).filter(|&c| o[c] > 0).map(|c| p_signed[c] / o[c]).min().unwrap_or(0);
                    if sorted_before || kmax == 0 {
                        continue;
                    }
                    lines_before.clear();
                    for &(pi, family) in perms {
                        if sorts_some(p_signed, *o, pi, kmax) {
                            let q = pi.map(|c| p[c]);
                            lines_before.push(s3.bases[family] + plan.line(plan.families[family].0, q));
                        }
                    }
                    start_line(st, words, summary_words, line, &lines_before);
                }
                for i in plan.families.len()..N {
                    own[i] = own[0];
                }
                let g = if x < extent && terminal.contains_at([x as u64, y as u64, z as u64]) {
                    super::terminal_value(plan, table, p, layer)
                } else {
                    jump_and_pass_values(plan, table, p, layer, &mut option_values);
                    mex_of_lines(st, words, summary_words, &own, &option_values)
                };
                table.cells[table.index_at(p, layer)].store(g, Ordering::Relaxed);
                near = g as usize;
                for &l in &own {
                    insert(st, words, l, g);
                }
            }
        }
    }
}

/// The pages of a line array (`per_line` words a line) that hold a line
/// through some sorted cell: the only lines the kernel reads or writes.
/// Chunk `i` of the answer is the words `512 i .. 512 (i + 1)` (4 KB).
///
/// On a cube of side `n`, the sorted cells are, for each pair of the other
/// two coordinates, an interval of any one coordinate: `x` in `y .. n`
/// (for `y >= z`), `y` in `z ..= x` (for `x >= z`) or `z` in `0 ..= y` (for
/// `x >= y`). Along it the line of a family moves by that coordinate's
/// coefficient; the coordinate with the smallest step is walked, so the
/// lines of an interval fill a range of the array with small gaps.
pub(super) fn pages_of_sorted_lines(plan: &Plan, s3: &Sorted3, per_line: usize, len: usize) -> Vec<bool> {
    const CHUNK: usize = 512;
    let mut used = vec![false; len.div_ceil(CHUNK)];
    let n = plan.dims[0];
    let mut mark = |first_word: usize, end_word: usize| {
        for chunk in &mut used[first_word / CHUNK..end_word.div_ceil(CHUNK)] {
            *chunk = true;
        }
    };
    for (i, &(kind, _)) in plan.families.iter().enumerate() {
        let super::LineKind::Affine { coef, .. } = kind else {
            unreachable!("three heaps treated alike have affine lines only")
        };
        let step = |a: usize| (coef[a] as isize).unsigned_abs();
        let a = (0..3).min_by_key(|&a| step(a)).unwrap_or(0);
        let line = |c: [usize; 3]| s3.bases[i] + plan.line(kind, c);
        for u in 0..n {
            for v in 0..=u {
                // (u, v) are the other two coordinates, larger first.
                let (lo, hi) = match a {
                    0 => ([u, u, v], [n - 1, u, v]),
                    1 => ([u, v, v], [u, u, v]),
                    _ => ([u, v, 0], [u, v, v]),
                };
                if step(a) * per_line <= CHUNK {
                    let (l0, l1) = (line(lo), line(hi));
                    mark(l0.min(l1) * per_line, (l0.max(l1) + 1) * per_line);
                } else {
                    let mut c = lo;
                    while c[a] <= hi[a] {
                        let l = line(c);
                        mark(l * per_line, (l + 1) * per_line);
                        c[a] += 1;
                    }
                }
            }
        }
    }
    used
}

/// Start the set of `line` (empty so far) as the union of the sets of
/// `parts`, with its summary and mex.
fn start_line(st: &Lines, words: usize, summary_words: usize, line: usize, parts: &[usize]) {
    let mut mex = None;
    for w in 0..words {
        let word = parts.iter().fold(0u64, |acc, &l| acc | st.bits.get(l * words + w));
        st.bits.set(line * words + w, word);
        if word == !0 {
            let sw = line * summary_words + w / 64;
            st.summary.set(sw, st.summary.get(sw) | (1u64 << (w % 64)));
        } else if mex.is_none() {
            mex = Some(w * 64 + word.trailing_ones() as usize);
        }
    }
    st.mex.set(line, mex.unwrap_or(words * 64) as u32);
}

#[cfg(test)]
mod tests {
    use super::super::Plan;
    use super::pages_of_sorted_lines;
    use crate::rules::preset;

    /// Every word of every line through a sorted cell (the only lines the
    /// kernel reads or writes) lies in a chunk the marking names, and on a
    /// larger cube the marking leaves chunks out.
    #[test]
    fn the_marked_pages_hold_every_line_through_a_sorted_cell() {
        for (name, n) in [("queen-3-all", 37), ("queen-3-all", 64), ("nim-3", 41)] {
            let rules = preset(name).expect("preset");
            let plan = Plan::new(&rules, [n, n, n]);
            let s3 = plan.sorted3.as_ref().expect("three heaps treated alike");
            for per_line in [plan.words, plan.summary_words] {
                let len = plan.lines() * per_line;
                let used = pages_of_sorted_lines(&plan, s3, per_line, len);
                for z in 0..n {
                    for y in z..n {
                        for x in y..n {
                            for (i, &(kind, _)) in plan.families.iter().enumerate() {
                                let l = s3.bases[i] + plan.line(kind, [x, y, z]);
                                for w in l * per_line..(l + 1) * per_line {
                                    assert!(used[w / 512], "{name} {n}: line {l} of ({x}, {y}, {z}) not marked");
                                }
                            }
                        }
                    }
                }
                let share = used.iter().filter(|&&u| u).count() as f64 / used.len() as f64;
                if name == "queen-3-all" && n == 64 && per_line == plan.words {
                    assert!(share < 0.8, "{name} {n}: {share:.2} of the pages marked");
                }
            }
        }
    }
}
