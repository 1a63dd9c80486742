//! What differs between the desktop and the browser, and nothing else:
//! how a background job gets a thread, where files go (the disk, or the
//! browser's storage, its file picker and downloads), how much memory a
//! table may take, and how a file dialog answers. Every other module is
//! the same on both; the CLI is desktop-only.
//!
//! - [`native`]: threads of the operating system, the file system with
//!   atomic writes, the system's memory figures, rfd's dialogs; with
//!   `windows`, the console a Windows subcommand prints to.
//! - `web` (wasm32): jobs on a pool of web workers (rayon through
//!   `wasm-bindgen-rayon`), the settings in `localStorage`, files opened
//!   through the browser's picker (their bytes kept in memory under their
//!   name) and written as downloads, a fixed memory budget for the page.

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

pub use current::{
    DialogAnswer, PendingPick, THREADS_WAKE_THE_UI, TYPED_PATHS, atomic_write_io, deliver_downloads, may_wait,
    memory_available, open_dialog, page_memory_limit, publish_state, read_limited, save_dialog, settings_dir,
    start_thread,
};
