//! The picture of a design: one [`Scene`] for the screen, PNG and SVG.

use super::board::{Cell, Pos, Region};
use super::design::Design;
use super::graph::LeaperGraph;
use super::tour::Tour;
use crate::draw::{Anchor, Point, Scene, Shape, Stroke};

/// The side of one cell in scene units (so an SVG of an 8 x 8 board is
/// about 300 px wide before scaling).
pub const CELL: f32 = 32.0;

/// What to show in a picture.
#[derive(Clone, Copy, Debug, Default)]
pub struct ViewOptions<'a> {
    /// Draw the leaper graph of each region (every move as a straight line
    /// between cell centres). Drawn faintly when a tour is shown too.
    pub graph: bool,
    /// A tour per region (A, B) to draw as a path over the cells.
    pub tours: [Option<&'a Tour>; 2],
    /// Number the cells of each shown tour in visiting order (from 1), the
    /// puzzle-solution view.
    pub numbered: bool,
}

/// Where the board lies in the scene: cell `(x, y)` covers
/// `origin + CELL * [x, y] .. origin + CELL * [x + 1, y + 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Top-left corner of cell (0, 0).
    pub origin: Point,
    /// Side of a cell (always [`CELL`]).
    pub cell: f32,
    /// Board width in cells.
    pub width: usize,
    /// Board height in cells.
    pub height: usize,
}

impl Layout {
    /// The layout of `design`'s board with its style's margin.
    pub fn of(design: &Design) -> Layout {
        let m = design.style.margin.clamp(0.0, 20.0) * CELL;
        Layout { origin: [m, m], cell: CELL, width: design.board.width(), height: design.board.height() }
    }

    /// Scene size: the board plus the margin all round.
    pub fn size(&self) -> [f32; 2] {
        [self.width as f32 * self.cell + 2.0 * self.origin[0], self.height as f32 * self.cell + 2.0 * self.origin[1]]
    }

    /// The centre of cell `p`.
    pub fn centre(&self, p: Pos) -> Point {
        [self.origin[0] + (p.x as f32 + 0.5) * self.cell, self.origin[1] + (p.y as f32 + 0.5) * self.cell]
    }

    /// The cell under scene point `q`, if any (for mouse picking).
    pub fn cell_at(&self, q: Point) -> Option<Pos> {
        let x = ((q[0] - self.origin[0]) / self.cell).floor();
        let y = ((q[1] - self.origin[1]) / self.cell).floor();
        (x >= 0.0 && y >= 0.0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| Pos::new(x as u16, y as u16))
    }
}

/// Builds the picture of `design` as `view` asks: cell outlines, graph
/// lines, tour paths, vertex dots and numbers, in that order.
pub fn scene(design: &Design, view: &ViewOptions) -> Scene {
    let st = &design.style;
    let lay = Layout::of(design);
    let [w, h] = lay.size();
    let mut s = Scene::new(w, h, (!st.transparent).then_some(st.background));
    let c = lay.cell;
    let board = &design.board;
    let line_w = st.line_width.clamp(0.0, 1.0) * c;

    if st.outlines {
        let inset = 0.04 * c;
        for y in 0..board.height() {
            for x in 0..board.width() {
                let p = Pos::new(x as u16, y as u16);
                let cell = board.at(p);
                if cell == Cell::Hole {
                    continue;
                }
                let tint = st.lines[(cell == Cell::B) as usize].with_alpha(14);
                let o = [lay.origin[0] + x as f32 * c, lay.origin[1] + y as f32 * c];
                s.push(Shape::Rect {
                    min: [o[0] + inset, o[1] + inset],
                    max: [o[0] + c - inset, o[1] + c - inset],
                    fill: Some(tint),
                    stroke: Some(Stroke::new(0.025 * c, st.outline_color)),
                });
            }
        }
    }

    for region in Region::BOTH {
        let r = region.index();
        let tour = view.tours[r];
        if view.graph {
            let g = LeaperGraph::of_region(board, region, design.leaper);
            // Under a tour the graph is a faint web; alone it is the picture.
            let color = if tour.is_some() {
                st.lines[r].with_alpha((st.lines[r].0[3] as u32 * 70 / 255) as u8)
            } else {
                st.lines[r]
            };
            let stroke = Stroke::new(if tour.is_some() { line_w * 0.7 } else { line_w }, color);
            for (u, v) in g.edges() {
                s.line(lay.centre(g.cell(u)), lay.centre(g.cell(v)), stroke);
            }
        }
        if let Some(t) = tour
            && !t.cells.is_empty()
        {
            let points: Vec<Point> = t.cells.iter().map(|&p| lay.centre(p)).collect();
            s.push(Shape::Polyline { points, closed: t.closed, stroke: Stroke::new(line_w * 1.8, st.lines[r]) });
            // Mark where the tour starts (and, for an open tour, ends).
            if !view.numbered {
                s.push(Shape::Circle {
                    center: lay.centre(t.cells[0]),
                    radius: 0.26 * c,
                    fill: None,
                    stroke: Some(Stroke::new(line_w * 1.4, st.dot_colors[r])),
                });
            }
        }
    }

    for region in Region::BOTH {
        let r = region.index();
        let numbers = view.tours[r].filter(|_| view.numbered);
        if numbers.is_none() && !st.dots {
            continue;
        }
        let order = numbers.map(|t| t.numbering(board.width(), board.height()));
        for p in board.region_cells(region) {
            let centre = lay.centre(p);
            let k = order.as_ref().and_then(|o| o[p.y as usize * board.width() + p.x as usize]);
            match k {
                Some(k) => {
                    s.push(Shape::Circle {
                        center: centre,
                        radius: 0.36 * c,
                        fill: Some(st.dot_colors[r]),
                        stroke: None,
                    });
                    let label = (k + 1).to_string();
                    let size = match label.len() {
                        1 | 2 => 0.38,
                        3 => 0.3,
                        _ => 0.22,
                    } * c;
                    s.text(centre, &label, size, st.number_color, Anchor::Center);
                }
                None if st.dots => s.push(Shape::Circle {
                    center: centre,
                    radius: st.dot_radius.clamp(0.0, 0.5) * c,
                    fill: Some(st.dot_colors[r]),
                    stroke: None,
                }),
                None => {}
            }
        }
    }
    s
}
