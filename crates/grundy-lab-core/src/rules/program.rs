//! Rules written as a program: a rhai script (the sandboxed language of
//! [`crate::script`]) that defines `fn moves(x)`, `fn moves(x, y)` or
//! `fn moves(x, y, z)`, returning the positions one move reaches as an array
//! of arrays, and may define `fn terminal(...)` (true: the game ends there,
//! no moves). The number of parameters of `moves` is the dimension.
//!
//! Every option must lie in the non-negative orthant; the first option that
//! does not is an error naming the position and the option. An option need
//! not lower the coordinate sum (a game with a memory keeps its last move
//! as a coordinate), but the game must be finite: the table engine finds a
//! cycle and names its positions (`crate::grundy`).
//!
//! Speed: when `moves`, `terminal` and the functions they call lie in the
//! subset of [`super::compiled`] (integers, booleans, arrays, loops, the
//! program's own functions; every example does), [`Program::new`] also
//! compiles them to a fast evaluator, and [`Program::options`] runs that
//! first. Where it gives up (any error or limit), rhai runs the position,
//! so results and error messages are rhai's either way.

use super::compiled::Compiled;
pub use super::program_error::{
    MovesArity, OptionFault, ParseFault, ProgramError, ProgramLimit, RunFault, cycle_of, cycle_text,
};
use super::{Limits, MAX_DIMENSION, Point, Pos};
use crate::script;
use rhai::{AST, Array, CallFnOptions, Dynamic, EvalAltResult, Scope};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;
use web_time::Instant;

/// Longest program text accepted, in characters (not bytes: a comment in
/// Japanese counts one a character).
pub const MAX_PROGRAM_TEXT: usize = 100_000;
/// The most options one position may list by default (an array of the
/// script is at most [`script::MAX_ARRAY`] long then); a game may raise it
/// ([`Limits::max_options`]).
pub const MAX_OPTIONS: usize = script::MAX_ARRAY;

/// A compiled rules program. Two programs are equal when their texts are.
#[derive(Clone)]
pub struct Program {
    source: String,
    ast: Arc<AST>,
    /// Whether the text runs on rhai's fast operators (see
    /// `script::engine_for`).
    fast_operators: bool,
    dimension: u8,
    has_terminal: bool,
    /// Whether the program defines `fn position` (its domain).
    has_domain: bool,
    /// The fast path, when the program lies in its subset.
    compiled: Option<Arc<Compiled>>,
    /// Whether `fn heaps_alike()` is true: the program says its moves treat
    /// the heaps alike (checked by the engine before it relies on it).
    heaps_alike: bool,
}

impl fmt::Debug for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Program(dimension {}, {} characters)", self.dimension, self.source.chars().count())
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
    point_text(&p[..dimension.clamp(1, 3) as usize])
}

/// The first `dimension` coordinates (1 to 3) of a position.
pub fn coordinates(p: Pos, dimension: u8) -> Vec<u64> {
    p[..dimension.clamp(1, 3) as usize].to_vec()
}

/// A position of one to three coordinates as a [`Point`] (0 beyond them).
pub fn point_of(p: Pos) -> Point {
    let mut q = [0; MAX_DIMENSION];
    q[..3].copy_from_slice(&p);
    q
}

/// A position of any number of coordinates as a person reads it:
/// `(3, 5, 2, 7)`.
pub fn point_text(p: &[u64]) -> String {
    let parts: Vec<String> = p.iter().map(|c| c.to_string()).collect();
    format!("({})", parts.join(", "))
}

impl Program {
    /// Compile `source` and find its dimension (the number of parameters of
    /// `fn moves`).
    /// A UTF-8 byte-order mark at the start (as some editors save) is not
    /// part of the program.
    pub fn new(source: &str) -> Result<Program, ProgramError> {
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        // Bytes bound characters from above: count only long texts.
        if source.len() > MAX_PROGRAM_TEXT {
            let characters = source.chars().count();
            if characters > MAX_PROGRAM_TEXT {
                return Err(ProgramError::TooLong(characters));
            }
        }
        let engine = script::engine_for(source);
        let fast_operators = !script::uses_checked_operators(source);
        let ast = engine.compile(source).map_err(|e| ProgramError::Parse {
            fault: ParseFault::of(&e.0),
            line: e.1.line().unwrap_or(0),
            column: e.1.position().unwrap_or(0),
        })?;
        let arity = |name: &str| -> Vec<usize> {
            ast.iter_functions().filter(|f| f.name == name).map(|f| f.params.len()).collect()
        };
        let dimension = match arity("moves")[..] {
            [n @ 1..=MAX_DIMENSION] => n as u8,
            [] => {
                return Err(ProgramError::NoMoves(MovesArity::Missing));
            }
            [n] => {
                return Err(ProgramError::NoMoves(MovesArity::Parameters(n)));
            }
            _ => {
                return Err(ProgramError::NoMoves(MovesArity::Several));
            }
        };
        let has_terminal = match arity("terminal")[..] {
            [] => false,
            [n] if n == dimension as usize => true,
            [n, ..] => return Err(ProgramError::TerminalArity { moves: dimension, terminal: n }),
        };
        let has_domain = match arity("position")[..] {
            [] => false,
            [n] if n == dimension as usize => true,
            [n, ..] => return Err(ProgramError::PositionArity { moves: dimension, position: n }),
        };
        let heaps_alike = match arity("heaps_alike")[..] {
            [] => false,
            [0] => {
                script::set_run_limits(None, Limits::default().time_per_position(), Limits::default().operations());
                let options = CallFnOptions::new().eval_ast(false);
                let cap = Limits::default().array_size(usize::from(dimension));
                let answer: Dynamic = script::engine_with(fast_operators, cap)
                    .call_fn_with_options(options, &mut Scope::new(), &ast, "heaps_alike", ())
                    .map_err(|e| run_failure(&e, "fn heaps_alike".into(), &Limits::default(), dimension as usize))?;
                answer.as_bool().map_err(|got| ProgramError::Run {
                    position: "fn heaps_alike".into(),
                    fault: RunFault::AlikeNotBool(got.to_string()),
                })?
            }
            [n, ..] => return Err(ProgramError::AlikeArity(n)),
        };
        let compiled = Compiled::new(&ast, dimension, has_terminal).map(Arc::new);
        Ok(Program {
            heaps_alike,
            source: source.to_string(),
            ast: Arc::new(ast),
            fast_operators,
            dimension,
            has_terminal,
            has_domain,
            compiled,
        })
    }

    /// The program's text.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The number of coordinates of a position: 1 to [`MAX_DIMENSION`].
    pub fn dimension(&self) -> u8 {
        self.dimension
    }

    /// Whether the program's `fn heaps_alike()` is true: it says that its
    /// moves, terminal positions and domain are unchanged by permuting the
    /// heaps, so a table of many heaps may keep the sorted positions only.
    pub fn heaps_alike(&self) -> bool {
        self.heaps_alike
    }

    /// Whether the program defines `fn position`: then only the cells where
    /// it is true are positions of the game (its domain); the others get no
    /// value, and no move may reach them.
    pub fn has_domain(&self) -> bool {
        self.has_domain
    }

    /// Whether `p` is a position of the game: what `fn position` says, or
    /// true when the program does not define it. Run through rhai, stopped
    /// at the per-run limits or at `stop`.
    pub fn is_position(&self, p: Pos, scope: &mut Scope, stop: Option<Instant>) -> Result<bool, ProgramError> {
        if self.dimension > 3 {
            return Err(ProgramError::ManyCoordinates(self.dimension));
        }
        self.is_position_of(&p[..(self.dimension as usize).min(3)], scope, stop)
    }

    /// [`Program::is_position`] of a position of any number of coordinates
    /// (the program's dimension).
    pub fn is_position_of(&self, p: &[u64], scope: &mut Scope, stop: Option<Instant>) -> Result<bool, ProgramError> {
        if !self.has_domain {
            return Ok(true);
        }
        if p.iter().any(|&c| c > i64::MAX as u64) {
            return Err(ProgramError::Run { position: point_text(p), fault: RunFault::PositionTooLarge });
        }
        let args: Vec<Dynamic> = p.iter().map(|&c| Dynamic::from_int(c as i64)).collect();
        let limits = Limits::default();
        let answer: Dynamic = self
            .call(scope, "position", args, stop, &limits)
            .map_err(|e| run_failure(&e, point_text(p), &limits, usize::from(self.dimension)))?;
        answer.as_bool().map_err(|got| ProgramError::Run {
            position: point_text(p),
            fault: RunFault::PositionNotBool(got.to_string()),
        })
    }

    /// [`Program::options`] for play: refused where `p` is not a position
    /// ([`ProgramError::NotAPosition`]) or where a move reaches a cell that
    /// is not one ([`ProgramError::OptionNotAPosition`], naming the move).
    pub fn options_in_domain(
        &self,
        p: Pos,
        scope: &mut Scope,
        stop: Option<Instant>,
        limits: &Limits,
    ) -> Result<Vec<Pos>, ProgramError> {
        if !self.is_position(p, scope, stop)? {
            return Err(ProgramError::NotAPosition { position: coordinates(p, self.dimension) });
        }
        let options = self.options_within(p, scope, stop, limits)?;
        for &q in &options {
            if !self.is_position(q, scope, stop)? {
                return Err(ProgramError::OptionNotAPosition {
                    position: coordinates(p, self.dimension),
                    option: coordinates(q, self.dimension),
                });
            }
        }
        Ok(options)
    }

    /// [`Program::options_in_domain`] of a position of any number of
    /// coordinates (`p` holds the program's dimension of them).
    pub fn options_in_domain_of(
        &self,
        p: &[u64],
        scope: &mut Scope,
        stop: Option<Instant>,
        limits: &Limits,
    ) -> Result<Vec<Point>, ProgramError> {
        if !self.is_position_of(p, scope, stop)? {
            return Err(ProgramError::NotAPosition { position: p.to_vec() });
        }
        let options = self.options_of::<MAX_DIMENSION>(p, scope, stop, limits)?;
        let d = p.len();
        for q in &options {
            if !self.is_position_of(&q[..d], scope, stop)? {
                return Err(ProgramError::OptionNotAPosition { position: p.to_vec(), option: q[..d].to_vec() });
            }
        }
        Ok(options)
    }

    /// Whether the program runs on the compiled fast path (see
    /// `rules/compiled/`) rather than through rhai alone.
    pub fn is_compiled(&self) -> bool {
        self.compiled.is_some()
    }

    /// Whether the compiled program runs on its typed tier (integers and
    /// booleans in slots, the options in one flat list; see
    /// `rules/compiled/typed/`).
    pub fn is_typed(&self) -> bool {
        self.compiled.as_ref().is_some_and(|c| c.is_typed())
    }

    /// The same program without the compiled fast path: every position
    /// runs through rhai (to compare the two paths, and for benchmarks).
    pub fn without_fast_path(&self) -> Program {
        Program { compiled: None, ..self.clone() }
    }

    /// The options of `p` from the compiled path alone: `None` when the
    /// program is not compiled or the compiled run gave up.
    pub fn fast_options(&self, p: Pos, stop: Option<Instant>) -> Option<Vec<Pos>> {
        self.fast_options_within(p, stop, &Limits::default())
    }

    /// [`Program::fast_options`] under a game's raised limits.
    pub fn fast_options_within(&self, p: Pos, stop: Option<Instant>, limits: &Limits) -> Option<Vec<Pos>> {
        self.compiled.as_ref()?.options(p, self.dimension, stop, limits)
    }

    /// The positions one move reaches from `p`, checked: each lies in the
    /// non-negative orthant and has `dimension` coordinates. Empty where
    /// `terminal` says so. The run stops
    /// at the default limits ([`Limits::default`]) or at `stop`.
    ///
    /// A compiled program runs on the fast path first; where that gives up
    /// (an error, a limit, a refused option), rhai runs the position and
    /// gives the result or the error.
    pub fn options(&self, p: Pos, scope: &mut Scope, stop: Option<Instant>) -> Result<Vec<Pos>, ProgramError> {
        self.options_within(p, scope, stop, &Limits::default())
    }

    /// [`Program::options`] under a game's limits: at most
    /// [`Limits::max_options`] options, and the time (and so the operations)
    /// per position of `limits`.
    pub fn options_within(
        &self,
        p: Pos,
        scope: &mut Scope,
        stop: Option<Instant>,
        limits: &Limits,
    ) -> Result<Vec<Pos>, ProgramError> {
        if self.dimension > 3 {
            return Err(ProgramError::ManyCoordinates(self.dimension));
        }
        if let Some(options) = self.compiled.as_ref().and_then(|c| c.options(p, self.dimension, stop, limits)) {
            return Ok(options);
        }
        let mut options = self.rhai_options(&p[..(self.dimension as usize).min(3)], scope, stop, limits)?;
        options.sort_unstable();
        options.dedup();
        Ok(options)
    }

    /// [`Program::options_within`] of a position of any number of
    /// coordinates (`p` holds the program's dimension of them): each
    /// option is `N` wide, 0 beyond the game's coordinates.
    pub fn options_of<const N: usize>(
        &self,
        p: &[u64],
        scope: &mut Scope,
        stop: Option<Instant>,
        limits: &Limits,
    ) -> Result<Vec<[u64; N]>, ProgramError> {
        self.options_by(p, scope, stop, limits, true)
    }

    /// [`Program::options_of`] in the order `moves` lists them, repeats
    /// kept (nothing is sorted): for filling a table, where only the values
    /// of the options count.
    pub fn options_listed<const N: usize>(
        &self,
        p: &[u64],
        scope: &mut Scope,
        stop: Option<Instant>,
        limits: &Limits,
    ) -> Result<Vec<[u64; N]>, ProgramError> {
        self.options_by(p, scope, stop, limits, false)
    }

    fn options_by<const N: usize>(
        &self,
        p: &[u64],
        scope: &mut Scope,
        stop: Option<Instant>,
        limits: &Limits,
        sorted: bool,
    ) -> Result<Vec<[u64; N]>, ProgramError> {
        if p.len() != self.dimension as usize || p.len() > N {
            return Err(ProgramError::ManyCoordinates(self.dimension));
        }
        if let Some(options) = self.compiled.as_ref().and_then(|c| c.options_of::<N>(p, stop, limits, sorted)) {
            return Ok(options);
        }
        let mut options = self.rhai_options(p, scope, stop, limits)?;
        if sorted {
            options.sort_unstable();
            options.dedup();
        }
        Ok(options)
    }

    fn rhai_options<const N: usize>(
        &self,
        p: &[u64],
        scope: &mut Scope,
        stop: Option<Instant>,
        limits: &Limits,
    ) -> Result<Vec<[u64; N]>, ProgramError> {
        // `p` has the program's dimension of coordinates, at most N: the
        // callers check it.
        let d = p.len();
        let at = || point_text(p);
        let args: Vec<Dynamic> = p.iter().map(|&c| Dynamic::from_int(c as i64)).collect();
        if p.iter().any(|&c| c > i64::MAX as u64) {
            return Err(ProgramError::Run { position: at(), fault: RunFault::PositionTooLarge });
        }
        if self.has_terminal {
            let t: Dynamic = self
                .call(scope, "terminal", args.clone(), stop, limits)
                .map_err(|e| run_failure(&e, at(), limits, usize::from(self.dimension)))?;
            match t.as_bool() {
                Ok(true) => return Ok(Vec::new()),
                Ok(false) => {}
                Err(got) => {
                    return Err(ProgramError::Run {
                        position: at(),
                        fault: RunFault::TerminalNotBool(got.to_string()),
                    });
                }
            }
        }
        let result: Dynamic = self
            .call(scope, "moves", args, stop, limits)
            .map_err(|e| run_failure(&e, at(), limits, usize::from(self.dimension)))?;
        let type_name = result.type_name().to_string();
        let list: Array =
            result.try_cast::<Array>().ok_or_else(|| ProgramError::NotAList { position: at(), got: type_name })?;
        if list.len() > limits.max_options as usize {
            let limit = ProgramLimit::Options { max: limits.max_options, listed: list.len() };
            return Err(ProgramError::Limit { position: at(), limit });
        }
        let mut out = Vec::with_capacity(list.len());
        for item in list {
            // The option is written out only when it is refused.
            let shown = |item: &Dynamic| item.to_string();
            let bad =
                |why: OptionFault, item: &Dynamic| ProgramError::BadOption { position: at(), option: shown(item), why };
            let Some(coords) = item.read_lock::<Array>() else {
                return Err(bad(OptionFault::NotAPosition, &item));
            };
            if coords.len() != d {
                return Err(bad(OptionFault::Coordinates { got: coords.len(), want: d }, &item));
            }
            let mut q = [0u64; N];
            for (i, c) in coords.iter().enumerate() {
                let Ok(v) = c.as_int() else {
                    return Err(bad(OptionFault::NotAnInteger, &item));
                };
                if v < 0 {
                    return Err(bad(OptionFault::Negative, &item));
                }
                q[i] = v as u64;
            }
            drop(coords);
            out.push(q);
        }
        Ok(out)
    }

    fn call(
        &self,
        scope: &mut Scope,
        name: &str,
        args: Vec<Dynamic>,
        stop: Option<Instant>,
        limits: &Limits,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        script::set_run_limits(stop, limits.time_per_position(), limits.operations());
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let engine = script::engine_with(self.fast_operators, limits.array_size(usize::from(self.dimension)));
        engine.call_fn_with_options(options, scope, &self.ast, name, args)
    }
}

/// What a failed run of a program at `position` (as a person reads it)
/// under `limits`, whose options hold `width` numbers, was: a limit
/// reached, or a fault of the script (shared by every kind of program).
pub(crate) fn run_failure(e: &EvalAltResult, position: String, limits: &Limits, width: usize) -> ProgramError {
    // rhai names what grew too large: "Length of string", "Size of
    // array/BLOB", "Size of object map".
    let limit = match e {
        e if script::stopped_by_operations(e) => ProgramLimit::Operations { max: limits.operations() },
        // (A total budget that ran out is reported by the caller, who set it.)
        EvalAltResult::ErrorTerminated(..) => {
            ProgramLimit::Clock { millis: limits.clock_per_position().as_millis() as u32 }
        }
        EvalAltResult::ErrorDataTooLarge(what, _) if what.contains("string") => ProgramLimit::StringLength,
        EvalAltResult::ErrorDataTooLarge(what, _) if what.contains("map") => ProgramLimit::MapSize,
        EvalAltResult::ErrorDataTooLarge(..) => {
            ProgramLimit::ArraySize { max: limits.array_size(width), options: limits.max_options }
        }
        EvalAltResult::ErrorStackOverflow(_) => ProgramLimit::CallDepth,
        other => return ProgramError::Run { position, fault: RunFault::of(other) },
    };
    ProgramError::Limit { position, limit }
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
    /// The limits of one position its preset comes with.
    pub limits: Limits,
}

/// The example programs (also in `assets/programs/`).
pub const EXAMPLE_PROGRAMS: &[ExampleProgram] = &[
    ExampleProgram {
        name: "chocolate-2d",
        about: "A chocolate bar with the step function f(i) = floor(i / 2): y + 1 columns, column i \
                min(f(i), x) + 1 squares tall; a break lowers the bar or shortens it (Nakamura and \
                Miyadera, Integers 15 (2015) #G4, and later papers). g(x, y) = x XOR y when x <= f(y).",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/chocolate-2d.rhai"),
    },
    ExampleProgram {
        name: "chocolate-3d",
        about: "A strip of x squares beside a step chocolate bar (y, z) with h(i) = floor(i / 2): \
                three coordinates; the P-positions with y <= h(z) are x XOR y XOR z = 0.",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/chocolate-3d.rhai"),
    },
    ExampleProgram {
        name: "restricted-nim",
        about: "One heap; a move removes at least one and at most half of the stones \
                (Levine, Ars Combinatoria 80 (2006)): g(2n) = n, g(2n + 1) = g(n).",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/restricted-nim.rhai"),
    },
    ExampleProgram {
        name: "subtraction-1-3-4",
        about: "One heap; a move removes 1, 3 or 4 stones (Winning Ways): the Grundy numbers repeat \
                0, 1, 0, 1, 2, 3, 2, and the P-positions are x mod 7 in {0, 2}.",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/subtraction-1-3-4.rhai"),
    },
    ExampleProgram {
        name: "fraenkel-3",
        about: "Fraenkel's three-heap Wythoff game: one heap any amount, or (a, b, c) from all \
                three with a XOR b XOR c = 0 (Sun and Zeilberger, Annals of Combinatorics 8 (2004)). \
                With the first heap empty the P-positions are Wythoff's pairs.",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/fraenkel-3.rhai"),
    },
    ExampleProgram {
        name: "ho-wythoff",
        about: "Ho's extension of Wythoff's game: Wythoff's moves, and also k from the smaller pile with l \
                from the other, 0 < l < k (N. B. Ho, J. Combin. Theory A 119 (2012)). Its P-positions are \
                Wythoff's pairs. About n * n options at (n, n): the preset raises the options per position \
                to 1048576 and the time to 10 s.",
        limits: Limits { max_options: 1 << 20, millis_per_position: 10_000 },
        source: include_str!("../../../../assets/programs/ho-wythoff.rhai"),
    },
    ExampleProgram {
        name: "imitation-nim",
        about: "Two-pile Nim in which a player may not imitate: after the opponent took t tokens from the \
                shorter pile, taking t from the larger is forbidden (Larsson, Integers 9 (2009) #G4, for p = 1). \
                A position (x, y, t) remembers the last move, so a move may keep the coordinate sum: a game \
                with a memory. Every move lowers x + y, and the table is filled in that order.",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/imitation-nim.rhai"),
    },
    ExampleProgram {
        name: "imitation-nim-2",
        about: "Two-pile Nim with a restricted number of move-size imitations for p = 2 (Larsson, Integers 9 \
                (2009) #G4): no player imitates on more than p - 1 = 1 of their consecutive moves. A position \
                (x, y, t, c) also counts the imitations in a row; change fn p() for another p. With no move \
                yet the P-positions are those of Wythoff Nim with p - 1 diagonal options blocked (checked on \
                24 x 24 for p = 2 and 3).",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/imitation-nim-2.rhai"),
    },
    ExampleProgram {
        name: "chocolate-hexagon",
        about: "A hexagonal chocolate cut in six directions (Miyadera and students, Visual Mathematics, 2009): \
                six coordinates, the cuts left along each side; a cut along one side may lower its two \
                neighbours. fn position keeps the six inequalities of a shape. No formula is known.",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/chocolate-hexagon.rhai"),
    },
    ExampleProgram {
        name: "queen-program",
        about: "The queen (Wythoff's game) written as a program; it agrees with the preset `queen`.",
        limits: Limits::DEFAULT,
        source: include_str!("../../../../assets/programs/queen.rhai"),
    },
];

/// The example program called `name`, compiled.
pub fn example(name: &str) -> Option<Program> {
    let e = EXAMPLE_PROGRAMS.iter().find(|e| e.name == name)?;
    // The examples are tested to compile.
    Program::new(e.source).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_is_counted_in_characters() {
        let comment = format!("// {}\n", "将".repeat(40_000));
        let source = format!("{comment}fn moves(x) {{ [] }}");
        assert!(source.len() > MAX_PROGRAM_TEXT && source.chars().count() < MAX_PROGRAM_TEXT);
        assert!(Program::new(&source).is_ok());
        let long = format!("// {}\nfn moves(x) {{ [] }}", "将".repeat(MAX_PROGRAM_TEXT));
        let n = long.chars().count();
        assert_eq!(Program::new(&long).unwrap_err(), ProgramError::TooLong(n));
        assert!(ProgramError::TooLong(n).to_string().contains(&format!("{n} characters")));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let p = Program::new("\u{feff}fn moves(x) { if x > 0 { [[x - 1]] } else { [] } }").unwrap();
        assert_eq!(p.dimension(), 1);
        assert!(!p.source().starts_with('\u{feff}'));
    }

    fn limit_at(source: &str, p: Pos) -> (ProgramError, String) {
        let program = Program::new(source).unwrap().without_fast_path();
        let e = program.options(p, &mut Scope::new(), None).unwrap_err();
        let text = e.to_string();
        (e, text)
    }

    #[test]
    fn each_limit_names_itself() {
        let (e, text) = limit_at("fn moves(x) { let s = \"\"; for k in 0..5000 { s += \"a\"; } [] }", [1, 0, 0]);
        assert!(matches!(e, ProgramError::Limit { limit: ProgramLimit::StringLength, .. }), "{e:?}");
        assert!(text.contains("string") && text.contains(&script::MAX_STRING.to_string()), "{text}");
        assert!(!text.contains("array") && !text.contains("options"), "{text}");
        let (e, text) = limit_at("fn moves(x) { let a = []; a.pad(70000, [0]); a }", [1, 0, 0]);
        assert!(matches!(e, ProgramError::Limit { limit: ProgramLimit::ArraySize { max: 131072, .. }, .. }), "{e:?}");
        assert!(text.contains("array") && text.contains("131072 items") && text.contains("--max-options"), "{text}");
        assert!(text.contains("at most 65536 options"), "{text}");
        // An endless loop stops at its steps, whatever the machine's load.
        let (e, text) = limit_at("fn moves(x) { let i = 0; loop { i += 1; } }", [1, 0, 0]);
        assert!(matches!(
            e,
            ProgramError::Limit { limit: ProgramLimit::Operations { max: script::MAX_OPERATIONS }, .. }
        ));
        assert!(text.contains("1000000 operations") && text.contains("--seconds-per-position"), "{text}");
        // Each limit's words are its own.
        let words: Vec<String> = [
            ProgramLimit::Operations { max: 1 },
            ProgramLimit::Clock { millis: 1 },
            ProgramLimit::ArraySize { max: 1, options: 1 },
            ProgramLimit::Options { max: 1, listed: 2 },
            ProgramLimit::StringLength,
            ProgramLimit::MapSize,
        ]
        .iter()
        .map(|l| l.to_string())
        .collect();
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    /// One-heap Nim: `x` options at `x`.
    const MANY: &str = "fn moves(x) { let out = []; for k in 1..=x { out.push([x - k]); } out }";

    #[test]
    fn the_options_per_position_are_a_setting_on_both_paths() {
        let program = Program::new(MANY).unwrap();
        assert!(program.is_compiled());
        let few = Limits { max_options: 10, ..Limits::default() };
        for p in [program.clone(), program.without_fast_path()] {
            assert_eq!(p.options_within([10, 0, 0], &mut Scope::new(), None, &few).unwrap().len(), 10);
            let e = p.options_within([11, 0, 0], &mut Scope::new(), None, &few).unwrap_err();
            assert_eq!(
                e,
                ProgramError::Limit { position: "(11)".into(), limit: ProgramLimit::Options { max: 10, listed: 11 } }
            );
            assert!(e.to_string().contains("11 options, more than 10"), "{e}");
        }
        // Past the default, wide arrays: 70 000 options are refused by
        // default and listed with the setting raised, on the compiled path
        // and on rhai's (one `pad`: rhai checks an array's size at every
        // change, so building a long list one push at a time is slow there).
        let n = 70_000;
        // (Listing them takes more steps than the default budget, too.)
        let raised = Limits { max_options: 100_000, millis_per_position: 5000 };
        assert_eq!(program.fast_options([n, 0, 0], None), None);
        let fast = program.fast_options_within([n, 0, 0], None, &raised).expect("the fast path lists them");
        assert_eq!(fast, (0..n).map(|k| [k, 0, 0]).collect::<Vec<_>>());
        let padded = Program::new("fn moves(x) { let a = []; a.pad(70000, [0]); a }").unwrap().without_fast_path();
        let e = padded.options([1, 0, 0], &mut Scope::new(), None).unwrap_err();
        assert!(matches!(e, ProgramError::Limit { limit: ProgramLimit::ArraySize { max: 131072, .. }, .. }), "{e:?}");
        assert_eq!(padded.options_within([1, 0, 0], &mut Scope::new(), None, &raised), Ok(vec![[0, 0, 0]]));
    }

    /// The options of eight heaps are counted as options: 10 000 of them
    /// (90 000 numbers and lists for rhai) are within the default 65 536.
    #[test]
    fn options_of_many_heaps_count_as_options() {
        let source =
            "fn moves(a, b, c, d, e, f, g, h) { let o = []; for k in 0..a { o.push([k, b, c, d, e, f, g, h]); } o }";
        let program = Program::new(source).unwrap().without_fast_path();
        let mut p = [0u64; 8];
        p[0] = 10_000;
        let options = program.options_of::<8>(&p, &mut Scope::new(), None, &Limits::default()).unwrap();
        assert_eq!(options.len(), 10_000);
        let fewer = Limits { max_options: 5000, ..Limits::default() };
        let e = program.options_of::<8>(&p, &mut Scope::new(), None, &fewer).unwrap_err().to_string();
        assert!(e.contains("listed 10000 options, more than 5000"), "{e}");
    }

    #[test]
    fn a_longer_time_per_position_allows_more_operations() {
        // About 3 million operations at one position: past the default
        // budget, within that of 10 s.
        let source = "fn moves(x) { let s = 0; for k in 0..x { s += k; } if s >= 0 { [] } else { [[0]] } }";
        let program = Program::new(source).unwrap().without_fast_path();
        let e = program.options([1_000_000, 0, 0], &mut Scope::new(), None).unwrap_err();
        assert!(
            matches!(
                e,
                ProgramError::Limit { limit: ProgramLimit::Operations { .. } | ProgramLimit::Clock { .. }, .. }
            ),
            "{e:?}"
        );
        let long = Limits { millis_per_position: 10_000, ..Limits::default() };
        assert_eq!(program.options_within([1_000_000, 0, 0], &mut Scope::new(), None, &long), Ok(vec![]));
    }
}
