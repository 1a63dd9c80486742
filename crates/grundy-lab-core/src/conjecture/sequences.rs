//! The P-positions of a game of two coordinates as sequences: the pairs
//! `(a(n), b(n))` with `a(n) <= b(n)`, sorted by `a(n)`, and what they
//! obey: a difference `b(n) - a(n) = k n + c`, the mex construction
//! (`a(n)` is the least number not among `a(i), b(i)` for `i < n`), and a
//! Beatty form `a(n) = floor(n α + β)` with `α` an exact quadratic
//! irrational.
//!
//! Nothing is said that the table does not show: each hint comes with a
//! formula for "is a P-position" in the formula language, and the hint is
//! kept only when the checker finds that formula true on every cell of the
//! table (see [`verify`]).

use super::quadratic::{QuadraticIrrational, common_terms, periodic_value};
use super::{Formula, check_within};
use crate::Control;
use crate::grundy::Table;
use std::cmp::Ordering;
use std::time::Duration;

/// Fewer pairs than this say nothing.
pub const MIN_PAIRS: usize = 8;
/// The Beatty search reads at most this many pairs (it compares every two).
pub const MAX_BEATTY_PAIRS: usize = 5_000;
/// How long the check of one hint's formula may take.
pub const HINT_CHECK_BUDGET: Duration = Duration::from_secs(10);

/// `b(n) - a(n) = k n + c` for every pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The growth per pair.
    pub k: i64,
    /// The first difference.
    pub c: i64,
}

/// `floor(n α + e / f)` with `α` a quadratic irrational.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beatty {
    /// The slope.
    pub alpha: QuadraticIrrational,
    /// The shift's numerator.
    pub e: i128,
    /// The shift's denominator (`> 0`).
    pub f: i128,
}

impl Beatty {
    /// The term `n`.
    pub fn term(&self, n: i128) -> Option<i128> {
        self.alpha.floor_of_multiple(n, self.e, self.f)
    }

    /// `floor(n α + β)` in words: `floor(n α)`, `floor(n α + 1/2)`.
    pub fn describe(&self, name: &str) -> String {
        match self.e {
            0 => format!("floor(n {name})"),
            e if self.f == 1 => format!("floor(n {name} + {e})"),
            e => format!("floor(n {name} + {e}/{})", self.f),
        }
    }
}

/// Why no Beatty form is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoBeatty {
    /// No `α, β` at all give `a(n) = floor(n α + β)` for every pair.
    NoSlope,
    /// Some `α` fit, but no quadratic irrational of the simple form lies
    /// among them.
    NoQuadratic,
    /// More than one quadratic irrational of the simple form fits: the
    /// table is too small to tell.
    Several,
    /// A form fits the pairs, but its formula does not hold on the table.
    NotOnTheTable,
}

/// Everything found about the P-positions as sequences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceHints {
    /// The side of the square the pairs come from.
    pub side: usize,
    /// The pairs `(a(n), b(n))`, sorted by `a(n)`.
    pub pairs: Vec<(u64, u64)>,
    /// Whether the P-positions of the square are symmetric in x and y (the
    /// hints below are given only then).
    pub symmetric: bool,
    /// `b(n) - a(n) = k n + c`, with its verified formula.
    pub difference: Option<(Difference, Verified)>,
    /// The mex construction holds, with its verified formula.
    pub mex: Option<Verified>,
    /// The Beatty form of `a(n)`, of `b(n)`, the slope `b(n)/a(n)` tends to,
    /// and the verified formula.
    pub beatty: Result<BeattyHint, NoBeatty>,
}

/// A Beatty form of both sequences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeattyHint {
    /// `a(n) = floor(n α + β)`.
    pub a: Beatty,
    /// `b(n) = floor(n α' + β')`.
    pub b: Beatty,
    /// `α' / α`: the P-positions lie along the line `y = λ x`.
    pub slope: Option<QuadraticIrrational>,
    /// The formula for "is a P-position".
    pub formula: Verified,
}

/// The P-positions `(x, y)` with `x <= y` of the largest square at the top
/// left of the table, as pairs sorted by `x`, and whether the P-positions
/// of that square are symmetric. Reads the starting layer's plane z = 0.
pub fn p_pairs(table: &Table) -> (usize, Vec<(u64, u64)>, bool) {
    let s = table.width().min(table.height());
    let mut pairs = Vec::new();
    let mut symmetric = true;
    for y in 0..s {
        for x in 0..=y {
            let p = table.is_p(x, y);
            if p != table.is_p(y, x) {
                symmetric = false;
            }
            if p {
                pairs.push((x as u64, y as u64));
            }
        }
    }
    pairs.sort_unstable();
    (s, pairs, symmetric)
}

/// A hint's formula for "is a P-position" and how it was verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The formula, as `check --formula` takes it.
    pub formula: String,
    /// True: the checker found the formula true on every cell. False: the
    /// check took longer than [`HINT_CHECK_BUDGET`], and the program's own
    /// comparison of the same P-positions with every cell of the table
    /// confirmed the hint instead.
    pub checked: bool,
}

/// Whether the P-positions of `table` are exactly the pairs `pairs` and
/// their mirror images (within the table), and then whether `formula`
/// (boolean: "is a P-position") holds on every cell by the checker, within
/// [`HINT_CHECK_BUDGET`]. `None`: the hint is false on the table.
pub fn verify(table: &Table, pairs: &[(u64, u64)], formula: String, control: &Control) -> Option<Verified> {
    let (w, h) = (table.width(), table.height());
    let mut p = vec![false; w * h];
    for &(a, b) in pairs {
        for (x, y) in [(a, b), (b, a)] {
            if (x as usize) < w && (y as usize) < h {
                p[y as usize * w + x as usize] = true;
            }
        }
    }
    let same = (0..h).all(|y| (0..w).all(|x| table.is_p(x, y) == p[y * w + x]));
    if !same {
        return None;
    }
    let f = Formula::compile_for(&formula, table.rules()).ok()?;
    match check_within(table, &f, control, Some(HINT_CHECK_BUDGET)) {
        Ok(r) if r.holds() => Some(Verified { formula, checked: true }),
        Err(e) if e.kind == super::ErrorKind::Limit => Some(Verified { formula, checked: false }),
        _ => None,
    }
}

/// The pairs a rule generates until `a(n)` reaches `limit`: `a(n)` by the
/// mex construction (or from `a_of`), `b(n)` from `b_of(n, a(n))`.
fn generate(
    limit: u64,
    mex: bool,
    a_of: impl Fn(u64) -> Option<u64>,
    b_of: impl Fn(u64, u64) -> Option<u64>,
) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut used = std::collections::HashSet::new();
    let mut least = 0u64;
    for n in 0u64.. {
        let a = if mex {
            while used.contains(&least) {
                least += 1;
            }
            least
        } else {
            match a_of(n) {
                Some(a) => a,
                None => break,
            }
        };
        if a >= limit {
            break;
        }
        let Some(b) = b_of(n, a) else { break };
        used.insert(a);
        used.insert(b);
        out.push((a, b));
    }
    out
}

/// The formula's opening: the smaller coordinate `a`, the larger `b`.
const SORTED: &str = "let a = min(x, y); let b = max(x, y);";

fn array(values: impl Iterator<Item = u64>) -> String {
    format!("[{}]", values.map(|v| v.to_string()).collect::<Vec<_>>().join(", "))
}

/// Look for the sequence hints of a finished two-coordinate table without
/// a pass. `None` for other tables.
pub fn find_sequence_hints(table: &Table, control: &Control) -> Option<SequenceHints> {
    if table.rules().dimension != 2 || table.layers() != 1 || !table.is_complete() {
        return None;
    }
    let (side, pairs, symmetric) = p_pairs(table);
    let mut hints =
        SequenceHints { side, pairs, symmetric, difference: None, mex: None, beatty: Err(NoBeatty::NoSlope) };
    if !symmetric || hints.pairs.len() < MIN_PAIRS || control.is_cancelled() {
        return Some(hints);
    }
    let pairs = &hints.pairs;
    let bs = array(pairs.iter().map(|p| p.1));
    // The rule for b(n) in a formula: the difference, else the list.
    let difference = difference_of(pairs);
    let b_of_n = match difference {
        Some(Difference { k, c }) => format!("a_n + {}", linear(k, c).replace(" n", " * n")),
        None => format!("if n < {len} {{ {bs}[n] }} else {{ -1 }}", len = pairs.len()),
    };
    if let Some(dk) = difference {
        hints.difference = verify(table, pairs, difference_formula(dk, pairs), control).map(|v| (dk, v));
    }
    let b_rule = |n: u64, a: u64| match difference {
        Some(Difference { k, c }) => u64::try_from(a as i64 + k * n as i64 + c).ok(),
        None => pairs.get(n as usize).map(|p| p.1),
    };
    if is_mex(pairs) {
        let mexed = generate(side as u64, true, |_| None, b_rule);
        hints.mex = verify(table, &mexed, mex_formula(&b_of_n), control);
    }
    hints.beatty = beatty_hint(table, pairs, difference, control);
    Some(hints)
}

fn difference_of(pairs: &[(u64, u64)]) -> Option<Difference> {
    let d = |n: usize| pairs[n].1 as i64 - pairs[n].0 as i64;
    let (c, k) = (d(0), d(1) - d(0));
    (0..pairs.len()).all(|n| d(n) == k * n as i64 + c).then_some(Difference { k, c })
}

fn difference_formula(Difference { k, c }: Difference, pairs: &[(u64, u64)]) -> String {
    let a_list = array(pairs.iter().map(|p| p.0));
    if k == 0 {
        return format!("{SORTED} b - a == {c} && {a_list}.contains(a)");
    }
    let n = if k == 1 { "d".to_string() } else { format!("d / {k}") };
    let divides = if k == 1 { String::new() } else { format!("d % {k} == 0 && ") };
    let d = if c == 0 { "b - a".to_string() } else { format!("b - a - ({c})") };
    format!("{SORTED} let d = {d}; let A = {a_list}; d >= 0 && {divides}{n} < A.len() && A[{n}] == a")
}

/// Whether every `a(n)` is the least number not among `a(i), b(i)`, `i < n`.
fn is_mex(pairs: &[(u64, u64)]) -> bool {
    let top = pairs.iter().map(|p| p.1).max().unwrap_or(0) as usize;
    let mut used = vec![false; top + 2];
    let mut least = 0;
    for &(a, b) in pairs {
        while used[least] {
            least += 1;
        }
        if a as usize != least {
            return false;
        }
        used[a as usize] = true;
        used[b as usize] = true;
    }
    true
}

/// The mex construction as a formula: build `a(0), a(1), ...` until the
/// cell's smaller coordinate is reached.
fn mex_formula(b_of_n: &str) -> String {
    format!(
        "{SORTED} let used = []; used.pad(b + 2, false); let least = 0; let n = 0; let found = false; \
         loop {{ while used[least] {{ least += 1; }} if least > a {{ break; }} let a_n = least; \
         let b_n = {b_of_n}; if a_n == a {{ found = b_n == b; break; }} used[a_n] = true; \
         if b_n >= 0 && b_n < used.len() {{ used[b_n] = true; }} n += 1; }} found"
    )
}

/// The open interval of slopes `α` for which some `β` gives
/// `a(n) = floor(n α + β)` for all `n`: `(lo, hi)` as fractions, or `None`
/// when it is empty.
pub fn slope_interval(terms: &[u64]) -> Option<((i128, i128), (i128, i128))> {
    // Some β fits exactly when (j - i) α < a(j) - a(i) + 1 for all i < j
    // and (i - j) α > a(i) - a(j) - 1 for all i > j.
    let mut lo = (i128::MIN / 4, 1i128);
    let mut hi = (i128::MAX / 4, 1i128);
    let less = |a: (i128, i128), b: (i128, i128)| a.0 * b.1 < b.0 * a.1;
    for j in 0..terms.len() {
        for i in 0..j {
            let (gap, len) = (terms[j] as i128 - terms[i] as i128, (j - i) as i128);
            let up = (gap + 1, len);
            let down = (gap - 1, len);
            if less(up, hi) {
                hi = up;
            }
            if less(lo, down) {
                lo = down;
            }
        }
    }
    less(lo, hi).then_some((lo, hi))
}

/// The one quadratic irrational of the simple form in the open interval
/// `(lo, hi)`: a continued fraction that repeats a block of terms at least
/// three times within the terms every number of the interval starts with,
/// after at most a third of them.
pub fn simple_quadratic_in(lo: (i128, i128), hi: (i128, i128)) -> Result<QuadraticIrrational, NoBeatty> {
    let terms = common_terms(lo, hi);
    let len = terms.len();
    let mut found: Vec<QuadraticIrrational> = Vec::new();
    for pre in 0..=len / 3 {
        for period in 1..=(len - pre) / 3 {
            let repeats = (pre..len - period).all(|i| terms[i] == terms[i + period]);
            if !repeats {
                continue;
            }
            let Some(alpha) = periodic_value(&terms, pre, period) else { continue };
            let inside = alpha.cmp_fraction(lo.0, lo.1) == Some(Ordering::Greater)
                && alpha.cmp_fraction(hi.0, hi.1) == Some(Ordering::Less);
            if inside && !found.contains(&alpha) {
                found.push(alpha);
            }
        }
    }
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(NoBeatty::NoQuadratic),
        _ => Err(NoBeatty::Several),
    }
}

/// The Beatty form of `terms` with the slope `alpha`: the shift `β = e/f`
/// of least denominator that gives every term exactly.
fn shift_for(alpha: QuadraticIrrational, terms: &[u64]) -> Option<Beatty> {
    let a = alpha.approx();
    let lo = terms.iter().enumerate().map(|(n, &t)| t as f64 - n as f64 * a).fold(f64::MIN, f64::max);
    let hi = terms.iter().enumerate().map(|(n, &t)| t as f64 + 1.0 - n as f64 * a).fold(f64::MAX, f64::min);
    // The float only proposes; the exact floors decide.
    (1..=1000i128).find_map(|f| {
        let e0 = (lo * f as f64).ceil() as i128;
        (e0 - 1..=e0 + 1).find_map(|e| {
            let b = Beatty { alpha, e, f };
            let inside = (e as f64) / (f as f64) < hi + 1e-9;
            (inside && terms.iter().enumerate().all(|(n, &t)| b.term(n as i128) == Some(t as i128))).then_some(b)
        })
    })
}

fn beatty_of(terms: &[u64]) -> Result<Beatty, NoBeatty> {
    let terms = &terms[..terms.len().min(MAX_BEATTY_PAIRS)];
    let (lo, hi) = slope_interval(terms).ok_or(NoBeatty::NoSlope)?;
    let alpha = simple_quadratic_in(lo, hi)?;
    shift_for(alpha, terms).ok_or(NoBeatty::NoQuadratic)
}

fn beatty_hint(
    table: &Table,
    pairs: &[(u64, u64)],
    difference: Option<Difference>,
    control: &Control,
) -> Result<BeattyHint, NoBeatty> {
    let a_terms: Vec<u64> = pairs.iter().map(|p| p.0).collect();
    let b_terms: Vec<u64> = pairs.iter().map(|p| p.1).collect();
    let a = beatty_of(&a_terms)?;
    let b = match difference {
        // b(n) = a(n) + k n + c = floor(n (α + k) + β + c).
        Some(Difference { k, c }) => {
            Beatty { alpha: a.alpha.plus(k as i128).ok_or(NoBeatty::NoQuadratic)?, e: a.e + c as i128 * a.f, f: a.f }
        }
        None => beatty_of(&b_terms)?,
    };
    if !(1.0..).contains(&a.alpha.approx()) {
        // floor(n α + β) is increasing, and so searchable, only for α >= 1.
        return Err(NoBeatty::NoQuadratic);
    }
    let a_n = a.alpha.floor_formula(a.e, a.f);
    let b_n = b.alpha.floor_formula(b.e, b.f);
    let formula = format!(
        "{SORTED} let lo = 0; let hi = a + 1; \
         while lo < hi {{ let n = (lo + hi) / 2; if {a_n} < a {{ lo = n + 1; }} else {{ hi = n; }} }} \
         let n = lo; {a_n} == a && {b_n} == b"
    );
    let term = |form: Beatty, n: u64| form.term(n as i128).and_then(|t| u64::try_from(t).ok());
    let generated = generate(table.width().max(table.height()) as u64, false, |n| term(a, n), |n, _| term(b, n));
    let formula = verify(table, &generated, formula, control).ok_or(NoBeatty::NotOnTheTable)?;
    Ok(BeattyHint { a, b, slope: b.alpha.divided_by(&a.alpha), formula })
}

impl SequenceHints {
    /// The hints in English, each with its formula.
    pub fn summary(&self, shown: usize) -> String {
        let mut out = format!(
            "P-positions as pairs (a(n), b(n)) with a(n) <= b(n), sorted by a(n), in the {s} x {s} square: {} pairs\n",
            self.pairs.len(),
            s = self.side
        );
        let first: Vec<String> = self.pairs.iter().take(shown).map(|(a, b)| format!("({a}, {b})")).collect();
        if !first.is_empty() {
            out.push_str(&format!("  {}{}\n", first.join(", "), if self.pairs.len() > shown { ", ..." } else { "" }));
        }
        if !self.symmetric {
            out.push_str("  The P-positions are not symmetric in x and y: no sequence hints.\n");
            return out;
        }
        if self.pairs.len() < MIN_PAIRS {
            out.push_str(&format!(
                "  Fewer than {MIN_PAIRS} pairs: too few to say anything; compute a larger table.\n"
            ));
            return out;
        }
        let n = self.pairs.len();
        match &self.difference {
            Some((Difference { k, c }, f)) => {
                out.push_str(&format!("- The difference b(n) - a(n) = {} for every n < {n}.\n", linear(*k, *c)));
                out.push_str(&formula_line(f));
            }
            None => out.push_str("- The difference b(n) - a(n) is not of the form k n + c.\n"),
        }
        match &self.mex {
            Some(f) => {
                out.push_str(
                    "- a(n) is the least number not yet used (the mex construction: not among a(i), b(i) for i < n).\n",
                );
                out.push_str(&formula_line(f));
            }
            None => out.push_str("- a(n) is not always the least number not yet used.\n"),
        }
        match &self.beatty {
            Ok(h) => {
                out.push_str(&format!(
                    "- Beatty form: a(n) = {} and b(n) = {} with α = {} ≈ {:.6} and α' = {} ≈ {:.6}, for every \
                     n < {n}.\n  α is the only number in the interval the pairs allow whose continued fraction \
                     repeats a block of terms at least three times.\n",
                    h.a.describe("α"),
                    h.b.describe("α'"),
                    h.a.alpha,
                    h.a.alpha.approx(),
                    h.b.alpha,
                    h.b.alpha.approx(),
                ));
                if let Some(s) = h.slope {
                    out.push_str(&format!(
                        "  The P-positions lie along the lines y = λ x and x = λ y with λ = α'/α = {s} ≈ {:.6}.\n",
                        s.approx()
                    ));
                }
                out.push_str(&formula_line(&h.formula));
            }
            Err(why) => out.push_str(&format!("- No Beatty form a(n) = floor(n α + β) found: {}.\n", why)),
        }
        out
    }
}

/// The formula of a hint and how it was verified.
fn formula_line(v: &Verified) -> String {
    let how = if v.checked {
        "checked on every cell"
    } else {
        "the check took too long here; the P-positions it describes were compared with every cell instead"
    };
    format!("  check --formula '{}'\n  ({how})\n", v.formula)
}

/// `k n + c` written plainly: `n`, `2 n + 1`, `3`.
pub fn linear(k: i64, c: i64) -> String {
    let kn = match k {
        0 => String::new(),
        1 => "n".to_string(),
        k => format!("{k} n"),
    };
    match (kn.is_empty(), c) {
        (true, c) => c.to_string(),
        (false, 0) => kn,
        (false, c) if c < 0 => format!("{kn} - {}", -c),
        (false, c) => format!("{kn} + {c}"),
    }
}

impl std::fmt::Display for NoBeatty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NoBeatty::NoSlope => "no α and β fit every pair",
            NoBeatty::NoQuadratic => {
                "no square-root number (a continued fraction repeating a block at least three times) fits every pair"
            }
            NoBeatty::Several => "several square-root numbers fit the pairs; a larger table would tell them apart",
            NoBeatty::NotOnTheTable => "a form fits the pairs, but its formula does not hold on the whole table",
        })
    }
}
