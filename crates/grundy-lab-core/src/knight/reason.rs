//! Why a tour cannot exist: the proof behind a [`TourResult::None`]
//! answer, as data (the argument and its numbers or cells), so that each
//! front end words it in its own language. The `Display` is the English
//! wording the command line uses.
//!
//! [`TourResult::None`]: super::tour::TourResult::None

use super::board::Pos;
use std::fmt;

/// A proof that no tour (or no tour of the kind asked for) exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoTourReason {
    /// The region has no cells.
    EmptyRegion,
    /// A closed tour needs at least 3 cells; the region has `cells`.
    TooFewCellsForClosed {
        /// The number of cells of the region.
        cells: usize,
    },
    /// The leaper graph of the region is not connected.
    NotConnected,
    /// `cell` has degree 1, but every cell of a closed tour has two tour
    /// neighbours.
    DeadEndInClosedTour {
        /// A cell with only one move.
        cell: Pos,
    },
    /// `count` > 2 cells have degree 1; only the two ends of a path may.
    TooManyDeadEnds {
        /// How many cells have only one move.
        count: usize,
    },
    /// Two cells have degree 1, so they are the ends of every tour, and the
    /// asked-for start is neither.
    MustStartAtDeadEnd {
        /// The first cell with one move.
        first: Pos,
        /// The second cell with one move.
        second: Pos,
    },
    /// Every move changes the colour, so a closed tour has as many light as
    /// dark cells; the region has `light` ≠ `dark`.
    ClosedColourImbalance {
        /// Light cells (`x + y` even).
        light: usize,
        /// Dark cells.
        dark: usize,
    },
    /// Every move changes the colour, so a tour's colour counts differ by at
    /// most one; the region's differ by more.
    ColourImbalance {
        /// Light cells (`x + y` even).
        light: usize,
        /// Dark cells.
        dark: usize,
    },
    /// With one colour more numerous, a tour starts (and ends) on it; the
    /// asked-for `start` has the other colour.
    StartOnMinorityColour {
        /// Light cells (`x + y` even).
        light: usize,
        /// Dark cells.
        dark: usize,
        /// The asked-for start.
        start: Pos,
    },
    /// A maximum matching of the move graph has `pairs` < `needed` = ⌊n/2⌋
    /// edges, but every second edge of a tour is a matching of that size.
    NoPairing {
        /// The size of a maximum matching.
        pairs: usize,
        /// Half the number of cells, rounded down.
        needed: usize,
    },
    /// Some independent set of half the cells is not a colour class (as the
    /// outer rows of a 4 × n board), but a closed tour's only such sets are
    /// its two colour classes.
    HalfIndependentSet,
    /// An exhaustive search found none.
    ExhaustiveSearch {
        /// Closed tours were searched for.
        closed: bool,
        /// From the asked-for start only (open tours; a closed tour passes
        /// every cell, so its start does not matter).
        from_start: bool,
    },
    /// An exhaustive search found no tour the symmetry maps onto itself.
    ExhaustiveSymmetricSearch {
        /// Closed tours were searched for.
        closed: bool,
    },
    /// The region is not mapped onto itself: the image of `cell` is not in it.
    RegionNotSymmetric {
        /// A cell whose image is outside the region.
        cell: Pos,
    },
    /// The quarter turn fixes `cell`, but it must turn a symmetric closed
    /// tour by a quarter, which moves every cell.
    QuarterTurnFixesCell {
        /// The fixed cell (the centre).
        cell: Pos,
    },
    /// `count` > 2 cells are fixed; a symmetric closed tour fixes at most
    /// the two on its axis.
    TooManyFixedCellsClosed {
        /// How many cells the symmetry fixes.
        count: usize,
    },
    /// A symmetry of order 4 cannot map a path onto itself.
    QuarterTurnOpenTour,
    /// `count` ≥ 2 cells are fixed; a symmetric open tour fixes only its
    /// middle cell.
    TooManyFixedCellsOpen {
        /// How many cells the symmetry fixes.
        count: usize,
    },
    /// No cell is one move from its image, so no symmetric open tour can
    /// cross the axis in its middle.
    NoMoveAcrossAxis,
}

impl fmt::Display for NoTourReason {
    /// The English wording (as `grundy-lab knight` and logs print it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NoTourReason::*;
        let what = |closed: bool| if closed { "closed tour" } else { "tour" };
        match self {
            EmptyRegion => write!(f, "the region has no cells"),
            TooFewCellsForClosed { cells } => {
                write!(f, "a closed tour needs at least 3 cells, the region has {cells}")
            }
            NotConnected => write!(f, "the cells are not all connected by moves"),
            DeadEndInClosedTour { cell } => write!(f, "cell {cell} has only one move, a closed tour needs two"),
            TooManyDeadEnds { count } => write!(f, "{count} cells have only one move, a tour has only two ends"),
            MustStartAtDeadEnd { first, second } => {
                write!(f, "cells {first} and {second} have one move each, so the tour must start at one of them")
            }
            ClosedColourImbalance { light, dark } => {
                write!(f, "a closed tour alternates colours, but the region has {light} light and {dark} dark cells")
            }
            ColourImbalance { light, dark } => {
                write!(f, "a tour alternates colours, but the region has {light} light and {dark} dark cells")
            }
            StartOnMinorityColour { light, dark, start } => write!(
                f,
                "a tour alternates colours, so with {light} light and {dark} dark cells it must start on the more numerous colour, not at {start}"
            ),
            NoPairing { pairs, needed } => {
                write!(f, "the moves do not pair the cells up: at most {pairs} disjoint pairs, a tour needs {needed}")
            }
            HalfIndependentSet => write!(
                f,
                "some independent set of half the cells is not a colour class (as the outer rows of a 4 x n board), so no closed tour alternates through it"
            ),
            ExhaustiveSearch { closed, from_start: true } => {
                write!(f, "an exhaustive search found no {} from this start", what(*closed))
            }
            ExhaustiveSearch { closed, from_start: false } => {
                write!(f, "an exhaustive search found no {}", what(*closed))
            }
            ExhaustiveSymmetricSearch { closed } => {
                write!(f, "an exhaustive search found no symmetric {}", what(*closed))
            }
            RegionNotSymmetric { cell } => {
                write!(f, "the region is not symmetric: the image of cell {cell} is not in it")
            }
            QuarterTurnFixesCell { cell } => {
                write!(f, "cell {cell} is fixed by the quarter turn, which must turn the cycle")
            }
            TooManyFixedCellsClosed { count } => write!(
                f,
                "{count} cells are fixed by the symmetry; a symmetric closed tour has at most 2 (on its axis)"
            ),
            QuarterTurnOpenTour => write!(f, "a path can only be left as it is or reversed, never turned a quarter"),
            TooManyFixedCellsOpen { count } => {
                write!(f, "{count} cells are fixed by the symmetry; a symmetric open tour fixes only its middle cell")
            }
            NoMoveAcrossAxis => {
                write!(f, "no cell is one move from its own image, so no tour can cross the axis in its middle")
            }
        }
    }
}
