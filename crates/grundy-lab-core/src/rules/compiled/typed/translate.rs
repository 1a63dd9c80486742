//! The translation of a function's tree of nodes to the typed trees: the
//! type of every slot, then each node to the expression or statement of
//! its type; `None` wherever the function leaves the typed subset.

use super::super::eval::{Builtin, Function, Iterable, Node};
use super::super::value::{BinOp, Scalar};
use super::{Body, Bool, Cmp, Int, Leaf, Out, Put, Stmt, Ty};

/// The typed form of one function; `terminal` gives a boolean, `moves` a
/// list.
pub(super) fn body(f: &Function, width: usize, terminal: bool) -> Option<Body> {
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
        Node::Array(items) if items.len() <= super::super::value::INLINE => {
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
