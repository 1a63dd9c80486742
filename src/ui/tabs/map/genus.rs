//! Conway's genus of the pinned cell of a misère map, computed in the
//! background (every position the cell can reach, at most 65 536 cells),
//! shown under the cell's moves with what it is made of in its tooltip.

use crate::Control;
use crate::grundy::genus::{GENUS_COPIES, Genus, GenusError, MAX_GENUS_CELLS, MAX_GENUS_MOVES, genus};
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::rules::Rules;
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets::{self, JobLabel};

/// The genus of one position: the job computing it, then how it ended.
#[derive(Default)]
pub(crate) struct PinnedGenus {
    /// The game and position asked.
    asked: Option<(Rules, [u64; 3])>,
    job: Option<Job<Genus, GenusError>>,
    ended: Option<Ended>,
}

/// How the computation of a genus ended.
enum Ended {
    Found(Genus),
    /// Why not, in the user's language.
    Failed(String),
    /// Computed again on request only.
    Cancelled,
}

impl PinnedGenus {
    /// Forget the position asked (its job, if running, is cancelled): the
    /// cell was unpinned, or the map is not misère any more.
    pub fn forget(&mut self) {
        *self = PinnedGenus::default();
    }

    /// The genus of `p` in `rules`: started when first asked, shown when
    /// found (never waits).
    pub fn show(&mut self, ui: &mut egui::Ui, rules: &Rules, p: [u64; 3]) {
        let same = self.asked.as_ref().is_some_and(|(r, q)| r.same_game(rules) && *q == p);
        if !same {
            // Dropping a job cancels it.
            self.ended = None;
            self.asked = Some((rules.clone(), p));
            let r = rules.clone();
            self.job = Some(widgets::spawn(
                JobLabel::new("map.genus.job"),
                ui.ctx(),
                move |control: std::sync::Arc<Control>| genus(&r, p, &control),
            ));
        }
        match poll(&mut self.job) {
            Some(JobEnd::Done(g)) => self.ended = Some(Ended::Found(g)),
            Some(JobEnd::Failed(JobError::Work(GenusError::Cancelled)) | JobEnd::Cancelled) => {
                self.ended = Some(Ended::Cancelled);
            }
            Some(JobEnd::Failed(JobError::Work(e))) => self.ended = Some(Ended::Failed(words(&e))),
            Some(JobEnd::Failed(JobError::Panicked(m))) => {
                self.ended = Some(Ended::Failed(trf("map.internal_error", &[("detail", &m)])));
            }
            None => {}
        }
        if let Some(job) = &self.job
            && widgets::job_progress(ui, job)
        {
            self.job = None;
            self.ended = Some(Ended::Cancelled);
        }
        match &self.ended {
            Some(Ended::Found(g)) => {
                let mut line = trf("map.genus", &[("genus", &g.notation())]);
                if g.is_nim_like() {
                    line.push_str(&trf("map.genus.nim", &[("n", &g.normal)]));
                }
                let values: Vec<String> = g.misere.iter().map(u32::to_string).collect();
                let tip =
                    trf("map.genus.tip", &[("g", &g.normal), ("values", &values.join(" ")), ("copies", &GENUS_COPIES)]);
                ui.phrases(line).tip(tip);
            }
            Some(Ended::Failed(why)) => {
                ui.phrases(why.as_str());
            }
            Some(Ended::Cancelled) => {
                ui.phrases(tr("map.cancelled"));
                if ui.button(tr("map.genus.again")).clicked() {
                    self.asked = None;
                }
            }
            None => {}
        }
    }
}

/// Why the genus was not computed, in the user's language.
fn words(e: &GenusError) -> String {
    match e {
        GenusError::ManyCoordinates(_) => tr("map.genus.many").to_string(),
        GenusError::Passes => tr("map.genus.passes").to_string(),
        GenusError::TooLarge { cells } => {
            let cells = if *cells == u64::MAX { tr("map.genus.too_many").to_string() } else { cells.to_string() };
            trf("map.genus.too_large", &[("cells", &cells), ("max", &MAX_GENUS_CELLS)])
        }
        GenusError::NotAPosition => tr("map.genus.not_a_position").to_string(),
        GenusError::LeavesBox => tr("map.genus.leaves_box").to_string(),
        GenusError::TooManyMoves => trf("map.genus.too_many_moves", &[("max", &MAX_GENUS_MOVES)]),
        GenusError::Program(e) => crate::ui::words::errors::program_error(e),
        // Shown as [`Ended::Cancelled`], with its button.
        GenusError::Cancelled => tr("map.cancelled").to_string(),
    }
}
