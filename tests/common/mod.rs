//! Helpers every UI test file shares: stepping the real app until something
//! holds, and looking for text a person reads.

// Each test file compiles this module on its own and uses only some of it.
#![allow(dead_code, reason = "each test file uses only some of these helpers")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::ui::GrundyLabApp;
use std::time::{Duration, Instant};

/// Step until `done` holds; fail after 120 s (a slow machine needs more
/// frames, never a different answer).
pub fn step_until(h: &mut Harness<'_, GrundyLabApp>, what: &str, done: impl Fn(&GrundyLabApp) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        if done(h.state()) {
            return;
        }
        h.step();
        // Let the background jobs run between frames.
        std::thread::yield_now();
    }
    panic!("{what}: did not happen within the deadline");
}

/// Whether some widget's label contains `text`.
pub fn shows(h: &Harness<'_, GrundyLabApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}
