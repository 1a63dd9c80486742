//! What the Play and Pieces tabs say agrees with the screen: the
//! three-heap computer plays Nim by XOR at any size, heap C is set and
//! clicked like A and B, misère Nim says when its rule flips, counts are
//! worded in the singular, the banner names the piece, a formula may use
//! the piece's parameter p, and the Pieces tab in Japanese has no English.

use crate::common;

use common::{app, shows, step_until};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::rules::preset;
use grundy_lab::ui::GrundyLabApp;

/// The app in `language` on `tab`, with `rules` as the game and more of
/// the saved state in `extra` (`"play":{...}` or `"pieces":{...}`).
fn harness(language: &str, tab: &str, rules: &str, extra: &str) -> Harness<'static, GrundyLabApp> {
    let rules = serde_json::to_string(&preset(rules).expect("a preset")).expect("rules as JSON");
    let saved = format!(
        r#"{{"shared":{{"settings":{{"language":"{language}"}},"rules":{rules}}},"tab":"{tab}"{}{extra}}}"#,
        if extra.is_empty() { "" } else { "," }
    );
    // 1280 x 800, a projector's size: Japanese texts wrap there.
    let size = if language == "Japanese" { [1280.0, 800.0] } else { [1920.0, 1080.0] };
    let mut h = app(saved).size(size).build();
    h.run();
    h
}

/// Every text shown (a widget's label or value) that contains `part`.
fn labels_with(h: &Harness<'_, GrundyLabApp>, part: &str) -> Vec<String> {
    let mut out = Vec::new();
    for node in h.root().children_recursive() {
        let n = node.accesskit_node();
        out.extend(n.label().into_iter().chain(n.value()).filter(|t| t.contains(part)));
    }
    out
}

fn type_into(h: &mut Harness<'_, GrundyLabApp>, field: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, field).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, field).type_text(text);
    h.run();
}

/// Three-heap Nim from heaps a class types (10^12, 3·10^11 and 7, heap C
/// typed like A and B): a click on a stone of heap C takes it and the
/// stones above, and Computer (perfect) answers by XOR, leaving nim-sum 0
/// and saying so; the banner offers no pass the rules do not have.
#[test]
fn three_heap_nim_is_played_by_xor_at_a_huge_size_with_heap_c_typed_and_clicked() {
    let play = r#""play":{"options":{"computer_delay":0.0}}"#;
    let mut h = harness("English", "Play", "nim-3", play);
    type_into(&mut h, "Pile A", "1000000000000");
    type_into(&mut h, "Pile B", "300000000000");
    type_into(&mut h, "Pile C", "7");
    h.get_by_label("Start with these piles").click();
    h.run();
    let start = h.state().state.play.heaps().expect("a heap game").state().position;
    assert_eq!(start[..3], [1_000_000_000_000, 300_000_000_000, 7]);
    let banner = labels_with(&h, "Your turn");
    assert!(!banner.is_empty() && banner.iter().all(|b| !b.contains("pass")), "{banner:?}");
    // Stone 3 of heap C: it and the four above go, two stay.
    h.get_by_label("Heap C, stone 3").click();
    step_until(&mut h, "the computer answers", |a| a.state.play.heaps().is_some_and(|g| g.history().len() == 2));
    h.run();
    let g = h.state().state.play.heaps().unwrap();
    assert_eq!(
        g.history().played()[0].by_move,
        grundy_lab::play::HeapMove::To(grundy_lab::rules::point_of([1_000_000_000_000, 300_000_000_000, 2]))
    );
    let p = g.state().position;
    assert_eq!(p[0] ^ p[1] ^ p[2], 0, "the perfect computer leaves nim-sum 0 at {p:?}");
    assert!(shows(&h, "has nim-sum 0, a P-position (Bouton's rule)"));
    assert!(!shows(&h, "a random move"), "no random move and no word of one");
}

/// Heap C is not offered for games of two heaps.
#[test]
fn heap_c_is_offered_only_with_three_heaps() {
    let h = harness("English", "Play", "queen", "");
    assert!(h.query_by_role_and_label(Role::TextInput, "Pile B").is_some());
    assert!(h.query_by_role_and_label(Role::TextInput, "Pile C").is_none());
}

/// Misère Nim says which rule decides: the nim-sum while a heap has two
/// stones or more, and the flipped rule once every heap has at most one,
/// so "nim-sum = 1" and "a P-position" no longer contradict each other.
#[test]
fn misere_nim_says_when_and_why_the_rule_flips() {
    let nim = |heaps: &str| {
        format!(
            r#""play":{{"options":{{"mode":"Nim","nim_heaps":[{heaps}],"nim_misere":true,"show_hints":true,"computer_delay":0.0}}}}"#
        )
    };
    let h = harness("English", "Play", "queen", &nim("1, 1, 1"));
    assert!(shows(&h, "nim-sum: 1 XOR 1 XOR 1 = 1"));
    assert!(shows(&h, "every heap has at most one stone: the rule flips"));
    assert!(shows(&h, "here 3 heaps have one stone"));
    assert!(shows(&h, "This is a P-position of misère Nim"));
    assert!(!shows(&h, "every move loses against best play"), "not the normal-play sentence");

    let h = harness("English", "Play", "queen", &nim("3, 4, 5"));
    assert!(shows(&h, "while some heap has two stones or more, the nim-sum decides as in normal play"));
    assert!(!shows(&h, "the rule flips. Now"));
}

/// The computer leaves one heap of one stone: said in the singular.
#[test]
fn one_heap_of_one_stone_is_singular() {
    let play = r#""play":{"options":{"mode":"Nim","nim_heaps":[2],"nim_misere":true,"human_starts":false,"computer_delay":0.0}}"#;
    let mut h = harness("English", "Play", "queen", play);
    step_until(&mut h, "the computer moves", |a| a.state.play.nim().is_some_and(|g| g.history().len() == 1));
    h.run();
    assert_eq!(h.state().state.play.nim().unwrap().heaps(), &[1]);
    assert!(shows(&h, "One heap of one stone is left"));
    assert!(!shows(&h, "1 heaps"));
}

/// The banner names the piece on the board: the king, not the queen.
#[test]
fn the_banner_names_the_king() {
    let h = harness("English", "Play", "king", "");
    let banner = labels_with(&h, "Your turn");
    assert!(banner.iter().any(|b| b.contains("King")), "{banner:?}");
    assert!(banner.iter().all(|b| !b.to_lowercase().contains("queen")), "{banner:?}");
    let h = harness("Japanese", "Play", "king", "");
    assert!(!labels_with(&h, "駒「玉将」").is_empty());
}

/// The formula of the parameter-p piece, written with p, is read with
/// the p of ryuoh:4 and holds on the whole board checked.
#[test]
fn the_workbench_knows_p_of_the_parameter_p_piece() {
    let draft = serde_json::to_string(&preset("ryuoh:4").unwrap()).unwrap();
    let pieces = format!(r#""pieces":{{"draft":{draft},"formula":"mod(x+y,p)+p*((x/p)^(y/p))","check_size":32}}"#);
    let mut h = harness("English", "Pieces", "ryuoh:4", &pieces);
    assert!(!shows(&h, "Undefined variable"));
    assert!(shows(&h, "The formula reads correctly."));
    assert!(shows(&h, "p = 4"));
    h.get_by_label("Check on 32 × 32").click();
    step_until(&mut h, "the check ends", |a| a.state.pieces.check_counts().is_some());
    assert_eq!(h.state().state.pieces.check_counts(), Some((32 * 32, 0)));

    // The queen has no p: the same formula is refused.
    let pieces = r#""pieces":{"formula":"mod(x+y,p)+p*((x/p)^(y/p))"}"#;
    let h = harness("English", "Pieces", "queen", pieces);
    assert!(!shows(&h, "The formula reads correctly."));
}

/// The words of ASCII letters a Japanese screen may show: formula
/// identifiers and the names of things that are written in letters in
/// Japanese too.
const ALLOWED_WORDS: &[&str] = &[
    "x", "y", "z", "p", "g", "n", "t", "s", "dx", "dy", "dz", "P", "N", "XOR", "mod", "floor", "Ctrl", "Z", "Y",
    "json", "rhai", "English", // The zoom buttons A− and A+.
    "A",
    // The statements of proofs (Walnut's syntax): its quantifier E, the
    // predicates W, G and M, the variables k, u, v, and Walnut, a program
    // written in letters in Japanese too.
    "E", "W", "G", "M", "k", "u", "v", "Walnut",
];

/// Every word of ASCII letters on the screen that is not allowed.
fn english_words(h: &Harness<'_, GrundyLabApp>) -> Vec<String> {
    let mut out = Vec::new();
    for node in h.root().children_recursive() {
        let n = node.accesskit_node();
        for text in n.label().into_iter().chain(n.value()) {
            for word in text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty()) {
                if !ALLOWED_WORDS.contains(&word) {
                    out.push(format!("{word:?} in {text:?}"));
                }
            }
        }
    }
    out
}

/// The Pieces tab in Japanese, with the queen, ryuoh:4 and a three-heap
/// piece loaded by its buttons: names, descriptions and every other text
/// are Japanese, and the move matrix is 動きの行列 everywhere.
#[test]
fn the_pieces_tab_in_japanese_has_no_english_words() {
    let mut h = harness("Japanese", "Pieces", "queen", "");
    assert!(!labels_with(&h, "ワイソフのゲーム").is_empty(), "the queen's name and description in Japanese");
    let bad = english_words(&h);
    assert!(bad.is_empty(), "English in the Japanese Pieces tab:\n{}", bad.join("\n"));
    assert!(h.query_by_label("移動行列").is_none());
    assert_eq!(h.query_all_by_label("動きの行列").count(), 2, "the mode button and the heading");
    h.get_by_label("パラメータ p の龍王").click();
    h.run();
    assert_eq!(h.state().state.pieces.draft.name, "ryuoh:4");
    let bad = english_words(&h);
    assert!(bad.is_empty(), "English with ryuoh:4:\n{}", bad.join("\n"));
    assert!(shows(&h, "パラメータ p の龍王 (p = 4)"));
}
