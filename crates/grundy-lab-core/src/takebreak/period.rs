//! Periods proved from finitely many values.
//!
//! **The periodicity theorem** (R. K. Guy and C. A. B. Smith, "The
//! G-values of various games", Proc. Cambridge Philos. Soc. 52 (1956);
//! Winning Ways, ch. 4). Let a finite code have its last non-zero digit at
//! `t` (no move takes more than `t` stones) and let no move leave more than
//! `r` heaps. If
//!
//! ```text
//! g(n + p) = g(n)   for every n with n₀ ≤ n < E,   E = max(r·n₀ + (r − 1)·p + t, t + 1),
//! ```
//!
//! then `g(n + p) = g(n)` for every `n ≥ n₀`. For octal games (`r = 2`)
//! this is Guy and Smith's window `n₀ ≤ n < 2n₀ + p + t`; for a game that
//! never splits (`r = 1`, a subtraction game with `t = max S`) a window of
//! `t` values that repeats, the familiar argument that `g(n)` depends on
//! the last `t` values only; for hexadecimal codes (`r = 3`) the same
//! induction with the largest of three parts (see `docs/math.md`).
//!
//! So a period is *proved* by values `g(0), …, g(E + p − 1)`: [`prove`]
//! finds the smallest period the computed values prove, with the smallest
//! `n₀` for it (so `n₀ − 1` is the last exception).

use crate::rules::octal::Code;
use std::fmt;

/// A proved period: `g(n + period) = g(n)` for every `n ≥ start`, and not
/// at `start − 1` (the last exception) when `start > 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// `p`, the period.
    pub period: u64,
    /// `n₀`, the preperiod.
    pub start: u64,
    /// `E`: the equality was checked for `start ≤ n < window_end`.
    pub window_end: u64,
    /// `t`, the most stones a move takes.
    pub last_digit: u64,
    /// `r`, the most heaps a move leaves.
    pub heaps: u8,
}

/// The end `E` of the window that proves period `p` from `n₀` (see the
/// module's documentation).
pub fn window_end(heaps: u8, last_digit: u64, p: u64, n0: u64) -> u64 {
    let r = u64::from(heaps.max(1));
    (r * n0 + (r - 1) * p + last_digit).max(last_digit + 1)
}

/// The smallest period that the values `g(0), …, g(len − 1)` (read with
/// `g`) prove for `code`, with its smallest start; `None` when they prove
/// none.
pub fn prove(code: &Code, len: u64, g: impl Fn(u64) -> u32) -> Option<Proof> {
    // A digit that repeats forever: no move has a largest take.
    if code.repeats() {
        return None;
    }
    let t = code.last_digit() as u64;
    let r = code.most_heaps_left();
    let mut p = 1;
    // The periods seen so far that hold over at least three repetitions
    // at the end of the values, with their starts, none a multiple of
    // another. When p' divides p and
    // g(n + p') = g(n) from s' on, so does g(n + p) = g(n): the last
    // mismatch for p is below s', and the scan for it starts there, not
    // at the end (without this, each multiple of a period whose window does
    // not fit yet scanned half the values again: 0.376 at 2^22 heaps took
    // many minutes).
    let mut periods: Vec<(u64, u64)> = Vec::new();
    // Even a start at 0 needs E(p, 0) + p values.
    while window_end(r, t, p, 0) + p <= len {
        let below = periods.iter().filter(|(q, _)| p.is_multiple_of(*q)).map(|&(_, s)| s).min();
        // The last n with g(n + p) ≠ g(n): the start is the heap after it.
        let mut start = 0;
        for n in (0..below.unwrap_or(len - p).min(len - p)).rev() {
            if g(n + p) != g(n) {
                start = n + 1;
                break;
            }
        }
        if below.is_none() && start.saturating_add(3 * p) <= len {
            periods.push((p, start));
        }
        let end = window_end(r, t, p, start);
        if end + p <= len {
            return Some(Proof { period: p, start, window_end: end, last_digit: t, heaps: r });
        }
        p += 1;
    }
    None
}

/// The smallest `(p, n₀, s)` with `g(n + p) = g(n) + s` for
/// `n₀ ≤ n < len − p`, at least three whole periods after `n₀`, and `n₀`
/// in the first half of the values: what the values look like, for rules
/// where no theorem turns it into a proof. `s` (the saltus) is 0 for a
/// period, more for values that grow by `s` every period (arithmetic
/// periodicity: Lasker's Nim has `p = s = 4`).
pub fn apparent_period(len: u64, g: impl Fn(u64) -> u32) -> Option<(u64, u64, u64)> {
    let mut p = 1;
    while 3 * p <= len {
        let saltus = g(len - 1).saturating_sub(g(len - 1 - p));
        let mut start = 0;
        for n in (0..len - p).rev() {
            if u64::from(g(n + p)) != u64::from(g(n)) + u64::from(saltus) {
                start = n + 1;
                break;
            }
        }
        if start + 3 * p <= len && start <= len / 2 {
            return Some((p, start, u64::from(saltus)));
        }
        p += 1;
    }
    None
}

/// The exceptions of a proved period: the heaps `n < start` whose value
/// differs from the periodic one, `g(n + k·p)` for the least `k` that
/// reaches `start` (at most `most` of them, smallest first).
pub fn exceptions(proof: &Proof, g: impl Fn(u64) -> u32, most: usize) -> Vec<u64> {
    exception_heaps(proof, g).map(|(n, _)| n).take(most).collect()
}

/// Every exception of a proved period, smallest first, as `(n, periodic)`:
/// the heap and the value the period gives it (`g(n)` is another). Lazy:
/// a preperiod of 10⁸ heaps is walked, not listed.
pub fn exception_heaps(proof: &Proof, g: impl Fn(u64) -> u32) -> impl Iterator<Item = (u64, u32)> {
    let (p, start) = (proof.period.max(1), proof.start);
    (0..start).filter_map(move |n| {
        let periodic = g(n + (start - n).div_ceil(p) * p);
        (g(n) != periodic).then_some((n, periodic))
    })
}

/// What can be said about the period of a computed sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodReport {
    /// A period proved by the theorem.
    Proved(Proof),
    /// A finite code whose values up to `up_to` prove no period.
    NoPeriod {
        /// The values computed: g(0) to g(up_to).
        up_to: u64,
    },
    /// Rules with no finite code (Grundy's game, programs): no theorem
    /// applies; `apparent` is what the values up to `up_to` look like.
    NoTheorem {
        /// The values computed: g(0) to g(up_to).
        up_to: u64,
        /// A repetition the values show, (period, from, saltus), that no
        /// theorem proves (see [`apparent_period`]).
        apparent: Option<(u64, u64, u64)>,
    },
}

impl PeriodReport {
    /// The report on the values `g(0), …, g(len − 1)` of the rules.
    pub fn of(code: Option<&Code>, len: u64, g: impl Fn(u64) -> u32) -> PeriodReport {
        let up_to = len.saturating_sub(1);
        match code {
            Some(code) if !code.repeats() => match prove(code, len, g) {
                Some(p) => PeriodReport::Proved(p),
                None => PeriodReport::NoPeriod { up_to },
            },
            _ => PeriodReport::NoTheorem { up_to, apparent: apparent_period(len, g) },
        }
    }
}

impl fmt::Display for PeriodReport {
    /// The first line is the verdict (`proved: period 12 from 71 (last
    /// exception 70)` or `no period up to N`); the next says why.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeriodReport::Proved(p) => {
                let exception =
                    if p.start == 0 { "no exceptions".to_string() } else { format!("last exception {}", p.start - 1) };
                writeln!(f, "proved: period {} from {} ({exception})", p.period, p.start)?;
                let plural = |k: u64, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
                write!(
                    f,
                    "window: g(n + {}) = g(n) for every n with {} <= n < {} (values up to {}); no move takes more \
                     than {} or leaves more than {}, so by the periodicity theorem (Guy and Smith 1956) \
                     g(n + {}) = g(n) for every n >= {}",
                    p.period,
                    p.start,
                    p.window_end,
                    p.window_end + p.period - 1,
                    plural(p.last_digit, "stone", "stones"),
                    plural(u64::from(p.heaps), "heap", "heaps"),
                    p.period,
                    p.start
                )
            }
            PeriodReport::NoPeriod { up_to } => write!(f, "no period up to {up_to}"),
            PeriodReport::NoTheorem { up_to, apparent: Some((p, n0, s)) } if *s > 0 => write!(
                f,
                "not proved: the values up to {up_to} look arithmetic-periodic, g(n + {p}) = g(n) + {s} from {n0}, \
                 but the periodicity theorem needs a finite octal code"
            ),
            PeriodReport::NoTheorem { up_to, apparent: Some((p, n0, _)) } => write!(
                f,
                "not proved: the values up to {up_to} look periodic with period {p} from {n0}, but the periodicity \
                 theorem needs a finite octal code"
            ),
            PeriodReport::NoTheorem { up_to, apparent: None } => write!(
                f,
                "no period up to {up_to} (none could be proved anyway: the periodicity theorem needs a finite octal \
                 code)"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows() {
        // Guy and Smith: 2 n0 + p + t for octal games.
        assert_eq!(window_end(2, 2, 12, 71), 2 * 71 + 12 + 2);
        // A subtraction game: t values from n0, and past t.
        assert_eq!(window_end(1, 4, 7, 5), 9);
        assert_eq!(window_end(1, 4, 7, 0), 5);
        assert_eq!(window_end(3, 1, 2, 3), 9 + 4 + 1);
    }

    /// The search as the theorem states it, every period scanned from the
    /// end: the reference of [`prove`]'s shortcut.
    fn prove_plainly(code: &Code, len: u64, g: impl Fn(u64) -> u32) -> Option<(u64, u64)> {
        let (t, r) = (code.last_digit() as u64, code.most_heaps_left());
        let mut p = 1;
        while window_end(r, t, p, 0) + p <= len {
            let start = (0..len - p).rev().find(|&n| g(n + p) != g(n)).map_or(0, |n| n + 1);
            if window_end(r, t, p, start) + p <= len {
                return Some((p, start));
            }
            p += 1;
        }
        None
    }

    #[test]
    fn the_shortcut_over_multiples_finds_what_the_plain_search_finds() {
        let code = Code::parse(crate::rules::octal::Base::Octal, "0.137").unwrap();
        // Sequences periodic from a start, with exceptions before it, some
        // periodic with a multiple of the period; every length.
        let mut seed = 12345u64;
        for _ in 0..300 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (p, s) = (1 + (seed >> 60) % 6, (seed >> 40) % 40);
            let noise = seed;
            let g = move |n: u64| -> u32 {
                if n >= s || (noise >> (n % 64)) & 1 == 0 { (n % p) as u32 } else { 7 + (n % 3) as u32 }
            };
            for len in 1..200 {
                let fast = prove(&code, len, g).map(|q| (q.period, q.start));
                assert_eq!(fast, prove_plainly(&code, len, g), "p {p} s {s} len {len}");
            }
        }
    }

    /// A long preperiod and a short period: each multiple of the period
    /// used to scan the whole tail again (0.376, period 4 from 2268248,
    /// took many minutes to be reported at 4.5 million values).
    #[test]
    fn a_long_preperiod_is_not_scanned_again_for_every_multiple() {
        let code = Code::parse(crate::rules::octal::Base::Octal, "0.376").unwrap();
        let s = 300_000u64;
        let g = |n: u64| -> u32 { if n + 1 == s { 9 } else { (n % 4) as u32 } };
        // One value short of the window, then the proof.
        let need = window_end(2, 3, 4, s) + 4;
        assert_eq!(prove(&code, need - 1, g), None);
        let proof = prove(&code, need, g).unwrap();
        assert_eq!((proof.period, proof.start), (4, s));
    }

    #[test]
    fn kayles_needs_its_whole_window() {
        let game = crate::takebreak::TakeBreak::parse_spec("kayles").unwrap().unwrap();
        let s = crate::takebreak::compute(&game, 200, &crate::Control::new()).unwrap();
        let code = game.as_code().unwrap();
        let g = |n: u64| s.get(n).unwrap();
        // Period 12 from 71 needs g(n + 12) = g(n) for 71 <= n < 156: the
        // values up to 167, and not one fewer.
        let proof = prove(code, 168, g).unwrap();
        assert_eq!((proof.period, proof.start, proof.window_end), (12, 71, 156));
        assert_eq!(prove(code, 167, g), None);
        assert_eq!(PeriodReport::of(Some(code), 167, g).to_string(), "no period up to 166");
        assert_eq!(apparent_period(100, |n| u32::from(n % 7 == 3)), Some((7, 0, 0)));
        // Lasker's Nim: 0, 1, 2, 4, 3, 5, 6, 8, 7, ...
        let lasker = |n: u64| {
            (match n % 4 {
                0 if n > 0 => n - 1,
                3 => n + 1,
                _ => n,
            }) as u32
        };
        assert_eq!((0..9).map(lasker).collect::<Vec<_>>(), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
        assert_eq!(apparent_period(100, lasker), Some((4, 1, 4)));
        // The last exception is n0 − 1 and every exception differs from
        // the periodic value.
        let ex = exceptions(&proof, g, usize::MAX);
        assert_eq!(ex.last(), Some(&70));
        // Kayles' exceptions, as Guy and Smith list them.
        assert_eq!(ex, [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
        assert!(exception_heaps(&proof, g).all(|(n, periodic)| g(n) != periodic && periodic == g(n + 12 * 6)));
        for n in 0..71_u64 {
            let periodic = g(n + (71 - n).div_ceil(12) * 12);
            assert_eq!(ex.contains(&n), g(n) != periodic, "n = {n}");
        }
    }
}
