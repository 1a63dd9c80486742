//! Grundy Lab: Wythoff's game, its relatives and knight-graph pictures.
//!
//! Everything here except [`ui`] is plain mathematics and file handling and
//! runs without a window.

pub mod conjecture;
pub mod grundy;
pub mod rules;
pub mod theory;
