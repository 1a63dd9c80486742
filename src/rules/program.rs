//! Rules written as a program: a rhai script (the sandboxed language of
//! [`crate::script`]) that defines `fn moves(x)`, `fn moves(x, y)` or
//! `fn moves(x, y, z)`, returning the positions one move reaches as an array
//! of arrays, and may define `fn terminal(...)` (true: the game ends there,
//! no moves). The number of parameters of `moves` is the dimension.
//!
//! Every option must lie in the non-negative orthant and have a strictly
//! smaller coordinate sum than its position; the first option that does not
//! is an error naming the position and the option. (This also rules out
//! cycles: the coordinate sum falls with every move.)
//!
//! Speed: when `moves`, `terminal` and the functions they call lie in the
//! subset of [`super::compiled`] (integers, booleans, arrays, loops, the
//! program's own functions; every example does), [`Program::new`] also
//! compiles them to a fast evaluator, and [`Program::options`] runs that
//! first. Where it gives up (any error or limit), rhai runs the position,
//! so results and error messages are rhai's either way.

use super::Pos;
use super::compiled::Compiled;
use crate::script;
use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, EvalAltResult, Scope};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// Longest program text accepted.
pub const MAX_PROGRAM_TEXT: usize = 100_000;
/// The most options one position may list (an array of the script is at
/// most [`script::MAX_ARRAY`] long anyway).
pub const MAX_OPTIONS: usize = script::MAX_ARRAY;

/// A compiled rules program. Two programs are equal when their texts are.
#[derive(Clone)]
pub struct Program {
    source: String,
    ast: Arc<AST>,
    engine: &'static Engine,
    dimension: u8,
    has_terminal: bool,
    /// The fast path, when the program lies in its subset.
    compiled: Option<Arc<Compiled>>,
}

impl fmt::Debug for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Program(dimension {}, {} characters)", self.dimension, self.source.len())
    }
}

impl PartialEq for Program {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Eq for Program {}

impl std::hash::Hash for Program {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.source.hash(state);
    }
}

impl Serialize for Program {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.source.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Program {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let source = String::deserialize(d)?;
        Program::new(&source).map_err(serde::de::Error::custom)
    }
}

/// A position written as a person reads it: `(3)`, `(3, 5)`, `(3, 5, 2)`.
pub fn position_text(p: Pos, dimension: u8) -> String {
    let parts: Vec<String> = p[..dimension.clamp(1, 3) as usize].iter().map(|c| c.to_string()).collect();
    format!("({})", parts.join(", "))
}

/// Why a program cannot be used, or where it failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramError {
    /// The text is longer than [`MAX_PROGRAM_TEXT`].
    TooLong(usize),
    /// The text does not parse: rhai's message, line and column.
    Parse { message: String, line: usize, column: usize },
    /// No `fn moves` with 1, 2 or 3 parameters, or several of them.
    NoMoves(String),
    /// `fn terminal` does not take as many parameters as `moves`.
    TerminalArity { moves: u8, terminal: usize },
    /// Running the program at `position` failed (an error of the script, a
    /// limit, or `terminal` not giving true or false).
    Run { position: String, message: String },
    /// `moves` at `position` did not give an array of positions.
    NotAList { position: String, got: String },
    /// An option at `position` is not allowed, and why.
    BadOption { position: String, option: String, why: String },
    /// An option at `position` lies outside the box `dims` being computed.
    OutsideBox { position: Pos, option: Pos, dims: [usize; 3], dimension: u8 },
    /// The total time budget ran out (in milliseconds).
    Budget { millis: u64 },
    /// The computation was cancelled.
    Cancelled,
}

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgramError::TooLong(n) => write!(f, "the program has {n} characters; at most {MAX_PROGRAM_TEXT}"),
            ProgramError::Parse { message, line, column } => {
                write!(f, "the program does not parse: {message} (line {line}, column {column})")
            }
            ProgramError::NoMoves(why) => write!(f, "{why}"),
            ProgramError::TerminalArity { moves, terminal } => write!(
                f,
                "`fn terminal` takes {terminal} parameters but `fn moves` takes {moves}; both take the coordinates"
            ),
            ProgramError::Run { position, message } => write!(f, "at {position}: {message}"),
            ProgramError::NotAList { position, got } => {
                write!(f, "at {position}: `moves` must give an array of positions, such as [[1, 0], [0, 2]], not {got}")
            }
            ProgramError::BadOption { position, option, why } => write!(f, "at {position}: the option {option} {why}"),
            ProgramError::OutsideBox { position, option, dims, dimension } => {
                let sides: Vec<String> = dims[..*dimension as usize].iter().map(|n| n.to_string()).collect();
                write!(
                    f,
                    "at {}: the option {} lies outside the {} box being computed; compute a larger box",
                    position_text(*position, *dimension),
                    position_text(*option, *dimension),
                    sides.join(" x ")
                )
            }
            ProgramError::Budget { millis } => write!(
                f,
                "the program took longer than its time budget of {} s and was stopped; \
                 on the command line, raise it with --budget SECONDS",
                *millis as f64 / 1000.0
            ),
            ProgramError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for ProgramError {}

impl Program {
    /// Compile `source` and find its dimension (the number of parameters of
    /// `fn moves`).
    pub fn new(source: &str) -> Result<Program, ProgramError> {
        if source.len() > MAX_PROGRAM_TEXT {
            return Err(ProgramError::TooLong(source.len()));
        }
        let engine = script::engine_for(source);
        let ast = engine.compile(source).map_err(|e| ProgramError::Parse {
            message: e.0.to_string(),
            line: e.1.line().unwrap_or(0),
            column: e.1.position().unwrap_or(0),
        })?;
        let arity = |name: &str| -> Vec<usize> {
            ast.iter_functions().filter(|f| f.name == name).map(|f| f.params.len()).collect()
        };
        let dimension = match arity("moves")[..] {
            [n @ 1..=3] => n as u8,
            [] => {
                return Err(ProgramError::NoMoves(
                    "the program must define `fn moves(x)`, `fn moves(x, y)` or `fn moves(x, y, z)`".into(),
                ));
            }
            [n] => {
                return Err(ProgramError::NoMoves(format!(
                    "`fn moves` takes {n} parameters; a game has 1, 2 or 3 coordinates"
                )));
            }
            _ => {
                return Err(ProgramError::NoMoves(
                    "the program defines `fn moves` more than once; keep one, with the coordinates as parameters"
                        .into(),
                ));
            }
        };
        let has_terminal = match arity("terminal")[..] {
            [] => false,
            [n] if n == dimension as usize => true,
            [n, ..] => return Err(ProgramError::TerminalArity { moves: dimension, terminal: n }),
        };
        let compiled = Compiled::new(&ast, dimension, has_terminal).map(Arc::new);
        Ok(Program { source: source.to_string(), ast: Arc::new(ast), engine, dimension, has_terminal, compiled })
    }

    /// The program's text.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The number of coordinates of a position: 1, 2 or 3.
    pub fn dimension(&self) -> u8 {
        self.dimension
    }

    /// Whether the program runs on the compiled fast path (see
    /// `rules/compiled/`) rather than through rhai alone.
    pub fn is_compiled(&self) -> bool {
        self.compiled.is_some()
    }

    /// The same program without the compiled fast path: every position
    /// runs through rhai (to compare the two paths, and for benchmarks).
    pub fn without_fast_path(&self) -> Program {
        Program { compiled: None, ..self.clone() }
    }

    /// The options of `p` from the compiled path alone: `None` when the
    /// program is not compiled or the compiled run gave up.
    pub fn fast_options(&self, p: Pos, stop: Option<Instant>) -> Option<Vec<Pos>> {
        self.compiled.as_ref()?.options(p, self.dimension, stop)
    }

    /// The positions one move reaches from `p`, checked: each lies in the
    /// non-negative orthant, has `dimension` coordinates and a smaller
    /// coordinate sum than `p`. Empty where `terminal` says so. The run stops
    /// at the per-run limits of [`crate::script`] or at `stop`.
    ///
    /// A compiled program runs on the fast path first; where that gives up
    /// (an error, a limit, a refused option), rhai runs the position and
    /// gives the result or the error.
    pub fn options(&self, p: Pos, scope: &mut Scope, stop: Option<Instant>) -> Result<Vec<Pos>, ProgramError> {
        if let Some(options) = self.compiled.as_ref().and_then(|c| c.options(p, self.dimension, stop)) {
            return Ok(options);
        }
        self.rhai_options(p, scope, stop)
    }

    fn rhai_options(&self, p: Pos, scope: &mut Scope, stop: Option<Instant>) -> Result<Vec<Pos>, ProgramError> {
        let d = self.dimension as usize;
        let at = || position_text(p, self.dimension);
        let args: Vec<Dynamic> = p[..d].iter().map(|&c| Dynamic::from_int(c as i64)).collect();
        if p[..d].iter().any(|&c| c > i64::MAX as u64) {
            return Err(ProgramError::Run { position: at(), message: "the position is too large".into() });
        }
        if self.has_terminal {
            let t: Dynamic = self.call(scope, "terminal", args.clone(), stop).map_err(|e| self.run_error(e, p))?;
            match t.as_bool() {
                Ok(true) => return Ok(Vec::new()),
                Ok(false) => {}
                Err(got) => {
                    return Err(ProgramError::Run {
                        position: at(),
                        message: format!("`terminal` must give true or false, not {got}"),
                    });
                }
            }
        }
        let result: Dynamic = self.call(scope, "moves", args, stop).map_err(|e| self.run_error(e, p))?;
        let type_name = result.type_name().to_string();
        let list: Array =
            result.try_cast::<Array>().ok_or_else(|| ProgramError::NotAList { position: at(), got: type_name })?;
        let sum: u128 = p[..d].iter().map(|&c| c as u128).sum();
        let mut out = Vec::with_capacity(list.len());
        for item in list {
            // The option is written out only when it is refused.
            let shown = |item: &Dynamic| item.to_string();
            let bad = |why: &str, item: &Dynamic| ProgramError::BadOption {
                position: at(),
                option: shown(item),
                why: why.into(),
            };
            let Some(coords) = item.read_lock::<Array>() else {
                return Err(bad("is not a position (an array of coordinates)", &item));
            };
            if coords.len() != d {
                return Err(bad(&format!("has {} coordinates; this game has {d}", coords.len()), &item));
            }
            let mut q: Pos = [0; 3];
            for (i, c) in coords.iter().enumerate() {
                let Ok(v) = c.as_int() else {
                    return Err(bad("has a coordinate that is not an integer", &item));
                };
                if v < 0 {
                    return Err(bad(
                        "has a negative coordinate (options must stay in the non-negative orthant)",
                        &item,
                    ));
                }
                q[i] = v as u64;
            }
            drop(coords);
            if q[..d].iter().map(|&c| c as u128).sum::<u128>() >= sum {
                return Err(bad(
                    "does not lower the sum of the coordinates (every move must, so that the game ends)",
                    &item,
                ));
            }
            out.push(q);
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    fn call(
        &self,
        scope: &mut Scope,
        name: &str,
        args: Vec<Dynamic>,
        stop: Option<Instant>,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        script::set_deadline(stop);
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.engine.call_fn_with_options(options, scope, &self.ast, name, args)
    }

    fn run_error(&self, e: Box<EvalAltResult>, p: Pos) -> ProgramError {
        self.run_error_at(&e, p)
    }

    fn run_error_at(&self, e: &EvalAltResult, p: Pos) -> ProgramError {
        ProgramError::Run { position: position_text(p, self.dimension), message: run_message(e) }
    }
}

/// What a failed run of a rules program says: rhai's error, with the limits
/// of [`crate::script`] in words (shared by every kind of program).
pub(crate) fn run_message(e: &EvalAltResult) -> String {
    match e {
        EvalAltResult::ErrorTooManyOperations(_) => {
            format!("the program took more than {} steps at one position (an endless loop?)", script::MAX_OPERATIONS)
        }
        EvalAltResult::ErrorTerminated(..) => format!(
            "the program took more than {} s at one position (an endless loop?), or the time budget ran out",
            script::MAX_RUN_TIME.as_secs_f32()
        ),
        EvalAltResult::ErrorDataTooLarge(what, _) => {
            format!("{what} grew too large (arrays up to {} items: too many options?)", script::MAX_ARRAY)
        }
        other => other.to_string(),
    }
}

/// A program that ships with the app, with where its game comes from.
#[derive(Clone, Copy, Debug)]
pub struct ExampleProgram {
    /// A short name (also the preset name `program:NAME`).
    pub name: &'static str,
    /// What the game is and its source.
    pub about: &'static str,
    /// The program text.
    pub source: &'static str,
}

/// The example programs (also in `assets/programs/`).
pub const EXAMPLE_PROGRAMS: &[ExampleProgram] = &[
    ExampleProgram {
        name: "chocolate-2d",
        about: "A chocolate bar with the step function f(i) = floor(i / 2): y + 1 columns, column i \
                min(f(i), x) + 1 squares tall; a break lowers the bar or shortens it (Nakamura and \
                Miyadera, Integers 15 (2015) #G4, and later papers). g(x, y) = x XOR y when x <= f(y).",
        source: include_str!("../../assets/programs/chocolate-2d.rhai"),
    },
    ExampleProgram {
        name: "chocolate-3d",
        about: "A strip of x squares beside a step chocolate bar (y, z) with h(i) = floor(i / 2): \
                three coordinates; the P-positions with y <= h(z) are x XOR y XOR z = 0.",
        source: include_str!("../../assets/programs/chocolate-3d.rhai"),
    },
    ExampleProgram {
        name: "restricted-nim",
        about: "One heap; a move removes at least one and at most half of the stones \
                (Levine, Ars Combinatoria 80 (2006)): g(2n) = n, g(2n + 1) = g(n).",
        source: include_str!("../../assets/programs/restricted-nim.rhai"),
    },
    ExampleProgram {
        name: "subtraction-1-3-4",
        about: "One heap; a move removes 1, 3 or 4 stones (Winning Ways): the Grundy numbers repeat \
                0, 1, 0, 1, 2, 3, 2, and the P-positions are x mod 7 in {0, 2}.",
        source: include_str!("../../assets/programs/subtraction-1-3-4.rhai"),
    },
    ExampleProgram {
        name: "fraenkel-3",
        about: "Fraenkel's three-heap Wythoff game: one heap any amount, or (a, b, c) from all \
                three with a XOR b XOR c = 0 (Sun and Zeilberger, Annals of Combinatorics 8 (2004)). \
                With the first heap empty the P-positions are Wythoff's pairs.",
        source: include_str!("../../assets/programs/fraenkel-3.rhai"),
    },
    ExampleProgram {
        name: "queen-program",
        about: "The queen (Wythoff's game) written as a program; it agrees with the preset `queen`.",
        source: include_str!("../../assets/programs/queen.rhai"),
    },
];

/// The example program called `name`, compiled.
pub fn example(name: &str) -> Option<Program> {
    let e = EXAMPLE_PROGRAMS.iter().find(|e| e.name == name)?;
    // The examples are tested to compile.
    Program::new(e.source).ok()
}
