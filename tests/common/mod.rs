//! Helpers every UI test file shares: stepping the real app until something
//! holds, and looking for text a person reads.

// Each test file compiles this module on its own and uses only some of it.
#![allow(dead_code, reason = "each test file uses only some of these helpers")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::ui::GrundyLabApp;
use std::time::{Duration, Instant};

/// Step until `done` holds; fail after 120 s (a slow machine needs more
/// frames, never a different answer). On failure the screen is saved as
/// `target/step_until/<what>.png`, so the reason can be seen.
pub fn step_until(h: &mut Harness<'_, GrundyLabApp>, what: &str, done: impl Fn(&GrundyLabApp) -> bool) {
    step_until_within(h, what, Duration::from_secs(120), done);
}

/// [`step_until`] with another deadline.
pub fn step_until_within(
    h: &mut Harness<'_, GrundyLabApp>,
    what: &str,
    limit: Duration,
    done: impl Fn(&GrundyLabApp) -> bool,
) {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if done(h.state()) {
            return;
        }
        h.step();
        // Let the background jobs run between frames.
        std::thread::yield_now();
    }
    let saved = save_screen(h, what);
    panic!("{what}: did not happen within the deadline; the screen: {saved}");
}

/// Save what the harness shows as `target/step_until/<what>.png`; says
/// where, or why it could not.
fn save_screen(h: &mut Harness<'_, GrundyLabApp>, what: &str) -> String {
    let name: String = what.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("step_until");
    let path = dir.join(format!("{name}.png"));
    let image = match h.render() {
        Ok(image) => image,
        Err(e) => return format!("not rendered ({e})"),
    };
    match std::fs::create_dir_all(&dir)
        .map_err(|e| e.to_string())
        .and_then(|()| image.save(&path).map_err(|e| e.to_string()))
    {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("not saved ({e})"),
    }
}

/// Whether some widget's label contains `text`.
pub fn shows(h: &Harness<'_, GrundyLabApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}
