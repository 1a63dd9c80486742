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
    /// jumps of one shape `{a, b}`: jumps `(a, b)`, `(b, a)` or both, and no
    /// slides. A piece there moves only toward the corner; on a board the
    /// leaper jumps the same shape in every direction, so one orientation
    /// `(1, 2)` alone already means the knight. The error says why another
    /// piece is no leaper.
    pub fn from_piece(piece: &crate::rules::Piece) -> Result<Leaper, NotALeaper> {
        if !piece.slides.is_empty() {
            return Err(NotALeaper::Slides);
        }
        let mut shapes: Vec<(u32, u32)> = piece.jumps.iter().map(|o| (o.dx.min(o.dy), o.dx.max(o.dy))).collect();
        shapes.sort_unstable();
        shapes.dedup();
        match shapes[..] {
            [] => Err(NotALeaper::NoMoves),
            [(a, b)] => {
                let step = |v: u32| u8::try_from(v).ok().filter(|&v| v <= MAX_STEP);
                match (step(a), step(b)) {
                    (Some(a), Some(b)) => Leaper::new(a, b).map_err(|_| NotALeaper::NoMoves),
                    _ => Err(NotALeaper::TooFar { a, b }),
                }
            }
            _ => Err(NotALeaper::SeveralShapes { shapes }),
        }
    }

    /// An `(a, b)`-leaper; `(0, 0)` and steps over [`MAX_STEP`] are refused.
    pub fn new(a: u8, b: u8) -> Result<Leaper, LeaperError> {
        let l = Leaper { a, b };
        l.check()?;
        Ok(l)
    }

    /// Checks that this is a real leaper.
    pub fn check(&self) -> Result<(), LeaperError> {
        if self.a == 0 && self.b == 0 {
            return Err(LeaperError::NeverMoves);
        }
        if self.a > MAX_STEP || self.b > MAX_STEP {
            return Err(LeaperError::TooFar { a: self.a, b: self.b });
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

/// Why `(a, b)` is no leaper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaperError {
    /// `(0, 0)`: the piece never moves.
    NeverMoves,
    /// A step is longer than [`MAX_STEP`].
    TooFar {
        /// The first step.
        a: u8,
        /// The second step.
        b: u8,
    },
}

impl fmt::Display for LeaperError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeaperError::NeverMoves => f.write_str("a (0,0)-leaper never moves; choose a or b above 0"),
            LeaperError::TooFar { a, b } => write!(f, "the leaper ({a},{b}) jumps too far; steps go up to {MAX_STEP}"),
        }
    }
}

impl std::error::Error for LeaperError {}

/// Why a piece from the move-matrix editor is not a leaper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotALeaper {
    /// The piece has no moves at all (or only the null jump `(0, 0)`).
    NoMoves,
    /// The piece slides (moves any distance along a line); a leaper only
    /// jumps.
    Slides,
    /// The jumps have several shapes `{a, b}` (`a <= b`, sorted); a leaper
    /// has one.
    SeveralShapes {
        /// The shapes, each `(a, b)` with `a <= b`.
        shapes: Vec<(u32, u32)>,
    },
    /// The jump is longer than [`MAX_STEP`].
    TooFar {
        /// The shorter step.
        a: u32,
        /// The longer step.
        b: u32,
    },
}

impl fmt::Display for NotALeaper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotALeaper::NoMoves => write!(f, "the piece has no jumps"),
            NotALeaper::Slides => write!(f, "the piece slides; a leaper only jumps"),
            NotALeaper::SeveralShapes { shapes } => {
                let list: Vec<String> = shapes.iter().map(|(a, b)| format!("({a},{b})")).collect();
                write!(f, "the piece jumps in {} shapes ({}); a leaper has one", shapes.len(), list.join(", "))
            }
            NotALeaper::TooFar { a, b } => write!(f, "the jump ({a},{b}) is longer than {MAX_STEP}"),
        }
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
        use crate::rules::Piece;
        let knight = crate::rules::preset("knight").unwrap();
        assert_eq!(Leaper::from_piece(&knight.piece), Ok(Leaper { a: 1, b: 2 }));
        let camel = Piece::new(&[], &[(3, 1), (1, 3)]);
        assert_eq!(Leaper::from_piece(&camel), Ok(Leaper { a: 1, b: 3 }));
        let ferz = Piece::new(&[], &[(1, 1)]);
        assert_eq!(Leaper::from_piece(&ferz), Ok(Leaper { a: 1, b: 1 }));
        // One orientation drawn is enough: the leaper jumps every way.
        assert_eq!(Leaper::from_piece(&Piece::new(&[], &[(1, 2)])), Ok(Leaper::KNIGHT), "half a knight");
        assert_eq!(Leaper::from_piece(&Piece::new(&[], &[(3, 2)])), Ok(Leaper::ZEBRA));
        assert_eq!(Leaper::from_piece(&Piece::new(&[], &[(0, 1)])), Ok(Leaper { a: 0, b: 1 }));
        for name in ["queen", "dragon-king"] {
            let why = Leaper::from_piece(&crate::rules::preset(name).unwrap().piece).unwrap_err();
            assert_eq!(why, NotALeaper::Slides, "{name}");
        }
        // The king steps (0,1), (1,0) and (1,1): two shapes.
        let king = Leaper::from_piece(&crate::rules::preset("king").unwrap().piece);
        assert_eq!(king, Err(NotALeaper::SeveralShapes { shapes: vec![(0, 1), (1, 1)] }));
        let two = Piece::new(&[], &[(1, 2), (3, 1), (2, 1)]);
        assert_eq!(Leaper::from_piece(&two), Err(NotALeaper::SeveralShapes { shapes: vec![(1, 2), (1, 3)] }));
        assert_eq!(
            Leaper::from_piece(&two).unwrap_err().to_string(),
            "the piece jumps in 2 shapes ((1,2), (1,3)); a leaper has one"
        );
        assert_eq!(Leaper::from_piece(&Piece::new(&[], &[])), Err(NotALeaper::NoMoves));
        assert_eq!(Leaper::from_piece(&Piece::new(&[], &[(1, 40)])), Err(NotALeaper::TooFar { a: 1, b: 40 }));
        assert_eq!(Leaper::from_piece(&Piece::new(&[], &[(1, 300)])), Err(NotALeaper::TooFar { a: 1, b: 300 }));
    }

    #[test]
    fn move_counts() {
        assert_eq!(Leaper::KNIGHT.moves().len(), 8);
        assert_eq!(Leaper::new(1, 1).unwrap().moves().len(), 4);
        assert_eq!(Leaper::new(0, 2).unwrap().moves().len(), 4);
        assert_eq!(Leaper::new(0, 0), Err(LeaperError::NeverMoves));
        assert_eq!(Leaper::new(1, MAX_STEP + 1), Err(LeaperError::TooFar { a: 1, b: MAX_STEP + 1 }));
        assert_eq!(Leaper { a: 40, b: 0 }.check(), Err(LeaperError::TooFar { a: 40, b: 0 }));
        assert!(Leaper::KNIGHT.changes_colour());
        assert!(!Leaper::CAMEL.changes_colour());
        assert!(Leaper::KNIGHT.is_move(-2, 1));
        assert!(!Leaper::KNIGHT.is_move(2, 2));
    }
}
