//! The functions `g(...)` and `g_of("SPEC", ...)` of the formula language:
//! values read from computed tables while a formula is checked.
//!
//! The script machinery knows nothing of tables: the checker hands it a
//! [`TableReader`] for the thread that evaluates a row ([`reading`]), and
//! the two functions ask that reader. Outside a check (a rules program, a
//! formula evaluated on its own) there is no reader, and a call is an error
//! that says so.

use rhai::{Engine, EvalAltResult, ImmutableString};
use std::cell::RefCell;
use std::sync::Arc;

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// Why `g(...)` or `g_of(...)` has no value; each names the call as the
/// formula wrote it (`g(3, 4)`, `g_of("queen", 3, 4)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// One coordinate more than the game has, in a game without a pass.
    NoPass {
        /// The call.
        call: String,
        /// The game's coordinates.
        coordinates: usize,
    },
    /// Neither the game's number of coordinates nor one more.
    Arity {
        /// The call.
        call: String,
        /// The game's coordinates.
        coordinates: usize,
        /// The top layer (the number of passes), when the game has a pass.
        top_layer: Option<usize>,
    },
    /// The last argument names no layer of the game.
    Layer {
        /// The call.
        call: String,
        /// The top layer (the number of passes).
        top_layer: usize,
        /// The layer asked for.
        layer: i64,
    },
    /// A negative coordinate.
    Negative {
        /// The call.
        call: String,
    },
    /// A position outside the computed box, whose sides are given.
    Outside {
        /// The call.
        call: String,
        /// The sides of the box.
        sides: Vec<usize>,
    },
    /// A heap of a take-and-break game beyond the heaps computed, with no
    /// period proved.
    Beyond {
        /// The call.
        call: String,
        /// The heaps computed (0 to `heaps - 1`).
        heaps: u64,
    },
    /// A cell of the box that is not a position of the game.
    NotAPosition {
        /// The call.
        call: String,
    },
    /// `g(...)` where no table is being checked.
    NoTable {
        /// The call.
        call: String,
    },
    /// `g_of` with a game not written as a text in quotes.
    UnquotedGame {
        /// The call.
        call: String,
    },
}

/// The box `sides` written as inequalities: `0 <= x < 40, 0 <= y < 40`
/// (`0 <= x1 < 6, ...` for four heaps or more).
fn box_text(sides: &[usize]) -> String {
    let name = |i: usize| if sides.len() <= 3 { ["x", "y", "z"][i].to_string() } else { format!("x{}", i + 1) };
    sides.iter().enumerate().map(|(i, n)| format!("0 <= {} < {n}", name(i))).collect::<Vec<_>>().join(", ")
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::NoPass { call, coordinates } => {
                write!(f, "{call}: this game has no pass, so it takes {coordinates} coordinates")
            }
            ReadError::Arity { call, coordinates, top_layer: Some(top) } => write!(
                f,
                "{call}: give {coordinates} coordinates, or {} (the last one names the layer: the number of passes \
                 left, 0 to {top})",
                coordinates + 1
            ),
            ReadError::Arity { call, coordinates, top_layer: None } => {
                write!(f, "{call}: give {coordinates} coordinates, as many as the game has")
            }
            ReadError::Layer { call, top_layer: 1, layer } => write!(
                f,
                "{call}: the last argument names the layer: 1 (the pass is still there) or 0 (it is used), not {layer}"
            ),
            ReadError::Layer { call, top_layer, layer } => write!(
                f,
                "{call}: the last argument names the layer: the number of passes left, 0 to {top_layer}, not {layer}"
            ),
            ReadError::Negative { call } => write!(f, "{call}: the coordinates of a position are >= 0"),
            ReadError::Outside { call, sides } => write!(
                f,
                "{call} is outside the computed box ({}): check a larger box, or leave such cells out with a \
                 condition (--where)",
                box_text(sides)
            ),
            ReadError::Beyond { call, heaps } => write!(
                f,
                "{call} is beyond the heaps computed (0 to {}) and no period is proved: check more heaps \
                 (--size), or leave such heaps out with a condition (--where)",
                heaps.saturating_sub(1)
            ),
            ReadError::NotAPosition { call } => write!(f, "{call} is not a position of the game"),
            ReadError::NoTable { call } => write!(f, "{call}: the table cannot be read here"),
            ReadError::UnquotedGame { call } => write!(
                f,
                "{call}: the game of g_of must be written in the formula as a text in quotes, such as \
                 g_of(\"queen\", x, y)"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// What a formula's `g(...)` and `g_of(...)` read; the checker implements
/// it over its tables. Errors name the position asked for.
pub trait TableReader: Send + Sync {
    /// `g(coords)` in the table being checked, `layer` being the layer of
    /// the cell under check (the number of passes left; 0 without passes).
    /// `coords` has as many coordinates as the caller wrote: the game's
    /// number, or one more naming the layer.
    fn own(&self, coords: &[i64], layer: usize) -> Result<i64, ReadError>;
    /// `g_of(spec, coords)`: the value in the table of another game.
    fn other(&self, spec: &str, coords: &[i64]) -> Result<i64, ReadError>;
}

thread_local! {
    /// The reader of the row being evaluated on this thread, and its layer.
    static READER: RefCell<Option<(Arc<dyn TableReader>, usize)>> = const { RefCell::new(None) };
}

/// Run `work` with `reader` answering `g(...)` and `g_of(...)` on this
/// thread, `layer` being the layer of the cells it evaluates; the reader
/// before is restored afterwards.
pub fn reading<R>(reader: &Arc<dyn TableReader>, layer: usize, work: impl FnOnce() -> R) -> R {
    let before = READER.replace(Some((Arc::clone(reader), layer)));
    let result = work();
    READER.set(before);
    result
}

fn ask<T>(function: &str, f: impl FnOnce(&dyn TableReader, usize) -> Result<T, ReadError>) -> Fallible<T> {
    READER.with_borrow(|r| match r {
        Some((reader, layer)) => f(reader.as_ref(), *layer).map_err(|e| e.to_string().into()),
        None => Err(format!(
            "{function}(...) reads a computed table, so it can be used only in a formula checked against one"
        )
        .into()),
    })
}

fn own(coords: &[i64]) -> Fallible<i64> {
    ask("g", |r, layer| r.own(coords, layer))
}

fn other(spec: &str, coords: &[i64]) -> Fallible<i64> {
    ask("g_of", |r, _| r.other(spec, coords))
}

/// Register `g` with one to nine integer arguments and `g_of` with a
/// string and one to nine integers: the coordinates of a game of up to
/// eight heaps, and one more for the layer.
pub(super) fn register(engine: &mut Engine) {
    engine.register_fn("g", |a: i64| own(&[a]));
    engine.register_fn("g", |a: i64, b: i64| own(&[a, b]));
    engine.register_fn("g", |a: i64, b: i64, c: i64| own(&[a, b, c]));
    engine.register_fn("g", |a: i64, b: i64, c: i64, d: i64| own(&[a, b, c, d]));
    // Games of up to eight heaps, and one more argument for the layer.
    engine.register_fn("g", |a: i64, b: i64, c: i64, d: i64, e: i64| own(&[a, b, c, d, e]));
    engine.register_fn("g", |a: i64, b: i64, c: i64, d: i64, e: i64, f: i64| own(&[a, b, c, d, e, f]));
    engine.register_fn("g", |a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, h: i64| own(&[a, b, c, d, e, f, h]));
    engine.register_fn("g", |a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, h: i64, i: i64| {
        own(&[a, b, c, d, e, f, h, i])
    });
    engine.register_fn("g", |a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, h: i64, i: i64, j: i64| {
        own(&[a, b, c, d, e, f, h, i, j])
    });
    engine.register_fn("g_of", |s: ImmutableString, a: i64| other(&s, &[a]));
    engine.register_fn("g_of", |s: ImmutableString, a: i64, b: i64| other(&s, &[a, b]));
    engine.register_fn("g_of", |s: ImmutableString, a: i64, b: i64, c: i64| other(&s, &[a, b, c]));
    engine.register_fn("g_of", |s: ImmutableString, a: i64, b: i64, c: i64, d: i64| other(&s, &[a, b, c, d]));
    engine
        .register_fn("g_of", |s: ImmutableString, a: i64, b: i64, c: i64, d: i64, e: i64| other(&s, &[a, b, c, d, e]));
    engine.register_fn("g_of", |s: ImmutableString, a: i64, b: i64, c: i64, d: i64, e: i64, f: i64| {
        other(&s, &[a, b, c, d, e, f])
    });
    engine.register_fn("g_of", |s: ImmutableString, a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, h: i64| {
        other(&s, &[a, b, c, d, e, f, h])
    });
    engine.register_fn("g_of", |s: ImmutableString, a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, h: i64, i: i64| {
        other(&s, &[a, b, c, d, e, f, h, i])
    });
    engine.register_fn(
        "g_of",
        |s: ImmutableString, a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, h: i64, i: i64, j: i64| {
            other(&s, &[a, b, c, d, e, f, h, i, j])
        },
    );
}

/// The specs of the other games a formula names: the string literals
/// written as the first argument of `g_of`, in order, each once. A spec
/// given any other way (a variable) is found only when the formula runs,
/// and is then an error.
pub fn other_games(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("g_of") {
        let before = &rest[..i];
        rest = &rest[i + 4..];
        // `g_of` as a whole word.
        if before.chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(open) = rest.trim_start().strip_prefix('(') else { continue };
        let Some(quoted) = open.trim_start().strip_prefix('"') else { continue };
        let Some(end) = quoted.find('"') else { continue };
        let spec = &quoted[..end];
        if !out.iter().any(|s| s == spec) {
            out.push(spec.to_string());
        }
    }
    out
}

/// Whether a formula may call `g(...)` (a call of `g` somewhere in its
/// text): then the checker lets it read the table.
pub fn reads_own_table(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.match_indices('g').any(|(i, _)| {
        let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        word_start && text[i + 1..].trim_start().starts_with('(')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_of_other_games_are_found_once_each() {
        let text =
            r#"g_of("queen", x, y) == 0 && g_of ( "misere:nim" , x, y) + g_of("queen", y, x) + my_g_of("no", 1)"#;
        assert_eq!(other_games(text), ["queen", "misere:nim"]);
        assert!(other_games("g(x, y)").is_empty());
    }

    #[test]
    fn calls_of_g_are_told_from_other_words() {
        assert!(reads_own_table("g(x, y - 1)"));
        assert!(reads_own_table("1 + g (x)"));
        assert!(!reads_own_table("g == 0 && gs(x) == 1 && g_of(\"queen\", x, y) == 0"));
        assert!(!reads_own_table("floor_div(x, 2)"));
    }
}
