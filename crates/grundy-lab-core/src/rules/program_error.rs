//! Why a rules program cannot be used, or where it failed: data, not
//! sentences. The `Display` is the English wording of the command line;
//! the app words every variant in the user's language
//! (`src/ui/i18n.rs`, `program_error`).

use super::Pos;
use super::program::{MAX_PROGRAM_TEXT, point_text, position_text};
use crate::script;
use std::fmt;

/// A limit of one run of a program (one position), as reached, with the
/// value it had (the game's [`super::Limits`] set the first four).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgramLimit {
    /// More than `max` operations at one position (the budget that grows
    /// with the time per position, [`super::Limits::operations`]).
    Operations {
        /// The cap on operations.
        max: u64,
    },
    /// Longer than the clock of a position while still within its steps
    /// ([`super::Limits::clock_per_position`], ten times the time set).
    Clock {
        /// The clock, in milliseconds.
        millis: u32,
    },
    /// An array longer than `max` items (the list of options is an array:
    /// raise the options per position to allow longer ones).
    ArraySize {
        /// The longest array allowed.
        max: usize,
        /// The options per position of the game.
        options: u32,
    },
    /// `moves` (or `splits`) listed more options than the setting allows
    /// ([`super::Limits::max_options`]).
    Options {
        /// The options per position of the game.
        max: u32,
        /// How many the list had.
        listed: usize,
    },
    /// A string longer than [`script::MAX_STRING`] characters.
    StringLength,
    /// An object map with too many entries.
    MapSize,
    /// Functions calling functions too deeply (a recursion without end?).
    CallDepth,
}

impl fmt::Display for ProgramLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgramLimit::Operations { max } => write!(
                f,
                "the program took more than {max} operations (steps) at one position, the limit on operations \
                 per position: the setting `--seconds-per-position`, counted as 2000000 steps a second (an endless \
                 loop? raise the setting)"
            ),
            ProgramLimit::Clock { millis } => write!(
                f,
                "the program ran longer than {} s at one position while still within its steps: the safety \
                 clock, ten times the setting `--seconds-per-position` and at least 5 s (steps that each take \
                 long, such as sorting a large array? raise the setting)",
                f64::from(*millis) / 1000.0
            ),
            ProgramLimit::ArraySize { max, options } => write!(
                f,
                "an array grew too large, past {max} items counted with the numbers inside its lists: the limit on \
                 the size of an array (so the program lists at most {options} options; raise the setting with \
                 `--max-options`)"
            ),
            ProgramLimit::Options { max, listed } => write!(
                f,
                "the program listed {listed} options, more than {max}, the limit on options per position (raise \
                 the setting with `--max-options`)"
            ),
            ProgramLimit::StringLength => {
                write!(
                    f,
                    "a string grew too large, past {} characters: the limit on the length of a string",
                    script::MAX_STRING
                )
            }
            ProgramLimit::MapSize => f.write_str("an object map grew too large: the limit on the size of a map"),
            ProgramLimit::CallDepth => f.write_str(
                "functions called functions too deeply: the limit on the depth of calls (a recursion without end?)",
            ),
        }
    }
}

/// Why a program cannot be used, or where it failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramError {
    /// The text is longer than [`MAX_PROGRAM_TEXT`] characters.
    TooLong(usize),
    /// The text does not parse: what, at which line and column.
    Parse {
        /// What is wrong.
        fault: ParseFault,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// No `fn moves` with 1, 2 or 3 parameters, or several of them.
    NoMoves(MovesArity),
    /// No `fn splits(n)` with one parameter, or several of them (a
    /// take-and-break program).
    NoSplits(MovesArity),
    /// `fn terminal` does not take as many parameters as `moves`.
    TerminalArity {
        /// How many parameters `moves` takes.
        moves: u8,
        /// How many parameters `terminal` takes.
        terminal: usize,
    },
    /// Running the program at `position` failed.
    Run {
        /// The position it was run at, as written for a person.
        position: String,
        /// What went wrong.
        fault: RunFault,
    },
    /// The run at `position` reached a limit of one run.
    Limit {
        /// The position it was run at, as written for a person.
        position: String,
        /// Which limit.
        limit: ProgramLimit,
    },
    /// The program at `position` did not give an array of options.
    NotAList {
        /// The position it was run at, as written for a person.
        position: String,
        /// What it gave instead, as written for a person.
        got: String,
    },
    /// An option at `position` is not allowed, and why.
    BadOption {
        /// The position it was run at, as written for a person.
        position: String,
        /// The option, as written for a person.
        option: String,
        /// Why it is not allowed.
        why: OptionFault,
    },
    /// An option at `position` lies outside the box `dims` being computed.
    OutsideBox {
        /// The position it was run at.
        position: Pos,
        /// The option outside the box.
        option: Pos,
        /// The sides of the box, `[width, height, depth]`.
        dims: [usize; 3],
        /// How many coordinates the game has (1, 2 or 3).
        dimension: u8,
    },
    /// `fn position` does not take as many parameters as `moves`.
    PositionArity {
        /// How many parameters `moves` takes.
        moves: u8,
        /// How many parameters `position` takes.
        position: usize,
    },
    /// `fn heaps_alike` takes parameters (it takes none).
    AlikeArity(usize),
    /// A program of more than three coordinates asked for the options of a
    /// position of three (by the map, Play or the workbench).
    ManyCoordinates(u8),
    /// `position` is not a position of the game (`fn position` is false).
    NotAPosition {
        /// The cell: the game's coordinates.
        position: Vec<u64>,
    },
    /// A move from `position` reaches a cell that `fn position` says is
    /// not a position of the game.
    OptionNotAPosition {
        /// The position it was run at (the game's coordinates).
        position: Vec<u64>,
        /// The option that is not a position.
        option: Vec<u64>,
    },
    /// The game does not end: its moves go round a cycle, the positions in
    /// the order they are played, the first again at the end.
    Cycle {
        /// The positions of the cycle, the first repeated at the end.
        positions: Vec<Pos>,
        /// How many coordinates the game has (1, 2 or 3).
        dimension: u8,
    },
    /// The total time budget ran out (in milliseconds).
    Budget {
        /// The budget that ran out, in milliseconds.
        millis: u64,
    },
    /// The computation was cancelled.
    Cancelled,
}

/// A cycle of positions as a person reads it: `(1, 0) → (0, 1) → (1, 0)`,
/// at most 12 positions and the last (a long cycle is cut in the middle).
pub fn cycle_text(positions: &[Pos], dimension: u8) -> String {
    cycle_of(positions, |&p| position_text(p, dimension))
}

/// The positions of a cycle, each as `text` writes it, joined by arrows:
/// a long one as its first 12 positions, "…" and the last (only those are
/// written).
pub fn cycle_of<T>(positions: &[T], text: impl Fn(&T) -> String) -> String {
    let shown: Vec<String> = if positions.len() > 13 {
        let mut v: Vec<String> = positions[..12].iter().map(&text).collect();
        v.push("…".into());
        v.extend(positions.last().map(&text));
        v
    } else {
        positions.iter().map(&text).collect()
    };
    shown.join(" → ")
}

/// What is wrong with the text of a program, from rhai's parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFault {
    /// A token is missing, such as `)` or `;`.
    MissingToken(String),
    /// The text ends in the middle of something.
    UnexpectedEnd,
    /// A variable is used that was never given a value with `let`.
    UndefinedVariable(String),
    /// A character or word that cannot stand here.
    UnexpectedInput(String),
    /// The program nests expressions too deeply.
    TooDeep,
    /// A function is defined twice with the same parameters.
    DuplicateFunction(String),
    /// Anything else, in rhai's words.
    Other(String),
}

impl ParseFault {
    /// The fault of rhai's parse error.
    pub fn of(e: &rhai::ParseErrorType) -> ParseFault {
        use rhai::{LexError, ParseErrorType as P};
        match e {
            P::MissingToken(token, _) => ParseFault::MissingToken(token.clone()),
            P::MissingSymbol(symbol) => ParseFault::MissingToken(symbol.clone()),
            P::UnexpectedEOF => ParseFault::UnexpectedEnd,
            P::VariableUndefined(name) => ParseFault::UndefinedVariable(name.clone()),
            P::BadInput(LexError::UnexpectedInput(what)) => ParseFault::UnexpectedInput(what.clone()),
            P::ExprTooDeep => ParseFault::TooDeep,
            P::FnDuplicatedDefinition(name, _) => ParseFault::DuplicateFunction(name.clone()),
            other => ParseFault::Other(other.to_string()),
        }
    }
}

impl fmt::Display for ParseFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFault::MissingToken(t) => write!(f, "`{t}` is missing"),
            ParseFault::UnexpectedEnd => f.write_str("the text ends in the middle of something"),
            ParseFault::UndefinedVariable(v) => write!(f, "the variable `{v}` is used but never set with `let`"),
            ParseFault::UnexpectedInput(w) => write!(f, "`{w}` cannot stand here"),
            ParseFault::TooDeep => f.write_str("expressions are nested too deeply"),
            ParseFault::DuplicateFunction(n) => write!(f, "`fn {n}` is defined twice"),
            ParseFault::Other(m) => f.write_str(m),
        }
    }
}

/// What is wrong with the `fn moves` of a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesArity {
    /// There is none.
    Missing,
    /// It takes this many parameters (not 1, 2 or 3).
    Parameters(usize),
    /// It is defined more than once.
    Several,
}

/// Why running a program at a position failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunFault {
    /// A coordinate is beyond what a program's integers hold (2^63 - 1).
    PositionTooLarge,
    /// `terminal` gave something else than true or false (its type).
    TerminalNotBool(String),
    /// `heaps_alike` gave something other than a boolean.
    AlikeNotBool(String),
    /// `position` gave something else than true or false (its type).
    PositionNotBool(String),
    /// A variable that has no value here.
    UndefinedVariable(String),
    /// A function that does not exist (its name and argument types).
    UndefinedFunction(String),
    /// An array indexed beyond its end.
    IndexOutOfRange {
        /// The index asked for.
        index: i64,
        /// How many items the array has.
        len: usize,
    },
    /// A value of another type than the operation needs.
    TypeMismatch {
        /// The type the operation needs.
        expected: String,
        /// The type it got.
        got: String,
    },
    /// A division (or remainder) by zero, in the expression shown.
    DivisionByZero(String),
    /// A result beyond the integers of a program (±2^63), in the expression
    /// shown.
    Overflow(String),
    /// Other arithmetic that failed, in rhai's words.
    Arithmetic(String),
    /// Anything else, in rhai's words.
    Other(String),
}

impl RunFault {
    /// The fault of a rhai error (an error inside a helper function is
    /// that error).
    pub fn of(e: &rhai::EvalAltResult) -> RunFault {
        use rhai::EvalAltResult as E;
        match e {
            E::ErrorInFunctionCall(_, _, inner, _) => RunFault::of(inner),
            E::ErrorVariableNotFound(name, _) => RunFault::UndefinedVariable(name.clone()),
            E::ErrorFunctionNotFound(sig, _) => RunFault::UndefinedFunction(sig.clone()),
            E::ErrorArrayBounds(len, index, _) => RunFault::IndexOutOfRange { index: *index, len: *len },
            E::ErrorMismatchDataType(expected, got, _) | E::ErrorMismatchOutputType(expected, got, _) => {
                RunFault::TypeMismatch { expected: expected.clone(), got: got.clone() }
            }
            E::ErrorArithmetic(message, _) => {
                // rhai writes "Division by zero: 1 / 0", "Addition overflow: …".
                let shown = message.split_once(": ").map_or("", |(_, e)| e).to_string();
                if message.contains("by zero") {
                    RunFault::DivisionByZero(shown)
                } else if message.contains("overflow") {
                    RunFault::Overflow(shown)
                } else {
                    RunFault::Arithmetic(message.clone())
                }
            }
            other => RunFault::Other(other.to_string()),
        }
    }
}

impl fmt::Display for RunFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunFault::PositionTooLarge => f.write_str("the position is too large for a program (at most 2^63 - 1)"),
            RunFault::TerminalNotBool(got) => write!(f, "`terminal` must give true or false, not {got}"),
            RunFault::AlikeNotBool(got) => write!(f, "`heaps_alike` must give true or false, not {got}"),
            RunFault::PositionNotBool(got) => write!(f, "`position` must give true or false, not {got}"),
            RunFault::UndefinedVariable(v) => write!(f, "the variable `{v}` has no value here"),
            RunFault::UndefinedFunction(s) => write!(f, "there is no function {s}"),
            RunFault::IndexOutOfRange { index, len } => {
                write!(f, "index {index} of an array of {len} items is beyond its end")
            }
            RunFault::TypeMismatch { expected, got } => write!(f, "a {expected} was needed, not a {got}"),
            RunFault::DivisionByZero(e) => write!(f, "division by zero in {e}"),
            RunFault::Overflow(e) => write!(f, "{e} is beyond the integers of a program (±2^63)"),
            RunFault::Arithmetic(m) => write!(f, "arithmetic failed: {m}"),
            RunFault::Other(m) => f.write_str(m),
        }
    }
}

/// Why an option a program listed is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionFault {
    /// It is not an array of coordinates.
    NotAPosition,
    /// It has `got` coordinates; the game has `want`.
    Coordinates {
        /// How many coordinates the option has.
        got: usize,
        /// How many the game has.
        want: usize,
    },
    /// A coordinate is not an integer.
    NotAnInteger,
    /// A coordinate is negative.
    Negative,
    /// It does not lower the sum of the coordinates (so the game might
    /// never end).
    SumNotLowered,
    /// A take-and-break option that is not an array of heap sizes.
    NotASplit,
    /// A part of a split with no stone.
    EmptyPart,
    /// A part of a split as large as the heap or larger.
    PartTooLarge {
        /// The part.
        part: u64,
        /// The heap it came from.
        heap: u64,
    },
    /// Parts with more stones than the heap had.
    TooManyStones {
        /// The stones of the parts.
        sum: u64,
        /// The heap they came from.
        heap: u64,
    },
}

impl fmt::Display for OptionFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionFault::NotAPosition => f.write_str("is not a position (an array of coordinates)"),
            OptionFault::Coordinates { got, want } => write!(f, "has {got} coordinates; this game has {want}"),
            OptionFault::NotAnInteger => f.write_str("has a coordinate that is not an integer"),
            OptionFault::Negative => {
                f.write_str("has a negative coordinate (options must stay in the non-negative orthant)")
            }
            OptionFault::SumNotLowered => {
                f.write_str("does not lower the sum of the coordinates (here the values come from smaller positions)")
            }
            OptionFault::NotASplit => f.write_str("is not an option (an array of heap sizes; [] takes the whole heap)"),
            OptionFault::EmptyPart => {
                f.write_str("has a part below 1 (a heap has at least one stone; leave empty heaps out)")
            }
            OptionFault::PartTooLarge { part, heap } => {
                write!(f, "has a part of {part}; every part must be smaller than the heap ({heap})")
            }
            OptionFault::TooManyStones { sum, heap } => {
                write!(f, "has {sum} stones in all; a move never adds stones (at most {heap})")
            }
        }
    }
}

impl fmt::Display for MovesArity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovesArity::Missing => {
                f.write_str("the program must define `fn moves(x)`, `fn moves(x, y)` or `fn moves(x, y, z)`")
            }
            MovesArity::Parameters(n) => {
                write!(f, "`fn moves` takes {n} parameters; a game has 1 to {} coordinates", super::MAX_DIMENSION)
            }
            MovesArity::Several => f.write_str(
                "the program defines `fn moves` more than once; keep one, with the coordinates as parameters",
            ),
        }
    }
}

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgramError::TooLong(n) => write!(f, "the program has {n} characters; at most {MAX_PROGRAM_TEXT}"),
            ProgramError::Parse { fault, line, column } => {
                write!(f, "the program does not parse: {fault} (line {line}, column {column})")
            }
            ProgramError::NoMoves(why) => write!(f, "{why}"),
            ProgramError::NoSplits(MovesArity::Missing) => f.write_str(
                "the program must define `fn splits(n)`, the options of a heap of n stones as arrays of heap \
                 sizes, such as [[1, 2], [3]]",
            ),
            ProgramError::NoSplits(MovesArity::Parameters(k)) => {
                write!(f, "`fn splits` takes {k} parameters; it takes one, the size of the heap")
            }
            ProgramError::NoSplits(MovesArity::Several) => {
                f.write_str("the program defines `fn splits` more than once")
            }
            ProgramError::TerminalArity { moves, terminal } => write!(
                f,
                "`fn terminal` takes {terminal} parameters but `fn moves` takes {moves}; both take the coordinates"
            ),
            ProgramError::Run { position, fault } => write!(f, "at {position}: {fault}"),
            ProgramError::Limit { position, limit } => write!(f, "at {position}: {limit}"),
            ProgramError::NotAList { position, got } => {
                write!(
                    f,
                    "at {position}: the program must give an array of options, such as [[1, 0], [0, 2]], not {got}"
                )
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
            ProgramError::PositionArity { moves, position } => write!(
                f,
                "`fn position` takes {position} parameters but `fn moves` takes {moves}; both take the coordinates"
            ),
            ProgramError::ManyCoordinates(d) => write!(
                f,
                "the program has {d} coordinates; this asked for a position of 1 to 3 (the map, Play and the Pieces \
                 workbench take more as tables of many heaps; the command line computes it)"
            ),
            ProgramError::AlikeArity(n) => {
                write!(f, "`fn heaps_alike` takes {n} parameters; it takes none: fn heaps_alike() {{ true }}")
            }
            ProgramError::NotAPosition { position } => {
                write!(f, "{} is not a position of the game (`fn position` is false there)", point_text(position))
            }
            ProgramError::OptionNotAPosition { position, option } => write!(
                f,
                "at {}: the move to {} reaches a cell that is not a position of the game (`fn position` is false \
                 there)",
                point_text(position),
                point_text(option)
            ),
            ProgramError::Budget { millis } => write!(
                f,
                "the program took longer than its time budget of {} s and was stopped; \
                 on the command line, raise it with --budget SECONDS",
                *millis as f64 / 1000.0
            ),
            ProgramError::Cancelled => f.write_str("cancelled"),
            ProgramError::Cycle { positions, dimension } => write!(
                f,
                "the game does not end: its moves go round the cycle {} (a game must be finite)",
                cycle_text(positions, *dimension)
            ),
        }
    }
}

impl std::error::Error for ProgramError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Program;

    fn error_at(source: &str) -> ProgramError {
        match Program::new(source) {
            Err(e) => e,
            Ok(p) => p.options([3, 0, 0], &mut rhai::Scope::new(), None).expect_err(source),
        }
    }

    /// Each kind of failure is its own variant (worded by the app in the
    /// user's language), not a sentence.
    #[test]
    fn failures_are_typed() {
        let run = |source: &str| match error_at(source) {
            ProgramError::Run { fault, .. } => fault,
            other => panic!("{source}: {other:?}"),
        };
        let parse = |source: &str| match error_at(source) {
            ProgramError::Parse { fault, .. } => fault,
            other => panic!("{source}: {other:?}"),
        };
        assert_eq!(parse("fn moves(x) { [[y]] }"), ParseFault::UndefinedVariable("y".into()));
        assert!(matches!(parse("fn moves(x) { [[x - 1] }"), ParseFault::MissingToken(_)));
        assert_eq!(run("fn moves(x) { let a = [1]; [[a[5]]] }"), RunFault::IndexOutOfRange { index: 5, len: 1 });
        assert!(matches!(run("fn moves(x) { f(x) }"), RunFault::UndefinedFunction(s) if s.starts_with("f (")));
        assert_eq!(run("fn moves(x) { [[x / 0]] }"), RunFault::DivisionByZero("3 / 0".into()));
        assert!(matches!(run("fn moves(x) { [[x * 9223372036854775807]] }"), RunFault::Overflow(_)));
        assert!(matches!(run("fn terminal(x) { 1 } fn moves(x) { [] }"), RunFault::TerminalNotBool(_)));
        assert!(matches!(
            error_at("fn moves(x) { [[x, 1]] }"),
            ProgramError::BadOption { why: OptionFault::Coordinates { got: 2, want: 1 }, .. }
        ));
        // An option that keeps the sum is one (a game with a memory); the
        // engine finds the cycle it may close.
        assert_eq!(
            Program::new("fn moves(x) { [[x]] }").unwrap().options([3, 0, 0], &mut rhai::Scope::new(), None),
            Ok(vec![[3, 0, 0]])
        );
        assert!(matches!(
            error_at("fn g(n) { g(n + 1) } fn moves(x) { g(x) }"),
            ProgramError::Limit { limit: ProgramLimit::CallDepth | ProgramLimit::Operations { .. }, .. }
        ));
        assert_eq!(Program::new("fn moves(a, b, c, d) { [] }").map(|p| p.dimension()), Ok(4));
        assert_eq!(
            error_at("fn moves(a, b, c, d, e, f, g, h, i) { [] }"),
            ProgramError::NoMoves(MovesArity::Parameters(9))
        );
        assert_eq!(error_at("fn f(x) { [] }"), ProgramError::NoMoves(MovesArity::Missing));
    }
}
