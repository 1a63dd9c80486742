//! Statements in Walnut's syntax, read into a tree and compiled into an
//! automaton over their free variables.
//!
//! Syntax: `A x,y φ` (for all), `E x φ` (there is), `~φ`, `φ & ψ`,
//! `φ | ψ`, `φ => ψ`, `φ <=> ψ`, comparisons `< <= = != >= >` of terms
//! made of variables, natural numbers, `+`, `-` (natural subtraction:
//! `x - y` exists only when `y <= x`, as in Walnut) and `c*t`; predicates
//! `NAME(t, …)`, with or without Walnut's `$`. A quantifier reaches as far
//! right as it can. A leading `?msd_fib` or `?msd_2` names the numeration.

use super::automaton::Automaton;
use super::basic;
use super::numeration::Numeration;
use super::{Limits, ProofError};
use std::collections::HashMap;
use std::fmt;

/// A term: a natural number made of variables and constants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    /// A variable.
    Var(String),
    /// A natural number.
    Const(u64),
    /// `t + u`.
    Add(Box<Term>, Box<Term>),
    /// `t - u`, defined when `u <= t`.
    Sub(Box<Term>, Box<Term>),
    /// `c * t`.
    Mul(u64, Box<Term>),
}

/// A comparison of two terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `>=`
    Ge,
    /// `>`
    Gt,
}

/// A first-order formula over the natural numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// `true` or `false`.
    Bool(bool),
    /// A comparison of two terms.
    Compare(Cmp, Term, Term),
    /// A predicate applied to terms (`P(x, y)`, `G(1, x, y)`, …).
    Pred(String, Vec<Term>),
    /// `~φ`
    Not(Box<Formula>),
    /// `φ & ψ`
    And(Box<Formula>, Box<Formula>),
    /// `φ | ψ`
    Or(Box<Formula>, Box<Formula>),
    /// `φ => ψ`
    Implies(Box<Formula>, Box<Formula>),
    /// `φ <=> ψ`
    Iff(Box<Formula>, Box<Formula>),
    /// `E x, y φ`
    Exists(Vec<String>, Box<Formula>),
    /// `A x, y φ`
    Forall(Vec<String>, Box<Formula>),
}

/// A statement as read: its numeration if it names one, and its formula.
#[derive(Clone, Debug)]
pub struct Statement {
    /// The numeration named by a leading `?msd_…`, if any.
    pub numeration: Option<Numeration>,
    /// The formula.
    pub formula: Formula,
}

/// The longest statement accepted, in bytes.
pub const MAX_STATEMENT: usize = 10_000;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Num(u64),
    Sym(&'static str),
}

fn tokenize(text: &str) -> Result<Vec<(Tok, usize)>, ProofError> {
    const SYMS: [&str; 17] =
        ["<=>", "=>", "<=", ">=", "!=", "<", ">", "=", "~", "&", "|", "+", "-", "*", "(", ")", ","];
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() || c == '$' {
            i += 1;
        } else if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let n = text[s..i].parse::<u64>().map_err(|_| ProofError::Syntax {
                at: s,
                message: format!("the number {} is too large", &text[s..i]),
            })?;
            out.push((Tok::Num(n), s));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Ident(text[s..i].to_string()), s));
        } else if let Some(sym) = SYMS.iter().find(|s| text[i..].starts_with(**s)) {
            out.push((Tok::Sym(sym), i));
            i += sym.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(ProofError::Syntax { at: i, message: format!("unexpected character '{ch}'") });
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    end: usize,
    /// How deeply the formulas being read are nested.
    depth: usize,
}

/// The deepest nesting of parentheses, negations and quantifiers read: a
/// deeper statement is refused rather than allowed to exhaust the stack.
pub const MAX_NESTING: usize = 200;

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }
    fn at(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |t| t.1)
    }
    fn err<T>(&self, message: impl Into<String>) -> Result<T, ProofError> {
        Err(ProofError::Syntax { at: self.at(), message: message.into() })
    }
    fn eat(&mut self, sym: &str) -> bool {
        if let Some(Tok::Sym(s)) = self.peek()
            && *s == sym
        {
            self.pos += 1;
            return true;
        }
        false
    }
    fn expect(&mut self, sym: &str) -> Result<(), ProofError> {
        if self.eat(sym) { Ok(()) } else { self.err(format!("expected '{sym}'")) }
    }

    fn formula(&mut self) -> Result<Formula, ProofError> {
        self.depth += 1;
        let f = self.formula_inner();
        self.depth -= 1;
        f
    }
    fn formula_inner(&mut self) -> Result<Formula, ProofError> {
        if self.depth > MAX_NESTING {
            return self.err(format!("the statement is nested more than {MAX_NESTING} deep"));
        }
        let left = self.implication()?;
        if self.eat("<=>") {
            let right = self.formula()?;
            return Ok(Formula::Iff(Box::new(left), Box::new(right)));
        }
        Ok(left)
    }
    fn implication(&mut self) -> Result<Formula, ProofError> {
        let left = self.disjunction()?;
        if self.eat("=>") {
            let right = self.implication()?;
            return Ok(Formula::Implies(Box::new(left), Box::new(right)));
        }
        Ok(left)
    }
    fn disjunction(&mut self) -> Result<Formula, ProofError> {
        let mut left = self.conjunction()?;
        while self.eat("|") {
            let right = self.conjunction()?;
            left = Formula::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }
    fn conjunction(&mut self) -> Result<Formula, ProofError> {
        let mut left = self.unary()?;
        while self.eat("&") {
            let right = self.unary()?;
            left = Formula::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }
    fn unary(&mut self) -> Result<Formula, ProofError> {
        if self.eat("~") {
            self.depth += 1;
            let inner = if self.depth > MAX_NESTING {
                self.err(format!("the statement is nested more than {MAX_NESTING} deep"))
            } else {
                self.unary()
            };
            self.depth -= 1;
            return Ok(Formula::Not(Box::new(inner?)));
        }
        if let Some(Tok::Ident(q)) = self.peek().cloned()
            && (q == "A" || q == "E")
        {
            self.pos += 1;
            let mut vars = Vec::new();
            loop {
                match self.peek().cloned() {
                    Some(Tok::Ident(v)) if v != "A" && v != "E" => {
                        self.pos += 1;
                        vars.push(v);
                    }
                    _ => return self.err(format!("expected a variable after '{q}'")),
                }
                if !self.eat(",") {
                    break;
                }
            }
            // The body reaches as far right as it can.
            let body = Box::new(self.formula()?);
            return Ok(if q == "A" { Formula::Forall(vars, body) } else { Formula::Exists(vars, body) });
        }
        self.atom()
    }
    fn atom(&mut self) -> Result<Formula, ProofError> {
        // A parenthesis opens a formula or a term: try the formula first.
        if self.peek() == Some(&Tok::Sym("(")) {
            let save = self.pos;
            self.pos += 1;
            if let Ok(f) = self.formula()
                && self.eat(")")
                && !matches!(self.peek(), Some(Tok::Sym(s)) if ["+", "-", "*", "<", "<=", "=", "!=", ">=", ">"].contains(s))
            {
                return Ok(f);
            }
            self.pos = save;
        }
        if let Some(Tok::Ident(name)) = self.peek().cloned() {
            if name == "true" || name == "false" {
                self.pos += 1;
                return Ok(Formula::Bool(name == "true"));
            }
            if self.toks.get(self.pos + 1).map(|t| &t.0) == Some(&Tok::Sym("(")) {
                self.pos += 2;
                let mut args = vec![self.term()?];
                while self.eat(",") {
                    args.push(self.term()?);
                }
                self.expect(")")?;
                return Ok(Formula::Pred(name, args));
            }
        }
        let left = self.term()?;
        let op = match self.peek() {
            Some(Tok::Sym("<")) => Cmp::Lt,
            Some(Tok::Sym("<=")) => Cmp::Le,
            Some(Tok::Sym("=")) => Cmp::Eq,
            Some(Tok::Sym("!=")) => Cmp::Ne,
            Some(Tok::Sym(">=")) => Cmp::Ge,
            Some(Tok::Sym(">")) => Cmp::Gt,
            _ => return self.err("expected a comparison (< <= = != >= >) after the term"),
        };
        self.pos += 1;
        let right = self.term()?;
        Ok(Formula::Compare(op, left, right))
    }
    fn term(&mut self) -> Result<Term, ProofError> {
        let mut left = self.product()?;
        loop {
            if self.eat("+") {
                left = Term::Add(Box::new(left), Box::new(self.product()?));
            } else if self.eat("-") {
                left = Term::Sub(Box::new(left), Box::new(self.product()?));
            } else {
                return Ok(left);
            }
        }
    }
    fn product(&mut self) -> Result<Term, ProofError> {
        let first = self.factor()?;
        if self.eat("*") {
            let second = self.product()?;
            return match (first, second) {
                (Term::Const(c), t) | (t, Term::Const(c)) => Ok(Term::Mul(c, Box::new(t))),
                _ => self.err("a product needs a constant factor (2*x); x*y is not in this logic"),
            };
        }
        Ok(first)
    }
    fn factor(&mut self) -> Result<Term, ProofError> {
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(Term::Const(n))
            }
            Some(Tok::Ident(v)) if v != "A" && v != "E" => {
                self.pos += 1;
                Ok(Term::Var(v))
            }
            Some(Tok::Sym("(")) if self.depth < MAX_NESTING => {
                self.depth += 1;
                self.pos += 1;
                let t = self.term();
                self.depth -= 1;
                let t = t?;
                self.expect(")")?;
                Ok(t)
            }
            Some(Tok::Sym("(")) => self.err(format!("the statement is nested more than {MAX_NESTING} deep")),
            _ => self.err("expected a number, a variable or '('"),
        }
    }
}

/// Read a statement in Walnut's syntax.
pub fn parse(text: &str) -> Result<Statement, ProofError> {
    if text.len() > MAX_STATEMENT {
        return Err(ProofError::Syntax {
            at: 0,
            message: format!("the statement is longer than {MAX_STATEMENT} bytes"),
        });
    }
    let mut body = text.trim_start();
    let offset = text.len() - body.len();
    let mut numeration = None;
    if let Some(rest) = body.strip_prefix('?') {
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        numeration = Some(Numeration::parse(&name).ok_or(ProofError::Syntax {
            at: offset,
            message: format!("unknown numeration ?{name} (use ?msd_fib or ?msd_2 … ?msd_16)"),
        })?);
        body = &rest[name.len()..];
    }
    let start = text.len() - body.len();
    let mut toks = tokenize(body)?;
    for t in &mut toks {
        t.1 += start;
    }
    let mut p = Parser { toks, pos: 0, end: text.len(), depth: 0 };
    let formula = p.formula()?;
    if p.pos < p.toks.len() {
        return p.err("unexpected text after the statement");
    }
    Ok(Statement { numeration, formula })
}

impl Formula {
    /// The free variables, in the order they first appear.
    pub fn free_variables(&self) -> Vec<String> {
        fn term(t: &Term, bound: &[String], out: &mut Vec<String>) {
            match t {
                Term::Var(v) => {
                    if !bound.contains(v) && !out.contains(v) {
                        out.push(v.clone())
                    }
                }
                Term::Const(_) => {}
                Term::Add(a, b) | Term::Sub(a, b) => {
                    term(a, bound, out);
                    term(b, bound, out)
                }
                Term::Mul(_, a) => term(a, bound, out),
            }
        }
        fn go(f: &Formula, bound: &mut Vec<String>, out: &mut Vec<String>) {
            match f {
                Formula::Bool(_) => {}
                Formula::Compare(_, a, b) => {
                    term(a, bound, out);
                    term(b, bound, out)
                }
                Formula::Pred(_, args) => args.iter().for_each(|a| term(a, bound, out)),
                Formula::Not(a) => go(a, bound, out),
                Formula::And(a, b) | Formula::Or(a, b) | Formula::Implies(a, b) | Formula::Iff(a, b) => {
                    go(a, bound, out);
                    go(b, bound, out)
                }
                Formula::Exists(vs, a) | Formula::Forall(vs, a) => {
                    let n = bound.len();
                    bound.extend(vs.iter().cloned());
                    go(a, bound, out);
                    bound.truncate(n);
                }
            }
        }
        let mut out = Vec::new();
        go(self, &mut Vec::new(), &mut out);
        out
    }

    /// The same formula with every variable renamed by `name` (bound and
    /// free alike).
    pub fn renamed(&self, name: &dyn Fn(&str) -> String) -> Formula {
        fn term(t: &Term, name: &dyn Fn(&str) -> String) -> Term {
            match t {
                Term::Var(v) => Term::Var(name(v)),
                Term::Const(c) => Term::Const(*c),
                Term::Add(a, b) => Term::Add(Box::new(term(a, name)), Box::new(term(b, name))),
                Term::Sub(a, b) => Term::Sub(Box::new(term(a, name)), Box::new(term(b, name))),
                Term::Mul(c, a) => Term::Mul(*c, Box::new(term(a, name))),
            }
        }
        let go = |f: &Formula| Box::new(f.renamed(name));
        match self {
            Formula::Bool(b) => Formula::Bool(*b),
            Formula::Compare(op, a, b) => Formula::Compare(*op, term(a, name), term(b, name)),
            Formula::Pred(n, args) => Formula::Pred(n.clone(), args.iter().map(|a| term(a, name)).collect()),
            Formula::Not(a) => Formula::Not(go(a)),
            Formula::And(a, b) => Formula::And(go(a), go(b)),
            Formula::Or(a, b) => Formula::Or(go(a), go(b)),
            Formula::Implies(a, b) => Formula::Implies(go(a), go(b)),
            Formula::Iff(a, b) => Formula::Iff(go(a), go(b)),
            Formula::Exists(vs, a) => Formula::Exists(vs.iter().map(|v| name(v)).collect(), go(a)),
            Formula::Forall(vs, a) => Formula::Forall(vs.iter().map(|v| name(v)).collect(), go(a)),
        }
    }

    /// The predicates the formula uses, each once.
    pub fn predicates(&self) -> Vec<(String, Vec<Term>)> {
        fn go(f: &Formula, out: &mut Vec<(String, Vec<Term>)>) {
            match f {
                Formula::Pred(n, a) => out.push((n.clone(), a.clone())),
                Formula::Bool(_) | Formula::Compare(..) => {}
                Formula::Not(a) | Formula::Exists(_, a) | Formula::Forall(_, a) => go(a, out),
                Formula::And(a, b) | Formula::Or(a, b) | Formula::Implies(a, b) | Formula::Iff(a, b) => {
                    go(a, out);
                    go(b, out)
                }
            }
        }
        let mut out = Vec::new();
        go(self, &mut out);
        out
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Var(v) => write!(f, "{v}"),
            Term::Const(c) => write!(f, "{c}"),
            Term::Add(a, b) => write!(f, "({a}+{b})"),
            Term::Sub(a, b) => write!(f, "({a}-{b})"),
            Term::Mul(c, a) => write!(f, "{c}*{a}"),
        }
    }
}

/// Walnut's syntax: predicates with `$`, every compound in parentheses.
impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Formula::Bool(b) => write!(f, "{}", if *b { "true" } else { "false" }),
            Formula::Compare(op, a, b) => {
                let s = match op {
                    Cmp::Lt => "<",
                    Cmp::Le => "<=",
                    Cmp::Eq => "=",
                    Cmp::Ne => "!=",
                    Cmp::Ge => ">=",
                    Cmp::Gt => ">",
                };
                write!(f, "{a}{s}{b}")
            }
            Formula::Pred(n, args) => {
                // Walnut's automata take no parameters: G(1, x, y) is $G1(x,y).
                let (name, args) = match (n.as_str(), args.first()) {
                    ("G", Some(Term::Const(k))) => (format!("G{k}"), &args[1..]),
                    _ => (n.clone(), &args[..]),
                };
                let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
                write!(f, "${name}({})", args.join(","))
            }
            Formula::Not(a) => write!(f, "~({a})"),
            Formula::And(a, b) => write!(f, "({a} & {b})"),
            Formula::Or(a, b) => write!(f, "({a} | {b})"),
            Formula::Implies(a, b) => write!(f, "({a} => {b})"),
            Formula::Iff(a, b) => write!(f, "({a} <=> {b})"),
            Formula::Exists(v, a) => write!(f, "(E {} {a})", v.join(",")),
            Formula::Forall(v, a) => write!(f, "(A {} {a})", v.join(",")),
        }
    }
}

/// Where a compilation finds the automata of predicates: the name as
/// written and the number of arguments give an automaton whose tracks are
/// the arguments in order. `G(k, x, y)` looks up `G` with its first
/// argument a constant.
pub trait Predicates {
    /// The automaton of `name` applied to `args` (the constant arguments it
    /// takes as parameters, such as the k of `G(k, x, y)`, already read
    /// off), or why not.
    fn automaton(&self, name: &str, args: &[Term]) -> Result<(Automaton, usize), ProofError>;
}

/// No predicates at all.
pub struct NoPredicates;

impl Predicates for NoPredicates {
    fn automaton(&self, name: &str, _: &[Term]) -> Result<(Automaton, usize), ProofError> {
        Err(ProofError::UnknownPredicate { name: name.to_string() })
    }
}

/// Turns formulas into automata in one numeration.
pub struct Compiler<'a> {
    numeration: Numeration,
    predicates: &'a dyn Predicates,
    limits: &'a Limits,
    fresh: usize,
    cache: HashMap<&'static str, Automaton>,
    control: Option<&'a crate::control::Control>,
}

impl<'a> Compiler<'a> {
    /// A compiler for `numeration` with these predicates and limits.
    pub fn new(numeration: Numeration, predicates: &'a dyn Predicates, limits: &'a Limits) -> Self {
        Compiler { numeration, predicates, limits, fresh: 0, cache: HashMap::new(), control: None }
    }

    /// The same compiler, stopping with [`ProofError::Cancelled`] when the
    /// control says so.
    pub fn with_control(mut self, control: &'a crate::control::Control) -> Self {
        self.control = Some(control);
        self
    }

    fn check(&self) -> Result<(), ProofError> {
        match self.control {
            Some(c) if c.must_stop() => Err(ProofError::Cancelled),
            _ => Ok(()),
        }
    }

    fn fresh(&mut self) -> String {
        self.fresh += 1;
        // '#' cannot be typed in a variable's name: no clash with the user's.
        format!("#{}", self.fresh)
    }

    /// `sum(a, b, r)` as a definition: `a + b = r`. A variable written
    /// twice (x + x) gets a fresh copy equal to it, as a track has one name.
    fn define_sum(&mut self, a: &str, b: &str, r: &str, defs: &mut Vec<Automaton>, fresh: &mut Vec<String>) {
        let mut names = [a.to_string(), b.to_string(), r.to_string()];
        for i in 1..3 {
            if names[..i].contains(&names[i]) {
                let copy = self.fresh();
                defs.push(self.basic("eq", &[&copy, &names[i]]));
                fresh.push(copy.clone());
                names[i] = copy;
            }
        }
        defs.push(self.basic("add", &[&names[0], &names[1], &names[2]]));
    }

    fn basic(&mut self, which: &'static str, names: &[&str]) -> Automaton {
        let num = self.numeration;
        let a = self
            .cache
            .entry(which)
            .or_insert_with(|| match which {
                "eq" => basic::equal(num, "a", "b"),
                "lt" => basic::less(num, "a", "b"),
                _ => basic::sum(num, "a", "b", "c"),
            })
            .clone();
        a.renamed(names.iter().map(|s| s.to_string()).collect())
    }

    /// The variable holding the value of `t`, with the automata that
    /// define the fresh variables it needs (to be joined, then projected).
    fn term(&mut self, t: &Term, defs: &mut Vec<Automaton>, fresh: &mut Vec<String>) -> Result<String, ProofError> {
        Ok(match t {
            Term::Var(v) => v.clone(),
            Term::Const(c) => {
                let r = self.fresh();
                defs.push(basic::constant(self.numeration, &r, *c));
                fresh.push(r.clone());
                r
            }
            Term::Add(a, b) => {
                let (x, y) = (self.term(a, defs, fresh)?, self.term(b, defs, fresh)?);
                let r = self.fresh();
                self.define_sum(&x, &y, &r, defs, fresh);
                fresh.push(r.clone());
                r
            }
            Term::Sub(a, b) => {
                let (x, y) = (self.term(a, defs, fresh)?, self.term(b, defs, fresh)?);
                let r = self.fresh();
                // r = x - y  iff  r + y = x.
                self.define_sum(&r, &y, &x, defs, fresh);
                fresh.push(r.clone());
                r
            }
            Term::Mul(c, a) => {
                let x = self.term(a, defs, fresh)?;
                if *c == 0 {
                    return self.term(&Term::Const(0), defs, fresh);
                }
                // Double and add: c*x from the binary digits of c.
                let mut acc: Option<String> = None;
                for bit in (0..64 - c.leading_zeros()).rev() {
                    if let Some(a) = acc.clone() {
                        let r = self.fresh();
                        self.define_sum(&a, &a, &r, defs, fresh);
                        fresh.push(r.clone());
                        acc = Some(r);
                    }
                    if (c >> bit) & 1 == 1 {
                        acc = Some(match acc {
                            None => x.clone(),
                            Some(a) => {
                                let r = self.fresh();
                                self.define_sum(&a, &x, &r, defs, fresh);
                                fresh.push(r.clone());
                                r
                            }
                        });
                    }
                }
                acc.unwrap_or(x)
            }
        })
    }

    /// The conjunction of `parts`, with the `fresh` variables projected
    /// away as soon as no later part uses them.
    fn join(&mut self, parts: Vec<Automaton>, fresh: &[String]) -> Result<Automaton, ProofError> {
        let mut acc: Option<Automaton> = None;
        for (i, p) in parts.iter().enumerate() {
            self.check()?;
            let mut a = match acc {
                None => p.clone(),
                Some(a) => a.combine(p, |x, y| x && y, self.limits)?,
            };
            for v in fresh {
                let later = parts[i + 1..].iter().any(|q| q.tracks().contains(v));
                if !later && a.tracks().contains(v) {
                    a = a.exists(v, self.limits)?;
                }
            }
            acc = Some(a);
        }
        Ok(acc.unwrap_or_else(|| Automaton::constant_set(self.numeration, Vec::new(), true)))
    }

    /// The automaton of `f` over its free variables.
    pub fn compile(&mut self, f: &Formula) -> Result<Automaton, ProofError> {
        self.check()?;
        let and = |x: bool, y: bool| x && y;
        Ok(match f {
            Formula::Bool(b) => Automaton::constant_set(self.numeration, Vec::new(), *b),
            Formula::Compare(op, a, b) => {
                let (mut defs, mut fresh) = (Vec::new(), Vec::new());
                let x = self.term(a, &mut defs, &mut fresh)?;
                let y = self.term(b, &mut defs, &mut fresh)?;
                let rel = match op {
                    Cmp::Eq | Cmp::Ne => self.basic("eq", &[&x, &y]),
                    Cmp::Lt | Cmp::Ge => self.basic("lt", &[&x, &y]),
                    Cmp::Gt | Cmp::Le => self.basic("lt", &[&y, &x]),
                };
                let rel = if matches!(op, Cmp::Ne | Cmp::Ge | Cmp::Le) { rel.complement(self.limits)? } else { rel };
                if x == y {
                    // x = x, x < x, …: one track, not two of one name.
                    let t = matches!(op, Cmp::Eq | Cmp::Ge | Cmp::Le);
                    defs.push(Automaton::constant_set(self.numeration, vec![x.clone()], true));
                    let joined = self.join(defs, &fresh)?;
                    return if t { Ok(joined) } else { Ok(joined.combine(&joined, |_, _| false, self.limits)?) };
                }
                defs.push(rel);
                self.join(defs, &fresh)?
            }
            Formula::Pred(name, args) => {
                let (aut, skip) = self.predicates.automaton(name, args)?;
                let args = &args[skip..];
                if args.len() != aut.tracks().len() {
                    return Err(ProofError::Arity {
                        name: name.clone(),
                        expected: aut.tracks().len(),
                        got: args.len(),
                    });
                }
                let (mut defs, mut fresh) = (Vec::new(), Vec::new());
                let mut names = Vec::new();
                for a in args {
                    let v = self.term(a, &mut defs, &mut fresh)?;
                    // A variable used twice gets a fresh track equal to it.
                    if names.contains(&v) {
                        let r = self.fresh();
                        defs.push(self.basic("eq", &[&r, &v]));
                        fresh.push(r.clone());
                        names.push(r);
                    } else {
                        names.push(v);
                    }
                }
                defs.push(aut.renamed(names));
                self.join(defs, &fresh)?
            }
            Formula::Not(a) => self.compile(a)?.complement(self.limits)?,
            Formula::And(a, b) => self.compile(a)?.combine(&self.compile(b)?, and, self.limits)?,
            Formula::Or(a, b) => self.compile(a)?.combine(&self.compile(b)?, |x, y| x || y, self.limits)?,
            Formula::Implies(a, b) => self.compile(a)?.combine(&self.compile(b)?, |x, y| !x || y, self.limits)?,
            Formula::Iff(a, b) => self.compile(a)?.combine(&self.compile(b)?, |x, y| x == y, self.limits)?,
            Formula::Exists(vars, a) => {
                let mut aut = self.compile(a)?;
                for v in vars.iter().rev() {
                    self.check()?;
                    aut = aut.exists(v, self.limits)?;
                }
                aut
            }
            Formula::Forall(vars, a) => {
                let mut aut = self.compile(a)?.complement(self.limits)?;
                for v in vars.iter().rev() {
                    self.check()?;
                    aut = aut.exists(v, self.limits)?;
                }
                aut.complement(self.limits)?
            }
        })
    }
}
