//! The left panel: the board (size, presets, brush, symmetry, tools,
//! invert / clear / swap, undo / redo of the whole design), the leaper, and what to show.

use super::{KnightTab, Tool, symmetry_name};
use crate::knight::{Board, Cell, Design, GalleryDesign, Leaper, NotALeaper, Preset, Promise, Region, Symmetry};
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::{TipExt, UiExt};
use crate::undo::UndoStack;

/// The largest side the tab offers (the library allows more).
pub const MAX_SIDE: usize = 64;
/// How many designs undo remembers.
const UNDO_DEPTH: usize = 200;

/// Undo and redo of whole designs (board, leaper and style), so a leaper
/// choice, a style change or a loaded file is taken back like a board edit.
/// Built on [`UndoStack`] (snapshots), plus the design last recorded, so
/// that a change is found by comparing with it.
pub struct DesignUndo {
    steps: UndoStack<Design>,
    /// The design as it was after the last step recorded; a change from it
    /// becomes one undo step when recorded.
    settled: Option<Design>,
}

impl Default for DesignUndo {
    fn default() -> Self {
        DesignUndo { steps: UndoStack::new(UNDO_DEPTH), settled: None }
    }
}

impl DesignUndo {
    /// Whether there is something to undo (a change not yet recorded
    /// counts).
    pub fn can_undo(&self, now: &Design) -> bool {
        self.steps.can_undo() || self.settled.as_ref().is_some_and(|s| s != now)
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        self.steps.can_redo()
    }

    /// Make `now` one undo step if it differs from the design last
    /// recorded (the first call only notes where the history starts).
    pub fn record(&mut self, now: &Design) {
        match &self.settled {
            Some(s) if s == now => {}
            Some(_) => {
                let before = self.settled.replace(now.clone()).expect("matched Some");
                self.steps.push(before);
            }
            None => self.settled = Some(now.clone()),
        }
    }

    /// Undo (`redo` false) or redo one step of `design`, after recording a
    /// change not yet recorded. Returns whether the design changed.
    fn step(&mut self, design: &mut Design, redo: bool) -> bool {
        self.record(design);
        let moved = if redo { self.steps.redo_state(design) } else { self.steps.undo_state(design) };
        if moved {
            self.settled = Some(design.clone());
        }
        moved
    }
}

fn preset_name(p: Preset) -> &'static str {
    match p {
        Preset::Full => tr("knight.preset.full"),
        Preset::Chess => tr("knight.preset.chess"),
        Preset::Cross => tr("knight.preset.cross"),
        Preset::Diamond => tr("knight.preset.diamond"),
        Preset::Ring => tr("knight.preset.ring"),
        Preset::Frame => tr("knight.preset.frame"),
        Preset::HalvesMirror => tr("knight.preset.halves"),
        // Not among the presets offered (see Preset::ALL): the gallery's puzzle.
        Preset::Pinwheel => tr("knight.gallery.puzzle"),
    }
}

/// The name of a ready-made design in the current language.
fn gallery_name(g: GalleryDesign) -> &'static str {
    match g {
        GalleryDesign::Poster => tr("knight.gallery.poster"),
        GalleryDesign::FramedChessboard => tr("knight.gallery.framed"),
        GalleryDesign::Pinwheel20 => tr("knight.gallery.pinwheel"),
        GalleryDesign::TwinBoards => tr("knight.gallery.twins"),
        GalleryDesign::PinwheelPuzzle => tr("knight.gallery.puzzle"),
    }
}

/// What a ready-made design promises, in the current language.
fn promise_text(p: Promise) -> String {
    match p {
        Promise::Tours { closed, symmetry: Symmetry::None } => {
            tr(if closed { "knight.gallery.closed" } else { "knight.gallery.open" }).to_string()
        }
        Promise::Tours { closed, symmetry } => {
            let key = if closed { "knight.gallery.closed_symmetric" } else { "knight.gallery.open_symmetric" };
            trf(key, &[("sym", &symmetry_name(symmetry))])
        }
        Promise::NoTour => tr("knight.gallery.no_tour").to_string(),
    }
}

/// The name of what the brush paints.
pub fn brush_name(c: Cell) -> &'static str {
    match c {
        Cell::A => tr("knight.region.a"),
        Cell::B => tr("knight.region.b"),
        Cell::Hole => tr("knight.hole"),
    }
}

/// Why a saved piece cannot be the leaper, in the current language.
pub fn not_a_leaper_text(why: &NotALeaper) -> String {
    let reason = match why {
        NotALeaper::NoMoves => tr("knight.leaper.not.no_moves").to_string(),
        NotALeaper::Slides => tr("knight.leaper.not.slides").to_string(),
        NotALeaper::SeveralShapes { shapes } => {
            let list: Vec<String> = shapes.iter().map(|(a, b)| format!("({a},{b})")).collect();
            trf("knight.leaper.not.shapes", &[("n", &shapes.len()), ("shapes", &list.join(", "))])
        }
        NotALeaper::TooFar { a, b } => {
            trf("knight.leaper.not.too_far", &[("a", a), ("b", b), ("max", &crate::knight::leaper::MAX_STEP)])
        }
    };
    trf("knight.leaper.unusable", &[("reason", &reason)])
}

impl KnightTab {
    /// Replace the board by `board`, remembering the old design for undo.
    pub fn set_board(&mut self, board: Board) {
        if board != self.design.board {
            self.history.record(&self.design);
            self.design.board = board;
            self.history.record(&self.design);
            self.board_changed();
        }
    }

    /// Take back the last change of the design (board, leaper or style).
    pub fn undo(&mut self) {
        if self.history.step(&mut self.design, false) {
            self.board_changed();
        }
    }

    /// Redo a change taken back.
    pub fn redo(&mut self) {
        if self.history.step(&mut self.design, true) {
            self.board_changed();
        }
    }

    /// Load a ready-made design (board and leaper; the style stays), one
    /// undo step, set the tour options to what it promises and search both
    /// regions: tours appear, or for the puzzle the proof that none exists.
    pub fn load_gallery(&mut self, g: GalleryDesign, ctx: &egui::Context) {
        let d = g.design(self.design.style.clone());
        self.history.record(&self.design);
        self.design = d;
        self.history.record(&self.design);
        self.board_changed();
        self.options.width = self.design.board.width().min(MAX_SIDE);
        self.options.height = self.design.board.height().min(MAX_SIDE);
        let o = &mut self.options;
        match g.promise() {
            Promise::Tours { closed, symmetry } => {
                o.closed = closed;
                o.symmetric_tours = symmetry != Symmetry::None;
                if symmetry != Symmetry::None {
                    o.symmetry = symmetry;
                }
            }
            // Any tour at all: the proof then covers open and closed ones.
            Promise::NoTour => {
                o.closed = false;
                o.symmetric_tours = false;
            }
        }
        for r in Region::BOTH {
            self.start[r.index()] = None;
            self.work[r.index()].tour = None;
            self.start_search(r, ctx);
        }
    }

    /// Set the leaper (tours of the old one are dropped); one undo step.
    pub fn set_leaper(&mut self, leaper: Leaper) {
        if leaper != self.design.leaper {
            self.history.record(&self.design);
            self.design.leaper = leaper;
            self.history.record(&self.design);
            self.board_changed();
        }
    }

    pub(super) fn edit_panel(&mut self, ui: &mut egui::Ui, pieces: &[crate::rules::Rules]) {
        let o = &mut self.options;
        ui.section(tr("knight.board"));
        ui.horizontal_wrapped(|ui| {
            let l = ui.phrases(tr("knight.width"));
            ui.add(egui::DragValue::new(&mut o.width).range(1..=MAX_SIDE)).labelled_by(l.id);
            let l = ui.phrases(tr("knight.height"));
            ui.add(egui::DragValue::new(&mut o.height).range(1..=MAX_SIDE)).labelled_by(l.id);
        });
        ui.small(trf("knight.size_note", &[("max", &MAX_SIDE)]));
        let (w, h) = (o.width.clamp(1, MAX_SIDE), o.height.clamp(1, MAX_SIDE));
        let mut new_board = None;
        if ui.button(tr("knight.new_board")).clicked() {
            new_board = Board::new(w, h, Cell::Hole).ok();
        }
        ui.phrases(tr("knight.presets"));
        ui.horizontal_wrapped(|ui| {
            for p in Preset::ALL {
                if ui.button(preset_name(p)).clicked() {
                    new_board = p.build(w, h).ok();
                }
            }
        });

        self.gallery(ui);

        ui.section(tr("knight.brush"));
        ui.horizontal_wrapped(|ui| {
            for c in [Cell::A, Cell::B, Cell::Hole] {
                ui.selectable_value(&mut self.options.brush, c, brush_name(c));
            }
        });
        ui.section(tr("knight.symmetry"));
        ui.horizontal_wrapped(|ui| {
            for s in Symmetry::ALL {
                ui.selectable_value(&mut self.options.symmetry, s, symmetry_name(s));
            }
        });
        ui.section(tr("knight.tool"));
        let before = self.options.tool;
        for (t, key) in [
            (Tool::Paint, "knight.tool.paint"),
            (Tool::Rectangle, "knight.tool.rect"),
            (Tool::PickStart, "knight.tool.start"),
            (Tool::Puzzle, "knight.tool.puzzle"),
        ] {
            ui.radio_value(&mut self.options.tool, t, tr(key));
        }
        if before != self.options.tool && self.options.tool == Tool::Puzzle && self.puzzle.is_none() {
            self.start_puzzle(crate::knight::Region::A);
        }
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            let b = &self.design.board;
            if ui.button(tr("knight.invert")).clicked() {
                new_board = Some(b.inverted());
            }
            if ui.button(tr("knight.clear")).clicked() {
                new_board = Some(b.cleared());
            }
            if ui.button(tr("knight.swap")).clicked() {
                new_board = Some(b.regions_swapped());
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.add_enabled(self.history.can_undo(&self.design), egui::Button::new(tr("knight.undo"))).clicked() {
                self.undo();
            }
            if ui.add_enabled(self.history.can_redo(), egui::Button::new(tr("knight.redo"))).clicked() {
                self.redo();
            }
        });
        if let Some(b) = new_board {
            self.set_board(b);
        }

        self.leaper_choice(ui, pieces);
    }

    /// The ready-made two-knight designs: those with tours, then the puzzle
    /// under its own label.
    fn gallery(&mut self, ui: &mut egui::Ui) {
        ui.section(tr("knight.gallery"));
        ui.small(tr("knight.gallery.note"));
        let mut chosen = None;
        ui.horizontal_wrapped(|ui| {
            for g in GalleryDesign::ALL.into_iter().filter(|g| g.promise() != Promise::NoTour) {
                if ui.button(gallery_name(g)).tip(promise_text(g.promise())).clicked() {
                    chosen = Some(g);
                }
            }
        });
        for g in GalleryDesign::ALL.into_iter().filter(|g| g.promise() == Promise::NoTour) {
            if ui.button(gallery_name(g)).tip(promise_text(g.promise())).clicked() {
                chosen = Some(g);
            }
        }
        if let Some(g) = chosen {
            let ctx = ui.ctx().clone();
            self.load_gallery(g, &ctx);
        }
    }

    fn leaper_choice(&mut self, ui: &mut egui::Ui, pieces: &[crate::rules::Rules]) {
        ui.section(tr("knight.leaper"));
        let current = self.design.leaper;
        let mut chosen = None;
        for (l, key) in [
            (Leaper::KNIGHT, "knight.leaper.knight"),
            (Leaper::CAMEL, "knight.leaper.camel"),
            (Leaper::ZEBRA, "knight.leaper.zebra"),
            (Leaper::GIRAFFE, "knight.leaper.giraffe"),
        ] {
            let same = |a: Leaper, b: Leaper| a.a.min(a.b) == b.a.min(b.b) && a.a.max(a.b) == b.a.max(b.b);
            if ui.radio(same(current, l), tr(key)).clicked() {
                chosen = Some(l);
            }
        }
        ui.phrases(tr("knight.leaper.custom"));
        let (a0, b0) = self.options.custom;
        let text = self.custom_text.get_or_insert_with(|| (a0.to_string(), b0.to_string()));
        ui.horizontal_wrapped(|ui| {
            let l = ui.phrases("a");
            ui.add(
                egui::TextEdit::singleline(&mut text.0)
                    .char_limit(crate::ui::widgets::MAX_NUMBER_CHARS)
                    .desired_width(36.0),
            )
            .labelled_by(l.id);
            let l = ui.phrases("b");
            ui.add(
                egui::TextEdit::singleline(&mut text.1)
                    .char_limit(crate::ui::widgets::MAX_NUMBER_CHARS)
                    .desired_width(36.0),
            )
            .labelled_by(l.id);
            if ui.button(tr("knight.leaper.use")).clicked() {
                let max = crate::knight::leaper::MAX_STEP;
                let parse = |s: &str| {
                    s.trim().parse::<u8>().ok().filter(|&v| v <= max).ok_or_else(|| {
                        let typed = s.trim().to_string();
                        crate::ui::notice::Notice::new(move || {
                            trf("knight.leaper.bad_number", &[("text", &typed), ("max", &max)])
                        })
                    })
                };
                let leaper = parse(&text.0).and_then(|a| {
                    parse(&text.1).and_then(|b| {
                        Leaper::new(a, b).map_err(|_| crate::ui::notice::Notice::key("knight.leaper.zero"))
                    })
                });
                match leaper {
                    Ok(l) => {
                        self.options.custom = (l.a, l.b);
                        chosen = Some(l);
                        self.files.message = None;
                    }
                    Err(e) => {
                        self.files.message = Some((false, e));
                        self.files.message_of_picture = false;
                    }
                }
            }
        });
        // Every piece made in the Pieces tab: those whose moves are jumps of
        // one shape can be chosen; the others are greyed out and say why.
        if !pieces.is_empty() {
            ui.phrases(tr("knight.leaper.pieces"));
            for r in pieces {
                match Leaper::from_piece(&r.piece) {
                    Ok(l) => {
                        if ui.radio(current == l, format!("{} ({}, {})", r.name, l.a, l.b)).clicked() {
                            chosen = Some(l);
                        }
                    }
                    Err(why) => {
                        ui.add_enabled(false, egui::RadioButton::new(false, r.name.as_str()))
                            .on_disabled_hover_text(not_a_leaper_text(&why));
                    }
                }
            }
        }
        ui.phrases(format!("→ ({}, {})", self.design.leaper.a, self.design.leaper.b));
        if let Some(l) = chosen {
            self.set_leaper(l);
        }
    }
}
