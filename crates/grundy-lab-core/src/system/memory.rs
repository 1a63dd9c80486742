//! How much memory the app may use, and refusing allocations that do not
//! fit. (What a table needs is the engine's: `engine/size.rs`.)

use std::fmt;

/// `8 x 8` for a plane, `8 x 8 x 8` for a box with depth, `8` for a line.
pub fn size_text([w, h, d]: [usize; 3]) -> String {
    if d > 1 { format!("{w} x {h} x {d}") } else { format!("{w} x {h}") }
}

/// `1.1 GB`, `512 MB`, `3 KB`; up to exabytes, since a box of many
/// heaps can need more than any machine has by far (`18.4 EB` for all
/// that 64 bits count).
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 7] = ["B", "KB", "MB", "GB", "TB", "PB", "EB"];
    let mut v = b as f64;
    let mut u = 0;
    while v >= 1000.0 && u + 1 < UNITS.len() {
        v /= 1000.0;
        u += 1;
    }
    if u == 0 { format!("{b} B") } else { format!("{v:.1} {}", UNITS[u]) }
}

/// Where the memory limit of [`memory_limit`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitSource {
    /// The environment variable `GRUNDY_LAB_MEMORY_LIMIT` (bytes).
    Environment,
    /// What a web page may use ([`super::page_memory_limit`]).
    Page,
    /// 80% of the memory the system reports available now.
    System,
    /// 80% of the address space left under a limit of `ulimit -v`, when
    /// that is less than 80% of the memory available.
    AddressSpace,
    /// The system cannot say: an assumed small machine
    /// ([`FALLBACK_LIMIT`] bytes).
    Fallback,
}

impl fmt::Display for LimitSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitSource::Environment => f.write_str(&format!("set by {LIMIT_VARIABLE}")),
            LimitSource::Page => f.write_str("what a page of the browser may use"),
            LimitSource::System => f.write_str("80% of the memory available"),
            LimitSource::AddressSpace => f.write_str("80% of the address space left under the limit set by ulimit -v"),
            LimitSource::Fallback => f.write_str("assumed, as the system does not say how much memory is available"),
        }
    }
}

/// The environment variable that overrides the memory limit (bytes).
pub const LIMIT_VARIABLE: &str = "GRUNDY_LAB_MEMORY_LIMIT";

/// A [`LIMIT_VARIABLE`] that is not a size: it is not used, and says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLimit {
    /// What the variable holds.
    pub text: String,
}

impl fmt::Display for BadLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{LIMIT_VARIABLE}={:?} is not a size (give bytes, or a number with K, M, G or T, such as 6G); it is not \
             used",
            self.text
        )
    }
}

impl std::error::Error for BadLimit {}

/// `6000000000`, `6G`, `6 GB`, `1.5g`, `600M`: a size in bytes (K, M, G, T
/// are powers of 1000, as [`human_bytes`] writes them).
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let t = t.strip_suffix(['B', 'b']).unwrap_or(t).trim_end();
    let (number, scale) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let scale = match c.to_ascii_uppercase() {
                'K' => 1e3,
                'M' => 1e6,
                'G' => 1e9,
                'T' => 1e12,
                _ => return None,
            };
            (t[..i].trim_end(), scale)
        }
        _ => (t, 1.0),
    };
    if scale == 1.0 {
        return number.parse().ok();
    }
    let v: f64 = number.parse().ok()?;
    let bytes = v * scale;
    (v.is_finite() && v >= 0.0 && bytes < u64::MAX as f64).then_some(bytes as u64)
}

/// The override of [`LIMIT_VARIABLE`]: `Ok(None)` when it is not set.
pub fn environment_limit() -> Result<Option<u64>, BadLimit> {
    match std::env::var(LIMIT_VARIABLE) {
        Err(_) => Ok(None),
        Ok(text) => parse_size(&text).map(Some).ok_or(BadLimit { text }),
    }
}

/// The override of [`LIMIT_VARIABLE`], if it is set to a size.
fn limit_from_environment() -> Option<u64> {
    environment_limit().ok().flatten()
}

/// Where [`memory_limit`] takes its figure from now.
pub fn limit_source() -> LimitSource {
    limit_and_source().1
}

/// The memory the engine may use: 80% of what the system reports available
/// now (`MemAvailable` on Linux, the same figure from the system on Windows
/// and macOS), so a 4 GB laptop refuses a table that would make it swap;
/// under `ulimit -v`, at most 80% of the address space left, so that a
/// table too large is a message, not an allocation that aborts.
/// `GRUNDY_LAB_MEMORY_LIMIT` (bytes) overrides it.
pub fn memory_limit() -> u64 {
    limit_and_source().0
}

/// Where the system cannot say how much memory is available (an unknown
/// platform), assume a small machine rather than a large one: refusing a
/// large table is a message, swapping a school laptop to a halt is not.
const FALLBACK_LIMIT: u64 = 2_000_000_000;

/// [`memory_limit`] and [`limit_source`], decided in one place.
fn limit_and_source() -> (u64, LimitSource) {
    match limit_from_environment() {
        Some(v) => (v, LimitSource::Environment),
        None => system_limit_and_source(),
    }
}

/// The limit without the override, and where it comes from.
fn system_limit_and_source() -> (u64, LimitSource) {
    if let Some(page) = super::page_memory_limit() {
        return (page, LimitSource::Page);
    }
    let Some((available, _)) = available_and_total() else { return (FALLBACK_LIMIT, LimitSource::Fallback) };
    match super::address_space_left() {
        Some(left) if left < available => (left / 5 * 4, LimitSource::AddressSpace),
        _ => (available / 5 * 4, LimitSource::System),
    }
}

/// The address space left under a limit of `ulimit -v`, from the text of
/// `/proc/self/limits` (the soft limit of "Max address space", in bytes)
/// and of `/proc/self/status` (`VmSize`, what is mapped now, in kB):
/// `None` when the limit is "unlimited" or a text cannot be read.
pub fn address_space_left_from(limits: &str, status: &str) -> Option<u64> {
    let line = limits.lines().find_map(|l| l.strip_prefix("Max address space"))?;
    let limit: u64 = line.split_whitespace().next()?.parse().ok()?;
    let mapped_kb: u64 =
        status.lines().find_map(|l| l.strip_prefix("VmSize:"))?.split_whitespace().next()?.parse().ok()?;
    Some(limit.saturating_sub(mapped_kb.saturating_mul(1024)))
}

/// The memory available now and the machine's total, in bytes, as the
/// system reports them (`None` where it cannot say).
fn available_and_total() -> Option<(u64, u64)> {
    super::memory_available()
}

/// A large allocation outside the engine that [`check_fits`] is asked
/// about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allocation {
    /// The pixels of a `width x height` picture (and its encoded file).
    Picture {
        /// Pixels across.
        width: usize,
        /// Pixels down.
        height: usize,
    },
    /// The tables of the `bench` subcommand at `side x side`.
    Benchmark {
        /// The side of the benchmark's tables.
        side: usize,
    },
}

impl fmt::Display for Allocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Allocation::Picture { width, height } => write!(f, "a {width} x {height} pixel picture"),
            Allocation::Benchmark { side } => write!(f, "the benchmark at {side} x {side}"),
        }
    }
}

/// `needed` bytes for `what` do not fit under the memory limit `limit`
/// (which comes from `source`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryError {
    /// What was to be allocated.
    pub what: Allocation,
    /// The bytes it needs.
    pub needed: u64,
    /// The bytes the app may use now ([`memory_limit`]).
    pub limit: u64,
    /// Where the limit comes from.
    pub source: LimitSource,
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} needs {}; the limit on this machine is {} ({})",
            self.what,
            human_bytes(self.needed),
            human_bytes(self.limit),
            self.source
        )
    }
}

impl std::error::Error for MemoryError {}

/// Whether `needed` bytes for `what` (a picture, a benchmark) fit in the
/// memory the app may use now; otherwise the numbers. Every large
/// allocation outside the engine asks this first.
pub fn check_fits(what: Allocation, needed: u64) -> Result<(), MemoryError> {
    let limit = memory_limit();
    if needed > limit {
        return Err(MemoryError { what, needed, limit, source: limit_source() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_readable() {
        assert_eq!(human_bytes(1_073_741_824), "1.1 GB");
        assert_eq!(human_bytes(2_500_000_000_000_000), "2.5 PB");
        assert_eq!(human_bytes(u64::MAX), "18.4 EB");
    }

    #[test]
    fn an_allocation_over_the_limit_is_refused_with_its_numbers() {
        let picture = Allocation::Picture { width: 4, height: 3 };
        assert_eq!(check_fits(picture, 48), Ok(()));
        let e = check_fits(picture, u64::MAX).unwrap_err();
        assert_eq!((e.what, e.needed, e.limit), (picture, u64::MAX, memory_limit()));
    }

    #[test]
    fn sizes_are_read_with_their_units() {
        assert_eq!(parse_size("6000000000"), Some(6_000_000_000));
        assert_eq!(parse_size("6G"), Some(6_000_000_000));
        assert_eq!(parse_size(" 6 GB "), Some(6_000_000_000));
        assert_eq!(parse_size("1.5g"), Some(1_500_000_000));
        assert_eq!(parse_size("600M"), Some(600_000_000));
        assert_eq!(parse_size("2k"), Some(2_000));
        for bad in ["lots", "", "G", "-1G", "6X", "1e30T", "6 G G"] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
        let e = BadLimit { text: "lots".into() }.to_string();
        assert!(e.contains("GRUNDY_LAB_MEMORY_LIMIT=\"lots\" is not a size"), "{e}");
    }

    #[test]
    fn the_address_space_left_under_ulimit_is_read_from_the_system_texts() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max stack size            8388608              unlimited            bytes     \n\
                      Max address space         600000000            unlimited            bytes     \n";
        let status = "Name:\tgrundy-lab\nVmPeak:\t  200000 kB\nVmSize:\t  100000 kB\nVmRSS:\t   5000 kB\n";
        assert_eq!(address_space_left_from(limits, status), Some(600_000_000 - 102_400_000));
        // Mapped beyond the limit (it was lowered after): nothing left.
        let big = status.replace("100000 kB", "900000 kB");
        assert_eq!(address_space_left_from(limits, &big), Some(0));
        let unlimited = limits.replace("600000000            unlimited", "unlimited            unlimited");
        assert_eq!(address_space_left_from(&unlimited, status), None);
        assert_eq!(address_space_left_from("", status), None);
        assert_eq!(address_space_left_from(limits, "Name:\tx\n"), None);
    }

    #[test]
    fn the_limit_is_part_of_this_machine() {
        // Read without the GRUNDY_LAB_MEMORY_LIMIT override, which other
        // tests set for their child processes.
        let (limit, _) = system_limit_and_source();
        let (available, total) =
            available_and_total().expect("the system reports its memory on Linux, Windows and macOS");
        assert!(limit > 0);
        assert!(available <= total, "available {available} > total {total}");
        assert!(limit <= total, "limit {limit} > total {total}");
    }
}
