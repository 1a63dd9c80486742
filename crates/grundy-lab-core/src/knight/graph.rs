//! The leaper graph of one region: a vertex per cell of the region, an edge
//! between two cells one leaper move apart.

use super::board::{Board, Pos, Region};
use super::leaper::Leaper;

const NO_VERTEX: u32 = u32::MAX;

/// The leaper graph of a set of cells of a `width` x `height` rectangle,
/// stored as adjacency lists (compressed rows). Vertices are numbered in
/// row-major order of their cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaperGraph {
    width: usize,
    height: usize,
    leaper: Leaper,
    cells: Vec<Pos>,
    vertex_of: Vec<u32>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl LeaperGraph {
    /// The graph of the cells of `width` x `height` for which `inside(x, y)`
    /// holds. Sides up to 65535 (more than a board allows: benchmarks use
    /// 1000 x 1000 rectangles).
    pub fn from_fn(width: usize, height: usize, leaper: Leaper, inside: impl Fn(usize, usize) -> bool) -> LeaperGraph {
        let (width, height) = (width.min(65_535), height.min(65_535));
        let mut vertex_of = vec![NO_VERTEX; width * height];
        let mut cells = Vec::new();
        for y in 0..height {
            for x in 0..width {
                if inside(x, y) {
                    vertex_of[y * width + x] = cells.len() as u32;
                    cells.push(Pos::new(x as u16, y as u16));
                }
            }
        }
        let moves = leaper.moves();
        let mut offsets = Vec::with_capacity(cells.len() + 1);
        let mut targets = Vec::with_capacity(cells.len() * moves.len());
        offsets.push(0);
        for p in &cells {
            for &(dx, dy) in &moves {
                let (x, y) = (p.x as i64 + dx as i64, p.y as i64 + dy as i64);
                if x >= 0 && y >= 0 && (x as usize) < width && (y as usize) < height {
                    let v = vertex_of[y as usize * width + x as usize];
                    if v != NO_VERTEX {
                        targets.push(v);
                    }
                }
            }
            offsets.push(targets.len() as u32);
        }
        LeaperGraph { width, height, leaper, cells, vertex_of, offsets, targets }
    }

    /// The leaper graph of `region` of `board`.
    pub fn of_region(board: &Board, region: Region, leaper: Leaper) -> LeaperGraph {
        let c = region.cell();
        LeaperGraph::from_fn(board.width(), board.height(), leaper, |x, y| board.get(x as i64, y as i64) == c)
    }

    /// The graph of the full `width` x `height` rectangle.
    pub fn rectangle(width: usize, height: usize, leaper: Leaper) -> LeaperGraph {
        LeaperGraph::from_fn(width, height, leaper, |_, _| true)
    }

    /// Number of vertices (cells).
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Width of the rectangle the cells lie in.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height of the rectangle the cells lie in.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The leaper whose moves are the edges.
    pub fn leaper(&self) -> Leaper {
        self.leaper
    }

    /// The cell of vertex `v`.
    pub fn cell(&self, v: usize) -> Pos {
        self.cells[v]
    }

    /// All cells, by vertex number.
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }

    /// The vertex at cell `p`, if `p` is a cell of the graph.
    pub fn vertex(&self, p: Pos) -> Option<usize> {
        let (x, y) = (p.x as usize, p.y as usize);
        if x >= self.width || y >= self.height {
            return None;
        }
        let v = self.vertex_of[y * self.width + x];
        (v != NO_VERTEX).then_some(v as usize)
    }

    /// The neighbours of vertex `v`.
    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The degree (number of moves) of vertex `v`.
    pub fn degree(&self, v: usize) -> usize {
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// Number of edges (each counted once).
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// Every edge once, as `(u, v)` with `u < v`.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(self.edge_count());
        for u in 0..self.len() {
            for &v in self.neighbours(u) {
                if u < v as usize {
                    out.push((u, v as usize));
                }
            }
        }
        out
    }

    /// Whether `u` and `v` are joined by an edge.
    pub fn adjacent(&self, u: usize, v: usize) -> bool {
        self.neighbours(u).contains(&(v as u32))
    }

    /// Whether the graph is connected (the empty graph counts as connected).
    pub fn is_connected(&self) -> bool {
        if self.is_empty() {
            return true;
        }
        let mut seen = vec![false; self.len()];
        let mut stack = vec![0usize];
        seen[0] = true;
        let mut n = 1;
        while let Some(u) = stack.pop() {
            for &v in self.neighbours(u) {
                if !seen[v as usize] {
                    seen[v as usize] = true;
                    n += 1;
                    stack.push(v as usize);
                }
            }
        }
        n == self.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::board::Cell;

    #[test]
    fn square_knight_graph_edge_count() {
        for n in 1..=40usize {
            let g = LeaperGraph::rectangle(n, n, Leaper::KNIGHT);
            let expected = (4 * n * n + 8).saturating_sub(12 * n);
            assert_eq!(g.edge_count(), expected, "n = {n}");
            assert_eq!(g.edges().len(), expected);
        }
    }

    #[test]
    fn regions_do_not_mix() {
        let b = Board::from_rows(&["AAB", "BBA", "AAB"]).unwrap();
        let g = LeaperGraph::of_region(&b, Region::A, Leaper::KNIGHT);
        assert_eq!(g.len(), 5);
        for (u, v) in g.edges() {
            assert_eq!(b.at(g.cell(u)), Cell::A);
            assert_eq!(b.at(g.cell(v)), Cell::A);
        }
        assert!(g.vertex(Pos::new(2, 0)).is_none());
    }
}
