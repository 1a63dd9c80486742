//! How a statement about a sequence reads its heap `n`: whether only
//! through values `g(n + c)`, `g_of("SPEC", n + c)` (constant offsets `c`),
//! residues `n % m` (constant `m > 0`) and comparisons with a constant
//! (`n >= c`). Such a statement is, from some
//! heap on, periodic wherever the sequences it reads are (see
//! [`Shape::period_from`]): a finite check then proves it for every `n`.
//!
//! The reading is of the text's tokens and errs on the safe side: `n` (or
//! `x`) anywhere else (`g(2 * n)`, `let m = n`, `2 ** n % 3`) gives no
//! shape, and the check stays evidence.

/// What a statement reads of the heap `n`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// The offsets `c` of `g(n + c)` in the game checked (`g` alone is
    /// `c = 0`).
    pub own: Vec<i64>,
    /// Each other game's offsets, by the spec its `g_of` names.
    pub others: Vec<(String, Vec<i64>)>,
    /// The moduli `m` of `n % m`.
    pub moduli: Vec<u64>,
    /// The constants `c` of comparisons `n >= c` (also `>`, `<`, `<=`,
    /// `==`, `!=`), each the same from `n = c + 1` on.
    pub thresholds: Vec<u64>,
}

/// One token of a formula: what the reading needs to tell apart.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Name(String),
    Int(i64),
    Text(String),
    Symbol(&'static str),
    /// A number that is not a plain integer, or a character the reading
    /// does not know.
    Other,
    /// A string with code inside (`${...}` in backticks): not read.
    Interpolated,
}

/// The operators of rhai, longest first.
const SYMBOLS: [&str; 43] = [
    "**=", "<<=", ">>=", "...", "..=", "**", "==", "!=", "<=", ">=", "&&", "||", "..", "::", "+=", "-=", "*=", "/=",
    "%=", "|=", "&=", "^=", "<<", ">>", "?.", "??", "=>", "->", "|>", "(", ")", "[", "]", "{", "}", ",", ";", "+", "-",
    "*", "/", "%", "=",
];
const SINGLE: [&str; 10] = ["<", ">", "!", "?", ":", "^", "&", "|", ".", "#"];

fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
        if c.is_whitespace() {
            i += 1;
        } else if rest.starts_with("//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if rest.starts_with("/*") {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
        } else if c == '"' || c == '`' || c == '\'' {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' {
                    i += 1;
                }
                if let Some(&ch) = chars.get(i) {
                    s.push(ch);
                }
                i += 1;
            }
            i += 1;
            let code = c == '`' && s.contains("${");
            out.push(if code { Token::Interpolated } else { Token::Text(s) });
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Name(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            // A decimal point followed by a digit makes a float.
            if chars.get(i) == Some(&'.') && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
                i += 1;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                out.push(Token::Other);
                continue;
            }
            let digits: String = chars[start..i].iter().filter(|&&d| d != '_').collect();
            out.push(digits.parse().map_or(Token::Other, Token::Int));
        } else if let Some(s) = SYMBOLS.iter().chain(&SINGLE).find(|s| rest.starts_with(**s)) {
            i += s.chars().count();
            out.push(Token::Symbol(s));
        } else {
            i += 1;
            out.push(Token::Other);
        }
    }
    out
}

/// What may come just before `n % m` without taking `n` first: the
/// operators below `%` in rhai's precedence, brackets, separators and the
/// words that start an expression.
const BEFORE_RESIDUE: [&str; 19] =
    ["(", "[", "{", ",", ";", "=", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "+", "-", "^", "&", "|"];
/// What may not come just after `n % m`: operators that bind `m` first,
/// and calls, indexes and properties of `m`.
const AFTER_RESIDUE: [&str; 6] = ["**", "<<", ">>", "(", "[", "."];

/// Text that keeps a formula from having a shape (see [`shape`]).
const UNREAD: [&str; 6] = ["/*", "`", "?.", "?[", "#{", "::"];

/// The operators that give a variable a value.
const ASSIGNMENTS: [&str; 12] = ["=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", "|=", "&=", "^="];

/// The comparisons `n OP c` that are the same from `n = c + 1` on.
const COMPARISONS: [&str; 6] = [">=", ">", "<=", "<", "==", "!="];
/// What may come just before `n OP c`: operators below the comparisons,
/// brackets and separators.
const BEFORE_COMPARISON: [&str; 10] = ["(", "[", "{", ",", ";", "=", "&&", "||", "?", ":"];
/// What may come just after `n OP c`: the end of the comparison.
const AFTER_COMPARISON: [&str; 9] = [")", "]", "{", "}", ",", ";", "&&", "||", "?"];

/// The shape of `text`, or `None` when it reads `n` (or `x`) otherwise.
pub fn shape(text: &str) -> Option<Shape> {
    // What this reading does not follow as rhai does, so that code could
    // hide in it: nested block comments, backtick strings (verbatim, with
    // code inside), `?.` and `?[` calls, object maps, namespaces.
    if UNREAD.iter().any(|u| text.contains(u)) {
        return None;
    }
    let t = tokens(text);
    let mut shape = Shape::default();
    let name = |i: usize, w: &str| matches!(t.get(i), Some(Token::Name(s)) if s == w);
    let symbol = |i: usize, w: &str| matches!(t.get(i), Some(Token::Symbol(s)) if *s == w);
    // What could make `g(...)` mean something else, or hide a use of `n`:
    // a function of the formula's own (`fn g(k) { k }` would be called for
    // `g`), `g` or `g_of` given a value (a closure `let g = |k| k`), code
    // inside a string.
    let reader = |i: usize| name(i, "g") || name(i, "g_of");
    let assigned = |i: usize| {
        reader(i)
            && (i > 0 && (name(i - 1, "let") || name(i - 1, "const")) || ASSIGNMENTS.iter().any(|a| symbol(i + 1, a)))
    };
    // A single `|` (a closure's parameters, or a bitwise or) or `|>`.
    let closure = |i: usize| symbol(i, "|") || symbol(i, "|>");
    if t.iter().any(|x| matches!(x, Token::Interpolated))
        || (0..t.len()).any(|i| name(i, "fn") || assigned(i) || closure(i))
    {
        return None;
    }
    // The offset of the argument `n ...)` starting at token `i`.
    let offset = |i: usize| -> Option<i64> {
        if symbol(i + 1, ")") {
            return Some(0);
        }
        let Some(Token::Int(c)) = t.get(i + 2) else { return None };
        if !symbol(i + 3, ")") {
            return None;
        }
        if symbol(i + 1, "+") {
            Some(*c)
        } else if symbol(i + 1, "-") {
            Some(-*c)
        } else {
            None
        }
    };
    for (i, token) in t.iter().enumerate() {
        let Token::Name(word) = token else { continue };
        let after_dot = i > 0 && symbol(i - 1, ".");
        if word == "g" && !after_dot && !symbol(i + 1, "(") {
            shape.own.push(0);
            continue;
        }
        if word != "n" && word != "x" || after_dot {
            continue;
        }
        if i >= 2 && symbol(i - 1, "(") && name(i - 2, "g") && !(i >= 3 && symbol(i - 3, ".")) {
            shape.own.push(offset(i)?);
        } else if i >= 4 && symbol(i - 1, ",") && symbol(i - 3, "(") && name(i - 4, "g_of") {
            let Some(Token::Text(spec)) = t.get(i - 2) else { return None };
            let c = offset(i)?;
            match shape.others.iter_mut().find(|(s, _)| s == spec) {
                Some((_, offsets)) => offsets.push(c),
                None => shape.others.push((spec.clone(), vec![c])),
            }
        } else {
            let word_before = i > 0 && (name(i - 1, "if") || name(i - 1, "return"));
            let Some(Token::Int(c)) = t.get(i + 2) else { return None };
            let c = *c as u64;
            let before = |list: &[&str]| i == 0 || word_before || list.iter().any(|s| symbol(i - 1, s));
            if symbol(i + 1, "%") && before(&BEFORE_RESIDUE) && !AFTER_RESIDUE.iter().any(|s| symbol(i + 3, s)) {
                if c == 0 {
                    return None;
                }
                shape.moduli.push(c);
            } else if COMPARISONS.iter().any(|s| symbol(i + 1, s))
                && before(&BEFORE_COMPARISON)
                && (t.get(i + 3).is_none() || AFTER_COMPARISON.iter().any(|s| symbol(i + 3, s)))
            {
                shape.thresholds.push(c);
            } else {
                return None;
            }
        }
    }
    Some(shape)
}

/// A sequence's proved period: `g(k + period) = g(k)` for every `k >= start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodic {
    /// The period.
    pub period: u64,
    /// Where it starts (the preperiod).
    pub start: u64,
}

impl Shape {
    /// The shapes of several texts (a statement and its condition) as one.
    pub fn join(mut self, other: Shape) -> Shape {
        self.own.extend(other.own);
        for (spec, offsets) in other.others {
            match self.others.iter_mut().find(|(s, _)| *s == spec) {
                Some((_, o)) => o.extend(offsets),
                None => self.others.push((spec, offsets)),
            }
        }
        self.moduli.extend(other.moduli);
        self.thresholds.extend(other.thresholds);
        self
    }

    /// `(s, P)`: from the heap `s` on, what the statement finds at `n`
    /// repeats at `n + P`, given the game's own period `own` and each
    /// other game's (`None` when one is not proved, or `P` does not fit).
    /// The value at `n` itself (`g(n)`, offset 0) is always counted, as a
    /// check compares it.
    ///
    /// Why: for `n >= s`, every `n + c` read is at or past its sequence's
    /// start, so `g(n + c + P) = g(n + c)` (`P` is a multiple of every
    /// period), `(n + P) % m = n % m` (`P` is a multiple of every `m`) and
    /// every comparison `n >= c` has its final value (`s > c`): the
    /// statement is given the same values at `n` and `n + P`.
    pub fn period_from(&self, own: Periodic, others: &[(String, Option<Periodic>)]) -> Option<(u64, u64)> {
        let mut start = 0u64;
        let mut period = 1u64;
        let mut take = |p: Periodic, offsets: &[i64]| -> Option<()> {
            let lowest = offsets.iter().copied().chain(std::iter::once(0)).min().unwrap_or(0);
            let s = p.start.checked_add(lowest.unsigned_abs())?;
            start = start.max(s);
            period = lcm(period, p.period)?;
            Some(())
        };
        take(own, &self.own)?;
        for (spec, offsets) in &self.others {
            let p = others.iter().find(|(s, _)| s == spec)?.1?;
            take(p, offsets)?;
        }
        for &m in &self.moduli {
            period = lcm(period, m)?;
        }
        for &c in &self.thresholds {
            start = start.max(c.checked_add(1)?);
        }
        Some((start, period))
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn lcm(a: u64, b: u64) -> Option<u64> {
    (a / gcd(a, b).max(1)).checked_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(text: &str) -> Option<Vec<i64>> {
        shape(text).map(|s| s.own)
    }

    #[test]
    fn values_at_constant_offsets_and_residues_have_a_shape() {
        assert_eq!(own("g(n + 12) == g(n)"), Some(vec![12, 0]));
        assert_eq!(own("g(x - 1) != g"), Some(vec![-1, 0]));
        assert_eq!(own("g == 0 || n % 3 == 1"), Some(vec![0]));
        assert_eq!(shape("if n % 4 == 0 { 1 } else { g }").map(|s| s.moduli), Some(vec![4]));
        let s = shape(r#"g != g_of("octal:0.07", n + 2) // not "n * 2""#).unwrap();
        assert_eq!(s.others, vec![("octal:0.07".to_string(), vec![2])]);
        // A constant argument reads no heap that moves with n.
        assert_eq!(own("g(3) == 1"), Some(vec![]));
        assert_eq!(shape("n >= 71 && (n < 9 || g(n - 1) > 0)").map(|s| s.thresholds), Some(vec![71, 9]));
    }

    #[test]
    fn any_other_use_of_n_has_none() {
        for text in [
            "g(2 * n) == 0",
            "g(n / 2)",
            "g(n + 1 - 1)",
            "let m = n; g(m)",
            "g <= n",
            "2 ** n % 3 == 1",
            "1 << n % 3",
            "n % 3 ** 2",
            "n % 3 << 1",
            "2 * n % 3",
            "n % -3",
            "n % 2.5",
            "for i in 0..n { }",
            "n",
            "n >= 71 + g",
            "g * n >= 3",
            "71 <= n",
            // A function or a closure of the formula's own named g, code in
            // a string: g(n) is not the game's value, or n is read unseen.
            "fn g(k) { k * 1000 } g(n) == 0",
            "let g = |k| k * 1000; g(n) == 0",
            "g = 5; g == 5",
            "g ^= 5; g == 5",
            "`${n * 2}`.len() == 1 || g == 0",
            // Found by a review: each read n unseen, or g as another
            // function, where rhai and a simpler reading differ.
            "/* /* */ \" */ n * n < 1000000 // \"",
            "`\\` != \"\" && n * n < 1000000 // `",
            "#{g: |k| k * k}?.g(n) < 1000000",
            "n % 7?.max(1000) < 999",
            "[1, 2].map(|k| k + n).len() == 2 || g == 0",
            "global::g(n) == 0",
        ] {
            assert_eq!(shape(text), None, "{text}");
        }
    }

    #[test]
    fn the_repeat_starts_past_every_start_and_is_every_period_s_multiple() {
        let s = shape(r#"g(n - 2) == g_of("x", n + 1) || n % 4 == 0"#).unwrap();
        let own = Periodic { period: 12, start: 71 };
        let other = Periodic { period: 34, start: 52 };
        assert_eq!(s.period_from(own, &[("x".to_string(), Some(other))]), Some((73, 204)));
        assert_eq!(s.period_from(own, &[("x".to_string(), None)]), None);
        // Offsets ahead do not move the start; the value at n always counts.
        assert_eq!(shape("g(n + 5) == 1").unwrap().period_from(own, &[]), Some((71, 12)));
        // A comparison is final from c + 1 on.
        assert_eq!(shape("n >= 100 && g(n + 12) == g").unwrap().period_from(own, &[]), Some((101, 12)));
    }
}
