//! A deliberately naive reference: enumerate every move of every cell.
//! Slow and obviously right; the tests compare the engine with it.

use crate::rules::{Convention, Rules};

/// Row-major values of `rules` on `width x height`: Grundy numbers in normal
/// play, misère Grundy values ([`misere_mex`]) in misère.
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
                Convention::Misere => misere_mex(&options),
            };
        }
    }
    v
}

/// Values of `rules` on the box `dims`, every layer (layer k: k passes
/// left, from 0 to the rules' count), each in storage order (z, then y,
/// then x):
/// the moves of every state are listed one by one (a program's by running
/// it), sum by sum; a cell outside a program's domain holds
/// [`super::NOT_A_POSITION`]. Errors of a program are returned as they come.
pub fn table_box(rules: &Rules, dims: [usize; 3]) -> Result<Vec<u32>, crate::rules::ProgramError> {
    let [w, h, d] = dims;
    let cells = w * h * d;
    let layers = rules.passes.layers();
    let index = |p: [u64; 3]| (p[2] as usize * h + p[1] as usize) * w + p[0] as usize;
    let mut v = vec![0u32; cells * layers];
    let mut scope = rhai::Scope::new();
    for layer in 0..layers {
        for p in by_sum(dims) {
            let Some(moves) = listed_options(rules, p, &mut scope)? else {
                v[layer * cells + index(p)] = super::NOT_A_POSITION;
                continue;
            };
            let mut options: Vec<u32> = moves.iter().map(|&q| v[layer * cells + index(q)]).collect();
            if let Some(i) = options.iter().position(|&o| o == super::NOT_A_POSITION) {
                return Err(crate::rules::ProgramError::OptionNotAPosition {
                    position: crate::rules::coordinates(p, rules.dimension),
                    option: crate::rules::coordinates(moves[i], rules.dimension),
                });
            }
            if rules.passes.allowed(layer, !moves.is_empty()) {
                // The pass: the same position, one pass fewer.
                options.push(v[(layer - 1) * cells + index(p)]);
            }
            v[layer * cells + index(p)] = match rules.convention {
                Convention::Normal => mex(&options),
                Convention::Misere => misere_mex(&options),
            };
        }
    }
    Ok(v)
}

/// The positions of the box `dims` by increasing sum of coordinates (an
/// order in which every option comes before its position, when moves lower
/// the sum).
pub fn by_sum(dims: [usize; 3]) -> impl Iterator<Item = [u64; 3]> {
    let [w, h, d] = dims;
    (0..w + h + d - 2).flat_map(move |s| {
        (0..d).flat_map(move |z| {
            (0..h).filter_map(move |y| s.checked_sub(y + z).filter(|&x| x < w).map(|x| [x as u64, y as u64, z as u64]))
        })
    })
}

/// The options of `p` listed one by one (a program's by running it), or
/// `None` where a program says `p` is not a position. A move that does not
/// lower the sum of the coordinates is an error: the reference computes sum
/// by sum, so a game with a memory is not for it (the engine searches those).
pub fn listed_options(
    rules: &Rules,
    p: [u64; 3],
    scope: &mut rhai::Scope<'_>,
) -> Result<Option<Vec<[u64; 3]>>, crate::rules::ProgramError> {
    if let Some(program) = &rules.program
        && !program.is_position(p, scope, None)?
    {
        return Ok(None);
    }
    let moves = match &rules.program {
        Some(program) => program.options_within(p, scope, None, &rules.limits)?,
        None => rules.moves_at(p),
    };
    if let Some(q) = moves.iter().find(|q| q.iter().sum::<u64>() >= p.iter().sum::<u64>()) {
        return Err(crate::rules::ProgramError::BadOption {
            position: crate::rules::position_text(p, rules.dimension),
            option: crate::rules::position_text(*q, rules.dimension),
            why: crate::rules::OptionFault::SumNotLowered,
        });
    }
    Ok(Some(moves))
}

/// The misère Grundy value of a position whose options have the misère
/// values `values`: 1 with no option (whoever cannot move has won), else
/// their mex. It is 0 exactly at the P-positions of misère play: a
/// position with an option, none of them a P-position.
pub fn misere_mex(values: &[u32]) -> u32 {
    if values.is_empty() { 1 } else { mex(values) }
}

/// The least non-negative integer not in `values`.
pub fn mex(values: &[u32]) -> u32 {
    // Up to 255 values: the values seen in four words on the stack.
    if values.len() < 256 {
        let mut seen = [0u64; 4];
        for &v in values {
            if v < 256 {
                seen[v as usize >> 6] |= 1 << (v & 63);
            }
        }
        // Fewer than 256 values leave a bit clear.
        let first = seen.iter().position(|&w| w != u64::MAX).unwrap_or(3);
        return first as u32 * 64 + seen[first].trailing_ones();
    }
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
        // Across the words of the small case, and past it.
        let upto = |n: u32| (0..n).collect::<Vec<u32>>();
        assert_eq!(mex(&upto(64)), 64);
        assert_eq!(mex(&upto(200)), 200);
        let mut gap: Vec<u32> = upto(130).into_iter().filter(|&v| v != 127).collect();
        gap.push(300);
        assert_eq!(mex(&gap), 127);
        assert_eq!(mex(&upto(300)), 300);
        assert_eq!(mex(&[255, 256, 0]), 1);
    }
}
