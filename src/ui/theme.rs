//! Colours and text sizes: calm colours that stay readable on a projector,
//! light and dark, and a high-contrast presentation mode with larger text.
//!
//! The one file where colours are made: everywhere else takes them from
//! [`Colours`] (clippy's `disallowed-methods` in `clippy.toml` refuses
//! `Color32::from_rgb` and its kin outside this file).
#![expect(clippy::disallowed_methods, reason = "the one file where the app's colours are chosen")]

use super::state::{Settings, ThemeChoice};
use egui::{Color32, FontFamily, FontId, Stroke, TextStyle};

/// The colours the board, the piles and the banners are drawn in.
#[derive(Clone, Copy, Debug)]
pub struct Colours {
    /// The light squares of the board.
    pub board_light: Color32,
    /// The dark squares of the board.
    pub board_dark: Color32,
    /// Lines around the board and its squares.
    pub board_edge: Color32,
    /// The corner (0, 0), where the game ends.
    pub corner: Color32,
    /// The other squares of the terminal set, where the game also ends.
    pub terminal: Color32,
    /// The piece (the queen, a knight) and its disc.
    pub piece: Color32,
    /// The mark drawn on the piece (its letter, a jump in the move matrix).
    pub piece_mark: Color32,
    /// A square the piece can move to, and a slide in the move matrix.
    pub target: Color32,
    /// A P-position (the player to move loses) when hints are shown.
    pub p_position: Color32,
    /// A winning move when hints are shown.
    pub winning: Color32,
    /// A stone of a pile.
    pub stone: Color32,
    /// The outline of a stone of a pile.
    pub stone_edge: Color32,
    /// A stone that the chosen move takes.
    pub stone_taken: Color32,
    /// Coordinates along the board's edges.
    pub axis_text: Color32,
    /// Good news in text: a formula that agrees, a file saved, a good move.
    pub good: Color32,
    /// Bad news and errors in text: a formula that differs, a file refused.
    pub bad: Color32,
    /// Neutral news in text (a rule, an explanation).
    pub info: Color32,
    /// The banner of good news (a win), under [`Colours::banner_text`].
    pub good_fill: Color32,
    /// The banner of bad news (a loss, a game that cannot go on).
    pub bad_fill: Color32,
    /// A neutral banner (whose turn it is, the review's step).
    pub info_fill: Color32,
    /// Text that matters less (a note, a key list), still readable:
    /// egui's own weak text is too faint on the cream panel.
    pub weak_text: Color32,
    /// A warning in text (egui's orange is too faint on a light panel).
    pub warn_text: Color32,
    /// The background of a warning banner.
    pub warning_fill: Color32,
    /// The text on a coloured banner.
    pub banner_text: Color32,
    /// The star on the corner square (0, 0).
    pub corner_mark: Color32,
    /// The ring around each piece of a sum of games on one board.
    pub piece_outline: Color32,
    /// The outline of a stone in a heap of the heaps view.
    pub heap_stone_edge: Color32,
    /// The arrow drawn on a slide of the move matrix.
    pub matrix_arrow: Color32,
    /// The outline of the cells under the knight board's brush or rectangle.
    pub brush_outline: Color32,
    /// The rings on the knight puzzle's possible next moves.
    pub puzzle_next: Color32,
    /// The message of a completed knight puzzle.
    pub puzzle_complete: Color32,
    /// The message of a knight puzzle that is stuck or can no longer be completed.
    pub puzzle_stuck: Color32,
    /// The light squares of the checkerboard that shows a transparent background.
    pub transparent_light: Color32,
    /// The dark squares of the checkerboard that shows a transparent background.
    pub transparent_dark: Color32,
    /// Text written on the map (its labels, the legend, a message while it waits).
    pub map_text: Color32,
    /// The background of an axis coordinate on the map.
    pub map_tag_fill: Color32,
    /// The background of a badge on the map.
    pub map_badge_fill: Color32,
    /// The background of the map's legend.
    pub map_legend_fill: Color32,
    /// The outline of a colour swatch in the legend.
    pub map_swatch_edge: Color32,
    /// The inner outline of the cell under the pointer.
    pub map_hover_inner: Color32,
    /// The outer outline of the cell under the pointer.
    pub map_hover_outer: Color32,
    /// The outline of the pinned cell.
    pub map_pinned: Color32,
    /// The outline of a cell one move of the pinned cell reaches.
    pub map_move_target: Color32,
    /// Every tenth line of the grid.
    pub map_grid_major: Color32,
    /// The other lines of the grid.
    pub map_grid_minor: Color32,
    /// The outline of the P-positions (value 0) on the map.
    pub map_p_outline: Color32,
    /// The golden lines y = φx and y = x/φ: translucent, so the
    /// P-positions under them stay visible.
    pub map_golden_line: Color32,
    /// The values of the one-heap plot (its line at half strength).
    pub plot_values: Color32,
    /// The P-positions (value 0) of the one-heap plot.
    pub plot_p: Color32,
    /// The rare values of a take-and-break sequence.
    pub plot_rare: Color32,
    /// The exceptions of a proved period, and where the period starts.
    pub plot_exception: Color32,
    /// The construction of the P-positions: its box, a clean board.
    pub map_construction_board: Color32,
    /// The construction: the box's edge.
    pub map_construction_edge: Color32,
    /// The construction: the P-positions found by earlier steps.
    pub map_construction_p: Color32,
    /// The construction: the P-positions of the step shown.
    pub map_construction_new: Color32,
    /// The construction: the crosses on the cells the step shown strikes out.
    pub map_construction_struck: Color32,
    /// The construction: the cells struck out by earlier steps (a veil).
    pub map_construction_struck_before: Color32,
    /// The construction: the ring on the next least free cell.
    pub map_construction_next: Color32,
}

/// The palette for the settings.
pub fn colours(settings: &Settings) -> Colours {
    palette(settings.theme == ThemeChoice::Dark, settings.presentation)
}

/// The colours of a dark or light theme, in presentation mode (high
/// contrast) or not.
fn palette(dark: bool, presentation: bool) -> Colours {
    match (dark, presentation) {
        (false, false) => light(),
        (true, false) => dark_palette(),
        (false, true) => light_high_contrast(),
        (true, true) => dark_high_contrast(),
    }
}

/// The light theme.
fn light() -> Colours {
    Colours {
        board_light: Color32::from_rgb(0xF4, 0xEB, 0xD6),
        board_dark: Color32::from_rgb(0xDD, 0xCB, 0xA8),
        board_edge: Color32::from_rgb(0x8A, 0x76, 0x5A),
        corner: Color32::from_rgb(0x6B, 0xA3, 0x68),
        terminal: Color32::from_rgb(0xB9, 0xD7, 0xB4),
        piece: Color32::from_rgb(0x24, 0x3B, 0x5E),
        piece_mark: Color32::from_rgb(0xF0, 0xC4, 0x4C),
        target: Color32::from_rgb(0x2F, 0x76, 0xB0),
        p_position: Color32::from_rgba_unmultiplied(0xC2, 0x4E, 0x3A, 0x70),
        winning: Color32::from_rgb(0x1A, 0x7A, 0x43),
        stone: Color32::from_rgb(0x7A, 0x86, 0x99),
        stone_edge: Color32::from_rgb(0x3E, 0x48, 0x57),
        stone_taken: Color32::from_rgba_unmultiplied(0xC2, 0x4E, 0x3A, 0x90),
        axis_text: Color32::from_rgb(0x5A, 0x52, 0x48),
        good: Color32::from_rgb(0x1F, 0x7A, 0x45),
        bad: Color32::from_rgb(0xA8, 0x3A, 0x2A),
        info: Color32::from_rgb(0x2A, 0x5C, 0x8A),
        good_fill: Color32::from_rgb(0x1F, 0x7A, 0x45),
        bad_fill: Color32::from_rgb(0xA8, 0x3A, 0x2A),
        info_fill: Color32::from_rgb(0x2A, 0x5C, 0x8A),
        weak_text: Color32::from_rgb(0x57, 0x5E, 0x69),
        warn_text: Color32::from_rgb(0x8A, 0x4B, 0x00),
        warning_fill: Color32::from_rgb(0xFF, 0xE7, 0xB0),
        banner_text: Color32::WHITE,
        corner_mark: Color32::WHITE,
        piece_outline: Color32::BLACK,
        heap_stone_edge: Color32::from_gray(60),
        matrix_arrow: Color32::WHITE,
        brush_outline: Color32::from_white_alpha(200),
        puzzle_next: Color32::from_rgb(0x4c, 0xe0, 0x8a),
        puzzle_complete: Color32::from_rgb(0x1f, 0x9a, 0x4c),
        puzzle_stuck: Color32::from_rgb(0xc0, 0x3a, 0x2a),
        transparent_light: Color32::from_gray(236),
        transparent_dark: Color32::from_gray(214),
        map_text: Color32::WHITE,
        map_tag_fill: Color32::from_black_alpha(150),
        map_badge_fill: Color32::from_black_alpha(170),
        map_legend_fill: Color32::from_black_alpha(235),
        map_swatch_edge: Color32::from_gray(200),
        map_hover_inner: Color32::WHITE,
        map_hover_outer: Color32::BLACK,
        map_pinned: Color32::from_rgb(255, 80, 40),
        map_move_target: Color32::from_rgb(70, 225, 255),
        map_grid_major: Color32::from_black_alpha(110),
        map_grid_minor: Color32::from_black_alpha(50),
        map_p_outline: Color32::from_rgb(255, 120, 60),
        map_golden_line: Color32::from_rgba_unmultiplied(255, 215, 0, 0x80),
        plot_values: Color32::from_rgb(40, 100, 200),
        plot_p: Color32::from_rgb(220, 40, 40),
        plot_rare: Color32::from_rgb(230, 120, 0),
        plot_exception: Color32::from_rgb(150, 40, 170),
        map_construction_board: Color32::from_rgb(0xFA, 0xF7, 0xF0),
        map_construction_edge: Color32::from_rgb(0x3E, 0x48, 0x57),
        map_construction_p: Color32::from_rgb(0xC2, 0x4E, 0x3A),
        map_construction_new: Color32::from_rgb(0xF0, 0x9A, 0x1C),
        map_construction_struck: Color32::from_rgb(0x2A, 0x5C, 0x8A),
        map_construction_struck_before: Color32::from_rgb(0xC8, 0xCC, 0xD2),
        map_construction_next: Color32::from_rgb(0x1F, 0x8A, 0x4C),
    }
}

/// The dark theme.
fn dark_palette() -> Colours {
    Colours {
        board_light: Color32::from_rgb(0x4A, 0x50, 0x5A),
        board_dark: Color32::from_rgb(0x3A, 0x3F, 0x48),
        board_edge: Color32::from_rgb(0x8C, 0x94, 0xA0),
        corner: Color32::from_rgb(0x5E, 0x9A, 0x5B),
        terminal: Color32::from_rgb(0x3F, 0x63, 0x44),
        piece: Color32::from_rgb(0xF2, 0xE6, 0xC8),
        piece_mark: Color32::from_rgb(0xC9, 0x8F, 0x1C),
        target: Color32::from_rgb(0x7F, 0xBF, 0xF0),
        p_position: Color32::from_rgba_unmultiplied(0xE8, 0x7A, 0x63, 0x80),
        winning: Color32::from_rgb(0x6F, 0xD6, 0x8F),
        stone: Color32::from_rgb(0xA9, 0xB4, 0xC4),
        stone_edge: Color32::from_rgb(0xDD, 0xE3, 0xEA),
        stone_taken: Color32::from_rgba_unmultiplied(0xE8, 0x7A, 0x63, 0xA0),
        axis_text: Color32::from_rgb(0xC0, 0xC6, 0xCE),
        good: Color32::from_rgb(0x5C, 0xC9, 0x8A),
        bad: Color32::from_rgb(0xF0, 0x8C, 0x78),
        info: Color32::from_rgb(0x8C, 0xBE, 0xF0),
        good_fill: Color32::from_rgb(0x23, 0x7A, 0x47),
        bad_fill: Color32::from_rgb(0xA8, 0x40, 0x2F),
        info_fill: Color32::from_rgb(0x35, 0x6A, 0x9A),
        weak_text: Color32::from_rgb(0xA9, 0xAF, 0xB8),
        warn_text: Color32::from_rgb(0xFF, 0xB0, 0x40),
        warning_fill: Color32::from_rgb(0x6B, 0x55, 0x1E),
        // The marks on the map, the plots, the puzzle and the board's
        // outlines read the same on every background.
        ..light()
    }
}

/// The light theme in presentation mode (high contrast).
fn light_high_contrast() -> Colours {
    Colours {
        board_light: Color32::WHITE,
        board_dark: Color32::from_rgb(0xC8, 0xC8, 0xC8),
        board_edge: Color32::BLACK,
        corner: Color32::from_rgb(0x00, 0x80, 0x00),
        terminal: Color32::from_rgb(0x90, 0xE0, 0x90),
        piece: Color32::BLACK,
        piece_mark: Color32::from_rgb(0xFF, 0xC0, 0x00),
        target: Color32::from_rgb(0x00, 0x40, 0xFF),
        p_position: Color32::from_rgba_unmultiplied(0xE0, 0x00, 0x00, 0x80),
        winning: Color32::from_rgb(0x00, 0x70, 0x00),
        stone: Color32::from_rgb(0x30, 0x30, 0x30),
        stone_edge: Color32::BLACK,
        stone_taken: Color32::from_rgb(0xE0, 0x00, 0x00),
        axis_text: Color32::BLACK,
        good: Color32::from_rgb(0x00, 0x66, 0x00),
        bad: Color32::from_rgb(0xB0, 0x00, 0x00),
        info: Color32::from_rgb(0x00, 0x30, 0xA0),
        good_fill: Color32::from_rgb(0x00, 0x66, 0x00),
        bad_fill: Color32::from_rgb(0xB0, 0x00, 0x00),
        info_fill: Color32::from_rgb(0x00, 0x30, 0xA0),
        weak_text: Color32::from_rgb(0x40, 0x40, 0x40),
        warn_text: Color32::from_rgb(0x80, 0x40, 0x00),
        warning_fill: Color32::from_rgb(0xFF, 0xE0, 0x40),
        // The marks on the map, the plots, the puzzle and the board's
        // outlines read the same on every background.
        ..light()
    }
}

/// The dark theme in presentation mode (high contrast).
fn dark_high_contrast() -> Colours {
    Colours {
        board_light: Color32::from_rgb(0x50, 0x50, 0x50),
        board_dark: Color32::from_rgb(0x20, 0x20, 0x20),
        board_edge: Color32::WHITE,
        corner: Color32::from_rgb(0x00, 0xC0, 0x00),
        terminal: Color32::from_rgb(0x00, 0x60, 0x00),
        piece: Color32::from_rgb(0xFF, 0xFF, 0x80),
        piece_mark: Color32::BLACK,
        target: Color32::from_rgb(0x40, 0xC0, 0xFF),
        p_position: Color32::from_rgba_unmultiplied(0xFF, 0x40, 0x40, 0xA0),
        winning: Color32::from_rgb(0x40, 0xFF, 0x40),
        stone: Color32::from_rgb(0xE0, 0xE0, 0xE0),
        stone_edge: Color32::WHITE,
        stone_taken: Color32::from_rgb(0xFF, 0x40, 0x40),
        axis_text: Color32::WHITE,
        good: Color32::from_rgb(0x33, 0xCC, 0x33),
        bad: Color32::from_rgb(0xFF, 0x66, 0x66),
        info: Color32::from_rgb(0x80, 0xC0, 0xFF),
        good_fill: Color32::from_rgb(0x00, 0x80, 0x00),
        bad_fill: Color32::from_rgb(0xC0, 0x00, 0x00),
        info_fill: Color32::from_rgb(0x00, 0x50, 0xC0),
        weak_text: Color32::from_rgb(0xC8, 0xC8, 0xC8),
        warn_text: Color32::from_rgb(0xFF, 0xC0, 0x40),
        warning_fill: Color32::from_rgb(0x80, 0x60, 0x00),
        // The marks on the map, the plots, the puzzle and the board's
        // outlines read the same on every background.
        ..light()
    }
}

/// A colour the library chose (a map palette's, a scene's), as egui wants
/// it: `[r, g, b, a]`, not premultiplied.
pub fn library_colour([r, g, b, a]: [u8; 4]) -> Color32 {
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// The colours last applied by [`apply`], for code that draws without the
/// settings at hand (the light theme before the first [`apply`]).
pub fn current(ctx: &egui::Context) -> Colours {
    ctx.data(|d| d.get_temp(colours_id())).unwrap_or_else(light)
}

/// Where [`apply`] keeps the colours in the context's memory.
fn colours_id() -> egui::Id {
    egui::Id::unique("grundy_lab::theme::Colours")
}

/// Apply theme, text sizes and contrast to the context.
pub fn apply(ctx: &egui::Context, settings: &Settings) {
    ctx.data_mut(|d| d.insert_temp(colours_id(), colours(settings)));
    ctx.set_theme(match settings.theme {
        ThemeChoice::Light => egui::Theme::Light,
        ThemeChoice::Dark => egui::Theme::Dark,
    });
    let big = if settings.presentation { 1.3 } else { 1.0 };
    let hc = settings.presentation;
    ctx.all_styles_mut(|style| {
        let size = |s: f32| s * big;
        style.text_styles = [
            (TextStyle::Heading, FontId::new(size(28.0), FontFamily::Proportional)),
            (TextStyle::Body, FontId::new(size(18.0), FontFamily::Proportional)),
            (TextStyle::Monospace, FontId::new(size(17.0), FontFamily::Monospace)),
            (TextStyle::Button, FontId::new(size(18.0), FontFamily::Proportional)),
            (TextStyle::Small, FontId::new(size(14.0), FontFamily::Proportional)),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(10.0, 8.0);
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        style.spacing.interact_size.y = 30.0;
        // Scroll bars that are always drawn and take their own room: a class
        // sees that a panel scrolls, and the bar never covers text.
        style.spacing.scroll = egui::style::ScrollStyle::solid();
    });
    for theme in [egui::Theme::Light, egui::Theme::Dark] {
        ctx.style_mut_of(theme, |style| {
            let v = &mut style.visuals;
            if theme == egui::Theme::Light {
                v.panel_fill = if hc { Color32::WHITE } else { Color32::from_rgb(0xF7, 0xF5, 0xF0) };
                v.window_fill = v.panel_fill;
                v.extreme_bg_color = if hc { Color32::WHITE } else { Color32::from_rgb(0xFF, 0xFD, 0xF8) };
                v.override_text_color = Some(if hc { Color32::BLACK } else { Color32::from_rgb(0x22, 0x26, 0x2E) });
            } else {
                v.panel_fill = if hc { Color32::BLACK } else { Color32::from_rgb(0x1E, 0x21, 0x26) };
                v.window_fill = v.panel_fill;
                v.override_text_color = Some(if hc { Color32::WHITE } else { Color32::from_rgb(0xE6, 0xE8, 0xEB) });
            }
            // Text that every part of the app writes in these colours reads
            // at 4.5:1 or more on the panel (WCAG AA; tested below).
            let pal = palette(theme == egui::Theme::Dark, hc);
            v.weak_text_color = Some(pal.weak_text);
            v.warn_fg_color = pal.warn_text;
            v.error_fg_color = pal.bad;
            v.hyperlink_color = pal.info;
            if hc {
                let edge = if theme == egui::Theme::Light { Color32::BLACK } else { Color32::WHITE };
                v.widgets.inactive.bg_stroke = Stroke::new(1.5, edge);
                v.widgets.noninteractive.bg_stroke = Stroke::new(1.0, edge);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's relative luminance of an opaque colour.
    fn luminance(c: Color32) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    }

    /// WCAG's contrast ratio of two colours (1 to 21).
    fn contrast(a: Color32, b: Color32) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// A translucent colour drawn over an opaque one, as the screen shows it.
    fn over(top: Color32, under: Color32) -> Color32 {
        let [r, g, b, a] = top.to_srgba_unmultiplied();
        let mix =
            |t: u8, u: u8| ((f32::from(t) * f32::from(a) + f32::from(u) * f32::from(255 - a)) / 255.0).round() as u8;
        Color32::from_rgb(mix(r, under.r()), mix(g, under.g()), mix(b, under.b()))
    }

    #[test]
    fn the_contrast_calculation_matches_wcag_examples() {
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 1e-9);
        // #767676 on white is WCAG's best-known 4.54:1 grey.
        let grey = Color32::from_gray(0x76);
        assert!((contrast(grey, Color32::WHITE) - 4.54).abs() < 0.01, "{}", contrast(grey, Color32::WHITE));
        assert!(contrast(Color32::from_gray(0x77), Color32::WHITE) < 4.5);
    }

    /// Every text the app writes, in each of its four looks, against what
    /// it is written on: at least 4.5:1 (WCAG AA for normal text).
    #[test]
    fn every_text_colour_reads_at_wcag_aa_on_its_background() {
        let mut failures = Vec::new();
        for (dark, presentation) in [(false, false), (true, false), (false, true), (true, true)] {
            let settings = Settings {
                theme: if dark { ThemeChoice::Dark } else { ThemeChoice::Light },
                presentation,
                ..Settings::default()
            };
            let ctx = egui::Context::default();
            apply(&ctx, &settings);
            let theme = if dark { egui::Theme::Dark } else { egui::Theme::Light };
            let v = ctx.style_of(theme).visuals.clone();
            let pal = colours(&settings);
            let text = v.text_color();
            let panel = v.panel_fill;
            let mut pairs: Vec<(&str, Color32, Color32)> = vec![
                ("text on the panel", text, panel),
                ("text in a field", text, v.extreme_bg_color),
                ("weak text on the panel", v.weak_text_color(), panel),
                ("a warning on the panel", v.warn_fg_color, panel),
                ("an error on the panel", v.error_fg_color, panel),
                ("a link on the panel", v.hyperlink_color, panel),
                ("good news on the panel", pal.good, panel),
                ("bad news on the panel", pal.bad, panel),
                ("neutral news on the panel", pal.info, panel),
                ("a hint on the panel", pal.winning, panel),
                ("axis numbers on the panel", pal.axis_text, panel),
                ("a banner of a win", pal.banner_text, pal.good_fill),
                ("a banner of a loss", pal.banner_text, pal.bad_fill),
                ("a banner of whose turn", pal.banner_text, pal.info_fill),
                ("a warning banner", v.strong_text_color(), pal.warning_fill),
            ];
            // Text on the map's legend and tags, over the lightest map colour.
            pairs.push(("the map's legend", pal.map_text, over(pal.map_legend_fill, Color32::WHITE)));
            pairs.push(("the map's badges", pal.map_text, over(pal.map_badge_fill, Color32::WHITE)));
            for (what, fg, bg) in pairs {
                let c = contrast(fg, bg);
                if c < 4.5 {
                    failures.push(format!("{what} (dark {dark}, presentation {presentation}): {c:.2}:1"));
                }
            }
        }
        assert!(failures.is_empty(), "below 4.5:1:\n{}", failures.join("\n"));
    }
}
