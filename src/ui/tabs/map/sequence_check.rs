//! A formula or a statement about g(n), checked on the values on screen
//! (the map's take-and-break view): the same check as `grundy-lab check
//! --rules SPEC --size N`, run as a job, its verdict in sentences (holds or
//! not, the first heaps where it fails, proved for every n or why not).

use super::sequence::Computed;
use crate::conjecture::CheckMode;
use crate::conjecture::takebreak::{SequenceCheckError, SequenceQuestion, SequenceReport, check_sequence};
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::takebreak::{Sequence, SequenceError, compute};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets::{self, JobLabel};
use crate::ui::words::takebreak::{sequence_check_error, sequence_error, sequence_report};
use std::sync::Arc;

/// The longest text of the formula box.
const MAX_TEXT_CHARS: usize = 2000;

/// Why a check of a sequence gave no report.
enum Failure {
    /// The question or the check.
    Check(SequenceCheckError),
    /// The values of a game of `g_of`.
    Values(SequenceError),
}

/// The formula box, the running check and its last result.
pub(crate) struct SequenceCheck {
    text: String,
    mode: CheckMode,
    job: Option<Job<SequenceReport, Failure>>,
    /// What the running or last check was asked: the text, and the key of
    /// the game ([`crate::takebreak::TakeBreak::key`]).
    asked: Option<(String, String)>,
    /// The last report, with the text it was for.
    result: Option<(SequenceReport, String)>,
    error: Option<Notice>,
}

impl Default for SequenceCheck {
    fn default() -> Self {
        SequenceCheck { text: String::new(), mode: CheckMode::Holds, job: None, asked: None, result: None, error: None }
    }
}

impl SequenceCheck {
    /// Collect a finished check; never waits.
    fn poll(&mut self) {
        match poll(&mut self.job) {
            Some(JobEnd::Done(r)) => {
                let text = self.asked.as_ref().map_or_else(String::new, |(t, _)| t.clone());
                self.result = Some((r, text));
                self.error = None;
            }
            Some(JobEnd::Failed(JobError::Work(e))) => {
                self.result = None;
                self.error = Some(Notice::new(move || match &e {
                    Failure::Check(e) => sequence_check_error(e),
                    Failure::Values(e) => sequence_error(e),
                }));
            }
            Some(JobEnd::Failed(JobError::Panicked(m))) => {
                self.error = Some(Notice::new(move || trf("job.internal_error", &[("error", &m)])));
            }
            Some(JobEnd::Cancelled) => self.error = Some(Notice::new(|| tr("map.engine.cancelled").to_string())),
            None => {}
        }
    }

    /// Start checking the text on the heaps of `seq`: the question is read
    /// here (its mistakes shown at once), the values of the games of its
    /// `g_of` computed by the job as far as `seq`.
    fn start(&mut self, ctx: &egui::Context, seq: &Arc<Sequence>) {
        self.asked = Some((self.text.clone(), seq.game().key()));
        let question = match SequenceQuestion::new(&self.text, None, self.mode) {
            Ok(q) => q,
            Err(e) => {
                self.result = None;
                self.error = Some(Notice::new(move || sequence_check_error(&e)));
                return;
            }
        };
        self.error = None;
        let seq = Arc::clone(seq);
        self.job = Some(widgets::spawn(JobLabel::new("tb.check.job"), ctx, move |control| {
            let heaps = seq.len();
            let mut others = Vec::new();
            for (spec, game) in &question.others {
                // `compute` checks the method's reach and the memory first.
                let other = compute(game, heaps - 1, &control).map_err(Failure::Values)?;
                others.push((spec.clone(), Arc::new(other)));
            }
            check_sequence(seq, others, &question, heaps, &control).map_err(Failure::Check)
        }));
    }
}

/// The box, its button, and the verdict of the last check, for the values
/// `c` on screen.
pub(super) fn show(ui: &mut egui::Ui, check: &mut SequenceCheck, c: &Computed) {
    check.poll();
    // Nothing of another game (a result, a message, a check running) is
    // shown under this one.
    if check.asked.as_ref().is_some_and(|(_, key)| *key != c.seq.game().key()) {
        if let Some(job) = check.job.take() {
            job.cancel();
        }
        (check.asked, check.result, check.error) = (None, None, None);
    }
    ui.strong(tr("tb.check.heading"));
    ui.phrases(egui::RichText::new(tr("tb.check.help")).small());
    ui.horizontal_wrapped(|ui| {
        ui.phrases(tr("bench.mode"));
        ui.radio_value(&mut check.mode, CheckMode::Formula, tr("bench.mode.formula"));
        ui.radio_value(&mut check.mode, CheckMode::Holds, tr("tb.check.mode.holds"));
    });
    let label = ui.phrases(tr("tb.check.text"));
    ui.add(
        egui::TextEdit::multiline(&mut check.text)
            .font(egui::TextStyle::Monospace)
            .char_limit(MAX_TEXT_CHARS)
            .desired_rows(2)
            .hint_text("g(n + 12) == g(n) || n < 71")
            .desired_width(f32::INFINITY),
    )
    .labelled_by(label.id);
    let last = c.seq.len() - 1;
    if let Some(job) = &check.job {
        if widgets::job_progress(ui, job) {
            check.job = None;
        }
    } else if ui.button(trf("tb.check.run", &[("last", &last)])).tip(tr("tb.check.run.tip")).clicked() {
        check.start(ui.ctx(), &c.seq);
    }
    if let Some(e) = &check.error {
        ui.colored_label(crate::ui::theme::current(ui.ctx()).bad, e.text());
    }
    if let Some((report, text)) = &check.result {
        // A result is shown with what it was for, once the text changed.
        if *text != check.text {
            ui.small(trf("tb.check.was_for", &[("text", text)]));
        }
        let pal = crate::ui::theme::current(ui.ctx());
        let colour = if report.holds() { pal.good } else { pal.bad };
        for (i, line) in sequence_report(report).into_iter().enumerate() {
            if i == 0 {
                ui.colored_label(colour, line);
            } else {
                ui.phrases(line);
            }
        }
    }
}
