//! Take-and-break games through the real binary: values and reports,
//! values files that resume, rules files that hold a take-and-break game.

#![allow(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab::Control;
use std::process::{Command, Output, Stdio};

fn parse(list: &str) -> Vec<u32> {
    list.split(',').map(|v| v.trim().parse().unwrap()).collect()
}

/// OEIS A002186: Kayles (0.77).
const A002186: &str = "0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,6,7,4,1,2,3,1,4,7,2,1,8,\
    2,7,4,1,2,8,1,4,7,2,1,4,2,7,4,1,2,8,1,4,7,2,1,8,6,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,2,8";

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-lab-takebreak-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn bin(args: &[&str], memory_limit: Option<&str>) -> Output {
    // `GRUNDY_LAB_TEST_BIN` names another build of the binary, as in
    // `tests/cli.rs`: in a target folder shared by several worktrees, the
    // one cargo names may be another worktree's by the time the tests run.
    let path = std::env::var_os("GRUNDY_LAB_TEST_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_grundy-lab").into());
    let mut c = Command::new(path);
    c.env("GRUNDY_LAB_PROGRESS", "0").env_remove("GRUNDY_LAB_MEMORY_LIMIT");
    if let Some(limit) = memory_limit {
        c.env("GRUNDY_LAB_MEMORY_LIMIT", limit);
    }
    c.args(args).stdin(Stdio::null()).output().unwrap()
}

fn stdout(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn message(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(2), "stdout: {}", String::from_utf8_lossy(&o.stdout));
    assert!(o.stdout.is_empty());
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn the_command_line_computes_reports_and_refuses() {
    let s = stdout(&bin(&["sequence", "--rules", "octal:0.77", "--up-to", "500"], None));
    assert!(s.starts_with("rules: octal:0.77\nproved: period 12 from 71 (last exception 70)\n"), "{s}");
    let s = stdout(&bin(&["sequence", "--rules", "kayles", "--up-to", "5", "--values"], None));
    assert!(s.contains("\n0 0\n1 1\n2 2\n3 3\n4 1\n5 4\n"), "{s}");
    // A row of heaps: the XOR; 12, 7, 3 in Dawson's Kayles are 2, 1, 1.
    let s = stdout(&bin(&["value", "--rules", "octal:0.07", "12", "7", "3"], None));
    assert_eq!(s, "2\n(12, 7, 3) in octal:0.07: g(12) ^ g(7) ^ g(3) = 2 ^ 1 ^ 1\n");
    // A heap far beyond the values, by the proved period.
    let s = stdout(&bin(&["value", "--rules", "kayles", "1000000000000"], None));
    let want = parse(A002186)[(71 + (1_000_000_000_000u64 - 71) % 12) as usize];
    assert!(s.starts_with(&format!("{want}\n")), "{s}");
    let s = stdout(&bin(&["table", "--rules", "grundy-game", "--size", "10"], None));
    assert_eq!(s, "0,0,0,1,0,2,1,0,2,1\n");
    let s = stdout(&bin(&["table", "--rules", "kayles", "--size", "3x2"], None));
    assert_eq!(s, "0,1,2\n1,0,3\n");
    let s = stdout(&bin(&["ppos", "--rules", "kayles", "--size", "4x4"], None));
    assert_eq!(s, "0 0\n1 1\n2 2\n3 3\n");
    let s = stdout(&bin(&["ppos", "--rules", "dawsons-kayles", "--size", "10"], None));
    assert_eq!(s, "0\n1\n5\n9\n");
    // Bad codes and sizes, other commands, misère: messages.
    let sequence = |rules: &str| message(&bin(&["sequence", "--rules", rules, "--up-to", "10"], None));
    assert!(sequence("octal:0.9").contains("`9` is not an octal digit"));
    assert!(sequence("octal:").contains("has no digits"));
    assert!(sequence("queen").contains("2 coordinates"));
    let e = message(&bin(&["render", "--rules", "kayles", "--size", "8", "--out", "x.png"], None));
    assert!(e.contains("is a take-and-break game"), "{e}");
    let e = message(&bin(&["check", "--rules", "kayles", "--misere", "--size", "3", "--holds", "true"], None));
    assert!(e.contains("`sequence` and `check` take normal play only"), "{e}");
    // The same in the spec's own forms, not "unknown rules".
    for spec in ["kayles+pass", "misere:kayles", "octal:0.07+passes:2"] {
        let e = message(&bin(&["sequence", "--rules", spec, "--up-to", "3"], None));
        assert!(e.contains("take normal play only") && !e.contains("unknown rules"), "{spec}: {e}");
    }
    let e = message(&bin(&["table", "--rules", "kayles", "--size", "0"], None));
    assert!(e.contains("is not a size"), "{e}");
    // Beyond the memory: refused before anything is allocated, with the numbers.
    let e = message(&bin(&["sequence", "--rules", "kayles", "--up-to", "1000000"], Some("1000000")));
    assert!(e.contains("the values of 1000001 heaps need 2.5 MB; the limit on this machine is 1.0 MB"), "{e}");
    let e = message(&bin(&["sequence", "--rules", "grundy-game", "--up-to", "9000000000"], None));
    assert!(e.contains("computed up to 4000000000"), "{e}");
    // The limit with its unit is the same limit, and said to be the
    // variable's; one that is not a size is said and not used.
    let e = message(&bin(&["sequence", "--rules", "kayles", "--up-to", "1000000"], Some("1M")));
    assert!(e.contains("the limit on this machine is 1.0 MB (set by GRUNDY_LAB_MEMORY_LIMIT)"), "{e}");
    let o = bin(&["sequence", "--rules", "kayles", "--up-to", "100"], Some("lots"));
    let note = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(note.contains("GRUNDY_LAB_MEMORY_LIMIT=\"lots\" is not a size"), "{note}");
    assert!(stdout(&o).contains("largest value: "), "the command still runs");
}

#[test]
fn a_values_file_resumes_and_refuses_what_is_not_its_own() {
    let dir = scratch("file");
    let file = dir.join("grundy.values");
    let f = file.to_str().unwrap();
    let first = bin(&["sequence", "--rules", "grundy-game", "--up-to", "3000", "--file", f], None);
    let fresh = stdout(&bin(&["sequence", "--rules", "grundy-game", "--up-to", "6000", "--values"], None));
    let resumed = bin(&["sequence", "--rules", "grundy-game", "--up-to", "6000", "--file", f, "--values"], None);
    stdout(&first);
    assert_eq!(stdout(&resumed), fresh);
    let note = String::from_utf8_lossy(&resumed.stderr);
    assert!(note.contains("went on from the 3001 values"), "{note}");
    // A file that holds the values asked for is only read: read-only is fine.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
        let again = bin(&["sequence", "--rules", "grundy-game", "--up-to", "5000", "--file", f, "--values"], None);
        let out = stdout(&again);
        let line = |n: u64| fresh.lines().find(|l| l.starts_with(&format!("{n} "))).unwrap().to_string();
        assert!(out.lines().any(|l| l == line(5000)), "{}", &out[..out.len().min(300)]);
        // More than it holds: refused before the work, the file as it was.
        let before = std::fs::read(&file).unwrap();
        let e = message(&bin(&["sequence", "--rules", "grundy-game", "--up-to", "5000000", "--file", f], None));
        assert!(e.contains("is read-only and holds the values up to g(6000): ask --up-to 6000 or less"), "{e}");
        assert_eq!(std::fs::read(&file).unwrap(), before);
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    // A folder that is not there: refused at once.
    let missing = dir.join("no-such-folder").join("v.values");
    let e =
        message(&bin(&["sequence", "--rules", "kayles", "--up-to", "10", "--file", missing.to_str().unwrap()], None));
    assert!(e.contains("does not exist"), "{e}");
    // The file now holds 6001 values; another game's run refuses it.
    let e = message(&bin(&["sequence", "--rules", "kayles", "--up-to", "10", "--file", f], None));
    assert!(e.contains("holds the values of split:2:unequal, not of octal:0.77"), "{e}");
    // A changed byte is found by the checksum; a cut file by its length.
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let e = message(&bin(&["sequence", "--rules", "grundy-game", "--up-to", "10", "--file", f], None));
    assert!(e.contains("do not match its checksum"), "{e}");
    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    let e = message(&bin(&["sequence", "--rules", "grundy-game", "--up-to", "10", "--file", f], None));
    assert!(e.contains("ends before its last value"), "{e}");
    std::fs::write(&file, b"hello").unwrap();
    let e = message(&bin(&["sequence", "--rules", "grundy-game", "--up-to", "10", "--file", f], None));
    assert!(e.contains("is not a file of take-and-break values"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_rules_file_may_hold_a_take_and_break_game() {
    let dir = scratch("rules-file");
    let file = dir.join("dawson.json");
    let rules = grundy_lab::rules::Rules::take_and_break("Dawson", "octal:0.07");
    std::fs::write(&file, grundy_lab::rules::to_json(&rules)).unwrap();
    let f = file.to_str().unwrap();
    let s = stdout(&bin(&["value", "--rules", f, "12", "7", "3"], None));
    assert!(s.starts_with("2\n"), "{s}");
    let s = stdout(&bin(&["sequence", "--rules", f, "--up-to", "300"], None));
    assert!(s.contains("proved: period 34 from 53 (last exception 52)"), "{s}");
    // The engine's doors refuse it with a sentence, not a table of nothing.
    assert_eq!(grundy_lab::rules::from_json(&grundy_lab::rules::to_json(&rules)).unwrap(), rules);
    let e = grundy_lab::grundy::compute_box(&rules, [10, 1, 1], &Control::new()).unwrap_err();
    assert!(e.to_string().contains("is a take-and-break game"), "{e}");
    // A spec that names no game is refused when the file is read.
    let bad = grundy_lab::rules::to_json(&rules).replace("octal:0.07", "octal:0.9");
    let e = grundy_lab::rules::from_json(&bad).unwrap_err().to_string();
    assert!(e.contains("is not an octal digit"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The values of `spec` up to `up_to` by the reference mex over every
/// option (not the fast method of the binary).
fn brute_force(spec: &str, up_to: u64) -> Vec<u32> {
    let game = grundy_lab::takebreak::load(spec).unwrap();
    grundy_lab::takebreak::naive::values_by_options(&game, up_to).unwrap()
}

#[test]
fn every_exception_is_listed_against_a_brute_force() {
    for spec in ["kayles", "dawsons-kayles", "subtraction:1,3,4", "octal:0.45", "octal:0.137"] {
        let s = stdout(&bin(&["sequence", "--rules", spec, "--up-to", "2000", "--exceptions"], None));
        let g = brute_force(spec, 2000);
        // "proved: period P from S (...)"
        let words: Vec<&str> = s.lines().nth(1).unwrap().split_whitespace().collect();
        assert_eq!(&words[..2], ["proved:", "period"], "{spec}: {s}");
        let (period, start): (usize, usize) = (words[2].parse().unwrap(), words[4].parse().unwrap());
        // The exceptions by hand: n below the start whose value is not the
        // value of n + k p in the periodic part.
        let want: Vec<String> = (0..start)
            .filter_map(|n: usize| {
                let periodic = g[n + (start - n).div_ceil(period) * period];
                (g[n] != periodic).then(|| format!("{n} {} {periodic}", g[n]))
            })
            .collect();
        let listed: Vec<&str> = s
            .lines()
            .skip_while(|l| !l.starts_with("exceptions below"))
            .skip(1)
            .take_while(|l| !l.ends_with(" exceptions"))
            .collect();
        assert_eq!(listed, want, "{spec}: {s}");
        assert!(s.ends_with(&format!("\n{} exceptions\n", want.len())), "{spec}: {s}");
    }
    // Kayles: the 14 of Guy and Smith, the last one 70; Dawson's Kayles
    // (0.07): period 34 from 53, one heap after Dawson's chess (0.137).
    assert!(
        stdout(&bin(&["sequence", "--rules", "dawsons-kayles", "--up-to", "2000"], None)).contains("period 34 from 53")
    );
    let s = stdout(&bin(&["sequence", "--rules", "kayles", "--up-to", "300", "--exceptions"], None));
    assert!(s.contains("\n70 6 2\n14 exceptions\n"), "{s}");
    // No proved period: said, not an empty list.
    let s = stdout(&bin(&["sequence", "--rules", "kayles", "--up-to", "100", "--exceptions"], None));
    assert!(s.contains("exceptions: none listed, as no period is proved (raise --up-to)"), "{s}");
}

#[test]
fn a_b_file_is_compared_and_its_first_difference_named() {
    let dir = scratch("bfile");
    let kayles = parse(A002186);
    // The OEIS's form: comments, then "n a(n)" from n = 0.
    let mut text = String::from("# A002186 Kayles\n# from the test\n");
    for (n, v) in kayles.iter().enumerate() {
        text += &format!("{n} {v}\n");
    }
    let good = dir.join("b002186.txt");
    std::fs::write(&good, &text).unwrap();
    let last = kayles.len() - 1;
    let s =
        stdout(&bin(&["sequence", "--rules", "kayles", "--up-to", "300", "--compare", good.to_str().unwrap()], None));
    assert!(s.ends_with(&format!("every term agrees, {} of them (heaps 0 to {last})\n", kayles.len())), "{s}");
    // Dawson's Kayles is not Kayles: the first difference, exit 1.
    let o =
        bin(&["sequence", "--rules", "dawsons-kayles", "--up-to", "300", "--compare", good.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let dawson = brute_force("dawsons-kayles", 300);
    let first = (0..kayles.len()).find(|&n| dawson[n] != kayles[n]).unwrap();
    let s = String::from_utf8_lossy(&o.stdout);
    let want = format!(
        "first difference at heap {first}: the file says {}, g({first}) = {} (before it, {first} term",
        kayles[first], dawson[first]
    );
    assert!(s.contains(&want), "{s}");
    // Terms past the values with no period proved: said, not compared,
    // and not taken for agreement (exit 1).
    let o = bin(&["sequence", "--rules", "kayles", "--up-to", "50", "--compare", good.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(s.contains("from heap 0, 51 terms agree; the file goes on from heap 51"), "{s}");
    assert!(s.contains(&format!("those terms are not compared (raise --up-to to {last})")), "{s}");
    // The period proved by the values up to 200 answers a term far beyond
    // them: a right one agrees, a wrong one is the first difference.
    let far = 1_000_000_000_000_u64;
    let right = kayles[71 + ((far - 71) % 12) as usize];
    for (term, agrees) in [(right, true), (right ^ 1, false)] {
        let path = dir.join("far.txt");
        std::fs::write(&path, format!("0 0\n1 1\n{far} {term}\n")).unwrap();
        let o = bin(&["sequence", "--rules", "kayles", "--up-to", "200", "--compare", path.to_str().unwrap()], None);
        let s = String::from_utf8_lossy(&o.stdout);
        assert!(s.contains("proved: period 12 from 71"), "{s}");
        if agrees {
            assert_eq!(o.status.code(), Some(0), "{s}");
            assert!(s.ends_with(&format!("every term agrees, 3 of them (heaps 0 to {far})\n")), "{s}");
        } else {
            assert_eq!(o.status.code(), Some(1), "{s}");
            assert!(
                s.contains(&format!("first difference at heap {far}: the file says {term}, g({far}) = {right}")),
                "{s}"
            );
        }
    }
    // Beyond what the method reaches, the advice says so.
    std::fs::write(dir.join("huge.txt"), "0 0\n10000000000000 1\n").unwrap();
    let huge = dir.join("huge.txt");
    let o = bin(&["sequence", "--rules", "grundy-game", "--up-to", "10", "--compare", huge.to_str().unwrap()], None);
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(s.contains("not compared (values are computed up to 4000000000)"), "{s}");
    // A line that is not a term: which line, before any computing.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "0 0\n1 one\n").unwrap();
    let m =
        message(&bin(&["sequence", "--rules", "kayles", "--up-to", "10", "--compare", bad.to_str().unwrap()], None));
    assert!(m.contains("line 2 is not \"n a(n)\" with two whole numbers: \"1 one\""), "{m}");
    // A b-file larger than the memory limit allows: refused before it is read.
    let m = message(&bin(
        &["sequence", "--rules", "kayles", "--up-to", "10", "--compare", good.to_str().unwrap()],
        Some("2000"),
    ));
    assert!(m.contains("reading it needs about") && m.contains("set by GRUNDY_LAB_MEMORY_LIMIT"), "{m}");
    let m = message(&bin(&["sequence", "--rules", "kayles", "--up-to", "10", "--compare", "/dev/zero"], None));
    assert!(m.contains("cannot read the b-file /dev/zero"), "{m}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The program run with at most `kb` kilobytes of address space (`ulimit
/// -v`): what a command holds in memory at once, measured from outside.
fn bin_within(kb: u64, args: &[&str]) -> Output {
    bin_within_limit(kb, None, args)
}

/// [`bin_within`] with `GRUNDY_LAB_MEMORY_LIMIT` set to `limit`: the
/// app's own check of its estimate set aside, so that what is measured
/// is the memory the command really holds.
fn bin_within_limit(kb: u64, limit: Option<&str>, args: &[&str]) -> Output {
    let exe = std::env::var_os("GRUNDY_LAB_TEST_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_grundy-lab").into());
    let mut command = Command::new("sh");
    command.arg("-c").arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\"")).arg(exe).args(args);
    match limit {
        Some(limit) => command.env("GRUNDY_LAB_MEMORY_LIMIT", limit),
        None => command.env_remove("GRUNDY_LAB_MEMORY_LIMIT"),
    };
    command.stdin(Stdio::null()).output().expect("the binary runs")
}

/// Under `ulimit -v`, a table larger than the address space left is
/// refused with a message that names the limit: the memory limit was 80%
/// of the machine's memory, and the allocation aborted the program.
#[test]
fn a_table_beyond_the_address_space_of_ulimit_is_refused_with_words() {
    let out = bin_within(250_000, &["table", "--rules", "queen", "--size", "20000"]);
    let m = message(&out);
    assert_eq!(out.status.code(), Some(2), "{m}");
    assert!(m.contains("ulimit -v"), "{m}");
    // Within the limit, the same run computes.
    let small = bin_within(250_000, &["table", "--rules", "queen", "--size", "300"]);
    assert!(small.status.success(), "{}", message(&small));
    assert_eq!(stdout(&small).lines().count(), 300);
}

/// A values file is read back within the memory of the run that wrote it:
/// 50 million values of subtraction:1 (100 MB) in 250 MB of address space.
/// The resume listed the rare heaps again, 8 bytes each and uncounted (half
/// the heaps here, 200 MB more), and aborted; with the period proved they
/// are not needed at all.
#[test]
fn a_values_file_is_read_back_within_the_memory_that_wrote_it() {
    let dir = scratch("resume-memory");
    let file = dir.join("s.values");
    let args = ["sequence", "--rules", "subtraction:1", "--up-to", "50000000", "--file", file.to_str().unwrap()];
    // The app's own check of its estimate is set aside (under `ulimit -v`
    // it counts the address space the threads reserve, which varies from
    // run to run): what is measured is what the resume really holds.
    let first = stdout(&bin_within_limit(250_000, Some("4G"), &args));
    assert!(first.contains("proved: period 2 from 0"), "{first}");
    let again = bin_within_limit(250_000, Some("4G"), &args);
    assert_eq!(stdout(&again), first);
    let note = String::from_utf8_lossy(&again.stderr);
    assert!(note.contains("went on from the 50000001 values"), "{note}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A program's values file is keyed by its code: a comment changed keeps
/// the values; a move changed does not, and the message says so.
#[test]
fn a_program_values_file_ignores_comments() {
    let dir = scratch("program-key");
    let (program, file) = (dir.join("split.rhai"), dir.join("split.values"));
    let code =
        "fn splits(n) {\n    let out = [];\n    for a in 1..n { if a < n - a { out.push([a, n - a]); } }\n    out\n}\n";
    std::fs::write(&program, format!("// Grundy's game\n{code}")).unwrap();
    let (p, f) = (program.to_str().unwrap(), file.to_str().unwrap());
    let first = stdout(&bin(&["sequence", "--rules", p, "--up-to", "200", "--file", f, "--values"], None));
    std::fs::write(&program, format!("// Grundy's game, as a program (a comment changed)\n\n{code}")).unwrap();
    let again = bin(&["sequence", "--rules", p, "--up-to", "200", "--file", f, "--values"], None);
    assert_eq!(stdout(&again), first);
    std::fs::write(&program, code.replace("a < n - a", "a <= n - a")).unwrap();
    let e = message(&bin(&["sequence", "--rules", p, "--up-to", "200", "--file", f], None));
    assert!(e.contains("holds the values of another `fn splits` program"), "{e}");
    assert!(e.contains("comments and spacing do not count"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--max-options` and `--seconds-per-position` bind a `fn splits` program
/// in `sequence` and `value` (they were accepted and ignored), and are
/// refused for a game no program computes.
#[test]
fn the_limits_of_a_program_bind_a_splits_program() {
    let dir = scratch("splits-limits");
    let program = dir.join("nim.rhai");
    // Nim as a program: a heap of n may become any smaller heap.
    std::fs::write(&program, "fn splits(n) { let o = []; for a in 1..n { o.push([a]); } o.push([]); o }\n").unwrap();
    let p = program.to_str().unwrap();
    let s = stdout(&bin(&["sequence", "--rules", p, "--up-to", "20", "--values"], None));
    assert!(s.contains("\n20 20\n"), "{s}");
    let e = message(&bin(&["sequence", "--rules", p, "--up-to", "20", "--max-options", "10"], None));
    assert!(e.contains("the heap of 11") && e.contains("listed 11"), "{e}");
    let e = message(&bin(&["value", "--rules", p, "--max-options", "10", "12"], None));
    assert!(e.contains("listed 11"), "{e}");
    // About 1.5 million steps at one heap: past the default, within 2 s.
    let busy = dir.join("busy.rhai");
    std::fs::write(&busy, "fn splits(n) { let s = 0; for k in 0..600000 { s += k; } if s > 0 { [[]] } else { [] } }\n")
        .unwrap();
    let b = busy.to_str().unwrap();
    let e = message(&bin(&["sequence", "--rules", b, "--up-to", "2"], None));
    assert!(e.contains("operations"), "{e}");
    let s = stdout(&bin(&["sequence", "--rules", b, "--up-to", "2", "--seconds-per-position", "2", "--values"], None));
    assert!(s.contains("\n1 1\n2 1\n"), "{s}");
    let e = message(&bin(&["sequence", "--rules", "kayles", "--up-to", "20", "--max-options", "10"], None));
    assert!(e.contains("are limits of a program; kayles (octal:0.77) is not one"), "{e}");
    let e = message(&bin(&["sequence", "--rules", p, "--up-to", "20", "--max-options", "0"], None));
    assert!(e.contains("options"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `table` streams: a row of 20 million Kayles values and a full table of
/// 24^5 positions of five heaps are printed within 600 MB of address
/// space (the row was built whole as strings, over a gigabyte; the five
/// heaps' positions were listed first, 510 MB).
#[test]
fn table_streams_whatever_the_game() {
    let o = bin_within(600_000, &["table", "--rules", "kayles", "--size", "20000000"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert_eq!(text.matches(',').count(), 20_000_000 - 1);
    assert!(text.starts_with("0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,"), "{}", &text[..60]);
    assert!(text.ends_with('\n') && text.lines().count() == 1);
    // The last value by Kayles' period 12 (from 71 on).
    let game = grundy_lab::takebreak::TakeBreak::parse_spec("kayles").unwrap().unwrap();
    let g = grundy_lab::takebreak::compute(&game, 200, &Control::new()).unwrap();
    let last: u32 = text.trim_end().rsplit(',').next().unwrap().parse().unwrap();
    let n = 20_000_000 - 1;
    assert_eq!(last, g.get(72 + (n - 72) % 12).unwrap());
    // The estimate of a table of many heaps counts a list of its
    // positions that `table` does not make (830 MB here): it is set aside
    // to measure what the streaming holds.
    let o = bin_within_limit(600_000, Some("4G"), &["table", "--rules", "nim-5", "--size", "24", "--full"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 24usize.pow(5) + 1);
    // Five heaps of Nim: the value is their XOR.
    for line in text.lines().skip(1).step_by(99_991) {
        let v: Vec<u64> = line.split(',').map(|t| t.parse().unwrap()).collect();
        assert_eq!(v[5], v[..5].iter().fold(0, |a, b| a ^ b), "{line}");
    }
}

#[test]
fn check_proves_a_statement_about_a_sequence_for_every_heap_or_says_why_not() {
    // Kayles' period, as a statement: proved for every n, and the paragraph
    // says so and why.
    let dir = scratch("check");
    let report = dir.join("kayles.md");
    let o = bin(
        &[
            "check",
            "--rules",
            "kayles",
            "--size",
            "200",
            "--where",
            "n >= 71",
            "--holds",
            "g(n + 12) == g(n)",
            "--report",
            report.to_str().unwrap(),
        ],
        None,
    );
    let text = stdout(&o);
    assert!(text.contains("holds at every heap n = 0 to 199 of kayles (octal:0.77)"), "{text}");
    assert!(text.contains("Proved for every n"), "{text}");
    let paragraph = std::fs::read_to_string(&report).unwrap();
    assert!(paragraph.contains("by the periodicity theorem (Guy and Smith 1956)"), "{paragraph}");
    assert!(paragraph.trim_end().ends_with("the statement holds at every heap below 84."), "{paragraph}");
    assert!(paragraph.contains("Proved for every n where n >= 71"), "{paragraph}");
    // Dawson's Kayles is not Kayles: exit 1 and the first heap where they
    // differ (the published values: g(1) = 1 for Kayles, 0 for 0.07).
    let o = bin(&["check", "--rules", "kayles", "--size", "50", "--holds", r#"g == g_of("octal:0.07", n)"#], None);
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("  n = 1: g = 1, the statement gives false"), "{text}");
    // 0.161 and 0.36 agree up to heap 518 and first differ at 519.
    let o =
        bin(&["check", "--rules", "octal:0.161", "--size", "600", "--holds", r#"g == g_of("octal:0.36", n)"#], None);
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.lines().nth(1).is_some_and(|l| l.starts_with("  n = 519: ")), "{text}");
    // A statement that reads n in another way stays evidence.
    let text = stdout(&bin(&["check", "--rules", "kayles", "--size", "200", "--holds", "g <= n"], None));
    assert!(text.contains("A finite check is evidence, not a proof: it reads n otherwise"), "{text}");
    assert!(text.contains("and comparisons such as n >= c"), "{text}");
    // Bad input: a board's size, a board's game in g_of, a variable of boards.
    let e = message(&bin(&["check", "--rules", "kayles", "--size", "20x20", "--holds", "g >= 0"], None));
    assert!(e.contains("not a size for a take-and-break game"), "{e}");
    let e = message(&bin(&["check", "--rules", "kayles", "--size", "20", "--holds", r#"g_of("queen", n) >= 0"#], None));
    assert!(e.contains("g_of(\"queen\", ...)"), "{e}");
    let e = message(&bin(&["check", "--rules", "kayles", "--size", "20", "--holds", "y >= 0"], None));
    assert!(e.contains("error in the formula"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_budget_stops_a_search_whose_time_cannot_be_told_and_says_so() {
    // Misère Kayles of three heaps of 30 searches for minutes (until the
    // memory limit); `--budget` bounds the whole command, the search and the
    // values it needs alike, for value, is-p and genus.
    for command in ["value", "is-p", "genus"] {
        let start = std::time::Instant::now();
        let e = message(&bin(&[command, "--rules", "kayles", "--misere", "30", "30", "30", "--budget", "1"], None));
        let took = start.elapsed();
        assert!(
            e.contains("took longer than its time budget of 1 s and was stopped; raise it with --budget SECONDS"),
            "{command}: {e}"
        );
        assert!(took < std::time::Duration::from_secs(30), "{command} stopped after {took:?}");
    }
    // A budget that is no number of seconds is refused before the work,
    // with the same words as check's.
    let e = message(&bin(&["value", "--rules", "kayles", "--misere", "3", "--budget", "0"], None));
    assert!(e.contains("--budget 0: give a number of seconds above 0 and at most 86400"), "{e}");
    // Work done within the budget is answered as without one.
    let text = stdout(&bin(&["is-p", "--rules", "kayles", "--misere", "1", "1", "1", "--budget", "60"], None));
    assert!(text.starts_with("P\n"), "{text}");
}

#[test]
fn value_and_is_p_answer_a_row_in_misere_play_by_search() {
    // Misère Kayles by hand: a heap of 1 must be taken, and whoever takes
    // the last stone loses, so (1) is P; (2) moves to (1), N; (1, 1) moves
    // to (1), N; (1, 1, 1) moves only to (1, 1), P.
    for (heaps, outcome) in [(&["1"][..], "P"), (&["2"], "N"), (&["1", "1"], "N"), (&["1", "1", "1"], "P")] {
        let args: Vec<&str> =
            ["is-p", "--rules", "kayles", "--misere"].into_iter().chain(heaps.iter().copied()).collect();
        let text = stdout(&bin(&args, None));
        assert!(text.starts_with(&format!("{outcome}\n")), "{heaps:?}: {text}");
        assert!(text.contains("in kayles (octal:0.77), misère: found by search over"), "{text}");
    }
    let text = stdout(&bin(&["is-p", "--rules", "misere:kayles", "1", "1", "1"], None));
    assert!(text.starts_with("P\n"), "{text}");
    // Normal play: is-p is the XOR of the values: g(1) ^ g(2) ^ g(3) = 0.
    let text = stdout(&bin(&["is-p", "--rules", "kayles", "1", "2", "3"], None));
    assert!(text.starts_with("P\n") && text.contains("g(1) ^ g(2) ^ g(3)"), "{text}");
    // A search larger than the memory stops with the numbers; the other
    // commands still refuse misère for take-and-break games and say who
    // answers it.
    let e = message(&bin(&["value", "--rules", "kayles", "--misere", "40", "40", "40", "40"], Some("2000000")));
    assert!(e.contains("the search stored") && e.contains("ask about fewer or smaller heaps"), "{e}");
    let e = message(&bin(&["sequence", "--rules", "misere:kayles", "--up-to", "10"], None));
    assert!(e.contains("`value`, `is-p`, `ppos` and `table` answer rows in misère play or with passes"), "{e}");
    // The misère Grundy value: 0 exactly at the P-positions; a heap of
    // Kayles of 1 has none left after its only move, so its value is
    // mex{1} = 0, a heap of 2 moves to 1 (0) and to nothing (1): 2.
    let text = stdout(&bin(&["value", "--rules", "kayles", "--misere", "1", "1", "1"], None));
    assert!(text.starts_with("0\n") && text.contains("the misère Grundy value"), "{text}");
    let text = stdout(&bin(&["table", "--rules", "kayles", "--misere", "--size", "4"], None));
    assert!(text.starts_with("1,0,2,"), "{text}");
    // The single heaps of misère Kayles that are P, against a plain
    // recursion written here (remembering each sorted row once).
    fn plain(row: &[u64], known: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
        let mut key = row.to_vec();
        key.sort_unstable();
        if let Some(&p) = known.get(&key) {
            return p;
        }
        // Kayles: take 1 or 2 adjacent pins, leaving up to two rows.
        let mut any = false;
        let mut p = true;
        'rows: for (i, &h) in key.iter().enumerate() {
            for take in 1..=2.min(h) {
                for left in 0..=(h - take) {
                    any = true;
                    let mut next: Vec<u64> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
                    next.extend([left, h - take - left].into_iter().filter(|&x| x > 0));
                    if plain(&next, known) {
                        p = false;
                        break 'rows;
                    }
                }
            }
        }
        let p = any && p;
        known.insert(key, p);
        p
    }
    let listed = stdout(&bin(&["ppos", "--rules", "kayles", "--misere", "--size", "15"], None));
    let mut known = std::collections::HashMap::new();
    let expected: String = (0..15u64).filter(|&n| plain(&[n], &mut known)).map(|n| format!("{n}\n")).collect();
    assert_eq!(listed, expected);
}

#[test]
fn a_row_with_a_pass_is_answered_by_search() {
    // Nim with one pass (take 1 to 3 is Nim up to 3): a heap of 1 moves to
    // the empty heap (0) or passes to 1 with none left (1): 2. A heap of 3:
    // 4 (moves to 0, 1, 2: 0, 2, 1; the pass: 3).
    let text = stdout(&bin(&["value", "--rules", "subtraction:1,2,3", "--pass", "1"], None));
    assert!(text.starts_with("2\n") && text.contains("with 1 pass: the Grundy value with every pass"), "{text}");
    let text = stdout(&bin(&["table", "--rules", "subtraction:1,2,3+pass", "--size", "4"], None));
    assert_eq!(text, "0,2,1,4\n");
    // Two passes, and a pass at the end: more options, other values; the
    // P-positions are those of value 0.
    let values = stdout(&bin(&["table", "--rules", "kayles", "--passes", "2", "--size", "12"], None));
    let zeros: Vec<String> =
        values.trim().split(',').enumerate().filter(|(_, v)| *v == "0").map(|(n, _)| n.to_string()).collect();
    let ppos = stdout(&bin(&["ppos", "--rules", "kayles+passes:2", "--size", "12"], None));
    assert_eq!(ppos.lines().collect::<Vec<_>>(), zeros);
    let text = stdout(&bin(&["is-p", "--rules", "kayles+pass-at-end", "0"], None));
    assert!(text.starts_with("N\n") && text.contains("with 1 pass (also at the end)"), "{text}");
    // Misère with a pass: refused with a sentence.
    let e = message(&bin(&["value", "--rules", "kayles", "--misere", "--pass", "3"], None));
    assert!(e.contains("misère play with a pass is not computed"), "{e}");
}

#[test]
fn a_listing_of_billions_of_rows_says_how_long_at_once_and_streams() {
    // 4 294 967 296 rows of two heaps: the estimate comes first on stderr,
    // while the values already flow; the run is stopped here.
    use std::io::{BufRead, BufReader, Read};
    let path = std::env::var_os("GRUNDY_LAB_TEST_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_grundy-lab").into());
    for args in [
        ["table", "--rules", "kayles", "--size", "1x4294967296"],
        ["ppos", "--rules", "kayles", "--size", "65536x65536"],
    ] {
        let mut child = Command::new(&path)
            .args(args)
            .env_remove("GRUNDY_LAB_PROGRESS")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stderr.take().unwrap()).read_line(&mut first).unwrap();
        let mut start = [0u8; 64];
        child.stdout.take().unwrap().read_exact(&mut start).unwrap();
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            first.contains("the 4294967296 rows of heaps of kayles (octal:0.77) will take about"),
            "{args:?}: {first}"
        );
        assert!(first.contains("Ctrl+C stops it"), "{first}");
        let text = String::from_utf8_lossy(&start);
        assert!(text.starts_with(if args[0] == "table" { "0\n1\n2\n3\n1\n" } else { "0 0\n1 1\n" }), "{text}");
    }
}

#[test]
fn a_long_search_shows_the_memory_it_has_used_of_the_limit() {
    // Misère Kayles on four heaps of 40 meets millions of rows: stopped at
    // 300 MB, with its progress (plain lines, as for a log) saying how much
    // of the limit the rows have taken.
    let path = std::env::var_os("GRUNDY_LAB_TEST_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_grundy-lab").into());
    let o = Command::new(path)
        .args(["value", "--rules", "kayles", "--misere", "40", "40", "40", "40"])
        .env("GRUNDY_LAB_PROGRESS", "1")
        .env("GRUNDY_LAB_MEMORY_LIMIT", "300000000")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> =
        e.lines().filter(|l| l.starts_with("searching the game, memory used of the limit: ")).collect();
    assert!(!lines.is_empty(), "{e}");
    // The share grows, and the last line is near the whole limit.
    let percent = |l: &str| -> f64 { l.split(": ").nth(1).unwrap().split('%').next().unwrap().parse().unwrap() };
    assert!(lines.windows(2).all(|w| percent(w[0]) <= percent(w[1])), "{e}");
    assert!(percent(lines.last().unwrap()) > 0.0, "{e}");
    assert!(e.contains("the search stored") && e.contains("the limit on this machine is 300.0 MB"), "{e}");
}

#[test]
fn lasker_s_nim_is_a_code_that_repeats_forever() {
    // Lasker's Nim: g(4k + 3) = 4k + 4, g(4k + 4) = 4k + 3, else g(n) = n.
    let s = stdout(&bin(&["sequence", "--rules", "lasker", "--up-to", "2000"], None));
    assert!(s.starts_with("rules: lasker (octal:4.3...)\nnot proved: the values up to 2000 look arithmetic-periodic, g(n + 4) = g(n) + 4 from 1"), "{s}");
    let s = stdout(&bin(&["value", "--rules", "octal:4.3\u{307}", "7", "8", "9"], None));
    assert!(s.starts_with(&format!("{}\n", 8 ^ 7 ^ 9)), "{s}");
    // The formula, checked heap by heap: evidence, not a proof.
    let formula = "if n % 4 == 3 { n + 1 } else if n % 4 == 0 && n > 0 { n - 1 } else { n }";
    let s = stdout(&bin(&["check", "--rules", "lasker", "--size", "20001", "--formula", formula], None));
    assert!(s.starts_with("The formula holds at every heap n = 0 to 20000 of lasker (octal:4.3...).\n"), "{s}");
    assert!(s.contains("evidence, not a proof") && !s.contains("proved for every n"), "{s}");
    let e = message(&bin(&["sequence", "--rules", "lasker", "--up-to", "1000001"], None));
    assert!(e.contains("codes whose last digit repeats are computed up to 1000000"), "{e}");
    let e = message(&bin(&["sequence", "--rules", "octal:4....", "--up-to", "10"], None));
    assert!(e.contains("the last digit after the point repeats forever, and there is none"), "{e}");
}
