//! The winning moves of Nim on any number of heaps, at any size. Bouton
//! (1901): a position is P exactly when the nim-sum (XOR) of the heaps is
//! 0; in misère play the same, except when every heap has at most one
//! stone, where the P-positions are those with an odd number of one-stone
//! heaps ([`super::is_nim_p`]). Which rules are Nim is
//! [`super::closed_form_of_heaps`]'s answer.

use super::is_nim_p;

/// Every winning move `(heap, stones left)` of Nim: those that leave a
/// P-position (normal or misère). Only `h XOR s` (s the nim-sum) can give
/// nim-sum 0, and only 0 or 1 the misère endgame, so at most three targets
/// per heap are tried, whatever the heaps' sizes.
pub fn nim_winning_moves(heaps: &[u64], misere: bool) -> Vec<(usize, u64)> {
    let s = heaps.iter().fold(0, |a, &h| a ^ h);
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let mut targets = vec![h ^ s, 0, 1];
        targets.sort_unstable();
        targets.dedup();
        for t in targets.into_iter().filter(|&t| t < h) {
            let mut after = heaps.to_vec();
            after[i] = t;
            if is_nim_p(&after, misere) {
                out.push((i, t));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;
    use crate::rules::preset;

    /// Bouton's rule, normal and misère, against computed tables of one,
    /// two and three heaps; and the winning moves are exactly the moves to
    /// P-positions of the table.
    #[test]
    fn bouton_agrees_with_tables_and_the_winning_moves_are_all_found() {
        for (name, side) in [("nim-1", 300usize), ("nim", 64), ("nim-3", 16)] {
            for misere in [false, true] {
                let mut rules = preset(name).unwrap();
                if misere {
                    rules = rules.misere();
                }
                let d = rules.dimension as usize;
                let mut dims = [1; 3];
                dims[..d].fill(side);
                let t = crate::grundy::compute_box(&rules, dims, &Control::new()).unwrap();
                for x in 0..dims[0] {
                    for y in 0..dims[1] {
                        for z in 0..dims[2] {
                            let p = [x, y, z];
                            let heaps: Vec<u64> = p[..d].iter().map(|&c| c as u64).collect();
                            let p_table = t.get_at(p, 0) == 0;
                            assert_eq!(is_nim_p(&heaps, misere), p_table, "{} {p:?}", rules.label());
                            let mut expected: Vec<(usize, u64)> = rules
                                .moves_at([x as u64, y as u64, z as u64])
                                .into_iter()
                                .filter(|q| t.get_at(q.map(|c| c as usize), 0) == 0)
                                .map(|q| {
                                    let i = (0..d).find(|&i| q[i] != p[i] as u64).expect("a move changes a heap");
                                    (i, q[i])
                                })
                                .collect();
                            expected.sort_unstable();
                            let mut got = nim_winning_moves(&heaps, misere);
                            got.sort_unstable();
                            assert_eq!(got, expected, "{} {p:?}", rules.label());
                        }
                    }
                }
            }
        }
    }
}
