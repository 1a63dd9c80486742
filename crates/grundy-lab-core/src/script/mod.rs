//! The sandboxed script language shared by formulas (conjectures about a
//! table) and rules programs (games whose moves a program lists): rhai with
//! arithmetic, logic, arrays and ranges only, the checked operators of
//! [`operators`], the helpers of [`helpers`], and limits on every run.
//!
//! Sandbox: no packages with I/O or time (`print`, `debug`, `sleep`, `eval`,
//! `import` are unavailable), a cap on operations per run (an endless loop
//! stops after [`MAX_OPERATIONS`] steps), a wall-clock limit per run (see
//! [`set_deadline`]), and caps on nesting, call depth and the size of
//! strings and arrays.

pub mod helpers;
mod operators;
pub mod tables;

pub use operators::COMPARISONS;

use rhai::packages::{ArithmeticPackage, BasicArrayPackage, BasicIteratorPackage, LogicPackage, Package};
use rhai::{Dynamic, Engine};
use std::cell::Cell;
use std::sync::OnceLock;
use std::time::Duration;
use web_time::Instant;

/// Steps one run (one cell of a formula, one position of a program) may
/// take before it is stopped.
pub const MAX_OPERATIONS: u64 = 1_000_000;
/// Longest string a script may build.
pub const MAX_STRING: usize = 4096;
/// Largest array a script may build.
pub const MAX_ARRAY: usize = 65_536;
/// Largest array a program may build when its game raises the number of
/// options past [`MAX_ARRAY`] (`rules::Limits`): 4 194 304 items.
pub const MAX_WIDE_ARRAY: usize = 1 << 22;
/// Wall-clock time one run may take. The operation cap alone is not
/// enough: one operation can be a call that sorts a large array.
pub const MAX_RUN_TIME: Duration = Duration::from_millis(500);

/// The value a run stopped by the operation cap terminates with (rhai's
/// `ErrorTerminated`), to tell it from a run stopped by the clock.
const OPERATIONS_SPENT: i64 = -1;

thread_local! {
    /// When the run on this thread must stop.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// How many operations the run on this thread may take.
    static OPERATIONS: Cell<u64> = const { Cell::new(MAX_OPERATIONS) };
}

/// Make the next run on this thread stop at [`MAX_RUN_TIME`] from now, or
/// at `stop` if that comes first (a total budget), and after
/// [`MAX_OPERATIONS`] operations. A run stopped by the clock ends with
/// rhai's `ErrorTerminated`; see [`stopped_by_operations`].
pub fn set_deadline(stop: Option<Instant>) {
    set_run_limits(stop, MAX_RUN_TIME, MAX_OPERATIONS);
}

/// [`set_deadline`] with another time per run and cap on operations (a
/// game's raised limits, `rules::Limits`).
pub fn set_run_limits(stop: Option<Instant>, time: Duration, operations: u64) {
    let run = Instant::now() + time;
    DEADLINE.set(Some(stop.map_or(run, |s| s.min(run))));
    OPERATIONS.set(operations);
}

/// Whether a run ended because it took more operations than its cap
/// (rather than by the clock or a fault of the script).
pub fn stopped_by_operations(e: &rhai::EvalAltResult) -> bool {
    match e {
        rhai::EvalAltResult::ErrorTooManyOperations(_) => true,
        rhai::EvalAltResult::ErrorTerminated(token, _) => token.as_int() == Ok(OPERATIONS_SPENT),
        _ => false,
    }
}

/// The shared, sandboxed engine (built once; `Sync` with rhai's `sync`
/// feature), with the checked operators.
pub fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| build_engine(false, MAX_ARRAY))
}

/// The same engine with rhai's fast operators, for scripts without a
/// comparison or shift operator (see [`uses_checked_operators`]).
pub fn fast_engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| build_engine(true, MAX_ARRAY))
}

/// The engine for `text`: the fast one when the text has no comparison or
/// shift operator.
pub fn engine_for(text: &str) -> &'static Engine {
    if uses_checked_operators(text) { engine() } else { fast_engine() }
}

/// [`engine_for`] with arrays of up to [`MAX_WIDE_ARRAY`] items, for the
/// programs of games that raise their number of options.
pub fn wide_engine_for(text: &str) -> &'static Engine {
    static CHECKED: OnceLock<Engine> = OnceLock::new();
    static FAST: OnceLock<Engine> = OnceLock::new();
    if uses_checked_operators(text) {
        CHECKED.get_or_init(|| build_engine(false, MAX_WIDE_ARRAY))
    } else {
        FAST.get_or_init(|| build_engine(true, MAX_WIDE_ARRAY))
    }
}

/// Whether `text` may contain a comparison (`==`, `!=`, `<`, `<=`, `>`,
/// `>=`) or shift (`<<`, `>>`, `<<=`, `>>=`) operator: those need the
/// checked operators of [`operators`], which rhai runs only with its fast
/// operators off. Fast operators evaluate the other operators 1.5 to 3
/// times faster with the same results (rhai's built-in arithmetic is
/// checked), and comparisons that rhai's own functions make (`in`,
/// `contains`, array `==`) reach the checked overloads either way. A `<`
/// or `>` anywhere (in a string, in `=>`) only costs speed.
pub fn uses_checked_operators(text: &str) -> bool {
    let code = without_comments(text);
    code.contains(['<', '>']) || code.contains("==") || code.contains("!=")
}

/// `text` without its `//` and `/* */` comments (string and character
/// literals are kept whole, so a `//` inside a string is no comment): a
/// `<` in a comment does not need the checked operators.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' | '`' => {
                out.push(c);
                while let Some(d) = chars.next() {
                    out.push(d);
                    if d == '\\' {
                        if let Some(e) = chars.next() {
                            out.push(e);
                        }
                    } else if d == c {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for d in chars.by_ref() {
                    if last == '*' && d == '/' {
                        break;
                    }
                    last = d;
                }
                out.push(' ');
            }
            _ => out.push(c),
        }
    }
    out
}

fn build_engine(fast_operators: bool, max_array: usize) -> Engine {
    let mut engine = Engine::new_raw();
    // Arithmetic, comparisons, arrays and ranges only: the core package
    // would bring `sleep`, which an endless-loop guard cannot stop.
    engine.register_global_module(ArithmeticPackage::new().as_shared_module());
    engine.register_global_module(LogicPackage::new().as_shared_module());
    engine.register_global_module(BasicArrayPackage::new().as_shared_module());
    engine.register_global_module(BasicIteratorPackage::new().as_shared_module());
    for word in ["eval", "import", "export", "print", "debug"] {
        engine.disable_symbol(word);
    }
    // Fast operators apply rhai's built-in operators to built-in types
    // before any registered overload: with them, the checked comparisons and
    // shifts of `operators` would never run in an operator expression.
    engine.set_fast_operators(fast_operators);
    engine
        // The cap on operations is the run's own (`OPERATIONS`), checked
        // below; rhai's would be the same for every run.
        .set_max_operations(0)
        .set_max_expr_depths(48, 24)
        .set_max_call_levels(24)
        .set_max_string_size(MAX_STRING)
        .set_max_array_size(max_array)
        .set_max_map_size(1024)
        .set_max_variables(256)
        .set_max_functions(64)
        .set_max_modules(0)
        .set_strict_variables(true);
    engine.on_progress(|operations| {
        // Reading the clock every operation would slow every run down (so
        // the cap is kept to within 1024 operations).
        if operations % 1024 != 0 {
            None
        } else if operations > OPERATIONS.get() {
            Some(Dynamic::from_int(OPERATIONS_SPENT))
        } else if DEADLINE.get().is_some_and(|d| Instant::now() > d) {
            Some(Dynamic::UNIT)
        } else {
            None
        }
    });
    operators::register(&mut engine);
    helpers::register(&mut engine);
    tables::register(&mut engine);
    engine
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_do_not_ask_for_checked_operators_but_code_and_strings_do() {
        assert!(!uses_checked_operators("// x <= y\nx + y /* a < b */"));
        assert!(uses_checked_operators("// note\nif x < y { 1 } else { 0 }"));
        assert!(uses_checked_operators("\"//\" + (x < y)"), "a // in a string starts no comment");
        assert!(uses_checked_operators("'<'"), "a < in a character: safe side, checked");
        assert!(!uses_checked_operators("x ^ y"));
    }
}
