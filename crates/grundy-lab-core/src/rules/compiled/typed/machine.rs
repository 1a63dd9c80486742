//! The run of the typed trees: integer slots, the flat lists of options,
//! and the count of operations (the same as the tree of nodes counts).

use super::super::value::{BinOp, int_op};
use super::{Body, Bool, Cmp, Int, Leaf, Out, Put, Stmt, Typed};
use std::cell::Cell;
use std::time::Duration;
use web_time::Instant;

/// The operations one counted step stands for (as in `eval`).
const STEP: u64 = 3;

/// How often (in operations) a run reads the clock.
const CLOCK_EVERY: u64 = 1 << 14;

/// How a statement ended.
enum Flow {
    Next,
    Break,
    Continue,
    Return,
}

/// A failure: the tree of nodes (then rhai) must run the position.
struct Fail;

type R<T> = Result<T, Fail>;

thread_local! {
    /// The integer slots and the lists of the last run on this thread,
    /// kept for their memory.
    static MEMORY: Cell<(Vec<i64>, Vec<Vec<i64>>)> = const { Cell::new((Vec::new(), Vec::new())) };
}

impl Typed {
    /// Run the program at `args` and give `finish` the options, side by
    /// side in one flat list (`width` integers each, unsorted, as `moves`
    /// lists them); `None` when the run gave up.
    pub fn options<T>(
        &self,
        args: &[i64],
        time: Duration,
        stop: Option<Instant>,
        max_operations: u64,
        array_cap: usize,
        finish: impl FnOnce(&[i64]) -> Option<T>,
    ) -> Option<T> {
        if args.len() != self.width {
            return None;
        }
        let (mut ints, mut lists) = MEMORY.take();
        let mut m = Machine {
            ints: &mut ints,
            lists: &mut lists,
            ops: 0,
            checked: 0,
            max_operations,
            time,
            stop,
            deadline: None,
            width: self.width,
            array_cap,
            result: None,
            answer: false,
        };
        let out = match self.run(&mut m, args) {
            Ok(Some(s)) => finish(&lists[s]),
            Ok(None) => finish(&[]),
            Err(Fail) => None,
        };
        MEMORY.set((ints, lists));
        out
    }

    /// Run `terminal` then `moves`: the list of the options (`None`: none).
    fn run(&self, m: &mut Machine<'_>, args: &[i64]) -> R<Option<usize>> {
        if let Some(t) = &self.terminal {
            m.call(t, args)?;
            if m.answer {
                return Ok(None);
            }
        }
        m.call(&self.moves, args)?;
        Ok(m.result)
    }
}

/// The state of one run.
struct Machine<'a> {
    ints: &'a mut Vec<i64>,
    lists: &'a mut Vec<Vec<i64>>,
    ops: u64,
    /// The count when the clock was last read.
    checked: u64,
    max_operations: u64,
    /// The time the run may take, from the first reading of the clock,
    /// and the caller's deadline.
    time: Duration,
    stop: Option<Instant>,
    deadline: Option<Instant>,
    width: usize,
    /// rhai's array limit: the size of a list of `n` options is
    /// `n * (1 + width)`.
    array_cap: usize,
    /// The list the last `moves` gave (`None`: `[]`).
    result: Option<usize>,
    /// What the last `terminal` gave.
    answer: bool,
}

impl Machine<'_> {
    /// Count `n` steps.
    #[inline]
    fn count(&mut self, n: u64) {
        self.ops += STEP * n;
    }

    /// Stop at the operation limit, and at the deadline. The clock is read
    /// every [`CLOCK_EVERY`] operations, so a short run never reads it; the
    /// run's own time counts from the first reading (after at most a few
    /// microseconds of work).
    #[inline]
    fn check(&mut self) -> R<()> {
        if self.ops > self.max_operations {
            return Err(Fail);
        }
        if self.ops / CLOCK_EVERY != self.checked / CLOCK_EVERY {
            self.checked = self.ops;
            let now = Instant::now();
            let own = *self.deadline.get_or_insert(now + self.time);
            if now > own || self.stop.is_some_and(|s| now > s) {
                return Err(Fail);
            }
        }
        Ok(())
    }

    /// Run one function with integer `args`: the answer of `terminal` in
    /// `answer`, the list of `moves` in `result`.
    fn call(&mut self, f: &Body, args: &[i64]) -> R<()> {
        self.count(3);
        self.ints.clear();
        self.ints.extend_from_slice(args);
        self.ints.resize(f.slots, 0);
        self.ints.extend_from_slice(&f.constants);
        if self.lists.len() < f.slots {
            self.lists.resize_with(f.slots, Vec::new);
        }
        self.lists.iter_mut().for_each(Vec::clear);
        if f.block {
            self.count(1);
        }
        let mut returned = false;
        for s in &f.stmts {
            match self.stmt(s)? {
                Flow::Next => {}
                Flow::Return => {
                    returned = true;
                    break;
                }
                Flow::Break | Flow::Continue => return Err(Fail),
            }
        }
        if !returned {
            self.out(&f.out)?;
        }
        self.check()
    }

    fn out(&mut self, out: &Out) -> R<()> {
        match out {
            Out::List(s) => {
                self.count(1);
                self.result = Some(*s);
            }
            Out::Empty => {
                self.count(1);
                self.result = None;
            }
            Out::Bool(b) => self.answer = self.bool(b)?,
        }
        Ok(())
    }

    #[inline]
    fn leaf(&self, Leaf(s): Leaf) -> i64 {
        self.ints[s]
    }

    #[inline]
    fn cmp(&self, Cmp(op, a, b): Cmp) -> bool {
        compare(op, self.leaf(a), self.leaf(b))
    }

    fn int(&mut self, e: &Int) -> R<i64> {
        match e {
            Int::Const(i) => {
                self.count(1);
                Ok(*i)
            }
            Int::Var(s) => {
                self.count(1);
                Ok(self.ints[*s])
            }
            Int::Bin2(op, a, b) => {
                self.count(3);
                int_op(*op, self.leaf(*a), self.leaf(*b)).ok_or(Fail)
            }
            Int::Bin(op, a, b) => {
                self.count(1);
                let x = self.int(a)?;
                let y = self.int(b)?;
                int_op(*op, x, y).ok_or(Fail)
            }
            Int::Neg(a) => {
                self.count(1);
                self.int(a)?.checked_neg().ok_or(Fail)
            }
            Int::Min(a, b) => {
                self.count(4);
                let x = self.int(a)?;
                Ok(x.min(self.int(b)?))
            }
            Int::Max(a, b) => {
                self.count(4);
                let x = self.int(a)?;
                Ok(x.max(self.int(b)?))
            }
            Int::Abs(a) => {
                self.count(3);
                self.int(a)?.checked_abs().ok_or(Fail)
            }
            Int::If(c, a, b) => {
                self.count(1);
                if self.bool(c)? { self.int(a) } else { self.int(b) }
            }
            Int::Pick(c, a, b) => {
                self.count(5);
                Ok(self.leaf(if self.cmp(*c) { *a } else { *b }))
            }
            Int::Len(s) => {
                self.count(4);
                Ok((self.lists[*s].len() / self.width) as i64)
            }
        }
    }

    fn bool(&mut self, e: &Bool) -> R<bool> {
        self.count(1);
        match e {
            Bool::Const(b) => Ok(*b),
            Bool::Var(s) => Ok(self.ints[*s] != 0),
            Bool::Cmp2(c) => {
                self.count(2);
                Ok(self.cmp(*c))
            }
            Bool::Cmps { all, not, cmps } => Ok(self.cmps(*all, *not, cmps)),
            Bool::Cmp(op, a, b) => {
                let x = self.int(a)?;
                let y = self.int(b)?;
                Ok(compare(*op, x, y))
            }
            Bool::Same(ne, a, b) => {
                let x = self.bool(a)?;
                Ok((x == self.bool(b)?) != *ne)
            }
            Bool::Not(a) => Ok(!self.bool(a)?),
            Bool::And(items) => {
                for i in items {
                    if !self.bool(i)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Bool::Or(items) => {
                for i in items {
                    if self.bool(i)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Bool::If(c, a, b) => {
                if self.bool(c)? {
                    self.bool(a)
                } else {
                    self.bool(b)
                }
            }
        }
    }

    /// One pass of a `for` loop: the variable (and counter) set, the body
    /// run; `Ok(false)` when the loop must end (`break`), `Return` passed
    /// on.
    fn pass(&mut self, var: usize, counter: Option<usize>, n: &mut i64, value: i64, body: &Stmt) -> R<Option<Flow>> {
        self.count(1);
        self.check()?;
        self.ints[var] = value;
        if let Some(c) = counter {
            self.ints[c] = *n;
            *n += 1;
        }
        Ok(match self.stmt(body)? {
            Flow::Next | Flow::Continue => None,
            Flow::Break => Some(Flow::Next),
            Flow::Return => Some(Flow::Return),
        })
    }

    /// A loop statement (kept out of [`Machine::stmt`], whose other
    /// statements are short).
    #[inline(never)]
    fn looped(&mut self, s: &Stmt) -> R<Flow> {
        match s {
            Stmt::Range { var, counter, from, to, inclusive, body } => {
                self.count(1);
                let (a, b) = (self.int(from)?, self.int(to)?);
                if counter.is_none()
                    && let Some(push) = one_push(body)
                {
                    return self.push_loop(*var, a, b, *inclusive, push);
                }
                let mut n = 0;
                let mut i = a;
                while if *inclusive { i <= b } else { i < b } {
                    if let Some(end) = self.pass(*var, *counter, &mut n, i, body)? {
                        return Ok(end);
                    }
                    if i == b {
                        break;
                    }
                    i += 1;
                }
            }
            Stmt::Step { var, counter, from, to, step, body } => {
                // rhai's StepRange, as in `eval`.
                self.count(1);
                let (mut from, to, step) = (self.int(from)?, self.int(to)?, self.int(step)?);
                let mut dir = 0;
                if let Some(next) = from.checked_add(step) {
                    if next == from {
                        return Err(Fail);
                    }
                    if from < to && next > from {
                        dir = 1;
                    } else if from > to && next < from {
                        dir = -1;
                    }
                }
                let mut n = 0;
                while dir != 0 {
                    let v = from;
                    let Some(next) = from.checked_add(step) else { break };
                    from = next;
                    if (dir > 0 && from >= to) || (dir < 0 && from <= to) {
                        dir = 0;
                    }
                    if let Some(end) = self.pass(*var, *counter, &mut n, v, body)? {
                        return Ok(end);
                    }
                }
            }
            Stmt::Each { var, counter, values, steps, body } => {
                self.count(*steps);
                let mut n = 0;
                for &v in values {
                    if let Some(end) = self.pass(*var, *counter, &mut n, v, body)? {
                        return Ok(end);
                    }
                }
            }
            Stmt::While(cond, body) => {
                self.count(1);
                loop {
                    self.count(1);
                    self.check()?;
                    if let Some(c) = cond
                        && !self.bool(c)?
                    {
                        break;
                    }
                    match self.stmt(body)? {
                        Flow::Next | Flow::Continue => {}
                        Flow::Break => break,
                        Flow::Return => return Ok(Flow::Return),
                    }
                }
            }
            Stmt::Do(body, cond, until) => {
                self.count(1);
                loop {
                    self.count(1);
                    self.check()?;
                    match self.stmt(body)? {
                        Flow::Next => {}
                        // rhai's `do` loop: a `continue` runs the body
                        // again without testing the condition.
                        Flow::Continue => continue,
                        Flow::Break => break,
                        Flow::Return => return Ok(Flow::Return),
                    }
                    if self.bool(cond)? == *until {
                        break;
                    }
                }
            }
            _ => return Err(Fail),
        }
        Ok(Flow::Next)
    }

    /// `for var in a..b` (or `a..=b`) whose body is one push of integers
    /// at hand, under a condition or none: the passes of [`Machine::pass`],
    /// [`Machine::stmt`] and [`Machine::bool`] with their counts, without
    /// going through them for every option.
    fn push_loop(&mut self, var: usize, a: i64, b: i64, inclusive: bool, push: OnePush<'_>) -> R<Flow> {
        let (cond, put, steps) = push;
        let mut i = a;
        while if inclusive { i <= b } else { i < b } {
            // `pass`: one step, the limits, the variable.
            self.count(1);
            self.check()?;
            self.ints[var] = i;
            let take = match cond {
                None => true,
                Some(c) => {
                    // `PushIf`: one step for the `if`, then the condition.
                    self.count(1);
                    let t = self.test(c)?;
                    if !t {
                        // The empty `else` block.
                        self.count(1);
                    }
                    t
                }
            };
            if take {
                self.put_at_hand(put, steps)?;
            }
            if i == b {
                break;
            }
            i += 1;
        }
        Ok(Flow::Next)
    }

    /// `&&` (`all`) or `||` of comparisons of integers at hand, negated
    /// where `not`, after the step every boolean counts.
    #[inline(always)]
    fn cmps(&mut self, all: bool, not: bool, cmps: &[Cmp]) -> bool {
        // `!` counts one step more, as `Not` does.
        self.count(u64::from(not));
        for c in cmps {
            self.count(3);
            if self.cmp(*c) != all {
                return all == not;
            }
        }
        all != not
    }

    /// [`Machine::bool`], with the comparisons of integers at hand (the
    /// usual conditions of a move) taken first, in line.
    #[inline(always)]
    fn test(&mut self, c: &Bool) -> R<bool> {
        match c {
            Bool::Cmp2(c) => {
                self.count(3);
                Ok(self.cmp(*c))
            }
            Bool::Cmps { all, not, cmps } => {
                self.count(1);
                Ok(self.cmps(*all, *not, cmps))
            }
            other => self.bool(other),
        }
    }

    /// Write one option into a list (with the steps of `Push`).
    #[inline]
    fn put(&mut self, put: &Put) -> R<()> {
        if let Some(n) = put.steps {
            return self.put_at_hand(put, n);
        }
        let mut q = [0i64; super::super::value::INLINE];
        let q = &mut q[..put.items.len()];
        self.count(2);
        for (c, item) in q.iter_mut().zip(&put.items) {
            *c = self.int(item)?;
        }
        let list = &mut self.lists[put.slot];
        list.reserve(q.len());
        for &c in q.iter() {
            list.push(c);
        }
        // rhai's size of the list: 1 + width for each option.
        if list.len() * (1 + self.width) > self.array_cap * self.width {
            return Err(Fail);
        }
        Ok(())
    }

    /// A push whose coordinates are all integers at hand (`steps` known):
    /// written straight into the list. A failure half-way leaves part of
    /// an option there, but a failure gives the whole run up.
    #[inline]
    fn put_at_hand(&mut self, put: &Put, steps: u64) -> R<()> {
        self.count(steps);
        let ints: &[i64] = self.ints;
        let list = &mut self.lists[put.slot];
        for item in &put.items {
            list.push(at_hand(ints, item)?);
        }
        // rhai's size of the list: 1 + width for each option.
        if list.len() * (1 + self.width) > self.array_cap * self.width {
            return Err(Fail);
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> R<Flow> {
        match s {
            Stmt::SetInt(slot, v) => {
                self.count(1);
                self.ints[*slot] = self.int(v)?;
            }
            Stmt::SetBool(slot, v) => {
                self.count(1);
                self.ints[*slot] = i64::from(self.bool(v)?);
            }
            Stmt::OpInt(op, slot, v) => {
                self.count(1);
                let y = self.int(v)?;
                self.ints[*slot] = int_op(*op, self.ints[*slot], y).ok_or(Fail)?;
            }
            Stmt::Clear(slot) => {
                self.count(2);
                self.lists[*slot].clear();
            }
            Stmt::Push(put) => self.put(put)?,
            Stmt::PushIf(c, put) => {
                // As `If` with `Push` and an empty `else` block.
                self.count(1);
                if self.bool(c)? {
                    self.put(put)?;
                } else {
                    self.count(1);
                }
            }
            Stmt::Block(items) => {
                self.count(1);
                for i in items {
                    match self.stmt(i)? {
                        Flow::Next => {}
                        other => return Ok(other),
                    }
                }
            }
            Stmt::If(c, a, b) => {
                self.count(1);
                return if self.bool(c)? { self.stmt(a) } else { self.stmt(b) };
            }
            Stmt::Range { .. } | Stmt::Step { .. } | Stmt::Each { .. } | Stmt::While(..) | Stmt::Do(..) => {
                return self.looped(s);
            }
            Stmt::Break => {
                self.count(1);
                return Ok(Flow::Break);
            }
            Stmt::Continue => {
                self.count(1);
                return Ok(Flow::Continue);
            }
            Stmt::Return(out) => {
                self.count(1);
                self.out(out)?;
                return Ok(Flow::Return);
            }
            Stmt::Int(e) => {
                self.int(e)?;
            }
            Stmt::Bool(e) => {
                self.bool(e)?;
            }
            Stmt::Unit => self.count(1),
        }
        Ok(Flow::Next)
    }
}

/// A loop's body that is one push of integers at hand, alone or under an
/// `if` with no `else`: its condition, the push and its steps.
type OnePush<'a> = (Option<&'a Bool>, &'a Put, u64);

/// The body of a loop as a [`OnePush`], where it is one.
fn one_push(body: &Stmt) -> Option<OnePush<'_>> {
    match body {
        Stmt::Push(put) => Some((None, put, put.steps?)),
        Stmt::PushIf(c, put) => Some((Some(c), put, put.steps?)),
        _ => None,
    }
}

/// A coordinate of a [`Put`] with its steps known (counted there), from
/// the integer slots `ints`.
#[inline]
fn at_hand(ints: &[i64], e: &Int) -> R<i64> {
    let leaf = |Leaf(s): Leaf| ints[s];
    match e {
        Int::Const(i) => Ok(*i),
        Int::Var(s) => Ok(ints[*s]),
        // The usual moves first: no second dispatch on the operator.
        Int::Bin2(BinOp::Sub, a, b) => leaf(*a).checked_sub(leaf(*b)).ok_or(Fail),
        Int::Bin2(BinOp::Add, a, b) => leaf(*a).checked_add(leaf(*b)).ok_or(Fail),
        Int::Bin2(op, a, b) => int_op(*op, leaf(*a), leaf(*b)).ok_or(Fail),
        Int::Pick(Cmp(op, x, y), a, b) => Ok(leaf(if compare(*op, leaf(*x), leaf(*y)) { *a } else { *b })),
        _ => Err(Fail),
    }
}

/// `x op y` for a comparison `op`.
#[inline]
fn compare(op: BinOp, x: i64, y: i64) -> bool {
    match op {
        BinOp::Eq => x == y,
        BinOp::Ne => x != y,
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        _ => x >= y,
    }
}
