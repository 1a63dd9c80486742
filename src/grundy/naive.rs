//! A deliberately naive reference: enumerate every move of every cell.
//! Slow and obviously right; the tests compare the engine with it.

use crate::rules::{Convention, Rules};

/// Row-major values of `rules` on `width x height`: Grundy numbers in normal
/// play, 0 (P) / 1 (N) in misère.
pub fn table(rules: &Rules, width: usize, height: usize) -> Vec<u32> {
    let mut v = vec![0u32; width * height];
    // Every move lowers x + y, so anti-diagonal order is a valid order.
    for s in 0..width + height {
        for y in 0..height.min(s + 1) {
            let x = s - y;
            if x >= width {
                continue;
            }
            let options: Vec<u32> =
                rules.moves(x as u64, y as u64).iter().map(|&(a, b)| v[b as usize * width + a as usize]).collect();
            v[y * width + x] = match rules.convention {
                Convention::Normal => mex(&options),
                Convention::Misere => {
                    let p = !options.is_empty() && options.iter().all(|&o| o == 1);
                    if p { 0 } else { 1 }
                }
            };
        }
    }
    v
}

/// The least non-negative integer not in `values`.
pub fn mex(values: &[u32]) -> u32 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if (v as usize) < seen.len() {
            seen[v as usize] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_examples_of_math_md() {
        assert_eq!(mex(&[0, 1, 2, 3]), 4);
        assert_eq!(mex(&[1, 1, 2, 3]), 0);
        assert_eq!(mex(&[0, 2, 3, 5]), 1);
        assert_eq!(mex(&[0, 0, 0, 1]), 2);
        assert_eq!(mex(&[]), 0);
    }
}
