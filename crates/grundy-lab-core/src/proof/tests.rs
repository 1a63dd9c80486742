//! The operations of automata (∧ ∨ ¬ ∃, constants, multiplication by a
//! constant, congruences, the least witness) against brute force, through
//! the formulas that use them, in several numerations.

use super::formula::{Compiler, NoPredicates, parse};
use super::{Automaton, Limits, Numeration};

const ALL: [Numeration; 4] = [Numeration::Fibonacci, Numeration::Base(2), Numeration::Base(3), Numeration::Base(10)];

fn compile(num: Numeration, text: &str) -> Automaton {
    let limits = Limits::default();
    let f = parse(text).unwrap_or_else(|e| panic!("{text}: {e}")).formula;
    Compiler::new(num, &NoPredicates, &limits).compile(&f).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn one(num: Numeration, text: &str, truth: impl Fn(u64) -> bool) {
    let a = compile(num, text);
    assert_eq!(a.tracks(), ["x"], "{text}");
    for n in 0..3000 {
        assert_eq!(a.contains(&[n]), truth(n), "{num}: {text} at x = {n}");
    }
}

fn two(num: Numeration, text: &str, truth: impl Fn(u64, u64) -> bool) {
    let a = compile(num, text)
        .with_tracks(&["x".to_string(), "y".to_string()], &Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    for x in 0..150 {
        for y in 0..150 {
            assert_eq!(a.contains(&[x, y]), truth(x, y), "{num}: {text} at ({x}, {y})");
        }
    }
}

#[test]
fn projection_gives_multiples_and_congruences() {
    for num in ALL {
        one(num, "E y x = 2*y", |n| n % 2 == 0);
        one(num, "E q x = 3*q + 1", |n| n % 3 == 1);
        one(num, "E q x = 7*q + 5", |n| n % 7 == 5);
        one(num, "E y (y = x + 5)", |_| true);
        one(num, "E y (y > x & y < 3)", |n| n < 2);
        one(num, "E y,z (y + z = x & y = z)", |n| n % 2 == 0);
    }
}

#[test]
fn boolean_operations_and_universal_quantifiers() {
    for num in ALL {
        two(num, "~(x < y)", |x, y| x >= y);
        two(num, "x < y | y < x", |x, y| x != y);
        two(num, "x <= y & y <= x", |x, y| x == y);
        two(num, "x < y => y < 10", |x, y| x >= y || y < 10);
        two(num, "x < 5 <=> y < 7", |x, y| (x < 5) == (y < 7));
        two(num, "E z x + z = y", |x, y| x <= y);
        two(num, "y = 5*x", |x, y| y == 5 * x);
        two(num, "x - y = 3", |x, y| x >= y && x - y == 3);
        two(num, "A z (z < x => z < y)", |x, y| x <= y);
        one(num, "A y (y < x => E z y + z = x)", |_| true);
        one(num, "x = x + 0 & x != 7", |n| n != 7);
    }
}

#[test]
fn sentences_are_decided() {
    for num in ALL {
        assert!(compile(num, "A x E y y > x").is_true());
        assert!(!compile(num, "E x A y y <= x").is_true());
        assert!(compile(num, "A x,y x + y = y + x").is_true());
        assert!(compile(num, "A x (E q x = 2*q) | (E q x = 2*q + 1)").is_true());
        assert!(!compile(num, "E x x + 1 = 0").is_true());
    }
}

#[test]
fn the_least_witness_is_the_least() {
    let limits = Limits::default();
    for num in ALL {
        let a = compile(num, "x > 100 & E q x = 7*q");
        assert_eq!(a.least(&limits), Ok(Some(vec![105])), "{num}");
        let b = compile(num, "x + y = 10 & x > y")
            .with_tracks(&["x".into(), "y".into()], &limits)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(b.least(&limits), Ok(Some(vec![6, 4])), "{num}");
        let c = compile(num, "x < x");
        assert_eq!(c.least(&limits), Ok(None), "{num}");
        let big = compile(num, "x = 1000000007");
        assert_eq!(big.least(&limits), Ok(Some(vec![1_000_000_007])), "{num}");
    }
}

#[test]
fn limits_refuse_with_their_name() {
    let limits = Limits { max_states: 20, max_letters: 1 << 16 };
    let f = parse("E q x = 997*q + 5").unwrap_or_else(|e| panic!("{e}")).formula;
    let e = Compiler::new(Numeration::Base(2), &NoPredicates, &limits).compile(&f).err();
    assert!(matches!(e, Some(super::ProofError::TooManyStates { limit: 20 })), "{e:?}");
    assert!(e.map(|e| e.to_string()).unwrap_or_default().contains("limit of states"));
}

#[test]
fn bad_statements_say_where() {
    for (text, at) in [("A x,y P(x,y) <=", 13), ("x * y = 2", 6), ("E 3 x = 1", 2), ("x # 1", 2)] {
        match parse(text) {
            Err(super::ProofError::Syntax { at: a, .. }) => assert_eq!(a, at, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn automata_of_one_set_are_equal_however_built() {
    let xy = ["x".to_string(), "y".to_string()];
    let over_xy = |num, text| compile(num, text).with_tracks(&xy, &Limits::default()).unwrap_or_else(|e| panic!("{e}"));
    for num in ALL {
        assert_eq!(over_xy(num, "x < y"), over_xy(num, "~(y <= x)"), "{num}");
        assert_eq!(over_xy(num, "E z x + z = y"), over_xy(num, "x <= y"), "{num}");
        assert_ne!(over_xy(num, "x < y"), over_xy(num, "x <= y"), "{num}");
        // The same set over the tracks in another order is another automaton.
        assert_ne!(
            compile(num, "x < y").with_tracks(&["y".into(), "x".into()], &Limits::default()),
            Ok(over_xy(num, "x < y"))
        );
    }
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    for text in ["(".repeat(5000) + "x = 1", "~".repeat(5000) + "x = 1", "(".repeat(5000) + "x) = 1"] {
        match parse(&text) {
            Err(super::ProofError::Syntax { message, .. }) => assert!(message.contains("nested"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
    assert!(parse(&format!("{}x = 1{}", "(".repeat(50), ")".repeat(50))).is_ok());
}
