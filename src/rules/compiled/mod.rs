//! The fast path of rules programs: the functions of a program compiled
//! from rhai's syntax tree to a small tree of [`eval::Node`]s over integers,
//! booleans and arrays, run without rhai's dynamic dispatch (15 to 35 times
//! faster on the examples).
//!
//! [`Program::options`](super::Program::options) uses it when `moves`,
//! `terminal` and every function they call lie in the subset:
//!
//! - integer, boolean and `()` literals, array literals, constant arrays;
//! - variables: `let`, `const`, `=`, compound assignment (`+=`, `-=`, `*=`,
//!   `/=`, `%=`, `**=`, `&=`, `|=`, `^=`, `<<=`, `>>=`), also into array
//!   items `a[i] = v`, `a[i][j] += v`, and `array += item` / `array += array`;
//! - operators `+ - * / % **`, `& | ^ << >>`, `== != < <= > >=`, `&& || !`,
//!   unary `-`, indexing `a[i]` (negative from the end, as in rhai), array
//!   `+` array;
//! - `if`/`else` (also as an expression), blocks as expressions, `while`,
//!   `loop`, `do ... while/until`, `for x in` (or `for (x, i) in`) `a..b`,
//!   `a..=b`, `range(a, b)`, `range(a, b, step)` or an array; `break`,
//!   `continue`, `return` (a `continue` in a `do` loop goes back to the top
//!   of the body without testing the condition, as rhai does);
//! - calls of the program's own functions (recursion included), and `min`,
//!   `max`, `abs`, `len`, `push` (`a.push(x)`, `push(a, x)`, `a.len()`).
//!
//! Anything else (strings, floats, maps, closures, `switch`, `try`, other
//! helpers, `break` with a value, ...) leaves the program to rhai. So does
//! an expression whose parts rhai evaluates in another order than left to
//! right, where the order could show: a call or operator whose first
//! argument is a variable (rhai reads it after the other arguments) while
//! a later argument has an effect (an assignment or `push` in a block, a
//! `break`, `continue` or `return`), and an index `a[i]` with such an
//! effect in it (rhai evaluates the indices before `a`). At run time the compiled path
//! never reports an error itself: an overflow, a division by zero, a type
//! outside the subset, a limit (operations, the clock, array size, call
//! depth) or an option that `options` would refuse makes it give up, and
//! the position runs again through rhai, which reports exactly what it
//! always did. The limits of size are checked at least as eagerly as rhai
//! does, so the compiled path never succeeds where rhai would fail on them
//! (the clock aside: each path has its own per-run time limit, so a
//! position can take up to twice it before the error): every step here
//! counts as three of rhai's operations (one step does what rhai counts as
//! one to four), arrays are measured as rhai measures them at every change,
//! and calls nest at most 20 deep (rhai: 24). A program that needs more
//! than about a third of rhai's operation budget at a position therefore
//! runs there through rhai, slowly but with the same result. A program has
//! no side effects, so running a position twice is harmless.

mod compile;
mod eval;
mod value;

use super::{Limits, Pos};
use eval::{Function, Run};
use rhai::AST;
use std::cell::Cell;
use value::Value;
use web_time::Instant;

/// A program's `moves` (and `terminal`) compiled to the fast evaluator.
#[derive(Debug)]
pub struct Compiled {
    functions: Vec<Function>,
    moves: usize,
    terminal: Option<usize>,
}

thread_local! {
    /// The variable stack of the last run on this thread, kept for its
    /// memory.
    static STACK: Cell<Vec<Value>> = const { Cell::new(Vec::new()) };
}

impl Compiled {
    /// Compile `moves` (with `dimension` parameters) and, if the program
    /// has it, `terminal`; `None` when they or a function they call leave
    /// the subset.
    pub fn new(ast: &AST, dimension: u8, has_terminal: bool) -> Option<Compiled> {
        let d = dimension as usize;
        let mut roots = vec![("moves", d)];
        if has_terminal {
            roots.push(("terminal", d));
        }
        let (functions, indices) = compile::compile(ast, &roots)?;
        Some(Compiled { functions, moves: indices[0], terminal: indices.get(1).copied() })
    }

    /// The options of `p` (its first `dimension` coordinates), checked,
    /// sorted and without repeats, as [`super::Program::options`] gives
    /// them; `None` when this run failed or an option is refused: rhai must
    /// run the position (and report the error).
    pub fn options(&self, p: Pos, dimension: u8, stop: Option<Instant>, limits: &Limits) -> Option<Vec<Pos>> {
        self.options_of::<3>(&p[..(dimension as usize).min(3)], stop, limits)
    }

    /// [`Compiled::options`] of a position of any number of coordinates
    /// (`p.len()`, at most `N`), each option `N` wide with 0 beyond them.
    pub fn options_of<const N: usize>(
        &self,
        p: &[u64],
        stop: Option<Instant>,
        limits: &Limits,
    ) -> Option<Vec<[u64; N]>> {
        let d = p.len();
        let mut args = [0i64; N];
        for (a, &c) in args.iter_mut().zip(p) {
            *a = i64::try_from(c).ok()?;
        }
        let run_end = Instant::now() + limits.time_per_position();
        let deadline = stop.map_or(run_end, |s| s.min(run_end));
        value::set_array_cap(limits.array_size());
        let mut run = Run::new(&self.functions, STACK.take(), deadline, limits.operations());
        let result = self.run(&mut run, &args[..d]);
        STACK.set(run.into_stack());
        let list = result?;
        if list.len() > limits.max_options as usize {
            return None;
        }
        let mut out = Vec::with_capacity(list.len());
        // Options of three coordinates below 2^21 sort as one packed
        // integer, in the same (lexicographic) order.
        let mut packed = Vec::with_capacity(if N == 3 { list.len() } else { 0 });
        for item in &list {
            let mut q = [0u64; N];
            match item {
                Value::Small(n, v) if *n as usize == d => {
                    for (c, &v) in q.iter_mut().zip(&v[..d]) {
                        *c = u64::try_from(v).ok()?;
                    }
                }
                Value::Array(a) if a.items.len() == d => {
                    for (c, v) in q.iter_mut().zip(&a.items) {
                        let Value::Int(v) = v else { return None };
                        *c = u64::try_from(*v).ok()?;
                    }
                }
                _ => return None,
            }
            if N == 3 && q.iter().all(|&c| c < 1 << 21) && packed.len() == out.len() {
                packed.push(q[0] << 42 | q[1] << 21 | q[2]);
            }
            out.push(q);
        }
        if N == 3 && packed.len() == out.len() {
            packed.sort_unstable();
            packed.dedup();
            let mask = (1 << 21) - 1;
            out.clear();
            out.extend(packed.iter().map(|&k| {
                let mut q = [0u64; N];
                q[..3].copy_from_slice(&[k >> 42, k >> 21 & mask, k & mask]);
                q
            }));
        } else {
            out.sort_unstable();
            out.dedup();
        }
        Some(out)
    }

    /// Run `terminal` and `moves`: the items of the list `moves` gives
    /// (none where `terminal` is true).
    fn run(&self, run: &mut Run, args: &[i64]) -> Option<Vec<Value>> {
        if let Some(t) = self.terminal {
            match run.call(t, args).ok()? {
                Value::Bool(true) => return Some(Vec::new()),
                Value::Bool(false) => {}
                _ => return None,
            }
        }
        match run.call(self.moves, args).ok()? {
            Value::Small(0, _) => Some(Vec::new()),
            Value::Array(a) => Some(std::rc::Rc::try_unwrap(a).map_or_else(|a| a.items.clone(), |a| a.items)),
            _ => None,
        }
    }
}
