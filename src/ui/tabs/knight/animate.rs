//! Drawing a tour step by step for a class: play / pause, step, speed.

use super::{KnightTab, region_name};
use crate::knight::Region;
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::UiExt;

/// A tour being drawn step by step.
#[derive(Clone, Debug, PartialEq)]
pub struct Animation {
    /// Whose tour.
    pub region: Region,
    /// How many cells are shown (fractional while playing).
    pub shown: f32,
    /// Whether it advances by itself.
    pub playing: bool,
    /// The time of the last frame, for smooth steps.
    last_time: Option<f64>,
}

impl KnightTab {
    /// Start drawing `region`'s tour from its first cell.
    pub fn start_animation(&mut self, region: Region) {
        if self.work[region.index()].tour.is_some() {
            self.animation = Some(Animation { region, shown: 1.0, playing: true, last_time: None });
        }
    }

    /// Advance a playing animation; asks for the next frame while it plays.
    pub(super) fn animation_tick(&mut self, ctx: &egui::Context) {
        let speed = self.options.anim_speed.clamp(0.2, 200.0);
        let Some(a) = &mut self.animation else { return };
        let Some(t) = &self.work[a.region.index()].tour else {
            self.animation = None;
            return;
        };
        let now = ctx.input(|i| i.time);
        if a.playing {
            let dt = a.last_time.map_or(0.0, |l| (now - l).clamp(0.0, 0.25)) as f32;
            a.shown = (a.shown + dt * speed).min(t.cells.len() as f32);
            if a.shown >= t.cells.len() as f32 {
                a.playing = false;
            } else {
                ctx.request_repaint();
            }
        }
        a.last_time = Some(now);
    }

    pub(super) fn animation_panel(&mut self, ui: &mut egui::Ui) {
        ui.section(tr("knight.anim"));
        let has = [self.work[0].tour.is_some(), self.work[1].tour.is_some()];
        if !has[0] && !has[1] {
            ui.small(tr("knight.anim.none"));
            return;
        }
        ui.horizontal_wrapped(|ui| {
            for r in Region::BOTH {
                if has[r.index()] && ui.button(trf("knight.anim.play", &[("region", &region_name(r))])).clicked() {
                    self.start_animation(r);
                }
            }
        });
        let l = ui.phrases(tr("knight.anim.speed"));
        ui.add(egui::Slider::new(&mut self.options.anim_speed, 0.5..=60.0).logarithmic(true)).labelled_by(l.id);
        let Some(a) = &mut self.animation else { return };
        let n = self.work[a.region.index()].tour.as_ref().map_or(1, |t| t.cells.len());
        let mut stop = false;
        ui.horizontal_wrapped(|ui| {
            let label = if a.playing { tr("knight.anim.pause") } else { tr("knight.anim.resume") };
            if ui.button(label).clicked() {
                a.playing = !a.playing;
                if a.playing && a.shown >= n as f32 {
                    a.shown = 1.0;
                }
                a.last_time = None;
            }
            if ui.button(tr("knight.anim.back")).clicked() {
                a.playing = false;
                a.shown = (a.shown.floor() - 1.0).max(1.0);
            }
            if ui.button(tr("knight.anim.forward")).clicked() {
                a.playing = false;
                a.shown = (a.shown.floor() + 1.0).min(n as f32);
            }
            if ui.button(tr("knight.anim.stop")).clicked() {
                stop = true;
            }
        });
        ui.phrases(trf("knight.anim.progress", &[("k", &(a.shown.floor() as usize)), ("n", &n)]));
        if stop {
            self.animation = None;
        }
    }
}
