//! The typed tier of compiled programs: `moves` (and `terminal`) whose
//! every variable is, for the whole function, an integer, a boolean or a
//! list of options, and which call no function of the program. Such a
//! function is translated once more, from its [`super::eval::Node`] tree to trees whose
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
//! the run, the clock every 16 384 operations. Any failure (an
//! overflow, a limit, an option list beyond the array limit) gives up, and
//! the position runs again on the tree of nodes and then, if need be,
//! through rhai.
//!
//! This file holds the typed trees; `translate.rs` makes them from the
//! tree of nodes, and `machine.rs` runs them.

use super::eval::Function;
use super::value::BinOp;

mod machine;
mod translate;

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

impl Typed {
    /// The typed form of `moves` (and `terminal`), or `None` when they
    /// leave the typed subset.
    pub fn new(functions: &[Function], moves: usize, terminal: Option<usize>, width: usize) -> Option<Typed> {
        if width == 0 || width > super::value::INLINE {
            return None;
        }
        let moves = translate::body(&functions[moves], width, false)?;
        let terminal = match terminal {
            Some(t) => Some(translate::body(&functions[t], width, true)?),
            None => None,
        };
        Some(Typed { moves, terminal, width })
    }
}
