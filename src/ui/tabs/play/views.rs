//! The centre of the Play tab for each kind of game: the board and piles
//! of a piece, heaps of any rules, a sum of pieces, Nim. Each view draws
//! the game it is given, under the one banner ([`PlayTab::banner`]), and
//! plays what was clicked.

use super::{PlayTab, board, explanation_box, heaps_view, illegal_message, nim_view, piles, sentence_size};
use super::{row_view, sum_view, widgets};
use crate::play::AnyGame;
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::theme::Colours;
use crate::ui::ui_ext::UiExt;
use crate::ui::words;
use egui::{RichText, vec2};

impl PlayTab {
    /// A piece on a board, and the same position as two piles.
    pub(super) fn board_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        // The review's header and the better move, worked out before the
        // game is held (the header is drawn beside the board, the move on it).
        let review = self.review_header_now();
        let better = self.better_on_board();
        let mut review_action = None;
        let Some(AnyGame::Board(game)) = &self.current else { return };
        let (x, y) = game.position();
        let (sx, sy) = game.start();
        let heading = format!(
            "{}  ·  {}",
            words::play::rules_name(game.rules()),
            trf("play.position", &[("x", &x), ("y", &y), ("sx", &sx), ("sy", &sy)])
        );
        let lesson = widgets::lesson_view(ui.ctx());
        let (hints, frozen) = (self.hints_now(), self.reviewing());
        // In the lesson view the sentences go beside the board.
        let turn = if lesson && !frozen { self.turn_sentence() } else { None };
        if !lesson && review.is_none() {
            ui.phrases(&heading);
        }
        let hint = game.hint();
        // The room in sight: the scroll area this view is in may offer more
        // height than is visible (its content's height of the last frame).
        let avail = vec2(ui.available_width(), ui.available_height().min(ui.clip_rect().bottom() - ui.cursor().top()));
        let piles_width = (avail.x * 0.3).clamp(230.0, 560.0);
        // The board keeps one size for the whole game: room is kept for
        // everything that may be said (a notice, the last move's reason,
        // the hint), said or not yet, so that a click aimed at a square
        // never lands elsewhere when a sentence appears. Where the window
        // is wide the sentences go beside the board, under the piles (as
        // in the lesson view), and the board takes the whole height.
        let reserved = [1.3, 3.0, if hints { 2.3 } else { 0.0 }];
        let below = (0.6 + reserved.iter().sum::<f32>()) * sentence_size(ui);
        let width_limit = avail.x - piles_width - 16.0;
        // The review's header always goes beside: the piles are beside the
        // board anyway, so the board keeps the whole height.
        let beside = lesson || review.is_some() || width_limit > avail.y - below;
        let board_size = vec2(width_limit, if beside { avail.y - 8.0 } else { (avail.y - below).max(240.0) });
        // Beside a board narrower than its room (13 rows by 10 columns), the
        // column takes the width the board leaves.
        let piles_width =
            if beside { (avail.x - board::footprint(game, board_size).x - 16.0).max(piles_width) } else { piles_width };
        // Beside the board the piles leave room under them for the
        // sentences (and, in the lesson view, for whose turn it is).
        let piles_height = match (lesson, beside) {
            (true, _) => board_size.y.min(board_size.x) * 0.45,
            (false, true) => (board_size.y.min(board_size.x) - below).max(board_size.y.min(board_size.x) * 0.45),
            (false, false) => board_size.y,
        };
        let mut board_action = None;
        let mut piles_action = None;
        ui.horizontal_top(|ui| {
            let look = board::BoardLook {
                palette: pal,
                show_p: self.options.show_p,
                show_hints: hints,
                hint: &hint,
                frozen,
                better,
            };
            ui.vertical(|ui| {
                ui.set_max_width(board_size.x);
                board_action = board::show(ui, game, &mut self.selected, &look, board_size);
            });
            ui.add_space(16.0);
            // Beside the board the column scrolls: its scroll bar takes the
            // last points of the width.
            let piles_width = if beside { piles_width - 12.0 } else { piles_width };
            let column = |ui: &mut egui::Ui| {
                ui.set_max_width(piles_width);
                if let Some(h) = &review {
                    review_action = super::review_view::show_review_header(ui, pal, h);
                    ui.phrases(&heading);
                }
                if let Some(text) = &turn {
                    widgets::banner(ui, pal.info_fill, pal.banner_text, text, false);
                    ui.phrases(&heading);
                }
                if lesson && !frozen {
                    // The options panel is folded away: the hint's switch
                    // is here, in the sentences' size.
                    let text = RichText::new(tr("play.show_hints")).size(sentence_size(ui));
                    ui.checkbox(&mut self.options.show_hints, text);
                }
                if beside {
                    // The sentences come first, always in view (the piles
                    // repeat the board, and may scroll).
                    board_sentences(ui, pal, self.notice.as_ref(), hints, game, &hint);
                }
                piles_action = piles::show(ui, game, &mut self.take, pal, vec2(piles_width, piles_height), frozen);
            };
            if beside {
                // The sentences beside the board scroll when they are long
                // (large text on a small projector).
                ui.vertical(|ui| {
                    egui::ScrollArea::vertical().id_salt("beside_column").show(ui, column);
                });
            } else {
                ui.vertical(column);
            }
        });
        let mut target = None;
        match board_action {
            Some(board::BoardAction::MoveTo(t)) => target = Some(t),
            Some(board::BoardAction::Illegal(t)) => self.notice = Some(illegal_message(game, t)),
            None => {}
        }
        match piles_action {
            Some(piles::PilesAction::MoveTo(t)) => target = Some(t),
            Some(piles::PilesAction::Message(m)) => self.notice = Some(m),
            None => {}
        }
        if !beside {
            board_sentences(ui, pal, self.notice.as_ref(), hints, game, &hint);
        }
        if hints && game.is_over().is_none() {
            // Far targets on a huge board cannot be clicked: offer them as buttons.
            if let crate::play::Hint::WinningMoves(m) = &hint
                && game.start().0.max(game.start().1) > board::FULL_BOARD_MAX
                && !game.computer_to_move()
            {
                ui.horizontal_wrapped(|ui| {
                    for &(a, b) in m.iter().take(4) {
                        if ui.button(format!("→ ({a},{b})")).clicked() {
                            target = Some((a, b));
                        }
                    }
                });
            }
        }
        if let (Some(t), Some(AnyGame::Board(game)), false) = (target, &mut self.current, frozen)
            && game.play(t).is_ok()
        {
            self.notice = None;
            self.selected = false;
        }
        if let Some(action) = review_action {
            self.apply_review(action);
        }
    }

    /// Heaps of any rules: piles (two also as a board), the moves, the pass.
    pub(super) fn heaps_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(AnyGame::Heaps(game)) = &self.current else { return };
        let (hints, frozen) = (self.hints_now(), self.reviewing());
        ui.phrases(RichText::new(words::play::rules_name(game.rules())).strong());
        if game.failure().is_some() {
            // The game cannot go on: say so where the moves would be.
            widgets::banner(ui, pal.bad_fill, pal.banner_text, &failure_text(game), false);
        }
        let chosen = heaps_view::show(ui, game, &mut self.heap_leave, pal, hints, frozen);
        if let Some(r) = game.history().last()
            && let Some(why) = heaps_view::reason_text(game, r)
        {
            explanation_box(ui, pal, &format!("{}: {why}", tr("play.last_move")));
        }
        if hints && game.winner().is_none() && game.failure().is_none() {
            let text = heaps_view::hint_text(game, game.hint());
            ui.phrases(RichText::new(text).size(sentence_size(ui)).color(pal.winning));
        }
        match (chosen.filter(|_| !frozen), &mut self.current) {
            (Some(Ok(m)), Some(AnyGame::Heaps(game))) => match game.play(m) {
                Ok(()) => {
                    self.notice = None;
                    self.heap_leave = Default::default();
                }
                Err(e) => self.notice = Some(Notice::new(move || crate::ui::words::errors::heap_move_error(&e))),
            },
            (Some(Err(message)), _) => self.notice = Some(message),
            _ => {}
        }
        self.show_notice(ui, pal);
    }

    /// A sum of games of heaps: the games side by side, a move in one.
    pub(super) fn heap_sum_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(AnyGame::HeapSum(sum)) = &self.current else { return };
        let (hints, frozen) = (self.hints_now(), self.reviewing());
        ui.phrases(RichText::new(words::play::rules_name(sum.rules())).strong());
        if let Some((i, game)) = sum.parts().iter().enumerate().find(|(_, g)| g.failure().is_some()) {
            let text = format!("{}: {}", super::heap_sum_view::game_name(i), failure_text(game));
            widgets::banner(ui, pal.bad_fill, pal.banner_text, &text, false);
        }
        let chosen = super::heap_sum_view::show(ui, sum, &mut self.heap_sum_leave, pal, hints, frozen);
        if let Some(m) = sum.history().last()
            && let Some(why) = super::heap_sum_view::reason_text(sum, m)
        {
            explanation_box(ui, pal, &format!("{}: {why}", tr("play.last_move")));
        }
        if hints && sum.winner().is_none() && sum.failure().is_none() {
            let text = super::heap_sum_view::hint_text(sum);
            ui.phrases(RichText::new(text).size(sentence_size(ui)).color(pal.winning));
        }
        match (chosen.filter(|_| !frozen), &mut self.current) {
            (Some(Ok((part, to))), Some(AnyGame::HeapSum(sum))) => {
                if sum.play(part, to) {
                    self.notice = None;
                    self.heap_sum_leave.left.clear();
                } else {
                    self.notice = Some(Notice::key("heapsum.illegal"));
                }
            }
            (Some(Err(message)), _) => self.notice = Some(message),
            _ => {}
        }
        self.show_notice(ui, pal);
    }

    /// Several pieces on one board: pick one, then its target.
    pub(super) fn sum_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(AnyGame::Sum(game)) = &self.current else { return };
        let (hints, frozen) = (self.hints_now(), self.reviewing());
        let pieces: Vec<String> = game
            .pieces()
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} ({}, {})", sum_view::NAMES[i], p.0, p.1))
            .collect();
        ui.phrases(
            RichText::new(format!("{} · {}", words::play::rules_name(game.rules()), pieces.join(", "))).size(20.0),
        );
        let size = vec2(ui.available_width(), (ui.available_height() - 140.0).max(240.0));
        let drawn = if game.computer_to_move() && !frozen {
            None
        } else {
            sum_view::board(ui, game, self.sum_selected, pal, size)
        };
        // Nothing is played on the position the review shows.
        let mut action = drawn.filter(|_| !frozen);
        let hint = game.hint();
        if hints && game.winner().is_none() {
            ui.phrases(RichText::new(sum_view::hint_text(hint)).size(sentence_size(ui)).color(pal.winning));
            // The winning moves as buttons too: one click plays one.
            let wins = match hint {
                crate::play::SumHint::Values { wins, .. } | crate::play::SumHint::Misere { wins } => wins.clone(),
                _ => Vec::new(),
            };
            if !game.computer_to_move() {
                ui.horizontal_wrapped(|ui| {
                    for (i, t) in wins.into_iter().take(8) {
                        if ui.button(format!("{} → ({}, {})", sum_view::NAMES[i], t.0, t.1)).clicked() {
                            action = Some(sum_view::SumAction::MoveTo(i, t));
                        }
                    }
                });
            }
        }
        match action {
            Some(sum_view::SumAction::Select(i)) => self.sum_selected = Some(i),
            Some(sum_view::SumAction::MoveTo(i, to)) => {
                if let Some(AnyGame::Sum(game)) = &mut self.current {
                    match game.play(i, to) {
                        Ok(()) => {
                            self.sum_selected = None;
                            self.notice = None;
                        }
                        Err(_) => self.notice = Some(Notice::key("sum.illegal")),
                    }
                }
            }
            None => {}
        }
        self.show_notice(ui, pal);
    }

    /// Nim with several heaps: click a stone to take it and those above.
    pub(super) fn nim_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(AnyGame::Nim(nim)) = &self.current else { return };
        ui.add_space(8.0);
        let width = ui.available_width();
        let (hints, frozen) = (self.hints_now(), self.reviewing());
        let clicked = nim_view::show(ui, nim, pal, hints, width, frozen).filter(|_| !frozen);
        if let Some(reason) = nim.history().last().and_then(|m| m.reason.clone()) {
            let text = format!("{}: {}", tr("play.last_move"), words::play::nim_reason(&reason));
            explanation_box(ui, pal, &text);
        }
        if hints && nim.winner().is_none() {
            let s = nim_hint_text(nim);
            ui.phrases(RichText::new(s).size(sentence_size(ui)).color(pal.winning));
        }
        if let (Some((h, left)), Some(AnyGame::Nim(nim))) = (clicked, &mut self.current) {
            let _ = nim.play(h, left);
        }
    }

    /// A row of heaps of a take-and-break game: choose a heap, then how it
    /// breaks.
    pub(super) fn row_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(AnyGame::Row(game)) = &self.current else { return };
        ui.phrases(RichText::new(words::play::rules_name(game.rules())).strong().size(sentence_size(ui)));
        ui.phrases(row_view::how_text(game));
        ui.add_space(8.0);
        let (hints, frozen) = (self.hints_now(), self.reviewing());
        let action = row_view::show(ui, game, self.row_selected, pal, hints, frozen).filter(|_| !frozen);
        if let Some(why) = game.history().last().and_then(row_view::reason_text) {
            explanation_box(ui, pal, &format!("{}: {why}", tr("play.last_move")));
        }
        if hints && game.winner().is_none() {
            let text = row_view::hint_text(game, &game.hint());
            ui.phrases(RichText::new(text).size(sentence_size(ui)).color(pal.winning));
        }
        match (action, &mut self.current) {
            (Some(row_view::RowAction::Select(i)), _) => self.row_selected = Some(i),
            (Some(row_view::RowAction::Play(i, parts)), Some(AnyGame::Row(game))) => {
                let played = game.play(i, &parts).is_ok();
                if played {
                    self.row_selected = None;
                    self.notice = None;
                }
            }
            _ => {}
        }
        self.show_notice(ui, pal);
    }

    /// The message of the last click that did nothing, in the language of
    /// the moment.
    pub(super) fn show_notice(&self, ui: &mut egui::Ui, pal: &Colours) {
        if let Some(notice) = &self.notice {
            ui.colored_label(pal.bad, notice.text());
        }
    }
}

/// The sentences of a board game: a notice, why the computer moved, the
/// hint.
fn board_sentences(
    ui: &mut egui::Ui,
    pal: &Colours,
    notice: Option<&Notice>,
    show_hints: bool,
    game: &crate::play::Game,
    hint: &crate::play::Hint,
) {
    if let Some(notice) = notice {
        ui.colored_label(pal.bad, notice.text());
    }
    if let Some(reason) = game.history().last().and_then(|m| m.reason) {
        let text = format!("{}: {}", tr("play.last_move"), words::play::reason(&reason));
        explanation_box(ui, pal, &text);
    }
    if show_hints && game.is_over().is_none() {
        ui.phrases(RichText::new(words::play::hint(hint)).size(sentence_size(ui)).color(pal.winning));
    }
}

/// The hint of a Nim position in words (the misère endgame says why its
/// nim-sum of 1 is a P-position).
pub(super) fn nim_hint_text(nim: &crate::play::NimGame) -> String {
    match nim.hint() {
        // In the misère endgame the nim-sum on screen is 1: say why
        // this is P all the same.
        crate::play::NimHint::PPosition if nim.misere() && crate::theory::is_misere_nim_endgame(nim.heaps()) => {
            tr("nim.hint.p_misere").to_string()
        }
        crate::play::NimHint::PPosition => tr("hint.p").to_string(),
        crate::play::NimHint::WinningMoves(m) => {
            let list: Vec<String> =
                m.iter().map(|&(h, left)| trf("nim.hint.move", &[("heap", &(h + 1)), ("left", &left)])).collect();
            trf("nim.hint.winning", &[("moves", &list.join(", "))])
        }
    }
}

/// Why a game of heaps cannot go on: its start is not a position of the
/// game (the heaps typed, or the start chosen), or its program failed.
fn failure_text(game: &crate::play::HeapGame) -> String {
    match game.failure() {
        Some(crate::rules::ProgramError::NotAPosition { position }) if game.history().is_empty() => {
            // Four heaps and more start at the heaps field.
            let key =
                if game.dimension() > 3 { "heaps.start_not_a_position.heaps" } else { "heaps.start_not_a_position" };
            trf(key, &[("position", &crate::rules::point_text(position))])
        }
        Some(e) => trf("heaps.program_failed", &[("error", &crate::ui::words::errors::program_error(e))]),
        None => String::new(),
    }
}
