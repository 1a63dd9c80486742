//! The workbench's choice between a formula for g and a statement that
//! holds, its condition, and the paragraph saved by path, driven through
//! the labels a person reads in the real app; the sentences shown are
//! compared with counts computed directly from the table.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use crate::common;
use common::{shows, step_until};

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

/// Replace the text of the text field labelled `label`.
fn type_into(h: &mut Harness<'_, GrundyLabApp>, label: &str, text: &str) {
    let role = if h.query_by_role_and_label(Role::TextInput, label).is_some() {
        Role::TextInput
    } else {
        Role::MultilineTextInput
    };
    h.get_by_role_and_label(role, label).scroll_to_me();
    h.run();
    h.get_by_role_and_label(role, label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_role_and_label(role, label).type_text(text);
    h.run();
}

/// The text of the first widget whose text contains `text`.
fn label_with(h: &Harness<'_, GrundyLabApp>, text: &str) -> String {
    let node = h.query_all_by_label_contains(text).next().unwrap_or_else(|| panic!("nothing shows {text}"));
    let node = node.accesskit_node();
    let text = if node.role() == Role::Label { node.value() } else { node.label() };
    text.expect("a text").to_string()
}

/// Whether `text` has a word of two or more Latin letters (single letters
/// are the variables x, y, g of the mathematics).
fn has_english_word(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphabetic()).any(|w| w.len() >= 2)
}

fn check(h: &mut Harness<'_, GrundyLabApp>, button: &str) -> (u64, u64) {
    click(h, button);
    step_until(h, "the check finishes", |a| !a.state.pieces.is_busy() && a.state.pieces.check_counts().is_some());
    h.run();
    h.state().state.pieces.check_counts().unwrap()
}

#[test]
fn a_statement_on_the_cells_of_a_condition_says_what_was_checked_and_saves_a_paragraph() {
    let n = 64;
    let queen = compute(&preset("queen").unwrap(), n, n, &Control::new()).unwrap();
    let above: Vec<(usize, usize)> = (0..n).flat_map(|y| (0..n).map(move |x| (x, y))).filter(|&(x, y)| x < y).collect();
    let nonzero = above.iter().filter(|&&(x, y)| queen.get(x, y) != 0).count();

    let mut h = harness("English");
    h.run();
    click(&mut h, "a statement that holds at every cell");
    assert!(shows(&h, "Statement about g (true or false at each cell)"), "the box is named for a statement");
    type_into(&mut h, "Statement about g (true or false at each cell)", r#"g == g_of("queen", x, y)"#);
    type_into(&mut h, "Only where", "x < y");
    let (cells, differing) = check(&mut h, "Check on 64 × 64");
    assert_eq!((cells, differing), (above.len() as u64, 0));
    let verdict = format!("The statement is true at every cell checked ({} cells within 0 ≤ x < 64", above.len());
    assert!(shows(&h, &verdict), "{verdict}");
    let left = format!("Left out: {} cells where the condition is false, 0 cells", n * n - above.len());
    assert!(shows(&h, &left), "{left}");

    // A false statement: as many cells as a direct count, the first one named.
    type_into(&mut h, "Statement about g (true or false at each cell)", "g == 0");
    assert!(shows(&h, "The piece or the formula has changed since this check"));
    let (_, differing) = check(&mut h, "Check on 64 × 64");
    assert_eq!(differing, nonzero as u64);
    let fails = format!("it is false at {nonzero} of the {} cells checked", above.len());
    assert!(shows(&h, &fails), "{fails}");
    let (x, y) = above.iter().copied().find(|&(x, y)| queen.get(x, y) != 0).unwrap();
    let first = format!("({x}, {y}): the statement is false (table g = {})", queen.get(x, y));
    assert!(shows(&h, &first), "{first}");

    // The paragraph, saved to a typed path.
    let dir = std::env::temp_dir().join(format!("grundy-lab-statement-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("check.tex");
    type_into(&mut h, "or a file path (.md or .tex):", path.to_str().unwrap());
    click(&mut h, "Save the paragraph to this path");
    assert!(shows(&h, "Saved the paragraph to"), "{}", label_with(&h, "paragraph"));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("\\paragraph{A computer check.}"), "{text}");
    assert!(text.contains("grundy-lab check --rules queen --size 64x64 --where 'x < y' --holds 'g == 0'"), "{text}");
    assert!(text.contains(&format!("it fails at {nonzero} of the {} cells checked", above.len())), "{text}");
    assert!(text.contains("A finite check is evidence, not a proof."), "{text}");
    // Saved again: added after the first, which is kept (a report collects
    // paragraphs).
    click(&mut h, "Save the paragraph to this path");
    assert!(shows(&h, "Added the paragraph to the end of"), "{}", label_with(&h, "paragraph"));
    let both = std::fs::read_to_string(&path).unwrap();
    assert!(both.starts_with(&text) && both.matches("\\paragraph{A computer check.}").count() == 2, "{both}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_statement_and_its_condition_in_japanese() {
    let mut h = harness("Japanese");
    h.run();
    click(&mut h, "すべてのマスで成り立つ命題");
    type_into(&mut h, "g についての命題 (各マスで真か偽)", "(g == 0) == is_wythoff_p(x, y)");
    type_into(&mut h, "調べるマスの条件", "x >= 8 || y >= 8");
    let (cells, differing) = check(&mut h, "64 × 64 で確かめる");
    assert_eq!((cells, differing), (64 * 64 - 64, 0));
    let verdict = label_with(&h, "命題は成り立ちます");
    assert!(verdict.contains("4032 マス"), "{verdict}");
    let left = label_with(&h, "調べなかったマス");
    assert!(left.contains("条件が偽のマス 64 個"), "{left}");
    for text in [verdict, left] {
        assert!(!has_english_word(&text), "English in Japanese mode: {text}");
    }
    // A condition that does not parse is named as the condition's error, in Japanese.
    type_into(&mut h, "調べるマスの条件", "x >=");
    let e = label_with(&h, "条件: ");
    assert!(!has_english_word(&e), "English in Japanese mode: {e}");
}

/// The workbench of a game of four heaps saves its check as a paragraph,
/// in either language (the paragraph itself is in English, for a paper),
/// and the command in it reproduces the check.
#[test]
fn a_check_of_many_heaps_is_saved_as_a_paragraph_from_the_workbench() {
    // Sorted positions of four heaps of 0 to 7 stones in the order of the
    // box (x4 first), those with x1 = x2, and among them those where g = 0
    // is false in Greedy Nim (a brute force of its moves).
    let mut sorted: Vec<[u64; 4]> = (0..8u64)
        .flat_map(|a| (0..=a).flat_map(move |b| (0..=b).flat_map(move |c| (0..=c).map(move |d| [a, b, c, d]))))
        .collect();
    sorted.sort_by_key(|p| [p[3], p[2], p[1], p[0]]);
    let memo = &mut std::collections::HashMap::new();
    let chosen: Vec<&[u64; 4]> = sorted.iter().filter(|p| p[0] == p[1]).collect();
    let failing: Vec<&&[u64; 4]> = chosen.iter().filter(|p| !greedy_p(***p, memo)).collect();
    let (checked, left, fails) = (chosen.len(), sorted.len() - chosen.len(), failing.len());
    let first = format!("({}, {}, {}, {})", failing[0][0], failing[0][1], failing[0][2], failing[0][3]);
    let rules = serde_json::to_string(&preset("greedy-nim-4").unwrap()).unwrap();
    let dir = std::env::temp_dir().join(format!("grundy-lab-heaps-paragraph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (language, button, gives, picture, plane, path_label, save, saved) in [
        (
            "English",
            "Check on 4 heaps of 0 to 7 stones",
            "the statement gives false",
            "Difference picture of the last check",
            "The plane (x1, x2, 0, 0), x1 to the right and x2 down, the other heaps empty",
            "or a file path (.md or .tex):",
            "Save the paragraph to this path",
            "Saved the paragraph to",
        ),
        (
            "Japanese",
            "山 4 個 (それぞれ石 0〜7 個) で確かめる",
            "命題の値は 偽",
            "直前の確認の差の画像",
            "断面 (x1, x2, 0, 0) です。x1 は右へ、x2 は下へ、ほかの山は空で",
            "またはファイルのパス (.md か .tex):",
            "このパスに段落を保存",
            "に保存しました。",
        ),
    ] {
        let saved_state = format!(
            r#"{{"shared":{{"settings":{{"language":"{language}"}}}},"tab":"Pieces","pieces":{{"draft":{rules},"mode":"Program","formula":"g == 0","condition":"x1 == x2","check_mode":"Holds","check_size":8}}}}"#
        );
        let mut h = common::app(saved_state).size([1280.0, 800.0]).build();
        step_until(&mut h, "the preview", |a| a.state.pieces.preview_value(0, 0).is_some());
        h.run();
        // The check runs in the background (a spinner): steps, not `run`.
        h.get_by_label(button).scroll_to_me();
        h.run();
        h.get_by_label(button).click();
        step_until(&mut h, "the check finishes", |a| a.state.pieces.check_counts().is_some());
        h.run();
        assert_eq!(h.state().state.pieces.check_counts(), Some((checked as u64, fails as u64)), "{language}");
        // The difference picture of the plane (x1, x2, 0, 0), with its sentence.
        assert!(h.query_by_label(picture).is_some(), "{language}: the difference picture is there");
        assert!(shows(&h, plane), "{language}: {plane}");
        let line = label_with(&h, &format!("{first}: g = "));
        assert!(line.ends_with(gives), "{language}: the first counterexample says what the statement gave: {line}");
        let path = dir.join(format!("greedy-{language}.md"));
        type_into(&mut h, path_label, path.to_str().unwrap());
        click(&mut h, save);
        assert!(shows(&h, saved), "{language}: {}", label_with(&h, saved));
        let text = std::fs::read_to_string(&path).unwrap();
        for says in [
            "**A computer check.**\nStatement: `g == 0`, on the positions where `x1 == x2`.\n".to_string(),
            "Game: greedy-nim-4, on 4 heaps. Checked on the box 0 <= x_1 < 8, 0 <= x_2 < 8, 0 <= x_3 < 8, 0 <= x_4 < 8, at \
             the sorted positions x_1 >= x_2 >= ... >= x_4 only"
                .to_string(),
            format!("; {checked} positions checked, {left} left out by the condition.\n"),
            format!("it fails at {fails} of the {checked} positions checked. The first counterexamples: {first}"),
            "grundy-lab check --rules greedy-nim-4 --size 8 --where 'x1 == x2' --holds 'g == 0'\n".to_string(),
            "A finite check is evidence, not a proof.\n".to_string(),
        ] {
            assert!(text.contains(&says), "{language}: {says:?} in {text}");
        }
    }
    // The command in the paragraph makes the same check.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_grundy-lab"))
        .args(["check", "--rules", "greedy-nim-4", "--size", "8", "--where", "x1 == x2", "--holds", "g == 0"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains(&format!("fails at {fails} of {checked} sorted positions")), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether `p` (sorted, largest first) is a P-position of Greedy Nim: a
/// move takes stones from a largest heap.
fn greedy_p(p: [u64; 4], memo: &mut std::collections::HashMap<[u64; 4], bool>) -> bool {
    if let Some(&known) = memo.get(&p) {
        return known;
    }
    let p_position = (0..p[0]).all(|k| {
        let mut q = p;
        q[0] = k;
        q.sort_by(|a, b| b.cmp(a));
        !greedy_p(q, memo)
    });
    memo.insert(p, p_position);
    p_position
}
