//! Why a position is a P-position, and why the computer played a move, as
//! data: the UI turns it into a sentence in the user's language; the formula
//! part ([`Why::formula`]) is mathematics and reads the same in every
//! language. `Display` gives the English sentence (for the CLI and tests).

use crate::theory::{floor_phi, floor_phi2, gs};
use std::fmt;

/// Why `(x, y)` is a P-position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// Wythoff's game: `{x, y} = {floor(n phi), floor(n phi^2)}`.
    Wythoff {
        /// The index `n` of the Wythoff pair.
        n: u64,
    },
    /// The Hofstadter-G variant: `{x, y} = {floor(n phi) + gs(n) - 1, floor(n phi^2) + gs(n)}`.
    HofstadterPair {
        /// The index `n` of the pair.
        n: u64,
    },
    /// Two equal piles in Nim: `x XOR x = 0`.
    EqualPiles,
    /// The parameter-p piece: `g = mod(x+y, p) + p (floor(x/p) XOR floor(y/p)) = 0`.
    Ryuoh {
        /// The parameter `p` of the piece.
        p: u64,
    },
    /// The position is in the terminal set: the game ends there.
    Terminal,
    /// One of the few small exceptions of a misère rule.
    Exception,
    /// The computed Grundy table says `g(x, y) = 0` (no closed form is known).
    Table,
}

impl Why {
    /// The reason as a formula about `(x, y)`, e.g. `3 = ⌊2φ⌋, 5 = ⌊2φ²⌋`;
    /// empty when there is no formula to show.
    pub fn formula(self, x: u64, y: u64) -> String {
        match self {
            Why::Wythoff { n } => {
                let (a, b) = (floor_phi(n), floor_phi2(n));
                if n == 0 {
                    "0 = ⌊0φ⌋ = ⌊0φ²⌋".to_string()
                } else if (x as u128, y as u128) == (a, b) {
                    format!("{x} = ⌊{n}φ⌋, {y} = ⌊{n}φ²⌋")
                } else {
                    format!("{x} = ⌊{n}φ²⌋, {y} = ⌊{n}φ⌋")
                }
            }
            Why::HofstadterPair { n } => {
                let g = gs(n);
                let (a, b) = (floor_phi(n) + g as u128 - 1, floor_phi2(n) + g as u128);
                let (ea, eb) = (format!("⌊{n}φ⌋ + {g} - 1"), format!("⌊{n}φ²⌋ + {g}"));
                if x as u128 == a && y as u128 == b {
                    format!("{x} = {ea}, {y} = {eb}  (gs({n}) = {g})")
                } else {
                    format!("{x} = {eb}, {y} = {ea}  (gs({n}) = {g})")
                }
            }
            Why::EqualPiles => format!("{x} XOR {y} = 0"),
            Why::Ryuoh { p } => {
                format!("({x}+{y}) mod {p} = 0, ⌊{x}/{p}⌋ XOR ⌊{y}/{p}⌋ = 0")
            }
            Why::Terminal | Why::Exception => String::new(),
            Why::Table => format!("g({x}, {y}) = 0"),
        }
    }
}

/// Why the computer played the move it played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It moved to `(x, y)`, a P-position, for the reason given.
    ToP {
        /// The first coordinate moved to.
        x: u64,
        /// The second coordinate moved to.
        y: u64,
        /// Why `(x, y)` is a P-position.
        why: Why,
    },
    /// It was in a P-position: every move loses against best play, so it
    /// made a small move and hopes for a mistake.
    NoWinningMove,
    /// It plays at random (the "random" strength).
    Random,
    /// It made a random move on purpose (the "makes mistakes" strength).
    Mistake,
    /// Nothing is known about this position (no closed form, too large to
    /// tabulate), so it moved at random.
    Unknown,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::ToP { x, y, why } => {
                write!(f, "({x},{y}) is a P-position")?;
                match why {
                    Why::Terminal => write!(f, ": it is in the terminal set"),
                    Why::Exception => write!(f, ": one of the small exceptions of the misère rule"),
                    _ => write!(f, ": {}", why.formula(x, y)),
                }
            }
            Reason::NoWinningMove => f.write_str(
                "This was a P-position: every move loses against best play, so the computer made a small move",
            ),
            Reason::Random => f.write_str("The computer plays at random"),
            Reason::Mistake => f.write_str("The computer made a mistake on purpose"),
            Reason::Unknown => f.write_str("Nothing is known about this position, so the computer moved at random"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wythoff_sentence() {
        let r = Reason::ToP { x: 3, y: 5, why: Why::Wythoff { n: 2 } };
        assert_eq!(r.to_string(), "(3,5) is a P-position: 3 = ⌊2φ⌋, 5 = ⌊2φ²⌋");
        let r = Reason::ToP { x: 5, y: 3, why: Why::Wythoff { n: 2 } };
        assert_eq!(r.to_string(), "(5,3) is a P-position: 5 = ⌊2φ²⌋, 3 = ⌊2φ⌋");
        assert_eq!(Why::Wythoff { n: 0 }.formula(0, 0), "0 = ⌊0φ⌋ = ⌊0φ²⌋");
        assert_eq!(Why::EqualPiles.formula(7, 7), "7 XOR 7 = 0");
    }
}
