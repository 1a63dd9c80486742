//! Ways of writing a natural number as a word of digits, most significant
//! digit first: base `b` (2 to 16) and Zeckendorf's Fibonacci numeration.
//! A tuple of numbers is read as one word whose letters are tuples of
//! digits, the shorter numbers padded with leading zeros.

use std::fmt;

/// The smallest base of [`Numeration::Base`].
pub const MIN_BASE: u32 = 2;
/// The largest base of [`Numeration::Base`].
pub const MAX_BASE: u32 = 16;

/// A numeration system in which the automata of this room read numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Numeration {
    /// Base `b`: `n = Σ dᵢ bⁱ` with digits `0 <= dᵢ < b`.
    Base(u32),
    /// Zeckendorf: `n = Σ dᵢ F(i + 2)` with digits 0 and 1 and no two
    /// consecutive ones (`F(2) = 1, F(3) = 2, F(4) = 3, 5, 8, …`).
    Fibonacci,
}

impl Numeration {
    /// The numeration named `text`: `fibonacci` (or `fib`, `msd_fib`) or a
    /// base from 2 to 16 (`2`, `msd_2`).
    pub fn parse(text: &str) -> Option<Numeration> {
        let t = text.trim().to_ascii_lowercase();
        let t = t.strip_prefix("msd_").unwrap_or(&t);
        match t {
            "fib" | "fibonacci" | "zeckendorf" => Some(Numeration::Fibonacci),
            _ => t.parse::<u32>().ok().filter(|b| (MIN_BASE..=MAX_BASE).contains(b)).map(Numeration::Base),
        }
    }

    /// How many digits there are (2 for Fibonacci).
    pub fn radix(self) -> u32 {
        match self {
            Numeration::Base(b) => b,
            Numeration::Fibonacci => 2,
        }
    }

    /// The name Walnut gives this numeration (`msd_fib`, `msd_2`, …).
    pub fn walnut_name(self) -> String {
        match self {
            Numeration::Base(b) => format!("msd_{b}"),
            Numeration::Fibonacci => "msd_fib".to_string(),
        }
    }

    /// The digits of `n`, most significant first, without leading zeros
    /// (the empty word for 0).
    pub fn digits(self, n: u64) -> Vec<u8> {
        match self {
            Numeration::Base(b) => {
                let mut out = Vec::new();
                let mut m = n;
                while m > 0 {
                    out.push((m % b as u64) as u8);
                    m /= b as u64;
                }
                out.reverse();
                out
            }
            Numeration::Fibonacci => {
                // Greedy: the largest Fibonacci number that fits, then the
                // rest; the greedy choice never takes two neighbours.
                let weights = fibonacci_weights(n);
                let mut out = Vec::with_capacity(weights.len());
                let mut rest = n;
                for &w in weights.iter().rev() {
                    if w <= rest {
                        out.push(1);
                        rest -= w;
                    } else {
                        out.push(0);
                    }
                }
                let first = out.iter().position(|&d| d != 0).unwrap_or(out.len());
                out.drain(..first);
                out
            }
        }
    }

    /// The number a word of digits stands for (most significant first), or
    /// `None` when it does not fit in 64 bits.
    pub fn value(self, digits: &[u8]) -> Option<u64> {
        match self {
            Numeration::Base(b) => {
                digits.iter().try_fold(0u64, |acc, &d| acc.checked_mul(b as u64)?.checked_add(d as u64))
            }
            Numeration::Fibonacci => {
                let n = digits.len();
                let mut sum = 0u64;
                for (i, &d) in digits.iter().enumerate() {
                    if d != 0 {
                        sum = sum.checked_add(fibonacci_weight(n - 1 - i)?)?;
                    }
                }
                Some(sum)
            }
        }
    }

    /// Whether a word is a representation in this numeration: every digit
    /// below the radix and, for Fibonacci, no two consecutive ones.
    pub fn is_valid(self, digits: &[u8]) -> bool {
        digits.iter().all(|&d| (d as u32) < self.radix())
            && (self != Numeration::Fibonacci || digits.windows(2).all(|w| !(w[0] == 1 && w[1] == 1)))
    }

    /// The largest length `n` such that every valid word of `n` digits
    /// stands for a number below `limit`.
    pub fn length_below(self, limit: u64) -> usize {
        let mut n = 0;
        // The largest number of n + 1 digits is b^(n+1) - 1, or
        // F(n + 3) - 1 for Fibonacci.
        loop {
            let largest_plus_one = match self {
                Numeration::Base(b) => (b as u64).checked_pow(n as u32 + 1),
                Numeration::Fibonacci => fibonacci_weight(n + 1),
            };
            match largest_plus_one {
                Some(m) if m <= limit => n += 1,
                _ => return n,
            }
        }
    }
}

impl fmt::Display for Numeration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Numeration::Base(b) => write!(f, "base {b}"),
            Numeration::Fibonacci => write!(f, "Fibonacci (Zeckendorf) numeration"),
        }
    }
}

/// The weight of digit `i` (counted from the right, from 0) in Zeckendorf
/// numeration: `F(i + 2)` = 1, 2, 3, 5, 8, …; `None` beyond 64 bits.
pub fn fibonacci_weight(i: usize) -> Option<u64> {
    let (mut a, mut b) = (Some(1u64), Some(2u64));
    for _ in 0..i {
        let c = a.zip(b).and_then(|(a, b)| a.checked_add(b));
        a = b;
        b = c;
    }
    a
}

/// The weights `F(2), F(3), …` up to the largest that is at most `n`.
fn fibonacci_weights(n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let (mut a, mut b) = (1u64, 2u64);
    while a <= n {
        out.push(a);
        match a.checked_add(b) {
            Some(c) => {
                a = b;
                b = c;
            }
            None => {
                if b <= n {
                    out.push(b);
                }
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_values_are_inverse_and_valid() {
        for num in [Numeration::Fibonacci, Numeration::Base(2), Numeration::Base(3), Numeration::Base(10)] {
            for n in 0..5000u64 {
                let d = num.digits(n);
                assert!(num.is_valid(&d), "{num}: {n} -> {d:?}");
                assert_eq!(num.value(&d), Some(n), "{num}: {n}");
                assert!(d.first() != Some(&0));
            }
        }
        assert_eq!(Numeration::Fibonacci.digits(3), vec![1, 0, 0]);
        assert_eq!(Numeration::Fibonacci.digits(5), vec![1, 0, 0, 0]);
        assert_eq!(Numeration::Fibonacci.digits(u64::MAX).len(), 92);
        assert_eq!(Numeration::Fibonacci.value(&Numeration::Fibonacci.digits(u64::MAX)), Some(u64::MAX));
    }

    #[test]
    fn every_valid_fibonacci_word_is_the_representation_of_its_value() {
        // All words of 12 digits: the valid ones are exactly the
        // representations, one for each number below F(14) = 377.
        let mut seen = std::collections::BTreeSet::new();
        for w in 0..(1u32 << 12) {
            let digits: Vec<u8> = (0..12).rev().map(|i| ((w >> i) & 1) as u8).collect();
            if Numeration::Fibonacci.is_valid(&digits) {
                let v = Numeration::Fibonacci.value(&digits).unwrap_or(u64::MAX);
                assert!(seen.insert(v));
            }
        }
        assert_eq!(seen.len(), 377);
        assert_eq!(seen.iter().next_back(), Some(&376));
    }

    #[test]
    fn lengths_below_a_limit() {
        assert_eq!(Numeration::Base(2).length_below(2048), 11);
        assert_eq!(Numeration::Base(2).length_below(2047), 10);
        // F(17) = 1597 is the first weight of 16 digits; 15 digits reach 1596.
        assert_eq!(Numeration::Fibonacci.length_below(2000), 15);
        assert_eq!(Numeration::parse("msd_fib"), Some(Numeration::Fibonacci));
        assert_eq!(Numeration::parse("17"), None);
    }
}
