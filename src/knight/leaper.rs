//! Leapers: pieces that jump by `(±a, ±b)` or `(±b, ±a)` in one move.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An `(a, b)`-leaper: one move changes the coordinates by `(±a, ±b)` or
/// `(±b, ±a)`. The knight is `(1, 2)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leaper {
    /// The first step length.
    pub a: u8,
    /// The second step length.
    pub b: u8,
}

impl Default for Leaper {
    fn default() -> Self {
        Leaper::KNIGHT
    }
}

/// The largest step length a leaper may have.
pub const MAX_STEP: u8 = 32;

impl Leaper {
    /// The knight, (1, 2).
    pub const KNIGHT: Leaper = Leaper { a: 1, b: 2 };
    /// The camel, (1, 3).
    pub const CAMEL: Leaper = Leaper { a: 1, b: 3 };
    /// The zebra, (2, 3).
    pub const ZEBRA: Leaper = Leaper { a: 2, b: 3 };
    /// The giraffe, (1, 4).
    pub const GIRAFFE: Leaper = Leaper { a: 1, b: 4 };

    /// The leaper of a piece from the move-matrix editor whose moves are all
    /// jumps of one shape: jumps `{(a, b), (b, a)}` (or `{(a, a)}`) and no
    /// slides. A piece there moves only toward the corner; on a board the
    /// leaper jumps the same shape in every direction.
    pub fn from_piece(piece: &crate::rules::Piece) -> Option<Leaper> {
        if !piece.slides.is_empty() {
            return None;
        }
        let first = piece.jumps.iter().next()?;
        let (a, b) = (first.dx.min(first.dy), first.dx.max(first.dy));
        let shape = |o: &crate::rules::Offset| (o.dx.min(o.dy), o.dx.max(o.dy)) == (a, b);
        let expected = if a == b { 1 } else { 2 };
        if piece.jumps.len() != expected || !piece.jumps.iter().all(shape) {
            return None;
        }
        Leaper::new(u8::try_from(a).ok()?, u8::try_from(b).ok()?).ok()
    }

    /// An `(a, b)`-leaper; `(0, 0)` and steps over [`MAX_STEP`] are refused.
    pub fn new(a: u8, b: u8) -> Result<Leaper, String> {
        let l = Leaper { a, b };
        l.check()?;
        Ok(l)
    }

    /// Checks that this is a real leaper.
    pub fn check(&self) -> Result<(), String> {
        if self.a == 0 && self.b == 0 {
            return Err("a (0,0)-leaper never moves; choose a or b above 0".into());
        }
        if self.a > MAX_STEP || self.b > MAX_STEP {
            return Err(format!("the leaper ({},{}) jumps too far; steps go up to {MAX_STEP}", self.a, self.b));
        }
        Ok(())
    }

    /// The distinct moves `(dx, dy)`: 8 in general, 4 when `a == b` or one
    /// of them is 0.
    pub fn moves(&self) -> Vec<(i32, i32)> {
        let (a, b) = (self.a as i32, self.b as i32);
        let mut out = Vec::with_capacity(8);
        for (p, q) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let m = (sx * p, sy * q);
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        out
    }

    /// Whether every move changes the colour `(x + y) mod 2` of the cell,
    /// which makes every leaper graph bipartite (true iff `a + b` is odd).
    pub fn changes_colour(&self) -> bool {
        (self.a + self.b) % 2 == 1
    }

    /// Whether `(dx, dy)` is one move of this leaper.
    pub fn is_move(&self, dx: i64, dy: i64) -> bool {
        let (a, b) = (self.a as i64, self.b as i64);
        let (x, y) = (dx.abs(), dy.abs());
        (x == a && y == b) || (x == b && y == a)
    }

    /// The traditional name, if it has one.
    pub fn name(&self) -> Option<&'static str> {
        let (p, q) = (self.a.min(self.b), self.a.max(self.b));
        Some(match (p, q) {
            (0, 1) => "wazir",
            (1, 1) => "ferz",
            (0, 2) => "dabbaba",
            (1, 2) => "knight",
            (2, 2) => "alfil",
            (0, 3) => "threeleaper",
            (1, 3) => "camel",
            (2, 3) => "zebra",
            (1, 4) => "giraffe",
            _ => return None,
        })
    }
}

impl fmt::Display for Leaper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => write!(f, "{n} ({},{})", self.a, self.b),
            None => write!(f, "({},{})-leaper", self.a, self.b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_made_of_one_jump_shape_are_leapers() {
        let knight = crate::rules::preset("knight").unwrap();
        assert_eq!(Leaper::from_piece(&knight.piece), Some(Leaper { a: 1, b: 2 }));
        let camel = crate::rules::Piece::new(&[], &[(3, 1), (1, 3)]);
        assert_eq!(Leaper::from_piece(&camel), Some(Leaper { a: 1, b: 3 }));
        let ferz = crate::rules::Piece::new(&[], &[(1, 1)]);
        assert_eq!(Leaper::from_piece(&ferz), Some(Leaper { a: 1, b: 1 }));
        for name in ["queen", "king", "dragon-king"] {
            assert_eq!(Leaper::from_piece(&crate::rules::preset(name).unwrap().piece), None, "{name}");
        }
        assert_eq!(Leaper::from_piece(&crate::rules::Piece::new(&[], &[(1, 2)])), None, "half a knight");
    }

    #[test]
    fn move_counts() {
        assert_eq!(Leaper::KNIGHT.moves().len(), 8);
        assert_eq!(Leaper::new(1, 1).unwrap().moves().len(), 4);
        assert_eq!(Leaper::new(0, 2).unwrap().moves().len(), 4);
        assert!(Leaper::new(0, 0).is_err());
        assert!(Leaper::KNIGHT.changes_colour());
        assert!(!Leaper::CAMEL.changes_colour());
        assert!(Leaper::KNIGHT.is_move(-2, 1));
        assert!(!Leaper::KNIGHT.is_move(2, 2));
    }
}
