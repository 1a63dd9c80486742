//! A sum of games on one board: several pieces of the same rules, each move
//! moves one of them. Click a piece, then its target. The hint shows each
//! piece's Grundy value, their XOR and the winning moves, with the
//! Sprague–Grundy theorem in one sentence ([`crate::play::SumGame`]).

use crate::play::{SumGame, SumHint, SumMove};
use crate::ui::i18n::{tr, trf};
use crate::ui::theme::Colours;
use egui::{Align2, FontId, Pos2, Rect, Sense, Stroke, vec2};

/// The largest board drawn cell by cell.
pub const MAX_DRAWN: u64 = 64;

/// The letters of the pieces.
pub const NAMES: [&str; 4] = ["A", "B", "C", "D"];

/// What a click on the board did.
pub enum SumAction {
    /// A piece was picked.
    Select(usize),
    /// The picked piece goes here.
    MoveTo(usize, (u64, u64)),
}

/// The board with every piece; `selected` is the picked piece.
pub fn board(
    ui: &mut egui::Ui,
    game: &SumGame,
    selected: Option<usize>,
    pal: &Colours,
    size: egui::Vec2,
) -> Option<SumAction> {
    let w = game.start().iter().map(|p| p.0).max().unwrap_or(0).min(MAX_DRAWN - 1) + 1;
    let h = game.start().iter().map(|p| p.1).max().unwrap_or(0).min(MAX_DRAWN - 1) + 1;
    let cell = ((size.x - 8.0) / w as f32).min((size.y - 8.0) / h as f32).clamp(8.0, 160.0);
    let (rect, response) = ui.allocate_exact_size(vec2(cell * w as f32, cell * h as f32), Sense::click());
    let painter = ui.painter_at(rect);
    let cell_rect = |x: u64, y: u64| {
        Rect::from_min_size(Pos2::new(rect.left() + x as f32 * cell, rect.top() + y as f32 * cell), vec2(cell, cell))
    };
    for y in 0..h {
        for x in 0..w {
            let fill = if (x + y) % 2 == 0 { pal.board_light } else { pal.board_dark };
            painter.rect_filled(cell_rect(x, y), 0.0, fill);
        }
    }
    painter.rect_filled(cell_rect(0, 0).shrink(cell * 0.1), cell * 0.1, pal.corner);
    // The targets of the picked piece.
    if let Some(i) = selected {
        let (px, py) = game.pieces()[i];
        for (j, t) in game.moves().unwrap_or_default() {
            if j == i && t.0 < w && t.1 < h {
                painter.circle_filled(cell_rect(t.0, t.1).center(), cell * 0.15, pal.target);
            }
        }
        painter.rect_stroke(cell_rect(px, py), 2.0, Stroke::new(3.0, pal.winning), egui::StrokeKind::Inside);
    }
    for (i, &(x, y)) in game.pieces().iter().enumerate() {
        if x >= w || y >= h {
            continue;
        }
        let c = cell_rect(x, y).center();
        painter.circle(c, cell * 0.38, pal.piece, Stroke::new(2.0, pal.piece_outline));
        painter.text(c, Align2::CENTER_CENTER, NAMES[i], FontId::proportional(cell * 0.45), pal.piece_mark);
    }
    let pos = response.interact_pointer_pos().filter(|_| response.clicked())?;
    let (x, y) = (((pos.x - rect.left()) / cell) as u64, ((pos.y - rect.top()) / cell) as u64);
    if let Some(i) = game.pieces().iter().position(|&p| p == (x, y)) {
        return Some(SumAction::Select(i));
    }
    selected.map(|i| SumAction::MoveTo(i, (x, y)))
}

/// The hint in words: the values, their XOR, the winning moves and why.
pub fn hint_text(hint: &SumHint) -> String {
    let moves = |wins: &[(usize, (u64, u64))]| {
        wins.iter().map(|&(i, t)| format!("{} → ({}, {})", NAMES[i], t.0, t.1)).collect::<Vec<_>>().join(", ")
    };
    match hint {
        SumHint::Computing => tr("hint.computing").to_string(),
        SumHint::Unavailable => tr("sum.hint.unavailable").to_string(),
        SumHint::Values { values, xor, wins } => {
            let names: Vec<String> = NAMES[..values.len()].iter().map(|n| n.to_string()).collect();
            values_sentence(&names, values, *xor, &moves(wins))
        }
        SumHint::Misere { wins } if wins.is_empty() => tr("sum.hint.misere_p").to_string(),
        SumHint::Misere { wins } => trf("sum.hint.misere_winning", &[("moves", &moves(wins))]),
    }
}

/// The hint of a sum in normal play: each part's Grundy number (parts
/// named `names`), their XOR, the winning moves (`moves`, empty at a
/// P-position) and the Sprague–Grundy theorem in one sentence.
pub fn values_sentence(names: &[String], values: &[u64], xor: u64, moves: &str) -> String {
    let parts: Vec<String> = names.iter().zip(values).map(|(n, v)| format!("g({n}) = {v}")).collect();
    let xor_text = values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" XOR ");
    let head = trf("sum.hint.values", &[("values", &parts.join(", ")), ("xor", &format!("{xor_text} = {xor}"))]);
    let tail =
        if moves.is_empty() { tr("sum.hint.p").to_string() } else { trf("sum.hint.winning", &[("moves", &moves)]) };
    format!("{head} {tail} {}", tr("sum.hint.theorem"))
}

/// One line of the move list.
pub fn record_text(who: &str, m: &SumMove) -> String {
    format!("{who}: {} ({}, {}) → ({}, {})", NAMES[m.piece], m.from.0, m.from.1, m.to.0, m.to.1)
}
