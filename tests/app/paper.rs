//! Results for papers: `table --format latex|mathematica|oeis` read back to
//! the numbers of the computed table, and the LaTeX compiled by pdflatex.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use crate::common::run_cli as run;
use grundy_lab::Control;
use grundy_lab::grundy::{Table, compute_box};
use grundy_lab::rules::{Convention, load_spec};

fn table(spec: &str, misere: bool, dims: [usize; 3]) -> Table {
    let mut r = load_spec(spec).unwrap();
    if misere {
        r.convention = Convention::Misere;
    }
    compute_box(&r, dims, &Control::new()).unwrap()
}

/// A cell of a LaTeX table: its text and whether it is set with \ppos.
fn latex_cell(cell: &str) -> (String, bool) {
    let cell = cell.trim();
    match cell.strip_prefix("\\ppos{").and_then(|c| c.strip_suffix('}')) {
        Some(inner) => (inner.to_string(), true),
        None => (cell.to_string(), false),
    }
}

/// The rows of the tabular (header first), cells split at `&`, with the
/// column specification.
fn parse_tabular(tex: &str) -> (String, Vec<Vec<String>>) {
    let begin = tex.find("\\begin{tabular}").expect("a tabular");
    let end = tex.find("\\end{tabular}").expect("the tabular ends");
    let body = &tex[begin + "\\begin{tabular}".len()..end];
    // The column specification is one balanced group.
    let mut depth = 0;
    let mut spec_end = 0;
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    spec_end = i + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    let spec = body[1..spec_end - 1].to_string();
    let rows = body[spec_end..]
        .split("\\\\")
        .map(|r| r.replace("\\hline", ""))
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.split('&').map(|c| c.trim().to_string()).collect())
        .collect();
    (spec, rows)
}

fn check_latex(t: &Table, tex: &str, [x0, y0, w, h]: [usize; 4], z: usize) {
    let (spec, rows) = parse_tabular(tex);
    assert_eq!(spec, format!("r|*{{{w}}}{{r}}"));
    assert_eq!(rows.len(), h + 1, "{tex}");
    let header: Vec<usize> = rows[0][1..].iter().map(|c| c.parse().unwrap()).collect();
    assert_eq!(header, (x0..x0 + w).collect::<Vec<_>>());
    for (j, row) in rows[1..].iter().enumerate() {
        assert_eq!(row.len(), w + 1, "row {j}: {row:?}");
        if t.rules().dimension >= 2 {
            assert_eq!(row[0].parse::<usize>().unwrap(), y0 + j);
        }
        for (i, cell) in row[1..].iter().enumerate() {
            let p = [x0 + i, y0 + j, z];
            let v = t.get_at(p, t.start_layer());
            let (text, bold) = latex_cell(cell);
            assert_eq!(bold, v == 0, "{p:?}: {cell}");
            // Grundy numbers, or misère Grundy values in misère play.
            assert_eq!(text.parse::<u32>().unwrap(), v, "{p:?}");
        }
    }
}

#[test]
fn latex_reads_back_to_the_table() {
    let t = table("queen", false, [20, 20, 1]);
    let tex = run(&["table", "--rules", "queen", "--size", "20", "--format", "latex", "--window", "3,5,12,9"]).unwrap();
    check_latex(&t, &tex, [3, 5, 12, 9], 0);
    assert!(tex.contains("\\providecommand{\\ppos}[1]{\\textbf{#1}}"), "{tex}");
    let tex = run(&["table", "--rules", "dragon-horse", "--size", "15x11", "--format", "latex"]).unwrap();
    check_latex(&table("dragon-horse", false, [15, 11, 1]), &tex, [0, 0, 15, 11], 0);
    let tex = run(&["table", "--rules", "queen", "--misere", "--size", "10", "--format", "latex"]).unwrap();
    check_latex(&table("queen", true, [10, 10, 1]), &tex, [0, 0, 10, 10], 0);
    let tex = run(&["table", "--rules", "queen-3", "--size", "6", "--format", "latex", "--slice", "4"]).unwrap();
    check_latex(&table("queen-3", false, [6, 6, 6]), &tex, [0, 0, 6, 6], 4);
    let tex = run(&["table", "--rules", "subtraction-1-3-4", "--size", "30", "--format", "latex", "--window", "5,20"]);
    check_latex(&table("subtraction-1-3-4", false, [30, 1, 1]), &tex.unwrap(), [5, 0, 20, 1], 0);
}

/// A Mathematica expression of nested lists of integers or strings, read
/// after its comments are removed.
#[derive(Debug, PartialEq)]
enum Expr {
    List(Vec<Expr>),
    Atom(String),
}

fn parse_mathematica(text: &str) -> Expr {
    let mut s = text.to_string();
    while let Some(a) = s.find("(*") {
        let b = s[a..].find("*)").unwrap() + a;
        s.replace_range(a..b + 2, " ");
    }
    let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
    let mut at = 0;
    let e = parse_expr(&chars, &mut at);
    assert_eq!(at, chars.len(), "text after the expression");
    e
}

fn parse_expr(c: &[char], at: &mut usize) -> Expr {
    if c[*at] == '{' {
        *at += 1;
        let mut items = Vec::new();
        if c[*at] == '}' {
            *at += 1;
            return Expr::List(items);
        }
        loop {
            items.push(parse_expr(c, at));
            match c[*at] {
                ',' => *at += 1,
                '}' => {
                    *at += 1;
                    return Expr::List(items);
                }
                other => panic!("unexpected {other}"),
            }
        }
    }
    let start = *at;
    while !matches!(c[*at], ',' | '}') {
        *at += 1;
    }
    Expr::Atom(c[start..*at].iter().collect())
}

fn atom_value(e: &Expr) -> u32 {
    match e {
        Expr::Atom(a) => a.parse().unwrap(),
        Expr::List(_) => panic!("a list where a value belongs"),
    }
}

fn list(e: &Expr) -> &[Expr] {
    match e {
        Expr::List(items) => items,
        Expr::Atom(a) => panic!("{a} where a list belongs"),
    }
}

#[test]
fn mathematica_reads_back_to_the_table() {
    let t = table("dragon-horse", false, [13, 9, 1]);
    let m = run(&["table", "--rules", "dragon-horse", "--size", "13x9", "--format", "mathematica"]).unwrap();
    let rows = parse_mathematica(&m);
    assert_eq!(list(&rows).len(), 9);
    for (y, row) in list(&rows).iter().enumerate() {
        let got: Vec<u32> = list(row).iter().map(atom_value).collect();
        assert_eq!(got, t.row(y), "row {y}");
    }
    // Misère: the misère Grundy values.
    let t = table("queen", true, [12, 12, 1]);
    let m = run(&[
        "table",
        "--rules",
        "queen",
        "--misere",
        "--size",
        "12",
        "--format",
        "mathematica",
        "--window",
        "2,3,7,5",
    ]);
    let rows = parse_mathematica(&m.unwrap());
    for (j, row) in list(&rows).iter().enumerate() {
        for (i, v) in list(row).iter().enumerate() {
            assert_eq!(atom_value(v), t.get(2 + i, 3 + j), "({}, {})", 2 + i, 3 + j);
        }
    }
    // Three coordinates: every plane; one coordinate: a flat list.
    let t = table("queen-3", false, [5, 4, 3]);
    let cube = parse_mathematica(
        &run(&["table", "--rules", "queen-3", "--size", "5x4x3", "--format", "mathematica"]).unwrap(),
    );
    assert_eq!(list(&cube).len(), 3);
    for (z, plane) in list(&cube).iter().enumerate() {
        for (y, row) in list(plane).iter().enumerate() {
            for (x, v) in list(row).iter().enumerate() {
                assert_eq!(atom_value(v), t.get_at([x, y, z], 0), "({x}, {y}, {z})");
            }
        }
    }
    let t = table("subtraction-1-3-4", false, [40, 1, 1]);
    let seq = parse_mathematica(
        &run(&["table", "--rules", "subtraction-1-3-4", "--size", "40", "--format", "mathematica"]).unwrap(),
    );
    assert_eq!(list(&seq).iter().map(atom_value).collect::<Vec<_>>(), t.row(0));
}

/// The terms of a b-file, checking that `n` counts up from the offset.
fn b_file_terms(text: &str) -> (u64, Vec<u32>) {
    let mut first = None;
    let mut terms = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (n, a) = line.split_once(' ').unwrap();
        let n: u64 = n.parse().unwrap();
        let offset = *first.get_or_insert(n);
        assert_eq!(n, offset + terms.len() as u64, "{line}");
        terms.push(a.parse().unwrap());
    }
    (first.unwrap(), terms)
}

#[test]
fn oeis_b_file_reads_back_by_antidiagonals() {
    let t = table("dragon-horse", false, [12, 9, 1]);
    let text = run(&["table", "--rules", "dragon-horse", "--size", "12x9", "--format", "oeis", "--window", "2,1,10,7"]);
    let text = text.unwrap();
    assert!(text.contains("# offset 0"), "{text}");
    let (offset, terms) = b_file_terms(&text);
    assert_eq!(offset, 0);
    // 7 complete antidiagonals: 28 terms; invert n = s(s+1)/2 + i.
    assert_eq!(terms.len(), 28);
    for (n, &a) in terms.iter().enumerate() {
        let s = (0..).find(|s: &usize| (s + 1) * (s + 2) / 2 > n).unwrap();
        let i = n - s * (s + 1) / 2;
        assert_eq!(a, t.get(2 + i, 1 + s - i), "a({n}) = T({i}, {})", s - i);
    }
    // The queen read so begins as Wythoff's Grundy numbers do in the OEIS:
    // g(0,0); g(0,1), g(1,0); g(0,2), g(1,1), g(2,0); ... (symmetric, so
    // only the order of the antidiagonals is tested here).
    let q = table("queen", false, [5, 5, 1]);
    let (_, terms) = b_file_terms(&run(&["table", "--rules", "queen", "--size", "5", "--format", "oeis"]).unwrap());
    let by_hand: Vec<u32> = (0..5).flat_map(|s| (0..=s).map(move |i| (i, s - i))).map(|(i, j)| q.get(i, j)).collect();
    assert_eq!(terms, by_hand);
    // One coordinate: the sequence itself, from the window's first heap.
    let t = table("subtraction-1-3-4", false, [50, 1, 1]);
    let (offset, terms) = b_file_terms(
        &run(&["table", "--rules", "subtraction-1-3-4", "--size", "50", "--format", "oeis", "--window", "7,30"])
            .unwrap(),
    );
    assert_eq!((offset, terms.as_slice()), (7, &t.row(0)[7..37]));
}

#[test]
fn bad_windows_and_slices_are_messages() {
    let e =
        run(&["table", "--rules", "queen", "--size", "10", "--format", "latex", "--window", "5,5,6,2"]).unwrap_err();
    assert!(e.contains("reaches past the computed 10 x 10 box"), "{e}");
    let e = run(&["table", "--rules", "queen", "--size", "10", "--format", "latex", "--window", "5,5"]).unwrap_err();
    assert!(e.contains("write X0,Y0,W,H"), "{e}");
    let e = run(&["table", "--rules", "queen", "--size", "10", "--window", "0,0,0,3"]).unwrap_err();
    assert!(e.contains("empty"), "{e}");
    let e = run(&["table", "--rules", "queen-3", "--size", "4", "--format", "oeis"]).unwrap_err();
    assert!(e.contains("--slice Z"), "{e}");
    let e = run(&["table", "--rules", "queen-3", "--size", "4", "--format", "latex", "--slice", "4"]).unwrap_err();
    assert!(e.contains("no plane z = 4"), "{e}");
    let e = run(&["table", "--rules", "queen", "--size", "4", "--slice", "1"]).unwrap_err();
    assert!(e.contains("three coordinates"), "{e}");
    let e = run(&["table", "--rules", "kayles", "--size", "4", "--format", "latex"]).unwrap_err();
    assert!(e.contains("sequence --values"), "{e}");
    // A window as CSV: the rows of that part.
    let csv = run(&["table", "--rules", "nim", "--size", "8", "--window", "4,1,3,2"]).unwrap();
    let by_xor: String =
        (1..3).map(|y| (4..7).map(|x| (x ^ y).to_string()).collect::<Vec<_>>().join(",") + "\n").collect();
    assert_eq!(csv, by_xor);
}

/// pdflatex compiles every LaTeX form in a minimal document. CI installs
/// pdflatex (`.ci/run`); on a machine without it the test says so and
/// passes only outside CI.
#[test]
fn latex_compiles_with_pdflatex() {
    let have = std::process::Command::new("pdflatex").arg("--version").output().is_ok_and(|o| o.status.success());
    if !have {
        assert!(std::env::var_os("CI").is_none(), "CI must have pdflatex (.ci/run installs texlive-latex-base)");
        eprintln!("pdflatex is not installed: the LaTeX tables were checked by the parser only");
        return;
    }
    let dir = std::env::temp_dir().join(format!("grundy-lab-paper-tex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tables = [
        run(&["table", "--rules", "queen", "--size", "12", "--format", "latex"]).unwrap(),
        run(&["table", "--rules", "queen", "--misere", "--size", "6", "--format", "latex"]).unwrap(),
        run(&["table", "--rules", "subtraction-1-3-4", "--size", "12", "--format", "latex"]).unwrap(),
        run(&["table", "--rules", "queen", "--pass", "--size", "8", "--format", "latex", "--window", "2,2,5,5"])
            .unwrap(),
    ];
    // The document restyles \\ppos first: \\providecommand keeps that style.
    let mut doc = "\\documentclass{article}\n\\newcommand{\\ppos}[1]{\\underline{#1}}\n\\begin{document}\n".to_string();
    for (k, t) in tables.iter().enumerate() {
        let name = format!("t{k}.tex");
        std::fs::write(dir.join(&name), t).unwrap();
        doc.push_str(&format!("\\input{{{name}}}\n\n"));
    }
    doc.push_str("\\end{document}\n");
    std::fs::write(dir.join("doc.tex"), doc).unwrap();
    let out = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "doc.tex"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "pdflatex failed:\n{log}");
    assert!(dir.join("doc.pdf").is_file());
    assert!(!log.contains("Undefined control sequence"), "{log}");
    std::fs::remove_dir_all(&dir).unwrap();
}
