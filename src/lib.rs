//! Grundy Lab: Wythoff's game, its relatives and knight-graph pictures.
//!
//! Everything here except [`ui`] is plain mathematics and file handling and
//! runs without a window.

pub mod bench;
pub mod cli;
pub use control::Control;
pub mod conjecture;
pub mod control;
pub mod draw;
pub mod fsutil;
pub mod grundy;
pub mod jobs;
pub mod knight;
pub mod map;
pub mod paper;
pub mod platform;
pub mod play;
pub mod proof;
pub mod rules;
pub mod script;
pub mod takebreak;
pub mod theory;
pub mod ui;
pub mod undo;
