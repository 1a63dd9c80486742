//! The helper functions of the formula language, registered in Rust.
//!
//! Every helper takes and returns 64-bit integers (or booleans, or arrays of
//! integers). Arguments outside a helper's domain (a negative pile size, a
//! division by zero, a result beyond 64 bits) are run-time errors with a
//! message, never a panic or a silently wrong value.

use crate::theory;
use rhai::{Array, Dynamic, Engine, EvalAltResult};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// One helper function of the formula language, for the README and the
/// UI's help menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Helper {
    /// The function's name (several for a family such as `min`/`max`); the
    /// UI keys its translated meaning by it.
    pub name: &'static str,
    /// How it is called, as the documentation writes it: `floor_phi(n)`.
    pub signature: &'static str,
    /// A call that compiles in a formula of `x` and `y`, inserted into the
    /// formula when the helper is chosen from the menu: `floor_phi(x)`.
    pub template: &'static str,
    /// What it computes, in English.
    pub meaning: &'static str,
}

const fn helper(name: &'static str, signature: &'static str, template: &'static str, meaning: &'static str) -> Helper {
    Helper { name, signature, template, meaning }
}

/// Every helper: name, signature, a call template and its meaning.
pub const HELPERS: &[Helper] = &[
    helper("floor_phi", "floor_phi(n)", "floor_phi(x)", "floor(n * phi), phi = (1 + sqrt 5) / 2, exact"),
    helper("floor_phi2", "floor_phi2(n)", "floor_phi2(x)", "floor(n * phi^2) = floor_phi(n) + n, exact"),
    helper(
        "wythoff_pair",
        "wythoff_pair(n)",
        "wythoff_pair(x)[0]",
        "the n-th Wythoff P-position [floor_phi(n), floor_phi2(n)]",
    ),
    helper(
        "is_wythoff_p",
        "is_wythoff_p(x, y)",
        "is_wythoff_p(x, y)",
        "true when (x, y) is a P-position of Wythoff's game (the queen)",
    ),
    helper(
        "is_misere_wythoff_p",
        "is_misere_wythoff_p(x, y)",
        "is_misere_wythoff_p(x, y)",
        "true when (x, y) is a P-position of misère Wythoff",
    ),
    helper("hofstadter", "hofstadter(n)", "hofstadter(x)", "Hofstadter's G: h(0) = 0, h(n) = n - h(h(n-1))"),
    helper("gs", "gs(n)", "gs(x)", "the 0/1 sequence gs of the Hofstadter-G variant (arXiv 2510.11767)"),
    helper(
        "is_t2_p",
        "is_t2_p(x, y)",
        "is_t2_p(x, y)",
        "true when (x, y) is a P-position of the queen with terminal set x + y <= 2",
    ),
    helper("is_t2_misere_p", "is_t2_misere_p(x, y)", "is_t2_misere_p(x, y)", "the same for the misère version"),
    helper(
        "ryuoh",
        "ryuoh(p, x, y)",
        "ryuoh(3, x, y)",
        "mod(x+y, p) + p * (floor(x/p) XOR floor(y/p)), the parameter-p piece",
    ),
    helper("nim", "nim(x, y)", "nim(x, y)", "x XOR y, the Grundy number of two-pile Nim (the rook)"),
    helper("mex", "mex(array)", "mex([x, y])", "the least non-negative integer not in the array"),
    helper("min_max", "min(a, b), max(a, b)", "min(x, y)", "the smaller / larger of two integers"),
    helper("abs", "abs(a)", "abs(x - y)", "absolute value"),
    helper("floor_div", "floor_div(a, b)", "floor_div(x, y + 1)", "floor(a / b), rounding toward minus infinity"),
    helper("mod", "mod(a, b)", "mod(x, y + 1)", "the mathematical remainder, 0 <= mod(a, b) < |b|"),
    helper("xor", "xor(a, b)", "xor(x, y)", "a XOR b (the same as a ^ b)"),
    helper("isqrt", "isqrt(n)", "isqrt(x)", "floor(sqrt(n)), exact"),
    helper("fib", "fib(n)", "fib(x)", "the Fibonacci number F(n), F(0) = 0, F(1) = 1, n <= 92"),
    helper("popcount", "popcount(n)", "popcount(x)", "the number of 1 bits of n >= 0"),
];

/// A non-negative argument as u64, or an error naming the function.
fn natural(function: &str, arg: &str, value: i64) -> Fallible<u64> {
    u64::try_from(value).map_err(|_| format!("{function}: {arg} must be >= 0, but it is {value}").into())
}

/// A wide result as i64, or an error naming the function.
fn fits(function: &str, value: impl Into<u128>) -> Fallible<i64> {
    let value = value.into();
    i64::try_from(value).map_err(|_| format!("{function}: the result {value} does not fit in a 64-bit integer").into())
}

/// `floor(a / b)` (toward minus infinity).
pub fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    // checked_div succeeded, so b is not 0 and a % b cannot overflow.
    if a % b != 0 && ((a < 0) != (b < 0)) { q.checked_sub(1) } else { Some(q) }
}

/// The least non-negative integer not among `values` (negatives ignored).
pub fn mex(values: impl IntoIterator<Item = i64>) -> i64 {
    let values: Vec<i64> = values.into_iter().collect();
    // The mex of n values is at most n: larger values cannot matter.
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Ok(i) = usize::try_from(v)
            && i < seen.len()
        {
            seen[i] = true;
        }
    }
    // At most values.len(), which a formula's array limit keeps far below
    // i64::MAX.
    i64::try_from(seen.iter().position(|&s| !s).unwrap_or(seen.len())).unwrap_or(i64::MAX)
}

/// Register every helper of [`HELPERS`] on `engine`.
pub fn register(engine: &mut Engine) {
    engine.register_fn("floor_phi", |n: i64| -> Fallible<i64> {
        fits("floor_phi", theory::floor_phi(natural("floor_phi", "n", n)?))
    });
    engine.register_fn("floor_phi2", |n: i64| -> Fallible<i64> {
        fits("floor_phi2", theory::floor_phi2(natural("floor_phi2", "n", n)?))
    });
    engine.register_fn("wythoff_pair", |n: i64| -> Fallible<Array> {
        let (a, b) = theory::wythoff_pair(natural("wythoff_pair", "n", n)?);
        Ok(vec![Dynamic::from_int(fits("wythoff_pair", a)?), Dynamic::from_int(fits("wythoff_pair", b)?)])
    });
    engine.register_fn("is_wythoff_p", |x: i64, y: i64| -> Fallible<bool> {
        Ok(theory::is_wythoff_p(natural("is_wythoff_p", "x", x)?, natural("is_wythoff_p", "y", y)?))
    });
    engine.register_fn("is_misere_wythoff_p", |x: i64, y: i64| -> Fallible<bool> {
        let f = "is_misere_wythoff_p";
        Ok(theory::is_misere_wythoff_p(natural(f, "x", x)?, natural(f, "y", y)?))
    });
    engine.register_fn("hofstadter", |n: i64| -> Fallible<i64> {
        fits("hofstadter", theory::hofstadter(natural("hofstadter", "n", n)?))
    });
    engine.register_fn("gs", |n: i64| -> Fallible<i64> { fits("gs", theory::gs(natural("gs", "n", n)?)) });
    engine.register_fn("is_t2_p", |x: i64, y: i64| -> Fallible<bool> {
        Ok(theory::is_t2_p(natural("is_t2_p", "x", x)?, natural("is_t2_p", "y", y)?))
    });
    engine.register_fn("is_t2_misere_p", |x: i64, y: i64| -> Fallible<bool> {
        let f = "is_t2_misere_p";
        Ok(theory::is_t2_misere_p(natural(f, "x", x)?, natural(f, "y", y)?))
    });
    engine.register_fn("ryuoh", |p: i64, x: i64, y: i64| -> Fallible<i64> {
        let f = "ryuoh";
        let p = match u64::try_from(p) {
            Ok(p) if p >= 1 => p,
            _ => return Err(format!("ryuoh: p must be >= 1, but it is {p}").into()),
        };
        fits(f, theory::ryuoh_grundy(p, natural(f, "x", x)?, natural(f, "y", y)?))
    });
    engine.register_fn("nim", |x: i64, y: i64| -> Fallible<i64> {
        fits("nim", natural("nim", "x", x)? ^ natural("nim", "y", y)?)
    });
    engine.register_fn("mex", |values: Array| -> Fallible<i64> {
        let mut ints = Vec::with_capacity(values.len());
        for v in values {
            match v.as_int() {
                Ok(i) => ints.push(i),
                Err(t) => {
                    return Err(format!("mex: the array must hold integers, but it holds a {t}").into());
                }
            }
        }
        Ok(mex(ints))
    });
    engine.register_fn("min", |a: i64, b: i64| a.min(b));
    engine.register_fn("max", |a: i64, b: i64| a.max(b));
    engine.register_fn("abs", |a: i64| -> Fallible<i64> {
        a.checked_abs().ok_or_else(|| format!("abs: |{a}| does not fit in a 64-bit integer").into())
    });
    engine.register_fn("floor_div", |a: i64, b: i64| -> Fallible<i64> {
        floor_div(a, b).ok_or_else(|| {
            if b == 0 { "floor_div: division by zero".into() } else { format!("floor_div({a}, {b}) overflows").into() }
        })
    });
    engine.register_fn("mod", |a: i64, b: i64| -> Fallible<i64> {
        if b == 0 {
            return Err("mod: division by zero".into());
        }
        // rem_euclid is never negative and cannot overflow once b = -1 is
        // handled (the remainder is then 0).
        Ok(if b == -1 { 0 } else { a.rem_euclid(b) })
    });
    engine.register_fn("xor", |a: i64, b: i64| a ^ b);
    engine.register_fn("isqrt", |n: i64| -> Fallible<i64> { fits("isqrt", natural("isqrt", "n", n)?.isqrt()) });
    engine.register_fn("fib", |n: i64| -> Fallible<i64> {
        let k = natural("fib", "n", n)?;
        match usize::try_from(k) {
            // F(92) is the largest Fibonacci number below 2^63.
            Ok(k) if k <= 92 => fits("fib", theory::fibonacci(k)),
            _ => Err(format!("fib: F({n}) does not fit in a 64-bit integer (n <= 92)").into()),
        }
    });
    engine.register_fn("popcount", |n: i64| -> Fallible<i64> {
        Ok(i64::from(natural("popcount", "n", n)?.count_ones()))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_helper_template_compiles_and_runs_on_small_cells() {
        for h in HELPERS {
            let f = crate::conjecture::Formula::compile(h.template).unwrap_or_else(|e| panic!("{}: {e}", h.template));
            for (x, y) in [(0, 0), (3, 5), (7, 2)] {
                f.eval(x, y).unwrap_or_else(|e| panic!("{} at ({x}, {y}): {e}", h.template));
            }
            // The template calls the function it stands for.
            let first = h.name.split('_').next().unwrap_or(h.name);
            assert!(h.template.starts_with(first) && h.signature.contains(first), "{h:?}");
        }
    }

    #[test]
    fn floor_div_rounds_down() {
        assert_eq!(floor_div(7, 2), Some(3));
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(-7, -2), Some(3));
        assert_eq!(floor_div(-6, 2), Some(-3));
        assert_eq!(floor_div(1, 0), None);
        assert_eq!(floor_div(i64::MIN, -1), None);
    }

    #[test]
    fn mex_of_the_examples_in_math_md() {
        assert_eq!(mex([0, 1, 2, 3]), 4);
        assert_eq!(mex([1, 1, 2, 3]), 0);
        assert_eq!(mex([0, 2, 3, 5]), 1);
        assert_eq!(mex([0, 0, 0, 1]), 2);
        assert_eq!(mex([]), 0);
        assert_eq!(mex([-1, 0, i64::MAX]), 1);
    }
}
