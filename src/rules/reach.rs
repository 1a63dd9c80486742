//! The moves of a piece from a position, without listing them: whether
//! there is one, whether one goes to a given position, how many there are
//! at most, and one chosen at random. A position may hold 10^15 stones,
//! and a slide from it has as many targets, so play at any size asks these
//! questions instead of [`Rules::moves_at`], whose cost grows with the
//! position.

use super::{Offset, Pos, Rules};

/// `p - k * o` when it stays on the board (every coordinate `>= 0`).
fn step(p: Pos, o: Offset, k: u64) -> Option<Pos> {
    let c = o.components();
    let mut out = [0; 3];
    for i in 0..3 {
        out[i] = p[i].checked_sub((c[i] as u64).checked_mul(k)?)?;
    }
    Some(out)
}

/// The largest `k` with `p - k * o` on the board (0: the offset does not fit).
fn reach(p: Pos, o: Offset) -> u64 {
    let c = o.components();
    (0..3).filter(|&i| c[i] > 0).map(|i| p[i] / c[i] as u64).min().unwrap_or(0)
}

impl Rules {
    /// Whether the piece has a move at `p` (not terminal, and some jump or
    /// slide fits). O(number of offsets), for any size. Not for programs.
    pub fn has_move_at(&self, p: Pos) -> bool {
        !self.terminal.contains_at(p) && self.piece.jumps.iter().chain(&self.piece.slides).any(|&o| reach(p, o) >= 1)
    }

    /// Whether one move of the piece goes from `p` to `q`: `p - q` is a
    /// jump, or a multiple `k >= 1` of a slide. O(number of offsets).
    pub fn is_move_at(&self, p: Pos, q: Pos) -> bool {
        if self.terminal.contains_at(p) || (0..3).any(|i| q[i] > p[i]) || p == q {
            return false;
        }
        let d = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
        let is = |o: &Offset, k: u64| o.components().iter().zip(d).all(|(&c, di)| c as u128 * k as u128 == di as u128);
        self.piece.jumps.iter().any(|o| is(o, 1))
            || self.piece.slides.iter().any(|o| {
                let c = o.components();
                let i = (0..3).find(|&i| c[i] > 0).unwrap_or(0);
                let k = if c[i] == 0 { 0 } else { d[i] / c[i] as u64 };
                k >= 1 && is(o, k)
            })
    }

    /// An upper bound on the number of moves at `p` (jumps that fit plus
    /// the reach of every slide; a target two offsets share counts twice).
    /// Saturates instead of overflowing.
    pub fn move_count_bound(&self, p: Pos) -> u64 {
        if self.terminal.contains_at(p) {
            return 0;
        }
        let jumps = self.piece.jumps.iter().filter(|&&o| reach(p, o) >= 1).count() as u64;
        self.piece.slides.iter().fold(jumps, |n, &o| n.saturating_add(reach(p, o)))
    }

    /// Every move at `p`, when there are at most `limit` (by
    /// [`Rules::move_count_bound`]); `None` when there may be more.
    pub fn moves_at_most(&self, p: Pos, limit: u64) -> Option<Vec<Pos>> {
        (self.move_count_bound(p) <= limit).then(|| self.moves_at(p))
    }

    /// One move at `p`, chosen with `below(n)` (a random number in
    /// `0..n`): an offset that fits, then for a slide how far. Every offset
    /// is equally likely, not every target. `None` when there is no move.
    pub fn random_move_at(&self, p: Pos, below: &mut dyn FnMut(u64) -> u64) -> Option<Pos> {
        if self.terminal.contains_at(p) {
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
