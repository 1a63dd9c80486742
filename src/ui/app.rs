//! The app shell: top bar (tabs, language, theme, scale, presentation,
//! help), the settings warning banner, the open tab, the help windows, and
//! saving the state.

use super::i18n::{self, Language, tr, trf};
use super::settings_file;
use super::state::{AppState, LoadProblem, SCALE_RANGE, SavedError, ThemeChoice};
use super::tabs::Tab;
use super::ui_ext::TipExt;
use super::{fonts, help, theme};
use egui::{Key, KeyboardShortcut, Modifiers, RichText};

/// The key eframe stores the app state under.
pub const STORAGE_KEY: &str = "grundy-lab-state";

/// The app: its saved state and the shell's runtime parts.
pub struct GrundyLabApp {
    /// Everything that is saved (tabs' options, shared state, settings).
    pub state: AppState,
    /// Why the saved settings, or a part of them, could not be used, and
    /// where their copy is (shown as a banner, worded when drawn).
    pub load_warning: Option<LoadWarning>,
    /// The About window is open.
    pub show_about: bool,
    /// The Shortcuts window is open.
    pub show_shortcuts: bool,
    /// The guide window, open on this tab's guide.
    pub guide: Option<Tab>,
    /// The settings file (none in tests and where no data folder exists).
    settings_path: Option<std::path::PathBuf>,
    /// False when the settings file could not be used and no copy of it
    /// could be made: then it is never written over.
    may_save: bool,
    /// Why the last save failed (shown as a banner).
    save_error: Option<crate::fsutil::FileError>,
    applied: Option<AppliedLook>,
    applied_zoom: f32,
    title_language: Option<Language>,
}

/// Settings that could not be used, and the copy kept of them.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadWarning {
    /// What was wrong.
    pub problem: LoadProblem,
    /// The copy of the file (none in tests and for a string from memory).
    pub copy: Option<settings_file::Refused>,
}

/// The look last applied to the context (re-applied when it changes).
#[derive(Clone, Copy, PartialEq)]
struct AppliedLook {
    theme: ThemeChoice,
    presentation: bool,
}

impl GrundyLabApp {
    /// The app as eframe creates it: fonts installed, state read from the
    /// settings file (or, once, from the string older versions kept in
    /// eframe's storage).
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        let file = settings_file::path();
        let (saved, from_file, read_error) = match &file {
            Some(f) => match settings_file::read(f) {
                Ok(Some(text)) => (Some(text), true, None),
                Ok(None) => (cc.storage.and_then(|s| s.get_string(STORAGE_KEY)), false, None),
                Err(e) => (None, false, Some(LoadProblem::Refused(SavedError::Read((&e).into())))),
            },
            None => (None, false, None),
        };
        let mut app = Self::from_saved(&cc.egui_ctx, saved.as_deref());
        app.settings_path = file.clone();
        // Settings (or parts of them) that cannot be used are replaced at
        // the next save: keep a copy first, or never save over them.
        let problem = read_error.or_else(|| app.load_warning.take().map(|w| w.problem));
        if let (Some(file), Some(problem)) = (&file, problem) {
            // A string from an older version came from eframe's file.
            let source = if saved.is_some() && !from_file { file.with_file_name("app.ron") } else { file.clone() };
            let refused = settings_file::refuse(&source);
            app.may_save = refused.may_save();
            app.load_warning = Some(LoadWarning { problem, copy: Some(refused) });
        }
        app
    }

    /// The app from a saved state string (JSON; `None` = first run). A
    /// string that cannot be read gives the defaults and a warning banner.
    pub fn from_saved(ctx: &egui::Context, saved: Option<&str>) -> Self {
        fonts::install(ctx);
        let (state, problem) = AppState::from_saved(saved);
        GrundyLabApp {
            state,
            load_warning: problem.map(|problem| LoadWarning { problem, copy: None }),
            show_about: false,
            show_shortcuts: false,
            // The first start opens the guide to Play.
            guide: saved.is_none().then_some(Tab::Play),
            settings_path: None,
            may_save: true,
            save_error: None,
            applied: None,
            applied_zoom: 1.0,
            title_language: None,
        }
    }

    fn apply_settings(&mut self, ctx: &egui::Context) {
        let settings = &mut self.state.shared.settings;
        i18n::set_language(settings.language);
        let look = AppliedLook { theme: settings.theme, presentation: settings.presentation };
        if self.applied != Some(look) {
            // Full screen when presentation mode changes, and at start when
            // the app was closed in presentation mode.
            if self.applied.is_some_and(|a| a.presentation) != look.presentation {
                ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(look.presentation));
            }
            theme::apply(ctx, settings);
            self.applied = Some(look);
        }
        // Ctrl+plus/minus/0 change egui's zoom factor; the scale control
        // changes the setting. Whichever moved wins.
        let zoom = ctx.zoom_factor();
        if (zoom - self.applied_zoom).abs() > 1e-3 {
            settings.scale = zoom;
            self.applied_zoom = zoom;
        } else if (settings.scale - self.applied_zoom).abs() > 1e-3 {
            settings.scale = settings.scale.clamp(*SCALE_RANGE.start(), *SCALE_RANGE.end());
            ctx.set_zoom_factor(settings.scale);
            self.applied_zoom = settings.scale;
        }
        if self.title_language != Some(settings.language) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(tr("app.window_title").to_string()));
            self.title_language = Some(settings.language);
        }
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        let f11 = KeyboardShortcut::new(Modifiers::NONE, Key::F11);
        let f1 = KeyboardShortcut::new(Modifiers::NONE, Key::F1);
        if ctx.input_mut(|i| i.consume_shortcut(&f11)) {
            self.state.shared.settings.presentation ^= true;
        }
        if ctx.input_mut(|i| i.consume_shortcut(&f1)) {
            self.show_shortcuts ^= true;
        }
        // L (while no text is being typed) folds the side panels away; Esc
        // brings them back.
        let lesson = &mut self.state.shared.settings.lesson;
        if !ctx.egui_wants_keyboard_input() {
            let l = KeyboardShortcut::new(Modifiers::NONE, Key::L);
            if ctx.input_mut(|i| i.consume_shortcut(&l)) {
                *lesson ^= true;
            }
            if *lesson && ctx.input(|i| i.key_pressed(Key::Escape)) {
                *lesson = false;
            }
        }
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            // A window narrower than 1024 points (a tablet held upright)
            // names the tabs short, so that the bar keeps to one row.
            let short = ui.available_width() < 1000.0;
            for tab in Tab::ALL {
                let selected = self.state.tab == tab;
                let title = if short { tab.short_title() } else { tab.title() };
                let button =
                    egui::Button::selectable(selected, RichText::new(title).size(20.0)).min_size(egui::vec2(0.0, 38.0));
                if ui.add(button).clicked() {
                    self.state.tab = tab;
                }
                // The tab on screen has its "?": its guide.
                if selected {
                    let help =
                        egui::Button::new(RichText::new("?").size(20.0).strong()).min_size(egui::vec2(30.0, 38.0));
                    if ui.add(help).tip(tr("menu.guide")).clicked() {
                        self.guide = Some(tab);
                    }
                }
            }
            ui.add_space(8.0);
            let settings = &mut self.state.shared.settings;
            // One button, named in the other language (a person finds the
            // name of their own language), so the bar keeps to one row at
            // 1280 x 800 in Japanese too.
            let current = settings.language;
            for lang in Language::ALL.into_iter().filter(|&l| l != current) {
                if ui.button(lang.native_name()).tip(tr("menu.language")).clicked() {
                    settings.language = lang;
                }
            }
            ui.separator();
            if settings.lesson {
                // The lesson view keeps the bar to one row: the tabs, the
                // language and the way back.
                ui.toggle_value(&mut settings.lesson, tr("menu.lesson")).tip(tr("menu.lesson.tip"));
                return;
            }
            // Where the window is narrow (1024 x 768, large text) Presentation
            // and Help go into the View menu, so that the bar keeps to one
            // row; Lesson view stays in sight unless the row is narrower still.
            let button = egui::TextStyle::Button.resolve(ui.style());
            let pad = 2.0 * ui.spacing().button_padding.x + ui.spacing().item_spacing.x;
            let ink = ui.visuals().text_color();
            let width = |t: &str| ui.fonts_mut(|f| f.layout_no_wrap(t.to_owned(), button.clone(), ink).size().x);
            let wanted: f32 = [tr("menu.view"), tr("menu.presentation"), tr("menu.lesson"), tr("menu.help")]
                .iter()
                .map(|t| width(t) + pad)
                .sum::<f32>()
                + 24.0;
            // (In a row that wraps, what is left of the row.)
            let room = ui.max_rect().max.x - ui.cursor().min.x;
            let compact = room < wanted;
            // Narrower still (a tablet held upright), Lesson view goes in too.
            let narrowest = room < width(tr("menu.view")) + width(tr("menu.lesson")) + 2.0 * pad + 24.0;
            let mut open_guide = false;
            // The theme and the text size in one menu: the bar keeps to one
            // row at 1280 x 800 in Japanese, in presentation mode too.
            ui.menu_button(tr("menu.view"), |ui| {
                let dark = settings.theme == ThemeChoice::Dark;
                let (label, next) = if dark {
                    (tr("menu.theme.light"), ThemeChoice::Light)
                } else {
                    (tr("menu.theme.dark"), ThemeChoice::Dark)
                };
                if ui.button(label).clicked() {
                    settings.theme = next;
                }
                ui.horizontal(|ui| {
                    if ui.button("A−").tip(tr("menu.scale.down")).clicked() {
                        settings.scale = ((settings.scale - 0.1) * 10.0).round() / 10.0;
                    }
                    if ui.button("A+").tip(tr("menu.scale.up")).clicked() {
                        settings.scale = ((settings.scale + 0.1) * 10.0).round() / 10.0;
                    }
                    ui.label(format!("{} {:.0}%", tr("menu.scale"), settings.scale * 100.0));
                });
                settings.scale = settings.scale.clamp(*SCALE_RANGE.start(), *SCALE_RANGE.end());
                if compact {
                    ui.separator();
                    ui.toggle_value(&mut settings.presentation, tr("menu.presentation"));
                    if narrowest {
                        ui.toggle_value(&mut settings.lesson, tr("menu.lesson")).tip(tr("menu.lesson.tip"));
                    }
                    ui.separator();
                    help_items(ui, &mut open_guide, &mut self.show_about, &mut self.show_shortcuts);
                }
            });
            ui.separator();
            if !compact {
                ui.toggle_value(&mut settings.presentation, tr("menu.presentation"));
            }
            if !narrowest {
                ui.toggle_value(&mut settings.lesson, tr("menu.lesson")).tip(tr("menu.lesson.tip"));
            }
            if !compact {
                ui.menu_button(tr("menu.help"), |ui| {
                    help_items(ui, &mut open_guide, &mut self.show_about, &mut self.show_shortcuts);
                });
            }
            if open_guide {
                self.guide = Some(self.state.tab);
            }
        });
    }
}

/// The Help menu's items: the guide of the tab on screen, About, the
/// shortcuts.
fn help_items(ui: &mut egui::Ui, guide: &mut bool, about: &mut bool, shortcuts: &mut bool) {
    if ui.button(tr("menu.guide")).clicked() {
        *guide = true;
    }
    if ui.button(tr("menu.about")).clicked() {
        *about = true;
    }
    if ui.button(tr("menu.shortcuts")).clicked() {
        *shortcuts = true;
    }
}

impl eframe::App for GrundyLabApp {
    /// Every tab's background work is collected each frame, in the user's
    /// language, whether the tab is shown or not.
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        i18n::set_language(self.state.shared.settings.language);
        // Read before the polling: a job that ends during it still gets the
        // frame that collects it.
        let busy = crate::jobs::running() > 0;
        for tab in Tab::ALL {
            let (view, shared) = self.state.tab_and_shared(tab);
            view.logic(ctx, shared);
        }
        crate::platform::deliver_downloads();
        // Where a job's thread cannot wake the UI (the browser), look at
        // the jobs a few times a second while any runs.
        if !crate::platform::THREADS_WAKE_THE_UI && (busy || crate::jobs::running() > 0) {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.apply_settings(&ctx);
        self.shortcuts(&ctx);
        super::widgets::set_lesson_view(&ctx, self.state.shared.settings.lesson);
        let bar = egui::Panel::top("top_bar")
            .show(ui, |ui| {
                ui.add_space(6.0);
                self.top_bar(ui);
                ui.add_space(4.0);
            })
            .response
            .rect;
        // The help windows stay below the tab bar: they never cover the tabs.
        let below_bar = egui::Rect::from_min_max(egui::pos2(0.0, bar.bottom()), ctx.content_rect().max);
        if let Some(warning) = self.load_warning.clone() {
            let pal = theme::colours(&self.state.shared.settings);
            egui::Panel::top("settings_warning").show(ui, |ui| {
                let text = crate::ui::words::errors::load_warning(&warning);
                let text_color = ui.visuals().strong_text_color();
                if super::widgets::banner(ui, pal.warning_fill, text_color, &text, true) {
                    self.load_warning = None;
                }
            });
        }
        if let Some(error) = self.save_error.clone() {
            let pal = theme::colours(&self.state.shared.settings);
            egui::Panel::top("settings_save_error").show(ui, |ui| {
                let text = trf("settings.not_saved", &[("error", &crate::ui::words::errors::file_error(&error))]);
                let text_color = ui.visuals().strong_text_color();
                if super::widgets::banner(ui, pal.warning_fill, text_color, &text, true) {
                    self.save_error = None;
                }
            });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            let (tab, shared) = self.state.tab_and_shared(self.state.tab);
            tab.ui(ui, shared);
        });
        // What the tabs asked for, once, at the end of the frame.
        let commands = self.state.shared.take_commands();
        if !commands.is_empty() {
            for command in commands {
                self.state.run(command);
            }
            ctx.request_repaint();
        }
        egui::Window::new(tr("menu.about"))
            .open(&mut self.show_about)
            .default_width(720.0)
            .constrain_to(below_bar)
            .show(&ctx, help::about);
        // The list scrolls inside a window that fits below the tab bar (at
        // 1024 x 768 with large text it is longer than the window is high).
        egui::Window::new(tr("menu.shortcuts"))
            .open(&mut self.show_shortcuts)
            .constrain_to(below_bar)
            .vscroll(true)
            .max_height(below_bar.height() - 80.0)
            .show(&ctx, help::shortcuts);
        if let Some(tab) = self.guide {
            let mut open = true;
            let shown = egui::Window::new(tr("guide.title"))
                .open(&mut open)
                .default_width(520.0)
                .default_pos(below_bar.right_top() + egui::vec2(-560.0, 12.0))
                .constrain_to(below_bar)
                .show(&ctx, |ui| super::guide::guide(ui, tab));
            let next = shown.and_then(|r| r.inner).unwrap_or(tab);
            self.guide = open.then_some(next);
        }
        crate::platform::publish_state(|| {
            vec![
                ("tab", format!("{:?}", self.state.tab)),
                ("language", format!("{:?}", self.state.shared.settings.language)),
                ("jobs", crate::jobs::running().to_string()),
                ("frame", ctx.cumulative_pass_nr().to_string()),
                // Whether a text field has the keyboard (the smoke test types once it has).
                ("focused", ctx.memory(|m| m.focused().is_some()).to_string()),
                ("guide", self.guide.map(|t| format!("{t:?}")).unwrap_or_default()),
                // Whether the kanji the page fetches after the start are drawn.
                ("kanji", ctx.fonts(|f| f.definitions().font_data.contains_key(super::fonts::KANJI_FONT)).to_string()),
            ]
        });
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        // eframe's own file keeps only the window's place; the settings
        // live in their own file, written atomically.
        storage.remove_string(STORAGE_KEY);
        if let Some(file) = self.settings_path.as_ref().filter(|_| self.may_save) {
            self.save_error = settings_file::save(file, &self.state.to_saved()).err();
        }
    }
}
