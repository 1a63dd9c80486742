//! Grundy Lab, the app: the UI ([`ui`]), the launchers ([`platform`]), the
//! command line ([`cli`]) and the bench ([`bench`]), on top of the library
//! `grundy_lab_core`, which holds the mathematics and runs without a window.
//!
//! The library's modules are re-exported here under their own names, so
//! `grundy_lab::grundy` is `grundy_lab_core::grundy`.

pub mod bench;
pub mod cli;
pub mod platform;
pub mod ui;

pub use grundy_lab_core::{
    Control, conjecture, control, draw, fsutil, game_table, grundy, jobs, knight, map, memory, paper, play, proof,
    rules, script, system, takebreak, theory, undo,
};
