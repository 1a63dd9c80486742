//! Games of four to eight heaps (programs of many coordinates) against an
//! independent brute force: a memoized search over the positions written
//! here, with each game's moves coded in Rust, not read from its program.

use grundy_lab_core::Control;
use grundy_lab_core::game_table::GameTable;
use grundy_lab_core::grundy::heaps::{self, HeapTable, Storage};
use grundy_lab_core::rules::{Convention, MAX_DIMENSION, Program, Rules, preset};
use std::collections::HashMap;

/// The moves of a game: the positions one move reaches.
type Moves = fn(&[u64], usize) -> Vec<Vec<u64>>;

/// Nim: lower one heap.
fn nim_moves(p: &[u64], _: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for v in 0..p[i] {
            let mut q = p.to_vec();
            q[i] = v;
            out.push(q);
        }
    }
    out
}

/// Greedy Nim: lower a largest heap.
fn greedy_moves(p: &[u64], _: usize) -> Vec<Vec<u64>> {
    let top = p.iter().copied().max().unwrap_or(0);
    nim_moves(p, 0).into_iter().filter(|q| (0..p.len()).any(|i| p[i] == top && q[i] < p[i])).collect()
}

/// Moore's Nim_k: lower at least one and at most `k` heaps.
fn moore_moves(p: &[u64], k: usize) -> Vec<Vec<u64>> {
    let n = p.len();
    let mut out = Vec::new();
    for subset in 1u32..1 << n {
        if subset.count_ones() as usize > k || (0..n).any(|i| subset >> i & 1 == 1 && p[i] == 0) {
            continue;
        }
        // Every choice of new sizes for the heaps of the subset.
        let mut q = p.to_vec();
        let chosen: Vec<usize> = (0..n).filter(|i| subset >> i & 1 == 1).collect();
        fn go(p: &[u64], chosen: &[usize], j: usize, q: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if j == chosen.len() {
                out.push(q.clone());
                return;
            }
            for v in 0..p[chosen[j]] {
                q[chosen[j]] = v;
                go(p, chosen, j + 1, q, out);
            }
            q[chosen[j]] = p[chosen[j]];
        }
        go(p, &chosen, 0, &mut q, &mut out);
    }
    out
}

/// Restricted Nim: from a pile of m, remove 1 to ⌈m/2⌉.
fn restricted_ceil_moves(p: &[u64], _: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for k in 1..=p[i].div_ceil(2) {
            let mut q = p.to_vec();
            q[i] -= k;
            out.push(q);
        }
    }
    out
}

/// The brute force: Grundy values (normal play) or misère Grundy values
/// (0 exactly at P), with `passes` passes (`at_end`: a pass also where no move is
/// left), memoized by position and passes left.
struct Brute {
    moves: Moves,
    k: usize,
    misere: bool,
    at_end: bool,
    memo: HashMap<(Vec<u64>, u8), u32>,
}

impl Brute {
    fn new(moves: Moves, k: usize, misere: bool) -> Brute {
        Brute { moves, k, misere, at_end: false, memo: HashMap::new() }
    }

    fn value(&mut self, p: &[u64], left: u8) -> u32 {
        if let Some(&v) = self.memo.get(&(p.to_vec(), left)) {
            return v;
        }
        let options = (self.moves)(p, self.k);
        let mut values: Vec<u32> = options.iter().map(|q| self.value(q, left)).collect();
        if left > 0 && (!options.is_empty() || self.at_end) {
            values.push(self.value(p, left - 1));
        }
        // The misère Grundy value: 1 with no option (whoever cannot move
        // wins), else the mex, as in normal play.
        let v = if self.misere && values.is_empty() {
            1
        } else {
            (0..).find(|v| !values.contains(v)).expect("a finite set misses a number")
        };
        self.memo.insert((p.to_vec(), left), v);
        v
    }
}

/// Every position of the box `sides`.
fn all_positions(sides: &[usize]) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    for &n in sides {
        out = out.into_iter().flat_map(|p| (0..n as u64).map(move |v| [p.clone(), vec![v]].concat())).collect();
    }
    out
}

fn table(rules: &Rules, sides: &[usize], storage: Storage) -> HeapTable {
    heaps::compute(rules, sides, storage, &Control::new()).unwrap_or_else(|e| panic!("{}: {e}", rules.label()))
}

/// The table of `name` on the cube of `side` agrees with the brute force
/// at every position (each order of the heaps looked up).
fn agrees(name: &str, side: usize, moves: Moves, k: usize) -> HeapTable {
    let rules = preset(name).expect("a preset");
    let misere = rules.convention == Convention::Misere;
    let d = rules.dimension as usize;
    let t = table(&rules, &vec![side; d], heaps::storage_for(&rules, &vec![side; d], false));
    assert_eq!(t.storage(), Storage::Sorted, "{name}: the preset says its heaps are alike");
    let mut brute = Brute::new(moves, k, misere);
    brute.at_end = rules.passes.at_end;
    for p in all_positions(&vec![side; d]) {
        for layer in 0..rules.passes.layers() {
            assert_eq!(t.get(&p, layer), Some(brute.value(&p, layer as u8)), "{name} at {p:?}, {layer} passes left");
        }
    }
    t
}

#[test]
fn nim_on_four_to_six_heaps_is_the_xor_of_the_heaps() {
    for (name, side) in [("nim-4", 6), ("nim-5", 5), ("nim-6", 4)] {
        let t = agrees(name, side, nim_moves, 0);
        for p in all_positions(t.sides()) {
            assert_eq!(t.get(&p, 0), Some(p.iter().fold(0, |a, &b| a ^ b) as u32), "{name} at {p:?}");
        }
    }
    // A plane of the table, as the map and the Pieces preview draw it:
    // x2 across and x4 down through (2, _, 1, _), g = 2 ^ u ^ 1 ^ v.
    let t = table(&preset("nim-4").unwrap(), &[4, 5, 3, 6], Storage::Full);
    let plane = t.plane(1, 3, &[2, 0, 1, 0], 0);
    assert_eq!((plane.width(), plane.height()), (5, 6));
    for (u, v) in (0..5).flat_map(|u| (0..6).map(move |v| (u, v))) {
        assert_eq!(plane.get(u, v), 2 ^ u as u32 ^ 1 ^ v as u32, "at ({u}, {v})");
    }
}

#[test]
fn misere_nim_follows_boutons_rule() {
    for (name, side) in [("nim-4", 5), ("nim-5", 4)] {
        let rules = preset(name).unwrap().misere();
        let d = rules.dimension as usize;
        let t = table(&rules, &vec![side; d], Storage::Sorted);
        let mut brute = Brute::new(nim_moves, 0, true);
        for p in all_positions(&vec![side; d]) {
            let xor = p.iter().fold(0, |a, &b| a ^ b);
            // Bouton: with a heap of two or more, P when the XOR is 0; with
            // heaps of 0 and 1 only, P when the XOR is 1.
            let p_position = if p.iter().any(|&h| h >= 2) { xor == 0 } else { xor == 1 };
            assert_eq!(t.get(&p, 0) == Some(0), p_position, "{name} misère at {p:?}");
            // The misère Grundy value of Nim is the XOR, except where every
            // heap is 0 or 1: there it is the XOR's complement, 1 - XOR.
            let g = if p.iter().any(|&h| h >= 2) { xor } else { 1 - xor };
            assert_eq!(t.get(&p, 0), Some(g as u32), "{name} misère value at {p:?}");
            assert_eq!(t.get(&p, 0), Some(brute.value(&p, 0)), "{name} misère at {p:?}");
        }
    }
}

#[test]
fn greedy_nim_normal_and_misere() {
    let t = agrees("greedy-nim-4", 6, greedy_moves, 0);
    // Normal play: P exactly when the number of largest heaps (of at least
    // one stone) is even.
    for p in all_positions(t.sides()) {
        let top = *p.iter().max().unwrap();
        let largest = if top == 0 { 0 } else { p.iter().filter(|&&h| h == top).count() };
        assert_eq!(t.get(&p, 0) == Some(0), largest % 2 == 0, "greedy-nim-4 at {p:?}");
    }
    for (name, side) in [("greedy-nim-4", 6), ("greedy-nim-5", 5)] {
        let rules = preset(name).unwrap().misere();
        let d = rules.dimension as usize;
        let t = table(&rules, &vec![side; d], Storage::Sorted);
        let mut brute = Brute::new(greedy_moves, 0, true);
        for p in all_positions(&vec![side; d]) {
            assert_eq!(t.get(&p, 0), Some(brute.value(&p, 0)), "{name} misère at {p:?}");
        }
    }
}

#[test]
fn moores_nim_k_follows_the_binary_rule() {
    for (name, side, n, k) in [("moore-4-2", 6, 4, 2), ("moore-5-3", 4, 5, 3), ("moore-4-1", 5, 4, 1)] {
        let t = agrees(name, side, moore_moves, k);
        assert_eq!(t.sides().len(), n);
        for p in all_positions(t.sides()) {
            // Moore (1910): P exactly when in every binary digit the number
            // of heaps with that digit 1 is a multiple of k + 1.
            let rule = (0..8).all(|bit| p.iter().filter(|&&h| h >> bit & 1 == 1).count() % (k + 1) == 0);
            assert_eq!(t.get(&p, 0) == Some(0), rule, "{name} at {p:?}");
        }
    }
}

#[test]
fn restricted_nim_with_a_pass_on_one_to_four_piles() {
    // Four piles: the table of many heaps, with and without Gale's pass.
    agrees("restricted-nim-ceil-4", 7, restricted_ceil_moves, 0);
    agrees("restricted-nim-ceil-4+pass", 7, restricted_ceil_moves, 0);
    // One pile (the app's map and Play): the engine of one to three coordinates.
    for name in ["restricted-nim-ceil-1", "restricted-nim-ceil-1+pass", "restricted-nim-ceil-2+pass"] {
        let rules = preset(name).expect("a preset");
        let d = rules.dimension as usize;
        let side = if d == 1 { 200 } else { 30 };
        let mut dims = [1; 3];
        dims[..d].fill(side);
        let t = grundy_lab_core::grundy::compute_box(&rules, dims, &Control::new()).expect("the table");
        let mut brute = Brute::new(restricted_ceil_moves, 0, false);
        for p in all_positions(&dims[..d]) {
            let mut c = [0usize; 3];
            for (c, &v) in c.iter_mut().zip(&p) {
                *c = v as usize;
            }
            for layer in 0..rules.passes.layers() {
                assert_eq!(t.get_at(c, layer), brute.value(&p, layer as u8), "{name} at {p:?}, {layer} passes left");
            }
        }
    }
}

#[test]
fn passes_on_many_heaps() {
    agrees("nim-4+pass", 4, nim_moves, 0);
    agrees("nim-4+passes:2", 4, nim_moves, 0);
    agrees("greedy-nim-4+passes:2+pass-at-end", 4, greedy_moves, 0);
}

#[test]
fn a_symmetric_five_heap_game_sorted_and_full_are_equal() {
    let rules = preset("moore-5-2").unwrap();
    let sides = [5; 5];
    let sorted = table(&rules, &sides, Storage::Sorted);
    let full = table(&rules, &sides, Storage::Full);
    assert_eq!((sorted.positions_stored(), full.positions_stored()), (126, 3125));
    for p in all_positions(&sides) {
        assert_eq!(sorted.get(&p, 0), full.get(&p, 0), "at {p:?}");
    }
    // A game whose heaps are not alike: the full box only.
    let source = "fn moves(a, b, c, d) { let out = []; if a > 0 { out.push([a - 1, b, c, d]); } \
                  if d > 1 { out.push([a, b, c, d - 2]); } out }";
    let rules = Rules::from_program("steps", Program::new(source).unwrap());
    assert_eq!(heaps::storage_for(&rules, &[4; 4], false), Storage::Full);
    let t = table(&rules, &[4; 4], Storage::Full);
    for p in all_positions(&[4; 4]) {
        // The sum of two independent games: a one-step heap and a two-step heap.
        let expected = (p[0] % 2) ^ (p[3] / 2 % 2);
        assert_eq!(t.get(&p, 0), Some(expected as u32), "steps at {p:?}");
    }
}

#[test]
fn a_false_claim_of_heaps_alike_a_move_out_of_the_box_and_huge_boxes_are_refused_with_messages() {
    let liar = "fn heaps_alike() { true } fn moves(a, b, c, d) { if a > 0 { [[a - 1, b, c, d]] } else { [] } }";
    let rules = Rules::from_program("liar", Program::new(liar).unwrap());
    let e = heaps::compute(&rules, &[4; 4], Storage::Sorted, &Control::new()).unwrap_err().to_string();
    assert!(e.contains("heaps_alike") && e.contains("swapped"), "{e}");
    // A claim false only above 2 stones (the second heap may also lose two
    // once it has three): found beyond the small heaps, so no wrong value
    // (g(0, 3, 0, 0) would be 3 from the sorted table; it is 0 by search).
    let late = "fn heaps_alike() { true }
        fn moves(a, b, c, d) {
            let o = [];
            if a > 0 { o.push([a - 1, b, c, d]); }
            if b > 0 { o.push([a, b - 1, c, d]); }
            if c > 0 { o.push([a, b, c - 1, d]); }
            if d > 0 { o.push([a, b, c, d - 1]); }
            if b >= 3 { o.push([a, b - 2, c, d]); }
            o
        }";
    let rules = Rules::from_program("late liar", Program::new(late).unwrap());
    for sides in [[4, 4, 4, 4], [5, 5, 5, 5], [40, 40, 40, 40]] {
        let e = heaps::compute(&rules, &sides, Storage::Sorted, &Control::new()).unwrap_err().to_string();
        assert!(e.contains("heaps_alike") && e.contains("swapped"), "{sides:?}: {e}");
    }
    // A claim false at one position only, which the spread sample misses:
    // at (0, 0, 0, 37) the last heap may not be emptied (its value is 0,
    // the sorted table would say 37). Asked there, the claim is checked
    // there, and refused.
    let one = "fn heaps_alike() { true }
        fn moves(a, b, c, d) {
            let o = [];
            for k in 1..=a { o.push([a - k, b, c, d]); }
            for k in 1..=b { o.push([a, b - k, c, d]); }
            for k in 1..=c { o.push([a, b, c - k, d]); }
            for k in 1..=d { if !(a == 0 && b == 0 && c == 0 && d == 37 && k == 37) { o.push([a, b, c, d - k]); } }
            o
        }";
    let rules = Rules::from_program("one liar", Program::new(one).unwrap());
    let e = heaps::compute_covering(&rules, &[0, 0, 0, 37], &Control::new()).unwrap_err().to_string();
    assert!(e.contains("heaps_alike") && e.contains("(0, 0, 37, 0)"), "{e}");
    // False only two swaps away, at (0, 37, 0, 0), on the way to the sorted
    // form (37, 0, 0, 0) whose value would be read: found on that way.
    let further = one.replace("a == 0 && b == 0 && c == 0 && d == 37 && k == 37", "false");
    let further = further.replace(
        "for k in 1..=b { o.push([a, b - k, c, d]); }",
        "for k in 1..=b { if !(a == 0 && b == 37 && c == 0 && d == 0 && k == 37) { o.push([a, b - k, c, d]); } }",
    );
    let rules = Rules::from_program("further liar", Program::new(&further).unwrap());
    let e = heaps::compute_covering(&rules, &[0, 0, 0, 37], &Control::new()).unwrap_err().to_string();
    assert!(e.contains("heaps_alike") && e.contains("(0, 37, 0, 0)"), "{e}");
    // A move that keeps the sum is searched, and this one leaves the box.
    let sum = "fn moves(a, b, c, d) { if a > 0 { [[a - 1, b + 1, c, d]] } else { [] } }";
    let rules = Rules::from_program("keeps", Program::new(sum).unwrap());
    let e = heaps::compute(&rules, &[4; 4], Storage::Full, &Control::new()).unwrap_err().to_string();
    assert!(e.contains("lies outside the box 4 x 4 x 4 x 4"), "{e}");
    // Of two options out of the box, the smaller is named, in whatever
    // order the program lists them (a covering grows the box to hold it).
    for listed in ["[[0, 3, 0, 0], [0, 0, 0, 5]]", "[[0, 0, 0, 5], [0, 3, 0, 0]]"] {
        let source = format!("fn moves(a, b, c, d) {{ if a == 1 && b == 0 {{ {listed} }} else {{ [] }} }}");
        let rules = Rules::from_program("leaves", Program::new(&source).unwrap());
        let e = heaps::compute(&rules, &[2; 4], Storage::Full, &Control::new()).unwrap_err().to_string();
        assert!(
            e.contains("at (1, 0, 0, 0): the option (0, 0, 0, 5) lies outside the box 2 x 2 x 2 x 2"),
            "{listed}: {e}"
        );
    }
    let rules = preset("nim-4").unwrap();
    let e = heaps::check(&rules, &[1_000_000; 4], Storage::Full).unwrap_err().to_string();
    assert!(e.contains("1000000 x 1000000 x 1000000 x 1000000 is") && e.contains("the limit on this machine"), "{e}");
    let e = heaps::check(&rules, &[4, 4, 4, 5], Storage::Sorted).unwrap_err().to_string();
    assert!(e.contains("equal sides"), "{e}");
    // Nine coordinates are no game.
    let nine = Program::new("fn moves(a, b, c, d, e, f, g, h, i) { [] }").unwrap_err().to_string();
    assert!(nine.contains("1 to 8 coordinates"), "{nine}");
    // The tables of one to three coordinates refuse many heaps with a pointer.
    let e = grundy_lab_core::grundy::compute_box(&rules, [4, 4, 4], &Control::new()).unwrap_err().to_string();
    assert!(e.contains("4 coordinates") && e.contains("grundy-lab ppos"), "{e}");
}

#[test]
fn eight_heaps_of_up_to_fifteen_stones() {
    let rules = preset("nim-8").unwrap();
    let t = table(&rules, &[16; MAX_DIMENSION], Storage::Sorted);
    assert_eq!(t.positions_stored(), 490_314);
    for p in [[15u64, 15, 15, 15, 15, 15, 15, 15], [1, 2, 4, 8, 15, 0, 3, 9], [7, 7, 0, 0, 3, 3, 9, 9]] {
        assert_eq!(t.get(&p, 0), Some(p.iter().fold(0, |a, &b| a ^ b) as u32), "{p:?}");
    }
}

#[test]
fn the_plane_of_empty_heaps_is_computed_on_its_own_box() {
    // Greedy Nim and Moore's Nim_2 on four heaps, with the third and the
    // fourth empty, against the brute force; a side of 40 on a box of
    // 40 x 40 x 1 x 1 (not 40^4).
    for (name, moves, k) in [("greedy-nim-4", greedy_moves as Moves, 0), ("moore-4-2", moore_moves as Moves, 2)] {
        let rules = preset(name).unwrap();
        let plane = GameTable::compute_first_plane(&rules, &GameTable::plane_box(&rules, 40), &Control::new()).unwrap();
        assert_eq!((plane.width(), plane.height()), (40, 40));
        let mut brute = Brute::new(moves, k, false);
        for (a, b) in (0..40u64).flat_map(|a| (0..40u64).map(move |b| (a, b))) {
            let v = brute.value(&[a, b, 0, 0], 0);
            assert_eq!(plane.get(a as usize, b as usize), v, "{name} at ({a}, {b}, 0, 0)");
        }
    }
}

#[test]
fn a_check_of_many_heaps_draws_the_plane_of_x1_and_x2() {
    use grundy_lab_core::conjecture::CheckMode;
    use grundy_lab_core::conjecture::heaps::check_heaps;
    let t = std::sync::Arc::new(table(&preset("nim-4").unwrap(), &[9; 4], Storage::Sorted));
    let plane = |text: &str, condition: Option<&str>, mode| {
        let r = check_heaps(t.clone(), text, condition, mode, &Control::new()).unwrap();
        r.plane.expect("a plane of 9 x 9")
    };
    // x1 + x2 is the XOR of (x1, x2, 0, 0) exactly where they share no bit.
    let p = plane("x1 + x2", None, CheckMode::Formula);
    assert_eq!((p.width, p.height), (9, 9));
    for (a, b) in (0..9).flat_map(|a| (0..9).map(move |b| (a, b))) {
        assert_eq!(p.fails_at(a, b), Some(a & b != 0), "({a}, {b}, 0, 0)");
    }
    assert_eq!(p.fails_at(9, 0), None);
    // The table keeps sorted positions only, yet the plane is checked in
    // every order: x1 >= x2 holds at every sorted position and fails
    // across the diagonal; a condition leaves cells out (drawn as holding).
    let p = plane("x1 >= x2", None, CheckMode::Holds);
    let p_where = plane("x1 >= x2", Some("x2 <= 4"), CheckMode::Holds);
    for (a, b) in (0..9).flat_map(|a| (0..9).map(move |b| (a, b))) {
        assert_eq!(p.fails_at(a, b), Some(a < b), "({a}, {b}, 0, 0)");
        assert_eq!(p_where.fails_at(a, b), Some(a < b && b <= 4), "({a}, {b}, 0, 0) where x2 <= 4");
    }
}

/// Welter's game: distinct heaps; a move lowers one heap to a size no
/// other heap has.
fn welter_moves(p: &[u64], _: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for k in (0..p[i]).filter(|k| !p.contains(k)) {
            let mut q = p.to_vec();
            q[i] = k;
            out.push(q);
        }
    }
    out
}

/// Welter's game on two to five heaps against the brute force, sorted
/// and full alike; positions with two equal heaps are none of the game;
/// two heaps have g = (x1 XOR x2) - 1.
#[test]
fn welters_game_on_two_to_five_heaps() {
    for (d, side) in [(2, 24), (3, 12), (4, 9), (5, 7)] {
        let rules = preset(&format!("welter-{d}")).unwrap();
        let sides = vec![side; d];
        let t = table(&rules, &sides, heaps::storage_for(&rules, &sides, false));
        assert_eq!(t.storage(), Storage::Sorted);
        let full = (d == 4).then(|| table(&rules, &sides, Storage::Full));
        let mut brute = Brute::new(welter_moves, 0, false);
        let mut positions = 0;
        for p in all_positions(&sides) {
            let v = t.get(&p, 0).unwrap();
            if let Some(full) = &full {
                assert_eq!(full.get(&p, 0), Some(v), "welter-4 full and sorted at {p:?}");
            }
            let distinct = (0..d).all(|i| (i + 1..d).all(|j| p[i] != p[j]));
            if !distinct {
                assert_eq!(v, grundy_lab_core::grundy::NOT_A_POSITION, "{p:?} has two equal heaps");
                continue;
            }
            positions += 1;
            assert_eq!(v, brute.value(&p, 0), "welter-{d} at {p:?}");
            if d == 2 {
                assert_eq!(u64::from(v), (p[0] ^ p[1]) - 1, "two heaps {p:?}");
            }
        }
        assert!(positions > 0);
    }
}

/// The moves of three-heap Nim where no move takes as many stones as the
/// move before: (x, y, z, t), t the stones the last move took.
fn no_repeat_moves(p: &[u64], _: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..3 {
        for k in (1..=p[i]).filter(|&k| k != p[3]) {
            let mut q = p.to_vec();
            q[i] -= k;
            q[3] = k;
            out.push(q);
        }
    }
    out
}

/// Three-heap Nim where no move takes as many stones as the move before
/// it: a game with a memory of four coordinates (x, y, z, t), t the
/// stones the last move took (0 at the start). From a position with t = 0
/// a move keeps the sum of the coordinates (the stones taken come back as
/// t), so the table is found by the search; the brute force recurses on
/// the game itself.
#[test]
fn a_game_with_a_memory_of_four_coordinates_is_computed_and_a_cycle_is_reported() {
    let source = String::from(
        "fn moves(x, y, z, t) {
        let heaps = [x, y, z];
        let out = [];
        for i in 0..3 {
            for k in 1..=heaps[i] {
                if k != t {
                    let q = [x, y, z, k];
                    q[i] = heaps[i] - k;
                    out.push(q);
                }
            }
        }
        out
    }",
    );
    let rules = Rules::from_program("no-repeat", Program::new(&source).unwrap());
    let side = 7;
    let t = table(&rules, &[side; 4], Storage::Full);
    let mut brute = Brute::new(no_repeat_moves, 0, false);
    let mut differs_from_nim = 0;
    for p in all_positions(&[side; 4]) {
        assert_eq!(t.get(&p, 0), Some(brute.value(&p, 0)), "no-repeat at {p:?}");
        if p[3] == 0 && (t.get(&p, 0) == Some(0)) != (p[0] ^ p[1] ^ p[2] == 0) {
            differs_from_nim += 1;
        }
    }
    assert!(differs_from_nim > 0, "the memory changes the game");
    // A move (1, 0, 0, 0) -> (0, 0, 0, 1) keeps the sum, but every move
    // lowers x + y + z: the table is filled in that order.
    assert_eq!(
        t.order().map(|o| o.coordinates().to_vec()),
        Some(vec![true, true, true, false]),
        "ordered by x1 + x2 + x3"
    );
    // Misère play with Gale's pass is searched too, layer by layer.
    let misere = rules.clone().misere().with_pass();
    let m = table(&misere, &[5; 4], Storage::Full);
    let mut brute = Brute::new(no_repeat_moves, 0, true);
    for p in all_positions(&[5; 4]) {
        for layer in 0..2 {
            assert_eq!(m.get(&p, layer), Some(brute.value(&p, layer as u8)), "misère with a pass at {p:?}, {layer}");
        }
    }
    // An option outside `fn position` is an error, in whatever order the
    // search meets it: here (0, 0, 0, 1), one stone taken from (1, 0, 0, 0).
    let fenced = format!("fn position(x, y, z, t) {{ !(x == 0 && y == 0 && z == 0 && t == 1) }}\n{source}");
    let rules = Rules::from_program("fenced", Program::new(&fenced).unwrap());
    let e = heaps::compute(&rules, &[3; 4], Storage::Full, &Control::new()).unwrap_err().to_string();
    assert!(e.contains("(0, 0, 0, 1)") && e.contains("is not a position"), "{e}");
    // A game that never ends: (1, 0, 0, 0) and (0, 0, 0, 1) lead to each other.
    let endless = "fn moves(a, b, c, d) { if a > 0 { [[a - 1, b, c, d + 1]] } else if d > 0 { [[a + 1, b, c, d - 1]] } else { [] } }";
    let rules = Rules::from_program("endless", Program::new(endless).unwrap());
    let e = heaps::compute(&rules, &[3; 4], Storage::Full, &Control::new()).unwrap_err().to_string();
    assert!(e.contains("does not end") && e.contains("(1, 0, 0, 0) → (0, 0, 0, 1) → (1, 0, 0, 0)"), "{e}");
    // A finite game that lowers no sum of coordinates: (a, b, c, d) ->
    // (a - 1, b + 2, c, d) or (a, b - 1, c, d) ends in lexicographic order;
    // the search finds its table, the values of a recursion in that order.
    let n = 9;
    let lexicographic = format!(
        "fn moves(a, b, c, d) {{ let o = []; if a > 0 && b + 2 < {n} {{ o.push([a - 1, b + 2, c, d]); }} \
         if b > 0 {{ o.push([a, b - 1, c, d]); }} o }}"
    );
    let rules = Rules::from_program("lexicographic", Program::new(&lexicographic).unwrap());
    let t = table(&rules, &[n, n, 2, 2], Storage::Full);
    assert_eq!(t.order(), None, "found by the search");
    let mut g = vec![vec![0u32; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut values = Vec::new();
            if a > 0 && b + 2 < n {
                values.push(g[a - 1][b + 2]);
            }
            if b > 0 {
                values.push(g[a][b - 1]);
            }
            g[a][b] = (0..).find(|v| !values.contains(v)).unwrap();
        }
    }
    for p in all_positions(&[n, n, 2, 2]) {
        assert_eq!(t.get(&p, 0), Some(g[p[0] as usize][p[1] as usize]), "{p:?}");
    }
}

/// A piece's moves for the brute force: (is a slide, its `d` steps).
fn offsets_of(rules: &Rules, d: usize) -> Vec<(bool, Vec<u64>)> {
    let steps = |o: &grundy_lab_core::rules::Offset| o.steps()[..d].iter().map(|&c| c as u64).collect();
    let slides = rules.piece.slides.iter().map(|o| (true, steps(o)));
    slides.chain(rules.piece.jumps.iter().map(|o| (false, steps(o)))).collect()
}

/// A piece of many coordinates for the tests: its slides and jumps.
fn piece_rules(name: &str, d: usize, slides: &[&[u32]], jumps: &[&[u32]]) -> Rules {
    use grundy_lab_core::rules::{Offset, Piece};
    let piece = Piece {
        slides: slides.iter().map(|o| Offset::of(o)).collect(),
        jumps: jumps.iter().map(|o| Offset::of(o)).collect(),
    };
    Rules::with_dimension(name, d as u8, piece)
}

/// The brute force of a piece: values (or misère values) with passes,
/// its moves from the offsets as written here, memoized.
fn piece_value(
    offsets: &[(bool, Vec<u64>)],
    rules: &Rules,
    p: &[u64],
    left: u8,
    memo: &mut HashMap<(Vec<u64>, u8), u32>,
) -> u32 {
    if let Some(&v) = memo.get(&(p.to_vec(), left)) {
        return v;
    }
    let mut options = Vec::new();
    for (slide, o) in offsets {
        let mut q = p.to_vec();
        while q.iter().zip(o).all(|(&c, &s)| c >= s) {
            q.iter_mut().zip(o).for_each(|(c, &s)| *c -= s);
            options.push(q.clone());
            if !slide {
                break;
            }
        }
    }
    let mut values: Vec<u32> = options.iter().map(|q| piece_value(offsets, rules, q, left, memo)).collect();
    if left > 0 && (!options.is_empty() || rules.passes.at_end) {
        values.push(piece_value(offsets, rules, p, left - 1, memo));
    }
    let v = if rules.convention == Convention::Misere && values.is_empty() {
        1
    } else {
        (0..).find(|v| !values.contains(v)).expect("a finite set misses a number")
    };
    memo.insert((p.to_vec(), left), v);
    v
}

/// Pieces of four and five coordinates (slides along axes and diagonals,
/// slides with no step of 1, jumps), in normal and misère play, with one
/// pass, two, and a pass at the end, computed on every position of the
/// box and on the sorted ones, against the brute force; and a piece of
/// three coordinates against the engine of one to three.
#[test]
fn pieces_of_many_coordinates_agree_with_a_brute_force() {
    let queen4: Vec<Vec<u32>> = (1u32..16).map(|m| (0..4).map(|i| m >> i & 1).collect()).collect();
    let queen4: Vec<&[u32]> = queen4.iter().map(|v| v.as_slice()).collect();
    let cases: Vec<(Rules, Vec<usize>)> = vec![
        (preset("nim-4").unwrap(), vec![4, 5, 3, 4]),
        (piece_rules("queen-4", 4, &queen4, &[]), vec![4, 4, 4, 4]),
        (
            piece_rules("odd", 4, &[&[2, 1, 0, 0], &[0, 0, 2, 2], &[1, 0, 0, 3]], &[&[1, 1, 1, 1], &[0, 3, 0, 0]]),
            vec![5, 5, 4, 7],
        ),
        (piece_rules("five", 5, &[&[1, 1, 0, 0, 0], &[0, 0, 0, 0, 1]], &[&[0, 2, 1, 0, 0]]), vec![3, 4, 3, 3, 5]),
    ];
    for (rules, sides) in cases {
        let d = sides.len();
        let offsets = offsets_of(&rules, d);
        let variants = [
            rules.clone(),
            rules.clone().misere(),
            rules.clone().with_pass(),
            rules.clone().with_passes(grundy_lab_core::rules::Passes { count: 2, at_end: true }),
        ];
        for r in variants {
            let mut memo = HashMap::new();
            let t = table(&r, &sides, Storage::Full);
            for p in all_positions(&sides) {
                for layer in 0..r.passes.layers() {
                    let want = piece_value(&offsets, &r, &p, layer as u8, &mut memo);
                    assert_eq!(t.get(&p, layer), Some(want), "{} at {p:?}, {layer} passes left", r.label());
                }
            }
            if heaps::claims_alike(&r) {
                let side = sides[0];
                let cube = vec![side; d];
                let sorted = table(&r, &cube, Storage::Sorted);
                let full = table(&r, &cube, Storage::Full);
                for p in all_positions(&cube) {
                    for layer in 0..r.passes.layers() {
                        assert_eq!(sorted.get(&p, layer), full.get(&p, layer), "{} sorted at {p:?}", r.label());
                    }
                }
            }
        }
    }
    // A piece the heaps do not treat alike is never sorted.
    let odd = piece_rules("odd", 4, &[&[2, 1, 0, 0]], &[]);
    assert!(!heaps::claims_alike(&odd));
    assert!(heaps::compute(&odd, &[3; 4], Storage::Sorted, &Control::new()).is_err());
    // Three coordinates: the same values as the engine of one to three.
    for name in ["queen-3-all", "nim-3", "queen-3"] {
        let rules = preset(name).unwrap();
        let ours = table(&rules, &[9, 7, 8], Storage::Full);
        let theirs = grundy_lab_core::grundy::compute_box(&rules, [9, 7, 8], &Control::new()).unwrap();
        for p in all_positions(&[9, 7, 8]) {
            let c = [p[0] as usize, p[1] as usize, p[2] as usize];
            assert_eq!(ours.get(&p, 0), Some(theirs.get_at(c, 0)), "{name} at {p:?}");
        }
    }
}

/// Boxes of many tiles (tiles have side 16 for four coordinates, 8 for five
/// and six), with values of 64 and more (more than one word of each line's
/// set), against the brute force: the waves of tiles and the sets that
/// cross from one tile to the next.
#[test]
fn pieces_on_boxes_of_many_tiles_agree_with_a_brute_force() {
    let queen4: Vec<Vec<u32>> = (1u32..16).map(|m| (0..4).map(|i| m >> i & 1).collect()).collect();
    let queen4: Vec<&[u32]> = queen4.iter().map(|v| v.as_slice()).collect();
    let cases: Vec<(Rules, Vec<usize>)> = vec![
        (piece_rules("queen-4", 4, &queen4, &[]), vec![50, 40, 3, 2]),
        (piece_rules("odd", 4, &[&[1, 0, 0, 0], &[2, 1, 0, 0], &[0, 1, 1, 0]], &[&[1, 2, 0, 1]]), vec![70, 50, 2, 2]),
        (
            piece_rules("five", 5, &[&[1, 0, 0, 0, 0], &[1, 1, 0, 0, 0], &[0, 1, 0, 0, 1]], &[&[0, 2, 1, 0, 0]]),
            vec![70, 17, 2, 2, 3],
        ),
    ];
    for (rules, sides) in cases {
        let d = sides.len();
        let offsets = offsets_of(&rules, d);
        for r in [rules.clone(), rules.clone().with_pass()] {
            let mut memo = HashMap::new();
            let t = table(&r, &sides, Storage::Full);
            let mut largest = 0;
            for p in all_positions(&sides) {
                for layer in 0..r.passes.layers() {
                    let want = piece_value(&offsets, &r, &p, layer as u8, &mut memo);
                    assert_eq!(t.get(&p, layer), Some(want), "{} at {p:?}, {layer} passes left", r.label());
                    largest = largest.max(want);
                }
            }
            assert!(largest >= 64, "{}: values reach {largest}, fewer than one word", r.label());
        }
    }
}

/// Larsson's game for p: the moves of `imitation-nim-2` with `fn p()` set
/// to p, coded here from the rule. A state is (x, y, t, c): t what the
/// last move took from the shorter pile (0 if none), c the imitations in a
/// row of the player who may imitate next.
fn imitation_moves(s: &[u64], p: usize) -> Vec<Vec<u64>> {
    let (piles, t, c) = ([s[0], s[1]], s[2], s[3]);
    let mut out = Vec::new();
    for i in 0..2 {
        let (here, other) = (piles[i], piles[1 - i]);
        for k in 1..=here {
            let mut q = piles;
            q[i] = here - k;
            let (t2, c2) = if t > 0 && k == t && here > other {
                if c + 1 >= p as u64 {
                    continue;
                }
                (0, c + 1)
            } else if here <= other {
                (k, if t > 0 { 0 } else { c })
            } else {
                (0, 0)
            };
            out.push(vec![q[0], q[1], t2, c2]);
        }
    }
    out
}

/// The P-positions of Wythoff Nim with a blocking manoeuvre on `blocked`
/// diagonal options (the previous player forbids up to that many diagonal
/// moves): a position is P when its options to P-positions are all
/// diagonal and at most `blocked`.
fn blocking_wythoff_p(n: usize, blocked: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n]; n];
    for s in 0..2 * n {
        for x in 0..n.min(s + 1) {
            let y = s - x;
            if y >= n {
                continue;
            }
            let straight = (0..x).any(|u| p[u][y]) || (0..y).any(|v| p[x][v]);
            let diagonal = (1..=x.min(y)).filter(|&k| p[x - k][y - k]).count();
            p[x][y] = !straight && diagonal <= blocked;
        }
    }
    p
}

/// `imitation-nim-2` (Larsson, Integers 9 (2009), p = 2) and the same
/// program for p = 1 and 3: every state against the game tree of the rule
/// coded above; p = 1 is `imitation-nim`; and with no move yet, the
/// P-positions are those of Wythoff Nim with p - 1 diagonal options
/// blocked (Larsson relates the two games; checked here on 24 x 24).
#[test]
fn larssons_game_with_p_imitations_is_filled_in_the_order_of_x_plus_y_and_is_blocking_wythoff_at_the_start() {
    let example = preset("imitation-nim-2").unwrap();
    let source = example.program.as_ref().unwrap().source().to_string();
    assert!(source.contains("fn p() { 2 }"), "the example says where p is");
    let with_p = |p: usize| {
        let text = source.replace("fn p() { 2 }", &format!("fn p() {{ {p} }}"));
        Rules::from_program(&format!("imitation-nim-{p}"), Program::new(&text).unwrap())
    };
    for p in [1usize, 2, 3] {
        let rules = if p == 2 { example.clone() } else { with_p(p) };
        let side = 14;
        let sides = [side, side, side, p];
        let t = table(&rules, &sides, Storage::Full);
        // Every move lowers x + y (t and c, the memory, may rise; for p = 1
        // c is always 0 and stays in the sum).
        assert_eq!(
            t.order().map(|o| o.coordinates().to_vec()),
            Some(vec![true, true, false, p == 1]),
            "p = {p}: ordered by x + y"
        );
        let mut brute = Brute::new(imitation_moves, p, false);
        for s in all_positions(&sides) {
            assert_eq!(t.get(&s, 0), Some(brute.value(&s, 0)), "p = {p} at {s:?}");
        }
        let n = 24;
        let t = table(&rules, &[n, n, n, p], Storage::Full);
        let wythoff = blocking_wythoff_p(n, p - 1);
        for (x, column) in wythoff.iter().enumerate() {
            for (y, &is_p) in column.iter().enumerate() {
                let here = t.get(&[x as u64, y as u64, 0, 0], 0);
                assert_eq!(here == Some(0), is_p, "p = {p} at ({x}, {y}, 0, 0)");
            }
        }
    }
    // p = 1: no imitation at all, the game of `imitation-nim`.
    let one = table(&with_p(1), &[12, 12, 12, 1], Storage::Full);
    let three =
        grundy_lab_core::grundy::compute_box(&preset("imitation-nim").unwrap(), [12, 12, 12], &Control::new()).unwrap();
    for s in all_positions(&[12, 12, 12, 1]) {
        let c = [s[0] as usize, s[1] as usize, s[2] as usize];
        assert_eq!(one.get(&s, 0), Some(three.get_at(c, 0)), "p = 1 at {s:?}");
    }
}

/// The hexagonal chocolate's cuts, coded here: lower one side by t, then
/// each coordinate to its bound (two neighbours and a one for the even
/// sides).
fn hexagon_moves(x: &[u64], _: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for side in 0..6 {
        for t in 1..=x[side] {
            let mut u = x.to_vec();
            u[side] -= t;
            let bound = |i: usize| u[(i + 5) % 6] + u[(i + 1) % 6] + (i % 2) as u64;
            out.push((0..6).map(|i| u[i].min(bound(i))).collect());
        }
    }
    out
}

/// A shape of the hexagonal chocolate: the six inequalities.
fn is_hexagon(x: &[u64]) -> bool {
    (0..6).all(|i| x[i] <= x[(i + 5) % 6] + x[(i + 1) % 6] + (i % 2) as u64)
}

/// `chocolate-hexagon`: every shape of a box of six coordinates against
/// the brute force; every option of a shape is a shape (one pass of the
/// bounds is enough), and the cells that are no shape are no positions.
#[test]
fn the_hexagonal_chocolate_of_six_coordinates_agrees_with_a_brute_force() {
    let rules = preset("chocolate-hexagon").unwrap();
    assert_eq!(rules.dimension, 6);
    let sides = [5, 4, 5, 4, 5, 4];
    let t = table(&rules, &sides, Storage::Full);
    let mut brute = Brute::new(hexagon_moves, 0, false);
    let (mut shapes, mut p_positions) = (0, 0);
    for x in all_positions(&sides) {
        if !is_hexagon(&x) {
            assert_eq!(t.get(&x, 0), Some(grundy_lab_core::grundy::NOT_A_POSITION), "{x:?} is no shape");
            continue;
        }
        for q in hexagon_moves(&x, 0) {
            assert!(is_hexagon(&q), "the cut {x:?} → {q:?} leaves a shape");
        }
        let v = brute.value(&x, 0);
        assert_eq!(t.get(&x, 0), Some(v), "at {x:?}");
        shapes += 1;
        p_positions += usize::from(v == 0);
    }
    assert!(shapes > 1000 && p_positions > 10, "{shapes} shapes, {p_positions} P-positions");
    // The source's start, the shape {2, 1, 2, 1, 2, 1}.
    assert_eq!(t.get(&[2, 1, 2, 1, 2, 1], 0), Some(brute.value(&[2, 1, 2, 1, 2, 1], 0)));
}
