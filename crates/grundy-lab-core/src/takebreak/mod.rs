//! Take-and-break games: heaps that may be taken from and broken into
//! several heaps (Kayles, Dawson's Kayles, Treblecross, Grundy's game, every
//! octal and hexadecimal code, programs). A position is a list of heaps, its
//! value the XOR of the heaps' values `g(n)` (Sprague–Grundy), so the
//! whole game is the one sequence `g(0), g(1), …`.
//!
//! - how a game is written (codes, split and subtraction rules, presets)
//!   is [`crate::rules::breaks`] and [`crate::rules::octal`], below the
//!   rules, so that rules are checked without this module;
//! - [`rules`]: [`TakeBreak`], the moves of one heap, from a spec;
//! - [`program`]: rules written as `fn splits(n)`;
//! - [`sequence`]: the values far and fast (the sparse-space method), with
//!   read access;
//! - `tail`: codes whose last digit repeats forever (Lasker's Nim);
//! - [`naive`]: the straightforward mex over every split (the reference);
//! - [`period`]: periods proved by the periodicity theorem;
//! - [`file`]: the resumable file of values;
//! - [`bfile`]: terms of a published sequence (an OEIS b-file) to compare;
//! - [`blocks`]: the values summarised by blocks, for drawing millions.

pub mod bfile;
pub mod blocks;
pub mod file;
pub mod naive;
pub mod period;
pub mod program;
pub mod quotient;
pub mod rules;
pub mod search;
pub mod sequence;
mod sparse;
mod tail;

pub use crate::rules::breaks::{MAX_PARTS, TAKEBREAK_PRESETS};
pub use crate::rules::octal::{Base, Code, CodeError, MAX_CODE_DIGITS};
pub use period::{PeriodReport, Proof, exception_heaps};
pub use program::SplitsProgram;
pub use rules::{Kind, Pick, TakeBreak, TakeBreakError};
pub use sequence::{Sequence, SequenceError, check, check_memory, check_reach, compute, estimate_bytes, reach};

/// Why a spec names no take-and-break game.
#[derive(Debug)]
pub enum LoadError {
    /// The spec names no rules at all.
    Spec(crate::rules::SpecError),
    /// A take-and-break spec that does not read, or rules that are not a
    /// take-and-break game.
    Game(TakeBreakError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Spec(e) => e.fmt(f),
            LoadError::Game(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

/// The take-and-break game a rules spec names: a take-and-break spec (see
/// [`TakeBreak::parse_spec`]), or any other spec of one heap
/// ([`crate::rules::load_spec`], then [`TakeBreak::from_rules`]).
pub fn load(spec: &str) -> Result<TakeBreak, LoadError> {
    if let Some(g) = TakeBreak::parse_spec(spec) {
        return g.map_err(LoadError::Game);
    }
    let rules = crate::rules::load_spec(spec).map_err(LoadError::Spec)?;
    TakeBreak::from_rules(&rules).map_err(LoadError::Game)
}
