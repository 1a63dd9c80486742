//! The one validation of a [`Rules`] value. Every door through which rules
//! reach the engine (a rules file, the saved settings, the piece editor, the
//! engine itself) calls [`Rules::validate`], so a limit of the engine is a
//! limit of every door.

use super::{Offset, Rules};
use std::fmt;

/// The largest offset component: a move subtracts at most this much from a
/// coordinate.
pub const MAX_OFFSET: u32 = 4096;
/// The most offsets (slides and jumps together) a piece may have (the
/// `ryuoh:200` preset has 19 703).
pub const MAX_OFFSETS: usize = 20_000;
/// The most terminal cells.
pub const MAX_TERMINAL_CELLS: usize = 1_000_000;
/// The largest terminal-cell coordinate.
pub const MAX_TERMINAL_COORD: u32 = 1 << 20;
/// The longest name, in characters.
pub const MAX_NAME: usize = 200;
/// The longest description, in characters.
pub const MAX_DESCRIPTION: usize = 10_000;

/// Which list of a piece an offset is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffsetKind {
    /// A slide: repeated any number of times.
    Slide,
    /// A jump: taken once.
    Jump,
}

impl OffsetKind {
    /// The field of the rules file that holds this kind: `slides` or `jumps`.
    pub fn field(self) -> &'static str {
        match self {
            OffsetKind::Slide => "slides",
            OffsetKind::Jump => "jumps",
        }
    }
}

/// Why a [`Rules`] value cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// An offset `(0, 0)`: it would not move the piece.
    ZeroOffset(OffsetKind),
    /// An offset with a component above [`MAX_OFFSET`].
    OffsetTooLarge(OffsetKind, Offset),
    /// More than [`MAX_OFFSETS`] slides and jumps.
    TooManyOffsets(usize),
    /// More than [`MAX_TERMINAL_CELLS`] terminal cells.
    TooManyTerminalCells(usize),
    /// A terminal cell with a coordinate above [`MAX_TERMINAL_COORD`].
    TerminalTooFar(u32, u32),
    /// A name longer than [`MAX_NAME`] characters.
    NameTooLong(usize),
    /// A description longer than [`MAX_DESCRIPTION`] characters.
    DescriptionTooLong(usize),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::ZeroOffset(k) => {
                write!(f, "`{}` holds [0, 0]; an offset must move the piece", k.field())
            }
            RulesError::OffsetTooLarge(k, o) => {
                write!(f, "`{}` holds [{}, {}]; offsets are at most {MAX_OFFSET}", k.field(), o.dx, o.dy)
            }
            RulesError::TooManyOffsets(n) => {
                write!(f, "the piece has {n} offsets; at most {MAX_OFFSETS} slides and jumps together")
            }
            RulesError::TooManyTerminalCells(n) => {
                write!(f, "{n} terminal cells; at most {MAX_TERMINAL_CELLS}")
            }
            RulesError::TerminalTooFar(x, y) => {
                write!(f, "`terminal` holds [{x}, {y}]; coordinates are at most {MAX_TERMINAL_COORD}")
            }
            RulesError::NameTooLong(n) => write!(f, "the name has {n} characters; at most {MAX_NAME}"),
            RulesError::DescriptionTooLong(n) => {
                write!(f, "the description has {n} characters; at most {MAX_DESCRIPTION}")
            }
        }
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// Check that the engine can compute these rules: every offset moves the
    /// piece toward the corner by at most [`MAX_OFFSET`], and the lists and
    /// texts are within their limits. The first problem found is returned.
    pub fn validate(&self) -> Result<(), RulesError> {
        let offsets = self.piece.slides.len() + self.piece.jumps.len();
        if offsets > MAX_OFFSETS {
            return Err(RulesError::TooManyOffsets(offsets));
        }
        for (kind, set) in [(OffsetKind::Slide, &self.piece.slides), (OffsetKind::Jump, &self.piece.jumps)] {
            for &o in set {
                if o.dx == 0 && o.dy == 0 {
                    return Err(RulesError::ZeroOffset(kind));
                }
                if o.dx > MAX_OFFSET || o.dy > MAX_OFFSET {
                    return Err(RulesError::OffsetTooLarge(kind, o));
                }
            }
        }
        if self.terminal.len() > MAX_TERMINAL_CELLS {
            return Err(RulesError::TooManyTerminalCells(self.terminal.len()));
        }
        if let Some((x, y)) = self.terminal.cells().find(|&(x, y)| x > MAX_TERMINAL_COORD || y > MAX_TERMINAL_COORD) {
            return Err(RulesError::TerminalTooFar(x, y));
        }
        let name = self.name.chars().count();
        if name > MAX_NAME {
            return Err(RulesError::NameTooLong(name));
        }
        let description = self.description.chars().count();
        if description > MAX_DESCRIPTION {
            return Err(RulesError::DescriptionTooLong(description));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{PRESET_NAMES, Piece, TerminalSet, preset};

    #[test]
    fn presets_are_valid() {
        for n in PRESET_NAMES.iter().copied().chain(["ryuoh:200"]) {
            assert_eq!(preset(n).unwrap().validate(), Ok(()), "{n}");
        }
    }

    #[test]
    fn each_limit_is_checked() {
        let with = |slides: &[(u32, u32)], jumps: &[(u32, u32)]| Rules::new("r", Piece::new(slides, jumps)).validate();
        assert_eq!(with(&[(0, 0)], &[]), Err(RulesError::ZeroOffset(OffsetKind::Slide)));
        assert_eq!(with(&[], &[(0, 0)]), Err(RulesError::ZeroOffset(OffsetKind::Jump)));
        assert!(matches!(with(&[(4097, 1)], &[]), Err(RulesError::OffsetTooLarge(OffsetKind::Slide, _))));
        assert_eq!(with(&[(4096, 4096)], &[(1, 4096)]), Ok(()));
        let many: Vec<(u32, u32)> = (1..=201).flat_map(|a| (1..=100).map(move |b| (a, b))).collect();
        assert_eq!(with(&many, &[]), Err(RulesError::TooManyOffsets(20_100)));
        let mut r = preset("queen").unwrap();
        r.terminal = TerminalSet::from_cells([(MAX_TERMINAL_COORD + 1, 0)]);
        assert_eq!(r.validate(), Err(RulesError::TerminalTooFar(MAX_TERMINAL_COORD + 1, 0)));
        let mut r = preset("queen").unwrap();
        r.name = "n".repeat(MAX_NAME + 1);
        assert!(r.validate().unwrap_err().to_string().contains("at most 200"));
        let mut r = preset("queen").unwrap();
        r.description = "d".repeat(MAX_DESCRIPTION + 1);
        assert_eq!(r.validate(), Err(RulesError::DescriptionTooLong(MAX_DESCRIPTION + 1)));
    }
}
