//! What differs between the desktop and the browser in the app: how the
//! app starts (a window, or the page's canvas), where the settings are
//! kept, and how a file dialog answers. Below the UI (threads, files,
//! memory figures) the library's `system` module keeps the split; its
//! items are re-exported here so the UI has one door. The CLI is
//! desktop-only.
//!
//! - [`native`]: eframe's window with wgpu, rfd's dialogs; with
//!   `windows`, the console a Windows subcommand prints to.
//! - `web` (wasm32): eframe on the page's canvas after the pool of web
//!   workers starts, the browser's file picker, the state the smoke test
//!   reads.

#[cfg(not(target_arch = "wasm32"))]
pub mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native as current;
#[cfg(windows)]
mod windows;

#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub use web as current;

pub use current::{DialogAnswer, PendingPick, TYPED_PATHS, open_dialog, publish_state, save_dialog, settings_dir};
pub use grundy_lab_core::system::{
    THREADS_WAKE_THE_UI, atomic_write_io, deliver_downloads, may_wait, memory_available, page_memory_limit,
    read_limited, return_freed_memory, start_thread,
};
