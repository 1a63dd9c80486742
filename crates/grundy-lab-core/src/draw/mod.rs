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
pub mod worksheet;

pub use scene::{Anchor, ColourError, Point, Rgba, Scene, Shape, Stroke};

use std::fmt;
use std::path::Path;

/// An error while drawing or writing a picture.
#[derive(Clone, Debug, PartialEq)]
pub enum DrawError {
    /// The longer side asked for is 0 or over [`png::MAX_SIDE_PX`] pixels.
    PixelSize {
        /// The pixels asked for.
        px: u32,
    },
    /// The scene has no area (a side 0, negative or not finite).
    SceneSize {
        /// Its width in scene units.
        width: f32,
        /// Its height in scene units.
        height: f32,
    },
    /// The picture does not fit in the memory the app may use.
    Memory(crate::grundy::MemoryError),
    /// The pixels could not be allocated.
    Allocate {
        /// Pixels across.
        width: u32,
        /// Pixels down.
        height: u32,
    },
    /// The file could not be written; nothing was left behind.
    Io {
        /// The file we tried to write.
        path: String,
        /// What the operating system said.
        os: crate::fsutil::OsError,
    },
    /// The file name ends in neither `.png` nor `.svg`.
    Extension {
        /// The file name as given.
        path: String,
    },
    /// The image encoder failed (the encoder's own message).
    Encode(String),
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::PixelSize { px } => {
                write!(f, "bad picture size: {px} pixels; choose a size from 1 to {}", png::MAX_SIDE_PX)
            }
            DrawError::SceneSize { width, height } => {
                write!(f, "bad picture size: the scene is {width} x {height} units")
            }
            DrawError::Memory(m) => write!(f, "bad picture size: {m}"),
            DrawError::Allocate { width, height } => {
                write!(f, "bad picture size: cannot allocate {width} x {height} pixels")
            }
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
