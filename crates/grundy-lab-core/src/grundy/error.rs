//! Why a table could not be computed, and the largest side a table may
//! have: the engine's errors and their helpers, in one file below every
//! file that computes (the engine, programs, the search of games with a
//! memory, tables of many heaps), so that none of them depends on another
//! for its errors.

use crate::Control;
use crate::rules::ProgramError;
use crate::system::memory::{human_bytes, limit_source, size_text};
use std::fmt;

/// The largest side length of a table.
pub const MAX_SIDE: usize = 1 << 20;

/// Why a table could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The size needs more memory than is allowed.
    TooLarge {
        /// The sides of the box asked for, `[width, height, depth]`.
        dims: [usize; 3],
        /// The bytes the table would take.
        needed: u64,
        /// The bytes a table may take on this machine.
        limit: u64,
    },
    /// A side is 0 or larger than [`MAX_SIDE`], or a coordinate the rules
    /// do not have has a side other than 1.
    BadSize {
        /// The side along `x`.
        width: usize,
        /// The side along `y`.
        height: usize,
        /// The side along `z`.
        depth: usize,
        /// How many coordinates the rules have (1, 2 or 3).
        dimension: u8,
    },
    /// The rules fail [`crate::rules::Rules::validate`].
    InvalidRules(crate::rules::RulesError),
    /// A rules program failed (where, and why).
    Program(crate::rules::ProgramError),
    /// A take-and-break game: its values are a sequence
    /// ([`crate::takebreak::Sequence`]), not a table of positions.
    TakeAndBreak {
        /// The game's name.
        name: String,
    },
    /// A game of more than three coordinates asked of a table of one to
    /// three (the map, Play, the workbench): its table is a
    /// [`crate::grundy::heaps::HeapTable`].
    ManyHeaps {
        /// The game's name.
        name: String,
        /// Its number of coordinates.
        dimension: u8,
    },
    /// A box of heaps whose sides do not fit the game: not one side per
    /// coordinate, a side of 0, or unequal sides for sorted positions.
    BadHeaps {
        /// The sides, one per coordinate.
        sides: Vec<usize>,
        /// The game's number of coordinates.
        dimension: u8,
    },
    /// A table of heaps that needs more memory than is allowed.
    TooLargeHeaps {
        /// The sides, one per coordinate.
        sides: Vec<usize>,
        /// The positions it would store.
        positions: u64,
        /// Whether only the sorted positions are stored.
        sorted: bool,
        /// The bytes it would take.
        needed: u64,
        /// The bytes a table may take on this machine.
        limit: u64,
    },
    /// A program of many heaps at fault at one position.
    Heaps(crate::grundy::heaps::HeapsFault),
    /// The computation was cancelled.
    Cancelled,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::TooLarge { dims, needed, limit } => write!(
                f,
                "{} needs {}; the limit on this machine is {} ({})",
                size_text(*dims),
                human_bytes(*needed),
                human_bytes(*limit),
                limit_source()
            ),
            EngineError::BadSize { width, height, depth, dimension } => {
                let sides = [*width, *height, *depth];
                if sides[(*dimension).clamp(1, 3) as usize..].iter().any(|&n| n != 1) {
                    write!(f, "{} is not a size for a game of {dimension} coordinates", size_text(sides))
                } else {
                    write!(f, "{} is not a size: each side must be between 1 and {MAX_SIDE}", size_text(sides))
                }
            }
            EngineError::InvalidRules(e) => write!(f, "these rules cannot be computed: {e}"),
            // A budget that ran out is no failure of the program.
            EngineError::Program(e @ crate::rules::ProgramError::Budget { .. }) => write!(f, "{e}"),
            // A cycle is a fault of the game, not of one run: its own sentence.
            EngineError::Program(e @ crate::rules::ProgramError::Cycle { .. }) => write!(f, "{e}"),
            EngineError::Program(e) => write!(f, "the rules program failed {e}"),
            EngineError::TakeAndBreak { name } => write!(
                f,
                "{name} is a take-and-break game: its values are one sequence (grundy-lab sequence), not a table"
            ),
            EngineError::ManyHeaps { name, dimension } => write!(
                f,
                "{name} has {dimension} coordinates: tables of boxes take 1 to 3 (the map draws planes of more, \
                 Play plays them, the Pieces workbench checks formulas on them); `grundy-lab ppos`, `value` and \
                 `table` compute it"
            ),
            EngineError::BadHeaps { sides, dimension } => write!(
                f,
                "{} is not a size for a game of {dimension} coordinates: write N (N in every coordinate) or \
                 one side per coordinate, each at least 1 (heaps treated alike need equal sides, or --full)",
                crate::grundy::heaps::sides_text(sides)
            ),
            EngineError::TooLargeHeaps { sides, positions, sorted, needed, limit } => write!(
                f,
                "{} is {positions} {}positions and needs {}; the limit on this machine is {} ({})",
                crate::grundy::heaps::sides_text(sides),
                if *sorted { "sorted " } else { "" },
                human_bytes(*needed),
                human_bytes(*limit),
                limit_source()
            ),
            EngineError::Heaps(fault) => write!(f, "the rules program failed {fault}"),
            EngineError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for EngineError {}

impl EngineError {
    /// A program's error as the engine's (a cancel is the engine's own).
    pub(crate) fn of_program(e: ProgramError) -> EngineError {
        match e {
            ProgramError::Cancelled => EngineError::Cancelled,
            e => EngineError::Program(e),
        }
    }
}

/// What stopped a fill of a program's table: a cancel, or its time limit.
pub(crate) fn program_stopped(control: &Control) -> ProgramError {
    if control.is_cancelled() {
        ProgramError::Cancelled
    } else {
        ProgramError::Budget { millis: control.time_limit().map_or(0, |l| l.as_millis() as u64) }
    }
}

/// A program's error at one position, or what stopped the fill when the
/// run broke off because the fill was asked to stop.
pub(crate) fn program_failure(control: &Control, e: ProgramError) -> ProgramError {
    match e {
        ProgramError::Run { .. } | ProgramError::Limit { .. } if control.must_stop() => program_stopped(control),
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_readable() {
        let e = EngineError::TooLarge { dims: [16384, 16384, 1], needed: 1_300_000_000, limit: 1_000_000_000 };
        assert!(e.to_string().starts_with("16384 x 16384 needs 1.3 GB"));
    }
}
