//! Quadratic irrationals `(p + q√d) / r` in exact integer arithmetic, and
//! the continued fractions that find them: a continued fraction that is
//! periodic from some term on is the expansion of a quadratic irrational
//! (Lagrange's theorem), and its value is worked out here exactly.

use std::cmp::Ordering;
use std::fmt;

/// The largest `d` (under the square root, before its square factors are
/// taken out) of a quadratic irrational built here; larger ones are not a
/// "simple form".
pub const MAX_DISCRIMINANT: i128 = 100_000_000;

/// The number `(p + q√d) / r` with `d > 1` free of squares, `q != 0`,
/// `r > 0` and `gcd(p, q, r) = 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuadraticIrrational {
    /// The rational part's numerator.
    pub p: i128,
    /// The coefficient of `√d`.
    pub q: i128,
    /// The number under the square root, free of squares.
    pub d: i128,
    /// The common denominator.
    pub r: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `n = s^2 * d` with `d` free of squares: `(s, d)`, for `1 <= n <= MAX_DISCRIMINANT`.
fn square_part(n: i128) -> (i128, i128) {
    let (mut s, mut d, mut f) = (1, n, 2);
    while f * f <= d {
        while d % (f * f) == 0 {
            d /= f * f;
            s *= f;
        }
        f += 1;
    }
    (s, d)
}

/// The sign of `a + b√d` (`d` not a square).
fn sign(a: i128, b: i128, d: i128) -> Option<Ordering> {
    Some(match (a.cmp(&0), b.cmp(&0)) {
        (Ordering::Less | Ordering::Equal, Ordering::Less | Ordering::Equal) if a != 0 || b != 0 => Ordering::Less,
        (Ordering::Greater | Ordering::Equal, Ordering::Greater | Ordering::Equal) if a != 0 || b != 0 => {
            Ordering::Greater
        }
        (Ordering::Equal, Ordering::Equal) => Ordering::Equal,
        (Ordering::Greater, _) => a.checked_mul(a)?.cmp(&b.checked_mul(b)?.checked_mul(d)?),
        _ => b.checked_mul(b)?.checked_mul(d)?.cmp(&a.checked_mul(a)?),
    })
}

impl QuadraticIrrational {
    /// `(p + q√n) / r`, reduced; `None` when `n` is a square (the number is
    /// rational), `n` is not in `2..=MAX_DISCRIMINANT`, or `q` or `r` is 0.
    pub fn new(p: i128, q: i128, n: i128, r: i128) -> Option<Self> {
        if !(2..=MAX_DISCRIMINANT).contains(&n) || q == 0 || r == 0 {
            return None;
        }
        let (s, d) = square_part(n);
        if d == 1 {
            return None;
        }
        let (mut p, mut q, mut r) = (p, q.checked_mul(s)?, r);
        if r < 0 {
            (p, q, r) = (-p, -q, -r);
        }
        let g = gcd(gcd(p, q), r);
        Some(QuadraticIrrational { p: p / g, q: q / g, d, r: r / g })
    }

    /// The value as a float (for display and for searching a rational shift).
    pub fn approx(&self) -> f64 {
        (self.p as f64 + self.q as f64 * (self.d as f64).sqrt()) / self.r as f64
    }

    /// How this number compares with the fraction `num / den` (`den > 0`),
    /// exactly; `None` only on an overflow of 128-bit integers.
    pub fn cmp_fraction(&self, num: i128, den: i128) -> Option<Ordering> {
        // (p + q√d)/r - num/den has the sign of den p - num r + den q √d.
        let a = den.checked_mul(self.p)?.checked_sub(num.checked_mul(self.r)?)?;
        sign(a, den.checked_mul(self.q)?, self.d)
    }

    /// `self + k` for an integer `k`.
    pub fn plus(&self, k: i128) -> Option<Self> {
        QuadraticIrrational::new(self.p.checked_add(k.checked_mul(self.r)?)?, self.q, self.d, self.r)
    }

    /// `self / other`, when both have the same `d`.
    pub fn divided_by(&self, other: &Self) -> Option<Self> {
        if self.d != other.d {
            return None;
        }
        // (p1 + q1√d)/r1 * r2/(p2 + q2√d) = r2 (p1 + q1√d)(p2 - q2√d) / (r1 (p2² - q2² d))
        let (p1, q1, r1) = (self.p, self.q, self.r);
        let (p2, q2, r2) = (other.p, other.q, other.r);
        let d = self.d;
        let real = p1.checked_mul(p2)?.checked_sub(q1.checked_mul(q2)?.checked_mul(d)?)?;
        let root = q1.checked_mul(p2)?.checked_sub(p1.checked_mul(q2)?)?;
        let den = r1.checked_mul(p2.checked_mul(p2)?.checked_sub(q2.checked_mul(q2)?.checked_mul(d)?)?)?;
        if root == 0 {
            return None;
        }
        let (real, root) = (real.checked_mul(r2)?, root.checked_mul(r2)?);
        let g = gcd(gcd(real, root), den);
        let (real, root, den) = (real / g, root / g, den / g);
        let (real, root, den) = if den < 0 { (-real, -root, -den) } else { (real, root, den) };
        Some(QuadraticIrrational { p: real, q: root, d, r: den })
    }

    /// `floor(n * self + e / f)` exactly (`f > 0`, `n >= 0`), or `None` on an overflow.
    pub fn floor_of_multiple(&self, n: i128, e: i128, f: i128) -> Option<i128> {
        // n self + e/f = (f p n + e r + sign(q) √(f² q² d n²)) / (r f).
        let a = f.checked_mul(self.p)?.checked_mul(n)?.checked_add(e.checked_mul(self.r)?)?;
        let b = f.checked_mul(self.q)?.checked_mul(n)?;
        let b2 = b.checked_mul(b)?.checked_mul(self.d)?;
        let root = u128::try_from(b2).ok()?.isqrt() as i128;
        // √b2 is irrational for n > 0, so its ceiling is the floor + 1.
        let top = if self.q > 0 {
            a.checked_add(root)?
        } else if n == 0 {
            a
        } else {
            a.checked_sub(root + 1)?
        };
        Some(top.div_euclid(self.r.checked_mul(f)?))
    }

    /// `floor(n * self + e / f)` in the formula language, with `n` the
    /// variable named `n`.
    pub fn floor_formula(&self, e: i128, f: i128) -> String {
        let lin = f * self.p;
        let konst = e * self.r;
        let k = f * f * self.q * self.q * self.d;
        let root = if self.q > 0 {
            format!(" + isqrt({k} * n * n)")
        } else {
            format!(" - (if n == 0 {{ 0 }} else {{ isqrt({k} * n * n) + 1 }})")
        };
        let lin = match lin {
            0 => String::new(),
            1 => "n".to_string(),
            l => format!("{l} * n"),
        };
        let konst = match konst {
            0 => String::new(),
            c if lin.is_empty() => c.to_string(),
            c if c < 0 => format!(" - {}", -c),
            c => format!(" + {c}"),
        };
        let head = if lin.is_empty() && konst.is_empty() { "0".to_string() } else { format!("{lin}{konst}") };
        format!("floor_div({head}{root}, {})", self.r * f)
    }
}

impl fmt::Display for QuadraticIrrational {
    /// `(1 + √5)/2`, `√2`, `1 + √2`, `(3 − 2√2)/7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let root = match self.q.abs() {
            1 => format!("√{}", self.d),
            q => format!("{q}√{}", self.d),
        };
        let body = match (self.p, self.q < 0) {
            (0, false) => root.clone(),
            (0, true) => format!("−{root}"),
            (p, neg) => format!("{p} {} {root}", if neg { "−" } else { "+" }),
        };
        if self.r == 1 {
            f.write_str(&body)
        } else if self.p == 0 && self.q > 0 {
            write!(f, "{body}/{}", self.r)
        } else {
            write!(f, "({body})/{}", self.r)
        }
    }
}

/// The continued fraction `[c0; c1, c2, ...]` of `num / den` (`den > 0`).
pub fn continued_fraction(mut num: i128, mut den: i128) -> Vec<i128> {
    let mut terms = Vec::new();
    while den != 0 {
        let c = num.div_euclid(den);
        terms.push(c);
        (num, den) = (den, num - c * den);
    }
    terms
}

/// The terms every number strictly between `lo` and `hi` (fractions with
/// positive denominators, `lo < hi`) starts its continued fraction with:
/// the terms both fractions share and after which both go on (so that both
/// lie in the interval of numbers with those first terms).
pub fn common_terms(lo: (i128, i128), hi: (i128, i128)) -> Vec<i128> {
    let a = continued_fraction(lo.0, lo.1);
    let b = continued_fraction(hi.0, hi.1);
    let len = a.len().min(b.len()).saturating_sub(1);
    a.iter().zip(&b).take(len).take_while(|(x, y)| x == y).map(|(x, _)| *x).collect()
}

/// The value of the continued fraction whose first `pre` terms are
/// `terms[..pre]` and which then repeats `terms[pre..pre + period]` for
/// ever; `None` when that is not a quadratic irrational of the simple form
/// (a term of the repeated block is below 1, an overflow, a square root
/// over [`MAX_DISCRIMINANT`]).
pub fn periodic_value(terms: &[i128], pre: usize, period: usize) -> Option<QuadraticIrrational> {
    let block = terms.get(pre..pre + period)?;
    if period == 0 || block.iter().any(|&t| t < 1) || terms[..pre].iter().skip(1).any(|&t| t < 1) {
        return None;
    }
    // y = [block; y] = (h1 y + h0) / (k1 y + k0).
    let (mut h1, mut h0, mut k1, mut k0) = (1i128, 0i128, 0i128, 1i128);
    for &t in block {
        (h1, h0) = (t.checked_mul(h1)?.checked_add(h0)?, h1);
        (k1, k0) = (t.checked_mul(k1)?.checked_add(k0)?, k1);
    }
    // k1 y² + (k0 - h1) y - h0 = 0, divided by the gcd of its coefficients.
    let (a, b, c) = (k1, k0.checked_sub(h1)?, -h0);
    let g = gcd(gcd(a, b), c);
    let (a, b, c) = (a / g, b / g, c / g);
    let disc = b.checked_mul(b)?.checked_sub(a.checked_mul(c)?.checked_mul(4)?)?;
    // The positive root: (-b + √disc) / (2a).
    let y = QuadraticIrrational::new(-b, 1, disc, 2 * a)?;
    // alpha = [terms[..pre]; y] = (H1 y + H0) / (K1 y + K0).
    let (mut hh1, mut hh0, mut kk1, mut kk0) = (1i128, 0i128, 0i128, 1i128);
    for &t in &terms[..pre] {
        (hh1, hh0) = (t.checked_mul(hh1)?.checked_add(hh0)?, hh1);
        (kk1, kk0) = (t.checked_mul(kk1)?.checked_add(kk0)?, kk1);
    }
    // With y = (u + v√d)/w: numerator (H1 u + H0 w) + H1 v √d, denominator likewise.
    let (u, v, w, d) = (y.p, y.q, y.r, y.d);
    let num = QuadraticIrrational {
        p: hh1.checked_mul(u)?.checked_add(hh0.checked_mul(w)?)?,
        q: hh1.checked_mul(v)?,
        d,
        r: 1,
    };
    let den = QuadraticIrrational {
        p: kk1.checked_mul(u)?.checked_add(kk0.checked_mul(w)?)?,
        q: kk1.checked_mul(v)?,
        d,
        r: 1,
    };
    if den.q == 0 {
        // No terms before the block: alpha = y.
        return Some(y);
    }
    num.divided_by(&den)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_ratio_and_silver_ratio_from_their_continued_fractions() {
        let phi = periodic_value(&[1], 0, 1).unwrap();
        assert_eq!(phi.to_string(), "(1 + √5)/2");
        assert_eq!(periodic_value(&[1, 2], 1, 1).unwrap().to_string(), "√2");
        assert_eq!(periodic_value(&[2], 0, 1).unwrap().to_string(), "1 + √2");
        assert_eq!(periodic_value(&[3, 2], 1, 1).unwrap().to_string(), "2 + √2");
        // √7 = [2; 1, 1, 1, 4, ...].
        assert_eq!(periodic_value(&[2, 1, 1, 1, 4], 1, 4).unwrap().to_string(), "√7");
        // phi / (phi - 1) = phi^2 = phi + 1.
        let phi2 = phi.plus(1).unwrap();
        assert_eq!(phi2.divided_by(&phi).unwrap(), phi);
        let r2 = periodic_value(&[1, 2], 1, 1).unwrap();
        assert_eq!(r2.plus(2).unwrap().divided_by(&r2).unwrap().to_string(), "1 + √2");
    }

    #[test]
    fn floors_are_exact_against_a_float_far_from_the_boundaries() {
        let phi = periodic_value(&[1], 0, 1).unwrap();
        for n in 0..2000i128 {
            assert_eq!(phi.floor_of_multiple(n, 0, 1), Some(crate::theory::floor_phi(n as u64) as i128));
        }
        let minus = QuadraticIrrational::new(5, -1, 5, 2).unwrap(); // (5 - √5)/2
        for n in 0..500i128 {
            let want = (n as f64 * minus.approx() + 0.5).floor() as i128;
            assert_eq!(minus.floor_of_multiple(n, 1, 2), Some(want), "n = {n}");
        }
        assert_eq!(minus.cmp_fraction(138, 100), Some(Ordering::Greater));
        assert_eq!(minus.cmp_fraction(139, 100), Some(Ordering::Less));
    }

    #[test]
    fn the_common_terms_bound_the_interval() {
        // Between 1.61 and 1.62 every number starts [1; 1, 1, 1, ...].
        let t = common_terms((161, 100), (162, 100));
        assert!(t.len() >= 4 && t.iter().all(|&c| c == 1), "{t:?}");
        assert_eq!(continued_fraction(7, 3), vec![2, 3]);
    }
}
