//! Pan and zoom of a map view as plain arithmetic: which cell is under a
//! point, zooming about a point, fitting a table. Coordinates on screen are
//! relative to the top-left corner of the map's rectangle, in pixels.

use serde::{Deserialize, Serialize};

/// The smallest and largest zoom, in pixels per cell.
pub const ZOOM_RANGE: (f64, f64) = (1.0 / 4096.0, 256.0);

/// A view of the infinite quarter-plane of cells: the cell coordinate at
/// the top-left corner and the size of a cell in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Camera {
    /// Cell coordinate (fractional) at the top-left corner of the view.
    pub x0: f64,
    /// Cell coordinate (fractional) at the top-left corner of the view.
    pub y0: f64,
    /// Pixels per cell.
    pub zoom: f64,
}

impl Camera {
    /// Whether the numbers are finite and the zoom within [`ZOOM_RANGE`]
    /// (a camera read from a damaged file may be neither).
    pub fn is_usable(&self) -> bool {
        self.x0.is_finite()
            && self.y0.is_finite()
            && (ZOOM_RANGE.0..=ZOOM_RANGE.1).contains(&self.zoom)
            && self.x0.abs() < 1e9
            && self.y0.abs() < 1e9
    }
}

impl Default for Camera {
    fn default() -> Self {
        Camera { x0: 0.0, y0: 0.0, zoom: 1.0 }
    }
}

impl Camera {
    /// The camera that shows a `w x h` table whole in a `vw x vh` pixel view,
    /// centred.
    pub fn fit(w: usize, h: usize, vw: f64, vh: f64) -> Camera {
        let zoom = (vw / w.max(1) as f64).min(vh / h.max(1) as f64).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        let x0 = (w as f64 - vw / zoom) / 2.0;
        let y0 = (h as f64 - vh / zoom) / 2.0;
        Camera { x0: x0.min(0.0), y0: y0.min(0.0), zoom }
    }

    /// The cell coordinate (fractional) under pixel `(px, py)`.
    pub fn to_cell(&self, px: f64, py: f64) -> (f64, f64) {
        (self.x0 + px / self.zoom, self.y0 + py / self.zoom)
    }

    /// The pixel of cell coordinate `(x, y)`.
    pub fn to_pixel(&self, x: f64, y: f64) -> (f64, f64) {
        ((x - self.x0) * self.zoom, (y - self.y0) * self.zoom)
    }

    /// The whole cell under a pixel, if it is in the quarter-plane.
    pub fn cell_at(&self, px: f64, py: f64) -> Option<(usize, usize)> {
        let (x, y) = self.to_cell(px, py);
        (x >= 0.0 && y >= 0.0).then_some((x.floor() as usize, y.floor() as usize))
    }

    /// Zoom by `factor` keeping the cell under pixel `(px, py)` in place.
    pub fn zoom_about(&mut self, factor: f64, px: f64, py: f64) {
        let (cx, cy) = self.to_cell(px, py);
        self.zoom = (self.zoom * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        self.x0 = cx - px / self.zoom;
        self.y0 = cy - py / self.zoom;
    }

    /// Move the view by a pixel offset (dragging the map by `(dx, dy)`
    /// moves the cells with the pointer).
    pub fn pan_pixels(&mut self, dx: f64, dy: f64) {
        self.x0 -= dx / self.zoom;
        self.y0 -= dy / self.zoom;
    }

    /// Centre the view on cell `(x, y)` in a `vw x vh` view.
    pub fn centre_on(&mut self, x: f64, y: f64, vw: f64, vh: f64) {
        self.x0 = x + 0.5 - vw / 2.0 / self.zoom;
        self.y0 = y + 0.5 - vh / 2.0 / self.zoom;
    }

    /// The range of whole cells visible in a `vw x vh` view, clipped to a
    /// `w x h` table: `(x range, y range)`.
    pub fn visible_cells(
        &self,
        vw: f64,
        vh: f64,
        w: usize,
        h: usize,
    ) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let clip = |a: f64, b: f64, n: usize| -> std::ops::Range<usize> {
            let lo = a.floor().max(0.0).min(n as f64) as usize;
            let hi = b.ceil().max(0.0).min(n as f64) as usize;
            lo..hi.max(lo)
        };
        let (x1, y1) = self.to_cell(vw, vh);
        (clip(self.x0, x1, w), clip(self.y0, y1, h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_keeps_the_cell_under_the_pointer() {
        let mut c = Camera { x0: 10.0, y0: 20.0, zoom: 2.0 };
        let before = c.to_cell(300.0, 200.0);
        c.zoom_about(3.5, 300.0, 200.0);
        let after = c.to_cell(300.0, 200.0);
        assert!((before.0 - after.0).abs() < 1e-9 && (before.1 - after.1).abs() < 1e-9);
        assert_eq!(c.zoom, 7.0);
    }

    #[test]
    fn fit_shows_the_whole_table() {
        let c = Camera::fit(16384, 16384, 1000.0, 800.0);
        let (xs, ys) = c.visible_cells(1000.0, 800.0, 16384, 16384);
        assert_eq!((xs, ys), (0..16384, 0..16384));
        assert_eq!(c.cell_at(0.0, 100.0), None);
    }

    #[test]
    fn pan_moves_cells_with_the_pointer() {
        let mut c = Camera { x0: 0.0, y0: 0.0, zoom: 4.0 };
        let cell = c.cell_at(41.0, 41.0).unwrap();
        c.pan_pixels(-40.0, -40.0);
        assert_eq!(c.cell_at(1.0, 1.0).unwrap(), cell);
        c.centre_on(100.0, 50.0, 400.0, 200.0);
        assert_eq!(c.cell_at(200.0, 100.0), Some((100, 50)));
    }
}
