//! `hints`: the P-positions as sequences (difference, mex construction,
//! Beatty form with an exact quadratic irrational) against brute force.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::conjecture::sequences::{Difference, SequenceHints, find_sequence_hints, p_pairs};
use grundy_lab_core::conjecture::{Formula, check};
use grundy_lab_core::grundy::{Table, compute, naive};
use grundy_lab_core::rules::{Convention, Piece, Rules, TerminalSet, load_spec};
use proptest::prelude::*;

/// The game "take any number from one heap, or k >= 1 and l >= 1 from both
/// with |k - l| < 2" (Fraenkel's a-Wythoff game with a = 2).
const TWO_WYTHOFF: &str = "fn moves(x, y) {
    let options = [];
    for u in 0..x { options.push([u, y]); }
    for v in 0..y { options.push([x, v]); }
    for k in 1..=x {
        for l in [k - 1, k, k + 1] {
            if l >= 1 && l <= y { options.push([x - k, y - l]); }
        }
    }
    options
}";

fn two_wythoff_spec() -> String {
    let dir = std::env::temp_dir().join(format!("grundy-lab-hints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("two-wythoff.rhai");
    std::fs::write(&path, TWO_WYTHOFF).unwrap();
    path.to_str().unwrap().to_string()
}

/// The P-positions of the same game by brute force: a position is P when
/// no move leads to a P-position.
fn two_wythoff_p(n: usize) -> Vec<bool> {
    // p[y * n + x]: whether (x, y) is a P-position.
    let mut p = vec![false; n * n];
    for y in 0..n {
        for x in 0..n {
            let at = |x: usize, y: usize| p[y * n + x];
            let from_one = (0..x).any(|u| at(u, y)) || (0..y).any(|v| at(x, v));
            let from_both = (1..=x).any(|k| (1..=y).any(|l| k.abs_diff(l) < 2 && at(x - k, y - l)));
            p[y * n + x] = !(from_one || from_both);
        }
    }
    p
}

fn hints(t: &Table) -> SequenceHints {
    find_sequence_hints(t, &Control::new()).unwrap()
}

#[test]
fn the_two_wythoff_game_gives_one_plus_root_two() {
    let spec = two_wythoff_spec();
    let n = 200;
    let t = compute(&load_spec(&spec).unwrap(), n, n, &Control::new()).unwrap();
    let brute = two_wythoff_p(n);
    for (i, &p) in brute.iter().enumerate() {
        assert_eq!(t.is_p(i % n, i / n), p, "({}, {})", i % n, i / n);
    }
    let h = hints(&t);
    assert_eq!(h.difference.as_ref().map(|d| d.0), Some(Difference { k: 2, c: 0 }));
    assert!(h.mex.is_some());
    let b = h.beatty.as_ref().unwrap();
    assert_eq!(b.a.alpha.to_string(), "√2");
    assert_eq!(b.b.alpha.to_string(), "2 + √2");
    assert_eq!(b.slope.unwrap().to_string(), "1 + √2");
    let text = h.summary(8);
    assert!(text.contains("λ = α'/α = 1 + √2"), "{text}");
}

fn offsets(max: u32, n: usize) -> impl Strategy<Value = Vec<(u32, u32)>> {
    proptest::collection::vec((0..=max, 0..=max), 0..n)
        .prop_map(|v| v.into_iter().filter(|&(a, b)| a + b > 0).collect())
}

prop_compose! {
    /// Random pieces, symmetric in x and y (so that the sequence hints are
    /// looked for), in both conventions, with terminal sets.
    fn symmetric_rules()(slides in offsets(3, 4), jumps in offsets(4, 5),
                         terminal in proptest::collection::vec((0u32..5, 0u32..5), 0..3),
                         misere in any::<bool>()) -> Rules {
        let mirror = |v: &Vec<(u32, u32)>| v.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect::<Vec<_>>();
        let mut r = Rules::new("random", Piece::new(&mirror(&slides), &mirror(&jumps)));
        r.terminal = TerminalSet::from_cells(mirror(&terminal));
        r.convention = if misere { Convention::Misere } else { Convention::Normal };
        r
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// Every hint printed is true of the naive reference's table: each
    /// formula holds on every cell, and each statement about the pairs holds
    /// pair by pair.
    #[test]
    fn hints_say_nothing_false(r in symmetric_rules(), n in 16usize..48) {
        let t = compute(&r, n, n, &Control::new()).unwrap();
        let reference = Table::from_values(&r, n, n, naive::table(&r, n, n));
        let h = hints(&t);
        let (_, pairs, symmetric) = p_pairs(&reference);
        prop_assert_eq!(&h.pairs, &pairs);
        prop_assert_eq!(h.symmetric, symmetric);
        let holds = |text: &str| check(&reference, &Formula::compile_for(text, &r).unwrap(), &Control::new()).unwrap().holds();
        if let Some((Difference { k, c }, f)) = &h.difference {
            prop_assert!(holds(&f.formula), "{}", f.formula);
            for (i, &(a, b)) in pairs.iter().enumerate() {
                prop_assert_eq!(b as i64 - a as i64, k * i as i64 + c);
            }
        }
        if let Some(f) = &h.mex {
            prop_assert!(holds(&f.formula), "{}", f.formula);
            let mut used = std::collections::HashSet::new();
            for &(a, b) in &pairs {
                prop_assert_eq!(a, (0..).find(|v| !used.contains(v)).unwrap());
                used.insert(a);
                used.insert(b);
            }
        }
        if let Ok(b) = &h.beatty {
            prop_assert!(holds(&b.formula.formula), "{}", b.formula.formula);
            for (i, &(x, y)) in pairs.iter().enumerate() {
                prop_assert_eq!(b.a.term(i as i128), Some(x as i128));
                prop_assert_eq!(b.b.term(i as i128), Some(y as i128));
            }
        }
    }
}
