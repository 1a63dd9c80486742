//! Every reader of outside data gets arbitrary bytes and answers with a
//! value or a message, never a panic: rules files, knight designs, the saved
//! settings and formulas.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab::conjecture::Formula;
use grundy_lab::knight::Design;
use grundy_lab::rules::{from_json, preset, to_json};
use grundy_lab::ui::AppState;
use proptest::prelude::*;

/// Arbitrary bytes, and valid files with one character replaced, so that
/// the readers see both noise and almost-valid input.
fn inputs() -> impl Strategy<Value = Vec<u8>> {
    let rules = to_json(&preset("queen-t2").unwrap());
    let design = Design::default().to_json();
    let settings = AppState::default().to_saved();
    let seeds = [rules, design, settings];
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..300),
        (0..seeds.len(), any::<prop::sample::Index>(), any::<u8>()).prop_map(move |(i, at, b)| {
            let mut bytes = seeds[i].clone().into_bytes();
            let k = at.index(bytes.len());
            bytes[k] = b;
            bytes
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn readers_answer_every_input_with_a_value_or_a_message(bytes in inputs()) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(r) = from_json(&text) {
            prop_assert!(r.validate().is_ok(), "a rules file that reads is valid");
        }
        let _ = Design::from_bytes(&bytes);
        let (state, warning) = AppState::from_saved(Some(&text));
        if warning.is_none() {
            prop_assert!(state.shared.rules.validate().is_ok());
        }
        if let Ok(f) = Formula::compile(&text) {
            for (x, y) in [(0, 0), (3, 5), (1_000_000, 7)] {
                let _ = f.eval(x, y);
            }
        }
    }
}

/// A UTF-8 byte-order mark at the start of a file, as some editors save it,
/// changes nothing: rules files, programs and the saved settings read as
/// without it.
#[test]
fn a_leading_byte_order_mark_changes_nothing() {
    use grundy_lab::rules::{EXAMPLE_PROGRAMS, Program};
    let dir = std::env::temp_dir().join(format!("grundy-lab-readers-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let read_with_mark = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
        grundy_lab::fsutil::read_text(&path, 1 << 20).unwrap()
    };
    let rules = to_json(&preset("queen-t2").unwrap());
    assert_eq!(from_json(&read_with_mark("r.json", &rules)).unwrap(), preset("queen-t2").unwrap());
    assert_eq!(from_json(&format!("\u{feff}{rules}")).unwrap(), preset("queen-t2").unwrap());
    let source = EXAMPLE_PROGRAMS[0].source;
    assert_eq!(Program::new(&read_with_mark("p.rhai", source)).unwrap(), Program::new(source).unwrap());
    assert_eq!(Program::new(&format!("\u{feff}{source}")).unwrap(), Program::new(source).unwrap());
    let settings = AppState::default().to_saved();
    let (_, warning) = AppState::from_saved(Some(&read_with_mark("settings.json", &settings)));
    assert_eq!(warning, None);
    std::fs::remove_dir_all(&dir).unwrap();
}
