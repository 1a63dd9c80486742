//! The construction of the P-positions step by step against the engine's
//! table: the cells it marks are exactly the cells of value 0, for the
//! presets and for random pieces with terminal cells, and each step takes
//! the least free cell of the article's order.

use grundy_lab_core::Control;
use grundy_lab_core::grundy::{Table, compute_box};
use grundy_lab_core::rules::{Piece, Rules, TerminalSet, preset};
use grundy_lab_core::theory::{Construction, wythoff_pair};
use proptest::prelude::*;

fn table(rules: &Rules, w: usize, h: usize) -> Table {
    compute_box(rules, [w, h, 1], &Control::new()).expect("table")
}

/// Build to the end, then check the marks against the table: the P-positions
/// are the cells of value 0, every other cell is struck out by a step
/// before or at the one that could first reach it, and the pairs come in
/// the order of the construction.
fn check_against_table(rules: &Rules, w: usize, h: usize) {
    let t = table(rules, w, h);
    let mut c = Construction::new(rules, w, h).expect("a piece");
    c.run(|_| false);
    assert!(c.is_done());
    let mut zeros: Vec<(usize, usize)> =
        (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| t.get(x, y) == 0).collect();
    zeros.sort_unstable_by_key(|&(x, y)| (y, x));
    assert_eq!(c.p_positions(), zeros, "{} {w}x{h}", rules.label());
    for y in 0..h {
        for x in 0..w {
            let decided = c.found_at(x, y).is_some() != c.struck_at(x, y).is_some();
            assert!(decided, "{} ({x}, {y}) is either a P-position or struck out", rules.label());
        }
    }
    // Each step's pair is after the last one in the order (x first, then
    // y), and the cells it strikes out are N-positions that move to it.
    for pair in c.steps().windows(2) {
        assert!(pair[0].pair < pair[1].pair, "{} steps {:?} then {:?}", rules.label(), pair[0].pair, pair[1].pair);
    }
    for s in c.steps() {
        for &(x, y) in &s.struck {
            assert_ne!(t.get(x, y), 0, "{} ({x}, {y}) struck by step {}", rules.label(), s.n);
            let to = |&(px, py): &(usize, usize)| rules.has_move_to(x as u64, y as u64, px as u64, py as u64);
            assert!(s.p_positions.iter().any(to), "{} ({x}, {y}) cannot move to {:?}", rules.label(), s.p_positions);
        }
        assert_eq!(s.terminal, rules.is_terminal(s.pair.0 as u64, s.pair.1 as u64));
    }
    // The least number unused before each step, counted again here.
    let mut used = std::collections::BTreeSet::new();
    for s in c.steps() {
        let least = (0..).find(|v| !used.contains(v)).expect("a number");
        assert_eq!(s.least_unused, least, "{} step {}", rules.label(), s.n);
        used.extend(s.p_positions.iter().flat_map(|&(x, y)| [x, y]));
    }
    // Back gives the same numbers again.
    let last = c.steps().last().cloned();
    if c.back() {
        assert_eq!(c.step().cloned(), last);
    }
}

#[test]
fn presets_build_the_cells_of_value_0() {
    for name in ["queen", "king", "knight", "queen-t2", "ryuoh:4", "dragon-king", "dragon-horse", "nim", "bishop"] {
        let r = preset(name).unwrap();
        for (w, h) in [(1, 1), (40, 40), (37, 23), (9, 70), (150, 150)] {
            check_against_table(&r, w, h);
        }
    }
}

#[test]
fn the_queen_takes_the_wythoff_pairs_one_n_a_step() {
    let mut c = Construction::new(&preset("queen").unwrap(), 400, 400).unwrap();
    c.run(|_| false);
    assert!(c.is_symmetric());
    for s in c.steps() {
        let (a, b) = wythoff_pair(s.n as u64);
        assert_eq!((s.pair.0 as u128, s.pair.1 as u128), (a, b), "step {}", s.n);
        assert_eq!(c.beatty(s.n), Some((a, b)));
        let mirror = if a == b { vec![s.pair] } else { vec![s.pair, (s.pair.1, s.pair.0)] };
        assert_eq!(s.p_positions, mirror);
    }
    // The article's construction: a_n is the least number not yet used and
    // b_n = a_n + n.
    for s in c.steps() {
        assert_eq!(s.pair.0, s.least_unused, "step {}", s.n);
        assert_eq!(s.pair.1 - s.pair.0, s.n, "step {}", s.n);
    }
    // The pairs with b_n < 400: floor(n phi^2) < 400 for n <= 152.
    assert_eq!(c.steps().len(), 153);
    // Step 0 strikes out the row, the column and the diagonal of (0, 0).
    assert_eq!(c.steps()[0].struck.len(), 3 * 399);
    assert_eq!(Construction::new(&preset("king").unwrap(), 9, 9).unwrap().beatty(1), None);
}

#[test]
fn the_king_takes_numbers_already_used() {
    // The king's P-positions are the cells of two even coordinates: step 1
    // takes (0, 2) while 1 is unused, so "the least number not yet used" is
    // not the king's a_n.
    let mut c = Construction::new(&preset("king").unwrap(), 12, 12).unwrap();
    c.run(|_| false);
    let s = &c.steps()[1];
    assert_eq!((s.pair, s.least_unused), ((0, 2), 1));
}

#[test]
fn queen_t2_takes_its_terminal_cells_first() {
    let mut c = Construction::new(&preset("queen-t2").unwrap(), 30, 30).unwrap();
    c.run(|_| false);
    let first: Vec<((usize, usize), bool)> = c.steps().iter().take(5).map(|s| (s.pair, s.terminal)).collect();
    // The triangle x + y <= 2 as pairs a <= b: (0,0), (0,1), (0,2), (1,1),
    // each a P-position because it has no move; then the first cell free.
    assert_eq!(&first[..4], &[((0, 0), true), ((0, 1), true), ((0, 2), true), ((1, 1), true)]);
    assert!(!first[4].1, "{first:?}");
}

#[test]
fn back_walks_the_steps_back_to_the_start() {
    let r = preset("knight").unwrap();
    let mut c = Construction::new(&r, 20, 20).unwrap();
    let taken = c.run(|n| n == 30);
    assert_eq!(taken, 30);
    let marks = |c: &Construction| (c.p_positions(), (0..400).map(|i| c.struck_at(i % 20, i / 20)).collect::<Vec<_>>());
    let mut d = Construction::new(&r, 20, 20).unwrap();
    d.run(|n| n == 10);
    while c.steps().len() > 10 {
        assert!(c.back());
    }
    assert_eq!(marks(&c), marks(&d));
    assert_eq!(c.step().cloned(), d.step().cloned(), "the next step is the same again");
}

fn offsets(max: u32, n: usize) -> impl Strategy<Value = Vec<(u32, u32)>> {
    proptest::collection::vec((0..=max, 0..=max), 0..n)
        .prop_map(|v| v.into_iter().filter(|&(a, b)| a + b > 0).collect())
}

prop_compose! {
    fn random_rules()(slides in offsets(3, 4), jumps in offsets(4, 6),
                      terminal in proptest::collection::vec((0u32..8, 0u32..8), 0..6),
                      symmetric in any::<bool>()) -> Rules {
        let (mut s, mut j, mut t) = (slides.clone(), jumps.clone(), terminal.clone());
        if symmetric {
            s.extend(slides.iter().map(|&(a, b)| (b, a)));
            j.extend(jumps.iter().map(|&(a, b)| (b, a)));
            t.extend(terminal.iter().map(|&(a, b)| (b, a)));
        }
        let mut r = Rules::new("random", Piece::new(&s, &j));
        r.terminal = TerminalSet::from_cells(t);
        r
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn random_pieces_build_the_cells_of_value_0(r in random_rules(), w in 1usize..40, h in 1usize..40, square in any::<bool>()) {
        let h = if square { w } else { h };
        check_against_table(&r, w, h);
    }
}
