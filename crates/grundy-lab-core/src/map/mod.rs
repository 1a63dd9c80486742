//! The Grundy map without a window: palettes, the level-of-detail raster of
//! a view, and poster export.

pub mod compare;
pub mod export;
pub mod frame;
pub mod palette;
pub mod pyramid;
pub mod raster;
pub mod stats;
pub mod view;

pub use palette::{Palette, PaletteKind, Rgba};
pub use pyramid::Pyramid;
pub use raster::{View, pixel_blocks, render, render_controlled, render_partial};
pub use view::Camera;
