//! Helpers every UI test file shares: the one way to open the real app
//! ([`app`]), stepping it until something holds, and looking for text a
//! person reads.

// Each test file compiles this module on its own and uses only some of it.
#![allow(dead_code, reason = "each test file uses only some of these helpers")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::ui::GrundyLabApp;
use std::time::{Duration, Instant};

/// A subcommand run in this process, as `grundy-lab ARGS` would: its
/// standard output, or its message (a flag clap refuses included).
pub fn run_cli(args: &[&str]) -> Result<String, String> {
    use clap::Parser;
    let cli = grundy_lab::cli::Cli::try_parse_from(std::iter::once("grundy-lab").chain(args.iter().copied()))
        .map_err(|e| e.to_string())?;
    let command = cli.command.ok_or("no subcommand")?;
    grundy_lab::cli::run_inner(command).map(|(out, _)| out)
}

/// The real app as a UI test opens it: from a saved state (the JSON the app
/// keeps between runs), in a window of a given size, rendered by wgpu or
/// not. Start with [`app`], end with [`AppHarness::build`].
pub struct AppHarness {
    saved: String,
    size: [f32; 2],
    max_steps: u64,
    wgpu: bool,
    language: Option<&'static str>,
    presentation: Option<bool>,
}

/// The app opened from the saved state `saved` (`"{}"` for the defaults),
/// at 1920 x 1080, without wgpu, with room for the frames a background job
/// adds when it ends during `run` (50 steps).
pub fn app(saved: impl Into<String>) -> AppHarness {
    AppHarness {
        saved: saved.into(),
        size: [1920.0, 1080.0],
        max_steps: 50,
        wgpu: false,
        language: None,
        presentation: None,
    }
}

impl AppHarness {
    /// The window's size in points.
    pub fn size(mut self, size: [f32; 2]) -> Self {
        self.size = size;
        self
    }

    /// The most frames one `run` may take.
    pub fn max_steps(mut self, steps: u64) -> Self {
        self.max_steps = steps;
        self
    }

    /// Rendered by wgpu (for snapshots and `render`).
    pub fn wgpu(mut self) -> Self {
        self.wgpu = true;
        self
    }

    /// In this language (`"English"`, `"Japanese"`), whatever the saved
    /// state says.
    pub fn language(mut self, language: &'static str) -> Self {
        self.language = Some(language);
        self
    }

    /// In presentation mode or not, whatever the saved state says.
    pub fn presentation(mut self, on: bool) -> Self {
        self.presentation = Some(on);
        self
    }

    /// The saved state with the language and presentation mode asked for.
    fn saved_state(&self) -> String {
        if self.language.is_none() && self.presentation.is_none() {
            return self.saved.clone();
        }
        let mut state: serde_json::Value = serde_json::from_str(&self.saved).expect("the saved state is JSON");
        let settings = &mut state["shared"]["settings"];
        if let Some(language) = self.language {
            settings["language"] = language.into();
        }
        if let Some(on) = self.presentation {
            settings["presentation"] = on.into();
        }
        state.to_string()
    }

    /// The harness, with the app built from the saved state.
    pub fn build(self) -> Harness<'static, GrundyLabApp> {
        let saved = self.saved_state();
        let builder = Harness::builder().with_max_steps(self.max_steps).with_size(self.size);
        let builder = if self.wgpu { builder.wgpu() } else { builder };
        builder.build_eframe(move |cc| GrundyLabApp::from_saved(&cc.egui_ctx, Some(&saved)))
    }
}

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

/// Step until some widget's label contains `text`; fail after 120 s, with
/// the screen saved as [`step_until`] does.
pub fn step_until_shows(h: &mut Harness<'_, GrundyLabApp>, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        h.step();
        if shows(h, text) {
            return;
        }
        std::thread::yield_now();
    }
    let saved = save_screen(h, &format!("shows {text}"));
    panic!("no text containing {text:?} within the deadline; the screen: {saved}");
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
