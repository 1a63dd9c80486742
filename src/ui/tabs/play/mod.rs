//! The Play tab: Corner the Queen (any piece, from the shared rules) shown
//! as a board and as two piles side by side, and Nim with several heaps.
//! The computer's moves, hints and explanations come from [`crate::play`];
//! this module only draws and forwards clicks.

mod board;
mod controls;
pub mod explain;
mod heaps_view;
mod nim_view;
mod piles;
mod sum_view;

use crate::grundy::Table;
use crate::jobs::{Job, JobEnd, poll};
use crate::play::{
    Game, HeapGame, Knowledge, NimGame, PlayerKind, Players, Rng, StartSize, Strength, SumGame, Turns,
    nim::DEFAULT_HEAPS,
};
use crate::rules::Rules;
use crate::ui::i18n::{tr, trf};
use crate::ui::state::Shared;
use crate::ui::theme::{self, Colours};
use crate::ui::widgets;
use egui::{Key, KeyboardShortcut, Modifiers, RichText, vec2};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Which game the tab shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayMode {
    /// A piece on a board / two piles (Corner the Queen and relatives).
    #[default]
    Queen,
    /// Nim with several heaps.
    Nim,
    /// A sum of games: several pieces on one board.
    Sum,
}

/// Who plays against whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    /// The computer, at this strength.
    Computer(Strength),
    /// Two people at one screen.
    TwoPeople,
}

/// The Play tab's saved options.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayOptions {
    pub mode: PlayMode,
    pub start: StartSize,
    pub opponent: Opponent,
    /// The person starts (against the computer).
    pub human_starts: bool,
    /// Show the winning moves.
    pub show_hints: bool,
    /// Show the P-positions on the board.
    pub show_p: bool,
    /// Nim heaps at the start.
    pub nim_heaps: Vec<u64>,
    /// Nim in misère play (the last stone loses).
    pub nim_misere: bool,
    /// Seconds the computer waits before it moves (so a class can follow).
    pub computer_delay: f32,
    /// Pieces on the board in a sum of games (2 to 4).
    pub sum_pieces: u8,
}

impl PlayOptions {
    /// Bring values read from the settings file within what the controls
    /// allow (a damaged file must not set up 100 000 heaps).
    pub fn clamp_to_ui(&mut self) {
        if !controls::nim_heaps_allowed(&self.nim_heaps) {
            self.nim_heaps = DEFAULT_HEAPS.to_vec();
        }
        self.computer_delay = finite_in(self.computer_delay, 0.0, 5.0, 0.7);
        self.sum_pieces = self.sum_pieces.clamp(2, 4);
    }
}

/// `v` within `lo..=hi`; `default` when it is not a number.
pub(crate) fn finite_in(v: f32, lo: f32, hi: f32, default: f32) -> f32 {
    if v.is_finite() { v.clamp(lo, hi) } else { default }
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            mode: PlayMode::Queen,
            start: StartSize::Medium,
            opponent: Opponent::Computer(Strength::Perfect),
            human_starts: true,
            show_hints: false,
            show_p: false,
            nim_heaps: DEFAULT_HEAPS.to_vec(),
            nim_misere: true,
            computer_delay: 0.7,
            sum_pieces: 3,
        }
    }
}

impl PlayOptions {
    /// The two players as the play module sees them.
    pub fn players(&self) -> Players {
        match self.opponent {
            Opponent::TwoPeople => [PlayerKind::Human, PlayerKind::Human],
            Opponent::Computer(s) if self.human_starts => [PlayerKind::Human, PlayerKind::Computer(s)],
            Opponent::Computer(s) => [PlayerKind::Computer(s), PlayerKind::Human],
        }
    }
}

/// The Play tab.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayTab {
    /// Saved options.
    pub options: PlayOptions,
    /// The queen game in progress.
    #[serde(skip)]
    pub game: Option<Game>,
    /// The Nim game in progress.
    #[serde(skip)]
    pub nim: Option<NimGame>,
    /// Random numbers for the computer and random starts.
    #[serde(skip)]
    pub rng: Rng,
    /// A short message after a click that did nothing (an illegal move).
    #[serde(skip)]
    pub notice: Option<String>,
    #[serde(skip)]
    selected: bool,
    #[serde(skip)]
    table_job: Option<Job<Arc<Table>, crate::grundy::EngineError>>,
    /// A game of rules the board cannot show (one or three heaps, a pass, a
    /// program), played as heaps.
    #[serde(skip)]
    pub heaps: Option<HeapGame>,
    /// A sum of several pieces on one board.
    #[serde(skip)]
    pub sum: Option<SumGame>,
    /// The piece picked in a sum.
    #[serde(skip)]
    sum_selected: Option<usize>,
    /// The rules of the game on screen (a new game starts when they change).
    #[serde(skip)]
    played: Option<Rules>,
    #[serde(skip)]
    computer_due: Option<f64>,
    #[serde(skip)]
    take: piles::TakeForm,
    #[serde(skip)]
    custom: (String, String),
    #[serde(skip)]
    heaps_text: Option<String>,
    /// The typed "leave N stones" of a heap game too large to list its moves.
    #[serde(skip)]
    heap_leave: heaps_view::LeaveForm,
}

/// Why the computer moved, framed so that a class sees it.
fn explanation_box(ui: &mut egui::Ui, pal: &Colours, text: &str) {
    egui::Frame::new().stroke(egui::Stroke::new(2.0, pal.info)).corner_radius(6.0).inner_margin(8).show(ui, |ui| {
        ui.label(RichText::new(text).size(sentence_size(ui)).color(pal.info));
    });
}

/// The size of the sentences a class reads (the last move, hints): larger
/// than body text, and larger still in presentation mode.
fn sentence_size(ui: &egui::Ui) -> f32 {
    22.0 * theme::text_scale(ui)
}

/// "The queen cannot go from (x,y) to (a,b) in one move."
fn illegal_message(game: &Game, to: (u64, u64)) -> String {
    let (x, y) = game.position();
    let piece = explain::rules_name(game.rules());
    trf("play.illegal", &[("piece", &piece), ("x", &x), ("y", &y), ("tx", &to.0), ("ty", &to.1)])
}

impl PlayTab {
    /// Start a new game of the shared rules with the current options.
    pub fn new_game(&mut self, shared: &Shared, ctx: &egui::Context) {
        self.notice = None;
        self.selected = false;
        self.computer_due = None;
        // A table job of the previous game is cancelled when replaced or dropped.
        self.table_job = None;
        let start = self.options.start.position(&mut self.rng);
        self.played = Some(shared.rules.clone());
        self.heaps = None;
        self.sum = None;
        self.sum_selected = None;
        let rules = &shared.rules;
        let board_game = crate::ui::rules_choice::board_game(rules).is_ok();
        if self.options.mode == PlayMode::Sum && board_game {
            let game = SumGame::new(rules, sum_start(start, self.options.sum_pieces), self.options.players());
            if let Some((w, h)) = game.table_size() {
                // The values of the parts are Grundy numbers (normal play); a
                // misère sum is searched on them.
                let plain = Rules { convention: crate::rules::Convention::Normal, ..rules.clone() };
                self.table_job = Some(widgets::spawn(widgets::JobLabel::new("play.table_job"), ctx, move |c| {
                    crate::grundy::compute(&plain, w, h, &c).map(Arc::new)
                }));
            } else if !game.is_known() {
                self.notice = Some(tr("play.too_large").to_string());
            }
            self.sum = Some(game);
        } else if !board_game {
            let game = HeapGame::new(rules, heap_start(start, rules.dimension), self.options.players());
            if let Some(p) = game.table_box() {
                let r = rules.clone();
                self.table_job = Some(widgets::spawn(widgets::JobLabel::new("play.table_job"), ctx, move |c| {
                    crate::grundy::compute_covering(&r, p, &c).map(Arc::new)
                }));
            } else if !game.is_nim() {
                self.notice = Some(tr("play.too_large").to_string());
            }
            self.heaps = Some(game);
        }
        self.nim = Some(NimGame::new(&self.options.nim_heaps, self.options.nim_misere, self.options.players()));
        if !board_game || self.options.mode == PlayMode::Sum {
            self.game = None;
            return;
        }
        let game = Game::new(&shared.rules, start, self.options.players());
        if game.knowledge() == Knowledge::TooLarge {
            // Say so at once, not only when hints are on or the computer moves.
            self.notice = Some(tr("play.too_large").to_string());
        }
        if let Knowledge::NeedsTable { width, height } = game.knowledge() {
            let rules = shared.rules.clone();
            self.table_job = Some(widgets::spawn(widgets::JobLabel::new("play.table_job"), ctx, move |c| {
                crate::grundy::compute(&rules, width, height, &c).map(Arc::new)
            }));
        }
        self.game = Some(game);
        self.nim = Some(NimGame::new(&self.options.nim_heaps, self.options.nim_misere, self.options.players()));
    }

    /// Whether a table is being computed for the game on screen.
    pub fn is_busy(&self) -> bool {
        self.table_job.is_some()
    }

    /// Collect the table job when it ended (called every frame, shown or
    /// not).
    pub fn poll_jobs(&mut self) {
        match poll(&mut self.table_job) {
            Some(JobEnd::Done(table)) => {
                if let Some(g) = &mut self.game {
                    g.set_table(table);
                } else if let Some(g) = &mut self.heaps {
                    g.set_table(table);
                } else if let Some(g) = &mut self.sum {
                    g.set_table(table);
                }
            }
            Some(JobEnd::Failed(e)) => {
                let why = crate::ui::i18n::job_error(&e, crate::ui::i18n::engine_error);
                self.notice = Some(trf("play.table_failed", &[("error", &why)]));
                self.no_table_coming();
            }
            Some(JobEnd::Cancelled) => {
                self.notice = Some(tr("play.table_cancelled").to_string());
                self.no_table_coming();
            }
            None => {}
        }
    }

    /// The table of the game on screen will not come: its hints say so and
    /// its computer plays at random.
    fn no_table_coming(&mut self) {
        if let Some(g) = &mut self.heaps {
            g.table_refused();
        }
        if let Some(g) = &mut self.sum {
            g.table_refused();
        }
    }

    /// Let the computer move when it is its turn (after a short delay).
    fn computer_turn(&mut self, ctx: &egui::Context) {
        let waiting_for_table = self.table_job.is_some();
        let now = ctx.input(|i| i.time);
        let due_now = |due: &mut Option<f64>, delay: f32| -> bool {
            match *due {
                None => {
                    *due = Some(now + delay as f64);
                    ctx.request_repaint_after_secs(delay);
                    delay <= 0.0
                }
                Some(t) if now >= t => true,
                Some(t) => {
                    ctx.request_repaint_after_secs((t - now) as f32);
                    false
                }
            }
        };
        let delay = self.options.computer_delay;
        match self.options.mode {
            _ if waiting_for_table => {}
            PlayMode::Queen | PlayMode::Sum => {
                let to_move = self.game.as_ref().is_some_and(|g| g.computer_to_move())
                    || self.heaps.as_ref().is_some_and(|g| g.computer_to_move())
                    || self.sum.as_ref().is_some_and(|g| g.computer_to_move());
                if !to_move || !due_now(&mut self.computer_due, delay) {
                    return;
                }
                self.computer_due = None;
                if let Some(g) = &mut self.game {
                    g.computer_move(&mut self.rng);
                } else if let Some(g) = &mut self.heaps {
                    g.computer_move(&mut self.rng);
                } else if let Some(g) = &mut self.sum {
                    g.computer_move(&mut self.rng);
                }
                ctx.request_repaint();
            }
            PlayMode::Nim => {
                let Some(nim) = &mut self.nim else { return };
                if !nim.computer_to_move() {
                    return;
                }
                if due_now(&mut self.computer_due, delay) {
                    self.computer_due = None;
                    nim.computer_move(&mut self.rng);
                    ctx.request_repaint();
                }
            }
        }
    }

    fn keyboard(&mut self, shared: &Shared, ctx: &egui::Context) {
        let ctrl = |k| KeyboardShortcut::new(Modifiers::COMMAND, k);
        if ctx.input_mut(|i| i.consume_shortcut(&ctrl(Key::Z))) {
            self.undo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&ctrl(Key::Y))) {
            self.redo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&ctrl(Key::N))) {
            self.new_game(shared, ctx);
        }
    }

    /// Take back the last turn (against the computer: its answer too).
    pub fn undo(&mut self) {
        self.computer_due = None;
        self.selected = false;
        self.notice = None;
        match self.options.mode {
            PlayMode::Nim => self.nim.as_mut().map(|g| g.undo_turn()),
            _ => self
                .game
                .as_mut()
                .map(|g| g.undo_turn())
                .or_else(|| self.heaps.as_mut().map(|g| g.undo_turn()))
                .or_else(|| self.sum.as_mut().map(|g| g.undo_turn())),
        };
    }

    /// Redo a turn taken back.
    pub fn redo(&mut self) {
        self.computer_due = None;
        match self.options.mode {
            PlayMode::Nim => self.nim.as_mut().map(|g| g.redo_turn()),
            _ => self.game.as_mut().map(|g| g.redo_turn()).or_else(|| self.heaps.as_mut().map(|g| g.redo_turn())),
        };
    }

    /// Draw the tab.
    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        let ctx = ui.ctx().clone();
        let stale = self.played.as_ref() != Some(&shared.rules);
        let gone = self.game.is_none() && self.heaps.is_none() && self.sum.is_none();
        if stale || gone || self.nim.is_none() {
            self.new_game(shared, &ctx);
        }
        self.keyboard(shared, &ctx);
        self.computer_turn(&ctx);
        let pal = theme::colours(&shared.settings);

        use crate::ui::widgets::{Side, side_panel, side_panel_frame};
        side_panel(ui, "play_controls", Side::Left, 300.0, 0.3, |ui| controls::options(self, ui, shared, &ctx));
        side_panel_frame(ui, "play_history", Side::Right, 250.0, 0.22, |ui| controls::history(self, ui));
        egui::CentralPanel::default().show(ui, |ui| match self.options.mode {
            PlayMode::Nim => egui::ScrollArea::vertical().show(ui, |ui| self.nim_game_view(ui, &pal)).inner,
            _ if self.heaps.is_some() => self.heaps_game_view(ui, &pal),
            _ if self.sum.is_some() => self.sum_game_view(ui, &pal),
            _ => self.queen_view(ui, &pal),
        });
    }

    fn status_banner(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(game) = &self.game else { return };
        if let Some(over) = game.is_over() {
            let person_won = !game.players()[over.winner].is_computer();
            let fill = if person_won { pal.good } else { pal.bad };
            widgets::banner(ui, fill, pal.banner_text, &explain::game_over(&over, game.players()), false);
            if ui.add(egui::Button::new(RichText::new(tr("play.play_again")).size(22.0))).clicked() {
                self.game = None;
            }
            return;
        }
        let players = game.players();
        let text = if game.computer_to_move() {
            if self.table_job.is_some() { tr("play.status.waiting") } else { tr("play.status.thinking") }.to_string()
        } else if players.iter().any(|p| p.is_computer()) {
            tr("play.status.your_turn").to_string()
        } else {
            trf("play.status.turn_of", &[("player", &explain::player_name(players, game.to_move()))])
        };
        widgets::banner(ui, pal.info, pal.banner_text, &text, false);
    }

    fn queen_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        self.status_banner(ui, pal);
        if let Some(job) = &self.table_job {
            widgets::job_progress(ui, job);
        }
        let Some(game) = &self.game else { return };
        let (x, y) = game.position();
        let (sx, sy) = game.start();
        ui.label(format!(
            "{}  ·  {}",
            explain::rules_name(game.rules()),
            trf("play.position", &[("x", &x), ("y", &y), ("sx", &sx), ("sy", &sy)])
        ));
        let hint = game.hint();
        let avail = ui.available_size();
        let piles_width = (avail.x * 0.3).clamp(230.0, 560.0);
        // Below the board: a notice, the last move and the hint, in the
        // sentence size.
        let below = 5.0 * sentence_size(ui);
        let board_size = vec2(avail.x - piles_width - 16.0, (avail.y - below).max(240.0));
        let mut board_action = None;
        let mut piles_action = None;
        ui.horizontal_top(|ui| {
            let look = board::BoardLook {
                palette: pal,
                show_p: self.options.show_p,
                show_hints: self.options.show_hints,
                hint: &hint,
            };
            ui.vertical(|ui| {
                ui.set_max_width(board_size.x);
                board_action = board::show(ui, game, &mut self.selected, &look, board_size);
            });
            ui.add_space(16.0);
            ui.vertical(|ui| {
                piles_action = piles::show(ui, game, &mut self.take, pal, vec2(piles_width, board_size.y));
            });
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
        if let Some(notice) = &self.notice {
            ui.colored_label(pal.bad, notice);
        }
        if let Some(reason) = game.history().last().and_then(|m| m.reason) {
            let text = format!("{}: {}", tr("play.last_move"), explain::reason(&reason));
            explanation_box(ui, pal, &text);
        }
        if self.options.show_hints && game.is_over().is_none() {
            ui.label(RichText::new(explain::hint(&hint)).size(sentence_size(ui)).color(pal.winning));
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
        if let (Some(t), Some(game)) = (target, &mut self.game)
            && game.play(t).is_ok()
        {
            self.notice = None;
            self.selected = false;
        }
    }

    /// The banner of a game that may be over: who won (and Play again), or
    /// whose turn it is. Returns true when the game is over.
    fn turn_banner(
        &mut self,
        ui: &mut egui::Ui,
        pal: &Colours,
        (winner, players, to_move): (Option<usize>, Players, usize),
        misere: bool,
        your_turn: &str,
    ) -> bool {
        if let Some(w) = winner {
            let person_won = !players[w].is_computer();
            let over = crate::play::GameOver { winner: w, terminal: false, misere };
            let fill = if person_won { pal.good } else { pal.bad };
            widgets::banner(ui, fill, pal.banner_text, &explain::game_over(&over, players), false);
            if ui.add(egui::Button::new(RichText::new(tr("play.play_again")).size(22.0))).clicked() {
                self.played = None;
            }
            return true;
        }
        let text = if players[to_move].is_computer() {
            if self.table_job.is_some() { tr("play.status.waiting") } else { tr("play.status.thinking") }.to_string()
        } else if players.iter().any(|p| p.is_computer()) {
            your_turn.to_string()
        } else {
            trf("play.status.turn_of", &[("player", &explain::player_name(players, to_move))])
        };
        widgets::banner(ui, pal.info, pal.banner_text, &text, false);
        false
    }

    fn heaps_game_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(game) = &self.heaps else { return };
        let (winner, players, to_move) = (game.winner(), game.players(), game.to_move());
        let misere = game.rules().convention == crate::rules::Convention::Misere;
        let title = explain::rules_name(game.rules());
        if self.turn_banner(ui, pal, (winner, players, to_move), misere, tr("heaps.your_turn")) {
            return;
        }
        if let Some(job) = &self.table_job {
            widgets::job_progress(ui, job);
        }
        let Some(game) = &self.heaps else { return };
        ui.label(RichText::new(title).strong());
        if let Some(e) = game.failure() {
            // The game cannot go on: say so where the moves would be.
            let text = trf("heaps.program_failed", &[("error", &crate::ui::i18n::program_error(e))]);
            widgets::banner(ui, pal.bad, pal.banner_text, &text, false);
        }
        let chosen = heaps_view::show(ui, game, &mut self.heap_leave, pal, self.options.show_hints);
        if let Some(r) = game.history().last()
            && let Some(why) = heaps_view::reason_text(game, r)
        {
            explanation_box(ui, pal, &format!("{}: {why}", tr("play.last_move")));
        }
        if self.options.show_hints && game.winner().is_none() && game.failure().is_none() {
            let text = heaps_view::hint_text(game, game.hint());
            ui.label(RichText::new(text).size(sentence_size(ui)).color(pal.winning));
        }
        match (chosen, &mut self.heaps) {
            (Some(Ok(m)), Some(game)) => match game.play(m) {
                Ok(()) => {
                    self.notice = None;
                    self.heap_leave = Default::default();
                }
                Err(e) => self.notice = Some(crate::ui::i18n::heap_move_error(&e)),
            },
            (Some(Err(message)), _) => self.notice = Some(message),
            _ => {}
        }
        if let Some(notice) = &self.notice {
            ui.colored_label(pal.bad, notice);
        }
    }

    fn sum_game_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(game) = &self.sum else { return };
        let (winner, players, to_move) = (game.winner(), game.players(), game.to_move());
        let misere = game.rules().convention == crate::rules::Convention::Misere;
        if self.turn_banner(ui, pal, (winner, players, to_move), misere, tr("sum.your_turn")) {
            return;
        }
        if let Some(job) = &self.table_job {
            widgets::job_progress(ui, job);
        }
        let Some(game) = &self.sum else { return };
        let pieces: Vec<String> = game
            .pieces()
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} ({}, {})", sum_view::NAMES[i], p.0, p.1))
            .collect();
        ui.label(RichText::new(format!("{} · {}", explain::rules_name(game.rules()), pieces.join(", "))).size(20.0));
        let size = vec2(ui.available_width(), (ui.available_height() - 140.0).max(240.0));
        let action =
            if game.computer_to_move() { None } else { sum_view::board(ui, game, self.sum_selected, pal, size) };
        let hint = game.hint();
        let mut action = action;
        if self.options.show_hints && game.winner().is_none() {
            ui.label(RichText::new(sum_view::hint_text(&hint)).size(sentence_size(ui)).color(pal.winning));
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
                if let Some(game) = &mut self.sum {
                    match game.play(i, to) {
                        Ok(()) => {
                            self.sum_selected = None;
                            self.notice = None;
                        }
                        Err(_) => self.notice = Some(tr("sum.illegal").to_string()),
                    }
                }
            }
            None => {}
        }
        if let Some(notice) = &self.notice {
            ui.colored_label(pal.bad, notice);
        }
    }

    fn nim_game_view(&mut self, ui: &mut egui::Ui, pal: &Colours) {
        let Some(nim) = &self.nim else { return };
        if let Some(w) = nim.winner() {
            let person_won = !nim.players()[w].is_computer();
            let over = crate::play::GameOver { winner: w, terminal: false, misere: nim.misere() };
            widgets::banner(
                ui,
                if person_won { pal.good } else { pal.bad },
                pal.banner_text,
                &explain::game_over(&over, nim.players()),
                false,
            );
            if ui.add(egui::Button::new(RichText::new(tr("play.play_again")).size(22.0))).clicked() {
                self.nim = None;
            }
            return;
        }
        let text = if nim.computer_to_move() {
            tr("play.status.thinking").to_string()
        } else if nim.players().iter().any(|p| p.is_computer()) {
            tr("play.nim.your_turn").to_string()
        } else {
            trf("play.status.turn_of", &[("player", &explain::player_name(nim.players(), nim.to_move()))])
        };
        widgets::banner(ui, pal.info, pal.banner_text, &text, false);
        ui.add_space(8.0);
        let width = ui.available_width();
        let clicked = nim_view::show(ui, nim, pal, self.options.show_hints, width);
        if let Some(reason) = nim.history().last().and_then(|m| m.reason.clone()) {
            let text = format!("{}: {}", tr("play.last_move"), explain::nim_reason(&reason));
            explanation_box(ui, pal, &text);
        }
        if self.options.show_hints {
            let s = match nim.hint() {
                crate::play::NimHint::PPosition => tr("hint.p").to_string(),
                crate::play::NimHint::WinningMoves(m) => {
                    let list: Vec<String> = m
                        .iter()
                        .map(|&(h, left)| trf("nim.hint.move", &[("heap", &(h + 1)), ("left", &left)]))
                        .collect();
                    trf("nim.hint.winning", &[("moves", &list.join(", "))])
                }
            };
            ui.label(RichText::new(s).size(sentence_size(ui)).color(pal.winning));
        }
        if let (Some((h, left)), Some(nim)) = (clicked, &mut self.nim) {
            let _ = nim.play(h, left);
        }
    }
}

/// The start of a heap game: the two numbers of the start size, and for a
/// third heap their mean (so 9 and 12 give 9, 12 and 10).
fn heap_start((a, b): (u64, u64), dimension: u8) -> crate::rules::Pos {
    match dimension {
        1 => [b, 0, 0],
        2 => [a, b, 0],
        _ => [a, b, a / 2 + b / 2],
    }
}

/// The pieces of a sum: the start size's cell, then the other sizes people
/// know, `n` of them in all.
fn sum_start(first: (u64, u64), n: u8) -> Vec<(u64, u64)> {
    let mut cells = vec![first];
    for c in [(5, 7), (9, 12), (14, 20), (3, 8), (6, 4)] {
        if cells.len() < n.clamp(2, 4) as usize && !cells.contains(&c) {
            cells.push(c);
        }
    }
    cells
}
