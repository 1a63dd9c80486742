//! Warnsdorff's rule (1823): always jump to the cell with the fewest onward
//! moves. Fast (linear time) but may get stuck; tie-breaks matter.

use super::graph::LeaperGraph;

/// How Warnsdorff's rule chooses among cells with equally few onward moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The cell farthest from the board's centre (Roth's rule): the tour
    /// keeps to the rim and leaves the middle, which stays well connected,
    /// for later.
    FarFromCentre,
    /// Pohl's rule (1967): the cell whose unvisited neighbours have the
    /// smallest total number of onward moves; then far from the centre.
    Pohl,
    /// Pseudo-random, from a seed (for retries).
    Random(u64),
}

/// A small fast pseudo-random generator (xorshift64*), for tie-breaks.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next pseudo-random number.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Squared distance of vertex `v`'s cell from the centre, in doubled
/// coordinates (exact integers).
pub fn centre_distance(g: &LeaperGraph, v: usize) -> u64 {
    let p = g.cell(v);
    let dx = 2 * p.x as i64 - (g.width() as i64 - 1);
    let dy = 2 * p.y as i64 - (g.height() as i64 - 1);
    (dx * dx + dy * dy) as u64
}

/// One Warnsdorff walk from `start`. For a closed tour the start's
/// neighbours count one extra onward move (the way home), so they are left
/// for last, and the walk succeeds only if it ends next to the start.
/// Returns the vertices in visiting order, or `None` if the walk got stuck.
pub fn walk(g: &LeaperGraph, start: usize, closed: bool, tie: TieBreak) -> Option<Vec<u32>> {
    let n = g.len();
    if start >= n {
        return None;
    }
    let mut onward: Vec<u8> = (0..n).map(|v| g.degree(v) as u8).collect();
    let mut visited = vec![false; n];
    let mut rng = Rng::new(match tie {
        TieBreak::Random(s) => s,
        _ => 0,
    });
    let mut path = Vec::with_capacity(n);
    let mut cur = start;
    loop {
        visited[cur] = true;
        path.push(cur as u32);
        for &u in g.neighbours(cur) {
            onward[u as usize] = onward[u as usize].saturating_sub(1);
        }
        if path.len() == n {
            break;
        }
        let mut best: Option<(usize, u64, u64)> = None; // (vertex, onward, key)
        for &u in g.neighbours(cur) {
            let u = u as usize;
            if visited[u] {
                continue;
            }
            let home = u64::from(closed && g.adjacent(u, start));
            let deg = onward[u] as u64 + home;
            let key = match tie {
                TieBreak::FarFromCentre => u64::MAX - centre_distance(g, u),
                TieBreak::Pohl => {
                    let s: u64 = g
                        .neighbours(u)
                        .iter()
                        .filter(|&&w| !visited[w as usize])
                        .map(|&w| onward[w as usize] as u64)
                        .sum();
                    (s << 32) | (u32::MAX as u64 - centre_distance(g, u).min(u32::MAX as u64))
                }
                TieBreak::Random(_) => rng.next_u64(),
            };
            if best.is_none_or(|(_, bd, bk)| (deg, key) < (bd, bk)) {
                best = Some((u, deg, key));
            }
        }
        cur = best?.0;
    }
    if closed && !(n >= 3 && g.adjacent(cur, start)) {
        return None;
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::leaper::Leaper;

    #[test]
    fn open_tours_on_squares() {
        for n in 5..=30 {
            let g = LeaperGraph::rectangle(n, n, Leaper::KNIGHT);
            let ok = [TieBreak::FarFromCentre, TieBreak::Pohl].into_iter().any(|t| walk(&g, 0, false, t).is_some());
            assert!(ok, "n = {n}");
        }
    }
}
