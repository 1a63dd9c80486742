//! The Knight designer tab (issue 6): paint a board for one or two knights,
//! see their knight graphs live, find tours (or learn none exists), animate
//! them, solve them by hand as a puzzle, style the picture and export it.
//! The picture on screen is the library's [`crate::knight::scene`] painted
//! by [`crate::ui::scene_painter`], the same scene PNG and SVG files get.

mod animate;
mod canvas;
mod edit;
mod files;
mod puzzle_view;
mod reason;
mod solve;
mod style;

use crate::knight::{Cell, Design, Leaper, Puzzle, Region, Symmetry, Tour};
use crate::ui::i18n::tr;
use crate::ui::state::Shared;
use egui::{Key, KeyboardShortcut, Modifiers};
use serde::{Deserialize, Serialize};

/// The name of a symmetry in the current language.
pub fn symmetry_name(s: Symmetry) -> &'static str {
    match s {
        Symmetry::None => tr("knight.sym.none"),
        Symmetry::MirrorLeftRight => tr("knight.sym.lr"),
        Symmetry::MirrorTopBottom => tr("knight.sym.tb"),
        Symmetry::MirrorBoth => tr("knight.sym.both"),
        Symmetry::Rotate180 => tr("knight.sym.r180"),
        Symmetry::Rotate90 => tr("knight.sym.r90"),
    }
}

/// The name of a region in the current language.
pub fn region_name(r: Region) -> &'static str {
    tr(region_key(r))
}

/// The text key of a region's name.
pub fn region_key(r: Region) -> &'static str {
    match r {
        Region::A => "knight.region.a",
        Region::B => "knight.region.b",
    }
}

/// What a click or drag on the picture does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tool {
    /// Paint cells with the brush (shift-drag: a rectangle).
    #[default]
    Paint,
    /// Drag a rectangle to fill it with the brush.
    Rectangle,
    /// Click the cell a tour must start from.
    PickStart,
    /// Build a tour by clicking cells (the puzzle).
    Puzzle,
}

/// The tab's saved options.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct KnightOptions {
    /// What the brush paints.
    pub brush: Cell,
    /// The symmetry of the brush (and of mirrored and symmetric tours).
    pub symmetry: Symmetry,
    /// What clicks on the picture do.
    pub tool: Tool,
    /// Show the knight graph of each region.
    pub show_graph: bool,
    /// Show the tours found.
    pub show_tours: bool,
    /// Number the cells of each tour in visiting order.
    pub numbered: bool,
    /// Search closed (re-entrant) tours.
    pub closed: bool,
    /// Search only tours that are symmetric under `symmetry`.
    pub symmetric_tours: bool,
    /// Time limit of a search or a count, in seconds.
    pub time_limit: f32,
    /// Width of new boards and presets.
    pub width: usize,
    /// Height of new boards and presets.
    pub height: usize,
    /// Long side of exported PNG files, in pixels.
    pub export_px: u32,
    /// Animation speed, in moves per second.
    pub anim_speed: f32,
    /// The custom leaper's steps.
    pub custom: (u8, u8),
}

impl KnightOptions {
    /// Bring values read from the settings file within what the controls
    /// allow.
    pub fn clamp_to_ui(&mut self) {
        use crate::ui::tabs::play::finite_in;
        self.width = self.width.clamp(1, edit::MAX_SIDE);
        self.height = self.height.clamp(1, edit::MAX_SIDE);
        self.time_limit = finite_in(self.time_limit, 0.5, 600.0, 10.0);
        self.export_px = self.export_px.clamp(16, files::MAX_PX);
        self.anim_speed = finite_in(self.anim_speed, 0.2, 200.0, 4.0);
        if crate::knight::Leaper::new(self.custom.0, self.custom.1).is_err() {
            self.custom = (2, 5);
        }
    }
}

impl Default for KnightOptions {
    fn default() -> Self {
        KnightOptions {
            brush: Cell::A,
            symmetry: Symmetry::MirrorLeftRight,
            tool: Tool::Paint,
            show_graph: true,
            show_tours: true,
            numbered: false,
            closed: false,
            symmetric_tours: false,
            time_limit: 10.0,
            width: 8,
            height: 8,
            export_px: 4000,
            anim_speed: 4.0,
            custom: (2, 5),
        }
    }
}

/// The design, saved in the app state as its file format (JSON text); a
/// saved design that cannot be read gives the default design.
mod design_serde {
    use crate::knight::Design;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Design, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&d.to_json())
    }

    /// A saved design that cannot be read makes the whole settings
    /// unreadable (banner and backup), never a silent default board.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Design, D::Error> {
        let text = String::deserialize(d)?;
        Design::from_json(&text).map_err(|e| serde::de::Error::custom(format!("the saved knight design: {e}")))
    }
}

/// The Knight designer tab.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
pub struct KnightTab {
    /// Saved options.
    pub options: KnightOptions,
    /// The board, leaper and style being designed.
    #[serde(with = "design_serde")]
    pub design: Design,
    /// Undo and redo stacks of designs.
    #[serde(skip)]
    pub history: edit::DesignUndo,
    /// Per region: the tour shown, the last answer, the running job.
    #[serde(skip)]
    pub work: [solve::RegionWork; 2],
    /// The start cell a tour search must use, per region.
    #[serde(skip)]
    pub start: [Option<crate::knight::Pos>; 2],
    /// The tour puzzle in progress.
    #[serde(skip)]
    pub puzzle: Option<Puzzle>,
    /// What the puzzle says after the last click.
    #[serde(skip)]
    pub puzzle_message: Option<String>,
    /// The step-by-step drawing of a tour.
    #[serde(skip)]
    pub animation: Option<animate::Animation>,
    /// Files: paths typed, messages, the export job.
    #[serde(skip)]
    pub files: files::FilesState,
    /// Where the picture was painted last frame, and its cache.
    #[serde(skip)]
    pub canvas: canvas::CanvasState,
    #[serde(skip)]
    custom_text: Option<(String, String)>,
}

impl KnightTab {
    /// The tour drawn for `region`, if any (the puzzle's path in puzzle
    /// mode).
    pub fn tour(&self, region: Region) -> Option<&Tour> {
        self.work[region.index()].tour.as_ref()
    }

    /// The leaper in use.
    pub fn leaper(&self) -> Leaper {
        self.design.leaper
    }

    /// After any change of the board or the leaper: forget what no longer
    /// fits (tours that are not tours any more, answers about other cells,
    /// jobs about other cells, start cells outside their region, a puzzle
    /// on another board).
    pub fn board_changed(&mut self) {
        let (board, leaper) = (&self.design.board, self.design.leaper);
        for r in Region::BOTH {
            self.work[r.index()].keep_if_valid(board, r, leaper);
            if let Some(p) = self.start[r.index()]
                && board.at(p) != r.cell()
            {
                self.start[r.index()] = None;
            }
        }
        if self.puzzle.as_ref().is_some_and(|p| p.board() != board || p.leaper() != leaper) {
            self.puzzle = None;
            self.puzzle_message = None;
            if self.options.tool == Tool::Puzzle {
                self.options.tool = Tool::Paint;
            }
        }
        if let Some(a) = &self.animation
            && self.work[a.region.index()].tour.is_none()
        {
            self.animation = None;
        }
    }

    fn keyboard(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() {
            return; // a text field keeps its own undo
        }
        let ctrl = |k| KeyboardShortcut::new(Modifiers::COMMAND, k);
        // Ctrl+Shift+Z first: the Ctrl+Z shortcut also matches it.
        let redo_shift = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        if ctx.input_mut(|i| i.consume_shortcut(&redo_shift)) {
            self.redo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&ctrl(Key::Z))) {
            if self.options.tool == Tool::Puzzle && self.puzzle.is_some() {
                self.puzzle_undo();
            } else {
                self.undo();
            }
        }
        if ctx.input_mut(|i| i.consume_shortcut(&ctrl(Key::Y))) {
            self.redo();
        }
    }

    /// Draw the tab.
    fn draw(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        let ctx = ui.ctx().clone();
        self.design.style.check().unwrap_or_else(|_| self.design.style = Default::default());
        self.keyboard(&ctx);
        self.animation_tick(&ctx);
        use crate::ui::widgets::{Side, side_panel};
        side_panel(ui, "knight_edit", Side::Left, 310.0, 0.3, |ui| self.edit_panel(ui, &shared.saved_pieces));
        side_panel(ui, "knight_solve", Side::Right, 360.0, 0.3, |ui| {
            // The picture's export first: a poster is what the designer
            // makes, and its button is in sight without scrolling.
            self.picture_panel(ui, &ctx);
            self.solve_panel(ui, &ctx);
            self.animation_panel(ui);
            self.puzzle_panel(ui);
            self.style_panel(ui);
            self.design_panel(ui);
        });
        egui::CentralPanel::default().show(ui, |ui| self.canvas_view(ui, shared));
        // Every change of the design (style sliders, colours, the leaper, a
        // loaded file, a board edit) becomes one undo step once the pointer
        // is released, so a drag on a slider is one step, not one per frame.
        if !ctx.input(|i| i.pointer.any_down()) && !self.canvas.stroking() {
            self.history.record(&self.design);
        }
    }
}

impl crate::ui::tabs::AppTab for KnightTab {
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        self.draw(ui, shared);
    }

    fn logic(&mut self, _ctx: &egui::Context, _shared: &mut Shared) {
        self.poll_jobs();
    }
}
