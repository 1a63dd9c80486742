//! Known formulas a user can insert into the formula box and check.

/// Which known formula this is: the user interface names and describes
/// each kind in its own language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KnownKind {
    /// `g = x XOR y`: two-pile Nim, the rook.
    Nim,
    /// The parameter-p formula with p = 3: the dragon king (Ryuo Nim).
    DragonKing,
    /// The parameter-p formula for this `p` (> 3).
    ParameterP(u32),
    /// Wythoff's P-positions, normal play.
    Wythoff,
    /// Wythoff's P-positions, misère play.
    MisereWythoff,
    /// The Hofstadter-G variant: the queen with terminal set x + y <= 2.
    HofstadterVariant,
    /// Wythoff's P-positions written out with `floor_phi`.
    WythoffWrittenOut,
    /// Wythoff with phi replaced by 8/5: wrong on purpose.
    WrongPhi,
}

/// A formula with a name and what it claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownFormula {
    /// Which formula (for translated names and descriptions).
    pub kind: KnownKind,
    /// Short name for a menu.
    pub name: String,
    /// One line: what the formula says and for which game it holds.
    pub description: String,
    /// The formula in the formula language.
    pub text: String,
}

/// The parameter-p formula `mod(x+y, p) + p * (floor(x/p) XOR floor(y/p))`
/// with `p` filled in: the Grundy numbers of the parameter-p piece (rook
/// slides plus every jump (s, t), s, t >= 1, s + t <= p - 1). p = 3 is the
/// dragon king; p = 1 and p = 2 give Nim.
pub fn parameter_p_formula(p: u32) -> String {
    format!("(x + y) % {p} + {p} * ((x / {p}) ^ (y / {p}))")
}

/// The library: Nim, the parameter-p formula (for p = 3 and p = 4), Wythoff's
/// P-positions (normal and misère), the Hofstadter-G variant, and one formula
/// that is wrong on purpose.
pub fn known_formulas() -> Vec<KnownFormula> {
    use KnownKind::*;
    let f = |kind: KnownKind, name: &str, description: &str, text: String| KnownFormula {
        kind,
        name: name.to_string(),
        description: description.to_string(),
        text,
    };
    vec![
        f(Nim, "Nim (rook)", "g = x XOR y: the Grundy numbers of two-pile Nim, the rook", "x ^ y".to_string()),
        f(
            DragonKing,
            "Dragon king (p = 3)",
            "g = mod(x+y, 3) + 3 (floor(x/3) XOR floor(y/3)): the dragon king (Ryuo Nim, arXiv 1711.01411)",
            parameter_p_formula(3),
        ),
        f(
            ParameterP(4),
            "Parameter-p piece (p = 4)",
            "g = mod(x+y, p) + p (floor(x/p) XOR floor(y/p)); change 4 to the p of your piece",
            parameter_p_formula(4),
        ),
        f(
            Wythoff,
            "Wythoff P-positions (queen)",
            "P iff (x, y) is (floor(n phi), floor(n phi^2)) in either order: Wythoff's game, normal play",
            "is_wythoff_p(x, y)".to_string(),
        ),
        f(
            MisereWythoff,
            "Misère Wythoff P-positions",
            "(0,1), (2,2) and the Wythoff pairs for n >= 2: the queen, misère play",
            "is_misere_wythoff_p(x, y)".to_string(),
        ),
        f(
            HofstadterVariant,
            "Hofstadter-G variant (queen-t2)",
            "P iff x + y <= 2 or (x, y) is (floor(n phi) + gs(n) - 1, floor(n phi^2) + gs(n)) in either order",
            "is_t2_p(x, y)".to_string(),
        ),
        f(
            WythoffWrittenOut,
            "Wythoff written out",
            "the same P-positions from floor_phi: min(x, y) = floor(n phi) with n = |x - y|",
            "min(x, y) == floor_phi(abs(x - y))".to_string(),
        ),
        f(
            WrongPhi,
            "Wrong on purpose: phi = 8/5",
            "Wythoff with phi replaced by 8/5: agrees for n <= 12, first fails at (20, 33) and (21, 34)",
            "let n = abs(x - y); min(x, y) == n * 8 / 5".to_string(),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conjecture::Formula;

    #[test]
    fn every_known_formula_compiles() {
        for k in known_formulas() {
            Formula::compile(&k.text).unwrap_or_else(|e| panic!("{}: {e}", k.name));
            assert!(!k.description.is_empty() && !k.description.contains('\n'));
        }
    }

    #[test]
    fn parameter_p_formula_is_the_closed_form() {
        let f = Formula::compile(&parameter_p_formula(5)).unwrap();
        for (x, y) in [(0, 0), (7, 3), (12, 29), (100, 41)] {
            let want = crate::theory::ryuoh_grundy(5, x, y) as i64;
            assert_eq!(f.eval(x as i64, y as i64).unwrap(), crate::conjecture::FormulaValue::Int(want));
        }
    }
}
