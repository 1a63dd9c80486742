//! The frame of a poster: title, axes with coordinates, and the legend,
//! drawn as a [`Scene`] around the map raster.

use super::palette::Palette;
use crate::draw::{Anchor, Rgba as Colour, Scene, Shape, Stroke};
use crate::grundy::{Table, TableKind};

/// The words of a poster's frame, in the reader's language (the library
/// writes English; the app passes its translations).
#[derive(Clone, Debug, PartialEq)]
pub struct PosterTexts {
    /// The title above the map.
    pub title: String,
    /// The heading of the legend: what the colours mean.
    pub legend: String,
    /// The legend's label for the values the highlight palette greys out.
    pub other: String,
}

impl PosterTexts {
    /// English texts for the window `win` of `table`: "Grundy numbers of
    /// queen, 256 × 256", or for a misère table "Grundy values of queen
    /// (misère), 256 × 256" (the legend says "misère g(x, y)").
    /// A game that ends on the triangle `x + y <= n` says so:
    /// "Grundy numbers of queen-t2 (end at x + y ≤ 2), 60 × 60".
    pub fn english(table: &Table, win: super::export::ExportWindow) -> Self {
        let mut rules = table.rules().label();
        if let Some(n) = table.rules().terminal.as_triangle().filter(|&n| n > 0) {
            rules.push_str(&format!(" (end at x + y ≤ {n})"));
        }
        let range = window_text(table, win);
        match table.kind() {
            TableKind::Grundy => PosterTexts {
                title: format!("Grundy numbers of {rules}, {range}"),
                legend: "g(x, y)".into(),
                other: Palette::OTHER.into(),
            },
            TableKind::Misere => PosterTexts {
                title: format!("Grundy values of {rules}, {range}"),
                legend: "misère g(x, y)".into(),
                other: Palette::OTHER.into(),
            },
        }
    }
}

/// The cells a poster shows, in words every language reads: "256 × 256" for
/// the whole table, else "x 10..19, y 0..9"; a plane of a three-heap table
/// says which first: "x = 3, y 10..19, z 0..9".
pub fn window_text(table: &Table, win: super::export::ExportWindow) -> String {
    // A plane of a three-heap table: which plane, and its coordinates.
    let plane = table.slice_source().filter(|s| s.full.depth() > 1);
    let name = |i: usize| crate::grundy::Axis::ALL[i].name();
    let (u, v) = plane.map_or((0, 1), |s| s.axis.plane_indices());
    let range = if (win.x0, win.y0, win.width, win.height) == (0, 0, table.width(), table.height()) {
        format!("{} × {}", table.width(), table.height())
    } else {
        format!(
            "{} {}..{}, {} {}..{}",
            name(u),
            win.x0,
            (win.x0 + win.width).saturating_sub(1),
            name(v),
            win.y0,
            (win.y0 + win.height).saturating_sub(1)
        )
    };
    match plane {
        Some(s) => format!("{} = {}, {range}", s.axis.name(), s.at),
        None => range,
    }
}

const INK: Colour = Colour([30, 30, 30, 255]);

/// The legend of a poster: its heading and what each colour means.
#[derive(Clone, Debug, PartialEq)]
pub struct Legend {
    /// The heading ("g(x, y)", "misère g(x, y)", "Difference view").
    pub heading: String,
    /// Each colour with what it means, in order.
    pub entries: Vec<(String, super::Rgba)>,
}

impl Legend {
    /// The legend of the map's own colours: the values of `palette` (at
    /// most 11 lines), the heading and the word for the values the
    /// highlight palette greys out from `texts`.
    pub fn of_values(table: &Table, palette: &Palette, highlight: &[u32], texts: &PosterTexts) -> Legend {
        let entries = palette
            .legend(table.max_value(), highlight, 11)
            .into_iter()
            .map(|(label, c)| (if label == Palette::OTHER { texts.other.clone() } else { label }, c))
            .collect();
        Legend { heading: texts.legend.clone(), entries }
    }
}

/// Where the parts of a framed poster go, from the map's size in pixels,
/// the title and the number of legend lines.
struct Layout {
    /// The em size of the legend's words.
    font: f32,
    /// The margin around the map (the axes' numbers stand in it).
    margin: f32,
    /// The framed picture's width and height.
    width: f32,
    height: f32,
}

impl Layout {
    fn new(w: usize, h: usize, title: &str, legend: &Legend) -> Layout {
        use crate::draw::font::text_width;
        let font = em_size(w, h);
        let margin = (font * 4.0).round();
        // The legend starts 2 em right of the map; its labels 1.6 em after
        // their swatches; 1 em to spare at the right edge.
        let labels = legend.entries.iter().map(|(l, _)| 1.6 * font + text_width(l, font * 0.8));
        let words = labels.fold(text_width(&legend.heading, font), f32::max);
        let legend_w = (font * 9.0).max(words + 3.0 * font - margin).round();
        // Room for the title and every legend entry, even beside a small map.
        let title_w = text_width(title, font * 1.3) + 2.0 * margin;
        let legend_h = font * 1.8 + legend.entries.len() as f32 * font * 1.5 + font;
        let width = (w as f32 + 2.0 * margin + legend_w).max(title_w);
        let height = (h as f32 + 2.0 * margin).max(margin + legend_h);
        Layout { font, margin, width, height }
    }

    /// The longer side in pixels: one scene unit a pixel.
    fn long_side(&self) -> u32 {
        self.width.max(self.height).round() as u32
    }

    fn scene(&self) -> Scene {
        Scene::new(self.width, self.height, Some(Colour([255, 255, 255, 255])))
    }

    /// The framed picture's size in pixels.
    fn pixel_size(&self) -> (usize, usize) {
        let (w, h) = self.scene().pixel_size(self.long_side());
        (w as usize, h as usize)
    }
}

/// The em size of a frame's words around a `w x h` map raster.
fn em_size(w: usize, h: usize) -> f32 {
    (w.max(h) as f32 * 0.018).clamp(14.0, 160.0)
}

/// Where the top-left pixel of the `w x h` map raster lands in its
/// [`frame`]: after the margin, on both sides.
pub fn framed_origin(w: usize, h: usize) -> (usize, usize) {
    let margin = (em_size(w, h) * 4.0).round() as usize;
    (margin, margin)
}

/// The size in pixels of the `w x h` map raster once [`frame`]d with
/// `title` and `legend`: the size of the file a poster writes.
pub fn framed_size(w: usize, h: usize, title: &str, legend: &Legend) -> (usize, usize) {
    Layout::new(w, h, title, legend).pixel_size()
}

/// The frame of a `w x h` map raster of the cells `win`, as a scene of
/// [`framed_size`] (one scene unit a pixel): white background, `title`,
/// axes and `legend`, with the map's place left empty at
/// [`framed_origin`]. The PNG poster rasterises it and copies the map's
/// pixels in; the SVG poster embeds them there as an image.
pub fn frame_scene(title: &str, legend: &Legend, win: super::export::ExportWindow, w: usize, h: usize) -> Scene {
    let layout = Layout::new(w, h, title, legend);
    let (font, margin) = (layout.font, layout.margin);
    let (sw, sh) = layout.pixel_size();
    // The scene has exactly the size of the file, so that the SVG's width
    // and height are the size the app says.
    let (kx, ky) = (sw as f32 / layout.width, sh as f32 / layout.height);
    let mut scene = Scene::new(sw as f32, sh as f32, layout.scene().background);
    scene.text([margin, margin * 0.3], title, font * 1.3, INK, Anchor::Left);
    // Axes: x to the right along the top, y down the left side, origin (0,0)
    // at the top left as in the sources.
    let (mx, my) = (margin, margin);
    let thin = Stroke { width: (font * 0.08).max(1.0), color: INK };
    // Nice tick values (1, 2 or 5 times a power of ten) within [from, from + len].
    let ticks = |from: usize, len: usize, pixels: usize| -> Vec<usize> {
        // About one number every four em, at most 8 along an axis.
        let count = (pixels as f64 / (font as f64 * 4.0)).clamp(1.0, 8.0);
        let raw = (len as f64 / count).max(1.0);
        let mag = 10f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(raw) as usize;
        let step = step.max(1);
        (from.div_ceil(step) * step..=from + len).step_by(step).collect()
    };
    let (sx, sy) = (w as f32 / win.width as f32, h as f32 / win.height as f32);
    for t in ticks(win.x0, win.width, w) {
        let x = mx + (t - win.x0) as f32 * sx;
        scene.line([x, my - font * 0.5], [x, my], thin);
        scene.text([x, my - font * 0.7], &t.to_string(), font * 0.8, INK, Anchor::Bottom);
    }
    for t in ticks(win.y0, win.height, h) {
        let y = my + (t - win.y0) as f32 * sy;
        scene.line([mx - font * 0.5, y], [mx, y], thin);
        scene.text([mx - font * 0.7, y], &t.to_string(), font * 0.8, INK, Anchor::Right);
    }
    // Axis names beyond the last tick of each axis, clear of the numbers.
    // The last tick's number may sit at the right edge, centred: start
    // after its half width (digits are about 0.45 em wide at 0.8 em).
    let digits = (win.x0 + win.width).to_string().len() as f32;
    scene.text([mx + w as f32 + font * (0.4 + 0.2 * digits), my - font * 0.7], "x →", font, INK, Anchor::BottomLeft);
    scene.text([mx - font * 0.7, my + h as f32 + font * 1.4], "y ↓", font, INK, Anchor::Right);
    // Legend: swatches with labels.
    let lx = mx + w as f32 + font * 2.0;
    scene.text([lx, my], &legend.heading, font, INK, Anchor::TopLeft);
    for (i, (label, c)) in legend.entries.iter().enumerate() {
        let y = my + font * 1.8 + i as f32 * font * 1.5;
        scene.push(Shape::Rect {
            min: [lx, y],
            max: [lx + font * 1.1, y + font * 1.1],
            fill: Some(Colour(*c)),
            stroke: Some(thin),
        });
        scene.text([lx + font * 1.6, y + font * 0.55], label, font * 0.8, INK, Anchor::Left);
    }
    scale(&mut scene, kx, ky);
    scene
}

/// Multiplies every coordinate of the shapes by `kx`, `ky` (a fraction of
/// a pixel on a poster: the layout rounded to whole pixels).
fn scale(scene: &mut Scene, kx: f32, ky: f32) {
    let p = |q: &mut crate::draw::Point| *q = [q[0] * kx, q[1] * ky];
    for shape in &mut scene.shapes {
        match shape {
            Shape::Line { from, to, .. } => {
                p(from);
                p(to);
            }
            Shape::Polyline { points, .. } => points.iter_mut().for_each(p),
            Shape::Circle { center, .. } => p(center),
            Shape::Rect { min, max, .. } => {
                p(min);
                p(max);
            }
            Shape::Text { pos, .. } => p(pos),
        }
    }
}

/// Put the `w x h` map raster of the cells `win` in a frame with `title`,
/// axes and `legend`. Returns the framed picture as RGBA, of
/// [`framed_size`].
pub fn frame(
    title: &str,
    legend: &Legend,
    win: super::export::ExportWindow,
    w: usize,
    h: usize,
    rgba: Vec<u8>,
) -> Result<(usize, usize, Vec<u8>), crate::draw::DrawError> {
    let scene = frame_scene(title, legend, win, w, h);
    let long = scene.width.max(scene.height).round() as u32;
    let (pw, ph, mut out) = crate::draw::png::render_rgba(&scene, long)?;
    let (ox, oy) = framed_origin(w, h);
    for y in 0..h.min(ph as usize - oy) {
        let src = &rgba[y * w * 4..][..w.min(pw as usize - ox) * 4];
        out[((oy + y) * pw as usize + ox) * 4..][..src.len()].copy_from_slice(src);
    }
    Ok((pw as usize, ph as usize, out))
}
