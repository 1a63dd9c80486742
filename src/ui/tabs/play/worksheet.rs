//! The worksheet picture of Play: the board (or the piles) with the
//! position on screen and its sentences (whose turn, the computer's reason,
//! the hint when it is shown; in the review, the reviewed position and its
//! mark), titled in the current language and written as a PNG file
//! ([`crate::draw::worksheet`]) in a job. The file comes from the real file
//! dialog or a typed path (the shared [`FileChoice`]); a name that does not
//! end in `.png` is refused before anything is written.

use super::{PlayTab, board, heaps_view, row_view, sum_view};
use crate::draw::DrawError;
use crate::draw::worksheet::{BoardPiece, Figure, MAX_BOARD_SIDE, Pile, Worksheet};
use crate::jobs::{Job, JobEnd, poll};
use crate::play::AnyGame;
use crate::ui::file_choice::{Dialog, DialogButton, FileChoice, PathButton, PathField};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::ui_ext::UiExt;
use crate::ui::widgets;
use crate::ui::words;
use egui::RichText;
use std::path::{Path, PathBuf};

/// What a finished export gives: the file and its size in pixels.
type Written = (PathBuf, (u32, u32));

/// The worksheet's path, dialog, job and last message.
#[derive(Default)]
pub struct WorksheetState {
    /// The typed path.
    path: String,
    choice: FileChoice,
    job: Option<Job<Written, DrawError>>,
    /// The last export's result (success, worded when drawn).
    message: Option<(bool, Notice)>,
    /// Whether the panel was scrolled to show the last message.
    revealed: bool,
    /// Whether the section is open.
    open: bool,
}

/// Whether `path` names a PNG file (`.png`, any case).
fn is_png(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// The name of the game on screen.
fn game_name(game: &AnyGame) -> String {
    match game {
        AnyGame::Board(g) => words::play::rules_name(g.rules()),
        AnyGame::Heaps(g) => words::play::rules_name(g.rules()),
        AnyGame::Sum(g) => words::play::rules_name(g.rules()),
        AnyGame::HeapSum(g) => words::play::rules_name(g.rules()),
        AnyGame::Row(g) => words::play::rules_name(g.rules()),
        AnyGame::Nim(g) if g.misere() => tr("worksheet.nim_misere").to_string(),
        AnyGame::Nim(_) => tr("play.mode.nim").to_string(),
    }
}

/// Piles named `names`, with `counts` stones.
fn piles(names: &[String], counts: &[u64]) -> Figure {
    Figure::Piles(names.iter().zip(counts).map(|(n, &c)| Pile { label: format!("{n}: {c}"), stones: c }).collect())
}

/// What the worksheet shows of the position: the whole board when it fits,
/// else the piles.
fn figure(game: &AnyGame) -> Figure {
    let fits = |w: u64, h: u64| w < MAX_BOARD_SIDE && h < MAX_BOARD_SIDE;
    let board_of = |rules: &crate::rules::Rules, w: u64, h: u64, pieces: Vec<BoardPiece>| {
        let terminal = (0..=h).flat_map(|y| (0..=w).map(move |x| (x, y))).filter(|&(x, y)| rules.is_terminal(x, y));
        Figure::Board { cols: w + 1, rows: h + 1, terminal: terminal.collect(), pieces }
    };
    let ab = || [tr("piles.a").to_string(), tr("piles.b").to_string()];
    match game {
        AnyGame::Board(g) => {
            let ((sx, sy), (x, y)) = (g.start(), g.position());
            if fits(sx, sy) {
                let mark = board::piece_mark(&g.rules().piece).map(str::to_string);
                board_of(g.rules(), sx, sy, vec![BoardPiece { cell: (x, y), mark }])
            } else {
                piles(&ab(), &[x, y])
            }
        }
        AnyGame::Sum(g) => {
            let w = g.start().iter().map(|p| p.0).max().unwrap_or(0);
            let h = g.start().iter().map(|p| p.1).max().unwrap_or(0);
            if !fits(w, h) {
                return Figure::Piles(Vec::new());
            }
            let pieces = g
                .pieces()
                .iter()
                .enumerate()
                .map(|(i, &cell)| BoardPiece { cell, mark: Some(sum_view::NAMES[i].to_string()) })
                .collect();
            board_of(g.rules(), w, h, pieces)
        }
        AnyGame::HeapSum(g) => {
            let d = g.parts()[0].dimension();
            let mut names = Vec::new();
            let mut counts = Vec::new();
            for (j, part) in g.parts().iter().enumerate() {
                for (i, name) in super::heaps_view::PILE_NAMES[..d].iter().enumerate() {
                    names.push(trf("heapsum.pile", &[("game", &(j + 1)), ("name", name)]));
                    counts.push(part.state().position[i]);
                }
            }
            piles(&names, &counts)
        }
        AnyGame::Heaps(g) => {
            let d = g.dimension();
            let names: Vec<String> =
                super::heaps_view::PILE_NAMES[..d].iter().map(|n| trf("worksheet.heap", &[("name", n)])).collect();
            piles(&names, &g.state().position[..d])
        }
        AnyGame::Nim(g) => {
            let names: Vec<String> = (1..=g.heaps().len()).map(|n| trf("nim.heap", &[("n", &n)])).collect();
            piles(&names, g.heaps())
        }
        AnyGame::Row(g) => {
            let names: Vec<String> = (1..=g.row().len()).map(|n| trf("row.heap", &[("n", &n)])).collect();
            piles(&names, g.row())
        }
    }
}

impl PlayTab {
    /// The hint line of the position on screen, when hints are shown now.
    fn hint_line(&self) -> Option<String> {
        if !self.hints_now() {
            return None;
        }
        Some(match self.current.as_ref()? {
            AnyGame::Board(g) if g.is_over().is_none() => words::play::hint(&g.hint()),
            AnyGame::Heaps(g) if g.winner().is_none() && g.failure().is_none() => heaps_view::hint_text(g, g.hint()),
            AnyGame::Sum(g) if g.winner().is_none() => sum_view::hint_text(g.hint()),
            AnyGame::HeapSum(g) if g.winner().is_none() && g.failure().is_none() => super::heap_sum_view::hint_text(g),
            AnyGame::Nim(g) if g.winner().is_none() => super::views::nim_hint_text(g),
            AnyGame::Row(g) if g.winner().is_none() => row_view::hint_text(g, &g.hint()),
            _ => return None,
        })
    }

    /// The worksheet of the position on screen, worded in the current
    /// language: the title, the figure and the sentences shown with it.
    pub fn worksheet(&self) -> Option<Worksheet> {
        let game = self.current.as_ref()?;
        let title = trf(
            "worksheet.title",
            &[("game", &game_name(game)), ("position", &super::review_view::position_now(game))],
        );
        let mut sentences = Vec::new();
        if let Some((head, mark)) = self.review_sentences() {
            sentences.push(head);
            sentences.extend(mark.map(|(text, _)| text));
        } else {
            // Paper takes no clicks: whose turn it is, without the
            // screen's instructions.
            let players = game.players();
            match game.over() {
                Some(over) => sentences.push(words::play::game_over(&over, players)),
                None => sentences.push(trf(
                    "play.status.turn_of",
                    &[("player", &words::play::player_name(players, game.to_move()))],
                )),
            }
            let last = super::controls::move_lines(self).pop().and_then(|(_, why)| why);
            sentences.extend(last.map(|why| format!("{}: {why}", tr("play.last_move"))));
            sentences.extend(self.hint_line());
        }
        // Japanese lines break between BudouX's phrases, as on screen.
        let title = crate::ui::phrases::mark_phrases(&title);
        let sentences = sentences.iter().map(|s| crate::ui::phrases::mark_phrases(s)).collect();
        Some(Worksheet { title, figure: figure(game), sentences })
    }

    /// Write the worksheet of the position on screen to `path` in a job; a
    /// name that does not end in `.png` is refused with a message.
    pub fn export_worksheet(&mut self, path: PathBuf, ctx: &egui::Context) {
        if !is_png(&path) {
            let text = move || trf("worksheet.not_png", &[("path", &path.display())]);
            self.worksheet.message = Some((false, Notice::new(text)));
            self.worksheet.revealed = false;
            return;
        }
        let Some(sheet) = self.worksheet() else { return };
        self.worksheet.message = None;
        // Replacing the job cancels an older export.
        self.worksheet.job = Some(widgets::spawn(widgets::JobLabel::new("worksheet.job"), ctx, move |_| {
            let size = sheet.write_png(&path)?;
            Ok((path, size))
        }));
    }

    /// Collect the export that ended.
    pub(super) fn poll_worksheet(&mut self) {
        let Some(end) = poll(&mut self.worksheet.job) else { return };
        self.worksheet.revealed = false;
        self.worksheet.message = match end {
            JobEnd::Done((path, (w, h))) => Some((
                true,
                Notice::new(move || trf("worksheet.done", &[("path", &path.display()), ("w", &w), ("h", &h)])),
            )),
            JobEnd::Failed(e) => Some((
                false,
                Notice::new(move || {
                    let error = crate::ui::words::errors::job_error(&e, crate::ui::words::errors::draw_error);
                    trf("worksheet.failed", &[("error", &error)])
                }),
            )),
            JobEnd::Cancelled => None,
        };
    }

    /// Whether a worksheet is being written.
    pub fn worksheet_busy(&self) -> bool {
        self.worksheet.job.is_some()
    }

    /// The worksheet section of the moves panel: the size of the picture,
    /// the dialog, the typed path, the progress and the last message.
    pub(super) fn worksheet_panel(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        // One button until it is opened, so that the moves keep the room.
        ui.toggle_value(&mut self.worksheet.open, RichText::new(tr("worksheet.section")).strong());
        if self.worksheet.open {
            self.worksheet_body(ui, ctx);
        }
    }

    fn worksheet_body(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        let Some(sheet) = self.worksheet() else { return };
        let (w, h) = sheet.png_size();
        ui.phrases(trf("worksheet.size", &[("w", &w), ("h", &h)]));
        let dialogs = [DialogButton {
            label: tr("worksheet.export"),
            action: (),
            dialog: Dialog::Save { file_name: "worksheet.png".to_string() },
            filter: ("PNG", &["png"]),
        }];
        let enabled = self.worksheet.job.is_none();
        let state = &mut self.worksheet;
        // A name the dialog gave without an extension is the PNG it offered.
        let mut chosen = state
            .choice
            .dialog_buttons(ui, enabled, &dialogs)
            .map(|((), p)| if p.extension().is_none() { p.with_extension("png") } else { p });
        let field = PathField { label: tr("worksheet.path"), hint: "/tmp/worksheet.png", width: f32::INFINITY };
        state.choice.path_field(ui, &mut state.path, field);
        let buttons = [PathButton::replacing(tr("worksheet.export_path"), ())];
        chosen = state.choice.path_buttons(ui, enabled, &state.path, &buttons).map(|((), p)| p).or(chosen);
        if let Some(path) = chosen {
            self.export_worksheet(path, ctx);
        }
        if let Some(job) = &self.worksheet.job {
            widgets::job_progress(ui, job);
        }
        if let Some((ok, m)) = &self.worksheet.message {
            let said = if *ok { ui.phrases(m.text()) } else { ui.error_label(m.text()) };
            // A new message is scrolled into sight (the panel may scroll).
            if !std::mem::replace(&mut self.worksheet.revealed, true) {
                said.scroll_to_me(Some(egui::Align::Max));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_png_names_are_written() {
        assert!(is_png(Path::new("/tmp/sheet.PNG")) && is_png(Path::new("sheet.png")));
        for refused in ["sheet.svg", "sheet", "sheet.png.txt", "sheet.jpg"] {
            assert!(!is_png(Path::new(refused)), "{refused}");
        }
    }
}
