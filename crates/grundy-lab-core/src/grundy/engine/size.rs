//! What a table needs: its largest side, its bytes, a rough time, and the
//! check made before a size is announced.

use super::{EngineError, Plan};
use crate::grundy::error::MAX_SIDE;
use crate::rules::Rules;
use crate::system::memory::memory_limit;

/// The bytes a `width x height` table of `rules` needs while it is computed:
/// 4 bytes a cell of every layer (one layer per number of passes left,
/// [`crate::rules::Passes::layers`]) plus one bit set per line of each
/// slide direction.
pub fn estimate_bytes(rules: &Rules, width: usize, height: usize) -> u64 {
    estimate_bytes_box(rules, [width, height, 1])
}

/// [`estimate_bytes`] for a box of one, two or three coordinates.
pub fn estimate_bytes_box(rules: &Rules, dims: [usize; 3]) -> u64 {
    if rules.program.is_some() {
        // Every layer: one per number of passes left.
        let layers = rules.passes.layers() as u64;
        // 4 bytes a value and the search's status byte (a game with a
        // memory is searched). Saturating: three sides of 2^20 would
        // overflow.
        return dims.iter().fold(layers * 5, |bytes, &n| bytes.saturating_mul(n as u64));
    }
    Plan::new(rules, dims).bytes()
}

/// Whether the box `dims` of `rules` can be computed at all: its sides,
/// the rules and the memory, checked as the engine checks them, without
/// allocating (to refuse a size before announcing how long it would take).
pub fn check_box(rules: &Rules, dims: [usize; 3]) -> Result<(), EngineError> {
    if rules.dimension > 3 {
        return Err(EngineError::ManyHeaps { name: rules.name.clone(), dimension: rules.dimension });
    }
    let [width, height, depth] = dims;
    let sides_ok = dims.iter().all(|&n| (1..=MAX_SIDE).contains(&n));
    let unused_flat = dims[rules.dimension.clamp(1, 3) as usize..].iter().all(|&n| n == 1);
    if !sides_ok || !unused_flat {
        return Err(EngineError::BadSize { width, height, depth, dimension: rules.dimension });
    }
    rules.validate().map_err(EngineError::InvalidRules)?;
    if rules.breaks.is_some() {
        return Err(EngineError::TakeAndBreak { name: rules.name.clone() });
    }
    let (needed, limit) = (estimate_bytes_box(rules, dims), memory_limit());
    if needed > limit {
        return Err(EngineError::TooLarge { dims, needed, limit });
    }
    Ok(())
}

/// A rough time for the engine to fill a `width x height` table of `rules`
/// on all cores, in seconds: a few nanoseconds a cell for each slide
/// direction and jump. Used to warn before runs that take minutes; it is an
/// order of magnitude, not a promise.
pub fn estimate_seconds(rules: &Rules, dims: [usize; 3]) -> f64 {
    let layers = rules.passes.layers() as f64;
    let cells = dims.iter().map(|&n| n as f64).product::<f64>() * layers;
    let slides = rules.piece.slides.len() as f64;
    let jumps = rules.piece.jumps.len() as f64;
    // A program runs a script at each position: microseconds, not
    // nanoseconds, growing with the position.
    let per_cell_ns = if rules.program.is_some() {
        2000.0 + 300.0 * dims.iter().sum::<usize>() as f64
    } else {
        15.0 + 8.0 * slides + 2.0 * jumps
    };
    cells * per_cell_ns * 1e-9 / rayon::current_num_threads().max(1) as f64
}
