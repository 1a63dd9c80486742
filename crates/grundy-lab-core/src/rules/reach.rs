//! The moves of a piece from a position, without listing them: whether
//! there is one, whether one goes to a given position, how many there are
//! at most, and one chosen at random. A position may hold 10^15 stones,
//! and a slide from it has as many targets, so play at any size asks these
//! questions instead of [`Rules::moves_at`], whose cost grows with the
//! position.
//!
//! A position is an array of `N` coordinates: a [`super::Pos`] of three
//! for a piece of one to three, a [`super::Point`] of eight for any (the
//! coordinates beyond the game's dimension are 0, as are the offsets').

use super::{Offset, Rules};

/// `p - k * o` when it stays on the board (every coordinate `>= 0`).
fn step<const N: usize>(p: [u64; N], o: Offset, k: u64) -> Option<[u64; N]> {
    let c = o.steps();
    let mut out = [0; N];
    for i in 0..N {
        out[i] = p[i].checked_sub((c[i] as u64).checked_mul(k)?)?;
    }
    Some(out)
}

/// The largest `k` with `p - k * o` on the board (0: the offset does not fit).
fn reach<const N: usize>(p: [u64; N], o: Offset) -> u64 {
    let c = o.steps();
    (0..N).filter(|&i| c[i] > 0).map(|i| p[i] / c[i] as u64).min().unwrap_or(0)
}

impl Rules {
    /// Whether `p` is in the terminal set (which has cells of up to three
    /// coordinates).
    pub fn is_terminal_at<const N: usize>(&self, p: [u64; N]) -> bool {
        if self.terminal.is_empty() || p.iter().skip(3).any(|&c| c != 0) {
            return false;
        }
        self.terminal.contains_at([0, 1, 2].map(|i| p.get(i).copied().unwrap_or(0)))
    }

    /// Whether the piece has a move at `p` (not terminal, and some jump or
    /// slide fits). O(number of offsets), for any size. Not for programs.
    pub fn has_move_at<const N: usize>(&self, p: [u64; N]) -> bool {
        !self.is_terminal_at(p) && self.piece.jumps.iter().chain(&self.piece.slides).any(|&o| reach(p, o) >= 1)
    }

    /// Whether one move of the piece goes from `p` to `q`: `p - q` is a
    /// jump, or a multiple `k >= 1` of a slide. O(number of offsets).
    pub fn is_move_at<const N: usize>(&self, p: [u64; N], q: [u64; N]) -> bool {
        if self.is_terminal_at(p) || (0..N).any(|i| q[i] > p[i]) || p == q {
            return false;
        }
        let d: [u64; N] = std::array::from_fn(|i| p[i] - q[i]);
        let is = |o: &Offset, k: u64| o.steps().iter().zip(d).all(|(&c, di)| c as u128 * k as u128 == di as u128);
        self.piece.jumps.iter().any(|o| is(o, 1))
            || self.piece.slides.iter().any(|o| {
                let c = o.steps();
                let i = (0..N).find(|&i| c[i] > 0).unwrap_or(0);
                let k = if c[i] == 0 { 0 } else { d[i] / c[i] as u64 };
                k >= 1 && is(o, k)
            })
    }

    /// An upper bound on the number of moves at `p` (jumps that fit plus
    /// the reach of every slide; a target two offsets share counts twice).
    /// Saturates instead of overflowing.
    pub fn move_count_bound<const N: usize>(&self, p: [u64; N]) -> u64 {
        if self.is_terminal_at(p) {
            return 0;
        }
        let jumps = self.piece.jumps.iter().filter(|&&o| reach(p, o) >= 1).count() as u64;
        self.piece.slides.iter().fold(jumps, |n, &o| n.saturating_add(reach(p, o)))
    }

    /// Every move at `p`, when there are at most `limit` (by
    /// [`Rules::move_count_bound`]); `None` when there may be more.
    pub fn moves_at_most<const N: usize>(&self, p: [u64; N], limit: u64) -> Option<Vec<[u64; N]>> {
        (self.move_count_bound(p) <= limit).then(|| self.moves_at(p))
    }

    /// Every position reachable from `p` in one move of the piece, each
    /// once, in no particular order. Grows with the position for slides:
    /// for huge positions ask [`Rules::move_count_bound`] first (or use
    /// [`Rules::moves_at_most`]). Programs list their moves with
    /// [`super::Program::options`] instead.
    pub fn moves_at<const N: usize>(&self, p: [u64; N]) -> Vec<[u64; N]> {
        let mut out = std::collections::BTreeSet::new();
        if self.is_terminal_at(p) {
            return Vec::new();
        }
        for &o in &self.piece.jumps {
            if let Some(q) = step(p, o, 1) {
                out.insert(q);
            }
        }
        for &o in &self.piece.slides {
            for k in 1..=reach(p, o) {
                if let Some(q) = step(p, o, k) {
                    out.insert(q);
                }
            }
        }
        out.into_iter().collect()
    }

    /// One move at `p`, chosen with `below(n)` (a random number in
    /// `0..n`): an offset that fits, then for a slide how far. Every offset
    /// is equally likely, not every target. `None` when there is no move.
    pub fn random_move_at<const N: usize>(&self, p: [u64; N], below: &mut dyn FnMut(u64) -> u64) -> Option<[u64; N]> {
        if self.is_terminal_at(p) {
            return None;
        }
        let fits: Vec<(Offset, u64)> = self
            .piece
            .jumps
            .iter()
            .map(|&o| (o, reach(p, o).min(1)))
            .chain(self.piece.slides.iter().map(|&o| (o, reach(p, o))))
            .filter(|&(_, k)| k >= 1)
            .collect();
        if fits.is_empty() {
            return None;
        }
        let (o, most) = fits[below(fits.len() as u64) as usize];
        step(p, o, 1 + below(most))
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::preset;

    /// The questions agree with the full list of moves on small positions
    /// of pieces in one, two and three coordinates, terminal sets included.
    #[test]
    fn the_questions_agree_with_the_list_of_moves() {
        for name in
            ["queen", "queen-t2", "dragon-horse", "ryuoh:4", "knight", "nim-1", "nim-3", "queen-3", "queen-3-all"]
        {
            let rules = preset(name).unwrap();
            let d = rules.dimension as usize;
            let side = if d == 3 { 6 } else { 11 };
            let range = |i: usize| if i < d { 0..side } else { 0..1 };
            for x in range(0) {
                for y in range(1) {
                    for z in range(2) {
                        let p = [x, y, z];
                        let moves = rules.moves_at(p);
                        assert_eq!(rules.has_move_at(p), !moves.is_empty(), "{name} {p:?}");
                        assert!(rules.move_count_bound(p) >= moves.len() as u64, "{name} {p:?}");
                        for qx in range(0) {
                            for qy in range(1) {
                                for qz in range(2) {
                                    let q = [qx, qy, qz];
                                    assert_eq!(rules.is_move_at(p, q), moves.contains(&q), "{name} {p:?} -> {q:?}");
                                }
                            }
                        }
                        let mut state = 7u64;
                        let mut below = |n: u64| {
                            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                            (state >> 33) % n
                        };
                        for _ in 0..20 {
                            match rules.random_move_at(p, &mut below) {
                                Some(q) => assert!(moves.contains(&q), "{name} {p:?} -> {q:?}"),
                                None => assert!(moves.is_empty(), "{name} {p:?}"),
                            }
                        }
                    }
                }
            }
        }
    }

    /// At 10^15 stones the answers come at once, and a random move is legal.
    #[test]
    fn huge_positions_are_answered_without_a_list() {
        let rules = preset("queen-3-all").unwrap();
        let big = 10u64.pow(15);
        let p = [big, big + 3, big - 7];
        assert!(rules.has_move_at(p));
        assert!(rules.move_count_bound(p) > 3 * big);
        assert_eq!(rules.moves_at_most(p, 1000), None);
        assert!(rules.is_move_at(p, [big - 5, big - 2, big - 12]));
        assert!(!rules.is_move_at(p, [big - 5, big - 1, big - 12]));
        let mut n = 0;
        let q = rules.random_move_at(p, &mut |m| {
            n += 1;
            m / 2
        });
        assert!(rules.is_move_at(p, q.unwrap()));
        assert_eq!(n, 2);
    }
}
