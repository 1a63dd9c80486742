//! The tour puzzle: a student clicks cells in knight moves; the app says
//! when a click is not allowed, when the tour is complete, or stuck.

use super::solve::Origin;
use super::{KnightTab, Tool, region_name};
use crate::knight::{Doomed, Pos, Puzzle, Region, StepError};
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::UiExt;
use egui::RichText;

fn step_error(e: StepError) -> String {
    match e {
        StepError::NotInRegion(p) => trf("knight.puzzle.not_region", &[("x", &p.x), ("y", &p.y)]),
        StepError::AlreadyVisited(p, k) => trf("knight.puzzle.visited", &[("x", &p.x), ("y", &p.y), ("k", &k)]),
        StepError::NotAMove { from, to } => {
            trf("knight.puzzle.not_move", &[("x", &to.x), ("y", &to.y), ("fx", &from.x), ("fy", &from.y)])
        }
        StepError::Complete => tr("knight.puzzle.done").to_string(),
    }
}

/// Why the path can no longer become a tour, in the current language.
pub fn doomed_text(d: Doomed) -> String {
    let cell = |p: Pos| format!("({}, {})", p.x, p.y);
    let reason = match d {
        Doomed::Unreachable(p) => trf("knight.doomed.unreachable", &[("cell", &cell(p))]),
        Doomed::TwoDeadEnds(a, b) => trf("knight.doomed.dead_ends", &[("a", &cell(a)), ("b", &cell(b))]),
        Doomed::Split(a, b) => trf("knight.doomed.split", &[("a", &cell(a)), ("b", &cell(b))]),
    };
    trf("knight.puzzle.doomed", &[("reason", &reason)])
}

impl KnightTab {
    /// Start a puzzle on `region` of the current board.
    pub fn start_puzzle(&mut self, region: Region) {
        self.puzzle = Some(Puzzle::new(self.design.board.clone(), region, self.design.leaper));
        self.puzzle_message = None;
        self.options.tool = Tool::Puzzle;
        self.animation = None;
    }

    /// A click on cell `p` in the puzzle.
    pub fn puzzle_click(&mut self, p: Pos) {
        let Some(z) = &mut self.puzzle else { return };
        self.puzzle_message = match z.try_step(p) {
            Ok(()) => None,
            Err(e) => Some(step_error(e)),
        };
    }

    /// Take back the last puzzle step.
    pub fn puzzle_undo(&mut self) {
        if let Some(z) = &mut self.puzzle {
            z.undo();
            self.puzzle_message = None;
        }
    }

    /// The line under the picture in puzzle mode.
    pub(super) fn puzzle_status(&self, ui: &mut egui::Ui) {
        let Some(z) = &self.puzzle else { return };
        let size = ui.style().text_styles[&egui::TextStyle::Body].size * 1.3;
        let pal = crate::ui::theme::current(ui.ctx());
        let (text, color) = if z.is_closed() {
            (tr("knight.puzzle.complete_closed").to_string(), pal.puzzle_complete)
        } else if z.is_complete() {
            (tr("knight.puzzle.complete").to_string(), pal.puzzle_complete)
        } else if z.is_stuck() {
            (tr("knight.puzzle.stuck").to_string(), pal.puzzle_stuck)
        } else if let Some(m) = &self.puzzle_message {
            (m.clone(), ui.visuals().warn_fg_color)
        } else if let Some(d) = z.doomed() {
            (doomed_text(d), pal.puzzle_stuck)
        } else if z.path().is_empty() {
            (trf("knight.puzzle.first", &[("region", &region_name(z.region()))]), ui.visuals().text_color())
        } else {
            (trf("knight.puzzle.progress", &[("k", &z.path().len()), ("n", &z.size())]), ui.visuals().text_color())
        };
        ui.phrases(RichText::new(text).size(size).color(color).strong());
        // A refused click does not hide that the path is hopeless.
        if self.puzzle_message.is_some()
            && !z.is_stuck()
            && let Some(d) = z.doomed()
        {
            ui.phrases(RichText::new(doomed_text(d)).color(pal.puzzle_stuck).strong());
        }
    }

    pub(super) fn puzzle_panel(&mut self, ui: &mut egui::Ui) {
        ui.section(tr("knight.puzzle"));
        ui.horizontal_wrapped(|ui| {
            for r in Region::BOTH {
                if self.design.board.count(r) > 0
                    && ui.button(trf("knight.puzzle.start", &[("region", &region_name(r))])).clicked()
                {
                    self.start_puzzle(r);
                }
            }
        });
        if self.options.tool != Tool::Puzzle {
            return;
        }
        let Some(z) = &self.puzzle else { return };
        let complete = z.is_complete();
        ui.phrases(trf("knight.puzzle.progress", &[("k", &z.path().len()), ("n", &z.size())]));
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr("knight.puzzle.undo")).clicked() {
                self.puzzle_undo();
            }
            if ui.button(tr("knight.puzzle.restart")).clicked()
                && let Some(z) = &self.puzzle
            {
                let r = z.region();
                self.start_puzzle(r);
            }
            if ui.button(tr("knight.puzzle.leave")).clicked() {
                self.options.tool = super::Tool::Paint;
            }
        });
        if complete
            && ui.button(tr("knight.puzzle.keep")).clicked()
            && let Some(z) = &self.puzzle
        {
            let (t, r, b, l) = (z.tour(), z.region(), self.design.board.clone(), self.design.leaper);
            self.work[r.index()].set_tour(t, Origin::Puzzle, &b, r, l);
            self.options.tool = Tool::Paint;
        }
    }
}
