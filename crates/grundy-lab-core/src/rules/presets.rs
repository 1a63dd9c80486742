//! The named games of the sources: Nim (rook), Wythoff (queen), the shogi
//! pieces, the parameter-p piece and the Hofstadter-G variant.

use super::{MAX_PASSES, Offset, Passes, Piece, Rules, TerminalSet};
use std::fmt;

/// Names accepted by [`preset`] (`ryuoh:P` takes any P from 1 to
/// [`MAX_RYUOH_P`]).
pub const PRESET_NAMES: &[&str] =
    &["nim", "queen", "dragon-king", "dragon-horse", "ryuoh:4", "queen-t2", "bishop", "king", "knight"];

/// The presets of one or three coordinates (heaps), and the example
/// programs (of up to six coordinates), by name: the game families beyond
/// one piece on a board.
pub const FAMILY_PRESETS: &[&str] = &[
    "nim-1",
    "nim-3",
    "queen-3",
    "queen-3-all",
    "restricted-nim",
    "subtraction-1-3-4",
    "chocolate-2d",
    "chocolate-3d",
    "fraenkel-3",
    "ho-wythoff",
    "imitation-nim",
    "imitation-nim-2",
    "chocolate-hexagon",
    "queen-program",
];

/// The largest parameter accepted for `ryuoh:P`.
pub const MAX_RYUOH_P: u32 = 200;

/// The diagonal jumps of the parameter-p piece: every `(s, t)` with
/// `s, t >= 1` and `s + t <= p - 1`.
pub fn ryuoh_jumps(p: u32) -> Vec<(u32, u32)> {
    (1..p).flat_map(|s| (1..p).filter(move |t| s + t < p).map(move |t| (s, t))).collect()
}

/// Why a name is no preset (each variant holds the name as given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PresetError {
    /// `ryuoh:P` with a `P` that is not a whole number.
    RyuohNotANumber {
        /// The name given.
        name: String,
    },
    /// `ryuoh:P` with `P` outside 1 to [`MAX_RYUOH_P`].
    RyuohOutOfRange {
        /// The name given.
        name: String,
        /// The parameter.
        p: u32,
    },
    /// `+passes:K` with a `K` that is not a whole number from 0 to
    /// [`MAX_PASSES`].
    Passes {
        /// The name given.
        name: String,
    },
    /// No preset has this name ([`PRESET_NAMES`], [`FAMILY_PRESETS`]).
    Unknown {
        /// The name given.
        name: String,
    },
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PresetError::RyuohNotANumber { name } => {
                write!(f, "`{name}`: the parameter of ryuoh:P must be a whole number, e.g. ryuoh:4")
            }
            PresetError::RyuohOutOfRange { name, .. } => write!(f, "`{name}`: P must be between 1 and {MAX_RYUOH_P}"),
            PresetError::Passes { name } => {
                write!(f, "`{name}`: K of +passes:K must be a whole number from 0 to {MAX_PASSES}, e.g. queen+passes:2")
            }
            PresetError::Unknown { name } => write!(
                f,
                "unknown rules `{name}`; presets are: {}, ryuoh:P (any P from 1 to {MAX_RYUOH_P}), {} \
                 (add +pass for the one-time pass, +passes:K for K passes, +pass-at-end to allow a pass also where \
                 no other move is left), or a rules file (.json) or program (.rhai)",
                PRESET_NAMES.join(", "),
                FAMILY_PRESETS.iter().chain(super::HEAP_PRESETS).copied().collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

impl std::error::Error for PresetError {}

/// The rules named `name`. `rook` is accepted for `nim`, `wythoff` for
/// `queen`. Suffixes set the passes ([`Passes`]), in any order: `+pass`
/// Gale's one-time pass, `+passes:K` K passes per game, `+pass-at-end` a
/// pass allowed also where no other move is left (with at least one pass):
/// `nim-1+passes:2+pass-at-end`.
pub fn preset(name: &str) -> Result<Rules, PresetError> {
    let key = name.trim().to_ascii_lowercase();
    if let Some((base, suffix)) = key.rsplit_once('+') {
        let set: Option<Box<dyn Fn(Passes) -> Passes>> = match suffix {
            "pass" => Some(Box::new(|p: Passes| Passes { count: 1, ..p })),
            "pass-at-end" => Some(Box::new(|p: Passes| Passes { count: p.count.max(1), at_end: true })),
            _ => match suffix.strip_prefix("passes:") {
                Some(k) => {
                    let count = k.parse::<u8>().ok().filter(|&k| k <= MAX_PASSES);
                    let count = count.ok_or_else(|| PresetError::Passes { name: name.trim().to_string() })?;
                    Some(Box::new(move |p: Passes| Passes { count, ..p }))
                }
                None => None,
            },
        };
        if let Some(set) = set {
            let r = preset(base)?;
            let passes = set(r.passes);
            return Ok(r.with_passes(passes));
        }
    }
    if let Some(r) = family_preset(&key).or_else(|| super::heap_presets::heap_preset(&key)) {
        return Ok(r);
    }
    let (piece, description) = match key.as_str() {
        "nim" | "rook" => (Piece::new(&[(1, 0), (0, 1)], &[]), "Rook (飛車): two-pile Nim. g(x, y) = x XOR y."),
        "queen" | "wythoff" => (Piece::new(&[(1, 0), (0, 1), (1, 1)], &[]), "Queen: Wythoff's game, Corner the Queen."),
        "dragon-king" => (
            Piece::new(&[(1, 0), (0, 1)], &[(1, 1)]),
            "Dragon king (龍王): rook slides plus one diagonal step. g = mod(x+y,3) + 3*(floor(x/3) XOR floor(y/3)).",
        ),
        "dragon-horse" => {
            (Piece::new(&[(1, 1)], &[(1, 0), (0, 1)]), "Dragon horse (龍馬): bishop slide plus one orthogonal step.")
        }
        "bishop" => (Piece::new(&[(1, 1)], &[]), "Bishop: diagonal slides only."),
        "king" => (Piece::new(&[], &[(1, 0), (0, 1), (1, 1)]), "King: one step left, up or diagonally."),
        "knight" => (Piece::new(&[], &[(1, 2), (2, 1)]), "Knight: the two knight jumps toward the corner."),
        "queen-t2" => {
            let mut r = Rules::new("queen-t2", Piece::new(&[(1, 0), (0, 1), (1, 1)], &[]));
            r.terminal = TerminalSet::triangle(2);
            r.description = "Queen with terminal set x + y <= 2 (the Hofstadter-G variant, arXiv 2510.11767).".into();
            return Ok(r);
        }
        _ => {
            if let Some(p) = key.strip_prefix("ryuoh:") {
                let p: u32 = p.parse().map_err(|_| PresetError::RyuohNotANumber { name: name.into() })?;
                if !(1..=MAX_RYUOH_P).contains(&p) {
                    return Err(PresetError::RyuohOutOfRange { name: name.into(), p });
                }
                let mut r = Rules::new(&format!("ryuoh:{p}"), Piece::new(&[(1, 0), (0, 1)], &ryuoh_jumps(p)));
                r.description = format!(
                    "Generalized Ryuoh piece, p = {p}: g = mod(x+y,{p}) + {p}*(floor(x/{p}) XOR floor(y/{p}))."
                );
                return Ok(r);
            }
            return Err(PresetError::Unknown { name: name.into() });
        }
    };
    let canonical = match key.as_str() {
        "rook" => "nim",
        "wythoff" => "queen",
        k => k,
    };
    let mut r = Rules::new(canonical, piece);
    r.description = description.into();
    Ok(r)
}

/// The presets of [`FAMILY_PRESETS`].
fn family_preset(key: &str) -> Option<Rules> {
    let axes = [(1, 0, 0), (0, 1, 0), (0, 0, 1)];
    let faces = [(1, 1, 0), (1, 0, 1), (0, 1, 1)];
    let slides3 = |extra: &[(u32, u32, u32)]| -> Piece {
        let mut p = Piece::default();
        for &(a, b, c) in axes.iter().chain(extra) {
            p.slides.insert(Offset::new3(a, b, c));
        }
        p
    };
    let (dimension, piece, description) = match key {
        "nim-1" => (1, Piece::new(&[(1, 0)], &[]), "One heap of Nim: take any number of stones. g(x) = x."),
        "nim-3" => (3, slides3(&[]), "Three-heap Nim (Bouton 1901): g = x XOR y XOR z."),
        "queen-3" => (
            3,
            slides3(&faces),
            "Three heaps: any number from one heap, or the same number from two heaps (a three-heap Wythoff \
             game). With one heap empty it is Wythoff's game.",
        ),
        "queen-3-all" => (
            3,
            slides3(&[faces[0], faces[1], faces[2], (1, 1, 1)]),
            "Three heaps: any number from one heap, or the same number from two or from all three heaps (the \
             three-heap Wythoff game of the 'stone game' problem; no closed form is known).",
        ),
        _ => {
            let e = super::program::EXAMPLE_PROGRAMS.iter().find(|e| e.name == key)?;
            let mut r = Rules::from_program(e.name, super::program::example(e.name)?);
            r.description = e.about.into();
            r.limits = e.limits;
            return Some(r);
        }
    };
    let mut r = Rules::with_dimension(key, dimension, piece);
    r.description = description.into();
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ryuoh_3_is_dragon_king() {
        assert_eq!(preset("ryuoh:3").unwrap().piece, preset("dragon-king").unwrap().piece);
        assert_eq!(preset("ryuoh:2").unwrap().piece, preset("nim").unwrap().piece);
        let p4 = preset("ryuoh:4").unwrap();
        assert_eq!(p4.piece.jumps.len(), 3);
    }

    #[test]
    fn pass_suffixes_set_the_passes_in_any_order() {
        let passes = |name: &str| preset(name).unwrap().passes;
        assert_eq!(passes("queen"), Passes::NONE);
        assert_eq!(passes("queen+pass"), Passes::GALE);
        assert_eq!(passes("queen+passes:2"), Passes::times(2));
        assert_eq!(passes("queen+passes:0"), Passes::NONE);
        assert_eq!(passes("nim-1+pass-at-end"), Passes { count: 1, at_end: true });
        assert_eq!(passes("nim-1+passes:3+pass-at-end"), Passes { count: 3, at_end: true });
        assert_eq!(passes("nim-1+pass-at-end+passes:3"), Passes { count: 3, at_end: true });
        assert_eq!(preset("subtraction-1-3-4+passes:2").unwrap().program, preset("subtraction-1-3-4").unwrap().program);
    }

    #[test]
    fn bad_names_explain() {
        assert_eq!(preset("ryuoh:0"), Err(PresetError::RyuohOutOfRange { name: "ryuoh:0".into(), p: 0 }));
        assert_eq!(preset("ryuoh:x"), Err(PresetError::RyuohNotANumber { name: "ryuoh:x".into() }));
        assert_eq!(preset("Castle+pass"), Err(PresetError::Unknown { name: "castle".into() }));
        for bad in ["queen+passes:9", "queen+passes:x", "queen+passes:-1", "queen+passes:1000000000"] {
            assert_eq!(preset(bad), Err(PresetError::Passes { name: bad.into() }));
            assert!(preset(bad).unwrap_err().to_string().contains("from 0 to 8"), "{bad}");
        }
        assert!(preset("castle").unwrap_err().to_string().contains("presets are"));
        for n in PRESET_NAMES {
            assert!(preset(n).is_ok(), "{n}");
        }
    }
}
