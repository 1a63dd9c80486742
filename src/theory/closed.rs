//! Which rules have a known closed form, and evaluating it.

use super::{hofstadter, is_misere_wythoff_p, is_nim_p, is_wythoff_p, ryuoh_grundy};
use crate::rules::{Convention, Rules, preset};

/// A game whose P-positions (and sometimes Grundy numbers) are known in
/// closed form, so that it can be played exactly at any size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosedForm {
    /// Rook = two-pile Nim; `misere` uses the misère Nim rule.
    Nim { misere: bool },
    /// Queen = Wythoff's game.
    Wythoff { misere: bool },
    /// The queen with terminal set `x + y <= 2`.
    HofstadterVariant { misere: bool },
    /// The parameter-p piece (p = 3: dragon king), normal play.
    Ryuoh { p: u64 },
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

    /// The formula in words, for hints.
    pub fn describe(self) -> &'static str {
        match self {
            ClosedForm::Nim { misere: false } => "P iff x XOR y = 0",
            ClosedForm::Nim { misere: true } => "misère Nim: P iff x XOR y = 0, except when both heaps are at most 1",
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

/// The closed form of `rules`, if the piece, terminal set and convention are
/// one of the known games (compared by value, not by name).
pub fn closed_form(rules: &Rules) -> Option<ClosedForm> {
    // The forms below are of two-coordinate games without a pass.
    if rules.pass || rules.dimension != 2 || rules.program.is_some() {
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
        let jumps = rules.piece.jumps.len();
        if jumps > 0 {
            let p = rules.piece.jumps.iter().map(|o| o.dx + o.dy).max().unwrap_or(0) + 1;
            if same(&format!("ryuoh:{p}")) {
                return Some(ClosedForm::Ryuoh { p: p as u64 });
            }
        }
    }
    None
}
