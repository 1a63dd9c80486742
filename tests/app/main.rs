//! The tests of the app (`grundy-lab`): the UI driven by egui_kittest, the
//! command line and the binary, the readers of the saved state. One test
//! program with a module per area (egui's and rerun's habit), so the app,
//! egui and wgpu are linked once. The mathematics is tested without a GUI
//! in `crates/grundy-lab-core/tests/`; the soak test has its own program
//! (`tests/soak_ui.rs`) because it measures this process's memory and
//! frame times, which other tests running beside it would disturb.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod construction_ui;
mod families_ui;
mod genus_cli;
mod guide_ui;
mod hardening_ui;
mod heaps_cli;
mod hints_cli;
mod i18n_ui;
mod knight_cli;
mod knight_ui;
mod layout_ui;
mod map_copy_ui;
mod map_ui;
mod paper;
mod passes_ui;
mod pieces_ui;
mod prove_ui;
mod quotient_cli;
mod readers;
mod review_ui;
mod statement_ui;
mod takebreak_cli;
mod takebreak_ui;
mod texts_ui;
mod touch_ui;
mod ui;
