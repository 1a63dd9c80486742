//! What a take-and-break game is: the moves of one heap. A position is a
//! list of heaps; a move replaces one heap of `n` stones by its *option*, a
//! list of smaller heaps (possibly none). By the Sprague–Grundy theorem the
//! value of a position is the XOR of its heaps' values, so a game is known
//! once the sequence `g(0), g(1), …` of one heap is.
//!
//! Four ways to give the moves of one heap: an octal or hexadecimal
//! [`Code`]; a split rule (Grundy's game and its relatives: split one heap
//! into `k` non-empty heaps, all different or not); a program
//! `fn splits(n)` ([`SplitsProgram`]); or any one-heap game of
//! [`crate::rules::Rules`] (each option one heap, 0 meaning none), where a
//! subtraction set is recognised and becomes its code.

use super::program::SplitsProgram;
use crate::rules::breaks::{self, Breaks, BreaksError, split_text};
use crate::rules::octal::Code;
use crate::rules::{Convention, ProgramError, Rules};
use std::fmt;

/// How the moves of one heap are given.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// An octal or hexadecimal code.
    Code(Code),
    /// Split one heap into `parts` non-empty heaps, taking nothing; with
    /// `unequal`, the parts must all be different sizes.
    Split {
        /// Into how many parts a heap splits.
        parts: u8,
        /// Whether the parts must be unequal.
        unequal: bool,
    },
    /// A program `fn splits(n)`.
    Splits(SplitsProgram),
    /// A one-heap game of the other families: each option one heap.
    OneHeap(Box<Rules>),
}

/// A take-and-break game: a name and the moves of one heap.
#[derive(Clone, Debug, PartialEq)]
pub struct TakeBreak {
    name: String,
    kind: Kind,
}

/// Why a take-and-break game cannot be described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakeBreakError {
    /// A text that does not write a take-and-break game (a bad code, a
    /// split or subtraction rule, or nothing of the kind).
    Breaks(BreaksError),
    /// A program that cannot be used, or failed at a heap.
    Program(ProgramError),
    /// Rules that are not a game of one heap.
    NotOneHeap {
        /// The rules' name.
        name: String,
        /// How many coordinates the rules have.
        dimension: u8,
    },
    /// Misère play or passes: the XOR of the heaps' values is the value of
    /// a sum in normal play only.
    NotNormalPlay {
        /// The rules' name.
        name: String,
    },
    /// A file that cannot be read.
    File(String),
}

impl fmt::Display for TakeBreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeBreakError::Breaks(e) => write!(f, "{e}"),
            TakeBreakError::Program(e) => write!(f, "{e}"),
            TakeBreakError::NotOneHeap { name, dimension } => write!(
                f,
                "{name} is a game of {dimension} coordinates; a take-and-break game is given by the moves of one heap"
            ),
            TakeBreakError::NotNormalPlay { name } => write!(
                f,
                "{name}: in misère play or with a pass the value of a row of heaps is not the XOR of its heaps' \
                 values, so `sequence` and `check` take normal play only; `value`, `is-p`, `ppos` and `table` answer \
                 rows in misère play or with passes, by search"
            ),
            TakeBreakError::File(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for TakeBreakError {}

impl From<BreaksError> for TakeBreakError {
    fn from(e: BreaksError) -> Self {
        TakeBreakError::Breaks(e)
    }
}

impl TakeBreak {
    /// The game with this name and moves.
    pub fn new(name: &str, kind: Kind) -> TakeBreak {
        TakeBreak { name: name.to_string(), kind }
    }

    /// The game a spec names, when it names a take-and-break game: what
    /// [`breaks::parse`] reads (codes, split and subtraction rules, the
    /// presets' names), or a `.rhai` file that defines `fn splits`. `None`
    /// for any other spec (a preset of another family, a rules file).
    pub fn parse_spec(spec: &str) -> Option<Result<TakeBreak, TakeBreakError>> {
        if let Some(written) = breaks::parse(spec) {
            return Some(written.map(|(name, b)| TakeBreak::written(&name, b)).map_err(Into::into));
        }
        let trimmed = spec.trim();
        let lower = trimmed.to_ascii_lowercase();
        if lower.ends_with(".rhai") {
            let path = std::path::Path::new(trimmed);
            let text = match crate::fsutil::read_text(path, crate::rules::MAX_FILE_BYTES) {
                Ok(t) => t,
                Err(e) => return Some(Err(TakeBreakError::File(format!("cannot read `{trimmed}`: {e}")))),
            };
            if !SplitsProgram::defines_splits(&text) {
                return None;
            }
            let name = path.file_stem().map_or("program".into(), |s| s.to_string_lossy().into_owned());
            return Some(
                SplitsProgram::new(&text)
                    .map(|p| TakeBreak::new(&name, Kind::Splits(p)))
                    .map_err(|e| TakeBreakError::File(format!("`{trimmed}`: {e}"))),
            );
        }
        None
    }

    /// The game of the spec a [`Rules::breaks`] holds: a code, a split or
    /// subtraction rule, or a preset's name (never a file: rules carry
    /// their moves with them).
    pub fn of_breaks(spec: &str) -> Result<TakeBreak, TakeBreakError> {
        let not_a_spec = || BreaksError::NotASpec(spec.chars().take(40).collect());
        let (name, b) = breaks::parse(spec).ok_or_else(not_a_spec)??;
        Ok(TakeBreak::written(&name, b))
    }

    /// The game of moves as written.
    fn written(name: &str, b: Breaks) -> TakeBreak {
        match b {
            Breaks::Code(c) => TakeBreak::new(name, Kind::Code(c)),
            Breaks::Split { parts, unequal } => TakeBreak::new(name, Kind::Split { parts, unequal }),
        }
    }

    /// A one-heap game of the other families as a take-and-break game.
    /// A piece that only jumps (a subtraction set), and the shipped program
    /// `subtraction-1-3-4`, become their octal code, so that their period
    /// can be proved.
    pub fn from_rules(rules: &Rules) -> Result<TakeBreak, TakeBreakError> {
        if let Some(spec) = &rules.breaks {
            let mut g = TakeBreak::of_breaks(spec)?;
            g.name.clone_from(&rules.name);
            return Ok(g);
        }
        if rules.dimension != 1 {
            return Err(TakeBreakError::NotOneHeap { name: rules.label(), dimension: rules.dimension });
        }
        if rules.convention != Convention::Normal || rules.passes.any() {
            return Err(TakeBreakError::NotNormalPlay { name: rules.label() });
        }
        if let Some(set) = subtraction_set(rules) {
            let code = Code::subtraction(&set).map_err(BreaksError::Code)?;
            return Ok(TakeBreak::new(&rules.name, Kind::Code(code)));
        }
        Ok(TakeBreak::new(&rules.name, Kind::OneHeap(Box::new(rules.clone()))))
    }

    /// The game's name (a preset's, or its code).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How the moves are given.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// The code, when the game has one.
    pub fn as_code(&self) -> Option<&Code> {
        match &self.kind {
            Kind::Code(c) => Some(c),
            _ => None,
        }
    }

    /// `Kayles (octal:0.77)`: the name, and the rules when the name is not
    /// already them.
    pub fn label(&self) -> String {
        let rules = match &self.kind {
            Kind::Code(c) => c.to_string(),
            Kind::Split { parts, unequal } => split_text(*parts, *unequal),
            Kind::Splits(_) => "a splits program".into(),
            Kind::OneHeap(_) => "one heap".into(),
        };
        if rules == self.name { rules } else { format!("{} ({rules})", self.name) }
    }

    /// A text that identifies the rules (the values file stores it): the
    /// code, the split rule, or a checksum of the program's text.
    pub fn key(&self) -> String {
        match &self.kind {
            Kind::Code(c) => c.to_string(),
            Kind::Split { parts, unequal } => split_text(*parts, *unequal),
            Kind::Splits(p) => format!("splits-program:{:016x}", fnv1a(p.compact_source().as_bytes())),
            Kind::OneHeap(r) => {
                // The limits of a position do not change the values.
                let rules = crate::rules::Rules { limits: crate::rules::Limits::default(), ..(**r).clone() };
                format!("one-heap:{:016x}", fnv1a(crate::rules::to_json(&rules).as_bytes()))
            }
        }
    }

    /// The limits of one heap when the moves come from a program (a
    /// `fn splits` program, or a one-heap rules program); `None` for a code
    /// or a split rule, which no program computes.
    pub fn limits(&self) -> Option<crate::rules::Limits> {
        match &self.kind {
            Kind::Splits(p) => Some(p.limits()),
            Kind::OneHeap(r) if r.program.is_some() => Some(r.limits),
            _ => None,
        }
    }

    /// The same game with other limits of one heap, when a program
    /// computes its moves (see [`TakeBreak::limits`]).
    pub fn with_limits(mut self, limits: crate::rules::Limits) -> Option<TakeBreak> {
        match &mut self.kind {
            Kind::Splits(p) => *p = p.clone().with_limits(limits),
            Kind::OneHeap(r) if r.program.is_some() => r.limits = limits,
            _ => return None,
        }
        Some(self)
    }

    /// Whether a values file keyed `key` holds this game's values: its key,
    /// or the key of earlier versions (which hashed a program's whole text,
    /// comments included, and a one-heap game with its limits).
    pub fn accepts_key(&self, key: &str) -> bool {
        key == self.key()
            || match &self.kind {
                Kind::Splits(p) => key == format!("splits-program:{:016x}", fnv1a(p.source().as_bytes())),
                // Earlier versions keyed a one-heap game with its limits.
                Kind::OneHeap(r) => key == format!("one-heap:{:016x}", fnv1a(crate::rules::to_json(r).as_bytes())),
                _ => false,
            }
    }

    /// Whether a heap of `n` has a move at all: from the code or the split
    /// rule alone (no list of options, which for `split:4` of 600 stones is
    /// about 1.5 million), from the program's list otherwise.
    pub fn has_option(&self, n: u64) -> Result<bool, TakeBreakError> {
        Ok(match &self.kind {
            Kind::Code(c) => (0..=c.last_take(n)).any(|k| {
                let (d, rest) = (c.digit(k as usize), n - k);
                (d & 1 != 0 && rest == 0)
                    || (d & 2 != 0 && rest >= 1 && k >= 1)
                    || (d & 4 != 0 && rest >= 2)
                    || (d & 8 != 0 && rest >= 3)
            }),
            Kind::Split { parts, unequal } => {
                let k = u64::from(*parts);
                n >= if *unequal { k * (k + 1) / 2 } else { k }
            }
            Kind::Splits(_) | Kind::OneHeap(_) => !self.options(n)?.is_empty(),
        })
    }

    /// Whether a heap of `n` may become the heaps `parts` (sorted, none
    /// empty): from the code or the split rule alone, without listing the
    /// options; from the program's list otherwise.
    pub fn is_option(&self, n: u64, parts: &[u64]) -> Result<bool, TakeBreakError> {
        if parts.contains(&0) || !parts.is_sorted() {
            return Ok(false);
        }
        let Some(rest) = parts.iter().try_fold(0u64, |a, &p| a.checked_add(p)).filter(|&sum| sum <= n) else {
            return Ok(false);
        };
        Ok(match &self.kind {
            Kind::Code(c) => {
                let k = n - rest;
                let d = if k <= c.last_take(n) { c.digit(k as usize) } else { 0 };
                match parts.len() {
                    0 => d & 1 != 0,
                    1 => d & 2 != 0 && k >= 1,
                    2 => d & 4 != 0,
                    3 => d & 8 != 0,
                    _ => false,
                }
            }
            Kind::Split { parts: k, unequal } => {
                parts.len() == usize::from(*k) && rest == n && (!unequal || parts.windows(2).all(|w| w[0] < w[1]))
            }
            Kind::Splits(_) | Kind::OneHeap(_) => self.options(n)?.iter().any(|o| o == parts),
        })
    }

    /// The options of one heap of `n` stones: each a list of heaps (sorted,
    /// without empty heaps; `[]` takes the whole heap), each option once.
    /// Lists every split: for a large `n` of a splitting game this is long
    /// (the sequence engine never calls it for codes and split rules).
    pub fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, TakeBreakError> {
        self.options_at_most(n, usize::MAX)
    }

    /// At most `max` options of a heap of `n` that `pick` keeps (sorted,
    /// without repeats), found by walking the options one by one with no
    /// list of them made, and stopping at the `max`-th kept or when `pick`
    /// says [`Pick::Stop`]: a search for the moves to a value costs what it
    /// walks, not what the heap has. A program's splits are listed by the
    /// program first.
    pub fn options_where(
        &self,
        n: u64,
        pick: &mut dyn FnMut(&[u64]) -> Pick,
        max: usize,
    ) -> Result<Vec<Vec<u64>>, TakeBreakError> {
        let mut out: Vec<Vec<u64>> = Vec::new();
        if max == 0 {
            return Ok(out);
        }
        let mut visit = |parts: &[u64]| match pick(parts) {
            Pick::Keep => {
                out.push(parts.to_vec());
                out.len() < max
            }
            Pick::Skip => true,
            Pick::Stop => false,
        };
        match &self.kind {
            Kind::Code(c) => {
                for k in 0..=c.last_take(n) {
                    let d = c.digit(k as usize);
                    let rest = n - k;
                    let on = (d & 1 == 0 || rest != 0 || visit(&[]))
                        && (d & 2 == 0 || rest < 1 || k < 1 || visit(&[rest]))
                        && (d & 4 == 0 || visit_partitions(rest, 2, false, &mut visit))
                        && (d & 8 == 0 || visit_partitions(rest, 3, false, &mut visit));
                    if !on {
                        break;
                    }
                }
            }
            Kind::Split { parts, unequal } => {
                visit_partitions(n, *parts, *unequal, &mut visit);
            }
            Kind::Splits(_) | Kind::OneHeap(_) => {
                for parts in self.listed_by_program(n)?.unwrap_or_default() {
                    if !visit(&parts) {
                        break;
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// At most `max` options of a heap of `n` (those [`TakeBreak::options`]
    /// lists, not necessarily its first ones): a code or a split rule stops
    /// listing at `max`, so a screen of buttons costs `max` options, not
    /// the 1.5 million of a `split:4` heap of 600.
    pub fn options_at_most(&self, n: u64, max: usize) -> Result<Vec<Vec<u64>>, TakeBreakError> {
        match self.listed_by_program(n)? {
            Some(mut out) => {
                out.sort_unstable();
                out.dedup();
                out.truncate(max);
                Ok(out)
            }
            None => self.options_where(n, &mut |_| Pick::Keep, max),
        }
    }

    /// The options of a heap of `n` of a game whose options a program (or
    /// one-heap rules) lists: that list, unsorted; `None` for a code or a
    /// split rule, whose options are walked ([`TakeBreak::options_where`]).
    fn listed_by_program(&self, n: u64) -> Result<Option<Vec<Vec<u64>>>, TakeBreakError> {
        Ok(Some(match &self.kind {
            Kind::Code(_) | Kind::Split { .. } => return Ok(None),
            Kind::Splits(p) => p.splits(n, None).map_err(TakeBreakError::Program)?,
            Kind::OneHeap(r) => {
                let p = [n, 0, 0];
                let positions = match &r.program {
                    Some(program) => {
                        program.options(p, &mut rhai::Scope::new(), None).map_err(TakeBreakError::Program)?
                    }
                    None => r.moves_at(p),
                };
                // A heap's value needs those of smaller heaps only.
                if let Some(q) = positions.iter().find(|q| q[0] >= n) {
                    return Err(TakeBreakError::Program(crate::rules::ProgramError::BadOption {
                        position: crate::rules::position_text(p, 1),
                        option: format!("[{}]", q[0]),
                        why: crate::rules::OptionFault::SumNotLowered,
                    }));
                }
                positions.into_iter().map(|q| if q[0] == 0 { Vec::new() } else { vec![q[0]] }).collect()
            }
        }))
    }
}

/// The shipped one-heap programs that are subtraction games, with their
/// sets (the program text is compared in full, so an edited copy is not
/// taken for the game; `tests/takebreak.rs` checks the sets against the
/// programs' moves).
const SUBTRACTION_PROGRAMS: &[(&str, &[u64])] = &[("subtraction-1-3-4", &[1, 3, 4])];

/// The subtraction set of one-heap rules, when they are one: a piece that
/// only jumps, with no terminal cells, or a shipped subtraction program.
fn subtraction_set(rules: &Rules) -> Option<Vec<u64>> {
    match &rules.program {
        Some(program) => {
            let (_, set) = SUBTRACTION_PROGRAMS.iter().find(|(name, _)| {
                crate::rules::EXAMPLE_PROGRAMS.iter().any(|e| e.name == *name && e.source == program.source())
            })?;
            Some(set.to_vec())
        }
        None => {
            let piece = &rules.piece;
            (piece.slides.is_empty() && !piece.jumps.is_empty() && rules.terminal.is_empty())
                .then(|| piece.jumps.iter().map(|o| u64::from(o.dx)).collect())
        }
    }
}

/// Every way to write `n` as `parts` non-empty heaps `a₁ ≤ a₂ ≤ …`
/// (strictly increasing with `unequal`), each given in turn to `visit`
/// (which says whether to go on), with no list of them made: what a search
/// that stops at its first finds walks. Returns whether every one was
/// visited.
pub fn visit_partitions(n: u64, parts: u8, unequal: bool, visit: &mut dyn FnMut(&[u64]) -> bool) -> bool {
    fn go(
        left: u64,
        parts: u8,
        min: u64,
        unequal: bool,
        prefix: &mut Vec<u64>,
        visit: &mut dyn FnMut(&[u64]) -> bool,
    ) -> bool {
        if parts == 1 {
            if left >= min {
                prefix.push(left);
                let on = visit(prefix);
                prefix.pop();
                return on;
            }
            return true;
        }
        let mut a = min;
        // The other parts are at least `a` (or `a + 1`, `a + 2`, ...).
        while a.saturating_mul(u64::from(parts)) + if unequal { u64::from(parts) * u64::from(parts - 1) / 2 } else { 0 }
            <= left
        {
            prefix.push(a);
            let on = go(left - a, parts - 1, if unequal { a + 1 } else { a }, unequal, prefix, visit);
            prefix.pop();
            if !on {
                return false;
            }
            a += 1;
        }
        true
    }
    go(n, parts, 1, unequal, &mut Vec::new(), visit)
}

/// What a walk over a heap's options ([`TakeBreak::options_where`]) does
/// with the option it is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Keep it, and go on.
    Keep,
    /// Leave it, and go on.
    Skip,
    /// Leave it, and stop the walk.
    Stop,
}

/// FNV-1a, 64 bits: a checksum, not a hash for security.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_kept_are_those_listed_that_pass() {
        for spec in ["kayles", "dawsons-kayles", "octal:4.07", "octal:0.1377", "grundy-game", "split:3", "hex:0.F"] {
            let game = TakeBreak::parse_spec(spec).unwrap().unwrap();
            for n in 0..30 {
                let all = game.options(n).unwrap();
                assert_eq!(game.options_where(n, &mut |_| Pick::Keep, usize::MAX).unwrap(), all, "{spec} {n}");
                let even = |p: &[u64]| if p.iter().sum::<u64>() % 2 == 0 { Pick::Keep } else { Pick::Skip };
                let kept: Vec<_> = all.iter().filter(|p| even(p) == Pick::Keep).cloned().collect();
                assert_eq!(game.options_where(n, &mut |p| even(p), usize::MAX).unwrap(), kept, "{spec} {n}");
                let first = game.options_where(n, &mut |p| even(p), 2).unwrap();
                assert!(first.len() == kept.len().min(2) && first.iter().all(|p| kept.contains(p)), "{spec} {n}");
                // A stop ends the walk where it is.
                let mut seen = 0;
                let mut stop_at_3 = |_: &[u64]| {
                    seen += 1;
                    if seen > 3 { Pick::Stop } else { Pick::Keep }
                };
                assert_eq!(game.options_where(n, &mut stop_at_3, usize::MAX).unwrap().len(), all.len().min(3));
            }
        }
    }

    #[test]
    fn specs_name_games() {
        let k = TakeBreak::parse_spec("kayles").unwrap().unwrap();
        assert_eq!(k.label(), "kayles (octal:0.77)");
        assert_eq!(k.options(3).unwrap(), vec![vec![1u64], vec![1, 1], vec![2]]);
        let g = TakeBreak::parse_spec("grundy-game").unwrap().unwrap();
        assert_eq!(g.options(7).unwrap(), vec![vec![1, 6], vec![2, 5], vec![3, 4]]);
        assert_eq!(g.options(2).unwrap(), Vec::<Vec<u64>>::new());
        let s = TakeBreak::parse_spec("subtraction:4,1,3").unwrap().unwrap();
        assert_eq!(s.name(), "subtraction:1,3,4");
        assert_eq!(s.options(4).unwrap(), vec![vec![], vec![1], vec![3]]);
        let split = TakeBreak::parse_spec("octal:4.07").unwrap().unwrap();
        assert!(split.options(4).unwrap().contains(&vec![2, 2]), "d0 = 4 splits without taking");
        assert!(TakeBreak::parse_spec("queen").is_none());
        assert!(TakeBreak::parse_spec("split:5").unwrap().unwrap_err().to_string().contains("from 2 to 4"));
        assert!(TakeBreak::parse_spec("subtraction:1,x").unwrap().is_err());
        let e = TakeBreak::parse_spec("octal:0.9").unwrap().unwrap_err().to_string();
        assert!(e.contains("`9` is not an octal digit"), "{e}");
    }

    /// Codes and split rules whose options the tests list and test one by one.
    const SPLITTING: [&str; 8] = [
        "octal:0.77",
        "octal:0.07",
        "octal:4.0",
        "octal:0.137",
        "hex:0.8",
        "split:2:unequal",
        "split:4",
        "split:3:unequal",
    ];

    #[test]
    fn a_heap_has_a_move_exactly_when_it_has_options() {
        for spec in SPLITTING {
            let g = TakeBreak::parse_spec(spec).unwrap().unwrap();
            for n in 0..40 {
                assert_eq!(g.has_option(n).unwrap(), !g.options(n).unwrap().is_empty(), "{spec} at {n}");
            }
        }
    }

    #[test]
    fn a_split_is_an_option_exactly_when_it_is_listed_and_lists_stop_at_their_limit() {
        // Every sorted list of up to four heaps of at most n stones in all.
        fn lists(n: u64, most: usize, from: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            out.push(prefix.clone());
            if prefix.len() == most {
                return;
            }
            let sum: u64 = prefix.iter().sum();
            for a in from.max(1)..=n.saturating_sub(sum) {
                prefix.push(a);
                lists(n, most, a, prefix, out);
                prefix.pop();
            }
        }
        for spec in SPLITTING {
            let g = TakeBreak::parse_spec(spec).unwrap().unwrap();
            for n in 0..14 {
                let listed = g.options(n).unwrap();
                let mut all = Vec::new();
                lists(n, 4, 1, &mut Vec::new(), &mut all);
                for parts in &all {
                    assert_eq!(g.is_option(n, parts).unwrap(), listed.contains(parts), "{spec}: {n} -> {parts:?}");
                }
                for max in [0, 1, 3] {
                    let some = g.options_at_most(n, max).unwrap();
                    assert!(some.len() == max.min(listed.len()), "{spec}: {n}, at most {max}: {some:?}");
                    assert!(some.iter().all(|p| listed.contains(p)), "{spec}: {n}: {some:?}");
                }
            }
        }
        assert!(!TakeBreak::parse_spec("split:2").unwrap().unwrap().is_option(5, &[3, 2]).unwrap(), "not sorted");
    }

    /// Every partition [`visit_partitions`] visits, in a list.
    fn partitions(n: u64, parts: u8, unequal: bool) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        assert!(visit_partitions(n, parts, unequal, &mut |p| {
            out.push(p.to_vec());
            true
        }));
        out
    }

    #[test]
    fn partitions_are_all_there() {
        assert_eq!(partitions(7, 3, false), vec![vec![1, 1, 5], vec![1, 2, 4], vec![1, 3, 3], vec![2, 2, 3]]);
        assert_eq!(partitions(7, 3, true), vec![vec![1, 2, 4]]);
        assert!(partitions(1, 2, false).is_empty());
    }

    #[test]
    fn one_heap_rules_and_subtraction_sets() {
        let program = crate::rules::preset("subtraction-1-3-4").unwrap();
        let g = TakeBreak::from_rules(&program).unwrap();
        assert_eq!(g.as_code().map(|c| c.to_string()), Some("octal:0.3033".to_string()));
        let nim = TakeBreak::from_rules(&crate::rules::preset("nim-1").unwrap()).unwrap();
        assert!(matches!(nim.kind(), Kind::OneHeap(_)));
        assert_eq!(nim.options(2).unwrap(), vec![vec![], vec![1]]);
        let e = TakeBreak::from_rules(&crate::rules::preset("queen").unwrap()).unwrap_err();
        assert!(e.to_string().contains("2 coordinates"), "{e}");
    }
}
