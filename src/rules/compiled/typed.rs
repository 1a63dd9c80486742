//! The typed tier of compiled programs: `moves` (and `terminal`) whose
//! every variable is, for the whole function, an integer, a boolean or a
//! list of options, and which call no function of the program. Such a
//! function is translated once more, from its [`Node`] tree to trees whose
//! every expression has one type: integers are `i64` in numbered slots
//! (constants too, after the variables) and the options are written side
//! by side into one flat list, so that a run builds no
//! [`super::value::Value`] at all (two to four times as fast as the tree of
//! nodes on the examples).
//!
//! The subset is that of the node tree without calls, indexing, arrays
//! other than the option lists and constant arrays to loop over. Each
//! construct counts the same operations as [`super::eval::Run`] counts for
//! it (see `STEP` there), so this tier stops wherever the tree of nodes
//! would; the count is checked at every pass of a loop and at the end of
//! the run, the clock every [`CLOCK_EVERY`] operations. Any failure (an
//! overflow, a limit, an option list beyond the array limit) gives up, and
//! the position runs again on the tree of nodes and then, if need be,
//! through rhai.

use super::eval::{Builtin, Function, Iterable, Node};
use super::value::{BinOp, Scalar, int_op};
use std::cell::Cell;
use std::time::Duration;
use web_time::Instant;

/// The operations one counted step stands for (as in `eval`).
const STEP: u64 = 3;

/// How often (in operations) a run reads the clock.
const CLOCK_EVERY: u64 = 1 << 14;

/// The type of a variable for the whole function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Int,
    Bool,
    /// A list of options (positions of the program's dimension).
    List,
}

/// An integer at hand: the slot of a variable, or of a constant (the
/// constants of a function sit in slots after its variables, written at
/// the start of each call, so that reading one is never a branch).
#[derive(Clone, Copy, Debug)]
struct Leaf(usize);

/// An integer expression.
#[derive(Debug)]
enum Int {
    Const(i64),
    Var(usize),
    /// An operator on two integers at hand (no recursion, one count).
    Bin2(BinOp, Leaf, Leaf),
    Bin(BinOp, Box<Int>, Box<Int>),
    Neg(Box<Int>),
    Min(Box<Int>, Box<Int>),
    Max(Box<Int>, Box<Int>),
    Abs(Box<Int>),
    If(Box<Bool>, Box<Int>, Box<Int>),
    /// `if a op b { c } else { e }` of integers at hand.
    Pick(Cmp, Leaf, Leaf),
    /// The number of options in a list.
    Len(usize),
}

/// A comparison of two integers at hand.
#[derive(Clone, Copy, Debug)]
struct Cmp(BinOp, Leaf, Leaf);

/// A boolean expression.
#[derive(Debug)]
enum Bool {
    Const(bool),
    Var(usize),
    /// A comparison of two integers at hand.
    Cmp2(Cmp),
    /// `&&` (`all`) or `||` of comparisons of integers at hand, and its
    /// negation (`!`).
    Cmps {
        all: bool,
        not: bool,
        cmps: Vec<Cmp>,
    },
    /// A comparison of two integers.
    Cmp(BinOp, Box<Int>, Box<Int>),
    /// `==` (`false`) or `!=` (`true`) of two booleans.
    Same(bool, Box<Bool>, Box<Bool>),
    Not(Box<Bool>),
    And(Vec<Bool>),
    Or(Vec<Bool>),
    If(Box<Bool>, Box<Bool>, Box<Bool>),
}

/// What a function gives back.
#[derive(Debug)]
enum Out {
    /// The options in a list variable.
    List(usize),
    /// `[]`.
    Empty,
    Bool(Bool),
}

#[derive(Debug)]
enum Stmt {
    /// `let` or `=` of an integer or boolean variable (booleans as 0/1).
    SetInt(usize, Int),
    SetBool(usize, Bool),
    /// `k op= v` on an integer variable.
    OpInt(BinOp, usize, Int),
    /// `let o = []` or `o = []`.
    Clear(usize),
    /// `o.push([a, b, ...])`, one option.
    Push(Put),
    /// `if c { o.push([a, b, ...]) }` (no `else`).
    PushIf(Bool, Put),
    Block(Vec<Stmt>),
    If(Bool, Box<Stmt>, Box<Stmt>),
    Range {
        var: usize,
        counter: Option<usize>,
        from: Int,
        to: Int,
        inclusive: bool,
        body: Box<Stmt>,
    },
    Step {
        var: usize,
        counter: Option<usize>,
        from: Int,
        to: Int,
        step: Int,
        body: Box<Stmt>,
    },
    /// `for k in [a, b, ...]` over integer constants; `steps`: those of
    /// the loop and of its array.
    Each {
        var: usize,
        counter: Option<usize>,
        values: Vec<i64>,
        steps: u64,
        body: Box<Stmt>,
    },
    While(Option<Bool>, Box<Stmt>),
    /// `do body while cond` (`true`: `until`).
    Do(Box<Stmt>, Bool, bool),
    Break,
    Continue,
    Return(Out),
    /// An expression whose value is not used (its failures still count).
    Int(Int),
    Bool(Bool),
    /// `()`.
    Unit,
}

/// One option written into a list: the list, the coordinates, and, when
/// every coordinate is an integer at hand, an operator on two of them or a
/// choice between two by a comparison, the steps of the whole push (known
/// before the run).
#[derive(Debug)]
struct Put {
    slot: usize,
    items: Vec<Int>,
    steps: Option<u64>,
}

impl Put {
    fn new(slot: usize, items: Vec<Int>) -> Put {
        let steps = items
            .iter()
            .map(|i| match i {
                Int::Const(_) | Int::Var(_) => Some(1),
                Int::Bin2(..) => Some(3),
                Int::Pick(..) => Some(5),
                _ => None,
            })
            .sum::<Option<u64>>()
            .map(|n| 2 + n);
        Put { slot, items, steps }
    }
}

/// One function of the tier: its statements and what it gives back.
#[derive(Debug)]
struct Body {
    slots: usize,
    /// The constants at hand, in the slots after `slots`.
    constants: Vec<i64>,
    /// Whether the statements and the result form a block (one step).
    block: bool,
    stmts: Vec<Stmt>,
    out: Out,
}

/// `moves` (and `terminal`) of a program in the typed tier.
#[derive(Debug)]
pub struct Typed {
    moves: Body,
    terminal: Option<Body>,
    /// The coordinates of a position.
    width: usize,
}

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
    /// The typed form of `moves` (and `terminal`), or `None` when they
    /// leave the typed subset.
    pub fn new(functions: &[Function], moves: usize, terminal: Option<usize>, width: usize) -> Option<Typed> {
        if width == 0 || width > super::value::INLINE {
            return None;
        }
        let moves = body(&functions[moves], width, false)?;
        let terminal = match terminal {
            Some(t) => Some(body(&functions[t], width, true)?),
            None => None,
        };
        Some(Typed { moves, terminal, width })
    }

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

/// The typed form of one function; `terminal` gives a boolean, `moves` a
/// list.
fn body(f: &Function, width: usize, terminal: bool) -> Option<Body> {
    let types = infer(f)?;
    let t = Translate { types: &types, width, terminal, slots: f.slots, constants: Default::default() };
    let (block, nodes): (bool, &[Node]) = match &f.body {
        Node::Block(nodes) => (true, nodes),
        other => (false, std::slice::from_ref(other)),
    };
    let (last, rest) = nodes.split_last()?;
    let stmts = rest.iter().map(|n| t.stmt(n)).collect::<Option<Vec<_>>>()?;
    let out = t.out(last)?;
    Some(Body { slots: f.slots, constants: t.constants.into_inner(), block, stmts, out })
}

/// The type of every slot of `f` (parameters and loop variables are
/// integers; each `let` and `=` gives its slot the type of its value),
/// or `None` when a slot would have two types or none can be found.
fn infer(f: &Function) -> Option<Vec<Option<Ty>>> {
    let mut types = vec![None; f.slots];
    for t in types.iter_mut().take(f.params) {
        *t = Some(Ty::Int);
    }
    let mut sets = Vec::new();
    collect(&f.body, &mut types, &mut sets)?;
    loop {
        let mut changed = false;
        for &(slot, value) in &sets {
            if let Some(ty) = ty(value, &types) {
                match types[slot] {
                    None => {
                        types[slot] = Some(ty);
                        changed = true;
                    }
                    Some(t) if t != ty => return None,
                    Some(_) => {}
                }
            }
        }
        if !changed {
            break;
        }
    }
    Some(types)
}

/// The assignments in `node` (slot and value), and the loop variables
/// (integers); `None` where the node leaves the typed subset.
fn collect<'a>(node: &'a Node, types: &mut [Option<Ty>], sets: &mut Vec<(usize, &'a Node)>) -> Option<()> {
    let all = |nodes: &'a [Node], types: &mut [Option<Ty>], sets: &mut Vec<(usize, &'a Node)>| {
        nodes.iter().try_for_each(|n| collect(n, types, sets))
    };
    match node {
        Node::Call(..) | Node::Index(..) => None,
        Node::Const(_) | Node::Var(_) | Node::Break | Node::Continue => Some(()),
        Node::Array(items) | Node::And(items) | Node::Or(items) | Node::Block(items) | Node::Builtin(_, items) => {
            all(items, types, sets)
        }
        Node::Binary(_, a, b) => {
            collect(a, types, sets)?;
            collect(b, types, sets)
        }
        Node::Neg(a) | Node::Not(a) | Node::Return(a) => collect(a, types, sets),
        Node::If(c, a, b) => {
            collect(c, types, sets)?;
            collect(a, types, sets)?;
            collect(b, types, sets)
        }
        Node::While(c, body) => {
            if let Some(c) = c {
                collect(c, types, sets)?;
            }
            collect(body, types, sets)
        }
        Node::Do(body, c, _) => {
            collect(body, types, sets)?;
            collect(c, types, sets)
        }
        Node::For { var, counter, over, body } => {
            for s in std::iter::once(var).chain(counter) {
                if types[*s].replace(Ty::Int).is_some_and(|t| t != Ty::Int) {
                    return None;
                }
            }
            match &**over {
                Iterable::Range { from, to, .. } => {
                    collect(from, types, sets)?;
                    collect(to, types, sets)?;
                }
                Iterable::Step { from, to, step } => {
                    collect(from, types, sets)?;
                    collect(to, types, sets)?;
                    collect(step, types, sets)?;
                }
                Iterable::Array(a) if constants(a).is_some() => {}
                Iterable::Array(_) => return None,
            }
            collect(body, types, sets)
        }
        Node::Let(s, v) => {
            sets.push((*s, v));
            collect(v, types, sets)
        }
        Node::Assign(place, v) | Node::OpAssign(_, place, v) | Node::Push(place, v) => {
            if !place.indices.is_empty() {
                return None;
            }
            if let Node::Assign(..) = node {
                sets.push((place.slot, v));
            }
            collect(v, types, sets)
        }
    }
}

/// The integers of an array of constants (`[1, 3, 4]`), and the steps the
/// tree of nodes counts for a `for` loop over it: one for the loop, one for
/// the array and, when it is written out, one for each item.
fn constants(node: &Node) -> Option<(Vec<i64>, u64)> {
    match node {
        Node::Const(Scalar::Small(n, ints)) => Some((ints[..*n as usize].to_vec(), 2)),
        Node::Array(items) if items.len() <= super::value::INLINE => {
            let ints = items
                .iter()
                .map(|i| match i {
                    Node::Const(Scalar::Int(v)) => Some(*v),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            let steps = 2 + ints.len() as u64;
            Some((ints, steps))
        }
        _ => None,
    }
}

/// Whether a node is the empty list `[]`.
fn is_empty_list(node: &Node) -> bool {
    matches!(node, Node::Const(Scalar::Small(0, _))) || matches!(node, Node::Array(items) if items.is_empty())
}

/// The type of an expression, where the slots' types known so far tell.
fn ty(node: &Node, types: &[Option<Ty>]) -> Option<Ty> {
    match node {
        Node::Const(Scalar::Int(_)) => Some(Ty::Int),
        Node::Const(Scalar::Bool(_)) => Some(Ty::Bool),
        n if is_empty_list(n) => Some(Ty::List),
        Node::Var(s) => types[*s],
        Node::Binary(op, ..) if op.is_arithmetic() => Some(Ty::Int),
        Node::Binary(_, a, _) => ty(a, types).map(|_| Ty::Bool),
        Node::Neg(_) | Node::Builtin(..) => Some(Ty::Int),
        Node::Not(_) | Node::And(_) | Node::Or(_) => Some(Ty::Bool),
        Node::If(_, a, b) => ty(a, types).or_else(|| ty(b, types)),
        _ => None,
    }
}

struct Translate<'a> {
    types: &'a [Option<Ty>],
    width: usize,
    terminal: bool,
    /// The slots of the variables; the constants follow.
    slots: usize,
    constants: std::cell::RefCell<Vec<i64>>,
}

impl Translate<'_> {
    fn is(&self, slot: usize, ty: Ty) -> bool {
        self.types[slot] == Some(ty)
    }

    /// An integer variable or constant.
    fn leaf(&self, node: &Node) -> Option<Leaf> {
        match node {
            Node::Const(Scalar::Int(i)) => {
                let mut constants = self.constants.borrow_mut();
                let k = constants.iter().position(|c| c == i).unwrap_or_else(|| {
                    constants.push(*i);
                    constants.len() - 1
                });
                Some(Leaf(self.slots + k))
            }
            Node::Var(s) if self.is(*s, Ty::Int) => Some(Leaf(*s)),
            _ => None,
        }
    }

    fn int(&self, node: &Node) -> Option<Int> {
        let b = |n: &Node| self.int(n).map(Box::new);
        Some(match node {
            Node::Const(Scalar::Int(i)) => Int::Const(*i),
            Node::Var(s) if self.is(*s, Ty::Int) => Int::Var(*s),
            Node::Binary(op, x, y) if op.is_arithmetic() => match (self.leaf(x), self.leaf(y)) {
                (Some(x), Some(y)) => Int::Bin2(*op, x, y),
                _ => Int::Bin(*op, b(x)?, b(y)?),
            },
            Node::Neg(x) => Int::Neg(b(x)?),
            Node::Builtin(Builtin::Min, args) if args.len() == 2 => Int::Min(b(&args[0])?, b(&args[1])?),
            Node::Builtin(Builtin::Max, args) if args.len() == 2 => Int::Max(b(&args[0])?, b(&args[1])?),
            Node::Builtin(Builtin::Abs, args) if args.len() == 1 => Int::Abs(b(&args[0])?),
            Node::Builtin(Builtin::Len, args) => match &args[..] {
                [Node::Var(s)] if self.is(*s, Ty::List) => Int::Len(*s),
                _ => return None,
            },
            Node::If(c, x, y) => match (self.bool(c)?, self.leaf(x), self.leaf(y)) {
                (Bool::Cmp2(c), Some(x), Some(y)) => Int::Pick(c, x, y),
                (c, ..) => Int::If(Box::new(c), b(x)?, b(y)?),
            },
            _ => return None,
        })
    }

    fn bool(&self, node: &Node) -> Option<Bool> {
        let b = |n: &Node| self.bool(n).map(Box::new);
        Some(match node {
            Node::Const(Scalar::Bool(v)) => Bool::Const(*v),
            Node::Var(s) if self.is(*s, Ty::Bool) => Bool::Var(*s),
            Node::Binary(op @ (BinOp::Eq | BinOp::Ne), x, y) if ty(x, self.types) == Some(Ty::Bool) => {
                Bool::Same(*op == BinOp::Ne, b(x)?, b(y)?)
            }
            Node::Binary(op, x, y) if !op.is_arithmetic() => match (self.leaf(x), self.leaf(y)) {
                (Some(x), Some(y)) => Bool::Cmp2(Cmp(*op, x, y)),
                _ => Bool::Cmp(*op, Box::new(self.int(x)?), Box::new(self.int(y)?)),
            },
            Node::Not(x) => match self.bool(x)? {
                Bool::Cmps { all, not: false, cmps } => Bool::Cmps { all, not: true, cmps },
                x => Bool::Not(Box::new(x)),
            },
            Node::And(items) | Node::Or(items) => {
                let all = matches!(node, Node::And(_));
                let items = items.iter().map(|i| self.bool(i)).collect::<Option<Vec<_>>>()?;
                let cmps: Vec<Cmp> = items
                    .iter()
                    .filter_map(|b| match b {
                        Bool::Cmp2(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                match (cmps.len() == items.len(), all) {
                    (true, _) => Bool::Cmps { all, not: false, cmps },
                    (false, true) => Bool::And(items),
                    (false, false) => Bool::Or(items),
                }
            }
            Node::If(c, x, y) => Bool::If(b(c)?, b(x)?, b(y)?),
            _ => return None,
        })
    }

    /// What `return` or the function's last expression gives.
    fn out(&self, node: &Node) -> Option<Out> {
        if self.terminal {
            return self.bool(node).map(Out::Bool);
        }
        match node {
            Node::Var(s) if self.is(*s, Ty::List) => Some(Out::List(*s)),
            n if is_empty_list(n) => Some(Out::Empty),
            _ => None,
        }
    }

    fn stmt(&self, node: &Node) -> Option<Stmt> {
        let b = |n: &Node| self.stmt(n).map(Box::new);
        let set = |s: usize, v: &Node| match self.types[s]? {
            Ty::Int => self.int(v).map(|v| Stmt::SetInt(s, v)),
            Ty::Bool => self.bool(v).map(|v| Stmt::SetBool(s, v)),
            Ty::List => is_empty_list(v).then_some(Stmt::Clear(s)),
        };
        Some(match node {
            Node::Let(s, v) => set(*s, v)?,
            Node::Assign(place, v) => set(place.slot, v)?,
            Node::OpAssign(op, place, v) if op.is_arithmetic() && self.is(place.slot, Ty::Int) => {
                Stmt::OpInt(*op, place.slot, self.int(v)?)
            }
            Node::Push(place, v) if self.is(place.slot, Ty::List) => match &**v {
                Node::Array(items) if items.len() == self.width => {
                    Stmt::Push(Put::new(place.slot, items.iter().map(|i| self.int(i)).collect::<Option<_>>()?))
                }
                _ => return None,
            },
            Node::Block(items) => Stmt::Block(items.iter().map(|i| self.stmt(i)).collect::<Option<_>>()?),
            Node::If(c, x, y) => match (self.bool(c)?, self.stmt(x)?, &**y) {
                (c, Stmt::Push(put), Node::Block(none)) if none.is_empty() => Stmt::PushIf(c, put),
                (c, x, y) => Stmt::If(c, Box::new(x), b(y)?),
            },
            Node::For { var, counter, over, body } => match &**over {
                Iterable::Range { from, to, inclusive } => Stmt::Range {
                    var: *var,
                    counter: *counter,
                    from: self.int(from)?,
                    to: self.int(to)?,
                    inclusive: *inclusive,
                    body: b(body)?,
                },
                Iterable::Step { from, to, step } => Stmt::Step {
                    var: *var,
                    counter: *counter,
                    from: self.int(from)?,
                    to: self.int(to)?,
                    step: self.int(step)?,
                    body: b(body)?,
                },
                Iterable::Array(a) => {
                    let (values, steps) = constants(a)?;
                    Stmt::Each { var: *var, counter: *counter, values, steps, body: b(body)? }
                }
            },
            Node::While(c, body) => Stmt::While(
                match c {
                    Some(c) => Some(self.bool(c)?),
                    None => None,
                },
                b(body)?,
            ),
            Node::Do(body, c, until) => Stmt::Do(b(body)?, self.bool(c)?, *until),
            Node::Break => Stmt::Break,
            Node::Continue => Stmt::Continue,
            Node::Return(v) => Stmt::Return(self.out(v)?),
            Node::Const(Scalar::Unit) => Stmt::Unit,
            other => match ty(other, self.types)? {
                Ty::Int => Stmt::Int(self.int(other)?),
                Ty::Bool => Stmt::Bool(self.bool(other)?),
                Ty::List => return None,
            },
        })
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

    /// An integer expression, those without a tree below them here.
    #[inline]
    fn simple(&mut self, e: &Int) -> R<i64> {
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
            Int::Pick(c, a, b) => {
                self.count(5);
                Ok(self.leaf(if self.cmp(*c) { *a } else { *b }))
            }
            other => self.int(other),
        }
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
            Bool::Cmps { all, not, cmps } => {
                // `!` counts one step more, as `Not` does.
                self.count(u64::from(*not));
                for c in cmps {
                    self.count(3);
                    if self.cmp(*c) != *all {
                        return Ok(*all == *not);
                    }
                }
                Ok(*all != *not)
            }
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
                self.count(1 + u64::from(*not));
                for c in cmps {
                    self.count(3);
                    if self.cmp(*c) != *all {
                        return Ok(*all == *not);
                    }
                }
                Ok(*all != *not)
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
        let mut q = [0i64; super::value::INLINE];
        let q = &mut q[..put.items.len()];
        self.count(2);
        for (c, item) in q.iter_mut().zip(&put.items) {
            *c = self.simple(item)?;
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
