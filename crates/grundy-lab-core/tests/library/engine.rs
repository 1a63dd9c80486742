//! The engine against a naive reference on random rules, and every closed
//! form of math.md against computed tables.

use grundy_lab_core::Control;
use grundy_lab_core::grundy::{EngineError, Table, compute, naive};
use grundy_lab_core::rules::{Convention, Piece, Rules, TerminalSet, preset};
use grundy_lab_core::theory::*;
use proptest::prelude::*;

fn table(rules: &Rules, n: usize) -> Table {
    compute(rules, n, n, &Control::new()).expect("table")
}

fn values(t: &Table) -> Vec<u32> {
    t.values()
}

#[test]
fn presets_agree_with_naive_reference() {
    for name in ["nim", "queen", "dragon-king", "dragon-horse", "ryuoh:5", "queen-t2", "bishop", "king", "knight"] {
        for misere in [false, true] {
            let mut r = preset(name).unwrap();
            if misere {
                r = r.misere();
            }
            for (w, h) in [(40, 40), (37, 23), (9, 70), (130, 130)] {
                let t = compute(&r, w, h, &Control::new()).unwrap();
                assert_eq!(values(&t), naive::table(&r, w, h), "{} {w}x{h}", r.label());
            }
        }
    }
}

fn offsets(max: u32, n: usize) -> impl Strategy<Value = Vec<(u32, u32)>> {
    proptest::collection::vec((0..=max, 0..=max), 0..n)
        .prop_map(|v| v.into_iter().filter(|&(a, b)| a + b > 0).collect())
}

prop_compose! {
    fn random_rules()(slides in offsets(3, 4), jumps in offsets(4, 6),
                      terminal in proptest::collection::vec((0u32..6, 0u32..6), 0..5),
                      misere in any::<bool>(), symmetric in any::<bool>()) -> Rules {
        let mut s = slides.clone();
        let mut j = jumps.clone();
        let mut t = terminal.clone();
        if symmetric {
            s.extend(slides.iter().map(|&(a, b)| (b, a)));
            j.extend(jumps.iter().map(|&(a, b)| (b, a)));
            t.extend(terminal.iter().map(|&(a, b)| (b, a)));
        }
        let mut r = Rules::new("random", Piece::new(&s, &j));
        r.terminal = TerminalSet::from_cells(t);
        r.convention = if misere { Convention::Misere } else { Convention::Normal };
        r
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn random_rules_agree_with_naive_reference(r in random_rules(), w in 1usize..90, h in 1usize..90, square in any::<bool>()) {
        let h = if square { w } else { h };
        let t = compute(&r, w, h, &Control::new()).unwrap();
        prop_assert_eq!(values(&t), naive::table(&r, w, h));
    }
}

prop_compose! {
    /// Pieces with many slide directions and jumps (up to 40 of each), as
    /// the editor's 40 x 40 grid and rules files allow.
    fn many_offsets_rules()(slides in offsets(12, 40), jumps in offsets(12, 40),
                            terminal in proptest::collection::vec((0u32..8, 0u32..8), 0..6),
                            misere in any::<bool>()) -> Rules {
        let mut r = Rules::new("many", Piece::new(&slides, &jumps));
        r.terminal = TerminalSet::from_cells(terminal);
        r.convention = if misere { Convention::Misere } else { Convention::Normal };
        r
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    #[test]
    fn rules_with_many_slide_directions_agree_with_naive_reference(r in many_offsets_rules(), w in 1usize..48, h in 1usize..48) {
        let t = compute(&r, w, h, &Control::new()).unwrap();
        prop_assert_eq!(values(&t), naive::table(&r, w, h));
    }
}

/// The nine slides of the bad-input report: more slide directions than the
/// engine once kept per cell.
#[test]
fn nine_slide_directions_in_both_conventions() {
    let slides = [(1, 0), (0, 1), (1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 3), (3, 2)];
    for misere in [false, true] {
        let mut r = Rules::new("s9", Piece::new(&slides, &[]));
        if misere {
            r = r.misere();
        }
        let t = compute(&r, 60, 45, &Control::new()).unwrap();
        assert_eq!(values(&t), naive::table(&r, 60, 45), "{}", r.label());
    }
}

#[test]
fn invalid_rules_are_refused_by_the_engine() {
    let r = Rules::new("zero", Piece::new(&[(0, 0), (1, 0)], &[]));
    let e = compute(&r, 8, 8, &Control::new()).unwrap_err();
    assert!(matches!(e, EngineError::InvalidRules(_)), "{e:?}");
    assert!(e.to_string().contains("[0, 0]"), "{e}");
}

#[test]
fn cancel_stops_and_reports() {
    let c = Control::new();
    c.cancel();
    assert_eq!(compute(&preset("queen").unwrap(), 512, 512, &c).unwrap_err(), EngineError::Cancelled);
}

#[test]
fn too_large_is_refused_with_a_message() {
    let e = compute(&preset("queen").unwrap(), 1 << 20, 1 << 20, &Control::new()).unwrap_err();
    let msg = e.to_string();
    assert!(msg.starts_with("1048576 x 1048576 needs"), "{msg}");
    assert!(matches!(compute(&preset("queen").unwrap(), 0, 5, &Control::new()), Err(EngineError::BadSize { .. })));
}

const N: usize = 500;

#[test]
fn nim_is_xor() {
    let t = table(&preset("nim").unwrap(), N);
    for y in 0..N {
        for x in 0..N {
            assert_eq!(t.get(x, y) as u64, nim_grundy(x as u64, y as u64));
        }
    }
}

#[test]
fn ryuoh_formula_holds_for_p_1_to_7() {
    for p in 1..=7u64 {
        let t = table(&preset(&format!("ryuoh:{p}")).unwrap(), N);
        for y in 0..N {
            for x in 0..N {
                assert_eq!(t.get(x, y) as u128, ryuoh_grundy(p, x as u64, y as u64), "p={p} ({x},{y})");
            }
        }
    }
    assert_eq!(closed_form(&preset("dragon-king").unwrap()), Some(ClosedForm::Ryuoh { p: 3 }));
}

#[test]
fn wythoff_p_positions_are_the_golden_pairs() {
    let t = table(&preset("queen").unwrap(), N);
    for y in 0..N {
        for x in 0..N {
            assert_eq!(t.is_p(x, y), is_wythoff_p(x as u64, y as u64), "({x},{y})");
        }
    }
    // Each row is a permutation start and x - 2y <= g <= x + y for x >= y.
    for y in 0..N {
        for x in y..N {
            let g = t.get(x, y) as i64;
            assert!(x as i64 - 2 * y as i64 <= g && g <= (x + y) as i64, "({x},{y}) = {g}");
        }
    }
}

#[test]
fn misere_wythoff() {
    let t = table(&preset("queen").unwrap().misere(), N);
    for y in 0..N {
        for x in 0..N {
            assert_eq!(t.is_p(x, y), is_misere_wythoff_p(x as u64, y as u64), "({x},{y})");
        }
    }
}

#[test]
fn hofstadter_variant_p_positions_and_theorems() {
    let normal = table(&preset("queen-t2").unwrap(), N);
    let misere = table(&preset("queen-t2").unwrap().misere(), N);
    for y in 0..N {
        for x in 0..N {
            let (xu, yu) = (x as u64, y as u64);
            assert_eq!(normal.is_p(x, y), is_t2_p(xu, yu), "normal ({x},{y})");
            assert_eq!(misere.is_p(x, y), is_t2_misere_p(xu, yu), "misère ({x},{y})");
            if x >= 8 || y >= 8 {
                // Theorem: g = 1 iff Wythoff P; misère P iff Wythoff P.
                assert_eq!(normal.get(x, y) == 1, is_wythoff_p(xu, yu), "g=1 theorem ({x},{y})");
                assert_eq!(misere.is_p(x, y), is_wythoff_p(xu, yu), "misère theorem ({x},{y})");
            }
        }
    }
    // The misère P-positions with x, y <= 7 listed in math.md.
    let small: Vec<_> = (0..8).flat_map(|y| (0..8).map(move |x| (x, y))).filter(|&(x, y)| misere.is_p(x, y)).collect();
    let mut listed = vec![(0, 3), (1, 2), (2, 1), (3, 0), (4, 4), (5, 7), (7, 5)];
    listed.sort_by_key(|&(x, y)| (y, x));
    assert_eq!(small, listed);
}

#[test]
fn misere_nim_two_heaps() {
    let t = table(&preset("nim").unwrap().misere(), 200);
    for y in 0..200 {
        for x in 0..200 {
            assert_eq!(t.is_p(x, y), is_nim_p(&[x as u64, y as u64], true), "({x},{y})");
        }
    }
}

#[test]
fn closed_forms_agree_with_tables() {
    for name in ["nim", "queen", "queen-t2", "ryuoh:4", "dragon-king"] {
        for misere in [false, true] {
            let mut r = preset(name).unwrap();
            if misere {
                r = r.misere();
            }
            let Some(cf) = closed_form(&r) else {
                assert!(misere && (name.starts_with("ryuoh") || name == "dragon-king"));
                continue;
            };
            let t = table(&r, 300);
            for y in 0..300 {
                for x in 0..300 {
                    assert_eq!(cf.is_p(x as u64, y as u64), t.is_p(x, y), "{} ({x},{y})", r.label());
                }
            }
        }
    }
    assert_eq!(closed_form(&preset("dragon-horse").unwrap()), None);
}

#[test]
fn partial_tables_report_what_is_ready() {
    let r = preset("queen").unwrap();
    let t = grundy_lab_core::grundy::prepare(&r, 300, 300).unwrap();
    assert!(!t.is_computed(0, 0));
    assert_eq!(t.try_get(0, 0), None);
    grundy_lab_core::grundy::fill(&t, &Control::new()).unwrap();
    assert!(t.is_complete());
    assert_eq!(t.try_get(3, 5), Some(0));
}
