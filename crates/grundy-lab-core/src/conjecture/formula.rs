//! The formula language: a sandboxed rhai engine with the variables `x`,
//! `y`, `z`, `pass` and `g`, the helpers of [`crate::script::helpers`] and
//! the table readers `g(...)`, `g_of("SPEC", ...)` of
//! [`crate::script::tables`].
//!
//! `g` is the table's value at the cell being checked: the Grundy number in
//! normal play; in misère play the misère Grundy value (1 where no move
//! is left, else the mex of the options' values: 0 exactly at a
//! P-position). `g(x, y)` (as many arguments as the
//! game has coordinates) is the value of another position in the same
//! table and pass layer; one more argument names the layer (1: the pass is
//! still there, 0: used). `g_of("SPEC", x, y)` is the value in another
//! game's table, computed once on the same box.
//!
//! A formula is a rhai script whose last expression is its value at the
//! cell `(x, y)`: an integer (a conjectured Grundy number) or a boolean
//! (a conjectured "is a P-position"). Integer `^` is XOR, `/` and `%` are
//! integer operations (truncating), `if` is an expression, arrays index.
//!
//! Sandbox: no packages with I/O or time (`print`, `debug`, `sleep`, `eval`,
//! `import` are unavailable), a cap on operations per cell (an endless loop
//! stops after [`MAX_OPERATIONS`] steps, well under a second), on nesting,
//! on call depth and on the size of strings and arrays.
//!
//! No silent wrong answers: every integer operation that overflows or is
//! undefined is an error (`+ - * / % **`, negation, `abs`, and the shifts
//! `a << n = a * 2^n`, `a >> n = floor(a / 2^n)` for `0 <= n <= 63`, see
//! [`crate::script`]), and so is a comparison of two values of different
//! types (`x < true`, `x == "3"`), which rhai would answer with `false`.

pub use crate::script::{MAX_ARRAY, MAX_OPERATIONS, MAX_RUN_TIME as MAX_CELL_TIME, MAX_STRING, engine};
use crate::script::{engine_for, set_deadline};
use rhai::{AST, Dynamic, Engine, EvalAltResult, ParseError, Position, Scope};
use std::fmt;
use web_time::Instant;
/// Longest formula text accepted.
pub const MAX_TEXT: usize = 100_000;

/// Why a formula could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text does not parse (or uses an unknown variable or a forbidden word).
    Parse,
    /// Evaluating the formula at a cell failed (division by zero, a type
    /// mismatch, a helper outside its domain, ...).
    Runtime,
    /// The formula took too many steps, nested too deeply or built too much data.
    Limit,
    /// The value is neither an integer nor a boolean, changes type between
    /// cells.
    WrongType,
    /// The table is too large (or empty) to check.
    TooLarge,
    /// The table is still being computed (or its computation was cancelled).
    Incomplete,
    /// The check was cancelled.
    Cancelled,
}

/// A formula error a person can read: what went wrong, where in the text
/// (line and column, from 1) and at which cell `(x, y)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulaError {
    /// What went wrong, in words.
    pub message: String,
    /// Line and column (both from 1) in the formula text, when known.
    pub position: Option<(usize, usize)>,
    /// The cell `(x, y)` being evaluated, for run-time errors.
    pub cell: Option<(i64, i64)>,
    /// The rest of the state being evaluated, where it matters: `z` (three
    /// coordinates) and `pass` (1: the pass is still there), when either is
    /// not 0.
    pub state: Option<(i64, i64)>,
    /// The kind of failure.
    pub kind: ErrorKind,
}

impl FormulaError {
    /// An error without a position or a cell.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        FormulaError { message: message.into(), position: None, cell: None, state: None, kind }
    }

    /// The same error at the state with this `z` and `pass` (kept only when
    /// one of them is not 0, so two-coordinate errors read as before).
    pub fn at(mut self, z: i64, pass: i64) -> Self {
        if z != 0 || pass != 0 {
            self.state = Some((z, pass));
        }
        self
    }

    fn from_parse(e: &ParseError) -> Self {
        FormulaError {
            message: e.0.to_string(),
            position: line_col(e.1),
            cell: None,
            state: None,
            kind: ErrorKind::Parse,
        }
    }

    fn from_eval(e: &EvalAltResult, x: i64, y: i64) -> Self {
        let (kind, message) = match e {
            e if crate::script::stopped_by_operations(e) => (
                ErrorKind::Limit,
                format!("the formula took more than {MAX_OPERATIONS} steps at one cell (an endless loop?)"),
            ),
            EvalAltResult::ErrorTerminated(..) => (
                ErrorKind::Limit,
                format!(
                    "the formula ran longer than {} s at one cell while still within its {MAX_OPERATIONS} steps \
                     (steps that each take long, such as sorting a large array?)",
                    crate::script::clock_for(MAX_CELL_TIME).as_secs_f32()
                ),
            ),
            EvalAltResult::ErrorStackOverflow(_) => {
                (ErrorKind::Limit, "the formula calls functions too deeply (endless recursion?)".to_string())
            }
            EvalAltResult::ErrorDataTooLarge(what, _) => (
                ErrorKind::Limit,
                format!("{what} grew too large (strings up to {MAX_STRING}, arrays up to {MAX_ARRAY} items)"),
            ),
            EvalAltResult::ErrorParsing(p, _) => (ErrorKind::Parse, p.to_string()),
            other => (ErrorKind::Runtime, without_position(other)),
        };
        FormulaError { message, position: line_col(e.position()), cell: Some((x, y)), state: None, kind }
    }
}

/// rhai's message without its trailing "(line L, position C)": the position
/// is kept separately.
fn without_position(e: &EvalAltResult) -> String {
    let text = e.to_string();
    match text.rfind(" (line ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}

fn line_col(p: Position) -> Option<(usize, usize)> {
    Some((p.line()?, p.position().unwrap_or(1)))
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.cell, self.state) {
            (Some((x, y)), None) => write!(f, "at cell ({x}, {y}): ")?,
            (Some((x, y)), Some((z, pass))) => write!(f, "at cell ({x}, {y}, {z}) with pass = {pass}: ")?,
            _ => {}
        }
        f.write_str(&self.message)?;
        if let Some((line, col)) = self.position {
            write!(f, " (line {line}, column {col})")?;
        }
        Ok(())
    }
}

impl std::error::Error for FormulaError {}

/// The value of a formula at one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormulaValue {
    /// A conjectured Grundy number.
    Int(i64),
    /// A conjectured "(x, y) is a P-position".
    Bool(bool),
}

impl FormulaValue {
    /// Whether the value is an integer or a boolean.
    pub fn kind(self) -> FormulaKind {
        match self {
            FormulaValue::Int(_) => FormulaKind::Integer,
            FormulaValue::Bool(_) => FormulaKind::Boolean,
        }
    }
}

impl fmt::Display for FormulaValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormulaValue::Int(v) => write!(f, "{v}"),
            FormulaValue::Bool(b) => write!(f, "{b}"),
        }
    }
}

/// What a formula conjectures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormulaKind {
    /// An integer formula: compared with the Grundy number `g(x, y)`.
    Integer,
    /// A boolean formula: compared with "(x, y) is a P-position".
    Boolean,
}

impl fmt::Display for FormulaKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FormulaKind::Integer => "integer",
            FormulaKind::Boolean => "boolean",
        })
    }
}

/// A formula's text is not empty and not longer than [`MAX_TEXT`].
fn check_text(text: &str) -> Result<(), FormulaError> {
    if text.trim().is_empty() {
        return Err(FormulaError::new(ErrorKind::Parse, "the formula is empty"));
    }
    if text.len() > MAX_TEXT {
        return Err(FormulaError::new(
            ErrorKind::Parse,
            format!("the formula is {} characters long; the limit is {MAX_TEXT}", text.len()),
        ));
    }
    Ok(())
}

/// The coordinates of a game of many heaps in a formula.
const HEAP_NAMES: [&str; crate::rules::MAX_DIMENSION] = ["x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8"];

/// A compiled formula in the variables `x`, `y` (and `z`, `pass`), and
/// the named parameters of the rules it is checked on (`p` of the
/// parameter-p piece, see [`crate::rules::Rules::parameters`]).
#[derive(Clone, Debug)]
pub struct Formula {
    text: String,
    ast: AST,
    /// The rules' parameters, set at every cell like `x` and `y`.
    parameters: Vec<(&'static str, i64)>,
    /// The engine that compiled `ast` and evaluates it.
    engine: &'static Engine,
    /// Whether a formula of one to three coordinates names them `x1`,
    /// `x2`, `x3` (as those of many heaps are named): they are set too.
    numbered: bool,
}

impl Formula {
    /// Parse `text` once. A syntax error, an unknown variable or a forbidden
    /// word gives a [`FormulaError`] with its line and column.
    pub fn compile(text: &str) -> Result<Formula, FormulaError> {
        Self::compile_with(text, &[])
    }

    /// [`Formula::compile`] for a formula that may also use the named
    /// parameters of the rules it is checked on, e.g.
    /// `mod(x+y,p)+p*((x/p)^(y/p))` with `rules.parameters()` of `ryuoh:4`
    /// (`p = 4`).
    pub fn compile_for(text: &str, rules: &crate::rules::Rules) -> Result<Formula, FormulaError> {
        Self::compile_with(text, &rules.parameters())
    }

    fn compile_with(text: &str, parameters: &[(&'static str, i64)]) -> Result<Formula, FormulaError> {
        check_text(text)?;
        Self::compile_in(engine_for(text), text, parameters)
    }

    fn compile_in(
        engine: &'static Engine,
        text: &str,
        parameters: &[(&'static str, i64)],
    ) -> Result<Formula, FormulaError> {
        let mut scope = Scope::new();
        scope.push("x", 0_i64).push("y", 0_i64).push("z", 0_i64).push("pass", 0_i64).push("g", 0_i64);
        // x1, x2, x3 also name x, y, z (set only when the text uses them:
        // a cell's evaluation pushes what the formula may read).
        let numbered = HEAP_NAMES[..3].iter().any(|n| text.contains(n));
        if numbered {
            scope.push("x1", 0_i64).push("x2", 0_i64).push("x3", 0_i64);
        }
        for &(name, value) in parameters {
            scope.push_constant(name, value);
        }
        let ast = engine.compile_with_scope(&scope, text).map_err(|e| FormulaError::from_parse(&e))?;
        Ok(Formula { text: text.to_string(), ast, parameters: parameters.to_vec(), engine, numbered })
    }

    /// [`Formula::compile`] for a game of `d` heaps (4 to
    /// [`crate::rules::MAX_DIMENSION`]): the coordinates are `x1` to `xd`,
    /// the first three also `x`, `y` and `z`.
    pub fn compile_heaps(text: &str, d: usize) -> Result<Formula, FormulaError> {
        check_text(text)?;
        let engine = engine_for(text);
        let mut scope = Scope::new();
        scope.push("x", 0_i64).push("y", 0_i64).push("z", 0_i64).push("pass", 0_i64).push("g", 0_i64);
        for i in 1..=d {
            scope.push(HEAP_NAMES[i - 1], 0_i64);
        }
        let ast = engine.compile_with_scope(&scope, text).map_err(|e| FormulaError::from_parse(&e))?;
        Ok(Formula { text: text.to_string(), ast, parameters: Vec::new(), engine, numbered: false })
    }

    /// [`Formula::compile`] for the values of one heap of a take-and-break
    /// game: the heap is `n` (also `x`), `g` its value.
    pub fn compile_sequence(text: &str) -> Result<Formula, FormulaError> {
        check_text(text)?;
        let engine = engine_for(text);
        let mut scope = Scope::new();
        scope.push("n", 0_i64).push("x", 0_i64).push("g", 0_i64);
        let ast = engine.compile_with_scope(&scope, text).map_err(|e| FormulaError::from_parse(&e))?;
        Ok(Formula { text: text.to_string(), ast, parameters: Vec::new(), engine, numbered: false })
    }

    /// The value at the heap `n` of a take-and-break game
    /// ([`Formula::compile_sequence`]), whose value is `g`, reusing `scope`.
    pub(crate) fn eval_sequence(
        &self,
        scope: &mut Scope,
        n: i64,
        g: i64,
        stop: Option<Instant>,
    ) -> Result<FormulaValue, FormulaError> {
        scope.clear();
        scope.push("n", n).push("x", n).push("g", g);
        self.run_unnamed(scope, stop)
    }

    /// The value at the position `p` of a game of many heaps ([`Formula::compile_heaps`]),
    /// with this `pass` and the table's value `g` there, reusing `scope`.
    pub(crate) fn eval_heaps(
        &self,
        scope: &mut Scope,
        p: &[i64],
        pass: i64,
        g: i64,
        stop: Option<Instant>,
    ) -> Result<FormulaValue, FormulaError> {
        scope.clear();
        let at = |i: usize| p.get(i).copied().unwrap_or(0);
        scope.push("x", at(0)).push("y", at(1)).push("z", at(2)).push("pass", pass).push("g", g);
        for (name, &c) in HEAP_NAMES.iter().zip(p) {
            scope.push(*name, c);
        }
        self.run_unnamed(scope, stop)
    }

    /// Run the formula in `scope` until `stop`; its errors name no cell
    /// (the caller names the position: a cell of two coordinates would say
    /// less than a heap or a position of many heaps).
    fn run_unnamed(&self, scope: &mut Scope, stop: Option<Instant>) -> Result<FormulaValue, FormulaError> {
        set_deadline(stop);
        let value: Dynamic = self
            .engine
            .eval_ast_with_scope(scope, &self.ast)
            .map_err(|e| FormulaError { cell: None, ..FormulaError::from_eval(&e, 0, 0) })?;
        value_of(&value)
    }

    /// The rules' parameters the formula may use, as `(name, value)`.
    pub fn parameters(&self) -> &[(&'static str, i64)] {
        &self.parameters
    }

    /// The text the formula was compiled from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The value at `(x, y)`, with no table behind it: `g` is 0 there and
    /// `g(...)` is an error (see [`crate::conjecture::check`] for both).
    pub fn eval(&self, x: i64, y: i64) -> Result<FormulaValue, FormulaError> {
        self.eval_in(&mut Scope::new(), [x, y, 0], 0, 0, None)
    }

    /// The value at `(x, y, z)` with this `pass` and the table's value `g`
    /// there, reusing `scope` (one per worker thread). The
    /// evaluation stops after [`MAX_OPERATIONS`] steps, at the safety clock
    /// of [`MAX_CELL_TIME`] (`script::clock_for`) or at `stop`, whichever
    /// comes first (a [`ErrorKind::Limit`] error; the caller that set `stop` tells
    /// the two apart by the clock).
    pub(crate) fn eval_in(
        &self,
        scope: &mut Scope,
        [x, y, z]: [i64; 3],
        pass: i64,
        g: i64,
        stop: Option<Instant>,
    ) -> Result<FormulaValue, FormulaError> {
        scope.clear();
        scope.push("x", x).push("y", y).push("z", z).push("pass", pass).push("g", g);
        if self.numbered {
            scope.push("x1", x).push("x2", y).push("x3", z);
        }
        for &(name, value) in &self.parameters {
            scope.push_constant(name, value);
        }
        set_deadline(stop);
        let value: Dynamic = self
            .engine
            .eval_ast_with_scope(scope, &self.ast)
            .map_err(|e| FormulaError::from_eval(&e, x, y).at(z, pass))?;
        if let Ok(v) = value.as_int() {
            Ok(FormulaValue::Int(v))
        } else if let Ok(b) = value.as_bool() {
            Ok(FormulaValue::Bool(b))
        } else {
            let message = if value.is_unit() {
                "the formula must give an integer or true/false, but it gave nothing \
                 (does it end with `;`, or with an `if` without `else`?)"
                    .to_string()
            } else {
                let hint = if value.is_float() {
                    " (use integer operations: / and % on integers, floor_div, isqrt, floor_phi)"
                } else {
                    ""
                };
                format!(
                    "the formula must give an integer or true/false, but it gave the {} {value}{hint}",
                    value.type_name()
                )
            };
            let mut e = FormulaError::new(ErrorKind::WrongType, message);
            e.cell = Some((x, y));
            Err(e.at(z, pass))
        }
    }
}

/// A formula's value as an integer or true/false, or why it is neither
/// (the caller names the position).
fn value_of(value: &Dynamic) -> Result<FormulaValue, FormulaError> {
    if let Ok(v) = value.as_int() {
        Ok(FormulaValue::Int(v))
    } else if let Ok(b) = value.as_bool() {
        Ok(FormulaValue::Bool(b))
    } else {
        Err(FormulaError::new(
            ErrorKind::WrongType,
            format!("the formula must give an integer or true/false, not the {} {value}", value.type_name()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{engine, uses_checked_operators};

    fn value(text: &str, x: i64, y: i64) -> FormulaValue {
        Formula::compile(text).unwrap_or_else(|e| panic!("{text}: {e}")).eval(x, y).unwrap()
    }

    #[test]
    fn engine_and_ast_are_shareable_between_threads() {
        fn sync<T: Send + Sync>() {}
        sync::<Engine>();
        sync::<Formula>();
    }

    #[test]
    fn x1_x2_x3_name_the_coordinates_of_a_board_too() {
        assert_eq!(value("x1 * 100 + x2", 5, 3), FormulaValue::Int(503));
        let f = Formula::compile("x1 + x2 + x3 == x + y + z").unwrap();
        let v = f.eval_in(&mut Scope::new(), [4, 5, 6], 0, 0, None).unwrap();
        assert_eq!(v, FormulaValue::Bool(true));
        assert!(Formula::compile("x4").is_err(), "a fourth coordinate is not one of a board");
    }

    #[test]
    fn language_basics() {
        assert_eq!(value("x ^ y", 5, 3), FormulaValue::Int(6));
        assert_eq!(value("x / 3 + y % 3", 7, 5), FormulaValue::Int(4));
        assert_eq!(value("if x > y { x } else { y }", 2, 9), FormulaValue::Int(9));
        assert_eq!(value("let a = [4, 5, 6]; a[x]", 1, 0), FormulaValue::Int(5));
        assert_eq!(value("x == y", 4, 4), FormulaValue::Bool(true));
        assert_eq!(value("let s = 0; for i in 0..x { s += i; } s", 5, 0), FormulaValue::Int(10));
        assert_eq!(value("fn f(n) { if n < 2 { n } else { f(n - 1) + f(n - 2) } } f(x)", 10, 0), FormulaValue::Int(55));
    }

    #[test]
    fn helpers_give_the_closed_forms() {
        assert_eq!(value("floor_phi(x)", 13, 0), FormulaValue::Int(21));
        assert_eq!(value("floor_phi2(x)", 4, 0), FormulaValue::Int(10));
        assert_eq!(value("wythoff_pair(x)[1]", 3, 0), FormulaValue::Int(7));
        assert_eq!(value("is_wythoff_p(x, y)", 5, 3), FormulaValue::Bool(true));
        assert_eq!(value("is_misere_wythoff_p(x, y)", 0, 1), FormulaValue::Bool(true));
        assert_eq!(value("hofstadter(x)", 10, 0), FormulaValue::Int(6));
        assert_eq!(value("gs(x) + 10 * gs(y)", 0, 1), FormulaValue::Int(1));
        assert_eq!(value("is_t2_p(x, y)", 3, 6), FormulaValue::Bool(true));
        assert_eq!(value("is_t2_misere_p(x, y)", 0, 3), FormulaValue::Bool(true));
        assert_eq!(value("ryuoh(3, x, y)", 4, 2), FormulaValue::Int(3));
        assert_eq!(value("nim(x, y) == xor(x, y)", 12, 7), FormulaValue::Bool(true));
        assert_eq!(value("mex([0, 1, 3, x])", 2, 0), FormulaValue::Int(4));
        assert_eq!(value("min(x, y) * 100 + max(x, y)", 8, 3), FormulaValue::Int(308));
        assert_eq!(value("abs(x - y)", 2, 9), FormulaValue::Int(7));
        assert_eq!(value("floor_div(-x, y)", 7, 2), FormulaValue::Int(-4));
        assert_eq!(value("mod(-x, y)", 7, 3), FormulaValue::Int(2));
        assert_eq!(value("isqrt(x)", 99, 0), FormulaValue::Int(9));
        assert_eq!(value("fib(x)", 92, 0), FormulaValue::Int(7_540_113_804_746_346_429));
        assert_eq!(value("popcount(x)", 255, 0), FormulaValue::Int(8));
    }

    #[test]
    fn parse_errors_have_a_position() {
        let e = Formula::compile("x +\n  (y * ").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Parse);
        assert!(e.position.is_some(), "{e:?}");
        // x, y, z and pass are the only variables.
        let e = Formula::compile("x + w").unwrap_err();
        assert_eq!(e.position, Some((1, 5)), "{e}");
        assert!(e.message.contains('w'), "{e}");
        assert!(Formula::compile("x + y + z + pass").is_ok());
        assert!(Formula::compile("   ").unwrap_err().message.contains("empty"));
    }

    #[test]
    fn forbidden_words_do_not_compile() {
        for text in ["eval(\"x\")", "import \"std\" as s; x", "print(x); x", "debug(x); x"] {
            let e = Formula::compile(text);
            assert!(e.is_err(), "{text} compiled");
        }
        // Not registered at all (the core package is left out).
        let e = Formula::compile("sleep(10); x").unwrap().eval(0, 0).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Runtime, "{e}");
        assert!(e.message.contains("sleep"), "{e}");
    }

    #[test]
    fn endless_loops_stop_with_a_message() {
        for text in ["loop {}", "while true {}", "let n = 0; while n >= 0 { n += 1; } n", "fn f(n) { f(n + 1) } f(0)"] {
            let f = Formula::compile(text).unwrap();
            let e = f.eval(3, 4).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Limit, "{text}: {e}");
            assert_eq!(e.cell, Some((3, 4)));
        }
    }

    #[test]
    fn huge_allocations_fail_with_a_message() {
        for (text, says) in [
            ("let a = []; a.pad(100000000, 0); a.len()", "too large"),
            ("let s = \"ab\"; while true { s += s; } 0", "too large"),
            // Few operations, each a large sort: stopped by the safety clock.
            ("let a = []; a.pad(60000, 1); for i in 0..1000000 { a.sort(); } 0", "ran longer than 5 s"),
        ] {
            let e = Formula::compile(text).unwrap().eval(0, 0).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Limit, "{text}: {e}");
            assert!(e.message.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn comparisons_of_different_types_are_errors_naming_the_cell() {
        for text in [
            "x < true",
            "x == \"a\"",
            "true > 1",
            "x != ()",
            "() == x",
            "x <= 1.5",
            "'a' >= x",
            "[1, 2] == 3",
            "#{a: 1} != x",
            "(0..3) == x",
            "Fn(\"abs\") == x",
            "let t = true; t == y",
            "x in [true, 2]",
        ] {
            let e = Formula::compile(text).unwrap_or_else(|e| panic!("{text}: {e}")).eval(2, 5).unwrap_err();
            assert_eq!((e.kind, e.cell), (ErrorKind::Runtime, Some((2, 5))), "{text}: {e}");
            assert!(e.message.contains("cannot compare"), "{text}: {e}");
            assert!(e.to_string().starts_with("at cell (2, 5): "), "{e}");
        }
        let e = Formula::compile("x < true").unwrap().eval(0, 0).unwrap_err();
        assert!(e.message.contains("an integer with a boolean using `<`"), "{e}");
    }

    #[test]
    fn comparisons_of_the_same_type_still_work() {
        assert_eq!(value("x == y", 3, 3), FormulaValue::Bool(true));
        assert_eq!(value("x != y", 3, 3), FormulaValue::Bool(false));
        assert_eq!(value("x < y && y <= 9 && 9 >= x && y > x", 3, 4), FormulaValue::Bool(true));
        assert_eq!(value("is_wythoff_p(x, y) == true", 3, 5), FormulaValue::Bool(true));
        assert_eq!(value("(x > 1) != (y > 1)", 3, 0), FormulaValue::Bool(true));
        assert_eq!(value("[1, 2] == [1, x]", 2, 0), FormulaValue::Bool(true));
        assert_eq!(value("[1, 2] != [x, 2]", 2, 0), FormulaValue::Bool(true));
        assert_eq!(value("\"ab\" < \"b\"", 0, 0), FormulaValue::Bool(true));
        assert_eq!(value("'a' == 'a'", 0, 0), FormulaValue::Bool(true));
        assert_eq!(value("() == ()", 0, 0), FormulaValue::Bool(true));
        assert_eq!(value("x in [1, 2, 3]", 2, 0), FormulaValue::Bool(true));
        assert_eq!(value("switch x { 1 => 10, 2 => 20, _ => 0 }", 2, 0), FormulaValue::Int(20));
    }

    #[test]
    fn fast_operators_give_the_same_values_where_they_are_used() {
        for text in [
            "(x + y) % 3 + 3 * ((x / 3) ^ (y / 3))",
            "x * 4611686018427387904",
            "-x + y",
            "x ** 3 - y",
            "x / y + x % y",
            "(x & y) | (x ^ 7)",
            "let s = 0; for i in 0..20 { s += i * y; } s",
            "let a = x; a *= y; a -= 1; a",
            "abs(x - y)",
            "[x, y].contains(3)",
            "x in [true, 2]",
            "if x in [1, 2] { 1 } else { 0 }",
            "[x, true].index_of(1)",
        ] {
            assert!(!uses_checked_operators(text), "{text}");
            let fast = Formula::compile(text).unwrap();
            let checked = Formula::compile_in(engine(), text, &[]).unwrap();
            for (x, y) in [(0, 0), (1, 0), (3, 5), (-4, 9), (i64::MAX, 1), (i64::MIN, -1), (2, i64::MAX)] {
                let (f, c) = (fast.eval(x, y), checked.eval(x, y));
                assert_eq!(f.as_ref().map_err(|e| e.kind), c.as_ref().map_err(|e| e.kind), "{text} at ({x}, {y})");
            }
        }
        for text in ["x < y", "x >= y", "x == y", "x != y", "x << 2", "x >> 2", "let a = x; a <<= 1; a"] {
            assert!(uses_checked_operators(text), "{text}");
        }
    }

    #[test]
    fn shifts_out_of_range_or_overflowing_are_errors() {
        for text in [
            "1 << 64",
            "1 << -1",
            "1 >> 64",
            "1 >> -1",
            "x << 70",
            "x << 63",
            "3 << 62",
            "let a = x; a <<= 64; a",
            "let a = x; a <<= 63; a",
            "let a = x; a >>= -2; a",
        ] {
            let e = Formula::compile(text).unwrap_or_else(|e| panic!("{text}: {e}")).eval(1, 0).unwrap_err();
            assert_eq!((e.kind, e.cell), (ErrorKind::Runtime, Some((1, 0))), "{text}: {e}");
            assert!(e.message.contains("shift"), "{text}: {e}");
        }
        assert_eq!(value("x << 62", 1, 0), FormulaValue::Int(1 << 62));
        assert_eq!(value("-x << 63", 1, 0), FormulaValue::Int(i64::MIN));
        assert_eq!(value("x >> 1", -7, 0), FormulaValue::Int(-4));
        assert_eq!(value("let a = x; a <<= 3; a >>= 1; a", 5, 0), FormulaValue::Int(20));
    }

    #[test]
    fn integer_overflow_is_an_error() {
        for text in [
            "2 ** 64",
            "x ** 64",
            "x * 9223372036854775807",
            "9223372036854775807 + x",
            "-9223372036854775807 - x - x",
            "-(-9223372036854775807 - x)",
            "abs(-9223372036854775807 - x)",
            "let a = 9223372036854775807; a += x; a",
            "x / 0",
            "x % 0",
            "(-9223372036854775807 - x) / -1",
            "(-9223372036854775807 - x) % -1",
            "x ** -1",
        ] {
            let e = Formula::compile(text).unwrap_or_else(|e| panic!("{text}: {e}")).eval(2, 0).unwrap_err();
            assert_eq!((e.kind, e.cell), (ErrorKind::Runtime, Some((2, 0))), "{text}: {e}");
        }
    }

    #[test]
    fn helpers_outside_their_domain_are_errors() {
        for text in [
            "floor_phi(-x)",
            "floor_phi2(-x)",
            "wythoff_pair(-x)",
            "hofstadter(-x)",
            "gs(-x)",
            "is_wythoff_p(-x, 1)",
            "is_misere_wythoff_p(1, -x)",
            "is_t2_p(-x, 1)",
            "is_t2_misere_p(1, -x)",
            "ryuoh(0, x, x)",
            "ryuoh(3, -x, x)",
            "nim(-x, 1)",
            "isqrt(-x)",
            "popcount(-x)",
            "fib(-x)",
            "fib(93)",
            "mod(x, 0)",
            "floor_div(x, 0)",
            "floor_div(-9223372036854775807 - x, -1)",
            "abs(-9223372036854775807 - x)",
            "mex([x, true])",
        ] {
            let e = Formula::compile(text).unwrap_or_else(|e| panic!("{text}: {e}")).eval(1, 0).unwrap_err();
            assert_eq!((e.kind, e.cell), (ErrorKind::Runtime, Some((1, 0))), "{text}: {e}");
        }
        // The largest arguments still give exact values.
        let n = 5_000_000_000_000_000_000_u64;
        let exact = i64::try_from(crate::theory::floor_phi(n)).unwrap();
        assert_eq!(value("floor_phi(x)", n as i64, 0), FormulaValue::Int(exact));
        assert!(Formula::compile("floor_phi(x)").unwrap().eval(i64::MAX, 0).is_err());
        assert_eq!(value("isqrt(x)", i64::MAX, 0), FormulaValue::Int(3_037_000_499));
        assert_eq!(value("popcount(x)", i64::MAX, 0), FormulaValue::Int(63));
        assert_eq!(value("mod(x, -1)", i64::MIN, 0), FormulaValue::Int(0));
    }

    #[test]
    fn runtime_errors_name_the_cell() {
        let e = Formula::compile("x / (y - 2)").unwrap().eval(5, 2).unwrap_err();
        assert_eq!((e.kind, e.cell), (ErrorKind::Runtime, Some((5, 2))));
        assert!(e.to_string().starts_with("at cell (5, 2): "), "{e}");
        assert!(e.message.to_lowercase().contains("zero"), "{e}");
        let e = Formula::compile("floor_phi(x - 10)").unwrap().eval(3, 0).unwrap_err();
        assert!(e.message.contains("must be >= 0"), "{e}");
        let e = Formula::compile("x + true").unwrap().eval(1, 1).unwrap_err();
        assert_eq!(e.cell, Some((1, 1)), "{e}");
        let e = Formula::compile("1.5 * x").unwrap().eval(1, 1).unwrap_err();
        assert_eq!(e.kind, ErrorKind::WrongType, "{e}");
        let e = Formula::compile("x * 4611686018427387904").unwrap().eval(4, 0).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Runtime, "{e}");
    }
}
