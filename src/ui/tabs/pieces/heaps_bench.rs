//! The workbench for a game of four to eight heaps: a formula in `x1` …
//! `xd` (or a statement) checked, in the background, at every position of
//! a table of many heaps ([`crate::grundy::heaps`]; the sorted positions
//! only where the heaps are alike) where the condition holds, if one is
//! given, with the first positions where it fails and the difference
//! picture of the plane (x1, x2, 0, …, 0) (the workbench's `MaskPicture`),
//! and kept as a paragraph for a report (`statement::save_paragraph`). The
//! table is at most [`MAX_BENCH_POSITIONS`] positions, so a check takes
//! seconds whatever side is typed; the command line checks larger boxes.

use super::PiecesTab;
use super::workbench::MaskPicture;
use crate::conjecture::CheckMode;
use crate::conjecture::heaps::{HeapsCheckError, HeapsReport, check_heaps};
use crate::conjecture::paragraph::{heaps_command_for, heaps_paragraph};
use crate::game_table::{GameTable, TableError};
use crate::grundy::EngineError;
use crate::grundy::heaps;
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::rules::Rules;
use crate::ui::i18n::{tr, trf};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets;
use crate::ui::words::errors::{job_error, table_error};
use egui::RichText;

/// The most positions the workbench stores for a game of many heaps.
pub const MAX_BENCH_POSITIONS: u64 = 1_000_000;
/// The largest side (stones a heap, plus one) the workbench computes.
pub const MAX_BENCH_SIDE: usize = 64;

/// A finished check with what it was made for.
pub struct HeapsChecked {
    report: HeapsReport,
    rules: Rules,
    formula: String,
    /// The condition choosing the positions checked, if any.
    condition: Option<String>,
    mode: CheckMode,
    /// The side of the table checked.
    side: usize,
}

/// Why a check gave no report: the table or the formula.
#[derive(Clone, Debug)]
pub enum HeapsFailure {
    Table(TableError),
    Check(HeapsCheckError),
}

/// How a check ended without a report (worded when shown).
enum HeapsStop {
    Failed(JobError<HeapsFailure>),
    Cancelled,
}

/// The runtime part of the workbench of many heaps.
#[derive(Default)]
pub struct HeapsBench {
    job: Option<Job<HeapsChecked, HeapsFailure>>,
    result: Option<HeapsChecked>,
    stop: Option<HeapsStop>,
    /// The difference picture of the result's plane.
    texture: Option<egui::TextureHandle>,
}

impl HeapsBench {
    /// Stop a check that runs (its game is no longer the draft).
    pub(super) fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
    }

    /// Whether a check runs.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// (positions checked, positions where it fails) of the last check.
    pub fn counts(&self) -> Option<(u64, u64)> {
        self.result.as_ref().map(|c| (c.report.checked, c.report.failures))
    }

    pub(super) fn poll(&mut self) {
        match poll(&mut self.job) {
            Some(JobEnd::Done(c)) => (self.result, self.stop, self.texture) = (Some(c), None, None),
            Some(JobEnd::Failed(JobError::Work(HeapsFailure::Check(HeapsCheckError::Stopped))))
            | Some(JobEnd::Failed(JobError::Work(HeapsFailure::Table(TableError::Engine(EngineError::Cancelled)))))
            | Some(JobEnd::Cancelled) => self.stop = Some(HeapsStop::Cancelled),
            Some(JobEnd::Failed(e)) => self.stop = Some(HeapsStop::Failed(e)),
            None => {}
        }
    }
}

/// The side a check of `rules` uses when `asked` is typed.
fn side(rules: &Rules, asked: usize) -> usize {
    heaps::side_within(rules, asked, MAX_BENCH_SIDE, MAX_BENCH_POSITIONS)
}

/// The check's button and its progress, the side it uses, and what the
/// last check found.
pub(super) fn show(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    let d = tab.draft.dimension as usize;
    let n = side(&tab.draft, tab.check_size);
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("bench.heaps.size"));
        ui.add(egui::DragValue::new(&mut tab.check_size).range(8..=super::workbench::MAX_CHECK_SIDE).speed(1.0))
            .labelled_by(label.id);
    });
    if n < tab.check_size {
        let text =
            trf("bench.heaps.capped", &[("top", &(n - 1)), ("side", &MAX_BENCH_SIDE), ("max", &MAX_BENCH_POSITIONS)]);
        ui.phrases(RichText::new(text).small());
    }
    let ok = !tab.formula.trim().is_empty()
        && tab.bench.formula_compiles()
        && tab.bench.statement.error.is_none()
        && tab.bench.heaps.job.is_none();
    let button = RichText::new(trf("bench.heaps.check", &[("n", &d), ("top", &(n - 1))])).strong();
    if ui.add_enabled(ok, egui::Button::new(button)).clicked() {
        start(tab, n, ui.ctx());
    }
    if let Some(job) = &tab.bench.heaps.job {
        widgets::job_progress(ui, job);
    }
    results(tab, ui, pal);
}

fn start(tab: &mut PiecesTab, n: usize, ctx: &egui::Context) {
    let rules = tab.draft.clone();
    let (formula, mode) = (tab.formula.clone(), tab.check_mode);
    let condition = super::statement::condition_text(tab);
    tab.bench.heaps.stop = None;
    tab.bench.heaps.job = Some(widgets::spawn(widgets::JobLabel::new("bench.heaps.job"), ctx, move |c| {
        let sides = vec![n; rules.dimension as usize];
        let table = GameTable::compute_heaps(&rules, &sides, false, &c).map_err(HeapsFailure::Table)?;
        let report = check_heaps(table, &formula, condition.as_deref(), mode, &c).map_err(HeapsFailure::Check)?;
        Ok(HeapsChecked { report, rules, formula, condition, mode, side: n })
    }));
}

fn results(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    match &tab.bench.heaps.stop {
        Some(HeapsStop::Cancelled) => {
            ui.error_label(tr("bench.cancelled"));
        }
        Some(HeapsStop::Failed(e)) => {
            let why = job_error(e, |f| match f {
                HeapsFailure::Table(e) => table_error(e),
                HeapsFailure::Check(e) => crate::ui::words::reports::heaps_check_error(e),
            });
            ui.error_label(trf("bench.failed", &[("error", &why)]));
        }
        None => {}
    }
    let Some(done) = &tab.bench.heaps.result else { return };
    ui.add_space(4.0);
    let colour = if done.report.holds() { pal.good_fill } else { pal.bad_fill };
    widgets::banner(ui, colour, pal.banner_text, &crate::ui::words::reports::heaps_verdict(&done.report), false);
    if let Some(left) = crate::ui::words::reports::heaps_left_out(&done.report) {
        ui.phrases(left);
    }
    for line in crate::ui::words::reports::heaps_lines(&done.report) {
        ui.phrases(RichText::new(line).monospace());
    }
    let asked = side(&tab.draft, tab.check_size);
    if !done.rules.same_game(&tab.draft)
        || done.formula != tab.formula
        || done.condition != super::statement::condition_text(tab)
        || done.mode != tab.check_mode
        || done.side != asked
    {
        ui.error_label(tr("bench.stale"));
    }
    if let Some(plane) = &done.report.plane {
        let picture = MaskPicture {
            name: "pieces_heaps_diff",
            mode: done.report.mode,
            size: [plane.width, plane.height],
            fails: &plane.fails,
        };
        let (resp, at) = picture.show(ui, pal, &mut tab.bench.heaps.texture, [plane.width, plane.height]);
        let zeros = crate::conjecture::heaps::plane_zeros(done.rules.dimension as usize);
        if let Some((x1, x2)) = at {
            let words = match (done.report.mode, plane.fails_at(x1, x2) == Some(true)) {
                (CheckMode::Formula, false) => "bench.diff_agree",
                (CheckMode::Formula, true) => "bench.diff_differ",
                (CheckMode::Holds, false) => "bench.diff_true",
                (CheckMode::Holds, true) => "bench.diff_false",
            };
            let position = format!("({x1}, {x2}, {zeros})");
            resp.tip(trf("bench.heaps.diff_cell", &[("position", &position), ("what", &tr(words))]));
        }
        ui.phrases(RichText::new(trf("bench.heaps.diff_plane", &[("zeros", &zeros)])).small());
    }
    let (report, rules) = (&done.report, &done.rules);
    super::statement::save_paragraph(&mut tab.bench.statement, ui, |format| {
        heaps_paragraph(report, &heaps_command_for(rules, report), format)
    });
}
