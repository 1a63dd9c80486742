//! The Play tab: Corner the Queen (any piece, from the shared rules) shown
//! as a board and as two piles side by side, and Nim with several heaps.
//! The computer's moves, hints and explanations come from [`crate::play`];
//! this module only draws and forwards clicks.

mod board;
mod controls;
mod heap_sum_view;
mod heaps_view;
pub mod moves_table;
mod nim_view;
mod piles;
mod review_view;
mod row_view;
mod sum_view;
mod views;
mod worksheet;

pub use board::piece_mark;
pub use review_view::CopyAs;

use crate::jobs::{Job, JobEnd, poll};
use crate::play::{
    AnyGame, Game, HeapGame, HeapSum, Knowledge, NimGame, PlayerKind, Players, Review, Rng, RowGame, StartSize,
    Strength, SumGame, nim::DEFAULT_HEAPS,
};
use crate::rules::Rules;
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::state::Shared;
use crate::ui::theme::{self, Colours};
use crate::ui::ui_ext::UiExt;
use crate::ui::widgets;
use crate::ui::words;
use egui::{Key, KeyboardShortcut, Modifiers, RichText};
use serde::{Deserialize, Serialize};

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

/// Whose turns the hints are shown on (a student playing against the
/// class sees them, the class does not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum HintsFor {
    /// Both players.
    #[default]
    Both,
    /// Only the player who moved first.
    First,
    /// Only the other player.
    Second,
}

impl HintsFor {
    /// Every choice, in the order of the side panel.
    pub const ALL: [HintsFor; 3] = [HintsFor::Both, HintsFor::First, HintsFor::Second];

    /// Whether the hints are shown on the turn of `side` (0 moved first).
    pub fn includes(self, side: usize) -> bool {
        match self {
            HintsFor::Both => true,
            HintsFor::First => side == 0,
            HintsFor::Second => side == 1,
        }
    }
}

/// The Play tab's saved options.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayOptions {
    /// Which game: a piece on a board, Nim, or a sum of pieces.
    pub mode: PlayMode,
    /// How large the starting position is.
    pub start: StartSize,
    /// Who plays against the person: the computer (how strong) or a friend.
    pub opponent: Opponent,
    /// The person starts (against the computer).
    pub human_starts: bool,
    /// Show the winning moves.
    pub show_hints: bool,
    /// Whose turns the hints are shown on.
    pub hints_for: HintsFor,
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
    /// Heap C of a custom start of a three-heap game (`None`: the mean of
    /// heaps A and B).
    pub custom_c: Option<u64>,
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
            hints_for: HintsFor::Both,
            show_p: false,
            nim_heaps: DEFAULT_HEAPS.to_vec(),
            nim_misere: true,
            computer_delay: 0.7,
            sum_pieces: 3,
            custom_c: None,
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
    /// The one game in progress, of the kind the mode and the rules call
    /// for.
    #[serde(skip)]
    current: Option<AnyGame>,
    /// Random numbers for the computer and random starts.
    #[serde(skip)]
    pub rng: Rng,
    /// A short message after a click that did nothing (an illegal move),
    /// worded when drawn.
    #[serde(skip)]
    pub notice: Option<Notice>,
    #[serde(skip)]
    selected: bool,
    #[serde(skip)]
    table_job: Option<Job<crate::game_table::GameTable, crate::game_table::TableError>>,
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
    /// The typed heaps A, B and C of a custom start.
    #[serde(skip)]
    custom: [String; 3],
    #[serde(skip)]
    heaps_text: Option<String>,
    /// The typed "leave N stones" of a heap game too large to list its moves.
    #[serde(skip)]
    heap_leave: heaps_view::LeaveForm,
    /// The typed move of a sum of games of heaps.
    #[serde(skip)]
    heap_sum_leave: heap_sum_view::SumLeave,
    /// The heap of a row whose moves are offered.
    #[serde(skip)]
    row_selected: Option<usize>,
    /// The review of the game, while it is open: the game is paused on the
    /// position it shows.
    #[serde(skip)]
    review: Option<Review>,
    /// The review of a finished game was left (it opens by itself once when
    /// a game ends).
    #[serde(skip)]
    review_left: bool,
    /// What the last copy of the moves put on the clipboard.
    #[serde(skip)]
    copied: Option<CopyAs>,
    /// The worksheet picture: its path, dialog, job and message.
    #[serde(skip)]
    worksheet: worksheet::WorksheetState,
}

/// Why the computer moved, framed so that a class sees it.
fn explanation_box(ui: &mut egui::Ui, pal: &Colours, text: &str) {
    egui::Frame::new().stroke(egui::Stroke::new(2.0, pal.info)).corner_radius(6.0).inner_margin(8).show(ui, |ui| {
        ui.phrases(RichText::new(text).size(sentence_size(ui)).color(pal.info));
    });
}

/// The size of the sentences a class reads (the last move, hints): larger
/// than body text, and larger still in presentation mode.
fn sentence_size(ui: &egui::Ui) -> f32 {
    22.0 * crate::ui::ui_ext::UiExt::text_scale(ui)
}

/// "The queen cannot go from (x,y) to (a,b) in one move."
fn illegal_message(game: &Game, to: (u64, u64)) -> Notice {
    let (x, y) = game.position();
    let rules = game.rules().clone();
    Notice::new(move || {
        let piece = words::play::rules_name(&rules);
        trf("play.illegal", &[("piece", &piece), ("x", &x), ("y", &y), ("tx", &to.0), ("ty", &to.1)])
    })
}

impl PlayTab {
    /// The game on screen, whatever its kind.
    pub fn current(&self) -> Option<&AnyGame> {
        self.current.as_ref()
    }

    /// The game on screen when it is a piece on a board.
    pub fn game(&self) -> Option<&Game> {
        match &self.current {
            Some(AnyGame::Board(g)) => Some(g),
            _ => None,
        }
    }

    /// The game on screen when it is heaps of any rules.
    pub fn heaps(&self) -> Option<&HeapGame> {
        match &self.current {
            Some(AnyGame::Heaps(g)) => Some(g),
            _ => None,
        }
    }

    /// The game on screen when it is a sum of pieces.
    pub fn sum(&self) -> Option<&SumGame> {
        match &self.current {
            Some(AnyGame::Sum(g)) => Some(g),
            _ => None,
        }
    }

    /// The game on screen when it is a sum of games of heaps.
    pub fn heap_sum(&self) -> Option<&HeapSum> {
        match &self.current {
            Some(AnyGame::HeapSum(g)) => Some(g),
            _ => None,
        }
    }

    /// The game on screen when it is Nim.
    pub fn nim(&self) -> Option<&NimGame> {
        match &self.current {
            Some(AnyGame::Nim(g)) => Some(g),
            _ => None,
        }
    }

    /// The row of a take-and-break game on screen, if that is the game.
    pub fn row(&self) -> Option<&RowGame> {
        match &self.current {
            Some(AnyGame::Row(g)) => Some(g),
            _ => None,
        }
    }

    /// Start a new game of the shared rules with the current options: the
    /// kind the mode and the rules call for, and the table it needs (in
    /// the background).
    pub fn new_game(&mut self, shared: &Shared, ctx: &egui::Context) {
        self.review = None;
        self.review_left = false;
        self.copied = None;
        self.notice = None;
        self.selected = false;
        self.sum_selected = None;
        self.computer_due = None;
        // A table job of the previous game is cancelled when replaced or dropped.
        self.table_job = None;
        let start = self.options.start.position(&mut self.rng);
        self.played = Some(shared.rules.clone());
        let rules = &shared.rules;
        let players = self.options.players();
        let board_game = crate::ui::rules_choice::board_game(rules).is_ok();
        // The box of the table the game needs, if any, and whether it can do
        // without one (a closed form).
        let (game, table, known) = match self.options.mode {
            PlayMode::Nim => {
                (AnyGame::Nim(NimGame::new(&self.options.nim_heaps, self.options.nim_misere, players)), None, true)
            }
            _ if rules.breaks.is_some() => {
                self.row_selected = None;
                match RowGame::new(rules, &self.options.nim_heaps, players) {
                    Ok(game) => (AnyGame::Row(game), None, true),
                    Err(e) => {
                        self.notice = Some(Notice::new(move || crate::ui::words::errors::row_error(&e)));
                        self.current = None;
                        return;
                    }
                }
            }
            PlayMode::Sum if board_game => {
                let game = SumGame::new(rules, sum_start(start, self.options.sum_pieces), players);
                // The values of the parts are Grundy numbers (normal play); a
                // misère sum is searched on them.
                let plain = Rules { convention: crate::rules::Convention::Normal, ..rules.clone() };
                let table = game.table_size().map(|(w, h)| (plain, vec![w, h, 1], false));
                let known = game.is_known();
                (AnyGame::Sum(game), table, known)
            }
            PlayMode::Sum if rules.passes.any() => {
                self.notice = Some(Notice::key("heapsum.no_passes"));
                self.current = None;
                return;
            }
            PlayMode::Sum => {
                let d = rules.dimension;
                let c = match self.options.start {
                    StartSize::Custom(..) => self.options.custom_c,
                    _ => None,
                };
                let starts: Vec<Vec<u64>> = (0..self.options.sum_pieces.clamp(2, 4) as u64)
                    .zip(sum_start(start, self.options.sum_pieces))
                    .map(|(j, cell)| match d {
                        // Many heaps: the heaps field's start, each heap j more
                        // in game j (heaps that differ stay different).
                        4.. => many_heaps_start(&self.options.nim_heaps, d as usize).iter().map(|h| h + j).collect(),
                        _ => heap_start(cell, if j == 0 { c } else { None }, d)[..d as usize].to_vec(),
                    })
                    .collect();
                match HeapSum::new(rules, &starts, players) {
                    Ok(game) => {
                        let plain = Rules { convention: crate::rules::Convention::Normal, ..rules.clone() };
                        let table = game.table_start().map(|p| (plain, p.map(|c| c as usize).to_vec(), true));
                        // A misère sum of other games has no hints: its
                        // hint says why, it is not "too large".
                        let known = game.is_nim() || rules.convention == crate::rules::Convention::Misere;
                        (AnyGame::HeapSum(game), table, known)
                    }
                    Err(_) => {
                        self.notice = Some(Notice::key("heapsum.no_passes"));
                        self.current = None;
                        return;
                    }
                }
            }
            _ if !board_game => {
                let c = match self.options.start {
                    StartSize::Custom(..) => self.options.custom_c,
                    _ => None,
                };
                let heaps = match rules.dimension {
                    d @ 4.. => many_heaps_start(&self.options.nim_heaps, d as usize),
                    d => heap_start(start, c, d).to_vec(),
                };
                let game = HeapGame::new(rules, &heaps, players);
                let table = game.table_start().map(|p| (rules.clone(), p.map(|c| c as usize).to_vec(), true));
                let known = game.is_nim();
                (AnyGame::Heaps(game), table, known)
            }
            _ => {
                let game = Game::new(rules, start, players);
                let table = match game.knowledge() {
                    Knowledge::NeedsTable { width, height } => Some((rules.clone(), vec![width, height, 1], false)),
                    _ => None,
                };
                let known = game.knowledge() != Knowledge::TooLarge;
                (AnyGame::Board(game), table, known)
            }
        };
        if let Some((rules, dims, covering)) = table {
            self.table_job = Some(widgets::spawn(widgets::JobLabel::new("play.table_job"), ctx, move |c| {
                // A heap game's table covers every option of its positions
                // (a program's may reach beyond the start's box).
                if covering {
                    let mut start = [0u64; crate::rules::MAX_DIMENSION];
                    for (s, &n) in start.iter_mut().zip(&dims) {
                        *s = n as u64;
                    }
                    crate::game_table::GameTable::covering(&rules, &start, &c)
                } else {
                    crate::game_table::GameTable::compute(&rules, &dims, false, &c)
                }
            }));
        } else if !known {
            // Say so at once, not only when hints are on or the computer moves.
            let key = if matches!(game, AnyGame::Heaps(_)) { "heaps.start_too_large" } else { "play.too_large" };
            self.notice = Some(Notice::key(key));
        }
        self.current = Some(game);
    }

    /// Whether a table is being computed for the game on screen.
    pub fn is_busy(&self) -> bool {
        self.table_job.is_some()
    }

    /// Collect the table job when it ended (called every frame, shown or
    /// not).
    pub fn poll_jobs(&mut self) {
        let ended = poll(&mut self.table_job);
        let Some(game) = &mut self.current else { return };
        if ended.is_some() {
            self.copied = None;
        }
        match ended {
            Some(JobEnd::Done(table)) => game.set_table(table),
            Some(JobEnd::Failed(e)) => {
                self.notice = Some(Notice::new(move || {
                    let why = crate::ui::words::errors::job_error(&e, crate::ui::words::errors::table_error);
                    trf("play.table_failed", &[("error", &why)])
                }));
                game.table_refused();
            }
            Some(JobEnd::Cancelled) => {
                self.notice = Some(Notice::key("play.table_cancelled"));
                game.table_refused();
            }
            None => return,
        }
        // The marks of an open review come from the table too.
        self.refresh_review();
    }

    /// Let the computer move when it is its turn (after a short delay).
    fn computer_turn(&mut self, ctx: &egui::Context) {
        let Some(game) = &mut self.current else { return };
        // The review pauses the game on the position it shows.
        if self.table_job.is_some() || self.review.is_some() || !game.computer_to_move() {
            return;
        }
        let now = ctx.input(|i| i.time);
        let delay = self.options.computer_delay;
        match self.computer_due {
            None => {
                self.computer_due = Some(now + delay as f64);
                ctx.request_repaint_after_secs(delay);
                if delay > 0.0 {
                    return;
                }
            }
            Some(t) if now < t => {
                ctx.request_repaint_after_secs((t - now) as f32);
                return;
            }
            Some(_) => {}
        }
        self.computer_due = None;
        game.computer_move(&mut self.rng);
        ctx.request_repaint();
    }

    fn keyboard(&mut self, shared: &Shared, ctx: &egui::Context) {
        let ctrl = |k| KeyboardShortcut::new(Modifiers::COMMAND, k);
        if self.review.is_some() {
            self.review_keys(ctx);
            if ctx.input_mut(|i| i.consume_shortcut(&ctrl(Key::N))) {
                self.new_game(shared, ctx);
            }
            return;
        }
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
    /// Not while the review is open (it steps the game itself).
    pub fn undo(&mut self) {
        if self.review.is_some() {
            return;
        }
        self.review_left = false;
        self.copied = None;
        self.computer_due = None;
        self.selected = false;
        self.notice = None;
        if let Some(g) = &mut self.current {
            g.undo_turn();
        }
    }

    /// Redo a turn taken back.
    pub fn redo(&mut self) {
        if self.review.is_some() {
            return;
        }
        self.copied = None;
        self.computer_due = None;
        if let Some(g) = &mut self.current {
            g.redo_turn();
        }
    }

    /// Draw the tab.
    fn draw(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        let ctx = ui.ctx().clone();
        if !self.played.as_ref().is_some_and(|r| r.same_game(&shared.rules)) || self.current.is_none() {
            self.new_game(shared, &ctx);
        }
        // A game that has just ended opens its review (once).
        if self.review.is_none() && !self.review_left && self.current.as_ref().is_some_and(|g| g.over().is_some()) {
            self.open_review();
        }
        self.keyboard(shared, &ctx);
        self.computer_turn(&ctx);
        self.poll_worksheet();
        let pal = theme::colours(&shared.settings);

        use crate::ui::widgets::{Side, side_panel, side_panel_frame};
        if widgets::upright(&ctx) {
            // Upright (a tablet held in portrait): the options and the
            // moves side by side under the board, which keeps the width.
            widgets::bottom_panel(ui, "play_controls_under", 0.28, |ui| {
                // (Columns lay their widgets out justified: each column is
                // laid out as a side panel is.)
                ui.columns(2, |columns| {
                    columns[0].vertical(|ui| {
                        widgets::scroll_column(ui, "play_options", f32::INFINITY, |ui| {
                            controls::options(self, ui, shared, &ctx);
                        });
                    });
                    // The moves' buttons and list scroll as one: the panel
                    // is lower than they are tall.
                    columns[1].vertical(|ui| {
                        let height = ui.available_height();
                        widgets::scroll_column(ui, "play_history_under", height, |ui| {
                            ui.set_max_height(height);
                            controls::history(self, ui, &pal);
                        });
                    });
                });
            });
        } else if ui.available_width() < NARROW {
            // A narrow window (1024 x 768): the moves go under the options
            // in one panel, the options scrolling in its upper half, and the
            // board takes the width of the second panel.
            side_panel_frame(ui, "play_controls", Side::Left, 300.0, 0.3, |ui| {
                let half = ui.available_height() * 0.5;
                widgets::scroll_column(ui, "play_options", half, |ui| controls::options(self, ui, shared, &ctx));
                ui.separator();
                controls::history(self, ui, &pal);
            });
        } else {
            side_panel(ui, "play_controls", Side::Left, 300.0, 0.3, |ui| controls::options(self, ui, shared, &ctx));
            side_panel_frame(ui, "play_history", Side::Right, 250.0, 0.22, |ui| controls::history(self, ui, &pal));
        }
        egui::CentralPanel::default().show(ui, |ui| {
            // In the lesson view a board game's banner goes beside the
            // board (the board takes the whole height); the end of a game
            // is said on top as always.
            let reviewing = self.review.is_some();
            let beside = crate::ui::widgets::lesson_view(ui.ctx())
                && !reviewing
                && matches!(&self.current, Some(AnyGame::Board(g)) if g.is_over().is_none());
            if reviewing {
                // The review's header (with the end of the game) goes above
                // the position; a piece's board view draws it itself, beside
                // the board where there is room.
                if !matches!(&self.current, Some(AnyGame::Board(_))) {
                    self.review_header(ui, &pal);
                }
                if self.current.is_none() {
                    return;
                }
            } else if !beside && self.banner(ui, &pal) {
                return;
            }
            if let Some(job) = &self.table_job {
                widgets::job_progress(ui, job);
            }
            match &self.current {
                // The sentences under the board scroll rather than being cut
                // at the bottom (large text on a small projector).
                Some(AnyGame::Board(_)) => {
                    egui::ScrollArea::vertical()
                        .id_salt("board_view")
                        .auto_shrink(false)
                        .show(ui, |ui| self.board_view(ui, &pal));
                }
                // The sentences under the heaps (the hint lists positions of
                // 10^15 stones) scroll rather than being cut at the bottom.
                Some(AnyGame::Heaps(_)) => {
                    egui::ScrollArea::vertical().show(ui, |ui| self.heaps_view(ui, &pal));
                }
                Some(AnyGame::Sum(_)) => self.sum_view(ui, &pal),
                // The bar is always there: how many games a row fit must
                // not change with it (or the layout would flip every frame).
                Some(AnyGame::HeapSum(_)) => {
                    egui::ScrollArea::vertical()
                        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
                        .show(ui, |ui| self.heap_sum_view(ui, &pal));
                }
                Some(AnyGame::Nim(_)) => {
                    egui::ScrollArea::vertical().show(ui, |ui| self.nim_view(ui, &pal));
                }
                Some(AnyGame::Row(_)) => {
                    egui::ScrollArea::vertical().show(ui, |ui| self.row_view(ui, &pal));
                }
                None => self.show_notice(ui, &pal),
            }
        });
    }

    /// The one banner of every kind of game: who won (and Play again), or
    /// whose turn it is. Returns true when the game is over.
    fn banner(&mut self, ui: &mut egui::Ui, pal: &Colours) -> bool {
        let Some(game) = &self.current else { return false };
        let players = game.players();
        if let Some(over) = game.over() {
            let person_won = !players[over.winner].is_computer();
            let fill = if person_won { pal.good_fill } else { pal.bad_fill };
            widgets::banner(ui, fill, pal.banner_text, &words::play::game_over(&over, players), false);
            if ui.add(egui::Button::new(RichText::new(tr("play.play_again")).size(22.0))).clicked() {
                self.current = None;
            }
            return true;
        }
        if let Some(text) = self.turn_sentence() {
            widgets::banner(ui, pal.info_fill, pal.banner_text, &text, false);
        }
        false
    }

    /// Whether the hints are shown now: switched on, on the turn of a side
    /// they are for, and not in the review.
    pub fn hints_now(&self) -> bool {
        self.options.show_hints
            && self.review.is_none()
            && self.current.as_ref().is_none_or(|g| self.options.hints_for.includes(g.to_move()))
    }

    /// Whose turn it is, and what to do, while the game goes on.
    fn turn_sentence(&self) -> Option<String> {
        let game = self.current.as_ref().filter(|g| g.over().is_none())?;
        let players = game.players();
        let to_move = game.to_move();
        let text = if players[to_move].is_computer() {
            if self.table_job.is_some() { tr("play.status.waiting") } else { tr("play.status.thinking") }.to_string()
        } else if players.iter().any(|p| p.is_computer()) {
            match game {
                AnyGame::Board(g) => trf("play.status.your_turn", &[("piece", &words::play::rules_name(g.rules()))]),
                AnyGame::Heaps(g) if g.is_legal(crate::play::HeapMove::Pass) => tr("heaps.your_turn_pass").to_string(),
                AnyGame::Heaps(_) => tr("heaps.your_turn").to_string(),
                AnyGame::Sum(_) => tr("sum.your_turn").to_string(),
                AnyGame::HeapSum(_) => tr("heapsum.your_turn").to_string(),
                AnyGame::Nim(_) => tr("play.nim.your_turn").to_string(),
                AnyGame::Row(g) if matches!(g.game().kind(), crate::takebreak::Kind::Split { .. }) => {
                    tr("row.your_turn_split").to_string()
                }
                AnyGame::Row(_) => tr("row.your_turn").to_string(),
            }
        } else {
            trf("play.status.turn_of", &[("player", &words::play::player_name(players, to_move))])
        };
        Some(text)
    }
}

/// Below this width (in points) the moves share the options' panel: at
/// 1024 x 768 two panels left the board under 40 % of the height.
const NARROW: f32 = 1200.0;

/// The start of a game of more than three heaps: the first `d` numbers of
/// the heaps field, and for the heaps it lacks 3, 5, 7, ... (the next odd
/// numbers not typed, so that the heaps stay different, as Welter's game
/// needs: "7" gives 7, 3, 5, 9).
pub fn many_heaps_start(heaps: &[u64], d: usize) -> Vec<u64> {
    let mut out: Vec<u64> = heaps.iter().copied().take(d).collect();
    let mut next = 3;
    while out.len() < d {
        if !out.contains(&next) {
            out.push(next);
        }
        next += 2;
    }
    out
}

/// The start of a heap game: the two numbers of the start size, and for a
/// third heap `c` when it was typed, else their mean (so 9 and 12 give 9,
/// 12 and 10).
fn heap_start((a, b): (u64, u64), c: Option<u64>, dimension: u8) -> crate::rules::Pos {
    match dimension {
        1 => [b, 0, 0],
        2 => [a, b, 0],
        _ => [a, b, c.unwrap_or(a / 2 + b / 2)],
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

impl crate::ui::tabs::AppTab for PlayTab {
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        self.draw(ui, shared);
    }

    fn logic(&mut self, _ctx: &egui::Context, _shared: &mut Shared) {
        self.poll_jobs();
    }
}
