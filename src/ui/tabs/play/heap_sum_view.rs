//! A sum of games of heaps: the games side by side, each as piles; a click
//! on a stone moves in that game, and a "leave N stones" form names a
//! game and a heap for piles too large to draw. The hint gives each game's
//! value, their XOR and the winning moves ([`crate::play::HeapSum`]).

use super::heaps_view::{PILE_NAMES, heaps_text, piles_of};
use crate::play::{HeapGame, HeapReason, HeapSum, HeapSumHint, HeapSumMove};
use crate::rules::Point;
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::theme::Colours;
use crate::ui::ui_ext::UiExt;
use egui::RichText;

/// The typed move of the form: which game, which heap, how many stones
/// to leave.
#[derive(Clone, Debug, Default)]
pub struct SumLeave {
    /// The game (0-based).
    pub part: usize,
    /// The heap (0-based).
    pub heap: usize,
    /// The stones to leave, as typed.
    pub left: String,
}

/// "Game 2".
pub fn game_name(part: usize) -> String {
    trf("heapsum.game", &[("n", &(part + 1))])
}

/// "Game 2 (3, 5, 2, 7)".
pub fn part_text(game: &HeapGame, part: usize) -> String {
    format!("{} {}", game_name(part), heaps_text(game, &game.state().position))
}

/// "Game 2 → (1, 5, 2, 7)".
fn move_text(sum: &HeapSum, part: usize, to: &Point) -> String {
    format!("{} → {}", game_name(part), heaps_text(&sum.parts()[part], to))
}

/// One line of the move list.
pub fn record_text(sum: &HeapSum, who: &str, m: &HeapSumMove) -> String {
    let game = &sum.parts()[m.part];
    format!("{who}: {} {} → {}", game_name(m.part), heaps_text(game, &m.from), heaps_text(game, &m.to))
}

/// Why the computer played its move, as a sentence.
pub fn reason_text(sum: &HeapSum, m: &HeapSumMove) -> Option<String> {
    Some(match m.reason? {
        HeapReason::ToP if sum.rules().convention == crate::rules::Convention::Misere => {
            tr("heapsum.why.misere_nim").to_string()
        }
        HeapReason::ToP => tr("heapsum.why.xor").to_string(),
        other => super::heaps_view::other_reason(other)?,
    })
}

/// The hint in words: the values, their XOR, the winning moves and why.
pub fn hint_text(sum: &HeapSum) -> String {
    let moves = |wins: &[(usize, Point)]| {
        wins.iter().take(8).map(|(i, q)| move_text(sum, *i, q)).collect::<Vec<_>>().join(", ")
    };
    match sum.hint() {
        HeapSumHint::Computing => tr("hint.computing").to_string(),
        HeapSumHint::Unavailable => tr("heapsum.hint.unavailable").to_string(),
        HeapSumHint::Values { values, xor, wins } => {
            let names: Vec<String> = (0..values.len()).map(game_name).collect();
            super::sum_view::values_sentence(&names, values, *xor, &moves(wins))
        }
        HeapSumHint::MisereNim { wins } if wins.is_empty() => tr("heapsum.hint.misere_nim_p").to_string(),
        HeapSumHint::MisereNim { wins } => trf("heapsum.hint.misere_nim_winning", &[("moves", &moves(wins))]),
    }
}

/// The games side by side and the form; what a click or the form chose
/// (game, heaps after), or a message about what was typed.
pub fn show(
    ui: &mut egui::Ui,
    sum: &HeapSum,
    form: &mut SumLeave,
    pal: &Colours,
    show_hints: bool,
    frozen: bool,
) -> Option<Result<(usize, Point), Notice>> {
    let can_move = sum.winner().is_none() && !sum.computer_to_move() && sum.failure().is_none() && !frozen;
    let n = sum.parts().len();
    let d = sum.parts()[0].dimension();
    // As many games a row as their piles fit (a pile needs about 40
    // points and the gap the piles keep beside it); the others go below.
    let between = if d > 4 { 10.0 } else { 24.0 } + 2.0 * ui.spacing().item_spacing.x;
    let per_game = d as f32 * 40.0 + (d as f32 - 1.0) * between + 12.0;
    let per_row = ((ui.available_width() / per_game).floor() as usize).clamp(1, n);
    let rows = n.div_ceil(per_row);
    let height = (ui.available_height() * 0.5 / rows as f32).max(150.0);
    let mut chosen = None;
    for row in 0..rows {
        ui.columns(per_row, |columns| {
            for (c, ui) in columns.iter_mut().enumerate() {
                let i = row * per_row + c;
                let Some(game) = sum.parts().get(i) else { continue };
                ui.phrases(RichText::new(part_text(game, i)).size(20.0).strong());
                let open = can_move && sum.part_has_moves(i);
                if let Some(crate::play::HeapMove::To(q)) = piles_of(ui, game, pal, height, open, Some(i)) {
                    chosen = Some(Ok((i, q)));
                }
            }
        });
        ui.add_space(6.0);
    }
    ui.add_space(8.0);
    if !can_move {
        return chosen;
    }
    // The typed move: a game, a heap of it, the stones to leave.
    form.part = form.part.min(n - 1);
    form.heap = form.heap.min(d - 1);
    ui.horizontal_wrapped(|ui| {
        let label = ui.phrases(tr("heapsum.form.game"));
        egui::ComboBox::from_id_salt("heapsum_game")
            .selected_text(game_name(form.part))
            .show_ui(ui, |ui| {
                for i in 0..n {
                    ui.selectable_value(&mut form.part, i, game_name(i));
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.phrases(tr("heapsum.form.heap"));
        egui::ComboBox::from_id_salt("heapsum_heap")
            .selected_text(PILE_NAMES[form.heap])
            .show_ui(ui, |ui| {
                for (h, name) in PILE_NAMES.iter().enumerate().take(d) {
                    ui.selectable_value(&mut form.heap, h, *name);
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.phrases(tr("heapsum.form.leave"));
        ui.add(
            egui::TextEdit::singleline(&mut form.left)
                .char_limit(crate::ui::widgets::MAX_NUMBER_CHARS)
                .desired_width(160.0)
                .hint_text("0"),
        )
        .labelled_by(label.id);
        if ui.button(tr("heapsum.form.play")).clicked() {
            chosen = Some(match crate::ui::widgets::parse_count(&form.left) {
                Some(left) => {
                    let mut q = sum.parts()[form.part].state().position;
                    q[form.heap] = left;
                    Ok((form.part, q))
                }
                None => {
                    let text = form.left.trim().to_string();
                    Err(Notice::new(move || trf("heaps.leave.bad", &[("text", &text)])))
                }
            });
        }
    });
    // The winning moves as buttons when hints are on: one click plays one.
    let wins = match sum.hint() {
        HeapSumHint::Values { wins, .. } | HeapSumHint::MisereNim { wins } if show_hints => wins.clone(),
        _ => Vec::new(),
    };
    if !wins.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for (i, q) in wins.into_iter().take(8) {
                let b = egui::Button::new(RichText::new(move_text(sum, i, &q)).size(18.0))
                    .fill(pal.winning.gamma_multiply(0.35));
                if ui.add(b).clicked() {
                    chosen = Some(Ok((i, q)));
                }
            }
        });
    }
    chosen
}
