//! The desktop app (egui). Everything here draws, and holds view state; the
//! mathematics is in the rest of the crate.
//!
//! Extension points: a tab is a module in [`tabs`] with a type that has
//! `fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared)`; shared state
//! (the current rules, saved pieces, settings) is [`state::Shared`];
//! background work runs as [`crate::jobs::Job`] with
//! [`widgets::job_progress`] for its progress bar and Cancel button; texts
//! go through [`i18n::tr`].

mod app;
#[cfg(test)]
mod export_glyphs;
pub mod file_choice;
pub mod fonts;
mod guide;
mod guide_pictures;
mod help;
pub mod i18n;
pub mod icon;
pub mod notice;
mod phrases;
pub mod rules_choice;
pub mod scene_painter;
mod settings_file;
pub mod state;
pub mod tabs;
pub mod theme;
pub mod ui_ext;
pub mod widgets;
pub mod words;

pub use app::{GrundyLabApp, STORAGE_KEY};
pub use settings_file::APP_ID;
pub use state::{AppState, Settings, Shared};
