//! Proofs by automata (src/proof, docs/math.md §8): the theorems the app
//! proves, each checked against the engine's table, and the guards that
//! keep a guess from being called a proof.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::control::Control;
use grundy_lab_core::grundy::{Table, compute_box};
use grundy_lab_core::proof::prove::{Outcome, Verdict, is_wythoff_p};
use grundy_lab_core::proof::session::{self, Report, Request};
use grundy_lab_core::proof::{Automaton, Limits, Numeration, Prover};
use grundy_lab_core::rules::{Rules, preset};

const SIDE: usize = 2000;

fn table(rules: &Rules, side: usize) -> Table {
    compute_box(rules, [side, side, 1], &Control::new()).unwrap()
}

fn prove(rules: &Rules, numeration: Numeration, statement: Option<&str>) -> Report {
    let request =
        Request { statement: statement.map(str::to_string), numeration, side: None, limits: Limits::default() };
    session::prove(rules, &request, &Control::new()).unwrap()
}

/// The automaton's set equals the table's cells where `in_set` holds, on
/// the whole box.
fn agrees_with_table(a: &Automaton, t: &Table, side: usize, in_set: impl Fn(u32) -> bool) {
    let mut n = 0u64;
    let whole = a.each_below(side as u64, |p, accepted| {
        n += 1;
        assert_eq!(accepted, in_set(t.get(p[0] as usize, p[1] as usize)), "at {p:?}");
        true
    });
    assert!(whole);
    assert_eq!(n, (side * side) as u64, "every cell of the box was compared");
}

fn set<'a>(r: &'a Report, name: &str) -> &'a Automaton {
    &r.sets.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no set {name} in {:?}", r.sets)).1
}

#[test]
fn wythoffs_theorem_in_fibonacci_numeration() {
    let queen = preset("queen").unwrap();
    let r = prove(&queen, Numeration::Fibonacci, Some("A x,y P(x,y) <=> W(x,y)"));
    assert!(matches!(r.verdict, Verdict::Proved { .. }), "{:?}", r.verdict);
    let t = table(&queen, SIDE);
    agrees_with_table(set(&r, "G0"), &t, SIDE, |v| v == 0);
    // W is proved from Wythoff's formula, independently of the table.
    set(&r, "W").each_below(3000, |p, accepted| {
        assert_eq!(accepted, is_wythoff_p(p[0], p[1]), "W at {p:?}");
        true
    });
    // Fraenkel: 8 states read the P-positions (the dead state included).
    assert_eq!(set(&r, "G0").states(), 8);
}

#[test]
fn every_x_lies_in_exactly_one_p_position() {
    let queen = preset("queen").unwrap();
    let r = prove(&queen, Numeration::Fibonacci, Some("(A x E y P(x,y)) & (A x,y,z (P(x,y) & P(x,z)) => y = z)"));
    assert!(matches!(r.verdict, Verdict::Proved { .. }), "{:?}", r.verdict);
}

#[test]
fn a_false_statement_is_refuted_with_its_least_counterexample() {
    let queen = preset("queen").unwrap();
    let r = prove(&queen, Numeration::Fibonacci, Some("A x,y P(x,y) => x <= y"));
    let Verdict::Refuted { counterexample, .. } = &r.verdict else { panic!("{:?}", r.verdict) };
    let c: Vec<u64> = counterexample.iter().map(|(_, v)| *v).collect();
    assert_eq!(c, [2, 1]);
    let t = table(&queen, 64);
    assert!(t.is_p(2, 1) && 2 > 1, "the counterexample is a P-position with x > y");
    // And it is the least: no (x, y) with x < 2 fails.
    for x in 0..2 {
        for y in 0..64 {
            assert!(!t.is_p(x, y) || x <= y);
        }
    }
}

/// arXiv 2510.11767: with the terminal set x + y <= 2, for x >= 8 or y >= 8
/// the value is 1 exactly at Wythoff's P-positions; the bound 8 is sharp.
#[test]
fn the_terminal_triangle_theorem_and_its_sharpness() {
    let t2 = preset("queen-t2").unwrap();
    let r = prove(&t2, Numeration::Fibonacci, Some("A x,y (x >= 8 | y >= 8) => (G(1,x,y) <=> W(x,y))"));
    assert!(matches!(r.verdict, Verdict::Proved { .. }), "{:?}", r.verdict);
    let t = table(&t2, SIDE);
    agrees_with_table(set(&r, "G0"), &t, SIDE, |v| v == 0);
    agrees_with_table(set(&r, "G1"), &t, SIDE, |v| v == 1);
    let r7 = prove(&t2, Numeration::Fibonacci, Some("A x,y (x >= 7 | y >= 7) => (G(1,x,y) <=> W(x,y))"));
    let Verdict::Refuted { counterexample, .. } = &r7.verdict else { panic!("{:?}", r7.verdict) };
    let (x, y) = (counterexample[0].1, counterexample[1].1);
    assert_eq!((x, y), (4, 7));
    assert!(x >= 7 || y >= 7);
    assert_ne!(t.get(x as usize, y as usize) == 1, is_wythoff_p(x, y), "the table confirms the counterexample");
}

#[test]
fn misere_wythoff() {
    let queen = preset("queen").unwrap().misere();
    let r = prove(&queen, Numeration::Fibonacci, Some("A x,y (x > 2 | y > 2) => (P(x,y) <=> W(x,y))"));
    assert!(matches!(r.verdict, Verdict::Proved { .. }), "{:?}", r.verdict);
    let t = table(&queen, SIDE);
    agrees_with_table(set(&r, "P"), &t, SIDE, |v| v == 0);
    // Below 3 the two differ: (0, 1) and (2, 2) are misère P-positions.
    let r = prove(&queen, Numeration::Fibonacci, Some("A x,y P(x,y) <=> W(x,y)"));
    let Verdict::Refuted { counterexample, .. } = &r.verdict else { panic!("{:?}", r.verdict) };
    assert_eq!(counterexample.iter().map(|c| c.1).collect::<Vec<_>>(), [0, 0]);
}

#[test]
fn nim_and_ryuoh_in_base_two() {
    let nim = preset("nim").unwrap();
    let r = prove(&nim, Numeration::Base(2), Some("A x,y P(x,y) <=> x = y"));
    assert!(matches!(r.verdict, Verdict::Proved { .. }), "{:?}", r.verdict);
    agrees_with_table(set(&r, "G0"), &table(&nim, SIDE), SIDE, |v| v == 0);
    let ryuoh = preset("ryuoh:4").unwrap();
    let r = prove(
        &ryuoh,
        Numeration::Base(2),
        Some("A x,y P(x,y) <=> (E q,r,s x = 4*q + r & y = 4*q + s & r < 4 & s < 4 & (r + s = 0 | r + s = 4))"),
    );
    assert!(matches!(r.verdict, Verdict::Proved { .. }), "{:?}", r.verdict);
    agrees_with_table(set(&r, "G0"), &table(&ryuoh, SIDE), SIDE, |v| v == 0);
}

/// A game whose P-positions are not automatic in the numeration asked is
/// never called proved: Wythoff's in base 2.
#[test]
fn no_automaton_is_not_a_proof() {
    let queen = preset("queen").unwrap();
    let r = prove(&queen, Numeration::Base(2), None);
    assert!(r.no_automaton(), "{:?}", r.verdict);
    let r = prove(&queen, Numeration::Base(2), Some("A x,y P(x,y) => x + y >= 0"));
    assert!(matches!(r.verdict, Verdict::NotProved { .. }), "{:?}", r.verdict);
}

/// The proof reads the moves from the rules, not from the table: with one
/// slide removed from the moves' formula the queen's table no longer
/// proves anything.
#[test]
fn a_rule_broken_on_purpose_breaks_the_proof() {
    let queen = preset("queen").unwrap();
    let t = table(&queen, 600);
    let value = |p: &[u64]| t.get(p[0] as usize, p[1] as usize);
    let control = Control::new();
    let mut game = session::game_of(&queen).unwrap();
    game.slides.retain(|o| *o != [1, 1, 0]);
    let mut prover = Prover::new(game, Numeration::Fibonacci, Limits::default(), &value, 600, &control).unwrap();
    let why = prover.prove_values(0).unwrap();
    assert!(matches!(why, Some(Outcome::GuessFails { .. })), "{why:?}");
    // The intact rules prove it from the same table.
    let game = session::game_of(&queen).unwrap();
    let mut prover = Prover::new(game, Numeration::Fibonacci, Limits::default(), &value, 600, &control).unwrap();
    assert_eq!(prover.prove_values(0).unwrap(), None);
}

#[test]
fn what_cannot_be_said_is_refused_with_why() {
    let kayles = Rules::take_and_break("kayles", "octal:0.77");
    for r in [kayles, preset("queen+pass").unwrap(), preset("imitation-nim").unwrap()] {
        let spec = r.label();
        let e = session::game_of(&r).unwrap_err().to_string();
        assert!(e.contains("cannot be written as a formula"), "{spec}: {e}");
    }
}
