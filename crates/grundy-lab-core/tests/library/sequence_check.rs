//! Statements about the values of one heap of a take-and-break game
//! (`check` of a sequence): each verdict against the values of a brute
//! force over every option, computed far beyond the heaps checked, so that
//! "proved for every n" is tested where the check did not look.

#![allow(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::conjecture::CheckMode;
use grundy_lab_core::conjecture::takebreak::{SequenceQuestion, SequenceReport, Unproved, Verdict, check_sequence};
use grundy_lab_core::takebreak::naive::values_by_options;
use grundy_lab_core::takebreak::{Sequence, compute, load};
use std::sync::Arc;

fn values(spec: &str, heaps: u64) -> Arc<Sequence> {
    Arc::new(compute(&load(spec).unwrap(), heaps - 1, &Control::new()).unwrap())
}

fn check(spec: &str, heaps: u64, text: &str, condition: Option<&str>, mode: CheckMode) -> SequenceReport {
    let q = SequenceQuestion::new(text, condition, mode).unwrap();
    let others = q.others.iter().map(|(s, _)| (s.clone(), values(s, heaps))).collect();
    check_sequence(values(spec, heaps), others, &q, heaps, &Control::new()).unwrap()
}

/// The brute force's values, far past every check below.
fn brute(spec: &str) -> Vec<u32> {
    values_by_options(&load(spec).unwrap(), 1500).unwrap()
}

#[test]
fn kayles_period_is_proved_for_every_heap_and_its_last_exception_fails() {
    let g = brute("kayles");
    // Proved with 200 heaps: Kayles is periodic from 71 on, with period
    // 12, and the condition is true from 71 on, so the check repeats from
    // 72 on.
    let r = check("kayles", 200, "g(n + 12) == g(n)", Some("n >= 71"), CheckMode::Holds);
    assert_eq!(r.verdict, Verdict::Proved { start: 72, period: 12 }, "{}", r.describe());
    assert!(r.describe().contains("Proved for every n"), "{}", r.describe());
    assert!((71..g.len() - 12).all(|n| g[n + 12] == g[n]), "the brute force disagrees with the proof");
    // From 70 it is false, at 70 exactly, as the brute force says.
    let r = check("kayles", 200, "g(n + 12) == g(n)", Some("n >= 70"), CheckMode::Holds);
    assert_eq!(r.verdict, Verdict::Fails);
    assert_eq!(r.first[0].n, 70);
    assert_ne!(g[82], g[70]);
    assert!(r.describe().contains("n = 70: g = "), "{}", r.describe());
}

#[test]
fn too_few_heaps_say_how_many_would_prove_it() {
    // From 195 on, on 200 heaps (enough for Kayles' period): the check
    // repeats from 196 with period 12, so it needs every heap below 208.
    // The values past 199 come from the period proved.
    let r = check("kayles", 200, "g(n + 12) == g(n)", Some("n >= 195"), CheckMode::Holds);
    assert_eq!(r.verdict, Verdict::ProvedUpTo { start: 196, period: 12 }, "{}", r.describe());
    assert!(r.describe().contains("--size 208"), "{}", r.describe());
    // Fewer heaps than the period's proof needs: evidence, and a read past
    // the values is an error that says so.
    let q = SequenceQuestion::new("g >= 0", None, CheckMode::Holds).unwrap();
    let r = check_sequence(values("kayles", 80), Vec::new(), &q, 80, &Control::new()).unwrap();
    assert_eq!(r.verdict, Verdict::Evidence(Unproved::OwnPeriod));
}

#[test]
fn a_statement_that_reads_n_otherwise_stays_evidence_even_when_it_later_fails() {
    // True on the 300 heaps checked, false from 300 on: no proof may be
    // claimed, and none is.
    let r = check("kayles", 300, "n * n < 90000 || g == 99", None, CheckMode::Holds);
    assert!(r.holds());
    assert!(matches!(r.verdict, Verdict::Evidence(_)), "{:?}", r.verdict);
    assert!(r.describe().contains("evidence, not a proof"), "{}", r.describe());
    // Written as a comparison, it is final from 300 on: the check names the
    // heaps that would decide it, and there it fails.
    let r = check("kayles", 300, "n < 300 || g == 99", None, CheckMode::Holds);
    assert_eq!(r.verdict, Verdict::ProvedUpTo { start: 301, period: 12 });
    let r = check("kayles", 313, "n < 300 || g == 99", None, CheckMode::Holds);
    assert_eq!((r.verdict, r.first[0].n), (Verdict::Fails, 300));
    // A residue is a shape: Kayles' value is never 0 at a heap of 12k + 11
    // (g(11) = 6, g(23) = 7, and from 71 on the period's value there is 7).
    let g = brute("kayles");
    let r = check("kayles", 200, "n % 12 != 11 || g != 0", None, CheckMode::Holds);
    assert_eq!(r.verdict, Verdict::Proved { start: 71, period: 12 }, "{}", r.describe());
    assert!((0..g.len()).all(|n| n % 12 != 11 || g[n] != 0));
}

#[test]
fn dawsons_kayles_is_not_kayles_and_the_first_difference_is_the_brute_force_s() {
    let (k, d) = (brute("kayles"), brute("octal:0.07"));
    let first = (0..k.len()).find(|&n| k[n] != d[n]).unwrap() as u64;
    let r = check("kayles", 100, r#"g == g_of("octal:0.07", n)"#, None, CheckMode::Holds);
    assert_eq!(r.verdict, Verdict::Fails);
    assert_eq!(r.first[0].n, first);
    // A formula is compared with g: Dawson's Kayles is Dawson's chess moved
    // one heap (OEIS A002187), proved with both periods (34 from 52 for
    // 0.07, 34 from 53 for 0.137).
    let r = check("octal:0.07", 300, r#"g_of("octal:0.137", n - 1)"#, Some("n >= 1"), CheckMode::Formula);
    assert!(matches!(r.verdict, Verdict::Proved { .. }), "{}", r.describe());
    let c = brute("octal:0.137");
    assert!((1..d.len()).all(|n| d[n] == c[n - 1]));
}

#[test]
fn reading_past_the_values_without_a_period_is_a_clear_error() {
    // Grundy's game has no proved period: g(n + 1) at the last heap is
    // beyond the values.
    let q = SequenceQuestion::new("g(n + 1) >= 0", None, CheckMode::Holds).unwrap();
    let e = check_sequence(values("grundy-game", 50), Vec::new(), &q, 50, &Control::new()).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("n = 49") && text.contains("g(50) is beyond the heaps computed (0 to 49)"), "{text}");
    // With a proved period, the period answers beyond the values.
    let r = check("kayles", 200, "g(n + 1000) == g(n + 988)", Some("n >= 71"), CheckMode::Holds);
    assert!(r.holds(), "{}", r.describe());
    // A number where a statement is wanted, an unknown word, a board game.
    let e = SequenceQuestion::new("y + 1", None, CheckMode::Holds).err().unwrap();
    assert!(e.to_string().contains("error in the formula"), "{e}");
    let e = SequenceQuestion::new(r#"g == g_of("queen", n)"#, None, CheckMode::Holds).err().unwrap();
    assert!(e.to_string().starts_with("g_of(\"queen\", ...)"), "{e}");
}
