//! Small widgets every tab uses: the progress bar with Cancel for a
//! background job, banners.

use super::i18n::tr;
use super::ui_ext::UiExt;
use crate::jobs::Job;
use egui::{Color32, RichText};

/// A repaint callback for [`Job::spawn`] that wakes the UI.
fn repaint_callback(ctx: &egui::Context) -> crate::jobs::Repaint {
    let ctx = ctx.clone();
    Box::new(move || ctx.request_repaint())
}

/// The name of a job as a person reads it beside its progress bar: a text
/// key and at most one argument that is itself a key (the region of a
/// knight search). It is worded when drawn, so a switch of language during
/// a long job rewords it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobLabel {
    key: &'static str,
    arg: Option<(&'static str, &'static str)>,
}

impl JobLabel {
    /// The text of `key`.
    pub const fn new(key: &'static str) -> Self {
        JobLabel { key, arg: None }
    }

    /// The text of `key` with `{name}` the text of `value_key`.
    pub const fn with(key: &'static str, name: &'static str, value_key: &'static str) -> Self {
        JobLabel { key, arg: Some((name, value_key)) }
    }

    /// The job's name: the keys (English-free, the job's thread is named by
    /// them), read back by [`JobLabel::words`].
    fn encode(self) -> String {
        match self.arg {
            None => self.key.to_string(),
            Some((name, value)) => format!("{}|{name}={value}", self.key),
        }
    }

    /// The label of a job named by [`JobLabel::encode`], in the current
    /// language.
    pub fn words(name: &str) -> String {
        let (key, arg) = name.split_once('|').map_or((name, None), |(k, a)| (k, a.split_once('=')));
        let text = super::i18n::tr_key(key);
        match arg {
            None => text.to_string(),
            Some((n, v)) => text.replace(&format!("{{{n}}}"), super::i18n::tr_key(v)),
        }
    }
}

/// Start a job for the UI: it wakes `ctx` as it progresses and when it
/// ends, and runs in the UI's language, so texts it makes (summaries,
/// messages) are in the user's language.
pub fn spawn<T, E, F>(label: JobLabel, ctx: &egui::Context, work: F) -> Job<T, E>
where
    T: Send + 'static,
    E: Send + 'static,
    F: FnOnce(std::sync::Arc<crate::Control>) -> Result<T, E> + Send + 'static,
{
    let language = super::i18n::language();
    Job::spawn(label.encode(), repaint_callback(ctx), move |control| {
        super::i18n::set_language(language);
        work(control)
    })
}

/// A progress bar with the job's name and a Cancel button, while the job
/// runs. Returns true when Cancel was clicked (the job is then cancelled).
pub fn job_progress<T, E>(ui: &mut egui::Ui, job: &Job<T, E>) -> bool {
    if job.is_finished() {
        return false;
    }
    let mut cancelled = false;
    // The name on its own line and a bar that leaves room for Cancel, so the
    // button stays inside narrow side panels.
    ui.phrases(JobLabel::words(job.name()));
    ui.horizontal(|ui| {
        let width = (ui.available_width() - 100.0).clamp(80.0, 260.0);
        ui.add(egui::ProgressBar::new(job.fraction()).show_percentage().desired_width(width));
        if ui.button(tr("job.cancel")).clicked() {
            job.cancel();
            cancelled = true;
        }
    });
    cancelled
}

/// A coloured banner with large text. Returns true when its Dismiss button
/// (shown when `dismissable`) was clicked.
pub fn banner(ui: &mut egui::Ui, fill: Color32, text_color: Color32, text: &str, dismissable: bool) -> bool {
    let mut dismissed = false;
    egui::Frame::new().fill(fill).corner_radius(8.0).inner_margin(egui::Margin::symmetric(16, 10)).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.phrases(RichText::new(text).color(text_color).size(22.0 * ui.text_scale()));
            if dismissable && ui.button(tr("banner.dismiss")).clicked() {
                dismissed = true;
            }
        });
    });
    dismissed
}

/// Which side of the tab a side panel is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// On the left of the tab.
    Left,
    /// On the right of the tab.
    Right,
}

/// A side panel that holds whatever the window and text size: `width` at
/// normal text size grows with presentation mode's larger text but never
/// takes more than `share` of the tab's width (the centre keeps its room);
/// the contents scroll with an always visible bar and are laid out within
/// the panel's width, so the panel never grows over its neighbour.
/// Call it before the central panel.
pub fn side_panel(
    ui: &mut egui::Ui,
    id: &str,
    side: Side,
    width: f32,
    share: f32,
    contents: impl FnOnce(&mut egui::Ui),
) {
    side_panel_frame(ui, id, side, width, share, |ui| scroll_column(ui, id, f32::INFINITY, contents));
}

/// A panel's contents that scroll, at most `max_height` high, with an
/// always visible bar (a class sees that it scrolls), laid out clear of
/// the bar.
pub fn scroll_column(ui: &mut egui::Ui, id: &str, max_height: f32, contents: impl FnOnce(&mut egui::Ui)) {
    egui::ScrollArea::vertical()
        .id_salt(id)
        .auto_shrink(false)
        .max_height(max_height)
        .scroll_bar_visibility(ALWAYS)
        .show(ui, |ui| {
            // A little room before the bar: widgets as wide as the panel
            // end clear of it.
            ui.set_max_width(ui.available_width() - 4.0);
            contents(ui);
        });
}

/// A scroll bar that is always shown (a class sees that the panel scrolls).
pub const ALWAYS: egui::scroll_area::ScrollBarVisibility = egui::scroll_area::ScrollBarVisibility::AlwaysVisible;

/// Where the app keeps, for the frame, whether the lesson view is on.
fn lesson_id() -> egui::Id {
    egui::Id::unique("lesson_view")
}

/// Say, at the start of a frame, whether the lesson view is on (the side
/// panels of every tab fold away, see [`side_panel_frame`]).
pub fn set_lesson_view(ctx: &egui::Context, on: bool) {
    ctx.data_mut(|d| d.insert_temp(lesson_id(), on));
}

/// Whether the lesson view is on: the picture fills the window.
pub fn lesson_view(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp(lesson_id())).unwrap_or(false)
}

/// The panel of [`side_panel`] without its scroll area, for contents that
/// scroll only in part (a list under fixed buttons); that part uses
/// [`ALWAYS`].
pub fn side_panel_frame(
    ui: &mut egui::Ui,
    id: &str,
    side: Side,
    width: f32,
    share: f32,
    contents: impl FnOnce(&mut egui::Ui),
) {
    // In the lesson view the side panels fold away: the picture fills the
    // window (the tab's state is kept, only its controls are not drawn).
    if lesson_view(ui.ctx()) {
        return;
    }
    // A tablet held upright: the right-hand panel goes under the picture,
    // which keeps the width.
    let upright = upright(ui.ctx());
    if side == Side::Right && upright {
        let height = (ui.available_height() * 0.3).max(160.0).round();
        egui::Panel::bottom(format!("{id}_under")).resizable(false).exact_size(height).show(ui, |ui| {
            ui.set_max_width(ui.available_width());
            contents(ui);
        });
        return;
    }
    // Upright, the left-hand panel is the only one beside the picture: it
    // may take more of the width.
    let share = if upright { share.max(0.4) } else { share };
    let scaled = width * ui.text_scale();
    let exact = scaled.min(ui.available_width() * share).max(160.0).round();
    let panel = match side {
        Side::Left => egui::Panel::left(id.to_owned()),
        Side::Right => egui::Panel::right(id.to_owned()),
    };
    panel.resizable(false).exact_size(exact).show(ui, |ui| {
        ui.set_max_width(ui.available_width());
        contents(ui);
    });
}

/// Whether the window is a tablet held upright: taller than wide and
/// narrower than 1000 points (side panels would leave the picture a strip).
pub fn upright(ctx: &egui::Context) -> bool {
    let window = ctx.content_rect();
    window.height() > 1.1 * window.width() && window.width() < 1000.0
}

/// A panel along the bottom of the tab, `share` of its height, for the
/// controls of a tab in a window taller than wide (a tablet held upright):
/// the picture keeps the whole width above it. It folds away in the lesson
/// view as the side panels do. Call it before the central panel.
pub fn bottom_panel(ui: &mut egui::Ui, id: &str, share: f32, contents: impl FnOnce(&mut egui::Ui)) {
    if lesson_view(ui.ctx()) {
        return;
    }
    let height = (ui.available_height() * share).max(160.0).round();
    egui::Panel::bottom(id.to_owned()).resizable(false).exact_size(height).show(ui, |ui| {
        ui.set_max_width(ui.available_width());
        contents(ui);
    });
}

/// The most characters a typed file path takes (more than any file system
/// allows in one path).
pub const MAX_PATH_CHARS: usize = 4096;

/// The most characters a short field takes (a list of values, a rules
/// spec, "x, y").
pub const MAX_FIELD_CHARS: usize = 1000;

/// The most characters a field for a count of stones takes: a 64-bit
/// number has 20 digits, with room for separators. A field holds what a
/// person types, never a pasted book.
pub const MAX_NUMBER_CHARS: usize = 32;

/// A count a person typed: digits, with `,`, `_` or spaces between groups
/// (`1,000,000`). `None` when it is not a whole number from 0 to 2^64 - 1.
pub fn parse_count(text: &str) -> Option<u64> {
    let digits: String = text.trim().chars().filter(|c| !matches!(c, ',' | '_' | ' ')).collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::{Language, set_language};

    #[test]
    fn a_job_label_is_worded_in_the_language_of_the_moment() {
        let label = JobLabel::with("knight.search_job", "region", "knight.region.a");
        let name = label.encode();
        set_language(Language::English);
        let english = JobLabel::words(&name);
        set_language(Language::Japanese);
        let japanese = JobLabel::words(&name);
        set_language(Language::English);
        assert!(english.starts_with("Searching"), "{english}");
        assert!(japanese.ends_with("を探索中") && !japanese.contains("region"), "{japanese}");
        assert_eq!(JobLabel::words(&JobLabel::new("map.computing").encode()), tr("map.computing"));
    }

    #[test]
    fn counts_are_read_as_people_type_them() {
        assert_eq!(parse_count(" 1,000,000 "), Some(1_000_000));
        assert_eq!(parse_count("18446744073709551615"), Some(u64::MAX));
        for bad in ["", "-5", "x", "1e3", "18446744073709551616", "９"] {
            assert_eq!(parse_count(bad), None, "{bad}");
        }
    }
}
