//! Zeckendorf representations and the Fibonacci form of Wythoff pairs.

/// `F(k)` with `F(0) = 0`, `F(1) = F(2) = 1`; exact up to `F(186)`.
pub fn fibonacci(k: usize) -> u128 {
    let (mut a, mut b) = (0u128, 1u128);
    for _ in 0..k {
        let c = a.checked_add(b).expect("Fibonacci number beyond u128");
        a = b;
        b = c;
    }
    a
}

/// The Zeckendorf representation of `n`: the indices `k >= 2`, largest
/// first and no two consecutive, with `n = sum F(k)`. Empty for 0.
pub fn zeckendorf(n: u128) -> Vec<usize> {
    let mut fibs = vec![(2usize, 1u128)];
    while let Some(&(k, f)) = fibs.last() {
        let next = fibonacci(k + 1);
        if next > n || k >= 185 {
            break;
        }
        let _ = f;
        fibs.push((k + 1, next));
    }
    let mut out = Vec::new();
    let mut rest = n;
    for &(k, f) in fibs.iter().rev() {
        if f <= rest {
            out.push(k);
            rest -= f;
        }
    }
    out
}

/// The Fibonacci form of the n-th Wythoff pair. Write `n = y - x` as
/// `F(k1) + ... + F(kj)` with non-consecutive indices whose smallest is odd
/// (the Zeckendorf form, with a smallest even `F(2i)` rewritten as
/// `F(2i-1) + F(2i-3) + ... + F(1)`); then `x = sum F(ki + 1)` and
/// `y = sum F(ki + 2)`. Returns the indices `ki`, largest first.
pub fn wythoff_fibonacci_form(n: u64) -> Vec<usize> {
    let mut ks = zeckendorf(n as u128);
    if let Some(&m) = ks.last()
        && m % 2 == 0
    {
        ks.pop();
        ks.extend((1..m).rev().step_by(2));
    }
    ks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theory::wythoff_pair;

    #[test]
    fn zeckendorf_sums_back() {
        for n in 0..3000u128 {
            let ks = zeckendorf(n);
            assert_eq!(ks.iter().map(|&k| fibonacci(k)).sum::<u128>(), n);
            assert!(ks.windows(2).all(|w| w[0] >= w[1] + 2), "{n}: {ks:?}");
        }
    }

    #[test]
    fn fibonacci_form_gives_the_pairs() {
        for n in 1..5000u64 {
            let ks = wythoff_fibonacci_form(n);
            assert_eq!(ks.iter().map(|&k| fibonacci(k)).sum::<u128>(), n as u128);
            let x: u128 = ks.iter().map(|&k| fibonacci(k + 1)).sum();
            let y: u128 = ks.iter().map(|&k| fibonacci(k + 2)).sum();
            assert_eq!((x, y), wythoff_pair(n), "n = {n}, ks = {ks:?}");
        }
    }
}
