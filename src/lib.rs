//! Grundy Lab: Wythoff's game, its relatives and knight-graph pictures.
//!
//! Everything here except [`ui`] is plain mathematics and file handling and
//! runs without a window.

pub mod grundy;
pub mod jobs;
pub mod play;
pub mod rules;
pub mod theory;
pub mod ui;
