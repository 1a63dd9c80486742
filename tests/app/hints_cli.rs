//! `hints` on the command line: the queen's golden ratio, Nim's lack of a
//! Beatty form, one coordinate without sequences.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab::Control;
use grundy_lab::conjecture::sequences::{Difference, SequenceHints, find_sequence_hints};
use grundy_lab::grundy::{Table, compute};
use grundy_lab::rules::preset;

fn run(args: &[&str]) -> String {
    crate::common::run_cli(args).unwrap()
}

fn hints(t: &Table) -> SequenceHints {
    find_sequence_hints(t, &Control::new()).unwrap()
}

#[test]
fn the_queen_gives_the_golden_ratio() {
    let t = compute(&preset("queen").unwrap(), 120, 120, &Control::new()).unwrap();
    let h = hints(&t);
    assert!(h.symmetric);
    assert_eq!(h.difference.as_ref().map(|d| d.0), Some(Difference { k: 1, c: 0 }));
    assert!(h.mex.is_some());
    let b = h.beatty.as_ref().unwrap();
    assert_eq!(b.a.alpha.to_string(), "(1 + √5)/2");
    assert_eq!(b.b.alpha.to_string(), "(3 + √5)/2");
    assert_eq!((b.a.e, b.b.e), (0, 0));
    assert_eq!(b.slope.unwrap().to_string(), "(1 + √5)/2");
    // The pairs are Wythoff's, term by term.
    for (n, &(a, bn)) in h.pairs.iter().enumerate() {
        assert_eq!((a as u128, bn as u128), grundy_lab::theory::wythoff_pair(n as u64), "n = {n}");
    }
    let text = run(&["hints", "--rules", "queen", "--size", "60"]);
    assert!(text.contains("α = (1 + √5)/2"), "{text}");
    assert!(text.contains("saltus"), "{text}");
    assert!(text.contains("the saltus s"), "the word is explained: {text}");
}

#[test]
fn nim_has_no_beatty_form_and_one_coordinate_no_sequences() {
    let t = compute(&preset("nim").unwrap(), 40, 40, &Control::new()).unwrap();
    let h = hints(&t);
    // (n, n): the difference is 0 and a(n) = n, but no irrational slope.
    assert_eq!(h.difference.as_ref().map(|d| d.0), Some(Difference { k: 0, c: 0 }));
    assert!(h.beatty.is_err());
    let text = run(&["hints", "--rules", "nim-1", "--size", "40"]);
    assert!(text.contains("games of two coordinates only"), "{text}");
}
