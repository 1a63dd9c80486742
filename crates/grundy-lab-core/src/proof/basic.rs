//! The basic automata from which every formula is built: `x = c`,
//! `x = y`, `x < y` and `x + y = z`, in base b and in Fibonacci
//! numeration. Each is checked against arithmetic on all small numbers
//! (the tests below): a wrong adder would prove false theorems.

use super::automaton::Automaton;
use super::numeration::Numeration;
use std::collections::HashMap;

/// `var = c`: the digits of `c` after any number of leading zeros.
pub fn constant(numeration: Numeration, var: &str, c: u64) -> Automaton {
    let digits = numeration.digits(c);
    let n = digits.len();
    let r = numeration.radix() as usize;
    // States 0..=n: how many digits of c were read (0 also while reading
    // leading zeros); n + 1: dead.
    let dead = (n + 1) as u32;
    let mut next = Vec::with_capacity((n + 2) * r);
    for q in 0..=n + 1 {
        for d in 0..r {
            let t = if q == 0 && d == 0 {
                0
            } else if digits.get(q).is_some_and(|&want| d == want as usize) {
                (q + 1) as u32
            } else {
                dead
            };
            next.push(t);
        }
    }
    let accept = (0..=n + 1).map(|q| q == n).collect();
    Automaton::from_parts(numeration, vec![var.to_string()], 0, accept, next)
}

/// A two-track automaton from a rule on the pair of digits read:
/// `rule(state, dx, dy)` gives the next state or `None` for the dead one.
fn pairwise(
    numeration: Numeration,
    x: &str,
    y: &str,
    states: u32,
    accepting: &[u32],
    rule: impl Fn(u32, u8, u8) -> Option<u32>,
) -> Automaton {
    let r = numeration.radix() as usize;
    let dead = states;
    let mut next = Vec::new();
    for q in 0..=states {
        for a in 0..r * r {
            let (dx, dy) = ((a % r) as u8, (a / r) as u8);
            next.push(if q == dead { dead } else { rule(q, dx, dy).unwrap_or(dead) });
        }
    }
    let accept = (0..=states).map(|q| accepting.contains(&q)).collect();
    Automaton::from_parts(numeration, vec![x.to_string(), y.to_string()], 0, accept, next).restrict_to_valid()
}

/// `x = y`.
pub fn equal(numeration: Numeration, x: &str, y: &str) -> Automaton {
    pairwise(numeration, x, y, 1, &[0], |_, a, b| (a == b).then_some(0))
}

/// `x < y`: the first digit where the words differ is smaller in x. In
/// Fibonacci numeration too, since among valid words of one length the
/// order of words is the order of numbers.
pub fn less(numeration: Numeration, x: &str, y: &str) -> Automaton {
    // State 0: equal so far; 1: already smaller.
    pairwise(numeration, x, y, 2, &[1], |q, a, b| match q {
        0 if a == b => Some(0),
        0 if a < b => Some(1),
        0 => None,
        _ => Some(1),
    })
}

/// `x + y = z`.
pub fn sum(numeration: Numeration, x: &str, y: &str, z: &str) -> Automaton {
    match numeration {
        Numeration::Base(b) => base_sum(numeration, b, x, y, z),
        Numeration::Fibonacci => fibonacci_sum(x, y, z),
    }
}

/// `x + y = z` in base b, most significant digit first. The state is the
/// carry that the digits not yet read must bring into those read: reading
/// digits `(a, b', d)` in state `c` needs a carry `c' = d + b·c − a − b'`
/// from below, which must be 0 or 1; at the end no carry is left.
fn base_sum(numeration: Numeration, base: u32, x: &str, y: &str, z: &str) -> Automaton {
    let r = base as i64;
    let letters = (base as usize).pow(3);
    let mut next = Vec::with_capacity(3 * letters);
    for c in 0..3i64 {
        for a in 0..letters {
            let (dx, dy, dz) = ((a as i64) % r, (a as i64 / r) % r, (a as i64 / (r * r)) % r);
            let carry = dz + r * c - dx - dy;
            next.push(if c < 2 && (0..=1).contains(&carry) { carry as u32 } else { 2 });
        }
    }
    Automaton::from_parts(numeration, vec![x.into(), y.into(), z.into()], 0, vec![true, false, false], next)
}

/// `x + y = z` in Zeckendorf numeration, from the rules of its arithmetic.
///
/// Digit `i` (from the right, from 0) weighs `F(i + 2)`. After reading the
/// digits down to position `m`, the difference `D = x − z + y` of the part
/// read is an integer combination of weights `F(k)`, `k >= m + 1`; by
/// `F(k) = F(k − 1) + F(k − 2)` it is `D = a·F(m + 2) + b·F(m + 1)`: the
/// state is `(a, b)`. Reading the next digits, whose difference is
/// `e = dx + dy − dz`, adds `e·F(m + 1)`: `D = (a + b + e)·F(m + 1) + a·F(m)`,
/// so the next state is `(a + b + e, a)`. After the last digit
/// (`m = 0`, `F(2) = F(1) = 1`), `D = a + b`, and the sum is right iff it
/// is 0. A state is dropped only when no digits below can make `D` zero:
/// the rest of each valid number is below `F(m + 2)`, so the rest of
/// `x + y − z` lies strictly between `−F(m + 2)` and `2·F(m + 2)`, and
/// `D / F(m + 2) = a + b·ρ` with `ρ = F(m + 1)/F(m + 2)` between 1/2 and
/// 1 must lie strictly between −2 and 1. The states kept are finitely
/// many (they are found by search from (0, 0)).
fn fibonacci_sum(x: &str, y: &str, z: &str) -> Automaton {
    let viable = |a: i64, b: i64| {
        // a + bρ for ρ in [1/2, 1], doubled: between 2a + b and 2a + 2b.
        let (lo, hi) = ((2 * a + b).min(2 * a + 2 * b), (2 * a + b).max(2 * a + 2 * b));
        hi > -4 && lo < 2
    };
    let mut index: HashMap<(i64, i64), u32> = HashMap::new();
    let mut order = vec![(0i64, 0i64)];
    index.insert((0, 0), 0);
    let mut trans: Vec<Option<u32>> = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let (a, b) = order[i];
        for letter in 0..8usize {
            let e = (letter & 1) as i64 + ((letter >> 1) & 1) as i64 - ((letter >> 2) & 1) as i64;
            let t = (a + b + e, a);
            if !viable(t.0, t.1) {
                trans.push(None);
                continue;
            }
            let id = *index.entry(t).or_insert_with(|| {
                order.push(t);
                (order.len() - 1) as u32
            });
            trans.push(Some(id));
        }
        i += 1;
    }
    let dead = order.len() as u32;
    let mut next: Vec<u32> = trans.into_iter().map(|t| t.unwrap_or(dead)).collect();
    next.extend(std::iter::repeat_n(dead, 8));
    let mut accept: Vec<bool> = order.iter().map(|&(a, b)| a + b == 0).collect();
    accept.push(false);
    Automaton::from_parts(Numeration::Fibonacci, vec![x.into(), y.into(), z.into()], 0, accept, next)
        .restrict_to_valid()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Numeration; 5] =
        [Numeration::Fibonacci, Numeration::Base(2), Numeration::Base(3), Numeration::Base(7), Numeration::Base(10)];

    #[test]
    fn constants_accept_exactly_their_number() {
        for num in ALL {
            for c in [0u64, 1, 2, 3, 4, 5, 8, 13, 100, 987, 1000] {
                let a = constant(num, "x", c);
                for n in 0..1200 {
                    assert_eq!(a.contains(&[n]), n == c, "{num}: {n} = {c}");
                }
            }
        }
    }

    #[test]
    fn equality_and_order_agree_with_arithmetic() {
        for num in ALL {
            let (eq, lt) = (equal(num, "x", "y"), less(num, "x", "y"));
            let mut n = 0;
            assert!(eq.each_below(400, |p, a| {
                n += 1;
                assert_eq!(a, p[0] == p[1], "{num}: {p:?}");
                true
            }));
            assert!(lt.each_below(400, |p, a| {
                assert_eq!(a, p[0] < p[1], "{num}: {p:?}");
                true
            }));
            assert_eq!(n, 400 * 400);
        }
    }

    #[test]
    fn the_adders_agree_with_arithmetic() {
        for num in ALL {
            let add = sum(num, "x", "y", "z");
            let mut n = 0;
            assert!(add.each_below(130, |p, a| {
                n += 1;
                assert_eq!(a, p[0] + p[1] == p[2], "{num}: {p:?}");
                true
            }));
            assert_eq!(n, 130 * 130 * 130);
            // Sums beyond the box of the walk: z up to 2 * 999.
            for x in (0u64..1000).step_by(37) {
                for y in (0u64..1000).step_by(41) {
                    for z in [x + y, x + y + 1, (x + y).saturating_sub(1)] {
                        assert_eq!(add.contains(&[x, y, z]), x + y == z, "{num}: {x} + {y} = {z}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_fibonacci_adder_is_right_on_large_numbers() {
        let add = sum(Numeration::Fibonacci, "x", "y", "z");
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let (x, y) = (s % 1_000_000_007, (s >> 20) % 3_000_000_019);
            assert!(add.contains(&[x, y, x + y]));
            assert!(!add.contains(&[x, y, x + y + 1 + (s >> 50)]));
            assert!(!add.contains(&[x, y, (x + y).saturating_sub(1 + (s >> 55))]) || x + y == 0);
        }
    }
}
