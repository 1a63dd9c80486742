//! The bundled font (BIZ UD PGothic, OFL 1.1) and simple one-line layout.

use ab_glyph::{Font, FontRef, GlyphId};
use std::sync::OnceLock;

/// The bytes of the bundled font file.
pub static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/BIZUDPGothic-Regular.ttf");

/// The font's family name, as SVG files should ask for it.
pub const FAMILY: &str = "BIZ UDPGothic";

/// The parsed bundled font (`None` only if the bundled file were broken).
pub fn font() -> Option<&'static FontRef<'static>> {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).ok()).as_ref()
}

/// Glyphs of one line of text at em size `size`: each glyph with the `x`
/// of its origin, measured from the start of the line. Kerning included.
pub fn layout(text: &str, size: f32) -> Vec<(GlyphId, f32)> {
    let Some(f) = font() else { return Vec::new() };
    let scale = size / f.units_per_em().unwrap_or(1000.0);
    let mut x = 0.0;
    let mut prev: Option<GlyphId> = None;
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        let id = f.glyph_id(c);
        if let Some(p) = prev {
            x += f.kern_unscaled(p, id) * scale;
        }
        out.push((id, x));
        x += f.h_advance_unscaled(id) * scale;
        prev = Some(id);
    }
    out
}

/// Width of one line of text at em size `size`, in the same units.
pub fn text_width(text: &str, size: f32) -> f32 {
    let Some(f) = font() else { return 0.0 };
    let scale = size / f.units_per_em().unwrap_or(1000.0);
    match layout(text, size).last() {
        Some(&(id, x)) => x + f.h_advance_unscaled(id) * scale,
        None => 0.0,
    }
}
