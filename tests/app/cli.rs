//! The real binary against bad input, as a careless user, a damaged file and
//! a full disk would give it: every case ends with a message or a quiet
//! exit, never a panic (exit 101), a hang or a destroyed file.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test. `GRUNDY_LAB_TEST_BIN` names another build of it:
/// in a target folder shared by several worktrees, the binary cargo names
/// may be another worktree's by the time the tests run.
fn bin() -> Command {
    let path = std::env::var_os("GRUNDY_LAB_TEST_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_grundy-lab").into());
    let mut c = Command::new(path);
    c.env("GRUNDY_LAB_PROGRESS", "0").env_remove("GRUNDY_LAB_MEMORY_LIMIT");
    c
}

fn run(args: &[&str]) -> Output {
    bin().args(args).stdin(Stdio::null()).output().expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-lab-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Exit code 2 with a message on stderr that contains `words`, nothing on
/// stdout, and no panic.
fn assert_message(o: &Output, words: &str) {
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}\nstdout: {}", text(&o.stdout));
    assert!(err.contains(words), "expected `{words}` in: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(o.stdout.is_empty(), "stdout: {}", text(&o.stdout));
}

const NINE_SLIDES: &str = r#"{"format":"grundy-lab-rules","version":1,"name":"s","slides":[[1,0],[0,1],[1,1],[1,2],[2,1],[1,3],[3,1],[2,3],[3,2]]}"#;

#[test]
fn panics_nine_slides_and_failing_stdout() {
    let dir = scratch("panics");
    let file = dir.join("s9.json");
    std::fs::write(&file, NINE_SLIDES).unwrap();
    for misere in [false, true] {
        let mut args = vec!["ppos", "--rules", file.to_str().unwrap(), "--size", "20"];
        if misere {
            args.push("--misere");
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        // (0, 0) has no move: P in normal play, N in misère.
        assert_eq!(text(&o.stdout).lines().next() == Some("0 0"), !misere, "{}", text(&o.stdout));
    }
    // A full disk: a message and exit 2.
    if Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let o = bin().args(["table", "--rules", "queen", "--size", "300"]).stdout(full).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        assert!(text(&o.stderr).contains("cannot write the output"), "{}", text(&o.stderr));
    }
    // A closed pipe (`| head -1`): a quiet end.
    let mut child = bin()
        .args(["table", "--rules", "queen", "--size", "3000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.starts_with("0,1,2,3"), "{first}");
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));
    // Benchmark sizes that mean nothing or cannot fit.
    assert_message(&run(&["bench", "--size", "0"]), "--size 0");
    assert_message(&run(&["bench", "--size", "100000000"]), "--size 100000000");
    let o = bin().args(["bench", "--size", "8192"]).env("GRUNDY_LAB_MEMORY_LIMIT", "100000000").output().unwrap();
    assert_message(&o, "the limit on this machine");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn hangs_special_files_and_slow_formulas() {
    let dir = scratch("hangs");
    // /dev/zero would be read without end, a FIFO would block forever.
    assert_message(&run(&["ppos", "--rules", "/dev/zero", "--size", "4"]), "not a regular file");
    let fifo = dir.join("rules.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    assert_message(&run(&["ppos", "--rules", fifo.to_str().unwrap(), "--size", "4"]), "not a regular file");
    // A formula slow at every cell stops at the total budget, and says so.
    // (Under the per-cell limits even in a debug build.)
    let slow = "let s = 0; for i in 0..20000 { s += i; } s % 2";
    let o = run(&["check", "--rules", "queen", "--size", "50", "--formula", slow, "--budget", "1.5"]);
    assert_message(&o, "--budget");
    // The whole budget, not what building the table left of it.
    assert_message(&o, "time budget of 1.5 s");
    // Progress on stderr when asked for (a terminal asks for it by itself).
    let o = bin()
        .args(["check", "--rules", "queen", "--size", "50", "--formula", slow, "--budget", "2.5"])
        .env("GRUNDY_LAB_PROGRESS", "1")
        .output()
        .unwrap();
    assert!(text(&o.stderr).contains("checking the formula: "), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains('%'), "{}", text(&o.stderr));
    // A run that will take minutes is announced (and stopped here).
    let child = bin()
        .args(["ppos", "--rules", "restricted-nim", "--size", "100000"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let line = first_stderr_line(child);
    assert!(line.contains("minutes"), "{line}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn aborts_pictures_and_tables_are_checked_against_memory() {
    let dir = scratch("aborts");
    let out = dir.join("r.png");
    let limit = ("GRUNDY_LAB_MEMORY_LIMIT", "200000000");
    let o = bin()
        .args(["render", "--rules", "queen", "--size", "64", "--cell", "512", "--out", out.to_str().unwrap()])
        .env(limit.0, limit.1)
        .output()
        .unwrap();
    assert_message(&o, "pixel picture needs");
    assert!(!out.exists());
    let o = bin().args(["table", "--rules", "queen", "--size", "24000"]).env(limit.0, limit.1).output().unwrap();
    assert_message(&o, "the limit on this machine");
    let o = bin()
        .args(["knight", "--rect", "8x8", "--px", "12000", "--out", dir.join("k.png").to_str().unwrap()])
        .env(limit.0, limit.1)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("pixel picture needs"), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The words of an SVG poster: the `aria-label` of each group of glyph
/// outlines (the SVG holds no text for a font to draw).
fn svg_words(path: &std::path::Path) -> Vec<String> {
    let svg = std::fs::read_to_string(path).expect("the SVG");
    assert!(!svg.contains("<text"), "the texts are outlines");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let outlines = doc.descendants().filter(|n| n.has_tag_name("path") && n.attribute("id").is_some()).count();
    assert!(outlines > 10, "the glyphs' outlines are in the document: {outlines}");
    doc.descendants().filter_map(|n| n.attribute("aria-label")).map(String::from).collect()
}

/// `render` writes SVG as well as PNG; its words follow `--lang`, else the
/// system's language (LANG), and name the game as the app does.
#[test]
fn render_writes_svg_in_the_language_asked_for() {
    let dir = scratch("render_svg");
    let svg = dir.join("q.svg");
    let out = svg.to_str().unwrap();
    let o = run(&[
        "render", "--rules", "queen-t2", "--size", "16", "--cell", "8", "--legend", "--lang", "ja", "--out", out,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let words = svg_words(&svg);
    assert!(
        words.iter().any(|w| w.contains("のグランディ数") && w.contains("終了マス x + y ≤ 2 のクイーン")),
        "{words:?}"
    );
    assert!(!words.iter().any(|w| w.contains("queen-t2") || w.contains("Grundy numbers")), "{words:?}");
    // Without --lang, the system's language.
    let o = bin()
        .args(["render", "--rules", "queen", "--size", "16", "--legend", "--out", out])
        .env("LANG", "ja_JP.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        svg_words(&svg).iter().any(|w| w.contains("クイーン") && w.contains("のグランディ数")),
        "{:?}",
        svg_words(&svg)
    );
    let o = run(&["render", "--rules", "queen", "--size", "16", "--legend", "--lang", "en", "--out", out]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let words = svg_words(&svg);
    assert!(words.iter().any(|w| w.starts_with("Grundy numbers of Queen (Wythoff's game), ")), "{words:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn silent_answers_become_messages() {
    let dir = scratch("silent");
    // x + 1 once wrapped to 0 here.
    assert_message(&run(&["is-p", "--rules", "king", "18446744073709551615", "0"]), "beyond what can be computed");
    // The name promises neither PNG nor SVG: nothing is written.
    let txt = dir.join("r.txt");
    assert_message(&run(&["render", "--rules", "queen", "--size", "8", "--out", txt.to_str().unwrap()]), "*.svg");
    assert!(!txt.exists());
    // The formula is read before the table is built: with no memory for
    // the table, the formula's error is still the one reported.
    let o = bin()
        .args(["check", "--rules", "queen", "--size", "32768", "--formula", "x +"])
        .env("GRUNDY_LAB_MEMORY_LIMIT", "1000")
        .output()
        .unwrap();
    assert_message(&o, "error in the formula");
    // Mixed types are an error, not `false`.
    assert_message(
        &run(&["check", "--rules", "queen", "--size", "5", "--formula", "x < true"]),
        "error in the formula",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn data_loss_outputs_replace_only_regular_files() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = scratch("loss");
    // A FIFO is refused and stays a FIFO (a device would be treated alike).
    let fifo = dir.join("out.csv");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let o = run(&["table", "--rules", "queen", "--size", "4", "--out", fifo.to_str().unwrap()]);
    assert_message(&o, "not a regular file");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    // A read-only file is refused and unchanged.
    let ro = dir.join("ro.csv");
    std::fs::write(&ro, "keep").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    assert_message(&run(&["table", "--rules", "queen", "--size", "4", "--out", ro.to_str().unwrap()]), "read-only");
    assert_eq!(std::fs::read_to_string(&ro).unwrap(), "keep");
    // A link is followed: the file it names gets the table, the link stays.
    let real = dir.join("real.csv");
    std::fs::write(&real, "old").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.join("link.csv");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = run(&["table", "--rules", "nim", "--size", "2", "--out", link.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "0,1\n1,0\n");
    assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o600);
    // A folder is refused.
    assert_message(
        &run(&["table", "--rules", "queen", "--size", "4", "--out", dir.to_str().unwrap()]),
        "not a regular file",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn families_on_the_command_line() {
    let dir = scratch("families");
    // One heap: P-positions one number a line; the subtraction game's are
    // x mod 7 in {0, 2}.
    let o = run(&["ppos", "--rules", "subtraction-1-3-4", "--size", "15"]);
    assert_eq!(text(&o.stdout), "0\n2\n7\n9\n14\n", "{}", text(&o.stderr));
    // Three heaps: "x y z" lines, exactly the nim-sum zeros.
    let o = run(&["ppos", "--rules", "nim-3", "--size", "4x4x4"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let lines: Vec<Vec<usize>> =
        text(&o.stdout).lines().map(|l| l.split(' ').map(|n| n.parse().unwrap()).collect()).collect();
    assert_eq!(lines.len(), 16);
    assert!(lines.iter().all(|p| p.len() == 3 && p[0] ^ p[1] ^ p[2] == 0));
    // A size that does not fit the game's coordinates is a message.
    assert_message(&run(&["ppos", "--rules", "nim-3", "--size", "4x4"]), "3 coordinates");
    // value: a closed form where one exists, else the smallest box.
    // Wythoff's form gives only the P-positions: the value from a table
    // where one reaches, the outcome beyond.
    let o = run(&["value", "--rules", "queen", "3", "5"]);
    assert!(text(&o.stdout).starts_with("0\n(3, 5) in queen: from the computed"), "{}", text(&o.stdout));
    let table = text(&run(&["table", "--rules", "queen", "--size", "7"]).stdout);
    let g_4_6 = table.lines().nth(6).and_then(|row| row.split(',').nth(4)).expect("a 7 x 7 table").to_string();
    let o = run(&["value", "--rules", "queen", "4", "6"]);
    assert!(text(&o.stdout).starts_with(&format!("{g_4_6}\n")), "{} against {g_4_6}", text(&o.stdout));
    let o = run(&["value", "--rules", "queen", "1000000000000", "1000000000000"]);
    assert!(text(&o.stdout).starts_with("N\n"), "{}", text(&o.stdout));
    // Below the largest side but too large a box for memory: the outcome,
    // at once, and why not the value.
    let o = run(&["value", "--rules", "queen", "600000", "900000"]);
    assert!(text(&o.stdout).starts_with("N\n"), "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(text(&o.stdout).contains("the value itself needs a table larger"), "{}", text(&o.stdout));
    let o = run(&["value", "--rules", "nim-3", "5", "6", "7"]);
    assert!(text(&o.stdout).starts_with("4\n"), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("x XOR y XOR z (Bouton)"), "{}", text(&o.stdout));
    // With a pass, no closed form: the smallest box.
    let o = run(&["value", "--rules", "nim-3", "--pass", "5", "6", "7"]);
    assert!(text(&o.stdout).contains("from the computed 6 x 7 x 8 table"), "{}", text(&o.stdout));
    let o = run(&["value", "--rules", "restricted-nim", "37"]);
    // Levine: g(37) = g(18) = 9.
    assert!(text(&o.stdout).starts_with("9\n"), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("from the computed 38 table"), "{}", text(&o.stdout));
    assert_message(&run(&["value", "--rules", "nim-3", "1", "2"]), "give 3 numbers");
    // A program's move that leaves the box: the box grows.
    let grow = dir.join("grow.rhai");
    std::fs::write(
        &grow,
        "fn moves(x, y) { if x > 0 && y == 0 { [[0, x - 1]] } else if y > 0 { [[x, y - 1]] } else { [] } }",
    )
    .unwrap();
    let o = run(&["value", "--rules", grow.to_str().unwrap(), "4", "0"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("0\n"), "(4,0) -> (0,3) -> ... -> (0,0): four moves: {}", text(&o.stdout));
    // The pass: two layers in the CSV, with a header.
    let o = run(&["table", "--rules", "nim-1", "--pass", "--size", "3"]);
    assert_eq!(text(&o.stdout), "x,pass,g\n0,1,0\n1,1,2\n2,1,1\n0,0,0\n1,0,1\n2,0,2\n", "{}", text(&o.stderr));
    // A bad program: where, and exit 2, and nothing written.
    let bad = dir.join("bad.rhai");
    std::fs::write(&bad, "fn moves(x) { if x > 0 { [[x - 1]] } else { [[1]] } }").unwrap();
    let out = dir.join("t.csv");
    let o = run(&["table", "--rules", bad.to_str().unwrap(), "--size", "4", "--out", out.to_str().unwrap()]);
    assert_message(&o, "the game does not end: its moves go round the cycle (0) → (1) → (0)");
    assert!(!out.exists());
    // `--out` naming the rules file itself, or a missing folder: refused
    // before any work, the rules left as they were.
    let rules_text = std::fs::read(&grow).unwrap();
    let o = run(&["table", "--rules", grow.to_str().unwrap(), "--size", "3", "--out", grow.to_str().unwrap()]);
    assert_message(&o, "that is the rules file this command reads");
    assert_eq!(std::fs::read(&grow).unwrap(), rules_text);
    let missing = dir.join("no-such-folder").join("t.csv");
    let o = run(&["table", "--rules", "queen", "--size", "3", "--out", missing.to_str().unwrap()]);
    assert_message(&o, "the folder");
    // A rules file of version 2 with three coordinates and a pass.
    let file = dir.join("q3.json");
    std::fs::write(
        &file,
        r#"{"format":"grundy-lab-rules","version":2,"name":"q3","dimension":3,"pass":true,
            "slides":[[1,0,0],[0,1,0],[0,0,1],[1,1,1]]}"#,
    )
    .unwrap();
    let o = run(&["value", "--rules", file.to_str().unwrap(), "1", "1", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let short = dir.join("short.json");
    std::fs::write(&short, r#"{"format":"grundy-lab-rules","version":2,"name":"s","dimension":3,"slides":[[1,0]]}"#)
        .unwrap();
    assert_message(&run(&["ppos", "--rules", short.to_str().unwrap(), "--size", "3"]), "`slides[0]` has 2 numbers");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_limits_of_one_position_are_flags() {
    let dir = scratch("limits");
    // One-heap Nim written out: x options at x.
    let nim = dir.join("nim.rhai");
    std::fs::write(&nim, "fn moves(x) { let o = []; for k in 1..=x { o.push([x - k]); } o }").unwrap();
    let nim = nim.to_str().unwrap();
    let o = run(&["ppos", "--rules", nim, "--size", "201", "--max-options", "100"]);
    assert_message(&o, "listed 101 options, more than 100");
    assert!(text(&o.stderr).contains("--max-options"), "{}", text(&o.stderr));
    let o = run(&["ppos", "--rules", nim, "--size", "201", "--max-options", "200"]);
    assert_eq!(text(&o.stdout), "0\n", "{}", text(&o.stderr));
    assert_message(&run(&["ppos", "--rules", nim, "--size", "3", "--max-options", "0"]), "1 to 4194304");
    let o = run(&["ppos", "--rules", nim, "--size", "3", "--seconds-per-position", "0.0001"]);
    assert!(text(&o.stderr).contains("not a number of seconds"), "{}", text(&o.stderr));
    let slow = dir.join("slow.rhai");
    std::fs::write(&slow, "fn moves(x) { let s = 0; for i in 0..100000000 { s += i; } [] }").unwrap();
    // 0.02 s is 40 000 steps, whatever the machine's load.
    let o = run(&["ppos", "--rules", slow.to_str().unwrap(), "--size", "2", "--seconds-per-position", "0.02"]);
    assert_message(&o, "took more than 40000 operations (steps) at one position");
    // Ho's extension: the P-positions of Wythoff's game.
    let ho = run(&["ppos", "--rules", "ho-wythoff", "--size", "40"]);
    let queen = run(&["ppos", "--rules", "queen", "--size", "40"]);
    assert_eq!(ho.status.code(), Some(0), "{}", text(&ho.stderr));
    assert_eq!(text(&ho.stdout), text(&queen.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The binary run in `dir` (for specs that name files of the current folder).
fn run_in(dir: &Path, args: &[&str]) -> Output {
    bin().args(args).current_dir(dir).stdin(Stdio::null()).output().expect("the binary runs")
}

#[test]
fn a_file_named_like_a_preset_does_not_replace_it() {
    let dir = scratch("shadow");
    // `table --rules nim --out nim` leaves a CSV called `nim`; a rules file
    // called `queen` holds another game.
    let impostor = r#"{"format":"grundy-lab-rules","version":1,"name":"impostor","slides":[[1,0],[0,1]]}"#;
    std::fs::write(dir.join("queen"), impostor).unwrap();
    let o = run_in(&dir, &["table", "--rules", "nim", "--size", "2", "--out", "nim"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = run_in(&dir, &["value", "--rules", "nim", "3", "5"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("6\n(3, 5) in nim:"), "{}", text(&o.stdout));
    assert!(text(&o.stderr).contains("./nim"), "a note names the file: {}", text(&o.stderr));
    // The preset, not the file (whose game has (1, 1) as a P-position).
    let o = run_in(&dir, &["value", "--rules", "queen", "1", "2"]);
    assert!(text(&o.stdout).starts_with("0\n(1, 2) in queen:"), "{}", text(&o.stdout));
    assert!(text(&o.stderr).contains("./queen"), "{}", text(&o.stderr));
    // The file, when asked for as a path.
    let o = run_in(&dir, &["value", "--rules", "./queen", "1", "1"]);
    assert!(text(&o.stdout).starts_with("0\n(1, 1) in impostor"), "{} {}", text(&o.stdout), text(&o.stderr));
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn is_p_takes_the_coordinates_of_the_game() {
    assert_message(&run(&["is-p", "--rules", "nim-3", "1", "2"]), "nim-3 has 3 coordinates; give 3 numbers, not 2");
    assert_message(&run(&["is-p", "--rules", "nim-1", "4", "6"]), "nim-1 has 1 coordinate; give 1 number, not 2");
    let o = run(&["is-p", "--rules", "nim-3", "1", "2", "3"]);
    assert!(text(&o.stdout).starts_with("P\n(1, 2, 3) in nim-3"), "{}", text(&o.stderr));
    let o = run(&["is-p", "--rules", "queen-3", "1", "2", "0"]);
    assert!(text(&o.stdout).starts_with("P\n(1, 2, 0) in queen-3"), "{}", text(&o.stderr));
    let o = run(&["is-p", "--rules", "subtraction-1-3-4", "9"]);
    assert!(text(&o.stdout).starts_with("P\n(9) in subtraction-1-3-4"), "{}", text(&o.stderr));
    let o = run(&["is-p", "--rules", "subtraction-1-3-4", "10"]);
    assert!(text(&o.stdout).starts_with("N\n"), "{}", text(&o.stderr));
}

#[test]
fn names_with_control_characters_are_refused() {
    let dir = scratch("control");
    for (name, code) in [("red\\u001b[31m", "U+001B"), ("two\\rlines", "U+000D"), ("a\\nb", "U+000A")] {
        let file = dir.join("r.json");
        let json = format!(r#"{{"format":"grundy-lab-rules","version":1,"name":"{name}","slides":[[1,0],[0,1]]}}"#);
        std::fs::write(&file, json).unwrap();
        for args in [
            &["value", "--rules", file.to_str().unwrap(), "1", "2"][..],
            &["check", "--rules", file.to_str().unwrap(), "--size", "4", "--formula", "x ^ y"],
            &["table", "--rules", file.to_str().unwrap(), "--size", "4"],
        ] {
            let o = run(args);
            assert_message(&o, code);
            assert!(text(&o.stderr).contains("name"), "{}", text(&o.stderr));
            assert!(!o.stderr.contains(&0x1b) && !o.stderr.contains(&b'\r'), "{:?}", text(&o.stderr));
        }
    }
    // Messages that quote what was typed or read never pass an escape on.
    let file = dir.join("key.json");
    std::fs::write(&file, r#"{"format":"grundy-lab-rules","version":1,"name":"k","\u001b[2J":1}"#).unwrap();
    for spec in [file.to_str().unwrap(), "\u{1b}[2Jqueen", "ryuoh:\u{9b}31m"] {
        let o = run(&["value", "--rules", spec, "1", "2"]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        assert!(!o.stderr.contains(&0x1b) && !text(&o.stderr).contains('\u{9b}'), "{:?}", text(&o.stderr));
        assert!(text(&o.stderr).contains("\\u{1b}") || text(&o.stderr).contains("\\u{9b}"), "{}", text(&o.stderr));
    }
    // A description may have lines and tabs (it is never printed raw), not escapes.
    let file = dir.join("d.json");
    let with = |d: &str| {
        format!(r#"{{"format":"grundy-lab-rules","version":1,"name":"d","description":"{d}","slides":[[1,0]]}}"#)
    };
    std::fs::write(&file, with("one\\ntwo\\tthree")).unwrap();
    assert_eq!(run(&["value", "--rules", file.to_str().unwrap(), "1", "2"]).status.code(), Some(0));
    std::fs::write(&file, with("bell\\u0007")).unwrap();
    let o = run(&["value", "--rules", file.to_str().unwrap(), "1", "2"]);
    assert_message(&o, "U+0007");
    assert!(text(&o.stderr).contains("description"), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn heaps_of_nim_have_a_closed_form_and_memory_limits_say_where_they_come_from() {
    let big = 10u64.pow(18);
    let o = run(&["value", "--rules", "nim-3", &big.to_string(), "5", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with(&format!("{}\n", big ^ 5 ^ 3)), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("XOR"), "{}", text(&o.stdout));
    let o = run(&["value", "--rules", "nim-1", &big.to_string()]);
    assert!(text(&o.stdout).starts_with(&format!("{big}\n")), "{}", text(&o.stderr));
    // Misère Nim's value is the XOR, or 1 − XOR where no heap exceeds 1.
    let o = run(&["value", "--rules", "nim-3", "--misere", &big.to_string(), &big.to_string(), "0"]);
    assert!(text(&o.stdout).starts_with("0\n"), "{}", text(&o.stderr));
    let o = run(&["value", "--rules", "nim-3", "--misere", "1", "1", "0"]);
    assert!(text(&o.stdout).starts_with("1\n"), "{}", text(&o.stderr));
    let o = run(&["value", "--rules", "nim-3", "--misere", "1", "2", "5"]);
    assert!(text(&o.stdout).starts_with("6\n"), "{}", text(&o.stderr));
    // Misère: whoever takes the last stone loses.
    let o = run(&["is-p", "--rules", "nim-3", "--misere", "1", "0", "0"]);
    assert!(text(&o.stdout).starts_with("P\n"), "{}", text(&o.stderr));
    let o = run(&["is-p", "--rules", "nim-3", "--misere", "1", "1", "0"]);
    assert!(text(&o.stdout).starts_with("N\n"), "{}", text(&o.stderr));
    let o = run(&["is-p", "--rules", "nim-1", "--misere", "1"]);
    assert!(text(&o.stdout).starts_with("P\n"), "{}", text(&o.stderr));
    // With a pass there is no closed form: computed, or beyond.
    assert_message(&run(&["value", "--rules", "nim-3+pass", &big.to_string(), "1", "1"]), "beyond");
    // A limit set in the environment is not "80% of the memory available".
    let o = bin()
        .args(["table", "--rules", "queen", "--size", "100"])
        .env("GRUNDY_LAB_MEMORY_LIMIT", "1000")
        .output()
        .unwrap();
    assert_message(&o, "GRUNDY_LAB_MEMORY_LIMIT");
    assert!(!text(&o.stderr).contains("80%"), "{}", text(&o.stderr));
    let o = bin()
        .args(["render", "--rules", "queen", "--size", "64", "--cell", "64", "--out", "/tmp/never.png"])
        .env("GRUNDY_LAB_MEMORY_LIMIT", "100000")
        .output()
        .unwrap();
    assert_message(&o, "GRUNDY_LAB_MEMORY_LIMIT");
}

#[test]
fn budgets_are_bounded_and_cover_the_table() {
    for b in ["1e20", "1e300", "86401"] {
        let o = run(&["check", "--rules", "queen", "--size", "5", "--formula", "x", "--budget", b]);
        assert_message(&o, "at most 86400");
    }
    let o = run(&["check", "--rules", "nim", "--size", "5", "--formula", "x ^ y", "--budget", "86400"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // A program slow at every position (outside the compiled subset, so
    // rhai runs it): its table alone would take minutes.
    let dir = scratch("budget");
    let slow = dir.join("slow.rhai");
    std::fs::write(
        &slow,
        r#"fn moves(x, y) { let t = "slow"; let s = 0; for i in 0..20000 { s += i; } if x > 0 { [[x - 1, y]] } else { [] } }"#,
    )
    .unwrap();
    let start = std::time::Instant::now();
    let o = run(&["check", "--rules", slow.to_str().unwrap(), "--size", "300", "--formula", "x", "--budget", "2"]);
    assert_message(&o, "--budget");
    assert!(start.elapsed().as_secs() < 40, "the budget stopped the table: {:?}", start.elapsed());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The first line the child writes on stderr within two minutes (empty if
/// none), then the child is stopped: a missing announcement fails the test
/// instead of waiting for the whole run.
fn first_stderr_line(mut child: std::process::Child) -> String {
    let stderr = child.stderr.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stderr).read_line(&mut line);
        let _ = send.send(line);
    });
    let line = receive.recv_timeout(std::time::Duration::from_secs(120)).unwrap_or_default();
    let _ = child.kill();
    let _ = child.wait();
    line
}

#[test]
fn long_values_are_announced_and_refusals_come_first() {
    let child = bin()
        .args(["value", "--rules", "restricted-nim", "100000"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let line = first_stderr_line(child);
    assert!(line.contains("minutes") && line.contains("Ctrl+C"), "{line}");
    // A size refused for memory gets no estimate of its time.
    for args in
        [&["value", "--rules", "restricted-nim", "100000"][..], &["ppos", "--rules", "ryuoh:200", "--size", "40000"]]
    {
        let o = bin().args(args).env("GRUNDY_LAB_MEMORY_LIMIT", "1000").output().unwrap();
        assert_message(&o, "needs");
        assert!(!text(&o.stderr).contains("minutes"), "{}", text(&o.stderr));
    }
}

#[test]
fn value_gives_advice_that_exists() {
    let dir = scratch("advice");
    // Every move leaves the box: (x, y) -> (0, y + x - 1).
    let leave = dir.join("leave.rhai");
    std::fs::write(&leave, "fn moves(x, y) { if x > 0 { [[0, y + x - 1]] } else { [] } }").unwrap();
    let o = run(&["value", "--rules", leave.to_str().unwrap(), "4", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let e = text(&o.stderr);
    assert!(!e.contains("compute a larger box"), "{e}");
    assert!(e.contains("lies outside"), "{e}");
    assert!(e.contains("grundy-lab table"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn knight_numbers_and_ranges_as_typed() {
    assert_message(&run(&["knight", "--rect", "8x8", "--leaper", "300,1"]), "(300,1)");
    assert_message(&run(&["knight", "--rect", "8x8", "--leaper", "1,99999999999"]), "(1,99999999999)");
    assert_message(&run(&["knight", "--rect", "5x5", "--limit", "0"]), "more than 0 and at most 86400");
}

#[test]
fn byte_order_marks_are_skipped() {
    let dir = scratch("bom");
    let json = dir.join("bom.json");
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(br#"{"format":"grundy-lab-rules","version":1,"name":"bom","slides":[[1,0],[0,1]]}"#);
    std::fs::write(&json, bytes).unwrap();
    let o = run(&["value", "--rules", json.to_str().unwrap(), "3", "5"]);
    assert!(text(&o.stdout).starts_with("6\n"), "{}", text(&o.stderr));
    let rhai = dir.join("bom.rhai");
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(b"fn moves(x) { if x > 0 { [[x - 1]] } else { [] } }");
    std::fs::write(&rhai, bytes).unwrap();
    let o = run(&["value", "--rules", rhai.to_str().unwrap(), "3"]);
    assert!(text(&o.stdout).starts_with("1\n"), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_names_the_coordinates_of_the_game() {
    let o = run(&["check", "--rules", "nim-3", "--size", "4", "--formula", "x ^ y"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("First counterexamples (x, y, z)"), "{}", text(&o.stdout));
    let o = run(&["check", "--rules", "subtraction-1-3-4", "--size", "9", "--formula", "0"]);
    assert!(text(&o.stdout).contains("First counterexamples (x)"), "{}", text(&o.stdout));
    let o = run(&["check", "--help"]);
    assert!(text(&o.stdout).contains("N[xM...]") && text(&o.stdout).contains("x1, x2"), "{}", text(&o.stdout));
    let o = run(&["is-p", "--help"]);
    assert!(text(&o.stdout).contains("[Z]") || text(&o.stdout).contains("POSITION"), "{}", text(&o.stdout));
}

/// Passes of every kind on the command line: `--passes K`, `--pass-at-end`
/// and the preset suffixes give one layer per number of passes left; `ppos`
/// lists the positions where every pass is still there; hostile counts get
/// a message; a rules file of version 4 with a count reads, and one of
/// version 3 with Gale's `"pass": true` still does.
#[test]
fn passes_of_every_kind_on_the_command_line() {
    // One heap, two passes, also at the end: layer 2 first. From (0) with
    // two passes left both are forced: P. With one left, N.
    let o = run(&["table", "--rules", "nim-1", "--passes", "2", "--pass-at-end", "--size", "3"]);
    assert_eq!(
        text(&o.stdout),
        "x,pass,g\n0,2,0\n1,2,1\n2,2,2\n0,1,1\n1,1,0\n2,1,3\n0,0,0\n1,0,1\n2,0,2\n",
        "{}",
        text(&o.stderr)
    );
    let suffixed = run(&["table", "--rules", "nim-1+passes:2+pass-at-end", "--size", "3"]);
    assert_eq!(suffixed.stdout, o.stdout, "the suffixes are the flags");
    // A pass at the end alone is one pass.
    let o = run(&["value", "--rules", "nim-1", "--pass-at-end", "0"]);
    assert!(text(&o.stdout).starts_with("1\n"), "(0) with a pass at the end is N: {}", text(&o.stdout));
    // ppos: the top layer, every pass still there. With two passes the
    // P-positions of the queen are Wythoff's pairs again (two passes cancel).
    let two = run(&["ppos", "--rules", "queen", "--passes", "2", "--size", "8"]);
    let plain = run(&["ppos", "--rules", "queen", "--size", "8"]);
    assert_eq!(two.status.code(), Some(0), "{}", text(&two.stderr));
    assert_eq!(text(&two.stdout), text(&plain.stdout));
    let one = run(&["ppos", "--rules", "queen+pass", "--size", "8"]);
    assert_ne!(text(&one.stdout), text(&plain.stdout), "one pass changes the P-positions");
    // Hostile counts: the flag, the suffix, a file.
    assert_message(&run(&["table", "--rules", "queen", "--passes", "9", "--size", "3"]), "from 0 to 8");
    assert_message(&run(&["table", "--rules", "queen", "--passes", "1000000000", "--size", "3"]), "from 0 to 8");
    assert_message(&run(&["table", "--rules", "queen+passes:1000000000", "--size", "3"]), "from 0 to 8");
    // A take-and-break game with passes is searched; its counts are checked
    // as the others'.
    let kayles = run(&["table", "--rules", "kayles", "--passes", "2", "--size", "3"]);
    assert_eq!(text(&kayles.stdout), "0,1,2\n", "{}", text(&kayles.stderr));
    assert_message(&run(&["table", "--rules", "kayles+passes:200", "--size", "3"]), "from 0 to 8");
    let dir = scratch("passes");
    let file = dir.join("two.json");
    std::fs::write(
        &file,
        r#"{"format":"grundy-lab-rules","version":4,"name":"q","pass":{"count":2,"at_end":true},
            "slides":[[1,0],[0,1],[1,1]]}"#,
    )
    .unwrap();
    let o = run(&["table", "--rules", file.to_str().unwrap(), "--size", "2"]);
    assert!(text(&o.stdout).starts_with("x,y,pass,g\n0,0,2,0\n"), "{}{}", text(&o.stdout), text(&o.stderr));
    std::fs::write(&file, std::fs::read_to_string(&file).unwrap().replace("\"count\":2", "\"count\":1000000000"))
        .unwrap();
    assert_message(&run(&["table", "--rules", file.to_str().unwrap(), "--size", "2"]), "at most 8");
    std::fs::write(
        &file,
        r#"{"format":"grundy-lab-rules","version":3,"name":"q","pass":true,"slides":[[1,0],[0,1],[1,1]]}"#,
    )
    .unwrap();
    let o = run(&["table", "--rules", file.to_str().unwrap(), "--size", "2"]);
    assert!(text(&o.stdout).starts_with("x,y,pass,g\n0,0,1,0\n"), "{}{}", text(&o.stdout), text(&o.stderr));
    std::fs::write(
        &file,
        r#"{"format":"grundy-lab-rules","version":3,"name":"q","pass":{"count":2},"slides":[[1,0],[0,1]]}"#,
    )
    .unwrap();
    assert_message(&run(&["table", "--rules", file.to_str().unwrap(), "--size", "2"]), "needs `version` 4");
    // check: the formula's `pass` is the number of passes left.
    let o = run(&["check", "--rules", "nim-1", "--passes", "3", "--size", "6", "--holds", "pass <= 3"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    let o = run(&["check", "--rules", "nim-1", "--passes", "3", "--size", "6", "--holds", "pass < 3"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("3 passes left"), "{}", text(&o.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `prove`: the verdict in words and as the exit code (0 proved, 1
/// refuted, 3 not proved, 2 bad input), and the files for Walnut.
#[test]
fn prove_says_proved_refuted_or_not_proved() {
    let o = run(&["prove", "--rules", "queen", "--statement", "A x,y P(x,y) <=> W(x,y)"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("PROVED for queen"), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("Büchi–Bruyère"));
    let o = run(&["prove", "--rules", "queen-t2", "--statement", "A x,y (x >= 7 | y >= 7) => (G(1,x,y) <=> W(x,y))"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains("Least counterexample: x = 4, y = 7."), "{}", text(&o.stdout));
    let o = run(&["prove", "--rules", "queen", "--numeration", "2"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(text(&o.stdout).starts_with("NOT PROVED"), "{}", text(&o.stdout));
    let o = run(&["prove", "--rules", "imitation-nim"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(text(&o.stdout).contains("cannot be written as a formula"), "{}", text(&o.stdout));
    for (args, words) in [
        (vec!["prove", "--rules", "queen", "--statement", "A x P(x"], "cannot be read at character 8"),
        (vec!["prove", "--rules", "queen", "--statement", "A x Q(x)"], "unknown predicate Q"),
        (vec!["prove", "--rules", "queen", "--numeration", "17"], "unknown numeration"),
        (vec!["prove", "--rules", "queen", "--statement", "?msd_2 A x P(x,x)"], "names base 2"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_message(&o, words);
    }
}

#[test]
fn prove_exports_walnut_files() {
    let dir = scratch("walnut");
    let o = run(&[
        "prove",
        "--rules",
        "queen",
        "--statement",
        "A x,y P(x,y) <=> W(x,y)",
        "--export",
        "walnut",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let g0 = std::fs::read_to_string(dir.join("Automata Library/G0.txt")).unwrap();
    assert!(g0.starts_with("msd_fib msd_fib\n\n0 "), "{g0}");
    let script = std::fs::read_to_string(dir.join("prove.txt")).unwrap();
    assert!(script.contains("def M \"?msd_fib "), "{script}");
    assert!(script.contains("eval statement \"?msd_fib (A x,y ($P(x,y) <=> $W(x,y)))\";"), "{script}");
    // The command file names the automata it uses, and they were written.
    assert!(dir.join("Automata Library/W.txt").is_file());
}
