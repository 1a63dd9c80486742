//! Tours: a search or a count per region as a background job, the answer in
//! plain words, mirroring A's tour into B.

use super::{KnightTab, Tool, region_key, region_name, symmetry_name};
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::knight::tour::find_region_tour;
use crate::knight::{
    Board, Leaper, LeaperGraph, NoTourReason, Pos, Region, Symmetry, Tour, TourCount, TourError, TourFault, TourResult,
    TourSpec, count_tours, find_symmetric_tour,
};
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets;
use egui::RichText;
use std::time::Duration;

/// Regions larger than this are not counted (the count would not finish).
pub const COUNT_MAX_CELLS: usize = 64;

/// How a tour shown came about.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// Found by a search (symmetric under this symmetry, if asked).
    Search(Option<Symmetry>),
    /// Mirrored from region A.
    Mirrored(Symmetry),
    /// Built in the puzzle.
    Puzzle,
}

/// The last answer about a region.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A tour (it is in [`RegionWork::tour`]).
    Found(Origin),
    /// Proved: no tour; the reason.
    NoTour(NoTourReason),
    /// Not decided within this many seconds.
    Undecided(f32),
    /// The user cancelled.
    Cancelled,
    /// Something went wrong.
    Failed(Failure),
    /// A count: the number and what was counted (closed, start).
    Count(TourCount, bool, Option<Pos>),
}

/// Why a search or a count gave no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The search returned something that is not a tour (a bug; the tour
    /// is not shown).
    BadTour(TourFault),
    /// The job stopped with an error (worded when it is drawn).
    Job(JobError<TourError>),
}

/// What a job returns.
#[derive(Clone, Debug)]
pub enum JobOut {
    /// The answer of a search.
    Search(TourResult, Option<Symmetry>),
    /// The answer of a count, closed, start.
    Count(TourCount, bool, Option<Pos>),
}

/// One region's tour, answer and job.
#[derive(Default)]
pub struct RegionWork {
    /// The tour shown.
    pub tour: Option<Tour>,
    /// The last answer.
    pub outcome: Option<Outcome>,
    /// The cells and leaper the answer (or the job) is about.
    input: Option<(Vec<Pos>, Leaper)>,
    /// The running search or count.
    pub job: Option<Job<JobOut, TourError>>,
    time_limit: f32,
}

impl RegionWork {
    /// Keep only what still holds for `region` of `board` with `leaper`.
    pub fn keep_if_valid(&mut self, board: &Board, region: Region, leaper: Leaper) {
        if let Some(t) = &self.tour
            && t.verify(board, region, leaper).is_err()
        {
            self.tour = None;
            if matches!(self.outcome, Some(Outcome::Found(_))) {
                self.outcome = None;
            }
        }
        let same = self.input.as_ref().is_some_and(|(cells, l)| *l == leaper && *cells == board.region_cells(region));
        if !same {
            // Dropping the job cancels it.
            self.job = None;
            if !matches!(self.outcome, Some(Outcome::Found(_))) {
                self.outcome = None;
            }
            self.input = None;
        }
    }

    /// Set a tour (and the answer saying where it came from).
    pub fn set_tour(&mut self, tour: Tour, origin: Origin, board: &Board, region: Region, leaper: Leaper) {
        self.tour = Some(tour);
        self.outcome = Some(Outcome::Found(origin));
        self.input = Some((board.region_cells(region), leaper));
    }
}

/// `n` with a comma between groups of three digits: 1,234,567.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A running search or count: its name; a bar of the time used out of the
/// time limit (not of the work, which nobody knows in advance) with Cancel;
/// and the number of positions searched so far.
fn search_progress(ui: &mut egui::Ui, w: &RegionWork) {
    let Some(job) = w.job.as_ref().filter(|j| !j.is_finished()) else { return };
    ui.phrases(widgets::JobLabel::words(job.name()));
    // The time in words above the bar: inside a bar of a narrow panel it
    // was cut off.
    let used = job.fraction() * w.time_limit;
    ui.phrases(trf("knight.time_used", &[("s", &format!("{used:.1}")), ("limit", &format!("{:.1}", w.time_limit))]));
    ui.horizontal_wrapped(|ui| {
        let width = (ui.available_width() - 100.0).clamp(120.0, 300.0);
        ui.add(egui::ProgressBar::new(job.fraction()).desired_width(width));
        if ui.button(tr("job.cancel")).clicked() {
            job.cancel();
        }
    });
    ui.phrases(trf("knight.nodes", &[("n", &grouped(job.control().done()))]));
}

impl KnightTab {
    fn limit(&self) -> Duration {
        Duration::from_secs_f32(self.options.time_limit.clamp(0.5, 3600.0))
    }

    /// Start a tour search for `region` (as the options say).
    pub fn start_search(&mut self, region: Region, ctx: &egui::Context) {
        let r = region.index();
        let board = self.design.board.clone();
        let leaper = self.design.leaper;
        let spec = TourSpec { closed: self.options.closed, start: self.start[r] };
        // The search looks for a tour mapped onto itself by one map; for
        // "both mirrors" that is the half turn, and the answer says so.
        let sym = self.options.symmetric_tours.then_some(self.options.symmetry.generator());
        let limit = self.limit();
        let name = widgets::JobLabel::with("knight.search_job", "region", region_key(region));
        let w = &mut self.work[r];
        w.input = Some((board.region_cells(region), leaper));
        w.time_limit = limit.as_secs_f32();
        w.job = Some(widgets::spawn(name, ctx, move |c| {
            // The control's time limit ends the search; its count is the
            // positions tried, its progress the share of the time used.
            c.set_time_limit(limit);
            let answer = match sym {
                Some(s) => Ok(find_symmetric_tour(&board, region, leaper, s, spec.closed, &c)),
                None => find_region_tour(&board, region, leaper, &spec, &c),
            }?;
            Ok(JobOut::Search(answer, sym))
        }));
    }

    /// Start counting the tours of `region`.
    pub fn start_count(&mut self, region: Region, ctx: &egui::Context) {
        let r = region.index();
        let g = LeaperGraph::of_region(&self.design.board, region, self.design.leaper);
        let (closed, start) = (self.options.closed, self.start[r]);
        let limit = self.limit();
        let name = widgets::JobLabel::with("knight.count_job", "region", region_key(region));
        let w = &mut self.work[r];
        w.input = Some((self.design.board.region_cells(region), self.design.leaper));
        w.time_limit = limit.as_secs_f32();
        w.job = Some(widgets::spawn(name, ctx, move |c| {
            c.set_time_limit(limit);
            let n = count_tours(&g, &TourSpec { closed, start }, &c)?;
            Ok(JobOut::Count(n, closed, start))
        }));
    }

    /// Take the answers of finished jobs.
    pub fn poll_jobs(&mut self) {
        for region in Region::BOTH {
            let w = &mut self.work[region.index()];
            let Some(end) = poll(&mut w.job) else { continue };
            w.outcome = Some(match end {
                JobEnd::Done(JobOut::Search(TourResult::Found(t), sym)) => {
                    // Every tour shown is checked move by move.
                    match t.verify(&self.design.board, region, self.design.leaper) {
                        Ok(()) => {
                            w.tour = Some(t);
                            Outcome::Found(Origin::Search(sym))
                        }
                        Err(e) => Outcome::Failed(Failure::BadTour(e)),
                    }
                }
                JobEnd::Done(JobOut::Search(TourResult::None(why), _)) => Outcome::NoTour(why),
                JobEnd::Done(JobOut::Search(TourResult::Undecided, _)) => Outcome::Undecided(w.time_limit),
                JobEnd::Done(JobOut::Count(n, closed, start)) => Outcome::Count(n, closed, start),
                JobEnd::Cancelled => Outcome::Cancelled,
                JobEnd::Failed(e) => Outcome::Failed(Failure::Job(e)),
            });
        }
        self.poll_export();
    }

    /// Whether some search or count is running.
    pub fn busy(&self) -> bool {
        self.work.iter().any(|w| w.job.is_some())
    }

    /// Put the image of A's tour into B.
    pub fn mirror_a_into_b(&mut self) -> bool {
        let (b, l, sym) = (&self.design.board, self.design.leaper, self.options.symmetry.generator());
        let Some(t) = &self.work[0].tour else { return false };
        let Some(image) = t.mapped(sym, b.width(), b.height()) else { return false };
        if image.verify(b, Region::B, l).is_err() {
            return false;
        }
        let board = b.clone();
        self.work[1].set_tour(image, Origin::Mirrored(sym), &board, Region::B, l);
        true
    }

    pub(super) fn solve_panel(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        ui.section(tr("knight.tours"));
        let o = &mut self.options;
        ui.checkbox(&mut o.closed, tr("knight.closed"));
        ui.checkbox(&mut o.symmetric_tours, tr("knight.symmetric")).tip(symmetry_name(o.symmetry.generator()));
        if o.symmetric_tours {
            if o.symmetry == Symmetry::None {
                ui.small(tr("knight.symmetric.none"));
            } else {
                let note = trf("knight.symmetric.uses", &[("sym", &symmetry_name(o.symmetry.generator()))]);
                ui.small(note);
            }
        }
        ui.horizontal_wrapped(|ui| {
            let l = ui.phrases(tr("knight.time_limit"));
            ui.add(egui::DragValue::new(&mut o.time_limit).range(0.5..=600.0).speed(0.5)).labelled_by(l.id);
        });
        for region in Region::BOTH {
            self.region_block(ui, region, ctx);
        }
        let ok = self.work[0].tour.is_some() && self.design.board.b_is_image_of_a(self.options.symmetry);
        let resp = ui.add_enabled(ok, egui::Button::new(tr("knight.mirror")));
        if resp.clicked() {
            self.mirror_a_into_b();
        }
        if !ok {
            resp.on_disabled_hover_text(trf("knight.mirror.why", &[("sym", &symmetry_name(self.options.symmetry))]));
        }
    }

    fn region_block(&mut self, ui: &mut egui::Ui, region: Region, ctx: &egui::Context) {
        let r = region.index();
        let cells = self.design.board.count(region);
        let color = crate::ui::scene_painter::color(self.design.style.lines[r]);
        ui.add_space(8.0);
        ui.separator();
        let moves = self.canvas.edge_count(region);
        ui.phrases(
            RichText::new(trf(
                "knight.cells",
                &[("region", &region_name(region)), ("cells", &cells), ("moves", &moves)],
            ))
            .strong()
            .color(color),
        );
        if cells == 0 {
            ui.small(trf("knight.empty_region", &[("region", &region_name(region))]));
            return;
        }
        ui.horizontal_wrapped(|ui| {
            match self.start[r] {
                Some(p) => ui.phrases(trf("knight.start", &[("cell", &format!("({}, {})", p.x, p.y))])),
                None => ui.phrases(tr("knight.start.any")),
            };
            if self.start[r].is_some() && ui.small_button(tr("knight.start.clear")).clicked() {
                self.start[r] = None;
            }
        });
        if self.start[r].is_some() && self.options.symmetric_tours {
            ui.small(tr("knight.start.symmetric"));
        }
        let running = self.work[r].job.is_some();
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(!running, egui::Button::new(trf("knight.find", &[("region", &region_name(region))])))
                .clicked()
            {
                self.start_search(region, ctx);
            }
            let small = cells <= COUNT_MAX_CELLS;
            let resp = ui.add_enabled(
                !running && small,
                egui::Button::new(trf("knight.count", &[("region", &region_name(region))])),
            );
            if resp.clicked() {
                self.start_count(region, ctx);
            }
            if !small {
                resp.on_disabled_hover_text(trf("knight.count.small", &[("n", &COUNT_MAX_CELLS)]));
            }
        });
        search_progress(ui, &self.work[r]);
        if let Some(text) = self.outcome_text(region) {
            ui.phrases(RichText::new(text).size(ui.style().text_styles[&egui::TextStyle::Body].size * 1.05));
        }
        if self.options.tool == Tool::PickStart {
            ui.small(tr("knight.start.pick"));
        }
    }

    /// The last answer about `region` in plain words.
    pub fn outcome_text(&self, region: Region) -> Option<String> {
        let w = &self.work[region.index()];
        Some(match w.outcome.as_ref()? {
            Outcome::Found(origin) => {
                let t = w.tour.as_ref()?;
                let key = if t.closed { "knight.found.closed" } else { "knight.found.open" };
                let mut s = trf(key, &[("n", &t.cells.len())]);
                match origin {
                    Origin::Search(Some(sym)) => {
                        s += " ";
                        s += &trf("knight.found.symmetric", &[("sym", &symmetry_name(*sym))]);
                    }
                    Origin::Mirrored(sym) => {
                        s += " ";
                        s += &trf("knight.found.mirrored", &[("sym", &symmetry_name(*sym))]);
                    }
                    Origin::Puzzle => {
                        s += " ";
                        s += tr("knight.found.puzzle");
                    }
                    Origin::Search(None) => {}
                }
                s
            }
            Outcome::NoTour(why) => trf("knight.none", &[("reason", &super::reason::reason_text(why))]),
            Outcome::Undecided(s) => trf("knight.undecided", &[("s", s)]),
            Outcome::Cancelled => tr("knight.cancelled").to_string(),
            Outcome::Failed(Failure::BadTour(f)) => {
                trf("knight.failed.bad_tour", &[("fault", &super::reason::fault_text(f))])
            }
            Outcome::Failed(Failure::Job(e)) => {
                let error = crate::ui::words::errors::job_error(e, crate::ui::words::errors::tour_error);
                trf("knight.failed", &[("error", &error)])
            }
            Outcome::Count(n, closed, start) => {
                let kind = match (closed, start) {
                    (true, _) => tr("knight.kind.closed").to_string(),
                    (false, Some(p)) => trf("knight.kind.open_from", &[("cell", &format!("({}, {})", p.x, p.y))]),
                    (false, None) => tr("knight.kind.open").to_string(),
                };
                match n {
                    TourCount::Exact(n) => trf("knight.count.exact", &[("n", n), ("kind", &kind)]),
                    TourCount::AtLeast(n) => trf("knight.count.at_least", &[("n", n), ("kind", &kind)]),
                }
            }
        })
    }
}
