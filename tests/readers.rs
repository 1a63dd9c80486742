//! Every reader of outside data gets arbitrary bytes and answers with a
//! value or a message, never a panic: rules files, knight designs, the saved
//! settings and formulas.

#![allow(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

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
