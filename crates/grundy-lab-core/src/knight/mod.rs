//! Knight graphs and knight's tours on boards with holes and two regions,
//! and the pictures made of them (see `docs/math.md`, section 6).

pub mod board;
pub mod design;
pub mod gallery;
pub mod graph;
pub mod leaper;
pub mod obstruction;
pub mod picture;
pub mod puzzle;
pub mod reason;
pub mod search;
pub mod symmetric;
pub mod tour;
pub mod warnsdorff;

pub use board::{Board, BoardError, Cell, Pos, Preset, Region, Symmetry};
pub use design::{Design, DesignError, LoadError, Style, StyleError, StyleNumber, StylePreset};
pub use gallery::{GalleryDesign, Promise};
pub use graph::LeaperGraph;
pub use leaper::{Leaper, LeaperError, NotALeaper};
pub use picture::{Layout, ViewOptions, scene};
pub use puzzle::{Doomed, Puzzle, StepError};
pub use reason::NoTourReason;
pub use symmetric::{find_symmetric_tour, is_symmetric};
pub use tour::{Tour, TourCount, TourError, TourFault, TourResult, TourSpec, count_tours, find_tour};
