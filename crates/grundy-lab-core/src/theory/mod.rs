//! Closed forms, in exact integer arithmetic: Wythoff pairs, Zeckendorf
//! representations, misère Wythoff, the Hofstadter-G variant, the Ryuoh
//! formula and Nim. "Is this a P-position?" without a table, for any size.
//! And the construction of the P-positions step by step ([`Construction`]).

mod closed;
mod construction;
mod heap_nim;
mod hofstadter;
mod wythoff;
mod zeckendorf;

pub use closed::{ClosedForm, closed_form, closed_form_of_heaps};
pub use construction::{Construction, ConstructionError, MAX_CONSTRUCTION_SIDE, Step};
pub use heap_nim::nim_winning_moves;
pub use hofstadter::{gs, hofstadter, is_t2_misere_p, is_t2_p, t2_pair};
pub use wythoff::{
    PHI_F64, floor_phi, floor_phi2, is_misere_wythoff_p, is_wythoff_p, isqrt_5n2, wythoff_index, wythoff_pair,
    wythoff_partner,
};
pub use zeckendorf::{fibonacci, wythoff_fibonacci_form, zeckendorf};

/// Grundy number of the parameter-p piece (p = 3: the dragon king):
/// `mod(x+y, p) + p * (floor(x/p) XOR floor(y/p))`.
pub fn ryuoh_grundy(p: u64, x: u64, y: u64) -> u128 {
    ((x as u128 + y as u128) % p as u128) + p as u128 * ((x / p) ^ (y / p)) as u128
}

/// Grundy number of two-pile Nim (the rook): `x XOR y`.
pub fn nim_grundy(x: u64, y: u64) -> u64 {
    x ^ y
}

/// Whether the Nim position with these heaps is a P-position: nim-sum 0 in
/// normal play; in misère, when every heap is 0 or 1 (the
/// [`is_misere_nim_endgame`], where the rule flips) the P-positions are
/// those with an odd number of 1-heaps, otherwise nim-sum 0 again.
pub fn is_nim_p(heaps: &[u64], misere: bool) -> bool {
    let sum = heaps.iter().fold(0, |a, &h| a ^ h);
    if misere && is_misere_nim_endgame(heaps) { heaps.iter().filter(|&&h| h == 1).count() % 2 == 1 } else { sum == 0 }
}

/// The endgame of misère Nim: every heap has at most one stone. There
/// Bouton's rule flips: a P-position has an odd number of one-stone heaps
/// (nim-sum 1), where in normal play it has an even number (nim-sum 0).
/// While some heap has two stones or more, misère and normal Nim have the
/// same P-positions (nim-sum 0).
pub fn is_misere_nim_endgame(heaps: &[u64]) -> bool {
    heaps.iter().all(|&h| h <= 1)
}
