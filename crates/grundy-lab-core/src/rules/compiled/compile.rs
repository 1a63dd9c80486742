//! From rhai's syntax tree to [`Node`] trees: names become slots, operator
//! calls become [`BinOp`]s, and anything outside the subset (see the module
//! [`super`]) is `None`.

use super::eval::{Builtin, Function, Iterable, Node, Place};
use super::value::{BinOp, INLINE, Scalar};
use rhai::{AST, ASTFlags, ASTNode, Dynamic, Expr, FnCallExpr, Stmt, Token};

/// The functions of the engine the subset computes itself.
const BUILTINS: [&str; 6] = ["min", "max", "abs", "len", "push", "range"];

/// The most variable slots a function may use (rhai allows 256 variables).
const MAX_SLOTS: usize = 200;

/// The script functions of `ast` reachable from `roots` (name and number
/// of parameters), compiled; the index of each root in the result.
pub fn compile(ast: &AST, roots: &[(&str, usize)]) -> Option<(Vec<Function>, Vec<usize>)> {
    // A program that defines a function named like a built-in of the subset
    // is left to rhai, which knows which one a call means.
    if ast.iter_fn_def().any(|f| BUILTINS.contains(&f.name.as_str())) {
        return None;
    }
    let mut program = Compiler { ast, names: Vec::new(), functions: Vec::new() };
    let indices = roots.iter().map(|&(name, n)| program.function(name, n)).collect::<Option<Vec<_>>>()?;
    let functions = program.functions.into_iter().collect::<Option<Vec<_>>>()?;
    Some((functions, indices))
}

struct Compiler<'a> {
    ast: &'a AST,
    /// The functions compiled or being compiled, by name and arity.
    names: Vec<(String, usize)>,
    functions: Vec<Option<Function>>,
}

impl Compiler<'_> {
    /// The index of script function `name` with `n` parameters, compiling
    /// it on first use.
    fn function(&mut self, name: &str, n: usize) -> Option<usize> {
        if let Some(i) = self.names.iter().position(|(m, k)| m == name && *k == n) {
            return Some(i);
        }
        let def = self.ast.iter_fn_def().find(|f| f.name == name && f.params.len() == n)?;
        if def.this_type.is_some() {
            return None;
        }
        let params: Vec<String> = def.params.iter().map(|p| p.to_string()).collect();
        // The statements of the body: a copy of the program with only this
        // function, walked one level deep.
        let mut only = self.ast.clone_functions_only();
        only.retain_functions(|_, _, f, k| f == name && k == n);
        if only.iter_fn_def().count() != 1 {
            return None;
        }
        let mut body: Vec<Stmt> = Vec::new();
        only.walk(&mut |path: &[ASTNode]| {
            if let [ASTNode::Stmt(s)] = path {
                body.push((*s).clone());
            }
            true
        });
        let index = self.functions.len();
        self.names.push((name.to_string(), n));
        self.functions.push(None);
        let mut scope = Scope { vars: params.iter().map(|p| (p.clone(), 0, false)).collect(), slots: n };
        for (i, v) in scope.vars.iter_mut().enumerate() {
            v.1 = i;
        }
        let body = block(body.iter().map(|s| self.stmt(s, &mut scope)).collect::<Option<_>>()?);
        if scope.slots > MAX_SLOTS {
            return None;
        }
        self.functions[index] = Some(Function { params: n, slots: scope.slots, body });
        Some(index)
    }

    fn block(&mut self, stmts: &[Stmt], scope: &mut Scope) -> Option<Node> {
        let mark = scope.vars.len();
        let nodes = stmts.iter().map(|s| self.stmt(s, scope)).collect::<Option<Vec<_>>>();
        scope.vars.truncate(mark);
        Some(block(nodes?))
    }

    fn stmt(&mut self, stmt: &Stmt, scope: &mut Scope) -> Option<Node> {
        Some(match stmt {
            Stmt::Noop(_) => Node::Block(Vec::new()),
            Stmt::If(flow, _) => Node::If(
                Box::new(self.expr(&flow.expr, scope)?),
                Box::new(self.block(flow.body.statements(), scope)?),
                Box::new(self.block(flow.branch.statements(), scope)?),
            ),
            Stmt::While(flow, _) => {
                let cond = match &flow.expr {
                    Expr::Unit(_) => None,
                    e => Some(Box::new(self.expr(e, scope)?)),
                };
                Node::While(cond, Box::new(self.block(flow.body.statements(), scope)?))
            }
            Stmt::Do(flow, flags, _) => {
                let body = self.block(flow.body.statements(), scope)?;
                let cond = self.expr(&flow.expr, scope)?;
                Node::Do(Box::new(body), Box::new(cond), flags.contains(ASTFlags::NEGATED))
            }
            Stmt::For(x, _) => {
                let (var, counter, flow) = &**x;
                let over = self.iterable(&flow.expr, scope)?;
                let mark = scope.vars.len();
                let var_slot = scope.define(&var.name, false);
                let counter_slot = counter.as_ref().map(|c| scope.define(&c.name, false));
                let body = self.block(flow.body.statements(), scope);
                scope.vars.truncate(mark);
                Node::For { var: var_slot, counter: counter_slot, over: Box::new(over), body: Box::new(body?) }
            }
            Stmt::Var(x, flags, _) => {
                if flags.contains(ASTFlags::EXPORTED) {
                    return None;
                }
                let value = self.expr(&x.1, scope)?;
                let slot = scope.define(&x.0.name, flags.contains(ASTFlags::CONSTANT));
                Node::Let(slot, Box::new(value))
            }
            Stmt::Assignment(x) => {
                let (op, target) = &**x;
                let place = self.place(&target.lhs, scope)?;
                let value = Box::new(self.expr(&target.rhs, scope)?);
                match op.get_op_assignment_info() {
                    None => Node::Assign(place, value),
                    Some((.., token, _)) => Node::OpAssign(binop(token)?, place, value),
                }
            }
            Stmt::FnCall(call, _) => self.call(call, scope)?,
            Stmt::Block(block) => self.block(block.statements(), scope)?,
            Stmt::Expr(e) => self.expr(e, scope)?,
            Stmt::BreakLoop(None, flags, _) => {
                if flags.contains(ASTFlags::BREAK) {
                    Node::Break
                } else {
                    Node::Continue
                }
            }
            Stmt::Return(value, flags, _) if !flags.contains(ASTFlags::BREAK) => {
                let value = match value {
                    Some(v) => self.expr(v, scope)?,
                    None => Node::Const(Scalar::Unit),
                };
                Node::Return(Box::new(value))
            }
            _ => return None,
        })
    }

    /// What a `for` loop runs over: a range written in the loop, or an
    /// array.
    fn iterable(&mut self, e: &Expr, scope: &mut Scope) -> Option<Iterable> {
        // A range of constants, which the optimizer has folded.
        if let Expr::DynamicConstant(v, _) = e {
            let int = |i: i64| Node::Const(Scalar::Int(i));
            if let Some(r) = v.read_lock::<std::ops::Range<i64>>() {
                return Some(Iterable::Range { from: int(r.start), to: int(r.end), inclusive: false });
            }
            if let Some(r) = v.read_lock::<std::ops::RangeInclusive<i64>>() {
                return Some(Iterable::Range { from: int(*r.start()), to: int(*r.end()), inclusive: true });
            }
        }
        if let Expr::FnCall(call, _) = e
            && call.namespace.is_empty()
        {
            if reordered(&call.args) {
                return None;
            }
            match (call.op_token.as_ref(), call.name.as_str(), &call.args[..]) {
                (Some(Token::ExclusiveRange), _, [a, b]) | (None, "range", [a, b])
                    if call.op_token.is_some() || !self.is_script_fn("range", 2) =>
                {
                    return Some(Iterable::Range {
                        from: self.expr(a, scope)?,
                        to: self.expr(b, scope)?,
                        inclusive: false,
                    });
                }
                (Some(Token::InclusiveRange), _, [a, b]) => {
                    return Some(Iterable::Range {
                        from: self.expr(a, scope)?,
                        to: self.expr(b, scope)?,
                        inclusive: true,
                    });
                }
                (None, "range", [a, b, c]) if !self.is_script_fn("range", 3) => {
                    return Some(Iterable::Step {
                        from: self.expr(a, scope)?,
                        to: self.expr(b, scope)?,
                        step: self.expr(c, scope)?,
                    });
                }
                _ => {}
            }
        }
        Some(Iterable::Array(self.expr(e, scope)?))
    }

    fn is_script_fn(&self, name: &str, n: usize) -> bool {
        self.ast.iter_fn_def().any(|f| f.name == name && f.params.len() == n)
    }

    /// An assignment target: a variable, indexed zero or more times.
    fn place(&mut self, e: &Expr, scope: &mut Scope) -> Option<Place> {
        match e {
            Expr::Variable(x, _, _) => {
                if !x.2.is_empty() {
                    return None;
                }
                let (slot, constant) = scope.find(&x.1)?;
                if constant {
                    return None;
                }
                Some(Place { slot, indices: Vec::new() })
            }
            Expr::Index(x, flags, _) if !flags.contains(ASTFlags::NEGATED) => {
                let mut place = self.place(&x.lhs, scope)?;
                let (mut x, mut flags) = (x, *flags);
                // rhai chains `a[i][j]` as Index(a, Index(i, j)); the last
                // link is marked BREAK.
                while !flags.contains(ASTFlags::BREAK) {
                    let Expr::Index(y, f, _) = &x.rhs else { return None };
                    if f.contains(ASTFlags::NEGATED) {
                        return None;
                    }
                    place.indices.push(self.expr(&y.lhs, scope)?);
                    (x, flags) = (y, *f);
                }
                place.indices.push(self.expr(&x.rhs, scope)?);
                Some(place)
            }
            _ => None,
        }
    }

    fn expr(&mut self, e: &Expr, scope: &mut Scope) -> Option<Node> {
        Some(match e {
            Expr::DynamicConstant(v, _) => constant(v)?,
            Expr::BoolConstant(b, _) => Node::Const(Scalar::Bool(*b)),
            Expr::IntegerConstant(i, _) => Node::Const(Scalar::Int(*i)),
            Expr::Unit(_) => Node::Const(Scalar::Unit),
            Expr::Array(items, _) => Node::Array(items.iter().map(|i| self.expr(i, scope)).collect::<Option<_>>()?),
            Expr::Variable(x, _, _) => {
                if !x.2.is_empty() {
                    return None;
                }
                Node::Var(scope.find(&x.1)?.0)
            }
            Expr::Stmt(block) => self.block(block.statements(), scope)?,
            Expr::FnCall(call, _) => self.call(call, scope)?,
            Expr::Index(..) if has_effects(e) => return None,
            Expr::Index(x, flags, _) if !flags.contains(ASTFlags::NEGATED) => {
                let mut node = self.expr(&x.lhs, scope)?;
                let (mut x, mut flags) = (x, *flags);
                while !flags.contains(ASTFlags::BREAK) {
                    let Expr::Index(y, f, _) = &x.rhs else { return None };
                    if f.contains(ASTFlags::NEGATED) {
                        return None;
                    }
                    node = Node::Index(Box::new(node), Box::new(self.expr(&y.lhs, scope)?));
                    (x, flags) = (y, *f);
                }
                Node::Index(Box::new(node), Box::new(self.expr(&x.rhs, scope)?))
            }
            Expr::Dot(x, flags, _) if !flags.contains(ASTFlags::NEGATED) => {
                let Expr::MethodCall(call, _) = &x.rhs else { return None };
                // rhai evaluates the arguments before the receiver; the
                // receiver is read last here too only when it is a variable.
                if !matches!(x.lhs, Expr::Variable(..)) && (has_effects(&x.lhs) || call.args.iter().any(has_effects)) {
                    return None;
                }
                if !call.namespace.is_empty() || call.capture_parent_scope {
                    return None;
                }
                if self.is_script_fn(call.name.as_str(), call.args.len() + 1) {
                    return None;
                }
                match (call.name.as_str(), &call.args[..]) {
                    ("push", [item]) => {
                        let place = self.place(&x.lhs, scope)?;
                        Node::Push(place, Box::new(self.expr(item, scope)?))
                    }
                    ("len", []) => Node::Builtin(Builtin::Len, vec![self.expr(&x.lhs, scope)?]),
                    _ => return None,
                }
            }
            Expr::And(items, _) => Node::And(items.iter().map(|i| self.expr(i, scope)).collect::<Option<_>>()?),
            Expr::Or(items, _) => Node::Or(items.iter().map(|i| self.expr(i, scope)).collect::<Option<_>>()?),
            _ => return None,
        })
    }

    fn args(&mut self, args: &[Expr], scope: &mut Scope) -> Option<Vec<Node>> {
        args.iter().map(|a| self.expr(a, scope)).collect()
    }

    fn call(&mut self, call: &FnCallExpr, scope: &mut Scope) -> Option<Node> {
        if !call.namespace.is_empty() || call.capture_parent_scope || reordered(&call.args) {
            return None;
        }
        let args = &call.args[..];
        if let Some(token) = &call.op_token {
            return Some(match (token, args) {
                (Token::UnaryMinus | Token::Minus, [a]) => Node::Neg(Box::new(self.expr(a, scope)?)),
                (Token::Bang, [a]) => Node::Not(Box::new(self.expr(a, scope)?)),
                (t, [a, b]) => Node::Binary(binop(t)?, Box::new(self.expr(a, scope)?), Box::new(self.expr(b, scope)?)),
                _ => return None,
            });
        }
        let name = call.name.as_str();
        if self.is_script_fn(name, args.len()) {
            let args = self.args(args, scope)?;
            return Some(Node::Call(self.function(name, call.args.len())?, args));
        }
        Some(match (name, args) {
            ("min", [_, _]) => Node::Builtin(Builtin::Min, self.args(args, scope)?),
            ("max", [_, _]) => Node::Builtin(Builtin::Max, self.args(args, scope)?),
            ("abs", [_]) => Node::Builtin(Builtin::Abs, self.args(args, scope)?),
            ("len", [_]) => Node::Builtin(Builtin::Len, self.args(args, scope)?),
            // rhai passes a variable as the first argument by reference, so
            // `push(a, x)` changes `a` as `a.push(x)` does.
            ("push", [target @ Expr::Variable(..), item]) => {
                Node::Push(self.place(target, scope)?, Box::new(self.expr(item, scope)?))
            }
            _ => return None,
        })
    }
}

/// Whether rhai evaluates the arguments of a call in another order than
/// the compiled path, with a difference that can show. rhai reads a
/// variable given as the first argument of a function or operator (`k`
/// in `min(k, e)`, `k + e`, `f(k, e)`) *after* the other arguments, by
/// reference (`make_function_call`); with fast operators it reads it
/// first. The compiled path always goes from left to right, so such a call
/// is compiled only when the later arguments have no effects.
fn reordered(args: &[Expr]) -> bool {
    matches!(args.first(), Some(Expr::Variable(..))) && args[1..].iter().any(has_effects)
}

/// Whether evaluating `e` may change a variable (an assignment or a method
/// call such as `push`, in a block inside it) or jump (`break`,
/// `continue`, `return`): the only effects by which the order of
/// evaluation shows. (A failure shows too, but wherever the compiled path
/// fails, rhai runs the position again and reports its own error. A call
/// of a script function changes nothing of its caller: rhai passes
/// arguments by value.)
fn has_effects(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut Vec::new(), &mut |path: &[ASTNode]| {
        found = match path.last() {
            Some(ASTNode::Stmt(s)) => {
                matches!(s, Stmt::Assignment(..) | Stmt::BreakLoop(..) | Stmt::Return(..))
                    || matches!(s, Stmt::FnCall(call, _) if call.name == "push")
            }
            Some(ASTNode::Expr(e)) => {
                matches!(e, Expr::Dot(..) | Expr::MethodCall(..))
                    || matches!(e, Expr::FnCall(call, _) if call.name == "push")
            }
            _ => false,
        };
        !found
    });
    found
}

/// A block of statements; one statement alone is its own block (the same
/// value, one step less).
fn block(mut nodes: Vec<Node>) -> Node {
    if nodes.len() == 1 { nodes.pop().unwrap_or(Node::Const(Scalar::Unit)) } else { Node::Block(nodes) }
}

/// The binary operator of an operator token (`+`, or `+=` for `+`).
fn binop(token: &Token) -> Option<BinOp> {
    Some(match token {
        Token::Plus | Token::PlusAssign => BinOp::Add,
        Token::Minus | Token::MinusAssign => BinOp::Sub,
        Token::Multiply | Token::MultiplyAssign => BinOp::Mul,
        Token::Divide | Token::DivideAssign => BinOp::Div,
        Token::Modulo | Token::ModuloAssign => BinOp::Rem,
        Token::PowerOf | Token::PowerOfAssign => BinOp::Pow,
        Token::Ampersand | Token::AndAssign => BinOp::And,
        Token::Pipe | Token::OrAssign => BinOp::Or,
        Token::XOr | Token::XOrAssign => BinOp::Xor,
        Token::LeftShift | Token::LeftShiftAssign => BinOp::Shl,
        Token::RightShift | Token::RightShiftAssign => BinOp::Shr,
        Token::EqualsTo => BinOp::Eq,
        Token::NotEqualsTo => BinOp::Ne,
        Token::LessThan => BinOp::Lt,
        Token::LessThanEqualsTo => BinOp::Le,
        Token::GreaterThan => BinOp::Gt,
        Token::GreaterThanEqualsTo => BinOp::Ge,
        _ => return None,
    })
}

/// A constant the optimizer folded: an integer, a boolean, `()` or an
/// array of those (an array of up to [`INLINE`] integers inline, a larger
/// one built where it is used).
fn constant(v: &Dynamic) -> Option<Node> {
    if v.is_unit() {
        return Some(Node::Const(Scalar::Unit));
    }
    if let Ok(i) = v.as_int() {
        return Some(Node::Const(Scalar::Int(i)));
    }
    if let Ok(b) = v.as_bool() {
        return Some(Node::Const(Scalar::Bool(b)));
    }
    let items = v.read_lock::<rhai::Array>()?.iter().map(constant).collect::<Option<Vec<_>>>()?;
    if items.len() <= INLINE {
        let mut ints = [0; INLINE];
        for (slot, item) in ints.iter_mut().zip(&items) {
            match item {
                Node::Const(Scalar::Int(i)) => *slot = *i,
                _ => return Some(Node::Array(items)),
            }
        }
        return Some(Node::Const(Scalar::Small(items.len() as u8, ints)));
    }
    Some(Node::Array(items))
}

/// The variables in scope while compiling a function: name, slot, and
/// whether it is a constant.
struct Scope {
    vars: Vec<(String, usize, bool)>,
    slots: usize,
}

impl Scope {
    fn define(&mut self, name: &str, constant: bool) -> usize {
        let slot = self.slots;
        self.slots += 1;
        self.vars.push((name.to_string(), slot, constant));
        slot
    }

    fn find(&self, name: &str) -> Option<(usize, bool)> {
        self.vars.iter().rev().find(|v| v.0 == name).map(|v| (v.1, v.2))
    }
}
