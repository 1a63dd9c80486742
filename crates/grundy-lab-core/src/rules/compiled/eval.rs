//! The evaluator of compiled programs: a walk over [`Node`] trees with
//! variables in numbered slots of one stack, values that are integers,
//! booleans or arrays, and the limits of [`crate::script`].
//!
//! Every failure (an overflow, a type the subset does not handle, a limit)
//! is [`Flow::Fail`]: the caller then runs the position again through rhai,
//! which gives the exact error. So a failure here must only be *at least*
//! as eager as rhai's: operations are over-counted, arrays are measured as
//! rhai measures them at every change, and the call depth is capped below
//! rhai's.

use super::value::{
    BinOp, Flow, INLINE, Scalar, Value, binary, checked_size, index, int_op, make_array, mutate_at, op_assign, push,
};
use web_time::Instant;

/// The deepest chain of calls (rhai allows 24 levels).
const MAX_DEPTH: u32 = 20;

/// The operations one step here counts for. One node here does what rhai
/// counts as one to four operations (a statement, its expression, a method
/// call's chain); counting three for each keeps the count above rhai's, so
/// that a program never finishes here when rhai would stop it.
const STEP: u64 = 3;

/// A built-in function of the subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Min,
    Max,
    Abs,
    Len,
}

/// What a `for` loop runs over.
#[derive(Debug)]
pub enum Iterable {
    /// `a..b` (`inclusive`: `a..=b`).
    Range { from: Node, to: Node, inclusive: bool },
    /// `range(a, b, step)`.
    Step { from: Node, to: Node, step: Node },
    /// Any other expression, which must give an array.
    Array(Node),
}

/// Where an assignment writes: a variable and the indices into it.
#[derive(Debug)]
pub struct Place {
    pub slot: usize,
    pub indices: Vec<Node>,
}

/// A compiled expression or statement; statements give `Unit`, a block the
/// value of its last statement (as in rhai).
#[derive(Debug)]
pub enum Node {
    /// A scalar or an inline array (arrays in `Rc` are built at run time,
    /// so that the compiled program can be shared between threads).
    Const(Scalar),
    Var(usize),
    Array(Vec<Node>),
    Binary(BinOp, Box<Node>, Box<Node>),
    Neg(Box<Node>),
    Not(Box<Node>),
    And(Vec<Node>),
    Or(Vec<Node>),
    Call(usize, Vec<Node>),
    Builtin(Builtin, Vec<Node>),
    Index(Box<Node>, Box<Node>),
    Block(Vec<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    /// `while cond { body }`; `loop` has no condition.
    While(Option<Box<Node>>, Box<Node>),
    /// `do { body } while cond` (`until`: `do { body } until cond`); as in
    /// rhai, a `continue` in the body skips the test of `cond`.
    Do(Box<Node>, Box<Node>, bool),
    For {
        var: usize,
        counter: Option<usize>,
        over: Box<Iterable>,
        body: Box<Node>,
    },
    Let(usize, Box<Node>),
    Assign(Place, Box<Node>),
    OpAssign(BinOp, Place, Box<Node>),
    Push(Place, Box<Node>),
    Break,
    Continue,
    Return(Box<Node>),
}

/// A compiled function: its body and how many slots its variables take
/// (the parameters first).
#[derive(Debug)]
pub struct Function {
    pub params: usize,
    pub slots: usize,
    pub body: Node,
}

/// The state of one run: the variables of every active call, the count of
/// operations and the deadline.
pub struct Run<'a> {
    functions: &'a [Function],
    stack: Vec<Value>,
    base: usize,
    depth: u32,
    operations: u64,
    /// The cap on `operations` (the game's [`crate::rules::Limits::operations`]).
    max_operations: u64,
    deadline: Instant,
    /// The value of the `return` under way.
    returned: Value,
}

impl<'a> Run<'a> {
    pub fn new(functions: &'a [Function], stack: Vec<Value>, deadline: Instant, max_operations: u64) -> Run<'a> {
        Run { functions, stack, base: 0, depth: 0, operations: 0, max_operations, deadline, returned: Value::Unit }
    }

    /// The stack back, for the next run to reuse its memory.
    pub fn into_stack(mut self) -> Vec<Value> {
        self.stack.clear();
        self.stack
    }

    /// Call function `f` with `args`.
    pub fn call(&mut self, f: usize, args: &[i64]) -> Result<Value, Flow> {
        let base = self.stack.len();
        self.stack.extend(args.iter().map(|&a| Value::Int(a)));
        self.enter(f, base)
    }

    /// Run function `f` whose arguments are on the stack from `base`.
    fn enter(&mut self, f: usize, base: usize) -> Result<Value, Flow> {
        let functions = self.functions;
        let function = &functions[f];
        if self.depth >= MAX_DEPTH || self.stack.len() != base + function.params {
            return Err(Flow::Fail);
        }
        self.tick(3)?;
        self.stack.resize(base + function.slots, Value::Unit);
        let saved = self.base;
        self.base = base;
        self.depth += 1;
        let result = self.eval(&function.body);
        self.base = saved;
        self.depth -= 1;
        self.stack.truncate(base);
        match result {
            Ok(v) => Ok(v),
            Err(Flow::Return) => Ok(std::mem::replace(&mut self.returned, Value::Unit)),
            Err(_) => Err(Flow::Fail),
        }
    }

    /// Count `n` steps, each as [`STEP`] operations; stop at the limit,
    /// and at the deadline (the clock is read every 1024 operations).
    #[inline]
    fn tick(&mut self, n: u64) -> Result<(), Flow> {
        let before = self.operations;
        self.operations += STEP * n;
        if self.operations > self.max_operations {
            return Err(Flow::Fail);
        }
        if before >> 10 != self.operations >> 10 && Instant::now() > self.deadline {
            return Err(Flow::Fail);
        }
        Ok(())
    }

    /// The integer a variable or constant holds, if it is one.
    fn peek_int(&self, node: &Node) -> Option<i64> {
        match node {
            Node::Const(Scalar::Int(i)) => Some(*i),
            Node::Var(s) => match self.stack[self.base + s] {
                Value::Int(i) => Some(i),
                _ => None,
            },
            _ => None,
        }
    }

    fn slot(&mut self, s: usize) -> &mut Value {
        &mut self.stack[self.base + s]
    }

    /// The value of `node`, which must be an integer. Integer arithmetic
    /// takes this shorter way (the same operations in the same order).
    fn int(&mut self, node: &Node) -> Result<i64, Flow> {
        match node {
            Node::Const(Scalar::Int(i)) => {
                self.tick(1)?;
                Ok(*i)
            }
            Node::Var(s) => {
                self.tick(1)?;
                match self.stack[self.base + s] {
                    Value::Int(i) => Ok(i),
                    _ => Err(Flow::Fail),
                }
            }
            Node::Binary(op, a, b) if op.is_arithmetic() => {
                self.tick(1)?;
                let x = self.int(a)?;
                let y = self.int(b)?;
                int_op(*op, x, y).ok_or(Flow::Fail)
            }
            Node::Builtin(b @ (Builtin::Min | Builtin::Max), args) if args.len() == 2 => {
                self.tick(2 + args.len() as u64)?;
                let x = self.int(&args[0])?;
                let y = self.int(&args[1])?;
                Ok(if *b == Builtin::Min { x.min(y) } else { x.max(y) })
            }
            _ => match self.eval(node)? {
                Value::Int(i) => Ok(i),
                _ => Err(Flow::Fail),
            },
        }
    }

    /// The value of `node`, which must be a boolean. Comparisons of
    /// integers at hand and `!`, `&&`, `||` of them take this shorter way,
    /// with the steps [`Run::eval`] counts for them.
    fn bool(&mut self, node: &Node) -> Result<bool, Flow> {
        match node {
            Node::Binary(op, a, b) => {
                if let (Some(x), Some(y)) = (self.peek_int(a), self.peek_int(b))
                    && let Some(answer) = compare(*op, x, y)
                {
                    self.tick(3)?;
                    return Ok(answer);
                }
            }
            Node::Not(a) => {
                self.tick(1)?;
                return Ok(!self.bool(a)?);
            }
            Node::And(items) => {
                self.tick(1)?;
                for item in items {
                    if !self.bool(item)? {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
            Node::Or(items) => {
                self.tick(1)?;
                for item in items {
                    if self.bool(item)? {
                        return Ok(true);
                    }
                }
                return Ok(false);
            }
            _ => {}
        }
        match self.eval(node)? {
            Value::Bool(b) => Ok(b),
            _ => Err(Flow::Fail),
        }
    }

    pub fn eval(&mut self, node: &Node) -> Result<Value, Flow> {
        self.tick(1)?;
        match node {
            Node::Const(v) => Ok(v.value()),
            Node::Var(s) => Ok(self.slot(*s).clone()),
            Node::Array(items) if items.len() <= INLINE => match self.small_array(items)? {
                Ok(ints) => Ok(Value::Small(items.len() as u8, ints)),
                Err(values) => make_array(values),
            },
            Node::Array(items) => {
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    values.push(self.eval(item)?);
                }
                make_array(values)
            }
            Node::Binary(op, a, b) => {
                if let (Some(x), Some(y)) = (self.peek_int(a), self.peek_int(b)) {
                    // Both sides are integers at hand: no values to build.
                    self.tick(2)?;
                    return match op.is_arithmetic() {
                        true => int_op(*op, x, y).map(Value::Int).ok_or(Flow::Fail),
                        false => binary(*op, Value::Int(x), Value::Int(y)),
                    };
                }
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                binary(*op, a, b)
            }
            Node::Neg(a) => Ok(Value::Int(self.int(a)?.checked_neg().ok_or(Flow::Fail)?)),
            Node::Not(a) => Ok(Value::Bool(!self.bool(a)?)),
            Node::And(items) => {
                for item in items {
                    if !self.bool(item)? {
                        return Ok(Value::Bool(false));
                    }
                }
                Ok(Value::Bool(true))
            }
            Node::Or(items) => {
                for item in items {
                    if self.bool(item)? {
                        return Ok(Value::Bool(true));
                    }
                }
                Ok(Value::Bool(false))
            }
            Node::Call(f, args) => {
                self.tick(1 + args.len() as u64)?;
                let base = self.stack.len();
                for a in args {
                    let v = self.eval(a)?;
                    self.stack.push(v);
                }
                self.enter(*f, base)
            }
            Node::Builtin(b, args) => self.builtin(*b, args),
            Node::Index(a, i) => {
                self.tick(2)?;
                let a = self.eval(a)?;
                let i = self.int(i)?;
                let len = a.len().ok_or(Flow::Fail)?;
                Ok(a.get(index(len, i)?))
            }
            Node::Block(stmts) => {
                let mut last = Value::Unit;
                for s in stmts {
                    last = self.eval(s)?;
                }
                Ok(last)
            }
            Node::If(c, then, other) => {
                if self.bool(c)? {
                    self.eval(then)
                } else {
                    self.eval(other)
                }
            }
            Node::While(cond, body) => {
                loop {
                    self.tick(1)?;
                    if let Some(c) = cond
                        && !self.bool(c)?
                    {
                        break;
                    }
                    match self.eval(body) {
                        Ok(_) | Err(Flow::Continue) => {}
                        Err(Flow::Break) => break,
                        Err(e) => return Err(e),
                    }
                }
                Ok(Value::Unit)
            }
            Node::Do(body, cond, until) => {
                loop {
                    self.tick(1)?;
                    match self.eval(body) {
                        Ok(_) => {}
                        // rhai's `do` loop: a `continue` runs the body
                        // again without testing the condition.
                        Err(Flow::Continue) => continue,
                        Err(Flow::Break) => break,
                        Err(e) => return Err(e),
                    }
                    if self.bool(cond)? == *until {
                        break;
                    }
                }
                Ok(Value::Unit)
            }
            Node::For { var, counter, over, body } => self.for_loop(*var, *counter, over, body),
            Node::Let(s, v) => {
                let v = self.eval(v)?;
                *self.slot(*s) = v;
                Ok(Value::Unit)
            }
            Node::Assign(place, v) => {
                let v = self.eval(v)?;
                self.mutate(place, |target| {
                    *target = v;
                    Ok(())
                })?;
                Ok(Value::Unit)
            }
            Node::OpAssign(op, place, v) => {
                let v = self.eval(v)?;
                let op = *op;
                self.mutate(place, |target| op_assign(op, target, v))?;
                Ok(Value::Unit)
            }
            Node::Push(place, v) => {
                if let (true, Node::Array(items)) = (place.indices.is_empty(), &**v)
                    && items.len() <= INLINE
                {
                    // `options.push([a, b])`: the position is written
                    // straight into the array.
                    self.tick(1)?;
                    let v = match self.small_array(items)? {
                        Ok(ints) => {
                            let target = self.slot(place.slot);
                            if let Some(arr) = target.arr_mut() {
                                arr.deep += 1 + items.len();
                                arr.items.push(Value::Small(items.len() as u8, ints));
                                checked_size(arr.deep)?;
                                return Ok(Value::Unit);
                            }
                            Value::Small(items.len() as u8, ints)
                        }
                        Err(values) => make_array(values)?,
                    };
                    push(self.slot(place.slot), v)?;
                    return Ok(Value::Unit);
                }
                let v = self.eval(v)?;
                self.mutate(place, |target| push(target, v))?;
                Ok(Value::Unit)
            }
            Node::Break => Err(Flow::Break),
            Node::Continue => Err(Flow::Continue),
            Node::Return(v) => {
                self.returned = self.eval(v)?;
                Err(Flow::Return)
            }
        }
    }

    /// The items of an array literal of up to [`INLINE`] items: the
    /// integers inline, or (when one is not an integer) the values.
    fn small_array(&mut self, items: &[Node]) -> Result<Result<[i64; INLINE], Vec<Value>>, Flow> {
        let mut ints = [0; INLINE];
        for (k, item) in items.iter().enumerate() {
            match self.item(item)? {
                Ok(i) => ints[k] = i,
                Err(other) => {
                    let mut values: Vec<Value> = ints[..k].iter().map(|&i| Value::Int(i)).collect();
                    values.push(other);
                    for rest in &items[k + 1..] {
                        values.push(self.eval(rest)?);
                    }
                    return Ok(Err(values));
                }
            }
        }
        Ok(Ok(ints))
    }

    /// The value of an item of an array literal: an integer, or (`Err`)
    /// any other value. An integer at hand, arithmetic on two of them and
    /// an `if` choosing between such items take a shorter way than
    /// [`Run::eval`], with the steps it counts for them.
    fn item(&mut self, node: &Node) -> Result<Result<i64, Value>, Flow> {
        if let Some(i) = self.peek_int(node) {
            self.tick(1)?;
            return Ok(Ok(i));
        }
        match node {
            Node::Binary(op, a, b) if op.is_arithmetic() => {
                if let (Some(x), Some(y)) = (self.peek_int(a), self.peek_int(b)) {
                    self.tick(3)?;
                    return int_op(*op, x, y).map(Ok).ok_or(Flow::Fail);
                }
            }
            Node::If(c, then, other) => {
                self.tick(1)?;
                let branch = if self.bool(c)? { then } else { other };
                return self.item(branch);
            }
            _ => {}
        }
        Ok(match self.eval(node)? {
            Value::Int(i) => Ok(i),
            other => Err(other),
        })
    }

    fn builtin(&mut self, b: Builtin, args: &[Node]) -> Result<Value, Flow> {
        self.tick(1 + args.len() as u64)?;
        match (b, args) {
            (Builtin::Min, [a, c]) => Ok(Value::Int(self.int(a)?.min(self.int(c)?))),
            (Builtin::Max, [a, c]) => Ok(Value::Int(self.int(a)?.max(self.int(c)?))),
            (Builtin::Abs, [a]) => Ok(Value::Int(self.int(a)?.checked_abs().ok_or(Flow::Fail)?)),
            (Builtin::Len, [a]) => {
                let n = self.eval(a)?.len().ok_or(Flow::Fail)?;
                Ok(Value::Int(n as i64))
            }
            _ => Err(Flow::Fail),
        }
    }

    /// Run `body` with `var` set to each value; `Ok(false)` when a `break`
    /// ends the loop.
    fn step(
        &mut self,
        var: usize,
        counter: Option<usize>,
        n: &mut i64,
        value: Value,
        body: &Node,
    ) -> Result<bool, Flow> {
        self.tick(1)?;
        *self.slot(var) = value;
        if let Some(c) = counter {
            *self.slot(c) = Value::Int(*n);
            *n += 1;
        }
        match self.eval(body) {
            Ok(_) | Err(Flow::Continue) => Ok(true),
            Err(Flow::Break) => Ok(false),
            Err(e) => Err(e),
        }
    }

    fn for_loop(&mut self, var: usize, counter: Option<usize>, over: &Iterable, body: &Node) -> Result<Value, Flow> {
        let mut n = 0;
        match over {
            Iterable::Range { from, to, inclusive } => {
                let (a, b) = (self.int(from)?, self.int(to)?);
                let mut i = a;
                if *inclusive {
                    while i <= b {
                        if !self.step(var, counter, &mut n, Value::Int(i), body)? || i == b {
                            break;
                        }
                        i += 1;
                    }
                } else {
                    while i < b {
                        if !self.step(var, counter, &mut n, Value::Int(i), body)? {
                            break;
                        }
                        i += 1;
                    }
                }
            }
            Iterable::Step { from, to, step } => {
                // rhai's StepRange: the direction is fixed at the start, and
                // an overflowing step ends the loop before the last value.
                let (mut from, to, step) = (self.int(from)?, self.int(to)?, self.int(step)?);
                let mut dir = 0;
                if let Some(next) = from.checked_add(step) {
                    if next == from {
                        return Err(Flow::Fail);
                    }
                    if from < to && next > from {
                        dir = 1;
                    } else if from > to && next < from {
                        dir = -1;
                    }
                }
                while dir != 0 {
                    let v = from;
                    let Some(next) = from.checked_add(step) else { break };
                    from = next;
                    if (dir > 0 && from >= to) || (dir < 0 && from <= to) {
                        dir = 0;
                    }
                    if !self.step(var, counter, &mut n, Value::Int(v), body)? {
                        break;
                    }
                }
            }
            Iterable::Array(a) => {
                let a = self.eval(a)?;
                let len = a.len().ok_or(Flow::Fail)?;
                for i in 0..len {
                    if !self.step(var, counter, &mut n, a.get(i), body)? {
                        break;
                    }
                }
            }
        }
        Ok(Value::Unit)
    }

    /// Apply `change` to the value at `place`, keeping the sizes of the
    /// arrays that hold it up to date and within the limit.
    fn mutate(&mut self, place: &Place, change: impl FnOnce(&mut Value) -> Result<(), Flow>) -> Result<(), Flow> {
        if place.indices.is_empty() {
            // A variable's own size is checked where it changes (push,
            // make_array); only the arrays that hold a value need its change.
            return change(self.slot(place.slot));
        }
        // Up to four indices on the stack (`a[i][j]` is the most a program
        // usually has).
        let mut few = [0i64; 4];
        let mut many = Vec::new();
        let n = place.indices.len();
        for (k, i) in place.indices.iter().enumerate() {
            self.tick(2)?;
            let i = self.int(i)?;
            if n <= few.len() {
                few[k] = i;
            } else {
                many.push(i);
            }
        }
        let indices = if n <= few.len() { &few[..n] } else { &many[..] };
        let target = self.slot(place.slot);
        mutate_at(target, indices, change).map(|_| ())
    }
}

/// `x op y` where `op` is a comparison (`None` for the other operators).
fn compare(op: BinOp, x: i64, y: i64) -> Option<bool> {
    match op {
        BinOp::Eq => Some(x == y),
        BinOp::Ne => Some(x != y),
        BinOp::Lt => Some(x < y),
        BinOp::Le => Some(x <= y),
        BinOp::Gt => Some(x > y),
        BinOp::Ge => Some(x >= y),
        _ => None,
    }
}
