//! Fonts: egui's defaults, plus the bundled BIZ UD PGothic (OFL 1.1, see
//! `assets/fonts/OFL.txt`) as a fallback for Japanese, and the monospace
//! face as a fallback for mathematical signs (⌊ ⌋) in proportional text;
//! scene texts in the two faces of the exported pictures
//! ([`crate::draw::font`]).

use egui::{FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// The bundled Japanese-capable font.
pub const JAPANESE_FONT: &[u8] = crate::draw::font::FONT_BYTES;

/// The name of the font family that draws the runs of scene texts (knight
/// pictures) that the PNG and SVG backends draw in their text face.
pub const SCENE_FAMILY: &str = "scene";

/// The font family of the runs the backends draw in their math face.
pub const SCENE_MATH_FAMILY: &str = "scene-math";

/// The font definitions the app uses.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert("BIZUDPGothic".to_owned(), Arc::new(FontData::from_static(JAPANESE_FONT)));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let list = fonts.families.entry(family.clone()).or_default();
        // After the primary face, before the emoji fallbacks.
        let at = 1.min(list.len());
        list.insert(at, "BIZUDPGothic".to_owned());
        if family == FontFamily::Proportional && fonts.font_data.contains_key("Hack") {
            list.insert(at + 1, "Hack".to_owned());
        }
    }
    fonts.families.insert(FontFamily::Name(SCENE_FAMILY.into()), vec!["BIZUDPGothic".to_owned()]);
    // egui's default fonts hold Hack already; the same bytes either way.
    fonts
        .font_data
        .entry("Hack".to_owned())
        .or_insert_with(|| Arc::new(FontData::from_static(crate::draw::font::MATH_FONT_BYTES)));
    fonts.families.insert(FontFamily::Name(SCENE_MATH_FAMILY.into()), vec!["Hack".to_owned()]);
    fonts
}

/// Install the fonts on a context.
pub fn install(ctx: &egui::Context) {
    ctx.set_fonts(definitions());
}
