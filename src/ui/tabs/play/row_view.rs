//! A row of heaps of a take-and-break game: each heap a row of pins with
//! its value g(n); choose a heap, then one of its moves (take k, leave
//! a + b), shown on the pins before it is played. The hint is the XOR of
//! the heaps' values, written out.

use crate::play::{RowGame, RowHint, RowMove, RowReason};
use crate::ui::i18n::{tr, trf};
use crate::ui::theme::Colours;
use egui::{Rect, RichText, Sense, Stroke, pos2, vec2};

/// Heaps up to this size are drawn pin by pin.
const DRAWN_HEAP_MAX: u64 = 40;
/// The most moves of a heap offered as buttons (a heap of 1000 has up to
/// a thousand; the winning ones come first).
const MOST_BUTTONS: usize = 120;

/// `a + b`, or "nothing" when the heap was taken whole.
pub fn parts_text(parts: &[u64]) -> String {
    if parts.is_empty() {
        tr("row.nothing").to_string()
    } else {
        parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
    }
}

/// "take 2, leave 3 + 4".
pub fn option_text(from: u64, parts: &[u64]) -> String {
    let taken = from.saturating_sub(parts.iter().sum::<u64>());
    if taken == 0 {
        // A split takes nothing.
        return trf("row.option_split", &[("parts", &parts_text(parts))]);
    }
    trf("row.option", &[("k", &taken), ("parts", &parts_text(parts))])
}

/// `g(7) XOR g(4) = 2 XOR 1 = 3`.
pub fn xor_text(values: &[(u64, u32)]) -> String {
    if values.is_empty() {
        return tr("row.empty").to_string();
    }
    let gs: Vec<String> = values.iter().map(|(h, _)| format!("g({h})")).collect();
    let vs: Vec<String> = values.iter().map(|(_, v)| v.to_string()).collect();
    let x = values.iter().fold(0, |a, (_, v)| a ^ v);
    if values.len() == 1 {
        format!("{} = {x}", gs[0])
    } else {
        format!("{} = {} = {x}", gs.join(" XOR "), vs.join(" XOR "))
    }
}

/// The line of the history for a move.
pub fn record_text(who: &str, m: &RowMove) -> String {
    let heap = trf("row.heap", &[("n", &(m.heap + 1))]);
    format!("{who}: {heap} ({}) → {}", m.before[m.heap], parts_text(&m.parts))
}

/// Why the computer played `m`.
pub fn reason_text(m: &RowMove) -> Option<String> {
    Some(match m.reason.as_ref()? {
        RowReason::XorZero { values } => trf("row.reason.xor_zero", &[("xor", &xor_text(values))]),
        RowReason::NoWinningMove => tr("row.reason.no_win").to_string(),
        RowReason::Random => tr("row.reason.random").to_string(),
        RowReason::Mistake => tr("row.reason.mistake").to_string(),
    })
}

/// The hint, in one or two sentences.
pub fn hint_text(game: &RowGame, hint: &RowHint) -> String {
    match hint {
        RowHint::PPosition { values } => trf("row.hint.p", &[("xor", &xor_text(values))]),
        RowHint::WinningMoves { values, moves, .. } => {
            let list: Vec<String> = moves
                .iter()
                .take(4)
                .map(|(i, parts)| {
                    let heap = trf("row.heap", &[("n", &(i + 1))]);
                    format!("{heap}: {}", option_text(game.row()[*i], parts))
                })
                .collect();
            let more = if moves.len() > 4 { trf("row.hint.more", &[("n", &(moves.len() - 4))]) } else { String::new() };
            // The search stopped before every option was walked: say so.
            let stopped = if game.winning_moves_complete() {
                String::new()
            } else {
                trf("row.hint.many", &[("n", &moves.len())])
            };
            trf(
                "row.hint.win",
                &[("xor", &xor_text(values)), ("moves", &format!("{}{more}{stopped}", list.join("; ")))],
            )
        }
    }
}

/// What the person chose in the row.
pub enum RowAction {
    /// Choose this heap (its moves are then offered).
    Select(usize),
    /// Play: heap `.0` becomes the heaps `.1`.
    Play(usize, Vec<u64>),
}

/// What a move of this game does, and how the row's value is made.
pub fn how_text(game: &RowGame) -> String {
    use crate::takebreak::Kind;
    let moves = match game.game().kind() {
        Kind::Code(_) => tr("row.how.code").to_string(),
        Kind::Split { parts, unequal: false } => trf("row.how.split", &[("parts", parts)]),
        Kind::Split { parts, unequal: true } => trf("row.how.split_unequal", &[("parts", parts)]),
        Kind::Splits(_) => tr("row.how.program").to_string(),
        Kind::OneHeap(_) => tr("row.how.one_heap").to_string(),
    };
    trf("row.how", &[("moves", &moves), ("value", &tr("row.how.value"))])
}

/// Draw the row; `selected` is the heap whose moves are offered.
pub fn show(
    ui: &mut egui::Ui,
    game: &RowGame,
    selected: Option<usize>,
    pal: &Colours,
    hints: bool,
    frozen: bool,
) -> Option<RowAction> {
    let can_move = game.winner().is_none() && !game.computer_to_move() && !frozen;
    let width = ui.available_width();
    let most = game.row().iter().copied().max().unwrap_or(1).clamp(1, DRAWN_HEAP_MAX);
    // In the lesson view the row takes the window: pins up to 72 points.
    let largest = if crate::ui::widgets::lesson_view(ui.ctx()) { 72.0 } else { 40.0 };
    let d = ((width - 200.0) / most as f32).clamp(10.0, largest);
    let wins = if hints { game.winning_moves() } else { Vec::new() };
    let mut action = None;
    // The move under the pointer, drawn on the pins: (heap, parts).
    let preview: Option<(usize, Vec<u64>)> = ui.data(|d| d.get_temp(egui::Id::unique("row_preview")));
    let mut hovered_option = None;
    for (i, &n) in game.row().iter().enumerate() {
        let value = if hints { format!("  g = {}", game.value(n)) } else { String::new() };
        let heap = trf("row.heap", &[("n", &(i + 1))]);
        ui.horizontal(|ui| {
            let text = RichText::new(format!("{heap}: {n}{value}")).strong().size((d * 0.6).clamp(16.0, 36.0));
            let chosen = selected == Some(i);
            let r = ui.add_enabled(can_move, egui::Button::selectable(chosen, text).min_size(vec2(150.0, d)));
            if r.clicked() {
                action = Some(RowAction::Select(i));
            }
            let removed = preview.as_ref().filter(|(h, _)| *h == i).map(|(_, parts)| removed_pins(n, parts));
            // A tap on the pins chooses the heap too (a finger aims at the
            // pins, not at the heap's name).
            let label = trf("row.pins", &[("n", &(i + 1))]);
            if pins(ui, n, (d, most), removed, pal, &label).clicked() && can_move {
                action = Some(RowAction::Select(i));
            }
        });
        if selected == Some(i) && can_move {
            ui.horizontal_wrapped(|ui| {
                ui.add_space(8.0);
                // The winning moves first, so that they are never cut off,
                // then as many others as there are buttons (not every
                // option of a large heap).
                let mine: Vec<Vec<u64>> = wins.iter().filter(|(h, _)| *h == i).map(|(_, p)| p.clone()).collect();
                let others =
                    game.options_at_most(i, MOST_BUTTONS + mine.len()).into_iter().filter(|p| !mine.contains(p));
                let options: Vec<Vec<u64>> = mine.iter().cloned().chain(others).take(MOST_BUTTONS).collect();
                for parts in options {
                    let win = mine.contains(&parts);
                    let mut text = RichText::new(option_text(n, &parts));
                    if win {
                        text = text.color(pal.winning).strong();
                    }
                    let r = ui.button(text);
                    if r.hovered() {
                        hovered_option = Some((i, parts.clone()));
                    }
                    if r.clicked() {
                        action = Some(RowAction::Play(i, parts));
                    }
                }
            });
        }
    }
    ui.data_mut(|d| match hovered_option {
        Some(p) => {
            d.insert_temp(egui::Id::unique("row_preview"), p);
        }
        None => d.remove::<(usize, Vec<u64>)>(egui::Id::unique("row_preview")),
    });
    action
}

/// The pins a move takes from a heap of `n`, drawn as the Kayles picture:
/// the first part on the left, the taken pins, then the other parts.
fn removed_pins(n: u64, parts: &[u64]) -> std::ops::Range<u64> {
    let taken = n.saturating_sub(parts.iter().sum::<u64>());
    // One part left: the pins are taken from its right.
    let start = parts.first().copied().unwrap_or(0);
    start..start + taken
}

/// One heap as pins (at most [`DRAWN_HEAP_MAX`]; a larger heap as a bar),
/// `d` points each in a row room for `most`; a button named `label` for a
/// click or a tap.
fn pins(
    ui: &mut egui::Ui,
    n: u64,
    (d, most): (f32, u64),
    removed: Option<std::ops::Range<u64>>,
    pal: &Colours,
    label: &str,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(d * most as f32 + 4.0, d), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label));
    let painter = ui.painter_at(rect);
    if n > DRAWN_HEAP_MAX {
        let bar = Rect::from_min_size(rect.min + vec2(2.0, d * 0.2), vec2(rect.width() - 4.0, d * 0.6));
        painter.rect_filled(bar, 4.0, pal.stone);
        return response;
    }
    for k in 0..n {
        let c = pos2(rect.left() + 2.0 + d * (k as f32 + 0.5), rect.center().y);
        let gone = removed.as_ref().is_some_and(|r| r.contains(&k));
        let fill = if gone { pal.stone_taken } else { pal.stone };
        painter.circle(c, d * 0.38, fill, Stroke::new(1.5, pal.stone_edge));
    }
    response
}
