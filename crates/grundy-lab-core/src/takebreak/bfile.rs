//! A sequence's terms from a b-file (the OEIS's format: one line `n a(n)`
//! a term, `#` comments, blank lines) compared with a game's values.

use std::fmt;

/// Why a text is not a b-file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BFileError {
    /// A line that is not `n a(n)` with whole numbers (`line` counts from 1).
    Line {
        /// The line's number.
        line: usize,
        /// The line, cut to 60 characters.
        text: String,
    },
    /// An index that is not larger than the one before it.
    Order {
        /// The line's number.
        line: usize,
        /// The index on that line.
        n: u64,
    },
    /// No term at all.
    Empty,
}

impl fmt::Display for BFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BFileError::Line { line, text } => {
                write!(f, "line {line} is not \"n a(n)\" with two whole numbers: {text:?}")
            }
            BFileError::Order { line, n } => {
                write!(f, "line {line}: the index {n} does not come after the one before it")
            }
            BFileError::Empty => write!(f, "the file holds no term (lines \"n a(n)\")"),
        }
    }
}

impl std::error::Error for BFileError {}

/// The terms `(n, a(n))` of a b-file, in the file's order (increasing `n`).
/// A term may be negative or larger than any Grundy value: it then differs.
pub fn parse(text: &str) -> Result<Vec<(u64, i128)>, BFileError> {
    let mut terms: Vec<(u64, i128)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let body = line.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let bad = || BFileError::Line { line: i + 1, text: line.chars().take(60).collect() };
        let mut words = body.split_whitespace();
        let (Some(n), Some(a), None) = (words.next(), words.next(), words.next()) else { return Err(bad()) };
        let (n, a) = (n.parse::<u64>().map_err(|_| bad())?, a.parse::<i128>().map_err(|_| bad())?);
        if terms.last().is_some_and(|&(m, _)| m >= n) {
            return Err(BFileError::Order { line: i + 1, n });
        }
        terms.push((n, a));
    }
    if terms.is_empty() {
        return Err(BFileError::Empty);
    }
    Ok(terms)
}

/// How a b-file's terms compare with a game's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The terms compared before the first difference (or all of them).
    pub agreed: u64,
    /// The first term that differs: `(n, the file's a(n), g(n))`.
    pub first_difference: Option<(u64, i128, u32)>,
    /// The first index whose value is not known (beyond the values
    /// computed and no period proved), when the comparison reached it:
    /// the terms from there on are not compared.
    pub unknown_from: Option<u64>,
}

/// Compare `terms` with `g` (the value of heap `n`, when known), in order,
/// up to the first difference or the first heap whose value is not known.
pub fn compare(terms: &[(u64, i128)], g: impl Fn(u64) -> Option<u32>) -> Comparison {
    let mut agreed = 0;
    for &(n, a) in terms {
        let Some(v) = g(n) else {
            return Comparison { agreed, first_difference: None, unknown_from: Some(n) };
        };
        if i128::from(v) != a {
            return Comparison { agreed, first_difference: Some((n, a, v)), unknown_from: None };
        }
        agreed += 1;
    }
    Comparison { agreed, first_difference: None, unknown_from: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b_files_read_with_comments_and_say_which_line_is_wrong() {
        let text = "# A002186 (Kayles)\n\n0 0\n1 1   # a comment\n2 2\n3 3\n";
        assert_eq!(parse(text).unwrap(), [(0, 0), (1, 1), (2, 2), (3, 3)]);
        assert_eq!(parse("1 1\n2 x\n"), Err(BFileError::Line { line: 2, text: "2 x".into() }));
        assert_eq!(parse("1 1 1\n"), Err(BFileError::Line { line: 1, text: "1 1 1".into() }));
        assert_eq!(parse("5 1\n5 2\n"), Err(BFileError::Order { line: 2, n: 5 }));
        assert_eq!(parse("# nothing\n\n"), Err(BFileError::Empty));
        assert_eq!(parse("0 -3\n").unwrap(), [(0, -3)]);
    }

    #[test]
    fn the_first_difference_and_the_first_unknown_value_are_named() {
        let g = |n: u64| (n < 10).then_some((n % 3) as u32);
        let same: Vec<(u64, i128)> = (1..10).map(|n| (n, i128::from(n as u32 % 3))).collect();
        assert_eq!(compare(&same, g), Comparison { agreed: 9, first_difference: None, unknown_from: None });
        let mut other = same.clone();
        other[4].1 = 7;
        assert_eq!(compare(&other, g).first_difference, Some((5, 7, 2)));
        assert_eq!(compare(&other, g).agreed, 4);
        let longer: Vec<(u64, i128)> = (0..12).map(|n| (n, i128::from(n as u32 % 3))).collect();
        assert_eq!(compare(&longer, g), Comparison { agreed: 10, first_difference: None, unknown_from: Some(10) });
    }
}
