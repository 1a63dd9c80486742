//! "Prove for every position" in the workbench, driven through the labels
//! a person reads: Wythoff's theorem proved, a false statement refuted
//! with its least counterexample (checked in the table) and shown on the
//! map, a statement that cannot be read named as such, and the sentences
//! in Japanese.

use crate::common;
use common::{shows, step_until_shows};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use grundy_lab::Control;
use grundy_lab::grundy::compute;
use grundy_lab::rules::preset;
use grundy_lab::ui::GrundyLabApp;

fn harness(language: &str) -> Harness<'static, GrundyLabApp> {
    common::app(format!(r#"{{"shared":{{"settings":{{"language":"{language}"}}}},"tab":"Pieces"}}"#)).build()
}

fn click(h: &mut Harness<'_, GrundyLabApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

fn type_statement(h: &mut Harness<'_, GrundyLabApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

/// The text of the first widget whose text contains `text`.
fn label_with(h: &Harness<'_, GrundyLabApp>, text: &str) -> String {
    let node = h.query_all_by_label_contains(text).next().unwrap_or_else(|| panic!("nothing shows {text}"));
    let node = node.accesskit_node();
    let text = if node.role() == Role::Label { node.value() } else { node.label() };
    text.expect("a text").to_string()
}

#[test]
fn wythoffs_theorem_is_proved_and_a_false_statement_refuted_in_the_workbench() {
    let mut h = harness("English");
    h.run();
    assert!(shows(&h, "Prove for every position"));
    type_statement(&mut h, "Statement", "A x,y P(x,y) <=> W(x,y)");
    click(&mut h, "Prove");
    step_until_shows(&mut h, "Proved for every position");
    assert_eq!(label_with(&h, "Proved for every position"), "Proved for every position: (A x,y ($P(x,y) <=> $W(x,y)))");
    assert!(shows(&h, "Why this is a proof: every move lowers x + y"));
    assert!(shows(&h, "The automaton of G0: 8 states"), "Fraenkel's automaton, the dead state included");

    type_statement(&mut h, "Statement", "A x,y P(x,y) => x <= y");
    click(&mut h, "Prove");
    step_until_shows(&mut h, "Refuted");
    assert_eq!(
        label_with(&h, "Refuted"),
        "Refuted: (A x,y ($P(x,y) => x<=y)). The least counterexample: x = 2, y = 1."
    );
    let table = compute(&preset("queen").unwrap(), 8, 8, &Control::new()).unwrap();
    assert!(table.is_p(2, 1), "the counterexample is a P-position with x > y");
    assert!((0..8).all(|y| (0..2).all(|x| !table.is_p(x, y) || x <= y)), "and the least one");
    click(&mut h, "Show (2, 1) on the map");
    h.run();
    assert_eq!(h.state().state.tab, grundy_lab::ui::tabs::Tab::Map, "the map shows the counterexample");
}

#[test]
fn a_statement_that_cannot_be_read_says_where() {
    let mut h = harness("English");
    h.run();
    type_statement(&mut h, "Statement", "A x P(x");
    click(&mut h, "Prove");
    step_until_shows(&mut h, "The proof could not run");
    assert_eq!(
        label_with(&h, "The proof could not run"),
        "The proof could not run: the statement cannot be read at character 8"
    );
}

#[test]
fn the_proof_speaks_japanese() {
    let mut h = harness("Japanese");
    h.run();
    assert!(shows(&h, "すべての局面について証明する"));
    click(&mut h, "証明する");
    step_until_shows(&mut h, "証明しました");
    let text = label_with(&h, "証明しました");
    assert!(text.contains("のP局面は") && text.contains("8 状態のオートマトン"), "{text}");
    assert!(text.contains("フィボナッチ (ゼッケンドルフ)"), "{text}");
    let english = text.split(|c: char| !c.is_ascii_alphabetic()).find(|w| w.len() >= 2);
    assert_eq!(english, None, "English in Japanese mode: {text}");
    assert!(shows(&h, "証明である理由"));
}

/// The proof section after Wythoff's theorem, at the three sizes of a
/// classroom, in both languages, normal and Presentation, to look at
/// (`target/prove-shots/`). Run by hand:
/// `cargo test --test app -- --ignored prove_screenshots`.
#[test]
#[ignore = "writes screenshots to look at"]
fn prove_screenshots() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("prove-shots");
    std::fs::create_dir_all(&dir).unwrap();
    for (language, statement, button, done) in [
        ("English", "Statement", "Prove", "Proved for every position"),
        ("Japanese", "命題", "証明する", "すべての局面について証明しました"),
    ] {
        for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
            for presentation in [false, true] {
                let saved = format!(r#"{{"shared":{{"settings":{{"language":"{language}"}}}},"tab":"Pieces"}}"#);
                let mut h = common::app(saved).size(size).presentation(presentation).wgpu().build();
                h.run();
                let title = if language == "English" {
                    "Prove for every position"
                } else {
                    "すべての局面について証明する"
                };
                click(&mut h, title);
                type_statement(&mut h, statement, "A x,y P(x,y) <=> W(x,y)");
                click(&mut h, button);
                step_until_shows(&mut h, done);
                h.get_by_label_contains(done).scroll_to_me();
                h.event(egui::Event::PointerGone);
                h.run_steps(4);
                let name =
                    format!("{language}-{}x{}-{}.png", size[0], size[1], if presentation { "pres" } else { "normal" });
                h.render().unwrap().save(dir.join(name)).unwrap();
            }
        }
    }
}
