//! The conjecture checker against computed tables: known formulas hold,
//! wrong ones give exactly the counterexamples a direct comparison finds,
//! bad formulas fail fast with a message, and pattern hints only report
//! what the data supports.

use grundy_lab::conjecture::{
    ErrorKind, Formula, FormulaKind, FormulaValue, Line, check, find_block_form, find_hints, known_formulas,
    parameter_p_formula, run_check,
};
use grundy_lab::grundy::{Control, Table, compute};
use grundy_lab::rules::preset;
use grundy_lab::theory;
use proptest::prelude::*;
use std::time::{Duration, Instant};

fn table(name: &str, n: usize) -> Table {
    compute(&preset(name).unwrap(), n, n, &Control::new()).unwrap()
}

fn check_text(
    t: &Table,
    text: &str,
) -> Result<grundy_lab::conjecture::CheckReport, grundy_lab::conjecture::FormulaError> {
    check(t, &Formula::compile(text).unwrap(), &Control::new())
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
    let (text, code) = run_check(&table("queen", 33), &wrong.text);
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
    let (text, code) = run_check(&t, &wrong.text);
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
    let (text, code) = run_check(&misere, "x ^ y");
    assert_eq!(code, 2);
    assert!(text.contains("misère") && text.contains("boolean"), "{text}");
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
fn endless_loops_fail_fast_in_a_check() {
    let t = table("nim", 64);
    // A pool of its own: the global one is shared with the other tests, and
    // waiting for their jobs is not the formula's time.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    for text in ["loop {}", "while true {}", "let s = 0; loop { s += 1; } s", "if x > 5 { loop {} } x ^ y"] {
        let start = Instant::now();
        let e = pool.install(|| check_text(&t, text)).unwrap_err();
        let took = start.elapsed();
        assert!(took < Duration::from_secs(2), "{text}: {took:?}");
        assert_eq!(e.kind, ErrorKind::Limit, "{text}: {e}");
        assert!(e.message.contains("endless loop"), "{e}");
        assert!(e.cell.is_some());
    }
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
        assert!(check_text(&t, &k.text).is_ok(), "{}", k.name);
    }
    assert!(theory::is_wythoff_p(3, 5));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_panic_on_random_text(text in "\\PC{0,60}") {
        let t = table("nim", 4);
        let _ = run_check(&t, &text);
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
            ],
            0..24,
        )
    ) {
        let text = parts.join(" ");
        let t = table("queen", 6);
        let (out, code) = run_check(&t, &text);
        prop_assert!((0..=2).contains(&code));
        prop_assert!(!out.is_empty());
    }
}
