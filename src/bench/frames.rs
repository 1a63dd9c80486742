//! The map's frame time while a game of the families computes, measured
//! on the real map tab driven headless: each frame runs the tab's code
//! (its jobs collected, its side panel and canvas laid out) and egui's
//! tessellation, at 1920 x 1080, as fast as frames can follow each other
//! while the engine's threads fill the table.

use crate::rules::{Rules, preset};
use crate::ui::state::Shared;
use crate::ui::tabs::map::MapTab;
use std::fmt::Write;
use std::time::Duration;
use web_time::Instant;

/// A headless egui context and the map tab with `rules` at side `size`.
struct Screen {
    ctx: egui::Context,
    map: MapTab,
    shared: Shared,
}

impl Screen {
    /// The screen after a first frame (which lays out the fonts, and
    /// starts the computation).
    fn new(rules: Rules, size: usize) -> Screen {
        let mut map = MapTab::default();
        map.options.size = size;
        let mut shared = Shared::default();
        shared.rules = rules;
        let mut screen = Screen { ctx: egui::Context::default(), map, shared };
        screen.frame();
        screen
    }

    /// One frame; its time.
    fn frame(&mut self) -> Duration {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1920.0, 1080.0))),
            ..Default::default()
        };
        let t = Instant::now();
        let (map, shared) = (&mut self.map, &mut self.shared);
        let out = self.ctx.run_ui(input, |ui| {
            map.poll_jobs(ui.ctx());
            egui::CentralPanel::default().show(ui, |ui| crate::ui::tabs::AppTab::ui(map, ui, shared));
        });
        let shapes = self.ctx.tessellate(out.shapes, out.pixels_per_point);
        std::hint::black_box(shapes);
        t.elapsed()
    }

    /// Frames until the whole table of the map is complete (at most
    /// `limit`); their times.
    fn frames_until_complete(&mut self, limit: usize) -> Vec<Duration> {
        let mut times = Vec::new();
        while times.len() < limit {
            times.push(self.frame());
            if self.map.full_table().is_some_and(|t| t.is_complete()) && self.map.table().is_some() {
                break;
            }
        }
        times
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

/// Frame times while `name` computes on a `size` box, and the time of one
/// frame that changes the plane of a complete `plane_side`³ table.
pub fn frames_report(computing: &[(&str, usize)], plane_side: usize) -> String {
    let mut out = String::new();
    for &(name, size) in computing {
        let Ok(rules) = preset(name) else { continue };
        let mut screen = Screen::new(rules, size);
        let t = Instant::now();
        let times = screen.frames_until_complete(20_000);
        let total = t.elapsed();
        let frames = times.len();
        let worst = times.iter().copied().max().unwrap_or_default();
        let over = times.iter().filter(|t| ms(**t) > 20.0).count();
        let m = median(times);
        let _ = writeln!(
            out,
            "map frames while {name} ({}) computes: {frames} frames in {:.1} s, median {:.1} ms, slowest {:.1} ms, \
             {over} over 20 ms (target <= 20 ms a frame) {}",
            crate::grundy::size_text(crate::ui::tabs::map::map_box(&screen.shared.rules, size)),
            total.as_secs_f64(),
            ms(m),
            ms(worst),
            if ms(m) <= 20.0 { "ok" } else { "MISSED" }
        );
    }
    // Changing the plane of a complete cube: the copy of one plane happens
    // within the frame that asks for it.
    let Ok(rules) = preset("nim-3") else { return out };
    let mut screen = Screen::new(rules, plane_side);
    screen.frames_until_complete(100_000);
    let mut changes = Vec::new();
    for (axis, at) in [(crate::grundy::Axis::Z, 100), (crate::grundy::Axis::X, 200), (crate::grundy::Axis::Y, 300)] {
        screen.map.options.plane_axis = axis;
        screen.map.options.plane_at = at;
        let time = screen.frame();

        let shown = screen.map.table().and_then(|t| t.slice_source().map(|s| (s.axis, s.at)));
        changes.push((time, shown == Some((axis, at))));
    }
    let worst = changes.iter().map(|c| c.0).max().unwrap_or_default();
    let all_in_one = changes.iter().all(|c| c.1);
    let _ = writeln!(
        out,
        "changing the plane of a {plane_side}^3 table (z = 100, x = 200, y = 300): the new plane on screen in the \
         frame that asks for it: {} (target: one frame) {}; slowest such frame {:.1} ms (the map's 20 ms a frame) {}",
        if all_in_one { "yes" } else { "NO" },
        if all_in_one { "ok" } else { "MISSED" },
        ms(worst),
        if ms(worst) <= 20.0 { "ok" } else { "MISSED" }
    );
    out
}
