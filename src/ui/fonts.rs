//! Fonts: egui's defaults, plus the bundled BIZ UD PGothic (OFL 1.1, see
//! `assets/fonts/OFL.txt`) as a fallback for Japanese, and the monospace
//! face as a fallback for mathematical signs (⌊ ⌋) in proportional text;
//! scene texts in the two faces of the exported pictures
//! ([`crate::draw::font`]).

use egui::epaint::text::{GlyphBitmap, RasterizedGlyph};
use egui::{FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// The bundled Japanese-capable font.
pub const JAPANESE_FONT: &[u8] = crate::draw::font::FONT_BYTES;

/// The name of the rest of the kanji among the fonts, once it has arrived.
pub const KANJI_FONT: &str = "BIZUDPGothic-kanji";

/// The name of the font family that draws the runs of scene texts (knight
/// pictures) that the PNG and SVG backends draw in their text face.
pub const SCENE_FAMILY: &str = "scene";

/// The font family of the runs the backends draw in their math face.
pub const SCENE_MATH_FAMILY: &str = "scene-math";

/// The font definitions the app uses.
/// In the browser, once the page has fetched it, the rest of the kanji
/// ([`crate::draw::font::add_kanji_face`]) follows the Japanese face.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert("BIZUDPGothic".to_owned(), Arc::new(FontData::from_static(JAPANESE_FONT)));
    let mut japanese = vec!["BIZUDPGothic".to_owned()];
    if let Some(kanji) = crate::draw::font::kanji_bytes() {
        fonts.font_data.insert(KANJI_FONT.to_owned(), Arc::new(FontData::from_static(kanji)));
        japanese.push(KANJI_FONT.to_owned());
    }
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let list = fonts.families.entry(family.clone()).or_default();
        // After the primary face, before the emoji fallbacks.
        let at = 1.min(list.len());
        list.splice(at..at, japanese.iter().cloned());
        if family == FontFamily::Proportional && fonts.font_data.contains_key("Hack") {
            list.insert(at + japanese.len(), "Hack".to_owned());
        }
    }
    fonts.families.insert(FontFamily::Name(SCENE_FAMILY.into()), japanese);
    // egui's default fonts hold Hack already; the same bytes either way.
    fonts
        .font_data
        .entry("Hack".to_owned())
        .or_insert_with(|| Arc::new(FontData::from_static(crate::draw::font::MATH_FONT_BYTES)));
    fonts.families.insert(FontFamily::Name(SCENE_MATH_FAMILY.into()), vec!["Hack".to_owned()]);
    fonts
}

/// Install the fonts on a context, and the glyphs egui's own widgets use
/// that no font of the app has.
pub fn install(ctx: &egui::Context) {
    ctx.set_fonts(definitions());
    ctx.add_glyph_rasterizer(egui::epaint::text::GlyphRasterizer::new("grundy_lab::clipboard", clipboard_glyph));
}

/// The clipboard "📋" (U+1F4CB) of egui's colour picker (the copy button
/// beside the numbers), which the app's fonts lack (the emoji fonts are
/// left out): a board with a clip, drawn in the text's colour, standing
/// on the baseline as a capital letter does.
fn clipboard_glyph(request: &egui::epaint::text::GlyphRasterizerRequest<'_>) -> Option<RasterizedGlyph> {
    if request.cluster != "\u{1F4CB}" {
        return None;
    }
    let s = request.font_size_px;
    let (width, height) = ((0.6 * s).round().max(4.0) as usize, (0.75 * s).round().max(5.0) as usize);
    let stroke = (s / 12.0).round().max(1.0) as usize;
    let clip_height = (height / 5).max(stroke + 1);
    let mut image = egui::ColorImage::filled([width, height], egui::Color32::TRANSPARENT);
    for y in 0..height {
        for x in 0..width {
            // The board, below the clip's top, as an outline.
            let board = y >= clip_height / 2
                && (x < stroke || width - stroke <= x || y < clip_height / 2 + stroke || height - stroke <= y);
            // The clip: a filled bar across the middle third, at the top.
            let clip = y < clip_height && (width / 3..width - width / 3).contains(&x);
            if board || clip {
                image[(x, y)] = egui::Color32::WHITE;
            }
        }
    }
    let side_bearing = (0.1 * s).round();
    Some(RasterizedGlyph {
        bitmap: GlyphBitmap { image, offset_px: egui::vec2(side_bearing, -(height as f32)), is_color: false },
        advance_px: width as f32 + 2.0 * side_bearing,
    })
}
