//! Codes whose last digit repeats forever (`octal:4.3...`, Lasker's Nim):
//! the fast values against two brute forces (every option listed, and the
//! code written out with as many digits as the heap), Lasker's formula,
//! the notation, and what the period report may say of them.

#![allow(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::takebreak::naive::{values_by_all_splits, values_by_options};
use grundy_lab_core::takebreak::{PeriodReport, compute, load};
use proptest::prelude::*;

fn values(spec: &str, up_to: u64) -> Vec<u32> {
    compute(&load(spec).unwrap(), up_to, &Control::new()).unwrap().values()
}

/// The finite code that plays as `code` (digits after the point, the last
/// repeating) on heaps up to `up_to`: the repeating digit written out.
fn written_out(d0: char, digits: &str, up_to: u64) -> String {
    let last = digits.chars().last().unwrap();
    let more = (up_to as usize + 1).saturating_sub(digits.len());
    format!("octal:{d0}.{digits}{}", last.to_string().repeat(more))
}

/// Lasker's Nim: g(4k + 1) = 4k + 1, g(4k + 2) = 4k + 2, g(4k + 3) =
/// 4k + 4, g(4k + 4) = 4k + 3.
fn lasker(n: u64) -> u32 {
    let v = match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    };
    v as u32
}

#[test]
fn lasker_s_nim_follows_its_formula_to_a_hundred_thousand() {
    let g = load("lasker").unwrap();
    assert_eq!(g.label(), "lasker (octal:4.3...)");
    let s = compute(&g, 100_000, &Control::new()).unwrap();
    for n in 0..=100_000 {
        assert_eq!(s.get(n), Some(lasker(n)), "g({n})");
    }
    let report = PeriodReport::of(g.as_code(), s.len(), |n| s.get(n).unwrap()).to_string();
    assert_eq!(
        report,
        "not proved: the values up to 100000 look arithmetic-periodic, g(n + 4) = g(n) + 4 from 1, but the \
         periodicity theorem needs a finite octal code"
    );
}

#[test]
fn repeating_codes_agree_with_two_brute_forces() {
    // Nim is 0.3...; take any number leaving at most two heaps is 0.7...
    assert_eq!(values("octal:0.3...", 300), (0..=300).collect::<Vec<u32>>());
    for (d0, digits, n) in [("4", "3", 150), ("0", "7", 120), ("0", "37", 120), ("4", "06", 120), ("0", "1", 60)] {
        let spec = format!("octal:{d0}.{digits}...");
        let fast = values(&spec, n);
        let game = load(&spec).unwrap();
        assert_eq!(fast, values_by_options(&game, n).unwrap(), "{spec}: every option listed");
        let finite = written_out(d0.chars().next().unwrap(), digits, n);
        assert_eq!(fast, values_by_all_splits(&load(&finite).unwrap(), n).unwrap(), "{spec} as {finite}");
    }
    // Three heaps left, forever: hexadecimal.
    let fast = values("hex:0.F...", 40);
    assert_eq!(fast, values_by_options(&load("hex:0.F...").unwrap(), 40).unwrap());
}

#[test]
fn the_notation_reads_three_ways_and_is_written_one() {
    for text in ["octal:4.3...", "octal:4.3\u{2026}", "octal:4.3\u{307}", "octal:4.333...", " OCTAL:4.3 ... "] {
        assert_eq!(load(text).unwrap().as_code().unwrap().to_string(), "octal:4.3...", "{text}");
    }
    // A repeating 0 is the finite code.
    assert_eq!(load("octal:0.70...").unwrap().as_code().unwrap().to_string(), "octal:0.7");
    for nothing in ["octal:...", "octal:4....", "octal:0....", "octal:4.\u{2026}"] {
        let e = load(nothing).unwrap_err().to_string();
        assert!(e.contains("the last digit after the point repeats forever, and there is none"), "{nothing}: {e}");
    }
    let e = load("octal:0.3.....").unwrap_err().to_string();
    assert!(e.contains("one point"), "{e}");
    // The moves of one heap, from the code alone.
    let g = load("lasker").unwrap();
    assert!(g.is_option(1000, &[]).unwrap() && g.is_option(1000, &[3]).unwrap());
    assert!(g.is_option(1000, &[400, 600]).unwrap() && !g.is_option(1000, &[1, 998]).unwrap());
    assert!(g.has_option(1).unwrap() && !g.has_option(0).unwrap());
    assert_eq!(g.options(4).unwrap(), vec![vec![], vec![1], vec![1, 3], vec![2], vec![2, 2], vec![3]]);
}

#[test]
fn no_period_is_proved_for_a_code_that_repeats() {
    // 0.1...: a move takes a whole heap, of any size: g(n) = 1 from 1 on.
    let s = compute(&load("octal:0.1...").unwrap(), 300, &Control::new()).unwrap();
    assert_eq!(s.values()[1..], vec![1u32; 300][..]);
    assert!(s.proof().is_none());
    let r = PeriodReport::of(s.game().as_code(), s.len(), |n| s.get(n).unwrap());
    assert!(matches!(r, PeriodReport::NoTheorem { apparent: Some((1, 1, 0)), .. }), "{r}");
    assert!(r.to_string().contains("needs a finite octal code"), "{r}");
    let e = compute(&load("lasker").unwrap(), 2_000_000, &Control::new()).unwrap_err().to_string();
    assert!(e.contains("codes whose last digit repeats are computed up to 1000000"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random repeating codes: the fast values equal the code written out
    /// to the heap, by the straightforward mex.
    #[test]
    fn random_repeating_codes_agree_with_the_code_written_out(
        d0 in prop::sample::select(vec!['0', '4']),
        digits in prop::collection::vec(0u8..8, 1..4),
    ) {
        let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        let spec = format!("octal:{d0}.{text}...");
        let fast = values(&spec, 200);
        let finite = written_out(d0, &text, 200);
        prop_assert_eq!(fast, values_by_all_splits(&load(&finite).unwrap(), 200).unwrap(), "{}", spec);
    }
}
