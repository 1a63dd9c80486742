//! Which rules have a known closed form, and evaluating it.

use super::{hofstadter, is_misere_wythoff_p, is_nim_p, is_wythoff_p, ryuoh_grundy};
use crate::rules::{Convention, Rules, preset};

/// A game whose P-positions (and sometimes Grundy numbers) are known in
/// closed form, so that it can be played exactly at any size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosedForm {
    /// Rook = two-pile Nim; `misere` uses the misère Nim rule.
    Nim {
        /// Misère play (the last move loses).
        misere: bool,
    },
    /// Queen = Wythoff's game.
    Wythoff {
        /// Misère play (the last move loses).
        misere: bool,
    },
    /// The queen with terminal set `x + y <= 2`.
    HofstadterVariant {
        /// Misère play (the last move loses).
        misere: bool,
    },
    /// The parameter-p piece (p = 3: dragon king), normal play.
    Ryuoh {
        /// The parameter `p` of the piece.
        p: u64,
    },
}

impl ClosedForm {
    /// Whether `(x, y)` is a P-position.
    pub fn is_p(self, x: u64, y: u64) -> bool {
        match self {
            ClosedForm::Nim { misere } => is_nim_p(&[x, y], misere),
            ClosedForm::Wythoff { misere: false } => is_wythoff_p(x, y),
            ClosedForm::Wythoff { misere: true } => is_misere_wythoff_p(x, y),
            ClosedForm::HofstadterVariant { misere: false } => hofstadter::is_t2_p(x, y),
            ClosedForm::HofstadterVariant { misere: true } => hofstadter::is_t2_misere_p(x, y),
            ClosedForm::Ryuoh { p } => ryuoh_grundy(p, x, y) == 0,
        }
    }

    /// The Grundy number, where a formula for it is known (normal play).
    pub fn grundy(self, x: u64, y: u64) -> Option<u128> {
        match self {
            ClosedForm::Nim { misere: false } => Some((x ^ y) as u128),
            ClosedForm::Ryuoh { p } => Some(ryuoh_grundy(p, x, y)),
            _ => None,
        }
    }

    /// Whether the position `p` (one coordinate per heap of the game) is a
    /// P-position. Nim takes any number of heaps (Bouton: P iff the XOR of
    /// the heaps is 0; misère: the same, except that when every heap is at
    /// most 1, P iff an odd number of heaps is 1); the other forms are of
    /// two coordinates and read `p[0]`, `p[1]`.
    pub fn is_p_at(self, p: &[u64]) -> bool {
        match self {
            ClosedForm::Nim { misere } => is_nim_p(p, misere),
            _ => self.is_p(p.first().copied().unwrap_or(0), p.get(1).copied().unwrap_or(0)),
        }
    }

    /// The value of the position `p` where a formula is known: the Grundy
    /// number in normal play (Nim's is the XOR of the heaps), the misère
    /// Grundy value in misère play (Nim's is the XOR too, except where no
    /// heap has more than one stone: there it is 1 − XOR).
    pub fn grundy_at(self, p: &[u64]) -> Option<u128> {
        let xor = p.iter().fold(0, |a, &h| a ^ h) as u128;
        match self {
            ClosedForm::Nim { misere: false } => Some(xor),
            ClosedForm::Nim { misere: true } if p.iter().all(|&h| h <= 1) => Some(1 - xor),
            ClosedForm::Nim { misere: true } => Some(xor),
            _ => self.grundy(p.first().copied().unwrap_or(0), p.get(1).copied().unwrap_or(0)),
        }
    }

    /// The formula in words for a game of `dimension` coordinates (Nim's
    /// depends on the number of heaps).
    pub fn describe_in(self, dimension: u8) -> &'static str {
        match (self, dimension) {
            (ClosedForm::Nim { misere: false }, 1) => "g = x (one heap of Nim)",
            (ClosedForm::Nim { misere: true }, 1) => {
                "misère Nim on one heap: g⁻ = x, except g⁻(0) = 1 and g⁻(1) = 0; P iff x = 1"
            }
            (ClosedForm::Nim { misere: false }, 3) => "g = x XOR y XOR z (Bouton)",
            (ClosedForm::Nim { misere: true }, 3) => {
                "misère Nim (Bouton): g⁻ = x XOR y XOR z, except when every heap is at most 1: then 1 − XOR \
                 (P iff an odd number of heaps is 1)"
            }
            _ => self.describe(),
        }
    }

    /// The formula in words, for hints.
    pub fn describe(self) -> &'static str {
        match self {
            ClosedForm::Nim { misere: false } => "P iff x XOR y = 0",
            ClosedForm::Nim { misere: true } => {
                "misère Nim: g⁻ = x XOR y (P iff it is 0), except when both heaps are at most 1: then 1 − XOR"
            }
            ClosedForm::Wythoff { misere: false } => "P iff {x, y} = {floor(n phi), floor(n phi^2)}",
            ClosedForm::Wythoff { misere: true } => "misère Wythoff: (0,1), (2,2) and the Wythoff pairs for n >= 2",
            ClosedForm::HofstadterVariant { misere: false } => {
                "x + y <= 2, or {floor(n phi) + gs(n) - 1, floor(n phi^2) + gs(n)}"
            }
            ClosedForm::HofstadterVariant { misere: true } => "small exceptions, then Wythoff's P-positions",
            ClosedForm::Ryuoh { .. } => "g = mod(x+y, p) + p (floor(x/p) XOR floor(y/p))",
        }
    }
}

/// The closed form of a game of heaps, for positions of any number of
/// coordinates: [`closed_form`] for two coordinates, and n-heap Nim (the
/// rook of one or three to eight coordinates, normal or misère, no pass:
/// Bouton's rule). (The board's callers keep [`closed_form`], whose forms take
/// `(x, y)`.)
pub fn closed_form_of_heaps(rules: &Rules) -> Option<ClosedForm> {
    if rules.dimension == 2 {
        return closed_form(rules);
    }
    if rules.passes.any() || rules.program.is_some() {
        return None;
    }
    let name = match rules.dimension {
        1 => "nim-1".to_string(),
        3 => "nim-3".to_string(),
        d => format!("nim-{d}"),
    };
    let nim = preset(&name).ok()?;
    (nim.piece == rules.piece && nim.terminal == rules.terminal)
        .then_some(ClosedForm::Nim { misere: rules.convention == Convention::Misere })
}

/// The closed form of `rules`, if the piece, terminal set and convention are
/// one of the known games (compared by value, not by name).
pub fn closed_form(rules: &Rules) -> Option<ClosedForm> {
    // The forms below are of two-coordinate games without a pass.
    if rules.passes.any() || rules.dimension != 2 || rules.program.is_some() {
        return None;
    }
    let misere = rules.convention == Convention::Misere;
    let same = |name: &str| {
        let p = preset(name).expect("preset");
        p.piece == rules.piece && p.terminal == rules.terminal
    };
    if same("nim") {
        return Some(ClosedForm::Nim { misere });
    }
    if same("queen") {
        return Some(ClosedForm::Wythoff { misere });
    }
    if same("queen-t2") {
        return Some(ClosedForm::HofstadterVariant { misere });
    }
    if !misere && rules.terminal.is_empty() {
        // The parameter-p piece: rook slides plus every (s,t), s+t <= p-1.
        if let Some(p) = crate::rules::parameter_p_of(&rules.piece) {
            return Some(ClosedForm::Ryuoh { p: u64::from(p) });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;
    use crate::grundy::compute_box;

    #[test]
    fn heaps_of_nim_agree_with_tables() {
        for (name, dims) in [("nim-1", [600, 1, 1]), ("nim-3", [24, 24, 24]), ("nim", [100, 100, 1])] {
            for misere in [false, true] {
                let mut rules = preset(name).unwrap();
                if misere {
                    rules.convention = Convention::Misere;
                }
                let cf = closed_form_of_heaps(&rules).unwrap_or_else(|| panic!("{name} has a closed form"));
                assert_eq!(cf, ClosedForm::Nim { misere });
                let t = compute_box(&rules, dims, &Control::new()).unwrap();
                for z in 0..dims[2] {
                    for y in 0..dims[1] {
                        for x in 0..dims[0] {
                            let heaps = &[x as u64, y as u64, z as u64][..rules.dimension as usize];
                            let v = t.get_at([x, y, z], 0);
                            assert_eq!(cf.is_p_at(heaps), t.is_p_at([x, y, z], 0), "{name} misère {misere} {heaps:?}");
                            assert_eq!(cf.grundy_at(heaps), Some(v as u128), "{name} misère {misere} {heaps:?}");
                        }
                    }
                }
            }
        }
        // Other heaps, a pass or a program: no closed form of heaps.
        for name in ["queen-3", "nim-3+pass", "restricted-nim", "queen-3-all"] {
            assert_eq!(closed_form_of_heaps(&preset(name).unwrap()), None, "{name}");
        }
        // Two coordinates: the closed forms of the board.
        assert_eq!(closed_form_of_heaps(&preset("queen").unwrap()), Some(ClosedForm::Wythoff { misere: false }));
    }
}
