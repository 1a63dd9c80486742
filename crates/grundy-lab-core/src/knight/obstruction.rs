//! Quick proofs that a leaper graph has no tour: connectivity, degrees,
//! colour counts, matchings, and independent sets of half the cells.

use super::board::Pos;
use super::graph::LeaperGraph;
use super::reason::NoTourReason;

/// Whether cell `p` is light, i.e. `x + y` is even (the chessboard colour;
/// a leaper with `a + b` odd always changes it).
pub fn is_light(p: Pos) -> bool {
    (p.x as u32 + p.y as u32).is_multiple_of(2)
}

/// Above this many vertices the matching arguments are skipped (they are
/// proofs, not needed to find tours, and cost more on huge graphs).
const MATCHING_LIMIT: usize = 20_000;

/// A reason why no tour (open, or closed if `closed`) exists, starting at
/// `start` if given; `None` if these quick arguments prove nothing.
pub fn obstruction(g: &LeaperGraph, closed: bool, start: Option<usize>) -> Option<NoTourReason> {
    let n = g.len();
    if n == 0 {
        return Some(NoTourReason::EmptyRegion);
    }
    if closed && n < 3 {
        return Some(NoTourReason::TooFewCellsForClosed { cells: n });
    }
    if n == 1 {
        return None;
    }
    if !g.is_connected() {
        return Some(NoTourReason::NotConnected);
    }
    let ones: Vec<usize> = (0..n).filter(|&v| g.degree(v) == 1).collect();
    if closed && !ones.is_empty() {
        return Some(NoTourReason::DeadEndInClosedTour { cell: g.cell(ones[0]) });
    }
    if ones.len() > 2 {
        return Some(NoTourReason::TooManyDeadEnds { count: ones.len() });
    }
    if let Some(s) = start
        && ones.len() == 2
        && !ones.contains(&s)
    {
        return Some(NoTourReason::MustStartAtDeadEnd { first: g.cell(ones[0]), second: g.cell(ones[1]) });
    }
    if !g.leaper().changes_colour() {
        return None;
    }
    // Every move changes the colour (x + y) mod 2: a tour alternates colours.
    let white: Vec<bool> = (0..n).map(|v| is_light(g.cell(v))).collect();
    let w = white.iter().filter(|&&b| b).count();
    let b = n - w;
    if closed && w != b {
        return Some(NoTourReason::ClosedColourImbalance { light: w, dark: b });
    }
    if w.abs_diff(b) > 1 {
        return Some(NoTourReason::ColourImbalance { light: w, dark: b });
    }
    if let Some(s) = start
        && w != b
        && white[s] != (w > b)
    {
        return Some(NoTourReason::StartOnMinorityColour { light: w, dark: b, start: g.cell(s) });
    }
    if n > MATCHING_LIMIT {
        return None;
    }
    let mate = maximum_matching(g, &white);
    let matched = mate.iter().filter(|m| m.is_some()).count() / 2;
    if matched < n / 2 {
        return Some(NoTourReason::NoPairing { pairs: matched, needed: n / 2 });
    }
    if closed && !matching_digraph_strongly_connected(g, &white, &mate) {
        return Some(NoTourReason::HalfIndependentSet);
    }
    None
}

/// A maximum matching of the bipartite graph (light cells vs dark cells),
/// by augmenting paths. `mate[v]` is the partner of `v`.
fn maximum_matching(g: &LeaperGraph, white: &[bool]) -> Vec<Option<u32>> {
    let n = g.len();
    let mut mate: Vec<Option<u32>> = vec![None; n];
    // Greedy start: low degree first.
    let mut order: Vec<usize> = (0..n).filter(|&v| white[v]).collect();
    order.sort_by_key(|&v| g.degree(v));
    for &v in &order {
        if let Some(&u) =
            g.neighbours(v).iter().filter(|&&u| mate[u as usize].is_none()).min_by_key(|&&u| g.degree(u as usize))
        {
            mate[v] = Some(u);
            mate[u as usize] = Some(v as u32);
        }
    }
    // Augment from each free light vertex by breadth-first search.
    let mut parent = vec![u32::MAX; n]; // for dark vertices: the light vertex we came from
    let mut stamp = vec![0u32; n];
    let mut round = 0u32;
    for &root in &order {
        if mate[root].is_some() {
            continue;
        }
        round += 1;
        let mut queue = vec![root as u32];
        let mut head = 0;
        let mut end: Option<u32> = None;
        'bfs: while head < queue.len() {
            let v = queue[head] as usize;
            head += 1;
            for &u in g.neighbours(v) {
                if stamp[u as usize] == round {
                    continue;
                }
                stamp[u as usize] = round;
                parent[u as usize] = v as u32;
                match mate[u as usize] {
                    None => {
                        end = Some(u);
                        break 'bfs;
                    }
                    Some(m) => queue.push(m),
                }
            }
        }
        // Flip the augmenting path.
        let mut u = end;
        while let Some(d) = u {
            let v = parent[d as usize];
            let next = mate[v as usize];
            mate[v as usize] = Some(d);
            mate[d as usize] = Some(v);
            u = if v as usize == root { None } else { next };
        }
    }
    mate
}

/// For a perfect matching `mate` of a connected bipartite graph: whether the
/// digraph on matching edges, `e1 -> e2` when the light end of `e1` is
/// adjacent to the dark end of `e2`, is strongly connected. If it is not,
/// some independent set of exactly half the cells is not a colour class, and
/// no Hamiltonian cycle can exist (the cycle's alternate vertices would be
/// the only such sets, and they are the colour classes).
fn matching_digraph_strongly_connected(g: &LeaperGraph, white: &[bool], mate: &[Option<u32>]) -> bool {
    let n = g.len();
    let Some(root) = (0..n).find(|&v| white[v]) else {
        return true;
    };
    let whites = white.iter().filter(|&&b| b).count();
    let m = |v: usize| mate[v].map_or(usize::MAX, |u| u as usize);
    for forward in [true, false] {
        let mut seen = vec![false; n];
        seen[root] = true;
        let mut stack = vec![root];
        let mut count = 1;
        while let Some(w) = stack.pop() {
            // forward: w -> mate(d) for dark neighbours d of w;
            // backward: w <- w1 for light neighbours w1 of mate(w).
            let from = if forward { w } else { m(w) };
            if from == usize::MAX {
                return true;
            }
            for &d in g.neighbours(from) {
                let d = d as usize;
                let next = if forward {
                    if d == m(w) {
                        continue;
                    }
                    m(d)
                } else {
                    if d == w {
                        continue;
                    }
                    d
                };
                if next != usize::MAX && !seen[next] {
                    seen[next] = true;
                    count += 1;
                    stack.push(next);
                }
            }
        }
        if count < whites {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::leaper::Leaper;

    #[test]
    fn four_by_n_has_no_closed_tour() {
        for n in 4..=20 {
            let g = LeaperGraph::rectangle(n, 4, Leaper::KNIGHT);
            let why = obstruction(&g, true, None).expect("4 x n never has a closed tour");
            assert!(
                matches!(why, NoTourReason::HalfIndependentSet | NoTourReason::DeadEndInClosedTour { .. }),
                "{n}: {why}"
            );
        }
    }

    #[test]
    fn no_false_proofs_where_tours_exist() {
        for (w, h) in [(6, 6), (8, 8), (5, 6), (3, 10), (3, 12), (6, 7)] {
            let g = LeaperGraph::rectangle(w, h, Leaper::KNIGHT);
            assert_eq!(obstruction(&g, true, None), None, "{w} x {h}");
            assert_eq!(obstruction(&g, false, None), None, "{w} x {h}");
        }
        let g = LeaperGraph::rectangle(5, 5, Leaper::KNIGHT);
        assert!(obstruction(&g, true, None).is_some());
        assert!(obstruction(&g, false, Some(1)).is_some(), "5x5 tours start on the majority colour");
    }
}
