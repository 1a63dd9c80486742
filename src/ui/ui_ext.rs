//! The app's own widgets as methods of [`egui::Ui`] (as rerun's
//! `re_ui/src/ui_ext.rs`): a section title, an error line, the text scale
//! and the theme's colours look the same in every tab because they are
//! written once, here.

use super::theme::{self, Colours};
use egui::{Response, RichText};

/// How much larger text is than normal in `style` (its body size over the
/// normal 18 points: 1 normally, 1.3 in presentation mode). Panels,
/// pictures and the map's labels grow with it. For code that has a
/// painter and no [`egui::Ui`]; a `Ui` has [`UiExt::text_scale`].
pub fn text_scale_of(style: &egui::Style) -> f32 {
    style.text_styles.get(&egui::TextStyle::Body).map_or(1.0, |f| (f.size / 18.0).max(0.5))
}

/// The app's widgets on every [`egui::Ui`]: `use crate::ui::ui_ext::UiExt`
/// and call `ui.section(..)`, `ui.error_label(..)`.
pub trait UiExt {
    /// The `Ui` the widgets are drawn in.
    fn ui(&self) -> &egui::Ui;

    /// The `Ui` the widgets are drawn in, to add to.
    fn ui_mut(&mut self) -> &mut egui::Ui;

    /// How much larger text is than normal (1 normally, 1.3 in presentation
    /// mode): panels and pictures grow with it.
    fn text_scale(&self) -> f32 {
        text_scale_of(self.ui().style())
    }

    /// The theme's colours of the moment (light, dark, high contrast).
    fn colours(&self) -> Colours {
        theme::current(self.ui().ctx())
    }

    /// The size of section titles: a little larger than the body text, so
    /// that they grow with it in presentation mode.
    fn section_size(&self) -> f32 {
        self.ui().style().text_styles.get(&egui::TextStyle::Body).map_or(18.0, |f| f.size) * 1.12
    }

    /// A section title in a side panel: a little space above, bold, at
    /// [`UiExt::section_size`].
    fn section(&mut self, title: &str) {
        let size = self.section_size();
        let ui = self.ui_mut();
        ui.add_space(10.0);
        ui.label(RichText::new(title).strong().size(size));
    }

    /// A label whose Japanese lines break between phrases, never inside a
    /// word ([`super::phrases`]); other texts and labels in a row are
    /// [`egui::Ui::label`]'s. Screen readers (and tests) read the text
    /// without the added line breaks.
    fn phrases(&mut self, text: impl Into<egui::WidgetText>) -> Response {
        let ui = self.ui_mut();
        let text = text.into();
        let plain = text.text().to_string();
        let wraps = ui.layout().is_vertical() && ui.wrap_mode() == egui::TextWrapMode::Wrap;
        if !wraps || !plain.chars().any(super::phrases::is_japanese) {
            return ui.label(text);
        }
        let mut job = std::sync::Arc::unwrap_or_clone(text.into_layout_job(
            ui.style(),
            egui::FontSelection::Default,
            egui::Align::LEFT,
        ));
        let width = ui.available_width();
        let starts = ui.fonts_mut(|f| {
            let sections = &job.sections;
            super::phrases::line_starts(&job.text, width, |i, c| {
                let font = sections
                    .iter()
                    .find(|s| (s.byte_range.start.0..s.byte_range.end.0).contains(&i))
                    .map(|s| &s.format.font_id);
                font.map_or(0.0, |font| f.glyph_width(font, c))
            })
        });
        if starts.is_empty() {
            return ui.label(job);
        }
        job.text = super::phrases::with_breaks(&job.text, &starts);
        let shift = |b: egui::text::ByteIndex| egui::text::ByteIndex(super::phrases::shifted(b.0, &starts));
        for s in &mut job.sections {
            s.byte_range = shift(s.byte_range.start)..shift(s.byte_range.end);
        }
        let response = ui.label(job);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &plain));
        response
    }

    /// A line that says something went wrong (a refused file, a bad
    /// formula, a failed job), in the theme's colour for bad news.
    fn error_label(&mut self, text: impl Into<RichText>) -> Response {
        let bad = self.colours().bad;
        self.ui_mut().colored_label(bad, text)
    }
}

impl UiExt for egui::Ui {
    fn ui(&self) -> &egui::Ui {
        self
    }

    fn ui_mut(&mut self) -> &mut egui::Ui {
        self
    }
}

/// Tooltips that a touch screen shows too: [`TipExt::tip`] instead of
/// `on_hover_text` everywhere in the app.
pub trait TipExt {
    /// What `on_hover_text` shows, and on a touch screen, where nothing
    /// hovers, the same text when a finger holds the widget (egui's long
    /// press, which clicks nothing); it stays until the next touch.
    fn tip(self, text: impl Into<egui::WidgetText>) -> Self;
}

/// The widget whose tip a long press opened.
fn touch_tip_id() -> egui::Id {
    egui::Id::unique("grundy_lab::ui_ext::touch_tip")
}

impl TipExt for Response {
    fn tip(self, text: impl Into<egui::WidgetText>) -> Self {
        let text = text.into();
        let ctx = self.ctx.clone();
        let open = || ctx.data(|d| d.get_temp::<egui::Id>(touch_tip_id())) == Some(self.id);
        if self.long_touched() {
            ctx.data_mut(|d| d.insert_temp(touch_tip_id(), self.id));
        } else if open() && ctx.input(|i| i.pointer.any_pressed()) {
            ctx.data_mut(|d| d.remove::<egui::Id>(touch_tip_id()));
        }
        if open() {
            self.show_tooltip_text(text.clone());
        }
        self.on_hover_text(text)
    }
}
