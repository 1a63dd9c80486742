//! Octal and hexadecimal codes (Winning Ways, chapter 4): the rules of a
//! take-and-break game written as digits `d₀.d₁d₂d₃…`.
//!
//! Digit `d_k` says what a move that takes `k` stones from one heap may
//! leave of that heap, as a sum of bits:
//! - 1: no heap (the heap had exactly `k` stones and all are taken);
//! - 2: one heap (of `n − k ≥ 1` stones);
//! - 4: two heaps (the `n − k` stones left split into two non-empty heaps);
//! - 8 (hexadecimal codes only): three non-empty heaps.
//!
//! `d₀`, before the point, is for moves that take no stone: only splitting
//! makes sense there (bits 4 and 8), so 4.07 is Dawson's Kayles plus the
//! move that splits a heap into two without taking. Kayles is 0.77,
//! Dawson's Kayles 0.07, Treblecross 0.007; a subtraction game with the set
//! S is the code with `d_k = 3` for every `k` in S.
//!
//! A code may end in a digit that repeats forever (Winning Ways writes a
//! dot over it: 4.3̇ is Lasker's Nim, take any number or split a heap in
//! two; 0.3̇ is Nim). Here it is written with three dots after it,
//! `octal:4.3...` (also `…` or the combining dot, `4.3̇`). No move of such a
//! code has a largest take, so the periodicity theorem does not apply.

use std::fmt;

/// The most digits written after the point: a move of a finite code takes
/// at most this many stones. (Each new value looks at every digit, so a
/// code is a few hundred digits at the most in practice.)
pub const MAX_CODE_DIGITS: usize = 1024;

/// Octal (bits 1, 2, 4: up to two heaps left) or hexadecimal (bit 8 too:
/// up to three heaps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Base 8: digits 0 to 7, each saying whether a move may leave no heap
    /// (1), one heap (2) or two heaps (4).
    Octal,
    /// Base 16: digits 0 to F, the bit 8 also allowing three heaps.
    Hex,
}

impl Base {
    /// The prefix of the rules spec: `octal` or `hex`.
    pub fn prefix(self) -> &'static str {
        match self {
            Base::Octal => "octal",
            Base::Hex => "hex",
        }
    }

    fn radix(self) -> u32 {
        match self {
            Base::Octal => 8,
            Base::Hex => 16,
        }
    }
}

/// An octal or hexadecimal code: `digits[k] = d_k`, the last digit
/// non-zero (or the code is `0.0`, the game with no move). With `repeats`,
/// the last digit (after the point, not equal to the one before it) goes
/// on forever: `d_k` is it for every `k` from its place on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    base: Base,
    digits: Vec<u8>,
    repeats: bool,
}

/// The ways to write that the last digit repeats forever: three dots, the
/// ellipsis, or a dot above the digit (U+0307, Winning Ways' notation).
const REPEAT_MARKS: [&str; 3] = ["...", "\u{2026}", "\u{307}"];

/// Why a code cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing after `octal:` / `hex:`.
    Empty {
        /// Octal or hexadecimal.
        base: Base,
    },
    /// No point: the digits after it are the ones that take stones.
    NoPoint {
        /// The code as written.
        text: String,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// More than one point.
    TwoPoints {
        /// Octal or hexadecimal.
        base: Base,
    },
    /// More than one digit before the point.
    LongWholePart {
        /// The digits before the point.
        whole: String,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// A character that is not a digit of the base, at digit `d_k`.
    BadDigit {
        /// The character found.
        found: char,
        /// Which digit (d_k: taking k stones).
        k: usize,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// A mark that the last digit repeats, with no digit after the point
    /// to repeat.
    NothingRepeats {
        /// Octal or hexadecimal.
        base: Base,
    },
    /// More digits than [`MAX_CODE_DIGITS`].
    TooManyDigits {
        /// How many digits the code has.
        digits: usize,
    },
    /// `d₀` with bit 1 or 2: a move that takes nothing must split.
    BadZeroDigit {
        /// The digit d_0 as written.
        digit: u8,
        /// Octal or hexadecimal.
        base: Base,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty { base } => {
                write!(f, "`{}:` has no digits: write a code such as {}:0.07", base.prefix(), base.prefix())
            }
            CodeError::NoPoint { text, base } => write!(
                f,
                "`{}:{text}` has no point: the digits after the point take 1, 2, 3, ... stones, as in {}:0.{text}",
                base.prefix(),
                base.prefix()
            ),
            CodeError::TwoPoints { base } => write!(f, "a code has one point, as in {}:4.07", base.prefix()),
            CodeError::LongWholePart { whole, base } => write!(
                f,
                "`{}:{whole}.`: a code has one digit before the point (d0, the moves that take no stone)",
                base.prefix()
            ),
            CodeError::BadDigit { found, k, base } => {
                let what = match base {
                    Base::Octal => "an octal digit (0 to 7)",
                    Base::Hex => "a hexadecimal digit (0 to 9, A to F)",
                };
                write!(f, "`{found}` is not {what}, at d{k}")
            }
            CodeError::NothingRepeats { base } => write!(
                f,
                "`...` says that the last digit after the point repeats forever, and there is none: write \
                 {}:4.3... (Lasker's Nim: d1, d2, d3, ... are all 3)",
                base.prefix()
            ),
            CodeError::TooManyDigits { digits } => write!(
                f,
                "the code has {digits} digits after the point; at most {MAX_CODE_DIGITS} (a move takes at most \
                 {MAX_CODE_DIGITS} stones)"
            ),
            CodeError::BadZeroDigit { digit, base } => write!(
                f,
                "d0 = {}: a move that takes no stone can only split the heap (d0 = 0 or 4{}); bits 1 and 2 would \
                 leave the heap as it was",
                char::from_digit(u32::from(*digit), base.radix()).unwrap_or('?').to_ascii_uppercase(),
                if *base == Base::Hex { ", 8 or C" } else { "" }
            ),
        }
    }
}

impl std::error::Error for CodeError {}

impl Code {
    /// Read the digits of a code (the text after `octal:` or `hex:`):
    /// `0.07`, `4.07`, `.137`, `0.F`, and `4.3...` whose last digit
    /// repeats forever.
    pub fn parse(base: Base, text: &str) -> Result<Code, CodeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(CodeError::Empty { base });
        }
        let (text, repeats) = match REPEAT_MARKS.iter().find_map(|m| text.strip_suffix(m)) {
            Some("") => return Err(CodeError::NothingRepeats { base }),
            Some(rest) => (rest.trim_end(), true),
            None => (text, false),
        };
        let mut halves = text.split('.');
        let whole = halves.next().unwrap_or("");
        let Some(fraction) = halves.next() else {
            return Err(CodeError::NoPoint { text: text.chars().take(40).collect(), base });
        };
        if halves.next().is_some() {
            return Err(CodeError::TwoPoints { base });
        }
        if whole.chars().count() > 1 {
            return Err(CodeError::LongWholePart { whole: whole.chars().take(40).collect(), base });
        }
        // Counted before anything is stored, so a huge code costs nothing.
        let count = fraction.chars().count();
        if count > MAX_CODE_DIGITS {
            return Err(CodeError::TooManyDigits { digits: count });
        }
        let digit = |c: char, k: usize| -> Result<u8, CodeError> {
            c.to_digit(base.radix()).map(|d| d as u8).ok_or(CodeError::BadDigit { found: c, k, base })
        };
        let mut digits = Vec::with_capacity(count + 1);
        digits.push(match whole.chars().next() {
            Some(c) => digit(c, 0)?,
            None => 0,
        });
        for (i, c) in fraction.chars().enumerate() {
            digits.push(digit(c, i + 1)?);
        }
        if digits[0] & 3 != 0 {
            return Err(CodeError::BadZeroDigit { digit: digits[0], base });
        }
        if repeats && digits.len() < 2 {
            return Err(CodeError::NothingRepeats { base });
        }
        Ok(Code::from_digits(base, digits, repeats))
    }

    /// The code with digits `d₀, d₁, …`, the last repeating forever with
    /// `repeats`. The digits must be valid for `base`, with `d₀` a multiple
    /// of 4. Written one way only: trailing zeros dropped (a repeating 0 is
    /// a finite code), and a repeating digit after the first of its run
    /// (4.33... is 4.3...).
    fn from_digits(base: Base, mut digits: Vec<u8>, mut repeats: bool) -> Code {
        repeats &= digits.len() >= 2 && digits.last() != Some(&0);
        if repeats {
            while digits.len() > 2 && digits[digits.len() - 2] == digits[digits.len() - 1] {
                digits.pop();
            }
        }
        while !repeats && digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.is_empty() {
            digits.push(0);
        }
        Code { base, digits, repeats }
    }

    /// The subtraction game with the set `s`: `d_k = 3` for each `k` in `s`
    /// (take `k`, leaving the rest as one heap or nothing).
    pub fn subtraction(s: &[u64]) -> Result<Code, CodeError> {
        let max = s.iter().copied().max().unwrap_or(0);
        if max as usize > MAX_CODE_DIGITS {
            return Err(CodeError::TooManyDigits { digits: max as usize });
        }
        let mut digits = vec![0u8; max as usize + 1];
        for &k in s.iter().filter(|&&k| k > 0) {
            digits[k as usize] = 3;
        }
        Ok(Code::from_digits(Base::Octal, digits, false))
    }

    /// Octal or hexadecimal.
    pub fn base(&self) -> Base {
        self.base
    }

    /// `d_k` (beyond the last digit: 0, or the last digit when it
    /// repeats).
    pub fn digit(&self, k: usize) -> u8 {
        match self.digits.get(k) {
            Some(&d) => d,
            None if self.repeats => self.digits[self.digits.len() - 1],
            None => 0,
        }
    }

    /// `t`, the position of the last non-zero digit: no move takes more
    /// than `t` stones (0 for a code without digits after the point). For
    /// a code that repeats, the place where the repeating digit starts.
    pub fn last_digit(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether the last digit repeats forever (`4.3...`).
    pub fn repeats(&self) -> bool {
        self.repeats
    }

    /// The repeating digit and the first `k` it is for, when the code
    /// repeats.
    pub fn tail(&self) -> Option<(usize, u8)> {
        self.repeats.then(|| (self.last_digit(), self.digits[self.last_digit()]))
    }

    /// The largest `k` worth looking at for a heap of `n`: `min(n, t)`,
    /// `n` for a code that repeats.
    pub fn last_take(&self, n: u64) -> u64 {
        if self.repeats { n } else { n.min(self.last_digit() as u64) }
    }

    /// The most heaps one move leaves of a heap: 1 (no splitting: the code
    /// has only bits 1 and 2), 2 (octal with bit 4) or 3 (bit 8).
    pub fn most_heaps_left(&self) -> u8 {
        let bits = self.digits.iter().fold(0, |a, &d| a | d);
        if bits & 8 != 0 {
            3
        } else if bits & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// The `k` whose digit has `bit` (1, 2, 4 or 8), in order; for a code
    /// that repeats, the `k` before the repeating digit only (see
    /// [`Code::tail`]).
    pub fn takes_with(&self, bit: u8) -> Vec<u64> {
        let digits = if self.repeats { &self.digits[..self.digits.len() - 1] } else { &self.digits[..] };
        (0..digits.len()).filter(|&k| digits[k] & bit != 0).map(|k| k as u64).collect()
    }

    /// The subtraction set when the code only takes and never splits
    /// (every digit 3 or 0 after `d₀ = 0`): `Some(S)`.
    pub fn as_subtraction_set(&self) -> Option<Vec<u64>> {
        (!self.repeats && self.digits[0] == 0 && self.digits.iter().all(|&d| d == 0 || d == 3))
            .then(|| self.takes_with(3))
    }
}

impl fmt::Display for Code {
    /// `octal:0.07`, `hex:0.F`, `octal:4.07`, `octal:4.3...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = |v: u8| char::from_digit(u32::from(v), self.base.radix()).unwrap_or('?').to_ascii_uppercase();
        write!(f, "{}:{}.", self.base.prefix(), d(self.digits[0]))?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        self.digits[1..].iter().try_for_each(|&v| write!(f, "{}", d(v)))?;
        if self.repeats { f.write_str("...") } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_in_the_standard_notation() {
        let kayles = Code::parse(Base::Octal, "0.77").unwrap();
        assert_eq!((kayles.digit(0), kayles.digit(1), kayles.digit(2), kayles.digit(3)), (0, 7, 7, 0));
        assert_eq!(kayles.last_digit(), 2);
        assert_eq!(kayles.most_heaps_left(), 2);
        assert_eq!(kayles.to_string(), "octal:0.77");
        let chess = Code::parse(Base::Octal, ".137").unwrap();
        assert_eq!(chess.to_string(), "octal:0.137");
        assert_eq!(chess.takes_with(1), vec![1, 2, 3]);
        assert_eq!(chess.takes_with(4), vec![3]);
        let split = Code::parse(Base::Octal, "4.07").unwrap();
        assert_eq!(split.takes_with(4), vec![0, 2]);
        let hex = Code::parse(Base::Hex, "0.f").unwrap();
        assert_eq!((hex.to_string(), hex.most_heaps_left()), ("hex:0.F".to_string(), 3));
        assert_eq!(Code::parse(Base::Octal, "0.0700").unwrap().last_digit(), 2, "trailing zeros dropped");
        assert_eq!(Code::parse(Base::Octal, "0.").unwrap().to_string(), "octal:0.0");
        let sub = Code::subtraction(&[1, 3, 4]).unwrap();
        assert_eq!(sub.to_string(), "octal:0.3033");
        assert_eq!(sub.as_subtraction_set(), Some(vec![1, 3, 4]));
        assert_eq!(sub.most_heaps_left(), 1);
        assert_eq!(kayles.as_subtraction_set(), None);
    }

    #[test]
    fn bad_codes_name_the_problem() {
        let e = |t: &str| Code::parse(Base::Octal, t).unwrap_err().to_string();
        assert!(e("0.9").contains("`9` is not an octal digit (0 to 7), at d1"), "{}", e("0.9"));
        assert!(e("0.079").contains("at d3"), "{}", e("0.079"));
        assert!(e("").contains("has no digits"), "{}", e(""));
        assert!(e("07").contains("has no point"), "{}", e("07"));
        assert!(e("0.7.7").contains("one point"));
        assert!(e("12.7").contains("one digit before the point"));
        assert!(e("1.07").contains("d0 = 1"), "{}", e("1.07"));
        assert!(e("2.07").contains("can only split"));
        let long = format!("0.{}", "7".repeat(1_000_000));
        assert!(e(&long).contains("1000000 digits after the point; at most 1024"), "{}", e(&long));
        let h = Code::parse(Base::Hex, "0.G").unwrap_err().to_string();
        assert!(h.contains("not a hexadecimal digit (0 to 9, A to F), at d1"), "{h}");
        assert!(Code::parse(Base::Hex, "8.1").is_ok());
    }
}
