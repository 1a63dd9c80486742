//! Tables of Grundy values for any [`Rules`] on a `W x H` rectangle.
//!
//! Moves only go toward the corner, so the table of a rectangle is the
//! restriction of the infinite table: `g(x, y)` does not depend on the size.
//! In normal play a cell holds its Grundy number
//! `g(p) = mex{ g(q) : q reachable from p }`; in misère play the misère
//! Grundy value `g⁻`, the same mex except that a position with no move
//! has the value 1 (0 exactly at the P-positions of misère play).

mod engine;
mod error;
pub mod genus;
pub mod heaps;
pub mod naive;
mod order;
mod program;
mod search;
mod slice;
mod table;
mod walk;

pub use crate::system::memory::{
    Allocation, LIMIT_VARIABLE, LimitSource, MemoryError, check_fits, human_bytes, limit_source, memory_limit,
    size_text,
};
pub use engine::{
    check_box, compute, compute_box, compute_covering, estimate_bytes, estimate_bytes_box, estimate_seconds, fill,
    prepare, prepare_box,
};
pub use error::{EngineError, MAX_SIDE};
pub use order::Order;
/// Fill a program's table (made by [`prepare_box`]) by the search of games
/// with a memory, whatever order its moves have: for comparisons.
pub use search::fill as fill_by_search;
pub use slice::{Axis, SliceOf};
pub use table::{NOT_A_POSITION, Table, TableKind};
