//! Play any family as heaps: one to eight piles of stones (two also as a
//! piece on a board), the moves of the rules as buttons (a piece's or
//! a program's) or, when a heap is too large to list its moves, a "leave N
//! stones in heap A" form; the Pass button while the pass is there, hints
//! with the values of the table. The game itself is
//! [`crate::play::HeapGame`].

use crate::play::{HeapGame, HeapHint, HeapMove, HeapMoveRecord, HeapOptions, HeapReason, HeapState};
use crate::rules::{Convention, Point, point_text};
use crate::theory::is_misere_nim_endgame;
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use egui::{Rect, RichText, Sense, Stroke, Vec2, pos2, vec2};

/// The most stones drawn in one pile (larger piles show their number).
const DRAWN_MAX: u64 = 30;
/// Two heaps are also drawn as a board when both start heaps are below
/// this.
const BOARD_MAX: u64 = 64;
/// The most moves shown as buttons (the others are counted).
const SHOWN_MOVES: usize = 120;

/// The names of the piles, in order.
pub const PILE_NAMES: [&str; crate::rules::MAX_DIMENSION] = ["A", "B", "C", "D", "E", "F", "G", "H"];

/// A position of the game as a person reads it: `(3, 5, 2, 7)`.
pub(super) fn heaps_text(game: &HeapGame, p: &Point) -> String {
    point_text(&p[..game.dimension()])
}

/// A move as a person reads it: "→ (3, 5)" or "Pass".
pub fn move_text(game: &HeapGame, m: HeapMove) -> String {
    match m {
        HeapMove::To(p) => format!("→ {}", heaps_text(game, &p)),
        HeapMove::Pass => tr("heaps.pass").to_string(),
    }
}

/// A state as a person reads it, with the pass when the rules have one.
pub fn state_text(game: &HeapGame, s: HeapState) -> String {
    let p = heaps_text(game, &s.position);
    if !game.rules().passes.any() {
        return p;
    }
    let pass = crate::ui::rules_choice::passes_left(game.rules().passes, usize::from(s.passes_left));
    format!("{p} · {pass}")
}

/// One line of the move list.
pub fn record_text(game: &HeapGame, who: &str, r: &HeapMoveRecord) -> String {
    match r.by_move {
        HeapMove::Pass => trf("heaps.record.pass", &[("who", &who)]),
        HeapMove::To(p) => format!("{who}: {} → {}", heaps_text(game, &r.from.position), heaps_text(game, &p)),
    }
}

/// Why the computer played, as a sentence.
pub fn reason_text(game: &HeapGame, r: &HeapMoveRecord) -> Option<String> {
    let after = r.from.after(r.by_move);
    Some(match r.reason? {
        HeapReason::ToP if r.by_move == HeapMove::Pass => trf("heaps.why.pass", &[("state", &state_text(game, after))]),
        // In the misère endgame a P-position has nim-sum 1: the rule flips.
        HeapReason::ToP if game.is_nim() && misere_endgame(game, after) => {
            trf("heaps.why.misere_ones", &[("state", &state_text(game, after))])
        }
        HeapReason::ToP if game.is_nim() => trf("heaps.why.nim_sum", &[("state", &state_text(game, after))]),
        HeapReason::ToP => trf("heaps.why.to_p", &[("state", &state_text(game, after))]),
        other => other_reason(other)?,
    })
}

/// Why the computer played a move that does not lead to a P-position, as
/// a sentence (of a game of heaps or a sum of them); `None` for
/// [`HeapReason::ToP`], whose sentence names the position.
pub(super) fn other_reason(r: HeapReason) -> Option<String> {
    Some(match r {
        HeapReason::ToP => return None,
        HeapReason::NoWinningMove => tr("heaps.why.no_win").to_string(),
        HeapReason::Random => tr("heaps.why.random").to_string(),
        HeapReason::Mistake => tr("heaps.why.mistake").to_string(),
        HeapReason::TooLarge => tr("heaps.why.too_large").to_string(),
        HeapReason::MisereUnknown => tr("heapsum.why.misere_unknown").to_string(),
    })
}

/// Whether `s` is in the endgame of misère Nim (every heap at most one
/// stone), where the rule flips.
fn misere_endgame(game: &HeapGame, s: HeapState) -> bool {
    game.rules().convention == Convention::Misere && is_misere_nim_endgame(&s.position[..game.dimension()])
}

/// The hint in words, with the values from the table.
pub fn hint_text(game: &HeapGame, hint: &HeapHint) -> String {
    match hint {
        HeapHint::Computing => tr("hint.computing").to_string(),
        HeapHint::TooLarge => tr("heaps.hint.too_large").to_string(),
        HeapHint::PPosition if game.is_nim() && misere_endgame(game, game.state()) => {
            tr("nim.hint.p_misere").to_string()
        }
        HeapHint::PPosition => {
            let v = game.value(game.state()).map_or(String::new(), |v| v.to_string());
            trf("heaps.hint.p", &[("value", &v)])
        }
        HeapHint::WinningMoves(m) => {
            let list: Vec<String> = m.iter().map(|&m| move_text(game, m)).collect();
            let v = game.value(game.state()).map_or(String::new(), |v| v.to_string());
            let mut s = trf("heaps.hint.winning", &[("value", &v), ("moves", &list.join(", "))]);
            if m.contains(&HeapMove::Pass) {
                s.push(' ');
                let key =
                    if game.rules().passes.count == 1 { "heaps.hint.pass_wins" } else { "heaps.hint.pass_wins.many" };
                s.push_str(tr(key));
            }
            s
        }
    }
}

/// The piles, side by side: a column of stones each, with its name and
/// number. When the person may move, a click on a stone takes it and every
/// stone above it (each stone is a button a screen reader names): the move
/// that leaves the stones below in that heap, checked by the rules.
fn piles(ui: &mut egui::Ui, game: &HeapGame, pal: &Colours, height: f32, can_move: bool) -> Option<HeapMove> {
    piles_of(ui, game, pal, height, can_move, None)
}

/// [`piles`] of one game of several (a sum): `part` names the game in the
/// piles' labels ("Game 2, heap A") and keeps their ids apart.
pub(super) fn piles_of(
    ui: &mut egui::Ui,
    game: &HeapGame,
    pal: &Colours,
    height: f32,
    can_move: bool,
    part: Option<usize>,
) -> Option<HeapMove> {
    let d = game.dimension();
    let p = game.state().position;
    let text_size = ui.style().text_styles.get(&egui::TextStyle::Body).map_or(18.0, |f| f.size);
    // The stones of the largest pile drawn fill the height; a pile of more
    // than 30 shows only its number (30 stones would say 30, not 10^15).
    let drawn = |count: u64| if count <= DRAWN_MAX { count } else { 0 };
    let most = p[..d].iter().map(|&c| drawn(c)).max().unwrap_or(0);
    let stone = ((height - 3.0 * text_size) / most.max(1) as f32).clamp(6.0, 90.0);
    // Every heap gets an equal column of the width, so eight heaps of
    // 10^15 stones stay side by side: the number shrinks to its column.
    let gap = if d > 4 { 10.0 } else { 24.0 };
    // Between two columns: the gap and the item spacing on either side of it.
    let between = gap + 2.0 * ui.spacing().item_spacing.x;
    let column = ((ui.available_width() - between * (d as f32 - 1.0)) / d as f32).max(36.0);
    // A stone is no wider than its column.
    let stone = stone.min(column / 2.4);
    let mut chosen = None;
    ui.horizontal_top(|ui| {
        for (i, &count) in p[..d].iter().enumerate() {
            ui.vertical(|ui| {
                ui.set_width(column);
                // The heading is the heap's name (the game's is above the
                // piles); a stone's label names the game too.
                let heading = trf("heaps.pile", &[("name", &PILE_NAMES[i])]);
                let name = match part {
                    Some(j) => trf("heapsum.pile", &[("game", &(j + 1)), ("name", &PILE_NAMES[i])]),
                    None => heading.clone(),
                };
                ui.phrases(RichText::new(&heading).strong());
                let digits = count.to_string();
                // A digit is about 0.6 of the font size wide.
                let fits = column / (digits.len() as f32 * 0.62);
                let size = (text_size * 2.0).max(stone * 1.2).min(fits).max(text_size * 0.7);
                ui.add(egui::Label::new(RichText::new(digits).size(size).strong()).wrap_mode(egui::TextWrapMode::Wrap));
                let shown = drawn(count);
                if most == 0 {
                    return;
                }
                let (rect, _) = ui.allocate_exact_size(vec2(stone * 2.4, stone * most as f32), egui::Sense::hover());
                let painter = ui.painter_at(rect);
                let stone_rect = |k: u64| {
                    let y = rect.bottom() - (k as f32 + 0.5) * stone;
                    egui::Rect::from_center_size(egui::pos2(rect.center().x, y), vec2(stone * 2.2, stone * 0.8))
                };
                // Stone k (from the bottom, from 0): a click leaves k stones.
                let mut hovered = None;
                for k in 0..shown {
                    let resp = ui.interact(stone_rect(k), egui::Id::unique(("heap_stone", part, i, k)), Sense::click());
                    let label = trf("piles.stone", &[("pile", &name), ("n", &(k + 1))]);
                    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, can_move, &label));
                    if can_move && resp.hovered() {
                        hovered = Some(k);
                    }
                    if can_move && resp.clicked() {
                        let mut q = p;
                        q[i] = k;
                        chosen = Some(HeapMove::To(q));
                    }
                }
                for k in 0..shown {
                    let taken = hovered.is_some_and(|h| k >= h);
                    painter.rect(
                        stone_rect(k),
                        stone * 0.4,
                        if taken { pal.stone_taken } else { pal.stone },
                        Stroke::new(1.0, pal.heap_stone_edge),
                        egui::StrokeKind::Inside,
                    );
                }
            });
            if i + 1 < d {
                ui.add_space(gap);
            }
        }
    });
    chosen
}

/// Two heaps as a board, as the queen is played: the piece at `(x, y)`,
/// the corner `(0, 0)` at the top left, the cells the moves reach marked
/// (ringed when they win and hints are on). A click on a marked cell plays
/// that move; each one is a button a screen reader names.
fn board(
    ui: &mut egui::Ui,
    game: &HeapGame,
    moves: &[HeapMove],
    wins: &[HeapMove],
    pal: &Colours,
    size: Vec2,
    can_move: bool,
) -> Option<HeapMove> {
    let start = game.start().position;
    let (w, h) = (start[0] + 1, start[1] + 1);
    let cell = ((size.x - 8.0) / w as f32).min((size.y - 8.0) / h as f32).clamp(8.0, 160.0);
    let (rect, _) = ui.allocate_exact_size(vec2(cell * w as f32, cell * h as f32), Sense::hover());
    let painter = ui.painter_at(rect);
    let cell_rect = |x: u64, y: u64| {
        Rect::from_min_size(pos2(rect.left() + x as f32 * cell, rect.top() + y as f32 * cell), vec2(cell, cell))
    };
    for y in 0..h {
        for x in 0..w {
            let fill = if (x + y) % 2 == 0 { pal.board_light } else { pal.board_dark };
            painter.rect_filled(cell_rect(x, y), 0.0, fill);
        }
    }
    painter.rect_filled(cell_rect(0, 0).shrink(cell * 0.1), cell * 0.1, pal.corner);
    let mut chosen = None;
    for &m in moves {
        let HeapMove::To(q) = m else { continue };
        if q[0] >= w || q[1] >= h {
            continue;
        }
        let r = cell_rect(q[0], q[1]);
        let label = trf("heaps.board.target", &[("position", &point_text(&q[..2]))]);
        let resp = ui.interact(r, egui::Id::unique(("heap_target", q)), Sense::click());
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, can_move, &label));
        let hovered = resp.hovered() && can_move;
        painter.circle_filled(r.center(), cell * if hovered { 0.22 } else { 0.15 }, pal.target);
        if wins.contains(&m) {
            painter.circle_stroke(r.center(), cell * 0.32, Stroke::new((cell * 0.07).max(2.0), pal.winning));
        }
        if resp.tip(label).clicked() && can_move {
            chosen = Some(m);
        }
    }
    let p = game.state().position;
    if p[0] < w && p[1] < h {
        super::board::draw_piece(
            &painter,
            cell_rect(p[0], p[1]),
            pal,
            false,
            super::board::piece_mark(&game.rules().piece),
        );
    }
    painter.rect_stroke(rect, 2.0, Stroke::new(2.0, pal.board_edge), egui::StrokeKind::Outside);
    chosen
}

/// The typed "leave N stones" of each heap, kept between frames.
pub type LeaveForm = [String; crate::rules::MAX_DIMENSION];

/// The game: piles, the moves as buttons (the winning ones marked when
/// hints are on) or the "leave N" form, and what a click chose. A move the
/// form cannot read is a message.
pub fn show(
    ui: &mut egui::Ui,
    game: &HeapGame,
    leave: &mut LeaveForm,
    pal: &Colours,
    show_hints: bool,
    frozen: bool,
) -> Option<Result<HeapMove, Notice>> {
    ui.phrases(RichText::new(state_text(game, game.state())).size(22.0));
    let listed = game.moves();
    let moves: &[HeapMove] = listed.as_deref().unwrap_or(&[]);
    let wins: &[HeapMove] = match game.hint() {
        HeapHint::WinningMoves(w) if show_hints => w,
        _ => &[],
    };
    // The piles take half of the height the centre has (a third when
    // the moves are typed, so the form and the hint stay in view); two
    // heaps are a board beside them.
    let share = if matches!(game.options(), HeapOptions::Many) { 0.33 } else { 0.5 };
    let height = (ui.available_height() * share).max(160.0);
    let start = game.start().position;
    let can_move = game.winner().is_none() && !game.computer_to_move() && game.failure().is_none() && !frozen;
    let mut chosen = None;
    if game.rules().dimension == 2 && start[0] < BOARD_MAX && start[1] < BOARD_MAX {
        let room = vec2((ui.available_width() * 0.55).max(200.0), height);
        ui.horizontal_top(|ui| {
            chosen = board(ui, game, moves, wins, pal, room, can_move).map(Ok);
            ui.add_space(24.0);
            chosen = piles(ui, game, pal, height, can_move).map(Ok).or(chosen.take());
        });
    } else {
        chosen = piles(ui, game, pal, height, can_move).map(Ok);
    }
    ui.add_space(8.0);
    if !can_move {
        return None;
    }
    ui.phrases(RichText::new(tr("heaps.moves")).strong());
    // The pass first: it is the move a class looks for.
    if game.is_legal(HeapMove::Pass) {
        let text = RichText::new(tr("heaps.pass")).size(22.0).strong();
        let b = egui::Button::new(text).min_size(vec2(160.0, 44.0));
        let b = if wins.contains(&HeapMove::Pass) { b.fill(pal.winning.gamma_multiply(0.35)) } else { b };
        let tip = match game.rules().passes.count {
            1 => tr("heaps.pass.tip").to_string(),
            _ => crate::ui::rules_choice::passes_left(game.rules().passes, usize::from(game.state().passes_left)),
        };
        if ui.add(b).tip(tip).clicked() {
            chosen = Some(Ok(HeapMove::Pass));
        }
    }
    if matches!(game.options(), HeapOptions::Many) {
        return leave_form(ui, game, leave, wins).or(chosen);
    }
    // Room below the moves for the last move's reason and the hint.
    let below = 6.0 * ui.style().text_styles.get(&egui::TextStyle::Body).map_or(18.0, |f| f.size);
    egui::ScrollArea::vertical().max_height((ui.available_height() - below).max(120.0)).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            for &m in moves.iter().filter(|m| **m != HeapMove::Pass).take(SHOWN_MOVES) {
                let b = egui::Button::new(RichText::new(move_text(game, m)).size(18.0));
                let b = if wins.contains(&m) { b.fill(pal.winning.gamma_multiply(0.35)) } else { b };
                if ui.add(b).clicked() {
                    chosen = Some(Ok(m));
                }
            }
        });
        let others = moves.iter().filter(|m| **m != HeapMove::Pass).count();
        if others > SHOWN_MOVES {
            ui.phrases(trf("heaps.more_moves", &[("n", &(others - SHOWN_MOVES))]));
        }
    });
    chosen
}

/// Heaps too large to list their moves: "leave N stones" in a chosen heap
/// (the move is checked by the rules, not looked up in a list), and the
/// winning moves as buttons when hints are on.
fn leave_form(
    ui: &mut egui::Ui,
    game: &HeapGame,
    leave: &mut LeaveForm,
    wins: &[HeapMove],
) -> Option<Result<HeapMove, Notice>> {
    let d = game.dimension();
    let p = game.state().position;
    let mut chosen = None;
    ui.phrases(tr("heaps.many_moves"));
    egui::Grid::new("heaps_leave").num_columns(3).show(ui, |ui| {
        for i in 0..d {
            let name = PILE_NAMES[i];
            let label = ui.phrases(trf("heaps.leave", &[("name", &name)]));
            ui.add(
                egui::TextEdit::singleline(&mut leave[i])
                    .char_limit(crate::ui::widgets::MAX_NUMBER_CHARS)
                    .desired_width(200.0)
                    .hint_text("0"),
            )
            .labelled_by(label.id);
            if ui.button(trf("heaps.leave.button", &[("name", &name)])).clicked() {
                chosen = Some(match crate::ui::widgets::parse_count(&leave[i]) {
                    Some(n) => {
                        let mut q = p;
                        q[i] = n;
                        Ok(HeapMove::To(q))
                    }
                    None => {
                        let text = leave[i].trim().to_string();
                        Err(Notice::new(move || trf("heaps.leave.bad", &[("text", &text)])))
                    }
                });
            }
            ui.end_row();
        }
    });
    if !wins.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for &m in wins.iter().filter(|m| **m != HeapMove::Pass).take(8) {
                if ui.button(move_text(game, m)).clicked() {
                    chosen = Some(Ok(m));
                }
            }
        });
    }
    chosen
}
