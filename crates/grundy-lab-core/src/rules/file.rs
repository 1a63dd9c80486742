//! The rules file: human-readable, versioned JSON.
//!
//! ```json
//! { "format": "grundy-lab-rules", "version": 2, "name": "dragon king",
//!   "description": "", "dimension": 2, "pass": false,
//!   "slides": [[1,0],[0,1]], "jumps": [[1,1]],
//!   "terminal": [], "convention": "normal" }
//! ```
//!
//! Version 2 adds `dimension` (1, 2 or 3; offsets and terminal cells then
//! have that many coordinates), `pass` and `program` (the moves written as a
//! program, instead of `slides`, `jumps` and `terminal`). Version 3 adds
//! `limits`, the raisable limits of one position of a program
//! (`{"max_options": 200000, "millis_per_position": 5000}`, written only
//! when they differ from the defaults). Version 4 lets `pass` be
//! `{"count": K, "at_end": B}`: K passes per game, shared by the players,
//! and whether a pass is allowed also where no other move is left
//! ([`super::Passes`]); `false` and `true` (Gale's one pass) still mean
//! what they did, and are still written for those games. Version 5 lets a
//! game's `dimension` be 4 to 8: a program's (`fn moves(a, b, c, d)`), or
//! a piece's, whose slides and jumps then have that many numbers (terminal
//! cells keep 1 to 3, so a piece of more has none). Versions 1 to 4 are
//! still read.

use super::{
    Convention, MAX_DIMENSION, MAX_OFFSETS, MAX_TERMINAL_CELLS, Offset, OffsetKind, Piece, Program, ProgramError,
    Rules, RulesError, TerminalSet,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The value of the `format` field.
pub const FORMAT: &str = "grundy-lab-rules";
/// The file version this build writes (it reads 1 to 5).
pub const VERSION: u32 = 5;
/// The largest rules file read, in bytes (a file of [`MAX_OFFSETS`] offsets
/// and many terminal cells fits well within it).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// A list of points in a rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointList {
    /// `slides`.
    Slides,
    /// `jumps`.
    Jumps,
    /// `terminal`.
    Terminal,
}

impl PointList {
    /// The field of the file.
    pub fn field(self) -> &'static str {
        match self {
            PointList::Slides => "slides",
            PointList::Jumps => "jumps",
            PointList::Terminal => "terminal",
        }
    }
}

/// One entry of a list of the file: `list[index]`, its numbers as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEntry {
    /// The list.
    pub list: PointList,
    /// The index in it, from 0.
    pub index: usize,
    /// The numbers of the entry.
    pub numbers: Vec<u32>,
}

/// Why a rules file could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesFileError {
    /// Not JSON (or it ends early): the JSON reader's message and where.
    NotJson {
        /// The JSON reader's own words (with the line and column).
        detail: String,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// JSON, but not of a rules file's shape (an unknown field, a wrong
    /// type): the JSON reader's message and where.
    Shape {
        /// The JSON reader's own words (with the line and column).
        detail: String,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// The `format` field is not [`FORMAT`].
    Format {
        /// The field's value.
        found: String,
    },
    /// A version this build does not read (it reads 1 to [`VERSION`]).
    Version {
        /// The field's value.
        found: u32,
    },
    /// `dimension`, `pass` or `program` in a version 1 file.
    NeedsVersion2,
    /// `limits` in a version 1 or 2 file.
    NeedsVersion3,
    /// `pass` as a count (more than one pass, or a pass at the end) in a
    /// file of version 3 or earlier.
    NeedsVersion4,
    /// A `dimension` above 3 (a program's) in a file of version 4 or
    /// earlier.
    NeedsVersion5,
    /// A `dimension` outside 1 to [`super::MAX_DIMENSION`], or above 3
    /// without a `program`.
    Dimension {
        /// The field's value.
        found: u8,
    },
    /// More slides and jumps than [`MAX_OFFSETS`].
    TooManyOffsets {
        /// How many the file has.
        count: usize,
    },
    /// More terminal cells than [`MAX_TERMINAL_CELLS`].
    TooManyTerminalCells {
        /// How many the file has.
        count: usize,
    },
    /// An entry whose number of coordinates is not the dimension.
    Arity {
        /// Which list.
        list: PointList,
        /// The entry's index.
        index: usize,
        /// Its number of coordinates.
        numbers: usize,
        /// The file's dimension.
        dimension: u8,
    },
    /// The `program` does not compile.
    Program(ProgramError),
    /// The rules fail [`Rules::validate`]; `entry` is the entry of the file
    /// at fault, when the problem is one entry.
    Invalid {
        /// What is wrong.
        error: RulesError,
        /// The entry at fault.
        entry: Option<FileEntry>,
    },
}

impl fmt::Display for RulesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesFileError::NotJson { detail, .. } => write!(f, "the file is not valid JSON: {detail}"),
            RulesFileError::Shape { detail, .. } => write!(f, "the file is not a valid rules file: {detail}"),
            RulesFileError::Format { found } => {
                write!(f, "field `format` is \"{found}\"; a rules file has \"{FORMAT}\"")
            }
            RulesFileError::Version { found } => {
                write!(f, "field `version` is {found}; this version of Grundy Lab reads versions 1 to {VERSION}")
            }
            RulesFileError::NeedsVersion2 => f.write_str("fields `dimension`, `pass` and `program` need `version` 2"),
            RulesFileError::NeedsVersion3 => f.write_str("field `limits` needs `version` 3"),
            RulesFileError::NeedsVersion4 => {
                f.write_str("field `pass` with a `count` (more than one pass, or one at the end) needs `version` 4")
            }
            RulesFileError::NeedsVersion5 => f.write_str("field `dimension` above 3 needs `version` 5"),
            RulesFileError::Dimension { found } => {
                write!(f, "field `dimension` is {found}; a game has 1 to {} coordinates", super::MAX_DIMENSION)
            }
            RulesFileError::TooManyOffsets { .. } => write!(f, "too many offsets (more than {MAX_OFFSETS})"),
            RulesFileError::TooManyTerminalCells { .. } => {
                write!(f, "too many terminal cells (more than {MAX_TERMINAL_CELLS})")
            }
            RulesFileError::Arity { list, index, numbers, dimension } => write!(
                f,
                "`{}[{index}]` has {numbers} numbers; with `dimension` {dimension} each has {dimension}",
                list.field()
            ),
            RulesFileError::Program(e) => write!(f, "field `program`: {e}"),
            RulesFileError::Invalid { error, entry: None } => write!(f, "{error}"),
            RulesFileError::Invalid { error, entry: Some(e) } => {
                let message = error.to_string();
                let why = message.split_once("; ").map_or(message.as_str(), |(_, why)| why);
                write!(f, "`{}[{}]` is {:?}; {why}", e.list.field(), e.index, e.numbers)
            }
        }
    }
}

impl std::error::Error for RulesFileError {}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    format: String,
    version: u32,
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default = "two")]
    dimension: u8,
    #[serde(default)]
    pass: super::Passes,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    program: Option<String>,
    /// A take-and-break game's spec ([`Rules::breaks`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    breaks: Option<String>,
    #[serde(default)]
    slides: Vec<Vec<u32>>,
    #[serde(default)]
    jumps: Vec<Vec<u32>>,
    #[serde(default)]
    terminal: Vec<Vec<u32>>,
    #[serde(default)]
    convention: Convention,
    /// The raisable limits ([`Rules::limits`]), when not the defaults.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    limits: Option<super::Limits>,
}

fn two() -> u8 {
    2
}

/// The first `d` coordinates of a point.
fn cut(c: &[u32], d: u8) -> Vec<u32> {
    c[..(d.max(1) as usize).min(c.len())].to_vec()
}

/// The rules as a pretty-printed rules file.
pub fn to_json(rules: &Rules) -> String {
    let d = rules.dimension;
    let file = RulesFile {
        format: FORMAT.into(),
        version: VERSION,
        name: rules.name.clone(),
        description: rules.description.clone(),
        dimension: d,
        pass: rules.passes,
        program: rules.program.as_ref().map(|p| p.source().to_string()),
        breaks: rules.breaks.clone(),
        slides: rules.piece.slides.iter().map(|o| cut(&o.steps(), d)).collect(),
        jumps: rules.piece.jumps.iter().map(|o| cut(&o.steps(), d)).collect(),
        terminal: rules.terminal.cells().map(|c| cut(&c, d)).collect(),
        convention: rules.convention,
        limits: (!rules.limits.is_default()).then_some(rules.limits),
    };
    serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
}

/// Read a rules file; every problem is reported with what and where. A
/// UTF-8 byte-order mark at the start (as some editors save) is skipped.
pub fn from_json(text: &str) -> Result<Rules, RulesFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let file: RulesFile = serde_json::from_str(text).map_err(|e| {
        let (detail, line, column) = (e.to_string(), e.line(), e.column());
        match e.classify() {
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                RulesFileError::NotJson { detail, line, column }
            }
            _ => RulesFileError::Shape { detail, line, column },
        }
    })?;
    if file.format != FORMAT {
        return Err(RulesFileError::Format { found: file.format });
    }
    if !(1..=VERSION).contains(&file.version) {
        return Err(RulesFileError::Version { found: file.version });
    }
    let more = file.dimension != 2 || file.pass.any() || file.program.is_some() || file.breaks.is_some();
    if file.version == 1 && more {
        return Err(RulesFileError::NeedsVersion2);
    }
    if file.version < 3 && file.limits.is_some() {
        return Err(RulesFileError::NeedsVersion3);
    }
    if file.version < 4 && !file.pass.is_gale_or_none() {
        return Err(RulesFileError::NeedsVersion4);
    }
    let d = file.dimension;
    if !(1..=super::MAX_DIMENSION as u8).contains(&d) {
        return Err(RulesFileError::Dimension { found: d });
    }
    if file.version < 5 && d > 3 {
        return Err(RulesFileError::NeedsVersion5);
    }
    // Lists longer than the limits are refused before they become sets.
    if file.slides.len() + file.jumps.len() > MAX_OFFSETS {
        return Err(RulesFileError::TooManyOffsets { count: file.slides.len() + file.jumps.len() });
    }
    if file.terminal.len() > MAX_TERMINAL_CELLS {
        return Err(RulesFileError::TooManyTerminalCells { count: file.terminal.len() });
    }
    if d > 3 && !file.terminal.is_empty() {
        return Err(RulesFileError::Invalid { error: RulesError::TerminalOfManyHeaps(d), entry: None });
    }
    let checked = |list: PointList, entries: &[Vec<u32>]| -> Result<(), RulesFileError> {
        match entries.iter().position(|v| v.len() != d as usize) {
            Some(index) => Err(RulesFileError::Arity { list, index, numbers: entries[index].len(), dimension: d }),
            None => Ok(()),
        }
    };
    let points = |list: PointList, entries: &[Vec<u32>]| -> Result<Vec<[u32; 3]>, RulesFileError> {
        checked(list, entries)?;
        Ok(entries
            .iter()
            .map(|v| {
                let mut c = [0; 3];
                c[..v.len().min(3)].copy_from_slice(&v[..v.len().min(3)]);
                c
            })
            .collect())
    };
    let offsets = |list: PointList, entries: &[Vec<u32>]| -> Result<_, RulesFileError> {
        checked(list, entries)?;
        Ok(entries.iter().map(|v| Offset::of(v)).collect())
    };
    let program = match &file.program {
        None => None,
        Some(source) => Some(Program::new(source).map_err(RulesFileError::Program)?),
    };
    let rules = Rules {
        piece: Piece {
            slides: offsets(PointList::Slides, &file.slides)?,
            jumps: offsets(PointList::Jumps, &file.jumps)?,
        },
        terminal: TerminalSet::from_points(points(PointList::Terminal, &file.terminal)?),
        convention: file.convention,
        dimension: d,
        passes: file.pass,
        program,
        breaks: file.breaks,
        limits: file.limits.unwrap_or_default(),
        name: file.name,
        description: file.description,
    };
    rules.validate().map_err(|error| {
        let entry = entry_at_fault(&error, &file.slides, &file.jumps, &file.terminal);
        RulesFileError::Invalid { error, entry }
    })?;
    Ok(rules)
}

/// The entry of the file's lists that makes the rules fail, when the
/// problem is one entry (e.g. `jumps[0]` is `[0, 0]`).
fn entry_at_fault(e: &RulesError, slides: &[Vec<u32>], jumps: &[Vec<u32>], terminal: &[Vec<u32>]) -> Option<FileEntry> {
    let of_kind = |k: OffsetKind| match k {
        OffsetKind::Slide => (PointList::Slides, slides),
        OffsetKind::Jump => (PointList::Jumps, jumps),
    };
    let (list, entries, at) = match *e {
        RulesError::ZeroOffset(k) => {
            let (list, entries) = of_kind(k);
            (list, entries, Offset::of(&[]))
        }
        RulesError::OffsetTooLarge(k, o) => {
            let (list, entries) = of_kind(k);
            (list, entries, o)
        }
        RulesError::TerminalTooFar(c) => (PointList::Terminal, terminal, Offset::of(&c)),
        _ => return None,
    };
    // Whole offsets are compared: two entries of a piece of many
    // coordinates may agree in their first three numbers.
    let index = entries.iter().position(|v| v.len() <= MAX_DIMENSION && Offset::of(v) == at)?;
    Some(FileEntry { list, index, numbers: entries[index].clone() })
}

/// Why `--rules SPEC` names no usable game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecError {
    /// Neither a path nor a preset.
    Preset(super::PresetError),
    /// The file could not be read (what the operating system said).
    Read {
        /// The path as given.
        spec: String,
        /// What the operating system said.
        reason: crate::fsutil::OsError,
    },
    /// A rules file (`.json`, or any path not ending in `.rhai`) that is
    /// not valid.
    File {
        /// The path as given.
        spec: String,
        /// What is wrong with the file.
        error: RulesFileError,
    },
    /// A rules program (`.rhai`) that does not compile.
    Program {
        /// The path as given.
        spec: String,
        /// Why the program does not compile.
        error: ProgramError,
    },
    /// A rules program whose rules are not valid (e.g. its file name, the
    /// game's name, holds a control character).
    Invalid {
        /// The path as given.
        spec: String,
        /// Which rule of `Rules::validate` fails.
        error: RulesError,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Preset(e) => write!(f, "{e}"),
            SpecError::Read { spec, reason } => write!(f, "cannot read `{}`: {reason}", spec),
            SpecError::File { spec, error } => write!(f, "`{}`: {error}", spec),
            SpecError::Program { spec, error } => write!(f, "`{}`: {error}", spec),
            SpecError::Invalid { spec, error } => write!(f, "`{}`: {error}", spec),
        }
    }
}

impl std::error::Error for SpecError {}

/// Whether `spec` is written as a path (it has a folder separator or ends
/// in `.json` or `.rhai`), never a preset name.
fn written_as_path(spec: &str) -> bool {
    spec.ends_with(".json") || spec.ends_with(".rhai") || spec.contains('/') || spec.contains('\\')
}

/// Read the rules named by `spec`: a preset name, a rules file (`.json`),
/// or a rules program (`.rhai`). A preset name always means the preset,
/// even when a file of that name is in the current folder (reach that file
/// as `./NAME`; [`file_beside_preset`] says when there is one); any other
/// spec that is a file, or that is written as a path, is read as a file.
pub fn load_spec(spec: &str) -> Result<Rules, SpecError> {
    let path = std::path::Path::new(spec);
    if !written_as_path(spec) {
        match super::preset(spec) {
            Ok(r) => return Ok(r),
            Err(e) if !path.is_file() => return Err(SpecError::Preset(e)),
            Err(_) => {}
        }
    }
    let text = crate::fsutil::read_text(path, MAX_FILE_BYTES)
        .map_err(|e| SpecError::Read { spec: spec.into(), reason: (&e).into() })?;
    if spec.ends_with(".rhai") {
        let program = Program::new(&text).map_err(|error| SpecError::Program { spec: spec.into(), error })?;
        let name = path.file_stem().map_or("program".into(), |s| s.to_string_lossy().into_owned());
        let rules = Rules::from_program(&name, program);
        rules.validate().map_err(|error| SpecError::Invalid { spec: spec.into(), error })?;
        return Ok(rules);
    }
    from_json(&text).map_err(|error| SpecError::File { spec: spec.into(), error })
}

/// The file `./NAME` of the current folder when `spec` is the preset
/// `NAME` and such a file exists: [`load_spec`] loads the preset, and a
/// person who meant the file should be told how to reach it.
pub fn file_beside_preset(spec: &str) -> Option<std::path::PathBuf> {
    file_beside_preset_in(&std::env::current_dir().ok()?, spec)
}

/// [`file_beside_preset`] in the folder `dir`.
fn file_beside_preset_in(dir: &std::path::Path, spec: &str) -> Option<std::path::PathBuf> {
    if written_as_path(spec) || super::preset(spec).is_err() || !dir.join(spec).is_file() {
        return None;
    }
    Some(std::path::Path::new(".").join(spec))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{PRESET_NAMES, preset};
    use proptest::prelude::*;

    #[test]
    fn presets_round_trip() {
        for n in PRESET_NAMES {
            let r = preset(n).unwrap();
            assert_eq!(from_json(&to_json(&r)).unwrap(), r);
            let m = r.clone().misere();
            assert_eq!(from_json(&to_json(&m)).unwrap(), m);
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let ok = to_json(&preset("queen").unwrap());
        let e = from_json(&ok.replace("\"slides\"", "\"slidez\"")).unwrap_err();
        assert!(matches!(&e, RulesFileError::Shape { detail, line: 8, .. } if detail.contains("`slidez`")), "{e:?}");
        assert!(e.to_string().contains("unknown field `slidez`"), "{e}");
        let e = from_json(&ok.replace("\"version\": 5", "\"version\": 9")).unwrap_err();
        assert_eq!(e, RulesFileError::Version { found: 9 });
        let v1 = |rest: &str| from_json(&format!(r#"{{"format":"grundy-lab-rules","version":1,"name":"x",{rest}}}"#));
        let e = v1(r#""jumps":[[0,0]]"#).unwrap_err();
        let entry = FileEntry { list: PointList::Jumps, index: 0, numbers: vec![0, 0] };
        let zero = RulesError::ZeroOffset(OffsetKind::Jump);
        assert_eq!(e, RulesFileError::Invalid { error: zero, entry: Some(entry) });
        assert!(e.to_string().starts_with("`jumps[0]` is [0, 0]; "), "{e}");
        let e = v1(r#""jumps":[[-1,2]]"#).unwrap_err();
        assert!(matches!(e, RulesFileError::Shape { line: 1, .. }), "{e:?}");
        assert!(e.to_string().contains("line 1"), "{e}");
        let e = v1(r#""slides":[[1,99999]]"#).unwrap_err();
        assert!(matches!(&e, RulesFileError::Invalid { entry: Some(FileEntry { index: 0, .. }), .. }), "{e:?}");
        assert!(e.to_string().contains("at most"), "{e}");
        assert!(matches!(from_json("{ broken"), Err(RulesFileError::NotJson { line: 1, .. })));
        assert_eq!(v1(r#""pass":true"#), Err(RulesFileError::NeedsVersion2));
        assert_eq!(v1(r#""jumps":[[1,2,3]]"#).unwrap_err(), {
            RulesFileError::Arity { list: PointList::Jumps, index: 0, numbers: 3, dimension: 2 }
        });
        // A piece of four coordinates needs four numbers an offset; nine
        // coordinates are no game.
        let v2 = ok.replace("\"dimension\": 2", "\"dimension\": 4");
        assert!(matches!(from_json(&v2), Err(RulesFileError::Arity { dimension: 4, numbers: 2, .. })));
        let v9 = ok.replace("\"dimension\": 2", "\"dimension\": 9");
        assert_eq!(from_json(&v9), Err(RulesFileError::Dimension { found: 9 }));
        // The rook of four coordinates is saved with four numbers an offset
        // and read back; terminal cells are refused for it.
        let nim4 = crate::rules::preset("nim-4").unwrap();
        let text = to_json(&nim4);
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["slides"].as_array().map(|s| s.len()), Some(4), "{text}");
        assert!(json["slides"].as_array().unwrap().iter().all(|o| o.as_array().unwrap().len() == 4), "{text}");
        assert!(from_json(&text).unwrap().same_game(&nim4));
        let with_cell = text.replace("\"terminal\": []", "\"terminal\": [[1, 1, 1, 1]]");
        let e = from_json(&with_cell).unwrap_err();
        assert_eq!(e, RulesFileError::Invalid { error: RulesError::TerminalOfManyHeaps(4), entry: None });
        assert!(e.to_string().contains("no terminal cells"), "{e}");
        // The entry at fault is found by its whole offset, not by its first
        // three numbers.
        let e = from_json(
            r#"{"format":"grundy-lab-rules","version":5,"name":"x","dimension":4,
                "jumps":[[1,0,0,1],[1,0,0,99999]]}"#,
        )
        .unwrap_err();
        assert!(matches!(&e, RulesFileError::Invalid { entry: Some(FileEntry { index: 1, .. }), .. }), "{e:?}");
        assert!(e.to_string().starts_with("`jumps[1]` is [1, 0, 0, 99999]"), "{e}");
        // Four heaps as a program: version 5.
        let mut four = Rules::from_program("four", Program::new("fn moves(a, b, c, d) { [] }").unwrap());
        four.description = "four heaps".into();
        let text = to_json(&four);
        assert!(text.contains("\"version\": 5") && text.contains("\"dimension\": 4"), "{text}");
        assert_eq!(from_json(&text), Ok(four));
        assert_eq!(from_json(&text.replace("\"version\": 5", "\"version\": 4")), Err(RulesFileError::NeedsVersion5));
        let nine = text.replace("\"dimension\": 4", "\"dimension\": 9");
        assert_eq!(from_json(&nine), Err(RulesFileError::Dimension { found: 9 }));
        let other = ok.replace("\"grundy-lab-rules\"", "\"other\"");
        assert_eq!(from_json(&other), Err(RulesFileError::Format { found: "other".into() }));
        let bad_program = ok.replace("\"dimension\": 2,", "\"dimension\": 2, \"program\": \"fn (\",");
        assert!(matches!(from_json(&bad_program), Err(RulesFileError::Program(_))), "{bad_program}");
    }

    #[test]
    fn passes_are_saved_in_version_4_and_older_files_still_read() {
        use crate::rules::Passes;
        // Files of versions 2 and 3, as earlier builds wrote them: `pass`
        // false or true (Gale's one pass).
        for version in [2, 3] {
            for (written, passes) in [("false", Passes::NONE), ("true", Passes::GALE)] {
                let old = format!(
                    r#"{{"format":"grundy-lab-rules","version":{version},"name":"q","dimension":2,"pass":{written},
                        "slides":[[1,0],[0,1],[1,1]]}}"#
                );
                assert_eq!(from_json(&old).unwrap().passes, passes, "{old}");
            }
        }
        // Gale's pass is still written as `true`, so the file reads in
        // earlier builds too; other passes as a count.
        let gale = preset("queen+pass").unwrap();
        assert!(to_json(&gale).contains("\"pass\": true"), "{}", to_json(&gale));
        for name in ["queen+passes:2", "queen+pass-at-end", "nim-1+passes:8+pass-at-end", "subtraction-1-3-4+passes:3"]
        {
            let r = preset(name).unwrap();
            let text = to_json(&r);
            assert!(text.contains("\"version\": 5") && text.contains("\"count\""), "{text}");
            assert_eq!(from_json(&text).unwrap(), r, "{name}");
            // A count in an older file is refused with the version it needs.
            let e = from_json(&text.replace("\"version\": 5", "\"version\": 3")).unwrap_err();
            assert_eq!(e, RulesFileError::NeedsVersion4);
            assert!(e.to_string().contains("needs `version` 4"), "{e}");
        }
        // Hostile values: a count beyond the limit, or of the wrong shape.
        let two = to_json(&preset("queen+passes:2").unwrap());
        let huge = from_json(&two.replace("\"count\": 2", "\"count\": 1000000000")).unwrap_err();
        assert_eq!(huge, RulesFileError::Invalid { error: RulesError::TooManyPasses(u8::MAX), entry: None });
        assert!(huge.to_string().contains("at most 8"), "{huge}");
        let nine = from_json(&two.replace("\"count\": 2", "\"count\": 9")).unwrap_err();
        assert_eq!(nine, RulesFileError::Invalid { error: RulesError::TooManyPasses(9), entry: None });
        for bad in ["\"count\": -1", "\"count\": \"two\"", "\"count\": 2, \"later\": 1"] {
            let e = from_json(&two.replace("\"count\": 2", bad)).unwrap_err();
            assert!(matches!(&e, RulesFileError::Shape { .. }), "{bad}: {e:?}");
            assert!(e.to_string().contains("`pass` is true, false or"), "{e}");
        }
    }

    #[test]
    fn limits_are_saved_in_version_3_and_older_files_still_read() {
        let mut r = Rules::from_program("ho", crate::rules::example("restricted-nim").unwrap());
        // Today's limits are not written: the file says only the game.
        assert!(!to_json(&r).contains("limits"));
        r.limits = crate::rules::Limits { max_options: 200_000, millis_per_position: 5000 };
        let text = to_json(&r);
        assert!(text.contains("\"version\": 5") && text.contains("\"max_options\": 200000"), "{text}");
        assert_eq!(from_json(&text).unwrap(), r);
        // A version 2 file (as earlier builds wrote it) reads with the
        // default limits; `limits` in it is refused.
        let v2 = r#"{"format":"grundy-lab-rules","version":2,"name":"q3","dimension":3,"pass":true,
                    "slides":[[1,0,0],[0,1,0],[0,0,1]]}"#;
        let old = from_json(v2).unwrap();
        assert!(old.passes == crate::rules::Passes::GALE && old.dimension == 3 && old.limits.is_default());
        let with = v2.replace("\"pass\":true", "\"limits\":{\"max_options\":5}");
        assert_eq!(from_json(&with), Err(RulesFileError::NeedsVersion3));
        assert_eq!(from_json(&with.replace("\"version\":2", "\"version\":3")).unwrap().limits.max_options, 5);
        // Out of range: the one validation names the setting.
        let zero = text.replace("\"max_options\": 200000", "\"max_options\": 0");
        let e = from_json(&zero).unwrap_err();
        let setting = crate::rules::LimitSetting::Options;
        assert_eq!(e, RulesFileError::Invalid { error: RulesError::Limit { setting, value: 0 }, entry: None });
        let unknown = text.replace("\"max_options\"", "\"max_option\"");
        assert!(matches!(from_json(&unknown), Err(RulesFileError::Shape { .. })));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let r = preset("queen").unwrap();
        assert_eq!(from_json(&format!("\u{feff}{}", to_json(&r))).unwrap(), r);
    }

    #[test]
    fn preset_names_mean_presets_even_beside_a_file_of_that_name() {
        let dir = std::env::temp_dir().join(format!("grundy-lab-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("queen");
        std::fs::write(&file, to_json(&preset("nim").unwrap())).unwrap();
        // A bare name is the preset; the file answers to its path.
        assert_eq!(load_spec("queen").unwrap(), preset("queen").unwrap());
        assert_eq!(load_spec(file.to_str().unwrap()).unwrap().piece, preset("nim").unwrap().piece);
        assert_eq!(file_beside_preset_in(&dir, "queen"), Some(std::path::PathBuf::from("./queen")));
        assert_eq!(file_beside_preset_in(&dir, "nim"), None);
        assert_eq!(file_beside_preset_in(&dir, "./queen"), None, "a path is no preset name");
        let missing = dir.join("missing.json");
        let e = load_spec(missing.to_str().unwrap()).unwrap_err();
        assert!(matches!(&e, SpecError::Read { reason, .. } if reason.kind == std::io::ErrorKind::NotFound), "{e:?}");
        let e = load_spec("no-such-game").unwrap_err();
        assert_eq!(e, SpecError::Preset(crate::rules::PresetError::Unknown { name: "no-such-game".into() }));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    proptest! {
        #[test]
        fn never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = from_json(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn never_panics_on_mutated_files(pos in 0usize..200, ch in any::<char>()) {
            let mut s: Vec<char> = to_json(&preset("queen-t2").unwrap()).chars().collect();
            let p = pos % s.len();
            s[p] = ch;
            let _ = from_json(&s.into_iter().collect::<String>());
        }
    }
}
