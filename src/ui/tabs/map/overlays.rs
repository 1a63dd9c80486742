//! Difference views drawn instead of the map: where this map has value a
//! and another game's map value b, or where a formula differs from the
//! table. Each is computed in a job; its summary is in the user's language.
//!
//! Invariants kept here: one overlay job at a time (starting one drops,
//! and so cancels, the last); an overlay belongs to the table it was
//! computed from, and a new table drops it (and a job still computing one
//! for the old table); the error shown belongs to the last attempt.

use crate::conjecture::{Formula, FormulaError};
use crate::game_table::{GameTable, TableError};
use crate::grundy::{Axis, Table};
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::map::{Palette, PaletteKind};
use crate::rules::Rules;
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::rules_choice::rules_name;
use crate::ui::widgets;
use crate::ui::words::errors::{formula_error, table_error};
use std::sync::Arc;

pub(crate) use super::cell_values::CellValues;

/// Counterexamples listed in the formula overlay's summary.
const SHOWN_COUNTEREXAMPLES: usize = 5;

/// Which difference view an overlay table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OverlayKind {
    /// 0 neither, 1 only this map, 2 only the other, 3 both.
    Compare,
    /// 0 the formula agrees, 1 it differs.
    Formula,
    /// 0 the pass leaves the value as it is, 1 it changes it.
    Layers,
}

impl OverlayKind {
    /// The colours of the overlay's values.
    pub fn palette(self) -> Palette {
        match self {
            OverlayKind::Compare => Palette::new(PaletteKind::Highlight, 3, &[3, 1, 2]),
            OverlayKind::Formula | OverlayKind::Layers => Palette::new(PaletteKind::Highlight, 1, &[1]),
        }
    }

    /// The values of the cells the overlay is about, which a poster draws
    /// large enough to be seen: a P-position of one game only (compare),
    /// a cell where the formula differs, a value the passes change.
    pub fn emphasised(self) -> Vec<u32> {
        match self {
            OverlayKind::Compare => vec![1, 2],
            OverlayKind::Formula | OverlayKind::Layers => vec![1],
        }
    }
}

/// A poster's title from the cells it shows ("60 × 60"), worded when
/// drawn.
pub(crate) type PosterTitle = Arc<dyn Fn(&str) -> String + Send + Sync>;

/// A difference table drawn instead of the map.
#[derive(Clone)]
pub(crate) struct Overlay {
    pub table: Arc<Table>,
    pub kind: OverlayKind,
    /// What it shows, worded when drawn.
    pub summary: Notice,
    /// The two values behind each cell, which its number shows.
    pub cells: CellValues,
    /// The title of its poster.
    pub title: PosterTitle,
}

/// Why an overlay could not be computed.
#[derive(Debug)]
pub(crate) enum OverlayError {
    /// The other game's table.
    Table(TableError),
    /// The formula's check.
    Formula(FormulaError),
    /// A game of `g_of`.
    Other(crate::conjecture::OtherGameError),
    /// Cancelled between steps.
    Cancelled,
}

impl OverlayError {
    /// In the user's language.
    fn text(&self) -> String {
        match self {
            OverlayError::Table(e) => table_error(e),
            OverlayError::Formula(e) => formula_error(e),
            OverlayError::Other(e) => crate::ui::words::errors::other_game_error(e),
            OverlayError::Cancelled => tr("map.engine.cancelled").to_string(),
        }
    }
}

/// The overlay, the job computing the next one, and whether it is shown.
#[derive(Default)]
pub(crate) struct Overlays {
    overlay: Option<Overlay>,
    job: Option<Job<Overlay, OverlayError>>,
    show: bool,
    error: Option<Notice>,
}

impl Overlays {
    /// The overlay to draw: the last one, when it is switched on.
    pub fn shown(&self) -> Option<&Overlay> {
        self.overlay.as_ref().filter(|_| self.show)
    }

    /// The last overlay computed, shown or not.
    pub fn latest(&self) -> Option<&Overlay> {
        self.overlay.as_ref()
    }

    /// The switch "show the difference".
    pub fn show_switch(&mut self) -> &mut bool {
        &mut self.show
    }

    /// The running job.
    pub fn job(&self) -> Option<&Job<Overlay, OverlayError>> {
        self.job.as_ref()
    }

    /// Whether an overlay is being computed.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Why the last overlay could not be made, in the user's language.
    pub fn error(&self) -> Option<String> {
        self.error.as_ref().map(Notice::text)
    }

    /// Say why an overlay cannot be made (before any job starts).
    pub fn fail(&mut self, why: Notice) {
        self.error = Some(why);
    }

    /// A new table is on screen: the overlay of the old one goes.
    pub fn table_changed(&mut self) {
        self.overlay = None;
        self.job = None;
        self.show = false;
    }

    /// Compute where `table` has value `a` and `other`'s table has value `b`.
    pub fn start_compare(&mut self, ctx: &egui::Context, table: Arc<Table>, other: Rules, a: u32, b: u32) {
        self.start(widgets::spawn(widgets::JobLabel::new("map.comparing"), ctx, move |control| {
            let o = GameTable::compute_box(&other, &[table.width(), table.height(), 1], &control)
                .map_err(OverlayError::Table)?;
            let d = crate::map::compare::compare_values(&table, a, &o, b, &control).ok_or(OverlayError::Cancelled)?;
            let (first, second) = (table.rules().clone(), other.clone());
            let title: PosterTitle = Arc::new(move |range| {
                let (first, second) = (rules_name(&first), rules_name(&second));
                trf(
                    "map.poster.title.compare",
                    &[("first", &first), ("a", &a), ("second", &second), ("b", &b), ("range", &range)],
                )
            });
            let bounds = crate::map::compare::difference_bounds(&d, &control);
            if control.is_cancelled() {
                return Err(OverlayError::Cancelled);
            }
            let summary = match bounds {
                None => Notice::key("map.compare.same"),
                Some(b) => Notice::new(move || {
                    trf("map.compare.result", &[("count", &b.count), ("x", &b.max_x), ("y", &b.max_y)])
                }),
            };
            let cells = CellValues::Tables { this: table, other: o };
            Ok(Overlay { table: Arc::new(d), kind: OverlayKind::Compare, summary, cells, title })
        }));
    }

    /// Compute where `formula` differs from `table` (a statement: where it
    /// is false), on the cells where `condition` is true.
    pub fn start_formula(
        &mut self,
        ctx: &egui::Context,
        table: Arc<Table>,
        formula: Formula,
        mode: crate::conjecture::CheckMode,
        condition: Option<Formula>,
    ) {
        self.start(widgets::spawn(widgets::JobLabel::new("map.comparing"), ctx, move |control| {
            let texts: Vec<&str> =
                std::iter::once(formula.text()).chain(condition.as_ref().map(|c| c.text())).collect();
            let games = crate::conjecture::other_games(&texts, table.rules().dimension).map_err(OverlayError::Other)?;
            // A plane of a larger table: the other games on the whole box.
            let dims = table.slice_source().map_or(table.dims(), |s| s.full.dims());
            let others = crate::conjecture::compute_others(&games, &dims, &control).map_err(OverlayError::Other)?;
            let question =
                crate::conjecture::Question { formula: &formula, mode, condition: condition.as_ref(), others: &others };
            let report =
                crate::conjecture::check_question(&table, question, &control, None).map_err(OverlayError::Formula)?;
            let values: Vec<u32> = report.diff.values.iter().map(|&d| (d != 0) as u32).collect();
            let d = Table::from_values(table.rules(), report.width(), report.height(), values);
            let boolean = report.formula_kind == crate::conjecture::FormulaKind::Boolean;
            let cells = CellValues::Formula { table: table.clone(), diff: Arc::new(report.diff.clone()), boolean };
            let (rules, text) = (table.rules().clone(), report.formula.clone());
            let title: PosterTitle = Arc::new(move |range| {
                let rules = rules_name(&rules);
                trf("map.poster.title.formula", &[("formula", &text), ("rules", &rules), ("range", &range)])
            });
            let summary = Notice::new(move || crate::ui::words::reports::check_summary(&report, SHOWN_COUNTEREXAMPLES));
            Ok(Overlay { table: Arc::new(d), kind: OverlayKind::Formula, summary, cells, title })
        }));
    }

    /// Compute where the plane `axis = at` of `full` (rules with passes)
    /// has another value in `layer` (passes left) than in the layer below,
    /// the one a pass leads to.
    pub fn start_layers(&mut self, ctx: &egui::Context, full: Arc<Table>, axis: Axis, at: usize, layer: usize) {
        self.start(widgets::spawn(widgets::JobLabel::new("map.comparing"), ctx, move |control| {
            let layer = layer.clamp(1, full.layers().max(2) - 1);
            let (with, without) = (Table::slice(&full, axis, at, layer), Table::slice(&full, axis, at, layer - 1));
            let rules = with.rules().clone();
            let title: PosterTitle = Arc::new(move |range| {
                let rules = rules_name(&rules);
                trf("map.poster.title.layers", &[("rules", &rules), ("range", &range)])
            });
            let (w, h) = (with.width(), with.height());
            let mut values = Vec::with_capacity(w * h);
            for y in 0..h {
                if control.is_cancelled() {
                    return Err(OverlayError::Cancelled);
                }
                values.extend((0..w).map(|x| u32::from(with.get(x, y) != without.get(x, y))));
            }
            let count = values.iter().filter(|&&v| v == 1).count();
            let d = Table::from_values(with.rules(), w, h, values);
            let n = w * h;
            let summary = Notice::new(move || trf("map.pass.diff.result", &[("count", &count), ("cells", &n)]));
            let cells = CellValues::Tables { this: Arc::new(with), other: Arc::new(without) };
            Ok(Overlay { table: Arc::new(d), kind: OverlayKind::Layers, summary, cells, title })
        }));
    }

    fn start(&mut self, job: Job<Overlay, OverlayError>) {
        self.error = None;
        // Replacing the job cancels the one before.
        self.job = Some(job);
    }

    /// Collect the job that ended: a new overlay is shown at once.
    pub fn poll(&mut self) {
        match poll(&mut self.job) {
            Some(JobEnd::Done(o)) => {
                self.overlay = Some(o);
                self.show = true;
            }
            Some(JobEnd::Failed(JobError::Work(e))) => self.error = Some(Notice::new(move || e.text())),
            Some(JobEnd::Failed(JobError::Panicked(m))) => {
                self.error = Some(Notice::new(move || trf("map.internal_error", &[("detail", &m)])))
            }
            Some(JobEnd::Cancelled) | None => {}
        }
    }
}
