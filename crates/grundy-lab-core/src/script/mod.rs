//! The sandboxed script language shared by formulas (conjectures about a
//! table) and rules programs (games whose moves a program lists): rhai with
//! arithmetic, logic, arrays and ranges only, the checked operators of
//! [`operators`], the helpers of [`helpers`], and limits on every run.
//!
//! Sandbox: no packages with I/O or time (`print`, `debug`, `sleep`, `eval`,
//! `import` are unavailable), a cap on operations per run (an endless loop
//! stops after [`MAX_OPERATIONS`] steps, so that a verdict does not depend
//! on the machine's load), a wall-clock safety stop per run for steps that
//! each take long (see [`clock_for`]), and caps on nesting, call depth and the size of
//! strings and arrays.

pub mod helpers;
mod operators;
pub mod tables;

pub use operators::COMPARISONS;

use rhai::packages::{ArithmeticPackage, BasicArrayPackage, BasicIteratorPackage, LogicPackage, Package};
use rhai::{Dynamic, Engine};
use std::cell::Cell;
use std::sync::{Mutex, OnceLock, PoisonError};
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
/// The time one run is given, as a person sets it: its steps are
/// [`MAX_OPERATIONS`] for each such time (`rules::Limits::operations`).
pub const MAX_RUN_TIME: Duration = Duration::from_millis(500);
/// The clock of a run, as a multiple of its time: a safety stop only. A
/// run is judged by its steps, which do not depend on the machine's load;
/// the clock stops the rare run whose few steps each take long (a sort of
/// a large array), at ten times its time and never before
/// [`MIN_RUN_CLOCK`].
pub const RUN_CLOCK_FACTOR: u32 = 10;
/// The shortest clock of a run.
pub const MIN_RUN_CLOCK: Duration = Duration::from_secs(5);

/// The clock of a run given `time` (see [`RUN_CLOCK_FACTOR`]).
pub fn clock_for(time: Duration) -> Duration {
    time.saturating_mul(RUN_CLOCK_FACTOR).max(MIN_RUN_CLOCK)
}

/// The value a run stopped by the operation cap terminates with (rhai's
/// `ErrorTerminated`), to tell it from a run stopped by the clock.
const OPERATIONS_SPENT: i64 = -1;

thread_local! {
    /// When the run on this thread must stop.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// How many operations the run on this thread may take.
    static OPERATIONS: Cell<u64> = const { Cell::new(MAX_OPERATIONS) };
}

/// Make the next run on this thread stop after [`MAX_OPERATIONS`]
/// operations, at the clock of [`MAX_RUN_TIME`] from now ([`clock_for`]),
/// or at `stop` if that comes first (a total budget). A run stopped by the
/// clock ends with rhai's `ErrorTerminated`; see [`stopped_by_operations`].
pub fn set_deadline(stop: Option<Instant>) {
    set_run_limits(stop, MAX_RUN_TIME, MAX_OPERATIONS);
}

/// [`set_deadline`] with another time per run and cap on operations (a
/// game's raised limits, `rules::Limits`).
pub fn set_run_limits(stop: Option<Instant>, time: Duration, operations: u64) {
    let run = Instant::now() + clock_for(time);
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

/// The engine with rhai's fast operators or not ([`engine_for`] decides
/// which a text needs) and arrays of up to `cap` items, for programs: their
/// list of options is an array of arrays, whose numbers rhai counts too
/// (`rules::Limits::array_size`). Built once for each cap.
pub fn engine_with(fast_operators: bool, cap: usize) -> &'static Engine {
    type Engines = Vec<(bool, usize, &'static Engine)>;
    static ENGINES: Mutex<Engines> = Mutex::new(Vec::new());
    thread_local! {
        // The engines this thread has used: no lock on every position.
        static KNOWN: std::cell::RefCell<Engines> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let cap = cap.max(MAX_ARRAY);
    let find = |engines: &Engines| engines.iter().find(|(f, c, _)| *f == fast_operators && *c == cap).map(|e| e.2);
    if let Some(e) = KNOWN.with_borrow(find) {
        return e;
    }
    let mut engines = ENGINES.lock().unwrap_or_else(PoisonError::into_inner);
    let e = find(&engines).unwrap_or_else(|| {
        // A few dozen at most (two kinds of operators, two numbers of
        // options times one to nine numbers an option), kept for the
        // program's life.
        let e: &'static Engine = Box::leak(Box::new(build_engine(fast_operators, cap)));
        engines.push((fast_operators, cap, e));
        e
    });
    KNOWN.with_borrow_mut(|known| known.push((fast_operators, cap, e)));
    e
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

    /// A run of few steps that each take long (sorting 60 000 numbers) goes
    /// on past its time: it is judged by its steps, so a busy machine does
    /// not change the verdict; an endless loop still stops at its steps.
    #[test]
    fn a_run_is_judged_by_its_steps_not_by_the_clock() {
        let run = |k: u32| {
            let text = format!(
                "let a = []; a.pad(60000, 0); for i in 0..60000 {{ a[i] = 60000 - i; }} \
                 let n = 0; for k in 0..{k} {{ a.reverse(); a.sort(); n += 1; }} n"
            );
            set_deadline(None);
            let t = Instant::now();
            (engine().eval::<i64>(&text), t.elapsed())
        };
        let (_, setup) = run(0);
        let (_, twenty) = run(20);
        let each = twenty.saturating_sub(setup).max(Duration::from_millis(1)) / 20;
        // About twice the time of a run (the clock is at ten times).
        let k = (MAX_RUN_TIME.as_secs_f64() * 2.0 / each.as_secs_f64()).ceil() as u32 + 1;
        let (result, took) = run(k);
        assert!(took > MAX_RUN_TIME, "the run took {took:?}: not past its time");
        assert_eq!(result.unwrap(), i64::from(k));
        set_deadline(None);
        let endless = engine().eval::<i64>("let n = 0; loop { n += 1; }").unwrap_err();
        assert!(stopped_by_operations(&endless), "{endless}");
    }

    #[test]
    fn comments_do_not_ask_for_checked_operators_but_code_and_strings_do() {
        assert!(!uses_checked_operators("// x <= y\nx + y /* a < b */"));
        assert!(uses_checked_operators("// note\nif x < y { 1 } else { 0 }"));
        assert!(uses_checked_operators("\"//\" + (x < y)"), "a // in a string starts no comment");
        assert!(uses_checked_operators("'<'"), "a < in a character: safe side, checked");
        assert!(!uses_checked_operators("x ^ y"));
    }
}
