//! The library of Grundy Lab: Wythoff's game, its relatives and
//! knight-graph pictures — the mathematics and the services it needs
//! (rules and programs, the engine and its families, take-and-break,
//! conjectures and statements, play logic, the map's raster, knight,
//! drawing and paper formats, jobs and control, files, memory).
//!
//! It depends on no GUI crate (no egui, eframe, wgpu, winit or rfd): the
//! app (`grundy-lab`) puts the UI, the launchers, the CLI and the bench on
//! top. The desktop/browser split below the UI lives in [`system`].

pub use control::Control;
pub mod conjecture;
pub mod control;
pub mod draw;
pub mod fsutil;
pub mod game_table;
pub mod grundy;
pub mod jobs;
pub mod knight;
pub mod map;
pub mod paper;
pub mod play;
pub mod proof;
pub mod rules;
pub mod script;
pub mod system;
pub use system::memory;
pub mod takebreak;
pub mod theory;
pub mod undo;
