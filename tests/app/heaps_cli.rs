//! The command line on games of four to eight heaps: `ppos`, `value`,
//! `table`, `hints` and `check` (formulas, statements, conditions, reports
//! that reproduce themselves) through the real binary.

use grundy_lab::Control;
use grundy_lab::grundy::heaps::{self, HeapTable, Storage};
use grundy_lab::rules::{Rules, preset};
use std::process::Command;

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

fn cli(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy-lab")).args(args).output().expect("the program runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8 output");
    (text(out.stdout), text(out.stderr), out.status.code().unwrap_or(-1))
}

#[test]
fn the_command_line_lists_and_values_many_heaps() {
    let (out, err, code) = cli(&["ppos", "--rules", "nim-4", "--size", "3"]);
    assert_eq!(code, 0, "{err}");
    // Sorted, largest heap first: 0 0 0 0, 1 1 0 0, 2 2 0 0, 1 1 1 1, ...
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"0 0 0 0") && lines.contains(&"2 2 1 1") && lines.contains(&"1 1 1 1"), "{out}");
    assert!(lines.iter().all(|l| {
        let h: Vec<u64> = l.split(' ').map(|c| c.parse().unwrap()).collect();
        h.windows(2).all(|w| w[0] >= w[1]) && h.iter().fold(0, |a, &b| a ^ b) == 0
    }));
    assert!(err.contains("sorted positions"), "{err}");
    let (full, _, code) = cli(&["ppos", "--rules", "nim-4", "--size", "3", "--full"]);
    assert_eq!(code, 0);
    // Every order: the 21 of 3^4 positions whose XOR is 0.
    assert_eq!(full.lines().count(), 21, "{full}");
    let (out, err, code) = cli(&["value", "--rules", "nim-5", "3", "5", "6", "1", "9"]);
    assert_eq!((out.lines().next(), code), (Some("8"), 0), "{out}{err}");
    assert!(out.contains("(3, 5, 6, 1, 9) in nim-5"), "{out}");
    // Misère: (0, 0, 0, 0) has no move (1), one stone moves there (0), two
    // stones to one (1), three to two (0): a P-position.
    let (out, _, code) = cli(&["value", "--rules", "greedy-nim-4", "--misere", "1", "1", "1", "0"]);
    assert_eq!((out.lines().next(), code), (Some("0"), 0), "{out}");
    let (out, _, code) = cli(&["is-p", "--rules", "greedy-nim-4", "--misere", "1", "1", "1", "0"]);
    assert_eq!((out.lines().next(), code), (Some("P"), 0), "{out}");
    // Misère Nim of five heaps: the XOR, or 1 − XOR where no heap has two.
    let (out, _, code) = cli(&["value", "--rules", "nim-5", "--misere", "1", "1", "1", "0", "0"]);
    assert_eq!((out.lines().next(), code), (Some("0"), 0), "{out}");
    let (out, _, code) = cli(&["value", "--rules", "nim-5", "--misere", "2", "3", "0", "0", "0"]);
    assert_eq!((out.lines().next(), code), (Some("1"), 0), "{out}");
    assert!(out.contains("1 − XOR"), "{out}");
    let (out, _, _) = cli(&["is-p", "--rules", "nim-5", "--misere", "2", "3", "0", "0", "1"]);
    assert_eq!(out.lines().next(), Some("P"), "{out}");
    let (out, _, code) = cli(&["is-p", "--rules", "moore-4-2", "3", "3", "3", "0"]);
    assert_eq!((out.lines().next(), code), (Some("P"), 0), "{out}");
    let (out, _, code) = cli(&["program", "greedy-nim-5"]);
    assert_eq!(code, 0);
    assert!(out.contains("fn heaps_alike() { true }") && out.contains("fn moves(x1, x2, x3, x4, x5)"), "{out}");
    let (_, err, code) = cli(&["program", "queen"]);
    assert_eq!(code, 2);
    assert!(err.contains("is a piece"), "{err}");
    let (out, _, code) = cli(&["table", "--rules", "moore-4-2", "--size", "2x2x2x3", "--full"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("x1,x2,x3,x4,g"));
    assert_eq!(out.lines().count(), 1 + 24, "{out}");
    // A move that raises another heap: `value` grows the box, and names a game
    // whose moves leave every box; where `fn position` bounds the game, the
    // grown box holds it.
    let dir = std::env::temp_dir().join(format!("grundy-lab-heaps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("raise.rhai");
    let source = "fn moves(a, b, c, d) { if a >= 2 { [[a - 2, b + 1, c, d]] } else { [] } }";
    std::fs::write(&file, source).expect("the program written");
    let (_, err, code) = cli(&["value", "--rules", file.to_str().expect("a UTF-8 path"), "4", "0", "0", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("leave every box tried") && err.contains("grown 4 times"), "{err}");
    let bounded = format!("fn position(a, b, c, d) {{ a + b <= 4 && c == 0 && d == 0 }} {source}");
    std::fs::write(&file, bounded).expect("the program written");
    let (out, err, code) = cli(&["value", "--rules", file.to_str().expect("a UTF-8 path"), "4", "0", "0", "0"]);
    assert_eq!((out.lines().next(), code), (Some("0"), 0), "{out}{err}");
    // Only the side the option leaves grows.
    assert!(out.contains("from the computed 5 x 4 x 1 x 1 table"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    let (_, err, code) = cli(&["ppos", "--rules", "nim-4", "--size", "10000000000"]);
    assert_eq!(code, 2);
    assert!(err.contains("the limit on this machine"), "{err}");
    let (_, err, code) = cli(&["ppos", "--rules", "nim-4", "--size", "3x3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a size for a game of 4 coordinates"), "{err}");
    // `hints` reads the plane (x1, x2, 0, 0) (see the test of the hints).
    let (out, err, code) = cli(&["hints", "--rules", "nim-4", "--size", "8"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("of the plane (x1, x2, 0, 0)") && out.contains("As a formula: x ^ y\n"), "{out}");
}

#[test]
fn formulas_and_statements_in_x1_to_xd_are_checked_on_the_table() {
    // Bouton on five heaps holds; a wrong formula fails with counterexamples.
    let (out, err, code) = cli(&["check", "--rules", "nim-5", "--size", "6", "--formula", "x1 ^ x2 ^ x3 ^ x4 ^ x5"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("holds on all 252 sorted positions") && out.contains("nim-5"), "{out}");
    let (out, _, code) = cli(&["check", "--rules", "nim-5", "--size", "6", "--formula", "x ^ y ^ z"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("fails at") && out.contains("g = "), "{out}");
    // Moore's rule as a statement; every order of the heaps with --full.
    let moore = "let ok = true; for b in 0..3 { let n = 0; for h in [x1, x2, x3, x4] { n += (h >> b) & 1; } \
                 if n % 3 != 0 { ok = false; } } (g == 0) == ok";
    let (out, err, code) = cli(&["check", "--rules", "moore-4-2", "--size", "5", "--full", "--holds", moore]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("holds on all 625 positions"), "{out}");
    // g(...) reads another position: the value does not depend on the order.
    let (out, err, code) =
        cli(&["check", "--rules", "greedy-nim-4", "--size", "4", "--holds", "g == g(x4, x3, x2, x1)"]);
    assert_eq!(code, 0, "{out}{err}");
    // With a pass: the layer is `pass`, and g(..., layer) reads another; where
    // the pass is allowed (a move is left: x1 > 0 on sorted heaps) it changes g.
    let (out, err, code) = cli(&[
        "check",
        "--rules",
        "nim-4+pass",
        "--size",
        "3",
        "--holds",
        "pass == 0 || x1 == 0 || g(x1, x2, x3, x4, 0) != g",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("holds on all 30 sorted positions"), "{out}");
    // An unknown variable is named before anything is computed.
    let (_, err, code) = cli(&["check", "--rules", "nim-4", "--size", "3", "--formula", "x5"]);
    assert_eq!(code, 2);
    assert!(err.contains("x5"), "{err}");
}

#[test]
fn a_condition_chooses_the_positions_checked_on_many_heaps() {
    // g = 0 exactly where the XOR is 0: checked there only, it holds, and
    // the other positions are counted as left out.
    let all = all_positions(&[6; 4]);
    let zero = all.iter().filter(|p| p.iter().fold(0, |a, &b| a ^ b) == 0).count();
    let xor = "(x1 ^ x2 ^ x3 ^ x4) == 0";
    let (out, err, code) =
        cli(&["check", "--rules", "nim-4", "--size", "6", "--full", "--formula", "0", "--where", xor]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("holds on all {zero} positions")), "{out}");
    assert!(out.contains(&format!("{} left out, where {xor} is false", all.len() - zero)), "{out}");
    // Without the condition the same formula fails: the condition did the choosing.
    let (out, _, code) = cli(&["check", "--rules", "nim-4", "--size", "6", "--full", "--formula", "0"]);
    assert_eq!(code, 1, "{out}");
    // The library gives the same counts, on the sorted positions too.
    let t = std::sync::Arc::new(table(&preset("nim-4").unwrap(), &[6; 4], Storage::Sorted));
    let sorted: Vec<_> = all.iter().filter(|p| p.windows(2).all(|w| w[0] >= w[1])).collect();
    let r = grundy_lab::conjecture::heaps::check_heaps(
        t,
        "x1 ^ x2 ^ x3 ^ x4",
        Some("x4 >= 1"),
        grundy_lab::conjecture::CheckMode::Formula,
        &Control::new(),
    )
    .unwrap();
    let left = sorted.iter().filter(|p| p[3] == 0).count() as u64;
    assert_eq!((r.checked, r.left_out, r.failures), (sorted.len() as u64 - left, left, 0));
    // A condition that gives a number, or does not read, gets a message naming it.
    let (_, err, code) = cli(&["check", "--rules", "nim-4", "--size", "3", "--formula", "0", "--where", "x1 + 1"]);
    assert_eq!(code, 2);
    assert!(err.contains("a condition must give true or false"), "{err}");
    let (_, err, code) = cli(&["check", "--rules", "nim-4", "--size", "3", "--formula", "0", "--where", "x9 > 0"]);
    assert_eq!(code, 2);
    assert!(err.contains("error in the condition (--where)") && err.contains("x9"), "{err}");
}

#[test]
fn g_of_reads_another_game_of_as_many_heaps_on_the_same_box() {
    // Moore's Nim_2 against Nim on four heaps: the P-positions differ where
    // the binary rule (every bit set in a multiple of 3 heaps) and the XOR
    // (every bit set in an even number of heaps) disagree.
    let moore_p = |p: &[u64]| (0..3).all(|bit| p.iter().filter(|&&c| c >> bit & 1 == 1).count() % 3 == 0);
    let xor_p = |p: &[u64]| p.iter().fold(0, |a, &b| a ^ b) == 0;
    let all = all_positions(&[6; 4]);
    let differ = all.iter().filter(|p| moore_p(p) != xor_p(p)).count();
    assert_eq!(differ, 211, "the figure README and docs/math.md give");
    let statement = r#"(g == 0) == (g_of("nim-4", x1, x2, x3, x4) == 0)"#;
    let (out, err, code) = cli(&["check", "--rules", "moore-4-2", "--size", "6", "--full", "--holds", statement]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains(&format!("fails at {differ} of {} positions", all.len())), "{out}");
    // Moore's Nim_1 is Nim, value for value; misère Nim's P-positions are
    // Nim's wherever a heap has two stones or more (Bouton).
    let (out, err, code) =
        cli(&["check", "--rules", "nim-4", "--size", "6", "--formula", r#"g_of("moore-4-1", x1, x2, x3, x4)"#]);
    assert_eq!(code, 0, "{out}{err}");
    let misere = r#"(g == 0) == (g_of("misere:nim-4", x1, x2, x3, x4) == 0)"#;
    let (out, err, code) = cli(&["check", "--rules", "nim-4", "--size", "6", "--holds", misere, "--where", "x1 >= 2"]);
    assert_eq!(code, 0, "{out}{err}");
    let big = all.iter().filter(|p| p.windows(2).all(|w| w[0] >= w[1]) && p[0] >= 2).count();
    assert!(out.contains(&format!("holds on all {big} sorted positions")), "{out}");
    // The layer of a game with a pass is one more argument.
    let (out, err, code) = cli(&[
        "check",
        "--rules",
        "nim-4+pass",
        "--size",
        "4",
        "--formula",
        r#"g_of("nim-4+pass", x1, x2, x3, x4, pass)"#,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    // What cannot be read is said: another number of heaps (before any
    // table is computed), a position outside the box, a layer too many.
    let (_, err, code) = cli(&["check", "--rules", "nim-4", "--size", "6", "--formula", r#"g_of("nim", x1, x2)"#]);
    assert_eq!(code, 2);
    assert!(err.contains("that game has 2 coordinates and the table checked has 4"), "{err}");
    assert!(!err.contains("were computed"), "{err}");
    let shifted = r#"g_of("nim-4", x1 + 1, x2, x3, x4)"#;
    let (_, err, code) = cli(&["check", "--rules", "nim-4", "--size", "6", "--formula", shifted]);
    assert_eq!(code, 2);
    assert!(err.contains("g_of(\"nim-4\", 6, 0, 0, 0) is outside the computed box (0 <= x1 < 6, 0 <= x2 < 6"), "{err}");
    let layer = r#"g_of("nim-4+pass", x1, x2, x3, x4, 2)"#;
    let (_, err, code) = cli(&["check", "--rules", "nim-4", "--size", "3", "--formula", layer]);
    assert_eq!(code, 2);
    assert!(err.contains("1 (the pass is still there) or 0 (it is used), not 2"), "{err}");
}

#[test]
fn the_command_line_finds_the_hints_of_the_plane_of_many_heaps_and_its_check_holds() {
    let (out, err, code) = cli(&["hints", "--rules", "moore-4-1", "--size", "32"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("on the computed 32 x 32 table of the plane (x1, x2, 0, 0), x being x1 and y being x2"),
        "{out}"
    );
    assert!(out.contains("Block form with p = 1") && out.contains("As a formula: x ^ y\n"), "{out}");
    // The check the hints suggest holds where the other heaps are empty,
    // and the same formula fails on the rest of the box.
    let empty = "x3 == 0 && x4 == 0";
    assert!(out.contains(&format!("(check it with --where '{empty}')")), "{out}");
    let (out, err, code) =
        cli(&["check", "--rules", "moore-4-1", "--size", "32", "--where", empty, "--formula", "x ^ y"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("holds on all {} sorted positions", 32 * 33 / 2)), "{out}");
    let (_, _, code) = cli(&["check", "--rules", "moore-4-1", "--size", "32", "--formula", "x ^ y"]);
    assert_eq!(code, 1);
    // A size that is not one number, and a plane beyond memory, get messages.
    let (_, err, code) = cli(&["hints", "--rules", "moore-4-1", "--size", "6x6"]);
    assert_eq!(code, 2);
    assert!(err.contains("--size takes one number N, the side of the plane (x1, x2, 0, ...) read, not 6x6"), "{err}");
    let (_, err, code) = cli(&["hints", "--rules", "moore-4-1", "--size", "100000000"]);
    assert_eq!(code, 2);
    assert!(err.contains("100000000 x 100000000 x 1 x 1"), "{err}");
}

#[test]
fn a_check_of_many_heaps_is_saved_as_a_paragraph_that_reproduces_it() {
    let dir = std::env::temp_dir().join(format!("grundy-lab-paragraph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let md = dir.join("greedy.md");
    // Sorted heaps of 0 to 5 stones: C(9, 4) = 126 positions, 6 of one heap.
    let (out, err, code) = cli(&[
        "check",
        "--rules",
        "greedy-nim-4",
        "--size",
        "6",
        "--where",
        "x2 == 0",
        "--formula",
        "x1 ^ x2 ^ x3 ^ x4",
        "--report",
        md.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&md).unwrap();
    for says in [
        "**A computer check.**",
        "Formula for g: `x1 ^ x2 ^ x3 ^ x4`, on the positions where `x2 == 0`.",
        "Game: greedy-nim-4, on 4 heaps. Checked on the box 0 <= x_1 < 6, 0 <= x_2 < 6, 0 <= x_3 < 6, 0 <= x_4 < 6",
        "at the sorted positions x_1 >= x_2 >= ... >= x_4 only",
        "; 6 positions checked, 120 left out by the condition.",
        "Result: it holds at every position checked.",
        "A finite check is evidence, not a proof.",
    ] {
        assert!(text.contains(says), "{says:?} in\n{text}");
    }
    // The command it gives makes the same check.
    let command = text.split("```\n").nth(1).and_then(|c| c.lines().next()).unwrap();
    let again = Command::new("sh")
        .arg("-c")
        .arg(command.replacen("grundy-lab", env!("CARGO_BIN_EXE_grundy-lab"), 1))
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(0), "{command}");
    assert!(String::from_utf8_lossy(&again.stdout).contains("holds on all 6 sorted positions"), "{command}");
    // LaTeX, where it fails: the counterexamples are named.
    let tex = dir.join("greedy.tex");
    let (out, err, code) = cli(&[
        "check",
        "--rules",
        "greedy-nim-4",
        "--size",
        "4",
        "--formula",
        "x1 + x2",
        "--report",
        tex.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let text = std::fs::read_to_string(&tex).unwrap();
    for says in [
        "\\paragraph{A computer check.}",
        "$0 \\le x_1 < 4$",
        "it does not hold; it fails at",
        "(1, 1, 0, 0), where g = 0 and it gives 2",
        "\\begin{verbatim}",
    ] {
        assert!(text.contains(says), "{says:?} in\n{text}");
    }
    // A file name that is neither form is refused before anything is computed.
    let (_, err, code) = cli(&[
        "check",
        "--rules",
        "nim-4",
        "--size",
        "3",
        "--formula",
        "0",
        "--report",
        dir.join("g.txt").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--report writes Markdown or LaTeX"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--budget` covers building a table of many heaps too, and says so: a
/// check of six heaps of 0 to 23 stones (a table of minutes) stops at one
/// second with the budget's message, not rhai's.
#[test]
fn the_budget_of_a_check_of_many_heaps_covers_its_table() {
    let started = std::time::Instant::now();
    let (out, err, code) = cli(&["check", "--rules", "moore-6-3", "--size", "24", "--budget", "1", "--formula", "x1"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("time budget of 1 s"), "{err}");
    assert!(!err.contains("Script terminated"), "{err}");
    assert!(started.elapsed().as_secs() < 60, "stopped at the budget, not after the table: {:?}", started.elapsed());
}

/// A table of many heaps that takes minutes says so before it starts, with
/// a time that grows with the box: a program's sample is timed, a piece's
/// cost follows from its moves. A quick one says nothing.
#[test]
fn a_long_table_of_many_heaps_says_how_long_at_once() {
    let estimate = |err: &str| err.lines().find(|l| l.contains("will take about")).map(str::to_string);
    let (_, err, code) = cli(&["check", "--rules", "moore-6-2", "--size", "40", "--budget", "1", "--holds", "true"]);
    assert_eq!(code, 2);
    let line = estimate(&err).unwrap_or_else(|| panic!("no estimate: {err}"));
    assert!(line.contains("40 x 40 x 40 x 40 x 40 x 40 of moore-6-2") && line.contains("Ctrl+C stops it"), "{line}");
    assert!(line.contains("hours") || line.contains("days"), "{line}");
    let (_, err, code) = cli(&["check", "--rules", "nim-8", "--size", "30", "--budget", "1", "--holds", "true"]);
    assert_eq!(code, 2);
    assert!(estimate(&err).is_some(), "no estimate for a piece: {err}");
    let (_, err, code) = cli(&["ppos", "--rules", "nim-4", "--size", "12"]);
    assert_eq!(code, 0);
    assert_eq!(estimate(&err), None, "{err}");
}
