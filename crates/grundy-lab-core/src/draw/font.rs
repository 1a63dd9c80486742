//! The fonts of exported pictures and simple one-line layout.
//!
//! Faces chosen character by character (in the browser, a third: the rest
//! of the text face's kanji, [`Face::Kanji`], once the page has fetched it):
//! - the **text face**, BIZ UD PGothic (OFL 1.1, `assets/fonts/OFL.txt`),
//!   a face designed for education that draws Latin and Japanese;
//! - the **math face**, Hack (MIT and the Bitstream Vera licence), which
//!   egui already ships as its monospace face (`epaint_default_fonts`), so
//!   it costs nothing more and draws the signs as the screen does.
//!
//! The math face draws the mathematical signs (Greek letters, the blocks
//! Mathematical Operators and Miscellaneous Technical, ± × ÷) and whatever
//! the text face lacks. The bundled text face gets some of those signs
//! wrong: it draws ≤ with the glyph of ≥ and ≥ with that of ≤, and it has
//! no ⌊ ⌋ ⌈ ⌉ at all.

use ab_glyph::{Font, FontRef, GlyphId};
use std::sync::OnceLock;

/// The bytes of the bundled text face (BIZ UD PGothic).
#[cfg(not(target_arch = "wasm32"))]
pub static FONT_BYTES: &[u8] = include_bytes!("../../../../assets/fonts/BIZUDPGothic-Regular.ttf");

/// The bytes of the bundled text face in the browser: BIZ UD PGothic cut
/// to Latin, Greek, Cyrillic, kana, the signs and every character of the
/// app's texts (`scripts/subset-font.py`): 0.2 MB where the whole face is
/// 2.4. The other kanji of everyday Japanese come after the start
/// ([`add_kanji_face`]). A character neither has is reported like any
/// other.
#[cfg(target_arch = "wasm32")]
pub static FONT_BYTES: &[u8] = include_bytes!("../../../../assets/fonts/BIZUDPGothic-Regular-web.ttf");

/// The bytes of the math face (Hack Regular, from egui's default fonts).
pub static MATH_FONT_BYTES: &[u8] = epaint_default_fonts::HACK_REGULAR;

/// Which face draws a character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// BIZ UD PGothic: letters, digits, punctuation, Japanese.
    Text,
    /// The rest of BIZ UD PGothic in the browser: the kanji of everyday
    /// Japanese beyond the app's texts, which the page fetches after the
    /// start ([`add_kanji_face`]). Never chosen on the desktop, whose text
    /// face is whole.
    Kanji,
    /// Hack: the mathematical signs and what the text face lacks.
    Math,
}

/// Whether `c` is a mathematical sign, drawn by the math face whatever
/// the text face holds: the Greek letters (φ), the blocks Mathematical
/// Operators (≤ ≥ − √) and Miscellaneous Technical (⌊ ⌋ ⌈ ⌉), ± × ÷.
pub fn is_math_sign(c: char) -> bool {
    matches!(c, '\u{0370}'..='\u{03FF}' | '\u{2200}'..='\u{23FF}' | '±' | '×' | '÷')
}

/// The parsed bundled text face (`None` only if the bundled file were broken).
pub fn font() -> Option<&'static FontRef<'static>> {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).ok()).as_ref()
}

/// The kanji face's bytes and font, once they have arrived.
static KANJI: OnceLock<(&'static [u8], FontRef<'static>)> = OnceLock::new();

/// Why the kanji face was not added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KanjiFaceError {
    /// The bytes are not a font (what the font reader said).
    NotAFont(String),
    /// A kanji face was added before.
    AlreadyThere,
}

impl std::fmt::Display for KanjiFaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KanjiFaceError::NotAFont(why) => write!(f, "not a font: {why}"),
            KanjiFaceError::AlreadyThere => f.write_str("the kanji face is there already"),
        }
    }
}

impl std::error::Error for KanjiFaceError {}

/// Add the kanji face (the page's `BIZUDPGothic-Regular-kanji.ttf`): the
/// characters the text face lacks are drawn by it from then on. Its bytes
/// are kept for the rest of the run. Refused when they are not a font, or
/// when a kanji face is there already.
pub fn add_kanji_face(bytes: Vec<u8>) -> Result<(), KanjiFaceError> {
    if KANJI.get().is_some() {
        return Err(KanjiFaceError::AlreadyThere);
    }
    FontRef::try_from_slice(&bytes).map_err(|e| KanjiFaceError::NotAFont(e.to_string()))?;
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let font = FontRef::try_from_slice(bytes).map_err(|e| KanjiFaceError::NotAFont(e.to_string()))?;
    KANJI.set((bytes, font)).map_err(|_| KanjiFaceError::AlreadyThere)
}

/// The kanji face's bytes, once added ([`add_kanji_face`]).
pub fn kanji_bytes() -> Option<&'static [u8]> {
    KANJI.get().map(|(bytes, _)| *bytes)
}

/// The parsed math face (`None` only if the file were broken).
pub fn math_font() -> Option<&'static FontRef<'static>> {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(MATH_FONT_BYTES).ok()).as_ref()
}

/// The parsed font of a face.
pub fn face_font(face: Face) -> Option<&'static FontRef<'static>> {
    match face {
        Face::Text => font(),
        Face::Kanji => KANJI.get().map(|(_, font)| font),
        Face::Math => math_font(),
    }
}

/// The face that draws `c`: the math face for the mathematical signs
/// ([`is_math_sign`]); else the first of the text face, the kanji face and
/// the math face that has a glyph of it; the text face for what none has
/// (its box says "missing").
pub fn face_of(c: char) -> Face {
    choose_face(c, |face| face_font(face).is_some_and(|f| f.glyph_id(c).0 != 0))
}

fn choose_face(c: char, has: impl Fn(Face) -> bool) -> Face {
    if is_math_sign(c) && has(Face::Math) {
        return Face::Math;
    }
    [Face::Text, Face::Kanji, Face::Math].into_iter().find(|&face| has(face)).unwrap_or(Face::Text)
}

/// The text cut into runs drawn by one face each, in order.
pub fn runs(text: &str) -> Vec<(Face, &str)> {
    let mut out: Vec<(Face, &str)> = Vec::new();
    let mut start = 0;
    let mut current: Option<Face> = None;
    for (i, c) in text.char_indices() {
        let face = face_of(c);
        if let Some(f) = current
            && f != face
        {
            out.push((f, &text[start..i]));
            start = i;
        }
        current = Some(face);
    }
    if let Some(f) = current {
        out.push((f, &text[start..]));
    }
    out
}

/// One glyph placed on a line: its face, its id in that face and the `x`
/// of its origin from the start of the line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// The face that draws it.
    pub face: Face,
    /// The glyph in that face.
    pub id: GlyphId,
    /// The origin's distance from the start of the line.
    pub x: f32,
}

/// Glyphs of one line of text at em size `size`, each from the face that
/// draws its character ([`face_of`]). Kerning within a face included.
pub fn layout(text: &str, size: f32) -> Vec<Placed> {
    layout_with_width(text, size).0
}

fn layout_with_width(text: &str, size: f32) -> (Vec<Placed>, f32) {
    let mut x = 0.0;
    let mut prev: Option<(Face, GlyphId)> = None;
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        let face = face_of(c);
        let Some(f) = face_font(face) else { continue };
        let scale = size / f.units_per_em().unwrap_or(1000.0);
        let id = f.glyph_id(c);
        if let Some((pf, p)) = prev
            && pf == face
        {
            x += f.kern_unscaled(p, id) * scale;
        }
        out.push(Placed { face, id, x });
        x += f.h_advance_unscaled(id) * scale;
        prev = Some((face, id));
    }
    (out, x)
}

/// The outline of a glyph as SVG path data, in the face's units with `y`
/// pointing down (a `scale(size / units_per_em)` draws it at em size
/// `size`, its origin on the baseline). `None` for a glyph without
/// outline (a space).
pub fn outline_path(face: Face, id: GlyphId) -> Option<String> {
    use ab_glyph::OutlineCurve::{Cubic, Line, Quad};
    use std::fmt::Write;
    let outline = face_font(face)?.outline(id)?;
    let n = |v: f32| {
        let r = (v * 10.0).round() / 10.0;
        if r == r.trunc() { format!("{}", r as i64) } else { format!("{r}") }
    };
    let p = |q: ab_glyph::Point| format!("{} {}", n(q.x), n(-q.y));
    let mut d = String::new();
    let mut end: Option<ab_glyph::Point> = None;
    for curve in &outline.curves {
        let start = match curve {
            Line(a, _) | Quad(a, _, _) | Cubic(a, _, _, _) => *a,
        };
        // A new contour where the last one ended elsewhere.
        if end != Some(start) {
            if end.is_some() {
                d.push('Z');
            }
            let _ = write!(d, "M{}", p(start));
        }
        let last = match curve {
            Line(_, b) => {
                let _ = write!(d, "L{}", p(*b));
                *b
            }
            Quad(_, c, b) => {
                let _ = write!(d, "Q{} {}", p(*c), p(*b));
                *b
            }
            Cubic(_, c1, c2, b) => {
                let _ = write!(d, "C{} {} {}", p(*c1), p(*c2), p(*b));
                *b
            }
        };
        end = Some(last);
    }
    if d.is_empty() {
        return None;
    }
    d.push('Z');
    Some(d)
}

/// The em square of a face in its units (1000 for BIZ UD PGothic, 2048
/// for Hack).
pub fn units_per_em(face: Face) -> f32 {
    face_font(face).and_then(|f| f.units_per_em()).unwrap_or(1000.0)
}

/// Width of one line of text at em size `size`, in the same units.
pub fn text_width(text: &str, size: f32) -> f32 {
    layout_with_width(text, size).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_come_from_the_math_face_and_words_from_the_text_face() {
        assert_eq!(face_of('≤'), Face::Math);
        assert_eq!(face_of('⌊'), Face::Math);
        assert_eq!(face_of('φ'), Face::Math);
        assert_eq!(face_of('x'), Face::Text);
        assert_eq!(face_of('龍'), Face::Text);
        assert_eq!(runs("x + y ≤ 2"), vec![(Face::Text, "x + y "), (Face::Math, "≤"), (Face::Text, " 2")]);
        assert_eq!(runs(""), vec![]);
        // The width is the sum of the runs' widths.
        let whole = text_width("⌊nφ⌋ ≤ n", 20.0);
        let parts: f32 = runs("⌊nφ⌋ ≤ n").iter().map(|(_, t)| text_width(t, 20.0)).sum();
        assert!((whole - parts).abs() < 0.01, "{whole} vs {parts}");
    }

    #[test]
    fn what_the_text_face_lacks_comes_from_the_kanji_face_before_the_math_face() {
        let having = |faces: &'static [Face]| move |face| faces.contains(&face);
        // A kanji of the browser's second cut.
        assert_eq!(choose_face('\u{5B66}', having(&[Face::Kanji, Face::Math])), Face::Kanji);
        assert_eq!(choose_face('\u{5B66}', having(&[Face::Text, Face::Kanji])), Face::Text);
        // Before it has arrived: the box of a missing character, from the text face.
        assert_eq!(choose_face('\u{5B66}', having(&[])), Face::Text);
        // A sign stays the math face's, whatever the others hold.
        assert_eq!(choose_face('≤', having(&[Face::Text, Face::Kanji, Face::Math])), Face::Math);
        assert_eq!(choose_face('⊕', having(&[Face::Math])), Face::Math);
        // Bytes that are not a font are refused, and nothing is added.
        assert!(matches!(add_kanji_face(b"not a font".to_vec()), Err(KanjiFaceError::NotAFont(_))));
        assert_eq!(kanji_bytes(), None);
        assert_eq!(face_font(Face::Kanji).map(|_| ()), None);
    }
}
