//! The fast path of rules programs: the functions of a program compiled
//! from rhai's syntax tree to a small tree of [`eval::Node`]s over integers,
//! booleans and arrays, run without rhai's dynamic dispatch (15 to 35 times
//! faster on the examples). Where `moves` and `terminal` call no function
//! and every variable is an integer, a boolean or a list of options, the
//! nodes are translated once more to the typed tier of `typed/` (integers
//! in slots, the options in one flat list, no values built; two to three
//! times faster again), which runs first; where it gives up, the tree of
//! nodes runs the position.
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
//! position can take up to three times it before the error): every step here
//! counts as three of rhai's operations (one step does what rhai counts as
//! one to four), arrays are measured as rhai measures them at every change,
//! and calls nest at most 20 deep (rhai: 24). A program that needs more
//! than about a third of rhai's operation budget at a position therefore
//! runs there through rhai, slowly but with the same result. A program has
//! no side effects, so running a position twice is harmless.

mod compile;
mod eval;
mod typed;
mod value;

use super::{Limits, Pos};
use eval::{Function, Run};
use rhai::AST;
use std::cell::Cell;
use typed::Typed;
use value::Value;
use web_time::Instant;

/// A program's `moves` (and `terminal`) compiled to the fast evaluator.
#[derive(Debug)]
pub struct Compiled {
    functions: Vec<Function>,
    moves: usize,
    terminal: Option<usize>,
    /// The typed tier, tried first, where the functions lie in it.
    typed: Option<Typed>,
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
        let (moves, terminal) = (indices[0], indices.get(1).copied());
        let typed = Typed::new(&functions, moves, terminal, d);
        Some(Compiled { functions, moves, terminal, typed })
    }

    /// Whether the program runs on the typed tier (see `typed/`).
    pub fn is_typed(&self) -> bool {
        self.typed.is_some()
    }

    /// The options of `p` (its first `dimension` coordinates), checked,
    /// sorted and without repeats, as [`super::Program::options`] gives
    /// them; `None` when this run failed or an option is refused: rhai must
    /// run the position (and report the error).
    pub fn options(&self, p: Pos, dimension: u8, stop: Option<Instant>, limits: &Limits) -> Option<Vec<Pos>> {
        self.options_of::<3>(&p[..(dimension as usize).min(3)], stop, limits, true)
    }

    /// [`Compiled::options`] of a position of any number of coordinates
    /// (`p.len()`, at most `N`), each option `N` wide with 0 beyond them;
    /// unless `sorted`, in the order `moves` lists them, repeats kept.
    pub fn options_of<const N: usize>(
        &self,
        p: &[u64],
        stop: Option<Instant>,
        limits: &Limits,
        sorted: bool,
    ) -> Option<Vec<[u64; N]>> {
        let d = p.len();
        let mut args = [0i64; N];
        for (a, &c) in args.iter_mut().zip(p) {
            *a = i64::try_from(c).ok()?;
        }
        let typed = self.typed.as_ref().and_then(|t| {
            let (time, ops, cap) = (limits.clock_per_position(), limits.operations(), limits.array_size(d));
            t.options(&args[..d], time, stop, ops, cap, |flat| {
                if flat.len() / d > limits.max_options as usize {
                    return None;
                }
                if sorted { options_from_flat::<N>(flat, d) } else { listed_from_flat::<N>(flat, d) }
            })
        });
        if typed.is_some() {
            return typed;
        }
        let run_end = Instant::now() + limits.clock_per_position();
        let deadline = stop.map_or(run_end, |s| s.min(run_end));
        value::set_array_cap(limits.array_size(d));
        let mut run = Run::new(&self.functions, STACK.take(), deadline, limits.operations());
        let result = self.run(&mut run, &args[..d]);
        STACK.set(run.into_stack());
        let mut out = options_from(&result?, d)?;
        if out.len() > limits.max_options as usize {
            return None;
        }
        if sorted {
            sort_and_dedup(&mut out);
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

/// The options in the list a run of the tree of nodes gave, each `N` wide;
/// `None` when an item is not a position of `d` coordinates.
fn options_from<const N: usize>(list: &[Value], d: usize) -> Option<Vec<[u64; N]>> {
    let mut out = Vec::with_capacity(list.len());
    for item in list {
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
        out.push(q);
    }
    Some(out)
}

/// The options in a flat list of `d` integers each, sorted and without
/// repeats, each `N` wide; `None` when a coordinate is negative.
fn options_from_flat<const N: usize>(flat: &[i64], d: usize) -> Option<Vec<[u64; N]>> {
    let packed = match d {
        1 => sorted_packed::<1, N>(flat),
        2 => sorted_packed::<2, N>(flat),
        3 => sorted_packed::<3, N>(flat),
        _ => None,
    };
    if packed.is_some() {
        return packed;
    }
    let mut out = listed_from_flat(flat, d)?;
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// The options in a flat list of `d` integers each, in its order, each `N`
/// wide; `None` when a coordinate is negative.
fn listed_from_flat<const N: usize>(flat: &[i64], d: usize) -> Option<Vec<[u64; N]>> {
    match d {
        1 => listed::<1, N>(flat),
        2 => listed::<2, N>(flat),
        3 => listed::<3, N>(flat),
        _ => {
            let mut out = Vec::with_capacity(flat.len() / d);
            for item in flat.chunks_exact(d) {
                let mut q = [0u64; N];
                for (c, &v) in q.iter_mut().zip(item) {
                    *c = u64::try_from(v).ok()?;
                }
                out.push(q);
            }
            Some(out)
        }
    }
}

/// [`listed_from_flat`] for `D` coordinates (the loop unrolled).
fn listed<const D: usize, const N: usize>(flat: &[i64]) -> Option<Vec<[u64; N]>> {
    if N < D {
        return None;
    }
    let mut out = Vec::with_capacity(flat.len() / D);
    let mut negative = false;
    for item in flat.chunks_exact(D) {
        let mut q = [0u64; N];
        for (c, &v) in q[..D].iter_mut().zip(item) {
            negative |= v < 0;
            *c = v as u64;
        }
        out.push(q);
    }
    (!negative).then_some(out)
}

/// Options of `D` (at most three) coordinates, each in 0..2^21, sorted and
/// without repeats by way of one integer each that sorts as they do
/// (lexicographically); `None` when a coordinate is outside that range.
fn sorted_packed<const D: usize, const N: usize>(flat: &[i64]) -> Option<Vec<[u64; N]>> {
    const BITS: u32 = 21;
    const MASK: u64 = (1 << BITS) - 1;
    if N < D {
        return None;
    }
    let mut keys = Vec::with_capacity(flat.len() / D);
    let mut inside = true;
    for q in flat.chunks_exact(D) {
        let mut key = 0u64;
        for &c in q {
            inside &= (0..1 << BITS).contains(&c);
            key = key << BITS | (c as u64 & MASK);
        }
        keys.push(key);
    }
    if !inside {
        return None;
    }
    keys.sort_unstable();
    keys.dedup();
    let mut out = Vec::with_capacity(keys.len());
    for &k in &keys {
        let mut q = [0u64; N];
        for (i, c) in q[..D].iter_mut().enumerate() {
            *c = k >> (BITS as usize * (D - 1 - i)) & MASK;
        }
        out.push(q);
    }
    Some(out)
}

/// Sort the options and drop repeats. Options of three coordinates below
/// 2^21 sort as one packed integer, in the same (lexicographic) order.
fn sort_and_dedup<const N: usize>(out: &mut Vec<[u64; N]>) {
    if N == 3 && out.iter().all(|q| q.iter().all(|&c| c < 1 << 21)) {
        let mut packed: Vec<u64> = out.iter().map(|q| q[0] << 42 | q[1] << 21 | q[2]).collect();
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
}

#[cfg(test)]
mod tests {
    use super::{Compiled, Run};
    use crate::rules::{EXAMPLE_PROGRAMS, Limits};
    use std::time::Duration;
    use web_time::Instant;

    /// The least operation limit under which `ok(limit)` holds: a run
    /// fails exactly when it counts more operations than the limit, so
    /// this is the operations the run counts.
    fn least(ok: impl Fn(u64) -> bool) -> u64 {
        let (mut lo, mut hi) = (0u64, 1u64 << 32);
        assert!(ok(hi), "the run fails even without a limit");
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if ok(mid) { hi = mid } else { lo = mid + 1 }
        }
        lo
    }

    /// The typed tier counts, at every position, exactly the operations
    /// the tree of nodes counts (so it stops at the operation limit where
    /// the tree of nodes would), on the typed examples and on loops whose
    /// body is one push under each kind of condition (run by the typed
    /// tier without going through a statement per pass).
    #[test]
    fn the_typed_tier_counts_the_operations_of_the_tree_of_nodes() {
        let loops = [
            "fn moves(x, y) { let o = []; for k in 1..=x { o.push([x - k, y]); } o }",
            "fn moves(x, y) { let o = []; for k in 0..x { if k != y { o.push([k, y + k]); } } o }",
            "fn moves(x, y) { let o = []; for k in 1..=x { if !(k == y && x > y) { o.push([x - k, if x <= y { k } else { 0 }]); } } o }",
            "fn moves(x, y) { let o = []; for k in 1..=x { if k < 3 || k == y { o.push([x - k, y]); } } o }",
            "fn moves(x, y) { let o = []; for k in 1..=y { if k % 2 == 0 { o.push([x, y - k]); } } o }",
            "fn moves(x, y) { let o = []; for (k, i) in 1..=x { if i < 4 { o.push([x - k, y]); } } o }",
        ];
        let sources: Vec<&str> = EXAMPLE_PROGRAMS.iter().map(|e| e.source).chain(loops).collect();
        let limits = Limits::default();
        let mut typed_programs = 0;
        for source in sources {
            let ast = crate::script::engine_for(source).compile(source).expect("the program compiles");
            let d =
                (1..=8u8).find(|&d| ast.iter_functions().any(|f| f.name == "moves" && f.params.len() == d as usize));
            let d = d.expect("a moves function");
            super::value::set_array_cap(limits.array_size(usize::from(d)));
            let has_terminal = ast.iter_functions().any(|f| f.name == "terminal");
            let Some(c) = Compiled::new(&ast, d, has_terminal) else { continue };
            let Some(typed) = &c.typed else { continue };
            typed_programs += 1;
            let side: i64 = if d <= 2 { 9 } else { 4 };
            for k in 0..side.pow(u32::from(d.min(3))) {
                let mut args = vec![0i64; d as usize];
                let mut rest = k;
                for a in args.iter_mut().take(3) {
                    *a = rest % side;
                    rest /= side;
                }
                let by_nodes = least(|max| {
                    let far = Instant::now() + Duration::from_secs(60);
                    let mut run = Run::new(&c.functions, Vec::new(), far, max);
                    c.run(&mut run, &args).is_some()
                });
                let by_typed = least(|max| {
                    typed
                        .options(&args, Duration::from_secs(60), None, max, limits.array_size(usize::from(d)), |_| {
                            Some(())
                        })
                        .is_some()
                });
                assert_eq!(by_typed, by_nodes, "{source}\nat {args:?}");
            }
        }
        assert!(typed_programs >= 10, "only {typed_programs} programs on the typed tier");
    }
}
