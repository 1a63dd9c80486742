//! PNG backend: tiny-skia (anti-aliased) for pixels, the `image` crate for
//! encoding, the bundled faces (via ab_glyph outlines) for text.

use super::font::{face_font, layout};
use super::{DrawError, Rgba, Scene, Shape, Stroke, write_atomic};
use ab_glyph::{Font, OutlineCurve};
use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use rayon::prelude::*;
use std::path::Path;
use tiny_skia::{Color, FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, PixmapMut, Rect, Transform};

/// The largest side, in pixels, of a PNG we agree to draw (about 576 MB of
/// pixels at the largest).
pub const MAX_SIDE_PX: u32 = 12_000;

fn paint(c: Rgba) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.0[0], c.0[1], c.0[2], c.0[3]);
    p.anti_alias = true;
    p
}

fn ts_stroke(s: &Stroke) -> tiny_skia::Stroke {
    tiny_skia::Stroke {
        width: s.width.max(0.0),
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Default::default()
    }
}

/// Rasterises `scene` with its longer side `px` pixels. The pixmap holds
/// premultiplied RGBA.
pub fn render(scene: &Scene, px: u32) -> Result<Pixmap, DrawError> {
    if px == 0 || px > MAX_SIDE_PX {
        return Err(DrawError::PixelSize { px });
    }
    if !(scene.width.is_finite() && scene.height.is_finite()) || scene.width <= 0.0 || scene.height <= 0.0 {
        return Err(DrawError::SceneSize { width: scene.width, height: scene.height });
    }
    let (w, h) = scene.pixel_size(px);
    // The pixmap, and the encoded file of at most the same size.
    let picture = crate::grundy::Allocation::Picture { width: w as usize, height: h as usize };
    crate::grundy::check_fits(picture, (w as u64) * (h as u64) * 4 * 2).map_err(DrawError::Memory)?;
    // Large pictures are drawn as horizontal strips in parallel.
    let strips = if (w as u64) * (h as u64) > 2_000_000 { rayon::current_num_threads() * 4 } else { 1 };
    render_strips(scene, px, strips)
}

/// Rasterises in `strips` horizontal strips drawn in parallel, straight into
/// the final pixels; each shape goes only to the strips it touches. (Shifting
/// the origin by whole rows changes a few anti-aliased edge pixels by
/// rounding only.)
fn render_strips(scene: &Scene, px: u32, strips: usize) -> Result<Pixmap, DrawError> {
    let (w, h) = scene.pixel_size(px);
    let mut pm = Pixmap::new(w, h).ok_or(DrawError::Allocate { width: w, height: h })?;
    let (sx, sy) = (w as f32 / scene.width, h as f32 / scene.height);
    let strips = strips.clamp(1, h as usize);
    let strip_h = (h as usize).div_ceil(strips);
    let row = w as usize * 4;
    pm.data_mut().par_chunks_mut(strip_h * row).enumerate().for_each(|(i, chunk)| {
        let rows = (chunk.len() / row) as u32;
        let Some(mut part) = PixmapMut::from_bytes(chunk, w, rows) else {
            return;
        };
        if let Some(bg) = scene.background {
            part.fill(Color::from_rgba8(bg.0[0], bg.0[1], bg.0[2], bg.0[3]));
        }
        let y0 = (i * strip_h) as f32;
        let t = Transform::from_row(sx, 0.0, 0.0, sy, 0.0, -y0);
        let (top, bottom) = (y0 / sy, (y0 + rows as f32) / sy);
        for shape in &scene.shapes {
            let (a, b) = y_range(shape);
            if b >= top && a <= bottom {
                draw_shape(&mut part, shape, t);
            }
        }
    });
    Ok(pm)
}

/// The vertical extent of a shape in scene units (generous for text).
fn y_range(shape: &Shape) -> (f32, f32) {
    let half = |s: &Option<Stroke>| s.map_or(0.0, |s| s.width / 2.0);
    let (a, b) = match shape {
        Shape::Line { from, to, stroke } => {
            let r = stroke.width / 2.0;
            (from[1].min(to[1]) - r, from[1].max(to[1]) + r)
        }
        Shape::Polyline { points, stroke, .. } => {
            let r = stroke.width / 2.0;
            let lo = points.iter().map(|p| p[1]).fold(f32::INFINITY, f32::min);
            let hi = points.iter().map(|p| p[1]).fold(f32::NEG_INFINITY, f32::max);
            (lo - r, hi + r)
        }
        Shape::Circle { center, radius, stroke, .. } => {
            let r = radius + half(stroke);
            (center[1] - r, center[1] + r)
        }
        Shape::Rect { min, max, stroke, .. } => (min[1] - half(stroke), max[1] + half(stroke)),
        Shape::Text { pos, size, .. } => (pos[1] - 2.0 * size, pos[1] + 2.0 * size),
    };
    // A non-finite extent is drawn everywhere rather than lost.
    if a.is_finite() && b.is_finite() { (a - 1.0, b + 1.0) } else { (f32::NEG_INFINITY, f32::INFINITY) }
}

fn draw_shape(pm: &mut PixmapMut, shape: &Shape, t: Transform) {
    match shape {
        Shape::Line { from, to, stroke } => {
            let mut pb = PathBuilder::new();
            pb.move_to(from[0], from[1]);
            pb.line_to(to[0], to[1]);
            if let Some(path) = pb.finish() {
                pm.stroke_path(&path, &paint(stroke.color), &ts_stroke(stroke), t, None);
            }
        }
        Shape::Polyline { points, closed, stroke } => {
            let mut pb = PathBuilder::new();
            for (i, p) in points.iter().enumerate() {
                if i == 0 {
                    pb.move_to(p[0], p[1]);
                } else {
                    pb.line_to(p[0], p[1]);
                }
            }
            if *closed {
                pb.close();
            }
            if let Some(path) = pb.finish() {
                pm.stroke_path(&path, &paint(stroke.color), &ts_stroke(stroke), t, None);
            }
        }
        Shape::Circle { center, radius, fill, stroke } => {
            if let Some(path) = PathBuilder::from_circle(center[0], center[1], *radius) {
                if let Some(f) = fill {
                    pm.fill_path(&path, &paint(*f), FillRule::Winding, t, None);
                }
                if let Some(s) = stroke {
                    pm.stroke_path(&path, &paint(s.color), &ts_stroke(s), t, None);
                }
            }
        }
        Shape::Rect { min, max, fill, stroke } => {
            if let Some(r) = Rect::from_ltrb(min[0], min[1], max[0], max[1]) {
                if let Some(f) = fill {
                    pm.fill_rect(r, &paint(*f), t, None);
                }
                if let Some(s) = stroke {
                    let path = PathBuilder::from_rect(r);
                    let mut st = ts_stroke(s);
                    st.line_cap = LineCap::Butt;
                    st.line_join = LineJoin::Miter;
                    pm.stroke_path(&path, &paint(s.color), &st, t, None);
                }
            }
        }
        Shape::Text { pos, text, size, color, anchor } => draw_text(pm, pos, text, *size, *color, *anchor, t),
    }
}

fn draw_text(
    pm: &mut PixmapMut,
    pos: &[f32; 2],
    text: &str,
    size: f32,
    color: Rgba,
    anchor: super::Anchor,
    t: Transform,
) {
    if !(size.is_finite() && size > 0.0) {
        return;
    }
    let x0 = pos[0] - anchor.horizontal() * super::font::text_width(text, size);
    let base = pos[1] + anchor.baseline_offset(size);
    let mut pb = PathBuilder::new();
    for placed in layout(text, size) {
        let Some(f) = face_font(placed.face) else { continue };
        let scale = size / f.units_per_em().unwrap_or(1000.0);
        let gx = placed.x;
        let Some(outline) = f.outline(placed.id) else {
            continue;
        };
        let map = |p: ab_glyph::Point| (x0 + gx + p.x * scale, base - p.y * scale);
        let mut last: Option<(f32, f32)> = None;
        for c in &outline.curves {
            let (start, end) = match c {
                OutlineCurve::Line(a, b) => (*a, *b),
                OutlineCurve::Quad(a, _, b) => (*a, *b),
                OutlineCurve::Cubic(a, _, _, b) => (*a, *b),
            };
            let s = map(start);
            if last != Some(s) {
                if last.is_some() {
                    pb.close();
                }
                pb.move_to(s.0, s.1);
            }
            match c {
                OutlineCurve::Line(_, b) => {
                    let b = map(*b);
                    pb.line_to(b.0, b.1);
                }
                OutlineCurve::Quad(_, c1, b) => {
                    let (c1, b) = (map(*c1), map(*b));
                    pb.quad_to(c1.0, c1.1, b.0, b.1);
                }
                OutlineCurve::Cubic(_, c1, c2, b) => {
                    let (c1, c2, b) = (map(*c1), map(*c2), map(*b));
                    pb.cubic_to(c1.0, c1.1, c2.0, c2.1, b.0, b.1);
                }
            }
            last = Some(map(end));
        }
        if last.is_some() {
            pb.close();
        }
    }
    if let Some(path) = pb.finish() {
        pm.fill_path(&path, &paint(color), FillRule::Winding, t, None);
    }
}

/// The scene as straight (not premultiplied) RGBA8 pixels, row by row:
/// `(width, height, bytes)`.
pub fn render_rgba(scene: &Scene, px: u32) -> Result<(u32, u32, Vec<u8>), DrawError> {
    let pm = render(scene, px)?;
    let (w, h) = (pm.width(), pm.height());
    Ok((w, h, pm.take_demultiplied()))
}

/// Encodes straight RGBA8 pixels as PNG with fast compression and the
/// `Sub` filter (measured: faster than adaptive filtering and smaller on
/// these pictures; converting opaque pictures to RGB first costs more than
/// it saves).
pub fn encode_rgba(w: u32, h: u32, rgba: &[u8]) -> Result<Vec<u8>, DrawError> {
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Sub)
        .write_image(rgba, w, h, image::ExtendedColorType::Rgba8)
        .map_err(|e| DrawError::Encode(e.to_string()))?;
    Ok(out)
}

/// The scene as PNG file bytes, longer side `px` pixels.
pub fn to_png_bytes(scene: &Scene, px: u32) -> Result<Vec<u8>, DrawError> {
    let pm = render(scene, px)?;
    let (w, h) = (pm.width(), pm.height());
    // Premultiplied equals straight where every pixel is opaque.
    let opaque = scene.background.is_some_and(|b| b.0[3] == 255);
    let data = if opaque { pm.take() } else { pm.take_demultiplied() };
    encode_rgba(w, h, &data)
}

/// Draws `scene` (longer side `px` pixels) and writes it to `path` as PNG,
/// atomically (no half-written file on failure).
pub fn write_png(scene: &Scene, px: u32, path: &Path) -> Result<(), DrawError> {
    let bytes = to_png_bytes(scene, px)?;
    write_atomic(path, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::{Anchor, Stroke};

    #[test]
    fn background_line_and_text() {
        let mut s = Scene::new(100.0, 50.0, Some(Rgba::rgb(10, 20, 30)));
        s.line([10.0, 25.0], [90.0, 25.0], Stroke::new(4.0, Rgba::WHITE));
        s.text([50.0, 10.0], "8", 12.0, Rgba::rgb(255, 0, 0), Anchor::Center);
        let (w, h, px) = render_rgba(&s, 200).unwrap();
        assert_eq!((w, h), (200, 100));
        let at = |x: u32, y: u32| &px[((y * w + x) * 4) as usize..][..4];
        assert_eq!(at(0, 0), &[10, 20, 30, 255]);
        assert_eq!(at(100, 50), &[255, 255, 255, 255]);
        let red = (0..40u32)
            .flat_map(|y| (80..120u32).map(move |x| (x, y)))
            .filter(|&(x, y)| at(x, y)[0] > 200 && at(x, y)[1] < 50)
            .count();
        assert!(red > 20, "the digit must leave red pixels, found {red}");
    }

    #[test]
    fn strips_draw_the_same_pixels_as_one_pass() {
        let mut s = Scene::new(40.0, 30.0, Some(Rgba::rgb(1, 2, 3)));
        for i in 0..12 {
            let f = i as f32;
            s.line([f * 3.0, 0.0], [40.0 - f, 30.0], Stroke::new(0.7, Rgba::new(200, 100, f as u8 * 20, 200)));
            s.push(Shape::Circle { center: [f * 3.3, f * 2.4], radius: 1.5, fill: Some(Rgba::WHITE), stroke: None });
        }
        s.text([20.0, 15.0], "Knight 42", 6.0, Rgba::BLACK, Anchor::Center);
        let one = render_strips(&s, 401, 1).unwrap();
        let many = render_strips(&s, 401, 7).unwrap();
        // The same picture: a shifted origin changes the fixed-point rounding
        // of a few anti-aliased edge pixels slightly, nothing else.
        let diffs: Vec<u8> =
            one.data().iter().zip(many.data()).map(|(a, b)| a.abs_diff(*b)).filter(|&d| d > 0).collect();
        let max = diffs.iter().copied().max().unwrap_or(0);
        assert!(max < 64 && diffs.len() * 200 < one.data().len(), "{} bytes differ, by up to {max}", diffs.len());
    }

    #[test]
    fn bad_sizes_are_errors() {
        let s = Scene::new(10.0, 10.0, None);
        assert_eq!(render(&s, 0).err(), Some(DrawError::PixelSize { px: 0 }));
        assert_eq!(render(&s, MAX_SIDE_PX + 1).err(), Some(DrawError::PixelSize { px: MAX_SIDE_PX + 1 }));
        let flat = Scene::new(0.0, 3.0, None);
        assert_eq!(render(&flat, 10).err(), Some(DrawError::SceneSize { width: 0.0, height: 3.0 }));
    }
}
