//! The moves of a game as a formula of Presburger arithmetic, for the
//! games whose moves can be said so: a piece's slides and jumps in one to
//! three coordinates, a finite terminal set (or the triangle
//! `x + y <= n`), normal or misère play.
//!
//! A slide `(dx, dy)` reaches `(x − t·dx, y − t·dy)` for every `t >= 1`:
//! `E t (t >= 1 & x = u + dx*t & y = v + dy*t)`; a jump
//! `x = u + dx & y = v + dy`; no move leaves a terminal position.

use super::ProofError;
use super::formula::{self, Formula};

/// The coordinates' names, in order: `x`, `y`, `z`.
pub const COORDINATES: [&str; 3] = ["x", "y", "z"];
/// The names of the coordinates after a move: `u`, `v`, `w`.
pub const TARGETS: [&str; 3] = ["u", "v", "w"];

/// Where a game ends besides the positions with no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terminal {
    /// These cells (coordinates beyond the dimension are 0).
    Cells(Vec<[u64; 3]>),
    /// The triangle `x + y <= n` of two coordinates.
    Triangle(u64),
}

/// A game of one to three coordinates as the proof room sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMoves {
    /// 1, 2 or 3 coordinates.
    pub dimension: usize,
    /// Offsets repeated any number of times `t >= 1`.
    pub slides: Vec<[u32; 3]>,
    /// Offsets made once.
    pub jumps: Vec<[u32; 3]>,
    /// The terminal positions.
    pub terminal: Terminal,
    /// Whether the last move loses.
    pub misere: bool,
}

impl GameMoves {
    /// The queen of Wythoff's game: slides along both axes and the diagonal.
    pub fn queen() -> GameMoves {
        GameMoves {
            dimension: 2,
            slides: vec![[1, 0, 0], [0, 1, 0], [1, 1, 0]],
            jumps: vec![],
            terminal: Terminal::Cells(vec![]),
            misere: false,
        }
    }

    /// The names of the coordinates of a position.
    pub fn coordinates(&self) -> Vec<String> {
        COORDINATES[..self.dimension].iter().map(|s| s.to_string()).collect()
    }

    /// The names of the coordinates after a move.
    pub fn targets(&self) -> Vec<String> {
        TARGETS[..self.dimension].iter().map(|s| s.to_string()).collect()
    }

    /// `M(x, y, u, v)` in Walnut's syntax: there is a move from `(x, y)`
    /// to `(u, v)`.
    pub fn move_formula_text(&self) -> Result<String, ProofError> {
        if !(1..=3).contains(&self.dimension) {
            return Err(ProofError::NotExpressible {
                reason: format!("proofs take games of 1 to 3 coordinates, not {}", self.dimension),
            });
        }
        if self.slides.is_empty() && self.jumps.is_empty() {
            return Err(ProofError::NotExpressible { reason: "the piece has no moves".into() });
        }
        let d = self.dimension;
        let scaled = |c: u32, t: &str| match c {
            0 => String::new(),
            1 => format!("+{t}"),
            c => format!("+{c}*{t}"),
        };
        let mut moves = Vec::new();
        for o in &self.slides {
            let eqs: Vec<String> =
                (0..d).map(|i| format!("{}={}{}", COORDINATES[i], TARGETS[i], scaled(o[i], "t"))).collect();
            moves.push(format!("(E t (t>=1 & {}))", eqs.join(" & ")));
        }
        for o in &self.jumps {
            let eqs: Vec<String> = (0..d)
                .map(|i| match o[i] {
                    0 => format!("{}={}", COORDINATES[i], TARGETS[i]),
                    c => format!("{}={}+{c}", COORDINATES[i], TARGETS[i]),
                })
                .collect();
            moves.push(format!("({})", eqs.join(" & ")));
        }
        let mut text = moves.join(" | ");
        let terminal = match &self.terminal {
            Terminal::Triangle(n) if d >= 2 => Some(format!("x+y<={n}")),
            Terminal::Triangle(_) => None,
            Terminal::Cells(cells) if cells.is_empty() => None,
            Terminal::Cells(cells) => {
                let each: Vec<String> = cells
                    .iter()
                    .map(|c| {
                        let eqs: Vec<String> = (0..d).map(|i| format!("{}={}", COORDINATES[i], c[i])).collect();
                        format!("({})", eqs.join(" & "))
                    })
                    .collect();
                Some(each.join(" | "))
            }
        };
        if let Some(t) = terminal {
            text = format!("~({t}) & ({text})");
        }
        Ok(text)
    }

    /// The move formula, read.
    pub fn move_formula(&self) -> Result<Formula, ProofError> {
        Ok(formula::parse(&self.move_formula_text()?)?.formula)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queen_with_its_terminal_triangle() {
        let g = GameMoves {
            dimension: 2,
            slides: vec![[1, 0, 0], [0, 1, 0], [1, 1, 0]],
            jumps: vec![],
            terminal: Terminal::Triangle(2),
            misere: false,
        };
        assert_eq!(
            g.move_formula_text().ok().as_deref(),
            Some(
                "~(x+y<=2) & ((E t (t>=1 & x=u+t & y=v)) | (E t (t>=1 & x=u & y=v+t)) | (E t (t>=1 & x=u+t & y=v+t)))"
            )
        );
    }
}
