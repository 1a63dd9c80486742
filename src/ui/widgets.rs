//! Small widgets every tab uses: the progress bar with Cancel for a
//! background job, banners.

use super::i18n::tr;
use crate::jobs::Job;
use egui::{Color32, RichText};

/// A repaint callback for [`Job::spawn`] that wakes the UI.
fn repaint_callback(ctx: &egui::Context) -> crate::jobs::Repaint {
    let ctx = ctx.clone();
    Box::new(move || ctx.request_repaint())
}

/// Start a job for the UI: it wakes `ctx` as it progresses and when it
/// ends, and runs in the UI's language, so texts it makes (summaries,
/// messages) are in the user's language.
pub fn spawn<T, E, F>(name: impl Into<String>, ctx: &egui::Context, work: F) -> Job<T, E>
where
    T: Send + 'static,
    E: Send + 'static,
    F: FnOnce(std::sync::Arc<crate::Control>) -> Result<T, E> + Send + 'static,
{
    let language = super::i18n::language();
    Job::spawn(name, repaint_callback(ctx), move |control| {
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
    ui.label(job.name());
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
            ui.label(
                RichText::new(text)
                    .color(text_color)
                    .size(20.0 * ui.style().text_styles[&egui::TextStyle::Body].size / 18.0),
            );
            if dismissable && ui.button(tr("banner.dismiss")).clicked() {
                dismissed = true;
            }
        });
    });
    dismissed
}
