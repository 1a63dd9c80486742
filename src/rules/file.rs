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
//! program, instead of `slides`, `jumps` and `terminal`). Version 1 files
//! (two coordinates) are still read.

use super::{
    Convention, MAX_OFFSETS, MAX_TERMINAL_CELLS, Offset, OffsetKind, Piece, Program, ProgramError, Rules, RulesError,
    TerminalSet,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The value of the `format` field.
pub const FORMAT: &str = "grundy-lab-rules";
/// The file version this build writes (it reads 1 and 2).
pub const VERSION: u32 = 2;
/// The largest rules file read, in bytes (a file of [`MAX_OFFSETS`] offsets
/// and many terminal cells fits well within it).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Why a rules file could not be read: a message that names the problem and
/// where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesFileError(pub String);

impl fmt::Display for RulesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
    pass: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    program: Option<String>,
    #[serde(default)]
    slides: Vec<Vec<u32>>,
    #[serde(default)]
    jumps: Vec<Vec<u32>>,
    #[serde(default)]
    terminal: Vec<Vec<u32>>,
    #[serde(default)]
    convention: Convention,
}

fn two() -> u8 {
    2
}

/// The first `d` coordinates of a point.
fn cut(c: [u32; 3], d: u8) -> Vec<u32> {
    c[..d.clamp(1, 3) as usize].to_vec()
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
        pass: rules.pass,
        program: rules.program.as_ref().map(|p| p.source().to_string()),
        slides: rules.piece.slides.iter().map(|o| cut(o.components(), d)).collect(),
        jumps: rules.piece.jumps.iter().map(|o| cut(o.components(), d)).collect(),
        terminal: rules.terminal.cells().map(|c| cut(c, d)).collect(),
        convention: rules.convention,
    };
    serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
}

/// Read a rules file; every problem is reported with what and where. A
/// UTF-8 byte-order mark at the start (as some editors save) is skipped.
pub fn from_json(text: &str) -> Result<Rules, RulesFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let file: RulesFile = serde_json::from_str(text).map_err(|e| {
        let what = match e.classify() {
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => "is not valid JSON",
            _ => "is not a valid rules file",
        };
        RulesFileError(format!("the file {what}: {e}"))
    })?;
    if file.format != FORMAT {
        return Err(RulesFileError(format!("field `format` is \"{}\"; a rules file has \"{FORMAT}\"", file.format)));
    }
    if !(1..=VERSION).contains(&file.version) {
        return Err(RulesFileError(format!(
            "field `version` is {}; this version of Grundy Lab reads versions 1 and {VERSION}",
            file.version
        )));
    }
    if file.version == 1 && (file.dimension != 2 || file.pass || file.program.is_some()) {
        return Err(RulesFileError("fields `dimension`, `pass` and `program` need `version` 2".into()));
    }
    let d = file.dimension;
    if !(1..=3).contains(&d) {
        return Err(RulesFileError(format!("field `dimension` is {d}; a game has 1, 2 or 3 coordinates")));
    }
    // Lists longer than the limits are refused before they become sets.
    if file.slides.len() + file.jumps.len() > MAX_OFFSETS {
        return Err(RulesFileError(format!("too many offsets (more than {MAX_OFFSETS})")));
    }
    if file.terminal.len() > MAX_TERMINAL_CELLS {
        return Err(RulesFileError(format!("too many terminal cells (more than {MAX_TERMINAL_CELLS})")));
    }
    let points = |field: &str, list: &[Vec<u32>]| -> Result<Vec<[u32; 3]>, RulesFileError> {
        list.iter()
            .enumerate()
            .map(|(i, v)| {
                if v.len() != d as usize {
                    return Err(RulesFileError(format!(
                        "`{field}[{i}]` has {} numbers; with `dimension` {d} each has {d}",
                        v.len()
                    )));
                }
                let mut c = [0; 3];
                c[..v.len()].copy_from_slice(v);
                Ok(c)
            })
            .collect()
    };
    let offsets = |list: Vec<[u32; 3]>| list.into_iter().map(|[a, b, c]| Offset::new3(a, b, c)).collect();
    let program = match &file.program {
        None => None,
        Some(source) => Some(Program::new(source).map_err(|e| RulesFileError(format!("field `program`: {e}")))?),
    };
    let rules = Rules {
        piece: Piece {
            slides: offsets(points("slides", &file.slides)?),
            jumps: offsets(points("jumps", &file.jumps)?),
        },
        terminal: TerminalSet::from_points(points("terminal", &file.terminal)?),
        convention: file.convention,
        dimension: d,
        pass: file.pass,
        program,
        name: file.name,
        description: file.description,
    };
    rules.validate().map_err(|e| RulesFileError(where_in_file(&e, &file.slides, &file.jumps, &file.terminal)))?;
    Ok(rules)
}

/// The validation message with the index of the offending entry in the
/// file's list, e.g. "`jumps[0]` is [0, 0]; ...".
fn where_in_file(e: &RulesError, slides: &[Vec<u32>], jumps: &[Vec<u32>], terminal: &[Vec<u32>]) -> String {
    let list = |k: OffsetKind| if k == OffsetKind::Slide { slides } else { jumps };
    let padded = |v: &Vec<u32>| {
        let mut c = [0; 3];
        c[..v.len().min(3)].copy_from_slice(&v[..v.len().min(3)]);
        c
    };
    let (field, list, entry) = match *e {
        RulesError::ZeroOffset(k) => (k.field(), list(k), [0, 0, 0]),
        RulesError::OffsetTooLarge(k, o) => (k.field(), list(k), o.components()),
        RulesError::TerminalTooFar(c) => ("terminal", terminal, c),
        _ => return e.to_string(),
    };
    let message = e.to_string();
    let why = message.split_once("; ").map_or(message.as_str(), |(_, why)| why);
    match list.iter().position(|v| padded(v) == entry) {
        Some(i) => format!("`{field}[{i}]` is {:?}; {why}", list[i]),
        None => message,
    }
}

/// Why `--rules SPEC` names no usable game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecError {
    /// Neither a path nor a preset: the preset's message (the names that
    /// exist).
    Preset(String),
    /// The file could not be read.
    Read {
        /// The path as given.
        spec: String,
        /// Why it could not be read.
        reason: String,
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
            SpecError::Preset(m) => f.write_str(m),
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
        .map_err(|e| SpecError::Read { spec: spec.into(), reason: e.to_string() })?;
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
        let e = from_json(&ok.replace("\"slides\"", "\"slidez\"")).unwrap_err().0;
        assert!(e.contains("unknown field `slidez`"), "{e}");
        let e = from_json(&ok.replace("\"version\": 2", "\"version\": 9")).unwrap_err().0;
        assert!(e.contains("version"), "{e}");
        let e = from_json(r#"{"format":"grundy-lab-rules","version":1,"name":"x","jumps":[[0,0]]}"#).unwrap_err().0;
        assert!(e.contains("jumps[0]"), "{e}");
        let e = from_json(r#"{"format":"grundy-lab-rules","version":1,"name":"x","jumps":[[-1,2]]}"#).unwrap_err().0;
        assert!(e.contains("line 1"), "{e}");
        let e =
            from_json(r#"{"format":"grundy-lab-rules","version":1,"name":"x","slides":[[1,99999]]}"#).unwrap_err().0;
        assert!(e.contains("at most"), "{e}");
        let e = from_json("{ broken").unwrap_err().0;
        assert!(e.contains("not valid JSON"), "{e}");
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
        let e = load_spec("no-such-game").unwrap_err();
        assert!(matches!(e, SpecError::Preset(_)), "{e:?}");
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
