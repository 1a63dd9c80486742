//! The misère quotient of the take-and-break game on screen (the map's
//! take-and-break view): the same as `grundy-lab quotient --rules SPEC
//! --up-to N`, run as a job; its size, how it is known, the P-portion, the
//! class of each heap, and the misère outcome of a row typed, read from it.

use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::takebreak::TakeBreak;
use crate::takebreak::quotient::{MAX_HEAP, MisereQuotient, Proof, QuotientError, misere_quotient};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets::{self, JobLabel};
use crate::ui::words::takebreak::quotient_error;

/// The longest text of the row box.
const MAX_ROW_CHARS: usize = 200;

/// The bound box, the running job, its last quotient and the row box.
pub(crate) struct SequenceQuotient {
    up_to: String,
    job: Option<Job<MisereQuotient, QuotientError>>,
    /// The key of the game of the running or last job
    /// ([`TakeBreak::key`]).
    asked: Option<String>,
    shown: Option<MisereQuotient>,
    error: Option<Notice>,
    row: String,
}

impl Default for SequenceQuotient {
    fn default() -> Self {
        SequenceQuotient {
            up_to: "12".to_owned(),
            job: None,
            asked: None,
            shown: None,
            error: None,
            row: String::new(),
        }
    }
}

impl SequenceQuotient {
    /// Collect a finished job; never waits.
    fn poll(&mut self) {
        match poll(&mut self.job) {
            Some(JobEnd::Done(q)) => {
                self.shown = Some(q);
                self.error = None;
            }
            Some(JobEnd::Failed(JobError::Work(e))) => {
                self.shown = None;
                self.error = Some(Notice::new(move || quotient_error(&e)));
            }
            Some(JobEnd::Failed(JobError::Panicked(m))) => {
                self.error = Some(Notice::new(move || trf("job.internal_error", &[("error", &m)])));
            }
            Some(JobEnd::Cancelled) => self.error = Some(Notice::new(|| tr("map.engine.cancelled").to_string())),
            None => {}
        }
    }

    /// Start the quotient of `game` for the bound typed (refused at once
    /// when it is not a number of 1 to [`MAX_HEAP`]).
    fn start(&mut self, ctx: &egui::Context, game: &TakeBreak) {
        let Some(up_to) = self.up_to.trim().parse::<u64>().ok().filter(|n| (1..=MAX_HEAP).contains(n)) else {
            self.error = Some(Notice::new(|| trf("tb.quotient.up_to.bad", &[("max", &MAX_HEAP)])));
            return;
        };
        self.asked = Some(game.key());
        self.error = None;
        let game = game.clone();
        self.job = Some(widgets::spawn(JobLabel::new("tb.quotient.job"), ctx, move |control| {
            misere_quotient(&game, up_to, crate::grundy::memory_limit(), &control)
        }));
    }
}

/// The section of the side panel, for the game `game` on screen.
pub(super) fn show(ui: &mut egui::Ui, st: &mut SequenceQuotient, game: &TakeBreak) {
    st.poll();
    // Nothing of another game is shown under this one.
    if st.asked.as_ref().is_some_and(|key| *key != game.key()) {
        if let Some(job) = st.job.take() {
            job.cancel();
        }
        (st.asked, st.shown, st.error) = (None, None, None);
    }
    ui.strong(tr("tb.quotient.heading")).tip(tr("tb.quotient.tip"));
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("tb.quotient.up_to"));
        let field =
            ui.add(egui::TextEdit::singleline(&mut st.up_to).char_limit(6).desired_width(50.0)).labelled_by(label.id);
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if st.job.is_none() && (ui.button(tr("tb.quotient.compute")).clicked() || enter) {
            st.start(ui.ctx(), game);
        }
    });
    if let Some(job) = &st.job
        && widgets::job_progress(ui, job)
    {
        st.job = None;
    }
    if let Some(e) = &st.error {
        ui.colored_label(crate::ui::theme::current(ui.ctx()).bad, e.text());
    }
    let Some(q) = &st.shown else { return };
    let portion: Vec<usize> = (0..q.len()).filter(|&i| q.p_portion[i]).collect();
    ui.phrases(
        egui::RichText::new(trf(
            "tb.quotient.size",
            &[("n", &q.len()), ("p", &portion.len()), ("up_to", &q.heaps_up_to)],
        ))
        .strong(),
    );
    let pal = crate::ui::theme::current(ui.ctx());
    match q.proof {
        Proof::ByStates(states) => {
            ui.colored_label(pal.good, trf("tb.quotient.proved", &[("states", &states)]));
        }
        Proof::Checked { rows, heaps } => {
            ui.colored_label(pal.bad, trf("tb.quotient.checked", &[("rows", &rows), ("heaps", &heaps)]));
        }
    }
    let name = |i: usize| format!("e{i}");
    let names: Vec<String> = portion.iter().map(|&i| name(i)).collect();
    ui.phrases(trf("tb.quotient.portion", &[("list", &names.join(", "))]));
    ui.phrases(tr("tb.quotient.map"));
    let map: Vec<String> = (1..=q.heaps_up_to).map(|h| format!("{h}:{}", name(q.heap_class[h as usize]))).collect();
    ui.add(egui::Label::new(egui::RichText::new(map.join(" ")).monospace()).wrap());
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("tb.quotient.row"));
        ui.add(
            egui::TextEdit::singleline(&mut st.row).char_limit(MAX_ROW_CHARS).hint_text("3 5 7").desired_width(120.0),
        )
        .labelled_by(label.id);
    });
    if !st.row.trim().is_empty() {
        ui.phrases(row_sentence(q, &st.row));
    }
}

/// The misère outcome of the heaps typed in `text` (numbers apart by
/// spaces, commas or `+`), read from the quotient.
fn row_sentence(q: &MisereQuotient, text: &str) -> String {
    let heaps: Option<Vec<u64>> =
        text.split([' ', ',', '+']).filter(|w| !w.is_empty()).map(|w| w.parse::<u64>().ok()).collect();
    let Some(heaps) = heaps else { return tr("tb.quotient.row.bad").to_string() };
    match q.class_of(&heaps) {
        None => trf("tb.quotient.row.beyond", &[("up_to", &q.heaps_up_to)]),
        Some(c) if q.p_portion[c] => trf("tb.quotient.row.p", &[("class", &format!("e{c}"))]),
        Some(c) => trf("tb.quotient.row.n", &[("class", &format!("e{c}"))]),
    }
}
