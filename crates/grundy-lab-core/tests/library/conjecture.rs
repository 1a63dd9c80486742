//! The conjecture checker against computed tables: known formulas hold,
//! wrong ones give exactly the counterexamples a direct comparison finds,
//! bad formulas fail fast with a message, and pattern hints only report
//! what the data supports.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::conjecture::{
    DEFAULT_CHECK_BUDGET, ErrorKind, Formula, FormulaError, FormulaKind, FormulaValue, KnownKind, Line, check,
    check_within, find_block_form, find_hints, known_formulas, parameter_p_formula, run_check,
};
use grundy_lab_core::grundy::{Table, compute};
use grundy_lab_core::rules::preset;
use proptest::prelude::*;
use std::time::Duration;

fn table(name: &str, n: usize) -> Table {
    compute(&preset(name).unwrap(), n, n, &Control::new()).unwrap()
}

fn check_text(
    t: &Table,
    text: &str,
) -> Result<grundy_lab_core::conjecture::CheckReport, grundy_lab_core::conjecture::FormulaError> {
    check(t, &Formula::compile(text).unwrap(), &Control::new())
}

/// The `check` subcommand on an already compiled formula.
fn run(t: &Table, text: &str) -> Result<(String, i32), FormulaError> {
    run_check(t, &Formula::compile(text).unwrap(), &Control::new(), Some(DEFAULT_CHECK_BUDGET))
}

#[test]
fn ryuoh_formula_holds_on_64_and_300() {
    for p in [3, 5] {
        let name = if p == 3 { "dragon-king".to_string() } else { format!("ryuoh:{p}") };
        for n in [64, 300] {
            let t = table(&name, n);
            for text in [parameter_p_formula(p), format!("ryuoh({p}, x, y)")] {
                let r = check_text(&t, &text).unwrap();
                assert!(r.holds(), "{text} on {name} {n}x{n}: {r}");
                assert_eq!(r.cells_checked, (n * n) as u64);
                assert_eq!(r.formula_kind, FormulaKind::Integer);
                assert!(r.diff.values.iter().all(|&d| d == 0));
            }
        }
    }
}

#[test]
fn progress_reaches_the_end() {
    let t = table("dragon-king", 64);
    let control = Control::new();
    assert!(check(&t, &Formula::compile("x ^ y").unwrap(), &control).is_ok());
    assert_eq!(control.fraction(), 1.0);
}

#[test]
fn wrong_formula_gives_the_counterexamples_of_a_direct_comparison() {
    // The library's wrong-on-purpose formula: phi replaced by 8/5.
    let wrong = known_formulas().into_iter().find(|k| k.name.starts_with("Wrong")).unwrap();
    let says_p = |x: usize, y: usize| x.min(y) == x.abs_diff(y) * 8 / 5;

    // It holds on 33 x 33: a finite check is evidence, not a proof.
    let (text, code) = run(&table("queen", 33), &wrong.text).unwrap();
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("evidence, not a proof"), "{text}");

    let t = table("queen", 80);
    let r = check_text(&t, &wrong.text).unwrap();
    let direct: Vec<(usize, usize)> =
        (0..80).flat_map(|y| (0..80).map(move |x| (x, y))).filter(|&(x, y)| t.is_p(x, y) != says_p(x, y)).collect();
    assert!(!direct.is_empty());
    assert_eq!(r.cells_differing as usize, direct.len());
    let got: Vec<(usize, usize)> = r.counterexamples.iter().map(|c| (c.x, c.y)).collect();
    assert_eq!(got, direct);
    assert_eq!(got[0], (33, 20), "first in row order");
    for c in &r.counterexamples {
        assert_eq!(c.table, t.get(c.x, c.y));
        assert_eq!(c.formula, FormulaValue::Bool(says_p(c.x, c.y)));
    }
    for y in 0..80 {
        for x in 0..80 {
            assert_eq!(r.diff.get(x, y), Some((t.is_p(x, y) != says_p(x, y)) as i32));
        }
    }
    let (text, code) = run(&t, &wrong.text).unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("(33, 20): table g = "), "{text}");
}

#[test]
fn integer_counterexamples_and_differences() {
    let t = table("queen", 50);
    let r = check_text(&t, "x ^ y").unwrap();
    let mut n = 0;
    for y in 0..50 {
        for x in 0..50 {
            let d = t.get(x, y) as i64 - (x ^ y) as i64;
            assert_eq!(r.diff.get(x, y), Some(d as i32));
            n += (d != 0) as u64;
        }
    }
    assert_eq!(r.cells_differing, n);
    assert_eq!(r.counterexamples.len(), 100);
    assert_eq!((r.counterexamples[0].x, r.counterexamples[0].y), (1, 1));
}

#[test]
fn boolean_wythoff_formula_holds_on_the_queen() {
    let t = table("queen", 200);
    for text in ["is_wythoff_p(x, y)", "min(x, y) == floor_phi(abs(x - y))"] {
        let r = check_text(&t, text).unwrap();
        assert!(r.holds(), "{text}: {r}");
        assert_eq!(r.formula_kind, FormulaKind::Boolean);
    }
    let t2 = table("queen-t2", 120);
    assert!(check_text(&t2, "is_t2_p(x, y)").unwrap().holds());
    let misere = compute(&preset("queen").unwrap().misere(), 120, 120, &Control::new()).unwrap();
    assert!(check_text(&misere, "is_misere_wythoff_p(x, y)").unwrap().holds());
    // An integer formula is compared with the misère Grundy values: Nim's
    // are the XOR except where both heaps are at most 1 (there 1 − XOR).
    let nim = compute(&preset("nim").unwrap().misere(), 60, 60, &Control::new()).unwrap();
    let r = check_text(&nim, "x ^ y").unwrap();
    assert_eq!(r.formula_kind, FormulaKind::Integer);
    let differ: Vec<(usize, usize)> =
        (0..60).flat_map(|y| (0..60).map(move |x| (x, y))).filter(|&(x, y)| nim.get(x, y) != (x ^ y) as u32).collect();
    assert_eq!(differ, [(0, 0), (1, 0), (0, 1), (1, 1)]);
    assert_eq!(r.cells_differing, 4, "{r}");
    assert!(check_text(&nim, "if x <= 1 && y <= 1 { 1 - (x ^ y) } else { x ^ y }").unwrap().holds());
}

#[test]
fn parse_error_has_a_position() {
    let e = Formula::compile("let a = x;\na + * y").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Parse);
    let (line, col) = e.position.expect("position");
    assert_eq!(line, 2, "{e}");
    assert!(col >= 3, "{e}");
    assert!(e.to_string().contains("line 2"), "{e}");
}

#[test]
fn endless_loops_fail_in_a_check() {
    let t = table("nim", 64);
    for text in ["loop {}", "while true {}", "let s = 0; loop { s += 1; } s", "if x > 5 { loop {} } x ^ y"] {
        let e = check_text(&t, text).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Limit, "{text}: {e}");
        assert!(e.message.contains("endless loop"), "{e}");
        assert!(e.cell.is_some());
    }
}

/// A formula that stays under the per-cell limits but is slow at every
/// cell: without a budget, a 50 x 50 check runs for minutes.
const SLOW_EVERYWHERE: &str = "let s = 0; for i in 0..300000 { s += i; } s % 2";

#[test]
fn a_slow_formula_stops_at_the_budget() {
    let t = table("nim", 50);
    let slow = Formula::compile(SLOW_EVERYWHERE).unwrap();
    let e = check_within(&t, &slow, &Control::new(), Some(Duration::from_millis(50))).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
    assert!(e.message.contains("time budget of 0.05 s"), "{e}");
    assert!(e.message.contains("--budget SECONDS"), "{e}");
    let e = run_check(&t, &slow, &Control::new(), Some(Duration::from_millis(50))).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
    // A fast formula is not affected by the same budget's existence.
    let (text, code) =
        run_check(&t, &Formula::compile("x ^ y").unwrap(), &Control::new(), Some(DEFAULT_CHECK_BUDGET)).unwrap();
    assert_eq!(code, 0, "{text}");
}

#[test]
fn mixed_type_comparisons_and_bad_shifts_are_errors_in_a_check() {
    let t = table("nim", 16);
    for (text, says) in [
        ("if y == 3 { x < true } else { x == y }", "cannot compare"),
        ("if x == 2 && y == 1 { x == \"a\" } else { x == y }", "cannot compare"),
        ("x ^ y + (1 << (x + 60))", "shift"),
    ] {
        let e = check_text(&t, text).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Runtime, "{text}: {e}");
        assert!(e.message.contains(says), "{text}: {e}");
        assert!(e.cell.is_some(), "{text}: {e:?}");
    }
    assert_eq!(check_text(&t, "if y == 3 { x < true } else { x == y }").unwrap_err().cell, Some((0, 3)));
    assert_eq!(check_text(&t, "x ^ y + (1 << (x + 60))").unwrap_err().cell, Some((3, 0)));
}

#[test]
fn runtime_error_names_the_cell() {
    let t = table("nim", 40);
    let e = check_text(&t, "x / (x + y - 30)").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Runtime);
    // The first cell in row order with x + y = 30.
    assert_eq!(e.cell, Some((30, 0)), "{e}");
    assert!(e.to_string().starts_with("at cell (30, 0):"), "{e}");
    // Deep recursion on a worker thread: an error, not a crash.
    let e = check_text(&t, "fn f(n) { if n == 0 { 0 } else { 1 + f(n - 1) } } f(x)").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
}

#[test]
fn deep_nesting_is_a_parse_error_not_a_crash() {
    for text in [
        format!("{}x{}", "(".repeat(5000), ")".repeat(5000)),
        format!("{}x", "-".repeat(5000)),
        format!("{}x{}", "[".repeat(5000), "]".repeat(5000)),
        format!("{}x{}", "if true { ".repeat(2000), " }".repeat(2000)),
    ] {
        assert!(Formula::compile(&text).is_err(), "{}...", &text[..20]);
    }
}

#[test]
fn hints_emit_formulas_that_hold() {
    for (name, p) in [("dragon-king", 3), ("ryuoh:5", 5), ("nim", 1), ("ryuoh:4", 4)] {
        let t = table(name, 64);
        let b = find_block_form(&t).unwrap_or_else(|| panic!("{name}: no block form"));
        assert_eq!(b.p, p, "{name}");
        let r = check_text(&t, &b.formula).unwrap();
        assert!(r.holds(), "{name}: {}: {r}", b.formula);
        // And beyond the range the hint was found in.
        let big = table(name, 150);
        assert!(check_text(&big, &b.formula).unwrap().holds(), "{name} on 150");
    }
    assert_eq!(find_block_form(&table("queen", 100)), None);
    assert_eq!(find_block_form(&table("dragon-horse", 100)).map(|b| b.p), None);
}

#[test]
fn queen_line_hints_hold_beyond_the_range() {
    // Hints found on 120 x 120 must still hold on a table four times wider.
    let small = table("queen", 120);
    let big = compute(&preset("queen").unwrap(), 480, 120, &Control::new()).unwrap();
    let hints = find_hints(&small, &Control::new()).unwrap();
    assert_eq!(hints.block_form, None);
    let mut found = 0;
    for h in &hints.rows {
        let (Line::Row(y), Some(p)) = (h.line, h.periodicity) else {
            continue;
        };
        found += 1;
        for x in p.preperiod..480 - p.period {
            let (a, b) = (big.get(x, y) as i64, big.get(x + p.period, y) as i64);
            assert_eq!(b - a, p.saltus, "row {y}: {p:?} fails at x = {x}");
        }
    }
    // Rows 0 and 1 are additively periodic from the start (g(x, 0) = x).
    assert!(found >= 2, "{}", hints.summary(10));
    assert_eq!(hints.rows[0].periodicity.map(|p| (p.period, p.saltus)), Some((1, 1)));
}

#[test]
fn every_known_formula_checks_without_error() {
    let t = table("queen", 40);
    for k in known_formulas() {
        let r = check_text(&t, &k.text).unwrap_or_else(|e| panic!("{}: {e}", k.name));
        assert_eq!(r.cells_checked, 40 * 40, "{}", k.name);
        let integer = matches!(k.kind, KnownKind::Nim | KnownKind::DragonKing | KnownKind::ParameterP(_));
        let kind = if integer { FormulaKind::Integer } else { FormulaKind::Boolean };
        assert_eq!(r.formula_kind, kind, "{}", k.name);
    }
}

/// Cells a random formula is evaluated at: the corner, ordinary cells and
/// the extremes of the integers.
const CELLS: [(i64, i64); 5] = [(0, 0), (3, 5), (-1, 7), (i64::MAX, 1), (i64::MIN, i64::MAX)];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_panic_on_random_text(text in "\\PC{0,60}") {
        let t = table("nim", 4);
        if let Ok(f) = Formula::compile(&text) {
            for (x, y) in CELLS {
                let _ = f.eval(x, y);
            }
            let _ = run_check(&t, &f, &Control::new(), Some(DEFAULT_CHECK_BUDGET));
        }
    }

    #[test]
    fn no_panic_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(f) = Formula::compile(&text) {
            for (x, y) in CELLS {
                let _ = f.eval(x, y);
            }
        }
    }

    #[test]
    fn no_panic_on_random_formula_like_text(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("x"), Just("y"), Just("+"), Just("-"), Just("*"), Just("/"), Just("%"), Just("^"),
                Just("("), Just(")"), Just("["), Just("]"), Just("0"), Just("1"), Just("7"), Just("=="),
                Just("<"), Just("if"), Just("else"), Just("{"), Just("}"), Just("let a ="), Just(";"), Just("a"),
                Just("mex("), Just("floor_phi("), Just("wythoff_pair("), Just("fib("), Just("mod("), Just(","),
                Just("true"), Just("loop"), Just("-9223372036854775807"), Just("isqrt("), Just("ryuoh("),
                Just("<<"), Just(">>"), Just("**"), Just("64"), Just("\"a\""), Just("()"), Just("!="),
                Just(">="), Just("abs("), Just("floor_div("), Just("popcount("), Just("hofstadter("), Just("gs("),
            ],
            0..24,
        )
    ) {
        let text = parts.join(" ");
        let t = table("queen", 6);
        if let Ok(f) = Formula::compile(&text) {
            for (x, y) in CELLS {
                let _ = f.eval(x, y);
            }
            match run_check(&t, &f, &Control::new(), Some(DEFAULT_CHECK_BUDGET)) {
                Ok((out, code)) => prop_assert!((code == 0 || code == 1) && !out.is_empty()),
                Err(e) => prop_assert!(!e.message.is_empty()),
            }
        }
    }

    /// Every helper and integer operator, at any arguments: the exact value
    /// or an error, never a panic or a wrapped result.
    #[test]
    fn helpers_and_operators_are_exact_or_errors(
        a in prop_oneof![any::<i64>(), -70_i64..70, Just(i64::MIN), Just(i64::MAX), Just(-1_i64)],
        b in prop_oneof![any::<i64>(), -70_i64..70, Just(i64::MIN), Just(i64::MAX), Just(-1_i64)],
    ) {
        let exact = |text: &str, want: Option<i128>| -> Result<(), TestCaseError> {
            let got = Formula::compile(text).unwrap().eval(a, b);
            match (got, want.and_then(|w| i64::try_from(w).ok())) {
                (Ok(FormulaValue::Int(v)), Some(w)) => prop_assert_eq!(v, w, "{} at ({}, {})", text, a, b),
                (Err(e), None) => prop_assert!(e.cell == Some((a, b)), "{}: {}", text, e),
                (got, want) => prop_assert!(false, "{} at ({}, {}): got {:?}, want {:?}", text, a, b, got, want),
            }
            Ok(())
        };
        let (wa, wb) = (a as i128, b as i128);
        exact("x + y", Some(wa + wb))?;
        exact("x - y", Some(wa - wb))?;
        exact("x * y", Some(wa * wb))?;
        exact("-x", Some(-wa))?;
        exact("abs(x)", Some(wa.abs()))?;
        exact("x / y", (b != 0).then(|| wa / wb))?;
        // rhai's `%` refuses i64::MIN % -1 (as Rust's checked_rem does):
        // an error, not a wrong value.
        exact("x % y", (b != 0 && (a, b) != (i64::MIN, -1)).then(|| wa % wb))?;
        let shift = (0..=63).contains(&b);
        exact("x << y", shift.then(|| wa * (1_i128 << b.clamp(0, 63))))?;
        exact("x >> y", shift.then(|| wa >> b.clamp(0, 63)))?;
        exact("floor_div(x, y)", (b != 0).then(|| wa.div_euclid(wb) - i128::from(wb < 0 && wa.rem_euclid(wb) != 0)))?;
        exact("mod(x, y)", (b != 0).then(|| wa.rem_euclid(wb)))?;
        exact("isqrt(x)", (a >= 0).then(|| i128::from((a as u64).isqrt())))?;
        exact("popcount(x)", (a >= 0).then(|| i128::from(a.count_ones())))?;
        for helper in ["floor_phi(x)", "floor_phi2(x)", "hofstadter(x)", "gs(x)", "fib(x)", "wythoff_pair(x)[1]"] {
            let got = Formula::compile(helper).unwrap().eval(a, b);
            if a < 0 {
                prop_assert!(got.is_err(), "{} at {}: {:?}", helper, a, got);
            }
        }
        for helper in ["is_wythoff_p(x, y)", "is_misere_wythoff_p(x, y)", "is_t2_p(x, y)", "is_t2_misere_p(x, y)",
                       "nim(x, y)", "ryuoh(y, x, x)", "ryuoh(3, x, y)", "min(x, y)", "max(x, y)", "xor(x, y)",
                       "mex([x, y])", "x ** y", "x ^ y", "x & y", "x | y"] {
            let got = Formula::compile(helper).unwrap().eval(a, b);
            prop_assert!(got.is_ok() || got.as_ref().is_err_and(|e| e.cell == Some((a, b))), "{}: {:?}", helper, got);
        }
    }
}
