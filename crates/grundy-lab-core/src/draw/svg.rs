//! SVG 1.1 backend: a plain text writer.
//!
//! Texts are drawn with the outlines of the glyphs that draw them in the
//! PNG (each glyph defined once in `<defs>`, placed by `<use>`), so the
//! document looks the same on a computer without the fonts; each text's
//! words stay in its `aria-label` for screen readers and search.

use super::font::{Face, layout, outline_path, text_width, units_per_em};
use super::{Rgba, Scene, Shape, Stroke};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Formats a number compactly (at most 3 decimals, no trailing zeros).
fn num(v: f32) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// Escapes text for XML character data and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 forbids are dropped.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// The glyphs the document's texts use: each outline once, by its id.
#[derive(Default)]
struct Glyphs {
    /// `(face, glyph)` → the id of its `<path>` in `<defs>` (`None`: a glyph
    /// with nothing to draw, a space).
    ids: BTreeMap<(Face, u16), Option<String>>,
    /// The `<path>` elements of `<defs>`.
    defs: String,
}

impl Glyphs {
    /// The id of the glyph's outline, defined on first use.
    fn id(&mut self, face: Face, glyph: ab_glyph::GlyphId) -> Option<String> {
        let key = (face, glyph.0);
        if let Some(id) = self.ids.get(&key) {
            return id.clone();
        }
        let id = outline_path(face, glyph).map(|d| {
            let prefix = match face {
                Face::Text => "t",
                Face::Kanji => "k",
                Face::Math => "m",
            };
            let id = format!("{prefix}{}", glyph.0);
            let _ = writeln!(self.defs, "<path id=\"{id}\" d=\"{d}\"/>");
            id
        });
        self.ids.insert(key, id.clone());
        id
    }

    /// One line of text with its start at `x` and baseline at `y`, at em
    /// size `size`: a group that holds the words in its `aria-label` and
    /// places each glyph's outline.
    fn text(&mut self, o: &mut String, (x, y): (f32, f32), text: &str, size: f32, color: Rgba) {
        let _ = writeln!(o, "<g role=\"img\" aria-label=\"{}\"{}>", escape(text), paint_attr("fill", Some(color)));
        for placed in layout(text, size) {
            let Some(id) = self.id(placed.face, placed.id) else { continue };
            let scale = size / units_per_em(placed.face);
            let _ = writeln!(
                o,
                "<use xlink:href=\"#{id}\" transform=\"translate({} {}) scale({})\"/>",
                num(x + placed.x),
                num(y),
                scale_num(scale)
            );
        }
        let _ = writeln!(o, "</g>");
    }
}

/// A glyph's scale with the digits it needs (a glyph of 2048 units drawn
/// at 9 px is scaled by 0.0044).
fn scale_num(v: f32) -> String {
    let s = format!("{:.6}", if v.is_finite() { v } else { 0.0 });
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn paint_attr(name: &str, c: Option<Rgba>) -> String {
    match c {
        None => format!(" {name}=\"none\""),
        Some(c) if c.0[3] == 255 => format!(" {name}=\"{}\"", c.hex_rgb()),
        Some(c) => format!(" {name}=\"{}\" {name}-opacity=\"{}\"", c.hex_rgb(), num(c.alpha())),
    }
}

fn stroke_attrs(s: Option<Stroke>) -> String {
    match s {
        None => String::new(),
        Some(s) => format!("{} stroke-width=\"{}\"", paint_attr("stroke", Some(s.color)), num(s.width)),
    }
}

/// A PNG picture placed in an SVG document, its pixels one scene unit each.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbeddedPng {
    /// Where its top-left corner goes.
    pub at: super::Point,
    /// Its width in pixels (and scene units).
    pub width: usize,
    /// Its height in pixels (and scene units).
    pub height: usize,
    /// The PNG file's bytes.
    pub png: Vec<u8>,
}

/// The scene as a complete SVG 1.1 document. Its `viewBox` is the scene's
/// size, and `width`/`height` are the same numbers (1 scene unit = 1 px).
pub fn to_svg(scene: &Scene) -> String {
    to_svg_with_images(scene, &[])
}

/// [`to_svg`] with `images` drawn over the shapes, each as an `<image>`
/// whose PNG is in the document (a base64 `data:` address), its pixels
/// drawn unsmoothed so that a map's cells keep sharp edges when the
/// picture is enlarged.
pub fn to_svg_with_images(scene: &Scene, images: &[EmbeddedPng]) -> String {
    let mut o = String::with_capacity(128 + scene.shapes.len() * 96);
    let (w, h) = (num(scene.width), num(scene.height));
    let _ = writeln!(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" \
         width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
    );
    let mut glyphs = Glyphs::default();
    if let Some(bg) = scene.background {
        let _ = writeln!(o, "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\"{}/>", paint_attr("fill", Some(bg)));
    }
    // Lines and polylines share round caps and joins through one group.
    let _ = writeln!(o, "<g stroke-linecap=\"round\" stroke-linejoin=\"round\">");
    for shape in &scene.shapes {
        match shape {
            Shape::Line { from, to, stroke } => {
                let _ = writeln!(
                    o,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{}/>",
                    num(from[0]),
                    num(from[1]),
                    num(to[0]),
                    num(to[1]),
                    stroke_attrs(Some(*stroke))
                );
            }
            Shape::Polyline { points, closed, stroke } => {
                if points.is_empty() {
                    continue;
                }
                let mut d = String::new();
                for (i, p) in points.iter().enumerate() {
                    let _ = write!(d, "{}{} {}", if i == 0 { "M" } else { " L" }, num(p[0]), num(p[1]));
                }
                if *closed {
                    d.push_str(" Z");
                }
                let _ = writeln!(o, "<path d=\"{d}\" fill=\"none\"{}/>", stroke_attrs(Some(*stroke)));
            }
            Shape::Circle { center, radius, fill, stroke } => {
                let _ = writeln!(
                    o,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}{}/>",
                    num(center[0]),
                    num(center[1]),
                    num(radius.max(0.0)),
                    paint_attr("fill", *fill),
                    stroke_attrs(*stroke)
                );
            }
            Shape::Rect { min, max, fill, stroke } => {
                let _ = writeln!(
                    o,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}{}/>",
                    num(min[0]),
                    num(min[1]),
                    num((max[0] - min[0]).max(0.0)),
                    num((max[1] - min[1]).max(0.0)),
                    paint_attr("fill", *fill),
                    stroke_attrs(*stroke)
                );
            }
            Shape::Text { pos, text, size, color, anchor } => {
                // Placed as the PNG places it (measured with the same
                // fonts); the baseline is explicit.
                let x = pos[0] - anchor.horizontal() * text_width(text, *size);
                let y = pos[1] + anchor.baseline_offset(*size);
                glyphs.text(&mut o, (x, y), text, *size, *color);
            }
        }
    }
    let _ = writeln!(o, "</g>");
    for image in images {
        let _ = writeln!(
            o,
            "<image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\" \
             image-rendering=\"optimizeSpeed\" style=\"image-rendering:pixelated\" \
             xlink:href=\"data:image/png;base64,{}\"/>",
            num(image.at[0]),
            num(image.at[1]),
            image.width,
            image.height,
            base64(&image.png)
        );
    }
    if !glyphs.defs.is_empty() {
        let _ = writeln!(o, "<defs>\n{}</defs>", glyphs.defs);
    }
    let _ = writeln!(o, "</svg>");
    o
}

/// `bytes` in base64 (RFC 4648, with `=` padding), as a `data:` address
/// holds them.
pub fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(DIGITS[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Anchor;

    #[test]
    fn base64_is_the_rfc_s() {
        // The examples of RFC 4648, section 10.
        let cases =
            [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("foobar", "Zm9vYmFy")];
        for (plain, coded) in cases {
            assert_eq!(base64(plain.as_bytes()), coded, "{plain}");
        }
    }

    #[test]
    fn an_embedded_picture_is_an_image_element() {
        let s = Scene::new(20.0, 10.0, Some(Rgba::WHITE));
        let image = EmbeddedPng { at: [2.0, 3.0], width: 4, height: 5, png: b"foo".to_vec() };
        let svg = to_svg_with_images(&s, &[image]);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let img = doc.descendants().find(|n| n.has_tag_name("image")).unwrap();
        assert_eq!(
            (img.attribute("x"), img.attribute("width"), img.attribute("height")),
            (Some("2"), Some("4"), Some("5"))
        );
        let href = img.attribute(("http://www.w3.org/1999/xlink", "href")).unwrap();
        assert_eq!(href, "data:image/png;base64,Zm9v");
    }

    #[test]
    fn numbers_are_compact() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.25), "1.25");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(f32::NAN), "0");
    }

    #[test]
    fn text_is_escaped() {
        let mut s = Scene::new(10.0, 10.0, None);
        s.text([1.0, 1.0], "a<&>\"b", 3.0, Rgba::BLACK, Anchor::Center);
        let svg = to_svg(&s);
        assert!(svg.contains("a&lt;&amp;&gt;&quot;b"), "{svg}");
        assert!(!svg.contains("<rect"), "transparent scene has no background");
    }

    #[test]
    fn texts_are_outlines_from_the_face_that_draws_each_sign() {
        let mut s = Scene::new(10.0, 10.0, None);
        s.text([1.0, 1.0], "x + y ≤ 2, ⌊nφ⌋", 3.0, Rgba::BLACK, Anchor::Center);
        s.text([1.0, 5.0], "x", 3.0, Rgba::BLACK, Anchor::Center);
        let svg = to_svg(&s);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let group = doc.descendants().find(|n| n.attribute("aria-label").is_some()).unwrap();
        assert_eq!(group.attribute("aria-label"), Some("x + y ≤ 2, ⌊nφ⌋"));
        let xlink = "http://www.w3.org/1999/xlink";
        let uses: Vec<&str> = group.children().filter_map(|n| n.attribute((xlink, "href"))).collect();
        // Every sign but the five spaces has an outline; the signs ≤ ⌊ φ ⌋
        // are the math face's, the rest the text face's.
        assert_eq!(uses.len(), 10, "{uses:?}");
        assert_eq!(uses.iter().filter(|u| u.starts_with("#m")).count(), 4, "{uses:?}");
        // Each glyph is defined once, though "x" is drawn twice.
        let defined: Vec<&str> =
            doc.descendants().filter(|n| n.has_tag_name("path")).filter_map(|n| n.attribute("id")).collect();
        assert_eq!(defined.len(), 10, "{defined:?}");
        for u in &uses {
            assert!(defined.contains(&&u[1..]), "{u} is defined");
        }
        // No text is left to a font of the viewer's computer.
        assert!(!svg.contains("<text"), "{svg}");
    }
}
