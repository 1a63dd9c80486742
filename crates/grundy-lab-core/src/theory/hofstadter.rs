//! The Hofstadter-G variant of Wythoff's game (arXiv 2510.11767): the queen
//! with terminal set `x + y <= 2`.

use super::wythoff::{floor_phi, floor_phi2, is_wythoff_p, isqrt_5n2};

/// Hofstadter's G-sequence, `h(0) = 0`, `h(n) = n - h(h(n-1))` (OEIS A005206),
/// computed exactly as `floor((n+1)/phi) = (isqrt(5 (n+1)^2) - (n+1)) / 2`.
pub fn hofstadter(n: u64) -> u64 {
    let m = n as u128 + 1;
    if m > u64::MAX as u128 {
        // (n + 1) / phi for n = u64::MAX, by the same identity with m = n.
        return ((isqrt_5n2(n) - n as u128) / 2 + 1) as u64;
    }
    ((isqrt_5n2(m as u64) - m) / 2) as u64
}

/// `gs(0) = 1`, `gs(1) = 0`, and for `n >= 2`: `gs(n) = 1 - gs(h(n-1))` if
/// `h(n-2) < h(n-1)`, else 1.
pub fn gs(n: u64) -> u64 {
    let mut flips = 0;
    let mut n = n;
    loop {
        match n {
            0 => return (1 + flips) % 2,
            1 => return flips % 2,
            _ => {
                let (a, b) = (hofstadter(n - 2), hofstadter(n - 1));
                if a < b {
                    flips += 1;
                    n = b;
                } else {
                    return (1 + flips) % 2;
                }
            }
        }
    }
}

/// The n-th pair of the variant: `(floor(n phi) + gs(n) - 1, floor(n phi^2) + gs(n))`.
pub fn t2_pair(n: u64) -> (u128, u128) {
    let g = gs(n) as u128;
    (floor_phi(n) + g - 1, floor_phi2(n) + g)
}

/// Whether `(x, y)` is a P-position of the variant in normal play: in the
/// terminal set `x + y <= 2`, or one of the pairs [`t2_pair`] (or its
/// mirror). A pair's coordinates differ by `n + 1`.
pub fn is_t2_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    if a as u128 + b as u128 <= 2 {
        return true;
    }
    if b - a == 0 {
        return false;
    }
    let n = b - a - 1;
    t2_pair(n) == (a as u128, b as u128)
}

/// Misère version: with `x, y <= 7` the P-positions are (0,3), (1,2), (4,4),
/// (5,7) and mirrors; beyond, exactly Wythoff's P-positions (the paper's
/// theorem, checked by the tests against computed tables).
pub fn is_t2_misere_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    if b <= 7 { matches!((a, b), (0, 3) | (1, 2) | (4, 4) | (5, 7)) } else { is_wythoff_p(a, b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hofstadter_matches_the_recursion() {
        let mut h = vec![0u64; 20000];
        for n in 1..h.len() {
            h[n] = n as u64 - h[h[n - 1] as usize];
        }
        for (n, &v) in h.iter().enumerate() {
            assert_eq!(hofstadter(n as u64), v, "n = {n}");
        }
        assert!(hofstadter(u64::MAX) > 0);
    }

    #[test]
    fn gs_matches_its_equivalent_form() {
        // gs(n) = 1 - gs(m) if floor(n phi) = floor(m phi^2) + 1, else 1.
        let mut g = vec![1u64, 0];
        for n in 2..3000u64 {
            let v = floor_phi(n);
            let m = (0..n).find(|&m| floor_phi2(m) + 1 == v);
            g.push(match m {
                Some(m) => 1 - g[m as usize],
                None => 1,
            });
        }
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(gs(n as u64), v, "n = {n}");
        }
    }

    #[test]
    fn small_p_positions_of_math_md() {
        let listed = [(3, 6), (4, 8), (5, 10), (7, 13), (9, 16), (11, 19), (12, 21), (14, 24)];
        for (x, y) in listed {
            assert!(is_t2_p(x, y) && is_t2_p(y, x), "({x},{y})");
        }
        let small: Vec<_> = (0..25u64)
            .flat_map(|y| (0..=y).map(move |x| (x, y)))
            .filter(|&(x, y)| x + y > 2 && is_t2_p(x, y))
            .collect();
        assert_eq!(small, listed.to_vec());
    }
}
