//! Operators of the formula language that differ from rhai's defaults, so
//! that a formula never gives a silently wrong answer:
//!
//! - A comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`) of two values of
//!   different types is an error. rhai answers `false` (`true` for `!=`),
//!   so `x < true` or `x == "3"` would quietly compare nothing.
//! - `a << n` is `a * 2^n` and `a >> n` is `floor(a / 2^n)`, for
//!   `0 <= n <= 63`; a shift outside that range, or a left shift whose
//!   result does not fit in a 64-bit integer (bits or the sign lost, as in
//!   `1 << 63`), is an error. rhai gives 0 (or shifts the other way for a
//!   negative `n`).
//!
//! These are registered in the engine's own namespace, which rhai searches
//! before its packages and before its built-in operators; the engine must
//! run with fast operators off, since those skip registered overloads.

use rhai::{Array, Blob, Dynamic, Engine, EvalAltResult, FLOAT, FnPtr, INT, ImmutableString, Map};
use std::any::TypeId;
use std::ops::{Range, RangeInclusive};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// The comparison operators.
pub const COMPARISONS: [&str; 6] = ["==", "!=", "<", "<=", ">", ">="];

/// Every type a formula can build: literals, arrays, maps, ranges,
/// function pointers (and, for completeness, blobs and timestamps, which
/// the sandbox's packages cannot make today).
fn value_types() -> [TypeId; 13] {
    [
        TypeId::of::<INT>(),
        TypeId::of::<FLOAT>(),
        TypeId::of::<bool>(),
        TypeId::of::<()>(),
        TypeId::of::<ImmutableString>(),
        TypeId::of::<char>(),
        TypeId::of::<Array>(),
        TypeId::of::<Blob>(),
        TypeId::of::<Map>(),
        TypeId::of::<FnPtr>(),
        TypeId::of::<Range<INT>>(),
        TypeId::of::<RangeInclusive<INT>>(),
        TypeId::of::<rhai::Instant>(),
    ]
}

/// The name of a value's type in words.
fn type_in_words(value: &Dynamic) -> String {
    let words = match value.type_name() {
        "i64" => "an integer",
        "f64" => "a decimal number (use integer operations: / and % on integers, floor_div, isqrt, floor_phi)",
        "bool" => "a boolean",
        "()" => "nothing (`()`)",
        "string" => "a string",
        "char" => "a character",
        "array" => "an array",
        "blob" => "a blob",
        "map" => "a map",
        "Fn" => "a function pointer",
        "timestamp" => "a timestamp",
        other if other.contains("RangeInclusive") => "a range (a..=b)",
        other if other.contains("Range") => "a range (a..b)",
        other => return format!("a value of type {other}"),
    };
    words.to_string()
}

/// The error of `a op b` for values of different types.
fn mismatch(op: &str, a: &Dynamic, b: &Dynamic) -> Box<EvalAltResult> {
    format!(
        "cannot compare {} with {} using `{op}`: both sides of a comparison must have the same type",
        type_in_words(a),
        type_in_words(b)
    )
    .into()
}

/// `a << n = a * 2^n`, or an error when `n` is outside 0..=63 or the
/// product does not fit in a 64-bit integer.
pub fn shift_left(a: INT, n: INT) -> Fallible<INT> {
    let amount = shift_amount("<<", a, n)?;
    let shifted = a << amount;
    // The shift kept every bit (and the sign) exactly when shifting back
    // (arithmetically) restores `a`.
    if shifted >> amount == a {
        Ok(shifted)
    } else {
        Err(format!("shift overflow: {a} << {n} = {a} * 2^{n} does not fit in a 64-bit integer").into())
    }
}

/// `a >> n = floor(a / 2^n)` (an arithmetic shift), or an error when `n` is
/// outside 0..=63.
pub fn shift_right(a: INT, n: INT) -> Fallible<INT> {
    Ok(a >> shift_amount(">>", a, n)?)
}

fn shift_amount(op: &str, a: INT, n: INT) -> Fallible<u32> {
    match u32::try_from(n) {
        Ok(amount) if amount <= 63 => Ok(amount),
        _ => Err(format!("shift out of range: {a} {op} {n}; the shift amount must be from 0 to 63").into()),
    }
}

/// Register the checked comparisons and shifts on `engine`.
pub fn register(engine: &mut Engine) {
    let types = value_types();
    for &a in &types {
        for &b in types.iter().filter(|&&b| b != a) {
            for op in COMPARISONS {
                // Exact overloads for every pair of different types: rhai
                // looks these up before its built-in `false`, and its
                // optimizer does not fold a constant comparison that has an
                // overload (`true > 1` stays an error, not `false`).
                engine.register_raw_fn(op, [a, b], move |_, args: &mut [&mut Dynamic]| -> Fallible<bool> {
                    Err(mismatch(op, args[0], args[1]))
                });
            }
        }
    }
    engine.register_fn("<<", shift_left);
    engine.register_fn(">>", shift_right);
    engine.register_fn("<<=", |a: &mut INT, n: INT| -> Fallible<()> {
        *a = shift_left(*a, n)?;
        Ok(())
    });
    engine.register_fn(">>=", |a: &mut INT, n: INT| -> Fallible<()> {
        *a = shift_right(*a, n)?;
        Ok(())
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_are_exact_or_errors() {
        assert_eq!(shift_left(1, 0).unwrap(), 1);
        assert_eq!(shift_left(3, 4).unwrap(), 48);
        assert_eq!(shift_left(1, 62).unwrap(), 1 << 62);
        assert_eq!(shift_left(-1, 63).unwrap(), i64::MIN);
        assert_eq!(shift_left(-5, 2).unwrap(), -20);
        assert!(shift_left(1, 63).is_err(), "the sign would change");
        assert!(shift_left(3, 62).is_err(), "a bit would be lost");
        assert!(shift_left(1, 64).is_err());
        assert!(shift_left(1, -1).is_err());
        assert!(shift_left(0, i64::MIN).is_err());
        assert_eq!(shift_right(-7, 1).unwrap(), -4, "floor(-7 / 2)");
        assert_eq!(shift_right(i64::MAX, 63).unwrap(), 0);
        assert_eq!(shift_right(i64::MIN, 63).unwrap(), -1);
        assert!(shift_right(1, 64).is_err());
        assert!(shift_right(1, -1).is_err());
    }
}
