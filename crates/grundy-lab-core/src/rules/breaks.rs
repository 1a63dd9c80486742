//! How a take-and-break game is written (the `breaks` field of [`Rules`],
//! and `--rules` on the command line): an octal or hexadecimal code
//! ([`super::octal`]), a split rule, a subtraction set, or a preset's name.
//! Only the writing is here, so that rules can be checked without the
//! values' machinery; [`crate::takebreak`] makes a game of it.
//!
//! [`Rules`]: super::Rules

use super::octal::{Base, Code, CodeError, MAX_CODE_DIGITS};
use std::fmt;

/// The most parts a split rule (`split:K`) makes.
pub const MAX_PARTS: u8 = 4;

/// The named take-and-break games: `(name, spec, what it is)`.
pub const TAKEBREAK_PRESETS: &[(&str, &str, &str)] = &[
    ("kayles", "octal:0.77", "Kayles (Dudeney, Loyd): knock down one pin or two adjacent pins from a row"),
    ("dawsons-kayles", "octal:0.07", "Dawson's Kayles: knock down two adjacent pins from a row"),
    (
        "dawsons-chess",
        "octal:0.137",
        "Dawson's chess (0.137): its values are those of Dawson's Kayles shifted by one heap",
    ),
    ("treblecross", "octal:0.007", "Treblecross (one-dimensional tic-tac-toe): take three from a heap"),
    ("grundy-game", "split:2:unequal", "Grundy's game: split one heap into two heaps of different sizes"),
    ("lasker", "octal:4.3...", "Lasker's Nim: take any number of stones from one heap, or split a heap into two"),
];

/// The moves of one heap, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breaks {
    /// An octal or hexadecimal code (a subtraction set is written as one).
    Code(Code),
    /// Split one heap into `parts` non-empty heaps, taking nothing; with
    /// `unequal`, the parts must all be different sizes.
    Split {
        /// Into how many parts a heap splits.
        parts: u8,
        /// Whether the parts must be unequal.
        unequal: bool,
    },
}

/// Why a text is not a take-and-break game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BreaksError {
    /// A bad octal or hexadecimal code.
    Code(CodeError),
    /// `split:` with something other than `K` or `K:unequal`, K from 2 to
    /// [`MAX_PARTS`].
    BadSplit(String),
    /// `subtraction:` with something other than a list of numbers.
    BadSubtraction(String),
    /// A text that names no take-and-break game (its first 40
    /// characters).
    NotASpec(String),
}

impl fmt::Display for BreaksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BreaksError::Code(e) => write!(f, "{e}"),
            BreaksError::BadSplit(s) => write!(
                f,
                "`split:{s}`: write split:K or split:K:unequal with K parts from 2 to {MAX_PARTS} \
                 (grundy-game is split:2:unequal)"
            ),
            BreaksError::BadSubtraction(s) => write!(
                f,
                "`subtraction:{s}`: write the amounts a move may take, separated by commas, each from 1 to \
                 {MAX_CODE_DIGITS}, as in subtraction:1,3,4"
            ),
            BreaksError::NotASpec(s) => write!(
                f,
                "`{s}` is not a take-and-break game: write octal:0.07, hex:0.F, split:2:unequal, \
                 subtraction:1,3,4 or one of {}",
                TAKEBREAK_PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

impl std::error::Error for BreaksError {}

impl From<CodeError> for BreaksError {
    fn from(e: CodeError) -> Self {
        BreaksError::Code(e)
    }
}

/// The name and the moves a text writes, when it writes a take-and-break
/// game: `octal:` and `hex:` codes, `subtraction:1,3,4`, `split:2:unequal`
/// or a name of [`TAKEBREAK_PRESETS`]. `None` for any other text (a preset
/// of another family, a file).
pub fn parse(spec: &str) -> Option<Result<(String, Breaks), BreaksError>> {
    let trimmed = spec.trim();
    let lower = trimmed.to_ascii_lowercase();
    if let Some(&(name, written, _)) = TAKEBREAK_PRESETS.iter().find(|p| p.0 == lower) {
        let (_, breaks) = parse(written)?.ok()?;
        return Some(Ok((name.to_string(), breaks)));
    }
    let after = |prefix: &str| lower.starts_with(prefix).then(|| &trimmed[prefix.len()..]);
    let code = |base: Base, digits: &str| {
        Code::parse(base, digits).map(|c| (c.to_string(), Breaks::Code(c))).map_err(BreaksError::Code)
    };
    if let Some(digits) = after("octal:") {
        return Some(code(Base::Octal, digits));
    }
    if let Some(digits) = after("hex:") {
        return Some(code(Base::Hex, digits));
    }
    if let Some(list) = after("subtraction:") {
        return Some(subtraction(list));
    }
    if let Some(rest) = after("split:") {
        return Some(split(rest));
    }
    None
}

/// `split:2:unequal`.
pub fn split_text(parts: u8, unequal: bool) -> String {
    if unequal { format!("split:{parts}:unequal") } else { format!("split:{parts}") }
}

fn split(rest: &str) -> Result<(String, Breaks), BreaksError> {
    let bad = || BreaksError::BadSplit(rest.chars().take(40).collect());
    let mut it = rest.trim().split(':');
    let parts: u8 = it.next().and_then(|k| k.trim().parse().ok()).ok_or_else(bad)?;
    let unequal = match it.next().map(|s| s.trim().to_ascii_lowercase()) {
        None => false,
        Some(s) if s == "unequal" => true,
        Some(_) => return Err(bad()),
    };
    if it.next().is_some() || !(2..=MAX_PARTS).contains(&parts) {
        return Err(bad());
    }
    Ok((split_text(parts, unequal), Breaks::Split { parts, unequal }))
}

fn subtraction(list: &str) -> Result<(String, Breaks), BreaksError> {
    let bad = || BreaksError::BadSubtraction(list.chars().take(40).collect());
    let set: Vec<u64> = list
        .split(',')
        .map(|t| t.trim().parse::<u64>().ok().filter(|&k| (1..=MAX_CODE_DIGITS as u64).contains(&k)))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    let code = Code::subtraction(&set)?;
    let mut sorted = set.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let name = format!("subtraction:{}", sorted.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
    Ok((name, Breaks::Code(code)))
}
