//! Conway's genus: the nim-heaps' genera as Conway gives them, and every
//! genus of small boards against a search over the explicit sums with
//! copies of *2, written apart from the library's reduction to counts of
//! heaps of two and of one.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::grundy::genus::{GENUS_COPIES, Genus, GenusError, genus, genus_box};
use grundy_lab_core::rules::{Convention, Rules, preset};
use std::collections::HashMap;

fn mex(values: &[u32]) -> u32 {
    (0..).find(|v| !values.contains(v)).unwrap()
}

/// The misère Grundy value of `p` plus nim-heaps `heaps` (sorted), by
/// listing every move of the sum.
fn misere_sum(rules: &Rules, p: [u64; 3], heaps: Vec<u8>, memo: &mut HashMap<([u64; 3], Vec<u8>), u32>) -> u32 {
    if let Some(&v) = memo.get(&(p, heaps.clone())) {
        return v;
    }
    let mut options = Vec::new();
    let mut scope = rhai::Scope::new();
    for q in grundy_lab_core::grundy::naive::listed_options(rules, p, &mut scope).unwrap().unwrap() {
        options.push(misere_sum(rules, q, heaps.clone(), memo));
    }
    for i in 0..heaps.len() {
        for smaller in 0..heaps[i] {
            let mut after = heaps.clone();
            if smaller == 0 {
                after.remove(i);
            } else {
                after[i] = smaller;
            }
            after.sort_unstable();
            options.push(misere_sum(rules, p, after, memo));
        }
    }
    let v = if options.is_empty() { 1 } else { mex(&options) };
    memo.insert((p, heaps), v);
    v
}

#[test]
fn the_nim_heaps_have_the_genera_conway_gives() {
    let nim = preset("nim-1").unwrap();
    let expected = ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75"];
    for (n, want) in expected.iter().enumerate() {
        let g = genus(&nim, [n as u64, 0, 0], &Control::new()).unwrap();
        assert_eq!(g.notation(), *want, "*{n}");
        assert!(g.is_nim_like(), "*{n}");
        assert_eq!(g.misere.len(), GENUS_COPIES + 1);
    }
}

#[test]
fn every_genus_of_small_boards_agrees_with_a_search_over_the_sums() {
    let mut memo = HashMap::new();
    for name in ["queen", "king", "knight", "nim", "dragon-horse", "subtraction-1-3-4", "nim-3"] {
        let rules = preset(name).unwrap();
        memo.clear();
        let d = rules.dimension as usize;
        let side = [0, 12, 6, 3][d];
        let mut checked = 0;
        for x in 0..side {
            for y in 0..if d >= 2 { side } else { 1 } {
                for z in 0..if d >= 3 { side } else { 1 } {
                    let p = [x, y, z];
                    let g = genus(&rules, p, &Control::new()).unwrap();
                    for k in 0..=GENUS_COPIES {
                        let by_search = misere_sum(&rules, p, vec![2; k], &mut memo);
                        assert_eq!(g.misere[k], by_search, "{name} {p:?} with {k} copies of *2");
                    }
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, side.pow(d as u32), "{name}");
    }
}

#[test]
fn the_genus_begins_with_the_values_of_the_normal_and_misere_tables() {
    let queen = preset("queen").unwrap();
    let mut misere = queen.clone();
    misere.convention = Convention::Misere;
    let normal_table = grundy_lab_core::grundy::compute(&queen, 14, 14, &Control::new()).unwrap();
    let misere_table = grundy_lab_core::grundy::compute(&misere, 14, 14, &Control::new()).unwrap();
    let mut like_a_nim_heap = 0;
    for x in 0..14 {
        for y in 0..14 {
            let g = genus(&queen, [x, y, 0], &Control::new()).unwrap();
            assert_eq!(g.normal, normal_table.get(x as usize, y as usize), "({x}, {y})");
            assert_eq!(g.misere[0], misere_table.get(x as usize, y as usize), "({x}, {y})");
            // The convention of the rules does not change the genus.
            assert_eq!(genus(&misere, [x, y, 0], &Control::new()).unwrap(), g, "({x}, {y})");
            like_a_nim_heap += usize::from(g.is_nim_like());
        }
    }
    // Some positions have a genus no nim-heap has: (5, 3), a P-position in
    // both plays, has 0^02, the genus of *2 + *2.
    assert!(like_a_nim_heap < 14 * 14);
    assert_eq!(genus(&queen, [5, 3, 0], &Control::new()).unwrap().notation(), "0^02");
}

#[test]
fn the_notation_cuts_the_alternating_tail_and_spells_out_large_values() {
    let g = Genus { normal: 12, misere: vec![13, 2, 0, 2, 0, 2, 0] };
    assert_eq!(g.superscript(), &[13, 2, 0]);
    assert_eq!(g.notation(), "12^(13,2,0)");
    let g = Genus { normal: 0, misere: vec![1, 1, 1, 1, 1, 1, 1] };
    assert_eq!(g.notation(), "0^11");
    assert!(!g.is_nim_like());
}

#[test]
fn games_the_genus_is_not_computed_for_say_why() {
    assert_eq!(genus(&preset("queen+pass").unwrap(), [3, 3, 0], &Control::new()), Err(GenusError::Passes));
    let many = preset("nim-4").unwrap();
    assert_eq!(genus(&many, [1, 1, 1], &Control::new()), Err(GenusError::ManyCoordinates(4)));
    let too_far = genus(&preset("queen").unwrap(), [1 << 20, 1 << 20, 0], &Control::new());
    assert!(matches!(too_far, Err(GenusError::TooLarge { .. })), "{too_far:?}");
    let message = too_far.unwrap_err().to_string();
    assert!(message.contains("at most 65536"), "{message}");
}

/// The misère Grundy value of the rows `heaps` of a game that knocks down
/// `take` adjacent pins (any of the lengths in `take`) from a row, plus the
/// nim-heaps `nim`, every move of the sum listed.
fn misere_pins(
    take: &[u64],
    mut heaps: Vec<u64>,
    mut nim: Vec<u8>,
    memo: &mut HashMap<(Vec<u64>, Vec<u8>), u32>,
) -> u32 {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    nim.sort_unstable();
    if let Some(&v) = memo.get(&(heaps.clone(), nim.clone())) {
        return v;
    }
    let mut options = Vec::new();
    for (i, &n) in heaps.iter().enumerate() {
        for &t in take.iter().filter(|&&t| t <= n) {
            for left in 0..=n - t {
                let mut after: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                after.extend([left, n - t - left]);
                options.push(misere_pins(take, after, nim.clone(), memo));
            }
        }
    }
    for i in 0..nim.len() {
        for smaller in 0..nim[i] {
            let mut after = nim.clone();
            after[i] = smaller;
            after.retain(|&h| h > 0);
            options.push(misere_pins(take, heaps.clone(), after, memo));
        }
    }
    let v = if options.is_empty() { 1 } else { mex(&options) };
    memo.insert((heaps, nim), v);
    v
}

#[test]
fn the_genus_of_rows_of_kayles_and_dawson_s_kayles_agrees_with_a_search_over_the_sums() {
    use grundy_lab_core::takebreak::search::{Play, RowSearch};
    for (spec, take) in [("kayles", &[1u64, 2][..]), ("dawsons-kayles", &[2][..])] {
        let game = grundy_lab_core::takebreak::load(spec).unwrap();
        let mut search = RowSearch::new(game, Play::Misere, u64::MAX);
        let mut memo = HashMap::new();
        let rows: Vec<Vec<u64>> = (0..=11).map(|n| vec![n]).chain([vec![1, 1], vec![2, 3], vec![4, 1, 1]]).collect();
        for row in rows {
            let g = search.genus(&row, &Control::new()).unwrap();
            for k in 0..=GENUS_COPIES {
                let by_search = misere_pins(take, row.clone(), vec![2; k], &mut memo);
                assert_eq!(g.misere[k], by_search, "{spec} {row:?} with {k} copies of *2");
            }
            // Normal play: the XOR of the heaps' values, by the same listing.
            let normal = |heaps: &[u64]| -> u32 {
                fn value(take: &[u64], n: u64, memo: &mut HashMap<u64, u32>) -> u32 {
                    if let Some(&v) = memo.get(&n) {
                        return v;
                    }
                    let mut options = Vec::new();
                    for &t in take.iter().filter(|&&t| t <= n) {
                        for left in 0..=n - t {
                            options.push(value(take, left, memo) ^ value(take, n - t - left, memo));
                        }
                    }
                    let v = mex(&options);
                    memo.insert(n, v);
                    v
                }
                let mut memo = HashMap::new();
                heaps.iter().fold(0, |x, &n| x ^ value(take, n, &mut memo))
            };
            assert_eq!(g.normal, normal(&row), "{spec} {row:?}");
        }
    }
}

#[test]
fn the_genus_of_a_box_is_the_genus_of_each_of_its_positions() {
    for (name, dims) in [("queen", [9, 7, 1]), ("chocolate-2d", [6, 6, 1]), ("nim-3", [3, 4, 2])] {
        let rules = preset(name).unwrap();
        let all = genus_box(&rules, dims, &Control::new()).unwrap();
        let [w, h, _] = dims;
        for (i, g) in all.iter().enumerate() {
            let p = [(i % w) as u64, ((i / w) % h) as u64, (i / (w * h)) as u64];
            match genus(&rules, p, &Control::new()) {
                Ok(one) => assert_eq!(g.as_ref(), Some(&one), "{name} {p:?}"),
                Err(GenusError::NotAPosition) => assert_eq!(g, &None, "{name} {p:?}"),
                Err(e) => panic!("{name} {p:?}: {e}"),
            }
        }
    }
    let too_large = genus_box(&preset("queen").unwrap(), [300, 300, 1], &Control::new());
    assert_eq!(too_large, Err(GenusError::TooLarge { cells: 90_000 }));
}
