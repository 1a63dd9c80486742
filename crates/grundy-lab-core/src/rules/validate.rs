//! The one validation of a [`Rules`] value. Every door through which rules
//! reach the engine (a rules file, the saved settings, the piece editor, the
//! engine itself) calls [`Rules::validate`], so a limit of the engine is a
//! limit of every door.

use super::{LimitSetting, Offset, Rules};
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

/// A text field of the rules (for messages that name it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextField {
    /// The name, shown in titles, menus and every line the command line
    /// prints about the game: one line of plain text.
    Name,
    /// The description: plain text, which may have line breaks and tabs.
    Description,
}

impl TextField {
    /// The field of the rules file: `name` or `description`.
    pub fn field(self) -> &'static str {
        match self {
            TextField::Name => "name",
            TextField::Description => "description",
        }
    }
}

/// The first control character of `text` that `field` may not hold: any
/// (C0, DEL, C1: escape sequences, carriage returns, ...) in a name; any
/// but line feed and tab in a description. A terminal must never receive
/// them raw.
fn control_character(text: &str, field: TextField) -> Option<char> {
    text.chars().find(|&c| c.is_control() && !(field == TextField::Description && matches!(c, '\n' | '\t')))
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
    TerminalTooFar([u32; 3]),
    /// A dimension outside 1 to [`super::MAX_DIMENSION`].
    BadDimension(u8),
    /// Terminal cells in a game of more than three coordinates (a cell
    /// has at most three; a program says `fn terminal` instead).
    TerminalOfManyHeaps(u8),
    /// An offset that moves along a coordinate the game does not have.
    OffsetOutsideDimension(OffsetKind, Offset, u8),
    /// A terminal cell with a coordinate the game does not have.
    TerminalOutsideDimension([u32; 3], u8),
    /// A program together with slides, jumps or terminal cells.
    ProgramAndPiece,
    /// A take-and-break game ([`Rules::breaks`]) with a piece, terminal
    /// cells, a program, more than one coordinate, misère play or the
    /// pass: its moves are the spec's alone, in normal play.
    BreaksAndMore,
    /// A take-and-break spec that names no game.
    Breaks(Box<super::breaks::BreaksError>),
    /// A program whose `moves` takes another number of coordinates.
    ProgramDimension {
        /// How many coordinates `moves` takes.
        program: u8,
        /// How many coordinates the rules say.
        rules: u8,
    },
    /// A name longer than [`MAX_NAME`] characters.
    NameTooLong(usize),
    /// A description longer than [`MAX_DESCRIPTION`] characters.
    DescriptionTooLong(usize),
    /// A limit of [`super::Limits`] out of its range (1 to
    /// [`super::MAX_OPTIONS_CEILING`] options, 1 ms to
    /// [`super::MAX_MILLIS_PER_POSITION`] ms per position).
    Limit {
        /// Which setting.
        setting: LimitSetting,
        /// Its value (options, or milliseconds).
        value: u32,
    },
    /// More passes than [`super::MAX_PASSES`].
    TooManyPasses(u8),
    /// A control character in the name or description (see
    /// [`TextField`] for which are refused).
    ControlCharacter {
        /// Which text holds it.
        field: TextField,
        /// The character.
        ch: char,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::ZeroOffset(k) => {
                write!(f, "`{}` holds [0, 0]; an offset must move the piece", k.field())
            }
            RulesError::OffsetTooLarge(k, o) => {
                write!(f, "`{}` holds {o}; offsets are at most {MAX_OFFSET}", k.field())
            }
            RulesError::TooManyOffsets(n) => {
                write!(f, "the piece has {n} offsets; at most {MAX_OFFSETS} slides and jumps together")
            }
            RulesError::TooManyTerminalCells(n) => {
                write!(f, "{n} terminal cells; at most {MAX_TERMINAL_CELLS}")
            }
            RulesError::TerminalTooFar(c) => {
                write!(f, "`terminal` holds {c:?}; coordinates are at most {MAX_TERMINAL_COORD}")
            }
            RulesError::BadDimension(d) => {
                write!(f, "the dimension is {d}; a game has 1 to {} coordinates", super::MAX_DIMENSION)
            }
            RulesError::TerminalOfManyHeaps(d) => write!(
                f,
                "a piece of {d} coordinates has no terminal cells (a cell has 1 to 3 coordinates; a program \
                 says its terminal positions with `fn terminal`)"
            ),
            RulesError::OffsetOutsideDimension(k, o, d) => write!(
                f,
                "`{}` holds {o}, which moves along a coordinate a game of dimension {d} does not have",
                k.field()
            ),
            RulesError::TerminalOutsideDimension(c, d) => {
                write!(f, "`terminal` holds {c:?}, outside a game of dimension {d}")
            }
            RulesError::BreaksAndMore => f.write_str(
                "a take-and-break game is one heap in normal play, with the moves of its code alone (no slides, \
                 jumps, terminal cells, program, misère play or pass)",
            ),
            RulesError::Breaks(e) => write!(f, "{e}"),
            RulesError::ProgramAndPiece => {
                f.write_str("rules written as a program have no slides, jumps or terminal cells of their own")
            }
            RulesError::ProgramDimension { program, rules } => {
                write!(f, "the program's `moves` takes {program} coordinates, but the dimension is {rules}")
            }
            RulesError::Limit { setting: LimitSetting::Options, value } => {
                write!(f, "the options per position are {value}; the setting is 1 to {}", super::MAX_OPTIONS_CEILING)
            }
            RulesError::Limit { setting: LimitSetting::Time, value } => write!(
                f,
                "the time per position is {} s; the setting is 0.001 to {} s",
                f64::from(*value) / 1000.0,
                super::MAX_MILLIS_PER_POSITION / 1000
            ),
            RulesError::TooManyPasses(n) => {
                let shown = if *n == u8::MAX { "255 or more".to_string() } else { n.to_string() };
                write!(
                    f,
                    "the game has {shown} passes; at most {} (each pass is one more copy of the table)",
                    super::MAX_PASSES
                )
            }
            RulesError::NameTooLong(n) => write!(f, "the name has {n} characters; at most {MAX_NAME}"),
            RulesError::DescriptionTooLong(n) => {
                write!(f, "the description has {n} characters; at most {MAX_DESCRIPTION}")
            }
            RulesError::ControlCharacter { field, ch } => write!(
                f,
                "the {} holds the control character U+{:04X}; {}",
                field.field(),
                *ch as u32,
                match field {
                    TextField::Name => "a name is one line of plain text",
                    TextField::Description => "a description is plain text (line breaks and tabs allowed)",
                }
            ),
        }
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// Check that the engine can compute these rules: every offset moves the
    /// piece toward the corner by at most [`MAX_OFFSET`], and the lists and
    /// texts are within their limits. The first problem found is returned.
    pub fn validate(&self) -> Result<(), RulesError> {
        let d = self.dimension;
        if !(1..=super::MAX_DIMENSION as u8).contains(&d) {
            return Err(RulesError::BadDimension(d));
        }
        // A coordinate the game does not have must stay 0.
        let outside = |c: &[u32]| c[(d as usize).min(c.len())..].iter().any(|&v| v != 0);
        if let Some(p) = &self.program {
            if !self.piece.is_empty() || !self.terminal.is_empty() {
                return Err(RulesError::ProgramAndPiece);
            }
            if p.dimension() != d {
                return Err(RulesError::ProgramDimension { program: p.dimension(), rules: d });
            }
        }
        if let Some(spec) = &self.breaks {
            let more = !self.piece.is_empty() || !self.terminal.is_empty() || self.program.is_some();
            if more || d != 1 || self.passes.any() || self.convention != crate::rules::Convention::Normal {
                return Err(RulesError::BreaksAndMore);
            }
            match super::breaks::parse(spec) {
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(RulesError::Breaks(Box::new(e))),
                None => {
                    let e = super::breaks::BreaksError::NotASpec(spec.chars().take(40).collect());
                    return Err(RulesError::Breaks(Box::new(e)));
                }
            }
        }
        let offsets = self.piece.slides.len() + self.piece.jumps.len();
        if offsets > MAX_OFFSETS {
            return Err(RulesError::TooManyOffsets(offsets));
        }
        for (kind, set) in [(OffsetKind::Slide, &self.piece.slides), (OffsetKind::Jump, &self.piece.jumps)] {
            for &o in set {
                if o.steps().iter().all(|&c| c == 0) {
                    return Err(RulesError::ZeroOffset(kind));
                }
                if o.steps().iter().any(|&c| c > MAX_OFFSET) {
                    return Err(RulesError::OffsetTooLarge(kind, o));
                }
                if outside(&o.steps()) {
                    return Err(RulesError::OffsetOutsideDimension(kind, o, d));
                }
            }
        }
        if self.terminal.len() > MAX_TERMINAL_CELLS {
            return Err(RulesError::TooManyTerminalCells(self.terminal.len()));
        }
        if let Some(c) = self.terminal.cells().find(|c| c.iter().any(|&v| v > MAX_TERMINAL_COORD)) {
            return Err(RulesError::TerminalTooFar(c));
        }
        if let Some(c) = self.terminal.cells().find(|&c| outside(&c)) {
            return Err(RulesError::TerminalOutsideDimension(c, d));
        }
        if d > 3 && !self.terminal.is_empty() {
            return Err(RulesError::TerminalOfManyHeaps(d));
        }
        if let Some(n) = self.passes.out_of_range() {
            return Err(RulesError::TooManyPasses(n));
        }
        if let Some((setting, value)) = self.limits.out_of_range() {
            return Err(RulesError::Limit { setting, value });
        }
        let name = self.name.chars().count();
        if name > MAX_NAME {
            return Err(RulesError::NameTooLong(name));
        }
        let description = self.description.chars().count();
        if description > MAX_DESCRIPTION {
            return Err(RulesError::DescriptionTooLong(description));
        }
        for (field, text) in [(TextField::Name, &self.name), (TextField::Description, &self.description)] {
            if let Some(ch) = control_character(text, field) {
                return Err(RulesError::ControlCharacter { field, ch });
            }
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
        assert_eq!(r.validate(), Err(RulesError::TerminalTooFar([MAX_TERMINAL_COORD + 1, 0, 0])));
        // Coordinates the game does not have.
        let mut r = Rules::with_dimension("r", 1, Piece::new(&[(1, 1)], &[]));
        assert!(matches!(r.validate(), Err(RulesError::OffsetOutsideDimension(OffsetKind::Slide, _, 1))));
        r.piece = Piece::new(&[(1, 0)], &[]);
        assert_eq!(r.validate(), Ok(()));
        r.terminal = TerminalSet::from_points([[0, 0, 2]]);
        assert!(matches!(r.validate(), Err(RulesError::TerminalOutsideDimension(_, 1))));
        // A piece of four to eight coordinates, without terminal cells.
        let mut r = preset("queen").unwrap();
        r.dimension = 4;
        assert_eq!(r.validate(), Ok(()));
        r.terminal = TerminalSet::from_cells([(1, 1)]);
        assert_eq!(r.validate(), Err(RulesError::TerminalOfManyHeaps(4)));
        let mut r = Rules::with_dimension("r", 4, Piece::default());
        r.piece.slides.insert(crate::rules::Offset::of(&[0, 0, 0, 0, 1]));
        assert!(matches!(r.validate(), Err(RulesError::OffsetOutsideDimension(OffsetKind::Slide, _, 4))));
        r.dimension = 5;
        assert_eq!(r.validate(), Ok(()));
        r.piece.jumps.insert(crate::rules::Offset::of(&[0, 0, 0, 0, MAX_OFFSET + 1]));
        assert!(matches!(r.validate(), Err(RulesError::OffsetTooLarge(OffsetKind::Jump, _))));
        r.dimension = 9;
        assert_eq!(r.validate(), Err(RulesError::BadDimension(9)));
        // Up to eight coordinates as a program, never nine.
        let eight = crate::rules::Program::new("fn moves(a, b, c, d, e, f, g, h) { [] }").unwrap();
        assert_eq!(Rules::from_program("eight", eight).validate(), Ok(()));
        let mut r = Rules::from_program("eight", crate::rules::Program::new("fn moves(a, b, c, d) { [] }").unwrap());
        r.dimension = 9;
        assert_eq!(r.validate(), Err(RulesError::BadDimension(9)));
        assert!(r.validate().unwrap_err().to_string().contains("1 to 8 coordinates"));
        // A program's dimension is its own; it brings no piece.
        let program = crate::rules::example("restricted-nim").unwrap();
        let mut r = Rules::from_program("p", program);
        assert_eq!(r.validate(), Ok(()));
        r.dimension = 2;
        assert_eq!(r.validate(), Err(RulesError::ProgramDimension { program: 1, rules: 2 }));
        r.dimension = 1;
        r.piece = Piece::new(&[(1, 0)], &[]);
        assert_eq!(r.validate(), Err(RulesError::ProgramAndPiece));
        let mut r = preset("queen").unwrap();
        r.name = "n".repeat(MAX_NAME + 1);
        assert!(r.validate().unwrap_err().to_string().contains("at most 200"));
        let mut r = preset("queen").unwrap();
        r.description = "d".repeat(MAX_DESCRIPTION + 1);
        assert_eq!(r.validate(), Err(RulesError::DescriptionTooLong(MAX_DESCRIPTION + 1)));
        // The raisable limits, each named.
        let mut r = Rules::from_program("p", crate::rules::example("restricted-nim").unwrap());
        r.limits.max_options = 0;
        assert_eq!(r.validate(), Err(RulesError::Limit { setting: LimitSetting::Options, value: 0 }));
        r.limits.max_options = crate::rules::MAX_OPTIONS_CEILING;
        assert_eq!(r.validate(), Ok(()));
        r.limits.millis_per_position = 0;
        let e = r.validate().unwrap_err();
        assert_eq!(e, RulesError::Limit { setting: LimitSetting::Time, value: 0 });
        assert!(e.to_string().contains("time per position is 0 s"), "{e}");
        r.limits.millis_per_position = crate::rules::MAX_MILLIS_PER_POSITION + 1;
        assert!(r.validate().unwrap_err().to_string().contains("0.001 to 600 s"));
        // The passes: up to MAX_PASSES, with or without the pass at the end.
        let mut r = preset("queen").unwrap();
        r.passes = crate::rules::Passes { count: crate::rules::MAX_PASSES, at_end: true };
        assert_eq!(r.validate(), Ok(()));
        r.passes.count += 1;
        assert_eq!(r.validate(), Err(RulesError::TooManyPasses(9)));
        assert!(r.validate().unwrap_err().to_string().contains("9 passes; at most 8"));
        r.passes.count = u8::MAX;
        assert!(r.validate().unwrap_err().to_string().contains("255 or more passes"));
        // A take-and-break game has no pass.
        let r = Rules::take_and_break("k", "octal:0.07").with_passes(crate::rules::Passes::times(2));
        assert_eq!(r.validate(), Err(RulesError::BreaksAndMore));
    }

    #[test]
    fn control_characters_are_refused_in_names_and_descriptions() {
        let mut r = preset("queen").unwrap();
        r.name = "red\x1b[31m".into();
        assert_eq!(r.validate(), Err(RulesError::ControlCharacter { field: TextField::Name, ch: '\x1b' }));
        let e = r.validate().unwrap_err().to_string();
        assert!(e.contains("name") && e.contains("U+001B"), "{e}");
        assert!(!e.contains('\x1b'), "{e:?}");
        for ch in ['\n', '\t', '\r', '\u{7f}', '\u{9b}'] {
            r.name = format!("a{ch}b");
            assert_eq!(r.validate(), Err(RulesError::ControlCharacter { field: TextField::Name, ch }), "{ch:?}");
        }
        let mut r = preset("queen").unwrap();
        r.description = "two\nlines\tand a tab".into();
        assert_eq!(r.validate(), Ok(()));
        for ch in ['\r', '\x1b', '\u{7}', '\u{9b}'] {
            r.description = format!("a{ch}b");
            assert_eq!(r.validate(), Err(RulesError::ControlCharacter { field: TextField::Description, ch }));
        }
        assert!(r.validate().unwrap_err().to_string().contains("description"));
        // Names in other scripts are text, not control characters.
        r.description.clear();
        r.name = "龍王 – ryūō".into();
        assert_eq!(r.validate(), Ok(()));
    }
}
