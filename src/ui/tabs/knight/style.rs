//! The picture's style: presets and every setting of [`crate::knight::Style`].

use super::KnightTab;
use crate::draw::Rgba;
use crate::knight::StylePreset;
use crate::ui::i18n::tr;
use crate::ui::ui_ext::UiExt;

fn colour(ui: &mut egui::Ui, label: &str, c: &mut Rgba) {
    ui.horizontal_wrapped(|ui| {
        let mut v = c.0;
        if ui.color_edit_button_srgba_unmultiplied(&mut v).changed() {
            *c = Rgba(v);
        }
        ui.phrases(label);
    });
}

impl KnightTab {
    pub(super) fn style_panel(&mut self, ui: &mut egui::Ui) {
        egui::CollapsingHeader::new(tr("knight.style")).default_open(false).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (p, key) in [
                    (StylePreset::Night, "knight.style.night"),
                    (StylePreset::Paper, "knight.style.paper"),
                    (StylePreset::Blueprint, "knight.style.blueprint"),
                ] {
                    if ui.button(tr(key)).clicked() {
                        self.design.style = p.style();
                    }
                }
            });
            let s = &mut self.design.style;
            ui.section(tr("knight.style.background"));
            colour(ui, tr("knight.style.background"), &mut s.background);
            ui.checkbox(&mut s.transparent, tr("knight.style.transparent"));
            colour(ui, tr("knight.style.lines_a"), &mut s.lines[0]);
            colour(ui, tr("knight.style.lines_b"), &mut s.lines[1]);
            let l = ui.phrases(tr("knight.style.line_width"));
            ui.add(egui::Slider::new(&mut s.line_width, 0.005..=0.25).logarithmic(true)).labelled_by(l.id);
            ui.checkbox(&mut s.dots, tr("knight.style.dots"));
            colour(ui, tr("knight.style.dots_a"), &mut s.dot_colors[0]);
            colour(ui, tr("knight.style.dots_b"), &mut s.dot_colors[1]);
            let l = ui.phrases(tr("knight.style.dot_radius"));
            ui.add(egui::Slider::new(&mut s.dot_radius, 0.0..=0.5)).labelled_by(l.id);
            ui.checkbox(&mut s.outlines, tr("knight.style.outlines"));
            colour(ui, tr("knight.style.outline_color"), &mut s.outline_color);
            colour(ui, tr("knight.style.numbers"), &mut s.number_color);
            let l = ui.phrases(tr("knight.style.margin"));
            ui.add(egui::Slider::new(&mut s.margin, 0.0..=4.0)).labelled_by(l.id);
        });
    }
}
