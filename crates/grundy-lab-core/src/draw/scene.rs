//! The scene: a size, a background and a list of shapes.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A point `[x, y]` in scene units (origin top-left, `y` down).
pub type Point = [f32; 2];

/// A colour: red, green, blue, alpha, each 0..=255, not premultiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba(pub [u8; 4]);

impl Rgba {
    /// Opaque black.
    pub const BLACK: Rgba = Rgba([0, 0, 0, 255]);
    /// Opaque white.
    pub const WHITE: Rgba = Rgba([255, 255, 255, 255]);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba([r, g, b, 255])
    }

    /// A colour with alpha (0 = invisible, 255 = opaque).
    pub const fn new(r: u8, g: u8, b: u8, a: u8) -> Rgba {
        Rgba([r, g, b, a])
    }

    /// The same colour with another alpha.
    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba([self.0[0], self.0[1], self.0[2], a])
    }

    /// Alpha as a fraction 0..=1.
    pub fn alpha(self) -> f32 {
        self.0[3] as f32 / 255.0
    }

    /// `#rrggbb` (alpha left out), as CSS and SVG want it.
    pub fn hex_rgb(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0[0], self.0[1], self.0[2])
    }

    /// `#rrggbb` when opaque, `#rrggbbaa` otherwise.
    pub fn to_hex(self) -> String {
        if self.0[3] == 255 { self.hex_rgb() } else { format!("{}{:02x}", self.hex_rgb(), self.0[3]) }
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`.
    pub fn from_hex(s: &str) -> Result<Rgba, ColourError> {
        let bad = || ColourError { text: s.to_string() };
        let h = s.strip_prefix('#').ok_or_else(bad)?;
        if !h.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).map_err(|_| bad());
        match h.len() {
            3 => {
                let d = |i: usize| u8::from_str_radix(&h[i..i + 1], 16).map_err(|_| bad());
                Ok(Rgba::rgb(d(0)? * 17, d(1)? * 17, d(2)? * 17))
            }
            6 => Ok(Rgba::rgb(byte(0)?, byte(2)?, byte(4)?)),
            8 => Ok(Rgba([byte(0)?, byte(2)?, byte(4)?, byte(6)?])),
            _ => Err(bad()),
        }
    }
}

/// A text that is not a colour `#rgb`, `#rrggbb` or `#rrggbbaa`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourError {
    /// The text.
    pub text: String,
}

impl fmt::Display for ColourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a colour; write it as #rrggbb or #rrggbbaa", self.text)
    }
}

impl std::error::Error for ColourError {}

impl Serialize for Rgba {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Rgba {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rgba, D::Error> {
        let s = String::deserialize(d)?;
        Rgba::from_hex(&s).map_err(serde::de::Error::custom)
    }
}

/// How a line is drawn: its width in scene units and its colour.
/// Strokes always have round caps and round joins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Width in scene units.
    pub width: f32,
    /// Colour.
    pub color: Rgba,
}

impl Stroke {
    /// A stroke of this width and colour.
    pub const fn new(width: f32, color: Rgba) -> Stroke {
        Stroke { width, color }
    }
}

/// Which point of a text's box is placed at the text's position.
/// Vertically, `Top`/`Bottom` refer to the top of capital letters / the
/// baseline, and the middle is half way between (so digits look centred).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// Left end, top of the capitals.
    TopLeft,
    /// Horizontal middle, top.
    Top,
    /// Right end, top.
    TopRight,
    /// Left end, vertical middle.
    Left,
    /// Centre of the text.
    Center,
    /// Right end, vertical middle.
    Right,
    /// Left end on the baseline.
    BottomLeft,
    /// Horizontal middle on the baseline.
    Bottom,
    /// Right end on the baseline.
    BottomRight,
}

/// Height of capital letters and digits as a fraction of the em size, used
/// by every backend to place text vertically the same way.
pub const CAP_HEIGHT: f32 = 0.72;

impl Anchor {
    /// Horizontal alignment: 0 = start, 0.5 = middle, 1 = end.
    pub fn horizontal(self) -> f32 {
        use Anchor::*;
        match self {
            TopLeft | Left | BottomLeft => 0.0,
            Top | Center | Bottom => 0.5,
            TopRight | Right | BottomRight => 1.0,
        }
    }

    /// Distance from the anchor point down to the baseline, for text of em
    /// size `size`.
    pub fn baseline_offset(self, size: f32) -> f32 {
        use Anchor::*;
        match self {
            TopLeft | Top | TopRight => CAP_HEIGHT * size,
            Left | Center | Right => 0.5 * CAP_HEIGHT * size,
            BottomLeft | Bottom | BottomRight => 0.0,
        }
    }
}

/// One thing to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A straight segment with round caps.
    Line {
        /// One end.
        from: Point,
        /// The other end.
        to: Point,
        /// Width and colour.
        stroke: Stroke,
    },
    /// Connected segments through `points` (closed: back to the first),
    /// round caps and joins, not filled.
    Polyline {
        /// The corners in order.
        points: Vec<Point>,
        /// Whether the last point joins the first.
        closed: bool,
        /// Width and colour.
        stroke: Stroke,
    },
    /// A circle, filled and/or outlined.
    Circle {
        /// Centre.
        center: Point,
        /// Radius.
        radius: f32,
        /// Fill colour, if filled.
        fill: Option<Rgba>,
        /// Outline, if any (centred on the circle).
        stroke: Option<Stroke>,
    },
    /// An axis-aligned rectangle, filled and/or outlined.
    Rect {
        /// Top-left corner.
        min: Point,
        /// Bottom-right corner.
        max: Point,
        /// Fill colour, if filled.
        fill: Option<Rgba>,
        /// Outline, if any (centred on the edge).
        stroke: Option<Stroke>,
    },
    /// One line of text in the bundled font.
    Text {
        /// Where the anchor point of the text goes.
        pos: Point,
        /// The text (one line).
        text: String,
        /// Em size in scene units.
        size: f32,
        /// Colour.
        color: Rgba,
        /// Which point of the text is at `pos`.
        anchor: Anchor,
    },
}

/// A picture: `width` x `height` scene units, a background (`None` =
/// transparent) and shapes painted in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Width in scene units.
    pub width: f32,
    /// Height in scene units.
    pub height: f32,
    /// Background colour; `None` leaves the picture transparent.
    pub background: Option<Rgba>,
    /// The shapes, bottom first.
    pub shapes: Vec<Shape>,
}

impl Scene {
    /// An empty scene.
    pub fn new(width: f32, height: f32, background: Option<Rgba>) -> Scene {
        Scene { width, height, background, shapes: Vec::new() }
    }

    /// Adds a shape on top.
    pub fn push(&mut self, shape: Shape) {
        self.shapes.push(shape);
    }

    /// Adds a line segment.
    pub fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        self.push(Shape::Line { from, to, stroke });
    }

    /// Adds a text.
    pub fn text(&mut self, pos: Point, text: &str, size: f32, color: Rgba, anchor: Anchor) {
        self.push(Shape::Text { pos, text: text.to_string(), size, color, anchor });
    }

    /// The pixel size of the scene when its longer side is `px` pixels
    /// (each side at least 1 pixel).
    pub fn pixel_size(&self, px: u32) -> (u32, u32) {
        let long = self.width.max(self.height);
        if long.is_finite() && long > 0.0 {
            let s = px as f32 / long;
            let w = (self.width * s).round().max(1.0) as u32;
            let h = (self.height * s).round().max(1.0) as u32;
            (w, h)
        } else {
            (px.max(1), px.max(1))
        }
    }
}
