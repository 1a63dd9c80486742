//! The values of compiled programs (integers, booleans, arrays; up to
//! [`INLINE`] integers inline) and the operators on them, as rhai computes
//! them: every overflow, division by zero, index out of range or array
//! beyond rhai's size limit is a failure ([`Flow::Fail`]), never a value.

use crate::script;
use std::cell::Cell;
use std::rc::Rc;

/// The most integers of an array kept inline: a position of any game
/// (up to [`crate::rules::MAX_DIMENSION`] coordinates).
pub const INLINE: usize = crate::rules::MAX_DIMENSION;

/// A value of the subset. Arrays of up to [`INLINE`] integers are kept
/// inline (positions are such arrays, and a program builds one per
/// option).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Unit,
    Bool(bool),
    Int(i64),
    /// An array of `len` integers, the first `len` of these.
    Small(u8, [i64; INLINE]),
    Array(Rc<Arr>),
}

/// A constant: a value without an array in `Rc`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Unit,
    Bool(bool),
    Int(i64),
    Small(u8, [i64; INLINE]),
}

impl Scalar {
    pub fn value(self) -> Value {
        match self {
            Scalar::Unit => Value::Unit,
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Int(i) => Value::Int(i),
            Scalar::Small(n, v) => Value::Small(n, v),
        }
    }
}

/// An array with its size as rhai measures it (each item counts one, plus
/// the size of the arrays inside it).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Arr {
    pub items: Vec<Value>,
    pub deep: usize,
}

impl Value {
    /// rhai's size of the value (0 for a scalar).
    pub fn deep(&self) -> usize {
        match self {
            Value::Small(n, _) => *n as usize,
            Value::Array(a) => a.deep,
            _ => 0,
        }
    }

    pub fn len(&self) -> Option<usize> {
        match self {
            Value::Small(n, _) => Some(*n as usize),
            Value::Array(a) => Some(a.items.len()),
            _ => None,
        }
    }

    pub fn get(&self, i: usize) -> Value {
        match self {
            Value::Small(_, v) => Value::Int(v[i]),
            Value::Array(a) => a.items[i].clone(),
            _ => Value::Unit,
        }
    }

    /// The array inside a value, made uniquely owned and not inline.
    pub fn arr_mut(&mut self) -> Option<&mut Arr> {
        if let Value::Small(n, v) = *self {
            let items = v[..n as usize].iter().map(|&i| Value::Int(i)).collect();
            *self = Value::Array(Rc::new(Arr { items, deep: n as usize }));
        }
        match self {
            Value::Array(a) => Some(Rc::make_mut(a)),
            _ => None,
        }
    }
}

/// The items of an array value as a new array, or a failure.
fn to_vec(v: &Value) -> Result<Vec<Value>, Flow> {
    match v {
        Value::Small(n, v) => Ok(v[..*n as usize].iter().map(|&i| Value::Int(i)).collect()),
        Value::Array(a) => Ok(a.items.clone()),
        _ => Err(Flow::Fail),
    }
}

/// An array from its items: inline when it is up to [`INLINE`] integers.
pub fn make_array(items: Vec<Value>) -> Result<Value, Flow> {
    if items.len() <= INLINE && items.iter().all(|v| matches!(v, Value::Int(_))) {
        let mut v = [0; INLINE];
        for (slot, item) in v.iter_mut().zip(&items) {
            if let Value::Int(i) = item {
                *slot = *i;
            }
        }
        return Ok(Value::Small(items.len() as u8, v));
    }
    let deep = items.iter().map(|v| 1 + v.deep()).sum();
    checked_size(deep)?;
    Ok(Value::Array(Rc::new(Arr { items, deep })))
}

thread_local! {
    /// The longest array of the run on this thread (the game's
    /// [`crate::rules::Limits::array_size`]).
    static ARRAY_CAP: Cell<usize> = const { Cell::new(script::MAX_ARRAY) };
}

/// Set the longest array of the next run on this thread.
pub fn set_array_cap(cap: usize) {
    ARRAY_CAP.set(cap);
}

pub fn checked_size(deep: usize) -> Result<(), Flow> {
    if deep > ARRAY_CAP.get() { Err(Flow::Fail) } else { Ok(()) }
}

/// Why evaluation left the normal path.
#[derive(Debug)]
pub enum Flow {
    Break,
    Continue,
    /// `return`: the value waits in [`Run`].
    Return,
    /// An error or a case outside the subset: rhai must run this position.
    Fail,
}

/// A binary operator on values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Change the value at `indices` inside `v`; the change of its size.
pub fn mutate_at(
    v: &mut Value,
    indices: &[i64],
    change: impl FnOnce(&mut Value) -> Result<(), Flow>,
) -> Result<isize, Flow> {
    let Some((&first, rest)) = indices.split_first() else {
        let before = v.deep() as isize;
        change(v)?;
        return Ok(v.deep() as isize - before);
    };
    // `q[i] = k` on an inline array stays inline while the item is an
    // integer (the size does not change).
    if let (Value::Small(n, ints), true) = (&mut *v, rest.is_empty()) {
        let i = index(*n as usize, first)?;
        let mut item = Value::Int(ints[i]);
        change(&mut item)?;
        if let Value::Int(k) = item {
            ints[i] = k;
            return Ok(0);
        }
        let mut items: Vec<Value> = ints[..*n as usize].iter().map(|&k| Value::Int(k)).collect();
        let delta = item.deep() as isize;
        items[i] = item;
        let deep = (*n as isize + delta) as usize;
        checked_size(deep)?;
        *v = Value::Array(Rc::new(Arr { items, deep }));
        return Ok(delta);
    }
    let arr = v.arr_mut().ok_or(Flow::Fail)?;
    let i = index(arr.items.len(), first)?;
    let delta = mutate_at(&mut arr.items[i], rest, change)?;
    arr.deep = (arr.deep as isize + delta) as usize;
    checked_size(arr.deep)?;
    Ok(delta)
}

/// rhai's index into an array of `len` items: negative counts from the end.
pub fn index(len: usize, i: i64) -> Result<usize, Flow> {
    if i >= 0 {
        let i = i as usize;
        if i < len { Ok(i) } else { Err(Flow::Fail) }
    } else {
        let back = i.unsigned_abs() as usize;
        if back <= len { Ok(len - back) } else { Err(Flow::Fail) }
    }
}

/// `array.push(item)` (also `array += item` for an item that is no array).
pub fn push(target: &mut Value, item: Value) -> Result<(), Flow> {
    if let (Value::Small(n, v), Value::Int(i)) = (&mut *target, &item)
        && (*n as usize) < INLINE
    {
        v[*n as usize] = *i;
        *n += 1;
        return Ok(());
    }
    let arr = target.arr_mut().ok_or(Flow::Fail)?;
    arr.deep += 1 + item.deep();
    arr.items.push(item);
    checked_size(arr.deep)
}

pub fn op_assign(op: BinOp, target: &mut Value, v: Value) -> Result<(), Flow> {
    if op == BinOp::Add && target.len().is_some() {
        // rhai: array += array appends, array += anything else pushes.
        if v.len().is_some() {
            for item in to_vec(&v)? {
                push(target, item)?;
            }
            return Ok(());
        }
        return push(target, v);
    }
    let old = std::mem::replace(target, Value::Unit);
    *target = binary(op, old, v)?;
    Ok(())
}

/// `a op b` as rhai computes it, or a failure (overflow, division by zero,
/// types outside the subset).
pub fn binary(op: BinOp, a: Value, b: Value) -> Result<Value, Flow> {
    let (Value::Int(x), Value::Int(y)) = (&a, &b) else {
        return match (op, &a, &b) {
            (BinOp::Eq, Value::Bool(x), Value::Bool(y)) => Ok(Value::Bool(x == y)),
            (BinOp::Ne, Value::Bool(x), Value::Bool(y)) => Ok(Value::Bool(x != y)),
            (BinOp::Add, _, _) if a.len().is_some() && b.len().is_some() => {
                let mut items = to_vec(&a)?;
                items.extend(to_vec(&b)?);
                make_array(items)
            }
            _ => Err(Flow::Fail),
        };
    };
    let (x, y) = (*x, *y);
    match op {
        BinOp::Eq => Ok(Value::Bool(x == y)),
        BinOp::Ne => Ok(Value::Bool(x != y)),
        BinOp::Lt => Ok(Value::Bool(x < y)),
        BinOp::Le => Ok(Value::Bool(x <= y)),
        BinOp::Gt => Ok(Value::Bool(x > y)),
        BinOp::Ge => Ok(Value::Bool(x >= y)),
        _ => int_op(op, x, y).map(Value::Int).ok_or(Flow::Fail),
    }
}

/// `x op y` for an arithmetic or bitwise operator as rhai computes it:
/// `None` on overflow, division by zero or a shift out of range.
#[inline]
pub fn int_op(op: BinOp, x: i64, y: i64) -> Option<i64> {
    match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        BinOp::Div => x.checked_div(y),
        BinOp::Rem => x.checked_rem(y),
        BinOp::Pow => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)),
        BinOp::And => Some(x & y),
        BinOp::Or => Some(x | y),
        BinOp::Xor => Some(x ^ y),
        // `a << n = a * 2^n` exactly, `a >> n = floor(a / 2^n)`, 0 <= n <= 63
        // (the checked shifts of `script`).
        BinOp::Shl => {
            let n = u32::try_from(y).ok().filter(|&n| n <= 63)?;
            let s = x << n;
            if s >> n == x { Some(s) } else { None }
        }
        BinOp::Shr => Some(x >> u32::try_from(y).ok().filter(|&n| n <= 63)?),
        _ => None,
    }
}

impl BinOp {
    /// Whether the operator maps two integers to an integer.
    pub fn is_arithmetic(self) -> bool {
        !matches!(self, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }
}
