//! The egui backend of [`crate::draw::Scene`]: paints a scene into a
//! rectangle of the screen, scaled to fit and centred, with the same shapes,
//! colours and font as the PNG and SVG backends, so the screen shows what an
//! export will contain.

use crate::draw::{Point, Rgba, Scene, Shape, Stroke};
use egui::{Color32, FontFamily, FontId, Pos2, Rect, pos2, vec2};

/// Where a scene was painted: `screen = offset + scale * scene`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneTransform {
    /// Screen points per scene unit.
    pub scale: f32,
    /// Screen position of the scene's origin.
    pub offset: Pos2,
    /// The screen rectangle the scene covers.
    pub rect: Rect,
}

impl SceneTransform {
    /// The transform that fits a `width` x `height` scene into `area`,
    /// keeping its proportions, centred.
    pub fn fit(width: f32, height: f32, area: Rect) -> SceneTransform {
        let (w, h) = (width.max(1e-3), height.max(1e-3));
        let scale = (area.width() / w).min(area.height() / h).max(1e-3);
        let size = vec2(w * scale, h * scale);
        let rect = Rect::from_center_size(area.center(), size);
        SceneTransform { scale, offset: rect.min, rect }
    }

    /// The screen position of scene point `p`.
    pub fn to_screen(&self, p: Point) -> Pos2 {
        self.offset + vec2(p[0], p[1]) * self.scale
    }

    /// The scene point under screen position `p`.
    pub fn to_scene(&self, p: Pos2) -> Point {
        let q = (p - self.offset) / self.scale;
        [q.x, q.y]
    }
}

/// The colour as egui wants it.
pub fn color(c: Rgba) -> Color32 {
    super::theme::library_colour(c.0)
}

fn stroke(s: &Stroke, scale: f32) -> egui::Stroke {
    egui::Stroke::new((s.width * scale).max(0.5), color(s.color))
}

/// The font family of scene texts: the bundled face the PNG and SVG
/// backends use (registered by [`super::fonts::definitions`]).
pub fn scene_family() -> FontFamily {
    FontFamily::Name(super::fonts::SCENE_FAMILY.into())
}

/// The font family of the runs of scene texts the backends draw in their
/// math face ([`crate::draw::font::Face::Math`]).
pub fn scene_math_family() -> FontFamily {
    FontFamily::Name(super::fonts::SCENE_MATH_FAMILY.into())
}

/// One line of scene text, each run in the face the PNG and SVG backends
/// draw it with (so ≤ is never drawn by the text face, which swaps it).
fn scene_text_job(text: &str, em: f32, colour: Color32) -> egui::text::LayoutJob {
    use crate::draw::font::{Face, runs};
    let mut job = egui::text::LayoutJob::default();
    for (face, run) in runs(text) {
        let family = match face {
            // The scene family holds the kanji face after the text face.
            Face::Text | Face::Kanji => scene_family(),
            Face::Math => scene_math_family(),
        };
        job.append(run, 0.0, egui::TextFormat::simple(FontId::new(em, family), colour));
    }
    job.wrap.max_width = f32::INFINITY;
    job
}

/// A round-capped segment: egui strokes have butt ends, so caps are discs.
fn segment(shapes: &mut Vec<egui::Shape>, a: Pos2, b: Pos2, st: egui::Stroke) {
    shapes.push(egui::Shape::line_segment([a, b], st));
    if st.width >= 2.0 {
        // Round caps; invisible under thin lines, so only for thick ones.
        shapes.push(egui::Shape::circle_filled(a, st.width / 2.0, st.color));
        shapes.push(egui::Shape::circle_filled(b, st.width / 2.0, st.color));
    }
}

/// Paints `scene` fitted into `area` and returns where it went. A missing
/// background leaves a light checkerboard, so transparency shows.
pub fn paint(painter: &egui::Painter, scene: &Scene, area: Rect) -> SceneTransform {
    let t = SceneTransform::fit(scene.width, scene.height, area);
    let s = t.scale;
    match scene.background {
        Some(bg) => {
            painter.rect_filled(t.rect, 0.0, color(bg));
        }
        None => checkerboard(painter, t.rect),
    }
    let mut shapes = Vec::with_capacity(scene.shapes.len() + 8);
    for shape in &scene.shapes {
        match shape {
            Shape::Line { from, to, stroke: st } => {
                segment(&mut shapes, t.to_screen(*from), t.to_screen(*to), stroke(st, s));
            }
            Shape::Polyline { points, closed, stroke: st } => {
                let pts: Vec<Pos2> = points.iter().map(|&p| t.to_screen(p)).collect();
                let est = stroke(st, s);
                if pts.len() >= 2 {
                    if *closed {
                        shapes.push(egui::Shape::closed_line(pts.clone(), est));
                    } else {
                        shapes.push(egui::Shape::line(pts.clone(), est));
                    }
                    // Round joins and caps.
                    if est.width >= 2.0 {
                        for &p in &pts {
                            shapes.push(egui::Shape::circle_filled(p, est.width / 2.0, est.color));
                        }
                    }
                }
            }
            Shape::Circle { center, radius, fill, stroke: st } => {
                let c = t.to_screen(*center);
                let r = radius * s;
                if let Some(f) = fill {
                    shapes.push(egui::Shape::circle_filled(c, r, color(*f)));
                }
                if let Some(st) = st {
                    shapes.push(egui::Shape::circle_stroke(c, r, stroke(st, s)));
                }
            }
            Shape::Rect { min, max, fill, stroke: st } => {
                let r = Rect::from_min_max(t.to_screen(*min), t.to_screen(*max));
                if let Some(f) = fill {
                    shapes.push(egui::Shape::rect_filled(r, 0.0, color(*f)));
                }
                if let Some(st) = st {
                    shapes.push(egui::Shape::rect_stroke(r, 0.0, stroke(st, s), egui::StrokeKind::Middle));
                }
            }
            Shape::Text { pos, text, size, color: c, anchor } => {
                let em = size * s;
                if em < 3.0 {
                    continue; // unreadable anyway; saves laying out thousands of labels
                }
                let galley = painter.layout_job(scene_text_job(text, em, color(*c)));
                // The scene anchors text by its width and its baseline.
                let baseline = galley
                    .rows
                    .first()
                    .and_then(|r| r.row.glyphs.first().map(|g| r.pos.y + g.pos.y))
                    .unwrap_or(0.8 * em);
                let at = t.to_screen(*pos);
                let x = at.x - anchor.horizontal() * galley.size().x;
                let y = at.y + anchor.baseline_offset(em) - baseline;
                shapes.push(egui::Shape::galley(pos2(x, y), galley, color(*c)));
            }
        }
    }
    painter.extend(shapes);
    t
}

/// A light grey checkerboard: the usual sign for "transparent".
fn checkerboard(painter: &egui::Painter, r: Rect) {
    let pal = super::theme::current(painter.ctx());
    painter.rect_filled(r, 0.0, pal.transparent_light);
    let step = 12.0;
    let dark = pal.transparent_dark;
    let mut y = r.min.y;
    let mut row = 0;
    while y < r.max.y {
        let mut x = r.min.x + if row % 2 == 0 { 0.0 } else { step };
        while x < r.max.x {
            let cell = Rect::from_min_max(pos2(x, y), pos2((x + step).min(r.max.x), (y + step).min(r.max.y)));
            painter.rect_filled(cell, 0.0, dark);
            x += 2.0 * step;
        }
        y += step;
        row += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_centres_and_inverts() {
        let area = Rect::from_min_size(pos2(10.0, 20.0), vec2(400.0, 200.0));
        let t = SceneTransform::fit(100.0, 100.0, area);
        assert_eq!(t.scale, 2.0);
        assert_eq!(t.rect.center(), area.center());
        let p = t.to_screen([25.0, 50.0]);
        let back = t.to_scene(p);
        assert!((back[0] - 25.0).abs() < 1e-4 && (back[1] - 50.0).abs() < 1e-4);
        assert_eq!(color(Rgba::new(1, 2, 3, 255)).to_array(), [1, 2, 3, 255]);
    }
}
