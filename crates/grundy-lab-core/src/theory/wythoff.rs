//! Wythoff's game: the P-positions `(floor(n phi), floor(n phi^2))`,
//! computed with integer square roots so that they are exact for every `n`
//! that fits in a u64 (floating point goes wrong for large n).

/// The golden ratio φ = (1 + √5) / 2 as a float, for drawing the lines
/// y = φx and y = x/φ only: every P-position is decided with exact integers
/// ([`floor_phi`], [`is_wythoff_p`]), never with this number.
pub const PHI_F64: f64 = 1.618_033_988_749_895;

/// `floor(sqrt(5 n^2)) = floor(n sqrt 5)`, exact for every u64 `n`.
/// `5 n^2` can need 131 bits, so the square is compared in 256-bit arithmetic.
pub fn isqrt_5n2(n: u64) -> u128 {
    let target = mul_wide(5 * n as u128, n as u128);
    // floor(n sqrt 5) < 2^66: binary search for the largest r with r^2 <= 5 n^2.
    let (mut lo, mut hi) = (0u128, 1u128 << 66);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mul_wide(mid, mid) <= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// `a * b` as (high, low) 128-bit halves.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let mask = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & mask);
    let (b1, b0) = (b >> 64, b & mask);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 64) + (p01 & mask) + (p10 & mask);
    let low = (p00 & mask) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// `floor(n phi) = (n + floor(sqrt(5 n^2))) / 2`, exact.
pub fn floor_phi(n: u64) -> u128 {
    (n as u128 + isqrt_5n2(n)) / 2
}

/// `floor(n phi^2) = floor(n phi) + n`, exact.
pub fn floor_phi2(n: u64) -> u128 {
    floor_phi(n) + n as u128
}

/// The n-th Wythoff pair `(floor(n phi), floor(n phi^2))`, n >= 0:
/// (0,0), (1,2), (3,5), (4,7), (6,10), ...
pub fn wythoff_pair(n: u64) -> (u128, u128) {
    (floor_phi(n), floor_phi2(n))
}

/// Whether `(x, y)` is a P-position of Wythoff's game (normal play): with
/// `a <= b` and `n = b - a`, iff `a = floor(n phi)`. O(1) for any u64.
pub fn is_wythoff_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    floor_phi(b - a) == a as u128
}

/// The n of a Wythoff P-position: `Some(|x - y|)` when `(x, y)` is the
/// n-th pair (or its mirror), `None` for an N-position.
pub fn wythoff_index(x: u64, y: u64) -> Option<u64> {
    is_wythoff_p(x, y).then(|| x.abs_diff(y))
}

/// Misère Wythoff: with `x <= y` the P-positions are (0,1), (2,2) and the
/// Wythoff pairs for n >= 2 (plus mirror images).
pub fn is_misere_wythoff_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    match (a, b) {
        (0, 1) | (2, 2) => true,
        (0, 0) | (1, 2) => false,
        _ => is_wythoff_p(a, b),
    }
}

/// The unique `w` such that `(v, w)` is a Wythoff P-position (the other
/// coordinate of v's pair). Every v occurs in exactly one pair, because the
/// sequences `floor(n phi)` and `floor(n phi^2)` (n >= 1) are complementary.
pub fn wythoff_partner(v: u64) -> u128 {
    if v == 0 {
        return 0;
    }
    // n close to v / phi = v (sqrt 5 - 1) / 2.
    let guess = ((isqrt_5n2(v) - v as u128) / 2) as u64;
    for n in guess.saturating_sub(1)..=guess.saturating_add(2) {
        if floor_phi(n) == v as u128 {
            return v as u128 + n as u128;
        }
    }
    // Otherwise v = floor(m phi^2) with m close to v / phi^2.
    let m0 = v - guess;
    for m in m0.saturating_sub(2)..=m0.saturating_add(2) {
        if floor_phi2(m) == v as u128 {
            return v as u128 - m as u128;
        }
    }
    unreachable!("complementary Beatty sequences cover every positive integer")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_pairs() {
        let pairs: Vec<_> = (0..9).map(wythoff_pair).collect();
        assert_eq!(pairs, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)]);
    }

    #[test]
    fn isqrt_is_exact_at_the_top() {
        for n in [u64::MAX, u64::MAX - 1, 1 << 63, 8_249_000_000_000_000_000, 10u64.pow(18) + 7] {
            let r = isqrt_5n2(n);
            let t = mul_wide(5 * n as u128, n as u128);
            assert!(mul_wide(r, r) <= t && mul_wide(r + 1, r + 1) > t, "n = {n}");
        }
    }

    #[test]
    fn beatty_sequences_are_complementary() {
        let mut seen = vec![0u8; 20001];
        for n in 1..20000u64 {
            for v in [floor_phi(n), floor_phi2(n)] {
                if v <= 20000 {
                    seen[v as usize] += 1;
                }
            }
        }
        assert!(seen[1..].iter().all(|&c| c == 1));
    }

    #[test]
    fn partner_inverts_pairs() {
        for n in 1..5000u64 {
            let (a, b) = wythoff_pair(n);
            assert_eq!(wythoff_partner(a as u64), b);
            assert_eq!(wythoff_partner(b as u64), a);
        }
        assert_eq!(wythoff_index(5, 3), Some(2));
        assert_eq!(wythoff_index(0, 0), Some(0));
        assert_eq!(wythoff_index(5, 4), None);
        let big = 10u64.pow(18);
        let w = wythoff_partner(big);
        assert!(is_wythoff_p(big, w as u64));
    }

    #[test]
    fn floating_point_would_be_wrong() {
        // Somewhere below 2^60, f64 n*phi differs from the exact value.
        let phi = PHI_F64;
        let wrong = (0..2000u64)
            .map(|i| (1u64 << 55) + i * 1_000_003)
            .any(|n| (n as f64 * phi).floor() as u128 != floor_phi(n));
        assert!(wrong);
    }
}
