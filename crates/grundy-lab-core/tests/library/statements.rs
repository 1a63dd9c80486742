//! Statements that read the table (`g`, `g(...)`, `g_of`), checks
//! restricted by a condition, and games with a domain (`fn position`),
//! each against a brute-force computation: the report's counts and
//! counterexamples are what a direct loop over independently computed
//! tables finds.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::conjecture::{
    CheckMode, CheckReport, ErrorKind, Formula, FormulaError, Question, check_question, compute_others, other_games,
};
use grundy_lab_core::grundy::{NOT_A_POSITION, Table, compute_box, naive};
use grundy_lab_core::rules::{Program, ProgramError, Rules, preset};
use std::sync::Arc;

fn table(rules: &Rules, dims: [usize; 3]) -> Arc<Table> {
    Arc::new(compute_box(rules, dims, &Control::new()).unwrap())
}

/// Check `text` (a statement when `holds`) on the cells where `condition`
/// is true, with the other games it names computed on the same box.
fn ask(t: &Arc<Table>, text: &str, mode: CheckMode, condition: Option<&str>) -> Result<CheckReport, FormulaError> {
    let formula = Formula::compile_for(text, t.rules()).unwrap();
    let condition = condition.map(|c| Formula::compile_for(c, t.rules()).unwrap());
    let texts: Vec<&str> = std::iter::once(text).chain(condition.as_ref().map(|c| c.text())).collect();
    let games = other_games(&texts, t.rules().dimension).unwrap();
    let others = compute_others(&games, &t.dims(), &Control::new()).unwrap();
    let q = Question { formula: &formula, mode, condition: condition.as_ref(), others: &others };
    check_question(t, q, &Control::new(), None)
}

fn holds(t: &Arc<Table>, text: &str, condition: Option<&str>) -> CheckReport {
    ask(t, text, CheckMode::Holds, condition).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The cells of the plane z = 0 of the starting layer where `wrong` is true, in row order.
fn cells_where(n: usize, wrong: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    (0..n).flat_map(|y| (0..n).map(move |x| (x, y))).filter(|&(x, y)| wrong(x, y)).collect()
}

fn counterexamples(r: &CheckReport) -> Vec<(usize, usize)> {
    r.counterexamples.iter().map(|c| (c.x, c.y)).collect()
}

#[test]
fn layers_of_a_pass_table_wythoff_with_a_pass_is_p_where_g_is_1_without_it_beyond_the_corner() {
    let n = 150;
    let with_pass = table(&preset("queen+pass").unwrap(), [n, n, 1]);
    // Brute force: the two games computed on their own.
    let plain = table(&preset("queen").unwrap(), [n, n, 1]);
    let pass_p = |x: usize, y: usize| with_pass.get_at([x, y, 0], 1) == 0;
    let wrong = cells_where(n, |x, y| pass_p(x, y) != (plain.get(x, y) == 1));
    assert!(!wrong.is_empty() && wrong.iter().all(|&(x, y)| x < 8 && y < 8), "{wrong:?}");
    // The statement between layers, on the layer with the pass.
    let r = holds(&with_pass, "(g(x, y, 1) == 0) == (g(x, y, 0) == 1)", Some("pass == 1"));
    assert_eq!(r.cells_differing as usize, wrong.len());
    assert_eq!(counterexamples(&r), wrong);
    assert_eq!((r.cells_checked, r.cells_left_out), ((n * n) as u64, (n * n) as u64));
    // The same with `g`, read in the layer of the cell, and beyond the corner it holds.
    let r = holds(&with_pass, "(g == 0) == (g(x, y, 0) == 1)", Some("pass == 1 && (x >= 8 || y >= 8)"));
    assert!(r.holds(), "{r}");
    assert_eq!(r.cells_checked as usize, n * n - 64);
    // g(x, y) without the layer reads the layer of the cell checked.
    assert!(holds(&with_pass, "g(x, y) == g", None).holds());
}

#[test]
fn a_relation_with_another_game_misere_and_normal_wythoff() {
    let n = 120;
    let queen = table(&preset("queen").unwrap(), [n, n, 1]);
    let misere = table(&preset("queen").unwrap().misere(), [n, n, 1]);
    let wrong = cells_where(n, |x, y| (misere.get(x, y) == 0) != (queen.get(x, y) == 0));
    let r = holds(&queen, r#"(g_of("misere:queen", x, y) == 0) == (g == 0)"#, None);
    assert_eq!(counterexamples(&r), wrong);
    assert!(!wrong.is_empty() && wrong.iter().all(|&(x, y)| x.max(y) <= 2), "{wrong:?}");
    // A misère table's g is the misère Grundy value: (0, 0) has no move,
    // so 1; (1, 0) moves only there, so mex{1} = 0; (2, 0) reaches both: 2.
    assert_eq!([misere.get(0, 0), misere.get(1, 0), misere.get(2, 0)], [1, 0, 2]);
    // Read through `g_of`, the values are those of the misère table.
    let differ = cells_where(n, |x, y| misere.get(x, y) != queen.get(x, y));
    // They differ only in the 3 x 3 corner, where 0 and 1 swap at six
    // cells (seen on 120 x 120, not proved).
    assert_eq!(differ, [(0, 0), (1, 0), (0, 1), (2, 1), (1, 2), (2, 2)]);
    let r = holds(&queen, r#"g_of("misere:queen", x, y) == g"#, None);
    assert_eq!(r.cells_differing as usize, differ.len());
    assert_eq!(counterexamples(&r), differ[..differ.len().min(100)]);
}

#[test]
fn the_statement_of_arxiv_2510_11767_in_one_check() {
    // queen-t2: g(x, y) = 1 exactly at Wythoff's P-positions once x >= 8 or y >= 8.
    let n = 300;
    let t = table(&preset("queen-t2").unwrap(), [n, n, 1]);
    let queen = table(&preset("queen").unwrap(), [n, n, 1]);
    let statement = r#"(g == 1) == (g_of("queen", x, y) == 0)"#;
    let r = holds(&t, statement, Some("x >= 8 || y >= 8"));
    assert!(r.holds(), "{r}");
    assert_eq!((r.cells_checked, r.cells_left_out), ((n * n - 64) as u64, 64));
    // Without the condition it fails exactly where brute force says, all in the corner.
    let wrong = cells_where(n, |x, y| (t.get(x, y) == 1) != (queen.get(x, y) == 0));
    let r = holds(&t, statement, None);
    assert_eq!(counterexamples(&r), wrong);
    assert!(!wrong.is_empty() && wrong.iter().all(|&(x, y)| x < 8 && y < 8));
}

/// The values of `subtraction-1-3-4` by the mex over the set `s`, directly.
fn mex_values(n: usize, s: &[usize]) -> Vec<u32> {
    let mut v: Vec<u32> = Vec::new();
    for x in 0..n {
        let options: Vec<u32> = s.iter().filter(|&&k| k <= x).map(|&k| v[x - k]).collect();
        v.push(naive::mex(&options));
    }
    v
}

#[test]
fn a_relation_between_cells_g_is_the_mex_of_the_options() {
    let n = 400;
    let t = table(&preset("subtraction-1-3-4").unwrap(), [n, 1, 1]);
    let mex_of = |set: &[usize]| {
        let pushes: String = set.iter().map(|k| format!("if x >= {k} {{ s.push(g(x - {k})); }} ")).collect();
        format!("let s = []; {pushes}g == mex(s)")
    };
    let r = holds(&t, &mex_of(&[1, 3, 4]), None);
    assert!(r.holds(), "{r}");
    assert_eq!(r.cells_checked as usize, n);
    // A wrong set fails where the mex over it differs from the table.
    let direct = mex_values(n, &[1, 3, 4]);
    assert_eq!((0..n).map(|x| t.get_at([x, 0, 0], 0)).collect::<Vec<_>>(), direct);
    let r = holds(&t, &mex_of(&[1, 3]), None);
    let wrong: Vec<usize> = (0..n)
        .filter(|&x| {
            let options: Vec<u32> = [1, 3].iter().filter(|&&k| k <= x).map(|&k| direct[x - k]).collect();
            naive::mex(&options) != direct[x]
        })
        .collect();
    assert!(!wrong.is_empty());
    assert_eq!(r.cells_differing as usize, wrong.len());
    assert_eq!(r.counterexamples.iter().map(|c| c.x).collect::<Vec<_>>(), wrong[..wrong.len().min(100)]);
}

#[test]
fn a_check_restricted_by_a_condition_counts_what_it_leaves_out() {
    let n = 90;
    let t = table(&preset("dragon-king").unwrap(), [n, n, 1]);
    let r = ask(&t, "x ^ y", CheckMode::Formula, Some("x < y")).unwrap();
    let wrong = cells_where(n, |x, y| x < y && t.get(x, y) as usize != x ^ y);
    assert_eq!(r.cells_differing as usize, wrong.len());
    assert_eq!(counterexamples(&r), wrong[..wrong.len().min(100)]);
    assert_eq!(r.cells_checked as usize, n * (n - 1) / 2);
    assert_eq!(r.cells_left_out as usize, n * (n + 1) / 2);
    assert_eq!(r.diff.nonzero(), wrong.len(), "left-out cells are 0 in the picture");
    // A condition that excludes the cells where the formula would fail to evaluate.
    let r = holds(&t, "g(x - 1, y) != g", Some("x >= 1"));
    assert!(r.holds(), "{r}");
    let e = holds_err(&t, "g(x - 1, y) != g", None);
    assert_eq!((e.kind, e.cell), (ErrorKind::Runtime, Some((0, 0))), "{e}");
    assert!(e.message.contains("g(-1, 0)"), "{e}");
    let e = holds_err(&t, "g(x + 1, y) != g", None);
    assert!(e.message.contains("g(90, 0) is outside the computed box"), "{e}");
    // A condition and a statement must be true or false.
    let e = ask(&t, "g == g", CheckMode::Holds, Some("x")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::WrongType, "{e}");
    let e = holds_err(&t, "g", None);
    assert!(e.message.contains("statement"), "{e}");
}

fn holds_err(t: &Arc<Table>, text: &str, condition: Option<&str>) -> FormulaError {
    ask(t, text, CheckMode::Holds, condition).unwrap_err()
}

#[test]
fn a_program_with_a_domain_leaves_the_other_cells_out() {
    let rules = preset("chocolate-3d").unwrap();
    let n = 14;
    let t = table(&rules, [n, n, n]);
    // Brute force: the naive reference marks the same cells and gives the same values.
    let naive_values = naive::table_box(&rules, [n, n, n]).unwrap();
    let engine_values: Vec<u32> = t.positions().map(|p| t.get_at(p, 0)).collect();
    assert_eq!(engine_values, naive_values);
    let bars = t.positions().filter(|&[_, y, z]| y <= z / 2).count();
    assert!(t.positions().all(|p| (t.get_at(p, 0) != NOT_A_POSITION) == (p[1] <= p[2] / 2)));
    let r = holds(&t, "(g == 0) == ((x ^ y ^ z) == 0)", None);
    assert!(r.holds(), "{r}");
    assert_eq!((r.cells_checked as usize, r.cells_not_positions as usize), (bars, n * n * n - bars));
    // P-positions are positions.
    assert!(t.p_positions_at(0).iter().all(|p| p[1] <= p[2] / 2));
    // The CSV leaves a non-position empty.
    let mut csv = Vec::new();
    let two = table(&preset("chocolate-2d").unwrap(), [4, 3, 1]);
    two.write_csv(&mut csv).unwrap();
    assert_eq!(String::from_utf8(csv).unwrap(), "0,,,\n1,,,\n2,3,,\n");
}

#[test]
fn a_move_into_a_cell_that_is_not_a_position_is_an_error_naming_the_move() {
    let program = Program::new("fn position(x, y) { x != 1 || y != 1 }\nfn moves(x, y) { if x + y > 0 { [[0, 0]] } else { [] } }\nfn terminal(x, y) { false }").unwrap();
    assert!(program.has_domain());
    let rules = Rules::from_program("holes", program);
    assert!(compute_box(&rules, [3, 3, 1], &Control::new()).is_ok());
    let bad = Program::new(
        "fn position(x, y) { x != 1 || y != 1 }\nfn moves(x, y) { if x + y > 2 { [[1, 1]] } else { [] } }",
    )
    .unwrap();
    let e = compute_box(&Rules::from_program("bad", bad.clone()), [3, 3, 1], &Control::new()).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("the move to (1, 1)") && text.contains("not a position"), "{text}");
    let e = naive::table_box(&Rules::from_program("bad", bad), [3, 3, 1]).unwrap_err();
    assert!(matches!(&e, ProgramError::OptionNotAPosition { option, .. } if option == &[1, 1]), "{e}");
    let e = Program::new("fn position(x) { true }\nfn moves(x, y) { [] }").unwrap_err();
    assert!(matches!(e, ProgramError::PositionArity { moves: 2, position: 1 }), "{e}");
}

#[test]
fn three_coordinate_counterexamples_are_headed_with_three_coordinates() {
    for name in ["queen-3", "nim-3"] {
        let t = table(&preset(name).unwrap(), [6, 6, 6]);
        let r = ask(&t, "x ^ y", CheckMode::Formula, None).unwrap();
        let text = grundy_lab_core::conjecture::summary(&r, 3);
        assert!(text.contains("First counterexamples (x, y, z)"), "{name}: {text}");
    }
}

#[test]
fn pattern_hints_speak_only_of_positions() {
    let t = table(&preset("chocolate-2d").unwrap(), [40, 90, 1]);
    let hints = grundy_lab_core::conjecture::find_hints(&t, &Control::new()).unwrap();
    for h in &hints.rows {
        let grundy_lab_core::conjecture::Line::Row(y) = h.line else { panic!("{:?}", h.line) };
        assert_eq!(h.length, (y / 2 + 1).min(40), "row {y}: only the bar's cells x <= y / 2");
    }
    assert!(hints.block_form.is_none());
}
