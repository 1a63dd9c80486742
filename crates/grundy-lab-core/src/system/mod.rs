//! The ground floor: what differs between the desktop and the browser
//! below the UI, and nothing else — how a background job gets a thread,
//! whether a thread may wait, how much memory there is, and how a file is
//! written and read (the disk, or in the browser its storage, its picked
//! files and downloads). The one place with the desktop/browser split of
//! the library; it imports nothing above it.
//!
//! - `native`: threads of the operating system, the file system with
//!   atomic writes, the system's memory figures.
//! - `web` (wasm32): jobs on a pool of web workers (rayon through
//!   `wasm-bindgen-rayon`), the settings in `localStorage`, files opened
//!   through the browser's picker (their bytes kept in memory under their
//!   name) and written as downloads, a fixed memory budget for the page.
//! - [`memory`]: the memory limit, refusals of allocations, `human_bytes`.

pub mod memory;

#[cfg(not(target_arch = "wasm32"))]
pub mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native as current;

#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub use web as current;

pub use current::{
    THREADS_WAKE_THE_UI, address_space_left, atomic_write_io, deliver_downloads, may_wait, memory_available,
    page_memory_limit, read_limited, return_freed_memory, start_thread,
};

use std::fmt;
use std::io::ErrorKind;
use std::path::Path;

/// Why Grundy Lab refused a file before the system was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A device, a pipe or a folder, not a regular file.
    NotRegular,
    /// The path ends in no file name.
    NoFileName,
    /// A read-only file, left as it is.
    ReadOnly,
    /// Larger than a file Grundy Lab writes.
    TooLarge,
    /// Not text (UTF-8).
    NotText,
}

/// An I/O error that carries its [`Refusal`], with the English sentence
/// the command line prints.
#[derive(Debug)]
struct Refused(Refusal, String);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.1)
    }
}

impl std::error::Error for Refused {}

/// The refusal of a file larger than `max_bytes` (every reader caps its
/// files, on the desktop and in the browser alike).
pub fn too_large(path: &Path, max_bytes: u64) -> std::io::Error {
    refused(
        ErrorKind::FileTooLarge,
        Refusal::TooLarge,
        format!(
            "`{}` is larger than {}; this is not a file Grundy Lab wrote",
            path.display(),
            memory::human_bytes(max_bytes)
        ),
    )
}

/// The I/O error of a refusal: its kind for the system's categories, the
/// refusal inside for the app's wording.
pub fn refused(kind: ErrorKind, refusal: Refusal, message: String) -> std::io::Error {
    std::io::Error::new(kind, Refused(refusal, message))
}

/// The [`Refusal`] an I/O error carries, when Grundy Lab refused the file
/// itself (made by [`refused`]).
pub fn refusal_of(e: &std::io::Error) -> Option<Refusal> {
    e.get_ref().and_then(|inner| inner.downcast_ref::<Refused>()).map(|r| r.0)
}
