//! The game review in the Play tab: the marks of the moves (worded here,
//! from [`crate::play::Mark`]), the replay's controls and keys, the marks
//! in the move list, and the moves as a table for the clipboard. The review
//! itself ([`crate::play::Review`]) steps the one game with its own undo and
//! redo, so the views draw the reviewed position as they draw any other,
//! with nothing to play on it.

use super::{PlayTab, heaps_view, moves_table, row_view, sum_view};
use crate::play::{AnyGame, Better, HeapMove, Mark, Review, Unknown};
use crate::ui::i18n::{tr, trf};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets;
use crate::ui::words;
use egui::{Key, RichText};

/// A winning move the player missed, as a person reads it.
pub fn better_text(game: &AnyGame, better: &Better) -> String {
    match better {
        Better::Board((a, b)) => format!("({a},{b})"),
        Better::Heaps(HeapMove::To(p)) => {
            let d = match game {
                AnyGame::Heaps(g) => g.dimension(),
                _ => 3,
            };
            crate::rules::point_text(&p[..d])
        }
        Better::Heaps(HeapMove::Pass) => tr("heaps.pass").to_string(),
        Better::Sum { piece, to } => format!("{} → ({}, {})", sum_view::NAMES[*piece], to.0, to.1),
        Better::HeapSum { part, to } => {
            let d = match game {
                AnyGame::HeapSum(g) => g.parts()[0].dimension(),
                _ => 3,
            };
            format!("{} → {}", super::heap_sum_view::game_name(*part), crate::rules::point_text(&to[..d]))
        }
        Better::Nim { heap, left } => trf("nim.hint.move", &[("heap", &(heap + 1)), ("left", left)]),
        Better::Row { heap, parts } => {
            format!("{} → {}", trf("row.heap", &[("n", &(heap + 1))]), row_view::parts_text(parts))
        }
    }
}

/// The mark of a move in words.
pub fn mark_text(game: &AnyGame, mark: &Mark) -> String {
    match mark {
        Mark::ToP => tr("review.mark.to_p").to_string(),
        Mark::Mistake { better: Some(b) } => trf("review.mark.mistake", &[("better", &better_text(game, b))]),
        Mark::Mistake { better: None } => tr("review.mark.mistake_plain").to_string(),
        Mark::FromP => tr("review.mark.from_p").to_string(),
        Mark::Unknown(Unknown::Computing) => tr("review.mark.computing").to_string(),
        Mark::Unknown(Unknown::TooLarge) => tr("review.mark.too_large").to_string(),
        Mark::Unknown(Unknown::Failed) => tr("review.mark.failed").to_string(),
    }
}

/// The colour a mark is written in.
fn mark_colour(mark: &Mark, pal: &Colours, ui: &egui::Ui) -> egui::Color32 {
    match mark {
        Mark::ToP => pal.good,
        Mark::Mistake { .. } => pal.bad,
        Mark::FromP | Mark::Unknown(_) => ui.visuals().weak_text_color(),
    }
}

/// The position the game is at, as a person reads it.
pub fn position_now(game: &AnyGame) -> String {
    let list = |v: &[u64]| v.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", ");
    match game {
        AnyGame::Board(g) => format!("({}, {})", g.position().0, g.position().1),
        AnyGame::Heaps(g) => heaps_view::state_text(g, g.state()),
        AnyGame::Sum(g) => g
            .pieces()
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} ({}, {})", sum_view::NAMES[i], p.0, p.1))
            .collect::<Vec<_>>()
            .join(", "),
        AnyGame::HeapSum(g) => g
            .parts()
            .iter()
            .enumerate()
            .map(|(i, p)| super::heap_sum_view::part_text(p, i))
            .collect::<Vec<_>>()
            .join(", "),
        AnyGame::Nim(g) => list(g.heaps()),
        AnyGame::Row(g) => list(g.row()),
    }
}

/// The moves of the game as table rows (number, player, from, to), without
/// the marks.
fn move_cells(game: &AnyGame) -> Vec<[String; 4]> {
    let who = |by: usize| words::play::player_name(game.players(), by).to_string();
    let pair = |p: (u64, u64)| format!("({},{})", p.0, p.1);
    let numbered = |i: usize, by: usize, from: String, to: String| [(i + 1).to_string(), who(by), from, to];
    match game {
        AnyGame::Board(g) => {
            g.history().played().iter().enumerate().map(|(i, m)| numbered(i, m.by, pair(m.from), pair(m.to))).collect()
        }
        AnyGame::Heaps(g) => g
            .history()
            .played()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let after = m.from.after(m.by_move);
                let to = match m.by_move {
                    HeapMove::Pass => format!("{} ({})", heaps_view::state_text(g, after), tr("heaps.pass")),
                    HeapMove::To(_) => heaps_view::state_text(g, after),
                };
                numbered(i, m.by, heaps_view::state_text(g, m.from), to)
            })
            .collect(),
        AnyGame::Sum(g) => g
            .history()
            .played()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let from = format!("{} ({}, {})", sum_view::NAMES[m.piece], m.from.0, m.from.1);
                numbered(i, m.by, from, format!("({}, {})", m.to.0, m.to.1))
            })
            .collect(),
        AnyGame::HeapSum(g) => g
            .history()
            .played()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let game = &g.parts()[m.part];
                let name = super::heap_sum_view::game_name(m.part);
                let from = format!("{name} {}", super::heaps_view::heaps_text(game, &m.from));
                numbered(i, m.by, from, super::heaps_view::heaps_text(game, &m.to))
            })
            .collect(),
        AnyGame::Nim(g) => g
            .history()
            .played()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let heap = trf("nim.heap", &[("n", &(m.heap + 1))]);
                numbered(i, m.by, format!("{heap}: {}", m.from), m.to.to_string())
            })
            .collect(),
        AnyGame::Row(g) => g
            .history()
            .played()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let heap = trf("row.heap", &[("n", &(m.heap + 1))]);
                numbered(i, m.by, format!("{heap} ({})", m.before[m.heap]), row_view::parts_text(&m.parts))
            })
            .collect(),
    }
}

/// What the review's header says, worked out by
/// [`PlayTab::review_header_now`].
pub(super) struct ReviewHeader {
    /// The step shown and the last one.
    step: usize,
    end: usize,
    /// Which step, and the position.
    head: String,
    /// The move that led here and its mark.
    mark: Option<(String, Mark)>,
    /// The end of the game (who won, and whether the person did).
    over: Option<(String, bool)>,
    /// The better move is drawn on the board.
    better_drawn: bool,
}

/// What was chosen in the review's header.
pub(super) enum ReviewAction {
    /// Show the position after this many moves.
    GoTo(usize),
    /// Leave the review: the game as it was.
    Leave,
    /// Leave the review and play on from the position shown.
    Continue,
    /// Start a new game.
    PlayAgain,
}

/// The review's header: the end of the game (and Play again), the step and
/// the position, the mark of the move that led there, First / Back /
/// Forward / Last, and the two ways out.
pub(super) fn show_review_header(ui: &mut egui::Ui, pal: &Colours, h: &ReviewHeader) -> Option<ReviewAction> {
    let mut action = None;
    let size = 20.0 * ui.text_scale();
    if let Some((text, person_won)) = &h.over {
        let fill = if *person_won { pal.good_fill } else { pal.bad_fill };
        widgets::banner(ui, fill, pal.banner_text, text, false);
        if ui.add(egui::Button::new(RichText::new(tr("play.play_again")).size(size))).clicked() {
            action = Some(ReviewAction::PlayAgain);
        }
    }
    widgets::banner(ui, pal.info_fill, pal.banner_text, &h.head, false);
    if let Some((text, mark)) = &h.mark {
        let colour = mark_colour(mark, pal, ui);
        ui.phrases(RichText::new(text).size(super::sentence_size(ui)).color(colour).strong());
        if h.better_drawn {
            ui.phrases(RichText::new(tr("review.better_drawn")).color(pal.winning));
        }
    }
    let (step, end) = (h.step, h.end);
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut egui::Ui, enabled: bool, key: &'static str, tip: &str, to: ReviewAction| {
            let b = ui.add_enabled(enabled, egui::Button::new(RichText::new(tr(key)).size(size)));
            if b.tip(tip).clicked() {
                action = Some(to);
            }
        };
        button(ui, step > 0, "review.first", "Home", ReviewAction::GoTo(0));
        button(ui, step > 0, "review.back", "←", ReviewAction::GoTo(step.saturating_sub(1)));
        button(ui, step < end, "review.forward", "→", ReviewAction::GoTo(step + 1));
        button(ui, step < end, "review.last", "End", ReviewAction::GoTo(end));
        ui.add_space(12.0);
        if ui.button(RichText::new(tr("review.leave")).size(size)).clicked() {
            action = Some(ReviewAction::Leave);
        }
        if step < end || h.over.is_none() {
            let b = ui.button(RichText::new(tr("review.continue")).size(size));
            if b.tip(tr("review.continue.tip")).clicked() {
                action = Some(ReviewAction::Continue);
            }
        }
    });
    ui.small(tr("review.keys"));
    action
}

/// Which of the two ways the moves are copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyAs {
    /// A LaTeX `tabular`.
    Latex,
    /// Plain text with tabs.
    Text,
}

impl PlayTab {
    /// Whether the review is open (the game is paused on its position).
    pub fn reviewing(&self) -> bool {
        self.review.is_some()
    }

    /// The open review, if any.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// Open the review of the game on screen at its current position.
    pub fn open_review(&mut self) {
        if self.review.is_some() {
            return;
        }
        let Some(game) = &mut self.current else { return };
        self.computer_due = None;
        self.selected = false;
        self.sum_selected = None;
        self.row_selected = None;
        self.notice = None;
        self.review = Some(Review::open(game));
    }

    /// Leave the review: the game as it was.
    pub fn close_review(&mut self) {
        if let (Some(review), Some(game)) = (self.review.take(), &mut self.current) {
            review.close(game);
        }
        self.review_left = true;
    }

    /// Leave the review and play on from the position shown (the later
    /// moves can be redone until a new move is played).
    pub fn continue_from_review(&mut self) {
        if let Some(review) = self.review.take() {
            review.continue_here();
        }
        self.review_left = true;
    }

    /// Show the position after `step` moves.
    pub fn review_go_to(&mut self, step: usize) {
        if let (Some(review), Some(game)) = (&self.review, &mut self.current) {
            review.go_to(game, step);
        }
    }

    /// The step shown and the last one.
    fn review_steps(&self) -> Option<(usize, usize)> {
        Some((self.review.as_ref()?.step(self.current.as_ref()?), self.review.as_ref()?.end()))
    }

    /// Work the marks out again (a table arrived).
    pub(super) fn refresh_review(&mut self) {
        if let (Some(review), Some(game)) = (&mut self.review, &mut self.current) {
            review.refresh(game);
        }
    }

    /// The arrow keys step the replay (Home and End go to the ends), unless
    /// a text field has the keys.
    pub(super) fn review_keys(&mut self, ctx: &egui::Context) {
        let Some((step, end)) = self.review_steps() else { return };
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let pressed = |k| ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, k));
        let to = if pressed(Key::ArrowLeft) {
            step.saturating_sub(1)
        } else if pressed(Key::ArrowRight) {
            step + 1
        } else if pressed(Key::Home) {
            0
        } else if pressed(Key::End) {
            end
        } else {
            return;
        };
        self.review_go_to(to);
    }

    /// The sentence of the position shown: which step of how many, the
    /// position, and the mark of the move that led there.
    pub fn review_sentences(&self) -> Option<(String, Option<(String, Mark)>)> {
        let (step, end) = self.review_steps()?;
        let game = self.current.as_ref()?;
        let position = position_now(game);
        let head = if step == 0 {
            trf("review.at_start", &[("end", &end), ("position", &position)])
        } else {
            trf("review.at_step", &[("step", &step), ("end", &end), ("position", &position)])
        };
        let mark = self.review.as_ref()?.mark_shown(game).cloned().map(|mark| {
            let line = super::controls::move_lines(self).get(step - 1).map(|(l, _)| l.clone()).unwrap_or_default();
            (trf("review.move", &[("n", &step), ("move", &line), ("mark", &mark_text(game, &mark))]), mark)
        });
        Some((head, mark))
    }

    /// What the review's header says and offers now (worked out before it
    /// is drawn, so that a view can draw it beside its board while it
    /// holds the game).
    pub(super) fn review_header_now(&self) -> Option<ReviewHeader> {
        let (step, end) = self.review_steps()?;
        let (head, mark) = self.review_sentences()?;
        let game = self.current.as_ref()?;
        let over = game.over().map(|over| {
            let players = game.players();
            (words::play::game_over(&over, players), !players[over.winner].is_computer())
        });
        let better_drawn = matches!(&mark, Some((_, Mark::Mistake { better: Some(Better::Board(_)) })));
        Some(ReviewHeader { step, end, head, mark, over, better_drawn })
    }

    /// Do what was chosen in the review's header.
    pub(super) fn apply_review(&mut self, action: ReviewAction) {
        match action {
            ReviewAction::GoTo(step) => self.review_go_to(step),
            ReviewAction::Leave => self.close_review(),
            ReviewAction::Continue => self.continue_from_review(),
            ReviewAction::PlayAgain => {
                self.review = None;
                self.current = None;
            }
        }
    }

    /// The review's header above the position (games other than a piece
    /// on a board, whose view draws it beside the board).
    pub(super) fn review_header(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(header) = self.review_header_now() else { return };
        if let Some(action) = show_review_header(ui, pal, &header) {
            self.apply_review(action);
        }
    }

    /// The better move of the position shown, to draw on the board: where
    /// the piece stood and where it should have gone (a piece on a board,
    /// after a mistake).
    pub(super) fn better_on_board(&self) -> Option<((u64, u64), (u64, u64))> {
        let game = self.current.as_ref()?;
        let Some(Mark::Mistake { better: Some(Better::Board(to)) }) = self.review.as_ref()?.mark_shown(game) else {
            return None;
        };
        let AnyGame::Board(g) = game else { return None };
        Some((g.history().played().last()?.from, *to))
    }

    /// The move list of the review: each line with its mark under it; a
    /// click on a line shows the position after it.
    pub(super) fn review_move_list(&mut self, ui: &mut egui::Ui, pal: &Colours, lines: &[(String, Option<String>)]) {
        let (Some(review), Some(game)) = (&self.review, &self.current) else { return };
        let step = review.step(game);
        let mut to = None;
        if ui.selectable_label(step == 0, tr("review.start_line")).clicked() {
            to = Some(0);
        }
        for (i, (line, why)) in lines.iter().enumerate() {
            let text = format!("{}. {line}", i + 1);
            if ui.selectable_label(step == i + 1, text).clicked() {
                to = Some(i + 1);
            }
            if let Some(mark) = review.marks().get(i) {
                ui.phrases(RichText::new(mark_text(game, mark)).color(mark_colour(mark, pal, ui)));
            }
            if let Some(w) = why {
                ui.phrases(RichText::new(w).small());
            }
        }
        if let Some(step) = to {
            self.review_go_to(step);
        }
    }

    /// The moves as a table (with the review's marks, worked out now when
    /// the review is not open), for the clipboard.
    pub fn moves_table(&mut self, how: CopyAs) -> Option<String> {
        let marks = match (&self.review, &mut self.current) {
            (Some(r), _) => r.marks().to_vec(),
            (None, Some(game)) => crate::play::review::marks(game),
            (None, None) => return None,
        };
        let header = ["review.col.n", "review.col.player", "review.col.from", "review.col.to", "review.col.mark"]
            .map(|k| tr(k).to_string());
        // The whole game, also when the review shows an earlier position:
        // stepped to its end and back.
        let (review, game) = (&self.review, self.current.as_mut()?);
        let step = game.moves_played();
        if let Some(r) = review {
            r.go_to(game, r.end());
        }
        let cells = move_cells(game);
        if let Some(r) = review {
            r.go_to(game, step);
        }
        let game = &*game;
        let rows: Vec<moves_table::Row> = cells
            .into_iter()
            .zip(&marks)
            .map(|([n, who, from, to], mark)| [n, who, from, to, mark_text(game, mark)])
            .collect();
        Some(match how {
            CopyAs::Latex => moves_table::latex(&header, &rows),
            CopyAs::Text => moves_table::plain(&header, &rows),
        })
    }
}
