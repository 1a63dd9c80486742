//! Knight graphs and knight's tours on boards with holes and two regions,
//! and the pictures made of them (see `docs/math.md`, section 6).

pub mod board;
pub mod graph;
pub mod leaper;
pub mod obstruction;
pub mod search;
pub mod tour;
pub mod warnsdorff;

pub use board::{Board, Cell, Pos, Preset, Region, Symmetry};
pub use graph::LeaperGraph;
pub use leaper::Leaper;
pub use tour::{Budget, Tour, TourCount, TourResult, TourSpec, count_tours, find_tour};
