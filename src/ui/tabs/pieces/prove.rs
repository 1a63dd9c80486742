//! "Prove for every position" in the workbench: a statement in Walnut's
//! syntax (or none: the P-positions) proved by automata as a job
//! (`proof::session`), the verdict as a sentence, the automaton drawn when
//! it is small, the least counterexample shown on the map.

use super::PiecesTab;
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::proof::prove::{Outcome, Verdict};
use crate::proof::session::{self, Report, Request, SessionError};
use crate::proof::{Automaton, Limits, Numeration, ProofError};
use crate::rules::Rules;
use crate::ui::i18n::{tr, trf};
use crate::ui::state::{AppCommand, MapFocus, Shared};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::UiExt;
use crate::ui::widgets;
use crate::ui::words::errors::{engine_error, job_error};
use egui::{Align2, FontId, RichText, Stroke, vec2};

/// The most live states of an automaton that is drawn.
const MAX_DRAWN_STATES: usize = 12;

/// The statement, the numeration, the running proof and its answer.
pub struct ProveState {
    statement: String,
    numeration: Numeration,
    job: Option<Job<Report, SessionError>>,
    /// The rules the running proof is of.
    job_rules: Option<Rules>,
    result: Option<(Report, Rules)>,
    error: Option<ProveStop>,
}

impl Default for ProveState {
    fn default() -> Self {
        ProveState {
            statement: String::new(),
            numeration: Numeration::Fibonacci,
            job: None,
            job_rules: None,
            result: None,
            error: None,
        }
    }
}

/// How a proof ended without an answer (worded when shown).
enum ProveStop {
    Failed(JobError<SessionError>),
    Cancelled,
}

impl ProveState {
    /// Whether a proof runs.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Collect a finished proof.
    pub fn poll(&mut self) {
        match poll(&mut self.job) {
            Some(JobEnd::Done(r)) => {
                self.result = self.job_rules.take().map(|rules| (r, rules));
                self.error = None;
            }
            Some(JobEnd::Failed(e)) => self.error = Some(ProveStop::Failed(e)),
            Some(JobEnd::Cancelled) => self.error = Some(ProveStop::Cancelled),
            None => {}
        }
    }
}

/// The name of a numeration, as the sentences say it.
fn numeration_name(n: Numeration) -> String {
    match n {
        Numeration::Fibonacci => tr("prove.fibonacci").to_string(),
        Numeration::Base(b) => trf("prove.base", &[("b", &b)]),
    }
}

/// A fault of the proof room in words.
fn proof_error(e: &ProofError) -> String {
    match e {
        ProofError::TooManyStates { limit } => trf("prove.e.states", &[("limit", limit)]),
        ProofError::TooManyLetters { tracks, letters, limit } => {
            trf("prove.e.letters", &[("tracks", tracks), ("letters", letters), ("limit", limit)])
        }
        ProofError::Syntax { at, .. } => trf("prove.e.syntax", &[("at", &(at + 1))]),
        ProofError::UnknownPredicate { name } => trf("prove.e.predicate", &[("name", name)]),
        ProofError::Arity { name, expected, got } => {
            trf("prove.e.arity", &[("name", name), ("expected", expected), ("got", got)])
        }
        ProofError::GrundyIndex { max, .. } => trf("prove.e.grundy", &[("max", max)]),
        ProofError::WitnessTooLarge => tr("prove.e.witness").to_string(),
        ProofError::NotExpressible { .. } => tr("prove.e.moves").to_string(),
        ProofError::NumerationMismatch { statement, proof } => trf(
            "prove.e.numeration",
            &[("statement", &numeration_name(*statement)), ("proof", &numeration_name(*proof))],
        ),
        ProofError::Cancelled => tr("prove.e.cancelled").to_string(),
    }
}

/// A tuple as people write it: `(4, 7)`.
fn tuple(values: &[u64]) -> String {
    format!("({})", values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "))
}

/// The verdict in words; `game` is the game's name in the current language.
fn verdict_text(r: &Report, game: &str) -> String {
    let numeration = numeration_name(r.numeration);
    match &r.verdict {
        Verdict::Proved { statement, sets } if statement.is_empty() => trf(
            "prove.proved_p",
            &[("game", &game), ("states", &sets.first().map_or(0, |s| s.1)), ("numeration", &numeration)],
        ),
        Verdict::Proved { statement, .. } => trf("prove.proved", &[("statement", statement)]),
        Verdict::Refuted { statement, counterexample } if counterexample.is_empty() => {
            trf("prove.refuted_none", &[("statement", statement)])
        }
        Verdict::Refuted { statement, counterexample } => {
            let values: Vec<String> = counterexample.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            trf("prove.refuted", &[("statement", statement), ("values", &values.join(", "))])
        }
        Verdict::NotProved { why: Outcome::NoAutomaton { set, limit, .. }, .. } => {
            trf("prove.no_automaton", &[("set", set), ("limit", limit), ("numeration", &numeration)])
        }
        Verdict::NotProved { why: Outcome::GuessFails { set, at }, .. } => {
            trf("prove.guess_fails", &[("set", set), ("at", &tuple(at))])
        }
        Verdict::NotProved { why: Outcome::Proved(_), .. } => tr("prove.e.cancelled").to_string(),
    }
}

/// The section: statement, numeration, button, progress and the answer.
pub(super) fn show(tab: &mut PiecesTab, ui: &mut egui::Ui, shared: &mut Shared, pal: &Colours) {
    ui.add_space(8.0);
    ui.section(tr("prove.title"));
    ui.phrases(RichText::new(tr("prove.help")).small());
    let state = &mut tab.bench.prove;
    let label = ui.phrases(tr("prove.statement"));
    ui.add(
        egui::TextEdit::singleline(&mut state.statement)
            .char_limit(crate::proof::formula::MAX_STATEMENT)
            .id_salt("pieces_prove_statement")
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace)
            .hint_text("A x,y P(x,y) <=> W(x,y)"),
    )
    .labelled_by(label.id);
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("prove.numeration"));
        egui::ComboBox::from_id_salt("pieces_prove_numeration")
            .selected_text(numeration_name(state.numeration))
            .show_ui(ui, |ui| {
                let choices = std::iter::once(Numeration::Fibonacci).chain(
                    (crate::proof::numeration::MIN_BASE..=crate::proof::numeration::MAX_BASE).map(Numeration::Base),
                );
                for n in choices {
                    ui.selectable_value(&mut state.numeration, n, numeration_name(n));
                }
            })
            .response
            .labelled_by(label.id);
        let ok = state.job.is_none() && (1..=3).contains(&tab.draft.dimension);
        if ui.add_enabled(ok, egui::Button::new(RichText::new(tr("prove.button")).strong())).clicked() {
            start(state, &tab.draft, ui.ctx());
        }
    });
    if let Some(job) = &state.job {
        widgets::job_progress(ui, job);
    }
    if let Some(e) = &state.error {
        let text = match e {
            ProveStop::Failed(e) => job_error(e, |e| match e {
                SessionError::Proof(p) => proof_error(p),
                SessionError::Engine(g) => engine_error(g),
            }),
            ProveStop::Cancelled => tr("prove.e.cancelled").to_string(),
        };
        ui.error_label(trf("prove.error", &[("error", &text)]));
    }
    let Some((report, rules)) = &state.result else { return };
    let colour = match report.verdict {
        Verdict::Proved { .. } => pal.good_fill,
        Verdict::Refuted { .. } => pal.bad_fill,
        Verdict::NotProved { .. } => pal.info_fill,
    };
    let game = crate::ui::rules_choice::shown_label(rules);
    widgets::banner(ui, colour, pal.banner_text, &verdict_text(report, &game), false);
    if !rules.same_game(&tab.draft) {
        ui.error_label(tr("prove.stale"));
    }
    if matches!(report.verdict, Verdict::Proved { .. }) {
        ui.phrases(RichText::new(tr("prove.why")).small());
    }
    if let Verdict::Refuted { counterexample, .. } = &report.verdict
        && (1..=3).contains(&counterexample.len())
    {
        let mut p = [0usize; 3];
        for (i, (_, v)) in counterexample.iter().enumerate() {
            p[i] = usize::try_from(*v).unwrap_or(usize::MAX);
        }
        let values: Vec<u64> = counterexample.iter().map(|c| c.1).collect();
        if ui.button(trf("prove.show_on_map", &[("cell", &tuple(&values))])).clicked() {
            shared.send(AppCommand::SetRules(rules.clone()));
            shared.send(AppCommand::FocusMap(MapFocus { position: p, layer: None }));
        }
    }
    for (name, a) in &report.sets {
        ui.phrases(trf("prove.automaton", &[("set", name), ("states", &a.states())]));
        draw(ui, a, pal);
    }
}

fn start(state: &mut ProveState, rules: &Rules, ctx: &egui::Context) {
    let statement = state.statement.trim();
    let request = Request {
        statement: (!statement.is_empty()).then(|| statement.to_string()),
        numeration: state.numeration,
        side: None,
        limits: Limits::default(),
    };
    let rules = rules.clone();
    state.job_rules = Some(rules.clone());
    state.error = None;
    state.job =
        Some(widgets::spawn(widgets::JobLabel::new("prove.job"), ctx, move |c| session::prove(&rules, &request, &c)));
}

/// The states that are not the dead one (a rejecting state no letter leaves).
fn live_states(a: &Automaton) -> Vec<u32> {
    (0..a.states() as u32).filter(|&q| a.accepts_state(q) || (0..a.letters()).any(|l| a.step(q, l) != q)).collect()
}

/// The automaton as circles on a ring (accepting ones doubled, the start
/// with an arrow) and arrows labelled with the digits read, when it has at
/// most [`MAX_DRAWN_STATES`] live states.
fn draw(ui: &mut egui::Ui, a: &Automaton, pal: &Colours) {
    let live = live_states(a);
    if live.len() > MAX_DRAWN_STATES || live.is_empty() {
        return;
    }
    let side = ui.available_width().clamp(160.0, 420.0);
    let (rect, _) = ui.allocate_exact_size(vec2(side, side * 0.8), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let centre = rect.center();
    let ring = rect.height().min(rect.width()) * 0.36;
    let r = 13.0;
    let at = |i: usize| {
        let t = std::f32::consts::TAU * i as f32 / live.len() as f32 - std::f32::consts::FRAC_PI_2;
        centre + vec2(t.cos(), t.sin()) * ring
    };
    let index = |q: u32| live.iter().position(|&s| s == q);
    let stroke = Stroke::new(1.2, pal.axis_text);
    let font = FontId::monospace(10.0);
    for (i, &q) in live.iter().enumerate() {
        let mut labels: std::collections::BTreeMap<usize, Vec<String>> = std::collections::BTreeMap::new();
        for l in 0..a.letters() {
            if let Some(j) = index(a.step(q, l)) {
                let digits: Vec<String> = a.digits_of(l).iter().map(|d| d.to_string()).collect();
                labels.entry(j).or_default().push(digits.join(""));
            }
        }
        for (j, ls) in labels {
            let text = ls.join(" ");
            if j == i {
                let out = (at(i) - centre).normalized();
                let loop_centre = at(i) + out * (r + 7.0);
                painter.circle_stroke(loop_centre, 7.0, stroke);
                painter.text(loop_centre + out * 16.0, Align2::CENTER_CENTER, text, font.clone(), pal.axis_text);
                continue;
            }
            let (from, to) = (at(i), at(j));
            let dir = (to - from).normalized();
            // Two arrows between the same states are drawn apart.
            let side_shift = vec2(-dir.y, dir.x) * 4.0;
            let (p0, p1) = (from + dir * r + side_shift, to - dir * r + side_shift);
            painter.arrow(p0, p1 - p0, stroke);
            let mid = p0 + (p1 - p0) * 0.5 + side_shift * 2.0;
            painter.text(mid, Align2::CENTER_CENTER, text, font.clone(), pal.axis_text);
        }
    }
    for (i, &q) in live.iter().enumerate() {
        let p = at(i);
        painter.circle(p, r, pal.board_light, stroke);
        if a.accepts_state(q) {
            painter.circle_stroke(p, r - 3.0, stroke);
        }
        if q == a.start() {
            let inward = (centre - p).normalized();
            painter.arrow(p + inward * (r + 14.0), -inward * 12.0, stroke);
        }
        painter.text(p, Align2::CENTER_CENTER, i.to_string(), FontId::proportional(11.0), pal.axis_text);
    }
}
