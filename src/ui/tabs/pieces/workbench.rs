//! The conjecture workbench: a formula box that shows errors where they are
//! as you type, known formulas to insert, "Check on N × N" as a job (cells
//! checked, cells that differ, the first counterexamples, the difference
//! picture), and pattern hints found in the computed table.

use super::PiecesTab;
use crate::conjecture::paragraph::{command_for, paragraph};
use crate::conjecture::sequences::{SequenceHints, find_sequence_hints};
use crate::conjecture::{
    CheckMode, CheckReport, DiffTable, Formula, FormulaError, HELPERS, OtherGameError, PatternHints, Question,
    check_question, compute_others, find_hints, known_formulas, other_games, parameter_p_formula,
};
use crate::game_table::{GameTable, TableError};
use crate::grundy::Table;
use crate::jobs::{Job, JobEnd, JobError, poll};
use crate::rules::Rules;
use crate::ui::i18n::{tr, trf};
use crate::ui::state::{AppCommand, MapFocus, Shared};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets;
use crate::ui::words::errors::{formula_error, formula_error_what, job_error, other_game_error, table_error};
use crate::ui::words::formulas::{helper_meaning, known_description, known_name, line_text, periodicity_text};
use egui::text::LayoutJob;
use egui::{Color32, FontId, RichText, Sense, Stroke, TextFormat, vec2};
use std::sync::Arc;

/// Largest N for "Check on N × N".
pub const MAX_CHECK_SIDE: usize = 2048;
/// What the pattern search finds: the hints of the lines and the block
/// form, and, for a game of two coordinates without a pass, the hints of
/// the P-positions as sequences.
pub(super) type Found = (PatternHints, Option<SequenceHints>);

/// Side of the table the hints of the P-positions as sequences are found
/// in: a Beatty form needs about a hundred pairs to pin its slope down.
const SEQUENCE_SIDE: usize = 320;

/// Side of the table the pattern hints compute when no check of this piece
/// at least this large was run: long enough lines for periods up to ~40.
pub const HINTS_SIDE: usize = 128;
/// Counterexamples listed.
const SHOWN_COUNTEREXAMPLES: usize = 6;
/// The difference picture is drawn from at most this many pixels a side.
const MASK_SIDE: usize = 512;

/// The text (a formula or a condition), the dimension and the rules' parameters a compile was for.
pub(super) type CompiledFor = (String, u8, Vec<(&'static str, i64)>);

/// A finished check with what it was made for.
pub struct Checked {
    table: Arc<Table>,
    report: CheckReport,
    formula: String,
    /// How the text was read, and the condition (for "changed since").
    asked: (CheckMode, Option<String>),
    /// Non-zero differences, downsampled: (width, height, cells).
    mask: (usize, usize, Vec<bool>),
}

/// Why a check gave no report: the formula or the table.
#[derive(Clone, Debug)]
pub enum CheckFailure {
    /// The formula does not compile or fails on the table.
    Formula(FormulaError),
    /// The table could not be computed.
    Table(TableError),
    /// The condition does not compile or fails on the table.
    Condition(FormulaError),
    /// The game of a `g_of` cannot be read or computed.
    Other(OtherGameError),
}

/// How a check ended without a report (worded when shown).
#[derive(Clone, Debug)]
enum CheckStop {
    Failed(JobError<CheckFailure>),
    Cancelled,
}

impl CheckStop {
    fn text(&self) -> String {
        match self {
            CheckStop::Failed(e) => {
                let why = job_error(e, |f| match f {
                    CheckFailure::Formula(e) => formula_error(e),
                    CheckFailure::Table(e) => table_error(e),
                    CheckFailure::Condition(e) => trf("bench.where_error", &[("message", &formula_error(e))]),
                    CheckFailure::Other(e) => other_game_error(e),
                });
                trf("bench.failed", &[("error", &why)])
            }
            CheckStop::Cancelled => tr("bench.cancelled").to_string(),
        }
    }
}

/// The runtime part of the workbench.
#[derive(Default)]
pub struct Workbench {
    /// The text, the dimension and the rules' parameters the compile error
    /// is for.
    compiled_for: Option<CompiledFor>,
    compile_error: Option<FormulaError>,
    check_job: Option<Job<Checked, CheckFailure>>,
    result: Option<Checked>,
    texture: Option<egui::TextureHandle>,
    check_error: Option<CheckStop>,
    hints_job: Option<Job<Found, TableError>>,
    hints: Option<(Found, Rules)>,
    /// The rules the running pattern search belongs to.
    hints_for: Option<Rules>,
    hints_error: Option<JobError<TableError>>,
    /// The condition's state and the paragraph's file choice.
    pub(super) statement: super::statement::StatementState,
    /// The check of a game of more than three heaps.
    pub(super) heaps: super::heaps_bench::HeapsBench,
    /// "Prove for every position".
    pub(super) prove: super::prove::ProveState,
}

impl Workbench {
    /// Whether a check or a pattern search runs.
    pub fn is_busy(&self) -> bool {
        self.check_job.is_some() || self.hints_job.is_some() || self.heaps.is_busy() || self.prove.is_busy()
    }

    /// Whether the formula box's text compiles (an empty box does too).
    pub(super) fn formula_compiles(&self) -> bool {
        self.compile_error.is_none()
    }

    /// (cells checked, cells differing) of the last check; for a game of
    /// more than three heaps, (positions checked, positions where it fails).
    pub fn counts(&self, rules: &Rules) -> Option<(u64, u64)> {
        if rules.dimension > 3 {
            return self.heaps.counts();
        }
        self.result.as_ref().map(|c| (c.report.cells_checked, c.report.cells_differing))
    }

    pub(super) fn poll(&mut self) {
        self.heaps.poll();
        self.prove.poll();
        match poll(&mut self.check_job) {
            Some(JobEnd::Done(c)) => {
                self.result = Some(c);
                self.texture = None;
                self.check_error = None;
            }
            Some(JobEnd::Failed(e)) => self.check_error = Some(CheckStop::Failed(e)),
            Some(JobEnd::Cancelled) => self.check_error = Some(CheckStop::Cancelled),
            None => {}
        }
        match poll(&mut self.hints_job) {
            Some(JobEnd::Done(h)) => self.hints = self.hints_for.take().map(|r| (h, r)),
            Some(JobEnd::Failed(e)) => self.hints_error = Some(e),
            Some(JobEnd::Cancelled) | None => {}
        }
    }
}

/// The cells with a non-zero difference, at most `side` a side (a pixel is
/// red when any cell of its block differs).
fn mask(diff: &DiffTable, side: usize) -> (usize, usize, Vec<bool>) {
    let f = diff.width.max(diff.height).div_ceil(side).max(1);
    let (w, h) = (diff.width.div_ceil(f), diff.height.div_ceil(f));
    let mut out = vec![false; w * h];
    for y in 0..diff.height {
        for x in 0..diff.width {
            if diff.values[y * diff.width + x] != 0 {
                out[(y / f) * w + x / f] = true;
            }
        }
    }
    (w, h, out)
}

/// The char index in `text` of line `line`, column `col` (both from 1).
fn char_index(text: &str, line: usize, col: usize) -> usize {
    let mut index = 0;
    for (i, l) in text.split('\n').enumerate() {
        if i + 1 == line {
            return index + (col.max(1) - 1).min(l.chars().count());
        }
        index += l.chars().count() + 1;
    }
    text.chars().count()
}

/// The formula text laid out with the character at the error marked.
fn highlighted(ui: &egui::Ui, text: &str, error_at: Option<usize>, wrap: f32, bad: Color32) -> Arc<egui::Galley> {
    let font = FontId::monospace(20.0);
    let color = ui.visuals().text_color();
    let mut job = LayoutJob::default();
    let plain = TextFormat::simple(font.clone(), color);
    match error_at {
        Some(at) => {
            let chars: Vec<char> = text.chars().collect();
            let at = at.min(chars.len());
            let before: String = chars[..at].iter().collect();
            job.append(&before, 0.0, plain.clone());
            // The character at the error (a space when it is at the very end).
            let here: String = chars.get(at).filter(|c| **c != '\n').map_or(" ".into(), |c| c.to_string());
            let mark = TextFormat {
                background: bad.gamma_multiply(0.35),
                underline: Stroke::new(2.5, bad),
                ..TextFormat::simple(font, color)
            };
            job.append(&here, 0.0, mark);
            let skip = usize::from(chars.get(at).is_some_and(|c| *c != '\n'));
            let after: String = chars[(at + skip).min(chars.len())..].iter().collect();
            job.append(&after, 0.0, plain);
        }
        None => job.append(text, 0.0, plain),
    }
    job.wrap.max_width = wrap;
    ui.ctx().fonts_mut(|f| f.layout_job(job))
}

/// Draw the workbench.
pub fn show(tab: &mut PiecesTab, ui: &mut egui::Ui, shared: &mut Shared, pal: &Colours) {
    ui.section(tr("bench.title"));
    super::statement::mode_choice(tab, ui);
    formula_box(tab, ui, pal);
    super::statement::condition_box(tab, ui);
    if tab.draft.dimension > 3 {
        // Many heaps: the formula checked on a table of many heaps, and the
        // pattern hints of the plane (x1, x2, 0, ...).
        super::heaps_bench::show(tab, ui, pal);
        hints(tab, ui, pal);
        return;
    }
    // A check of many heaps is of a game no longer edited.
    tab.bench.heaps.cancel();
    check_controls(tab, ui);
    results(tab, ui, shared, pal);
    hints(tab, ui, pal);
    super::prove::show(tab, ui, shared, pal);
}

/// The formula box's text compiled for the draft: in `x`, `y`, `z` and the
/// piece's parameters, or, for more than three heaps, in `x1` … `xd`.
fn compile(text: &str, rules: &Rules) -> Result<Formula, FormulaError> {
    match rules.dimension {
        d if d > 3 => Formula::compile_heaps(text, d as usize),
        _ => Formula::compile_for(text, rules),
    }
}

fn formula_box(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    // Compiling is cheap: do it whenever the text or the piece's
    // parameters (p of the parameter-p piece) change.
    let now = (tab.formula.clone(), tab.draft.dimension, tab.draft.parameters());
    if tab.bench.compiled_for.as_ref() != Some(&now) {
        tab.bench.compile_error =
            if tab.formula.trim().is_empty() { None } else { compile(&tab.formula, &tab.draft).err() };
        tab.bench.compiled_for = Some(now);
    }
    let error = tab.bench.compile_error.clone();
    let error_at = error.as_ref().and_then(|e| e.position).map(|(l, c)| char_index(&tab.formula, l, c));
    let label = ui.phrases(super::statement::text_label(tab));
    let many = tab.draft.dimension > 3;
    if many {
        let d = tab.draft.dimension;
        ui.phrases(RichText::new(trf("bench.heaps.words", &[("n", &d)])).small());
    }
    let bad = pal.bad;
    let mut layouter =
        |ui: &egui::Ui, buf: &dyn egui::TextBuffer, wrap: f32| highlighted(ui, buf.as_str(), error_at, wrap, bad);
    let formula_id = ui
        .add(
            egui::TextEdit::multiline(&mut tab.formula)
                .char_limit(crate::conjecture::MAX_TEXT)
                .id_salt("pieces_formula")
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .hint_text(tr(if many { "bench.formula_hint_heaps" } else { "bench.formula_hint" }))
                .layouter(&mut layouter),
        )
        .labelled_by(label.id)
        .id;
    // The piece's parameters are words of the formula too: say so.
    for (name, value) in tab.draft.parameters() {
        ui.phrases(RichText::new(trf("bench.parameter", &[("name", &name), ("value", &value)])).small());
    }
    match &error {
        Some(e) => {
            let text = match e.position {
                Some((line, col)) => {
                    trf("bench.error_at", &[("line", &line), ("col", &col), ("message", &formula_error_what(e))])
                }
                None => formula_error_what(e),
            };
            ui.error_label(text);
        }
        None if !tab.formula.trim().is_empty() => {
            ui.colored_label(pal.good, tr("bench.ok"));
        }
        None => {}
    }
    ui.horizontal_wrapped(|ui| {
        // The known formulas are of one to three heaps.
        if !many {
            ui.menu_button(tr("bench.insert"), |ui| {
                let p = tab.p;
                if ui.button(trf("bench.insert_p", &[("p", &p)])).clicked() {
                    tab.formula = parameter_p_formula(p);
                    ui.close();
                }
                for k in known_formulas() {
                    if ui.button(known_name(k.kind)).tip(known_description(k.kind)).clicked() {
                        tab.formula = k.text.clone();
                        ui.close();
                    }
                }
            });
        }
        ui.menu_button(tr("bench.helpers"), |ui| {
            for h in HELPERS {
                ui.horizontal_wrapped(|ui| {
                    let call = RichText::new(h.signature).monospace().strong();
                    let hover = trf("helper.insert", &[("call", &h.template)]);
                    if ui.button(call).tip(hover).clicked() {
                        insert_at_cursor(ui.ctx(), formula_id, &mut tab.formula, h.template);
                        ui.close();
                    }
                    ui.phrases(helper_meaning(h));
                });
            }
        });
    });
}

/// Puts `call` into `formula` where the text cursor of the formula box
/// (`id`) is, replacing a selection; at the end when the box has no cursor.
/// The cursor is then placed after the call.
fn insert_at_cursor(ctx: &egui::Context, id: egui::Id, formula: &mut String, call: &str) {
    let mut state = egui::TextEdit::load_state(ctx, id);
    let len = formula.chars().count();
    let (from, to) = state
        .as_ref()
        .and_then(|s| s.cursor.char_range())
        .map(|r| {
            let (a, b) = (r.primary.index.0.min(len), r.secondary.index.0.min(len));
            (a.min(b), a.max(b))
        })
        .unwrap_or((len, len));
    let byte = |i: usize| formula.char_indices().nth(i).map_or(formula.len(), |(b, _)| b);
    let (a, b) = (byte(from), byte(to));
    formula.replace_range(a..b, call);
    if let Some(s) = &mut state {
        let at = egui::text::CCursor::new(from + call.chars().count());
        s.cursor.set_char_range(Some(egui::text::CCursorRange::one(at)));
        s.clone().store(ctx, id);
    }
}

fn check_controls(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("bench.size"));
        ui.add(egui::DragValue::new(&mut tab.check_size).range(8..=MAX_CHECK_SIDE).speed(1.0)).labelled_by(label.id);
        let ok = !tab.formula.trim().is_empty()
            && tab.bench.compile_error.is_none()
            && tab.bench.statement.error.is_none()
            && tab.bench.check_job.is_none();
        // The box checked: n a side (three heaps: at most 48), every layer.
        let dims = super::box_for(&tab.draft, tab.check_size);
        let d = tab.draft.dimension.clamp(1, 3) as usize;
        let size = dims[..d].iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" × ");
        if ui
            .add_enabled(ok, egui::Button::new(RichText::new(trf("bench.check", &[("size", &size)])).strong()))
            .clicked()
        {
            start_check(tab, ui.ctx());
        }
    });
    if let Some(job) = &tab.bench.check_job {
        widgets::job_progress(ui, job);
    }
}

fn start_check(tab: &mut PiecesTab, ctx: &egui::Context) {
    let rules = tab.draft.clone();
    let text = tab.formula.clone();
    let mode = tab.check_mode;
    let condition = super::statement::condition_text(tab);
    let n = tab.check_size.clamp(1, MAX_CHECK_SIDE);
    tab.bench.check_error = None;
    tab.bench.check_job = Some(widgets::spawn(widgets::JobLabel::new("bench.job"), ctx, move |c| {
        let formula = Formula::compile_for(&text, &rules).map_err(CheckFailure::Formula)?;
        let where_ = match &condition {
            Some(w) => Some(Formula::compile_for(w, &rules).map_err(CheckFailure::Condition)?),
            None => None,
        };
        let texts: Vec<&str> = std::iter::once(text.as_str()).chain(condition.as_deref()).collect();
        let games = other_games(&texts, rules.dimension).map_err(CheckFailure::Other)?;
        let dims = super::box_for(&rules, n);
        let table = GameTable::compute_box(&rules, &dims, &c).map_err(CheckFailure::Table)?;
        // The other games once, on the same box: never per cell.
        let others = compute_others(&games, &dims, &c).map_err(CheckFailure::Other)?;
        let question = Question { formula: &formula, mode, condition: where_.as_ref(), others: &others };
        let report = check_question(&table, question, &c, None).map_err(CheckFailure::Formula)?;
        let mask = mask(&report.diff, MASK_SIDE);
        Ok(Checked { table, report, formula: text, asked: (mode, condition), mask })
    }));
}

fn results(tab: &mut PiecesTab, ui: &mut egui::Ui, shared: &mut Shared, pal: &Colours) {
    if let Some(e) = &tab.bench.check_error {
        ui.error_label(e.text());
    }
    let Some(done) = &tab.bench.result else { return };
    let r = &done.report;
    ui.add_space(4.0);
    let verdict = crate::ui::words::reports::check_verdict(r);
    let colour = if r.holds() { pal.good_fill } else { pal.bad_fill };
    widgets::banner(ui, colour, pal.banner_text, &verdict, false);
    ui.phrases(trf("bench.counts", &[("cells", &r.cells_checked), ("d", &r.cells_differing)]));
    if let Some(left) = crate::ui::words::reports::left_out(r) {
        ui.phrases(left);
    }
    let asked = (tab.check_mode, super::statement::condition_text(tab));
    if !done.table.rules().same_game(&tab.draft) || done.formula != tab.formula || done.asked != asked {
        ui.error_label(tr("bench.stale"));
    }
    let mut focus = None;
    if !r.counterexamples.is_empty() {
        ui.phrases(tr("bench.counterexamples"));
        ui.horizontal_wrapped(|ui| {
            for c in r.counterexamples.iter().take(SHOWN_COUNTEREXAMPLES) {
                let text = crate::ui::words::reports::counterexample(r, c);
                if ui.button(RichText::new(text).monospace()).clicked() {
                    let layer = c.pass.map(usize::from);
                    focus = Some(MapFocus { position: [c.x, c.y, c.z], layer });
                }
            }
            let more = r.cells_differing.saturating_sub(SHOWN_COUNTEREXAMPLES.min(r.counterexamples.len()) as u64);
            if more > 0 {
                ui.phrases(trf("bench.cx_more", &[("n", &more)]));
            }
        });
    }
    let clicked = diff_picture(tab, ui, pal);
    if let Some(done) = &tab.bench.result {
        let (report, rules) = (&done.report, done.table.rules());
        super::statement::save_paragraph(&mut tab.bench.statement, ui, |format| {
            paragraph(report, &command_for(rules, report), format)
        });
    }
    if let Some(cell) = focus.or_else(|| clicked.map(|(x, y)| MapFocus::cell(x, y))) {
        let done = tab.bench.result.as_ref().expect("a result");
        shared.send(AppCommand::SetRules(done.table.rules().clone()));
        shared.send(AppCommand::FocusMap(cell));
    }
}

/// The difference picture; returns a cell when one was clicked.
fn diff_picture(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) -> Option<(usize, usize)> {
    let bench = &mut tab.bench;
    let done = bench.result.as_ref()?;
    let (mw, mh, cells) = &done.mask;
    let picture = MaskPicture { name: "pieces_diff", mode: done.report.mode, size: [*mw, *mh], fails: cells };
    let (w, h) = (done.report.width(), done.report.height());
    let (resp, at) = picture.show(ui, pal, &mut bench.texture, [w, h]);
    let clicked = resp.clicked();
    if let Some((x, y)) = at {
        let d = done.report.diff.get(x, y).unwrap_or(0);
        resp.tip(trf("bench.diff_cell", &[("x", &x), ("y", &y), ("d", &d)]));
    }
    at.filter(|_| clicked)
}

/// A difference picture: where a check fails, in the colours of its
/// legend.
pub(super) struct MaskPicture<'a> {
    /// The texture's name.
    pub name: &'static str,
    /// A formula or a statement (the legend's words).
    pub mode: CheckMode,
    /// Pixels across and down.
    pub size: [usize; 2],
    /// Row by row: whether the check fails there.
    pub fails: &'a [bool],
}

impl MaskPicture<'_> {
    /// Draw the legend and the picture (`texture` keeps it between
    /// frames) of `cells` across and down; the image's response and the
    /// cell under the pointer.
    pub(super) fn show(
        &self,
        ui: &mut egui::Ui,
        pal: &Colours,
        texture: &mut Option<egui::TextureHandle>,
        [w, h]: [usize; 2],
    ) -> (egui::Response, Option<(usize, usize)>) {
        let texture = texture.get_or_insert_with(|| {
            let (agree, differ) = (pal.board_light, pal.bad);
            let pixels = self.fails.iter().map(|&d| if d { differ } else { agree }).collect();
            let image = egui::ColorImage::new(self.size, pixels);
            ui.ctx().load_texture(self.name, image, egui::TextureOptions::NEAREST)
        });
        ui.add_space(4.0);
        ui.phrases(RichText::new(tr("bench.diff")).strong());
        let keys = match self.mode {
            CheckMode::Formula => ["bench.diff_agree", "bench.diff_differ"],
            CheckMode::Holds => ["bench.diff_true", "bench.diff_false"],
        };
        // One line a colour, so that a narrow panel never splits a swatch
        // from its words.
        for (colour, key) in [(pal.board_light, keys[0]), (pal.bad, keys[1])] {
            ui.horizontal_wrapped(|ui| {
                let (r, _) = ui.allocate_exact_size(vec2(18.0, 18.0), Sense::hover());
                ui.painter().rect_filled(r, 2.0, colour);
                ui.painter().rect_stroke(r, 2.0, Stroke::new(1.0, pal.board_edge), egui::StrokeKind::Inside);
                ui.phrases(tr(key));
            });
        }
        let side = ui.available_width().min(360.0);
        let size = vec2(side, side * h as f32 / w as f32);
        let resp = ui.add(egui::Image::new((texture.id(), size)).sense(Sense::click()));
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, tr("bench.diff_label")));
        ui.painter().rect_stroke(resp.rect, 0.0, Stroke::new(1.5, pal.board_edge), egui::StrokeKind::Outside);
        let at = resp.hover_pos().map(|p| {
            let x = (((p.x - resp.rect.min.x) / size.x * w as f32) as usize).min(w - 1);
            let y = (((p.y - resp.rect.min.y) / size.y * h as f32) as usize).min(h - 1);
            (x, y)
        });
        (resp, at)
    }
}

fn hints(tab: &mut PiecesTab, ui: &mut egui::Ui, pal: &Colours) {
    ui.section(tr("hints.title"));
    // A checked table of this piece at least HINTS_SIDE a side is used as it
    // is; otherwise the job computes its own HINTS_SIDE x HINTS_SIDE table
    // (the 24 x 24 preview is too short for most periods).
    let checked = tab
        .bench
        .result
        .as_ref()
        .map(|c| &c.table)
        .filter(|t| t.rules().same_game(&tab.draft) && t.width().min(t.height()) >= HINTS_SIDE)
        .cloned();
    let n = checked.as_ref().map_or(HINTS_SIDE, |t| t.width());
    let d = tab.draft.dimension as usize;
    // Many heaps: the hints of the plane (x1, x2, 0, ...), where x is x1
    // and y is x2.
    let zeros = crate::conjecture::heaps::plane_zeros(d);
    let find = match d > 3 {
        true => trf("hints.find_heaps", &[("n", &n), ("zeros", &zeros)]),
        false => trf("hints.find", &[("n", &n)]),
    };
    let enabled = tab.bench.hints_job.is_none();
    if ui.add_enabled(enabled, egui::Button::new(find)).clicked() {
        let rules = tab.draft.clone();
        tab.bench.hints_error = None;
        tab.bench.hints_job = Some(widgets::spawn(widgets::JobLabel::new("hints.job"), ui.ctx(), move |c| {
            let table = match checked {
                Some(t) => t,
                None => GameTable::compute_first_plane(&rules, &GameTable::plane_box(&rules, n), &c)?,
            };
            let lines = find_hints(&table, &c)?;
            let sequences = if rules.dimension == 2 && !rules.passes.any() {
                let side = SEQUENCE_SIDE.max(table.width().min(table.height()));
                let big = if table.width().min(table.height()) >= side {
                    table
                } else {
                    GameTable::compute_box(&rules, &[side, side], &c)?
                };
                find_sequence_hints(&big, &c)
            } else {
                None
            };
            Ok((lines, sequences))
        }));
        tab.bench.hints = None;
        tab.bench.hints_for = Some(tab.draft.clone());
    }
    if let Some(job) = &tab.bench.hints_job {
        widgets::job_progress(ui, job);
    }
    if let Some(e) = &tab.bench.hints_error {
        ui.error_label(trf("hints.failed", &[("error", &job_error(e, table_error))]));
    }
    let Some(((found, sequences), rules)) = &tab.bench.hints else { return };
    if !rules.same_game(&tab.draft) {
        ui.error_label(tr("hints.stale"));
    }
    let (w, h) = (found.width, found.height);
    let mut insert = None;
    match &found.block_form {
        Some(b) => {
            ui.phrases(RichText::new(trf("hints.block", &[("p", &b.p), ("w", &w), ("h", &h)])).color(pal.good));
            ui.phrases(RichText::new(&b.formula).monospace());
            if ui.button(tr("hints.insert")).clicked() {
                insert = Some(b.formula.clone());
            }
        }
        None => {
            ui.phrases(tr("hints.no_block"));
        }
    }
    for (key, lines) in
        [("hints.rows", &found.rows), ("hints.columns", &found.columns), ("hints.diagonals", &found.diagonals)]
    {
        let periodic: Vec<_> = lines.iter().filter(|l| l.periodicity.is_some()).collect();
        let what = tr(key);
        ui.phrases(trf("hints.lines", &[("found", &periodic.len()), ("all", &lines.len()), ("what", &what)]));
        for l in periodic.iter().take(3) {
            let p = l.periodicity.expect("filtered");
            let text = format!("   {}: {}", line_text(l.line), periodicity_text(&p, l.line.variable()));
            ui.phrases(RichText::new(text).small());
        }
    }
    if let Some(s) = sequences
        && let Some(f) = super::sequence_hints::show(ui, s, pal)
    {
        insert = Some(f);
    }
    // On the plane of many heaps the formulas hold where the other heaps
    // are empty: inserted with that condition.
    let plane_condition = crate::conjecture::heaps::plane_condition(d);
    if d > 3 {
        ui.phrases(RichText::new(trf("hints.heaps_note", &[("condition", &plane_condition)])).small());
    }
    if let Some(f) = insert {
        tab.formula = f;
        if d > 3 {
            tab.condition = plane_condition;
        }
    }
}
