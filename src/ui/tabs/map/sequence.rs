//! A take-and-break game on the map tab: its values g(n) for a heap of
//! each size, computed in the background (millions of them), drawn as a
//! plot with the level of detail of [`Blocks`], the common and rare values
//! in their own colours, and the period proved (or not) with its
//! exceptions marked.
//!
//! The UI thread only draws: the values, their blocks, the period report
//! and the exceptions are made by the job. A frame reads at most
//! [`MOST_MARKS`] blocks or values.

use super::MapTab;
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::rules::Rules;
use crate::takebreak::blocks::Blocks;
use crate::takebreak::period::exceptions;
use crate::takebreak::{PeriodReport, Sequence, SequenceError, TakeBreak, check_memory, check_reach};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::state::{AppCommand, Shared};
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets::{self, JobLabel, MAX_NUMBER_CHARS, parse_count};
use crate::ui::words::takebreak::{period_verdict, period_why, sequence_error, takebreak_error};
use egui_plot::{Legend, Plot, PlotPoints, Points, VLine};
use std::sync::Arc;

/// The most blocks (or single values) a frame draws.
pub(crate) const MOST_MARKS: u64 = 3000;
/// How many values the plot shows at first.
const FIRST_SHOWN: u64 = 400;
/// The most exceptions listed and marked.
const MOST_EXCEPTIONS: usize = 2000;
/// The largest heap the field offers (the method's own limit is checked
/// too, and the memory).
pub(crate) const MAX_UP_TO: u64 = 1_000_000_000;

/// The values of one game, with what was found from them.
pub(crate) struct Computed {
    /// The rules they are the values of.
    pub rules: Rules,
    /// g(0), …, g(len − 1).
    pub seq: Arc<Sequence>,
    /// The values by blocks, for drawing.
    pub blocks: Blocks,
    /// What is known of the period.
    pub report: PeriodReport,
    /// The heaps below the period's start whose value is not periodic.
    pub exceptions: Vec<u64>,
}

/// The sequence on screen, the one being computed, and the last failure.
#[derive(Default)]
pub(crate) struct SequenceState {
    shown: Option<Arc<Computed>>,
    job: Option<Job<Arc<Computed>, SequenceError>>,
    /// The rules and length of the job (so that it is not started again).
    asked: Option<(Rules, u64)>,
    /// Why the last attempt failed.
    error: Option<Notice>,
    /// The spec field being edited.
    code: String,
    /// The "up to" field being edited.
    up_to: String,
    /// The heap size looked up, and the field that types it.
    look: String,
    /// Whether the plot was set to the first values of the sequence shown.
    fitted: bool,
    /// The formula box and its check.
    check: super::sequence_check::SequenceCheck,
    /// The misère quotient section.
    quotient: super::sequence_quotient::SequenceQuotient,
}

impl SequenceState {
    /// The values on screen, if any.
    pub(crate) fn shown(&self) -> Option<&Arc<Computed>> {
        self.shown.as_ref()
    }

    /// Whether values are being computed.
    pub(crate) fn is_computing(&self) -> bool {
        self.job.is_some()
    }

    /// Collect a finished job; never waits.
    pub(crate) fn poll(&mut self) {
        match poll(&mut self.job) {
            Some(JobEnd::Done(c)) => {
                // A new game opens on its first values; a longer run keeps the view.
                self.fitted &= self.shown.as_ref().is_some_and(|s| s.rules.same_game(&c.rules));
                self.shown = Some(c);
                self.error = None;
            }
            Some(JobEnd::Failed(JobError::Work(e))) => self.error = Some(Notice::new(move || sequence_error(&e))),
            Some(JobEnd::Failed(JobError::Panicked(m))) => {
                self.error = Some(Notice::new(move || trf("job.internal_error", &[("error", &m)])));
            }
            Some(JobEnd::Cancelled) => self.error = Some(Notice::new(|| tr("map.engine.cancelled").to_string())),
            None => {}
        }
    }

    /// Start computing the values of `rules` up to heap `up_to`, going on
    /// from the values on screen when they are of the same game.
    fn start(&mut self, ctx: &egui::Context, rules: &Rules, up_to: u64) {
        if self.asked.as_ref().is_some_and(|(r, n)| r.same_game(rules) && *n == up_to) {
            return;
        }
        self.asked = Some((rules.clone(), up_to));
        self.job = None;
        // Another game's values are not shown under this one's name.
        if self.shown.as_ref().is_some_and(|c| !c.rules.same_game(rules)) {
            self.shown = None;
        }
        let game = match TakeBreak::from_rules(rules) {
            Ok(g) => g,
            Err(e) => {
                self.error = Some(Notice::new(move || takebreak_error(&e)));
                return;
            }
        };
        // The limits are checked here, at once, before any work.
        if let Err(e) =
            check_reach(&game, up_to).and_then(|()| check_memory(up_to, false, crate::grundy::memory_limit()))
        {
            self.error = Some(Notice::new(move || sequence_error(&e)));
            return;
        }
        self.error = None;
        let from = self.shown.as_ref().filter(|c| c.rules.same_game(rules)).map(|c| c.seq.clone());
        let rules = rules.clone();
        self.job = Some(widgets::spawn(JobLabel::new("tb.job"), ctx, move |control| {
            let mut seq = match from {
                Some(s) if s.len() <= up_to + 1 => (*s).clone(),
                _ => Sequence::new(game.clone()),
            };
            seq.extend(up_to, &control, None)?;
            let report = PeriodReport::of(seq.game().as_code(), seq.len(), |n| seq.get(n).unwrap_or(0));
            let exceptions = match &report {
                PeriodReport::Proved(p) => exceptions(p, |n| seq.get(n).unwrap_or(0), MOST_EXCEPTIONS),
                _ => Vec::new(),
            };
            let blocks = Blocks::of(&seq);
            Ok(Arc::new(Computed { rules, seq: Arc::new(seq), blocks, report, exceptions }))
        }));
    }
}

/// The tab while the rules are a take-and-break game: the side panel
/// (the game, how far, the period) and the plot.
pub(super) fn draw(ui: &mut egui::Ui, tab: &mut MapTab, shared: &mut Shared) {
    let up_to = tab.options.sequence_up_to.min(MAX_UP_TO);
    tab.rt.sequence.start(ui.ctx(), &shared.rules, up_to);
    widgets::side_panel(ui, "map_side", widgets::Side::Right, 370.0, 0.4, |ui| side(ui, tab, shared));
    egui::CentralPanel::default().show(ui, |ui| plot(ui, tab));
}

/// The side panel.
fn side(ui: &mut egui::Ui, tab: &mut MapTab, shared: &mut Shared) {
    ui.add_space(6.0);
    super::side::rules_heading(ui, shared);
    ui.phrases(tr("tb.about"));
    spec_field(ui, tab, shared);
    ui.separator();
    up_to_field(ui, tab);
    let st = &mut tab.rt.sequence;
    if let Some(job) = &st.job
        && widgets::job_progress(ui, job)
    {
        st.job = None;
        st.asked = None;
    }
    if let Some(e) = &st.error {
        ui.colored_label(crate::ui::theme::current(ui.ctx()).bad, e.text());
    }
    let Some(c) = st.shown.clone() else { return };
    ui.separator();
    ui.phrases(egui::RichText::new(period_verdict(&c.report)).strong());
    if let Some(why) = period_why(&c.report) {
        ui.small(why);
    }
    if !c.exceptions.is_empty() {
        let list: Vec<String> = c.exceptions.iter().take(40).map(u64::to_string).collect();
        let more = if c.exceptions.len() > 40 { " …" } else { "" };
        ui.phrases(trf(
            "tb.exceptions",
            &[("n", &c.exceptions.len()), ("list", &format!("{}{more}", list.join(", ")))],
        ));
    }
    ui.separator();
    let seq = &c.seq;
    ui.phrases(trf(
        "tb.stats",
        &[("len", &seq.len()), ("max", &seq.max_value()), ("name", &crate::ui::rules_choice::rules_name(&c.rules))],
    ));
    ui.phrases(trf("tb.rare", &[("count", &seq.rare_count()), ("mask", &seq.rare_mask())])).tip(tr("tb.rare.tip"));
    let first: Vec<String> = (0..seq.len().min(60)).filter_map(|n| seq.get(n)).map(|v| v.to_string()).collect();
    ui.phrases(tr("tb.first"));
    ui.add(egui::Label::new(egui::RichText::new(first.join(" ")).monospace()).wrap());
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("tb.look"));
        ui.add(egui::TextEdit::singleline(&mut st.look).char_limit(MAX_NUMBER_CHARS).desired_width(120.0))
            .labelled_by(label.id);
    });
    if let Some(n) = parse_count(&st.look) {
        match (seq.get(n), seq.periodic_heap(n)) {
            (Some(v), _) => ui.phrases(value_sentence(seq, n, v)),
            (None, Some(m)) => {
                let v = seq.get(m).unwrap_or(0);
                ui.phrases(trf("tb.value.by_period", &[("n", &n), ("m", &m), ("v", &v)]))
            }
            (None, None) => ui.phrases(trf("tb.look.beyond", &[("n", &n), ("len", &seq.len())])),
        };
    }
    ui.separator();
    super::sequence_check::show(ui, &mut st.check, &c);
    ui.separator();
    super::sequence_quotient::show(ui, &mut st.quotient, c.seq.game());
}

/// `g(n) = v`, and whether it is rare and a P-position.
fn value_sentence(seq: &Sequence, n: u64, v: u32) -> String {
    let key = match (v, seq.is_rare(n) == Some(true)) {
        (0, _) => "tb.value.p",
        (_, true) => "tb.value.rare",
        _ => "tb.value.common",
    };
    trf(key, &[("n", &n), ("v", &v)])
}

/// The spec of the game, for a code of the user's (`octal:0.137`).
fn spec_field(ui: &mut egui::Ui, tab: &mut MapTab, shared: &mut Shared) {
    let st = &mut tab.rt.sequence;
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("tb.code")).tip(tr("tb.code.tip"));
        if st.code.is_empty() {
            st.code = shared.rules.breaks.clone().unwrap_or_default();
        }
        let r = ui
            .add(egui::TextEdit::singleline(&mut st.code).char_limit(widgets::MAX_FIELD_CHARS).desired_width(150.0))
            .labelled_by(label.id);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button(tr("tb.code.apply")).clicked() || enter {
            match TakeBreak::of_breaks(&st.code) {
                Ok(g) => shared.send(AppCommand::SetRules(Rules::take_and_break(g.name(), st.code.trim()))),
                Err(e) => st.error = Some(Notice::new(move || takebreak_error(&e))),
            }
        }
    });
}

/// How far the values go.
fn up_to_field(ui: &mut egui::Ui, tab: &mut MapTab) {
    let st = &mut tab.rt.sequence;
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("tb.up_to")).tip(tr("tb.up_to.tip"));
        if st.up_to.is_empty() {
            st.up_to = tab.options.sequence_up_to.to_string();
        }
        let r = ui
            .add(egui::TextEdit::singleline(&mut st.up_to).char_limit(MAX_NUMBER_CHARS).desired_width(120.0))
            .labelled_by(label.id);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button(tr("tb.compute")).clicked() || enter {
            match parse_count(&st.up_to) {
                Some(n) if (1..=MAX_UP_TO).contains(&n) => {
                    tab.options.sequence_up_to = n;
                    st.asked = None;
                }
                _ => st.error = Some(Notice::new(|| trf("tb.up_to.bad", &[("max", &MAX_UP_TO)]))),
            }
        }
    });
}

/// The plot of g(n): single values when few are visible, else the least
/// and largest value of each block, common and rare apart; the period's
/// start and the exceptions marked.
fn plot(ui: &mut egui::Ui, tab: &mut MapTab) {
    let Some(c) = tab.rt.sequence.shown.clone() else {
        // Nothing computing: the side panel says why (a limit, an error).
        let key = if tab.rt.sequence.is_computing() { "tb.computing" } else { "tb.no_values" };
        ui.centered_and_justified(|ui| ui.phrases(tr(key)));
        return;
    };
    let fitted = std::mem::replace(&mut tab.rt.sequence.fitted, true);
    let pal = crate::ui::theme::current(ui.ctx());
    let (common_name, rare_name) = (tr("tb.legend.common"), tr("tb.legend.rare"));
    let seq = &c.seq;
    let response = Plot::new("takebreak_plot")
        .legend(Legend::default().position(egui_plot::Corner::LeftTop))
        .x_axis_label("n")
        .y_axis_label("g(n)")
        .include_y(0.0)
        .show(ui, |p| {
            if !fitted {
                // The first values, where the exceptions are, with room above
                // them for the legend; zoom out for the rest.
                let top = (0..seq.len().min(FIRST_SHOWN)).filter_map(|n| seq.get(n)).max().unwrap_or(0);
                p.set_plot_bounds_x(-1.0..=seq.len().min(FIRST_SHOWN) as f64);
                p.set_plot_bounds_y(-0.5..=f64::from(top) * 1.35 + 2.0);
            }
            let b = p.plot_bounds();
            let from = b.min()[0].max(0.0) as u64;
            let to = (b.max()[0].max(0.0) as u64).saturating_add(1).min(seq.len());
            let (mut common, mut rare) = (Vec::new(), Vec::new());
            match c.blocks.covering(from, to, MOST_MARKS) {
                None => {
                    for n in from..to {
                        let v = f64::from(seq.get(n).unwrap_or(0));
                        let list = if seq.is_rare(n) == Some(true) { &mut rare } else { &mut common };
                        list.push([n as f64, v]);
                    }
                }
                Some((size, blocks)) => {
                    for (start, block) in blocks {
                        let x = start as f64 + size as f64 / 2.0;
                        for (range, list) in [(block.common, &mut common), (block.rare, &mut rare)] {
                            if let Some((lo, hi)) = range {
                                list.push([x, f64::from(lo)]);
                                if hi != lo {
                                    list.push([x, f64::from(hi)]);
                                }
                            }
                        }
                    }
                }
            }
            p.points(Points::new(common_name, PlotPoints::from(common)).radius(2.0).color(pal.plot_values));
            p.points(Points::new(rare_name, PlotPoints::from(rare)).radius(2.5).color(pal.plot_rare));
            if let PeriodReport::Proved(proof) = &c.report {
                let name = trf("tb.legend.start", &[("n0", &proof.start)]);
                p.vline(VLine::new(name, proof.start as f64).color(pal.plot_exception));
                let marks: Vec<[f64; 2]> = c
                    .exceptions
                    .iter()
                    .filter(|&&n| (from..to).contains(&n))
                    .take(MOST_MARKS as usize)
                    .map(|&n| [n as f64, f64::from(seq.get(n).unwrap_or(0))])
                    .collect();
                let shape = egui_plot::MarkerShape::Circle;
                let ex = Points::new(tr("tb.legend.exceptions"), PlotPoints::from(marks)).filled(false);
                p.points(ex.shape(shape).radius(5.0).color(pal.plot_exception));
            }
            p.pointer_coordinate()
        });
    if let Some(pt) = response.inner.filter(|_| response.response.hovered())
        && pt.x >= -0.5
    {
        let n = pt.x.round() as u64;
        if let Some(v) = seq.get(n) {
            response.response.on_hover_text_at_pointer(value_sentence(seq, n, v));
        }
    }
}
