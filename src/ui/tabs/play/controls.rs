//! The Play tab's side panels: game options (left) and the move history
//! with undo/redo (right).

use super::{CopyAs, HintsFor, Opponent, PlayMode, PlayTab};
use crate::play::{StartSize, Strength, nim};
use crate::ui::i18n::{tr, trf};
use crate::ui::rules_choice;
use crate::ui::state::Shared;
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::ui::widgets;
use crate::ui::words;
use egui::RichText;

/// The options panel.
pub fn options(tab: &mut PlayTab, ui: &mut egui::Ui, shared: &mut Shared, ctx: &egui::Context) {
    let before = tab.options.clone();
    let mut restart = false;
    ui.section(tr("play.game"));
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut tab.options.mode, PlayMode::Queen, tr("play.mode.queen"));
        ui.selectable_value(&mut tab.options.mode, PlayMode::Nim, tr("play.mode.nim"));
        ui.selectable_value(&mut tab.options.mode, PlayMode::Sum, tr("play.mode.sum")).tip(tr("play.mode.sum.tip"));
    });
    ui.add_space(12.0);
    let new = egui::Button::new(RichText::new(tr("play.new_game")).size(22.0).strong())
        .min_size(egui::vec2(ui.available_width(), 44.0));
    if ui.add(new).clicked() {
        restart = true;
    }
    ui.section(tr("play.hints"));
    ui.checkbox(&mut tab.options.show_hints, tr("play.show_hints"));
    // A student playing against the class: hints on one side's turns only.
    let name = |h: HintsFor| match h {
        HintsFor::Both => tr("play.hints_for.both"),
        HintsFor::First => tr("play.hints_for.first"),
        HintsFor::Second => tr("play.hints_for.second"),
    };
    if tab.options.show_hints {
        ui.horizontal_wrapped(|ui| {
            let label = ui.phrases(tr("play.hints_for"));
            let combo = egui::ComboBox::from_id_salt("hints_for").selected_text(name(tab.options.hints_for)).show_ui(
                ui,
                |ui| {
                    for choice in HintsFor::ALL {
                        ui.selectable_value(&mut tab.options.hints_for, choice, name(choice));
                    }
                },
            );
            combo.response.labelled_by(label.id);
        });
    }
    if tab.options.mode == PlayMode::Queen {
        ui.checkbox(&mut tab.options.show_p, tr("play.show_p"));
    }
    match tab.options.mode {
        PlayMode::Queen if shared.rules.breaks.is_some() => {
            game_choice(ui, shared);
            restart |= heaps_field(tab, ui);
        }
        PlayMode::Queen | PlayMode::Sum if shared.rules.dimension > 3 => {
            game_choice(ui, shared);
            restart |= heaps_field(tab, ui);
            let d = shared.rules.dimension as usize;
            let start = crate::rules::point_text(&super::many_heaps_start(&tab.options.nim_heaps, d));
            ui.phrases(trf("play.heaps.many_start", &[("n", &d), ("position", &start)]));
            if tab.options.mode == PlayMode::Sum {
                ui.phrases(tr("heapsum.many_starts"));
                restart |= sum_count(tab, ui, "heapsum.count");
                if shared.rules.passes.any() {
                    ui.colored_label(ui.visuals().warn_fg_color, tr("heapsum.no_passes"));
                }
            }
        }
        PlayMode::Queen => restart |= queen_options(tab, ui, shared),
        PlayMode::Sum => {
            restart |= queen_options(tab, ui, shared);
            let board = rules_choice::board_game(&shared.rules).is_ok();
            restart |= sum_count(tab, ui, if board { "play.sum.pieces" } else { "heapsum.count" });
            if rules_choice::board_game(&shared.rules).is_err() && shared.rules.passes.any() {
                ui.colored_label(ui.visuals().warn_fg_color, tr("heapsum.no_passes"));
            }
        }
        PlayMode::Nim => restart |= nim_options(tab, ui),
    }
    ui.section(tr("play.opponent"));
    for (opp, key) in [
        (Opponent::Computer(Strength::Perfect), "play.opp.perfect"),
        (Opponent::Computer(Strength::Mistakes), "play.opp.mistakes"),
        (Opponent::Computer(Strength::Random), "play.opp.random"),
        (Opponent::TwoPeople, "play.opp.people"),
    ] {
        ui.radio_value(&mut tab.options.opponent, opp, tr(key));
    }
    if matches!(tab.options.opponent, Opponent::Computer(_)) {
        ui.section(tr("play.first"));
        ui.radio_value(&mut tab.options.human_starts, true, tr("play.first.me"));
        ui.radio_value(&mut tab.options.human_starts, false, tr("play.first.computer"));
    }
    // The construction of the P-positions opens on the map.
    if crate::theory::Construction::is_for(&shared.rules) && ui.button(tr("map.construction.open")).clicked() {
        shared.send(crate::ui::state::AppCommand::OpenConstruction);
    }
    let changed = before.opponent != tab.options.opponent
        || before.human_starts != tab.options.human_starts
        || before.mode != tab.options.mode;
    if restart || changed {
        tab.new_game(shared, ctx);
    }
}

/// How many pieces (or games of heaps) a sum has: 2 to 4. Returns whether
/// it changed.
fn sum_count(tab: &mut PlayTab, ui: &mut egui::Ui, key: &'static str) -> bool {
    let mut restart = false;
    ui.section(tr(key));
    ui.horizontal_wrapped(|ui| {
        for n in 2..=crate::play::MAX_SUM_GAMES as u8 {
            if ui.radio(tab.options.sum_pieces == n, n.to_string()).clicked() {
                tab.options.sum_pieces = n;
                restart = true;
            }
        }
    });
    restart
}

fn queen_options(tab: &mut PlayTab, ui: &mut egui::Ui, shared: &mut Shared) -> bool {
    let mut restart = false;
    game_choice(ui, shared);
    ui.section(tr("play.start"));
    for (size, key) in [
        (StartSize::Small, "play.start.small"),
        (StartSize::Medium, "play.start.medium"),
        (StartSize::Large, "play.start.large"),
        (StartSize::Random, "play.start.random"),
    ] {
        if ui.radio(tab.options.start == size, tr(key)).clicked() {
            tab.options.start = size;
            restart = true;
        }
    }
    // Heap C only where the game has a third heap; it is set like A and B.
    let three = shared.rules.dimension == 3;
    let fields: &[(&'static str, &str)] =
        &[("play.custom.a", "9"), ("play.custom.b", "12"), ("play.custom.c", "10")][..if three { 3 } else { 2 }];
    ui.horizontal_wrapped(|ui| {
        for (i, &(key, hint)) in fields.iter().enumerate() {
            let label = ui.phrases(tr(key));
            ui.add(
                egui::TextEdit::singleline(&mut tab.custom[i])
                    .char_limit(crate::ui::widgets::MAX_NUMBER_CHARS)
                    .desired_width(80.0)
                    .hint_text(hint),
            )
            .labelled_by(label.id);
        }
    });
    if ui.button(tr("play.start.custom")).clicked() {
        let parse = crate::ui::widgets::parse_count;
        // An empty heap C is the mean of A and B, as in the other sizes.
        let c = if three && !tab.custom[2].trim().is_empty() { parse(&tab.custom[2]).map(Some) } else { Some(None) };
        match (parse(&tab.custom[0]), parse(&tab.custom[1]), c) {
            (Some(a), Some(b), Some(c)) => {
                tab.options.start = StartSize::Custom(a, b);
                tab.options.custom_c = c;
                restart = true;
            }
            _ => {
                let key = if three { "play.custom.bad3" } else { "play.custom.bad" };
                tab.notice = Some(crate::ui::notice::Notice::key(key));
            }
        }
    }
    if let StartSize::Custom(a, b) = tab.options.start {
        let d = if three { 3 } else { 2 };
        ui.phrases(crate::rules::position_text(super::heap_start((a, b), tab.options.custom_c, d), d));
    }
    restart
}

/// The game (the shared rules), its convention and pass. The tab
/// restarts when the rules change.
fn game_choice(ui: &mut egui::Ui, shared: &mut Shared) {
    ui.add_space(8.0);
    let piece_label = ui.phrases(RichText::new(tr("play.piece")).strong().size(ui.section_size()));
    rules_choice::piece_combo(ui, shared, "play_piece", piece_label.id);
    rules_choice::misere_checkbox(ui, shared);
    rules_choice::passes_choice(ui, shared);
    rules_choice::program_link(ui, shared);
}

/// Whether the heaps are what the heaps field accepts: 1 to
/// [`nim::MAX_HEAPS`] heaps of at most [`nim::MAX_HEAP`] stones.
pub fn nim_heaps_allowed(heaps: &[u64]) -> bool {
    (1..=nim::MAX_HEAPS).contains(&heaps.len()) && heaps.iter().all(|&v| v <= nim::MAX_HEAP)
}

fn nim_options(tab: &mut PlayTab, ui: &mut egui::Ui) -> bool {
    let mut restart = heaps_field(tab, ui);
    if ui.checkbox(&mut tab.options.nim_misere, tr("play.nim.misere")).changed() {
        restart = true;
    }
    restart
}

/// The heaps at the start (of Nim, and of a row of a take-and-break
/// game). Returns whether they changed.
fn heaps_field(tab: &mut PlayTab, ui: &mut egui::Ui) -> bool {
    let mut restart = false;
    ui.add_space(10.0);
    let text = tab
        .heaps_text
        .get_or_insert_with(|| tab.options.nim_heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" "));
    let label = ui.phrases(RichText::new(tr("play.heaps")).strong().size(ui.section_size()));
    let resp = ui
        .add(egui::TextEdit::singleline(text).char_limit(crate::ui::widgets::MAX_FIELD_CHARS).desired_width(200.0))
        .labelled_by(label.id);
    if resp.lost_focus() {
        let heaps: Option<Vec<u64>> =
            text.split([' ', ',']).filter(|s| !s.is_empty()).map(|s| s.parse().ok()).collect();
        match heaps {
            Some(h) if nim_heaps_allowed(&h) => {
                if h != tab.options.nim_heaps {
                    tab.options.nim_heaps = h;
                    restart = true;
                }
            }
            _ => tab.notice = Some(crate::ui::notice::Notice::key("play.heaps.bad")),
        }
    }
    restart
}

/// The history panel: Undo and Redo, the review, the copy of the moves,
/// and the moves (with their marks in the review).
pub fn history(tab: &mut PlayTab, ui: &mut egui::Ui, pal: &crate::ui::theme::Colours) {
    ui.add_space(8.0);
    ui.phrases(RichText::new(tr("play.moves")).strong().size(ui.section_size()));
    // The buttons above the list keep clear of its scroll bar. They scroll
    // too when they need more than 60 % of the height (the worksheet open
    // in a narrow panel), so that none is cut off.
    let full = ui.available_width();
    egui::ScrollArea::vertical()
        .id_salt("history_top")
        .auto_shrink([false, true])
        .max_height(ui.available_height() * 0.6)
        .show(ui, |ui| {
            ui.set_max_width(full - ui.spacing().scroll.allocated_width() - 4.0);
            history_top(tab, ui);
        });
    ui.separator();
    let lines = move_lines(tab);
    let reviewing = tab.reviewing();
    egui::ScrollArea::vertical()
        .stick_to_bottom(!reviewing)
        .auto_shrink(false)
        .scroll_bar_visibility(widgets::ALWAYS)
        .show(ui, |ui| {
            if lines.is_empty() {
                ui.phrases(tr("play.no_moves"));
            }
            if reviewing {
                tab.review_move_list(ui, pal, &lines);
                return;
            }
            for (i, (line, why)) in lines.iter().enumerate() {
                ui.phrases(format!("{}. {line}", i + 1));
                if let Some(w) = why {
                    ui.phrases(RichText::new(w).small());
                }
            }
        });
}

/// The top of the history panel: Undo / Redo and the review (or the
/// review's title), the copies of the moves, the worksheet.
fn history_top(tab: &mut PlayTab, ui: &mut egui::Ui) {
    let played = match (tab.review(), tab.current()) {
        (Some(r), _) => r.end(),
        (None, g) => g.map_or(0, |g| g.moves_played()),
    };
    if tab.reviewing() {
        ui.phrases(RichText::new(tr("review.title")).strong());
    } else {
        undo_buttons(tab, ui);
        let review = egui::Button::new(tr("review.open"));
        if ui.add_enabled(played > 0, review).tip(tr("review.open.tip")).clicked() {
            tab.open_review();
        }
    }
    ui.horizontal_wrapped(|ui| {
        for (how, key) in [(CopyAs::Latex, "review.copy_latex"), (CopyAs::Text, "review.copy_text")] {
            if ui.add_enabled(played > 0, egui::Button::new(tr(key))).clicked()
                && let Some(text) = tab.moves_table(how)
            {
                ui.ctx().copy_text(text);
                tab.copied = Some(how);
            }
        }
    });
    if let Some(how) = tab.copied {
        ui.small(tr(if how == CopyAs::Latex { "review.copied_latex" } else { "review.copied_text" }));
    }
    // The worksheet picture, in sight without scrolling.
    let ctx = ui.ctx().clone();
    tab.worksheet_panel(ui, &ctx);
}

/// Undo and Redo, enabled when the game on screen has a move to take back
/// or to play again.
fn undo_buttons(tab: &mut PlayTab, ui: &mut egui::Ui) {
    let (can_undo, can_redo) = tab.current().map_or((false, false), |g| g.can_undo_redo());
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(can_undo, egui::Button::new(tr("play.undo"))).tip("Ctrl+Z").clicked() {
            tab.undo();
        }
        if ui.add_enabled(can_redo, egui::Button::new(tr("play.redo"))).tip("Ctrl+Y").clicked() {
            tab.redo();
        }
    });
}

/// The moves played so far, each with the reason the computer gave; in the
/// review, every move of the reviewed game (also those after the position
/// shown).
pub(super) fn move_lines(tab: &PlayTab) -> Vec<(String, Option<String>)> {
    use crate::play::AnyGame;
    let n = match (tab.review(), tab.current()) {
        (Some(r), _) => r.end(),
        (None, Some(g)) => g.moves_played(),
        (None, None) => 0,
    };
    match tab.current() {
        None => Vec::new(),
        Some(AnyGame::Heaps(g)) => g
            .history()
            .whole()
            .take(n)
            .map(|m| {
                let who = words::play::player_name(g.players(), m.by);
                (super::heaps_view::record_text(g, who, m), super::heaps_view::reason_text(g, m))
            })
            .collect(),
        Some(AnyGame::Sum(g)) => g
            .history()
            .whole()
            .take(n)
            .map(|m| (super::sum_view::record_text(words::play::player_name(g.players(), m.by), m), None))
            .collect(),
        Some(AnyGame::HeapSum(g)) => g
            .history()
            .whole()
            .take(n)
            .map(|m| {
                let who = words::play::player_name(g.players(), m.by);
                (super::heap_sum_view::record_text(g, who, m), super::heap_sum_view::reason_text(g, m))
            })
            .collect(),
        Some(AnyGame::Board(g)) => g
            .history()
            .whole()
            .take(n)
            .map(|m| {
                let who = words::play::player_name(g.players(), m.by);
                (
                    format!("{who}: ({},{}) → ({},{})", m.from.0, m.from.1, m.to.0, m.to.1),
                    m.reason.as_ref().map(words::play::reason),
                )
            })
            .collect(),
        Some(AnyGame::Nim(g)) => g
            .history()
            .whole()
            .take(n)
            .map(|m| {
                let who = words::play::player_name(g.players(), m.by);
                let heap = trf("nim.heap", &[("n", &(m.heap + 1))]);
                (format!("{who}: {heap} {} → {}", m.from, m.to), m.reason.as_ref().map(words::play::nim_reason))
            })
            .collect(),
        Some(AnyGame::Row(g)) => g
            .history()
            .whole()
            .take(n)
            .map(|m| {
                let who = words::play::player_name(g.players(), m.by);
                (super::row_view::record_text(who, m), super::row_view::reason_text(m))
            })
            .collect(),
    }
}
