//! How much memory a table needs, and refusing sizes that do not fit.

use crate::rules::Rules;
use std::fmt;

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
    /// The rules fail [`Rules::validate`].
    InvalidRules(crate::rules::RulesError),
    /// A rules program failed (where, and why).
    Program(crate::rules::ProgramError),
    /// The computation was cancelled.
    Cancelled,
}

/// The largest side length of a table.
pub const MAX_SIDE: usize = 1 << 20;

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
            EngineError::Program(e) => write!(f, "the rules program failed {e}"),
            EngineError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for EngineError {}

/// `8 x 8` for a plane, `8 x 8 x 8` for a box with depth, `8` for a line.
pub fn size_text([w, h, d]: [usize; 3]) -> String {
    if d > 1 { format!("{w} x {h} x {d}") } else { format!("{w} x {h}") }
}

/// `1.1 GB`, `512 MB`, `3 KB`.
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1000.0 && u + 1 < UNITS.len() {
        v /= 1000.0;
        u += 1;
    }
    if u == 0 { format!("{b} B") } else { format!("{v:.1} {}", UNITS[u]) }
}

/// The bytes a `width x height` table of `rules` needs while it is computed:
/// 4 bytes a cell plus one bit set per line of each slide direction.
pub fn estimate_bytes(rules: &Rules, width: usize, height: usize) -> u64 {
    estimate_bytes_box(rules, [width, height, 1])
}

/// [`estimate_bytes`] for a box of one, two or three coordinates.
pub fn estimate_bytes_box(rules: &Rules, dims: [usize; 3]) -> u64 {
    if rules.program.is_some() {
        let layers = if rules.pass { 2 } else { 1 };
        // Saturating: three sides of 2^20 would overflow.
        return dims.iter().fold(layers * 4, |bytes, &n| bytes.saturating_mul(n as u64));
    }
    super::engine::Plan::new(rules, dims).bytes()
}

/// Where the memory limit of [`memory_limit`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitSource {
    /// The environment variable `GRUNDY_LAB_MEMORY_LIMIT` (bytes).
    Environment,
    /// 80% of the memory the system reports available now.
    System,
    /// The system cannot say: an assumed small machine
    /// ([`FALLBACK_LIMIT`] bytes).
    Fallback,
}

impl fmt::Display for LimitSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitSource::Environment => f.write_str(&format!("set by {LIMIT_VARIABLE}")),
            LimitSource::System => f.write_str("80% of the memory available"),
            LimitSource::Fallback => f.write_str("assumed, as the system does not say how much memory is available"),
        }
    }
}

/// The environment variable that overrides the memory limit (bytes).
pub const LIMIT_VARIABLE: &str = "GRUNDY_LAB_MEMORY_LIMIT";

/// The override of [`LIMIT_VARIABLE`], if it is set to a number.
fn limit_from_environment() -> Option<u64> {
    std::env::var(LIMIT_VARIABLE).ok().and_then(|s| s.trim().parse().ok())
}

/// Where [`memory_limit`] takes its figure from now.
pub fn limit_source() -> LimitSource {
    if limit_from_environment().is_some() {
        LimitSource::Environment
    } else if available_and_total().is_some() {
        LimitSource::System
    } else {
        LimitSource::Fallback
    }
}

/// The memory the engine may use: 80% of what the system reports available
/// now (`MemAvailable` on Linux, the same figure from the system on Windows
/// and macOS), so a 4 GB laptop refuses a table that would make it swap.
/// `GRUNDY_LAB_MEMORY_LIMIT` (bytes) overrides it.
pub fn memory_limit() -> u64 {
    if let Some(v) = limit_from_environment() {
        return v;
    }
    system_memory_limit()
}

/// Where the system cannot say how much memory is available (an unknown
/// platform), assume a small machine rather than a large one: refusing a
/// large table is a message, swapping a school laptop to a halt is not.
const FALLBACK_LIMIT: u64 = 2_000_000_000;

/// 80% of the memory the system reports available, without the override.
fn system_memory_limit() -> u64 {
    match available_and_total() {
        Some((available, _)) => available / 5 * 4,
        None => FALLBACK_LIMIT,
    }
}

/// The memory available now and the machine's total, in bytes, as the
/// system reports them (`None` where it cannot say).
fn available_and_total() -> Option<(u64, u64)> {
    use sysinfo::{MemoryRefreshKind, RefreshKind, System};
    let system =
        System::new_with_specifics(RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram())).ok()?;
    let (available, total) = (system.available_memory(), system.total_memory());
    (available > 0 && total > 0).then_some((available, total))
}

/// Whether `needed` bytes for `what` (a picture, a pyramid, ...) fit in the
/// memory the app may use now; otherwise a message with the numbers. Every
/// large allocation outside the engine asks this first.
pub fn check_fits(what: &str, needed: u64) -> Result<(), String> {
    let limit = memory_limit();
    if needed > limit {
        return Err(format!(
            "{what} needs {}; the limit on this machine is {} ({})",
            human_bytes(needed),
            human_bytes(limit),
            limit_source()
        ));
    }
    Ok(())
}

/// Whether the box `dims` of `rules` can be computed at all: its sides,
/// the rules and the memory, checked as the engine checks them, without
/// allocating (to refuse a size before announcing how long it would take).
pub fn check_box(rules: &Rules, dims: [usize; 3]) -> Result<(), EngineError> {
    let [width, height, depth] = dims;
    let sides_ok = dims.iter().all(|&n| (1..=MAX_SIDE).contains(&n));
    let unused_flat = dims[rules.dimension.clamp(1, 3) as usize..].iter().all(|&n| n == 1);
    if !sides_ok || !unused_flat {
        return Err(EngineError::BadSize { width, height, depth, dimension: rules.dimension });
    }
    rules.validate().map_err(EngineError::InvalidRules)?;
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
    let layers = if rules.pass { 2.0 } else { 1.0 };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_readable() {
        assert_eq!(human_bytes(1_073_741_824), "1.1 GB");
        let e = EngineError::TooLarge { dims: [16384, 16384, 1], needed: 1_300_000_000, limit: 1_000_000_000 };
        assert!(e.to_string().starts_with("16384 x 16384 needs 1.3 GB"));
    }

    #[test]
    fn the_limit_is_part_of_this_machine() {
        // Read without the GRUNDY_LAB_MEMORY_LIMIT override, which other
        // tests set for their child processes.
        let limit = system_memory_limit();
        let (available, total) =
            available_and_total().expect("the system reports its memory on Linux, Windows and macOS");
        assert!(limit > 0);
        assert!(available <= total, "available {available} > total {total}");
        assert!(limit <= total, "limit {limit} > total {total}");
    }
}
