//! The table of the map: the one on screen (with its statistics and
//! level-of-detail pyramid, computed after it), the one being computed
//! (drawn as it fills in, over the old one), and the rules and size that
//! could not be computed, with why.
//!
//! Invariants kept here: a failed size is not retried every frame (only
//! [`TableState::retry`] clears it); starting a new table drops (cancels)
//! the previous computation; the error shown belongs to the last attempt.

use crate::grundy::{Axis, EngineError, Table};
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::map::Pyramid;
use crate::map::stats::Stats;
use crate::rules::Rules;
use crate::ui::i18n::trf;
use crate::ui::notice::Notice;
use crate::ui::widgets;
use crate::ui::words::errors::engine_error;
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// The finished derived data of a complete table.
pub(crate) struct Finished {
    /// `None` when the memory left could not hold it: zoomed out, the map
    /// then samples a cell a pixel (and says so).
    pub pyramid: Option<Pyramid>,
    pub stats: Stats,
}

/// The table on screen: the plane drawn (`table`), cut out of the whole
/// table (`full`) for three heaps or a pass, else the whole table itself.
struct Shown {
    full: Arc<Table>,
    table: Arc<Table>,
    finish: Option<Job<Arc<Finished>>>,
    finished: Option<Arc<Finished>>,
}

/// The box the map computes for `rules` at side `size`: a strip for one
/// heap, a square for two, a cube for three (at most [`MAX_CUBE`] a side).
pub(crate) fn map_box(rules: &Rules, size: usize) -> [usize; 3] {
    match rules.dimension {
        1 => [size, 1, 1],
        3 => {
            let n = size.min(MAX_CUBE);
            [n, n, n]
        }
        _ => [size, size, 1],
    }
}

/// The largest side of a three-heap map (512³ cells take 0.5 GB and more).
pub(crate) const MAX_CUBE: usize = 512;

/// Whether the whole table of `t` is drawn plane by plane (three heaps, or
/// the two layers of a pass).
fn needs_planes(t: &Table) -> bool {
    t.depth() > 1 || t.layers() > 1
}

/// A view within the table: a two-coordinate table is its plane z = 0.
fn clamp_view(full: &Table, (axis, at, layer): (Axis, usize, usize)) -> (Axis, usize, usize) {
    let axis = if full.depth() > 1 { axis } else { Axis::Z };
    (axis, at.min(full.dims()[axis.index()] - 1), layer.min(full.layers() - 1))
}

/// A plane being cut out of a whole table, in the background: the plane on
/// screen stays there until it is ready. (The cut runs on rayon's pool,
/// which a long check may keep busy: the UI thread never waits for it.)
struct Cutting {
    full: Arc<Table>,
    job: Job<Arc<Table>>,
    /// Whether the table is new (just computed), not only the view changed.
    new_table: bool,
}

/// A table being computed (shown as it fills in, over the previous one).
struct Computing {
    table: Arc<Table>,
    /// The fill, which answers how long it took.
    job: Job<Duration, EngineError>,
}

/// The map's table, the one being computed and the last failure.
#[derive(Default)]
pub(crate) struct TableState {
    shown: Option<Shown>,
    cutting: Option<Cutting>,
    computing: Option<Computing>,
    /// The rules and size that could not be computed (not retried every frame).
    failed: Option<(Rules, [usize; 3])>,
    /// Why the last attempt failed, in the user's language.
    error: Option<Notice>,
    /// The plane drawn: the coordinate held fixed, its value, and the layer
    /// (for three heaps and a pass).
    view: (Axis, usize, usize),
    /// How long the fill of the table on screen took (the browser's smoke
    /// test compares it with the desktop's).
    fill_time: Option<Duration>,
}

/// What [`TableState::poll`] saw.
pub(crate) enum TableEvent {
    /// A new table replaced the one on screen; `first` when there was none.
    Arrived { first: bool },
}

impl TableState {
    /// The table on screen (the plane drawn).
    pub fn shown(&self) -> Option<&Arc<Table>> {
        self.shown.as_ref().map(|s| &s.table)
    }

    /// The whole table behind the plane on screen.
    pub fn full(&self) -> Option<&Arc<Table>> {
        self.shown.as_ref().map(|s| &s.full)
    }

    /// Draw the plane `axis = at` of `layer` (clamped to the table): a copy
    /// of one plane, then its statistics in the background.
    pub fn set_view(&mut self, ctx: &egui::Context, axis: Axis, at: usize, layer: usize) {
        // The newest whole table: the one being cut, else the one on screen.
        let latest = match (&self.cutting, &self.shown) {
            (Some(c), _) => Some((c.full.clone(), c.new_table)),
            (None, Some(s)) => Some((s.full.clone(), false)),
            (None, None) => None,
        };
        let Some((full, new_table)) = latest else {
            self.view = (axis, at, layer);
            return;
        };
        let view = clamp_view(&full, (axis, at, layer));
        if view == self.view {
            return;
        }
        self.view = view;
        if needs_planes(&full) {
            self.show(ctx, full, new_table);
        }
    }

    /// Put `full` on screen: at once when it is one plane, else its plane
    /// of the current view once cut out in the background. A table just
    /// computed (`new_table`) makes a [`TableEvent`] when it is on screen.
    fn show(&mut self, ctx: &egui::Context, full: Arc<Table>, new_table: bool) -> Option<TableEvent> {
        self.view = clamp_view(&full, self.view);
        if !needs_planes(&full) {
            // Dropping a cut in progress cancels it.
            self.cutting = None;
            return self.put_on_screen(ctx, full.clone(), full, new_table);
        }
        let (axis, at, layer) = self.view;
        let f = full.clone();
        let job = widgets::spawn(widgets::JobLabel::new("map.cutting"), ctx, move |_| {
            Ok::<_, String>(Arc::new(Table::slice(&f, axis, at, layer)))
        });
        self.cutting = Some(Cutting { full, job, new_table });
        None
    }

    /// Draw `table`, a plane of `full` (or `full` itself), and start its
    /// statistics in the background.
    fn put_on_screen(
        &mut self,
        ctx: &egui::Context,
        full: Arc<Table>,
        table: Arc<Table>,
        new_table: bool,
    ) -> Option<TableEvent> {
        let first = self.shown.is_none();
        self.shown = Some(Shown { finish: Some(finish_job(ctx, &table)), full, table, finished: None });
        new_table.then_some(TableEvent::Arrived { first })
    }

    /// How long the fill of the table on screen took.
    pub fn fill_time(&self) -> Option<Duration> {
        self.fill_time
    }

    /// The statistics and pyramid of the table on screen, once ready.
    pub fn finished(&self) -> Option<&Arc<Finished>> {
        self.shown.as_ref().and_then(|s| s.finished.as_ref())
    }

    /// The finished data of `table`, if it is the one on screen.
    pub fn finished_of(&self, table: &Arc<Table>) -> Option<Arc<Finished>> {
        self.shown.as_ref().filter(|s| Arc::ptr_eq(&s.table, table)).and_then(|s| s.finished.clone())
    }

    /// The job preparing the statistics and pyramid, while it runs.
    pub fn finishing(&self) -> Option<&Job<Arc<Finished>>> {
        self.shown.as_ref().and_then(|s| s.finish.as_ref())
    }

    /// The computation in progress.
    pub fn computing(&self) -> Option<&Job<Duration, EngineError>> {
        self.computing.as_ref().map(|c| &c.job)
    }

    /// The cut of a plane (of a new table or view) in progress.
    pub fn cutting(&self) -> Option<&Job<Arc<Table>>> {
        self.cutting.as_ref().map(|c| &c.job)
    }

    /// The table to draw and the one under it: the table being computed over
    /// the old one, or the table on screen alone.
    pub fn to_draw(&self) -> Option<(Arc<Table>, Option<Arc<Table>>)> {
        match (&self.computing, &self.shown) {
            // A table drawn plane by plane appears when it is complete.
            (Some(c), s) if !needs_planes(&c.table) => Some((c.table.clone(), s.as_ref().map(|s| s.table.clone()))),
            (_, Some(s)) => Some((s.table.clone(), None)),
            _ => None,
        }
    }

    /// Why the last attempt failed, in the user's language.
    pub fn error(&self) -> Option<String> {
        self.error.as_ref().map(Notice::text)
    }

    /// Whether the wanted table failed (then only [`TableState::retry`]
    /// starts it again).
    pub fn has_failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Start computing the `size x size` table of `rules` unless it is
    /// shown, being computed, or failed before.
    pub fn want(&mut self, ctx: &egui::Context, rules: &Rules, size: usize) {
        let dims = map_box(rules, size);
        let wanted = |t: &Table| t.rules().same_game(rules) && t.dims() == dims;
        let shown_ok = match &self.cutting {
            Some(c) => wanted(&c.full),
            None => self.shown.as_ref().is_some_and(|s| wanted(&s.full)),
        };
        let computing_ok = self.computing.as_ref().is_some_and(|c| wanted(&c.table));
        let failed_before = self.failed.as_ref().is_some_and(|(r, d)| r.same_game(rules) && *d == dims);
        if !shown_ok && !computing_ok && !failed_before {
            self.start(ctx, rules, size);
        }
    }

    /// Allocate the new table (refusing sizes that do not fit) and fill it in
    /// a job; the old map stays on screen until the new one is complete.
    fn start(&mut self, ctx: &egui::Context, rules: &Rules, size: usize) {
        // Dropping the old computation cancels it.
        self.computing = None;
        self.error = None;
        match crate::grundy::prepare_box(rules, map_box(rules, size)) {
            Err(e) => self.fail(rules.clone(), map_box(rules, size), Notice::new(move || engine_error(&e))),
            Ok(table) => {
                let table = Arc::new(table);
                let t = table.clone();
                let job = widgets::spawn(widgets::JobLabel::new("map.computing"), ctx, move |control| {
                    let started = Instant::now();
                    crate::grundy::fill(&t, &control).map(|()| started.elapsed())
                });
                self.computing = Some(Computing { table, job });
            }
        }
    }

    fn fail(&mut self, rules: Rules, dims: [usize; 3], why: Notice) {
        self.failed = Some((rules, dims));
        self.error = Some(why);
    }

    /// Compute again from scratch (after an error or a cancel, on request).
    pub fn retry(&mut self) {
        self.error = None;
        self.failed = None;
    }

    /// Collect the computation and the statistics that ended (starting the
    /// statistics of a new table); never waits.
    pub fn poll(&mut self, ctx: &egui::Context) -> Option<TableEvent> {
        let mut event = self.poll_computation(ctx);
        if let Some(c) = &mut self.cutting
            && let Some(end) = c.job.take()
        {
            let (full, new_table) = (c.full.clone(), c.new_table);
            self.cutting = None;
            match end {
                JobEnd::Done(table) => event = event.or(self.put_on_screen(ctx, full, table, new_table)),
                // A cut is a copy, never cancelled here; it may still fail
                // (a panic, no thread to run it): said, not retried.
                JobEnd::Cancelled => {}
                JobEnd::Failed(e) => {
                    let detail = match e {
                        JobError::Panicked(m) | JobError::Work(m) => m,
                    };
                    let why = Notice::new(move || trf("map.internal_error", &[("detail", &detail)]));
                    self.fail(full.rules().clone(), full.dims(), why);
                }
            }
        }
        if let Some(s) = &mut self.shown
            && let Some(JobEnd::Done(f)) = poll(&mut s.finish)
        {
            s.finished = Some(f);
        }
        event
    }

    fn poll_computation(&mut self, ctx: &egui::Context) -> Option<TableEvent> {
        let c = self.computing.as_mut()?;
        let end = c.job.take()?;
        let table = c.table.clone();
        self.computing = None;
        let (rules, size) = (table.rules().clone(), table.dims());
        match end {
            JobEnd::Done(took) => {
                self.fill_time = Some(took);
                return self.show(ctx, table, true);
            }
            // Not started again by itself: the Compute button does that.
            JobEnd::Cancelled | JobEnd::Failed(JobError::Work(EngineError::Cancelled)) => {
                self.fail(rules, size, Notice::key("map.cancelled"))
            }
            JobEnd::Failed(JobError::Work(e)) => self.fail(rules, size, Notice::new(move || engine_error(&e))),
            JobEnd::Failed(JobError::Panicked(m)) => {
                self.fail(rules, size, Notice::new(move || trf("map.internal_error", &[("detail", &m)])))
            }
        }
        None
    }
}

/// The statistics and (memory allowing) the pyramid of a complete table.
fn finish_job(ctx: &egui::Context, table: &Arc<Table>) -> Job<Arc<Finished>> {
    let t = table.clone();
    widgets::spawn(widgets::JobLabel::new("map.finishing"), ctx, move |control| {
        let stats = crate::map::stats::stats(&t, &control).ok_or("cancelled")?;
        let fits = Pyramid::bytes_needed(&t) <= crate::grundy::memory_limit();
        let pyramid = if fits { Some(Pyramid::build(&t, &control).ok_or("cancelled")?) } else { None };
        Ok(Arc::new(Finished { pyramid, stats }))
    })
}
