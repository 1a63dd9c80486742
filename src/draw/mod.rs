//! One scene model, drawn by several backends.
//!
//! A [`Scene`] is a list of simple shapes in *scene units* (any unit: the
//! backends scale it). The same scene is painted on screen (the egui painter
//! lives in `src/ui/`), rasterised to PNG ([`png`]) and written as SVG
//! ([`svg`]), so that what is exported is what is on screen.
//!
//! Conventions shared by every backend:
//! - the origin is the top-left corner, `y` grows downwards;
//! - shapes are painted in list order (later shapes on top), each blended
//!   separately with source-over alpha;
//! - strokes of lines and polylines have round caps and round joins;
//! - text is set in the bundled font ([`font`]), `size` is the em size.

pub mod font;
pub mod png;
mod scene;
pub mod svg;

pub use scene::{Anchor, Point, Rgba, Scene, Shape, Stroke};

use std::fmt;
use std::path::Path;

/// An error while drawing or writing a picture, with a message for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// The requested picture is too large (or has a zero side).
    BadSize(String),
    /// The file could not be written; nothing was left behind.
    Io {
        /// The file we tried to write.
        path: String,
        /// What the operating system said.
        os: crate::fsutil::OsError,
    },
    /// The file name ends in neither `.png` nor `.svg`.
    Extension {
        /// The file name we were given.
        path: String,
    },
    /// The image encoder failed.
    Encode(String),
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::BadSize(m) => write!(f, "bad picture size: {m}"),
            DrawError::Io { path, os } => write!(f, "cannot write {path}: {os}"),
            DrawError::Extension { path } => write!(f, "cannot write {path}: the file name must end in .png or .svg"),
            DrawError::Encode(m) => write!(f, "cannot encode the picture: {m}"),
        }
    }
}

impl std::error::Error for DrawError {}

/// Writes `bytes` to `path` atomically: the bytes go to a temporary file in
/// the same directory, which is then renamed over `path`. On any error the
/// temporary file is removed, so no half-written file is ever left.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), DrawError> {
    crate::fsutil::atomic_write_io(path, |w| w.write_all(bytes))
        .map_err(|e| DrawError::Io { path: path.display().to_string(), os: (&e).into() })
}

/// Writes `scene` to `path` as PNG (long side `px` pixels) or SVG, chosen by
/// the file extension (`.png` or `.svg`, any case).
pub fn export(scene: &Scene, path: &Path, px: u32) -> Result<(), DrawError> {
    let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "png" => png::write_png(scene, px, path),
        "svg" => write_atomic(path, svg::to_svg(scene).as_bytes()),
        _ => Err(DrawError::Extension { path: path.display().to_string() }),
    }
}
