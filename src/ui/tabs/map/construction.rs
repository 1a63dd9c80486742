//! "Build the P-positions step by step" beside the map: the construction of
//! the source article (mark (0, 0), strike out every cell that can move to
//! it, take the least free cell, repeat), with Step, Back, Play and its
//! speed, the table n, a(n), b(n) (and ⌊nφ⌋, ⌊nφ²⌋ for the queen) and the
//! marks drawn on the map.
//!
//! Invariants kept here: the whole construction of a box is built once, in
//! a job ([`Construction`] to its last step); Step and Back only move the
//! number of steps shown, so the UI thread never does work that grows with
//! the box. A construction belongs to the rules and the side it was built
//! for; other rules or another side build it again from step 0.

use crate::jobs::{Job, JobEnd, poll};
use crate::map::Camera;
use crate::rules::Rules;
use crate::theory::{Construction, ConstructionError};
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets;
use egui::{Pos2, Rect, Stroke, StrokeKind, vec2};
use std::sync::Arc;
use std::time::Duration;

/// The smallest and largest side of the box built (the marks of every
/// visible cell are drawn each frame: at most 128² of them).
const SIDES: std::ops::RangeInclusive<usize> = 8..=128;

/// Play's speed in steps per second.
const SPEEDS: std::ops::RangeInclusive<f64> = 0.5..=20.0;

/// The construction beside the map and what of it is shown.
pub(crate) struct ConstructionView {
    open: bool,
    /// The side asked for (the box is `side x side`, at most the table's).
    side: usize,
    /// The construction on screen, built to its end.
    built: Option<Arc<Construction>>,
    /// The rules and side of the job running or of `built`.
    wanted: Option<(Rules, usize)>,
    job: Option<Job<Construction, ConstructionError>>,
    /// Why the current rules cannot be built.
    error: Option<ConstructionError>,
    /// How many steps are on screen.
    shown: usize,
    playing: bool,
    /// Steps per second while playing.
    speed: f64,
    /// When Play last took a step (egui's clock).
    last_tick: Option<f64>,
    /// Fit the map to the box at the next frame.
    fit: bool,
    /// The size of the canvas the box was last fitted to: a canvas of
    /// another size (the lesson view, a window resized) is fitted again.
    fitted_to: Option<egui::Vec2>,
}

impl Default for ConstructionView {
    fn default() -> Self {
        ConstructionView {
            open: false,
            side: 32,
            built: None,
            wanted: None,
            job: None,
            error: None,
            shown: 0,
            playing: false,
            speed: 2.0,
            last_tick: None,
            fit: false,
            fitted_to: None,
        }
    }
}

impl ConstructionView {
    /// Show the construction (and fit the map to its box).
    pub fn open(&mut self) {
        self.open = true;
        self.fit = true;
    }

    /// Whether the construction is beside the map.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The construction built for the rules on screen, when it is shown.
    pub fn on_map(&self) -> Option<(&Construction, usize)> {
        self.built.as_deref().filter(|_| self.open && self.job.is_none()).map(|c| (c, self.shown))
    }

    /// The number of steps shown, once the construction is built.
    pub fn shown(&self) -> Option<usize> {
        self.on_map().map(|(_, n)| n)
    }

    /// Whether the map should be fitted to the box now: once when asked,
    /// and whenever the canvas changes size.
    pub fn take_fit(&mut self, canvas: egui::Vec2) -> Option<usize> {
        let side = self.on_map().map(|(c, _)| c.width())?;
        let resized = self.fitted_to.is_some_and(|s| s != canvas);
        if !(std::mem::take(&mut self.fit) || resized) {
            return None;
        }
        self.fitted_to = Some(canvas);
        Some(side)
    }

    /// Collect the job that ended; never waits.
    pub fn poll(&mut self) {
        match poll(&mut self.job) {
            Some(JobEnd::Done(c)) => {
                self.built = Some(Arc::new(c));
                self.shown = 0;
                self.fit = true;
            }
            Some(JobEnd::Failed(crate::jobs::JobError::Work(e))) => self.error = Some(e),
            Some(JobEnd::Failed(crate::jobs::JobError::Panicked(_))) | Some(JobEnd::Cancelled) | None => {}
        }
    }

    /// Start building for `rules` on a box of `side` when what is built
    /// (or being built) is for something else.
    fn want(&mut self, ctx: &egui::Context, rules: &Rules, side: usize) {
        if self.wanted.as_ref().is_some_and(|(r, s)| r.same_game(rules) && *s == side) {
            return;
        }
        self.wanted = Some((rules.clone(), side));
        (self.built, self.error, self.shown, self.playing) = (None, None, 0, false);
        // The rules alone say whether they can be built: say why at once.
        if let Err(e) = Construction::new(rules, 1, 1) {
            self.job = None;
            self.error = Some(e);
            return;
        }
        let rules = rules.clone();
        // Replacing the job cancels the one before.
        self.job = Some(widgets::spawn(widgets::JobLabel::new("map.construction.building"), ctx, move |control| {
            let mut c = Construction::new(&rules, side, side)?;
            c.run(|_| control.must_stop());
            Ok(c)
        }));
    }

    /// A step forward or back by hand (a button or a key): Play stops.
    fn step_by_hand(&mut self, forward: bool) {
        self.playing = false;
        self.walk(forward);
    }

    /// Play the steps, or pause them; nothing to play after the last.
    fn toggle_play(&mut self) {
        let last = self.built.as_ref().map_or(0, |c| c.steps().len());
        self.playing = !self.playing && self.shown < last;
        self.last_tick = None;
    }

    /// Back to the start, paused.
    fn restart(&mut self) {
        (self.shown, self.playing) = (0, false);
    }

    /// One step forward or back, within the steps built.
    fn walk(&mut self, forward: bool) {
        let last = self.built.as_ref().map_or(0, |c| c.steps().len());
        self.shown = if forward { (self.shown + 1).min(last) } else { self.shown.saturating_sub(1) };
    }

    /// Play: a step each 1 / speed seconds, then wait for the next with
    /// `request_repaint_after` (no sleeps); stops at the last step.
    fn tick(&mut self, ctx: &egui::Context) {
        let last = self.built.as_ref().map_or(0, |c| c.steps().len());
        if !self.playing || self.shown >= last {
            self.playing = false;
            self.last_tick = None;
            return;
        }
        let now = ctx.input(|i| i.time);
        let period = 1.0 / self.speed.clamp(*SPEEDS.start(), *SPEEDS.end());
        let since = now - *self.last_tick.get_or_insert(now);
        if since >= period {
            self.walk(true);
            self.last_tick = Some(now);
        }
        ctx.request_repaint_after(Duration::from_secs_f64((period - since.min(period)).max(0.01)));
    }
}

/// The button of the side panel that opens the construction.
pub(super) fn open_button(ui: &mut egui::Ui, tab: &mut super::MapTab, rules: &Rules) {
    if tab.rt.construction.open || !Construction::is_for(rules) {
        return;
    }
    if ui.button(tr("map.construction.open")).tip(tr("map.construction.tip")).clicked() {
        tab.rt.construction.open();
    }
}

/// The panel beside the map (before the central panel): the controls, the
/// sentence of the step shown and the table of the pairs. In the lesson
/// view the panel stays (the other panels fold away) with large buttons,
/// text and table, and the board fills the rest of the window.
pub(super) fn panel(ui: &mut egui::Ui, tab: &mut super::MapTab, rules: &Rules) {
    let view = &mut tab.rt.construction;
    if !view.open || !Construction::is_for(rules) {
        return;
    }
    let table_side = tab.rt.table.shown().map_or(view.side, |t| t.width().min(t.height()));
    let side = view.side.min(table_side).max(1);
    view.want(ui.ctx(), rules, side);
    keys(ui.ctx(), view);
    view.tick(ui.ctx());
    if widgets::lesson_view(ui.ctx()) {
        lesson_panel(ui, view);
        return;
    }
    widgets::side_panel(ui, "map_construction", widgets::Side::Left, 300.0, 0.3, |ui| {
        controls(ui, view);
        if let Some(job) = &view.job {
            widgets::job_progress(ui, job);
        }
        if let Some(e) = &view.error {
            ui.error_label(error_text(e));
        }
        if let Some(c) = view.built.clone() {
            ui.phrases(step_sentence(&c, view.shown));
            ui.separator();
            let size = ui.style().text_styles.get(&egui::TextStyle::Monospace).map_or(14.0, |f| f.size);
            pairs_table(ui, &c, view.shown, size, Some(12));
            ui.separator();
            key(ui);
        }
    });
}

/// The keys of the construction, while no text is typed: → a step, ← a
/// step back, Space plays or pauses (unless a button has the focus, which
/// Space presses), Home starts again. They are taken from the map, whose
/// arrows would pan the board.
fn keys(ctx: &egui::Context, view: &mut ConstructionView) {
    if ctx.egui_wants_keyboard_input() || view.built.is_none() {
        return;
    }
    let focused = ctx.memory(|m| m.focused().is_some());
    let none = egui::Modifiers::NONE;
    let (forward, back, space, home) = ctx.input_mut(|i| {
        (
            i.consume_key(none, egui::Key::ArrowRight),
            i.consume_key(none, egui::Key::ArrowLeft),
            !focused && i.consume_key(none, egui::Key::Space),
            i.consume_key(none, egui::Key::Home),
        )
    });
    if forward || back {
        view.step_by_hand(forward);
    }
    if space {
        view.toggle_play();
    }
    if home {
        view.restart();
    }
}

/// The construction in the lesson view: a panel on the right as wide as
/// the window leaves beside the square board, with large buttons (and
/// their keys), the step's sentence and the table in large type.
fn lesson_panel(ui: &mut egui::Ui, view: &mut ConstructionView) {
    let avail = ui.available_rect_before_wrap();
    // The board is a square as tall as the window; the panel takes the rest
    // (a third of the width at least, for the sentence and the table).
    let width = (avail.width() - avail.height() - 24.0).clamp(avail.width() * 0.3, avail.width() * 0.5).round();
    egui::Panel::right("map_construction_lesson").resizable(false).exact_size(width).show(ui, |ui| {
        let largest = LESSON_TEXT * ui.text_scale();
        ui.add_space(8.0);
        lesson_buttons(ui, view, largest);
        if let Some(job) = &view.job {
            widgets::job_progress(ui, job);
        }
        if let Some(e) = &view.error {
            ui.error_label(egui::RichText::new(error_text(e)).size(largest));
        }
        let Some(c) = view.built.clone() else { return };
        let sentence = step_sentence(&c, view.shown);
        let size = lesson_size(ui, &sentence, largest);
        ui.add_space(6.0);
        ui.phrases(egui::RichText::new(sentence).size(size));
        ui.separator();
        // The table takes the rest of the height (its rows scroll).
        pairs_table(ui, &c, view.shown, size * 1.4, None);
    });
}

/// The largest text size, up to `largest`, at which the sentence and six
/// rows of the table fit the height left in the panel (a long sentence on a
/// small projector gets smaller type rather than push the table away).
fn lesson_size(ui: &egui::Ui, sentence: &str, largest: f32) -> f32 {
    let (width, height) = (ui.available_width(), ui.available_height());
    let spacing = ui.spacing().item_spacing.y;
    let mut size = largest.floor();
    while size > 12.0 {
        let fits = ui.fonts_mut(|f| {
            let text = f.layout(sentence.to_owned(), egui::FontId::proportional(size), egui::Color32::WHITE, width);
            // (Japanese lines break between phrases: a little more room.)
            let row = f.row_height(&egui::FontId::monospace(size)) + spacing;
            text.size().y * 1.1 + row * 7.0 + 24.0 <= height
        });
        if fits {
            break;
        }
        size -= 1.0;
    }
    size
}

/// The size of the lesson's text before the app's scale.
const LESSON_TEXT: f32 = 24.0;

/// Back, Step and Play as large buttons, each with its key.
fn lesson_buttons(ui: &mut egui::Ui, view: &mut ConstructionView, size: f32) {
    let last = view.built.as_ref().map(|c| c.steps().len());
    let more = last.is_some_and(|l| view.shown < l);
    let big = |text: String| egui::Button::new(egui::RichText::new(text).size(size)).min_size(vec2(0.0, size * 2.0));
    ui.horizontal_wrapped(|ui| {
        let back = format!("← {}", tr("map.construction.back"));
        if ui.add_enabled(view.shown > 0, big(back)).tip(tr("map.construction.keys")).clicked() {
            view.step_by_hand(false);
        }
        let step = format!("{} →", tr("map.construction.step"));
        if ui.add_enabled(more, big(step)).tip(tr("map.construction.keys")).clicked() {
            view.step_by_hand(true);
        }
        let play = if view.playing { tr("map.construction.pause") } else { tr("map.construction.play") };
        if ui.add_enabled(more, big(play.to_string())).tip(tr("map.construction.keys")).clicked() {
            view.toggle_play();
        }
    });
}

fn controls(ui: &mut egui::Ui, view: &mut ConstructionView) {
    ui.section(tr("map.construction.title"));
    let last = view.built.as_ref().map(|c| c.steps().len());
    let ready = last.is_some();
    let more = last.is_some_and(|l| view.shown < l);
    ui.horizontal_wrapped(|ui| {
        let back = ui.add_enabled(ready && view.shown > 0, egui::Button::new(tr("map.construction.back")));
        if back.tip(tr("map.construction.keys")).clicked() {
            view.step_by_hand(false);
        }
        let step = ui.add_enabled(more, egui::Button::new(tr("map.construction.step")));
        if step.tip(tr("map.construction.keys")).clicked() {
            view.step_by_hand(true);
        }
        let play = if view.playing { tr("map.construction.pause") } else { tr("map.construction.play") };
        if ui.add_enabled(more, egui::Button::new(play)).clicked() {
            view.toggle_play();
        }
        if ui.add_enabled(ready && view.shown > 0, egui::Button::new(tr("map.construction.restart"))).clicked() {
            view.restart();
        }
        if ui.button(tr("map.construction.close")).clicked() {
            (view.open, view.playing) = (false, false);
        }
    });
    let label = ui.phrases(tr("map.construction.speed"));
    ui.add(egui::Slider::new(&mut view.speed, SPEEDS).logarithmic(true).max_decimals(1)).labelled_by(label.id);
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("map.construction.side"));
        let r = ui.add(egui::DragValue::new(&mut view.side).range(SIDES)).labelled_by(label.id);
        r.tip(tr("map.construction.side.tip"));
    });
}

/// What the marks on the map mean: a swatch and a few words each.
fn key(ui: &mut egui::Ui) {
    let pal = ui.colours();
    let size = egui::vec2(1.0, 1.0) * ui.text_style_height(&egui::TextStyle::Body);
    // As on the map: filled, crossed, veiled, ringed.
    let (fill, cross, ring) = (0, 1, 2);
    for (colour, mark, text) in [
        (pal.map_construction_new, fill, tr("map.construction.key.new")),
        (pal.map_construction_p, fill, tr("map.construction.key.p")),
        (pal.map_construction_struck, cross, tr("map.construction.key.struck")),
        (pal.map_construction_struck_before, fill, tr("map.construction.key.before")),
        (pal.map_construction_next, ring, tr("map.construction.key.next")),
    ] {
        ui.horizontal(|ui| {
            let (r, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            let r = r.shrink(2.0);
            let p = ui.painter();
            p.rect_filled(r, 0.0, pal.map_construction_board);
            let stroke = Stroke::new(2.0, colour);
            match mark {
                m if m == cross => {
                    let c = r.shrink(2.0);
                    p.line_segment([c.left_top(), c.right_bottom()], stroke);
                    p.line_segment([c.right_top(), c.left_bottom()], stroke);
                }
                m if m == ring => {
                    p.rect_stroke(r, 3.0, stroke, StrokeKind::Inside);
                }
                _ => {
                    p.rect_filled(r, 3.0, colour);
                }
            }
            ui.phrases(text);
        });
    }
}

/// What the step shown did, in a sentence: for a symmetric piece whose
/// pair starts with the least number not yet used, in the words of the
/// article (a(n), b(n)), else as the least free cell.
fn step_sentence(c: &Construction, shown: usize) -> String {
    let count = c.steps().iter().map(|s| s.p_positions.len()).sum::<usize>();
    let side = c.width();
    let Some(step) = shown.checked_sub(1).and_then(|i| c.steps().get(i)) else {
        let start = if c.is_symmetric() { "map.construction.start.pair" } else { "map.construction.start" };
        return trf(start, &[("w", &side), ("h", &c.height())]);
    };
    let (a, b) = step.pair;
    let n = step.n;
    // A no-break space: a cell is never cut at the end of a line.
    let (pair, mirror) = (format!("({a},\u{a0}{b})"), format!("({b},\u{a0}{a})"));
    let args: [(&str, &dyn std::fmt::Display); 3] = [("n", &n), ("pair", &pair), ("mirror", &mirror)];
    let mirrored = step.p_positions.len() == 2;
    let s = if step.terminal {
        trf("map.construction.terminal", &args)
    } else if c.is_symmetric() && a == step.least_unused {
        let numbers: [(&str, &dyn std::fmt::Display); 4] =
            [("n", &n), ("a", &a), ("b", &b), ("m", &n.saturating_sub(1))];
        // The queen's b(n) = a(n) + n, because the differences 0 to n − 1
        // belong to the pairs before (Wythoff); other pieces say which b.
        let lead = if c.beatty(n).is_some() && b - a == n && n > 0 {
            trf("map.construction.wythoff", &numbers)
        } else {
            trf("map.construction.least", &numbers)
        };
        let found = if mirrored {
            trf("map.construction.found.pair", &args)
        } else {
            trf("map.construction.found.cell", &args)
        };
        joined(&lead, &found)
    } else if mirrored {
        trf("map.construction.pair", &args)
    } else {
        trf("map.construction.cell", &args)
    };
    let struck = match step.struck.len() {
        0 => tr("map.construction.struck.none").to_string(),
        1 => tr("map.construction.struck.one").to_string(),
        count => trf("map.construction.struck.many", &[("count", &count)]),
    };
    let mut s = joined(&s, &struck);
    if shown == c.steps().len() {
        s.push('\n');
        s.push_str(&trf("map.construction.done", &[("w", &side), ("h", &c.height()), ("count", &count)]));
    }
    s
}

/// Two sentences: a space between them, except after a Japanese full stop.
fn joined(a: &str, b: &str) -> String {
    if a.ends_with('。') { format!("{a}{b}") } else { format!("{a} {b}") }
}

/// The table's columns: n, a, b; b − a for a symmetric piece (the pairs'
/// differences); ⌊nφ⌋, ⌊nφ²⌋ for the queen.
#[derive(Clone, Copy, PartialEq)]
enum Column {
    N,
    A,
    B,
    Difference,
    BeattyA,
    BeattyB,
}

impl Column {
    fn title(self) -> &'static str {
        match self {
            Column::N => "n",
            Column::A => "a",
            Column::B => "b",
            Column::Difference => "b−a",
            Column::BeattyA => "⌊nφ⌋",
            Column::BeattyB => "⌊nφ²⌋",
        }
    }

    fn of(c: &Construction) -> Vec<Column> {
        let mut columns = vec![Column::N, Column::A, Column::B];
        if c.is_symmetric() {
            columns.push(Column::Difference);
        }
        if c.beatty(0).is_some() {
            columns.extend([Column::BeattyA, Column::BeattyB]);
        }
        columns
    }

    /// The number in this column at step `n`.
    fn number(self, c: &Construction, n: usize) -> u128 {
        let (a, b) = c.steps()[n].pair;
        let beatty = || c.beatty(n).unwrap_or((0, 0));
        match self {
            Column::N => n as u128,
            Column::A => a as u128,
            Column::B => b as u128,
            Column::Difference => b.abs_diff(a) as u128,
            Column::BeattyA => beatty().0,
            Column::BeattyB => beatty().1,
        }
    }
}

/// The widths of the table's columns: each as wide as its title and its
/// widest number on this board.
fn column_widths(c: &Construction, columns: &[Column]) -> Vec<usize> {
    let digits = |v: u128| v.to_string().len();
    let steps = c.steps().len();
    columns
        .iter()
        .map(|&col| {
            let widest = (0..steps).map(|n| col.number(c, n)).max().map_or(0, digits);
            widest.max(col.title().chars().count())
        })
        .collect()
}

/// Cells in columns of fixed width, one space apart (two before the
/// Beatty columns).
fn columns(cells: &[String], columns: &[Column], widths: &[usize]) -> String {
    let mut out = String::new();
    for (i, ((cell, &w), &col)) in cells.iter().zip(widths).zip(columns).enumerate() {
        out.push_str(match (i, col) {
            (0, _) => "",
            (_, Column::BeattyA) => "  ",
            _ => " ",
        });
        out.push_str(&format!("{cell:>w$}"));
    }
    out
}

/// The row of step `n`: `n a b` (`b − a` for a symmetric piece, `⌊nφ⌋
/// ⌊nφ²⌋` for the queen).
fn row_text(c: &Construction, n: usize, cols: &[Column], widths: &[usize]) -> String {
    let cells: Vec<String> = cols.iter().map(|col| col.number(c, n).to_string()).collect();
    columns(&cells, cols, widths)
}

/// The table of the steps shown, in monospace at `size` or smaller so that
/// every column fits the width; `rows` rows in sight, or as many as the
/// height left holds (only those are laid out).
fn pairs_table(ui: &mut egui::Ui, c: &Construction, shown: usize, size: f32, rows: Option<usize>) {
    let cols = Column::of(c);
    let widths = column_widths(c, &cols);
    let titles: Vec<String> = cols.iter().map(|col| col.title().to_string()).collect();
    let header = columns(&titles, &cols, &widths);
    // Every column in sight: the font shrinks until the widest row fits.
    let probe = 20.0;
    let width = ui
        .fonts_mut(|f| f.layout_no_wrap(header.clone(), egui::FontId::monospace(probe), egui::Color32::WHITE).size().x);
    let size = size.min(probe * ui.available_width() / width.max(1.0) * 0.97).max(6.0);
    let what = if c.is_symmetric() { tr("map.construction.columns.pair") } else { tr("map.construction.columns.cell") };
    let text = |t: String| egui::RichText::new(t).monospace().size(size);
    let header = egui::Label::new(text(header).strong()).extend();
    ui.add(header).tip(what);
    // (show_rows adds the spacing between rows itself.)
    let row_height = ui.fonts_mut(|f| f.row_height(&egui::FontId::monospace(size)));
    let spaced = row_height + ui.spacing().item_spacing.y;
    let rows = rows.map_or_else(|| (ui.available_height() / spaced).floor().max(3.0), |r| r as f32);
    egui::ScrollArea::vertical()
        .id_salt("construction_rows")
        .max_height(spaced * rows)
        .auto_shrink([false, true])
        .stick_to_bottom(true)
        .scroll_bar_visibility(widgets::ALWAYS)
        .show_rows(ui, row_height, shown, |ui, range| {
            for n in range {
                ui.add(egui::Label::new(text(row_text(c, n, &cols, &widths))).extend());
            }
        });
}

/// Why the rules cannot be built, in the user's language.
fn error_text(e: &ConstructionError) -> String {
    match e {
        ConstructionError::Dimension(d) => trf("map.construction.error.dimension", &[("d", d)]),
        ConstructionError::NotAPiece => tr("map.construction.error.program").to_string(),
        ConstructionError::Misere => tr("map.construction.error.misere").to_string(),
        ConstructionError::Pass => tr("map.construction.error.pass").to_string(),
        ConstructionError::Size { width, height } => trf("map.construction.error.size", &[("w", width), ("h", height)]),
    }
}

/// The camera that shows the whole box of `side` on the canvas.
pub(super) fn fitted(side: usize, rect: Rect) -> Camera {
    Camera::fit(side, side, rect.width() as f64, rect.height() as f64)
}

/// The construction on the map: the box as a clean board, the cells struck
/// out before (veiled), the cells the step shown strikes out (crossed),
/// the P-positions found (filled), the new ones (ringed) and the next least
/// free cell (outlined). Only the visible cells of the box are drawn.
pub(super) fn draw_on_map(painter: &egui::Painter, rect: Rect, cam: &Camera, (c, shown): (&Construction, usize)) {
    let pal = crate::ui::theme::current(painter.ctx());
    let (w, h) = (c.width(), c.height());
    let z = cam.zoom as f32;
    let at = |x: usize, y: usize| -> Pos2 {
        let (a, b) = cam.to_pixel(x as f64, y as f64);
        rect.min + vec2(a as f32, b as f32)
    };
    let cell = |x: usize, y: usize| Rect::from_min_size(at(x, y), vec2(z, z));
    let board = Rect::from_two_pos(at(0, 0), at(w, h));
    painter.rect_filled(board.intersect(rect), 0.0, pal.map_construction_board);
    let (xs, ys) = cam.visible_cells(rect.width() as f64, rect.height() as f64, w, h);
    let current = shown.checked_sub(1).map(|i| &c.steps()[i]);
    for y in ys.clone() {
        for x in xs.clone() {
            if let Some(k) = c.found_at(x, y).filter(|&k| k < shown) {
                let colour = if Some(k + 1) == Some(shown) { pal.map_construction_new } else { pal.map_construction_p };
                painter.rect_filled(cell(x, y).shrink((z * 0.1).max(0.5)), z * 0.2, colour);
            } else if c.struck_at(x, y).is_some_and(|k| k + 1 < shown) {
                painter.rect_filled(cell(x, y), 0.0, pal.map_construction_struck_before);
            }
        }
    }
    // The cells the step shown strikes out: a cross in each (a fill when
    // the cells are too small for a cross to read).
    if let Some(step) = current {
        let stroke = Stroke::new((z * 0.12).clamp(1.0, 3.0), pal.map_construction_struck);
        for &(x, y) in step.struck.iter().filter(|&&(x, y)| xs.contains(&x) && ys.contains(&y)) {
            let r = cell(x, y);
            if z >= 6.0 {
                let r = r.shrink(z * 0.2);
                painter.line_segment([r.left_top(), r.right_bottom()], stroke);
                painter.line_segment([r.right_top(), r.left_bottom()], stroke);
            } else {
                painter.rect_filled(r, 0.0, pal.map_construction_struck);
            }
        }
    }
    if z >= 6.0 {
        let grid = Stroke::new(0.6, pal.map_grid_minor);
        for x in xs.start..=xs.end {
            painter.line_segment([at(x, ys.start), at(x, ys.end)], grid);
        }
        for y in ys.start..=ys.end {
            painter.line_segment([at(xs.start, y), at(xs.end, y)], grid);
        }
    }
    if let Some(next) = c.steps().get(shown) {
        let ring = Stroke::new((z * 0.1).clamp(1.5, 3.0), pal.map_construction_next);
        painter.rect_stroke(cell(next.pair.0, next.pair.1), z * 0.2, ring, StrokeKind::Inside);
    }
    painter.rect_stroke(board, 0.0, Stroke::new(2.0, pal.map_construction_edge), StrokeKind::Outside);
}
