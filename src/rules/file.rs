//! The rules file: human-readable, versioned JSON.
//!
//! ```json
//! { "format": "grundy-lab-rules", "version": 1, "name": "dragon king",
//!   "description": "", "slides": [[1,0],[0,1]], "jumps": [[1,1]],
//!   "terminal": [], "convention": "normal" }
//! ```

use super::{Convention, MAX_OFFSETS, MAX_TERMINAL_CELLS, Offset, OffsetKind, Piece, Rules, RulesError, TerminalSet};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The value of the `format` field.
pub const FORMAT: &str = "grundy-lab-rules";
/// The file version this build writes and reads.
pub const VERSION: u32 = 1;
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
    #[serde(default)]
    slides: Vec<[u32; 2]>,
    #[serde(default)]
    jumps: Vec<[u32; 2]>,
    #[serde(default)]
    terminal: Vec<[u32; 2]>,
    #[serde(default)]
    convention: Convention,
}

/// The rules as a pretty-printed rules file.
pub fn to_json(rules: &Rules) -> String {
    let file = RulesFile {
        format: FORMAT.into(),
        version: VERSION,
        name: rules.name.clone(),
        description: rules.description.clone(),
        slides: rules.piece.slides.iter().map(|o| [o.dx, o.dy]).collect(),
        jumps: rules.piece.jumps.iter().map(|o| [o.dx, o.dy]).collect(),
        terminal: rules.terminal.cells().map(|(x, y)| [x, y]).collect(),
        convention: rules.convention,
    };
    serde_json::to_string_pretty(&file).expect("rules serialize") + "\n"
}

/// Read a rules file; every problem is reported with what and where.
pub fn from_json(text: &str) -> Result<Rules, RulesFileError> {
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
    if file.version != VERSION {
        return Err(RulesFileError(format!(
            "field `version` is {}; this version of Grundy Lab reads version {VERSION}",
            file.version
        )));
    }
    // Lists longer than the limits are refused before they become sets.
    if file.slides.len() + file.jumps.len() > MAX_OFFSETS {
        return Err(RulesFileError(format!("too many offsets (more than {MAX_OFFSETS})")));
    }
    if file.terminal.len() > MAX_TERMINAL_CELLS {
        return Err(RulesFileError(format!("too many terminal cells (more than {MAX_TERMINAL_CELLS})")));
    }
    let offsets = |list: &[[u32; 2]]| list.iter().map(|&[dx, dy]| Offset::new(dx, dy)).collect();
    let rules = Rules {
        piece: Piece { slides: offsets(&file.slides), jumps: offsets(&file.jumps) },
        terminal: TerminalSet::from_cells(file.terminal.iter().map(|c| (c[0], c[1]))),
        convention: file.convention,
        name: file.name,
        description: file.description,
    };
    rules.validate().map_err(|e| RulesFileError(where_in_file(&e, &file.slides, &file.jumps, &file.terminal)))?;
    Ok(rules)
}

/// The validation message with the index of the offending entry in the
/// file's list, e.g. "`jumps[0]` is [0, 0]; ...".
fn where_in_file(e: &RulesError, slides: &[[u32; 2]], jumps: &[[u32; 2]], terminal: &[[u32; 2]]) -> String {
    let list = |k: OffsetKind| if k == OffsetKind::Slide { slides } else { jumps };
    let (field, index, entry) = match *e {
        RulesError::ZeroOffset(k) => (k.field(), list(k).iter().position(|o| *o == [0, 0]), [0, 0]),
        RulesError::OffsetTooLarge(k, o) => (k.field(), list(k).iter().position(|e| *e == [o.dx, o.dy]), [o.dx, o.dy]),
        RulesError::TerminalTooFar(x, y) => ("terminal", terminal.iter().position(|c| *c == [x, y]), [x, y]),
        _ => return e.to_string(),
    };
    let message = e.to_string();
    let why = message.split_once("; ").map_or(message.as_str(), |(_, why)| why);
    match index {
        Some(i) => format!("`{field}[{i}]` is [{}, {}]; {why}", entry[0], entry[1]),
        None => message,
    }
}

/// Read the rules named by `spec`: a preset name, or a path to a rules file.
pub fn load_spec(spec: &str) -> Result<Rules, String> {
    let looks_like_file = spec.ends_with(".json") || spec.contains('/') || spec.contains('\\');
    if looks_like_file || std::path::Path::new(spec).is_file() {
        let text = crate::fsutil::read_text(std::path::Path::new(spec), MAX_FILE_BYTES)
            .map_err(|e| format!("cannot read `{spec}`: {e}"))?;
        from_json(&text).map_err(|e| format!("`{spec}`: {e}"))
    } else {
        super::preset(spec)
    }
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
        let e = from_json(&ok.replace("\"version\": 1", "\"version\": 9")).unwrap_err().0;
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
