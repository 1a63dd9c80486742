//! `quotient` on the command line: the misère quotient of a take-and-break
//! game, how it is known, and what it refuses.

use crate::common::run_cli as run;

#[test]
fn misere_nim_of_small_heaps_has_its_six_element_quotient_proved() {
    // Take 1 to 3 stones (Nim of heaps up to 3) in misère play: a row is
    // told by the parity of its ones without a larger heap, by its nim-sum
    // with one (Bouton).
    let out = run(&["quotient", "--rules", "subtraction:1,2,3", "--up-to", "3", "--table"]).unwrap();
    assert!(out.starts_with("misère quotient of subtraction:1,2,3"), "{out}");
    assert!(out.contains("6 elements, 2 in the P-portion"), "{out}");
    assert!(out.lines().nth(1).unwrap().starts_with("proved"), "{out}");
    // The heap of one is P alone and its own inverse; two heaps of two are P.
    assert!(out.contains("\ne1,1,P\n") && out.contains("\ne4,2+2,P\n"), "{out}");
    assert!(out.contains("\nheap,class\n1,e1\n2,e2\n3,e3\n"), "{out}");
    assert!(out.contains("\nP-portion: e1, e4\n"), "{out}");
    assert!(out.contains("\ne1,e1,e0,"), "{out}");
}

#[test]
fn dawson_s_kayles_quotient_is_proved_and_what_is_not_a_row_is_refused() {
    let out = run(&["quotient", "--rules", "octal:0.07", "--up-to", "10"]).unwrap();
    assert!(out.lines().nth(1).unwrap().starts_with("proved"), "{out}");
    let e = run(&["quotient", "--rules", "queen", "--up-to", "5"]).unwrap_err();
    assert!(e.contains("computed for take-and-break games"), "{e}");
    let e = run(&["quotient", "--rules", "kayles", "--up-to", "0"]).unwrap_err();
    assert!(e.contains("1 to 200 stones"), "{e}");
    let e = run(&["quotient", "--rules", "kayles+pass", "--up-to", "5"]).unwrap_err();
    assert!(!e.is_empty());
}
